"""Build the AES-GCM/CBC benchmark firmware (designs/sw/) into bare-metal RV32 ELFs, a cached build step.

The step's key covers every source file, every compiler flag and the compiler's version, so editing one C file
or changing a flag rebuilds, and repeated builds (tests, sweeps over cores) reuse the ELF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..catalog import runtime
from ..errors import InputError
from ..metrics import Metric
from ..paths import DESIGNS
from ..runs import StepPlan, run_step, sha256_file
from ..tools import run, version

GCC = "riscv64-unknown-elf-gcc"
SW_DIR = DESIGNS / "sw"
VARIANTS = ("table", "ct", "zk")
KEY_BITS = (128, 192, 256)
OPT_LEVELS = ("-O0", "-O1", "-O2", "-O3", "-Os")
ZK_EXT = "_zkne_zknd_zbkc"
# Base ISA with optional standard extensions; `_`-separated multi-letter extensions after it.
_MARCH = re.compile(r"rv32i[mac]*(_[a-z][a-z0-9]*)*")
COMMON_SOURCES = ("crt0.S", "main.c", "modes.c", "io.c")
COMMON_FLAGS = ("-mabi=ilp32", "-ffreestanding", "-nostdlib", "-nostartfiles", "-static",
                # gcc would otherwise turn our own memset/memcpy loops into calls to themselves.
                "-fno-tree-loop-distribute-patterns", "-Wall", "-Werror")


@dataclass(frozen=True)
class FirmwareConfig:
    variant: str = "table"
    key_bits: int = 128
    opt: str = "-O2"
    march: str = "rv32im"
    long_bytes: int = 16384  # the long GCM buffer; 0 leaves that measurement out
    cbc_bytes: tuple[int, ...] = (1024, 4096)  # one CBC measurement per size

    def check(self) -> None:
        if self.variant not in VARIANTS:
            raise InputError(f"firmware variant {self.variant!r}: expected one of {', '.join(VARIANTS)}")
        if self.key_bits not in KEY_BITS:
            raise InputError(f"firmware key_bits {self.key_bits}: expected 128, 192 or 256")
        if self.opt not in OPT_LEVELS:
            raise InputError(f"firmware opt {self.opt!r}: expected one of {', '.join(OPT_LEVELS)}")
        if not _MARCH.fullmatch(self.march):
            raise InputError(f"firmware march {self.march!r}: expected an rv32i… ISA string such as rv32im")
        for n in (self.long_bytes, *self.cbc_bytes):
            if not isinstance(n, int) or n < 0 or n % 16 or n > 65536:
                raise InputError(f"firmware buffer size {n!r}: expected a multiple of 16 in 0..65536")
        if 0 in self.cbc_bytes:
            raise InputError("firmware cbc_bytes: sizes must be positive (leave a size out to skip it)")

    @property
    def full_march(self) -> str:
        return self.march + ZK_EXT if self.variant == "zk" and "zkne" not in self.march else self.march

    def flags(self) -> list[str]:
        """gcc flags, with the linker script as the build folder holds it."""
        cbc = ",".join(str(n) for n in (*self.cbc_bytes, 0))
        return [f"-march={self.full_march}", self.opt, *COMMON_FLAGS, f"-DKEY_BITS={self.key_bits}",
                f"-DLONG_BYTES={self.long_bytes}", f"-DCBC_SIZES={cbc}",
                f"-DBUF_BYTES={max(64, self.long_bytes, *self.cbc_bytes)}", "-Tlink.ld"]

    def sources(self) -> list[Path]:
        return [SW_DIR / s for s in (*COMMON_SOURCES, f"aes_{self.variant}.c")]


def compile_elf(sources: list[Path], flags: list[str], out: Path, log: Path, timeout_s: float = 120) -> Path:
    """One gcc call from sources to out (linked); raises ToolError with the log on a compile error."""
    run(GCC, [*flags, "-o", out, *sources], cwd=out.parent, log=log, timeout=timeout_s)
    return out


def _execute(plan: StepPlan, work: Path) -> dict[str, Metric]:
    cfg: FirmwareConfig = plan.config
    seconds = run(GCC, [*cfg.flags(), "-o", "fw.elf", *(n for n in plan.inputs if not n.endswith((".h", ".ld")))],
                  cwd=work, log=work / "logs" / "gcc.log", timeout=120, what=f"gcc ({cfg.variant} firmware)")
    return {runtime("gcc"): Metric(round(seconds, 3), "s", "logs/gcc.log", "cryptoppa")}


def build_firmware(variant: str = "table", key_bits: int = 128, opt: str = "-O2", march: str = "rv32im",
                   long_bytes: int = 16384, cbc_bytes: tuple[int, ...] = (1024, 4096),
                   out_dir: Path | None = None) -> Path:
    """Build (or reuse) the firmware ELF for one configuration: a cached build step under out_dir."""
    cfg = FirmwareConfig(variant, key_bits, opt, march, long_bytes, tuple(cbc_bytes))
    cfg.check()
    # Headers and the linker script sit beside the sources, as the build expects them.
    files = [*cfg.sources(), *sorted(SW_DIR.glob("*.h")), SW_DIR / "link.ld"]
    plan = StepPlan(f"fw-{variant}-{key_bits}{opt}-{cfg.march}",
                    identity={"step": "firmware", "flags": cfg.flags()},
                    inputs={f.name: (str(f), sha256_file(f)) for f in files},
                    scripts={}, tools={GCC: version(GCC)}, assumptions={}, outputs=("fw.elf",), config=cfg)
    return run_step(plan, _execute, Path(out_dir) if out_dir is not None else Path("build") / "sw").run_dir / "fw.elf"
