"""FPGA options for a bandwidth, from routed single-engine points only: engines per device (copies of the N = 1
netlist that fit by the scarcest logic site), per-engine throughput at the routed fmax, devices needed.

No power column: no open FPGA power estimator exists, so no FPGA watt figure is printed.
"""

from __future__ import annotations

import math

import pandas as pd

from ..feasibility.presets import resolve_bandwidth

THROUGHPUT = "perf__throughput_at_fmax__gbps"
COPIES = "route__device__copies_fit"
FMAX = "timing__fmax__mhz"


def fpga_options(points: pd.DataFrame, bandwidth: str = "desktop-25.6") -> pd.DataFrame:
    """One row per design and target, from its ok N = 1 rows (median over seeds)."""
    need = resolve_bandwidth(bandwidth).bits_per_second / 1e9
    cols = {THROUGHPUT, COPIES, FMAX}
    single = points[points["n"] == 1] if cols <= set(points.columns) else points.iloc[0:0]
    rows = []
    for (design, target), group in single.groupby(["design", "pdk"], sort=True):
        per_engine = float(group[THROUGHPUT].median())
        engines = int(group[COPIES].min())
        if not (per_engine > 0 and engines > 0):
            continue
        device = engines * per_engine
        rows.append({"design": design, "target": target, "fmax median (MHz)": round(float(group[FMAX].median()), 1),
                     "seeds": len(group), "Gb/s per engine": round(per_engine, 3), "engines per device": engines,
                     "Gb/s per device": round(device, 2), f"engines for {bandwidth}": math.ceil(need / per_engine),
                     f"devices for {bandwidth}": math.ceil(need / device)})
    return pd.DataFrame(rows)
