# Pipeline hazards (rv32i): back-to-back dependent ALU ops (distance 1, 2, 3, both operands), loads used
# by the next instruction (ALU, address of the next load, store data, branch condition), stores followed
# by loads of the same bytes, branches right after loads (taken and not, forward and backward), loops
# whose backward branch falls through at the end, jalr to a just-computed address, writes to x0 in a
# dependent chain. Prints checksums along the way and the registers at the end. Runtime: rt.S.
#include "test.h"

  .text
  .globl main
main:
  # dependent chain, every instruction uses the previous result (and older ones)
  li   t0, 0x1234
  addi t1, t0, 7
  add  t2, t1, t0
  sub  t3, t2, t1
  xor  t4, t3, t2
  sll  t5, t4, t3
  or   t6, t5, t4
  srl  t0, t6, t1
  sra  t1, t6, t0
  and  t2, t1, t6
  slt  t3, t2, t1
  sltu t4, t1, t3
  add  t5, t4, t4
  add  t5, t5, t5
  add  t5, t5, t5
  add  a0, t5, t6
  xor  a0, a0, t2
  xor  a0, a0, t1
  call puthex

  # x0 never holds a value, even when written right before it is read
  addi x0, x0, 5
  add  t0, x0, x0
  lui  x0, 0x12345
  or   t0, t0, x0
  addi a0, t0, 0
  call puthex

  # loads used at once
  la   s0, table
  lw   t0, 0(s0)
  addi t1, t0, 1            # ALU
  lw   t2, 4(s0)
  lw   t3, 0(t2)            # pointer chase: the loaded value is the next address
  lw   t4, 0(t3)
  sw   t4, 16(s0)           # store data from a load
  lw   t5, 16(s0)           # load back what was just stored
  lb   t6, 17(s0)
  lbu  s1, 17(s0)
  lh   s2, 18(s0)
  lhu  s3, 18(s0)
  add  a0, t1, t5
  add  a0, a0, t6
  add  a0, a0, s1
  add  a0, a0, s2
  add  a0, a0, s3
  call puthex
  # store bytes and halves, then load the word at once
  sb   t1, 20(s0)
  sb   t0, 21(s0)
  sh   t4, 22(s0)
  lw   a0, 20(s0)
  call puthex
  sh   t1, 20(s0)
  lhu  a0, 20(s0)
  lb   a1, 21(s0)
  add  a0, a0, a1
  call puthex

  # branches right after loads
  li   s4, 0
  lw   t0, 8(s0)            # 5
  li   t1, 5
  beq  t0, t1, 1f           # taken forward
  addi s4, s4, 100
1:lw   t0, 8(s0)
  bne  t0, t1, 2f           # not taken
  addi s4, s4, 1
2:lw   t0, 12(s0)           # -3
  bltz t0, 3f
  addi s4, s4, 1000
3:lw   t0, 12(s0)
  bgeu t0, t1, 4f           # unsigned: 0xfffffffd >= 5, taken
  addi s4, s4, 2000
4:mv   a0, s4
  call puthex

  # backward loop over a table, summing with a load-use in every iteration; branch on the loaded value
  li   s5, 0
  li   s6, 0
  la   s7, data
5:lw   t0, 0(s7)
  beqz t0, 6f               # sentinel ends the loop (forward, taken once)
  add  s5, s5, t0
  andi t1, t0, 1
  bnez t1, 7f
  addi s6, s6, 1            # count even entries
7:addi s7, s7, 4
  j    5b
6:mv   a0, s5
  call puthex
  mv   a0, s6
  call puthex

  # nested countdown loops (backward branches predicted taken, falling through at the end)
  li   s8, 0
  li   t0, 7
8:li   t1, 5
9:add  s8, s8, t1
  addi t1, t1, -1
  bnez t1, 9b
  addi t0, t0, -1
  bgtz t0, 8b
  mv   a0, s8
  call puthex

  # jalr to an address computed (and loaded) just before
  la   t0, 10f
  addi t0, t0, 4
  addi t0, t0, -4
  jalr ra, 0(t0)
  j    11f
10:addi s9, ra, 0
  lw   t0, 24(s0)           # address of sub2, used at once
  jalr ra, 0(t0)
  la   t1, 10b
  sub  s9, s9, t1           # link of the first jalr relative to its target: -4
  j    12f
11:j   finish               # never reached
12:sw  zero, 28(s0)
  lw   a0, 28(s0)
  add  a0, a0, s10
  call puthex

  li   t0, 0
  li   t1, 0
  li   t2, 0
  li   s0, 0
  li   s7, 0
  li   a1, 0
  li   a2, 0
  la   gp, regbuf
  DUMP
  call finish

sub2:
  li   s10, 0x5a5a
  addi s10, s10, 1
  ret

  .data
  .balign 4
table:
  .word 0x11223344, table + 32, 5, -3, 0, 0, sub2, 0
  .word table + 36, 0x89abcdef
data:
  .word 3, 8, 15, 2, 0x10000, 7, 6, 0
