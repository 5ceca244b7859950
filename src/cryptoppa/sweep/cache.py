"""The run cache: one sealed run directory per plan key. `info` counts, `prune` removes broken or all runs."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..runs import is_complete
from .execute import default_cache


def _entries(cache: Path) -> list[Path]:
    return [p for p in sorted(cache.iterdir()) if p.is_dir() and p.name != "generated"] if cache.exists() else []


def _size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def info(cache: Path | None = None) -> str:
    cache = Path(cache or default_cache())
    entries = _entries(cache)
    good = [p for p in entries if is_complete(p)]
    size = sum(_size(p) for p in entries)
    return (f"cache {cache}: {len(good)} finished runs, {len(entries) - len(good)} failed/partial/corrupt, "
            f"{size / 1e6:.1f} MB")


def prune(cache: Path | None = None, everything: bool = False) -> str:
    cache = Path(cache or default_cache())
    removed = 0
    for p in _entries(cache):
        if everything or not is_complete(p):
            shutil.rmtree(p, ignore_errors=True)
            removed += 1
    return f"removed {removed} runs from {cache}"
