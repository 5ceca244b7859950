"""The one block that states the basis of every number of ours in the studies report, read from the data."""

from __future__ import annotations

import pandas as pd

from ..document import Bullets
from .ours import SATURATED, VECTORLESS, Ours
from .text import num


def _values(frame: pd.DataFrame, column: str) -> str:
    if frame.empty or column not in frame.columns:
        return "–"
    return ", ".join(str(v) for v in sorted({f"{x:g}" if isinstance(x, float) else str(x)
                                             for x in frame[column].dropna()}))


def _engines(ours: Ours) -> str:
    asic = ours.asic
    if asic.empty:
        return "ASIC engines: none in the data yet."
    where = ", ".join(sorted({f"{r.pdk}/{r.corner}" for r in asic.itertuples()}))
    modes = set(asic["activity_mode"].fillna(VECTORLESS))
    power = [f"vectorless ({_values(asic[asic['activity_mode'].fillna(VECTORLESS) == VECTORLESS], 'activity')} "
             "toggles per cycle at every input, propagated by OpenSTA)"] if VECTORLESS in modes else []
    if SATURATED in modes:
        power.append("simulated activity at saturation (the mapped netlist in Icarus with zero-delay cell models, "
                     "per-net toggles annotated into OpenSTA)")
    return (f"ASIC engines: {where} (`cryptoppa pdk show`), synthesis only (Yosys + ABC, OpenSTA; no placement, "
            f"no wires), clock {_values(asic, 'clock_mhz')} MHz for power; fmax = 1000 / (period − worst setup "
            "slack), register to register; area = standard-cell µm²; cycles per line and latencies from RTL "
            f"simulation of the engine at saturation and of an isolated line; power: {' and '.join(power)}.")


def _fpga(ours: Ours) -> list[str]:
    fpga = ours.fpga
    if fpga.empty:
        return []
    return [f"FPGA: {_values(fpga, 'pdk')}, Yosys synthesis only (synth_xilinx): LUTs and flip-flops; no fmax (no "
            "open place and route for these targets and engines)."]


def _cores(ours: Ours) -> list[str]:
    t = ours.cores
    if t.empty:
        return []
    energy = ("; energy from the firmware's measured window simulated on the core's gate-level netlist in Verilator, "
              "per-net toggle counts (SAIF) annotated into OpenSTA, the core only (code and data memories are "
              "simulation models: their energy is not included)") if "energy_per_byte_pj" in t.columns else ""
    return [f"RV32 cores: {_values(t, 'core')} on {_values(t, 'pdk')}/{_values(t, 'corner')} at "
            f"{_values(t, 'clock_mhz')} MHz; firmware built with Debian's riscv64-unknown-elf-gcc at "
            f"{_values(t, 'opt')}, cycles counted in RTL simulation (Verilator), every result checked against "
            f"`cryptography`{energy}."]


def _host(ours: Ours) -> list[str]:
    t = ours.host
    if t.empty:
        return []
    load = (f"; 1-minute load average when each run started {t['load_average_1min'].min():.1f}–"
            f"{t['load_average_1min'].max():.1f} on {int(t['cpus'].iloc[0])} CPUs (a quiet machine reads near 0: "
            "a busier one gives more cycles per byte)") if "load_average_1min" in t.columns else ""
    openssl = f" ({_values(t, 'openssl').split(' (Library')[0]})" if "openssl" in t.columns else ""
    return [f"Host: `openssl speed`{openssl} on {_values(t, 'cpu_model')}, cycles = the nominal "
            f"{', '.join(num(m) for m in sorted(set(t['cpu_mhz'])))} MHz ÷ the measured rate{load}."]


def basis(ours: Ours) -> Bullets:
    return Bullets([_engines(ours), *_fpga(ours), *_cores(ours), *_host(ours),
                    "The studies' figures are as printed in their own units and on their own platforms; the tables "
                    "compare ratios or trends wherever the platforms differ, and say so."])
