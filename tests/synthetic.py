"""Synthetic results tables whose truth is known, for the answer model's arithmetic and gates."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

CLOCK_MHZ = 225.0
LINE = 64


def row(design: str, n: int = 1, *, area: float = 100_000.0, power: float = 0.02, fmax: float = 1000.0,
        cycles: float = 60.0, mode: str = "vectorless", pdk: str = "freepdk45_char", corner: str = "nom",
        read: float = 40.0, read_data: float | None = None, hinted: float | None = None, window: float = 240.0,
        array: str = "", **extra) -> dict:
    """One results row. `power` is total W, split 80/15/5 into internal/switching/leakage."""
    label = f"{design} N={n}{' ' + array if array else ''} [LINE_BYTES=64] {pdk}/{corner} 225MHz" + (
        "" if mode == "vectorless" else f" {mode}")
    out = {
        "sweep": "synthetic", "design": design, "n": n, "pdk": pdk, "corner": corner, "clock_mhz": CLOCK_MHZ,
        "activity": 0.1, "activity_mode": mode, "label": label, "param_LINE_BYTES": LINE, "status": "ok",
        "error": "", "key": label, "array_mode": array, "wire_load": "none",
        "synth__design__instance__count": area / 9.0, "synth__design__instance__count__sequential": 300.0 * n,
        "synth__design__instance__area__stdcell": area, "synth__design__ge__area": 4.8,
        "timing__fmax__mhz": fmax, "timing__setup__ws": 1.0,
        "power__internal__total": power * 0.8, "power__switching__total": power * 0.15,
        "power__leakage__total": power * 0.05, "power__total": power,
        "perf__cycles_per_line": cycles, "perf__line_bytes": LINE,
        "perf__read_latency_cycles": read, "perf__read_latency_data_cycles": read if read_data is None else read_data,
        "perf__read_latency_hint_lead_cycles": 0.0 if hinted is None else read,
        "perf__read_latency_hinted_cycles": np.nan if hinted is None else hinted,
        "perf__read_latency_hinted_data_cycles": np.nan if hinted is None else hinted,
        "power__activity__window_cycles": np.nan if mode == "vectorless" else window,
    }
    out.update(extra)
    return out


def engine(design: str, *, idle: float | None = None, saturated: float | None = None, **kw) -> list[dict]:
    """An engine's vectorless row and, where given, its simulated idle and saturated rows."""
    rows = [row(design, **kw)]
    if saturated is not None:
        rows.append(row(design, **{**kw, "power": saturated, "mode": "sim:saturated"}))
    if idle is not None:
        rows.append(row(design, **{**kw, "power": idle, "mode": "sim:idle"}))
    return rows


def write(folder: Path, rows: list[dict]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    frame = pd.DataFrame(rows)
    frame.to_parquet(folder / "results.parquet", index=False)
    frame.to_csv(folder / "results.csv", index=False)
    return folder
