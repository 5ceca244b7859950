"""The engine interface (designs/README.md, cryptoppa.designs.interface) driven from cocotb: reset, key load,
lines with random gaps and back-pressure checked against a reference model, saturation measurement.

    cfg = EngineConfig.from_env()                 # parameters and reference model named by the runner
    await setup(dut, cfg, key)                    # clock, reset, key load
    await run_lines(dut, cfg, key, lines, rng, gap_prob=0.3, stall_prob=0.3)
    cpl, lat = await measure_saturation(dut, cfg, key, n_lines=12)

A reference model has the signature ref(key, decrypt, iv, aad, data, tag) -> (out_data, out_tag, auth_fail)
with bytes everywhere (iv: 12 bytes, aad/tag: 16 bytes, data: LINE_BYTES bytes) and models the engine exactly,
including the plaintext and computed tag it returns for a decrypt whose tag does not match. Each family's lives
in its design folder (design.toml [verify] reference).

Engines with the multikey ports (a key table of cfg.keys entries) take, wherever a key is asked for, either one
key (bytes: table entry 0, every line's key ID 0) or a table {entry: key}; each Line names its entry (key_id) and
the reference gets that entry's key (key_of). Engines without the ports see bytes and key ID 0 only.

Timing model: every cycle the driver wakes at the falling clock edge, drives inputs, waits for ReadOnly and
samples; a handshake seen there completes at the next rising edge. Cycle numbers count those falling edges.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly

from cryptoppa.designs import interface

Ref = Callable[[bytes, bool, bytes, bytes, bytes, bytes], tuple[bytes, bytes, bool]]


def load_reference(path: str | Path):
    """The reference module of a family (design.toml [verify] reference), loaded by path."""
    path = Path(path)
    spec = importlib.util.spec_from_file_location(f"reference_{path.parent.name}_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class EngineConfig:
    line_bytes: int = 64
    key_bits: int = 128
    id_bits: int = 8
    ref: Ref | None = None
    integrity: bool = True  # decrypt checks a tag
    tag_bits: int = 128  # leading bits of in_tag the engine compares
    block_bytes: int = 16  # the cipher's block: a flipped ciphertext bit garbles this much without integrity
    groups: tuple[str, ...] = ()  # optional port groups the engine has
    params: dict = field(default_factory=dict)
    keys: int = 1  # key-table entries (the multikey port group), 1 without it

    @classmethod
    def from_env(cls, ref: Ref | None = None) -> "EngineConfig":
        """Parameters from ENGINE_PARAMS; the reference model from ENGINE_REFERENCE unless `ref` is given."""
        params = json.loads(os.environ.get("ENGINE_PARAMS", "{}"))
        module = load_reference(os.environ["ENGINE_REFERENCE"]) if ref is None else None
        groups = tuple(json.loads(os.environ.get("ENGINE_GROUPS", "[]")))
        return cls(
            line_bytes=int(params.get("LINE_BYTES", 64)),
            key_bits=int(params.get("KEY_BITS", 128)),
            id_bits=int(params.get("ID_BITS", 8)),
            ref=ref or module.reference(params),
            integrity=getattr(module, "INTEGRITY", True),
            tag_bits=getattr(module, "compared_tag_bits", lambda p: 128)(params),
            block_bytes=getattr(module, "BLOCK_BYTES", 16),
            groups=groups,
            params=params,
            keys=interface.key_entries(groups, params),
        )


def env_lines(default: int = 200) -> int:
    """Number of random lines: ENGINE_LINES (set by the runner), else default."""
    return int(os.environ.get("ENGINE_LINES", default))


def env_seed() -> int:
    """The seed of the random traffic (set by the runner, reported on failure)."""
    return int(os.environ.get("ENGINE_SEED", "7"))


@dataclass
class Line:
    decrypt: bool
    iv: bytes
    aad: bytes
    data: bytes
    tag: bytes
    id: int = 0
    key_id: int = 0  # key-table entry (multikey engines)


Keys = bytes | dict  # one key (entry 0) or a key table {entry: key}


def key_of(keys: Keys, line: Line) -> bytes:
    """The key that encrypts `line`: its entry's in a table, else the one key."""
    return keys[line.key_id] if isinstance(keys, dict) else keys


def reference_of(cfg: "EngineConfig", keys: Keys, line: Line) -> tuple[bytes, bytes, bool]:
    """What the reference model makes of `line` under its key."""
    return cfg.ref(key_of(keys, line), line.decrypt, line.iv, line.aad, line.data, line.tag)


class EngineError(AssertionError):
    """A scoreboard or protocol check failed."""


def _val(sig) -> int:
    v = sig.value
    return v.to_unsigned() if hasattr(v, "to_unsigned") else int(v)


def _b2i(b: bytes) -> int:
    return int.from_bytes(b, "big")


def _i2b(v: int, n: int) -> bytes:
    return v.to_bytes(n, "big")


def _idle_inputs(dut) -> None:
    """Every input of the interface low, the optional ones the engine has included (a hint never given)."""
    for port in interface.PORTS:
        if port.direction == "input" and port.name not in ("clk", "rst") and hasattr(dut, port.name):
            getattr(dut, port.name).value = 0


async def start_clock(dut, period_ns: int = 10) -> None:
    Clock(dut.clk, period_ns, unit="ns").start()


async def reset(dut, cycles: int = 3) -> None:
    _idle_inputs(dut)
    dut.rst.value = 1
    for _ in range(cycles):
        await FallingEdge(dut.clk)
    dut.rst.value = 0
    await FallingEdge(dut.clk)


async def load_key(dut, key: bytes, timeout: int = 2000, index: int = 0) -> int:
    """Present key (for key-table entry `index` on a multikey engine) until taken, then wait until the engine is
    ready for a line. Returns cycles spent."""
    dut.key.value = _b2i(key)
    if hasattr(dut, "key_index"):
        dut.key_index.value = index
    elif index:
        raise EngineError(f"key-table entry {index} for an engine without the multikey ports")
    dut.key_valid.value = 1
    cycles = 0
    while True:
        await ReadOnly()
        taken = _val(dut.key_ready) == 1
        await FallingEdge(dut.clk)
        cycles += 1
        if taken:
            break
        if cycles > timeout:
            raise EngineError("key_ready never rose")
    dut.key_valid.value = 0
    while True:
        await ReadOnly()
        ready = _val(dut.in_ready) == 1 and _val(dut.key_ready) == 1
        await FallingEdge(dut.clk)  # return in a phase where inputs may be written
        if ready:
            return cycles
        cycles += 1
        if cycles > timeout:
            raise EngineError("engine not ready after key load")


async def load_keys(dut, keys: Keys) -> None:
    """One key into entry 0, or every entry of a key table."""
    for index, key in (keys.items() if isinstance(keys, dict) else [(0, keys)]):
        await load_key(dut, key, index=index)


async def setup(dut, cfg: EngineConfig, keys: Keys) -> None:
    await start_clock(dut)
    await reset(dut)
    await load_keys(dut, keys)


def key_table(cfg: EngineConfig, rng: random.Random, n: int = 8) -> Keys:
    """Random keys for a multikey engine: every entry of a table of at most n, else n entries at random with the
    first and last among them (every key-ID bit varies); one key for an engine without a table."""
    if cfg.keys == 1:
        return rng.randbytes(cfg.key_bits // 8)
    entries = range(cfg.keys) if cfg.keys <= n else \
        sorted({0, cfg.keys - 1, *rng.sample(range(1, cfg.keys - 1), n - 2)})
    return {e: rng.randbytes(cfg.key_bits // 8) for e in entries}


def make_line(cfg: EngineConfig, keys: Keys, rng: random.Random, decrypt: bool, corrupt: str | None = None,
              key_id: int | None = None) -> Line:
    """A random line, under entry key_id (default: a random one) of a key table. Decrypt lines carry a valid
    ciphertext/tag made with cfg.ref, then optionally one flipped bit in "data", "tag" or "aad"."""
    iv, aad, data = rng.randbytes(12), rng.randbytes(16), rng.randbytes(cfg.line_bytes)
    tag = bytes(16)
    if key_id is None:
        key_id = rng.choice(sorted(keys)) if isinstance(keys, dict) else 0
    if decrypt:
        data, tag, _ = cfg.ref(keys[key_id] if isinstance(keys, dict) else keys, False, iv, aad, data, tag)
        if corrupt:
            field_ = {"data": data, "tag": tag, "aad": aad}[corrupt]
            # Only the tag bits the engine compares (the leading tag_bits of a truncated tag).
            bit = rng.randrange(8 * len(field_)) if corrupt != "tag" else 127 - rng.randrange(cfg.tag_bits)
            flipped = _i2b(_b2i(field_) ^ (1 << bit), len(field_))
            if corrupt == "data":
                data = flipped
            elif corrupt == "tag":
                tag = flipped
            else:
                aad = flipped
    return Line(decrypt, iv, aad, data, tag, key_id=key_id)


def random_lines(cfg: EngineConfig, keys: Keys, rng: random.Random, n: int, corrupt_prob: float = 0.15) -> list[Line]:
    """n lines, half of them decrypts; some decrypts corrupted (one bit of data, tag or AAD)."""
    lines = []
    for i in range(n):
        dec = rng.random() < 0.5
        corrupt = rng.choice(["data", "tag", "aad"]) if dec and rng.random() < corrupt_prob else None
        line = make_line(cfg, keys, rng, dec, corrupt)
        line.id = i % (1 << cfg.id_bits)
        lines.append(line)
    return lines


def _drive_line(dut, line: Line) -> None:
    dut.in_decrypt.value = int(line.decrypt)
    dut.in_iv.value = _b2i(line.iv)
    dut.in_aad.value = _b2i(line.aad)
    dut.in_data.value = _b2i(line.data)
    dut.in_tag.value = _b2i(line.tag)
    dut.in_id.value = line.id
    if hasattr(dut, "in_key_id"):
        dut.in_key_id.value = line.key_id


def _check(dut, cfg: EngineConfig, keys: Keys, line: Line, index: int) -> None:
    exp_data, exp_tag, exp_fail = reference_of(cfg, keys, line)
    got_id = _val(dut.out_id)
    got_data = _i2b(_val(dut.out_data), cfg.line_bytes)
    got_tag = _i2b(_val(dut.out_tag), 16)
    what = f"line {index} ({'decrypt' if line.decrypt else 'encrypt'}, id {line.id})"
    if got_id != line.id:
        raise EngineError(f"{what}: out_id {got_id} (out of order, lost or duplicated line)")
    if got_data != exp_data:
        raise EngineError(f"{what}: out_data {got_data.hex()} != {exp_data.hex()}")
    if got_tag != exp_tag:
        raise EngineError(f"{what}: out_tag {got_tag.hex()} != {exp_tag.hex()}")
    if line.decrypt and _val(dut.out_auth_fail) != int(exp_fail):
        raise EngineError(f"{what}: out_auth_fail {_val(dut.out_auth_fail)} != {int(exp_fail)}")


async def run_lines(
    dut,
    cfg: EngineConfig,
    keys: Keys,
    lines: list[Line],
    rng: random.Random,
    gap_prob: float = 0.3,
    stall_prob: float = 0.3,
    timeout: int = 5000,
    by_id: bool = False,
) -> dict:
    """Send lines with random in_valid gaps, sink with random out_ready back-pressure, check every result
    (exactly once, in order, bit-exact). Returns {"cycles", "accept_cycles", "out_cycles", "reordered"}.
    `timeout` is the longest allowed stretch of cycles without any handshake.

    With `by_id` (an array: results of different engines may overtake each other) a result may belong to any
    accepted, not yet returned line and is looked up by out_id; IDs must be unique among lines in flight
    (checked), and out_valid must stay low once every line has returned. "reordered" counts results that
    overtook an earlier-accepted line."""
    sent = done = 0
    pending: dict[int, int] = {}  # by_id: id -> line index, accepted and not yet returned
    acc, outs = [], []
    cycle = idle = reordered = 0
    offering = False
    prev_out = None  # (values of out_* while stalled) to check stability
    while done < len(lines):
        # drive
        if not offering and sent < len(lines) and rng.random() >= gap_prob:
            _drive_line(dut, lines[sent])
            offering = True
        dut.in_valid.value = int(offering)
        ready = int(rng.random() >= stall_prob)
        dut.out_ready.value = ready
        await ReadOnly()
        progressed = False
        if offering and _val(dut.in_ready) == 1:
            if by_id:
                if lines[sent].id in pending:
                    raise EngineError(f"test bug: id {lines[sent].id} reused while in flight")
                pending[lines[sent].id] = sent
            acc.append(cycle)
            sent += 1
            offering = False
            progressed = True
        if _val(dut.out_valid) == 1:
            snap = (_val(dut.out_id), _val(dut.out_data), _val(dut.out_tag), _val(dut.out_auth_fail))
            if prev_out is not None and snap != prev_out:
                raise EngineError(f"outputs changed while out_valid && !out_ready (cycle {cycle})")
            if done >= len(lines):
                raise EngineError("more results than lines sent")
            if ready:
                if by_id:
                    index = pending.pop(snap[0], None)
                    if index is None:
                        raise EngineError(f"cycle {cycle}: result with id {snap[0]} matches no line in flight "
                                          "(lost, duplicated or corrupted id)")
                    reordered += index != min([index, *pending.values()])
                else:
                    if done >= sent:
                        raise EngineError(f"out_valid for a line never accepted (cycle {cycle})")
                    index = done
                _check(dut, cfg, keys, lines[index], index)
                outs.append(cycle)
                done += 1
                prev_out = None
                progressed = True
            else:
                prev_out = snap
        else:
            if prev_out is not None:
                raise EngineError(f"out_valid dropped without out_ready (cycle {cycle})")
        idle = 0 if progressed else idle + 1
        if idle > timeout:
            raise EngineError(f"no handshake for {timeout} cycles ({done}/{len(lines)} results)")
        await FallingEdge(dut.clk)
        cycle += 1
    if by_id:
        # One more look: nothing may be left over once every line has returned.
        await ReadOnly()
        if _val(dut.out_valid) == 1:
            raise EngineError("out_valid with every line already returned")
        await FallingEdge(dut.clk)
    dut.in_valid.value = 0
    dut.out_ready.value = 0
    return {"cycles": cycle, "accept_cycles": acc, "out_cycles": outs, "reordered": reordered}


async def measure_saturation(
    dut, cfg: EngineConfig, keys: Keys, n_lines: int = 12, decrypt: bool = False, seed: int = 1
) -> tuple[float, float]:
    """in_valid and out_ready always high. Returns (cycles per line at steady state, latency in cycles from
    acceptance to out_valid of the same line, averaged over the steady-state lines). Results are checked. With a
    key table every line takes the next entry (a key switch on every access)."""
    rng = random.Random(seed)
    entries = sorted(keys) if isinstance(keys, dict) else [0]
    lines = [make_line(cfg, keys, rng, decrypt, key_id=entries[i % len(entries)]) for i in range(n_lines)]
    for i, line in enumerate(lines):
        line.id = i % (1 << cfg.id_bits)
    r = await run_lines(dut, cfg, keys, lines, rng, gap_prob=0.0, stall_prob=0.0)
    acc, outs = r["accept_cycles"], r["out_cycles"]
    warm = max(1, n_lines // 3)
    cpl = (outs[-1] - outs[warm]) / (n_lines - 1 - warm)
    lat = sum(o - a for o, a in zip(outs[warm:], acc[warm:])) / (n_lines - warm)
    return cpl, lat


async def transact(dut, cfg: EngineConfig, line: Line, timeout: int = 5000) -> tuple[bytes, bytes, bool]:
    """Send one line with no gaps or stalls and return the engine's raw (out_data, out_tag, out_auth_fail)."""
    _drive_line(dut, line)
    dut.in_valid.value = 1
    dut.out_ready.value = 1
    for _ in range(timeout):
        await ReadOnly()
        if _val(dut.in_ready) == 1:
            await FallingEdge(dut.clk)
            dut.in_valid.value = 0
            break
        await FallingEdge(dut.clk)
    else:
        raise EngineError("line never accepted")
    for _ in range(timeout):
        await ReadOnly()
        if _val(dut.out_valid) == 1:
            res = (_i2b(_val(dut.out_data), cfg.line_bytes), _i2b(_val(dut.out_tag), 16), _val(dut.out_auth_fail) == 1)
            await FallingEdge(dut.clk)
            dut.out_ready.value = 0
            return res
        await FallingEdge(dut.clk)
    raise EngineError("no result")
