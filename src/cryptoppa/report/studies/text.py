"""How the studies report writes numbers and comparison rows: at most four significant digits, a dash for what
is missing, and one column layout for every study's table."""

from __future__ import annotations

import math

import pandas as pd

from ...feasibility.studies import Printed

COLUMNS = ["quantity", "study", "cited", "ours", "ours: what", "ours / study"]
MISSING = "–"


def num(x: float, sig: int = 4) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return MISSING
    if x == 0:
        return "0"
    rounded = round(x, sig - 1 - int(math.floor(math.log10(abs(x)))))
    return f"{rounded:,.0f}" if abs(rounded) >= 1000 else f"{rounded:.{sig}g}"


def span(values: list[float], sig: int = 4, unit: str = "") -> str:
    """One value, or the range of several ("1.31–1.35")."""
    values = [v for v in values if not math.isnan(v)]
    if not values:
        return MISSING
    lo, hi = min(values), max(values)
    text = num(lo, sig) if num(lo, sig) == num(hi, sig) else f"{num(lo, sig)}–{num(hi, sig)}"
    return text + unit


def printed(figure: Printed) -> str:
    return f"{figure.printed} {figure.unit}".strip()


def row(quantity: str, study: str, cited: str, ours: str, what: str, compared: str) -> dict[str, str]:
    return dict(zip(COLUMNS, (quantity, study, cited, ours, what, compared)))


def frame(rows: list[dict[str, str]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=COLUMNS)


def direction(ours: float, study: float) -> str:
    """Whether two ratios (each relative to 1) point the same way."""
    if math.isnan(ours) or math.isnan(study):
        return "cannot be compared"
    return "the same direction" if (ours - 1) * (study - 1) > 0 else "the opposite direction"
