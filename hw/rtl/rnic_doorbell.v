// rnic_doorbell: checks doorbell events against the owning user context and
// schedules send queues.
//
// Shadow tables (written from the context broadcast): per QP uctx and state,
// per CQ valid and uctx. A doorbell is accepted when its number is in range,
// the page owns the object (qpc.uctx / cqc.uctx == db_page) and:
// - SQ: the QP is in RTS, SQD, SQE or ERR. The producer index is stored and
//   the QP is scheduled; stopping at SQD and flushing in SQE/ERR are the
//   requester's business. SQ doorbells in RESET, INIT or RTR are rejected:
//   the library rings the SQ doorbell once the QP is in RTS.
// - RQ: the QP is not in RESET; forwarded on m_rq_pi_*.
// - CQ: cqc.valid is set; forwarded on m_cq_db_*.
// - SRQ: srqc.valid is set and srqc.uctx is the page; forwarded on
//   m_srq_pi_*.
// Every other doorbell (wrong page, number out of range, state) is dropped
// with a stat_db_reject pulse.
//
// Scheduler: a FIFO of QP numbers with a per-QP "queued" bit, so a QP is in
// the FIFO at most once and every pick is O(1). A QP enters at the tail on an
// SQ doorbell (unless already queued) or when the fetch engine hands it back
// on s_requeue_* because work remained after one burst; that gives round-
// robin service with at most one burst per QP per turn. At the head the QP's
// queued bit is cleared and its current producer index is read into
// m_sched_* (a doorbell in the same cycle is forwarded into it), so a later
// doorbell queues the QP again. A QP whose state no longer allows sending
// when it reaches the head is dropped there.
//
// A QPC write whose state is RESET or INIT clears the QP's stored SQ producer
// index. The index table has one write port: rnic_csr never sends a doorbell
// in the same cycle as a context write; if it happened anyway the context
// write wins and the doorbell is counted as rejected.
//
// Reset sweep: after rst, one entry per cycle of every shadow table and of
// the SQ producer index table is written with its reset value (QP state
// RESET, everything else 0) through the table's own write port, 2^max(LOG_QPS,
// LOG_CQS, LOG_SRQS) cycles; init_done rises when it is over. Until then
// context writes are ignored, doorbells are dropped (counted as rejected)
// and s_requeue_ready is low. Not swept: fifo_mem, the scheduler FIFO's
// storage, meaningless outside [rd_ptr, wr_ptr), which rst empties.
`default_nettype none

`include "rnic_contract.vh"

module rnic_doorbell #(
    parameter LOG_QPS = `RNIC_LOG_QPS,      // log2 QPs (QPN = index), 1..16
    parameter LOG_CQS = `RNIC_LOG_CQS,      // log2 CQs, 1..14
    parameter LOG_SRQS = `RNIC_LOG_SRQS     // log2 SRQs, 1..16
) (
    input  wire                          clk,
    input  wire                          rst,

    // context write broadcast
    input  wire                          ctx_wr_valid,
    input  wire [7:0]                    ctx_wr_table,
    input  wire [23:0]                   ctx_wr_index,
    /* verilator lint_off UNUSEDSIGNAL */ // only state, uctx and the valid bits are kept
    input  wire [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data,
    /* verilator lint_on UNUSEDSIGNAL */

    // doorbell events from rnic_csr
    input  wire                          db_valid,
    input  wire [15:0]                   db_page,
    input  wire [1:0]                    db_reg,
    input  wire [31:0]                   db_value,

    // scheduled send queue: QP and its producer index, to rnic_wqe_fetch
    output wire                          m_sched_valid,
    input  wire                          m_sched_ready,
    output wire [23:0]                   m_sched_qpn,
    output wire [15:0]                   m_sched_pi,

    // QP handed back by rnic_wqe_fetch with work left
    input  wire                          s_requeue_valid,
    output wire                          s_requeue_ready,
    input  wire [23:0]                   s_requeue_qpn,

    // receive queue producer index
    output wire                          m_rq_pi_valid,
    output wire [23:0]                   m_rq_pi_qpn,
    output wire [15:0]                   m_rq_pi,

    // shared receive queue producer index
    output wire                          m_srq_pi_valid,
    output wire [23:0]                   m_srq_pi_srqn,
    output wire [15:0]                   m_srq_pi,

    // CQ consumer index and arm
    output wire                          m_cq_db_valid,
    output wire [23:0]                   m_cq_db_cqn,
    output wire [15:0]                   m_cq_db_ci,
    output wire [1:0]                    m_cq_db_arm,

    // counter: a doorbell was rejected
    output wire                          stat_db_reject,

    // the reset sweep is over: every table holds its reset value
    output wire                          init_done
);

localparam QPS = 1 << LOG_QPS;
localparam CQS = 1 << LOG_CQS;
localparam SRQS = 1 << LOG_SRQS;
localparam SWEEP_W = (LOG_QPS > LOG_CQS ? (LOG_QPS > LOG_SRQS ? LOG_QPS : LOG_SRQS)
                                        : (LOG_CQS > LOG_SRQS ? LOG_CQS : LOG_SRQS));   // largest table's index bits

initial begin
    if (LOG_QPS < 1 || LOG_QPS > 16 || LOG_CQS < 1 || LOG_CQS > 14 || LOG_SRQS < 1 || LOG_SRQS > 16) begin
        $error("rnic_doorbell: LOG_QPS must be 1..16, LOG_CQS 1..14, LOG_SRQS 1..16");
        $finish;
    end
end

// a QP in this state has send work to fetch
function sendable;
    input [`RNIC_QP_STATE_W-1:0] st;
    begin
        sendable = st == `RNIC_QP_STATE_RTS || st == `RNIC_QP_STATE_SQD ||
                   st == `RNIC_QP_STATE_SQE || st == `RNIC_QP_STATE_ERR;
    end
endfunction

// ---------------------------------------------------------------------------
// tables

reg [15:0]                  qpc_uctx_mem [0:QPS-1];
reg [`RNIC_QP_STATE_W-1:0]  qpc_state_mem [0:QPS-1];
reg [15:0]                  cqc_uctx_mem [0:CQS-1];
reg                         cqc_valid_mem [0:CQS-1];
reg [15:0]                  srqc_uctx_mem [0:SRQS-1];
reg                         srqc_valid_mem [0:SRQS-1];
reg [15:0]                  sq_pi_mem [0:QPS-1];
reg [LOG_QPS-1:0]           fifo_mem [0:QPS-1];

// reset sweep: entry sweep_idx_reg of every table (the smaller tables take
// its low bits, so they are written more than once)
reg               sweep_busy_reg;
reg [SWEEP_W-1:0] sweep_idx_reg;

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        sweep_idx_reg <= sweep_idx_reg + 1'b1;
        if (sweep_idx_reg == {SWEEP_W{1'b1}}) begin
            sweep_busy_reg <= 1'b0;
        end
    end
    if (rst) begin
        sweep_busy_reg <= 1'b1;
        sweep_idx_reg <= {SWEEP_W{1'b0}};
    end
end

assign init_done = !sweep_busy_reg;

// ---------------------------------------------------------------------------
// state

reg [QPS-1:0]     queued_reg, queued_next;
reg [LOG_QPS:0]   wr_ptr_reg, wr_ptr_next;
reg [LOG_QPS:0]   rd_ptr_reg, rd_ptr_next;
reg               sched_valid_reg, sched_valid_next;
reg [LOG_QPS-1:0] sched_qpn_reg, sched_qpn_next;
reg [15:0]        sched_pi_reg, sched_pi_next;
reg               rq_valid_reg, rq_valid_next;
reg [15:0]        rq_qpn_reg, rq_qpn_next;
reg [15:0]        rq_pi_reg, rq_pi_next;
reg               srq_valid_reg, srq_valid_next;
reg [15:0]        srq_srqn_reg, srq_srqn_next;
reg [15:0]        srq_pi_reg, srq_pi_next;
reg               cq_valid_reg, cq_valid_next;
reg [13:0]        cq_cqn_reg, cq_cqn_next;
reg [15:0]        cq_ci_reg, cq_ci_next;
reg [1:0]         cq_arm_reg, cq_arm_next;
reg               reject_reg, reject_next;

// table write ports
reg               fifo_we;
reg [LOG_QPS-1:0] fifo_wdata;
reg               pi_we;
reg [LOG_QPS-1:0] pi_waddr;
reg [15:0]        pi_wdata;

// ---------------------------------------------------------------------------
// decode

wire [15:0] db_qpn = db_value[`RNIC_DB_SQ_QPN_LSB +: `RNIC_DB_SQ_QPN_W];
wire [15:0] db_pi = db_value[`RNIC_DB_SQ_PI_LSB +: `RNIC_DB_SQ_PI_W];
wire [13:0] db_cqn = db_value[`RNIC_DB_CQ_CQN_LSB +: `RNIC_DB_CQ_CQN_W];
wire [LOG_QPS-1:0] db_qidx = db_qpn[LOG_QPS-1:0];
wire [LOG_CQS-1:0] db_cidx = db_cqn[LOG_CQS-1:0];
wire db_qpn_ok = (db_qpn >> LOG_QPS) == 16'd0;
wire db_cqn_ok = (db_cqn >> LOG_CQS) == 14'd0;
wire [15:0] db_q_uctx = qpc_uctx_mem[db_qidx];
wire [`RNIC_QP_STATE_W-1:0] db_q_state = qpc_state_mem[db_qidx];
wire [15:0] db_c_uctx = cqc_uctx_mem[db_cidx];
wire db_c_valid = cqc_valid_mem[db_cidx];
wire [15:0] db_srqn = db_value[`RNIC_DB_SRQ_SRQN_LSB +: `RNIC_DB_SRQ_SRQN_W];
wire [LOG_SRQS-1:0] db_sidx = db_srqn[LOG_SRQS-1:0];
wire db_srqn_ok = (db_srqn >> LOG_SRQS) == 16'd0;

// context writes and doorbells wait for the reset sweep
wire ctx_on = ctx_wr_valid && !sweep_busy_reg;
wire db_on = db_valid && !sweep_busy_reg;
wire ctx_qpc = ctx_on && ctx_wr_table == `RNIC_CTX_TABLE_QPC && (ctx_wr_index >> LOG_QPS) == 24'd0;
wire ctx_cqc = ctx_on && ctx_wr_table == `RNIC_CTX_TABLE_CQC && (ctx_wr_index >> LOG_CQS) == 24'd0;
wire ctx_srqc = ctx_on && ctx_wr_table == `RNIC_CTX_TABLE_SRQC && (ctx_wr_index >> LOG_SRQS) == 24'd0;
wire [`RNIC_QP_STATE_W-1:0] ctx_q_state = ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
wire ctx_q_clear = ctx_qpc && (ctx_q_state == `RNIC_QP_STATE_RESET || ctx_q_state == `RNIC_QP_STATE_INIT);

wire db_sq = db_on && db_reg == 2'd0 && db_qpn_ok && db_q_uctx == db_page &&
             sendable(db_q_state) && !ctx_q_clear;
wire db_rq = db_on && db_reg == 2'd1 && db_qpn_ok && db_q_uctx == db_page &&
             db_q_state != `RNIC_QP_STATE_RESET;
wire db_cq = db_on && db_reg == 2'd2 && db_cqn_ok && db_c_valid && db_c_uctx == db_page;
wire db_srq = db_on && db_reg == 2'd3 && db_srqn_ok && srqc_valid_mem[db_sidx] &&
              srqc_uctx_mem[db_sidx] == db_page;

// the requeue port waits while an SQ doorbell uses the FIFO write port, and
// for the reset sweep
assign s_requeue_ready = !(db_valid && db_reg == 2'd0) && !sweep_busy_reg;
wire [LOG_QPS-1:0] rq_qidx = s_requeue_qpn[LOG_QPS-1:0];
wire rq_fire = s_requeue_valid && s_requeue_ready && (s_requeue_qpn >> LOG_QPS) == 24'd0;

wire fifo_empty = wr_ptr_reg == rd_ptr_reg;
wire [LOG_QPS-1:0] head_qidx = fifo_mem[rd_ptr_reg[LOG_QPS-1:0]];
wire [`RNIC_QP_STATE_W-1:0] head_state = qpc_state_mem[head_qidx];
wire [15:0] head_pi_mem = sq_pi_mem[head_qidx];
// (the FIFO is empty while sweeping anyway; the gate lets synthesis see that
// sched_pi_reg never loads a word the sweep writes, so sq_pi_mem keeps its
// registered read and maps to block RAM)
wire pop = !fifo_empty && (!sched_valid_reg || m_sched_ready) && !sweep_busy_reg;

// ---------------------------------------------------------------------------
// next state

always @* begin
    queued_next = queued_reg;
    wr_ptr_next = wr_ptr_reg;
    rd_ptr_next = rd_ptr_reg;
    sched_valid_next = sched_valid_reg && !m_sched_ready;
    sched_qpn_next = sched_qpn_reg;
    sched_pi_next = sched_pi_reg;
    rq_valid_next = 1'b0;
    rq_qpn_next = rq_qpn_reg;
    rq_pi_next = rq_pi_reg;
    cq_valid_next = 1'b0;
    cq_cqn_next = cq_cqn_reg;
    cq_ci_next = cq_ci_reg;
    cq_arm_next = cq_arm_reg;
    reject_next = db_valid && !db_sq && !db_rq && !db_cq && !db_srq;
    srq_valid_next = 1'b0;
    srq_srqn_next = srq_srqn_reg;
    srq_pi_next = srq_pi_reg;

    fifo_we = 1'b0;
    fifo_wdata = db_qidx;
    pi_we = 1'b0;
    pi_waddr = db_qidx;
    pi_wdata = db_pi;

    // head of the FIFO -> scheduled output (clear first: a push below for
    // another QP in the same cycle must not be undone)
    if (pop) begin
        rd_ptr_next = rd_ptr_reg + 1'b1;
        queued_next[head_qidx] = 1'b0;
        if (sendable(head_state) &&
            !(ctx_q_clear && ctx_wr_index[LOG_QPS-1:0] == head_qidx)) begin
            sched_valid_next = 1'b1;
            sched_qpn_next = head_qidx;
            sched_pi_next = (db_sq && db_qidx == head_qidx) ? db_pi : head_pi_mem;
        end
    end

    // producer index table: the reset sweep, else a context clear wins the
    // write port
    if (sweep_busy_reg) begin
        pi_we = 1'b1;
        pi_waddr = sweep_idx_reg[LOG_QPS-1:0];
        pi_wdata = 16'd0;
    end else if (ctx_q_clear) begin
        pi_we = 1'b1;
        pi_waddr = ctx_wr_index[LOG_QPS-1:0];
        pi_wdata = 16'd0;
    end else if (db_sq) begin
        pi_we = 1'b1;
    end

    // FIFO tail: SQ doorbell, else a QP handed back
    if (db_sq) begin
        if (!queued_reg[db_qidx]) begin
            fifo_we = 1'b1;
            fifo_wdata = db_qidx;
            queued_next[db_qidx] = 1'b1;
            wr_ptr_next = wr_ptr_reg + 1'b1;
        end
    end else if (rq_fire) begin
        if (!queued_reg[rq_qidx]) begin
            fifo_we = 1'b1;
            fifo_wdata = rq_qidx;
            queued_next[rq_qidx] = 1'b1;
            wr_ptr_next = wr_ptr_reg + 1'b1;
        end
    end

    if (db_rq) begin
        rq_valid_next = 1'b1;
        rq_qpn_next = db_qpn;
        rq_pi_next = db_value[`RNIC_DB_RQ_PI_LSB +: `RNIC_DB_RQ_PI_W];
    end
    if (db_srq) begin
        srq_valid_next = 1'b1;
        srq_srqn_next = db_srqn;
        srq_pi_next = db_value[`RNIC_DB_SRQ_PI_LSB +: `RNIC_DB_SRQ_PI_W];
    end
    if (db_cq) begin
        cq_valid_next = 1'b1;
        cq_cqn_next = db_cqn;
        cq_ci_next = db_value[`RNIC_DB_CQ_CI_LSB +: `RNIC_DB_CQ_CI_W];
        cq_arm_next = db_value[`RNIC_DB_CQ_ARM_LSB +: `RNIC_DB_CQ_ARM_W];
    end
end

// ---------------------------------------------------------------------------
// tables and registers

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        qpc_uctx_mem[sweep_idx_reg[LOG_QPS-1:0]] <= 16'd0;
        qpc_state_mem[sweep_idx_reg[LOG_QPS-1:0]] <= `RNIC_QP_STATE_RESET;
    end else if (ctx_qpc) begin
        qpc_uctx_mem[ctx_wr_index[LOG_QPS-1:0]] <= ctx_wr_data[`RNIC_QPC_UCTX_LSB +: `RNIC_QPC_UCTX_W];
        qpc_state_mem[ctx_wr_index[LOG_QPS-1:0]] <= ctx_q_state;
    end
    if (sweep_busy_reg) begin
        cqc_uctx_mem[sweep_idx_reg[LOG_CQS-1:0]] <= 16'd0;
        cqc_valid_mem[sweep_idx_reg[LOG_CQS-1:0]] <= 1'b0;
    end else if (ctx_cqc) begin
        cqc_uctx_mem[ctx_wr_index[LOG_CQS-1:0]] <= ctx_wr_data[`RNIC_CQC_UCTX_LSB +: `RNIC_CQC_UCTX_W];
        cqc_valid_mem[ctx_wr_index[LOG_CQS-1:0]] <= ctx_wr_data[`RNIC_CQC_VALID_LSB];
    end
    if (sweep_busy_reg) begin
        srqc_uctx_mem[sweep_idx_reg[LOG_SRQS-1:0]] <= 16'd0;
        srqc_valid_mem[sweep_idx_reg[LOG_SRQS-1:0]] <= 1'b0;
    end else if (ctx_srqc) begin
        srqc_uctx_mem[ctx_wr_index[LOG_SRQS-1:0]] <= ctx_wr_data[`RNIC_SRQC_UCTX_LSB +: `RNIC_SRQC_UCTX_W];
        srqc_valid_mem[ctx_wr_index[LOG_SRQS-1:0]] <= ctx_wr_data[`RNIC_SRQC_VALID_LSB];
    end
    if (pi_we) begin
        sq_pi_mem[pi_waddr] <= pi_wdata;
    end
    if (fifo_we) begin
        fifo_mem[wr_ptr_reg[LOG_QPS-1:0]] <= fifo_wdata;
    end
end

always @(posedge clk) begin
    sched_qpn_reg <= sched_qpn_next;
    sched_pi_reg <= sched_pi_next;
    rq_qpn_reg <= rq_qpn_next;
    rq_pi_reg <= rq_pi_next;
    srq_srqn_reg <= srq_srqn_next;
    srq_pi_reg <= srq_pi_next;
    cq_cqn_reg <= cq_cqn_next;
    cq_ci_reg <= cq_ci_next;
    cq_arm_reg <= cq_arm_next;
    if (rst) begin
        queued_reg <= {QPS{1'b0}};
        wr_ptr_reg <= {(LOG_QPS+1){1'b0}};
        rd_ptr_reg <= {(LOG_QPS+1){1'b0}};
        sched_valid_reg <= 1'b0;
        rq_valid_reg <= 1'b0;
        srq_valid_reg <= 1'b0;
        cq_valid_reg <= 1'b0;
        reject_reg <= 1'b0;
    end else begin
        queued_reg <= queued_next;
        wr_ptr_reg <= wr_ptr_next;
        rd_ptr_reg <= rd_ptr_next;
        sched_valid_reg <= sched_valid_next;
        rq_valid_reg <= rq_valid_next;
        srq_valid_reg <= srq_valid_next;
        cq_valid_reg <= cq_valid_next;
        reject_reg <= reject_next;
    end
end

// ---------------------------------------------------------------------------
// outputs

assign m_sched_valid = sched_valid_reg;
assign m_sched_qpn = {{(24-LOG_QPS){1'b0}}, sched_qpn_reg};
assign m_sched_pi = sched_pi_reg;
assign m_rq_pi_valid = rq_valid_reg;
assign m_rq_pi_qpn = {8'd0, rq_qpn_reg};
assign m_rq_pi = rq_pi_reg;
assign m_srq_pi_valid = srq_valid_reg;
assign m_srq_pi_srqn = {8'd0, srq_srqn_reg};
assign m_srq_pi = srq_pi_reg;
assign m_cq_db_valid = cq_valid_reg;
assign m_cq_db_cqn = {10'd0, cq_cqn_reg};
assign m_cq_db_ci = cq_ci_reg;
assign m_cq_db_arm = cq_arm_reg;
assign stat_db_reject = reject_reg;

endmodule

`default_nettype wire
