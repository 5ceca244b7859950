// A WIDTH-bit binary counter with enable: the smallest sequential design, whose toggle rates are known by hand
// (bit k toggles every 2^k enabled cycles).
module counter #(
    parameter WIDTH = 8
) (
    input                  clk,
    input                  rst,
    input                  en,
    output reg [WIDTH-1:0] count
);
    always @(posedge clk) begin
        if (rst)
            count <= {WIDTH{1'b0}};
        else if (en)
            count <= count + 1'b1;
    end
endmodule
