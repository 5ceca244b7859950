"""Build the Coriolis virtualenv: packages at the pinned versions, then the technology generated from PDKMaster.

    python -m cryptoppa.pnr.coriolis_env        # ~2 min on a fresh machine (540 MB); a no-op once built

PDKMaster 0.1 exports FlexLib (cells, routing gauge, placer settings) as two Coriolis Python files; generating
them takes ~30 s, so it happens here once rather than in every place-and-route run.
"""

from __future__ import annotations

import shutil
import sys
import venv
from pathlib import Path

from ..errors import ToolError
from ..tools import pnr_env, run, run_program

_INSTALL_TIMEOUT_S = 1800.0
_GENERATE = """
from c4m.pdk.freepdk45 import tech, flexlib
from pdkmaster.io.export.coriolis import CoriolisGenerator
gen = CoriolisGenerator(tech)
open("techno.py", "w").write(gen())
open("FlexLib.py", "w").write(gen(flexlib))
"""


def ensure(echo=print) -> Path:
    """The environment's interpreter, building the environment first when it is missing or half-built."""
    found = pnr_env.python()
    if found:
        return found
    root = pnr_env.env_dir()
    echo(f"building the Coriolis environment in {root} ({', '.join(pnr_env.CORIOLIS_PINS)})")
    shutil.rmtree(root, ignore_errors=True)
    venv.create(root, with_pip=True)
    python = root / "bin" / "python"
    logs = root / "logs"
    pip = ["--python", str(python), "install", "-q"]
    run("pip", [*pip, *pnr_env.CORIOLIS_PINS], cwd=root, log=logs / "pip.log", timeout=_INSTALL_TIMEOUT_S,
        what="pip install (Coriolis environment)")
    run("pip", [*pip, "--no-deps", pnr_env.CORIOLIS_PDK], cwd=root, log=logs / "pip_pdk.log",
        timeout=_INSTALL_TIMEOUT_S, what="pip install (FreePDK45 FlexLib)")
    tech = pnr_env.tech_dir()
    tech.mkdir(parents=True, exist_ok=True)
    (tech / "generate.py").write_text(_GENERATE)
    run_program(python, ["generate.py"], cwd=tech, log=logs / "generate.log", timeout=600.0,
                what="PDKMaster Coriolis export")
    for name in ("techno.py", "FlexLib.py"):
        if not (tech / name).is_file():
            raise ToolError(f"PDKMaster wrote no {name}", str(logs / "generate.log"))
    (root / pnr_env.READY).write_text("ok\n")
    return python


def main() -> int:
    print(ensure())
    return 0


if __name__ == "__main__":
    sys.exit(main())
