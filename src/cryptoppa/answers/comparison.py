"""A comparison: two numbers set side by side, each with its basis, their ratio, and the measured factors that
separate their bases. Every ratio a document prints is a comparison's (`Ratio`, never a bare record of quantity
"ratio": the publications test fails on one).

    c = compare("area of one engine", ours, study, about=("design",), factors=(library, work))
    c.ratio            # ours / study, a Ratio record
    c.like_for_like    # the ratio with the basis factors divided out: what the comparison is about
    c.refused          # a NotAnswered when a basis differs and no measured factor accounts for it

A side's basis names, per axis (AXES), what its figure is on. Two sides may differ on the axes the comparison is
`about` (two designs, two libraries, two stages): that difference is the finding. On every other axis they must
agree, or a factor -- itself a measured ratio, declaring the axes it accounts for -- must carry the difference.
Otherwise the ratio mixes bases and is refused, with the axes that differ, and listed under "not answered".

Factors may also split the `about` difference (work per cycle, area per unit of work): then the factors together
must reproduce the ratio within `TOLERANCE`, or the split leaves something unexplained and the comparison says so
(refused: the ratio is printed by another comparison only where nothing is left unexplained).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .records import Cited, NotAnswered, On, Record

# What a number is on, axis by axis (the brief: scope, unit of work, library, stage, power model, clock, voltage,
# source; design and flow name what is measured and with which tools).
AXES = ("scope", "unit", "design", "library", "flow", "stage", "power", "clock", "voltage", "source")
TOLERANCE = 0.05  # factors that split a ratio reproduce it within 5 %
OURS = "cryptoppa"  # the source of our own committed measurements
OUR_FLOW = "Yosys + ABC, OpenSTA"


@dataclass(frozen=True)
class Ratio(Record):
    """A ratio of two sides of a comparison (quantity "ratio"): the only way a document prints one."""

    comparison: str = ""  # the comparison's name

    def __post_init__(self):
        super().__post_init__()
        if self.quantity != "ratio" or not self.comparison:
            raise ValueError("a Ratio is a comparison's ratio: quantity 'ratio' and the comparison's name")


@dataclass(frozen=True)
class Side:
    """One side of a comparison: its figure (a record, or another work's figure as printed) and its basis."""

    label: str  # "ours", "Owen 2013", "ORFS 2022"
    figure: Record | Cited
    basis: tuple[tuple[str, str], ...] = ()  # (axis, value): what the figure is on

    def __post_init__(self):
        unknown = [axis for axis, _ in self.basis if axis not in AXES]
        if unknown:
            raise KeyError(f"basis axes {unknown}: expected some of {', '.join(AXES)}")

    def get(self, axis: str) -> str:
        return dict(self.basis).get(axis, "")

    @property
    def value(self) -> float:
        return self.figure.value


def side(label: str, figure: Record | Cited, **basis: str) -> Side:
    """A side whose basis is `basis`, completed from a record's own (library, stage, power model, clock) and, for
    our records, our source and flow. Axes given explicitly win; an empty value means 'unstated'."""
    axes: dict[str, str] = {}
    if isinstance(figure, Record):
        on: On = figure.on
        axes.update(library=on.library, stage=on.stage, power=on.power, clock=on.clock, source=OURS, flow=OUR_FLOW)
    axes.update(basis)
    return Side(label, figure, tuple((a, axes[a]) for a in AXES if axes.get(a)))


@dataclass(frozen=True)
class Factor:
    """A measured ratio that accounts for a difference between the two sides' bases (or splits the `about` one)."""

    name: str  # "work per cycle (cycles per line, the study's / ours)"
    axes: tuple[str, ...]  # the axes it accounts for
    value: Ratio
    how: tuple = ()  # its derivation as parts (words, records, cited figures) a view shows
    low: float | None = None  # a factor known only as a range (two reference libraries): its ends
    high: float | None = None


@dataclass
class Comparison:
    name: str
    about: tuple[str, ...]
    a: Side  # the numerator ("ours")
    b: Side  # the denominator
    factors: tuple[Factor, ...] = ()
    ratio: Ratio | None = None
    like_for_like: Ratio | None = None  # ratio / the basis factors: the comparison on equal bases
    unexplained: Ratio | None = None  # ratio / every factor, where the factors split the about axes too
    refused: NotAnswered | None = None
    differing: dict[str, tuple[str, str]] = field(default_factory=dict)  # axis -> (a's, b's), about axes included

    @property
    def answered(self) -> bool:
        return self.refused is None and self.ratio is not None


def ratio_record(comparison: str, subject: str, name: str, value: float, on: On = On(),
                 rows: tuple[str, ...] = ()) -> Ratio:
    return Ratio(subject, name, "ratio", value, on, rows, comparison=comparison)


def factor(name: str, axes: tuple[str, ...], a: Record | Cited, b: Record | Cited, how: tuple = (),
           subject: str = "", low: float | None = None, high: float | None = None) -> Factor:
    """a / b as a factor accounting for `axes`."""
    value = _divide(a.value, b.value)
    rec_subject = subject or (a.subject if isinstance(a, Record) else name)
    on = a.on if isinstance(a, Record) else On()
    rows = a.rows if isinstance(a, Record) else ()
    return Factor(name, axes, ratio_record(name, rec_subject, name, value, on, rows), how or (a, " / ", b), low, high)


def _divide(a: float, b: float) -> float:
    return a / b if b and not (math.isnan(a) or math.isnan(b)) else math.nan


def within(name: str, a: Record, b: Record, about: tuple[str, ...] = ("design",), **basis: str) -> Comparison:
    """Two of our own records compared on the bases their records state (plus `basis`, shared by both)."""
    return compare(name, side("", a, **basis), side("", b, **basis), about=about, subject=a.subject)


def compare(name: str, a: Side, b: Side, about: tuple[str, ...] = ("design",), factors: tuple[Factor, ...] = (),
            subject: str | None = None, tolerance: float = TOLERANCE) -> Comparison:
    """a / b, gated: every axis outside `about` on which the sides differ needs a factor that accounts for it."""
    unknown = [x for x in about if x not in AXES]
    if unknown:
        raise KeyError(f"comparison {name!r}: about {unknown}: expected some of {', '.join(AXES)}")
    subject = subject or (a.figure.subject if isinstance(a.figure, Record) else name)
    differing = {x: (a.get(x), b.get(x)) for x in AXES if a.get(x) != b.get(x)}
    covered = {x for f in factors for x in f.axes}
    missing = [x for x in differing if x not in about and x not in covered]
    on = a.figure.on if isinstance(a.figure, Record) else On()
    rows = a.figure.rows if isinstance(a.figure, Record) else ()
    value = _divide(a.value, b.value)
    out = Comparison(name, about, a, b, factors, differing=differing)
    what = f"{name}, {a.label} / {b.label}" if a.label or b.label else name
    if missing:
        why = "; ".join(f"{x}: {differing[x][0] or 'unstated'} against {differing[x][1] or 'unstated'}"
                        for x in missing)
        out.refused = NotAnswered(subject, what, f"the two bases differ ({why}) and no measured factor accounts for "
                                                 "it")
        return out
    out.ratio = ratio_record(name, subject, what, value, on, rows)
    basis_product = math.prod(f.value.value for f in factors if not set(f.axes) & set(about))
    out.like_for_like = ratio_record(name, subject, f"{what}, on equal bases", _divide(value, basis_product), on, rows)
    if any(set(f.axes) & set(about) for f in factors):
        left = _divide(value, math.prod(f.value.value for f in factors))
        out.unexplained = ratio_record(name, subject, f"{what}, left unexplained by its factors", left, on, rows)
        if not abs(left - 1) <= tolerance:
            out.refused = NotAnswered(subject, what, f"its measured factors reproduce it only to ×{left:.3g} "
                                                     f"(more than {tolerance:.0%} unexplained)")
    return out
