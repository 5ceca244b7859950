// Combinational AES building blocks shared by the iterative engines.
// Byte order follows FIPS-197 and the engine buses: byte 0 of the state is
// bits [127:120]; byte i sits in row i%4, column i/4.

// One encryption round: SubBytes, ShiftRows, MixColumns (skipped in the last
// round), AddRoundKey.
module aes_enc_round #(
  parameter SBOX = 0
) (
  input  wire [127:0] state,
  input  wire [127:0] rk,
  input  wire         final_round,
  output wire [127:0] out
);
  wire [127:0] sb;
  wire [127:0] mc;
  wire [127:0] sr;
  genvar i;
  generate
    for (i = 0; i < 16; i = i + 1) begin : g_lane
      aes_sbox_sel #(.SBOX(SBOX), .INV(0)) u_sb (
        .in(state[127 - 8*i -: 8]), .out(sb[127 - 8*i -: 8]));
      // Row r = i%4 moves left by r columns.
      assign sr[127 - 8*i -: 8] = sb[127 - 8*((i % 4) + 4*(((i / 4) + (i % 4)) % 4)) -: 8];
    end
  endgenerate
  aes_mix_columns #(.INV(0)) u_mc (.in(sr), .out(mc));
  assign out = (final_round ? sr : mc) ^ rk;
endmodule

// One round of the (non-equivalent) inverse cipher: InvShiftRows,
// InvSubBytes, AddRoundKey, InvMixColumns (skipped in the last round). The
// round keys are consumed in reverse order, unmodified.
module aes_dec_round #(
  parameter SBOX = 0
) (
  input  wire [127:0] state,
  input  wire [127:0] rk,
  input  wire         final_round,
  output wire [127:0] out
);
  wire [127:0] isr;
  wire [127:0] isb;
  genvar i;
  generate
    for (i = 0; i < 16; i = i + 1) begin : g_lane
      assign isr[127 - 8*i -: 8] = state[127 - 8*((i % 4) + 4*(((i / 4) + 4 - (i % 4)) % 4)) -: 8];
      aes_sbox_sel #(.SBOX(SBOX), .INV(1)) u_sb (
        .in(isr[127 - 8*i -: 8]), .out(isb[127 - 8*i -: 8]));
    end
  endgenerate
  wire [127:0] ark = isb ^ rk;
  wire [127:0] imc;
  aes_mix_columns #(.INV(1)) u_imc (.in(ark), .out(imc));
  assign out = final_round ? ark : imc;
endmodule

// One key-expansion step: from the window w[4r .. 4r+Nk-1] (round key r is
// its top 128 bits) to the window of round r+1. Producing four words per step
// keeps AES-128 and AES-256 on the same one-round-key-per-cycle cadence.
// rot selects RotWord+Rcon (always for AES-128; even steps for AES-256).
module aes_key_step #(
  parameter KEY_BITS = 128,
  parameter SBOX     = 0
) (
  input  wire [KEY_BITS-1:0] w,
  input  wire [7:0]          rcon,
  input  wire                rot,
  output wire [KEY_BITS-1:0] wn
);
  wire        do_rot = (KEY_BITS == 128) ? 1'b1 : rot;
  wire [31:0] last   = w[31:0];
  wire [31:0] sub_in = do_rot ? {last[23:0], last[31:24]} : last;
  wire [31:0] sub_out;
  genvar i;
  generate
    for (i = 0; i < 4; i = i + 1) begin : g_lane
      aes_sbox_sel #(.SBOX(SBOX), .INV(0)) u_sb (
        .in(sub_in[31 - 8*i -: 8]), .out(sub_out[31 - 8*i -: 8]));
    end
  endgenerate
  wire [31:0] t  = sub_out ^ (do_rot ? {rcon, 24'h0} : 32'h0);
  wire [31:0] n0 = w[KEY_BITS-1  -: 32] ^ t;
  wire [31:0] n1 = w[KEY_BITS-33 -: 32] ^ n0;
  wire [31:0] n2 = w[KEY_BITS-65 -: 32] ^ n1;
  wire [31:0] n3 = w[KEY_BITS-97 -: 32] ^ n2;
  generate
    if (KEY_BITS == 128) begin : g_128
      assign wn = {n0, n1, n2, n3};
    end else begin : g_256
      assign wn = {w[127:0], n0, n1, n2, n3};
    end
  endgenerate
endmodule

// MixColumns (INV = 0) or InvMixColumns (INV = 1) on all four columns.
// The inverse is computed as MixColumns after multiplying each column by
// {04}x^2 + {05}, the factorisation of the InvMixColumns polynomial, so both
// directions share the cheaper forward network.
module aes_mix_columns #(
  parameter INV = 0
) (
  input  wire [127:0] in,
  output wire [127:0] out
);
  function [7:0] xt;  // multiply by x modulo x^8+x^4+x^3+x+1
    input [7:0] b;
    xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
  endfunction

  genvar c;
  generate
    for (c = 0; c < 4; c = c + 1) begin : g_col
      wire [7:0] a0 = in[127 - 32*c -: 8];
      wire [7:0] a1 = in[119 - 32*c -: 8];
      wire [7:0] a2 = in[111 - 32*c -: 8];
      wire [7:0] a3 = in[103 - 32*c -: 8];
      wire [7:0] u  = (INV != 0) ? xt(xt(a0 ^ a2)) : 8'h00;
      wire [7:0] v  = (INV != 0) ? xt(xt(a1 ^ a3)) : 8'h00;
      wire [7:0] b0 = a0 ^ u, b1 = a1 ^ v, b2 = a2 ^ u, b3 = a3 ^ v;
      assign out[127 - 32*c -: 32] = {xt(b0) ^ xt(b1) ^ b1 ^ b2 ^ b3,
                                      b0 ^ xt(b1) ^ xt(b2) ^ b2 ^ b3,
                                      b0 ^ b1 ^ xt(b2) ^ xt(b3) ^ b3,
                                      xt(b0) ^ b0 ^ b1 ^ b2 ^ xt(b3)};
    end
  endgenerate
endmodule
