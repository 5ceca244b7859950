"""Lohitha and Vasavi (sub-pipelined AES-GCM on a Virtex-4) beside gcm_subpipe, gcm_pipe and gcm_iter.

The fair pair is the round-pipelined engine with the composite-field S-box (gcm_pipe SBOX = 1: the study's pipelined
round, its Fig. 1(b)) against the same engine with each round cut into the study's six stages (gcm_subpipe
STAGES_PER_ROUND = 6, the cut points of its §III). Our FPGA rows are synthesis only (no open place and route for the
pipelined engines), so clock ratios come from the ASIC library, register counts from both. The study's Table 3
prints periods in µs and powers in µW, which cannot be right for the device (1000 / its MHz is its period in ns), so
only its ratios are used.

What is compared (cryptoppa.answers.comparison): each side's ratio sub-pipelined / pipelined, ours of two engines
on one library, the study's of its two designs on its Virtex-4, and their ratio (rows.of_ratios: each side's
library, tools, stage and supply divide out of its own ratio). Dynamic power beside dynamic power (ours: internal +
switching, vectorless and simulated, both engines at 225 MHz): the study states neither the clock nor the activity
of its power estimate, so the ratio of the two power ratios is refused. Its quiescent power is the device's static
power, not a design's cell leakage; its register count is on another device and another tool than our xc7
synthesis: both ratios are refused.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...catalog import AREA, CYCLES, FLOPS, FMAX, FPGA_FFS, LATENCY, LINE_BYTES, LUTS, POWER, POWER_INTERNAL
from ...catalog import POWER_LEAKAGE as LEAKAGE
from ...catalog import POWER_SWITCHING
from ...feasibility.studies import SUBPIPE as S
from ..basis import SATURATED, supply
from ..comparison import Comparison, compare, side
from ..records import Cited, NotAnswered, On, Record
from .ours import Ours, engine_name, on_asic, record, value
from .rows import Row, between, figure, of_ratios, refusals

STUDY = S.short
XC7 = "xc7"
STAGES = int(S["stages_per_round"].value)
XC7_FLOW = "Yosys synth_xilinx"
# The study's side (its abstract: Xilinx ISE on a Virtex-4 XC4VLX200); no stage, clock, activity or supply stated.
STUDY_BASIS = dict(source=STUDY, library="Virtex-4 XC4VLX200", flow="Xilinx ISE", stage="", power="", clock="",
                   voltage="")
ITS_POWER = "its tool's, activity unstated"  # Table 3 names no stimulus and no clock for its power
PAIR = ("sub-pipelined", "pipelined")


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
OURS_PAIR = f"{SIX.name} / {PIPELINED.name}"
ITS_PAIR = "its sub-pipelined / pipelined AES-GCM"


@dataclass
class Engine:
    design: Design
    figures: dict[str, Record]  # fmax, cycles per line, latency, throughput, area, flip-flops, power, xc7 ...
    power_model: str  # the model its power is on


@dataclass
class Subpipe:
    engines: list[Engine]
    study: dict[str, Comparison]  # its Table 3, sub-pipelined / pipelined, each side as printed
    period: Record  # 1000 / its sub-pipelined AES-GCM MHz: the period its clock implies
    ours: dict[str, Comparison]  # ours, six stages / one, on one library
    cross: dict[str, Comparison]  # ours / the study's: ratios of ratios, or our figure over its
    rows: list[Row] = field(default_factory=list)

    @property
    def measured(self) -> bool:
        c = self.ours["fmax"]
        return c.answered and c.ratio.known

    def engine(self, d: Design) -> Engine | None:
        return next((e for e in self.engines if e.design == d), None)

    @property
    def not_answered(self) -> list[NotAnswered]:
        if not self.measured:
            return []
        return (refusals(list(self.ours.values()), OURS_PAIR)
                + [NotAnswered(STUDY, f"{c.name}, ours / its", c.refused.reason) for c in self.cross.values()
                   if c.refused])


def _designs(ours: Ours) -> list[Design]:
    subs = [subpipelined(s) for s in range(2, 7)
            if ours.engine("gcm_subpipe", {"STAGES_PER_ROUND": s}) is not None
            or ours.engine("gcm_subpipe", {"STAGES_PER_ROUND": s}, target=XC7) is not None]
    return [ITERATIVE, PIPELINED, *subs]


def _dynamic(row, name: str, what: str, on: On) -> Record:
    """Internal + switching power of a row, mW: the dynamic power the study's Table 3 sets apart from quiescent."""
    labels = (str(row["label"]),) if row is not None else ()
    return Record(name, what, "power_mw", (value(row, POWER_INTERNAL) + value(row, POWER_SWITCHING)) * 1e3, on,
                  labels)


def _engine(ours: Ours, d: Design) -> Engine:
    asic, xc7 = ours.engine(d.design, d.params), ours.engine(d.design, d.params, target=XC7)
    power_row, kind = ours.power_row(d.design, d.params)
    simulated = ours.engine(d.design, d.params, activity=SATURATED)
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
        "dynamic power": _dynamic(simulated, name, "dynamic power", on_asic(simulated, SATURATED, "225 MHz")),
        "dynamic power, vectorless": _dynamic(asic, name, "dynamic power", on_asic(asic, "vectorless", "225 MHz")),
        "leakage": record(asic, name, "cell leakage", "power_mw", LEAKAGE, 1e3),
        "xc7 LUTs": record(xc7, name, "LUTs", "luts", LUTS, on=xc7_on),
        "xc7 flip-flops": record(xc7, name, "flip-flops", "flip_flops", FPGA_FFS, on=xc7_on),
    }
    return Engine(d, figures, kind)


def build(ours: Ours) -> Subpipe:
    engines = [_engine(ours, d) for d in _designs(ours)]
    six, pipe = (next((e for e in engines if e.design == d), None) for d in (SIX, PIPELINED))

    def theirs(quantity: str, column: str, design: str, **basis: str) -> Comparison:
        sub, one = S[f"{quantity}_{column}_subpipe"], S[f"{quantity}_{column}_pipe"]
        return between(f"{quantity}, {design}, Table 3", Cited.of(sub), Cited.of(one),
                       {"design": (f"its sub-pipelined {design}", f"its pipelined {design}")}, PAIR, STUDY,
                       **{**STUDY_BASIS, **basis})

    study = {"fmax": theirs("fmax", "gcm", "AES-GCM"), "fmax, AES alone": theirs("fmax", "aes", "AES"),
             "dynamic power": theirs("dynamic", "gcm", "AES-GCM", scope="dynamic power", power=ITS_POWER),
             "quiescent power": theirs("quiescent", "gcm", "AES-GCM", scope="quiescent power (the device's)")}
    period = Record(STUDY, "1000 / its sub-pipelined AES-GCM MHz", "latency_ns", 1e3 / S["fmax_gcm_subpipe"].value)

    def mine(of: str, **basis: str) -> Comparison:
        missing = Record(OURS_PAIR, of, "fraction", math.nan)
        a, b = (six.figures[of] if six else missing), (pipe.figures[of] if pipe else missing)
        voltage = supply(a.on.library) if of != "xc7 flip-flops" else ""
        return between(of, a, b, {"design": (SIX.name, PIPELINED.name)}, PAIR, OURS_PAIR, voltage=voltage,
                       **basis)

    dynamic = dict(scope="dynamic power (internal + switching)")
    o = {"fmax": mine("fmax"), "flip-flops": mine("flip-flops"), "xc7 flip-flops": mine("xc7 flip-flops", flow=XC7_FLOW),
         "dynamic power": mine("dynamic power", **dynamic),
         "dynamic power, vectorless": mine("dynamic power, vectorless", **dynamic),
         "leakage": mine("leakage", scope="cell leakage")}
    registers = six.figures["xc7 flip-flops"] if six else Record(SIX.name, "flip-flops", "flip_flops", math.nan)
    cross = {
        "fmax": of_ratios("fmax, sub-pipelined / pipelined", o["fmax"], study["fmax"], dict(design=OURS_PAIR),
                          dict(design=ITS_PAIR), STUDY),
        "registers": compare("registers of the sub-pipelined AES-GCM",
                             side("ours", registers, design=SIX.name, flow=XC7_FLOW),
                             side(STUDY, Cited.of(S["registers"]), design=f"its {PAIR[0]} AES-GCM", **STUDY_BASIS),
                             about=("design", "source"), subject=f"{SIX.name}, ours / {STUDY}'s"),
        "dynamic power": of_ratios("dynamic power, sub-pipelined / pipelined", o["dynamic power, vectorless"],
                                   study["dynamic power"],
                                   dict(design=OURS_PAIR, scope="dynamic power", power="vectorless",
                                        clock="225 MHz, both engines"),
                                   dict(design=ITS_PAIR, scope="dynamic power", power=ITS_POWER,
                                        clock="unstated"), STUDY),
        "quiescent power": of_ratios("quiescent power, sub-pipelined / pipelined", o["leakage"],
                                     study["quiescent power"], dict(design=OURS_PAIR, scope="cell leakage"),
                                     dict(design=ITS_PAIR, scope="the device's quiescent power"), STUDY),
    }
    model = Subpipe(engines, study, period, o, cross)
    model.rows = _rows(model, six)
    return model


def _rows(m: Subpipe, six: Engine | None) -> list[Row]:
    s, o, c = m.study, m.ours, m.cross
    return [
        Row("fmax, sub-pipelined / pipelined", (figure(s["fmax"]), " (", Cited.of(S["fmax_gcm_subpipe"]), " / ",
            Cited.of(S["fmax_gcm_pipe"]), " MHz)"), "Lohitha and Vasavi, Table 3",
            (figure(o["fmax"]), " (ASIC synthesis)"), c["fmax"]),
        Row("registers of the sub-pipelined AES-GCM", (Cited.of(S["registers"]),), S["registers"].source,
            (six.figures["xc7 flip-flops"] if six else "–", " xc7 flip-flops"), c["registers"]),
        Row("registers, sub-pipelined / pipelined", ("not printed",), "Lohitha and Vasavi, Table 2",
            (figure(o["flip-flops"]), " ASIC, ", figure(o["xc7 flip-flops"]), " xc7")),
        Row("dynamic power, sub-pipelined / pipelined", (figure(s["dynamic power"]), " (",
            Cited.of(S["dynamic_gcm_subpipe"]), " / ", Cited.of(S["dynamic_gcm_pipe"]), " µW)"),
            "Lohitha and Vasavi, Table 3", (figure(o["dynamic power, vectorless"]), " vectorless, ",
                                            figure(o["dynamic power"]), " simulated (225 MHz)"), c["dynamic power"]),
        Row("quiescent power, sub-pipelined / pipelined", (figure(s["quiescent power"]), " (",
            Cited.of(S["quiescent_gcm_subpipe"]), " / ", Cited.of(S["quiescent_gcm_pipe"]), " µW)"),
            "Lohitha and Vasavi, Table 3", (figure(o["leakage"]), " (cell leakage)"), c["quiescent power"]),
        Row("cycles to the ciphertext / the tag", (Cited.of(S["cycles_ciphertext"]), " / ", Cited.of(S["cycles_tag"])),
            S["cycles_tag"].source, ((six.figures["latency"] if six else "–"), " (to both)")),
    ]
