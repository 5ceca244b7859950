"""Jannepally 2008 (GCM against CBC + CBC-MAC bus encryption in an SMP) beside gcm_iter and cbc_mac.

The study modelled its AES unit as a latency per line at the processor's 1 GHz clock (160 or 320 cycles,
Jannepally 2008, §4.3 and Table 4.1) and CBC as needing a second AES pass for its MAC. Ours are engines measured in
cycles at their own clock, so both are set in time (ns per line, ns to a decrypted line), not in cycles at
different clocks: ours at the engine's synthesis fmax (register to register, no wires: an upper bound). Its unit is
a latency its system model assumes, no circuit (no library, tools or stage), so the ratio of our engine's time to
its is refused by the comparison gate (cryptoppa.answers.comparison) and listed as not answered; what is compared
is each side with itself: our cbc_mac against our gcm_iter on one library, its CBC against its GCM in its own
figures. Its storage figures are recomputed by cryptoppa.feasibility.storage from its own terms; its program
slowdown (Figure 5.1) is replayed by `cryptoppa slowdown` on our traces of the same four kernels, read through the
`replay` function the caller passes: the direction of CBC's loss against GCM's is compared, the size of the gap is
not (our traces, caches and cores are not its simulated system).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pandas as pd

from ...catalog import AREA, CYCLES, FMAX, POWER, READ_LATENCY
from ...feasibility.storage import compare_storage
from ...feasibility.studies import BUS_GCM_CBC as S, LOSS_PROCESSORS
from ..basis import supply
from ..comparison import Comparison, compare, side
from ..records import Cited, NotAnswered, On, Record
from .ours import Ours, engine_name, on_asic, record, value
from .rows import Row, between, refusals, span

STUDY = S.short
CLOCK_GHZ = S["clock"].value
PROCESSES = 100
PROCESSORS = 8
CBC64, GCM64 = {"LINE_BYTES": 64}, {"DIGIT": 16, "LINE_BYTES": 64}
UNITS = ("fast", "slow")  # its 160- and 320-cycle AES units (the 1.6 and 0.8 GB/s labels at 64-byte lines)
# The same four kernels, columns of the replay table this model reads (report.slowdown_report.study_side's).
REPLAY_COLUMNS = ("processors", "line B", "AES unit GB/s", "ours GCM %", "ours CBC %")
Replay = Callable[[pd.DataFrame], pd.DataFrame]
OUR_REPLAY = "cryptoppa slowdown, our traces"
ITS_SIMULATOR = "Simics + GEMS"  # its full-system SMP simulation (Chapter IV)


def study_basis(**axes: str) -> dict[str, str]:
    """The study's side, axis by axis: its own figures, no library, tools, stage, power model or supply but what
    `axes` states."""
    return {**dict(source=STUDY, flow="", library="", stage="", power="", clock="", voltage=""), **axes}


# Its AES unit: a latency its system model assumes at the processor's clock (§4.3, Table 4.1), no circuit.
UNIT_BASIS = study_basis(stage="an assumed latency, no circuit", clock=f"{S['clock'].printed} GHz")


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
    area: Record
    power: Record  # at 225 MHz, simulated at saturation where measured, else vectorless


@dataclass
class LossPoint:
    processors: int
    unit: Cited  # its AES unit's throughput label
    gcm: Cited
    cbc: Cited
    study: Comparison  # its CBC / GCM loss, both as printed
    ours_gcm: Record
    ours_cbc: Record
    ours: Comparison  # ours CBC / GCM loss, both replayed
    gap: Comparison  # ours / its CBC-to-GCM ratio: refused, the two systems differ


@dataclass
class Bus:
    cbc: Engine
    gcm: Engine
    gcm128: Engine
    study_times: dict[str, Record]  # its 64-byte-line AES time per unit, ns
    to_units: list[Comparison]  # our cbc_mac's time per line / its units': refused (its unit is no circuit)
    mac: dict[str, Comparison]  # cbc_mac / gcm_iter: "cycles", "fmax", "time", "area", "power"
    label_factor: list[Comparison]  # its throughput labels / its own formula
    gcm_bits: Record  # its GCM unit storage, recomputed from its own terms
    bits_check: Comparison  # recomputed / printed
    storage: Comparison  # CBC / GCM storage at 64-byte lines, both recomputed
    losses: list[LossPoint] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)

    def loss_range(self, mode: str) -> tuple[Cited, Cited]:
        """The study's least and greatest loss of a mode over Figure 5.1, as printed."""
        figures = sorted((getattr(p, mode) for p in self.losses), key=lambda c: c.value)
        return figures[0], figures[-1]

    def replayed(self, mode: str) -> list[Record]:
        return [getattr(p, f"ours_{mode}") for p in self.losses if getattr(p, f"ours_{mode}").known]

    @property
    def not_answered(self) -> list[NotAnswered]:
        return (refusals(self.to_units, STUDY, "our engines' time per line / its AES units'")
                + refusals(list(self.mac.values()), "cbc_mac / gcm_iter")
                + refusals([p.gap for p in self.losses if p.ours.answered and p.ours.ratio.known], STUDY,
                           "CBC / GCM performance loss, ours replayed / its Figure 5.1"))


def _engine(ours: Ours, design: str, params: dict) -> Engine:
    row = ours.engine(design, params)
    name = engine_name(design, params)
    line = int(params.get("LINE_BYTES", 64))
    fmax_mhz, cycles = value(row, FMAX), value(row, CYCLES)
    on, at_fmax = on_asic(row), on_asic(row, clock="its fmax")
    labels = (str(row["label"]),) if row is not None else ()
    ns = cycles / fmax_mhz * 1e3
    power_row, kind = ours.power_row(design, params)
    return Engine(name, line, Record(name, "cycles per line", "cycles", cycles, on, labels),
                  Record(name, "fmax", "fmax_mhz", fmax_mhz, on, labels),
                  Record(name, "time per line", "latency_ns", ns, at_fmax, labels),
                  Record(name, "read latency", "latency_ns", value(row, READ_LATENCY) / fmax_mhz * 1e3, at_fmax, labels),
                  Record(name, "throughput", "gbytes_per_s", line / ns, at_fmax, labels),
                  record(row, name, "area", "area_um2", AREA),
                  record(power_row, name, "power", "power_mw", POWER, 1e3, on_asic(power_row, kind, "225 MHz")))


def _ours(e: Engine, figure: Record) -> dict:
    """Axes of our side beyond what the record states: the design and the supply."""
    return dict(design=e.name, voltage=supply(figure.on.library))


def build(ours: Ours, replay: Replay) -> Bus:
    cbc, gcm = _engine(ours, "cbc_mac", CBC64), _engine(ours, "gcm_iter", GCM64)
    gcm128 = _engine(ours, "gcm_iter", {"DIGIT": 16, "LINE_BYTES": 128})
    study_on = On(clock=f"{CLOCK_GHZ:g} GHz")
    times = {u: Record(STUDY, f"AES time per 64-byte line, {S[f'cbc_64_{u}'].printed}-cycle unit", "latency_ns",
                       S[f"cbc_64_{u}"].value / CLOCK_GHZ, study_on) for u in UNITS}
    line = dict(unit="one 64-byte line")
    to_units = [compare("AES time per 64-byte line", side("cbc_mac", cbc.time, **_ours(cbc, cbc.time), **line),
                        side(f"its {S[f'cbc_64_{u}'].printed}-cycle unit", times[u],
                             design=f"its {S[f'cbc_64_{u}'].printed}-cycle CBC unit", **UNIT_BASIS, **line),
                        about=("design", "source")) for u in UNITS]
    mac = {what: between(what, getattr(cbc, attr), getattr(gcm, attr), {"design": (cbc.name, gcm.name)},
                         ("cbc_mac", "gcm_iter"), voltage=supply(cbc.area.on.library))
           for what, attr in (("cycles per line", "cycles"), ("fmax", "fmax"), ("time per line at fmax", "time"),
                              ("area", "area"), ("power", "power"))}
    labels = [between(f"throughput label / its formula, {key}", Cited.of(S[f"{key}_rate"]),
                      Record(STUDY, f"throughput by its formula, {key}", "gbytes_per_s", n * CLOCK_GHZ / S[key].value,
                             study_on),
                      {}, ("its label", "its formula"), subject=STUDY,
                      **UNIT_BASIS, unit=f"one AES unit, {n}-byte lines", design=f"its {S[key].printed}-cycle unit")
              for key, n in (("cbc_64_slow", 64), ("cbc_64_fast", 64), ("gcm_128_slow", 128), ("gcm_128_fast", 128))]
    at64, at128 = (compare_storage(PROCESSORS, PROCESSES, n) for n in (64, 128))
    storage_on = On(access=f"{PROCESSORS} processors, {PROCESSES} processes, 64-byte lines")
    storage_basis = study_basis(unit=f"{PROCESSORS} processors, {PROCESSES} processes, 64-byte lines")
    gcm_bits = Record(STUDY, "GCM unit storage without pads, its own terms", "bits", at64.gcm.state_bits, storage_on)
    bits_check = between("GCM unit storage without pads", gcm_bits, Cited.of(S["gcm_state_bits"]), {},
                         ("its terms, summed", "as printed"), subject=STUDY, **storage_basis, design="its GCM unit")
    storage = between("storage, recomputed", Record(STUDY, "CBC storage, recomputed", "bytes", at64.cbc.total_bytes,
                                                    storage_on),
                      Record(STUDY, "GCM storage, recomputed", "bytes", at64.gcm.total_bytes, storage_on),
                      {"design": ("SENSS (CBC)", "GCM")}, ("CBC", "GCM"), subject=STUDY, **storage_basis)
    bus = Bus(cbc, gcm, gcm128, times, to_units, mac, labels, gcm_bits, bits_check, storage)
    bus.losses = _losses(ours, replay)
    bus.rows = _rows(bus, at64, at128)
    return bus


def _losses(ours: Ours, replay: Replay) -> list[LossPoint]:
    table = replay(ours.slowdown) if not ours.slowdown.empty else pd.DataFrame(columns=list(REPLAY_COLUMNS))
    table = table[table["line B"] == 64] if len(table) else table
    replayed = {(int(r["processors"]), float(r["AES unit GB/s"])): r for _, r in table.iterrows()}
    on = On(access="replayed on our traces of fft, lu-c, lu-nc and radix (cryptoppa slowdown)")
    schemes = {"design": ("CBC + CBC-MAC", "GCM")}
    out = []
    for p in LOSS_PROCESSORS:
        for u in UNITS:
            label = S[f"cbc_64_{u}_rate"]
            gcm, cbc = Cited.of(S[f"loss_{p}_gcm_{u}"]), Cited.of(S[f"loss_{p}_cbc_{u}"])
            mine = replayed.get((p, label.value))
            point = f"{p} processors, {label.printed} GB/s unit"
            subject = f"{STUDY}, Figure 5.1 replayed, {point}"
            ours_gcm = Record(subject, "GCM performance loss", "percent",
                              float(mine["ours GCM %"]) if mine is not None else math.nan, on)
            ours_cbc = Record(subject, "CBC performance loss", "percent",
                              float(mine["ours CBC %"]) if mine is not None else math.nan, on)
            unit = dict(unit=f"performance loss, {point}, 64-byte lines")
            theirs = between("performance loss", cbc, gcm, schemes, ("CBC", "GCM"), f"{STUDY}, Figure 5.1, {point}",
                             **study_basis(flow=ITS_SIMULATOR, **unit))
            mine_ratio = between("performance loss", ours_cbc, ours_gcm, schemes, ("CBC", "GCM"), subject,
                                 flow=OUR_REPLAY, **unit)
            gap = compare("CBC / GCM performance loss",
                          side("ours", mine_ratio.ratio, flow=OUR_REPLAY, design="CBC / GCM", **unit),
                          side(STUDY, theirs.ratio, **study_basis(flow=ITS_SIMULATOR, design="CBC / GCM", **unit)),
                          about=("source",), subject=subject)
            out.append(LossPoint(p, Cited.of(label), gcm, cbc, theirs, ours_gcm, ours_cbc, mine_ratio, gap))
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
    mac = bus.mac
    return [
        Row("AES time per 64-byte line, ns", (Cited.of(S["cbc_64_fast"]), " or ", Cited.of(S["cbc_64_slow"]),
            " cycles at ", Cited.of(S["clock"]), " GHz: ", *span(list(bus.study_times.values()))),
            "Jannepally 2008, §4.3, Table 4.1", (*at(cbc, cbc.time), "; ", *at(gcm, gcm.time)), bus.to_units[0]),
        Row("AES time per 128-byte line, ns (GCM)", (Cited.of(S["gcm_128_fast"]), " or ", Cited.of(S["gcm_128_slow"]),
            " cycles: ", *span(study128)), "Jannepally 2008, §4.3", at(g128, g128.time)),
        Row("one AES unit's throughput, GB/s", (Cited.of(S["cbc_64_slow_rate"]), "–", Cited.of(S["gcm_128_fast_rate"]),
            " (labels; ", *span([c.ratio for c in bus.label_factor if c.answered]), "× what its own formula gives)"),
            "Jannepally 2008, §4.3", (cbc.gbytes, " (cbc_mac), ", gcm.gbytes, " (gcm_iter), at fmax")),
        Row("time to a decrypted line, ns", (Cited.of(S["gcm_pad_latency"]), " cycle (GCM, pad computed ahead)"),
            S["gcm_pad_latency"].source, (gcm.read, " (gcm_iter), ", cbc.read, " (cbc_mac), no pad ahead")),
        Row("CBC's MAC: a second AES pass", ("another AES unit for authentication",), "Jannepally 2008, §5.1",
            ("cbc_mac / gcm_iter: cycles ", *_shown(mac["cycles per line"]), ", area ", *_shown(mac["area"]),
             ", power ", *_shown(mac["power"]), ", time ", *_shown(mac["time per line at fmax"]),
             " (two AES cores in parallel)")),
        Row("GCM unit storage without pads, bits", (Cited.of(S["gcm_state_bits"]),), S["gcm_state_bits"].source,
            (bus.gcm_bits, " (its own terms, summed)"), bus.bits_check),
        Row("GCM pads (128-byte lines), SENSS masks (64-byte), bytes", (Cited.of(S["gcm_pads_128"]), ", ",
            Cited.of(S["cbc_masks_64"])), S["gcm_pads_128"].source,
            (pads128, ", ", masks64, "; CBC / GCM storage ", *_shown(bus.storage))),
    ]


def _shown(c: Comparison) -> tuple:
    """A comparison's ratio as cell parts ('1.91×'), or why it is not answered."""
    return (c.ratio, "×") if c.answered else ("not answered",)
