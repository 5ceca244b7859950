"""Placed and routed against synthesis only, for the same netlists: what routing changes, and what its ideal clock
leaves out (no clock tree is built, so skew is not measured: one clock wire's RC delay from the die's centre to its
farthest corner, on the slowest signal layer of the PDK's [routing] table, is the scale of the error)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import pdk
from ..catalog import DIE_HEIGHT, DIE_WIDTH, UTILIZATION, WIRELENGTH
from .comparison import within
from .engines import EngineAnswer
from .model import Model, build
from .records import On, Record


@dataclass
class Routed:
    routed: EngineAnswer
    synthesis: EngineAnswer | None
    figures: dict[str, Record]  # utilization, wire, skew scale, their ratios


def routed_against_synthesis(model: Model) -> list[Routed]:
    """Each routed engine with the same netlist's synthesis-only answer, both at the clock they were characterized
    at (the study's 225 MHz), so power compares at one clock."""
    if not model.basis.routed:
        return []
    question = replace(model.question, clock="study")
    routed = build(model.results, question, model.fo4_ps, model.traffic)
    synth = build(model.results, question, model.fo4_ps, model.traffic, stage="synthesis")
    by_identity = {e.identity: e for e in synth.answered}
    out = []
    for e in routed.answered:
        s = by_identity.get(e.identity)
        row = model.results.points[model.results.points["label"] == e.config["label"]].iloc[0]
        on = On(library=e.config["library"], stage="routed")
        period_ps = 1e6 / float(e.config["fmax_mhz"])
        reach = (float(row[DIE_WIDTH]) + float(row[DIE_HEIGHT])) / 2
        layer, wire_ps = pdk.get(row["pdk"]).routing.slowest_wire_ps(reach)
        figures = {
            "utilization": Record(e.identity, "placement utilization", "fraction", float(row[UTILIZATION]), on),
            "wire": Record(e.identity, "routed wire length", "length_mm", float(row[WIRELENGTH]) / 1e3, on),
            "corner wire": Record(e.identity, f"centre-to-corner clock wire delay ({layer})", "delay_ps", wire_ps,
                                  on),
            "fmax lost": Record(e.identity, "fmax lost if that delay were skew", "percent",
                                100 * wire_ps / (period_ps + wire_ps), on),
        }
        if s is not None:  # the same netlist, the same library and clock: the stage is what is compared
            for name in ("fmax", "power", "area"):
                figures[f"{name} ratio"] = within(f"routed / synthesis {name}", e.get(name), s.get(name),
                                                  about=("stage",)).ratio
        out.append(Routed(e, s, figures))
    return out
