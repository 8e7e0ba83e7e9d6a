// rnic_keep_count: the byte count of a packed AXI-Stream beat from its tkeep,
// in a few LUT levels instead of a chain of KEEP_W adders.
//
// A packed beat keeps lanes 0..n-1: tkeep is a thermometer code. Bit j of n
// is set when n lies in a range [m*2^(j+1) + 2^j, (m+1)*2^(j+1) - 1], that is
// when lane m*2^(j+1) + 2^j - 1 is kept and lane (m+1)*2^(j+1) - 1 is not; a
// full beat (n = KEEP_W) has only bit LOG_K. `thermo` says whether tkeep is
// such a code (no kept lane above an unkept one; all lanes unkept counts);
// for any other tkeep `count` means nothing, and the user must reject the
// beat.
`resetall
`default_nettype none

module rnic_keep_count #(
    parameter KEEP_W = 64,                       // lanes, a power of two from 2 to 64
    parameter LOG_K = $clog2(KEEP_W)
) (
    input  wire [KEEP_W-1:0] keep,
    output reg  [LOG_K:0]    count,
    output reg               thermo
);

initial begin
    if (KEEP_W < 2 || KEEP_W > 64 || (KEEP_W & (KEEP_W - 1)) != 0 || (1 << LOG_K) != KEEP_W) begin
        $error("rnic_keep_count: KEEP_W must be a power of two from 2 to 64, LOG_K its log2");
        $finish;
    end
end

integer i, j;
always @* begin
    count = {(LOG_K+1){1'b0}};
    count[LOG_K] = keep[KEEP_W-1];
    for (j = 0; j < LOG_K; j = j + 1)
        for (i = 0; i < KEEP_W; i = i + (2 << j))
            count[j] = count[j] | (keep[i + (1 << j) - 1] & !keep[i + (2 << j) - 1]);
    thermo = 1'b1;
    for (i = 1; i < KEEP_W; i = i + 1)
        if (keep[i] && !keep[i-1])
            thermo = 1'b0;
end

endmodule

`resetall
