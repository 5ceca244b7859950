"""The trace record (workloads/trace/record.h) as numpy sees it, and the Parquet trace table.

A trace has one row per event: `thread`, `kind` (LOAD, STORE, MODIFY = load then store of one location,
BARRIER = the thread waits for all others; its `addr` is the barrier's sequence number), `size` in bytes,
`gap` (instructions the thread executed since its previous event; 0 where the recorder cannot count them)
and the virtual `addr`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

LOAD, STORE, MODIFY, BARRIER = 0, 1, 2, 3
RECORD = np.dtype([("addr", "<u8"), ("gap", "<u4"), ("kind", "u1"), ("size", "u1"), ("thread", "<u2")])
COLUMNS = ("thread", "kind", "size", "gap", "addr")


def read_records(paths: list[Path]) -> pd.DataFrame:
    """The records of one or more binary files (per-thread files in order), as a trace table."""
    parts = [np.fromfile(p, dtype=RECORD) for p in paths]
    data = np.concatenate(parts) if parts else np.zeros(0, RECORD)
    return pd.DataFrame({c: data[c] for c in COLUMNS})


def write_trace(table: pd.DataFrame, path: Path) -> None:
    table.to_parquet(path, index=False, compression="zstd")


def read_trace(path: Path) -> pd.DataFrame:
    return pd.read_parquet(path)


def footprint_lines(table: pd.DataFrame, line_bytes: int = 64) -> int:
    """Distinct cache lines the trace touches (barriers left out)."""
    data = table["addr"].to_numpy()[table["kind"].to_numpy() != BARRIER]
    return int(np.unique(data // line_bytes).size)
