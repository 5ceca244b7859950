"""Engine throughput at the routed fmax: cycles per line from the same Icarus simulation ASIC points use,
times nextpnr's fmax, so "engines per device" and "devices per bandwidth" rest on measured numbers."""

from __future__ import annotations

from pathlib import Path

from ..catalog import CYCLES, LINE_BYTES, THROUGHPUT_FMAX
from ..feasibility.throughput import hardware_throughput
from ..metrics import Metric
from ..runs import StepPlan
from ..sim.perf import measure_engine
from .plan import FpgaPoint


def cycles_per_line(plan: StepPlan, work: Path) -> dict[str, Metric]:
    """Saturation cycles per line of the engine (or array) in Icarus, as ASIC points measure it."""
    point: FpgaPoint = plan.config
    params = dict(point.params)
    staged = [work / name for name in plan.inputs if name.startswith("rtl/")]
    numbers = measure_engine(point.top, staged, params, work / "perf", n_lines=point.perf_lines,
                             round_lines=point.perf_round, latency=False,
                             include_dirs=[work / "inc"] if (work / "inc").is_dir() else [],
                             defines=point.defines, groups=point.groups)
    tool = f"iverilog {plan.tools.get('iverilog')}"
    out = {name: Metric(value, "lines" if name.endswith("lines") else "cycles", "perf/perf.log", tool)
           for name, value in numbers.items()}
    out[LINE_BYTES] = Metric(params.get("LINE_BYTES", 64), "bytes", "run.json", "cryptoppa")
    return out


def throughput_at(fmax_mhz: float, synth: dict[str, Metric]) -> dict[str, Metric]:
    """The whole array's throughput at its routed fmax (per engine: divide by the sweep's n)."""
    bits = hardware_throughput(fmax_mhz * 1e6, synth[CYCLES].value, synth[LINE_BYTES].value)
    return {THROUGHPUT_FMAX: Metric(bits / 1e9, "Gb/s", "reports/pnr.json + synthesis run's perf",
                                                     "cryptoppa")}
