"""Execute a point's plans: Yosys, the engine's throughput simulation and OpenSTA (the vectorless run), then, for
a simulated-activity point, the workload on that run's netlist and OpenSTA again with its activity.

    result = characterize(point, cache)          # a sealed run folder (runs.run_step), cached by the plan's key
    result.run_dir, result.metrics

A vectorless run folder holds rtl/ and inc/ (copies of the inputs), the rendered scripts, netlist.v, logs/,
reports/, run.json and metrics.json; a simulated-activity run folder holds the vectorless run's netlist and
synthesis statistics, activity/, its own STA and the metrics of both.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

from .. import metrics, pdk
from ..catalog import AREA, AREA_KGE, AREA_SEQ, CELLS, GE_AREA, runtime
from ..metrics import Metric
from ..runs import StepPlan, StepResult, run_step
from ..sim.perf_step import perf_metrics, throughput
from ..tools import require, run
from ..tools.sta import run_sta, sta_metrics
from .activity_step import activity_step, energy_metrics
from .plan import ActivityJob, FlowPoint, SynthJob, make_activity_plan, make_plan

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
    # The saturation line rate is measured here, once for every activity mode of the point: a load workload of
    # the activity step runs at a share of it.
    result: dict[str, Metric] = {}
    if point.perf:
        start = time.monotonic()
        result.update(perf_metrics(plan, work, point))
        result.update(throughput(point.clock_mhz, result))
        wall["perf"] = time.monotonic() - start
    wall["sta"] = run_sta(work, logs / "sta.log", timeouts["sta"])
    result.update(synth_metrics(work, ytool, plan.config.ge_area_um2))
    result.update(sta_metrics(work, stool, point.period_ns))
    return {**result, **_runtimes(wall)}


def execute_activity(plan: StepPlan[ActivityJob], work: Path) -> dict[str, Metric]:
    """The workload on the vectorless run's netlist (staged into work), then OpenSTA with its activity: the
    vectorless run's metrics with power, energy and the activity's own figures from this run."""
    point, job = plan.config.point, plan.config
    result = {name: m if (work / m.source).is_file() else metrics.carried(m, job.synthesized.name)
              for name, m in metrics.read(job.synthesized).items()}
    start = time.monotonic()
    capture, found = activity_step(plan, work, result)
    result.update(found)
    wall = {"activity": time.monotonic() - start,
            "sta": run_sta(work, work / "logs" / "sta.log", STEP_TIMEOUT_S["sta"])}
    result.update(sta_metrics(work, plan.tools["sta"] or "sta", point.period_ns))
    result.update(energy_metrics(plan, capture, result))
    return {**result, **_runtimes(wall)}


def _runtimes(wall: dict[str, float]) -> dict[str, Metric]:
    return {runtime(step): Metric(round(seconds, 3), "s", f"logs/{step}", "cryptoppa") for step, seconds in wall.items()}


def characterize(point: FlowPoint, cache: Path, force: bool | float = False) -> StepResult:
    """The point's run folder under cache: found complete, or synthesized, simulated and timed now. A simulated-
    activity point is two steps: its vectorless run (shared by every activity mode of the point), then the
    workload on that run's netlist."""
    desc = pdk.get(point.pdk)
    if point.activity == "vectorless":
        return run_step(make_plan(point, desc), execute_point, cache, force)
    synthesized = run_step(make_plan(replace(point, activity="vectorless"), desc), execute_point, cache, force)
    step = run_step(make_activity_plan(point, desc, synthesized.run_dir), execute_activity, cache, force)
    return StepResult(step.run_dir, step.metrics, step.built or synthesized.built)


def read(run_dir: Path) -> dict[str, Metric]:
    return metrics.read(run_dir)
