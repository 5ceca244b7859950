"""Every engine configuration once: its own figures at the question's clock, and what the question's memory costs in
it (the configurations a scheme was not answered with included: `--all` of `cryptoppa feasibility`)."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.records import show
from ..document import Block, Heading, Paragraph, Table
from ..parts import source
from .answer import engines_range, latency, name


def engines_table(model: Model) -> pd.DataFrame:
    rows = []
    for e in model.answered:
        fo4 = e.get("verified read latency in FO4")
        rows.append({
            "engine": name(e), "scheme": e.scheme.name if e.scheme else "", "area µm²": show(e.get("area")),
            "kGE": show(e.get("kGE")), "fmax MHz": show(e.get("fmax")), "cycles/line": show(e.get("cycles per line")),
            "Gb/s": show(e.get("throughput")), "mW": show(e.get("power")),
            "pJ/B": show(e.get("energy per byte")), "latency ns": latency(e), "FO4": show(fo4),
            "engines": engines_range(e), "total mm²": show(e.get("total area")), "total W": show(e.get("total power")),
        })
    table = pd.DataFrame(rows)
    if not table.empty and (table["FO4"] == "–").all():
        table = table.drop(columns=["FO4"])  # no library of these results has a measured FO4
    return table


def engines(model: Model, heading: str = "Engines") -> list[Block]:
    table = engines_table(model)
    if table.empty:
        return []
    q = model.question
    return [Heading(2, heading),
            Paragraph(f"Each engine configuration once ({model.basis.stage}, {model.basis.power} power), at "
                      f"{q.clock_text}: one engine's area, fmax, throughput, power (at saturation where simulated) and energy per byte; "
                      "its verified read latency (row hit / closed row) and, where the library's FO4 delay was "
                      f"measured, its logic depth: the latency without a hint at its own fmax in FO4 delays; then {q.memory_text} in engines of it (metadata "
                      "streaming–uncached), their area and power at the bandwidth's load."),
            Table(table, source(model.results, "N = 1 rows on the basis"))]
