// tb_req_cmpl: rnic_req_cmpl (the requester's completion stage, 16 QPs, 4 outstanding WQEs per
// QP) with the real rnic_req_timer beside it (a tick of 16 cycles), as rnic_req wires them. The
// testbench is the WQE stage (pushes, error completions, rewinds when the timer offers a
// retransmission, held until w_req_ready, never back to back), the ACK input and a model of
// the scatter (it takes a response's progress and length on sc_ld, places it in 3 cycles after
// sc_start, hands back the progress a response moves it by). The CQE and rewind outputs see
// random backpressure. Every CQE is checked field by field (WQE index, opcode, status, QP,
// byte_len) against the list each case expects, nothing more; the scatter's load (the READ's
// progress fields, length, fin, the payload route), each rewind's index and restart PSN, the
// rings' occupancy after each case and every counter pulse are checked too.
// Cases: ACKs retiring signaled and unsignaled entries, a duplicate ACK and one for an unknown
// QP (dropped); a remote-access NAK (entries before it succeed, the NAKed one fails, the rest
// are flushed); a WQE-stage error after two outstanding entries (flushed first); UC completions
// at the push; a PSN sequence NAK, the retransmission the timer offers, the rewind and the
// resent WQEs acknowledged; a READ (a response out of place dropped, FIRST placed, LAST placed
// and completed); an atomic; a READ response longer than the READ (LOC_LEN_ERR); local ACK
// timeouts until the retries run out (RETRY_EXC_ERR); RNR NAKs until the RNR retries run out
// (RNR_RETRY_EXC_ERR).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_req_cmpl;

localparam QPN_W = 4;
localparam QPS = 1 << QPN_W;
localparam OUTS = 4;
localparam OW = 2;
localparam RB = `RNIC_REQ_READ_BITS;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg              sweep_busy = 1'b0;
reg  [QPN_W-1:0] sweep_qp = 0;
// the WQE stage's request
reg              w_push_valid = 1'b0, w_err_valid = 1'b0, w_rw_valid = 1'b0;
wire             w_req_ready;
reg  [QPN_W-1:0] w_qp = 0;
reg  [15:0]      w_index = 0;
reg  [23:0]      w_psn = 0, w_last_psn = 0;
reg              w_sig = 1'b0, w_unack = 1'b0, w_local = 1'b0, w_rdat = 1'b0, w_atomic = 1'b0, w_rh = 1'b0;
reg  [7:0]       w_op = 0, w_status = 0;
reg  [31:0]      w_len = 0;
wire [OW:0]      w_head, w_tail;
wire             w_rd_busy;
// per-QP shadows
reg  [`RNIC_REQ_RETRY_BITS-1:0] rtp [0:QPS-1];
reg              live [0:QPS-1];
wire [QPN_W-1:0] c_qp;
wire             c_push, c_rw_fire, c_rw_live, c_seterr;
wire [23:0]      c_rw_p, rw_first;
wire [15:0]      rw_index;
// ACK input
reg  [7:0]       s_ack_opcode = 0;
reg  [23:0]      s_ack_dqpn = 0, s_ack_psn = 0;
reg  [31:0]      s_ack_aeth = 0;
reg  [63:0]      s_ack_atomic_ack = 0;
reg  [12:0]      s_ack_len = 0;
reg              s_ack_valid = 1'b0;
wire             s_ack_ready;
// timer commands and state
wire [QPN_W-1:0] tw_q, tmo_q, rtx_qp;
wire             tw_arm, tw_rnr, tw_off, tw_rl_load, tw_rl_dec, tw_rnr_dec, tw_hold_set, tw_hold_clr, tw_rtx;
wire [23:0]      tw_rpsn, c_rpsn;
wire [`RNIC_REQ_RETRY_BITS-1:0] tw_rtp;
wire [4:0]       tw_rnr_code;
wire             c_ld2, c_tm_rnr, c_hold, c_tmo_due, w_tm_on, w_rtx, tmo_pend, tmo_take, rtx_valid;
wire             timer_busy, timer_skip_ok;
wire [5:0]       c_rl;
// scatter
wire             sc_ld, sc_ld_fin, sc_start, pl_drop, pl_keep, pl_atom;
wire [RB-1:0]    sc_ld_prog;
wire [12:0]      sc_ld_len;
wire [63:0]      sc_atack;
reg              sc_done = 1'b0;
reg  [RB-1:0]    sc_prog = 0;
reg  [12:0]      sc_len_reg = 0;
reg              sc_fin_reg = 1'b0;
// completions, rewinds
wire             m_cqe_valid, m_rw_valid;
reg              m_cqe_ready = 1'b0, m_rw_ready = 1'b0;
wire [`RNIC_CQE_BITS-1:0] m_cqe_data;
wire [15:0]      m_rw_index;
wire             stat_ack_drop, stat_nak_seq, stat_nak_rnr, stat_retrans, stat_timeout, stat_retry_exc;

rnic_req_cmpl #(.QPN_W(QPN_W), .OUTS_DEPTH(OUTS)) dut (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy), .sweep_qp(sweep_qp), .ctx_rst(1'b0), .ctx_qp({QPN_W{1'b0}}),
    .w_push_valid(w_push_valid), .w_err_valid(w_err_valid), .w_rw_valid(w_rw_valid), .w_req_ready(w_req_ready),
    .w_qp(w_qp), .w_index(w_index), .w_psn(w_psn), .w_skp(24'd0), .w_last_psn(w_last_psn), .w_sig(w_sig),
    .w_op(w_op), .w_len(w_len), .w_rk(5'd0), .w_roff(32'd0), .w_skb(32'd0), .w_unack(w_unack),
    .w_local(w_local), .w_rdat(w_rdat), .w_atomic(w_atomic), .w_rh(w_rh), .w_status(w_status),
    .w_rtp(rtp[w_qp]), .w_head(w_head), .w_tail(w_tail), .w_rd_busy(w_rd_busy),
    .c_qp(c_qp), .c_rtp(rtp[c_qp]), .c_live(live[c_qp]), .c_xrc(1'b0), .c_nidx(16'h0777),
    .c_push(c_push), .c_rw_fire(c_rw_fire), .c_rw_live(c_rw_live), .c_rw_p(c_rw_p), .rw_index(rw_index),
    .rw_first(rw_first), .c_seterr(c_seterr),
    .s_ack_opcode(s_ack_opcode), .s_ack_dqpn(s_ack_dqpn), .s_ack_psn(s_ack_psn), .s_ack_aeth(s_ack_aeth),
    .s_ack_atomic_ack(s_ack_atomic_ack), .s_ack_len(s_ack_len), .s_ack_valid(s_ack_valid), .s_ack_ready(s_ack_ready),
    .tw_q(tw_q), .tw_arm(tw_arm), .tw_rnr(tw_rnr), .tw_off(tw_off), .tw_rl_load(tw_rl_load), .tw_rl_dec(tw_rl_dec),
    .tw_rnr_dec(tw_rnr_dec), .tw_hold_set(tw_hold_set), .tw_hold_clr(tw_hold_clr), .tw_rtx(tw_rtx),
    .tw_rpsn(tw_rpsn), .tw_rtp(tw_rtp), .tw_rnr_code(tw_rnr_code), .c_ld2(c_ld2),
    .c_tm_rnr(c_tm_rnr), .c_hold(c_hold), .c_rl(c_rl), .c_rpsn(c_rpsn), .c_tmo_due(c_tmo_due),
    .w_tm_on(w_tm_on), .tmo_pend(tmo_pend), .tmo_q(tmo_q), .tmo_take(tmo_take),
    .sc_ld(sc_ld), .sc_ld_prog(sc_ld_prog), .sc_ld_len(sc_ld_len), .sc_ld_fin(sc_ld_fin), .sc_start(sc_start),
    .pl_drop(pl_drop), .pl_keep(pl_keep), .pl_atom(pl_atom), .sc_atack(sc_atack),
    .sc_left(sc_len_reg != 13'd0), .sc_done(sc_done), .sc_fin(sc_fin_reg),
    .sc_last(sc_prog[`RNIC_REQ_READ_LAST_PSN_LSB +: 24]), .sc_prog(sc_prog), .sc_pl_idle(1'b1),
    .m_cqe_valid(m_cqe_valid), .m_cqe_ready(m_cqe_ready), .m_cqe_data(m_cqe_data),
    .m_rw_valid(m_rw_valid), .m_rw_ready(m_rw_ready), .m_rw_index(m_rw_index),
    .stat_ack_drop(stat_ack_drop), .stat_nak_seq(stat_nak_seq), .stat_nak_rnr(stat_nak_rnr),
    .stat_retrans(stat_retrans), .stat_timeout(stat_timeout), .stat_retry_exc(stat_retry_exc)
);

rnic_req_timer #(.QPN_W(QPN_W), .TICK_CYCLES(16)) timer (
    .clk(clk), .rst(rst), .tick_turbo(1'b0), .sweep_busy(sweep_busy), .sweep_qp(sweep_qp),
    .cmd_q(tw_q), .cmd_arm(tw_arm), .cmd_rnr(tw_rnr), .cmd_off(tw_off), .cmd_rl_load(tw_rl_load),
    .cmd_rl_dec(tw_rl_dec), .cmd_rnr_dec(tw_rnr_dec), .cmd_hold_set(tw_hold_set), .cmd_hold_clr(tw_hold_clr),
    .cmd_rtx(tw_rtx), .cmd_rpsn(tw_rpsn),
    .cmd_timeout(tw_rtp[`RNIC_REQ_RETRY_TIMEOUT_LSB +: `RNIC_REQ_RETRY_TIMEOUT_W]), .cmd_rnr_code(tw_rnr_code),
    .cmd_retry_cnt(tw_rtp[`RNIC_REQ_RETRY_RETRY_CNT_LSB +: `RNIC_REQ_RETRY_RETRY_CNT_W]),
    .cmd_rnr_retry(tw_rtp[`RNIC_REQ_RETRY_RNR_RETRY_LSB +: `RNIC_REQ_RETRY_RNR_RETRY_W]),
    .ctx_valid(1'b0), .ctx_qp({QPN_W{1'b0}}), .ctx_reset(1'b0), .ctx_err(1'b0),
    .rtx_clr(c_rw_fire), .rtx_clr_qp(c_qp), .c_qp(c_qp), .c_ld2(c_ld2),
    .c_rnr(c_tm_rnr), .c_hold(c_hold), .c_rl(c_rl), .c_rpsn(c_rpsn), .c_tmo_due(c_tmo_due),
    .w_qp(w_qp), .w_tm_on(w_tm_on), .w_rtx(w_rtx), .rtx_valid(rtx_valid), .rtx_qp(rtx_qp),
    .tmo_pend(tmo_pend), .tmo_q(tmo_q), .tmo_take(tmo_take),
    .timer_busy(timer_busy), .timer_skip_ok(timer_skip_ok)
);

integer errors = 0;
integer checks = 0;
reg [31:0] rng = 32'h5d1a_9e37;
`include "tb_xorshift.vh"

task check;
    input        ok;
    input [8*80-1:0] what;
    begin
        checks = checks + 1;
        if (!ok) begin
            $display("FAIL: %0s", what);
            errors = errors + 1;
        end
    end
endtask

// ---- random backpressure on the CQE and rewind outputs
always @(posedge clk) begin
    rng <= xorshift(rng);
    m_cqe_ready <= rng[2:0] != 3'd0;
    m_rw_ready <= rng[4:3] == 2'd0;
end

// ---- the scatter model: sc_ld takes the progress and the bytes; sc_start
// places them in 3 cycles (sc_done); the progress handed back has the next
// expected PSN one further and the bytes added
integer sc_wait = 0;
integer n_ld = 0, n_start = 0;
reg [RB-1:0] ld_prog_seen;
reg [12:0]   ld_len_seen;
reg          ld_fin_seen;
reg [1:0]    route = 2'd0;   // the last packet's payload route: 1 drop, 2 keep, 3 atomic
integer      n_route = 0;    // packets routed
always @(posedge clk) begin
    sc_done <= 1'b0;
    if (sc_ld) begin
        n_ld = n_ld + 1;
        ld_prog_seen = sc_ld_prog;
        ld_len_seen = sc_ld_len;
        ld_fin_seen = sc_ld_fin;
        sc_len_reg <= sc_ld_len;
        sc_fin_reg <= sc_ld_fin;
        sc_prog <= sc_ld_prog;
        sc_prog[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: 24] <= sc_ld_prog[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: 24] + 24'd1;
        sc_prog[`RNIC_REQ_READ_BYTES_LSB +: 32] <= sc_ld_prog[`RNIC_REQ_READ_BYTES_LSB +: 32] + {19'd0, sc_ld_len};
    end
    // (the later of drop, keep, atomic wins, as in rnic_req_scatter)
    if (pl_drop || pl_keep || pl_atom) begin
        n_route = n_route + 1;
        route = pl_atom ? 2'd3 : pl_keep ? 2'd2 : 2'd1;
    end
    if (sc_start) begin
        n_start = n_start + 1;
        sc_wait = 3;
    end else if (sc_wait > 0) begin
        sc_wait = sc_wait - 1;
        if (sc_wait == 0) begin
            sc_done <= 1'b1;
            sc_len_reg <= 13'd0;
        end
    end
end

// ---- CQEs taken, and the expected list
reg [`RNIC_CQE_BITS-1:0] cq [0:63];
integer ncq = 0, ncq_read = 0;
always @(posedge clk)
    if (!rst && m_cqe_valid && m_cqe_ready) begin
        cq[ncq] <= m_cqe_data;
        ncq = ncq + 1;
    end
task expect_cqe;
    input [15:0] index;
    input [7:0]  op;
    input [7:0]  status;
    input [23:0] qpn;
    input [31:0] len;
    reg [`RNIC_CQE_BITS-1:0] c;
    begin
        checks = checks + 1;
        if (ncq_read >= ncq) begin
            $display("FAIL: no CQE for WQE %0d of QP %0d (expected status %0d)", index, qpn, status);
            errors = errors + 1;
        end else begin
            c = cq[ncq_read];
            ncq_read = ncq_read + 1;
            if (c[`RNIC_CQE_WQE_INDEX_LSB +: 16] !== index || c[`RNIC_CQE_OPCODE_LSB +: 8] !== op ||
                c[`RNIC_CQE_STATUS_LSB +: 8] !== status || c[`RNIC_CQE_QPN_LSB +: 24] !== qpn ||
                c[`RNIC_CQE_BYTE_LEN_LSB +: 32] !== len) begin
                $display("FAIL: CQE index %0d op %0d status %0d qpn %0d len %0d; expected %0d %0d %0d %0d %0d",
                         c[`RNIC_CQE_WQE_INDEX_LSB +: 16], c[`RNIC_CQE_OPCODE_LSB +: 8],
                         c[`RNIC_CQE_STATUS_LSB +: 8], c[`RNIC_CQE_QPN_LSB +: 24],
                         c[`RNIC_CQE_BYTE_LEN_LSB +: 32], index, op, status, qpn, len);
                errors = errors + 1;
            end
        end
    end
endtask
task no_more_cqes;
    input [8*40-1:0] what;
    begin
        checks = checks + 1;
        if (ncq_read != ncq) begin
            $display("FAIL: %0s: %0d CQEs more than expected", what, ncq - ncq_read);
            errors = errors + 1;
            ncq_read = ncq;
        end
    end
endtask

// ---- counter pulses, and the error flag the stage sets (the QP leaves RTS)
integer n_drop = 0, n_seq = 0, n_rnr = 0, n_retrans = 0, n_tmo = 0, n_exc = 0, n_seterr = 0;
always @(posedge clk)
    if (!rst) begin
        n_drop = n_drop + stat_ack_drop;
        n_seq = n_seq + stat_nak_seq;
        n_rnr = n_rnr + stat_nak_rnr;
        n_retrans = n_retrans + stat_retrans;
        n_tmo = n_tmo + stat_timeout;
        n_exc = n_exc + stat_retry_exc;
        if (c_seterr) begin
            n_seterr = n_seterr + 1;
            live[c_qp] <= 1'b0;
        end
    end

// ---- the WQE stage
task wait_ready;
    integer t;
    begin
        t = 0;
        #1;
        while (!w_req_ready && t < 2000) begin
            @(negedge clk);
            #1;
            t = t + 1;
        end
        if (!w_req_ready) begin
            $display("FAIL: the completion stage never took the request of QP %0d", w_qp);
            errors = errors + 1;
        end
        @(negedge clk);
    end
endtask
// push WQE index of QP q, PSNs psn..lpsn; kind: bit 0 unacknowledged (UC),
// bit 1 READ / atomic, bit 2 atomic, bit 3 the rewound head
task push;
    input [QPN_W-1:0] q;
    input [15:0] index;
    input [23:0] psn;
    input [23:0] lpsn;
    input        sig;
    input [7:0]  op;
    input [31:0] len;
    input [3:0]  kind;
    begin
        w_qp = q; w_index = index; w_psn = psn; w_last_psn = lpsn; w_sig = sig; w_op = op; w_len = len;
        w_unack = kind[0]; w_rdat = kind[1]; w_atomic = kind[2]; w_rh = kind[3]; w_local = 1'b0;
        // (the WQE stage holds its QP some cycles before it asks: the
        // stage's reads at w_qp are registered)
        repeat (2) @(negedge clk);
        w_push_valid = 1'b1;
        wait_ready;
        w_push_valid = 1'b0;
        @(negedge clk);
    end
endtask
task wqe_error;
    input [QPN_W-1:0] q;
    input [15:0] index;
    input [7:0]  op;
    input [7:0]  status;
    input [31:0] len;
    begin
        w_qp = q; w_index = index; w_op = op; w_status = status; w_len = len;
        repeat (2) @(negedge clk);
        w_err_valid = 1'b1;
        wait_ready;
        w_err_valid = 1'b0;
        @(negedge clk);
    end
endtask
// the timer offers QP q's retransmission: rewind it, expecting the fetch
// engine to go back to WQE x_index and the send PSN to restart at x_psn
task rewind;
    input [QPN_W-1:0] q;
    input [15:0] x_index;
    input [23:0] x_psn;
    integer t;
    reg seen;
    begin
        t = 0;
        while (!(rtx_valid && rtx_qp == q) && t < 20000) begin
            @(negedge clk);
            t = t + 1;
        end
        check(rtx_valid && rtx_qp == q, "the timer offers the retransmission");
        w_qp = q;
        repeat (2) @(negedge clk);
        w_rw_valid = 1'b1;
        seen = 1'b0;
        t = 0;
        #1;
        while (!w_req_ready && t < 2000) begin
            if (m_rw_valid) seen = 1'b1;
            @(negedge clk);
            #1;
            t = t + 1;
        end
        if (m_rw_valid) seen = 1'b1;
        check(w_req_ready && c_rw_fire && seen, "the rewind is taken");
        check(m_rw_index == x_index && c_rw_p == x_psn && c_rw_live && rw_index == x_index,
              "the rewind's WQE index and restart PSN");
        if (!(m_rw_index == x_index && c_rw_p == x_psn))
            $display("      rewind of QP %0d: index %0d PSN %0d, expected %0d %0d", q, m_rw_index, c_rw_p,
                     x_index, x_psn);
        @(negedge clk);
        w_rw_valid = 1'b0;
        @(negedge clk);
    end
endtask

// ---- the ACK input
task ack;
    input [QPN_W:0] q;           // (QPS: an unknown QP)
    input [4:0]  op;             // RC transport
    input [23:0] psn;
    input [31:0] aeth;
    input [12:0] len;
    input [63:0] atack;
    integer t;
    begin
        s_ack_opcode = {3'b000, op}; s_ack_dqpn = q; s_ack_psn = psn; s_ack_aeth = aeth; s_ack_len = len;
        s_ack_atomic_ack = atack;
        s_ack_valid = 1'b1;
        t = 0;
        #1;
        while (!s_ack_ready && t < 2000) begin
            @(negedge clk);
            #1;
            t = t + 1;
        end
        check(s_ack_ready, "the completion stage takes the ACK input's packet");
        @(negedge clk);
        s_ack_valid = 1'b0;
    end
endtask
localparam [31:0] AETH_ACK = {3'd0, 5'h1F, 24'd0};
function [31:0] nak;
    input [4:0] code;
    nak = {`RNIC_AETH_TYPE_NAK, code, 24'd0};
endfunction
function [31:0] rnr;
    input [4:0] code;
    rnr = {`RNIC_AETH_TYPE_RNR_NAK, code, 24'd0};
endfunction

// the stage is idle and stays so (its CQEs out)
task settle;
    integer quiet;
    begin
        quiet = 0;
        while (quiet < 8) begin
            @(negedge clk);
            if (dut.c_state_reg == 4'd0 && !m_cqe_valid && !s_ack_valid)
                quiet = quiet + 1;
            else
                quiet = 0;
        end
    end
endtask
// QP q has n entries outstanding
task ring_is;
    input [QPN_W-1:0] q;
    input integer n;
    input [8*40-1:0] what;
    begin
        w_qp = q;
        @(negedge clk);
        @(negedge clk);
        checks = checks + 1;
        if (w_tail - w_head !== n[OW:0]) begin
            $display("FAIL: %0s: QP %0d has %0d entries outstanding, expected %0d", what, q, w_tail - w_head, n);
            errors = errors + 1;
        end
    end
endtask
task counts;
    input integer drop, seq, rnrn, retrans, tmo, exc, seterr;
    input [8*40-1:0] what;
    begin
        checks = checks + 1;
        if (n_drop != drop || n_seq != seq || n_rnr != rnrn || n_retrans != retrans || n_tmo != tmo ||
            n_exc != exc || n_seterr != seterr) begin
            $display("FAIL: %0s: counters drop %0d seq %0d rnr %0d retrans %0d timeout %0d retry_exc %0d seterr %0d; expected %0d %0d %0d %0d %0d %0d %0d",
                     what, n_drop, n_seq, n_rnr, n_retrans, n_tmo, n_exc, n_seterr,
                     drop, seq, rnrn, retrans, tmo, exc, seterr);
            errors = errors + 1;
        end
    end
endtask
function [`RNIC_REQ_RETRY_BITS-1:0] retry;
    input [4:0] timeout;
    input [2:0] retry_cnt;
    input [2:0] rnr_retry;
    retry = {timeout, retry_cnt, rnr_retry};
endfunction

localparam [7:0] OP_SEND = `RNIC_CQE_OP_REQ_SEND, OP_WRITE = `RNIC_CQE_OP_REQ_RDMA_WRITE,
                 OP_READ = `RNIC_CQE_OP_REQ_RDMA_READ, OP_FA = `RNIC_CQE_OP_REQ_ATOMIC_FA;
localparam [7:0] S_OK = `RNIC_WC_STATUS_SUCCESS, S_FLUSH = `RNIC_WC_STATUS_WR_FLUSH_ERR;
integer i;
initial begin
    for (i = 0; i < QPS; i = i + 1) begin
        rtp[i] = retry(5'd10, 3'd3, 3'd3);     // 1,024 ticks: no timeout in these cases
        live[i] = 1'b1;
    end
    repeat (3) @(negedge clk);
    rst = 1'b0;
    sweep_busy = 1'b1;
    for (i = 0; i < QPS; i = i + 1) begin
        sweep_qp = i;
        @(negedge clk);
    end
    sweep_busy = 1'b0;
    repeat (4) @(negedge clk);

    // 1: ACKs. Three WQEs of QP 1, the middle one unsignaled; an ACK of
    // PSN 103 retires the first two (one CQE), then one of 104 the third;
    // a duplicate and an ACK for an unknown QP are dropped
    push(1, 16'd10, 24'd100, 24'd100, 1'b1, OP_SEND, 32'd64, 4'd0);
    check(w_tm_on, "the first push starts the QP's timer");
    push(1, 16'd11, 24'd101, 24'd103, 1'b0, OP_WRITE, 32'd3000, 4'd0);
    push(1, 16'd12, 24'd104, 24'd104, 1'b1, OP_SEND, 32'd8, 4'd0);
    ring_is(1, 3, "three pushed");
    ack(1, `RNIC_BTH_OP_ACK, 24'd103, AETH_ACK, 13'd0, 64'd0);
    settle;
    expect_cqe(16'd10, OP_SEND, S_OK, 24'd1, 32'd64);
    no_more_cqes("ACK of 103");
    ring_is(1, 1, "ACK of 103");
    ack(1, `RNIC_BTH_OP_ACK, 24'd104, AETH_ACK, 13'd0, 64'd0);
    settle;
    expect_cqe(16'd12, OP_SEND, S_OK, 24'd1, 32'd8);
    no_more_cqes("ACK of 104");
    ring_is(1, 0, "ACK of 104");
    check(!w_tm_on, "the timer stops with the ring empty");
    ack(1, `RNIC_BTH_OP_ACK, 24'd104, AETH_ACK, 13'd0, 64'd0);
    ack(QPS, `RNIC_BTH_OP_ACK, 24'd5, AETH_ACK, 13'd0, 64'd0);
    settle;
    no_more_cqes("duplicate ACK");
    counts(2, 0, 0, 0, 0, 0, 0, "ACKs");

    // 2: a remote access NAK at the second of three WQEs of QP 2
    push(2, 16'd20, 24'd200, 24'd200, 1'b0, OP_WRITE, 32'd10, 4'd0);
    push(2, 16'd21, 24'd201, 24'd201, 1'b0, OP_WRITE, 32'd11, 4'd0);
    push(2, 16'd22, 24'd202, 24'd202, 1'b1, OP_SEND, 32'd5, 4'd0);
    ack(2, `RNIC_BTH_OP_ACK, 24'd201, nak(`RNIC_AETH_NAK_REM_ACCESS_ERR), 13'd0, 64'd0);
    settle;
    expect_cqe(16'd21, OP_WRITE, `RNIC_WC_STATUS_REM_ACCESS_ERR, 24'd2, 32'd11);
    expect_cqe(16'd22, OP_SEND, S_FLUSH, 24'd2, 32'd5);
    no_more_cqes("NAK");
    ring_is(2, 0, "NAK");
    counts(2, 0, 0, 0, 0, 0, 1, "NAK");

    // 3: a WQE-stage error behind two outstanding WQEs of QP 3
    push(3, 16'd30, 24'd300, 24'd300, 1'b1, OP_SEND, 32'd1, 4'd0);
    push(3, 16'd31, 24'd301, 24'd301, 1'b1, OP_SEND, 32'd2, 4'd0);
    wqe_error(3, 16'd32, OP_SEND, `RNIC_WC_STATUS_LOC_PROT_ERR, 32'd7);
    settle;
    expect_cqe(16'd30, OP_SEND, S_FLUSH, 24'd3, 32'd1);
    expect_cqe(16'd31, OP_SEND, S_FLUSH, 24'd3, 32'd2);
    expect_cqe(16'd32, OP_SEND, `RNIC_WC_STATUS_LOC_PROT_ERR, 24'd3, 32'd7);
    no_more_cqes("WQE-stage error");
    ring_is(3, 0, "WQE-stage error");

    // 4: UC WQEs complete at the push (the unsignaled one without a CQE)
    push(4, 16'd40, 24'd400, 24'd401, 1'b1, OP_WRITE, 32'd2000, 4'b0001);
    push(4, 16'd41, 24'd402, 24'd402, 1'b0, OP_SEND, 32'd9, 4'b0001);
    push(4, 16'd42, 24'd403, 24'd403, 1'b1, OP_SEND, 32'd0, 4'b0001);
    settle;
    expect_cqe(16'd40, OP_WRITE, S_OK, 24'd4, 32'd2000);
    expect_cqe(16'd42, OP_SEND, S_OK, 24'd4, 32'd0);
    no_more_cqes("UC");
    ring_is(4, 0, "UC");
    check(!w_tm_on, "UC starts no timer");

    // 5: a PSN sequence NAK at 501: 500 is retired, the timer offers the
    // retransmission, the rewind goes back to WQE 51 at PSN 501 (the ring
    // truncated to its head), the resent WQEs are acknowledged
    push(5, 16'd50, 24'd500, 24'd500, 1'b1, OP_SEND, 32'd1, 4'd0);
    push(5, 16'd51, 24'd501, 24'd502, 1'b1, OP_WRITE, 32'd2000, 4'd0);
    push(5, 16'd52, 24'd503, 24'd503, 1'b1, OP_SEND, 32'd3, 4'd0);
    ack(5, `RNIC_BTH_OP_ACK, 24'd501, nak(`RNIC_AETH_NAK_PSN_SEQ_ERR), 13'd0, 64'd0);
    settle;
    expect_cqe(16'd50, OP_SEND, S_OK, 24'd5, 32'd1);
    no_more_cqes("sequence NAK");
    rewind(5, 16'd51, 24'd501);
    ring_is(5, 0, "rewind");
    push(5, 16'd51, 24'd501, 24'd502, 1'b1, OP_WRITE, 32'd2000, 4'b1000);
    push(5, 16'd52, 24'd503, 24'd503, 1'b1, OP_SEND, 32'd3, 4'd0);
    ack(5, `RNIC_BTH_OP_ACK, 24'd503, AETH_ACK, 13'd0, 64'd0);
    settle;
    expect_cqe(16'd51, OP_WRITE, S_OK, 24'd5, 32'd2000);
    expect_cqe(16'd52, OP_SEND, S_OK, 24'd5, 32'd3);
    no_more_cqes("resent WQEs");
    ring_is(5, 0, "resent WQEs");
    counts(2, 1, 0, 1, 0, 0, 1, "sequence NAK");

    // 6: a READ of 1,500 bytes (PSNs 600-601): a MIDDLE response at 600 is
    // out of place (dropped, its payload discarded), FIRST of 1,024 bytes is
    // placed, LAST of 476 completes it
    push(6, 16'd60, 24'd600, 24'd601, 1'b1, OP_READ, 32'd1500, 4'b0010);
    w_qp = 6;
    repeat (3) @(negedge clk);
    check(w_rd_busy, "a READ is outstanding");
    ack(6, `RNIC_BTH_OP_READ_RESP_MIDDLE, 24'd600, AETH_ACK, 13'd1024, 64'd0);
    settle;
    check(n_route == 1 && route == 2'd1 && n_ld == 0, "an out-of-place response's payload is dropped");
    ack(6, `RNIC_BTH_OP_READ_RESP_FIRST, 24'd600, AETH_ACK, 13'd1024, 64'd0);
    settle;
    check(n_ld == 1 && n_start == 1 && n_route == 2 && route == 2'd2 && ld_len_seen == 13'd1024 && !ld_fin_seen,
          "FIRST: loaded, kept, placed");
    check(ld_prog_seen[`RNIC_REQ_READ_FIRST_PSN_LSB +: 24] == 24'd600 &&
          ld_prog_seen[`RNIC_REQ_READ_LAST_PSN_LSB +: 24] == 24'd601 &&
          ld_prog_seen[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: 24] == 24'd600 &&
          ld_prog_seen[`RNIC_REQ_READ_BYTES_LSB +: 32] == 32'd0 &&
          ld_prog_seen[`RNIC_REQ_READ_LENGTH_LSB +: 32] == 32'd1500, "FIRST: the READ's progress as pushed");
    no_more_cqes("READ FIRST");
    ack(6, `RNIC_BTH_OP_READ_RESP_LAST, 24'd601, AETH_ACK, 13'd476, 64'd0);
    settle;
    check(n_ld == 2 && n_start == 2 && n_route == 3 && route == 2'd2 && ld_len_seen == 13'd476 && ld_fin_seen &&
          ld_prog_seen[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: 24] == 24'd601 &&
          ld_prog_seen[`RNIC_REQ_READ_BYTES_LSB +: 32] == 32'd1024, "LAST: the progress written back after FIRST");
    expect_cqe(16'd60, OP_READ, S_OK, 24'd6, 32'd1500);
    no_more_cqes("READ LAST");
    ring_is(6, 0, "READ");
    check(!w_rd_busy, "the READ is no longer outstanding");
    counts(3, 1, 0, 1, 0, 0, 1, "READ");

    // 7: a FETCH_AND_ADD: its ATOMIC ACKNOWLEDGE's 8 bytes are placed
    push(7, 16'd70, 24'd700, 24'd700, 1'b1, OP_FA, 32'd8, 4'b0110);
    ack(7, `RNIC_BTH_OP_ATOMIC_ACK, 24'd700, AETH_ACK, 13'd0, 64'h1122_3344_5566_7788);
    settle;
    check(n_ld == 3 && n_start == 3 && n_route == 4 && route == 2'd3 && ld_len_seen == 13'd8 && ld_fin_seen &&
          sc_atack == 64'h1122_3344_5566_7788, "ATOMIC ACKNOWLEDGE: 8 bytes of atomic data placed");
    expect_cqe(16'd70, OP_FA, S_OK, 24'd7, 32'd8);
    no_more_cqes("atomic");
    ring_is(7, 0, "atomic");

    // 8: a READ RESPONSE ONLY longer than its READ: LOC_LEN_ERR, nothing placed
    push(8, 16'd80, 24'd800, 24'd800, 1'b1, OP_READ, 32'd100, 4'b0010);
    ack(8, `RNIC_BTH_OP_READ_RESP_ONLY, 24'd800, AETH_ACK, 13'd200, 64'd0);
    settle;
    check(n_ld == 3 && n_route == 5 && route == 2'd1, "a response too long is not placed");
    expect_cqe(16'd80, OP_READ, `RNIC_WC_STATUS_LOC_LEN_ERR, 24'd8, 32'd100);
    no_more_cqes("READ length error");
    ring_is(8, 0, "READ length error");
    check(!w_rd_busy, "the READ is no longer outstanding");
    counts(3, 1, 0, 1, 0, 0, 2, "READ length error");

    // 9: local ACK timeouts (timeout code 1: 2 ticks), one retry: the first
    // timeout resends (rewind to WQE 90), the second completes RETRY_EXC_ERR
    rtp[9] = retry(5'd1, 3'd1, 3'd0);
    push(9, 16'd90, 24'd900, 24'd900, 1'b1, OP_SEND, 32'd4, 4'd0);
    rewind(9, 16'd90, 24'd900);
    push(9, 16'd90, 24'd900, 24'd900, 1'b1, OP_SEND, 32'd4, 4'b1000);
    i = 0;
    while (ncq == ncq_read && i < 5000) begin
        @(negedge clk);
        i = i + 1;
    end
    settle;
    expect_cqe(16'd90, OP_SEND, `RNIC_WC_STATUS_RETRY_EXC_ERR, 24'd9, 32'd4);
    no_more_cqes("retries exceeded");
    ring_is(9, 0, "retries exceeded");
    counts(3, 1, 0, 2, 2, 1, 3, "timeouts");

    // 10: RNR NAKs (code 1: 0.01 ms, 3 ticks), one RNR retry: the first
    // waits and resends, the second completes RNR_RETRY_EXC_ERR
    rtp[10] = retry(5'd10, 3'd3, 3'd1);
    push(10, 16'd100, 24'd1000, 24'd1000, 1'b1, OP_SEND, 32'd4, 4'd0);
    ack(10, `RNIC_BTH_OP_ACK, 24'd1000, rnr(5'd1), 13'd0, 64'd0);
    rewind(10, 16'd100, 24'd1000);
    push(10, 16'd100, 24'd1000, 24'd1000, 1'b1, OP_SEND, 32'd4, 4'b1000);
    ack(10, `RNIC_BTH_OP_ACK, 24'd1000, rnr(5'd1), 13'd0, 64'd0);
    settle;
    expect_cqe(16'd100, OP_SEND, `RNIC_WC_STATUS_RNR_RETRY_EXC_ERR, 24'd10, 32'd4);
    no_more_cqes("RNR retries exceeded");
    ring_is(10, 0, "RNR retries exceeded");
    counts(3, 1, 2, 3, 2, 2, 4, "RNR NAKs");

    $display("tb_req_cmpl: %0d checks, %0d CQEs", checks, ncq);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

initial begin
    #5_000_000;
    $display("FAIL: timeout");
    $finish;
end

endmodule

`default_nettype wire
