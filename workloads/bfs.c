/* BFS: breadth-first search from one source on a Kronecker graph, the GAP Benchmark Suite's BFS kernel
 * (Beamer, Asanovic and Patterson, arXiv:1508.03619, §2: the output is a parent per reachable vertex), top-down:
 * each step the threads split the frontier, visit its vertices' neighbors and claim the unvisited ones. Two
 * threads may claim one vertex in the same step; either parent is at the right depth, and the vertex is expanded
 * twice (GAP's result checker accepts any valid BFS tree). Checked after the run as GAP's verifier does: the
 * source is its own parent, every parent is a neighbor one level up, every neighbor of a reached vertex is reached.
 *
 *   bfs [scale=16] [threads=1] [edge_factor=16]      prints "bfs ok" when the tree checks
 */
#include "graph.h"

static graph_t g;
static int *parent, *depth;
static int **queue_of;         /* per thread: the vertices it claimed this step */
static long *queued;           /* per thread: how many */
static int *frontier;
static long frontier_size;
static int source;

static void worker(int id)
{
    int level = 0;
    while (frontier_size > 0) {
        long f0 = frontier_size * id / wl_threads, f1 = frontier_size * (id + 1) / wl_threads;
        int *mine = queue_of[id];
        long n = 0;
        for (long i = f0; i < f1; i++) {
            int u = frontier[i];
            for (long e = g.offset[u]; e < g.offset[u + 1]; e++) {
                int v = g.neighbor[e];
                if (parent[v] < 0) {
                    parent[v] = u;
                    depth[v] = level + 1;
                    mine[n++] = v;
                }
            }
        }
        queued[id] = n;
        barrier();
        if (id == 0) {  /* the next frontier: the threads' claims, in thread order */
            long k = 0;
            for (int t = 0; t < wl_threads; t++)
                for (long i = 0; i < queued[t]; i++)
                    frontier[k++] = queue_of[t][i];
            frontier_size = k;
        }
        level++;
        barrier();
    }
}

int main(int argc, char **argv)
{
    int scale = (int)wl_arg(argc, argv, 1, 16);
    int threads = (int)wl_arg(argc, argv, 2, 1);
    int edge_factor = (int)wl_arg(argc, argv, 3, 16);
    if (scale < 4 || scale > 26 || edge_factor < 1 || edge_factor > 64) {
        fprintf(stderr, "bfs: scale 4..26, edge_factor 1..64\n");
        return 2;
    }
    g = kron_graph(scale, edge_factor);
    parent = wl_aligned(g.n * sizeof *parent);
    depth = wl_aligned(g.n * sizeof *depth);
    frontier = wl_aligned(g.m * sizeof *frontier + sizeof *frontier);
    queue_of = wl_aligned(threads * sizeof *queue_of);
    queued = wl_aligned(threads * sizeof *queued);
    for (int t = 0; t < threads; t++)
        queue_of[t] = wl_aligned(g.m * sizeof **queue_of + sizeof **queue_of);
    for (long v = 0; v < g.n; v++)
        parent[v] = -1;
    source = 0;
    while (g.offset[source + 1] == g.offset[source])  /* GAP picks sources with edges */
        source++;
    parent[source] = source;
    depth[source] = 0;
    frontier[0] = source;
    frontier_size = 1;
    run_parallel(threads);
    long reached = 0;
    for (long v = 0; v < g.n; v++) {
        if (parent[v] < 0)
            continue;
        reached++;
        if (v == source ? parent[v] != source || depth[v] != 0 : depth[parent[v]] != depth[v] - 1) {
            fprintf(stderr, "bfs: vertex %ld has parent %d at the wrong depth\n", v, parent[v]);
            return 1;
        }
        int adjacent = v == source;
        for (long e = g.offset[v]; e < g.offset[v + 1]; e++) {
            int w = g.neighbor[e];
            adjacent |= w == parent[v];
            if (parent[w] < 0 || depth[w] > depth[v] + 1) {
                fprintf(stderr, "bfs: neighbor %d of reached vertex %ld is not reached in time\n", w, v);
                return 1;
            }
        }
        if (!adjacent) {
            fprintf(stderr, "bfs: parent %d of %ld is not its neighbor\n", parent[v], v);
            return 1;
        }
    }
    printf("bfs ok vertices=%ld edges=%ld reached=%ld threads=%d\n", g.n, g.m / 2, reached, threads);
    return 0;
}
