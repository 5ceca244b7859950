"""`cryptoppa` commands run by forking one interpreter that has already imported the command line.

Starting `cryptoppa` costs one to three seconds of imports (pandas, pyarrow, the report stack) before a command does
anything, and the suite runs some hundred commands. A warm interpreter imports every command's module once; each
command then runs in a forked child of it: its own process, working folder, exit code and file descriptors 0-2
(stdin from /dev/null, stdout and stderr to files, so the tools a command starts write there too), with the argv a
shell would give the `cryptoppa` entry point. The child calls the entry point's own `main` and ends as the entry
point would. The interpreter serves one environment: a command with any other (a changed PATH, an added variable)
runs as a plain subprocess, because module-level state of the warm interpreter was made under its environment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ENTRY_POINT = Path(sys.executable).parent / "cryptoppa"

# The child's side: fork per request, run the entry point's main, report the exit status. Requests and replies
# travel on duplicates of the pipes, so that fds 0-2 are free for each command.
_SERVER = r"""
import atexit, importlib, json, os, sys, traceback
from cryptoppa.cli import COMMANDS, main
for module, _, _ in COMMANDS.values():
    importlib.import_module(module)
requests, replies = os.fdopen(os.dup(0)), os.fdopen(os.dup(1), "w")
null = os.open(os.devnull, os.O_RDWR)
os.dup2(null, 0)
os.dup2(null, 1)
replies.write("ready\n"); replies.flush()
for line in requests:
    req = json.loads(line)
    pid = os.fork()
    if pid == 0:
        requests.close(); replies.close()
        os.chdir(req["cwd"])
        out, err = os.open(req["out"], os.O_WRONLY), os.open(req["err"], os.O_WRONLY)
        os.dup2(out, 1); os.dup2(err, 2)
        sys.argv = [req["exe"], *req["args"]]
        try:
            code = main()
        except SystemExit as end:
            code = end.code
        except BaseException:
            traceback.print_exc()
            code = 1
        if isinstance(code, str):
            print(code, file=sys.stderr)
            code = 1
        try:
            atexit._run_exitfuncs()
        finally:
            sys.stdout.flush(); sys.stderr.flush()
            os._exit(code or 0)
    _, status = os.waitpid(pid, 0)
    replies.write(json.dumps(os.waitstatus_to_exitcode(status)) + "\n"); replies.flush()
"""


class WarmCli:
    def __init__(self, env: dict[str, str]):
        self.env = dict(env)
        self.proc = subprocess.Popen([sys.executable, "-c", _SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=self.env, cwd=tempfile.gettempdir())
        if self.proc.stdout.readline() != "ready\n":
            raise RuntimeError("the warm cryptoppa interpreter did not start")

    def run(self, args: list[str], cwd: Path) -> subprocess.CompletedProcess:
        with tempfile.TemporaryDirectory() as tmp:
            out, err = Path(tmp, "out"), Path(tmp, "err")
            out.touch(), err.touch()
            request = {"exe": str(ENTRY_POINT), "args": args, "cwd": str(cwd), "out": str(out), "err": str(err)}
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            code = json.loads(self.proc.stdout.readline())
            return subprocess.CompletedProcess([str(ENTRY_POINT), *args], code,
                                               out.read_text(errors="replace"), err.read_text(errors="replace"))

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


_WARM: dict[tuple, WarmCli] = {}


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`cryptoppa ARGS` in cwd with env (default: this process's), as the installed entry point runs it."""
    env = dict(os.environ if env is None else env)
    key = tuple(sorted(env.items()))
    if key not in _WARM:
        if len(_WARM) >= 2:  # the suite's own environment and the README test's; a rare third one runs cold
            return subprocess.run([str(ENTRY_POINT), *args], capture_output=True, text=True, env=env, cwd=cwd)
        _WARM[key] = WarmCli(env)
    return _WARM[key].run(args, cwd)
