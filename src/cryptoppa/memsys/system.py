"""The simulated machine: the 2008 study's SMP (000 §4.2, Tables 4.1 and 4.2) with a DRAM timed from a memory preset.

The study states the clock (1 GHz), the cache sizes and hit latencies per line size, and an in-order core; it
does not state associativity, bus or memory latency, so those are our assumptions and are recorded with every
result (`System.assumptions`).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from ..errors import InputError
from ..feasibility.presets import TIMING, get_preset, load_presets

LINE_SIZES = (64, 128)
FUNCTIONAL = ("processors", "line_bytes", "l1_bytes", "l1_ways", "l2_bytes", "l2_ways")


@dataclass(frozen=True)
class DramTiming:
    """DDR timing of one device access (ns): row already open (tCL), closed (tRCD + tCL), another row open
    (tRP + tRCD + tCL), over `banks` banks of `row_bytes` rows."""

    trcd_ns: float
    tcl_ns: float
    trp_ns: float
    banks: int = 8
    row_bytes: int = 8192
    source: str = ""


def dram_timing(preset_name: str) -> DramTiming:
    """The memory preset's JEDEC tRCD/tCL/tRP (`feasibility/presets.toml`, `timing_source`)."""
    preset = get_preset(preset_name)
    values = [getattr(preset, name) for name in TIMING]
    if any(math.isnan(v) for v in values):
        with_timing = ", ".join(p.name for p in load_presets().values() if not math.isnan(p.access_ns))
        raise InputError(f"memory preset {preset.name!r} has no DRAM timing (tRCD/tCL/tRP); use one that has: "
                         f"{with_timing}")
    return DramTiming(*values, source=f"{preset.name}: {preset.timing_source}")


@dataclass(frozen=True)
class System:
    processors: int
    line_bytes: int
    dram: DramTiming
    clock_ghz: float = 1.0
    l1_bytes: int = 64 * 1024
    l1_ways: int = 4
    l1_hit_cycles: int = 4
    l2_bytes: int = 1024 * 1024
    l2_ways: int = 8
    l2_hit_cycles: int = 10
    cpi: float = 1.0  # cycles per non-memory instruction of the in-order core
    mlp: float = 1.0  # misses in flight per core: 1 = a blocking in-order core
    bus_cycles: int = 20  # one snooping-bus transaction: arbitration, snoop, transfer of a line
    controller_ns: float = 10.0  # memory controller and queue on the way to DRAM and back

    def __post_init__(self):
        if self.processors < 1 or self.processors > 64:
            raise InputError(f"processors must be 1..64, got {self.processors}")
        if self.line_bytes not in LINE_SIZES:
            raise InputError(f"line size {self.line_bytes} B: expected one of {', '.join(map(str, LINE_SIZES))}")
        if self.cpi <= 0 or self.mlp < 1:
            raise InputError("cpi must be positive and mlp at least 1")

    def cycles(self, ns: float) -> float:
        return ns * self.clock_ghz

    @property
    def identity(self) -> dict:
        return asdict(self)

    @property
    def functional_identity(self) -> dict:
        """What the functional pass (cryptoppa.memsys.classify) depends on; timing fields are left out, so a
        change of DRAM, bus or core timing reuses the classified events."""
        return {k: v for k, v in asdict(self).items() if k in FUNCTIONAL}

    @property
    def functional_assumptions(self) -> dict[str, str]:
        return {k: v for k, v in self.assumptions.items() if k in ("caches", "coherence")}

    @property
    def assumptions(self) -> dict[str, str]:
        return {
            "core": f"in-order, {self.cpi:g} cycles per non-memory instruction, memory-level parallelism "
                    f"{self.mlp:g} (a miss stalls the core for its latency / {self.mlp:g})",
            "caches": f"private L1D {self.l1_bytes // 1024} KiB {self.l1_ways}-way ({self.l1_hit_cycles} cycles) and "
                      f"L2 {self.l2_bytes // 1024} KiB {self.l2_ways}-way ({self.l2_hit_cycles} cycles), LRU, "
                      "write-back, write-allocate (pycachesim); associativity is ours, the study gives none",
            "coherence": "MSI snooping bus; a modified line is supplied cache to cache (and written back on a read), "
                         "anything else from memory",
            "bus": f"{self.bus_cycles} cycles per snooping-bus transaction",
            "memory": f"controller {self.controller_ns:g} ns + DRAM open-page timing ({self.dram.source}), "
                      f"{self.dram.banks} banks of {self.dram.row_bytes} B rows; bandwidth contention not modelled",
        }


def study_system(processors: int, line_bytes: int, preset: str = "desktop-25.6", **overrides) -> System:
    """The study's SMP: 1 GHz; 64 B lines with 64 KiB L1D and 1 MiB L2 (Table 4.1), 128 B lines with 128 KiB and
    2 MiB (Table 4.2); L1 hit 4 cycles, L2 hit 10."""
    scale = 2 if line_bytes == 128 else 1
    return System(processors=processors, line_bytes=line_bytes, dram=dram_timing(preset),
                  l1_bytes=64 * 1024 * scale, l2_bytes=1024 * 1024 * scale, **overrides)
