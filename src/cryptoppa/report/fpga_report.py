"""The FPGA publication: synthesis and placed-and-routed FPGA targets beside Owen 2013's Kintex-7 figures."""

from __future__ import annotations

from pathlib import Path

from ..answers.results import load_results
from ..fpga.study_fit import LABELS
from . import plots
from .document import Block, Heading, write_report
from .fpga_section import fpga_answer, fpga_section, fpga_study_fits
from .parts import Page
from .sections.appendix import provenance_of, points_of

FIGURE = "fpga_resources_vs_n"


def build_fpga(data: Path, out_dir: Path, produced_by: tuple[str, ...] = ()) -> Path:
    results = load_results(data)
    out_dir = Path(out_dir)
    page = Page(out_dir / "figures")
    title = "cryptoppa report: fpga"
    blocks: list[Block] = [Heading(1, title), *fpga_answer(results), *fpga_section(results)]
    for target, points, compared in fpga_study_fits(results)[:1]:  # xc7: the synthesis-only target
        blocks.append(page.figure(plots.fpga_resource_figure(points, compared, LABELS, "Owen 2013, Eq. 5.4"),
                                  FIGURE, f"{target}: resources against N with least-squares lines; dashed: "
                                  "Owen 2013's Kintex-7 lines (Eq. 5.4)"))
    blocks += [Heading(2, "Appendix"), *points_of(results), *provenance_of(results, produced_by)]
    plots.remove_unwritten(page.figures, (FIGURE,), page.written)
    return write_report(blocks, title, out_dir)
