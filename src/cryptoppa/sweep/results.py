"""A results folder: one tidy table per sweep, Parquet + CSV, safe against kill -9 and concurrent writers.

Every write takes an exclusive lock on the folder, re-reads the table, merges the new rows (a point's row is
replaced by its newer run), and replaces the files atomically, so two sweeps sharing one folder interleave
rows instead of overwriting each other, and an interrupted write leaves the previous table intact.

The CSV is the Parquet file's twin, written from the same frame: a Parquet file damaged on disk (a copy cut
short, a full disk) is rebuilt from an intact CSV beside it, with a one-line note on stderr; without one it is
named as bad input.
"""

from __future__ import annotations

import contextlib
import fcntl
import re
import sys
from pathlib import Path

import pandas as pd

from .. import userfiles
from ..errors import InputError

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


def table_path(folder: Path, table: str = TABLE) -> Path | None:
    """The folder's table: the Parquet file, or the CSV beside it (the compact copy published under reports/)."""
    for path in (Path(folder) / table, (Path(folder) / table).with_suffix(".csv")):
        if path.is_file():
            return path
    return None


def _csv(path: Path, whole: bool = False) -> pd.DataFrame | None:
    """The CSV table, or None when it cannot be parsed; with `whole`, also when it is cut short (merge's to_csv
    ends every row with a newline)."""
    try:
        if whole:
            with open(path, "rb") as f:
                f.seek(-1, 2)
                if f.read(1) != b"\n":
                    return None
        return pd.read_csv(path)
    except (OSError, ValueError, pd.errors.ParserError):
        return None


def _damage(err: Exception) -> str:
    """pyarrow's message, without the path it repeats and its advice: "Parquet magic bytes not found in footer"."""
    text = re.sub(r"^.*?input source '[^']*': ", "", str(err).splitlines()[0] if str(err) else type(err).__name__)
    return text.split(". ")[0].rstrip(".")


def _typed(frame: pd.DataFrame) -> pd.DataFrame:
    """Text columns stay text for failed rows too (Parquet needs one type per column; CSV reads "" as NaN)."""
    for col in frame.columns[frame.dtypes == object]:
        frame[col] = frame[col].fillna("").astype(str)
    return frame


def _write(folder: Path, table: str, frame: pd.DataFrame) -> None:
    userfiles.replace_atomically(folder / table, lambda tmp: frame.to_parquet(tmp, index=False))
    userfiles.replace_atomically(folder / Path(table).with_suffix(".csv"), lambda tmp: frame.to_csv(tmp, index=False))


def read(folder: Path, table: str = TABLE) -> pd.DataFrame:
    return _read(Path(folder), table, locked=False)


def _read(folder: Path, table: str, locked: bool) -> pd.DataFrame:
    """The table; a damaged Parquet file is rebuilt from its CSV twin under the folder's lock (re-read there:
    another writer may have rebuilt it first)."""
    path = table_path(folder, table)
    if path is None:
        return pd.DataFrame()
    if path.suffix == ".csv":
        frame = _csv(path, whole=True)
        if frame is None:
            raise InputError(f"{path}: damaged results table (cut short, or not a CSV table pandas can parse)")
        return frame
    try:
        return pd.read_parquet(path)
    except Exception as err:  # pyarrow raises its own types for every kind of damage
        damage = _damage(err)
    twin = path.with_suffix(".csv")
    frame = _csv(twin, whole=True) if twin.is_file() else None
    if frame is None:
        raise InputError(f"{path}: damaged results table ({damage}) and no intact {twin.name} beside it to rebuild "
                         "it from; move the folder away to start afresh") from None
    frame = _typed(frame)
    if not locked:
        try:
            with _locked(folder):
                return _read(folder, table, locked=True)
        except OSError as err:  # a read-only folder (a published copy): read the twin, change nothing
            print(f"{path}: damaged ({damage}); read from the intact {twin.name} beside it (not rebuilt: "
                  f"{err.strerror})", file=sys.stderr)
            return frame
    _write(folder, table, frame)
    print(f"{path}: damaged ({damage}); rebuilt from the intact {twin.name} beside it", file=sys.stderr)
    return frame


def merge(folder: Path, rows: list[dict], table: str = TABLE, identity: list[str] = IDENTITY) -> pd.DataFrame:
    folder = Path(folder)
    with _locked(folder):
        old = _read(folder, table, locked=True)
        new = pd.DataFrame(rows)
        if not old.empty:
            keep = ~old.set_index(identity).index.isin(new.set_index(identity).index)
            new = pd.concat([old[keep], new], ignore_index=True)
        new = _typed(new.sort_values(identity, kind="stable").reset_index(drop=True))
        _write(folder, table, new)
    return new
