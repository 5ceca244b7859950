"""Lima et al. 2013 (software AES energy on a simulated ARM core, Sim-Panalyzer) beside our RV32 cores' energy from
simulated gate-level activity.

The study prints no energy as a number for AES against key size or -O level (its Figures 7-9 are not in the
extracted text); it states directions: almost every component's energy similar across key lengths and the data
I/O bus's 23 % lower as the key grows (§5.2, Figure 7), AES-128 about 10 % faster than the longer keys and -O2 the
fastest (§5.2, Figure 8), -O3 the least total energy (§5.3, Figure 9), and the rounds 10 / 12 / 14 (Table 2). Ours:
each firmware's 64-byte AES-GCM line (key expansion included) on the gate-level netlist of the core, energy from its
simulated per-net activity (`core-baseline --energy`), and the cycles of pure AES-CBC pages from the same firmware.
Absolute energies of an ARM SoC model and of our core alone (no memories) are not compared; directions are.

Every ratio is a comparison (cryptoppa.answers.comparison) of one side with itself, about the key size: the
study's rounds of AES-192 and AES-256 over AES-128's (its Table 2), and on each of our firmwares and -O levels its
energy, cycles and power with the longer key over AES-128's, on one core, library and activity model.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ...feasibility.studies import ENERGY as S
from ..core_energy import OPT_ORDER, core_energy, key_size_scaling
from ..comparison import Comparison
from ..records import Cited, On, Record
from .rows import between

STUDY = S.short
PAGE = 4096  # the CBC page whose cycles give the pure-AES key-size trend
KEYS = (192, 256)
# The study's side: AES's rounds per key size as its Table 2 prints them.
STUDY_BASIS = dict(source=STUDY, library="", flow="", stage="", power="", clock="", voltage="")


def _keys(key: int) -> dict[str, tuple[str, str]]:
    """What a key-size comparison is about: the cipher, AES-`key` against AES-128."""
    return {"design": (f"AES-{key}", "AES-128")}


def firmware(row) -> str:
    return f"{row['core']} ZK={int(row['zk'])} {row['variant']}"


@dataclass
class Best:
    """Which -O level has the least of something, over the configurations measured."""

    opt: str  # the level chosen most often
    chosen: Record  # how many configurations chose it
    of: Record  # of how many


@dataclass
class Energy:
    rows: list[dict[str, Record | str | int]]  # per firmware, key and -O: its figures (the appendix table)
    scaling: list[dict[str, Comparison | str | int]]  # per firmware, -O and longer key: against AES-128
    rounds: dict[int, Comparison]  # rounds over AES-128's, from its Table 2
    energy_ratio: dict[int, list[Comparison]]  # key -> energy / AES-128's over every configuration
    power_ratio: dict[int, list[Comparison]]  # key -> power / AES-128's over every configuration
    cbc_ratio: dict[int, list[Comparison]]  # key -> CBC page cycles / AES-128's
    gain: list[Record]  # 1 - cycles(AES-128) / cycles(longer key), %
    fastest: Best | None
    least_energy: Best | None
    levels: tuple[str, ...] = ()

    @property
    def measured(self) -> bool:
        return bool(self.rows)


def _on(row) -> On:
    return On(library=f"{row.get('pdk', '')}/{row.get('corner', '')}".strip("/"), stage="gate-level simulation",
              power="simulated, firmware", clock=f"{row['clock_mhz']:g} MHz")


def build(ours) -> Energy:
    energy = core_energy(ours.folder)
    cores = ours.cores
    if not energy.empty and "pdk" in cores.columns:
        energy = energy.assign(pdk=cores["pdk"].iloc[0], corner=cores["corner"].iloc[0])
    rounds = {k: between("rounds, Table 2", Cited.of(S[f"rounds_{k}"]), Cited.of(S["rounds_128"]), _keys(k),
                         (f"AES-{k}", "AES-128"), STUDY, **STUDY_BASIS) for k in KEYS}
    model = Energy([], [], rounds, {k: [] for k in KEYS}, {k: [] for k in KEYS}, {k: _cbc_ratios(ours, k) for k in KEYS},
                   [], None, None)
    longer = [c.ratio for k in KEYS for c in model.cbc_ratio[k] if c.answered]
    model.gain = [Record(r.subject, f"{r.name}: runtime gain of AES-128", "percent", (1 - 1 / r.value) * 100, r.on)
                  for r in longer]
    if energy.empty:
        return model
    model.levels = tuple(o for o in OPT_ORDER if o in set(energy["opt"]))
    figures = {}
    for _, r in energy.iterrows():
        subject, on = f"{firmware(r)} AES-{r['key_bits']} {r['opt']}", _on(r)
        row = {
            "firmware": firmware(r), "key": int(r["key_bits"]), "opt": r["opt"],
            "cycles/byte": Record(subject, "cycles per byte", "cycles_per_byte", r["cycles_per_byte"], on),
            "instructions/byte": Record(subject, "instructions per byte", "instructions_per_byte",
                                        r["instructions_per_byte"], on),
            "window": Record(subject, "energy window", "window_cycles", r["window_cycles"], on),
            "power": Record(subject, "power", "power_mw", r["power_w"] * 1e3, on),
            "vectorless": Record(subject, "power, vectorless", "power_mw", r["vectorless_w"] * 1e3,
                                 On(library=on.library, stage="synthesis", power="vectorless", clock=on.clock)),
            "coverage": Record(subject, "activity coverage", "fraction", r["coverage"], on),
            "energy": Record(subject, "energy per byte", "nj_per_byte", r["energy_per_byte_pj"] / 1e3, on)}
        model.rows.append(row)
        figures[(row["firmware"], row["opt"], row["key"])] = row
    for _, s in key_size_scaling(energy).iterrows():
        name, opt, key = firmware(s), s["opt"], int(s["key_bits"])
        longer, base = figures[(name, opt, key)], figures[(name, opt, 128)]

        def against(what: str, column: str) -> Comparison:
            return between(what, longer[column], base[column], _keys(key), (f"AES-{key}", "AES-128"),
                           f"{name} {opt}", flow="")

        row = {"firmware": name, "opt": opt, "key": key, "energy": against("energy per byte", "energy"),
               "cycles": against("cycles per byte", "cycles/byte"), "power": against("power", "power")}
        model.scaling.append(row)
        model.energy_ratio[key].append(row["energy"])
        model.power_ratio[key].append(row["power"])
    model.fastest = _best(energy, "cycles_per_byte")
    model.least_energy = _best(energy, "energy_per_byte_pj")
    return model


def _cbc_ratios(ours, key: int) -> list[Comparison]:
    """Cycles of an AES-CBC page (encryption only) with `key`-bit keys over AES-128's, per core, firmware, -O."""
    t = ours.core_rows("cbc", PAGE)
    if t.empty:
        return []
    cols = ["core", "zk", "variant", "opt"]
    by = (t["cycles"] - t["setup_cycles"]).set_axis(pd.MultiIndex.from_frame(t[[*cols, "key_bits"]]))
    on = On(stage="RTL simulation (Verilator)", access=f"AES-CBC {PAGE}-byte page, encryption only")
    out = []
    for idx in sorted({tuple(r) for r in t[cols].to_numpy()}):
        if (*idx, key) in by.index and (*idx, 128) in by.index:
            subject = f"{idx[0]} ZK={int(idx[1])} {idx[2]} {idx[3]}"
            cycles = {k: Record(f"{subject} AES-{k}", f"CBC {PAGE}-byte page cycles, encryption only", "cycles",
                                float(by[(*idx, k)]), on) for k in (key, 128)}
            out.append(between("CBC page cycles", cycles[key], cycles[128], _keys(key), (f"AES-{key}", "AES-128"),
                               subject, flow=""))
    return out


def _best(energy: pd.DataFrame, column: str) -> Best:
    picks = energy.loc[energy.groupby(["core", "zk", "variant", "key_bits"], sort=False)[column].idxmin(), "opt"]
    opt, n = picks.value_counts().index[0], int(picks.value_counts().iloc[0])
    on = On(stage="gate-level simulation", access=f"the -O level with the least {column}")
    return Best(opt, Record(f"-O level, least {column}", f"configurations choosing {opt}", "configurations", n, on),
                Record(f"-O level, least {column}", "configurations measured", "configurations", len(picks), on))

