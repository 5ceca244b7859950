"""Simulated activity of a flat engine array under load (sweeps/power_activity_arrays.toml does this for gcm_iter):
the engine workloads drive the array's own port pair, and load<P> is relative to the array's saturation rate.

Checked on a 2-engine array of fixed_engine.v (toy_engine.v's function at a fixed latency; seconds to synthesize):
every result of the gate-level simulation is the toy function of its line, and half load spends about twice the
cycles and less power per line.
"""

from pathlib import Path


import pytest

from cryptoppa.designs.arrays import array_design
from cryptoppa.designs import Design, Param
from cryptoppa.flow import characterize, design_point

from support import load_metrics

pytestmark = pytest.mark.eda
PARAMS = {"KEY_BITS": 128, "LINE_BYTES": 32, "ID_BITS": 8}
MODES = ("sim:load50", "sim:saturated")


def _engine() -> Design:
    rtl = Path(__file__).parent / "fixed_engine.v"
    params = {k: Param(k, v, (v,)) for k, v in PARAMS.items()}
    return Design(name="fixed_engine", path=rtl, top="fixed_engine", files=(rtl,), clock="clk", reset="rst",
                  interface="engine", description="array activity test stand-in", params=params)


@pytest.fixture(scope="module")
def runs(flexlib_home, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("toy_array")
    arr = array_design(_engine(), 2, tmp / "rtl")
    out = {}
    for mode in MODES:
        point = design_point(arr, pdk="freepdk45", corner="nom", clock_mhz=200.0, params=arr.resolve_params(PARAMS),
                             activity_mode=mode, perf_lines=16)
        out[mode] = characterize(point, tmp / "runs").run_dir
    return out


def _toy_result(key: int, iv: int, aad: int, data: int) -> tuple[int, int]:
    # pad = {in_iv, 32'h0} ^ key[127:0]; out_data = in_data ^ {pad, pad}; out_tag = in_aad ^ pad
    pad = (iv << 32) ^ key
    return data ^ (pad << 128 | pad), aad ^ pad


@pytest.mark.parametrize("mode", MODES)
def test_array_under_load_computes_every_line(runs, mode):
    log = (runs[mode] / "activity" / "sim.log").read_text().splitlines()
    key = int(next(ln for ln in log if ln.startswith("KEY")).split()[1], 16)
    lines = {f[1]: [int(x, 16) for x in f[2:]] for f in (ln.split() for ln in log) if f[:1] == ["IN"]}
    outs = [f for f in (ln.split() for ln in log) if f[:1] == ["OUT"]]
    assert len(outs) >= 6
    for _, line_id, data, tag in outs:
        assert _toy_result(key, *lines[line_id]) == (int(data, 16), int(tag, 16)), line_id


def test_half_load_costs_more_cycles_and_less_power_per_line(runs):
    half, full = (load_metrics(runs[m]) for m in MODES)
    for m in (half, full):
        assert m["power__activity__coverage"] > 0.9
        assert m["power__energy_per_byte"] == pytest.approx(m["power__energy_per_line"] / 32)
    # Lines are offered at half the array's saturation rate (its own perf simulation): results arrive at half it.
    assert half["perf__cycles_per_line"] == full["perf__cycles_per_line"]
    assert full["power__activity__cycles_per_line"] == pytest.approx(full["perf__cycles_per_line"], rel=0.05)
    assert half["power__activity__cycles_per_line"] == pytest.approx(2 * full["perf__cycles_per_line"], rel=0.1)
    assert half["power__total"] < full["power__total"]
