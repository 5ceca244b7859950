#!/usr/bin/env python3
"""Regenerate the notebooks' default results folder from a real sweep of sweeps/smoke.toml.

    .venv/bin/python scripts/make_sample_results.py [--dest notebooks/sample_results] [--cache DIR]

The sweep runs the real flow (Yosys, OpenSTA) through the run cache, so a second call is quick.  The
folder is rebuilt from scratch each time (a sweep merges into an existing table, which would keep rows
of points no longer in smoke.toml).
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DEST = ROOT / "notebooks" / "sample_results"
SWEEP = ROOT / "sweeps" / "smoke.toml"


def make_sample(dest: Path = DEFAULT_DEST, cache: Path | None = None, sweep: Path = SWEEP) -> Path:
    """Run ``sweep`` into a fresh folder and move its results.parquet/results.csv to ``dest``."""
    from cryptoppa.sweep import default_cache, load, run_sweep

    dest = Path(dest)
    with tempfile.TemporaryDirectory(prefix="cryptoppa-sample-") as tmp:
        spec = dataclasses.replace(load(sweep), output=Path(tmp) / "results")
        table = run_sweep(spec, cache=cache or default_cache(), progress=False, echo=lambda *_: None)
        failed = table[table["status"] == "failed"]
        if not failed.empty:
            raise SystemExit(f"sample sweep had {len(failed)} failed points, first: {failed['error'].iloc[0]}")
        dest.mkdir(parents=True, exist_ok=True)
        for name in ("results.parquet", "results.csv"):
            shutil.copyfile(spec.output / name, dest / name)
    return dest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=DEFAULT_DEST, help=f"output folder [{DEFAULT_DEST}]")
    parser.add_argument("--cache", type=Path, help="run cache [default: cryptoppa's]")
    parser.add_argument("--sweep", type=Path, default=SWEEP, help=f"sweep file [{SWEEP}]")
    args = parser.parse_args(argv)
    print(f"wrote {make_sample(args.dest, args.cache, args.sweep)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
