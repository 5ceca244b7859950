"""The out-of-order replay: the classified runs of a trace (memsys.classify) on out-of-order cores, the model of
Ramulator's trace-driven core (Kim, Yang and Mutlu, "Ramulator: A Fast and Extensible DRAM Simulator", IEEE CAL
2015: an instruction window of `rob` entries, `width` instructions inserted and retired per cycle, independent
instructions, memory requests that do not block the ones after them), with a limit of `mshrs` misses in flight.

Per core, in instruction positions p (non-memory instructions and accesses, in program order):

    dispatch(p) = max(dispatch(p - 1) + 1 / width, retire(p - rob))          the window is full until p - rob retires
    retire(p)   = max(over long accesses j <= p: complete(j) + (p - j) / width, dispatch(p))   in order, width a cycle

Non-memory instructions, L1 and L2 hits complete at dispatch (their few cycles are hidden by the window); an LLC
hit, a cache-to-cache transfer, an upgrade and a memory read complete when the memory system answers, so a read's
added latency stalls the core only when the window fills or the miss registers run out. A write miss (the run's
first access a store) is a read for ownership that no instruction waits for: it takes a miss register and DRAM
bandwidth but never holds retirement. Write-backs go to DRAM without stalling anyone. Cores meet at barriers after
draining their windows. Requests reach the DRAM in time order across cores (a heap), so bank and bus contention
are the program's own.

A protection adds, after the data reaches the controller: the metadata lines its metadata cache misses (read from
DRAM with the data, in parallel, each through an engine of the pool), a wait for an engine of the pool, and the
engine's read latency (at the DRAM access's lead, tCL on a row hit and tRCD + tCL otherwise, when the counter hit;
without a lead when the counter missed).
"""

from __future__ import annotations

import heapq
import math
from collections import deque

import numpy as np
import pandas as pd

from ..memsys.classify import BARRIER_EVENT, C2C, HIT_LLC, MEM, UPGRADE
from ..memsys.system import System
from .backend import BankedDram, MetadataCache, Server
from .protection import Protection
from .timing import Timing

_LONG = (MEM, C2C, UPGRADE, HIT_LLC)


class _Memory:
    """The shared side of the replay: DRAM, the engine pool and the metadata cache, timed in core cycles."""

    def __init__(self, system: System, protection: Protection, record: bool = False):
        cyc = system.cycles
        self.dram = BankedDram(system, record=record)
        self.protected = protection.link == "memory" and protection.scheme != "none"
        self.meta = MetadataCache(protection.scheme_data, system, protection.metadata_cache_bytes,
                                  protection.protected_bytes) if self.protected else None
        self.pool = Server(cyc(protection.service_ns), protection.engines)
        self.t_read, self.t_miss = cyc(protection.read_ns), max(cyc(protection.read_ns), cyc(protection.miss_read_ns))
        hit = protection.hit_read_ns
        self.t_hit = cyc(hit) if hit == hit else self.t_read
        half = cyc(system.controller_ns) / 2
        self.to_controller = system.llc_hit_cycles + system.bus_cycles + half
        self.back = half
        self.protected_reads = self.meta_lines = 0
        self.added = self.wait = 0.0

    def _metadata(self, line: int, at: float, write: bool) -> tuple[float, bool]:
        """Reads the line's missed metadata from DRAM at `at` and writes back dirty victims, each line through an
        engine of the pool (what the answer provisions the pool for); when the last read arrives, and whether the
        counter missed."""
        reads, missed, dirty, _ = self.meta.access(line, write)
        ready = at
        for address in reads:
            arrived = self.dram.access(address, at)
            self.pool.job(arrived)
            ready = max(ready, arrived)
        for _ in range(dirty):  # pycachesim does not name the victim: its line is charged at a missed one's bank
            self.pool.job(at)
            self.dram.access(reads[0] if reads else line, at, write=True)
        self.meta_lines += len(reads) + dirty
        return ready, missed

    def read(self, line: int, at: float) -> float:
        """When a read issued by the core at `at` completes at the core."""
        arrive = at + self.to_controller
        data = self.dram.access(line, arrive)
        if not self.protected:
            return data + self.back
        row_hit = self.dram.row_hit
        ready, missed = self._metadata(line, arrive, False)
        ready = max(data, ready)
        wait = self.pool.job(ready)
        added = ready - data + wait + (self.t_miss if missed else self.t_hit if row_hit else self.t_read)
        self.protected_reads += 1
        self.added += added
        self.wait += wait
        return data + added + self.back

    def write(self, line: int, at: float) -> None:
        arrive = at + self.to_controller
        self.dram.access(line, arrive, write=True)
        if self.protected:
            self.pool.job(arrive)
            self._metadata(line, arrive, True)


class _Core:
    """One core's window, miss registers and position in its event rows."""

    def __init__(self, rows: np.ndarray, events: dict[str, np.ndarray], system: System):
        n_instr = events["instr"][rows] + events["count"][rows]
        ends = np.cumsum(n_instr)
        starts = ends - n_instr
        outcome, wb = events["outcome"][rows], events["wb"][rows]
        hit = np.isin(outcome, _LONG) | (outcome == BARRIER_EVENT) | (wb > 0)
        self.at = starts[hit] + events["instr"][rows][hit] + 1  # the run's first access
        self.outcome, self.wb = outcome[hit], wb[hit]
        self.line = events["line"][rows][hit]
        self.store = events["first_store"][rows][hit]
        self.total = float(ends[-1]) if len(ends) else 0.0
        self.rob, self.width, self.mshrs = system.rob, float(system.width), system.mshrs
        self.k = 0
        self.d, self.pos = 0.0, 0.0  # dispatch time of the last dispatched position
        self.window: deque = deque()  # (position, completion) of long accesses not yet behind the window
        self.chain = -math.inf  # max(completion - position / width) of those behind it
        self.misses: list[float] = []  # completion times of misses in flight

    def dispatch(self, p: float) -> float:
        window, w = self.window, self.width
        while window and window[0][0] <= p - self.rob:
            q, c = window.popleft()
            self.chain = max(self.chain, c - q / w)
        t = max(self.d + (p - self.pos) / w, self.chain + (p - self.rob) / w)
        self.d, self.pos = t, p
        return t

    def drain(self, p: float) -> float:
        """When position p retires, everything before it retired."""
        t = self.dispatch(p)
        chain = max([self.chain] + [c - q / self.width for q, c in self.window])
        return max(t, chain + p / self.width)

    def mshr(self, t: float) -> float:
        """When a miss dispatched at t gets a miss register."""
        misses = self.misses
        while misses and misses[0] <= t:
            heapq.heappop(misses)
        if len(misses) >= self.mshrs:
            t = max(t, heapq.heappop(misses))
        return t

    def restart(self, t: float) -> None:
        self.d = t
        self.window.clear()
        self.chain = -math.inf


def simulate_ooo(events: pd.DataFrame, system: System, protection: Protection, record: bool = False) -> Timing:
    """The run on `system`'s out-of-order cores; `record`: keep the DRAM request stream (Timing.stream)."""
    cols = {c: events[c].to_numpy() for c in ("outcome", "wb", "line", "instr", "count", "thread")}
    cols["instr"] = cols["instr"].astype(np.float64)
    cols["count"] = cols["count"].astype(np.float64)
    cols["first_store"] = events["first_store"].to_numpy() if "first_store" in events else \
        np.zeros(len(events), bool)
    thread = cols["thread"]
    procs = int(thread.max()) + 1 if len(thread) else 0
    cores = [_Core(np.flatnonzero(thread == p), cols, system) for p in range(procs)]
    memory = _Memory(system, protection, record)
    llc, bus = system.llc_hit_cycles, system.bus_cycles
    short = {HIT_LLC: llc, C2C: llc + system.l2_hit_cycles + bus, UPGRADE: llc + bus}
    heap: list[tuple[float, int]] = []
    finish = [0.0] * procs
    waiting: list[tuple[int, float]] = []
    active = procs

    def release(skip: int) -> None:
        """Every core waiting at the barrier goes on from the last one's arrival."""
        nonlocal waiting
        released, waiting = waiting, []
        at = max(t for _, t in released)
        for q, _ in released:
            cores[q].restart(at)
        for q, _ in released:
            if q != skip:
                run(q)

    def run(p: int) -> None:
        """Core p goes on until its next DRAM request (queued on the heap), a barrier or its end."""
        nonlocal active
        core = cores[p]
        while core.k < len(core.at):
            k = core.k
            kind = core.outcome[k]
            if kind == BARRIER_EVENT:
                core.k += 1
                waiting.append((p, core.drain(core.at[k])))
                if len(waiting) < active:
                    return
                release(p)
                continue  # p itself goes on here
            t = core.dispatch(core.at[k])
            if kind == MEM or core.wb[k]:
                heapq.heappush(heap, (core.mshr(t) if kind == MEM else t, p))
                return
            t = core.mshr(t)
            done = t + short[kind]
            heapq.heappush(core.misses, done)
            if not core.store[k] and kind != UPGRADE:
                core.window.append((core.at[k], done))
            core.k += 1
        finish[p] = core.drain(core.total) if core.total else 0.0
        active -= 1
        if waiting and len(waiting) == active:  # the others wait at a barrier this core never reaches
            release(-1)

    for p in range(procs):
        run(p)
    while heap:
        t, p = heapq.heappop(heap)
        core = cores[p]
        k = core.k
        for _ in range(int(core.wb[k])):
            memory.write(int(core.line[k]), t)
        if core.outcome[k] == MEM:
            done = memory.read(int(core.line[k]), t)
            heapq.heappush(core.misses, done)
            if not core.store[k]:
                core.window.append((core.at[k], done))
        elif core.outcome[k] in short:
            done = core.mshr(t) + short[core.outcome[k]]
            heapq.heappush(core.misses, done)
            if not core.store[k] and core.outcome[k] != UPGRADE:
                core.window.append((core.at[k], done))
        core.k += 1
        run(p)
    dram = memory.dram
    meta = memory.meta
    return Timing(max(finish, default=0.0), memory.protected_reads, memory.added, memory.wait, memory.pool.busy,
                  dram.reads + dram.writes - memory.meta_lines, memory.meta_lines,
                  meta.counter_hit_rate if meta is not None else float("nan"),
                  dram_read_cycles=dram.read_latency / dram.reads if dram.reads else float("nan"),
                  row_hit_rate=dram.row_hits / max(dram.reads + dram.writes, 1),
                  dram_lines=dram.reads + dram.writes, stream=dram.stream)
