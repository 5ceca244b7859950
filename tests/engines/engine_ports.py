"""The optional ports of the engine interface driven and watched from cocotb (designs/interface.py):
prefetch hints (pre_valid, pre_iv) ahead of, at or behind their lines, early results (early_valid,
early_data, early_id) checked against the reference, and the read latency of one line into an idle engine."""

from __future__ import annotations

import random

from cocotb.triggers import FallingEdge, ReadOnly

from engine_driver import EngineConfig, EngineError, Keys, Line, _drive_line, _val, reference_of


def drive_hint(dut, iv: bytes, key_id: int = 0) -> None:
    """pre_valid high with this IV (and, on a multikey engine, key ID) for the coming cycle."""
    dut.pre_iv.value = int.from_bytes(iv, "big")
    if hasattr(dut, "pre_key_id"):
        dut.pre_key_id.value = key_id
    dut.pre_valid.value = 1


async def hint_driver(dut, lines: list[Line], rng: random.Random, stop: list, prob: float = 0.25,
                      junk: float = 0.3) -> int:
    """Until stop[0] is set: on a random subset of cycles raise pre_valid for one cycle with the IV (and key ID) of
    the next of `lines` (in order, so hints run ahead of, at or behind the lines) or, with probability `junk`, a
    random IV no line will carry, or a line's IV under another key ID. Returns the number of hints given."""
    k = given = 0
    while not stop[0]:
        if rng.random() < prob:
            if rng.random() < junk or k >= len(lines):
                if hasattr(dut, "pre_key_id") and lines and rng.random() < 0.5:
                    other = lines[rng.randrange(len(lines))]
                    iv, key_id = other.iv, other.key_id ^ 1
                else:
                    iv, key_id = rng.randbytes(12), 0
            else:
                iv, key_id, k = lines[k].iv, lines[k].key_id, k + 1
            drive_hint(dut, iv, key_id)
            given += 1
        else:
            dut.pre_valid.value = 0
        await FallingEdge(dut.clk)
    dut.pre_valid.value = 0
    return given


async def early_monitor(dut, seen: list, stop: list) -> None:
    """Record (cycle, early_id, early_data) of every early_valid cycle until stop[0] is set, and check that no
    result leaves through out_* before its early result appeared (both come in acceptance order, so the
    count of results taken may never pass the count of early results)."""
    cycle = taken = 0
    while not stop[0]:
        await ReadOnly()
        if _val(dut.early_valid) == 1:
            seen.append((cycle, _val(dut.early_id), _val(dut.early_data)))
        if _val(dut.out_valid) == 1 and _val(dut.out_ready) == 1:
            taken += 1
            if taken > len(seen):
                raise EngineError(f"cycle {cycle}: result {taken} left before its early result")
        await FallingEdge(dut.clk)
        cycle += 1


def check_early(cfg: EngineConfig, keys: Keys, lines: list, seen: list) -> None:
    """One early result per line, in acceptance order, equal to the reference's output data."""
    if len(seen) != len(lines):
        raise EngineError(f"{len(seen)} early results for {len(lines)} lines")
    for i, (line, (_, eid, edata)) in enumerate(zip(lines, seen)):
        exp, _, _ = reference_of(cfg, keys, line)
        if eid != line.id or edata != int.from_bytes(exp, "big"):
            raise EngineError(f"line {i}: early id {eid} / data {edata:x} != id {line.id} / {exp.hex()}")


async def line_latency(dut, cfg: EngineConfig, keys: Keys, line: Line, hint_lead: int | None,
                       early: bool, timeout: int = 2000) -> dict:
    """One line into an idle engine, out_ready high. With hint_lead, pre_valid/pre_iv carry the line's IV (and
    key ID) for one cycle hint_lead cycles before in_valid rises (a read request that precedes its data). Returns
    cycles from acceptance to out_valid ("out") and to early_valid ("early", when the engine has it); the results
    are checked against the reference."""
    if hint_lead is not None:
        drive_hint(dut, line.iv, line.key_id)
        await FallingEdge(dut.clk)
        dut.pre_valid.value = 0
        for _ in range(hint_lead - 1):
            await FallingEdge(dut.clk)
    _drive_line(dut, line)
    dut.in_valid.value = 1
    dut.out_ready.value = 1
    cycle, acc, res = 0, None, {}
    exp_data, exp_tag, exp_fail = reference_of(cfg, keys, line)
    while "out" not in res:
        await ReadOnly()
        if acc is None and _val(dut.in_ready) == 1:
            acc = cycle
        if early and acc is not None and cycle > acc and _val(dut.early_valid) == 1 and "early" not in res:
            if _val(dut.early_data) != int.from_bytes(exp_data, "big") or _val(dut.early_id) != line.id:
                raise EngineError("early_data/early_id of the latency line differ from the reference")
            res["early"] = cycle - acc
        if acc is not None and cycle > acc and _val(dut.out_valid) == 1:
            got = (_val(dut.out_data), _val(dut.out_tag), _val(dut.out_auth_fail))
            if got != (int.from_bytes(exp_data, "big"), int.from_bytes(exp_tag, "big"), int(exp_fail)):
                raise EngineError("result of the latency line differs from the reference")
            res["out"] = cycle - acc
        await FallingEdge(dut.clk)
        if acc == cycle:
            dut.in_valid.value = 0
        cycle += 1
        if cycle > timeout:
            raise EngineError("latency line never completed")
    dut.out_ready.value = 0
    for _ in range(4):  # let the engine settle back to idle
        await FallingEdge(dut.clk)
    return res
