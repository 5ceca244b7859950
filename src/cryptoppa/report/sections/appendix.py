"""The appendix: every engine at every memory preset, every measured point, the failures, and where the data is."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.points import SHOWN, point_records, row_counts
from ...answers.results import Results
from ...answers.records import show
from ...feasibility.presets import load_presets
from ...paths import shown
from ..document import Block, Bullets, Heading, Paragraph, Table
from ..parts import source
from .memories import at_memories
from . import APPENDIX, Section


def every_preset(model: Model) -> list[Block]:
    if not model.answered:
        return []
    models = at_memories(model, tuple(load_presets()))
    rows = []
    for preset, m in models.items():
        row = {"memory": m.question.memory_text}
        for e in m.answered:
            row[e.name] = f"{show(e.get('engines'))} · {show(e.get('total area'))} · {show(e.get('total power'))}"
        rows.append(row)
    return [Heading(3, "Every engine at every memory preset"),
            Paragraph(f"Engines · mm² · W, {model.question.clock_text}, metadata streaming; each preset's source: "
                      "`cryptoppa presets`."),
            Table(pd.DataFrame(rows).fillna("–"), source(model.results))]


def points(model: Model) -> list[Block]:
    return points_of(model.results, model.points)


def points_of(results: Results, records_by_label: dict | None = None) -> list[Block]:
    blocks: list[Block] = [Heading(3, "Points")]
    rows = []
    for label, records in (records_by_label if records_by_label is not None else point_records(results)).items():
        row = {"point": label}
        for metric, (name, _, _) in SHOWN.items():
            if metric in records:
                unit = records[metric].unit
                row[name if unit in name else f"{name} {unit}"] = show(records[metric])
        rows.append(row)
    if rows:
        blocks.append(Table(pd.DataFrame(rows).fillna(""), source(results, "rows with status ok or cached")))
    failed = results.failed
    blocks.append(Heading(4, "Failed points"))
    if failed.empty:
        blocks.append(Paragraph("None."))
    else:
        cols = [c for c in ("label", "error") if c in failed.columns]
        blocks.append(Table(failed[cols].rename(columns={"label": "point"}), source(results, "failed rows")))
    return blocks


def provenance(model: Model, produced_by: tuple[str, ...]) -> list[Block]:
    return provenance_of(model.results, produced_by)


def provenance_of(r: Results, produced_by: tuple[str, ...]) -> list[Block]:
    t = r.table
    counts = row_counts(r)
    sweeps = ", ".join(sorted(t["sweep"].astype(str).unique())) if "sweep" in t.columns else "(no sweep column)"
    return [Heading(3, "Source"), Bullets([
        f"results: `{shown(r.table_path)}`, SHA-256 `{r.sha256}`; sweeps: {sweeps}",
        f"rows: {show(counts['all'])}, of which {show(counts['finished'])} finished and {show(counts['failed'])} failed",
        "units as stored: µm², W, ns, MHz; bandwidths decimal (GB = 10^9 bytes)",
        *(f"measured by: `{command}`" for command in produced_by),
    ])]


SECTIONS = (
    Section("appendix", APPENDIX, lambda c: [Heading(2, "Appendix")], always=True),
    Section("every preset", APPENDIX + 25, lambda c: every_preset(c.model), always=True),
    Section("points", APPENDIX + 40, lambda c: points(c.model), always=True),
    Section("provenance", APPENDIX + 50, lambda c: provenance(c.model, c.produced_by), always=True),
)
