"""The seed studies beside our measurements: each study's printed figures (cryptoppa.feasibility.studies), ours
on the same question, and their ratios or directions -- every number a record or a citation.

    model = build(Path("reports/studies/data"), replay)
    model.bus, model.subpipe, model.pages, model.energy   # Jannepally 2008, Lohitha and Vasavi,
                                                          # Chen et al. 2008, Lima et al. 2013

Modules, one study each: bus (Jannepally 2008: GCM against CBC + CBC-MAC bus encryption), subpipe (Lohitha and
Vasavi: sub-pipelined AES-GCM), pages (Chen et al. 2008: software page encryption), energy (Lima et al. 2013:
software AES energy); ours reads our tables, rows builds a comparison row and the comparisons every ratio is
printed from (cryptoppa.answers.comparison: a ratio whose two bases differ is refused and listed as not answered). `replay` reads Jannepally 2008's
program slowdown replayed by `cryptoppa slowdown` from our slowdown table (its columns: bus.REPLAY_COLUMNS).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..records import NotAnswered
from . import bus, energy, pages, subpipe
from .ours import Ours


@dataclass
class Seeds:
    ours: Ours
    bus: bus.Bus
    subpipe: subpipe.Subpipe
    pages: pages.Pages
    energy: energy.Energy

    @property
    def not_answered(self) -> list[NotAnswered]:
        out = []
        if not self.subpipe.measured:
            out.append(NotAnswered("Lohitha and Vasavi", "our sub-pipelined / pipelined ratios",
                                   "gcm_subpipe STAGES_PER_ROUND=6 and gcm_pipe SBOX=1 are not both in the data"))
        if not self.bus.replayed("gcm"):
            out.append(NotAnswered("Jannepally 2008", "its program slowdown replayed",
                                   "no `cryptoppa slowdown` table in the data"))
        if not self.energy.measured:
            out.append(NotAnswered("Lima et al. 2013", "energy on our cores",
                                   "no simulated-activity energy rows in the data (`cryptoppa core-baseline --energy`)"))
        if not self.pages.options:
            out.append(NotAnswered("Chen et al. 2008", "page encryption of ours",
                                   "no host or core page measurement in the data"))
        return out + self.bus.not_answered + self.subpipe.not_answered + self.pages.not_answered


def build(folder: Path, replay: bus.Replay) -> Seeds:
    ours = Ours.load(Path(folder))
    return Seeds(ours, bus.build(ours, replay), subpipe.build(ours), pages.build(ours), energy.build(ours))
