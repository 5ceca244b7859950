"""Build the Coriolis virtualenv (tools/helper_envs.py CORIOLIS), then the technology generated from PDKMaster.

    python -m cryptoppa.pnr.coriolis_env        # ~2 min on a fresh machine (540 MB); a no-op once built

PDKMaster 0.1 exports FlexLib (cells, routing gauge, placer settings) as two Coriolis Python files; generating
them takes ~30 s, so it happens here once rather than in every place-and-route run.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import ToolError
from ..tools import CORIOLIS, ensure_helper_env, run_program

# The cell libraries whose layouts the generated technology holds (a descriptor's [routing] cells).
CELL_LIBRARIES = ("freepdk45-flexlib",)

_GENERATE = """
from c4m.pdk.freepdk45 import tech, flexlib
from pdkmaster.io.export.coriolis import CoriolisGenerator
gen = CoriolisGenerator(tech)
open("techno.py", "w").write(gen())
open("FlexLib.py", "w").write(gen(flexlib))
"""


def tech_dir() -> Path:
    """The PDKMaster-generated Coriolis technology (techno.py) and FlexLib cell library (FlexLib.py)."""
    return CORIOLIS.path / "tech"


def _generate(python: Path, root: Path) -> None:
    tech = tech_dir()
    tech.mkdir(parents=True, exist_ok=True)
    (tech / "generate.py").write_text(_GENERATE)
    run_program(python, ["generate.py"], cwd=tech, log=root / "logs" / "generate.log", timeout=600.0,
                what="PDKMaster Coriolis export")
    for name in ("techno.py", "FlexLib.py"):
        if not (tech / name).is_file():
            raise ToolError(f"PDKMaster wrote no {name}", str(root / "logs" / "generate.log"))


def ensure(echo=print) -> Path:
    """The environment's interpreter, building the environment first when it is missing or half-built."""
    return ensure_helper_env(CORIOLIS, echo, post=_generate)


def main() -> int:
    print(ensure())
    return 0


if __name__ == "__main__":
    sys.exit(main())
