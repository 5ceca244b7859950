"""Our own ngspice decks for a combinational cell: leakage per input state, input pin capacitance by charge, and
internal energy per arc. Each deck holds one cell copy per grid point or state, so a table costs one simulation."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

from ...errors import CryptoppaError, ToolError
from ...tools import run_status
from .spice import Corner, full_swing, instance, logic, ramp, subckt_ports, transient

STEP_PS = 1.0  # largest time step, as lctime's: sff1_x4's clock-to-q within 0.01 ps of a 0.25 ps step


def leakage(cell: str, netlist: str, corner: Corner, inputs: list[str], workdir: Path) -> dict[str, float]:
    """Static power (W) for every input state ("01..." in the order of inputs), one ngspice operating point with
    one instance per state."""
    ports = subckt_ports(netlist)
    states = list(itertools.product((0, 1), repeat=len(inputs)))
    lines = [f"* leakage of {cell}", f".include {corner.models}", netlist, f".temp {corner.temp:g}",
             f"vhi hi 0 dc {corner.vdd:g}"]
    for k, state in enumerate(states):
        level = dict(zip(inputs, state))
        nodes = {p: ("hi" if level[p] else "0") if p in level else f"out{k}_{p}" for p in ports}
        nodes.update({"vdd": f"vdd{k}", "vss": "0"})
        lines += [f"vsup{k} vdd{k} 0 dc {corner.vdd:g}", instance(f"x{k}", cell, netlist, nodes)]
    lines += [".control", "op", *(f"print -i(vsup{k})" for k in range(len(states))), ".endc", ".end"]
    workdir.mkdir(parents=True, exist_ok=True)
    deck = workdir / "leakage.sp"
    deck.write_text("\n".join(lines) + "\n")
    log = workdir / "leakage.log"
    # ngspice -b exits 1 after a .control block even when it worked: the printed currents are the result.
    run_status("ngspice", ["-b", deck.name], cwd=workdir, log=log, timeout=300, what=f"ngspice leakage {cell}")
    found = {int(k): float(v) for k, v in re.findall(r"-i\(vsup(\d+)\)\s*=\s*(\S+)", log.read_text())}
    if len(found) != len(states):
        raise ToolError(f"ngspice leakage {cell}: {len(found)} of {len(states)} currents printed", str(log))
    return {"".join(map(str, s)): found[k] * corner.vdd for k, s in enumerate(states)}


SETTLE_TRIES = 3  # an arc whose outputs have not settled is simulated again for twice as long, this many times


def settle_ps(slews_ps, loads_ff, time_scale: float = 1.0) -> float:
    """A simulated time after which the outputs of the grid should have settled (checked by the final voltage):
    the slowest input edge, 200 ps stretched by the time scale, and 20 ps per fF of load (some ten times what an
    X1 cell of FreePDK45 or sky130 takes), rounded up to a whole picosecond: the decks' measurements name it to
    a tenth of one, and one past the simulated time finds nothing."""
    return float(math.ceil(20.0 + full_swing(max(slews_ps)) + 200.0 * time_scale + 20.0 * max(loads_ff)))


def pin_capacitance(cell: str, netlist: str, corner: Corner, inputs: list[str], slew_ps: float, load_ff: float,
                    workdir: Path) -> dict[str, dict[str, float]]:
    """{pin: {"rise_capacitance", "fall_capacitance", "capacitance"}} in fF: the charge the pin draws over a whole
    input edge (settled to settled, output loaded with load_ff) / Vdd, averaged over every side-input state.

    The charge, not lctime's dV/dt under a constant 10 uA current between 20 % and 80 %: that window holds most
    of the gate-drain (Miller) charge of a slow edge, so it reads some 20 % above what the pin presents to the
    gate that drives it (reports/flexlib: the FO4 chain)."""
    ports = subckt_ports(netlist)
    stop = settle_ps([slew_ps], [load_ff], corner.time_scale)
    out = {}
    for pin in inputs:
        side = [p for p in inputs if p != pin]
        lines, meas, copies = [netlist, f"vhi hi 0 dc {corner.vdd:g}"], [], []
        for state in itertools.product((0, 1), repeat=len(side)):
            for rising in (True, False):
                k = len(copies)
                nodes = {p: ("hi" if b else "0") for p, b in zip(side, state)}
                nodes.update({pin: f"g{k}", "vdd": "vdd", "vss": "0"})
                nodes = {p: nodes.get(p, f"o{k}_{p}") for p in ports}
                lines += [ramp(f"in{k}", rising, slew_ps, vdd=corner.vdd), f"vq{k} in{k} g{k} dc 0",
                          instance(f"x{k}", cell, netlist, nodes)]
                lines += [f"cl{k}_{p} o{k}_{p} 0 {load_ff:g}f" for p in ports if nodes[p] == f"o{k}_{p}"]
                meas.append(f".meas tran q{k} INTEG i(vq{k}) FROM=0p TO={stop:.1f}p")
                copies.append(rising)
        lines.append(f"vdd vdd 0 dc {corner.vdd:g}")
        res = transient(workdir, f"cap_{pin}", lines, meas, corner, stop_ps=stop, step_ps=0.5)
        caps = {True: [], False: []}
        for k, rising in enumerate(copies):
            caps[rising].append(abs(res[f"q{k}"]) / corner.vdd * 1e15)
        rise, fall = sum(caps[True]) / len(caps[True]), sum(caps[False]) / len(caps[False])
        out[pin] = {"rise_capacitance": rise, "fall_capacitance": fall, "capacitance": (rise + fall) / 2}
    return out


def _edge(cell: str, netlist: str, ports: list[str], corner: Corner, side: dict[str, str], related: str,
          rising_in: bool, out_rises: bool, grid: list, workdir: Path, name: str) -> dict[str, float | None]:
    """One input edge of one side-input state over the grid, one cell copy per point: the .meas results. Run for
    twice as long (SETTLE_TRIES times) while some output has not settled."""
    vdd, h = corner.vdd, corner.vdd / 2
    out = "RISE" if out_rises else "FALL"
    stop = settle_ps([s for _, _, s, _ in grid], [c for _, _, _, c in grid], corner.time_scale)
    for _ in range(SETTLE_TRIES):
        lines, meas = [netlist, f"vhi hi 0 dc {vdd:g}"], []
        for k, (_, _, slew, load) in enumerate(grid):
            nodes = {**side, related: f"in{k}", "vss": "0", "vdd": f"vdd{k}"}
            nodes = {p: nodes.get(p, f"out{k}") for p in ports}
            lines += [f"vsup{k} vdd{k} 0 dc {vdd:g}", ramp(f"in{k}", rising_in, slew, vdd=vdd),
                      instance(f"x{k}", cell, netlist, nodes), f"cl{k} out{k} 0 {load:g}f"]
            a, b = (0.2 * vdd, 0.8 * vdd) if out_rises else (0.8 * vdd, 0.2 * vdd)
            meas += [f".meas tran e{k} INTEG par('-i(vsup{k})*{vdd:g}') FROM=0p TO={stop:.1f}p",
                     f".meas tran v{k} FIND v(out{k}) AT={stop:.1f}p",
                     f".meas tran d{k} TRIG v(in{k}) VAL={h:g} {'RISE' if rising_in else 'FALL'}=1 "
                     f"TARG v(out{k}) VAL={h:g} {out}=1",
                     f".meas tran t{k} TRIG v(out{k}) VAL={a:g} {out}=1 TARG v(out{k}) VAL={b:g} {out}=1"]
        res = transient(workdir, name, lines, meas, corner, stop_ps=stop, step_ps=STEP_PS, optional=True)
        ends = [res[f"v{k}"] for k in range(len(grid))]
        if all(abs(v - (vdd if out_rises else 0.0)) <= 0.02 * vdd for v in ends):
            missing = [m for m, v in res.items() if v is None]
            if missing:
                raise ToolError(f"ngspice {name}: no result for {', '.join(missing[:5])}", str(workdir))
            return res
        stop *= 2
    # An output still on the wrong side of Vdd/2 after every try is not slow (sky130_fd_sc_hd__nor4_1 at ss needs a
    # longer run than the first): the cell does not compute its function.
    if any((v > h) != out_rises for v in ends):
        raise ToolError(f"ngspice {cell} {name}: the output ends {'low' if out_rises else 'high'}, against "
                        f"its liberty function", str(workdir))
    raise ToolError(f"ngspice {cell} {name}: output not settled by {stop / 2:.0f} ps", str(workdir))


def arc(cell: str, netlist: str, corner: Corner, function: str, inputs: list[str], related: str,
        slews_ps: tuple[float, ...], loads_ff: tuple[float, ...], workdir: Path) -> dict:
    """One arc related -> output over slew x load, every table rows over slews and columns over loads.

    Internal energy (fJ, "rise_power"/"fall_power", keyed by the output's edge as liberty keys it): what the
    supply delivers over the edge, less the C_load * Vdd^2 charging the load takes on the output's rise (STA tools
    charge that as switching power; the input's own charge is the driving net's switching power), averaged over
    the side-input states that let the related pin switch the output; and {"positive_unate" | "negative_unate":
    {"cell_rise", "cell_fall", "rise_transition", "fall_transition"}} (ps, 50 %-50 % and 20-80 %): the slowest
    side-input state at each grid point, for each sense the arc has (what lctime's calc mode "worst" keeps).
    One ngspice deck per side-input state and input edge, one cell copy per grid point.

    Replaces lctime 0.0.26's power tables, which stop integrating once the output reaches 99 % (a slow input's
    remaining short-circuit current is lost), sum non-uniform time steps as if uniform, and key by input edge."""
    ports = subckt_ports(netlist)
    vdd = corner.vdd
    side = [p for p in inputs if p != related]
    grid = [(i, j, s, c) for i, s in enumerate(slews_ps) for j, c in enumerate(loads_ff)]
    empty = lambda: [[0.0] * len(loads_ff) for _ in slews_ps]  # noqa: E731
    energy = {"rise_power": empty(), "fall_power": empty()}
    counts = {"rise_power": 0, "fall_power": 0}
    worst: dict[str, dict[str, list[list[float]]]] = {}
    for state in itertools.product((0, 1), repeat=len(side)):
        level = dict(zip(side, state))
        before, after = logic(function, {**level, related: 0}), logic(function, {**level, related: 1})
        if before == after:
            continue
        for rising_in in (True, False):
            out_rises = (after if rising_in else before) == 1
            edge = "rise" if out_rises else "fall"
            name = f"arc_{related}_{''.join(map(str, state))}_{'r' if rising_in else 'f'}"
            nodes = {p: ("hi" if level[p] else "0") for p in side}
            res = _edge(cell, netlist, ports, corner, nodes, related, rising_in, out_rises, grid, workdir, name)
            sense = worst.setdefault("positive_unate" if rising_in == out_rises else "negative_unate",
                                     {t: empty() for t in ("cell_rise", "cell_fall", "rise_transition",
                                                            "fall_transition")})
            for k, (i, j, _, load) in enumerate(grid):
                energy[f"{edge}_power"][i][j] += res[f"e{k}"] * 1e15 - (load * vdd * vdd if out_rises else 0.0)
                for table, key in ((f"cell_{edge}", "d"), (f"{edge}_transition", "t")):
                    sense[table][i][j] = max(sense[table][i][j], res[f"{key}{k}"] * 1e12)
            counts[f"{edge}_power"] += 1
    if not all(counts.values()):
        raise CryptoppaError(f"{cell}: {related} never switches the output both ways")
    return {**{e: [[v / counts[e] for v in row] for row in rows] for e, rows in energy.items()}, **worst}
