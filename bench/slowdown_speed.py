"""Trace recording and slowdown simulation speed, and the largest trace that fits a time budget.

    .venv/bin/python bench/slowdown_speed.py                         # RADIX, 2^16 keys up, doubling, 600 s budget
    .venv/bin/python bench/slowdown_speed.py --workload fft --start 14 --threads 4 --budget 300

For each size, from an empty cache in a temporary folder: the ThreadSanitizer trace of the kernel (accesses per
second of the traced run and of the whole step: build, traced run, callgrind, Parquet), the functional pass
(pycachesim + MSI, accesses per second) and the timing pass (bus events per second, per scheme) on the 2008
study's in-order SMP, then the same trace classified for the modern system (shared LLC) and replayed on its
out-of-order cores: accesses per second of the in-order and of the out-of-order replay, unprotected. Sizes double
until one point's steps take longer than the budget; the last one inside it is the largest trace that fits.
"""

import argparse
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pandas as pd

from cryptoppa import catalog
from cryptoppa.answers.pools import pools_for
from cryptoppa.memsys import EVENTS_FILE, run_events, study_system
from cryptoppa.memsys.system import get_system
from cryptoppa.slowdown import protection as prot
from cryptoppa.slowdown.ooo import simulate_ooo
from cryptoppa.slowdown.timing import simulate
from cryptoppa.trace import get_workload, record_trace, trace_plan

KERNELS = ("fft", "lu-c", "lu-nc", "radix")  # each kernel's first argument is its size


def _grow(workload: str, value: int) -> int:
    return value + 2 if workload == "fft" else value * 2  # FFT's argument is log2 of the points


def point(workload: str, value: int, threads: int, cache: Path) -> dict:
    base = get_workload(workload)
    args = list(base.args["default"])
    args[0] = str(value)
    w = replace(base, args={"default": tuple(args), "tiny": base.args["tiny"]})
    start = time.monotonic()
    traced = record_trace(w, threads, cache)
    record_s = time.monotonic() - start
    m = {k: v.value for k, v in traced.metrics.items()}
    system = study_system(threads, 64)
    start = time.monotonic()
    done = run_events(traced.run_dir, trace_plan(w, threads).key, system, m[catalog.TRACE_IPA], cache)
    classify_s = time.monotonic() - start
    events = pd.read_parquet(done.run_dir / EVENTS_FILE)
    bus = int(((events["outcome"] >= 2) | (events["wb"] > 0)).sum())
    answered = pools_for(Path(__file__).resolve().parents[1] / "reports/designs/data", "ddr4-3200")
    tree = next(p for p in answered if p.scheme == "ctr-mac-tree")
    timing = {}
    for p in (prot.NONE, prot.study_protection("study-gcm", 64, 0.8), prot.pool_protection(tree, 1, "fixed")):
        start = time.monotonic()
        simulate(events, system, p)
        timing[p.scheme] = time.monotonic() - start
    accesses = m[catalog.TRACE_ACCESSES]
    modern = get_system("modern-ddr4", threads, 64)
    start = time.monotonic()
    done = run_events(traced.run_dir, trace_plan(w, threads).key, modern, m[catalog.TRACE_IPA], cache)
    classify_modern_s = time.monotonic() - start
    modern_events = pd.read_parquet(done.run_dir / EVENTS_FILE)
    start = time.monotonic()
    simulate_ooo(modern_events, modern, prot.NONE)
    ooo_s = time.monotonic() - start
    return {"size": value, "accesses": accesses, "traced_run_s": m[catalog.runtime("trace")],
            "trace_step_s": round(record_s, 1), "classify_s": round(classify_s, 1),
            "classify_acc_per_s": round(accesses / classify_s), "bus_events": bus,
            **{f"time_{k}_s": round(v, 1) for k, v in timing.items()},
            "events_per_s": round(bus / max(timing["none"], 1e-9)),
            "inorder_acc_per_s": round(accesses / max(timing["none"], 1e-9)),
            "ooo_acc_per_s": round(accesses / max(ooo_s, 1e-9)), "ooo_s": round(ooo_s, 1),
            "total_s": round(record_s + classify_s + sum(timing.values()) + classify_modern_s + ooo_s, 1)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workload", default="radix", choices=KERNELS)
    ap.add_argument("--start", type=int, default=65536, help="first size (FFT: log2 of the points)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--budget", type=float, default=600.0, help="seconds one point may take")
    opts = ap.parse_args()
    rows, value = [], opts.start
    with tempfile.TemporaryDirectory(prefix="slowdown-bench-") as tmp:
        while True:
            row = point(opts.workload, value, opts.threads, Path(tmp))
            rows.append(row)
            print(pd.DataFrame(rows).to_string(index=False), flush=True)
            if row["total_s"] > opts.budget or row["total_s"] * 2.2 > opts.budget:
                break  # the next size (about twice the accesses) would not fit
            value = _grow(opts.workload, value)
    fits = [r for r in rows if r["total_s"] <= opts.budget]
    if fits:
        print(f"largest {opts.workload} trace inside {opts.budget:g} s: {fits[-1]['accesses']:,} accesses "
              f"(size {fits[-1]['size']}, {fits[-1]['total_s']} s)")


if __name__ == "__main__":
    main()
