"""What the engines' added latency costs programs: the slowdown publication's headline, per scheme and workload
class, beside the answer (reports/slowdown has the model, the anchors from the literature and every assumption).
Each pool is the one the slowdown rows record: the feasibility answer's for the replayed machine's memory."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.records import NotAnswered, show
from ...answers.slowdown import program_slowdown
from ..document import Block, Heading, Paragraph, Table
from . import EVIDENCE, Section

CLASSES = ("irregular", "cache-friendly", "streaming")
# The literature's pipelined-AES variants guarantee what the scheme they model does (reports/slowdown)
LITERATURE = {"sgx-split": "ctr-mac-tree", "xts-aes40": "xts"}


def slowdown(model: Model) -> list[Block]:
    answer = program_slowdown()
    if not answer.schemes:
        return []
    classes = {s.scheme.name: s.guarantee.klass for s in model.schemes}
    table = []
    for p in answer.schemes:
        f = p.figures
        pool = f"{show(f['engines'])} × {p.engine} at {show(f['clock'])} MHz" if "engines" in f else p.engine
        table.append({"scheme": p.scheme, "guarantee": classes.get(LITERATURE.get(p.scheme, p.scheme), ""),
                      "pool": pool, **{
            f"{c} %": f"{show(f.get(c + ' mean'))} ({show(f.get(c + ' max'))})" for c in CLASSES
            if f.get(c + " mean") is not None}})
    on = answer.basis
    return [Heading(2, "What it costs a program"),
            Paragraph(f"Mean (worst) % run-time increase per workload class replayed on {answer.system}, each "
                      f"scheme's engines as the feasibility answer provisions them for {on.memory} at their "
                      f"{on.clock}, not this report's {model.question.memory_text} (the model: "
                      "`reports/slowdown/report.md`). sgx-split and xts-aes40 assume a pipelined 40-cycle AES."),
            Table(pd.DataFrame(table).fillna(""), "`reports/slowdown/data/slowdown.csv` (cryptoppa.slowdown.answer)")]


def withheld() -> list[NotAnswered]:
    """The runs the slowdown's gate withheld, one line per workload and reason (the report's "Not answered")."""
    by: dict[tuple[str, str], list[str]] = {}
    for n in program_slowdown().not_answered:
        by.setdefault((n.what, n.reason), []).append(n.subject.removesuffix(" slowdown"))
    return [NotAnswered("program slowdown", f"{workload} under {', '.join(schemes)}", reason)
            for (workload, reason), schemes in by.items()]


SECTIONS = (Section("slowdown", EVIDENCE + 24, lambda c: slowdown(c.model), withholds=lambda c: withheld()),)
