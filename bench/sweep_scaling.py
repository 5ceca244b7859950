"""Wall time of flat vs composed array characterization, and how close the composed numbers are to flat.

    .venv/bin/python bench/sweep_scaling.py [--flat 1,2,4,8,16] [--composed 32,64,...,1024] [--jobs 2]

Every run starts from an empty cache in a temporary folder (cold), so the numbers are tool time on this
machine; note the machine's load when quoting them. Prints, per N: flat time, composed time (engine cached),
their ratio, composed time per added engine, and the composed-vs-flat gaps in area, power and fmax checked
against the bounds (area 1 %, power and fmax 3 %, N <= 8); then the thesis sweep (sweeps/thesis.toml) cold
and warm through the sweep runner. Not run in CI.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from cryptoppa import designs, pdk
from cryptoppa.designs.arrays import array_design
from cryptoppa.flow import characterize, design_point
from cryptoppa.flow.compose import DISPATCH_RUN_MAX_N, ArrayPoint, compose, dispatcher, dispatcher_point, engine_point
from cryptoppa.sweep import load, run_sweep

ROOT = Path(__file__).resolve().parents[1]
BOUNDS = {"synth__design__instance__area__stdcell": 0.01, "power__total": 0.03, "timing__fmax__mhz": 0.03}


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--design", default="gcm_iter")
    ap.add_argument("--flat", type=_ints, default=[1, 2, 4, 8, 16])
    ap.add_argument("--composed", type=_ints, default=[32, 64, 128, 256, 512, 1024])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip-thesis", action="store_true")
    args = ap.parse_args()

    engine = designs.get(args.design)
    params = tuple(sorted(engine.resolve_params({"DIGIT": 16, "KEY_BITS": 128, "LINE_BYTES": 64}
                                                if args.design == "gcm_iter" else {}).items()))
    desc = pdk.get(pdk.DEFAULT_PDK)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (shared machine)")
    with tempfile.TemporaryDirectory(prefix="bench-scaling-") as tmp:
        tmp = Path(tmp)
        if not args.skip_thesis:
            # The file itself is flat (the study's method, the reference); the timing target is for composed.
            spec = load(ROOT / "sweeps/thesis.toml", array_mode="composed")
            spec = replace(spec, output=tmp / "results")
            for what in ("cold", "warm"):
                start = time.monotonic()
                table = run_sweep(spec, jobs=args.jobs, cache=tmp / "thesis-cache", progress=False, echo=lambda *_: None)
                print(f"thesis sweep (N=1..16, composed, --jobs {args.jobs}) {what}: {time.monotonic() - start:.1f} s, "
                      f"statuses {dict(table.status.value_counts())}")

        cache = tmp / "cache"
        start = time.monotonic()
        characterize(engine_point(ArrayPoint(engine, 1, params, pdk.DEFAULT_PDK, "nom", 225.0)), cache)
        t_engine = time.monotonic() - start
        print(f"engine {args.design} alone (synthesis, STA, throughput simulation): {t_engine:.1f} s")
        print(f"{'N':>5} {'flat s':>8} {'composed s':>10} {'ratio':>6} {'s/engine':>8}  gaps composed vs flat")
        for n in sorted(set(args.flat) | set(args.composed)):
            point = ArrayPoint(engine, n, params, pdk.DEFAULT_PDK, "nom", 225.0)
            start = time.monotonic()
            comp = compose(point, cache)
            t_comp = time.monotonic() - start
            t_flat, gaps = None, ""
            if n in args.flat:
                d = array_design(engine, n, tmp / "generated")
                fp = design_point(d, pdk=pdk.DEFAULT_PDK, corner="nom", clock_mhz=225.0, params=dict(params),
                                  perf_lines=max(12, 8 * n), perf_round=n)
                start = time.monotonic()
                flat = characterize(fp, tmp / "flat-cache").metrics
                t_flat = time.monotonic() - start
                parts = []
                for name, bound in BOUNDS.items():
                    c, f = comp.metrics[name].value, flat[name].value
                    gap = (c - f) / f
                    verdict = "ok" if n > 8 or abs(gap) <= bound else f"OUTSIDE {bound:.0%}"
                    parts.append(f"{name.split('__')[-1] if 'area' not in name else 'area'} {gap:+.2%} {verdict}")
                cpl_c, cpl_f = comp.metrics["perf__cycles_per_line"].value, flat["perf__cycles_per_line"].value
                parts.append(f"cycles/line {cpl_c:.2f} vs simulated {cpl_f:.2f}")
                gaps = "; ".join(parts)
            ratio = f"{t_flat / t_comp:6.1f}" if t_flat else f"{'-':>6}"
            flat_s = f"{t_flat:8.1f}" if t_flat else f"{'-':>8}"
            print(f"{n:5d} {flat_s} {t_comp:10.1f} {ratio} {t_comp / n:8.2f}  [{comp.method}] {gaps}", flush=True)
        _check_dispatcher_fit(ArrayPoint(engine, 1, params, pdk.DEFAULT_PDK, "nom", 225.0), desc, cache)


def _check_dispatcher_fit(point: ArrayPoint, desc, cache: Path) -> None:
    """The fitted dispatcher just beyond the largest one run, against running it."""
    n = 2 * DISPATCH_RUN_MAX_N
    fitted = dispatcher(point, n, desc, cache)[0]
    start = time.monotonic()
    run = characterize(dispatcher_point(point, n), cache).metrics
    print(f"dispatcher N={n} run in {time.monotonic() - start:.1f} s; fitted vs run:")
    for name in ("synth__design__instance__area__stdcell", "synth__design__instance__count__sequential",
                 "power__total", "timing__setup__ws"):
        f, r = fitted[name].value, run[name].value
        print(f"  {name}: fitted {f:.5g}, run {r:.5g} ({(f - r) / abs(r):+.2%})")


if __name__ == "__main__":
    main()
