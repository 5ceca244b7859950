"""What the engines' added latency costs programs: the slowdown publication's headline, per scheme and workload
class, beside the answer (reports/slowdown has the model, the anchors from the literature and every assumption)."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.records import show
from ...answers.slowdown import program_slowdown
from ..document import Block, Heading, Paragraph, Table
from . import EVIDENCE, Section

CLASSES = ("irregular", "cache-friendly", "streaming")


def slowdown(model: Model) -> list[Block]:
    rows = program_slowdown()
    if not rows:
        return []
    names = {e.config["group"].rsplit(" ", 1)[0]: e.name for e in model.engines}
    table = []
    for p in rows:
        f = p.figures
        pool = (f"{show(f['engines'])} × {names.get(p.engine, p.engine.split(' [')[0])} at {show(f['clock'])} MHz"
                if "engines" in f else p.engine)
        table.append({"scheme": p.scheme, "pool": pool, **{
            f"{c} %": f"{show(f.get(c + ' mean'))} ({show(f.get(c + ' max'))})" for c in CLASSES
            if f.get(c + " mean") is not None}})
    return [Heading(2, "What it costs a program"),
            Paragraph("Mean (worst) % run-time increase over no protection per workload class, traces replayed on a "
                      "modern multicore (out-of-order cores, a shared last-level cache, DDR4-3200) with each scheme's "
                      "engines provisioned as this answer provisions them for that memory, at their own fmax "
                      "(`reports/slowdown/report.md`: the model, the DRAM model against DRAMsim3, published "
                      "measurements beside ours). sgx-split and xts-aes40 are the literature's engines (a 40-cycle "
                      "AES, pipelined), not ours."),
            Table(pd.DataFrame(table).fillna(""), "`reports/slowdown/data/slowdown.csv` (cryptoppa.slowdown.answer)")]


SECTIONS = (Section("slowdown", EVIDENCE + 24, lambda c: slowdown(c.model)),)
