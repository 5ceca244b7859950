"""One comparison row of the studies report, and the three kinds of comparison the report makes
(cryptoppa.answers.comparison: every ratio it prints is one).

A row is a study's figure as printed, ours on the same question, and the comparison of the two where there is one:
printed where its gate lets it through, listed under "not answered" where the two bases differ. A cell is a
sequence of parts -- words, and records or cited figures the view shows through `records.show` -- so every number
in it is a record or a citation.

The comparisons:
  - `between`: two figures on one basis but for the axes the comparison is about (a study's AES-256 rounds over its
    AES-128 rounds, its 4 KB page over its 1 KB page; our cbc_mac's area over gcm_iter's);
  - `of_ratios`: our ratio of two designs beside a study's ratio of its two. Each side's library, tools, stage and
    supply are common to its two designs and divide out of its ratio; what each side's ratio is on besides (its
    scope, power model, clock) must agree, or the gate refuses it;
  - `compare` itself (cryptoppa.answers.comparison) for ours against a study's figure, each side on its own basis.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..comparison import Comparison, compare, ratio_record, side
from ..records import Cited, NotAnswered, Record

Part = str | Record | Cited
Cell = tuple[Part, ...]
# What a ratio of two designs measured on one basis divides out: the axes common to its two sides.
CANCELLED = dict(library="", flow="", stage="", voltage="")


@dataclass(frozen=True)
class Row:
    quantity: str
    study: Cell  # the study's figure, as printed (or what it says in words)
    printed_in: str  # where the study prints it: "Jannepally 2008, §4.3"
    ours: Cell
    comparison: Comparison | None = None  # ours / the study's, gated (None: no number to divide)


def span(records: list[Record]) -> Cell:
    """'a–b' from the least and the greatest of `records` (one record when they show the same text)."""
    known = sorted((r for r in records if r.known and not math.isnan(r.value)), key=lambda r: r.value)
    if not known:
        return ("–",)
    low, high = known[0], known[-1]
    return (low,) if low.text == high.text else (low, "–", high)


def between(name: str, a: Record | Cited, b: Record | Cited, differ: dict[str, tuple[str, str]],
            labels: tuple[str, str] = ("", ""), subject: str | None = None, **basis: str) -> Comparison:
    """a / b, both on `basis` but for the axes of `differ` (axis -> (a's, b's)): the comparison is about those."""
    a_side = side(labels[0], a, **{**basis, **{axis: pair[0] for axis, pair in differ.items()}})
    b_side = side(labels[1], b, **{**basis, **{axis: pair[1] for axis, pair in differ.items()}})
    return compare(name, a_side, b_side, about=tuple(differ), subject=subject)


def of_ratios(name: str, ours: Comparison, theirs: Comparison, ours_basis: dict[str, str],
              theirs_basis: dict[str, str], study: str) -> Comparison:
    """Our ratio of two designs over a study's ratio of its two, about the designs and the source: each side's
    library, tools, stage and supply cancel in its ratio (CANCELLED); `ours_basis` and `theirs_basis` state what
    each ratio is still on (scope, power model, clock), and the gate refuses the ratio where those differ."""
    subject = ours_basis.get("design", name)  # our pair of designs, or our option

    def of(c: Comparison) -> Record:  # a side's ratio; unknown where its own comparison is not answered
        return c.ratio if c.answered else ratio_record(c.name, subject, c.name, math.nan)

    a = side("ours", of(ours), **{**CANCELLED, "power": "", "clock": "", **ours_basis})
    b = side(study, of(theirs), **{**CANCELLED, "power": "", "clock": "", **theirs_basis, "source": study})
    return compare(name, a, b, about=("design", "source"), subject=subject)


def refusals(comparisons: list[Comparison], subject: str, what: str = "") -> list[NotAnswered]:
    """The refused comparisons as "not answered" items, one per distinct reason (`what` names a family of them, as
    the same comparison over every option of ours)."""
    out: dict[str, NotAnswered] = {}
    for c in comparisons:
        if c.refused is not None and c.refused.reason not in out:
            out[c.refused.reason] = NotAnswered(subject, what or c.refused.what, c.refused.reason)
    return list(out.values())


def figure(c: Comparison | None) -> Part:
    """A comparison's ratio as a cell part, or 'not answered' where its gate refused it."""
    return c.ratio if c is not None and c.answered else "not answered"
