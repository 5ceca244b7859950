// AES S-box (and inverse) computed in the composite field GF((2^4)^2).
//
// Derivation (all 256 inputs of every variant are checked by tests/engines/test_sbox_cf.py):
//   GF(2^4) = GF(2)[z]/(z^4 + z + 1), polynomial basis.
//   GF((2^4)^2) = GF(2^4)[y]/(y^2 + y + lambda), lambda = z^3 + z (4'ha); y^2+y+lambda is irreducible
//     because the absolute trace of lambda is 1. Of the eight lambdas that work this one makes
//     lambda*a^2 cost three XORs.
//   Byte layout in the composite field: {ah, al} means ah*y + al.
//   The isomorphism sends the AES generator x to beta = 8'h50, a root of x^8+x^4+x^3+x+1 in the
//   composite field; of the 8 roots (x 8 lambdas) it gives the lightest pair of 8x8 GF(2) maps
//   (M into the field, AM = affine * M^-1 out of it, 55 ones together).
//   Inversion: (ah*y + al)^-1 = (ah*d)*y + (ah+al)*d with d = (lambda*ah^2 + ah*al + al^2)^-1,
//   so one GF(2^8) inverse costs three GF(2^4) products, one GF(2^4) inverse and a few linear maps.
//   The forward S-box folds the affine transform into the output map (AM, then ^8'h63); the
//   inverse S-box folds the inverse affine into the input map (MAi = M * affine^-1, then ^8'h26).
//
// STAGES (0-4) registers are placed to balance the S-box against the rest of an AES round
// (ShiftRows is wiring, MixColumns + AddRoundKey add about four XOR levels after it):
//   1: after the GF(2^4) inverse {ah, al, d};  2: after d's operand {ah, al, d_in} (cut A) and after the
//   composite-field result (cut C);  3: cuts A, B (after the inverse) and C;  4: as 3 plus a cut after the
//   input map. At 4 the stages are those of the sub-pipelined round of seed study 002 (§III): input map |
//   square, lambda-multiply, product | GF(2^4) inverse | the two GF(2^4) products | output map (+ affine).
// No reset: the registers hold data only; the caller tracks validity.

module aes_cf_inv #(parameter STAGES = 0) (
    input        clk,
    input  [7:0] a,       // composite-field element
    output [7:0] q        // its inverse (0 -> 0)
);
    function [3:0] mul4;  // GF(2^4) product, z^4 = z + 1
        input [3:0] x, w;
        reg [6:0] p;
        begin
            p = ({7{w[0]}} & {3'b0, x}) ^ ({7{w[1]}} & {2'b0, x, 1'b0}) ^
                ({7{w[2]}} & {1'b0, x, 2'b0}) ^ ({7{w[3]}} & {x, 3'b0});
            // z^4 -> z+1, z^5 -> z^2+z, z^6 -> z^3+z^2
            mul4 = p[3:0] ^ {p[6], p[5] ^ p[6], p[4] ^ p[5], p[4]};
        end
    endfunction

    function [3:0] inv4;  // algebraic normal form of x^14 in GF(2^4)
        input [3:0] x;
        begin
            inv4[0] = x[0] ^ x[1] ^ x[2] ^ (x[0] & x[2]) ^ (x[1] & x[2]) ^ (x[0] & x[1] & x[2]) ^ x[3] ^
                      (x[1] & x[2] & x[3]);
            inv4[1] = (x[0] & x[1]) ^ (x[0] & x[2]) ^ (x[1] & x[2]) ^ x[3] ^ (x[1] & x[3]) ^
                      (x[0] & x[1] & x[3]);
            inv4[2] = (x[0] & x[1]) ^ x[2] ^ (x[0] & x[2]) ^ x[3] ^ (x[0] & x[3]) ^ (x[0] & x[2] & x[3]);
            inv4[3] = x[1] ^ x[2] ^ x[3] ^ (x[0] & x[3]) ^ (x[1] & x[3]) ^ (x[2] & x[3]) ^
                      (x[1] & x[2] & x[3]);
        end
    endfunction

    wire [3:0] ah = a[7:4], al = a[3:0];
    // lambda * ah^2 is linear in ah; al^2 likewise
    wire [3:0] lsq = {ah[0] ^ ah[1] ^ ah[2], ah[1] ^ ah[2], ah[0] ^ ah[1], ah[2] ^ ah[3]};
    wire [3:0] sq  = {al[3], al[1] ^ al[3], al[2], al[0] ^ al[2]};
    wire [3:0] d_in = lsq ^ sq ^ mul4(ah, al);

    wire [3:0] ah1, al1, din1;    // after optional cut A
    wire [3:0] ah2, al2, d2;      // after optional cut B
    wire [7:0] q3;

    generate
        if (STAGES >= 2) begin : g_cut_a
            reg [11:0] r;
            always @(posedge clk) r <= {ah, al, d_in};
            assign {ah1, al1, din1} = r;
        end else begin : g_no_a
            assign {ah1, al1, din1} = {ah, al, d_in};
        end
    endgenerate

    wire [3:0] d = inv4(din1);

    generate
        if (STAGES == 1 || STAGES >= 3) begin : g_cut_b
            reg [11:0] r;
            always @(posedge clk) r <= {ah1, al1, d};
            assign {ah2, al2, d2} = r;
        end else begin : g_no_b
            assign {ah2, al2, d2} = {ah1, al1, d};
        end
    endgenerate

    assign q3 = {mul4(ah2, d2), mul4(ah2 ^ al2, d2)};

    generate
        if (STAGES >= 2) begin : g_cut_c
            reg [7:0] r;
            always @(posedge clk) r <= q3;
            assign q = r;
        end else begin : g_no_c
            assign q = q3;
        end
    endgenerate
endmodule

// The optional register after an S-box's input map (STAGES = 4); CUT = 0 is a wire.
module aes_cf_in_cut #(parameter CUT = 0) (input clk, input [7:0] d, output [7:0] q);
    generate
        if (CUT != 0) begin : g_cut
            reg [7:0] r;
            always @(posedge clk) r <= d;
            assign q = r;
        end else begin : g_wire
            assign q = d;
        end
    endgenerate
endmodule

// Forward S-box: M into the field, invert, AM (= affine * M^-1) out, add the affine constant.
module aes_sbox_cf #(parameter STAGES = 0) (
    input        clk,
    input  [7:0] in,
    output [7:0] out
);
    wire [7:0] m, a, q, y;
    assign m[0] = in[0] ^ in[2] ^ in[5] ^ in[7];
    assign m[1] = in[2] ^ in[5] ^ in[6] ^ in[7];
    assign m[2] = in[2];
    assign m[3] = in[3] ^ in[4];
    assign m[4] = in[1] ^ in[5] ^ in[7];
    assign m[5] = in[2] ^ in[3];
    assign m[6] = in[1] ^ in[4] ^ in[6] ^ in[7];
    assign m[7] = in[5] ^ in[7];
    aes_cf_in_cut #(.CUT(STAGES >= 4)) u_cut (.clk(clk), .d(m), .q(a));
    aes_cf_inv #(.STAGES(STAGES >= 4 ? 3 : STAGES)) u_inv (.clk(clk), .a(a), .q(q));
    assign y[0] = q[0] ^ q[1] ^ q[2] ^ q[3] ^ q[5] ^ q[7];
    assign y[1] = q[0] ^ q[1] ^ q[4];
    assign y[2] = q[0] ^ q[2] ^ q[3] ^ q[5] ^ q[6] ^ q[7];
    assign y[3] = q[0] ^ q[1] ^ q[2] ^ q[3] ^ q[6];
    assign y[4] = q[0] ^ q[3] ^ q[4];
    assign y[5] = q[1] ^ q[2] ^ q[5] ^ q[6];
    assign y[6] = q[4] ^ q[5] ^ q[6];
    assign y[7] = q[1] ^ q[2] ^ q[3];
    assign out = y ^ 8'h63;
endmodule

// Inverse S-box: undo the affine map on the way in (MAi = M * affine^-1; 8'h26 = MAi * 8'h63),
// invert, M^-1 out.
module aes_inv_sbox_cf #(parameter STAGES = 0) (
    input        clk,
    input  [7:0] in,
    output [7:0] out
);
    wire [7:0] a0, a, q;
    assign a0[0] = in[4] ^ in[5] ^ in[6] ^ in[7];
    assign a0[1] = in[0] ^ in[2] ^ in[3] ^ in[4] ^ in[5] ^ in[6];
    assign a0[2] = in[1] ^ in[4] ^ in[7];
    assign a0[3] = in[0] ^ in[1] ^ in[2] ^ in[3] ^ in[5] ^ in[6];
    assign a0[4] = in[0] ^ in[1] ^ in[2] ^ in[3] ^ in[7];
    assign a0[5] = in[0] ^ in[1] ^ in[2] ^ in[4] ^ in[5] ^ in[7];
    assign a0[6] = in[3] ^ in[4] ^ in[5] ^ in[6];
    assign a0[7] = in[1] ^ in[2] ^ in[6] ^ in[7];
    aes_cf_in_cut #(.CUT(STAGES >= 4)) u_cut (.clk(clk), .d(a0 ^ 8'h26), .q(a));
    aes_cf_inv #(.STAGES(STAGES >= 4 ? 3 : STAGES)) u_inv (.clk(clk), .a(a), .q(q));
    assign out[0] = q[0] ^ q[2] ^ q[7];
    assign out[1] = q[4] ^ q[7];
    assign out[2] = q[2];
    assign out[3] = q[2] ^ q[5];
    assign out[4] = q[2] ^ q[3] ^ q[5];
    assign out[5] = q[1] ^ q[3] ^ q[4] ^ q[5] ^ q[6] ^ q[7];
    assign out[6] = q[1] ^ q[2] ^ q[7];
    assign out[7] = q[1] ^ q[3] ^ q[4] ^ q[5] ^ q[6];
endmodule
