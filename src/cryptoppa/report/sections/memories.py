"""Other memories: per scheme, what one channel, DIMM or stack of today's memories costs in its answering engine."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model, build
from ...answers.question import Question
from ...answers.records import show
from ..document import Block, Heading, Paragraph, Table
from ..parts import source
from . import APPENDIX, Section

PRESETS = ("ddr4-3200", "ddr5-6400", "lpddr5x-8533", "hbm3")


def at_memories(model: Model, presets: tuple[str, ...] = PRESETS) -> dict[str, Model]:
    """The same results and clock under each memory."""
    q = model.question
    return {p: build(model.results, Question(p, clock=q.clock, access=q.access), model.fo4_ps, model.traffic)
            for p in presets}


def memories(model: Model, presets: tuple[str, ...] = PRESETS, level: int = 2) -> list[Block]:
    if not model.schemes:
        return []
    others = at_memories(model, tuple(p for p in presets if p != model.question.memory))
    rows = []
    for s in model.schemes:
        row = {"scheme": s.scheme.name, "guarantee": s.guarantee.klass, "engine": s.chosen.name}
        for preset, m in others.items():
            e = next((x for x in m.answered if x.identity == s.chosen.identity), None)
            row[m.question.memory_text] = "–" if e is None else \
                f"{show(e.get('engines'))} · {show(e.get('total area'))} · {show(e.get('total power'))}"
        rows.append(row)
    return [Heading(level, "Other memories"),
            Paragraph(f"Each scheme's engine, {model.question.clock_text}: engines · mm² · W for one channel, DIMM or "
                      "stack at peak (metadata streaming). Every preset, every engine: below."),
            Table(pd.DataFrame(rows), source(model.results) + "; bandwidths: `cryptoppa presets`")]


# Other memories come after the evidence, in the appendix: a report answers one question first.
SECTIONS = (Section("memories", APPENDIX + 20, lambda c: memories(c.model, level=3), always=True),)
