"""Lohitha and Vasavi (sub-pipelined AES-GCM on a Virtex-4) beside gcm_subpipe, gcm_pipe and gcm_iter.

The fair pair is the round-pipelined engine with the composite-field S-box (gcm_pipe SBOX = 1: the study's pipelined
round, its Fig. 1(b)) against the same engine with each round cut into the study's six stages (gcm_subpipe
STAGES_PER_ROUND = 6, the cut points of its §III). Our FPGA rows are synthesis only (no open place and route for the
pipelined engines), so clock ratios come from the ASIC library, register counts from both. Absolute figures across
a Virtex-4 and our library are not compared, their ratios sub-pipelined / pipelined are; the study's Table 3 prints
periods in µs and powers in µW, which cannot be right for the device (1000 / its MHz is its period in ns), so only
its ratios are used.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...catalog import AREA, CYCLES, FLOPS, FMAX, FPGA_FFS, LATENCY, LINE_BYTES, LUTS, POWER
from ...catalog import POWER_LEAKAGE as LEAKAGE
from ...feasibility.studies import SUBPIPE as S
from ..records import Cited, On, Record
from .ours import Ours, engine_name, on_asic, record, value
from .rows import Row, ratio

STUDY = S.short
XC7 = "xc7"
STAGES = int(S["stages_per_round"].value)



@dataclass(frozen=True)
class Design:
    label: str
    design: str
    params: dict
    stages: int | None  # register stages per AES round; None: iterative

    @property
    def name(self) -> str:
        return engine_name(self.design, self.params)


ITERATIVE = Design("iterative", "gcm_iter", {"DIGIT": 16, "LINE_BYTES": 64}, None)
PIPELINED = Design("round-pipelined", "gcm_pipe", {"SBOX": 1, "LINE_BYTES": 64}, 1)


def subpipelined(stages: int) -> Design:
    return Design(f"sub-pipelined, {stages} stages", "gcm_subpipe", {"STAGES_PER_ROUND": stages, "LINE_BYTES": 64},
                  stages)


SIX = subpipelined(STAGES)


@dataclass
class Engine:
    design: Design
    figures: dict[str, Record]  # fmax, cycles per line, latency, throughput, area, flip-flops, power, xc7 ...
    power_model: str  # the model its power is on


@dataclass
class Subpipe:
    engines: list[Engine]
    study: dict[str, Record]  # its Table 3 ratios, sub-pipelined / pipelined, computed from the printed figures
    ours: dict[str, Record]  # ours, six stages / one
    power_model: str  # of our power ratio: both sides on one model
    rows: list[Row] = field(default_factory=list)

    @property
    def measured(self) -> bool:
        return self.ours["fmax"].known and not math.isnan(self.ours["fmax"].value)

    def engine(self, d: Design) -> Engine | None:
        return next((e for e in self.engines if e.design == d), None)


def _designs(ours: Ours) -> list[Design]:
    subs = [subpipelined(s) for s in range(2, 7)
            if ours.engine("gcm_subpipe", {"STAGES_PER_ROUND": s}) is not None
            or ours.engine("gcm_subpipe", {"STAGES_PER_ROUND": s}, target=XC7) is not None]
    return [ITERATIVE, PIPELINED, *subs]


def _engine(ours: Ours, d: Design) -> Engine:
    asic, xc7 = ours.engine(d.design, d.params), ours.engine(d.design, d.params, target=XC7)
    power_row, kind = ours.power_row(d.design, d.params)
    name = d.name
    fmax, cycles = value(asic, FMAX), value(asic, CYCLES)
    xc7_on = On(library="xc7 (Xilinx 7-series)", stage="synthesis (Yosys synth_xilinx)")
    figures = {
        "fmax": record(asic, name, "fmax", "fmax_mhz", FMAX),
        "cycles per line": record(asic, name, "cycles per line", "cycles", CYCLES),
        "latency": record(asic, name, "latency", "cycles", LATENCY),
        "throughput": Record(name, "throughput at fmax", "gbps", fmax * 8 * value(asic, LINE_BYTES) / cycles / 1e3,
                             on_asic(asic, clock="its fmax")),
        "area": record(asic, name, "area", "area_um2", AREA),
        "flip-flops": record(asic, name, "flip-flops", "flip_flops", FLOPS),
        "power": record(power_row, name, "power", "power_mw", POWER, 1e3, on_asic(power_row, kind, "225 MHz")),
        "xc7 LUTs": record(xc7, name, "LUTs", "luts", LUTS, on=xc7_on),
        "xc7 flip-flops": record(xc7, name, "flip-flops", "flip_flops", FPGA_FFS, on=xc7_on),
    }
    return Engine(d, figures, kind)


def build(ours: Ours) -> Subpipe:
    engines = [_engine(ours, d) for d in _designs(ours)]
    six, pipe = (next((e for e in engines if e.design == d), None) for d in (SIX, PIPELINED))

    def study_ratio(quantity: str, column: str) -> Record:
        sub, one = S[f"{quantity}_{column}_subpipe"], S[f"{quantity}_{column}_pipe"]
        return ratio(STUDY, f"{quantity}, {column}, sub-pipelined / pipelined, Table 3", sub.value, one.value)

    study = {"fmax": study_ratio("fmax", "gcm"), "fmax, AES alone": study_ratio("fmax", "aes"),
             "dynamic power": study_ratio("dynamic", "gcm"), "quiescent power": study_ratio("quiescent", "gcm"),
             "period": Record(STUDY, "1000 / its sub-pipelined AES-GCM MHz", "latency_ns",
                              1e3 / S["fmax_gcm_subpipe"].value)}
    pair = f"{SIX.name} / {PIPELINED.name}"

    def ours_ratio(name: str, of: str, quantity_on: On | None = None) -> Record:
        a = six.figures[of] if six else None
        b = pipe.figures[of] if pipe else None
        return ratio(pair, name, a.value if a else math.nan, b.value if b else math.nan,
                     quantity_on or (a.on if a else On()), (a.rows + b.rows) if a and b else ())

    same_model = six is not None and pipe is not None and six.power_model == pipe.power_model
    leak = (value(ours.engine(SIX.design, SIX.params), LEAKAGE), value(ours.engine(PIPELINED.design, PIPELINED.params),
                                                                       LEAKAGE))
    mine = {"fmax": ours_ratio("fmax", "fmax"), "flip-flops": ours_ratio("flip-flops", "flip-flops"),
            "xc7 flip-flops": ours_ratio("xc7 flip-flops", "xc7 flip-flops"),
            "power": ours_ratio("power", "power") if same_model else ratio(pair, "power", math.nan, 1.0),
            "leakage": ratio(pair, "cell leakage", *leak, On(library="freepdk45_char/nom", stage="synthesis"))}
    model = Subpipe(engines, study, mine, six.power_model if six else "")
    model.rows = _rows(model, six)
    return model


def _rows(m: Subpipe, six: Engine | None) -> list[Row]:
    s, o = m.study, m.ours
    six_ff = six.figures["xc7 flip-flops"] if six else None
    return [
        Row("fmax, sub-pipelined / pipelined", (s["fmax"], " (", Cited.of(S["fmax_gcm_subpipe"]), " / ",
            Cited.of(S["fmax_gcm_pipe"]), " MHz)"), "Lohitha and Vasavi, Table 3", (o["fmax"], " (ASIC)"),
            ratio("fmax ratios", "ours / study", o["fmax"].value, s["fmax"].value)),
        Row("registers of the sub-pipelined AES-GCM", (Cited.of(S["registers"]),), S["registers"].source,
            (six_ff if six_ff is not None else "–", " xc7 flip-flops"),
            ratio("registers", "ours / study", six_ff.value if six_ff else math.nan, S["registers"].value)),
        Row("registers, sub-pipelined / pipelined", ("not printed",), "Lohitha and Vasavi, Table 2",
            (o["flip-flops"], " ASIC, ", o["xc7 flip-flops"], " xc7")),
        Row("dynamic power, sub-pipelined / pipelined", (s["dynamic power"], " (", Cited.of(S["dynamic_gcm_subpipe"]),
            " / ", Cited.of(S["dynamic_gcm_pipe"]), " µW)"), "Lohitha and Vasavi, Table 3",
            (o["power"], " (total, same clock)"),
            ratio("dynamic power ratios", "ours / study", o["power"].value, s["dynamic power"].value)),
        Row("quiescent power, sub-pipelined / pipelined", (s["quiescent power"], " (", Cited.of(S["quiescent_gcm_subpipe"]),
            " / ", Cited.of(S["quiescent_gcm_pipe"]), " µW)"), "Lohitha and Vasavi, Table 3",
            (o["leakage"], " (cell leakage)")),
        Row("cycles to the ciphertext / the tag", (Cited.of(S["cycles_ciphertext"]), " / ", Cited.of(S["cycles_tag"])),
            S["cycles_tag"].source, ((six.figures["latency"] if six else "–"), " (to both)")),
    ]
