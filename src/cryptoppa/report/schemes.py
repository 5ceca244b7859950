"""Memory-protection schemes side by side for one bandwidth: engines, area, power, added read latency and the
extra DRAM traffic of their integrity metadata.

Each scheme (feasibility.metadata.SCHEMES) is implemented by one or more engine families; every measured N = 1
configuration of those families in a results table gives one row, evaluated at one clock (`clock`: a number in
MHz, "fmax" for each engine's own `timing__fmax__mhz`, or the name of another column of clocks; default each row's
`clock_mhz`, the clock it was characterized at). At that clock:

* Engines carry the data bandwidth plus the metadata traffic, 1 + extra traffic, for the chosen access (`Access`:
  streaming, uncached or a metadata-cache hit rate); the streaming best case and the uncached worst case are given
  beside it. Totals are N x one engine (dispatcher left out, as in the options table); power is rescaled to the
  clock (report.basis.power_at_clock).
* Read latency is the unloaded latency of an isolated read, from the ciphertext's arrival to the plaintext
  (`perf__read_latency_data_cycles`) and to the integrity verdict (`perf__read_latency_cycles`), with a prefetch
  hint from the read request `ceil(access_ns x clock)` cycles ahead (feasibility.latency, the DRAM preset's
  tRCD + tCL), derived from the two leads the flow simulates. Schemes with per-line counters are also given on a
  counter miss: the counter comes from DRAM with the data, so the hint gains nothing.
"""

from __future__ import annotations

import math

import pandas as pd

from ..catalog import (
    AREA, CYCLES, FMAX, HINT_LEAD, LINE_BYTES, READ_LATENCY, READ_LATENCY_DATA, READ_LATENCY_HINTED,
    READ_LATENCY_HINTED_DATA
)
from ..errors import InputError
from ..feasibility.latency import cycles_to_ns, hint_lead_cycles, latency_at_lead
from ..feasibility.metadata import SCHEMES, Access, overhead, traffic_range
from ..feasibility.presets import get_preset, resolve_bandwidth
from ..feasibility.report_text import round_sig
from ..feasibility.throughput import engines_needed, hardware_throughput
from ..sweep.results import FINISHED
from .load import engines_alone
from .basis import power_at_clock

CLOCK_ALIASES = {"fmax": FMAX}


def _dram(bandwidth: str):
    try:
        return get_preset(bandwidth)
    except InputError:
        return None  # a plain quantity has no device behind it


def _clock_of(clock: float | str, results: pd.DataFrame):
    """-> (row -> MHz, how the clock is named)."""
    if isinstance(clock, (int, float)) and not isinstance(clock, bool):
        if not clock > 0:
            raise InputError(f"schemes: clock must be a positive frequency in MHz, got {clock!r}")
        return (lambda r: float(clock)), f"{clock:g} MHz"
    column = CLOCK_ALIASES.get(str(clock), str(clock))
    if column not in results.columns:
        raise InputError(f"clock {clock!r}: expected a frequency in MHz, 'fmax' ({FMAX}) or another column of "
                         "clocks in the results")
    named = {"clock_mhz": "each engine's characterization clock (clock_mhz)",
             FMAX: f"each engine's own fmax ({FMAX})"}.get(column, f"each engine's {column}")
    return (lambda r: float(r[column])), named


def _measured(r, name: str) -> float:
    value = r.get(name)
    return float(value) if value is not None and pd.notna(value) else math.nan


def _latency(r, lead: int) -> tuple[float, float]:
    """(data, verdict) cycles at a hint lead; NaN for rows measured before the hint lead was recorded (their read
    latency may include a hint of unknown lead)."""
    if math.isnan(_measured(r, HINT_LEAD)):
        return math.nan, math.nan
    return (latency_at_lead(_measured(r, READ_LATENCY_DATA), _measured(r, READ_LATENCY_HINTED_DATA), lead),
            latency_at_lead(_measured(r, READ_LATENCY), _measured(r, READ_LATENCY_HINTED), lead))


def _traffic_basis(access: Access) -> str:
    hit = f", and at metadata-cache hit rate {access.hit_rate:g}" if access.hit_rate is not None else ""
    return (f"metadata traffic per data byte from streaming (consecutive lines, the best case) to uncached (every "
            f"metadata line missed, the worst case){hit}; counter-tree depth for {access.footprint}; writes "
            f"{access.write_fraction:.2g} of accesses (each metadata miss also writes back a dirty line)")


def _dram_basis(dram, bandwidth: str) -> str:
    if dram is None or math.isnan(dram.access_ns):
        return f"no DRAM timing for {bandwidth!r} (use a DRAM preset with timing): no hint lead, read latency unhinted"
    return (f"DRAM access {dram.access_ns:g} ns = tRCD {dram.trcd_ns:g} + tCL {dram.tcl_ns:g} ns "
            f"({dram.timing_source}); a read request reaches a prefetch hint port ceil(access x clock) cycles before "
            "its data (the controller's queueing before the DRAM access is not counted: a lower bound on the lead, "
            "so latency is an upper bound). Counter miss: the per-line counter is read from DRAM with the data and "
            "arrives no earlier, so the pads start when the data arrives: no lead")


def scheme_rows(results: pd.DataFrame, bandwidth: str, access: Access = Access(), efficiency: float = 1.0,
                count: int = 1, clock: float | str = "clock_mhz") -> pd.DataFrame:
    """One row per (scheme, measured N = 1 configuration of its engine family), numeric, unrounded."""
    resolved = resolve_bandwidth(bandwidth, efficiency=efficiency, count=count)
    dram = _dram(bandwidth)
    access_ns = dram.access_ns if dram else math.nan
    needed = {"design", "status", "n", "clock_mhz", CYCLES, READ_LATENCY_DATA}
    if not needed <= set(results.columns):
        return pd.DataFrame()  # no engine rows with measured latency: nothing to compare
    mhz_of, _ = _clock_of(clock, results)
    ok = engines_alone(results[results["status"].isin(FINISHED)])
    rows = []
    for scheme in SCHEMES.values():
        engines = ok[ok["design"].isin(scheme.engines)]
        if engines.empty:
            continue
        chosen, bounds = overhead(scheme, access), traffic_range(scheme, access)
        for _, r in engines.sort_values("label", kind="stable").iterrows():
            if pd.isna(r.get(CYCLES)) or pd.isna(r.get(READ_LATENCY_DATA)):
                continue
            mhz = mhz_of(r)
            if not mhz > 0:
                continue  # no such clock for this row (e.g. no fmax)
            line = int(r[LINE_BYTES]) if pd.notna(r.get(LINE_BYTES)) else 64
            gbps = hardware_throughput(mhz * 1e6, float(r[CYCLES]), line) / 1e9

            def need(extra: float) -> int:
                return engines_needed(resolved.bits_per_second * (1 + extra), gbps * 1e9).count

            # engines without the prefetch port (no hinted latency) cannot use the lead
            lead = hint_lead_cycles(access_ns, mhz) if not math.isnan(_measured(r, READ_LATENCY_HINTED_DATA)) else 0
            data, verdict = _latency(r, lead)
            miss_data, miss_verdict = _latency(r, 0) if scheme.counter_bits else (math.nan, math.nan)
            n = need(chosen.extra_traffic)
            rows.append({
                "scheme": scheme.name, "configuration": r["label"], "clock_mhz": mhz, "gbps": gbps,
                "extra_traffic": chosen.extra_traffic, "capacity": chosen.capacity, "engines": n,
                **{f"extra_{name}": o.extra_traffic for name, o in bounds.items()},
                **{f"engines_{name}": need(o.extra_traffic) for name, o in bounds.items()},
                "area_mm2": n * float(r[AREA]) / 1e6, "power_w": n * power_at_clock(r, mhz, float(r["clock_mhz"])),
                "hint_lead_cycles": lead,
                "latency_data_ns": cycles_to_ns(data, mhz),
                "latency_verdict_ns": cycles_to_ns(verdict, mhz) if scheme.integrity else math.nan,
                "miss_data_ns": cycles_to_ns(miss_data, mhz),
                "miss_verdict_ns": cycles_to_ns(miss_verdict, mhz),
                "latency_share": cycles_to_ns(data, mhz) / access_ns,
                "metadata": chosen.note, "source": scheme.source,
            })
    return pd.DataFrame(rows)


def scheme_table(results: pd.DataFrame, bandwidth: str, access: Access = Access(), efficiency: float = 1.0,
                 count: int = 1, clock: float | str = "clock_mhz") -> pd.DataFrame:
    """scheme_rows for display, with the basis (clock, DRAM timing, access pattern, footprint) in ``.attrs``."""
    rows = scheme_rows(results, bandwidth, access, efficiency, count, clock)
    resolved = resolve_bandwidth(bandwidth, efficiency=efficiency, count=count)
    dram = _dram(bandwidth)
    cases = list(traffic_range(SCHEMES["ctr-mac-tree"], access))
    out = pd.DataFrame()
    if not rows.empty:
        out = pd.DataFrame({"scheme": rows["scheme"], "engine": rows["configuration"],
                            "clock MHz": rows["clock_mhz"].round(1), "Gb/s each": round_sig(rows["gbps"])})
        for case in cases:
            out[f"extra traffic % {case}"] = (rows[f"extra_{case}"] * 100).round(1)
        out["metadata capacity %"] = (rows["capacity"] * 100).round(1)
        for case in cases:
            out[f"engines {case}"] = rows[f"engines_{case}"]
        out = out.assign(**{
            # at most 4 significant digits, as everywhere a figure is published
            "total area mm2": round_sig(rows["area_mm2"]), "total power W": round_sig(rows["power_w"]),
            "hint lead cycles": rows["hint_lead_cycles"],
            "read latency ns": round_sig(rows["latency_data_ns"]), "verdict ns": round_sig(rows["latency_verdict_ns"]),
            "read ns, counter miss": round_sig(rows["miss_data_ns"]),
            "verdict ns, counter miss": round_sig(rows["miss_verdict_ns"]),
            "latency / DRAM access": round_sig(rows["latency_share"], 3),
        })
    _, clock_name = _clock_of(clock, results) if not rows.empty else (None, str(clock))
    out.attrs["clock"] = f"throughput, power and latency at {clock_name}"
    out.attrs["assumption"] = (f"{resolved.assumption}; engines carry data + metadata traffic; engines, total area "
                               f"and power for {access.name} metadata traffic (N x one engine, no dispatcher); "
                               f"{out.attrs['clock']}; latency unloaded")
    out.attrs["traffic"] = _traffic_basis(access)
    out.attrs["access"] = _dram_basis(dram, bandwidth)
    out.attrs["sources"] = {s.name: s.source for s in SCHEMES.values()}
    notes = [] if not rows.empty else ["no N = 1 engine rows with read latency for any scheme"]
    if not rows.empty and rows["latency_data_ns"].isna().any():
        notes.append("read latency left blank for rows measured before the flow recorded its hint lead "
                     f"(`{HINT_LEAD}` missing: their latency may include a hint of unknown lead); re-measure them")
    out.attrs["notes"] = notes
    return out
