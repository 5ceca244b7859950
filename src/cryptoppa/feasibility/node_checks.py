"""The two checks of the node projection (cryptoppa.feasibility.nodes), as DataFrames from committed inputs:

(a) 45 -> 130 nm: our FreePDK45 measurements of the engines (freepdk45_char) projected to 130 nm, against the same
    engines measured on sky130 (sky130_char): projected / measured for area, fmax and energy per line;
(b) 45 -> 7 nm: the projected ratios against OpenROAD-flow-scripts' AES (aes_cipher_top) on Nangate45 and ASAP7
    (scripts/orfs_aes_figures.py): synthesis area, routed fmax and energy per cycle.

Each row says how far the projection lands (`off_by`, the larger of the ratio and its inverse) and whether that is
beyond 2x (`beyond_2x`): a check that fails shows as such in its own data. Inputs and outputs live in
reports/nodes/data/ (measured.csv, orfs_aes.csv -> check_45_to_130.csv, check_45_to_7.csv):

    python -m cryptoppa.feasibility.node_checks                # regenerate the checks from the inputs
    python -m cryptoppa.feasibility.node_checks --measured     # first rebuild measured.csv from the results
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

from ..catalog import AREA, ENERGY_LINE, FMAX
from ..errors import InputError
from ..paths import ROOT
from . import nodes

DATA = ROOT / "reports" / "nodes" / "data"
MEASURED = "measured.csv"
ORFS = "orfs_aes.csv"
CHECK_130 = "check_45_to_130.csv"
CHECK_7 = "check_45_to_7.csv"
# Where the measured engines come from: the committed data of the designs report (FreePDK45) and of the nodes
# report (sky130, `cryptoppa sweep sweeps/sky130.toml && cryptoppa publish nodes`).
SOURCES = {"freepdk45_char": ROOT / "reports" / "designs" / "data" / "results.csv",
           "sky130_char": ROOT / "reports" / "nodes" / "data" / "results.csv"}
NODE_OF = {"freepdk45_char": (45, 1.0), "sky130_char": (130, 1.8)}  # nm, supply of the measured corner (V)
LIMIT = 2.0  # a projection further off than this is a failed check
_KINDS = {"area_um2": "area", "fmax_mhz": "frequency", "energy_per_line_pj": "energy"}


def engine_key(row: pd.Series) -> str:
    """The engine and its parameters, without the library: what matches a 45 nm row to a 130 nm one."""
    params = sorted((c.removeprefix("param_"), row[c]) for c in row.index
                    if c.startswith("param_") and pd.notna(row[c]))
    return f"{row['design']} [" + ",".join(f"{k}={int(v) if float(v).is_integer() else v}" for k, v in params) + "]"


def both_measured(sources: dict[str, Path] = SOURCES) -> bool:
    """Whether every library the 45 -> 130 nm check pairs has its committed results."""
    return all(path.is_file() for path in sources.values())


def collect_measured(sources: dict[str, Path] = SOURCES) -> pd.DataFrame:
    """One row per engine and library: synthesis area, fmax and the saturated energy per line (simulated
    activity), from each library's results table."""
    rows = []
    for pdk, path in sources.items():
        if not path.is_file():
            raise InputError(f"{path}: no results for {pdk} (run its sweep, or the designs sweep, first)")
        table = pd.read_csv(path)
        table = table[(table["pdk"] == pdk) & (table["status"].isin(["ok", "cached"]))]
        for key, group in table.groupby(table.apply(engine_key, axis=1)):
            saturated = group[group["activity_mode"] == "sim:saturated"]
            if saturated.empty:
                continue
            first = saturated.iloc[0]
            node, vdd = NODE_OF[pdk]
            rows.append({"engine": key, "design": first["design"], "pdk": pdk, "corner": first["corner"],
                         "node_nm": node, "vdd": vdd, "clock_mhz": first["clock_mhz"],
                         "area_um2": first[AREA], "fmax_mhz": first[FMAX],
                         "energy_per_line_pj": first[ENERGY_LINE], "source": path.relative_to(ROOT).as_posix()})
    return pd.DataFrame(rows).sort_values(["engine", "node_nm"]).reset_index(drop=True)


def _verdict(projected: float, reference: float) -> dict:
    ratio = projected / reference
    off = max(ratio, 1 / ratio)
    return {"projected_over_measured": round(ratio, 4), "off_by": round(off, 4), "beyond_2x": bool(off > LIMIT)}


def check_45_to_130(measured: pd.DataFrame) -> pd.DataFrame:
    """Every engine measured on both libraries: its 45 nm figures projected to 130 nm (at sky130's 1.8 V, the
    supply it was measured at, and at the paper's 130 nm nominal 1.3 V) against the 130 nm measurement."""
    at45 = measured[measured["node_nm"] == 45].set_index("engine")
    at130 = measured[measured["node_nm"] == 130].set_index("engine")
    rows = []
    for engine in sorted(set(at45.index) & set(at130.index)):
        src, dst = at45.loc[engine], at130.loc[engine]
        for variant, dst_vdd in (("at the measured supply", float(dst["vdd"])), ("at the paper's nominal", None)):
            p = nodes.projection(45, 130, src_vdd=float(src["vdd"]), dst_vdd=dst_vdd)
            for metric, kind in _KINDS.items():
                projected = nodes.scale(float(src[metric]), kind, p)
                rows.append({"engine": engine, "metric": metric, "variant": variant, "vdd_130": p.dst_vdd,
                             "measured_45": float(src[metric]), "projected_130": round(projected, 4),
                             "measured_130": float(dst[metric]), **_verdict(projected, float(dst[metric])),
                             "basis": p.basis()})
    if not rows:
        raise InputError("node check 45 -> 130 nm: no engine is measured on both freepdk45_char and sky130_char")
    return pd.DataFrame(rows)


def _orfs_figures(orfs: pd.DataFrame) -> pd.DataFrame:
    """Per ORFS commit and platform: synthesis area, routed fmax (the clock less the worst setup slack) and
    energy per cycle (routed power / the constraint's clock)."""
    out = orfs.copy()
    out["area_um2"] = out["synth_area_um2"]
    out["fmax_mhz"] = 1000.0 / (out["clock_period_ns"] - out["finish_setup_ws_ns"])
    out["energy_per_cycle_pj"] = out["finish_power_w"] * out["clock_period_ns"] * 1e3
    return out


def check_45_to_7(orfs: pd.DataFrame) -> pd.DataFrame:
    """For each ORFS snapshot: the 7 nm / 45 nm ratio of each figure, projected (from 45 nm at Nangate45's
    1.1 V library supply, and at the paper's nominal 1.0 V) and published."""
    figures = _orfs_figures(orfs)
    kinds = {"area_um2": "area", "fmax_mhz": "frequency", "energy_per_cycle_pj": "energy"}
    rows = []
    for commit, group in figures.groupby("commit", sort=False):
        at = {int(r["node_nm"]): r for _, r in group.iterrows()}
        if set(at) != {45, 7}:
            raise InputError(f"{ORFS}: commit {commit} needs one 45 nm and one 7 nm row")
        for variant, src_vdd in (("Nangate45's 1.1 V", float(at[45]["supply_v"])), ("the paper's nominal", None)):
            p = nodes.projection(45, 7, src_vdd=src_vdd, dst_vdd=float(at[7]["supply_v"]))
            for metric, kind in kinds.items():
                published = float(at[7][metric]) / float(at[45][metric])
                projected = nodes.scale(1.0, kind, p)
                verdict = _verdict(projected, published)
                rows.append({"orfs_commit": commit, "orfs_date": at[45]["date"], "metric": metric,
                             "variant": f"45 nm at {variant}", "orfs_45": round(float(at[45][metric]), 4),
                             "orfs_7": round(float(at[7][metric]), 4), "orfs_ratio": round(published, 4),
                             "projected_ratio": round(projected, 4),
                             "projected_over_orfs": verdict["projected_over_measured"], "off_by": verdict["off_by"],
                             "beyond_2x": verdict["beyond_2x"], "basis": p.basis()})
    return pd.DataFrame(rows)


def check_line(data: Path = DATA) -> str:
    """The method's error in one line, for every projected answer: the 45 -> 7 nm check against ORFS' AES (45 nm at
    the paper's nominal supply, as our FreePDK45 libraries are), and the 45 -> 130 nm one where it exists."""
    table = check_45_to_7(pd.read_csv(data / ORFS))
    table = table[table["variant"] == "45 nm at the paper's nominal"]
    parts = []
    for metric, name in (("area_um2", "area"), ("fmax_mhz", "fmax"), ("energy_per_cycle_pj", "energy per cycle")):
        ratios = table.loc[table["metric"] == metric, "projected_over_orfs"]
        span = f"{ratios.min():.2g}" if f"{ratios.min():.2g}" == f"{ratios.max():.2g}" else \
            f"{ratios.min():.2g}-{ratios.max():.2g}"
        beyond = table.loc[table["metric"] == metric, "beyond_2x"].any()
        parts.append(f"{name} x{span}" + (" (off by more than 2x)" if beyond else ""))
    commits = table["orfs_commit"].nunique()
    line = (f"check: the 45 -> 7 nm projection over OpenROAD-flow-scripts' published AES ratio (Nangate45 -> ASAP7, "
            f"{commits} snapshots of 2022): {', '.join(parts)}")
    if both_measured():
        a = check_45_to_130(collect_measured())
        a = a[a["variant"] == "at the measured supply"]
        line += f"; 45 -> 130 nm against sky130_char: off by up to x{a['off_by'].max():.2g}"
    else:
        line += "; the 45 -> 130 nm check against sky130 awaits its measurement"
    return line


def regenerate(data: Path = DATA, measured: bool = False) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Write the two checks (and, with measured, first the measured inputs) into data; return them."""
    if measured:
        collect_measured().to_csv(data / MEASURED, index=False)
    for name in (MEASURED, ORFS):
        if not (data / name).is_file():
            raise InputError(f"{data / name}: missing input of the node checks")
    a = check_45_to_130(pd.read_csv(data / MEASURED))
    b = check_45_to_7(pd.read_csv(data / ORFS))
    a.to_csv(data / CHECK_130, index=False)
    b.to_csv(data / CHECK_7, index=False)
    return a, b


def main() -> int:
    parser = argparse.ArgumentParser(description="Regenerate the node projection's checks (reports/nodes/data).")
    parser.add_argument("--measured", action="store_true", help="first rebuild measured.csv from the results")
    args = parser.parse_args()
    a, b = regenerate(measured=args.measured)
    for name, table in ((CHECK_130, a), (CHECK_7, b)):
        print(f"{name}: {len(table)} rows, {int(table['beyond_2x'].sum())} beyond 2x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
