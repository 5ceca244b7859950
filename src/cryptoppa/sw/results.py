"""RESULT lines of the benchmark firmware: parsing, and recomputation of every tag/last block with `cryptography`.

Each line names the xorshift32 seed its inputs came from, so a row is checked on its own (designs/sw/README.md):
key, IV, AAD and data are consecutive bytes of one stream, four little-endian bytes per xorshift32 output.
"""

from __future__ import annotations

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ..errors import CryptoppaError

INT_FIELDS = ("key_bits", "bytes", "cycles", "instret", "setup_cycles", "setup_instret")
REQUIRED = {"gcm": ("impl", "key_bits", "bytes", "seed", "tag", "last", "cycles", "instret"),
            "cbc": ("impl", "key_bits", "bytes", "seed", "last", "cycles", "instret")}
GCM_IV_BYTES = 12
AAD_BYTES = 16


def xorshift32_bytes(seed: int, n: int) -> bytes:
    """n bytes (n a multiple of 4) of the firmware's stream: x ^= x<<13, x ^= x>>17, x ^= x<<5, per 4 bytes."""
    x, out = seed & 0xFFFFFFFF, bytearray()
    if x == 0 or n % 4:
        raise CryptoppaError(f"xorshift32: seed must be non-zero and n a multiple of 4 (got {seed:#x}, {n})")
    for _ in range(n // 4):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out += x.to_bytes(4, "little")
    return bytes(out)


def parse_results(uart: str) -> list[dict]:
    """RESULT lines as dicts (integers for counts, strings otherwise); raises unless a DONE line ends the run."""
    rows = []
    lines = [ln.strip() for ln in uart.splitlines()]
    for ln in lines:
        if not ln.startswith("RESULT "):
            continue
        row: dict = {}
        for field in ln.split()[1:]:
            key, sep, value = field.partition("=")
            if not sep:
                raise CryptoppaError(f"firmware output: field {field!r} is not key=value in line {ln!r}")
            row[key] = int(value) if key in INT_FIELDS else value
        missing = [k for k in REQUIRED.get(row.get("alg"), ("alg",)) if k not in row]
        if missing:
            raise CryptoppaError(f"firmware output: line {ln!r} lacks {', '.join(missing)}")
        rows.append(row)
    if "DONE" not in lines:
        raise CryptoppaError("firmware output: no DONE line (the firmware did not finish)")
    return rows


def expected(row: dict) -> dict[str, str]:
    """The tag (GCM) and last ciphertext block in hex that `cryptography` computes for a row's inputs."""
    key_len, n, seed = row["key_bits"] // 8, row["bytes"], int(row["seed"], 16)
    if row["alg"] == "gcm":
        stream = xorshift32_bytes(seed, key_len + GCM_IV_BYTES + AAD_BYTES + n)
        key, iv = stream[:key_len], stream[key_len:key_len + GCM_IV_BYTES]
        aad, data = stream[key_len + GCM_IV_BYTES:key_len + GCM_IV_BYTES + AAD_BYTES], stream[-n:] if n else b""
        out = AESGCM(key).encrypt(iv, data, aad)
        ct, tag = out[:-16], out[-16:]
        return {"tag": tag.hex(), "last": ct[-16:].hex() if n else "0" * 32}
    if row["alg"] == "cbc":
        stream = xorshift32_bytes(seed, key_len + 16 + n)
        key, iv, data = stream[:key_len], stream[key_len:key_len + 16], stream[key_len + 16:]
        enc = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
        ct = enc.update(data) + enc.finalize()
        return {"last": ct[-16:].hex()}
    raise CryptoppaError(f"firmware output: unknown alg {row['alg']!r}")


def check_results(rows: list[dict]) -> int:
    """Recompute every row; raise on the first mismatch, else return how many rows were checked."""
    if not rows:
        raise CryptoppaError("firmware output: no RESULT lines to check")
    for row in rows:
        for field, value in expected(row).items():
            if row[field] != value:
                raise CryptoppaError(f"firmware {row['impl']} {row['alg']} key_bits={row['key_bits']} "
                                     f"bytes={row['bytes']}: {field}={row[field]}, cryptography gives {value}")
    return len(rows)
