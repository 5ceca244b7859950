// Test RTL: a 256-bit two-stage pipeline with an active-low asynchronous reset on every flip-flop. The reset
// port's net loads all 512 flip-flops; the logic between the registers is three XOR levels deep.
module async_reset_pipe #(parameter W = 256) (
    input  wire         clk,
    input  wire         rst_n,
    input  wire [W-1:0] d,
    output wire [W-1:0] q
);
  reg [W-1:0] a, b;
  wire [W-1:0] mixed = a ^ {a[W-2:0], a[W-1]} ^ {a[W-3:0], a[W-1:W-2]} ^ {a[W-5:0], a[W-1:W-4]};
  always @(posedge clk or negedge rst_n)
    if (!rst_n) begin
      a <= {W{1'b0}};
      b <= {W{1'b0}};
    end else begin
      a <= d;
      b <= mixed;
    end
  assign q = b;
endmodule
