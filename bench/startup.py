"""Start-up of the command line and a fully cached sweep, as medians of whole processes.

    .venv/bin/python bench/startup.py [--runs 9]

Each figure is the median wall time of `--runs` fresh processes after one warm-up; "beyond bare" subtracts the
median of a bare `python -c pass` measured in the same run, interleaved, so the machine's drift cancels. Goals:
`cryptoppa --help` and the quick commands within 0.3 s beyond bare Python; `cryptoppa sweep sweeps/demo.toml` on a
warm cache within 1 s. Not run in CI (timing belongs here, not in tests).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI = str(Path(sys.executable).parent / "cryptoppa")
QUICK = [["--help"], ["designs"], ["presets"], ["pdk", "list"], ["pdk", "show", "freepdk45"]]
BARE = [sys.executable, "-c", "pass"]


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (shared machine)")
    cases = {" ".join(["cryptoppa", *a]): [CLI, *a] for a in QUICK}
    cases["cryptoppa sweep sweeps/demo.toml (cached)"] = [CLI, "sweep", "sweeps/demo.toml"]
    wall(cases["cryptoppa sweep sweeps/demo.toml (cached)"])  # fills the cache if it is cold
    times: dict[str, list[float]] = {name: [] for name in ["bare python", *cases]}
    for i in range(args.runs + 1):
        for name, argv in [("bare python", BARE), *cases.items()]:
            t = wall(argv)
            if i:  # the first round warms the file cache
                times[name].append(t)
    bare = statistics.median(times["bare python"])
    print(f"{'command':48s} {'median s':>9} {'beyond bare s':>14} {'min':>7} {'max':>7}")
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"{name:48s} {med:9.3f} {med - bare:14.3f} {min(ts):7.3f} {max(ts):7.3f}")


if __name__ == "__main__":
    main()
