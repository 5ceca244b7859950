// PRINCE in XEX mode as a low-latency memory cipher (engine interface plus
// the optional prefetch-hint inputs; designs/README.md, section "prince"):
//   N       = in_iv mod 2^64 (the address), L = PRINCE_K(N)
//   Delta_j = alpha^j * L in GF(2^64) mod x^64 + x^4 + x^3 + x + 1, j = 1..NB
//   C_j     = PRINCE_K(P_j ^ Delta_j) ^ Delta_j   (decrypt: PRINCE_K^-1)
// over the NB = LINE_BYTES/8 8-byte blocks (block 1 = the most significant
// 64 bits of the line); key = k0 || k1. No integrity: out_tag = 0.
// ROUNDS S-layers: 12 as specified; fewer (a reduced-round variant as
// OpenTitan's SRAM scrambling uses, see prince_core.v) are not
// cryptographically strong.
//
// Organisation:
//  * Mask core: a one-lane prince_core with the same register stages; one
//    job per cycle. Its results L go to MASK_SLOTS mask buffers tagged with N.
//  * Prefetch hint (pre_valid, pre_iv): the latest hint waits in a register
//    and is issued to the mask core (into a buffer the waiting line does not
//    claim) unless a buffer already holds that N. Tie pre_valid low if unused
//    (an X or Z pre_valid reads as no hint in simulation: it is sampled by an
//    `if`).
//  * Stage A: the accepted line looks N up at acceptance; on a miss its mask
//    job enters the mask core in that same cycle. Once L is there, the line is
//    issued to the data core, LANES blocks per cycle for NB/LANES cycles.
//  * Data core: LANES-lane prince_core, ceil(ROUNDS/ROUNDS_PER_STAGE) stages,
//    stalled as a whole only when the two-line output FIFO is full; Delta is
//    rebuilt at its output from a 64-bit base that travels with each slot.
module prince #(
  parameter KEY_BITS         = 128,
  parameter LINE_BYTES       = 64,
  parameter ID_BITS          = 8,
  parameter ROUNDS           = 12,
  parameter ROUNDS_PER_STAGE = 12,
  parameter LANES            = 2,
  parameter MASK_SLOTS       = 2
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
  localparam NB = LINE_BYTES / 8;            // 64-bit blocks per line
  localparam NI = NB / LANES;                // issue cycles (slots) per line
  localparam LW = 8 * LINE_BYTES;
  localparam PW = 64 * LANES;
  localparam SW = (MASK_SLOTS > 1) ? $clog2(MASK_SLOTS) : 1;
  localparam IW = (NI > 1) ? $clog2(NI) : 1;
  localparam SBW = 64 + IW + 1 + ID_BITS;    // Delta base, slot, last, id

  generate
    if (KEY_BITS != 128) begin : g_bad_key
      KEY_BITS_must_be_128 u_bad ();
    end
    if (LINE_BYTES != 32 && LINE_BYTES != 64 && LINE_BYTES != 128) begin : g_bad_line
      LINE_BYTES_must_be_32_64_or_128 u_bad ();
    end
    if (LANES < 1 || LANES > NB || NB % LANES != 0) begin : g_bad_lanes
      LANES_must_divide_the_blocks_per_line u_bad ();
    end
    if (MASK_SLOTS < 1) begin : g_bad_slots
      MASK_SLOTS_must_be_positive u_bad ();
    end
    if (ID_BITS < 1) begin : g_bad_id
      ID_BITS_must_be_positive u_bad ();
    end
  endgenerate

  function [63:0] mul_alpha_pow;  // v * x^n mod x^64 + x^4 + x^3 + x + 1
    input [63:0] v;
    input integer n;
    integer k;
    begin
      mul_alpha_pow = v;
      for (k = 0; k < n; k = k + 1)
        mul_alpha_pow = {mul_alpha_pow[62:0], 1'b0} ^ (mul_alpha_pow[63] ? 64'h1b : 64'h0);
    end
  endfunction

  // ---------------- key ----------------
  reg  [63:0] k0, k0p, k1;
  reg         have_key;
  reg         a_full;
  reg  [1:0]  q_count;
  wire        d_busy;
  assign key_ready = !a_full && !d_busy && q_count == 2'd0;
  wire   key_take  = key_valid && key_ready;
  assign in_ready  = have_key && !a_full;
  wire   accept    = in_valid && in_ready;

  // ---------------- mask buffers and lookups ----------------
  reg  [64*MASK_SLOTS-1:0] e_n, e_l;
  reg  [MASK_SLOTS-1:0]    e_val, e_rdy;
  reg  [SW-1:0]            vict, a_slot;
  reg                      hint_v;
  reg  [63:0]              hint_n;
  wire [63:0] in_n = in_iv[63:0];
  reg          in_hit, hint_hit;
  reg [SW-1:0] in_slot;
  integer s;
  always @* begin
    in_hit = 1'b0;
    in_slot = {SW{1'b0}};
    hint_hit = 1'b0;
    for (s = 0; s < MASK_SLOTS; s = s + 1) begin
      if (e_val[s] && e_n[64*s +: 64] == in_n) begin
        in_hit = 1'b1;
        in_slot = s;
      end
      if (e_val[s] && e_n[64*s +: 64] == hint_n) hint_hit = 1'b1;
    end
  end
  wire [SW-1:0] vict_next  = (vict == MASK_SLOTS - 1) ? {SW{1'b0}} : vict + 1'b1;
  wire [SW-1:0] hint_vict  = (a_full && a_slot == vict) ? vict_next : vict;
  wire          hint_room  = !(a_full && a_slot == hint_vict);
  wire          miss_start = accept && !in_hit;
  wire          hint_start = have_key && !accept && hint_v && !hint_hit && hint_room;
  wire [SW-1:0] alloc      = miss_start ? vict : hint_vict;
  wire [63:0]   job_n      = miss_start ? in_n : hint_n;

  // ---------------- mask core ----------------
  wire        m_valid;
  wire [63:0] m_n, m_l;
  prince_core #(.LANES(1), .ROUNDS(ROUNDS), .RPS(ROUNDS_PER_STAGE), .SBW(64)) u_mask (
    .clk(clk), .flush(rst || key_take), .en(1'b1),
    .in_valid(miss_start || hint_start), .in_dec(1'b0), .in_sb(job_n), .in_blk(job_n),
    .k0(k0), .k0p(k0p), .k1(k1), .busy(),
    .out_valid(m_valid), .out_dec(), .out_sb(m_n), .out_blk(m_l));

  // ---------------- stage A ----------------
  reg [LW-1:0]      a_data;
  reg               a_dec;
  reg [ID_BITS-1:0] a_id;
  reg [IW-1:0]      a_idx;      // next slot to issue
  reg [63:0]        a_base;     // alpha^(LANES*a_idx) * L
  wire              adv;
  wire [63:0]       a_l    = e_l[64*a_slot +: 64];
  wire              issue  = a_full && e_rdy[a_slot] && adv;
  wire              a_last = (a_idx == NI - 1);
  wire [63:0]       base   = (a_idx == 0) ? a_l : a_base;
  wire [PW-1:0]     d_in;
  genvar l;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_in
      // lane l takes block LANES*slot + l + 1 (blocks counted from 1)
      assign d_in[64*l +: 64] = a_data[LW-1 - 64*l -: 64] ^ mul_alpha_pow(base, l + 1);
    end
  endgenerate

  // ---------------- data core and output FIFO ----------------
  wire              o_v, o_dec;
  wire [SBW-1:0]    o_sb;
  wire [PW-1:0]     o_blk;
  wire [63:0]       o_base = o_sb[SBW-1 -: 64];
  wire [IW-1:0]     o_idx  = o_sb[ID_BITS + IW : ID_BITS + 1];
  wire              o_last = o_sb[ID_BITS];
  wire [ID_BITS-1:0] o_id  = o_sb[ID_BITS-1:0];
  reg  [LW-1:0]      q_data0, q_data1;   // two-line output FIFO, filled slot by slot
  reg  [ID_BITS-1:0] q_id0, q_id1;
  reg                q_wr, q_rd;
  assign adv = !(o_v && q_count == 2'd2);
  wire pop   = (q_count != 2'd0) && out_ready;
  wire push  = o_v && o_last && adv;

  prince_core #(.LANES(LANES), .ROUNDS(ROUNDS), .RPS(ROUNDS_PER_STAGE), .SBW(SBW)) u_data (
    .clk(clk), .flush(rst), .en(adv),
    .in_valid(issue), .in_dec(a_dec), .in_sb({base, a_idx, a_last, a_id}), .in_blk(d_in),
    .k0(k0), .k0p(k0p), .k1(k1), .busy(d_busy),
    .out_valid(o_v), .out_dec(o_dec), .out_sb(o_sb), .out_blk(o_blk));

  wire [PW-1:0] o_res;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_out
      assign o_res[PW-1 - 64*l -: 64] = o_blk[64*l +: 64] ^ mul_alpha_pow(o_base, l + 1);
    end
  endgenerate


  integer w;  // loop index of the clocked block (s belongs to the lookup)
  integer i;
  always @(posedge clk) begin
    if (rst) begin
      have_key <= 1'b0;
      a_full   <= 1'b0;
      hint_v   <= 1'b0;
      vict     <= {SW{1'b0}};
      e_val    <= {MASK_SLOTS{1'b0}};
      e_rdy    <= {MASK_SLOTS{1'b0}};
      q_count  <= 2'd0;
      q_wr     <= 1'b0;
      q_rd     <= 1'b0;
    end else begin
      if (key_take) begin
        have_key <= 1'b1;
        e_val    <= {MASK_SLOTS{1'b0}};
      end
      // hints: sampled through `if` so that an undriven pre_valid means none
      if (pre_valid && !key_take) hint_v <= 1'b1;
      else if (key_take || hint_start || (hint_v && hint_hit)) hint_v <= 1'b0;
      for (w = 0; w < MASK_SLOTS; w = w + 1) begin
        // a mask arriving for an N that a buffer still waits for
        if (m_valid && e_val[w] && !e_rdy[w] && e_n[64*w +: 64] == m_n) e_rdy[w] <= 1'b1;
        if ((miss_start || hint_start) && alloc == w) begin
          e_val[w] <= 1'b1;
          e_rdy[w] <= 1'b0;
        end
      end
      if (miss_start || hint_start) vict <= (alloc == MASK_SLOTS - 1) ? {SW{1'b0}} : alloc + 1'b1;
      if (accept) a_full <= 1'b1;
      else if (issue && a_last) a_full <= 1'b0;
      if (push) q_wr <= !q_wr;
      if (pop) q_rd <= !q_rd;
      q_count <= q_count + push - pop;
    end

    if (key_take) begin
      k0  <= key[127:64];
      k0p <= {key[64], key[127:65]} ^ {63'h0, key[127]};
      k1  <= key[63:0];
    end
    if (pre_valid) hint_n <= pre_iv[63:0];
    for (w = 0; w < MASK_SLOTS; w = w + 1) begin
      if (m_valid && e_val[w] && !e_rdy[w] && e_n[64*w +: 64] == m_n) e_l[64*w +: 64] <= m_l;
      if ((miss_start || hint_start) && alloc == w) e_n[64*w +: 64] <= job_n;
    end

    if (accept) begin
      a_data <= in_data;
      a_dec  <= in_decrypt;
      a_id   <= in_id;
      a_idx  <= {IW{1'b0}};
      a_slot <= in_hit ? in_slot : vict;
    end else if (issue) begin
      a_data <= a_data << PW;
      a_idx  <= a_idx + 1'b1;
      a_base <= mul_alpha_pow(base, LANES);
    end

    if (o_v && adv) begin
      for (i = 0; i < NI; i = i + 1)
        if (o_idx == i) begin
          if (q_wr) q_data1[LW-1 - PW*i -: PW] <= o_res;
          else q_data0[LW-1 - PW*i -: PW] <= o_res;
        end
      if (o_last && q_wr) q_id1 <= o_id;
      if (o_last && !q_wr) q_id0 <= o_id;
    end
  end

  assign out_valid     = (q_count != 2'd0);
  assign out_data      = q_rd ? q_data1 : q_data0;
  assign out_tag       = 128'h0;
  assign out_auth_fail = 1'b0;
  assign out_id        = q_rd ? q_id1 : q_id0;
endmodule
