"""FPGA targets, plans, resource parsing and the sweep's target list, without running a tool."""

import json

import pytest

from cryptoppa import designs, fpga
from cryptoppa.errors import InputError
from cryptoppa.fpga import resources
from cryptoppa.sweep import spec as spec_mod


def _counter(target, **kw):
    return fpga.fpga_point(designs.get("counter"), target, 100.0, {"WIDTH": 8}, **kw)


def test_classify_maps_primitives_to_resources():
    xc7, ecp5 = fpga.get("xc7"), fpga.get("ecp5-85k")
    assert xc7.classify("LUT6") == "lut6" and xc7.classify("FDRE") == "ff" and xc7.classify("RAMB36E1") == "bram36"
    assert ecp5.classify("TRELLIS_FF") == "ff" and ecp5.classify("DP16KD") == "bram"
    assert xc7.classify("$scopeinfo") is None
    with pytest.raises(InputError, match="unknown FPGA target"):
        fpga.get("xc9")


def test_synthesis_only_target_key_ignores_clock_and_seed_routed_one_does_not():
    assert fpga.make_synth_plan(_counter("xc7")).key == fpga.make_synth_plan(
        fpga.fpga_point(designs.get("counter"), "xc7", 250.0, {"WIDTH": 8}, seed=5)).key
    one, two = _counter("ecp5-85k", seed=1), _counter("ecp5-85k", seed=2)
    assert fpga.make_synth_plan(one).key == fpga.make_synth_plan(two).key  # one synthesis serves every seed


def test_placement_plan_keys_on_seed_and_the_synthesized_netlist(tmp_path):
    (tmp_path / "netlist.json").write_text("{}")
    one, two = _counter("ecp5-85k", seed=1), _counter("ecp5-85k", seed=2)
    plan = fpga.make_pnr_plan(two, tmp_path)
    assert plan.key != fpga.make_pnr_plan(one, tmp_path).key
    assert "--seed 2" in plan.scripts["pnr.args"] and "--out-of-context" in plan.scripts["pnr.args"]
    assert "power" in plan.assumptions and "seed 2" in fpga.assumptions(two)["flow"]
    (tmp_path / "netlist.json").write_text('{"changed": 1}')
    assert fpga.make_pnr_plan(two, tmp_path).key != plan.key


def test_xc7_counts_and_bram_equivalents(tmp_path):
    (tmp_path / "reports").mkdir()
    stat = {"design": {"num_cells_by_type": {"LUT6": 3, "LUT2": 1, "INV": 1, "FDRE": 4, "RAMB18E1": 3,
                                             "RAMB36E1": 1, "$scopeinfo": 9, "IBUF": 2}}}
    (tmp_path / "reports" / "synth_stat.json").write_text(json.dumps(stat))
    got = {k: m.value for k, m in resources.synth_metrics(tmp_path, fpga.get("xc7"), "yosys").items()}
    assert got["synth__design__instance__count__lut"] == 5
    assert got["synth__design__instance__count__ff"] == 4
    assert got["synth__design__instance__count__bram"] == 2.5
    assert got["synth__design__instance__count"] == 15  # $scopeinfo markers are not cells


def test_over_capacity_names_the_scarce_resource():
    assert resources.over_capacity({"lut4": 30000, "ff": 10}, fpga.get("ecp5-25k")) == {"lut4": (30000, 24288)}
    # On Nexus a WIDEFN9 takes two LUT4 sites: ctr_mac's 14,079 LUT4s and 10,154 WIDEFN9s need 34,387 of 32,256.
    nexus = fpga.get("nexus-40")
    assert resources.over_capacity({"lut4": 14079, "muxf": 10154}, nexus) == {"lut4": (34387, 32256)}
    assert resources.over_capacity({"lut4": 14079, "muxf": 9000}, nexus) == {}


def _sweep(tmp_path, body):
    path = tmp_path / "s.toml"
    path.write_text('[sweep]\nname = "t"\noutput = "out"\ndesigns = ["gcm_iter"]\nclocks_mhz = [100]\n' + body)
    return spec_mod.load(path)


def test_sweep_targets_mix_pdks_and_fpgas(tmp_path):
    spec = _sweep(tmp_path, 'n = [1, 2]\ntargets = ["freepdk45/nom", "xc7", "ecp5-85k"]\nseeds = [1, 2]\n')
    labels = {(p.target, p.n, dict(p.settings).get("seed"), p.array_mode) for p in spec.points}
    assert ("freepdk45/nom", 1, None, "composed") in labels
    assert ("xc7", 2, None, "flat") in labels  # FPGA arrays are always flat; synthesis has no seed
    assert {s for t, _, s, _ in labels if t == "ecp5-85k"} == {1, 2}
    assert len(spec.points) == 2 * (1 + 1 + 2)


@pytest.mark.parametrize("body, key", [
    ('targets = ["xc7"]\npdks = ["freepdk45"]\n', "sweep.targets"),
    ('targets = ["xc7"]\nseeds = [1]\n', "sweep.seeds"),
    ('targets = ["xc7"]\nn = [65]\n', "sweep.n"),
    ('targets = ["nosuch"]\n', "sweep.targets"),
])
def test_sweep_target_errors(tmp_path, body, key):
    with pytest.raises(spec_mod.SweepFileError, match=key):
        _sweep(tmp_path, body)


def test_doctor_lists_the_placers():
    from support import run_cli
    lines = {ln.split()[0]: ln for ln in run_cli("doctor").stdout.splitlines() if ln.strip()}
    for tool in ("nextpnr-ecp5", "nextpnr-nexus"):
        assert " ok " in lines[tool] and "yowasp" in lines[tool]


@pytest.mark.parametrize("line", [
    "ERROR: Unable to find legal placement for all cells, design is probably at utilisation limit.",  # nexus 0.11
    "ERROR: Unable to place cell 'x', no BELs remaining to implement cell type 'TRELLIS_COMB'",
])
def test_placer_capacity_errors_are_recognized_as_does_not_fit(line):
    from cryptoppa.fpga.execute import _NO_FIT
    assert _NO_FIT.search(line)
