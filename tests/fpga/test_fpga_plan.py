"""FPGA targets, plans, resource parsing and the sweep's target list, without running a tool."""

import json
import re

import pytest

from cryptoppa import designs, fpga
from cryptoppa.errors import InputError
from cryptoppa.fpga import resources
from cryptoppa.fpga.study_fit import compare_to_study
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
    ('targets = ["nosuch"]\n', "sweep.pdks"),
])
def test_sweep_target_errors(tmp_path, body, key):
    with pytest.raises(spec_mod.SweepFileError, match=key):
        _sweep(tmp_path, body)


def test_compare_to_study_reports_slope_ratio():
    import pandas as pd
    rows = pd.DataFrame({"target": "xc7", "status": "ok", "design": "gcm_iter", "n": [1, 2, 4],
                         "synth__design__instance__count__ff": [1509.7 * n - 222.5 for n in (1, 2, 4)],
                         "synth__design__instance__count__lut": [4712.4 * n for n in (1, 2, 4)]})
    got = compare_to_study(rows).set_index("metric")
    assert got.loc["synth__design__instance__count__ff", "slope_ratio"] == pytest.approx(1.0)
    assert got.loc["synth__design__instance__count__lut", "slope_ratio"] == pytest.approx(2.0)


def test_report_section_shows_fits_beside_eq_5_4_and_routed_spread_without_power(tmp_path):
    import pandas as pd
    from cryptoppa.report.document import Table
    from cryptoppa.report.fpga_section import fpga_section
    from cryptoppa.report.load import load_results
    base = {"sweep": "t", "design": "gcm_iter", "corner": "", "clock_mhz": 100.0, "activity": 0.1,
            "activity_mode": "vectorless", "label": "x", "error": ""}
    rows = [{**base, "pdk": "xc7", "target": "xc7", "n": n, "status": "ok",
             "synth__design__instance__count__ff": 1700.0 * n + 50, "synth__design__instance__count__lut": 4800.0 * n,
             "synth__design__instance__count__bram": 0.0} for n in (1, 2, 4)]
    rows += [{**base, "pdk": "ecp5-85k", "target": "ecp5-85k", "n": 1, "status": "ok", "seed": s,
              "timing__fmax__mhz": f, "route__device__copies_fit": 9.0, "perf__throughput_at_fmax__gbps": f / 160}
             for s, f in ((1, 80.0), (2, 90.0))]
    rows.append({**base, "pdk": "ecp5-85k", "target": "ecp5-85k", "n": 16, "status": "failed", "seed": 1,
                 "error": "gcm_iter does not fit LFE5UM-85F-CABGA381: synthesis needs lut4 90000 > 83640"})
    (tmp_path / "r").mkdir()
    pd.DataFrame(rows).to_parquet(tmp_path / "r" / "results.parquet")
    blocks = fpga_section(load_results(tmp_path / "r"))
    synthesized, fits, routed, options = [b.frame for b in blocks if isinstance(b, Table)]
    assert synthesized.set_index("design").loc["gcm_iter", "FFs"] == 1750  # the N = 1 row only
    assert "gcm_iter on ecp5-85k: largest N routed 1 (routed N = 1; failed N = 16)" in blocks[-3].items
    assert fits.set_index("resource").loc["FFs", "ours / study"] == pytest.approx(1700 / 1509.7, abs=1e-3)
    assert routed.iloc[0]["fmax min (MHz)"] == 80 and routed.iloc[0]["fmax max"] == 90
    assert "does not fit" in routed[routed["status"] == "failed"].iloc[0]["note"]
    # 0.53125 Gb/s per engine (median over seeds) x 9 engines per device against 204.8 Gb/s
    assert options.iloc[0]["devices for desktop-25.6"] == 43 and options.iloc[0]["engines for desktop-25.6"] == 386
    text = " ".join(str(getattr(b, "text", "")) for b in blocks) + fits.to_string() + routed.to_string()
    assert " mW" not in text and " W " not in text


def test_a_report_of_fpga_rows_only_builds(tmp_path):
    # FPGA rows carry cycles per line but no area or power: the ASIC sections must leave them out, not fail.
    import pandas as pd
    from cryptoppa.report.build import build_report
    row = {"sweep": "t", "design": "gcm_iter", "pdk": "ecp5-85k", "target": "ecp5-85k", "corner": "", "n": 1,
           "clock_mhz": 100.0, "activity": 0.1, "activity_mode": "vectorless", "label": "x", "status": "ok",
           "error": "", "seed": 1, "run_dir": "r", "perf__cycles_per_line": 60.0, "perf__line_bytes": 64.0,
           "timing__fmax__mhz": 60.0, "route__device__copies_fit": 8.0, "perf__throughput_at_fmax__gbps": 0.512}
    (tmp_path / "r").mkdir()
    pd.DataFrame([row]).to_parquet(tmp_path / "r" / "results.parquet")
    build_report(tmp_path / "r", tmp_path / "out")
    text = (tmp_path / "out" / "report.md").read_text()
    assert "## FPGA targets" in text and "| gcm_iter | ecp5-85k |" in text
    # The answer leads: one engine at 60 MHz moves 0.512 Gb/s, 8 per device, 204.8 Gb/s needs 400 on 50 devices.
    assert text.index("## Answer: FPGAs for 25.6 GB/s (desktop-25.6)") < text.index("## FPGA targets")
    assert "takes 400 engines on 50 devices" in text
    assert "## Fits against N" not in text and "## GCM vs CBC storage" not in text


def test_doctor_lists_the_placers():
    from support import run_cli
    lines = {ln.split()[0]: ln for ln in run_cli("doctor").stdout.splitlines() if ln.strip()}
    for tool in ("nextpnr-ecp5", "nextpnr-nexus"):
        assert " ok " in lines[tool] and "yowasp" in lines[tool]


def test_feasibility_lists_routed_fpga_engines_in_devices_without_power(tmp_path):
    import pandas as pd
    from support import run_cli
    row = {"sweep": "t", "design": "gcm_iter", "pdk": "ecp5-85k", "target": "ecp5-85k", "corner": "", "n": 1,
           "clock_mhz": 100.0, "label": "x", "status": "ok", "error": "", "seed": 1, "perf__cycles_per_line": 60.0,
           "timing__fmax__mhz": 60.0, "route__device__copies_fit": 8.0, "perf__throughput_at_fmax__gbps": 0.512}
    (tmp_path / "r").mkdir()
    pd.DataFrame([row, {**row, "seed": 2, "timing__fmax__mhz": 70.0, "perf__throughput_at_fmax__gbps": 0.6}]
                 ).to_parquet(tmp_path / "r" / "results.parquet")
    done = run_cli("feasibility", "--bandwidth", "desktop-25.6", "--results", tmp_path / "r")
    assert done.returncode == 0, done.stderr
    # Median of 0.512 and 0.6 Gb/s = 0.556: 204.8 Gb/s needs 369 engines, 8 to a device: 47 devices; no watts.
    line = next(ln for ln in done.stdout.splitlines() if "gcm_iter on ecp5-85k" in ln)
    assert " 369 " in line and "47 devices" in line and "median of 2 placer seeds" in line
    assert "power not measured" in line


def test_report_lists_every_family_by_primitive_and_the_family_needing_fewest_devices(tmp_path):
    import pandas as pd
    from cryptoppa.report.build import build_report
    base = {"sweep": "t", "corner": "", "n": 1, "clock_mhz": 100.0, "activity": 0.1, "activity_mode": "vectorless",
            "label": "x", "status": "ok", "error": "", "run_dir": "r"}
    xc7 = {f"synth__design__instance__count__{k}": 0.0 for k in
           ("lut1", "lut2", "lut3", "lut4", "lut5", "lut6", "carry4", "muxf", "lutram", "srl", "bram", "dsp")}
    rows = [{**base, **xc7, "design": d, "pdk": "xc7", "target": "xc7", "synth__design__instance__count__lut": lut,
             "synth__design__instance__count__lut6": lut, "synth__design__instance__count__ff": ff}
            for d, lut, ff in (("gcm_iter", 4797.0, 1781.0), ("prince", 3000.0, 900.0))]
    # prince: 2 Gb/s x 4 per device = 8 Gb/s -> 26 devices; gcm_iter: 0.512 x 8 = 4.096 -> 50 devices.
    rows += [{**base, "design": d, "pdk": "ecp5-85k", "target": "ecp5-85k", "seed": 1, "timing__fmax__mhz": f,
              "route__device__copies_fit": c, "perf__throughput_at_fmax__gbps": g}
             for d, f, c, g in (("gcm_iter", 60.0, 8.0, 0.512), ("prince", 40.0, 4.0, 2.0))]
    (tmp_path / "r").mkdir()
    pd.DataFrame(rows).to_parquet(tmp_path / "r" / "results.parquet")
    build_report(tmp_path / "r", tmp_path / "out")
    text = (tmp_path / "out" / "report.md").read_text()
    answer = text[:text.index("## FPGA targets")]
    assert ("Fewest LFE5UM-85F-CABGA381 devices for desktop-25.6: prince, 26 devices (4 engines each: copies of "
            "one engine; no larger array routed); the other families need gcm_iter 50") in answer
    assert "fewest LUTs first: prince 3,000 LUTs, 900 FFs; gcm_iter 4,797 LUTs, 1,781 FFs" in answer
    assert re.search(r"\| prince +\| xc7 +\| 3000 \| 3000 \| +0 \|", text)  # design, target, LUTs, LUT6, LUT5
    assert "costs  over" not in text and "| prince   | FFs" not in text  # one N is no line against N


def test_devices_come_from_the_largest_array_measured_on_the_device():
    import pandas as pd
    from cryptoppa.fpga.devices import fpga_options
    base = {"design": "gcm_iter", "pdk": "ecp5-85k", "status": "ok", "seed": 1}
    # One engine: 60 MHz, 0.512 Gb/s, 8 copies fit (4.1 Gb/s a device); the array of 8 routes at only 49.1 MHz.
    rows = [{**base, "n": 1, "timing__fmax__mhz": 60.0, "route__device__copies_fit": 8.0,
             "perf__throughput_at_fmax__gbps": 0.512},
            {**base, "n": 8, "timing__fmax__mhz": 49.1, "route__device__copies_fit": 1.0,
             "perf__throughput_at_fmax__gbps": 8 * 64 * 8 * 49.1e6 / 60 / 1e9}]
    (option,) = fpga_options(pd.DataFrame(rows), "desktop-25.6").to_dict("records")
    assert option["engines per device"] == 8 and option["devices for desktop-25.6"] == 62  # not 51 from copies
    assert "array of 8 measured at 49.1 MHz" in option["device basis"]


@pytest.mark.parametrize("line", [
    "ERROR: Unable to find legal placement for all cells, design is probably at utilisation limit.",  # nexus 0.11
    "ERROR: Unable to place cell 'x', no BELs remaining to implement cell type 'TRELLIS_COMB'",
])
def test_placer_capacity_errors_are_recognized_as_does_not_fit(line):
    from cryptoppa.fpga.execute import _NO_FIT
    assert _NO_FIT.search(line)
