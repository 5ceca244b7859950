/* Shared by the SPLASH-2-style kernels: threads, barriers and the region of interest.
 *
 * A kernel runs `worker(id)` on P threads (the caller is thread 0) between roi_begin() and roi_end().
 * The trace runtime (trace/tsan_trace.c) defines the three hooks below; an ordinary build leaves them
 * undefined (weak), so the same source runs untraced.
 */
#ifndef WORKLOAD_COMMON_H
#define WORKLOAD_COMMON_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void trace_roi_begin(void) __attribute__((weak));
void trace_roi_end(void) __attribute__((weak));
void trace_barrier(void) __attribute__((weak));

static pthread_barrier_t wl_barrier;
static int wl_threads = 1;

/* Every thread waits here; the trace records where, so a timing model can hold threads at the same point. */
static void barrier(void)
{
    pthread_barrier_wait(&wl_barrier);
    if (trace_barrier)
        trace_barrier();
}

static void *wl_aligned(size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, 4096, bytes) != 0) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(2);
    }
    memset(p, 0, bytes);
    return p;
}

static long wl_arg(int argc, char **argv, int i, long fallback)
{
    return argc > i ? strtol(argv[i], NULL, 0) : fallback;
}

static void *wl_entry(void *arg);
static void worker(int id) __attribute__((noinline));  /* callgrind counts its instructions by name */

static void *wl_entry(void *arg)
{
    worker((int)(long)arg);
    return NULL;
}

/* Run worker(0..threads-1) in parallel, inside the region of interest. */
static void run_parallel(int threads)
{
    pthread_t tid[64];
    if (threads < 1 || threads > 64) {
        fprintf(stderr, "threads must be 1..64, got %d\n", threads);
        exit(2);
    }
    wl_threads = threads;
    pthread_barrier_init(&wl_barrier, NULL, (unsigned)threads);
    if (trace_roi_begin)
        trace_roi_begin();
    for (long t = 1; t < threads; t++)
        pthread_create(&tid[t], NULL, wl_entry, (void *)t);
    worker(0);
    for (int t = 1; t < threads; t++)
        pthread_join(tid[t], NULL);
    if (trace_roi_end)
        trace_roi_end();
    pthread_barrier_destroy(&wl_barrier);
}

#endif
