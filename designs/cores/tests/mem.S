# Loads and stores of every width at every legal lane, sign and zero extension, negative and positive offsets.
#include "test.h"

  .data
  .balign 4
pattern: .word 0x80ff7f01, 0x8000ff7f, 0x01234567, 0xfedcba98
scratch: .space 32

  .text
  .globl main
main:
  la   s0, pattern
  lb   x5, 0(s0)
  lb   x6, 1(s0)
  lb   x7, 2(s0)
  lb   x10, 3(s0)
  lbu  x11, 0(s0)
  lbu  x12, 1(s0)
  lbu  x13, 2(s0)
  lbu  x14, 3(s0)
  lh   x15, 0(s0)
  lh   x16, 2(s0)
  lh   x17, 4(s0)
  lh   x18, 6(s0)
  lhu  x19, 0(s0)
  lhu  x20, 2(s0)
  lhu  x21, 4(s0)
  lhu  x22, 6(s0)
  lw   x23, 0(s0)
  lw   x24, 4(s0)
  addi s1, s0, 12
  lw   x25, -4(s1)
  lb   x26, -1(s1)
  lhu  x27, 2(s1)
  lb   x28, 3(s1)
  lw   x29, 0(s1)
  DUMP
  # stores: fill scratch with sb/sh/sw at all lanes, reload as words and bytes
  la   s0, scratch
  li   s2, 0x11223344
  li   s3, 0xa5b6c7d8
  sw   s2, 0(s0)
  sw   s2, 4(s0)
  sw   s2, 8(s0)
  sb   s3, 0(s0)
  sb   s3, 5(s0)
  sb   s3, 10(s0)
  sb   s3, 15(s0)
  sh   s3, 16(s0)
  sh   s3, 22(s0)
  addi s1, s0, 24
  sw   s3, 4(s1)
  sh   s2, -2(s1)
  sb   s2, -12(s1)
  lw   x5, 0(s0)
  lw   x6, 4(s0)
  lw   x7, 8(s0)
  lw   x10, 12(s0)
  lw   x11, 16(s0)
  lw   x12, 20(s0)
  lw   x13, 24(s0)
  lw   x14, 28(s0)
  lb   x15, 15(s0)
  lbu  x16, 15(s0)
  lh   x17, 22(s0)
  lhu  x18, 22(s0)
  # a load into x0 is discarded; a load right after a store to the same word sees the new value
  lw   x0, 0(s0)
  mv   x19, x0
  sw   s3, 8(s0)
  lw   x20, 8(s0)
  sh   x0, 8(s0)
  lw   x21, 8(s0)
  DUMP
  j    finish
