// Test-only engine for simulated activity of arrays (test_array_activity.py): the engine interface
// (designs/README.md) around tests/arrays/toy_engine.v's non-cryptographic function, with a fixed latency
// of LATENCY cycles, so an array returns lines in acceptance order, as the flow's throughput simulation
// (cryptoppa.sim.perf) requires. out_data = in_data ^ {pad, ...}, out_tag = in_aad ^ pad, pad = {in_iv, 32'h0} ^ key.
module fixed_engine #(
  parameter KEY_BITS   = 128,
  parameter LINE_BYTES = 32,
  parameter ID_BITS    = 8,
  parameter LATENCY    = 6
) (
  input  wire                    clk,
  input  wire                    rst,
  input  wire                    key_valid,
  output wire                    key_ready,
  input  wire [KEY_BITS-1:0]     key,
  input  wire                    in_valid,
  output wire                    in_ready,
  input  wire                    in_decrypt,
  input  wire [95:0]             in_iv,
  input  wire [127:0]            in_aad,
  input  wire [8*LINE_BYTES-1:0] in_data,
  input  wire [127:0]            in_tag,
  input  wire [ID_BITS-1:0]      in_id,
  output reg                     out_valid,
  input  wire                    out_ready,
  output reg  [8*LINE_BYTES-1:0] out_data,
  output reg  [127:0]            out_tag,
  output reg                     out_auth_fail,
  output reg  [ID_BITS-1:0]      out_id
);
  reg [127:0] key_r;
  reg         keyed;
  reg [7:0]   left;  // cycles until the accepted line's result is valid; 0 = idle
  wire [127:0] pad = {in_iv, 32'h0} ^ key_r;

  assign key_ready = left == 8'd0 && !out_valid;
  assign in_ready  = keyed && left == 8'd0 && !out_valid;

  always @(posedge clk) begin
    if (rst) begin
      keyed <= 1'b0;
      left <= 8'd0;
      out_valid <= 1'b0;
    end else begin
      if (key_valid && key_ready) begin
        keyed <= 1'b1;
        key_r <= key[KEY_BITS-1 -: 128];
      end
      if (in_valid && in_ready) begin
        left <= LATENCY;
        out_data <= in_data ^ {(LINE_BYTES / 16){pad}};
        out_tag <= in_aad ^ pad;
        out_auth_fail <= in_decrypt && (in_aad ^ pad) != in_tag;
        out_id <= in_id;
      end else if (left == 8'd1) begin
        left <= 8'd0;
        out_valid <= 1'b1;
      end else if (left != 8'd0) begin
        left <= left - 8'd1;
      end else if (out_valid && out_ready) begin
        out_valid <= 1'b0;
      end
    end
  end
endmodule
