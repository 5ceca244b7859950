"""Timing checks of the flip-flops by bisection on the constrained edge: setup and hold of the data i, recovery
and removal of the clear's release (nrst rising), each against the rising clock.

The criterion is the usual one of commercial characterizers (Liberate's defaults):
- setup, hold, recovery: the constrained edge is as close to the clock edge as it can be while the flip-flop
  still captures the intended value with a clock-to-q at most 10 % above its value with the edge far away;
- removal (the clock edge must not capture while the clear is still asserted): q must not rise above 10 % of
  Vdd after the clock edge.
A constraint is the offset between the 50 % points of the two edges, positive when the constrained edge comes
before the clock (setup, recovery) or after it (hold, removal), as liberty counts them. Bisection runs every grid
point at once (one deck per step, one flip-flop copy per point) to 0.25 ps and reports the passing side. The
deck's times are FreePDK45's, stretched by the corner's time_scale for slower libraries."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...errors import ToolError
from .flop import Flop
from .spice import Corner, full_swing, pwl, transient

PUSHOUT = 0.10  # clock-to-q may grow by this fraction
GLITCH = 0.10  # of Vdd, for removal
TOLERANCE_PS = 0.25
STEP_PS = 2.0  # pass or fail: clock-to-q moves by 0.03 ps from a 0.25 ps step, a hundredth of the 10 % margin
_T_CLOCK = 420.0  # 50 % point of the checked clock edge (ps); an earlier edge at 30 ps sets the state
_STOP = _T_CLOCK + 300.0
_SEARCH = (-100.0, 200.0)  # offsets (ps) that fail and pass for every check of these cells (checked)


@dataclass(frozen=True)
class Check:
    kind: str  # setup | hold | recovery | removal
    edge: str  # the constrained pin's edge: rise | fall

    @property
    def q_edge(self) -> str | None:
        """The q edge the clock must produce (None: removal, where it must produce none)."""
        if self.kind == "removal":
            return None
        if self.kind == "recovery":
            return "rise"
        return self.edge if self.kind == "setup" else {"rise": "fall", "fall": "rise"}[self.edge]


def checks(has_clear: bool) -> list[Check]:
    """The checks of a flip-flop: setup and hold of both data edges, recovery and removal of a clear's release."""
    found = [Check(k, e) for k in ("setup", "hold") for e in ("rise", "fall")]
    return found + ([Check("recovery", "rise"), Check("removal", "rise")] if has_clear else [])


def _copy(flop: Flop, check: Check, k: int, offset: float, data_slew: float, clock_slew: float,
          vdd: float, scale: float) -> list[str]:
    t_clock = _T_CLOCK * scale
    edge_at = t_clock - offset if check.kind in ("setup", "recovery") else t_clock + offset
    start = edge_at - full_swing(data_slew) / 2
    clock = [(t_clock - full_swing(clock_slew) / 2, True, clock_slew)]
    if check.kind in ("setup", "hold"):
        clock = [(30.0 * scale, True, 20.0), (150.0 * scale, False, 20.0)] + clock
    rising = check.edge == "rise"
    data = nrst = None
    if check.kind == "setup":
        data = pwl(f"d{k}", [(start, rising, data_slew)], vdd, start_high=not rising)
    elif check.kind == "hold":  # the clock captures !edge at _T_CLOCK; the data then changes to edge
        data = pwl(f"d{k}", [(200.0 * scale, not rising, 20.0), (start, rising, data_slew)], vdd,
                   start_high=rising)
    else:
        nrst = pwl(f"r{k}", [(start, True, data_slew)], vdd)
    lines = [pwl(f"ck{k}", clock, vdd), data or f"vd{k} d{k} 0 dc {vdd:g}", nrst or f"vr{k} r{k} 0 dc {vdd:g}",
             flop.copy(k, f"ck{k}", f"d{k}", f"q{k}", "vdd", f"r{k}")]
    return lines


def _passes(check: Check, k: int, res: dict, reference: float | None, vdd: float) -> bool:
    if check.q_edge is None:
        return res[f"m{k}"] < GLITCH * vdd
    delay, final = res[f"d{k}"], res[f"v{k}"]
    want = vdd if check.q_edge == "rise" else 0.0
    return delay is not None and delay * 1e12 <= (1 + PUSHOUT) * reference and abs(final - want) < 0.1 * vdd


def _run(flop: Flop, check: Check, corner: Corner, points: list[tuple[float, float, float]], load: float,
         references: dict[float, float], workdir: Path, name: str) -> list[bool]:
    """Simulate one copy per (offset, data slew, clock slew); whether each passes."""
    vdd, h, scale = corner.vdd, corner.vdd / 2, corner.time_scale
    stop = _STOP * scale
    lines, meas = [flop.netlist, f"vdd vdd 0 dc {vdd:g}", f"vhi hi 0 dc {vdd:g}"], []
    for k, (offset, data_slew, clock_slew) in enumerate(points):
        lines += _copy(flop, check, k, offset, data_slew, clock_slew, vdd, scale) + [f"cl{k} q{k} 0 {load:g}f"]
        td = (_T_CLOCK - 100.0) * scale
        if check.q_edge is None:
            meas.append(f".meas tran m{k} MAX v(q{k}) FROM={td:.0f}p TO={stop:.0f}p")
        else:
            meas += [f".meas tran d{k} TRIG v(ck{k}) VAL={h:g} RISE=1 TD={td:.0f}p TARG v(q{k}) VAL={h:g} "
                     f"{check.q_edge.upper()}=1 TD={td:.0f}p", f".meas tran v{k} FIND v(q{k}) AT={stop - 1:.0f}p"]
    # q's final value is read a picosecond before the end: at the very last time point ngspice may find nothing
    # ("out of interval"), as it did for sky130_fd_sc_hd__dfrtp_1's recovery deck.
    res = transient(workdir, name, lines, meas, corner, stop_ps=stop, step_ps=STEP_PS, optional=True)
    return [_passes(check, k, res, references.get(p[2]), vdd) for k, p in enumerate(points)]


def constraint(flop: Flop, check: Check, corner: Corner, data_slews: tuple[float, ...],
               clock_slews: tuple[float, ...], load: float, clock_to_q: dict[str, dict[float, float]],
               workdir: Path) -> list[list[float]]:
    """The check's table (ps): rows over the constrained pin's slews, columns over the clock's. clock_to_q gives
    the nominal clock-to-q {"rise"|"fall": {clock slew: ps}} at `load`."""
    references = clock_to_q.get(check.q_edge, {})
    grid = [(a, b) for a in data_slews for b in clock_slews]
    search = tuple(x * corner.time_scale for x in _SEARCH)
    lo, hi = [search[0]] * len(grid), [search[1]] * len(grid)
    tag = f"{check.kind}_{check.edge}_{flop.cell}"
    ends = _run(flop, check, corner, [(x, a, b) for x in search for a, b in grid], load, references, workdir,
                f"{tag}_ends")
    if any(ends[:len(grid)]) or not all(ends[len(grid):]):
        raise ToolError(f"{flop.cell} {check.kind} {check.edge}: {search[0]:g} ps does not fail or "
                        f"{search[1]:g} ps does not pass at every grid point", str(workdir))
    step = 0
    while max(h - lo_ for lo_, h in zip(lo, hi)) > TOLERANCE_PS:
        mid = [(lo_ + h) / 2 for lo_, h in zip(lo, hi)]
        ok = _run(flop, check, corner, [(m, a, b) for m, (a, b) in zip(mid, grid)], load, references, workdir,
                  f"{tag}_{step}")
        lo = [lo_ if good else m for lo_, m, good in zip(lo, mid, ok)]
        hi = [m if good else h for h, m, good in zip(hi, mid, ok)]
        step += 1
    return [[round(hi[i * len(clock_slews) + j], 2) for j in range(len(clock_slews))] for i in range(len(data_slews))]
