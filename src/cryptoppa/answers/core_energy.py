"""Software AES energy on the RV32 cores (the 2013 ARM energy study redone on our synthesized cores): the 64-byte
GCM rows of a core-baseline folder with a gate-level energy, and energy against key size."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..catalog import ACTIVITY_COVERAGE, ACTIVITY_POWER, POWER
from ..sweep import results as results_mod
from .software import CORE_TABLE

OPT_ORDER = ("-O0", "-O1", "-O2", "-O3", "-Os")
AES_ROUNDS = {128: 10, 192: 12, 256: 14}


def core_energy(cores: Path | None) -> pd.DataFrame:
    """The 64-byte GCM rows of a core-baseline folder that have a gate-level energy, in a stable order.

    Empty when there is no folder, no table or no energy row (a core-baseline run without --energy)."""
    t = results_mod.read(cores, CORE_TABLE) if cores else pd.DataFrame()
    if "energy_per_byte_pj" not in t.columns:
        return pd.DataFrame()
    t = t[(t["status"] == "ok") & (t["alg"] == "gcm") & (t["bytes"] == 64) & t["energy_per_byte_pj"].notna()]
    if t.empty:
        return pd.DataFrame()
    out = pd.DataFrame({
        "core": t["core"], "zk": t["zk"].astype(int), "variant": t["variant"], "key_bits": t["key_bits"].astype(int),
        "opt": t["opt"], "cycles_per_byte": t["cycles_per_byte"], "instructions_per_byte": t["instructions_per_byte"],
        "window_cycles": t["energy_window_cycles"].astype(int), "clock_mhz": t["clock_mhz"],
        "power_w": t[ACTIVITY_POWER], "vectorless_w": t[POWER],
        "coverage": t[ACTIVITY_COVERAGE], "energy_per_byte_pj": t["energy_per_byte_pj"],
    })
    out["opt_rank"] = out["opt"].map({o: i for i, o in enumerate(OPT_ORDER)})
    return out.sort_values(["core", "zk", "variant", "key_bits", "opt_rank"], kind="stable").reset_index(drop=True)


def key_size_scaling(energy: pd.DataFrame) -> pd.DataFrame:
    """Energy and cycles per byte of AES-192/256 relative to AES-128, per core, firmware and -O level.

    The AES rounds ratio (12/10, 14/10) is what the cipher alone would give; the 64-byte GCM line also holds
    the key expansion, GHASH and the mode's bookkeeping."""
    rows = []
    for (core, zk, variant, opt), g in energy.groupby(["core", "zk", "variant", "opt"], sort=False):
        by_key = g.set_index("key_bits")
        if 128 not in by_key.index:
            continue
        base = by_key.loc[128]
        for key in sorted(k for k in by_key.index if k != 128):
            rows.append({"core": core, "zk": zk, "variant": variant, "opt": opt, "key_bits": key,
                         "energy_ratio": by_key.loc[key, "energy_per_byte_pj"] / base["energy_per_byte_pj"],
                         "cycles_ratio": by_key.loc[key, "cycles_per_byte"] / base["cycles_per_byte"],
                         "rounds_ratio": AES_ROUNDS[key] / AES_ROUNDS[128]})
    return pd.DataFrame(rows)
