"""The one executor of a grid of points: serially, on a local process pool or on a Dask cluster, with progress and
an estimate of the time left, each finished point's rows merged into a results folder as it finishes.

Whatever the grid (a sweep's design points, the slowdown grid's programs, ...), its caller gives a function of one
point returning that point's rows, and the points. A point killed halfway loses only itself: the rows of every
finished one are on disk, and rerunning resumes (the run cache finds finished steps; a caller may also leave out
the points its table already holds).

    table = run_points(partial(run_point, cache=cache, force=False), points, Sink(folder), jobs=2, name="demo")
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm import tqdm

from .. import settings
from ..errors import CryptoppaError
from ..runs import forced
from . import results
from .point import STATUS_FAILED, failed_row, run_point
from .spec import SweepPoint, SweepSpec

Rows = list[dict]


def default_cache() -> Path:
    return settings.current().cache


def dask_client(cluster: str):
    """A Dask client for a scheduler address or scheduler file."""
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


@dataclass(frozen=True)
class Sink:
    """Where finished rows go: a results folder's table, a row replacing the one of the same identity."""

    folder: Path
    table: str = results.TABLE
    identity: tuple[str, ...] = tuple(results.IDENTITY)

    def merge(self, rows: Rows) -> None:
        if rows:
            results.merge(self.folder, rows, self.table, list(self.identity))

    def read(self) -> pd.DataFrame:
        return results.read(self.folder, self.table)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min" if seconds < 5400 else f"{seconds / 3600:.1f} h"


class Progress:
    """Points done of the total, and the time left at the rate so far (points finish at uneven rates: an
    estimate, refined with each point). A progress bar on a terminal; otherwise one line per finished point."""

    def __init__(self, total: int, name: str, bar: bool, echo: Callable[[str], Any] = print):
        self.total, self.done, self.start = total, 0, time.monotonic()
        self.echo = echo
        self.bar = tqdm(total=total, desc=name, unit="pt", dynamic_ncols=True) if bar else None

    def eta(self) -> str:
        elapsed = time.monotonic() - self.start
        left = elapsed / self.done * (self.total - self.done) if self.done else float("nan")
        tail = "" if self.done == self.total else f", about {_duration(left)} left"
        return f"{self.done}/{self.total} in {_duration(elapsed)}{tail}"

    def finished(self, what: str) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
            self.bar.write(f"  {what}")
        else:
            self.echo(f"  [{self.eta()}] {what}")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _as_rows(result) -> Rows:
    return [result] if isinstance(result, dict) else list(result)


def run_points(fn: Callable[[Any], dict | Rows], points: Sequence, sink: Sink, *, jobs: int = 1,
               cluster: str | None = None, name: str = "points", describe: Callable[[Any, Rows], str] | None = None,
               failed: Callable[[Any, BaseException], dict | Rows] | None = None, progress: bool = True,
               echo: Callable[[str], Any] = print) -> pd.DataFrame:
    """fn(point) for every point, serially (jobs 1), on `jobs` local processes or on the Dask scheduler
    `cluster`; each point's rows (a dict or a list of them) go to `sink` as the point finishes. fn and the points
    must pickle for processes and Dask (a module-level function, or a functools.partial of one).

    describe(point, rows) is the progress line of a finished point; failed(point, error) turns an exception that
    left fn (a worker killed, a bug) into the point's rows, or None lets it end the run (finished rows are kept).
    Returns the sink's whole table."""
    describe = describe or (lambda point, rows: str(point))
    shown = Progress(len(points), name, progress, echo)

    def finished(point, outcome: Callable[[], Any]) -> None:
        try:
            rows = _as_rows(outcome())
        except Exception as err:
            if failed is None:
                raise
            rows = _as_rows(failed(point, err))
        sink.merge(rows)
        shown.finished(describe(point, rows))

    try:
        if cluster:
            client = dask_client(cluster)
            try:
                from distributed import as_completed as dask_completed  # noqa: PLC0415 (see dask_client)

                futures = {client.submit(fn, p, pure=False): p for p in points}
                for fut in dask_completed(futures):
                    finished(futures[fut], fut.result)
            finally:
                client.close()
        elif jobs <= 1 or len(points) <= 1:
            for point in points:
                finished(point, partial(fn, point))
        else:
            with ProcessPoolExecutor(max_workers=min(jobs, len(points))) as pool:
                futures = {pool.submit(fn, p): p for p in points}
                for fut in as_completed(futures):
                    finished(futures[fut], fut.result)
    finally:
        shown.close()
    return sink.read()


def _sweep_line(point: SweepPoint, rows: Rows) -> str:
    row = rows[0]
    return f"{row['label']}: " + (row["status"] if row["status"] != STATUS_FAILED else f"FAILED: {row['error'][:160]}")


def run_sweep(spec: SweepSpec, jobs: int | None = None, cluster: str | None = None, force: bool = False,
              cache: Path | None = None, progress: bool = True, echo=print) -> pd.DataFrame:
    """Every point of the sweep; returns the sweep's rows of the results table (all statuses). With force, every
    run sealed before the sweep started is rebuilt; one built during it (an engine shared by arrays) is reused."""
    cache = Path(cache or default_cache())
    cache.mkdir(parents=True, exist_ok=True)
    results.read(spec.output)  # a damaged table is repaired, or refused, before any point is computed
    table = run_points(partial(run_point, cache=cache, force=forced(force)), spec.points, Sink(spec.output),
                       jobs=jobs or spec.jobs or os.cpu_count() or 1, cluster=cluster, name=spec.name,
                       describe=_sweep_line, failed=failed_row, progress=progress, echo=echo)
    return table[table["sweep"] == spec.name].reset_index(drop=True)
