// Iterative AES core for both directions: one round per clock, round keys
// expanded once at key load into a register file (the inverse cipher needs
// them in reverse order, which an on-the-fly forward schedule cannot give).
// Timing as aes_enc_iter: a block started in cycle t is returned on `result`
// with `done` high in cycle t+NR, and the next block may start in that cycle.
// `decrypt` is sampled with `start`. key_busy is high for NR+1 cycles after
// key_load; do not start in the key_load cycle.
module aes_encdec_iter #(
  parameter KEY_BITS = 128,
  parameter SBOX     = 0
) (
  input  wire                clk,
  input  wire                rst,
  input  wire                key_load,
  input  wire [KEY_BITS-1:0] key,
  output wire                key_busy,
  input  wire                start,
  input  wire                decrypt,
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

  // ---- key expansion into the register file ----
  reg [127:0]         rkm [0:NR];
  reg [KEY_BITS-1:0]  w;
  reg                 kb;
  reg [3:0]           kcnt;
  wire [KEY_BITS-1:0] w_next;
  wire [7:0] step_rcon = (KEY_BITS == 256) ? rcon_at({1'b0, kcnt[3:1]}) : rcon_at(kcnt);
  aes_key_step #(.KEY_BITS(KEY_BITS), .SBOX(SBOX)) u_step (
    .w(w), .rcon(step_rcon), .rot(~kcnt[0]), .wn(w_next));
  assign key_busy = kb;

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
    else if (kb) w <= w_next;
    if (kb) rkm[kcnt] <= w[KEY_BITS-1 -: 128];
  end

  // ---- rounds ----
  reg         busy;
  reg         dec;
  reg [3:0]   rnd;
  reg [127:0] s;
  wire        last = busy && (rnd == NR);
  assign ready = !kb && (!busy || last);
  assign done  = last;
  wire   go    = start && ready;

  wire [127:0] rk0      = decrypt ? rkm[NR] : rkm[0];
  wire [127:0] rk_round = dec ? rkm[NR - rnd] : rkm[rnd];
  wire [127:0] enc_out, dec_out;
  aes_enc_round #(.SBOX(SBOX)) u_enc (
    .state(s), .rk(rk_round), .final_round(rnd == NR), .out(enc_out));
  aes_dec_round #(.SBOX(SBOX)) u_dec (
    .state(s), .rk(rk_round), .final_round(rnd == NR), .out(dec_out));
  assign result = dec ? dec_out : enc_out;

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
    if (go) begin
      s   <= block ^ rk0;
      dec <= decrypt;
    end else if (busy) begin
      s <= result;
    end
  end
endmodule
