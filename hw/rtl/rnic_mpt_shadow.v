// rnic_mpt_shadow: a key-table entry in context format (table MPT) packed
// into the key shadow rnic_req and rnic_resp keep (contract layout
// mpt_shadow). Combinational.
`default_nettype none

`include "rnic_contract.vh"

module rnic_mpt_shadow (
    // the context entry
    /* verilator lint_off UNUSEDSIGNAL */   // the shadow keeps only the fields the engines use
    input  wire [32*`RNIC_CTX_WORDS-1:0]    entry,
    /* verilator lint_on UNUSEDSIGNAL */

    // the shadow entry
    output wire [`RNIC_MPT_SHADOW_BITS-1:0] shadow
);

assign shadow[`RNIC_MPT_SHADOW_MW_LSB +: `RNIC_MPT_SHADOW_MW_W] = entry[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W];
assign shadow[`RNIC_MPT_SHADOW_QPN_LSB +: `RNIC_MPT_SHADOW_QPN_W] = entry[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W];
assign shadow[`RNIC_MPT_SHADOW_VALID_LSB +: `RNIC_MPT_SHADOW_VALID_W] = entry[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W];
assign shadow[`RNIC_MPT_SHADOW_TAG_LSB +: `RNIC_MPT_SHADOW_TAG_W] = entry[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W];
assign shadow[`RNIC_MPT_SHADOW_PDN_LSB +: `RNIC_MPT_SHADOW_PDN_W] = entry[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W];
assign shadow[`RNIC_MPT_SHADOW_ACCESS_LSB +: `RNIC_MPT_SHADOW_ACCESS_W] =
    entry[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W];
assign shadow[`RNIC_MPT_SHADOW_START_LSB +: `RNIC_MPT_SHADOW_START_W] = entry[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W];
assign shadow[`RNIC_MPT_SHADOW_LENGTH_LSB +: `RNIC_MPT_SHADOW_LENGTH_W] =
    entry[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W];
assign shadow[`RNIC_MPT_SHADOW_IOVA_LSB +: `RNIC_MPT_SHADOW_IOVA_W] = entry[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W];

endmodule

`default_nettype wire
