// rnic_arb: round-robin arbiter. The grant is combinational from the request
// vector; when the granted requester is served (ack) priority moves to the
// port after it, so every requester is served within PORTS grants.
`default_nettype none

module rnic_arb #(
    parameter PORTS = 4                           // requesters, >= 1
) (
    input  wire                                   clk,
    input  wire                                   rst,

    input  wire [PORTS-1:0]                       req,        // requester p wants service
    input  wire                                   ack,        // the current grant is taken this cycle
    output reg  [PORTS-1:0]                       grant,      // one-hot, zero when no request
    output reg                                    grant_valid,
    output reg  [(PORTS > 1 ? $clog2(PORTS) : 1)-1:0] grant_index
);

localparam IDX_W = PORTS > 1 ? $clog2(PORTS) : 1;

initial begin
    if (PORTS < 1) begin
        $error("rnic_arb: PORTS must be >= 1");
        $finish;
    end
end

// first port to consider on the next grant
reg [IDX_W-1:0] prio_reg, prio_next;

integer i;
reg [IDX_W:0] cand;

always @* begin
    grant = {PORTS{1'b0}};
    grant_valid = 1'b0;
    grant_index = {IDX_W{1'b0}};
    // scan PORTS candidates starting at prio_reg, wrapping around; the
    // first one found wins
    for (i = PORTS - 1; i >= 0; i = i - 1) begin
        cand = {1'b0, prio_reg} + i[IDX_W:0];
        if (cand >= PORTS[IDX_W:0]) begin
            cand = cand - PORTS[IDX_W:0];
        end
        if (req[cand[IDX_W-1:0]]) begin
            grant_valid = 1'b1;
            grant_index = cand[IDX_W-1:0];
        end
    end
    if (grant_valid) begin
        grant[grant_index] = 1'b1;
    end
end

// kept apart from the grant logic so that ack may depend on the grant
always @* begin
    prio_next = prio_reg;
    if (ack && grant_valid) begin
        if ({1'b0, grant_index} == PORTS[IDX_W:0] - 1'b1) begin
            prio_next = {IDX_W{1'b0}};
        end else begin
            prio_next = grant_index + 1'b1;
        end
    end
end

always @(posedge clk) begin
    prio_reg <= prio_next;
    if (rst) begin
        prio_reg <= {IDX_W{1'b0}};
    end
end

endmodule

`default_nettype wire
