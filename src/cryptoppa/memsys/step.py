"""The functional pass as a cached step: one events.parquet per (trace, system), reused by every scheme."""

from __future__ import annotations

import time
from importlib.metadata import version
from pathlib import Path

import numpy as np

from .. import catalog
from ..metrics import Metric
from ..runs import StepPlan, StepResult, run_step, sha256_file
from ..trace import TRACE_FILE
from ..trace.records import read_trace
from . import classify as classify_mod
from .system import System

EVENTS_FILE = "events.parquet"


def events_plan(trace_run: Path, trace_key: str, system: System, instructions_per_access: float | None) -> StepPlan:
    return StepPlan(
        label="memsys",
        identity={"trace": trace_key, "system": system.functional_identity, "instructions_per_access": instructions_per_access,
                  "code": sha256_file(Path(classify_mod.__file__))},  # the model is part of what shapes the result
        inputs={}, scripts={}, tools={"pycachesim": version("pycachesim")},
        assumptions=system.functional_assumptions,
        provenance={"trace_run": str(trace_run)},
        outputs=(EVENTS_FILE,),
        config=(Path(trace_run), system, instructions_per_access),
    )


def _execute(plan: StepPlan, work: Path) -> dict[str, Metric]:
    trace_run, system, ipa = plan.config
    start = time.monotonic()
    events = classify_mod.classify(read_trace(trace_run / TRACE_FILE), system, ipa)
    seconds = time.monotonic() - start
    events.to_parquet(work / EVENTS_FILE, index=False, compression="zstd")
    counts = np.bincount(events["outcome"], minlength=len(classify_mod.OUTCOMES))
    accesses = int(events["count"].sum())
    tool = f"pycachesim {plan.tools['pycachesim']}"
    out = {catalog.memsys_runs(name): Metric(int(n), "runs", EVENTS_FILE, tool)
           for name, n in zip(classify_mod.OUTCOMES, counts)}
    bus = counts[classify_mod.MEM] + counts[classify_mod.C2C]
    out.update({
        catalog.MEMSYS_ACCESSES: Metric(accesses, "accesses", EVENTS_FILE, tool),
        catalog.MEMSYS_RUNS: Metric(len(events), "runs", EVENTS_FILE, tool),
        catalog.MEMSYS_WRITEBACKS: Metric(int(events["wb"].sum()), "lines", EVENTS_FILE, tool),
        catalog.MEMSYS_MISS_L1: Metric((len(events) - counts[classify_mod.HIT_L1] - counts[classify_mod.BARRIER_EVENT])
                                        / max(accesses, 1), "ratio", EVENTS_FILE, tool),
        catalog.MEMSYS_MISS_L2: Metric(int(bus) / max(accesses, 1), "ratio", EVENTS_FILE, tool),
        catalog.MEMSYS_OWNER_CHECK: Metric("pycachesim contains" if events.attrs.get("owner_check") else "directory only",
                                      "", EVENTS_FILE, tool),
        catalog.runtime("memsys"): Metric(round(seconds, 3), "s", "logs", tool),
        catalog.MEMSYS_SPEED: Metric(accesses / max(seconds, 1e-9), "accesses/s", "logs", tool),
    })
    return out


def run_events(trace_run: Path, trace_key: str, system: System, instructions_per_access: float | None,
               cache: Path, force: bool = False) -> StepResult:
    return run_step(events_plan(trace_run, trace_key, system, instructions_per_access), _execute, cache, force=force)
