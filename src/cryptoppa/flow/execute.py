"""Execute a plan: a run directory with inputs, scripts, logs, reports, netlist, run.json and metrics.json.

The run is built in a temporary folder and renamed into place only when every step succeeded, so a crash or
a failed step never leaves a half-written metrics.json under its final name.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

from ..errors import CryptoppaError, ToolError
from ..pdk.download import sha256_file
from ..tools import find, run
from . import metrics
from .plan import Plan

STEP_TIMEOUT_S = {"synth_elab": 1800.0, "synth_map": 3600.0, "sta": 1800.0}


def _stage(plan: Plan, work: Path) -> None:
    for sub in ("rtl", "logs", "reports"):
        (work / sub).mkdir(parents=True, exist_ok=True)
    for name, (source, _) in plan.inputs.items():
        shutil.copyfile(source, work / name)
    for name, text in plan.scripts.items():
        (work / name).write_text(text)
    (work / "run.json").write_text(json.dumps({"name": plan.name, "key": plan.key, **plan.manifest()}, indent=2) + "\n")


def _sta() -> Path:
    sta = find("sta")
    if sta is None:
        raise CryptoppaError("OpenSTA (sta) not found; install it with `apt-get install -y opensta` (see `cryptoppa doctor`)")
    return sta


def run_sta(work: Path, log: Path, timeout: float, name: str = "OpenSTA") -> float:
    """OpenSTA on work/sta.tcl; its Tcl errors do not change the exit status, so the log is read for them."""
    seconds = run(name, [str(_sta()), "-no_splash", "-exit", "sta.tcl"], work, log, timeout)
    text = log.read_text(errors="replace")
    if "Error" in text:
        line = next(ln for ln in text.splitlines() if "Error" in ln)
        raise ToolError(f"{name}: {line.strip()}", str(log))
    return seconds


def _steps(plan: Plan, work: Path, timeouts: dict[str, float]) -> dict[str, metrics.Metric]:
    yosys = [sys.executable, "-m", "cryptoppa.tools.yosys_worker"]
    _sta()  # a missing OpenSTA fails the run before minutes of synthesis, not after
    ytool, stool = f"yosys {plan.tools['pyosys']}", plan.tools["sta"] or "sta"
    wall = {}
    env_log = work / "logs"
    wall["synth_elab"] = run("yosys (elaborate)", yosys + ["yosys_elab.ys"], work, env_log / "yosys_elab.log", timeouts["synth_elab"])
    wall["synth_map"] = run("yosys (map)", yosys + ["yosys_map.ys"], work, env_log / "yosys_map.log", timeouts["synth_map"])
    # perf and the activity simulation come before STA: a load workload needs the saturation line rate, and
    # STA sources the activity the simulation wrote.
    result = {}
    if plan.point.perf:
        start = time.monotonic()
        result.update(_perf(plan, work))
        wall["perf"] = time.monotonic() - start
    capture = None
    if plan.point.activity != "vectorless":
        from ..activity.flowstep import activity_step

        start = time.monotonic()
        capture, found = activity_step(plan, work, result)
        result.update(found)
        wall["activity"] = time.monotonic() - start
    wall["sta"] = run_sta(work, env_log / "sta.log", timeouts["sta"])
    result.update(metrics.synth_metrics(work, ytool))
    result.update(metrics.sta_metrics(work, stool, plan.point.period_ns))
    if capture is not None:
        from ..activity.flowstep import energy_metrics

        result.update(energy_metrics(plan, capture, result))
    for step, seconds in wall.items():
        result[f"flow__{step}__runtime"] = metrics.Metric(round(seconds, 3), "s", f"logs/{step}", "cryptoppa")
    return result


def _perf(plan: Plan, work: Path) -> dict[str, metrics.Metric]:
    from ..feasibility.throughput import hardware_throughput
    from ..sim.perf import measure_engine

    params = dict(plan.point.params)
    numbers = measure_engine(work, plan.point.top, [work / n for n in plan.inputs], params, work / "perf",
                             n_lines=plan.point.perf_lines)
    tool = f"iverilog {plan.tools.get('iverilog')}"
    out = {name: metrics.Metric(value, "lines" if name.endswith("lines") else "cycles", "perf/perf.log", tool)
           for name, value in numbers.items()}
    line_bytes = params.get("LINE_BYTES", 64)
    out["perf__line_bytes"] = metrics.Metric(line_bytes, "bytes", "run.json", "cryptoppa")
    bits = hardware_throughput(plan.point.clock_mhz * 1e6, numbers["perf__cycles_per_line"], line_bytes)
    out["perf__throughput__gbps"] = metrics.Metric(bits / 1e9, "Gb/s", "perf/perf.log", "cryptoppa")
    return out


_SEALED = ("metrics.json", "netlist.v", "run.json")


def seal(run_dir: Path) -> None:
    """Checksums of the files a cached result stands on; a later reader trusts the run only if they match."""
    sums = {name: sha256_file(run_dir / name) for name in _SEALED}
    (run_dir / "seal.json").write_text(json.dumps(sums, indent=2) + "\n")


def is_complete(run_dir: Path) -> bool:
    """True when run_dir holds a finished run whose files are intact (a corrupted cache entry is not)."""
    try:
        sums = json.loads((run_dir / "seal.json").read_text())
        return all(sha256_file(run_dir / name) == sums[name] for name in _SEALED)
    except (OSError, ValueError, KeyError):
        return False


def execute(plan: Plan, runs_dir: Path, timeouts: dict[str, float] | None = None) -> Path:
    """Run every step of the plan; return the run directory. On failure the partial run is kept as NAME.failed."""
    runs_dir.mkdir(parents=True, exist_ok=True)
    final = runs_dir / plan.name
    work = runs_dir / f".tmp-{plan.name}-{os.getpid()}-{time.monotonic_ns()}"
    _stage(plan, work)
    try:
        result = _steps(plan, work, {**STEP_TIMEOUT_S, **(timeouts or {})})
    except BaseException as err:
        failed = runs_dir / f"{plan.name}.failed"
        shutil.rmtree(failed, ignore_errors=True)
        work.rename(failed)
        if isinstance(err, CryptoppaError):
            # Point the message and log path at where the evidence now lives.
            moved = ToolError(str(err).replace(str(work), str(failed)))
            moved.log = (getattr(err, "log", None) or "").replace(str(work), str(failed)) or None
            raise moved from None
        raise
    metrics.write(work, result)
    seal(work)
    # Same key, same content: an existing run is replaced whole, never merged.
    if final.exists():
        trash = runs_dir / f".trash-{plan.name}-{os.getpid()}"
        final.rename(trash)
        shutil.rmtree(trash, ignore_errors=True)
    work.rename(final)
    shutil.rmtree(runs_dir / f"{plan.name}.failed", ignore_errors=True)
    return final
