"""Placed and routed against synthesis only, for the same netlists."""

from __future__ import annotations

import pandas as pd

from ...answers.model import Model
from ...answers.records import show
from ...answers.routing import routed_against_synthesis
from ..document import Block, Heading, Paragraph, Table
from ..parts import source
from .answer import name


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
