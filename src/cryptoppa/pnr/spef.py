"""SPEF of the routed nets: wire resistance and capacitance from routed length per layer (layers.py).

Coriolis gives each net's routed length per layer, not its tree, so each net becomes a star around its driver:
one branch per load, as long as the Manhattan distance from the driver's cell to the load's, with the net's
length-weighted resistance per µm. Branch capacitances are scaled so that they add up to the net's routed
capacitance (shared trunks make the distances add up to more than the wire; detours leave some capacitance at
the driver). Each branch is a π (half its capacitance at either end). The clock net carries its capacitance only:
the clock is ideal (no clock tree is built). Pin capacitances stay with the liberty, as OpenSTA adds them itself.
"""

from __future__ import annotations

import re
from pathlib import Path

from .blif import Subckt, instance_index
from .layers import RcTable, net_rc

_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BUS_BIT = re.compile(r"(.*)\[(\d+)\]\Z")

HEADER = """*SPEF "IEEE 1481-1998"
*DESIGN "{design}"
*DATE "0"
*VENDOR "cryptoppa"
*PROGRAM "cryptoppa.pnr (Coriolis routed lengths)"
*VERSION "1"
*DESIGN_FLOW "NETLIST_TYPE_VERILOG"
*DIVIDER /
*DELIMITER :
*BUS_DELIMITER [ ]
*T_UNIT 1 NS
*C_UNIT 1 FF
*R_UNIT 1 KOHM
*L_UNIT 1 HENRY
"""


_VECTOR = re.compile(r"^\s*(?:input|output|inout|wire|reg)\s*\[\s*-?\d+\s*:\s*-?\d+\s*\]\s*(?:\\(\S+)|([A-Za-z_][A-Za-z0-9_$]*))", re.M)


def vectors(netlist_v: str) -> set[str]:
    """Names a Verilog netlist declares as vectors: only their `[i]` suffixes are bus bits. A port split into
    bits (`splitnets -ports`) is an escaped scalar whose name holds the brackets."""
    return {escaped or plain for escaped, plain in _VECTOR.findall(netlist_v)}


def escape(name: str, buses: set[str] = frozenset()) -> str:
    """A Verilog net or instance name as a SPEF identifier: a bit of a declared vector keeps its brackets, every
    other special character is escaped with a backslash."""
    bit = _BUS_BIT.match(name)
    base, suffix = (bit.group(1), f"[{bit.group(2)}]") if bit and bit.group(1) in buses else (name, "")
    if not _PLAIN.fullmatch(base):
        base = "".join(ch if ch.isalnum() or ch == "_" else "\\" + ch for ch in base)
    return base + suffix


def verilog_net(plugs: list, cells: list[Subckt]) -> str | None:
    """The Verilog name of a Coriolis net, read off any plug on an instance of the netlist."""
    for inst, pin, *_ in plugs:
        index = instance_index(inst)
        if index is not None and index < len(cells) and pin in cells[index].pins:
            return cells[index].pins[pin]
    return None


def _branches(length: float, r: float, c: float, driver, loads: list) -> tuple[float, list[tuple[float, float]]]:
    """(capacitance left at the driver, [(R, C) per load]) for a star of Manhattan branches from the driver."""
    dist = [abs(x - driver[0]) + abs(y - driver[1]) if driver else length / max(len(loads), 1) for x, y in loads]
    total = sum(dist)
    r_um, c_um = r / length, c / length
    scale = min(1.0, length / total) if total > 0 else 0.0
    branches = [(r_um * d, c_um * d * scale) for d in dist]
    return c - sum(bc for _, bc in branches), branches


# A connection with no wire of its own: OpenSTA needs a resistor to join a pin to the net's node.
_JOIN_KOHM = 1e-6


def _d_net(net: str, length: float, r: float, c: float, driver: tuple | None, loads: list, ideal: bool) -> str:
    """One *D_NET: the driver (a pin or an input port) on the centre node net:1, each load on a branch from it."""
    centre = f"{net}:1"
    driver_name, driver_xy = driver if driver else (None, None)
    res = [(driver_name, centre, _JOIN_KOHM)] if driver_name else []
    if ideal or not loads:
        caps = [(centre, c)]
        res += [(centre, name, _JOIN_KOHM) for name, _ in loads]
    else:
        at_driver, branches = _branches(length, r, c, driver_xy, [xy for _, xy in loads])
        caps = [(centre, at_driver + sum(bc for _, bc in branches) / 2)]
        caps += [(name, bc / 2) for (name, _), (_, bc) in zip(loads, branches)]
        res += [(centre, name, max(br, _JOIN_KOHM)) for (name, _), (br, _) in zip(loads, branches)]
    return (f"*D_NET {net} {c:.6g}\n*CONN\n{{conn}}\n*CAP\n"
            + "\n".join(f"{k} {node} {cap:.6g}" for k, (node, cap) in enumerate(caps, 1)) + "\n*RES\n"
            + "\n".join(f"{k} {a} {b} {rv:.6g}" for k, (a, b, rv) in enumerate(res, 1)) + "\n*END\n")


def write_spef(path: Path, design: str, nets: dict, cells: list[Subckt], ports: dict[str, str],
               directions: dict[str, dict[str, str]], buses: set[str], rc: RcTable, clock: str = "") -> dict[str, tuple]:
    """Write the SPEF; return Verilog net -> (routed µm, kΩ, fF) for every net written."""
    out, written = [HEADER.format(design=design)], {}
    for data in nets.values():
        name = verilog_net(data["plugs"], cells)
        length = sum(data["layers"].values())
        if name is None or length <= 0 or name in written:
            continue
        r, c = net_rc(data["layers"], rc)
        written[name] = (length, r, c)
        net = escape(name, buses)
        pins = []  # (SPEF pin, direction, (x, y))
        for inst, pin, *xy in data["plugs"]:
            i = instance_index(inst)
            if i is not None and i < len(cells) and cells[i].pins.get(pin) == name:
                pins.append((f"{escape(cells[i].name, buses)}:{pin}", directions.get(cells[i].cell, {}).get(pin, "I"),
                             tuple(xy) if xy else (0.0, 0.0)))
        conn = [f"*P {net} {ports[name]}"] if name in ports else []
        conn += [f"*I {p} {d}" for p, d, _ in pins]
        drivers = [(p, xy) for p, d, xy in pins if d == "O"]
        driver = drivers[0] if drivers else ((net, None) if ports.get(name) == "I" else None)
        loads = [(p, xy) for p, d, xy in pins if d != "O" or (drivers and p != drivers[0][0])]
        if ports.get(name) == "O":
            # No I/O pin is placed: the output port hangs on the driver with no wire of its own.
            loads.append((net, driver[1] if driver and driver[1] else (0.0, 0.0)))
        text = _d_net(net, length, r, c, driver, loads, ideal=name == clock)
        out.append(text.replace("{conn}", "\n".join(conn)))
    Path(path).write_text("\n".join(out))
    return written
