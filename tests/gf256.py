"""AES arithmetic in GF(2^8) mod x^8+x^4+x^3+x+1, written from FIPS-197, shared by the S-box and Zk references."""


def gf256_mul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a & 0x100:
            a ^= 0x11B
        b >>= 1
    return r


def gf256_inv(a: int) -> int:
    # a^254 = a^-1 for a != 0, and 0 -> 0
    r, e = 1, 254
    while e:
        if e & 1:
            r = gf256_mul(r, a)
        a = gf256_mul(a, a)
        e >>= 1
    return r


def affine(b: int) -> int:
    rot = lambda v, n: ((v << n) | (v >> (8 - n))) & 0xFF  # noqa: E731
    return b ^ rot(b, 1) ^ rot(b, 2) ^ rot(b, 3) ^ rot(b, 4) ^ 0x63


def reference_sbox() -> list[int]:
    return [affine(gf256_inv(x)) for x in range(256)]
