"""Every metric cryptoppa records: its name (OpenROAD METRICS2.1 style, `stage__category__name`), unit, meaning and
the step that writes it. Code names metrics through the constants below, never as string literals
(tests/test_catalog.py checks both), `metrics.write` refuses a name the catalog does not know, and the docs'
metric table (docs/reference/metrics.md) is generated from this module.

A few names come in families with one member per tool-reported item (a wire layer, an FPGA primitive or site type, a
flow step); a family is declared once with a pattern. Routed counterparts of the timing and power metrics carry the
prefix `finish__` (OpenROAD's name for the last stage).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Spec:
    name: str  # for a family, a pattern: {placeholder} stands for one lower-case word
    unit: str
    step: str  # the step that writes it (docs/methods/flow.md)
    meaning: str

    @property
    def family(self) -> bool:
        return "{" in self.name

    def matches(self, name: str) -> bool:
        if not self.family:
            return name == self.name
        return re.fullmatch(re.sub(r"\\\{\w+\\\}", "[a-z0-9_]+", re.escape(self.name)), name) is not None


SPECS: list[Spec] = []


def _m(name: str, unit: str, step: str, meaning: str) -> str:
    SPECS.append(Spec(name, unit, step, meaning))
    return name


SYN, STA, PERF, ACT, ROUTE, FPGA_SYN, FPGA_PNR, CORE = (
    "synthesis", "OpenSTA", "engine simulation", "simulated activity", "place and route", "FPGA synthesis",
    "FPGA place and route", "core baseline")

# Synthesis (Yosys) -------------------------------------------------------------------------------------------------
CELLS = _m("synth__design__instance__count", "cells", SYN, "standard cells in the mapped netlist (FPGA: every cell)")
FLOPS = _m("synth__design__instance__count__sequential", "cells", STA, "flip-flops and latches (OpenSTA `all_registers`)")
AREA = _m("synth__design__instance__area__stdcell", "um^2", SYN, "sum of the library areas of all cells "
          "(Yosys `stat -liberty`)")
AREA_SEQ = _m("synth__design__instance__area__sequential", "um^2", SYN, "the part of that area in sequential cells")
AREA_KGE = _m("synth__design__instance__area__stdcell__kge", "kGE", SYN, "the same area in thousands of gate "
              "equivalents: area / the library's NAND2 X1 area (the PDK descriptor's `ge_cell`)")
GE_AREA = _m("synth__design__ge__area", "um^2", SYN, "one gate equivalent: the area of the library's `ge_cell`")
MAPPING_CORNER = _m("synth__mapping__corner", "", SYN, "the library corner the netlist was mapped at (the PDK's "
                    "default): one netlist per RTL configuration, timed and powered at every corner and clock")
MAPPING_CLOCK = _m("synth__mapping__clock__mhz", "MHz", SYN, "the clock whose period was ABC's delay target in mapping")

# Timing (OpenSTA) --------------------------------------------------------------------------------------------------
PERIOD = _m("timing__clock__period", "ns", STA, "the constraint (1000 / clock MHz)")
CLOCK_KIND = _m("timing__clock__kind", "", STA, "`real` (clock port) or `virtual` (combinational design)")
WS = _m("timing__setup__ws", "ns", STA, "worst setup slack of every path (negative = violated)")
TNS = _m("timing__setup__tns", "ns", STA, "total negative setup slack")
WS_REG2REG = _m("timing__setup__ws__reg2reg", "ns", STA, "worst setup slack, register to register")
WS_IN2REG = _m("timing__setup__ws__in2reg", "ns", STA, "worst setup slack, input port to register (inputs arrive "
               "at the clock edge through the PDK's driver cell)")
WS_REG2OUT = _m("timing__setup__ws__reg2out", "ns", STA, "worst setup slack, register to output port")
WS_IN2OUT = _m("timing__setup__ws__in2out", "ns", STA, "worst setup slack, input to output port (combinational)")
HOLD_WS = _m("timing__hold__ws", "ns", STA, "worst hold slack of the data paths")
RECOVERY_WS = _m("timing__recovery__ws", "ns", STA, "worst recovery slack of asynchronous set/reset release "
                 "(empty when the library has no recovery checks)")
REMOVAL_WS = _m("timing__removal__ws", "ns", STA, "worst removal slack of asynchronous set/reset release")
FMAX = _m("timing__fmax__mhz", "MHz", STA, "1000 / (period - worst register-to-register setup slack); FPGA: "
          "nextpnr's achieved clock; see `timing__fmax__basis`")
FMAX_BASIS = _m("timing__fmax__basis", "", STA, "which paths set `timing__fmax__mhz`: `reg2reg`, or every path when "
                "the design has no register-to-register path")
FMAX_IN2REG = _m("timing__fmax__in2reg__mhz", "MHz", STA, "the clock the input-to-register paths alone allow")
FMAX_REG2OUT = _m("timing__fmax__reg2out__mhz", "MHz", STA, "the clock the register-to-output paths alone allow")
ASYNC_PINS = _m("timing__async__pins", "pins", STA, "asynchronous set/reset pins of flip-flops and latches")
ASYNC_PORTS = _m("timing__async__ports", "", STA, "input ports that reach them (comma-separated): timed as a "
                 "buffered reset tree, not as data (run.json `assumptions.timing`)")
MAX_FANOUT = _m("timing__input__max_fanout", "pins", STA, "the most loads one input port's net drives (clock aside)")
MAX_FANOUT_PORT = _m("timing__input__max_fanout__port", "", STA, "that port")
FMAX_GOAL = _m("timing__fmax__goal__mhz", "MHz", FPGA_PNR, "the clock nextpnr was asked to meet")

# Power (OpenSTA) ---------------------------------------------------------------------------------------------------
POWER_INTERNAL = _m("power__internal__total", "W", STA, "cell internal power")
POWER_SWITCHING = _m("power__switching__total", "W", STA, "net switching power")
POWER_LEAKAGE = _m("power__leakage__total", "W", STA, "leakage power")
POWER = _m("power__total", "W", STA, "internal + switching + leakage")
NONFINITE = _m("power__nonfinite__instances", "cells", STA, "cells whose internal power OpenSTA 2.0.17 computed as "
               "Inf/NaN (summed as 0)")
ACTIVITY_MODE = _m("power__activity__mode", "", ACT, "the simulated workload (`sim:saturated`, ...)")
ACTIVITY_COVERAGE = _m("power__activity__coverage", "ratio", ACT, "annotated pins / all pins")
ACTIVITY_WINDOW = _m("power__activity__window_cycles", "cycles", ACT, "the simulated window")
ACTIVITY_CPL = _m("power__activity__cycles_per_line", "cycles", ACT, "window cycles / lines completed in it")
ENERGY_LINE = _m("power__energy_per_line", "pJ", ACT, "power x cycles per line / clock")
ENERGY_BYTE = _m("power__energy_per_byte", "pJ", ACT, "energy per line / line bytes")
ACTIVITY_POWER = _m("power__activity__total", "W", CORE, "a core's power with the firmware's simulated activity")

# Engine simulation -------------------------------------------------------------------------------------------------
CYCLES = _m("perf__cycles_per_line", "cycles", PERF, "cycles per line at saturation (encrypt), over whole rounds")
LATENCY = _m("perf__latency_cycles", "cycles", PERF, "acceptance to out_valid at saturation")
SIM_LINES = _m("perf__sim_lines", "lines", PERF, "lines simulated")
READ_LATENCY = _m("perf__read_latency_cycles", "cycles", PERF, "read latency without a hint: a line's arrival at an "
                  "idle engine to its plaintext and integrity verdict")
READ_LATENCY_DATA = _m("perf__read_latency_data_cycles", "cycles", PERF, "read latency without a hint to the "
                       "plaintext alone (early_valid where the engine has it)")
HINT_LEAD = _m("perf__read_latency_hint_lead_cycles", "cycles", PERF, "the lead of the prefetch hint (read request "
               "before the data) of the hinted latencies below; 0 for an engine without the prefetch port")
READ_LATENCY_HINTED = _m("perf__read_latency_hinted_cycles", "cycles", PERF, "read latency to the verdict with the "
                         "hint that lead ahead (every IV-only precomputation done)")
READ_LATENCY_HINTED_DATA = _m("perf__read_latency_hinted_data_cycles", "cycles", PERF, "the same to the plaintext")
LINE_BYTES = _m("perf__line_bytes", "bytes", PERF, "bytes per line")
THROUGHPUT = _m("perf__throughput__gbps", "Gb/s", PERF, "clock x line bits / cycles per line, at the target clock")
CYCLES_PER_BYTE = _m("perf__cycles_per_byte", "cycles", "software baselines", "cycles per byte of a firmware or "
                     "OpenSSL run (host: at the clock host-baseline measured around the run)")
THROUGHPUT_FMAX = _m("perf__throughput_at_fmax__gbps", "Gb/s", FPGA_PNR, "the same at the routed fmax")

# Place and route (Coriolis, then OpenSTA with the routed parasitics) ----------------------------------------------
DIE_AREA = _m("design__die__area", "um^2", ROUTE, "die area of the floorplan")
DIE_WIDTH = _m("design__die__width", "um", ROUTE, "die width")
DIE_HEIGHT = _m("design__die__height", "um", ROUTE, "die height")
PLACED_AREA = _m("design__instance__area__stdcell", "um^2", ROUTE, "cell area placed")
UTILIZATION = _m("design__instance__utilization", "", ROUTE, "placed cell area / die area")
PLACED_CELLS = _m("design__instance__count__placed", "cells", ROUTE, "cells placed")
WIRELENGTH = _m("route__wirelength", "um", ROUTE, "routed wire length, every layer")
_m("route__wirelength__{layer}", "um", ROUTE, "routed wire length on one metal layer")
VIAS = _m("route__vias", "vias", ROUTE, "vias")
NETS = _m("route__net__count", "nets", ROUTE, "routed nets")
UNROUTED = _m("route__unrouted__segments", "segments", ROUTE, "segments Katana left unrouted")
GLOBAL_OK = _m("globalroute__success", "", ROUTE, "1 when global routing finished")
DETAILED_OK = _m("detailedroute__success", "", ROUTE, "1 when detailed routing finished")
FMAX_RATIO = _m("finish__timing__fmax__ratio", "", ROUTE, "routed / synthesis-only fmax")
POWER_RATIO = _m("finish__power__total__ratio", "", ROUTE, "routed / synthesis-only power")
SWITCHING_RATIO = _m("finish__power__switching__ratio", "", ROUTE, "routed / synthesis-only switching power")
ROUTED = "finish__"  # prefix of the routed counterpart of a timing or power metric
# Every timing and power metric above has a routed counterpart, finish__<name>, with its unit.

# FPGA --------------------------------------------------------------------------------------------------------------
LUTS = _m("synth__design__instance__count__lut", "LUTs", FPGA_SYN, "logic LUTs (7-series: every size; Lattice: LUT4)")
BRAM = _m("synth__design__instance__count__bram", "RAMB36 equivalents", FPGA_SYN, "block RAM, 36 Kb blocks")
_m("synth__design__instance__count__{primitive}", "cells", FPGA_SYN, "cells of one primitive class (lut1..lut6, ff, "
   "carry4, muxf, lutram, srl, bram18, bram36, dsp, ...; `other` = unclassified)")
FPGA_FFS = "synth__design__instance__count__ff"  # the flip-flops member of the family below
RING_FLOPS = _m("synth__ring__count__ff", "cells", FPGA_SYN, "flip-flops of the IO ring a Nexus point sits behind")
_m("route__design__instance__count__{site}", "bels", FPGA_PNR, "placed cells of one site type")
_m("route__device__capacity__{site}", "bels", FPGA_PNR, "the device's sites of that type")
_m("route__device__utilization__{site}", "%", FPGA_PNR, "used / available sites of that type")
COPIES_FIT = _m("route__device__copies_fit", "copies", FPGA_PNR, "copies of the netlist the device holds, by its "
                "scarcest logic site")
SEED = _m("route__seed", "seed", FPGA_PNR, "nextpnr's placer seed")

# Core baseline (RV32 firmware; rows of `core-baseline`) -------------------------------------------------------------
CODE_BYTES = _m("memory__code__bytes", "bytes", CORE, "firmware code (riscv64-unknown-elf-size)")
DATA_BYTES = _m("memory__data__bytes", "bytes", CORE, "firmware data and bss")
STACK_BYTES = _m("memory__stack__bytes", "bytes", CORE, "stack reserved by the linker script")
SRAM_AREA = _m("memory__sram__area__estimate", "um^2", CORE, "code + data + stack SRAM at ~0.5 um^2 per bit "
               "(an estimate, not measured)")
CORE_PLUS_SRAM = _m("area__core_plus_sram__estimate", "um^2", CORE, "synthesized core + that SRAM estimate")

# Slowdown traces and memory-system classification (cryptoppa.trace, cryptoppa.memsys) ---------------------------
TRACE, MEMSYS = "trace recording", "memory-system classification"
TRACE_ACCESSES = _m("trace__accesses", "accesses", TRACE, "loads, stores and modifies recorded (kernels: the parallel "
                    "phase, every thread; programs: the whole run)")
TRACE_BARRIERS = _m("trace__barriers", "events", TRACE, "barrier records (one per thread per barrier)")
TRACE_THREADS = _m("trace__threads", "threads", TRACE, "threads with records")
TRACE_INSTRUCTIONS = _m("trace__instructions", "instructions", TRACE, "instructions of the traced part (kernels: "
                        "callgrind in worker(); programs: lackey's instruction lines)")
TRACE_IPA = _m("trace__instructions_per_access", "instructions", TRACE, "instructions / accesses")
TRACE_FOOTPRINT = _m("trace__footprint", "bytes", TRACE, "distinct 64-byte lines touched x 64")
MEMSYS_ACCESSES = _m("memsys__accesses", "accesses", MEMSYS, "accesses classified")
MEMSYS_RUNS = _m("memsys__runs", "runs", MEMSYS, "events: runs of consecutive same-outcome accesses of one processor")
_m("memsys__runs__{outcome}", "runs", MEMSYS, "events of one outcome (hit_l1, hit_l2, mem, c2c, upgrade, barrier)")
MEMSYS_WRITEBACKS = _m("memsys__writebacks", "lines", MEMSYS, "dirty lines written back to memory")
MEMSYS_MISS_L1 = _m("memsys__miss_rate__l1", "ratio", MEMSYS, "accesses missing the L1D / accesses")
MEMSYS_MISS_L2 = _m("memsys__miss_rate__l2", "ratio", MEMSYS, "accesses reaching the bus (memory or another cache) "
                    "/ accesses")
MEMSYS_OWNER_CHECK = _m("memsys__owner_check", "", MEMSYS, "how a modified line's owner is found: `pycachesim "
                        "contains` or `directory only`")
MEMSYS_SPEED = _m("memsys__accesses_per_second", "accesses/s", MEMSYS, "classification speed")

# FlexLib characterization (our ngspice decks; scripts/characterize.py) --------------------------------------
NETLIST_COUNT = _m("charlib__netlist__count", "cells", "FlexLib characterization", "FlexLib cells whose transistor "
                   "netlist PDKMaster exported (the rest have no circuit: fillers)")

# Wall time of each step ---------------------------------------------------------------------------------------------
_m("flow__{step}__runtime", "s", "every step", "wall time of one step (synth_elab, synth_map, perf, activity, sta, "
   "compose, place, route, synth, pnr, ports, trace, memsys, ...)")
ROUTED_STA_RUNTIME = _m("finish__sta__runtime", "s", ROUTE, "wall time of the routed OpenSTA run")

_BY_NAME = {s.name: s for s in SPECS if not s.family}
_FAMILIES = [s for s in SPECS if s.family]
# The metrics OpenSTA writes, whose routed counterparts are finish__<name>.
_STA_WRITTEN = {s.name for s in SPECS if s.step == STA}


# Prefixes of the metric families by what measures them, for code that takes every metric of one kind.
SYNTH_PREFIX, TIMING_PREFIX, POWER_PREFIX = "synth__", "timing__", "power__"


def runtime(step: str) -> str:
    return f"flow__{step}__runtime"


def memsys_runs(outcome: str) -> str:
    return f"{MEMSYS_RUNS}__{outcome}"


def routed(name: str) -> str:
    return ROUTED + name


def fpga_count(primitive: str) -> str:
    return f"synth__design__instance__count__{primitive}"


def site_count(site: str) -> str:
    return f"route__design__instance__count__{site}"


def site_capacity(site: str) -> str:
    return f"route__device__capacity__{site}"


def site_utilization(site: str) -> str:
    return f"route__device__utilization__{site}"


def wirelength(layer: str) -> str:
    return f"{WIRELENGTH}__{layer}"


def spec(name: str) -> Spec | None:
    """The catalog entry of a metric name, None when the catalog does not know it."""
    if name in _BY_NAME:
        return _BY_NAME[name]
    if name.startswith(ROUTED) and name[len(ROUTED):] in _STA_WRITTEN:
        base = _BY_NAME[name[len(ROUTED):]]
        return Spec(name, base.unit, ROUTE, f"routed: {base.meaning}")
    return next((s for s in _FAMILIES if s.matches(name)), None)


def unknown(names) -> list[str]:
    """Metric-like names (holding `__`) the catalog does not know."""
    return sorted(n for n in names if "__" in str(n) and spec(str(n)) is None)


def markdown_table() -> str:
    """The docs' metric table (docs/reference/metrics.md)."""
    rows = ["| metric | unit | written by | meaning |", "|---|---|---|---|"]
    rows += [f"| `{s.name}` | {s.unit or '–'} | {s.step} | {s.meaning} |" for s in SPECS]
    rows.append(f"| `{ROUTED}<timing or power metric>` | as the metric | {ROUTE} | the same metric after placement "
                "and routing, timed with the routed wires' parasitics |")
    return "\n".join(rows)
