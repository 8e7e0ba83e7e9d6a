// rnic_cqe_writer: writes completion queue entries to host memory
// (docs/rtl-interfaces.md, "CQE input").
//
// Keeps a shadow of the CQ contexts (valid, log_size, vector, base) from the
// context write broadcast, and per CQ the producer index, the consumer index
// and the arm state from the CQ doorbell. Each accepted CQE is placed at
// base + (pi mod 2^log_size) * 32 with owner = 1 ^ ((pi >> log_size) & 1),
// through one rnic_dma write port; CQEs are pipelined (one per cycle when
// the DMA takes them), and rnic_dma keeps them in order. A CQE for a full CQ
// (pi - ci == 2^log_size) is dropped and counted as an overrun; one for a CQ
// that does not exist is dropped and counted apart.
// An armed CQ fires irq_valid/irq_vector (cqc.vector) once the CQE that
// satisfies the arm has been written (its DMA write is done), and is
// disarmed: NEXT is satisfied by any CQE, SOLICITED by a CQE with the
// SOLICITED flag or a status other than SUCCESS.
// A CQC write resets the CQ's producer and consumer indexes and disarms it.
// Reset sweep: after rst, one entry per cycle of every per-CQ table is
// written with 0 (not valid, indexes 0, disarmed) through the table's write
// port, NCQ cycles; until init_done rises, CQEs wait (s_cqe_ready low) and
// context writes and CQ doorbells are ignored. The queues' storage
// (rnic_fifo) is not swept: rst empties them.
`default_nettype none
`include "rnic_contract.vh"

module rnic_cqe_writer #(
    parameter DATA_W = 512,               // DMA data width in bits, a power of two 64..512
    parameter LOG_CQS = `RNIC_LOG_CQS,    // log2 of the number of CQs kept
    parameter CTX_WORDS = `RNIC_CTX_WORDS,// words in a context write
    parameter OUTSTANDING = 32            // CQE writes awaiting completion, a power of two
) (
    input  wire                     clk,
    input  wire                     rst,

    // context write broadcast
    input  wire                     ctx_wr_valid,
    input  wire [7:0]               ctx_wr_table,
    input  wire [23:0]              ctx_wr_index,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [32*CTX_WORDS-1:0]  ctx_wr_data,    // only the CQC fields below are kept
    /* verilator lint_on UNUSEDSIGNAL */

    // CQ doorbell (from rnic_doorbell's m_cq_db_*)
    input  wire                     s_cq_db_valid,
    input  wire [23:0]              s_cq_db_cqn,
    input  wire [15:0]              s_cq_db_ci,
    input  wire [1:0]               s_cq_db_arm,

    // CQEs from the engines
    input  wire                     s_cqe_valid,
    output reg                      s_cqe_ready,
    input  wire [23:0]              s_cqe_cqn,
    input  wire [`RNIC_CQE_BITS-1:0] s_cqe_data,

    // rnic_dma write client port
    output wire [63:0]              m_dma_wr_req_addr,
    output wire [15:0]              m_dma_wr_req_len,
    output wire                     m_dma_wr_req_valid,
    input  wire                     m_dma_wr_req_ready,
    output wire [DATA_W-1:0]        m_dma_wr_tdata,
    output wire [DATA_W/8-1:0]      m_dma_wr_tkeep,
    output wire                     m_dma_wr_tlast,
    output wire                     m_dma_wr_tvalid,
    input  wire                     m_dma_wr_tready,
    input  wire                     s_dma_wr_done,
    input  wire                     s_dma_wr_error,

    // completion event interrupts
    output reg                      irq_valid,
    output reg  [4:0]               irq_vector,

    // statistics pulses
    output reg                      stat_cqe_written,   // STAT_CQE_WRITTEN
    output reg                      stat_cq_overrun,    // CQE dropped: CQ full
    output reg                      stat_cqe_bad_cq,    // CQE dropped: no such CQ
    output reg                      stat_cqe_dma_err,   // a CQE write got an error response

    // the reset sweep is over: every per-CQ table holds its reset value
    output wire                     init_done
);

localparam NCQ = 1 << LOG_CQS;
localparam CQE_BYTES = `RNIC_CQE_BITS / 8;
localparam BEATS = DATA_W >= `RNIC_CQE_BITS ? 1 : `RNIC_CQE_BITS / DATA_W;
localparam BEAT_W = BEATS > 1 ? $clog2(BEATS) : 1;
localparam LOG_W = `RNIC_CQC_LOG_SIZE_W;
localparam [31:0] LAST_BEAT32 = BEATS - 1;
localparam [BEAT_W-1:0] LAST_BEAT = LAST_BEAT32[BEAT_W-1:0];

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (1 << $clog2(DATA_W)) != DATA_W) begin
        $error("rnic_cqe_writer: DATA_W must be a power of two 64..512");
        $finish;
    end
    if (LOG_CQS < 1 || LOG_CQS > 14) begin
        $error("rnic_cqe_writer: LOG_CQS must be 1..14 (db_cq.cqn is 14 bits)");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// per-CQ tables
// ---------------------------------------------------------------------------
reg             cq_valid [0:NCQ-1];
reg [LOG_W-1:0] cq_log   [0:NCQ-1];
reg [4:0]       cq_vec   [0:NCQ-1];
reg [63:0]      cq_base  [0:NCQ-1];
reg [15:0]      cq_pi    [0:NCQ-1];
reg [15:0]      cq_ci    [0:NCQ-1];
reg [1:0]       cq_arm   [0:NCQ-1];

// reset sweep: entry sweep_idx_reg of every table
reg               sweep_busy_reg;
reg [LOG_CQS-1:0] sweep_idx_reg;

wire [LOG_CQS-1:0] idx = s_cqe_cqn[LOG_CQS-1:0];
wire               ctx_hit = ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_CQC && ctx_wr_index < NCQ &&
                             !sweep_busy_reg;
wire [LOG_CQS-1:0] ctx_idx = ctx_wr_index[LOG_CQS-1:0];
wire               db_hit = s_cq_db_valid && s_cq_db_cqn < NCQ && !sweep_busy_reg;
wire [LOG_CQS-1:0] db_idx = s_cq_db_cqn[LOG_CQS-1:0];

// the entry of the CQE's CQ (one read port per table)
wire               rd_valid = cq_valid[idx];
wire [LOG_W-1:0]   rd_log = cq_log[idx];
wire [4:0]         rd_vec = cq_vec[idx];
wire [63:0]        rd_base = cq_base[idx];
wire [15:0]        rd_pi = cq_pi[idx];
wire [15:0]        rd_ci = cq_ci[idx];
wire [1:0]         rd_arm = cq_arm[idx];

// ---------------------------------------------------------------------------
// queues to the DMA port and for pending completions
// ---------------------------------------------------------------------------
wire        req_in_ready;
wire        data_in_ready;
wire        pend_in_ready;
wire [`RNIC_CQE_BITS-1:0] data_out;
wire        data_out_valid;
reg         data_out_ready;
wire [5:0]  pend_out;
wire        pend_out_valid;

reg                       take;        // a CQE is accepted this cycle
reg                       write;       // ...and goes to memory
reg                       fire;        // ...and satisfies the arm
reg                       cq_ok;
reg [15:0]                pi;
reg [15:0]                ci;
reg [4:0]                 log_size;
reg [15:0]                size_mask;
reg                       full;
reg                       owner;
reg                       solicited;
reg [63:0]                slot_addr;
reg [`RNIC_CQE_BITS-1:0]  cqe;

always @* begin
    s_cqe_ready = req_in_ready && data_in_ready && pend_in_ready && !sweep_busy_reg;
    take = s_cqe_valid && s_cqe_ready;

    cq_ok = (s_cqe_cqn < NCQ) && rd_valid;
    pi = rd_pi;
    // a doorbell in the same cycle is already known
    ci = (db_hit && db_idx == idx) ? s_cq_db_ci : rd_ci;
    log_size = rd_log;
    if (log_size > `RNIC_LOG_MAX_CQE) begin
        log_size = `RNIC_LOG_MAX_CQE;
    end
    size_mask = ~(16'hFFFF << log_size);
    full = ((pi - ci) > size_mask);
    owner = !(((pi >> log_size) & 16'd1) != 16'd0);
    slot_addr = rd_base + {43'd0, pi & size_mask, 5'd0};
    cqe = s_cqe_data;
    cqe[`RNIC_CQE_OWNER_LSB] = owner;
    solicited = ((s_cqe_data[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W] & `RNIC_CQE_FLAG_SOLICITED) != 0)
                || (s_cqe_data[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] != `RNIC_WC_STATUS_SUCCESS);

    write = take && cq_ok && !full;
    fire = write && ((rd_arm == `RNIC_CQ_ARM_NEXT)
                     || (rd_arm == `RNIC_CQ_ARM_SOLICITED && solicited));
end

// the reset sweep owns every table's write port; otherwise the CQE path,
// the doorbell and the context write (nothing of them comes while sweeping)
always @(posedge clk) begin
    if (sweep_busy_reg) begin
        cq_valid[sweep_idx_reg] <= 1'b0;
        cq_log[sweep_idx_reg] <= {LOG_W{1'b0}};
        cq_vec[sweep_idx_reg] <= 5'd0;
        cq_base[sweep_idx_reg] <= 64'd0;
        cq_pi[sweep_idx_reg] <= 16'd0;
        cq_ci[sweep_idx_reg] <= 16'd0;
        cq_arm[sweep_idx_reg] <= 2'd0;
    end else begin
        // CQE path: advance pi, disarm on fire (a doorbell arming now wins)
        if (write) begin
            cq_pi[idx] <= pi + 16'd1;
            if (fire) begin
                cq_arm[idx] <= `RNIC_CQ_ARM_NONE;
            end
        end
        if (db_hit) begin
            cq_ci[db_idx] <= s_cq_db_ci;
            if (s_cq_db_arm != `RNIC_CQ_ARM_NONE) begin
                cq_arm[db_idx] <= s_cq_db_arm;
            end
        end
        // a context write (re)creates the CQ
        if (ctx_hit) begin
            cq_valid[ctx_idx] <= ctx_wr_data[`RNIC_CQC_VALID_LSB];
            cq_log[ctx_idx] <= ctx_wr_data[`RNIC_CQC_LOG_SIZE_LSB +: `RNIC_CQC_LOG_SIZE_W];
            cq_vec[ctx_idx] <= ctx_wr_data[`RNIC_CQC_VECTOR_LSB +: 5];
            cq_base[ctx_idx] <= ctx_wr_data[`RNIC_CQC_BASE_LSB +: `RNIC_CQC_BASE_W];
            cq_pi[ctx_idx] <= 16'd0;
            cq_ci[ctx_idx] <= 16'd0;
            cq_arm[ctx_idx] <= `RNIC_CQ_ARM_NONE;
        end
    end
end

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        sweep_idx_reg <= sweep_idx_reg + 1'b1;
        if (sweep_idx_reg == {LOG_CQS{1'b1}}) begin
            sweep_busy_reg <= 1'b0;
        end
    end
    if (rst) begin
        sweep_busy_reg <= 1'b1;
        sweep_idx_reg <= {LOG_CQS{1'b0}};
    end
end

assign init_done = !sweep_busy_reg;

// ---------------------------------------------------------------------------
// DMA request, data and completion tracking
// ---------------------------------------------------------------------------
/* verilator lint_off PINCONNECTEMPTY */
rnic_fifo #(
    .WIDTH(64),
    .DEPTH(4)
) req_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data(slot_addr),
    .s_valid(write),
    .s_ready(req_in_ready),
    .m_data(m_dma_wr_req_addr),
    .m_valid(m_dma_wr_req_valid),
    .m_ready(m_dma_wr_req_ready),
    .count()    // occupancy not needed
);

rnic_fifo #(
    .WIDTH(`RNIC_CQE_BITS),
    .DEPTH(4)
) data_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data(cqe),
    .s_valid(write),
    .s_ready(data_in_ready),
    .m_data(data_out),
    .m_valid(data_out_valid),
    .m_ready(data_out_ready),
    .count()    // occupancy not needed
);

// {fire, vector} of each CQE whose write is in flight
rnic_fifo #(
    .WIDTH(6),
    .DEPTH(OUTSTANDING)
) pend_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data({fire, rd_vec}),
    .s_valid(write),
    .s_ready(pend_in_ready),
    .m_data(pend_out),
    .m_valid(pend_out_valid),
    .m_ready(s_dma_wr_done),
    .count()    // occupancy not needed
);
/* verilator lint_on PINCONNECTEMPTY */

assign m_dma_wr_req_len = CQE_BYTES[15:0];

// CQE bytes onto the DMA stream, BEATS beats per CQE
reg [BEAT_W-1:0] beat_reg, beat_next;
reg              last_beat;
/* verilator lint_off UNUSEDSIGNAL */
reg [`RNIC_CQE_BITS+DATA_W-1:0] beat_window;  // the CQE shifted to the current beat
/* verilator lint_on UNUSEDSIGNAL */

always @* begin
    beat_next = beat_reg;
    last_beat = (BEATS == 1) || (beat_reg == LAST_BEAT);
    beat_window = {{DATA_W{1'b0}}, data_out} >> (beat_reg * DATA_W);
    data_out_ready = m_dma_wr_tready && last_beat;
    if (data_out_valid && m_dma_wr_tready) begin
        beat_next = last_beat ? {BEAT_W{1'b0}} : beat_reg + 1'b1;
    end
end

assign m_dma_wr_tdata = beat_window[DATA_W-1:0];
// the CQE fills the low 32 bytes of a wide beat, or every byte of narrow ones
assign m_dma_wr_tkeep = ~({DATA_W/8{1'b1}} << CQE_BYTES);
assign m_dma_wr_tlast = last_beat;
assign m_dma_wr_tvalid = data_out_valid;

always @(posedge clk) begin
    beat_reg <= beat_next;
    irq_valid <= s_dma_wr_done && pend_out_valid && pend_out[5];
    irq_vector <= pend_out[4:0];
    stat_cqe_written <= s_dma_wr_done && pend_out_valid;
    stat_cqe_dma_err <= s_dma_wr_done && s_dma_wr_error;
    stat_cq_overrun <= take && cq_ok && full;
    stat_cqe_bad_cq <= take && !cq_ok;
    if (rst) begin
        beat_reg <= {BEAT_W{1'b0}};
        irq_valid <= 1'b0;
        irq_vector <= 5'd0;
        stat_cqe_written <= 1'b0;
        stat_cqe_dma_err <= 1'b0;
        stat_cq_overrun <= 1'b0;
        stat_cqe_bad_cq <= 1'b0;
    end
end

endmodule

`default_nettype wire
