// synth_test_display: a $display in clocked logic outside `ifndef SYNTHESIS,
// which yosys drops with a warning (scripts/synth.py reports it with the
// line), and a $finish inside the guard, which synthesis never sees.
`default_nettype none

module synth_test_display (
    input  wire       clk,
    input  wire [3:0] d,
    output reg  [3:0] q_reg
);

always @(posedge clk) begin
    q_reg <= d;
    if (d == 4'hf) begin
        $display("synth_test_display: d is all ones");
    end
`ifndef SYNTHESIS
    if (d == 4'he) begin
        $finish;
    end
`endif
end

endmodule

`default_nettype wire
