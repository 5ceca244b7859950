"""Study 002 (sub-pipelined AES-GCM on a Virtex-4) beside gcm_subpipe, gcm_pipe and gcm_iter.

The fair pair is the round-pipelined engine with the composite-field S-box (gcm_pipe SBOX = 1: 002's pipelined
round, 002 Fig. 1(b)) against the same engine with each round cut into 002's six stages (gcm_subpipe
STAGES_PER_ROUND = 6, the cut points of 002 §III). Our FPGA rows are synthesis only (no open place and route for
the pipelined engines), so clock ratios come from the ASIC library, and register counts from both; absolute
figures across a Virtex-4 and our library are not compared, their ratios sub-pipelined / pipelined are.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ...feasibility.studies import SUBPIPE
from ..document import Block, Heading, Paragraph, Table
from ...catalog import AREA, CYCLES, FLOPS, FMAX, FPGA_FFS, LATENCY, LINE_BYTES, LUTS, POWER
from ...catalog import POWER_LEAKAGE as LEAKAGE
from .ours import Ours, ratio, value
from .text import MISSING, direction, frame, num, printed, row

XC7 = "xc7"
STAGES = SUBPIPE["stages_per_round"]


@dataclass(frozen=True)
class Engine:
    label: str
    design: str
    params: dict
    stages: int | None  # register stages per AES round; None: iterative


ITERATIVE = Engine("iterative (gcm_iter)", "gcm_iter", {"DIGIT": 16, "LINE_BYTES": 64}, None)
PIPELINED = Engine("round-pipelined (gcm_pipe SBOX=1)", "gcm_pipe", {"SBOX": 1, "LINE_BYTES": 64}, 1)


def subpipelined(stages: int) -> Engine:
    return Engine(f"sub-pipelined, {stages} stages (gcm_subpipe)", "gcm_subpipe",
                  {"STAGES_PER_ROUND": stages, "LINE_BYTES": 64}, stages)


SIX = subpipelined(int(STAGES.value))


def engines(ours: Ours) -> list[Engine]:
    subs = [subpipelined(s) for s in range(2, 7) if ours.engine("gcm_subpipe", {"STAGES_PER_ROUND": s})
            is not None or ours.engine("gcm_subpipe", {"STAGES_PER_ROUND": s}, target=XC7) is not None]
    return [ITERATIVE, PIPELINED, *subs]


def _power_ratio(ours: Ours) -> tuple[float, str]:
    (a, kind_a), (b, kind_b) = ours.power(SIX.design, SIX.params), ours.power(PIPELINED.design, PIPELINED.params)
    if kind_a != kind_b:  # never divide a simulated power by a vectorless one
        a, b, kind_a = value(ours.engine(SIX.design, SIX.params), POWER), value(
            ours.engine(PIPELINED.design, PIPELINED.params), POWER), "vectorless"
    return ratio(a, b), kind_a


def evidence(ours: Ours) -> pd.DataFrame:
    rows = []
    for e in engines(ours):
        asic, fpga = ours.engine(e.design, e.params), ours.engine(e.design, e.params, target=XC7)
        fmax, cycles = value(asic, FMAX), value(asic, CYCLES)
        power, kind = ours.power(e.design, e.params)
        rows.append({
            "engine": e.label, "stages per round": MISSING if e.stages is None else str(e.stages),
            "fmax MHz": num(fmax), "cycles per line": num(cycles), "latency cycles": num(value(asic, LATENCY)),
            "Gb/s at fmax": num(fmax * 1e6 * 8 * value(asic, LINE_BYTES) / cycles / 1e9),
            "area µm²": num(value(asic, AREA)), "flip-flops": num(value(asic, FLOPS)),
            "power mW": f"{num(power * 1e3)} ({kind})" if power == power else MISSING,
            "xc7 LUTs": num(value(fpga, LUTS)), "xc7 flip-flops": num(value(fpga, FPGA_FFS)),
        })
    return pd.DataFrame(rows)


def _ratio(ours: Ours, column: str, target: str | None = None) -> float:
    return ratio(value(ours.engine(SIX.design, SIX.params, target=target), column),
                 value(ours.engine(PIPELINED.design, PIPELINED.params, target=target), column))


def _study_ratio(quantity: str, column: str) -> float:
    return SUBPIPE[f"{quantity}_{column}_subpipe"].value / SUBPIPE[f"{quantity}_{column}_pipe"].value


def comparison(ours: Ours) -> pd.DataFrame:
    six = ours.engine(SIX.design, SIX.params)
    six_fpga = ours.engine(SIX.design, SIX.params, target=XC7)
    fmax_gcm, fmax_aes = _study_ratio("fmax", "gcm"), _study_ratio("fmax", "aes")
    dynamic, quiescent = _study_ratio("dynamic", "gcm"), _study_ratio("quiescent", "gcm")
    ours_fmax, ours_flops = _ratio(ours, FMAX), _ratio(ours, FLOPS)
    power, kind = _power_ratio(ours)
    registers = SUBPIPE["registers"]
    six_label = f"gcm_subpipe STAGES_PER_ROUND={SIX.stages}"
    pair = f"{six_label} / gcm_pipe SBOX=1"
    return frame([
        row("register stages per AES round", printed(STAGES), STAGES.source, str(SIX.stages) if six is not None
            else MISSING, six_label + ": the same cuts", "same" if six is not None else MISSING),
        row("fmax, sub-pipelined / pipelined AES-GCM",
            f"{num(fmax_gcm)} ({SUBPIPE['fmax_gcm_subpipe'].printed} / {SUBPIPE['fmax_gcm_pipe'].printed} MHz)",
            "002 Table 3", num(ours_fmax), pair + ", ASIC synthesis", num(ratio(ours_fmax, fmax_gcm))),
        row("fmax, sub-pipelined / pipelined AES alone",
            f"{num(fmax_aes)} ({SUBPIPE['fmax_aes_subpipe'].printed} / {SUBPIPE['fmax_aes_pipe'].printed} MHz)",
            "002 Table 3", MISSING, "no AES-only engine", MISSING),
        row("registers of the sub-pipelined AES-GCM", printed(registers), registers.source,
            num(value(six_fpga, FPGA_FFS)), f"{six_label}, xc7 flip-flops (64-byte lines)",
            num(ratio(value(six_fpga, FPGA_FFS), registers.value))),
        row("registers, sub-pipelined / pipelined", "not printed", "002 Table 2", num(ours_flops),
            pair + ", ASIC flip-flops (xc7: " + num(_ratio(ours, FPGA_FFS, XC7)) + ")", MISSING),
        row("dynamic power, sub-pipelined / pipelined",
            f"{num(dynamic)} ({SUBPIPE['dynamic_gcm_subpipe'].printed} / {SUBPIPE['dynamic_gcm_pipe'].printed} µW)",
            "002 Table 3", num(power), f"{pair}, total power ({kind}) at the same clock", num(ratio(power, dynamic))),
        row("quiescent power, sub-pipelined / pipelined",
            f"{num(quiescent)} ({SUBPIPE['quiescent_gcm_subpipe'].printed} / "
            f"{SUBPIPE['quiescent_gcm_pipe'].printed} µW)", "002 Table 3", num(_ratio(ours, LEAKAGE)),
            pair + ", cell leakage (an FPGA's quiescent power is mostly the device's own, whatever the design)",
            num(ratio(_ratio(ours, LEAKAGE), quiescent))),
        row("cycles to the first ciphertext / to the tag",
            f"{SUBPIPE['cycles_ciphertext'].printed} / {SUBPIPE['cycles_tag'].printed}",
            SUBPIPE["cycles_tag"].source, num(value(six, LATENCY)),
            f"{six_label}: line accepted to ciphertext and tag together (key loaded before)", MISSING),
    ])


def answer(ours: Ours) -> str:
    fmax_gcm, ours_fmax = _study_ratio("fmax", "gcm"), _ratio(ours, FMAX)
    dynamic = _study_ratio("dynamic", "gcm")
    power, kind = _power_ratio(ours)
    if ours_fmax != ours_fmax:
        return (f"Study 002 (sub-pipelined AES-GCM, Virtex-4) reports {num(fmax_gcm)}× the clock of its "
                f"round-pipelined design with {STAGES.printed} stages per round (002 Table 3). Our gcm_subpipe at "
                f"{STAGES.printed} stages and gcm_pipe are not both in the data yet.")
    why = (f": {num(_ratio(ours, FLOPS))}× the flip-flops clock every cycle, while the glitches that shorter "
           "combinational paths avoid (the usual argument for lower power) are not modelled by a zero-delay gate "
           "simulation" if power > 1 else "")
    return (f"Study 002 (sub-pipelined AES-GCM, Virtex-4): {STAGES.printed} register stages per AES round clock "
            f"{num(fmax_gcm)}× faster than one ({SUBPIPE['fmax_gcm_subpipe'].printed} vs "
            f"{SUBPIPE['fmax_gcm_pipe'].printed} MHz) at {num(dynamic)}× the dynamic power (002 Table 3). With "
            f"the same {STAGES.printed} cuts our gcm_subpipe reaches {num(ours_fmax)}× gcm_pipe's fmax (ASIC "
            f"synthesis; {direction(ours_fmax, fmax_gcm)} as 002) and draws {num(power)}× its power at the same "
            f"clock ({kind}; {direction(power, dynamic)}){why}. "
            f"002's power figures are printed in µW for a {SUBPIPE['registers'].printed}-register design, so only "
            "their ratio is used.")


def figure(ours: Ours) -> Figure | None:
    """fmax and flip-flops against stages per round, relative to the round-pipelined engine, with 002's ratios."""
    base = ours.engine(PIPELINED.design, PIPELINED.params)
    points = [(e.stages, ours.engine(e.design, e.params)) for e in engines(ours) if e.stages is not None]
    points = [(s, r) for s, r in points if r is not None]
    if base is None or len(points) < 2:
        return None
    fig = Figure(figsize=(6.0, 3.4), dpi=110, layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    stages = [s for s, _ in points]
    ax.plot(stages, [value(r, FMAX) / value(base, FMAX) for _, r in points], "o-", label="our fmax (ASIC synthesis)")
    ax.plot(stages, [value(r, FLOPS) / value(base, FLOPS) for _, r in points], "s--", label="our flip-flops")
    ax.plot([STAGES.value], [_study_ratio("fmax", "gcm")], "r*", markersize=12, label="002 AES-GCM frequency")
    ax.plot([STAGES.value], [_study_ratio("fmax", "aes")], "mx", markersize=10, label="002 AES alone frequency")
    ax.axhline(1.0, color="grey", linewidth=0.6)
    ax.set_xlabel("register stages per AES round (1 = round-pipelined gcm_pipe SBOX=1)")
    ax.set_ylabel("relative to one stage per round")
    ax.legend(fontsize=7)
    return fig


def section(ours: Ours, figure_block: list[Block]) -> list[Block]:
    source = ours.source()
    return [
        Heading(2, "002: sub-pipelined vs round-pipelined AES-GCM"),
        Paragraph(f"002 ({SUBPIPE.citation}) cuts each AES round into {STAGES.printed} register stages around a "
                  "composite-field S-box (002 §III) and compares it with the same AES-GCM pipelined once per round "
                  "(002 Table 3). Its device and ours differ, so ratios sub-pipelined / pipelined are compared; "
                  "its Table 3 prints periods in µs and powers in µW, which cannot be right for a Virtex-4 "
                  f"(1000 / {SUBPIPE['fmax_gcm_subpipe'].printed} MHz = "
                  f"{num(1000 / SUBPIPE['fmax_gcm_subpipe'].value)} ns, its printed period): only its ratios are "
                  "used."),
        Table(comparison(ours), f"`{SUBPIPE.path}` (study); {source} (ours)"),
        Paragraph("Our engines, side by side (ASIC rows at the basis clock; power simulated at saturation where "
                  "measured):"),
        Table(evidence(ours), source),
        *figure_block,
    ]
