"""An engine's added read latency in front of a DRAM: cycles at a clock in ns, and how far ahead of its data the
read request reaches the engine.

A read that misses the caches leaves the memory controller as a DRAM access; the data comes back tRCD + tCL later
at the earliest (the preset's `access_ns`: a closed row, no queueing). An engine with the prefetch port hears the
request when the controller issues it, so it gets the line's address that long before the data:

    lead (engine cycles) = ceil(access_ns x clock)

The data is taken at the first engine clock edge after it arrives, hence the ceiling. The time the request spends
in the controller's queues before the DRAM access is not counted, so the lead is a lower bound: the latency
derived from it is an upper bound, conservative for the engine.

How latency depends on the lead (sim/perf.py measures the two ends; tests/engines checks every lead in between
against the simulation and each family's `promised_timing`): without a hint an engine starts its address-only work
(pads, tweak, mask) when the line arrives, and takes `no_hint` cycles; a hint starts that work the cycle after it is
seen, so each cycle of lead beyond the first saves one, down to `hinted` (the work done before the line arrives):

    latency(lead) = min(no_hint, max(hinted, no_hint + 1 - lead)),  latency(0) = no_hint

A scheme with per-line counters (ctr-mac-tree) also needs the line's counter before the pads can start. On a
counter-cache hit the counter is on die and the lead is the full access; on a miss the counter line is read from
DRAM by the same request and arrives no earlier than the data, so the hint gains nothing: lead 0, the engine's
unhinted latency (a lower bound: a counter read that waits behind the data in its bank arrives tRP + tRCD later).
The tree walk above the counter is traffic (feasibility.metadata), not counted here.
"""

from __future__ import annotations

import math

from ..errors import InputError


def cycles_to_ns(cycles: float, clock_mhz: float) -> float:
    """Latency in ns of `cycles` engine cycles at `clock_mhz`."""
    if not clock_mhz > 0:
        raise InputError(f"clock must be a positive frequency in MHz, got {clock_mhz!r}")
    return cycles * 1e3 / clock_mhz


def hint_lead_cycles(access_ns: float, clock_mhz: float) -> int:
    """Engine cycles between a read request at the controller and its data: ceil(access_ns x clock). NaN access
    (no DRAM timing) gives 0, no lead."""
    if math.isnan(access_ns):
        return 0
    # a lead that is a whole number of cycles up to float noise must not gain a cycle
    return math.ceil(access_ns * clock_mhz / 1e3 - 1e-9)


def latency_at_lead(no_hint: float, hinted: float, lead: int) -> float:
    """Cycles from a line's arrival to its result with a hint `lead` cycles ahead (0: none), from the two measured
    ends: `no_hint` and `hinted` (NaN for an engine without the prefetch port: every lead gives no_hint)."""
    if lead < 0:
        raise InputError(f"hint lead must not be negative, got {lead}")
    if lead == 0 or math.isnan(hinted):
        return no_hint
    return min(no_hint, max(hinted, no_hint + 1 - lead))
