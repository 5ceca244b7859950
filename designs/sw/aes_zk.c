/* Variant `zk`: AES with the scalar crypto extension Zkne (aes32esmi = SubBytes + MixColumns of one byte into a
   column word, aes32esi = SubBytes only, for the last round and key expansion) and GHASH with Zbkc carry-less
   multiply (clmul/clmulh, 32 x 32 -> 64 bits). GCC 12 has no intrinsics for them, hence inline asm.
   Constant time as long as the core's crypto instructions are. Build with -march=..._zkne_zknd_zbkc. */
#include "fw.h"

const char impl_name[] = "zk";

void impl_init(void) {}

#define ESI(rs1, rs2, bs)                                                                      \
    ({ uint32_t r_; __asm__("aes32esi %0, %1, %2, " #bs : "=r"(r_) : "r"(rs1), "r"(rs2)); r_; })
#define ESMI(rs1, rs2, bs)                                                                     \
    ({ uint32_t r_; __asm__("aes32esmi %0, %1, %2, " #bs : "=r"(r_) : "r"(rs1), "r"(rs2)); r_; })

static inline uint32_t clmul(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("clmul %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

static inline uint32_t clmulh(uint32_t a, uint32_t b)
{
    uint32_t r;
    __asm__("clmulh %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

/* aes32esi keeps each byte in its place, so four of them are SubWord whatever the byte order. */
static uint32_t subword(uint32_t w) { return ESI(ESI(ESI(ESI(0, w, 0), w, 1), w, 2), w, 3); }

_Static_assert(4 * 60 <= sizeof(((aes_ctx *)0)->w), "aes_ctx too small");

void aes_setup(aes_ctx *c, const uint8_t *key, unsigned key_bits)
{
    /* Little-endian column words: byte r of a column is bits 8r..8r+7, the layout aes32* works on. */
    c->nr = aes_expand_key(c->w, key, key_bits, 0, subword);
}

static uint32_t load_le(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static void store_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Output column j takes row r from input column j+r (ShiftRows); byte select r picks that row. */
#define ROUND(OP, a, b, c, d, k) OP(OP(OP(OP(k, a, 0), b, 1), c, 2), d, 3)

void aes_encrypt(const aes_ctx *c, const uint8_t in[16], uint8_t out[16])
{
    const uint32_t *rk = c->w;
    uint32_t s0 = load_le(in) ^ rk[0], s1 = load_le(in + 4) ^ rk[1];
    uint32_t s2 = load_le(in + 8) ^ rk[2], s3 = load_le(in + 12) ^ rk[3];
    for (unsigned r = 1; r < c->nr; r++) {
        rk += 4;
        uint32_t t0 = ROUND(ESMI, s0, s1, s2, s3, rk[0]), t1 = ROUND(ESMI, s1, s2, s3, s0, rk[1]);
        uint32_t t2 = ROUND(ESMI, s2, s3, s0, s1, rk[2]), t3 = ROUND(ESMI, s3, s0, s1, s2, rk[3]);
        s0 = t0, s1 = t1, s2 = t2, s3 = t3;
    }
    rk += 4;
    store_le(out, ROUND(ESI, s0, s1, s2, s3, rk[0]));
    store_le(out + 4, ROUND(ESI, s1, s2, s3, s0, rk[1]));
    store_le(out + 8, ROUND(ESI, s2, s3, s0, s1, rk[2]));
    store_le(out + 12, ROUND(ESI, s3, s0, s1, s2, rk[3]));
}

/* GHASH in the plain polynomial domain: limb k holds x^(32k)..x^(32k+31) with bit i = x^(32k+i). GCM's bit
   order reverses bits within each byte, and the bytes of a limb are then those of a little-endian load. */
typedef struct { uint32_t h[4], y[4]; } gh_zk;
_Static_assert(sizeof(gh_zk) <= sizeof(ghash_ctx), "ghash_ctx too small");

static uint32_t brev8(uint32_t x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    return ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
}

void ghash_setup(ghash_ctx *g, const uint8_t h[16])
{
    gh_zk *t = (gh_zk *)g;
    for (int k = 0; k < 4; k++) {
        t->h[k] = brev8(load_le(h + 4 * k));
        t->y[k] = 0;
    }
}

void ghash_block(ghash_ctx *g, const uint8_t blk[16])
{
    gh_zk *t = (gh_zk *)g;
    uint32_t a[4], p[8] = {0};
    for (int k = 0; k < 4; k++)
        a[k] = t->y[k] ^ brev8(load_le(blk + 4 * k));
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            p[i + j] ^= clmul(a[i], t->h[j]);
            p[i + j + 1] ^= clmulh(a[i], t->h[j]);
        }
    /* x^128 = x^7 + x^2 + x + 1 (0x87): fold limbs 7..4 down; limb 7's fold reaches limb 4, folded last. */
    for (int k = 7; k >= 4; k--) {
        p[k - 4] ^= clmul(p[k], 0x87);
        p[k - 3] ^= clmulh(p[k], 0x87);
    }
    for (int k = 0; k < 4; k++)
        t->y[k] = p[k];
}

void ghash_final(const ghash_ctx *g, uint8_t out[16])
{
    const gh_zk *t = (const gh_zk *)g;
    for (int k = 0; k < 4; k++)
        store_le(out + 4 * k, brev8(t->y[k]));
}
