"""An answer at another process node: the measured results projected (cryptoppa.feasibility.nodes, Stillmaker and
Baas 2017) before the model reads them, so every figure it derives is computed once on the projected basis; the
projection's factors and its check against published figures as records."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd

from ..feasibility import node_checks, nodes
from .model import Model, build
from .records import On, Record
from .results import Results, group_label

PROJECTED_NODE = "7nm"  # the node the designs report projects to: the ORFS check's own target


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
        "snapshot": f"{r['orfs_commit'][:7]} ({r['orfs_date']})", "figure": r["metric"],
        "published": Record(f"ORFS AES {r['orfs_commit']}", f"{r['metric']} 7/45 nm", "ratio", r["orfs_ratio"]),
        "projected": Record("Stillmaker & Baas 2017, 45 to 7 nm", f"{r['metric']} factor", "ratio",
                            r["projected_ratio"]),
        "over": Record(f"ORFS AES {r['orfs_commit']}", f"{r['metric']} projected over published", "ratio",
                       r["projected_over_orfs"]),
        "beyond_2x": bool(r["beyond_2x"])} for _, r in table.iterrows()])
