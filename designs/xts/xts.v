// XTS-AES memory-encryption engine (IEEE 1619 / NIST SP 800-38E) on the
// engine interface (designs/README.md, section "xts" for the exact mapping).
//   key   = Key1 || Key2 (KEY_BITS = 256: XTS-AES-128, 512: XTS-AES-256);
//           Key1 encrypts the data, Key2 the tweak.
//   i     = in_iv as a 96-bit integer (the line address), encoded
//           little-endian in 16 bytes as IEEE 1619 encodes data-unit numbers;
//   T     = E_Key2(i);  T_j = T * alpha^j (GF(2^128), little-endian, 0x87);
//   C_j   = E_Key1(P_j ^ T_j) ^ T_j,  P_j = D_Key1(C_j ^ T_j) ^ T_j
//           for the 16-byte blocks j = 0 .. LINE_BYTES/16-1 (no stealing:
//           a line is a whole number of blocks).
// No integrity by design: in_aad and in_tag are ignored, out_tag = 0 and
// out_auth_fail = 0.
//
// Two stages, one line in each:
//   T (tweak): a forward-only AES core (round keys on the fly) computes T
//     into a tweak register tagged with its IV. The accepted line looks its
//     IV up at acceptance: on a hit it uses that T (waiting if T is still
//     being computed); on a miss the core drops what it computes and starts
//     on this IV in the acceptance cycle.
//   D (data):  LANES AES round units in lockstep (aes_lanes_iter, stored
//     round keys for both directions) process the line LANES blocks per pass,
//     LINE_BYTES/16/LANES passes of NR cycles back to back; the line register
//     is transformed in place and is also the output register.
// T for the next line overlaps D of the current one, so a line costs
// passes*NR + 1 cycles at saturation.
//
// Prefetch hint (pre_valid, pre_iv; optional port group): T depends on the
// address alone, so the read request can start it before the data arrives.
// The latest hint waits in a register until the tweak core is idle and the T
// stage empty, then its T is computed into the tweak register, unless that
// register already holds (or is computing) that IV. Hints have no ready; tie
// pre_valid low if unused (an X or Z pre_valid is treated as no hint by
// simulation: it is sampled by an `if`). A key load drops the hint and T.
module xts #(
  parameter KEY_BITS   = 256,
  parameter LINE_BYTES = 64,
  parameter ID_BITS    = 8,
  parameter LANES      = 1,
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
  localparam AK = KEY_BITS / 2;          // one AES key
  localparam NB = LINE_BYTES / 16;       // blocks per line
  localparam NP = NB / LANES;            // passes per line
  localparam LW = 8 * LINE_BYTES;
  localparam PW = 128 * LANES;           // bits per pass

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

  // ---- key load ----
  reg  have_key, kpend;
  reg  t_full, t_xv, d_busy, out_v;
  wire t_key_busy, t_ready, t_done, d_key_busy, d_ready, d_done;
  wire [127:0] t_result;
  wire [PW-1:0] d_result;
  assign key_ready = !t_full && !d_busy && !out_v && !kpend;
  wire   key_take  = key_valid && key_ready;

  // ---- T stage ----
  // t_x holds T for tw_iv when t_xv; tw_busy: the core is computing T for
  // tw_iv. While the T stage holds a line, tw_iv is that line's IV.
  reg [LW-1:0]      t_data;
  reg [127:0]       t_x;
  reg               t_dec;
  reg [ID_BITS-1:0] t_id;
  reg [95:0]        tw_iv;
  reg               tw_busy;
  reg               hint_v;                  // latest unserved hint
  reg [95:0]        hint_iv;
  wire pop      = out_v && out_ready;
  wire tw_done  = tw_busy && t_done;
  // The tweak is used straight from the core in the cycle it completes, so a
  // line can move on NR cycles after its acceptance.
  wire t_have   = t_xv || tw_done;
  wire transfer = t_full && t_have && !d_busy && (!out_v || out_ready);
  assign in_ready = have_key && !t_full;
  wire accept   = in_valid && in_ready;
  wire in_hit   = (t_xv || tw_busy) && tw_iv == in_iv;
  wire hint_hit = (t_xv || tw_busy) && tw_iv == hint_iv;
  wire miss_start = accept && !in_hit;
  wire hint_start = have_key && !key_take && hint_v && !hint_hit && !tw_busy && !t_full && !accept;
  wire [95:0] job_iv = miss_start ? in_iv : hint_iv;
  // 96-bit data-unit number, little-endian in 16 bytes
  wire [127:0] t_block = bswap({32'd0, job_iv});

  aes_lanes_iter #(.KEY_BITS(AK), .LANES(1), .SBOX(SBOX), .DEC(0)) u_tweak (
    .clk(clk), .rst(rst), .key_load(key_take), .key(key[AK-1:0]), .key_busy(t_key_busy),
    .start(miss_start || hint_start), .decrypt(1'b0), .block(t_block),
    .ready(t_ready), .done(t_done), .result(t_result));

  // ---- D stage ----
  reg [LW-1:0]      d_data;
  reg [127:0]       d_xp;    // T * alpha^(LANES * pass)
  reg [3:0]         d_pass;
  reg               d_dec;
  reg [ID_BITS-1:0] d_id;
  wire more = (d_pass != NP - 1);
  // A pass starts at the transfer (pass 0, from the T stage) or in the cycle
  // the previous pass finishes.
  wire         next_go = d_busy && d_done && more;
  wire         d_start = transfer || next_go;
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

  aes_lanes_iter #(.KEY_BITS(AK), .LANES(LANES), .SBOX(SBOX), .DEC(1)) u_data (
    .clk(clk), .rst(rst), .key_load(key_take), .key(key[KEY_BITS-1 -: AK]), .key_busy(d_key_busy),
    .start(d_start), .decrypt(transfer ? t_dec : d_dec), .block(go_blk),
    .ready(d_ready), .done(d_done), .result(d_result));

  always @(posedge clk) begin
    if (rst) begin
      have_key <= 1'b0;
      kpend    <= 1'b0;
      t_full   <= 1'b0;
      t_xv     <= 1'b0;
      tw_busy  <= 1'b0;
      hint_v   <= 1'b0;
      d_busy   <= 1'b0;
      out_v    <= 1'b0;
    end else begin
      if (key_take) begin
        have_key <= 1'b0;
        kpend    <= 1'b1;
      end else if (kpend && !d_key_busy) begin
        kpend    <= 1'b0;
        have_key <= 1'b1;
      end
      if (accept) t_full <= 1'b1;
      else if (transfer) t_full <= 1'b0;
      // tweak jobs; a key load forgets T (the core's blocks in flight are lost)
      if (key_take) begin
        tw_busy <= 1'b0;
        t_xv    <= 1'b0;
      end else if (miss_start || hint_start) begin
        tw_busy <= 1'b1;
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
    if (miss_start || hint_start) tw_iv <= job_iv;
    if (pre_valid) hint_iv <= pre_iv;

    if (transfer) begin
      d_data <= t_data;
      d_xp   <= go_x;
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
