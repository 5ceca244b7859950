"""Another results folder beside this one, point by point (`cryptoppa compare`)."""

from __future__ import annotations

from pathlib import Path

from ...answers.compare import compare, summary
from ...answers.model import Model
from ...answers.results import load_results
from ...paths import shown
from ..document import Block, Heading, Paragraph, Table
from ..parts import source
from . import CLOSING, Section


def compared(model: Model, other: Path | None) -> list[Block]:
    if other is None:
        return []
    b = load_results(other)
    result = compare(model.results, b)
    blocks: list[Block] = [
        Heading(2, f"Compared with {b.folder.name}"),
        Paragraph(f"A is this report's folder, B is `{shown(b.folder)}` (table SHA-256 `{b.sha256[:16]}…`). "
                  + summary(result)),
    ]
    if result.table.empty:
        blocks.append(Paragraph("No point is on both sides."))
    else:
        blocks.append(Table(result.table, source(model.results, "A") + f"; `{shown(b.table_path)}` (B)"))
    for side, points in (("A", result.only_a), ("B", result.only_b)):
        if points:
            blocks.append(Paragraph(f"Only in {side}: " + "; ".join(points) + "."))
    return blocks


SECTIONS = (Section("compare", CLOSING + 20, lambda c: compared(c.model, c.compare), always=True),)
