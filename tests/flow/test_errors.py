"""Bad input: a one-line error naming what is wrong, exit code != 0, no traceback, no metrics.json."""

import pytest

from support import ROOT, run_cli

pytestmark = pytest.mark.eda


def _assert_clean_failure(out, runs, *needles):
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    lines = [ln for ln in out.stderr.strip().splitlines() if ln.strip()]
    assert len(lines) == 1, out.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert not list(runs.glob("*/metrics.json"))


@pytest.fixture
def broken(tmp_path):
    f = tmp_path / "broken.v"
    f.write_text("module broken(input a, output y);\n assign y = a &;\nendmodule\n")
    return f


def test_unknown_top(flexlib_home, tmp_path):
    runs = tmp_path / "runs"
    out = run_cli("run", "--rtl", ROOT / "designs/counter/counter.v", "--top", "nosuch", "--runs", runs)
    _assert_clean_failure(out, runs, "nosuch")


def test_syntax_error(flexlib_home, tmp_path, broken):
    runs = tmp_path / "runs"
    out = run_cli("run", "--rtl", broken, "--top", "broken", "--runs", runs)
    _assert_clean_failure(out, runs, "yosys", "log:")


@pytest.mark.parametrize("args, needle", [
    (["--pdk", "sky999"], "unknown PDK 'sky999'"),
    (["--corner", "hot"], "unknown corner 'hot'"),
    (["--param", "WIDTH=8+1"], "plain integer literal"),
    (["--param", "WIDTH=8;exec"], "plain integer literal"),
    (["--param", "NOPE=3"], "no parameter 'NOPE'"),
    (["--param", "WIDTH=5"], "not allowed"),
])
def test_bad_options(flexlib_home, tmp_path, args, needle):
    runs = tmp_path / "runs"
    out = run_cli("run", "--design", "counter", "--runs", runs, *args)
    _assert_clean_failure(out, runs, needle)


@pytest.mark.parametrize("args, needle, code", [
    (["storage", "--line-bytes", "3"], "in steps of 16 (whole 16-byte AES blocks", 2),
    (["run", "--design", "counter", "--clock-mhz", "inf"], "--clock-mhz 'inf': expected a finite positive", 2),
    (["run", "--design", "counter", "--clock-mhz", "nan"], "--clock-mhz 'nan'", 2),
    (["run", "--rtl", ROOT / "designs", "--top", "counter"], "is a directory, not a file", 2),
    (["run", "--rtl", ROOT / "nosuch.v", "--top", "counter"], "nosuch.v does not exist", 2),
    (["feasibility", "--bandwidth", "fast"], "cannot parse bandwidth 'fast'", 2),
    (["feasibility", "--bandwidth", "ddr5-6400", "--hit-rate", "2"], "--hit-rate '2': expected a metadata-cache hit rate from 0 to 1", 2),
    (["feasibility", "--bandwidth", "ddr5-6400", "--results", ROOT / "designs"], "no results.parquet or results.csv", 2),
    (["publish", "nope"], "publication 'nope': expected one of", 2),
    (["publish", "--from", "results"], "--from needs a publication NAME", 2),
])
def test_bad_input_is_rejected_at_input(tmp_path, args, needle, code):
    out = run_cli(*args, "--runs", tmp_path) if args[0] == "run" else run_cli(*args)
    _assert_clean_failure(out, tmp_path, needle)
    assert out.returncode == code


def test_unknown_design(tmp_path):
    out = run_cli("run", "--design", "nosuch", "--runs", tmp_path)
    _assert_clean_failure(out, tmp_path, "unknown design 'nosuch'")


def test_missing_tool(flexlib_home, tmp_path, no_sta_path):
    runs = tmp_path / "runs"
    out = run_cli("run", "--design", "counter", "--runs", runs, env={"PATH": no_sta_path})
    _assert_clean_failure(out, runs, "sta", "apt-get install -y opensta")
    doctor = run_cli("doctor", env={"PATH": no_sta_path})
    assert doctor.returncode != 0 and "apt-get install -y opensta" in doctor.stdout


def test_doctor_and_pdk_commands(flexlib_home):
    out = run_cli("doctor")
    assert "freepdk45:nom" in out.stdout and "sta" in out.stdout
    listing = run_cli("pdk", "list").stdout.splitlines()
    assert [ln.split()[0] for ln in listing if not ln.startswith(" ")] == [
        "freepdk45", "freepdk45_char", "nangate45", "sky130_char", "sky130hd"]
    show = run_cli("pdk", "show", "freepdk45").stdout
    assert "repair area" in show and "repair flop_checks" in show
    assert "counter" in run_cli("designs").stdout
