"""Designs: descriptors (design.toml), their RTL sources, the engine interface and N-engine arrays."""

from .descriptor import Design, Param, Verify, available, get, load, parse_param, search_path
from .sources import Sources, parse_define, read_file_list

__all__ = ["Design", "Param", "Sources", "Verify", "available", "get", "load", "parse_define", "parse_param",
           "read_file_list", "search_path"]
