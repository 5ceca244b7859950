# M extension, divides (rv32im): div, divu, rem, remu over every ordered pair of a table of operands
# that includes division by zero (quotient all ones, remainder = dividend) and the signed overflow
# INT_MIN / -1 (quotient INT_MIN, remainder 0), one line per pair; then dependent chains: a quotient
# feeding the next divide, a load feeding a divide, a remainder feeding a branch, a multiply feeding
# a divide and back. Runtime: rt.S.
#include "test.h"
  .option arch, +m          /* built with the common -march=rv32i_zicsr */
#define NVALS 14

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
  div   a0, s4, s5
  call  puthex
  divu  a0, s4, s5
  call  puthex
  rem   a0, s4, s5
  call  puthex
  remu  a0, s4, s5
  call  puthex
  call  newline
  addi  s3, s3, 1
  blt   s3, s1, 2b
  addi  s2, s2, 1
  blt   s2, s1, 1b

  li    t0, -1000000007
  li    t1, 7
  div   t2, t0, t1
  div   t2, t2, t1
  rem   t3, t2, t1
  divu  t4, t0, t2
  lw    t5, 32(s0)
  div   t6, t5, t1
  remu  s6, t6, t5
  beqz  s6, 3f
  addi  s6, s6, 1
3:mul   s7, t6, t1
  div   s8, s7, t1
  rem   s9, s8, s7
  div   s10, t0, x0
  rem   s11, t0, x0
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
  .word 0, 1, 0xffffffff, 2, 0xfffffffe, 7, 0xfffffff9, 0x80000000
  .word 0x7fffffff, 0x80000001, 0x12345678, 0xfedcba98, 0x0000ffff, 0xffff0000
