"""The functional pass as a cached step: one events.parquet per (trace, system), reused by every scheme."""

from __future__ import annotations

import time
from importlib.metadata import version
from pathlib import Path

import numpy as np

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
        identity={"trace": trace_key, "system": system.identity, "instructions_per_access": instructions_per_access,
                  "code": sha256_file(Path(classify_mod.__file__))},  # the model is part of what shapes the result
        inputs={}, scripts={}, tools={"pycachesim": version("pycachesim")},
        assumptions=system.assumptions,
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
    out = {f"memsys__runs__{name}": Metric(int(n), "runs", EVENTS_FILE, tool)
           for name, n in zip(classify_mod.OUTCOMES, counts)}
    bus = counts[classify_mod.MEM] + counts[classify_mod.C2C]
    out.update({
        "memsys__accesses": Metric(accesses, "accesses", EVENTS_FILE, tool),
        "memsys__runs": Metric(len(events), "runs", EVENTS_FILE, tool),
        "memsys__writebacks": Metric(int(events["wb"].sum()), "lines", EVENTS_FILE, tool),
        "memsys__miss_rate__l1": Metric((len(events) - counts[classify_mod.HIT_L1] - counts[classify_mod.BARRIER_EVENT])
                                        / max(accesses, 1), "ratio", EVENTS_FILE, tool),
        "memsys__miss_rate__l2": Metric(int(bus) / max(accesses, 1), "ratio", EVENTS_FILE, tool),
        "memsys__owner_check": Metric("pycachesim contains" if events.attrs.get("owner_check") else "directory only",
                                      "", EVENTS_FILE, tool),
        "memsys__runtime": Metric(round(seconds, 3), "s", "logs", tool),
        "memsys__accesses_per_second": Metric(accesses / max(seconds, 1e-9), "accesses/s", "logs", tool),
    })
    return out


def run_events(trace_run: Path, trace_key: str, system: System, instructions_per_access: float | None,
               cache: Path, force: bool = False) -> StepResult:
    return run_step(events_plan(trace_run, trace_key, system, instructions_per_access), _execute, cache, force=force)
