"""The measured points themselves, as records: what a report's appendix lists row by row."""

from __future__ import annotations

from ..catalog import AREA, CELLS, CYCLES, DIE_AREA, FMAX, POWER, WS, routed
from .basis import activity_modes
from ..paths import shown
from .records import On, Record
from .results import Results

# metric -> (name, quantity, factor from the stored unit); the rest stays in results.csv
SHOWN = {CELLS: ("cells", "cells", 1.0), AREA: ("cell area", "area_um2", 1.0), WS: ("setup slack", "latency_ns", 1.0),
         FMAX: ("fmax", "fmax_mhz", 1.0), POWER: ("power", "power_mw", 1e3), CYCLES: ("cycles per line", "cycles", 1.0),
         DIE_AREA: ("die area", "area_um2", 1.0), routed(FMAX): ("routed fmax", "fmax_mhz", 1.0),
         routed(POWER): ("routed power", "power_mw", 1e3)}


def point_records(results: Results) -> dict[str, dict[str, Record]]:
    """label -> {metric: record} for every usable point."""
    pts = results.points
    modes = activity_modes(pts)
    out = {}
    for (index, row), mode in zip(pts.iterrows(), modes):
        on = On(library=f"{row['pdk']}/{row['corner']}", stage="point", power=mode,
                clock=f"{float(row['clock_mhz']):g} MHz target")
        out[row["label"]] = {m: Record(row["label"], name, quantity, float(row[m]) * scale, on, (row["label"],))
                             for m, (name, quantity, scale) in SHOWN.items()
                             if m in row.index and row[m] == row[m] and row[m] is not None}
    return out


def row_counts(results: Results) -> dict[str, Record]:
    """How many rows the table holds, finished and failed."""
    on = On(stage="results table")
    subject = shown(results.table_path)
    return {name: Record(subject, f"{name} rows", "points", float(n), on)
            for name, n in (("all", len(results.table)), ("finished", len(results.points)),
                            ("failed", len(results.failed)))}
