"""Every probe of issue 30, replayed: bad input ends in one line naming the file, option, key or variable and what
was expected, with exit code 2 (never a traceback, a hang or a quiet acceptance), and nothing finished is lost.

Most probes run the CLI in-process (click's CliRunner: fast, and `result.exception` shows any Python exception);
those that need a real process (a named pipe that could hang, a read-only mount) run the installed entry point.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from cryptoppa import limits
from cryptoppa.sweep import load
from cryptoppa.sweep import results as results_mod
from cryptoppa.sweep.estimate import estimate
from support import ROOT, invoke, refused, sweep_text

COUNTER = ROOT / "designs/counter/counter.v"


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ---------------------------------------------------------------------------------------------- tracebacks


def test_non_utf8_sweep_design_and_file_list(here):
    (here / "s.toml").write_bytes(sweep_text("out").encode() + b"# caf\xe9\n")
    refused(invoke("sweep", "s.toml", "--dry-run"), "sweep file s.toml", "0xe9", "UTF-8")
    (here / "d/mine").mkdir(parents=True)
    (here / "d/mine/design.toml").write_bytes(b'[design]\ntop = "m\xff"\n')
    refused(invoke("designs", env={"CRYPTOPPA_DESIGN_PATH": str(here / "d")}), "design.toml", "0xff", "UTF-8")
    (here / "list.f").write_bytes(b"a.v\n\xfe\xfe\n")
    refused(invoke("run", "-f", "list.f", "--top", "m", "--runs", "runs"), "file list list.f", "0xfe")
    (here / "binary.f").write_bytes(bytes(range(128)) * 4)  # valid UTF-8, but binary
    refused(invoke("run", "-f", "binary.f", "--top", "m", "--runs", "runs"), "file list binary.f", "NUL byte")
    (here / "loop.f").write_text("-f loop.f\n")
    refused(invoke("run", "-f", "loop.f", "--top", "m", "--runs", "runs"), "cycle of file lists")
    (here / "empty.f").write_text("// nothing but a comment\n+define+X=1\n")
    refused(invoke("run", "-f", "empty.f", "--top", "m", "--runs", "runs"), "no RTL source")
    assert not (here / "runs").exists() and not (here / "out").exists()


def test_outputs_that_are_files(here):
    (here / "taken").write_text("a file, not a folder\n")
    (here / "s.toml").write_text(sweep_text("taken"))
    refused(invoke("sweep", "s.toml"), "s.toml", "sweep.output", "taken is a file, not a folder")
    (here / "t.toml").write_text(sweep_text("out"))
    refused(invoke("sweep", "t.toml", "--cache", "taken"), "--cache taken is a file")
    refused(invoke("sweep", "t.toml", env={"CRYPTOPPA_CACHE": str(here / "taken")}), "CRYPTOPPA_CACHE")
    refused(invoke("run", "--design", "counter", "--runs", "taken"), "--runs taken is a file")
    refused(invoke("run", "--design", "counter", "--runs", "taken/below"), "taken is a file")
    refused(invoke("run", "--design", "counter", env={"CRYPTOPPA_CACHE": str(here / "taken")}), "CRYPTOPPA_CACHE")
    refused(invoke("cache", "info", env={"CRYPTOPPA_CACHE": str(here / "taken")}), "CRYPTOPPA_CACHE")
    assert (here / "taken").read_text() == "a file, not a folder\n" and not (here / "out").exists()


def _read_only_cli(folder: Path, *args, env=None):
    """The CLI with `folder` on a read-only file system (a private tmpfs mount when we are root, whom permission
    bits do not stop; a folder without write permission otherwise)."""
    exe = str(Path(sys.executable).parent / "cryptoppa")
    env = {**os.environ, **(env or {})}
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return subprocess.run([exe, *map(str, args)], capture_output=True, text=True, env=env)
    if shutil.which("unshare") is None or subprocess.run(
            ["unshare", "-m", "true"], capture_output=True).returncode != 0:
        pytest.skip("no mount namespace for a read-only file system")
    script = f'mount -t tmpfs -o ro tmpfs "{folder}" && exec "$0" "$@"'
    return subprocess.run(["unshare", "-m", "sh", "-c", script, exe, *map(str, args)], capture_output=True,
                          text=True, env=env)


@pytest.mark.parametrize("args", [["run", "--design", "counter"], ["sweep", "s.toml"],
                                  ["pdk", "install", "nangate45"]])
def test_read_only_home(here, args):
    (here / "s.toml").write_text(sweep_text(here / "out"))
    ro = here / "ro"
    ro.mkdir()
    out = _read_only_cli(ro, *args, env={"CRYPTOPPA_HOME": str(ro)})
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    line = out.stderr.strip()
    assert "\n" not in line and "CRYPTOPPA_HOME" in line and "not writable" in line, line


def test_read_only_runs_folder(here):
    ro = here / "ro"
    ro.mkdir()
    out = _read_only_cli(ro, "run", "--design", "counter", "--runs", ro / "runs")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "--runs" in out.stderr, out.stderr


@pytest.mark.parametrize("clock", ["1e-300", "1e-9", "0.5", "0", "-225", "1e9", "1e300", "inf", "nan"])
def test_clock_outside_its_bound(here, clock):
    refused(invoke("run", "--design", "counter", "--clock-mhz", clock, "--runs", "runs"), "--clock-mhz",
            "from 1 to 100,000")
    (here / "s.toml").write_text(sweep_text("out").replace("[225]", f"[{clock.replace('inf', '1e400')}]"))
    if clock != "nan":  # TOML has nan too, but not in this spelling
        refused(invoke("sweep", "s.toml", "--dry-run"), "sweep.clocks_mhz", "from 1 to 100,000")
    assert not (here / "runs").exists()


@pytest.mark.eda
def test_clock_bounds_run_and_keep_fmax(flexlib_home, here):
    """Both ends of the clock bound run; at 1 MHz OpenSTA's slack still gives the fmax found at 225 MHz."""
    fmax = {}
    for clock in (limits.CLOCK_MHZ.low, 225, limits.CLOCK_MHZ.high):
        result = invoke("run", "--design", "counter", "--clock-mhz", clock, "--runs", "runs", "--json")
        assert result.exit_code == 0 and result.exception is None, result.output
        fmax[clock] = json.loads(result.stdout)["timing__fmax__mhz"]["value"]
    # The same netlist either way. At a 1000 ns period OpenSTA's single-precision times step by 0.06 ps, and the
    # slack takes several of those steps (0.6 ps measured on the characterized FlexLib): on the counter's 177 ps
    # cycle, a few tenths of a per cent.
    assert fmax[limits.CLOCK_MHZ.low] == pytest.approx(fmax[225], rel=0.005)


# ---------------------------------------------------------------------------------------------- a hang


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_named_pipe_or_device_is_not_a_regular_file(here, kind):
    path = here / "fifo.v"
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path = Path("/dev/zero")
    exe = Path(sys.executable).parent / "cryptoppa"
    out = subprocess.run([str(exe), "run", "--rtl", str(path), "--top", "m", "--runs", str(here / "runs")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stderr.strip() == f"Error: RTL file {path} is not a regular file (a named " \
        "pipe, socket or device); expected a file"
    (here / "list.f").write_text(f"{path}\n")
    refused(invoke("run", "-f", "list.f", "--top", "m", "--runs", "runs"), "not a regular file")


# ---------------------------------------------------------------------------------------------- accepted silently


def test_sweep_size_guard(here):
    (here / "big.toml").write_text(sweep_text("out").replace("[225]", str(list(range(100, 1100, 1)) + [5000])))
    line = refused(invoke("sweep", "big.toml", "--cache", "cache"), "big.toml: 1,001 points", "--yes", "max_points")
    assert "no finished run of these designs in the cache" in line
    assert not (here / "out").exists()
    allowed = load(here / "big.toml")
    assert allowed.max_points == limits.SWEEP_POINTS.high
    (here / "big.toml").write_text(sweep_text("out", extra="max_points = 2000\n")
                                   .replace("[225]", str(list(range(100, 1101)))))
    assert load(here / "big.toml").max_points == 2000


@pytest.fixture(scope="module")
def counter_cache(flexlib_home, tmp_path_factory):
    """A run cache holding one finished counter run (225 MHz)."""
    cache = tmp_path_factory.mktemp("counter-cache")
    result = invoke("run", "--design", "counter", "--runs", cache)
    assert result.exit_code == 0, result.output
    return cache


@pytest.mark.eda
def test_size_guard_estimates_from_cached_step_times(counter_cache, here):
    (here / "big.toml").write_text(sweep_text("out").replace("[225]", str(list(range(100, 1601)))))
    # One synthesis serves every clock (cryptoppa.flow): it is counted once, the timing run once per point.
    (synth,) = counter_cache.glob("counter-synth-*")
    (timed,) = (p for p in counter_cache.glob("counter-*") if p != synth)
    synth_s, timed_s = (sum(m["value"] for k, m in json.loads((run / "metrics.json").read_text()).items()
                            if k.startswith("flow__") and k.endswith("__runtime") and not m["source"].startswith("../"))
                        for run in (synth, timed))
    spec = load(here / "big.toml")
    found = estimate(spec, counter_cache)
    assert found.estimated == found.points == 1501 and found.runs == 2
    assert found.cpu_seconds == pytest.approx(synth_s + 1501 * timed_s)
    line = refused(invoke("sweep", "big.toml", "--cache", counter_cache, "--jobs", "2"), "1,501 points")
    assert f"about {(synth_s + 1501 * timed_s) / 3600:,.1f} CPU-hours" in line and "on 2 jobs" in line


def test_bandwidth_and_efficiency_bounds(here):
    refused(invoke("feasibility", "--bandwidth", "1e30GB/s"), "'1e30GB/s'", "PB/s", "HBM3E")
    refused(invoke("feasibility", "--bandwidth", "0GB/s"), "above 0")
    refused(invoke("feasibility", "--bandwidth", "ddr5-6400", "--count", "10000000"), "--count")
    refused(invoke("feasibility", "--bandwidth", "hbm3", "--count", "1000000"), "PB/s")
    refused(invoke("feasibility", "--bandwidth", "25.6GB/s", "--efficiency", "1.5"), "--efficiency")
    assert invoke("feasibility", "--bandwidth", "1PB/s").exit_code == 0


@pytest.fixture
def thesis_results(here):
    """The committed thesis table (real measurements) as a results folder: results.parquet + results.csv."""
    folder = here / "thesis"
    results_mod.merge(folder, pd.read_csv(ROOT / "reports/thesis/data/results.csv").to_dict("records"))
    return folder


def test_results_columns_are_checked(thesis_results):
    refused(invoke("results", thesis_results, "--columns", "nosuch"), "--columns", "'nosuch'", "label")
    refused(invoke("results", thesis_results, "--columns", "label,nosuch"), "'nosuch'")
    ok = invoke("results", thesis_results, "--columns", "label,n")
    assert ok.exit_code == 0 and ok.stdout.split()[:2] == ["label", "n"]


def test_options_a_run_would_ignore(here):
    refused(invoke("run", "--target", "xc7", "--pdk", "freepdk45_char", "--design", "counter", "--runs", "r"),
            "--target xc7", "--pdk")
    refused(invoke("run", "--target", "freepdk45/nom", "--corner", "slow", "--design", "counter", "--runs", "r"),
            "--corner")
    refused(invoke("run", "--design", "counter", "--seed", "3", "--runs", "r"), "--seed")
    refused(invoke("run", "--design", "counter", "--utilization", "0.5", "--runs", "r"), "--utilization")
    assert not (here / "r").exists()


def test_design_path_must_name_folders(here):
    (here / "afile").write_text("x\n")
    for value, needle in ((here / "afile", "is not a folder"), (here / "missing", "does not exist")):
        refused(invoke("designs", env={"CRYPTOPPA_DESIGN_PATH": str(value)}), "CRYPTOPPA_DESIGN_PATH", needle)
        refused(invoke("run", "--design", "counter", env={"CRYPTOPPA_DESIGN_PATH": str(value)}),
                "CRYPTOPPA_DESIGN_PATH")


def test_negative_parameter_is_bad_input(here):
    refused(invoke("run", "--rtl", COUNTER, "--top", "counter", "--param", "W=-4", "--runs", "r"), "'W=-4'",
            "from 0 to 2,147,483,647")
    refused(invoke("run", "--rtl", COUNTER, "--top", "counter", "--param", f"W={2**31}", "--runs", "r"), "W=")
    assert not (here / "r").exists()


def test_repeated_values_name_one_point_twice(here):
    gcm = sweep_text("out", designs=("gcm_iter",))
    (here / "n.toml").write_text(gcm.replace('name = "probe"', 'name = "probe"\nn = [1, 1]'))
    refused(invoke("sweep", "n.toml", "--dry-run"), "sweep.n", "distinct", "1 twice")
    (here / "c.toml").write_text(gcm.replace("[225]", "[225, 225.0]"))
    refused(invoke("sweep", "c.toml", "--dry-run"), "sweep.clocks_mhz", "225.0 twice")
    (here / "t.toml").write_text(gcm.replace('pdks = ["freepdk45"]', 'targets = ["freepdk45", "freepdk45/nom"]'))
    refused(invoke("sweep", "t.toml", "--dry-run"), "two points are both")
    (here / "l.toml").write_text(gcm.replace("[225]", "[225.0001, 225.0002]"))  # one label: 225MHz
    refused(invoke("sweep", "l.toml", "--dry-run"), "two points are both")


def test_wire_load_switch_is_checked(here):
    gcm = sweep_text("out", designs=("gcm_iter",))
    (here / "b.toml").write_text(gcm.replace('name = "probe"', 'name = "probe"\nwire_load = ["no"]'))
    refused(invoke("sweep", "b.toml", "--dry-run"), "sweep.wire_load", "booleans")
    # FlexLib has no wire-load model to switch off: refused before any tool runs, naming the key.
    (here / "f.toml").write_text(gcm.replace('name = "probe"', 'name = "probe"\nwire_load = [true, false]'))
    refused(invoke("sweep", "f.toml", "--dry-run"), "sweep.wire_load", "the library has none to switch off")


# ---------------------------------------------------------------------------------------------- damaged data


def _truncate(path: Path) -> None:
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)


@pytest.mark.parametrize("command", [
    ["results", "{r}"], ["fit", "{r}"], ["report", "{r}", "--out", "rep"], ["compare", "{r}", "{r}"],
    ["feasibility", "--bandwidth", "25.6GB/s", "--results", "{r}"]])
def test_damaged_table_is_rebuilt_from_its_csv_twin(thesis_results, command):
    intact = results_mod.read(thesis_results)
    _truncate(thesis_results / "results.parquet")
    result = invoke(*(c.format(r=thesis_results) for c in command))
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "results.parquet: damaged (Parquet magic bytes not found in footer); rebuilt from the intact " \
           "results.csv beside it" in result.stderr
    pd.testing.assert_frame_equal(pd.read_parquet(thesis_results / "results.parquet"), intact)
    _truncate(thesis_results / "results.parquet")
    _truncate(thesis_results / "results.csv")
    refused(invoke(*(c.format(r=thesis_results) for c in command)), "results.parquet: damaged results table",
            "no intact results.csv")


@pytest.mark.eda
def test_sweep_into_a_damaged_folder(counter_cache, thesis_results, here):
    (here / "s.toml").write_text(sweep_text(thesis_results))
    _truncate(thesis_results / "results.parquet")
    _truncate(thesis_results / "results.csv")
    refused(invoke("sweep", "s.toml", "--cache", counter_cache), "results.parquet: damaged results table")
    assert (thesis_results / "results.csv").stat().st_size > 0  # left as found, for the user to look at
    thesis_results.joinpath("results.parquet").unlink()
    thesis_results.joinpath("results.csv").unlink()
    published = pd.read_csv(ROOT / "reports/thesis/data/results.csv")
    results_mod.merge(thesis_results, published.to_dict("records"))
    _truncate(thesis_results / "results.parquet")
    result = invoke("sweep", "s.toml", "--cache", counter_cache)
    assert result.exit_code == 0 and "rebuilt from the intact results.csv" in result.stderr, result.output
    table = results_mod.read(thesis_results)
    assert len(table) == len(published) + 1 and set(table.sweep) == {*published.sweep, "probe"}  # nothing finished lost


def test_usage_errors_are_one_line():
    refused(invoke("run", "--nosuch"), "No such option '--nosuch'", "cryptoppa run --help")
    refused(invoke("sweep"), "Missing argument 'SWEEP_FILE'")


def test_no_wire_load_on_a_library_without_one(here):
    refused(invoke("run", "--design", "counter", "--param", "WIDTH=8", "--no-wire-load", "--runs", "r"),
            "--no-wire-load", "none to switch off")
    assert not (here / "r").exists()


# ---------------------------------------------------------------------------------------------- issue 37


@pytest.mark.parametrize("args, option", [
    (["slowdown", "--out", "{f}"], "--out"), (["slowdown", "--cache", "{f}"], "--cache"),
    (["report", str(ROOT / "reports/thesis/data"), "--out", "{f}"], "--out"),
    (["host-baseline", "--out", "{f}"], "--out"), (["core-baseline", "--out", "{f}"], "--out"),
    (["core-baseline", "--cache", "{f}"], "--cache"), (["pdk", "stage-delay", "freepdk45", "--out", "{f}"], "--out"),
    (["sweep", str(ROOT / "sweeps/demo.toml"), "--cache", "{f}"], "--cache"),
    (["run", "--design", "counter", "--runs", "{f}"], "--runs"), (["cache", "prune", "--cache", "{f}"], "--cache"),
])
def test_every_folder_a_command_writes_refuses_a_file(here, args, option):
    (here / "taken").write_text("a file, not a folder\n")
    for folder, words in (("taken", "taken is a file, not a folder"), ("taken/below", ": taken is a file")):
        refused(invoke(*(a.format(f=folder) for a in args)), f"{option} {folder}", words)
    assert (here / "taken").read_text() == "a file, not a folder\n" and sorted(p.name for p in here.iterdir()) == [
        "taken"]


@pytest.mark.parametrize("args", [["pdk", "install", "freepdk45"], ["doctor"], ["run", "--design", "counter"]])
def test_a_home_that_is_a_file_is_refused(here, args):
    (here / "taken").write_text("a file, not a folder\n")
    for home in ("taken", "taken/below"):
        refused(invoke(*args, env={"CRYPTOPPA_HOME": str(here / home), "CRYPTOPPA_CACHE": str(here / "runs")}),
                "CRYPTOPPA_HOME", "taken is a file, not a folder")
    assert sorted(p.name for p in here.iterdir()) == ["taken"]


@pytest.mark.parametrize("args, needles", [
    (["run", "--design", "counter", "--reset-port", "rst"], ("--reset-port", "--rtl")),
    (["run", "--design", "counter", "--target", "xc7", "--activity", "0.3"], ("--activity", "FPGA")),
    (["run", "--design", "counter", "--target", "xc7", "--seed", "3"], ("--seed", "stage 'route' on fpga targets")),
    (["run", "--design", "counter", "--target", "xc7", "--clock-mhz", "300"], ("--clock-mhz", "stage synth")),
    (["run", "--design", "counter", "--target", "ecp5-25k", "--stage", "synth", "--clock-mhz", "300"],
     ("--clock-mhz", "placer's timing goal")),
    (["run", "--design", "counter", "--utilization", "0.7"], ("--utilization", "stage 'route' on asic targets")),
    (["run", "--design", "gcm_iter", "--n", "2", "--pdk", "nangate45", "--no-wire-load"],
     ("--no-wire-load", "(single or flat designs)", "not stage 'synth' on asic targets (composed designs)")),
    (["sweep", str(ROOT / "sweeps/demo.toml"), "--jobs", "2", "--cluster", "tcp://localhost:1"], ("--jobs",)),
    (["sweep", str(ROOT / "sweeps/demo.toml"), "--dry-run", "--force"], ("--force", "--dry-run")),
    (["slowdown", "--system", "study-2008", "--schemes", "study-gcm", "--engines", "2"], ("--engines", "measured")),
    (["slowdown", "--system", "study-2008", "--schemes", "study-gcm", "--results", "x"], ("--results", "measured")),
    (["slowdown", "--schemes", "xts", "--gbps", "1.6"], ("--gbps", "study")),
    (["slowdown", "--workloads", "gzip", "--processors", "4"], ("--processors", "single threaded")),
    (["slowdown", "--jobs", "2", "--cluster", "tcp://localhost:1"], ("--jobs", "--cluster")),
])
def test_an_option_another_makes_meaningless_is_refused(here, args, needles):
    refused(invoke(*args, *(["--runs", "r"] if args[0] == "run" else [])), *needles)
    assert not any(here.iterdir())


def test_a_sweep_setting_no_point_reads_is_refused(here):
    for extra, key, words in (("utilization = [0.5]\n", "sweep.utilization", 'stage = "route"'),
                              ("seeds = [2]\n", "sweep.seeds", 'stage = "route" on fpga targets')):
        (here / "s.toml").write_text(sweep_text("out", extra=extra))
        refused(invoke("sweep", "s.toml", "--dry-run"), key, words)
    (here / "s.toml").write_text(sweep_text("out"))
    refused(invoke("sweep", "s.toml", "--dry-run", "--flat"), "--flat", "no sweep.n")
    (here / "r.toml").write_text(sweep_text("out", extra='stage = "route"\nutilization = [0.5]\n'))
    listed = invoke("sweep", "r.toml", "--dry-run")
    assert listed.exit_code == 0 and "counter [WIDTH=8] freepdk45/nom 225MHz routed utilization=0.5" in listed.output


# ---------------------------------------------------------------------------------------------- issue 50's probes

@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "0", "-225", "1e6"])
def test_feasibility_clock_is_bounded(here, value):
    refused(invoke("feasibility", "--bandwidth", "25.6GB/s", "--clock", value), "--clock", "'fmax', 'study'",
            "from 1 to 100,000")


@pytest.mark.parametrize("args", [["--protected", "1e30GiB"], ["--protected", "1KiB"], ["--protected", "nanGiB"],
                                  ["--hit-rate", "1.5"], ["--hit-rate", "nan"]])
def test_feasibility_footprint_and_hit_rate_are_bounded(here, args):
    refused(invoke("feasibility", "--bandwidth", "25.6GB/s", *args), args[0])


@pytest.mark.parametrize("gbps", ["-1", "0", "inf", "nan", "0.8,1e9"])
def test_slowdown_study_unit_throughput_is_bounded(here, gbps):
    refused(invoke("slowdown", "--system", "study-2008", "--gbps", gbps, "--out", "out"), "--gbps",
            "from 0.01 to 1,000")
    assert not (here / "out").exists()


def _cut_short(frame: pd.DataFrame, folder: Path) -> None:
    text = frame.to_csv(index=False)
    (folder / "results.csv").write_text(text[:len(text) // 2])  # ends inside a row


def _garbled(frame: pd.DataFrame, folder: Path) -> None:
    frame = frame.astype({"timing__fmax__mhz": object})
    frame.loc[frame["status"] == "ok", "timing__fmax__mhz"] = "3#7.1"
    frame.to_csv(folder / "results.csv", index=False)


def _negative(frame: pd.DataFrame, folder: Path) -> None:
    frame.loc[frame["status"] == "ok", "perf__cycles_per_line"] = -4
    frame.to_csv(folder / "results.csv", index=False)


def _no_fmax(frame: pd.DataFrame, folder: Path) -> None:
    frame.drop(columns="timing__fmax__mhz").to_csv(folder / "results.csv", index=False)


def _parquet_cut_short(frame: pd.DataFrame, folder: Path) -> None:
    frame.to_parquet(folder / "results.parquet", index=False)
    data = (folder / "results.parquet").read_bytes()
    (folder / "results.parquet").write_bytes(data[:len(data) // 2])


def _not_a_table(frame: pd.DataFrame, folder: Path) -> None:
    (folder / "results.csv").write_bytes(bytes(range(256)) * 8)


@pytest.mark.parametrize("damage, needle", [(_cut_short, "cut short"), (_garbled, "'3#7.1' is no finite number"),
                                            (_negative, "-4.0 is no finite number"), (_no_fmax, "no column timing__fmax"),
                                            (_parquet_cut_short, "damaged results table"),
                                            (_not_a_table, "damaged results table")])
def test_slowdown_refuses_a_damaged_engine_table(here, damage, needle):
    """`slowdown --results DIR` whose table is damaged is refused before any point runs (it printed a table)."""
    (here / "engines").mkdir()
    damage(pd.read_csv(ROOT / "reports/designs/data/results.csv"), here / "engines")
    refused(invoke("slowdown", "--results", "engines", "--workloads", "triad", "--size", "tiny", "--out", "out",
                   "--cache", "cache"), "engines/results.", needle)
    assert not (here / "out").exists() and not (here / "cache").exists()


def test_slowdown_results_must_hold_a_table(here):
    (here / "empty").mkdir()
    refused(invoke("slowdown", "--results", "empty", "--out", "out"), "--results empty", "no results table")
