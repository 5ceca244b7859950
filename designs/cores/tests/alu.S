# RV32I register-register and register-immediate ALU instructions on edge-case operands; writes to x0.
#include "test.h"

.macro RR a, b
  li   s0, \a
  li   s1, \b
  add  x5, s0, s1
  sub  x6, s0, s1
  sll  x7, s0, s1
  slt  x10, s0, s1
  sltu x11, s0, s1
  xor  x12, s0, s1
  srl  x13, s0, s1
  sra  x14, s0, s1
  or   x15, s0, s1
  and  x16, s0, s1
  slt  x17, s1, s0
  sltu x18, s1, s0
  sra  x19, s1, s0
  add  x0, s0, s1
  mv   x20, x0
  DUMP
.endm

.macro RI a, i, sh
  li   s0, \a
  addi  x5, s0, \i
  slti  x6, s0, \i
  sltiu x7, s0, \i
  xori  x10, s0, \i
  ori   x11, s0, \i
  andi  x12, s0, \i
  slli  x13, s0, \sh
  srli  x14, s0, \sh
  srai  x15, s0, \sh
  addi  x16, x0, \i
  addi  x0, s0, \i
  mv    x17, x0
  DUMP
.endm

  .text
  .globl main
main:
  RR 0, 0
  RR 1, -1
  RR -1, 1
  RR 0x80000000, 0x7fffffff
  RR 0x7fffffff, 0x80000000
  RR 0x80000000, 31
  RR 0x12345678, 0x9abcdef4
  RR 0xdeadbeef, 0x00000021
  RR -7, -7
  RR 0xfffff800, 0xffffffff
  RI 0, 0, 0
  RI 1, -1, 1
  RI -1, 2047, 31
  RI 0x80000000, -2048, 16
  RI 0x7fffffff, 1, 5
  RI 0x12345678, 0x7ff, 4
  RI 0xfffff800, -2048, 7
  RI 0xdeadbeef, 0x55, 12
  j    finish
