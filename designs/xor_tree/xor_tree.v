// Purely combinational: parity of each of LANES WIDTH-bit lanes, plus their AND-OR mix.
// Used to check that a design without registers reports no sequential cells and that more lanes cost more area.
module xor_tree #(
    parameter WIDTH = 16,
    parameter LANES = 4
) (
    input  [WIDTH*LANES-1:0] a,
    input  [WIDTH*LANES-1:0] b,
    output [LANES-1:0]       parity,
    output [WIDTH-1:0]       mix
);
    genvar i;
    generate
        for (i = 0; i < LANES; i = i + 1) begin : lane
            assign parity[i] = ^(a[i*WIDTH +: WIDTH] ^ b[i*WIDTH +: WIDTH]);
        end
    endgenerate

    integer k;
    reg [WIDTH-1:0] acc;
    always @(*) begin
        acc = {WIDTH{1'b0}};
        for (k = 0; k < LANES; k = k + 1)
            acc = acc | (a[k*WIDTH +: WIDTH] & b[k*WIDTH +: WIDTH]);
    end
    assign mix = acc;
endmodule
