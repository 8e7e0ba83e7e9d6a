// tb_doorbell: rnic_doorbell (16 QPs, 4 CQs, 4 SRQs) on its own.
//
// Directed: the reset sweep (init_done, doorbells rejected before it); the
// latency of an SQ doorbell and of a handed-back QP through an idle
// scheduler, and of RQ, CQ and SRQ doorbells; round-robin service of eight
// QPs that are handed back at once after every pick (each run of eight
// picks holds eight different QPs).
//
// Random: doorbells of every kind (right and wrong pages, numbers out of
// range, every QP state), context writes in any cycle (also the doorbell's
// own and the next), hand-backs after random delays and a consumer that is
// not always ready. A model of the tables predicts, cycle by cycle, every
// RQ, CQ and SRQ output and every reject pulse. For send queues it checks
// that every pick carries an index the QP's doorbells wrote, that no QP is
// in the scheduler FIFO twice, and at the end, once all is drained, that
// every QP with an accepted SQ doorbell or a hand-back (and sendable since)
// was picked after it, with its newest index: no doorbell lost.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_doorbell;

localparam LOG_QPS = 4;
localparam LOG_CQS = 2;
localparam LOG_SRQS = 2;
localparam QPS = 1 << LOG_QPS;
localparam CQS = 1 << LOG_CQS;
localparam SRQS = 1 << LOG_SRQS;
localparam RANDOM_CYCLES = 40000;

reg clk = 1'b0;
always #2 clk = ~clk;

integer errors = 0;
integer checks = 0;
integer cyc = 0;
always @(posedge clk) cyc <= cyc + 1;

reg         rst = 1'b1;
reg         ctx_wr_valid = 0;
reg  [7:0]  ctx_wr_table = 0;
reg  [23:0] ctx_wr_index = 0;
reg  [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data = 0;
reg         db_valid = 0;
reg  [15:0] db_page = 0;
reg  [1:0]  db_reg = 0;
reg  [31:0] db_value = 0;
reg         m_sched_ready = 0;
reg         s_requeue_valid = 0;
reg  [23:0] s_requeue_qpn = 0;
wire        m_sched_valid, s_requeue_ready;
wire [23:0] m_sched_qpn, m_rq_pi_qpn, m_srq_pi_srqn, m_cq_db_cqn;
wire [15:0] m_sched_pi, m_rq_pi, m_srq_pi, m_cq_db_ci;
wire [1:0]  m_cq_db_arm;
wire        m_rq_pi_valid, m_srq_pi_valid, m_cq_db_valid, stat_db_reject, init_done;

rnic_doorbell #(.LOG_QPS(LOG_QPS), .LOG_CQS(LOG_CQS), .LOG_SRQS(LOG_SRQS)) dut (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .db_valid(db_valid), .db_page(db_page), .db_reg(db_reg), .db_value(db_value),
    .m_sched_valid(m_sched_valid), .m_sched_ready(m_sched_ready),
    .m_sched_qpn(m_sched_qpn), .m_sched_pi(m_sched_pi),
    .s_requeue_valid(s_requeue_valid), .s_requeue_ready(s_requeue_ready),
    .s_requeue_qpn(s_requeue_qpn),
    .m_rq_pi_valid(m_rq_pi_valid), .m_rq_pi_qpn(m_rq_pi_qpn), .m_rq_pi(m_rq_pi),
    .m_srq_pi_valid(m_srq_pi_valid), .m_srq_pi_srqn(m_srq_pi_srqn), .m_srq_pi(m_srq_pi),
    .m_cq_db_valid(m_cq_db_valid), .m_cq_db_cqn(m_cq_db_cqn), .m_cq_db_ci(m_cq_db_ci),
    .m_cq_db_arm(m_cq_db_arm),
    .stat_db_reject(stat_db_reject), .init_done(init_done)
);

task check;
    input         cond;
    input [319:0] what;     // up to 40 characters
    begin
        checks = checks + 1;
        if (!cond) begin
            errors = errors + 1;
            if (errors < 30)
                $display("tb_doorbell: FAIL at cycle %0d: %0s", cyc, what);
        end
    end
endtask

function sendable;
    input [3:0] st;
    begin
        sendable = st == `RNIC_QP_STATE_RTS || st == `RNIC_QP_STATE_SQD ||
                   st == `RNIC_QP_STATE_SQE || st == `RNIC_QP_STATE_ERR;
    end
endfunction

// ---------------------------------------------------------------------------
// the model: tables as of the end of the previous cycle

reg [15:0] m_q_uctx [0:QPS-1];
reg [3:0]  m_q_state [0:QPS-1];
reg [15:0] m_c_uctx [0:CQS-1];
reg        m_c_valid [0:CQS-1];
reg [15:0] m_s_uctx [0:SRQS-1];
reg        m_s_valid [0:SRQS-1];
reg [15:0] m_sq_pi [0:QPS-1];
reg [15:0] m_pi_hist [0:QPS-1][0:7];    // the last indexes written, newest first
integer    m_obl [0:QPS-1];             // cycle of the last accepted SQ doorbell or hand-back
integer    m_disrupt [0:QPS-1];         // last cycle the QP was not sendable
integer    m_sendable_at [0:QPS-1];     // last cycle it was
integer    m_picked [0:QPS-1];          // cycle of the last pick
reg [15:0] m_picked_pi [0:QPS-1];
integer    picks = 0;
reg        o_pend [0:QPS-1];            // an owed pick not yet seen
integer    o_time [0:QPS-1];
reg [15:0] o_pi [0:QPS-1];
integer    n_owed = 0, max_wait = 0;

// the doorbell in D1 (presented the cycle before)
reg        p_db = 0;
reg [15:0] p_page = 0;
reg [1:0]  p_reg = 0;
reg [31:0] p_value = 0;
reg        p_on = 0;

// outputs expected in the current cycle
reg        e_rq = 0, e_srq = 0, e_cq = 0, e_rej = 0;
reg [15:0] e_rq_qpn = 0, e_rq_pi = 0, e_srq_srqn = 0, e_srq_pi = 0, e_cq_ci = 0;
reg [13:0] e_cq_cqn = 0;
reg [1:0]  e_cq_arm = 0;

integer n_p2 = 0, n_p2_drop = 0;
integer n_rq = 0, n_srq = 0, n_cq = 0, n_rej = 0, n_sq = 0, n_hand = 0;
integer i, j;
reg        hit;

// hand-backs waiting to be offered: QP and the cycle from which to offer it
reg [LOG_QPS-1:0] hb_q [0:63];
integer    hb_at [0:63];
integer    hb_wr = 0, hb_rd = 0;
reg        hand_back_on = 0;
integer    hand_back_delay = 8;      // 0: offer the very next cycle
reg        rr_mode = 0;              // directed round-robin phase: log the picks
reg [LOG_QPS-1:0] rr_log [0:1023];
integer    rr_n = 0;

task model_reset;
    begin
        for (i = 0; i < QPS; i = i + 1) begin
            m_q_uctx[i] = 0; m_q_state[i] = `RNIC_QP_STATE_RESET; m_sq_pi[i] = 0;
            for (j = 0; j < 8; j = j + 1) m_pi_hist[i][j] = 0;
            m_obl[i] = -1; m_disrupt[i] = 0; m_sendable_at[i] = -100; m_picked[i] = -1; m_picked_pi[i] = 0; o_pend[i] = 0;
        end
        for (i = 0; i < CQS; i = i + 1) begin m_c_uctx[i] = 0; m_c_valid[i] = 0; end
        for (i = 0; i < SRQS; i = i + 1) begin m_s_uctx[i] = 0; m_s_valid[i] = 0; end
    end
endtask

initial model_reset;

wire [15:0] p_qpn = p_value[`RNIC_DB_SQ_QPN_LSB +: 16];
wire [15:0] p_srqn = p_value[`RNIC_DB_SRQ_SRQN_LSB +: 16];
wire [13:0] p_cqn = p_value[`RNIC_DB_CQ_CQN_LSB +: 14];
wire [3:0]  c_state = ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
wire        c_on = ctx_wr_valid && init_done;
wire        c_qpc = c_on && ctx_wr_table == `RNIC_CTX_TABLE_QPC && ctx_wr_index < QPS;
wire        c_clear = c_qpc && (c_state == `RNIC_QP_STATE_RESET || c_state == `RNIC_QP_STATE_INIT);

always @(posedge clk) begin : model
    reg a_sq, a_rq, a_cq, a_srq;
    reg [3:0] qidx;
    integer mi, mj;
    if (rst) begin
        p_db = 0; e_rq = 0; e_srq = 0; e_cq = 0; e_rej = 0;
    end else begin
        // this cycle's outputs against the prediction
        check(m_rq_pi_valid == e_rq, "m_rq_pi_valid");
        if (e_rq) check(m_rq_pi_qpn == {8'd0, e_rq_qpn} && m_rq_pi == e_rq_pi, "RQ doorbell fields");
        check(m_srq_pi_valid == e_srq, "m_srq_pi_valid");
        if (e_srq) check(m_srq_pi_srqn == {8'd0, e_srq_srqn} && m_srq_pi == e_srq_pi, "SRQ doorbell fields");
        check(m_cq_db_valid == e_cq, "m_cq_db_valid");
        if (e_cq) check(m_cq_db_cqn == {10'd0, e_cq_cqn} && m_cq_db_ci == e_cq_ci &&
                        m_cq_db_arm == e_cq_arm, "CQ doorbell fields");
        check(stat_db_reject == e_rej, "stat_db_reject");

        // P2 (looked into): the QP leaves to the output FIFO if its state
        // as of the P1 cycle allows sending and no clear comes now, with
        // the producer index as of the P1 cycle
        if (dut.p2_valid_reg) begin
            qidx = dut.p2_qidx_reg;
            check(dut.p2_out == (sendable(m_q_state[qidx]) && !(c_clear && ctx_wr_index[3:0] == qidx)),
                  "P2: state as of P1");
            if (dut.p2_out) check(dut.p2_pi == m_sq_pi[qidx], "P2: index as of P1");
            n_p2 = n_p2 + 1;
            if (!dut.p2_out) n_p2_drop = n_p2_drop + 1;
        end

        // D1 of the doorbell presented last cycle, against the tables as of
        // then (its own cycle's context write included) and this cycle's
        // clear
        qidx = p_qpn[3:0];
        a_sq = p_db && p_on && p_reg == 0 && p_qpn < QPS && m_q_uctx[qidx] == p_page &&
               sendable(m_q_state[qidx]) && !c_clear;
        a_rq = p_db && p_on && p_reg == 1 && p_qpn < QPS && m_q_uctx[qidx] == p_page &&
               m_q_state[qidx] != `RNIC_QP_STATE_RESET;
        a_cq = p_db && p_on && p_reg == 2 && p_cqn < CQS && m_c_valid[p_cqn[1:0]] &&
               m_c_uctx[p_cqn[1:0]] == p_page;
        a_srq = p_db && p_on && p_reg == 3 && p_srqn < SRQS && m_s_valid[p_srqn[1:0]] &&
                m_s_uctx[p_srqn[1:0]] == p_page;
        e_rq = a_rq; e_rq_qpn = p_qpn; e_rq_pi = p_value[15:0];
        e_srq = a_srq; e_srq_srqn = p_srqn; e_srq_pi = p_value[15:0];
        e_cq = a_cq; e_cq_cqn = p_cqn; e_cq_ci = p_value[15:0]; e_cq_arm = p_value[31:30];
        e_rej = p_db && !a_sq && !a_rq && !a_cq && !a_srq;
        if (a_rq) n_rq = n_rq + 1;
        if (a_srq) n_srq = n_srq + 1;
        if (a_cq) n_cq = n_cq + 1;
        if (e_rej) n_rej = n_rej + 1;
        if (a_sq) begin
            n_sq = n_sq + 1;
            m_sq_pi[qidx] = p_value[15:0];
            for (mj = 7; mj > 0; mj = mj - 1) m_pi_hist[qidx][mj] = m_pi_hist[qidx][mj-1];
            m_pi_hist[qidx][0] = p_value[15:0];
            m_obl[qidx] = cyc;
            if (!o_pend[qidx]) begin o_pend[qidx] = 1; o_time[qidx] = cyc; n_owed = n_owed + 1; end
            o_pi[qidx] = p_value[15:0];
        end

        // this cycle's context write
        if (c_qpc) begin
            m_q_uctx[ctx_wr_index[3:0]] = ctx_wr_data[`RNIC_QPC_UCTX_LSB +: `RNIC_QPC_UCTX_W];
            m_q_state[ctx_wr_index[3:0]] = c_state;
            if (c_clear) begin
                m_sq_pi[ctx_wr_index[3:0]] = 0;
                for (mj = 7; mj > 0; mj = mj - 1) m_pi_hist[ctx_wr_index[3:0]][mj] = m_pi_hist[ctx_wr_index[3:0]][mj-1];
                m_pi_hist[ctx_wr_index[3:0]][0] = 0;
            end
        end
        if (c_on && ctx_wr_table == `RNIC_CTX_TABLE_CQC && ctx_wr_index < CQS) begin
            m_c_uctx[ctx_wr_index[1:0]] = ctx_wr_data[`RNIC_CQC_UCTX_LSB +: `RNIC_CQC_UCTX_W];
            m_c_valid[ctx_wr_index[1:0]] = ctx_wr_data[`RNIC_CQC_VALID_LSB];
        end
        if (c_on && ctx_wr_table == `RNIC_CTX_TABLE_SRQC && ctx_wr_index < SRQS) begin
            m_s_uctx[ctx_wr_index[1:0]] = ctx_wr_data[`RNIC_SRQC_UCTX_LSB +: `RNIC_SRQC_UCTX_W];
            m_s_valid[ctx_wr_index[1:0]] = ctx_wr_data[`RNIC_SRQC_VALID_LSB];
        end
        for (mi = 0; mi < QPS; mi = mi + 1) begin
            if (!sendable(m_q_state[mi])) begin
                m_disrupt[mi] = cyc;
                o_pend[mi] = 0;         // a QP that may not send is owed nothing
            end else
                m_sendable_at[mi] = cyc;
            if (o_pend[mi] && cyc - o_time[mi] > 400) begin
                check(0, "owed pick within 400 cycles");
                o_pend[mi] = 0;
            end
        end

        // a hand-back taken: the QP is owed a pick
        if (s_requeue_valid && s_requeue_ready && s_requeue_qpn < QPS) begin
            m_obl[s_requeue_qpn[3:0]] = cyc;
            if (!o_pend[s_requeue_qpn[3:0]]) begin
                o_pend[s_requeue_qpn[3:0]] = 1; o_time[s_requeue_qpn[3:0]] = cyc;
                o_pi[s_requeue_qpn[3:0]] = m_sq_pi[s_requeue_qpn[3:0]]; n_owed = n_owed + 1;
            end
            n_hand = n_hand + 1;
        end

        // a pick: its index is one the QP's doorbells wrote
        if (m_sched_valid && m_sched_ready) begin
            picks = picks + 1;
            check(m_sched_qpn < QPS, "picked QP in range");
            qidx = m_sched_qpn[3:0];
            check(m_sendable_at[qidx] >= cyc - 64, "picked QP sendable lately");
            hit = 0;
            for (mj = 0; mj < 8; mj = mj + 1) if (m_pi_hist[qidx][mj] == m_sched_pi) hit = 1;
            check(hit, "picked index written by a doorbell");
            // it pays what the QP is owed if it carries that index or a newer one
            if (o_pend[qidx] && $signed(m_sched_pi - o_pi[qidx]) >= 0) begin
                o_pend[qidx] = 0;
                if (cyc - o_time[qidx] > max_wait) max_wait = cyc - o_time[qidx];
            end
            m_picked[qidx] = cyc;
            m_picked_pi[qidx] = m_sched_pi;
            if (rr_mode && rr_n < 1024) begin rr_log[rr_n] = qidx; rr_n = rr_n + 1; end
            if (hand_back_on) begin
                hb_q[hb_wr % 64] = qidx;
                hb_at[hb_wr % 64] = cyc + 1 + (hand_back_delay == 0 ? 0 : $urandom % hand_back_delay);
                hb_wr = hb_wr + 1;
            end
        end

        p_db = db_valid; p_page = db_page; p_reg = db_reg; p_value = db_value; p_on = init_done;
    end
end

// the scheduler FIFO never holds a QP twice, nor more than QPS entries
integer f, g;
always @(posedge clk) begin
    if (!rst) begin
        checks = checks + 1;
        if (((dut.wr_ptr_reg - dut.rd_ptr_reg) & ((2 << LOG_QPS) - 1)) > QPS) begin
            errors = errors + 1;
            $display("tb_doorbell: FAIL at cycle %0d: FIFO holds more than %0d", cyc, QPS);
        end
        for (f = dut.rd_ptr_reg; f != dut.wr_ptr_reg; f = (f + 1) & ((2 << LOG_QPS) - 1))
            for (g = (f + 1) & ((2 << LOG_QPS) - 1); g != dut.wr_ptr_reg; g = (g + 1) & ((2 << LOG_QPS) - 1))
                if (dut.fifo_mem[f % QPS][LOG_QPS:1] == dut.fifo_mem[g % QPS][LOG_QPS:1]) begin
                    errors = errors + 1;
                    $display("tb_doorbell: FAIL at cycle %0d: QP %0d twice in the FIFO", cyc,
                             dut.fifo_mem[f % QPS][LOG_QPS:1]);
                end
    end
end

// coverage of the forwarding paths: a push checked in the cycle after its
// QP's P1 (xf) or after a push of the same QP (sf), a P2 with an index
// written in its P1 cycle (pf), a D1 with a context write to its object in
// its D0 cycle (cf)
integer n_xf = 0, n_sf = 0, n_pf = 0, n_cf = 0;
always @(posedge clk) begin
    if (!rst) begin
        if ((dut.db_sq || dut.r_valid_reg) && dut.xf_valid_reg && dut.xf_qidx_reg == dut.d_qidx_reg) n_xf = n_xf + 1;
        if ((dut.db_sq || dut.r_valid_reg) && dut.sf_valid_reg && dut.sf_qidx_reg == dut.d_qidx_reg) n_sf = n_sf + 1;
        if (dut.p2_valid_reg && dut.pf_valid_reg && dut.pf_qidx_reg == dut.p2_qidx_reg) n_pf = n_pf + 1;
        if (dut.d_valid_reg && (dut.cf_q_hit || dut.cf_c_hit || dut.cf_s_hit)) n_cf = n_cf + 1;
    end
end

// hand-backs: offered in order from their cycle on
always @(posedge clk) begin
    if (s_requeue_valid && s_requeue_ready) hb_rd = hb_rd + 1;
end
always @(negedge clk) begin
    s_requeue_valid = hb_rd != hb_wr && hb_at[hb_rd % 64] <= cyc;
    s_requeue_qpn = {20'd0, hb_q[hb_rd % 64]};
end

// ---------------------------------------------------------------------------
// stimulus

task cycle;
    begin
        @(posedge clk); #1;
    end
endtask

task idle;
    begin
        ctx_wr_valid = 0; db_valid = 0;
    end
endtask

function [32*`RNIC_CTX_WORDS-1:0] qpc;
    input [3:0]  state;
    input [15:0] uctx;
    begin
        qpc = 0;
        qpc[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] = state;
        qpc[`RNIC_QPC_UCTX_LSB +: `RNIC_QPC_UCTX_W] = uctx;
    end
endfunction

function [32*`RNIC_CTX_WORDS-1:0] cqc;
    input        valid;
    input [15:0] uctx;
    begin
        cqc = 0;
        cqc[`RNIC_CQC_VALID_LSB] = valid;
        cqc[`RNIC_CQC_UCTX_LSB +: `RNIC_CQC_UCTX_W] = uctx;
    end
endfunction

function [32*`RNIC_CTX_WORDS-1:0] srqc;
    input        valid;
    input [15:0] uctx;
    begin
        srqc = 0;
        srqc[`RNIC_SRQC_VALID_LSB] = valid;
        srqc[`RNIC_SRQC_UCTX_LSB +: `RNIC_SRQC_UCTX_W] = uctx;
    end
endfunction

task ctx;
    input [7:0]  table_id;
    input [23:0] index;
    input [32*`RNIC_CTX_WORDS-1:0] data;
    begin
        ctx_wr_valid = 1; ctx_wr_table = table_id; ctx_wr_index = index; ctx_wr_data = data;
        cycle; idle;
    end
endtask

task doorbell;
    input [1:0]  r;
    input [15:0] page;
    input [15:0] num;
    input [15:0] val;
    begin
        db_valid = 1; db_reg = r; db_page = page; db_value = {num, val};
        if (r == 2) db_value[31:30] = val[1:0];
    end
endtask

// one random phase: the consumer is ready in ready_pct % of the cycles, a
// doorbell comes in db_pct % of the cycles; if sparse, SQ doorbells only,
// and none for a QP still owed a pick unless the QP is in P1 (its pick
// then has to come from this doorbell: nothing else can pay it)
reg [15:0] pi_next [0:QPS-1];
task random_phase;
    input integer cycles;
    input integer ready_pct;
    input integer db_pct;
    input         sparse;
    integer n;
    begin
        for (n = 0; n < cycles; n = n + 1) begin
            m_sched_ready = ($urandom % 100) < ready_pct;
            idle;
            if (($urandom % 100) < db_pct) begin
                j = $urandom % 18;
                // aimed, a third of the time each, at the QP in P1 or at the
                // FIFO head (in P1 next cycle, with this doorbell in D1)
                case ($urandom % 3)
                0: if (dut.p1_valid_reg) j = dut.p1_qidx;
                1: if (dut.wr_ptr_reg != dut.rd_ptr_reg) j = dut.fifo_mem[dut.rd_ptr_reg % QPS][LOG_QPS:1];
                default: ;
                endcase
                db_valid = 1;
                db_reg = $urandom % 4;
                if (sparse) db_reg = 0;
                db_page = 16'd1 + $urandom % 2;
                if (db_reg == 0 && j < QPS) begin
                    if (sparse) db_page = m_q_uctx[j];
                    if (sparse && o_pend[j] && !(dut.p1_valid_reg && dut.p1_qidx == j)) begin
                        db_valid = 0;
                    end else begin
                        pi_next[j] = pi_next[j] + 1;
                    end
                    db_value = {j[15:0], pi_next[j]};
                end else begin
                    db_value = $urandom;
                    db_value[31:16] = j[15:0];
                    if (db_reg == 2 && j < 16) db_value[31:30] = $urandom % 4;
                end
            end
            if (($urandom % 100) < (sparse ? 1 : 8)) begin
                ctx_wr_valid = 1;
                ctx_wr_index = $urandom % 20;
                case ($urandom % 4)
                0: begin ctx_wr_table = `RNIC_CTX_TABLE_CQC; ctx_wr_data = cqc($urandom % 4 != 0, 16'd1 + $urandom % 2); end
                1: begin ctx_wr_table = `RNIC_CTX_TABLE_SRQC; ctx_wr_data = srqc($urandom % 4 != 0, 16'd1 + $urandom % 2); end
                default: begin
                    ctx_wr_table = `RNIC_CTX_TABLE_QPC;
                    ctx_wr_data = qpc(($urandom % 3 != 0) ? `RNIC_QP_STATE_RTS : $urandom % 7, 16'd1 + $urandom % 2);
                end
                endcase
                // aimed: at the QP leaving the scheduler (P1 or P2), or at
                // the object of this cycle's doorbell
                case ($urandom % 6)
                0: if (dut.p1_valid_reg) begin ctx_wr_table = `RNIC_CTX_TABLE_QPC; ctx_wr_index = dut.p1_qidx; end
                1: if (dut.p2_valid_reg) begin ctx_wr_table = `RNIC_CTX_TABLE_QPC; ctx_wr_index = dut.p2_qidx_reg; end
                2, 3, 4: if (db_valid) begin
                    ctx_wr_index = db_value[31:16] & (db_reg == 2 ? 16'h3fff : 16'hffff);
                    if (db_reg == 2) begin ctx_wr_table = `RNIC_CTX_TABLE_CQC; ctx_wr_data = cqc($urandom % 2, 16'd1 + $urandom % 2); end
                    else if (db_reg == 3) begin ctx_wr_table = `RNIC_CTX_TABLE_SRQC; ctx_wr_data = srqc($urandom % 2, 16'd1 + $urandom % 2); end
                    else if (ctx_wr_table != `RNIC_CTX_TABLE_QPC) begin
                        ctx_wr_table = `RNIC_CTX_TABLE_QPC;
                        ctx_wr_data = qpc(`RNIC_QP_STATE_RTS, 16'd1 + $urandom % 2);
                    end
                end
                default: ;
                endcase
            end
            cycle;
        end
    end
endtask

integer t0, lat, k, n0, c0;
reg rr_ok;
reg [QPS-1:0] seen;

initial begin
    for (k = 0; k < QPS; k = k + 1) begin pi_next[k] = 16'h100 * k; end
    repeat (3) cycle;
    rst = 0;

    // the reset sweep: a doorbell before its end is rejected
    check(!init_done, "init_done low during the sweep");
    doorbell(2'd1, 16'd0, 16'd0, 16'd1); cycle; idle;
    t0 = cyc;
    while (!init_done && cyc - t0 < 100) cycle;
    check(init_done, "init_done after the sweep");
    repeat (2) cycle;
    check(n_rej == 1, "doorbell rejected during the sweep");

    // latency through an idle scheduler
    ctx(`RNIC_CTX_TABLE_QPC, 3, qpc(`RNIC_QP_STATE_RTS, 16'd5));
    ctx(`RNIC_CTX_TABLE_CQC, 1, cqc(1'b1, 16'd5));
    ctx(`RNIC_CTX_TABLE_SRQC, 2, srqc(1'b1, 16'd5));
    m_sched_ready = 1;
    doorbell(2'd0, 16'd5, 16'd3, 16'd7); t0 = cyc; cycle; idle;
    while (!m_sched_valid && cyc - t0 < 20) cycle;
    lat = cyc - t0;
    check(lat == 2 && m_sched_qpn == 3 && m_sched_pi == 7, "SQ doorbell picked 2 cycles later");
    $display("tb_doorbell: SQ doorbell to pick, idle scheduler: %0d cycles", lat);
    cycle;
    s_requeue_valid = 0;
    hb_q[hb_wr % 64] = 3; hb_at[hb_wr % 64] = cyc; hb_wr = hb_wr + 1; t0 = cyc;
    cycle;
    while (!m_sched_valid && cyc - t0 < 20) cycle;
    lat = cyc - t0;
    check(lat == 4 && m_sched_qpn == 3 && m_sched_pi == 7, "handed-back QP picked 4 cycles later");
    $display("tb_doorbell: hand-back to pick, idle scheduler: %0d cycles", lat);
    cycle;
    doorbell(2'd1, 16'd5, 16'd3, 16'd9); t0 = cyc; cycle; idle;
    while (!m_rq_pi_valid && cyc - t0 < 20) cycle;
    check(cyc - t0 == 2, "RQ doorbell out 2 cycles later");
    doorbell(2'd2, 16'd5, 16'd1, 16'd2); t0 = cyc; cycle; idle;
    while (!m_cq_db_valid && cyc - t0 < 20) cycle;
    check(cyc - t0 == 2, "CQ doorbell out 2 cycles later");
    doorbell(2'd3, 16'd5, 16'd2, 16'd4); t0 = cyc; cycle; idle;
    while (!m_srq_pi_valid && cyc - t0 < 20) cycle;
    check(cyc - t0 == 2, "SRQ doorbell out 2 cycles later");
    $display("tb_doorbell: RQ, CQ and SRQ doorbells: out 2 cycles after the write");
    repeat (4) cycle;

    // round robin: QPs 8..15 handed back at once after every pick
    for (k = 8; k < 16; k = k + 1) ctx(`RNIC_CTX_TABLE_QPC, k, qpc(`RNIC_QP_STATE_RTS, 16'd6));
    hand_back_on = 1; hand_back_delay = 0; rr_mode = 1;
    c0 = cyc; n0 = picks;
    for (k = 8; k < 16; k = k + 1) begin
        pi_next[k] = pi_next[k] + 1;
        doorbell(2'd0, 16'd6, k[15:0], pi_next[k]); cycle; idle;
    end
    while (rr_n < 808 && cyc - c0 < 20000) cycle;
    rr_mode = 0; hand_back_on = 0;
    $display("tb_doorbell: 8 QPs handed back after every pick: %0d picks in %0d cycles",
             picks - n0, cyc - c0);
    rr_ok = 1;
    for (k = 8; k + 8 <= rr_n; k = k + 8) begin
        seen = 0;
        for (j = 0; j < 8; j = j + 1) seen[rr_log[k + j]] = 1'b1;
        if (seen != 16'hff00) rr_ok = 0;
    end
    check(rr_ok, "round robin: every 8 picks hold 8 QPs");
    // the hand-backs in flight drain
    while ((hb_rd != hb_wr || m_sched_valid) && cyc - c0 < 30000) cycle;
    repeat (20) cycle;

    // random: with hand-backs of every pick, then without (a lost
    // doorbell is not covered by a later hand-back), then sparse: a QP
    // owed a pick rings again only while it is in P1, and the consumer is
    // slow, so that nothing but the doorbell itself can pay what it owes
    hand_back_on = 1; hand_back_delay = 12;
    random_phase(RANDOM_CYCLES / 4, 75, 45, 1'b0);
    hand_back_on = 0;
    random_phase(RANDOM_CYCLES / 4, 75, 45, 1'b0);
    random_phase(RANDOM_CYCLES / 2, 20, 40, 1'b1);
    idle;
    hand_back_on = 0;
    m_sched_ready = 1;
    while (hb_rd != hb_wr) cycle;
    repeat (50) cycle;

    // every QP owed a pick got one after, with its newest index
    n0 = 0;
    for (k = 0; k < QPS; k = k + 1)
        if (m_obl[k] >= 0 && m_disrupt[k] < m_obl[k]) begin
            n0 = n0 + 1;
            check(m_picked[k] > m_obl[k], "owed pick came");
            check(m_picked_pi[k] == m_sq_pi[k], "last pick has the newest index");
        end
    check(n0 >= 4, "some QPs were owed a pick at the end");
    for (k = 0; k < QPS; k = k + 1) check(!o_pend[k], "nothing owed at the end");
    $display("tb_doorbell: forwarding exercised: clr %0d, set %0d, index %0d, context %0d", n_xf, n_sf, n_pf, n_cf);
    check(n_xf > 20 && n_sf > 20 && n_pf > 20 && n_cf > 20, "every forwarding path exercised");
    check(n_p2_drop > 50 && n_p2 > 2000, "P2 drops seen");
    check(n_sq > 1000 && n_rq > 300 && n_cq > 80 && n_srq > 80 && n_rej > 1000 && n_hand > 1000,
          "every kind of doorbell seen");
    $display("tb_doorbell: %0d cycles random: %0d SQ, %0d RQ, %0d CQ, %0d SRQ doorbells accepted, %0d rejected, %0d hand-backs, %0d picks (%0d dropped at P2); %0d QPs checked at the end; %0d picks owed, paid within %0d cycles",
             RANDOM_CYCLES, n_sq, n_rq, n_cq, n_srq, n_rej, n_hand, picks, n_p2_drop, n0, n_owed, max_wait);
    $display("tb_doorbell: %0d checks, %0d errors", checks, errors);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL");
    $finish;
end

endmodule

`default_nettype wire
