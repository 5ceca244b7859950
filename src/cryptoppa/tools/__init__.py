"""External tools behind one registry and one runner; nothing else in cryptoppa calls subprocess."""

from .helper_build import ensure as ensure_helper_env
from .helper_envs import CORIOLIS, FLEXLIB_LAYOUT, LCTIME, SKY130_CELLS, HelperEnv
from .registry import TOOLS, Tool, command, find, require, verilator_root, version
from .runner import output, run, run_program, run_status

__all__ = ["CORIOLIS", "FLEXLIB_LAYOUT", "LCTIME", "SKY130_CELLS", "TOOLS", "HelperEnv", "Tool", "command", "ensure_helper_env",
           "find", "output", "require", "run", "run_program", "run_status", "verilator_root", "version"]
