"""The flow's activity step (after synthesis, before STA) and the metrics it adds to a run."""

from __future__ import annotations

from pathlib import Path

from ..activity.annotate import COVERAGE_WARNING
from ..activity.capture import Capture, capture
from ..catalog import (
    ACTIVITY_COVERAGE, ACTIVITY_CPL, ACTIVITY_MODE, ACTIVITY_WINDOW, CYCLES, ENERGY_BYTE, ENERGY_LINE, POWER
)
from ..metrics import Metric
from ..runs import StepPlan


def activity_step(plan: StepPlan, work: Path, found: dict[str, Metric]) -> tuple[Capture, dict[str, Metric]]:
    """Simulate the point's workload on work/netlist.v; STA then sources work/activity/activity.tcl."""
    point = plan.config.point
    tool = f"iverilog {plan.tools.get('iverilog')}"
    cpl = found.get(CYCLES)
    cap = capture(work, point.activity[4:], liberty=plan.config.liberty, top=point.top, period_ns=point.period_ns,
                  clock=point.clock_port, reset=point.reset_port, cycles_per_line=cpl.value if cpl else None,
                  engines=point.perf_round, out_dir=work / "activity")
    ann = cap.annotation
    summary = (f"workload {cap.workload}: {cap.activity.cycles} cycles, {ann.nets} nets annotated, "
               f"{ann.annotated_pins} of {ann.pins} pins on simulated nets (coverage {cap.coverage:.4f})")
    if cap.coverage < COVERAGE_WARNING:
        summary += f"\nWARNING: activity coverage {cap.coverage:.4f} is below {COVERAGE_WARNING}: the remaining " \
                   "nets keep the vectorless model"
    (work / "logs" / "activity.log").write_text(summary + "\n")
    src = "activity/activity.tcl"
    out = {
        ACTIVITY_MODE: Metric(point.activity, "", src, tool),
        ACTIVITY_COVERAGE: Metric(round(cap.coverage, 6), "ratio", src, tool),
        ACTIVITY_WINDOW: Metric(cap.activity.cycles, "cycles", src, tool),
    }
    return cap, out


def energy_metrics(plan: StepPlan, cap: Capture, result: dict[str, Metric]) -> dict[str, Metric]:
    """Energy per line and per byte over the window, for workloads that complete lines in it."""
    if not cap.window_lines:
        return {}
    params = dict(plan.config.point.params)
    line_bytes = params.get("LINE_BYTES", 64)
    cycles_per_line = cap.activity.cycles / cap.window_lines
    power = result[POWER]
    # pJ = W * cycles / MHz * 1e6
    per_line = power.value * cycles_per_line / plan.config.point.clock_mhz * 1e6
    src = "reports/sta_metrics.txt + activity/activity.tcl"
    return {
        ACTIVITY_CPL: Metric(cycles_per_line, "cycles", "activity/sim.log", power.tool),
        ENERGY_LINE: Metric(per_line, "pJ", src, power.tool),
        ENERGY_BYTE: Metric(per_line / line_bytes, "pJ", src, power.tool),
    }
