"""Reference model and paper vectors for designs/qarma64 (QARMA-64 with the address as tweak).

QARMA-64 is written here from its specification (Avanzi, "The QARMA Block Cipher Family. Almost MDS Matrices
Over Rings With Zero Divisors, Nearly Symmetric Even-Mansour Constructions With Non-Involutory Central Rounds,
and Search Heuristics for Low-Latency S-Boxes", IACR Transactions on Symmetric Cryptology 2017(1), section 3):
a 64-bit state of sixteen 4-bit cells s0 .. s15 (s0 the most significant nibble; cell 4*row + column of a 4x4
matrix), the key w0 || k0 specialised to w1 = (w0 >>> 1) xor (w0 >> 63) and k1 = k0, a 64-bit tweak T.

    IS = P xor w0
    r forward rounds i = 0 .. r-1:  IS ^= k0 ^ T ^ c_i; IS = S(M(tau(IS))) (round 0: IS = S(IS)); T = omega(h(T))
    central:  IS ^= w1 ^ T; IS = S(M(tau(IS)));  IS = tau^-1(Q(tau(IS)) ^ k1);  IS = tau^-1(M(S^-1(IS))) ^ w0 ^ T
    r backward rounds i = r-1 .. 0: T = h^-1(omega^-1(T)); IS = S^-1(IS); IS = tau^-1(M(IS)) (not for i = 0);
                                    IS ^= k0 ^ T ^ c_i ^ alpha
    C = IS xor w1

tau is the cell permutation of MIDORI, h that of MANTIS, omega the LFSR (b3, b2, b1, b0) -> (b0 xor b1, b3, b2,
b1) on cells 0, 1, 3, 4, 8, 11 and 13, M = Q = circ(0, rho, rho^2, rho) on each column (rho: rotate a cell left
by one bit; M is an involution), c_i the digits of pi and alpha = C0AC29B7C97C50DD as in PRINCE. SBOX selects
the paper's sigma_0, sigma_1 or sigma_2. Decryption is the same function with k0 ^ alpha for k0, Q(k0) for k1
and w0, w1 swapped (the paper's reflection property); `qarma64_inverse` inverts every step instead, and the
two are checked against each other.

Engine mode (designs/README.md, section "qarma64"): the line's 8-byte blocks j = 0 .. LINE_BYTES/8 - 1 (block 0
is bytes 0..7) are encrypted directly under the tweak T_j = N xor 8j with N = in_iv mod 2^64 (its last 8 bytes:
the line's byte address), which is block j's own byte address when the line address is aligned. No integrity:
out_tag is zero and auth_fail False.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
SBOXES = [
    [0, 14, 2, 10, 9, 15, 8, 11, 6, 4, 3, 7, 13, 12, 1, 5],   # sigma_0 (an involution)
    [10, 13, 14, 6, 15, 7, 3, 5, 9, 8, 0, 12, 11, 1, 2, 4],   # sigma_1 (an involution)
    [11, 6, 8, 15, 12, 0, 9, 14, 3, 7, 4, 5, 13, 2, 1, 10],   # sigma_2
]
TAU = [0, 11, 6, 13, 10, 1, 12, 7, 5, 14, 3, 8, 15, 4, 9, 2]   # new cell i = old cell TAU[i]
H = [6, 5, 14, 15, 0, 1, 2, 3, 7, 12, 13, 4, 8, 9, 10, 11]
OMEGA_CELLS = (0, 1, 3, 4, 8, 11, 13)
RC = [0x0000000000000000, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89,
      0x452821E638D01377, 0xBE5466CF34E90C6C, 0x3F84D5B5B5470917, 0x9216D5D98979FB1B]
ALPHA = 0xC0AC29B7C97C50DD
M_EXP = [None, 1, 2, 1]  # circ(0, rho, rho^2, rho): entry (row, col) is rho^M_EXP[(col - row) mod 4]


def cells(x: int) -> list[int]:
    return [(x >> (60 - 4 * i)) & 0xF for i in range(16)]


def from_cells(c: list[int]) -> int:
    return sum(v << (60 - 4 * i) for i, v in enumerate(c))


def permute(x: int, perm: list[int]) -> int:
    c = cells(x)
    return from_cells([c[perm[i]] for i in range(16)])


def inverse_perm(perm: list[int]) -> list[int]:
    return [perm.index(i) for i in range(16)]


TAU_INV, H_INV = inverse_perm(TAU), inverse_perm(H)


def _rho(v: int, n: int) -> int:
    return ((v << n) | (v >> (4 - n))) & 0xF


def mix_columns(x: int) -> int:
    """M (= Q): every column (cells c, c+4, c+8, c+12) times circ(0, rho, rho^2, rho)."""
    c, out = cells(x), [0] * 16
    for col in range(4):
        for row in range(4):
            acc = 0
            for k in range(4):
                e = M_EXP[(k - row) % 4]
                if e is not None:
                    acc ^= _rho(c[4 * k + col], e)
            out[4 * row + col] = acc
    return from_cells(out)


def sub_cells(x: int, table: list[int]) -> int:
    return from_cells([table[v] for v in cells(x)])


def _omega(v: int) -> int:
    return (v >> 1) | (((v ^ (v >> 1)) & 1) << 3)


def _omega_inv(v: int) -> int:
    return ((v << 1) & 0xF) | (((v >> 3) ^ v) & 1)


def tweak_forward(t: int) -> int:
    c = cells(permute(t, H))
    return from_cells([_omega(v) if i in OMEGA_CELLS else v for i, v in enumerate(c)])


def tweak_backward(t: int) -> int:
    c = cells(t)
    return permute(from_cells([_omega_inv(v) if i in OMEGA_CELLS else v for i, v in enumerate(c)]), H_INV)


def ortho(w0: int) -> int:
    """w1 = (w0 >>> 1) xor (w0 >> 63)."""
    return (((w0 >> 1) | (w0 << 63)) & MASK64) ^ (w0 >> 63)


def _core(x: int, tweak: int, w0: int, w1: int, k0: int, k1: int, rounds: int, sbox: int) -> int:
    s, si = SBOXES[sbox], inverse_perm(SBOXES[sbox])
    t = tweak
    x ^= w0
    for i in range(rounds):
        x ^= k0 ^ t ^ RC[i]
        if i:
            x = mix_columns(permute(x, TAU))
        x = sub_cells(x, s)
        t = tweak_forward(t)
    x ^= w1 ^ t
    x = sub_cells(mix_columns(permute(x, TAU)), s)
    x = permute(mix_columns(permute(x, TAU)) ^ k1, TAU_INV)
    x = permute(mix_columns(sub_cells(x, si)), TAU_INV) ^ w0 ^ t
    for i in reversed(range(rounds)):
        t = tweak_backward(t)
        x = sub_cells(x, si)
        if i:
            x = permute(mix_columns(x), TAU_INV)
        x ^= k0 ^ t ^ RC[i] ^ ALPHA
    return x ^ w1


def qarma64(key: bytes, block: int, tweak: int, rounds: int = 7, sbox: int = 1, decrypt: bool = False) -> int:
    """QARMA-64 with the 128-bit key w0 || k0 (big-endian halves); decryption by the reflection property."""
    w0, k0 = int.from_bytes(key[:8], "big"), int.from_bytes(key[8:], "big")
    w1 = ortho(w0)
    if decrypt:
        return _core(block, tweak, w1, w0, k0 ^ ALPHA, mix_columns(k0), rounds, sbox)
    return _core(block, tweak, w0, w1, k0, k0, rounds, sbox)


def qarma64_inverse(key: bytes, block: int, tweak: int, rounds: int = 7, sbox: int = 1) -> int:
    """Decryption by undoing the encryption step by step (no reflection property): the check of `qarma64`."""
    w0, k0 = int.from_bytes(key[:8], "big"), int.from_bytes(key[8:], "big")
    w1, s = ortho(w0), SBOXES[sbox]
    si = inverse_perm(s)
    tweaks = [tweak]
    for _ in range(rounds):
        tweaks.append(tweak_forward(tweaks[-1]))
    x = block ^ w1
    for i in range(rounds):  # undo the backward rounds, i = 0 .. r-1
        x ^= k0 ^ tweaks[i] ^ RC[i] ^ ALPHA
        if i:
            x = mix_columns(permute(x, TAU))
        x = sub_cells(x, s)
    t = tweaks[rounds]
    x = sub_cells(mix_columns(permute(x ^ w0 ^ t, TAU)), s)
    x = permute(mix_columns(permute(x, TAU) ^ k0), TAU_INV)
    x = permute(mix_columns(sub_cells(x, si)), TAU_INV) ^ w1 ^ t
    for i in reversed(range(rounds)):
        x = sub_cells(x, si)
        if i:
            x = permute(mix_columns(x), TAU_INV)
        x ^= k0 ^ tweaks[i] ^ RC[i]
    return x ^ w0


def block_tweak(n: int, j: int) -> int:
    """The tweak of block j of the line at address n: its own byte address for an aligned line."""
    return (n ^ (8 * j)) & MASK64


def line_cipher(key: bytes, decrypt: bool, iv: bytes, data: bytes, rounds: int, sbox: int) -> bytes:
    n = int.from_bytes(iv, "big") & MASK64
    out = b""
    for j in range(len(data) // 8):
        x = int.from_bytes(data[8 * j:8 * j + 8], "big")
        out += qarma64(key, x, block_tweak(n, j), rounds, sbox, decrypt).to_bytes(8, "big")
    return out


INTEGRITY = False  # confidentiality only: out_tag is 0 and nothing is ever flagged
BLOCK_BYTES = 8  # a flipped ciphertext bit garbles exactly its 8-byte block


def stages(params: dict[str, int]) -> int:
    """Register stages through the cipher: its 2r + 2 S-layers, ROUNDS_PER_STAGE to a stage (the last may hold
    fewer)."""
    layers = 2 * params.get("ROUNDS", 7) + 2
    return -(-layers // params.get("ROUNDS_PER_STAGE", 16))


def promised_timing(params: dict[str, int], hint_lead: int) -> dict[str, float]:
    """The architecture's numbers with D register stages and S = blocks / LANES issue cycles: the input stage
    issues a line's S slots on the S cycles after its acceptance and takes the next line in the cycle of the last
    issue (a line every S cycles); the last slot leaves the cipher D cycles after its issue and the output FIFO
    one cycle later. Nothing waits for the tweak, so there is no hint port and no lead to gain from."""
    s = params["LINE_BYTES"] // 8 // params.get("LANES", 2)
    read = s + stages(params) + 1
    return {"perf__cycles_per_line": s, "perf__read_latency_cycles": read, "perf__read_latency_data_cycles": read}


def reference(params: dict[str, int]):
    """-> ref(key, decrypt, iv, aad, data, tag) -> (out_data, out_tag, auth_fail), modelling the engine."""
    line_bytes = int(params.get("LINE_BYTES", 64))
    rounds, sbox = int(params.get("ROUNDS", 7)), int(params.get("SBOX", 1))

    def ref(key: bytes, decrypt: bool, iv: bytes, aad: bytes, data: bytes, tag: bytes):
        if len(data) != line_bytes or len(key) != 16:
            raise ValueError(f"data must be {line_bytes} bytes and key 16 bytes")
        return line_cipher(key, decrypt, iv, data, rounds, sbox), bytes(16), False

    return ref


# The paper's test vectors for QARMA-64 (Avanzi 2017, appendix "Test Vectors"): one plaintext, tweak and key,
# the ciphertext for each S-box sigma_0..2 and r = 5, 6, 7.
PAPER_P, PAPER_T = 0xFB623599DA6E8127, 0x477D469DEC0B8762
PAPER_W0, PAPER_K0 = 0x84BE85CE9804E94B, 0xEC2802D4E0A488E9
PAPER_C = {
    (0, 5): 0x3EE99A6C82AF0C38, (0, 6): 0x9F5C41EC525603C9, (0, 7): 0xBCAF6C89DE930765,
    (1, 5): 0x544B0AB95BDA7C3A, (1, 6): 0xA512DD1E4E3EC582, (1, 7): 0xEDF67FF370A483F2,
    (2, 5): 0xC003B93999B33765, (2, 6): 0x270A787275C48D10, (2, 7): 0x5C06A7501B63B2FD,
}
PAPER_KEY = PAPER_W0.to_bytes(8, "big") + PAPER_K0.to_bytes(8, "big")


def known_answers(params: dict[str, int]) -> list[dict]:
    """The paper's vector for the engine's S-box and round count, placed in every block position of a line.

    For position j the line address is N = T xor 8j, so block j's tweak is the paper's T: that block must turn
    the paper's plaintext into its ciphertext (and back). The other blocks, under other tweaks, hold the same
    plaintext and are held to this reference."""
    line_bytes = int(params.get("LINE_BYTES", 64))
    rounds, sbox = int(params.get("ROUNDS", 7)), int(params.get("SBOX", 1))
    want = PAPER_C[(sbox, rounds)]
    if qarma64(PAPER_KEY, PAPER_P, PAPER_T, rounds, sbox) != want:
        raise AssertionError(f"QARMA-64 paper vector (sigma_{sbox}, r = {rounds}) fails in the reference")
    out = []
    for j in range(line_bytes // 8):
        iv = block_tweak(PAPER_T, j).to_bytes(12, "big")
        p_line = PAPER_P.to_bytes(8, "big") * (line_bytes // 8)
        c_line = line_cipher(PAPER_KEY, False, iv, p_line, rounds, sbox)
        assert c_line[8 * j:8 * j + 8] == want.to_bytes(8, "big")
        for decrypt in (False, True):
            out.append({
                "key": PAPER_KEY, "decrypt": decrypt, "iv": iv, "aad": bytes(16),
                "data": c_line if decrypt else p_line, "tag": bytes(16),
                "expect_data": p_line if decrypt else c_line, "expect_tag": bytes(16), "expect_fail": False,
                "source": f"QARMA paper (Avanzi, ToSC 2017(1)) test vector sigma_{sbox}, r = {rounds}, in block {j} "
                          "(the other blocks from this reference)",
            })
    return out
