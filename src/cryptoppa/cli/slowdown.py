"""`cryptoppa slowdown`: traces of real programs replayed with each protection scheme's engines."""

from __future__ import annotations

from pathlib import Path

import click
import pandas as pd

from ..errors import CryptoppaError, InputError
from ..paths import ROOT
from ..slowdown import Grid, run_grid
from ..slowdown import protection as prot
from ..sweep import results as results_mod
from ..trace.workloads import SIZES, STUDY_KERNELS, WORKLOADS
from .options import given, output_folder, run_cache

ENGINE_RESULTS = ROOT / "reports" / "designs" / "data"


def _items(text: str, allowed, what: str, cast=str) -> tuple:
    try:
        items = tuple(cast(x.strip()) for x in text.split(",") if x.strip())
    except ValueError:
        raise InputError(f"--{what}: expected a comma-separated list, got {text!r}") from None
    bad = [x for x in items if allowed is not None and x not in allowed]
    if bad or not items:
        raise InputError(f"--{what}: {', '.join(map(str, bad)) or 'nothing given'}; expected some of "
                         f"{', '.join(map(str, allowed))}")
    return items


def _meaningless(workloads: str, schemes: str, jobs, cluster) -> None:
    """Options the grid would ignore are refused rather than dropped silently."""
    named = {s.strip() for s in schemes.split(",")}
    for option, needs, what in (("engines", prot.MEASURED, "measured"), ("engine_results", prot.MEASURED, "measured"),
                                ("gbps", prot.STUDY, "study")):
        if given(option) and not named & set(needs):
            flag = "--results" if option == "engine_results" else f"--{option}"
            raise InputError(f"{flag} is for the {what} schemes ({', '.join(needs)}): --schemes names none")
    kernels = [w for w in (x.strip() for x in workloads.split(",")) if w in WORKLOADS and WORKLOADS[w].kernel]
    if given("processors") and not kernels:
        raise InputError("--processors sets the threads of the SPLASH-2 kernels: --workloads names none (the "
                         "other programs are single threaded and run at one processor)")
    if jobs is not None and cluster:
        raise InputError(f"--jobs sets this machine's worker processes: with --cluster {cluster} the cluster's "
                         "workers run the points; give one or the other")


@click.command()
@click.option("--workloads", default=",".join(STUDY_KERNELS), show_default=True,
              help=f"comma-separated, of: {', '.join(WORKLOADS)}")
@click.option("--processors", default="2,4,8", show_default=True, help="kernels' processors (= threads)")
@click.option("--line-bytes", default="64,128", show_default=True)
@click.option("--schemes", default=",".join([*prot.MEASURED, *prot.STUDY]), show_default=True)
@click.option("--engines", default="1", show_default=True, help="engines in the pool (measured schemes)")
@click.option("--gbps", default="0.8,1.6,3.2", show_default=True, help="AES unit throughput (study schemes)")
@click.option("--size", type=click.Choice(SIZES), default="default", show_default=True)
@click.option("--memory", default="desktop-25.6", show_default=True, help="memory preset timing the DRAM")
@click.option("--results", "engine_results", type=click.Path(path_type=Path), default=ENGINE_RESULTS,
              show_default="reports/designs/data", help="results folder of characterized engines")
@click.option("--out", type=click.Path(path_type=Path), default=Path("results/slowdown"), show_default=True,
              callback=output_folder)
@click.option("--jobs", type=click.IntRange(min=1), help="parallel points on this machine [default: 1]")
@click.option("--cluster", help="Dask scheduler address tcp://HOST:PORT, or a scheduler JSON file")
@click.option("--cache", type=click.Path(path_type=Path), help="run cache [default: $CRYPTOPPA_CACHE]")
@click.option("--force", is_flag=True, help="record, classify and time every point again")
def slowdown(workloads, processors, line_bytes, schemes, engines, gbps, size, memory, engine_results, out, jobs,
             cluster, cache, force):
    """% run-time increase of real programs under each protection scheme, from traces recorded here."""
    _meaningless(workloads, schemes, jobs, cluster)
    cache = run_cache(cache, "--cache")
    table = results_mod.read(engine_results)
    measured = [s for s in _items(schemes, [*prot.MEASURED, *prot.STUDY], "schemes") if s in prot.MEASURED]
    if measured and table.empty:
        raise InputError(f"--results {engine_results}: no results table of characterized engines")
    grid = Grid(workloads=_items(workloads, WORKLOADS, "workloads"),
                processors=_items(processors, range(1, 65), "processors", int),
                line_bytes=_items(line_bytes, (64, 128), "line-bytes", int),
                schemes=_items(schemes, [*prot.MEASURED, *prot.STUDY], "schemes"),
                engines=_items(engines, range(1, 1025), "engines", int),
                gbps=_items(gbps, None, "gbps", float), size=size, preset=memory, engine_results=table)
    click.echo(f"slowdown: {len(grid.points())} points -> {out}")
    result = run_grid(grid, out, cache, jobs=jobs, cluster=cluster, force=force)
    mine = result[result["size"] == size]
    failed = mine[mine["status"] == "failed"]
    ok = mine[(mine["status"] == "ok") & (mine["scheme"] != "none")]
    if not ok.empty:
        view = ok.pivot_table(index=["workload", "processors", "line_bytes"], columns=["scheme"],
                              values="slowdown_pct", aggfunc="max").round(2)
        with pd.option_context("display.width", 200, "display.max_columns", None):
            click.echo("% slowdown (max over engine throughputs):\n" + view.to_string())
    if len(failed):
        raise CryptoppaError(f"{len(failed)} points failed (rows kept in {out}): {failed['error'].iloc[0][:200]}")
