"""The simulated machine, as named presets (SYSTEMS): the 2008 study's SMP (000 §4.2, Tables 4.1 and 4.2) with
in-order cores, and two modern multicores with out-of-order cores, a shared last-level cache and DDR4/DDR5; each
with a DRAM timed from a memory preset.

The study states the clock (1 GHz), the cache sizes and hit latencies per line size, and an in-order core; it
does not state associativity, bus or memory latency, so those are our assumptions and are recorded with every
result (`System.assumptions`). The modern presets are our assumptions too, sized like current desktop and server
cores (a 4-wide core with a 224-entry reorder buffer, 32 KiB L1D, 1 MiB L2; a 6-wide one with 512 entries and
2 MiB L2), and are stated with every result the same way.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace

from ..errors import InputError
from ..feasibility.presets import TIMING, get_preset, load_presets

LINE_SIZES = (64, 128)
FUNCTIONAL = ("processors", "line_bytes", "l1_bytes", "l1_ways", "l2_bytes", "l2_ways", "llc_bytes", "llc_ways")
CORES = ("inorder", "ooo")


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
    preset: str = ""
    gbps: float = math.nan  # the channel's peak, GB/s (decimal): one line on the data bus takes line / gbps ns


def dram_timing(preset_name: str) -> DramTiming:
    """The memory preset's JEDEC tRCD/tCL/tRP (`feasibility/presets.toml`, `timing_source`)."""
    preset = get_preset(preset_name)
    values = [getattr(preset, name) for name in TIMING]
    if any(math.isnan(v) for v in values):
        with_timing = ", ".join(p.name for p in load_presets().values() if not math.isnan(p.access_ns))
        raise InputError(f"memory preset {preset.name!r} has no DRAM timing (tRCD/tCL/tRP); use one that has: "
                         f"{with_timing}")
    # DDR4/DDR5: two ranks of 16 banks (DRAMsim3's DDR4_8Gb_x8_3200 channel: 16 GiB of 8 Gb x8 devices)
    banks = 32 if preset.name.startswith(("ddr4", "ddr5")) else 8
    return DramTiming(*values, banks=banks, source=f"{preset.name}: {preset.timing_source}", preset=preset.name,
                      gbps=preset.bits_per_second / 8e9)


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
    llc_bytes: int = 0  # shared last-level cache (0: none, the study's SMP)
    llc_ways: int = 16
    llc_hit_cycles: int = 0
    core: str = "inorder"  # "inorder" (CPI, MLP) or "ooo" (reorder buffer, width, miss registers)
    rob: int = 224  # out-of-order: instructions in flight (the window)
    width: int = 4  # out-of-order: instructions dispatched and retired per cycle
    mshrs: int = 16  # out-of-order: misses (LLC hits included) in flight per core
    name: str = ""

    def __post_init__(self):
        if self.processors < 1 or self.processors > 64:
            raise InputError(f"processors must be 1..64, got {self.processors}")
        if self.line_bytes not in LINE_SIZES:
            raise InputError(f"line size {self.line_bytes} B: expected one of {', '.join(map(str, LINE_SIZES))}")
        if self.cpi <= 0 or self.mlp < 1:
            raise InputError("cpi must be positive and mlp at least 1")
        if self.core not in CORES:
            raise InputError(f"core {self.core!r}: expected one of {', '.join(CORES)}")
        if self.rob < 1 or self.width < 1 or self.mshrs < 1:
            raise InputError("rob, width and mshrs must be at least 1")

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
    def core_text(self) -> str:
        if self.core == "ooo":
            return (f"out-of-order at {self.clock_ghz:g} GHz: a {self.rob}-instruction window, {self.width} "
                    f"instructions dispatched and retired per cycle, {self.mshrs} misses in flight; instructions "
                    "independent, non-memory ones and L1/L2 hits complete in one cycle, longer accesses when the "
                    "memory system answers (Ramulator's trace-driven core, with miss registers added)")
        return (f"in-order at {self.clock_ghz:g} GHz, {self.cpi:g} cycles per non-memory instruction, memory-level "
                f"parallelism {self.mlp:g} (a miss stalls the core for its latency / {self.mlp:g})")

    @property
    def assumptions(self) -> dict[str, str]:
        llc = (f"; shared LLC {self.llc_bytes // 2**20} MiB {self.llc_ways}-way ({self.llc_hit_cycles} cycles)"
               if self.llc_bytes else "")
        study = "; associativity is ours, the study gives none" if not self.llc_bytes else ""
        return {
            "core": self.core_text,
            "caches": f"private L1D {self.l1_bytes // 1024} KiB {self.l1_ways}-way ({self.l1_hit_cycles} cycles) and "
                      f"L2 {self.l2_bytes // 1024} KiB {self.l2_ways}-way ({self.l2_hit_cycles} cycles){llc}, LRU, "
                      f"write-back, write-allocate (pycachesim){study}",
            "coherence": "MSI directory beside the private caches; a modified line is supplied cache to cache (and "
                         "written back on a read), anything else from the LLC or memory",
            "bus": f"{self.bus_cycles} cycles per coherence transaction",
            "memory": f"controller {self.controller_ns:g} ns + DRAM open-page timing ({self.dram.source}), "
                      f"{self.dram.banks} banks of {self.dram.row_bytes} B rows"
                      + (f", one {self.dram.gbps:g} GB/s data bus, activation windows (tFAW, tRRD), tCCD_L and "
                         "refresh as DRAMsim3's DDR4-3200 configuration (slowdown.backend.BankedDram)"
                         if self.core == "ooo" else "; bandwidth contention not modelled"),
        }


def modern_system(processors: int, line_bytes: int, preset: str = "ddr4-3200", big: bool = False,
                  **overrides) -> System:
    """A modern multicore: out-of-order cores at 4 GHz with 32 KiB 8-way L1D (5 cycles), a private L2 and a shared
    LLC (2 MiB per core, at least 8 MiB); `big`: a 6-wide core with a 512-entry window and 2 MiB of L2."""
    if line_bytes != 64:
        raise InputError(f"line size {line_bytes} B: the modern systems have 64-byte lines")
    core = dict(rob=512, width=6, mshrs=24, l2_bytes=2 * 2**20, l2_hit_cycles=16) if big else \
        dict(rob=224, width=4, mshrs=16, l2_bytes=2**20, l2_hit_cycles=14)
    llc = max(8 * 2**20, 2 * 2**20 * processors)
    return System(**{**dict(processors=processors, line_bytes=line_bytes, dram=dram_timing(preset), clock_ghz=4.0,
                            l1_bytes=32 * 1024, l1_ways=8, l1_hit_cycles=5, l2_ways=16, llc_bytes=llc, llc_ways=16,
                            llc_hit_cycles=42, core="ooo", bus_cycles=0, controller_ns=30.0), **core,
                     **overrides})


# name -> (builder, its memory preset): a system for a processor count and line size
SYSTEMS = {
    "study-2008": lambda p, line: replace(study_system(p, line), name="study-2008"),
    "modern-ddr4": lambda p, line: replace(modern_system(p, line, "ddr4-3200"), name="modern-ddr4"),
    "modern-ddr5": lambda p, line: replace(modern_system(p, line, "ddr5-4800", big=True), name="modern-ddr5"),
}
DEFAULT_SYSTEM = "modern-ddr4"


def get_system(name: str, processors: int, line_bytes: int) -> System:
    if name not in SYSTEMS:
        raise InputError(f"system {name!r}: expected one of {', '.join(SYSTEMS)}")
    return SYSTEMS[name](processors, line_bytes)


def study_system(processors: int, line_bytes: int, preset: str = "desktop-25.6", **overrides) -> System:
    """The study's SMP: 1 GHz; 64 B lines with 64 KiB L1D and 1 MiB L2 (Table 4.1), 128 B lines with 128 KiB and
    2 MiB (Table 4.2); L1 hit 4 cycles, L2 hit 10."""
    scale = 2 if line_bytes == 128 else 1
    return System(processors=processors, line_bytes=line_bytes, dram=dram_timing(preset),
                  l1_bytes=64 * 1024 * scale, l2_bytes=1024 * 1024 * scale, **overrides)
