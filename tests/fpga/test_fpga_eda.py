"""End to end on real tools: a small design through synth_xilinx, and through synth_ecp5 + nextpnr-ecp5."""

import dataclasses
import json
from pathlib import Path

import pytest

from cryptoppa import designs, stages
from cryptoppa.fpga import targets
from cryptoppa.sweep import spec as spec_mod
from cryptoppa.sweep.point import STATUS_FAILED, run_point
from support import load_metrics, run_cli

pytestmark = pytest.mark.eda


@pytest.mark.timeout(90)
def test_counter_through_synth_xilinx(runs_dir):
    done = run_cli("run", "--design", "counter", "--target", "xc7", "--param", "WIDTH=16", "--runs", runs_dir)
    assert done.returncode == 0, done.stderr
    run_dir = runs_dir / done.stdout.split()[1]
    got = load_metrics(run_dir)
    assert got["synth__design__instance__count__ff"] == 16
    assert got["synth__design__instance__count__carry4"] == 4  # 16 bits of carry chain
    assert "timing__fmax__mhz" not in got  # no open 7-series place and route: no fmax is invented
    manifest = json.loads((run_dir / "run.json").read_text())
    assert manifest["fpga"]["target"] == "xc7" and manifest["tools"]["pyosys"]


@pytest.mark.timeout(180)  # a few seconds once the WebAssembly build is compiled; the first call compiles it (~50 s)
def test_counter_through_nextpnr_ecp5(runs_dir):
    result = stages.run_request(stages.Request(designs.get("counter"), (("WIDTH", 16),), "ecp5-25k", 150.0,
                                               settings=((stages.builtin.SEED.name, 3),)), runs_dir)
    got = load_metrics(result.run_dir)
    assert got["route__design__instance__count__trellis_ff"] == 16
    assert 50 < got["timing__fmax__mhz"] < 1000 and got["timing__fmax__goal__mhz"] == 150
    assert got["route__seed"] == 3 and got["route__device__copies_fit"] > 100
    manifest = json.loads((result.run_dir / "run.json").read_text())
    assert "nextpnr-ecp5" in manifest["tools"] and "netlist.json" in manifest["inputs"]
    assert load_metrics(Path(manifest["fpga"]["synth_run"]))["synth__design__instance__count__ff"] == 16


@pytest.mark.timeout(90)
def test_a_design_too_big_for_the_device_is_a_failed_row(tmp_path, monkeypatch):
    tiny = dataclasses.replace(targets.TARGETS["ecp5-25k"], capacity={"ff": 4})
    monkeypatch.setitem(targets.TARGETS, "ecp5-25k", tiny)
    path = tmp_path / "s.toml"
    path.write_text('[sweep]\nname = "t"\noutput = "out"\ndesigns = ["counter"]\nclocks_mhz = [100]\n'
                    'targets = ["ecp5-25k"]\n')
    row = run_point(spec_mod.load(path).points[0], tmp_path / "cache")
    assert row["status"] == STATUS_FAILED and "does not fit" in row["error"] and "ff 8 > 4" in row["error"]
    assert row["target"] == "ecp5-25k" and row["seed"] == 1


@pytest.mark.full
@pytest.mark.timeout(300)
def test_counter_through_nextpnr_nexus_behind_the_io_ring(runs_dir):
    result = stages.run_request(stages.Request(designs.get("counter"), (("WIDTH", 16),), "nexus-40", 150.0), runs_dir)
    got = {name: m.value for name, m in result.metrics.items()}  # synthesis and placement runs together
    assert got["synth__ring__count__ff"] == 2 + 16 + 1  # rst, en, the capture bit and 16 output bits
    assert got["route__design__instance__count__oxide_ff"] >= 16 + 19
    assert got["timing__fmax__mhz"] > 50
