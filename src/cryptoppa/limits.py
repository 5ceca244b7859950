"""The bounds of numeric input (command-line options and sweep keys), each stated once with its reason.

A value outside its bound is refused where it enters, in one line that names the option or key, the bound and
the reason (exit 2). The docs' table of bounds (docs/reference/limits.md) is generated from BOUNDS and the stages'
settings, which declare their own bounds (cryptoppa.stages.setting).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import InputError


@dataclass(frozen=True)
class Bound:
    expected: str  # what a good value is, e.g. "a finite positive frequency in MHz"
    low: float
    high: float
    why: str
    integer: bool = False
    low_open: bool = False  # the low end itself is refused (0 < x)

    def accepts(self, value) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return False
        if self.integer and not (isinstance(value, int) or float(value).is_integer()):
            return False
        return (self.low < value if self.low_open else self.low <= value) and value <= self.high

    def range_text(self) -> str:
        return f"{'above' if self.low_open else 'from'} {_number(self.low)} to {_number(self.high)}"

    def describe(self) -> str:
        return f"{self.expected} {self.range_text()} ({self.why})"

    def check(self, value, where: str, shown: str | None = None):
        """value, or an InputError: `<where> <value>: expected <what> from <low> to <high> (<why>)`."""
        if not self.accepts(value):
            raise InputError(f"{where} {shown if shown is not None else value}: expected {self.describe()}")
        return value


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() and abs(value) < 1e10 else f"{value:g}"


CLOCK_MHZ = Bound(
    "a finite positive frequency in MHz", 1, 100_000,
    "1 MHz to 100 GHz: below, OpenSTA 2.0.17's single-precision slack loses the digits fmax comes from; above, "
    "ABC's whole-picosecond delay target nears 0 (it aborts at 10 THz)")
CPU_MHZ = Bound("a CPU clock in MHz", 1, 10_000, "cycles per byte are counted at it: no CPU core runs above 10 GHz")
ACTIVITY = Bound("input toggles per clock cycle", 0, 2, "a signal toggles at most twice per cycle, as the clock does")
PARAM_VALUE = Bound("a Verilog parameter value", 0, 2**31 - 1,
                    "parameters size hardware: a non-negative 32-bit Verilog integer", integer=True)
JOBS = Bound("local worker processes", 1, 256, "each runs one point's tools; more than the cores only queue",
             integer=True)
BANDWIDTH_PBS = Bound(
    "a memory bandwidth in PB/s (decimal)", 0, 1,
    "1 PB/s is about 800 HBM3E stacks: more is no memory system, and engine counts past it mean nothing",
    low_open=True)
EFFICIENCY = Bound("sustained / peak bandwidth", 0, 1, "a fraction of the peak", low_open=True)
COUNT = Bound("channels, stacks or devices", 1, 1_000_000, "more than any memory system has", integer=True)
SWEEP_POINTS = Bound(
    "points per sweep", 1, 1000,
    "a point takes from seconds (a counter) to hours (a routed FPGA array): a larger grid runs only when "
    "confirmed (`--yes`, or `max_points` in [sweep]), after its estimate from cached step times", integer=True)

# name in the docs' limits table -> bound
BOUNDS = {
    "`run --clock-mhz`, sweep `clocks_mhz`, `core-baseline --clock-mhz`": CLOCK_MHZ,
    "`host-baseline --cpu-mhz`": CPU_MHZ,
    "`run --activity`, sweep `activity`": ACTIVITY,
    "`run --param NAME=VALUE`, sweep `[params.<design>]`": PARAM_VALUE,
    "`sweep --jobs`, sweep `jobs`": JOBS,
    "`feasibility --bandwidth` (× `--count` × `--efficiency`)": BANDWIDTH_PBS,
    "`feasibility --efficiency`": EFFICIENCY,
    "`feasibility --count`": COUNT,
    "points of a sweep (without `--yes` or `max_points`)": SWEEP_POINTS,
}


def markdown_table(more: dict[str, Bound] | None = None) -> str:
    """BOUNDS, and `more` (the stages' settings: cryptoppa.stages.limits_table), as a Markdown table."""
    rows = ["| input | accepted | why |", "|---|---|---|"]
    rows += [f"| {name} | {b.expected} {b.range_text()} | {b.why} |" for name, b in {**BOUNDS, **(more or {})}.items()]
    return "\n".join(rows)
