// AES with the key given at each start and every round key made on the fly,
// in both directions: what a multi-key engine needs to switch keys on every
// access without a per-key store of expanded round keys (designs/README.md,
// section "xts_mk"). Byte order as aes_round.v.
//
// The AES key schedule (FIPS-197 section 5.2) can be run backwards: from the
// window of round r+1 the window of round r follows with the same four
// S-boxes. So decryption starts from the schedule's last window and steps
// back, and a key store needs only the cipher key (the last window is made in
// NR cycles by aes_key_run, or stored beside the key).

// The round-constant and RotWord choice of key-expansion step `step` (the step
// from the window of round `step` to that of round step+1).
module aes_key_rcon #(
  parameter KEY_BITS = 128
) (
  input  wire [3:0] step,
  output reg  [7:0] rcon,
  output wire       rot
);
  // AES-256 alternates RotWord+Rcon and SubWord-only steps and advances Rcon
  // once per two steps
  wire [3:0] idx = (KEY_BITS == 256) ? {1'b0, step[3:1]} : step;
  assign rot = (KEY_BITS == 256) ? ~step[0] : 1'b1;
  always @* begin
    case (idx)
      4'd0: rcon = 8'h01; 4'd1: rcon = 8'h02; 4'd2: rcon = 8'h04;
      4'd3: rcon = 8'h08; 4'd4: rcon = 8'h10; 4'd5: rcon = 8'h20;
      4'd6: rcon = 8'h40; 4'd7: rcon = 8'h80; 4'd8: rcon = 8'h1b;
      default: rcon = 8'h36;
    endcase
  end
endmodule

// One key-expansion step forward (back = 0: window r -> r+1, as aes_key_step)
// or backward (back = 1: window r+1 -> r), sharing the four S-boxes. With the
// window's 32-bit words W0 (most significant) .. W(Nk-1) and f the step's
// SubWord(RotWord()) ^ Rcon (or SubWord alone on odd AES-256 steps):
//   AES-128 forward  n0 = W0 ^ f(W3), n_j = W_j ^ n_(j-1)     -> n0..n3
//           backward p_j = W_j ^ W_(j-1) (j = 3..1), p0 = W0 ^ f(p3)
//   AES-256 forward  n0 = W0 ^ f(W7), n_j = W_j ^ n_(j-1)     -> W4..W7, n0..n3
//           backward p0 = W4 ^ f(W3), p_j = W_(4+j) ^ W_(3+j) -> p0..p3, W0..W3
module aes_key_step2 #(
  parameter KEY_BITS = 128,
  parameter SBOX     = 0
) (
  input  wire [KEY_BITS-1:0] w,
  input  wire [3:0]          step,
  input  wire                back,
  output wire [KEY_BITS-1:0] wn
);
  wire [7:0] rcon;
  wire       rot;
  aes_key_rcon #(.KEY_BITS(KEY_BITS)) u_rcon (.step(step), .rcon(rcon), .rot(rot));

  function [31:0] word;  // word i of the window, 0 = most significant
    input [KEY_BITS-1:0] v;
    input integer i;
    word = v[KEY_BITS-1 - 32*i -: 32];
  endfunction

  wire [31:0] p3 = word(w, 3) ^ word(w, 2);   // AES-128 backward only
  wire [31:0] last = (KEY_BITS == 128) ? (back ? p3 : word(w, 3)) : (back ? word(w, 3) : word(w, 7));
  wire [31:0] sub_in = rot ? {last[23:0], last[31:24]} : last;
  wire [31:0] sub_out;
  genvar i;
  generate
    for (i = 0; i < 4; i = i + 1) begin : g_lane
      aes_sbox_sel #(.SBOX(SBOX), .INV(0)) u_sb (
        .in(sub_in[31 - 8*i -: 8]), .out(sub_out[31 - 8*i -: 8]));
    end
  endgenerate
  wire [31:0] t = sub_out ^ (rot ? {rcon, 24'h0} : 32'h0);
  generate
    if (KEY_BITS == 128) begin : g_128
      wire [31:0] n0 = word(w, 0) ^ t;
      wire [31:0] n1 = word(w, 1) ^ n0;
      wire [31:0] n2 = word(w, 2) ^ n1;
      wire [31:0] n3 = word(w, 3) ^ n2;
      wire [31:0] p0 = word(w, 0) ^ t;
      assign wn = back ? {p0, word(w, 1) ^ word(w, 0), word(w, 2) ^ word(w, 1), p3} : {n0, n1, n2, n3};
    end else begin : g_256
      wire [31:0] n0 = word(w, 0) ^ t;
      wire [31:0] n1 = word(w, 1) ^ n0;
      wire [31:0] n2 = word(w, 2) ^ n1;
      wire [31:0] n3 = word(w, 3) ^ n2;
      wire [31:0] p0 = word(w, 4) ^ t;
      assign wn = back ? {p0, word(w, 5) ^ word(w, 4), word(w, 6) ^ word(w, 5), word(w, 7) ^ word(w, 6), w[KEY_BITS-1 -: 128]}
                       : {w[127:0], n0, n1, n2, n3};
    end
  endgenerate
endmodule

// The key schedule's last window (round NR; AES-256: rounds NR and NR+1) from
// a cipher key: `start` with `key` in cycle t, `window` holds it from cycle
// t+NR until the next start (a start while running restarts).
module aes_key_run #(
  parameter KEY_BITS = 128,
  parameter SBOX     = 0
) (
  input  wire                clk,
  input  wire                rst,
  input  wire                start,
  input  wire [KEY_BITS-1:0] key,
  output wire [KEY_BITS-1:0] window
);
  localparam NR = (KEY_BITS == 256) ? 14 : 10;
  reg [KEY_BITS-1:0] w;
  reg [3:0]          idx;
  reg                run;
  wire [KEY_BITS-1:0] wn;
  aes_key_step2 #(.KEY_BITS(KEY_BITS), .SBOX(SBOX)) u_step (
    .w(start ? key : w), .step(start ? 4'd0 : idx), .back(1'b0), .wn(wn));
  always @(posedge clk) begin
    if (rst) begin
      run <= 1'b0;
    end else if (start) begin
      run <= 1'b1;
      idx <= 4'd1;
    end else if (run) begin
      idx <= idx + 4'd1;
      if (idx == NR - 1) run <= 1'b0;
    end
    if (start || run) w <= wn;
  end
  assign window = w;
endmodule

// LANES AES blocks side by side, one round per clock, in lockstep on one
// on-the-fly key path; the key comes with each start (no key load, no stored
// round keys). Timing as aes_lanes_iter: blocks started in cycle t are on
// `result` (lane 0 in the most significant 128 bits) with `done` in cycle
// t+NR; the next start may come in that cycle; a start while busy restarts.
//   DEC = 0: encryption; `key` is the cipher key.
//   DEC = 1: both directions, `decrypt` sampled with `start`; `key` is the
//            cipher key to encrypt, the schedule's last window (aes_key_run)
//            to decrypt: the round keys are then made backwards.
module aes_lanes_otf #(
  parameter KEY_BITS = 128,
  parameter LANES    = 1,
  parameter SBOX     = 0,
  parameter DEC      = 0
) (
  input  wire                 clk,
  input  wire                 rst,
  input  wire                 start,
  input  wire                 decrypt,
  input  wire [KEY_BITS-1:0]  key,
  input  wire [128*LANES-1:0] block,
  output wire                 done,
  output wire [128*LANES-1:0] result
);
  localparam NR = (KEY_BITS == 256) ? 14 : 10;

  generate
    if (KEY_BITS != 128 && KEY_BITS != 256) begin : g_bad_key_bits
      KEY_BITS_must_be_128_or_256 u_bad ();
    end
    if (LANES < 1) begin : g_bad_lanes
      LANES_must_be_positive u_bad ();
    end
    if (DEC != 0 && DEC != 1) begin : g_bad_dec
      DEC_must_be_0_or_1 u_bad ();
    end
  endgenerate

  reg          busy, dec;
  reg  [3:0]   rnd;
  wire         last = busy && (rnd == NR);
  assign done = last;
  wire         back = (DEC != 0) && (start ? decrypt : dec);

  // round keys: the window of the round being computed; a start takes the
  // first step from `key` (forward from round 0, backward from round NR)
  reg  [KEY_BITS-1:0] w;
  wire [KEY_BITS-1:0] wn;
  wire [3:0] fwd_step = start ? 4'd0 : rnd;
  wire [3:0] bwd_step = start ? NR - 1 : NR - 1 - rnd;
  aes_key_step2 #(.KEY_BITS(KEY_BITS), .SBOX(SBOX)) u_step (
    .w(start ? key : w), .step(back ? bwd_step : fwd_step), .back(back), .wn(wn));
  wire [127:0] rk0      = key[KEY_BITS-1 -: 128];
  wire [127:0] rk_round = w[KEY_BITS-1 -: 128];
  always @(posedge clk)
    if (start || busy) w <= wn;

  genvar l;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_lane
      reg  [127:0] s;
      wire [127:0] enc_out;
      aes_enc_round #(.SBOX(SBOX)) u_enc (
        .state(s), .rk(rk_round), .final_round(rnd == NR), .out(enc_out));
      if (DEC == 0) begin : g_enc_only
        assign result[128*(LANES-l)-1 -: 128] = enc_out;
      end else begin : g_both
        wire [127:0] dec_out;
        aes_dec_round #(.SBOX(SBOX)) u_dec (
          .state(s), .rk(rk_round), .final_round(rnd == NR), .out(dec_out));
        assign result[128*(LANES-l)-1 -: 128] = dec ? dec_out : enc_out;
      end
      always @(posedge clk) begin
        if (start) s <= block[128*(LANES-l)-1 -: 128] ^ rk0;
        else if (busy) s <= result[128*(LANES-l)-1 -: 128];
      end
    end
  endgenerate

  always @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      rnd  <= 4'd0;
    end else if (start) begin
      busy <= 1'b1;
      rnd  <= 4'd1;
    end else if (busy) begin
      if (last) busy <= 1'b0;
      rnd <= rnd + 4'd1;
    end
    if (start) dec <= (DEC != 0) && decrypt;
  end
endmodule
