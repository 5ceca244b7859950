"""The FPGA publication's sections: the answer (devices for the bandwidth per routed target), the basis, resources
per engine beside Owen 2013's Kintex-7 lines, the placed-and-routed points, and what was not answered. Every
number is a record of the FPGA answer model (cryptoppa.answers.fpga), shown through `records.show`; nothing here
computes one."""

from __future__ import annotations

import pandas as pd

from .. import fpga
from ..answers.fpga import DeviceAnswer, FpgaModel, OneEngine, PRIMITIVES
from ..answers.fpga_fits import ResourceLine
from ..answers.records import show, show_reason
from .document import Block, Bullets, Heading, Paragraph, Table
from .parts import source

UPPER_BOUND = "†"


def fmax_range(d: DeviceAnswer) -> str:
    """'59.96 (58.03–61.57, 3 seeds)' or '40.52 (1 seed)'."""
    low, high, seeds = d.get("routed fmax, lowest seed"), d.get("routed fmax, highest seed"), d.get("placer seeds")
    spread = f"{show(low)}–{show(high)}, " if low and high else ""
    return f"{show(d.get('routed fmax'))} ({spread}{show(seeds)} seed{'s' if seeds.value > 1 else ''})"


def one_device(d: DeviceAnswer) -> str:
    """What one device holds: 'array of 8' or '3 copies †'."""
    if d.array_n > 1:
        return f"array of {show(d.get('engines per device'))}" if d.copies == 1 else \
            f"{d.copies} arrays of {d.array_n}"
    return f"{show(d.get('engines per device'))} cop{'ies' if d.copies > 1 else 'y'}" + (
        f" {UPPER_BOUND}" if d.flag else "")


def devices_table(model: FpgaModel) -> pd.DataFrame:
    return pd.DataFrame([{
        "design": d.design, "target": d.target, "fmax MHz, one engine": fmax_range(d),
        "one device": one_device(d),
        "device MHz": show(d.get("device clock")), "Gb/s per device": show(d.get("throughput per device")),
        "engines": show(d.get("engines")), "devices": show(d.get("devices")),
    } for d in sorted(model.devices, key=lambda d: (d.target, d.get("devices").value, d.design))])


def _fewest(model: FpgaModel) -> list[str]:
    out = []
    for target in model.routed_targets:
        best = model.fewest(target)
        if best is None:
            continue
        how = (f"each holding an array of {show(best.get('engines per device'))} routed together at "
               f"{show(best.get('device clock'))} MHz") if best.array_n > 1 else (
            f"each holding {show(best.get('engines per device'))} copies of one engine at "
            f"{show(best.get('device clock'))} MHz, an upper bound: {best.flag}") if best.flag else (
            f"one engine each at {show(best.get('device clock'))} MHz")
        out.append(f"on {target} ({best.device}), {best.design} needs the fewest: {show(best.get('devices'))} "
                   f"devices, {how}")
    return out


def _line(model: FpgaModel, design: str, metric_name: str) -> ResourceLine | None:
    return next((ln for ln in model.lines if ln.design == design and ln.name == metric_name), None)


def _study_lines(model: FpgaModel) -> str:
    designs = sorted({ln.design for ln in model.lines})
    if not designs:
        return ""
    parts = []
    for design in designs:
        luts, ffs, brams = (_line(model, design, n) for n in ("LUTs", "flip-flops", "block RAMs"))
        each = [f"{show(ln.slope)} {ln.name} (" + (
            f"{show(ln.ratio)}× the study's {show(ln.study)}; {show(ln.comparison.like_for_like)}× its own RTL "
            "through the same synthesis" if ln.ratio else f"the study's module {show(ln.study)}, another tool's count")
                + ")" for ln in (luts, ffs) if ln is not None and ln.slope is not None]
        text = f"each added {design} engine costs " + " and ".join(each)
        if brams is not None and brams.constant is not None and brams.constant.value == 0:
            text += (f", and no block RAM at any N (our S-boxes are logic), where the study's module used "
                     f"{show(model.study['brams'])}")
        parts.append(text)
    return "; ".join(parts) + " (Owen 2013, Eq. 5.4)."


def lead(model: FpgaModel) -> str:
    """The answer in one paragraph: the fewest devices per routed target, the cost of an engine on 7-series beside
    the study's lines, and the study's own answer."""
    q = model.question
    text = ("For " + q.memory_text + ", carrying the data alone as the 2013 study counted: "
            + "; ".join(_fewest(model)) + ".") if model.devices else "No design was placed and routed."
    study = model.study
    return text + (f" On Xilinx 7-series (synthesis only) {_study_lines(model)} For the same bandwidth the study "
                   f"estimated about {show(study['modules'])} Kintex-7 modules at its {show(study['fmax'])} MHz fmax "
                   f"and {show(study['power'])} W from the vendor's power estimator (Owen 2013, Table 5.1 and "
                   "§6.1.2); no open FPGA power model exists, so no watts of ours are given.")


def answer(model: FpgaModel) -> list[Block]:
    q = model.question
    blocks: list[Block] = [Heading(2, f"Answer: {q.memory_text}"), Paragraph(lead(model))]
    if model.devices:
        flagged = [d for d in model.devices if d.flag]
        blocks.append(Table(devices_table(model), source(model.results, "routed rows") + f"; {ROUTED_BASIS}; "
                            f"{q.memory_text} in decimal GB, the data alone, no metadata traffic"))
        if flagged:
            arrays = sorted({f"{d.design} on {d.target}" for d in model.devices if d.array_n > 1})
            slower = f" (the arrays of {', '.join(arrays)} routed slower than one engine alone)" if arrays else ""
            blocks.append(Paragraph(f"{UPPER_BOUND} {flagged[0].flag}{slower}."))
    return blocks


ROUTED_BASIS = ("placed and routed with nextpnr; fmax per placer seed, one engine at the median; throughput = routed "
                "fmax × line bits / simulated cycles per line; one device: the largest array routed on it at its own "
                "fmax, else copies of one engine by its scarcest logic site")


def basis(model: FpgaModel) -> list[Block]:
    targets = ", ".join(f"{t} ({fpga.get(t).device})" for t in sorted(set(model.results.points["pdk"])
                                                                       if len(model.results.points) else ())
                        if fpga.is_target(t))
    return [Heading(2, "Basis"), Bullets([
        f"targets: {targets}; each design flat, default parameters, N engines behind one dispatcher",
        "synthesis: Yosys (pyosys) synth_xilinx, synth_ecp5 or synth_nexus; resources from `stat -json`",
        "place and route: nextpnr-ecp5 out of context (ports are not pins) and nextpnr-nexus behind a three-pin IO "
        "ring whose flip-flops are counted; Xilinx 7-series has no open place and route, so xc7 rows have "
        "resources and no fmax",
        "fmax: nextpnr's timing report for one placer seed; one engine is answered at the median over its seeds "
        "(a placement at or above it exists); cycles per line from RTL simulation of the engine",
        "power: none; no open power model exists for these devices (the study's Kintex-7 power fits, Owen 2013, "
        "Eq. 5.1–5.2, stay in paper mode, `cryptoppa feasibility --paper`)",
    ])]


def lines_table(model: FpgaModel) -> pd.DataFrame:
    rows = []
    for ln in model.lines:
        ours = show(ln.slope) if ln.slope else (f"{show(ln.constant)} at every N" if ln.constant else "not a line")
        rows.append({"design": ln.design, "target": ln.target, "resource": ln.name, "N": f"{ln.n_min}–{ln.n_max}",
                     "ours per added engine": ours, "R²": show(ln.r2) if ln.r2 else "–",
                     "Owen 2013 per module": show(ln.study), "ours / study": show(ln.ratio) if ln.ratio else "–",
                     "on equal bases": show(ln.comparison.like_for_like) if ln.ratio else "–"})
    return pd.DataFrame(rows)


def _one_engines_table(engines: list[OneEngine]) -> pd.DataFrame:
    return pd.DataFrame([{"design": e.design, "target": e.target, "LUTs": show(e.figures["LUTs"]),
                          "flip-flops": show(e.figures["flip-flops"]),
                          "LUT RAM + SRL": _sum_text(e, ("LUT RAM", "SRL")), "block RAM": show(e.figures.get("block RAM")),
                          "DSP48": show(e.figures.get("DSP48"))}
                         for e in sorted(engines, key=lambda e: (e.target, e.figures["LUTs"].value))])


def _sum_text(e: OneEngine, names: tuple[str, ...]) -> str:
    return " + ".join(show(e.figures[n]) for n in names if n in e.figures) or "–"


def resources(model: FpgaModel, figure: list[Block]) -> list[Block]:
    blocks: list[Block] = []
    if model.lines:
        blocks += [Heading(2, "Resources per engine beside Owen 2013, Eq. 5.4"),
                   Paragraph("Least-squares lines of each resource against N, beside the study's Kintex-7 lines "
                             "(Xilinx ISE; Owen 2013, Eq. 5.4). The study's module kept its S-boxes in 8 block RAMs "
                             "(Owen 2013, §5.4); ours maps them to LUTs, which its LUT line does not count. The tools, "
                             "the device and that mapping differ: the study's own RTL through our synthesis "
                             "(`scripts/study_rtl.py`) against the study's slope is their factor, and 'on equal "
                             "bases' divides it out (ours against that RTL, one synthesis); without it the ratio is "
                             "listed as not answered."),
                   Table(lines_table(model), source(model.results, "synthesis-only rows, N = 1–16") +
                         "; Yosys synth_xilinx, no place and route; a line with R² below 0.99 is not quoted"),
                   *figure]
    if model.engines:
        blocks += [Paragraph("One engine of each family (N = 1) on the synthesis-only targets, fewest LUTs first "
                             "(every primitive class: Appendix):"),
                   Table(_one_engines_table(model.engines), source(model.results, "N = 1 synthesis-only rows")
                         + "; Yosys synth_xilinx; the IO buffers of its ports not counted")]
    return blocks


def placed_table(model: FpgaModel, design: str | None = None) -> pd.DataFrame:
    rows = []
    for p in model.placed:
        if design is not None and p.design != design:
            continue
        f = p.figures
        low, high = f.get("routed fmax, lowest seed"), f.get("routed fmax, highest seed")
        rows.append({"design": p.design, "target": p.target, "N": p.n, "logic cells": show(f.get("logic cells")),
                     "% of device": show(f.get("share of the device's logic cells")),
                     "flip-flops": show(f.get("flip-flops")),
                     "fmax MHz, median": show(f.get("routed fmax, median of seeds")),
                     "lowest–highest": f"{show(low)}–{show(high)}" if low and high else "–",
                     "seeds": show(f.get("seeds"))})
    return pd.DataFrame(rows)


def families_table(model: FpgaModel) -> pd.DataFrame:
    """One engine of each family: resources on each synthesis-only target; per routed target its routed fmax, what
    one device holds and the devices for the question, or why it has none."""
    rows = []
    designs = sorted({e.design for e in model.engines} | {d.design for d in model.devices}
                     | {design for design, _, n in model.failures if n == 1})
    for design in designs:
        row = {"design": design}
        for target in model.synthesis_targets:
            e = next((e for e in model.engines if e.design == design and e.target == target), None)
            row[f"{target} LUTs"] = show(e.figures["LUTs"]) if e else "–"
            row[f"{target} flip-flops"] = show(e.figures["flip-flops"]) if e else "–"
        for target in model.routed_targets:
            d, failed = model.device(design, target), model.failures.get((design, target, 1))
            if d is not None:
                row[f"{target} fmax MHz"] = show(d.get("routed fmax"))
                row[f"{target} one device"] = one_device(d)
                row[f"{target} devices"] = show(d.get("devices"))
            else:
                why = "–" if failed is None else next((w for w in ("does not fit", "timed out") if w in failed.reason),
                                                      "failed")
                row.update({f"{target} fmax MHz": why, f"{target} one device": "–", f"{target} devices": "–"})
        rows.append(row)
    return pd.DataFrame(rows)


def placed(model: FpgaModel) -> list[Block]:
    if not model.placed:
        return []
    return [Heading(2, "Placed and routed"),
            Paragraph("Every routed point: placed logic cells (LUT4 sites, with those wide multiplexers take) and "
                      "flip-flops, routed fmax over the placer seeds. Arrays of gcm_iter on ecp5-85k show how "
                      "fmax falls as the device fills; the points that did not fit are under Not answered."),
            Table(placed_table(model), source(model.results, "routed rows") + "; nextpnr, out of context (ECP5) or "
                  "behind an IO ring (Nexus)")]


def withheld(model: FpgaModel) -> list[Block]:
    items = model.not_answered
    if not items:
        return []
    return [Heading(2, "Not answered, and why"),
            Bullets(sorted({f"{n.subject}: {n.what}: {show_reason(n)}" for n in items}))]


def by_primitive(model: FpgaModel) -> list[Block]:
    if not model.engines:
        return []
    labels = ["LUTs", *(label for label, _ in PRIMITIVES.values() if label.startswith("LUT") and label != "LUT RAM"),
              "flip-flops", *(label for label, _ in PRIMITIVES.values() if not label[:3] == "LUT" or label == "LUT RAM")]
    rows = [{"design": e.design, "target": e.target, **{label: show(e.figures.get(label)) for label in labels}}
            for e in model.engines]
    return [Heading(3, "One engine by primitive"),
            Table(pd.DataFrame(rows), source(model.results, "N = 1 synthesis-only rows") + "; LUTn = n-input LUTs")]


def points(model: FpgaModel) -> list[Block]:
    names = ("LUTs", "flip-flops", "logic cells", "routed fmax", "cycles per line")
    units = {"routed fmax": " MHz"}
    rows = [{"point": label, **{f"{n}{units.get(n, '')}": show(figures.get(n)) for n in names}}
            for label, figures in model.points.items()]
    return [Heading(3, "Points"), Table(pd.DataFrame(rows), source(model.results, "rows with status ok or cached")
                                        + "; LUTs and flip-flops from synthesis, logic cells placed")]
