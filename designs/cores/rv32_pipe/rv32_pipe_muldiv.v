// M-extension unit of rv32_pipe.
//
// Multiply: two cycles. The first registers four 17x17 signed partial products
// of the 33-bit (sign- or zero-extended) operands, the second adds them; this
// keeps each cycle's logic to about half of a flat 33x33 multiplier.
// Divide: restoring, one quotient bit per cycle (33 cycles), on magnitudes with
// the signs applied at the end. Division by zero gives quotient all ones and
// remainder = dividend, INT_MIN / -1 gives INT_MIN rem 0 (the RISC-V rules) with
// no special case beyond not negating the quotient when the divisor is zero.
//
// Handshake with the execute stage: `req` is held while the instruction sits in
// execute; `done` rises with the result and stays until `ack` (execute advances).
module rv32_pipe_muldiv (
  input  wire        clk,
  input  wire        rst,
  input  wire        req,
  input  wire        ack,
  input  wire [2:0]  f3,       // funct3 of the M instruction
  input  wire [31:0] a,
  input  wire [31:0] b,
  output wire        done,
  output wire [31:0] res
);
  localparam IDLE = 2'd0, MUL = 2'd1, DIV = 2'd2, FIN = 2'd3;
  reg [1:0]  state;
  reg [5:0]  count;
  reg        high;                 // mulh*: upper word; div: remainder wanted
  reg        q_neg, r_neg;

  // ---- multiply ----
  wire sa = (f3 == 3'b001) | (f3 == 3'b010);
  wire sb = (f3 == 3'b001);
  wire [32:0] a33 = {sa & a[31], a};
  wire [32:0] b33 = {sb & b[31], b};
  wire signed [16:0] ah = a33[32:16];
  wire signed [16:0] al = {1'b0, a33[15:0]};
  wire signed [16:0] bh = b33[32:16];
  wire signed [16:0] bl = {1'b0, b33[15:0]};
  reg  [33:0] p_hh, p_hl, p_lh, p_ll;
  wire [63:0] prod = ({{30{p_hh[33]}}, p_hh} << 32)
                   + ({{30{p_hl[33]}}, p_hl} << 16)
                   + ({{30{p_lh[33]}}, p_lh} << 16)
                   + {30'd0, p_ll};

  // ---- divide ----
  reg  [31:0] rem, quo, dvs;
  wire [32:0] rem_sh = {rem, quo[31]};
  wire [32:0] diff   = rem_sh - {1'b0, dvs};
  wire        is_signed = ~f3[0];
  wire [31:0] a_mag = (is_signed & a[31]) ? -a : a;
  wire [31:0] b_mag = (is_signed & b[31]) ? -b : b;
  wire [31:0] q_out = q_neg ? -quo : quo;
  wire [31:0] r_out = r_neg ? -rem : rem;

  assign done = (state == FIN) | (state == MUL);
  assign res  = (state == MUL) ? (high ? prod[63:32] : prod[31:0]) : (high ? r_out : q_out);

  always @(posedge clk) begin
    if (rst) begin
      state <= IDLE;
    end else begin
      case (state)
        IDLE: if (req) begin
          if (!f3[2]) begin
            p_hh  <= ah * bh;
            p_hl  <= ah * bl;
            p_lh  <= al * bh;
            p_ll  <= al * bl;
            high  <= f3[1:0] != 2'b00;
            state <= MUL;
          end else begin
            rem   <= 32'd0;
            quo   <= a_mag;
            dvs   <= b_mag;
            high  <= f3[1];
            q_neg <= is_signed & (a[31] ^ b[31]) & (b != 32'd0);
            r_neg <= is_signed & a[31];
            count <= 6'd32;
            state <= DIV;
          end
        end
        MUL: if (ack) state <= IDLE;
        DIV: begin
          if (!diff[32]) begin
            rem <= diff[31:0];
            quo <= {quo[30:0], 1'b1};
          end else begin
            rem <= rem_sh[31:0];
            quo <= {quo[30:0], 1'b0};
          end
          count <= count - 6'd1;
          if (count == 6'd1) state <= FIN;
        end
        FIN: if (ack) state <= IDLE;
      endcase
    end
  end
endmodule
