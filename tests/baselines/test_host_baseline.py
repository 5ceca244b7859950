"""Host CPU baseline: real `openssl speed` runs, short ones, and the clock measured beside them."""

import json
import platform

import pandas as pd
import pytest

from cryptoppa.answers.question import Question
from cryptoppa.answers.software import HOST_TABLE, host_options
from cryptoppa.baselines import cpuclock, host
from cryptoppa.errors import CryptoppaError
from support import run_cli

X86 = platform.machine() in ("x86_64", "AMD64")


@pytest.mark.skipif(not X86, reason="the add chain is x86-64 machine code")
def test_the_clock_is_measured_and_instruction_latencies_come_out_whole():
    counter = cpuclock.Counter(tuple(host._cpuinfo().get("flags", "").split()))
    try:
        mhz = [counter.mhz() for _ in range(3)]
        aes = counter.aes_round_cycles()
    finally:
        counter.close()
    # A real core's clock, steady within a few per cent from one burst to the next.
    assert 500 < min(mhz) and max(mhz) < 7000 and max(mhz) / min(mhz) < 1.1, mhz
    if aes is not None:  # AESENC's latency is a whole number of cycles (4 on current cores): within the chains' noise
        assert abs(aes - round(aes)) < 0.25 and 1 <= round(aes) <= 8, aes


def test_rates_need_no_clock_and_cycles_follow_the_measured_one(tmp_path):
    frame = host.measure(tmp_path, feature_sets=("all", "table"), gcm_bytes=(16384,), cbc_bytes=(4096,),
                         seconds=1, repeats=2)
    assert len(frame) == 4 and set(frame.alg) == {"aes-128-gcm", "aes-128-cbc"}
    # ns per byte is the rate alone; the runs' spread brackets the median.
    assert (frame.ns_per_byte * frame.bytes_per_s).round(0).eq(1e9).all()
    assert (frame.ns_per_byte_low <= frame.ns_per_byte).all() and (frame.ns_per_byte <= frame.ns_per_byte_high).all()
    assert (frame.repeats == 2).all()
    # cycles per byte is the row's clock times its ns per byte, nothing else.
    assert (frame.perf__cycles_per_byte - frame.ns_per_byte * frame.cpu_mhz / 1e3).abs().max() < 1e-9
    # how busy the machine was is recorded beside each rate (a shared machine reads slower)
    assert (frame.load_average_1min >= 0).all() and (frame.cpus >= 1).all()
    meta = json.loads((tmp_path / "host.json").read_text())
    if X86:
        assert set(frame.clock_basis) == {"measured"}
        assert (frame.cpu_mhz_measured_low <= frame.cpu_mhz).all() and (frame.cpu_mhz <= frame.cpu_mhz_measured_high).all()
        assert meta["clock"]["basis"] == "measured" and "dependent" in meta["clock"]["method"]
    if "aes" not in meta["host"]["cpu_flags"]:
        pytest.skip("this CPU has no AES-NI: the table mask cannot make a difference")
    gcm = frame[frame.alg == "aes-128-gcm"].set_index("feature_set").bytes_per_s
    assert gcm["all"] > 2 * gcm["table"], "masking AES-NI did not slow OpenSSL down: the mask was ignored"
    assert meta["mask_checks"]["table"].startswith("ok")
    # AES-NI CBC runs its rounds one after another: at the measured clock a block takes at least rounds x latency.
    assert meta["clock"]["checks"]["cbc_floor"].endswith("consistent"), meta["clock"]["checks"]
    assert (tmp_path / "host_baseline.parquet").is_file()


def test_a_given_clock_counts_the_cycles(tmp_path):
    frame = host.measure(tmp_path, feature_sets=("all",), gcm_bytes=(64,), cbc_bytes=(), seconds=1, repeats=1,
                         cpu_mhz=1000.0)
    assert (frame.perf__cycles_per_byte * frame.bytes_per_s).round(0).eq(1e9).all()
    assert set(frame.clock_basis) == {"given"}


def _rows(ns: dict[str, tuple[float, float, float]]) -> pd.DataFrame:
    return pd.DataFrame([{"alg": "aes-128-gcm", "bytes": 64, "feature_set": f, "ns_per_byte": mid,
                          "ns_per_byte_low": low, "ns_per_byte_high": high, "repeats": 3}
                         for f, (low, mid, high) in ns.items()])


@pytest.mark.parametrize("ns, verdict", [
    ({"all": (5.6, 5.7, 5.8), "aesni": (5.1, 5.2, 5.3), "no-movbe": (5.0, 5.2, 5.4)}, "avx-movbe code"),
    ({"all": (5.6, 5.7, 5.8), "aesni": (5.1, 5.2, 5.3), "no-movbe": (5.5, 5.7, 5.9)}, "unexplained"),
    ({"all": (5.6, 5.7, 5.8), "aesni": (5.1, 5.2, 5.3)}, "unexplained"),
    ({"all": (5.2, 5.4, 5.8), "aesni": (5.1, 5.2, 5.3), "no-movbe": (5.0, 5.2, 5.4)}, "within spread"),
    ({"all": (4.6, 4.7, 4.8), "aesni": (5.1, 5.2, 5.3)}, "faster"),
])
def test_every_feature_against_aesni_on_short_messages_is_judged_by_the_runs_spread(ns, verdict):
    found = host.short_gcm(_rows(ns))
    assert found.verdict == verdict and found.all_over_aesni == pytest.approx(ns["all"][1] / ns["aesni"][1])
    assert found.fastest_long == (verdict == "faster")  # the only size here is the longest
    assert host.short_gcm(_rows(ns).drop(columns="ns_per_byte_low")) is None  # no spread: no judgement


def test_bad_feature_set_and_key_size(tmp_path):
    with pytest.raises(CryptoppaError, match="unknown feature set 'avx9'"):
        host.measure(tmp_path, feature_sets=("avx9",))
    with pytest.raises(CryptoppaError, match="128, 192 or 256"):
        host.measure(tmp_path, key_bits=512)


def test_cli_prints_ns_and_cycles_per_byte(tmp_path):
    done = run_cli("host-baseline", "--out", tmp_path / "h", "--features", "all", "--seconds", "1", "--repeats", "1")
    assert done.returncode == 0, done.stderr
    assert "ns per byte" in done.stdout and "cycles per byte" in done.stdout and "aes-128-gcm" in done.stdout
    bad = run_cli("host-baseline", "--out", tmp_path / "h", "--features", "all,turbo")
    assert bad.returncode != 0 and "unknown feature set 'turbo'" in bad.stderr


def test_the_host_options_carry_ns_per_byte_the_runs_spread_and_the_reason(tmp_path):
    rows = _rows({"all": (5.6, 5.7, 5.8), "aesni": (5.1, 5.2, 5.3), "no-movbe": (5.0, 5.2, 5.4)})
    rows = rows.assign(option="host:" + rows.feature_set, cpu_model="cpu", cpu_mhz=3600.0, clock_basis="measured",
                       bytes_per_s=1e9 / rows.ns_per_byte, perf__cycles_per_byte=rows.ns_per_byte * 3.6)
    rows.to_parquet(tmp_path / HOST_TABLE)
    options = {o.name: o for o in host_options(tmp_path, Question("25.6GB/s"))}
    every = options["host:all (cpu)"]
    assert every.figures["ns per byte"].value == pytest.approx(5.7)  # 8 bits over Gb/s: the rate, no clock
    assert every.figures["ns per byte, fastest run"].value == 5.6 and every.figures["ns per byte, slowest run"].value == 5.8
    assert "3600 MHz measured" in every.figures["cycles per byte"].on.clock
    assert "MOVBE" in every.note and not options["host:aesni (cpu)"].note
