"""Reference model and standard vectors for designs/ctr (counter mode without a MAC).

Engine semantics (designs/README.md, section "ctr"), K = key (AES-128 or AES-256), n = LINE_BYTES/16:
    in_iv = address (8 bytes) || per-line counter (4 bytes);  J0 = in_iv || 00000001
    pad_k = E_K(inc32^k(J0)), k = 1 .. n;  C = P xor pad_1 || .. || pad_n   (decryption is the same XOR)
i.e. CTR mode (NIST SP 800-38A, section 6.5) with the counter blocks of GCM's GCTR (SP 800-38D, section 6.5):
the ciphertext of ctr_mac (and of AES-GCM) for the same key, IV and plaintext, without the tag. Counter 1 stays
unused, as it holds ctr_mac's tag mask. No integrity: out_tag is 16 zero bytes and auth_fail always False.

The model computes the counter blocks itself and encrypts them with AES-ECB from `cryptography`; the known
answers are the ciphertexts of NIST's CAVP GCM vectors, and for lines longer than a vector `cryptography`'s own
CTR mode fills in the rest.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

NO_TAG = bytes(16)
INTEGRITY = False  # confidentiality only: out_tag is 0 and nothing is ever flagged
BLOCK_BYTES = 1  # a flipped ciphertext bit flips exactly that plaintext bit (it stays inside its byte)


def ctr(key: bytes, iv: bytes, data: bytes) -> bytes:
    """data xor E_K(iv || 2), E_K(iv || 3), ... (inc32 of GCM's J0 = iv || 1)."""
    n = len(data) // 16
    blocks = b"".join(iv + (k + 1).to_bytes(4, "big") for k in range(1, n + 1))
    pads = Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(blocks)
    return bytes(a ^ b for a, b in zip(data, pads))


def library_ctr(key: bytes, iv: bytes, data: bytes) -> bytes:
    """The same keystream from `cryptography`'s CTR mode (a 128-bit counter from iv || 2: equal to inc32 while
    the low 32 bits do not wrap, which they cannot within a line)."""
    op = Cipher(algorithms.AES(key), modes.CTR(iv + (2).to_bytes(4, "big"))).encryptor()
    return op.update(data) + op.finalize()


def promised_timing(params: dict[str, int], hint_lead: int) -> dict[str, float]:
    """ctr_mac's timing without GHASH: the pads take passes x NR cycles from acceptance (a miss starts them at
    once), one cycle to stage B (data xor pads), which is the output register. A hint hint_lead cycles ahead of
    the line (0: none) starts the pads the cycle after it is seen, so the line moves to B at the earliest the
    cycle after acceptance. At saturation (no hints) stage A takes passes x NR + 2 cycles per line."""
    nr = 14 if params.get("KEY_BITS", 128) == 256 else 10
    nb = params.get("LINE_BYTES", 64) // 16
    lanes = params.get("LANES", 0) or nb
    pad = -(-nb // lanes) * nr
    read = min(pad + 2, max(2, pad + 3 - hint_lead))
    return {"perf__cycles_per_line": pad + 2, "perf__read_latency_cycles": read,
            "perf__read_latency_data_cycles": read}


def reference(params: dict[str, int]):
    """-> ref(key, decrypt, iv, aad, data, tag) -> (out_data, out_tag, auth_fail), modelling the engine."""
    line_bytes = int(params.get("LINE_BYTES", 64))

    def ref(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes):
        if len(data) != line_bytes:
            raise ValueError(f"data is {len(data)} bytes, LINE_BYTES = {line_bytes}")
        return ctr(key, iv, data), NO_TAG, False

    return ref


def _gcm_vectors():
    """The CAVP GCM file reader of designs/common/gcm_reference.py (entries with their group settings)."""
    path = Path(__file__).resolve().parent.parent / "common" / "gcm_reference.py"
    spec = importlib.util.spec_from_file_location("ctr_gcm_reference", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._cavp


def known_answers(params: dict[str, int]) -> list[dict]:
    """NIST CAVP GCM entries with a 96-bit IV and a 256-bit plaintext, their ciphertext being GCTR_K(inc32(J0), P):
    this engine's output for in_iv = IV (the AAD and tag play no part). LINE_BYTES = 32 is the entry exactly; for
    longer lines the entry's plaintext is repeated to fill the line, its ciphertext starts the expected line and
    `cryptography`'s CTR mode gives the rest (checked here to agree with the file on the entry's bytes). Encrypt
    entries from gcmEncryptExtIV, decrypt entries (those that pass) from gcmDecrypt, one per key, IV and text."""
    line_bytes = int(params.get("LINE_BYTES", 64))
    key_bits = int(params.get("KEY_BITS", 128))
    cavp, out, seen = _gcm_vectors(), [], set()
    for name, decrypt in ((f"gcmEncryptExtIV{key_bits}.rsp", False), (f"gcmDecrypt{key_bits}.rsp", True)):
        for e in cavp(name):
            if (e["IVlen"], e["PTlen"]) != (96, 256) or e.get("FAIL") or (e["Key"], e["IV"], e["PT"]) in seen:
                continue
            seen.add((e["Key"], e["IV"], e["PT"]))
            src = f"NIST CAVP {name} [Keylen = {e['Keylen']}, AADlen = {e['AADlen']}, Taglen = {e['Taglen']}] " \
                  f"Count = {e['Count']} (ciphertext only)"
            pt = (e["PT"] * (line_bytes // 32))[:line_bytes]
            ct = library_ctr(e["Key"], e["IV"], pt)
            if ct[:32] != e["CT"]:
                raise AssertionError(f"{src}: cryptography's CTR mode disagrees with the file")
            if line_bytes != 32:
                src += f", plaintext repeated to {line_bytes} bytes, the rest from cryptography's CTR mode"
            out.append({
                "key": e["Key"], "decrypt": decrypt, "iv": e["IV"], "aad": bytes(16),
                "data": ct if decrypt else pt, "tag": bytes(16),
                "expect_data": pt if decrypt else ct, "expect_tag": NO_TAG, "expect_fail": False, "source": src,
            })
    return out
