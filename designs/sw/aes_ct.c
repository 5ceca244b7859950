/* Variant `ct`: table-free, constant-time AES and GHASH. No secret value selects a branch or a memory address.
   AES is bitsliced: plane k holds bit k of all 16 state bytes (lane = byte index = 4*column + row), so one
   bitwise instruction works on 16 bytes. The S-box is computed, not looked up: inversion in GF(2^8) as
   x^254 (4 multiplications, 7 squarings, each a fixed sequence of AND/XOR on planes) and the affine map.
   GHASH is the bit-serial multiply of SP 800-38D with masks in place of branches. */
#include "fw.h"

const char impl_name[] = "ct";

void impl_init(void) {}

typedef uint32_t planes[8];

/* The GF(2^8) loops are unrolled at every -O level above -O0 so the 15 partial products live in registers:
   the loop form at -O2 keeps them in memory and runs about four times slower. */
#define UNROLL _Pragma("GCC unroll 64")

/* Reduce a 15-coefficient product modulo x^8 + x^4 + x^3 + x + 1, highest coefficient first. */
static void reduce(uint32_t p[15], uint32_t *r)
{
    UNROLL for (int k = 14; k >= 8; k--) {
        p[k - 4] ^= p[k];
        p[k - 5] ^= p[k];
        p[k - 7] ^= p[k];
        p[k - 8] ^= p[k];
    }
    UNROLL for (int k = 0; k < 8; k++)
        r[k] = p[k];
}

static void gf_mul(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t p[15] = {0};
    UNROLL for (int i = 0; i < 8; i++)
        UNROLL for (int j = 0; j < 8; j++)
            p[i + j] ^= a[i] & b[j];
    reduce(p, r);
}

static void gf_sq(uint32_t *r, const uint32_t *a)
{
    uint32_t p[15] = {0};
    UNROLL for (int i = 0; i < 8; i++)
        p[2 * i] = a[i];  /* squaring is linear in characteristic 2 */
    reduce(p, r);
}

static void sub_bytes(planes s)
{
    planes x2, x3, x6, x12, x14, x15, t;
    gf_sq(x2, s);
    gf_mul(x3, x2, s);
    gf_sq(x6, x3);
    gf_sq(x12, x6);
    gf_mul(x15, x12, x3);
    gf_mul(x14, x12, x2);
    gf_sq(t, x15);       /* x^30 */
    gf_sq(t, t);         /* x^60 */
    gf_sq(t, t);         /* x^120 */
    gf_sq(t, t);         /* x^240 */
    gf_mul(t, t, x14);   /* x^254 = x^-1 (and 0 for 0) */
    UNROLL for (int i = 0; i < 8; i++) {
        /* affine map: b_i ^ b_(i+4) ^ b_(i+5) ^ b_(i+6) ^ b_(i+7) ^ bit i of 0x63 (all lanes) */
        s[i] = t[i] ^ t[(i + 4) & 7] ^ t[(i + 5) & 7] ^ t[(i + 6) & 7] ^ t[(i + 7) & 7] ^ (0u - ((0x63u >> i) & 1));
    }
}

static void pack(planes p, const uint8_t b[16])
{
    for (int k = 0; k < 8; k++) {
        uint32_t v = 0;
        for (int l = 0; l < 16; l++)
            v |= (uint32_t)((b[l] >> k) & 1) << l;
        p[k] = v;
    }
}

static void unpack(uint8_t b[16], const planes p)
{
    for (int l = 0; l < 16; l++) {
        uint32_t v = 0;
        for (int k = 0; k < 8; k++)
            v |= ((p[k] >> l) & 1) << k;
        b[l] = (uint8_t)v;
    }
}

/* Row r sits in lanes r, r+4, r+8, r+12; ShiftRows rotates that row by r columns, i.e. its lanes by 4r. */
static uint32_t shift_rows(uint32_t x)
{
    uint32_t r1 = x & 0x2222, r2 = x & 0x4444, r3 = x & 0x8888;
    return (x & 0x1111) | (((r1 >> 4) | (r1 << 12)) & 0x2222) | (((r2 >> 8) | (r2 << 8)) & 0x4444) |
           (((r3 >> 12) | (r3 << 4)) & 0x8888);
}

/* Within every column (a nibble of lanes), row r takes row r+k. */
static uint32_t rot1(uint32_t x) { return ((x >> 1) & 0x7777) | ((x << 3) & 0x8888); }
static uint32_t rot2(uint32_t x) { return ((x >> 2) & 0x3333) | ((x << 2) & 0xcccc); }
static uint32_t rot3(uint32_t x) { return ((x >> 3) & 0x1111) | ((x << 1) & 0xeeee); }

/* out_r = 2*a_r ^ 3*a_(r+1) ^ a_(r+2) ^ a_(r+3) = 2*(a_r ^ a_(r+1)) ^ a_(r+1) ^ a_(r+2) ^ a_(r+3) */
static void mix_columns(planes s)
{
    planes t, o;
    for (int k = 0; k < 8; k++)
        t[k] = s[k] ^ rot1(s[k]);
    /* doubling: a shift of bit planes, with bit 7 folded into bits 0, 1, 3, 4 */
    o[0] = t[7];
    o[1] = t[0] ^ t[7];
    o[2] = t[1];
    o[3] = t[2] ^ t[7];
    o[4] = t[3] ^ t[7];
    o[5] = t[4];
    o[6] = t[5];
    o[7] = t[6];
    for (int k = 0; k < 8; k++)
        s[k] = o[k] ^ rot1(s[k]) ^ rot2(s[k]) ^ rot3(s[k]);
}

static uint32_t subword(uint32_t w)
{
    uint8_t b[16] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24)};
    planes p;
    pack(p, b);
    sub_bytes(p);
    unpack(b, p);
    return (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
}

typedef struct { planes rk[15]; } ct_keys;
_Static_assert(sizeof(ct_keys) <= sizeof(((aes_ctx *)0)->w), "aes_ctx too small");

void aes_setup(aes_ctx *c, const uint8_t *key, unsigned key_bits)
{
    uint32_t w[60];
    uint8_t b[16];
    ct_keys *k = (ct_keys *)c->w;
    c->nr = aes_expand_key(w, key, key_bits, 0, subword);
    for (unsigned r = 0; r <= c->nr; r++) {
        memcpy(b, w + 4 * r, 16);  /* little-endian words: byte order in memory is the key's */
        pack(k->rk[r], b);
    }
}

void aes_encrypt(const aes_ctx *c, const uint8_t in[16], uint8_t out[16])
{
    const ct_keys *k = (const ct_keys *)c->w;
    planes s;
    pack(s, in);
    for (int i = 0; i < 8; i++)
        s[i] ^= k->rk[0][i];
    for (unsigned r = 1; r <= c->nr; r++) {
        sub_bytes(s);
        for (int i = 0; i < 8; i++)
            s[i] = shift_rows(s[i]);
        if (r != c->nr)
            mix_columns(s);
        for (int i = 0; i < 8; i++)
            s[i] ^= k->rk[r][i];
    }
    unpack(out, s);
}

/* GHASH: big-endian words, word 0 bit 31 = x^0 (GCM's reflected order); multiplying by x is a right shift. */
typedef struct { uint32_t h[4], y[4]; } gh_ct;
_Static_assert(sizeof(gh_ct) <= sizeof(ghash_ctx), "ghash_ctx too small");

static uint32_t load_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

void ghash_setup(ghash_ctx *g, const uint8_t h[16])
{
    gh_ct *t = (gh_ct *)g;
    for (int k = 0; k < 4; k++) {
        t->h[k] = load_be(h + 4 * k);
        t->y[k] = 0;
    }
}

void ghash_block(ghash_ctx *g, const uint8_t blk[16])
{
    gh_ct *t = (gh_ct *)g;
    uint32_t x[4], z0 = 0, z1 = 0, z2 = 0, z3 = 0;
    uint32_t v0 = t->h[0], v1 = t->h[1], v2 = t->h[2], v3 = t->h[3];
    for (int k = 0; k < 4; k++)
        x[k] = t->y[k] ^ load_be(blk + 4 * k);
    for (int i = 0; i < 128; i++) {
        uint32_t m = 0u - ((x[i >> 5] >> (31 - (i & 31))) & 1);
        z0 ^= v0 & m;
        z1 ^= v1 & m;
        z2 ^= v2 & m;
        z3 ^= v3 & m;
        uint32_t red = 0u - (v3 & 1);
        v3 = v3 >> 1 | v2 << 31;
        v2 = v2 >> 1 | v1 << 31;
        v1 = v1 >> 1 | v0 << 31;
        v0 = (v0 >> 1) ^ (0xe1000000u & red);
    }
    t->y[0] = z0, t->y[1] = z1, t->y[2] = z2, t->y[3] = z3;
}

void ghash_final(const ghash_ctx *g, uint8_t out[16])
{
    const gh_ct *t = (const gh_ct *)g;
    for (int k = 0; k < 4; k++) {
        out[4 * k] = (uint8_t)(t->y[k] >> 24);
        out[4 * k + 1] = (uint8_t)(t->y[k] >> 16);
        out[4 * k + 2] = (uint8_t)(t->y[k] >> 8);
        out[4 * k + 3] = (uint8_t)t->y[k];
    }
}
