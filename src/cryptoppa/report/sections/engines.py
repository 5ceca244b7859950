"""Every engine configuration once: its own figures at the question's clock, and what the question's memory costs in
it (the configurations a scheme was not answered with included: `--all` of `cryptoppa feasibility`); a report with
many configurations shows each scheme's engine in its body and every configuration in its appendix."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from ...answers.engines import IN_FO4
from ...answers.model import Model
from ...answers.records import show
from ..document import Block, Heading, Paragraph, Table
from ..parts import generated_from, markdown_table, source
from .answer import engines_range, latency, name, ranged
from . import APPENDIX, LEAD, Section

BODY_ROWS = 12  # more configurations than this: the body shows each scheme's engine, the appendix all


def engines_table(model: Model, chosen_only: bool = False) -> pd.DataFrame:
    chosen = {s.chosen.identity for s in model.schemes}
    rows = []
    for e in model.answered:
        if chosen_only and e.identity not in chosen:
            continue
        fo4 = e.get(IN_FO4)
        rows.append({
            "engine": name(e), "scheme": e.scheme.name if e.scheme else "", "area µm²": show(e.get("area")),
            "kGE": show(e.get("kGE")), "fmax MHz": show(e.get("fmax")), "cycles/line": show(e.get("cycles per line")),
            "Gb/s": show(e.get("throughput")), "mW": show(e.get("power")),
            "pJ/B": show(e.get("energy per byte")), "latency ns": latency(e), "FO4": show(fo4),
            "engines": engines_range(e), "total mm²": ranged(e, "total area"),
            "total W": ranged(e, "total power"),
        })
    table = pd.DataFrame(rows)
    if not table.empty and (table["FO4"] == "–").all():
        table = table.drop(columns=["FO4"])  # no library of these results has a measured FO4
    return table


def _every(model: Model) -> bool:
    """Whether the body's engines table is every configuration (else each scheme's, the rest in the appendix)."""
    return len(model.answered) <= len(model.schemes) or len(model.answered) <= BODY_ROWS


def engines(model: Model, heading: str = "Engines") -> list[Block]:
    table = engines_table(model, chosen_only=not _every(model))
    if table.empty:
        return []
    q = model.question
    which = ("Each engine configuration once" if _every(model) else
             "Each scheme's engine (every other configuration: the appendix)")
    return [Heading(2, heading),
            Paragraph(f"{which} ({model.basis.stage}, {model.basis.power} power), at {q.clock_text}: one engine's "
                      "area, fmax, throughput, power (at saturation where simulated) and energy per byte; its read "
                      "latency (row hit / closed row; verified where the scheme has a MAC; (miss): its counter not on "
                      "die) and, where the library's FO4 delay was measured, that latency without a prefetch hint at "
                      f"its own fmax in FO4 delays; then {q.memory_text} in engines of it (metadata "
                      "streaming–uncached), their area and power at both ends."),
            Table(table, source(model.results, "N = 1 rows on the basis"))]


def every_engine(model: Model) -> list[Block]:
    """The appendix's table of every configuration, where the body shows each scheme's engine only."""
    if _every(model):
        return []
    return [Heading(3, "Every engine configuration"), Table(engines_table(model), source(model.results,
                                                                                        "N = 1 rows on the basis"))]


def designs_table(models: Callable[[str], Model]) -> str:
    model = models("designs")
    return (markdown_table(engines_table(model)) + f"\n\n{model.basis.stage.capitalize()}, "
            f"{', '.join(model.basis.libraries)}, {model.basis.power} power, {model.question.clock_text}; totals "
            f"for {model.question.memory_text}. The same table as `reports/designs/report.md`. {generated_from(model)}\n")


SECTIONS = (
    Section("engines", LEAD + 20, lambda c: engines(c.model), always=True, blocks=(("design-table", designs_table),)),
    Section("every engine", APPENDIX + 10, lambda c: every_engine(c.model), always=True),
)
