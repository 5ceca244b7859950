"""Run one registered tool with a timeout, its output going to a log file; failures become ToolError.

Every external program goes through here: the tool is named by its registry entry, so a missing one fails with
the install command, a hung one is killed with its whole process group, and its output is always in a log.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

from ..errors import ToolError
from .registry import environment, require


def _failed(what: str, code: int, log: Path) -> ToolError:
    # SIGKILL that no timeout of ours sent (-9 from the tool itself, 128 + 9 through a shell or driver) is, on a
    # machine like ours, the kernel's out-of-memory killer: say so, or the user reads only "Killed".
    why = " (killed: out of memory? fewer parallel --jobs leave each more)" if code in (-9, 137) else ""
    return ToolError(f"{what} failed (exit {code}){why}: {_tail(Path(log))}", str(log))


def _tail(log: Path, lines: int = 5) -> str:
    try:
        text = log.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    keep = [ln for ln in text if "error" in ln.lower()][-lines:] or text[-lines:]
    return " | ".join(ln.strip() for ln in keep)


def _environment(tool: str, env: dict[str, str] | None) -> dict[str, str] | None:
    extra = environment(tool)
    if env is None and not extra:
        return None
    return {**(os.environ if env is None else env), **extra}


def run_status(tool: str, args: list[str], *, cwd: Path, log: Path, timeout: float, env: dict[str, str] | None = None,
               what: str | None = None) -> tuple[int, float]:
    """Run the tool with args in cwd, stdout+stderr to log; return (exit status, wall seconds).

    Raises ToolError only when the tool is missing or times out: for programs whose exit status is data (qemu
    returns the firmware's fail code). env, when given, is the whole environment of the program.
    """
    return _run([*require(tool), *map(str, args)], cwd, log, timeout, _environment(tool, env), what or tool)


def run_program(program: Path, args: list[str], *, cwd: Path, log: Path, timeout: float, what: str) -> float:
    """Run a program cryptoppa built itself (a Verilated simulator) like a tool; ToolError on failure."""
    code, seconds = _run([str(program), *map(str, args)], cwd, log, timeout, None, what)
    if code != 0:
        raise _failed(what, code, log)
    return seconds


def _run(argv: list[str], cwd: Path, log: Path, timeout: float, env: dict[str, str] | None,
         name: str) -> tuple[int, float]:
    start = time.monotonic()
    Path(log).parent.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:
        try:
            # A new session lets a timeout kill the tool together with any children (yosys-abc).
            proc = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                    start_new_session=True, env=env)
        except OSError as err:
            raise ToolError(f"{name}: cannot start {argv[0]!r} ({err.strerror})") from None
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise ToolError(f"{name} timed out after {timeout:g} s", str(log)) from None
        except BaseException:  # Ctrl-C: take the tool down with us
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise
    return code, time.monotonic() - start


def run(tool: str, args: list[str], *, cwd: Path, log: Path, timeout: float, env: dict[str, str] | None = None,
        what: str | None = None) -> float:
    """Run the tool with args in cwd, output to log; return wall seconds. Raises ToolError on failure."""
    code, seconds = run_status(tool, args, cwd=cwd, log=log, timeout=timeout, env=env, what=what)
    if code != 0:
        raise _failed(what or tool, code, log)
    return seconds


def output(tool: str, args: list[str], *, timeout: float = 60, what: str | None = None) -> str:
    """stdout of a short run whose output is data (e.g. `size -A`); ToolError with stderr on failure."""
    argv = [*require(tool), *map(str, args)]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL,
                              env=_environment(tool, None))
    except subprocess.TimeoutExpired:
        raise ToolError(f"{what or tool} timed out after {timeout:g} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise ToolError(f"{what or tool} failed (exit {done.returncode}): {last}")
    return done.stdout
