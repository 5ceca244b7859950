"""An array of N identical engines timed from the engine's interface, not from its linked netlist.

Industry flows time a block's instances from an abstract of its interface (an extracted timing model); OpenSTA
2.0.17 cannot write one, so this module extracts it (flows/interface.tcl on the engine's netlist alone, once per
netlist and corner) and writes it as a liberty cell with the engine's ports:

* register -> output: for every output, the arrival and transition of the paths from the engine's registers, as a
  `rising_edge` arc from the clock, in a table over the output's load (the dispatcher's pins on it);
* input -> register: for every data input, the setup and hold requirement of the paths to the registers, as
  `setup_rising` / `hold_rising` checks in a table over the input's transition, and the input's capacitance;
* input -> output: the paths from an input to an output without a register, as a combinational arc over the load;
* two libraries, latest (max) and earliest (min) arrivals, read with `read_liberty -max` / `-min`;
* beside them, the hold slack of the engine's inner register-to-register paths (reports/interface.txt).

The array is then one OpenSTA run on the dispatcher's netlist with N instances of that cell (the flow's own sta.tcl,
the cells' clock pins counted as register clock pins and their constrained inputs as register data pins), which
times every path that crosses an engine's boundary: engine -> dispatcher -> engine, the array's inputs fanned out
to N engines, the dispatcher's own. The paths inside an engine are the engine's own run's, so the array's register
to register slack is the smaller of the two. What a model of this kind leaves out: an output's arrival is tabled
with the other outputs at REFERENCE_LOAD_PF (one gate inside the engine may drive two outputs' nets), rise and fall
requirements of an input are one (the worse), and combinational arcs are tabled over the load at one input
transition (REFERENCE_SLEW_NS). bench/interface_timing.py measures what that costs against the linked netlists.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .. import pdk as pdk_mod
from ..catalog import runtime
from ..designs import Design
from ..designs.arrays import array_top
from ..metrics import Metric
from ..names import check_identifier
from ..pdk import PdkDescriptor
from ..runs import StepPlan, run_step, sealed_sums, sha256_file
from ..tools import version
from ..tools.sta import run_sta
from .linked_top import STA_TIMEOUT_S, execute_linked, render_linked_top
from .plan import FlowPoint, render, render_sta, render_sta_design

LOADS_PF = (0.0, 0.002, 0.005, 0.01, 0.03, 0.1)  # output loads the model is tabled at (pF)
SLEWS_NS = (0.005, 0.02, 0.05, 0.1, 0.3, 1.0)  # input transitions the model is tabled at (ns)
REFERENCE_SLEW_NS = 0.02  # the transition of the inputs of the combinational arcs
# The load on the other outputs while one output's arrival is tabled: about one input pin of the dispatcher's
# nodes (on FlexLib at 45 nm: 1.0 fF for out_valid, 1.6 fF for each data bit, 4.4 fF for key_ready and in_ready).
REFERENCE_LOAD_PF = 0.004
# The clock the model is extracted at. Delays and requirements do not depend on it (the model's checks are the period
# minus the slack); a long one keeps every slack positive, whatever the engine.
EXTRACTION_PERIOD_NS = 100.0
MODEL_LIBS = ("model_max.lib", "model_min.lib")  # latest and earliest arrivals
MEASURED = "reports/interface.txt"  # what the libraries are written from
MODEL_NOTE = ("the engine's interface as a liberty cell: register->output arrival and transition over the output's "
              "load (the other outputs at the reference load), input->register setup and hold over the input's "
              "transition (the worse of rise and fall), input->output arcs over the load, input capacitance; "
              "latest and earliest arrivals in two libraries")
_BIT = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]\Z")
# Library attributes the model copies from the timing library, so transitions are measured alike.
_THRESHOLDS = re.compile(r"^\s*((?:input|output)_threshold_pct_(?:rise|fall)|slew_(?:lower|upper)_threshold_pct_"
                         r"(?:rise|fall)|slew_derate_from_library)\s*:\s*([0-9.eE+-]+)\s*;", re.M)


def interface_plan(point: FlowPoint, engine_run: Path, pdk: PdkDescriptor) -> StepPlan[FlowPoint]:
    """The interface model of the engine netlist in engine_run (a sealed run of cryptoppa.flow.characterize) at
    the point's corner: keyed by the netlist's digest and the timing library, not by the clock or the activity."""
    lib = pdk_mod.liberty(pdk, point.corner)
    sealed = sealed_sums(engine_run)
    script = render_sta_design(point, pdk, lib, period_ns=EXTRACTION_PERIOD_NS) + render(
        "interface.tcl", loads_pf=" ".join(f"{x:g}" for x in LOADS_PF), slews_ns=" ".join(f"{x:g}" for x in SLEWS_NS),
        reference_slew_ns=f"{REFERENCE_SLEW_NS:g}", reference_load_pf=f"{REFERENCE_LOAD_PF:g}")
    return StepPlan(
        f"{point.design or point.top}-interface",
        identity={"step": "interface", "top": point.top, "liberty": {"sha256": sha256_file(lib)}},
        inputs={"netlist.v": (str(engine_run / "netlist.v"), sealed.get("netlist.v") or
                              sha256_file(engine_run / "netlist.v"))},
        scripts={"interface.tcl": script},
        tools={"sta": version("sta")},
        assumptions={"interface": MODEL_NOTE},
        provenance={"engine_run": str(engine_run), "liberty": {"path": str(lib)}},
        outputs=(*MODEL_LIBS, MEASURED),
        config=point)


def execute_interface(plan: StepPlan[FlowPoint], work: Path) -> dict[str, Metric]:
    seconds = run_sta(work, work / "logs" / "interface.log", STA_TIMEOUT_S, "OpenSTA (interface model)",
                      script="interface.tcl")
    model = read_interface(work / MEASURED)
    lib_text = Path(plan.provenance["liberty"]["path"]).read_text()
    for name, which in zip(MODEL_LIBS, ("max", "min")):
        (work / name).write_text(model_liberty(model, plan.config.top, plan.config.clock_port, which, lib_text))
    return {runtime("interface"): Metric(round(seconds, 3), "s", "logs/interface.log", "cryptoppa")}


@dataclass
class Interface:
    """What flows/interface.tcl measured, in ns and pF."""

    inner_hold: float | None = None  # worst hold slack from register to register inside the engine
    caps: dict[str, float] = field(default_factory=dict)  # input port -> capacitance
    setup: dict[str, dict[float, float]] = field(default_factory=lambda: defaultdict(dict))  # port -> slew -> slack
    hold: dict[str, dict[float, float]] = field(default_factory=lambda: defaultdict(dict))
    outputs: list[str] = field(default_factory=list)
    # (from, output) -> (rf, min/max) -> load -> (arrival, transition); from is "" for the registers
    arcs: dict[tuple[str, str], dict[tuple[str, str], dict[float, tuple[float, float]]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(dict)))


def read_interface(path: Path) -> Interface:
    model = Interface()
    for line in Path(path).read_text().splitlines():
        word = line.split()
        if not word:
            continue
        if word[:2] == ["inner", "hold"]:
            model.inner_hold = float(word[2])
        elif word[0] == "cap":
            model.caps[word[1]] = float(word[2])
        elif word[0] in ("setup", "hold") and word[3] != "none":
            getattr(model, word[0])[word[1]][float(word[2])] = float(word[3])
        elif word[0] in ("out", "through"):
            source, rest = ("", word[1:]) if word[0] == "out" else (word[1], word[2:])
            port, load, rf, min_max, arrival, slew = rest
            model.arcs[source, port][rf, min_max][float(load)] = (float(arrival), float(slew))
            if port not in model.outputs:
                model.outputs.append(port)
    return model


def _values(numbers) -> str:
    return ", ".join(f"{x:.6g}" for x in numbers)


def _table(kind: str, template: str, index, values) -> list[str]:
    return [f"{kind} ({template}) {{", f'  index_1 ("{_values(index)}");', f'  values ("{_values(values)}");', "}"]


def _indent(lines: list[str], depth: int) -> list[str]:
    return [" " * depth + line for line in lines]


def _output_timing(model: Interface, source: str, port: str, which: str, clock: str) -> list[str]:
    arcs = model.arcs.get((source, port))
    if not arcs:
        return []
    loads = sorted(next(iter(arcs.values())))
    body = [f'related_pin : "{source or clock}";',
            "timing_type : rising_edge;" if not source else "timing_type : combinational;"]
    if source:
        body.append("timing_sense : non_unate;")
    for rf in ("rise", "fall"):
        table = arcs.get((rf, which)) or arcs.get((rf, "max"))
        if not table:
            continue
        body += _table(f"cell_{rf}", "model_load", loads, [table[x][0] for x in loads])
        body += _table(f"{rf}_transition", "model_load", loads, [table[x][1] for x in loads])
    return ["timing () {", *_indent(body, 2), "}"]


def _input_timing(model: Interface, port: str, clock: str) -> list[str]:
    out = []
    for check, slacks in (("setup", model.setup.get(port)), ("hold", model.hold.get(port))):
        if not slacks:
            continue
        slews = sorted(slacks)
        # setup: the input must arrive (period - slack) before the capturing edge; hold: stay (-slack) after it.
        values = [EXTRACTION_PERIOD_NS - slacks[s] if check == "setup" else -slacks[s] for s in slews]
        body = [f'related_pin : "{clock}";', f"timing_type : {check}_rising;"]
        for rf in ("rise", "fall"):
            body += _table(f"{rf}_constraint", "model_slew", slews, values)
        out += ["timing () {", *_indent(body, 2), "}"]
    return out


def _pin(model: Interface, name: str, clock: str, which: str) -> list[str]:
    if name in model.caps:
        body = ["direction : input;", f"capacitance : {model.caps[name]:.6g};"]
        body += ["clock : true;"] if name == clock else _input_timing(model, name, clock)
    else:
        body = ["direction : output;"]
        for source, port in model.arcs:
            if port == name:
                body += _output_timing(model, source, port, which, clock)
    return [f"pin ({name}) {{", *_indent(body, 2), "}"]


def model_liberty(model: Interface, cell: str, clock: str, which: str, timing_lib: str) -> str:
    """The model as a liberty library of one cell: `which` is "max" (latest arrivals) or "min" (earliest). Ports
    named bit by bit (Yosys's split `name[i]`) become buses, so an instance connects them by name."""
    buses: dict[str, dict[int, str]] = defaultdict(dict)
    singles = []
    for name in [*model.caps, *model.outputs]:
        bit = _BIT.match(name)
        if bit:
            buses[bit.group(1)][int(bit.group(2))] = name
        else:
            singles.append(name)
    head = [f"library (model_{cell}_{which}) {{", "  delay_model : table_lookup;", '  time_unit : "1ns";',
            '  voltage_unit : "1V";', '  current_unit : "1mA";', "  capacitive_load_unit (1, pf);",
            '  pulling_resistance_unit : "1kohm";', '  leakage_power_unit : "1nW";']
    head += [f"  {key} : {value};" for key, value in _THRESHOLDS.findall(timing_lib)]
    head += ["  lu_table_template (model_load) {", "    variable_1 : total_output_net_capacitance;",
             f'    index_1 ("{_values(LOADS_PF)}");', "  }",
             "  lu_table_template (model_slew) {", "    variable_1 : constrained_pin_transition;",
             f'    index_1 ("{_values(SLEWS_NS)}");', "  }"]
    for width in sorted({max(bits) + 1 for bits in buses.values()}):
        head += [f"  type (model_bus_{width}) {{", "    base_type : array;", "    data_type : bit;",
                 f"    bit_width : {width};", f"    bit_from : {width - 1};", "    bit_to : 0;", "    downto : true;",
                 "  }"]
    body = []
    for name in singles:
        body += _pin(model, name, clock, which)
    for base, bits in buses.items():
        direction = "input" if bits[min(bits)] in model.caps else "output"
        body += [f"bus ({base}) {{", f"  bus_type : model_bus_{max(bits) + 1};", f"  direction : {direction};"]
        for i in sorted(bits):
            body += _indent(_pin(model, bits[i], clock, which), 2)
        body.append("}")
    lines = [*head, f"  cell ({cell}) {{", "    area : 0;", *_indent(body, 4), "  }", "}"]
    return "\n".join(lines) + "\n"


def model_tcl(clock: str) -> tuple[str, str]:
    """What sta.tcl needs of the models: reading their libraries, and their pins counted as registers' pins."""
    read = "\n".join(f"read_liberty -{which} {name}" for name, which in zip(MODEL_LIBS, ("max", "min")))
    clock = check_identifier(clock, "clock port")
    registers = (
        "# The engines are interface models (cryptoppa.flow.interface): paths leave their clock pins and end at\n"
        "# their constrained inputs, as at a register's.\n"
        "set model_cells [get_cells -quiet u_eng_*]\n"
        "if {[llength $model_cells]} {\n"
        f"    set model_clk [get_pins -of_objects $model_cells -filter \"lib_pin_name == {clock}\"]\n"
        "    set model_in [get_pins -of_objects $model_cells -filter \"direction == input\"]\n"
        "    set reg_clk [concat $reg_clk $model_clk]\n"
        "    set reg_data [concat $reg_data [delete_from_list $model_in $model_clk]]\n"
        "}")
    return read, registers


def execute_timed(plan: StepPlan[FlowPoint], work: Path) -> dict[str, Metric]:
    return execute_linked(plan, work, ("dispatcher.v", "top.v"), "OpenSTA (array of interface models)")


def timed_plan(engine: Design, point: FlowPoint, n: int, interface_run: Path, disp_run: Path,
               pdk: PdkDescriptor) -> StepPlan[FlowPoint]:
    """OpenSTA on the dispatcher's netlist for n engines and n instances of the engine's interface model (all
    inputs of the plan, so in its key), under a generated top, with the flow's own sta.tcl at the point's clock."""
    top = array_top(engine, n)
    timed = FlowPoint(rtl=(disp_run / "netlist.v",), top=top, pdk=point.pdk, corner=point.corner,
                      clock_mhz=point.clock_mhz, clock_port=point.clock_port, input_activity=point.input_activity,
                      wire_load=point.wire_load)
    lib = pdk_mod.liberty(pdk, point.corner)
    read, registers = model_tcl(point.clock_port)
    models = sealed_sums(interface_run)
    return StepPlan(
        f"{top}-timed",
        identity={"step": "interface-timed", "n": n, "liberty": {"sha256": sha256_file(lib)}},
        inputs={"dispatcher.v": (str(disp_run / "netlist.v"), sealed_sums(disp_run).get("netlist.v") or
                                 sha256_file(disp_run / "netlist.v")),
                **{name: (str(interface_run / name), models[name]) for name in MODEL_LIBS}},
        scripts={"top.v": render_linked_top(engine, n, dict(point.params), models=True),
                 "sta.tcl": render_sta(timed, pdk, lib, models=read, model_registers=registers)},
        tools={"sta": version("sta")},
        assumptions={"timed": "OpenSTA on the dispatcher's netlist and N instances of the engine's interface model "
                              "(cryptoppa.flow.interface) under a generated top; the engine's inner paths are its "
                              "own run's"},
        provenance={"interface_run": str(interface_run), "dispatcher_run": str(disp_run)},
        outputs=("netlist.v",),
        config=timed)


def interface_model(point: FlowPoint, engine_run: Path, pdk: PdkDescriptor, cache: Path, force: bool = False):
    return run_step(interface_plan(point, engine_run, pdk), execute_interface, cache, force)


def timed_array(engine: Design, point: FlowPoint, n: int, interface_run: Path, disp_run: Path, pdk: PdkDescriptor,
                cache: Path, force: bool = False):
    return run_step(timed_plan(engine, point, n, interface_run, disp_run, pdk), execute_timed, cache, force)
