// One S-box byte lane, implementation chosen at elaboration time so every
// engine can be characterized with either S-box style from the same RTL.
//   SBOX = 0: case-table S-box (aes_sbox_lut.v)
//   SBOX = 1: composite-field S-box (aes_sbox_cf.v, combinational instance)
//   INV  = 1: InvSubBytes instead of SubBytes.
// Composite-field instances are used purely combinationally (STAGES = 0), so
// their clock input is tied off.
module aes_sbox_sel #(
  parameter SBOX = 0,
  parameter INV  = 0
) (
  input  wire [7:0] in,
  output wire [7:0] out
);
  generate
    if (SBOX != 0 && SBOX != 1) begin : g_bad_sbox
      // Elaboration fails here on purpose: unsupported SBOX value.
      SBOX_parameter_must_be_0_or_1 u_bad ();
    end else if (SBOX == 0 && INV == 0) begin : g_lut
      aes_sbox_lut u_sbox (.in(in), .out(out));
    end else if (SBOX == 0) begin : g_lut_inv
      aes_inv_sbox_lut u_sbox (.in(in), .out(out));
    end else if (INV == 0) begin : g_cf
      aes_sbox_cf #(.STAGES(0)) u_sbox (.clk(1'b0), .in(in), .out(out));
    end else begin : g_cf_inv
      aes_inv_sbox_cf #(.STAGES(0)) u_sbox (.clk(1'b0), .in(in), .out(out));
    end
  endgenerate
endmodule
