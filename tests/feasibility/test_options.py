"""Implementation options: per-instance arithmetic on known rows, and the CLI over real folders."""

import math

import pandas as pd
import pytest

from cryptoppa.errors import CryptoppaError
from cryptoppa.report import options
from support import run_cli

ENGINE = {
    "label": "toy N=1", "design": "toy", "n": 1, "status": "ok", "clock_mhz": 200.0, "timing__fmax__mhz": 400.0,
    "perf__cycles_per_line": 64.0, "perf__line_bytes": 64, "synth__design__instance__area__stdcell": 2.0e5,
    "power__internal__total": 0.010, "power__switching__total": 0.006, "power__leakage__total": 0.004,
    "power__total": 0.020, "run_dir": "runs/toy",
}


def test_engine_at_target_and_fmax():
    rows = pd.DataFrame([ENGINE, {**ENGINE, "n": 2, "label": "toy N=2"}, {**ENGINE, "status": "failed"}])
    table = options.engine_options(rows, "here").set_index("basis")
    assert len(table) == 2  # only the finished N=1 row, at two clocks
    assert table.loc["target", "gbps"] == pytest.approx(200e6 / 64 * 512 / 1e9)
    assert table.loc["fmax", "gbps"] == pytest.approx(2 * table.loc["target", "gbps"])
    assert table.loc["target", "power_mw"] == pytest.approx(20.0)
    assert table.loc["fmax", "power_mw"] == pytest.approx(4.0 + 16.0 * 2)  # leakage stays, dynamic doubles
    needed = options.instances_for(table.reset_index(), 25.6e9 * 8)
    assert list(needed["instances"]) == [128, 64]
    assert needed["total_area_mm2"].tolist() == pytest.approx([128 * 0.2, 64 * 0.2])


def test_host_option_from_baseline_table(tmp_path):
    pd.DataFrame([{"option": "host:aesni", "alg": "aes-128-gcm", "bytes": 64, "cpu_model": "cpu",
                   "cpu_mhz": 2000.0, "perf__cycles_per_byte": 16.0}]).to_parquet(tmp_path / options.HOST_TABLE)
    row = options.host_options(tmp_path).iloc[0]
    assert row["gbps"] == pytest.approx(2e9 / 16 * 8 / 1e9)
    assert math.isnan(row["area_mm2"]) and "not measured" in row["note"]
    with pytest.raises(CryptoppaError, match="no aes-128-gcm row for 32-byte"):
        options.host_options(tmp_path, line_bytes=32)
    with pytest.raises(CryptoppaError, match="core-baseline"):
        options.core_options(tmp_path)


def test_cli_options_table(tmp_path):
    folder = tmp_path / "res"
    folder.mkdir()
    pd.DataFrame([ENGINE]).to_parquet(folder / "results.parquet")
    done = run_cli("feasibility", "--bandwidth", "25.6GB/s", "--results", folder)
    assert done.returncode == 0, done.stderr
    assert "toy N=1" in done.stdout and "128" in done.stdout and "dispatcher" in done.stdout


CORE = {"option": "rv32_mc ZK=0 table -O2 AES-128", "alg": "gcm", "bytes": 64, "status": "ok",
        "cycles_per_byte": 800.0, "clock_mhz": 100.0, "timing__fmax__mhz": 200.0,
        "synth__design__instance__area__stdcell": 1.0e5, "power__internal__total": 0.002,
        "power__switching__total": 0.001, "power__leakage__total": 0.001, "power__total": 0.004}


def test_core_option_shows_the_sram_estimate_beside_the_core(tmp_path):
    pd.DataFrame([{**CORE, "memory__sram__area__estimate": 3.0e5}]).to_parquet(tmp_path / options.CORE_TABLE)
    table = options.core_options(tmp_path).set_index("basis")
    target = table.loc["target"]
    assert target["area_mm2"] == pytest.approx(0.1)  # the core alone, as synthesized
    assert target["area_with_sram_mm2"] == pytest.approx(0.4)
    assert "SRAM estimate 0.300 mm2" in target["note"] and "= 0.400 mm2" in target["note"]
    needed = options.instances_for(table.reset_index(), 1e9)
    assert needed["gbps_per_mm2_with_sram"].tolist() == pytest.approx((needed["gbps_per_mm2"] / 4).tolist())
    # A table from before the estimate: no number is made up, and the note says the memories are left out.
    pd.DataFrame([CORE]).to_parquet(tmp_path / options.CORE_TABLE)
    old = options.core_options(tmp_path).iloc[0]
    assert math.isnan(old["area_with_sram_mm2"]) and "memories excluded" in old["note"]
