`define ACC_WIDTH 12
