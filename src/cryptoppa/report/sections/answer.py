"""The answer a reader comes for, first: per memory-protection scheme, what the question's memory costs in its
engines, and its verified read latency; then the basis, stated once; then what was not answered, and why."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from ...answers.engines import CLOSED, HIT, MISS, SPECULATIVE, EngineAnswer
from ...answers.labels import short_labels
from ...answers.model import Model, SchemeAnswer
from ...answers.study import ENGINES, TOTAL_AREA, TOTAL_POWER, beside_owen2013
from ...answers.records import NotAnswered, show, show_reason
from .. import plots
from ..document import Block, Bullets, Heading, Paragraph, Table
from ..parts import Page, generated_from, markdown_table, source
from . import CLOSING, LEAD, Section

UNROUTED = "†"


def name(engine: EngineAnswer) -> str:
    """An engine's name in a table, marked when its routed figures are estimates."""
    return engine.name + (f" {UNROUTED}" if engine.flags else "")


def latency(engine: EngineAnswer) -> str:
    """'26.7 / 17.8': read latency on a row hit / a closed row (verified where the scheme has a MAC), and for a
    scheme with per-line counters, '(miss 22.8)': the same with its counter missed."""
    hit, closed, miss = engine.get(HIT), engine.get(CLOSED), engine.get(MISS)
    if hit is None or not hit.known:
        return "–"
    text = show(hit) if closed is None or closed.text == hit.text else f"{show(hit)} / {show(closed)}"
    return text + (f" (miss {show(miss)})" if miss is not None and miss.known else "")


def ranged(engine: EngineAnswer, total: str) -> str:
    """A total at the question's metadata access, with its streaming–uncached range where the engines differ: every
    range is priced at both ends ('9.523–51.7'; '12.1 (9.523–51.7)' when the question's access lies inside it)."""
    main, streaming = engine.get(total), engine.get(f"{total}, metadata streaming")
    low, high = streaming or main, engine.get(f"{total}, metadata uncached") or main
    if low.text == high.text:
        return show(main)
    span = f"{show(low)}–{show(high)}"
    return span if streaming is None else f"{show(main)} ({span})"  # no streaming record: the answer is streaming


def engines_range(engine: EngineAnswer) -> str:
    return ranged(engine, "engines")


def traffic(engine: EngineAnswer) -> str:
    main, low, high = (engine.get(n) for n in ("extra traffic", "extra traffic, streaming",
                                               "extra traffic, uncached"))
    if high is None or high.value == 0:
        return show(main) if main is not None else "0"
    span = f"{show(low)}–{show(high)}"
    return span if main.on.access == low.on.access else f"{show(main)} ({span})"


def scheme_rows(schemes: list[SchemeAnswer]) -> pd.DataFrame:
    rows = []
    for s in schemes:
        e = s.chosen
        rows.append({"scheme": s.scheme.name, "guarantee": s.guarantee.text, "engine": name(e),
                     "engines": engines_range(e), "area mm²": ranged(e, "total area"), "kGE": ranged(e, "total kGE"),
                     "power W": ranged(e, "total power"), "read latency ns": latency(e),
                     "speculative ns": show(e.get(SPECULATIVE)) if e.get(SPECULATIVE) else "",
                     "extra traffic %": traffic(e), "ports": show(e.get("array ports"))})
    return pd.DataFrame(rows)


def scheme_table(model: Model) -> pd.DataFrame:
    table = scheme_rows(model.schemes)
    if "speculative ns" in table.columns and not table["speculative ns"].astype(bool).any():
        table = table.drop(columns=["speculative ns"])  # no engine of these releases plaintext before its verdict
    return table


def _at(e: EngineAnswer, what: str, bound: str) -> float:
    """A total at one end of its range (the question's own figure where there is no range)."""
    return e.value(f"{what}, metadata {bound}") if e.get(f"{what}, metadata {bound}") else e.value(what)


def _least(model: Model, klass: str, members: list[SchemeAnswer]) -> str:
    """One guarantee class in a sentence: the least silicon within it at both ends of the engines' range, and the
    least read latency where another scheme has it."""
    size = model.size
    low = min(members, key=lambda s: (_at(s.chosen, size, "streaming"), s.scheme.name))
    high = min(members, key=lambda s: (_at(s.chosen, size, "uncached"), s.scheme.name))
    e = low.chosen
    cost = (f"{engines_range(e)} {e.name} engines, {ranged(e, 'total area')} mm² ({ranged(e, 'total kGE')} kGE) and "
            f"{ranged(e, 'total power')} W")
    if len(members) == 1:
        text = f"{klass}: {low.scheme.name} alone, {cost}"
    else:
        text = f"{klass}: the least silicon is {low.scheme.name}'s, {cost}"
        if high is not low:
            text += f"; with every metadata line missed, {high.scheme.name}'s"
    timed = [s for s in members if s.rank_latency == s.rank_latency]
    if timed:
        fastest = timed[0]  # model.schemes is ordered by latency within a class
        lat = f"{show(fastest.chosen.get(HIT))} ns{' verified' if fastest.scheme.integrity else ''} on a row hit"
        miss = fastest.chosen.get(MISS)
        if miss is not None and miss.known:
            lat += f" with its counter on die, {show(miss)} ns on a counter miss"
        text += f"; {fastest.scheme.name} has the least read latency, {lat}" if len(timed) > 1 else \
            f"; read latency {lat}"
    return text + "."


def _lead(model: Model) -> list[Block]:
    classes = model.classes()
    q = model.question
    if not classes:
        return [Paragraph("No engine of these results could be answered for this question: see below for why.")]
    blocks: list[Block] = [Paragraph(
        f"For {q.memory_text}, {q.clock_text}, by what each scheme guarantees (schemes are compared only within one "
        "class of equal guarantees):")]
    blocks.append(Bullets([_least(model, k, members) for k, members in classes.items()]))
    if any(s.chosen.get(SPECULATIVE) is not None for s in model.schemes):
        blocks.append(Paragraph("Integrity schemes are ranked by their verified latency; the plaintext they can "
                                "release before the verdict is in its own column (speculative)."))
    return blocks


def scheme_figure(model: Model, page: Page) -> list[Block]:
    """Every answered configuration's total area (both ends of its range) against its read latency, one colour per
    scheme."""
    points = [{"scheme": e.scheme.name, "latency_ns": e.value(HIT), "area_mm2": e.value("total area"),
               "area_high_mm2": _at(e, "total area", "uncached")}
              for s in model.schemes for e in s.engines if e.value(HIT) == e.value(HIT)]
    if len({p["scheme"] for p in points}) < 2:
        return []
    return [page.figure(plots.scheme_figure(pd.DataFrame(points), model.question.memory_text), "schemes",
                        f"engines' total area for {model.question.memory_text} against read latency (row "
                        "hit), one marker per engine configuration, a bar up to its area with every metadata line "
                        "missed")]


def answer(model: Model, title: str | None = None) -> list[Block]:
    q = model.question
    blocks: list[Block] = [Heading(2, title or f"Answer: {q.memory_text}, {q.clock_text}"), *_lead(model)]
    table = scheme_table(model)
    if not table.empty:
        blocks.append(Table(table, source(model.results, "each scheme's engine with the least total area")
                            + f"; {q.resolved.assumption}"))
    notes = sorted({e.overhead for s in model.schemes for e in [s.chosen]})
    blocks.append(Bullets([
        "engines: for the data plus the scheme's metadata, streaming (consecutive lines) to uncached (every "
        f"metadata line missed); area, kGE and power at both ends of that range; counter trees sized for "
        f"{q.footprint_text}; ports: array ports at one line per cycle each",
        "guarantee: the cipher as the engine runs it (rounds, block), its MAC and whether a counter tree protects "
        "against replay; counters nothing authenticates can be replayed, and a replayed counter reuses a pad",
        "read latency: a line's arrival at an idle engine to its plaintext (with its verdict where the scheme has a "
        f"MAC), in front of a read to an open row (the prefetch hint hears the request tCL = {q.row_hit_ns:g} ns "
        f"ahead) / a closed row (tRCD + tCL = {q.closed_row_ns:g} ns ahead); per-line counters on die, and (miss) "
        "with the counter arriving beside the data; controller queueing not counted",
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


def withheld(model: Model, more: list[NotAnswered] = ()) -> list[Block]:
    """Everything withheld, and why: the model's refusals and those of the report's sections (comparisons)."""
    items = [*model.not_answered, *more]
    if not items:
        return []
    names = short_labels(sorted({n.subject for n in items}))
    lines = sorted({f"{names[n.subject]}: {n.what}: {show_reason(n)}" for n in items})
    return [Heading(2, "Not answered, and why"), Bullets(lines)]


def answer_block(models: Callable[[str], Model]) -> str:
    """The README's answer: today's memory by scheme (reports/designs), reduced-round scramblers apart, and the 2013
    question on the study's own basis (reports/thesis)."""
    today, study = models("designs"), models("thesis")
    columns = ["scheme", "guarantee", "engine", "engines", "area mm²", "kGE", "power W", "read latency ns",
               "extra traffic %"]
    ciphers = [s for s in today.schemes if not s.guarantee.reduced]
    scramblers = [s for s in today.schemes if s.guarantee.reduced]
    text = (f"For {today.question.memory_text}, {today.question.clock_text} ({today.basis.stage}, "
            f"{', '.join(today.basis.libraries)}, {today.basis.power} power), strongest guarantee first; engines for "
            "data + metadata, streaming–uncached, each range priced at both ends; read latency in ns on a row hit / "
            "closed row, verified where the scheme has a MAC, (miss) with the line's counter not on die:\n\n"
            + markdown_table(scheme_rows(ciphers)[columns]))
    if scramblers:
        text += ("\n\nScrambling, not encryption (reduced-round ciphers, not cryptographically strong), for the same "
                 "memory:\n\n" + markdown_table(scheme_rows(scramblers)[columns]))
    return text + _study_line(study) + f"\n\n{generated_from(today)}\n"


def _study_line(study: Model) -> str:
    """The 2013 study's question on its own basis: engines carrying the data alone, as Owen 2013 counted."""
    beside = {b.quantity: b for b in beside_owen2013(study)}
    engines, area, power = (beside.get(k) for k in (ENGINES, TOTAL_AREA, TOTAL_POWER))
    if engines is None:
        return ""
    return (f"\n\nThe 2013 study's question, {study.question.memory_text} at its 225 MHz, on its basis (the engines "
            f"carry the data alone, no tag traffic): {show(engines.ours)} AES-GCM engines, {show(area.ours)} mm², "
            f"{show(power.ours)} W, where Owen 2013 (§6.1.3) wrote {show(engines.cited)} engines, {show(area.cited)} "
            f"mm², {show(power.cited)} W; why ours differ, factor by factor: `reports/thesis/report.md`.")


SECTIONS = (
    Section("answer", LEAD, lambda c: [*answer(c.model), *scheme_figure(c.model, c.page)], always=True,
            blocks=(("answer", answer_block),)),
    Section("basis", LEAD + 10, lambda c: basis(c.model), always=True),
    Section("withheld", CLOSING + 90, lambda c: withheld(c.model, c.withheld), always=True),
)
