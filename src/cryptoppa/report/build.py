"""build_report: one results folder and one question -> report.md + report.html + figures/ (PNG and SVG).

A report reads like a paper: the answer first (cryptoppa.report.sections.answer), the basis stated once, every
engine, what was not answered and why, then the evidence a publication calls for, then an appendix. Every number
comes from the answer model (cryptoppa.answers); nothing here computes one. The same input gives the same files.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..answers.model import Model, build
from ..answers.question import Question
from ..answers.results import fpga_only, load_results
from ..answers.slowdown import traced_traffic
from ..paths import ROOT
from ..pdk.stage_delay import TABLE as STAGE_TABLE
from ..sweep import results as results_mod
from . import plots, sections
from .document import Block, Heading, write_report
from .fpga_report import build_fpga
from .parts import Page
from .sections import Context

FIGURES = "figures"
REPORTS = ROOT / "reports"
FIGURE_STEMS = ("area_vs_n", "power_vs_n", "schemes", "study_factors")
DEFAULT_QUESTION = Question("ddr5-6400")


def stage_delays(folder: Path) -> dict[str, float]:
    """FO4 delay (ps) per "pdk/corner" (timed without a wire-load model) and per "pdk/corner|model" (with one),
    from a `cryptoppa pdk stage-delay` table in the folder, else from the published ones (reports/*/data): a
    library's FO4 is the library's, whichever sweep timed an engine on it."""
    published = {}
    for data in sorted(REPORTS.glob("*/data")):
        published.update(_stage_delays(data))
    return {**published, **_stage_delays(Path(folder))}


def _stage_delays(folder: Path) -> dict[str, float]:
    table = results_mod.read(folder, STAGE_TABLE)
    if table.empty:
        return {}
    wire = table["wire_load"] if "wire_load" in table.columns else pd.Series("none", index=table.index)
    return {f"{p}/{c}" + ("" if w in ("none", "off") else f"|{w}"): float(v)
            for p, c, w, v in zip(table["pdk"], table["corner"], wire, table["fo4_ps"])}


def model_of(folder: Path, question: Question = DEFAULT_QUESTION, cores: Path | None = None,
             host: Path | None = None) -> Model:
    """The answer model of a results folder as its report shows it (FO4 from a stage-delay table beside it)."""
    return build(folder, question, fo4_ps=stage_delays(Path(folder)), measured_traffic=traced_traffic(), cores=cores,
                 host=host)


def build_report(results_folder: Path, out_dir: Path, question: Question = DEFAULT_QUESTION,
                 host: Path | None = None, cores: Path | None = None, title: str | None = None,
                 produced_by: tuple[str, ...] = (), compare: Path | None = None,
                 evidence: tuple[str, ...] = ()) -> Path:
    """Write ``out_dir/report.md``, ``report.html`` and ``figures/``; return the HTML path.

    evidence: the publication's own sections after the answer ("study": Owen 2013 beside us, "route": routed
    against synthesis, "libraries": the libraries side by side, "key_table": a multi-key engine's table as it grows,
    "nodes": the answer projected beyond 45 nm)."""
    if fpga_only(load_results(results_folder)):  # FPGA targets are answered in devices: their own report
        return build_fpga(results_folder, out_dir, produced_by)
    model = model_of(results_folder, question, cores, host)
    out_dir = Path(out_dir)
    page = Page(out_dir / FIGURES)
    title = title or f"cryptoppa report: {model.results.folder.name}"
    context = Context(model, page, evidence, cores, host, compare, produced_by,
                      model_of=lambda folder: model_of(folder, question))
    shown = sections.of_report(evidence)
    # what the sections refuse is listed with the model's own refusals, under "Not answered"
    context.withheld.extend(n for s in shown if s.withholds for n in s.withholds(context))
    blocks: list[Block] = [Heading(1, title), *(b for s in shown for b in s.render(context))]
    plots.remove_unwritten(page.figures, FIGURE_STEMS, page.written)
    return write_report(blocks, title, out_dir)
