// rnic_resp_decide: the responder's verdict on a request packet, inside
// rnic_resp (its S_DECIDE state; docs/rtl-interfaces.md, "Requester
// (rnic_req) and responder (rnic_resp)"). Combinational: from the packet's
// header fields, the QP's state as LOAD / SLOAD read it and the checks
// rnic_resp registered in LOAD, it says where the packet goes next, which
// reply it gets, and what it changes of the QP's state.
//
// The rules, in order (the first that applies decides):
// - qp_ok low (no such QP, a type or transport it does not take, a state
//   other than RTR / RTS / SQD, its error flag): dropped (stat_bad_qp).
// - RAW_PACKET: a frame with a receive WQE goes on to the fetch, else it is
//   dropped (stat_msg_drop).
// - UD (IBA 9.8.4): no PSN check, no replies; a datagram whose Q_Key is not
//   the QP's, too long for the path MTU or without a receive WQE is dropped.
// - UC (IBA 9.8): nothing acknowledged, no remote error touches the QP.
//   Every packet moves the expected PSN to its own + 1; a gap ends the
//   message in progress (stat_psn_err). A FIRST / ONLY starts a message; a
//   MIDDLE / LAST belongs to the message in progress (no gap, same kind) or
//   is dropped, as is every packet of a message without a receive WQE
//   (stat_msg_drop, the message ended). A packet taken leaves the expected
//   PSN at its own (S_DONE moves it past).
// - RC / XRC, PSN before the expected one (IBA 9.7.5.1.1; stat_psn_err,
//   stat_dup), never executed again: a READ REQUEST of a valid length is
//   answered again from its own RETH (dup); an atomic whose PSN the result
//   cache holds gets the ATOMIC ACKNOWLEDGE of its first execution (the
//   cached original data, ack_atomic), another nothing; a SEND / WRITE
//   packet with AckReq an ACK of the last PSN executed.
// - RC / XRC, PSN after the expected one: one PSN sequence error NAK at the
//   expected PSN until it arrives (w_nak; stat_nak_seq), stat_psn_err.
// - XRC whose XRCETH names no XRC SRQ of the target's domain, a READ inside
//   another message or with a payload or a length above 2^31, an atomic
//   inside a message, with a payload or not 8-byte aligned (IBA 9.4.5), an
//   opcode that is not SEND / WRITE / READ / atomic, out of sequence, or a
//   length the path MTU does not allow: invalid request NAK, the QP's
//   error flag (err; stat_inv_req).
// - A packet that needs a receive WQE when none is posted: RNR NAK with
//   the QP's timer code (stat_rnr_nak).
// - Otherwise: a READ to RRETH, an atomic to ARETH, a SEND that starts a
//   message to the WQE fetch, a WRITE that starts one to RETH, any other
//   packet straight to the length check.
// A packet that goes nowhere of these is dropped (its payload discarded,
// then the replies): disc.
`default_nettype none

`include "rnic_contract.vh"

module rnic_resp_decide (
    // the packet: PSN, AckReq, payload length, the RETH / AtomicETH
    // virtual address's low bits and DMA length, the DETH Q_Key
    input  wire [23:0] psn,
    input  wire        ackreq,
    input  wire [12:0] len,
    input  wire [2:0]  va_lo,
    input  wire [31:0] rlen,
    input  wire [31:0] qkey,
    // the opcode's class (rnic_resp's decode: SEND incl. RAW_PACKET, WRITE,
    // READ REQUEST, atomic; starts a message; takes a receive WQE; its
    // transport bits are checked in qp_ok)
    input  wire        op_send,
    input  wire        op_write,
    input  wire        op_read,
    input  wire        op_atomic,
    input  wire        op_start,
    input  wire        op_wqe,
    // the QP: its type, the checks LOAD registered (QP / transport / state,
    // length against the path MTU), XRC SRQ check, a receive WQE available,
    // Q_Key, RNR timer code
    input  wire        t_raw,
    input  wire        t_ud,
    input  wire        t_uc,
    input  wire        t_xrc,
    input  wire        qp_ok,
    input  wire        len_ok,
    input  wire        xrc_ok,
    input  wire        wqe_avail,
    input  wire [31:0] q_qkey,
    input  wire [4:0]  q_min_rnr,
    // its PSN state (expected PSN, a sequence NAK sent), the message in
    // progress (active, a WRITE), the atomic result cache entry's valid flag
    // and PSN
    input  wire [23:0] epsn,
    input  wire        nak_sent,
    input  wire        m_active,
    input  wire        m_write,
    input  wire        ac_valid,
    input  wire [23:0] ac_psn,

    // where the packet goes (at most one; none: disc, dropped)
    output wire        to_fetch,
    output wire        to_reth,
    output wire        to_lenchk,
    output wire        to_rreth,
    output wire        to_areth,
    output wire        disc,
    // the reply: an ACK / NAK / RNR NAK with this syndrome at ack_psn; an
    // ATOMIC ACKNOWLEDGE of the cached original data; a duplicate READ
    output reg         ack,
    output reg  [7:0]  ack_syn,
    output reg  [23:0] ack_psn,
    output reg         ack_atomic,
    output reg         dup_read,
    // the QP's state: the expected PSN set to epsn_val, the sequence NAK
    // sent, the error flag set, the message in progress ended
    output reg         epsn_we,
    output reg  [23:0] epsn_val,
    output reg         nak_set,
    output reg         err,
    output reg         m_end,
    // counters
    output reg         stat_bad_qp,
    output reg         stat_msg_drop,
    output reg         stat_psn_err,
    output reg         stat_dup,
    output reg         stat_nak_seq,
    output reg         stat_inv_req,
    output reg         stat_rnr_nak
);

wire [23:0] psn_d = psn - epsn;                               // 24-bit serial difference
wire        seq_ok = op_start ? !m_active : (m_active && m_write == op_write);
wire        rd_len_ok = rlen <= 32'h8000_0000 && len == 13'd0;
localparam [7:0] SYN_ACK = {`RNIC_AETH_TYPE_ACK, `RNIC_AETH_CREDIT_INVALID};
localparam [7:0] SYN_INV_REQ = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_INV_REQ};

// the next step: 0 drop, 1 fetch, 2 RETH, 3 length check, 4 RRETH, 5 ARETH
reg [2:0] go;
localparam [2:0] G_DISC = 3'd0, G_FETCH = 3'd1, G_RETH = 3'd2, G_LENCHK = 3'd3, G_RRETH = 3'd4, G_ARETH = 3'd5;
assign to_fetch = go == G_FETCH;
assign to_reth = go == G_RETH;
assign to_lenchk = go == G_LENCHK;
assign to_rreth = go == G_RRETH;
assign to_areth = go == G_ARETH;
assign disc = go == G_DISC;

// an invalid request: NAK, the QP's error flag
task inv_req;
    begin
        stat_inv_req = 1'b1;
        err = 1'b1;
        ack = 1'b1;
        ack_syn = SYN_INV_REQ;
    end
endtask

// a SEND / WRITE packet taken: the first step of its kind
task take;
    begin
        if (op_send && op_start)
            go = G_FETCH;
        else if (op_write && op_start)
            go = G_RETH;
        else
            go = G_LENCHK;
    end
endtask

always @* begin
    go = G_DISC;
    ack = 1'b0;
    ack_syn = SYN_ACK;
    ack_psn = psn;
    ack_atomic = 1'b0;
    dup_read = 1'b0;
    epsn_we = 1'b0;
    epsn_val = psn + 24'd1;
    nak_set = 1'b0;
    err = 1'b0;
    m_end = 1'b0;
    stat_bad_qp = 1'b0;
    stat_msg_drop = 1'b0;
    stat_psn_err = 1'b0;
    stat_dup = 1'b0;
    stat_nak_seq = 1'b0;
    stat_inv_req = 1'b0;
    stat_rnr_nak = 1'b0;
    if (!qp_ok) begin
        stat_bad_qp = 1'b1;
    end else if (t_raw) begin
        if (!wqe_avail)
            stat_msg_drop = 1'b1;
        else
            go = G_FETCH;
    end else if (t_ud) begin
        if (qkey != q_qkey || !len_ok || !wqe_avail)
            stat_msg_drop = 1'b1;
        else
            go = G_FETCH;
    end else if (t_uc) begin
        epsn_we = 1'b1;
        if (psn_d != 24'd0) begin
            stat_psn_err = 1'b1;
            m_end = 1'b1;
        end
        if (!(op_send || op_write) || !len_ok ||
            (!op_start && (psn_d != 24'd0 || !m_active || m_write != op_write)) ||
            (op_wqe && !wqe_avail)) begin
            stat_msg_drop = 1'b1;
            m_end = 1'b1;
        end else begin
            epsn_val = psn;
            take;
        end
    end else if (psn_d[23]) begin
        stat_psn_err = 1'b1;
        stat_dup = 1'b1;
        if (op_read) begin
            if (rd_len_ok) begin
                dup_read = 1'b1;
                go = G_RRETH;
            end
        end else if (op_atomic) begin
            if (ac_valid && ac_psn == psn) begin
                ack_atomic = 1'b1;
                ack = 1'b1;
            end
        end else if (ackreq) begin
            ack = 1'b1;
            ack_psn = epsn - 24'd1;
        end
    end else if (psn_d != 24'd0) begin
        stat_psn_err = 1'b1;
        if (!nak_sent) begin
            stat_nak_seq = 1'b1;
            nak_set = 1'b1;
            ack = 1'b1;
            ack_syn = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_PSN_SEQ_ERR};
            ack_psn = epsn;
        end
    end else if (t_xrc && !xrc_ok) begin
        inv_req;
    end else if (op_read) begin
        if (m_active || !rd_len_ok)
            inv_req;
        else
            go = G_RRETH;
    end else if (op_atomic) begin
        if (m_active || len != 13'd0 || va_lo != 3'd0)
            inv_req;
        else
            go = G_ARETH;
    end else if (!(op_send || op_write) || !seq_ok || !len_ok) begin
        inv_req;
    end else if (op_wqe && !wqe_avail) begin
        stat_rnr_nak = 1'b1;
        ack = 1'b1;
        ack_syn = {`RNIC_AETH_TYPE_RNR_NAK, q_min_rnr};
    end else begin
        take;
    end
end

endmodule

`default_nettype wire
