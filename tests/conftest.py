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


# The slowest single tests start first, so that with two workers they overlap the many short ones instead of
# running last and alone.
FIRST = ("test_every_readme_command_runs_verbatim", "test_every_publication_matches_its_committed_data")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: next((i for i, name in enumerate(FIRST) if item.name.startswith(name)), len(FIRST)))
