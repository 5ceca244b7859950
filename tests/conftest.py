"""Shared fixtures. Tests marked `eda` run the real Yosys/OpenSTA/simulators on small designs."""

import os
import shutil
import sys
from pathlib import Path

import pytest

@pytest.fixture(scope="session")
def flexlib_home():
    from cryptoppa import pdk
    return pdk.install(pdk.get("freepdk45"), log=lambda *_: None)


@pytest.fixture(scope="session")
def runs_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("runs")


@pytest.fixture
def no_sta_path(tmp_path):
    """A PATH holding everything but OpenSTA, to check the missing-tool error."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for d in os.environ["PATH"].split(os.pathsep):
        for exe in ("python3", "sh", "pip"):
            if (Path(d) / exe).exists() and not (bindir / exe).exists():
                (bindir / exe).symlink_to(Path(d) / exe)
    return str(Path(sys.executable).parent) + os.pathsep + str(bindir)


def pytest_report_header(config):
    return f"sta: {shutil.which('sta')}, iverilog: {shutil.which('iverilog')}"


# The slowest test starts first, then the publications' module (one shared rebuild, its tests kept together), so
# that with two workers they overlap the many short ones instead of running last and alone.
def _order(item) -> int:
    if item.name == "test_every_readme_command_runs_verbatim":
        return 0
    return 1 if item.nodeid.startswith("tests/answers/test_publications.py") else 2


def pytest_collection_modifyitems(config, items):
    items.sort(key=_order)
