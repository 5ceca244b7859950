"""The sections of a report, each declared once, in its own module, beside the view it renders.

A module here declares `SECTIONS = (Section(...), ...)`: the section's name (what a publication's evidence lists),
its place in a report, how it renders (a function of the `Context`: the answer model and the inputs beside it), what
it withholds (comparisons or figures its gates refused, listed under "Not answered, and why"), and the README and
docs blocks it feeds (`<!-- generated: NAME -->`, rendered from the publications' models). The report builder
(cryptoppa.report.build) and the generated blocks (cryptoppa.report.generated) loop over the declarations, so a new
section is two files: its model in cryptoppa.answers, its view and declaration here. Sections format; they never
compute a number the answer model did not.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...answers.model import Model
from ...answers.records import NotAnswered
from ..document import Block
from ..parts import Page

# Where a section goes: the answer and its basis first, then the evidence, the closing sections, the appendix.
LEAD, EVIDENCE, CLOSING, APPENDIX = 0, 100, 200, 300


@dataclass(frozen=True)
class Context:
    """What a section reads: the model, the report's inputs, and other results folders' models on demand."""

    model: Model
    page: Page
    evidence: tuple[str, ...] = ()
    cores: Path | None = None
    host: Path | None = None
    compare: Path | None = None
    produced_by: tuple[str, ...] = ()
    model_of: Callable[[Path], Model] | None = None  # another folder's model under this report's question
    withheld: list[NotAnswered] = field(default_factory=list)  # what the sections before "Not answered" refused


@dataclass(frozen=True)
class Section:
    name: str
    place: int  # its position in a report (LEAD, EVIDENCE, CLOSING, APPENDIX plus an offset)
    render: Callable[[Context], list[Block]]
    always: bool = False  # in every report; otherwise where a publication's evidence names it
    withholds: Callable[[Context], list[NotAnswered]] | None = None
    # README/docs blocks it feeds: block name -> renderer taking a publication's model by name
    blocks: tuple[tuple[str, Callable[[Callable[[str], Model]], str]], ...] = ()


def declared() -> list[Section]:
    """Every section of this package, in report order: each module's SECTIONS (found, not listed, so a new section
    needs no entry here)."""
    out: list[Section] = []
    for info in pkgutil.iter_modules(__path__):
        out += getattr(importlib.import_module(f"{__name__}.{info.name}"), "SECTIONS", ())
    names = [s.name for s in out]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise ValueError(f"report sections declared twice: {', '.join(repeated)}")
    return sorted(out, key=lambda s: (s.place, s.name))


def of_report(evidence: tuple[str, ...]) -> list[Section]:
    """The sections a report with this evidence shows, in order."""
    known = {s.name for s in declared()}
    unknown = [e for e in evidence if e not in known]
    if unknown:
        raise ValueError(f"evidence {unknown}: no such report section (known: {', '.join(sorted(known))})")
    return [s for s in declared() if s.always or s.name in evidence]
