"""Software beside the engines: AES-GCM on our RV32 cores and on the host CPU, per core, for the question's memory."""

from __future__ import annotations

from pathlib import Path

from collections.abc import Callable

import pandas as pd

from ...answers.model import Model
from ...answers.records import show
from ...paths import shown
from ..document import Block, Heading, Paragraph, Table
from ..parts import generated_from, markdown_table
from . import CLOSING, Section


def software(model: Model, cores: Path | None, host: Path | None) -> list[Block]:
    if not model.software:
        return []
    rows = []
    for o in model.software:
        if o.refused:
            continue
        f = o.figures
        runs = (f" ({show(f['ns per byte, fastest run'])}–{show(f['ns per byte, slowest run'])})"
                if "ns per byte, fastest run" in f else "")
        rows.append({"software": o.name, "ns/B": show(f.get("ns per byte")) + runs,
                     "cycles/B": show(f.get("cycles per byte")), "Gb/s": show(f.get("throughput")),
                     "core mm²": show(f.get("core area")), "+ SRAM mm² (estimate)":
                         show(f.get("code and data SRAM, estimate")), "mW": show(f.get("power")),
                     "instances": show(f.get("instances")), "total core mm²": show(f.get("total core area")),
                     "total W": show(f.get("total power"))})
    cited = "; ".join(dict.fromkeys(f"`{shown(p)}`" for p in (cores, host) if p))
    return [Heading(2, "Software instead"),
            Paragraph(f"AES-GCM of one 64-byte line per message, one instance per core, for {model.question.memory_text}: "
                      f"on our synthesized RV32 cores ({model.question.clock_text}; core logic only, its code and data "
                      "SRAM an estimate beside it) and on this machine's CPU with OpenSSL (ns per byte the median of "
                      "its runs, the fastest and slowest in brackets; cycles at the clock measured while it ran; area "
                      "and power not measured)."),
            Table(pd.DataFrame(rows), cited),
            *(Paragraph(f"{o.name}: {o.note}.") for o in model.software if o.note and not o.refused)]


def cores_table(models: Callable[[str], Model]) -> str:
    model = models("thesis")
    rows = [{"core and firmware": o.name, "cycles/B": show(o.figures.get("cycles per byte")),
             "core mm²": show(o.figures.get("core area")), "mW": show(o.figures.get("power"))}
            for o in model.software if o.kind == "core" and not o.refused]
    return (markdown_table(pd.DataFrame(rows)) + f"\n\n64-byte AES-GCM line with tag, key setup included, "
            f"{model.question.clock_text}. {generated_from(model)}\n")


SECTIONS = (Section("software", CLOSING + 10, lambda c: software(c.model, c.cores, c.host), always=True,
                    blocks=(("cores-table", cores_table),)),)
