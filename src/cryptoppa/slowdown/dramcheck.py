"""How far the fast per-bank DRAM model (backend.BankedDram) is from DRAMsim3 on one request stream: the stream a
replay sent to DRAM (arrival at the controller, line, read or write), timed again by DRAMsim3 with the
configuration of the same memory preset (memsys.dramsim3.CONFIGS). Latency is a read's arrival to its data;
bandwidth is the stream's bytes over the span from its first arrival to its last completion."""

from __future__ import annotations

import math

import numpy as np

from ..memsys import dramsim3
from ..memsys.system import System


def compare(stream: list | None, system: System) -> dict[str, float | str]:
    """Mean read latency (ns) and bandwidth (GB/s) of the stream under both models, with the model names."""
    empty = {"dramsim3_read_ns": math.nan, "dramsim3_gbps": math.nan, "banked_gbps": math.nan,
             "dram_reference": ""}
    preset = system.dram.preset
    if not stream or preset not in dramsim3.CONFIGS or dramsim3.installed() is None:
        reason = "no DRAM requests" if not stream else \
            f"DRAMsim3 has no {preset} configuration" if preset not in dramsim3.CONFIGS else "DRAMsim3 not built"
        return {**empty, "dram_reference": reason}
    ns = 1.0 / system.clock_ghz
    at, line, write, done = (np.array(c) for c in zip(*sorted(stream, key=lambda r: r[0])))
    at_ns, done_ns = at * ns, done * ns
    ref_done, _ = dramsim3.replay(dramsim3.config_for(preset), line.astype(np.uint64), write, at_ns)
    reads = ~write.astype(bool)
    size = len(at) * system.line_bytes
    return {
        "dramsim3_read_ns": float((ref_done - at_ns)[reads].mean()) if reads.any() else math.nan,
        "dramsim3_gbps": size / (ref_done.max() - at_ns.min()),
        "banked_gbps": size / (done_ns.max() - at_ns.min()),
        "dram_reference": f"DRAMsim3 {dramsim3.config_for(preset)}",
    }
