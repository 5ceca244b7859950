"""Records: every number a document prints, with its unit, its basis and the rows it came from.

A record is computed once, by the answer model (cryptoppa.answers.model), and formatted one way: its quantity's
(`QUANTITIES`: unit and how many significant digits, never more than four for a measured or computed number).
Views only call `show`, which returns that text and, while `collecting`, notes (document, key, text) so a test can
check that one key has one value in every document, and that every number a document prints is a record's.

A quantity that could not be answered is a `NotAnswered`: what, for which subject, and why (a failed gate or a
missing measurement). Documents list those under "not answered"; they never print a number for them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

import numpy as np

SIG = 4  # significant digits of any measured or computed number in a document


@dataclass(frozen=True)
class Quantity:
    unit: str
    digits: int = SIG
    count: bool = False  # an exact whole number (engines, ports): printed as it is
    label: str = ""  # how a table heads it, without the unit


QUANTITIES: dict[str, Quantity] = {
    "area_um2": Quantity("µm²", label="area"),
    "area_mm2": Quantity("mm²", label="area"),
    "kge": Quantity("kGE", label="kGE"),
    "fmax_mhz": Quantity("MHz", label="fmax"),
    "ghz": Quantity("GHz", label="clock"),
    "pj_per_bit": Quantity("pJ/bit", label="energy"),
    "clock_mhz": Quantity("MHz", label="clock"),
    "cycles": Quantity("cycles", label="cycles per line"),
    "gbps": Quantity("Gb/s", label="throughput"),
    "mbps": Quantity("Mb/s", label="throughput"),
    "power_mw": Quantity("mW", label="power"),
    "power_w": Quantity("W", label="power"),
    "pj_per_byte": Quantity("pJ/B", label="energy"),
    "pj": Quantity("pJ", label="energy"),
    "latency_ns": Quantity("ns", label="read latency"),
    "latency_fo4": Quantity("FO4", label="read latency"),
    "fo4_ps": Quantity("ps", label="FO4 delay"),
    "delay_ps": Quantity("ps", label="delay"),
    "length_mm": Quantity("mm", label="length"),
    "engines": Quantity("engines", count=True, label="engines"),
    "ports": Quantity("ports", count=True, label="array ports"),
    "devices": Quantity("devices", count=True, label="devices"),
    "instances": Quantity("instances", count=True, label="instances"),
    "percent": Quantity("%", digits=3, label=""),
    "ratio": Quantity("×", digits=3, label="ratio"),
    "fraction": Quantity("", digits=3, label=""),
    "r2": Quantity("", digits=3, label="R²"),
    "per_engine_um2": Quantity("µm² per engine", label="slope"),
    "per_engine_mw": Quantity("mW per engine", label="slope"),
    "cells": Quantity("cells", label="cells"),
    "flip_flops": Quantity("flip-flops", label="flip-flops"),
    "cycles_per_byte": Quantity("cycles/B", label="cycles per byte"),
    "ns_per_byte": Quantity("ns/B", label="time per byte"),
    "window_cycles": Quantity("cycles", label="activity window"),
    "bits": Quantity("bits", count=True, label="storage"),
    "entries": Quantity("entries", count=True, label="table entries"),
    "bytes": Quantity("bytes", count=True, label="storage"),
    "luts": Quantity("LUTs", label="LUTs"),
    "brams": Quantity("block RAMs", label="block RAM"),
    "logic_cells": Quantity("logic cells", label="logic cells"),
    "per_engine_luts": Quantity("LUTs per engine", label="slope"),
    "per_engine_ffs": Quantity("flip-flops per engine", label="slope"),
    "per_engine_brams": Quantity("block RAMs per engine", label="slope"),
    "seeds": Quantity("seeds", count=True, label="placer seeds"),
    "configurations": Quantity("configurations", count=True, label="configurations"),
    "points": Quantity("points", count=True, label="points"),
    "cap_ff": Quantity("fF", label="capacitance"),
    "leakage_nw": Quantity("nW", label="leakage"),
    "volts": Quantity("V", label="supply"),
    "celsius": Quantity("°C", label="temperature"),
    "gbytes_per_s": Quantity("GB/s", label="throughput"),
    "nj_per_byte": Quantity("nJ/B", label="energy"),
    "instructions_per_byte": Quantity("instructions/B", label="instructions per byte"),
}


def text(quantity: str, value: float) -> str:
    """The value as this quantity is always shown: at most four significant digits, thousands separated, never an
    exponent; '–' for a missing value."""
    q = QUANTITIES[quantity]
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if q.count:
        return f"{int(round(float(value))):,}"
    if quantity == "r2":
        return f"{float(value):.3f}"
    return sig_text(float(value), q.digits)


def sig_text(value: float, digits: int = SIG) -> str:
    """`value` rounded to `digits` significant digits, positional, with thousands separators."""
    if value == 0:
        return "0"
    shown = np.format_float_positional(value, precision=digits, unique=False, fractional=False, trim="-")
    whole, dot, frac = shown.partition(".")
    sign = "-" if whole.startswith("-") else ""
    whole = f"{int(whole.lstrip('-')):,}"
    return f"{sign}{whole}{dot}{frac}" if frac else f"{sign}{whole}"


@dataclass(frozen=True)
class On:
    """The basis one number is on: what a reader must know to use it. Empty fields do not apply."""

    library: str = ""  # "freepdk45_char/nom"
    stage: str = ""  # "synthesis" or "routed"
    power: str = ""  # "simulated, saturated", "simulated, at the bandwidth's load", "vectorless"
    clock: str = ""  # "225 MHz", "fmax"
    memory: str = ""  # "ddr5-6400 (51.2 GB/s)"
    access: str = ""  # metadata access pattern: "streaming", "uncached", "measured"
    arrays: str = ""  # where an array's dispatcher overhead in a total comes from (measured fits, or left out)

    def __str__(self) -> str:
        return "; ".join(v for v in (self.library, self.stage, self.power, self.clock, self.memory, self.access,
                                     self.arrays) if v)


@dataclass(frozen=True)
class Record:
    subject: str  # what the number is about: a configuration's identity, a scheme, a fit
    name: str  # which of its numbers: "area", "verified read latency, row hit", ...
    quantity: str  # a key of QUANTITIES: the unit and the format
    value: float
    on: On = field(default_factory=On)
    rows: tuple[str, ...] = ()  # labels of the results rows it was computed from

    def __post_init__(self):
        if self.quantity not in QUANTITIES:
            raise KeyError(f"record of unknown quantity {self.quantity!r}")

    @property
    def unit(self) -> str:
        return QUANTITIES[self.quantity].unit

    @property
    def text(self) -> str:
        return text(self.quantity, self.value)

    @property
    def key(self) -> tuple:
        return (self.subject, self.name, self.on)

    @property
    def known(self) -> bool:
        return not (isinstance(self.value, float) and math.isnan(self.value))


@dataclass(frozen=True)
class Cited:
    """A figure another work printed, shown as printed beside its citation (author, title or venue, table)."""

    text: str  # as printed: "89000", "11.05", "2.1 GHz"
    citation: str  # "Owen 2013, Table 5.3"

    @classmethod
    def of(cls, figure) -> "Cited":
        """A seed study's printed figure (cryptoppa.feasibility.studies.Printed) as printed, with its source."""
        return cls(figure.printed, figure.source)

    @property
    def value(self) -> float:
        return float(self.text.replace(",", "").split()[0])


@dataclass(frozen=True)
class NotAnswered:
    subject: str
    what: str  # the answer withheld ("engines for ddr5-6400 at 225 MHz")
    reason: str  # the gate that failed, or the measurement that is missing


BARE_RATIO = "ratio, not a comparison's"
_LEDGER: ContextVar[list | None] = ContextVar("records", default=None)
_DOCUMENT: ContextVar[str] = ContextVar("document", default="")


def show(record: Record | Cited | None) -> str:
    """A record's text (a cited figure's as printed), noted in the active ledger; '–' for none."""
    if record is None:
        return "–"
    shown = record.text
    cited = isinstance(record, Cited)
    key = ("cited", record.citation, shown) if cited else record.key
    quantity = "cited" if cited else record.quantity
    if quantity == "ratio" and not getattr(record, "comparison", ""):
        quantity = BARE_RATIO  # a ratio that is no comparison's (cryptoppa.answers.comparison): the tests refuse it
    _note(key, shown, quantity)
    return shown


def show_reason(item: NotAnswered) -> str:
    """Why something was not answered, as the gate worded it (its numbers are the gate's, computed in the model)."""
    _note(("not answered", item.subject, item.what), item.reason, "reason")
    return item.reason


def _note(key: tuple, shown: str, quantity: str) -> None:
    ledger = _LEDGER.get()
    if ledger is not None and shown != "–":
        ledger.append((_DOCUMENT.get(), key, shown, quantity))


@contextmanager
def collecting() -> Iterator[list]:
    """Note every record shown inside: (document, key, text, quantity)."""
    ledger: list = []
    token = _LEDGER.set(ledger)
    try:
        yield ledger
    finally:
        _LEDGER.reset(token)


@contextmanager
def document(name: str) -> Iterator[None]:
    token = _DOCUMENT.set(name)
    try:
        yield
    finally:
        _DOCUMENT.reset(token)


def disagreements(ledger: list) -> list[str]:
    """Keys shown with more than one value, with where each value appears."""
    seen: dict[tuple, dict[str, set[str]]] = {}
    for doc, key, shown, quantity in ledger:
        if quantity == "reason":
            continue
        seen.setdefault(key, {}).setdefault(shown, set()).add(doc)
    return [f"{key[0]} / {key[1]} / {key[2]}: " + "; ".join(f"{v} in {', '.join(sorted(d))}" for v, d in values.items())
            for key, values in seen.items() if len(values) > 1]
