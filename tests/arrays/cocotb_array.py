"""cocotb tests for an engine array (run through test_arrays.py; settings come from the environment:
ENGINE_PARAMS, ARRAY_N, ARRAY_LINES, ARRAY_REF (gcm or toy), ARRAY_EXPECT_REORDER, ENGINE_PERF_OUT)."""

import json
import os
import random

import cocotb

from array_tb import array_saturation, watch_dispatch
from engine_driver import EngineConfig, load_key, random_lines, run_lines, setup


def toy_ref(key, decrypt, iv, aad, data, tag):
    """tests/arrays/toy_engine.v: XOR with a pad made of the IV and the key's first 16 bytes."""
    pad = bytes(a ^ b for a, b in zip(iv + bytes(4), key[:16]))
    out = bytes(d ^ pad[i % 16] for i, d in enumerate(data))
    calc = bytes(a ^ p for a, p in zip(aad, pad))
    return out, calc, decrypt and calc != tag


def _cfg() -> EngineConfig:
    # A gcm_iter array takes its reference from the engine's design.toml, as the engine tests do.
    return EngineConfig.from_env(ref=toy_ref if os.environ.get("ARRAY_REF") == "toy" else None)


@cocotb.test()
async def random_traffic(dut):
    """Random lines (mixed encrypt/decrypt, some corrupted) with input gaps and output back-pressure, then a key
    change (every engine must take the new key) and a burst under heavy back-pressure, where results of
    different engines overtake each other."""
    cfg = _cfg()
    n = int(os.environ["ARRAY_N"])
    rng = random.Random(int(os.environ.get("ENGINE_SEED", "7")))
    key = rng.randbytes(cfg.key_bits // 8)
    await setup(dut, cfg, key)
    policy_errors: list[str] = []
    cocotb.start_soon(watch_dispatch(dut, n, policy_errors))
    r1 = await run_lines(dut, cfg, key, random_lines(cfg, key, rng, int(os.environ.get("ARRAY_LINES", "60"))),
                         rng, gap_prob=0.3, stall_prob=0.4, by_id=True)
    key2 = rng.randbytes(cfg.key_bits // 8)
    await load_key(dut, key2)
    r2 = await run_lines(dut, cfg, key2, random_lines(cfg, key2, rng, 6 * n), rng, gap_prob=0.05,
                         stall_prob=0.8, by_id=True)
    assert not policy_errors, "dispatch does not follow its policy: " + "; ".join(policy_errors[:3])
    dut._log.info("N=%d: %d results reordered across engines", n, r1["reordered"] + r2["reordered"])
    if n > 1 and os.environ.get("ARRAY_EXPECT_REORDER"):
        assert r1["reordered"] + r2["reordered"] > 0, "no result overtook another although engine latencies differ"


@cocotb.test()
async def saturation(dut):
    """Lines per cycle with in_valid and out_ready always high."""
    cfg = _cfg()
    n = int(os.environ["ARRAY_N"])
    key = bytes(range(cfg.key_bits // 8))
    await setup(dut, cfg, key)
    lpc = await array_saturation(dut, cfg, key, n)
    dut._log.info("N=%d saturation: %.4f lines/cycle", n, lpc)
    out = os.environ.get("ENGINE_PERF_OUT")
    if out:
        with open(out, "w") as f:
            json.dump({"n": n, "lines_per_cycle": lpc}, f)
