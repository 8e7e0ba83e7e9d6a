// synth_test_board: a tap's unregistered output, through one LUT of the
// board's own logic, into a sink's input XOR: each block is two LUT levels
// deep on its side, the register-to-register path across them five. The
// sink's through path closes a loop when LOOP is 1. For the board self-test
// of scripts/synth.py.
`default_nettype none

module synth_test_board #(
    parameter LOOP = 0
) (
    input  wire        clk,
    input  wire [19:0] d,
    input  wire [19:0] k,
    input  wire        a,
    output wire        q
);

wire y;
wire b;

synth_test_tap tap_inst (
    .clk (clk),
    .d   (d),
    .y   (y)
);

synth_test_sink sink_inst (
    .clk   (clk),
    .x     ({20{y}} ^ k),
    .a     (LOOP ? ~b : a),
    .b     (b),
    .q_reg (q)
);

endmodule

`default_nettype wire
