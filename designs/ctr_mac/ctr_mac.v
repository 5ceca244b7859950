// Counter-mode memory encryption with precomputed pads and a truncated
// Carter-Wegman MAC (the organisation of Intel SGX's memory encryption
// engine): the shared counter-mode engine (designs/common/ctr_engine.v) with
// its MAC; engine interface plus the prefetch-hint and early-data port groups
// (designs/README.md, section "ctr_mac").
module ctr_mac #(
  parameter KEY_BITS   = 128,
  parameter LINE_BYTES = 64,
  parameter ID_BITS    = 8,
  parameter TAG_BITS   = 56,
  parameter LANES      = 0,     // 0 = NB+1, all pad blocks of a line in one pass
  parameter DIGIT      = 64,
  parameter PAD_SLOTS  = 2,
  parameter SBOX       = 0
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
  output wire [ID_BITS-1:0]      out_id,
  // optional: prefetch hint
  input  wire                    pre_valid,
  input  wire [95:0]             pre_iv,
  // optional: early (unauthenticated) data
  output wire                    early_valid,
  output wire [8*LINE_BYTES-1:0] early_data,
  output wire [ID_BITS-1:0]      early_id
);
  ctr_engine #(.MAC(1), .KEY_BITS(KEY_BITS), .LINE_BYTES(LINE_BYTES), .ID_BITS(ID_BITS), .TAG_BITS(TAG_BITS),
               .LANES(LANES), .DIGIT(DIGIT), .PAD_SLOTS(PAD_SLOTS), .SBOX(SBOX)) u_ctr (
    .clk(clk), .rst(rst), .key_valid(key_valid), .key_ready(key_ready), .key(key),
    .in_valid(in_valid), .in_ready(in_ready), .in_decrypt(in_decrypt), .in_iv(in_iv), .in_aad(in_aad),
    .in_data(in_data), .in_tag(in_tag), .in_id(in_id),
    .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_tag(out_tag),
    .out_auth_fail(out_auth_fail), .out_id(out_id), .pre_valid(pre_valid), .pre_iv(pre_iv),
    .early_valid(early_valid), .early_data(early_data), .early_id(early_id));
endmodule
