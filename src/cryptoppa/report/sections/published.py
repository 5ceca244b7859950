"""Published engines beside the nearest configuration of ours (cryptoppa.answers.published): each side's
configuration and basis, its figures (theirs as printed or derived, ours from the answer model), what differs, the
ratios the comparison gate lets through; in the appendix, every derivation and every refused ratio."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.published import COLUMNS, Figure, Pairing, pairings
from ...answers.records import Cited, Record, show, show_reason
from ..document import Block, Bullets, Heading, Paragraph, Table
from . import APPENDIX, EVIDENCE, Section

SOURCE = "`answers/published.toml` (citations in the appendix), `reports/nodes/data/orfs_aes.csv` and this report's records"


def parts(how: tuple) -> str:
    """A derivation as a reader sees it: its words and the texts of its records and cited figures."""
    return "".join(show(p) if isinstance(p, Record | Cited) else p for p in how)


def _cell(figure: Figure | None) -> str:
    if figure is None:
        return ""
    return show(figure.value) + (f" ({figure.note})" if figure.note else "")


def _ratios(p: Pairing) -> str:
    shown = [f"{c.name}, ours / theirs: {show(c.ratio)}×" for c in p.answered]
    return ("; ".join(shown) + ". ") if shown else ""


def published_engines(model: Model) -> list[Block]:
    pairs = [p for p in pairings(model) if p.ours]  # a work without a configuration of ours here: appendix
    if not pairs:
        return []
    rows, shown = [], set()
    for p in pairs:
        for r in p.theirs + p.ours:
            if r.label in shown:  # one of ours beside two works: its row once, under the first
                continue
            shown.add(r.label)
            rows.append({"engine": r.label, "cipher, key, parallelism": r.what, "basis": parts(r.stated),
                         **{heading: _cell(r.figures.get(key)) for key, heading in COLUMNS}})
    table = pd.DataFrame(rows).replace("", pd.NA).dropna(axis=1, how="all").fillna("")
    refused = sum(len(p.refused) for p in pairs)
    return [Heading(2, "Published engines beside ours"),
            Paragraph("Each published engine beside our configuration nearest to it in cipher, key size and "
                      "parallelism, with the basis of each side's figures: theirs as printed or derived from printed "
                      "figures, ours the model's at the engine's fmax. A ratio is printed only where both bases agree; "
                      f"the derivations, the citations and the {refused} ratios refused because the bases differ are "
                      "in the appendix."),
            Table(table, SOURCE),
            Bullets([f"{p.name}: {_ratios(p)}{p.differs}" for p in pairs])]


def published_derivations(model: Model) -> list[Block]:
    """The appendix: every derived figure with its derivation, every ratio the gate refused, the citations."""
    pairs = pairings(model)
    if not model.answered or not pairs:
        return []
    rows = [{"engine": r.label, "figure": heading, "value": show(f.value), "derivation": parts(f.how)}
            for p in pairs for r in p.theirs + p.ours for key, heading in COLUMNS
            if (f := r.figures.get(key)) is not None and f.how]
    table = pd.DataFrame(rows).drop_duplicates()
    withheld = [f"{n.what}: {show_reason(n)}" for p in pairs for n in p.withheld]
    return [Heading(3, "Published engines: derivations, refused ratios, citations"), Table(table, SOURCE),
            Bullets(withheld), Bullets([f"{p.name}: {s}" for p in pairs for s in p.sources])]


SECTIONS = (
    Section("published", EVIDENCE + 23, lambda c: published_engines(c.model)),
    Section("published derivations", APPENDIX + 30,
            lambda c: published_derivations(c.model) if "published" in c.evidence else [], always=True),
)
