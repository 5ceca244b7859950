/* HASHJOIN: the build and probe phases of a hash join with chained buckets, the pointer-chasing kernel of
 * in-memory databases (Blanas, Li and Patel, "Design and Evaluation of Main Memory Hash Join Algorithms for
 * Multi-core CPUs", SIGMOD 2011, the no-partitioning join): the build relation's tuples are inserted into a shared
 * table of bucket chains (each thread its own share of tuples, one lock-free insertion per bucket by a per-thread
 * table of heads merged after the build), then every probe tuple walks its bucket's chain. Tuples are 64-byte
 * records scattered over memory, so every hop is a dependent load to a random line. Checked against a count of
 * the matches computed from the keys' histogram.
 *
 *   hashjoin [build_tuples=65536] [threads=1] [probe_tuples=4 x build]     prints "hashjoin ok"
 */
#include "common.h"

typedef struct tuple {
    struct tuple *next;
    long key;
    long payload[6];
} tuple_t;  /* 64 bytes: one line */

static long n_build, n_probe, buckets;
static tuple_t *pool;          /* the build tuples; their random keys scatter each chain over it */
static tuple_t **head;         /* [threads][buckets]: each thread's chains */
static long *probe_keys;
static long *matches, *payload_sum;

static unsigned long h_seed = 0x9e3779b97f4a7c15UL;
static unsigned long h_next(void)
{
    h_seed ^= h_seed << 13;
    h_seed ^= h_seed >> 7;
    h_seed ^= h_seed << 17;
    return h_seed;
}

static long bucket_of(long key)
{
    return (long)(((unsigned long)key * 0x9e3779b97f4a7c15UL) >> 20) & (buckets - 1);
}

static void worker(int id)
{
    long b0 = n_build * id / wl_threads, b1 = n_build * (id + 1) / wl_threads;
    tuple_t **mine = &head[(long)id * buckets];
    for (long i = b0; i < b1; i++) {
        tuple_t *t = &pool[i];
        long b = bucket_of(t->key);
        t->next = mine[b];
        mine[b] = t;
    }
    barrier();
    long p0 = n_probe * id / wl_threads, p1 = n_probe * (id + 1) / wl_threads, found = 0, sum = 0;
    for (long i = p0; i < p1; i++) {
        long key = probe_keys[i], b = bucket_of(key);
        for (int t = 0; t < wl_threads; t++)
            for (tuple_t *x = head[(long)t * buckets + b]; x; x = x->next)
                if (x->key == key) {
                    found++;
                    sum += x->payload[0];
                }
    }
    matches[id] = found;
    payload_sum[id] = sum;
}

int main(int argc, char **argv)
{
    n_build = wl_arg(argc, argv, 1, 65536);
    int threads = (int)wl_arg(argc, argv, 2, 1);
    n_probe = wl_arg(argc, argv, 3, 4 * n_build);
    if (n_build < 16 || n_probe < 1) {
        fprintf(stderr, "hashjoin: build_tuples >= 16, probe_tuples >= 1\n");
        return 2;
    }
    buckets = 1;
    while (buckets < n_build / 2)  /* two tuples per bucket on average */
        buckets <<= 1;
    pool = wl_aligned(n_build * sizeof *pool);
    head = wl_aligned((long)threads * buckets * sizeof *head);
    probe_keys = wl_aligned(n_probe * sizeof *probe_keys);
    matches = wl_aligned(threads * sizeof *matches);
    payload_sum = wl_aligned(threads * sizeof *payload_sum);
    long key_range = n_build;  /* keys repeat: some probe keys match several build tuples, some none */
    long *count = wl_aligned(key_range * sizeof *count);
    for (long i = 0; i < n_build; i++) {
        pool[i].key = (long)(h_next() % (unsigned long)key_range);
        pool[i].payload[0] = pool[i].key * 3 + 1;
        count[pool[i].key]++;
    }
    long want = 0, want_sum = 0;
    for (long i = 0; i < n_probe; i++) {
        probe_keys[i] = (long)(h_next() % (unsigned long)(2 * key_range));
        if (probe_keys[i] < key_range) {
            want += count[probe_keys[i]];
            want_sum += count[probe_keys[i]] * (probe_keys[i] * 3 + 1);
        }
    }
    run_parallel(threads);
    long got = 0, got_sum = 0;
    for (int t = 0; t < threads; t++) {
        got += matches[t];
        got_sum += payload_sum[t];
    }
    if (got != want || got_sum != want_sum) {
        fprintf(stderr, "hashjoin: %ld matches (payload sum %ld), expected %ld (%ld)\n", got, got_sum, want, want_sum);
        return 1;
    }
    printf("hashjoin ok build=%ld probe=%ld matches=%ld threads=%d\n", n_build, n_probe, got, threads);
    return 0;
}
