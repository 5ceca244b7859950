"""SPEF of the routed nets: wire resistance and capacitance from routed length per layer (layers.py).

Each net is a star: its wire capacitance sits on one internal node, and every pin connects to that node through
half the net's wire resistance, so a driver-to-load path sees the whole wire resistance (an upper bound for a
tree, exact for two pins). Pin capacitances stay with the liberty, as OpenSTA adds them itself.
"""

from __future__ import annotations

import re
from pathlib import Path

from .blif import Subckt, instance_index
from .layers import net_rc

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
    for inst, pin, _ in plugs:
        index = instance_index(inst)
        if index is not None and index < len(cells) and pin in cells[index].pins:
            return cells[index].pins[pin]
    return None


def write_spef(path: Path, design: str, nets: dict, cells: list[Subckt], ports: dict[str, str],
               directions: dict[str, dict[str, str]], buses: set[str]) -> dict[str, tuple[float, float, float]]:
    """Write the SPEF; return Verilog net -> (routed µm, kΩ, fF) for every net written."""
    out, written = [HEADER.format(design=design)], {}
    for data in nets.values():
        name = verilog_net(data["plugs"], cells)
        length = sum(data["layers"].values())
        if name is None or length <= 0 or name in written:
            continue
        r, c = net_rc(data["layers"])
        written[name] = (length, r, c)
        net = escape(name, buses)
        pins = [(f"{escape(cells[i].name, buses)}:{pin}", directions.get(cells[i].cell, {}).get(pin, "I"))
                for inst, pin, _ in data["plugs"]
                if (i := instance_index(inst)) is not None and i < len(cells) and cells[i].pins.get(pin) == name]
        conn = [f"*P {net} {ports[name]}"] if name in ports else []
        conn += [f"*I {p} {d}" for p, d in pins]
        ends = ([net] if name in ports else []) + [p for p, _ in pins]
        out.append(f"*D_NET {net} {c:.6g}\n*CONN\n" + "\n".join(conn) + "\n*CAP\n"
                   + f"1 {net}:1 {c:.6g}\n*RES\n"
                   + "\n".join(f"{k} {end} {net}:1 {r / 2:.6g}" for k, end in enumerate(ends, 1)) + "\n*END\n")
    Path(path).write_text("\n".join(out))
    return written
