"""The libraries side by side: the same engines on each, in the units that compare across libraries."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd

from ...answers.libraries import across_libraries
from ...answers.model import Model
from ...answers.records import show
from ..document import Block, Heading, Paragraph, Table
from ..parts import generated_from, markdown_table, source
from . import EVIDENCE, Section


def libraries(model: Model) -> list[Block]:
    rows = across_libraries(model)
    if not rows:
        return []
    table = pd.DataFrame([{
        "engine": o.engine.name, "library": o.engine.config["library"], "wire load": o.engine.config["wire_load"],
        "kGE": show(o.engine.get("kGE")), "area µm²": show(o.engine.get("area")), "FO4 ps": show(o.fo4),
        "fmax MHz": show(o.engine.get("fmax")), "period in FO4": show(o.cycle_fo4),
        "mW": show(o.engine.get("power")), "pJ per line": show(o.energy_per_line)} for o in rows])
    return [Heading(2, "The libraries side by side"),
            Paragraph("The same RTL mapped to each library by the same flow. kGE divides the cells' area by each "
                      "library's NAND2 X1; FO4 is OpenSTA's delay of the library's X1 inverter in a fan-out-of-4 chain "
                      "(`cryptoppa pdk stage-delay`); 'period in FO4' is the clock period at fmax in those delays, "
                      "register overhead included: it would not depend on the library if every gate kept the same "
                      "delay relative to its inverter, and moves as far as they do not. µm², fmax and energy move "
                      "much further; compare libraries in kGE and FO4."),
            Table(table, source(model.results, "N = 1 rows") + " and the stage-delay table beside it")]


def library_table(models: Callable[[str], Model]) -> str:
    model = models("libraries")
    rows = [{"library": o.engine.config["library"], "wire load": o.engine.config["wire_load"],
             "kGE": show(o.engine.get("kGE")), "µm²": show(o.engine.get("area")), "FO4 ps": show(o.fo4),
             "fmax MHz": show(o.engine.get("fmax")), "period in FO4": show(o.cycle_fo4),
             "mW": show(o.engine.get("power"))}
            for o in across_libraries(model) if o.engine.config["design"] == "gcm_iter"]
    return (markdown_table(pd.DataFrame(rows)) + f"\n\ngcm_iter, {model.basis.power} power, {model.question.clock_text}. "
            f"The characterization's checks against ngspice: `reports/flexlib/report.md`. {generated_from(model)}\n")


SECTIONS = (Section("libraries", EVIDENCE + 21, lambda c: libraries(c.model),
                    blocks=(("library-table", library_table),)),)
