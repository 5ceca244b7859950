/* Benchmark driver: for each measured operation, draw key, IV, AAD and data from xorshift32 with a fixed
   per-operation seed, time setup (key expansion, H = E(0), GHASH tables) and the whole operation with the
   cycle/instret counters, and print one RESULT line (format in README.md). Build defines: KEY_BITS,
   LONG_BYTES (0 = no long GCM run), CBC_SIZES (comma list ending in 0), BUF_BYTES (the largest of them). */
#include "fw.h"

#ifndef KEY_BITS
#define KEY_BITS 128
#endif
#ifndef LONG_BYTES
#define LONG_BYTES 16384
#endif
#ifndef CBC_SIZES
#define CBC_SIZES 1024, 4096, 0
#endif

#define LINE_BYTES 64
#define AAD_BYTES 16
#define SEED_BASE 0xc0de0000u

static const unsigned cbc_sizes[] = {CBC_SIZES};

#ifndef BUF_BYTES
#define BUF_BYTES 16384
#endif
static uint8_t buf[BUF_BYTES] __attribute__((aligned(4)));
static gcm_ctx gcm;
static uint32_t prng;

static void prng_fill(uint8_t *p, unsigned n)
{
    for (unsigned i = 0; i < n; i += 4) {
        uint32_t x = prng;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        prng = x;
        p[i] = (uint8_t)x;
        p[i + 1] = (uint8_t)(x >> 8);
        p[i + 2] = (uint8_t)(x >> 16);
        p[i + 3] = (uint8_t)(x >> 24);
    }
}

static void report(const char *alg, unsigned n, uint32_t seed, const uint8_t *tag, const uint8_t *last,
                   counters t0, counters t1, counters t2)
{
    uart_puts("RESULT alg=");
    uart_puts(alg);
    uart_puts(" impl=");
    uart_puts(impl_name);
    uart_puts(" key_bits=");
    uart_dec(KEY_BITS);
    uart_puts(" bytes=");
    uart_dec(n);
    uart_puts(" seed=");
    uart_hex32(seed);
    if (tag) {
        uart_puts(" tag=");
        uart_hex(tag, 16);
    }
    uart_puts(" last=");
    uart_hex(last, 16);
    uart_puts(" cycles=");
    uart_dec(t2.cycles - t0.cycles);
    uart_puts(" instret=");
    uart_dec(t2.instret - t0.instret);
    uart_puts(" setup_cycles=");
    uart_dec(t1.cycles - t0.cycles);
    uart_puts(" setup_instret=");
    uart_dec(t1.instret - t0.instret);
    uart_puts("\n");
}

static void run_gcm(uint32_t seed, unsigned n)
{
    uint8_t key[KEY_BITS / 8], iv[12], aad[AAD_BYTES], tag[16];
    static const uint8_t zero[16];
    prng = seed;
    prng_fill(key, sizeof key);
    prng_fill(iv, sizeof iv);
    prng_fill(aad, sizeof aad);
    prng_fill(buf, n);
    counters t0 = read_counters();
    gcm_setup(&gcm, key, KEY_BITS);
    counters t1 = read_counters();
    gcm_encrypt(&gcm, iv, aad, sizeof aad, buf, n, tag);
    counters t2 = read_counters();
    report("gcm", n, seed, tag, n ? buf + n - 16 : zero, t0, t1, t2);
}

static void run_cbc(uint32_t seed, unsigned n)
{
    uint8_t key[KEY_BITS / 8], iv[16];
    prng = seed;
    prng_fill(key, sizeof key);
    prng_fill(iv, sizeof iv);
    prng_fill(buf, n);
    counters t0 = read_counters();
    aes_setup(&gcm.aes, key, KEY_BITS);
    counters t1 = read_counters();
    cbc_encrypt(&gcm.aes, iv, buf, n);
    counters t2 = read_counters();
    report("cbc", n, seed, 0, buf + n - 16, t0, t1, t2);
}

int main(void)
{
    uint32_t seed = SEED_BASE;
    impl_init();
    run_gcm(++seed, LINE_BYTES);
    if (LONG_BYTES && LONG_BYTES <= sizeof buf)
        run_gcm(++seed, LONG_BYTES);
    for (unsigned i = 0; cbc_sizes[i]; i++) {
        if (cbc_sizes[i] > sizeof buf)
            return 2;  /* the build sizes buf for the largest buffer: a mismatch is a build bug */
        run_cbc(++seed, cbc_sizes[i]);
    }
    uart_puts("DONE\n");
    return 0;
}
