// synth_test_tap: a register rank whose XOR leaves the module without a
// register (a register-to-output path two LUT levels deep for N = 20, see
// synth_test_xor), for the board self-test of scripts/synth.py.
`default_nettype none

module synth_test_tap #(
    parameter N = 20              // XOR inputs, >= 2
) (
    input  wire         clk,
    input  wire [N-1:0] d,
    output wire         y
);

reg [N-1:0] src_reg;

always @(posedge clk) begin
    src_reg <= d;
end

assign y = ^src_reg;

endmodule

`default_nettype wire
