# Branches (all six conditions, taken and not taken, forward and backward), jal/jalr (link values, negative
# offsets, jalr clearing bit 0), lui and auipc.
#include "test.h"

# Shift s0 left and set bit 0 when the branch falls through; s1 does the same in the taken direction.
.macro BR op, a, b
  li   t0, \a
  li   t1, \b
  slli s0, s0, 1
  slli s1, s1, 1
  \op  t0, t1, 1f
  ori  s0, s0, 1
  j    2f
1:ori  s1, s1, 1
2:
.endm

.macro BR6 a, b
  BR beq, \a, \b
  BR bne, \a, \b
  BR blt, \a, \b
  BR bge, \a, \b
  BR bltu, \a, \b
  BR bgeu, \a, \b
.endm

  .text
  .globl main
main:
  li   s0, 0
  li   s1, 0
  BR6  0, 0
  BR6  1, 2
  BR6  2, 1
  BR6  -1, 1
  BR6  1, -1
  li   s2, 0
  li   s3, 0
  mv   s4, s0
  mv   s5, s1
  li   s0, 0
  li   s1, 0
  BR6  0x80000000, 0x7fffffff
  BR6  0x7fffffff, 0x80000000
  BR6  -5, -5
  BR6  -6, -5
  # backward branch: count down a loop
  li   s6, 0
  li   t0, 13
3:addi s6, s6, 3
  addi t0, t0, -1
  bnez t0, 3b
  # jal / jalr: link registers hold pc+4 (same ELF on every platform, so comparable)
  jal  s7, 4f
  li   s8, 0x111
4:auipc s9, 0
  sub  s7, s9, s7           # should be 4 + 4 = 8: link is pc+4, auipc is one instruction later
  la   t0, 5f
  jalr s8, 1(t0)            # target bit 0 is cleared
  li   s10, 0x222
5:sub  s8, s8, t0
  la   t0, 6f
  addi t0, t0, 12
  jalr s10, -12(t0)
  li   s11, 0x333
6:lui  a5, 0xfffff
  lui  a6, 0x80000
  lui  a7, 1
  auipc t2, 0
  auipc t3, 0xfffff
  sub  t3, t3, t2
  auipc t4, 0x1
  sub  t4, t4, t2
  jal  x0, 7f               # jal without link
  li   t5, 0x444
7:la   t0, 8f
  jalr x0, 0(t0)
  li   t6, 0x555
8:sub  s10, s10, t0
  li   t2, 0
  DUMP
  j    finish
