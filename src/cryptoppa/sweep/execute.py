"""Run a sweep's points on a local process pool or a Dask cluster, with progress, merging rows as they finish."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import pandas as pd
from tqdm import tqdm

from .. import settings
from ..errors import CryptoppaError
from ..runs import forced
from . import results
from .point import STATUS_FAILED, run_point
from .spec import SweepSpec


def default_cache() -> Path:
    return settings.current().cache


def _dask_client(cluster: str):
    try:
        from distributed import Client  # noqa: PLC0415 (dask is seconds to import; only --cluster needs it)
    except ImportError:
        raise CryptoppaError("--cluster needs dask.distributed: .venv/bin/pip install 'distributed'") from None
    try:
        if cluster.endswith(".json"):
            return Client(scheduler_file=cluster, timeout="30s")
        return Client(cluster, timeout="30s")
    except (OSError, TimeoutError) as err:
        raise CryptoppaError(f"cannot reach Dask scheduler {cluster}: {err}") from None


def run_sweep(spec: SweepSpec, jobs: int | None = None, cluster: str | None = None, force: bool = False,
              cache: Path | None = None, progress: bool = True, echo=print) -> pd.DataFrame:
    """Every point of the sweep; returns the sweep's rows of the results table (all statuses). With force, every
    run sealed before the sweep started is rebuilt; one built during it (an engine shared by arrays) is reused."""
    cache = Path(cache or default_cache())
    cache.mkdir(parents=True, exist_ok=True)
    results.read(spec.output)  # a damaged table is repaired, or refused, before any point is computed
    force = forced(force)
    jobs = min(jobs or spec.jobs or os.cpu_count() or 1, len(spec.points))
    bar = tqdm(total=len(spec.points), desc=spec.name, unit="pt", disable=not progress, dynamic_ncols=True)

    def finished(row: dict) -> None:
        results.merge(spec.output, [row])
        bar.update(1)
        status = row["status"] if row["status"] != STATUS_FAILED else f"FAILED: {row['error'][:160]}"
        bar.write(f"  {row['label']}: {status}") if progress else echo(f"  {row['label']}: {status}")

    try:
        if cluster:
            client = _dask_client(cluster)
            try:
                futures = [client.submit(run_point, p, cache, force, pure=False) for p in spec.points]
                from distributed import as_completed as dask_completed  # noqa: PLC0415 (see _dask_client)

                for fut in dask_completed(futures):
                    finished(fut.result())
            finally:
                client.close()
        elif jobs == 1 or len(spec.points) == 1:
            for point in spec.points:
                finished(run_point(point, cache, force))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(run_point, p, cache, force) for p in spec.points]
                for fut in as_completed(futures):
                    finished(fut.result())
    finally:
        bar.close()
    table = results.read(spec.output)
    return table[table["sweep"] == spec.name].reset_index(drop=True)
