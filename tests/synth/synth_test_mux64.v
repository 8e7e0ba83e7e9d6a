// synth_test_mux64: a registered 64:1 multiplexer (data and select from
// registers), for the logic-depth self-test of scripts/synth.py.
`default_nettype none

module synth_test_mux64 (
    input  wire        clk,
    input  wire [63:0] d,
    input  wire [5:0]  sel,
    output reg         q_reg
);

reg [63:0] data_reg;
reg [5:0]  sel_reg;

always @(posedge clk) begin
    data_reg <= d;
    sel_reg <= sel;
    q_reg <= data_reg[sel_reg];
end

endmodule

`default_nettype wire
