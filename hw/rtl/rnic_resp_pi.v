// rnic_resp_pi: a producer index table of the responder, inside rnic_resp:
// the receive queues' (one entry per QP) or the shared receive queues' (one
// per SRQ) producer indexes, as the doorbells (rnic_doorbell m_rq_pi_*,
// m_srq_pi_*) set them.
//
// One write port, one registered read port (block RAM at any size). The
// write port's users, first first: the reset sweep (entry sweep_idx written
// 0; a doorbell meanwhile is dropped: the device is not ready yet); a
// context write clearing an entry (clr: the queue was reset or created); a
// doorbell held from the cycle before; a doorbell. A doorbell that loses
// the port to a clear is held (pend_*) and written in the next cycle: each
// doorbell and each clear is one AXI4-Lite register write (rnic_csr), so
// neither comes in two cycles in a row, and the cycle after a clear has the
// port free for the held one. (A doorbell in the cycle after the held one
// would take its place while it is written; a clear while one is held and a
// new doorbell arrives would lose the held one: simulation reports that.)
`default_nettype none

module rnic_resp_pi #(
    parameter IDX_W = 8                 // log2 of the entries
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             sweep_busy,
    input  wire [IDX_W-1:0] sweep_idx,
    input  wire             clr,
    input  wire [IDX_W-1:0] clr_idx,
    input  wire             db_valid,
    input  wire [IDX_W-1:0] db_idx,
    input  wire [15:0]      db_pi,
    input  wire [IDX_W-1:0] ra,
    output reg  [15:0]      rd          // entry ra of the cycle before
);

reg [15:0]      mem [0:(1 << IDX_W) - 1];
reg             pend_valid_reg, pend_valid_next;
reg [IDX_W-1:0] pend_idx_reg, pend_idx_next;
reg [15:0]      pend_pi_reg, pend_pi_next;
reg             we;
reg [IDX_W-1:0] wa;
reg [15:0]      wd;

always @* begin
    pend_valid_next = pend_valid_reg;
    pend_idx_next = pend_idx_reg;
    pend_pi_next = pend_pi_reg;
    we = 1'b0;
    wa = clr_idx;
    wd = 16'd0;
    if (sweep_busy) begin
        we = 1'b1;
        wa = sweep_idx;
    end else if (clr) begin
        we = 1'b1;
        if (db_valid) begin
            pend_valid_next = 1'b1;
            pend_idx_next = db_idx;
            pend_pi_next = db_pi;
        end
    end else if (pend_valid_reg) begin
        we = 1'b1;
        wa = pend_idx_reg;
        wd = pend_pi_reg;
        pend_valid_next = db_valid;
        pend_idx_next = db_idx;
        pend_pi_next = db_pi;
    end else if (db_valid) begin
        we = 1'b1;
        wa = db_idx;
        wd = db_pi;
    end
end

always @(posedge clk) begin
    if (we)
        mem[wa] <= wd;
    rd <= mem[ra];
    pend_idx_reg <= pend_idx_next;
    pend_pi_reg <= pend_pi_next;
    pend_valid_reg <= !rst && pend_valid_next;
end

`ifndef SYNTHESIS
always @(posedge clk)
    if (!rst && !sweep_busy && clr && pend_valid_reg && db_valid)
        $error("rnic_resp_pi: a held doorbell is lost (a clear while one is held and another arrives)");
`endif

endmodule

`default_nettype wire
