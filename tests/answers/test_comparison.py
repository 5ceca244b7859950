"""A comparison's gate: a ratio between two bases is printed only where measured factors account for every
difference outside what the comparison is about, and a split of the about axes must reproduce the ratio."""

import pytest

from cryptoppa.answers import records
from cryptoppa.answers.comparison import Ratio, compare, factor, side, within
from cryptoppa.answers.records import Cited, On, Record

FLEX = On(library="freepdk45_char/nom", stage="synthesis")
NAN45 = On(library="nangate45/typ", stage="synthesis")


def area(value: float, on: On = FLEX, subject: str = "engine") -> Record:
    return Record(subject, "area", "area_um2", value, on)


def test_equal_bases_give_a_ratio():
    c = compare("area", side("ours", area(200.0), design="a"), side("theirs", area(100.0), design="b"))
    assert c.answered and c.ratio.value == pytest.approx(2.0) and c.ratio.comparison == "area"


def test_a_basis_difference_without_a_factor_is_refused_with_the_axis():
    c = compare("area", side("ours", area(200.0), design="a"), side("theirs", area(100.0, NAN45), design="b"))
    assert not c.answered and c.ratio is None
    assert "library: freepdk45_char/nom against nangate45/typ" in c.refused.reason


def test_a_measured_factor_carries_the_difference_and_leaves_the_like_for_like_ratio():
    # the same RTL on both libraries: FlexLib is 6× Nangate45's µm²
    library = factor("library", ("library",), area(600.0, subject="rtl"), area(100.0, NAN45, subject="rtl"))
    c = compare("area", side("ours", area(1200.0), design="a"), side("theirs", area(100.0, NAN45), design="b"),
                factors=(library,))
    assert c.answered and c.ratio.value == pytest.approx(12.0)
    assert c.like_for_like.value == pytest.approx(2.0)  # what is left is the designs'


def test_a_split_of_the_about_axis_must_reproduce_the_ratio():
    library = factor("library", ("library",), area(600.0), area(100.0, NAN45))
    ours, theirs = side("ours", area(1200.0), design="a"), side("theirs", area(100.0, NAN45), design="b")
    work = Cited("2", "a paper")
    good = factor("work per cycle", ("design",), Record("x", "cycles", "cycles", 4.0), work)
    bad = factor("work per cycle", ("design",), Record("x", "cycles", "cycles", 3.0), work)
    assert compare("area", ours, theirs, factors=(library, good)).answered
    refused = compare("area", ours, theirs, factors=(library, bad))
    assert not refused.answered and "unexplained" in refused.refused.reason


def test_within_compares_two_of_our_records_on_their_own_bases():
    assert within("N=2 / N=1", area(400.0, subject="n2"), area(200.0, subject="n1")).ratio.value == 2.0
    assert within("libraries", area(600.0), area(100.0, NAN45)).refused is not None
    assert within("libraries", area(600.0), area(100.0, NAN45), about=("library",)).answered


def test_a_ratio_is_only_a_comparisons():
    with pytest.raises(ValueError):
        Ratio("x", "y", "ratio", 1.0)
    with records.collecting() as ledger:
        records.show(Record("x", "y", "ratio", 2.0))
        records.show(within("a / b", area(2.0, subject="a"), area(1.0, subject="b")).ratio)
    assert [q for *_, q in ledger] == [records.BARE_RATIO, "ratio"]
