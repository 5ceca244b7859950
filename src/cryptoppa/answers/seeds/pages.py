"""Chen et al. 2008 (OS-controlled bus encryption: software AES-CBC of 1 KB and 4 KB pages) beside the host's
OpenSSL and our RV32 firmware.

The study timed OpenSSL 0.9.8d on a 1 GHz AMD processor (Chen et al. 2008, §III.B): 10,620 cycles per 1,024-byte
page, 42,118 per 4,096. Like `openssl speed`, that leaves the key expansion out, so our firmware rows count the
CBC encryption alone (the firmware's cycles minus its key-setup cycles). The study does not state the key size;
ours is AES-128. Its slowdowns of protected programs (Table II) come from its simulated system; we do not
re-simulate them, and quote them whole: every average, and the least and most of one program.

Compared (cryptoppa.answers.comparison): each side's 4 KB page over its own 1 KB page, and the two growths against
each other (the key size, the processor and the software are common to both pages of a side and divide out). Our
cycles per page over the study's are refused: it states no key size, and its cycles are another processor's at
another clock, timed another way.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...catalog import CYCLES_PER_BYTE
from ...feasibility.studies import L2_KB, PAGE_BYTES
from ...feasibility.studies import PAGES as S
from ..core_energy import OPT_ORDER
from ..comparison import Comparison, compare, side
from ..records import Cited, NotAnswered, On, Record, text
from .rows import between, of_ratios, refusals

STUDY = S.short
KEY_BITS = 128
HOST_FEATURES = {"table": "host OpenSSL, table AES (no AES-NI)", "aesni": "host OpenSSL, AES-NI",
                 "all": "host OpenSSL, every CPU feature"}
STUDY_DESIGN = "OpenSSL 0.9.8d on a 1 GHz AMD processor"
# The study's side (§III.B): AES-CBC of a page with OpenSSL 0.9.8d at 1 GHz, no key size or timing method stated.
STUDY_BASIS = dict(source=STUDY, design=STUDY_DESIGN, scope="AES-CBC, key size unstated", stage="unstated",
                   clock=f"{S['clock'].printed} GHz", library="", flow="", power="", voltage="")
OUR_SCOPE = "AES-128-CBC"
SIZES = ("1 KB", "4 KB")


def _unit(n: int) -> dict[str, str]:
    return dict(unit=f"one {n:,}-byte page")


@dataclass
class Option:
    """One way of encrypting a page of ours: cycles per page, and its comparisons with the study's."""

    name: str
    kind: str  # host | core
    cycles: dict[int, Record] = field(default_factory=dict)  # page bytes -> cycles per page
    to_study: dict[int, Comparison] = field(default_factory=dict)  # page bytes -> ours / the study's (refused)
    growth: Comparison | None = None  # cycles of a 4,096-byte page / a 1,024-byte page
    to_growth: Comparison | None = None  # that growth / the study's


@dataclass
class Pages:
    options: list[Option]
    study_growth: Comparison  # its 4 KB page / its 1 KB page
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

    @property
    def not_answered(self) -> list[NotAnswered]:
        out = []
        for options, what in ((self.hosts, "the host's OpenSSL"), (self.cores, "our RV32 firmware")):
            out += refusals([c for o in options for c in o.to_study.values()], STUDY,
                            f"cycles per page, {what} / the study's")
            out += refusals([o.growth for o in options if o.growth] + [o.to_growth for o in options if o.to_growth],
                            STUDY, f"4 KB / 1 KB page cycles, {what}")
        return out


def build(ours) -> Pages:
    options = _hosts(ours) + _cores(ours)
    study = {n: Cited.of(S[key]) for key, n in PAGE_BYTES.items()}
    small, large = sorted(study)
    pages = {"unit": tuple(_unit(n)["unit"] for n in (large, small))}
    growth = between("page cycles, §III.B", study[large], study[small], pages, SIZES[::-1], STUDY, **STUDY_BASIS)
    for o in options:
        o.to_study = {n: compare(f"{n}-byte page cycles",
                                 side(o.name, r, design=o.name, scope=OUR_SCOPE, library="", flow="", **_unit(n)),
                                 side(STUDY, study[n], **STUDY_BASIS, **_unit(n)), about=("design", "source"))
                      for n, r in o.cycles.items()}
        if small in o.cycles and large in o.cycles:
            o.growth = between("page cycles", o.cycles[large], o.cycles[small], pages, SIZES[::-1], o.name,
                               design=o.name, scope=OUR_SCOPE, library="", flow="")
            o.to_growth = of_ratios("4 KB / 1 KB page cycles", o.growth, growth, dict(design=o.name),
                                    dict(design=STUDY_DESIGN), STUDY)
    averages = {(l2, page): Cited.of(S[f"slowdown_{page}_{l2}k"]) for l2 in L2_KB for page in ("1k", "4k")}
    return Pages(options, growth, averages, {kb: Cited(f"{kb}", "Chen et al. 2008, Table II") for kb in L2_KB})


def _hosts(ours) -> list[Option]:
    t = ours.host_pages()
    t = t[t["key_bits"] == KEY_BITS] if not t.empty else t
    out: dict[str, Option] = {}
    for _, r in t.iterrows():
        name = HOST_FEATURES.get(r["feature_set"], f"host OpenSSL, {r['feature_set']}")
        option = out.setdefault(name, Option(name, "host"))
        # a clock measured around each run converts that run's rate to cycles: the runs share the basis "measured"
        # (the range is in the basis bullet), where a nominal clock is the one figure every run assumed
        basis = r.get("clock_basis", "nominal")
        clock = (f"the CPU's measured around each run ({r['cpu_model']})" if basis == "measured" else
                 f"{text('clock_mhz', r['cpu_mhz'])} MHz {basis} ({r['cpu_model']})")
        on = On(clock=clock, stage="openssl speed")
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
                    clock=f"{text('clock_mhz', r['clock_mhz'])} MHz", access="CBC encryption alone, key setup left out")
            option.cycles[n] = Record(name, f"AES-128-CBC cycles per {n}-byte page", "cycles",
                                      float(r["cycles"] - r["setup_cycles"]), on)
    return list(out.values())
