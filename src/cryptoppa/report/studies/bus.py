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
            f"(Abstract): CBC needs a second AES pass for its MAC. In time, not cycles: our cbc_mac takes "
            f"{show(b.cbc.time)} ns per line and gcm_iter {show(b.gcm.time)} ns at their synthesis fmax, "
            f"{spread(b.faster)}× faster than its CBC units. Our MAC runs beside the cipher in about the same cycles "
            f"({show(b.cbc.cycles)} against {show(b.gcm.cycles)}) but costs {show(b.area_ratio)}× gcm_iter's area and, "
            f"at cbc_mac's lower fmax, {show(b.time_ratio)}× its time. Its throughput labels are {spread(b.label_factor)}× what its own formula gives, and its GCM "
            f"storage terms sum to {show(b.gcm_bits)} bits, not the {show(Cited.of(S['gcm_state_bits']))} printed. ")
    if not b.replayed("gcm"):
        return text + "Its slowdown is not replayed in this data."
    study_ratio, ours_ratio = [p.study_ratio for p in b.losses], [p.ours_ratio for p in b.losses if p.ours_ratio.known]
    return text + (f"Replayed on our traces of the same four kernels (reports/slowdown), GCM loses "
                   f"{spread(b.replayed('gcm'))} % and CBC {spread(b.replayed('cbc'))} %: CBC loses more at every "
                   f"point, {spread(ours_ratio)}× GCM's loss against the study's {spread(study_ratio)}×: the same "
                   "direction, a smaller gap, on kernels, caches and cores that are not its simulated system.")



def losses(b: Bus) -> pd.DataFrame:
    return pd.DataFrame([{"processors": p.processors, "AES unit (its label), GB/s": show(p.unit),
                          "GCM loss %": show(p.gcm), "CBC loss %": show(p.cbc), "CBC / GCM": show(p.study_ratio),
                          "ours: GCM %": show(p.ours_gcm), "ours: CBC %": show(p.ours_cbc),
                          "ours: CBC / GCM": show(p.ours_ratio)} for p in b.losses])


def section(model: Seeds, data: str, replay: str) -> list[Block]:
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
    if b.replayed("gcm"):
        blocks += [Paragraph("Its Figure 5.1 (64-byte lines, loss over four kernels) beside the same points replayed "
                             "by `cryptoppa slowdown`: one AES unit per processor, GCM with precomputed pads."),
                   Table(losses(b), f"study: Jannepally 2008, Figure 5.1; ours: {replay}")]
    return blocks
