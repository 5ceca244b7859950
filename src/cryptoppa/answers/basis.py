"""The basis of an answer: the one operating point every number of a report's answer is on, declared once.

A basis names the library and corner, whether figures are placed and routed or synthesis only, the power model
(simulated activity or vectorless) and the area unit. The answer, the study comparison and the README blocks read
their columns through it (`area_column`, `fmax_column`, `power`), so a "routed" label can only sit over routed
metrics and "simulated" only over simulated power. The clock is not part of it: it is the question's
(cryptoppa.answers.question).

Per configuration (a design, its parameters, N, library, corner and clock, whatever activity rows it has), the
figures on the basis come from `configurations`: the vectorless row carries area, timing and the routed columns; the
`sim:saturated` and `sim:idle` rows of the same configuration carry simulated power, from which power at any load
is interpolated (idle + load x (saturated - idle)); vectorless power stays beside it as a cross-check.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pandas as pd

from ..catalog import (
    ACTIVITY_WINDOW, AREA, AREA_KGE, CELLS, CYCLES, DIE_AREA, FLOPS, FMAX, GE_AREA, HINT_LEAD, POWER, POWER_INTERNAL,
    POWER_LEAKAGE, POWER_SWITCHING, READ_LATENCY, READ_LATENCY_DATA, READ_LATENCY_HINTED, READ_LATENCY_HINTED_DATA,
    UNROUTED, routed,
)
from ..feasibility.throughput import hardware_throughput
from .. import pdk
from ..pnr.plan import DEFAULT_UTILIZATION
from .results import Results

SATURATED, IDLE = "sim:saturated", "sim:idle"
_PARTS = (POWER_INTERNAL, POWER_SWITCHING, POWER_LEAKAGE)
# What identifies one netlist and its operating point: the rows of one configuration differ only in activity.
_CONFIG_DROP = ("activity", "activity_mode")


@dataclass(frozen=True)
class Basis:
    routed: bool  # figures of the placed-and-routed netlist (die area, routed fmax, power with wire parasitics)
    simulated: bool  # power from simulated activity (sim:saturated, and sim:idle where measured)
    idle: bool  # every configuration also has a sim:idle row, so power at a partial load is interpolated
    libraries: tuple[str, ...]  # "pdk/corner" of the rows answered
    unrouted: tuple[str, ...] = ()  # designs with routed points Katana left segments of: their figures are estimates
    wire_loads: tuple[str, ...] = ()  # "nangate45: 5K_hvratio_1_1": wire-load models some synthesis rows were timed with
    utilizations: tuple[str, ...] = ()  # "xts: 0.5": routed points placed at other than the default target utilization

    @property
    def area_column(self) -> str:
        return DIE_AREA if self.routed else AREA

    @property
    def fmax_column(self) -> str:
        return routed(FMAX) if self.routed else FMAX

    def power_column(self, name: str = POWER) -> str:
        return routed(name) if self.routed else name

    @property
    def stage(self) -> str:
        return "routed" if self.routed else "synthesis"

    @property
    def power(self) -> str:
        return "simulated activity" if self.simulated else "vectorless"

    def lines(self, clock_text: str, ge_text: str = "") -> list[str]:
        """The basis block: one line per choice a reader must know to use the numbers. ge_text: each library's gate
        equivalent, as the caller shows it ("freepdk45_char: 1 GE = 4.8 µm²")."""
        floorplan = f"target utilization {DEFAULT_UTILIZATION:g}" + (
            f" ({', '.join(self.utilizations)})" if self.utilizations else "")
        area = (f"die area of the placed-and-routed engine (Coriolis, {floorplan}; empty space included)"
                if self.routed else "sum of the cells' library areas (Yosys `stat -liberty`), no wiring")
        wires = (f"the wire-load model where named ({', '.join(self.wire_loads)}), else no wire model"
                 if self.wire_loads else "no wire model")
        timing = ("fmax from OpenSTA with the routed wires' parasitics, register to register, ideal clock (no clock "
                  "tree: an upper bound)" if self.routed else f"fmax from OpenSTA on the mapped netlist with {wires}, "
                  "register to register: an upper bound")
        load = ("and idle (key loaded, no lines); at a load L between them, idle + L × (saturated − idle)"
                if self.idle else "(back-to-back lines), used at every load (an upper bound: idle not simulated)")
        power = (f"simulated activity: each netlist in Icarus at saturation {load}"
                 if self.simulated else
                 "vectorless: OpenSTA propagating 0.1 toggles per cycle from every input (no workload simulated)")
        return [
            "library and corner: " + "; ".join(_described(lib) for lib in self.libraries),
            f"stage: {self.stage}; {timing}"
            + (f"; not completely routed ({', '.join(self.unrouted)}: segments left unrouted): marked † wherever "
               "they appear" if self.unrouted else ""),
            f"area: {area}; also in kGE" + (f" ({ge_text})" if ge_text else "")
            + ("; kGE counts cells, not the die's empty space" if self.routed else ""),
            f"power: {power}; internal power as Debian's OpenSTA `2.0.17` computes it, which charges both edges' "
            "energy on every output transition and the arcs of and-or and mux cells' unswitched pins: above the "
            "liberty's own definition on every library (docs/methods/characterization.md)",
            f"clock: {clock_text}; power at another clock than measured scales internal + switching power with the "
            "clock, leakage unchanged",
        ]


def supply(library: str) -> str:
    """'1 V': a "pdk/corner"'s supply where its descriptor states it (the default corner's nominal voltage)."""
    name, _, corner = library.partition("/")
    if name not in pdk.available():
        return ""
    descriptor = pdk.get(name)
    return f"{descriptor.nominal_voltage:g} V" if corner == descriptor.default_corner else ""


def _described(library: str) -> str:
    """"pdk/corner (what the library is)", from its descriptor, so a reader of the basis alone knows the cells."""
    name = library.partition("/")[0]
    return f"{library} ({pdk.get(name).description})" if name in pdk.available() else library


def activity_modes(pts: pd.DataFrame) -> pd.Series:
    """Each row's activity mode, "vectorless" where the table predates the column or leaves it empty."""
    if "activity_mode" not in pts.columns:
        return pd.Series("vectorless", index=pts.index)
    return pts["activity_mode"].fillna("vectorless").replace("", "vectorless")


def basis_of(results: Results) -> Basis:
    """Routed when every configuration has routed figures, simulated when every one has a sim:saturated row;
    otherwise the figures every configuration has, so a label never covers a mix."""
    pts = results.points
    modes = activity_modes(pts)
    keys = config_keys(results)
    plain = pts[modes == "vectorless"]
    is_routed = len(plain) > 0 and DIE_AREA in plain.columns and bool(plain[DIE_AREA].notna().all())
    simulated = len(plain) > 0 and set(keys[modes == "vectorless"]) <= set(keys[modes == SATURATED])
    idle = simulated and set(keys[modes == "vectorless"]) <= set(keys[modes == IDLE])
    libraries = tuple(sorted({f"{p}/{c}" for p, c in zip(plain["pdk"], plain["corner"])}))
    unrouted = tuple(sorted({d for d, u in zip(plain["design"], plain[UNROUTED]) if u == u and u > 0})) \
        if is_routed and UNROUTED in plain.columns else ()
    wire_loads = tuple(sorted({f"{p}: {w}" for p, w in zip(plain["pdk"], plain["wire_load"])
                               if w not in ("none", "off")})) \
        if "wire_load" in plain.columns and not is_routed else ()
    utilizations = tuple(f"{d}: {u:g}" for d, u in zip(plain["design"], plain["target_utilization"])
                         if u == u and u != DEFAULT_UTILIZATION) \
        if is_routed and "target_utilization" in plain.columns else ()
    return Basis(routed=is_routed, simulated=simulated, idle=idle, libraries=libraries, unrouted=unrouted,
                 wire_loads=wire_loads,
                 utilizations=utilizations)


def _config_columns(results: Results) -> list[str]:
    # An engine alone and a flat array of one are two netlists (the array has its dispatcher)
    form = ["array_mode"] if "array_mode" in results.points.columns else []
    return [c for c in results.group_cols if c not in _CONFIG_DROP] + ["n", *form]


def config_keys(results: Results) -> pd.Series:
    """Each row's configuration, as text: the rows of one netlist under every activity mode share it."""
    return results.points[_config_columns(results)].apply(lambda row: "|".join(map(str, row)), axis=1)


def identity(row: pd.Series | dict) -> str:
    """What makes two quoted figures the same quantity's: the configuration (its group: design, parameters, library,
    corner, clock, activity) and N; not the sweep or the stage that produced the row."""
    form = row.get("array_mode") if hasattr(row, "get") else None
    form = form if isinstance(form, str) and form else "single"  # an array of one is not the engine alone
    return f"{row['group']} N={int(row['n'])} {form}"


def power_at_clock(row: pd.Series | dict, clock_mhz: float, measured_mhz: float, names=_PARTS) -> float:
    """Total power (W) at another clock: internal + switching scale with the clock, leakage does not."""
    internal, switching, leakage = (float(row[n]) for n in names)
    return leakage + (internal + switching) * clock_mhz / measured_mhz


def configurations(results: Results, basis: Basis) -> pd.DataFrame:
    """One row per configuration with its figures on the basis: area (µm², kGE), fmax, cycles, read latency and
    power (simulated at saturation and idle where the basis is simulated; vectorless always), at the target clock."""
    pts = results.points
    cols = _config_columns(results)
    modes = activity_modes(pts)
    rows = []
    for _, group in pts.groupby(cols, sort=False, dropna=False):
        by_mode = {m: g.iloc[0] for m, g in group.groupby(modes.loc[group.index])}
        base = by_mode.get("vectorless")
        if base is None:
            continue
        parts = [basis.power_column(n) for n in _PARTS]
        if any(p not in base.index or pd.isna(base[p]) for p in parts):
            continue
        area = float(base[basis.area_column])
        ge = float(base[GE_AREA]) if GE_AREA in base.index and pd.notna(base[GE_AREA]) else math.nan
        row = {
            "group": base["group"], "design": base["design"], "n": int(base["n"]), "label": base["label"],
            "array_mode": base["array_mode"] if "array_mode" in base.index and isinstance(base["array_mode"], str)
            else "",
            "clock_mhz": float(base["clock_mhz"]), "line_bytes": int(base["line_bytes"]),
            "library": f"{base['pdk']}/{base['corner']}",
            "wire_load": base["wire_load"] if isinstance(base.get("wire_load"), str) else "none",  # or a model, "off"
            # kGE counts the cells (a routed die's whitespace is area, not gates)
            "area_um2": area, "kge": float(base[AREA]) / ge / 1000.0 if ge == ge else float(base.get(AREA_KGE, math.nan)),
            "fmax_mhz": float(base[basis.fmax_column]) if pd.notna(base.get(basis.fmax_column)) else math.nan,
            "cycles_per_line": _number(base, CYCLES),
            "flip_flops": _number(base, FLOPS),
            "cells": _number(base, CELLS),
            "cell_area_um2": float(base[AREA]),
            "unrouted": _number(base, UNROUTED) if basis.routed else math.nan,
            "read_latency_cycles": _number(base, READ_LATENCY),
            "read_latency_data_cycles": _number(base, READ_LATENCY_DATA),
            "read_latency_hinted_data_cycles": _number(base, READ_LATENCY_HINTED_DATA),
            "read_latency_hinted_cycles": _number(base, READ_LATENCY_HINTED),
            "hint_lead_measured": _number(base, HINT_LEAD),
            "rounds": _number(base, "param_ROUNDS"),  # a reduced-round engine answers another scheme (answers.traffic)
            "vectorless": {n: float(base[p]) for n, p in zip(_PARTS, parts)},
        }
        sat, idle = by_mode.get(SATURATED), by_mode.get(IDLE)
        if basis.simulated and sat is not None:
            row["saturated"] = {n: float(sat[p]) for n, p in zip(_PARTS, parts)}
            row["idle"] = {n: float(idle[p]) for n, p in zip(_PARTS, parts)} if idle is not None else None
            row["window_cycles"] = _number(sat, ACTIVITY_WINDOW)
            row["saturated_label"] = sat["label"]
        rows.append(row)
    return pd.DataFrame(rows)


def _number(row: pd.Series, name: str) -> float:
    value = row.get(name)
    return float(value) if value is not None and pd.notna(value) else math.nan


def throughput_gbps(config: pd.Series, clock_mhz: float) -> float:
    return hardware_throughput(clock_mhz * 1e6, config["cycles_per_line"], config["line_bytes"]) / 1e9


def engine_power(config: pd.Series, clock_mhz: float, load: float = 1.0) -> float:
    """One engine's power (W) at a clock and a load (busy fraction) on the basis: simulated between idle and
    saturation where measured (saturation alone when idle was not simulated: an upper bound), else vectorless."""
    target = config["clock_mhz"]
    if isinstance(config.get("saturated"), dict):
        sat = power_at_clock(config["saturated"], clock_mhz, target)
        idle = config.get("idle")
        if isinstance(idle, dict):
            low = power_at_clock(idle, clock_mhz, target)
            return low + load * (sat - low)
        return sat
    return power_at_clock(config["vectorless"], clock_mhz, target)


def vectorless_power(config: pd.Series, clock_mhz: float) -> float:
    return power_at_clock(config["vectorless"], clock_mhz, config["clock_mhz"])
