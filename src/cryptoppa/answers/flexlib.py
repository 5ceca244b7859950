"""The FlexLib characterization checked: our characterized liberty (pdk/freepdk45_char) against the shipped FlexLib
tables and against ngspice transients of the same netlists -- every number a record.

Three tables, written by `python scripts/flexlib_report.py --out results/flexlib`, published to reports/flexlib/data:
`arcs.csv` (ours and shipped per cell, arc, table and grid point), `cells.csv` (pin capacitances and leakage) and
`physics.csv` (FO4 of each liberty as OpenSTA times the FO4 chain, and of an ngspice chain; one inverter and the flip-flop's
clock-to-q at one grid point against ngspice). A geometric mean needs positive values: points where either side
is zero or negative (an output fall's internal energy can be) are left out and counted.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ..paths import ROOT
from ..sweep import results as results_mod
from .comparison import within
from .records import On, Record

OURS_LIB, SHIPPED_LIB = On(library="freepdk45_char/nom"), On(library="freepdk45/nom")

TABLES = ("cell_rise", "cell_fall", "rise_transition", "fall_transition", "rise_power", "fall_power")
SOURCES = {"ngspice": "ngspice transient of the netlist", "ours": "characterized liberty",
           "shipped": "shipped FlexLib liberty"}
LIBERTY = ROOT / "pdk" / "freepdk45_char" / "FlexLib_nom.lib"
_POINT = re.compile(r"_(?P<slew>[\d.]+)ps_(?P<load>[\d.]+)ff$")


@dataclass
class Check:
    """One delay at one grid point: one liberty's and the ngspice transient's."""

    cell: str
    table: str
    slew: Record
    load: Record
    liberty: Record
    ngspice: Record
    ratio: Record  # liberty / ngspice


@dataclass
class TableRatio:
    table: str
    points: Record
    left_out: Record  # points with a non-positive value on either side
    geomean: Record
    least: Record
    most: Record


@dataclass
class Cell:
    name: str
    figures: dict[str, Record]  # delay, transition, input capacitance, leakage: ours and shipped


@dataclass
class FlexLib:
    folder: Path
    corner: dict[str, Record]  # supply and temperature of the nominal corner
    fo4: dict[str, dict[str, Record]]  # source -> "inv_x1", "na2_x1", "NAND2 / INV"
    inverter: list[Check]  # our inv_x1 against ngspice
    flop: list[Check]  # the shipped sff1_x4 clock-to-q against ngspice
    tables: list[TableRatio]
    cells: list[Cell]
    fo4_load: dict[str, Record] = None  # per liberty: inv_x1's FO4 load (four of its inputs)
    grid_load: Record | None = None  # the largest load of inv_x1's shipped grid: a FO4 load beyond it is extrapolated

    @property
    def spice_ratio(self) -> Record | None:
        """Our liberty's FO4 against the ngspice chain of the same netlists."""
        ours, spice = self.fo4.get("ours", {}).get("inv_x1"), self.fo4.get("ngspice", {}).get("inv_x1")
        return None if ours is None or spice is None else within("FO4 of inv_x1, ours / ngspice", ours, spice,
                                                                 about=("library", "stage")).ratio


def build(folder: Path) -> FlexLib:
    arcs, cells, physics = (results_mod.read(folder, f"{name}.parquet") for name in ("arcs", "cells", "physics"))
    phys = {(r.source, r.quantity): float(r.value) for r in physics.itertuples()}
    inverter = arcs[(arcs["cell"] == "inv_x1")]
    grid = Record("inv_x1", "largest load of the shipped grid", "cap_ff", float(inverter["load_ff"].astype(float).max()),
                  SHIPPED_LIB) if not inverter.empty else None
    caps = cells[(cells["cell"] == "inv_x1") & (cells["quantity"] == "input_capacitance_ff")]
    load = {side: Record("inv_x1", f"FO4 load, {side}", "cap_ff", 4 * float(caps[side].mean()),
                         OURS_LIB if side == "ours" else SHIPPED_LIB) for side in ("ours", "shipped")} \
        if not caps.empty else {}
    return FlexLib(Path(folder), _corner(), _fo4(phys), _checks(phys, "ours", "inv_x1", "inv_x1_"),
                   _checks(phys, "shipped", "sff1_x4", "sff1_x4_ck_q_"), _tables(arcs), _cells(arcs, cells), load, grid)


def _corner() -> dict[str, Record]:
    text = LIBERTY.read_text()[:4000]
    on = On(library="freepdk45_char/nom")
    out = {}
    for key, name, quantity in (("nom_voltage", "supply", "volts"), ("nom_temperature", "temperature", "celsius")):
        found = re.search(rf"{key}\s*:\s*([\d.]+)", text)
        if found:
            out[name] = Record("freepdk45_char/nom", name, quantity, float(found.group(1)), on)
    return out


def _fo4(phys: dict) -> dict[str, dict[str, Record]]:
    out = {}
    for source, label in SOURCES.items():
        on = On(library=label, stage="ngspice transient of the FO4 chain" if source == "ngspice" else
                "OpenSTA on the FO4 chain")
        figures = {name: Record(label, f"FO4, {name}", "fo4_ps", phys[(source, key)], on)
                   for name, key in (("inv_x1", "fo4_inv_x1_ps"), ("na2_x1", "fo4_na2_x1_ps")) if (source, key) in phys}
        if len(figures) == 2:  # one source's two cells: the cell is what is compared
            figures["NAND2 / INV"] = within("FO4, NAND2 / INV", figures["na2_x1"], figures["inv_x1"]).ratio
        out[source] = figures
    return out


def _checks(phys: dict, liberty: str, cell: str, prefix: str) -> list[Check]:
    """The `liberty`'s delays of `cell` (physics keys `prefix<table>_<slew>ps_<load>ff`) against ngspice's."""
    out = []
    for source, key in sorted(k for k in phys if k[0] == liberty and k[1].startswith(prefix)):
        point = _POINT.search(key)
        if point is None or ("ngspice", key) not in phys:
            continue
        table = key[len(prefix):point.start()]
        subject = f"{cell} {table}"
        at = On(library=SOURCES[liberty])
        slew = Record(f"{cell} check point", "input slew", "delay_ps", float(point["slew"]), at)
        load = Record(f"{cell} check point", "load", "cap_ff", float(point["load"]), at)
        mine = Record(subject, f"{table} at the check point", "delay_ps", phys[(source, key)], at)
        spice = Record(subject, f"{table} at the check point", "delay_ps", phys[("ngspice", key)],
                       On(library=SOURCES["ngspice"]))
        # the same netlist at the same point: a liberty's table against the transient is what is compared (the
        # records' library names the timing source)
        out.append(Check(cell, table, slew, load, mine, spice,
                         within(f"{liberty} / ngspice", mine, spice, about=("library",)).ratio))
    return out


def _tables(arcs: pd.DataFrame) -> list[TableRatio]:
    out = []
    on = On(library="freepdk45_char/nom against freepdk45/nom", access="three points of each cell's shipped grid")
    for table in TABLES:
        rows = arcs[arcs["table"] == table]
        if rows.empty:
            continue
        ok = rows[(rows["ours"] > 0) & (rows["shipped"] > 0)]
        ratios = ok["ours"] / ok["shipped"]
        rec = lambda name, quantity, value: Record(table, name, quantity, float(value), on)  # noqa: E731

        def compared(name: str, ours: float, shipped: float):
            """Our library's figure against the shipped one's, the same cells at the same points."""
            unit = "pj" if table.endswith("_power") else "delay_ps"  # internal energy, or a delay or transition
            return within(name, Record(table, f"{name}: ours", unit, float(ours), OURS_LIB),
                          Record(table, f"{name}: shipped", unit, float(shipped), SHIPPED_LIB),
                          about=("library",)).ratio

        gm = lambda column: math.exp(ok[column].map(math.log).mean())  # noqa: E731
        least, most = ratios.idxmin(), ratios.idxmax()
        out.append(TableRatio(table, rec("points", "points", len(ok)), rec("left out", "points", len(rows) - len(ok)),
                              compared("geometric mean of ours / shipped", gm("ours"), gm("shipped")),
                              compared("least of ours / shipped", ok.at[least, "ours"], ok.at[least, "shipped"]),
                              compared("most of ours / shipped", ok.at[most, "ours"], ok.at[most, "shipped"])))
    return out


def _middle(arcs: pd.DataFrame, cell: str) -> pd.DataFrame:
    """A cell's arcs at the middle of the three grid points it was compared at."""
    mine = arcs[arcs["cell"] == cell]
    points = sorted({(float(s), float(c)) for s, c in zip(mine["slew_ps"], mine["load_ff"])})
    slew, load = points[len(points) // 2]
    return mine[(mine["slew_ps"].astype(float) == slew) & (mine["load_ff"].astype(float) == load)]


def _cells(arcs: pd.DataFrame, cells: pd.DataFrame) -> list[Cell]:
    out = []
    on = On(library="freepdk45_char/nom against freepdk45/nom", access="middle grid point, mean of the cell's arcs")
    for name in sorted(set(cells["cell"])):
        mid = _middle(arcs, name)
        caps = cells[(cells["cell"] == name) & (cells["quantity"] == "input_capacitance_ff")]
        leak = cells[(cells["cell"] == name) & (cells["quantity"] == "leakage_nw")]
        figures = {}
        for side in ("ours", "shipped"):
            for what, tables in (("delay", ("cell_rise", "cell_fall")),
                                 ("transition", ("rise_transition", "fall_transition"))):
                values = mid.loc[mid["table"].isin(tables), side]
                figures[f"{what}, {side}"] = Record(name, f"{what}, {side}", "delay_ps", float(values.mean()), on)
            figures[f"input capacitance, {side}"] = Record(name, f"input capacitance, {side}", "cap_ff",
                                                           float(caps[side].mean()), on)
            figures[f"leakage, {side}"] = Record(name, f"leakage, {side}", "leakage_nw", float(leak[side].iloc[0]), on)
        out.append(Cell(name, figures))
    return out
