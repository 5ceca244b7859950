"""The core-baseline summary table: -O2 and the best -O level per core x firmware x key, from known rows."""

import math

import pandas as pd
import pytest

from cryptoppa.baselines import cores

BASE = {"core": "rv32_mc", "zk": 0, "variant": "table", "status": "ok", "clock_mhz": 100.0, "pdk": "freepdk45",
        "synth__design__instance__area__stdcell": 8.0e4, "memory__sram__area__estimate": 1.5e5}


def _rows(key: int, opt: str, line_cpb: float) -> list[dict]:
    common = {**BASE, "key_bits": key, "opt": opt, "option": f"rv32_mc ZK=0 table {opt} AES-{key}"}
    return [{**common, "alg": "gcm", "bytes": 64, "cycles_per_byte": line_cpb, "cycles": line_cpb * 64,
             "instructions_per_byte": line_cpb / 3},
            {**common, "alg": "cbc", "bytes": 1024, "cycles_per_byte": 250.0, "cycles": 256000,
             "instructions_per_byte": 80.0}]


def test_summary_picks_o2_and_the_best_level(tmp_path):
    rows = _rows(128, "-O2", 900.0) + _rows(128, "-O3", 800.0) + _rows(192, "-O2", 950.0) + _rows(256, "-O2", 990.0)
    rows.append({**rows[0], "opt": "-O0", "cycles_per_byte": 10.0, "status": "failed"})  # failed rows never win
    table = cores.summary(pd.DataFrame(rows))
    assert list(zip(table["AES"], table["-O"])) == [(128, "-O2"), (128, "best (-O3)"), (256, "-O2")]
    assert table["GCM 64 B cycles/B"].tolist() == [900.0, 800.0, 990.0]
    assert table["CBC 1 KB cycles/page"].tolist() == [256000] * 3
    assert all(math.isnan(v) for v in table["GCM 16 KB cycles/B"])  # not measured: NaN, not zero
    assert table["SRAM est. mm2"].tolist() == pytest.approx([0.15] * 3)
    text = cores.write_summary(tmp_path, pd.DataFrame(rows)).read_text()
    assert "| rv32_mc ZK=0 | table" in text and "NOT included in synth__design__instance__area__stdcell" in text
