"""Measure the characterized FlexLib liberty against the shipped one and against ngspice; publish with cryptoppa.

    python scripts/flexlib_report.py --out results/flexlib   # arcs.csv, cells.csv, physics.csv from
                                                             # pdk/freepdk45_char/FlexLib_nom.lib, the installed
                                                             # shipped liberty and ngspice transients
    cryptoppa publish flexlib                                # reports/flexlib/ from them (cryptoppa.answers.flexlib)
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
from pathlib import Path

from cryptoppa import pdk
from cryptoppa.pdk import stage_delay
from cryptoppa.pdk.charlib import checks, library, netlists, tables

ROOT = Path(__file__).resolve().parent.parent
OURS = ROOT / "pdk" / "freepdk45_char" / "FlexLib_nom.lib"
TABLES = ("cell_rise", "cell_fall", "rise_transition", "fall_transition", "rise_power", "fall_power")
GRID_POINTS = ((0, 0), (2, 2), (4, 4))  # (slew index, load index) of each cell's shipped 5 x 5 grid
FLOP_POINT = (20.0, 6.35)  # clock slew ps, load fF: a point of sff1_x4's shipped grid


def _write(path: Path, header: list[str], rows: list[list]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def _fmt(x: float) -> str:
    return f"{x:.4g}"


def measure(out: Path) -> None:
    ours_path, shipped_path = OURS, pdk.liberty(pdk.get("freepdk45"), "nom")
    shipped = tables.parse(shipped_path.read_text())
    ours = tables.parse(ours_path.read_text())
    arcs, cells = [], []
    shipped_here = tables.shipped_cells(OURS.read_text())
    characterized = [str(c.args[0]) for c in ours.get_groups("cell") if str(c.args[0]) not in shipped_here]
    for name in characterized:
        mine, theirs = tables.cell_group(ours, name), tables.cell_group(shipped, name)
        slews, loads = tables.table_indices(shipped, theirs)
        for pin in theirs.get_groups("pin"):
            pname = str(pin.args[0])
            my_pin = mine.get_groups("pin", pname)[0]
            if str(pin["direction"]) == "input":
                cells.append([name, pname, "input_capacitance_ff", _fmt(float(my_pin["capacitance"])),
                              _fmt(float(pin["capacitance"]))])
                continue
            for kind in ("timing", "internal_power"):
                for g in pin.get_groups(kind):
                    related = str(g["related_pin"]).strip('"')
                    mg = [m for m in my_pin.get_groups(kind) if str(m["related_pin"]).strip('"') == related]
                    if not mg:
                        continue
                    for table in TABLES:
                        t, m = g.get_groups(table), mg[0].get_groups(table)
                        if not t or not m:
                            continue
                        for i, j in GRID_POINTS:
                            s, c = slews[i], loads[j]
                            arcs.append([name, related, pname, table, _fmt(s), _fmt(c),
                                         _fmt(tables.lookup(ours, m[0], s, c)), _fmt(tables.lookup(shipped, t[0], s, c))])
        cells.append([name, "", "leakage_nw", _fmt(float(mine["cell_leakage_power"]) * 1e3),
                      _fmt(float(theirs["cell_leakage_power"]) * 1e3)])
    _write(out / "arcs.csv", ["cell", "from_pin", "to_pin", "table", "slew_ps", "load_ff", "ours", "shipped"], arcs)
    _write(out / "cells.csv", ["cell", "pin", "quantity", "ours", "shipped"], cells)

    # Physics: FO4 and NAND2/INV from each liberty (OpenSTA) and from ngspice transients of the netlists.
    exported = netlists.export()
    cells_netlists, models_dir = exported.cells, exported.models_dir
    nom = library.corner_of(ours, "nom", models_dir)
    physics = []
    # Each liberty's FO4 as every document gives a library's: OpenSTA on the FO4 chain (cryptoppa.pdk.stage_delay)
    for label, lib in (("ours", ours_path), ("shipped", shipped_path)):
        with tempfile.TemporaryDirectory() as tmp:
            inv = stage_delay.fo4_delay_ps(Path(tmp) / "inv", lib, "inv_x1", "i", "nq")
            nand = stage_delay.fo4_delay_ps(Path(tmp) / "nand", lib, "na2_x1", "i0", "nq", ties={"i1": 1})
        physics += [[label, "fo4_inv_x1_ps", _fmt(inv)], [label, "fo4_na2_x1_ps", _fmt(nand)],
                    [label, "na2_over_inv", _fmt(nand / inv)]]
    # The liberty's inv_x1 delay at one grid point against an ngspice transient of the same netlist.
    timing = tables.cell_group(ours, "inv_x1").get_groups("pin", "nq")[0].get_groups("timing")[0]
    with tempfile.TemporaryDirectory() as tmp:
        spice = checks.inverter_transient(Path(tmp), cells_netlists["inv_x1"], nom, 20.0, 2.9)
    for table in ("cell_rise", "cell_fall"):
        physics += [["ours", f"inv_x1_{table}_20ps_2.9ff", _fmt(tables.lookup(ours, timing.get_groups(table)[0], 20, 2.9))],
                    ["ngspice", f"inv_x1_{table}_20ps_2.9ff", _fmt(spice[table])]]
    # The flip-flop keeps the shipped tables: its clock-to-q against an ngspice transient of its netlist.
    ckq = next(t for t in tables.cell_group(shipped, "sff1_x4").get_groups("pin", "q")[0].get_groups("timing")
               if str(t["related_pin"]).strip('"') == "ck")
    with tempfile.TemporaryDirectory() as tmp:
        spice = checks.flop_clock_to_q(Path(tmp), cells_netlists["sff1_x4"], nom, *FLOP_POINT)
    for table in ("cell_rise", "cell_fall"):
        key = f"sff1_x4_ck_q_{table}_20ps_6.35ff"
        physics += [["shipped", key, _fmt(tables.lookup(shipped, ckq.get_groups(table)[0], *FLOP_POINT))],
                    ["ngspice", key, _fmt(spice[table])]]
    with tempfile.TemporaryDirectory() as tmp:
        inv, _ = checks.fo4(Path(tmp), cells_netlists, nom, "inv_x1", checks.INV_PINS)
        nand, _ = checks.fo4(Path(tmp), cells_netlists, nom, "na2_x1", checks.NAND2_PINS)
    physics += [["ngspice", "fo4_inv_x1_ps", _fmt(inv)], ["ngspice", "fo4_na2_x1_ps", _fmt(nand)],
                ["ngspice", "na2_over_inv", _fmt(nand / inv)]]
    _write(out / "physics.csv", ["source", "quantity", "value"], physics)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("results/flexlib"), help="folder for the three CSVs")
    args = parser.parse_args()
    measure(args.out)
    print(f"wrote {args.out}/arcs.csv, cells.csv, physics.csv; then: cryptoppa publish flexlib")
    return 0


if __name__ == "__main__":
    sys.exit(main())
