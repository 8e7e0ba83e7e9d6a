// rnic_doorbell: checks doorbell events against the owning user context and
// schedules send queues.
//
// Shadow tables (written from the context broadcast): per QP uctx and state,
// per CQ valid and uctx, per SRQ valid and uctx. A doorbell is accepted when
// its number is in range, the page owns the object (qpc.uctx / cqc.uctx ==
// db_page) and:
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
// Every table is a memory with one write port and one registered read port
// (block RAM at any QP count; the QP state is kept twice, one copy per
// reader), so the logic does not grow with the QP count. A doorbell is
// checked in two stages:
//   D0  the doorbell is registered and its QP, CQ and SRQ entries are read;
//   D1  it is checked (a context write in the D0 cycle is forwarded into the
//       read), the SQ producer index is written and the QP queued; RQ, CQ
//       and SRQ doorbells leave on their ports one cycle later.
//
// Scheduler: a FIFO of QP numbers (fifo_mem) in which a QP is at most once,
// so it never holds more than QPS entries. Whether a QP is queued is the
// XOR of two one-bit tables with one writer each: set_mem, flipped when the
// QP is pushed (D1), and clr_mem, made equal to it when the QP leaves the
// FIFO (the FIFO entry carries the value). A QP enters at the tail on an SQ
// doorbell (unless already queued) or when the fetch engine hands it back on
// s_requeue_* because work remained after one burst (that request takes the
// D0/D1 stages too); that gives round-robin service with at most one burst
// per QP per turn. A QP leaves through three stages:
//   P0  the FIFO head is read;
//   P1  the QP's queued bit is cleared and its state and current SQ
//       producer index are read;
//   P2  a QP whose state still allows sending goes to the output FIFO with
//       that index (writes of the P1 cycle forwarded), m_sched_*; one that
//       does not, or that a context write resets or returns to INIT in this
//       cycle, is dropped.
// A P0 read is issued only while the output FIFO (OUT_DEPTH entries) has room
// for it and everything already in P1 and P2, so nothing stalls inside the
// stages. The order is exact: a doorbell checked in cycle d sees a QP as
// queued only if the QP's P1 comes in d or later, and that P1 reads an index
// that includes the doorbell's. Short cuts for an idle scheduler (no QP in
// the FIFO, P1 or P2): an SQ doorbell's QP goes from D1 straight to the
// output FIFO with the doorbell's index (the QP is never marked queued), and
// a handed-back QP goes from D1 straight to P1.
//
// A QPC write whose state is RESET or INIT clears the QP's stored SQ producer
// index. The index table has one write port: rnic_csr sends no context write
// in a doorbell's cycle nor in the next (its D1); if an SQ doorbell reaches
// D1 in the cycle of such a clear anyway, the clear wins and the doorbell is
// counted as rejected.
//
// Reset sweep: after rst, one entry per cycle of every table but the FIFO is
// written with its reset value (QP state RESET, everything else 0) through
// the table's own write port, 2^max(LOG_QPS, LOG_CQS, LOG_SRQS) cycles;
// init_done rises when it is over. Until then context writes are ignored,
// doorbells are dropped (counted as rejected) and s_requeue_ready is low. Not
// swept: fifo_mem, the scheduler FIFO's storage, meaningless outside
// [rd_ptr, wr_ptr), which rst empties.
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
localparam OUT_DEPTH = 4;                   // output FIFO entries (2^2)

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
// tables: one write port, one registered read port each

reg [15:0]                  qpc_uctx_mem [0:QPS-1];      // read in D0
reg [`RNIC_QP_STATE_W-1:0]  qpc_state_mem [0:QPS-1];     // read in D0
reg [`RNIC_QP_STATE_W-1:0]  pop_state_mem [0:QPS-1];     // the same, read in P1
reg [15:0]                  cqc_uctx_mem [0:CQS-1];
reg                         cqc_valid_mem [0:CQS-1];
reg [15:0]                  srqc_uctx_mem [0:SRQS-1];
reg                         srqc_valid_mem [0:SRQS-1];
reg [15:0]                  sq_pi_mem [0:QPS-1];         // read in P1
reg                         set_mem [0:QPS-1];           // queued = set ^ clr, read in D0
reg                         clr_mem [0:QPS-1];
reg [LOG_QPS:0]             fifo_mem [0:QPS-1];          // {QP, set value}, read in P0

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

wire [LOG_QPS-1:0]  sweep_q = sweep_idx_reg[LOG_QPS-1:0];
wire [LOG_CQS-1:0]  sweep_c = sweep_idx_reg[LOG_CQS-1:0];
wire [LOG_SRQS-1:0] sweep_s = sweep_idx_reg[LOG_SRQS-1:0];

// ---------------------------------------------------------------------------
// context writes

wire ctx_on = ctx_wr_valid && !sweep_busy_reg;
wire ctx_qpc = ctx_on && ctx_wr_table == `RNIC_CTX_TABLE_QPC && (ctx_wr_index >> LOG_QPS) == 24'd0;
wire ctx_cqc = ctx_on && ctx_wr_table == `RNIC_CTX_TABLE_CQC && (ctx_wr_index >> LOG_CQS) == 24'd0;
wire ctx_srqc = ctx_on && ctx_wr_table == `RNIC_CTX_TABLE_SRQC && (ctx_wr_index >> LOG_SRQS) == 24'd0;
wire [`RNIC_QP_STATE_W-1:0] ctx_q_state = ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
wire [15:0] ctx_q_uctx = ctx_wr_data[`RNIC_QPC_UCTX_LSB +: `RNIC_QPC_UCTX_W];
wire [15:0] ctx_c_uctx = ctx_wr_data[`RNIC_CQC_UCTX_LSB +: `RNIC_CQC_UCTX_W];
wire ctx_c_valid = ctx_wr_data[`RNIC_CQC_VALID_LSB];
wire [15:0] ctx_s_uctx = ctx_wr_data[`RNIC_SRQC_UCTX_LSB +: `RNIC_SRQC_UCTX_W];
wire ctx_s_valid = ctx_wr_data[`RNIC_SRQC_VALID_LSB];
wire ctx_q_clear = ctx_qpc && (ctx_q_state == `RNIC_QP_STATE_RESET || ctx_q_state == `RNIC_QP_STATE_INIT);
wire [LOG_QPS-1:0] ctx_qidx = ctx_wr_index[LOG_QPS-1:0];

// the context write of the previous cycle, forwarded into the reads issued
// then (a registered read returns the entry as it was before that write)
reg               cf_qpc_reg, cf_cqc_reg, cf_srqc_reg;
reg [SWEEP_W-1:0] cf_index_reg;
reg [`RNIC_QP_STATE_W-1:0] cf_q_state_reg;
reg [15:0]        cf_q_uctx_reg, cf_c_uctx_reg, cf_s_uctx_reg;
reg               cf_c_valid_reg, cf_s_valid_reg;

// ---------------------------------------------------------------------------
// D0: the doorbell (or a handed-back QP) is registered, its entries read

wire db_on = db_valid && !sweep_busy_reg;
wire db_is_sq = db_valid && db_reg == 2'd0;
wire [LOG_QPS-1:0] db_qidx = db_value[`RNIC_DB_SQ_QPN_LSB +: LOG_QPS];
wire [LOG_CQS-1:0] db_cidx = db_value[`RNIC_DB_CQ_CQN_LSB +: LOG_CQS];
wire [LOG_SRQS-1:0] db_sidx = db_value[`RNIC_DB_SRQ_SRQN_LSB +: LOG_SRQS];

// the requeue port waits while an SQ doorbell takes D0, and for the sweep
assign s_requeue_ready = !db_is_sq && !sweep_busy_reg;
wire rq_fire = s_requeue_valid && s_requeue_ready && (s_requeue_qpn >> LOG_QPS) == 24'd0;

// QP whose queued bit D0 reads: the SQ doorbell's, else the handed-back one
wire [LOG_QPS-1:0] d0_qidx = db_is_sq ? db_qidx : s_requeue_qpn[LOG_QPS-1:0];

reg               d_valid_reg;              // a doorbell is in D1 (counted if rejected)
reg               d_on_reg;                 // ... and it came after the sweep
reg [1:0]         d_reg_reg;
reg [15:0]        d_page_reg;
reg [31:0]        d_value_reg;
reg               r_valid_reg;              // a handed-back QP is in D1
reg [LOG_QPS-1:0] d_qidx_reg;               // the QP to queue: the SQ doorbell's or the handed-back one
reg [15:0]        d_q_uctx_rd;
reg [`RNIC_QP_STATE_W-1:0] d_q_state_rd;
reg [15:0]        d_c_uctx_rd, d_s_uctx_rd;
reg               d_c_valid_rd, d_s_valid_rd;
reg               d_set_rd, d_clr_rd;

// ---------------------------------------------------------------------------
// D1: check

wire [15:0] d_qpn = d_value_reg[`RNIC_DB_SQ_QPN_LSB +: `RNIC_DB_SQ_QPN_W];
wire [15:0] d_pi = d_value_reg[`RNIC_DB_SQ_PI_LSB +: `RNIC_DB_SQ_PI_W];
wire [13:0] d_cqn = d_value_reg[`RNIC_DB_CQ_CQN_LSB +: `RNIC_DB_CQ_CQN_W];
wire [15:0] d_srqn = d_value_reg[`RNIC_DB_SRQ_SRQN_LSB +: `RNIC_DB_SRQ_SRQN_W];
wire d_qpn_ok = (d_qpn >> LOG_QPS) == 16'd0;
wire d_cqn_ok = (d_cqn >> LOG_CQS) == 14'd0;
wire d_srqn_ok = (d_srqn >> LOG_SRQS) == 16'd0;

wire cf_q_hit = cf_qpc_reg && cf_index_reg[LOG_QPS-1:0] == d_qpn[LOG_QPS-1:0];
wire cf_c_hit = cf_cqc_reg && cf_index_reg[LOG_CQS-1:0] == d_cqn[LOG_CQS-1:0];
wire cf_s_hit = cf_srqc_reg && cf_index_reg[LOG_SRQS-1:0] == d_srqn[LOG_SRQS-1:0];
wire [15:0] d_q_uctx = cf_q_hit ? cf_q_uctx_reg : d_q_uctx_rd;
wire [`RNIC_QP_STATE_W-1:0] d_q_state = cf_q_hit ? cf_q_state_reg : d_q_state_rd;
wire [15:0] d_c_uctx = cf_c_hit ? cf_c_uctx_reg : d_c_uctx_rd;
wire d_c_valid = cf_c_hit ? cf_c_valid_reg : d_c_valid_rd;
wire [15:0] d_s_uctx = cf_s_hit ? cf_s_uctx_reg : d_s_uctx_rd;
wire d_s_valid = cf_s_hit ? cf_s_valid_reg : d_s_valid_rd;

wire d_q_own = d_on_reg && d_qpn_ok && d_q_uctx == d_page_reg;
wire db_sq = d_q_own && d_reg_reg == 2'd0 && sendable(d_q_state) && !ctx_q_clear;
wire db_rq = d_q_own && d_reg_reg == 2'd1 && d_q_state != `RNIC_QP_STATE_RESET;
wire db_cq = d_on_reg && d_reg_reg == 2'd2 && d_cqn_ok && d_c_valid && d_c_uctx == d_page_reg;
wire db_srq = d_on_reg && d_reg_reg == 2'd3 && d_srqn_ok && d_s_valid && d_s_uctx == d_page_reg;

// the queued bit, with the set_mem write of the D0 cycle (the previous push)
// and the clr_mem write of the D0 cycle (a P1) forwarded
reg               sf_valid_reg, sf_val_reg;
reg [LOG_QPS-1:0] sf_qidx_reg;
reg               xf_valid_reg, xf_val_reg;
reg [LOG_QPS-1:0] xf_qidx_reg;
wire d_set = (sf_valid_reg && sf_qidx_reg == d_qidx_reg) ? sf_val_reg : d_set_rd;
wire d_clr = (xf_valid_reg && xf_qidx_reg == d_qidx_reg) ? xf_val_reg : d_clr_rd;
wire push = (db_sq || r_valid_reg) && d_set == d_clr;

// ---------------------------------------------------------------------------
// scheduler state

reg [LOG_QPS:0]   wr_ptr_reg, rd_ptr_reg;
reg [LOG_QPS:0]   fifo_rd;                  // P0 read of fifo_mem
reg               p1_valid_reg, p1_byp_reg;  // P1 holds a QP (from D1, not the FIFO)
reg [LOG_QPS:0]   p1_byp_entry_reg;
reg               p2_valid_reg;
reg [LOG_QPS-1:0] p2_qidx_reg;
reg [`RNIC_QP_STATE_W-1:0] p2_state_rd;
reg [15:0]        p2_pi_rd;
reg [LOG_QPS-1:0] out_q_mem [0:OUT_DEPTH-1];
reg [15:0]        out_pi_mem [0:OUT_DEPTH-1];
reg [2:0]         out_wr_reg, out_rd_reg;

wire fifo_empty = wr_ptr_reg == rd_ptr_reg;
wire [2:0] out_cnt = out_wr_reg - out_rd_reg;
wire out_pop = out_cnt != 3'd0 && m_sched_ready;

// idle scheduler: the short cuts
wire idle = fifo_empty && !p1_valid_reg && !p2_valid_reg;
wire byp_out = push && db_sq && idle && out_cnt != OUT_DEPTH[2:0];
wire byp_p1 = push && !db_sq && idle && out_cnt != OUT_DEPTH[2:0];
wire push_fifo = push && !byp_out && !byp_p1;

// P0: room in the output FIFO for this QP and those in P1 and P2
wire p0 = !fifo_empty && !sweep_busy_reg &&
          {1'b0, out_cnt} + {3'd0, p1_valid_reg} + {3'd0, p2_valid_reg} < OUT_DEPTH;

// P1: the QP and the set value it was pushed with
wire [LOG_QPS:0] p1_entry = p1_byp_reg ? p1_byp_entry_reg : fifo_rd;
wire [LOG_QPS-1:0] p1_qidx = p1_entry[LOG_QPS:1];

// SQ producer index write port: the sweep, else a context clear, else an SQ
// doorbell in D1
wire pi_we = sweep_busy_reg || ctx_q_clear || db_sq;
wire [LOG_QPS-1:0] pi_waddr = sweep_busy_reg ? sweep_q : ctx_q_clear ? ctx_qidx : d_qidx_reg;
wire [15:0] pi_wdata = (sweep_busy_reg || ctx_q_clear) ? 16'd0 : d_pi;

// P2: the index write of the P1 cycle and its context write forwarded
reg               pf_valid_reg;
reg [LOG_QPS-1:0] pf_qidx_reg;
reg [15:0]        pf_data_reg;
wire cf_p_hit = cf_qpc_reg && cf_index_reg[LOG_QPS-1:0] == p2_qidx_reg;
wire [`RNIC_QP_STATE_W-1:0] p2_state = cf_p_hit ? cf_q_state_reg : p2_state_rd;
wire [15:0] p2_pi = (pf_valid_reg && pf_qidx_reg == p2_qidx_reg) ? pf_data_reg : p2_pi_rd;
wire p2_out = p2_valid_reg && sendable(p2_state) && !(ctx_q_clear && ctx_qidx == p2_qidx_reg);

wire out_push = byp_out || p2_out;
wire [LOG_QPS-1:0] out_wq = byp_out ? d_qidx_reg : p2_qidx_reg;
wire [15:0] out_wpi = byp_out ? d_pi : p2_pi;

// ---------------------------------------------------------------------------
// tables

always @(posedge clk) begin
    // QP shadow (two copies of the state, one per reader)
    if (sweep_busy_reg) begin
        qpc_uctx_mem[sweep_q] <= 16'd0;
        qpc_state_mem[sweep_q] <= `RNIC_QP_STATE_RESET;
    end else if (ctx_qpc) begin
        qpc_uctx_mem[ctx_qidx] <= ctx_q_uctx;
        qpc_state_mem[ctx_qidx] <= ctx_q_state;
    end
    if (sweep_busy_reg) begin
        pop_state_mem[sweep_q] <= `RNIC_QP_STATE_RESET;
    end else if (ctx_qpc) begin
        pop_state_mem[ctx_qidx] <= ctx_q_state;
    end
    if (sweep_busy_reg) begin
        cqc_uctx_mem[sweep_c] <= 16'd0;
        cqc_valid_mem[sweep_c] <= 1'b0;
    end else if (ctx_cqc) begin
        cqc_uctx_mem[ctx_wr_index[LOG_CQS-1:0]] <= ctx_c_uctx;
        cqc_valid_mem[ctx_wr_index[LOG_CQS-1:0]] <= ctx_c_valid;
    end
    if (sweep_busy_reg) begin
        srqc_uctx_mem[sweep_s] <= 16'd0;
        srqc_valid_mem[sweep_s] <= 1'b0;
    end else if (ctx_srqc) begin
        srqc_uctx_mem[ctx_wr_index[LOG_SRQS-1:0]] <= ctx_s_uctx;
        srqc_valid_mem[ctx_wr_index[LOG_SRQS-1:0]] <= ctx_s_valid;
    end
    if (pi_we) begin
        sq_pi_mem[pi_waddr] <= pi_wdata;
    end
    // queued bits: pushes flip set_mem, P1 copies the value into clr_mem
    if (sweep_busy_reg) begin
        set_mem[sweep_q] <= 1'b0;
    end else if (push_fifo || byp_p1) begin
        set_mem[d_qidx_reg] <= !d_set;
    end
    if (sweep_busy_reg) begin
        clr_mem[sweep_q] <= 1'b0;
    end else if (p1_valid_reg) begin
        clr_mem[p1_qidx] <= p1_entry[0];
    end
    if (push_fifo) begin
        fifo_mem[wr_ptr_reg[LOG_QPS-1:0]] <= {d_qidx_reg, !d_set};
    end
    if (out_push) begin
        out_q_mem[out_wr_reg[1:0]] <= out_wq;
        out_pi_mem[out_wr_reg[1:0]] <= out_wpi;
    end
end

// registered reads
always @(posedge clk) begin
    d_q_uctx_rd <= qpc_uctx_mem[db_qidx];
    d_q_state_rd <= qpc_state_mem[db_qidx];
    d_c_uctx_rd <= cqc_uctx_mem[db_cidx];
    d_c_valid_rd <= cqc_valid_mem[db_cidx];
    d_s_uctx_rd <= srqc_uctx_mem[db_sidx];
    d_s_valid_rd <= srqc_valid_mem[db_sidx];
    d_set_rd <= set_mem[d0_qidx];
    d_clr_rd <= clr_mem[d0_qidx];
    fifo_rd <= fifo_mem[rd_ptr_reg[LOG_QPS-1:0]];
    p2_state_rd <= pop_state_mem[p1_qidx];
    p2_pi_rd <= sq_pi_mem[p1_qidx];
end

// ---------------------------------------------------------------------------
// registers

always @(posedge clk) begin
    d_reg_reg <= db_reg;
    d_page_reg <= db_page;
    d_value_reg <= db_value;
    d_qidx_reg <= d0_qidx;
    cf_index_reg <= ctx_wr_index[SWEEP_W-1:0];
    cf_q_state_reg <= ctx_q_state;
    cf_q_uctx_reg <= ctx_q_uctx;
    cf_c_uctx_reg <= ctx_c_uctx;
    cf_c_valid_reg <= ctx_c_valid;
    cf_s_uctx_reg <= ctx_s_uctx;
    cf_s_valid_reg <= ctx_s_valid;
    sf_qidx_reg <= d_qidx_reg;
    sf_val_reg <= !d_set;
    xf_qidx_reg <= p1_qidx;
    xf_val_reg <= p1_entry[0];
    p1_byp_reg <= byp_p1;
    p1_byp_entry_reg <= {d_qidx_reg, !d_set};
    p2_qidx_reg <= p1_qidx;
    pf_qidx_reg <= pi_waddr;
    pf_data_reg <= pi_wdata;
    if (rst) begin
        d_valid_reg <= 1'b0;
        d_on_reg <= 1'b0;
        r_valid_reg <= 1'b0;
        cf_qpc_reg <= 1'b0;
        cf_cqc_reg <= 1'b0;
        cf_srqc_reg <= 1'b0;
        sf_valid_reg <= 1'b0;
        xf_valid_reg <= 1'b0;
        pf_valid_reg <= 1'b0;
        wr_ptr_reg <= {(LOG_QPS+1){1'b0}};
        rd_ptr_reg <= {(LOG_QPS+1){1'b0}};
        p1_valid_reg <= 1'b0;
        p2_valid_reg <= 1'b0;
        out_wr_reg <= 3'd0;
        out_rd_reg <= 3'd0;
    end else begin
        d_valid_reg <= db_valid;
        d_on_reg <= db_on;
        r_valid_reg <= rq_fire;
        cf_qpc_reg <= ctx_qpc;
        cf_cqc_reg <= ctx_cqc;
        cf_srqc_reg <= ctx_srqc;
        sf_valid_reg <= push_fifo || byp_p1;
        xf_valid_reg <= p1_valid_reg;
        pf_valid_reg <= pi_we;
        wr_ptr_reg <= wr_ptr_reg + {{LOG_QPS{1'b0}}, push_fifo};
        rd_ptr_reg <= rd_ptr_reg + {{LOG_QPS{1'b0}}, p0};
        p1_valid_reg <= p0 || byp_p1;
        p2_valid_reg <= p1_valid_reg;
        out_wr_reg <= out_wr_reg + {2'd0, out_push};
        out_rd_reg <= out_rd_reg + {2'd0, out_pop};
    end
end

// D1 outputs: RQ, SRQ and CQ doorbells, the reject counter
reg               rq_valid_reg, srq_valid_reg, cq_valid_reg, reject_reg;
reg [15:0]        rq_qpn_reg, rq_pi_reg, srq_srqn_reg, srq_pi_reg, cq_ci_reg;
reg [13:0]        cq_cqn_reg;
reg [1:0]         cq_arm_reg;

always @(posedge clk) begin
    if (db_rq) begin
        rq_qpn_reg <= d_qpn;
        rq_pi_reg <= d_value_reg[`RNIC_DB_RQ_PI_LSB +: `RNIC_DB_RQ_PI_W];
    end
    if (db_srq) begin
        srq_srqn_reg <= d_srqn;
        srq_pi_reg <= d_value_reg[`RNIC_DB_SRQ_PI_LSB +: `RNIC_DB_SRQ_PI_W];
    end
    if (db_cq) begin
        cq_cqn_reg <= d_cqn;
        cq_ci_reg <= d_value_reg[`RNIC_DB_CQ_CI_LSB +: `RNIC_DB_CQ_CI_W];
        cq_arm_reg <= d_value_reg[`RNIC_DB_CQ_ARM_LSB +: `RNIC_DB_CQ_ARM_W];
    end
    if (rst) begin
        rq_valid_reg <= 1'b0;
        srq_valid_reg <= 1'b0;
        cq_valid_reg <= 1'b0;
        reject_reg <= 1'b0;
    end else begin
        rq_valid_reg <= db_rq;
        srq_valid_reg <= db_srq;
        cq_valid_reg <= db_cq;
        reject_reg <= d_valid_reg && !db_sq && !db_rq && !db_cq && !db_srq;
    end
end

// ---------------------------------------------------------------------------
// outputs

assign m_sched_valid = out_cnt != 3'd0;
assign m_sched_qpn = {{(24-LOG_QPS){1'b0}}, out_q_mem[out_rd_reg[1:0]]};
assign m_sched_pi = out_pi_mem[out_rd_reg[1:0]];
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
