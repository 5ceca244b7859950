"""Study 003 (OS-controlled bus encryption: software AES-CBC of 1 KB and 4 KB pages) beside our RV32 firmware and
the host's OpenSSL.

003 timed OpenSSL 0.9.8d on a 1 GHz AMD processor (003 §III.B): 10,620 cycles per 1,024-byte page, 42,118 per
4,096. Like `openssl speed`, that leaves the key expansion out, so our firmware rows count the CBC encryption
alone (the firmware's cycles minus its key-setup cycles). 003 does not state the key size; ours is AES-128.
"""

from __future__ import annotations

import pandas as pd

from ...catalog import CYCLES_PER_BYTE
from ...feasibility.studies import PAGE_BYTES
from ...feasibility.studies import PAGES as S003
from ...answers.core_energy import OPT_ORDER
from ..document import Block, Heading, Paragraph, Table
from .ours import Ours, ratio
from .text import frame, num, row, span

KEY_BITS = 128


def _host(ours: Ours, nbytes: int) -> list[tuple[str, float]]:
    t = ours.host_pages()
    t = t[(t["bytes"] == nbytes) & (t["key_bits"] == KEY_BITS)] if not t.empty else t
    return [(f"host {r['feature_set']}: OpenSSL on {r['cpu_model']} at {num(r['cpu_mhz'])} MHz",
             float(r[CYCLES_PER_BYTE]) * nbytes) for _, r in t.iterrows()]


def _cores(ours: Ours, nbytes: int) -> list[tuple[str, float]]:
    t = ours.core_rows("cbc", nbytes)
    if t.empty:
        return []
    t = t[t["key_bits"] == KEY_BITS].assign(rank=lambda f: f["opt"].map({o: i for i, o in enumerate(OPT_ORDER)}))
    return [(f"{r['core']} ZK={int(r['zk'])} {r['variant']} {r['opt']}, encryption only",
             float(r["cycles"] - r["setup_cycles"]))
            for _, r in t.sort_values(["core", "zk", "variant", "rank"], kind="stable").iterrows()]


def options(ours: Ours, nbytes: int) -> list[tuple[str, float]]:
    return _host(ours, nbytes) + _cores(ours, nbytes)


def comparison(ours: Ours) -> pd.DataFrame:
    rows = []
    for key, nbytes in PAGE_BYTES.items():
        study = S003[key]
        for what, cycles in options(ours, nbytes):
            rows.append(row(f"AES-CBC, {nbytes:,}-byte page, cycles", study.printed, study.source, num(cycles),
                            what, num(ratio(cycles, study.value))))
    small, large = (S003[k] for k in PAGE_BYTES)
    per = dict(options(ours, PAGE_BYTES["page_1k"]))
    for what, cycles in options(ours, PAGE_BYTES["page_4k"]):
        if what in per:
            rows.append(row("4,096-byte page / 1,024-byte page", num(large.value / small.value),
                            small.source, num(cycles / per[what]), what, num(cycles / per[what] / (
                                large.value / small.value))))
    return frame(rows)


def answer(ours: Ours) -> str:
    small = S003["page_1k"]
    found = options(ours, PAGE_BYTES["page_1k"])
    host = [(w, c) for w, c in found if w.startswith("host table")]
    cores = [(w, c) for w, c in found if not w.startswith("host")]
    parts = []
    if host:
        parts.append(f"the host's OpenSSL without AES-NI takes {num(host[0][1])} ({num(host[0][1] / small.value)}×)")
    aesni = [(w, c) for w, c in found if w.startswith("host all")]
    if aesni:
        parts.append(f"with every CPU feature {num(aesni[0][1])} ({num(aesni[0][1] / small.value)}×)")
    if cores:
        parts.append(f"our RV32 firmware {span([c for _, c in cores])} "
                     f"({span([c / small.value for _, c in cores])}×, over {len(cores)} core/firmware/-O options)")
    measured = "; ".join(parts) if parts else "no page measurement of ours is in the data yet"
    return (f"Study 003 (OS-controlled bus encryption): software AES-CBC costs {small.printed} cycles per "
            f"1,024-byte page and {S003['page_4k'].printed} per 4,096 (OpenSSL 0.9.8d at 1 GHz, 003 §III.B), the "
            f"cost behind its {S003['slowdown_1k_512k'].printed}–{S003['slowdown_1k_256k'].printed}× slowdowns of "
            f"protected programs (1 KB pages, 003 Table II). Per 1,024-byte page: {measured}. Cost grows linearly "
            "with the page on both sides; we do not re-simulate the slowdowns.")


def section(ours: Ours) -> list[Block]:
    return [
        Heading(2, "003: software page encryption, 1 KB and 4 KB pages"),
        Paragraph(f"003 ({S003.citation}) encrypts every protected page in software as it leaves the cache "
                  "(003 §III). Its page cost beside ours: the host's OpenSSL (`openssl speed`, cycles = rate ÷ the "
                  "nominal clock) and the RV32 firmware's CBC pages (cycle-counted in simulation)."),
        Table(comparison(ours), f"`{S003.path}` (study); {ours.source('host_baseline.parquet')} and "
                                f"{ours.source('core_baseline.parquet')} (ours)"),
    ]
