"""The measured library pairs that bracket and check the node projection (cryptoppa.feasibility.nodes), as plain
data from committed inputs. A pair is one design measured on two libraries, each on its own basis (node, supply,
corner, power model); its figures are kGE, fmax and energy (per line, or per cycle where the source gives no line):

- across nodes (anchors): OpenROAD-flow-scripts' AES (aes_cipher_top) on Nangate45 and ASAP7 at ONE snapshot
  (SNAPSHOT, scripts/orfs_aes_figures.py -> orfs_aes.csv), and our engines measured at two nodes (freepdk45_char
  and sky130_char today; any library of nodes.MEASURED whose results table SOURCES names, such as ASAP7 or
  sky130hd rows when they are measured);
- at one node (library factors): our engines on two 45 nm libraries (reports/libraries: freepdk45_char against
  nangate45, the library ORFS's pair starts from), which carry an anchor's ratio over to a library it did not use.

    python -m cryptoppa.feasibility.node_checks              # rewrite pairs.csv from the committed inputs
    python -m cryptoppa.feasibility.node_checks --measured   # first rebuild measured.csv from the results
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ..catalog import AREA_KGE, ENERGY_LINE, FMAX, POWER
from ..errors import InputError
from ..paths import ROOT
from . import nodes

DATA = ROOT / "reports" / "nodes" / "data"
MEASURED = "measured.csv"
ORFS = "orfs_aes.csv"
PAIRS = "pairs.csv"
# The ORFS snapshot the checks use: October 2022, the first whose ASAP7 DONT_USE_CELLS leaves the x1 cells usable,
# as today's does (January 2022's excluded them and so mapped to NAND2x2 and larger).
SNAPSHOT = "d09209f53afbb7556b55c74b63b72a574bc0addf"
ORFS_SOURCE = "OpenROAD-flow-scripts"
# Our results tables: the designs report (FreePDK45), the nodes report (sky130), the libraries report (FreePDK45
# beside Nangate45, vectorless power only). A table of ASAP7 or sky130hd rows joins here when it is measured.
SOURCES = {"designs": ROOT / "reports" / "designs" / "data" / "results.csv",
           "nodes": ROOT / "reports" / "nodes" / "data" / "results.csv",
           "libraries": ROOT / "reports" / "libraries" / "data" / "results.csv"}
DESIGNS_45 = SOURCES["designs"].parent  # the 45 nm engines every projection starts from
KINDS = ("kge", "fmax", "energy")  # the figures of a pair


@dataclass(frozen=True)
class Library:
    """One side of a pair: a library at a node, its supply and corner as the data was measured."""

    name: str  # "nangate45/typ", "asap7/BC", "freepdk45_char/nom"
    nm: int
    vdd: float
    corner: str = ""  # what the corner is ("typical", "BC (default CORNER): ..._RVT_FF_...")

    @property
    def pdk(self) -> str:
        return self.name.split("/")[0]


@dataclass(frozen=True)
class Pair:
    """One design on two libraries: each figure on a and on b (b / a is the pair's ratio)."""

    design: str  # an engine key (engine_key) or "aes_cipher_top"
    a: Library
    b: Library
    figures: dict  # kind -> (on a, on b)
    power: str  # the power model both energies are on
    source: str  # where the figures come from

    def ratio(self, kind: str) -> float:
        a, b = self.figures.get(kind, (float("nan"), float("nan")))
        return b / a if a else float("nan")


def engine_key(row: pd.Series) -> str:
    """The engine and its parameters, without the library: what matches a row on one library to one on another."""
    params = sorted((c.removeprefix("param_"), row[c]) for c in row.index
                    if c.startswith("param_") and pd.notna(row[c]))
    return f"{row['design']} [" + ",".join(f"{k}={int(v) if float(v).is_integer() else v}" for k, v in params) + "]"


def _usable(path: Path) -> pd.DataFrame:
    table = pd.read_csv(path)
    table = table[table["status"].isin(["ok", "cached"]) & table["pdk"].isin(list(nodes.MEASURED))]
    return table[table["n"] == 1] if "n" in table.columns else table


def collect_measured(sources: dict[str, Path] = SOURCES) -> pd.DataFrame:
    """One row per engine, library and power model: kGE, fmax and energy per line (simulated at saturation where
    the table has it, else vectorless at the measured clock), from every results table of `sources` present."""
    rows = []
    for name, path in sources.items():
        if not path.is_file():
            continue
        table = _usable(path)
        if "wire_load" in table.columns:  # timed without a wire model, as our other libraries are
            table = table[table["wire_load"].fillna("none").isin(["none", "off"])]
        table = table[[c == nodes.MEASURED[p][2] for p, c in zip(table["pdk"], table["corner"])]]
        for (pdk, corner), per_library in table.groupby(["pdk", "corner"]):
            for key, group in per_library.groupby(per_library.apply(engine_key, axis=1)):
                saturated = group[group["activity_mode"] == "sim:saturated"]
                first = (saturated if len(saturated) else group[group["activity_mode"] == "vectorless"]).iloc[0]
                nm, vdd, _ = nodes.MEASURED[pdk]
                rows.append({"engine": key, "design": first["design"], "pdk": pdk, "corner": corner, "node_nm": nm,
                             "vdd": vdd, "clock_mhz": first["clock_mhz"], "kge": first[AREA_KGE],
                             "fmax_mhz": first[FMAX], "power_w": first[POWER],
                             "energy_per_line_pj": first.get(ENERGY_LINE, float("nan")),
                             "power_model": "simulated, saturated" if len(saturated) else "vectorless",
                             "source": path.relative_to(ROOT).as_posix()})
    if not rows:
        raise InputError(f"node pairs: none of {', '.join(str(p) for p in sources.values())} has results")
    return pd.DataFrame(rows).sort_values(["engine", "node_nm", "pdk"]).reset_index(drop=True)


def measured_pairs(measured: pd.DataFrame) -> list[Pair]:
    """Every engine measured on two libraries under one power model: across nodes, and at one node against
    nangate45 (the library ORFS's anchor starts from). Energy is per line where both are simulated; vectorless
    power at one clock gives the energy ratio as the power ratio (per cycle)."""
    out = []
    for (engine, power), group in measured.groupby(["engine", "power_model"]):
        rows = list(group.itertuples(index=False))
        for i, a in enumerate(rows):
            for b in rows[i + 1:]:
                if a.node_nm == b.node_nm and "nangate45" not in (a.pdk, b.pdk):
                    continue
                if (b.node_nm == 45 and a.node_nm != 45) or (b.node_nm == a.node_nm and a.pdk == "nangate45"):
                    a, b = b, a  # from 45 nm, where projections start; at one node from ours to nangate45
                simulated = power == "simulated, saturated"
                if not simulated and a.clock_mhz != b.clock_mhz:
                    continue
                energy = (a.energy_per_line_pj, b.energy_per_line_pj) if simulated else (a.power_w, b.power_w)
                out.append(Pair(engine, Library(f"{a.pdk}/{a.corner}", a.node_nm, a.vdd),
                                Library(f"{b.pdk}/{b.corner}", b.node_nm, b.vdd),
                                {"kge": (a.kge, b.kge), "fmax": (a.fmax_mhz, b.fmax_mhz), "energy": energy},
                                power if simulated else f"vectorless, both at {a.clock_mhz:g} MHz",
                                " and ".join(sorted({a.source, b.source}))))
    return out


def orfs_rows(orfs: pd.DataFrame, commit: str = SNAPSHOT) -> dict[int, pd.Series]:
    """The snapshot's row per node, with its routed fmax (the clock less the worst setup slack) and energy per cycle
    (routed power x the constraint's clock period)."""
    rows = orfs[orfs["commit"] == commit]
    if sorted(rows["node_nm"]) != [7, 45]:
        raise InputError(f"{ORFS}: snapshot {commit[:7]} needs one 45 nm and one 7 nm row")
    out = {}
    for _, r in rows.iterrows():
        r = r.copy()
        r["kge"] = r["synth_area_um2"] / r["ge_um2"] / 1000
        r["fmax_mhz"] = 1000.0 / (r["clock_period_ns"] - r["finish_setup_ws_ns"])
        r["energy_per_cycle_pj"] = r["finish_power_w"] * r["clock_period_ns"] * 1e3
        out[int(r["node_nm"])] = r
    return out


def orfs_pair(orfs: pd.DataFrame, commit: str = SNAPSHOT) -> Pair:
    """ORFS's AES on Nangate45 and on ASAP7 at one snapshot, each at the corner and supply the flow ran it at."""
    at = orfs_rows(orfs, commit)
    # Nangate45's one liberty is the typical corner our nangate45 PDK reads too: the same library as our rows on it
    a, b = (Library(f"{r['platform']}/" + ("typ" if r["corner"].startswith("typical") else r["corner"].split(" ")[0]),
                    int(r["node_nm"]), float(r["supply_v"]), r["corner"]) for r in (at[45], at[7]))
    figures = {"kge": (at[45]["kge"], at[7]["kge"]), "fmax": (at[45]["fmax_mhz"], at[7]["fmax_mhz"]),
               "energy": (at[45]["energy_per_cycle_pj"], at[7]["energy_per_cycle_pj"])}
    return Pair("aes_cipher_top", a, b, figures, "OpenSTA vectorless, routed, at the constraint's clock",
                f"{ORFS_SOURCE} {commit[:7]} ({at[45]['date']}), flow/designs/{{nangate45,asap7}}/aes")


def load_pairs(data: Path = DATA) -> list[Pair]:
    """The ORFS anchor and every pair of our committed measurements (measured.csv)."""
    return [orfs_pair(pd.read_csv(data / ORFS)), *measured_pairs(pd.read_csv(data / MEASURED))]


def pairs_table(pairs: list[Pair]) -> pd.DataFrame:
    return pd.DataFrame([{"design": p.design, "a": p.a.name, "a_nm": p.a.nm, "a_vdd": p.a.vdd, "b": p.b.name,
                          "b_nm": p.b.nm, "b_vdd": p.b.vdd, **{f"{k}_a": p.figures[k][0] for k in KINDS},
                          **{f"{k}_b": p.figures[k][1] for k in KINDS},
                          **{f"{k}_ratio": round(p.ratio(k), 6) for k in KINDS}, "power": p.power,
                          "source": p.source} for p in pairs])


def regenerate(data: Path = DATA, measured: bool = False) -> pd.DataFrame:
    """Write pairs.csv (and, with measured, first measured.csv from the results tables) into data; return it."""
    if measured:
        collect_measured().to_csv(data / MEASURED, index=False)
    for name in (MEASURED, ORFS):
        if not (data / name).is_file():
            raise InputError(f"{data / name}: missing input of the node pairs")
    table = pairs_table(load_pairs(data))
    table.to_csv(data / PAIRS, index=False)
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description="Regenerate the node projection's measured pairs "
                                                 "(reports/nodes/data).")
    parser.add_argument("--measured", action="store_true", help="first rebuild measured.csv from the results")
    args = parser.parse_args()
    table = regenerate(measured=args.measured)
    print(f"{PAIRS}: {len(table)} pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
