// Digit-serial GF(2^128) multiplier for GHASH: z = a * h in GCM bit order
// (bit 127 of the bus, the leftmost bit, is the coefficient of x^0), modulo
// x^128 + x^7 + x^2 + x + 1.
//
// Horner evaluation over DIGIT-bit digits of `a`, highest-degree digit first:
//   Z <- Z * x^DIGIT + digit * h
// so only `a` is shifted and no copy of h is kept: h must be held stable by
// the caller for the whole multiplication (GHASH's H is constant per key).
// A multiplication takes 128/DIGIT cycles; the first digit is processed in the
// `start` cycle straight from `a`. `busy` is high while more digits remain;
// `z` holds the product from the cycle busy falls (or, for DIGIT = 128, the
// cycle after start) until the next start. Do not start while busy.
module gf128_mul_digit #(
  parameter DIGIT = 16
) (
  input  wire         clk,
  input  wire         rst,
  input  wire         start,
  input  wire [127:0] a,
  input  wire [127:0] h,
  output wire         busy,
  output wire [127:0] z
);
  localparam STEPS = 128 / DIGIT;

  generate
    if (DIGIT != 8 && DIGIT != 16 && DIGIT != 32 && DIGIT != 64 && DIGIT != 128) begin : g_bad_digit
      DIGIT_must_be_8_16_32_64_or_128 u_bad ();
    end
  endgenerate

  // Multiplication by x: a right shift in GCM bit order, folding x^128 back
  // as x^7 + x^2 + x + 1 (the constant 0xE1 in the leftmost byte).
  function [127:0] mulx;
    input [127:0] v;
    mulx = {1'b0, v[127:1]} ^ (v[0] ? {8'he1, 120'h0} : 128'h0);
  endfunction

  reg  [127:0] zr;
  reg  [127:0] ar;
  reg  [4:0]   left;  // digits still to process after this cycle
  reg  [127:0] znext;
  reg  [127:0] hk;
  integer k;

  wire [127:0] z_in  = start ? 128'h0 : zr;
  wire [127:0] a_cur = start ? a : ar;
  // The lowest-order bits of the bus are the highest-degree coefficients.
  wire [DIGIT-1:0] dig = a_cur[DIGIT-1:0];

  always @* begin
    znext = z_in;
    for (k = 0; k < DIGIT; k = k + 1)
      znext = mulx(znext);
    hk = h;
    for (k = 0; k < DIGIT; k = k + 1) begin
      if (dig[DIGIT-1-k]) znext = znext ^ hk;
      hk = mulx(hk);
    end
  end

  assign busy = (left != 5'd0);
  assign z    = zr;

  always @(posedge clk) begin
    if (rst) begin
      left <= 5'd0;
    end else if (start) begin
      left <= STEPS - 1;
    end else if (busy) begin
      left <= left - 5'd1;
    end
    if (start || busy) begin
      zr <= znext;
      ar <= a_cur >> DIGIT;
    end
  end
endmodule
