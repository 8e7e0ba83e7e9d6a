// synth_test_xor: an N-input XOR between two register ranks, for the
// logic-depth self-test of scripts/synth.py. On UltraScale+ yosys's ABC maps
// onto unit-delay LUTs of up to 9 inputs (a LUT7 is two LUT6 and a MUXF7, a
// LUT8 adds a MUXF8, a LUT9 a MUXF9), so the XOR needs at least ceil(log9 N)
// LUT levels: one for N = 7 (a LUT6 pair and a MUXF7), two for N = 10, three
// for N = 82 (yosys 0.23 builds all three at that least depth).
`default_nettype none

module synth_test_xor #(
    parameter N = 7               // XOR inputs, >= 2
) (
    input  wire         clk,
    input  wire [N-1:0] d,
    output reg          x_reg
);

reg [N-1:0] src_reg;

always @(posedge clk) begin
    src_reg <= d;
    x_reg <= ^src_reg;
end

endmodule

`default_nettype wire
