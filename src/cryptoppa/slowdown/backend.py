"""What a line costs beyond the core's caches, shared by both replays: the DRAM (a per-bank open-page model, with one
data bus in the out-of-order replay), an engine pool as N FCFS servers, and the metadata cache of the integrity
schemes. Times are core cycles.
"""

from __future__ import annotations

import heapq
import math
from typing import NamedTuple

from cachesim import Cache, CacheSimulator, MainMemory

from ..feasibility.metadata import Access, Scheme, tree_levels
from ..memsys.system import System

METADATA_CACHE_BYTES, METADATA_CACHE_WAYS = 32 * 1024, 8  # on-die metadata cache (our assumption)
# Metadata lines in the metadata cache: tags in the first GiB, counter level k at 1 GiB + k x 512 MiB (pycachesim
# takes 32-bit addresses); in DRAM the same plus 4 GiB, above every data line (memsys.classify keeps data below 4 GiB).
_COUNTERS, _LEVEL, _DRAM = 1 << 30, 1 << 29, 1 << 32


class Server:
    """`count` FCFS engines of one service time, each as the time it is free. Jobs come in the order the processors
    reach them, which is not always the order of their arrival times (a read reaches its engine a memory latency
    after its request), so the clock never runs backwards: a job that comes earlier than the last one is taken at
    the last one's time. A job goes to the engine free first, so a burst of k <= count lines finds k idle engines
    and waits for none. `busy` sums every engine's occupancy."""

    def __init__(self, service: float, count: int = 1):
        self.service, self.free, self.last, self.busy = service, [0.0] * count, 0.0, 0.0

    def job(self, at: float) -> float:
        """How long a job reaching the engines at `at` waits for one."""
        self.last = max(self.last, at)
        free = self.free[0]
        wait = max(0.0, free - self.last)
        heapq.heapreplace(self.free, self.last + wait + self.service)
        self.busy += self.service
        return wait


# ns: tFAW 34, tRRD_S 4, tRFC 560 and tREFI 12480 clocks of 0.625 ns (DRAMsim3's DDR4_8Gb_x8_3200.ini)
RANK_TIMING = {"tfaw": 21.25, "trrd": 2.5, "trfc": 350.0, "trefi": 7800.0, "tccd": 5.0}  # tCCD_L: 8 clocks
BANKS_PER_RANK = 16


class BankedDram:
    """DRAM as banks with an open row each and one data bus (the fast mode; DRAMsim3 is the reference).

    A request reaches its bank at `at`, waits until the bank can take a command, pays tCL on an open row, tRCD +
    tCL on a closed one and tRP + tRCD + tCL on another row's, then takes the first free slot of the data bus at
    or after its data is ready (one line per line / GB/s; slots fill out of order, so a request to an idle bank
    does not wait behind a row conflict elsewhere). A bank takes its next column command one burst after this
    one's, or tCCD_L if longer (reads of an open row pipeline). Rows interleave across banks every `row_bytes`; banks come 16 to a
    rank. A rank opens at most 4 rows per tFAW and one per tRRD, and refreshes every tREFI for tRFC (staggered
    across ranks), with DRAMsim3's DDR4_8Gb_x8_3200 values (RANK_TIMING). Bank groups, the write buffer's
    turnarounds and the scheduler's preference for row hits are not modelled: those are part of what the
    comparison with DRAMsim3 measures."""

    def __init__(self, system: System, bus: bool = True, record: bool = False):
        t, cyc = system.dram, system.cycles
        self.stream: list[tuple[float, int, bool, float]] | None = [] if record else None  # (at, line, write, done)
        self.banks, self.row = t.banks, t.row_bytes
        self.hit, self.closed = cyc(t.tcl_ns), cyc(t.trcd_ns + t.tcl_ns)
        self.conflict = cyc(t.trp_ns + t.trcd_ns + t.tcl_ns)
        self.burst = cyc(system.line_bytes / t.gbps) if bus and t.gbps == t.gbps else 0.0
        self.open: dict[int, int] = {}
        self.free: dict[int, float] = {}
        self.taken: dict[int, int] = {}  # bus slot -> a later slot that may be free (union-find, path-halving)
        self.faw, self.rrd = cyc(RANK_TIMING["tfaw"]), cyc(RANK_TIMING["trrd"])
        self.ccd = max(self.burst, cyc(RANK_TIMING["tccd"])) if bus else 0.0
        self.rfc, self.refi = cyc(RANK_TIMING["trfc"]), cyc(RANK_TIMING["trefi"])
        self.ranks = max(self.banks // BANKS_PER_RANK, 1)
        self.act = max(self.rrd, self.faw / 4)
        self.activates: list[dict[int, int]] = [{} for _ in range(self.ranks)]  # each rank's taken activate slots
        self.reads = self.writes = self.row_hits = 0
        self.read_latency = 0.0
        self.row_hit = False  # whether the last access found its row open (the hint's lead is tCL, else tRCD + tCL)

    def _refreshed(self, rank: int, start: float) -> float:
        """`start`, or the end of the rank's refresh it falls in (ranks refresh staggered over tREFI)."""
        if not self.refi:
            return start
        offset = (start - rank * self.refi / self.ranks) % self.refi
        return start + (self.rfc - offset) if offset < self.rfc else start

    def _bus(self, ready: float) -> float:
        """When the data bus carries a line ready at `ready`: its first free slot from then on."""
        return _slot(self.taken, ready, self.burst) if self.burst else ready

    def access(self, line: int, at: float, write: bool = False) -> float:
        """When the line's data has crossed the bus (a read's arrival at the controller)."""
        bank, row = (line // self.row) % self.banks, line // (self.row * self.banks)
        was = self.open.get(bank)
        self.open[bank] = row
        start = max(at, self.free.get(bank, 0.0))
        latency = self.hit if was == row else self.closed if was is None else self.conflict
        rank = bank // BANKS_PER_RANK % self.ranks
        start = self._refreshed(rank, start)
        if was != row:  # an activate takes one of the rank's activation slots (4 per tFAW, tRRD apart)
            precharge = latency - self.closed if was is not None else 0.0
            start = _slot(self.activates[rank], start + precharge, self.act) - precharge
        data = self._bus(start + latency)
        self.free[bank] = start + (latency - self.hit) + self.ccd  # column commands pipeline on an open row
        self.row_hits += was == row
        self.row_hit = was == row
        if write:
            self.writes += 1
        else:
            self.reads += 1
            self.read_latency += data + self.burst - at
        if self.stream is not None:
            self.stream.append((at, line, write, data + self.burst))
        return data + self.burst


def _slot(taken: dict[int, int], ready: float, width: float) -> float:
    """The first free slot of `width` at or after `ready`, taken (slots fill out of order; union-find with path
    halving over the taken ones)."""
    slot = math.ceil(ready / width - 1e-9)
    while slot in taken:
        nxt = taken[slot]
        taken[slot] = taken.get(nxt, nxt)
        slot = nxt
    taken[slot] = slot + 1
    return max(ready, slot * width)


class MetadataAccess(NamedTuple):
    reads: list[int]  # metadata lines read from DRAM (their addresses)
    counter_missed: bool
    evicted: int  # dirty metadata lines written back
    levels_missed: int  # counter and tree levels among the reads


class MetadataCache:
    """Tag, counter and tree lines of the data lines through one LRU metadata cache (pycachesim)."""

    def __init__(self, scheme: Scheme, system: System, cache_bytes: int = METADATA_CACHE_BYTES,
                 protected_bytes: float | None = None):
        line = system.line_bytes
        self.line = line
        self.tags = scheme.tags_per_line if scheme.tag_bits else 0
        self.arity = scheme.counters_per_line
        access = Access() if protected_bytes is None else Access(protected_bytes=protected_bytes)
        self.levels = len(tree_levels(scheme, access, line)) if scheme.counter_bits else 0
        mem = MainMemory()
        self.cache = Cache("META", max(cache_bytes // line // METADATA_CACHE_WAYS, 1), METADATA_CACHE_WAYS, line,
                           "LRU")
        mem.load_to(self.cache)
        mem.store_from(self.cache)
        CacheSimulator(self.cache, mem)
        self.counter_hits = self.counter_lookups = 0

    def _touch(self, address: int, write: bool) -> bool:
        misses = self.cache.MISS_count
        # iterload/iterstore: pycachesim's load and store parse only 32 bits of the address (memsys.classify)
        (self.cache.iterstore if write else self.cache.iterload)((address,))
        return self.cache.MISS_count == misses

    def access(self, data_line: int, write: bool) -> MetadataAccess:
        """The metadata a data line's read or write touches, through the cache."""
        index = data_line // self.line
        evicted = self.cache.EVICT_count
        reads = []
        if self.tags:
            address = (index // self.tags) * self.line
            if not self._touch(address, write):
                reads.append(_DRAM + address)
        counter_missed, levels_missed = False, 0
        for level in range(self.levels):
            index //= self.arity
            address = _COUNTERS + level * _LEVEL + index * self.line
            hit = self._touch(address, write)
            if level == 0:
                self.counter_lookups += 1
                self.counter_hits += hit
                counter_missed = not hit
            if hit and not write:
                break  # a cached node is trusted: the walk stops there
            if not hit:
                reads.append(_DRAM + address)
                levels_missed += 1
        return MetadataAccess(reads, counter_missed, self.cache.EVICT_count - evicted, levels_missed)

    @property
    def counter_hit_rate(self) -> float:
        return self.counter_hits / self.counter_lookups if self.counter_lookups else float("nan")
