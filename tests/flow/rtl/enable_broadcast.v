// Test RTL: one enable input broadcast to 512 flip-flops (each a mux in front of its D pin), then one XOR level.
module enable_broadcast #(parameter W = 512) (
    input  wire         clk,
    input  wire         en,
    input  wire [W-1:0] d,
    output wire [W-1:0] q
);
  reg [W-1:0] a, b;
  always @(posedge clk) begin
    if (en) a <= d;
    b <= a ^ {a[W-2:0], a[W-1]};
  end
  assign q = b;
endmodule
