"""The engine simulation step of a synthesis point, ASIC or FPGA: cycles per line (and read latency) from Icarus
on the run's staged RTL, and throughput at a clock. One implementation, so ASIC and FPGA rows compare."""

from __future__ import annotations

from pathlib import Path

from ..catalog import CYCLES, LINE_BYTES, THROUGHPUT
from ..designs.point import RtlPoint
from ..feasibility.throughput import hardware_throughput
from ..metrics import Metric
from ..runs import StepPlan
from .perf import measure_engine

LOG = "perf/perf.log"


def perf_metrics(plan: StepPlan, work: Path, point: RtlPoint, latency: bool = True) -> dict[str, Metric]:
    """Saturation cycles per line and latency (and, with latency, the unloaded read latency) of the staged engine,
    with its throughput at the point's clock."""
    params = dict(point.params)
    staged = [work / name for name in plan.inputs if name.startswith("rtl/")]
    numbers = measure_engine(point.top, staged, params, work / "perf", n_lines=point.perf_lines,
                             round_lines=point.perf_round, latency=latency,
                             include_dirs=[work / "inc"] if (work / "inc").is_dir() else [],
                             defines=point.defines, groups=point.groups)
    tool = f"iverilog {plan.tools.get('iverilog')}"
    out = {name: Metric(value, "lines" if name.endswith("lines") else "cycles", LOG, tool)
           for name, value in numbers.items()}
    out[LINE_BYTES] = Metric(params.get("LINE_BYTES", 64), "bytes", "run.json", "cryptoppa")
    return out


def throughput(clock_mhz: float, perf: dict[str, Metric], name: str = THROUGHPUT) -> dict[str, Metric]:
    """Throughput (Gb/s) at a clock from the simulated cycles per line: the target clock (THROUGHPUT) or a routed
    fmax (THROUGHPUT_FMAX)."""
    bits = hardware_throughput(clock_mhz * 1e6, perf[CYCLES].value, perf[LINE_BYTES].value)
    source = LOG if name == THROUGHPUT else f"routed fmax + {LOG} of the synthesis run"
    return {name: Metric(bits / 1e9, "Gb/s", source, "cryptoppa")}

