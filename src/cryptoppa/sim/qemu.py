"""Run a bare-metal RV32 ELF in qemu-system-riscv32 (`-machine virt`) and collect its UART text and exit code.

The firmware contract (designs/sw/README.md): a byte store to 0x1000_0000 prints a character (the virt
machine's ns16550a), a word store to 0x0010_0000 ends the run (sifive_test: 0x5555 = pass, (code<<16)|0x3333 =
fail with that code). `-icount shift=0` makes the guest clock advance one tick per instruction, so the run is
deterministic and rdcycle equals rdinstret.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, ToolError
from ..tools import run_status

QEMU = "qemu-system-riscv32"
CRYPTO_CPU = "rv32,zkne=true,zknd=true,zbkc=true"


@dataclass(frozen=True)
class QemuResult:
    uart: str
    exit_code: int


def run_qemu(elf: Path, log: Path, *, crypto: bool = False, timeout_s: float = 120) -> QemuResult:
    """Run elf to its exit store; log gets qemu's own output, log.with_suffix('.uart') the UART text."""
    elf, log = Path(elf), Path(log)
    if not elf.is_file():
        raise InputError(f"{elf}: ELF file not found")
    log.parent.mkdir(parents=True, exist_ok=True)
    uart_file = log.with_suffix(".uart")
    uart_file.unlink(missing_ok=True)
    argv = ["-machine", "virt", "-bios", "none", "-nographic", "-monitor", "none",
            "-serial", f"file:{uart_file}", "-icount", "shift=0", "-kernel", str(elf.resolve())]
    if crypto:
        argv[0:0] = ["-cpu", CRYPTO_CPU]
    # qemu's exit status is the firmware's fail code: data, not a tool failure.
    code, _ = run_status(QEMU, argv, cwd=log.parent, log=log, timeout=timeout_s)
    uart = uart_file.read_text(errors="replace") if uart_file.exists() else ""
    # A clean run writes nothing to the log (the UART goes to its file); text there with a non-zero status means
    # qemu itself failed (bad option, unloadable ELF) rather than the firmware reporting a fail code.
    noise = log.read_text(errors="replace").strip()
    if code != 0 and noise:
        raise ToolError(f"qemu failed (exit {code}): {noise.splitlines()[-1]}", str(log))
    return QemuResult(uart=uart, exit_code=code)
