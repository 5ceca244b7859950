"""Blocks of the README files and the docs/ pages written from committed data, never typed by hand.

A block sits between `<!-- generated: NAME -->` and `<!-- end generated -->`; `rewrite_all` replaces every
block's text with its renderer's output, `stale` lists the blocks whose text differs from it. Every number in a
block is a record of the publication's answer model (cryptoppa.answers), shown through the same section views the
reports use, so a figure has one value in the README, the docs and the report.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path


from .. import catalog, settings, stages
from ..answers.model import Model
from ..errors import CryptoppaError
from ..paths import ROOT, shown
from ..sweep import results as results_mod
from . import docs_pages, fpga_section, sections, slowdown_report
from .build import model_of
from .fpga_report import fpga_model
from .parts import generated_from, markdown_table
from .publications import PUBLICATIONS, TABLES
from .studies import readme_block as studies_readme_block
from ..answers import records

FILES = (ROOT / "README.md", ROOT / "designs" / "README.md", ROOT / "reports" / "README.md", *docs_pages.FILES)
_BLOCK = re.compile(r"(<!-- generated: (?P<name>[a-z0-9-]+) -->\n)(?P<body>.*?)(<!-- end generated -->)", re.S)


def _data(name: str) -> Path:
    return ROOT / "reports" / name / "data"


@lru_cache(maxsize=None)
def publication_model(name: str) -> Model:
    """A publication's answer model from its committed data, as its report builds it."""
    pub = PUBLICATIONS[name]
    data = _data(name)
    role = lambda r: data if r in pub.sources and results_mod.table_path(data, TABLES[r]) is not None else None
    return model_of(data, pub.question, cores=role("cores"), host=role("host"))


def fpga_table() -> str:
    """Resources per engine beside Owen 2013's Kintex-7 lines, the answer, one engine of each family on every
    target and the gcm_iter arrays routed: the FPGA report's records (cryptoppa.answers.fpga)."""
    model = fpga_model(_data("fpga"))
    return (markdown_table(fpga_section.lines_table(model)) + "\n\n" + fpga_section.lead(model) + "\n\n"
            + _fpga_families(model) + "\n\n" + markdown_table(fpga_section.placed_table(model, "gcm_iter"))
            + "\n\ngcm_iter arrays placed and routed: logic cells, flip-flops and routed fmax over the placer seeds."
            + f"\n\n{generated_from(model)}\n")


def _fpga_families(model) -> str:
    """One engine of each family (N = 1) on every FPGA target, as the report's records show it."""
    return (f"One engine of each family (default parameters, N = 1); devices for {model.question.memory_text} from "
            "the routed fmax, the simulated cycles per line and what one device holds (the largest array routed on "
            f"it, else copies of one engine, {fpga_section.UPPER_BOUND} an upper bound):\n\n"
            + markdown_table(fpga_section.families_table(model)))


def publications_table() -> str:
    rows = ["| report | data (`reports/<report>/data/`) | measured by |", "|---|---|---|"]
    for pub in PUBLICATIONS.values():
        for role, source in pub.sources.items():
            table = Path(TABLES[role]).with_suffix(".csv").name
            rows.append(f"| `{pub.name}/` | `{table}` ({role}) | `{source.command}` |")
    return "\n".join(rows) + "\n"


def metrics_table() -> str:
    return catalog.markdown_table() + "\n"


def settings_table() -> str:
    return settings.markdown_table() + "\n"


def _section_blocks() -> dict[str, Callable[[], str]]:
    """The blocks the report sections declare (cryptoppa.report.sections), each given the publications' models."""
    return {name: (lambda render=render: render(publication_model))
            for section in sections.declared() for name, render in section.blocks}


# Blocks of the sections, of the publications with builders of their own, and the code's reference tables.
RENDERERS: dict[str, Callable[[], str]] = {
    **_section_blocks(),
    "fpga-table": fpga_table,
    "settings": settings_table,
    "metrics": metrics_table,
    "limits": lambda: stages.limits_table() + "\n",
    "publications": publications_table,
    "studies-answer": lambda: studies_readme_block(ROOT / "reports" / "studies" / "data"),
    "slowdown-table": slowdown_report.readme_block,
    **docs_pages.RENDERERS,
}


def _render(text: str, where: Path) -> str:
    def body(match: re.Match) -> str:
        name = match["name"]
        if name not in RENDERERS:
            raise CryptoppaError(f"{shown(where)}: unknown generated block {name!r} "
                                 f"(known: {', '.join(RENDERERS)})")
        with records.document(shown(where)):
            return match.group(1) + RENDERERS[name]() + match.group(4)

    return _BLOCK.sub(body, text)


def rewrite_all(files: tuple[Path, ...] | None = None) -> list[Path]:
    publication_model.cache_clear()  # the data may have been published again in this process
    written = []
    for path in files or FILES:
        text = path.read_text()
        new = _render(text, path)
        if new != text:
            path.write_text(new)
            written.append(path)
    return written


def stale(files: tuple[Path, ...] | None = None) -> list[str]:
    publication_model.cache_clear()
    out = []
    for path in files or FILES:
        text = path.read_text()
        for match in _BLOCK.finditer(text):
            if _render(match.group(0), path) != match.group(0):
                out.append(f"{shown(path)}: generated block {match['name']!r} differs from its data "
                           "(run `cryptoppa publish`)")
    return out
