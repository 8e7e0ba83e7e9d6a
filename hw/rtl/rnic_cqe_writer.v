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
//
// Every per-CQ table has one writer, so each maps onto a RAM with one write
// port and synchronous reads on the CQE path:
//   context side  (context write): valid, log_size, vector, base, ci_epoch,
//                 pi_epoch;
//   doorbell side (CQ doorbell):   ci, arm mode, arm token, ci stamp;
//   CQE side      (CQE pipeline):  pi, fire token, pi stamp.
// A context write cannot write the other sides' tables; it resets them by
// setting its epoch bit to the inverse of the side's stamp: a side whose
// stamp differs from the epoch reads as reset (index 0, token 0), and its
// writer stamps it with the epoch when it next writes it. The arm state is
// the pair of tokens: armed while the doorbell's arm token differs from the
// CQE side's fire token; an arming doorbell sets its token to the inverse of
// the fire token, a CQE that fires sets the fire token to the arm token.
// In one cycle a context write wins over a doorbell and a CQE for the same CQ
// (theirs are not written), and an arming doorbell over a firing CQE (the
// interrupt still goes out, the CQ stays armed).
//
// Pipeline, one CQE per cycle: accept (the tables are read at the CQE's
// index) -> lookup (the entry, corrected by the writes the read missed and
// by those of this cycle) -> commit (full check, slot, owner, arm; the
// write of pi and the pushes to the DMA queues). The request and data
// queues have room reserved at acceptance for the CQEs in the pipeline.
//
// Reset sweep: after rst, one entry per cycle of every per-CQ table is
// written with 0 (not valid, indexes 0, disarmed, stamps equal to epochs)
// through the table's write port, NCQ cycles; until init_done rises, CQEs
// wait (s_cqe_ready low) and context writes and CQ doorbells are ignored.
// The queues' storage (rnic_fifo) is not swept: rst empties them.
`default_nettype none
`include "rnic_contract.vh"

module rnic_cqe_writer #(
    parameter DATA_W = 512,               // DMA data width in bits, a power of two 64..512
    parameter LOG_CQS = `RNIC_LOG_CQS,    // log2 of the number of CQs kept
    parameter CTX_WORDS = `RNIC_CTX_WORDS,// words in a context write
    parameter OUTSTANDING = 32            // CQE writes awaiting completion, a power of two >= 4
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
localparam [31:0] LOG_MAX32 = `RNIC_LOG_MAX_CQE;
localparam [LOG_W-1:0] LOG_MAX = LOG_MAX32[LOG_W-1:0];
// request and data queues: the CQEs in the pipeline and a few the DMA has not taken
localparam QUEUE_DEPTH = 8;
localparam QUEUE_W = $clog2(QUEUE_DEPTH);
localparam PEND_W = $clog2(OUTSTANDING);
localparam [31:0] QUEUE_DEPTH32 = QUEUE_DEPTH;
localparam [31:0] OUTSTANDING32 = OUTSTANDING;

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (1 << $clog2(DATA_W)) != DATA_W) begin
        $error("rnic_cqe_writer: DATA_W must be a power of two 64..512");
        $finish;
    end
    if (LOG_CQS < 1 || LOG_CQS > 14) begin
        $error("rnic_cqe_writer: LOG_CQS must be 1..14 (db_cq.cqn is 14 bits)");
        $finish;
    end
    if (OUTSTANDING < 4 || (1 << $clog2(OUTSTANDING)) != OUTSTANDING) begin
        $error("rnic_cqe_writer: OUTSTANDING must be a power of two >= 4 (two CQEs in the pipeline)");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// per-CQ tables, one writer each (and the reset sweep)
// ---------------------------------------------------------------------------
// context side
reg             cq_valid      [0:NCQ-1];
reg [LOG_W-1:0] cq_log        [0:NCQ-1];
reg [4:0]       cq_vec        [0:NCQ-1];
reg [63:0]      cq_base       [0:NCQ-1];
reg             cq_ci_epoch   [0:NCQ-1];    // the doorbell side is live while its stamp equals this
reg             cq_pi_epoch   [0:NCQ-1];    // the CQE side is live while its stamp equals this
// doorbell side
reg [15:0]      cq_ci         [0:NCQ-1];
reg [1:0]       cq_arm        [0:NCQ-1];    // arm mode of the last arming doorbell
reg             cq_arm_token  [0:NCQ-1];    // armed while it differs from the fire token
reg             cq_ci_stamp   [0:NCQ-1];
// CQE side
reg [15:0]      cq_pi         [0:NCQ-1];
reg             cq_fire_token [0:NCQ-1];
reg             cq_pi_stamp   [0:NCQ-1];

// reset sweep: entry sweep_idx_reg of every table
reg               sweep_busy_reg;
reg [LOG_CQS-1:0] sweep_idx_reg;

// ---------------------------------------------------------------------------
// context writes and doorbells, registered; each writes its side's tables at
// the end of the cycle it is held here
// ---------------------------------------------------------------------------
reg               context_valid_reg;
reg [LOG_CQS-1:0] context_index_reg;
reg               context_cq_valid_reg;
reg [LOG_W-1:0]   context_log_reg;
reg [4:0]         context_vector_reg;
reg [63:0]        context_base_reg;
// the context write of the cycle before (the lookup stage's read missed it)
reg               context_last_valid_reg;
reg               context_last_cq_valid_reg;
reg [LOG_W-1:0]   context_last_log_reg;
reg [4:0]         context_last_vector_reg;
reg [63:0]        context_last_base_reg;

reg               doorbell_valid_reg;
reg [LOG_CQS-1:0] doorbell_index_reg;
reg [15:0]        doorbell_ci_reg;
reg               doorbell_arming_reg;          // arm is not NONE
reg [1:0]         doorbell_arm_reg;
reg               doorbell_context_same_reg;    // the context write of this cycle is for the same CQ
reg               doorbell_last_valid_reg;
reg [15:0]        doorbell_last_ci_reg;
reg               doorbell_last_arming_reg;
reg [1:0]         doorbell_last_arm_reg;

// ---------------------------------------------------------------------------
// CQE pipeline registers
// ---------------------------------------------------------------------------
wire [LOG_CQS-1:0] cqe_index = s_cqe_cqn[LOG_CQS-1:0];
reg                take;        // a CQE is accepted this cycle

// lookup: the tables' words at the CQE's index as read at the end of the accept cycle
reg                        lookup_valid_reg;
reg [LOG_CQS-1:0]          lookup_index_reg;
reg                        lookup_in_range_reg;
reg                        lookup_solicited_reg;
reg [`RNIC_CQE_BITS-1:0]   lookup_data_reg;
reg                        lookup_cq_valid_reg;
reg [LOG_W-1:0]            lookup_log_reg;
reg [4:0]                  lookup_vector_reg;
reg [63:0]                 lookup_base_reg;
reg                        lookup_ci_epoch_reg;
reg                        lookup_pi_epoch_reg;
reg [15:0]                 lookup_ci_reg;
reg [1:0]                  lookup_arm_reg;
reg                        lookup_arm_token_reg;
reg                        lookup_ci_stamp_reg;
reg [15:0]                 lookup_pi_reg;
reg                        lookup_fire_token_reg;
reg                        lookup_pi_stamp_reg;
// the CQ was written at the end of the accept cycle (the read missed it) ...
reg                        lookup_hit_context_last_reg;
reg                        lookup_hit_doorbell_last_reg;
reg                        lookup_hit_commit_last_reg;
// ... or is written at the end of this cycle
reg                        lookup_hit_context_reg;
reg                        lookup_hit_doorbell_reg;
reg                        lookup_hit_commit_reg;

// commit: the CQ's state after every write before this cycle's
reg                        commit_valid_reg;
reg [LOG_CQS-1:0]          commit_index_reg;
reg                        commit_ok_reg;          // the CQ exists
reg [15:0]                 commit_pi_reg;
reg [15:0]                 commit_ci_reg;
reg [15:0]                 commit_mask_reg;        // 2^log_size - 1
reg [15:0]                 commit_size_reg;        // 2^log_size
reg [63:0]                 commit_base_reg;
reg [4:0]                  commit_vector_reg;
reg                        commit_arm_match_reg;   // armed, and this CQE satisfies the arm
reg [`RNIC_CQE_BITS-1:0]   commit_data_reg;
reg                        commit_hit_context_reg; // this cycle's context write is for this CQ
reg                        commit_hit_doorbell_reg;// this cycle's doorbell is for this CQ
// the commit of the cycle before (the lookup stage's read missed it)
reg                        commit_last_write_reg;
reg                        commit_last_fire_reg;
reg [15:0]                 commit_last_pi_reg;

// ---------------------------------------------------------------------------
// queues to the DMA port and for pending completions
// ---------------------------------------------------------------------------
wire [QUEUE_W:0]          req_count;
wire [QUEUE_W:0]          data_count;
wire [PEND_W:0]           pend_count;
wire [`RNIC_CQE_BITS-1:0] data_out;
wire                      data_out_valid;
reg                       data_out_ready;
wire [5:0]                pend_out;
wire                      pend_out_valid;

// acceptance reserves a slot in every queue for each CQE in the pipeline
reg [31:0] in_flight;

always @* begin
    in_flight = {31'd0, lookup_valid_reg} + {31'd0, commit_valid_reg} + 32'd1;
    s_cqe_ready = !sweep_busy_reg &&
                  {{31-QUEUE_W{1'b0}}, req_count} + in_flight <= QUEUE_DEPTH32 &&
                  {{31-QUEUE_W{1'b0}}, data_count} + in_flight <= QUEUE_DEPTH32 &&
                  {{31-PEND_W{1'b0}}, pend_count} + in_flight <= OUTSTANDING32;
    take = s_cqe_valid && s_cqe_ready;
end

// ---------------------------------------------------------------------------
// lookup: the entry corrected by the writes of the previous edge (which its
// read missed) and of this cycle, in the order they take effect: the CQE
// commit's, the doorbell's, the context write's
// ---------------------------------------------------------------------------
reg                commit_write;    // the CQE in commit goes to memory
reg                commit_fire;     // ...and satisfies the arm

reg                ci_live;
reg                pi_live;
reg                lookup_cq_valid;
reg [LOG_W-1:0]    lookup_log;
reg [4:0]          lookup_vector;
reg [63:0]         lookup_base;
reg [15:0]         lookup_pi;
reg [15:0]         lookup_ci;
reg                lookup_armed;
reg [1:0]          lookup_arm;
reg                lookup_arm_match;
reg [LOG_W-1:0]    lookup_log_size;

function arm_satisfied;
    input [1:0] arm;
    input       solicited;
    begin
        arm_satisfied = arm == `RNIC_CQ_ARM_NEXT || (arm == `RNIC_CQ_ARM_SOLICITED && solicited);
    end
endfunction

always @* begin
    ci_live = lookup_ci_stamp_reg == lookup_ci_epoch_reg;
    pi_live = lookup_pi_stamp_reg == lookup_pi_epoch_reg;
    lookup_cq_valid = lookup_cq_valid_reg;
    lookup_log = lookup_log_reg;
    lookup_vector = lookup_vector_reg;
    lookup_base = lookup_base_reg;
    lookup_pi = pi_live ? lookup_pi_reg : 16'd0;
    lookup_ci = ci_live ? lookup_ci_reg : 16'd0;
    lookup_armed = (ci_live && lookup_arm_token_reg) != (pi_live && lookup_fire_token_reg);
    lookup_arm = lookup_arm_reg;

    // written at the end of the accept cycle
    if (commit_last_write_reg && lookup_hit_commit_last_reg) begin
        lookup_pi = commit_last_pi_reg;
        if (commit_last_fire_reg) begin
            lookup_armed = 1'b0;
        end
    end
    if (doorbell_last_valid_reg && lookup_hit_doorbell_last_reg) begin
        lookup_ci = doorbell_last_ci_reg;
        if (doorbell_last_arming_reg) begin
            lookup_armed = 1'b1;
            lookup_arm = doorbell_last_arm_reg;
        end
    end
    if (context_last_valid_reg && lookup_hit_context_last_reg) begin
        lookup_cq_valid = context_last_cq_valid_reg;
        lookup_log = context_last_log_reg;
        lookup_vector = context_last_vector_reg;
        lookup_base = context_last_base_reg;
        lookup_pi = 16'd0;
        lookup_ci = 16'd0;
        lookup_armed = 1'b0;
    end
    lookup_arm_match = lookup_armed && arm_satisfied(lookup_arm, lookup_solicited_reg);

    // written at the end of this cycle
    if (commit_write && lookup_hit_commit_reg) begin
        lookup_pi = commit_pi_reg + 16'd1;
        if (commit_fire) begin
            lookup_arm_match = 1'b0;
        end
    end
    if (doorbell_valid_reg && lookup_hit_doorbell_reg) begin
        lookup_ci = doorbell_ci_reg;
        if (doorbell_arming_reg) begin
            lookup_arm_match = arm_satisfied(doorbell_arm_reg, lookup_solicited_reg);
        end
    end
    if (context_valid_reg && lookup_hit_context_reg) begin
        lookup_cq_valid = context_cq_valid_reg;
        lookup_log = context_log_reg;
        lookup_vector = context_vector_reg;
        lookup_base = context_base_reg;
        lookup_pi = 16'd0;
        lookup_ci = 16'd0;
        lookup_arm_match = 1'b0;
    end

    lookup_log_size = lookup_log > LOG_MAX ? LOG_MAX : lookup_log;
end

// ---------------------------------------------------------------------------
// commit: full check, slot and owner; pi and the fire token are written
// ---------------------------------------------------------------------------
reg                       commit_full;
reg                       commit_owner;
reg [63:0]                commit_slot;
reg [`RNIC_CQE_BITS-1:0]  commit_cqe;

always @* begin
    commit_full = ((commit_pi_reg - commit_ci_reg) & ~commit_mask_reg) != 16'd0;
    commit_write = commit_valid_reg && commit_ok_reg && !commit_full;
    commit_fire = commit_write && commit_arm_match_reg;
    commit_owner = (commit_pi_reg & commit_size_reg) == 16'd0;
    commit_slot = commit_base_reg + {43'd0, commit_pi_reg & commit_mask_reg, 5'd0};
    commit_cqe = commit_data_reg;
    commit_cqe[`RNIC_CQE_OWNER_LSB] = commit_owner;
end

always @(posedge clk) begin
    // accept: the tables are read at the CQE's index
    lookup_valid_reg <= take;
    lookup_index_reg <= cqe_index;
    lookup_in_range_reg <= (s_cqe_cqn >> LOG_CQS) == 24'd0;
    lookup_solicited_reg <=
        ((s_cqe_data[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W] & `RNIC_CQE_FLAG_SOLICITED) != 0) ||
        (s_cqe_data[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] != `RNIC_WC_STATUS_SUCCESS);
    lookup_data_reg <= s_cqe_data;
    lookup_cq_valid_reg <= cq_valid[cqe_index];
    lookup_log_reg <= cq_log[cqe_index];
    lookup_vector_reg <= cq_vec[cqe_index];
    lookup_base_reg <= cq_base[cqe_index];
    lookup_ci_epoch_reg <= cq_ci_epoch[cqe_index];
    lookup_pi_epoch_reg <= cq_pi_epoch[cqe_index];
    lookup_ci_reg <= cq_ci[cqe_index];
    lookup_arm_reg <= cq_arm[cqe_index];
    lookup_arm_token_reg <= cq_arm_token[cqe_index];
    lookup_ci_stamp_reg <= cq_ci_stamp[cqe_index];
    lookup_pi_reg <= cq_pi[cqe_index];
    lookup_fire_token_reg <= cq_fire_token[cqe_index];
    lookup_pi_stamp_reg <= cq_pi_stamp[cqe_index];
    lookup_hit_context_last_reg <= context_index_reg == cqe_index;
    lookup_hit_doorbell_last_reg <= doorbell_index_reg == cqe_index;
    lookup_hit_commit_last_reg <= commit_index_reg == cqe_index;
    lookup_hit_context_reg <= ctx_wr_index[LOG_CQS-1:0] == cqe_index;
    lookup_hit_doorbell_reg <= s_cq_db_cqn[LOG_CQS-1:0] == cqe_index;
    lookup_hit_commit_reg <= lookup_index_reg == cqe_index;

    // lookup -> commit
    commit_valid_reg <= lookup_valid_reg;
    commit_index_reg <= lookup_index_reg;
    commit_ok_reg <= lookup_in_range_reg && lookup_cq_valid;
    commit_pi_reg <= lookup_pi;
    commit_ci_reg <= lookup_ci;
    commit_mask_reg <= ~(16'hFFFF << lookup_log_size);
    commit_size_reg <= 16'd1 << lookup_log_size;
    commit_base_reg <= lookup_base;
    commit_vector_reg <= lookup_vector;
    commit_arm_match_reg <= lookup_arm_match;
    commit_data_reg <= lookup_data_reg;
    commit_hit_context_reg <= ctx_wr_index[LOG_CQS-1:0] == lookup_index_reg;
    commit_hit_doorbell_reg <= s_cq_db_cqn[LOG_CQS-1:0] == lookup_index_reg;

    commit_last_write_reg <= commit_write;
    commit_last_fire_reg <= commit_fire;
    commit_last_pi_reg <= commit_pi_reg + 16'd1;

    // context writes and doorbells
    context_valid_reg <= ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_CQC &&
                         (ctx_wr_index >> LOG_CQS) == 24'd0 && !sweep_busy_reg;
    context_index_reg <= ctx_wr_index[LOG_CQS-1:0];
    context_cq_valid_reg <= ctx_wr_data[`RNIC_CQC_VALID_LSB];
    context_log_reg <= ctx_wr_data[`RNIC_CQC_LOG_SIZE_LSB +: `RNIC_CQC_LOG_SIZE_W];
    context_vector_reg <= ctx_wr_data[`RNIC_CQC_VECTOR_LSB +: 5];
    context_base_reg <= ctx_wr_data[`RNIC_CQC_BASE_LSB +: `RNIC_CQC_BASE_W];
    context_last_valid_reg <= context_valid_reg;
    context_last_cq_valid_reg <= context_cq_valid_reg;
    context_last_log_reg <= context_log_reg;
    context_last_vector_reg <= context_vector_reg;
    context_last_base_reg <= context_base_reg;

    doorbell_valid_reg <= s_cq_db_valid && (s_cq_db_cqn >> LOG_CQS) == 24'd0 && !sweep_busy_reg;
    doorbell_index_reg <= s_cq_db_cqn[LOG_CQS-1:0];
    doorbell_ci_reg <= s_cq_db_ci;
    doorbell_arming_reg <= s_cq_db_arm != `RNIC_CQ_ARM_NONE;
    doorbell_arm_reg <= s_cq_db_arm;
    doorbell_context_same_reg <= s_cq_db_cqn[LOG_CQS-1:0] == ctx_wr_index[LOG_CQS-1:0];
    doorbell_last_valid_reg <= doorbell_valid_reg;
    doorbell_last_ci_reg <= doorbell_ci_reg;
    doorbell_last_arming_reg <= doorbell_arming_reg;
    doorbell_last_arm_reg <= doorbell_arm_reg;

    if (rst) begin
        lookup_valid_reg <= 1'b0;
        commit_valid_reg <= 1'b0;
        commit_last_write_reg <= 1'b0;
        commit_last_fire_reg <= 1'b0;
        context_valid_reg <= 1'b0;
        context_last_valid_reg <= 1'b0;
        doorbell_valid_reg <= 1'b0;
        doorbell_last_valid_reg <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// table writes: the reset sweep owns every write port while it runs
// ---------------------------------------------------------------------------
// context side: a context write sets the epochs so the other sides read as reset
reg               context_we;
reg [LOG_CQS-1:0] context_waddr;
reg               context_wr_cq_valid;
reg [LOG_W-1:0]   context_wr_log;
reg [4:0]         context_wr_vector;
reg [63:0]        context_wr_base;
reg               context_wr_ci_epoch;
reg               context_wr_pi_epoch;
// doorbell side: the ci, the arm token (and mode when arming), stamped live
reg               doorbell_we;
reg               doorbell_arm_we;
reg [LOG_CQS-1:0] doorbell_waddr;
reg [15:0]        doorbell_wr_ci;
reg [1:0]         doorbell_wr_arm;
reg               doorbell_wr_arm_token;
reg               doorbell_wr_ci_stamp;
// CQE side: pi + 1, the fire token (set to the arm token on a fire), stamped live
reg               commit_we;
reg [LOG_CQS-1:0] commit_waddr;
reg [15:0]        commit_wr_pi;
reg               commit_wr_fire_token;
reg               commit_wr_pi_stamp;

// the writers' reads (small tables, read where they write)
wire context_ci_stamp = cq_ci_stamp[context_index_reg];
wire context_pi_stamp = cq_pi_stamp[context_index_reg];
wire doorbell_ci_epoch = cq_ci_epoch[doorbell_index_reg];
// the CQ's tokens as each side holds them (0 on a side reset by a context write)
wire doorbell_fire_token = cq_pi_stamp[doorbell_index_reg] == cq_pi_epoch[doorbell_index_reg] &&
                           cq_fire_token[doorbell_index_reg];
wire doorbell_arm_token = cq_ci_stamp[doorbell_index_reg] == doorbell_ci_epoch &&
                          cq_arm_token[doorbell_index_reg];
wire commit_pi_epoch = cq_pi_epoch[commit_index_reg];
wire commit_fire_token = cq_pi_stamp[commit_index_reg] == commit_pi_epoch &&
                         cq_fire_token[commit_index_reg];

always @* begin
    context_we = context_valid_reg;
    context_waddr = context_index_reg;
    context_wr_cq_valid = context_cq_valid_reg;
    context_wr_log = context_log_reg;
    context_wr_vector = context_vector_reg;
    context_wr_base = context_base_reg;
    context_wr_ci_epoch = !context_ci_stamp;
    context_wr_pi_epoch = !context_pi_stamp;

    doorbell_we = doorbell_valid_reg && !(context_valid_reg && doorbell_context_same_reg);
    doorbell_arm_we = doorbell_we && doorbell_arming_reg;
    doorbell_waddr = doorbell_index_reg;
    doorbell_wr_ci = doorbell_ci_reg;
    doorbell_wr_arm = doorbell_arm_reg;
    doorbell_wr_arm_token = doorbell_arming_reg ? !doorbell_fire_token : doorbell_arm_token;
    doorbell_wr_ci_stamp = doorbell_ci_epoch;

    commit_we = commit_write && !(context_valid_reg && commit_hit_context_reg);
    commit_waddr = commit_index_reg;
    commit_wr_pi = commit_pi_reg + 16'd1;
    // an arming doorbell for this CQ in this cycle keeps it armed
    commit_wr_fire_token = commit_fire_token ^
        (commit_fire && !(doorbell_valid_reg && doorbell_arming_reg && commit_hit_doorbell_reg));
    commit_wr_pi_stamp = commit_pi_epoch;

    if (sweep_busy_reg) begin
        context_we = 1'b1;
        context_waddr = sweep_idx_reg;
        context_wr_cq_valid = 1'b0;
        context_wr_log = {LOG_W{1'b0}};
        context_wr_vector = 5'd0;
        context_wr_base = 64'd0;
        context_wr_ci_epoch = 1'b0;
        context_wr_pi_epoch = 1'b0;
        doorbell_we = 1'b1;
        doorbell_arm_we = 1'b1;
        doorbell_waddr = sweep_idx_reg;
        doorbell_wr_ci = 16'd0;
        doorbell_wr_arm = `RNIC_CQ_ARM_NONE;
        doorbell_wr_arm_token = 1'b0;
        doorbell_wr_ci_stamp = 1'b0;
        commit_we = 1'b1;
        commit_waddr = sweep_idx_reg;
        commit_wr_pi = 16'd0;
        commit_wr_fire_token = 1'b0;
        commit_wr_pi_stamp = 1'b0;
    end
end

always @(posedge clk) begin
    if (context_we) begin
        cq_valid[context_waddr] <= context_wr_cq_valid;
        cq_log[context_waddr] <= context_wr_log;
        cq_vec[context_waddr] <= context_wr_vector;
        cq_base[context_waddr] <= context_wr_base;
        cq_ci_epoch[context_waddr] <= context_wr_ci_epoch;
        cq_pi_epoch[context_waddr] <= context_wr_pi_epoch;
    end
end

always @(posedge clk) begin
    if (doorbell_we) begin
        cq_ci[doorbell_waddr] <= doorbell_wr_ci;
        cq_arm_token[doorbell_waddr] <= doorbell_wr_arm_token;
        cq_ci_stamp[doorbell_waddr] <= doorbell_wr_ci_stamp;
    end
    if (doorbell_arm_we) begin
        cq_arm[doorbell_waddr] <= doorbell_wr_arm;
    end
end

always @(posedge clk) begin
    if (commit_we) begin
        cq_pi[commit_waddr] <= commit_wr_pi;
        cq_fire_token[commit_waddr] <= commit_wr_fire_token;
        cq_pi_stamp[commit_waddr] <= commit_wr_pi_stamp;
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
    .DEPTH(QUEUE_DEPTH)
) req_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data(commit_slot),
    .s_valid(commit_write),
    .s_ready(),     // room reserved at acceptance
    .m_data(m_dma_wr_req_addr),
    .m_valid(m_dma_wr_req_valid),
    .m_ready(m_dma_wr_req_ready),
    .count(req_count)
);

rnic_fifo #(
    .WIDTH(`RNIC_CQE_BITS),
    .DEPTH(QUEUE_DEPTH)
) data_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data(commit_cqe),
    .s_valid(commit_write),
    .s_ready(),     // room reserved at acceptance
    .m_data(data_out),
    .m_valid(data_out_valid),
    .m_ready(data_out_ready),
    .count(data_count)
);

// {fire, vector} of each CQE whose write is in flight
rnic_fifo #(
    .WIDTH(6),
    .DEPTH(OUTSTANDING)
) pend_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data({commit_fire, commit_vector_reg}),
    .s_valid(commit_write),
    .s_ready(),     // room reserved at acceptance
    .m_data(pend_out),
    .m_valid(pend_out_valid),
    .m_ready(s_dma_wr_done),
    .count(pend_count)
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
    stat_cq_overrun <= commit_valid_reg && commit_ok_reg && commit_full;
    stat_cqe_bad_cq <= commit_valid_reg && !commit_ok_reg;
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
