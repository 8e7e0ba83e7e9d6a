// tb_resp_decide: rnic_resp_decide (the responder's verdict on a request packet) on its own.
// Each case sets the packet, the QP and its state, and checks every output: where the packet
// goes (fetch, RETH, length check, RRETH, ARETH, or dropped), the reply (ACK / NAK / RNR NAK
// syndrome and PSN, a cached ATOMIC ACKNOWLEDGE, a duplicate READ), the QP state changes
// (expected PSN and its value, sequence NAK sent, error flag, message ended) and the seven
// counter pulses. Cases: a QP that fails its checks; RAW_PACKET and UD with and without a
// receive WQE, UD with a wrong Q_Key or too long; UC in order, after a gap (a FIRST still
// starts, a MIDDLE is dropped), a WRITE, a MIDDLE in its message, no receive WQE, a READ;
// RC duplicates (a READ answered again, one with a payload not, an atomic the result cache
// holds and one it does not, a SEND with and without AckReq); a PSN ahead (one sequence NAK,
// then none), across the PSN wrap both ways; XRC with no valid XRC SRQ; READ and atomic
// checks (inside a message, a payload, too long, misaligned); out-of-sequence, too long and
// unknown operations, a SEND MIDDLE inside a WRITE; XRC's PSN checks before its SRQ check; an
// RNR NAK; the accepted SEND, WRITE, MIDDLE and WRITE LAST with immediate. Without a reply the
// reply PSN must still be the packet's (a later state's NAK sends it).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_resp_decide;

reg  [23:0] psn, epsn;
reg         ackreq, op_send, op_write, op_read, op_atomic, op_start, op_wqe;
reg  [12:0] len;
reg  [2:0]  va_lo;
reg  [31:0] rlen, qkey, q_qkey;
reg         t_raw, t_ud, t_uc, t_xrc, qp_ok, len_ok, xrc_ok, wqe_avail;
reg  [4:0]  q_min_rnr;
reg         nak_sent, m_active, m_write, ac_valid;
reg  [23:0] ac_psn;
wire        to_fetch, to_reth, to_lenchk, to_rreth, to_areth, disc;
wire        ack, ack_atomic, dup_read, epsn_we, nak_set, err, m_end;
wire [7:0]  ack_syn;
wire [23:0] ack_psn, epsn_val;
wire        s_bad_qp, s_msg_drop, s_psn_err, s_dup, s_nak_seq, s_inv_req, s_rnr_nak;

rnic_resp_decide dut (
    .psn(psn), .ackreq(ackreq), .len(len), .va_lo(va_lo), .rlen(rlen), .qkey(qkey),
    .op_send(op_send), .op_write(op_write), .op_read(op_read), .op_atomic(op_atomic), .op_start(op_start),
    .op_wqe(op_wqe),
    .t_raw(t_raw), .t_ud(t_ud), .t_uc(t_uc), .t_xrc(t_xrc), .qp_ok(qp_ok), .len_ok(len_ok), .xrc_ok(xrc_ok),
    .wqe_avail(wqe_avail), .q_qkey(q_qkey), .q_min_rnr(q_min_rnr),
    .epsn(epsn), .nak_sent(nak_sent), .m_active(m_active), .m_write(m_write), .ac_valid(ac_valid), .ac_psn(ac_psn),
    .to_fetch(to_fetch), .to_reth(to_reth), .to_lenchk(to_lenchk), .to_rreth(to_rreth), .to_areth(to_areth),
    .disc(disc), .ack(ack), .ack_syn(ack_syn), .ack_psn(ack_psn), .ack_atomic(ack_atomic), .dup_read(dup_read),
    .epsn_we(epsn_we), .epsn_val(epsn_val), .nak_set(nak_set), .err(err), .m_end(m_end),
    .stat_bad_qp(s_bad_qp), .stat_msg_drop(s_msg_drop), .stat_psn_err(s_psn_err), .stat_dup(s_dup),
    .stat_nak_seq(s_nak_seq), .stat_inv_req(s_inv_req), .stat_rnr_nak(s_rnr_nak)
);

integer errors = 0;
integer checks = 0;

// an RC QP in RTS, in sequence, no message in progress, a receive WQE
// posted; the packet a SEND ONLY at the expected PSN 100 with AckReq
task rc_send_only;
    begin
        psn = 24'd100; epsn = 24'd100; ackreq = 1'b1; len = 13'd64; va_lo = 3'd0; rlen = 32'd0;
        qkey = 32'h1111_0000; q_qkey = 32'h1111_0000;
        op_send = 1'b1; op_write = 1'b0; op_read = 1'b0; op_atomic = 1'b0; op_start = 1'b1; op_wqe = 1'b1;
        t_raw = 1'b0; t_ud = 1'b0; t_uc = 1'b0; t_xrc = 1'b0; qp_ok = 1'b1; len_ok = 1'b1; xrc_ok = 1'b0;
        wqe_avail = 1'b1; q_min_rnr = 5'd12; nak_sent = 1'b0; m_active = 1'b0; m_write = 1'b0;
        ac_valid = 1'b0; ac_psn = 24'd0;
    end
endtask
task op_is;
    input s, w, r, a, start, wqe;
    begin
        op_send = s; op_write = w; op_read = r; op_atomic = a; op_start = start; op_wqe = wqe;
    end
endtask

localparam [2:0] DISC = 3'd0, FETCH = 3'd1, RETH = 3'd2, LENCHK = 3'd3, RRETH = 3'd4, ARETH = 3'd5;
localparam [7:0] SYN_ACK = {`RNIC_AETH_TYPE_ACK, `RNIC_AETH_CREDIT_INVALID};
localparam [7:0] SYN_INV = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_INV_REQ};
localparam [7:0] SYN_SEQ = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_PSN_SEQ_ERR};
// state changes {ack_atomic, dup_read, epsn_we, nak_set, err, m_end}
localparam [5:0] F_ATOM = 6'b100000, F_DUPRD = 6'b010000, F_EPSN = 6'b001000, F_NAK = 6'b000100,
                 F_ERR = 6'b000010, F_MEND = 6'b000001;
// counters {bad_qp, msg_drop, psn_err, dup, nak_seq, inv_req, rnr_nak}
localparam [6:0] C_BADQP = 7'b1000000, C_DROP = 7'b0100000, C_PSN = 7'b0010000, C_DUP = 7'b0001000,
                 C_SEQ = 7'b0000100, C_INV = 7'b0000010, C_RNR = 7'b0000001;

// the verdict the inputs give: go, the reply (ack, its syndrome and PSN;
// without ack the syndrome is ignored and the PSN must be the packet's,
// which a later state's NAK sends), the state changes (epsn_val checked
// with F_EPSN), the counters
task verdict;
    input [8*48-1:0] what;
    input [2:0]  x_go;
    input        x_ack;
    input [7:0]  x_syn;
    input [23:0] x_apsn;
    input [5:0]  x_flags;
    input [23:0] x_epsn;
    input [6:0]  x_cnt;
    reg [2:0] g;
    reg [5:0] f;
    reg [6:0] c;
    begin
        #1;
        g = to_fetch ? FETCH : to_reth ? RETH : to_lenchk ? LENCHK : to_rreth ? RRETH : to_areth ? ARETH : DISC;
        f = {ack_atomic, dup_read, epsn_we, nak_set, err, m_end};
        c = {s_bad_qp, s_msg_drop, s_psn_err, s_dup, s_nak_seq, s_inv_req, s_rnr_nak};
        checks = checks + 1;
        if (g !== x_go || ack !== x_ack || (x_ack && (ack_syn !== x_syn || ack_psn !== x_apsn)) ||
            (!x_ack && ack_psn !== psn) ||
            f !== x_flags || (x_flags[3] && epsn_val !== x_epsn) || c !== x_cnt) begin
            $display("FAIL: %0s: go %0d ack %b %h @%0d flags %b epsn %0d counters %b; expected go %0d ack %b %h @%0d flags %b epsn %0d counters %b",
                     what, g, ack, ack_syn, ack_psn, f, epsn_val, c,
                     x_go, x_ack, x_syn, x_apsn, x_flags, x_epsn, x_cnt);
            errors = errors + 1;
        end
    end
endtask

initial begin
    // the QP fails its checks
    rc_send_only; qp_ok = 1'b0;
    verdict("QP check failed", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_BADQP);

    // RAW_PACKET
    rc_send_only; t_raw = 1'b1;
    verdict("RAW_PACKET", FETCH, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; t_raw = 1'b1; wqe_avail = 1'b0;
    verdict("RAW_PACKET, no receive WQE", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_DROP);

    // UD: no PSN check (a PSN far off is taken)
    rc_send_only; t_ud = 1'b1; psn = 24'd5000;
    verdict("UD", FETCH, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; t_ud = 1'b1; qkey = 32'h1111_0001;
    verdict("UD, wrong Q_Key", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_DROP);
    rc_send_only; t_ud = 1'b1; len_ok = 1'b0;
    verdict("UD, longer than the path MTU", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_DROP);
    rc_send_only; t_ud = 1'b1; wqe_avail = 1'b0;
    verdict("UD, no receive WQE", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_DROP);

    // UC
    rc_send_only; t_uc = 1'b1;
    verdict("UC SEND ONLY", FETCH, 1'b0, 8'd0, 24'd0, F_EPSN, 24'd100, 7'd0);
    rc_send_only; t_uc = 1'b1; psn = 24'd107; m_active = 1'b1;
    verdict("UC FIRST after a gap", FETCH, 1'b0, 8'd0, 24'd0, F_EPSN | F_MEND, 24'd107, C_PSN);
    rc_send_only; t_uc = 1'b1; psn = 24'd107; m_active = 1'b1; op_is(1, 0, 0, 0, 0, 0);
    verdict("UC MIDDLE after a gap", DISC, 1'b0, 8'd0, 24'd0, F_EPSN | F_MEND, 24'd108, C_PSN | C_DROP);
    rc_send_only; t_uc = 1'b1; op_is(0, 1, 0, 0, 1, 0);
    verdict("UC WRITE FIRST", RETH, 1'b0, 8'd0, 24'd0, F_EPSN, 24'd100, 7'd0);
    rc_send_only; t_uc = 1'b1; m_active = 1'b1; m_write = 1'b1; op_is(0, 1, 0, 0, 0, 0);
    verdict("UC WRITE MIDDLE", LENCHK, 1'b0, 8'd0, 24'd0, F_EPSN, 24'd100, 7'd0);
    rc_send_only; t_uc = 1'b1; m_active = 1'b1; m_write = 1'b0; op_is(0, 1, 0, 0, 0, 0);
    verdict("UC WRITE MIDDLE in a SEND", DISC, 1'b0, 8'd0, 24'd0, F_EPSN | F_MEND, 24'd101, C_DROP);
    rc_send_only; t_uc = 1'b1; wqe_avail = 1'b0;
    verdict("UC SEND, no receive WQE", DISC, 1'b0, 8'd0, 24'd0, F_EPSN | F_MEND, 24'd101, C_DROP);
    rc_send_only; t_uc = 1'b1; op_is(0, 0, 1, 0, 0, 0);
    verdict("UC READ", DISC, 1'b0, 8'd0, 24'd0, F_EPSN | F_MEND, 24'd101, C_DROP);
    rc_send_only; t_uc = 1'b1; len_ok = 1'b0;
    verdict("UC, wrong length", DISC, 1'b0, 8'd0, 24'd0, F_EPSN | F_MEND, 24'd101, C_DROP);

    // RC duplicates
    rc_send_only; psn = 24'd90; len = 13'd0; rlen = 32'd4096; op_is(0, 0, 1, 0, 0, 0);
    verdict("duplicate READ", RRETH, 1'b0, 8'd0, 24'd0, F_DUPRD, 24'd0, C_PSN | C_DUP);
    rc_send_only; psn = 24'd90; len = 13'd8; rlen = 32'd4096; op_is(0, 0, 1, 0, 0, 0);
    verdict("duplicate READ with a payload", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_PSN | C_DUP);
    rc_send_only; psn = 24'd90; len = 13'd0; op_is(0, 0, 0, 1, 0, 0); ac_valid = 1'b1; ac_psn = 24'd90;
    verdict("duplicate atomic, cached", DISC, 1'b1, SYN_ACK, 24'd90, F_ATOM, 24'd0, C_PSN | C_DUP);
    rc_send_only; psn = 24'd90; len = 13'd0; op_is(0, 0, 0, 1, 0, 0); ac_valid = 1'b1; ac_psn = 24'd91;
    verdict("duplicate atomic, another cached", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_PSN | C_DUP);
    rc_send_only; psn = 24'd90; len = 13'd0; op_is(0, 0, 0, 1, 0, 0); ac_valid = 1'b0; ac_psn = 24'd90;
    verdict("duplicate atomic, cache empty", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_PSN | C_DUP);
    rc_send_only; psn = 24'd99;
    verdict("duplicate SEND, AckReq", DISC, 1'b1, SYN_ACK, 24'd99, 6'd0, 24'd0, C_PSN | C_DUP);
    rc_send_only; psn = 24'd99; ackreq = 1'b0;
    verdict("duplicate SEND, no AckReq", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_PSN | C_DUP);
    rc_send_only; epsn = 24'd0; psn = 24'hFF_FFFF;
    verdict("duplicate across the PSN wrap", DISC, 1'b1, SYN_ACK, 24'hFF_FFFF, 6'd0, 24'd0, C_PSN | C_DUP);

    // RC, PSN ahead
    rc_send_only; psn = 24'd103;
    verdict("PSN ahead", DISC, 1'b1, SYN_SEQ, 24'd100, F_NAK, 24'd0, C_PSN | C_SEQ);
    rc_send_only; psn = 24'd103; nak_sent = 1'b1;
    verdict("PSN ahead, NAK sent", DISC, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, C_PSN);
    rc_send_only; epsn = 24'hFF_FFFE; psn = 24'd1;
    verdict("PSN ahead across the wrap", DISC, 1'b1, SYN_SEQ, 24'hFF_FFFE, F_NAK, 24'd0, C_PSN | C_SEQ);

    // invalid requests
    rc_send_only; t_xrc = 1'b1; xrc_ok = 1'b0;
    verdict("XRC, no XRC SRQ", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; t_xrc = 1'b1; xrc_ok = 1'b0; psn = 24'd99;
    verdict("XRC duplicate, no XRC SRQ (the PSN first)", DISC, 1'b1, SYN_ACK, 24'd99, 6'd0, 24'd0, C_PSN | C_DUP);
    rc_send_only; t_xrc = 1'b1; xrc_ok = 1'b0; psn = 24'd101;
    verdict("XRC ahead, no XRC SRQ (the PSN first)", DISC, 1'b1, SYN_SEQ, 24'd100, F_NAK, 24'd0, C_PSN | C_SEQ);
    rc_send_only; t_xrc = 1'b1; xrc_ok = 1'b1;
    verdict("XRC SEND", FETCH, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; len = 13'd0; rlen = 32'd4096; m_active = 1'b1; op_is(0, 0, 1, 0, 0, 0);
    verdict("READ inside a message", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; len = 13'd0; rlen = 32'h8000_0001; op_is(0, 0, 1, 0, 0, 0);
    verdict("READ above 2^31", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; len = 13'd0; rlen = 32'h8000_0000; op_is(0, 0, 1, 0, 0, 0);
    verdict("READ of 2^31", RRETH, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; len = 13'd0; va_lo = 3'd4; op_is(0, 0, 0, 1, 0, 0);
    verdict("atomic not 8-byte aligned", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; len = 13'd8; op_is(0, 0, 0, 1, 0, 0);
    verdict("atomic with a payload", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; len = 13'd0; m_active = 1'b1; op_is(0, 0, 0, 1, 0, 0);
    verdict("atomic inside a message", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; len = 13'd0; op_is(0, 0, 0, 1, 0, 0);
    verdict("atomic", ARETH, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; op_is(1, 0, 0, 0, 0, 0);
    verdict("SEND MIDDLE, no message", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; op_is(1, 0, 0, 0, 0, 0); m_active = 1'b1; m_write = 1'b1;
    verdict("SEND MIDDLE inside a WRITE", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; m_active = 1'b1;
    verdict("SEND FIRST inside a message", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; len_ok = 1'b0;
    verdict("SEND, wrong length", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);
    rc_send_only; op_is(0, 0, 0, 0, 0, 0);
    verdict("no request opcode", DISC, 1'b1, SYN_INV, 24'd100, F_ERR, 24'd0, C_INV);

    // RNR
    rc_send_only; wqe_avail = 1'b0;
    verdict("no receive WQE", DISC, 1'b1, {`RNIC_AETH_TYPE_RNR_NAK, 5'd12}, 24'd100, 6'd0, 24'd0, C_RNR);

    // taken
    rc_send_only;
    verdict("SEND ONLY", FETCH, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; op_is(0, 1, 0, 0, 1, 0); wqe_avail = 1'b0;
    verdict("WRITE FIRST (no receive WQE needed)", RETH, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; op_is(1, 0, 0, 0, 0, 0); m_active = 1'b1;
    verdict("SEND MIDDLE", LENCHK, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; op_is(0, 1, 0, 0, 0, 1); m_active = 1'b1; m_write = 1'b1;
    verdict("WRITE LAST with immediate", LENCHK, 1'b0, 8'd0, 24'd0, 6'd0, 24'd0, 7'd0);
    rc_send_only; op_is(0, 1, 0, 0, 0, 1); m_active = 1'b1; m_write = 1'b1; wqe_avail = 1'b0;
    verdict("WRITE LAST with immediate, no WQE", DISC, 1'b1, {`RNIC_AETH_TYPE_RNR_NAK, 5'd12}, 24'd100, 6'd0,
           24'd0, C_RNR);

    $display("tb_resp_decide: %0d checks", checks);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

endmodule

`default_nettype wire
