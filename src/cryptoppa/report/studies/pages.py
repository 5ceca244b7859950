"""Chen et al. 2008 beside the host's OpenSSL and our RV32 firmware: the answer, page costs, Table II whole."""

from __future__ import annotations

import pandas as pd

from ...answers.records import Cited, show
from ...answers.seeds import Seeds
from ...answers.seeds.pages import Option, Pages
from ...feasibility.studies import L2_KB
from ...feasibility.studies import PAGES as S
from ..document import Block, Heading, Paragraph, Table
from .cells import spread

SMALL, LARGE = 1024, 4096


def answer(model: Seeds) -> str:
    p = model.pages
    text = (f"Chen et al. 2008 (OS-controlled processor-memory bus encryption) encrypts each protected page in "
            f"software: AES-CBC costs {show(Cited.of(S['page_1k']))} cycles per 1 KB page and {show(Cited.of(S['page_4k']))} per "
            f"4 KB (OpenSSL `0.9.8d` at 1 GHz, §III.B). Protected programs slow down {show(p.averages[(512, '1k')])}× "
            f"(1 KB pages, {show(p.l2[512])} KB L2) to {show(p.averages[(64, '4k')])}× (4 KB pages, {show(p.l2[64])} "
            f"KB L2) on average, less with smaller pages and larger caches (Table II, §IV.C); single programs "
            f"{show(Cited.of(S['slowdown_least']))}× to {show(Cited.of(S['slowdown_most']))}×. ")
    if not p.options:
        return text + "No page measurement of ours is in the data."
    table, every = p.host("table"), p.host("all")
    parts = []
    if table is not None and every is not None:
        parts.append(f"the host's OpenSSL {show(table.cycles.get(SMALL))} cycles with table AES "
                     f"({show(table.to_study.get(SMALL))}×) and {show(every.cycles.get(SMALL))} with every CPU "
                     f"feature ({show(every.to_study.get(SMALL))}×)")
    if p.cores:
        parts.append(f"our RV32 firmware {spread([o.cycles[SMALL] for o in p.cores if SMALL in o.cycles])} "
                     f"({spread([o.to_study[SMALL] for o in p.cores if SMALL in o.to_study])}×, "
                     f"{len(p.cores)} options)")
    growth = [o.growth for o in p.options if o.growth is not None]
    return text + (f"Per 1 KB page, ours take: {'; '.join(parts)}. Cost grows with the page as in the study (4 KB / "
                   f"1 KB: {show(p.study_growth)} there, {spread(growth)} ours). We do not re-simulate its slowdowns.")


def costs(p: Pages) -> pd.DataFrame:
    """The study's page costs beside each host option and the range over our firmware."""
    rows = [{"": "Chen et al. 2008 (OpenSSL `0.9.8d`, 1 GHz)", "1 KB page": show(Cited.of(S["page_1k"])),
             "/ study": "1", "4 KB page": show(Cited.of(S["page_4k"])),
             "4 KB / 1 KB": show(p.study_growth)}]
    for o in p.hosts:
        rows.append(_row(o.name, [o]))
    if p.cores:
        rows.append(_row(f"RV32 firmware, encryption only ({len(p.cores)} options)", p.cores))
    return pd.DataFrame(rows)


def _row(name: str, options: list[Option]) -> dict[str, str]:
    def over(what: str, n: int | None = None) -> str:
        records = [getattr(o, what) if n is None else getattr(o, what).get(n) for o in options]
        return spread([r for r in records if r is not None])

    return {"": name, "1 KB page": over("cycles", SMALL), "/ study": over("to_study", SMALL),
            "4 KB page": over("cycles", LARGE), "4 KB / 1 KB": over("growth")}


def averages(p: Pages) -> pd.DataFrame:
    return pd.DataFrame([{"L2, KB": show(p.l2[l2]), "1 KB pages": show(p.averages[(l2, "1k")]),
                          "4 KB pages": show(p.averages[(l2, "4k")])} for l2 in L2_KB])


def every_option(p: Pages) -> pd.DataFrame:
    return pd.DataFrame([{"option": o.name, "1 KB page": show(o.cycles.get(SMALL)),
                          "/ study": show(o.to_study.get(SMALL)), "4 KB page": show(o.cycles.get(LARGE)),
                          "/ study ": show(o.to_study.get(LARGE)), "4 KB / 1 KB": show(o.growth)}
                         for o in p.options])


def section(model: Seeds, data: str) -> list[Block]:
    p = model.pages
    blocks: list[Block] = [
        Heading(2, "Chen et al. 2008: software page encryption"),
        Paragraph("Every protected page is encrypted in software as it leaves the cache (§III). Its page cost beside "
                  "the host's OpenSSL (`openssl speed`) and our RV32 firmware's CBC pages, cycle-counted in "
                  "simulation, AES-128 (the study states no key size); every option: Appendix."),
        Table(costs(p), f"study: Chen et al. 2008, §III.B, as printed; ours: {data}; cycles per page"),
        Paragraph("Its Table II average slowdowns of protected programs, whole, as printed (×):"),
        Table(averages(p), "study: Chen et al. 2008, Table II (average row)"),
    ]
    return blocks
