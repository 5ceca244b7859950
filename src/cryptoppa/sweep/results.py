"""A results folder: one tidy table per sweep, Parquet + CSV, safe against kill -9 and concurrent writers.

Every write takes an exclusive lock on the folder, re-reads the table, merges the new rows (a point's row is
replaced by its newer run), and replaces the files atomically, so two sweeps sharing one folder interleave
rows instead of overwriting each other, and an interrupted write leaves the previous table intact.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
from pathlib import Path

import pandas as pd

from ..errors import CryptoppaError

TABLE = "results.parquet"
# Rows whose metrics can be used: computed in this sweep or found in the cache.
FINISHED = ("ok", "cached")
IDENTITY = ["sweep", "label"]


@contextlib.contextmanager
def _locked(folder: Path):
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _atomic(path: Path, write) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    os.close(fd)
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def table_path(folder: Path, table: str = TABLE) -> Path | None:
    """The folder's table: the Parquet file, or the CSV beside it (the compact copy published under reports/)."""
    for path in (Path(folder) / table, (Path(folder) / table).with_suffix(".csv")):
        if path.is_file():
            return path
    return None


def read(folder: Path, table: str = TABLE) -> pd.DataFrame:
    path = table_path(folder, table)
    if path is None:
        return pd.DataFrame()
    try:
        return pd.read_parquet(path) if path.suffix == ".parquet" else pd.read_csv(path)
    except Exception as err:
        raise CryptoppaError(f"{path}: unreadable results table ({err})") from None


def merge(folder: Path, rows: list[dict], table: str = TABLE, identity: list[str] = IDENTITY) -> pd.DataFrame:
    folder = Path(folder)
    with _locked(folder):
        old = read(folder, table)
        new = pd.DataFrame(rows)
        if not old.empty:
            keep = ~old.set_index(identity).index.isin(new.set_index(identity).index)
            new = pd.concat([old[keep], new], ignore_index=True)
        new = new.sort_values(identity, kind="stable").reset_index(drop=True)
        # Text columns stay text for failed rows too (Parquet needs one type per column).
        for col in new.columns[new.dtypes == object]:
            new[col] = new[col].fillna("").astype(str)
        _atomic(folder / table, lambda tmp: new.to_parquet(tmp, index=False))
        _atomic(folder / Path(table).with_suffix(".csv"), lambda tmp: new.to_csv(tmp, index=False))
    return new
