"""cbc_mac: reference-model known answers, random traffic with gaps and back-pressure, tag/AAD/ciphertext
corruption, saturation throughput. CI runs the default parameters; `-m full` runs the matrix with 10,000
random lines each."""

import json

import pytest

from tb_common import full_run, run_cocotb

CI_SETS = [{"KEY_BITS": 128, "LINE_BYTES": 64}]

FULL_SETS = [
    {"KEY_BITS": k, "LINE_BYTES": lb, "KEY_SCHEDULE": ks, "SBOX": sb}
    for k in (128, 256)
    for lb in (32, 64, 128)
    for ks in (0, 1)
    for sb in (0, 1)
]


def _id(p):
    return "-".join(f"{k}{v}" for k, v in p.items())


@pytest.mark.eda
@pytest.mark.parametrize("params", CI_SETS, ids=_id)
def test_cbc_mac(params, tmp_path):
    perf = tmp_path / "perf.json"
    run_cocotb("cbc_mac", "cocotb_cbc_mac", params, tmp_path / "sim", lines=10_000 if full_run() else 200,
               extra_env={"ENGINE_PERF_OUT": str(perf)})
    print(params, json.loads(perf.read_text()))


@pytest.mark.eda
@pytest.mark.full
@pytest.mark.parametrize("params", FULL_SETS, ids=_id)
def test_cbc_mac_full(params, tmp_path):
    run_cocotb("cbc_mac", "cocotb_cbc_mac", params, tmp_path / "sim", lines=10_000)
