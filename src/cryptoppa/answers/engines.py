"""One engine configuration answered: its own figures at the question's clock, and what the question's memory costs
in engines of it. Every number is a record (cryptoppa.answers.records) on a stated basis.

Read latency is from a line's arrival at an idle engine to its plaintext, in front of a DRAM read. An engine with
the prefetch port hears the read request earlier (cryptoppa.feasibility.latency): tCL earlier for a read to an open
row, tRCD + tCL for a closed row; each latency names which. An integrity scheme is answered at its *verified*
latency (the plaintext with its verdict); the plaintext it can release before the verdict is a separate,
speculative figure, never ranked against verified ones. A scheme without a MAC has no verdict: its latency is to the
plaintext. A scheme with per-line counters is answered on a counter hit (the counter on die, so the hint's lead
applies) and on a counter miss (the counter arrives with the data: no lead), side by side: the engines it needs are
a range from streaming (counters mostly cached) to uncached (every counter missed), and so is its latency.

A range of engines is priced at both ends: area, kGE and power for the streaming and the uncached count.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pandas as pd

from ..feasibility.latency import cycles_to_ns, hint_lead_cycles, latency_at_lead
from ..feasibility.metadata import Scheme, overhead, traffic_range
from . import basis as basis_mod
from . import gates
from .basis import Basis, identity
from .guarantees import Guarantee, guarantee_of
from .question import Question
from .records import NotAnswered, On, Record
from .totals import ArrayFits, totals
from .traffic import scheme_of


# The names of an engine's latency records (verified, where its scheme has a MAC).
HIT, CLOSED = "read latency, row hit", "read latency, closed row"
MISS = "read latency, counter miss"
SPECULATIVE = "speculative read latency, row hit"
IN_FO4 = "read latency in FO4"
BOUNDS = ("streaming", "uncached")  # the metadata access patterns a range of engines spans


@dataclass
class EngineAnswer:
    config: pd.Series
    name: str  # its short label among the model's engines
    scheme: Scheme | None
    clock_mhz: float
    guarantee: Guarantee | None = None
    figures: dict[str, Record] = field(default_factory=dict)  # the engine's own numbers
    totals: dict[str, Record] = field(default_factory=dict)  # what the question's memory costs in these engines
    arrays: ArrayFits = field(default_factory=ArrayFits)  # the measured arrays' fits its totals add overhead from
    overhead: str = ""  # where the array's overhead in the totals came from
    flags: list[str] = field(default_factory=list)  # qualifications printed beside its numbers
    refused: NotAnswered | None = None

    @property
    def identity(self) -> str:
        return identity(self.config)

    @property
    def answered(self) -> bool:
        return self.refused is None

    def get(self, name: str) -> Record | None:
        return self.figures.get(name) or self.totals.get(name)

    def value(self, name: str) -> float:
        record = self.get(name)
        return record.value if record is not None else math.nan


def lead_cycles(config, access_ns: float, clock_mhz: float) -> int:
    """The prefetch hint's lead in engine cycles (0 for an engine without the prefetch port)."""
    if math.isnan(config["read_latency_hinted_data_cycles"]):
        return 0
    return hint_lead_cycles(access_ns, clock_mhz)


def latency_cycles(config, lead: int, verified: bool) -> float:
    """Cycles to the plaintext (verified: to the verdict where the engine gives one) at a hint lead."""
    if math.isnan(config["hint_lead_measured"]):
        return math.nan  # measured before the hint lead was recorded: the latency may hold a hint of unknown lead
    if verified and not math.isnan(config["read_latency_cycles"]):
        return latency_at_lead(config["read_latency_cycles"], config["read_latency_hinted_cycles"], lead)
    return latency_at_lead(config["read_latency_data_cycles"], config["read_latency_hinted_data_cycles"], lead)


def answer_engine(config, name: str, question: Question, basis: Basis, fo4_ps: float,
                  arrays: ArrayFits = ArrayFits(), measured_traffic: float | None = None) -> EngineAnswer:
    """One engine of `config` (an N = 1 row of basis.configurations) under the question."""
    scheme = scheme_of(config["design"], config.get("rounds"))
    clock = question.clock_mhz(float(config["fmax_mhz"]))
    answer = EngineAnswer(config, name, scheme, clock, guarantee_of(config, scheme) if scheme else None,
                          arrays=arrays)
    subject, rows = identity(config), tuple(r for r in (config["label"], config.get("saturated_label")) if
                                            isinstance(r, str))
    library, stage = config["library"], basis.stage
    at = f"{clock:.4g} MHz" if question.clock != "fmax" else f"fmax ({clock:.4g} MHz)"
    cells = On(library=library, stage=stage)
    timed = On(library=library, stage=stage, clock=at)
    powered = On(library=library, stage=stage, power=_power_text(config, 1.0), clock=at)

    def rec(name: str, quantity: str, value: float, on: On = cells) -> Record:
        return Record(subject, name, quantity, float(value), on, rows)

    unrouted = gates.unrouted(config)
    if unrouted:
        answer.flags.append(unrouted)
    refusal = gates.clock(config, clock, stage) or gates.window(config)
    if refusal:
        answer.refused = NotAnswered(subject, f"{name} at {at}", refusal)
        return answer
    gbps = basis_mod.throughput_gbps(config, clock)
    power = basis_mod.engine_power(config, clock)
    figures = [
        rec("area", "area_um2", config["area_um2"]),
        rec("kGE", "kge", config["kge"]),
        rec("fmax", "fmax_mhz", config["fmax_mhz"]),
        rec("cycles per line", "cycles", config["cycles_per_line"]),
        rec("throughput", "gbps", gbps, timed),
        rec("power", "power_mw", power * 1e3, powered),
        rec("energy per byte", "pj_per_byte", power / (gbps * 1e9 / 8) * 1e12, powered),
    ]
    integrity = bool(scheme and scheme.integrity)
    counters = bool(scheme and scheme.counter_bits)
    for row, ns, named in (("row hit", question.row_hit_ns, HIT), ("closed row", question.closed_row_ns, CLOSED)):
        lead = lead_cycles(config, ns, clock)
        hit = ", counter on die" if counters else ""
        on = On(library=library, stage=stage, clock=at, memory=f"{question.memory_text}, {row}{hit}")
        figures.append(rec(named, "latency_ns", cycles_to_ns(latency_cycles(config, lead, True), clock), on))
        early = latency_cycles(config, lead, False)
        if integrity and early < latency_cycles(config, lead, True) and row == "row hit":
            # plaintext released before its verdict: only where the engine does so
            figures.append(rec(SPECULATIVE, "latency_ns", cycles_to_ns(early, clock), on))
    if counters:
        on = On(library=library, stage=stage, clock=at, memory="counter miss: it arrives with the data, no lead")
        figures.append(rec(MISS, "latency_ns", cycles_to_ns(latency_cycles(config, 0, True), clock), on))
    no_hint = latency_cycles(config, 0, True)
    if fo4_ps == fo4_ps and no_hint == no_hint:
        # the cycles without a hint at the engine's own fmax, in the library's FO4 delays: a latency in
        # library-neutral units, register overhead included (not a count of logic levels)
        figures.append(rec(IN_FO4, "latency_fo4", no_hint * 1e6 / config["fmax_mhz"] / fo4_ps,
                           On(library=library, stage=stage, clock="fmax, no prefetch hint")))
    answer.figures = {f.name: f for f in figures}

    access = question.access
    extra = overhead(scheme, access).extra_traffic if scheme else 0.0
    bounds = {name: o.extra_traffic for name, o in traffic_range(scheme, access).items()} if scheme else {}
    bits = question.bits_per_second
    main = totals(config, bits, clock, arrays, extra_traffic=extra)
    memory = question.memory_text

    def on_access(what: str, load: float | None = None) -> On:
        # a total counts the dispatcher from the measured arrays' fits or leaves it out: two different totals
        return On(library=library, stage=stage, power="" if load is None else _power_text(config, load), clock=at,
                  memory=memory, access=f"metadata {what}, {question.footprint_text}",
                  arrays="" if load is None else main.overhead)

    total_on = on_access(access.name, main.load)
    cases = [("engines", main.engines, access.name)]
    answer.totals = {}
    for bound in BOUNDS:
        if bounds.get(bound, 0.0) != extra:
            end = totals(config, bits, clock, arrays, bounds[bound])
            cases.append((f"engines, metadata {bound}", end.engines, bound))
            # a range of engines is priced at both ends
            end_on = on_access(bound, end.load)
            answer.totals.update({
                f"total area, metadata {bound}": rec(f"total area, metadata {bound}", "area_mm2", end.area_mm2, end_on),
                f"total kGE, metadata {bound}": rec(f"total kGE, metadata {bound}", "kge", end.kge, end_on),
                f"total power, metadata {bound}": rec(f"total power, metadata {bound}", "power_w", end.power_w,
                                                      end_on)})
    if measured_traffic is not None and measured_traffic == measured_traffic and bounds.get("uncached", 0.0) > 0:
        cases.append(("engines, metadata as traced", totals(config, bits, clock, arrays, measured_traffic).engines,
                      "as traced (reports/slowdown)"))
    answer.totals.update({n: rec(n, "engines", v, on_access(a)) for n, v, a in cases})
    answer.totals.update({
        "total area": rec("total area", "area_mm2", main.area_mm2, total_on),
        "total kGE": rec("total kGE", "kge", main.kge, total_on),
        "total power": rec("total power", "power_w", main.power_w, total_on),
        "energy per data byte": rec("energy per data byte", "pj_per_byte", main.pj_per_byte, total_on),
        "array ports": rec("array ports", "ports", main.ports, total_on),
        "extra traffic": rec("extra traffic", "percent", extra * 100, on_access(access.name)),
        "load": rec("load", "percent", main.load * 100, total_on),
        **{f"extra traffic, {b}": rec(f"extra traffic, {b}", "percent", bounds[b] * 100, on_access(b))
           for b in ("streaming", "uncached") if b in bounds},
    })
    answer.overhead = main.overhead
    return answer


def _power_text(config, load: float) -> str:
    if not isinstance(config.get("saturated"), dict):
        return "vectorless"
    if load >= 1 - 1e-9:
        return "simulated, saturated"
    if config.get("idle") is None:
        return "simulated, saturated (idle not measured: an upper bound)"
    return "simulated, at the bandwidth's load"
