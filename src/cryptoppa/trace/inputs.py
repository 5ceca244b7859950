"""Generated input files of the traced programs: deterministic, so a trace's key covers them by content."""

from __future__ import annotations

from pathlib import Path

import numpy as np

_WORDS = ("memory", "engine", "cache", "line", "counter", "tag", "bandwidth", "latency", "processor", "bus",
          "encrypt", "decrypt", "pad", "mask", "block", "key", "round", "tree", "read", "write", "the", "a", "of",
          "and", "to", "in", "is", "for", "on", "with")


def text(path: Path, size_bytes: int, seed: int = 1) -> Path:
    """English-like words drawn with a Zipf-ish skew, so compressors find real structure."""
    rng = np.random.default_rng(seed)
    weights = 1.0 / np.arange(1, len(_WORDS) + 1)
    picks = rng.choice(len(_WORDS), size=size_bytes // 4, p=weights / weights.sum())
    body = " ".join(_WORDS[i] for i in picks).encode()[:size_bytes]
    Path(path).write_bytes(body)
    return Path(path)


def sql_script(path: Path, rows: int) -> Path:
    """A table filled by a recursive query, an index, and an aggregate over a join: B-tree work in sqlite3."""
    Path(path).write_text(
        "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v TEXT);\n"
        f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows}) "
        "INSERT INTO t SELECT i, (i * 7919) % 1009, printf('value-%08d', (i * 104729) % 1000003) FROM n;\n"
        "CREATE INDEX t_k ON t(k);\n"
        "SELECT k, count(*), max(v) FROM t GROUP BY k ORDER BY 2 DESC LIMIT 3;\n"
        "SELECT count(*) FROM t a JOIN t b ON a.k = b.k WHERE a.id < 200;\n")
    return Path(path)
