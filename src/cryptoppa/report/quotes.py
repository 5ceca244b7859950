"""One number per quantity across documents: every figure a report or a README block quotes for a configuration
goes through `quote`, which formats it the one way that quantity is shown and, while `collecting`, records it under
its key (configuration, basis, clock, quantity). tests/report/test_quotes.py rebuilds every document and fails when
one key was quoted with two values.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# quantity -> how it is shown (significant digits, thousands separators): one format per quantity.
FORMATS = {
    "engines": "{:,.0f}", "devices": "{:,.0f}", "area_mm2": "{:.4g}", "kge": "{:,.0f}", "power_w": "{:.4g}",
    "power_mw": "{:.4g}", "pj_per_byte": "{:.3g}", "engine_pj_per_byte": "{:.3g}", "latency_ns": "{:.3g}",
    "fmax_mhz": "{:.4g}", "gbps": "{:.4g}", "area_um2": "{:,.0f}", "traffic_pct": "{:.3g}", "cycles": "{:.4g}",
}
_LEDGER: ContextVar[list | None] = ContextVar("quotes", default=None)
_DOCUMENT: ContextVar[str] = ContextVar("document", default="")


def text(quantity: str, value: float) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    shown = FORMATS[quantity].format(float(value))
    return shown if "e" not in shown else f"{float(shown):.10g}"  # never an exponent in a table


def quote(key: tuple, quantity: str, value: float) -> str:
    """The value as this quantity is always shown; recorded under (key, quantity) while collecting."""
    shown = text(quantity, value)
    ledger = _LEDGER.get()
    if ledger is not None and shown != "–":
        ledger.append((_DOCUMENT.get(), (*key, quantity), shown))
    return shown


@contextmanager
def collecting() -> Iterator[list]:
    """Record every quote made inside (document, key, text)."""
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
    """Keys quoted with more than one value, with where each value appears."""
    seen: dict[tuple, dict[str, set[str]]] = {}
    for doc, key, shown in ledger:
        seen.setdefault(key, {}).setdefault(shown, set()).add(doc)
    return [f"{' / '.join(map(str, key))}: " + "; ".join(f"{v} in {', '.join(sorted(d))}" for v, d in values.items())
            for key, values in seen.items() if len(values) > 1]
