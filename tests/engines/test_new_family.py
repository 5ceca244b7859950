"""A new engine family is one folder: copied under a new name into a folder on CRYPTOPPA_DESIGN_PATH, gcm_iter's
files are found by `cryptoppa designs`, characterized by `cryptoppa run` (synthesis, timing, power, throughput),
swept as a composed array, and verified against its reference, with no Python edited anywhere."""

import shutil

import pytest

from cocotb_runner import run_engine
from cryptoppa import designs
from support import ROOT, run_cli

pytestmark = pytest.mark.eda
SMALL = ["--param", "LINE_BYTES=32", "--param", "DIGIT=64"]


@pytest.fixture()
def family_path(tmp_path, monkeypatch):
    folder = tmp_path / "families"
    shutil.copytree(ROOT / "designs" / "gcm_iter", folder / "gcm_copy")
    shutil.copytree(ROOT / "designs" / "common", folder / "common")  # the family's ../common/ files come along
    monkeypatch.setenv("CRYPTOPPA_DESIGN_PATH", str(folder))
    return folder


@pytest.mark.full  # 1-2.5 minutes; tests/test_run_hygiene.py sweeps a design found on CRYPTOPPA_DESIGN_PATH by default
def test_copied_family_runs_sweeps_and_verifies(family_path, tmp_path, flexlib_home):
    listed = run_cli("designs")
    assert listed.returncode == 0 and "gcm_copy" in listed.stdout, listed.stderr
    cache = tmp_path / "cache"
    done = run_cli("run", "--design", "gcm_copy", *SMALL, "--runs", cache, "--json")
    assert done.returncode == 0, done.stderr
    assert '"perf__cycles_per_line"' in done.stdout and '"timing__fmax__mhz"' in done.stdout
    sweep = tmp_path / "copy.toml"
    sweep.write_text(f'[sweep]\nname = "copy"\noutput = "{tmp_path / "results"}"\ndesigns = ["gcm_copy"]\n'
                     'n = [2]\npdks = ["freepdk45"]\nclocks_mhz = [225]\n\n'
                     '[params.gcm_copy]\nLINE_BYTES = [32]\nDIGIT = [64]\n')
    swept = run_cli("sweep", sweep, "--cache", cache)
    assert swept.returncode == 0 and "1 ok" in swept.stdout, swept.stdout + swept.stderr
    copy = designs.get("gcm_copy")
    assert copy.path.parent == family_path / "gcm_copy" and copy.verify.reference.is_file()
    run_engine(copy, copy.resolve_params({"LINE_BYTES": 32, "DIGIT": 64}), tmp_path / "sim",
               testcase=["known_answers", "random_traffic"])
