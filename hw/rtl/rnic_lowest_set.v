// rnic_lowest_set: the index of the lowest set bit of a 2^LOG_W-bit vector,
// found by a tree of pairwise picks (LOG_W levels, each choosing the lower
// half's answer if that half has a bit set) instead of a chain through every
// bit, so its depth grows with LOG_W, not with the vector's width. `any` is
// low, and `index` 0, when no bit is set. Combinational.
`default_nettype none

module rnic_lowest_set #(
    parameter LOG_W = 8
) (
    input  wire [(1 << LOG_W)-1:0] bits,
    output wire                    any,
    output wire [LOG_W-1:0]        index
);

localparam W = 1 << LOG_W;

initial begin
    if (LOG_W < 1 || LOG_W > 16)
        $error("rnic_lowest_set: LOG_W must be 1..16");
end

// level k has W >> k nodes; node j covers bits [j * 2^k, (j + 1) * 2^k):
// cv[j] says one of them is set, cx[j*LOG_W +: LOG_W] the lowest one's offset
// within the node (below bit k; the bits above are zero). Each level is
// worked out in place over the one below (node j reads nodes 2j and 2j+1,
// which no earlier node of its level overwrote).
reg [W-1:0]       cv;
reg [W*LOG_W-1:0] cx;
reg               lo_v, hi_v;
reg [LOG_W-1:0]   lo_x, hi_x;
integer k, j;
always @* begin
    cv = bits;
    cx = {(W*LOG_W){1'b0}};
    for (k = 1; k <= LOG_W; k = k + 1) begin
        for (j = 0; j < (W >> k); j = j + 1) begin
            lo_v = cv[2*j];
            hi_v = cv[2*j+1];
            lo_x = cx[(2*j)*LOG_W +: LOG_W];
            hi_x = cx[(2*j+1)*LOG_W +: LOG_W];
            cv[j] = lo_v || hi_v;
            cx[j*LOG_W +: LOG_W] = lo_v ? lo_x :
                                   hi_v ? (hi_x | ({{(LOG_W-1){1'b0}}, 1'b1} << (k-1))) :
                                          {LOG_W{1'b0}};
        end
    end
end

assign any = cv[0];
assign index = cx[LOG_W-1:0];

endmodule

`default_nettype wire
