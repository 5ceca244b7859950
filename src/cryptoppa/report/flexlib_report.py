"""The FlexLib publication: our characterized liberty against the shipped FlexLib and against ngspice transients of
the same netlists. Numbers from cryptoppa.answers.flexlib; nothing here computes one."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..answers.flexlib import SOURCES, FlexLib, build
from ..answers.records import show
from ..paths import shown
from ..sweep import results as results_mod
from .document import Block, Bullets, Heading, Paragraph, Table, write_report

TITLE = "FlexLib characterized from the FreePDK45 models, against the shipped liberty"


def _data(model: FlexLib, *names: str) -> str:
    paths = [results_mod.table_path(model.folder, f"{n}.parquet") for n in names]
    return ", ".join(f"`{shown(p)}`" for p in paths if p)


def _spread(checks) -> str:
    ratios = sorted((c.ratio for c in checks), key=lambda r: r.value)
    return show(ratios[0]) if ratios[0].text == ratios[-1].text else f"{show(ratios[0])}–{show(ratios[-1])}"


def answer(model: FlexLib) -> list[Block]:
    fo4, ratios = model.fo4, {t.table: t for t in model.tables}
    shipped_load, grid = (model.fo4_load or {}).get("shipped"), model.grid_load
    beyond = shipped_load is not None and grid is not None and shipped_load.value > grid.value
    shipped = (f"the shipped FlexLib liberty gives {show(fo4['shipped']['inv_x1'])} ps" + (
        f", an extrapolation: its FO4 load ({show(shipped_load)} fF) lies beyond its grid's largest "
        f"({show(grid)} fF)" if beyond else ""))
    text = (f"Our characterized FO4 delay, {show(fo4['ours']['inv_x1'])} ps for inv_x1 (OpenSTA on the FO4 chain, "
            f"the FO4 every report uses), is {show(model.spice_ratio)}× an ngspice transient of the same chain "
            f"({show(fo4['ngspice']['inv_x1'])} ps); {shipped}. Our inv_x1 delays are {_spread(model.inverter)}× an "
            "ngspice transient at one grid point. Across every characterized cell and arc, our delays are "
            f"{show(ratios['cell_rise'].geomean)}× (rise) and {show(ratios['cell_fall'].geomean)}× (fall) the shipped "
            f"ones and our transitions {show(ratios['rise_transition'].geomean)}× and "
            f"{show(ratios['fall_transition'].geomean)}× (geometric means): the shipped tables are faster than ngspice "
            "simulates their netlists. The flip-flops keep their own characterization; the shipped "
            f"sff1_x4's clock-to-q is {_spread(model.flop)}× an ngspice transient of its netlist.")
    return [Heading(2, "Answer"), Paragraph(text)]


def basis(model: FlexLib) -> list[Block]:
    corner = model.corner
    return [Heading(2, "Basis"), Bullets([
        f"the nominal corner, {show(corner.get('supply'))} V, {show(corner.get('temperature'))} °C; ours: timing, "
        "internal energy and leakage from our own ngspice decks (`cryptoppa.pdk.charlib`) on PDKMaster's schematic "
        "netlists (no layout parasitics, no junction areas), written to `pdk/freepdk45_char/FlexLib_nom.lib` by "
        "`scripts/characterize_freepdk45.py`",
        "FO4: a chain of four stages, each gate driving four copies of itself, timed at its third stage (its "
        "input slew the chain's own) by OpenSTA on each liberty (`cryptoppa pdk stage-delay`, the FO4 of every "
        "report) and by ngspice on the netlists, mean of rise and fall; a NAND2's other input tied high; ours "
        "uses the charge an edge draws as the input capacitance",
        "delays at half swing; internal energy (rise_power, fall_power, keyed by the output's edge) is what the "
        "supply delivers over the edge less the C_load × Vdd² a rising output's load takes (the STA tool charges "
        "that as switching power), averaged over the side inputs that let the arc switch; a fall's can be small or "
        "negative, and a rise plus a fall is what a toggling net costs",
    ])]


def physics(model: FlexLib) -> list[Block]:
    fo4 = pd.DataFrame([{"source": label, "FO4 inv_x1 ps": show(model.fo4[s].get("inv_x1")),
                         "FO4 na2_x1 ps": show(model.fo4[s].get("na2_x1")),
                         "NAND2 / INV": show(model.fo4[s].get("NAND2 / INV"))} for s, label in SOURCES.items()])
    blocks: list[Block] = [Heading(2, "Physics checks"), Table(fo4, _data(model, "physics"))]
    for checks, what in ((model.inverter, "our inv_x1 delay"), (model.flop, "the shipped sff1_x4 clock-to-q")):
        if not checks:
            continue
        c = checks[0]
        blocks += [Paragraph(f"At {show(c.slew)} ps input slew and {show(c.load)} fF load, {what} against an "
                             "ngspice transient of the same netlist:"),
                   Table(pd.DataFrame([{"table": k.table, "liberty ps": show(k.liberty), "ngspice ps": show(k.ngspice),
                                        "liberty / ngspice": show(k.ratio)} for k in checks]),
                         _data(model, "physics"))]
    return blocks


def tables(model: FlexLib) -> list[Block]:
    rows = pd.DataFrame([{"table": t.table, "points": show(t.points), "left out": show(t.left_out),
                          "geometric mean": show(t.geomean), "least": show(t.least), "most": show(t.most)}
                         for t in model.tables])
    return [Heading(2, "Ours / shipped, every characterized cell and arc"),
            Paragraph("At three points of each cell's shipped grid (smallest slew and load, middle, largest); points "
                      "where either side is zero or negative are left out of the geometric mean and counted:"),
            Table(rows, _data(model, "arcs"))]


def cells(model: FlexLib) -> list[Block]:
    rows = []
    for c in model.cells:
        f = c.figures
        rows.append({"cell": c.name, **{f"{what} {side}": show(f[f"{what}, {side}"])
                                         for what in ("delay", "transition", "input capacitance", "leakage")
                                         for side in ("ours", "shipped")}})
    return [Heading(3, "Per cell"),
            Paragraph("Middle grid point, mean of the cell's arcs; delay and transition in ps, input capacitance in "
                      "fF (mean over pins), leakage in nW:"),
            Table(pd.DataFrame(rows), _data(model, "arcs", "cells"))]


def build_flexlib(data: Path, out_dir: Path, produced_by: tuple[str, ...] = ()) -> Path:
    model = build(Path(data))
    blocks: list[Block] = [Heading(1, TITLE), *answer(model), *basis(model), *physics(model), *tables(model),
                           Heading(2, "Appendix"), *cells(model),
                           Heading(3, "Source"), Bullets([
                               f"data: {_data(model, 'arcs', 'cells', 'physics')}",
                               *(f"measured by: `{c}`" for c in dict.fromkeys(produced_by))])]
    return write_report(blocks, TITLE, Path(out_dir))
