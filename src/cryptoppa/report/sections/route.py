"""Placed and routed against synthesis only, for the same netlists."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from ...answers.model import Model
from ...answers.records import show
from ...answers.routing import routed_against_synthesis
from ...errors import CryptoppaError
from ...paths import shown
from ..document import Block, Heading, Paragraph, Table
from ..parts import generated_from, source
from .answer import name
from . import EVIDENCE, Section


def route(model: Model) -> list[Block]:
    pairs = routed_against_synthesis(model)
    if not pairs:
        return []
    rows = []
    for p in pairs:
        s, f = p.synthesis, p.figures
        rows.append({"engine": name(p.routed), "cell area µm²": show(s.get("area")) if s else "–",
                     "die area µm²": show(p.routed.get("area")), "utilization": show(f["utilization"]),
                     "wire mm": show(f["wire"]), "fmax MHz synthesis": show(s.get("fmax")) if s else "–",
                     "fmax MHz routed": show(p.routed.get("fmax")), "fmax ratio": show(f.get("fmax ratio")),
                     "mW synthesis": show(s.get("power")) if s else "–",
                     "mW routed": show(p.routed.get("power")),
                     "power ratio": show(f.get("power ratio")),
                     "clock wire ps": show(f["corner wire"]), "fmax lost %": show(f["fmax lost"])})
    return [Heading(2, "Routed against synthesis"),
            Paragraph("The same netlists synthesized (no wire model) and placed and routed with Coriolis, timed again "
                      "in OpenSTA with each routed net's RC. Both at the 225 MHz they were characterized at. "
                      "The routed fmax is timed with an ideal clock: no tree is built, so skew is not measured; "
                      "'clock wire ps' is the RC delay of one clock wire from the die's centre to its farthest corner "
                      "on the slowest signal layer, and 'fmax lost' what that much skew would cost: a scale for the "
                      "error, not a measurement."),
            Table(pd.DataFrame(rows), source(model.results, "routed rows and their synthesis columns"))]


def route_ratio(models: Callable[[str], Model]) -> str:
    model = models("route")
    pairs = [p for p in routed_against_synthesis(model) if p.routed.config["design"] == "gcm_iter"
             and not p.routed.config["array_mode"]]
    if not pairs or pairs[0].synthesis is None:
        raise CryptoppaError(f"{shown(model.results.table_path)}: no routed gcm_iter row")
    p = pairs[0]
    return (f"Routed, gcm_iter reaches {show(p.routed.get('fmax'))} MHz against {show(p.synthesis.get('fmax'))} MHz "
            f"synthesis-only, register to register, and draws {show(p.routed.get('power'))} mW against "
            f"{show(p.synthesis.get('power'))} mW at 225 MHz ({model.basis.power}); its die is "
            f"{show(p.routed.get('area'))} µm² against {show(p.synthesis.get('area'))} µm² of cells. {generated_from(model)}\n")


SECTIONS = (Section("route", EVIDENCE + 20, lambda c: route(c.model), blocks=(("route-ratio", route_ratio),)),)
