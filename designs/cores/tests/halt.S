# Prints one line, then executes ecall: a core halts (designs/cores/README.md), qemu traps to address 0.
#include "test.h"

  .text
  .globl main
main:
  li   a0, 0x600d
  call puthex
  ecall
  j    finish
