"""Our FPGA resource lines against N beside the 2013 study's Kintex-7 fits (Owen 2013, Eq. 5.4).

The study's counts came from Xilinx ISE 14.3 on a Kintex-7 (Owen 2013, §5, Table 5.1); ours from Yosys's synth_xilinx,
which maps to the same 7-series primitives but optimizes differently, so the ratio of slopes is the comparison
that matters (resources per added engine), not the intercepts.
"""

from __future__ import annotations

import math

import pandas as pd

from ..catalog import BRAM, FPGA_FFS, LUTS
from ..feasibility.fit import fit_linear
from ..feasibility.owen2013 import OWEN2013

# Our metric -> the study's Eq. 5.4 line.
COMPARED = {
    FPGA_FFS: "flip_flops",
    LUTS: "luts",
    BRAM: "bram",
}
# How a reader names each compared metric.
LABELS = {FPGA_FFS: "FFs", LUTS: "LUTs",
          BRAM: "block RAM"}
_OK = ("ok", "cached")


def fpga_rows(table: pd.DataFrame, target: str = "xc7") -> pd.DataFrame:
    rows = table[(table.get("target") == target) & table["status"].isin(_OK)]
    return rows.dropna(axis=1, how="all")


def compare_to_study(table: pd.DataFrame, target: str = "xc7") -> pd.DataFrame:
    """One row per compared metric and design: our slope and intercept, the study's, and slope ratio ours/study."""
    rows = fpga_rows(table, target)
    if not rows.empty:
        rows = rows[rows.groupby("design")["n"].transform("nunique") >= 2]  # a line needs two N
    metrics = [m for m in COMPARED if m in rows.columns]
    if rows.empty or not metrics:
        return pd.DataFrame(columns=["design", "metric", "slope", "intercept", "r2", "study_slope",
                                     "study_intercept", "slope_ratio", "study_source"])
    fits = fit_linear(rows, x="n", y=metrics, by="design")
    out = []
    for _, fit in fits.iterrows():
        study = OWEN2013.fpga_fits[COMPARED[fit["metric"]]]
        ratio = fit["slope"] / study.slope if study.slope and not math.isnan(fit["slope"]) else math.nan
        out.append({"design": fit["design"], "metric": fit["metric"], "n_points": fit["n_points"],
                    "slope": fit["slope"], "intercept": fit["intercept"], "r2": fit["r2"],
                    "study_slope": study.slope, "study_intercept": study.intercept, "slope_ratio": ratio,
                    "study_source": study.source})
    return pd.DataFrame(out)
