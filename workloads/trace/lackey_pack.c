/* Packs the text trace of `valgrind --tool=lackey --trace-mem=yes` into 16-byte records (record.h).
 *
 * Lackey prints "I  addr,size" per instruction and " L", " S", " M" per load, store and modify; each data
 * record carries the instructions counted since the previous one (its gap), thread 0 (lackey names no
 * thread). Other lines (valgrind's own messages) are skipped.
 *
 *   lackey_pack IN OUT     IN may be a FIFO valgrind writes into
 */
#include <stdio.h>
#include <stdlib.h>

#include "record.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: lackey_pack IN OUT\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "wb");
    if (!in || !out) {
        perror(in ? argv[2] : argv[1]);
        return 2;
    }
    static char line[256];
    static struct record buf[1 << 16];
    size_t used = 0;
    unsigned long long records = 0, instructions = 0;
    uint32_t gap = 0;
    while (fgets(line, sizeof line, in)) {
        char *p = line;
        uint8_t kind;
        if (p[0] == 'I' && p[1] == ' ') {
            gap += gap < UINT32_MAX;
            instructions++;
            continue;
        }
        if (p[0] != ' ' || p[2] != ' ')
            continue;
        if (p[1] == 'L')
            kind = KIND_LOAD;
        else if (p[1] == 'S')
            kind = KIND_STORE;
        else if (p[1] == 'M')
            kind = KIND_MODIFY;
        else
            continue;
        char *end;
        unsigned long long addr = strtoull(p + 3, &end, 16);
        if (*end != ',')
            continue;
        struct record *r = &buf[used++];
        r->addr = addr;
        r->gap = gap;
        r->kind = kind;
        r->size = (uint8_t)strtoul(end + 1, NULL, 10);
        r->thread = 0;
        gap = 0;
        records++;
        if (used == sizeof buf / sizeof buf[0]) {
            fwrite(buf, sizeof buf[0], used, out);
            used = 0;
        }
    }
    fwrite(buf, sizeof buf[0], used, out);
    if (fclose(out) != 0) {
        perror(argv[2]);
        return 3;
    }
    printf("lackey_pack: %llu data accesses, %llu instructions\n", records, instructions);
    return 0;
}
