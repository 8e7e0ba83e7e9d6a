// synth_test_loop: a combinational loop (a feeds b feeds a), which
// scripts/synth.py must fail.
`default_nettype none

module synth_test_loop (
    input  wire x,
    input  wire y,
    input  wire z,
    output wire q
);

wire a;
wire b;

assign a = (b & x) ^ z;
assign b = a | y;
assign q = a;

endmodule

`default_nettype wire
