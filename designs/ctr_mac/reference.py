"""Reference model and standard vectors for designs/ctr_mac (counter mode + truncated Carter-Wegman MAC).

Engine semantics (designs/README.md, section "ctr_mac"), K = key (AES-128 or AES-256):
    in_iv = address (8 bytes) || per-line counter (4 bytes);  J0 = in_iv || 00000001
    pads  = E_K(inc32^1(J0)) .. E_K(inc32^n(J0)) for the n = LINE_BYTES/16 blocks;  C = P xor pads
    tag   = MSB_TAG_BITS( GHASH_H(in_aad, C, [len(A)]64 || [len(C)]64) xor E_K(J0) ),  H = E_K(0^128)
out_tag holds the tag in its first TAG_BITS/8 bytes, the rest zero; a decrypt returns the plaintext and the tag
over the received ciphertext, and fails when that differs from the first TAG_BITS/8 bytes of in_tag.

The model uses only AES-ECB from `cryptography` and a GHASH written here from NIST SP 800-38D (Algorithm 1,
the bitwise GF(2^128) product, and Algorithm 2, GHASH). With TAG_BITS = 128 the result is AES-GCM; the known
answers below and the test suite check it against NIST's GCM vectors and `cryptography`'s AESGCM.
"""

from __future__ import annotations

from pathlib import Path

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

_R = 0xE1 << 120  # SP 800-38D: R = 11100001 || 0^120


def gf128_mul(x: int, y: int) -> int:
    """X . Y in GF(2^128), SP 800-38D Algorithm 1 (bit 0 of a block is the leftmost, most significant bit)."""
    z, v = 0, y
    for i in range(128):
        if (x >> (127 - i)) & 1:
            z ^= v
        v = (v >> 1) ^ _R if v & 1 else v >> 1
    return z


def ghash(h: bytes, data: bytes) -> bytes:
    """GHASH_H(X) over a whole number of blocks, SP 800-38D Algorithm 2."""
    hi, y = int.from_bytes(h, "big"), 0
    for j in range(0, len(data), 16):
        y = gf128_mul(y ^ int.from_bytes(data[j:j + 16], "big"), hi)
    return y.to_bytes(16, "big")


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(p ^ q for p, q in zip(a, b))


def ctr_mac(key: bytes, iv: bytes, aad: bytes, data: bytes, decrypt: bool) -> tuple[bytes, bytes]:
    """(output data, full 128-bit tag before truncation)."""
    ecb = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    n = len(data) // 16
    blocks = [bytes(16)] + [iv + (c + 1).to_bytes(4, "big") for c in range(n + 1)]
    enc = ecb.update(b"".join(blocks))
    h, mask, pads = enc[:16], enc[16:32], enc[32:]
    out = _xor(data, pads)
    ct = data if decrypt else out
    lengths = (8 * len(aad)).to_bytes(8, "big") + (8 * len(ct)).to_bytes(8, "big")
    return out, _xor(ghash(h, aad + ct + lengths), mask)


INTEGRITY = True


def compared_tag_bits(params: dict[str, int]) -> int:
    """The engine compares the leading TAG_BITS of in_tag; the rest is ignored."""
    return int(params.get("TAG_BITS", 56))


def promised_timing(params: dict[str, int], hint_lead: int) -> dict[str, float]:
    """The architecture's numbers: pads take passes x NR cycles from acceptance (a miss starts them at once), one
    cycle to stage B (data xor pads, early data the cycle after), GHASH (blocks + 2 products of 128/DIGIT cycles),
    one cycle to out_valid. A hint hint_lead cycles ahead of the line (0: none) starts the pads the cycle after it
    is seen, so the line moves to B at the earliest the cycle after acceptance. At saturation (no hints) stage A
    takes passes x NR + 2 cycles per line and stage B GHASH + 1."""
    nr = 14 if params.get("KEY_BITS", 128) == 256 else 10
    nb = params.get("LINE_BYTES", 64) // 16
    lanes = params.get("LANES", 0) or nb + 1
    pad = -(-(nb + 1) // lanes) * nr
    ghash = (nb + 2) * (128 // params.get("DIGIT", 64))
    hinted = min(pad + 2, max(2, pad + 3 - hint_lead))
    return {"perf__cycles_per_line": max(pad + 2, ghash + 1), "perf__read_latency_cycles": hinted + ghash,
            "perf__read_latency_data_cycles": hinted}


def reference(params: dict[str, int]):
    """-> ref(key, decrypt, iv, aad, data, tag) -> (out_data, out_tag, auth_fail), modelling the engine."""
    line_bytes = int(params.get("LINE_BYTES", 64))
    tag_bytes = int(params.get("TAG_BITS", 56)) // 8

    def ref(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes):
        if len(data) != line_bytes:
            raise ValueError(f"data is {len(data)} bytes, LINE_BYTES = {line_bytes}")
        out, full = ctr_mac(key, iv, aad, data, decrypt)
        short = full[:tag_bytes]
        return out, short + bytes(16 - tag_bytes), decrypt and short != tag[:tag_bytes]

    return ref


def _gcm_groups(path: Path):
    """(group header dict, entry dict) for every entry of a CAVP gcm*.rsp file; FAIL entries get FAIL=True."""
    group, cur = {}, None
    for raw in path.read_text().splitlines() + [""]:
        ln = raw.strip()
        if ln.startswith("[") and "=" in ln:
            k, v = ln[1:-1].split("=")
            group[k.strip()] = int(v)
        elif not ln:
            if cur:
                yield dict(group), cur
            cur = None
        elif ln == "FAIL":
            cur["FAIL"] = True
        elif "=" in ln and not ln.startswith("#"):
            k, v = (x.strip() for x in ln.split("=", 1))
            cur = cur or {}
            cur[k] = int(v) if k == "Count" else bytes.fromhex(v)


def known_answers(params: dict[str, int]) -> list[dict]:
    """NIST CAVP GCM entries (96-bit IV, one 128-bit AAD block, 256-bit text) mapped onto the engine.

    Tags are truncated to their leftmost bits, as GCM truncates them, so an entry with Taglen >= TAG_BITS gives
    the engine's tag: encrypt entries with Taglen = 128 are cut to TAG_BITS; decrypt entries pass when valid,
    and FAIL entries are used when Taglen = TAG_BITS (only then does the file say what the engine must do).
    LINE_BYTES = 32 is the file's text exactly. For longer lines the entry's plaintext is repeated to fill
    the line and the expected ciphertext and tag come from `cryptography`'s AESGCM (its first 32 bytes of
    ciphertext checked here against the file); decrypt FAIL entries are then skipped (no plaintext to extend)."""
    import cryptography_vectors
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    line_bytes = int(params.get("LINE_BYTES", 64))
    key_bits = int(params.get("KEY_BITS", 128))
    tag_bits = int(params.get("TAG_BITS", 56))
    tb = tag_bits // 8
    folder = Path(cryptography_vectors.__file__).parent / "ciphers" / "AES" / "GCM"
    out = []
    for name, decrypt in ((f"gcmEncryptExtIV{key_bits}.rsp", False), (f"gcmDecrypt{key_bits}.rsp", True)):
        for g, e in _gcm_groups(folder / name):
            if (g.get("IVlen"), g.get("AADlen"), g.get("PTlen")) != (96, 128, 256):
                continue
            taglen, fail = g["Taglen"], e.get("FAIL", False)
            if (not decrypt and taglen != 128) or taglen < tag_bits or (fail and taglen != tag_bits):
                continue
            if fail and line_bytes != 32:
                continue
            src = f"cryptography_vectors ciphers/AES/GCM/{name} [Taglen = {taglen}] Count = {e['Count']}"
            tag = e["Tag"][:tb] + bytes(16 - tb)
            if line_bytes == 32:
                pt, ct = e.get("PT"), e["CT"]
            else:
                pt = (e["PT"] * (line_bytes // 32 + 1))[:line_bytes]
                sealed = AESGCM(e["Key"]).encrypt(e["IV"], pt, e["AAD"])
                ct, full = sealed[:-16], sealed[-16:]
                if ct[:32] != e["CT"]:
                    raise AssertionError(f"{src}: AESGCM disagrees with the file")
                tag = full[:tb] + bytes(16 - tb)
                src += f" (plaintext repeated to {line_bytes} bytes; expected values from AESGCM)"
            out.append({
                "key": e["Key"], "decrypt": decrypt, "iv": e["IV"], "aad": e["AAD"],
                "data": ct if decrypt else pt, "tag": tag,
                "expect_data": (None if fail else pt) if decrypt else ct,
                "expect_tag": None if fail else tag, "expect_fail": fail, "source": src,
            })
    return out
