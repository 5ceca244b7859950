"""The FPGA publication: devices for the 2013 study's bandwidth on the routed FPGA targets, resources per engine
beside Owen 2013's Kintex-7 lines, routed fmax over placer seeds. Numbers from cryptoppa.answers.fpga."""

from __future__ import annotations

from pathlib import Path

from ..answers.fpga import FpgaModel, build
from ..answers.fpga_fits import COMPARED, figure_rows
from ..answers.question import STUDY_MEMORY, Question
from ..paths import shown
from . import fpga_section, plots
from .document import Block, Bullets, Heading, write_report
from .parts import Page

FIGURE = "fpga_resources_vs_n"
TITLE = "FPGAs for memory encryption: devices for 25.6 GB/s beside the 2013 study"
QUESTION = Question(STUDY_MEMORY)  # the 2013 study's bandwidth: its FPGA conclusion is for 25.6 GB/s


def fpga_model(data: Path) -> FpgaModel:
    return build(data, QUESTION)


def build_fpga(data: Path, out_dir: Path, produced_by: tuple[str, ...] = ()) -> Path:
    model = fpga_model(data)
    out_dir = Path(out_dir)
    page = Page(out_dir / "figures")
    figure = []
    lines = [ln for ln in model.lines if ln.target == "xc7"]
    if lines:
        labels = {metric: name for metric, (name, *_) in COMPARED.items()}
        points = model.results.points[model.results.points["pdk"] == "xc7"]
        figure = [page.figure(plots.fpga_resource_figure(points, figure_rows(lines), labels, "Owen 2013, Eq. 5.4"),
                              FIGURE, "xc7: resources against N with least-squares lines; dashed: Owen 2013's "
                              "Kintex-7 lines (Eq. 5.4)")]
    blocks: list[Block] = [Heading(1, TITLE), *fpga_section.answer(model), *fpga_section.basis(model),
                           *fpga_section.resources(model, figure), *fpga_section.placed(model),
                           *fpga_section.withheld(model),
                           Heading(2, "Appendix"), *fpga_section.by_primitive(model), *fpga_section.points(model),
                           *_provenance(model, produced_by)]
    plots.remove_unwritten(page.figures, (FIGURE,), page.written)
    return write_report(blocks, TITLE, out_dir)


def _provenance(model: FpgaModel, produced_by: tuple[str, ...]) -> list[Block]:
    r = model.results
    sweeps = ", ".join(sorted(r.table["sweep"].astype(str).unique())) if "sweep" in r.table.columns else ""
    return [Heading(3, "Source"), Bullets([
        f"results: `{shown(r.table_path)}`, SHA-256 `{r.sha256}`; sweeps: {sweeps}",
        "the study: Owen, The Feasibility of Memory Encryption and Authentication, M.S. thesis, UT Austin, 2013 "
        "(Table 5.1, Eq. 5.4, §5.4, §6.1.2); its figures as data: `cryptoppa.feasibility.owen2013`",
        *(f"measured by: `{command}`" for command in produced_by),
    ])]
