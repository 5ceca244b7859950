"""gcm_pipe: unrolled, round-pipelined AES-GCM (designs/gcm_pipe). Runs cocotb_gcm_pipe under Icarus.

CI: LINE_BYTES=64, KEY_BITS=128, SBOX=0 with 200 random lines. `-m full`: the whole parameter matrix, plus
a 10,000-line run; CRYPTOPPA_FULL=1 also raises every matrix run to 10,000 lines.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import tb_common as tb

pytestmark = pytest.mark.eda


def expected_timing(params: dict, spr: int = 1) -> tuple[int, int]:
    """(cycles per line, latency) the architecture promises: NB+1 slots per line; latency = issue (2) +
    last slot offset (NB) + rounds*stages + GHASH input register (1) + multiplier + FIFO write (1)."""
    nb = params["LINE_BYTES"] // 16
    nr = 14 if params["KEY_BITS"] == 256 else 10
    mul = 2 if spr >= 3 else 1
    return nb + 1, nb + nr * spr + mul + 4


def run_gcm(design: str, params: dict, build_dir: Path, lines: int, spr: int = 1, flow_perf: bool = False) -> None:
    """Run the cocotb checks with the architecture's bounds; with flow_perf, also check that the flow's own
    plain-Verilog saturation measurement (cryptoppa.sim.perf) reports exactly the architecture's numbers."""
    cpl, lat = expected_timing(params, spr)
    build_dir = Path(build_dir)
    tb.run_cocotb(design, "cocotb_gcm_pipe", params, build_dir / "sim", lines=lines,
                  extra_env={"GCM_MAX_CPL": str(cpl), "GCM_MAX_LAT": str(lat)})
    log = (build_dir / "sim" / "sim.log").read_text()
    m = re.search(r"RESULT (cycles_per_line=\S+ latency=\S+ \(decrypt [^)]*\))", log)
    print(f"{design} {params}: {m.group(1) if m else 'no RESULT line'} (architecture: {cpl} / {lat})")
    if flow_perf:
        from cryptoppa.sim.perf import measure_engine

        top, files = tb.design_sources(design)
        res = measure_engine(tb.DESIGNS / design, top, files, params, build_dir / "perf")
        assert (res["perf__cycles_per_line"], res["perf__latency_cycles"]) == (cpl, lat), res


def matrix_lines() -> int:
    return 10_000 if tb.full_run() else 200


def test_gcm_pipe_ci(tmp_path):
    run_gcm("gcm_pipe", {"KEY_BITS": 128, "LINE_BYTES": 64, "SBOX": 0}, tmp_path, lines=200, flow_perf=True)


@pytest.mark.full
@pytest.mark.parametrize("key_bits", [128, 256])
@pytest.mark.parametrize("line_bytes", [32, 64, 128])
@pytest.mark.parametrize("sbox", [0, 1])
def test_gcm_pipe_matrix(tmp_path, key_bits, line_bytes, sbox):
    params = {"KEY_BITS": key_bits, "LINE_BYTES": line_bytes, "SBOX": sbox, "ID_BITS": 4 if sbox else 8}
    run_gcm("gcm_pipe", params, tmp_path, lines=matrix_lines())


@pytest.mark.full
def test_gcm_pipe_long(tmp_path):
    run_gcm("gcm_pipe", {"KEY_BITS": 128, "LINE_BYTES": 64, "SBOX": 0}, tmp_path, lines=10_000)
