"""Cycle-accurate simulation of a RISC-V core in designs/cores/ running a bare-metal ELF (Verilator).

The harness designs/cores/sim/core_tb.v gives the core the firmware contract's memory map (256 KiB RAM at
0x8000_0000, UART byte stores at 0x1000_0000, exit word store at 0x0010_0000); core_main.cpp toggles the clock.
The simulator is built once per core, parameter set and harness/RTL content, a step of the run cache (`cryptoppa
cache info`), and takes the program as a plusarg, so each further run only converts the ELF (objcopy) and simulates
(in work/coresim/runs/).

    from cryptoppa.sim.core_sim import run_core
    result = run_core("rv32_mc", Path("prog.elf"), Path("work"), params={"ZK": 1})
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..catalog import runtime
from .. import designs, settings
from ..errors import CryptoppaError, InputError
from ..metrics import Metric
from ..paths import DESIGNS
from ..runs import StepPlan, keep_only, run_step, sha256_file
from ..tools import run, run_program, version
from ..tools.registry import VERILATOR_PCH_MAKEFLAG

HARNESS = DESIGNS / "cores" / "sim"
RAM_BASE, RAM_BYTES = 0x8000_0000, 256 * 1024
_REPORT = re.compile(r"^CORESIM (\w+) (\d+) (\S+)", re.M)


@dataclass(frozen=True)
class CoreResult:
    uart: str  # everything the program wrote to the UART
    exit_code: int  # 0 = pass (0x5555 written to the exit device), else the code of a (code<<16)|0x3333 store
    cycles: int  # clock cycles from the end of reset to the exit store


def build(core: str, params: dict[str, int] | None = None) -> Path:
    """The simulator executable for `core` with `params`: a step of the run cache, so that every run, test worker
    and results folder shares one build per core and parameter set."""
    design = designs.get(core)
    if design.interface != "core":
        raise InputError(f"design {core!r} has interface {design.interface!r}; expected 'core'")
    resolved = design.resolve_params(params or {})
    overrides = ", ".join(f".{name}({value})" for name, value in resolved.items())
    inst = f"`define CORE_INST {design.top} {'#(' + overrides + ')' if overrides else ''} dut\n"
    return build_harness(core, [HARNESS / "core_tb.v", HARNESS / "core_main.cpp", *design.files],
                         ["-O3", "-MAKEFLAGS", "OPT_FAST=-O2"], settings.current().cache, timeout=900,
                         headers={"core_inst.vh": inst})


def _execute_build(plan: StepPlan, work: Path) -> dict[str, Metric]:
    seconds = run("verilator", plan.config, cwd=work, log=work / "logs" / "verilator.log",
                  timeout=plan.identity["timeout"], what=f"verilator ({plan.label})")
    keep_only(work / "obj", "Vcore_tb")
    return {runtime("verilator"): Metric(round(seconds, 3), "s", "logs/verilator.log", "cryptoppa")}


def build_harness(label: str, files: list[Path | tuple[str, str]], options: list[str], cache: Path, timeout: float,
                  headers: dict[str, str] | None = None) -> Path:
    """The harness top core_tb Verilated with `options` and `files` in order (paths, copied into the build, or
    generated (name, text) pairs), with `headers` on the include path (core_inst.vh names the core the harness
    instantiates); a cached build step whose output is the simulator executable."""
    inputs, scripts, names = {}, dict(headers or {}), []
    for i, f in enumerate(files):
        if isinstance(f, tuple):
            scripts[f[0]] = f[1]
            names.append(f[0])
        else:
            names.append(f"src/{i:02d}_{Path(f).name}")
            inputs[names[-1]] = (str(f), sha256_file(f))
    argv = ["--cc", "--exe", "--build", "-j", "1", "--x-assign", "fast", "--x-initial", "fast",
            "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", "core_tb", "-Mdir", "obj", "-I.",
            "-MAKEFLAGS", VERILATOR_PCH_MAKEFLAG, *options, *names]
    plan = StepPlan(label, identity={"step": "verilator-build", "argv": argv, "timeout": timeout}, inputs=inputs,
                    scripts=scripts, tools={"verilator": version("verilator")}, assumptions={},
                    outputs=("obj/Vcore_tb",), config=argv)
    return run_step(plan, _execute_build, cache).run_dir / "obj" / "Vcore_tb"


def elf_to_hex(elf: Path, out: Path, log: Path) -> None:
    """Byte-wide $readmemh image, addresses relative to the RAM base; everything loadable must fit the RAM."""
    if not elf.is_file():
        raise CryptoppaError(f"ELF file {elf} does not exist")
    run("riscv64-unknown-elf-objcopy", ["-O", "verilog", f"--change-addresses=-{RAM_BASE:#x}", elf, out],
        cwd=out.parent, log=log, timeout=60)
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
    exe = build(core, params)
    runs = Path(work) / "coresim" / "runs"
    runs.mkdir(parents=True, exist_ok=True)
    rundir = Path(tempfile.mkdtemp(prefix=f"{Path(elf).stem}-{core}-", dir=runs))
    elf_to_hex(Path(elf), rundir / "prog.hex", rundir / "objcopy.log")
    log = rundir / "sim.log"
    # The wheel's simulators run at millions of cycles per second; the timeout only catches a hung process.
    # Names relative to the run folder: the testbench holds plusarg strings in 128 characters.
    run_program(exe, ["+hex=prog.hex", "+uart=uart.txt", f"+max_cycles={int(max_cycles)}"], cwd=rundir, log=log,
                timeout=120 + max_cycles / 100_000, what=f"{core} simulation")
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
