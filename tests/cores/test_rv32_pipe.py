"""rv32_pipe against qemu: the shared core test programs, the M-extension and hazard programs
(designs/cores/tests/m_*.S, hazard.S) and random instruction streams must print exactly the same UART
text on the Verilated pipeline as on qemu-system-riscv32; instret must count exactly as qemu does, and
the pipeline must reach the CPI its memory model allows."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from core_support import PROGS, ZK_PROGRAMS, build_elf, random_program
from cryptoppa.errors import CryptoppaError
from cryptoppa.sim.core_sim import run_core
from cryptoppa.sim.qemu import run_qemu
from test_rv32_mc import BASE_PROGRAMS

pytestmark = [
    pytest.mark.eda,
    pytest.mark.skipif(shutil.which("riscv64-unknown-elf-gcc") is None or shutil.which("qemu-system-riscv32") is None,
                       reason="needs riscv64-unknown-elf-gcc and qemu-system-riscv32"),
]
CORE = "rv32_pipe"
PIPE_PROGRAMS = ["m_mul", "m_div", "hazard"]

# A load/ALU/branch loop (xorshift32 fill of a buffer, then a rotate-xor-add hash with a data-dependent
# branch), timed with the counters. Prints the hash, instret and cycles of the timed part.
CPI_WORKLOAD = """#include "test.h"
  .text
  .globl main
main:
  la   s0, buf
  li   t0, 0x2545f491
  rdcycle s8
  rdinstret s9
  mv   t1, s0
  li   t2, 256
1:slli t3, t0, 13
  xor  t0, t0, t3
  srli t3, t0, 17
  xor  t0, t0, t3
  slli t3, t0, 5
  xor  t0, t0, t3
  sw   t0, 0(t1)
  addi t1, t1, 4
  addi t2, t2, -1
  bnez t2, 1b
  li   a5, 0x811c9dc5
  mv   t1, s0
  li   t2, 256
2:lw   t3, 0(t1)
  xor  a5, a5, t3
  slli t4, a5, 7
  srli t5, a5, 25
  or   a5, t4, t5
  add  a5, a5, t3
  andi t6, t3, 1
  beqz t6, 3f
  xori a5, a5, 0x5a
3:addi t1, t1, 4
  addi t2, t2, -1
  bnez t2, 2b
  rdinstret s11
  rdcycle s10
  sub  s10, s10, s8
  sub  s11, s11, s9
  mv   a0, a5
  call puthex
  mv   a0, s11
  call puthex
  mv   a0, s10
  call puthex
  j    finish
  .bss
  .balign 4
buf: .space 1024
"""


@pytest.fixture(scope="session")
def core_work(tmp_path_factory):
    return tmp_path_factory.mktemp("pipework")


def _compare(elf: Path, work: Path, zk: int):
    ref = run_qemu(elf, work / f"{elf.stem}.qemu.log", crypto=bool(zk))
    got = run_core(CORE, elf, work, params={"ZK": zk}, max_cycles=2_000_000)
    assert ref.exit_code == 0 and "DONE" in ref.uart
    assert got.exit_code == ref.exit_code
    assert got.uart == ref.uart


@pytest.mark.parametrize("prog", BASE_PROGRAMS + PIPE_PROGRAMS)
def test_program_matches_qemu(prog, core_work, tmp_path):
    elf = build_elf(PROGS / f"{prog}.S", tmp_path / f"{prog}.elf")
    _compare(elf, core_work, 0)


@pytest.mark.parametrize("prog", sorted(ZK_PROGRAMS) + ["hazard", "m_div"])
def test_zk_build_matches_qemu(prog, core_work, tmp_path):
    """ZK=1 runs the crypto program and must not disturb the rest of the pipeline."""
    elf = build_elf(PROGS / f"{prog}.S", tmp_path / f"{prog}.elf", zk=prog in ZK_PROGRAMS)
    _compare(elf, core_work, 1)


@pytest.mark.parametrize("zk", [0, 1])
def test_random_stream_matches_qemu(zk, core_work, tmp_path):
    seed = int.from_bytes(os.urandom(4), "little")
    src = tmp_path / f"rand_{seed}.S"
    src.write_text(random_program(seed, 400, zk=bool(zk)))
    elf = build_elf(src, tmp_path / "rand.elf", zk=bool(zk))
    _compare(elf, core_work, zk)


def test_instret_and_cpi(core_work, tmp_path):
    """instret over the timed loop equals qemu's; CPI is near the memory model's floor of 2 (one fetch per two
    cycles: the harness memory answers a request the cycle after it first sees it and ignores requests in
    its answer cycle), far below a multi-cycle core's, and cannot beat the floor."""
    src = tmp_path / "cpi.S"
    src.write_text(CPI_WORKLOAD)
    elf = build_elf(src, tmp_path / "cpi.elf")
    ref = run_qemu(elf, core_work / "cpi.qemu.log")
    got = run_core(CORE, elf, core_work, params={"ZK": 0})
    ref_hash, ref_instret, _ = ref.uart.split()[:3]
    hash_, instret, cycles = got.uart.split()[:3]
    assert (hash_, instret) == (ref_hash, ref_instret)
    cpi = int(cycles, 16) / int(instret, 16)
    print(f"rv32_pipe CPI on the hash loop: {int(cycles, 16)} cycles / {int(instret, 16)} instructions = {cpi:.3f}")
    assert 2.0 <= cpi < 2.6


def test_halt_is_reported(core_work, tmp_path):
    """ecall halts the pipeline (it stays in execute; fetch stops once the queue is full)."""
    elf = build_elf(PROGS / "halt.S", tmp_path / "halt.elf")
    with pytest.raises(CryptoppaError, match="stopped making requests"):
        run_core(CORE, elf, core_work, params={"ZK": 0})


def test_zk_instruction_halts_without_zk(core_work, tmp_path):
    elf = build_elf(PROGS / "zk.S", tmp_path / "zk.elf", zk=True)
    with pytest.raises(CryptoppaError, match="stopped making requests"):
        run_core(CORE, elf, core_work, params={"ZK": 0})
