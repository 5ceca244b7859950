"""Reference model and standard vectors for designs/xts (XTS-AES, IEEE 1619 / NIST SP 800-38E).

Engine mapping (designs/README.md, section "xts"): `key` = Key1 || Key2 (32 bytes: XTS-AES-128, 64 bytes:
XTS-AES-256), data-unit number i = `in_iv` read as a 96-bit big-endian integer (the bus byte order), tweak =
i encoded little-endian in 16 bytes as IEEE 1619 does; the line is one data unit of LINE_BYTES/16 whole blocks.
No integrity: out_tag is 16 zero bytes and auth_fail is always False; aad and tag are ignored.

The model is `cryptography`'s `modes.XTS`. OpenSSL refuses XTS keys whose halves are equal (a FIPS rule, not
part of the mode); the engine does not check that, so for such keys the model builds XTS from AES-ECB.
"""

from __future__ import annotations

from pathlib import Path

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

NO_TAG = bytes(16)


def _tweak(iv: bytes) -> bytes:
    return int.from_bytes(iv, "big").to_bytes(16, "little")


def _xts_from_ecb(key: bytes, decrypt: bool, tweak: bytes, data: bytes) -> bytes:
    """XTS built from AES-ECB (SP 800-38E / IEEE 1619 section 5), used only when Key1 == Key2."""
    half = len(key) // 2
    k1, k2 = key[:half], key[half:]
    t = int.from_bytes(Cipher(algorithms.AES(k2), modes.ECB()).encryptor().update(tweak), "little")
    aes = Cipher(algorithms.AES(k1), modes.ECB())
    out = b""
    for j in range(0, len(data), 16):
        tj = t.to_bytes(16, "little")
        x = bytes(a ^ b for a, b in zip(data[j:j + 16], tj))
        y = (aes.decryptor() if decrypt else aes.encryptor()).update(x)
        out += bytes(a ^ b for a, b in zip(y, tj))
        t = ((t << 1) ^ (0x87 if t >> 127 else 0)) & ((1 << 128) - 1)
    return out


def xts(key: bytes, decrypt: bool, iv: bytes, data: bytes) -> bytes:
    tweak = _tweak(iv)
    half = len(key) // 2
    if key[:half] == key[half:]:
        return _xts_from_ecb(key, decrypt, tweak, data)
    c = Cipher(algorithms.AES(key), modes.XTS(tweak))
    op = c.decryptor() if decrypt else c.encryptor()
    return op.update(data) + op.finalize()


INTEGRITY = False  # confidentiality only: out_tag is 0 and nothing is ever flagged
BLOCK_BYTES = 16  # a flipped ciphertext bit garbles exactly its 16-byte block


def promised_timing(params: dict[str, int], hint_lead: int) -> dict[str, float]:
    """The architecture's numbers: without a hint the tweak takes NR cycles from acceptance and goes straight into
    the first data pass, passes x NR cycles of data rounds, one more to out_valid; the next line's tweak overlaps
    the data passes, so a line every passes x NR + 1 cycles. A hint hint_lead cycles ahead (0: none) starts the
    tweak the cycle after it is seen, so the line moves to the data stage max(1, NR + 1 - hint_lead) cycles after
    acceptance, at the latest NR. Decryption takes as long."""
    nr = 14 if params["KEY_BITS"] == 512 else 10
    passes = params["LINE_BYTES"] // 16 // params.get("LANES", 1)
    read = min(nr, max(1, nr + 1 - hint_lead)) + passes * nr + 1
    return {"perf__cycles_per_line": passes * nr + 1, "perf__read_latency_cycles": read,
            "perf__read_latency_data_cycles": read}


def reference(params: dict[str, int]):
    """-> ref(key, decrypt, iv, aad, data, tag) -> (out_data, out_tag, auth_fail), modelling the engine."""
    line_bytes = int(params.get("LINE_BYTES", 64))

    def ref(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes):
        if len(data) != line_bytes:
            raise ValueError(f"data is {len(data)} bytes, LINE_BYTES = {line_bytes}")
        return xts(key, decrypt, iv, data), NO_TAG, False

    return ref


def _rsp_entries(path: Path) -> list[dict]:
    """Entries of a CAVP XTSGen .rsp file: dicts with direction, COUNT, DataUnitLen, Key, DataUnitSeqNumber,
    PT, CT (hex fields as bytes)."""
    entries, direction, cur = [], None, None
    for raw in path.read_text().splitlines() + [""]:
        ln = raw.strip()
        if ln in ("[ENCRYPT]", "[DECRYPT]"):
            direction = ln[1:-1]
            continue
        if not ln or ln.startswith("#"):
            if cur:
                entries.append(cur)
            cur = None
            continue
        k, _, v = (x.strip() for x in ln.partition("="))
        cur = cur or {"direction": direction}
        cur[k] = int(v) if k in ("COUNT", "DataUnitLen", "DataUnitSeqNumber") else bytes.fromhex(v)
    return entries


def known_answers(params: dict[str, int]) -> list[dict]:
    """NIST CAVP XTSGenAES{128,256}.rsp entries (the data-unit-sequence-number files) mapped onto the engine.

    An entry fits when its data unit is two or more whole blocks, no longer than the line: with LINE_BYTES = 32
    the 256-bit entries are the line exactly. For longer lines the entry's blocks are the start of the line
    (an XTS block depends only on the key, the tweak and its position) and its plaintext is repeated to fill
    the line; expect_data is then `cryptography`'s XTS over the whole line, whose first bytes are checked here
    to equal the file's ciphertext (so the file value is what the engine is held to)."""
    import cryptography_vectors

    line_bytes = int(params.get("LINE_BYTES", 64))
    aes_bits = int(params.get("KEY_BITS", 256)) // 2
    name = f"XTSGenAES{aes_bits}.rsp"
    path = Path(cryptography_vectors.__file__).parent / "ciphers" / "AES" / "XTS" / "tweak-dataunitseqno" / name
    out = []
    for e in _rsp_entries(path):
        bits = e["DataUnitLen"]
        if bits % 128 or bits // 8 > line_bytes or bits < 256:
            continue
        decrypt = e["direction"] == "DECRYPT"
        iv = e["DataUnitSeqNumber"].to_bytes(12, "big")
        pt, ct = e["PT"], e["CT"]
        n = len(pt)
        line_pt = (pt * (line_bytes // n + 1))[:line_bytes]
        line_ct = xts(e["Key"], False, iv, line_pt)
        if line_ct[:n] != ct:
            raise AssertionError(f"{name} {e['direction']} COUNT {e['COUNT']}: cryptography disagrees with the file")
        exact = n == line_bytes
        out.append({
            "key": e["Key"], "decrypt": decrypt, "iv": iv, "aad": bytes(16),
            "data": line_ct if decrypt else line_pt, "tag": bytes(16),
            "expect_data": line_pt if decrypt else line_ct, "expect_tag": NO_TAG, "expect_fail": False,
            "source": f"cryptography_vectors ciphers/AES/XTS/tweak-dataunitseqno/{name} [{e['direction']}] "
                      f"COUNT = {e['COUNT']} (DataUnitLen {bits}"
                      + (")" if exact else f", first {n} bytes of the line; rest from cryptography)"),
        })
    return out
