// synth_test_finish: a $finish in clocked logic outside `ifndef SYNTHESIS,
// which yosys refuses (scripts/synth.py fails the module and names the line).
`default_nettype none

module synth_test_finish (
    input  wire       clk,
    input  wire [3:0] d,
    output reg  [3:0] q_reg
);

always @(posedge clk) begin
    q_reg <= d;
    if (d == 4'he) begin
        $finish;
    end
end

endmodule

`default_nettype wire
