/* AES key expansion (FIPS-197 5.2) and the GCM (SP 800-38D, 96-bit IV) and CBC encryption modes, written once
   over the primitives every variant provides, so the variants differ only in AES and GHASH themselves. */
#include "fw.h"

unsigned aes_expand_key(uint32_t *w, const uint8_t *key, unsigned key_bits, int be, uint32_t (*subword)(uint32_t))
{
    unsigned nk = key_bits / 32, nr = nk + 6, total = 4 * (nr + 1);
    uint32_t rcon = 1;
    for (unsigned i = 0; i < nk; i++) {
        const uint8_t *k = key + 4 * i;
        w[i] = be ? ((uint32_t)k[0] << 24 | (uint32_t)k[1] << 16 | (uint32_t)k[2] << 8 | k[3])
                  : ((uint32_t)k[3] << 24 | (uint32_t)k[2] << 16 | (uint32_t)k[1] << 8 | k[0]);
    }
    /* j counts i mod nk without a divide (rv32i has none). */
    for (unsigned i = nk, j = 0; i < total; i++) {
        uint32_t t = w[i - 1];
        if (j == 0) {
            /* RotWord moves byte 1 into byte 0's place: a left rotate when byte 0 is most significant. */
            t = subword(be ? (t << 8 | t >> 24) : (t >> 8 | t << 24)) ^ (be ? rcon << 24 : rcon);
            rcon = (rcon << 1) ^ (-(rcon >> 7) & 0x11b);
        } else if (nk == 8 && j == 4) {
            t = subword(t);
        }
        w[i] = w[i - nk] ^ t;
        if (++j == nk)
            j = 0;
    }
    return nr;
}

void gcm_setup(gcm_ctx *c, const uint8_t *key, unsigned key_bits)
{
    uint8_t h[16] = {0};
    aes_setup(&c->aes, key, key_bits);
    aes_encrypt(&c->aes, h, h);
    ghash_setup(&c->gh, h);
}

static void put_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8)
        p[i] = (uint8_t)v;
}

void gcm_encrypt(gcm_ctx *c, const uint8_t iv[12], const uint8_t *aad, unsigned aad_len,
                 uint8_t *buf, unsigned n, uint8_t tag[16])
{
    uint8_t ctr[16], ks[16], len[16];
    memcpy(ctr, iv, 12);
    ctr[12] = ctr[13] = ctr[14] = 0;
    ctr[15] = 1;  /* J0 = IV || 0^31 || 1 */
    for (unsigned i = 0; i < aad_len; i += 16)
        ghash_block(&c->gh, aad + i);
    /* inc32: only the counter block's last 32 bits count, starting from J0's 1. */
    uint32_t cb = 1;
    for (unsigned i = 0; i < n; i += 16) {
        cb++;
        ctr[12] = (uint8_t)(cb >> 24);
        ctr[13] = (uint8_t)(cb >> 16);
        ctr[14] = (uint8_t)(cb >> 8);
        ctr[15] = (uint8_t)cb;
        aes_encrypt(&c->aes, ctr, ks);
        for (unsigned k = 0; k < 16; k++)
            buf[i + k] ^= ks[k];
        ghash_block(&c->gh, buf + i);
    }
    put_be64(len, (uint64_t)aad_len << 3);
    put_be64(len + 8, (uint64_t)n << 3);
    ghash_block(&c->gh, len);
    ctr[12] = ctr[13] = ctr[14] = 0;
    ctr[15] = 1;
    aes_encrypt(&c->aes, ctr, ks);
    ghash_final(&c->gh, tag);
    for (unsigned k = 0; k < 16; k++)
        tag[k] ^= ks[k];
}

void cbc_encrypt(const aes_ctx *c, const uint8_t iv[16], uint8_t *buf, unsigned n)
{
    const uint8_t *prev = iv;
    for (unsigned i = 0; i < n; i += 16) {
        for (unsigned k = 0; k < 16; k++)
            buf[i + k] ^= prev[k];
        aes_encrypt(c, buf + i, buf + i);
        prev = buf + i;
    }
}
