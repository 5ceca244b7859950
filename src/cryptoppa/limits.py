"""The bounds of numeric input (command-line options and sweep keys), each stated once with its reason.

A value outside its bound is refused where it enters, in one line that names the option or key, the bound and
the reason (exit 2): every numeric option of the command line takes its bound from here or from a stage's setting,
which declares its own (cryptoppa.stages.setting); together they are the one catalog, cryptoppa.stages.limit_rows,
which a test checks every option against and the docs' table of bounds (docs/reference/limits.md) is generated from.
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
    step: int = 0  # integers only: a value is a multiple of it (whole 16-byte AES blocks)

    def accepts(self, value) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return False
        if self.integer and not (isinstance(value, int) or float(value).is_integer()):
            return False
        if self.step and value % self.step:
            return False
        return (self.low < value if self.low_open else self.low <= value) and value <= self.high

    def range_text(self) -> str:
        steps = f" in steps of {self.step}" if self.step else ""
        return f"{'above' if self.low_open else 'from'} {_number(self.low)} to {_number(self.high)}{steps}"

    def describe(self) -> str:
        return f"{self.expected} {self.range_text()} ({self.why})"

    def check(self, value, where: str, shown: str | None = None):
        """value, or an InputError: `<where> <value>: expected <what> from <low> to <high> (<why>)`."""
        if not self.accepts(value):
            raise InputError(f"{where} {shown if shown is not None else value}: expected {self.describe()}")
        return value


def _number(value: float) -> str:
    if float(value).is_integer() and value >= 2**32 and not int(value) & (int(value) - 1):
        return f"2^{int(value).bit_length() - 1}"  # 2^52, not 4.5036e+15
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
ARRAY_N = Bound(
    "engines in an array", 1, 1024,
    "composed characterization synthesizes the engine once and goes to 1,024; flat synthesis costs N engine "
    "syntheses and stops at 64 (`--flat`, FPGA targets)", integer=True)
BANDWIDTH_PBS = Bound(
    "a memory bandwidth in PB/s (decimal)", 0, 1,
    "1 PB/s is about 800 HBM3E stacks: more is no memory system, and engine counts past it mean nothing",
    low_open=True)
EFFICIENCY = Bound("sustained / peak bandwidth", 0, 1, "a fraction of the peak", low_open=True)
COUNT = Bound("channels, stacks or devices", 1, 1_000_000, "more than any memory system has", integer=True)
HIT_RATE = Bound("a metadata-cache hit rate", 0, 1, "a fraction of the metadata reads")
PROTECTED_BYTES = Bound(
    "bytes a counter tree protects", 4096, 2**52,
    "from one 4 KiB page (SGX's unit of protected memory) to 4 PiB, all that the 52-bit physical addresses of "
    "x86-64 and Arm reach", integer=True)
SWEEP_POINTS = Bound(
    "points per sweep", 1, 1000,
    "a point takes from seconds (a counter) to hours (a routed FPGA array): a larger grid runs only when "
    "confirmed (`--yes`, or `max_points` in [sweep]), after its estimate from cached step times", integer=True)
# The 2008 study's storage formulas (cryptoppa.feasibility.storage) hold for any positive counts; these bound them
# by the machines they describe.
SMP_PROCESSORS = Bound(
    "processors sharing one memory", 1, 4096,
    "GCM's unit keeps two counters per other processor: at 4,096 that is 8,190 counters (about 100 KB) per unit, "
    "where the study's SMP has 8 processors", integer=True)
PROCESSES = Bound("processes", 1, 2**22, "Linux's largest pid_max: no system runs more processes at once",
                  integer=True)
LINE_BYTES = Bound("a cache line in bytes", 16, 4096, "whole 16-byte AES blocks, up to a 4 KiB page",
                   integer=True, step=16)
PADS_PER_PAIR = Bound(
    "pre-computed pads per processor pair and direction", 1, 1024,
    "each pad is a buffered line: at 1,024 the buffer alone is 0.9 MB per processor (8 processors, 64-byte "
    "lines), where the study buffers 5", integer=True)
# `cryptoppa slowdown`'s grid.
TRACED_PROCESSORS = Bound(
    "processors (threads) of a traced kernel", 1, 64,
    "the simulated systems (cryptoppa.memsys.system) model 1 to 64 processors", integer=True)
TRACED_LINE_BYTES = Bound("a cache line in bytes", 64, 128,
                          "the simulated systems' caches and DRAM have 64- or 128-byte lines", integer=True, step=64)
ENGINE_POOL = Bound("engines in a memory-link pool", 1, 1024, "as many as an array is characterized with (`run --n`)",
                    integer=True)
AES_UNIT_GBPS = Bound(
    "an AES unit's throughput in GB/s", 0.01, 1000,
    "the 2008 study's units are 0.8 to 3.2 GB/s; from 0.01 GB/s (a 64-byte line takes 25,600 of its 1 GHz cycles) "
    "to 1,000 GB/s (a quarter of one cycle) spans every unit worth timing")
# The baselines: software AES on this machine's CPU (OpenSSL) and on the RV32 cores (firmware).
AES_KEY_BITS = Bound("an AES key size in bits", 128, 256, "AES has 128-, 192- and 256-bit keys", integer=True,
                     step=64)
SPEED_SECONDS = Bound(
    "seconds per `openssl speed` run", 1, 60,
    "whole seconds, as `openssl speed -seconds` takes them; at a minute a run, the default table's 54 runs take "
    "nearly an hour", integer=True)
SPEED_REPEATS = Bound(
    "runs of each `openssl speed` measurement", 1, 20,
    "three give a median and its spread on a shared machine; at twenty the default table takes about 20 minutes",
    integer=True)
LONG_GCM_BYTES = Bound(
    "a long GCM message in bytes (0: none)", 0, 65536,
    "whole 16-byte AES blocks; the firmware's buffers share the cores' 256 KiB RAM with code and stack "
    "(designs/sw/link.ld)", integer=True, step=16)
CBC_PAGE_BYTES = Bound(
    "an AES-CBC page in bytes", 16, 65536,
    "whole 16-byte AES blocks; the firmware's buffers share the cores' 256 KiB RAM with code and stack "
    "(designs/sw/link.ld)", integer=True, step=16)

# name in the docs' limits table (every command-line option that takes it, as `command --option`) -> bound
BOUNDS = {
    "`run --clock-mhz`, `core-baseline --clock-mhz`, `feasibility --clock`, `report --clock`, "
    "`slowdown --engine-clock`, sweep `clocks_mhz`": CLOCK_MHZ,
    "`host-baseline --cpu-mhz`": CPU_MHZ,
    "`run --activity`, sweep `activity`": ACTIVITY,
    "`run --param NAME=VALUE`, sweep `[params.<design>]`": PARAM_VALUE,
    "`sweep --jobs`, `slowdown --jobs`, sweep `jobs`": JOBS,
    "`run --n`, sweep `n`": ARRAY_N,
    "`feasibility --bandwidth`, `report --bandwidth` (× `--count` × `--efficiency`)": BANDWIDTH_PBS,
    "`feasibility --efficiency`": EFFICIENCY,
    "`feasibility --count`": COUNT,
    "`feasibility --hit-rate`": HIT_RATE,
    "`feasibility --protected`": PROTECTED_BYTES,
    "points of a sweep (without `--yes` or `max_points`)": SWEEP_POINTS,
    "`storage --processors`": SMP_PROCESSORS,
    "`storage --processes`": PROCESSES,
    "`storage --line-bytes`": LINE_BYTES,
    "`storage --pads-per-pair`": PADS_PER_PAIR,
    "`slowdown --processors`": TRACED_PROCESSORS,
    "`slowdown --line-bytes`": TRACED_LINE_BYTES,
    "`slowdown --engines`": ENGINE_POOL,
    "`slowdown --gbps`": AES_UNIT_GBPS,
    "`host-baseline --key-bits`, `core-baseline --key-bits`": AES_KEY_BITS,
    "`host-baseline --seconds`": SPEED_SECONDS,
    "`host-baseline --repeats`": SPEED_REPEATS,
    "`core-baseline --long-bytes`": LONG_GCM_BYTES,
    "`core-baseline --cbc-bytes`": CBC_PAGE_BYTES,
}


def markdown_table(rows: dict[str, Bound]) -> str:
    """The catalog's rows (BOUNDS and the stages' settings: cryptoppa.stages.limit_rows) as a Markdown table."""
    lines = ["| input | accepted | why |", "|---|---|---|"]
    lines += [f"| {name} | {b.expected} {b.range_text()} | {b.why} |" for name, b in rows.items()]
    return "\n".join(lines)
