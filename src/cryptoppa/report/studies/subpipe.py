"""Lohitha and Vasavi beside gcm_subpipe, gcm_pipe and gcm_iter: the answer, the ratios, our engines, the figure."""

from __future__ import annotations

import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ...answers.basis import SATURATED
from ...answers.records import Cited, show
from ...answers.seeds import Seeds
from ...answers.seeds.subpipe import PIPELINED, STAGES, Subpipe
from ...feasibility.studies import SUBPIPE as S
from ..document import Block, Heading, Paragraph, Table
from .cells import rows_table


def _way(value: float) -> str:
    return "rises" if value > 1 else "falls"


def answer(model: Seeds) -> str:
    m = model.subpipe
    s, o, c = m.study, m.ours, m.cross
    text = (f"Lohitha and Vasavi (sub-pipelined AES-GCM on a Virtex-4): {show(Cited.of(S['stages_per_round']))} "
            f"register stages per AES round clock at {show(s['fmax'].ratio)}× one stage's frequency and draw "
            f"{show(s['dynamic power'].ratio)}× its dynamic power (Table 3). ")
    if not m.measured:
        return text + "Our sub-pipelined and pipelined engines are not both in the data."
    same = (o["fmax"].ratio.value > 1) == (s["fmax"].ratio.value > 1)
    text += (f"Our gcm_subpipe with the same cuts reaches {show(o['fmax'].ratio)}× gcm_pipe's fmax (ASIC synthesis), "
             f"{'the same direction' if same else 'the opposite direction'}")
    text += f", {show(c['fmax'].ratio)}× the study's ratio. " if c["fmax"].answered else ". "
    return text + _power(m)


def _power(m: Subpipe) -> str:
    """Dynamic power beside dynamic power: the direction on each side, and why their ratio is not answered."""
    s, o = m.study, m.ours
    vectorless, simulated = o["dynamic power, vectorless"], o["dynamic power"]
    if not vectorless.answered or not vectorless.ratio.known:
        return "Our dynamic power of the two engines is not on one basis."
    both = simulated.answered and simulated.ratio.known
    theirs = s["dynamic power"].ratio.value
    # Its power clock is unstated: one clock for both designs, or each at its own fmax (then at one clock its ratio
    # is theirs / its fmax ratio). A direction is stated only where it holds under both readings.
    either = {_way(theirs), _way(theirs / s["fmax"].ratio.value)}
    ours = {_way(vectorless.ratio.value)} | ({_way(simulated.ratio.value)} if both else set())
    text = (f"Our dynamic power {' or '.join(sorted(ours))}: {show(vectorless.ratio)}× vectorless"
            + (f", {show(simulated.ratio)}× simulated" if both else "") + ", both engines at 225 MHz")
    if ours == {"rises"}:
        text += f", with {show(o['flip-flops'].ratio)}× the flip-flops clocking every cycle"
    if len(either) > 1:
        verdict = "the study's direction depends on the clock of its estimate, which it does not state"
    elif len(ours) > 1:
        verdict = "our two activity models disagree on the direction"
    else:
        verdict = (f"{'the same direction as' if either == ours else 'the opposite direction to'} the study's "
                   "whichever clock its estimate was at")
    return text + (f": {verdict}. The ratio of the power ratios is not answered: the study states no clock or "
                   "activity for its estimate.")


def evidence(m: Subpipe) -> pd.DataFrame:
    rows = []
    for e in m.engines:
        f = e.figures
        rows.append({"engine": e.design.design + ("" if e.design.stages is None else f" ×{e.design.stages}"),
                     "fmax MHz": show(f["fmax"]), "latency cycles": show(f["latency"]), "area µm²": show(f["area"]),
                     "flip-flops": show(f["flip-flops"]), "power mW": show(f["power"])})
    return pd.DataFrame(rows)


def figure(m: Subpipe) -> Figure | None:
    """fmax and flip-flops against stages per round, relative to the round-pipelined engine, with the study's."""
    base = m.engine(PIPELINED)
    points = [e for e in m.engines if e.design.stages is not None and e.figures["fmax"].known]
    if base is None or len(points) < 2:
        return None
    fig = Figure(figsize=(6.0, 3.4), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    stages = [e.design.stages for e in points]
    for name, style, label in (("fmax", "o-", "our fmax (ASIC synthesis)"), ("flip-flops", "s--", "our flip-flops")):
        ax.plot(stages, [e.figures[name].value / base.figures[name].value for e in points], style, label=label)
    ax.plot([STAGES], [m.study["fmax"].ratio.value], "r*", markersize=12, label="Lohitha and Vasavi, AES-GCM frequency")
    ax.plot([STAGES], [m.study["fmax, AES alone"].ratio.value], "mx", markersize=10,
            label="Lohitha and Vasavi, AES alone frequency")
    ax.axhline(1.0, color="grey", linewidth=0.6)
    ax.set_xlabel("register stages per AES round (1 = round-pipelined gcm_pipe SBOX=1)")
    ax.set_ylabel("relative to one stage per round")
    ax.legend(fontsize=7)
    return fig


def _power_model(m: Subpipe) -> str:
    models = {e.power_model for e in m.engines}
    return "simulated at saturation" if models == {SATURATED} else "simulated at saturation where measured, else vectorless"


def section(model: Seeds, data: str, figure_block: list[Block]) -> list[Block]:
    m = model.subpipe
    return [
        Heading(2, "Lohitha and Vasavi: sub-pipelined against round-pipelined AES-GCM"),
        Paragraph(f"Each AES round cut into {show(Cited.of(S['stages_per_round']))} register stages around a composite-field "
                  "S-box (§III) against one stage per round (Table 3), on a Virtex-4; ours: gcm_subpipe with the "
                  "same cuts against gcm_pipe SBOX=1 (×n: stages per round). Each side's ratio sub-pipelined / "
                  "pipelined divides out its own library, tools and stage (not an FPGA's routing against standard "
                  "cells: it compares the cuts); the ratios are compared where power model and clock agree. Its "
                  "printed period for "
                  f"{show(Cited.of(S['fmax_gcm_subpipe']))} MHz is {show(Cited.of(S['period_gcm_subpipe']))} µs, where "
                  f"the reciprocal of its clock is {show(m.period)} ns: its units are wrong, its ratios usable."),
        Table(rows_table(m.rows, "Lohitha and Vasavi"), f"study: {S.short}, as printed; ours: {data}, synthesis "
              "(ASIC and xc7), power at 225 MHz"),
        *figure_block,
    ]


def appendix(model: Seeds, data: str) -> list[Block]:
    m = model.subpipe
    if not m.engines:
        return []
    return [Heading(3, "Lohitha and Vasavi: our engines"),
            Table(evidence(m), f"{data}: ASIC synthesis, power at 225 MHz ({_power_model(m)})")]
