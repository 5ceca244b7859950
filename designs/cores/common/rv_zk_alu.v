// Shared combinational unit for the RISC-V scalar crypto instructions a core
// may add with ZK=1 (scalar crypto spec v1.0.1):
//   op 0 aes32esi, 1 aes32esmi, 2 aes32dsi, 3 aes32dsmi (Zkne/Zknd), 4 clmul, 5 clmulh (Zbkc).
// The AES ops take byte bs of rs2 through the (inverse) S-box, optionally
// through one column of (Inv)MixColumns, rotate the 32-bit term left by 8*bs and
// XOR it into rs1. One byte per instruction keeps the unit to one forward and
// one inverse S-box, which is the point of the RV32 "aes32" instructions.
// Undefined op codes (6, 7) return 0.

module rv_zk_alu (
  input  wire [2:0]  op,
  input  wire [1:0]  bs,
  input  wire [31:0] rs1,
  input  wire [31:0] rs2,
  output reg  [31:0] rd
);
  function [7:0] xt;  // multiply by x modulo x^8+x^4+x^3+x+1
    input [7:0] b;
    xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
  endfunction

  wire [31:0] rs2_sh = rs2 >> {bs, 3'b000};
  wire [7:0]  si = rs2_sh[7:0];
  wire [7:0] fwd, inv;
  aes_sbox_lut     u_fwd (.in(si), .out(fwd));
  aes_inv_sbox_lut u_inv (.in(si), .out(inv));

  wire       dec = op[1];
  wire [7:0] so  = dec ? inv : fwd;
  wire [7:0] x2  = xt(so);
  wire [7:0] x4  = xt(x2);
  wire [7:0] x8  = xt(x4);

  // Column of MixColumns for a byte in row 0: {3s, s, s, 2s} (MSB first);
  // of InvMixColumns: {0b*s, 0d*s, 09*s, 0e*s}.
  wire [31:0] mix_f = {x2 ^ so, so, so, x2};
  wire [31:0] mix_i = {x8 ^ x2 ^ so, x8 ^ x4 ^ so, x8 ^ so, x8 ^ x4 ^ x2};
  wire [31:0] term  = op[0] ? (dec ? mix_i : mix_f) : {24'h0, so};
  wire [63:0] term2 = {term, term} << {bs, 3'b000};  // rotate left by 8*bs via the upper half

  // Carry-less product of rs1 and rs2 (63 significant bits).
  reg [63:0] prod;
  integer i;
  always @* begin
    prod = 64'h0;
    for (i = 0; i < 32; i = i + 1)
      if (rs2[i]) prod = prod ^ ({32'h0, rs1} << i);
  end

  always @* begin
    case (op)
      3'd0, 3'd1, 3'd2, 3'd3: rd = rs1 ^ term2[63:32];
      3'd4:                   rd = prod[31:0];
      3'd5:                   rd = prod[63:32];
      default:                rd = 32'h0;
    endcase
  end
endmodule
