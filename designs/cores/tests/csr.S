# Counter CSRs (Zicntr): rdcycle/rdcycleh/rdinstret/rdinstreth and the csrr* forms that only read.
# Absolute values differ between platforms, so the program prints only facts that hold on any of them:
# instructions retired across a fixed straight-line sequence, cycle and instret advancing, high halves zero.
#include "test.h"

  .text
  .globl main
main:
  rdinstret s0
  nop
  addi t0, t0, 1
  addi t0, t0, 1
  xor  t1, t1, t1
  nop
  rdinstret s1
  sub  s2, s1, s0           # 6 instructions retired between the reads
  rdcycle s3
  li   t0, 20
1:addi t0, t0, -1
  bnez t0, 1b
  rdcycle s4
  sltu s5, s3, s4           # cycle advanced
  sub  t1, s4, s3
  sltiu s6, t1, 41          # and by at least the 40 loop instructions
  xori s6, s6, 1
  rdcycleh s7
  rdinstreth s8
  csrrs s9, cycle, x0
  csrrc s10, instret, x0
  csrrsi s11, cycleh, 0
  csrrci t2, instreth, 0
  sltu s9, s3, s9
  sltu s10, s1, s10
  or   s7, s7, s8
  or   s7, s7, s11
  or   s7, s7, t2           # all high halves are 0 this early
  li   t0, 0
  li   t1, 0
  li   t2, 0
  li   s0, 0
  li   s1, 0
  li   s3, 0
  li   s4, 0
  li   s8, 0
  li   s11, 0
  DUMP
  j    finish
