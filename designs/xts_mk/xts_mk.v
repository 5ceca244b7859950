// Multi-key XTS-AES memory-encryption engine (Intel TME-MK style): xts
// (designs/README.md, sections "xts" and "xts_mk") with a table of KEYS XTS
// keys, one chosen per line by a key ID that arrives with the line and with
// its prefetch hint. Engine interface plus the prefetch and multikey port
// groups:
//   key_index   the table entry `key` is written to when key_valid && key_ready
//   in_key_id   the entry whose key encrypts/decrypts the line
//   pre_key_id  the hinted line's key ID (with pre_valid, pre_iv)
// Key IDs are 16 bits; the engine uses their low log2(KEYS) bits (KEYS = 1:
// none). Per line: Key1 || Key2 = table[key ID], then exactly xts:
//   i = in_iv (96-bit integer, little-endian in 16 bytes), T = E_Key2(i),
//   C_j = E_Key1(P_j ^ T*alpha^j) ^ T*alpha^j;  no integrity (out_tag = 0).
//
// Switching keys costs no cycle: the table holds cipher keys only (KEY_BITS
// flip-flops per entry) and every round key is made on the fly.
//   T stage: the tweak job (a line's miss or a hint) reads the table once, in
//     the cycle it starts: Key2 goes to a forward AES core (aes_lanes_otf),
//     Key1 is kept beside the tweak, and aes_key_run steps Key1's schedule to
//     its last window in the same NR cycles, which decryption starts from.
//     The tweak register is tagged with (IV, key ID).
//   D stage: LANES AES round units (aes_lanes_otf, both directions) take the
//     line's Key1 (encrypt) or last window (decrypt) with each pass and make
//     the round keys forwards or backwards; the key travels with the line.
// So a key ID costs a table read and a 16-bit tag compare, no cycles: the
// timing is xts's exactly.
//
// A key write (key_ready: nothing in flight) drops the hint and the tweak
// register; the table itself is not reset (entries hold whatever they
// powered up with until written).
module xts_mk #(
  parameter KEY_BITS   = 256,
  parameter LINE_BYTES = 64,
  parameter ID_BITS    = 8,
  parameter LANES      = 1,
  parameter KEYS       = 64,
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
  // optional: multikey
  input  wire [15:0]             key_index,
  input  wire [15:0]             in_key_id,
  input  wire [15:0]             pre_key_id
);
  localparam AK = KEY_BITS / 2;          // one AES key
  localparam NB = LINE_BYTES / 16;       // blocks per line
  localparam NP = NB / LANES;            // passes per line
  localparam LW = 8 * LINE_BYTES;
  localparam PW = 128 * LANES;           // bits per pass
  localparam KW = (KEYS > 1) ? $clog2(KEYS) : 1;

  generate
    if (KEY_BITS != 256 && KEY_BITS != 512) begin : g_bad_key
      KEY_BITS_must_be_256_or_512 u_bad ();
    end
    if (LINE_BYTES != 32 && LINE_BYTES != 64 && LINE_BYTES != 128) begin : g_bad_line
      LINE_BYTES_must_be_32_64_or_128 u_bad ();
    end
    if (LANES < 1 || LANES > NB || NB % LANES != 0) begin : g_bad_lanes
      LANES_must_divide_the_blocks_per_line u_bad ();
    end
    if (KEYS < 1 || KEYS > 65536 || (KEYS & (KEYS - 1)) != 0) begin : g_bad_keys
      KEYS_must_be_a_power_of_two_up_to_65536 u_bad ();
    end
    if (ID_BITS < 1) begin : g_bad_id
      ID_BITS_must_be_positive u_bad ();
    end
  endgenerate

  function [127:0] bswap;  // IEEE 1619 integer <-> bus byte order
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

  function [KW-1:0] entry_of;  // a 16-bit key ID's table entry
    input [15:0] id;
    entry_of = (KEYS > 1) ? id[KW-1:0] : {KW{1'b0}};
  endfunction

  // ---- control ----
  reg  have_key;
  reg  t_full, t_xv, d_busy, out_v;
  assign key_ready = !t_full && !d_busy && !out_v;
  wire   key_take  = key_valid && key_ready;

  // ---- T stage ----
  // t_x holds T for (tw_iv, tw_kid) when t_xv; tw_busy: the core is computing
  // it. While the T stage holds a line, (tw_iv, tw_kid) are that line's.
  reg [LW-1:0]      t_data;
  reg [127:0]       t_x;
  reg               t_dec;
  reg [ID_BITS-1:0] t_id;
  reg [95:0]        tw_iv;
  reg [KW-1:0]      tw_kid;
  reg [AK-1:0]      tw_k1;                   // Key1 of the tweak job's entry
  reg               tw_busy;
  reg               hint_v;                  // latest unserved hint
  reg [95:0]        hint_iv;
  reg [KW-1:0]      hint_kid;
  wire [KW-1:0]     in_kid = entry_of(in_key_id);
  wire pop      = out_v && out_ready;
  wire t_done;
  wire tw_done  = tw_busy && t_done;
  wire t_have   = t_xv || tw_done;
  wire transfer = t_full && t_have && !d_busy && (!out_v || out_ready);
  assign in_ready = have_key && !t_full;
  wire accept   = in_valid && in_ready;
  wire tw_live  = t_xv || tw_busy;
  wire in_hit   = tw_live && tw_iv == in_iv && tw_kid == in_kid;
  wire hint_hit = tw_live && tw_iv == hint_iv && tw_kid == hint_kid;
  wire miss_start = accept && !in_hit;
  wire hint_start = have_key && !key_take && hint_v && !hint_hit && !tw_busy && !t_full && !accept;
  wire job_start  = miss_start || hint_start;
  // The job's IV and key ID do not depend on the lookup: a job can only be
  // the accepted line's or, with no line arriving, the hint's.
  wire [95:0]   job_iv  = accept ? in_iv : hint_iv;
  wire [KW-1:0] job_kid = accept ? in_kid : hint_kid;

  // ---- key table: one write port (key loads), one read port (tweak jobs) ----
  reg  [KEY_BITS-1:0] ktab [0:KEYS-1];
  always @(posedge clk)
    if (key_take) ktab[entry_of(key_index)] <= key;
  wire [KEY_BITS-1:0] job_key = ktab[job_kid];
  wire [AK-1:0]       job_k1  = job_key[KEY_BITS-1 -: AK];
  wire [AK-1:0]       job_k2  = job_key[AK-1:0];

  wire [127:0] t_result;
  wire [AK-1:0] k1_last;
  aes_lanes_otf #(.KEY_BITS(AK), .LANES(1), .SBOX(SBOX), .DEC(0)) u_tweak (
    .clk(clk), .rst(rst), .start(job_start), .decrypt(1'b0), .key(job_k2),
    .block(bswap({32'd0, job_iv})), .done(t_done), .result(t_result));
  aes_key_run #(.KEY_BITS(AK), .SBOX(SBOX)) u_k1_run (
    .clk(clk), .rst(rst), .start(job_start), .key(job_k1), .window(k1_last));

  // ---- D stage ----
  reg [LW-1:0]      d_data;
  reg [127:0]       d_xp;    // T * alpha^(LANES * pass)
  reg [AK-1:0]      d_key;   // Key1, or its last window to decrypt
  reg [3:0]         d_pass;
  reg               d_dec;
  reg [ID_BITS-1:0] d_id;
  wire              d_done;
  wire [PW-1:0]     d_result;
  wire more = (d_pass != NP - 1);
  wire         next_go = d_busy && d_done && more;
  wire         d_start = transfer || next_go;
  wire [AK-1:0] t_key  = t_dec ? k1_last : tw_k1;
  wire [127:0] xp_next = mul_alpha_pow(d_xp, LANES);
  wire [127:0] go_x    = transfer ? (t_xv ? t_x : bswap(t_result)) : xp_next;
  // d_data rotates by one pass per pass (results enter at the bottom), so the
  // next pass's blocks always sit just below the top chunk.
  wire [PW-1:0] next_src;
  wire [LW-1:0] d_rot;
  wire [PW-1:0] go_src = transfer ? t_data[LW-1 -: PW] : next_src;
  wire [PW-1:0] go_blk, wb_blk;
  genvar l;
  generate
    if (NP == 1) begin : g_one_pass
      assign next_src = d_data;
      assign d_rot    = wb_blk;
    end else begin : g_passes
      assign next_src = d_data[LW-PW-1 -: PW];
      assign d_rot    = {d_data[LW-PW-1:0], wb_blk};
    end
    for (l = 0; l < LANES; l = l + 1) begin : g_lane
      assign go_blk[PW-1-128*l -: 128] = go_src[PW-1-128*l -: 128] ^ bswap(mul_alpha_pow(go_x, l));
      assign wb_blk[PW-1-128*l -: 128] = d_result[PW-1-128*l -: 128] ^ bswap(mul_alpha_pow(d_xp, l));
    end
  endgenerate

  aes_lanes_otf #(.KEY_BITS(AK), .LANES(LANES), .SBOX(SBOX), .DEC(1)) u_data (
    .clk(clk), .rst(rst), .start(d_start), .decrypt(transfer ? t_dec : d_dec),
    .key(transfer ? t_key : d_key), .block(go_blk), .done(d_done), .result(d_result));

  always @(posedge clk) begin
    if (rst) begin
      have_key <= 1'b0;
      t_full   <= 1'b0;
      t_xv     <= 1'b0;
      tw_busy  <= 1'b0;
      hint_v   <= 1'b0;
      d_busy   <= 1'b0;
      out_v    <= 1'b0;
    end else begin
      if (key_take) have_key <= 1'b1;
      if (accept) t_full <= 1'b1;
      else if (transfer) t_full <= 1'b0;
      // tweak jobs; a key write forgets T (a line accepted in the same cycle
      // read the table before the write and keeps its job)
      if (job_start) begin
        tw_busy <= 1'b1;
        t_xv    <= 1'b0;
      end else if (key_take) begin
        tw_busy <= 1'b0;
        t_xv    <= 1'b0;
      end else if (tw_done) begin
        tw_busy <= 1'b0;
        t_xv    <= 1'b1;
      end
      // hints: sampled through `if` so that an undriven pre_valid means none
      if (pre_valid && !key_take) hint_v <= 1'b1;
      else if (key_take || hint_start || (hint_v && hint_hit)) hint_v <= 1'b0;
      if (transfer) d_busy <= 1'b1;
      else if (d_busy && d_done && !more) d_busy <= 1'b0;
      if (d_busy && d_done && !more) out_v <= 1'b1;
      else if (pop) out_v <= 1'b0;
    end

    if (accept) begin
      t_data <= in_data;
      t_dec  <= in_decrypt;
      t_id   <= in_id;
    end
    if (tw_done) t_x <= bswap(t_result);
    if (job_start) begin
      tw_iv  <= job_iv;
      tw_kid <= job_kid;
      tw_k1  <= job_k1;
    end
    if (pre_valid) begin
      hint_iv  <= pre_iv;
      hint_kid <= entry_of(pre_key_id);
    end

    if (transfer) begin
      d_data <= t_data;
      d_xp   <= go_x;
      d_key  <= t_key;
      d_pass <= 4'd0;
      d_dec  <= t_dec;
      d_id   <= t_id;
    end else if (d_busy && d_done) begin
      d_data <= d_rot;
      if (more) begin
        d_xp   <= xp_next;
        d_pass <= d_pass + 4'd1;
      end
    end
  end

  assign out_valid     = out_v;
  assign out_data      = d_data;
  assign out_tag       = 128'h0;
  assign out_auth_fail = 1'b0;
  assign out_id        = d_id;
endmodule
