"""What every report section shares: the page being built (where its figures go, which were written) and how a
table cites the data it was computed from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..answers.results import Results
from ..paths import shown
from . import plots
from .document import Figure


@dataclass
class Page:
    figures: Path  # the report's figures/ folder
    written: set[str] = field(default_factory=set)  # stems of the figures this build wrote

    def figure(self, fig, stem: str, caption: str) -> Figure:
        self.written.add(stem)
        return Figure(caption, plots.save(fig, self.figures, stem))


def source(results: Results, what: str = "") -> str:
    return f"`{shown(results.table_path)}`" + (f" ({what})" if what else "")
