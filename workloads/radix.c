/* RADIX: integer radix sort, as SPLASH-2's RADIX kernel is described (Woo et al., ISCA 1995): each pass over
 * one digit builds per-thread histograms, turns them into each thread's global offsets, and permutes the
 * keys, so every pass communicates all-to-all. Offsets come from every thread reading all histograms
 * (SPLASH-2 uses a prefix tree; the permutation traffic, which dominates, is the same).
 *
 *   radix [keys=262144] [threads=1] [radix_bits=8] [key_bits=20]    prints "radix ok" when sorted
 */
#include "common.h"

static long n_keys;
static int bits, digits, passes;
static unsigned *keys[2];       /* pass p reads keys[p % 2] and writes the other */
static long *hist;               /* [thread][digit] counts, then offsets */

static void worker(int id)
{
    long k0 = n_keys * id / wl_threads, k1 = n_keys * (id + 1) / wl_threads;
    long *mine = &hist[(long)id * digits];
    for (int pass = 0; pass < passes; pass++) {
        const unsigned *src = keys[pass % 2];
        unsigned *dst = keys[1 - pass % 2];
        int shift = pass * bits;
        unsigned mask = (unsigned)digits - 1;
        for (int d = 0; d < digits; d++)
            mine[d] = 0;
        for (long k = k0; k < k1; k++)
            mine[(src[k] >> shift) & mask]++;
        barrier();
        long offset[1 << 12];  /* keys of smaller digits, then earlier threads' keys of this digit */
        long before = 0;
        for (int d = 0; d < digits; d++) {
            long all = 0, own = 0;
            for (int t = 0; t < wl_threads; t++) {
                long c = hist[(long)t * digits + d];
                all += c;
                own += t < id ? c : 0;
            }
            offset[d] = before + own;
            before += all;
        }
        barrier();
        for (long k = k0; k < k1; k++) {
            unsigned key = src[k];
            dst[offset[(key >> shift) & mask]++] = key;
        }
        barrier();
    }
}

int main(int argc, char **argv)
{
    n_keys = wl_arg(argc, argv, 1, 262144);
    int threads = (int)wl_arg(argc, argv, 2, 1);
    bits = (int)wl_arg(argc, argv, 3, 8);
    int key_bits = (int)wl_arg(argc, argv, 4, 20);
    if (n_keys < 16 || bits < 1 || bits > 12 || key_bits < 1 || key_bits > 31) {
        fprintf(stderr, "radix: keys >= 16, radix_bits 1..12, key_bits 1..31\n");
        return 2;
    }
    digits = 1 << bits;
    passes = (key_bits + bits - 1) / bits;
    unsigned *src = keys[0] = wl_aligned(n_keys * sizeof *src);
    keys[1] = wl_aligned(n_keys * sizeof *src);
    hist = wl_aligned((long)threads * digits * sizeof *hist);
    unsigned long seed = 2024, sum = 0;
    for (long k = 0; k < n_keys; k++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        src[k] = (unsigned)(seed >> 33) & ((1u << key_bits) - 1);
        sum += src[k];
    }
    run_parallel(threads);
    src = keys[passes % 2];
    for (long k = 0; k < n_keys; k++) {
        sum -= src[k];
        if (k && src[k - 1] > src[k]) {
            fprintf(stderr, "radix: keys %ld and %ld out of order\n", k - 1, k);
            return 1;
        }
    }
    if (sum) {
        fprintf(stderr, "radix: the sorted keys are not the input's\n");
        return 1;
    }
    printf("radix ok keys=%ld threads=%d\n", n_keys, threads);
    return 0;
}
