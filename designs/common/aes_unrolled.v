// AES unrolled one round per register stage, LANES blocks side by side, with
// all NR+1 round keys given (rks: round key i in bits [128*i +: 128]).
//   DEC = 0: encryption only.  DEC = 1: both directions, chosen per slot by
//   in_dec (the inverse cipher takes the round keys in reverse order).
// A slot entering in cycle t (in_blk xor the whitening key, round 1 and the
// first register) leaves the last register in cycle t + NR. `en` advances
// every stage at once (a stalled pipe holds); `flush` clears the valid bits.
// SBW bits of side band travel with each slot; the lanes are independent, a
// block leaves at the position of out_blk it entered at in in_blk.
module aes_unrolled #(
  parameter KEY_BITS = 128,
  parameter LANES    = 1,
  parameter SBOX     = 0,
  parameter DEC      = 0,
  parameter SBW      = 1
) (
  input  wire                        clk,
  input  wire                        flush,
  input  wire                        en,
  input  wire                        in_valid,
  input  wire                        in_dec,
  input  wire [SBW-1:0]              in_sb,
  input  wire [128*LANES-1:0]        in_blk,
  input  wire [128*((KEY_BITS == 256) ? 15 : 11)-1:0] rks,
  output wire                        busy,
  output wire                        out_valid,
  output wire                        out_dec,
  output wire [SBW-1:0]              out_sb,
  output wire [128*LANES-1:0]        out_blk
);
  localparam NR = (KEY_BITS == 256) ? 14 : 10;
  localparam XW = 128 * LANES;

  generate
    if (KEY_BITS != 128 && KEY_BITS != 256) begin : g_bad_key_bits
      KEY_BITS_must_be_128_or_256 u_bad ();
    end
    if (DEC != 0 && DEC != 1) begin : g_bad_dec
      DEC_must_be_0_or_1 u_bad ();
    end
  endgenerate

  wire [XW-1:0]  xs  [0:NR];
  wire           vs  [0:NR];
  wire           ds  [0:NR];
  wire [SBW-1:0] sbs [0:NR];
  wire [NR:1]    stage_valid;
  wire           dec_in = (DEC != 0) && in_dec;

  assign vs[0]  = in_valid;
  assign ds[0]  = dec_in;
  assign sbs[0] = in_sb;
  genvar l, r;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_in
      assign xs[0][128*l +: 128] = in_blk[128*l +: 128] ^ (dec_in ? rks[128*NR +: 128] : rks[127:0]);
    end
    for (r = 1; r <= NR; r = r + 1) begin : g_round
      wire [XW-1:0] y;
      for (l = 0; l < LANES; l = l + 1) begin : g_lane
        wire [127:0] enc_out;
        aes_enc_round #(.SBOX(SBOX)) u_enc (
          .state(xs[r-1][128*l +: 128]), .rk(rks[128*r +: 128]), .final_round(r == NR), .out(enc_out));
        if (DEC == 0) begin : g_enc_only
          assign y[128*l +: 128] = enc_out;
        end else begin : g_both
          wire [127:0] dec_out;
          aes_dec_round #(.SBOX(SBOX)) u_dec (
            .state(xs[r-1][128*l +: 128]), .rk(rks[128*(NR-r) +: 128]), .final_round(r == NR), .out(dec_out));
          assign y[128*l +: 128] = ds[r-1] ? dec_out : enc_out;
        end
      end
      reg [XW-1:0]  x_q;
      reg           v_q, d_q;
      reg [SBW-1:0] sb_q;
      always @(posedge clk) begin
        if (flush) v_q <= 1'b0;
        else if (en) v_q <= vs[r-1];
        if (en) begin
          x_q  <= y;
          d_q  <= ds[r-1];
          sb_q <= sbs[r-1];
        end
      end
      assign xs[r] = x_q;
      assign vs[r] = v_q;
      assign ds[r] = d_q;
      assign sbs[r] = sb_q;
      assign stage_valid[r] = v_q;
    end
  endgenerate

  assign busy      = |stage_valid;
  assign out_valid = vs[NR];
  assign out_dec   = ds[NR];
  assign out_sb    = sbs[NR];
  assign out_blk   = xs[NR];
endmodule
