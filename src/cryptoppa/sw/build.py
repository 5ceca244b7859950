"""Build the AES-GCM/CBC benchmark firmware (designs/sw/) into bare-metal RV32 ELFs, cached by content hash.

The cache key covers every source file, every compiler flag and the compiler's version, so editing one C file
or changing a flag rebuilds, and repeated builds (tests, sweeps over cores) reuse the ELF.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import CryptoppaError
from ..paths import DESIGNS
from ..tools.runner import run

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
            raise CryptoppaError(f"firmware variant {self.variant!r}: expected one of {', '.join(VARIANTS)}")
        if self.key_bits not in KEY_BITS:
            raise CryptoppaError(f"firmware key_bits {self.key_bits}: expected 128, 192 or 256")
        if self.opt not in OPT_LEVELS:
            raise CryptoppaError(f"firmware opt {self.opt!r}: expected one of {', '.join(OPT_LEVELS)}")
        if not _MARCH.fullmatch(self.march):
            raise CryptoppaError(f"firmware march {self.march!r}: expected an rv32i… ISA string such as rv32im")
        for n in (self.long_bytes, *self.cbc_bytes):
            if not isinstance(n, int) or n < 0 or n % 16 or n > 65536:
                raise CryptoppaError(f"firmware buffer size {n!r}: expected a multiple of 16 in 0..65536")
        if 0 in self.cbc_bytes:
            raise CryptoppaError("firmware cbc_bytes: sizes must be positive (leave a size out to skip it)")

    @property
    def full_march(self) -> str:
        return self.march + ZK_EXT if self.variant == "zk" and "zkne" not in self.march else self.march

    def flags(self) -> list[str]:
        cbc = ",".join(str(n) for n in (*self.cbc_bytes, 0))
        return [f"-march={self.full_march}", self.opt, *COMMON_FLAGS, f"-DKEY_BITS={self.key_bits}",
                f"-DLONG_BYTES={self.long_bytes}", f"-DCBC_SIZES={cbc}",
                f"-DBUF_BYTES={max(64, self.long_bytes, *self.cbc_bytes)}", f"-T{SW_DIR / 'link.ld'}"]

    def sources(self) -> list[Path]:
        return [SW_DIR / s for s in (*COMMON_SOURCES, f"aes_{self.variant}.c")]


def _gcc() -> str:
    gcc = shutil.which(GCC)
    if gcc is None:
        raise CryptoppaError(f"{GCC} not found; install the Debian package gcc-riscv64-unknown-elf")
    return gcc


def compile_elf(sources: list[Path], flags: list[str], out: Path, log: Path, timeout_s: float = 120) -> Path:
    """One gcc call from sources to out (linked); raises ToolError with the log on a compile error."""
    run("gcc", [_gcc(), *flags, "-o", str(out), *(str(s) for s in sources)], cwd=out.parent, log=log,
        timeout=timeout_s)
    return out


def _digest(cfg: FirmwareConfig) -> str:
    h = hashlib.sha256()
    h.update(GCC.encode())
    h.update(str(os.path.getmtime(_gcc())).encode())  # a different gcc install is a different build
    for part in cfg.flags():
        h.update(part.encode() + b"\0")
    for path in sorted({*cfg.sources(), *SW_DIR.glob("*.h"), SW_DIR / "link.ld"}):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def build_firmware(variant: str = "table", key_bits: int = 128, opt: str = "-O2", march: str = "rv32im",
                   long_bytes: int = 16384, cbc_bytes: tuple[int, ...] = (1024, 4096),
                   out_dir: Path | None = None) -> Path:
    """Build (or reuse) the firmware ELF for one configuration; returns its path under out_dir."""
    cfg = FirmwareConfig(variant, key_bits, opt, march, long_bytes, tuple(cbc_bytes))
    cfg.check()
    # Absolute: gcc runs in its own working folder, where a relative output path would point elsewhere.
    out_dir = (Path(out_dir) if out_dir is not None else Path.cwd() / "build" / "sw").resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    name = f"fw-{variant}-{key_bits}{opt}-{cfg.march}-{_digest(cfg)}"
    elf = out_dir / f"{name}.elf"
    if elf.is_file():
        return elf
    # Build beside the target and rename, so a killed build never leaves a half-written ELF under the final name.
    with tempfile.TemporaryDirectory(dir=out_dir, prefix=".build-") as tmp:
        tmp_elf = Path(tmp) / elf.name
        log = out_dir / f"{name}.log"
        compile_elf(cfg.sources(), cfg.flags(), tmp_elf, log)
        os.replace(tmp_elf, elf)
    return elf
