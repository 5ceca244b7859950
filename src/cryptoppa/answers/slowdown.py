"""What each scheme's engines cost a program (the slowdown publication's headline configuration: a modern system,
pools provisioned as the feasibility answer provisions them), and the metadata traffic the traced workloads moved,
both as records of the answer model. Read from a slowdown table (default: the committed one of reports/slowdown)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..feasibility.metadata import SCHEMES
from ..paths import shown
from ..slowdown.answer import PUBLISHED, headline_rows, slowdown_by_class
from ..slowdown.run import TABLE
from ..sweep import results as results_mod
from .records import On, Record


@dataclass
class ProgramSlowdown:
    scheme: str
    engine: str  # the engine configuration the pool was built of, or "pipelined (assumed)" for the literature's
    figures: dict[str, Record] = field(default_factory=dict)  # "irregular mean", "irregular max", ..., "engines"


def _table(table: pd.DataFrame | Path | None) -> pd.DataFrame:
    folder = PUBLISHED if table is None else table
    if isinstance(folder, Path):
        return results_mod.read(folder, TABLE) if results_mod.table_path(folder, TABLE) is not None else pd.DataFrame()
    return folder


def program_slowdown(table: pd.DataFrame | Path | None = None) -> list[ProgramSlowdown]:
    """Per scheme: mean and worst % slowdown per workload class, and the pool it was measured with."""
    rows = _table(table)
    by_class = slowdown_by_class(rows) if not rows.empty else pd.DataFrame()
    if by_class.empty:
        return []
    source = shown(PUBLISHED / "slowdown.csv") if table is None else "slowdown table"
    out = []
    for scheme, group in by_class.groupby("scheme", sort=False):
        first = group.iloc[0]
        engine = rows.loc[(rows["scheme"] == scheme) & rows["engine"].notna(), "engine"]
        pipelined = first["pool"] == "pipelined"
        name = "pipelined (assumed)" if pipelined or engine.empty else str(engine.iloc[0])
        on = On(stage="slowdown replay", memory="modern-ddr4", access="provisioned pool", clock="engine fmax")
        entry = ProgramSlowdown(scheme, name)
        for _, r in group.iterrows():
            for stat, col in (("mean", "slowdown_pct"), ("max", "max_pct")):
                key = f"{r['workload_class']} {stat}"
                entry.figures[key] = Record(f"{scheme} slowdown", key, "percent", float(r[col]), on, (source,))
        if not pipelined:
            entry.figures["engines"] = Record(f"{scheme} slowdown", "pool", "engines", float(first["engines"]), on)
            entry.figures["clock"] = Record(f"{scheme} slowdown", "engine clock", "clock_mhz",
                                            float(first["engine_clock_mhz"]), on)
        out.append(entry)
    return out


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
