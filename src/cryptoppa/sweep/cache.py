"""The run cache: one sealed run directory per plan key. `info` counts, `prune` removes broken or all runs.

A `.tmp-*` folder whose process is alive is a run in progress: counted as such and never pruned.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from .. import settings
from ..errors import InputError
from ..runs import abandoned, is_complete
from .execute import default_cache


def _folder(cache: Path | None) -> Path:
    path = Path(cache or default_cache())
    if path.exists() and not path.is_dir():
        raise InputError(f"{'--cache' if cache else settings.cache_origin()} {path} is a file, not a folder")
    return path


def _entries(cache: Path) -> list[Path]:
    return [p for p in sorted(cache.iterdir()) if p.is_dir() and p.name != "generated"] if cache.exists() else []


def _in_progress(run_dir: Path) -> bool:
    return run_dir.name.startswith(".tmp-") and not abandoned(run_dir)


def _size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def info(cache: Path | None = None) -> str:
    cache = _folder(cache)
    entries = _entries(cache)
    good = [p for p in entries if is_complete(p)]
    running = [p for p in entries if _in_progress(p)]
    size = sum(_size(p) for p in entries)
    return (f"cache {cache}: {len(good)} finished runs, {len(running)} in progress, "
            f"{len(entries) - len(good) - len(running)} failed/partial/corrupt, {size / 1e6:.1f} MB")


def prune(cache: Path | None = None, everything: bool = False) -> str:
    cache = _folder(cache)
    removed = 0
    for p in _entries(cache):
        if not _in_progress(p) and (everything or not is_complete(p)):
            shutil.rmtree(p, ignore_errors=True)
            removed += 1
    return f"removed {removed} runs from {cache}"
