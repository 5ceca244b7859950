"""A multi-key engine's key table (cryptoppa.feasibility.key_table) against values computed by hand."""

import math

import pandas as pd
import pytest

from cryptoppa.errors import InputError
from cryptoppa.feasibility.key_table import key_table, table_bits
from cryptoppa.feasibility.sram import SRAM_UM2_PER_BIT


def _row(keys, area, flops, fmax, latency=51, key_bits=256, lanes=1):
    return {"design": "xts_mk", "pdk": "freepdk45_char", "corner": "nom", "clock_mhz": 225.0,
            "activity": 0.1, "activity_mode": "vectorless", "param_KEYS": keys, "param_KEY_BITS": key_bits, "param_LANES": lanes,
            "synth__design__instance__area__stdcell": area, "synth__design__instance__count__sequential": flops,
            "timing__fmax__mhz": fmax, "perf__read_latency_cycles": latency, "power__total": area * 1e-9,
            "perf__read_latency_hinted_cycles": latency - 9}


def test_bits_are_entries_times_key_bits():
    assert table_bits(64, 256) == 16384
    with pytest.raises(InputError):
        table_bits(0, 256)


def test_added_area_share_and_sram_against_the_one_entry_engine():
    rows = pd.DataFrame([_row(16, 500_000.0, 5040, 800.0), _row(1, 400_000.0, 1200, 1000.0)])
    t = key_table(rows)
    assert list(t["keys"]) == [1, 16]
    k16 = t.iloc[1]
    assert k16["table_bits"] == 4096
    assert k16["added_area_um2"] == 100_000.0 and k16["table_share"] == pytest.approx(0.2)
    assert k16["added_flops"] == 3840 == 15 * 256  # the table is what grew
    assert k16["um2_per_added_bit"] == pytest.approx(100_000.0 / 3840)
    assert k16["sram_estimate_um2"] == 4096 * SRAM_UM2_PER_BIT
    assert k16["added_power_mw"] == pytest.approx(0.1)
    # no cycle for a key ID: the clock carries the effect; 51 cycles at 800 MHz
    assert k16["read_latency_ns"] == pytest.approx(63.75) and k16["read_latency_hinted_ns"] == pytest.approx(52.5)
    one = t.iloc[0]
    assert one["added_area_um2"] == 0 and math.isnan(one["um2_per_added_bit"])


def test_each_activity_mode_has_its_own_power_baseline():
    idle = [{**_row(1, 400_000.0, 1200, 1000.0), "activity_mode": "sim:idle", "power__total": 0.01},
            {**_row(16, 500_000.0, 5040, 800.0), "activity_mode": "sim:idle", "power__total": 0.03}]
    rows = pd.DataFrame([_row(1, 400_000.0, 1200, 1000.0), _row(16, 500_000.0, 5040, 800.0), *idle])
    t = key_table(rows).set_index(["activity_mode", "keys"])
    assert t.loc[("sim:idle", 16), "added_power_mw"] == pytest.approx(20.0)
    assert t.loc[("vectorless", 16), "added_power_mw"] == pytest.approx(0.1)


def test_each_configuration_against_its_own_baseline_and_a_missing_one_is_named():
    rows = pd.DataFrame([_row(1, 400_000.0, 1200, 1000.0), _row(16, 500_000.0, 5040, 800.0),
                         _row(1, 700_000.0, 1800, 900.0, lanes=2), _row(16, 850_000.0, 5640, 700.0, lanes=2)])
    t = key_table(rows).set_index(["param_LANES", "keys"])
    assert t.loc[(2, 16), "added_area_um2"] == 150_000.0 and t.loc[(1, 16), "added_area_um2"] == 100_000.0
    with pytest.raises(InputError, match="KEYS = 1"):
        key_table(rows[rows["param_KEYS"] == 16])
    with pytest.raises(InputError, match="param_KEYS"):
        key_table(rows.drop(columns=["param_KEYS"]))
