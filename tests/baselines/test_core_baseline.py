"""core-baseline on the CI subset: one core, one firmware, one key size, the 64-byte line only."""

from pathlib import Path

import pandas as pd
import pytest

from cryptoppa.baselines import cores
from cryptoppa.errors import CryptoppaError
from cryptoppa.answers.question import Question
from cryptoppa.answers.software import core_options
from support import run_cli

pytestmark = pytest.mark.eda


def test_ci_subset_measures_checks_and_characterizes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = Path("cores")  # relative, as `--out results/cores` gives it: every tool runs in its own folder
    table = cores.measure(out, cores.CoreMatrix(), tmp_path / "cache")
    row = table.iloc[0]
    assert len(table) == 1 and row["status"] == "ok", row.get("error")
    assert (row["alg"], row["bytes"], row["core"], row["zk"]) == ("gcm", 64, "rv32_mc", 0)
    # The multi-cycle core needs several cycles per instruction; per byte it is software-slow.
    assert 1 < row["cpi"] < 10 and row["cycles_per_byte"] > 50
    assert row["synth__design__instance__area__stdcell"] > 0 and row["power__total"] > 0
    assert row["ppa_status"] in ("ok", "cached")
    # Memories: reported beside the core (an estimate from the firmware's sections), never inside its area.
    assert row["memory__code__bytes"] > 1000 and row["memory__data__bytes"] > row["memory__stack__bytes"] == 8192
    assert row["memory__sram__area__estimate"] == (row["memory__code__bytes"] + row["memory__data__bytes"]) * 8 * 0.5
    assert row[cores.TOTAL_AREA] == row["synth__design__instance__area__stdcell"] + row["memory__sram__area__estimate"]
    assert "NOT included" in row["memory_note"]
    (option,) = core_options(out, Question("25.6GB/s", clock=100.0), "freepdk45_char/nom")
    assert option.figures["throughput"].value == pytest.approx(100e6 * 8 / row["cycles_per_byte"] / 1e9)
    assert option.figures["core area"].value + option.figures["code and data SRAM, estimate"].value == \
        pytest.approx(row[cores.TOTAL_AREA] / 1e6)
    # A rerun skips the finished configuration and keeps one row per identity.
    seen = []
    again = cores.measure(out, cores.CoreMatrix(), tmp_path / "cache", progress=lambda n, done: seen.append(done))
    assert seen == ["rv32_mc ZK=0 table -O2 AES-128 (done before)"]
    assert len(again) == 1 and pd.read_csv(out / "core_baseline.csv").shape[0] == 1


def test_matrix_rejects_unknown_names():
    with pytest.raises(CryptoppaError, match="unknown core 'rv64'"):
        cores.CoreMatrix(cores=("rv64",))
    with pytest.raises(CryptoppaError, match="unknown firmware variant 'fast'"):
        cores.CoreMatrix(variants=("fast",))
    with pytest.raises(CryptoppaError, match="unknown optimization level '-O9'"):
        cores.CoreMatrix(opts=("-O9",))
    with pytest.raises(CryptoppaError, match="CBC page size 1000"):
        cores.CoreMatrix(cbc_bytes=(1000,))
    full = cores.CoreMatrix.full()
    assert ("rv32_pipe", 1, "zk", 256, "-Os") in set(full.runs())


def test_cli_takes_cbc_pages_and_names_bad_sizes(tmp_path):
    bad = run_cli("core-baseline", "--out", tmp_path / "c", "--cbc-bytes", "1k")
    assert bad.returncode == 2 and "--cbc-bytes '1k': expected comma-separated, each an AES-CBC page" in bad.stderr
    odd = run_cli("core-baseline", "--out", tmp_path / "c", "--cbc-bytes", "1024,1000")
    assert odd.returncode == 2 and "--cbc-bytes '1000'" in odd.stderr and "in steps of 16" in odd.stderr
