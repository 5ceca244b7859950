"""A multi-key engine's key table as the answer model reads a sweep over its table size K (sweeps/multikey.toml):
per K, the engine's own records beside what the table adds over the one-key engine (computed by
cryptoppa.feasibility.key_table from the engines' synthesis rows) and the same bits as SRAM (an estimate,
feasibility.sram). One size past the largest measured one may be extrapolated from it, labelled as such, in area
only."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..errors import InputError
from ..feasibility.key_table import KEYS_COLUMN, key_table, table_bits
from ..feasibility.sram import sram_area_um2
from .engines import EngineAnswer
from .model import Model
from .records import On, Record

SRAM_BASIS = On(library="45 nm 6T SRAM estimate (feasibility.sram)")


@dataclass(frozen=True)
class TableSize:
    keys: int
    entries: Record  # the same as keys, shown
    engine: EngineAnswer | None  # None: extrapolated, not measured
    bits: Record
    area: Record
    added_area: Record
    share: Record
    added_flops: Record | None
    per_bit: Record | None
    sram: Record


def key_tables(model: Model, extrapolate_to: int | None = None) -> list[TableSize]:
    """Every answered engine of the model that has a KEYS parameter, K ascending, against its K = 1 engine of the
    same configuration (none without one); with extrapolate_to, one more size per configuration whose area is the
    largest measured table's plus its µm² per added key bit for every further bit."""
    points = model.results.points
    if KEYS_COLUMN not in points:
        return []
    engines = {e.config["label"]: e for e in model.answered}
    rows = points[points["label"].isin(engines) & points[KEYS_COLUMN].notna()]
    if rows.empty or not (rows[KEYS_COLUMN] == 1).any():
        return []
    table = key_table(rows.drop(columns=["activity_mode", "activity"], errors="ignore"))
    labels = rows.set_index(["design", KEYS_COLUMN])["label"]
    if labels.index.duplicated().any():
        raise InputError("key table: the results hold two configurations of one design at one KEYS; answer them "
                         "from separate folders")
    out = []
    for design, sizes in table.groupby("design", sort=True):
        for _, r in sizes.iterrows():
            out.append(_size(r, engines[labels.loc[(design, r["keys"])]]))
        if extrapolate_to and extrapolate_to > sizes["keys"].max() and len(sizes) > 1:
            out.append(_extrapolated(extrapolate_to, sizes.iloc[-1], out[-1]))
    return out


def _size(r: pd.Series, e: EngineAnswer) -> TableSize:
    area = e.get("area")

    def rec(name: str, quantity: str, value: float) -> Record:
        return Record(e.identity, name, quantity, float(value), area.on, area.rows)

    return TableSize(
        int(r["keys"]), rec("key table entries", "entries", r["keys"]), e,
        rec("key table bits", "bits", r["table_bits"]), area,
        rec("key table's added area", "area_um2", r["added_area_um2"]),
        rec("key table's share of area", "percent", r["table_share"] * 100),
        rec("key table's added flip-flops", "flip_flops", r["added_flops"]) if r["added_flops"] == r["added_flops"]
        else None,
        rec("area per added key bit", "area_um2", r["um2_per_added_bit"]) if r["keys"] > 1 else None,
        Record(e.identity, "key table as SRAM", "area_um2", r["sram_estimate_um2"], SRAM_BASIS))


def _extrapolated(keys: int, largest: pd.Series, measured: TableSize) -> TableSize:
    bits = table_bits(keys, int(largest["key_bits"]))
    area = largest["area_um2"] + largest["um2_per_added_bit"] * (bits - largest["table_bits"])
    added = largest["added_area_um2"] + (area - largest["area_um2"])
    subject = f"{measured.engine.config['design']} KEYS={keys}"
    on = On(library=measured.area.on.library, stage=f"extrapolated from KEYS={int(largest['keys'])}, not measured")

    def rec(name: str, quantity: str, value: float) -> Record:
        return Record(subject, name, quantity, float(value), on, measured.area.rows)

    return TableSize(keys, rec("key table entries", "entries", keys), None, rec("key table bits", "bits", bits),
                     rec("area", "area_um2", area),
                     rec("key table's added area", "area_um2", added),
                     rec("key table's share of area", "percent", added / area * 100), None,
                     rec("area per added key bit", "area_um2", largest["um2_per_added_bit"]),
                     Record(subject, "key table as SRAM", "area_um2", sram_area_um2(bits), SRAM_BASIS))
