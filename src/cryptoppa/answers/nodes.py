"""An answer at another process node: the measured results projected (cryptoppa.feasibility.nodes, Stillmaker and
Baas 2017) before the model reads them, so every figure it derives is computed once on the projected basis; the
projection's factors and its check against published figures as records."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from ..feasibility import node_checks, nodes
from .engines import EngineAnswer
from .model import Model, build
from .published import in_ghz, per_bit
from .records import On, Record
from .results import Results, group_label

PROJECTED_NODE = "7nm"  # the node the designs report projects to: the ORFS check's own target
ACROSS = ("28nm", "16nm", "7nm")  # the nodes the cross-node answer projects to
MEASURED_45 = node_checks.SOURCES["freepdk45_char"].parent  # the 45 nm engines every projection starts from


def projected_results(loaded: Results, node: str) -> Results:
    points = nodes.project(loaded.points, node)
    points["group"] = [group_label(row, loaded.group_cols) for _, row in points.iterrows()]
    failed = nodes.project(loaded.failed, node) if len(loaded.failed) else loaded.failed
    return replace(loaded, table=nodes.project(loaded.table, node), points=points, failed=failed)


def projected_model(model: Model, node: str = PROJECTED_NODE) -> Model:
    """The same question answered from the model's results as they would be at the node."""
    return build(projected_results(model.results, node), model.question,
                 fo4_ps=nodes.project_fo4(model.fo4_ps or {}, node), measured_traffic=model.traffic)


def factors(pdk: str, node: str = PROJECTED_NODE) -> tuple[Record, Record, Record]:
    """The area, fmax and energy factors from a measured library to the node."""
    dst = nodes.node_nm(node)
    src, vdd = nodes.MEASURED[pdk]
    p = nodes.projection(src, dst, src_vdd=vdd)
    on = On(library=f"{pdk} to {dst} nm")
    area, fmax, energy = (Record(f"{pdk} to {dst} nm", f"{what} factor", "ratio", value, on)
                          for what, value in (("area", p.area), ("fmax", p.fmax), ("energy", p.energy)))
    return area, fmax, energy


def checks() -> pd.DataFrame:
    """The 45 -> 7 nm projection over OpenROAD-flow-scripts' published AES ratio, per snapshot and figure (45 nm
    at the paper's nominal supply, as the FreePDK45 libraries are), each ratio a record."""
    table = node_checks.check_45_to_7(pd.read_csv(node_checks.DATA / node_checks.ORFS))
    table = table[table["variant"] == "45 nm at the paper's nominal"]
    return pd.DataFrame([{
        "snapshot": f"`{r['orfs_commit'][:7]}` (`{r['orfs_date']}`)", "figure": r["metric"],
        "published": Record(f"ORFS AES {r['orfs_commit']}", f"{r['metric']} 7/45 nm", "ratio", r["orfs_ratio"]),
        "projected": Record("Stillmaker & Baas 2017, 45 to 7 nm", f"{r['metric']} factor", "ratio",
                            r["projected_ratio"]),
        "over": Record(f"ORFS AES {r['orfs_commit']}", f"{r['metric']} projected over published", "ratio",
                       r["projected_over_orfs"]),
        "beyond_2x": bool(r["beyond_2x"])} for _, r in table.iterrows()])


def checks_130() -> pd.DataFrame:
    """The 45 -> 130 nm projection of each engine measured on both FreePDK45 and sky130 against the sky130
    measurement, at the supply sky130 was measured at and at the paper's 130 nm nominal, each figure a record;
    empty before sky130 is measured."""
    if not node_checks.both_measured():
        return pd.DataFrame()
    table = node_checks.check_45_to_130(node_checks.collect_measured())
    quantity = {"area_um2": "area_um2", "fmax_mhz": "fmax_mhz", "energy_per_line_pj": "pj"}
    name = {"area_um2": "area", "fmax_mhz": "fmax", "energy_per_line_pj": "energy per line, saturated"}

    def rec(subject: str, metric: str, value: float, where: str) -> Record:
        return Record(subject, name[metric], quantity[metric], value, On(library=where))

    return pd.DataFrame([{
        "engine": r["engine"], "figure": name[r["metric"]], "variant": r["variant"],
        "measured_45": rec(r["engine"], r["metric"], r["measured_45"], "freepdk45_char, measured"),
        "projected_130": rec(r["engine"], r["metric"], r["projected_130"],
                             f"projected 45 to 130 nm {r['variant']} ({r['vdd_130']:g} V)"),
        "measured_130": rec(r["engine"], r["metric"], r["measured_130"], "sky130_char, measured"),
        "over": Record(r["engine"], f"{name[r['metric']]} projected over measured, {r['variant']}", "ratio",
                       r["projected_over_measured"]),
        "beyond_2x": bool(r["beyond_2x"])} for _, r in table.iterrows()])


@dataclass(frozen=True)
class OnNode:
    """One engine at one node: measured, or projected from a measured library."""

    key: str  # the engine and its parameters, without the library (node_checks.engine_key)
    where: str  # "freepdk45_char, measured", "7 nm, projected from freepdk45_char"
    engine: EngineAnswer
    ghz: Record
    pj_per_bit: Record


def _keyed(model: Model) -> dict[str, EngineAnswer]:
    points = model.results.points.set_index("label")
    return {node_checks.engine_key(points.loc[e.config["label"]]): e for e in model.answered}


def _on_node(key: str, where: str, e: EngineAnswer) -> OnNode:
    return OnNode(key, where, e, in_ghz(e), per_bit(e))


def across_nodes(measured: Model, at45: Model, to: tuple[str, ...] = ACROSS) -> list[OnNode]:
    """Every engine of `measured` (another library's model) that `at45` also measured: at 45 nm, on the other
    library, and projected from 45 nm to each node of `to`, in that order per engine."""
    here, there = _keyed(measured), _keyed(at45)
    shared = sorted(set(here) & set(there))
    if not shared:
        return []
    projected = {node: _keyed(projected_model(at45, node)) for node in to}
    out = []
    for key in shared:
        out.append(_on_node(key, f"{there[key].config['library']}, measured", there[key]))
        out.append(_on_node(key, f"{here[key].config['library']}, measured", here[key]))
        for node in to:
            if key in projected[node]:
                out.append(_on_node(key, f"{nodes.node_nm(node)} nm, projected from "
                                         f"{there[key].config['library']}", projected[node][key]))
    return out
