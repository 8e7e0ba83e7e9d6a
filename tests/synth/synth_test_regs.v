// synth_test_regs: an array that yosys's front end turns into registers
// ("Replacing memory ... with list of registers": every word is written by a
// loop each cycle, which no RAM can do), 8 x 40 = 320 bits of flip-flops,
// for scripts/synth.py's self-test (which lowers --mem-ff-bits to 256).
`default_nettype none

module synth_test_regs (
    input  wire        clk,
    input  wire [39:0] d,
    input  wire [2:0]  addr,
    output reg  [39:0] q
);

reg [39:0] shift_mem [0:7];

integer i;

always @(posedge clk) begin
    shift_mem[0] <= d;
    for (i = 1; i < 8; i = i + 1) begin
        shift_mem[i] <= shift_mem[i - 1] ^ {40{shift_mem[i - 1][0]}};
    end
    q <= shift_mem[addr];
end

endmodule

`default_nettype wire
