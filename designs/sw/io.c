/* Bare-metal output and counters: UART byte stores without polling (qemu's ns16550a and our testbench accept
   them at any time), decimal printing without division (rv32i has no divide and we link no libgcc). */
#include "fw.h"

#define UART_THR ((volatile uint8_t *)0x10000000u)
#define EXIT_DEV ((volatile uint32_t *)0x00100000u)

static void uart_putc(char c) { *UART_THR = (uint8_t)c; }

void uart_puts(const char *s)
{
    while (*s)
        uart_putc(*s++);
}

static const char hexdigits[] = "0123456789abcdef";

void uart_hex(const uint8_t *p, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uart_putc(hexdigits[p[i] >> 4]);
        uart_putc(hexdigits[p[i] & 15]);
    }
}

void uart_hex32(uint32_t v)
{
    for (int s = 28; s >= 0; s -= 4)
        uart_putc(hexdigits[(v >> s) & 15]);
}

static const uint64_t pow10[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
    1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
    100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
    1000000000000000000ull, 10000000000000000000ull};

void uart_dec(uint64_t v)
{
    int started = 0;
    for (int i = 19; i >= 0; i--) {
        char d = '0';
        while (v >= pow10[i]) {
            v -= pow10[i];
            d++;
        }
        if (d != '0' || started || i == 0) {
            uart_putc(d);
            started = 1;
        }
    }
}

void fw_exit(int code)
{
    *EXIT_DEV = code == 0 ? 0x5555u : (((uint32_t)code << 16) | 0x3333u);
    for (;;)
        ;
}

void *memset(void *d, int c, size_t n)
{
    uint8_t *p = d;
    while (n--)
        *p++ = (uint8_t)c;
    return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
    uint8_t *p = d;
    const uint8_t *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}

/* Zicsr enabled locally, so any -march works without naming it (binutils 2.40 wants it named for csrr).
   The high word is read before and after the low one, so a carry between the reads cannot tear the value. */
#define CSRR(csr, out) \
    __asm__ volatile(".option push\n.option arch, +zicsr\ncsrr %0, " #csr "\n.option pop" : "=r"(out))
#define READ64(lo_csr, hi_csr, out)                 \
    do {                                            \
        uint32_t hi, lo, hi2;                       \
        do {                                        \
            CSRR(hi_csr, hi);                       \
            CSRR(lo_csr, lo);                       \
            CSRR(hi_csr, hi2);                      \
        } while (hi != hi2);                        \
        out = ((uint64_t)hi << 32) | lo;            \
    } while (0)

counters read_counters(void)
{
    counters c;
    READ64(0xc00, 0xc80, c.cycles);
    READ64(0xc02, 0xc82, c.instret);
    return c;
}
