"""The rest of issue 30: a forced sweep builds a shared step once, a killed run's folder is cleaned up when its
step next runs, a closed pipe ends a command quietly, results tables get the umask's mode, fresh and reused runs
print their metrics in one order, and `fit` fits 120 columns."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cryptoppa.catalog import runtime
from cryptoppa.metrics import Metric
from cryptoppa.runs import StepPlan, forced, run_step, sha256_file
from cryptoppa.sweep import cache as cache_mod
from cryptoppa.sweep import load, run_sweep
from cryptoppa.sweep import results as results_mod
from support import ROOT, invoke, sweep_text

TOY = runtime("toy")


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_results_tables_get_the_umask_mode(here):
    mask = os.umask(0o022)
    try:
        results_mod.merge(here / "r", [{"sweep": "s", "label": "a", "status": "ok"}])
    finally:
        os.umask(mask)
    for name in ("results.parquet", "results.csv"):
        assert stat.S_IMODE((here / "r" / name).stat().st_mode) == 0o644


def test_broken_pipe_ends_quietly():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first line, as `| head -0` would be
    exe = Path(sys.executable).parent / "cryptoppa"
    try:
        out = subprocess.run([str(exe), "designs"], stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    assert out.returncode == 0 and out.stderr == ""


def test_fit_table_fits_120_columns():
    result = invoke("fit", ROOT / "reports/thesis/data")
    assert result.exit_code == 0 and "area µm²" in result.stdout
    assert max(map(len, result.stdout.splitlines())) <= 120


@pytest.mark.eda
def test_fresh_and_reused_runs_print_metrics_in_one_order(flexlib_home, here):
    first = invoke("run", "--design", "counter", "--clock-mhz", 333, "--runs", "runs")
    again = invoke("run", "--design", "counter", "--clock-mhz", 333, "--runs", "runs")
    assert "finished earlier" not in first.stdout and "finished earlier: reused" in again.stdout

    def names(out):
        return [ln.split()[0] for ln in out.splitlines() if "__" in ln.split()[0]]

    assert names(first.stdout) == names(again.stdout) and names(first.stdout)[0].startswith("synth__")


_KILLED = """
import sys, time
from pathlib import Path
from cryptoppa.catalog import runtime
from cryptoppa.metrics import Metric
from cryptoppa.runs import StepPlan, run_step, sha256_file
src = Path(sys.argv[1]) / "in.txt"
plan = StepPlan("slow", {"step": "slow"}, {"in.txt": (str(src), sha256_file(src))}, {}, {}, {})
def execute(plan, work):
    print("started", flush=True)
    time.sleep(600)
    return {runtime("toy"): Metric(1, "", "in.txt", "python")}
run_step(plan, execute, Path(sys.argv[1]) / "cache")
"""


def test_a_killed_run_is_cleaned_up_when_its_step_next_runs(tmp_path):
    (tmp_path / "in.txt").write_text("1")
    proc = subprocess.Popen([sys.executable, "-c", _KILLED, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "started"
    cache = tmp_path / "cache"
    assert "0 finished runs, 1 in progress, 0 failed" in cache_mod.info(cache)
    assert cache_mod.prune(cache, everything=True).startswith("removed 0 runs")  # a live run is left alone
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert "0 in progress, 1 failed" in cache_mod.info(cache)
    src = tmp_path / "in.txt"
    plan = StepPlan("slow", {"step": "slow"}, {"in.txt": (str(src), sha256_file(src))}, {}, {}, {})
    result = run_step(plan, lambda p, w: {TOY: Metric(1, "", "in.txt", "python")}, cache)
    assert result.built and not list(cache.glob(".tmp-*"))
    assert "1 finished runs, 0 in progress, 0 failed" in cache_mod.info(cache)


def test_force_rebuilds_what_was_sealed_before_it(tmp_path):
    (tmp_path / "in.txt").write_text("1")
    plan = StepPlan("shared", {"step": "x"}, {"in.txt": (str(tmp_path / "in.txt"),
                                                         sha256_file(tmp_path / "in.txt"))}, {}, {}, {})

    def execute(p, w):
        time.sleep(0.05)  # file times tick coarsely: a step takes longer than a tick
        return {TOY: Metric(1, "", "in.txt", "python")}

    assert run_step(plan, execute, tmp_path / "c").built
    time.sleep(0.05)
    since = forced(True)
    assert run_step(plan, execute, tmp_path / "c", since).built  # sealed before the command: rebuilt
    assert not run_step(plan, execute, tmp_path / "c", since).built  # sealed during it: reused
    assert run_step(plan, execute, tmp_path / "c", True).built and forced(False) is False


@pytest.mark.eda
def test_forced_sweep_builds_the_shared_engine_once(flexlib_home, tmp_path, monkeypatch):
    """Composed arrays of N = 2 and 4 share one engine run: --force rebuilds it once, for the first point."""
    folder = tmp_path / "designs/toy"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "tests/arrays/toy_engine.v", folder / "toy_engine.v")
    (folder / "design.toml").write_text('[design]\ntop = "toy_engine"\nfiles = ["toy_engine.v"]\nclock = "clk"\n'
                                        'reset = "rst"\ninterface = "engine"\n[params.KEY_BITS]\ndefault = 128\n'
                                        '[params.LINE_BYTES]\ndefault = 32\n[params.ID_BITS]\ndefault = 8\n')
    monkeypatch.setenv("CRYPTOPPA_DESIGN_PATH", str(tmp_path / "designs"))
    (tmp_path / "s.toml").write_text(sweep_text(tmp_path / "out", designs=("toy",), extra="n = [2, 4]\n"))
    spec = load(tmp_path / "s.toml")
    quiet = dict(jobs=1, cache=tmp_path / "cache", progress=False, echo=lambda *_: None)
    run_sweep(spec, **quiet)
    start = time.time()
    table = run_sweep(spec, force=True, **quiet).set_index("n")
    assert set(table.status) == {"ok"}, table.error.tolist()

    def sealed(run_dir):
        return (Path(run_dir) / "seal.json").stat().st_mtime

    sources = {n: table.loc[n, "composed_from"].split(": ", 1)[1].split(";") for n in (2, 4)}
    engine, linked_2 = sources[2][0], sources[2][-1]
    assert sources[4][0] == engine  # one engine run serves both points
    assert start <= sealed(engine) <= sealed(linked_2)  # rebuilt by the first point, reused by the second
