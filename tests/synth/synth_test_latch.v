// synth_test_latch: a latch by mistake (an always @* block that does not
// assign q on every branch), which scripts/synth.py must fail.
`default_nettype none

module synth_test_latch (
    input  wire       en,
    input  wire [3:0] d,
    output reg  [3:0] q
);

always @* begin
    if (en) begin
        q = d;
    end
end

endmodule

`default_nettype wire
