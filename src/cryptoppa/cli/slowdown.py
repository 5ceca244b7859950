"""`cryptoppa slowdown`: traces of real programs replayed with each protection scheme's engines."""

from __future__ import annotations

from pathlib import Path

import click
import numpy as np
import pandas as pd

from .. import catalog, limits
from ..answers.pools import pools_for
from ..answers.results import load_results
from ..errors import CryptoppaError, InputError
from ..feasibility.metadata import SCHEMES as METADATA_SCHEMES
from ..memsys.system import DEFAULT_SYSTEM, SYSTEMS, get_system
from ..paths import ROOT
from ..slowdown import Grid, run_grid
from ..slowdown import protection as prot
from ..slowdown.run import PROVISIONED, STUDY_SYSTEM
from ..sweep import results as results_mod
from ..trace.workloads import DEFAULT_WORKLOADS, SIZES, WORKLOADS
from .options import Number, given, output_folder, run_cache

ENGINE_RESULTS = ROOT / "reports" / "designs" / "data"
# What the answer's engines are read from: a results table without these columns is no table of characterized
# engines, and a finished row holds a finite number >= 0 in each numeric one.
ENGINE_COLUMNS = ("design", "status", "label")
ENGINE_NUMBERS = ("n", "clock_mhz", catalog.FMAX, catalog.CYCLES, catalog.LATENCY, catalog.READ_LATENCY_DATA)


def _items(text: str, allowed, what: str) -> tuple[str, ...]:
    items = tuple(x.strip() for x in text.split(",") if x.strip())
    bad = [x for x in items if x not in allowed]
    if bad or not items:
        raise InputError(f"--{what}: {', '.join(bad) or 'nothing given'}; expected some of {', '.join(allowed)}")
    return items


def _engine_table(folder: Path) -> pd.DataFrame:
    """The characterized engines' table (empty when there is none), refused whole when it is damaged: unreadable or
    cut short (cryptoppa.sweep.results), without a column the memory-link schemes are timed from, or with a finished
    row whose figure there is no finite number >= 0."""
    path = results_mod.table_path(folder)
    if path is None:
        return pd.DataFrame()
    table = results_mod.read(folder)
    missing = [c for c in (*ENGINE_COLUMNS, *ENGINE_NUMBERS) if c not in table.columns]
    if missing:
        raise InputError(f"{path}: not a results table of characterized engines (no column {', '.join(missing)})")
    finished = table[table["status"].isin(results_mod.FINISHED)]
    for column in ENGINE_NUMBERS:
        number = pd.to_numeric(finished[column], errors="coerce")
        bad = finished[finished[column].notna() & ~(np.isfinite(number) & (number >= 0))]
        if len(bad):
            value = bad[column].iloc[0]
            shown = repr(value) if isinstance(value, str) else value
            raise InputError(f"{path}: damaged results table (row {bad['label'].iloc[0]!r}: {column} {shown} is no "
                             "finite number >= 0)")
    return table


def _pools(folder: Path, system: str, clock: float | None) -> tuple:
    """The feasibility answer's pools for the system's memory, from the results folder of characterized engines."""
    return pools_for(load_results(folder), get_system(system, 1, 64).dram.preset, clock or "fmax")


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
@click.option("--processors", type=Number(limits.TRACED_PROCESSORS, many=True), default="4", show_default=True,
              help="kernels' processors (= threads), comma-separated")
@click.option("--line-bytes", type=Number(limits.TRACED_LINE_BYTES, many=True), default="64", show_default=True)
@click.option("--schemes", default="", help="comma-separated [default: every scheme the feasibility answer for the "
              "system's memory answers, and the literature's sgx-split and xts-aes40; study-gcm,study-cbc on "
              "study-2008]")
@click.option("--engines", type=Number(limits.ENGINE_POOL, words=(PROVISIONED,), many=True), default=PROVISIONED,
              show_default=True,
              help="memory-link pools: 'provisioned' (the feasibility answer's engine and count) and/or fixed sizes "
                   "of the answer's engine, e.g. provisioned,1,4")
@click.option("--engine-clock", type=Number(limits.CLOCK_MHZ), help="engines' clock in MHz: the answer for that "
              "controller clock, its engines those that meet it [default: each engine's fmax]")
@click.option("--gbps", type=Number(limits.AES_UNIT_GBPS, many=True), default="0.8,1.6,3.2", show_default=True,
              help="AES unit throughput (study schemes), comma-separated")
@click.option("--size", type=click.Choice(SIZES), default="default", show_default=True)
@click.option("--results", "engine_results", type=click.Path(path_type=Path), default=ENGINE_RESULTS,
              show_default="reports/designs/data", help="results folder of characterized engines")
@click.option("--out", type=click.Path(path_type=Path), default=Path("results/slowdown"), show_default=True,
              callback=output_folder)
@click.option("--jobs", type=Number(limits.JOBS), help="parallel points on this machine [default: 1]")
@click.option("--cluster", help="Dask scheduler address tcp://HOST:PORT, or a scheduler JSON file")
@click.option("--cache", type=click.Path(path_type=Path), help="run cache [default: $CRYPTOPPA_CACHE]")
@click.option("--force", is_flag=True, help="record, classify and time every point again")
def slowdown(workloads, system, processors, line_bytes, schemes, engines, engine_clock, gbps, size, engine_results,
             out, jobs, cluster, cache, force):
    """% run-time increase of real programs under each protection scheme, from traces recorded here, with each
    scheme's engines as the feasibility answer provisions them for the simulated machine's memory."""
    table = _engine_table(engine_results)
    known = [*METADATA_SCHEMES, *prot.LITERATURE, *prot.STUDY]
    chosen = _items(schemes, known, "schemes") if schemes else ()
    _meaningless(workloads, chosen, system, jobs, cluster)
    cache = run_cache(cache, "--cache")
    answered = any(s not in (*prot.STUDY, *prot.LITERATURE) for s in chosen) or not chosen and system != STUDY_SYSTEM
    if table.empty and (given("engine_results") or answered):
        raise InputError(f"--results {engine_results}: no results table ({results_mod.TABLE} or results.csv) of "
                         "characterized engines")
    grid = Grid(workloads=_items(workloads, WORKLOADS, "workloads"), system=system, processors=processors,
                line_bytes=line_bytes, schemes=chosen, engines=engines, gbps=gbps, size=size,
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
