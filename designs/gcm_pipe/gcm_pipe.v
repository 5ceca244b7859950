// Throughput-oriented AES-GCM (engine interface, designs/README.md): gcmp_engine (designs/common/gcmp_engine.v)
// with one register stage per AES round.

module gcm_pipe #(
    parameter KEY_BITS = 128, parameter LINE_BYTES = 64, parameter ID_BITS = 8, parameter SBOX = 0
) (
    input clk, input rst,
    input key_valid, output key_ready, input [KEY_BITS-1:0] key,
    input in_valid, output in_ready, input in_decrypt, input [95:0] in_iv, input [127:0] in_aad,
    input [8*LINE_BYTES-1:0] in_data, input [127:0] in_tag, input [ID_BITS-1:0] in_id,
    output out_valid, input out_ready, output [8*LINE_BYTES-1:0] out_data, output [127:0] out_tag,
    output out_auth_fail, output [ID_BITS-1:0] out_id
);
    gcmp_engine #(.KEY_BITS(KEY_BITS), .LINE_BYTES(LINE_BYTES), .ID_BITS(ID_BITS), .SBOX(SBOX), .SPR(1)) u (
        .clk(clk), .rst(rst), .key_valid(key_valid), .key_ready(key_ready), .key(key),
        .in_valid(in_valid), .in_ready(in_ready), .in_decrypt(in_decrypt), .in_iv(in_iv), .in_aad(in_aad),
        .in_data(in_data), .in_tag(in_tag), .in_id(in_id), .out_valid(out_valid), .out_ready(out_ready),
        .out_data(out_data), .out_tag(out_tag), .out_auth_fail(out_auth_fail), .out_id(out_id));
endmodule
