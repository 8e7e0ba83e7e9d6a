// synth_test_sink: an input word XORed into a register (an input-to-register
// path two LUT levels deep for N = 20), and a copy of one input bit straight
// to an output (an input-to-output path of no level), for the board
// self-test of scripts/synth.py.
`default_nettype none

module synth_test_sink #(
    parameter N = 20              // XOR inputs, >= 2
) (
    input  wire         clk,
    input  wire [N-1:0] x,
    input  wire         a,
    output wire         b,
    output reg          q_reg
);

always @(posedge clk) begin
    q_reg <= ^x;
end

assign b = a;

endmodule

`default_nettype wire
