"""Chen et al. 2008 beside the host's OpenSSL and our RV32 firmware: the answer, page costs, Table II whole."""

from __future__ import annotations

import pandas as pd

from ...answers.comparison import TOLERANCE, Comparison
from ...answers.records import Cited, Record, show
from ...answers.seeds import Seeds
from ...answers.seeds.pages import Option, Pages
from ...feasibility.studies import L2_KB
from ...feasibility.studies import PAGES as S
from ..document import Block, Heading, Paragraph, Table
from .cells import ratio, spread

SMALL, LARGE = 1024, 4096


def answer(model: Seeds) -> str:
    p = model.pages
    text = (f"Chen et al. 2008 (OS-controlled processor-memory bus encryption) encrypts each protected page in "
            f"software: AES-CBC costs {show(Cited.of(S['page_1k']))} cycles per 1 KB page and "
            f"{show(Cited.of(S['page_4k']))} per 4 KB (OpenSSL `0.9.8d` at 1 GHz, §III.B); protected programs slow "
            f"down {show(p.averages[(512, '1k')])}× (1 KB pages, {show(p.l2[512])} KB L2) to "
            f"{show(p.averages[(64, '4k')])}× (4 KB pages, {show(p.l2[64])} KB L2) on average (Table II), single "
            f"programs {show(Cited.of(S['slowdown_least']))}× to {show(Cited.of(S['slowdown_most']))}×. ")
    if not p.options:
        return text + "No page measurement of ours is in the data."
    table, every = p.host("table"), p.host("all")
    parts = []
    if table is not None and every is not None:
        parts.append(f"the host's OpenSSL {show(table.cycles.get(SMALL))} cycles with table AES and "
                     f"{show(every.cycles.get(SMALL))} with every CPU feature")
    if p.cores:
        parts.append(f"our RV32 firmware {spread([o.cycles[SMALL] for o in p.cores if SMALL in o.cycles])} "
                     f"({len(p.cores)} options)")
    text += (f"A 1 KB AES-128 page takes {', '.join(parts)}; not divided by the study's, which states no key size "
             "and is another processor's. ")
    return text + _growth(p)


def _growth(p: Pages) -> str:
    """Each side's 4 KB page over its 1 KB page, and ours over the study's: the key size, the processor and the
    software divide out."""
    growth = [o.growth.ratio for o in p.options if o.growth is not None and o.growth.answered]
    cross = [o.to_growth.ratio for o in p.options if o.to_growth is not None and o.to_growth.answered]
    if not cross:
        return f"A 4 KB page costs {show(p.study_growth.ratio)}× a 1 KB page's cycles there."
    # a page's cycles in proportion to its bytes on both sides, within the comparisons' tolerance
    bytes_ratio = LARGE / SMALL
    follows = all(abs(r.value / bytes_ratio - 1) <= TOLERANCE for r in [*growth, p.study_growth.ratio])
    return (f"Each side's 4 KB / 1 KB page ratio divides those out: {show(p.study_growth.ratio)}× there, "
            f"{spread(growth)}× ours ({spread(cross)}× the study's)"
            f"{', cost in proportion to the bytes on both sides' if follows else ''}.")


def costs(p: Pages) -> pd.DataFrame:
    """The study's page costs beside each host option and the range over our firmware."""
    rows = [{"": "Chen et al. 2008 (OpenSSL `0.9.8d`, 1 GHz)", "1 KB page": show(Cited.of(S["page_1k"])),
             "4 KB page": show(Cited.of(S["page_4k"])), "4 KB / 1 KB": show(p.study_growth.ratio),
             "/ study's 4 KB / 1 KB": "–"}]
    for o in p.hosts:
        rows.append(_row(o.name, [o]))
    if p.cores:
        rows.append(_row(f"RV32 firmware, encryption only ({len(p.cores)} options)", p.cores))
    return pd.DataFrame(rows)


def _answered(c: Comparison | None) -> list[Record]:
    return [c.ratio] if c is not None and c.answered else []


def _row(name: str, options: list[Option]) -> dict[str, str]:
    return {"": name, "1 KB page": spread([o.cycles[SMALL] for o in options if SMALL in o.cycles]),
            "4 KB page": spread([o.cycles[LARGE] for o in options if LARGE in o.cycles]),
            "4 KB / 1 KB": spread([r for o in options for r in _answered(o.growth)]),
            "/ study's 4 KB / 1 KB": spread([r for o in options for r in _answered(o.to_growth)])}


def averages(p: Pages) -> pd.DataFrame:
    return pd.DataFrame([{"L2, KB": show(p.l2[l2]), "1 KB pages": show(p.averages[(l2, "1k")]),
                          "4 KB pages": show(p.averages[(l2, "4k")])} for l2 in L2_KB])


def every_option(p: Pages) -> pd.DataFrame:
    return pd.DataFrame([{"option": o.name, "1 KB page": show(o.cycles.get(SMALL)),
                          "4 KB page": show(o.cycles.get(LARGE)), "4 KB / 1 KB": ratio(o.growth),
                          "/ study's 4 KB / 1 KB": ratio(o.to_growth)} for o in p.options])


def section(model: Seeds, data: str) -> list[Block]:
    p = model.pages
    blocks: list[Block] = [
        Heading(2, "Chen et al. 2008: software page encryption"),
        Paragraph("Every protected page is encrypted in software as it leaves the cache (§III). Its page cost beside "
                  "the host's OpenSSL (`openssl speed`) and our RV32 firmware's CBC pages, cycle-counted in "
                  "simulation, AES-128; each side's 4 KB / 1 KB ratio compared (the study states no key size). "
                  "Every option and its Table II: Appendix."),
        Table(costs(p), f"study: Chen et al. 2008, §III.B, as printed; ours: {data}; cycles per page"),
    ]
    return blocks


def appendix(model: Seeds, data: str) -> list[Block]:
    p = model.pages
    blocks: list[Block] = [Heading(3, "Chen et al. 2008: its Table II"),
                           Paragraph("Its average slowdowns of protected programs, whole, as printed (×):"),
                           Table(averages(p), "study: Chen et al. 2008, Table II (average row)")]
    if p.options:
        blocks += [Heading(3, "Chen et al. 2008: every page option of ours"),
                   Table(every_option(p), f"{data}; cycles per page, AES-128-CBC; firmware: encryption only, key "
                         "setup left out")]
    return blocks
