// QARMA-64 as a tweakable memory cipher (engine interface; designs/README.md,
// section "qarma64"): the line's 8-byte blocks j = 0..NB-1 (block 0 = the
// most significant 64 bits of the line) are encrypted directly,
//   C_j = QARMA-64_K(P_j, T_j),  T_j = N ^ 8j,  N = in_iv mod 2^64,
// so with a line-aligned address N each block's tweak is its own byte
// address. key = w0 || k0. No integrity: out_tag = 0.
//
// Organisation:
//  * Stage A holds the accepted line and issues it to the core LANES blocks
//    per cycle on the NB/LANES cycles after acceptance; it takes the next
//    line in the cycle of the last issue, so a line every NB/LANES cycles.
//  * Core: LANES-lane qarma64_core, ceil((2*ROUNDS+2)/ROUNDS_PER_STAGE)
//    register stages, stalled as a whole only when the two-line output FIFO
//    is full. The slot's tweak base N ^ 8*LANES*slot travels with it; each
//    lane adds its own offset inside the core.
//  * No prefetch hint: the tweak enters every round directly and its
//    schedule is a cell permutation and an LFSR beside the datapath, so
//    there is nothing to compute from the address ahead of the data (unlike
//    the XEX mask of prince or the XTS tweak of xts and aes_round).
module qarma64 #(
  parameter KEY_BITS         = 128,
  parameter LINE_BYTES       = 64,
  parameter ID_BITS          = 8,
  parameter ROUNDS           = 7,
  parameter SBOX             = 1,
  parameter ROUNDS_PER_STAGE = 16,
  parameter LANES            = 2
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
  localparam NB  = LINE_BYTES / 8;           // 64-bit blocks per line
  localparam NI  = NB / LANES;               // issue cycles (slots) per line
  localparam LW  = 8 * LINE_BYTES;
  localparam PW  = 64 * LANES;
  localparam IW  = (NI > 1) ? $clog2(NI) : 1;
  localparam SBW = IW + 1 + ID_BITS;         // slot, last, id

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
    if (ID_BITS < 1) begin : g_bad_id
      ID_BITS_must_be_positive u_bad ();
    end
  endgenerate

  // Q = M = circ(0, rho, rho^2, rho) per column (rho: rotate a cell left)
  function [63:0] mix;
    input [63:0] x;
    integer row, col;
    reg [3:0] a, b, c;
    for (row = 0; row < 4; row = row + 1)
      for (col = 0; col < 4; col = col + 1) begin
        a = x[63 - 4*(4*((row + 1) % 4) + col) -: 4];
        b = x[63 - 4*(4*((row + 2) % 4) + col) -: 4];
        c = x[63 - 4*(4*((row + 3) % 4) + col) -: 4];
        mix[63 - 4*(4*row + col) -: 4] = {a[2:0], a[3]} ^ {b[1:0], b[3:2]} ^ {c[2:0], c[3]};
      end
  endfunction

  // ---------------- key ----------------
  reg  [63:0] w0, w1, k0, kq;
  reg         have_key;
  reg         a_full;
  reg  [1:0]  q_count;
  wire        d_busy;
  assign key_ready = !a_full && !d_busy && q_count == 2'd0;
  wire   key_take  = key_valid && key_ready;

  // ---------------- stage A ----------------
  reg [LW-1:0]      a_data;
  reg               a_dec;
  reg [ID_BITS-1:0] a_id;
  reg [IW-1:0]      a_idx;      // next slot to issue
  reg [63:0]        a_n;
  wire              adv;
  wire              issue  = a_full && adv;
  wire              a_last = (a_idx == NI - 1);
  assign in_ready = have_key && (!a_full || (issue && a_last));
  wire   accept   = in_valid && in_ready;
  // blocks LANES*slot .. LANES*slot + LANES-1; lane l adds l << 3 itself
  wire [63:0]       a_tw   = a_n ^ ({{(64-IW){1'b0}}, a_idx} << (3 + $clog2(LANES)));
  wire [PW-1:0]     d_in;
  genvar l;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_in
      assign d_in[64*l +: 64] = a_data[LW-1 - 64*l -: 64];
    end
  endgenerate

  // ---------------- core and output FIFO ----------------
  wire               o_v;
  wire [SBW-1:0]     o_sb;
  wire [PW-1:0]      o_blk;
  wire [IW-1:0]      o_idx  = o_sb[ID_BITS + IW : ID_BITS + 1];
  wire               o_last = o_sb[ID_BITS];
  wire [ID_BITS-1:0] o_id   = o_sb[ID_BITS-1:0];
  reg  [LW-1:0]      q_data0, q_data1;   // two-line output FIFO, filled slot by slot
  reg  [ID_BITS-1:0] q_id0, q_id1;
  reg                q_wr, q_rd;
  assign adv = !(o_v && q_count == 2'd2);
  wire pop   = (q_count != 2'd0) && out_ready;
  wire push  = o_v && o_last && adv;

  qarma64_core #(.LANES(LANES), .RPS(ROUNDS_PER_STAGE), .ROUNDS(ROUNDS), .SBOX(SBOX), .SBW(SBW)) u_core (
    .clk(clk), .flush(rst), .en(adv),
    .in_valid(issue), .in_dec(a_dec), .in_sb({a_idx, a_last, a_id}), .in_tw(a_tw), .in_blk(d_in),
    .w0(w0), .w1(w1), .k0(k0), .kq(kq), .busy(d_busy),
    .out_valid(o_v), .out_dec(), .out_sb(o_sb), .out_blk(o_blk));

  wire [PW-1:0] o_res;
  generate
    for (l = 0; l < LANES; l = l + 1) begin : g_out
      assign o_res[PW-1 - 64*l -: 64] = o_blk[64*l +: 64];
    end
  endgenerate

  integer i;
  always @(posedge clk) begin
    if (rst) begin
      have_key <= 1'b0;
      a_full   <= 1'b0;
      q_count  <= 2'd0;
      q_wr     <= 1'b0;
      q_rd     <= 1'b0;
    end else begin
      if (key_take) have_key <= 1'b1;
      if (accept) a_full <= 1'b1;
      else if (issue && a_last) a_full <= 1'b0;
      if (push) q_wr <= !q_wr;
      if (pop) q_rd <= !q_rd;
      q_count <= q_count + push - pop;
    end

    if (key_take) begin
      w0 <= key[127:64];
      w1 <= {key[64], key[127:65]} ^ {63'h0, key[127]};
      k0 <= key[63:0];
      kq <= mix(key[63:0]);
    end

    if (accept) begin
      a_data <= in_data;
      a_dec  <= in_decrypt;
      a_id   <= in_id;
      a_idx  <= {IW{1'b0}};
      a_n    <= in_iv[63:0];
    end else if (issue) begin
      a_data <= a_data << PW;
      a_idx  <= a_idx + 1'b1;
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
