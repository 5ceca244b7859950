/* TRIAD: the STREAM benchmark's triad, a[i] = b[i] + s x c[i] (McCalpin, "Memory Bandwidth and Machine Balance
 * in Current High Performance Computers", IEEE TCCA Newsletter 1995), over arrays several times the last-level
 * cache, repeated; the threads split the index range. Checked after the run against the values the repetitions
 * must leave.
 *
 *   triad [elements=4194304] [threads=1] [repeats=2]      prints "triad ok"
 */
#include <math.h>

#include "common.h"

static long n;
static int repeats;
static double *a, *b, *c;
static const double s = 3.0;

static void worker(int id)
{
    long i0 = n * id / wl_threads, i1 = n * (id + 1) / wl_threads;
    for (int r = 0; r < repeats; r++) {
        for (long i = i0; i < i1; i++)
            a[i] = b[i] + s * c[i];
        barrier();
        if (r + 1 == repeats)
            break;
        for (long i = i0; i < i1; i++)  /* feed the result back, so every repetition computes new values */
            b[i] = a[i] * 0.5;
        barrier();
    }
}

int main(int argc, char **argv)
{
    n = wl_arg(argc, argv, 1, 4194304);
    int threads = (int)wl_arg(argc, argv, 2, 1);
    repeats = (int)wl_arg(argc, argv, 3, 2);
    if (n < 16 || repeats < 1) {
        fprintf(stderr, "triad: elements >= 16, repeats >= 1\n");
        return 2;
    }
    a = wl_aligned(n * sizeof *a);
    b = wl_aligned(n * sizeof *b);
    c = wl_aligned(n * sizeof *c);
    for (long i = 0; i < n; i++) {
        b[i] = 1.0 + (double)(i % 7);
        c[i] = 2.0 - (double)(i % 5);
    }
    run_parallel(threads);
    for (long i = 0; i < n; i++) {
        double bi = 1.0 + (double)(i % 7), ci = 2.0 - (double)(i % 5), ai = 0.0;
        for (int r = 0; r < repeats; r++) {
            ai = bi + s * ci;
            if (r + 1 < repeats)
                bi = ai * 0.5;
        }
        if (fabs(a[i] - ai) > 1e-12 * fabs(ai) || fabs(b[i] - bi) > 1e-12 * fabs(bi)) {
            fprintf(stderr, "triad: element %ld is %g, expected %g\n", i, a[i], ai);
            return 1;
        }
    }
    printf("triad ok elements=%ld repeats=%d threads=%d\n", n, repeats, threads);
    return 0;
}
