# Runtime for the core test programs: start-up, UART hex printing, register dump, pass exit.
# Contract: UART byte stores to 0x1000_0000, exit word store to 0x0010_0000 (0x5555 = pass).
# Only a0-a4 and ra are clobbered by the print routines; gp points at regbuf during a test.
#include "test.h"

  .section .text.start
  .globl _start
_start:
  # qemu's reset code leaves a0-a2 set (hart id, device tree): start every platform from zeroed registers
  .irp n, 1,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  li   x\n, 0
  .endr
  la   sp, __stack_top
  la   gp, regbuf
  j    main

  .text
# finish: print "DONE\n" and exit with pass.
  .globl finish
finish:
  la   a0, done_msg
  call puts
  li   a0, 0x100000
  li   a1, 0x5555
  sw   a1, 0(a0)
1:j    1b

# puthex: a0 as 8 lower-case hex digits followed by one space.
  .globl puthex
puthex:
  li   a1, UART_BASE
  li   a2, 8
1:srli a3, a0, 28
  sltiu a4, a3, 10
  bnez a4, 2f
  addi a3, a3, 'a' - '0' - 10
2:addi a3, a3, '0'
  sb   a3, 0(a1)
  slli a0, a0, 4
  addi a2, a2, -1
  bnez a2, 1b
  li   a3, ' '
  sb   a3, 0(a1)
  ret

# puts: the NUL-terminated string at a0.
  .globl puts
puts:
  li   a1, UART_BASE
1:lbu  a2, 0(a0)
  beqz a2, 2f
  sb   a2, 0(a1)
  addi a0, a0, 1
  j    1b
2:ret

# dump_regs: print regbuf[1..31] (stored there by the DUMP macro), eight words a line, after "R" and a0's tag.
  .globl dump_regs
dump_regs:
  sw   ra, 0(gp)
  li   a1, UART_BASE
  li   a2, 'R'
  sb   a2, 0(a1)
  li   a2, ' '
  sb   a2, 0(a1)
  li   a4, 1
  sw   a4, 128(gp)           # word index, kept in memory: puthex clobbers a0-a4
3:lw   a4, 128(gp)
  slli a0, a4, 2
  add  a0, a0, gp
  lw   a0, 0(a0)
  call puthex
  lw   a4, 128(gp)
  addi a4, a4, 1
  sw   a4, 128(gp)
  andi a0, a4, 7
  bnez a0, 4f
  li   a1, UART_BASE
  li   a2, '\n'
  sb   a2, 0(a1)
4:li   a0, 32
  bne  a4, a0, 3b
  li   a1, UART_BASE
  li   a2, '\n'
  sb   a2, 0(a1)
  lw   ra, 0(gp)
  ret

  .section .rodata
done_msg: .string "DONE\n"

  .bss
  .balign 4
  .globl regbuf
regbuf: .space 132
