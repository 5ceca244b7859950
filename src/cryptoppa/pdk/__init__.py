"""PDK layer: descriptors in pdk/*.toml, installation into the data directory, liberty lookup."""

from .descriptor import PdkDescriptor, available, get
from .install import install, liberty

__all__ = ["PdkDescriptor", "available", "get", "install", "liberty"]
