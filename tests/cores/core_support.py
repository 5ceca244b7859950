"""Building the core test programs (designs/cores/tests/) and random instruction streams, for core-vs-qemu checks."""
from __future__ import annotations

import random
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROGS = ROOT / "designs" / "cores" / "tests"
GCC = "riscv64-unknown-elf-gcc"
ZK_PROGRAMS = {"zk"}  # programs that need -march with the crypto extensions


def build_elf(source: Path, out: Path, *, zk: bool = False) -> Path:
    march = "rv32i_zicsr" + ("_zkne_zknd_zbkc" if zk else "")
    subprocess.run([GCC, f"-march={march}", "-mabi=ilp32", "-nostdlib", "-T", str(PROGS / "link.ld"),
                    "-Wl,--no-warn-rwx-segments", f"-I{PROGS}", "-o", str(out), str(PROGS / "rt.S"), str(source)],
                   check=True, capture_output=True, text=True)
    return out


# Destinations avoid x0 (tested elsewhere) and x3 (gp, the DUMP base); sources may be any register.
_DESTS = [1, 2] + list(range(4, 32))
_RR = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"]
_RI = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
_SH = ["slli", "srli", "srai"]
_ZK_RR = ["clmul", "clmulh"]
_ZK_BS = ["aes32esi", "aes32esmi", "aes32dsi", "aes32dsmi"]


def _value(rng: random.Random) -> int:
    # mostly random words, with the edge values that catch sign and carry mistakes
    return rng.choice([rng.getrandbits(32)] * 6 + [0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, rng.getrandbits(5)])


def random_program(seed: int, n_ops: int, *, zk: bool = False) -> str:
    """Assembly: random initial values in x1, x2, x4..x31, n_ops random ALU/immediate ops, then DUMP."""
    rng = random.Random(seed)
    lines = ['#include "test.h"', "  .text", "  .globl main", "main:"]
    lines += [f"  li x{r}, {_value(rng):#x}" for r in _DESTS]
    for _ in range(n_ops):
        d, a, b = rng.choice(_DESTS), rng.randrange(32), rng.randrange(32)
        kind = rng.random()
        if zk and kind < 0.25:
            if rng.random() < 0.7:
                lines.append(f"  {rng.choice(_ZK_BS)} x{d}, x{a}, x{b}, {rng.randrange(4)}")
            else:
                lines.append(f"  {rng.choice(_ZK_RR)} x{d}, x{a}, x{b}")
        elif kind < 0.55:
            lines.append(f"  {rng.choice(_RR)} x{d}, x{a}, x{b}")
        elif kind < 0.8:
            lines.append(f"  {rng.choice(_RI)} x{d}, x{a}, {rng.randrange(-2048, 2048)}")
        elif kind < 0.92:
            lines.append(f"  {rng.choice(_SH)} x{d}, x{a}, {rng.randrange(32)}")
        else:
            lines.append(f"  {rng.choice(['lui', 'auipc'])} x{d}, {rng.randrange(1 << 20):#x}")
    lines += ["  DUMP", "  j finish", ""]
    return "\n".join(lines)
