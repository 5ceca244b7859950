"""How many engines a scheme's pool has: the count the feasibility answer gives for the memory's bandwidth, so that
a slowdown measures added latency and metadata traffic, not a starved queue.

    engines = ceil(bandwidth x (1 + the scheme's streaming metadata traffic) / one engine's throughput at its clock)

the formula of every report's answer (cryptoppa.report.totals, through feasibility.throughput.engines_needed and
feasibility.metadata.overhead), with the engine at the clock it would have in a memory controller: its own fmax on
the results' stage (routed where routed), or a stated controller clock it meets. `pool_for` is the one function
that computes it; the answer model can call it to check that a published slowdown row's pool is its own count.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from .. import catalog
from ..errors import InputError
from ..feasibility.metadata import Access, get_scheme, overhead
from ..feasibility.throughput import engines_needed, hardware_throughput
from .protection import engine_row, fmax_mhz, scheme_family


@dataclass(frozen=True)
class Pool:
    scheme: str
    engine: str  # the engine results row's label
    engines: int
    clock_mhz: float
    clock_basis: str  # "synthesis fmax", "routed fmax" or "controller clock"
    gbps_each: float  # one engine's throughput at that clock, GB/s
    extra_traffic: float  # metadata bytes per data byte (streaming), carried by the same engines
    bandwidth_gbps: float  # the memory's bandwidth the pool is sized for
    load: float  # the pool's busy fraction at that bandwidth


def pool_for(scheme: str, results: pd.DataFrame, bandwidth_bits_per_second: float,
             controller_mhz: float | None = None) -> Pool:
    """The pool the feasibility answer provisions for `scheme` at a memory bandwidth: engines of its first engine
    family with a finished N = 1 row, at their fmax or at `controller_mhz` (which they must meet)."""
    family = scheme_family(results, scheme)
    if family is None:
        raise InputError(f"scheme {scheme!r}: no finished N = 1 engine row in the results to provision a pool from")
    row = engine_row(results, family)
    fmax, basis = fmax_mhz(row)
    if controller_mhz is not None:
        if controller_mhz > fmax:
            raise InputError(f"--engine-clock {controller_mhz:g} MHz: {family} meets only {fmax:g} MHz ({basis})")
        clock, basis = float(controller_mhz), "controller clock"
    else:
        clock = fmax
    line = int(row.get(catalog.LINE_BYTES, 64) or 64)
    each = hardware_throughput(clock * 1e6, float(row[catalog.CYCLES]), line)
    extra = overhead(get_scheme(scheme), Access("streaming"), line).extra_traffic
    count = engines_needed(bandwidth_bits_per_second * (1 + extra), each)
    return Pool(scheme, str(row["label"]), count.count, clock, basis, each / 8e9, extra,
                bandwidth_bits_per_second / 8e9, count.utilization)
