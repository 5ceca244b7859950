"""Chen et al. 2008 (OS-controlled bus encryption: software AES-CBC of 1 KB and 4 KB pages) beside the host's
OpenSSL and our RV32 firmware.

The study timed OpenSSL 0.9.8d on a 1 GHz AMD processor (Chen et al. 2008, §III.B): 10,620 cycles per 1,024-byte
page, 42,118 per 4,096. Like `openssl speed`, that leaves the key expansion out, so our firmware rows count the
CBC encryption alone (the firmware's cycles minus its key-setup cycles). The study does not state the key size;
ours is AES-128. Its slowdowns of protected programs (Table II) come from its simulated system; we do not
re-simulate them, and quote them whole: every average, and the least and most of one program.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...catalog import CYCLES_PER_BYTE
from ...feasibility.studies import L2_KB, PAGE_BYTES
from ...feasibility.studies import PAGES as S
from ..core_energy import OPT_ORDER
from ..records import Cited, On, Record
from .rows import ratio

STUDY = S.short
KEY_BITS = 128
HOST_FEATURES = {"table": "host OpenSSL, table AES (no AES-NI)", "aesni": "host OpenSSL, AES-NI",
                 "all": "host OpenSSL, every CPU feature"}



@dataclass
class Option:
    """One way of encrypting a page of ours: cycles per page and their ratio to the study's."""

    name: str
    kind: str  # host | core
    cycles: dict[int, Record] = field(default_factory=dict)  # page bytes -> cycles per page
    to_study: dict[int, Record] = field(default_factory=dict)  # page bytes -> ours / the study's
    growth: Record | None = None  # cycles of a 4,096-byte page / a 1,024-byte page


@dataclass
class Pages:
    options: list[Option]
    study_growth: Record  # its 4 KB page / its 1 KB page
    averages: dict[tuple[int, str], Cited]  # (L2 KB, "1k" | "4k") -> its average slowdown, as printed
    l2: dict[int, Cited]  # its L2 sizes, KB, as printed

    @property
    def hosts(self) -> list[Option]:
        return [o for o in self.options if o.kind == "host"]

    @property
    def cores(self) -> list[Option]:
        return [o for o in self.options if o.kind == "core"]

    def host(self, feature_set: str) -> Option | None:
        return next((o for o in self.hosts if o.name == HOST_FEATURES.get(feature_set, feature_set)), None)


def build(ours) -> Pages:
    options = _hosts(ours) + _cores(ours)
    study = {n: S[key].value for key, n in PAGE_BYTES.items()}
    small, large = sorted(study)
    for o in options:
        on = next(iter(o.cycles.values())).on if o.cycles else On()
        o.to_study = {n: ratio(o.name, f"{n}-byte page cycles / {STUDY}'s", r.value, study[n], on, r.rows)
                      for n, r in o.cycles.items()}
        if small in o.cycles and large in o.cycles:
            o.growth = ratio(o.name, f"{large}-byte / {small}-byte page cycles", o.cycles[large].value,
                             o.cycles[small].value, on)
    growth = ratio(STUDY, f"{large}-byte / {small}-byte page cycles, §III.B", study[large], study[small])
    averages = {(l2, page): Cited.of(S[f"slowdown_{page}_{l2}k"]) for l2 in L2_KB for page in ("1k", "4k")}
    return Pages(options, growth, averages, {kb: Cited(f"{kb}", "Chen et al. 2008, Table II") for kb in L2_KB})


def _hosts(ours) -> list[Option]:
    t = ours.host_pages()
    t = t[t["key_bits"] == KEY_BITS] if not t.empty else t
    out: dict[str, Option] = {}
    for _, r in t.iterrows():
        name = HOST_FEATURES.get(r["feature_set"], f"host OpenSSL, {r['feature_set']}")
        option = out.setdefault(name, Option(name, "host"))
        on = On(clock=f"{r['cpu_mhz']:.4g} MHz {r.get('clock_basis', 'nominal')} ({r['cpu_model']})",
                stage="openssl speed")
        n = int(r["bytes"])
        option.cycles[n] = Record(name, f"AES-128-CBC cycles per {n}-byte page", "cycles",
                                  float(r[CYCLES_PER_BYTE]) * n, on)
    return list(out.values())


def _cores(ours) -> list[Option]:
    out: dict[str, Option] = {}
    for n in PAGE_BYTES.values():
        t = ours.core_rows("cbc", n)
        if t.empty:
            continue
        t = t[t["key_bits"] == KEY_BITS].assign(rank=lambda f: f["opt"].map({o: i for i, o in enumerate(OPT_ORDER)}))
        for _, r in t.sort_values(["core", "zk", "variant", "rank"], kind="stable").iterrows():
            name = f"{r['core']} ZK={int(r['zk'])} {r['variant']} {r['opt']}"
            option = out.setdefault(name, Option(name, "core"))
            on = On(library=f"{r['pdk']}/{r['corner']}", stage="RTL simulation (Verilator)",
                    access="CBC encryption alone, key setup left out")
            option.cycles[n] = Record(name, f"AES-128-CBC cycles per {n}-byte page", "cycles",
                                      float(r["cycles"] - r["setup_cycles"]), on)
    return list(out.values())
