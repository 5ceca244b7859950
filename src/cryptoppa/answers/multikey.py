"""A multi-key engine's key table as the answer model reads a sweep over its table size K (sweeps/multikey.toml):
per K, the engine's own records beside what the table adds over the one-key engine (computed by
cryptoppa.feasibility.key_table from the engines' synthesis rows) and the same bits as SRAM (an estimate,
feasibility.sram). One size past the largest measured one may be extrapolated from it, labelled as such, in area
only."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pandas as pd

from ..catalog import POWER_LEAKAGE
from ..errors import InputError
from ..feasibility.key_table import KEYS_COLUMN, key_table, table_bits
from ..feasibility.sram import sram_area_um2
from .basis import engine_power, power_at_clock
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


@dataclass(frozen=True)
class Organisation:
    """What the question's memory costs with K keys, organised one way: engines, area, kGE and power."""

    name: str  # "a table in every engine", "one shared table, flip-flops", ...
    area: Record
    kge: Record
    power: Record | None  # None: no power model for it (SRAM)


@dataclass(frozen=True)
class SharedTable:
    """K keys as a memory controller would hold them: one table beside a pool of one-key engines, written when a
    key changes and read once per line (TME-MK's organisation), against a table inside every engine (as measured)."""

    keys: int
    entries: Record  # the same as keys, shown
    engines: Record
    ports: Record  # read ports: one per array port (a line per cycle each)
    each: Organisation  # every engine with its own K-entry table, as synthesized
    shared: Organisation  # one K-entry flip-flop table per read port, clocked every cycle (as synthesized)
    gated: Organisation  # the same table clock-gated: its flip-flops clocked only when a key is written (estimate)
    sram: Organisation  # the same bits as SRAM (area only: no SRAM power model)


def shared_tables(sizes: list[TableSize]) -> list[SharedTable]:
    """Each measured K beside the one-key engine: the pool of the K-key engines' count and clock (the clock at which
    a K-entry table's read path was measured to fit), its engines one-key ones, plus one table per read port.

    The table's own power is the difference of the two engines' simulated power, part by part, at that clock: idle
    (its flip-flops and their clock), and saturated less idle (its reads); a clock-gated table keeps only its
    leakage when idle. FlexLib has no clock-gate cell, so the gated figure is an estimate, labelled so."""
    measured = [s for s in sizes if s.engine is not None and s.engine.get("engines") is not None]
    one = next((s.engine for s in measured if s.keys == 1), None)
    if one is None or not _simulated(one.config):
        return []
    out = []
    for s in measured:
        e = s.engine
        clock, load = e.clock_mhz, e.value("load") / 100
        n, ports = e.value("engines"), e.value("array ports")
        on = e.get("total power").on
        area_on = e.get("total area").on

        def rec(name: str, quantity: str, value: float, basis: On = on) -> Record:
            return Record(e.identity, name, quantity, value, basis, e.get("area").rows)

        k, base = e.config, one.config
        idle = _at(k["idle"], clock, k) - _at(base["idle"], clock, base)
        reads = (_at(k["saturated"], clock, k) - _at(k["idle"], clock, k)) - (
            _at(base["saturated"], clock, base) - _at(base["idle"], clock, base))
        leakage = k["idle"][POWER_LEAKAGE] - base["idle"][POWER_LEAKAGE]
        engines_w = n * engine_power(base, clock, load)
        table_um2 = s.added_area.value
        pool_um2 = n * one.value("area")
        ge = one.value("area") / one.value("kGE")
        sram_um2 = pool_um2 + ports * s.sram.value
        gated_on = replace(on, power=f"{on.power}; the table clock-gated: an estimate (no clock-gate cell)")

        def organisation(name: str, um2: float, watts: float | None, basis: On = on) -> Organisation:
            return Organisation(name, rec(f"total area, {name}", "area_mm2", um2 / 1e6, area_on),
                                rec(f"total kGE, {name}", "kge", um2 / ge),
                                None if watts is None else rec(f"total power, {name}", "power_w", watts, basis))

        out.append(SharedTable(
            s.keys, s.entries, e.get("engines"), e.get("array ports"),
            Organisation("a table in every engine", e.get("total area"), e.get("total kGE"), e.get("total power")),
            organisation("one shared table, clocked", pool_um2 + ports * table_um2,
                         engines_w + ports * (idle + load * reads)),
            organisation("one shared table, clock-gated", pool_um2 + ports * table_um2,
                         engines_w + ports * (leakage + load * reads), gated_on),
            organisation("one shared table as SRAM", sram_um2, None, replace(area_on, library=SRAM_BASIS.library))))
    return out


def _simulated(config) -> bool:
    return isinstance(config.get("saturated"), dict) and isinstance(config.get("idle"), dict)


def _at(parts: dict, clock_mhz: float, config) -> float:
    """Power (W) of simulated parts at a clock: internal and switching scale with it, leakage does not."""
    return power_at_clock(parts, clock_mhz, config["clock_mhz"])


@dataclass(frozen=True)
class OneKey:
    """The one-key multi-key engine beside xts with one key (the same XTS, its round keys stored): what making the
    round keys on the fly saves, measured (designs/README.md, xts_mk)."""

    multikey: EngineAnswer
    xts: EngineAnswer
    flops: tuple[Record, Record]  # flip-flops of each


def one_key_beside_xts(model: Model, designs: Model) -> OneKey | None:
    """The KEYS = 1 engine of `model` and the xts engine of `designs` with the same key size, lanes and S-box."""
    one = next((e for e in model.answered if e.config["design"] == "xts_mk" and "KEYS=1," in e.config["group"]), None)
    if one is None:
        return None
    same = [t for t in one.config["group"].partition("[")[2].partition("]")[0].split(",")
            if t.split("=")[0] in ("KEY_BITS", "LANES", "LINE_BYTES", "SBOX")]
    xts = next((e for e in designs.answered if e.config["design"] == "xts"
                and all(t in e.config["group"] for t in same)), None)
    if xts is None or xts.config["library"] != one.config["library"]:
        return None

    def flops(e: EngineAnswer) -> Record:
        return Record(e.identity, "flip-flops", "flip_flops", float(e.config["flip_flops"]), e.get("area").on,
                      e.get("area").rows)

    return OneKey(one, xts, (flops(one), flops(xts)))
