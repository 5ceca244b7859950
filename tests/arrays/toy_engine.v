// Stand-in engine for array tests: the engine-interface port list and protocol
// (designs/README.md) around a trivial, non-cryptographic datapath, so arrays
// synthesize in seconds and results come back with data-dependent latency
// (1..16 cycles from in_data[3:0]), which makes engines in an array finish
// out of acceptance order.
//   pad      = {in_iv, 32'h0} ^ key[KEY_BITS-1 -: 128]
//   out_data = in_data ^ {LINE_BYTES/16 copies of pad}
//   out_tag  = in_aad ^ pad;  out_auth_fail = in_decrypt && out_tag != in_tag
// One line at a time; the output registers are the line registers.
module toy_engine #(
  parameter KEY_BITS   = 128,
  parameter LINE_BYTES = 32,
  parameter ID_BITS    = 8
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
  output wire                    out_valid,
  input  wire                    out_ready,
  output wire [8*LINE_BYTES-1:0] out_data,
  output wire [127:0]            out_tag,
  output wire                    out_auth_fail,
  output wire [ID_BITS-1:0]      out_id
);
  localparam NB = LINE_BYTES / 16;

  reg [127:0]            key_r;  // only the top 128 key bits matter to the pad
  reg                    have_key, busy, out_v, fail;
  reg [3:0]              wait_n;
  reg [8*LINE_BYTES-1:0] data;
  reg [127:0]            tag;
  reg [ID_BITS-1:0]      id;

  assign key_ready = !busy && !out_v;
  assign in_ready  = have_key && !busy && !out_v;
  wire   accept    = in_valid && in_ready;
  wire [127:0] pad = {in_iv, 32'h0} ^ key_r;
  wire [127:0] tag_calc = in_aad ^ pad;

  always @(posedge clk) begin
    if (rst) begin
      have_key <= 1'b0;
      busy     <= 1'b0;
      out_v    <= 1'b0;
    end else begin
      if (key_valid && key_ready) have_key <= 1'b1;
      if (accept) busy <= 1'b1;
      else if (busy && wait_n == 4'd0) busy <= 1'b0;
      if (busy && wait_n == 4'd0) out_v <= 1'b1;
      else if (out_ready) out_v <= 1'b0;
    end
    if (key_valid && key_ready) key_r <= key[KEY_BITS-1 -: 128];
    if (accept) begin
      data   <= in_data ^ {NB{pad}};
      tag    <= tag_calc;
      fail   <= in_decrypt && (tag_calc != in_tag);
      id     <= in_id;
      wait_n <= in_data[3:0];
    end else if (busy) begin
      wait_n <= wait_n - 4'd1;
    end
  end

  assign out_valid     = out_v;
  assign out_data      = data;
  assign out_tag       = tag;
  assign out_auth_fail = fail;
  assign out_id        = id;
endmodule
