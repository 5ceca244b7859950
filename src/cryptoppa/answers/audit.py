"""Every number a document prints must be a record's text, a cited figure as printed, or a declared input.

    with records.collecting() as ledger:
        ...build the documents...
    problems = unrecorded(markdown_text, allowed_texts(ledger, document))

A number here is a maximal run of digits (with thousands separators and a decimal part) that stands alone: digits
inside a word or an identifier (DDR5, sky130, na2_x1, AES-128, ddr5-6400), inside `code` or a link target, a
parameter assignment (DIGIT=16), a configuration's size (N = 16), a process node (45 nm) and a section number
(§6.1.3, Table 5.3) and a width (a 56-bit MAC) are names, not quantities. What is left must be shown by a record (cryptoppa.answers.records.show), cited (a `Cited` figure
shown with its citation) or be one of the declared inputs below: a figure of a standard or a preset (DRAM timing,
a bandwidth), a constant of the method (the study's 225 MHz, the 0.1 toggle rate), or a small count that is part
of the prose ("two", "4 line periods").
"""

from __future__ import annotations

import re

from ..activity.workload import WINDOW_PERIODS
from ..feasibility.metadata import SGX_PROTECTED_BYTES
from ..feasibility.presets import load_presets
from ..feasibility.units import format_bandwidth
from ..pnr.plan import DEFAULT_UTILIZATION
from .gates import MIN_R2
from .question import STUDY_CLOCK_MHZ
from .records import QUANTITIES, Quantity

SMALL = 16  # whole numbers up to this are counts of the prose (N, ports, periods, rounds), not measurements

_CODE = re.compile(r"`[^`]*`|\]\([^)]*\)|<!--.*?-->", re.S)
_NAMES = re.compile(
    r"[A-Za-z_][\w.\-/]*\d[\w.\-/]*"  # identifiers holding digits: DDR5, sky130, ddr5-6400, x4, fo4, AES-128
    r"|\b[A-Z_]+=\S+"  # parameter assignments
    r"|\bN\s*=\s*[\d,.–-]+"  # a configuration's size, or a range of them
    r"|(?:§|Table|Tables|Eq\.|Figure|Fig\.|Section|Appendix|Eqs\.)\s*[\d.,–\- and]+"  # where a study prints a figure
    r"|\b(?:19|20)\d\d\b"  # years (of a citation)
    r"|\b\d+\s*nm\b"  # a process node (45 nm) names a technology
    r"|\b\d+-bit\b"  # a width (a 64-bit block, a 56-bit MAC) names a format
)
_NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])-?\d+(?:\.\d+)?(?![\w])")


def numbers_in(text: str) -> list[str]:
    """The numbers of a Markdown text that are quantities (see the module docstring)."""
    text = _CODE.sub(" ", text)
    text = _NAMES.sub(" ", text)
    return _NUMBER.findall(text)


def declared() -> set[str]:
    """Inputs a document may print without a record: the presets' figures and the method's constants."""
    out = {f"{STUDY_CLOCK_MHZ:g}", "0.1", f"{MIN_R2:g}", f"{WINDOW_PERIODS}", f"{SGX_PROTECTED_BYTES // 2**20}",
           f"{DEFAULT_UTILIZATION:g}", "95", "0.33", "100"}
    for p in load_presets().values():
        out.add(format_bandwidth(p.bits_per_second).split()[0])
        out.update(f"{v:g}" for v in (p.trcd_ns, p.tcl_ns, p.trp_ns, p.access_ns) if v == v)
        out.update(_NUMBER.findall(p.timing_source))  # the standard's figures as its source prints them
    return out


def allowed_texts(ledger: list, document: str) -> set[str]:
    """The texts a document's records, citations and reasons showed (cryptoppa.answers.records.collecting)."""
    return {shown for doc, _, shown, _ in ledger if doc == document}


def exact_texts(ledger: list, document: str) -> set[str]:
    """Texts the four-digit rule does not apply to: exact counts, and figures cited as printed."""
    return {shown for doc, _, shown, quantity in ledger if doc == document
            and (quantity == "cited" or QUANTITIES.get(quantity, Quantity("")).count)}


def unrecorded(text: str, allowed: set[str]) -> list[str]:
    """The numbers of `text` that are none of: an allowed text (or a part of one, as '33.3' of '33.3–133'), a
    declared input, a small count."""
    pieces = set(allowed) | declared()
    for shown in list(pieces):
        pieces.update(_NUMBER.findall(shown))
    out = []
    for number in numbers_in(text):
        plain = number.lstrip("-")
        if plain in pieces or number in pieces:
            continue
        if re.fullmatch(r"\d+", plain) and int(plain) <= SMALL:
            continue
        out.append(number)
    return out


def too_precise(text: str, exact: set[str] = frozenset(), digits: int = 4) -> list[str]:
    """Numbers with more than `digits` significant digits, but for `exact` texts and declared inputs."""
    out = []
    skip = set(exact) | declared()
    for shown in list(skip):
        skip.update(_NUMBER.findall(shown))
    for number in numbers_in(text):
        if number in skip:
            continue
        significant = number.replace(",", "").replace("-", "").replace(".", "").lstrip("0")
        if "." not in number:
            significant = significant.rstrip("0")
        if len(significant) > digits:
            out.append(number)
    return out
