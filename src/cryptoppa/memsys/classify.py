"""The functional pass: every access of a trace classified on the simulated SMP, independent of protection.

1. Addresses are moved below 4 GiB in 4 MiB regions (pycachesim's `contains` takes 32-bit addresses); offsets
   inside a region are kept, so every cache set the study's caches index is the same as the program's.
2. Each thread's consecutive accesses to one line become one *run*: its first access goes to the caches, the
   rest hit L1 (true of any LRU cache; a remote invalidation between two of them is not seen).
3. Threads are interleaved by instruction count, held together at barriers (functional first: the timing pass
   does not reorder them).
4. Each run goes to its processor's pycachesim hierarchy (L1 -> L2 -> memory, LRU, write-back) and to an MSI
   directory kept beside it. pycachesim has no invalidation, so the directory decides validity: a run hits
   only when the directory lists its processor and pycachesim found the line (no L2 miss); an invalidated copy
   stays in pycachesim's arrays until LRU replaces it (its later eviction may count as a write-back: an
   upper bound on write-backs by at most the cache-to-cache transfers). A write to a line no other processor
   shares needs no bus transaction (the exclusive state of MESI; otherwise the protocol is MSI).

5. A system with a shared last-level cache (the modern presets) puts one pycachesim LLC behind every private L2:
   an L2 miss that the LLC holds is HIT_LLC; dirty L2 victims go to the LLC, and the LLC's own dirty victims
   are the write-backs to memory.

Outcomes: HIT_L1, HIT_L2, MEM (read from DRAM, also for a write miss), C2C (a modified line supplied by another
processor, `src`), UPGRADE (a write to a shared line: invalidation only), BARRIER, HIT_LLC. `wb` counts the dirty
lines the run sent to memory (evictions, and a modified line's flush when another processor reads it).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from cachesim import Cache, CacheSimulator, MainMemory

from ..errors import InputError
from ..trace.records import BARRIER, LOAD, MODIFY, STORE
from .system import System

HIT_L1, HIT_L2, MEM, C2C, UPGRADE, BARRIER_EVENT, HIT_LLC = range(7)
OUTCOMES = ("hit_l1", "hit_l2", "mem", "c2c", "upgrade", "barrier", "hit_llc")
BUS = (MEM, C2C, UPGRADE)  # what leaves a processor's private caches
_REGION_BITS = 22


def shared_llc(system: System) -> Cache | None:
    if not system.llc_bytes:
        return None
    line = system.line_bytes
    llc = Cache("LLC", system.llc_bytes // line // system.llc_ways, system.llc_ways, line, "LRU")
    mem = MainMemory()
    mem.load_to(llc)
    mem.store_from(llc)
    return llc


def _hierarchy(system: System, llc: Cache | None = None) -> tuple[Cache, Cache]:
    line = system.line_bytes
    l2 = Cache("L2", system.l2_bytes // line // system.l2_ways, system.l2_ways, line, "LRU",
               **({"store_to": llc, "load_from": llc} if llc is not None else {}))
    l1 = Cache("L1", system.l1_bytes // line // system.l1_ways, system.l1_ways, line, "LRU",
               store_to=l2, load_from=l2)
    mem = MainMemory()
    if llc is None:
        mem.load_to(l2)
        mem.store_from(l2)
    CacheSimulator(l1, mem)
    return l1, l2


def owner_check_works(system: System) -> bool:
    """Whether pycachesim's `contains` answers here. pycachesim 0.3.1's `load` and `store` parse a 32-bit address
    into a 64-bit field whose upper half is whatever the stack held (so accesses go through `iterload` and
    `iterstore`, which convert whole integers); `contains` is probed once per classification."""
    l1, l2 = _hierarchy(system)
    probes = [0x1000 + 4096 * k for k in range(64)]
    l1.iterload(probes)
    return all(l1.contains(a) or l2.contains(a) for a in probes) and not l2.contains(0x40000000)


def compact_addresses(addr: np.ndarray) -> np.ndarray:
    regions, index = np.unique(addr >> _REGION_BITS, return_inverse=True)
    if len(regions) > (1 << (32 - _REGION_BITS)):
        raise InputError(f"the trace touches {len(regions)} regions of 4 MiB; at most 1024 fit pycachesim's "
                         "32-bit addresses")
    return (index.astype(np.uint64) << np.uint64(_REGION_BITS)) | (addr & np.uint64((1 << _REGION_BITS) - 1))


def runs(trace: pd.DataFrame, line_bytes: int, instructions_per_access: float | None) -> pd.DataFrame:
    """Per-thread runs of one line, with their accesses, stores, non-memory instructions and global order time."""
    trace = trace.sort_values("thread", kind="stable")
    kind = trace["kind"].to_numpy()
    barrier = kind == BARRIER
    line = compact_addresses(trace["addr"].to_numpy()) // np.uint64(line_bytes) * np.uint64(line_bytes)
    thread = trace["thread"].to_numpy().astype(np.int64)
    # Each access instruction costs its memory latency; the others cost CPI (lackey counts them, the
    # ThreadSanitizer traces carry the kernel's measured instructions per access, spread evenly).
    if instructions_per_access is None:
        compute = np.maximum(trace["gap"].to_numpy().astype(np.float64) - 1, 0)
    else:
        compute = np.full(len(trace), max(instructions_per_access - 1, 0.0))
    compute[barrier] = 0
    accesses = np.where(barrier, 0, np.where(kind == MODIFY, 2, 1))
    stores = (kind != LOAD) & ~barrier
    key = np.where(barrier, np.uint64(1), line)  # line 1 is never a line start: barriers never merge
    start = np.ones(len(trace), bool)
    start[1:] = (key[1:] != key[:-1]) | (thread[1:] != thread[:-1]) | barrier[1:] | barrier[:-1]
    first = np.flatnonzero(start)
    out = pd.DataFrame({
        "thread": thread[first], "line": line[first], "barrier": barrier[first],
        "count": np.add.reduceat(accesses, first), "store": np.maximum.reduceat(stores, first),
        "first_store": (kind[first] == STORE) & ~barrier[first],  # a write miss: no load waits for it
        "instr": np.add.reduceat(compute, first),
    })
    out["time"] = _interleave(out)
    return out


def _interleave(r: pd.DataFrame) -> np.ndarray:
    """Global order time in instructions: each thread's own count, all threads aligned at every barrier."""
    local = (r["instr"] + r["count"]).to_numpy()
    threads = r["thread"].to_numpy()
    seg = r.groupby("thread")["barrier"].cumsum().to_numpy() - r["barrier"].to_numpy()  # barrier k closes seg k
    n_barriers = r[r["barrier"]].groupby("thread").size()
    if n_barriers.nunique() > 1:
        raise InputError("threads of the trace passed different numbers of barriers")
    segments = int(seg.max()) + 1 if len(seg) else 0
    durations = np.zeros((threads.max() + 1 if len(threads) else 0, segments))
    np.add.at(durations, (threads, seg), local)
    starts = np.concatenate([[0.0], np.cumsum(durations.max(axis=0))])[:segments]
    within = pd.Series(local).groupby([threads, seg]).cumsum().to_numpy() - local
    return starts[seg] + within


def classify(trace: pd.DataFrame, system: System, instructions_per_access: float | None = None) -> pd.DataFrame:
    """The runs of `trace` on `system`, in the global order, with outcome, supplier and write-backs."""
    r = runs(trace, system.line_bytes, instructions_per_access)
    threads = int(r["thread"].max()) + 1 if len(r) else 0
    if threads > system.processors:
        raise InputError(f"the trace has {threads} threads, more than the system's {system.processors} processors")
    order = np.lexsort((r["thread"].to_numpy(), r["time"].to_numpy()))
    r = r.iloc[order].reset_index(drop=True)
    llc = shared_llc(system)
    caches = [_hierarchy(system, llc) for _ in range(system.processors)]
    last = llc if llc is not None else None  # whose dirty victims are write-backs to memory
    outcome = np.empty(len(r), np.uint8)
    src = np.full(len(r), -1, np.int8)
    wb = np.zeros(len(r), np.uint8)
    directory: dict[int, list[int]] = {}  # line -> [modified owner or -1, sharer bit mask]
    # Without a working `contains`, an owner that silently evicted a modified line is still asked for it (a
    # cache-to-cache transfer counted where memory would answer).
    checked = owner_check_works(system)
    cols = zip(r["thread"].tolist(), r["line"].tolist(), r["store"].tolist(), r["barrier"].tolist())
    for i, (p, line, store, is_barrier) in enumerate(cols):
        if is_barrier:
            outcome[i] = BARRIER_EVENT
            continue
        l1, l2 = caches[p]
        entry = directory.get(line)
        if entry is None:
            entry = directory[line] = [-1, 0]
        owner, sharers = entry
        victims = last if last is not None else l2
        misses, l2_misses, evicted = l1.MISS_count, l2.MISS_count, victims.EVICT_count
        llc_misses = llc.MISS_count if llc is not None else 0
        (l1.iterstore if store else l1.iterload)((line,))
        held = (sharers >> p) & 1 and l2.MISS_count == l2_misses  # listed, and pycachesim still had it
        if held and (not store or owner == p or sharers == 1 << p):  # a lone sharer writes silently (MESI's E)
            outcome[i] = HIT_L1 if l1.MISS_count == misses else HIT_L2
            if store:
                entry[0] = p
        elif held:
            outcome[i] = UPGRADE
            entry[0], entry[1] = p, 1 << p
        else:
            q = owner if owner not in (-1, p) else -1
            if q >= 0 and checked and not (caches[q][0].contains(line) or caches[q][1].contains(line)):
                q = -1  # the owner evicted it (its write-back was counted then): memory has the line
            if q >= 0:
                outcome[i], src[i] = C2C, q
                wb[i] += 0 if store else 1  # MSI: the owner's flush updates memory as it supplies the reader
            elif llc is not None and llc.MISS_count == llc_misses and l2.MISS_count != l2_misses:
                outcome[i] = HIT_LLC
            else:
                outcome[i] = MEM
            if store:
                entry[0], entry[1] = p, 1 << p
            else:
                entry[0], entry[1] = -1, sharers | (1 << p) | ((1 << q) if q >= 0 else 0)
        wb[i] += min(victims.EVICT_count - evicted, 255)
    r["outcome"], r["src"], r["wb"] = outcome, src, wb
    r.attrs["owner_check"] = checked
    return r
