/* A small firmware for the gate-level activity cross-check (test_core_energy.py): three `csrr cycle` reads
   bound a window of loads, adds, shifts and stores (the core energy window runs from the 1st to the 3rd), a
   RESULT-free UART line, then the pass store to the exit device (designs/cores/README.md). Every register is
   written first: flip-flops power up at random values, which differ between simulators. */
    .section .text.init
    .globl _start
_start:
    li x1, 0
    li x2, 0
    li x3, 0
    li x4, 0
    li x5, 0
    li x6, 0
    li x7, 0
    li x8, 0
    li x9, 0
    li x10, 0
    li x11, 0
    li x12, 0
    li x13, 0
    li x14, 0
    li x15, 0
    li x16, 0
    li x17, 0
    li x18, 0
    li x19, 0
    li x20, 0
    li x21, 0
    li x22, 0
    li x23, 0
    li x24, 0
    li x25, 0
    li x26, 0
    li x27, 0
    li x28, 0
    li x29, 0
    li x30, 0
    li x31, 0
    li t1, 0x80001000
    li t2, 40
    li a1, 0x12345678
    csrr t0, cycle
1:  lw a0, 0(t1)
    xor a0, a0, a1
    slli a1, a1, 3
    add a1, a1, t2
    srli a2, a1, 7
    or a0, a0, a2
    sw a0, 4(t1)
    addi t1, t1, 4
    addi t2, t2, -1
    bnez t2, 1b
    csrr t3, cycle
    csrr t4, cycle
    li t5, 0x10000000
    li a0, 'o'
    sb a0, 0(t5)
    li a0, 'k'
    sb a0, 0(t5)
    li a0, '\n'
    sb a0, 0(t5)
    li t5, 0x00100000
    li t6, 0x5555
    sw t6, 0(t5)
2:  j 2b
