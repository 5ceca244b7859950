"""Software beside the engines (answers.software), per-instance arithmetic on known rows; and the feasibility command
answering from a results folder."""

import pandas as pd
import pytest

from cryptoppa.answers.question import Question
from cryptoppa.answers.software import CORE_TABLE, HOST_TABLE, core_options, host_options
from cryptoppa.errors import CryptoppaError
from support import run_cli

ENGINE = {
    "label": "gcm_iter N=1", "design": "gcm_iter", "n": 1, "status": "ok", "pdk": "freepdk45_char", "corner": "nom",
    "clock_mhz": 200.0, "activity": 0.1, "timing__fmax__mhz": 400.0, "perf__cycles_per_line": 64.0,
    "perf__line_bytes": 64, "synth__design__instance__area__stdcell": 2.0e5, "power__internal__total": 0.010,
    "power__switching__total": 0.006, "power__leakage__total": 0.004, "power__total": 0.020,
}
CORE = {"option": "rv32_mc ZK=0 table -O2 AES-128", "alg": "gcm", "bytes": 64, "status": "ok",
        "cycles_per_byte": 800.0, "clock_mhz": 100.0, "timing__fmax__mhz": 200.0,
        "synth__design__instance__area__stdcell": 1.0e5, "power__internal__total": 0.002,
        "power__switching__total": 0.001, "power__leakage__total": 0.001, "power__total": 0.004}


def test_core_at_the_questions_clock_with_its_sram_beside_it(tmp_path):
    pd.DataFrame([{**CORE, "memory__sram__area__estimate": 3.0e5}]).to_parquet(tmp_path / CORE_TABLE)
    (core,) = core_options(tmp_path, Question("25.6GB/s", clock="fmax"), "freepdk45_char/nom")
    f = core.figures
    assert f["throughput"].value == pytest.approx(200e6 / 800 * 8 / 1e9)  # at its own fmax
    assert f["power"].value == pytest.approx(1.0 + 3.0 * 2)  # leakage stays, dynamic doubles from 100 to 200 MHz
    assert f["core area"].value == pytest.approx(0.1) and f["code and data SRAM, estimate"].value == pytest.approx(0.3)
    assert f["instances"].value == 25.6e9 * 8 // (200e6 / 800 * 8)
    (slow,) = core_options(tmp_path, Question("25.6GB/s", clock=300.0), "freepdk45_char/nom")
    assert slow.refused and "above its synthesis fmax of 200 MHz" in slow.refused.reason


def test_host_option_from_baseline_table(tmp_path):
    pd.DataFrame([{"option": "host:aesni", "alg": "aes-128-gcm", "bytes": 64, "cpu_model": "cpu",
                   "cpu_mhz": 2000.0, "perf__cycles_per_byte": 16.0}]).to_parquet(tmp_path / HOST_TABLE)
    (host,) = host_options(tmp_path, Question("25.6GB/s"))
    assert host.figures["throughput"].value == pytest.approx(2e9 / 16 * 8 / 1e9)
    assert "core area" not in host.figures and "power" not in host.figures  # not measured: no number
    assert host_options(tmp_path, Question("25.6GB/s"), line_bytes=32) == []
    with pytest.raises(CryptoppaError, match="core-baseline"):
        core_options(tmp_path, Question("25.6GB/s"), "x")


def test_cli_answers_from_a_results_folder(tmp_path):
    folder = tmp_path / "res"
    folder.mkdir()
    pd.DataFrame([ENGINE]).to_parquet(folder / "results.parquet")
    done = run_cli("feasibility", "--bandwidth", "25.6GB/s", "--results", folder, "--clock", "study")
    assert done.returncode == 0, done.stderr
    # 204.8 Gb/s × (1 + 1/3 tag traffic) / (225 MHz × 512 bits / 64 cycles) = 151.7 -> 152 engines; uncached: 266
    assert "gcm-tag" in done.stdout and " 152–266 " in done.stdout
    assert all(len(line) <= 120 for line in done.stdout.splitlines()) and len(done.stdout.splitlines()) <= 15
