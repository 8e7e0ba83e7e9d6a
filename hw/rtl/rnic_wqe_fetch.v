// rnic_wqe_fetch: reads send WQEs from host memory for scheduled QPs.
//
// A pick from rnic_doorbell (s_sched_*: QP, producer index) is served in one
// cycle: with the QP's fetch consumer index ci (a per-QP table), the fetch
// engine requests n = min(pi - ci, BURST, WQEs to the ring end, WQEs the
// output buffer can still take) consecutive WQEs in one read of
// n << log_sq_stride bytes at sq_base + ((ci mod 2^log_sq_size) <<
// log_sq_stride), advances ci by n, and hands the QP back (m_requeue_*) when
// pi - ci was larger than n, so it waits its next turn behind the other QPs.
// Up to INFLIGHT reads are outstanding; output buffer space (BUF_BEATS beats)
// is reserved when a read is issued, so the data stream is never stalled.
// A pick with no work, or whose context is unusable (log_sq_stride outside
// SEND_WQE_MIN/MAX_STRIDE, log_sq_size above LOG_MAX_WQE) is dropped.
//
// Returned data is cut into WQEs of 2^log_sq_stride bytes; each goes out as
// one packet on m_wqe_* (the whole stride, every beat full) with its QP and
// index on m_wqe_qpn / m_wqe_index. Word 1 of the control segment
// (send_wqe.wqe_index) must equal the index expected (ci at fetch time, mod
// 2^16); otherwise the whole WQE is dropped, m_err_valid pulses with the QP
// and the expected index, and stat_wqe_index_err pulses. The fetch consumer
// index has already moved past a dropped WQE: the requester sees a gap in
// m_wqe_index and firmware is expected to move the QP to the error state.
//
// A QPC write whose state is RESET or INIT sets the QP's fetch index to 0.
// Reads already issued for that QP still deliver their WQEs; the requester
// ignores WQEs of a QP that is not in a sending state.
//
// Rewind (s_rw_*, the requester's go-back-N retransmission): the QP's fetch
// index is set to s_rw_index, the QP is handed back to the scheduler
// (m_requeue_*) so the WQEs from there on are fetched again, and the QP's
// epoch (EP_W bits, per QP) moves on. Every read records the epoch of its
// QP when issued and every WQE carries it through the output buffer; a WQE
// whose epoch is no longer its QP's (fetched before the rewind) is dropped
// at the output instead of being handed to the requester. The rewind takes
// the index table and requeue ports for its cycle (a pick waits). Epochs
// wrap after 16 rewinds; a stale WQE cannot wait through that many: WQEs
// leave the buffer in order, so none of its QP's later (refetched) WQEs is
// sent before it is gone, and without a packet of that QP sent the
// requester rewinds it only on timeouts, at most retry_cnt (7) in a row.
//
// Reset sweep: after rst, one QP per cycle (QPS cycles) the per-QP tables
// (sq_base, log sizes, fetch index, epoch) are written with 0 through their
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
localparam INF_W = $clog2(INFLIGHT);
localparam BUF_W = $clog2(BUF_BEATS);
localparam LB_W = 4;                                     // bits of log2 beats per WQE
localparam EP_W = 4;                                     // rewind epoch bits
localparam ENTRY_W = LOG_QPS + 16 + LB_W + EP_W;         // in-flight read record
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
    if ((1 << BUF_W) != BUF_BEATS || BUF_BEATS * KEEP_W < `RNIC_SEND_WQE_MAX_STRIDE) begin
        $error("rnic_wqe_fetch: BUF_BEATS must be a power of two holding the largest WQE");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// tables

reg [63:0]                     sq_base_mem [0:QPS-1];
reg [`RNIC_QPC_LOG_SQ_SIZE_W-1:0]   log_size_mem [0:QPS-1];
reg [`RNIC_QPC_LOG_SQ_STRIDE_W-1:0] log_stride_mem [0:QPS-1];
reg [15:0]                     ci_mem [0:QPS-1];
reg [EP_W-1:0]                 ep_mem [0:QPS-1];
reg [ENTRY_W-1:0]              inf_mem [0:INFLIGHT-1];
reg [OUT_W-1:0]                buf_mem [0:BUF_BEATS-1];

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

reg              req_valid_reg, req_valid_next;
reg [63:0]       req_addr_reg, req_addr_next;
reg [15:0]       req_len_reg, req_len_next;
reg [INF_W-1:0]  req_tag_reg, req_tag_next;
reg              requeue_valid_reg, requeue_valid_next;
reg [LOG_QPS-1:0] requeue_qpn_reg, requeue_qpn_next;
reg [INF_W:0]    inf_wr_reg, inf_wr_next;       // in-flight records: issue side
reg [INF_W:0]    inf_rd_reg, inf_rd_next;       // in-flight records: retire side
reg [BUF_W:0]    used_reg, used_next;           // buffer beats reserved or held
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

// context writes wait for the reset sweep
wire ctx_qpc = ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_QPC && (ctx_wr_index >> LOG_QPS) == 24'd0 &&
               !sweep_busy_reg;

// ---------------------------------------------------------------------------
// issue: one pick per cycle

wire [LOG_QPS-1:0] s_qidx = s_sched_qpn[LOG_QPS-1:0];
wire [63:0] s_base = sq_base_mem[s_qidx];
wire [4:0]  s_lsz = log_size_mem[s_qidx];
wire [4:0]  s_lst = log_stride_mem[s_qidx];
wire [15:0] s_ci = ci_mem[s_qidx];
wire [15:0] s_avail = s_sched_pi - s_ci;
wire s_ctx_ok = s_lst >= LOG_MIN_STRIDE && s_lst <= LOG_MAX_STRIDE && s_lsz <= LOG_MAX_WQE &&
                (s_sched_qpn >> LOG_QPS) == 24'd0;
wire [16:0] s_size = 17'd1 << s_lsz;
wire [16:0] s_pos = {1'b0, s_ci} & (s_size - 17'd1);
wire [16:0] s_to_wrap = s_size - s_pos;
wire [4:0]  s_lbeats = s_lst - LOG_BEAT[4:0];
wire [BUF_W:0] free_beats = BUF_BEATS[BUF_W:0] - used_reg;
wire [BUF_W:0] s_credit = free_beats >> s_lbeats;

reg [16:0] s_n;
always @* begin
    s_n = {1'b0, s_avail};
    if (s_n > BURST[16:0]) begin
        s_n = BURST[16:0];
    end
    if (s_n > s_to_wrap) begin
        s_n = s_to_wrap;
    end
    if (s_n > {{(16-BUF_W){1'b0}}, s_credit}) begin
        s_n = {{(16-BUF_W){1'b0}}, s_credit};
    end
end

wire inf_full = (inf_wr_reg ^ inf_rd_reg) == {1'b1, {INF_W{1'b0}}};
wire s_work = s_ctx_ok && s_avail != 16'd0;
wire s_more = s_n != {1'b0, s_avail};
wire s_can_issue = !inf_full && s_n != 17'd0 &&
                   (!req_valid_reg || m_dma_rd_req_ready) &&
                   (!s_more || !requeue_valid_reg || m_requeue_ready);
// a rewind takes the index table and the requeue register (context writes first)
wire [LOG_QPS-1:0] rw_qidx = s_rw_qpn[LOG_QPS-1:0];
wire rw_take = s_rw_valid && !ctx_wr_valid && !sweep_busy_reg && (!requeue_valid_reg || m_requeue_ready);
assign s_rw_ready = rw_take;
wire rw_in = rw_take && (s_rw_qpn >> LOG_QPS) == 24'd0;
// context writes, rewinds and the reset sweep take the table ports for their cycle
wire s_take = s_sched_valid && !ctx_wr_valid && !s_rw_valid && !sweep_busy_reg && (!s_work || s_can_issue);
wire s_issue = s_take && s_work;
wire [BUF_W:0] s_beats = s_n[BUF_W:0] << s_lbeats;

assign s_sched_ready = s_take;

// ---------------------------------------------------------------------------
// receive: cut the returned bytes into WQEs

wire [INF_W-1:0] r_tag = s_dma_rd_tuser[INF_W-1:0];
wire [LOG_QPS-1:0] r_qidx = inf_mem[r_tag][ENTRY_W-1 -: LOG_QPS];
wire [15:0] r_first = inf_mem[r_tag][EP_W + LB_W +: 16];
wire [LB_W-1:0] r_lbeats = inf_mem[r_tag][EP_W +: LB_W];
wire [EP_W-1:0] r_ep = inf_mem[r_tag][EP_W-1:0];
wire [15:0] r_index = in_req_reg ? index_reg : r_first;
wire [6:0]  r_last_beat = (7'd1 << r_lbeats) - 7'd1;
wire r_wqe_first = beat_reg == 7'd0;
wire r_wqe_last = beat_reg == r_last_beat;
wire [15:0] r_got = s_dma_rd_tdata[`RNIC_SEND_WQE_WQE_INDEX_LSB +: `RNIC_SEND_WQE_WQE_INDEX_W];
wire r_bad = r_wqe_first ? r_got != r_index : drop_reg;

wire buf_full = (buf_wr_reg ^ buf_rd_reg) == {1'b1, {BUF_W{1'b0}}};
wire buf_empty = buf_wr_reg == buf_rd_reg;
assign s_dma_rd_tready = !buf_full;
wire r_fire = s_dma_rd_tvalid && !buf_full;
// the head beat belongs to a WQE fetched before its QP was rewound: dropped
wire [OUT_W-1:0] buf_head = buf_mem[buf_rd_reg[BUF_W-1:0]];
wire [LOG_QPS-1:0] head_qidx = buf_head[EP_W + 16 +: LOG_QPS];
wire head_stale = buf_head[EP_W-1:0] != ep_mem[head_qidx];
wire o_fire = !buf_empty && (m_wqe_tready || head_stale);

// the tag of the oldest read must match the data: reads return in order
wire [TAG_W-1:0] inf_head_tag = {{(TAG_W-INF_W){1'b0}}, inf_rd_reg[INF_W-1:0]};

// ---------------------------------------------------------------------------
// next state

always @* begin
    req_valid_next = req_valid_reg && !m_dma_rd_req_ready;
    req_addr_next = req_addr_reg;
    req_len_next = req_len_reg;
    req_tag_next = req_tag_reg;
    requeue_valid_next = requeue_valid_reg && !m_requeue_ready;
    requeue_qpn_next = requeue_qpn_reg;
    inf_wr_next = inf_wr_reg;
    inf_rd_next = inf_rd_reg;
    used_next = used_reg;
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

    // the reset sweep owns the index table's port (nothing below happens
    // while it runs)
    ci_we = sweep_busy_reg;
    ci_waddr = sweep_busy_reg ? sweep_idx_reg : s_qidx;
    ci_wdata = sweep_busy_reg ? 16'd0 : s_ci + s_n[15:0];
    inf_we = 1'b0;
    buf_we = 1'b0;

    // issue
    if (s_issue) begin
        req_valid_next = 1'b1;
        req_addr_next = s_base + ({48'd0, s_pos[15:0]} << s_lst);
        req_len_next = s_n[15:0] << s_lst;
        req_tag_next = inf_wr_reg[INF_W-1:0];
        inf_we = 1'b1;
        inf_wr_next = inf_wr_reg + 1'b1;
        used_next = used_next + s_beats;
        ci_we = 1'b1;
        if (s_more) begin
            requeue_valid_next = 1'b1;
            requeue_qpn_next = s_qidx;
        end
    end
    if (rw_in) begin
        ci_we = 1'b1;
        ci_waddr = rw_qidx;
        ci_wdata = s_rw_index;
        requeue_valid_next = 1'b1;
        requeue_qpn_next = rw_qidx;
    end
    if (ctx_qpc &&
        (ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] == `RNIC_QP_STATE_RESET ||
         ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] == `RNIC_QP_STATE_INIT)) begin
        ci_we = 1'b1;
        ci_waddr = ctx_wr_index[LOG_QPS-1:0];
        ci_wdata = 16'd0;
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
        if (r_bad) begin
            used_next = used_next - 1'b1;
        end else begin
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
        used_next = used_next - 1'b1;
    end
end

// ---------------------------------------------------------------------------
// tables and registers

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        sq_base_mem[sweep_idx_reg] <= 64'd0;
        log_size_mem[sweep_idx_reg] <= {`RNIC_QPC_LOG_SQ_SIZE_W{1'b0}};
        log_stride_mem[sweep_idx_reg] <= {`RNIC_QPC_LOG_SQ_STRIDE_W{1'b0}};
    end else if (ctx_qpc) begin
        sq_base_mem[ctx_wr_index[LOG_QPS-1:0]] <= ctx_wr_data[`RNIC_QPC_SQ_BASE_LSB +: `RNIC_QPC_SQ_BASE_W];
        log_size_mem[ctx_wr_index[LOG_QPS-1:0]] <= ctx_wr_data[`RNIC_QPC_LOG_SQ_SIZE_LSB +: `RNIC_QPC_LOG_SQ_SIZE_W];
        log_stride_mem[ctx_wr_index[LOG_QPS-1:0]] <= ctx_wr_data[`RNIC_QPC_LOG_SQ_STRIDE_LSB +: `RNIC_QPC_LOG_SQ_STRIDE_W];
    end
    if (ci_we) begin
        ci_mem[ci_waddr] <= ci_wdata;
    end
    if (sweep_busy_reg) begin
        ep_mem[sweep_idx_reg] <= {EP_W{1'b0}};
    end else if (rw_in) begin
        ep_mem[rw_qidx] <= ep_mem[rw_qidx] + 1'b1;
    end
    if (inf_we) begin
        inf_mem[inf_wr_reg[INF_W-1:0]] <= {s_qidx, s_ci, s_lbeats[LB_W-1:0], ep_mem[s_qidx]};
    end
    if (buf_we) begin
        buf_mem[buf_wr_reg[BUF_W-1:0]] <= {s_dma_rd_tdata, r_wqe_last, r_qidx, r_index, r_ep};
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
        req_valid_reg <= 1'b0;
        requeue_valid_reg <= 1'b0;
        inf_wr_reg <= {(INF_W+1){1'b0}};
        inf_rd_reg <= {(INF_W+1){1'b0}};
        used_reg <= {(BUF_W+1){1'b0}};
        buf_wr_reg <= {(BUF_W+1){1'b0}};
        buf_rd_reg <= {(BUF_W+1){1'b0}};
        in_req_reg <= 1'b0;
        beat_reg <= 7'd0;
        drop_reg <= 1'b0;
        err_valid_reg <= 1'b0;
        fetched_reg <= 1'b0;
    end else begin
        req_valid_reg <= req_valid_next;
        requeue_valid_reg <= requeue_valid_next;
        inf_wr_reg <= inf_wr_next;
        inf_rd_reg <= inf_rd_next;
        used_reg <= used_next;
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
// synthesis translate_off
always @(posedge clk) begin
    if (!rst && r_fire && s_dma_rd_tuser != inf_head_tag) begin
        $display("ERROR rnic_wqe_fetch: read data tag %0d, oldest read is %0d", s_dma_rd_tuser, inf_head_tag);
    end
end
// synthesis translate_on

// ---------------------------------------------------------------------------
// outputs

assign m_dma_rd_req_addr = req_addr_reg;
assign m_dma_rd_req_len = req_len_reg;
assign m_dma_rd_req_tag = {{(TAG_W-INF_W){1'b0}}, req_tag_reg};
assign m_dma_rd_req_valid = req_valid_reg;
assign m_requeue_valid = requeue_valid_reg;
assign m_requeue_qpn = {{(24-LOG_QPS){1'b0}}, requeue_qpn_reg};

assign m_wqe_tdata = buf_head[OUT_W-1 -: DATA_W];
assign m_wqe_tkeep = {KEEP_W{1'b1}};
assign m_wqe_tvalid = !buf_empty && !head_stale;
assign m_wqe_tlast = buf_head[EP_W + LOG_QPS + 16];
assign m_wqe_qpn = {{(24-LOG_QPS){1'b0}}, head_qidx};
assign m_wqe_index = buf_head[EP_W +: 16];

assign m_err_valid = err_valid_reg;
assign m_err_qpn = {{(24-LOG_QPS){1'b0}}, err_qpn_reg};
assign m_err_index = err_index_reg;
assign stat_wqe_fetched = fetched_reg;
assign stat_wqe_index_err = err_valid_reg;


endmodule

`default_nettype wire
