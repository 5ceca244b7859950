# M extension, multiplies (rv32im): mul, mulh, mulhsu, mulhu over every ordered pair of a table of
# edge-case and random operands (one line per pair), then dependent chains: a product feeding the
# next multiply in both operand positions, a load feeding a multiply, a product feeding a store,
# a branch and another multiply. Runtime: rt.S.
#include "test.h"
  .option arch, +m          /* built with the common -march=rv32i_zicsr */
#define NVALS 12

  .text
  .globl main
main:
  la    s0, vals
  li    s1, NVALS
  li    s2, 0
1:li    s3, 0
2:slli  t0, s2, 2
  add   t0, s0, t0
  lw    s4, 0(t0)
  slli  t0, s3, 2
  add   t0, s0, t0
  lw    s5, 0(t0)
  mul   a0, s4, s5
  call  puthex
  mulh  a0, s4, s5
  call  puthex
  mulhsu a0, s4, s5
  call  puthex
  mulhu a0, s4, s5
  call  puthex
  call  newline
  addi  s3, s3, 1
  blt   s3, s1, 2b
  addi  s2, s2, 1
  blt   s2, s1, 1b

  li    t0, 3
  mul   t0, t0, t0
  mul   t0, t0, t0
  mulh  t1, t0, t0
  mul   t0, t1, t0
  mulhu t2, t0, t0
  lw    t3, 36(s0)
  mul   t4, t3, t3
  sw    t4, 0(gp)
  lw    t5, 0(gp)
  mulhsu t6, t5, t3
  bnez  t6, 3f
  li    t6, 0x0dead
3:mul   s6, t6, t5
  mulhu s7, s6, t6
  mul   s8, s7, s7
  DUMP
  call  finish

newline:
  li    t0, UART_BASE
  li    t1, '\n'
  sb    t1, 0(t0)
  ret

  .data
  .balign 4
vals:
  .word 0, 1, 0xffffffff, 2, 0xfffffffe, 0x80000000, 0x7fffffff, 0x80000001
  .word 0x12345678, 0xfedcba98, 0x0000ffff, 0xffff0000
