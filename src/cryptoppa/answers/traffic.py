"""Which memory-protection scheme an engine design implements (cryptoppa.feasibility.metadata.SCHEMES)."""

from __future__ import annotations

from ..feasibility.metadata import SCHEMES, Scheme


def scheme_of(design: str, rounds: float | None = None) -> Scheme | None:
    """The scheme an engine of `design` with ROUNDS = `rounds` (None: as specified) implements."""
    return next((s for s in SCHEMES.values() if s.implemented_by(design, rounds)), None)
