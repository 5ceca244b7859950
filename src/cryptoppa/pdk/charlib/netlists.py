"""FlexLib's transistor netlists, exported by PDKMaster in its helper virtualenv: a cached run step.

The cells' circuits come from the c4m-flexcell layouts (no parasitics, no junction areas); the SPICE models of
the three corners come with the same c4m-pdk-freepdk45 wheel. The step's key is the environment's requirements and
the export script, so a new pin exports again."""

from __future__ import annotations

import json
from pathlib import Path

from ... import settings
from ...catalog import NETLIST_COUNT, runtime
from ...metrics import Metric
from ...runs import StepPlan, run_step
from ...tools import FLEXLIB_LAYOUT, ensure_helper_env, run_program
from .spice import canonical

MODELS = {"nom": "freepdk45_nom.spi", "fast": "freepdk45_ff.spi", "slow": "freepdk45_ss.spi"}

_EXPORT = """
import json, os
from c4m.pdk.freepdk45 import flexlib
from c4m.pdk.freepdk45 import pyspice
out = {"models_dir": os.path.dirname(pyspice.__file__), "cells": {}}
for cell in flexlib.cells:
    try:
        out["cells"][cell.name] = str(pyspice.pyspicefab.new_pyspicesubcircuit(circuit=cell.circuit))
    except Exception as err:  # cells without a circuit (fill)
        out["cells"][cell.name] = None
open("exported.json", "w").write(json.dumps(out, sort_keys=True))
"""


def _execute(plan: StepPlan, work: Path) -> dict[str, Metric]:
    seconds = run_program(plan.config, ["export.py"], cwd=work, log=work / "logs" / "export.log", timeout=900,
                          what="PDKMaster netlist export")
    data = json.loads((work / "exported.json").read_text())
    (work / "exported.json").unlink()
    data["cells"] = {name: canonical(text) if text else None for name, text in data["cells"].items()}
    (work / "netlists.json").write_text(json.dumps(data, sort_keys=True, indent=1) + "\n")
    return {NETLIST_COUNT: Metric(sum(1 for t in data["cells"].values() if t), "cells", "netlists.json", "PDKMaster"),
            runtime("charlib_export"): Metric(round(seconds, 3), "s", "logs/export.log", "cryptoppa")}


def export(cache: Path | None = None) -> tuple[dict[str, str | None], Path]:
    """{cell: SPICE subcircuit text (None: no circuit)} of every FlexLib cell, and the folder of the corner models."""
    python = ensure_helper_env(FLEXLIB_LAYOUT)
    plan = StepPlan("charlib-netlists", identity={"step": "flexlib-netlists"}, inputs={},
                    scripts={"export.py": _EXPORT}, tools={"flexlib-layout": " ".join(FLEXLIB_LAYOUT.requirements)},
                    assumptions={"netlists": "schematic: no wiring parasitics, no junction areas"},
                    outputs=("netlists.json",), config=python)
    result = run_step(plan, _execute, cache or settings.current().cache)
    data = json.loads((result.run_dir / "netlists.json").read_text())
    return data["cells"], Path(data["models_dir"])
