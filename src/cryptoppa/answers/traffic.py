"""Which memory-protection scheme an engine design implements (cryptoppa.feasibility.metadata.SCHEMES)."""

from __future__ import annotations

from ..feasibility.metadata import SCHEMES, Scheme


def scheme_of(design: str) -> Scheme | None:
    return next((s for s in SCHEMES.values() if design in s.engines), None)
