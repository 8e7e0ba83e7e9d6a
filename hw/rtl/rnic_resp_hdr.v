// rnic_resp_hdr: the responder's copy of the request packet it works on,
// inside rnic_resp (docs/rtl-interfaces.md, "Requester (rnic_req) and
// responder (rnic_resp)"), and the decode of its opcode.
//
// take (rnic_resp's IDLE taking a header from the parser) registers the
// header-bus fields the responder uses; they hold until the next take. For
// an atomic (COMPARE SWAP, FETCH ADD; RC or XRC transport) va and rkey come
// from the AtomicETH and rlen is the operand size 8, so the responder's
// RETH key check serves both; for a SEND with Invalidate rkey is the IETH's
// key (the responder reads its key-table entry with it); otherwise va, rkey
// and rlen are the RETH's.
//
// The decode (of the registered opcode; its transport bits are the QP
// check's, rnic_resp's): the operation (opl, its low five bits); SEND of
// any kind (RAW_PACKET frames count as SENDs), WRITE, READ REQUEST, an
// atomic (cmp_swap: COMPARE SWAP); the packet starts a message (FIRST /
// ONLY), ends one (LAST / ONLY), carries ImmDt, carries an IETH (SEND LAST
// / ONLY with Invalidate), takes a receive WQE (a SEND that starts a
// message, a WRITE with immediate at its end); a RAW_PACKET frame
// (RAW_OPCODE).
`default_nettype none

`include "rnic_contract.vh"

module rnic_resp_hdr (
    input  wire        clk,
    input  wire        take,
    input  wire [7:0]  s_opcode,
    input  wire        s_se,
    input  wire        s_ackreq,
    input  wire [23:0] s_dqpn,
    input  wire [23:0] s_psn,
    input  wire [63:0] s_reth_va,
    input  wire [31:0] s_reth_rkey,
    input  wire [31:0] s_reth_len,
    input  wire [31:0] s_imm,
    input  wire [31:0] s_deth_qkey,
    input  wire [23:0] s_deth_sqpn,
    input  wire [63:0] s_atomic_va,
    input  wire [31:0] s_atomic_rkey,
    input  wire [63:0] s_atomic_swap,
    input  wire [63:0] s_atomic_cmp,
    input  wire [31:0] s_sip,
    input  wire [31:0] s_dip,
    input  wire [15:0] s_ip_id,
    input  wire [7:0]  s_ttl,
    input  wire [7:0]  s_tos,
    input  wire [12:0] s_len,

    // the packet taken (the opcode as its transport, its top three bits,
    // and the decode below)
    output wire [2:0]  tr,
    output reg         se,
    output reg         ackreq,
    output reg  [23:0] qpn,
    output reg  [23:0] psn,
    output reg  [63:0] va,
    output reg  [31:0] rkey,
    output reg  [31:0] rlen,
    output reg  [31:0] imm,
    output reg  [12:0] len,
    output reg  [63:0] swap,        // AtomicETH swap or add data
    output reg  [63:0] cmp,         // AtomicETH compare data
    // UD: DETH, and the IPv4 fields the GRH is rebuilt from
    output reg  [31:0] qkey,
    output reg  [23:0] sqpn,
    output reg  [31:0] sip,
    output reg  [31:0] dip,
    output reg  [15:0] ip_id,
    output reg  [7:0]  ttl,
    output reg  [7:0]  tos,

    // its opcode
    output wire [`RNIC_BTH_OP_W-1:0] opl,
    output wire        op_send,
    output wire        op_write,
    output wire        op_read,
    output wire        op_atomic,
    output wire        op_cmp_swap,
    output wire        op_start,
    output wire        op_end,
    output wire        op_imm,
    output wire        op_inv,
    output wire        op_wqe,
    output wire        op_raw
);

wire s_atomic = (s_opcode[7:5] == `RNIC_BTH_TRANSPORT_RC || s_opcode[7:5] == `RNIC_BTH_TRANSPORT_XRC) &&
                (s_opcode[4:0] == `RNIC_BTH_OP_CMP_SWAP || s_opcode[4:0] == `RNIC_BTH_OP_FETCH_ADD);
wire s_inv = s_opcode[4:0] == `RNIC_BTH_OP_SEND_LAST_INV || s_opcode[4:0] == `RNIC_BTH_OP_SEND_ONLY_INV;

reg [7:0] op;
always @(posedge clk) begin
    if (take) begin
        op <= s_opcode;
        se <= s_se;
        ackreq <= s_ackreq;
        qpn <= s_dqpn;
        psn <= s_psn;
        va <= s_atomic ? s_atomic_va : s_reth_va;
        rkey <= s_atomic ? s_atomic_rkey : s_inv ? s_imm : s_reth_rkey;
        rlen <= s_atomic ? 32'd8 : s_reth_len;
        swap <= s_atomic_swap;
        cmp <= s_atomic_cmp;
        qkey <= s_deth_qkey;
        sqpn <= s_deth_sqpn;
        sip <= s_sip;
        dip <= s_dip;
        ip_id <= s_ip_id;
        ttl <= s_ttl;
        tos <= s_tos;
        imm <= s_imm;
        len <= s_len;
    end
end

assign tr = op[7:5];
assign opl = op[4:0];
assign op_raw = op == `RNIC_RAW_OPCODE;
assign op_inv = opl == `RNIC_BTH_OP_SEND_LAST_INV || opl == `RNIC_BTH_OP_SEND_ONLY_INV;
assign op_send = opl <= `RNIC_BTH_OP_SEND_ONLY_IMM || op_inv || op_raw;
assign op_write = opl >= `RNIC_BTH_OP_WRITE_FIRST && opl <= `RNIC_BTH_OP_WRITE_ONLY_IMM;
assign op_read = opl == `RNIC_BTH_OP_READ_REQ;
assign op_cmp_swap = opl == `RNIC_BTH_OP_CMP_SWAP;
assign op_atomic = op_cmp_swap || opl == `RNIC_BTH_OP_FETCH_ADD;
assign op_start = opl == `RNIC_BTH_OP_SEND_FIRST || opl == `RNIC_BTH_OP_SEND_ONLY ||
                  opl == `RNIC_BTH_OP_SEND_ONLY_IMM || opl == `RNIC_BTH_OP_SEND_ONLY_INV || op_raw ||
                  opl == `RNIC_BTH_OP_WRITE_FIRST || opl == `RNIC_BTH_OP_WRITE_ONLY ||
                  opl == `RNIC_BTH_OP_WRITE_ONLY_IMM;
assign op_end = opl == `RNIC_BTH_OP_SEND_LAST || opl == `RNIC_BTH_OP_SEND_LAST_IMM ||
                opl == `RNIC_BTH_OP_SEND_ONLY || opl == `RNIC_BTH_OP_SEND_ONLY_IMM || op_inv || op_raw ||
                opl == `RNIC_BTH_OP_WRITE_LAST || opl == `RNIC_BTH_OP_WRITE_LAST_IMM ||
                opl == `RNIC_BTH_OP_WRITE_ONLY || opl == `RNIC_BTH_OP_WRITE_ONLY_IMM;
assign op_imm = opl == `RNIC_BTH_OP_SEND_LAST_IMM || opl == `RNIC_BTH_OP_SEND_ONLY_IMM ||
                opl == `RNIC_BTH_OP_WRITE_LAST_IMM || opl == `RNIC_BTH_OP_WRITE_ONLY_IMM;
assign op_wqe = (op_send && op_start) || opl == `RNIC_BTH_OP_WRITE_LAST_IMM ||
                opl == `RNIC_BTH_OP_WRITE_ONLY_IMM;

endmodule

`default_nettype wire
