"""The timing pass: the classified runs of a trace (memsys.classify) replayed on in-order cores, with and without
a protection scheme, so a slowdown is the difference of two run times of the same model.

Each processor executes its runs in order: non-memory instructions at CPI, hits at the L1/L2 latency, and the
bus events (memory reads, cache-to-cache transfers, upgrades) at a latency the model computes at the moment
they happen, stalling the core for latency / MLP. Processors advance in time order (a heap) and wait for each
other at barriers; the run time is the last processor's finish. Memory is timed by an open-page DRAM model
per bank; a protection adds what protection.py describes, with its engines as FCFS servers that verify the
metadata lines too.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ..memsys.classify import BARRIER_EVENT, C2C, HIT_L1, HIT_L2, HIT_LLC, MEM, UPGRADE
from ..memsys.system import System
from .backend import MetadataCache, Server
from .protection import Protection


@dataclass
class Timing:
    cycles: float  # run time of the slowest processor
    protected: int  # transfers the scheme touched on the read path
    added_cycles: float  # summed over protected reads: latency the scheme added (queueing included)
    wait_cycles: float  # of which waiting for an engine, a pad or a mask
    busy_cycles: float  # engine (pool or units) occupancy
    data_lines: int  # DRAM line transfers of data (reads + write-backs)
    metadata_lines: int  # DRAM line transfers of metadata (reads + write-backs)
    counter_hit_rate: float  # of the counter lines in the metadata cache (NaN without counters)
    dram_read_cycles: float = float("nan")  # mean DRAM read latency, request at the controller to data (ooo replay)
    row_hit_rate: float = float("nan")  # DRAM accesses that found their row open (ooo replay)
    dram_lines: int = 0  # DRAM line transfers, reads and writes, data and metadata (ooo replay)
    stream: list | None = None  # the DRAM requests (at, line, write, done) in core cycles, when recorded


class _Dram:
    def __init__(self, system: System):
        t = system.dram
        self.banks, self.row = t.banks, t.row_bytes
        self.open = {}
        self.hit = system.cycles(t.tcl_ns)
        self.closed = system.cycles(t.trcd_ns + t.tcl_ns)
        self.conflict = system.cycles(t.trp_ns + t.trcd_ns + t.tcl_ns)

    def access(self, line: int) -> float:
        bank, row = (line // self.row) % self.banks, line // (self.row * self.banks)
        was = self.open.get(bank)
        self.open[bank] = row
        return self.hit if was == row else self.closed if was is None else self.conflict


def simulate(events: pd.DataFrame, system: System, protection: Protection) -> Timing:
    cyc = system.cycles
    outcome = events["outcome"].to_numpy()
    count = events["count"].to_numpy().astype(np.float64)
    base = events["instr"].to_numpy() * system.cpi + np.maximum(count - 1, 0) * system.l1_hit_cycles
    base = base + np.where(outcome == HIT_L1, system.l1_hit_cycles, 0) + np.where(outcome == HIT_L2, system.l2_hit_cycles, 0)
    base = base + np.where(outcome == HIT_LLC, system.llc_hit_cycles, 0)
    wb = events["wb"].to_numpy()
    event = np.isin(outcome, (MEM, C2C, UPGRADE, BARRIER_EVENT)) | (wb > 0)
    thread = events["thread"].to_numpy()
    lines, src = events["line"].to_numpy(), events["src"].to_numpy()
    procs = int(thread.max()) + 1 if len(thread) else 0
    rows = [np.flatnonzero(thread == p) for p in range(procs)]
    ev = [r[event[r]] for r in rows]
    # base cost from a processor's previous event (exclusive) to this one (inclusive), and after its last
    before = []
    tail = []
    for p in range(procs):
        cum = np.cumsum(base[rows[p]])
        pos = np.searchsorted(rows[p], ev[p])
        at = cum[pos] if len(pos) else np.zeros(0)
        before.append(np.diff(np.concatenate([[0.0], at])))
        tail.append((cum[-1] if len(cum) else 0.0) - (at[-1] if len(at) else 0.0))

    dram = _Dram(system)
    meta = MetadataCache(protection.scheme_data, system, protection.metadata_cache_bytes,
                         protection.protected_bytes) if protection.link == "memory" and protection.scheme != "none" else None
    memory_base = system.bus_cycles + cyc(system.controller_ns)
    mem_prot = protection.link == "memory" and protection.scheme != "none"
    c2c_prot = protection.link == "c2c"
    t_read, t_line, t_path = cyc(protection.read_ns), cyc(protection.line_ns), cyc(protection.on_path_ns)
    t_miss = max(t_read, cyc(protection.miss_read_ns))
    t_hit = cyc(protection.hit_read_ns) if protection.hit_read_ns == protection.hit_read_ns else t_read
    pool = Server(cyc(protection.service_ns), protection.engines)  # memory link: N engines
    units = [Server(t_line) for _ in range(procs)]  # c2c link: each processor's unit, unpipelined
    pads: dict[tuple[int, int], deque] = {}
    stats = dict(protected=0, added=0.0, wait=0.0, data=0, meta=0)

    def unit(p: int, at: float) -> float:  # when p's unit finishes one AES job requested at `at`
        return at + units[p].job(at) + t_line

    clock = [0.0] * procs
    nxt = [0] * procs
    heap = [(before[p][0], p) for p in range(procs) if len(ev[p])]
    heapq.heapify(heap)
    finish = [clock[p] + tail[p] for p in range(procs) if not len(ev[p])]
    waiting: list[tuple[int, float]] = []
    active = sum(1 for p in range(procs) if len(ev[p]))

    def advance(p: int, t: float) -> None:
        clock[p] = t
        nxt[p] += 1
        if nxt[p] < len(ev[p]):
            heapq.heappush(heap, (t + before[p][nxt[p]], p))
        else:
            finish.append(t + tail[p])

    while heap:
        t, p = heapq.heappop(heap)
        i = ev[p][nxt[p]]
        kind = outcome[i]
        if kind == BARRIER_EVENT:
            waiting.append((p, t))
            if len(waiting) == active:
                release = max(w for _, w in waiting)
                for q, _ in waiting:
                    advance(q, release)
                waiting = []
            continue
        latency = added = 0.0
        if kind == MEM:
            access = dram.access(int(lines[i]))
            latency = memory_base + access
            stats["data"] += 1
            if mem_prot:
                looked = meta.access(int(lines[i]), False)
                for _ in range(len(looked.reads) + looked.evicted):  # metadata lines through the pool too
                    pool.job(t + latency)
                wait = pool.job(t + latency)
                added = wait + (t_hit if access == dram.hit else t_read)
                stats["meta"] += len(looked.reads)
                if looked.counter_missed:  # no lead for the pads; each tree level missed above it waits for DRAM
                    added += (t_miss - t_read) + (looked.levels_missed - 1) * memory_base
                stats["wait"] += wait
                stats["protected"] += 1
        elif kind == C2C:
            latency = system.bus_cycles + system.l2_hit_cycles
            if c2c_prot:
                q = int(src[i])
                pair = pads.setdefault((q, p), deque([0.0] * protection.pads))
                ready = pair.popleft()
                use = max(t, ready)
                # SENSS's CBC-MAC comes first on the receiver's unit; the masks are then updated behind it
                added = (unit(p, use) if protection.mac_on_path else use + t_path) - t
                pair.append(max(unit(q, use), unit(p, use)))  # both ends regenerate the pair's pad
                stats["wait"] += use - t
                stats["protected"] += 1
        elif kind == UPGRADE:
            latency = system.bus_cycles
        # Write-backs leave through a write buffer: off the core's path and the DRAM row model, through the
        # engines; pycachesim does not name the victim, so its metadata is looked up at the line that evicted it.
        for _ in range(int(wb[i])):
            stats["data"] += 1
            if mem_prot:
                pool.job(t)
                looked = meta.access(int(lines[i]), True)
                for _ in range(len(looked.reads) + looked.evicted):
                    pool.job(t)
                stats["meta"] += len(looked.reads)
        stats["added"] += added
        advance(p, t + (latency + added) / system.mlp)
    if meta is not None:
        stats["meta"] += int(meta.cache.EVICT_count)
    hit_rate = meta.counter_hit_rate if meta is not None else float("nan")
    busy = pool.busy + sum(u.busy for u in units)
    return Timing(max(finish, default=0.0), stats["protected"], stats["added"], stats["wait"], busy,
                  stats["data"], stats["meta"], hit_rate)
