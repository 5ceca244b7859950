"""Read a results folder into the shapes the report needs: usable points, failures, groups, provenance.

A group is one configuration swept over N: design, its parameters, PDK, corner, clock and input activity.
Activity is part of the group although fits are usually described "per design/params/PDK/corner/clock",
because vectorless power scales with it; mixing two activities in one line would fit noise, not cost.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field, replace
from pathlib import Path

import pandas as pd

from .. import fpga
from ..catalog import CYCLES
from ..errors import InputError
from ..pnr.plan import DEFAULT_UTILIZATION
from ..sweep.results import FINISHED as USABLE
from ..sweep.results import TABLE, read, table_path

LINE_BYTES_PARAM = "param_LINE_BYTES"
# What an engine's line is when a design does not say otherwise; the engine interface's default width.
DEFAULT_LINE_BYTES = 64
BASE_GROUP = ["design", "pdk", "corner", "clock_mhz", "activity"]


@dataclass(frozen=True)
class Results:
    """One results folder, split into what can be reported and what failed."""

    folder: Path
    table_path: Path
    sha256: str
    table: pd.DataFrame  # every row, as stored
    points: pd.DataFrame  # ok/cached rows, with `line_bytes` and `group` columns added
    failed: pd.DataFrame  # failed rows
    group_cols: list[str]  # columns that identify a group (design, param_*, pdk, ...)
    # What the answer model derives from these rows whatever the question (basis, configurations, fits), kept so
    # that the same results under many memories (a report's appendix) are fitted once. Not copied by replace().
    derived: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def has_perf(self) -> bool:
        return CYCLES in self.points.columns and self.points[CYCLES].notna().any()


def engines_alone(rows: pd.DataFrame) -> pd.DataFrame:
    """The N = 1 rows (results rows or configurations), each engine once: a flat array of one is left out where its
    group also has the engine alone (the arrays' fits use it; a table of engines does not). An array of one without
    its engine alone stays: it is the only measurement of that engine (reports/thesis)."""
    one = rows[rows["n"] == 1] if not rows.empty else rows
    if "array_mode" not in one.columns or one.empty:
        return one
    alone = one["array_mode"].fillna("").astype(str) == ""
    if "group" in one.columns:
        group = one["group"]
    else:
        keyed = _wire_load_filled(one)
        group = keyed[group_columns(keyed)].map(str).agg("|".join, axis=1)
    return one[alone | ~group.isin(set(group[alone]))]


def param_columns(df: pd.DataFrame) -> list[str]:
    return sorted(c for c in df.columns if c.startswith("param_"))


def _wire_load_filled(table: pd.DataFrame) -> pd.DataFrame:
    """Rows from before the wire-load choice (and FPGA rows) have none recorded: each used its library's own."""
    if "wire_load" not in table.columns:
        return table
    return table.assign(wire_load=table["wire_load"].fillna("none").replace("", "none"))


def group_columns(table: pd.DataFrame) -> list[str]:
    """What identifies a group (one fitted line over N): design, parameters, library, clock, wire load, the
    floorplan's target utilization, activity. Tables from before simulated activity, the wire-load choice or the
    utilization key lack those columns: their rows are all vectorless, each timed with its library's own wire load
    and routed (if at all) at the default utilization."""
    optional = [c for c in ("wire_load", "target_utilization") if c in table.columns]
    modes = [c for c in ("activity_mode",) if c in table.columns]
    return ["design", *param_columns(table), "pdk", "corner", "clock_mhz", *optional, "activity", *modes]


def group_label(row: pd.Series | dict, group_cols: list[str]) -> str:
    """A short human-readable name for a group, e.g. 'gcm_iter [DIGIT=16] freepdk45/nom 225MHz a=0.1'."""
    params = []
    for col in group_cols:
        if col.startswith("param_"):
            value = row[col]
            if value is not None and not (isinstance(value, float) and math.isnan(value)):
                params.append(f"{col[len('param_'):]}={_plain_number(value)}")
    mode = row.get("activity_mode", "vectorless")
    activity = f"a={_plain_number(row['activity'])}" if mode in ("vectorless", "", None) else mode
    wire = row.get("wire_load", "none")
    wire = " no wire-load" if wire == "off" else f" wire-load {wire}" if isinstance(wire, str) and wire not in (
        "none", "") else ""
    util = row.get("target_utilization")
    util = "" if util is None or util != util or util == DEFAULT_UTILIZATION else f" utilization={_plain_number(util)}"
    return (f"{row['design']} [{','.join(params)}] {row['pdk']}/{row['corner']} "
            f"{_plain_number(row['clock_mhz'])}MHz {activity}{wire}{util}")


def load_results(folder: Path | str) -> Results:
    """Read ``folder/results.parquet`` (or the CSV beside it: a published copy) and classify its rows."""
    folder = Path(folder).resolve()  # the report records where its numbers came from, unambiguously
    path = table_path(folder)
    if path is None:
        raise InputError(f"{folder}: no {TABLE} or results.csv (run `cryptoppa sweep` first)")
    table = read(folder)
    missing = [c for c in ["design", "n", "status", *BASE_GROUP] if c not in table.columns]
    if missing:
        raise InputError(f"{path}: not a results table (missing columns {missing})")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()

    table = _wire_load_filled(table)
    group_cols = group_columns(table)
    usable = table[table["status"].isin(USABLE)].copy()
    if usable.empty:
        first = table["error"].iloc[0] if "error" in table.columns and len(table) else ""
        raise InputError(f"{path}: no finished point to read (all {len(table)} rows failed{'; first: ' if first else ''}"
                         f"{first})")
    usable["line_bytes"] = _line_bytes(usable)
    usable["group"] = [group_label(r, group_cols) for _, r in usable.iterrows()]
    # Natural order (WIDTH=8 before WIDTH=16), not the order of the label strings.
    usable = usable.sort_values([*group_cols, "n", "label"], kind="stable").reset_index(drop=True)
    failed = table[~table["status"].isin(USABLE)].sort_values("label", kind="stable").reset_index(drop=True)
    return Results(folder=folder, table_path=path, sha256=digest, table=table, points=usable, failed=failed,
                   group_cols=group_cols)


def _line_bytes(df: pd.DataFrame) -> pd.Series:
    if LINE_BYTES_PARAM not in df.columns:
        return pd.Series(DEFAULT_LINE_BYTES, index=df.index, dtype=float)
    return pd.to_numeric(df[LINE_BYTES_PARAM], errors="coerce").fillna(DEFAULT_LINE_BYTES).astype(float)


def _plain_number(value) -> str:
    # 225.0 -> "225", 0.1 -> "0.1": labels should read like the sweep file, not like floats.
    try:
        return f"{float(value):g}"
    except (TypeError, ValueError):
        return str(value)


def asic_only(results: Results) -> Results:
    """The results without FPGA rows: FPGA targets are answered in devices (cryptoppa.answers.fpga), not in mm²."""
    def keep(frame: pd.DataFrame) -> pd.DataFrame:
        return frame[~frame["pdk"].map(fpga.is_target)] if "pdk" in frame.columns and len(frame) else frame
    return replace(results, table=keep(results.table), points=keep(results.points), failed=keep(results.failed))


def fpga_only(results: Results) -> bool:
    """True when every row is of an FPGA target."""
    pdks = results.table["pdk"] if "pdk" in results.table.columns else pd.Series(dtype=str)
    return len(pdks) > 0 and bool(pdks.map(fpga.is_target).all())
