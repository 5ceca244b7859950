/* FFT: a complex one-dimensional FFT of n = 2^m points by the six-step method, as SPLASH-2's FFT kernel is
 * described (Woo et al., ISCA 1995): the data and the n roots of unity are sqrt(n) x sqrt(n) matrices, each
 * thread owns a contiguous band of rows, and three transposes carry the all-to-all communication.
 *
 *   fft [m=16] [threads=1]      (m even) prints "fft ok" when spot values match a direct DFT
 */
#include <complex.h>
#include <math.h>

#include "common.h"

static int m_log, R;              /* n = R * R points */
static long N;
static double complex *x, *y;     /* the data and a second matrix the transposes write */
static double complex *roots_n;   /* w_N^k, k < N: the twiddle matrix */
static double complex *roots_r;   /* w_R^k, k < R: the row FFTs */

static void transpose(double complex *dst, const double complex *src, int r0, int r1)
{
    for (int r = r0; r < r1; r++)
        for (int c = 0; c < R; c++)
            dst[(long)r * R + c] = src[(long)c * R + r];
}

/* In place, iterative radix-2 on one row of R points. */
static void row_fft(double complex *row)
{
    for (int i = 1, j = 0; i < R; i++) {
        int bit = R >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j |= bit;
        if (i < j) {
            double complex t = row[i];
            row[i] = row[j];
            row[j] = t;
        }
    }
    for (int len = 2; len <= R; len <<= 1) {
        int step = R / len;
        for (int s = 0; s < R; s += len)
            for (int k = 0; k < len / 2; k++) {
                double complex w = roots_r[k * step];
                double complex a = row[s + k], b = row[s + k + len / 2] * w;
                row[s + k] = a + b;
                row[s + k + len / 2] = a - b;
            }
    }
}

static void worker(int id)
{
    int r0 = (int)((long)R * id / wl_threads), r1 = (int)((long)R * (id + 1) / wl_threads);
    transpose(y, x, r0, r1);
    barrier();
    for (int r = r0; r < r1; r++) {
        row_fft(&y[(long)r * R]);
        for (int c = 0; c < R; c++)
            y[(long)r * R + c] *= roots_n[((long)r * c) % N];
    }
    barrier();
    transpose(x, y, r0, r1);
    barrier();
    for (int r = r0; r < r1; r++)
        row_fft(&x[(long)r * R]);
    barrier();
    transpose(y, x, r0, r1);
}

int main(int argc, char **argv)
{
    m_log = (int)wl_arg(argc, argv, 1, 16);
    int threads = (int)wl_arg(argc, argv, 2, 1);
    if (m_log < 4 || m_log > 26 || m_log % 2) {
        fprintf(stderr, "fft: m must be even and 4..26, got %d\n", m_log);
        return 2;
    }
    N = 1L << m_log;
    R = 1 << (m_log / 2);
    x = wl_aligned(N * sizeof *x);
    y = wl_aligned(N * sizeof *y);
    roots_n = wl_aligned(N * sizeof *roots_n);
    roots_r = wl_aligned(R * sizeof *roots_r);
    for (long k = 0; k < N; k++)
        roots_n[k] = cexp(-2 * M_PI * I * (double)k / (double)N);
    for (int k = 0; k < R; k++)
        roots_r[k] = roots_n[(long)k * R];
    double complex *input = wl_aligned(N * sizeof *input);
    unsigned long seed = 12345;
    for (long j = 0; j < N; j++) {
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        double re = (double)(seed >> 40) / (1 << 24) - 0.5;
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        input[j] = re + I * ((double)(seed >> 40) / (1 << 24) - 0.5);
        x[j] = input[j];
    }
    run_parallel(threads);
    for (long k = 0; k < N; k += N / 7 + 1) {  /* a few spot values against the definition */
        double complex want = 0;
        for (long j = 0; j < N; j++)
            want += input[j] * roots_n[(j * k) % N];
        if (cabs(want - y[k]) > 1e-6 * sqrt((double)N)) {
            fprintf(stderr, "fft: X[%ld] = %g%+gi, direct DFT %g%+gi\n", k, creal(y[k]), cimag(y[k]),
                    creal(want), cimag(want));
            return 1;
        }
    }
    printf("fft ok n=%ld threads=%d\n", N, threads);
    return 0;
}
