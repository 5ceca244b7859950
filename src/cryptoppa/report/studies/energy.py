"""Study 004 (software AES energy on an ARM core, Sim-Panalyzer) beside our RV32 cores' simulated-activity energy.

004 prints no energy as a number for AES vs key size or -O level (its Figures 7-9 are not in the extracted text);
it states trends: AES-128 about 10 % faster than the longer keys, -O2 the fastest, -O3 the least energy, and the
rounds 10 / 12 / 14 (004 Table 2). Ours: each firmware's 64-byte AES-GCM line (key expansion included) on the
gate-level netlist of the core, energy from its simulated per-net activity (`core-baseline --energy`), and the
cycles of pure AES-CBC pages from the same firmware. The absolute energies of an ARM SoC model and of our core
alone (no memories) are not comparable; trends are.
"""

from __future__ import annotations

import pandas as pd

from ...feasibility.studies import ENERGY as S004
from ...answers.core_energy import OPT_ORDER, core_energy, key_size_scaling
from ...feasibility.report_text import round_sig
from ..document import Block, Heading, Paragraph, Table
from .ours import Ours
from .text import MISSING, frame, num, row, span

PAGE = 4096  # the CBC page whose cycles give the pure-AES key-size trend


def _opt_name(opt: str) -> str:
    return opt.lstrip("-")


def _cbc_cycle_ratios(ours: Ours, key: int) -> list[float]:
    """Cycles of an AES-CBC page (encryption only, key expansion left out) with `key`-bit keys over AES-128's, per
    core, firmware and -O level."""
    t = ours.core_rows("cbc", PAGE)
    if t.empty:
        return []
    cols = ["core", "zk", "variant", "opt"]
    by = (t["cycles"] - t["setup_cycles"]).set_axis(pd.MultiIndex.from_frame(t[[*cols, "key_bits"]]))
    return [by[(*idx, key)] / by[(*idx, 128)] for idx in {tuple(r) for r in t[cols].to_numpy()}
            if (*idx, key) in by.index and (*idx, 128) in by.index]


def _best(energy: pd.DataFrame, column: str) -> str:
    """The -O level with the least `column` in each (core, firmware, key), summarized: '-O3 (4 of 4)'."""
    if energy.empty:
        return MISSING
    picks = energy.loc[energy.groupby(["core", "zk", "variant", "key_bits"], sort=False)[column].idxmin(), "opt"]
    counts = picks.value_counts()
    return ", ".join(f"{opt} ({n} of {len(picks)})" for opt, n in counts.items())


def _levels(energy: pd.DataFrame) -> str:
    return ", ".join(o for o in OPT_ORDER if o in set(energy["opt"])) if not energy.empty else MISSING


def _opt_ratio(energy: pd.DataFrame, num_opt: str, den_opt: str) -> list[float]:
    if energy.empty:
        return []
    out = []
    for _, g in energy.groupby(["core", "zk", "variant", "key_bits"], sort=False):
        by = g.set_index("opt")["energy_per_byte_pj"]
        if num_opt in by.index and den_opt in by.index:
            out.append(by[num_opt] / by[den_opt])
    return out


def comparison(ours: Ours) -> pd.DataFrame:
    energy = core_energy(ours.folder)
    scaling = key_size_scaling(energy) if not energy.empty else pd.DataFrame()
    rows = []
    for key in (192, 256):
        rounds = S004[f"rounds_{key}"].value / S004["rounds_128"].value
        at = scaling[scaling["key_bits"] == key] if not scaling.empty else scaling
        cbc = _cbc_cycle_ratios(ours, key)
        rows.append(row(f"AES-{key} / AES-128", f"{num(rounds)} (rounds {S004[f'rounds_{key}'].printed} / "
                        f"{S004['rounds_128'].printed})", S004[f"rounds_{key}"].source,
                        f"energy {span(list(at['energy_ratio']) if len(at) else [])}, "
                        f"CBC {PAGE}-byte page cycles {span(cbc)}",
                        "64-byte GCM line (simulated activity); CBC page, encryption only (cycles)",
                        span([r / rounds for r in list(at["energy_ratio"]) if len(at)]) if len(at) else MISSING))
    longer = [c for k in (192, 256) for c in _cbc_cycle_ratios(ours, k)]
    rows += [
        row("runtime gain of AES-128 over the longer keys", f"{S004['gain_128'].printed} %", S004["gain_128"].source,
            span([(1 - 1 / r) * 100 for r in longer], unit=" %") if longer else MISSING,
            f"1 − cycles(AES-128) / cycles(longer key), CBC {PAGE}-byte pages, encryption only", MISSING),
        row("the -O level with the best runtime", f"-{S004['fastest_opt'].printed}", S004["fastest_opt"].source,
            _best(energy, "cycles_per_byte"), f"of the levels measured ({_levels(energy)}), 64-byte GCM line", MISSING),
        row("the -O level with the least energy", f"-{S004['least_energy_opt'].printed}",
            S004["least_energy_opt"].source, _best(energy, "energy_per_byte_pj"),
            f"of the levels measured ({_levels(energy)}), simulated activity", MISSING),
        row("energy -O3 / -O0", "not printed (Figure 9)", "004 §5.3", span(_opt_ratio(energy, "-O3", "-O0")),
            "64-byte GCM line, per core, firmware and key", MISSING),
        row("energy of the data I/O bus (dio) as the key grows", f"{S004['dio_reduction'].printed} %",
            S004["dio_reduction"].source, MISSING, "no counterpart: the core's memories and buses are not in its "
            "netlist", MISSING),
    ]
    return frame(rows)


def answer(ours: Ours) -> str:
    energy = core_energy(ours.folder)
    if energy.empty:
        return ("Study 004 (AES energy on an ARM core): no simulated-activity energy rows in the data yet "
                "(`cryptoppa core-baseline --energy`).")
    scaling = key_size_scaling(energy)
    e256 = list(scaling.loc[scaling["key_bits"] == 256, "energy_ratio"]) if not scaling.empty else []
    cbc256 = _cbc_cycle_ratios(ours, 256)
    rounds = S004["rounds_256"].value / S004["rounds_128"].value
    best = _best(energy, "energy_per_byte_pj")
    agrees = best.startswith(f"-{S004['least_energy_opt'].printed} ")
    cbc = f" and {span(cbc256)}× its cycles on a pure CBC {PAGE}-byte page" if cbc256 else ""
    powers = [f"{core}{' ZK=1' if zk else ''} {span(list(g['power_w'] * 1e3))} mW"
              for (core, zk), g in energy.groupby(["core", "zk"], sort=True)]
    return (f"Study 004 (AES energy on an ARM core, Sim-Panalyzer): AES-128 ran about {S004['gain_128'].printed} % "
            f"faster than the longer keys, -{S004['fastest_opt'].printed} was the fastest and "
            f"-{S004['least_energy_opt'].printed} the least-energy level (004 §5.2-5.3); it prints no energy ratio. "
            f"On our cores, from simulated activity, AES-256 costs {span(e256)}× AES-128's energy on a 64-byte GCM "
            f"line (key expansion and GHASH included){cbc}, against the {num(rounds)}× of the rounds; the "
            f"least-energy level is {best} of {_levels(energy)}{', as in 004' if agrees else ', unlike 004'}. "
            f"Energy follows cycles: each core's simulated power stays within a narrow band ({', '.join(powers)}) "
            "whatever "
            "firmware, key or level it runs. Absolute energies (an ARM SoC model against our core alone, no "
            "memories) are not compared.")


def section(ours: Ours, figure_block: list[Block]) -> list[Block]:
    energy = core_energy(ours.folder)
    source = ours.source("core_baseline.parquet")
    blocks: list[Block] = [
        Heading(2, "004: software AES energy vs key size and compiler level"),
        Paragraph(f"004 ({S004.citation}) encrypts and decrypts a 1 Mb file with C AES on a simulated ARM core at "
                  "-O0 to -O3 and 128/192/256-bit keys (004 §5). Ours: the RV32 firmware on the cores' gate-level "
                  "netlists; energy = annotated power × window cycles / clock / bytes."),
        Table(comparison(ours), f"`{S004.path}` (study); {source} (ours)"),
    ]
    if not energy.empty:
        table = core_energy_table(energy)
        table["window cycles"] = table["window cycles"].map(num)  # four significant digits, as everywhere here
        blocks += [Table(table, source + " (64-byte GCM rows with energy_per_byte_pj)")]
        scaling = key_size_scaling(energy)
        if not scaling.empty:
            blocks.append(Table(key_scaling_table(scaling), source + "; ratios of the rows above"))
    return blocks + figure_block


def _firmware(frame: pd.DataFrame) -> pd.Series:
    return frame["core"] + " ZK=" + frame["zk"].astype(str) + " " + frame["variant"]


def core_energy_table(energy: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "core, firmware": _firmware(energy), "AES key": energy["key_bits"], "-O": energy["opt"],
        "cycles/byte": round_sig(energy["cycles_per_byte"]),
        "instr./byte": round_sig(energy["instructions_per_byte"]),
        "window cycles": energy["window_cycles"],
        "power mW (simulated)": round_sig(energy["power_w"] * 1e3),
        "power mW (vectorless)": round_sig(energy["vectorless_w"] * 1e3),
        "coverage": round_sig(energy["coverage"], 3),
        "nJ per byte": round_sig(energy["energy_per_byte_pj"] / 1e3),
    })


def key_scaling_table(scaling: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame({
        "core, firmware": _firmware(scaling), "-O": scaling["opt"], "AES key": scaling["key_bits"],
        "energy / AES-128": round_sig(scaling["energy_ratio"], 3),
        "cycles / AES-128": round_sig(scaling["cycles_ratio"], 3),
        "rounds / 10": round_sig(scaling["rounds_ratio"], 3),
    })
