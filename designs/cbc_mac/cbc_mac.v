// AES-CBC encryption + CBC-MAC (encrypt-then-MAC) memory-encryption engine,
// the pre-GCM bus-encryption scheme; engine interface, see designs/README.md
// ("cbc_mac") for the exact construction:
//   K2   = E_K(1)            (AES-256: E_K(1) || E_K(2)), derived at key load
//   IV   = E_K(in_iv || 0^32)
//   C_i  = E_K(P_i ^ C_{i-1}), C_0 = IV
//   tag  = CBC-MAC_K2((in_iv || 0^32) || AAD || C_1 .. C_n), zero IV
// Two iterative AES cores run concurrently: the cipher core (both
// directions, stored round keys) and the MAC core (forward only). Each MAC
// or encrypt pass starts in the cycle the previous one finishes, chaining
// straight from the round output. One line at a time; the line register is
// transformed in place and is the output register.
module cbc_mac #(
  parameter KEY_BITS     = 128,
  parameter LINE_BYTES   = 64,
  parameter ID_BITS      = 8,
  parameter KEY_SCHEDULE = 0,   // of the MAC core; the cipher core always stores round keys
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

  generate
    if (LINE_BYTES != 32 && LINE_BYTES != 64 && LINE_BYTES != 128) begin : g_bad_line
      LINE_BYTES_must_be_32_64_or_128 u_bad ();
    end
    if (ID_BITS < 1) begin : g_bad_id
      ID_BITS_must_be_positive u_bad ();
    end
  endgenerate

  // ---- key setup: expand K, derive K2 with the cipher core, load the MAC core ----
  localparam K_IDLE = 3'd0, K_D1 = 3'd1, K_W1 = 3'd2, K_D2 = 3'd3, K_W2 = 3'd4, K_MAC = 3'd5;
  reg [2:0]   kst;
  reg         have_key;
  reg [127:0] k2_hi;
  reg         line_active;
  reg         out_v;

  assign key_ready = !line_active && (kst == K_IDLE);
  wire   key_take  = key_valid && key_ready;
  assign in_ready  = have_key && !line_active;
  wire   accept    = in_valid && in_ready;

  // ---- line state ----
  reg [LW-1:0]      data;
  reg [95:0]        iv;
  reg [127:0]       aad;
  reg [127:0]       tag_in;
  reg [127:0]       prev;    // C_{i-1}
  reg [127:0]       t;       // MAC chaining value, then the tag
  reg               fail;
  reg [ID_BITS-1:0] id;
  reg               dec;
  reg [3:0]         cnext, cdone;   // cipher jobs: 0 = IV, j = data block j-1
  reg [3:0]         mnext, mdone;   // MAC blocks: 0 = IV block, 1 = AAD, m = C_{m-1} (data block m-2)

  // ---- cipher core ----
  wire         c_ready, c_done, c_key_busy;
  wire [127:0] c_result;
  wire [127:0] c_blk   = data[LW-1 - 128*(cnext - 4'd1) -: 128];
  wire [127:0] c_chain = c_done ? c_result : prev;
  wire         c_kstart = (kst == K_D1 || kst == K_D2) && c_ready;
  wire         c_jstart = line_active && !out_v && (cnext <= NB) && c_ready &&
                          (cnext == 4'd0 || !dec || mnext > cnext + 4'd1);
  wire [127:0] c_in = (kst == K_D1) ? 128'd1 :
                      (kst == K_D2) ? 128'd2 :
                      (cnext == 4'd0) ? {iv, 32'd0} :
                      dec ? c_blk : (c_blk ^ c_chain);
  aes_encdec_iter #(.KEY_BITS(KEY_BITS), .SBOX(SBOX)) u_cipher (
    .clk(clk), .rst(rst), .key_load(key_take), .key(key), .key_busy(c_key_busy),
    .start(c_kstart || c_jstart), .decrypt(c_jstart && dec && cnext != 4'd0), .block(c_in),
    .ready(c_ready), .done(c_done), .result(c_result));

  // ---- MAC core ----
  wire         m_ready, m_done, m_key_busy;
  wire [127:0] m_result;
  wire         m_kload = (KEY_BITS == 128) ? (kst == K_W1 && c_done) : (kst == K_W2 && c_done);
  wire [KEY_BITS-1:0] m_key;
  generate
    if (KEY_BITS == 128) begin : g_k128
      assign m_key = c_result;
    end else begin : g_k256
      assign m_key = {k2_hi, c_result};
    end
  endgenerate
  wire [127:0] m_blk   = data[LW-1 - 128*(mnext - 4'd2) -: 128];
  wire [127:0] m_msg   = (mnext == 4'd0) ? {iv, 32'd0} : (mnext == 4'd1) ? aad : m_blk;
  wire         m_avail = (mnext <= 4'd1) || dec || (cdone >= mnext);
  wire         m_start = line_active && !out_v && (mnext <= NB + 1) && m_ready && m_avail;
  wire [127:0] m_chain = (mnext == 4'd0) ? 128'd0 : (m_done ? m_result : t);
  aes_enc_iter #(.KEY_BITS(KEY_BITS), .KEY_SCHEDULE(KEY_SCHEDULE), .SBOX(SBOX)) u_mac (
    .clk(clk), .rst(rst), .key_load(m_kload), .key(m_key), .key_busy(m_key_busy),
    .start(m_start), .block(m_chain ^ m_msg),
    .ready(m_ready), .done(m_done), .result(m_result));

  wire finish = line_active && !out_v && (cdone == NB + 1) && (mdone == NB + 2);

  integer b;
  always @(posedge clk) begin
    if (rst) begin
      kst         <= K_IDLE;
      have_key    <= 1'b0;
      line_active <= 1'b0;
      out_v       <= 1'b0;
    end else begin
      case (kst)
        K_IDLE: if (key_take) begin kst <= K_D1; have_key <= 1'b0; end
        K_D1:   if (c_kstart) kst <= K_W1;
        K_W1:   if (c_done) kst <= (KEY_BITS == 128) ? K_MAC : K_D2;
        K_D2:   if (c_kstart) kst <= K_W2;
        K_W2:   if (c_done) kst <= K_MAC;
        default: if (m_ready) begin kst <= K_IDLE; have_key <= 1'b1; end
      endcase
      if (accept) line_active <= 1'b1;
      else if (out_v && out_ready) line_active <= 1'b0;
      if (finish) out_v <= 1'b1;
      else if (out_ready) out_v <= 1'b0;
    end

    if (kst == K_W1 && c_done) k2_hi <= c_result;

    if (accept) begin
      data   <= in_data;
      iv     <= in_iv;
      aad    <= in_aad;
      tag_in <= in_tag;
      id     <= in_id;
      dec    <= in_decrypt;
      cnext  <= 4'd0;
      cdone  <= 4'd0;
      mnext  <= 4'd0;
      mdone  <= 4'd0;
    end else if (line_active) begin
      if (c_jstart) cnext <= cnext + 4'd1;
      if (m_start) mnext <= mnext + 4'd1;
      if (m_done) begin
        mdone <= mdone + 4'd1;
        t     <= m_result;
      end
      if (c_done) begin
        cdone <= cdone + 4'd1;
        if (cdone == 4'd0) prev <= c_result;
        for (b = 0; b < NB; b = b + 1)
          if (cdone == b + 1) begin
            data[LW-1 - 128*b -: 128] <= dec ? (c_result ^ prev) : c_result;
            prev <= dec ? data[LW-1 - 128*b -: 128] : c_result;
          end
      end
      if (finish) fail <= dec && (t != tag_in);
    end
  end

  assign out_valid     = out_v;
  assign out_data      = data;
  assign out_tag       = t;
  assign out_auth_fail = fail;
  assign out_id        = id;
endmodule
