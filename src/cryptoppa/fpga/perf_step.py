"""Engine throughput at the routed fmax: cycles per line from the same Icarus simulation ASIC points use,
times nextpnr's fmax, so "engines per device" and "devices per bandwidth" rest on measured numbers."""

from __future__ import annotations

from pathlib import Path

from ..feasibility.throughput import hardware_throughput
from ..metrics import Metric
from ..runs import StepPlan
from ..sim.perf import measure_engine
from .plan import FpgaPoint


def perf_metrics(plan: StepPlan, work: Path, fmax_mhz: float | None) -> dict[str, Metric]:
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
    line_bytes = params.get("LINE_BYTES", 64)
    out["perf__line_bytes"] = Metric(line_bytes, "bytes", "run.json", "cryptoppa")
    if fmax_mhz:
        bits = hardware_throughput(fmax_mhz * 1e6, numbers["perf__cycles_per_line"], line_bytes)
        # Whole array at its routed fmax; per engine divides by the array's N (the sweep's n column).
        out["perf__throughput_at_fmax__gbps"] = Metric(bits / 1e9, "Gb/s", "perf/perf.log + reports/pnr.json",
                                                       "cryptoppa")
    return out
