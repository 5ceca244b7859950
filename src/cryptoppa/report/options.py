"""Implementation options side by side: engines, software on our RV32 cores, the host CPU.

One row per option *per instance* (one engine, one core, one host core): throughput, area and power, and where
each number came from. This is the table the 2013 study printed as "Summary of Different Implementation
Methods", with every figure measured in one flow instead of quoted from data sheets.

Clock basis: an engine or core is evaluated at the sweep's target clock (power as measured) and at its own fmax.
At fmax, internal + switching power are the same netlist's vectorless figures scaled by fmax / clock (for a fixed
netlist and per-cycle activity OpenSTA's dynamic power is proportional to frequency); leakage is unchanged.
The host is evaluated at the clock `host-baseline` recorded; its area and power are not measured (NaN), because
nothing here can measure them honestly.

Memories: a core's `area_mm2` is its synthesized logic only. Its code/data SRAM is an estimate
(cryptoppa.baselines.memory) shown beside it, never folded in silently: `area_with_sram_mm2` (core + SRAM
estimate; NaN for engines and the host, which have no program memory estimate) and, from instances_for,
`gbps_per_mm2_with_sram`; each core's note repeats both figures.
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd

from .. import fpga
from ..catalog import (
    AREA, CYCLES, CYCLES_PER_BYTE, FMAX, LINE_BYTES, SRAM_AREA
)
from ..errors import CryptoppaError, InputError
from ..feasibility.presets import resolve_bandwidth
from ..paths import shown
from ..feasibility.report_text import round_sig
from ..feasibility.throughput import engines_needed, hardware_throughput, software_throughput
from ..fpga.devices import single_engines
from ..sweep import results as results_mod
from ..sweep.results import FINISHED
from .load import engines_alone
from .basis import power_at_clock

BASES = ("target", "fmax")
COLUMNS = ["option", "kind", "basis", "clock_mhz", "gbps", "area_mm2", "power_mw", "source", "note",
           "area_with_sram_mm2"]
SRAM_AREA = SRAM_AREA  # um^2, from core-baseline rows (baselines.memory)
HOST_TABLE = "host_baseline.parquet"
CORE_TABLE = "core_baseline.parquet"


def _clock(row, basis: str) -> float:
    return float(row["clock_mhz"]) if basis == "target" else float(row[FMAX])


def engine_options(results: pd.DataFrame, source: str) -> pd.DataFrame:
    """Single engines (N = 1 rows) with measured cycles per line, at the target clock and at fmax."""
    ok = results[results["status"].isin(FINISHED)]
    if CYCLES not in ok.columns:
        return pd.DataFrame(columns=COLUMNS)
    ok = engines_alone(ok[ok[CYCLES].notna()])
    if "pdk" in ok.columns:  # FPGA rows: fpga_engine_options, at the routed fmax only
        ok = ok[~ok["pdk"].map(fpga.is_target)]
    rows = []
    for _, r in ok.sort_values("label", kind="stable").iterrows():
        line = int(r.get(LINE_BYTES, 64) if pd.notna(r.get(LINE_BYTES)) else 64)
        for basis in BASES:
            mhz = _clock(r, basis)
            rows.append({
                "option": f"{r['label']}", "kind": "engine", "basis": basis, "clock_mhz": mhz,
                "gbps": hardware_throughput(mhz * 1e6, float(r[CYCLES]), line) / 1e9,
                "area_mm2": float(r[AREA]) / 1e6, "power_mw": power_at_clock(r, mhz, float(r["clock_mhz"])) * 1e3,
                "source": source,
                "note": "" if basis == "target" else "power rescaled from the target clock",
            })
    return pd.DataFrame(rows, columns=COLUMNS)


def fpga_engine_options(results: pd.DataFrame, source: str) -> pd.DataFrame:
    """Single engines placed and routed on an FPGA, at the routed fmax (median over placer seeds); no area (a device
    is the unit: `per_device` engines fit one) and no power (no open FPGA power estimator)."""
    if "pdk" not in results.columns:
        return pd.DataFrame(columns=[*COLUMNS, "per_device"])
    ok = results[results["status"].isin(FINISHED) & results["pdk"].map(fpga.is_target)]
    rows = [{
        "option": f"{e['design']} on {e['target']} ({fpga.get(e['target']).device})", "kind": "fpga",
        "basis": "routed fmax", "clock_mhz": e["fmax_mhz"], "gbps": e["gbps"], "area_mm2": math.nan,
        "power_mw": math.nan, "source": source, "per_device": e["per_device"],
        "note": f"fmax: median of {e['seeds']} placer seeds; {e['per_device']} engines fit one device; "
                "power not measured (no open FPGA power estimator)",
    } for _, e in single_engines(ok).iterrows()]
    return pd.DataFrame(rows, columns=[*COLUMNS, "per_device"])


def host_options(folder: Path, line_bytes: int = 64) -> pd.DataFrame:
    """AES-128-GCM on the host CPU, per core, for messages of one line (from `cryptoppa host-baseline`)."""
    table = _read(folder, HOST_TABLE, "cryptoppa host-baseline --out " + str(folder))
    gcm = table[(table["alg"] == "aes-128-gcm") & (table["bytes"] == line_bytes)]
    if gcm.empty:
        raise CryptoppaError(f"{folder / HOST_TABLE}: no aes-128-gcm row for {line_bytes}-byte messages")
    rows = [{
        "option": f"{r['option']} ({r['cpu_model']})", "kind": "host", "basis": "host clock",
        "clock_mhz": float(r["cpu_mhz"]),
        "gbps": software_throughput(float(r["cpu_mhz"]) * 1e6, float(r[CYCLES_PER_BYTE])) / 1e9,
        "area_mm2": math.nan, "power_mw": math.nan, "source": shown(results_mod.table_path(folder, HOST_TABLE)),
        "note": f"{r[CYCLES_PER_BYTE]:.2f} cycles/byte, OpenSSL, {line_bytes}-byte messages; "
                "area and power not measured",
    } for _, r in gcm.iterrows()]
    return pd.DataFrame(rows, columns=COLUMNS)


def core_options(folder: Path, line_bytes: int = 64) -> pd.DataFrame:
    """Software AES-GCM on our synthesized RV32 cores (from `cryptoppa core-baseline`), one line per message."""
    table = _read(folder, CORE_TABLE, "cryptoppa core-baseline --out " + str(folder))
    ok = table[(table["alg"] == "gcm") & (table["bytes"] == line_bytes) & table["status"].isin(FINISHED)]
    rows = []
    for _, r in ok.iterrows():
        for basis in BASES:
            mhz = _clock(r, basis)
            gbps = software_throughput(mhz * 1e6, float(r["cycles_per_byte"])) / 1e9
            core_mm2, sram_mm2 = float(r[AREA]) / 1e6, float(r.get(SRAM_AREA, math.nan)) / 1e6
            rows.append({
                "option": r["option"], "kind": "core", "basis": basis, "clock_mhz": mhz, "gbps": gbps,
                "area_mm2": core_mm2, "power_mw": power_at_clock(r, mhz, float(r["clock_mhz"])) * 1e3,
                "source": shown(results_mod.table_path(folder, CORE_TABLE)),
                "note": f"{r['cycles_per_byte']:.1f} cycles/byte; " + _memory_note(core_mm2, sram_mm2, gbps),
                "area_with_sram_mm2": core_mm2 + sram_mm2,
            })
    return pd.DataFrame(rows, columns=COLUMNS)


def _memory_note(core_mm2: float, sram_mm2: float, gbps: float) -> str:
    """What the core's area leaves out, with the SRAM estimate when the table has one."""
    if math.isnan(sram_mm2):
        return "core only, code/data memories excluded (no SRAM estimate in this table: rerun core-baseline)"
    total = core_mm2 + sram_mm2
    return (f"area is the core only; + code/data SRAM estimate {sram_mm2:.3f} mm2 (not measured) "
            f"= {total:.3f} mm2, {gbps / total:.3g} Gb/s per mm2 with SRAM")


def _read(folder: Path, name: str, command: str) -> pd.DataFrame:
    if results_mod.table_path(folder, name) is None:
        raise CryptoppaError(f"{folder}: no {name} (make it with `{command}`)")
    return results_mod.read(folder, name)


def instances_for(options: pd.DataFrame, bits_per_second: float) -> pd.DataFrame:
    """Instances each option needs for a bandwidth, with total area and power (N x one instance).

    Total = N x per-instance figures: a first-order estimate that leaves out the dispatcher/interconnect an
    array needs (the sweep-based report fits measured arrays instead); each byte crosses one instance once.
    """
    out = options.copy()
    counts = [engines_needed(bits_per_second, g * 1e9) for g in out["gbps"]]
    out.insert(5, "instances", [c.count for c in counts])
    out.insert(6, "utilization", [round(c.utilization, 4) for c in counts])
    out["gbps_per_mm2"] = out["gbps"] / out["area_mm2"]
    with_sram = out["area_with_sram_mm2"] if "area_with_sram_mm2" in out else math.nan
    out["gbps_per_mm2_with_sram"] = out["gbps"] / with_sram
    out["gbps_per_w"] = out["gbps"] / out["power_mw"] * 1e3
    out["total_area_mm2"] = out["instances"] * out["area_mm2"]
    out["total_power_w"] = out["instances"] * out["power_mw"] / 1e3
    return out


def options_table(bandwidth: str, *, results: Path | None = None, host: Path | None = None,
                  cores: Path | None = None, efficiency: float = 1.0, count: int = 1) -> pd.DataFrame:
    """Measured implementation options (engines, RV32 software, host CPU) for one bandwidth.

    Notes (what is left out of which option) are in ``.attrs['notes']``.
    """
    resolved = resolve_bandwidth(bandwidth, efficiency=efficiency, count=count)
    parts, sources = [], []
    if results is not None:
        table = results_mod.read(results)
        if table.empty:
            raise InputError(f"--results {results}: no {results_mod.TABLE} or results.csv (run `cryptoppa sweep` first)")
        parts.append(engine_options(table, shown(results_mod.table_path(results))))
        parts.append(fpga_engine_options(table, shown(results_mod.table_path(results))))
        sources.append(f"engines: {shown(results)}")
    if cores is not None:
        parts.append(core_options(cores))
        sources.append(f"cores: {shown(cores)}")
    if host is not None:
        parts.append(host_options(host))
        sources.append(f"host: {shown(host)}")
    frames = [p for p in parts if not p.empty]
    if not frames:
        raise InputError(f"no measured option in the given folders (engines need N=1 rows with {CYCLES})")
    table = instances_for(pd.concat(frames, ignore_index=True), resolved.bits_per_second)
    if "per_device" in table:  # FPGA engines come in devices
        devices = [f"; {math.ceil(n / k)} devices" if k > 0 else "" for n, k in
                   zip(table["instances"], table["per_device"].fillna(0))]
        table["note"] = table["note"] + devices
    out = pd.DataFrame({
        "option": table["option"], "kind": table["kind"], "clock": table["basis"],
        "MHz": table["clock_mhz"].round(1), "Gb/s each": round_sig(table["gbps"]),
        "instances": table["instances"], "utilization": table["utilization"].round(3),
        "area mm2 each": table["area_mm2"].round(4), "mW each": table["power_mw"].round(2),
        "Gb/s per mm2": round_sig(table["gbps_per_mm2"]), "Gb/s per W": round_sig(table["gbps_per_w"]),
        "total area mm2": table["total_area_mm2"].round(2), "total power W": table["total_power_w"].round(3),
        "note": table["note"],
    })
    out.attrs["assumption"] = resolved.assumption
    out.attrs["source"] = "; ".join(sources)
    out.attrs["notes"] = [
        "totals are N x one instance: the dispatcher and interconnect of an array are left out "
        "(a swept array's fit, in `cryptoppa report`, includes them)",
        "each byte crosses one instance once (writes encrypted, reads decrypted)",
    ]
    return out
