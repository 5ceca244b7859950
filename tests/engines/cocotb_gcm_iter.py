"""cocotb tests for gcm_iter (run through test_gcm_iter.py; settings come from the environment)."""

import random

import cocotb

from tb_common import (EngineConfig, cavp_gcm_vectors, corruption_test, gcm_ref, load_key, make_line,
                       random_traffic_test, saturation_test, setup, transact)


def _cfg() -> EngineConfig:
    return EngineConfig.from_env(ref=gcm_ref)


@cocotb.test()
async def cavp_vectors(dut):
    """NIST CAVP GCM vectors, encrypt and decrypt, with a key reload before each."""
    cfg = _cfg()
    first = True
    for decrypt in (False, True):
        vecs, exact = cavp_gcm_vectors(cfg.key_bits, cfg.line_bytes, decrypt)
        assert vecs, "no usable CAVP vectors"
        for v in vecs:
            if first:
                await setup(dut, cfg, v["key"])
                first = False
            else:
                await load_key(dut, v["key"])
            line = make_line(cfg, v["key"], random.Random(0), False)
            line.decrypt, line.iv, line.aad, line.data, line.tag = decrypt, v["iv"], v["aad"], v["data"], v["tag"]
            data, tag, fail = await transact(dut, cfg, line)
            if decrypt:
                assert fail == v["fail"], f"auth_fail {fail} for CAVP decrypt vector (FAIL={v['fail']})"
                if v["expect"] is not None:
                    assert data == v["expect"], "decrypted plaintext differs from CAVP"
            else:
                assert (data, tag) == (v["expect"], v["tag"]), "ciphertext/tag differ from CAVP"
        dut._log.info("%d CAVP %s vectors passed (%s)", len(vecs), "decrypt" if decrypt else "encrypt",
                      "exact file entries" if exact else "file key/IV/AAD/PT, cryptography as oracle")


@cocotb.test()
async def random_traffic(dut):
    await random_traffic_test(dut, _cfg())


@cocotb.test()
async def corrupted_bits(dut):
    await corruption_test(dut, _cfg())


@cocotb.test()
async def saturation(dut):
    await saturation_test(dut, _cfg())
