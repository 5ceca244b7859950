"""Per scheme, the slowdown of a named workload set: what feasibility answers print beside engines, mm², W, ns
and % traffic. Reads a slowdown table (default: the committed one of reports/slowdown)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..errors import InputError
from ..paths import ROOT
from ..sweep import results as results_mod
from ..trace.workloads import STUDY_KERNELS
from .run import TABLE

PUBLISHED = ROOT / "reports" / "slowdown" / "data"
WORKLOAD_SETS = {"splash2": STUDY_KERNELS, "programs": ("gzip", "xz", "sqlite3"),
                 "all": (*STUDY_KERNELS, "gzip", "xz", "sqlite3")}


def slowdown_by_scheme(workload_set: str = "splash2", processors: int | None = None, line_bytes: int = 64,
                       engines: int = 1, table: pd.DataFrame | Path | None = None) -> pd.DataFrame:
    """One row per memory-link scheme: mean, min and max % slowdown over the set's workloads (at `processors`,
    default the largest measured), with the workloads it covers."""
    if workload_set not in WORKLOAD_SETS:
        raise InputError(f"workload set {workload_set!r}: expected one of {', '.join(WORKLOAD_SETS)}")
    if table is None or isinstance(table, Path):
        table = results_mod.read(table or PUBLISHED, TABLE)
    ok = table[(table["status"] == "ok") & (table["link"] == "memory") & (table["scheme"] != "none")
               & table["workload"].isin(WORKLOAD_SETS[workload_set]) & (table["line_bytes"] == line_bytes)
               & (table["engines"] == engines)]
    if ok.empty:
        return pd.DataFrame(columns=["scheme", "slowdown_pct", "min_pct", "max_pct", "workloads"])
    # programs run on one processor, kernels at the chosen count
    kernels = ok["processors"] > 1
    want = processors or int(ok.loc[kernels, "processors"].max() if kernels.any() else 1)
    ok = ok[(ok["processors"] == want) | (ok["processors"] == 1) & ~ok["workload"].isin(ok.loc[kernels, "workload"])]
    grouped = ok.groupby("scheme", sort=True)
    return pd.DataFrame({
        "slowdown_pct": grouped["slowdown_pct"].mean(), "min_pct": grouped["slowdown_pct"].min(),
        "max_pct": grouped["slowdown_pct"].max(),
        "workloads": grouped["workload"].agg(lambda s: ", ".join(sorted(set(s)))),
    }).reset_index()
