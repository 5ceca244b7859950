"""Execute a point's plans: Yosys and the engine's throughput simulation (the synthesis run, once per RTL
configuration), then OpenSTA at the point's corner and clock on that netlist (the vectorless run), then, for a
simulated-activity point, the workload on that run's netlist and OpenSTA again with its activity.

    result = characterize(point, cache)          # a sealed run folder (runs.run_step), cached by the plan's key
    result.run_dir, result.metrics

A synthesis run folder holds rtl/ and inc/ (copies of the inputs), the Yosys scripts, netlist.v, logs/, reports/,
perf/, run.json and metrics.json. A timing run folder holds the netlist and synthesis statistics of the run it
starts from (named in its run.json as `synthesized`), its own STA (and activity/) and the metrics of both: those
read from the other run's files name them there (`../<run>/...`).
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

from .. import metrics, pdk
from ..catalog import AREA, AREA_KGE, AREA_SEQ, CELLS, GE_AREA, MAPPING_CLOCK, MAPPING_CORNER, runtime
from ..metrics import Metric
from ..runs import StepPlan, StepResult, run_step
from ..sim.perf_step import perf_metrics, throughput
from ..tools import require, run
from ..tools.sta import run_sta, sta_metrics
from .activity_step import activity_step, energy_metrics
from .plan import FlowPoint, StaJob, SynthJob, make_sta_plan, make_synth_plan

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


def execute_synth(plan: StepPlan[SynthJob], work: Path, timeouts: dict[str, float] | None = None
                  ) -> dict[str, Metric]:
    point: FlowPoint = plan.config.point
    timeouts = {**STEP_TIMEOUT_S, **(timeouts or {})}
    require("sta")  # a missing OpenSTA fails the point before minutes of synthesis, not after
    ytool = f"yosys {plan.tools['pyosys']}"
    logs = work / "logs"
    wall = {
        "synth_elab": run("pyosys", ["yosys_elab.ys"], cwd=work, log=logs / "yosys_elab.log",
                          timeout=timeouts["synth_elab"], what="yosys (elaborate)"),
        "synth_map": run("pyosys", ["yosys_map.ys"], cwd=work, log=logs / "yosys_map.log",
                         timeout=timeouts["synth_map"], what="yosys (map)"),
    }
    result = synth_metrics(work, ytool, plan.config.ge_area_um2)
    result[MAPPING_CORNER] = Metric(plan.config.corner, "", "run.json", "cryptoppa")
    result[MAPPING_CLOCK] = Metric(point.map_clock_mhz, "MHz", "yosys_map.ys", "cryptoppa")
    # The saturation line rate is measured here, once for every corner, clock and activity mode of the RTL
    # configuration (it is a count of cycles): a load workload of the activity step runs at a share of it.
    if point.perf:
        start = time.monotonic()
        result.update(perf_metrics(plan, work, point))
        wall["perf"] = time.monotonic() - start
    return {**result, **_runtimes(wall)}


def execute_sta(plan: StepPlan[StaJob], work: Path, timeouts: dict[str, float] | None = None) -> dict[str, Metric]:
    """OpenSTA on the earlier run's netlist (staged into work), after the workload's simulation for a simulated-
    activity point: that run's metrics, with timing, power (and energy, activity) from this one."""
    point, job = plan.config.point, plan.config
    timeouts = {**STEP_TIMEOUT_S, **(timeouts or {})}
    result = {name: m if (work / m.source).is_file() else metrics.carried(m, job.synthesized.name)
              for name, m in metrics.read(job.synthesized).items()}
    wall = {}
    if point.activity != "vectorless":
        start = time.monotonic()
        capture, found = activity_step(plan, work, result)
        result.update(found)
        wall["activity"] = time.monotonic() - start
    wall["sta"] = run_sta(work, work / "logs" / "sta.log", timeouts["sta"])
    result.update(sta_metrics(work, plan.tools["sta"] or "sta", point.period_ns))
    if point.perf:
        result.update(throughput(point.clock_mhz, result))
    if point.activity != "vectorless":
        result.update(energy_metrics(plan, capture, result))
    return {**result, **_runtimes(wall)}


def _runtimes(wall: dict[str, float]) -> dict[str, Metric]:
    return {runtime(step): Metric(round(seconds, 3), "s", f"logs/{step}", "cryptoppa") for step, seconds in wall.items()}


def characterize(point: FlowPoint, cache: Path, force: bool | float = False) -> StepResult:
    """The point's run folder under cache: found complete, or made now. Two steps, or three with simulated
    activity: the synthesis run of its RTL configuration (shared by every corner, clock and activity mode), the
    vectorless timing run of that netlist at the point's corner and clock, then the workload on that run's netlist."""
    desc = pdk.get(point.pdk)
    synthesized = run_step(make_synth_plan(point, desc), execute_synth, cache, force)
    timed = run_step(make_sta_plan(replace(point, activity="vectorless"), desc, synthesized.run_dir), execute_sta,
                     cache, force)
    built = synthesized.built or timed.built
    if point.activity != "vectorless":
        timed = run_step(make_sta_plan(point, desc, timed.run_dir), execute_sta, cache, force)
        built |= timed.built
    return StepResult(timed.run_dir, timed.metrics, built)


def read(run_dir: Path) -> dict[str, Metric]:
    return metrics.read(run_dir)
