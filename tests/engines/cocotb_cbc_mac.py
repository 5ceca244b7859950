"""cocotb tests for cbc_mac (run through test_cbc_mac.py; settings come from the environment)."""

import random

import cocotb

from tb_common import (EngineConfig, cbc_mac_ref, corruption_test, load_key, make_line, random_traffic_test,
                       saturation_test, setup, transact)


def _cfg() -> EngineConfig:
    return EngineConfig.from_env(ref=cbc_mac_ref)


@cocotb.test()
async def known_answer(dut):
    """Fixed keys (all-zero and FIPS-197 C.1/C.3 style counting keys) against the reference model, with key
    reloads in between, so the key-derivation path is exercised after a previous key."""
    cfg = _cfg()
    nbytes = cfg.key_bits // 8
    keys = [bytes(nbytes), bytes(range(nbytes)), bytes(0xFF for _ in range(nbytes))]
    rng = random.Random(3)
    await setup(dut, cfg, keys[0])
    for i, key in enumerate(keys):
        if i:
            await load_key(dut, key)
        for decrypt in (False, True):
            line = make_line(cfg, key, rng, decrypt)
            got = await transact(dut, cfg, line)
            exp = cbc_mac_ref(key, decrypt, line.iv, line.aad, line.data, line.tag)
            assert got == exp, f"key {key.hex()} decrypt={decrypt}: {got} != {exp}"


@cocotb.test()
async def random_traffic(dut):
    await random_traffic_test(dut, _cfg())


@cocotb.test()
async def corrupted_bits(dut):
    await corruption_test(dut, _cfg())


@cocotb.test()
async def saturation(dut):
    await saturation_test(dut, _cfg())
