"""Per scheme, the slowdown of a named workload set: what feasibility answers print beside engines, mm², W, ns
and % traffic. Reads a slowdown table (default: the committed one of reports/slowdown).

The headline configuration is the default system (memsys.system.DEFAULT_SYSTEM: out-of-order cores, a shared LLC,
DDR4-3200) with each scheme's provisioned pool; `engines=N` picks the fixed pools of the sensitivity study instead.
Workload sets are the classes of the workloads (irregular, streaming, cache-friendly) and the named groups below;
within a set every workload weighs the same.

A gate comes before any average: a protected run faster than its unprotected baseline is withheld (`withheld`),
never averaged or shown. Protection only adds latency, engine occupancy and metadata traffic, and the replay is
deterministic (the same inputs give the same cycles: there is no run-to-run noise to be within), so a faster run
is an artifact of the replay (its FCFS DRAM banks reorder requests when a protection delays them).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..errors import InputError
from ..memsys.system import DEFAULT_SYSTEM
from ..paths import ROOT
from ..sweep import results as results_mod
from ..trace.workloads import CLASSES, STUDY_KERNELS, WORKLOADS
from .run import PROVISIONED, TABLE

PUBLISHED = ROOT / "reports" / "slowdown" / "data"
PROGRAMS = ("gzip", "xz", "sqlite3")
WORKLOAD_SETS = {"splash2": STUDY_KERNELS, "programs": PROGRAMS, "all": tuple(WORKLOADS),
                 **{c: tuple(w.name for w in WORKLOADS.values() if w.kind == c) for c in CLASSES}}
COLUMNS = ["scheme", "slowdown_pct", "min_pct", "max_pct", "workloads", "pool", "engine", "answer_engine", "engines",
           "engine_clock_mhz", "engine_utilization", "wait_ns", "added_ns"]
FASTER = ("faster than unprotected: an artifact of the replay, whose FCFS DRAM banks reorder the requests a "
          "protection delays")


def _read(table: pd.DataFrame | Path | None) -> pd.DataFrame:
    if table is None or isinstance(table, Path):
        return results_mod.read(table or PUBLISHED, TABLE)
    return table


def _selected(table: pd.DataFrame, workload_set: str, system: str, processors: int | None, line_bytes: int,
              engines: int | None) -> pd.DataFrame:
    """The rows one answer averages, gate or no gate: memory-link schemes of `system` on the set's workloads, each
    kernel at `processors` (default the largest measured), programs on one; the provisioned pool (or the fixed
    pool of `engines`; the literature's pipelined engine in either case)."""
    if workload_set not in WORKLOAD_SETS:
        raise InputError(f"workload set {workload_set!r}: expected one of {', '.join(WORKLOAD_SETS)}")
    if table.empty or "system" not in table.columns:
        return table.iloc[0:0]
    pool = (table["pool"] == PROVISIONED) if engines is None else \
        (table["pool"] == "fixed") & (table["engines"] == engines)
    ok = table[(table["status"] == "ok") & (table["link"] == "memory") & (table["scheme"] != "none")
               & (table["system"] == system) & table["workload"].isin(WORKLOAD_SETS[workload_set])
               & (table["line_bytes"] == line_bytes) & (pool | (table["pool"] == "pipelined"))]
    if ok.empty:
        return ok
    kernels = ok["processors"] > 1
    want = processors or int(ok.loc[kernels, "processors"].max() if kernels.any() else 1)
    return ok[(ok["processors"] == want) | (ok["processors"] == 1) & ~ok["workload"].isin(ok.loc[kernels, "workload"])]


def withheld(table: pd.DataFrame, workload_set: str = "all", system: str = DEFAULT_SYSTEM,
             processors: int | None = None, line_bytes: int = 64, engines: int | None = None) -> pd.DataFrame:
    """The rows the gate withholds from an answer, each with its reason (column `reason`)."""
    rows = _selected(table, workload_set, system, processors, line_bytes, engines)
    out = rows[rows["slowdown_pct"] < 0]
    return out.assign(reason=FASTER)


def headline_rows(table: pd.DataFrame, workload_set: str = "all", system: str = DEFAULT_SYSTEM,
                  processors: int | None = None, line_bytes: int = 64, engines: int | None = None) -> pd.DataFrame:
    """The rows one answer averages (`_selected`), without those the gate withholds (`withheld`)."""
    rows = _selected(table, workload_set, system, processors, line_bytes, engines)
    return rows[~(rows["slowdown_pct"] < 0)]


def slowdown_by_scheme(workload_set: str = "all", processors: int | None = None, line_bytes: int = 64,
                       engines: int | None = None, table: pd.DataFrame | Path | None = None,
                       system: str = DEFAULT_SYSTEM) -> pd.DataFrame:
    """One row per memory-link scheme: mean, min and max % slowdown over the set's workloads, with the workloads it
    covers, its pool (kind, the answer's engine, count, clock) and what the pool did (mean over the workloads of
    utilization, queueing ns per protected read and latency added per protected read)."""
    rows = headline_rows(_read(table), workload_set, system, processors, line_bytes, engines)
    if rows.empty:
        return pd.DataFrame(columns=COLUMNS)
    grouped = rows.groupby("scheme", sort=True)
    return pd.DataFrame({
        "slowdown_pct": grouped["slowdown_pct"].mean(), "min_pct": grouped["slowdown_pct"].min(),
        "max_pct": grouped["slowdown_pct"].max(),
        "workloads": grouped["workload"].agg(lambda s: ", ".join(sorted(set(s)))),
        "pool": grouped["pool"].first(), "engine": grouped["engine"].first(),
        "answer_engine": grouped["answer_engine"].first(),
        "engines": grouped["engines"].max(), "engine_clock_mhz": grouped["engine_clock_mhz"].first(),
        "engine_utilization": grouped["engine_utilization"].mean(),
        "wait_ns": grouped["wait_ns_per_protected"].mean(),
        "added_ns": grouped["added_cycles_per_protected"].mean() / rows["core_ghz"].iloc[0],
    }).reset_index()[COLUMNS]


def slowdown_by_class(table: pd.DataFrame | Path | None = None, system: str = DEFAULT_SYSTEM,
                      engines: int | None = None) -> pd.DataFrame:
    """Per scheme and workload class: mean and max % slowdown (the headline configuration)."""
    table = _read(table)
    parts = []
    for c in CLASSES:
        by = slowdown_by_scheme(c, engines=engines, table=table, system=system)
        if not by.empty:
            parts.append(by.assign(workload_class=c))
    if not parts:
        return pd.DataFrame(columns=["workload_class", *COLUMNS])
    out = pd.concat(parts, ignore_index=True)
    return out[["workload_class", *COLUMNS]]
