/* A Kronecker (R-MAT) graph in compressed sparse row form, generated as the GAP Benchmark Suite describes its
 * "kron" input (Beamer, Asanovic and Patterson, "The GAP Benchmark Suite", arXiv:1508.03619, §3: the Graph500
 * generator's parameters A = 0.57, B = C = 0.19), undirected: every edge is stored in both directions. Self loops
 * and duplicate edges are kept, as a generator's raw edge list has them. Deterministic for a seed.
 */
#ifndef WORKLOAD_GRAPH_H
#define WORKLOAD_GRAPH_H

#include "common.h"

typedef struct {
    long n;            /* vertices */
    long m;            /* directed edges stored (2 x undirected) */
    long *offset;      /* n + 1 */
    int *neighbor;     /* m */
} graph_t;

static unsigned long g_seed = 88172645463325252UL;

static unsigned long g_next(void)   /* xorshift64 */
{
    g_seed ^= g_seed << 13;
    g_seed ^= g_seed >> 7;
    g_seed ^= g_seed << 17;
    return g_seed;
}

static void kron_edge(int scale, long *u, long *v)
{
    long a = 0, b = 0;
    for (int bit = 0; bit < scale; bit++) {
        double r = (double)(g_next() >> 11) / 9007199254740992.0;
        int down = r >= 0.57 + 0.19;          /* quadrants C and D: the row bit is 1 */
        int right = (r >= 0.57 && r < 0.57 + 0.19) || r >= 0.57 + 0.19 + 0.19;  /* B and D */
        a = (a << 1) | down;
        b = (b << 1) | right;
    }
    *u = a;
    *v = b;
}

static graph_t kron_graph(int scale, int edge_factor)
{
    graph_t g;
    g.n = 1L << scale;
    long edges = g.n * edge_factor;
    long *src = wl_aligned(edges * sizeof *src), *dst = wl_aligned(edges * sizeof *dst);
    /* GAP permutes vertex ids so that degree is not correlated with id */
    long *perm = wl_aligned(g.n * sizeof *perm);
    for (long i = 0; i < g.n; i++)
        perm[i] = i;
    for (long i = g.n - 1; i > 0; i--) {
        long j = (long)(g_next() % (unsigned long)(i + 1)), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    g.offset = wl_aligned((g.n + 1) * sizeof *g.offset);
    for (long e = 0; e < edges; e++) {
        kron_edge(scale, &src[e], &dst[e]);
        src[e] = perm[src[e]];
        dst[e] = perm[dst[e]];
        g.offset[src[e] + 1]++;
        g.offset[dst[e] + 1]++;
    }
    for (long i = 0; i < g.n; i++)
        g.offset[i + 1] += g.offset[i];
    g.m = g.offset[g.n];
    g.neighbor = wl_aligned(g.m * sizeof *g.neighbor);
    long *fill = wl_aligned(g.n * sizeof *fill);
    for (long e = 0; e < edges; e++) {
        g.neighbor[g.offset[src[e]] + fill[src[e]]++] = (int)dst[e];
        g.neighbor[g.offset[dst[e]] + fill[dst[e]]++] = (int)src[e];
    }
    free(src);
    free(dst);
    free(perm);
    free(fill);
    return g;
}

#endif
