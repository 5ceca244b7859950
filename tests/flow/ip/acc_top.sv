// SystemVerilog top (logic, always_ff) around the Verilog core.
module acc_top(input logic clk, input logic rst, input logic en, output logic [11:0] acc, output logic wrap);
  acc_core u(.clk(clk), .rst(rst), .en(en), .acc(acc));
  always_ff @(posedge clk) wrap <= &acc;
endmodule
