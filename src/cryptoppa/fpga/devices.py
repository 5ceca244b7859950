"""FPGA options for a bandwidth from routed points: per-engine throughput at the routed fmax (median over the placer
seeds), and what one device moves: the largest array measured on it at that array's own routed fmax (an array is
slower than its engine alone), or, where no array was routed, copies of the N = 1 netlist that fit by the scarcest
logic site.

No power column: no open FPGA power estimator exists, so no FPGA watt figure is printed.
"""

from __future__ import annotations

import math

import pandas as pd

from ..catalog import COPIES_FIT, FMAX, THROUGHPUT_FMAX
from ..feasibility.presets import resolve_bandwidth


def single_engines(points: pd.DataFrame) -> pd.DataFrame:
    """One row per design and routed target from its ok N = 1 rows: fmax and throughput as the median over the
    placer seeds, engines per device as the fewest copies any seed's netlist fits."""
    cols = {THROUGHPUT_FMAX, COPIES_FIT, FMAX}
    single = points[points["n"] == 1] if cols <= set(points.columns) else points.iloc[0:0]
    rows = []
    for (design, target), group in single.groupby(["design", "pdk"], sort=True):
        per_engine, engines = float(group[THROUGHPUT_FMAX].median()), int(group[COPIES_FIT].min())
        if per_engine > 0 and engines > 0:
            rows.append({"design": design, "target": target, "fmax_mhz": float(group[FMAX].median()),
                         "seeds": len(group), "gbps": per_engine, "per_device": engines})
    return pd.DataFrame(rows, columns=["design", "target", "fmax_mhz", "seeds", "gbps", "per_device"])


def _device(points: pd.DataFrame, engine: pd.Series) -> tuple[int, float, str]:
    """(engines per device, Gb/s per device, what that rests on) for one design on one routed target."""
    arrays = points[(points["design"] == engine["design"]) & (points["pdk"] == engine["target"]) & (points["n"] > 1)]
    arrays = arrays[arrays[THROUGHPUT_FMAX].notna() & arrays[COPIES_FIT].notna()] if len(arrays) else arrays
    if len(arrays):
        top = arrays[arrays["n"] == arrays["n"].max()]
        n, copies = int(top["n"].iloc[0]), int(top[COPIES_FIT].min())
        return (n * copies, float(top[THROUGHPUT_FMAX].median()) * copies,
                f"an array of {n} measured at {float(top[FMAX].median()):.1f} MHz"
                + (f", {copies} per device" if copies > 1 else ""))
    return (int(engine["per_device"]), engine["per_device"] * engine["gbps"],
            "copies of one engine; no larger array routed")


def fpga_options(points: pd.DataFrame, bandwidth: str = "desktop-25.6") -> pd.DataFrame:
    """Engines and devices each design and routed target needs for ``bandwidth``."""
    need = resolve_bandwidth(bandwidth).bits_per_second / 1e9
    rows = []
    for _, e in single_engines(points).iterrows():
        per_device, device, basis = _device(points, e)
        rows.append({"design": e["design"], "target": e["target"], "fmax median (MHz)": round(e["fmax_mhz"], 1),
                     "seeds": e["seeds"], "Gb/s per engine": round(e["gbps"], 3), "engines per device": per_device,
                     "Gb/s per device": round(device, 2), f"engines for {bandwidth}": math.ceil(need / e["gbps"]),
                     f"devices for {bandwidth}": math.ceil(need / device), "device basis": basis})
    return pd.DataFrame(rows)
