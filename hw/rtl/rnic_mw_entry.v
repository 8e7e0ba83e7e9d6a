// rnic_mw_entry: a memory window's key-table entry in context format (table
// MPT), as the engines write it back in hardware: the requester when BIND_MW
// binds or LOCAL_INV invalidates a window, the responder when a SEND with
// Invalidate invalidates one. It holds the fields the key shadows of
// rnic_req and rnic_resp keep (mw always set); every other bit is zero.
// Combinational.
`default_nettype none

`include "rnic_contract.vh"

module rnic_mw_entry (
    // the window's fields
    input  wire                          valid,    // bound
    input  wire [7:0]                    access,   // remote access bits
    input  wire [7:0]                    tag,      // key tag
    input  wire [23:0]                   pdn,      // protection domain
    input  wire [63:0]                   start,    // first virtual address
    input  wire [63:0]                   length,   // bytes
    input  wire [63:0]                   iova,     // device address of start
    input  wire [23:0]                   qpn,      // the QP it is bound to

    // the entry
    output reg  [32*`RNIC_CTX_WORDS-1:0] entry
);

always @* begin
    entry = {32*`RNIC_CTX_WORDS{1'b0}};
    entry[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W] = valid;
    entry[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W] = 1'b1;
    entry[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W] = access;
    entry[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W] = tag;
    entry[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W] = pdn;
    entry[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W] = start;
    entry[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W] = length;
    entry[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W] = iova;
    entry[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W] = qpn;
end

endmodule

`default_nettype wire
