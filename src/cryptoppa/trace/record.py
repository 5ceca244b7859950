"""The recording step: build a workload and trace it, as one cached `cryptoppa.runs` step per (workload, threads,
size), sealed with its Parquet trace.

Kernels (workloads/*.c): gcc builds a ThreadSanitizer-instrumented binary linked with our logging runtime
(workloads/trace/tsan_trace.c) and a plain one; the first writes one record per instrumented access and thread
inside the region of interest, callgrind counts the plain one's instructions in `worker` (the same region), and
their ratio is the instructions per traced access. Programs: valgrind's lackey prints every load, store and
instruction into a FIFO that workloads/trace/lackey_pack.c packs into records with exact instruction gaps.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

from .. import catalog, tools
from ..errors import ToolError
from ..metrics import Metric
from ..paths import ROOT
from ..runs import StepPlan, StepResult, run_step, sha256_file
from . import inputs
from .records import BARRIER, footprint_lines, read_records, write_trace
from .workloads import Workload, get_workload

TRACE_FILE = "trace.parquet"
SOURCES = ROOT / "workloads"
_RUNTIME = ("trace/record.h", "trace/tsan_trace.c", "trace/lackey_pack.c", "common.h")
TIMEOUT_S = 3600
_CFLAGS = ["-O2", "-pthread", "-std=gnu11"]
# One call per instrumented access, and no calls on function entry/exit (our runtime would ignore them).
_TSAN = ["-fsanitize=thread", "--param=tsan-instrument-func-entry-exit=0"]


def trace_plan(workload: Workload | str, threads: int, size: str = "default") -> StepPlan:
    w = get_workload(workload) if isinstance(workload, str) else workload
    w.argv(size, threads)  # validates the size
    files = [*_RUNTIME, *w.headers, f"{w.source}.c"] if w.kernel else ["trace/record.h", "trace/lackey_pack.c"]
    needed = ("gcc", "valgrind") + (() if w.kernel else (w.program,))
    return StepPlan(
        label=f"trace-{w.name}",
        identity={"workload": w.name, "threads": threads, "size": size, "argv": w.argv(size, threads, "input"),
                  "input": list(w.inputs.get(size, ())), "cflags": _CFLAGS + (_TSAN if w.kernel else []),
                  "code": sha256_file(Path(__file__))},
        inputs={f"src/{f}": (str(SOURCES / f), sha256_file(SOURCES / f)) for f in files},
        scripts={},
        tools={t: tools.version(t) for t in needed},
        assumptions={"recorder": "ThreadSanitizer instrumentation, one record per instrumented access per thread "
                                 "(accesses gcc proves thread-private are not recorded)" if w.kernel else
                                 "valgrind lackey: every load, store and modify of the whole program, no thread id",
                     "instructions": "callgrind instructions in worker() / traced accesses, spread evenly"
                                     if w.kernel else "lackey's instruction lines between data accesses"},
        provenance={"description": w.description},
        outputs=(TRACE_FILE,),
        config=w,
    )


def _gcc(work: Path, args: list[str], what: str) -> None:
    tools.run("gcc", args, cwd=work, log=work / "logs" / f"gcc-{what}.log", timeout=300, what=f"gcc ({what})")


def _kernel(plan: StepPlan, work: Path) -> tuple[list[Path], float, float]:
    """Per-thread record files, ROI instructions (callgrind) and the traced run's seconds."""
    w: Workload = plan.config
    src, build, run = work / "src", work / "build", work / "threads"
    build.mkdir()
    run.mkdir()
    kernel = src / f"{w.source}.c"
    _gcc(work, [*_CFLAGS, *_TSAN, "-c", kernel, "-o", build / "kernel.tsan.o"], "instrumented")
    _gcc(work, [*_CFLAGS, "-c", src / "trace/tsan_trace.c", "-o", build / "tsan_trace.o"], "runtime")
    _gcc(work, ["-pthread", build / "kernel.tsan.o", build / "tsan_trace.o", "-o", build / "traced", "-lm"], "link")
    _gcc(work, [*_CFLAGS, kernel, "-o", build / "plain", "-lm"], "plain")
    argv = plan.identity["argv"]
    seconds = tools.run_program(build / "traced", argv, cwd=run, log=work / "logs" / "traced.log",
                                timeout=TIMEOUT_S, what=f"{w.name} (traced)")
    out = work / "reports" / "callgrind.out"
    tools.run("valgrind", ["--tool=callgrind", f"--callgrind-out-file={out}", "--toggle-collect=worker",
                           build / "plain", *argv], cwd=work, log=work / "logs" / "callgrind.log", timeout=TIMEOUT_S,
              what=f"callgrind ({w.name})")
    totals = re.search(r"^totals: (\d+)", out.read_text(), re.M)
    if not totals:
        raise ToolError(f"callgrind wrote no totals for {w.name}", str(out))
    threads = sorted(run.glob("thread-*.bin"), key=lambda p: int(p.stem.split("-")[1]))
    return threads, float(totals.group(1)), seconds


def _program(plan: StepPlan, work: Path) -> tuple[list[Path], float, float]:
    w: Workload = plan.config
    build, run = work / "build", work / "program"
    build.mkdir()
    run.mkdir()
    _gcc(work, ["-O2", work / "src/trace/lackey_pack.c", "-o", build / "lackey_pack"], "lackey_pack")
    kind, amount = plan.identity["input"]
    (inputs.text if kind == "text" else inputs.sql_script)(run / "input", amount)
    fifo, packed = work / "lackey.fifo", work / "lackey.bin"
    os.mkfifo(fifo)
    failure: list[BaseException] = []

    def pack():
        try:
            tools.run_program(build / "lackey_pack", [fifo, packed], cwd=work, log=work / "logs" / "lackey_pack.log",
                              timeout=TIMEOUT_S, what="lackey_pack")
        except BaseException as err:  # reported by the caller's thread
            failure.append(err)

    packer = threading.Thread(target=pack)
    packer.start()
    try:
        seconds = tools.run("valgrind", ["--tool=lackey", "--trace-mem=yes", f"--log-file={fifo}",
                                         tools.find(w.program), *plan.identity["argv"]],
                            cwd=run, log=work / "logs" / "lackey.log", timeout=TIMEOUT_S, what=f"lackey ({w.name})")
    finally:
        try:  # a valgrind that never opened the FIFO must not leave the packer waiting for a writer
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
        packer.join()
    if failure:
        raise failure[0]
    for leftover in run.iterdir():  # the program's input and output: regenerable, and large
        leftover.unlink()
    return [packed], 0.0, seconds


def _execute(plan: StepPlan, work: Path) -> dict[str, Metric]:
    w: Workload = plan.config
    files, roi_instructions, seconds = (_kernel if w.kernel else _program)(plan, work)
    table = read_records(files)
    accesses = int((table["kind"] != BARRIER).sum())
    if accesses == 0:
        raise ToolError(f"{w.name}: the trace has no accesses", str(work / "logs"))
    instructions = roi_instructions if w.kernel else float(table["gap"].sum())
    write_trace(table, work / TRACE_FILE)
    for f in files:
        f.unlink()
    tool = f"gcc {plan.tools['gcc']}, valgrind {plan.tools['valgrind']}"
    return {
        catalog.TRACE_ACCESSES: Metric(accesses, "accesses", TRACE_FILE, tool),
        catalog.TRACE_BARRIERS: Metric(int((table["kind"] == BARRIER).sum()), "events", TRACE_FILE, tool),
        catalog.TRACE_THREADS: Metric(int(table["thread"].nunique()), "threads", TRACE_FILE, tool),
        catalog.TRACE_INSTRUCTIONS: Metric(instructions, "instructions", "reports/callgrind.out" if w.kernel
                                      else TRACE_FILE, tool),
        catalog.TRACE_IPA: Metric(instructions / accesses, "instructions", TRACE_FILE, tool),
        catalog.TRACE_FOOTPRINT: Metric(footprint_lines(table) * 64, "bytes", TRACE_FILE, tool),
        catalog.runtime("trace"): Metric(round(seconds, 3), "s", "logs", tool),
    }


def record_trace(workload: Workload | str, threads: int, cache: Path, size: str = "default",
                 force: bool = False) -> StepResult:
    """The workload's sealed trace run: reused when recorded before, else recorded now."""
    return run_step(trace_plan(workload, threads, size), _execute, cache, force=force)
