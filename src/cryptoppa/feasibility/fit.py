"""Straight-line fits of metrics against the number of modules N, with a linearity check.

Feasibility extrapolates (e.g. from N <= 16 synthesized modules to ~220), which is only honest
if cost really is linear in N.  So every fit reports, beside slope and intercept, whether the
residuals show curvature:

* Method: ordinary least squares (statsmodels) of ``y = intercept + slope * x`` per group.
* Non-linearity check: add a quadratic term and F-test it against the straight line
  (``y = a + b x + c x^2``, H0: c = 0).  With a single regressor this is exactly Ramsey's RESET
  test with power 2, since the squared fitted value is an affine function of x^2.
  It needs >= 4 points and >= 3 distinct x values (so the quadratic model has a residual degree
  of freedom); otherwise the check is reported as ``not possible`` and ``nonlinear`` is missing
  -- never silently passed.
* Exact data: if the straight line already leaves zero residuals, the check reports
  ``exact line`` and does not flag; if only the quadratic leaves zero residuals, p = 0.
* Two points: slope and intercept are exact, standard errors and intervals are undefined (NaN).
"""

from __future__ import annotations

import math
import warnings
from typing import Any, Iterable

import numpy as np
import pandas as pd

from ..errors import InputError

RESULT_COLUMNS = [
    "metric",
    "n_points",
    "slope",
    "intercept",
    "r2",
    "slope_se",
    "intercept_se",
    "slope_ci_low",
    "slope_ci_high",
    "intercept_ci_low",
    "intercept_ci_high",
    "linearity_check",
    "linearity_p",
    "nonlinear",
    "note",
]

_MIN_POINTS_FOR_CHECK = 4
# Residual sums of squares below this fraction of sum(y^2) are floating-point noise.
_EXACT_RTOL = 1e-20


def fit_linear(
    df: pd.DataFrame,
    x: str = "n",
    y: str | Iterable[str] | None = None,
    by: str | Iterable[str] | None = None,
    alpha: float = 0.05,
) -> pd.DataFrame:
    """Fit each ``y`` column against ``x`` within each ``by`` group; one row per group x metric.

    ``y`` defaults to every numeric column other than ``x`` and ``by``.  Rows with a missing x or y
    are dropped per metric (failed sweep points).  Confidence intervals are ``1 - alpha`` (95 %
    by default); ``nonlinear`` is True when the quadratic-term p-value is below ``alpha``.
    Returns a tidy DataFrame with the ``by`` columns followed by :data:`RESULT_COLUMNS`.
    """
    if not 0.0 < alpha < 1.0:
        raise InputError(f"alpha must be in (0, 1), got {alpha!r}")
    by_cols = _as_list(by)
    if x not in df.columns:
        raise InputError(f"x column {x!r} not in data (columns: {list(df.columns)})")
    if y is None:
        y_cols = [c for c in df.select_dtypes("number").columns if c != x and c not in by_cols]
    else:
        y_cols = _as_list(y)
    missing = [c for c in [*y_cols, *by_cols] if c not in df.columns]
    if missing:
        raise InputError(f"columns {missing} not in data (columns: {list(df.columns)})")

    rows: list[dict[str, Any]] = []
    groups = df.groupby(by_cols, dropna=False, sort=True) if by_cols else [((), df)]
    for key, group in groups:
        key = key if isinstance(key, tuple) else (key,)
        for metric in y_cols:
            row = dict(zip(by_cols, key))
            row.update(_fit_one(group[x], group[metric], metric, alpha))
            rows.append(row)
    table = pd.DataFrame(rows, columns=[*by_cols, *RESULT_COLUMNS])
    table["nonlinear"] = table["nonlinear"].astype("boolean")
    table["n_points"] = table["n_points"].astype(int)
    return table


def fits_to_dict(table: pd.DataFrame, alpha: float = 0.05) -> dict[str, Any]:
    """A JSON-ready view of :func:`fit_linear`'s table: NaN/NA become None, numpy -> Python types."""
    records = []
    for record in table.to_dict(orient="records"):
        records.append({str(k): _plain(v) for k, v in record.items()})
    return {
        "method": "OLS y = intercept + slope*x; non-linearity: F-test of an added x^2 term (RESET, power 2)",
        "confidence": 1.0 - alpha,
        "fits": records,
    }


def predict(row: pd.Series | dict[str, Any], x: float) -> float:
    """Value of a fitted line at ``x`` (intercept + slope * x)."""
    return float(row["intercept"]) + float(row["slope"]) * x


def _fit_one(xs: pd.Series, ys: pd.Series, metric: str, alpha: float) -> dict[str, Any]:
    import statsmodels.api as sm  # noqa: PLC0415 (a second to import: only fits need it, not every command)

    data = pd.DataFrame({"x": pd.to_numeric(xs, errors="coerce"), "y": pd.to_numeric(ys, errors="coerce")})
    data = data.dropna()
    n = len(data)
    out: dict[str, Any] = {c: math.nan for c in RESULT_COLUMNS}
    out.update(metric=metric, n_points=n, linearity_check="not possible", nonlinear=None, note="")
    if n < 2 or data["x"].nunique() < 2:
        out["note"] = "needs at least 2 points with distinct x; no fit"
        return out

    x = data["x"].to_numpy(float)
    y = data["y"].to_numpy(float)
    with warnings.catch_warnings():
        # statsmodels warns (divide by zero) when a fit has no residual degrees of freedom;
        # those cases are handled explicitly below.
        warnings.simplefilter("ignore")
        result = sm.OLS(y, sm.add_constant(x, has_constant="add")).fit()
        intercept, slope = (float(v) for v in result.params)
        out.update(slope=slope, intercept=intercept)
        out["r2"] = float(result.rsquared) if np.ptp(y) > 0 else math.nan
        if result.df_resid >= 1:
            bse = result.bse
            ci = result.conf_int(alpha=alpha)
            out.update(
                intercept_se=float(bse[0]),
                slope_se=float(bse[1]),
                intercept_ci_low=float(ci[0][0]),
                intercept_ci_high=float(ci[0][1]),
                slope_ci_low=float(ci[1][0]),
                slope_ci_high=float(ci[1][1]),
            )
        else:
            out["note"] = "2 points: exact line, no standard errors or intervals"

    if n < _MIN_POINTS_FOR_CHECK or data["x"].nunique() < 3:
        out["linearity_check"] = "not possible"
        extra = f"linearity check needs >= {_MIN_POINTS_FOR_CHECK} points and >= 3 distinct x"
        out["note"] = "; ".join(filter(None, [out["note"], extra]))
        return out

    p_value, method = _quadratic_f_test(x, y, float(result.ssr))
    out["linearity_check"] = method
    out["linearity_p"] = p_value
    out["nonlinear"] = bool(p_value < alpha)
    if out["nonlinear"]:
        out["note"] = f"significant curvature (quadratic term p = {p_value:.3g}); extrapolate with care"
    return out


def _quadratic_f_test(x: np.ndarray, y: np.ndarray, ssr_linear: float) -> tuple[float, str]:
    import statsmodels.api as sm  # noqa: PLC0415 (see _fit_one)
    from scipy import stats  # noqa: PLC0415

    scale = float(np.sum(y * y)) or 1.0
    if ssr_linear <= _EXACT_RTOL * scale:
        return 1.0, "exact line"
    centred = x - x.mean()  # centring changes nothing in the test but keeps x^2 well conditioned
    design = np.column_stack([np.ones_like(x), centred, centred**2])
    ssr_quad = float(sm.OLS(y, design).fit().ssr)
    df_resid = len(x) - 3
    if ssr_quad <= _EXACT_RTOL * scale:
        return 0.0, "quadratic F-test (RESET power 2)"
    f_stat = (ssr_linear - ssr_quad) / (ssr_quad / df_resid)
    return float(stats.f.sf(max(f_stat, 0.0), 1, df_resid)), "quadratic F-test (RESET power 2)"


def _as_list(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return list(value)


def _plain(value: Any) -> Any:
    if value is None or value is pd.NA:
        return None
    if isinstance(value, (np.bool_, bool)):
        return bool(value)
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    return value
