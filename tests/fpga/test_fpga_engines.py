"""A real engine (gcm_iter, N = 1 flat, as in the published FPGA sweeps) through synth_xilinx and through
synth_ecp5 + nextpnr-ecp5, checked against what must hold across targets.

The points are the sweeps' own (sweeps/fpga_xc7.toml, sweeps/fpga_ecp5.toml), run through the user's run cache as
a user would, so a machine that has measured the published report reuses them; a fresh one takes minutes.
"""

import json

import pandas as pd
import pytest

from cryptoppa.fpga import targets
from support import ROOT, run_cli

pytestmark = pytest.mark.eda

THESIS = ROOT / "reports" / "thesis" / "data" / "results.csv"


def _asic_one_engine() -> pd.Series:
    table = pd.read_csv(THESIS)
    return table[(table["design"] == "gcm_iter") & (table["n"] == 1)].iloc[0]


def _run(*args) -> dict:
    done = run_cli("run", "--design", "gcm_iter", "--n", "1", "--flat", *args, "--json")
    assert done.returncode == 0, done.stderr
    return {name: m["value"] for name, m in json.loads(done.stdout).items()}


@pytest.mark.timeout(900)
def test_gcm_iter_on_xc7_keeps_every_register_of_the_asic_netlist():
    got = _run("--target", "xc7")  # synthesis only: no clock goal
    # The same RTL on two targets: every flip-flop the ASIC synthesis keeps is a 7-series FF, no more, no fewer.
    assert got["synth__design__instance__count__ff"] == _asic_one_engine()["synth__design__instance__count__sequential"]
    assert got["synth__design__instance__count__lut"] > got["synth__design__instance__count__ff"]
    assert "timing__fmax__mhz" not in got


@pytest.mark.timeout(1800)
def test_gcm_iter_on_ecp5_routes_and_its_throughput_follows_from_fmax():
    got = _run("--target", "ecp5-85k", "--clock-mhz", "100", "--seed", "1")
    # Cycles per line come from an RTL simulation, as on the ASIC side: the same engine takes the same cycles.
    assert got["perf__cycles_per_line"] == _asic_one_engine()["perf__cycles_per_line"]
    fmax = got["timing__fmax__mhz"]
    assert 20 < fmax < 400
    assert got["perf__throughput_at_fmax__gbps"] == pytest.approx(fmax * 1e6 * 64 * 8 / got["perf__cycles_per_line"]
                                                                  / 1e9, rel=1e-6)
    # Copies that fit: that many copies of the placed netlist's logic sites fit the device, one more does not.
    copies = got["route__device__copies_fit"]
    sites = [k.removeprefix("route__design__instance__count__") for k in got
             if k.startswith("route__design__instance__count__trellis_") and "io" not in k]
    used = {s: got[f"route__design__instance__count__{s}"] for s in sites}
    have = {s: got[f"route__device__capacity__{s}"] for s in sites}
    assert copies >= 1 and all(copies * used[s] <= have[s] for s in sites)
    assert any((copies + 1) * used[s] > have[s] for s in sites)
    assert got["synth__design__instance__count__lut4"] <= targets.get("ecp5-85k").capacity["lut4"]
