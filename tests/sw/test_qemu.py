"""qemu runner on trivial ELFs: UART text, pass exit, fail exit code, crypto CPU, missing ELF, timeout."""

import shutil

import pytest

from cryptoppa.errors import CryptoppaError, ToolError
from cryptoppa.sim.qemu import run_qemu
from cryptoppa.sw import compile_elf
from cryptoppa.sw.build import SW_DIR

pytestmark = [
    pytest.mark.eda,
    pytest.mark.skipif(not shutil.which("qemu-system-riscv32") or not shutil.which("riscv64-unknown-elf-gcc"),
                       reason="qemu-system-riscv32 or riscv64-unknown-elf-gcc missing"),
]

# main() prints through the firmware's own io.c and returns its argument; crt0 turns that into the exit store.
MAIN = """
#include "fw.h"
int main(void) { uart_puts("hello "); uart_dec(%d); uart_puts("\\n"); %s return %d; }
"""


def _elf(tmp_path, code: int, extra: str = "", march: str = "rv32im"):
    src = tmp_path / "t.c"
    src.write_text(MAIN % (code, extra, code))
    flags = [f"-march={march}", "-mabi=ilp32", "-O2", "-ffreestanding", "-nostdlib", "-nostartfiles",
             "-fno-tree-loop-distribute-patterns", f"-I{SW_DIR}", f"-T{SW_DIR / 'link.ld'}"]
    return compile_elf([SW_DIR / "crt0.S", SW_DIR / "io.c", src], flags, tmp_path / "t.elf", tmp_path / "gcc.log")


def test_pass_exit_and_uart(tmp_path):
    res = run_qemu(_elf(tmp_path, 0), tmp_path / "qemu.log")
    assert res.exit_code == 0
    assert res.uart == "hello 0\n"


def test_fail_exit_code(tmp_path):
    res = run_qemu(_elf(tmp_path, 3), tmp_path / "qemu.log")
    assert res.exit_code == 3
    assert res.uart == "hello 3\n"


def test_crypto_cpu_runs_zk_instruction(tmp_path):
    # aes32esi of 0 with byte 0 gives S-box(0) = 0x63; clmul 3*3 = 5: only valid with the crypto CPU.
    extra = ('uint32_t r, c; __asm__ volatile("aes32esi %0, zero, zero, 0" : "=r"(r));'
             '__asm__ volatile("clmul %0, %1, %1" : "=r"(c) : "r"(3));'
             'uart_hex32(r); uart_puts(" "); uart_hex32(c); uart_puts("\\n");')
    elf = _elf(tmp_path, 0, extra, march="rv32im_zkne_zknd_zbkc")
    res = run_qemu(elf, tmp_path / "qemu.log", crypto=True)
    assert res.exit_code == 0
    assert res.uart.splitlines()[1] == "00000063 00000005"


def test_missing_elf(tmp_path):
    with pytest.raises(CryptoppaError, match="not found"):
        run_qemu(tmp_path / "none.elf", tmp_path / "qemu.log")


def test_timeout(tmp_path):
    elf = _elf(tmp_path, 0, "for (;;) __asm__ volatile(\"\");")
    with pytest.raises(ToolError, match="timed out"):
        run_qemu(elf, tmp_path / "qemu.log", timeout_s=2)
