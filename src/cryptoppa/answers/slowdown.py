"""What each scheme's engines cost a program (the slowdown publication's headline configuration: a modern system,
each scheme's pool as the feasibility answer provisions it for that system's memory), and the metadata traffic the
traced workloads moved, both as records of the answer model. Read from a slowdown table (default: the committed one
of reports/slowdown). The pool is the one each row records (cryptoppa.answers.pools filled it when the grid ran):
nothing here chooses or counts engines."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..feasibility.metadata import SCHEMES
from ..memsys.system import DEFAULT_SYSTEM
from ..paths import shown
from ..slowdown.answer import PUBLISHED, headline_rows, slowdown_by_class, withheld
from ..slowdown.run import TABLE
from ..sweep import results as results_mod
from .records import NotAnswered, On, Record


@dataclass
class ProgramSlowdown:
    scheme: str
    engine: str  # the answer's name for the engine the pool was built of, or "pipelined (assumed)" for the literature's
    figures: dict[str, Record] = field(default_factory=dict)  # "irregular mean", "irregular max", ..., "engines"


@dataclass
class Slowdowns:
    schemes: list[ProgramSlowdown]
    system: str  # the simulated machine
    basis: On  # the memory the pools were provisioned for and their clock
    not_answered: list[NotAnswered]  # runs the gate withheld, and why


def _table(table: pd.DataFrame | Path | None) -> pd.DataFrame:
    folder = PUBLISHED if table is None else table
    if isinstance(folder, Path):
        return results_mod.read(folder, TABLE) if results_mod.table_path(folder, TABLE) is not None else pd.DataFrame()
    return folder


def _one(rows: pd.Series) -> str:
    return ", ".join(str(v) for v in dict.fromkeys(rows.dropna()) if str(v))


def program_slowdown(table: pd.DataFrame | Path | None = None) -> Slowdowns:
    """Per scheme: mean and worst % slowdown per workload class, and the pool it was measured with."""
    rows = _table(table)
    by_class = slowdown_by_class(rows) if not rows.empty else pd.DataFrame()
    if by_class.empty:
        return Slowdowns([], DEFAULT_SYSTEM, On(), [])
    source = shown(PUBLISHED / "slowdown.csv") if table is None else "slowdown table"
    head = headline_rows(rows)
    measured = head[head["pool"] == "provisioned"]
    on = On(stage=f"slowdown replay, {DEFAULT_SYSTEM}", memory=_one(measured["answer_memory"]),
            access="the answer's pool for that memory", clock=_one(measured["clock_basis"]))
    out = []
    for scheme, group in by_class.groupby("scheme", sort=False):
        first = group.iloc[0]
        pipelined = first["pool"] == "pipelined"
        entry = ProgramSlowdown(scheme, "pipelined (assumed)" if pipelined else str(first["answer_engine"]))
        for _, r in group.iterrows():
            for stat, col in (("mean", "slowdown_pct"), ("max", "max_pct")):
                key = f"{r['workload_class']} {stat}"
                entry.figures[key] = Record(f"{scheme} slowdown", key, "percent", float(r[col]), on, (source,))
        if not pipelined:
            entry.figures["engines"] = Record(f"{scheme} slowdown", "pool", "engines", float(first["engines"]), on)
            entry.figures["clock"] = Record(f"{scheme} slowdown", "engine clock", "clock_mhz",
                                            float(first["engine_clock_mhz"]), on)
        out.append(entry)
    gated = withheld(rows)
    refused = [NotAnswered(f"{r['scheme']} slowdown", r["workload"], r["reason"]) for _, r in gated.iterrows()]
    return Slowdowns(out, DEFAULT_SYSTEM, on, refused)


def traced_traffic(table: pd.DataFrame | Path | None = None) -> dict[str, float]:
    """Metadata bytes per data byte each engine design's scheme moved, averaged over the headline workloads."""
    rows = _table(table)
    if rows.empty or "metadata_traffic_pct" not in rows.columns:
        return {}
    head = headline_rows(rows)
    out = {}
    for scheme, group in head.groupby("scheme"):
        if scheme in SCHEMES:
            for design in SCHEMES[scheme].engines:
                out[design] = float(group["metadata_traffic_pct"].mean()) / 100
    return out
