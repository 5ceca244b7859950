/* Macros shared by the core test programs (see rt.S). */
#define UART_BASE 0x10000000

#ifdef __ASSEMBLER__
/* Store x1..x31 to regbuf (gp must point at it and must not be changed by the test) and print them. */
.macro DUMP
  .irp n, 1,2,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  sw   x\n, (4*\n)(gp)
  .endr
  sw   gp, 12(gp)
  call dump_regs
.endm
#endif
