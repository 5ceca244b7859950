"""Independent ngspice transients that check the characterized tables: small decks written from the liberty
definitions alone, sharing nothing with the characterization decks but the netlists and the models. Their times
are FreePDK45's, stretched by the corner's time_scale; a flip-flop's pins are its library's (targets.py)."""

from __future__ import annotations

import re
from pathlib import Path

from ...errors import ToolError
from ...tools import run
from ..stage_delay import fo4_delay_ps
from .flop import FlopPins
from .spice import Corner, full_swing, instance, pwl, ramp, transient
from .targets import FREEPDK45

INV_PINS = {"i": "IN", "nq": "OUT"}
NAND2_PINS = {"i0": "IN", "i1": "vdd", "nq": "OUT"}


def inverter_transient(workdir: Path, netlist: str, corner: Corner, slew_ps: float, load_ff: float,
                       cell: str = "inv_x1", pins: tuple[str, str] = ("i", "nq")) -> dict:
    """An inverter (inv_x1 unless named, pins (input, output)) driving load_ff from an input of slew_ps: 50 %-50 %
    delays in ps ("cell_rise": output rising, "cell_fall") and internal energy in fJ ("rise_power": output rising,
    "fall_power"): what the supply delivers over the edge, less the C_load * Vdd^2 that charging the load takes on
    the output's rise."""
    vdd, out, stop = corner.vdd, {}, 400.0 * corner.time_scale
    for rising_in in (True, False):
        tag = "r" if rising_in else "f"
        res = transient(workdir, f"inv_{tag}", [
            netlist, f"vdd vdd 0 dc {vdd:g}", ramp("in", rising_in, slew_ps, vdd=vdd),
            instance("x1", cell, netlist, {pins[0]: "in", pins[1]: "out"}), f"cl out 0 {load_ff}f"],
            [f".meas tran d TRIG v(in) VAL={vdd / 2:g} {'RISE' if rising_in else 'FALL'}=1 "
             f"TARG v(out) VAL={vdd / 2:g} {'FALL' if rising_in else 'RISE'}=1",
             f".meas tran esup INTEG par('-i(vdd)*{vdd:g}') FROM=0p TO={stop:g}p"], corner, stop_ps=stop)
        edge = "fall" if rising_in else "rise"
        out[f"cell_{edge}"] = res["d"] * 1e12
        load_energy = 0.0 if rising_in else load_ff * 1e-15 * vdd * vdd
        out[f"{edge}_power"] = (res["esup"] - load_energy) * 1e15
    return out


def _flop_deck(netlist: str, cell: str, pins: FlopPins, vdd: float, slew_ps: float, load_ff: float, data: str,
               scale: float) -> list[str]:
    full = full_swing(slew_ps)
    clock = ["0 0"]
    for t in (100.0 * scale, 400.0 * scale, 700.0 * scale):  # rising clock edges, high for half the gap
        high = 150.0 * scale
        clock += [f"{t:.1f}p 0", f"{t + full:.2f}p {vdd:g}", f"{t + high:.1f}p {vdd:g}", f"{t + high + full:.2f}p 0"]
    nodes = {pins.clock: "ck", pins.data: "d", pins.q: "q"} | ({pins.clear: "vdd"} if pins.clear else {})
    return [netlist, f"vdd vdd 0 dc {vdd:g}", f"vck ck 0 pwl({' '.join(clock)})", f"vi d 0 {data}",
            instance("x1", cell, netlist, nodes), f"cl q 0 {load_ff}f"]


def flop_clock_to_q(workdir: Path, netlist: str, corner: Corner, slew_ps: float, load_ff: float,
                    cell: str = "sff1_x4", pins: FlopPins | None = None) -> dict[str, float]:
    """Clock-to-q (ps, 50 %-50 %) with the data settled long before the edge: {"cell_rise": q rising,
    "cell_fall": q falling}. q is only looked at after the edge before the measured one: its power-up state is
    arbitrary (sff1r_x4 comes up high and falls at the first edge). pins default to FlexLib's cell's."""
    vdd, sc = corner.vdd, corner.time_scale
    pins = pins or FREEPDK45.flops[cell]
    data = f"pwl(0 0 {250 * sc:g}p 0 {260 * sc:g}p {vdd:g} {550 * sc:g}p {vdd:g} {560 * sc:g}p 0)"  # capture 1, 0
    res = transient(workdir, f"{cell}_ckq", _flop_deck(netlist, cell, pins, vdd, slew_ps, load_ff, data, sc),
                    [f".meas tran r TRIG v(ck) VAL={vdd / 2:g} RISE=2 TARG v(q) VAL={vdd / 2:g} RISE=1 "
                     f"TD={350 * sc:g}p",
                     f".meas tran f TRIG v(ck) VAL={vdd / 2:g} RISE=3 TARG v(q) VAL={vdd / 2:g} FALL=1 "
                     f"TD={650 * sc:g}p"],
                    corner, stop_ps=1000 * sc)
    return {"cell_rise": res["r"] * 1e12, "cell_fall": res["f"] * 1e12}


def flop_setup_rise(workdir: Path, netlist: str, corner: Corner, clock_slew_ps: float, data_slew_ps: float,
                    load_ff: float, setup_ps: float, cell: str = "sff1_x4", pins: FlopPins | None = None) -> float | None:
    """Clock-to-q (ps) of capturing a rising data edge whose 50 % point comes setup_ps before the clock's
    (the third rising clock edge, at 700 ps + half its ramp); None when the flip-flop does not capture it."""
    vdd, sc = corner.vdd, corner.time_scale
    pins = pins or FREEPDK45.flops[cell]
    clock_mid = 700.0 * sc + full_swing(clock_slew_ps) / 2
    start = clock_mid - setup_ps - full_swing(data_slew_ps) / 2
    data = f"pwl(0 0 {start:.3f}p 0 {start + full_swing(data_slew_ps):.3f}p {vdd:g})"
    res = transient(workdir, f"{cell}_setup_{setup_ps:.2f}",
                    _flop_deck(netlist, cell, pins, vdd, clock_slew_ps, load_ff, data, sc),
                    [f".meas tran d TRIG v(ck) VAL={vdd / 2:g} RISE=3 TARG v(q) VAL={vdd / 2:g} RISE=1 "
                     f"TD={650 * sc:g}p", f".meas tran v FIND v(q) AT={1000 * sc:g}p"], corner, stop_ps=1000 * sc,
                    optional=True)
    return res["d"] * 1e12 if res["d"] is not None and res["v"] > 0.9 * vdd else None


def fo4(workdir: Path, netlists: dict[str, str], corner: Corner, cell: str, pins: dict[str, str]) -> tuple[float, float]:
    """(delay ps, input capacitance fF) in a chain where every gate drives four copies of itself: the average
    50 %-50 % delay of one gate, and the charge one of its loads draws over an edge / Vdd (mean of both edges).
    pins name the cell's ports, IN and OUT standing for the chain's nodes, side inputs tied."""
    vdd, h, sc = corner.vdd, corner.vdd / 2, corner.time_scale

    def gate(name, a, y):
        return instance(name, cell, netlists[cell], {q: {"IN": a, "OUT": y}.get(n, n) for q, n in pins.items()})

    full, fall = full_swing(20.0), 150.0 * sc  # a pulse: rising at 20 ps, falling at 150 ps (stretched)
    body = [netlists[cell], f"vdd vdd 0 dc {vdd:g}",
            f"vn0 n0 0 pwl(0 0 20p 0 {20 + full:.3f}p {vdd:g} {fall:g}p {vdd:g} {fall + full:.3f}p 0)"]
    for k in range(4):
        body.append(gate(f"xs{k}", f"n{k}", f"n{k + 1}"))
        # One load of stage 2 draws its charge through a 0 V source: the capacitance the chain sees.
        body += [gate(f"xd{k}_{j}", f"p{k}" if (k, j) == (2, 0) else f"n{k + 1}", f"d{k}_{j}") for j in range(3)]
    body += ["vprobe n3 p2 dc 0", *(gate(f"xe{j}", "n4", f"e{j}") for j in range(4))]
    # Stage 2 (n2 -> n3) sees a realistic input slew and a realistic load.
    res = transient(workdir, f"fo4_{cell}", body, [
        f".meas tran a TRIG v(n2) VAL={h:g} RISE=1 TARG v(n3) VAL={h:g} FALL=1",
        f".meas tran b TRIG v(n2) VAL={h:g} FALL=1 TARG v(n3) VAL={h:g} RISE=1",
        f".meas tran qa INTEG i(vprobe) FROM=0p TO={fall - 5:g}p",
        f".meas tran qb INTEG i(vprobe) FROM={fall - 5:g}p TO={2 * fall:g}p"], corner, stop_ps=2 * fall, step_ps=0.2)
    return (res["a"] + res["b"]) / 2 * 1e12, (abs(res["qa"]) + abs(res["qb"])) / 2 / vdd * 1e15


def sta_fo4(workdir: Path, liberty: Path) -> float:
    """OpenSTA's FO4 delay (ps) of inv_x1 on a FlexLib liberty: the stage-delay probe every library gets
    (cryptoppa.pdk.stage_delay), beside which the ngspice transient of `fo4` is set."""
    return fo4_delay_ps(workdir, liberty, "inv_x1", "i", "nq")


def toggle_energy(workdir: Path, netlist: str, corner: Corner, cell: str, pins: dict[str, str], slew_ps: float,
                  load_ff: float) -> float:
    """The supply energy (fJ) of one whole output cycle, a rise and a fall, as a gate toggling in a design draws it:
    `cell` driving load_ff from an input pulse of slew_ps, integrated from before the first edge to after the
    second has settled. pins name the cell's ports, IN for the pulsed input, side inputs tied (vdd or 0). No
    convention of the characterization's decks enters (which edge the load's C*Vdd^2 is taken from, per-edge
    windows): a liberty's rise_power + fall_power + C_load*Vdd^2 must come to this."""
    vdd, sc = corner.vdd, corner.time_scale
    gap = 300.0 * sc
    nodes = {p: {"IN": "in", "OUT": "out"}.get(n, n) for p, n in pins.items()}
    res = transient(workdir, f"toggle_{cell}", [
        netlist, f"vdd vdd 0 dc {vdd:g}", pwl("in", [(20.0, True, slew_ps), (20.0 + gap, False, slew_ps)], vdd),
        instance("x1", cell, netlist, nodes), f"cl out 0 {load_ff:g}f"],
        [f".meas tran e INTEG par('-i(vdd)*{vdd:g}') FROM=0p TO={20 + 2 * gap:g}p"], corner,
        stop_ps=20 + 2 * gap)
    return res["e"] * 1e15


def flop_clock_energy(workdir: Path, netlist: str, corner: Corner, slew_ps: float, cell: str = "sff1_x4",
                      pins: FlopPins | None = None) -> float:
    """The supply energy (fJ) of one clock cycle, a rising and a falling edge of slew_ps, of a flip-flop whose data
    and q do not change (both low): what its clock costs every cycle of an engine, the flip-flop's largest term."""
    vdd, sc = corner.vdd, corner.time_scale
    pins = pins or FREEPDK45.flops[cell]
    edges = [(t * sc, rising, slew_ps) for t, rising in ((100.0, True), (600.0, False), (1100.0, True),
                                                          (1600.0, False))]
    nodes = {pins.clock: "ck", pins.data: "0", pins.q: "q"} | ({pins.clear: "vdd"} if pins.clear else {})
    res = transient(workdir, f"{cell}_clock", [
        netlist, f"vdd vdd 0 dc {vdd:g}", pwl("ck", edges, vdd), instance("x1", cell, netlist, nodes),
        "cl q 0 1f"],  # the first cycle settles the power-up state; the second is measured
        [f".meas tran e INTEG par('-i(vdd)*{vdd:g}') FROM={1050 * sc:g}p TO={2050 * sc:g}p",
         f".meas tran v FIND v(q) AT={2050 * sc:g}p"], corner, stop_ps=2100 * sc)
    if res["v"] > 0.1 * vdd:
        raise ToolError(f"ngspice {cell}: q is not held low with its data low", str(workdir))
    return res["e"] * 1e15


def sta_internal_energy(workdir: Path, liberty: Path, cell: str, a: str, y: str, slew_ps: float, load_ff: float,
                        ties: dict[str, int] | None = None) -> float:
    """The internal energy (fJ) OpenSTA charges per output transition of one `cell` whose input `a` toggles once a
    cycle (its other inputs held at `ties`) into load_ff, its activity annotated as flows/sta.tcl annotates a
    simulated net (clocked ports, power computed once, then sta::set_power_pin_activity): the instance's internal
    power / the output's transitions per second. The liberty's definition makes it the mean of the arc's
    rise_power and fall_power at that slew and load."""
    period_ns = 10.0
    side = dict(ties or {})
    ports = [a, *side]
    pins = ", ".join([*(f".{p}({p})" for p in ports), f".{y}(y)"])
    (workdir / "cell.v").parent.mkdir(parents=True, exist_ok=True)
    (workdir / "cell.v").write_text(f"module one ({', '.join(ports)}, y);\n  input {', '.join(ports)};\n"
                                    f"  output y;\n  {cell} x1 ({pins});\nendmodule\n")
    activity = {a: (1.0, 0.5), **{p: (0.0, float(v)) for p, v in side.items()}}
    annotate = "".join(f"sta::set_power_input_port_activity [get_ports {p}] {act:g} {duty:g}\n"
                       f"foreach pin [get_pins -of_objects [get_nets {p}]] {{ sta::set_power_pin_activity $pin "
                       f"{act:g} {duty:g} }}\n" for p, (act, duty) in activity.items())
    (workdir / "power.tcl").write_text(
        f"read_liberty {{{liberty}}}\nread_verilog cell.v\nlink_design one\n"
        "set_cmd_units -time ns -capacitance pF -power W\n"
        f"create_clock -name clk -period {period_ns:g}\n"
        f"set_input_delay 0 -clock clk [all_inputs]\nset_output_delay 0 -clock clk [all_outputs]\n"
        f"set_input_transition {slew_ps / 1000:g} [all_inputs]\nset_load {load_ff / 1000:g} [get_ports y]\n"
        "sta::design_power [sta::cmd_corner]\n" + annotate
        + f"sta::set_power_pin_activity [get_pins x1/{y}] 1 0.5\n"
        "puts \"internal [lindex [sta::instance_power [get_cells x1] [sta::cmd_corner]] 0]\"\n")
    log = workdir / "power.log"
    run("sta", ["-no_init", "-no_splash", "-exit", "power.tcl"], cwd=workdir, log=log, timeout=120,
        what="OpenSTA internal power")
    found = re.search(r"^internal (\S+)$", log.read_text(), re.M)
    if found is None:
        raise ToolError("OpenSTA internal power: no figure in the log", str(log))
    return float(found.group(1)) * period_ns * 1e-9 * 1e15  # one output transition per cycle
