"""Placement and routing end to end with Coriolis, OpenSTA reading the routed parasitics, and the physics the
routed numbers must obey against the synthesis-only ones."""

import csv
import json
import time
from pathlib import Path

import pytest

from types import SimpleNamespace

from cryptoppa import designs, metrics, pdk, stages
from cryptoppa.pnr import coriolis_env
from cryptoppa.sweep import load, run_sweep
from cryptoppa.sweep.point import run_point
from cryptoppa.sweep.spec import SweepPoint

from support import run_cli

pytestmark = pytest.mark.eda


@pytest.fixture(scope="session")
def coriolis(flexlib_home):
    return coriolis_env.ensure(echo=lambda *_: None)  # ~2 min on a machine without it, then a no-op


def _route(name, runs_dir, **params):
    """(synthesis, routed) of a design through the route stage: each a run folder with its own metrics."""
    d = designs.get(name)
    req = stages.Request(d, tuple(sorted(d.resolve_params(params).items())), f"{pdk.DEFAULT_PDK}/nom", 225.0,
                         stage="route")
    outcome = stages.run_request(req, runs_dir)
    synth, routed = outcome.sources
    return (SimpleNamespace(run_dir=synth, metrics=metrics.read(synth), built=outcome.built),
            SimpleNamespace(run_dir=routed, metrics=metrics.read(routed), built=outcome.built))


@pytest.fixture(scope="module")
def counter_routed(coriolis, runs_dir):
    start = time.monotonic()
    synth, routed = _route("counter", runs_dir, WIDTH=8)
    return synth, routed, time.monotonic() - start


def _v(step, name):
    return step.metrics[name].value


def test_small_design_routes_completely_and_quickly(counter_routed):
    synth, routed, seconds = counter_routed
    assert seconds < 90
    assert _v(routed, "detailedroute__success") == 1 and _v(routed, "route__unrouted__segments") == 0
    assert _v(routed, "route__wirelength") > 0
    assert _v(routed, "route__wirelength") == pytest.approx(
        sum(m.value for k, m in routed.metrics.items() if k.startswith("route__wirelength__")))
    lengths = list(csv.DictReader(open(routed.run_dir / "reports/net_lengths.csv")))
    assert len(lengths) == _v(routed, "route__net__count") > 0


def test_die_holds_the_cells_at_about_the_target_utilization(counter_routed):
    synth, routed, _ = counter_routed
    cells = _v(synth, "synth__design__instance__area__stdcell")
    assert _v(routed, "design__instance__area__stdcell") == pytest.approx(cells)
    assert _v(routed, "design__die__area") >= cells
    # The die snaps to whole rows and cell pitches, so a tiny design lands somewhat below the 0.7 target.
    assert 0.4 <= _v(routed, "design__instance__utilization") <= 0.8


def test_routes_at_the_utilization_a_sweep_or_the_command_names(counter_routed, runs_dir, tmp_path):
    """`utilization = [0.5]` in a sweep and `--stage route --utilization 0.5`: route reruns synthesis with
    synthesis's own settings (found in the cache: the same run as at the default) and sizes the die for 0.5."""
    synth, routed, _ = counter_routed
    sweep = tmp_path / "u.toml"
    sweep.write_text(f'[sweep]\nname = "u"\noutput = "{tmp_path / "out"}"\ndesigns = ["counter"]\n'
                     f'pdks = ["{pdk.DEFAULT_PDK}"]\nclocks_mhz = [225]\nstage = "route"\nutilization = [0.5]\n\n'
                     '[params.counter]\nWIDTH = [8]\n')
    (row,) = run_sweep(load(sweep), jobs=1, cache=runs_dir, progress=False, echo=lambda *_: None).to_dict("records")
    assert row["status"] in ("ok", "cached") and row["label"].endswith(" routed utilization=0.5"), row["error"]
    assert row["target_utilization"] == 0.5 and row["synth_run_dir"] == str(synth.run_dir)
    cells = _v(synth, "synth__design__instance__area__stdcell")
    assert row["design__instance__area__stdcell"] == pytest.approx(cells)
    # A die sized as cells / 0.5, then snapped up to whole rows and pitches: larger than the default 0.7's.
    assert row["design__die__area"] > _v(routed, "design__die__area") >= cells / 0.7
    assert 0.35 <= row["design__instance__utilization"] <= 0.5 < _v(routed, "design__instance__utilization")
    manifest = json.loads((Path(row["run_dir"]) / "run.json").read_text())
    assert "for 0.5 target utilization" in manifest["assumptions"]["floorplan"]
    out = run_cli("run", "--design", "counter", "--param", "WIDTH=8", "--stage", "route", "--utilization", "0.5",
                  "--runs", runs_dir)
    assert out.returncode == 0 and f"run: {row['run_dir']} " in out.stdout and "reused" in out.stdout, out.stderr


def test_wires_slow_the_clock_and_cost_power(counter_routed):
    synth, routed, _ = counter_routed
    assert _v(routed, "finish__timing__fmax__mhz") <= _v(synth, "timing__fmax__mhz")
    # Same vectorless activity: wire capacitance only adds switched charge; leakage is unchanged.
    assert _v(routed, "finish__power__switching__total") >= _v(synth, "power__switching__total")
    assert _v(routed, "finish__power__total") >= _v(synth, "power__total")
    assert _v(routed, "finish__power__leakage__total") == pytest.approx(_v(synth, "power__leakage__total"))
    assert 0 < _v(routed, "finish__timing__fmax__ratio") <= 1 <= _v(routed, "finish__power__total__ratio")


def test_every_routed_net_reaches_opensta(counter_routed):
    _, routed, _ = counter_routed
    log = (routed.run_dir / "logs/sta.log").read_text()
    assert "not found" not in log, log[:2000]
    spef = (routed.run_dir / "routed.spef").read_text()
    assert spef.count("*D_NET") == _v(routed, "route__net__count")


def test_routing_is_cached_like_other_steps(counter_routed, runs_dir):
    _, routed, _ = counter_routed
    again = _route("counter", runs_dir, WIDTH=8)[1]
    assert again.run_dir == routed.run_dir and not again.built
    manifest = json.loads((routed.run_dir / "run.json").read_text())
    assert manifest["tools"]["coriolis"].startswith("coriolis-eda 2.5.4")
    assert "setRC.tcl" in manifest["assumptions"]["parasitics"]


@pytest.mark.full
def test_gcm_iter_routes(coriolis, runs_dir):
    # 6 to 7 min of placement and routing on one core: the design the README states the ratios for.
    synth, routed = _route("gcm_iter", runs_dir)
    assert _v(routed, "route__unrouted__segments") == 0
    assert _v(routed, "finish__timing__fmax__mhz") <= _v(synth, "timing__fmax__mhz")
    assert _v(routed, "finish__power__total") >= _v(synth, "power__total")


def test_cli_prints_both_stages(counter_routed, runs_dir):
    _, routed, _ = counter_routed
    out = run_cli("run", "--design", "counter", "--param", "WIDTH=8", "--stage", "route", "--runs", runs_dir)
    assert out.returncode == 0, out.stderr
    assert str(routed.run_dir) in out.stdout and "reused" in out.stdout
    for name in ("timing__fmax__mhz", "finish__timing__fmax__mhz", "finish__timing__fmax__ratio",
                 "design__die__area", "route__wirelength"):
        assert f"\n{name} " in out.stdout


def test_cli_refuses_to_route_a_composed_array(tmp_path):
    out = run_cli("run", "--design", "gcm_iter", "--n", "2", "--stage", "route", "--runs", tmp_path)
    assert out.returncode == 2 and "--flat" in out.stderr and "Traceback" not in out.stderr


def test_sweep_row_holds_both_stages(counter_routed, runs_dir):
    synth, routed, _ = counter_routed
    point = SweepPoint("t", "counter", None, (("WIDTH", 8),), pdk.DEFAULT_PDK, "nom", 225.0, 0.1, stage="route")
    row = run_point(point, runs_dir)
    assert row["status"] == "cached" and row["stage"] == "route", row["error"]
    assert row["run_dir"] == str(routed.run_dir) and row["synth_run_dir"] == str(synth.run_dir)
    assert row["timing__fmax__mhz"] == _v(synth, "timing__fmax__mhz")
    assert row["finish__timing__fmax__mhz"] == _v(routed, "finish__timing__fmax__mhz")


def test_doctor_names_the_command_that_builds_a_missing_environment(tmp_path):
    out = run_cli("doctor", env={"CRYPTOPPA_HOME": str(tmp_path)})
    (line,) = [ln for ln in out.stdout.splitlines() if ln.startswith("coriolis ")]
    assert "missing (optional)" in line and "python -m cryptoppa.pnr.coriolis_env" in line
