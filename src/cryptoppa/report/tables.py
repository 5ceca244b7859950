"""Display tables: the analysis frames with readable column names and units, ready for a Block.

Numbers are shown to 4 significant digits (a reader compares, not re-derives; every stored digit stays in
results.csv, which the Source section names), and groups by what varies between them (cryptoppa.report.labels).
"""

from __future__ import annotations

import pandas as pd

from ..catalog import (
    AREA, AREA_SEQ, CELLS, CYCLES, DIE_AREA, DIE_HEIGHT, DIE_WIDTH, FLOPS, FMAX, FMAX_RATIO, HOLD_WS, LATENCY, PERIOD,
    POWER, POWER_INTERNAL, POWER_LEAKAGE, POWER_RATIO, POWER_SWITCHING, TNS, UNROUTED, UTILIZATION, WIRELENGTH, WS,
    routed
)
from ..feasibility.report_text import round_sig
from ..feasibility.units import format_bandwidth
from ..pdk import get as get_pdk
from .labels import short_labels
from .load import Results

# Metric column -> header.  Units are those of the results table, unconverted.
POINT_COLUMNS = {
    CELLS: "cells",
    FLOPS: "seq cells",
    AREA: "area µm²",
    AREA_SEQ: "seq area µm²",
    PERIOD: "period ns",
    WS: "setup ws ns",
    TNS: "setup tns ns",
    HOLD_WS: "hold ws ns",
    FMAX: "fmax MHz",
    POWER_INTERNAL: "internal W",
    POWER_SWITCHING: "switching W",
    POWER_LEAKAGE: "leakage W",
    POWER: "power W",
    DIE_AREA: "routed die µm²",
    routed(FMAX): "routed fmax MHz",
    routed(POWER): "routed power W",
    CYCLES: "cycles/line",
    LATENCY: "latency cycles",
}
_SIG = 4  # significant digits for derived quantities (fits, feasibility): inputs have ~4-6


# The per-point columns a reader compares; the rest (sequential split, hold, power components) stay in results.csv.
POINT_SHOWN = (CELLS, AREA, WS,
               FMAX, POWER, CYCLES, LATENCY)


def names(groups: pd.Series) -> pd.Series:
    """Each group by what tells it apart from the others in the same table."""
    return groups.map(short_labels(list(groups.drop_duplicates())))


def points_table(results: Results) -> pd.DataFrame:
    pts = results.points
    out = pd.DataFrame({"design": names(pts["group"]), "N": pts["n"]})
    if "array_mode" in pts.columns and pts["array_mode"].nunique() > 1:
        out["array"] = pts["array_mode"].fillna("")
    out["status"] = pts["status"]
    for col in POINT_SHOWN:
        if col not in pts.columns or pts[col].isna().all():
            continue
        if col == POWER:
            out["power mW"] = round_sig(pts[col] * 1e3, _SIG)
        else:
            out[POINT_COLUMNS[col]] = round_sig(pts[col], _SIG)
    return out


def failed_table(results: Results) -> pd.DataFrame:
    cols = [c for c in ("label", "error", "log", "run_dir") if c in results.failed.columns]
    return results.failed[cols].rename(columns={"label": "point"})


def readable(value: float) -> str:
    """4 significant digits without an exponent for the magnitudes a report shows (29910, not 2.991e+04)."""
    return f"{float(f'{value:.{_SIG}g}'):.10g}"


def _interval(centre, low, high) -> str:
    if pd.isna(centre):
        return ""
    if pd.isna(low):
        return readable(centre)
    return f"{readable(centre)} [{readable(low)}, {readable(high)}]"


def fits_table(fits: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "design": names(fits["group"]),
        "metric": fits["metric"].map(lambda m: POINT_COLUMNS.get(m, m)),
        "points": fits["n_points"],
        "N range": [f"{int(a)}-{int(b)}" for a, b in zip(fits["n_min"], fits["n_max"])],
        "slope per engine (95 % CI)": [_interval(*v) for v in
                                       zip(fits["slope"], fits["slope_ci_low"], fits["slope_ci_high"])],
        "intercept (95 % CI)": [_interval(*v) for v in
                                zip(fits["intercept"], fits["intercept_ci_low"], fits["intercept_ci_high"])],
        "R²": round_sig(fits["r2"], _SIG),
        "linearity check": fits["linearity_check"],
        "p (x² term)": round_sig(fits["linearity_p"], 3),
        "note": fits["note"],
    })


def engines_table(engines: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "design": names(engines["group"]),
        "from N": engines["n"],
        "clock MHz": round_sig(engines["clock_mhz"]),
        "line bytes": engines["line_bytes"],
        "cycles/line": round_sig(engines["cycles_per_line"]),
        "per-engine Gb/s": round_sig(engines["bits_per_second"] / 1e9),
        "note": engines["note"],
    })


def feasibility_table(feas: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "preset": feas["bandwidth"],
        "bandwidth": feas["bandwidth_bits"].map(format_bandwidth),
        "design": names(feas["group"]),
        "per-engine Gb/s": round_sig(feas["per_engine_bits"] / 1e9),
        "engines": feas["engines"],
        "load": round_sig(feas["utilization"], 3),
        "area mm²": round_sig(feas["area_mm2"]),
        "kGE": feas["kge"].round(0),
        "power W": round_sig(feas["power_w"]),
        "pJ/byte": round_sig(feas["pj_per_byte"], 3),
    })


def compare_table(compare: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "design": names(compare["group"]),
        "N": compare["n"],
        "cycles/line": round_sig(compare["cycles_per_line"]),
        "latency cycles": compare["latency_cycles"],
        "Gb/s": round_sig(compare["gbps"]),
        "area mm²": round_sig(compare["area_mm2"]),
        "power mW": round_sig(compare["power_mw"]),
        "mm² per Gb/s": round_sig(compare["mm2_per_gbps"]),
        "mW per Gb/s": round_sig(compare["mw_per_gbps"]),
        "Gb/s per mm²": round_sig(compare["gbps_per_mm2"]),
        "Gb/s per mW": round_sig(compare["gbps_per_mw"]),
    })


def activity_table(comparison: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "configuration": comparison["configuration"], "activity": comparison["activity"],
        "internal mW": round_sig(comparison["internal_w"] * 1e3), "switching mW": round_sig(comparison["switching_w"] * 1e3),
        "leakage mW": round_sig(comparison["leakage_w"] * 1e3), "total mW": round_sig(comparison["power_w"] * 1e3),
        "/ vectorless": round_sig(comparison["ratio_to_vectorless"], 3),
        "coverage": round_sig(comparison["coverage"], 3),
        "pJ per byte": round_sig(comparison["energy_per_byte_pj"]),
    })


def _firmware(frame: pd.DataFrame) -> pd.Series:
    return frame["core"] + " ZK=" + frame["zk"].astype(str) + " " + frame["variant"]


def core_energy_table(energy: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "core, firmware": _firmware(energy), "AES key": energy["key_bits"], "-O": energy["opt"],
        "cycles/byte": round_sig(energy["cycles_per_byte"]),
        "instr./byte": round_sig(energy["instructions_per_byte"]),
        "window cycles": energy["window_cycles"],
        "power mW (simulated)": round_sig(energy["power_w"] * 1e3),
        "power mW (vectorless)": round_sig(energy["vectorless_w"] * 1e3),
        "coverage": round_sig(energy["coverage"], 3),
        "nJ per byte": round_sig(energy["energy_per_byte_pj"] / 1e3),
    })


def key_scaling_table(scaling: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "core, firmware": _firmware(scaling), "-O": scaling["opt"], "AES key": scaling["key_bits"],
        "energy / AES-128": round_sig(scaling["energy_ratio"], 3),
        "cycles / AES-128": round_sig(scaling["cycles_ratio"], 3),
        "rounds / 10": round_sig(scaling["rounds_ratio"], 3),
    })


def routed_table(results: Results) -> pd.DataFrame:
    """Synthesis-only and placed-and-routed figures of each routed point side by side, with their ratios."""
    pts = results.points
    if routed(FMAX) not in pts.columns:
        return pd.DataFrame()
    done = pts[pts[routed(FMAX)].notna()]
    return pd.DataFrame({
        "point": done["label"],
        "cell area µm²": round_sig(done[AREA]),
        "die area µm²": round_sig(done[DIE_AREA]),
        "utilization": round_sig(done[UTILIZATION], 3),
        "wire mm": round_sig(done[WIRELENGTH] / 1e3),
        "unrouted": done[UNROUTED],
        "fmax MHz synth": round_sig(done[FMAX]),
        "fmax MHz routed": round_sig(done[routed(FMAX)]),
        "fmax ratio": round_sig(done[FMAX_RATIO], 3),
        "power mW synth": round_sig(done[POWER] * 1e3),
        "power mW routed": round_sig(done[routed(POWER)] * 1e3),
        "power ratio": round_sig(done[POWER_RATIO], 3),
    })


def ideal_clock_table(results: Results) -> pd.DataFrame:
    """What the routed fmax leaves out by timing an ideal clock: each routed point's period beside the RC delay of
    one unloaded clock wire from the die's centre to its farthest corner, and the fmax if that much skew were
    charged. No clock tree is built, so this is a scale for the error, not a measured skew."""
    pts = results.points
    if routed(FMAX) not in pts.columns:
        return pd.DataFrame()
    done = pts[pts[routed(FMAX)].notna()]
    reach = (done[DIE_WIDTH] + done[DIE_HEIGHT]) / 2
    wire = [get_pdk(p).routing.slowest_wire_ps(float(l)) for p, l in zip(done["pdk"], reach)]
    delay = pd.Series([ps for _, ps in wire], index=done.index)
    period = 1e6 / done[routed(FMAX)]
    return pd.DataFrame({
        "point": done["label"],
        "centre to corner µm": round_sig(reach),
        "layer": [layer for layer, _ in wire],
        "wire delay ps": round_sig(delay, 3),
        "routed period ps": round_sig(period),
        "fmax MHz routed": round_sig(done[routed(FMAX)]),
        "fmax MHz with that skew": round_sig(1e6 / (period + delay)),
        "fmax lost %": round_sig(100 * delay / (period + delay), 3),
    })
