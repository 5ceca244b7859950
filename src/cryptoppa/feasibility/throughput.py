"""Per-instance throughput of an encryption engine, and how many engines a bandwidth needs.

Assumption behind every engine count here: **each byte crossing the memory interface passes
through one engine exactly once** -- writes are encrypted on the way out, reads decrypted on
the way in, and a peak bandwidth figure is already aggregate read+write.  So the engines must
together sustain the whole bandwidth, no more (no double pass for a separate MAC) and no less
(no byte bypasses encryption).  Schemes that need a second pass (e.g. CBC + CBC-MAC) should
halve the per-instance throughput before calling :func:`engines_needed`.

All throughputs are in bits per second, to match :mod:`cryptoppa.feasibility.units`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import InputError

# An exact quotient such as 34.000000000000004 (float noise) must not cost a whole extra engine.
_INTEGER_TOLERANCE = 1e-9


def hardware_throughput(clock_hz: float, cycles_per_line: float, line_bytes: int = 64) -> float:
    """Bits/s of one hardware engine: clock / (cycles per line) x line bytes x 8.

    E.g. the 2013 study's ASIC: 225 MHz, 123 cycles per 64-byte line + tag -> 936.6 Mb/s.
    """
    _positive(clock_hz=clock_hz, cycles_per_line=cycles_per_line, line_bytes=line_bytes)
    return clock_hz / cycles_per_line * line_bytes * 8.0


def software_throughput(clock_hz: float, cycles_per_byte: float) -> float:
    """Bits/s of one software instance (one core): clock / (cycles per byte) x 8.

    E.g. 2.7 GHz at 44 cycles/byte -> 490.9 Mb/s.
    """
    _positive(clock_hz=clock_hz, cycles_per_byte=cycles_per_byte)
    return clock_hz / cycles_per_byte * 8.0


@dataclass(frozen=True)
class EngineCount:
    """How many engines a bandwidth needs, and how much of them is left idle."""

    bandwidth_bits_per_second: float
    per_instance_bits_per_second: float
    exact: float  # bandwidth / per-instance throughput, before rounding up
    count: int  # whole engines: ceil(exact)
    utilization: float  # exact / count: average busy fraction at full bandwidth
    last_engine_unused: float  # fraction of the last engine's capacity left unused
    headroom: float  # 1 - utilization: spare capacity over all engines


def engines_needed(bandwidth: float, per_instance: float) -> EngineCount:
    """Engines (ceiling) needed to sustain ``bandwidth`` bits/s at ``per_instance`` bits/s each.

    Assumes each byte crosses one engine once (writes encrypted, reads decrypted; see module
    docstring).  A quotient within 1e-9 of an integer is treated as that integer.
    """
    _positive(bandwidth=bandwidth, per_instance=per_instance)
    exact = bandwidth / per_instance
    nearest = round(exact)
    count = int(nearest) if math.isclose(exact, nearest, rel_tol=_INTEGER_TOLERANCE) else math.ceil(exact)
    count = max(count, 1)
    # The last engine carries whatever the first count-1 engines cannot.
    last_load = min(max(exact - (count - 1), 0.0), 1.0)
    utilization = min(exact / count, 1.0)
    return EngineCount(
        bandwidth_bits_per_second=float(bandwidth),
        per_instance_bits_per_second=float(per_instance),
        exact=exact,
        count=count,
        utilization=utilization,
        last_engine_unused=1.0 - last_load,
        headroom=1.0 - utilization,
    )


def _positive(**values: float) -> None:
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
            raise InputError(f"{name} must be a positive finite number, got {value!r}")
