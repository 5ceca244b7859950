/* Variant `table`: the classic fast software AES with four 1 KiB T-tables (SubBytes, ShiftRows and MixColumns
   folded into four lookups per column) and Shoup's 4-bit-table GHASH (16 multiples of H, 32 lookups per block).
   Table lookups index memory with secret data, so this variant is NOT constant time on cores with caches;
   it is the speed baseline. Tables are computed once by impl_init (they would sit in ROM on a real part). */
#include "fw.h"

const char impl_name[] = "table";

static uint8_t sbox[256];
static uint32_t te[4][256];
static uint16_t ghash_rem[16];  /* reduction of the 4 bits a Shoup step shifts out, top 16 bits of word 0 */

static uint8_t xtime(uint8_t x) { return (uint8_t)((x << 1) ^ ((x >> 7) ? 0x1b : 0)); }

static uint32_t ror32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

void impl_init(void)
{
    /* Walk the multiplicative group with generator 3 to get logs, then S(x) = affine(x^-1). */
    uint8_t pow[256], log[256];
    uint8_t p = 1;
    for (int i = 0; i < 255; i++) {
        pow[i] = p;
        log[p] = (uint8_t)i;
        p ^= xtime(p);
    }
    for (int x = 0; x < 256; x++) {
        uint8_t inv = x ? pow[log[x] ? 255 - log[x] : 0] : 0;
        uint8_t s = inv;
        for (int r = 1; r <= 4; r++)
            s ^= (uint8_t)((inv << r) | (inv >> (8 - r)));
        sbox[x] = s ^ 0x63;
    }
    for (int x = 0; x < 256; x++) {
        uint8_t s = sbox[x], s2 = xtime(s), s3 = s2 ^ s;
        uint32_t t = (uint32_t)s2 << 24 | (uint32_t)s << 16 | (uint32_t)s << 8 | s3;
        for (int k = 0; k < 4; k++)
            te[k][x] = k ? ror32(t, 8 * k) : t;
    }
    /* x^128 = x^7 + x^2 + x + 1 is 0xE1 in GCM's reflected bit order; bit 3 of rem is the lowest power. */
    for (int r = 0; r < 16; r++) {
        uint16_t v = 0;
        for (int b = 0; b < 4; b++)
            if (r & (8 >> b))
                v ^= (uint16_t)(0xe100 >> b);
        ghash_rem[r] = v;
    }
}

static uint32_t subword(uint32_t w)
{
    return (uint32_t)sbox[w >> 24] << 24 | (uint32_t)sbox[(w >> 16) & 255] << 16 |
           (uint32_t)sbox[(w >> 8) & 255] << 8 | sbox[w & 255];
}

void aes_setup(aes_ctx *c, const uint8_t *key, unsigned key_bits)
{
    c->nr = aes_expand_key(c->w, key, key_bits, 1, subword);
}

static uint32_t load_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#define TROUND(a, b, c, d, k) \
    (te[0][(a) >> 24] ^ te[1][((b) >> 16) & 255] ^ te[2][((c) >> 8) & 255] ^ te[3][(d) & 255] ^ (k))
#define SROUND(a, b, c, d, k)                                                                   \
    (((uint32_t)sbox[(a) >> 24] << 24 | (uint32_t)sbox[((b) >> 16) & 255] << 16 |              \
      (uint32_t)sbox[((c) >> 8) & 255] << 8 | sbox[(d) & 255]) ^ (k))

void aes_encrypt(const aes_ctx *c, const uint8_t in[16], uint8_t out[16])
{
    const uint32_t *rk = c->w;
    uint32_t s0 = load_be(in) ^ rk[0], s1 = load_be(in + 4) ^ rk[1];
    uint32_t s2 = load_be(in + 8) ^ rk[2], s3 = load_be(in + 12) ^ rk[3];
    for (unsigned r = 1; r < c->nr; r++) {
        rk += 4;
        uint32_t t0 = TROUND(s0, s1, s2, s3, rk[0]), t1 = TROUND(s1, s2, s3, s0, rk[1]);
        uint32_t t2 = TROUND(s2, s3, s0, s1, rk[2]), t3 = TROUND(s3, s0, s1, s2, rk[3]);
        s0 = t0, s1 = t1, s2 = t2, s3 = t3;
    }
    rk += 4;
    store_be(out, SROUND(s0, s1, s2, s3, rk[0]));
    store_be(out + 4, SROUND(s1, s2, s3, s0, rk[1]));
    store_be(out + 8, SROUND(s2, s3, s0, s1, rk[2]));
    store_be(out + 12, SROUND(s3, s0, s1, s2, rk[3]));
}

/* GHASH state: 128-bit values as four big-endian words, word 0 holding x^0..x^31 (GCM's reflected order). */
typedef struct { uint32_t m[16][4]; uint32_t y[4]; } gh_table;
_Static_assert(sizeof(gh_table) <= sizeof(ghash_ctx), "ghash_ctx too small");
_Static_assert(4 * 60 <= sizeof(((aes_ctx *)0)->w), "aes_ctx too small");

void ghash_setup(ghash_ctx *g, const uint8_t h[16])
{
    gh_table *t = (gh_table *)g;
    /* m[8] = H; m[4], m[2], m[1] = H*x, H*x^2, H*x^3 (a nibble's high bit is its lowest power); sums by XOR. */
    uint32_t v[4] = {load_be(h), load_be(h + 4), load_be(h + 8), load_be(h + 12)};
    memset(t, 0, sizeof *t);
    for (int b = 8; b; b >>= 1) {
        memcpy(t->m[b], v, sizeof v);
        uint32_t carry = v[3] & 1;
        v[3] = v[3] >> 1 | v[2] << 31;
        v[2] = v[2] >> 1 | v[1] << 31;
        v[1] = v[1] >> 1 | v[0] << 31;
        v[0] = (v[0] >> 1) ^ (carry ? 0xe1000000u : 0);
    }
    for (int i = 3; i < 16; i++)
        if (i & (i - 1))
            for (int k = 0; k < 4; k++)
                t->m[i][k] = t->m[i & (i - 1)][k] ^ t->m[i & -i][k];
}

void ghash_block(ghash_ctx *g, const uint8_t blk[16])
{
    gh_table *t = (gh_table *)g;
    uint8_t x[16];
    for (int k = 0; k < 4; k++)
        store_be(x + 4 * k, t->y[k] ^ load_be(blk + 4 * k));
    /* Horner from the highest power: the last byte's low nibble first, times x^4 between nibbles. */
    uint32_t z0 = 0, z1 = 0, z2 = 0, z3 = 0;
    for (int i = 15; i >= 0; i--) {
        for (int half = 0; half < 2; half++) {
            unsigned nib = half ? x[i] >> 4 : x[i] & 15;
            unsigned rem = z3 & 15;
            z3 = z3 >> 4 | z2 << 28;
            z2 = z2 >> 4 | z1 << 28;
            z1 = z1 >> 4 | z0 << 28;
            z0 = (z0 >> 4) ^ ((uint32_t)ghash_rem[rem] << 16);
            z0 ^= t->m[nib][0];
            z1 ^= t->m[nib][1];
            z2 ^= t->m[nib][2];
            z3 ^= t->m[nib][3];
        }
    }
    t->y[0] = z0, t->y[1] = z1, t->y[2] = z2, t->y[3] = z3;
}

void ghash_final(const ghash_ctx *g, uint8_t out[16])
{
    const gh_table *t = (const gh_table *)g;
    for (int k = 0; k < 4; k++)
        store_be(out + 4 * k, t->y[k]);
}
