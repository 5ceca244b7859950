"""PDK layer: descriptors in pdk/*.toml, installation into the data directory, liberty lookup."""

from .descriptor import DEFAULT_PDK, PdkDescriptor, available, get
from .install import install, liberty

__all__ = ["DEFAULT_PDK", "PdkDescriptor", "available", "get", "install", "liberty"]
