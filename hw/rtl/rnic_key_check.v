// rnic_key_check: the memory key check of both transport engines, against
// the key's MPT shadow entry (contract layout mpt_shadow) as the engine read
// it from its own copy of the table (IBA 10.6.3, 10.6.7):
//   - the key's index is inside the table (KEY_W index bits above the
//     KEY_TAG_BITS tag) and its tag is the entry's;
//   - the entry is valid and of the protection domain `pdn`;
//   - an lkey (`remote` low) names a region, never a window; an rkey may
//     name a region or a window bound to the QP `qpn`;
//   - the entry allows one of the access bits `need` (none asked: 0);
//   - [addr, addr + len) lies inside [start, start + length).
// `dev_addr` is addr translated to the device address the entry maps it to
// (addr - start + iova); meaningful only when ok. Combinational: the engine
// registers `ok` where its timing needs it.
`default_nettype none

`include "rnic_contract.vh"

module rnic_key_check #(
    parameter KEY_W = 8      // log2 of the MPT entries
) (
    input  wire [`RNIC_MPT_SHADOW_BITS-1:0] entry,
    input  wire [31:0]                      key,
    input  wire                             remote,
    input  wire [23:0]                      pdn,
    input  wire [23:0]                      qpn,
    input  wire [7:0]                       need,
    input  wire [63:0]                      addr,
    input  wire [31:0]                      len,
    output wire                             ok,
    output wire [63:0]                      dev_addr
);

localparam KT = `RNIC_KEY_TAG_BITS;

initial begin
    if (KEY_W < 1 || KEY_W > 32 - KT)
        $error("rnic_key_check: KEY_W out of range");
end

wire        e_valid  = entry[`RNIC_MPT_SHADOW_VALID_LSB +: `RNIC_MPT_SHADOW_VALID_W];
wire        e_mw     = entry[`RNIC_MPT_SHADOW_MW_LSB +: `RNIC_MPT_SHADOW_MW_W];
wire [23:0] e_qpn    = entry[`RNIC_MPT_SHADOW_QPN_LSB +: `RNIC_MPT_SHADOW_QPN_W];
wire [7:0]  e_tag    = entry[`RNIC_MPT_SHADOW_TAG_LSB +: `RNIC_MPT_SHADOW_TAG_W];
wire [23:0] e_pdn    = entry[`RNIC_MPT_SHADOW_PDN_LSB +: `RNIC_MPT_SHADOW_PDN_W];
wire [7:0]  e_access = entry[`RNIC_MPT_SHADOW_ACCESS_LSB +: `RNIC_MPT_SHADOW_ACCESS_W];
wire [63:0] e_start  = entry[`RNIC_MPT_SHADOW_START_LSB +: `RNIC_MPT_SHADOW_START_W];
wire [63:0] e_length = entry[`RNIC_MPT_SHADOW_LENGTH_LSB +: `RNIC_MPT_SHADOW_LENGTH_W];
wire [63:0] e_iova   = entry[`RNIC_MPT_SHADOW_IOVA_LSB +: `RNIC_MPT_SHADOW_IOVA_W];

// offset into the entry's range (bit 64: addr below start), and the end of
// the access relative to start
wire [64:0] off = {1'b0, addr} - {1'b0, e_start};
wire [64:0] fin = {1'b0, off[63:0]} + {33'd0, len};

wire key_in = (key >> (KT + KEY_W)) == 32'd0;
wire kind_ok = remote ? (!e_mw || e_qpn == qpn) : !e_mw;

assign ok = key_in && e_valid && e_tag == key[KT-1:0] && e_pdn == pdn && kind_ok &&
            (need == 8'd0 || (e_access & need) != 8'd0) &&
            !off[64] && fin <= {1'b0, e_length};
assign dev_addr = off[63:0] + e_iova;

endmodule

`default_nettype wire
