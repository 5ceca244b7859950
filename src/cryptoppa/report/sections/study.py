"""Owen 2013 beside us: each figure it printed, as printed with its citation, ours for the same quantity, and their
ratio where the comparison's gate lets it through (cryptoppa.answers.comparison); then the gaps of one engine split
into measured factors."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.records import NotAnswered, show
from ...answers.study import (
    REFERENCE_LIBRARY, STUDY_BASIS, Beside, Decomposition, beside_owen2013, control_of, decompose, study_engine,
)
from .. import plots
from ..document import Block, Bullets, Heading, Paragraph, Table
from ..parts import Page, source
from . import EVIDENCE, Section


def _ratio(b: Beside) -> str:
    return show(b.ratio) if b.ratio is not None else "not answered"


def _equal(b: Beside) -> str:
    c = b.comparison
    return show(c.like_for_like) if c.answered and c.factors else ""


def _controls(model: Model) -> tuple[dict, dict]:
    """The study's RTL on our engine's library, and on the reference library (Nangate45), as committed."""
    engine = study_engine(model)
    if engine is None:
        return {}, {}
    return control_of(engine.config["library"]), control_of(REFERENCE_LIBRARY)


def refusals(model: Model) -> list[NotAnswered]:
    """The comparisons with the study this section refuses, for the report's "Not answered"."""
    control, reference = _controls(model)
    return [c.refused for c in [b.comparison for b in beside_owen2013(model, control)]
            + [d.comparison for d in decompose(model, control, reference)] if c.refused]


def owen2013(model: Model, page: Page) -> list[Block]:
    control, reference = _controls(model)
    rows = beside_owen2013(model, control)
    if not rows:
        return []
    engine = study_engine(model)
    table = pd.DataFrame([{"quantity": b.quantity, "Owen 2013": show(b.cited), "printed in": b.cited.citation,
                           "ours": show(b.ours), "ours / study": _ratio(b),
                           "on equal bases": _equal(b)} for b in rows])
    if not table["on equal bases"].astype(bool).any():
        table = table.drop(columns=["on equal bases"])
    factors = sorted({f.name for b in rows for f in b.comparison.factors})
    blocks: list[Block] = [
        Heading(2, "Beside the 2013 study"),
        Paragraph(f"Owen 2013 (The Feasibility of Memory Encryption and Authentication, M.S. thesis, UT Austin) "
                  "synthesized the OpenCores gcm-aes module (iterative AES-GCM, 16-bit GHASH digits), modified, on "
                  f"{STUDY_BASIS['library']} with {STUDY_BASIS['flow']}, pre-layout, power a vectorless estimate. "
                  f"Ours of that class is {engine.name} alone, at the study's 225 MHz, its engines carrying the data "
                  "alone as the study's did. A ratio is printed where both figures share a basis, or where measured "
                  "factors carry every difference but the engines'; 'on equal bases' divides those factors out."),
        Table(table, source(model.results, "the engine and the arrays' fits") + "; study: "
              "`cryptoppa.feasibility.owen2013`"),
    ]
    if factors:
        blocks.append(Bullets([f"factor: {f}" for f in factors]))
    return blocks + _factors(decompose(model, control, reference), page)


def _factors(parts: list[Decomposition], page: Page) -> list[Block]:
    """The gaps of one engine, factor by factor: a table and its waterfall."""
    answered = [d for d in parts if d.comparison.answered]
    if not answered:
        return []
    names = list(dict.fromkeys(s.name for d in answered for s in d.steps))
    rows = [{"": "ours / Owen 2013, as printed", **{d.quantity: show(d.comparison.ratio) for d in answered}}]
    for name in names:
        cells = {d.quantity: next((show(s.ratio) for s in d.steps if s.name == name), "") for d in answered}
        depth = next(s.depth for d in answered for s in d.steps if s.name == name)
        rows.append({"": ("× " if depth == 1 else "  ") + name, **cells})
    figure = page.figure(plots.factor_figure([(d.quantity, [(s.name, s.ratio.value, s.depth) for s in d.steps])
                                               for d in answered]), "study_factors",
                         "ours / Owen 2013 for one engine, factor by factor (log scale): the library, tools and "
                         "supply, then the engines on one flow and library, each with its split")
    return [Heading(3, "The gap, factor by factor"),
            Paragraph("Each ratio is the product of the factors marked ×: the study's own RTL on our flow and library "
                      "against what the study printed carries the library, tools and supply together; ours against "
                      "that RTL on one flow and library is the engines' difference. Indented lines split a factor (the "
                      "same RTL on Nangate45 separates our library from the tools; cycles per line separate work per "
                      "cycle from cost per unit of work). Every line is measured."),
            Table(pd.DataFrame(rows), "`reports/libraries/data/study_rtl.csv` (the study's RTL, "
                                      "`scripts/study_rtl.py`) and this report's records"),
            figure]


SECTIONS = (Section("study", EVIDENCE, lambda c: owen2013(c.model, c.page), withholds=lambda c: refusals(c.model)),)
