"""Beyond 45 nm: the same answer at a smaller node, projected (not measured), with the projection's factors and
how far it misses a published pair of measurements."""

from __future__ import annotations

import pandas as pd

from ...answers.engines import HIT, IN_FO4
from ...answers.model import Model
from ...answers.nodes import MEASURED_45, PROJECTED_NODE, across_nodes, checks, checks_130, factors, projected_model
from ...answers.records import show
from ...feasibility.nodes import node_nm
from ...paths import shown
from ..document import Block, Heading, Paragraph, Table
from ..parts import source
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
        Heading(2, f"The answer at {nm} nm, projected"),
        Paragraph("The measured engines scaled by the high-performance fits of Stillmaker and Baas, \"Scaling "
                  "equations for the accurate prediction of CMOS device performance from 180 nm to 7 nm\" "
                  f"(Integration 2017): projected, not measured. {per_library}; leakage scales as energy (the "
                  "fits cover switching energy only). "
                  "Cycles per line and kGE do not change; latency in FO4 does not either, latency in ns does. "
                  "`cryptoppa feasibility --node` gives the same for any node of the fits."),
        Table(scheme_table(other), f"{source(model.results)} projected to {nm} nm"),
        Paragraph("How far the projection misses: OpenROAD-flow-scripts published the same AES core placed and "
                  "routed on Nangate45 and on ASAP7 (7 nm); the projection's factor from 45 nm to 7 nm over their measured "
                  "ratio, per figure."),
        Table(check_table, "`reports/nodes/data/orfs_aes.csv` (OpenROAD-flow-scripts' published AES metrics, "
                           "two 2022 snapshots)"),
    ]


def across(model: Model, at45: Model) -> list[Block]:
    """The engines this model measured on another library, beside the same engines at 45 nm and projected from
    there, with how far the projection to this library's node misses its measurement."""
    rows = across_nodes(model, at45)
    if not rows:
        return []
    table = pd.DataFrame([{
        "engine": o.key, "node": o.where, "kGE": show(o.engine.get("kGE")), "area µm²": show(o.engine.get("area")),
        "fmax GHz": show(o.ghz), "pJ/bit": show(o.pj_per_bit),
        "read latency ns": show(o.engine.get(HIT)),
        "FO4": show(o.engine.get(IN_FO4))} for o in rows])
    blocks = [
        Heading(2, "One engine across nodes"),
        Paragraph("Each engine measured here beside the same RTL and parameters measured on FreePDK45 (the designs "
                  "report's data) and projected from there to smaller nodes (Stillmaker and Baas 2017, HP fits, each "
                  "node's nominal supply): measured rows and projected rows are labelled so, never mixed. Each at its "
                  "own fmax; energy per bit from simulated activity at saturation, scaled by the energy factor where "
                  "projected; read latency to the verified plaintext on a row hit of the report's memory, and in FO4 "
                  "of the library (FO4 does not change under projection; a projected FO4 is the measured one's)."),
        Table(table, f"{source(model.results, 'N = 1 rows')} and `{shown(MEASURED_45 / 'results.csv')}`")]
    check = checks_130()
    if check.empty:
        return blocks
    check_table = pd.DataFrame({
        "engine": check["engine"], "figure": check["figure"], "projected to": check["variant"],
        "measured 45 nm": [show(r) for r in check["measured_45"]],
        "projected 130 nm": [show(r) for r in check["projected_130"]],
        "measured on sky130": [show(r) for r in check["measured_130"]],
        "projected / measured": [show(r) + (" (off by more than 2×)" if b else "")
                                 for r, b in zip(check["over"], check["beyond_2x"])]})
    return blocks + [
        Paragraph("How far the projection misses a node we measured: the FreePDK45 figures projected to 130 nm, at "
                  "the supply sky130's cells were characterized at and at the paper's 130 nm nominal, over the sky130 "
                  "measurement of the same engine (area of the synthesized cells, fmax, energy per line at "
                  "saturation). The libraries differ in more than the node (cell architecture, characterization, "
                  "wire load), so this measures the method on two real libraries, not the device equations alone; "
                  "`python -m cryptoppa.feasibility.node_checks --measured` writes the same as CSV."),
        Table(check_table, f"`{shown(MEASURED_45 / 'results.csv')}` and {source(model.results)}")]
