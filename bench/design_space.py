"""The whole design space, cold: every engine family x key size x the three FreePDK45 corners x composed arrays of
N = 1, 2, 4, ..., 1024 engines, from an empty cache.

    .venv/bin/python bench/design_space.py [--jobs 2] [--families gcm_iter,cbc_mac] [--max-n 1024]

Prints an estimate first (from the step times of earlier runs of these designs in the run cache, when it has
any), then a line per finished point with the points done and the time left at the rate so far, then the wall
time and what dominates: the summed per-step runtimes (synthesis elaborate/map and throughput simulation, once per
RTL configuration; STA per corner and clock; the engines' interface models and the arrays timed from them) of every
run folder the sweep made, by the label of its runs, each step time counted in the run that spent it. The goal is
10 minutes on 2 cores. Not run in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from cryptoppa import designs, pdk
from cryptoppa.metrics import is_carried
from cryptoppa.sweep import SweepPoint, SweepSpec, default_cache, run_sweep
from cryptoppa.sweep.estimate import estimate


def engine_families() -> list[str]:
    return [n for n, p in designs.available().items() if designs.load(p).interface == "engine"]


def points(families: list[str], max_n: int) -> list[SweepPoint]:
    out = []
    ns = [1 << k for k in range(max_n.bit_length()) if 1 << k <= max_n]
    for name in families:
        d = designs.get(name)
        for key_bits in d.params["KEY_BITS"].allowed or (d.params["KEY_BITS"].default,):
            params = tuple(sorted(d.resolve_params({"KEY_BITS": key_bits}).items()))
            for corner in ("nom", "fast", "slow"):
                out += [SweepPoint("design-space", name, n, params, pdk.DEFAULT_PDK, corner, 225.0, 0.1) for n in ns]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--families", default=",".join(engine_families()))
    ap.add_argument("--max-n", type=int, default=1024)
    args = ap.parse_args()
    families = [f for f in args.families.split(",") if f]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (shared machine)")
    with tempfile.TemporaryDirectory(prefix="bench-space-") as tmp:
        tmp = Path(tmp)
        spec = SweepSpec(path=Path("design_space"), name="design-space", output=tmp / "results",
                         points=tuple(points(families, args.max_n)))
        print(f"{len(spec.points)} points: {', '.join(families)} x key sizes x nom/fast/slow x N = 1..{args.max_n}")
        print(f"estimate: {estimate(spec, default_cache()).text(args.jobs)}", flush=True)
        start = time.monotonic()
        table = run_sweep(spec, jobs=args.jobs, cache=tmp / "cache", progress=False,
                          echo=lambda line: print(line, flush=True))
        wall = time.monotonic() - start
        print(f"cold: {wall / 60:.1f} min wall, statuses { {k: int(v) for k, v in table.status.value_counts().items()} }")
        steps: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        for metrics in (tmp / "cache").glob("*/metrics.json"):
            family = metrics.parent.name.rsplit("-", 1)[0]
            for name, m in json.loads(metrics.read_text()).items():
                # A run that starts from another's carries that run's step times (named there): spent once, there.
                if name.startswith("flow__") and name.endswith("__runtime") and not is_carried(m["source"]):
                    steps[family][name.split("__")[1]] += m["value"]
        total = sum(sum(s.values()) for s in steps.values())
        print(f"{'runs of':32s} {'step':12s} {'tool s':>9} {'share':>6}")
        for family, by_step in sorted(steps.items(), key=lambda kv: -sum(kv[1].values())):
            for step, seconds in sorted(by_step.items(), key=lambda kv: -kv[1]):
                print(f"{family:32s} {step:12s} {seconds:9.1f} {seconds / total:6.1%}")


if __name__ == "__main__":
    main()
