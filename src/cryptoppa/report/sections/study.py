"""Owen 2013 beside us: each figure it printed, as printed with its citation, and ours for the same quantity."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.records import show
from ...answers.study import beside_owen2013, study_engine
from ..document import Block, Heading, Paragraph, Table
from ..parts import source


def owen2013(model: Model) -> list[Block]:
    rows = beside_owen2013(model)
    if not rows:
        return []
    engine = study_engine(model)
    table = pd.DataFrame([{"quantity": b.quantity, "Owen 2013": show(b.cited), "printed in": b.cited.citation,
                           "ours": show(b.ours), "ours / study": show(b.ratio)} for b in rows])
    return [
        Heading(2, "Beside the 2013 study"),
        Paragraph(f"Owen 2013 (The Feasibility of Memory Encryption and Authentication, M.S. thesis, UT Austin) "
                  "synthesized an iterative AES-GCM module with 16-bit GHASH digits on the open FreePDK45 library with "
                  "a commercial synthesis tool (Synopsys Design Vision), pre-layout, with 'typical' power of unstated "
                  f"activity. Ours of that class is {engine.name}, on this report's basis, at the study's 225 MHz, its "
                  "engines carrying the data alone as the study's did. Its µm² are of cells we do not have, so the "
                  "area ratio mixes two libraries' cell sizes with the designs'; its figures are as printed."),
        Table(table, source(model.results, "the engine and the arrays' fits") + "; study: "
              "`cryptoppa.feasibility.owen2013`"),
    ]
