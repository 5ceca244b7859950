/* LU: blocked dense LU factorization without pivoting, as SPLASH-2's LU kernel is described (Woo et al., ISCA
 * 1995): the n x n matrix is divided into B x B blocks assigned to threads in a 2-D scatter, and each step
 * factors the diagonal block, updates the perimeter blocks, then the interior. The contiguous variant stores
 * each block's elements together (whole cache lines per block, no false sharing); the non-contiguous one is a
 * plain row-major array, where a block's rows are n elements apart.
 *
 *   lu [n=256] [threads=1] [contiguous=1] [B=16]    prints "lu ok" when spot entries of L*U match A
 */
#include <math.h>

#include "common.h"

static int n, B, nb, contiguous, grid_rows, grid_cols;
static double *a;

/* Block (I, J): its first element and the distance between its rows. */
static double *block(int I, int J, long *stride)
{
    if (contiguous) {
        *stride = B;
        return &a[((long)I * nb + J) * B * B];
    }
    *stride = n;
    return &a[(long)I * B * n + (long)J * B];
}

static int owner(int I, int J)
{
    return (I % grid_rows) * grid_cols + (J % grid_cols);
}

static void factor_diagonal(double *d, long s)
{
    for (int k = 0; k < B; k++)
        for (int i = k + 1; i < B; i++) {
            double l = d[i * s + k] /= d[k * s + k];
            for (int j = k + 1; j < B; j++)
                d[i * s + j] -= l * d[k * s + j];
        }
}

/* Row block (k, J) := L_kk^-1 A_kJ (L unit lower triangular). */
static void solve_lower(const double *d, long ds, double *b, long bs)
{
    for (int k = 0; k < B; k++)
        for (int i = k + 1; i < B; i++)
            for (int j = 0; j < B; j++)
                b[i * bs + j] -= d[i * ds + k] * b[k * bs + j];
}

/* Column block (I, k) := A_Ik U_kk^-1. */
static void solve_upper(const double *d, long ds, double *b, long bs)
{
    for (int i = 0; i < B; i++)
        for (int k = 0; k < B; k++) {
            double v = b[i * bs + k] /= d[k * ds + k];
            for (int j = k + 1; j < B; j++)
                b[i * bs + j] -= v * d[k * ds + j];
        }
}

static void update(double *c, long cs, const double *l, long ls, const double *u, long us)
{
    for (int i = 0; i < B; i++)
        for (int k = 0; k < B; k++) {
            double v = l[i * ls + k];
            for (int j = 0; j < B; j++)
                c[i * cs + j] -= v * u[k * us + j];
        }
}

static void worker(int id)
{
    long ds, bs, ls, us;
    for (int k = 0; k < nb; k++) {
        double *d = block(k, k, &ds);
        if (owner(k, k) == id)
            factor_diagonal(d, ds);
        barrier();
        for (int J = k + 1; J < nb; J++) {
            if (owner(k, J) == id) {
                double *b = block(k, J, &bs);
                solve_lower(d, ds, b, bs);
            }
            if (owner(J, k) == id) {
                double *b = block(J, k, &bs);
                solve_upper(d, ds, b, bs);
            }
        }
        barrier();
        for (int I = k + 1; I < nb; I++)
            for (int J = k + 1; J < nb; J++)
                if (owner(I, J) == id) {
                    const double *l = block(I, k, &ls), *u = block(k, J, &us);
                    double *c = block(I, J, &bs);
                    update(c, bs, l, ls, u, us);
                }
        barrier();
    }
}

static double *element(int i, int j)
{
    long s;
    return &block(i / B, j / B, &s)[(i % B) * s + j % B];
}

int main(int argc, char **argv)
{
    n = (int)wl_arg(argc, argv, 1, 256);
    int threads = (int)wl_arg(argc, argv, 2, 1);
    contiguous = (int)wl_arg(argc, argv, 3, 1);
    B = (int)wl_arg(argc, argv, 4, 16);
    if (B < 2 || n < B || n % B) {
        fprintf(stderr, "lu: n must be a multiple of B >= 2, got n=%d B=%d\n", n, B);
        return 2;
    }
    nb = n / B;
    for (grid_rows = 1; grid_rows * grid_rows * 2 <= threads; grid_rows *= 2)
        ;
    grid_cols = threads / grid_rows;
    if (grid_rows * grid_cols != threads) {
        fprintf(stderr, "lu: threads must be a power of two, got %d\n", threads);
        return 2;
    }
    a = wl_aligned((long)n * n * sizeof *a);
    double *orig = wl_aligned((long)n * n * sizeof *orig);
    unsigned long seed = 7;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            seed = seed * 6364136223846793005UL + 1442695040888963407UL;
            double v = (double)(seed >> 40) / (1 << 24) + (i == j ? n : 0);  /* diagonally dominant */
            *element(i, j) = orig[(long)i * n + j] = v;
        }
    run_parallel(threads);
    for (int i = 0; i < n; i += n / 5 + 1)
        for (int j = 0; j < n; j += n / 7 + 1) {
            double want = 0;
            for (int k = 0; k <= (i < j ? i : j); k++)
                want += (k == i ? 1.0 : *element(i, k)) * *element(k, j);
            if (fabs(want - orig[(long)i * n + j]) > 1e-8 * n) {
                fprintf(stderr, "lu: (L U)[%d][%d] = %g, A = %g\n", i, j, want, orig[(long)i * n + j]);
                return 1;
            }
        }
    printf("lu ok n=%d threads=%d contiguous=%d\n", n, threads, contiguous);
    return 0;
}
