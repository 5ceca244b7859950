"""Reference model and standard vectors of the AES-GCM engines (gcm_iter, gcm_pipe, gcm_subpipe) on the engine
interface (designs/README.md), for the verification suite in tests/engines.

reference(params) models the engine exactly: encrypt -> (C, tag); decrypt -> (P, the tag computed over the
received C, tag mismatch). known_answers(params) maps NIST's CAVP GCM validation vectors (SP 800-38D;
`cryptography-vectors`: gcmEncryptExtIV<k>.rsp, gcmDecrypt<k>.rsp) onto the interface: the entries with a 96-bit
IV, 128-bit AAD, 128-bit tag and a plaintext exactly one line long. CAVP has such plaintexts for 32-byte lines
only (PTlen = 256); other line sizes get no known answers and rely on the random checks against `cryptography`.
"""

from __future__ import annotations

from pathlib import Path

import cryptography_vectors
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

INTEGRITY = True  # decrypt checks a tag: corrupting ciphertext, tag or AAD must set out_auth_fail


def gcm(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes) -> tuple[bytes, bytes, bool]:
    if not decrypt:
        out = AESGCM(key).encrypt(iv, data, aad)
        return out[:-16], out[-16:], False
    ctr = Cipher(algorithms.AES(key), modes.CTR(iv + b"\0\0\0\x02")).decryptor()  # J0 + 1
    pt = ctr.update(data) + ctr.finalize()
    calc = AESGCM(key).encrypt(iv, pt, aad)[-16:]
    return pt, calc, calc != tag


def reference(params: dict[str, int]):
    return gcm


def _cavp(name: str) -> list[dict]:
    """Entries of one CAVP file with their group settings (IVlen, AADlen, ...)."""
    path = Path(cryptography_vectors.__file__).parent / "ciphers" / "AES" / "GCM" / name
    entries, group, cur = [], {}, None
    for raw in path.read_text().splitlines() + [""]:
        line = raw.strip()
        if line.startswith("[") and "=" in line:
            k, v = line[1:-1].split("=")
            group[k.strip()] = int(v)
        elif not line:
            if cur:
                entries.append({**group, **cur, "file": name})
            cur = None
        elif line == "FAIL":
            cur["FAIL"] = True
        elif "=" in line:
            k, v = (x.strip() for x in line.split("=", 1))
            cur = cur or {}
            cur[k] = int(v) if k == "Count" else bytes.fromhex(v)
    return entries


def known_answers(params: dict[str, int]) -> list[dict]:
    key_bits, line_bytes = params["KEY_BITS"], params["LINE_BYTES"]
    out = []
    for decrypt, name in ((False, f"gcmEncryptExtIV{key_bits}.rsp"), (True, f"gcmDecrypt{key_bits}.rsp")):
        for e in _cavp(name):
            if (e["IVlen"], e["AADlen"], e["Taglen"], e["PTlen"]) != (96, 128, 128, 8 * line_bytes):
                continue
            fail = e.get("FAIL", False)
            out.append({"key": e["Key"], "decrypt": decrypt, "iv": e["IV"], "aad": e["AAD"],
                        "data": e["CT"] if decrypt else e["PT"], "tag": e["Tag"] if decrypt else bytes(16),
                        "expect_data": None if fail else (e["PT"] if decrypt else e["CT"]),
                        "expect_tag": None if decrypt else e["Tag"], "expect_fail": fail,
                        "source": f"NIST CAVP {name} Count {e['Count']} (Keylen {e['Keylen']}, PTlen {e['PTlen']})"})
    return out


def promised_timing(params: dict[str, int], hint_lead: int) -> dict[str, float]:
    """What the pipelined engines' architecture promises at saturation (designs/README.md, gcm_pipe and
    gcm_subpipe): NB+1 slots per line; latency = issue (2) + last slot offset (NB) + rounds x stages + GHASH input
    register (1) + multiplier (1, or 2 from 3 stages per round on) + FIFO write (1). gcm_iter (the engine with a
    DIGIT parameter) promises nothing; neither has a prefetch port, so hint_lead does not matter."""
    if "DIGIT" in params:
        return {}
    nb, spr = params["LINE_BYTES"] // 16, params.get("STAGES_PER_ROUND", 1)
    rounds = 14 if params["KEY_BITS"] == 256 else 10
    return {"perf__cycles_per_line": nb + 1, "perf__latency_cycles": nb + rounds * spr + (2 if spr >= 3 else 1) + 4}
