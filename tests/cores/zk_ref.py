"""Python reference for the RISC-V scalar crypto instructions (spec v1.0.1), written from the spec's pseudocode.

The S-box is derived from its definition (GF(2^8) inverse + affine map), not copied from a table; the reference is
itself checked by running full AES-128 encryption/decryption built from these instructions against `cryptography`.
"""
from __future__ import annotations

from gf256 import gf256_mul as gmul
from gf256 import reference_sbox

M32 = 0xFFFF_FFFF


SBOX = reference_sbox()
INV_SBOX = [0] * 256
for _x, _y in enumerate(SBOX):
    INV_SBOX[_y] = _x


def rol32(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & M32 if n else x


def _aes32(rs1: int, rs2: int, bs: int, inverse: bool, mix: bool) -> int:
    si = (rs2 >> (8 * bs)) & 0xFF
    so = (INV_SBOX if inverse else SBOX)[si]
    if not mix:
        term = so
    elif inverse:
        term = gmul(so, 0x0B) << 24 | gmul(so, 0x0D) << 16 | gmul(so, 0x09) << 8 | gmul(so, 0x0E)
    else:
        term = gmul(so, 3) << 24 | so << 16 | so << 8 | gmul(so, 2)
    return rs1 ^ rol32(term, 8 * bs)


def aes32esi(rs1, rs2, bs):
    return _aes32(rs1, rs2, bs, False, False)


def aes32esmi(rs1, rs2, bs):
    return _aes32(rs1, rs2, bs, False, True)


def aes32dsi(rs1, rs2, bs):
    return _aes32(rs1, rs2, bs, True, False)


def aes32dsmi(rs1, rs2, bs):
    return _aes32(rs1, rs2, bs, True, True)


def clmul_full(a: int, b: int) -> int:
    r = 0
    for i in range(32):
        if (b >> i) & 1:
            r ^= a << i
    return r


def clmul(rs1, rs2, bs=0):
    return clmul_full(rs1, rs2) & M32


def clmulh(rs1, rs2, bs=0):
    return clmul_full(rs1, rs2) >> 32


# rv_zk_alu op code -> reference function
OPS = [aes32esi, aes32esmi, aes32dsi, aes32dsmi, clmul, clmulh]


# --- AES-128 built from the instructions, to check the reference against `cryptography` -------------------------

def _words(block: bytes) -> list[int]:
    return [int.from_bytes(block[4 * i:4 * i + 4], "little") for i in range(4)]


def key_schedule128(key: bytes) -> list[list[int]]:
    w = _words(key)
    rcon = 1
    for i in range(4, 44):
        t = w[i - 1]
        if i % 4 == 0:
            t = rol32(t, 24)  # RotWord on little-endian words
            t = sum(SBOX[(t >> (8 * k)) & 0xFF] << (8 * k) for k in range(4)) ^ rcon
            rcon = gmul(rcon, 2)
        w.append(w[i - 4] ^ t)
    return [w[4 * r:4 * r + 4] for r in range(11)]


def encrypt128(key: bytes, block: bytes) -> bytes:
    rk = key_schedule128(key)
    s = [a ^ b for a, b in zip(_words(block), rk[0])]
    for rnd in range(1, 11):
        op = aes32esi if rnd == 10 else aes32esmi
        n = []
        for j in range(4):
            t = rk[rnd][j]
            for r in range(4):
                t = op(t, s[(j + r) % 4], r)
            n.append(t)
        s = n
    return b"".join(x.to_bytes(4, "little") for x in s)


def _inv_mix_word(w: int) -> int:
    # InvMixColumns of one column: dsmi after esi undoes the S-box (the spec's suggested key-schedule trick)
    t = 0
    for r in range(4):
        t = aes32dsmi(t, aes32esi(0, w, r), r)
    return t


def decrypt128(key: bytes, block: bytes) -> bytes:
    rk = key_schedule128(key)
    s = [a ^ b for a, b in zip(_words(block), rk[10])]
    for rnd in range(9, -1, -1):
        last = rnd == 0
        keys = rk[rnd] if last else [_inv_mix_word(k) for k in rk[rnd]]
        op = aes32dsi if last else aes32dsmi
        n = []
        for j in range(4):
            t = keys[j]
            for r in range(4):
                t = op(t, s[(j - r) % 4], r)
            n.append(t)
        s = n
    return b"".join(x.to_bytes(4, "little") for x in s)
