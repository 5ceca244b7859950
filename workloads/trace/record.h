/* One traced event, 16 bytes, as the trace recorders write it and cryptoppa.trace reads it (numpy dtype
 * cryptoppa.trace.records.RECORD): the address, the instructions executed since the thread's previous
 * event (0 when the recorder cannot count them), the kind, the access size in bytes and the thread. */
#ifndef TRACE_RECORD_H
#define TRACE_RECORD_H

#include <stdint.h>

enum { KIND_LOAD = 0, KIND_STORE = 1, KIND_MODIFY = 2, KIND_BARRIER = 3 };

struct record {
    uint64_t addr;    /* a barrier's sequence number for KIND_BARRIER */
    uint32_t gap;
    uint8_t kind;
    uint8_t size;
    uint16_t thread;
};

_Static_assert(sizeof(struct record) == 16, "a trace record is 16 bytes");

#endif
