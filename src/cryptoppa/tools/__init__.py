"""External tools behind one registry and one runner; nothing else in cryptoppa calls subprocess."""

from .registry import TOOLS, Tool, command, find, require, verilator_root, version
from .runner import output, run, run_program, run_status

__all__ = ["TOOLS", "Tool", "command", "find", "output", "require", "run", "run_program", "run_status", "verilator_root", "version"]
