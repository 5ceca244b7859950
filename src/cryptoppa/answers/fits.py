"""Lines against N, one per configuration *and* power model: a fit never pools vectorless, idle and saturated rows.

A group (cryptoppa.answers.results) already carries its activity mode, so `fit_linear` by group is a fit per power
model. A slope whose fit has R² below gates.MIN_R2 is not quoted: it is listed as not answered.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..catalog import AREA, DIE_AREA, FLOPS, POWER, routed
from ..feasibility.fit import fit_linear
from . import gates
from .basis import Basis, activity_modes
from .records import NotAnswered, On, Record
from .results import Results

CONFIDENCE = 0.95
# metric -> (what it is called, the record's quantity for a slope, factor from the stored unit)
METRICS = {AREA: ("cell area", "per_engine_um2", 1.0), DIE_AREA: ("die area", "per_engine_um2", 1.0),
           POWER: ("power", "per_engine_mw", 1e3), routed(POWER): ("routed power", "per_engine_mw", 1e3),
           FLOPS: ("flip-flops", "flip_flops", 1.0)}


@dataclass
class Fit:
    group: str
    family: str  # the group without its activity: one configuration over N
    power_model: str  # vectorless, sim:idle, sim:saturated
    metric: str
    row: dict  # fit_linear's row (slope, intercept, r2, intervals, ...)
    n_min: int
    n_max: int
    x_mean: float
    slope: Record | None
    r2: Record
    refused: NotAnswered | None
    interval: tuple[Record, Record] | None = None  # the slope's 95 % confidence interval
    intercept: Record | None = None

    @property
    def name(self) -> str:
        return METRICS[self.metric][0]


def family_of(results: Results) -> pd.Series:
    """Each point's group without its activity: the rows of one configuration under every power model share it."""
    cols = [c for c in results.group_cols if c not in ("activity", "activity_mode")]
    return results.points[cols].map(str).agg("|".join, axis=1)


def valid_points(results: Results) -> tuple[pd.DataFrame, list[NotAnswered]]:
    """The points a fit may use: simulated rows whose window covers too few line periods are left out, each with
    its reason."""
    keep, refused = [], []
    for index, row in results.points.iterrows():
        reason = gates.window_row(row)
        keep.append(reason is None)
        if reason:
            refused.append(NotAnswered(row["label"], "its simulated power (left out of every fit)", reason))
    return results.points[keep], refused


def one_form(pts: pd.DataFrame) -> pd.DataFrame:
    """The points of one netlist per N: where a group has a flat array of one (its dispatcher included), the engine
    alone is left out of its lines, so no line pools two N = 1 points of two netlists (which would narrow its
    interval for nothing). Composed arrays are built from the engine alone: it stays their first point."""
    if "array_mode" not in pts.columns or pts.empty:
        return pts
    mode = pts["array_mode"].fillna("").astype(str)
    flat_one = set(pts.loc[(mode == "flat") & (pts["n"] == 1), "group"])
    return pts[~((mode == "") & (pts["n"] == 1) & pts["group"].isin(flat_one))]


def fits(results: Results, basis: Basis) -> tuple[list[Fit], list[NotAnswered]]:
    """Every group with two or more distinct N among the valid points, each metric of the basis's stage; and the
    points left out."""
    pts, refused = valid_points(results)
    pts = one_form(pts)
    distinct = pts.groupby("group")["n"].nunique()
    groups = sorted(distinct[distinct >= 2].index)
    if not groups:
        return [], refused
    metrics = [m for m in ((DIE_AREA, routed(POWER)) if basis.routed else (AREA, POWER)) + (FLOPS,)
               if m in pts.columns]
    subset = pts[pts["group"].isin(groups)]
    table = fit_linear(subset, x="n", y=metrics, by="group", alpha=1.0 - CONFIDENCE)
    families, modes = family_of(results), activity_modes(results.points)
    out = []
    for _, row in table.iterrows():
        if row["n_points"] == 0:
            continue
        # Area and flip-flops are the netlist's, whatever the power model: fitted once, on the vectorless rows.
        if row["metric"] in (AREA, DIE_AREA, FLOPS) and modes.loc[subset.index[subset["group"] == row["group"]][0]] \
                != "vectorless":
            continue
        members = subset[subset["group"] == row["group"]]
        first = members.index[0]
        name, quantity, scale = METRICS[row["metric"]]
        mode = modes.loc[first]
        on = On(library=f"{members['pdk'].iloc[0]}/{members['corner'].iloc[0]}", stage=basis.stage,
                power=("" if row["metric"] in (AREA, DIE_AREA, FLOPS) else mode),
                clock=f"{float(members['clock_mhz'].iloc[0]):g} MHz")
        labels = tuple(members["label"])
        r2 = float(row["r2"]) if pd.notna(row["r2"]) else math.nan
        refusal = gates.fit(r2)
        subject = f"{row['group']} over N"
        unit_quantity = {"per_engine_um2": "area_um2", "per_engine_mw": "power_mw"}.get(quantity, quantity)
        interval = None if refusal or pd.isna(row["slope_ci_low"]) else tuple(
            Record(subject, f"{name} per added engine, 95 % {end}", quantity, float(row[f"slope_ci_{end}"]) * scale,
                   on, labels) for end in ("low", "high"))
        out.append(Fit(
            group=row["group"], family=families.loc[first], power_model=mode, metric=row["metric"],
            row=row.to_dict(), n_min=int(members["n"].min()), n_max=int(members["n"].max()),
            x_mean=float(members["n"].mean()),
            slope=None if refusal else Record(subject, f"{name} per added engine", quantity,
                                              float(row["slope"]) * scale, on, labels),
            r2=Record(subject, f"R² of the {name} line", "r2", r2, on, labels),
            refused=NotAnswered(subject, f"{name} per added engine ({mode})", refusal) if refusal else None,
            interval=interval,
            intercept=None if refusal else Record(subject, f"{name} intercept", unit_quantity,
                                                  float(row["intercept"]) * scale, on, labels)))
    return out, refused


def band(fit, x) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A fitted line and its pointwise 95 % confidence band (of the mean) at ``x`` (a fit_linear row with x_mean).

    With OLS, cov(intercept, slope) = -mean(x) × var(slope), so the band follows from the standard errors fit_linear
    reports. Without residual degrees of freedom the band is NaN."""
    xs = np.atleast_1d(np.asarray(x, dtype=float))
    centre = float(fit["intercept"]) + float(fit["slope"]) * xs
    dof = int(fit["n_points"]) - 2
    se_b0, se_b1 = float(fit["intercept_se"]), float(fit["slope_se"])
    if dof < 1 or math.isnan(se_b0) or math.isnan(se_b1):
        nan = np.full_like(centre, np.nan)
        return centre, nan, nan
    variance = se_b0**2 + se_b1**2 * xs * (xs - 2.0 * float(fit["x_mean"]))
    from scipy import stats  # noqa: PLC0415 - scipy.stats costs seconds of every command's start-up

    half = stats.t.ppf(0.5 + CONFIDENCE / 2.0, dof) * np.sqrt(np.maximum(variance, 0.0))
    return centre, centre - half, centre + half


def frame(fit_list: list[Fit]) -> pd.DataFrame:
    """The fits as fit_linear's table (with x_mean and n_max), for plots and bands."""
    if not fit_list:
        return pd.DataFrame()
    return pd.DataFrame([{**f.row, "x_mean": f.x_mean, "n_max": f.n_max, "n_min": f.n_min} for f in fit_list])
