// LANES AES blocks side by side, one round per clock, all lanes in lockstep
// so that they share a single round-key path (one key-step unit or one
// round-key file for all lanes). Timing as aes_enc_iter: blocks started in
// cycle t are returned on `result` (lane 0 in the most significant 128 bits)
// with `done` high in cycle t+NR; the next start may come in that cycle.
//
//   DEC = 0: encryption only. Round keys are produced on the fly from the
//            stored cipher key (2*KEY_BITS flops); key_busy stays low.
//   DEC = 1: both directions, `decrypt` sampled with `start` (the inverse
//            cipher needs the round keys in reverse order, which a forward
//            on-the-fly schedule cannot give): all NR+1 round keys are
//            expanded once at key load, key_busy is high for NR+1 cycles.
// A start while blocks are in flight abandons them (restart: `ready` only
// says whether anything would be lost). The caller must not assert start in
// the cycle of key_load; key_load while blocks are in flight corrupts those
// blocks (DEC = 0) or is not allowed (DEC = 1).
module aes_lanes_iter #(
  parameter KEY_BITS = 128,
  parameter LANES    = 1,
  parameter SBOX     = 0,
  parameter DEC      = 0
) (
  input  wire                   clk,
  input  wire                   rst,
  input  wire                   key_load,
  input  wire [KEY_BITS-1:0]    key,
  output wire                   key_busy,
  input  wire                   start,
  input  wire                   decrypt,
  input  wire [128*LANES-1:0]   block,
  output wire                   ready,
  output wire                   done,
  output wire [128*LANES-1:0]   result
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

  function [7:0] rcon_at;
    input [3:0] idx;
    case (idx)
      4'd0: rcon_at = 8'h01; 4'd1: rcon_at = 8'h02; 4'd2: rcon_at = 8'h04;
      4'd3: rcon_at = 8'h08; 4'd4: rcon_at = 8'h10; 4'd5: rcon_at = 8'h20;
      4'd6: rcon_at = 8'h40; 4'd7: rcon_at = 8'h80; 4'd8: rcon_at = 8'h1b;
      default: rcon_at = 8'h36;
    endcase
  endfunction

  reg         busy;
  reg         dec;
  reg [3:0]   rnd;
  wire        last = busy && (rnd == NR);
  assign ready = !key_busy && (!busy || last);
  assign done  = last;
  wire   go    = start && !key_busy;

  // One key-expansion step (AES-256 alternates RotWord+Rcon and SubWord-only
  // steps and advances Rcon once per two steps).
  wire [KEY_BITS-1:0] step_in;
  wire [3:0]          step_idx;
  wire [KEY_BITS-1:0] step_out;
  wire [7:0] step_rcon = (KEY_BITS == 256) ? rcon_at({1'b0, step_idx[3:1]}) : rcon_at(step_idx);
  aes_key_step #(.KEY_BITS(KEY_BITS), .SBOX(SBOX)) u_step (
    .w(step_in), .rcon(step_rcon), .rot(~step_idx[0]), .wn(step_out));

  wire [127:0]       rk0;       // whitening key of the block being started
  wire [127:0]       rk_round;  // key of round `rnd`
  reg [KEY_BITS-1:0] w;

  generate
    if (DEC == 0) begin : g_otf
      reg [KEY_BITS-1:0] k0;
      assign key_busy = 1'b0;
      assign step_in  = go ? k0 : w;
      assign step_idx = go ? 4'd0 : rnd;
      assign rk0      = k0[KEY_BITS-1 -: 128];
      assign rk_round = w[KEY_BITS-1 -: 128];
      always @(posedge clk) begin
        if (key_load) k0 <= key;
        if (go || busy) w <= step_out;
      end
    end else begin : g_stored
      reg [127:0] rkm [0:NR];
      reg         kb;
      reg [3:0]   kcnt;
      assign key_busy = kb;
      assign step_in  = w;
      assign step_idx = kcnt;
      assign rk0      = decrypt ? rkm[NR] : rkm[0];
      assign rk_round = dec ? rkm[NR - rnd] : rkm[rnd];
      always @(posedge clk) begin
        if (rst) begin
          kb   <= 1'b0;
          kcnt <= 4'd0;
        end else if (key_load) begin
          kb   <= 1'b1;
          kcnt <= 4'd0;
        end else if (kb) begin
          kcnt <= kcnt + 4'd1;
          if (kcnt == NR) kb <= 1'b0;
        end
        if (key_load) w <= key;
        else if (kb) w <= step_out;
        if (kb) rkm[kcnt] <= w[KEY_BITS-1 -: 128];
      end
    end
  endgenerate

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
        if (go) s <= block[128*(LANES-l)-1 -: 128] ^ rk0;
        else if (busy) s <= result[128*(LANES-l)-1 -: 128];
      end
    end
  endgenerate

  always @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      rnd  <= 4'd0;
    end else if (go) begin
      busy <= 1'b1;
      rnd  <= 4'd1;
    end else if (busy) begin
      if (last) busy <= 1'b0;
      rnd <= rnd + 4'd1;
    end
    if (go) dec <= (DEC != 0) && decrypt;
  end
endmodule
