"""The slowdown grid: workloads x processors x line sizes on a named system, each point traced, classified and
timed under every protection, its rows merged into a results folder as it finishes (resume by rerunning), locally
or on Dask.

A point's trace and classification are cached steps (cryptoppa.trace, cryptoppa.memsys); its timing is seconds
and is recomputed. Debian programs are single threaded and run at one processor only. Memory-link schemes are timed
with the pools the feasibility answer provisions for the system's memory (`provision.Pool`, passed in by the caller
from cryptoppa.answers.pools) and with any fixed pool sizes asked for (the sensitivity study); every row records
its pool, the engines' clock, what the pool did, the code that timed it (`CODE`) and a digest of the engine rows
its pool came from.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pandas as pd

from .. import __version__, catalog
from ..errors import InputError
from ..memsys import EVENTS_FILE, run_events
from ..memsys.system import DEFAULT_SYSTEM, System, get_system
from ..sweep import results as results_mod
from ..sweep.execute import Sink, run_points
from ..trace import get_workload, record_trace, trace_plan
from . import protection as prot
from .dramcheck import compare
from .ooo import simulate_ooo
from .provision import Pool
from .timing import simulate

TABLE = "slowdown.parquet"
IDENTITY = ["workload", "size", "system", "processors", "line_bytes", "scheme", "pool", "engines", "gbps"]
PROVISIONED = "provisioned"
STUDY_SYSTEM = "study-2008"


TIMING_MODULES = ("backend", "dramcheck", "ooo", "protection", "provision", "run", "timing")  # what shapes a row
DIGITS = 7  # significant digits a row's floats keep: the report prints four


def _code_version() -> str:
    """The package version and a digest of the timing model's code (the modules that shape a row): what a row was
    timed by, so a published row can be traced to its code."""
    digest = hashlib.sha256()
    for name in TIMING_MODULES:
        digest.update(name.encode() + b"\0" + (Path(__file__).parent / f"{name}.py").read_bytes())
    return f"{__version__}+{digest.hexdigest()[:12]}"


def _rounded(row: dict) -> dict:
    """The row with its floats at DIGITS significant digits (a compact table; far below the trace's own noise)."""
    return {k: float(f"{v:.{DIGITS}g}") if isinstance(v, float) else v for k, v in row.items()}


CODE = _code_version()


@dataclass(frozen=True)
class Grid:
    workloads: tuple[str, ...]
    processors: tuple[int, ...] = (4,)
    line_bytes: tuple[int, ...] = (64,)
    schemes: tuple[str, ...] = ()  # empty: every answered scheme, the literature's baseline and the study's
    engines: tuple = (PROVISIONED,)  # memory-link pools: "provisioned" and/or fixed sizes
    gbps: tuple[float, ...] = (0.8, 1.6, 3.2)  # study schemes: the AES unit's throughput
    size: str = "default"
    system: str = DEFAULT_SYSTEM
    pools: tuple[Pool, ...] = ()  # the feasibility answer's pool of each scheme for the system's memory

    def __post_init__(self):
        memory = get_system(self.system, 1, 64).dram.preset if self.system != STUDY_SYSTEM else None
        wrong = [p for p in self.pools if p.memory != memory]
        if wrong:
            raise InputError(f"pool of {wrong[0].scheme} is the answer for {wrong[0].memory}; the {self.system} "
                             f"system's memory is {memory}")

    @property
    def scheme_list(self) -> tuple[str, ...]:
        """The grid's schemes; by default the 2008 study's on its system, every answered one and the literature's
        baseline on the others (the out-of-order replay times memory-link schemes only)."""
        study = self.system == STUDY_SYSTEM
        if self.schemes:
            wrong = [s for s in self.schemes if (s in prot.STUDY) != study]
            if wrong:
                raise InputError(f"--schemes {','.join(wrong)}: the study's cache-to-cache schemes run on the "
                                 f"{STUDY_SYSTEM} system only, the memory-link schemes on the others")
            unanswered = [s for s in self.schemes if s not in prot.STUDY and s not in prot.LITERATURE
                          and s not in self.pool_of]
            if unanswered:
                raise InputError(f"--schemes {','.join(unanswered)}: the feasibility answer for the system's memory "
                                 f"answers {', '.join(self.pool_of) or 'no scheme'}")
            return self.schemes
        return prot.STUDY if study else (*self.pool_of, *prot.LITERATURE)

    @property
    def pool_of(self) -> dict[str, Pool]:
        return {p.scheme: p for p in self.pools}

    def points(self) -> list[tuple[str, int, int]]:
        out = []
        for w in self.workloads:
            procs = self.processors if get_workload(w).kernel else (1,)
            out += [(w, p, line) for p in dict.fromkeys(procs) for line in self.line_bytes]
        return out

    def protections(self, system: System) -> list[tuple[prot.Protection, Pool | None]]:
        """(protection, the answer's pool or None) for every scheme and pool of the grid."""
        dram = system.dram
        out: list[tuple[prot.Protection, Pool | None]] = [(prot.NONE, None)]
        for s in self.scheme_list:
            if s in prot.STUDY:
                out += [(prot.study_protection(s, system.line_bytes, g), None) for g in self.gbps]
            elif s in prot.LITERATURE:
                out.append((prot.literature_protection(s, system.clock_ghz, dram.trcd_ns + dram.tcl_ns,
                                                       dram.tcl_ns), None))
            else:
                pool = self.pool_of[s]
                if pool.line_bytes != system.line_bytes:
                    raise InputError(f"pool of {s}: {pool.line_bytes}-byte engine lines on a system of "
                                     f"{system.line_bytes}-byte lines")
                for n in self.engines:
                    fixed = n != PROVISIONED
                    out.append((prot.pool_protection(pool, int(n) if fixed else None,
                                                     "fixed" if fixed else PROVISIONED), pool))
        return out


def _time(events: pd.DataFrame, system: System, protection: prot.Protection, record: bool = False):
    if system.core == "ooo":
        return simulate_ooo(events, system, protection, record)
    return simulate(events, system, protection)


def run_point(grid: Grid, workload: str, processors: int, line_bytes: int, cache: Path,
              force: bool = False) -> list[dict]:
    w = get_workload(workload)
    threads = processors if w.kernel else 1
    traced = record_trace(w, threads, cache, grid.size, force=force)
    tm = {k: m.value for k, m in traced.metrics.items()}
    system = get_system(grid.system, processors, line_bytes)
    ipa = tm[catalog.TRACE_IPA] if w.kernel else None
    classified = run_events(traced.run_dir, trace_plan(w, threads, grid.size).key, system, ipa, cache, force=force)
    cm = {k: m.value for k, m in classified.metrics.items()}
    events = pd.read_parquet(classified.run_dir / EVENTS_FILE)
    base = _time(events, system, prot.NONE, record=True)
    reference = compare(base.stream, system) if system.core == "ooo" else {}
    ns = 1.0 / system.clock_ghz
    rows = []
    for p, pool in grid.protections(system):
        t = base if p is prot.NONE else _time(events, system, p)
        servers = p.engines if p.link == "memory" else processors  # busy time sums every engine's
        per = (lambda x: x / t.protected) if t.protected else (lambda x: 0.0)
        rows.append({
            "workload": workload, "size": grid.size, "system": grid.system, "processors": processors,
            "line_bytes": line_bytes, "scheme": p.scheme, "link": p.link, "engine": p.engine,
            "engine_clock_mhz": p.clock_mhz, "clock_basis": pool.clock_basis if pool else "",
            "pool": p.pool if p.link == "memory" and p.scheme != "none" else "",
            "engines": p.engines if p.link == "memory" and p.scheme != "none" else 0,
            "pool_load_at_peak": pool.load if pool and p.pool == PROVISIONED else float("nan"),
            "metadata_extra_traffic": pool.extra_traffic if pool else float("nan"),
            "gbps": round(p.gbps, 4) if p.gbps == p.gbps else 0.0,
            "answer_memory": pool.memory_text if pool else "", "answer_access": pool.access if pool else "",
            "answer_engine": pool.name if pool else "", "answer_engines": pool.engines if pool else 0,
            "answer_engines_uncached": pool.engines_uncached if pool else 0,
            "engine_rows_digest": pool.digest if pool else "", "code": CODE,
            "read_ns": p.read_ns, "hit_read_ns": p.hit_read_ns, "miss_read_ns": p.miss_read_ns, "line_ns": p.line_ns,
            "base_cycles": base.cycles, "cycles": t.cycles,
            "slowdown_pct": 100.0 * (t.cycles / base.cycles - 1) if base.cycles else 0.0,
            "protected": t.protected, "added_cycles_per_protected": per(t.added_cycles),
            "wait_cycles_per_protected": per(t.wait_cycles), "wait_ns_per_protected": per(t.wait_cycles) * ns,
            "engine_utilization": t.busy_cycles / (t.cycles * servers) if t.cycles else 0.0,
            "metadata_traffic_pct": 100.0 * t.metadata_lines / t.data_lines if t.data_lines else 0.0,
            "counter_hit_rate": t.counter_hit_rate,
            "dram_read_ns": t.dram_read_cycles * ns, "dram_row_hit_rate": t.row_hit_rate,
            "dram_gbps_used": t.dram_lines * line_bytes / (t.cycles * ns) if t.cycles and t.dram_lines else 0.0,
            "accesses": cm[catalog.MEMSYS_ACCESSES], "instructions": tm[catalog.TRACE_INSTRUCTIONS],
            "miss_rate_l1": cm[catalog.MEMSYS_MISS_L1], "miss_rate_l2": cm[catalog.MEMSYS_MISS_L2],
            "memory_reads": cm[catalog.memsys_runs("mem")], "c2c_transfers": cm[catalog.memsys_runs("c2c")],
            "llc_hits": cm.get(catalog.memsys_runs("hit_llc"), 0),
            "writebacks": cm[catalog.MEMSYS_WRITEBACKS], "footprint_bytes": tm[catalog.TRACE_FOOTPRINT],
            "trace_seconds": tm[catalog.runtime("trace")], "classify_seconds": cm[catalog.runtime("memsys")],
            "memory": system.dram.preset, "core": system.core, "core_ghz": system.clock_ghz, "cpi": system.cpi,
            "mlp": system.mlp, "rob": system.rob if system.core == "ooo" else 0,
            "width": system.width if system.core == "ooo" else 0,
            "mshrs": system.mshrs if system.core == "ooo" else 0, "llc_bytes": system.llc_bytes,
            "l2_bytes": system.l2_bytes, "l1_bytes": system.l1_bytes, "dram_model": "banked",
            "base_dram_read_ns": base.dram_read_cycles * ns,
            **(reference if p is prot.NONE else {}),  # the unprotected stream's, once per point
            "status": "ok", "error": "",
        })
    return [_rounded(r) for r in rows]


def _failed(grid: Grid, workload: str, processors: int, line_bytes: int, err: BaseException) -> list[dict]:
    return [{"workload": workload, "size": grid.size, "system": grid.system, "processors": processors,
             "line_bytes": line_bytes, "scheme": "none", "pool": "", "engines": 0, "gbps": 0.0, "status": "failed",
             "error": str(err)}]


def done(out: Path, grid: Grid) -> set[tuple]:
    """The points `out` holds finished rows of, timed by this code with the grid's pools (a point timed by other
    code or other engines is timed again)."""
    table = results_mod.read(out, TABLE)
    if table.empty or "system" not in table.columns or "code" not in table.columns:
        return set()
    ok = table[(table["status"] == "ok") & (table["system"] == grid.system)]
    digests = {p.scheme: p.digest for p in grid.pools}
    stale = (ok["code"] != CODE) | ok.apply(lambda r: r["scheme"] in digests
                                               and r["engine_rows_digest"] != digests[r["scheme"]], axis=1)
    points = set(zip(ok["workload"], ok["size"], ok["processors"], ok["line_bytes"]))
    return points - set(zip(*(ok.loc[stale, c] for c in ("workload", "size", "processors", "line_bytes"))))


def _grid_point(grid: Grid, cache: Path, force: bool, point: tuple[str, int, int]) -> list[dict]:
    return run_point(grid, *point, cache, force)


def run_grid(grid: Grid, out: Path, cache: Path, jobs: int | None = None, cluster: str | None = None,
             force: bool = False, progress: bool = True) -> pd.DataFrame:
    """Every point of the grid not finished in `out` (all with force), through the one executor of every grid
    (cryptoppa.sweep.execute); a failed point is a row and the others go on. Returns the folder's table."""
    finished = set() if force else done(out, grid)
    todo = [pt for pt in grid.points() if (pt[0], grid.size, pt[1], pt[2]) not in finished]
    return run_points(partial(_grid_point, grid, cache, force), todo, Sink(out, TABLE, tuple(IDENTITY)),
                      jobs=jobs or 1, cluster=cluster, name="slowdown", progress=progress,
                      describe=lambda pt, rows: f"{pt[0]} on {pt[1]} processors, {pt[2]}-byte lines: "
                                                f"{rows[0]['status'] if rows else 'no rows'}",
                      failed=lambda pt, err: _failed(grid, *pt, err))
