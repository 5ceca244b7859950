"""Shared cocotb driver for the engine interface (designs/README.md), plus the pytest-side runner.

cocotb side (inside a simulation):
    cfg = EngineConfig.from_env(ref=my_reference)   # or EngineConfig(line_bytes=..., ...)
    await setup(dut, cfg, key)                       # clock, reset, key load
    await run_lines(dut, cfg, key, lines, rng, gap_prob=0.3, stall_prob=0.3)
    cpl, lat = await measure_saturation(dut, cfg, key, n_lines=12)

A reference function has the signature
    ref(key, decrypt, iv, aad, data, tag) -> (out_data, out_tag, auth_fail)
with bytes everywhere (iv: 12 bytes, aad/tag: 16 bytes, data: LINE_BYTES bytes) and must model the engine
exactly, including the plaintext and computed tag it returns for a decrypt whose tag does not match.

pytest side:
    run_cocotb(design="gcm_iter", test_module="cocotb_gcm_iter", params={...}, build_dir=tmp_path / "x")
builds the design with Icarus (files from its design.toml), runs the cocotb module and fails the pytest test
if any cocotb test failed. The cocotb module reads its settings from the environment (see EngineConfig.from_env
and `env_lines`).

Timing model: every cycle the driver wakes at the falling clock edge, drives inputs, waits for ReadOnly and
samples; a handshake seen there completes at the next rising edge. Cycle numbers count those falling edges.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parents[2]
DESIGNS = REPO / "designs"

Ref = Callable[[bytes, bool, bytes, bytes, bytes, bytes], tuple[bytes, bytes, bool]]


@dataclass
class EngineConfig:
    line_bytes: int = 64
    key_bits: int = 128
    id_bits: int = 8
    ref: Ref | None = None
    params: dict = field(default_factory=dict)

    @classmethod
    def from_env(cls, ref: Ref | None = None) -> "EngineConfig":
        """Read the design parameters that run_cocotb put into ENGINE_PARAMS."""
        params = json.loads(os.environ.get("ENGINE_PARAMS", "{}"))
        return cls(
            line_bytes=int(params.get("LINE_BYTES", 64)),
            key_bits=int(params.get("KEY_BITS", 128)),
            id_bits=int(params.get("ID_BITS", 8)),
            ref=ref,
            params=params,
        )


def env_lines(default: int = 200) -> int:
    """Number of random lines: ENGINE_LINES (set by run_cocotb), else default."""
    return int(os.environ.get("ENGINE_LINES", default))


@dataclass
class Line:
    decrypt: bool
    iv: bytes
    aad: bytes
    data: bytes
    tag: bytes
    id: int = 0


class EngineError(AssertionError):
    """A scoreboard or protocol check failed."""


# ---------------------------------------------------------------- cocotb helpers (imported lazily so the
# pytest side can import this module without a running simulator)


def _val(sig) -> int:
    v = sig.value
    return v.to_unsigned() if hasattr(v, "to_unsigned") else int(v)


def _b2i(b: bytes) -> int:
    return int.from_bytes(b, "big")


def _i2b(v: int, n: int) -> bytes:
    return v.to_bytes(n, "big")


def _idle_inputs(dut) -> None:
    for name in ("key_valid", "in_valid", "in_decrypt", "out_ready"):
        getattr(dut, name).value = 0
    for name in ("key", "in_iv", "in_aad", "in_data", "in_tag", "in_id"):
        getattr(dut, name).value = 0


async def start_clock(dut, period_ns: int = 10) -> None:
    from cocotb.clock import Clock

    Clock(dut.clk, period_ns, unit="ns").start()


async def reset(dut, cycles: int = 3) -> None:
    from cocotb.triggers import FallingEdge

    _idle_inputs(dut)
    dut.rst.value = 1
    for _ in range(cycles):
        await FallingEdge(dut.clk)
    dut.rst.value = 0
    await FallingEdge(dut.clk)


async def load_key(dut, key: bytes, timeout: int = 2000) -> int:
    """Present key until taken, then wait until the engine is ready for a line. Returns cycles spent."""
    from cocotb.triggers import FallingEdge, ReadOnly

    dut.key.value = _b2i(key)
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


async def setup(dut, cfg: EngineConfig, key: bytes) -> None:
    await start_clock(dut)
    await reset(dut)
    await load_key(dut, key)


def make_line(cfg: EngineConfig, key: bytes, rng: random.Random, decrypt: bool, corrupt: str | None = None) -> Line:
    """A random line. Decrypt lines carry a valid ciphertext/tag made with cfg.ref, then optionally one
    flipped bit in "data", "tag" or "aad"."""
    iv, aad, data = rng.randbytes(12), rng.randbytes(16), rng.randbytes(cfg.line_bytes)
    tag = bytes(16)
    if decrypt:
        data, tag, _ = cfg.ref(key, False, iv, aad, data, tag)
        if corrupt:
            field_ = {"data": data, "tag": tag, "aad": aad}[corrupt]
            bit = rng.randrange(8 * len(field_))
            flipped = _i2b(_b2i(field_) ^ (1 << bit), len(field_))
            if corrupt == "data":
                data = flipped
            elif corrupt == "tag":
                tag = flipped
            else:
                aad = flipped
    return Line(decrypt, iv, aad, data, tag)


def random_lines(cfg: EngineConfig, key: bytes, rng: random.Random, n: int, corrupt_prob: float = 0.15) -> list[Line]:
    """n lines, half of them decrypts; some decrypts corrupted (one bit of data, tag or AAD)."""
    lines = []
    for i in range(n):
        dec = rng.random() < 0.5
        corrupt = rng.choice(["data", "tag", "aad"]) if dec and rng.random() < corrupt_prob else None
        line = make_line(cfg, key, rng, dec, corrupt)
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


def _check(dut, cfg: EngineConfig, key: bytes, line: Line, index: int) -> None:
    exp_data, exp_tag, exp_fail = cfg.ref(key, line.decrypt, line.iv, line.aad, line.data, line.tag)
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
    key: bytes,
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
    from cocotb.triggers import FallingEdge, ReadOnly

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
                _check(dut, cfg, key, lines[index], index)
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
    dut, cfg: EngineConfig, key: bytes, n_lines: int = 12, decrypt: bool = False, seed: int = 1
) -> tuple[float, float]:
    """in_valid and out_ready always high. Returns (cycles per line at steady state, latency in cycles from
    acceptance to out_valid of the same line, averaged over the steady-state lines). Results are checked."""
    rng = random.Random(seed)
    lines = [make_line(cfg, key, rng, decrypt) for _ in range(n_lines)]
    for i, line in enumerate(lines):
        line.id = i % (1 << cfg.id_bits)
    r = await run_lines(dut, cfg, key, lines, rng, gap_prob=0.0, stall_prob=0.0)
    acc, outs = r["accept_cycles"], r["out_cycles"]
    warm = max(1, n_lines // 3)
    cpl = (outs[-1] - outs[warm]) / (n_lines - 1 - warm)
    lat = sum(o - a for o, a in zip(outs[warm:], acc[warm:])) / (n_lines - warm)
    return cpl, lat


async def transact(dut, cfg: EngineConfig, line: Line, timeout: int = 5000) -> tuple[bytes, bytes, bool]:
    """Send one line with no gaps or stalls and return the engine's raw (out_data, out_tag, out_auth_fail)."""
    from cocotb.triggers import FallingEdge, ReadOnly

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


# ---------------------------------------------------------------- GCM reference and NIST vectors


def gcm_ref(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes) -> tuple[bytes, bytes, bool]:
    """Engine-interface AES-GCM: encrypt -> (C, tag); decrypt -> (P, tag over the given C, tag mismatch)."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    if not decrypt:
        out = AESGCM(key).encrypt(iv, data, aad)
        return out[:-16], out[-16:], False
    ctr = Cipher(algorithms.AES(key), modes.CTR(iv + b"\0\0\0\x02")).decryptor()  # J0 + 1
    pt = ctr.update(data) + ctr.finalize()
    calc = AESGCM(key).encrypt(iv, pt, aad)[-16:]
    return pt, calc, calc != tag


def cavp_gcm_vectors(key_bits: int, line_bytes: int, decrypt: bool) -> tuple[list[dict], bool]:
    """NIST CAVP GCM vectors usable on the engine interface (96-bit IV, 128-bit AAD and tag).

    Returns (vectors, exact). When LINE_BYTES = 32 the CAVP PTlen = 256 entries fit exactly (exact = True) and
    each dict has key, iv, aad, data, tag and the file's expected out ("pt"/"ct", None for FAIL entries) and
    fail flag. Other line sizes have no CAVP entries, so the same entries' key/IV/AAD/PT are kept and the
    plaintext is extended to LINE_BYTES by repetition; then expected values come from `cryptography`
    (exact = False)."""
    import cryptography_vectors

    name = f"gcmDecrypt{key_bits}.rsp" if decrypt else f"gcmEncryptExtIV{key_bits}.rsp"
    text = Path(cryptography_vectors.__file__).parent.joinpath("ciphers", "AES", "GCM", name).read_text()
    vecs, group, cur = [], {}, None
    for raw in text.splitlines() + [""]:
        ln = raw.strip()
        if ln.startswith("[") and "=" in ln:
            k, v = ln[1:-1].split("=")
            group[k.strip()] = int(v)
            continue
        if not ln:
            if cur and group.get("IVlen") == 96 and group.get("AADlen") == 128 and group.get("Taglen") == 128 \
                    and group.get("PTlen") == 256:
                vecs.append(cur)
            cur = None
            continue
        if "=" in ln:
            k, v = (x.strip() for x in ln.split("=", 1))
            cur = cur or {}
            cur[k] = bytes.fromhex(v) if k not in ("Count",) else int(v)
        elif ln == "FAIL" and cur is not None:
            cur["FAIL"] = True
    exact = line_bytes == 32
    out = []
    for v in vecs:
        d = {"key": v["Key"], "iv": v["IV"], "aad": v["AAD"], "tag": v["Tag"], "fail": v.get("FAIL", False)}
        if exact:
            d["data"] = v["CT"] if decrypt else v["PT"]
            d["expect"] = None if d["fail"] else (v["PT"] if decrypt else v["CT"])
        else:
            pt = v.get("PT") if not decrypt else None
            if decrypt:
                if d["fail"]:
                    continue  # the file gives no plaintext to rebuild a longer failing line from
                pt = v["PT"]
            pt = (pt * (line_bytes // len(pt) + 1))[:line_bytes]
            ct, tag, _ = gcm_ref(d["key"], False, d["iv"], d["aad"], pt, b"")
            d.update(data=ct if decrypt else pt, tag=tag, expect=pt if decrypt else ct)
        out.append(d)
    return out, exact


def cbc_mac_ref(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes) -> tuple[bytes, bytes, bool]:
    """Engine-interface AES-CBC + CBC-MAC as defined in designs/README.md (cbc_mac)."""
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    def ecb(k: bytes, b: bytes) -> bytes:
        return Cipher(algorithms.AES(k), modes.ECB()).encryptor().update(b)

    k2 = ecb(key, (1).to_bytes(16, "big"))
    if len(key) == 32:
        k2 += ecb(key, (2).to_bytes(16, "big"))
    nonce = iv + bytes(4)
    cbc = Cipher(algorithms.AES(key), modes.CBC(ecb(key, nonce)))
    if decrypt:
        ct, out = data, cbc.decryptor().update(data)
    else:
        ct = out = cbc.encryptor().update(data)
    mac = Cipher(algorithms.AES(k2), modes.CBC(bytes(16))).encryptor().update(nonce + aad + ct)[-16:]
    return out, mac, decrypt and mac != tag


# ---------------------------------------------------------------- test bodies shared by the engine test modules


async def random_traffic_test(dut, cfg: EngineConfig, seed: int | None = None) -> None:
    """env_lines() random lines (mixed encrypt/decrypt, some corrupted) with input gaps and output
    back-pressure, then a key change and a short heavily back-pressured burst."""
    rng = random.Random(int(os.environ.get("ENGINE_SEED", "7")) if seed is None else seed)
    key = rng.randbytes(cfg.key_bits // 8)
    await setup(dut, cfg, key)
    await run_lines(dut, cfg, key, random_lines(cfg, key, rng, env_lines(200)), rng, gap_prob=0.3, stall_prob=0.4)
    key2 = rng.randbytes(cfg.key_bits // 8)
    await load_key(dut, key2)
    await run_lines(dut, cfg, key2, random_lines(cfg, key2, rng, 20), rng, gap_prob=0.1, stall_prob=0.6)


async def corruption_test(dut, cfg: EngineConfig, rounds: int = 3) -> None:
    """One flipped bit of ciphertext, tag or AAD sets out_auth_fail; an untouched line does not."""
    rng = random.Random(11)
    key = rng.randbytes(cfg.key_bits // 8)
    await setup(dut, cfg, key)
    for what in (None, "data", "tag", "aad") * rounds:
        _, _, fail = await transact(dut, cfg, make_line(cfg, key, rng, True, what))
        if fail != (what is not None):
            raise EngineError(f"corrupt={what}: out_auth_fail={fail}")


async def saturation_test(dut, cfg: EngineConfig, n_lines: int = 9) -> dict:
    """Saturation cycles/line and latency for encrypt and decrypt; logged and written as JSON to
    $ENGINE_PERF_OUT when set."""
    key = bytes(range(cfg.key_bits // 8))
    await setup(dut, cfg, key)
    res = {}
    for decrypt in (False, True):
        cpl, lat = await measure_saturation(dut, cfg, key, n_lines=n_lines, decrypt=decrypt)
        res["decrypt" if decrypt else "encrypt"] = {"cycles_per_line": cpl, "latency": lat}
    dut._log.info("saturation %s: %s", json.dumps(cfg.params), json.dumps(res))
    if os.environ.get("ENGINE_PERF_OUT"):
        Path(os.environ["ENGINE_PERF_OUT"]).write_text(json.dumps(res))
    return res


# ---------------------------------------------------------------- pytest side


def design_sources(design: str) -> tuple[str, list[Path]]:
    """(top, [files]) from designs/<design>/design.toml."""
    ddir = DESIGNS / design
    meta = tomllib.loads((ddir / "design.toml").read_text())["design"]
    return meta["top"], [(ddir / f).resolve() for f in meta["files"]]


def run_cocotb(
    design: str,
    test_module: str,
    params: dict,
    build_dir: Path,
    lines: int | None = None,
    testcase: str | list[str] | None = None,
    extra_env: dict | None = None,
) -> None:
    """Build `design` with `params` under build_dir (Icarus), run cocotb `test_module` (a module importable
    from tests/engines) and fail the calling pytest test if any cocotb test failed or the run crashed."""
    import pytest
    from cocotb_tools.check_results import get_results
    from cocotb_tools.runner import get_runner

    top, files = design_sources(design)
    build_dir = Path(build_dir)
    build_dir.mkdir(parents=True, exist_ok=True)
    runner = get_runner("icarus")
    runner.build(
        sources=files,
        hdl_toplevel=top,
        parameters=params,
        build_dir=build_dir,
        always=True,
        timescale=("1ns", "1ps"),
        log_file=build_dir / "build.log",
    )
    env = {"ENGINE_PARAMS": json.dumps(params)}
    if lines is not None:
        env["ENGINE_LINES"] = str(lines)
    env.update(extra_env or {})
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).resolve().parent), *sys.path])
    try:
        results = runner.test(
            test_module=test_module,
            hdl_toplevel=top,
            build_dir=build_dir,
            test_dir=build_dir,
            testcase=testcase,
            extra_env=env,
            results_xml=str(build_dir / "results.xml"),
            log_file=build_dir / "sim.log",
        )
    except SystemExit:  # under pytest the runner itself exits on failures
        results = build_dir / "results.xml"
    try:
        n_tests, n_failed = get_results(Path(results))
    except RuntimeError as exc:
        pytest.fail(f"{design} {params}: simulation crashed ({exc}); see {build_dir / 'sim.log'}")
    if n_tests == 0 or n_failed:
        pytest.fail(f"{design} {params}: {n_failed} of {n_tests} cocotb tests failed; see {build_dir / 'sim.log'}")


def full_run() -> bool:
    """True when the long random runs are requested (CRYPTOPPA_FULL=1)."""
    return os.environ.get("CRYPTOPPA_FULL", "") not in ("", "0")
