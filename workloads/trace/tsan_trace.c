/* A ThreadSanitizer-compatible runtime that logs accesses instead of checking them.
 *
 * Code compiled with `gcc -fsanitize=thread` calls __tsan_readN/__tsan_writeN before each memory access it
 * cannot prove thread-private; linking this file instead of libtsan turns those calls into a per-thread trace.
 * Only the region of interest is recorded (trace_roi_begin/end, called by workloads/common.h around the
 * parallel phase), each thread into its own file thread-<id>.bin in $CRYPTOPPA_TRACE_DIR (default: the current
 * folder), through a buffer flushed when full and when the thread ends. Thread ids are dense, in order of a thread's first access;
 * the thread that begins the region is 0.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "record.h"

#define BUFFER_RECORDS (1 << 16)

struct thread_log {
    int fd;
    uint16_t id;
    uint64_t barriers;
    size_t used;
    struct record buf[BUFFER_RECORDS];
};

static volatile int recording;
static int next_id;
static pthread_key_t log_key;
static __thread struct thread_log *mine;

static void flush(struct thread_log *log)
{
    size_t bytes = log->used * sizeof(struct record);
    const char *p = (const char *)log->buf;
    while (bytes) {
        ssize_t n = write(log->fd, p, bytes);
        if (n <= 0) {
            perror("tsan_trace: write");
            _exit(3);
        }
        p += n;
        bytes -= (size_t)n;
    }
    log->used = 0;
}

static void finish(void *arg)
{
    struct thread_log *log = arg;
    flush(log);
    close(log->fd);
    free(log);
}

static struct thread_log *open_log(void)
{
    struct thread_log *log = malloc(sizeof *log);
    const char *dir = getenv("CRYPTOPPA_TRACE_DIR");
    char path[4096];
    if (!log) {
        fprintf(stderr, "tsan_trace: out of memory\n");
        _exit(3);
    }
    if (!dir)
        dir = ".";
    log->id = (uint16_t)__atomic_fetch_add(&next_id, 1, __ATOMIC_SEQ_CST);
    log->barriers = 0;
    log->used = 0;
    snprintf(path, sizeof path, "%s/thread-%u.bin", dir, log->id);
    log->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (log->fd < 0) {
        perror(path);
        _exit(3);
    }
    pthread_setspecific(log_key, log);
    return log;
}

static inline void emit(uint64_t addr, uint8_t kind, uint8_t size)
{
    if (!recording)
        return;
    struct thread_log *log = mine ? mine : (mine = open_log());
    struct record *r = &log->buf[log->used++];
    r->addr = addr;
    r->gap = 0;
    r->kind = kind;
    r->size = size;
    r->thread = log->id;
    if (log->used == BUFFER_RECORDS)
        flush(log);
}

void trace_roi_begin(void)
{
    pthread_key_create(&log_key, finish);
    recording = 1;
    if (!mine)
        mine = open_log();
}

void trace_roi_end(void)
{
    recording = 0;
    if (mine) {
        pthread_setspecific(log_key, NULL);
        finish(mine);
        mine = NULL;
    }
}

void trace_barrier(void)
{
    if (recording) {
        struct thread_log *log = mine ? mine : (mine = open_log());
        emit(log->barriers++, KIND_BARRIER, 0);
    }
}

void __tsan_init(void) {}
void __tsan_func_entry(void *pc) { (void)pc; }
void __tsan_func_exit(void) {}

#define ACCESS(size)                                                                   \
    void __tsan_read##size(void *a) { emit((uint64_t)a, KIND_LOAD, size); }            \
    void __tsan_write##size(void *a) { emit((uint64_t)a, KIND_STORE, size); }          \
    void __tsan_unaligned_read##size(void *a) { emit((uint64_t)a, KIND_LOAD, size); }  \
    void __tsan_unaligned_write##size(void *a) { emit((uint64_t)a, KIND_STORE, size); }
ACCESS(1)
ACCESS(2)
ACCESS(4)
ACCESS(8)
ACCESS(16)

void __tsan_read_range(void *a, unsigned long size)
{
    for (unsigned long off = 0; off < size; off += 8)
        emit((uint64_t)a + off, KIND_LOAD, (uint8_t)(size - off < 8 ? size - off : 8));
}

void __tsan_write_range(void *a, unsigned long size)
{
    for (unsigned long off = 0; off < size; off += 8)
        emit((uint64_t)a + off, KIND_STORE, (uint8_t)(size - off < 8 ? size - off : 8));
}
