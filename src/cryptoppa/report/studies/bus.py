"""Jannepally 2008 beside gcm_iter and cbc_mac: the answer, the comparison in time, Figure 5.1 beside our replay."""

from __future__ import annotations

import pandas as pd

from ...answers.records import Cited, show
from ...answers.seeds import Seeds
from ...answers.seeds.bus import Bus
from ...feasibility.studies import BUS_GCM_CBC as S
from ..document import Block, Heading, Paragraph, Table
from .cells import rows_table, spread


def answer(model: Seeds) -> str:
    b = model.bus
    (gcm_low, gcm_high), (cbc_low, cbc_high) = b.loss_range("gcm"), b.loss_range("cbc")
    text = (f"Jannepally 2008 (GCM against CBC + CBC-MAC bus encryption in an SMP) models its AES unit as "
            f"{show(b.study_times['fast'])} or {show(b.study_times['slow'])} ns per 64-byte line at 1 GHz (§4.3) and "
            f"finds GCM losing {show(gcm_low)}–{show(gcm_high)} % of performance against CBC's {show(cbc_low)}–"
            f"{show(cbc_high)} % (Figure 5.1), {show(Cited.of(S['gain_low']))}–{show(Cited.of(S['gain_high']))}× less "
            f"(Abstract): CBC needs a second AES pass for its MAC. Its unit is an assumed latency, not a circuit, so "
            f"ours are not divided by it: cbc_mac takes {show(b.cbc.time)} ns per line and gcm_iter "
            f"{show(b.gcm.time)} ns at synthesis fmax. {_mac(b)} ")
    if not b.replayed("gcm"):
        return text + "Its slowdown is not replayed in this data."
    return text + _replay(b)


def _mac(b: Bus) -> str:
    """Our CBC + CBC-MAC engine against our GCM engine, on one library: what the second AES pass costs."""
    m = b.mac
    if not all(m[k].answered for k in ("cycles per line", "fmax", "time per line at fmax", "area")):
        return "Our cbc_mac and gcm_iter are not both measured on one basis."
    cycles, fmax, time, area = (m[k].ratio for k in ("cycles per line", "fmax", "time per line at fmax", "area"))
    return (f"Our cbc_mac runs its MAC's AES core beside the cipher's: {show(cycles)}× gcm_iter's cycles at "
            f"{show(fmax)}× its fmax, {show(time)}× its time, {show(area)}× its area.")


def _replay(b: Bus) -> str:
    """Figure 5.1 against our replay of it: the direction at each point, and each side's CBC / GCM ratio."""
    points = [p for p in b.losses if p.ours.answered and p.ours.ratio.known]
    ours = [p.ours.ratio for p in points]
    study = [p.study.ratio for p in b.losses if p.study.answered]
    agree = sum((p.ours.ratio.value > 1) == (p.study.ratio.value > 1) for p in points)
    if agree == len(points) and all(r.value > 1 for r in ours):
        direction = "CBC loses more than GCM at every point, as in the study"
    else:
        direction = f"CBC loses more than GCM at {sum(r.value > 1 for r in ours)} of {len(ours)} points"
    return (f"Replayed on our traces of the same kernels (reports/slowdown), {direction} (CBC / GCM: "
            f"{spread(ours)}× ours, {spread(study)}× its); the gap's size is not compared, our caches and cores not "
            "being its system.")


def losses(b: Bus) -> pd.DataFrame:
    return pd.DataFrame([{"processors": p.processors, "AES unit (its label), GB/s": show(p.unit),
                          "GCM loss %": show(p.gcm), "CBC loss %": show(p.cbc), "CBC / GCM": show(p.study.ratio),
                          "ours: GCM %": show(p.ours_gcm), "ours: CBC %": show(p.ours_cbc),
                          "ours: CBC / GCM": show(p.ours.ratio)} for p in b.losses])


def section(model: Seeds, data: str) -> list[Block]:
    b = model.bus
    blocks: list[Block] = [
        Heading(2, "Jannepally 2008: GCM against CBC + CBC-MAC bus encryption"),
        Paragraph("A GCM or a SENSS-style CBC + CBC-MAC unit on each processor of an SMP running SPLASH-2 "
                  "(Chapter IV); its AES unit a latency per line at 1 GHz. Ours: two engines, in time at their "
                  "synthesis fmax."),
        Table(rows_table(b.rows, "Jannepally 2008"),
              f"study: {S.short}, as printed; ours: {data}, 64-byte lines unless stated, times at synthesis fmax, "
              "power at 225 MHz; storage from the study's own terms (`cryptoppa storage`)"),
    ]
    return blocks


def appendix(model: Seeds, replay: str) -> list[Block]:
    b = model.bus
    if not b.replayed("gcm"):
        return []
    return [Heading(3, "Jannepally 2008: Figure 5.1 beside our replay"),
            Paragraph("Its Figure 5.1 (64-byte lines, loss over four kernels) beside the same points replayed by "
                      "`cryptoppa slowdown`: one AES unit per processor, GCM with precomputed pads."),
            Table(losses(b), f"study: Jannepally 2008, Figure 5.1; ours: {replay}")]
