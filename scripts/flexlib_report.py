"""Compare the characterized FlexLib liberty with the shipped one; publish reports/flexlib/ from committed CSV.

    python scripts/flexlib_report.py --measure   # CSVs from pdk/freepdk45_char/FlexLib_nom.lib, the installed
                                                 # shipped liberty and ngspice FO4 chains, then the report
    python scripts/flexlib_report.py             # reports/flexlib/report.md from the committed CSVs only
    python scripts/flexlib_report.py --check     # exit 1 if report.md is not what the CSVs give
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "reports" / "flexlib"
DATA = OUT / "data"
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


def measure() -> None:
    from cryptoppa import pdk  # noqa: PLC0415 (the report half of this script needs no cryptoppa install)
    from cryptoppa.pdk.charlib import checks, library, netlists, tables  # noqa: PLC0415

    shipped = tables.parse(pdk.liberty(pdk.get("freepdk45"), "nom").read_text())
    ours = tables.parse(OURS.read_text())
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
    _write(DATA / "arcs.csv", ["cell", "from_pin", "to_pin", "table", "slew_ps", "load_ff", "ours", "shipped"], arcs)
    _write(DATA / "cells.csv", ["cell", "pin", "quantity", "ours", "shipped"], cells)

    # Physics: FO4 and NAND2/INV from each liberty's tables, and from ngspice transients of the netlists.
    exported = netlists.export()
    cells_netlists, models_dir = exported.cells, exported.models_dir
    nom = library.corner_of(ours, "nom", models_dir)
    physics = []
    for label, lib in (("ours", ours), ("shipped", shipped)):
        inv, nand = _fo4_from_tables(tables, lib)
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
    _write(DATA / "physics.csv", ["source", "quantity", "value"], physics)


def _fo4_from_tables(tables, lib) -> tuple[float, float]:
    """FO4 delay (ps, mean of rise and fall) of inv_x1 and na2_x1 (input i0) from a liberty's tables: each gate
    drives four copies of itself; the input slew is the gate's own output transition at that load (iterated)."""
    out = []
    for cell, pin, related in (("inv_x1", "nq", "i"), ("na2_x1", "nq", "i0")):
        c = tables.cell_group(lib, cell)
        load = 4 * float(c.get_groups("pin", related)[0]["capacitance"])
        timing = next(t for t in c.get_groups("pin", pin)[0].get_groups("timing")
                      if str(t["related_pin"]).strip('"') == related)
        slew = 20.0
        for _ in range(20):
            slew = sum(tables.lookup(lib, timing.get_groups(t)[0], slew, load)
                       for t in ("rise_transition", "fall_transition")) / 2
        out.append(sum(tables.lookup(lib, timing.get_groups(t)[0], slew, load) for t in ("cell_rise", "cell_fall")) / 2)
    return out[0], out[1]


def _read(name: str) -> list[dict]:
    with open(DATA / name) as f:
        return list(csv.DictReader(f))


def render() -> str:
    arcs, cells, physics = _read("arcs.csv"), _read("cells.csv"), _read("physics.csv")
    phys = {(r["source"], r["quantity"]): float(r["value"]) for r in physics}
    buf = io.StringIO()
    p = lambda *a: print(*a, file=buf)  # noqa: E731
    p("# FlexLib: characterized from the FreePDK45 models vs the shipped liberty")
    p()
    p("Generated by `python scripts/flexlib_report.py` from `reports/flexlib/data/*.csv` (measured with "
      "`--measure` from `pdk/freepdk45_char/FlexLib_nom.lib`, written by `scripts/characterize.py`). "
      "Nominal corner, 1.0 V, 25 °C. Ours: timing, internal energy and leakage from our own ngspice decks "
      "(`src/cryptoppa/pdk/charlib/`), "
      "on PDKMaster's schematic netlists (no layout parasitics, no junction areas).")
    p()
    p("## Physics checks")
    p()
    p("| source | FO4 inv_x1 (ps) | FO4 na2_x1 (ps) | NAND2 / INV |")
    p("|---|---:|---:|---:|")
    for src, label in (("ngspice", "ngspice transient, 4-stage FO4 chain"), ("ours", "characterized liberty"),
                       ("shipped", "shipped FlexLib liberty")):
        p(f"| {label} | {phys[(src, 'fo4_inv_x1_ps')]:.1f} | {phys[(src, 'fo4_na2_x1_ps')]:.1f} | "
          f"{phys[(src, 'na2_over_inv')]:.2f} |")
    p()
    p("inv_x1 delay at one grid point (20 ps input slew, 2.9 fF load), characterized liberty vs an ngspice "
      "transient of the same netlist written from the liberty definitions (50 %-50 %):")
    p()
    p("| table | ours (ps) | ngspice (ps) |")
    p("|---|---:|---:|")
    for table in ("cell_rise", "cell_fall"):
        key = f"inv_x1_{table}_20ps_2.9ff"
        p(f"| {table} | {phys[('ours', key)]:.2f} | {phys[('ngspice', key)]:.2f} |")
    p()
    p("The flip-flops are characterized by the same decks (clock-to-q, setup and hold by bisection on the data "
      "edge; recovery and removal for the clear of sff1r_x4). The shipped clock-to-q delay at 20 ps clock slew and "
      "6.35 fF against an independent ngspice transient of the same netlist:")
    p()
    p("| table | shipped (ps) | ngspice (ps) | shipped / ngspice |")
    p("|---|---:|---:|---:|")
    for table in ("cell_rise", "cell_fall"):
        key = f"sff1_x4_ck_q_{table}_20ps_6.35ff"
        p(f"| {table} | {phys[('shipped', key)]:.1f} | {phys[('ngspice', key)]:.1f} | "
          f"{phys[('shipped', key)] / phys[('ngspice', key)]:.2f} |")
    p()
    p("Liberty FO4: each gate drives four copies of itself (4 x its input capacitance in that liberty), input "
      "slew iterated to the gate's own output transition; mean of rise and fall. Published 45 nm FO4 delays "
      "are some 10-40 ps depending on the process flavour and on parasitics. The liberty FO4 of inv_x1 "
      "extrapolates beyond its table (4 x its input capacitance exceeds the largest load of the shipped grid), "
      "and uses that liberty's input capacitance (ours: the charge an edge draws, the load an inverter presents "
      "in the chain).")
    p()
    p("## Delay and transition, ours / shipped")
    p()
    p("Geometric mean of ours / shipped over every characterized cell and arc, at three points of each cell's "
      "shipped grid (smallest slew and load, middle, largest):")
    p()
    p("| table | points | geo-mean ours/shipped | min | max |")
    p("|---|---:|---:|---:|---:|")
    import math  # noqa: PLC0415
    for table in TABLES:
        ratios = [float(r["ours"]) / float(r["shipped"]) for r in arcs
                  if r["table"] == table and float(r["shipped"]) > 0 and float(r["ours"]) > 0]
        if ratios:
            gm = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
            p(f"| {table} | {len(ratios)} | {gm:.2f} | {min(ratios):.2f} | {max(ratios):.2f} |")
    p()
    p("Internal energy (rise_power/fall_power, keyed by the output's edge): ours is what the supply delivers over "
      "the edge in an ngspice transient, less the C_load x Vdd² that charging the load takes on a rising output "
      "(the STA tool charges that as switching power), averaged over the side-input states that let the arc "
      "switch. An output fall can then be small or slightly negative (charge coupled back into the supply); the sum of "
      "a rise and a fall is what a toggling net costs.")
    p()
    p("## Per cell (middle grid point, mean of the cell's arcs)")
    p()
    p("| cell | delay ours (ps) | delay shipped (ps) | transition ours | transition shipped | input cap ours (fF) "
      "| shipped | leakage ours (nW) | shipped |")
    p("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    names = sorted({r["cell"] for r in cells})
    for name in names:
        mid = [r for r in arcs if r["cell"] == name and (r["slew_ps"], r["load_ff"]) == _mid(arcs, name)]
        def mean(table_names, col):
            v = [float(r[col]) for r in mid if r["table"] in table_names]
            return sum(v) / len(v) if v else float("nan")
        caps = [r for r in cells if r["cell"] == name and r["quantity"] == "input_capacitance_ff"]
        leak = next(r for r in cells if r["cell"] == name and r["quantity"] == "leakage_nw")
        cap_o = sum(float(r["ours"]) for r in caps) / len(caps)
        cap_s = sum(float(r["shipped"]) for r in caps) / len(caps)
        p(f"| {name} | {mean(('cell_rise', 'cell_fall'), 'ours'):.1f} | "
          f"{mean(('cell_rise', 'cell_fall'), 'shipped'):.1f} | "
          f"{mean(('rise_transition', 'fall_transition'), 'ours'):.1f} | "
          f"{mean(('rise_transition', 'fall_transition'), 'shipped'):.1f} | {cap_o:.2f} | {cap_s:.2f} | "
          f"{float(leak['ours']):.2f} | {float(leak['shipped']):.2f} |")
    p()
    p("Every value per arc and point: `data/arcs.csv`; pin capacitances and leakage: `data/cells.csv`.")
    return buf.getvalue()


def _mid(arcs: list[dict], cell: str) -> tuple[str, str]:
    points = sorted({(float(r["slew_ps"]), float(r["load_ff"]), r["slew_ps"], r["load_ff"])
                     for r in arcs if r["cell"] == cell})
    _, _, s, c = points[len(points) // 2]
    return s, c


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", action="store_true", help="recompute the CSVs (needs the installs)")
    parser.add_argument("--check", action="store_true", help="exit 1 if report.md is stale")
    args = parser.parse_args()
    if args.measure:
        measure()
    text = render()
    target = OUT / "report.md"
    if args.check:
        if not target.exists() or target.read_text() != text:
            print(f"{target} is not what {DATA} gives; run python scripts/flexlib_report.py", file=sys.stderr)
            return 1
        print(f"{target} agrees with its data")
        return 0
    target.write_text(text)
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
