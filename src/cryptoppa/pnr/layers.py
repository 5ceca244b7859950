"""A routed net's wire resistance and capacitance from its length per metal layer, at the per-µm values of the
PDK descriptor's [routing] table (the run folder's layers_rc.json)."""

from __future__ import annotations

RcTable = dict[str, tuple[float, float]]  # layer -> (kΩ per µm, fF per µm)


def net_rc(layers: dict[str, float], rc: RcTable) -> tuple[float, float]:
    """(kΩ, fF) of a net from its routed length (µm) per layer; an unknown layer raises KeyError."""
    return (sum(rc[name][0] * length for name, length in layers.items()),
            sum(rc[name][1] * length for name, length in layers.items()))
