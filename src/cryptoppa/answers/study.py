"""Owen 2013 beside our measurement: each figure the study printed, as printed with its citation, and ours for the same
quantity on the model's basis, at the study's question (25.6 GB/s, 225 MHz, engines carrying data alone as its did).

The study measured one engine class, an iterative AES-GCM module with 16-bit GHASH digits (Owen 2013, §5.1), so
ours of that class is compared: `gcm_iter` with DIGIT=16, AES-128 and table S-boxes where the results have it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..catalog import AREA, DIE_AREA, POWER, routed
from ..feasibility import owen2013
from .engines import EngineAnswer
from .model import Model
from .question import STUDY_CLOCK_MHZ, STUDY_MEMORY
from .records import Cited, On, Record
from .totals import totals


@dataclass(frozen=True)
class Beside:
    quantity: str  # what both printed, with its unit
    cited: Cited
    ours: Record
    ratio: Record  # ours / study


def study_engine(model: Model) -> EngineAnswer | None:
    """Our engine of the study's class among the answered ones (see the module docstring)."""
    gcm = [e for e in model.answered if e.config["design"].startswith("gcm")]
    like = [e for e in gcm if e.config["design"] == "gcm_iter" and "DIGIT=16" in e.config["group"]
            and "KEY_BITS=128" in e.config["group"] and "SBOX=1" not in e.config["group"]]
    return (like or gcm or [None])[0]


def beside_owen2013(model: Model) -> list[Beside]:
    """The comparisons both sides have a figure for. The model must answer the study's question."""
    if model.question.memory != STUDY_MEMORY or model.question.clock != "study":
        raise ValueError("the Owen 2013 comparison needs a model of the study's question (desktop-25.6 at 225 MHz)")
    engine = study_engine(model)
    if engine is None:
        return []
    asic = next(o for o in owen2013.OWEN2013.options if o.key == "asic")
    one = owen2013.OWEN2013.asic_table[0]
    table = owen2013.OWEN2013.asic_table_source.split(":")[0]
    config = engine.config
    # As the study counted: the engines carry the data alone, no tag traffic (Owen 2013, §6.1).
    alone = totals(config, model.question.bits_per_second, STUDY_CLOCK_MHZ, engine.arrays, extra_traffic=0.0)
    base = next(iter(engine.totals.values())).on
    on = On(library=base.library, stage=base.stage, power=base.power, clock=base.clock, memory=base.memory,
            access="data alone, as Owen 2013 counted")
    subject = engine.identity

    def rec(name: str, quantity: str, value: float) -> Record:
        return Record(subject, name, quantity, value, on, engine.figures["area"].rows)

    figures = engine.figures
    pairs = [
        ("area of one engine, µm²", Cited(f"{one.area_um2:.0f}", table), figures["area"]),
        ("power of one engine, mW", Cited(f"{one.power_mw:g}", table), figures["power"]),
        ("cycles per 64-byte line", Cited(f"{asic.cycles_per_line}", "Owen 2013, Table 5.1"),
         figures["cycles per line"]),
        ("fmax of one engine, MHz", Cited(f"{owen2013.ASIC_FMAX_MHZ:g}", owen2013.ASIC_FMAX_SOURCE), figures["fmax"]),
        ("throughput of one engine, Mb/s", Cited(f"{asic.throughput_mbps:g}", "Owen 2013, Table 6.1"),
         rec("throughput", "mbps", alone.gbps_each * 1e3)),
        ("engines for 25.6 GB/s", Cited(f"{asic.study_instances:g}", "Owen 2013, §6.1.3"),
         rec("engines", "engines", alone.engines)),
        ("total power for 25.6 GB/s, W", Cited(f"{asic.study_power_w:g}", "Owen 2013, §6.1.3"),
         rec("total power", "power_w", alone.power_w)),
        ("total area for 25.6 GB/s, mm²", Cited(f"{asic.study_area_mm2:g}", "Owen 2013, §6.1.3"),
         rec("total area", "area_mm2", alone.area_mm2)),
    ]
    for metric, quantity, printed in ((DIE_AREA if model.basis.routed else AREA, "area", owen2013.ASIC_AREA_FIT),
                                      (routed(POWER) if model.basis.routed else POWER, "power",
                                       owen2013.ASIC_POWER_FIT)):
        mode = "vectorless" if quantity == "area" or not model.basis.simulated else "sim:saturated"
        fit = model.fit(config["family"], metric, mode)
        if fit is not None and fit.slope is not None:
            unit = "µm²" if quantity == "area" else "mW"
            pairs.append((f"{quantity} per added engine, {unit}", Cited(f"{printed.slope:g}",
                                                                       printed.source.split(":")[0]), fit.slope))
    out = []
    for name, cited, ours in pairs:
        if not ours.known or math.isnan(ours.value):
            continue
        ratio = Record(ours.subject, f"{ours.name} / Owen 2013", "ratio", ours.value / cited.value, ours.on, ours.rows)
        out.append(Beside(name, cited, ours, ratio))
    return out

