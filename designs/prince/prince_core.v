// PRINCE (Borghoff et al., ASIACRYPT 2012), unrolled, for LANES 64-bit
// blocks side by side; both directions through the alpha-reflection
// property (decryption = PRINCE_core with k1 ^ alpha, whitening keys k0 and
// k0' swapped), the direction travelling with each block through the pipe.
//
// The cipher is cut into ROUNDS units of one S-layer each (ROUNDS = 12 as
// specified; H = (ROUNDS-2)/2 forward rounds):
//   in:             x ^= w_in ^ k1 ^ RC0
//   u1..uH:         x = SR(M'(S(x))) ^ RC_u ^ k1            (forward rounds)
//   uH+1:           x = M'(S(x))                             (middle, first half)
//   uH+2..u2H+1:    x = M'(SR^-1(S^-1(x) ^ k1 ^ RC_b))       (S^-1 of the previous
//                                                            round, then the next)
//   u2H+2 (ROUNDS): x = S^-1(x) ^ RC11 ^ k1 ^ w_out
// where the backward rounds are the full cipher's last H, RC_(11-H) .. RC_10
// (b = u + 9 - 2H): a reduced cipher drops the rounds next to the middle
// and keeps each forward round RC_i paired with its mirror RC_(11-i), so
// RC_i ^ RC_(11-i) = alpha and the alpha-reflection still gives decryption.
// Reduced rounds (ROUNDS < 12) are not cryptographically strong.
// A register stage follows every RPS units and the last one (RPS >= ROUNDS:
// the whole cipher in one cycle), so a block entering in cycle t leaves the
// last register in cycle t + ceil(ROUNDS/RPS). `en` advances every stage at once (a stalled pipe holds);
// `flush` clears the valid bits. SBW bits of side band travel with each slot.
// Bits are numbered as in the paper: nibble 0 and matrix index 0 are the most
// significant nibble and bit of the 64-bit block.
module prince_core #(
  parameter LANES  = 1,
  parameter ROUNDS = 12,
  parameter RPS    = 4,
  parameter SBW    = 1
) (
  input  wire                  clk,
  input  wire                  flush,
  input  wire                  en,
  input  wire                  in_valid,
  input  wire                  in_dec,
  input  wire [SBW-1:0]        in_sb,
  input  wire [64*LANES-1:0]   in_blk,
  input  wire [63:0]           k0,
  input  wire [63:0]           k0p,
  input  wire [63:0]           k1,
  output wire                  busy,      // a valid slot in some stage
  output wire                  out_valid,
  output wire                  out_dec,
  output wire [SBW-1:0]        out_sb,
  output wire [64*LANES-1:0]   out_blk
);
  localparam [63:0] ALPHA = 64'hc0ac29b7c97c50dd;
  localparam NS = (ROUNDS + RPS - 1) / RPS;
  localparam H  = (ROUNDS - 2) / 2;      // forward (and backward) rounds

  generate
    if (RPS < 1) begin : g_bad_rps
      ROUNDS_PER_STAGE_must_be_positive u_bad ();
    end
    if (ROUNDS < 4 || ROUNDS > 12 || ROUNDS % 2 != 0) begin : g_bad_rounds
      ROUNDS_must_be_4_6_8_10_or_12 u_bad ();
    end
  endgenerate

  function [63:0] rc;
    input integer i;
    case (i)
      0: rc = 64'h0000000000000000;   1: rc = 64'h13198a2e03707344;
      2: rc = 64'ha4093822299f31d0;   3: rc = 64'h082efa98ec4e6c89;
      4: rc = 64'h452821e638d01377;   5: rc = 64'hbe5466cf34e90c6c;
      6: rc = 64'h7ef84f78fd955cb1;   7: rc = 64'h85840851f1ac43aa;
      8: rc = 64'hc882d32f25323c54;   9: rc = 64'h64a51195e0e3610d;
      10: rc = 64'hd3b5a399ca0c2399;  default: rc = 64'hc0ac29b7c97c50dd;
    endcase
  endfunction

  function [3:0] sbox;
    input [3:0] x;
    case (x)
      4'h0: sbox = 4'hb; 4'h1: sbox = 4'hf; 4'h2: sbox = 4'h3; 4'h3: sbox = 4'h2;
      4'h4: sbox = 4'ha; 4'h5: sbox = 4'hc; 4'h6: sbox = 4'h9; 4'h7: sbox = 4'h1;
      4'h8: sbox = 4'h6; 4'h9: sbox = 4'h7; 4'ha: sbox = 4'h8; 4'hb: sbox = 4'h0;
      4'hc: sbox = 4'he; 4'hd: sbox = 4'h5; 4'he: sbox = 4'hd; default: sbox = 4'h4;
    endcase
  endfunction

  function [3:0] sbox_inv;
    input [3:0] x;
    case (x)
      4'h0: sbox_inv = 4'hb; 4'h1: sbox_inv = 4'h7; 4'h2: sbox_inv = 4'h3; 4'h3: sbox_inv = 4'h2;
      4'h4: sbox_inv = 4'hf; 4'h5: sbox_inv = 4'hd; 4'h6: sbox_inv = 4'h8; 4'h7: sbox_inv = 4'h9;
      4'h8: sbox_inv = 4'ha; 4'h9: sbox_inv = 4'h6; 4'ha: sbox_inv = 4'h4; 4'hb: sbox_inv = 4'h0;
      4'hc: sbox_inv = 4'h5; 4'hd: sbox_inv = 4'he; 4'he: sbox_inv = 4'hc; default: sbox_inv = 4'h1;
    endcase
  endfunction

  function [63:0] s_layer;
    input [63:0] x;
    input inv;
    integer n;
    for (n = 0; n < 16; n = n + 1)
      s_layer[4*n +: 4] = inv ? sbox_inv(x[4*n +: 4]) : sbox(x[4*n +: 4]);
  endfunction

  // M' = diag(M^(0), M^(1), M^(1), M^(0)). In M^(f), block (br, bc) of the
  // 4x4 block matrix is M_((f+br+bc) mod 4), the 4x4 identity with that row
  // cleared: output nibble br of a 16-bit chunk is the XOR over bc of input
  // nibble bc with bit (f+br+bc) mod 4 cleared (bit 0 = the nibble's most
  // significant). Writing bc = br + k, the k-th term is the chunk rotated by
  // k nibbles, masked by the constant m_mask(k): four wide ANDs and XORs.
  function [63:0] m_mask;
    input integer k;
    integer ch, br, f;
    for (ch = 0; ch < 4; ch = ch + 1)
      for (br = 0; br < 4; br = br + 1) begin
        f = (ch == 1 || ch == 2) ? 1 : 0;
        m_mask[63 - 16*ch - 4*br -: 4] = ~(4'b1000 >> ((f + 2*br + k) % 4));
      end
  endfunction
  localparam [63:0] MK0 = m_mask(0), MK1 = m_mask(1), MK2 = m_mask(2), MK3 = m_mask(3);

  function [63:0] rot_nibbles;  // each 16-bit chunk rotated left by k nibbles
    input [63:0] x;
    input integer k;
    integer ch;
    for (ch = 0; ch < 4; ch = ch + 1)
      rot_nibbles[16*ch +: 16] = (x[16*ch +: 16] << (4*k)) | (x[16*ch +: 16] >> (16 - 4*k));
  endfunction

  function [63:0] m_prime;
    input [63:0] x;
    m_prime = (x & MK0) ^ (rot_nibbles(x, 1) & MK1) ^ (rot_nibbles(x, 2) & MK2) ^ (rot_nibbles(x, 3) & MK3);
  endfunction

  // SR: output nibble i is input nibble (5*i) mod 16 (AES ShiftRows on a 4x4
  // nibble array, nibble 0 the most significant); inv undoes it.
  function [63:0] shift_rows;
    input [63:0] x;
    input inv;
    integer i;
    for (i = 0; i < 16; i = i + 1)
      if (inv) shift_rows[63 - 4*((5*i) % 16) -: 4] = x[63 - 4*i -: 4];
      else shift_rows[63 - 4*i -: 4] = x[63 - 4*((5*i) % 16) -: 4];
  endfunction

  // unit u (1..ROUNDS) of the list above
  function [63:0] unit;
    input [63:0] x;
    input integer u;
    input [63:0] k1e;
    input [63:0] w_out;
    if (u <= H) unit = shift_rows(m_prime(s_layer(x, 1'b0)), 1'b0) ^ rc(u) ^ k1e;
    else if (u == H + 1) unit = m_prime(s_layer(x, 1'b0));
    else if (u <= 2 * H + 1) unit = m_prime(shift_rows(s_layer(x, 1'b1) ^ k1e ^ rc(u + 9 - 2 * H), 1'b1));
    else unit = s_layer(x, 1'b1) ^ rc(11) ^ k1e ^ w_out;
  endfunction

  // stage u holds the state after unit u (0 = input side): registered after
  // units RPS, 2*RPS, .. and ROUNDS, plain wires elsewhere
  localparam XW = 64 * LANES;
  wire [XW-1:0]    xs  [0:ROUNDS];
  wire             vs  [0:ROUNDS];
  wire             ds  [0:ROUNDS];
  wire [SBW-1:0]   sbs [0:ROUNDS];
  wire [NS:0]      stage_valid;

  assign vs[0]  = in_valid;
  assign ds[0]  = in_dec;
  assign sbs[0] = in_sb;
  assign stage_valid[0] = 1'b0;
  genvar l, u;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_in
      assign xs[0][64*l +: 64] = in_blk[64*l +: 64] ^ (in_dec ? k0p : k0) ^ k1 ^ (in_dec ? ALPHA : 64'h0) ^ rc(0);
    end
    for (u = 1; u <= ROUNDS; u = u + 1) begin : g_unit
      wire [63:0] k1e = k1 ^ (ds[u-1] ? ALPHA : 64'h0);
      wire [63:0] w_out = ds[u-1] ? k0 : k0p;
      wire [XW-1:0] y;
      for (l = 0; l < LANES; l = l + 1) begin : g_lane
        assign y[64*l +: 64] = unit(xs[u-1][64*l +: 64], u, k1e, w_out);
      end
      if (u % RPS == 0 || u == ROUNDS) begin : g_reg
        reg [XW-1:0]  x_q;
        reg           v_q, d_q;
        reg [SBW-1:0] sb_q;
        always @(posedge clk) begin
          if (flush) v_q <= 1'b0;
          else if (en) v_q <= vs[u-1];
          if (en) begin
            x_q  <= y;
            d_q  <= ds[u-1];
            sb_q <= sbs[u-1];
          end
        end
        assign xs[u] = x_q;
        assign vs[u] = v_q;
        assign ds[u] = d_q;
        assign sbs[u] = sb_q;
        assign stage_valid[(u + RPS - 1) / RPS] = v_q;
      end else begin : g_wire
        assign xs[u] = y;
        assign vs[u] = vs[u-1];
        assign ds[u] = ds[u-1];
        assign sbs[u] = sbs[u-1];
      end
    end
  endgenerate

  assign busy      = |stage_valid;
  assign out_valid = vs[ROUNDS];
  assign out_dec   = ds[ROUNDS];
  assign out_sb    = sbs[ROUNDS];
  assign out_blk   = xs[ROUNDS];
endmodule

