// rnic_qp_val: a W-bit value per QP with two writers, the engine and the
// context write, in tables that each have one write port (so they map to
// block RAM at any QP count).
//
// The value of QP q is e_mem[q] XOR x_mem[q]. The engine's write (e_*) is
// registered here and written the cycle after: e_mem[q] becomes the new
// value XOR x_mem[q]. The context write (x_*) is written in its cycle:
// x_mem[q] becomes its value XOR e_mem[q] as the engine's write of that
// cycle leaves it. So a context write wins over the engine's write of its
// QP in the same cycle (the one being written, and the one taken in that
// cycle, which is dropped), as when both were the last assignment of one
// register. The reset sweep zeroes both tables.
//
// Reads (r1_q, r2_q; registers in the parent, so each read is a block RAM
// read at the address before them) see the engine's registered write as
// if it had been written: a write taken in cycle t shows from t+1, as it
// did when the engine wrote the value itself in t. A context write shows
// from the cycle after it.
`default_nettype none

module rnic_qp_val #(
    parameter QPN_W = 8,
    parameter W = 1
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             sweep_busy,
    input  wire [QPN_W-1:0] sweep_qp,
    // the engine's write
    input  wire             e_we,
    input  wire [QPN_W-1:0] e_q,
    input  wire [W-1:0]     e_val,
    // the context write
    input  wire             x_we,
    input  wire [QPN_W-1:0] x_q,
    input  wire [W-1:0]     x_val,
    // two readers
    input  wire [QPN_W-1:0] r1_q,
    input  wire [QPN_W-1:0] r2_q,
    output wire [W-1:0]     r1,
    output wire [W-1:0]     r2
);

localparam QPS = 1 << QPN_W;

reg [W-1:0] e_mem [0:QPS-1];
reg [W-1:0] x_mem [0:QPS-1];

// the engine's write, registered (dropped if a context write of its QP
// comes in the same cycle)
reg             ep_we;
reg [QPN_W-1:0] ep_q;
reg [W-1:0]     ep_val;
always @(posedge clk) begin
    ep_we <= e_we && !(x_we && x_q == e_q) && !rst && !sweep_busy;
    ep_q <= e_q;
    ep_val <= e_val;
end

wire [W-1:0] ep_e = ep_val ^ x_mem[ep_q];                  // e_mem's new entry
wire [W-1:0] x_e = (ep_we && ep_q == x_q) ? ep_e : e_mem[x_q];
always @(posedge clk) begin
    if (sweep_busy)
        e_mem[sweep_qp] <= {W{1'b0}};
    else if (ep_we)
        e_mem[ep_q] <= ep_e;
    if (sweep_busy)
        x_mem[sweep_qp] <= {W{1'b0}};
    else if (x_we)
        x_mem[x_q] <= x_val ^ x_e;
end

assign r1 = (ep_we && ep_q == r1_q) ? ep_val : e_mem[r1_q] ^ x_mem[r1_q];
assign r2 = (ep_we && ep_q == r2_q) ? ep_val : e_mem[r2_q] ^ x_mem[r2_q];

endmodule

`default_nettype wire
