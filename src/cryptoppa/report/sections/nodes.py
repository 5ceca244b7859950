"""Beyond the measured node: the answer at another node as ranges or refusals (cryptoppa.answers.nodes), the
estimates that bracket it, the checks of the method on measured library pairs, and the engines measured at two
nodes side by side. Every ratio is a comparison's."""

from __future__ import annotations

import pandas as pd

from ...answers.engines import HIT
from ...answers.model import Model, build
from ...answers.nodes import (
    KINDS, LIMIT, MEASURED_45, PROJECTED_NODE, NodeAnswer, Span, across_nodes, checks, ge_record, missed, node_answer,
)
from ...answers.records import show, show_reason
from ...feasibility import node_checks, nodes
from ...paths import shown
from ..document import Block, Bullets, Heading, Paragraph, Table
from ..parts import source
from . import EVIDENCE, Section

NOT_ANSWERED = "not answered"
# The columns of the answer at a node: heading -> the engine figures whose range it shows.
COLUMNS = {"kGE": ("kGE",), "area µm²": ("area",), "fmax MHz": ("fmax",), "engines": ("engines",
           "engines, metadata uncached"), "total mm²": ("total area", "total area, metadata uncached"),
           "total W": ("total power", "total power, metadata uncached"), "read latency ns": (HIT,),
           "pJ/B": ("energy per data byte",)}


def span_text(spans: list[Span]) -> str:
    """The range of one or more figures (a scheme's metadata bounds), or 'not answered'."""
    if not spans or any(s.refused for s in spans):
        return NOT_ANSWERED
    ends = [r for s in spans for r in (s.low, s.high) if r is not None]
    if not ends:
        return "–"
    low, high = min(ends, key=lambda r: r.value), max(ends, key=lambda r: r.value)
    text = show(low) if show(low) == show(high) else f"{show(low)}–{show(high)}"
    on = next((s.on for s in spans if s.on is not None), None)
    return text + (f" (on {on.on.library}: {show(on)})" if on is not None else "")


def answer_table(answer: NodeAnswer) -> pd.DataFrame:
    rows = []
    for e in answer.engines:
        row = {"scheme": e.scheme, "engine": e.engine.name}
        for heading, names in COLUMNS.items():
            row[heading] = span_text([e.figures[n] for n in names if n in e.figures])
        rows.append(row)
    return pd.DataFrame(rows)


def bracket_table(answer: NodeAnswer) -> pd.DataFrame:
    rows = []
    for (pdk, kind), b in answer.brackets.items():
        for estimate in b.estimates:
            for c in estimate.comparisons:
                rows.append({"library": pdk, "figure": KINDS[kind][1], "estimate": estimate.name,
                             "ratio of": c.name, "ratio": show(c.ratio) if c.answered else NOT_ANSWERED})
        for why in b.excluded:
            rows.append({"library": pdk, "figure": KINDS[kind][1], "estimate": why, "ratio of": "",
                         "ratio": NOT_ANSWERED})
    return pd.DataFrame(rows)


def check_table(comparisons) -> pd.DataFrame:
    # a refused check's projected side is outside its fits: not printed
    return pd.DataFrame([{
        "check": c.name, "design": c.a.figure.subject.split(" [")[0],
        "projected": show(c.a.figure) if c.answered else NOT_ANSWERED, "measured": show(c.b.figure),
        "projected / measured": (show(c.ratio) + (f" (off by more than {LIMIT:g}×)" if missed(c) else ""))
        if c.answered else NOT_ANSWERED} for c in comparisons])


def _checks() -> list[Block]:
    compared = checks()
    refused = [c.refused for c in compared if c.refused]
    table = check_table(compared)
    return [Paragraph("The method on each measured pair across nodes: kGE at the reference GE, and the paper's "
                      "factors, over the measurement; at the data's supplies, or not made where the fits stop."),
            Table(table.fillna(""), f"`{shown(node_checks.DATA / node_checks.PAIRS)}` "
                                    "(`python -m cryptoppa.feasibility.node_checks --measured`)"),
            *([Bullets(sorted({f"{r.what.split(', ')[0]}: {show_reason(r)}" for r in refused}))] if refused else [])]


def projected(model: Model, node: str = PROJECTED_NODE) -> list[Block]:
    """The model's answer at the node: ranges, or why not, per figure. A model measured at another node than 45 nm
    (the nodes report) is answered from the 45 nm engines, where the measured pairs start, with the estimates and
    the checks in full; a 45 nm model's report (the designs report) shows the answer and its refusals, and points
    to the nodes report for the rest."""
    detail = any(nodes.MEASURED.get(lib.split("/")[0], (45,))[0] != 45 for lib in model.basis.libraries)
    if detail:
        model = build(MEASURED_45, model.question, measured_traffic=model.traffic)
    if not model.schemes:
        return []
    answer = node_answer(model, node)
    nm, ge = answer.nm, answer.ge
    silicon = (f"Silicon is the measured kGE times one gate equivalent of {ge.library}, its {ge.cell}: "
               f"{show(ge_record(ge))} µm² (its LEF's width × height: {ge.source}), the measured library's own µm² "
               "beside it." if ge else
               f"No reference library at {nm} nm: kGE is not converted to µm² there.")
    blocks = [
        Heading(2, f"The answer at {nm} nm: ranges or refusals"),
        Paragraph(f"Not measured at {nm} nm. {silicon} Speed and energy are brought to the node by every estimate "
                  "that can be made: Stillmaker and Baas, \"Scaling equations for the accurate prediction of CMOS "
                  "device performance from 180 nm to 7 nm\" (Integration 2017, HP fits, only up to each node's "
                  "nominal supply), and each measured library pair that reaches the node, carried to our library by "
                  f"a same-netlist factor: a range where a measured pair takes part and it spans at most {LIMIT:g}×, "
                  "else not answered (below)."),
        Table(answer_table(answer), f"{source(model.results)} at {nm} nm; each scheme's engine as measured"),
    ]
    if detail:
        blocks += [Paragraph("The estimates, as the ratios they are made of:"),
                   Table(bracket_table(answer), f"`{shown(node_checks.DATA / node_checks.PAIRS)}` and {nodes.LABEL}"),
                   *_checks()]
    else:
        blocks.append(Paragraph("The estimates and the checks of the method on measured pairs: "
                                "`reports/nodes/report.md`."))
    missing = answer.not_answered
    if missing:
        blocks += [Paragraph(f"Not answered at {nm} nm, and why:"),
                   Bullets(sorted({f"{n.subject}: {n.what}: {show_reason(n)}" for n in missing}))]
    return blocks


def across(model: Model, at45: Model) -> list[Block]:
    """The engines this model measured on another library beside the same engines measured at 45 nm, each on its
    own library, kGE being what compares across them."""
    rows = across_nodes(model, at45)
    if not rows:
        return []
    table = pd.DataFrame([{
        "engine": o.key, "library": o.where, "kGE": show(o.engine.get("kGE")), "area µm²": show(o.engine.get("area")),
        "fmax MHz": show(o.engine.get("fmax")), "read latency ns": show(o.engine.get(HIT)),
        "cycles per line": show(o.engine.get("cycles per line"))} for o in rows])
    return [
        Heading(2, "One engine at two nodes, measured"),
        Paragraph("Each engine measured here beside the same RTL measured on FreePDK45, each on its own library and "
                  "supply: kGE compares across libraries; µm², fmax and latency are each library's own."),
        Table(table, f"{source(model.results, 'N = 1 rows')} and `{shown(MEASURED_45 / 'results.csv')}`"),
        Paragraph("Every other engine at this node, as ranges from these measured pairs: `cryptoppa feasibility "
                  f"--bandwidth {model.question.memory} --node "
                  f"{nodes.MEASURED[model.basis.libraries[0].split('/')[0]][0]}nm`.")]


SECTIONS = (
    Section("across_nodes", EVIDENCE + 25, lambda c: across(c.model, c.model_of(MEASURED_45))),
    Section("nodes", EVIDENCE + 26, lambda c: projected(c.model)),
)
