"""Host CPU baseline: real `openssl speed` runs, short ones."""

import json

import pytest

from cryptoppa.baselines import host
from cryptoppa.errors import CryptoppaError
from support import run_cli


def test_masks_change_the_speed_and_cycles_follow_the_clock(tmp_path):
    frame = host.measure(tmp_path, feature_sets=("all", "table"), gcm_bytes=(16384,), cbc_bytes=(4096,),
                         seconds=1, cpu_mhz=1000.0)
    assert len(frame) == 4 and set(frame.alg) == {"aes-128-gcm", "aes-128-cbc"}
    # cycles/byte is the stated clock over the measured rate, nothing else.
    assert (frame.perf__cycles_per_byte * frame.bytes_per_s).round(0).eq(1e9).all()
    # how busy the machine was is recorded beside each rate (a shared machine reads slower)
    assert (frame.load_average_1min >= 0).all() and (frame.cpus >= 1).all()
    meta = json.loads((tmp_path / "host.json").read_text())
    assert meta["host"]["cpu_mhz_source"] == "given on the command line"
    if "aes" not in meta["host"]["cpu_flags"]:
        pytest.skip("this CPU has no AES-NI: the table mask cannot make a difference")
    gcm = frame[frame.alg == "aes-128-gcm"].set_index("feature_set").bytes_per_s
    assert gcm["all"] > 2 * gcm["table"], "masking AES-NI did not slow OpenSSL down: the mask was ignored"
    assert meta["mask_checks"]["table"].startswith("ok")
    assert (tmp_path / "host_baseline.parquet").is_file()


def test_bad_feature_set_and_key_size(tmp_path):
    with pytest.raises(CryptoppaError, match="unknown feature set 'avx9'"):
        host.measure(tmp_path, feature_sets=("avx9",))
    with pytest.raises(CryptoppaError, match="128, 192 or 256"):
        host.measure(tmp_path, key_bits=512)


def test_cli_prints_cycles_per_byte(tmp_path):
    done = run_cli("host-baseline", "--out", tmp_path / "h", "--features", "all", "--seconds", "1")
    assert done.returncode == 0, done.stderr
    assert "cycles per byte" in done.stdout and "aes-128-gcm" in done.stdout
    bad = run_cli("host-baseline", "--out", tmp_path / "h", "--features", "all,turbo")
    assert bad.returncode != 0 and "unknown feature set 'turbo'" in bad.stderr
