"""Helpers shared by test modules (tests/ is on pytest's pythonpath)."""

import json
import os
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from cryptoppa.cli import cli
import warm_cli

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args, env=None, cwd=None):
    """The installed `cryptoppa` entry point, as a user would run it (in its own process: warm_cli)."""
    return warm_cli.run(list(map(str, args)), cwd or ROOT, {**os.environ, **(env or {})})


def load_metrics(run_dir: Path) -> dict:
    return {k: v["value"] for k, v in json.loads((run_dir / "metrics.json").read_text()).items()}


# The CLI in-process (click's CliRunner): fast, and `result.exception` shows any Python exception.
def invoke(*args, env=None):
    return CliRunner().invoke(cli, [str(a) for a in args], env=env, prog_name="cryptoppa")


def refused(result, *needles, code=2) -> str:
    """The one line of a clean refusal: the exit code, no Python exception, every needle in the line."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == code, (result.exit_code, result.output)
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def sweep_text(output, designs=("counter",), extra="") -> str:
    return textwrap.dedent(f"""
        [sweep]
        name = "probe"
        output = "{output}"
        designs = {json.dumps(list(designs))}
        pdks = ["freepdk45"]
        clocks_mhz = [225]
    """) + textwrap.dedent(extra)


def predates_charlib(*corners: str) -> pytest.MarkDecorator:
    """Expected to fail while a committed freepdk45_char corner is still the lctime-made one (its header names
    lctime): regenerate it with `python scripts/characterize.py --pdk freepdk45 --corner CORNER`. Strict, and gone once
    every named corner is regenerated, so the test then has to pass."""
    old = [c for c in corners if "with lctime" in
           (ROOT / "pdk" / "freepdk45_char" / f"FlexLib_{c}.lib").read_text().split("\n", 1)[0]]
    return pytest.mark.xfail(bool(old), strict=True,
                             reason=f"committed freepdk45_char {', '.join(old)} predates our own decks")
