// Counter-mode memory encryption with pads precomputed from (address,
// counter), with (MAC = 1) or without (MAC = 0) a truncated Carter-Wegman MAC:
// the engine of the ctr_mac and ctr families (designs/README.md, sections
// "ctr_mac" and "ctr"), which differ by exactly the MAC.
//   in_iv = address (64) || per-line counter (32); J0 = in_iv || 0^31 || 1
//   pad_k = E_K(inc32^k(J0)), k = 1..NB;  C_k = P_k ^ pad_k
//   MAC = 1: tag = MSB_TAG_BITS(GHASH_H(in_aad, C) ^ E_K(J0)), H = E_K(0^128)
// i.e. AES-GCM with a 96-bit IV, one AAD block and the tag truncated; out_tag
// carries the tag in its top TAG_BITS bits (the rest 0) and decrypt compares
// only those bits of in_tag. MAC = 0: the same ciphertext (counter 1 stays
// unused, so a line encrypts as under ctr_mac), out_tag = 0, no H, no
// E_K(J0) and no GHASH: in_aad and in_tag are ignored, nothing is flagged.
//
// Organisation, for low read latency:
//  * Pad unit: LANES AES round units in lockstep (aes_lanes_iter, round keys
//    on the fly) compute the NJ blocks of one IV (MAC = 1: E_K(J0),
//    pad_1..pad_NB; MAC = 0: pad_1..pad_NB) in ceil(NJ/LANES) passes of NR
//    cycles, into one of PAD_SLOTS pad buffers tagged with the IV.
//  * Prefetch hint (pre_valid, pre_iv): the latest hint waits in a register
//    until the pad unit is idle, then its pads are computed into a buffer
//    (one not claimed by the waiting line), unless a buffer already holds
//    that IV. Hints have no ready; tie pre_valid low if unused (an X or Z
//    pre_valid is treated as no hint by simulation: it is sampled by an `if`).
//  * Stage A: the accepted line looks its IV up at acceptance. On a hit it
//    claims that buffer (waiting if the pads are still being made); on a miss
//    the pad unit drops whatever it computes and starts on this IV at once.
//  * Stage B: when the pads are ready the line moves to B in one cycle
//    (data ^ pads), which is when early_valid/early_data/early_id show the
//    result. MAC = 1: B then runs GHASH (digit-serial, Horner over AAD,
//    C_1..C_NB and the length block) and holds the result as the output
//    register. MAC = 0: B is the output register at once (out_valid the
//    cycle early_valid would be).
module ctr_engine #(
  parameter MAC        = 1,     // 0: counter mode only (ctr), 1: with the MAC (ctr_mac)
  parameter KEY_BITS   = 128,
  parameter LINE_BYTES = 64,
  parameter ID_BITS    = 8,
  parameter TAG_BITS   = 56,
  parameter LANES      = 0,     // 0 = NB+1, all pad blocks of a line in one pass
  parameter DIGIT      = 64,
  parameter PAD_SLOTS  = 2,
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
  input  wire [95:0]             pre_iv,
  // optional: early (unauthenticated) data
  output wire                    early_valid,
  output wire [8*LINE_BYTES-1:0] early_data,
  output wire [ID_BITS-1:0]      early_id
);
  localparam NB = LINE_BYTES / 16;
  localparam M  = (MAC != 0) ? 1 : 0;
  localparam NJ = NB + M;                                 // AES jobs per line: (mask), pads
  localparam CTR0 = 2 - M;                                // counter of job 0: J0 (MAC) or inc32(J0)
  localparam LN = (LANES == 0) ? NJ : LANES;
  localparam NPASS = (NJ + LN - 1) / LN;
  localparam LW = 8 * LINE_BYTES;
  localparam JW = 128 * NJ;
  localparam SW = (PAD_SLOTS > 1) ? $clog2(PAD_SLOTS) : 1;
  localparam [127:0] LEN_BLOCK = {64'd128, 64'd0 + LW};  // len(A) || len(C) in bits
  localparam [127:0] TAG_MASK = ~(128'h0) << (128 - TAG_BITS);

  generate
    if (LINE_BYTES != 32 && LINE_BYTES != 64 && LINE_BYTES != 128) begin : g_bad_line
      LINE_BYTES_must_be_32_64_or_128 u_bad ();
    end
    if (LN < 1 || LN > NJ) begin : g_bad_lanes
      LANES_must_be_0_or_at_most_the_AES_jobs_per_line u_bad ();
    end
    if (TAG_BITS < 8 || TAG_BITS > 128 || TAG_BITS % 8 != 0) begin : g_bad_tag
      TAG_BITS_must_be_whole_bytes_8_to_128 u_bad ();
    end
    if (PAD_SLOTS < 1) begin : g_bad_slots
      PAD_SLOTS_must_be_positive u_bad ();
    end
    if (ID_BITS < 1) begin : g_bad_id
      ID_BITS_must_be_positive u_bad ();
    end
  endgenerate

  // ---------------- pad buffers ----------------
  // buffer s: e_iv[96*s +: 96], e_val[s] (holds or is being filled for that
  // IV), e_rdy[s] (complete), e_all[JW*s +: JW] = (MAC: E_K(J0)), pad_1 .. pad_NB
  reg  [96*PAD_SLOTS-1:0] e_iv;
  reg  [PAD_SLOTS-1:0]    e_val, e_rdy;
  wire [JW*PAD_SLOTS-1:0] e_all;
  reg  [SW-1:0]           vict;          // round-robin replacement pointer

  // ---------------- control state ----------------
  reg          have_key, h_pend, h_wait;
  reg          a_full, b_busy, out_v;
  reg [SW-1:0] a_slot;
  reg          pu_busy;                  // a pad job is in flight
  reg [SW-1:0] pu_slot;
  reg [3:0]    pu_pass;
  reg [95:0]   pu_iv;
  reg          hint_v;                   // latest unserved hint
  reg [95:0]   hint_iv;

  assign key_ready = !a_full && !b_busy && !out_v && !h_pend && !h_wait;
  wire   key_take  = key_valid && key_ready;
  assign in_ready  = have_key && !a_full;
  wire   accept    = in_valid && in_ready;

  // IV lookups: the arriving line and the pending hint
  reg          in_hit, hint_hit;
  reg [SW-1:0] in_slot;
  integer s;
  always @* begin
    in_hit = 1'b0;
    in_slot = {SW{1'b0}};
    hint_hit = 1'b0;
    for (s = 0; s < PAD_SLOTS; s = s + 1) begin
      if (e_val[s] && e_iv[96*s +: 96] == in_iv) begin
        in_hit = 1'b1;
        in_slot = s;
      end
      if (e_val[s] && e_iv[96*s +: 96] == hint_iv) hint_hit = 1'b1;
    end
  end
  wire [SW-1:0] vict_next = (vict == PAD_SLOTS - 1) ? {SW{1'b0}} : vict + 1'b1;
  // a hint may not evict the buffer the waiting line claimed
  wire [SW-1:0] hint_vict = (a_full && a_slot == vict) ? vict_next : vict;
  wire          hint_room = !(a_full && a_slot == hint_vict);

  // ---------------- pad unit ----------------
  wire             aes_done;
  wire [128*LN-1:0] aes_res;
  wire miss_start = accept && !in_hit;
  wire pass_last  = (pu_pass == NPASS - 1);
  wire next_pass  = pu_busy && aes_done && !pass_last;
  wire hint_start = have_key && !pu_busy && !accept && hint_v && !hint_hit && hint_room;
  wire h_start    = M && h_pend;         // H = E_K(0) after a key load (MAC only)
  wire pu_start   = h_start || miss_start || next_pass || hint_start;
  wire [SW-1:0] alloc = miss_start ? vict : hint_vict;   // the buffer a new job fills
  wire [95:0]  job_iv   = miss_start ? in_iv : (next_pass ? pu_iv : hint_iv);
  wire [3:0]   job_pass = next_pass && !miss_start ? pu_pass + 4'd1 : 4'd0;
  wire [128*LN-1:0] job_blk;
  genvar l, j, g;
  generate
    for (l = 0; l < LN; l = l + 1) begin : g_lane
      // job number pass*LN + l; MAC: 0 = J0 (counter 1), k = inc32^k(J0);
      // no MAC: job k-1 = inc32^k(J0)
      wire [31:0] ctr = {28'd0, job_pass} * LN + l + CTR0;
      assign job_blk[128*(LN-l)-1 -: 128] = h_start ? 128'h0 : {job_iv, ctr};
    end
  endgenerate

  aes_lanes_iter #(.KEY_BITS(KEY_BITS), .LANES(LN), .SBOX(SBOX), .DEC(0)) u_pad (
    .clk(clk), .rst(rst), .key_load(key_take), .key(key), .key_busy(),
    .start(pu_start), .decrypt(1'b0), .block(job_blk),
    .ready(), .done(aes_done), .result(aes_res));

  // ---------------- stage A ----------------
  reg [LW-1:0]       a_data;
  reg [127:0]        a_aad;
  reg [TAG_BITS-1:0] a_tag;
  reg [ID_BITS-1:0]  a_id;
  reg                a_dec;

  // ---------------- stage B ----------------
  reg [LW-1:0]       b_out, b_ct;
  reg [127:0]        b_mask, b_tagc;
  reg [TAG_BITS-1:0] b_tag;
  reg [ID_BITS-1:0]  b_id;
  reg                b_dec, b_fail, early_v;
  reg [3:0]          g_next;        // next GHASH block: 1..NB = data, NB+1 = lengths

  wire [JW-1:0] a_pads   = e_all[JW*a_slot +: JW];
  wire          transfer = a_full && e_rdy[a_slot] && !b_busy && (!out_v || out_ready);

  // the results of a pass go to the buffer being filled (job j is computed
  // by lane j % LN in pass j / LN)
  wire buf_write = pu_busy && aes_done && !miss_start;
  generate
    for (g = 0; g < PAD_SLOTS; g = g + 1) begin : g_buf
      reg [JW-1:0] eb;
      assign e_all[JW*g +: JW] = eb;
      for (j = 0; j < NJ; j = j + 1) begin : g_job
        always @(posedge clk)
          if (buf_write && pu_slot == g && pu_pass == j / LN)
            eb[JW-1 - 128*j -: 128] <= aes_res[128*(LN - j % LN)-1 -: 128];
      end
    end
  endgenerate
  wire [LW-1:0] x_out    = a_data ^ a_pads[LW-1:0];

  reg  [127:0] h;
  wire         m_busy;
  wire [127:0] m_z;
  wire         g_start  = b_busy && !transfer && (g_next <= NB + 1) && !m_busy;
  wire [127:0] g_x      = (g_next == NB + 1) ? LEN_BLOCK : b_ct[LW-1 -: 128];
  generate
    if (M) begin : g_mac
      gf128_mul_digit #(.DIGIT(DIGIT)) u_ghash (
        .clk(clk), .rst(rst), .start(transfer || g_start),
        .a(transfer ? a_aad : (m_z ^ g_x)), .h(h), .busy(m_busy), .z(m_z));
    end else begin : g_no_mac
      assign m_busy = 1'b0;
      assign m_z    = 128'h0;
    end
  endgenerate
  // MAC: B runs GHASH, the result is out when it ends; no MAC: at once
  wire         finish   = M ? (b_busy && (g_next == NB + 2) && !m_busy) : transfer;
  wire [127:0] tag_full = m_z ^ b_mask;

  integer w;  // loop index of the clocked block (s belongs to the lookup)
  always @(posedge clk) begin
    if (rst) begin
      have_key <= 1'b0;
      h_pend   <= 1'b0;
      h_wait   <= 1'b0;
      a_full   <= 1'b0;
      b_busy   <= 1'b0;
      out_v    <= 1'b0;
      early_v  <= 1'b0;
      pu_busy  <= 1'b0;
      hint_v   <= 1'b0;
      vict     <= {SW{1'b0}};
      e_val    <= {PAD_SLOTS{1'b0}};
      e_rdy    <= {PAD_SLOTS{1'b0}};
    end else begin
      // key load: forget every pad, then (MAC) H = E_K(0) on the pad unit
      if (key_take) begin
        have_key <= !M;
        h_pend   <= M;
        pu_busy  <= 1'b0;
        hint_v   <= 1'b0;
        e_val    <= {PAD_SLOTS{1'b0}};
      end else if (h_start) begin
        h_pend <= 1'b0;
        h_wait <= 1'b1;
      end else if (h_wait && aes_done) begin
        h_wait   <= 1'b0;
        have_key <= 1'b1;
      end

      // hints: sampled through `if` so that an undriven pre_valid means none
      if (pre_valid && !key_take) hint_v <= 1'b1;
      else if (hint_start || (hint_v && hint_hit)) hint_v <= 1'b0;

      // pad jobs
      if (miss_start || hint_start) begin
        pu_busy  <= 1'b1;
        pu_slot  <= alloc;
        pu_iv    <= job_iv;
        pu_pass  <= 4'd0;
        vict     <= (alloc == PAD_SLOTS - 1) ? {SW{1'b0}} : alloc + 1'b1;
        for (w = 0; w < PAD_SLOTS; w = w + 1) begin
          if (pu_busy && pu_slot == w) e_val[w] <= 1'b0;   // abandoned job
          if (alloc == w) begin
            e_val[w] <= 1'b1;
            e_rdy[w] <= 1'b0;
          end
        end
      end else if (next_pass) begin
        pu_pass <= pu_pass + 4'd1;
      end else if (pu_busy && aes_done) begin
        pu_busy <= 1'b0;
        for (w = 0; w < PAD_SLOTS; w = w + 1)
          if (pu_slot == w) e_rdy[w] <= 1'b1;
      end

      if (accept) a_full <= 1'b1;
      else if (transfer) a_full <= 1'b0;
      if (transfer && M) b_busy <= 1'b1;
      else if (finish) b_busy <= 1'b0;
      if (finish) out_v <= 1'b1;
      else if (out_ready) out_v <= 1'b0;
      early_v <= transfer;
    end

    if (h_wait && aes_done) h <= aes_res[128*LN-1 -: 128];
    if (pre_valid) hint_iv <= pre_iv;
    for (w = 0; w < PAD_SLOTS; w = w + 1)
      if ((miss_start || hint_start) && alloc == w) e_iv[96*w +: 96] <= job_iv;

    if (accept) begin
      a_data <= in_data;
      a_aad  <= in_aad;
      a_tag  <= in_tag[127 -: TAG_BITS];
      a_id   <= in_id;
      a_dec  <= in_decrypt;
      a_slot <= in_hit ? in_slot : vict;
    end

    if (transfer) begin
      b_out  <= x_out;
      b_ct   <= a_dec ? a_data : x_out;
      b_mask <= a_pads[JW-1 -: 128];
      b_tag  <= a_tag;
      b_id   <= a_id;
      b_dec  <= a_dec;
      g_next <= 4'd1;
    end else if (g_start) begin
      g_next <= g_next + 4'd1;
      if (g_next <= NB) b_ct <= b_ct << 128;
    end
    if (finish) begin
      b_tagc <= tag_full;
      b_fail <= b_dec && (tag_full[127 -: TAG_BITS] != b_tag);
    end
  end

  assign out_valid     = out_v;
  assign out_data      = b_out;
  assign out_tag       = M ? (b_tagc & TAG_MASK) : 128'h0;
  assign out_auth_fail = M && b_fail;
  assign out_id        = b_id;
  assign early_valid   = early_v;
  assign early_data    = b_out;
  assign early_id      = b_id;
endmodule
