"""The slowdown grid: workloads x processors x line sizes, each point traced, classified and timed under every
protection, its rows merged into a results folder as it finishes (resume by rerunning), locally or on Dask.

A point's trace and classification are cached steps (cryptoppa.trace, cryptoppa.memsys); its timing is seconds
and is recomputed. Debian programs are single threaded and run at one processor only.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
from tqdm import tqdm

from .. import catalog
from ..memsys import EVENTS_FILE, run_events, study_system
from ..sweep import results as results_mod
from ..sweep.execute import dask_client
from ..trace import get_workload, record_trace, trace_plan
from . import protection as prot
from .timing import simulate

TABLE = "slowdown.parquet"
IDENTITY = ["workload", "size", "processors", "line_bytes", "scheme", "engines", "gbps"]


@dataclass(frozen=True)
class Grid:
    workloads: tuple[str, ...]
    processors: tuple[int, ...] = (2, 4, 8)
    line_bytes: tuple[int, ...] = (64, 128)
    schemes: tuple[str, ...] = (*prot.MEASURED, *prot.STUDY)
    engines: tuple[int, ...] = (1,)  # measured schemes: engines in the pool
    gbps: tuple[float, ...] = (0.8, 1.6, 3.2)  # study schemes: the AES unit's throughput
    size: str = "default"
    preset: str = "desktop-25.6"
    engine_results: pd.DataFrame = field(default_factory=pd.DataFrame, compare=False, repr=False)

    def points(self) -> list[tuple[str, int, int]]:
        out = []
        for w in self.workloads:
            procs = self.processors if get_workload(w).kernel else (1,)
            out += [(w, p, line) for p in dict.fromkeys(procs) for line in self.line_bytes]
        return out

    def protections(self, line_bytes: int, access_ns: float) -> list[prot.Protection]:
        out = [prot.NONE]
        for s in self.schemes:
            if s in prot.STUDY:
                out += [prot.study_protection(s, line_bytes, g) for g in self.gbps]
            else:
                out += [prot.measured_protection(s, self.engine_results, n, line_bytes, access_ns)
                        for n in self.engines]
        return out


def run_point(grid: Grid, workload: str, processors: int, line_bytes: int, cache: Path,
              force: bool = False) -> list[dict]:
    w = get_workload(workload)
    threads = processors if w.kernel else 1
    traced = record_trace(w, threads, cache, grid.size, force=force)
    tm = {k: m.value for k, m in traced.metrics.items()}
    system = study_system(processors, line_bytes, grid.preset)
    ipa = tm[catalog.TRACE_IPA] if w.kernel else None
    classified = run_events(traced.run_dir, trace_plan(w, threads, grid.size).key, system, ipa, cache, force=force)
    cm = {k: m.value for k, m in classified.metrics.items()}
    events = pd.read_parquet(classified.run_dir / EVENTS_FILE)
    access_ns = system.dram.trcd_ns + system.dram.tcl_ns  # the hint's lead (cryptoppa.feasibility.latency)
    base = simulate(events, system, prot.NONE)
    rows = []
    for p in grid.protections(line_bytes, access_ns):
        t = base if p is prot.NONE else simulate(events, system, p)
        servers = 1 if p.link == "memory" else processors  # the pool's busy time is already per engine
        rows.append({
            "workload": workload, "size": grid.size, "processors": processors, "line_bytes": line_bytes,
            "scheme": p.scheme, "link": p.link, "engine": p.engine, "engine_clock_mhz": p.clock_mhz,
            "engines": p.engines if p.link == "memory" else 0,
            "gbps": round(p.gbps, 4) if p.gbps == p.gbps else 0.0,
            "read_ns": p.read_ns, "line_ns": p.line_ns, "base_cycles": base.cycles, "cycles": t.cycles,
            "slowdown_pct": 100.0 * (t.cycles / base.cycles - 1) if base.cycles else 0.0,
            "protected": t.protected, "added_cycles_per_protected": t.added_cycles / t.protected if t.protected else 0.0,
            "wait_cycles_per_protected": t.wait_cycles / t.protected if t.protected else 0.0,
            "engine_utilization": t.busy_cycles / (t.cycles * servers) if t.cycles else 0.0,
            "metadata_traffic_pct": 100.0 * t.metadata_lines / t.data_lines if t.data_lines else 0.0,
            "counter_hit_rate": t.counter_hit_rate,
            "accesses": cm[catalog.MEMSYS_ACCESSES], "instructions": tm[catalog.TRACE_INSTRUCTIONS],
            "miss_rate_l1": cm[catalog.MEMSYS_MISS_L1], "miss_rate_l2": cm[catalog.MEMSYS_MISS_L2],
            "memory_reads": cm[catalog.memsys_runs("mem")], "c2c_transfers": cm[catalog.memsys_runs("c2c")],
            "writebacks": cm[catalog.MEMSYS_WRITEBACKS], "footprint_bytes": tm[catalog.TRACE_FOOTPRINT],
            "trace_seconds": tm[catalog.runtime("trace")], "classify_seconds": cm[catalog.runtime("memsys")],
            "memory": grid.preset, "core_ghz": system.clock_ghz, "cpi": system.cpi, "mlp": system.mlp,
            "status": "ok", "error": "",
        })
    return rows


def _failed(workload: str, processors: int, line_bytes: int, size: str, err: Exception) -> list[dict]:
    return [{"workload": workload, "size": size, "processors": processors, "line_bytes": line_bytes,
             "scheme": "none", "engines": 0, "gbps": 0.0, "status": "failed", "error": str(err)}]


def _safe_point(grid: Grid, workload: str, processors: int, line_bytes: int, cache: Path, force: bool) -> list[dict]:
    try:
        return run_point(grid, workload, processors, line_bytes, cache, force)
    except Exception as err:  # a failed point is a row; the others go on
        return _failed(workload, processors, line_bytes, grid.size, err)


def done(out: Path) -> set[tuple]:
    table = results_mod.read(out, TABLE)
    if table.empty:
        return set()
    ok = table[table["status"] == "ok"]
    return set(zip(ok["workload"], ok["size"], ok["processors"], ok["line_bytes"]))


def run_grid(grid: Grid, out: Path, cache: Path, jobs: int | None = None, cluster: str | None = None,
             force: bool = False, progress: bool = True) -> pd.DataFrame:
    """Every point of the grid not finished in `out` (all with force); returns the folder's table."""
    finished = set() if force else done(out)
    todo = [pt for pt in grid.points() if (pt[0], grid.size, pt[1], pt[2]) not in finished]
    bar = tqdm(total=len(todo), desc="slowdown", unit="pt", disable=not progress, dynamic_ncols=True)

    def merge(rows: list[dict]) -> None:
        results_mod.merge(out, rows, TABLE, IDENTITY)
        bar.update(1)

    try:
        if cluster:
            client = dask_client(cluster)
            try:
                from distributed import as_completed as dask_completed  # noqa: PLC0415 (only --cluster needs dask)

                futures = [client.submit(_safe_point, grid, *pt, cache, force, pure=False) for pt in todo]
                for fut in dask_completed(futures):
                    merge(fut.result())
            finally:
                client.close()
        elif (jobs or 1) == 1 or len(todo) <= 1:
            for pt in todo:
                merge(_safe_point(grid, *pt, cache, force))
        else:
            with ProcessPoolExecutor(max_workers=min(jobs or os.cpu_count() or 1, len(todo))) as pool:
                futures = [pool.submit(_safe_point, grid, *pt, cache, force) for pt in todo]
                for fut in as_completed(futures):
                    merge(fut.result())
    finally:
        bar.close()
    return results_mod.read(out, TABLE)
