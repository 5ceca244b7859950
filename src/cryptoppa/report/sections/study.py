"""Owen 2013 beside us: each figure it printed, as printed with its citation, ours for the same quantity, and their
ratio where the comparison's gate lets it through (cryptoppa.answers.comparison); then the gaps of one engine split
into measured factors."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.records import show
from ...answers.study import STUDY_BASIS, Beside, beside_owen2013, study_engine
from ..document import Block, Bullets, Heading, Paragraph, Table
from ..parts import source


def _ratio(b: Beside) -> str:
    return show(b.ratio) if b.ratio is not None else "not answered"


def _equal(b: Beside) -> str:
    c = b.comparison
    return show(c.like_for_like) if c.answered and c.factors else ""


def owen2013(model: Model, control=None) -> list[Block]:
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
                  "synthesized an iterative AES-GCM module with 16-bit GHASH digits, the OpenCores gcm-aes module it "
                  f"modified, on {STUDY_BASIS['library']} with {STUDY_BASIS['flow']}, pre-layout, with a "
                  f"vectorless power estimate ('typical', the tool's default activity). Ours of that class is "
                  f"{engine.name}, the engine alone, on this report's basis at the study's 225 MHz, its engines "
                  "carrying the data alone as the study's did. A ratio is printed only where both figures are on one "
                  "basis, or where measured factors account for every difference between the bases but the engines "
                  "(the cycles, the throughput and the engine count depend on the designs alone); 'on equal bases' "
                  "is the ratio with those factors divided out."),
        Table(table, source(model.results, "the engine and the arrays' fits") + "; study: "
              "`cryptoppa.feasibility.owen2013`"),
    ]
    if factors:
        blocks.append(Bullets([f"factor: {f}" for f in factors]))
    return blocks
