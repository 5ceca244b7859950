"""Resource metrics from Yosys's `stat -json` and nextpnr's `--report` JSON."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from ..catalog import (
    BRAM, CELLS, COPIES_FIT, FMAX, FMAX_GOAL, LUTS, WS, fpga_count, site_capacity, site_count, site_utilization
)
from ..metrics import Metric
from .targets import FpgaTarget

SYNTH_STAT = "reports/synth_stat.json"
PNR_REPORT = "reports/pnr.json"
_UNITS = {"bram": "blocks", "bram18": "RAMB18E1", "bram36": "RAMB36E1", "lram": "blocks", "dsp": "blocks"}


def _cells(run_dir: Path) -> dict[str, int]:
    """Cells by type, without the $scopeinfo markers flattening leaves behind (they are not hardware)."""
    cells = json.loads((run_dir / SYNTH_STAT).read_text())["design"].get("num_cells_by_type", {})
    return {name: int(n) for name, n in cells.items() if not name.startswith("$scopeinfo")}


def synth_counts(run_dir: Path, target: FpgaTarget) -> dict[str, int]:
    """Cells per resource class (every class present, zero when unused), plus the unclassified total."""
    cells = _cells(run_dir)
    counts = dict.fromkeys(target.cells, 0)
    counts["other"] = 0
    for cell_type, n in cells.items():
        counts[target.classify(cell_type) or "other"] += int(n)
    return counts


def lut_total(counts: dict[str, int]) -> int:
    """Logic LUTs: by size on 7-series, LUT4s on the Lattice families (carry and LUT RAM are counted apart)."""
    return sum(n for name, n in counts.items() if name.startswith("lut") and name[3:].isdigit())


def synth_metrics(run_dir: Path, target: FpgaTarget, tool: str) -> dict[str, Metric]:
    counts = synth_counts(run_dir, target)
    out = {CELLS: Metric(sum(_cells(run_dir).values()), "cells", SYNTH_STAT, tool),
           LUTS: Metric(lut_total(counts), "LUTs", SYNTH_STAT, tool)}
    for name, n in counts.items():
        out[fpga_count(name)] = Metric(n, _UNITS.get(name, "cells"), SYNTH_STAT, tool)
    if "bram36" in counts:
        # The study counted block RAMs (001 Table 5.1): 36 Kb blocks, two RAMB18 to one.
        out[BRAM] = Metric(counts["bram36"] + counts["bram18"] / 2,
                                                             "RAMB36 equivalents", SYNTH_STAT, tool)
    return out


def over_capacity(counts: dict[str, int], target: FpgaTarget) -> dict[str, tuple[int, int]]:
    """Resources the synthesized netlist already needs more of than the device has: (needed, available)."""
    need = dict(counts)
    if target.lut_sites:
        need["lut4"] = sum(counts.get(name, 0) * sites for name, sites in target.lut_sites.items())
    return {name: (need.get(name, 0), cap) for name, cap in target.capacity.items() if need.get(name, 0) > cap}


# Sites that copies of a block compete for; pins, clock buffers and constant drivers are shared or are the IO ring's.
_LOGIC_SITES = re.compile(r".*(comb|_ff|ramw|ebr|dp16|mult|alu|lram|dsp).*")


def _key(bel: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in bel.lower()).strip("_")


def pnr_metrics(run_dir: Path, tool: str) -> dict[str, Metric]:
    report = json.loads((run_dir / PNR_REPORT).read_text())
    out: dict[str, Metric] = {}
    fits = []
    for bel, use in sorted(report.get("utilization", {}).items()):
        used, available = int(use["used"]), int(use["available"])
        if not used:
            continue  # dozens of special-purpose sites (PLLs, SERDES, JTAG) an engine never uses
        out[site_count(_key(bel))] = Metric(used, "bels", PNR_REPORT, tool)
        out[site_capacity(_key(bel))] = Metric(available, "bels", PNR_REPORT, tool)
        if available:
            out[site_utilization(_key(bel))] = Metric(round(100.0 * used / available, 3), "%",
                                                                     PNR_REPORT, tool)
            if _LOGIC_SITES.fullmatch(_key(bel)):
                fits.append(available // used)
    if fits:
        # How many copies of this netlist the device holds by its scarcest resource (logic only: no IO ring).
        out[COPIES_FIT] = Metric(min(fits), "copies", PNR_REPORT, tool)
    clocks = report.get("fmax", {})
    if clocks:
        achieved = min(float(c["achieved"]) for c in clocks.values())
        goal = min(float(c["constraint"]) for c in clocks.values())
        out[FMAX] = Metric(round(achieved, 3), "MHz", PNR_REPORT, tool)
        out[FMAX_GOAL] = Metric(goal, "MHz", PNR_REPORT, tool)
        out[WS] = Metric(round(1000.0 / goal - 1000.0 / achieved, 4) if achieved > 0 else math.nan, "ns",
                         PNR_REPORT, tool)
    return out


_PLACED = re.compile(re.escape(site_count("")) + r"(\w+_(comb|ff))")


def placed_logic(row) -> dict[str, float]:
    """A routed row's placed logic cells (LUT4 sites, including those wide muxes take) and flip-flops, with the
    share of the device's logic cells used: comparable across families, where synthesis counts are not (synth_nexus
    counts a WIDEFN9 once, the placer gives it two logic cells)."""
    out = {}
    for key, value in row.items():
        found = _PLACED.fullmatch(str(key))
        if found and value == value:  # not NaN
            kind = "logic" if found.group(2) == "comb" else "ff"
            out[kind] = float(value)
            if kind == "logic":
                out["logic_utilization"] = float(row.get(site_utilization(found.group(1)), math.nan))
    return out
