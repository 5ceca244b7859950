"""A scheme's engine pool as the feasibility answer provisions it for one memory: plain data the grid replays.

The answer model (cryptoppa.answers, a layer above this one) chooses each scheme's engine configuration for the
memory, its count for the memory's bandwidth and the scheme's metadata traffic, its clock, and its read latencies;
`cryptoppa.answers.pools.pools_for` copies those records into `Pool`s and the grid times them. Nothing here picks
an engine or counts one: a slowdown row's engine is the answer's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import InputError


@dataclass(frozen=True)
class Pool:
    scheme: str
    engine: str  # the answer's engine configuration: its results row label (its clock target in it)
    name: str  # the answer's short name for it ("xts LANES=4")
    engines: int  # the answer's count for the memory's bandwidth and the scheme's metadata traffic (`access`)
    clock_mhz: float  # the clock the answer runs it at
    clock_basis: str  # "synthesis fmax", "routed fmax" or a controller clock the engine meets
    gbps_each: float  # one engine's throughput at that clock, GB/s
    line_bytes: int  # the engine's line
    hit_ns: float  # read latency after the data on a DRAM row hit: the prefetch hint leads it by tCL
    closed_ns: float  # the same on a closed row or a row conflict (lead tRCD + tCL)
    miss_ns: float  # a counter scheme's read when its counter missed: it arrives with the data, no lead
    memory: str  # the memory preset the answer provisions for ("ddr4-3200")
    memory_text: str  # how the answer names it ("ddr4-3200 (25.6 GB/s)")
    access: str  # the metadata access the count is for ("streaming")
    extra_traffic: float  # metadata bytes per data byte at that access, carried by the same engines
    load: float  # the pool's busy fraction at the memory's peak
    engines_uncached: int  # the answer's count when every metadata line misses (the range's other end)
    digest: str  # sha256 (12 hex) of the engine results rows the answer computed these from

    def __post_init__(self):
        if self.engines < 1:
            raise InputError(f"pool of {self.scheme}: {self.engines} engines; expected at least 1")
        for name in ("clock_mhz", "gbps_each", "hit_ns", "closed_ns"):
            value = getattr(self, name)
            if not (value == value and value > 0 and math.isfinite(value)):
                raise InputError(f"pool of {self.scheme} ({self.engine}): {name} {value!r}; expected a positive number")

    @property
    def service_ns(self) -> float:
        """One engine's occupancy per line: its line over its throughput."""
        return self.line_bytes / self.gbps_each
