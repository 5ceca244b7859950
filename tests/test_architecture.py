"""The package's structure, checked with well-kept tools configured in pyproject.toml:

* import-linter: imports point only down the layers ([tool.importlinter]);
* ruff: no function-local import of our own modules (PLC0415) and no subprocess outside cryptoppa.tools (TID251);
* pylint's duplicate-code check: no block of more than 10 lines repeated in src/.
"""

import shutil
import subprocess
import sys
from pathlib import Path

from support import ROOT

BIN = Path(sys.executable).parent


def _run(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], cwd=ROOT, capture_output=True, text=True)


def test_imports_point_down_the_layers():
    done = _run("lint-imports", "--no-cache")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "Contracts: 1 kept, 0 broken." in done.stdout


def test_layer_check_catches_an_upward_import(tmp_path):
    # The contract must be able to fail: a copy of the package where a low layer imports the CLI breaks it.
    pkg = tmp_path / "src" / "cryptoppa"
    shutil.copytree(ROOT / "src" / "cryptoppa", pkg, ignore=shutil.ignore_patterns("__pycache__"))
    (pkg / "metrics.py").write_text((pkg / "metrics.py").read_text() + "\nfrom . import cli  # noqa\n")
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    done = subprocess.run([str(BIN / "lint-imports"), "--no-cache"], cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(tmp_path / "src"), "PATH": str(BIN)})
    assert done.returncode != 0 and "cryptoppa.metrics -> cryptoppa.cli" in done.stdout


def test_no_local_imports_of_the_package_and_no_subprocess_outside_tools():
    done = _run("ruff", "check", "src")
    assert done.returncode == 0, done.stdout[-3000:]


def test_no_repeated_block_of_more_than_ten_lines():
    done = _run("pylint", "--disable=all", "--enable=duplicate-code", "--min-similarity-lines=11", "src/cryptoppa")
    assert done.returncode == 0, done.stdout[-3000:]
