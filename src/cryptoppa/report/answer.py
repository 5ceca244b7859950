"""The report's first two sections: the answer a reader comes for, then the 2013 study beside it.

Both are views of numbers computed elsewhere (cryptoppa.report.headline, cryptoppa.report.study_side); this module
only words them and decides what to say when the results cannot answer (no throughput measured).
"""

from __future__ import annotations

from typing import Callable

import pandas as pd

from ..catalog import CYCLES
from ..feasibility.presets import resolve_bandwidth
from ..feasibility.units import format_bandwidth
from . import analysis, headline
from .document import Block, Heading, Paragraph, Table
from .labels import fixed_text
from .load import Results
from .study_side import compared_groups, side_by_side

Source = Callable[[Results, str], str]  # how a table cites the results file it was computed from


def _fixed(groups: list[str]) -> str:
    shared = fixed_text(groups)
    return f"Fixed for every design below: {shared}." if shared else ""


def headline_blocks(results: Results, fits: pd.DataFrame, presets: list[str], source: Source) -> list[Block]:
    """The answer: engines, total area and power per design at the study's bandwidth and at ``presets``."""
    study = headline.STUDY_BANDWIDTH
    amount = format_bandwidth(resolve_bandwidth(study).bits_per_second)
    blocks: list[Block] = [Heading(2, f"Answer: engines, area and power for {amount}")]
    if not results.has_perf:
        return blocks + [Paragraph(f"No `{CYCLES}` values in the results, so per-engine throughput and the engines a "
                                   "bandwidth needs are unknown (engine sweeps with throughput simulation give them); "
                                   "the fits and points below still hold.")]
    feas = analysis.engines_for_bandwidths(results, fits, list(dict.fromkeys([study, *presets])))
    pts = results.points
    if "activity_mode" in pts.columns:  # one power per design here: the vectorless one, as the fits below use
        feas = feas[feas["group"].isin(pts.loc[pts["activity_mode"].fillna("vectorless").isin(["vectorless", ""]),
                                               "group"])]
    groups = list(feas["group"].drop_duplicates())
    blocks.append(Paragraph(
        f"Per design at the 2013 study's {study} ({amount}, peak): engines = "
        "ceil(bandwidth / per-engine throughput); total area and power are the design's fitted line at that N "
        "(confidence bands in the feasibility section). " + _fixed(groups)))
    blocks.append(Table(headline.answer_table(feas, study), source(results, "per-engine throughput and fits")))
    others = [p for p in presets if p != study]
    if others:
        blocks.append(Paragraph("Today's memories, one channel, DIMM or stack each at peak: "
                                "engines · total area mm² · total power W."))
        blocks.append(Table(headline.presets_table(feas, others),
                            source(results, "per-engine throughput and fits") +
                            "; bandwidths from `cryptoppa presets`"))
    missing = headline.unfitted(feas)
    if missing:
        blocks.append(Paragraph("Swept at one N only, so area and power are N × one engine (a lower bound: the "
                                "dispatcher and interconnect are left out): " + ", ".join(missing) + "."))
    return blocks


def study_blocks(results: Results, fits: pd.DataFrame, source: Source) -> list[Block]:
    """The 2013 study's printed figures beside ours (cryptoppa.report.study_side)."""
    study = headline.STUDY_BANDWIDTH
    feas = analysis.engines_for_bandwidths(results, fits, [study]) if results.has_perf else pd.DataFrame()
    table = side_by_side(results, fits, feas)
    blocks: list[Block] = [Heading(2, "Beside the 2013 study")]
    if table.empty:
        return blocks + [Paragraph("No figure the study and these results both have.")]
    blocks.append(Paragraph(
        "The study's own printed numbers (AES-GCM, 16-bit GHASH digits, FreePDK45, Synopsys Design Vision, "
        "typical power) beside ours for the same quantity; '001' names the table, equation or section of the "
        "study that prints it. Its engine is an iterative AES-GCM module, so our AES-GCM designs are compared"
        + ("" if compared_groups(results)[0].startswith("gcm") else " (none here: every design is listed)")
        + ". " + _fixed(compared_groups(results))))
    blocks.append(Table(table, source(results, "N = 1 point, fits, feasibility at " + study) +
                        "; study: `cryptoppa.feasibility.owen2013`"))
    return blocks
