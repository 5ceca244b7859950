// Counter-mode memory encryption without integrity: pads precomputed from
// (address, per-line counter), no MAC, no tag (the mode IBM's POWER10 memory
// controller recommends for volatile memory, for its latency). The shared
// counter-mode engine (designs/common/ctr_engine.v) without its MAC, so ctr
// and ctr_mac differ by exactly the MAC; engine interface plus the
// prefetch-hint port group (designs/README.md, section "ctr"):
//   in_iv = address (64) || per-line counter (32); J0 = in_iv || 0^31 || 1
//   pad_k = E_K(inc32^k(J0)), k = 1..LINE_BYTES/16;  C_k = P_k ^ pad_k
// out_tag = 0 and out_auth_fail = 0; in_aad and in_tag are ignored. The
// result leaves the cycle the pads meet the data (no early-data port: there is
// no verdict to wait for).
module ctr #(
  parameter KEY_BITS   = 128,
  parameter LINE_BYTES = 64,
  parameter ID_BITS    = 8,
  parameter LANES      = 0,     // 0 = LINE_BYTES/16, all pads of a line in one pass
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
  input  wire [95:0]             pre_iv
);
  ctr_engine #(.MAC(0), .KEY_BITS(KEY_BITS), .LINE_BYTES(LINE_BYTES), .ID_BITS(ID_BITS), .LANES(LANES),
               .PAD_SLOTS(PAD_SLOTS), .SBOX(SBOX)) u_ctr (
    .clk(clk), .rst(rst), .key_valid(key_valid), .key_ready(key_ready), .key(key),
    .in_valid(in_valid), .in_ready(in_ready), .in_decrypt(in_decrypt), .in_iv(in_iv), .in_aad(in_aad),
    .in_data(in_data), .in_tag(in_tag), .in_id(in_id),
    .out_valid(out_valid), .out_ready(out_ready), .out_data(out_data), .out_tag(out_tag),
    .out_auth_fail(out_auth_fail), .out_id(out_id), .pre_valid(pre_valid), .pre_iv(pre_iv),
    .early_valid(), .early_data(), .early_id());
endmodule
