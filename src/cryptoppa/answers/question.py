"""The question an answer is for: which memory, how its metadata is accessed, and at what clock the engines run.

    Question("ddr5-6400")                          # one DIMM at peak, each engine at its own fmax
    Question("desktop-25.6", clock="study")        # the 2013 study's question: 25.6 GB/s at its 225 MHz
    Question("hbm3", count=4, efficiency=0.8, clock=1000.0)   # four stacks at 80 %, a 1 GHz controller clock

The clock is part of the question, not of the engine: "fmax" runs each engine at its own fmax on the answer's stage
(routed fmax where routed), "study" at the study's 225 MHz, a number at that controller clock. An engine whose fmax
is below the clock it would run at is not answered (cryptoppa.answers.gates).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .. import limits
from ..errors import InputError
from ..feasibility.metadata import SGX_PROTECTED_BYTES, Access, format_size
from ..feasibility.presets import BandwidthPreset, ResolvedBandwidth, get_preset, resolve_bandwidth
from ..feasibility.units import format_bandwidth

STUDY_CLOCK_MHZ = 225.0  # Owen 2013 §5.2: the study's synthesis target, and the clock of its conclusions
STUDY_MEMORY = "desktop-25.6"  # the 2013 study's conclusions are for 25.6 GB/s


@dataclass(frozen=True)
class Question:
    memory: str  # a preset name (`cryptoppa presets`) or a bandwidth such as "25.6GB/s"
    count: int = 1  # channels, DIMMs, stacks or devices
    efficiency: float = 1.0  # sustained / peak
    clock: str | float = "fmax"  # "fmax", "study" or a clock in MHz
    access: Access = field(default_factory=Access)

    def __post_init__(self):
        if isinstance(self.clock, str) and self.clock not in ("fmax", "study"):
            raise InputError(f"clock {self.clock!r}: expected 'fmax', 'study' or a frequency in MHz")
        if not isinstance(self.clock, str) and not limits.CLOCK_MHZ.accepts(self.clock):
            raise InputError(f"clock {self.clock!r}: expected 'fmax', 'study' or {limits.CLOCK_MHZ.describe()}")
        self.resolved  # an unknown preset or a bad bandwidth fails when the question is asked

    @property
    def resolved(self) -> ResolvedBandwidth:
        return resolve_bandwidth(self.memory, efficiency=self.efficiency, count=self.count)

    @property
    def bits_per_second(self) -> float:
        return self.resolved.bits_per_second

    @property
    def preset(self) -> BandwidthPreset | None:
        try:
            return get_preset(self.memory)
        except InputError:
            return None  # a plain quantity has no device behind it, and no DRAM timing

    @property
    def memory_text(self) -> str:
        """'ddr5-6400 (51.2 GB/s)', with count and efficiency where not 1."""
        amount = format_bandwidth(self.bits_per_second)
        name = self.preset.name if self.preset else None
        scale = (f"{self.count} × " if self.count != 1 else "") + (
            f" at {self.efficiency:g} of peak" if self.efficiency != 1 else "")
        if name is None:
            return amount + (f" ({scale.strip()})" if scale else "")
        return f"{name}{' ×' + str(self.count) if self.count != 1 else ''}" + (
            f" at {self.efficiency:g} of peak" if self.efficiency != 1 else "") + f" ({amount})"

    def clock_mhz(self, fmax_mhz: float) -> float:
        """The clock an engine with this fmax runs at under the question."""
        if self.clock == "fmax":
            return fmax_mhz
        if self.clock == "study":
            return STUDY_CLOCK_MHZ
        return float(self.clock)

    @property
    def clock_text(self) -> str:
        if self.clock == "fmax":
            return "each engine at its own fmax"
        if self.clock == "study":
            return f"the 2013 study's {STUDY_CLOCK_MHZ:g} MHz"
        return f"{float(self.clock):g} MHz"

    @property
    def row_hit_ns(self) -> float:
        """tCL: how far ahead of its data a read to an open row is issued (NaN without DRAM timing)."""
        return self.preset.tcl_ns if self.preset else math.nan

    @property
    def closed_row_ns(self) -> float:
        """tRCD + tCL: the same for a read to a closed row."""
        return self.preset.access_ns if self.preset else math.nan

    @property
    def footprint_text(self) -> str:
        default = " (SGX MEE's region, the default)" if self.access.protected_bytes == SGX_PROTECTED_BYTES else ""
        return f"{format_size(self.access.protected_bytes)} protected{default}"
