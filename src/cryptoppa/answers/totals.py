"""What a bandwidth costs in engines of one configuration: the one place engines, area, power and ports are counted.

    engines = ceil(bandwidth × (1 + extra metadata traffic) / one engine's throughput at the clock)
    area    = N × one engine + the array's overhead (its dispatcher), never below N × one engine
    power   = N × one engine at the load the bandwidth implies + the array's overhead, never below N × one engine
    ports   = ceil(lines per cycle the engines take): one array port carries at most one line per cycle

The overhead comes from the group's measured arrays where there are any: the fitted line at N (of the same power
model as the engine's power) less N × one engine, counted only when positive; a fit over N ≤ 16 used at N = 143 is
an extrapolation and the answer says so. Without measured arrays the dispatcher is left out (a lower bound).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..feasibility.fit import predict
from ..feasibility.throughput import engines_needed
from . import basis as basis_mod

UM2_PER_MM2 = 1e6


@dataclass(frozen=True)
class ArrayFits:
    """The fitted lines of one group's measured arrays that totals use (None: no measured arrays)."""

    area: dict | None = None  # fit row of cell or die area (µm²) against N
    power: dict | None = None  # fit row of power (W) against N, same power model as the engine's
    n_max: int = 0  # the largest N measured
    power_model: str = ""


@dataclass(frozen=True)
class Totals:
    engines: int
    engines_exact: float
    load: float  # the engines' average busy fraction at the bandwidth
    gbps_each: float
    area_mm2: float
    kge: float
    power_w: float
    pj_per_byte: float  # power / data bandwidth (metadata bytes are work, not in the denominator)
    ports: int
    overhead: str  # where the array's overhead came from


def _overhead(fit: dict | None, n: int, one: float) -> float | None:
    if fit is None or fit.get("slope") is None or math.isnan(fit["slope"]):
        return None
    return max(predict(fit, n) - n * one, 0.0)


def totals(config, bits_per_second: float, clock_mhz: float, arrays: ArrayFits = ArrayFits(),
           extra_traffic: float = 0.0) -> Totals:
    """What carrying `bits_per_second` of data costs with engines of `config` (a row of basis.configurations, N = 1)
    at `clock_mhz`, the engines also carrying `extra_traffic` metadata bytes per data byte."""
    gbps = basis_mod.throughput_gbps(config, clock_mhz)
    count = engines_needed(bits_per_second * (1 + extra_traffic), gbps * 1e9)
    n = count.count
    measured = float(config["clock_mhz"])
    one_power = basis_mod.engine_power(config, clock_mhz, load=count.utilization)
    area_over = _overhead(arrays.area, n, config["area_um2"])
    power_over = _overhead(arrays.power, n, basis_mod.engine_power(config, measured))
    area = n * config["area_um2"] + (area_over or 0.0)
    power = n * one_power + (power_over or 0.0) * clock_mhz / measured
    if area_over is None:
        note = "no measured arrays: the dispatcher is left out (a lower bound)"
    else:
        beyond = f", extrapolated from N ≤ {arrays.n_max}" if n > arrays.n_max else ""
        note = f"dispatcher overhead from the measured arrays' fits ({arrays.power_model}{beyond})"
    engine_cycles = config["cycles_per_line"]
    return Totals(
        engines=n, engines_exact=count.exact, load=count.utilization, gbps_each=gbps,
        area_mm2=area / UM2_PER_MM2, kge=config["kge"] * area / config["area_um2"],
        power_w=power, pj_per_byte=power / (bits_per_second / 8) * 1e12,
        ports=max(1, math.ceil(count.exact / engine_cycles - 1e-9)) if engine_cycles == engine_cycles else 1,
        overhead=note)
