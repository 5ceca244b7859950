"""`cryptoppa feasibility`, `storage` and `fit`: the arithmetic of the studies, on their figures or ours."""

from __future__ import annotations

import textwrap

import json
import math
from pathlib import Path

import click
import pandas as pd

from .. import limits
from ..catalog import AREA, FLOPS, POWER, POWER_INTERNAL, POWER_LEAKAGE, POWER_SWITCHING
from ..errors import InputError
from ..feasibility import nodes, report_text
from ..feasibility.fit import fits_to_dict
from ..feasibility.metadata import PATTERNS, SGX_PROTECTED_BYTES, Access, parse_size
from ..answers.nodes import NodeAnswer, Span, node_answer
from ..answers.question import Question
from ..answers.records import show_reason
from ..answers.fits import one_form
from ..answers.results import group_label, load_results
from ..report import terminal
from ..report.build import model_of
from ..report.publications import PUBLICATIONS
from ..report.sections.nodes import answer_table
from .options import BANDWIDTH, CLOCK, Number, given

FIT_METRICS = (AREA, FLOPS, POWER, POWER_INTERNAL, POWER_SWITCHING, POWER_LEAKAGE)
# How `fit` labels them in its text table, and the factor from the metric's unit (--json keeps names and units).
FIT_LABELS = dict(zip(FIT_METRICS, (("area µm²", 1), ("flip-flops", 1), ("power mW", 1e3), ("internal power mW", 1e3),
                                    ("switching power mW", 1e3), ("leakage power mW", 1e3))))


DESIGNS_DATA = PUBLICATIONS["designs"]


def _echo_table(df) -> None:
    click.echo(report_text.to_text(df))
    click.echo(f"assumption: {df.attrs['assumption']}")
    for note in df.attrs.get("notes", []):
        click.echo(f"note: {note}")


@click.command()
@click.option("--bandwidth", type=BANDWIDTH,
              help="a preset name (`cryptoppa presets`) or a quantity such as 25.6GB/s")
@click.option("--paper", help="the 2013 study's own figures instead of our measurements (owen2013)")
@click.option("--results", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="answer from this results folder instead of the published designs data (reports/designs/data)")
@click.option("--count", type=Number(limits.COUNT), default=1, show_default=True,
              help="channels / DIMMs / stacks / devices")
@click.option("--efficiency", type=Number(limits.EFFICIENCY), default=1.0, show_default=True,
              help="sustained / peak bandwidth")
@click.option("--clock", "clock", type=CLOCK, default="fmax", show_default=True,
              help="the engines' clock: 'fmax' (each its own), 'study' (225 MHz) or MHz; engines above their fmax "
                   "are not answered")
@click.option("--access", type=click.Choice(PATTERNS), default="streaming", show_default=True,
              help="how data lines are read, for the metadata traffic")
@click.option("--hit-rate", type=Number(limits.HIT_RATE), help="a metadata-cache hit rate (0..1) instead of the "
              "access pattern")
@click.option("--protected", type=Number(limits.PROTECTED_BYTES, read=parse_size, unit="B"),
              default=f"{SGX_PROTECTED_BYTES // 2**20}MiB", show_default=True,
              help="the memory a counter tree protects (its depth), e.g. 16GiB")
@click.option("--host", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="also software on this machine's CPU, from a `cryptoppa host-baseline` folder (with --json)")
@click.option("--cores", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="also software on the RV32 cores, from a `cryptoppa core-baseline` folder (with --json)")
@click.option("--node", help="answer at this process node (7nm, 130nm, 16nm, ...): each figure a range between the "
                            "estimates that reach it (Stillmaker & Baas 2017, measured library pairs), or why not")
@click.option("--all", "every", is_flag=True, help="every engine configuration, not one per scheme")
@click.option("--json", "as_json", is_flag=True, help="every record with its basis, as JSON")
@click.option("--csv", "as_csv", is_flag=True, help="the table as CSV")
def feasibility(bandwidth, paper, results, count, efficiency, clock, access, hit_rate, protected, host, cores, node,
                every, as_json, as_csv):
    """How many engines a memory system's bandwidth needs, their area, power and read latency, per scheme.

    Answers from this repository's published measurements (reports/designs/data) unless --results names another
    folder; --paper owen2013 recomputes the 2013 study from its own printed figures.
    """
    if paper:
        ours = ("results", "clock", "hit_rate", "access", "protected", "host", "cores", "node", "every", "as_json",
                "as_csv")
        ignored = [name for name in ours if given(name)]
        if ignored:
            raise InputError(f"--{ignored[0].replace('_', '-').replace('every', 'all').replace('as-', '')} does not "
                             "apply to --paper (the study's own figures)")
        if not bandwidth and (given("count") or given("efficiency")):
            raise InputError("--count and --efficiency size a bandwidth: give --bandwidth with --paper")
        if bandwidth:
            _echo_table(report_text.feasibility_table(bandwidth, efficiency=efficiency, count=count))
        else:
            click.echo(report_text.paper_report(paper))
        return
    if not bandwidth:
        raise InputError("give --bandwidth QUANTITY (presets: `cryptoppa presets`) or --paper owen2013")
    if as_json and as_csv:
        raise InputError("--json and --csv: give one")
    if (host or cores) and not as_json:
        raise InputError("--host and --cores add software to the --json records; give --json too")
    question = Question(bandwidth, count=count, efficiency=efficiency, clock=clock,
                        access=Access(access, hit_rate, protected_bytes=protected))
    folder = results or DESIGNS_DATA.folder / "data"
    if node:
        if host or cores or every:
            raise InputError("--node answers each scheme's engine: --host, --cores and --all do not apply to it")
        try:
            nodes.node_nm(node)
        except InputError as err:
            raise InputError(f"--node {node}: {str(err).partition(': ')[2]}") from None
        _echo_node(node_answer(model_of(folder, question), node), as_json, as_csv)
        return
    model = model_of(folder, question, cores=cores, host=host)
    if as_json:
        click.echo(terminal.as_json(model, every))
    elif as_csv:
        click.echo(terminal.as_csv(model, every), nl=False)
    else:
        terminal.render(model, every)


def _span_json(span: Span) -> dict:
    out = {"name": span.name}
    if span.refused:
        return {**out, "not_answered": span.refused.reason}
    for end, record in (("low", span.low), ("high", span.high), ("on_measured_library", span.on)):
        if record is not None:
            out[end] = {"value": record.value, "text": record.text, "unit": record.unit, "basis": str(record.on)}
    return out


def _echo_node(answer: NodeAnswer, as_json: bool, as_csv: bool) -> None:
    """The answer at a node: each scheme's engine, every figure a range or 'not answered', then why not."""
    ge = answer.ge.text() if answer.ge else f"none at {answer.nm} nm"
    if as_json:
        click.echo(json.dumps({"node_nm": answer.nm, "question": answer.measured.question.memory_text,
                               "gate_equivalent": ge,
                               "engines": [{"scheme": e.scheme, "engine": e.engine.name,
                                            "figures": [_span_json(s) for s in e.figures.values()]}
                                           for e in answer.engines],
                               "not_answered": [{"subject": n.subject, "what": n.what, "reason": n.reason}
                                                for n in answer.not_answered]}, indent=1, ensure_ascii=False))
        return
    table = answer_table(answer)
    if as_csv:
        click.echo(table.to_csv(index=False), nl=False)
        return
    q = answer.measured.question
    click.echo(f"{q.memory_text}, {q.clock_text}, at {answer.nm} nm: ranges between the estimates that reach it, "
               "or not answered")
    # a column no scheme has an answer in is named once below the table, with the reasons
    withheld = [c for c in table.columns if (table[c] == "not answered").all()]
    click.echo(report_text.to_text(table.drop(columns=withheld)))
    if withheld:
        click.echo(textwrap.fill(f"not answered for any scheme: {', '.join(withheld)} (why: below)", 120,
                                 subsequent_indent="  "))
    click.echo(textwrap.fill(f"area: kGE x one gate equivalent of {ge}; the measured library's own area in "
                             "parentheses", 120, subsequent_indent="  "))
    for n in answer.not_answered:
        click.echo(textwrap.fill(f"not answered: {n.subject}: {n.what}: {show_reason(n)}", 120,
                                 subsequent_indent="  "))


@click.command()
@click.option("--processors", type=Number(limits.SMP_PROCESSORS), default=8, show_default=True)
@click.option("--processes", type=Number(limits.PROCESSES), default=100, show_default=True)
@click.option("--line-bytes", type=Number(limits.LINE_BYTES), default=64, show_default=True,
              help="a multiple of the 16-byte AES block")
@click.option("--pads-per-pair", type=Number(limits.PADS_PER_PAIR), default=5, show_default=True)
def storage(processors, processes, line_bytes, pads_per_pair):
    """On-chip storage of GCM vs CBC (SENSS) bus encryption, after the 2008 study."""
    df = report_text.storage_table(processors=processors, processes=processes, line_bytes=line_bytes,
                                   pads_per_pair=pads_per_pair)
    click.echo(report_text.to_text(df))
    for note in df.attrs.get("notes", []):
        click.echo(f"note: {note}")


@click.command()
@click.argument("results", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--x", default="n", show_default=True, help="the column to fit against")
@click.option("--json", "as_json", is_flag=True)
def fit(results, x, as_json):
    """Least-squares lines of each metric against N, per design/parameters/PDK/corner/clock/activity.

    RESULTS is a results folder (as written by `cryptoppa sweep`)."""
    loaded = load_results(results)
    frame = one_form(loaded.points)  # the engine alone is not an N = 1 point of its flat arrays' lines
    try:
        table = report_text.fit_table(frame, x=x, y=[m for m in FIT_METRICS if m in frame.columns],
                                      by=loaded.group_cols)
    except InputError as err:
        raise InputError(f"{results}: {err}") from None
    click.echo(json.dumps(fits_to_dict(table), indent=2) if as_json else _fit_text(table, loaded.group_cols, x))


def _sig(value) -> str:
    """Five significant digits, without an exponent where the value reads well without one."""
    if value is None or pd.isna(value):
        return "-"
    if value == 0 or not 1e-4 <= abs(value) < 1e9:
        return f"{value:.5g}"
    decimals = max(0, 4 - math.floor(math.log10(abs(value))))
    return f"{round(value, decimals):,.{decimals}f}"


def _linearity(row) -> str:
    if pd.isna(row["linearity_p"]):
        return row["linearity_check"]
    return f"p = {row['linearity_p']:.2g}" + (" (curved)" if row["nonlinear"] is True else "")


def _fit_row(row, x: str) -> dict[str, str]:
    label, scale = FIT_LABELS.get(row["metric"], (row["metric"], 1))
    return {"metric": label, "points": str(row["n_points"]), f"slope per {x}": _sig(row["slope"] * scale),
            "95 % interval": f"{_sig(row['slope_ci_low'] * scale)} .. {_sig(row['slope_ci_high'] * scale)}",
            "intercept": _sig(row["intercept"] * scale),
            "95 % interval ": f"{_sig(row['intercept_ci_low'] * scale)} .. {_sig(row['intercept_ci_high'] * scale)}",
            "R²": "-" if pd.isna(row["r2"]) else f"{row['r2']:.5f}", "linearity": _linearity(row)}


def _fit_text(table: pd.DataFrame, group_cols: list[str], x: str) -> str:
    """One block per group under its label: each metric's line with 95 % intervals, in under 120 columns."""
    blocks = []
    for _, rows in table.groupby(group_cols, dropna=False, sort=True):
        lines = [group_label(rows.iloc[0], group_cols)]
        cells = [_fit_row(row, x) for _, row in rows[rows["slope"].notna()].iterrows()]
        if cells:
            widths = {k: max(len(k), *(len(c[k]) for c in cells)) for k in cells[0]}
            left = ("metric", "linearity")
            for line in [{k: k for k in widths}, *cells]:
                lines.append("  " + "  ".join(v.ljust(widths[k]) if k in left else v.rjust(widths[k])
                                              for k, v in line.items()).rstrip())
        lines += [f"  note: {note}" for note in dict.fromkeys(rows["note"]) if note]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
