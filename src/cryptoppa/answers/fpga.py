"""The FPGA answer model: how many devices a bandwidth takes on each routed target, what one engine costs on each
synthesis-only target, and our resource lines beside the 2013 study's Kintex-7 lines -- every number a record.

    model = build(Path("reports/fpga/data"), Question("desktop-25.6"))
    model.devices      # per design and routed target: routed fmax over seeds, what one device moves, devices needed
    model.lines        # resources against N on the synthesis-only targets beside Owen 2013, Eq. 5.4
    model.not_answered # failed placements and what the gates withheld, each with its reason

What one device moves: the largest array routed on it, at that array's own routed fmax (an array is slower than
its engine alone), times the copies of it that fit; where no array was routed, copies of the N = 1 netlist that fit
by the scarcest logic site, each at one engine's routed fmax -- an upper bound, flagged, since those copies were
never routed together. Engines run at the clock their device was routed at: an engine count at one engine's fmax
where the device holds an array routed slower is not answered (gates.clock). No power: there is no open FPGA power
model, so no FPGA watt figure is computed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from .. import fpga
from ..catalog import COPIES_FIT, CYCLES, FMAX, FPGA_FFS, LUTS, THROUGHPUT_FMAX, fpga_count
from ..feasibility.owen2013 import OWEN2013
from ..feasibility.throughput import engines_needed
from ..fpga.resources import placed_logic
from . import gates
from .fpga_fits import ResourceLine, resource_lines
from .study import fpga_control_of
from .question import Question
from .records import Cited, NotAnswered, On, Record, sig_text
from .results import Results, load_results

ROUTED_STAGE = "placed and routed (nextpnr)"
# Synthesis-only resource columns, as a reader of a 7-series utilization report names them: (label, quantity)
PRIMITIVES = {"lut6": ("LUT6", "luts"), "lut5": ("LUT5", "luts"), "lut4": ("LUT4", "luts"), "lut3": ("LUT3", "luts"),
              "lut2": ("LUT2", "luts"), "lut1": ("LUT1", "luts"), "carry4": ("CARRY4", "cells"),
              "muxf": ("MUXF7/8", "cells"), "lutram": ("LUT RAM", "cells"), "srl": ("SRL", "cells"),
              "bram": ("block RAM", "brams"), "dsp": ("DSP48", "cells")}


def synthesis_on(target: str) -> On:
    t = fpga.get(target)
    return On(library=f"{target} ({t.device})", stage=f"synthesis (Yosys {t.synth.split()[0]})")


def routed_on(target: str, clock: str = "", memory: str = "") -> On:
    return On(library=f"{target} ({fpga.get(target).device})", stage=ROUTED_STAGE, clock=clock, memory=memory)


@dataclass
class OneEngine:
    """One engine (N = 1, default parameters) of a design on a synthesis-only target: its resources."""

    design: str
    target: str
    figures: dict[str, Record]  # "LUTs", "flip-flops", then each primitive class


@dataclass
class Placed:
    """One design at one N on a routed target, over its placer seeds."""

    design: str
    target: str
    n: int
    figures: dict[str, Record]  # logic cells, their share of the device, flip-flops, routed fmax (median, range)


@dataclass
class DeviceAnswer:
    """One design on one routed target, answering the question's bandwidth."""

    design: str
    target: str
    device: str
    figures: dict[str, Record] = field(default_factory=dict)
    array_n: int = 1  # the array the device count rests on (1: copies of one engine)
    copies: int = 1  # copies of that netlist per device
    flag: str = ""  # why its count is an upper bound, where it is

    @property
    def subject(self) -> str:
        return f"{self.design} on {self.target}"

    def get(self, name: str) -> Record | None:
        return self.figures.get(name)


@dataclass
class FpgaModel:
    question: Question
    results: Results
    engines: list[OneEngine]
    lines: list[ResourceLine]
    placed: list[Placed]
    devices: list[DeviceAnswer]
    withheld: list[NotAnswered]  # what a gate refused
    failures: dict[tuple[str, str, int], NotAnswered]  # (design, target, N) -> why that point did not finish
    points: dict[str, dict[str, Record]]
    study: dict[str, Cited]

    @property
    def not_answered(self) -> list[NotAnswered]:
        compared = [ln.comparison.refused for ln in self.lines if ln.comparison and ln.comparison.refused]
        return [ln.refused for ln in self.lines if ln.refused] + compared + self.withheld + \
            list(self.failures.values())

    def device(self, design: str, target: str) -> DeviceAnswer | None:
        return next((d for d in self.devices if d.design == design and d.target == target), None)

    @property
    def synthesis_targets(self) -> list[str]:
        return sorted({e.target for e in self.engines})

    @property
    def routed_targets(self) -> list[str]:
        return sorted({d.target for d in self.devices} | {p.target for p in self.placed})

    def fewest(self, target: str) -> DeviceAnswer | None:
        """The design that needs the fewest devices of a routed target (ties: the first by name)."""
        on = [d for d in self.devices if d.target == target]
        return min(on, key=lambda d: (d.get("devices").value, d.design)) if on else None

    @property
    def records(self) -> list[Record]:
        out = [r for e in self.engines for r in e.figures.values()]
        out += [r for p in self.placed for r in p.figures.values()]
        out += [r for d in self.devices for r in d.figures.values()]
        out += [r for ln in self.lines for r in (ln.slope, ln.intercept, ln.r2, ln.ratio, ln.constant) if r]
        return out + [r for row in self.points.values() for r in row.values()]


def fpga_rows(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[frame["pdk"].map(fpga.is_target)] if "pdk" in frame.columns and len(frame) else frame.iloc[0:0]


def build(folder: Path | Results, question: Question) -> FpgaModel:
    results = folder if isinstance(folder, Results) else load_results(folder)
    points, failed = fpga_rows(results.points), fpga_rows(results.failed)
    routed = points[points["pdk"].map(lambda t: fpga.get(t).routed)] if len(points) else points
    synthesis = points[~points["pdk"].map(lambda t: fpga.get(t).routed)] if len(points) else points
    lines = [ln for t in sorted(set(synthesis["pdk"]))
             for ln in resource_lines(synthesis, t, synthesis_on(t), fpga_control_of(t))]
    devices, withheld = _devices(routed, question)
    failures = {(row["design"], row["pdk"], int(row["n"])): _failure(row) for _, row in failed.iterrows()}
    return FpgaModel(question, results, _one_engines(synthesis), lines, _placed(routed), devices, withheld,
                     failures, _point_records(points), _study())


def _one_engines(synthesis: pd.DataFrame) -> list[OneEngine]:
    out = []
    single = synthesis[synthesis["n"] == 1] if len(synthesis) else synthesis
    for (design, target), group in single.groupby(["design", "pdk"], sort=True):
        row, on, labels = group.iloc[0], synthesis_on(target), tuple(group["label"][:1])
        subject = f"{design} on {target}"
        figures = {"LUTs": Record(subject, "LUTs", "luts", float(row[LUTS]), on, labels),
                   "flip-flops": Record(subject, "flip-flops", "flip_flops", float(row[FPGA_FFS]), on, labels)}
        for key, (label, quantity) in PRIMITIVES.items():
            if pd.notna(row.get(fpga_count(key))):
                figures[label] = Record(subject, label, quantity, float(row[fpga_count(key)]), on, labels)
        out.append(OneEngine(design, target, figures))
    return out


def _placed(routed: pd.DataFrame) -> list[Placed]:
    out = []
    for (design, target, n), group in routed.groupby(["design", "pdk", "n"], sort=True):
        on, labels = routed_on(target), tuple(group["label"])
        subject = f"{design} N={int(n)} on {target}"
        cells = placed_logic(group.iloc[0])
        fmax = group[FMAX].dropna()
        figures = {"seeds": Record(subject, "placer seeds", "seeds", float(len(group)), on, labels)}
        for name, quantity, value in (("logic cells", "logic_cells", cells.get("logic")),
                                      ("share of the device's logic cells", "percent", cells.get("logic_utilization")),
                                      ("flip-flops", "flip_flops", cells.get("ff")),
                                      ("routed fmax, median of seeds", "fmax_mhz", fmax.median() if len(fmax) else None),
                                      ("routed fmax, lowest seed", "fmax_mhz", fmax.min() if len(fmax) > 1 else None),
                                      ("routed fmax, highest seed", "fmax_mhz", fmax.max() if len(fmax) > 1 else None)):
            if value is not None and value == value:
                figures[name] = Record(subject, name, quantity, float(value), on, labels)
        out.append(Placed(design, target, int(n), figures))
    return out


def _devices(routed: pd.DataFrame, question: Question) -> tuple[list[DeviceAnswer], list[NotAnswered]]:
    cols = {THROUGHPUT_FMAX, COPIES_FIT, FMAX}
    if not cols <= set(routed.columns):
        return [], []
    usable = routed.dropna(subset=list(cols))
    out, withheld = [], []
    for (design, target), single in usable[usable["n"] == 1].groupby(["design", "pdk"], sort=True):
        answer = DeviceAnswer(design, target, fpga.get(target).device)
        arrays = usable[(usable["design"] == design) & (usable["pdk"] == target) & (usable["n"] > 1)]
        top = arrays[arrays["n"] == arrays["n"].max()] if len(arrays) else single
        answer.array_n, answer.copies = int(top["n"].iloc[0]), int(top[COPIES_FIT].min())
        engine_fmax, device_fmax = float(single[FMAX].median()), float(top[FMAX].median())
        per_device = answer.array_n * answer.copies
        device_gbps = float(top[THROUGHPUT_FMAX].median()) * answer.copies
        need = question.bits_per_second
        engines = engines_needed(need, device_gbps * 1e9 / per_device).count
        devices = engines_needed(need, device_gbps * 1e9).count
        basis, total = routed_on(target, clock="one engine, median of seeds"), routed_on(
            target, clock=f"the device's routed fmax, {sig_text(device_fmax)} MHz", memory=question.memory_text)
        labels, top_labels = tuple(single["label"]), tuple(top["label"])

        def rec(name: str, quantity: str, value: float, on: On = basis, rows: tuple = labels) -> Record:
            return Record(answer.subject, name, quantity, value, on, rows)

        fmax = single[FMAX]
        figures = [rec("routed fmax", "fmax_mhz", engine_fmax), rec("placer seeds", "seeds", float(len(single))),
                   rec("throughput at routed fmax", "gbps", float(single[THROUGHPUT_FMAX].median())),
                   rec("engines per device", "engines", float(per_device), total, top_labels),
                   rec("device clock", "clock_mhz", device_fmax, total, top_labels),
                   rec("throughput per device", "gbps", device_gbps, total, top_labels),
                   rec("engines", "engines", float(engines), total, labels + top_labels),
                   rec("devices", "devices", float(devices), total, labels + top_labels)]
        if len(single) > 1:
            figures += [rec("routed fmax, lowest seed", "fmax_mhz", float(fmax.min())),
                        rec("routed fmax, highest seed", "fmax_mhz", float(fmax.max()))]
        answer.figures = {r.name: r for r in figures}
        if answer.array_n == 1 and answer.copies > 1:
            answer.flag = "the copies were never routed together, each is counted at one engine's routed fmax"
        if answer.array_n > 1:
            refusal = gates.clock({"fmax_mhz": device_fmax}, engine_fmax, f"routed (array of {answer.array_n})")
            if refusal:
                withheld.append(NotAnswered(answer.subject, f"engines for {question.memory_text} at one engine's "
                                                            f"routed fmax, {answer.array_n} to a device", refusal))
        out.append(answer)
    return out, withheld


_NEEDS = re.compile(r"synthesis needs (\w+) (\d+) > (\d+)")


def _failure(row: pd.Series) -> NotAnswered:
    """A failed point, its reason in the reader's words (counts at four digits, as every number)."""
    error = str(row.get("error", "")).splitlines()[0] if isinstance(row.get("error"), str) else "failed"
    reason = re.sub(r"^\S+ (does not fit)", r"\1", error)
    found = _NEEDS.search(reason)
    if found:
        site, need, have = found.groups()
        reason = reason.replace(found.group(0), f"synthesis needs {sig_text(float(need))} {site.upper()} sites, "
                                                f"the device has {sig_text(float(have))}")
    subject = f"{row['design']} N={int(row['n'])} on {row['pdk']}"
    what = "placed and routed" if fpga.get(row["pdk"]).routed else "synthesized"
    return NotAnswered(subject, what, reason)


def _point_records(points: pd.DataFrame) -> dict[str, dict[str, Record]]:
    """label -> its figures, for the appendix: LUTs and flip-flops from synthesis, placed logic cells, routed fmax,
    simulated cycles per line."""
    out = {}
    for _, row in points.iterrows():
        target = row["pdk"]
        synth, placed = synthesis_on(target), routed_on(target)
        cells = placed_logic(row)
        values = (("LUTs", "luts", row.get(LUTS), synth), ("flip-flops", "flip_flops", row.get(FPGA_FFS), synth),
                  ("logic cells", "logic_cells", cells.get("logic"), placed),
                  ("routed fmax", "fmax_mhz", row.get(FMAX), placed),
                  ("cycles per line", "cycles", row.get(CYCLES), On(stage="RTL simulation")))
        out[row["label"]] = {name: Record(row["label"], name, quantity, float(value), on, (row["label"],))
                             for name, quantity, value, on in values
                             if value is not None and not (isinstance(value, float) and math.isnan(value))}
    return out


def _study() -> dict[str, Cited]:
    """Owen 2013's Kintex-7 figures the report sets beside ours, as printed."""
    option = next(o for o in OWEN2013.options if o.key == "fpga")
    return {"modules": Cited(f"{option.study_instances:g}", "Owen 2013, §6.1.2"),
            "power": Cited(f"{option.study_power_w:g}", "Owen 2013, §6.1.2"),
            "fmax": Cited(f"{option.clock_hz / 1e6:g}", "Owen 2013, Table 5.1"),
            "throughput": Cited(f"{option.throughput_mbps:g}", "Owen 2013, Table 6.1"),
            "cycles": Cited(f"{option.cycles_per_line}", "Owen 2013, Table 5.1"),
            "brams": Cited(f"{OWEN2013.fpga_fits['bram'].slope:g}", "Owen 2013, §5.4")}


__all__ = ["FpgaModel", "DeviceAnswer", "OneEngine", "Placed", "ResourceLine", "build"]
