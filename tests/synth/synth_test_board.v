// synth_test_board: a tap's unregistered output, through one LUT of the
// board's own logic, into a sink's input XOR: each block is two LUT levels
// deep on its side, the register-to-register path across them five. A
// second tap (N = 12, two levels) reaches the board's output through the
// sink's one-level through path: three levels. LOOP 1 feeds the sink's
// output back into the input bit that reaches it (a loop), LOOP 2 into the
// one that does not (no loop). For the board self-test of scripts/synth.py.
`default_nettype none

module synth_test_board #(
    parameter LOOP = 0
) (
    input  wire        clk,
    input  wire [19:0] d,
    input  wire [19:0] k,
    input  wire [1:0]  a,
    output wire        q,
    output wire        bo
);

wire y;
wire y2;
wire b;

synth_test_tap tap_inst (
    .clk (clk),
    .d   (d),
    .y   (y)
);

synth_test_tap #(.N(12)) tap2_inst (
    .clk (clk),
    .d   (d[11:0]),
    .y   (y2)
);

synth_test_sink sink_inst (
    .clk   (clk),
    .x     ({20{y}} ^ k),
    .a     (LOOP == 1 ? {a[1], ~b} : LOOP == 2 ? {~b, a[0]} : a),
    .c     (y2),
    .b     (b),
    .q_reg (q)
);

assign bo = b;

endmodule

`default_nettype wire
