"""One engine on several libraries: gates (kGE), gate delays (FO4) and the clock period in FO4 delays, which move far
less between libraries than µm², fmax and energy per line do (the period in FO4 still moves with the delays of a
library's gates relative to its inverter: the report states by how much), beside those."""

from __future__ import annotations

from dataclasses import dataclass

from .engines import EngineAnswer
from .model import Model
from .records import Record


@dataclass
class OnLibrary:
    engine: EngineAnswer
    fo4: Record | None
    cycle_fo4: Record | None  # the period at fmax in FO4 delays
    energy_per_line: Record


def across_libraries(model: Model) -> list[OnLibrary]:
    """Every answered engine of a model whose engines span two or more libraries (else nothing)."""
    if len({e.config["library"] for e in model.answered}) < 2:
        return []
    out = []
    for e in model.answered:
        wire = e.config.get("wire_load", "none")
        fo4 = model.fo4.get(e.config["library"] + ("" if wire in ("none", "off", "") else f"|{wire}"))
        power = e.get("power")
        cycle = None if fo4 is None else Record(e.identity, "clock period at fmax in FO4", "latency_fo4",
                                                 1e6 / e.value("fmax") / fo4.value, e.get("fmax").on)
        # mW × cycles / MHz = nJ; × 1e3 = pJ
        energy = Record(e.identity, "energy per line", "pj", power.value * e.value("cycles per line") / e.clock_mhz * 1e3,
                        power.on)
        out.append(OnLibrary(e, fo4, cycle, energy))
    return sorted(out, key=lambda o: (o.engine.config["design"], o.engine.config["library"]))
