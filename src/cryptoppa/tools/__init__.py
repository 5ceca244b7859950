"""External tools behind one runner each; everything else calls these, never subprocess directly."""

from .registry import TOOLS, Tool, find, version
from .runner import run

__all__ = ["TOOLS", "Tool", "find", "run", "version"]
