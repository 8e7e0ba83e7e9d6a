// synth_test_sink: an input word XORed into a register (an input-to-register
// path two LUT levels deep for N = 20), and a through path of one LUT level
// from bit 0 of `a` and from `c` to `b` (bit 1 of `a` goes nowhere), for the
// board self-test of scripts/synth.py.
`default_nettype none

module synth_test_sink #(
    parameter N = 20              // XOR inputs, >= 2
) (
    input  wire         clk,
    input  wire [N-1:0] x,
    input  wire [1:0]   a,
    input  wire         c,
    output wire         b,
    output reg          q_reg
);

always @(posedge clk) begin
    q_reg <= ^x;
end

assign b = a[0] ^ c;

endmodule

`default_nettype wire
