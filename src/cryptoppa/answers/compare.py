"""Two results folders point by point: the ratio B / A of area, fmax, power and cycles per line.

Points are matched on what identifies a point -- design, every parameter, N, PDK, corner, clock, activity,
array mode -- except the columns that tell the two folders apart: a column with one value in A and another
single value in B (corner nom vs slow, flat vs composed, another PDK) is what is being compared, so it is left
out of the match and stated. Points only one side has are listed, not dropped silently.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pandas as pd

from ..catalog import AREA, CYCLES, FMAX, POWER
from ..feasibility.report_text import round_sig
from .labels import short_labels
from .results import Results

# metric -> (header, scale to the shown unit)
METRICS = {AREA: ("area µm²", 1.0), FMAX: ("fmax MHz", 1.0), POWER: ("power mW", 1e3), CYCLES: ("cycles/line", 1.0)}
_OPTIONAL_KEYS = ("array_mode", "activity_mode")
SIG = 4


@dataclass(frozen=True)
class Comparison:
    table: pd.DataFrame  # one row per matched point: A's value and B / A for each metric
    only_a: list[str]
    only_b: list[str]
    matched_on: list[str]
    differing: dict[str, tuple[str, str]] = field(default_factory=dict)  # column -> (A's value, B's value)


def _plain(value) -> str:
    # 225.0 and "225" must match across a Parquet and a CSV copy of the same table.
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    try:
        return f"{float(value):g}"
    except (TypeError, ValueError):
        return str(value)


def _candidate_keys(a: Results, b: Results) -> list[str]:
    cols = dict.fromkeys([*a.group_cols, *b.group_cols, "n"])
    cols.update(dict.fromkeys(c for c in _OPTIONAL_KEYS if c in a.points.columns or c in b.points.columns))
    return list(cols)


def _keyed(points: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    out = points.copy()
    for col in keys:
        out[col] = out[col].map(_plain) if col in out.columns else ""
    out["_key"] = out[keys].agg("\x1f".join, axis=1)
    return out.drop_duplicates("_key", keep="last").set_index("_key")


def compare(a: Results, b: Results) -> Comparison:
    candidates = _candidate_keys(a, b)
    pa, pb = _keyed(a.points, candidates), _keyed(b.points, candidates)
    differing = {}
    for col in candidates:
        va, vb = set(pa[col]), set(pb[col])
        if col != "n" and len(va) == 1 and len(vb) == 1 and va != vb:
            differing[col] = (next(iter(va)), next(iter(vb)))
    keys = [c for c in candidates if c not in differing]
    pa, pb = _keyed(a.points, keys), _keyed(b.points, keys)
    both = [k for k in pa.index if k in pb.index]
    names_a = short_labels(list(pa["group"].drop_duplicates()))
    names_b = short_labels(list(pb["group"].drop_duplicates()))
    table = pd.DataFrame({"design": [names_a[pa.at[k, "group"]] for k in both],
                          "N": [int(float(pa.at[k, "n"])) for k in both]})
    if "array_mode" in keys and pa["array_mode"].nunique() > 1:
        table["array"] = [pa.at[k, "array_mode"] for k in both]
    for metric, (header, scale) in METRICS.items():
        if metric not in pa.columns or metric not in pb.columns:
            continue
        va = pd.to_numeric(pa.loc[both, metric], errors="coerce").to_numpy(dtype=float)
        vb = pd.to_numeric(pb.loc[both, metric], errors="coerce").to_numpy(dtype=float)
        table[f"{header} (A)"] = round_sig(pd.Series(va * scale), SIG).to_numpy()
        table[f"{header.split()[0]} B/A"] = round_sig(pd.Series(vb / va), SIG).to_numpy()

    def listed(frame, names, missing):
        return [f"{names[frame.at[k, 'group']]} N={int(float(frame.at[k, 'n']))}" for k in missing]

    return Comparison(table=table,
                      only_a=listed(pa, names_a, [k for k in pa.index if k not in pb.index]),
                      only_b=listed(pb, names_b, [k for k in pb.index if k not in pa.index]),
                      matched_on=[c.removeprefix("param_") for c in keys], differing=differing)


def summary(result: Comparison) -> str:
    """One sentence: what was matched and what differs between the two folders."""
    diff = "; ".join(f"{c.removeprefix('param_')}: {va or '(none)'} (A) vs {vb or '(none)'} (B)"
                     for c, (va, vb) in result.differing.items())
    return (f"Matched on {', '.join(result.matched_on)}; "
            + (f"compared across {diff}" if diff else "no column has a different single value on each side")
            + f". {len(result.table)} points on both sides, {len(result.only_a)} only in A, "
              f"{len(result.only_b)} only in B.")
