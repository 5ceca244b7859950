// Area-lean AES-GCM memory-encryption engine (engine interface, see
// designs/README.md). One line at a time:
//   * one iterative AES core (one round per cycle) computes, in order,
//     E_K(J0+1..J0+n) for the n = LINE_BYTES/16 data blocks and E_K(J0) for
//     the tag. Decrypt computes E_K(J0) first instead, so that GHASH, which
//     must read each ciphertext block before it is overwritten in place by
//     plaintext, stays ahead of the AES core.
//   * one digit-serial GHASH multiplier (128/DIGIT cycles per block) runs
//     concurrently over AAD, C_1..C_n and the length block; the AAD block is
//     multiplied straight from the input port in the acceptance cycle, so it
//     needs no register.
//   * the line register is transformed in place and is also the output
//     register: a new line is accepted only after the previous result left.
// H = E_K(0^128) is computed once per key load (key_ready stays low meanwhile).
module gcm_iter #(
  parameter KEY_BITS     = 128,
  parameter LINE_BYTES   = 64,
  parameter ID_BITS      = 8,
  parameter DIGIT        = 16,
  parameter KEY_SCHEDULE = 0,
  parameter SBOX         = 0
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
  output wire [ID_BITS-1:0]      out_id
);
  localparam NB = LINE_BYTES / 16;
  localparam LW = 8 * LINE_BYTES;
  // len(A) = 128 bits, len(C) = LW bits, as two 64-bit big-endian counts.
  localparam [127:0] LEN_BLOCK = {64'd128, 64'd0 + LW};

  generate
    if (LINE_BYTES != 32 && LINE_BYTES != 64 && LINE_BYTES != 128) begin : g_bad_line
      LINE_BYTES_must_be_32_64_or_128 u_bad ();
    end
    if (ID_BITS < 1) begin : g_bad_id
      ID_BITS_must_be_positive u_bad ();
    end
  endgenerate

  // ---- key load and H ----
  reg         have_key;   // key expanded and H valid
  reg         h_pending;  // H job not yet started
  reg         h_wait;     // H job in flight
  reg [127:0] h;
  reg         line_active;
  reg         out_v;

  assign key_ready = !line_active && !h_pending && !h_wait;
  wire   key_take  = key_valid && key_ready;
  assign in_ready  = have_key && !line_active;
  wire   accept    = in_valid && in_ready;

  // ---- line state ----
  reg [LW-1:0]      data;
  reg [95:0]        iv;
  reg [127:0]       tag_in;
  reg [127:0]       ej0;      // E_K(J0), then the computed tag
  reg               fail;
  reg [ID_BITS-1:0] id;
  reg               dec;
  reg [3:0]         jiss;     // AES jobs issued (0..NB+1)
  reg [3:0]         jdone;    // AES jobs completed
  reg [3:0]         g_next;   // next GHASH block: 0 = AAD, 1..NB = data, NB+1 = lengths

  // Job j: encrypt runs data blocks 0..NB-1 then J0; decrypt runs J0 first.
  wire       iss_j0  = dec ? (jiss == 4'd0) : (jiss == NB);
  wire [3:0] iss_blk = dec ? jiss - 4'd1 : jiss;
  wire       don_j0  = dec ? (jdone == 4'd0) : (jdone == NB);
  wire [3:0] don_blk = dec ? jdone - 4'd1 : jdone;

  // ---- AES core ----
  wire         aes_ready, aes_done, aes_key_busy;
  wire [127:0] aes_result;
  wire         h_start   = h_pending && aes_ready;
  wire         job_start = line_active && !out_v && (jiss <= NB) && aes_ready &&
                           (!dec || iss_j0 || (g_next > iss_blk + 4'd1));
  // inc32 never wraps here: J0 has counter 1 and a line has at most 8 blocks.
  wire [31:0]  ctr       = iss_j0 ? 32'd1 : {28'd0, iss_blk} + 32'd2;
  wire [127:0] aes_block = h_pending ? 128'h0 : {iv, ctr};

  aes_enc_iter #(.KEY_BITS(KEY_BITS), .KEY_SCHEDULE(KEY_SCHEDULE), .SBOX(SBOX)) u_aes (
    .clk(clk), .rst(rst), .key_load(key_take), .key(key), .key_busy(aes_key_busy),
    .start(h_start || job_start), .block(aes_block),
    .ready(aes_ready), .done(aes_done), .result(aes_result));

  // ---- GHASH ----
  wire         m_busy;
  wire [127:0] m_z;
  wire [127:0] g_blk = data[LW-1 - 128*(g_next - 4'd1) -: 128];
  wire         g_avail = (g_next == NB + 1) || dec || (jdone >= g_next);
  wire         g_start = line_active && !out_v && !accept && (g_next >= 4'd1) &&
                         (g_next <= NB + 1) && !m_busy && g_avail;
  wire [127:0] g_x     = (g_next == NB + 1) ? LEN_BLOCK : g_blk;

  gf128_mul_digit #(.DIGIT(DIGIT)) u_ghash (
    .clk(clk), .rst(rst), .start(accept || g_start),
    .a(accept ? in_aad : (m_z ^ g_x)), .h(h), .busy(m_busy), .z(m_z));

  wire         finish   = line_active && !out_v && (jdone == NB + 1) &&
                          (g_next == NB + 2) && !m_busy;
  wire [127:0] tag_calc = ej0 ^ m_z;

  integer b;
  always @(posedge clk) begin
    if (rst) begin
      have_key    <= 1'b0;
      h_pending   <= 1'b0;
      h_wait      <= 1'b0;
      line_active <= 1'b0;
      out_v       <= 1'b0;
    end else begin
      if (key_take) begin
        have_key  <= 1'b0;
        h_pending <= 1'b1;
      end else if (h_start) begin
        h_pending <= 1'b0;
        h_wait    <= 1'b1;
      end else if (h_wait && aes_done) begin
        h_wait    <= 1'b0;
        have_key  <= 1'b1;
      end
      if (accept) line_active <= 1'b1;
      else if (out_v && out_ready) line_active <= 1'b0;
      if (finish) out_v <= 1'b1;
      else if (out_ready) out_v <= 1'b0;
    end

    if (h_wait && aes_done) h <= aes_result;

    if (accept) begin
      data   <= in_data;
      iv     <= in_iv;
      tag_in <= in_tag;
      id     <= in_id;
      dec    <= in_decrypt;
      jiss   <= 4'd0;
      jdone  <= 4'd0;
      g_next <= 4'd1;
    end else begin
      if (job_start) jiss <= jiss + 4'd1;
      if (g_start) g_next <= g_next + 4'd1;
      if (aes_done && line_active) begin
        jdone <= jdone + 4'd1;
        if (don_j0) ej0 <= aes_result;
        for (b = 0; b < NB; b = b + 1)
          if (!don_j0 && don_blk == b)
            data[LW-1 - 128*b -: 128] <= data[LW-1 - 128*b -: 128] ^ aes_result;
      end
      if (finish) begin
        ej0  <= tag_calc;
        fail <= dec && (tag_calc != tag_in);
      end
    end
  end

  assign out_valid     = out_v;
  assign out_data      = data;
  assign out_tag       = ej0;
  assign out_auth_fail = fail;
  assign out_id        = id;
endmodule
