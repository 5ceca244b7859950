"""How the studies report writes a comparison row and a range: records through `records.show`, cited figures as
printed, words as they are."""

from __future__ import annotations

import pandas as pd

from ...answers.records import Cited, Record, show
from ...answers.seeds.rows import Cell, Row, span


def cell(parts: Cell) -> str:
    return "".join(show(p) if isinstance(p, (Record, Cited)) else str(p) for p in parts)


def spread(records: list[Record], unit: str = "") -> str:
    """'a–b' over records, shown through their records ('–' for none)."""
    text = cell(span(records))
    return text + unit if text != "–" else text


def rows_table(rows: list[Row], study: str) -> pd.DataFrame:
    return pd.DataFrame([{"quantity": r.quantity, study: cell(r.study), "printed in": r.printed_in,
                          "ours": cell(r.ours), "ours / study": show(r.ratio) if r.ratio else "–"} for r in rows])
