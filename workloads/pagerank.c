/* PageRank: the GAP Benchmark Suite's PR kernel (Beamer, Asanovic and Patterson, arXiv:1508.03619, §2), pull
 * direction: each iteration every vertex's contribution is its score over its degree, and each vertex's new score
 * is (1 - d) / n + d x the sum of its neighbors' contributions, d = 0.85, stopping when the scores' total change is
 * below the tolerance or after the iteration limit. The threads split the vertices. Checked after the run against
 * the same iterations computed again serially, and the scores must sum to 1 within the dangling vertices' share.
 *
 *   pagerank [scale=16] [threads=1] [edge_factor=16] [iterations=20]      prints "pagerank ok"
 */
#include <math.h>

#include "graph.h"

static graph_t g;
static double *score, *contrib, *change;
static int iterations, done_iterations;
static const double damping = 0.85, tolerance = 1e-4;

static void worker(int id)
{
    long v0 = g.n * id / wl_threads, v1 = g.n * (id + 1) / wl_threads;
    double base = (1.0 - damping) / (double)g.n;
    for (int it = 0; it < iterations; it++) {
        for (long v = v0; v < v1; v++) {
            long degree = g.offset[v + 1] - g.offset[v];
            contrib[v] = degree ? score[v] / (double)degree : 0.0;
        }
        barrier();
        double delta = 0.0;
        for (long v = v0; v < v1; v++) {
            double sum = 0.0;
            for (long e = g.offset[v]; e < g.offset[v + 1]; e++)
                sum += contrib[g.neighbor[e]];
            double next = base + damping * sum;
            delta += fabs(next - score[v]);
            score[v] = next;
        }
        change[id] = delta;
        barrier();
        double total = 0.0;
        for (int t = 0; t < wl_threads; t++)
            total += change[t];
        if (id == 0)
            done_iterations = it + 1;
        barrier();
        if (total < tolerance)
            break;
    }
}

int main(int argc, char **argv)
{
    int scale = (int)wl_arg(argc, argv, 1, 16);
    int threads = (int)wl_arg(argc, argv, 2, 1);
    int edge_factor = (int)wl_arg(argc, argv, 3, 16);
    iterations = (int)wl_arg(argc, argv, 4, 20);
    if (scale < 4 || scale > 26 || edge_factor < 1 || edge_factor > 64 || iterations < 1) {
        fprintf(stderr, "pagerank: scale 4..26, edge_factor 1..64, iterations >= 1\n");
        return 2;
    }
    g = kron_graph(scale, edge_factor);
    score = wl_aligned(g.n * sizeof *score);
    contrib = wl_aligned(g.n * sizeof *contrib);
    change = wl_aligned(threads * sizeof *change);
    for (long v = 0; v < g.n; v++)
        score[v] = 1.0 / (double)g.n;
    run_parallel(threads);
    /* the same iterations again, serially */
    double *ref = wl_aligned(g.n * sizeof *ref), *c = wl_aligned(g.n * sizeof *c);
    for (long v = 0; v < g.n; v++)
        ref[v] = 1.0 / (double)g.n;
    for (int it = 0; it < done_iterations; it++) {
        for (long v = 0; v < g.n; v++) {
            long degree = g.offset[v + 1] - g.offset[v];
            c[v] = degree ? ref[v] / (double)degree : 0.0;
        }
        for (long v = 0; v < g.n; v++) {
            double sum = 0.0;
            for (long e = g.offset[v]; e < g.offset[v + 1]; e++)
                sum += c[g.neighbor[e]];
            ref[v] = (1.0 - damping) / (double)g.n + damping * sum;
        }
    }
    double total = 0.0, dangling = 0.0;
    for (long v = 0; v < g.n; v++) {
        if (fabs(ref[v] - score[v]) > 1e-12 * (1.0 + fabs(ref[v]))) {
            fprintf(stderr, "pagerank: vertex %ld scores %g, the serial run %g\n", v, score[v], ref[v]);
            return 1;
        }
        total += score[v];
        dangling += g.offset[v + 1] == g.offset[v];
    }
    if (total > 1.0 + 1e-9 || total < 1.0 - dangling / (double)g.n - 1e-9) {
        fprintf(stderr, "pagerank: scores sum to %g\n", total);
        return 1;
    }
    printf("pagerank ok vertices=%ld iterations=%d threads=%d\n", g.n, done_iterations, threads);
    return 0;
}
