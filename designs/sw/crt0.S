/* Reset entry: set gp and sp, zero .bss (the core testbench's RAM is not guaranteed zero), run main, and
   report its return value on the exit device: 0 = pass, anything else = fail with that code. */
    .section .text.init
    .globl _start
_start:
    .option push
    .option norelax
    la gp, __global_pointer$
    .option pop
    la sp, __stack_top
    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:  call main
    tail fw_exit
