"""Lohitha and Vasavi beside gcm_subpipe, gcm_pipe and gcm_iter: the answer, the ratios, our engines, the figure."""

from __future__ import annotations

import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ...answers.records import show
from ...answers.seeds import Seeds
from ...answers.basis import SATURATED
from ...answers.records import Cited
from ...answers.seeds.subpipe import PIPELINED, STAGES, Subpipe
from ...feasibility.studies import SUBPIPE as S
from ..document import Block, Heading, Paragraph, Table
from .cells import rows_table



def answer(model: Seeds) -> str:
    m = model.subpipe
    s, o = m.study, m.ours
    text = (f"Lohitha and Vasavi (sub-pipelined AES-GCM on a Virtex-4): {show(Cited.of(S['stages_per_round']))} register "
            f"stages per AES round clock {show(s['fmax'])}× faster than one stage at {show(s['dynamic power'])}× the "
            "dynamic power (Table 3). ")
    if not m.measured:
        return text + "Our sub-pipelined and pipelined engines are not both in the data."
    faster = "the same direction" if o["fmax"].value > 1 else "the opposite direction"
    power = "the opposite direction" if o["power"].value > 1 else "the same direction"
    return text + (f"With the same cuts our gcm_subpipe reaches {show(o['fmax'])}× gcm_pipe's fmax ({faster}) and "
                   f"draws {show(o['power'])}× its power at the same clock ({power}): {show(o['flip-flops'])}× the "
                   "flip-flops clock every cycle, and our zero-delay simulation has none of the glitches shorter "
                   "paths avoid.")


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
    ax.plot([STAGES], [m.study["fmax"].value], "r*", markersize=12, label="Lohitha and Vasavi, AES-GCM frequency")
    ax.plot([STAGES], [m.study["fmax, AES alone"].value], "mx", markersize=10,
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
                  f"same cuts against gcm_pipe SBOX=1 (×n: stages per round), ratios compared. Its printed period for {show(Cited.of(S['fmax_gcm_subpipe']))} MHz is "
                  f"{show(Cited.of(S['period_gcm_subpipe']))} µs, where the reciprocal of its clock is "
                  f"{show(m.study['period'])} ns: its units are wrong, its ratios usable."),
        Table(rows_table(m.rows, "Lohitha and Vasavi"), f"study: {S.short}, as printed; ours: {data}, synthesis "
              "(ASIC and xc7), power at 225 MHz"),
        Table(evidence(m), f"{data}: our engines, ASIC synthesis, power at 225 MHz ({_power_model(m)})"),
        *figure_block,
    ]
