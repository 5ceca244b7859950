"""The answer in a terminal: a short header, one line per scheme, and what was left out; `every=True` lists every
engine configuration instead. Tables are drawn by rich; every number is a record's text (at most four significant
digits), so the terminal agrees with the reports digit for digit."""

from __future__ import annotations

import json

import pandas as pd
from rich import box
from rich.console import Console
from rich.table import Table

from ..answers.engines import SPECULATIVE
from ..answers.model import Model
from ..answers.records import Record
from .sections.answer import scheme_table
from .sections.engines import engines_table

WIDTH = 120
SHORT = {"area mm²": "mm²", "power W": "W", "read latency ns": "latency ns", "speculative ns": "spec. ns",
         "extra traffic %": "traffic %", "total mm²": "Σ mm²", "total W": "Σ W", "cycles/line": "cyc/line"}


def frame(model: Model, every: bool = False) -> pd.DataFrame:
    """The table the terminal shows: one row per scheme, or per engine configuration with `every`. A scheme's
    guarantee is its class (`klass`, a section of the table), not a column: the full text is in the reports."""
    table = engines_table(model) if every else scheme_table(model)
    # kGE, FO4 and the per-engine columns are in --json, --csv and the reports: the terminal keeps what fits 120
    # columns now that every range is priced at both ends
    if every and not table.empty:
        table = table.drop(columns=["pJ/B", "area µm²", "scheme", "cycles/line", "Gb/s", "kGE", "FO4"],
                           errors="ignore")
    if not every and not table.empty:
        table = table.drop(columns=["guarantee", "kGE"]).assign(klass=[s.guarantee.klass for s in model.schemes])
    table = table.drop(columns=["speculative ns"], errors="ignore")  # in the footer: few schemes have one
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
    latency = ("latency: ns, row hit / closed row, verified where the scheme has a MAC; (miss): the line's counter "
               "not on die")
    if q.access.name == "streaming":  # a range of engines is priced at both ends
        lines = [f"engines: data + metadata, streaming–uncached, {tree}; mm² and W at both ends (kGE: --json)",
                 latency]
    else:
        lines = [f"engines: data + metadata, {q.access.name} (range: --json), {tree}; {latency}"]
    lines.append("rows by guarantee (in italics): schemes are compared only within one")
    early = [f"{s.scheme.name} {s.chosen.get(SPECULATIVE).text} ns" for s in model.schemes
             if s.chosen.get(SPECULATIVE) is not None and s.chosen.get(SPECULATIVE).known]
    if early:
        lines.append("plaintext before its verdict (speculative, row hit): " + ", ".join(early))
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
        shown = [c for c in table.columns if c != "klass"]
        # one column width across the classes' tables, so they read as one table; the engine column takes the rest
        widths = {c: max(len(c), *(len(str(v)) for v in table[c])) for c in shown}
        spare = WIDTH - sum(w + 3 for c, w in widths.items() if c != "engine")  # padding and divider: 3 each
        if "engine" in widths:
            widths["engine"] = max(12, min(widths["engine"], spare - 1))
        groups = table.groupby("klass", sort=False) if "klass" in table.columns else [(None, table)]
        for i, (klass, group) in enumerate(groups):
            if klass is not None:  # schemes are compared within one class of guarantees only
                console.print(f"[italic]{klass}[/italic]", overflow="fold")
            view = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1), show_edge=False, show_header=i == 0)
            for col in shown:  # a long engine label wraps; numbers never do, nor are they cut
                view.add_column(col, justify="left" if col in ("scheme", "engine") else "right",
                                no_wrap=col != "engine", width=widths[col])
            for _, row in group.iterrows():
                view.add_row(*(str(row[c]) for c in shown))
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
