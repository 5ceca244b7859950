"""rv32_mc against qemu: every test program in designs/cores/tests/ and random instruction streams must print
exactly the same UART text on the Verilated core as on qemu-system-riscv32; plus halting and harness errors."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from core_support import PROGS, ZK_PROGRAMS, build_elf, random_program
from cryptoppa.errors import CryptoppaError
from cryptoppa.sim.core_sim import run_core
from cryptoppa.sim.qemu import run_qemu

pytestmark = [
    pytest.mark.eda,
    pytest.mark.skipif(shutil.which("riscv64-unknown-elf-gcc") is None or shutil.which("qemu-system-riscv32") is None,
                       reason="needs riscv64-unknown-elf-gcc and qemu-system-riscv32"),
]
CORE = "rv32_mc"
BASE_PROGRAMS = ["alu", "branch", "mem", "csr"]


@pytest.fixture(scope="session")
def core_work(tmp_path_factory):
    return tmp_path_factory.mktemp("corework")


def _compare(elf: Path, work: Path, zk: bool, params: dict[str, int]):
    ref = run_qemu(elf, work / f"{elf.stem}.qemu.log", crypto=zk)
    got = run_core(CORE, elf, work, params=params, max_cycles=2_000_000)
    assert ref.exit_code == 0 and "DONE" in ref.uart
    assert got.exit_code == ref.exit_code
    assert got.uart == ref.uart
    return got


PROGRAM_CASES = [(p, zk) for p in BASE_PROGRAMS for zk in (0, 1)] + [(p, 1) for p in sorted(ZK_PROGRAMS)]


@pytest.mark.parametrize("prog,zk", PROGRAM_CASES)
def test_program_matches_qemu(prog, zk, core_work, tmp_path):
    elf = build_elf(PROGS / f"{prog}.S", tmp_path / f"{prog}.elf", zk=prog in ZK_PROGRAMS)
    _compare(elf, core_work, bool(zk), {"ZK": zk})


@pytest.mark.parametrize("zk", [0, 1])
def test_random_stream_matches_qemu(zk, core_work, tmp_path):
    seed = int.from_bytes(os.urandom(4), "little")
    src = tmp_path / f"rand_{seed}.S"
    src.write_text(random_program(seed, 400, zk=bool(zk)))
    elf = build_elf(src, tmp_path / "rand.elf", zk=bool(zk))
    _compare(elf, core_work, bool(zk), {"ZK": zk})


# cpi.S blocks in DUMP order (s0/s1, s2/s3, ... s10/s11): instructions and rv32_mc's cycles per instruction
# (2 for fetch with its wait cycle, 1 for execute, +1 for a data access or a taken branch's target).
CPI_BLOCKS = [("alu", 32, 3), ("load", 16, 4), ("store", 16, 4), ("taken", 16, 4), ("not_taken", 16, 3),
              ("jal", 16, 3)]
SREGS = [8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]


def test_cpi(core_work, tmp_path):
    elf = build_elf(PROGS / "cpi.S", tmp_path / "cpi.elf")
    res = run_core(CORE, elf, core_work, params={"ZK": 0})
    regs = [int(w, 16) for w in res.uart.split("DONE")[0].replace("R", " ").split()]
    for i, (name, n, cpi) in enumerate(CPI_BLOCKS):
        cycles, instret = regs[SREGS[2 * i] - 1], regs[SREGS[2 * i + 1] - 1]
        assert instret == n + 2, name
        assert cycles == 2 * 3 + n * cpi, name  # the two counter reads are ALU-class instructions


@pytest.mark.parametrize("zk,prog", [(0, "halt"), (0, "zk")])
def test_halt_is_reported(zk, prog, core_work, tmp_path):
    """ecall halts the core; with ZK=0 a crypto instruction is illegal and halts it too."""
    elf = build_elf(PROGS / f"{prog}.S", tmp_path / f"{prog}.elf", zk=prog in ZK_PROGRAMS)
    with pytest.raises(CryptoppaError, match="stopped making requests"):
        run_core(CORE, elf, core_work, params={"ZK": zk})


def test_timeout_is_reported(core_work, tmp_path):
    elf = build_elf(PROGS / "alu.S", tmp_path / "alu.elf")
    with pytest.raises(CryptoppaError, match="max_cycles=500"):
        run_core(CORE, elf, core_work, params={"ZK": 0}, max_cycles=500)


def test_bad_inputs(core_work, tmp_path):
    with pytest.raises(CryptoppaError, match="interface 'block'; expected 'core'"):
        run_core("counter", tmp_path / "x.elf", core_work)
    with pytest.raises(CryptoppaError, match="ZK=2 not allowed"):
        run_core(CORE, tmp_path / "x.elf", core_work, params={"ZK": 2})
    with pytest.raises(CryptoppaError, match="does not exist"):
        run_core(CORE, tmp_path / "missing.elf", core_work)


@pytest.mark.parametrize("impl,zk", [("table", 0), ("zk", 1)])
def test_benchmark_firmware(impl, zk, core_work, tmp_path):
    """The AES-GCM firmware of designs/sw/ on the core: results equal `cryptography` and qemu's (counters aside)."""
    from cryptoppa.sw import build_firmware, check_results, parse_results

    elf = build_firmware(impl, key_bits=128, opt="-O2", march="rv32i", long_bytes=0, cbc_bytes=(), out_dir=tmp_path)
    got = run_core(CORE, elf, core_work, params={"ZK": zk})
    assert got.exit_code == 0
    check_results(parse_results(got.uart))
    ref = run_qemu(elf, tmp_path / "qemu.log", crypto=bool(zk))
    strip = lambda text: [ln.split(" cycles=")[0] for ln in text.splitlines()]  # noqa: E731
    assert strip(got.uart) == strip(ref.uart)
