"""The most energy one gate equivalent of a library can draw in a clock cycle, from the library's own tables: a
plausibility ceiling for a power figure (OpenSTA's propagated activity can run away through long XOR/XNOR chains
and report watts no cell could draw).

The ge_cell (the library's NAND2 of the smallest drive, one GE) at its worst: the largest internal energy of any of
its arcs, plus its output switching the largest load its tables are characterized for (C V^2), rising and falling,
TOGGLES times a cycle (glitches: a gate's output may switch more than once in a cycle). A design's energy per GE
per cycle above that is not a measurement of those cells.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from .descriptor import PdkDescriptor
from .install import liberty

TOGGLES = 4  # output transitions per cycle a glitching gate is allowed: twice the rise and fall of one clean toggle
_UNIT = {"ff": 1e-15, "pf": 1e-12}


@dataclass(frozen=True)
class Ceiling:
    library: str  # "freepdk45_char/nom"
    cell: str
    internal_fj: float  # the largest internal energy of one transition of any arc of the cell
    load_ff: float  # the largest load of its tables
    vdd: float

    @property
    def fj_per_cycle(self) -> float:
        """Energy per GE per cycle the cell can draw at most (fJ)."""
        return TOGGLES * (self.internal_fj + self.load_ff * self.vdd ** 2)

    def text(self) -> str:
        return (f"{self.library}'s {self.cell} at its worst, {TOGGLES} transitions a cycle: {TOGGLES} x "
                f"({self.internal_fj:.3g} fJ internal + {self.load_ff:.3g} fF x ({self.vdd:g} V)^2) = "
                f"{self.fj_per_cycle:.3g} fJ per GE per cycle")


def _numbers(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", text)]


@functools.lru_cache(maxsize=8)
def _read(path: str, cell: str, library: str) -> Ceiling:
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    unit = re.search(r"capacitive_load_unit\s*\(\s*([\d.]+)\s*,\s*(\w+)\s*\)", text)
    vdd = re.search(r"nom_voltage\s*:\s*([\d.]+)", text)
    start = re.search(rf"\bcell\s*\(\s*\"?{re.escape(cell)}\"?\s*\)\s*{{", text)
    if not (unit and vdd and start) or unit.group(2).lower() not in _UNIT:
        raise InputError(f"{path}: no {cell} cell, nom_voltage or capacitive_load_unit (ff or pf) to bound its energy")
    body, depth, i = [], 1, start.end()
    while depth and i < len(text):  # the cell's group, to its closing brace
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        body.append(text[i])
        i += 1
    cell_text = "".join(body)
    # energy tables are in voltage_unit x capacitive_load_unit: fJ for 1 V and 1 fF
    scale = float(unit.group(1)) * _UNIT[unit.group(2).lower()] / 1e-15
    internal = [max(_numbers(values)) for values in
                re.findall(r"(?:rise|fall)_power\s*\([^)]*\)\s*{[^}]*?values\s*\(([^)]*)\)", cell_text, re.S)]
    loads = [max(_numbers(index)) for index in re.findall(r"index_2\s*\(([^)]*)\)", cell_text)]
    if not internal or not loads:
        raise InputError(f"{path}: cell {cell} has no internal_power tables to bound its energy")
    return Ceiling(library, cell, max(internal) * scale, max(loads) * float(unit.group(1)), float(vdd.group(1)))


def ceiling(desc: PdkDescriptor, corner: str) -> Ceiling:
    """The library's ceiling at a corner (its liberty must be installed; a split liberty: the file with the GE
    cell)."""
    paths = liberty(desc, corner)
    for path in (paths if isinstance(paths, (list, tuple)) else [paths]):
        if re.search(rf"\bcell\s*\(\s*\"?{re.escape(desc.ge_cell)}\"?\s*\)", Path(path).read_text(errors="replace")):
            return _read(str(path), desc.ge_cell, f"{desc.name}/{corner}")
    raise InputError(f"{desc.name}/{corner}: its liberty has no {desc.ge_cell} (the ge_cell)")
