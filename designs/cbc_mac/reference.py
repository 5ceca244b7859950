"""Reference model and standard vectors of cbc_mac (AES-CBC + CBC-MAC, designs/README.md) on the engine
interface, for the verification suite in tests/engines.

The model is written from the definitions with single AES block calls (FIPS-197, the `cryptography` package's
AES-ECB), not with a CBC mode implementation: C_i = E_K(P_i xor C_(i-1)) with C_0 = E_K(N), and the tag is the
last chaining value of CBC-MAC under K2 over N || AAD || C_1..C_n with a zero IV.

known_answers(params) maps NIST's CAVP CBC multi-block vectors (SP 800-38A; `cryptography-vectors`:
CBCMMT<k>.rsp) of exactly one line onto the interface. The engine's IV is E_K(N), not the vector's IV, so the
first block is adjusted: the engine gets P_1 xor IV_vector xor E_K(N), and must then produce the vector's
ciphertext exactly (C_1 = E_K(P_1 xor IV_vector)); decrypting the vector's ciphertext it must give that adjusted
first block and the vector's plaintext for the others. E_K(N) is one AES block call. The tags of these lines are
checked against the model, not against a standard (no standard covers this MAC's input layout).
"""

from __future__ import annotations

from pathlib import Path

import cryptography_vectors
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

INTEGRITY = True
NONCE_IV = bytes(range(12))  # the in_iv the known answers use


def _aes(key: bytes, block: bytes, decrypt: bool = False) -> bytes:
    ecb = Cipher(algorithms.AES(key), modes.ECB())
    return (ecb.decryptor() if decrypt else ecb.encryptor()).update(block)


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def _blocks(data: bytes) -> list[bytes]:
    return [data[i:i + 16] for i in range(0, len(data), 16)]


def mac_key(key: bytes) -> bytes:
    k2 = _aes(key, (1).to_bytes(16, "big"))
    return k2 + _aes(key, (2).to_bytes(16, "big")) if len(key) == 32 else k2


def cbc_mac(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes) -> tuple[bytes, bytes, bool]:
    nonce = iv + bytes(4)
    chain, out, ct = _aes(key, nonce), [], []
    for block in _blocks(data):
        if decrypt:
            out.append(_xor(_aes(key, block, decrypt=True), chain))
            chain = block
            ct.append(block)
        else:
            chain = _aes(key, _xor(block, chain))
            out.append(chain)
            ct.append(chain)
    mac, k2 = bytes(16), mac_key(key)
    for block in [nonce, aad, *ct]:
        mac = _aes(k2, _xor(mac, block))
    return b"".join(out), mac, decrypt and mac != tag


def reference(params: dict[str, int]):
    return cbc_mac


def _mmt(key_bits: int) -> list[dict]:
    path = Path(cryptography_vectors.__file__).parent / "ciphers" / "AES" / "CBC" / f"CBCMMT{key_bits}.rsp"
    entries, section, cur = [], "", {}
    for raw in path.read_text().splitlines() + [""]:
        line = raw.strip()
        if line in ("[ENCRYPT]", "[DECRYPT]"):
            section = line[1:-1]
        elif not line:
            if cur:
                entries.append({**cur, "section": section, "file": path.name})
            cur = {}
        elif "=" in line and not line.startswith("#"):
            k, v = (x.strip() for x in line.split("=", 1))
            cur[k] = int(v) if k == "COUNT" else bytes.fromhex(v)
    return entries


def known_answers(params: dict[str, int]) -> list[dict]:
    out = []
    for e in _mmt(params["KEY_BITS"]):
        if len(e["PLAINTEXT"]) != params["LINE_BYTES"]:
            continue
        key, decrypt = e["KEY"], e["section"] == "DECRYPT"
        shift = _xor(e["IV"], _aes(key, NONCE_IV + bytes(4)))  # moves the vector's IV onto the engine's
        adjusted = _xor(e["PLAINTEXT"][:16], shift) + e["PLAINTEXT"][16:]
        out.append({"key": key, "decrypt": decrypt, "iv": NONCE_IV, "aad": bytes(16),
                    "data": e["CIPHERTEXT"] if decrypt else adjusted, "tag": bytes(16),
                    "expect_data": adjusted if decrypt else e["CIPHERTEXT"], "expect_tag": None,
                    "expect_fail": None, "source": f"NIST CAVP {e['file']} {e['section']} COUNT {e['COUNT']}"})
    return out
