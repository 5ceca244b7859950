// Iterative AES encryption core: one round per clock, one 16-S-box round
// unit. A block started in cycle t is returned (combinationally on `result`,
// with `done` high) in cycle t+NR; a new block may start in that same cycle,
// so back-to-back blocks cost NR cycles each.
//
// KEY_SCHEDULE = 0: round keys are produced on the fly from the stored cipher
//   key (2*KEY_BITS flops, 4 extra S-boxes busy every round).
// KEY_SCHEDULE = 1: all NR+1 round keys are expanded once at key load into a
//   register file ((NR+1)*128 + KEY_BITS flops); key_busy is high for NR+1
//   cycles while that happens.
// The caller must not assert start in the cycle of key_load, nor key_load
// while a block is in flight.
module aes_enc_iter #(
  parameter KEY_BITS     = 128,
  parameter KEY_SCHEDULE = 0,
  parameter SBOX         = 0
) (
  input  wire                clk,
  input  wire                rst,
  input  wire                key_load,
  input  wire [KEY_BITS-1:0] key,
  output wire                key_busy,
  input  wire                start,
  input  wire [127:0]        block,
  output wire                ready,
  output wire                done,
  output wire [127:0]        result
);
  localparam NR = (KEY_BITS == 256) ? 14 : 10;

  generate
    if (KEY_BITS != 128 && KEY_BITS != 256) begin : g_bad_key_bits
      KEY_BITS_must_be_128_or_256 u_bad ();
    end
    if (KEY_SCHEDULE != 0 && KEY_SCHEDULE != 1) begin : g_bad_key_schedule
      KEY_SCHEDULE_must_be_0_or_1 u_bad ();
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
  reg [3:0]   rnd;
  reg [127:0] s;
  wire        last = busy && (rnd == NR);
  assign ready  = !key_busy && (!busy || last);
  assign done   = last;
  wire   go     = start && ready;

  // Key-step window and step number (AES-256 steps alternate RotWord+Rcon
  // and SubWord-only, and use Rcon once per two steps).
  wire [KEY_BITS-1:0] step_in;
  wire [3:0]          step_idx;
  wire [KEY_BITS-1:0] step_out;
  wire [7:0]          step_rcon = (KEY_BITS == 256) ? rcon_at({1'b0, step_idx[3:1]}) : rcon_at(step_idx);
  aes_key_step #(.KEY_BITS(KEY_BITS), .SBOX(SBOX)) u_step (
    .w(step_in), .rcon(step_rcon), .rot(~step_idx[0]), .wn(step_out));

  wire [127:0] rk0;
  wire [127:0] rk_round;
  reg  [KEY_BITS-1:0] w;

  generate
    if (KEY_SCHEDULE == 0) begin : g_otf
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
      assign rk0      = rkm[0];
      assign rk_round = rkm[rnd];
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

  aes_enc_round #(.SBOX(SBOX)) u_round (
    .state(s), .rk(rk_round), .final_round(rnd == NR), .out(result));

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
    if (go) s <= block ^ rk0;
    else if (busy) s <= result;
  end
endmodule
