# Cycles per instruction class, from the counters: for each block of N instructions the program prints the
# rdcycle and rdinstret deltas measured around it (the two counter reads add 2 instructions to each delta).
# Not compared with qemu (its cycles are instructions); tests/cores check the core's exact figures.
#include "test.h"

.macro MEASURE body, n, rc, ri
  rdcycle   t0
  rdinstret t1
  .rept \n
  \body
  .endr
  rdcycle   t2
  rdinstret t3
  sub  \rc, t2, t0
  sub  \ri, t3, t1
.endm

.macro ALU
  addi a5, a5, 1
.endm
.macro LOAD
  lw   a6, -8(sp)
.endm
.macro STORE
  sw   a6, -4(sp)
.endm
.macro TAKEN
  beq  x0, x0, 1f
1:
.endm
.macro NOTTAKEN
  bne  x0, x0, 1f
1:
.endm
.macro JUMP
  jal  x0, 1f
1:
.endm

  .text
  .globl main
main:
  MEASURE ALU, 32, s0, s1
  MEASURE LOAD, 16, s2, s3
  MEASURE STORE, 16, s4, s5
  MEASURE TAKEN, 16, s6, s7
  MEASURE NOTTAKEN, 16, s8, s9
  MEASURE JUMP, 16, s10, s11
  li   t0, 0
  li   t1, 0
  li   t2, 0
  li   t3, 0
  DUMP
  j    finish
