"""The checks every engine family passes (run by cocotb_engine.py): standard vectors, random traffic against the
reference with gaps, back-pressure, prefetch hints and checked early results (where the engine has those ports),
corruption (flagged with integrity, confined to its block without), directed hint cases, saturation throughput
and the read latency of one line into an idle engine."""

from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import FallingEdge

from engine_driver import (EngineConfig, EngineError, Keys, Line, env_lines, env_seed, key_table, load_key, load_keys,
                           load_reference, make_line, measure_saturation, random_lines, reference_of, run_lines, setup,
                           transact)
from engine_ports import check_early, drive_hint, early_monitor, hint_driver, line_latency


def sample(vectors: list[dict], per_kind: int = 3) -> list[dict]:
    """The first few encrypt, decrypt and failing-decrypt vectors: both directions and every kind of expected
    result, in a default-suite budget (`make test-full` runs them all)."""
    kinds = {}
    for v in vectors:
        kinds.setdefault((v["decrypt"], bool(v["expect_fail"])), []).append(v)
    return [v for group in kinds.values() for v in group[:per_kind]]


LONG_LEAD = 100  # cycles: longer than any default-suite engine's precomputation from the IV


async def known_answer_test(dut, cfg: EngineConfig) -> int:
    """The standard vectors the family's reference maps onto these parameters (all of them, or a sample of each
    kind in the default suite), encrypt and decrypt, with a key load before each (into the vector's key-table
    entry `key_id` on a multikey engine). Returns how many were checked."""
    vectors = load_reference(os.environ["ENGINE_REFERENCE"]).known_answers(cfg.params)
    if not vectors:
        raise EngineError(f"no known answers for {cfg.params}")
    if os.environ.get("ENGINE_VECTORS") == "sample":
        vectors = sample(vectors)
    first = True
    for v in vectors:
        keys = {v.get("key_id", 0): v["key"]} if cfg.keys > 1 else v["key"]
        if first:
            await setup(dut, cfg, keys)
            first = False
        else:
            await load_keys(dut, keys)
        line = Line(v["decrypt"], v["iv"], v["aad"], v["data"], v["tag"], key_id=v.get("key_id", 0))
        data, tag, fail = await transact(dut, cfg, line)
        if v["expect_data"] is not None and data != v["expect_data"]:
            raise EngineError(f"{v['source']}: data {data.hex()} != {v['expect_data'].hex()}")
        if v["expect_tag"] is not None and tag != v["expect_tag"]:
            raise EngineError(f"{v['source']}: tag {tag.hex()} != {v['expect_tag'].hex()}")
        if v["expect_fail"] is not None and v["decrypt"] and fail != v["expect_fail"]:
            raise EngineError(f"{v['source']}: auth_fail {fail} != {v['expect_fail']}")
    dut._log.info("%d known answers passed (%s ...)", len(vectors), vectors[0]["source"])
    return len(vectors)


async def _traffic(dut, cfg: EngineConfig, keys: Keys, lines: list[Line], rng: random.Random, **kw) -> None:
    """run_lines, with random hints for these lines (ahead of, at and behind them, and for none) and every early
    result checked, where the engine has those ports."""
    stop, seen = [False], []
    hints = cocotb.start_soon(hint_driver(dut, lines, random.Random(rng.random()), stop)) \
        if "prefetch" in cfg.groups else None
    watch = cocotb.start_soon(early_monitor(dut, seen, stop)) if "early" in cfg.groups else None
    await run_lines(dut, cfg, keys, lines, rng, **kw)
    stop[0] = True
    if hints:
        await hints
    if watch:
        await watch
        check_early(cfg, keys, lines, seen)


async def random_traffic_test(dut, cfg: EngineConfig) -> None:
    """env_lines() random lines (mixed encrypt/decrypt, some corrupted; on a multikey engine each under a random
    entry of a key table) with input gaps and output back-pressure, then a key change (one entry rewritten) and a
    short heavily back-pressured burst."""
    rng = random.Random(env_seed())
    keys = key_table(cfg, rng)
    await setup(dut, cfg, keys)
    await _traffic(dut, cfg, keys, random_lines(cfg, keys, rng, env_lines(200)), rng, gap_prob=0.3, stall_prob=0.4)
    if isinstance(keys, dict):
        entry = rng.choice(sorted(keys))
        keys[entry] = rng.randbytes(cfg.key_bits // 8)
        await load_key(dut, keys[entry], index=entry)
    else:
        keys = rng.randbytes(cfg.key_bits // 8)
        await load_key(dut, keys)
    await _traffic(dut, cfg, keys, random_lines(cfg, keys, rng, 20), rng, gap_prob=0.1, stall_prob=0.6)


async def corruption_test(dut, cfg: EngineConfig, rounds: int = 3) -> None:
    """With integrity: one flipped bit of ciphertext, compared tag bits or AAD sets out_auth_fail, an untouched
    line does not, and tag bits beyond the compared ones are ignored. Without: nothing is ever flagged, out_tag
    stays 0, and a flipped ciphertext bit garbles exactly the cipher block that holds it (XTS/XEX locality)."""
    rng = random.Random(env_seed() + 1)
    key = rng.randbytes(cfg.key_bits // 8)
    await setup(dut, cfg, key)
    if cfg.integrity:
        for what in (None, "data", "tag", "aad") * rounds:
            _, _, fail = await transact(dut, cfg, make_line(cfg, key, rng, True, what))
            if fail != (what is not None):
                raise EngineError(f"corrupt={what}: out_auth_fail={fail}")
        if cfg.tag_bits < 128:
            line = make_line(cfg, key, rng, True)
            keep = cfg.tag_bits // 8
            line.tag = line.tag[:keep] + bytes(b ^ 0xFF for b in line.tag[keep:])
            if (await transact(dut, cfg, line))[2]:
                raise EngineError(f"tag bits beyond the {cfg.tag_bits} compared ones were compared")
        return
    for _ in range(4 * rounds):
        iv, pt = rng.randbytes(12), rng.randbytes(cfg.line_bytes)
        ct, _, _ = cfg.ref(key, False, iv, bytes(16), pt, bytes(16))  # entry 0 on a multikey engine
        bit = rng.randrange(8 * cfg.line_bytes)
        bad = (int.from_bytes(ct, "big") ^ (1 << bit)).to_bytes(cfg.line_bytes, "big")
        data, tag, fail = await transact(dut, cfg, Line(True, iv, rng.randbytes(16), bad, rng.randbytes(16)))
        if fail or tag != bytes(16):
            raise EngineError(f"auth_fail={fail} out_tag={tag.hex()} on an engine without integrity")
        b = cfg.block_bytes
        changed = [j for j in range(0, cfg.line_bytes, b) if data[j:j + b] != pt[j:j + b]]
        if changed != [(cfg.line_bytes - 1 - bit // 8) // b * b]:
            raise EngineError(f"flipped ciphertext bit {bit}: plaintext blocks at bytes {changed} changed")


async def hint_cases_test(dut, cfg: EngineConfig) -> None:
    """Directed prefetch cases: lines 0..LONG_LEAD cycles after their hint, a hint then a key change then
    its line (the old key's pads or masks must be gone), several hints in a row and one for no line; on a multikey
    engine also a hint for the line's address under another key ID (its tweak must not serve the line)."""
    rng = random.Random(env_seed() + 2)
    key = rng.randbytes(cfg.key_bits // 8)
    await setup(dut, cfg, key)

    async def hint(iv: bytes, wait: int, key_id: int = 0) -> None:
        drive_hint(dut, iv, key_id)
        await FallingEdge(dut.clk)
        dut.pre_valid.value = 0
        for _ in range(wait):
            await FallingEdge(dut.clk)

    async def check(line: Line, k: Keys) -> None:
        got, want = await transact(dut, cfg, line), reference_of(cfg, k, line)
        if got != want:
            raise EngineError(f"hinted line: {got} != {want}")

    for wait in (0, 1, 3, 6, 12, LONG_LEAD):
        line = make_line(cfg, key, rng, rng.random() < 0.5)
        await hint(line.iv, wait)
        await check(line, key)
    line = make_line(cfg, key, rng, False)
    await hint(line.iv, LONG_LEAD)
    key = rng.randbytes(cfg.key_bits // 8)
    await load_key(dut, key)
    await check(line, key)
    for _ in range(4):
        lines = [make_line(cfg, key, rng, False) for _ in range(3)]
        for ln in lines:
            await hint(ln.iv, 2)
        await hint(rng.randbytes(12), 20)
        for ln in lines:
            await check(ln, key)
    if cfg.keys > 1:
        keys = {0: key, cfg.keys - 1: rng.randbytes(cfg.key_bits // 8)}
        await load_key(dut, keys[cfg.keys - 1], index=cfg.keys - 1)
        for wait in (3, LONG_LEAD):
            for mine, other in ((0, cfg.keys - 1), (cfg.keys - 1, 0)):
                line = make_line(cfg, keys, rng, rng.random() < 0.5, key_id=mine)
                await hint(line.iv, wait, key_id=other)
                await check(line, keys)


async def saturation_test(dut, cfg: EngineConfig, n_lines: int = 12) -> dict:
    """Saturation cycles/line and latency for encrypt and decrypt, written as JSON to $ENGINE_PERF_OUT; on a
    multikey engine every line under the next entry of a key table (a key switch on every access)."""
    keys = key_table(cfg, random.Random(3)) if cfg.keys > 1 else bytes(range(cfg.key_bits // 8))
    await setup(dut, cfg, keys)
    res = {}
    for decrypt in (False, True):
        cpl, lat = await measure_saturation(dut, cfg, keys, n_lines=n_lines, decrypt=decrypt)
        res["decrypt" if decrypt else "encrypt"] = {"cycles_per_line": cpl, "latency": lat}
    dut._log.info("saturation %s: %s", json.dumps(cfg.params), json.dumps(res))
    _write("ENGINE_PERF_OUT", res)
    return res


async def read_latency_test(dut, cfg: EngineConfig, n: int = 3) -> dict:
    """Cycles from a line's acceptance to its result (`out`) and early result (`early`, with the early ports), for
    isolated lines into an idle engine, encrypt and decrypt, without a hint and, with the prefetch ports, with one
    as many cycles ahead as the unhinted result took (`hint_lead`; cryptoppa.sim.perf uses the same lead); a hint
    must make the line faster. Identical lines must take identical times. Written as JSON to $ENGINE_LATENCY_OUT."""
    rng = random.Random(9)
    keys = key_table(cfg, rng)
    await setup(dut, cfg, keys)
    res = {}

    async def measure(direction: str, name: str, lead: int | None) -> None:
        got = []
        for i in range(n):
            line = make_line(cfg, keys, rng, direction == "decrypt")
            line.id = i % (1 << cfg.id_bits)
            got.append(await line_latency(dut, cfg, keys, line, lead, "early" in cfg.groups))
        for what in got[0]:
            values = {g[what] for g in got}
            if len(values) != 1:
                raise EngineError(f"latency {what} varies between identical isolated lines: {sorted(values)}")
            res[f"{direction}_{name}_{what}"] = values.pop()

    for direction in ("encrypt", "decrypt"):
        await measure(direction, "no_hint", None)
        if "prefetch" in cfg.groups:
            lead = res[f"{direction}_hint_lead"] = res[f"{direction}_no_hint_out"]
            await measure(direction, "hint", lead)
            if res[f"{direction}_hint_out"] >= res[f"{direction}_no_hint_out"]:
                raise EngineError(f"a hint {lead} cycles ahead did not shorten the {direction} latency: {res}")
    dut._log.info("read latency %s: %s", json.dumps(cfg.params), json.dumps(res))
    _write("ENGINE_LATENCY_OUT", res)
    return res


def _write(variable: str, data: dict) -> None:
    if os.environ.get(variable):
        with open(os.environ[variable], "w") as out:
            json.dump(data, out)
