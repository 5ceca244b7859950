"""What the flow needs to know about a library's cells, read from its liberty: the asynchronous set/reset pins of
its flip-flops and latches (timed as what they are, not as data), a cell's area (the gate-equivalent unit), and
the pins and functions of combinational cells (the inverter of the stage-delay probe).

Read with liberty-parser once per file content and process: a sweep's points share the answer.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class LibraryCells:
    areas: dict[str, float]  # cell -> area as the liberty states it (µm² for every library here)
    async_pins: tuple[tuple[str, str], ...]  # (cell, pin) of every clear/preset input of a flip-flop or latch
    functions: dict[str, dict[str, str]]  # cell -> output pin -> its liberty function ("!A"), combinational outputs
    inputs: dict[str, tuple[str, ...]]  # cell -> its input pins

    def area(self, cell: str, where: str) -> float:
        if cell not in self.areas:
            raise InputError(f"{where}: cell {cell!r} is not in the liberty")
        if self.areas[cell] <= 0:
            raise InputError(f"{where}: cell {cell!r} has no area in the liberty (a repaired copy is needed)")
        return self.areas[cell]


def _pins(expression: str) -> list[str]:
    """Pin names of a liberty boolean expression such as "nrst'" or "!(RN & SN)"."""
    return _NAME.findall(str(expression).strip('"'))


@functools.lru_cache(maxsize=16)
def _read(path: str, _stamp: tuple[int, int]) -> LibraryCells:
    from liberty.parser import parse_liberty  # noqa: PLC0415 - seconds to import and parse; only the flow needs it

    lib = parse_liberty(Path(path).read_text(encoding="utf-8", errors="replace"))
    areas, async_pins, functions, inputs = {}, [], {}, {}
    for cell in lib.get_groups("cell"):
        name = str(cell.args[0]).strip('"')
        areas[name] = float(cell["area"]) if cell["area"] is not None else 0.0
        pins = cell.get_groups("pin")
        inputs[name] = tuple(str(p.args[0]).strip('"') for p in pins if str(p["direction"]).strip('"') == "input")
        functions[name] = {str(p.args[0]).strip('"'): str(p["function"]).strip('"') for p in pins
                           if str(p["direction"]).strip('"') == "output" and p["function"] is not None}
        for kind in ("ff", "latch"):
            for group in cell.get_groups(kind):
                for attr in ("clear", "preset"):
                    if group[attr] is not None:
                        async_pins += [(name, pin) for pin in _pins(group[attr])]
    return LibraryCells(areas, tuple(sorted(set(async_pins))), functions, inputs)


def inverters(cells: LibraryCells) -> dict[str, tuple[str, str]]:
    """Every inverter of the library (one input, one output whose liberty function negates it): cell -> (input,
    output)."""
    found = {}
    for cell, outs in cells.functions.items():
        ins = cells.inputs.get(cell, ())
        if len(ins) == 1 and len(outs) == 1:
            (out, function), = outs.items()
            if re.sub(r"[\s()]", "", function) in (f"!{ins[0]}", f"{ins[0]}'"):
                found[cell] = (ins[0], out)
    return found


def unit_inverter(cells: LibraryCells, ge_cell: str, where: str) -> tuple[str, str, str]:
    """(cell, input, output) of the library's inverter of the gate-equivalent cell's drive (the suffix after its
    last "_", e.g. X1): the stage of a fan-out-of-4 chain comparable across libraries."""
    drive = ge_cell.rpartition("_")[2].lower()
    same = sorted((cells.areas[c], c) for c in inverters(cells) if c.rpartition("_")[2].lower() == drive)
    if not same:
        raise InputError(f"{where}: no inverter of drive {drive!r} (the ge_cell {ge_cell!r}'s) in the liberty")
    cell = same[0][1]
    return (cell, *inverters(cells)[cell])


def library_cells(liberty: Path) -> LibraryCells:
    stat = Path(liberty).stat()
    return _read(str(Path(liberty).resolve()), (stat.st_mtime_ns, stat.st_size))
