"""`cryptoppa sweep`, `results` and `cache`: many points, their table, and the run cache."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
import pandas as pd

from .. import limits
from ..answers.labels import short_labels
from ..answers.records import sig_text
from .. import sweep as sweep_mod
from ..catalog import AREA, FMAX, POWER
from ..errors import CryptoppaError, InputError
from ..sweep import cache as cache_mod
from ..sweep import estimate as estimate_mod
from ..sweep import results as results_mod
from .options import Number, given, run_cache


@click.command()
@click.argument("sweep_file", type=click.Path(path_type=Path))
@click.option("--jobs", type=Number(limits.JOBS), help="parallel points on this machine [default: cores]")
@click.option("--cluster", help="Dask scheduler address tcp://HOST:PORT, or a scheduler JSON file")
@click.option("--force", is_flag=True, help="recompute points even when cached")
@click.option("--cache", type=click.Path(path_type=Path), help="run cache [default: $CRYPTOPPA_CACHE]")
@click.option("--dry-run", is_flag=True, help="list the points, estimate their time from the cache, and exit")
@click.option("--flat", is_flag=True, help="synthesize arrays flat instead of composing them (N <= 64)")
@click.option("--composed", is_flag=True, help="compose arrays even where the sweep file says flat")
@click.option("--yes", is_flag=True, help=f"run a sweep of more points than its max_points (default "
              f"{limits.SWEEP_POINTS.high:,g})")
def sweep(sweep_file, jobs, cluster, force, cache, dry_run, flat, composed, yes):
    """Characterize every point of a sweep file; results go to its output folder."""
    if flat and composed:
        raise InputError("--flat and --composed exclude each other")
    if jobs is not None and cluster:
        raise InputError(f"--jobs sets this machine's worker processes: with --cluster {cluster} the cluster's "
                         "workers run the points; give one or the other")
    if dry_run and (force or cluster or yes):
        ignored = next(o for o, v in (("--force", force), ("--cluster", cluster), ("--yes", yes)) if v)
        raise InputError(f"{ignored} changes how points run: --dry-run runs none (it lists them and estimates)")
    spec = sweep_mod.load(sweep_file, array_mode="flat" if flat else "composed" if composed else None)
    if (flat or composed) and all(p.n is None for p in spec.points):
        raise InputError(f"--{'flat' if flat else 'composed'} says how arrays are built: {sweep_file} has none "
                         "(no sweep.n)")
    cache = run_cache(cache, "--cache")
    workers = jobs or spec.jobs or os.cpu_count() or 1
    click.echo(f"{spec.name}: {len(spec.points)} points -> {spec.output}")
    if dry_run:
        for point in spec.points:
            click.echo(f"  {point.label()}")
        click.echo(f"estimate: {estimate_mod.estimate(spec, cache).text(workers)}")
        return
    estimate_mod.check_size(spec, cache, workers, yes)
    table = sweep_mod.run_sweep(spec, jobs=jobs, cluster=cluster, force=force, cache=cache,
                                progress=sys.stderr.isatty(), echo=click.echo)
    counts = table["status"].value_counts().to_dict()
    click.echo(f"{spec.name}: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    if counts.get("failed"):
        raise CryptoppaError(f"{counts['failed']} of {len(table)} points failed (rows kept in {spec.output})")


@click.command()
@click.argument("folder", type=click.Path(exists=True, path_type=Path))
@click.option("--columns", default=",".join(["label", "status", AREA, FMAX, POWER]),
              show_default=True, help="comma-separated columns, or 'all'")
def results(folder, columns):
    """Print a results folder's table."""
    table = results_mod.read(folder)
    if table.empty:
        raise InputError(f"{folder}: no results table")
    if columns != "all":
        wanted = [c.strip() for c in columns.split(",") if c.strip()]
        unknown = [c for c in wanted if c not in table.columns]
        if not given("columns"):  # the default names what most tables have (FPGA rows have no power)
            wanted, unknown = [c for c in wanted if c in table.columns], []
        if unknown or not wanted:
            raise InputError(f"--columns: {', '.join(map(repr, unknown)) or 'no column'} not in {folder}'s table; "
                             f"expected 'all' or names from: {', '.join(table.columns)}")
        table = table[wanted]
    click.echo(readable(table).to_string(index=False))


@click.group()
def cache():
    """Inspect and prune the run cache."""


@cache.command("info")
@click.option("--cache", "where", type=click.Path(path_type=Path))
def cache_info(where):
    click.echo(cache_mod.info(where))


@cache.command("prune")
@click.option("--cache", "where", type=click.Path(path_type=Path))
@click.option("--all", "everything", is_flag=True, help="remove finished runs too, not only broken ones")
def cache_prune(where, everything):
    click.echo(cache_mod.prune(run_cache(where, "--cache"), everything))


def readable(table: pd.DataFrame) -> pd.DataFrame:
    """Labels by what tells the rows apart, numbers to four significant digits (the documents' rule)."""
    out = table.copy()
    if "label" in out.columns:
        out["label"] = out["label"].map(short_labels(list(out["label"].astype(str))))
    for col in out.columns:
        if pd.api.types.is_float_dtype(out[col]):
            out[col] = out[col].map(lambda v: "–" if v != v else sig_text(float(v)))
    return out
