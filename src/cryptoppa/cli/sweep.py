"""`cryptoppa sweep`, `results` and `cache`: many points, their table, and the run cache."""

from __future__ import annotations

from pathlib import Path

import click
import pandas as pd

from .. import sweep as sweep_mod
from ..catalog import AREA, FMAX, POWER
from ..errors import CryptoppaError, InputError
from ..sweep import cache as cache_mod
from ..sweep import results as results_mod


@click.command()
@click.argument("sweep_file", type=click.Path(path_type=Path))
@click.option("--jobs", type=click.IntRange(min=1), help="parallel points on this machine [default: cores]")
@click.option("--cluster", help="Dask scheduler address tcp://HOST:PORT, or a scheduler JSON file")
@click.option("--force", is_flag=True, help="recompute points even when cached")
@click.option("--cache", type=click.Path(path_type=Path), help="run cache [default: $CRYPTOPPA_CACHE]")
@click.option("--dry-run", is_flag=True, help="list the points and exit")
@click.option("--flat", is_flag=True, help="synthesize arrays flat instead of composing them (N <= 64)")
@click.option("--composed", is_flag=True, help="compose arrays even where the sweep file says flat")
def sweep(sweep_file, jobs, cluster, force, cache, dry_run, flat, composed):
    """Characterize every point of a sweep file; results go to its output folder."""
    if flat and composed:
        raise InputError("--flat and --composed exclude each other")
    spec = sweep_mod.load(sweep_file, array_mode="flat" if flat else "composed" if composed else None)
    click.echo(f"{spec.name}: {len(spec.points)} points -> {spec.output}")
    if dry_run:
        for point in spec.points:
            click.echo(f"  {point.label()}")
        return
    table = sweep_mod.run_sweep(spec, jobs=jobs, cluster=cluster, force=force, cache=cache)
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
        table = table[[c for c in columns.split(",") if c in table.columns]]
    with pd.option_context("display.max_rows", None, "display.width", 200):
        click.echo(table.to_string(index=False))


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
    click.echo(cache_mod.prune(where, everything))
