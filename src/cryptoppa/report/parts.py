"""Small helpers every report section shares: citing the results file, saving a figure."""

from __future__ import annotations

from pathlib import Path

from ..paths import shown
from . import plots
from .document import Figure
from .load import Results


def source(results: Results, what: str) -> str:
    return f"`{shown(results.table_path)}` ({what})"


def figure(fig, figures: Path, stem: str, caption: str, written: set[str]) -> Figure:
    written.add(stem)
    return Figure(caption, plots.save(fig, figures, stem))
