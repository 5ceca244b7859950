// Sub-pipelined AES-GCM (engine interface, designs/README.md).
//
// Same line/slot organisation, GHASH formulation (precomputed powers of H, XOR accumulation) and
// output FIFO as gcm_pipe (the shared engine lives in designs/common/gcmp_engine.v); the difference
// is inside each AES round, which is split into STAGES_PER_ROUND register stages around the
// composite-field S-box to shorten the critical path:
//   1: one register per round (the round-pipelined baseline, composite-field S-box)
//   2: one cut inside the S-box, after the GF(2^4) inversion
//   3: two cuts inside the S-box (after the inversion's operand, after the composite-field inverse)
//   4: as 3, plus a register between SubBytes and ShiftRows/MixColumns/AddRoundKey
//   5: as 4, plus a cut inside the S-box after the GF(2^4) inverse
//   6: as 5, plus a cut after the S-box's input map: the six stages of seed study 002 (§III)
// The rest of the engine follows so it does not become the critical path: from 3 stages on the
// GHASH multiplier takes two cycles, and the key-schedule S-boxes use the same internal cuts (one
// round key every 1 + S-box stages cycles). Throughput stays one line per blocks+1 cycles; latency
// grows by (STAGES_PER_ROUND - 1) * rounds, and the output FIFO grows with it.

module gcm_subpipe #(
    parameter KEY_BITS = 128, parameter LINE_BYTES = 64, parameter ID_BITS = 8,
    parameter STAGES_PER_ROUND = 2
) (
    input clk, input rst,
    input key_valid, output key_ready, input [KEY_BITS-1:0] key,
    input in_valid, output in_ready, input in_decrypt, input [95:0] in_iv, input [127:0] in_aad,
    input [8*LINE_BYTES-1:0] in_data, input [127:0] in_tag, input [ID_BITS-1:0] in_id,
    output out_valid, input out_ready, output [8*LINE_BYTES-1:0] out_data, output [127:0] out_tag,
    output out_auth_fail, output [ID_BITS-1:0] out_id
);
    gcmp_engine #(.KEY_BITS(KEY_BITS), .LINE_BYTES(LINE_BYTES), .ID_BITS(ID_BITS), .SBOX(1),
                  .SPR(STAGES_PER_ROUND)) u (
        .clk(clk), .rst(rst), .key_valid(key_valid), .key_ready(key_ready), .key(key),
        .in_valid(in_valid), .in_ready(in_ready), .in_decrypt(in_decrypt), .in_iv(in_iv), .in_aad(in_aad),
        .in_data(in_data), .in_tag(in_tag), .in_id(in_id), .out_valid(out_valid), .out_ready(out_ready),
        .out_data(out_data), .out_tag(out_tag), .out_auth_fail(out_auth_fail), .out_id(out_id));
endmodule
