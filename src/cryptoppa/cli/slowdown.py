"""`cryptoppa slowdown`: traces of real programs replayed with each protection scheme's engines."""

from __future__ import annotations

from pathlib import Path

import click
import pandas as pd

from ..answers.pools import pools_for
from ..answers.results import load_results
from ..errors import CryptoppaError, InputError
from ..feasibility.metadata import SCHEMES as METADATA_SCHEMES
from ..memsys.system import DEFAULT_SYSTEM, SYSTEMS, get_system
from ..paths import ROOT
from ..slowdown import Grid, run_grid
from ..slowdown import protection as prot
from ..slowdown.run import PROVISIONED, STUDY_SYSTEM
from ..trace.workloads import DEFAULT_WORKLOADS, SIZES, WORKLOADS
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


def _pools(folder: Path, system: str, clock: float | None) -> tuple:
    """The feasibility answer's pools for the system's memory, from the results folder of characterized engines."""
    loaded = load_results(folder)
    if loaded.points.empty:
        raise InputError(f"--results {folder}: no finished engine rows to answer with")
    return pools_for(loaded, get_system(system, 1, 64).dram.preset, clock or "fmax")


def _pool(text: str) -> str | int:
    return text if text == PROVISIONED else int(text)


def _meaningless(workloads: str, chosen, system: str, jobs, cluster) -> None:
    """Options the grid would ignore are refused rather than dropped silently."""
    study = system == "study-2008" and not chosen or any(s in prot.STUDY for s in chosen)
    measured = not chosen and system != "study-2008" or any(s not in prot.STUDY for s in chosen)
    for option, flag, needed, what in (("engines", "engines", measured, "measured engines'"),
                                       ("engine_clock", "engine-clock", measured, "measured engines'"),
                                       ("engine_results", "results", measured, "measured engines'"),
                                       ("gbps", "gbps", study, "2008 study's")):
        if given(option) and not needed:
            raise InputError(f"--{flag} sets the {what} pools: --schemes and --system time none")
    kernels = [w for w in (x.strip() for x in workloads.split(",")) if w in WORKLOADS and WORKLOADS[w].kernel]
    if given("processors") and not kernels:
        raise InputError("--processors sets the threads of the SPLASH-2 kernels: --workloads names none (the "
                         "other programs are single threaded and run at one processor)")
    if jobs is not None and cluster:
        raise InputError(f"--jobs sets this machine's worker processes: with --cluster {cluster} the cluster's "
                         "workers run the points; give one or the other")


@click.command()
@click.option("--workloads", default=",".join(DEFAULT_WORKLOADS), show_default=True,
              help=f"comma-separated, of: {', '.join(WORKLOADS)}")
@click.option("--system", type=click.Choice(list(SYSTEMS)), default=DEFAULT_SYSTEM, show_default=True,
              help="the simulated machine: cores, caches, DRAM (study-2008 replays the 2008 study's SMP)")
@click.option("--processors", default="4", show_default=True, help="kernels' processors (= threads)")
@click.option("--line-bytes", default="64", show_default=True)
@click.option("--schemes", default="", help="comma-separated [default: every scheme the feasibility answer for the "
              "system's memory answers, and the literature's sgx-split and xts-aes40; study-gcm,study-cbc on "
              "study-2008]")
@click.option("--engines", default=PROVISIONED, show_default=True,
              help="memory-link pools: 'provisioned' (the feasibility answer's engine and count) and/or fixed sizes "
                   "of the answer's engine, e.g. provisioned,1,4")
@click.option("--engine-clock", type=click.FloatRange(min=1.0), help="engines' clock in MHz: the answer for that "
              "controller clock, its engines those that meet it [default: each engine's fmax]")
@click.option("--gbps", default="0.8,1.6,3.2", show_default=True, help="AES unit throughput (study schemes)")
@click.option("--size", type=click.Choice(SIZES), default="default", show_default=True)
@click.option("--results", "engine_results", type=click.Path(path_type=Path), default=ENGINE_RESULTS,
              show_default="reports/designs/data", help="results folder of characterized engines")
@click.option("--out", type=click.Path(path_type=Path), default=Path("results/slowdown"), show_default=True,
              callback=output_folder)
@click.option("--jobs", type=click.IntRange(min=1), help="parallel points on this machine [default: 1]")
@click.option("--cluster", help="Dask scheduler address tcp://HOST:PORT, or a scheduler JSON file")
@click.option("--cache", type=click.Path(path_type=Path), help="run cache [default: $CRYPTOPPA_CACHE]")
@click.option("--force", is_flag=True, help="record, classify and time every point again")
def slowdown(workloads, system, processors, line_bytes, schemes, engines, engine_clock, gbps, size, engine_results,
             out, jobs, cluster, cache, force):
    """% run-time increase of real programs under each protection scheme, from traces recorded here, with each
    scheme's engines as the feasibility answer provisions them for the simulated machine's memory."""
    known = [*METADATA_SCHEMES, *prot.LITERATURE, *prot.STUDY]
    chosen = _items(schemes, known, "schemes") if schemes else ()
    _meaningless(workloads, chosen, system, jobs, cluster)
    cache = run_cache(cache, "--cache")
    sizes = _items(engines, None, "engines", _pool)
    if any(n != PROVISIONED and not 1 <= n <= 1024 for n in sizes):
        raise InputError(f"--engines {engines}: expected 'provisioned' or pool sizes 1..1024")
    answered = any(s not in prot.STUDY and s not in prot.LITERATURE for s in chosen) or \
        not chosen and system != STUDY_SYSTEM
    grid = Grid(workloads=_items(workloads, WORKLOADS, "workloads"), system=system,
                processors=_items(processors, range(1, 65), "processors", int),
                line_bytes=_items(line_bytes, (64, 128), "line-bytes", int), schemes=chosen, engines=sizes,
                gbps=_items(gbps, None, "gbps", float), size=size,
                pools=_pools(engine_results, system, engine_clock) if answered else ())
    grid.scheme_list  # refuses a scheme the system does not time, before any work
    click.echo(f"slowdown: {len(grid.points())} points on {system} -> {out}")
    result = run_grid(grid, out, cache, jobs=jobs, cluster=cluster, force=force)
    mine = result[(result["size"] == size) & (result.get("system", system) == system)]
    failed = mine[mine["status"] == "failed"]
    ok = mine[(mine["status"] == "ok") & (mine["scheme"] != "none")]
    if not ok.empty:
        view = ok.pivot_table(index=["workload", "processors", "line_bytes"], columns=["scheme"],
                              values="slowdown_pct", aggfunc="max").round(2)
        with pd.option_context("display.width", 200, "display.max_columns", None):
            click.echo("% slowdown (max over pools and engine throughputs):\n" + view.to_string())
    if len(failed):
        raise CryptoppaError(f"{len(failed)} points failed (rows kept in {out}): {failed['error'].iloc[0][:200]}")
