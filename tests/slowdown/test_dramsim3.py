"""DRAMsim3 through our C ABI (native/dramsim3, built by the bootstrap): a few thousand requests timed by the real
simulator, row hits faster than row misses, and our fast per-bank model on the same streams."""

import numpy as np
import pytest

from cryptoppa.memsys import dramsim3
from cryptoppa.memsys.system import get_system
from cryptoppa.slowdown.backend import BankedDram

pytestmark = pytest.mark.skipif(dramsim3.installed() is None, reason="DRAMsim3 not built: run scripts/bootstrap.sh")


def _streams(n=3000, gap_ns=100.0):
    rng = np.random.default_rng(7)
    hits = (np.arange(n, dtype=np.uint64) % 128) * np.uint64(64)  # one 8 KiB row, over and over
    misses = rng.integers(1, 60000, n).astype(np.uint64) << np.uint64(20)  # a new row of one bank each time
    return hits, misses, np.arange(n) * gap_ns


def test_dramsim3_row_hits_are_faster_than_row_misses():
    hits, misses, at = _streams()
    config = dramsim3.config_for("ddr4-3200")
    hit_done, tck = dramsim3.replay(config, hits, np.zeros(len(at)), at)
    miss_done, _ = dramsim3.replay(config, misses, np.zeros(len(at)), at)
    hit_ns, miss_ns = np.median(hit_done - at), np.median(miss_done - at)
    assert 0 < tck < 1  # DDR4-3200's clock: 0.625 ns
    assert hit_ns < miss_ns
    # JEDEC DDR4-3200: a row hit costs tCL (13.75 ns), a conflict tRP + tRCD + tCL (41.25 ns), plus the burst
    assert 10 < hit_ns < 30 and 35 < miss_ns < 80


def test_the_banked_model_orders_hits_and_misses_like_dramsim3():
    system = get_system("modern-ddr4", 1, 64)
    hits, misses, at = _streams(500)
    lat = {}
    for name, lines in (("hit", hits), ("miss", misses)):
        dram = BankedDram(system)
        lat[name] = np.median([dram.access(int(a), t * system.clock_ghz) - t * system.clock_ghz
                               for a, t in zip(lines, at)]) / system.clock_ghz
    assert lat["hit"] < lat["miss"]
