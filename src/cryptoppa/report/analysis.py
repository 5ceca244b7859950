"""The report's arithmetic on a results table: fits per group, their 95 % bands, feasibility, comparisons.

Fitting itself is :func:`cryptoppa.feasibility.fit.fit_linear`; throughput and engine counts are
:mod:`cryptoppa.feasibility.throughput`; bandwidths are :mod:`cryptoppa.feasibility.presets`.  What is
added here is only the glue a report needs: which groups can be fitted, the confidence band of a
fitted line (from the fit's own standard errors), and evaluating the fits at the engine count a
bandwidth needs.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Iterable

import numpy as np
import pandas as pd
from scipy import stats

from ..catalog import (
    ACTIVITY_COVERAGE, ACTIVITY_POWER, AREA, CELLS, CYCLES, DIE_AREA, ENERGY_BYTE, LATENCY, POWER, POWER_INTERNAL,
    POWER_LEAKAGE, POWER_SWITCHING, WS, routed
)
from ..feasibility.fit import fit_linear
from ..feasibility.presets import load_presets, resolve_bandwidth
from ..feasibility.throughput import hardware_throughput
from ..sweep import results as results_mod
from .basis import STUDY_CLOCK_MHZ, basis_of, configurations
from .load import Results, engines_alone
from .traffic import scheme_traffic
from .totals import totals

# Placed-and-routed counterparts, fitted where a sweep routed (stage = "route"); absent columns are skipped.
ROUTED_FIT_METRICS = [DIE_AREA, routed(POWER)]
FIT_METRICS = [AREA, POWER, CELLS, *ROUTED_FIT_METRICS]
CONFIDENCE = 0.95
UM2_PER_MM2 = 1e6
MW_PER_W = 1e3


def fittable_groups(points: pd.DataFrame) -> list[str]:
    """Groups with at least two distinct N: a line through them is defined."""
    distinct = points.groupby("group")["n"].nunique()
    return sorted(distinct[distinct >= 2].index)


def group_fits(results: Results) -> pd.DataFrame:
    """fit_linear of each available metric against N, one row per fittable group x metric.

    Adds ``x_mean`` and ``n_max`` (the group's mean and largest swept N): the band needs the first,
    and feasibility must say when it extrapolates beyond the second.
    """
    points = results.points
    groups = fittable_groups(points)
    metrics = [m for m in FIT_METRICS if m in points.columns]
    if not groups or not metrics:
        return pd.DataFrame()
    subset = points[points["group"].isin(groups)]
    fits = fit_linear(subset, x="n", y=metrics, by="group", alpha=1.0 - CONFIDENCE)
    # A group that was only synthesized has no routed points: no row rather than an empty fit.
    fits = fits[~(fits["metric"].isin(ROUTED_FIT_METRICS) & (fits["n_points"] == 0))].reset_index(drop=True)
    stats_by_group = subset.groupby("group")["n"].agg(x_mean="mean", n_max="max", n_min="min")
    return fits.join(stats_by_group, on="group")


def band(fit: pd.Series, x: Iterable[float] | float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Fitted line and its pointwise 95 % confidence band (of the mean) at ``x``.

    With OLS, cov(intercept, slope) = -mean(x) * var(slope), so the band follows from the standard
    errors fit_linear already reports.  Without residual degrees of freedom the band is NaN.
    """
    xs = np.atleast_1d(np.asarray(x, dtype=float))
    centre = float(fit["intercept"]) + float(fit["slope"]) * xs
    dof = int(fit["n_points"]) - 2
    se_b0, se_b1 = float(fit["intercept_se"]), float(fit["slope_se"])
    if dof < 1 or math.isnan(se_b0) or math.isnan(se_b1):
        nan = np.full_like(centre, np.nan)
        return centre, nan, nan
    variance = se_b0**2 + se_b1**2 * xs * (xs - 2.0 * float(fit["x_mean"]))
    half = stats.t.ppf(0.5 + CONFIDENCE / 2.0, dof) * np.sqrt(np.maximum(variance, 0.0))
    return centre, centre - half, centre + half


def per_engine(results: Results) -> pd.DataFrame:
    """Per-engine throughput of each group with perf data, from its smallest-N row that has it.

    Assumes ``perf__cycles_per_line`` is per engine (each of N engines finishes a line in that many
    cycles) and that an engine runs at the sweep's target clock; a setup violation is noted.
    """
    pts = results.points
    if CYCLES not in pts.columns:
        return pd.DataFrame()
    rows = []
    for group, g in pts[pts[CYCLES].notna()].groupby("group", sort=True):
        first = g.sort_values("n", kind="stable").iloc[0]
        bits = hardware_throughput(float(first["clock_mhz"]) * 1e6, float(first[CYCLES]),
                                   int(first["line_bytes"]))
        notes = []
        if g[CYCLES].nunique() > 1:
            notes.append(f"cycles/line differ across N ({', '.join(f'{v:g}' for v in sorted(g[CYCLES].unique()))}); "
                         f"N={int(first['n'])} used")
        ws = first.get(WS)
        if ws is not None and not pd.isna(ws) and float(ws) < 0:
            notes.append(f"setup violated at the target clock (ws {float(ws):g} ns): throughput is optimistic")
        rows.append({"group": group, "design": first["design"], "n": int(first["n"]),
                     "clock_mhz": float(first["clock_mhz"]), "line_bytes": int(first["line_bytes"]),
                     "cycles_per_line": float(first[CYCLES]),
                     "latency_cycles": float(first[LATENCY]) if LATENCY in g.columns else math.nan,
                     "bits_per_second": bits, "area_um2": float(first[AREA]), "power_w": float(first[POWER]),
                     "note": "; ".join(notes)})
    return pd.DataFrame(rows)


def default_bandwidths() -> list[str]:
    """Every preset name in presets.toml, in file order."""
    return [p.name for p in load_presets().values()]


def engines_for_bandwidths(results: Results, fits: pd.DataFrame, bandwidths: list[str], efficiency: float = 1.0,
                           channels: int = 1, clock: str = "study") -> pd.DataFrame:
    """Engines, array area (mm², kGE), power and energy per byte for every bandwidth x engine design, on the
    results' basis, through cryptoppa.report.totals (the one function every document uses).

    ``efficiency`` (sustained / peak) and ``channels`` (how many channels, DIMMs or stacks) scale every bandwidth, as
    in :func:`cryptoppa.feasibility.presets.resolve_bandwidth`; ``clock``: "study" (225 MHz) or "fmax" (each
    engine's own). Engines carry the data and their scheme's metadata at the streaming pattern.
    """
    basis = basis_of(results)
    configs = configurations(results, basis)
    if configs.empty:
        return pd.DataFrame()
    configs = engines_alone(configs)
    configs = configs[configs["cycles_per_line"].notna()]
    rows = []
    for name in bandwidths:
        resolved = resolve_bandwidth(name, efficiency=efficiency, count=channels)
        for _, config in configs.iterrows():
            mhz = STUDY_CLOCK_MHZ if clock == "study" else config["fmax_mhz"]
            extra = scheme_traffic(config["design"])[0]
            t = totals(config, resolved.bits_per_second, mhz, fits, extra_traffic=extra)
            rows.append({"bandwidth": name, "bandwidth_bits": resolved.bits_per_second, "group": config["group"],
                         "design": config["design"], "clock_mhz": mhz, "per_engine_bits": t.gbps_each * 1e9,
                         "extra_traffic": extra, "engines_exact": t.engines_exact, "engines": t.engines,
                         "utilization": t.load, "area_mm2": t.area_mm2, "kge": t.kge, "power_w": t.power_w,
                         "vectorless_power_w": t.vectorless_power_w, "pj_per_byte": t.pj_per_byte, "note": t.overhead})
    return pd.DataFrame(rows)


def compare_designs(results: Results) -> pd.DataFrame:
    """Each group's smallest swept point per Gb/s, per mm^2 and per mW (N engines at N x per-engine rate)."""
    engines = per_engine(results)
    if engines.empty:
        return pd.DataFrame()
    gbps = engines["n"] * engines["bits_per_second"] / 1e9
    area_mm2 = engines["area_um2"] / UM2_PER_MM2
    power_mw = engines["power_w"] * MW_PER_W
    return pd.DataFrame({
        "group": engines["group"], "design": engines["design"], "n": engines["n"],
        "cycles_per_line": engines["cycles_per_line"], "latency_cycles": engines["latency_cycles"],
        "gbps": gbps, "area_mm2": area_mm2, "power_mw": power_mw,
        "mm2_per_gbps": area_mm2 / gbps, "mw_per_gbps": power_mw / gbps,
        "gbps_per_mm2": gbps / area_mm2, "gbps_per_mw": gbps / power_mw,
    })


def activity_comparison(results: Results) -> pd.DataFrame:
    """Each configuration's power under every activity mode it was run with, and its ratio to vectorless.

    A configuration is a group minus its activity columns, so the vectorless row and the simulated-workload rows
    of one netlist line up. Empty when the results have no simulated-activity rows.
    """
    pts = results.points
    if "activity_mode" not in pts.columns or not (pts["activity_mode"].fillna("vectorless") != "vectorless").any():
        return pd.DataFrame()
    config_cols = [c for c in results.group_cols if c not in ("activity", "activity_mode")] + ["n"]
    rows = []
    for _, g in pts.groupby(config_cols, sort=False, dropna=False):
        base = g[g["activity_mode"] == "vectorless"]
        vectorless = float(base[POWER].iloc[0]) if len(base) else math.nan
        for _, r in g.iterrows():
            rows.append({
                "configuration": r["label"].split(" sim:")[0], "activity": r["activity_mode"] or "vectorless",
                "internal_w": r.get(POWER_INTERNAL), "switching_w": r.get(POWER_SWITCHING),
                "leakage_w": r.get(POWER_LEAKAGE), "power_w": r[POWER],
                "ratio_to_vectorless": float(r[POWER]) / vectorless if vectorless else math.nan,
                "coverage": r.get(ACTIVITY_COVERAGE, math.nan),
                "energy_per_byte_pj": r.get(ENERGY_BYTE, math.nan),
            })
    return pd.DataFrame(rows)


CORE_TABLE = "core_baseline.parquet"  # what `cryptoppa core-baseline` writes (baselines/cores.py TABLE)
OPT_ORDER = ("-O0", "-O1", "-O2", "-O3", "-Os")
AES_ROUNDS = {128: 10, 192: 12, 256: 14}


def core_energy(cores: Path | None) -> pd.DataFrame:
    """The 64-byte GCM rows of a core-baseline folder that have a gate-level energy, in a stable order.

    Empty when there is no folder, no table or no energy row (a core-baseline run without --energy)."""
    t = results_mod.read(cores, CORE_TABLE) if cores else pd.DataFrame()
    if "energy_per_byte_pj" not in t.columns:
        return pd.DataFrame()
    t = t[(t["status"] == "ok") & (t["alg"] == "gcm") & (t["bytes"] == 64) & t["energy_per_byte_pj"].notna()]
    if t.empty:
        return pd.DataFrame()
    out = pd.DataFrame({
        "core": t["core"], "zk": t["zk"].astype(int), "variant": t["variant"], "key_bits": t["key_bits"].astype(int),
        "opt": t["opt"], "cycles_per_byte": t["cycles_per_byte"], "instructions_per_byte": t["instructions_per_byte"],
        "window_cycles": t["energy_window_cycles"].astype(int), "clock_mhz": t["clock_mhz"],
        "power_w": t[ACTIVITY_POWER], "vectorless_w": t[POWER],
        "coverage": t[ACTIVITY_COVERAGE], "energy_per_byte_pj": t["energy_per_byte_pj"],
    })
    out["opt_rank"] = out["opt"].map({o: i for i, o in enumerate(OPT_ORDER)})
    return out.sort_values(["core", "zk", "variant", "key_bits", "opt_rank"], kind="stable").reset_index(drop=True)


def key_size_scaling(energy: pd.DataFrame) -> pd.DataFrame:
    """Energy and cycles per byte of AES-192/256 relative to AES-128, per core, firmware and -O level.

    The AES rounds ratio (12/10, 14/10) is what the cipher alone would give; the 64-byte GCM line also holds
    the key expansion, GHASH and the mode's bookkeeping."""
    rows = []
    for (core, zk, variant, opt), g in energy.groupby(["core", "zk", "variant", "opt"], sort=False):
        by_key = g.set_index("key_bits")
        if 128 not in by_key.index:
            continue
        base = by_key.loc[128]
        for key in sorted(k for k in by_key.index if k != 128):
            rows.append({"core": core, "zk": zk, "variant": variant, "opt": opt, "key_bits": key,
                         "energy_ratio": by_key.loc[key, "energy_per_byte_pj"] / base["energy_per_byte_pj"],
                         "cycles_ratio": by_key.loc[key, "cycles_per_byte"] / base["cycles_per_byte"],
                         "rounds_ratio": AES_ROUNDS[key] / AES_ROUNDS[128]})
    return pd.DataFrame(rows)
