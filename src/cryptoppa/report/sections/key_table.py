"""The multi-key engine's key table as it grows: what K keys cost the engine in area, clock and read latency, and
what the same bits would take as SRAM."""

from __future__ import annotations

import pandas as pd

from ...answers.engines import HIT, IN_FO4
from ...answers.model import Model
from ...answers.multikey import key_tables, one_key_beside_xts, shared_tables
from ...answers.records import show
from ...paths import ROOT
from ..document import Block, Heading, Paragraph, Table
from ..parts import source
from . import EVIDENCE, Section

EXTRAPOLATED_KEYS = 1024  # TME-MK's largest table: past what the sweep measures


def key_table(model: Model, designs: Model | None = None) -> list[Block]:
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
            *_shared(model, shared_tables(sizes)),
            Paragraph("The multi-key engine with K keys in its table, each request selecting one by its key ID, against "
                      "the same engine with one key: the table's share is what the K − 1 further entries, their write "
                      "decoder and read multiplexer add to the synthesized area. The table is flip-flops, one per key "
                      "bit; the SRAM column is an estimate of the same bits as a 45 nm SRAM array (a commercial-density "
                      "bit cell, so beside these scalable-rule cells it flatters SRAM). A key ID costs no cycle: K "
                      "changes the read latency only through the clock. Read latency to the plaintext on a row hit at "
                      f"the engine's fmax; power at fmax, saturated.{past}"),
            Table(table, source(model.results, "N = 1 rows, grouped by KEYS")),
            *_one_key(model, designs)]


def _shared(model: Model, tables: list) -> list[Block]:
    """K keys as they would ship: one table beside the pool, against a table in every engine (as measured)."""
    if not tables:
        return []
    q = model.question
    rows = pd.DataFrame([{
        "KEYS": show(t.entries),
        "engines": show(t.engines), "read ports": show(t.ports),
        "a table in every engine": f"{show(t.each.area)} mm² · {show(t.each.power)} W",
        "one shared table, clocked": f"{show(t.shared.area)} mm² · {show(t.shared.power)} W",
        "clock-gated (estimate)": f"{show(t.gated.power)} W",
        "as SRAM": f"{show(t.sram.area)} mm²"} for t in tables])
    big = tables[-1]
    return [Paragraph(
        f"For {q.memory_text}, {q.clock_text}, {show(big.entries)} keys held as a memory controller would hold them, in one "
        f"table beside a pool of one-key engines (written when a key changes, read once per line), cost "
        f"{show(big.shared.area)} mm² ({show(big.shared.kge)} kGE) and {show(big.shared.power)} W with the table's "
        f"flip-flops clocked every cycle as synthesized, {show(big.gated.power)} W with them clock-gated (an "
        f"estimate: FlexLib has no clock-gate cell, so the table keeps its leakage and its reads), against "
        f"{show(big.each.area)} mm² and {show(big.each.power)} W when each of the {show(big.engines)} engines holds "
        "its own table. The pool runs at the K-key engine's fmax, where a K-entry table's read path was measured to "
        "fit a cycle; one table per read port (a line per cycle each), each priced as a whole table; the table's "
        "power is the two engines' simulated difference, idle (its flip-flops and their clock) and saturated less "
        "idle (its reads), at the pool's load."),
        Table(rows, source(model.results, "the KEYS = 1 and KEYS = K engines' simulated power and area"))]


def _one_key(model: Model, designs: Model | None) -> list[Block]:
    """Why the one-key multi-key engine is smaller than xts: its round keys are made on the fly."""
    pair = one_key_beside_xts(model, designs) if designs is not None else None
    if pair is None:
        return []
    mk, xts = pair.multikey, pair.xts
    return [Paragraph(
        f"With one key, {mk.name} is {show(mk.get('area'))} µm² with {show(pair.flops[0])} flip-flops at "
        f"{show(mk.get('fmax'))} MHz, where xts of the same key size, lanes and S-box (`reports/designs`) is "
        f"{show(xts.get('area'))} µm² with {show(pair.flops[1])} flip-flops at {show(xts.get('fmax'))} MHz: xts "
        "stores its data key's expanded round keys (its decryption reads them in reverse), the multi-key engine "
        "makes them on the fly in both directions and stores the cipher key alone (designs/README.md, xts_mk).")]


# The multi-key engine is set beside the designs report's xts (every engine family's committed data).
DESIGNS_DATA = ROOT / "reports" / "designs" / "data"

SECTIONS = (Section("key_table", EVIDENCE + 22, lambda c: key_table(c.model, c.model_of(DESIGNS_DATA))),)
