# Zkne/Zknd/Zbkc: aes32esi/esmi/dsi/dsmi with every byte select, clmul/clmulh, on fixed operand pairs.
#include "test.h"

.macro ZK a, b
  li   s0, \a
  li   s1, \b
  aes32esi  x5, s0, s1, 0
  aes32esi  x6, s0, s1, 1
  aes32esi  x7, s0, s1, 2
  aes32esi  x10, s0, s1, 3
  aes32esmi x11, s0, s1, 0
  aes32esmi x12, s0, s1, 1
  aes32esmi x13, s0, s1, 2
  aes32esmi x14, s0, s1, 3
  aes32dsi  x15, s0, s1, 0
  aes32dsi  x16, s0, s1, 1
  aes32dsi  x17, s0, s1, 2
  aes32dsi  x18, s0, s1, 3
  aes32dsmi x19, s0, s1, 0
  aes32dsmi x20, s0, s1, 1
  aes32dsmi x21, s0, s1, 2
  aes32dsmi x22, s0, s1, 3
  clmul     x23, s0, s1
  clmulh    x24, s0, s1
  clmul     x25, s1, s0
  clmulh    x26, s1, s1
  aes32esmi x27, x27, x27, 2
  DUMP
.endm

  .text
  .globl main
main:
  li   x27, 0x5a5a5a5a
  ZK   0, 0
  ZK   0xffffffff, 0xffffffff
  ZK   0x00000000, 0x01234567
  ZK   0x89abcdef, 0xfedcba98
  ZK   0x80000001, 0x80000001
  ZK   0x3243f6a8, 0x2b7e1516
  ZK   0xd4bf5d30, 0xe0b452ae
  j    finish
