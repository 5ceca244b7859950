"""One comparison row of the studies report: a study's figure as printed, ours on the same question, and their
ratio where both are numbers on comparable bases. A cell is a sequence of parts -- words, and records or cited
figures the view shows through `records.show` -- so every number in it is a record or a citation."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..records import Cited, On, Record

Part = str | Record | Cited
Cell = tuple[Part, ...]


@dataclass(frozen=True)
class Row:
    quantity: str
    study: Cell  # the study's figure, as printed (or what it says in words)
    printed_in: str  # where the study prints it: "Jannepally 2008, §4.3"
    ours: Cell
    ratio: Record | None = None  # ours / the study's, where both are numbers on comparable bases


def span(records: list[Record]) -> Cell:
    """'a–b' from the least and the greatest of `records` (one record when they show the same text)."""
    known = sorted((r for r in records if r.known and not math.isnan(r.value)), key=lambda r: r.value)
    if not known:
        return ("–",)
    low, high = known[0], known[-1]
    return (low,) if low.text == high.text else (low, "–", high)


def ratio(subject: str, name: str, a: float, b: float, on: On = On(), rows: tuple[str, ...] = ()) -> Record:
    """a / b as a ratio record (NaN where either is missing or b is zero)."""
    value = a / b if b and not (math.isnan(a) or math.isnan(b)) else math.nan
    return Record(subject, name, "ratio", value, on, rows)
