"""The answer in a terminal: a short header, one line per scheme, and what was left out; `every=True` lists every
engine configuration instead. Tables are drawn by rich; every number is a record's text (at most four significant
digits), so the terminal agrees with the reports digit for digit."""

from __future__ import annotations

import json

import pandas as pd
from rich import box
from rich.console import Console
from rich.table import Table

from ..answers.model import Model
from ..answers.records import Record
from .sections.answer import scheme_table
from .sections.engines import engines_table

WIDTH = 120
SHORT = {"area mm²": "mm²", "power W": "W", "read latency ns": "latency ns", "speculative ns": "spec. ns",
         "extra traffic %": "traffic %", "total mm²": "Σ mm²", "total W": "Σ W", "cycles/line": "cyc/line"}


def frame(model: Model, every: bool = False) -> pd.DataFrame:
    """The table the terminal shows: one row per scheme, or per engine configuration with `every`."""
    table = engines_table(model) if every else scheme_table(model)
    if every and not table.empty:
        table = table.drop(columns=["pJ/B", "area µm²", "scheme", "cycles/line", "Gb/s"], errors="ignore")
    if "speculative ns" in table.columns and not table["speculative ns"].astype(bool).any():
        table = table.drop(columns=["speculative ns"])
    # The terminal shows the question's access only; its streaming–uncached range is in --json and the report.
    for col in ("engines", "extra traffic %"):
        if col in table.columns and model.question.access.name != "streaming":
            table[col] = table[col].map(lambda v: str(v).split(" (")[0])
    # the footer names the answers that need more than one array port
    return table.drop(columns=["ports"], errors="ignore").rename(columns=SHORT)


def header(model: Model) -> str:
    b, q = model.basis, model.question
    if not b.libraries:
        return f"{q.memory_text}, {q.clock_text}"
    return f"{q.memory_text}, {q.clock_text}; {b.stage}, {', '.join(b.libraries)}, {b.power} power"


def footer(model: Model) -> list[str]:
    q = model.question
    tree = f"tree over {q.footprint_text.split(' protected')[0]}"
    latency = "latency: verified, ns, row hit / closed row"
    if q.access.name == "streaming":  # a range of engines beside one area and power: say which end they are
        lines = [f"engines: data + metadata, streaming–uncached, {tree}; mm², kGE and W at streaming", latency]
    else:
        lines = [f"engines: data + metadata, {q.access.name} (range: --json), {tree}; {latency}"]
    ports = [f"{s.scheme.name} {s.chosen.get('array ports').text}" for s in model.schemes
             if s.chosen.value("array ports") > 1]
    if ports:
        rest = "; the others 1" if len(ports) < len(model.schemes) else ""
        lines.append("array ports (one line per cycle each): " + ", ".join(ports) + rest)
    if model.not_answered:
        first = model.not_answered[0]
        lines.append(f"not answered: {len(model.not_answered)}, e.g. {first.subject.split(' [')[0]}: {first.reason}"[
            :WIDTH])
    return lines


def render(model: Model, every: bool = False, console: Console | None = None) -> None:
    console = console or Console(width=WIDTH, highlight=False, soft_wrap=False)
    table = frame(model, every)
    console.print(header(model), overflow="fold")
    if table.empty:
        console.print("no engine answered:")
    else:
        view = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False)
        for col in table.columns:  # a long engine label wraps; numbers never do, nor are they cut
            view.add_column(col, justify="left" if col in ("scheme", "engine") else "right", no_wrap=col != "engine")
        for row in table.itertuples(index=False):
            view.add_row(*(str(v) for v in row))
        console.print(view)
    for line in footer(model):
        console.print(line, overflow="fold")


def _record(r: Record) -> dict:
    return {"name": r.name, "value": r.value, "text": r.text, "unit": r.unit, "basis": str(r.on)}


def as_json(model: Model, every: bool = False) -> str:
    """Every record of each scheme's answer (or of every engine), with its basis; and what was not answered."""
    engines = model.answered if every else [s.chosen for s in model.schemes]
    scheme_of = {s.chosen.identity: s.scheme.name for s in model.schemes}
    out = {
        "question": {"memory": model.question.memory_text, "clock": model.question.clock_text,
                     "access": model.question.access.name, "footprint": model.question.footprint_text},
        "basis": model.basis.lines(model.question.clock_text, "; ".join(
            f"{pdk}: 1 GE = {r.text} µm²" for pdk, r in model.ge.items())),
        "engines": [{"engine": e.name, "scheme": e.scheme.name if e.scheme else None,
                     "answers_scheme": scheme_of.get(e.identity),
                     "records": [_record(r) for r in (*e.figures.values(), *e.totals.values())]} for e in engines],
        "software": [{"option": o.name, "kind": o.kind, "records": [_record(r) for r in o.figures.values()]}
                     for o in model.software if not o.refused],
        "not_answered": [{"subject": n.subject, "what": n.what, "reason": n.reason} for n in model.not_answered],
    }
    return json.dumps(out, indent=1, ensure_ascii=False)


def as_csv(model: Model, every: bool = False) -> str:
    return frame(model, every).to_csv(index=False)
