"""A multi-key engine's key table (designs/xts_mk): what it stores, what it adds to the engine as synthesized, and
what the same bits would take as SRAM (an estimate, cryptoppa.feasibility.sram).

The synthesized table is flip-flops, one per key bit (KEYS x KEY_BITS), plus a write decoder and a read
multiplexer. Its cost is read from a sweep over KEYS with everything else fixed, against the one-entry engine:

    added area (K)    = area(K) - area(1)          the table's K - 1 extra entries, their write decoder and read mux
    share of area (K) = added area (K) / area(K)
    added flip-flops  = flip-flops(K) - flip-flops(1)  (= (K - 1) x KEY_BITS when the table is all that grows)
    um^2 per bit      = added area / ((K - 1) x KEY_BITS)
    SRAM estimate (K) = K x KEY_BITS x SRAM_UM2_PER_BIT   the whole table as an SRAM array
    added power (K)   = power(K) - power(1), per activity mode (results carry one row per mode)

Read latency: a key ID costs the engine no cycle (designs/README.md, xts_mk), so its effect is the clock: the
latency in ns = cycles x 1000 / fmax. The SRAM figure is a commercial-density 45 nm one set beside FreePDK45
FlexLib cells, which are several times larger: the ratio flatters SRAM by that factor (feasibility.sram).
"""

from __future__ import annotations

import pandas as pd

from ..catalog import AREA, FLOPS, FMAX, POWER, READ_LATENCY, READ_LATENCY_HINTED
from ..errors import InputError
from .sram import sram_area_um2

KEYS_COLUMN = "param_KEYS"
KEY_BITS_COLUMN = "param_KEY_BITS"


def table_bits(entries: int, key_bits: int) -> int:
    """Bits a table of `entries` keys of `key_bits` each stores."""
    if entries < 1 or key_bits < 1:
        raise InputError(f"a key table needs at least one entry and one bit, got {entries} x {key_bits}")
    return entries * key_bits


def key_table(results: pd.DataFrame) -> pd.DataFrame:
    """One row per configuration of a KEYS sweep (the ok rows of one design; every other parameter and the clock
    grouped on), KEYS ascending, with the table's bits, added area, share, added flip-flops, area per added bit,
    SRAM estimate, power and read latency in cycles and ns. Each group needs its KEYS = 1 row as the baseline."""
    missing = [c for c in (KEYS_COLUMN, KEY_BITS_COLUMN, AREA, FLOPS, FMAX, READ_LATENCY) if c not in results]
    if missing:
        raise InputError(f"key table: the results lack {', '.join(missing)} (a sweep over KEYS of a multikey engine)")
    fixed = [c for c in results.columns if c.startswith("param_") and c != KEYS_COLUMN and results[c].nunique() > 1]
    fixed += [c for c in ("design", "pdk", "corner", "clock_mhz", "activity", "activity_mode") if c in results]
    rows = []
    for _, group in results.groupby(fixed, dropna=False, sort=True):
        base = group[group[KEYS_COLUMN] == 1]
        if base.empty:
            raise InputError("key table: a configuration lacks its KEYS = 1 row (the one-entry baseline)")
        base = base.iloc[0]
        for _, r in group.sort_values(KEYS_COLUMN).iterrows():
            keys, key_bits = int(r[KEYS_COLUMN]), int(r[KEY_BITS_COLUMN])
            added = r[AREA] - base[AREA]
            added_bits = (keys - 1) * key_bits
            row = {c: r[c] for c in fixed}
            row.update({
                "keys": keys, "key_bits": key_bits, "table_bits": table_bits(keys, key_bits),
                "area_um2": r[AREA], "added_area_um2": added, "table_share": added / r[AREA],
                "flops": r[FLOPS], "added_flops": r[FLOPS] - base[FLOPS],
                "um2_per_added_bit": added / added_bits if added_bits else float("nan"),
                "sram_estimate_um2": sram_area_um2(table_bits(keys, key_bits)),
                "fmax_mhz": r[FMAX], "read_latency_cycles": r[READ_LATENCY],
                "read_latency_ns": r[READ_LATENCY] * 1000.0 / r[FMAX],
            })
            if POWER in r:
                row["power_mw"] = r[POWER] * 1e3
                row["added_power_mw"] = (r[POWER] - base[POWER]) * 1e3
            if READ_LATENCY_HINTED in r:
                row["read_latency_hinted_cycles"] = r[READ_LATENCY_HINTED]
                row["read_latency_hinted_ns"] = r[READ_LATENCY_HINTED] * 1000.0 / r[FMAX]
            rows.append(row)
    return pd.DataFrame(rows)
