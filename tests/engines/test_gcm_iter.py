"""gcm_iter: NIST CAVP vectors, random traffic with gaps and back-pressure, tag/AAD/ciphertext corruption,
saturation throughput. CI runs two parameter sets; `-m full` runs the matrix with 10,000 random lines each."""

import json

import pytest

from tb_common import DESIGNS, design_sources, full_run, run_cocotb

CI_SETS = [
    {"DIGIT": 16, "KEY_BITS": 128, "LINE_BYTES": 64},
    {"DIGIT": 32, "KEY_BITS": 256, "LINE_BYTES": 32, "SBOX": 1, "KEY_SCHEDULE": 1},
]

FULL_SETS = [
    {"DIGIT": d, "KEY_BITS": k, "LINE_BYTES": lb, "KEY_SCHEDULE": ks, "SBOX": sb}
    for d in (8, 16, 32, 64, 128)
    for k in (128, 256)
    for lb in (32, 64, 128)
    for ks in (0, 1)
    for sb in (0, 1)
]


def _id(p):
    return "-".join(f"{k}{v}" for k, v in p.items())


@pytest.mark.eda
@pytest.mark.parametrize("params", CI_SETS, ids=_id)
def test_gcm_iter(params, tmp_path):
    perf = tmp_path / "perf.json"
    run_cocotb("gcm_iter", "cocotb_gcm_iter", params, tmp_path / "sim", lines=10_000 if full_run() else 200,
               extra_env={"ENGINE_PERF_OUT": str(perf)})
    measured = json.loads(perf.read_text())
    print(params, measured)
    # The flow's plain-Verilog throughput measurement must agree with the cocotb one.
    from cryptoppa.sim.perf import measure_engine

    top, files = design_sources("gcm_iter")
    res = measure_engine(DESIGNS / "gcm_iter", top, files, params, tmp_path / "perf")
    assert res["perf__cycles_per_line"] == measured["encrypt"]["cycles_per_line"]
    assert res["perf__latency_cycles"] == measured["encrypt"]["latency"]


@pytest.mark.eda
@pytest.mark.full
@pytest.mark.parametrize("params", FULL_SETS, ids=_id)
def test_gcm_iter_full(params, tmp_path):
    run_cocotb("gcm_iter", "cocotb_gcm_iter", params, tmp_path / "sim", lines=10_000)
