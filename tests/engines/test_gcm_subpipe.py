"""gcm_subpipe: AES-GCM with STAGES_PER_ROUND register stages per AES round (designs/gcm_subpipe).
Same cocotb checks as gcm_pipe (cocotb_gcm_pipe), with the sub-pipelined latency bound.

CI: LINE_BYTES=64, KEY_BITS=128, STAGES_PER_ROUND=3 (S-box cuts and the two-stage GHASH multiplier) with
200 random lines. `-m full`: the parameter matrix (CRYPTOPPA_FULL=1: 10,000 lines each) and a 10,000-line run.
"""
from __future__ import annotations

import pytest

from test_gcm_pipe import matrix_lines, run_gcm

pytestmark = pytest.mark.eda


def test_gcm_subpipe_ci(tmp_path):
    run_gcm("gcm_subpipe", {"KEY_BITS": 128, "LINE_BYTES": 64, "STAGES_PER_ROUND": 3}, tmp_path, lines=200, spr=3,
            flow_perf=True)


@pytest.mark.full
@pytest.mark.parametrize("spr", [1, 2, 3, 4])
@pytest.mark.parametrize("key_bits,line_bytes", [(128, 32), (128, 64), (256, 64), (256, 128)])
def test_gcm_subpipe_matrix(tmp_path, spr, key_bits, line_bytes):
    params = {"KEY_BITS": key_bits, "LINE_BYTES": line_bytes, "STAGES_PER_ROUND": spr}
    run_gcm("gcm_subpipe", params, tmp_path, lines=matrix_lines(), spr=spr)


@pytest.mark.full
def test_gcm_subpipe_long(tmp_path):
    run_gcm("gcm_subpipe", {"KEY_BITS": 128, "LINE_BYTES": 64, "STAGES_PER_ROUND": 2}, tmp_path,
            lines=10_000, spr=2)
