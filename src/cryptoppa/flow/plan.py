"""A flow point as pure data, and its plans: every input file and rendered script, hashed into a cache key.

A point is two steps (three with simulated activity), as sign-off flows do it: the RTL configuration is mapped
ONCE, at the PDK's default corner and a stated delay target (make_synth_plan, keyed by RTL contents, parameters
and the mapping library, not by the point's corner or clock), and every corner, clock and activity of the point
times and powers that netlist (make_sta_plan, keyed by the netlist's digest, the timing library, the clock and
the activity).

Nothing here runs a tool. User-supplied text reaches the scripts only as checked identifiers and numbers; RTL
files (and the files they `include) are copied into the run directory under generated names, so no user path
is pasted into a script.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from string import Template

from .. import limits
from .. import pdk as pdk_mod
from ..activity import ACTIVITY_NOTE, code_sha256
from ..activity.workload import check_workload, is_engine_workload
from ..catalog import FMAX
from ..designs import Design
from ..designs.point import RtlPoint
from ..errors import InputError
from ..names import check_identifier, check_library_word
from ..paths import FLOWS
from ..pdk import PdkDescriptor
from ..pdk.cells import library_cells
from ..runs import StepPlan, sealed_sums, sha256_file
from ..sim import perf
from ..tools import version
from . import activity_step

_SAFE_PATH = re.compile(r"[A-Za-z0-9_./+@%=,:-]+\Z")

# ABC's delay target for mapping (-D, the period of this clock). Its buffering and sizing (upsize/dnsize) act only
# on paths longer than the target, so a design faster than this clock maps to the same netlist at any slower target
# (measured: gcm_iter's netlist is bit for bit the same at 225, 500 and 1100 MHz targets; bench/README.md). 100 MHz
# is the slowest clock of the published sweeps (sky130's; the others' designs meet 225 MHz as ABC times them), so
# the netlists published rows were made from stay as they were, and none trades area for a clock it is not asked at.
MAPPING_CLOCK_MHZ = 100.0
SYNTH_SUFFIX = "-synth"  # a synthesis run's label: its design's name and this


@dataclass(frozen=True, kw_only=True)
class FlowPoint(RtlPoint):
    """Everything that determines an ASIC characterization result."""

    pdk: str
    corner: str
    input_activity: float = 0.1  # toggles per clock cycle at primary inputs (OpenSTA's default model)
    output_load_pf: float = 0.01
    activity: str = "vectorless"  # or "sim:<workload>" (cryptoppa.activity.workload): simulated per-net activity
    reset_port: str = ""  # synchronous reset the activity testbench asserts ("" = none)
    # False keeps the module hierarchy, so each distinct module is mapped once however often it is instantiated
    # (the array dispatcher's N - 1 identical tree nodes, an engine's rounds, lanes and S-boxes); area and cell
    # counts are totals over the hierarchy. Nothing is optimized across a module's boundary.
    flatten: bool = True
    # False times and powers the netlist without the library's wire-load model (net capacitance = pin
    # capacitance), as on a library that has none: the Nangate45 calibration compares both (reports/libraries).
    wire_load: bool = True
    # Where the netlist is mapped: the PDK's default corner ("") at MAPPING_CLOCK_MHZ, whatever corner and clock
    # the point is timed at. bench/mapping_corner.py maps at each point's own corner and clock to measure what
    # that changed (the flow's behaviour before one netlist served every corner and clock).
    map_corner: str = ""
    map_clock_mhz: float = MAPPING_CLOCK_MHZ

    def wire_load_model(self, pdk: PdkDescriptor) -> str:
        """The wire-load model the point is timed with, "" for none."""
        return pdk.wire_load_model if self.wire_load else ""

    def __post_init__(self):
        super().__post_init__()
        limits.ACTIVITY.check(self.input_activity, "input activity")
        if self.activity != "vectorless":
            if not self.activity.startswith("sim:"):
                raise InputError(f"activity {self.activity!r}: expected vectorless or sim:<workload>")
            if is_engine_workload(check_workload(self.activity[4:])) and not self.perf:
                raise InputError(f"activity {self.activity}: engine workloads need a design with the engine interface")
        if self.reset_port:
            check_identifier(self.reset_port, "reset port")
        if self.map_corner:
            check_identifier(self.map_corner, "mapping corner")
        limits.CLOCK_MHZ.check(self.map_clock_mhz, "mapping clock")

    @property
    def period_ns(self) -> float:
        return 1000.0 / self.clock_mhz

    def mapping_corner(self, pdk: PdkDescriptor) -> str:
        """The corner whose library the netlist is mapped with."""
        corner = self.map_corner or pdk.default_corner
        pdk.check_corner(corner)
        return corner


def design_point(design: Design, *, pdk: str, corner: str, clock_mhz: float, params: dict[str, int],
                 activity: float = 0.1, clock_port: str | None = None, perf_lines: int = 12,
                 activity_mode: str = "vectorless", perf_round: int = 1, wire_load: bool = True,
                 flatten: bool = True) -> FlowPoint:
    """The flow point of a described design; engines also get their throughput measured in simulation."""
    return FlowPoint(
        rtl=design.files, top=design.top, pdk=pdk, corner=corner, clock_mhz=clock_mhz,
        params=tuple(sorted(params.items())), clock_port=clock_port or design.clock or "clk",
        input_activity=activity, design=design.name, perf=design.interface == "engine", perf_lines=perf_lines,
        activity=activity_mode, reset_port=design.reset, include_dirs=design.include_dirs, defines=design.defines,
        perf_round=perf_round, groups=design.groups, wire_load=wire_load, flatten=flatten,
    )


@dataclass(frozen=True)
class SynthJob:
    """What the synthesis step's executor needs beyond the plan's scripts."""

    point: FlowPoint
    liberty: Path  # the mapping corner's
    ge_area_um2: float  # one gate equivalent
    corner: str  # the mapping corner


@dataclass(frozen=True)
class StaJob:
    """A point's timing and power step: the netlist of an earlier run, timed at the point's corner and clock
    (vectorless: the synthesis run's netlist; simulated activity: the vectorless run's, after the workload)."""

    point: FlowPoint
    liberty: Path  # the timing corner's
    synthesized: Path  # the run folder whose netlist and metrics this step starts from


# Fields added after caches existed: at their defaults they are left out, so earlier keys stay the same.
_OMITTED_AT_DEFAULT = {"flatten": True, "include_dirs": [], "defines": [], "perf_round": 1, "groups": [],
                       "wire_load": True, "map_corner": "", "map_clock_mhz": MAPPING_CLOCK_MHZ}
# What the synthesis step does not depend on: how the netlist is timed and powered (the mapping corner and clock
# are keyed apart, resolved).
_TIMING_ONLY = ("corner", "clock_mhz", "input_activity", "activity", "wire_load", "map_corner", "map_clock_mhz")


# A port that reaches asynchronous set/reset pins is timed as if a buffered reset tree drove it: ideal, with this
# transition at the pins (a leaf of such a tree, of the order of the library's largest-load output transitions).
ASYNC_TRANSITION_NS = 0.1


TIMING_NOTE = (
    f"{FMAX} is register to register (in->reg, reg->out and in->out slack reported apart); asynchronous "
    f"set/reset pins (the liberty's clear/preset) are not data: their clear/preset->q arcs are disabled, their "
    f"release is checked as recovery/removal where the library has those checks, and the ports that reach them "
    f"are driven ideally with a {ASYNC_TRANSITION_NS:g} ns transition, as by a buffered reset tree")


def _point_identity(point: FlowPoint) -> dict:
    out = asdict(point)
    out["include_dirs"] = [str(p) for p in point.include_dirs]
    out["defines"] = [list(d) for d in point.defines]
    out["groups"] = list(point.groups)
    for name, default in _OMITTED_AT_DEFAULT.items():
        if out[name] == default:
            del out[name]
    out.pop("rtl")
    out.pop("include_dirs", None)  # where includes came from is provenance; what they hold is in inputs
    return out


def safe_path(path: Path) -> str:
    text = str(path)
    if not _SAFE_PATH.match(text):
        raise InputError(f"path {text!r} has characters that cannot be passed to the tools safely; move it")
    return text


def render(template: str, **values) -> str:
    return Template((FLOWS / template).read_text()).substitute(**values)


def render_sta_design(point: FlowPoint, pdk: PdkDescriptor, liberty: Path, models: str = "",
                      period_ns: float | None = None) -> str:
    """flows/sta_design.tcl, the front of every OpenSTA script of the point: libraries (and `models`, Tcl that
    reads interface models' libraries), netlist, clock (at the point's period unless period_ns), asynchronous pins."""
    wire_load = point.wire_load_model(pdk)
    async_pins = " ".join(f"{check_identifier(cell, 'cell')} {check_identifier(pin, 'pin')}"
                          for cell, pin in library_cells(liberty).async_pins)
    return render(
        "sta_design.tcl",
        liberty=safe_path(liberty),
        models=models or "# no interface models",
        top=point.top,
        # The comment is part of the rendered script, so of every cache key: the library's-none text stays as it was.
        wire_load=f"set_wire_load_model -name {check_library_word(wire_load, 'wire-load model', glob=True)}" if wire_load else
        "# no wire-load model in this library: net capacitance = pin capacitance" if not pdk.wire_load_model else
        # OpenSTA falls back on the liberty's default_wire_load when no model is set: zero wire load on every net.
        "set_load 0 [get_nets -hierarchical *]",
        clock_port=point.clock_port,
        period_ns=f"{period_ns or point.period_ns:.6g}",
        async_pins=async_pins,
        async_transition_ns=f"{ASYNC_TRANSITION_NS:g}",
    )


def render_sta(point: FlowPoint, pdk: PdkDescriptor, liberty: Path, activity_source: str | None = None,
               models: str = "", model_registers: str = "") -> str:
    """flows/sta_design.tcl and flows/sta.tcl for the point; activity_source names a run-local Tcl file of
    simulated activity; models and model_registers read interface models and count their pins as registers'."""
    return render_sta_design(point, pdk, liberty, models) + render(
        "sta.tcl",
        driver_cell=check_identifier(pdk.driver_cell, "driver cell"),
        output_load_pf=f"{point.output_load_pf:g}",
        input_activity=f"{point.input_activity:g}",
        activity_source=f"source {activity_source}" if activity_source else "# no simulated activity (vectorless)",
        model_registers=model_registers or "# no interface models",
    )


def _assumptions(point: FlowPoint, pdk: PdkDescriptor, ge_area: float) -> dict[str, str]:
    activity = (f"vectorless: {point.input_activity:g} toggles per clock cycle, duty 0.5, at every primary input, "
                "propagated by OpenSTA; clock nets toggle twice per cycle")
    if point.activity != "vectorless":
        activity = f"simulated ({point.activity}): {ACTIVITY_NOTE}; nets outside the simulation keep the " \
                   f"vectorless model ({point.input_activity:g} toggles per cycle at inputs)"
    return {
        "activity": activity,
        "wire_load_model": point.wire_load_model(pdk) or ("none (net capacitance is pin capacitance only; the "
                                                          "library's model is switched off)" if pdk.wire_load_model
                                                          else "none (library has none: net capacitance is pin "
                                                          "capacitance only)"),
        "io": f"inputs and outputs constrained at 0 ns against the clock; inputs driven by {pdk.driver_cell}; "
              f"outputs load {point.output_load_pf:g} pF",
        "timing": TIMING_NOTE,
        "gate_equivalent": f"1 GE = the area of {pdk.ge_cell} ({ge_area:g} um^2 in this liberty); kGE = area / 1000 GE",
    }


def _mapping_note(corner: str, clock_mhz: float) -> str:
    return (f"the netlist is mapped once, at corner {corner} with ABC's delay target at {clock_mhz:g} MHz "
            f"({1e6 / clock_mhz:g} ps), and every corner and clock of the point times and powers that netlist")


def make_synth_plan(point: FlowPoint, pdk: PdkDescriptor) -> StepPlan[SynthJob]:
    """Yosys (elaborate, map at the mapping corner) and the engine's throughput simulation of the point's RTL
    configuration: one run for every corner, clock and activity it is timed at."""
    pdk.check_corner(point.corner)  # before minutes of synthesis, not after
    corner = point.mapping_corner(pdk)
    lib = pdk_mod.liberty(pdk, corner)
    lib_text = safe_path(lib)
    inputs, rtl = point.staged()
    dont_use = " ".join(f"-dont_use {check_library_word(c, 'dont_use cell', glob=True)}" for c in pdk.dont_use)
    period_ps = round(1e6 / point.map_clock_mhz, 3)
    hi, lo = pdk.tie_high, pdk.tie_low
    driver = check_identifier(pdk.driver_cell, "driver cell")
    ge_area = library_cells(lib).area(pdk.ge_cell, f"{pdk.path} ge_cell")
    scripts = {
        "yosys_elab.ys": render(
            "yosys_elab.ys",
            read_verilog=point.read_verilog(rtl, any(name.startswith("inc/") for name in inputs)),
            top=point.top,
            flatten=" -flatten" if point.flatten else "",
            chparams=" ".join(f"-chparam {k} {v}" for k, v in point.params),
        ),
        "yosys_map.ys": render(
            "yosys_map.ys", liberty=lib_text, dont_use=dont_use, period_ps=f"{period_ps:g}",
            # Hierarchical netlists split only the top's ports (what compose connects to); splitting every
            # submodule's would write each of the dispatcher's N - 1 node instances bit by bit (160 MB at N = 1024).
            split_top="" if point.flatten else f" {point.top}",
            tie_high=f"{hi[0]} {hi[1]}", tie_low=f"{lo[0]} {lo[1]}",
        ),
        "abc.constr": f"set_driving_cell {driver}\n"
                      f"set_load {point.output_load_pf * 1000.0:g}\n",
    }
    assumptions = {
        "mapping": _mapping_note(corner, point.map_clock_mhz),
        "io": f"ABC buffers and sizes for inputs driven by {pdk.driver_cell} and outputs loading "
              f"{point.output_load_pf:g} pF",
        "gate_equivalent": f"1 GE = the area of {pdk.ge_cell} ({ge_area:g} um^2 in this liberty); kGE = area / 1000 GE",
    }
    tools = {name: version(name) for name in ("pyosys",) + (("iverilog",) if point.perf else ())}
    if point.perf:
        # The generated testbench is part of what shapes the result.
        scripts["perf.py"] = Path(perf.__file__).read_text()
        assumptions["perf"] = "cycles per line and latency from an Icarus simulation at saturation (encrypt)"
    identity = {"point": {k: v for k, v in _point_identity(point).items() if k not in _TIMING_ONLY},
                "mapping": {"corner": corner, "clock_mhz": point.map_clock_mhz},
                "liberty": {"sha256": sha256_file(lib)}}
    provenance = {"point": {"rtl": [str(p) for p in point.rtl], "include_dirs": [str(p) for p in point.include_dirs]},
                  "liberty": {"path": str(lib)}}
    return StepPlan(f"{point.design or point.top}{SYNTH_SUFFIX}", identity, inputs, scripts, tools, assumptions, provenance,
                    outputs=SYNTHESIZED, config=SynthJob(point, lib, ge_area, corner))


# What a timing step takes from the run before it: the netlist it times, and the synthesis statistics its area
# metrics are read from.
SYNTHESIZED = ("netlist.v", "reports/synth_stat.json")


def make_sta_plan(point: FlowPoint, pdk: PdkDescriptor, synthesized: Path) -> StepPlan[StaJob]:
    """OpenSTA at the point's corner and clock on the netlist of `synthesized`: the synthesis run for a vectorless
    point; for a simulated-activity point the vectorless run, whose netlist the workload is simulated on first."""
    pdk.check_corner(point.corner)
    lib = pdk_mod.liberty(pdk, point.corner)
    ge_area = library_cells(lib).area(pdk.ge_cell, f"{pdk.path} ge_cell")
    sealed = sealed_sums(synthesized)  # the files' sums as the earlier run sealed them (a netlist can be 100 MB)
    inputs = {name: (str(synthesized / name), sealed.get(name) or sha256_file(synthesized / name))
              for name in SYNTHESIZED}
    simulated = point.activity != "vectorless"
    scripts = {"sta.tcl": render_sta(point, pdk, lib, "activity/activity.tcl" if simulated else None)}
    tools = {"sta": version("sta")}
    if simulated:
        # The generated cell models and testbenches shape the result: their code is part of the key.
        scripts["activity_code.sha256"] = code_sha256(Path(activity_step.__file__)) + "\n"
        tools["iverilog"] = version("iverilog")
    assumptions = _assumptions(point, pdk, ge_area)
    assumptions["mapping"] = _mapping_note(point.mapping_corner(pdk), point.map_clock_mhz)
    identity = {"point": _point_identity(point), "liberty": {"sha256": sha256_file(lib)}}
    provenance = {"synthesized": str(synthesized), "liberty": {"path": str(lib)}}
    return StepPlan(point.design or point.top, identity, inputs, scripts, tools, assumptions, provenance,
                    outputs=("netlist.v",), config=StaJob(point, lib, synthesized))
