"""Which memory-protection scheme an engine design implements, and the DRAM traffic its metadata adds: the range
from the streaming best case to the uncached bound (cryptoppa.feasibility.metadata)."""

from __future__ import annotations

from ..feasibility.metadata import SCHEMES, Access, Scheme, overhead


def scheme_of(design: str) -> Scheme | None:
    return next((s for s in SCHEMES.values() if design in s.engines), None)


def scheme_traffic(design: str) -> tuple[float, float]:
    """(streaming, uncached) metadata bytes per data byte of the design's scheme; (0, 0) without metadata."""
    scheme = scheme_of(design)
    if scheme is None:
        return 0.0, 0.0
    return overhead(scheme, Access("streaming")).extra_traffic, overhead(scheme, Access("uncached")).extra_traffic
