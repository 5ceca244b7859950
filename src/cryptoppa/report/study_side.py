"""The 2013 study beside our measurement: its printed number, ours, the ratio, and where in 001 it is printed.

Only figures both have are listed. The study measured one engine, an iterative AES-GCM module, so the rows are
for our AES-GCM designs (every design when the results have none). Its numbers come from
:mod:`cryptoppa.feasibility.owen2013` as printed (the paper-mode section recomputes them); ours from the fits,
the N = 1 point and the feasibility at the study's 25.6 GB/s.
"""

from __future__ import annotations

import math

import pandas as pd

from ..feasibility import owen2013
from ..feasibility.report_text import round_sig
from .basis import SATURATED, STUDY_CLOCK_MHZ, activity_modes, config_keys, engine_power
from .load import Results
from .labels import short_labels

SIG = 4


def _study_figures() -> list[tuple[str, str, float, str]]:
    """(quantity, key of our value, the study's number, where 001 prints it)."""
    asic = next(o for o in owen2013.OWEN2013.options if o.key == "asic")
    one = owen2013.OWEN2013.asic_table[0]
    table = owen2013.OWEN2013.asic_table_source.split(":")[0]
    return [
        ("area of one engine (N = 1) µm²", "area_n1", one.area_um2, table),
        ("area per added engine (slope) µm²", "area_slope", owen2013.ASIC_AREA_FIT.slope, "001 Eq. 5.5"),
        ("power of one engine (N = 1) mW", "power_n1", one.power_mw, table),
        ("power per added engine (slope) mW", "power_slope", owen2013.ASIC_POWER_FIT.slope, "001 Eq. 5.3"),
        ("cycles per 64-byte line + tag", "cycles", float(asic.cycles_per_line), "001 Table 5.1"),
        ("target clock MHz", "clock", asic.clock_hz / 1e6, "001 §5.2, Table 6.1"),
        ("fmax of one engine MHz", "fmax", owen2013.ASIC_FMAX_MHZ, owen2013.ASIC_FMAX_SOURCE),
        ("per-engine throughput Mb/s", "mbps", asic.throughput_mbps, "001 Table 6.1"),
        ("engines for 25.6 GB/s", "engines", float(asic.study_instances), "001 §6.1.3"),
        ("total power for 25.6 GB/s W", "power_total", asic.study_power_w, "001 §6.1.3"),
        ("total area for 25.6 GB/s mm²", "area_total", asic.study_area_mm2, "001 §6.1.3"),
    ]


def _ours(results: Results, fits: pd.DataFrame, rows: dict, basis, group: str) -> dict[str, float]:
    pts = results.points[results.points["group"] == group]
    first = pts.sort_values("n", kind="stable").iloc[0]
    values = {"clock": float(first["clock_mhz"])}
    if group in rows:
        config, totals, _ = rows[group]
        values.update(area_n1=config["area_um2"], power_n1=engine_power(config, STUDY_CLOCK_MHZ) * 1e3,
                      fmax=config["fmax_mhz"], cycles=config["cycles_per_line"], mbps=totals.gbps_each * 1e3,
                      engines=float(totals.engines), power_total=totals.power_w, area_total=totals.area_mm2)
    # On a simulated basis the power per engine is the saturated rows' slope, as the answer's power is.
    power_group = _saturated_twin(results, group) if basis.simulated else group
    for metric, key, scale, g in ((basis.area_column, "area_slope", 1.0, group),
                                  (basis.power_column(), "power_slope", 1e3, power_group)):
        fit = fits[(fits["group"] == g) & (fits["metric"] == metric)] if not fits.empty else fits
        if not fit.empty:
            values[key] = float(fit["slope"].iloc[0]) * scale
    return values


def _saturated_twin(results: Results, group: str) -> str:
    """The group of the same configurations simulated at saturation."""
    pts, keys = results.points, config_keys(results)
    mine = set(keys[pts["group"] == group])
    twins = pts.loc[(activity_modes(pts) == SATURATED) & keys.isin(mine), "group"].drop_duplicates()
    return twins.iloc[0] if len(twins) == 1 else group


def compared_groups(results: Results) -> list[str]:
    """The study's class of engine: an iterative AES-GCM with 16-bit GHASH digits (001 §5.1), AES-128, table
    S-boxes; failing that our AES-GCM designs, failing that every design. Groups are named by their vectorless rows,
    as the answer's configurations are (a simulated workload's rows are those configurations' twins)."""
    pts = results.points
    groups = list(pts.loc[activity_modes(pts) == "vectorless", "group"].drop_duplicates())
    like = [g for g in groups if g.startswith("gcm_iter ") and "DIGIT=16" in g and "KEY_BITS=128" in g
            and "SBOX=1" not in g]
    gcm = [g for g in groups if g.startswith("gcm")]
    return like[:1] or gcm[:1] or groups[:1]


def side_by_side(results: Results, fits: pd.DataFrame, answer_rows: list, basis) -> pd.DataFrame:
    """Long table: quantity, 001 source, study, design, ours, ours / study (figures both have only). answer_rows are
    the answer's (configuration, totals, clock) at the study's clock: the study comparison reads the same numbers."""
    groups = compared_groups(results)
    names = short_labels(groups)
    by_group = {config["group"]: row for row in answer_rows for config in [row[0]]}
    ours = {g: _ours(results, fits, by_group, basis, g) for g in groups}
    rows = []
    for quantity, key, study, source in _study_figures():
        for g in groups:
            value = ours[g].get(key, math.nan)
            if value is None or math.isnan(value):
                continue
            rows.append({"quantity": quantity, "001": source, "2013 study": study, "design": names[g],
                         "ours": value, "ours / study": value / study})
    out = pd.DataFrame(rows, columns=["quantity", "001", "2013 study", "design", "ours", "ours / study"])
    for col, digits in (("ours", SIG), ("ours / study", 3)):  # the study's numbers as printed
        out[col] = round_sig(out[col], digits)
    return out
