"""The answer a reader comes for, first: per memory-protection scheme, what the question's memory costs in its
engines, and its verified read latency; then the basis, stated once; then what was not answered, and why."""

from __future__ import annotations

import pandas as pd

from ...answers.engines import EngineAnswer
from ...answers.labels import short_labels
from ...answers.model import Model
from ...answers.records import show, show_reason
from .. import plots
from ..document import Block, Bullets, Heading, Paragraph, Table
from ..parts import Page, source

HIT, CLOSED = "verified read latency, row hit", "verified read latency, closed row"
SPECULATIVE = "speculative read latency, row hit"
UNROUTED = "†"


def name(engine: EngineAnswer) -> str:
    """An engine's name in a table, marked when its routed figures are estimates."""
    return engine.name + (f" {UNROUTED}" if engine.flags else "")


def latency(engine: EngineAnswer) -> str:
    """'26.7 / 17.8': verified latency on a row hit / a closed row."""
    hit, closed = engine.get(HIT), engine.get(CLOSED)
    if hit is None or not hit.known:
        return "–"
    return show(hit) if closed is None or closed.text == hit.text else f"{show(hit)} / {show(closed)}"


def engines_range(engine: EngineAnswer) -> str:
    """The engines at the question's metadata access, with the streaming–uncached range where it differs."""
    main, streaming = engine.get("engines"), engine.get("engines, metadata streaming")
    low, high = streaming or main, engine.get("engines, metadata uncached") or main
    if low.value == high.value:
        return show(main)
    span = f"{show(low)}–{show(high)}"
    return span if streaming is None else f"{show(main)} ({span})"  # no streaming record: the answer is streaming


def traffic(engine: EngineAnswer) -> str:
    main, low, high = (engine.get(n) for n in ("extra traffic", "extra traffic, streaming",
                                               "extra traffic, uncached"))
    if high is None or high.value == 0:
        return show(main) if main is not None else "0"
    span = f"{show(low)}–{show(high)}"
    return span if main.on.access == low.on.access else f"{show(main)} ({span})"


def scheme_table(model: Model) -> pd.DataFrame:
    rows = []
    for s in model.schemes:
        e = s.chosen
        rows.append({"scheme": s.scheme.name, "engine": name(e), "engines": engines_range(e),
                     "area mm²": show(e.get("total area")), "kGE": show(e.get("total kGE")),
                     "power W": show(e.get("total power")), "read latency ns": latency(e),
                     "speculative ns": show(e.get(SPECULATIVE)) if e.get(SPECULATIVE) else "",
                     "extra traffic %": traffic(e), "ports": show(e.get("array ports"))})
    return pd.DataFrame(rows)


def _lead(model: Model) -> str:
    schemes = model.schemes
    q = model.question
    if not schemes:
        return "No engine of these results could be answered for this question: see below for why."
    # A scrambler (reduced-round cipher) is tabled but never named as the answer: it is not encryption.
    schemes = [s for s in schemes if not s.scheme.reduced_rounds] or schemes
    least = min(schemes, key=lambda s: s.chosen.value(model.size))
    e = least.chosen
    text = (f"For {q.memory_text}, {q.clock_text}, the least silicon is {least.scheme.name}'s: "
            f"{show(e.get('engines'))} {e.name} engines, {show(e.get('total area'))} mm² "
            f"({show(e.get('total kGE'))} kGE) and {show(e.get('total power'))} W.")
    timed = [s for s in schemes if s.rank_latency == s.rank_latency]
    if timed:
        fastest = [s for s in timed if s.chosen.get(HIT).text == timed[0].chosen.get(HIT).text]
        names = " and ".join(s.scheme.name if s.chosen.name == s.scheme.name else f"{s.scheme.name} ({s.chosen.name})"
                             for s in fastest)
        tie = "tie for" if len(fastest) > 1 else "has"
        text += f" {names} {tie} the least verified read latency, {show(timed[0].chosen.get(HIT))} ns on a row hit."
    speculative = [s for s in schemes if s.chosen.get(SPECULATIVE) is not None and s.chosen.get(SPECULATIVE).known]
    if speculative:
        text += (" Integrity schemes are ranked by their verified latency; the plaintext they can release before "
                 "the verdict is in its own column (speculative).")
    return text


def scheme_figure(model: Model, page: Page) -> list[Block]:
    """Every answered configuration's total area against its verified latency, one colour per scheme."""
    points = [{"scheme": e.scheme.name, "latency_ns": e.value(HIT), "area_mm2": e.value("total area")}
              for s in model.schemes for e in s.engines if e.value(HIT) == e.value(HIT)]
    if len({p["scheme"] for p in points}) < 2:
        return []
    return [page.figure(plots.scheme_figure(pd.DataFrame(points), model.question.memory_text), "schemes",
                        f"engines' total area for {model.question.memory_text} against verified read latency (row "
                        "hit), one marker per engine configuration")]


def answer(model: Model, title: str | None = None) -> list[Block]:
    q = model.question
    blocks: list[Block] = [Heading(2, title or f"Answer: {q.memory_text}, {q.clock_text}"),
                           Paragraph(_lead(model))]
    table = scheme_table(model)
    if not table.empty:
        blocks.append(Table(table, source(model.results, "each scheme's engine with the least total area")
                            + f"; {q.resolved.assumption}"))
    notes = sorted({e.overhead for s in model.schemes for e in [s.chosen]})
    blocks.append(Bullets([
        "engines: for the data plus the scheme's metadata, streaming (consecutive lines) to uncached (every "
        f"metadata line missed); counter trees sized for {q.footprint_text}; ports: array ports at one line per "
        "cycle each",
        "read latency: a line's arrival at an idle engine to its verified plaintext, in front of a read to an open "
        f"row (the prefetch hint hears the request tCL = {q.row_hit_ns:g} ns ahead) / a closed row (tRCD + tCL = "
        f"{q.closed_row_ns:g} ns ahead); controller queueing not counted",
        "arrays: " + "; ".join(notes) if notes else "arrays: none",
        *([f"{UNROUTED}: left segments unrouted, so its routed figures are estimates"]
          if any(e.flags for e in model.engines) else []),
    ]))
    return blocks


def basis(model: Model) -> list[Block]:
    q = model.question
    preset = q.preset
    dram = (f"{preset.name}: {preset.timing_source}" if preset and preset.timing_source else
            "no DRAM timing: read latency without a prefetch lead")
    ge = "; ".join(f"{pdk}: 1 GE = {show(r)} µm²" for pdk, r in model.ge.items())
    return [Heading(2, "Basis"), Bullets([
        *model.basis.lines(q.clock_text, ge),
        f"memory: {q.resolved.assumption}; DRAM timing {dram}",
        f"metadata: {q.access.name} write share {q.access.write_fraction:.2g}; {q.footprint_text}",
    ])]


def withheld(model: Model) -> list[Block]:
    items = model.not_answered
    if not items:
        return []
    names = short_labels(sorted({n.subject for n in items}))
    lines = sorted({f"{names[n.subject]}: {n.what}: {show_reason(n)}" for n in items})
    return [Heading(2, "Not answered, and why"), Bullets(lines)]
