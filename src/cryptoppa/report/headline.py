"""Compact views of what bandwidths cost, per design: the study's bandwidth, and one of each memory a reader is
likely to size for today.

Everything here is a view of :func:`cryptoppa.report.analysis.engines_for_bandwidths` (cryptoppa.report.totals
per bandwidth); this module only picks the bandwidths, shortens the design names to what varies and rounds to
what the inputs support.
"""

from __future__ import annotations

import math

import pandas as pd

from ..feasibility.presets import resolve_bandwidth
from ..feasibility.report_text import round_sig
from ..feasibility.units import format_bandwidth
from .labels import short_labels

STUDY_BANDWIDTH = "desktop-25.6"  # the 2013 study's conclusions are for 25.6 GB/s
# One of each memory a reader is likely to size for today (the full preset table is further down the report).
DEFAULT_PRESETS = ("ddr4-3200", "ddr5-6400", "lpddr5x-8533", "hbm3")
SIG = 4


def answer_table(feas: pd.DataFrame, bandwidth: str = STUDY_BANDWIDTH) -> pd.DataFrame:
    """One row per group at ``bandwidth``: per-engine throughput, engines, total area (mm², kGE), power, pJ/B."""
    rows = feas[feas["bandwidth"] == bandwidth]
    names = short_labels(list(feas["group"].drop_duplicates()))
    return pd.DataFrame({
        "design": rows["group"].map(names),
        "per-engine Gb/s": round_sig(rows["per_engine_bits"] / 1e9, SIG),
        "engines": rows["engines"].astype(int),
        "total area mm²": round_sig(rows["area_mm2"], SIG),
        "total kGE": rows["kge"].round(0),
        "total power W": round_sig(rows["power_w"], SIG),
        "pJ/byte": round_sig(rows["pj_per_byte"], 3),
    }).reset_index(drop=True)


def _cell(row: pd.Series) -> str:
    # "engines · mm² · W" in one cell keeps four presets within a 1280-pixel page.
    def num(v: float) -> str:
        return "–" if math.isnan(v) else f"{float(f'{v:.{SIG}g}'):.10g}"  # 4 digits, never an exponent
    return f"{int(row['engines'])} · {num(float(row['area_mm2']))} · {num(float(row['power_w']))}"


def presets_table(feas: pd.DataFrame, presets: list[str]) -> pd.DataFrame:
    """One row per group, one column per preset: 'engines · area mm² · power W'."""
    names = short_labels(list(feas["group"].drop_duplicates()))
    out = pd.DataFrame({"design": list(names.values())})
    for preset in presets:
        rows = feas[feas["bandwidth"] == preset].set_index("group")
        bandwidth = format_bandwidth(resolve_bandwidth(preset).bits_per_second)
        out[f"{preset} ({bandwidth})"] = [_cell(rows.loc[g]) if g in rows.index else "" for g in names]
    return out


