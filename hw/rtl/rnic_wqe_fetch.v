// rnic_wqe_fetch: reads send WQEs from host memory for scheduled QPs.
//
// A QPC write stores the QP's send queue ring in the form the fetch uses:
// its base, whether it is usable (log_sq_stride within SEND_WQE_MIN/
// MAX_STRIDE, log_sq_size at most LOG_MAX_WQE), the stride as a code (its
// log2 less the smallest one's) and the index mask 2^log_sq_size - 1.
// Picks from rnic_doorbell (s_sched_*: QP, producer index pi) go through a
// three-stage issue pipeline, one pick per cycle:
//   pick    the pick is taken and its QP's tables are read (registered reads);
//   lookup  with the QP's fetch consumer index ci (a per-QP table): whether
//           the QP has work (pi != ci, a usable ring), and count = min(pi -
//           ci, BURST, WQEs to the ring end);
//   issue   n = min(count, WQEs the output buffer can still take); one read
//           of n << log_sq_stride bytes at sq_base + ((ci mod 2^log_sq_size)
//           << log_sq_stride) is issued, ci advances by n, and the QP is
//           handed back (m_requeue_*) when pi - ci was larger than n, so it
//           waits its next turn behind the other QPs.
// A pick without work or with an unusable context leaves at issue without a
// read. The read request is registered: it is offered three cycles after its
// pick was taken. Up to INFLIGHT reads are outstanding; output buffer space
// (BUF_BEATS beats) is reserved when a read is issued, so the data stream is
// never stalled (a beat dropped or sent frees its space one cycle later).
//
// A pick stands for its QP as of the cycle its tables were read. A pick of a
// QP still in the lookup or issue stage waits (that QP's ci is not written
// back yet). A QPC write that clears the fetch index of a QP in the pipeline
// leaves that pick's read as it was, but cancels its write-back of ci, so
// the clear stands; a rewind of a QP in the pipeline voids the pick (its
// WQEs would be stale; the rewind hands the QP back itself). Context writes
// and rewinds take the index table in their cycle: no pick is taken and no
// read issued then.
//
// Returned data is cut into WQEs of 2^log_sq_stride bytes; each goes out as
// one packet on m_wqe_* (the whole stride, every beat full) with its QP and
// index on m_wqe_qpn / m_wqe_index. Word 1 of the control segment
// (send_wqe.wqe_index) must equal the index expected (ci at fetch time, mod
// 2^16); otherwise the whole WQE is dropped, m_err_valid pulses with the QP
// and the expected index, and stat_wqe_index_err pulses. The fetch consumer
// index has already moved past a dropped WQE: the requester sees a gap in
// m_wqe_index and firmware is expected to move the QP to the error state.
// Reads return in the order they were issued (one DMA read client).
//
// A QPC write whose state is RESET or INIT sets the QP's fetch index to 0.
// Reads already issued for that QP still deliver their WQEs; the requester
// ignores WQEs of a QP that is not in a sending state.
//
// Rewind (s_rw_*, the requester's go-back-N retransmission): the QP's fetch
// index is set to s_rw_index, the QP is handed back to the scheduler
// (m_requeue_*) so the WQEs from there on are fetched again, and the QP's
// epoch (EP_W bits, per QP) moves on. Every read records the epoch its QP
// had when its pick was taken and every WQE carries it through the output
// buffer; a WQE whose epoch is no longer its QP's (fetched before the
// rewind) is dropped at the output instead of being handed to the
// requester. Epochs wrap after 16 rewinds; a stale WQE cannot wait through
// that many: WQEs leave the buffer in order, so none of its QP's later
// (refetched) WQEs is sent before it is gone, and without a packet of that
// QP sent the requester rewinds it only on timeouts, at most retry_cnt (7)
// in a row. The epoch is kept three times (ep_mem, ep_rw_mem, ep_out_mem),
// one copy per reader, each read through a register, so that the tables
// map to block RAM at any QP count: the pick reads ep_mem; a rewind reads
// ep_rw_mem and writes the next epoch to all three a cycle later (a pick
// in that cycle takes the new epoch from the write); the head beat of the
// buffer moves into an output register (one cycle, m_wqe_* come from it)
// while ep_out_mem is read for its QP, and it is stale if its epoch differs
// or its QP is rewound while it is there, as it moves or in the cycle
// before (the write of that rewind comes too late for the read).
//
// Reset sweep: after rst, one QP per cycle (QPS cycles) the per-QP tables
// (ring base and shape, fetch index, epoch) are written with 0 through their
// write ports; until init_done rises, picks and rewinds wait and context
// writes are ignored. Not swept: inf_mem (in-flight read records) and
// buf_mem (output buffer), storage meaningless outside their pointers, which
// rst resets.
`default_nettype none

`include "rnic_contract.vh"

module rnic_wqe_fetch #(
    parameter DATA_W = 512,                 // DMA read and WQE stream width, 64..512
    parameter LOG_QPS = `RNIC_LOG_QPS,      // log2 QPs (QPN = index)
    parameter TAG_W = 4,                    // DMA read tag bits, >= log2(INFLIGHT)
    parameter INFLIGHT = 8,                 // DMA reads outstanding, a power of two >= 2
    parameter BURST = 16,                   // most WQEs in one DMA read, 1..127
    parameter BUF_BEATS = 128               // output buffer beats, a power of two
) (
    input  wire                          clk,
    input  wire                          rst,

    // context write broadcast
    input  wire                          ctx_wr_valid,
    input  wire [7:0]                    ctx_wr_table,
    input  wire [23:0]                   ctx_wr_index,
    /* verilator lint_off UNUSEDSIGNAL */ // only state, sq sizes and sq_base are kept
    input  wire [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data,
    /* verilator lint_on UNUSEDSIGNAL */

    // scheduled QPs from rnic_doorbell
    input  wire                          s_sched_valid,
    output wire                          s_sched_ready,
    input  wire [23:0]                   s_sched_qpn,
    input  wire [15:0]                   s_sched_pi,

    // rewind of a QP's fetch index (requester, go-back-N)
    input  wire                          s_rw_valid,
    output wire                          s_rw_ready,
    input  wire [23:0]                   s_rw_qpn,
    input  wire [15:0]                   s_rw_index,

    // QPs handed back to rnic_doorbell with work left
    output wire                          m_requeue_valid,
    input  wire                          m_requeue_ready,
    output wire [23:0]                   m_requeue_qpn,

    // DMA read client: requests (to rnic_dma s_rd_req_*)
    output wire [63:0]                   m_dma_rd_req_addr,
    output wire [15:0]                   m_dma_rd_req_len,
    output wire [TAG_W-1:0]              m_dma_rd_req_tag,
    output wire                          m_dma_rd_req_valid,
    input  wire                          m_dma_rd_req_ready,

    // DMA read client: data (from rnic_dma m_rd_*)
    input  wire [DATA_W-1:0]             s_dma_rd_tdata,
    /* verilator lint_off UNUSEDSIGNAL */ // reads are whole strides: every beat is full
    input  wire [DATA_W/8-1:0]           s_dma_rd_tkeep,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                          s_dma_rd_tlast,
    input  wire                          s_dma_rd_tvalid,
    output wire                          s_dma_rd_tready,
    input  wire [TAG_W-1:0]              s_dma_rd_tuser,

    // WQE stream to the requester: one packet per WQE
    output wire [DATA_W-1:0]             m_wqe_tdata,
    output wire [DATA_W/8-1:0]           m_wqe_tkeep,
    output wire                          m_wqe_tvalid,
    input  wire                          m_wqe_tready,
    output wire                          m_wqe_tlast,
    output wire [23:0]                   m_wqe_qpn,
    output wire [15:0]                   m_wqe_index,

    // WQE index mismatch (one-cycle pulse): QP and expected index
    output wire                          m_err_valid,
    output wire [23:0]                   m_err_qpn,
    output wire [15:0]                   m_err_index,

    // counters (one-cycle pulses)
    output wire                          stat_wqe_fetched,
    output wire                          stat_wqe_index_err,

    // the reset sweep is over: every per-QP table holds its reset value
    output wire                          init_done
);

localparam QPS = 1 << LOG_QPS;
localparam KEEP_W = DATA_W / 8;
localparam LOG_BEAT = $clog2(KEEP_W);                    // log2 bytes per beat
localparam LOG_MIN_STRIDE_I = $clog2(`RNIC_SEND_WQE_MIN_STRIDE);
localparam LOG_MAX_STRIDE_I = $clog2(`RNIC_SEND_WQE_MAX_STRIDE);
localparam [4:0] LOG_MIN_STRIDE = LOG_MIN_STRIDE_I[4:0];
localparam [4:0] LOG_MAX_STRIDE = LOG_MAX_STRIDE_I[4:0];
localparam [4:0] LOG_MAX_WQE = `RNIC_LOG_MAX_WQE;
localparam MASK_W = `RNIC_LOG_MAX_WQE;                   // bits of a ring index mask
localparam SC_N = LOG_MAX_STRIDE_I - LOG_MIN_STRIDE_I + 1;  // usable strides
localparam SC_W = SC_N > 2 ? $clog2(SC_N) : 1;           // bits of a stride code (log2 stride - log2 smallest)
localparam LB_MIN = LOG_MIN_STRIDE_I - LOG_BEAT;         // log2 beats of the smallest WQE
localparam LAST_W = 7;                                   // bits of a beat number inside a WQE
localparam CNT_W = $clog2(BURST + 1);                    // bits of a WQE count, 0..BURST
localparam WANT_W = CNT_W + LB_MIN + (1 << SC_W) - 1;    // bits of the beats of up to BURST WQEs
localparam OFF_W = 16 + LOG_MAX_STRIDE_I;                // bits of a WQE's byte offset in its ring
localparam INF_W = $clog2(INFLIGHT);
localparam BUF_W = $clog2(BUF_BEATS);
localparam CMP_W = WANT_W + BUF_W + 1;                   // counts and beats side by side
localparam RING_W = 1 + SC_W + MASK_W;                   // ring entry: usable, stride code, index mask
localparam EP_W = 4;                                     // rewind epoch bits
localparam ENTRY_W = LOG_QPS + 16 + LAST_W + EP_W;       // in-flight read record
localparam OUT_W = DATA_W + 1 + LOG_QPS + 16 + EP_W;     // output buffer entry

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (1 << $clog2(DATA_W)) != DATA_W) begin
        $error("rnic_wqe_fetch: DATA_W must be a power of two, 64..512");
        $finish;
    end
    if (LOG_QPS < 1 || LOG_QPS > 24) begin
        $error("rnic_wqe_fetch: LOG_QPS must be 1..24");
        $finish;
    end
    if (INFLIGHT < 2 || (1 << INF_W) != INFLIGHT || TAG_W < INF_W) begin
        $error("rnic_wqe_fetch: INFLIGHT must be a power of two >= 2 and fit in TAG_W");
        $finish;
    end
    if (BURST < 1 || BURST * `RNIC_SEND_WQE_MAX_STRIDE > 65535) begin
        $error("rnic_wqe_fetch: BURST must be 1..127");
        $finish;
    end
    if ((1 << BUF_W) != BUF_BEATS || BUF_BEATS * KEEP_W < `RNIC_SEND_WQE_MAX_STRIDE || BUF_W > 15) begin
        $error("rnic_wqe_fetch: BUF_BEATS must be a power of two holding the largest WQE, at most 32768");
        $finish;
    end
    if (LB_MIN < 0 || SC_N > (1 << SC_W) || LB_MIN + SC_N - 1 > LAST_W || MASK_W > 15) begin
        $error("rnic_wqe_fetch: a beat must not be wider than the smallest WQE nor a WQE longer than 128 beats");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// tables: per QP, one write port each, read registered when a pick is taken

// the send queue ring, as the context write leaves it: base address, and in
// sq_ring_mem whether the sizes are usable, the stride code and the index
// mask (2^log_sq_size - 1), so no size is decoded when a pick is served
reg [63:0]         sq_base_mem [0:QPS-1];
reg [RING_W-1:0]   sq_ring_mem [0:QPS-1];
reg [15:0]         ci_mem [0:QPS-1];                    // fetch consumer index
// the rewind epoch, one copy per reader (pick, rewind, output), written
// together
reg [EP_W-1:0]     ep_mem [0:QPS-1];
reg [EP_W-1:0]     ep_rw_mem [0:QPS-1];
reg [EP_W-1:0]     ep_out_mem [0:QPS-1];
reg [ENTRY_W-1:0]  inf_mem [0:INFLIGHT-1];              // in-flight reads, in issue order
reg [OUT_W-1:0]    buf_mem [0:BUF_BEATS-1];             // output buffer

// reset sweep: QP sweep_idx_reg of every table
reg               sweep_busy_reg;
reg [LOG_QPS-1:0] sweep_idx_reg;

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        sweep_idx_reg <= sweep_idx_reg + 1'b1;
        if (sweep_idx_reg == {LOG_QPS{1'b1}}) begin
            sweep_busy_reg <= 1'b0;
        end
    end
    if (rst) begin
        sweep_busy_reg <= 1'b1;
        sweep_idx_reg <= {LOG_QPS{1'b0}};
    end
end

assign init_done = !sweep_busy_reg;

// ---------------------------------------------------------------------------
// state

// lookup stage: a pick and its QP's table entries (read when it was taken)
reg              lookup_valid_reg, lookup_valid_next;
reg              lookup_cancel_reg, lookup_cancel_next;   // its write-back of ci is cancelled
reg              lookup_rewound_reg, lookup_rewound_next; // its QP was rewound: the pick is void
reg [LOG_QPS-1:0] lookup_qidx_reg;
reg              lookup_qpn_ok_reg;
reg [15:0]       lookup_pi_reg;
reg [63:0]       lookup_base_reg;
reg [RING_W-1:0] lookup_ring_reg;
reg [15:0]       lookup_ci_reg;
reg [EP_W-1:0]   lookup_epoch_reg;                         // ep_mem, read at the pick
reg              lookup_epfw_reg;                          // ... and the epoch written then
reg [EP_W-1:0]   lookup_epfw_val_reg;

// issue stage
reg              issue_valid_reg, issue_valid_next;
reg              issue_cancel_reg, issue_cancel_next;
reg              issue_work_reg, issue_work_next;          // work, a usable context, not rewound
reg [LOG_QPS-1:0] issue_qidx_reg;
reg [63:0]       issue_base_reg;
reg [OFF_W-1:0]  issue_offset_reg;                         // (ci mod 2^log_sq_size) << log_sq_stride
reg [SC_W-1:0]   issue_stride_reg;                         // stride code
reg [15:0]       issue_ci_reg;
reg [EP_W-1:0]   issue_epoch_reg;
reg [CNT_W-1:0]  issue_count_reg;                          // WQEs to read if the buffer has room
reg [BUF_W:0]    issue_fit_reg;                            // free beats & this: whole WQEs
reg [LAST_W-1:0] issue_last_beat_reg;                      // beats per WQE - 1
reg              issue_more_reg;                           // work is left after count WQEs

reg              req_valid_reg, req_valid_next;
reg [63:0]       req_addr_reg, req_addr_next;
reg [15:0]       req_len_reg, req_len_next;
reg [INF_W-1:0]  req_tag_reg, req_tag_next;
reg              requeue_valid_reg, requeue_valid_next;
reg [LOG_QPS-1:0] requeue_qpn_reg, requeue_qpn_next;
reg [INF_W:0]    inf_wr_reg, inf_wr_next;       // in-flight records: issue side
reg [INF_W:0]    inf_rd_reg, inf_rd_next;       // in-flight records: retire side
reg [BUF_W:0]    free_reg, free_next;           // buffer beats neither reserved nor held
reg [1:0]        released_reg, released_next;   // beats freed last cycle (sent, dropped)
reg [BUF_W:0]    buf_wr_reg, buf_wr_next;
reg [BUF_W:0]    buf_rd_reg, buf_rd_next;
reg              in_req_reg, in_req_next;       // inside a read (index below is live)
reg [15:0]       index_reg, index_next;         // index of the WQE being received
reg [6:0]        beat_reg, beat_next;           // beat inside the WQE
reg              drop_reg, drop_next;           // dropping the rest of this WQE
reg              err_valid_reg, err_valid_next;
reg [LOG_QPS-1:0] err_qpn_reg, err_qpn_next;
reg [15:0]       err_index_reg, err_index_next;
reg              fetched_reg, fetched_next;

// table write ports
reg              ci_we;
reg [LOG_QPS-1:0] ci_waddr;
reg [15:0]       ci_wdata;
reg              inf_we;
reg              buf_we;

// ---------------------------------------------------------------------------
// context writes (they wait for the reset sweep) and rewinds

wire ctx_qpc = ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_QPC && (ctx_wr_index >> LOG_QPS) == 24'd0 &&
               !sweep_busy_reg;
wire [LOG_QPS-1:0] ctx_qidx = ctx_wr_index[LOG_QPS-1:0];
wire [`RNIC_QPC_STATE_W-1:0] ctx_state = ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
wire ctx_clear = ctx_qpc && (ctx_state == `RNIC_QP_STATE_RESET || ctx_state == `RNIC_QP_STATE_INIT);
wire [`RNIC_QPC_LOG_SQ_SIZE_W-1:0] ctx_log_size = ctx_wr_data[`RNIC_QPC_LOG_SQ_SIZE_LSB +: `RNIC_QPC_LOG_SQ_SIZE_W];
wire [`RNIC_QPC_LOG_SQ_STRIDE_W-1:0] ctx_log_stride = ctx_wr_data[`RNIC_QPC_LOG_SQ_STRIDE_LSB +: `RNIC_QPC_LOG_SQ_STRIDE_W];
wire ctx_usable = ctx_log_stride >= LOG_MIN_STRIDE && ctx_log_stride <= LOG_MAX_STRIDE && ctx_log_size <= LOG_MAX_WQE;
wire [SC_W-1:0] ctx_stride_code = ctx_log_stride[SC_W-1:0] - LOG_MIN_STRIDE[SC_W-1:0];
wire [MASK_W-1:0] ctx_mask = ~({MASK_W{1'b1}} << ctx_log_size);

// a rewind takes the index table and the requeue register (context writes first)
wire [LOG_QPS-1:0] rw_qidx = s_rw_qpn[LOG_QPS-1:0];
// ready looks neither at valid nor at the scheduler's ready (a rewind waits
// while a requeue is pending): the requester's rewind logic never reaches
// its own ready through this block, nor the doorbell logic through it
assign s_rw_ready = !ctx_wr_valid && !sweep_busy_reg && !requeue_valid_reg;
wire rw_take = s_rw_valid && s_rw_ready;
wire rw_in = rw_take && (s_rw_qpn >> LOG_QPS) == 24'd0;

// a context clear or a rewind of the QP in a stage cancels its write-back of
// ci; after a rewind its WQEs would be stale, so it reads nothing either
// the epoch moves on a cycle after the rewind (ep_rw_mem read, then the
// copies written). A second rewind of the QP in that cycle reads the old
// epoch and writes the same new one: no WQE of the QP can have been fetched
// between the two, so one step marks all that are stale.
reg              rwp_valid_reg;
reg [LOG_QPS-1:0] rwp_qidx_reg;
reg [EP_W-1:0]   ep_rw_rd;
wire [EP_W-1:0]  ep_new = ep_rw_rd + 1'b1;

wire lookup_rw_hit = rw_in && rw_qidx == lookup_qidx_reg;
wire issue_rw_hit = rw_in && rw_qidx == issue_qidx_reg;
wire lookup_hit = (ctx_clear && ctx_qidx == lookup_qidx_reg) || lookup_rw_hit;
wire issue_hit = (ctx_clear && ctx_qidx == issue_qidx_reg) || issue_rw_hit;

// ---------------------------------------------------------------------------
// issue stage: buffer space, the read request, the new fetch index

wire inf_full = (inf_wr_reg ^ inf_rd_reg) == {1'b1, {INF_W{1'b0}}};

// the WQEs of this stride the buffer's free beats hold (credit); when they
// are fewer than count, the read takes those and the QP is handed back. Its
// beats: count << log2 beats per WQE (want), else the free beats in whole
// WQEs.
wire [CMP_W-1:0] credit = ({{WANT_W{1'b0}}, free_reg} >> LB_MIN) >> issue_stride_reg;
wire credit_short = {{(CMP_W-CNT_W){1'b0}}, issue_count_reg} > credit;
wire [CNT_W-1:0] issue_n = credit_short ? credit[CNT_W-1:0] : issue_count_reg;
/* verilator lint_off UNUSEDSIGNAL */ // count WQEs fit: want is at most the free beats
wire [CMP_W-1:0] issue_want = ({{(CMP_W-CNT_W){1'b0}}, issue_count_reg} << LB_MIN) << issue_stride_reg;
/* verilator lint_on UNUSEDSIGNAL */
wire [BUF_W:0] free_fit = free_reg & issue_fit_reg;
wire [BUF_W:0] issue_beats = credit_short ? free_fit : issue_want[BUF_W:0];
wire issue_more = issue_more_reg || credit_short;
wire [15:0] issue_len = {{(15-BUF_W){1'b0}}, issue_beats} << LOG_BEAT;

// context writes and rewinds take the index table and the requeue register
// in their cycle; a read waits for buffer space for one WQE, a free
// in-flight record, the request register and the requeue register
wire issue_go = issue_valid_reg && !ctx_wr_valid && !s_rw_valid &&
                (!issue_work_reg ||
                 (free_fit != {(BUF_W+1){1'b0}} && !inf_full &&
                  (!req_valid_reg || m_dma_rd_req_ready) && (!requeue_valid_reg || m_requeue_ready)));
wire issue_send = issue_go && issue_work_reg;

// ---------------------------------------------------------------------------
// lookup stage: work, ring position, WQEs to read

wire lookup_usable = lookup_ring_reg[RING_W-1];
wire [SC_W-1:0] lookup_stride = lookup_ring_reg[MASK_W +: SC_W];
wire [15:0] lookup_mask = {{(16-MASK_W){1'b0}}, lookup_ring_reg[MASK_W-1:0]};
wire lookup_work = lookup_usable && lookup_qpn_ok_reg && lookup_pi_reg != lookup_ci_reg;
wire [15:0] lookup_avail = lookup_pi_reg - lookup_ci_reg;
wire [15:0] lookup_pos = lookup_ci_reg & lookup_mask;
wire [15:0] lookup_to_wrap = (lookup_mask & ~lookup_ci_reg) + 16'd1;   // 2^log_sq_size - pos
// count = min(avail, BURST, to_wrap), the three compares side by side
wire over_burst = lookup_avail > BURST[15:0];
wire over_wrap = lookup_avail > lookup_to_wrap;
wire wrap_first = lookup_to_wrap < BURST[15:0];
wire lookup_more = over_burst || over_wrap;
wire [CNT_W-1:0] lookup_count = !lookup_more ? lookup_avail[CNT_W-1:0] :
                                wrap_first ? lookup_to_wrap[CNT_W-1:0] : BURST[CNT_W-1:0];
wire [OFF_W-1:0] lookup_offset = ({{(OFF_W-16){1'b0}}, lookup_pos} << LOG_MIN_STRIDE) << lookup_stride;
wire [BUF_W:0] lookup_fit = ({(BUF_W+1){1'b1}} << LB_MIN) << lookup_stride;
wire [LAST_W-1:0] lookup_last_beat = ~(({LAST_W{1'b1}} << LB_MIN) << lookup_stride);
wire lookup_advance = lookup_valid_reg && (!issue_valid_reg || issue_go);

// ---------------------------------------------------------------------------
// pick: one per cycle into the lookup stage

wire [LOG_QPS-1:0] pick_qidx = s_sched_qpn[LOG_QPS-1:0];
wire pick_hazard = (lookup_valid_reg && lookup_qidx_reg == pick_qidx) ||
                   (issue_valid_reg && issue_qidx_reg == pick_qidx);
wire pick_take = s_sched_valid && !ctx_wr_valid && !s_rw_valid && !sweep_busy_reg &&
                 (!lookup_valid_reg || lookup_advance) && !pick_hazard;

assign s_sched_ready = pick_take;

// ---------------------------------------------------------------------------
// receive: cut the returned bytes into WQEs

// reads return in order: the data belongs to the oldest in-flight record
wire [ENTRY_W-1:0] r_entry = inf_mem[inf_rd_reg[INF_W-1:0]];
wire [LOG_QPS-1:0] r_qidx = r_entry[ENTRY_W-1 -: LOG_QPS];
wire [15:0] r_first = r_entry[EP_W + LAST_W +: 16];
wire [LAST_W-1:0] r_last_beat = r_entry[EP_W +: LAST_W];
wire [EP_W-1:0] r_ep = r_entry[EP_W-1:0];
wire [15:0] r_index = in_req_reg ? index_reg : r_first;
wire r_wqe_first = beat_reg == 7'd0;
wire r_wqe_last = beat_reg == r_last_beat;
wire [15:0] r_got = s_dma_rd_tdata[`RNIC_SEND_WQE_WQE_INDEX_LSB +: `RNIC_SEND_WQE_WQE_INDEX_W];
wire r_bad = r_wqe_first ? r_got != r_index : drop_reg;

wire buf_full = (buf_wr_reg ^ buf_rd_reg) == {1'b1, {BUF_W{1'b0}}};
wire buf_empty = buf_wr_reg == buf_rd_reg;
assign s_dma_rd_tready = !buf_full;
wire r_fire = s_dma_rd_tvalid && !buf_full;

// ---------------------------------------------------------------------------
// output: the head beat belongs to a WQE fetched before its QP was rewound:
// dropped

// The head beat moves into the output register (o_*), its QP's epoch is
// read (ep_out_mem) as it does; a beat whose epoch differs, or whose QP is
// rewound while it waits there (or was, in the cycle it moved, or the cycle
// before, the epoch being written a cycle after the rewind), is dropped.
wire [OUT_W-1:0] buf_head = buf_mem[buf_rd_reg[BUF_W-1:0]];
wire [LOG_QPS-1:0] head_qidx = buf_head[EP_W + 16 +: LOG_QPS];
reg              o_valid_reg;
reg [OUT_W-1:0]  o_beat_reg;
reg [EP_W-1:0]   o_ep_rd;                                  // ep_out_mem at the move
reg              o_flag_reg;                               // rewound since it was fetched
wire [LOG_QPS-1:0] o_qidx = o_beat_reg[EP_W + 16 +: LOG_QPS];
wire o_stale = o_flag_reg || o_beat_reg[EP_W-1:0] != o_ep_rd;
wire o_take = o_valid_reg && (m_wqe_tready || o_stale);
wire o_fire = !buf_empty && (!o_valid_reg || o_take);

// the tag of the oldest read (simulation check against the data's tag)
wire [TAG_W-1:0] inf_head_tag = {{(TAG_W-INF_W){1'b0}}, inf_rd_reg[INF_W-1:0]};

// ---------------------------------------------------------------------------
// next state

always @* begin
    lookup_valid_next = lookup_valid_reg && !lookup_advance;
    lookup_cancel_next = lookup_cancel_reg || lookup_hit;
    lookup_rewound_next = lookup_rewound_reg || lookup_rw_hit;
    issue_valid_next = issue_valid_reg && !issue_go;
    issue_cancel_next = issue_cancel_reg || issue_hit;
    issue_work_next = issue_work_reg && !issue_rw_hit;
    req_valid_next = req_valid_reg && !m_dma_rd_req_ready;
    req_addr_next = req_addr_reg;
    req_len_next = req_len_reg;
    req_tag_next = req_tag_reg;
    requeue_valid_next = requeue_valid_reg && !m_requeue_ready;
    requeue_qpn_next = requeue_qpn_reg;
    inf_wr_next = inf_wr_reg;
    inf_rd_next = inf_rd_reg;
    free_next = free_reg + {{(BUF_W-1){1'b0}}, released_reg};
    released_next = {1'b0, o_fire} + {1'b0, r_fire && r_bad};
    buf_wr_next = buf_wr_reg;
    buf_rd_next = buf_rd_reg;
    in_req_next = in_req_reg;
    index_next = index_reg;
    beat_next = beat_reg;
    drop_next = drop_reg;
    err_valid_next = 1'b0;
    err_qpn_next = err_qpn_reg;
    err_index_next = err_index_reg;
    fetched_next = 1'b0;
    inf_we = 1'b0;
    buf_we = 1'b0;

    // index table port: the reset sweep, a context clear, a rewind, else the
    // issue stage (the first three never meet the others in one cycle)
    ci_we = 1'b1;
    ci_waddr = sweep_idx_reg;
    ci_wdata = 16'd0;
    if (sweep_busy_reg) begin
        ci_waddr = sweep_idx_reg;
    end else if (ctx_clear) begin
        ci_waddr = ctx_qidx;
    end else if (rw_in) begin
        ci_waddr = rw_qidx;
        ci_wdata = s_rw_index;
    end else begin
        ci_we = issue_send && !issue_cancel_reg;
        ci_waddr = issue_qidx_reg;
        ci_wdata = issue_ci_reg + {{(16-CNT_W){1'b0}}, issue_n};
    end

    // pipeline
    if (pick_take) begin
        lookup_valid_next = 1'b1;
        lookup_cancel_next = 1'b0;
        lookup_rewound_next = 1'b0;
    end
    if (lookup_advance) begin
        issue_valid_next = 1'b1;
        issue_cancel_next = lookup_cancel_reg || lookup_hit;
        issue_work_next = lookup_work && !lookup_rewound_reg && !lookup_rw_hit;
    end

    // issue
    if (issue_send) begin
        req_valid_next = 1'b1;
        req_addr_next = issue_base_reg + {{(64-OFF_W){1'b0}}, issue_offset_reg};
        req_len_next = issue_len;
        req_tag_next = inf_wr_reg[INF_W-1:0];
        inf_we = 1'b1;
        inf_wr_next = inf_wr_reg + 1'b1;
        free_next = free_next - issue_beats;
        if (issue_more) begin
            requeue_valid_next = 1'b1;
            requeue_qpn_next = issue_qidx_reg;
        end
    end
    if (rw_in) begin
        requeue_valid_next = 1'b1;
        requeue_qpn_next = rw_qidx;
    end

    // receive
    if (r_fire) begin
        if (r_wqe_first) begin
            fetched_next = 1'b1;
            if (r_bad) begin
                err_valid_next = 1'b1;
                err_qpn_next = r_qidx;
                err_index_next = r_index;
            end
        end
        if (!r_bad) begin
            buf_we = 1'b1;
            buf_wr_next = buf_wr_reg + 1'b1;
        end
        drop_next = r_bad;
        in_req_next = 1'b1;
        index_next = r_index;
        beat_next = beat_reg + 1'b1;
        if (r_wqe_last) begin
            beat_next = 7'd0;
            index_next = r_index + 1'b1;
            drop_next = 1'b0;
        end
        if (s_dma_rd_tlast) begin
            in_req_next = 1'b0;
            beat_next = 7'd0;
            drop_next = 1'b0;
            inf_rd_next = inf_rd_reg + 1'b1;
        end
    end

    // output
    if (o_fire) begin
        buf_rd_next = buf_rd_reg + 1'b1;
    end
end

// ---------------------------------------------------------------------------
// tables and registers

// per-QP context: the reset sweep, else a context write
always @(posedge clk) begin
    if (sweep_busy_reg || ctx_qpc) begin
        sq_base_mem[sweep_busy_reg ? sweep_idx_reg : ctx_qidx] <=
            sweep_busy_reg ? 64'd0 : ctx_wr_data[`RNIC_QPC_SQ_BASE_LSB +: `RNIC_QPC_SQ_BASE_W];
        sq_ring_mem[sweep_busy_reg ? sweep_idx_reg : ctx_qidx] <=
            sweep_busy_reg ? {RING_W{1'b0}} : {ctx_usable, ctx_stride_code, ctx_mask};
    end
    if (ci_we) begin
        ci_mem[ci_waddr] <= ci_wdata;
    end
    if (sweep_busy_reg) begin
        ep_mem[sweep_idx_reg] <= {EP_W{1'b0}};
        ep_rw_mem[sweep_idx_reg] <= {EP_W{1'b0}};
        ep_out_mem[sweep_idx_reg] <= {EP_W{1'b0}};
    end else if (rwp_valid_reg) begin
        ep_mem[rwp_qidx_reg] <= ep_new;
        ep_rw_mem[rwp_qidx_reg] <= ep_new;
        ep_out_mem[rwp_qidx_reg] <= ep_new;
    end
    if (rw_in) begin
        ep_rw_rd <= ep_rw_mem[rw_qidx];
    end
    if (o_fire) begin
        o_ep_rd <= ep_out_mem[head_qidx];
    end
    // registered reads at the pick (an epoch written then: lookup_epfw_reg)
    if (pick_take) begin
        lookup_base_reg <= sq_base_mem[pick_qidx];
        lookup_ring_reg <= sq_ring_mem[pick_qidx];
        lookup_ci_reg <= ci_mem[pick_qidx];
        lookup_epoch_reg <= ep_mem[pick_qidx];
    end
    if (inf_we) begin
        inf_mem[inf_wr_reg[INF_W-1:0]] <= {issue_qidx_reg, issue_ci_reg, issue_last_beat_reg, issue_epoch_reg};
    end
    if (buf_we) begin
        buf_mem[buf_wr_reg[BUF_W-1:0]] <= {s_dma_rd_tdata, r_wqe_last, r_qidx, r_index, r_ep};
    end
end

// pipeline stage contents
always @(posedge clk) begin
    if (pick_take) begin
        lookup_epfw_reg <= rwp_valid_reg && rwp_qidx_reg == pick_qidx;
        lookup_epfw_val_reg <= ep_new;
        lookup_qidx_reg <= pick_qidx;
        lookup_qpn_ok_reg <= (s_sched_qpn >> LOG_QPS) == 24'd0;
        lookup_pi_reg <= s_sched_pi;
    end
    if (lookup_advance) begin
        issue_qidx_reg <= lookup_qidx_reg;
        issue_base_reg <= lookup_base_reg;
        issue_offset_reg <= lookup_offset;
        issue_stride_reg <= lookup_stride;
        issue_ci_reg <= lookup_ci_reg;
        issue_epoch_reg <= lookup_epfw_reg ? lookup_epfw_val_reg : lookup_epoch_reg;
        issue_count_reg <= lookup_count;
        issue_fit_reg <= lookup_fit;
        issue_last_beat_reg <= lookup_last_beat;
        issue_more_reg <= lookup_more;
    end
end

// output register and the rewind's epoch write
always @(posedge clk) begin
    if (o_fire) begin
        o_beat_reg <= buf_head;
    end
    o_flag_reg <= o_fire ? (rw_in && rw_qidx == head_qidx) || (rwp_valid_reg && rwp_qidx_reg == head_qidx)
                         : o_flag_reg || (rw_in && rw_qidx == o_qidx);
    rwp_qidx_reg <= rw_qidx;
    if (rst) begin
        o_valid_reg <= 1'b0;
        rwp_valid_reg <= 1'b0;
    end else begin
        o_valid_reg <= o_fire || (o_valid_reg && !o_take);
        rwp_valid_reg <= rw_in;
    end
end

always @(posedge clk) begin
    req_addr_reg <= req_addr_next;
    req_len_reg <= req_len_next;
    req_tag_reg <= req_tag_next;
    requeue_qpn_reg <= requeue_qpn_next;
    index_reg <= index_next;
    err_qpn_reg <= err_qpn_next;
    err_index_reg <= err_index_next;
    if (rst) begin
        lookup_valid_reg <= 1'b0;
        lookup_cancel_reg <= 1'b0;
        lookup_rewound_reg <= 1'b0;
        issue_valid_reg <= 1'b0;
        issue_cancel_reg <= 1'b0;
        issue_work_reg <= 1'b0;
        req_valid_reg <= 1'b0;
        requeue_valid_reg <= 1'b0;
        inf_wr_reg <= {(INF_W+1){1'b0}};
        inf_rd_reg <= {(INF_W+1){1'b0}};
        free_reg <= BUF_BEATS[BUF_W:0];
        released_reg <= 2'd0;
        buf_wr_reg <= {(BUF_W+1){1'b0}};
        buf_rd_reg <= {(BUF_W+1){1'b0}};
        in_req_reg <= 1'b0;
        beat_reg <= 7'd0;
        drop_reg <= 1'b0;
        err_valid_reg <= 1'b0;
        fetched_reg <= 1'b0;
    end else begin
        lookup_valid_reg <= lookup_valid_next;
        lookup_cancel_reg <= lookup_cancel_next;
        lookup_rewound_reg <= lookup_rewound_next;
        issue_valid_reg <= issue_valid_next;
        issue_cancel_reg <= issue_cancel_next;
        issue_work_reg <= issue_work_next;
        req_valid_reg <= req_valid_next;
        requeue_valid_reg <= requeue_valid_next;
        inf_wr_reg <= inf_wr_next;
        inf_rd_reg <= inf_rd_next;
        free_reg <= free_next;
        released_reg <= released_next;
        buf_wr_reg <= buf_wr_next;
        buf_rd_reg <= buf_rd_next;
        in_req_reg <= in_req_next;
        beat_reg <= beat_next;
        drop_reg <= drop_next;
        err_valid_reg <= err_valid_next;
        fetched_reg <= fetched_next;
    end
end

// simulation check: data must come back for the oldest read
`ifndef SYNTHESIS
always @(posedge clk) begin
    if (!rst && r_fire && s_dma_rd_tuser != inf_head_tag) begin
        $display("ERROR rnic_wqe_fetch: read data tag %0d, oldest read is %0d", s_dma_rd_tuser, inf_head_tag);
    end
end
`endif

// ---------------------------------------------------------------------------
// outputs

assign m_dma_rd_req_addr = req_addr_reg;
assign m_dma_rd_req_len = req_len_reg;
assign m_dma_rd_req_tag = {{(TAG_W-INF_W){1'b0}}, req_tag_reg};
assign m_dma_rd_req_valid = req_valid_reg;
assign m_requeue_valid = requeue_valid_reg;
assign m_requeue_qpn = {{(24-LOG_QPS){1'b0}}, requeue_qpn_reg};

assign m_wqe_tdata = o_beat_reg[OUT_W-1 -: DATA_W];
assign m_wqe_tkeep = {KEEP_W{1'b1}};
assign m_wqe_tvalid = o_valid_reg && !o_stale;
assign m_wqe_tlast = o_beat_reg[EP_W + LOG_QPS + 16];
assign m_wqe_qpn = {{(24-LOG_QPS){1'b0}}, o_qidx};
assign m_wqe_index = o_beat_reg[EP_W +: 16];

assign m_err_valid = err_valid_reg;
assign m_err_qpn = {{(24-LOG_QPS){1'b0}}, err_qpn_reg};
assign m_err_index = err_index_reg;
assign stat_wqe_fetched = fetched_reg;
assign stat_wqe_index_err = err_valid_reg;

endmodule

`default_nettype wire
