"""The multi-key engine's key table as it grows: what K keys cost the engine in area, clock and read latency, and
what the same bits would take as SRAM."""

from __future__ import annotations

import pandas as pd

from ...answers.engines import HIT, IN_FO4
from ...answers.model import Model
from ...answers.multikey import key_tables
from ...answers.records import show
from ..document import Block, Heading, Paragraph, Table
from ..parts import source

EXTRAPOLATED_KEYS = 1024  # TME-MK's largest table: past what the sweep measures


def key_table(model: Model) -> list[Block]:
    sizes = key_tables(model, extrapolate_to=EXTRAPOLATED_KEYS)
    if not sizes:
        return []

    def engine(size, name: str) -> str:
        return show(size.engine.get(name)) if size.engine is not None else "not measured"

    table = pd.DataFrame([{
        "KEYS": show(s.entries) + ("" if s.engine is not None else " (extrapolated)"),
        "key bits": show(s.bits), "area µm²": show(s.area),
        "kGE": engine(s, "kGE"), "table's share": f"{show(s.share)} %", "table µm²": show(s.added_area),
        "µm² per added bit": show(s.per_bit), "added flip-flops": show(s.added_flops),
        "table as SRAM µm²": show(s.sram), "fmax MHz": engine(s, "fmax"),
        "read latency ns": engine(s, HIT),
        "FO4": engine(s, IN_FO4), "power mW": engine(s, "power")} for s in sizes])
    largest = max(s.keys for s in sizes if s.engine is not None)
    past = "" if all(s.engine is not None for s in sizes) else (
        f" Past KEYS={largest} the area is extrapolated linearly from the largest measured table's µm² per added "
        "bit: not measured, and nothing else is given for it.")
    return [Heading(2, "The key table as it grows"),
            Paragraph("The multi-key engine with K keys in its table, each request selecting one by its key ID, against "
                      "the same engine with one key: the table's share is what the K − 1 further entries, their write "
                      "decoder and read multiplexer add to the synthesized area. The table is flip-flops, one per key "
                      "bit; the SRAM column is an estimate of the same bits as a 45 nm SRAM array (a commercial-density "
                      "bit cell, so beside these scalable-rule cells it flatters SRAM). A key ID costs no cycle: K "
                      "changes the read latency only through the clock. Read latency to the verified plaintext on a "
                      f"row hit at the engine's fmax; power at fmax, saturated.{past}"),
            Table(table, source(model.results, "N = 1 rows, grouped by KEYS"))]
