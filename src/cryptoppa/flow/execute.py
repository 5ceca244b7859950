"""Execute a synthesis plan: Yosys, the engine's throughput simulation, simulated activity, then OpenSTA.

    result = characterize(point, cache)          # a sealed run folder (runs.run_step), cached by the plan's key
    result.run_dir, result.metrics

The run folder holds rtl/ and inc/ (copies of the inputs), the rendered scripts, netlist.v, logs/, reports/,
run.json and metrics.json.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from .. import metrics, pdk
from ..catalog import AREA, AREA_KGE, AREA_SEQ, CELLS, GE_AREA, runtime
from ..metrics import Metric
from ..runs import StepPlan, StepResult, run_step
from ..sim.perf_step import perf_metrics, throughput
from ..tools import require, run
from ..tools.sta import run_sta, sta_metrics
from .activity_step import activity_step, energy_metrics
from .plan import FlowPoint, SynthJob, make_plan

STEP_TIMEOUT_S = {"synth_elab": 1800.0, "synth_map": 3600.0, "sta": 1800.0}


def synth_metrics(run_dir: Path, tool: str, ge_area_um2: float) -> dict[str, Metric]:
    path = "reports/synth_stat.json"
    stat = json.loads((run_dir / path).read_text())["design"]
    area = float(stat["area"])
    return {
        CELLS: Metric(int(stat["num_cells"]), "cells", path, tool),
        AREA: Metric(area, "um^2", path, tool),
        AREA_SEQ: Metric(float(stat.get("sequential_area", 0.0)), "um^2", path, tool),
        AREA_KGE: Metric(kge(area, ge_area_um2), "kGE", path, tool),
        GE_AREA: Metric(ge_area_um2, "um^2", "run.json", "cryptoppa"),
    }


def kge(area_um2: float, ge_area_um2: float) -> float:
    """Area in thousands of gate equivalents (one GE: the library's NAND2 of the smallest drive)."""
    return area_um2 / ge_area_um2 / 1000.0


def execute_point(plan: StepPlan[SynthJob], work: Path, timeouts: dict[str, float] | None = None) -> dict[str, Metric]:
    point: FlowPoint = plan.config.point
    timeouts = {**STEP_TIMEOUT_S, **(timeouts or {})}
    require("sta")  # a missing OpenSTA fails the run before minutes of synthesis, not after
    ytool, stool = f"yosys {plan.tools['pyosys']}", plan.tools["sta"] or "sta"
    logs = work / "logs"
    wall = {
        "synth_elab": run("pyosys", ["yosys_elab.ys"], cwd=work, log=logs / "yosys_elab.log",
                          timeout=timeouts["synth_elab"], what="yosys (elaborate)"),
        "synth_map": run("pyosys", ["yosys_map.ys"], cwd=work, log=logs / "yosys_map.log",
                         timeout=timeouts["synth_map"], what="yosys (map)"),
    }
    # perf and the activity simulation come before STA: a load workload needs the saturation line rate, and
    # STA sources the activity the simulation wrote.
    result: dict[str, Metric] = {}
    if point.perf:
        start = time.monotonic()
        result.update(perf_metrics(plan, work, point))
        result.update(throughput(point.clock_mhz, result))
        wall["perf"] = time.monotonic() - start
    capture = None
    if point.activity != "vectorless":
        start = time.monotonic()
        capture, found = activity_step(plan, work, result)
        result.update(found)
        wall["activity"] = time.monotonic() - start
    wall["sta"] = run_sta(work, logs / "sta.log", timeouts["sta"])
    result.update(synth_metrics(work, ytool, plan.config.ge_area_um2))
    result.update(sta_metrics(work, stool, point.period_ns))
    if capture is not None:
        result.update(energy_metrics(plan, capture, result))
    for step, seconds in wall.items():
        result[runtime(step)] = Metric(round(seconds, 3), "s", f"logs/{step}", "cryptoppa")
    return result


def characterize(point: FlowPoint, cache: Path, force: bool = False) -> StepResult:
    """The point's run folder under cache: found complete, or synthesized, simulated and timed now."""
    return run_step(make_plan(point, pdk.get(point.pdk)), execute_point, cache, force)


def read(run_dir: Path) -> dict[str, Metric]:
    return metrics.read(run_dir)
