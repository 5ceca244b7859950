// One-round-per-cycle XTS-AES engine, the industrial inline-memory-encryption
// datapath (engine interface plus the prefetch hint; designs/README.md,
// section "aes_round", states the mode exactly; it is xts's):
//   key = Key1 || Key2 (KEY_BITS 256: XTS-AES-128, 512: XTS-AES-256);
//   T   = E_Key2(i), i = in_iv little-endian in 16 bytes (the line address);
//   C_j = E_Key1(P_j ^ T*alpha^j) ^ T*alpha^j for the line's 16-byte blocks.
// No integrity: out_tag = 0 and out_auth_fail = 0.
//
// Organisation:
//  * Tweak pipe: AES with Key2 unrolled, one round per register stage, one
//    tweak per cycle; jobs carry their IV and are never stopped. A result
//    goes to every line-queue entry and hint buffer still waiting for that IV.
//  * Line queue of LQ = ceil(NR/S) + 1 lines (S = blocks / lanes): a line waits
//    there for its tweak. At acceptance its IV is looked up in the hint
//    buffers (and the tweak pipe's output); a miss starts its tweak job in
//    the acceptance cycle. LQ lines cover the NR + S cycles a line spends
//    there without a hint, so a line is taken every S cycles at saturation.
//  * Prefetch hint: the latest hint waits in a register until the tweak pipe
//    has a free cycle (a miss goes first), then its tweak is computed into one
//    of HS hint buffers (round robin), unless a buffer holds that IV already.
//  * Data pipe: LANES = min(WIDTH, blocks per line) lanes of AES with Key1,
//    one round per register stage, both directions (round keys stored at key
//    load); the head line issues LANES blocks per cycle for S cycles once its
//    tweak is there. T*alpha^(LANES*slot) travels with each slot; the output
//    goes through the same masks into a two-line output FIFO, which stalls
//    the data pipe only when full.
module aes_round #(
  parameter KEY_BITS   = 256,
  parameter LINE_BYTES = 64,
  parameter ID_BITS    = 8,
  parameter WIDTH      = 1,
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
  localparam AK    = KEY_BITS / 2;                 // one AES key
  localparam NR    = (AK == 256) ? 14 : 10;
  localparam NB    = LINE_BYTES / 16;              // blocks per line
  localparam LANES = (WIDTH < NB) ? WIDTH : NB;
  localparam NI    = NB / LANES;                   // issue cycles (slots) per line
  localparam LW    = 8 * LINE_BYTES;
  localparam PW    = 128 * LANES;
  localparam IW    = (NI > 1) ? $clog2(NI) : 1;
  localparam LQ    = (NR + NI - 1) / NI + 1;       // line-queue entries
  localparam QW    = $clog2(LQ);
  localparam HS    = 2;                            // hint buffers
  localparam RKW   = 128 * (NR + 1);
  localparam SBW   = 128 + IW + 1 + ID_BITS;       // mask base, slot, last, id

  generate
    if (KEY_BITS != 256 && KEY_BITS != 512) begin : g_bad_key
      KEY_BITS_must_be_256_or_512 u_bad ();
    end
    if (LINE_BYTES != 32 && LINE_BYTES != 64 && LINE_BYTES != 128) begin : g_bad_line
      LINE_BYTES_must_be_32_64_or_128 u_bad ();
    end
    if (WIDTH != 1 && WIDTH != 2 && WIDTH != 4) begin : g_bad_width
      WIDTH_must_be_1_2_or_4 u_bad ();
    end
    if (ID_BITS < 1) begin : g_bad_id
      ID_BITS_must_be_positive u_bad ();
    end
  endgenerate

  // Tweaks are kept as IEEE 1619 integers (byte 0 of the block = least
  // significant byte); bswap converts between that and the bus byte order.
  function [127:0] bswap;
    input [127:0] v;
    integer k;
    for (k = 0; k < 16; k = k + 1) bswap[8*k +: 8] = v[127 - 8*k -: 8];
  endfunction

  function [127:0] mul_alpha_pow;  // v * alpha^n, x^128 = x^7 + x^2 + x + 1
    input [127:0] v;
    input integer n;
    integer k;
    begin
      mul_alpha_pow = v;
      for (k = 0; k < n; k = k + 1)
        mul_alpha_pow = {mul_alpha_pow[126:0], 1'b0} ^ (mul_alpha_pow[127] ? 128'h87 : 128'h0);
    end
  endfunction

  function [7:0] rcon_at;
    input [3:0] idx;
    case (idx)
      4'd0: rcon_at = 8'h01; 4'd1: rcon_at = 8'h02; 4'd2: rcon_at = 8'h04;
      4'd3: rcon_at = 8'h08; 4'd4: rcon_at = 8'h10; 4'd5: rcon_at = 8'h20;
      4'd6: rcon_at = 8'h40; 4'd7: rcon_at = 8'h80; 4'd8: rcon_at = 8'h1b;
      default: rcon_at = 8'h36;
    endcase
  endfunction

  // ---------------- key load: both schedules, one round key per cycle ----------------
  reg  [AK-1:0]  kw1, kw2;
  reg  [RKW-1:0] rk1, rk2;                 // Key1 (data) and Key2 (tweak) round keys
  reg            kb, have_key;
  reg  [3:0]     kcnt;
  wire [AK-1:0]  kn1, kn2;
  wire [7:0]     rcon = (AK == 256) ? rcon_at({1'b0, kcnt[3:1]}) : rcon_at(kcnt);
  aes_key_step #(.KEY_BITS(AK), .SBOX(SBOX)) u_ks1 (.w(kw1), .rcon(rcon), .rot(~kcnt[0]), .wn(kn1));
  aes_key_step #(.KEY_BITS(AK), .SBOX(SBOX)) u_ks2 (.w(kw2), .rcon(rcon), .rot(~kcnt[0]), .wn(kn2));

  reg  [QW:0]    q_cnt;
  reg  [1:0]     o_count;
  wire           d_busy;
  assign key_ready = !kb && q_cnt == 0 && !d_busy && o_count == 2'd0;
  wire   key_take  = key_valid && key_ready;

  // ---------------- tweak pipe ----------------
  wire         miss_start, hint_start;
  wire [95:0]  job_iv;
  wire         tp_v;
  wire [95:0]  tp_iv;
  wire [127:0] tp_out;
  wire [127:0] tp_t = bswap(tp_out);
  aes_unrolled #(.KEY_BITS(AK), .LANES(1), .SBOX(SBOX), .DEC(0), .SBW(96)) u_tweak (
    .clk(clk), .flush(rst || key_take), .en(1'b1),
    .in_valid(miss_start || hint_start), .in_dec(1'b0), .in_sb(job_iv), .in_blk(bswap({32'd0, job_iv})),
    .rks(rk2), .busy(), .out_valid(tp_v), .out_dec(), .out_sb(tp_iv), .out_blk(tp_out));

  // ---------------- hint buffers ----------------
  reg  [HS-1:0]     h_val, h_rdy;
  reg  [96*HS-1:0]  h_iv;
  reg  [128*HS-1:0] h_t;
  reg  [$clog2(HS)-1:0] h_vict;
  reg               hint_v;
  reg  [95:0]       hint_iv;

  // ---------------- line queue ----------------
  reg  [LW*LQ-1:0]      q_data;
  reg  [96*LQ-1:0]      q_iv;
  reg  [128*LQ-1:0]     q_t;
  reg  [ID_BITS*LQ-1:0] q_id;
  reg  [LQ-1:0]         q_val, q_rdy, q_dec;
  reg  [QW-1:0]         hd, tl;
  reg  [IW-1:0]         a_idx;             // next slot of the head line
  reg  [127:0]          a_base;            // T * alpha^(LANES * a_idx)
  wire                  adv;
  wire                  issue = q_val[hd] && q_rdy[hd] && adv;
  wire                  a_last = (a_idx == NI - 1);
  wire                  leave = issue && a_last;
  // a key on offer takes precedence: no line is accepted in its cycle
  assign in_ready = have_key && !key_valid && (q_cnt != LQ || leave);
  wire   accept   = in_valid && in_ready;

  // lookups of the accepted line's IV and of the waiting hint
  reg          in_hit, in_rdy, hint_hit;
  reg [127:0]  in_t;
  integer s;
  always @* begin
    in_hit   = 1'b0;
    in_rdy   = 1'b0;
    in_t     = 128'h0;
    hint_hit = 1'b0;
    for (s = 0; s < HS; s = s + 1) begin
      if (h_val[s] && h_iv[96*s +: 96] == in_iv) begin
        in_hit = 1'b1;
        in_rdy = h_rdy[s];
        in_t   = h_t[128*s +: 128];
      end
      if (h_val[s] && h_iv[96*s +: 96] == hint_iv) hint_hit = 1'b1;
    end
  end
  wire in_now = tp_v && tp_iv == in_iv;      // its tweak leaves the pipe this cycle
  assign miss_start = accept && !in_hit && !in_now;
  assign hint_start = have_key && !key_take && hint_v && !hint_hit && !miss_start;
  assign job_iv     = miss_start ? in_iv : hint_iv;

  // ---------------- data pipe and output FIFO ----------------
  wire [LW-1:0]  head_data = q_data[LW*hd +: LW];
  wire [127:0]   base      = (a_idx == 0) ? q_t[128*hd +: 128] : a_base;
  reg  [PW-1:0]  slot;
  integer i;
  always @* begin
    slot = head_data[LW-1 -: PW];
    for (i = 1; i < NI; i = i + 1)
      if (a_idx == i) slot = head_data[LW-1 - PW*i -: PW];
  end
  wire [PW-1:0] d_in;
  genvar l;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_in
      // block k of the slot (k = 0 most significant) is block LANES*slot + k of the line
      assign d_in[PW-1 - 128*l -: 128] = slot[PW-1 - 128*l -: 128] ^ bswap(mul_alpha_pow(base, l));
    end
  endgenerate

  wire               o_v;
  wire [SBW-1:0]     o_sb;
  wire [PW-1:0]      o_blk;
  wire [127:0]       o_base = o_sb[SBW-1 -: 128];
  wire [IW-1:0]      o_idx  = o_sb[ID_BITS + IW : ID_BITS + 1];
  wire               o_last = o_sb[ID_BITS];
  wire [ID_BITS-1:0] o_id   = o_sb[ID_BITS-1:0];
  reg  [LW-1:0]      o_data0, o_data1;   // two-line output FIFO, filled slot by slot
  reg  [ID_BITS-1:0] o_id0, o_id1;
  reg                o_wr, o_rd;
  assign adv = !(o_v && o_count == 2'd2);
  wire pop   = (o_count != 2'd0) && out_ready;
  wire push  = o_v && o_last && adv;

  aes_unrolled #(.KEY_BITS(AK), .LANES(LANES), .SBOX(SBOX), .DEC(1), .SBW(SBW)) u_data (
    .clk(clk), .flush(rst), .en(adv),
    .in_valid(issue), .in_dec(q_dec[hd]), .in_sb({base, a_idx, a_last, q_id[ID_BITS*hd +: ID_BITS]}),
    .in_blk(d_in), .rks(rk1), .busy(d_busy),
    .out_valid(o_v), .out_dec(), .out_sb(o_sb), .out_blk(o_blk));

  wire [PW-1:0] o_res;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_out
      assign o_res[PW-1 - 128*l -: 128] = o_blk[PW-1 - 128*l -: 128] ^ bswap(mul_alpha_pow(o_base, l));
    end
  endgenerate

  integer e;
  always @(posedge clk) begin
    if (rst) begin
      kb       <= 1'b0;
      kcnt     <= 4'd0;
      have_key <= 1'b0;
      hint_v   <= 1'b0;
      h_val    <= {HS{1'b0}};
      h_vict   <= 0;
      q_val    <= {LQ{1'b0}};
      q_cnt    <= 0;
      hd       <= 0;
      tl       <= 0;
      a_idx    <= 0;
      o_count  <= 2'd0;
      o_wr     <= 1'b0;
      o_rd     <= 1'b0;
    end else begin
      if (key_take) begin
        kb       <= 1'b1;
        kcnt     <= 4'd0;
        have_key <= 1'b0;
        h_val    <= {HS{1'b0}};
      end else if (kb) begin
        kcnt <= kcnt + 4'd1;
        if (kcnt == NR) begin
          kb       <= 1'b0;
          have_key <= 1'b1;
        end
      end
      // hints: sampled through `if` so that an undriven pre_valid means none
      if (pre_valid && !key_take) hint_v <= 1'b1;
      else if (key_take || hint_start || (hint_v && hint_hit)) hint_v <= 1'b0;
      for (e = 0; e < HS; e = e + 1) begin
        if (hint_start && h_vict == e) begin
          h_val[e] <= 1'b1;
          h_rdy[e] <= 1'b0;
        end else if (tp_v && h_val[e] && !h_rdy[e] && h_iv[96*e +: 96] == tp_iv) begin
          h_rdy[e] <= 1'b1;
        end
      end
      if (hint_start) h_vict <= (h_vict == HS - 1) ? 0 : h_vict + 1'b1;
      // the line queue
      for (e = 0; e < LQ; e = e + 1) begin
        if (accept && tl == e) begin
          q_val[e] <= 1'b1;
          q_rdy[e] <= in_rdy || in_now;
        end else begin
          if (leave && hd == e) q_val[e] <= 1'b0;
          if (tp_v && q_val[e] && !q_rdy[e] && q_iv[96*e +: 96] == tp_iv) q_rdy[e] <= 1'b1;
        end
      end
      if (accept) tl <= (tl == LQ - 1) ? 0 : tl + 1'b1;
      if (leave) hd <= (hd == LQ - 1) ? 0 : hd + 1'b1;
      q_cnt <= q_cnt + accept - leave;
      if (issue) a_idx <= a_last ? 0 : a_idx + 1'b1;
      if (push) o_wr <= !o_wr;
      if (pop) o_rd <= !o_rd;
      o_count <= o_count + push - pop;
    end

    if (key_take) begin
      kw1 <= key[KEY_BITS-1 -: AK];
      kw2 <= key[AK-1:0];
    end else if (kb) begin
      kw1 <= kn1;
      kw2 <= kn2;
    end
    for (e = 0; e <= NR; e = e + 1)
      if (kb && kcnt == e) begin
        rk1[128*e +: 128] <= kw1[AK-1 -: 128];
        rk2[128*e +: 128] <= kw2[AK-1 -: 128];
      end
    if (pre_valid) hint_iv <= pre_iv;
    for (e = 0; e < HS; e = e + 1) begin
      if (hint_start && h_vict == e) h_iv[96*e +: 96] <= hint_iv;
      else if (tp_v && h_val[e] && !h_rdy[e] && h_iv[96*e +: 96] == tp_iv) h_t[128*e +: 128] <= tp_t;
    end
    for (e = 0; e < LQ; e = e + 1) begin
      if (accept && tl == e) begin
        q_data[LW*e +: LW]          <= in_data;
        q_iv[96*e +: 96]            <= in_iv;
        q_t[128*e +: 128]           <= in_now ? tp_t : in_t;
        q_id[ID_BITS*e +: ID_BITS]  <= in_id;
        q_dec[e]                    <= in_decrypt;
      end else if (tp_v && q_val[e] && !q_rdy[e] && q_iv[96*e +: 96] == tp_iv) begin
        q_t[128*e +: 128] <= tp_t;
      end
    end
    if (issue) a_base <= mul_alpha_pow(base, LANES);

    if (o_v && adv) begin
      for (i = 0; i < NI; i = i + 1)
        if (o_idx == i) begin
          if (o_wr) o_data1[LW-1 - PW*i -: PW] <= o_res;
          else o_data0[LW-1 - PW*i -: PW] <= o_res;
        end
      if (o_last && o_wr) o_id1 <= o_id;
      if (o_last && !o_wr) o_id0 <= o_id;
    end
  end

  assign out_valid     = (o_count != 2'd0);
  assign out_data      = o_rd ? o_data1 : o_data0;
  assign out_tag       = 128'h0;
  assign out_auth_fail = 1'b0;
  assign out_id        = o_rd ? o_id1 : o_id0;
endmodule
