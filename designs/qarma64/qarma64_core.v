// QARMA-64 (Avanzi, IACR ToSC 2017(1)), unrolled, for LANES 64-bit blocks
// side by side; both directions through the reflection property (decryption
// = the same circuit with k0 ^ alpha as core key, Q*k0 as reflector key and
// the whitening keys w0, w1 swapped), the direction travelling with each
// block through the pipe. designs/qarma64/reference.py states the cipher.
//
// The 2r+2 S-layers are cut into units of one S-layer each (r = ROUNDS):
//   in:         x = P ^ wi                                  (wi: w0, dec w1)
//   u = 1..r:   x = S(M(tau(x ^ kc ^ T_i ^ c_i))), i = u-1   (u = 1: no tau, M)
//   u = r+1:    x = S(M(tau(x ^ wo ^ T_r)))                  (wo: w1, dec w0)
//   u = r+2:    x = S^-1(tau^-1(Q(tau(x)) ^ kr))             (kr: k0, dec Q*k0)
//   u = r+3:    x = S^-1(tau^-1(M(x)) ^ wi ^ T_r)
//   u > r+3:    x = S^-1(tau^-1(M(x)) ^ kb ^ T_(i+1) ^ c_(i+1)), i = 2r+2-u
//   u = 2r+2:   ... then x ^= kb ^ T_0 ^ c_0 ^ wo
// with kc = k0 (dec k0 ^ alpha), kb = kc ^ alpha and T_i the tweak after i
// forward updates T = omega(h(T)). A register stage follows every RPS units
// and the last one, so a block entering in cycle t leaves in cycle t + NS,
// NS = ceil((2r+2)/RPS). `en` advances every stage at once; `flush` clears
// the valid bits. Lane l's tweak is in_tw ^ (l << 3): the tweak schedule is
// linear, so T_i of a lane is T_i(in_tw) ^ T_i(l << 3), a constant apart,
// and only in_tw travels with the slot (with SBW bits of side band).
// Cell i of a 64-bit value is bits [63-4i -: 4] (cell 0 most significant).
module qarma64_core #(
  parameter LANES  = 1,
  parameter RPS    = 16,
  parameter ROUNDS = 7,
  parameter SBOX   = 1,
  parameter SBW    = 1
) (
  input  wire                  clk,
  input  wire                  flush,
  input  wire                  en,
  input  wire                  in_valid,
  input  wire                  in_dec,
  input  wire [SBW-1:0]        in_sb,
  input  wire [63:0]           in_tw,
  input  wire [64*LANES-1:0]   in_blk,
  input  wire [63:0]           w0,
  input  wire [63:0]           w1,
  input  wire [63:0]           k0,
  input  wire [63:0]           kq,       // Q * k0, the reflector key of decryption
  output wire                  busy,     // a valid slot in some stage
  output wire                  out_valid,
  output wire                  out_dec,
  output wire [SBW-1:0]        out_sb,
  output wire [64*LANES-1:0]   out_blk
);
  localparam [63:0] ALPHA = 64'hc0ac29b7c97c50dd;
  localparam NU = 2 * ROUNDS + 2;           // units (S-layers)
  localparam NS = (NU + RPS - 1) / RPS;     // register stages

  generate
    if (ROUNDS < 2 || ROUNDS > 8) begin : g_bad_rounds
      ROUNDS_must_be_2_to_8 u_bad ();
    end
    if (RPS < 1) begin : g_bad_rps
      ROUNDS_PER_STAGE_must_be_positive u_bad ();
    end
    if (SBOX < 0 || SBOX > 2) begin : g_bad_sbox
      SBOX_must_be_0_1_or_2 u_bad ();
    end
  endgenerate

  function [63:0] rc;
    input integer i;
    case (i)
      0: rc = 64'h0000000000000000;   1: rc = 64'h13198a2e03707344;
      2: rc = 64'ha4093822299f31d0;   3: rc = 64'h082efa98ec4e6c89;
      4: rc = 64'h452821e638d01377;   5: rc = 64'hbe5466cf34e90c6c;
      6: rc = 64'h3f84d5b5b5470917;   default: rc = 64'h9216d5d98979fb1b;
    endcase
  endfunction

  // sigma_0, sigma_1, sigma_2 of the paper (sigma_0 and sigma_1 are
  // involutions); inv selects the inverse S-box
  function [3:0] sbox;
    input [3:0] x;
    input inv;
    reg [3:0] y;
    begin
      if (SBOX == 0) begin
        case (x)
          4'h0: y = 4'h0; 4'h1: y = 4'he; 4'h2: y = 4'h2; 4'h3: y = 4'ha;
          4'h4: y = 4'h9; 4'h5: y = 4'hf; 4'h6: y = 4'h8; 4'h7: y = 4'hb;
          4'h8: y = 4'h6; 4'h9: y = 4'h4; 4'ha: y = 4'h3; 4'hb: y = 4'h7;
          4'hc: y = 4'hd; 4'hd: y = 4'hc; 4'he: y = 4'h1; default: y = 4'h5;
        endcase
      end else if (SBOX == 1) begin
        case (x)
          4'h0: y = 4'ha; 4'h1: y = 4'hd; 4'h2: y = 4'he; 4'h3: y = 4'h6;
          4'h4: y = 4'hf; 4'h5: y = 4'h7; 4'h6: y = 4'h3; 4'h7: y = 4'h5;
          4'h8: y = 4'h9; 4'h9: y = 4'h8; 4'ha: y = 4'h0; 4'hb: y = 4'hc;
          4'hc: y = 4'hb; 4'hd: y = 4'h1; 4'he: y = 4'h2; default: y = 4'h4;
        endcase
      end else if (!inv) begin
        case (x)
          4'h0: y = 4'hb; 4'h1: y = 4'h6; 4'h2: y = 4'h8; 4'h3: y = 4'hf;
          4'h4: y = 4'hc; 4'h5: y = 4'h0; 4'h6: y = 4'h9; 4'h7: y = 4'he;
          4'h8: y = 4'h3; 4'h9: y = 4'h7; 4'ha: y = 4'h4; 4'hb: y = 4'h5;
          4'hc: y = 4'hd; 4'hd: y = 4'h2; 4'he: y = 4'h1; default: y = 4'ha;
        endcase
      end else begin
        case (x)
          4'h0: y = 4'h5; 4'h1: y = 4'he; 4'h2: y = 4'hd; 4'h3: y = 4'h8;
          4'h4: y = 4'ha; 4'h5: y = 4'hb; 4'h6: y = 4'h1; 4'h7: y = 4'h9;
          4'h8: y = 4'h2; 4'h9: y = 4'h6; 4'ha: y = 4'hf; 4'hb: y = 4'h0;
          4'hc: y = 4'h4; 4'hd: y = 4'hc; 4'he: y = 4'h7; default: y = 4'h3;
        endcase
      end
      sbox = y;
    end
  endfunction

  function [63:0] s_layer;
    input [63:0] x;
    input inv;
    integer n;
    for (n = 0; n < 16; n = n + 1)
      s_layer[4*n +: 4] = sbox(x[4*n +: 4], inv);
  endfunction

  // cell permutations (new cell i = old cell perm[i]): tau of MIDORI
  // [0 11 6 13 10 1 12 7 5 14 3 8 15 4 9 2], its inverse, and h of MANTIS
  // [6 5 14 15 0 1 2 3 7 12 13 4 8 9 10 11]
  function [63:0] tau;
    input [63:0] x;
    tau = {x[63:60], x[19:16], x[39:36], x[11:8], x[23:20], x[59:56], x[15:12], x[35:32],
           x[43:40], x[7:4], x[51:48], x[31:28], x[3:0], x[47:44], x[27:24], x[55:52]};
  endfunction

  function [63:0] tau_inv;
    input [63:0] x;
    tau_inv = {x[63:60], x[43:40], x[3:0], x[23:20], x[11:8], x[31:28], x[55:52], x[35:32],
               x[19:16], x[7:4], x[47:44], x[59:56], x[39:36], x[51:48], x[27:24], x[15:12]};
  endfunction

  function [63:0] h_perm;
    input [63:0] x;
    h_perm = {x[39:36], x[43:40], x[7:4], x[3:0], x[63:60], x[59:56], x[55:52], x[51:48],
              x[35:32], x[15:12], x[11:8], x[47:44], x[31:28], x[27:24], x[23:20], x[19:16]};
  endfunction

  function [3:0] rho;  // rotate a cell left by n bits
    input [3:0] v;
    input integer n;
    rho = (n == 1) ? {v[2:0], v[3]} : {v[1:0], v[3:2]};
  endfunction

  // M = Q = circ(0, rho, rho^2, rho) on each column (cells c, c+4, c+8, c+12)
  function [63:0] mix;
    input [63:0] x;
    integer row, col;
    for (row = 0; row < 4; row = row + 1)
      for (col = 0; col < 4; col = col + 1)
        mix[63 - 4*(4*row + col) -: 4] = rho(x[63 - 4*(4*((row + 1) % 4) + col) -: 4], 1)
                                       ^ rho(x[63 - 4*(4*((row + 2) % 4) + col) -: 4], 2)
                                       ^ rho(x[63 - 4*(4*((row + 3) % 4) + col) -: 4], 1);
  endfunction

  // T_n: n forward tweak updates T = omega(h(T)); omega is the LFSR
  // (b3, b2, b1, b0) -> (b0 ^ b1, b3, b2, b1) on cells 0, 1, 3, 4, 8, 11, 13
  function [63:0] tweak_at;
    input [63:0] t;
    input integer n;
    integer k, c;
    reg [63:0] v;
    reg [3:0] b;
    begin
      v = t;
      for (k = 0; k < n; k = k + 1) begin
        v = h_perm(v);
        for (c = 0; c < 16; c = c + 1)
          if (c == 0 || c == 1 || c == 3 || c == 4 || c == 8 || c == 11 || c == 13) begin
            b = v[63 - 4*c -: 4];
            v[63 - 4*c -: 4] = {b[0] ^ b[1], b[3:1]};
          end
      end
      tweak_at = v;
    end
  endfunction

  // unit u (1..NU) of the list above, on one lane with its tweak schedule
  // given as the slot's T_i(in_tw) and the lane's constant offset
  function [63:0] unit;
    input [63:0] x;
    input integer u;
    input [63:0] t_u;     // the tweak this unit adds (lane offset included)
    input [63:0] t_0;     // T_0 of the lane, which the last unit adds as well
    input [63:0] kc, wi, wo, kr;
    reg [63:0] y;
    begin
      if (u == 1) unit = s_layer(x ^ kc ^ t_u ^ rc(0), 1'b0);
      else if (u <= ROUNDS) unit = s_layer(mix(tau(x ^ kc ^ t_u ^ rc(u - 1))), 1'b0);
      else if (u == ROUNDS + 1) unit = s_layer(mix(tau(x ^ wo ^ t_u)), 1'b0);
      else if (u == ROUNDS + 2) unit = s_layer(tau_inv(mix(tau(x)) ^ kr), 1'b1);
      else if (u == ROUNDS + 3) unit = s_layer(tau_inv(mix(x)) ^ wi ^ t_u, 1'b1);
      else begin
        y = s_layer(tau_inv(mix(x)) ^ kc ^ ALPHA ^ t_u ^ rc(2*ROUNDS + 3 - u), 1'b1);
        unit = (u == NU) ? y ^ kc ^ ALPHA ^ t_0 ^ rc(0) ^ wo : y;
      end
    end
  endfunction

  // index i of the tweak T_i a unit adds (the last adds T_0 besides)
  function integer unit_tweak;
    input integer u;
    if (u <= ROUNDS) unit_tweak = u - 1;
    else if (u <= ROUNDS + 3) unit_tweak = ROUNDS;
    else unit_tweak = 2*ROUNDS + 3 - u;
  endfunction

  // stage u holds the state after unit u (0 = input side): registered after
  // units RPS, 2*RPS, .. and NU, plain wires elsewhere
  localparam XW = 64 * LANES;
  wire [XW-1:0]    xs  [0:NU];
  wire             vs  [0:NU];
  wire             ds  [0:NU];
  wire [SBW-1:0]   sbs [0:NU];
  wire [63:0]      tws [0:NU];
  wire [NS:0]      stage_valid;

  assign vs[0]  = in_valid;
  assign ds[0]  = in_dec;
  assign sbs[0] = in_sb;
  assign tws[0] = in_tw;
  assign stage_valid[0] = 1'b0;
  genvar l, u;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_in
      assign xs[0][64*l +: 64] = in_blk[64*l +: 64] ^ (in_dec ? w1 : w0);
    end
    for (u = 1; u <= NU; u = u + 1) begin : g_unit
      wire        dec = ds[u-1];
      wire [63:0] kc  = dec ? k0 ^ ALPHA : k0;
      wire [63:0] wi  = dec ? w1 : w0;
      wire [63:0] wo  = dec ? w0 : w1;
      wire [63:0] kr  = dec ? kq : k0;
      wire [63:0] t_slot = tweak_at(tws[u-1], unit_tweak(u));
      wire [XW-1:0] y;
      for (l = 0; l < LANES; l = l + 1) begin : g_lane
        wire [63:0] t_u = t_slot ^ tweak_at(l << 3, unit_tweak(u));
        assign y[64*l +: 64] = unit(xs[u-1][64*l +: 64], u, t_u, tws[u-1] ^ (l << 3), kc, wi, wo, kr);
      end
      if (u % RPS == 0 || u == NU) begin : g_reg
        reg [XW-1:0]  x_q;
        reg           v_q, d_q;
        reg [SBW-1:0] sb_q;
        reg [63:0]    tw_q;
        always @(posedge clk) begin
          if (flush) v_q <= 1'b0;
          else if (en) v_q <= vs[u-1];
          if (en) begin
            x_q  <= y;
            d_q  <= ds[u-1];
            sb_q <= sbs[u-1];
            tw_q <= tws[u-1];
          end
        end
        assign xs[u] = x_q;
        assign vs[u] = v_q;
        assign ds[u] = d_q;
        assign sbs[u] = sb_q;
        assign tws[u] = tw_q;
        assign stage_valid[(u + RPS - 1) / RPS] = v_q;
      end else begin : g_wire
        assign xs[u] = y;
        assign vs[u] = vs[u-1];
        assign ds[u] = ds[u-1];
        assign sbs[u] = sbs[u-1];
        assign tws[u] = tws[u-1];
      end
    end
  endgenerate

  assign busy      = |stage_valid;
  assign out_valid = vs[NU];
  assign out_dec   = ds[NU];
  assign out_sb    = sbs[NU];
  assign out_blk   = xs[NU];
endmodule
