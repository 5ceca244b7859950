"""Run one external program with a timeout, its output going to a log file; failures become ToolError."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from ..errors import ToolError


def _tail(log: Path, lines: int = 5) -> str:
    try:
        text = log.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    keep = [ln for ln in text if "error" in ln.lower()][-lines:] or text[-lines:]
    return " | ".join(ln.strip() for ln in keep)


def run_status(name: str, argv: list[str], cwd: Path, log: Path, timeout: float,
               env: dict[str, str] | None = None) -> tuple[int, float]:
    """Run argv in cwd, stdout+stderr to log; return (exit status, wall seconds).

    Raises ToolError only when the program is missing or times out: for programs whose exit status is data
    (qemu returns the firmware's fail code). env, when given, is the whole environment of the program.
    """
    start = time.monotonic()
    with open(log, "w") as out:
        try:
            # A new session lets a timeout kill the tool together with any children (yosys-abc).
            proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                    env=env)
        except FileNotFoundError:
            raise ToolError(f"{name}: program {argv[0]!r} not found; run `cryptoppa doctor`") from None
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise ToolError(f"{name} timed out after {timeout:g} s", str(log)) from None
    return code, time.monotonic() - start


def run(name: str, argv: list[str], cwd: Path, log: Path, timeout: float, env: dict[str, str] | None = None) -> float:
    """Run argv in cwd, stdout+stderr to log; return wall seconds. Raises ToolError on failure or timeout."""
    code, seconds = run_status(name, argv, cwd, log, timeout, env)
    if code != 0:
        raise ToolError(f"{name} failed (exit {code}): {_tail(log)}", str(log))
    return seconds
