// An accumulator written the way third-party IP often is: a sibling `include, a macro from an include
// folder, and a define (STEP) the integrator sets.
`include "timescale.v"
`include "widths.vh"
`ifndef STEP
`define STEP 1
`endif
module acc_core(input clk, input rst, input en, output reg [`ACC_WIDTH-1:0] acc);
  always @(posedge clk)
    if (rst) acc <= 0;
    else if (en) acc <= acc + `STEP;
endmodule
