/* Interfaces shared by the benchmark firmware: bare-metal I/O (io.c), the AES/GHASH primitives each variant
   implements (aes_table.c, aes_ct.c, aes_zk.c) and the modes built on them (modes.c). */
#ifndef FW_H
#define FW_H

#include <stdint.h>
#include <stddef.h>

/* ---- io.c: memory map of designs/sw/README.md ---- */
void uart_puts(const char *s);
void uart_hex(const uint8_t *p, unsigned n);      /* n bytes, two lower-case hex digits each */
void uart_hex32(uint32_t v);                      /* eight hex digits */
void uart_dec(uint64_t v);
void fw_exit(int code) __attribute__((noreturn));
void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);

typedef struct { uint64_t cycles, instret; } counters;
counters read_counters(void);

/* ---- per variant ---- */
/* Opaque storage, large enough for every variant's own layout (each checks with a static assert). */
typedef struct { uint32_t w[124]; unsigned nr; } aes_ctx;
typedef struct { uint32_t w[72]; } ghash_ctx;

extern const char impl_name[];
void impl_init(void);   /* one-time table construction, before any measurement (a ROM in a real system) */
void aes_setup(aes_ctx *c, const uint8_t *key, unsigned key_bits);
void aes_encrypt(const aes_ctx *c, const uint8_t in[16], uint8_t out[16]);
void ghash_setup(ghash_ctx *g, const uint8_t h[16]);    /* also clears the accumulator */
void ghash_block(ghash_ctx *g, const uint8_t blk[16]);  /* Y = (Y ^ blk) * H */
void ghash_final(const ghash_ctx *g, uint8_t out[16]);

/* ---- modes.c ---- */
/* Key expansion into 4*(nr+1) words; byte 0 of each word in the most (be=1) or least (be=0) significant byte. */
unsigned aes_expand_key(uint32_t *w, const uint8_t *key, unsigned key_bits, int be, uint32_t (*subword)(uint32_t));

typedef struct { aes_ctx aes; ghash_ctx gh; } gcm_ctx;
void gcm_setup(gcm_ctx *c, const uint8_t *key, unsigned key_bits);
/* In-place encryption of n bytes (a multiple of 16) with a 96-bit IV; aad_len a multiple of 16. */
void gcm_encrypt(gcm_ctx *c, const uint8_t iv[12], const uint8_t *aad, unsigned aad_len,
                 uint8_t *buf, unsigned n, uint8_t tag[16]);
void cbc_encrypt(const aes_ctx *c, const uint8_t iv[16], uint8_t *buf, unsigned n);

#endif
