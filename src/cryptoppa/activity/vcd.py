"""Per-net toggle counts and time high over a window of whole clock cycles, streamed from a VCD file.

The window is marked in the waveform itself: the testbench dumps a 1-bit window register in its top scope
that is 1 from the window's first clock edge until just after its last (see workload.py). Only the design's
top-level scope is counted (the netlist is flat); transitions to or from X/Z are not counted as toggles and
time at X/Z is not counted as high. The clock's rising edges give the waveform's period, which must equal the
constraint's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vcd.reader import TokenKind, tokenize

from ..errors import CryptoppaError

_PS = {"s": 1e12, "ms": 1e9, "us": 1e6, "ns": 1e3, "ps": 1.0, "fs": 1e-3}
_PERIOD_TOLERANCE = 1e-3  # relative


@dataclass(frozen=True)
class NetActivity:
    toggles: int
    high_ps: float


@dataclass(frozen=True)
class Activity:
    """What a simulation window says about every net of the design's top scope."""

    nets: dict[str, NetActivity]
    period_ps: float
    cycles: int

    def rate(self, net: str) -> float:
        """Transitions per clock cycle (OpenSTA's activity unit)."""
        return self.nets[net].toggles / self.cycles

    def duty(self, net: str) -> float:
        return self.nets[net].high_ps / (self.cycles * self.period_ps)


class _Signal:
    __slots__ = ("value", "since", "toggles", "high")

    def __init__(self):
        self.value, self.since, self.toggles, self.high = "x", 0.0, 0, 0.0


def read_activity(vcd: Path, *, tb: str, dut: str, clock: str, window: str, period_ns: float) -> Activity:
    """Activity of every net in scope `tb.dut` inside the window marked by the 1-bit variable `tb.window`.

    `clock` is a variable of scope `tb` whose rising edges give the waveform's period."""
    path = Path(vcd)
    scope: list[str] = []
    bits: dict[str, list[tuple[str, _Signal]]] = {}  # id code -> (net name, state) per bit, LSB last
    marker = clock_id = None
    scale = None
    time = 0.0
    t_start = t_end = None
    rises: list[float] = []
    counting = False

    def change(code: str, value: str) -> None:
        nonlocal t_start, t_end, counting
        if code == marker:
            if value == "1" and t_start is None:
                t_start, counting = time, True
                for sigs in bits.values():
                    for _, s in sigs:
                        s.since = time
            elif value == "0" and counting:
                t_end, counting = time, False
        if code == clock_id and value == "1" and counting:
            rises.append(time)
        sigs = bits.get(code)
        if not sigs:
            return
        value = value.rjust(len(sigs), "0" if value[0] in "01" else value[0])
        for (_, s), v in zip(sigs, value):
            if v == s.value:
                continue
            if counting:
                if s.value == "1":
                    s.high += time - s.since
                if {s.value, v} == {"0", "1"}:
                    s.toggles += 1
            s.value, s.since = v, time

    try:
        with open(path, "rb") as stream:
            for tok in tokenize(stream):
                kind = tok.kind
                if kind is TokenKind.CHANGE_SCALAR or kind is TokenKind.CHANGE_VECTOR:
                    change(tok.data.id_code, str(tok.data.value).lower())
                elif kind is TokenKind.CHANGE_TIME:
                    time = tok.data * scale
                    if t_end is not None:
                        break
                elif kind is TokenKind.SCOPE:
                    scope.append(tok.data.ident)
                elif kind is TokenKind.UPSCOPE:
                    scope.pop()
                elif kind is TokenKind.TIMESCALE:
                    scale = int(getattr(tok.data.magnitude, "value", tok.data.magnitude)) * _PS[tok.data.unit.value]
                elif kind is TokenKind.VAR:
                    var = tok.data
                    if scope == [tb] and var.reference == window:
                        marker = var.id_code
                    if scope == [tb] and var.reference == clock:
                        clock_id = var.id_code
                    if scope == [tb, dut]:
                        names = [var.reference] if var.size == 1 else \
                            [f"{var.reference}[{i}]" for i in _indices(var)]
                        bits.setdefault(var.id_code, []).extend((n, _Signal()) for n in names)
    except OSError as err:
        raise CryptoppaError(f"cannot read waveform {path}: {err.strerror}") from None
    except Exception as err:  # pyvcd raises its own and plain ValueErrors on malformed input
        if isinstance(err, CryptoppaError):
            raise
        raise CryptoppaError(f"waveform {path} is not a readable VCD file ({err})") from None
    if scale is None or marker is None or clock_id is None or not bits:
        raise CryptoppaError(f"waveform {path}: expected $timescale, scope {tb} with {window!r} and {clock!r}, "
                             f"and scope {tb}.{dut}")
    if t_start is None or t_end is None or len(rises) < 2:
        raise CryptoppaError(f"waveform {path}: no complete activity window of at least two clock cycles")
    period = (rises[-1] - rises[0]) / (len(rises) - 1)
    if abs(period - period_ns * 1000.0) > _PERIOD_TOLERANCE * period_ns * 1000.0:
        raise CryptoppaError(f"waveform {path}: clock period {period / 1000.0:g} ns differs from the "
                             f"constraint's {period_ns:g} ns")
    cycles = len(rises)
    for sigs in bits.values():
        for _, s in sigs:
            if s.value == "1":
                s.high += t_end - s.since
    nets = {name: NetActivity(s.toggles, s.high) for sigs in bits.values() for name, s in sigs}
    # The marker spans the window's rising edges plus a sliver after the last cycle.
    return Activity(nets, period, cycles)


def _indices(var) -> range:
    """Bit indices of a vector variable, MSB first (the order of its value string)."""
    if var.bit_index is None:
        return range(var.size - 1, -1, -1)
    msb, lsb = var.bit_index if isinstance(var.bit_index, tuple) else (var.bit_index, var.bit_index)
    return range(msb, lsb - 1, -1) if msb >= lsb else range(msb, lsb + 1)
