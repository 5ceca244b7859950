"""Sweeps with the real flow: cache, failed points, resume after kill -9, concurrent writers, Dask."""

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pandas as pd
import pytest

from cryptoppa.sweep import load, run_sweep
from cryptoppa.sweep import results as results_mod
from support import ROOT

pytestmark = pytest.mark.eda


@pytest.fixture
def user_designs(tmp_path, monkeypatch):
    """A private design folder: a copy of the counter (to edit) and a design whose RTL does not compile."""
    folder = tmp_path / "designs"
    shutil.copytree(ROOT / "designs/counter", folder / "mycounter")
    (folder / "broken").mkdir()
    (folder / "broken/broken.v").write_text("module broken(input clk, output y);\n assign y = ;\nendmodule\n")
    (folder / "broken/design.toml").write_text(
        '[design]\ntop = "broken"\nfiles = ["broken.v"]\nclock = "clk"\ninterface = "block"\n')
    monkeypatch.setenv("CRYPTOPPA_DESIGN_PATH", str(folder))
    return folder


def sweep_file(tmp_path, designs, widths=(8, 16), name="s", clocks=(225,)):
    path = tmp_path / f"{name}.toml"
    path.write_text(textwrap.dedent(f"""
        [sweep]
        name = "{name}"
        output = "{tmp_path / 'results'}"
        designs = {list(designs)!r}
        pdks = ["freepdk45"]
        clocks_mhz = {list(clocks)!r}
        [params.mycounter]
        WIDTH = {list(widths)!r}
    """).replace("'", '"'))
    return load(path)


def test_failed_point_is_a_row_and_the_rest_go_on(flexlib_home, user_designs, tmp_path):
    spec = sweep_file(tmp_path, ["mycounter", "broken"])
    table = run_sweep(spec, jobs=2, cache=tmp_path / "cache", progress=False, echo=lambda *_: None)
    assert len(table) == 3
    failed = table[table.status == "failed"]
    assert list(failed.design) == ["broken"]
    assert "yosys" in failed.error.iloc[0] and failed.log.iloc[0].endswith("yosys_elab.log")
    assert Path(failed.log.iloc[0]).exists()
    ok = table[table.status == "ok"]
    assert len(ok) == 2 and ok["synth__design__instance__area__stdcell"].gt(0).all()
    assert pd.isna(failed["power__total"].iloc[0])  # type-stable: NaN, not None
    on_disk = pd.read_parquet(tmp_path / "results/results.parquet")
    assert len(on_disk) == 3 and (tmp_path / "results/results.csv").exists()


def test_cache_hits_and_exact_invalidation(flexlib_home, user_designs, tmp_path):
    spec = sweep_file(tmp_path, ["mycounter", "xor_tree"], widths=(8, 16))
    quiet = dict(cache=tmp_path / "cache", progress=False, echo=lambda *_: None)
    first = run_sweep(spec, jobs=1, **quiet)
    assert set(first.status) == {"ok"}
    start = time.monotonic()
    second = run_sweep(spec, jobs=1, **quiet)
    assert set(second.status) == {"cached"} and time.monotonic() - start < 30
    # Editing the counter's RTL reruns exactly its points, not xor_tree's.
    rtl = user_designs / "mycounter/counter.v"
    rtl.write_text(rtl.read_text() + "\n// edited\n")
    third = run_sweep(spec, jobs=1, **quiet).set_index("design")
    assert set(third.loc["mycounter", "status"]) == {"ok"} and third.loc["xor_tree", "status"] == "cached"
    # A corrupted cache entry is detected and recomputed.
    run_dir = Path(third.loc["xor_tree", "run_dir"])
    (run_dir / "metrics.json").write_text("{}")
    fourth = run_sweep(spec, jobs=1, **quiet).set_index("design")
    assert fourth.loc["xor_tree", "status"] == "ok"
    assert fourth.loc["xor_tree", "power__total"] == third.loc["xor_tree", "power__total"]
    # --force recomputes everything.
    assert set(run_sweep(spec, jobs=1, force=True, **quiet).status) == {"ok"}


def _cli(*args, env):
    exe = Path(sys.executable).parent / "cryptoppa"
    return subprocess.Popen([str(exe), *map(str, args)], env={**os.environ, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_kill_9_then_resume(flexlib_home, user_designs, tmp_path):
    spec = sweep_file(tmp_path, ["mycounter"], widths=(4, 8, 16, 32, 64), clocks=(225, 300))
    env = {"CRYPTOPPA_CACHE": str(tmp_path / "cache")}
    proc = _cli("sweep", spec.path, "--jobs", "1", env=env)
    table_path = tmp_path / "results/results.parquet"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not table_path.exists() or len(pd.read_parquet(table_path)) < 2):
        time.sleep(0.2)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    done = pd.read_parquet(table_path)  # readable: never half-written
    assert 2 <= len(done) < 10
    rerun = _cli("sweep", spec.path, "--jobs", "1", env=env)
    out, err = rerun.communicate(timeout=600)
    assert rerun.returncode == 0, err
    final = pd.read_parquet(table_path)
    assert len(final) == 10 and set(final.status) <= {"ok", "cached"}
    cached = set(final[final.status == "cached"].label)
    assert set(done[done.status == "ok"].label) <= cached  # every point finished before the kill was kept


def test_two_sweeps_share_one_results_folder(flexlib_home, user_designs, tmp_path):
    a = sweep_file(tmp_path, ["mycounter"], widths=(4, 8, 16), name="a")
    b = sweep_file(tmp_path, ["mycounter"], widths=(32, 64), name="b", clocks=(300,))
    env = {"CRYPTOPPA_CACHE": str(tmp_path / "cache")}
    procs = [_cli("sweep", s.path, "--jobs", "1", env=env) for s in (a, b)]
    for p in procs:
        _, err = p.communicate(timeout=600)
        assert p.returncode == 0, err
    table = results_mod.read(tmp_path / "results")
    assert sorted(table.sweep.value_counts().items()) == [("a", 3), ("b", 2)]


def test_dask_local_cluster(flexlib_home, user_designs, tmp_path):
    from distributed import LocalCluster

    spec = sweep_file(tmp_path, ["mycounter"], widths=(8, 16))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        table = run_sweep(spec, cluster=cluster.scheduler_address, cache=tmp_path / "cache",
                          progress=False, echo=lambda *_: None)
    assert list(table.status) == ["ok", "ok"]
