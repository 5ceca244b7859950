"""cocotb tests for the pipelined GCM engines (gcm_pipe, gcm_subpipe); settings come from the environment
(tb_common.run_cocotb). GCM_MAX_CPL / GCM_MAX_LAT bound the measured cycles per line and latency."""
from __future__ import annotations

import os
import random

import cocotb
from cocotb.triggers import FallingEdge

import tb_common as tb


def _cfg() -> tb.EngineConfig:
    return tb.EngineConfig.from_env(ref=tb.gcm_ref)


async def _load_key(dut, key: bytes) -> None:
    # tb_common.load_key returns inside the ReadOnly phase; step to the next driving point
    await tb.load_key(dut, key)
    await FallingEdge(dut.clk)


async def _setup(dut, cfg: tb.EngineConfig, key: bytes) -> None:
    await tb.start_clock(dut)
    await tb.reset(dut)
    await _load_key(dut, key)


def _key(cfg: tb.EngineConfig, rng: random.Random) -> bytes:
    return rng.randbytes(cfg.key_bits // 8)


@cocotb.test()
async def nist_vectors(dut):
    """NIST CAVP GCM vectors (96-bit IV, 128-bit AAD and tag) through the engine, encrypt and decrypt."""
    cfg = _cfg()
    await tb.start_clock(dut)
    await tb.reset(dut)
    n = 0
    for decrypt in (False, True):
        vecs, exact = tb.cavp_gcm_vectors(cfg.key_bits, cfg.line_bytes, decrypt)
        assert vecs, "no usable CAVP vectors"
        for v in vecs[:6]:
            await _load_key(dut, v["key"])
            line = tb.Line(decrypt, v["iv"], v["aad"], v["data"], v["tag"])
            out, tag, fail = await tb.transact(dut, cfg, line)
            if v["fail"]:
                assert decrypt and fail, f"CAVP FAIL entry not flagged ({v})"
                continue
            assert out == v["expect"], f"data {out.hex()} != {v['expect'].hex()}"
            if decrypt:
                assert not fail, "valid CAVP tag flagged"
            else:
                assert tag == v["tag"], f"tag {tag.hex()} != {v['tag'].hex()}"
            n += 1
    dut._log.info("CAVP vectors passed: %d (exact file entries: %s)", n, exact)


@cocotb.test()
async def corruption_flagged(dut):
    """One flipped bit in ciphertext, tag or AAD of a decrypt sets out_auth_fail; unflipped does not."""
    cfg = _cfg()
    rng = random.Random(7)
    key = _key(cfg, rng)
    await _setup(dut, cfg, key)
    for corrupt in (None, "data", "tag", "aad") * 3:
        line = tb.make_line(cfg, key, rng, True, corrupt)
        _, _, fail = await tb.transact(dut, cfg, line)
        assert fail == (corrupt is not None), f"corrupt={corrupt}: out_auth_fail={fail}"


@cocotb.test()
async def random_lines_backpressure(dut):
    """Random lines (half decrypts, some corrupted) with random input gaps and output stalls, then a second
    key and a run with long output stalls: nothing lost, duplicated or reordered."""
    cfg = _cfg()
    rng = random.Random(int(os.environ.get("GCM_SEED", "1")))
    n = tb.env_lines(200)
    key = _key(cfg, rng)
    await _setup(dut, cfg, key)
    lines = tb.random_lines(cfg, key, rng, n)
    r = await tb.run_lines(dut, cfg, key, lines, rng, gap_prob=0.3, stall_prob=0.3)
    dut._log.info("%d random lines in %d cycles", n, r["cycles"])
    # rekey while idle, then hold out_ready low most of the time so the output FIFO fills
    key = _key(cfg, rng)
    await _load_key(dut, key)
    lines = tb.random_lines(cfg, key, rng, max(20, n // 10))
    await tb.run_lines(dut, cfg, key, lines, rng, gap_prob=0.0, stall_prob=0.9)


@cocotb.test()
async def saturation(dut):
    """in_valid and out_ready always high: cycles per line and latency within the architecture's bounds."""
    cfg = _cfg()
    rng = random.Random(3)
    key = _key(cfg, rng)
    await _setup(dut, cfg, key)
    cpl, lat = await tb.measure_saturation(dut, cfg, key, n_lines=16)
    dec_cpl, dec_lat = await tb.measure_saturation(dut, cfg, key, n_lines=16, decrypt=True)
    blocks = cfg.line_bytes // 16
    max_cpl = float(os.environ.get("GCM_MAX_CPL", blocks + 2))
    max_lat = float(os.environ.get("GCM_MAX_LAT", "1e9"))
    dut._log.info("RESULT cycles_per_line=%.2f latency=%.1f (decrypt %.2f / %.1f) blocks=%d",
                  cpl, lat, dec_cpl, dec_lat, blocks)
    assert max(cpl, dec_cpl) <= max_cpl, f"cycles per line {cpl} / {dec_cpl} > {max_cpl}"
    assert max(lat, dec_lat) <= max_lat, f"latency {lat} / {dec_lat} > {max_lat}"
    await FallingEdge(dut.clk)
