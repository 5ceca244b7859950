"""Rising-edge flip-flops (FreePDK45's sff1_x4 and sff1r_x4, sky130's dff_x1 and dffnr_x1: data, clock, output
and an optional active-low clear, named per library by FlopPins) by our own ngspice decks: clock-to-q and the
clear arc over input slew x load, internal energy per event, pin capacitance by charge, and leakage per state.
Timing checks (setup, hold, recovery, removal) are in constraints.py.

Every deck holds one flip-flop copy per grid point, each with its own supply (its energy) and sources, so a whole
table is one simulation. All tables are rows over input slews, columns over loads. The decks' event times are
FreePDK45's, stretched by the corner's time_scale for slower libraries."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

from ...errors import ToolError
from .decks import STEP_PS
from .spice import Corner, instance, pwl, transient


@dataclass(frozen=True)
class FlopPins:
    """A rising-edge flip-flop's pins as its library names them."""
    clock: str
    data: str
    q: str
    clear: str | None = None  # active-low asynchronous clear

    def names(self) -> list[str]:
        """The pins in the order leakage states are written: clock, data, clear (if any), q."""
        return [self.clock, self.data, *([self.clear] if self.clear else []), self.q]


@dataclass(frozen=True)
class Flop:
    cell: str
    netlist: str
    pins: FlopPins

    @property
    def has_clear(self) -> bool:
        return self.pins.clear is not None

    def copy(self, k: int, ck: str, d: str, q: str, supply: str, nrst: str | None = None) -> str:
        nodes = {self.pins.clock: ck, self.pins.data: d, self.pins.q: q, "vdd": supply}
        if self.pins.clear:
            nodes[self.pins.clear] = nrst or "hi"
        return instance(f"x{k}", self.cell, self.netlist, nodes)


# Clock-to-q deck (FreePDK45 times, ps): rising clock edges start at these times and fall 500 ps later; the data
# rises and falls while the clock is low, so each edge does one thing.
_CK_RISE = (200.0, 1200.0, 2200.0, 3200.0, 4200.0)  # capture 0 | q rises | no change | q falls | no change
_CK_FALL = tuple(t + 500.0 for t in _CK_RISE)
_D_RISE, _D_FALL = 900.0, 2900.0
_CKQ_STOP = 5000.0


@dataclass(frozen=True)
class _Frame:
    """The clock-to-q deck's event times (ps), stretched by the corner's time scale."""
    scale: float

    @property
    def ck_rise(self) -> tuple[float, ...]:
        return tuple(t * self.scale for t in _CK_RISE)

    @property
    def ck_fall(self) -> tuple[float, ...]:
        return tuple(t * self.scale for t in _CK_FALL)

    @property
    def d_rise(self) -> float:
        return _D_RISE * self.scale

    @property
    def d_fall(self) -> float:
        return _D_FALL * self.scale

    @property
    def ckq_stop(self) -> float:
        return _CKQ_STOP * self.scale

    def window(self, start: float) -> tuple[float, float]:
        """The energy window of the event starting at `start`: up to 10 ps before the next event."""
        events = sorted((*self.ck_rise, *self.ck_fall, self.d_rise, self.d_fall, self.ckq_stop))
        return start - 10.0, next(t for t in events if t > start) - 10.0


def _charge(frame: _Frame, k: int, start: float) -> str:
    """The supply's charge over the event's window; energy is -Vdd times it. (ngspice allows 99 par() calls per
    deck, fewer than a table's copies x events, so the product is taken here.)"""
    a, b = frame.window(start)
    return f".meas tran e{k}_{start:.0f} INTEG i(vsup{k}) FROM={a:.1f}p TO={b:.1f}p"


def clock_to_q(flop: Flop, corner: Corner, slews: tuple[float, ...], loads: tuple[float, ...],
               workdir: Path) -> dict:
    """Clock-to-q delay and q transition (ps) over clock slew x load, internal energies (fJ) and the charge of
    the ck and i pins (fF). Energies are the supply's over one event: q's rise_power/fall_power are a clock edge
    that changes q less one that does not (the ck pin's own table) and, on a rise, less C_load*Vdd^2; the i pin's
    are a data edge while the clock is low (the master latch follows it then; when the data changes while the
    clock is high the master flips at the next falling edge instead, for the same energy)."""
    vdd, h = corner.vdd, corner.vdd / 2
    f = _Frame(corner.time_scale)
    ck_rise, ck_fall, d_rise, d_fall = f.ck_rise, f.ck_fall, f.d_rise, f.d_fall
    lines, meas, grid = [flop.netlist, f"vhi hi 0 dc {vdd:g}"], [], []
    for i, slew in enumerate(slews):
        for j, load in enumerate(loads):
            k = len(grid)
            grid.append((i, j))
            ck = sorted([(t, True, slew) for t in ck_rise] + [(t, False, slew) for t in ck_fall])
            lines += [f"vsup{k} vdd{k} 0 dc {vdd:g}", pwl(f"ck{k}", ck, vdd), pwl(f"d{k}", [(d_rise, True, slew),
                      (d_fall, False, slew)], vdd), f"vqc{k} ck{k} cki{k} dc 0", f"vqd{k} d{k} di{k} dc 0",
                      flop.copy(k, f"cki{k}", f"di{k}", f"q{k}", f"vdd{k}"), f"cl{k} q{k} 0 {load:g}f"]
            up, down = ck_rise[1] - 50, ck_rise[3] - 50
            meas += [f".meas tran dr{k} TRIG v(ck{k}) VAL={h:g} RISE=1 TD={up:.0f}p "
                     f"TARG v(q{k}) VAL={h:g} RISE=1 TD={up:.0f}p",
                     f".meas tran df{k} TRIG v(ck{k}) VAL={h:g} RISE=1 TD={down:.0f}p "
                     f"TARG v(q{k}) VAL={h:g} FALL=1 TD={down:.0f}p",
                     f".meas tran tr{k} TRIG v(q{k}) VAL={0.2 * vdd:g} RISE=1 TD={up:.0f}p "
                     f"TARG v(q{k}) VAL={0.8 * vdd:g} RISE=1 TD={up:.0f}p",
                     f".meas tran tf{k} TRIG v(q{k}) VAL={0.8 * vdd:g} FALL=1 TD={down:.0f}p "
                     f"TARG v(q{k}) VAL={0.2 * vdd:g} FALL=1 TD={down:.0f}p",
                     f".meas tran v{k} FIND v(q{k}) AT={ck_rise[2] - 20:.0f}p",
                     *(_charge(f, k, t) for t in (*ck_rise[1:], *ck_fall[1:4], d_rise, d_fall)),
                     *(f".meas tran qc{k}_{t:.0f} INTEG i(vqc{k}) FROM={f.window(t)[0]:.1f}p TO={f.window(t)[1]:.1f}p"
                       for t in (*ck_rise[1:], *ck_fall[1:4])),
                     *(f".meas tran qd{k}_{t:.0f} INTEG i(vqd{k}) FROM={f.window(t)[0]:.1f}p TO={f.window(t)[1]:.1f}p"
                       for t in (d_rise, d_fall))]
    res = transient(workdir, f"ckq_{flop.cell}", lines, meas, corner, stop_ps=f.ckq_stop, step_ps=STEP_PS)
    n_s, n_l = len(slews), len(loads)
    out = {t: [[0.0] * n_l for _ in range(n_s)] for t in ("cell_rise", "cell_fall", "rise_transition",
                                                         "fall_transition", "rise_power", "fall_power")}
    ck_rise_e, ck_fall_e, d_rise_e, d_fall_e = ([0.0] * n_s for _ in range(4))
    cap = {"ck": [0.0, 0.0], "i": [0.0, 0.0]}
    for k, (i, j) in enumerate(grid):
        if abs(res[f"v{k}"] - vdd) > 0.05 * vdd:
            raise ToolError(f"ngspice {flop.cell}: q did not capture a 1", str(workdir))
        e = {t: -res[f"e{k}_{t:.0f}"] * vdd * 1e15 for t in (*ck_rise[1:], *ck_fall[1:4], d_rise, d_fall)}
        quiet = (e[ck_rise[2]] + e[ck_rise[4]]) / 2
        out["cell_rise"][i][j], out["cell_fall"][i][j] = res[f"dr{k}"] * 1e12, res[f"df{k}"] * 1e12
        out["rise_transition"][i][j], out["fall_transition"][i][j] = res[f"tr{k}"] * 1e12, res[f"tf{k}"] * 1e12
        out["rise_power"][i][j] = e[ck_rise[1]] - quiet - loads[j] * vdd * vdd
        out["fall_power"][i][j] = e[ck_rise[3]] - quiet
        ck_rise_e[i] += quiet / n_l
        ck_fall_e[i] += sum(e[t] for t in ck_fall[1:4]) / 3 / n_l
        d_rise_e[i] += e[d_rise] / n_l
        d_fall_e[i] += e[d_fall] / n_l
        cap["ck"][0] += sum(res[f"qc{k}_{t:.0f}"] for t in ck_rise[1:]) / 4 / len(grid)
        cap["ck"][1] -= sum(res[f"qc{k}_{t:.0f}"] for t in ck_fall[1:4]) / 3 / len(grid)
        cap["i"][0] += res[f"qd{k}_{d_rise:.0f}"] / len(grid)
        cap["i"][1] -= res[f"qd{k}_{d_fall:.0f}"] / len(grid)
    return {"q": out, "ck_power": {"rise_power": ck_rise_e, "fall_power": ck_fall_e},
            "i_power": {"rise_power": d_rise_e, "fall_power": d_fall_e},
            "capacitance": {p: _capacitance(r, fa, vdd) for p, (r, fa) in cap.items()}}


def _capacitance(rise_c: float, fall_c: float, vdd: float) -> dict[str, float]:
    rise, fall = rise_c / vdd * 1e15, fall_c / vdd * 1e15
    return {"rise_capacitance": rise, "fall_capacitance": fall, "capacitance": (rise + fall) / 2}


# Clear deck (FreePDK45 times, ps): the clock captures a 1 at 200 ps; the clock then stays high (one copy) or falls at 700 ps
# (the other): the clear acts through different nodes in the two phases and the table keeps the slower.
_NRST = ((1000.0, False), (1500.0, True), (2000.0, False), (2500.0, True))  # q falls | then no change
_CLEAR_STOP = 3000.0


def clear(flop: Flop, corner: Corner, slews: tuple[float, ...], loads: tuple[float, ...], workdir: Path) -> dict:
    """The asynchronous clear nrst -> q (q falling) over nrst slew x load: delay and transition (ps), its energy
    less an nrst edge that changes nothing (fJ), the nrst pin's own energy per edge and its charge (fF)."""
    vdd, h, sc = corner.vdd, corner.vdd / 2, corner.time_scale
    events = [(t * sc, rising) for t, rising in _NRST]
    stop = _CLEAR_STOP * sc
    lines, meas, grid = [flop.netlist, f"vhi hi 0 dc {vdd:g}"], [], []
    for i, slew in enumerate(slews):
        for j, load in enumerate(loads):
            for high in (True, False):
                k = len(grid)
                grid.append((i, j))
                ck = [(200.0 * sc, True, 20.0)] + ([] if high else [(700.0 * sc, False, 20.0)])
                lines += [f"vsup{k} vdd{k} 0 dc {vdd:g}", pwl(f"ck{k}", ck, vdd),
                          pwl(f"r{k}", [(t, rising, slew) for t, rising in events], vdd, start_high=True),
                          f"vqr{k} r{k} ri{k} dc 0", flop.copy(k, f"ck{k}", "hi", f"q{k}", f"vdd{k}", f"ri{k}"),
                          f"cl{k} q{k} 0 {load:g}f"]
                meas += [f".meas tran d{k} TRIG v(r{k}) VAL={h:g} FALL=1 TARG v(q{k}) VAL={h:g} FALL=1",
                         f".meas tran t{k} TRIG v(q{k}) VAL={0.8 * vdd:g} FALL=1 TARG v(q{k}) VAL={0.2 * vdd:g} FALL=1",
                         f".meas tran v{k} FIND v(q{k}) AT={events[0][0] - 20:.0f}p",
                         f".meas tran w{k} MAX v(q{k}) FROM={events[1][0]:.0f}p TO={stop:.0f}p"]
                for n, (t, _) in enumerate(events):
                    end = events[n + 1][0] if n + 1 < len(events) else stop
                    meas += [f".meas tran e{k}_{n} INTEG i(vsup{k}) FROM={t - 10:.0f}p TO={end - 10:.0f}p",
                             f".meas tran c{k}_{n} INTEG i(vqr{k}) FROM={t - 10:.0f}p TO={end - 10:.0f}p"]
    res = transient(workdir, f"clear_{flop.cell}", lines, meas, corner, stop_ps=stop, step_ps=STEP_PS)
    n_s, n_l = len(slews), len(loads)
    out = {t: [[0.0] * n_l for _ in range(n_s)] for t in ("cell_fall", "fall_transition", "fall_power")}
    rise, fall, charge = [0.0] * n_s, [0.0] * n_s, [0.0, 0.0]
    for k, (i, j) in enumerate(grid):
        if abs(res[f"v{k}"] - vdd) > 0.05 * vdd or res[f"w{k}"] > 0.1 * vdd:
            raise ToolError(f"ngspice {flop.cell}: q did not hold its 1 before the clear or rose after it",
                            str(workdir))
        e = [-res[f"e{k}_{n}"] * vdd * 1e15 for n in range(len(events))]
        out["cell_fall"][i][j] = max(out["cell_fall"][i][j], res[f"d{k}"] * 1e12)
        out["fall_transition"][i][j] = max(out["fall_transition"][i][j], res[f"t{k}"] * 1e12)
        out["fall_power"][i][j] += (e[0] - e[2]) / 2
        rise[i] += (e[1] + e[3]) / 2 / (2 * n_l)
        fall[i] += e[2] / (2 * n_l)
        charge[0] += (res[f"c{k}_1"] + res[f"c{k}_3"]) / 2 / len(grid)
        charge[1] -= (res[f"c{k}_0"] + res[f"c{k}_2"]) / 2 / len(grid)
    return {"q": out, "nrst_power": {"rise_power": rise, "fall_power": fall},
            "capacitance": {"nrst": _capacitance(*charge, vdd)}}


def leakage(flop: Flop, corner: Corner, workdir: Path) -> dict[str, float]:
    """Static power (W) per state (0/1 digits of FlopPins.names(): clock, data, clear if any, q): the state is set
    by clocking q in (or clearing it), then the supply current is averaged once everything has settled."""
    vdd, sc = corner.vdd, corner.time_scale
    states = [s for s in itertools.product((0, 1), repeat=4 if flop.has_clear else 3)
              if not flop.has_clear or s[2] or not s[3]]  # nrst = 0 forces q = 0
    lines, meas = [flop.netlist, f"vhi hi 0 dc {vdd:g}"], []
    for k, state in enumerate(states):
        ck, d, q = state[0], state[1], state[-1]
        nrst = state[2] if flop.has_clear else 1
        clock = [(200.0 * sc, True, 20.0)] + ([] if ck else [(700.0 * sc, False, 20.0)])
        data = [(1000.0 * sc, bool(d), 20.0)] if d != q else []
        lines += [f"vsup{k} vdd{k} 0 dc {vdd:g}", pwl(f"ck{k}", clock, vdd), pwl(f"d{k}", data, vdd, bool(q)),
                  pwl(f"r{k}", [] if nrst else [(1000.0 * sc, False, 20.0)], vdd, start_high=True),
                  flop.copy(k, f"ck{k}", f"d{k}", f"q{k}", f"vdd{k}", f"r{k}")]
        meas += [f".meas tran i{k} AVG i(vsup{k}) FROM={2500 * sc:.0f}p TO={3000 * sc:.0f}p",
                 f".meas tran v{k} FIND v(q{k}) AT={3000 * sc:.0f}p"]
    res = transient(workdir, f"leakage_{flop.cell}", lines, meas, corner, stop_ps=3000.0 * sc, step_ps=1.0)
    out = {}
    for k, state in enumerate(states):
        if abs(res[f"v{k}"] - state[-1] * vdd) > 0.05 * vdd:
            raise ToolError(f"ngspice {flop.cell}: state {state} not reached", str(workdir))
        out["".join(map(str, state))] = -res[f"i{k}"] * vdd
    return out
