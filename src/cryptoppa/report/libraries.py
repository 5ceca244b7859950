"""The libraries compared: one engine's kGE, fmax, logic depth in FO4 stages, power and energy per line on each
library (and with and without its wire-load model), from the results and the stage-delay table beside them
(`cryptoppa pdk stage-delay`). Shown when the results hold an engine on two or more libraries with a measured
stage delay: the Nangate45 calibration of reports/libraries."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..feasibility.report_text import round_sig
from ..paths import shown
from ..pdk.stage_delay import INPUT_TRANSITION_PS
from ..pdk.stage_delay import TABLE as STAGE_TABLE
from ..sweep import results as results_mod
from .basis import STUDY_CLOCK_MHZ, Basis, basis_of, configurations, engine_power
from .document import Block, Heading, Paragraph, Table
from .load import Results, engines_alone
from .parts import source

SIG = 4
REFERENCE_PDK = "nangate45"  # the library published 45 nm work is most often on


def stage_delays(folder: Path) -> pd.Series:
    """The folder's FO4 delays (ps) by ("pdk/corner", wire load); empty where none were measured."""
    stages = results_mod.read(folder, STAGE_TABLE)
    if stages.empty:
        return pd.Series(dtype=float)
    stages = stages.assign(library=stages["pdk"] + "/" + stages["corner"])
    return stages.set_index(["library", "wire_load"])["fo4_ps"]


def comparison(results: Results, basis: Basis) -> pd.DataFrame:
    """One row per engine configuration on a library whose stage delay was measured."""
    fo4 = stage_delays(results.folder)
    configs = configurations(results, basis)
    if fo4.empty or configs.empty:
        return pd.DataFrame()
    configs = engines_alone(configs[[(lib, w) in fo4.index for lib, w in zip(configs["library"], configs["wire_load"])]])
    if configs.empty or configs["library"].nunique() < 2:
        return pd.DataFrame()
    rows = []
    for _, c in configs.iterrows():
        stage_ps = float(fo4[(c["library"], c["wire_load"])])
        power_w = engine_power(c, STUDY_CLOCK_MHZ)
        rows.append({
            "design": c["design"], "library": c["library"], "wire-load model": c["wire_load"],
            "kGE": c["kge"], "area µm²": c["area_um2"], "FO4 ps": stage_ps, "fmax MHz": c["fmax_mhz"],
            "cycle in FO4": 1e6 / c["fmax_mhz"] / stage_ps,
            f"power mW @{STUDY_CLOCK_MHZ:g} MHz": power_w * 1e3, "line bytes": c["line_bytes"],
            "pJ per line": power_w * c["cycles_per_line"] / STUDY_CLOCK_MHZ * 1e6,
        })
    table = pd.DataFrame(rows).sort_values(["design", "library", "wire-load model"], kind="stable")
    measured = [c for c in table.columns if c not in ("design", "library", "wire-load model", "line bytes")]
    return table.assign(**{c: round_sig(table[c], SIG) for c in measured}).reset_index(drop=True)


def _ratios(table: pd.DataFrame) -> str:
    """Each FlexLib row against the reference library's row of the same design (with its wire-load model)."""
    said = []
    for design, g in table.groupby("design", sort=True):
        ref = g[(g["library"].str.startswith(REFERENCE_PDK + "/")) & ~g["wire-load model"].isin(["none", "off"])]
        if ref.empty:
            continue
        r = ref.iloc[0]
        for _, o in g[~g["library"].str.startswith(REFERENCE_PDK + "/")].iterrows():
            said.append(f"{design} on {o['library']}: {o['kGE'] / r['kGE']:.2f}× the kGE, a gate stage "
                        f"{r['FO4 ps'] / o['FO4 ps']:.2f}× as fast, "
                        f"{o['fmax MHz'] / r['fmax MHz']:.2f}× the fmax, {o['cycle in FO4'] / r['cycle in FO4']:.2f}× "
                        f"the cycle in FO4 and {o['pJ per line'] / r['pJ per line']:.2f}× the "
                        f"energy per line of {r['library']}")
    return "; ".join(said)


def _flexlib_variants(table: pd.DataFrame) -> str:
    """The characterized FlexLib tables against the shipped ones, as the flow times them."""
    said = []
    for design, g in table.groupby("design", sort=True):
        by = g.set_index("library")
        if {"freepdk45/nom", "freepdk45_char/nom"} <= set(by.index):
            ours, shipped = by.loc["freepdk45_char/nom"], by.loc["freepdk45/nom"]
            said.append(f"{design} {ours['fmax MHz'] / shipped['fmax MHz']:.3f}× the fmax")
    if not said:
        return ""
    stage = table.drop_duplicates("library").set_index("library")["FO4 ps"]
    return (f" The characterized FlexLib tables (freepdk45_char) against the shipped ones (freepdk45): a gate stage "
            f"{stage['freepdk45_char/nom'] / stage['freepdk45/nom']:.3f}× as long as OpenSTA times it, "
            f"{', '.join(said)}. Their arcs are slower at the same slew and load (reports/flexlib), but the shipped "
            "liberty also gives every output pin a capacitance, which OpenSTA adds to the net it drives, while the "
            "characterized tables already hold the cell's own output: in the flow the shipped stage carries the "
            "larger load.")


def section(results: Results) -> list[Block]:
    basis = basis_of(results)
    table = comparison(results, basis)
    if table.empty:
        return []
    stage_path = results_mod.table_path(results.folder, STAGE_TABLE)
    ratios = _ratios(table)
    return [
        Heading(2, "The libraries side by side"),
        Paragraph(
            "The same RTL mapped to each library with the same flow: each library's own buffer drives the inputs, "
            "every output sees the same load, and OpenSTA times the netlist with the library's wire-load model and "
            "without it ('off': net capacitance = pin capacitance, as FlexLib, which has 'none', is always timed). "
            "'FO4 ps' "
            "is one gate stage on that library: OpenSTA's delay of its X1 inverter in a fan-out-of-4 chain from a "
            f"{INPUT_TRANSITION_PS:g} ps input transition, timed as the engines are (`cryptoppa pdk stage-delay`). 'Cycle in FO4' is the "
            "clock period at fmax in those stages: the engine's logic depth, which a library comparison should "
            "leave unchanged; kGE divides the cells' area by each library's NAND2 X1. Power is on this report's "
            "basis (vectorless unless simulated) at the study's clock; energy per line is that power over the "
            "engine's cycles per line." + (f" Against Nangate45: {ratios}." if ratios else "")
            + _flexlib_variants(table)),
        Table(table, source(results, "N = 1 rows") + f" and `{shown(stage_path)}` (fo4_ps)"),
    ]
