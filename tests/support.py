"""Helpers shared by test modules (tests/ is on pytest's pythonpath)."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args, env=None, cwd=None):
    """The installed `cryptoppa` entry point, as a user would run it."""
    exe = Path(sys.executable).parent / "cryptoppa"
    return subprocess.run([str(exe), *map(str, args)], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, cwd=cwd or ROOT)


def load_metrics(run_dir: Path) -> dict:
    return {k: v["value"] for k, v in json.loads((run_dir / "metrics.json").read_text()).items()}
