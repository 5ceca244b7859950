"""The instances of a Yosys-written BLIF (`write_blif -cname`), in file order.

Coriolis names the instances it reads `subckt_<index>_<cell>` and renames nets, so routed nets are matched back
to the Verilog netlist through their plugs: the index gives the instance, the pin gives the BLIF net name.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import ToolError


@dataclass(frozen=True)
class Subckt:
    name: str  # the Verilog instance name (.cname)
    cell: str
    pins: dict[str, str]  # pin -> net


def _lines(text: str):
    """Logical lines: BLIF continues a line with a trailing backslash."""
    buf = ""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if line.endswith("\\"):
            buf += line[:-1] + " "
            continue
        yield (buf + line).strip()
        buf = ""


def subckts(path: Path) -> list[Subckt]:
    out: list[Subckt] = []
    for line in _lines(Path(path).read_text()):
        if line.startswith(".subckt "):
            cell, *conns = line.split()[1:]
            out.append(Subckt("", cell, dict(c.split("=", 1) for c in conns)))
        elif line.startswith(".cname ") and out:
            last = out[-1]
            out[-1] = Subckt(line.split(None, 1)[1], last.cell, last.pins)
    if any(not s.name for s in out):
        raise ToolError(f"{path}: a .subckt without .cname (write the BLIF with -cname)")
    return out


def ports(path: Path) -> dict[str, str]:
    """Top-level port bits -> "I" or "O" (SPEF's port directions)."""
    out: dict[str, str] = {}
    for line in _lines(Path(path).read_text()):
        for key, direction in ((".inputs ", "I"), (".outputs ", "O")):
            if line.startswith(key):
                out.update((name, direction) for name in line.split()[1:])
    return out


def instance_index(coriolis_name: str) -> int | None:
    """subckt_12_inv_x1 -> 12; None for instances Coriolis added itself (feed and tie cells)."""
    parts = coriolis_name.split("_", 2)
    if len(parts) < 3 or parts[0] != "subckt" or not parts[1].isdigit():
        return None
    return int(parts[1])
