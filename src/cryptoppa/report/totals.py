"""The one function every document uses for what a bandwidth costs: engines, area (mm², kGE), power, energy per
byte, at a stated clock, on a stated basis (cryptoppa.report.basis).

    engines = ceil(bandwidth x (1 + extra metadata traffic) / per-engine throughput at the clock)
    area    = N x one engine + the array's overhead (dispatcher), never below N x one engine
    power   = N x one engine at the load the bandwidth implies + the array's overhead, never below N x one engine

The overhead comes from the group's measured arrays where there are any (the fitted line at N minus N x one
engine, counted only when positive: vectorless propagation makes a flat array's engines look cheaper than the same
engine alone, and a sum of parts cannot be below its parts); without measured arrays it is left out and the row says
so (a lower bound).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..catalog import AREA, POWER
from ..feasibility.fit import predict
from ..feasibility.throughput import engines_needed
from . import basis as basis_mod

UM2_PER_MM2 = 1e6


@dataclass(frozen=True)
class Totals:
    engines: int
    engines_exact: float
    load: float  # the engines' average busy fraction at the bandwidth
    gbps_each: float
    area_mm2: float
    kge: float
    power_w: float
    vectorless_power_w: float  # the cross-check (same formula, vectorless engine power)
    pj_per_byte: float  # power / data bandwidth (metadata bytes included in the work, not in the denominator)
    overhead: str  # "measured arrays (N <= k)" or "not measured: dispatcher left out (a lower bound)"


def _overhead(fits: pd.DataFrame, group: str, metric: str, n: int, one: float) -> float | None:
    """The fitted array line at n less n x one engine (≥ 0), None when the group has no fitted line."""
    if fits.empty:
        return None
    row = fits[(fits["group"] == group) & (fits["metric"] == metric)]
    if row.empty or pd.isna(row["slope"].iloc[0]):
        return None
    return max(predict(row.iloc[0], n) - n * one, 0.0)


def totals(config: pd.Series, bits_per_second: float, clock_mhz: float, fits: pd.DataFrame = pd.DataFrame(),
           extra_traffic: float = 0.0) -> Totals:
    """What carrying `bits_per_second` of data costs with engines of `config` (a row of basis.configurations)
    running at `clock_mhz`; the engines also carry `extra_traffic` (metadata bytes per data byte)."""
    gbps = basis_mod.throughput_gbps(config, clock_mhz)
    count = engines_needed(bits_per_second * (1 + extra_traffic), gbps * 1e9)
    n = count.count
    one_power = basis_mod.engine_power(config, clock_mhz, load=count.utilization)
    one_vectorless = basis_mod.vectorless_power(config, clock_mhz)
    # Fits are on the target clock's vectorless arrays: their overhead is scaled with the engine's own clock ratio.
    area_over = _overhead(fits, config["group"], AREA, n, config["area_um2"] / config["n"])
    power_over = _overhead(fits, config["group"], POWER, n, basis_mod.vectorless_power(config, config["clock_mhz"]))
    scale = clock_mhz / config["clock_mhz"]
    area = n * config["area_um2"] / config["n"] + (area_over or 0.0)
    power = n * one_power / config["n"] + (power_over or 0.0) * scale
    measured = fits[fits["group"] == config["group"]]["n_max"] if not fits.empty else pd.Series(dtype=float)
    note = (f"measured arrays (N <= {int(measured.iloc[0])})" if area_over is not None and len(measured)
            else "no measured arrays: the dispatcher is left out (a lower bound)")
    return Totals(
        engines=n, engines_exact=count.exact, load=count.utilization, gbps_each=gbps,
        area_mm2=area / UM2_PER_MM2, kge=config["kge"] * area / config["area_um2"],
        power_w=power, vectorless_power_w=n * one_vectorless / config["n"] + (power_over or 0.0) * scale,
        pj_per_byte=power / (bits_per_second / 8) * 1e12, overhead=note)
