"""Jannepally 2008 (GCM against CBC + CBC-MAC bus encryption in an SMP) beside gcm_iter and cbc_mac.

The study modelled its AES unit as a latency per line at the processor's 1 GHz clock (160 or 320 cycles,
Jannepally 2008, §4.3 and Table 4.1) and CBC as needing a second AES pass for its MAC. Ours are engines measured in
cycles at their own clock, so the two are compared in time (ns per line, ns to a decrypted line), not in cycles at
different clocks: ours at the engine's synthesis fmax (register to register, no wires: an upper bound). Its storage
figures are recomputed by cryptoppa.feasibility.storage; its program slowdown (Figure 5.1) is replayed by
`cryptoppa slowdown` on our traces of the same four kernels, read through the `replay` function the caller passes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pandas as pd

from ...catalog import AREA, CYCLES, FMAX, POWER, READ_LATENCY
from ...feasibility.storage import compare_storage
from ...feasibility.studies import BUS_GCM_CBC as S, LOSS_PROCESSORS
from ..records import Cited, On, Record
from .ours import Ours, engine_name, on_asic, value
from .rows import Row, ratio, span

STUDY = S.short
CLOCK_GHZ = S["clock"].value
PROCESSES = 100
PROCESSORS = 8
CBC64, GCM64 = {"LINE_BYTES": 64}, {"DIGIT": 16, "LINE_BYTES": 64}
UNITS = ("fast", "slow")  # its 160- and 320-cycle AES units (the 1.6 and 0.8 GB/s labels at 64-byte lines)
# The same four kernels, columns of the replay table this model reads (report.slowdown_report.study_side's).
REPLAY_COLUMNS = ("processors", "line B", "AES unit GB/s", "ours GCM %", "ours CBC %")
Replay = Callable[[pd.DataFrame], pd.DataFrame]



@dataclass
class Engine:
    """One of our engines as the study's question sees it: time per line and to a decrypted line, at fmax."""

    name: str
    line_bytes: int
    cycles: Record
    fmax: Record
    time: Record  # ns per line at fmax
    read: Record  # ns from a line's arrival to its plaintext, at fmax (no pad computed ahead)
    gbytes: Record  # GB/s at fmax


@dataclass
class LossPoint:
    processors: int
    unit: Cited  # its AES unit's throughput label
    gcm: Cited
    cbc: Cited
    study_ratio: Record  # CBC / GCM loss, as printed
    ours_gcm: Record
    ours_cbc: Record
    ours_ratio: Record


@dataclass
class Bus:
    cbc: Engine
    gcm: Engine
    gcm128: Engine
    study_times: dict[str, Record]  # its 64-byte-line AES time per unit, ns
    faster: list[Record]  # its units' time per line / our cbc_mac's
    area_ratio: Record  # cbc_mac / gcm_iter
    time_ratio: Record  # cbc_mac / gcm_iter, time per line at fmax
    power_ratio: Record
    label_factor: list[Record]  # its throughput labels / its own formula
    gcm_bits: Record  # its GCM unit storage, recomputed from its own terms
    storage_ratio: Record  # CBC / GCM storage at 64-byte lines
    losses: list[LossPoint] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)

    def loss_range(self, mode: str) -> tuple[Cited, Cited]:
        """The study's least and greatest loss of a mode over Figure 5.1, as printed."""
        figures = sorted((getattr(p, mode) for p in self.losses), key=lambda c: c.value)
        return figures[0], figures[-1]

    def replayed(self, mode: str) -> list[Record]:
        return [getattr(p, f"ours_{mode}") for p in self.losses if getattr(p, f"ours_{mode}").known]


def _engine(ours: Ours, design: str, params: dict) -> Engine:
    row = ours.engine(design, params)
    name = engine_name(design, params)
    line = int(params.get("LINE_BYTES", 64))
    fmax_mhz, cycles = value(row, FMAX), value(row, CYCLES)
    on, at_fmax = on_asic(row), on_asic(row, clock="its fmax")
    labels = (str(row["label"]),) if row is not None else ()
    ns = cycles / fmax_mhz * 1e3
    return Engine(name, line, Record(name, "cycles per line", "cycles", cycles, on, labels),
                  Record(name, "fmax", "fmax_mhz", fmax_mhz, on, labels),
                  Record(name, "time per line", "latency_ns", ns, at_fmax, labels),
                  Record(name, "read latency", "latency_ns", value(row, READ_LATENCY) / fmax_mhz * 1e3, at_fmax, labels),
                  Record(name, "throughput", "gbytes_per_s", line / ns, at_fmax, labels))


def build(ours: Ours, replay: Replay) -> Bus:
    cbc, gcm = _engine(ours, "cbc_mac", CBC64), _engine(ours, "gcm_iter", GCM64)
    gcm128 = _engine(ours, "gcm_iter", {"DIGIT": 16, "LINE_BYTES": 128})
    study_on = On(clock=f"{CLOCK_GHZ:g} GHz")
    times = {u: Record(STUDY, f"AES time per 64-byte line, {S[f'cbc_64_{u}'].printed}-cycle unit", "latency_ns",
                       S[f"cbc_64_{u}"].value / CLOCK_GHZ, study_on) for u in UNITS}
    faster = [ratio(cbc.name, f"{STUDY}'s {S[f'cbc_64_{u}'].printed}-cycle unit / ours, time per line",
                    times[u].value, cbc.time.value, cbc.time.on, cbc.time.rows) for u in UNITS]
    cbc_row, gcm_row = ours.engine("cbc_mac", CBC64), ours.engine("gcm_iter", GCM64)
    area = ratio("cbc_mac / gcm_iter", "area", value(cbc_row, AREA), value(gcm_row, AREA), on_asic(cbc_row))
    (p_cbc, kind_cbc), (p_gcm, kind_gcm) = ours.power_row("cbc_mac", CBC64), ours.power_row("gcm_iter", GCM64)
    power = ratio("cbc_mac / gcm_iter", "power", value(p_cbc, POWER),
                  value(p_gcm, POWER) if kind_cbc == kind_gcm else math.nan, on_asic(p_cbc, kind_cbc, "225 MHz"))
    labels = [ratio(STUDY, f"throughput label / its formula, {key}", S[f"{key}_rate"].value,
                    line * CLOCK_GHZ / S[key].value)
              for key, line in (("cbc_64_slow", 64), ("cbc_64_fast", 64), ("gcm_128_slow", 128),
                                ("gcm_128_fast", 128))]
    at64, at128 = (compare_storage(PROCESSORS, PROCESSES, line) for line in (64, 128))
    storage_on = On(access=f"{PROCESSORS} processors, {PROCESSES} processes, 64-byte lines")
    slower = ratio("cbc_mac / gcm_iter", "time per line at fmax", cbc.time.value, gcm.time.value, cbc.time.on)
    bus = Bus(cbc, gcm, gcm128, times, faster, area, slower, power, labels,
              Record(STUDY, "GCM unit storage without pads, its own terms", "bits", at64.gcm.state_bits, storage_on),
              ratio(STUDY, "CBC / GCM storage, recomputed", at64.cbc.total_bytes, at64.gcm.total_bytes, storage_on))
    bus.losses = _losses(ours, replay)
    bus.rows = _rows(bus, at64, at128)
    return bus


def _losses(ours: Ours, replay: Replay) -> list[LossPoint]:
    side = replay(ours.slowdown) if not ours.slowdown.empty else pd.DataFrame(columns=list(REPLAY_COLUMNS))
    side = side[side["line B"] == 64] if len(side) else side
    replayed = {(int(r["processors"]), float(r["AES unit GB/s"])): r for _, r in side.iterrows()}
    on = On(access="replayed on our traces of fft, lu-c, lu-nc and radix (cryptoppa slowdown)")
    out = []
    for p in LOSS_PROCESSORS:
        for u in UNITS:
            label = S[f"cbc_64_{u}_rate"]
            gcm, cbc = Cited.of(S[f"loss_{p}_gcm_{u}"]), Cited.of(S[f"loss_{p}_cbc_{u}"])
            mine = replayed.get((p, label.value))
            subject = f"{STUDY}, Figure 5.1 replayed, {p} processors, {label.printed} GB/s unit"
            ours_gcm = Record(subject, "GCM performance loss", "percent",
                              float(mine["ours GCM %"]) if mine is not None else math.nan, on)
            ours_cbc = Record(subject, "CBC performance loss", "percent",
                              float(mine["ours CBC %"]) if mine is not None else math.nan, on)
            out.append(LossPoint(p, Cited.of(S[f"cbc_64_{u}_rate"]), gcm, cbc,
                                 ratio(f"{STUDY}, Figure 5.1, {p} processors, {label.printed} GB/s unit",
                                       "CBC / GCM loss", cbc.value, gcm.value),
                                 ours_gcm, ours_cbc, ratio(subject, "CBC / GCM loss", ours_cbc.value, ours_gcm.value, on)))
    return out


def _rows(bus: Bus, at64, at128) -> list[Row]:
    cbc, gcm, g128 = bus.cbc, bus.gcm, bus.gcm128
    study128 = [Record(STUDY, f"AES time per 128-byte line, {S[f'gcm_128_{u}'].printed}-cycle unit", "latency_ns",
                       S[f"gcm_128_{u}"].value / CLOCK_GHZ, bus.study_times["fast"].on) for u in ("fast", "slow")]

    def at(e: Engine, what: Record) -> tuple:
        return (what, " (", e.name.split()[0], ": ", e.cycles, " cycles at ", e.fmax, " MHz)")

    pads128 = Record(STUDY, "GCM pad storage, 128-byte lines, recomputed", "bytes", at128.gcm.buffer_bytes,
                     bus.gcm_bits.on)
    masks64 = Record(STUDY, "SENSS (CBC) mask storage, 64-byte lines, recomputed", "bytes", at64.cbc.buffer_bytes,
                     bus.gcm_bits.on)
    return [
        Row("AES time per 64-byte line, ns", (Cited.of(S["cbc_64_fast"]), " or ", Cited.of(S["cbc_64_slow"]),
            " cycles at ", Cited.of(S["clock"]), " GHz: ", *span(list(bus.study_times.values()))),
            "Jannepally 2008, §4.3, Table 4.1", (*at(cbc, cbc.time), "; ", *at(gcm, gcm.time))),
        Row("AES time per 128-byte line, ns (GCM)", (Cited.of(S["gcm_128_fast"]), " or ", Cited.of(S["gcm_128_slow"]),
            " cycles: ", *span(study128)), "Jannepally 2008, §4.3", at(g128, g128.time)),
        Row("one AES unit's throughput, GB/s", (Cited.of(S["cbc_64_slow_rate"]), "–", Cited.of(S["gcm_128_fast_rate"]),
            " (labels; its own formula gives ", *span(bus.label_factor), "× less)"), "Jannepally 2008, §4.3",
            (cbc.gbytes, " (cbc_mac), ", gcm.gbytes, " (gcm_iter), at fmax")),
        Row("time to a decrypted line, ns", (Cited.of(S["gcm_pad_latency"]), " cycle (GCM, pad computed ahead)"),
            S["gcm_pad_latency"].source, (gcm.read, " (gcm_iter), ", cbc.read, " (cbc_mac), no pad ahead")),
        Row("CBC's MAC: a second AES pass", ("another AES unit for authentication",), "Jannepally 2008, §5.1",
            ("cbc_mac / gcm_iter: area ", bus.area_ratio, "×, power ", bus.power_ratio, "×, time ",
             bus.time_ratio, "× (two AES cores in parallel)")),
        Row("GCM unit storage without pads, bits", (Cited.of(S["gcm_state_bits"]),), S["gcm_state_bits"].source,
            (bus.gcm_bits, " (its own terms, summed)"),
            ratio(STUDY, "GCM unit storage, recomputed / printed", bus.gcm_bits.value, S["gcm_state_bits"].value)),
        Row("GCM pads (128-byte lines), SENSS masks (64-byte), bytes", (Cited.of(S["gcm_pads_128"]), ", ",
            Cited.of(S["cbc_masks_64"])), S["gcm_pads_128"].source, (pads128, ", ", masks64, "; CBC / GCM storage ",
                                                                  bus.storage_ratio, "×")),
    ]
