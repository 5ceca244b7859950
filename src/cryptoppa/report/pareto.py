"""Throughput per area against throughput per power, for every engine configuration (and core, when given).

A configuration is better than another when it delivers more Gb/s per mm² *and* more Mb/s per mW; the ones no
other beats on both are the Pareto front, the only ones worth choosing between. Engines are taken at their
smallest swept N (as in "Designs compared"), cores at the target clock with their logic only (no SRAM), and the
2013 study's ASIC module from its printed N = 1 area and power (001 Table 5.3) and throughput (001 Table 6.1).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..feasibility import owen2013
from . import analysis
from .labels import short_labels
from .load import Results
from .options import core_options

COLUMNS = ["name", "kind", "gbps_per_mm2", "mbps_per_mw"]


def study_point() -> pd.DataFrame:
    asic = next(o for o in owen2013.OWEN2013.options if o.key == "asic")
    one = owen2013.OWEN2013.asic_table[0]
    return pd.DataFrame([{"name": "2013 study ASIC (001 Tables 5.3, 6.1)", "kind": "2013 study",
                          "gbps_per_mm2": asic.throughput_mbps / 1e3 / (one.area_um2 / 1e6),
                          "mbps_per_mw": asic.throughput_mbps / one.power_mw}], columns=COLUMNS)


def pareto_points(results: Results, cores: Path | None = None) -> pd.DataFrame:
    """One row per engine configuration, core firmware and the study's module, with the front marked."""
    parts = []
    engines = analysis.compare_designs(results)
    if not engines.empty:
        names = short_labels(list(engines["group"]))
        parts.append(pd.DataFrame({"name": engines["group"].map(names), "kind": "engine",
                                   "gbps_per_mm2": engines["gbps_per_mm2"],
                                   "mbps_per_mw": engines["gbps_per_mw"] * 1e3}))
    if cores is not None:
        options = core_options(cores)
        options = options[options["basis"] == "target"]
        if not options.empty:
            parts.append(pd.DataFrame({"name": options["option"], "kind": "core",
                                       "gbps_per_mm2": options["gbps"] / options["area_mm2"],
                                       "mbps_per_mw": options["gbps"] * 1e3 / options["power_mw"]}))
    if not parts:
        return pd.DataFrame(columns=[*COLUMNS, "front"])
    points = pd.concat([*parts, study_point()], ignore_index=True)
    points["front"] = front(points)
    return points


def front(points: pd.DataFrame) -> pd.Series:
    """True where no other point is at least as good on both axes and better on one."""
    a, p = points["gbps_per_mm2"].to_numpy(), points["mbps_per_mw"].to_numpy()
    dominated = [bool((((a >= a[i]) & (p >= p[i])) & ((a > a[i]) | (p > p[i]))).any()) for i in range(len(points))]
    return pd.Series([not d for d in dominated], index=points.index)
