"""Beyond 45 nm: the same answer at a smaller node, projected (not measured), with the projection's factors and
how far it misses a published pair of measurements."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.nodes import PROJECTED_NODE, checks, factors, projected_model
from ...answers.records import show
from ...feasibility.nodes import node_nm
from ..document import Block, Heading, Paragraph, Table
from .answer import scheme_table


def _factors_text(pdk: str, node: str) -> str:
    area, fmax, energy = factors(pdk, node)
    return f"{pdk}: area ×{show(area)}, fmax ×{show(fmax)}, power and energy ×{show(energy)}"


def projected(model: Model, node: str = PROJECTED_NODE) -> list[Block]:
    if not model.schemes:
        return []
    nm = node_nm(node)
    other = projected_model(model, node)
    per_library = "; ".join(_factors_text(pdk, node) for pdk in sorted(set(model.results.points["pdk"])))
    check = checks()
    check_table = pd.DataFrame({
        "ORFS snapshot": check["snapshot"], "figure": check["figure"],
        "published 7 nm / 45 nm": [show(r) for r in check["published"]],
        "projected": [show(r) for r in check["projected"]],
        "projected / published": [show(r) + (" (off by more than 2×)" if b else "")
                                  for r, b in zip(check["over"], check["beyond_2x"])]})
    return [
        Heading(2, f"Beyond 45 nm: the answer at {nm} nm, projected"),
        Paragraph("The measured engines scaled by the high-performance fits of Stillmaker and Baas, \"Scaling "
                  "equations for the accurate prediction of CMOS device performance from 180 nm to 7 nm\" "
                  f"(Integration 2017): projected, not measured. {per_library}; leakage scales as energy (the "
                  "fits cover switching energy only). "
                  "Cycles per line and kGE do not change; latency in FO4 does not either, latency in ns does. "
                  "`cryptoppa feasibility --node` gives the same for any node of the fits."),
        Table(scheme_table(other), f"`reports/designs/data/results.csv` projected to {nm} nm"),
        Paragraph("How far the projection misses: OpenROAD-flow-scripts published the same AES core placed and "
                  "routed on Nangate45 and on ASAP7 (7 nm); the projection's 45 to 7 nm factor over their measured "
                  "ratio, per figure."),
        Table(check_table, "`reports/nodes/data/orfs_aes.csv` (OpenROAD-flow-scripts' published AES metrics, "
                           "two 2022 snapshots)"),
    ]
