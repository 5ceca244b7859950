"""The reference report (reports/reference/): what does not depend on any measurement, kept out of the reports
that answer from data so those read in minutes: the 2013 study's conclusions recomputed from its own printed
figures (paper mode), the GCM vs CBC storage calculator of the 2008 study, and every bandwidth preset with its
source."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..answers.records import sig_text
from ..feasibility import report_text
from ..feasibility.presets import load_presets, resolve_bandwidth
from ..feasibility.units import format_bandwidth
from .document import Block, Bullets, Heading, Paragraph, Table, write_report

PAPER = "owen2013"
TITLE = "cryptoppa reference: the studies' arithmetic and the bandwidth presets"


def _paper() -> list[Block]:
    table = report_text.paper_table(PAPER)
    return [Heading(2, f"Paper mode: {PAPER}"),
            Paragraph("The 2013 study's conclusions recomputed from its own printed figures, beside what it wrote. "
                      "These numbers are the study's, not from the results folder."),
            Table(table, f"`cryptoppa.feasibility.report_text.paper_table('{PAPER}')` "
                         "(printed figures in `cryptoppa/feasibility/owen2013.py`)")]


def _storage(line_sizes: tuple[int, ...] = (64, 128)) -> list[Block]:
    blocks: list[Block] = [Heading(2, "GCM vs CBC storage (Jannepally 2008)"),
                           Paragraph("On-chip storage of a GCM vs a SENSS-style CBC bus-encryption unit, after the "
                                     "2008 study (Jannepally 2008, §3), with the calculator's default system (`cryptoppa storage`), "
                                     "for the study's two line sizes.")]
    for line_bytes in line_sizes:
        table = report_text.storage_table(line_bytes=line_bytes)
        table["bytes"] = [sig_text(b) for b in table["bytes"]]  # four significant digits, as every document
        label = f"{line_bytes}-byte lines"
        blocks.append(Heading(3, label))
        blocks.append(Table(table, f"`cryptoppa.feasibility.report_text.storage_table` ({label})"))
        blocks.append(Bullets(list(table.attrs.get("notes", []))))
    return blocks


def _presets() -> list[Block]:
    rows = []
    for preset in load_presets().values():
        resolved = resolve_bandwidth(preset.name)
        rows.append({"preset": preset.name, "bandwidth": format_bandwidth(resolved.bits_per_second),
                     "per": preset.kind, "DRAM access ns": preset.access_ns if preset.access_ns == preset.access_ns
                     else "", "source": preset.source})
    return [Heading(2, "Bandwidth presets"),
            Paragraph("Peak bandwidths, decimal (GB = 10^9 bytes), aggregate read + write per channel, DIMM, stack, "
                      "device, link (per direction) or system; `cryptoppa presets` lists them, `--efficiency` and "
                      "`--count` scale them. The DRAM access is tRCD + tAA of the JEDEC speed bin where stated."),
            Table(pd.DataFrame(rows), "`src/cryptoppa/feasibility/presets.toml`")]


def build_reference(out_dir: Path) -> Path:
    """Write out_dir/report.md and report.html; return the HTML path."""
    blocks: list[Block] = [Heading(1, TITLE), *_paper(), *_storage(), *_presets()]
    return write_report(blocks, TITLE, Path(out_dir))
