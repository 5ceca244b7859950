"""How the studies report writes a comparison row and a range: records through `records.show`, cited figures as
printed, words as they are."""

from __future__ import annotations

import pandas as pd

from ...answers.comparison import Comparison
from ...answers.records import Cited, Record, show
from ...answers.seeds.rows import Cell, Row, span


def cell(parts: Cell) -> str:
    return "".join(show(p) if isinstance(p, (Record, Cited)) else str(p) for p in parts)


def spread(records: list[Record], unit: str = "") -> str:
    """'a–b' over records, shown through their records ('–' for none)."""
    text = cell(span(records))
    return text + unit if text != "–" else text


def ratio(c: Comparison | None) -> str:
    """A comparison's ratio, 'not answered' where its gate refused it (the reason: "Not answered, and why"), '–'
    where there is nothing to divide."""
    if c is None:
        return "–"
    return show(c.ratio) if c.answered else "not answered"


def ratios(comparisons: list[Comparison]) -> list[Record]:
    """The answered comparisons' known ratios (a refused one is listed under "not answered")."""
    return [c.ratio for c in comparisons if c is not None and c.answered and c.ratio.known]


def rows_table(rows: list[Row], study: str) -> pd.DataFrame:
    return pd.DataFrame([{"quantity": r.quantity, study: cell(r.study), "printed in": r.printed_in,
                          "ours": cell(r.ours), "ours / study": ratio(r.comparison)} for r in rows])
