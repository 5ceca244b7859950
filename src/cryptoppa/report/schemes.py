"""Memory-protection schemes side by side for one bandwidth: engines, area, power, added read latency and the
extra DRAM traffic of their integrity metadata.

Each scheme (feasibility.metadata.SCHEMES) is implemented by one or more engine families; every measured N = 1
configuration of those families in a results table gives one row. The engines must carry the data bandwidth plus
the metadata traffic (1 + extra traffic); totals are N x one engine (dispatcher left out, as in the options
table). Latency is the unloaded read latency measured in simulation at the sweep's clock: from a ciphertext
line's arrival to its plaintext (`perf__read_latency_data_cycles`; engines that precompute pads start at the
read request, PREFETCH_LEAD cycles earlier, as they are meant to be used) and to the integrity verdict
(`perf__read_latency_cycles`).
"""

from __future__ import annotations

import math

import pandas as pd

from ..catalog import AREA, CYCLES, LINE_BYTES, POWER, READ_LATENCY, READ_LATENCY_DATA
from ..feasibility.metadata import SCHEMES, Access, overhead
from ..feasibility.presets import get_preset, resolve_bandwidth
from ..feasibility.report_text import round_sig
from ..feasibility.throughput import engines_needed, hardware_throughput
from ..sweep.results import FINISHED



def _access_ns(bandwidth: str) -> tuple[float, str]:
    try:
        preset = get_preset(bandwidth)
    except ValueError:
        return math.nan, ""  # a plain quantity has no device behind it
    return preset.access_ns, preset.access_source


def scheme_rows(results: pd.DataFrame, bandwidth: str, access: Access = Access(), efficiency: float = 1.0,
                count: int = 1) -> pd.DataFrame:
    """One row per (scheme, measured N = 1 configuration of its engine family), numeric, unrounded."""
    resolved = resolve_bandwidth(bandwidth, efficiency=efficiency, count=count)
    access_ns, _ = _access_ns(bandwidth)
    needed = {"design", "status", "n", "clock_mhz", CYCLES, READ_LATENCY_DATA}
    if not needed <= set(results.columns):
        return pd.DataFrame()  # no engine rows with measured latency: nothing to compare
    ok = results[results["status"].isin(FINISHED) & (results["n"] == 1)]
    rows = []
    for scheme in SCHEMES.values():
        engines = ok[ok["design"].isin(scheme.engines)]
        if engines.empty:
            continue
        extra = overhead(scheme, access)
        for _, r in engines.sort_values("label", kind="stable").iterrows():
            if pd.isna(r.get(CYCLES)) or pd.isna(r.get(READ_LATENCY_DATA)):
                continue
            line = int(r[LINE_BYTES]) if pd.notna(r.get(LINE_BYTES)) else 64
            gbps = hardware_throughput(r["clock_mhz"] * 1e6, float(r[CYCLES]), line) / 1e9
            need = engines_needed(resolved.bits_per_second * (1 + extra.extra_traffic), gbps * 1e9)
            ns = 1e3 / float(r["clock_mhz"])
            rows.append({
                "scheme": scheme.name, "configuration": r["label"], "gbps": gbps,
                "extra_traffic": extra.extra_traffic, "capacity": extra.capacity, "engines": need.count,
                "area_mm2": need.count * float(r[AREA]) / 1e6,
                "power_w": need.count * float(r[POWER]),
                "latency_data_ns": float(r[READ_LATENCY_DATA]) * ns,
                "latency_verdict_ns": float(r[READ_LATENCY]) * ns if scheme.integrity else math.nan,
                "latency_share": float(r[READ_LATENCY_DATA]) * ns / access_ns if access_ns == access_ns else math.nan,
                "metadata": extra.note, "source": scheme.source,
            })
    return pd.DataFrame(rows)


def scheme_table(results: pd.DataFrame, bandwidth: str, access: Access = Access(), efficiency: float = 1.0,
                 count: int = 1) -> pd.DataFrame:
    """scheme_rows for display, with the assumption, sources and access latency in ``.attrs``."""
    rows = scheme_rows(results, bandwidth, access, efficiency, count)
    resolved = resolve_bandwidth(bandwidth, efficiency=efficiency, count=count)
    access_ns, access_source = _access_ns(bandwidth)
    out = pd.DataFrame() if rows.empty else pd.DataFrame({
        "scheme": rows["scheme"], "engine": rows["configuration"], "Gb/s each": round_sig(rows["gbps"]),
        "extra traffic %": (rows["extra_traffic"] * 100).round(1), "metadata capacity %": (rows["capacity"] * 100).round(1),
        "engines": rows["engines"], "total area mm2": rows["area_mm2"].round(2), "total power W": rows["power_w"].round(3),
        "read latency ns": rows["latency_data_ns"].round(1), "verdict ns": rows["latency_verdict_ns"].round(1),
        "latency / DRAM access": rows["latency_share"].round(3),
    })
    out.attrs["assumption"] = (f"{resolved.assumption}; engines carry data + metadata traffic; totals are N x one "
                               "engine at the sweep's clock (no dispatcher); latency unloaded, at the sweep's clock")
    out.attrs["access"] = (f"DRAM access {access_ns:g} ns ({access_source})" if access_ns == access_ns
                           else "no DRAM access latency for a plain bandwidth quantity: use a preset")
    out.attrs["sources"] = {s.name: s.source for s in SCHEMES.values()}
    out.attrs["notes"] = [] if not rows.empty else ["no N = 1 engine rows with read latency for any scheme"]
    return out
