// rnic_resp: the RC and UC responder (receive engine), docs/rtl-interfaces.md
// "Requester (rnic_req) and responder (rnic_resp)".
//
// UC QPs take SEND and RDMA WRITE (with immediate) through the same states
// with no ACK or NAK, and a lost packet loses its whole message (DECIDE).
//
// One packet at a time goes through a control FSM:
//   IDLE -> LOAD (per-QP tables read) -> DECIDE (QP state, PSN, opcode)
//   SEND FIRST/ONLY: FETCH the receive WQE by DMA; the WQE loader
//     (rnic_resp_wqe) checks its lkeys and stores the translated SGEs per
//     QP while the FSM waits (WREC); WEND acts on its verdict; then LENCHK
//   WRITE FIRST/ONLY: RETH rkey check (RETH), then LENCHK
//   READ REQUEST: RETH rkey check for remote read (RRETH), then one job to
//     rnic_rd_resp (RJOB), which sends the READ RESPONSE packets through this
//     block's header bus and payload port while the FSM waits (RWAIT), so the
//     responses keep PSN order with the ACKs; the expected PSN then advances
//     by the number of response packets
//   COMPARE SWAP / FETCH ADD (IBA 9.4.5): AtomicETH rkey check for remote
//     atomic (ARETH), then the atomic unit (rnic_resp_atomic) runs it while
//     the FSM waits (ATOM): it waits until every earlier write request of
//     this block is done (accepted m_wr requests minus s_wr_done pulses),
//     reads the 8 bytes, computes, writes the new 8 bytes unless a compare
//     failed and waits for that write to be done; then one ATOMIC
//     ACKNOWLEDGE carrying the original value (a failed read: NAK remote
//     operational error). Nothing else touches host memory through this
//     block in between, so the read-modify-write is atomic with respect to
//     this responder
//   LENCHK -> KEEP (payload routed to the repacker) -> SCAT (one DMA write
//     request and one repacker segment per piece) -> DONE; a SEND's piece
//     of its SGE (KEEP registers the packet's first, SCAT_RD the others;
//     SCAT_NX waits for the read of the next SGE) is min(SGE bytes left,
//     packet bytes left)
//   SEND LAST/ONLY with Invalidate (IBA 10.6.7.2.3, o9-5.2.1): once the
//     packet passed every check and its payload is placed, INV checks the
//     IETH key (a type 2B window, bound, of the QP's PD, bound to this QP,
//     its tag) and writes the window's key entry back unbound (m_mpt_*,
//     reported to the firmware as MW_INVAL on m_mw_ev_*); the CQE carries
//     the key (flag INV). A key that cannot be invalidated completes the
//     receive WQE with REM_INV_REQ_ERR; RC also NAKs (invalid request) and
//     moves the QP to error, UC carries on. UC takes the UC codes 0x36/0x37
//     of these two opcodes, a rnic-to-rnic extension (the IBA defines them
//     for RC only).
//   tail: CQE -> ACK -> IDLE; the per-QP tables are written back in the
//     cycle the last reply is taken, or in WB when there is none or a
//     context write holds the table ports in that cycle
// Dropped packets have their payload discarded by the payload router, which
// follows a per-packet keep/discard FIFO so the FSM can move on to the next
// header while payload still streams (one beat per cycle inside a message).
//
// Per-QP state lives in RAM-shaped tables (one write port, one synchronous
// read port each): QPC shadow, PSN {err, nak, epsn}, {msn, rq ci}, message
// state, RQ producer index (rnic_resp_pi, as the SRQ producer index), and
// the translated SGE list (QPS * MAX_SGE).
//
// Reset sweep: after rst, one entry per cycle of every QP, key and SRQ table
// is written with 0 through the table's write port, 2^max(LOG_QPS, LOG_MRS,
// LOG_SRQS) cycles (the smaller tables take the index's low bits, so they are
// written more than once); init_done rises when it is over. Until then no
// header is taken (s_hdr_ready low), context writes are ignored and RQ/SRQ
// producer index updates are dropped. Not swept: the SGE list (sge_mem),
// meaningless unless the QP's message state (msg_mem, swept) has a message
// in progress.
`default_nettype none

`include "rnic_contract.vh"

module rnic_resp #(
    parameter DATA_W = 512,                   // payload and DMA stream width (64..512, power of two)
    parameter LOG_QPS = `RNIC_LOG_QPS,        // log2 QP shadow entries (QPN = QP index)
    parameter LOG_MRS = `RNIC_LOG_MRS,        // log2 memory-key shadow entries
    parameter LOG_SRQS = `RNIC_LOG_SRQS,      // log2 shared receive queue entries (SRQN = index)
    parameter MAX_SGE = `RNIC_MAX_RECV_SGE,   // receive SGEs per WQE kept per QP (power of two >= 2)
    parameter TAG_W = 4                       // DMA read tag width
) (
    input  wire                    clk,
    input  wire                    rst,

    // context write broadcast
    input  wire                    ctx_wr_valid,
    input  wire [7:0]              ctx_wr_table,
    input  wire [23:0]             ctx_wr_index,
    input  wire [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data,

    // RQ producer index updates (rnic_doorbell m_rq_pi_*)
    input  wire                    s_rq_pi_valid,
    input  wire [23:0]             s_rq_pi_qpn,
    input  wire [15:0]             s_rq_pi,

    // SRQ producer index updates (rnic_doorbell m_srq_pi_*)
    input  wire                    s_srq_pi_valid,
    input  wire [23:0]             s_srq_pi_srqn,
    input  wire [15:0]             s_srq_pi,

    // request packet headers (rnic_parser)
    // verilator lint_off UNUSED
    input  wire [7:0]              s_hdr_opcode,
    input  wire                    s_hdr_se,
    input  wire                    s_hdr_mig,      // unused: no path migration
    input  wire                    s_hdr_ackreq,
    input  wire [15:0]             s_hdr_pkey,     // unused: P_Key checked by nobody yet
    input  wire [23:0]             s_hdr_dqpn,
    input  wire [23:0]             s_hdr_psn,
    input  wire [47:0]             s_hdr_dmac,     // unused: replies use the QPC address vector
    input  wire [47:0]             s_hdr_smac,     // unused
    input  wire [31:0]             s_hdr_dip,      // UD: for the GRH
    input  wire [31:0]             s_hdr_sip,      // UD: for the GRH
    input  wire [15:0]             s_hdr_ip_id,    // UD: for the GRH
    input  wire [7:0]              s_hdr_ttl,      // UD: for the GRH
    input  wire [7:0]              s_hdr_tos,      // UD: for the GRH
    input  wire [15:0]             s_hdr_sport,    // unused
    input  wire [63:0]             s_hdr_reth_va,
    input  wire [31:0]             s_hdr_reth_rkey,
    input  wire [31:0]             s_hdr_reth_len,
    input  wire [31:0]             s_hdr_aeth,     // unused: requests carry no AETH
    input  wire [31:0]             s_hdr_imm,
    input  wire [31:0]             s_hdr_deth_qkey,   // UD: checked against the QP's Q_Key
    input  wire [23:0]             s_hdr_deth_sqpn,   // UD: the CQE's src_qp
    input  wire [63:0]             s_hdr_atomic_va,
    input  wire [31:0]             s_hdr_atomic_rkey,
    input  wire [63:0]             s_hdr_atomic_swap, // swap (COMPARE SWAP) or add (FETCH ADD) data
    input  wire [63:0]             s_hdr_atomic_cmp,
    input  wire [63:0]             s_hdr_atomic_ack,  // unused: requests carry no AtomicAckETH
    // verilator lint_on UNUSED
    input  wire [12:0]             s_hdr_len,
    input  wire                    s_hdr_valid,
    output wire                    s_hdr_ready,

    // request payload (packed, tlast on each packet's last beat)
    input  wire [DATA_W-1:0]       s_axis_pl_tdata,
    input  wire [DATA_W/8-1:0]     s_axis_pl_tkeep,
    input  wire                    s_axis_pl_tvalid,
    output wire                    s_axis_pl_tready,
    input  wire                    s_axis_pl_tlast,

    // ACK/NAK, ATOMIC ACK and READ RESPONSE packets to rnic_tx_arb (header bus, then
    // len payload bytes on m_axis_pl_*)
    output wire [7:0]              m_hdr_opcode,
    output wire                    m_hdr_se,
    output wire                    m_hdr_mig,
    output wire                    m_hdr_ackreq,
    output wire [15:0]             m_hdr_pkey,
    output wire [23:0]             m_hdr_dqpn,
    output wire [23:0]             m_hdr_psn,
    output wire [47:0]             m_hdr_dmac,
    output wire [47:0]             m_hdr_smac,
    output wire [31:0]             m_hdr_dip,
    output wire [31:0]             m_hdr_sip,
    output wire [15:0]             m_hdr_ip_id,
    output wire [7:0]              m_hdr_ttl,
    output wire [7:0]              m_hdr_tos,
    output wire [15:0]             m_hdr_sport,
    output wire [63:0]             m_hdr_reth_va,
    output wire [31:0]             m_hdr_reth_rkey,
    output wire [31:0]             m_hdr_reth_len,
    output wire [31:0]             m_hdr_aeth,
    output wire [31:0]             m_hdr_imm,
    output wire [31:0]             m_hdr_deth_qkey,
    output wire [23:0]             m_hdr_deth_sqpn,
    output wire [63:0]             m_hdr_atomic_va,
    output wire [31:0]             m_hdr_atomic_rkey,
    output wire [63:0]             m_hdr_atomic_swap,
    output wire [63:0]             m_hdr_atomic_cmp,
    output wire [63:0]             m_hdr_atomic_ack,
    output wire [12:0]             m_hdr_len,
    output wire                    m_hdr_valid,
    input  wire                    m_hdr_ready,
    output wire [DATA_W-1:0]       m_axis_pl_tdata,
    output wire [DATA_W/8-1:0]     m_axis_pl_tkeep,
    output wire                    m_axis_pl_tlast,
    output wire                    m_axis_pl_tvalid,
    input  wire                    m_axis_pl_tready,

    // DMA read client (receive WQE fetch, READ response data, atomic operand)
    output wire [63:0]             m_rd_req_addr,
    output wire [15:0]             m_rd_req_len,
    output wire [TAG_W-1:0]        m_rd_req_tag,
    output wire                    m_rd_req_valid,
    input  wire                    m_rd_req_ready,
    input  wire [DATA_W-1:0]       s_rd_tdata,
    input  wire [DATA_W/8-1:0]     s_rd_tkeep,
    input  wire                    s_rd_tlast,
    input  wire                    s_rd_tvalid,
    output wire                    s_rd_tready,
    input  wire [TAG_W-1:0]        s_rd_tuser,     // request tag (the READ response generator's)
    input  wire                    s_rd_error,     // with each beat: the read so far hit a bus error

    // DMA write client (payload scatter, atomic result)
    output wire [63:0]             m_wr_req_addr,
    output wire [15:0]             m_wr_req_len,
    output wire                    m_wr_req_valid,
    input  wire                    m_wr_req_ready,
    output wire [DATA_W-1:0]       m_wr_tdata,
    output wire [DATA_W/8-1:0]     m_wr_tkeep,
    output wire                    m_wr_tlast,
    output wire                    m_wr_tvalid,
    input  wire                    m_wr_tready,
    input  wire                    s_wr_done,      // one pulse per write request done (atomics wait for it)

    // receive CQEs (rnic_cqe_writer s_cqe_*)
    output wire                    m_cqe_valid,
    input  wire                    m_cqe_ready,
    output wire [23:0]             m_cqe_cqn,
    output wire [255:0]            m_cqe_data,

    // QP error: one-cycle pulse when a request error moved the QP to error;
    // qp_err_type is the hw_event to report (RESP_ERR when a receive CQE
    // reports the error, else RESP_ACCESS, RESP_INV_REQ or QP_FATAL)
    output wire                    qp_err_valid,
    output wire [23:0]             qp_err_qpn,
    output wire [7:0]              qp_err_type,

    // SRQ limit: one-cycle pulse when a WQE taken from an armed SRQ left
    // fewer than its limit; the SRQ is disarmed (limit 0)
    output wire                    srq_lim_valid,
    output wire [23:0]             srq_lim_srqn,

    // statistics pulses
    output wire                    stat_bad_qp,    // packet dropped: unknown/unready QP, or another transport's opcode
    output wire                    stat_psn_err,   // packet out of sequence (duplicate or ahead)
    output wire                    stat_rnr_nak,   // RNR NAK sent
    output wire                    stat_inv_req,   // NAK invalid request / remote access / remote op sent
    output wire                    stat_ack_tx,    // ACK, ATOMIC ACK or NAK packet handed to the TX arbiter
    output wire                    stat_msg_drop,  // UC packet dropped silently: its message is lost
    output wire                    stat_dup,       // RC duplicate request (acknowledged or answered again)
    output wire                    stat_nak_seq,   // PSN sequence error NAK sent
    output wire                    stat_ack_coal,  // ACK left out: the next packet of the QP waits in sequence

    // memory windows invalidated by SEND with Invalidate: the window's key
    // entry (context format, table MPT; taken when m_mpt_ready) and the
    // hw_event reporting it (MW_INVAL) as a one-cycle pulse
    output wire                          m_mpt_valid,
    input  wire                          m_mpt_ready,
    output wire [23:0]                   m_mpt_index,
    output wire [32*`RNIC_CTX_WORDS-1:0] m_mpt_data,
    output wire                          m_mw_ev_valid,
    output wire [63:0]                   m_mw_ev,       // {data word, hw_event, number}

    // the reset sweep is over: every QP, key and SRQ table holds its reset value
    output wire                          init_done
);

localparam QPS = 1 << LOG_QPS;
localparam MRS = 1 << LOG_MRS;
localparam SRQS = 1 << LOG_SRQS;
localparam SIDX_W = $clog2(MAX_SGE);           // SGE slot index
localparam SCNT_W = $clog2(MAX_SGE + 1);       // SGE count 0..MAX_SGE
localparam integer FETCH_MAX_I = 16 * (MAX_SGE + 1);  // bytes: header + MAX_SGE data segments
localparam [15:0] FETCH_MAX = FETCH_MAX_I[15:0];
localparam KT = `RNIC_KEY_TAG_BITS;
localparam SWEEP_W = (LOG_QPS > LOG_MRS ? (LOG_QPS > LOG_SRQS ? LOG_QPS : LOG_SRQS)
                                        : (LOG_MRS > LOG_SRQS ? LOG_MRS : LOG_SRQS));   // largest table's index bits

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_resp: DATA_W must be a power of two from 64 to 512");
    if (MAX_SGE < 2 || (MAX_SGE & (MAX_SGE - 1)) != 0)
        $error("rnic_resp: MAX_SGE must be a power of two >= 2");
    if (LOG_QPS < 1 || LOG_QPS > 24 || LOG_MRS < 1 || LOG_MRS > 32 - KT || LOG_SRQS < 1 || LOG_SRQS > 16)
        $error("rnic_resp: LOG_QPS, LOG_MRS or LOG_SRQS out of range");
end

localparam [4:0]
    S_IDLE    = 5'd0,
    S_LOAD    = 5'd1,
    S_DECIDE  = 5'd2,
    S_FETCH   = 5'd3,
    S_WREC    = 5'd4,    // the WQE loader takes the WQE's records (5 unused)
    S_WEND    = 5'd6,
    S_RETH    = 5'd7,
    S_LENCHK  = 5'd8,
    S_KEEP    = 5'd9,
    S_SCAT_RD = 5'd10,
    S_SCAT    = 5'd11,
    S_DONE    = 5'd12,
    S_DISC    = 5'd13,
    S_CQE     = 5'd14,
    S_ACK     = 5'd15,
    S_WB      = 5'd16,
    S_RRETH   = 5'd17,
    S_RJOB    = 5'd18,
    S_RWAIT   = 5'd19,
    S_ARETH   = 5'd20,
    S_ATOM    = 5'd21,   // the atomic unit runs the atomic (22..27 unused)
    S_SLOAD   = 5'd28,
    S_INV     = 5'd29,
    S_SCAT_NX = 5'd30;   // (31 unused)

// ---------------------------------------------------------------------------
// reset sweep: entry sweep_idx_reg of every table
reg               sweep_busy_reg;
reg [SWEEP_W-1:0] sweep_idx_reg;
wire [LOG_QPS-1:0]  sweep_qp = sweep_idx_reg[LOG_QPS-1:0];
wire [LOG_MRS-1:0]  sweep_key = sweep_idx_reg[LOG_MRS-1:0];
wire [LOG_SRQS-1:0] sweep_srq = sweep_idx_reg[LOG_SRQS-1:0];

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        sweep_idx_reg <= sweep_idx_reg + 1'b1;
        if (sweep_idx_reg == {SWEEP_W{1'b1}})
            sweep_busy_reg <= 1'b0;
    end
    if (rst) begin
        sweep_busy_reg <= 1'b1;
        sweep_idx_reg <= {SWEEP_W{1'b0}};
    end
end

assign init_done = !sweep_busy_reg;

// ---------------------------------------------------------------------------
// context broadcast decode (context writes wait for the reset sweep)
// verilator lint_off UNUSEDSIGNAL
wire [32*`RNIC_CTX_WORDS-1:0] cd = ctx_wr_data;  // only the shadowed fields are used
// verilator lint_on UNUSEDSIGNAL
wire ctx_qpc = ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_QPC && (ctx_wr_index >> LOG_QPS) == 24'd0 && !sweep_busy_reg;
wire ctx_mpt = ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_MPT && (ctx_wr_index >> LOG_MRS) == 24'd0 && !sweep_busy_reg;
wire [3:0] ctx_state = cd[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
wire ctx_clr = ctx_qpc && (ctx_state == `RNIC_QP_STATE_RESET || ctx_state == `RNIC_QP_STATE_INIT);
wire ctx_rtr = ctx_qpc && ctx_state == `RNIC_QP_STATE_RTR;
wire ctx_dyn = ctx_clr || ctx_rtr;
wire ctx_srqc = ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_SRQC && (ctx_wr_index >> LOG_SRQS) == 24'd0 && !sweep_busy_reg;
// a write with keep_idx (re-arming a live SRQ) keeps its indexes
wire ctx_skeep = cd[`RNIC_SRQC_KEEP_IDX_LSB];
wire ctx_sclr = ctx_srqc && !ctx_skeep;
wire [LOG_SRQS-1:0] ctx_sidx = ctx_wr_index[LOG_SRQS-1:0];
wire [LOG_QPS-1:0] ctx_qidx = ctx_wr_index[LOG_QPS-1:0];
wire [LOG_MRS-1:0] ctx_kidx = ctx_wr_index[LOG_MRS-1:0];

// QPC shadow entry (contract layout resp_qpc)
wire [`RNIC_RESP_QPC_BITS-1:0] qs_wr;
assign qs_wr[`RNIC_RESP_QPC_XRCDN_LSB +: `RNIC_RESP_QPC_XRCDN_W] = cd[`RNIC_QPC_XRCDN_LSB +: `RNIC_QPC_XRCDN_W];
assign qs_wr[`RNIC_RESP_QPC_SRQN_LSB +: `RNIC_RESP_QPC_SRQN_W] = cd[`RNIC_QPC_SRQN_LSB +: `RNIC_QPC_SRQN_W];
assign qs_wr[`RNIC_RESP_QPC_QKEY_LSB +: `RNIC_RESP_QPC_QKEY_W] = cd[`RNIC_QPC_QKEY_LSB +: `RNIC_QPC_QKEY_W];
assign qs_wr[`RNIC_RESP_QPC_SRQ_EN_LSB +: `RNIC_RESP_QPC_SRQ_EN_W] = cd[`RNIC_QPC_SRQ_EN_LSB +: `RNIC_QPC_SRQ_EN_W];
assign qs_wr[`RNIC_RESP_QPC_PATH_MTU_LSB +: `RNIC_RESP_QPC_PATH_MTU_W] =
    cd[`RNIC_QPC_PATH_MTU_LSB +: `RNIC_QPC_PATH_MTU_W];
assign qs_wr[`RNIC_RESP_QPC_TYPE_LSB +: `RNIC_RESP_QPC_TYPE_W] = cd[`RNIC_QPC_TYPE_LSB +: `RNIC_QPC_TYPE_W];
assign qs_wr[`RNIC_RESP_QPC_STATE_LSB +: `RNIC_RESP_QPC_STATE_W] = cd[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
assign qs_wr[`RNIC_RESP_QPC_PDN_LSB +: `RNIC_RESP_QPC_PDN_W] = cd[`RNIC_QPC_PDN_LSB +: `RNIC_QPC_PDN_W];
assign qs_wr[`RNIC_RESP_QPC_ACCESS_LSB +: `RNIC_RESP_QPC_ACCESS_W] = cd[`RNIC_QPC_ACCESS_LSB +: `RNIC_QPC_ACCESS_W];
assign qs_wr[`RNIC_RESP_QPC_RECV_CQN_LSB +: `RNIC_RESP_QPC_RECV_CQN_W] =
    cd[`RNIC_QPC_RECV_CQN_LSB +: `RNIC_QPC_RECV_CQN_W];
assign qs_wr[`RNIC_RESP_QPC_DEST_QPN_LSB +: `RNIC_RESP_QPC_DEST_QPN_W] =
    cd[`RNIC_QPC_DEST_QPN_LSB +: `RNIC_QPC_DEST_QPN_W];
assign qs_wr[`RNIC_RESP_QPC_RQ_BASE_LSB +: `RNIC_RESP_QPC_RQ_BASE_W] = cd[`RNIC_QPC_RQ_BASE_LSB +: `RNIC_QPC_RQ_BASE_W];
assign qs_wr[`RNIC_RESP_QPC_LOG_RQ_SIZE_LSB +: `RNIC_RESP_QPC_LOG_RQ_SIZE_W] =
    cd[`RNIC_QPC_LOG_RQ_SIZE_LSB +: `RNIC_QPC_LOG_RQ_SIZE_W];
assign qs_wr[`RNIC_RESP_QPC_LOG_RQ_STRIDE_LSB +: `RNIC_RESP_QPC_LOG_RQ_STRIDE_W] =
    cd[`RNIC_QPC_LOG_RQ_STRIDE_LSB +: `RNIC_QPC_LOG_RQ_STRIDE_W];
assign qs_wr[`RNIC_RESP_QPC_MIN_RNR_TIMER_LSB +: `RNIC_RESP_QPC_MIN_RNR_TIMER_W] =
    cd[`RNIC_QPC_MIN_RNR_TIMER_LSB +: `RNIC_QPC_MIN_RNR_TIMER_W];
assign qs_wr[`RNIC_RESP_QPC_DMAC_LSB +: `RNIC_RESP_QPC_DMAC_W] =
    {cd[`RNIC_QPC_DMAC_HI_LSB +: `RNIC_QPC_DMAC_HI_W], cd[`RNIC_QPC_DMAC_LO_LSB +: `RNIC_QPC_DMAC_LO_W]};
assign qs_wr[`RNIC_RESP_QPC_DIP_LSB +: `RNIC_RESP_QPC_DIP_W] = cd[`RNIC_QPC_DIP_LSB +: `RNIC_QPC_DIP_W];
assign qs_wr[`RNIC_RESP_QPC_UDP_SPORT_LSB +: `RNIC_RESP_QPC_UDP_SPORT_W] =
    cd[`RNIC_QPC_UDP_SPORT_LSB +: `RNIC_QPC_UDP_SPORT_W];
assign qs_wr[`RNIC_RESP_QPC_HOP_LIMIT_LSB +: `RNIC_RESP_QPC_HOP_LIMIT_W] =
    cd[`RNIC_QPC_HOP_LIMIT_LSB +: `RNIC_QPC_HOP_LIMIT_W];
assign qs_wr[`RNIC_RESP_QPC_TRAFFIC_CLASS_LSB +: `RNIC_RESP_QPC_TRAFFIC_CLASS_W] =
    cd[`RNIC_QPC_TRAFFIC_CLASS_LSB +: `RNIC_QPC_TRAFFIC_CLASS_W];
assign qs_wr[`RNIC_RESP_QPC_PKEY_LSB +: `RNIC_RESP_QPC_PKEY_W] = cd[`RNIC_QPC_PKEY_LSB +: `RNIC_QPC_PKEY_W];
reg [`RNIC_RESP_QPC_BITS-1:0] qs_rd;
wire        q_srq_bit;  // qpc.srq_en
wire [23:0] q_xrcdn;
wire [2:0]  q_mtu;
wire [3:0]  q_type, q_state;
wire [23:0] q_pdn;
wire [7:0]  q_access;
wire [23:0] q_recv_cqn, q_dest_qpn;
wire [63:0] q_rq_base;
wire [4:0]  q_log_rq_size, q_log_rq_stride, q_min_rnr;
wire [47:0] q_dmac;
wire [31:0] q_dip;
wire [15:0] q_sport;
wire [7:0]  q_hop, q_tc;
wire [15:0] q_pkey;
wire [31:0] q_qkey;
// verilator lint_off UNUSEDSIGNAL
wire [23:0] q_srqn;     // bits above LOG_SRQS are zero (SRQN = index)
// verilator lint_on UNUSEDSIGNAL
assign q_xrcdn = qs_rd[`RNIC_RESP_QPC_XRCDN_LSB +: `RNIC_RESP_QPC_XRCDN_W];
assign q_srqn = qs_rd[`RNIC_RESP_QPC_SRQN_LSB +: `RNIC_RESP_QPC_SRQN_W];
assign q_qkey = qs_rd[`RNIC_RESP_QPC_QKEY_LSB +: `RNIC_RESP_QPC_QKEY_W];
assign q_srq_bit = qs_rd[`RNIC_RESP_QPC_SRQ_EN_LSB +: `RNIC_RESP_QPC_SRQ_EN_W];
assign q_mtu = qs_rd[`RNIC_RESP_QPC_PATH_MTU_LSB +: `RNIC_RESP_QPC_PATH_MTU_W];
assign q_type = qs_rd[`RNIC_RESP_QPC_TYPE_LSB +: `RNIC_RESP_QPC_TYPE_W];
assign q_state = qs_rd[`RNIC_RESP_QPC_STATE_LSB +: `RNIC_RESP_QPC_STATE_W];
assign q_pdn = qs_rd[`RNIC_RESP_QPC_PDN_LSB +: `RNIC_RESP_QPC_PDN_W];
assign q_access = qs_rd[`RNIC_RESP_QPC_ACCESS_LSB +: `RNIC_RESP_QPC_ACCESS_W];
assign q_recv_cqn = qs_rd[`RNIC_RESP_QPC_RECV_CQN_LSB +: `RNIC_RESP_QPC_RECV_CQN_W];
assign q_dest_qpn = qs_rd[`RNIC_RESP_QPC_DEST_QPN_LSB +: `RNIC_RESP_QPC_DEST_QPN_W];
assign q_rq_base = qs_rd[`RNIC_RESP_QPC_RQ_BASE_LSB +: `RNIC_RESP_QPC_RQ_BASE_W];
assign q_log_rq_size = qs_rd[`RNIC_RESP_QPC_LOG_RQ_SIZE_LSB +: `RNIC_RESP_QPC_LOG_RQ_SIZE_W];
assign q_log_rq_stride = qs_rd[`RNIC_RESP_QPC_LOG_RQ_STRIDE_LSB +: `RNIC_RESP_QPC_LOG_RQ_STRIDE_W];
assign q_min_rnr = qs_rd[`RNIC_RESP_QPC_MIN_RNR_TIMER_LSB +: `RNIC_RESP_QPC_MIN_RNR_TIMER_W];
assign q_dmac = qs_rd[`RNIC_RESP_QPC_DMAC_LSB +: `RNIC_RESP_QPC_DMAC_W];
assign q_dip = qs_rd[`RNIC_RESP_QPC_DIP_LSB +: `RNIC_RESP_QPC_DIP_W];
assign q_sport = qs_rd[`RNIC_RESP_QPC_UDP_SPORT_LSB +: `RNIC_RESP_QPC_UDP_SPORT_W];
assign q_hop = qs_rd[`RNIC_RESP_QPC_HOP_LIMIT_LSB +: `RNIC_RESP_QPC_HOP_LIMIT_W];
assign q_tc = qs_rd[`RNIC_RESP_QPC_TRAFFIC_CLASS_LSB +: `RNIC_RESP_QPC_TRAFFIC_CLASS_W];
assign q_pkey = qs_rd[`RNIC_RESP_QPC_PKEY_LSB +: `RNIC_RESP_QPC_PKEY_W];
// An XRC target (XRC_RECV) has no queue of its own: each request's XRCETH
// names the XRC SRQ (latched as h_sqpn) whose WQEs, PD and CQ it uses, so
// it takes the SRQ path of the QPs with srq_en
// (c_*: decoded straight from the context read, for LOAD, which picks the
// SRQ to read; t_* and q_srq_en: the same, registered in LOAD for DECIDE on)
wire        c_xrc = q_type == `RNIC_QP_TYPE_XRC_RECV;
wire        c_srq_en = q_srq_bit || c_xrc;
reg        t_xrc, t_uc, t_ud, t_raw, t_unack;   // t_unack: no ACKs, no NAKs
reg        q_srq_en;

// MPT shadow entry (contract layout mpt_shadow)
wire [`RNIC_MPT_SHADOW_BITS-1:0] ms_wr;
rnic_mpt_shadow mpt_shadow_inst (
    .entry(ctx_wr_data),
    .shadow(ms_wr)
);
reg [`RNIC_MPT_SHADOW_BITS-1:0] ms_rd;
wire        k_valid;
wire [7:0]  k_tag;
wire [23:0] k_pdn;
wire [7:0]  k_access;
wire [63:0] k_start, k_length, k_iova;
wire        k_mw;       // a memory window: remote access only through its QP, never a local key
wire [23:0] k_qpn;      // the window's QP
assign k_mw = ms_rd[`RNIC_MPT_SHADOW_MW_LSB +: `RNIC_MPT_SHADOW_MW_W];
assign k_qpn = ms_rd[`RNIC_MPT_SHADOW_QPN_LSB +: `RNIC_MPT_SHADOW_QPN_W];
assign k_valid = ms_rd[`RNIC_MPT_SHADOW_VALID_LSB +: `RNIC_MPT_SHADOW_VALID_W];
assign k_tag = ms_rd[`RNIC_MPT_SHADOW_TAG_LSB +: `RNIC_MPT_SHADOW_TAG_W];
assign k_pdn = ms_rd[`RNIC_MPT_SHADOW_PDN_LSB +: `RNIC_MPT_SHADOW_PDN_W];
assign k_access = ms_rd[`RNIC_MPT_SHADOW_ACCESS_LSB +: `RNIC_MPT_SHADOW_ACCESS_W];
assign k_start = ms_rd[`RNIC_MPT_SHADOW_START_LSB +: `RNIC_MPT_SHADOW_START_W];
assign k_length = ms_rd[`RNIC_MPT_SHADOW_LENGTH_LSB +: `RNIC_MPT_SHADOW_LENGTH_W];
assign k_iova = ms_rd[`RNIC_MPT_SHADOW_IOVA_LSB +: `RNIC_MPT_SHADOW_IOVA_W];

// SRQC shadow entry (contract layout resp_srqc)
wire [`RNIC_RESP_SRQC_BITS-1:0] ss_wr;
assign ss_wr[`RNIC_RESP_SRQC_XRC_LSB +: `RNIC_RESP_SRQC_XRC_W] = cd[`RNIC_SRQC_XRC_LSB +: `RNIC_SRQC_XRC_W];
assign ss_wr[`RNIC_RESP_SRQC_XRCDN_LSB +: `RNIC_RESP_SRQC_XRCDN_W] = cd[`RNIC_SRQC_XRCDN_LSB +: `RNIC_SRQC_XRCDN_W];
assign ss_wr[`RNIC_RESP_SRQC_CQN_LSB +: `RNIC_RESP_SRQC_CQN_W] = cd[`RNIC_SRQC_CQN_LSB +: `RNIC_SRQC_CQN_W];
assign ss_wr[`RNIC_RESP_SRQC_VALID_LSB +: `RNIC_RESP_SRQC_VALID_W] = cd[`RNIC_SRQC_VALID_LSB +: `RNIC_SRQC_VALID_W];
assign ss_wr[`RNIC_RESP_SRQC_LOG_SIZE_LSB +: `RNIC_RESP_SRQC_LOG_SIZE_W] =
    cd[`RNIC_SRQC_LOG_SIZE_LSB +: `RNIC_SRQC_LOG_SIZE_W];
assign ss_wr[`RNIC_RESP_SRQC_LOG_STRIDE_LSB +: `RNIC_RESP_SRQC_LOG_STRIDE_W] =
    cd[`RNIC_SRQC_LOG_STRIDE_LSB +: `RNIC_SRQC_LOG_STRIDE_W];
assign ss_wr[`RNIC_RESP_SRQC_PDN_LSB +: `RNIC_RESP_SRQC_PDN_W] = cd[`RNIC_SRQC_PDN_LSB +: `RNIC_SRQC_PDN_W];
assign ss_wr[`RNIC_RESP_SRQC_BASE_LSB +: `RNIC_RESP_SRQC_BASE_W] = cd[`RNIC_SRQC_BASE_LSB +: `RNIC_SRQC_BASE_W];
reg [`RNIC_RESP_SRQC_BITS-1:0] ss_rd;
// the latched SRQ of the packet's QP (S_SLOAD)
reg        s_valid_reg, s_valid_next;
reg [23:0] s_pdn_reg, s_pdn_next;
reg        s_xrc_reg, s_xrc_next;        // an XRC SRQ
reg [23:0] s_xrcdn_reg, s_xrcdn_next;   // its XRC domain
reg [23:0] s_cqn_reg, s_cqn_next;       // its CQ (XRC)

// ---------------------------------------------------------------------------
// FSM state
reg [4:0] state_reg, state_next;

// the packet's header, taken in IDLE, and its opcode's decode
// (rnic_resp_hdr); for an atomic, va/rkey come from the AtomicETH and rlen
// is the operand size 8, so the RETH key check below serves both
wire [2:0]  h_tr;                      // the BTH transport (opcode bits 7:5)
wire        h_se_reg, h_ackreq_reg;
wire [23:0] h_qpn_reg, h_psn_reg;
wire [63:0] h_va_reg;
wire [31:0] h_rkey_reg, h_rlen_reg, h_imm_reg;
wire [12:0] h_len_reg;
wire [63:0] h_swap_reg, h_cmp_reg;     // AtomicETH swap or add data, compare data
// UD: DETH and the IPv4 fields the GRH is rebuilt from
wire [31:0] h_qkey_reg;
wire [23:0] h_sqpn_reg;
wire [31:0] h_sip_reg, h_dip_reg;
wire [15:0] h_ipid_reg;
wire [7:0]  h_ttl_reg, h_tos_reg;
wire [`RNIC_BTH_OP_W-1:0] h_opl;
wire op_send, op_write, op_read, op_atomic, op_cmp_swap, op_start, op_end, op_imm, op_inv, op_wqe, op_raw;
rnic_resp_hdr hdr (
    .clk(clk), .take(state_reg == S_IDLE && s_hdr_valid && !sweep_busy_reg),
    .s_opcode(s_hdr_opcode), .s_se(s_hdr_se), .s_ackreq(s_hdr_ackreq), .s_dqpn(s_hdr_dqpn), .s_psn(s_hdr_psn),
    .s_reth_va(s_hdr_reth_va), .s_reth_rkey(s_hdr_reth_rkey), .s_reth_len(s_hdr_reth_len), .s_imm(s_hdr_imm),
    .s_deth_qkey(s_hdr_deth_qkey), .s_deth_sqpn(s_hdr_deth_sqpn), .s_atomic_va(s_hdr_atomic_va),
    .s_atomic_rkey(s_hdr_atomic_rkey), .s_atomic_swap(s_hdr_atomic_swap), .s_atomic_cmp(s_hdr_atomic_cmp),
    .s_sip(s_hdr_sip), .s_dip(s_hdr_dip), .s_ip_id(s_hdr_ip_id), .s_ttl(s_hdr_ttl), .s_tos(s_hdr_tos),
    .s_len(s_hdr_len),
    .tr(h_tr), .se(h_se_reg), .ackreq(h_ackreq_reg), .qpn(h_qpn_reg), .psn(h_psn_reg), .va(h_va_reg),
    .rkey(h_rkey_reg), .rlen(h_rlen_reg), .imm(h_imm_reg), .len(h_len_reg), .swap(h_swap_reg), .cmp(h_cmp_reg),
    .qkey(h_qkey_reg), .sqpn(h_sqpn_reg), .sip(h_sip_reg), .dip(h_dip_reg), .ip_id(h_ipid_reg), .ttl(h_ttl_reg),
    .tos(h_tos_reg),
    .opl(h_opl), .op_send(op_send), .op_write(op_write), .op_read(op_read), .op_atomic(op_atomic),
    .op_cmp_swap(op_cmp_swap), .op_start(op_start), .op_end(op_end), .op_imm(op_imm), .op_inv(op_inv),
    .op_wqe(op_wqe), .op_raw(op_raw)
);

// working copies of the per-QP dynamic state
reg        w_err_reg, w_err_next;
reg        w_nak_reg, w_nak_next;
reg [23:0] w_epsn_reg, w_epsn_next;
reg [23:0] w_msn_reg, w_msn_next;
reg [15:0] w_ci_reg, w_ci_next;
reg [15:0] w_pi_reg, w_pi_next;
reg              m_active_reg, m_active_next;
reg              m_write_reg, m_write_next;      // message kind: 0 SEND, 1 WRITE
reg [SCNT_W-1:0] m_cur_reg, m_cur_next;  // SGE cursor
reg [31:0]       m_off_reg, m_off_next;         // byte offset in the SGE
reg [31:0]       m_bytes_reg, m_bytes_next;     // message bytes so far
reg [31:0]       m_total_reg, m_total_next;     // bytes the receive WQE holds
reg [63:0]       m_addr_reg, m_addr_next;       // WRITE: next device address
// READ REQUEST / atomic: the device address, apart from the message state
// (a duplicate READ answered in the middle of a WRITE must not move it)
reg [63:0]       x_addr_reg, x_addr_next;
reg [31:0]       m_rem_reg, m_rem_next;         // WRITE: bytes left of RETH length
reg              m_claim_reg, m_claim_next;      // SRQ: the QP holds the SRQ WQE m_idx
reg [15:0]       m_idx_reg, m_idx_next;         // SRQ: index of the held WQE
reg ctx_hit_reg, ctx_hit_next;                   // context rewritten mid-packet

// the WQE loader (rnic_resp_wqe, below): done, its verdict (a wc_status,
// the stream ended short), the SGEs' total length; the key it reads while
// it uses the key table; its SGE table writes
wire              wq_done, wq_few, wq_key_use, wq_sge_we;
wire [7:0]        wq_err;
wire [31:0]       wq_sum, wq_key;
wire [SIDX_W-1:0] wq_slot;
wire [95:0]       wq_sge_wd;

// scatter
reg [12:0] left_reg, left_next;
reg        req_ok_reg, req_ok_next;
reg        seg_ok_reg, seg_ok_next;

// atomics
reg [63:0] a_orig_reg, a_orig_next;   // value read from host memory
// write requests accepted whose s_wr_done has not come (rnic_dma holds a few
// dozen at most: its command queue plus bursts in flight)
reg [15:0] wr_out_reg;

// tail actions
reg        do_disc_reg, do_disc_next;
reg        do_cqe_reg, do_cqe_next;
reg [7:0]  cqe_status_reg, cqe_status_next;
reg [7:0]  cqe_op_reg, cqe_op_next;
reg [7:0]  cqe_flags_reg, cqe_flags_next;
reg [31:0] cqe_len_reg, cqe_len_next;
reg [15:0] cqe_idx_reg, cqe_idx_next;
reg        do_ack_reg, do_ack_next;
reg [7:0]  ack_syn_reg, ack_syn_next;
reg [23:0] ack_psn_reg, ack_psn_next;
reg        ack_atomic_reg, ack_atomic_next;   // reply is an ATOMIC ACKNOWLEDGE
reg        d_dup_reg, d_dup_next;     // a duplicate READ REQUEST answered again
reg        ac_we_reg, ac_we_next;     // write the atomic result cache at the write-back
reg [3:0]  coal_reg, coal_next;       // ACKs left out in a row
reg        stat_dup_reg, stat_dup_next;
reg        stat_nak_seq_reg, stat_nak_seq_next;
reg        stat_ack_coal_reg, stat_ack_coal_next;

// outputs
reg stat_bad_qp_reg, stat_bad_qp_next;
reg stat_psn_err_reg, stat_psn_err_next;
reg stat_rnr_nak_reg, stat_rnr_nak_next;
reg stat_inv_req_reg, stat_inv_req_next;
reg stat_ack_tx_reg, stat_ack_tx_next;
reg stat_msg_drop_reg, stat_msg_drop_next;
reg qp_err_reg, qp_err_next;
reg s_took_reg, s_took_next;    // this packet took a WQE from the QP's SRQ
reg srq_lim_reg;
reg [LOG_SRQS-1:0] srq_lim_sidx_reg;
wire srq_lim_fire;   // the write-back of a packet that took an SRQ WQE and left fewer than the limit

// RAM ports (combinational controls)
reg               dyn_we;         // FSM write-back of psn/cm/msg tables
reg               pl_cmd_valid;
reg               pl_cmd_keep;
reg               rd_req_valid;
reg [63:0]        rd_req_addr;
reg [15:0]        rd_req_len;
reg               wr_req_valid;
reg [63:0]        wr_req_addr;
reg [15:0]        wr_req_len;
reg               seg_valid;
reg               seg_last;
wire              rec_ready;
reg               cqe_valid;
reg               ack_valid;
reg               rd_job_valid;

wire [LOG_QPS-1:0] qidx = h_qpn_reg[LOG_QPS-1:0];
wire [LOG_QPS-1:0] qidx_in = s_hdr_dqpn[LOG_QPS-1:0];
wire [LOG_QPS-1:0] q_ra = (state_reg == S_IDLE) ? qidx_in : qidx;

// ---------------------------------------------------------------------------
// payload router: keep (to the repacker) or discard, one entry per packet
// with payload, popped on the packet's tlast beat
wire pl_cmd_ready;
wire pl_head;
wire pl_head_valid;
wire pl_pop = pl_head_valid && s_axis_pl_tvalid && s_axis_pl_tlast && s_axis_pl_tready;
wire rp_s_tready;
wire seg_ready;
wire [DATA_W-1:0]   rp_m_tdata;
wire [DATA_W/8-1:0] rp_m_tkeep;
wire rp_m_tlast;
wire rp_m_tvalid;
// the atomic unit (rnic_resp_atomic, below) has the DMA write data port
// while its beat is out
wire at_wr_mode;

rnic_fifo #(
    .WIDTH(1),
    .DEPTH(4)
) pl_fifo (
    .clk(clk),
    .rst(rst),
    .s_data(pl_cmd_keep),
    .s_valid(pl_cmd_valid),
    .s_ready(pl_cmd_ready),
    .m_data(pl_head),
    .m_valid(pl_head_valid),
    .m_ready(pl_pop),
    // verilator lint_off PINCONNECTEMPTY
    .count()    // occupancy not needed
    // verilator lint_on PINCONNECTEMPTY
);

// UD GRH injector: the 40 bytes a UD receive gets first go into the scatter
// stream ahead of the payload (started by LENCHK once no earlier payload is
// pending); while it runs, the payload waits
// (rnic_resp_grh, below, builds the 40 bytes)
wire            gi_active;   // GRH beats are going in (a register of the injector)
reg             gi_start;
wire [DATA_W-1:0]   gi_tdata;
wire [DATA_W/8-1:0] gi_tkeep;

assign s_axis_pl_tready = pl_head_valid && (pl_head ? (rp_s_tready && !gi_active) : 1'b1);
wire [DATA_W-1:0]   rp_in_tdata = gi_active ? gi_tdata : s_axis_pl_tdata;
wire [DATA_W/8-1:0] rp_in_tkeep = gi_active ? gi_tkeep : s_axis_pl_tkeep;
wire                rp_in_tvalid = gi_active || (s_axis_pl_tvalid && pl_head_valid && pl_head);

rnic_repack #(
    .DATA_W(DATA_W)
) scatter (
    .clk(clk),
    .rst(rst),
    .s_seg_len(wr_req_len),
    .s_seg_last(seg_last),
    .s_seg_valid(seg_valid),
    .s_seg_ready(seg_ready),
    .s_tdata(rp_in_tdata),
    .s_tkeep(rp_in_tkeep),
    .s_tvalid(rp_in_tvalid),
    .s_tready(rp_s_tready),
    .m_tdata(rp_m_tdata),
    .m_tkeep(rp_m_tkeep),
    .m_tlast(rp_m_tlast),
    // verilator lint_off PINCONNECTEMPTY
    .m_tuser(),   // packet ends are not needed on the write side
    // verilator lint_on PINCONNECTEMPTY
    .m_tvalid(rp_m_tvalid),
    .m_tready(m_wr_tready && !at_wr_mode)
);

wire [DATA_W-1:0]   at_tdata;
wire [DATA_W/8-1:0] at_tkeep;

assign m_wr_tdata = at_wr_mode ? at_tdata : rp_m_tdata;
assign m_wr_tkeep = at_wr_mode ? at_tkeep : rp_m_tkeep;
assign m_wr_tlast = at_wr_mode ? 1'b1 : rp_m_tlast;
assign m_wr_tvalid = at_wr_mode ? 1'b1 : rp_m_tvalid;

// the READ response generator has the DMA read port and the header bus
wire rd_mode = state_reg == S_RJOB || state_reg == S_RWAIT;
// the atomic unit takes the read data of its operand
wire at_rd_mode;
wire rec_s_tready;
wire rd_s_tready;

// receive WQE records
wire [127:0] rec;
wire rec_last;
wire rec_valid;

rnic_resp_rec #(
    .DATA_W(DATA_W)
) wqe_rec (
    .clk(clk),
    .rst(rst),
    .s_tdata(s_rd_tdata),
    .s_tkeep(s_rd_tkeep),
    .s_tlast(s_rd_tlast),
    .s_tvalid(s_rd_tvalid && !rd_mode && !at_rd_mode),
    .s_tready(rec_s_tready),
    .m_rec(rec),
    .m_rec_last(rec_last),
    .m_rec_valid(rec_valid),
    .m_rec_ready(rec_ready)
);

assign s_rd_tready = rd_mode ? rd_s_tready : at_rd_mode ? 1'b1 : rec_s_tready;

// atomic unit: an atomic whose key check passed (S_ARETH) runs there while
// the FSM waits in S_ATOM; it has the DMA ports while it runs
reg         at_start;
wire        at_done, at_fail;
wire [63:0] at_orig;
wire        at_rd_req_valid, at_wr_req_valid;
wire [63:0] at_rd_req_addr, at_wr_req_addr;
wire [15:0] at_rd_req_len, at_wr_req_len;

rnic_resp_atomic #(
    .DATA_W(DATA_W)
) atomic_unit (
    .clk(clk),
    .rst(rst),
    .s_start(at_start),
    .s_addr(x_addr_reg),
    .s_cmp_swap(op_cmp_swap),
    .s_swap(h_swap_reg),
    .s_cmp(h_cmp_reg),
    .wr_idle(wr_out_reg == 16'd0),
    .m_done(at_done),
    .m_fail(at_fail),
    .m_orig(at_orig),
    // verilator lint_off PINCONNECTEMPTY
    .busy(),   // S_ATOM says it
    // verilator lint_on PINCONNECTEMPTY
    .m_rd_req_valid(at_rd_req_valid),
    .m_rd_req_ready(m_rd_req_ready),
    .m_rd_req_addr(at_rd_req_addr),
    .m_rd_req_len(at_rd_req_len),
    .rd_mode(at_rd_mode),
    .s_rd_tdata(s_rd_tdata[63:0]),
    .s_rd_tvalid(s_rd_tvalid),
    .s_rd_tlast(s_rd_tlast),
    .s_rd_error(s_rd_error),
    .m_wr_req_valid(at_wr_req_valid),
    .m_wr_req_ready(m_wr_req_ready),
    .m_wr_req_addr(at_wr_req_addr),
    .m_wr_req_len(at_wr_req_len),
    .wr_mode(at_wr_mode),
    .m_wr_tdata(at_tdata),
    .m_wr_tkeep(at_tkeep),
    .m_wr_tready(m_wr_tready)
);

// READ response generator: owns the DMA read port and the header bus while
// the FSM waits for it
wire        rd_job_ready;
wire        rd_done, rd_done_err;
wire [63:0] rd_req_addr_e;
wire [15:0] rd_req_len_e;
wire [TAG_W-1:0] rd_req_tag_e;
wire        rd_req_valid_e;
// verilator lint_off UNUSEDSIGNAL
wire [7:0]  rd_hdr_opcode;   // RC codes: the transport bits are this block's (RC or XRC)
// verilator lint_on UNUSEDSIGNAL
wire [23:0] rd_hdr_psn;
wire [31:0] rd_hdr_aeth;
wire [12:0] rd_hdr_len;
wire        rd_hdr_valid;

rnic_rd_resp #(
    .DATA_W(DATA_W),
    .TAG_W(TAG_W),
    .MAX_RD(4)
) rd_resp (
    .clk(clk),
    .rst(rst),
    .s_job_valid(rd_job_valid),
    .s_job_ready(rd_job_ready),
    .s_job_addr(h_rlen_reg == 32'd0 ? 64'd0 : x_addr_reg),
    .s_job_len(h_rlen_reg),
    .s_job_psn(h_psn_reg),
    .s_job_msn(d_dup_reg ? w_msn_reg : w_msn_reg + 24'd1),   // a duplicate completes no new message
    .s_job_mtu(d_mtu_reg),
    .done(rd_done),
    .done_err(rd_done_err),
    // verilator lint_off PINCONNECTEMPTY
    .busy(),        // the FSM waits for done instead
    // verilator lint_on PINCONNECTEMPTY
    .m_hdr_opcode(rd_hdr_opcode),
    .m_hdr_psn(rd_hdr_psn),
    .m_hdr_aeth(rd_hdr_aeth),
    .m_hdr_len(rd_hdr_len),
    .m_hdr_valid(rd_hdr_valid),
    .m_hdr_ready(rd_mode && m_hdr_ready),
    .m_axis_pl_tdata(m_axis_pl_tdata),
    .m_axis_pl_tkeep(m_axis_pl_tkeep),
    .m_axis_pl_tlast(m_axis_pl_tlast),
    .m_axis_pl_tvalid(m_axis_pl_tvalid),
    .m_axis_pl_tready(m_axis_pl_tready),
    .m_rd_req_addr(rd_req_addr_e),
    .m_rd_req_len(rd_req_len_e),
    .m_rd_req_tag(rd_req_tag_e),
    .m_rd_req_valid(rd_req_valid_e),
    .m_rd_req_ready(rd_mode && m_rd_req_ready),
    .s_rd_tdata(s_rd_tdata),
    .s_rd_tkeep(s_rd_tkeep),
    .s_rd_tlast(s_rd_tlast),
    .s_rd_tvalid(s_rd_tvalid && rd_mode),
    .s_rd_tready(rd_s_tready),
    .s_rd_tuser(s_rd_tuser),
    .s_rd_error(s_rd_error)
);


// ---------------------------------------------------------------------------
// RAM-shaped tables
reg [`RNIC_RESP_QPC_BITS-1:0] qpc_mem [0:QPS-1];
reg [`RNIC_MPT_SHADOW_BITS-1:0] mpt_mem [0:MRS-1];
reg [25:0]       psn_mem [0:QPS-1];   // {err, nak, epsn}
// atomic result cache (IBA 9.4.5, C9-??): the last atomic the QP executed
// {valid, PSN, original value}, so a duplicate of it gets the same ATOMIC
// ACKNOWLEDGE without running again (the rnic requester keeps one atomic
// outstanding per QP, so one entry is enough for it)
reg [88:0]       ac_mem [0:QPS-1];
reg [39:0]       cm_mem  [0:QPS-1];   // {msn, ci}
localparam MSG_W = 2 + SCNT_W + 32 * 3 + 64 + 32 + 17;  // {active, write, cur, off, bytes, total, addr, rem, claim, idx}
reg [MSG_W-1:0]  msg_mem [0:QPS-1];
reg [95:0]       sge_mem [0:QPS*MAX_SGE-1];  // {device address, length}
reg [`RNIC_RESP_SRQC_BITS-1:0] srqc_mem [0:SRQS-1];
reg [15:0]       srq_ci_mem [0:SRQS-1];
reg [15:0]       srq_lim_mem [0:SRQS-1];  // armed limit, 0: not armed
wire [15:0]      spi_rd;      // the SRQ's producer index (rnic_resp_pi srq_pi, below)
reg [15:0]       slim_rd;
reg [15:0]       sci_rd;

reg [25:0]      psn_rd;
reg [88:0]      ac_rd;
reg [39:0]      cm_rd;
wire [15:0]     pi_rd;       // the RQ's producer index (rnic_resp_pi rq_pi, below)
reg [MSG_W-1:0] msg_rd;
reg [95:0]      sge_rd;


// MPT read address: the SGE's lkey while walking the WQE, else the RETH (or
// AtomicETH) rkey
// verilator lint_off UNUSEDSIGNAL
// (an SGE's lkey while the WQE loader reads its entry; the request's key
// otherwise)
wire [31:0] key_ra32 = wq_key_use ? wq_key : h_rkey_reg;
// verilator lint_on UNUSEDSIGNAL
wire [LOG_MRS-1:0] mpt_ra = key_ra32[KT +: LOG_MRS];  // tag bits and range checked later
wire [LOG_QPS+SIDX_W-1:0] sge_ra = {qidx, m_cur_reg[SIDX_W-1:0]};
wire [LOG_QPS+SIDX_W-1:0] sge_wa = {qidx, wq_slot};

wire dyn_wr = dyn_we && !ctx_hit_reg;
wire [LOG_SRQS-1:0] s_ra = c_xrc ? h_sqpn_reg[LOG_SRQS-1:0] : q_srqn[LOG_SRQS-1:0];
wire [MSG_W-1:0] msg_wd = {m_active_reg, m_write_reg, m_cur_reg, m_off_reg, m_bytes_reg,
                           m_total_reg, m_addr_reg, m_rem_reg, m_claim_reg, m_idx_reg};

// the reset sweep owns every table's write port (ctx_* are low meanwhile,
// and the FSM stays idle)
always @(posedge clk) begin
    if (sweep_busy_reg)
        qpc_mem[sweep_qp] <= {`RNIC_RESP_QPC_BITS{1'b0}};
    else if (ctx_qpc)
        qpc_mem[ctx_qidx] <= qs_wr;
    qs_rd <= qpc_mem[q_ra];

    if (sweep_busy_reg)
        mpt_mem[sweep_key] <= {`RNIC_MPT_SHADOW_BITS{1'b0}};
    else if (ctx_mpt)
        mpt_mem[ctx_kidx] <= ms_wr;
    ms_rd <= mpt_mem[mpt_ra];

    if (sweep_busy_reg)
        psn_mem[sweep_qp] <= 26'd0;
    else if (ctx_clr)
        psn_mem[ctx_qidx] <= 26'd0;
    else if (ctx_rtr)
        psn_mem[ctx_qidx] <= {2'b00, cd[`RNIC_QPC_RQ_PSN_LSB +: `RNIC_QPC_RQ_PSN_W]};
    else if (dyn_wr)
        psn_mem[qidx] <= {w_err_reg, w_nak_reg, w_epsn_reg};
    psn_rd <= psn_mem[q_ra];

    if (sweep_busy_reg)
        ac_mem[sweep_qp] <= 89'd0;
    else if (ctx_dyn)
        ac_mem[ctx_qidx] <= 89'd0;
    else if (dyn_wr && ac_we_reg)
        ac_mem[qidx] <= {1'b1, h_psn_reg, a_orig_reg};
    ac_rd <= ac_mem[q_ra];

    if (sweep_busy_reg)
        cm_mem[sweep_qp] <= 40'd0;
    else if (ctx_clr)
        cm_mem[ctx_qidx] <= 40'd0;
    else if (dyn_wr)
        cm_mem[qidx] <= {w_msn_reg, w_ci_reg};
    cm_rd <= cm_mem[q_ra];

    if (sweep_busy_reg)
        msg_mem[sweep_qp] <= {MSG_W{1'b0}};
    else if (ctx_dyn)
        msg_mem[ctx_qidx] <= {MSG_W{1'b0}};
    else if (dyn_wr)
        msg_mem[qidx] <= msg_wd;
    msg_rd <= msg_mem[q_ra];


    // SRQ tables, read with the QP's srqn in LOAD (valid in SLOAD); a
    // context write clears the indexes; the packet's consumer index is
    // written back (even if the QP's context changed meanwhile: the
    // WQE was taken from the SRQ)
    if (sweep_busy_reg)
        srqc_mem[sweep_srq] <= {`RNIC_RESP_SRQC_BITS{1'b0}};
    else if (ctx_srqc)
        srqc_mem[ctx_sidx] <= ss_wr;
    ss_rd <= srqc_mem[s_ra];
    if (sweep_busy_reg)
        srq_ci_mem[sweep_srq] <= 16'd0;
    else if (ctx_sclr)
        srq_ci_mem[ctx_sidx] <= 16'd0;
    else if (dyn_we && q_srq_en)
        srq_ci_mem[s_ra] <= w_ci_reg;
    sci_rd <= srq_ci_mem[s_ra];
    // the limit: every context write sets it, the event clears it
    if (sweep_busy_reg)
        srq_lim_mem[sweep_srq] <= 16'd0;
    else if (ctx_srqc)
        srq_lim_mem[ctx_sidx] <= cd[`RNIC_SRQC_LIMIT_LSB +: `RNIC_SRQC_LIMIT_W];
    else if (srq_lim_fire)
        srq_lim_mem[s_ra] <= 16'd0;
    slim_rd <= srq_lim_mem[s_ra];

    if (wq_sge_we)
        sge_mem[sge_wa] <= wq_sge_wd;
    sge_rd <= sge_mem[sge_ra];
end

// the producer index tables: the reset sweep, context clears, doorbells (one
// held for a cycle when a clear takes the port), read at the packet's QP
// (SRQ) like the other tables
rnic_resp_pi #(.IDX_W(LOG_QPS)) rq_pi (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy_reg), .sweep_idx(sweep_qp),
    .clr(ctx_clr), .clr_idx(ctx_qidx),
    .db_valid(s_rq_pi_valid && s_rq_pi_qpn < QPS), .db_idx(s_rq_pi_qpn[LOG_QPS-1:0]), .db_pi(s_rq_pi),
    .ra(q_ra), .rd(pi_rd)
);
rnic_resp_pi #(.IDX_W(LOG_SRQS)) srq_pi (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy_reg), .sweep_idx(sweep_srq),
    .clr(ctx_sclr), .clr_idx(ctx_sidx),
    .db_valid(s_srq_pi_valid && s_srq_pi_srqn < SRQS), .db_idx(s_srq_pi_srqn[LOG_SRQS-1:0]),
    .db_pi(s_srq_pi),
    .ra(s_ra), .rd(spi_rd)
);

// WQEs left on the SRQ once this packet's WQE is taken: pi - ci (the
// producer index as read now, the consumer index being written back)
wire [15:0] srq_left = spi_rd - w_ci_reg;
assign srq_lim_fire = dyn_we && q_srq_en && s_took_reg && slim_rd != 16'd0 && srq_left < slim_rd;

wire [63:0] sge_dev = sge_rd[95:32];
wire [31:0] sge_len = sge_rd[31:0];

// ---------------------------------------------------------------------------
// the latched packet's transport (the top three opcode bits; the
// operation in the low five is rnic_resp_hdr's decode) must be the QP's;
// UC has SEND and RDMA WRITE only, UD SEND ONLY (with immediate) only (IBA
// 9.2, table 37)
wire c_uc = q_type == `RNIC_QP_TYPE_UC;
wire c_ud = q_type == `RNIC_QP_TYPE_UD;
// RAW_PACKET: whole Ethernet frames a flow rule steered here (rnic_raw_rx,
// opcode RAW_OPCODE): no PSN, no replies; each takes one receive WQE and is
// placed from byte 0 of its scatter list (no GRH)
wire c_raw = q_type == `RNIC_QP_TYPE_RAW;
wire c_unack = c_uc || c_ud || c_raw;
// The QP context read in IDLE is on qs_rd in LOAD; what DECIDE and the
// states after it need of it is decoded there and registered, so no
// decision starts at the context RAM's output: the QP type, the path MTU
// code, the length check against the MTU and the QP/opcode/state check
reg [2:0]  d_mtu_reg;      // path_mtu code
reg        len_ok_reg;
reg        qp_ok_reg;      // all of qp_ok but the QP's error flag (LOAD reads it)
wire op_tr_ok = c_raw ? op_raw :
                c_xrc ? (h_tr == `RNIC_BTH_TRANSPORT_XRC) :
                c_uc ? (h_tr == `RNIC_BTH_TRANSPORT_UC &&
                        (h_opl <= `RNIC_BTH_OP_WRITE_ONLY_IMM || op_inv)) :
                c_ud ? (h_tr == `RNIC_BTH_TRANSPORT_UD &&
                        (h_opl == `RNIC_BTH_OP_SEND_ONLY || h_opl == `RNIC_BTH_OP_SEND_ONLY_IMM)) :
                       (h_tr == `RNIC_BTH_TRANSPORT_RC);
// a receive WQE for this packet: the QP's RQ or SRQ is not empty, or (SRQ)
// the QP still holds the WQE of a SEND it abandoned (UC), whose SGEs are
// still in its SGE table
wire reuse = q_srq_en && m_claim_reg && op_send && op_start;
wire wqe_avail = reuse || ((!q_srq_en || s_valid_reg) && w_pi_reg != w_ci_reg);
wire [13:0] c_mtu = 14'd128 << q_mtu;   // path_mtu code 1..5 = 256..4096 bytes
wire c_len_ok = op_end ? ({1'b0, h_len_reg} <= c_mtu) : ({1'b0, h_len_reg} == c_mtu);
wire c_qp_ok = h_qpn_reg < QPS && (q_type == `RNIC_QP_TYPE_RC || c_xrc || c_unack) && op_tr_ok &&
               (q_state == `RNIC_QP_STATE_RTR || q_state == `RNIC_QP_STATE_RTS ||
                q_state == `RNIC_QP_STATE_SQD);
always @(posedge clk) begin
    if (state_reg == S_LOAD) begin
        t_xrc <= c_xrc;
        t_uc <= c_uc;
        t_ud <= c_ud;
        t_raw <= c_raw;
        t_unack <= c_unack;
        q_srq_en <= c_srq_en;
        d_mtu_reg <= q_mtu;
        len_ok_reg <= c_len_ok;
        qp_ok_reg <= c_qp_ok;
    end
end
wire len_ok = len_ok_reg;
wire qp_ok = qp_ok_reg && !w_err_reg;
// XRC (IBA 9.3.6, 14.2.7): the XRCETH names a live XRC SRQ of the target's
// XRC domain; the SRQ's PD is the one remote keys are checked against
wire xrc_ok = h_sqpn_reg < SRQS && s_valid_reg && s_xrc_reg && s_xrcdn_reg == q_xrcdn;
wire [23:0] r_pdn = t_xrc ? s_pdn_reg : q_pdn;

// RETH check (IBA 9.4.4 / 10.6.3.3 style rules, rkey index and tag); a
// READ needs remote read rights, a WRITE remote write rights, an atomic
// (AtomicETH va/rkey, length 8) remote atomic rights, in the key and in the QP
wire [7:0] reth_acc = op_atomic ? `RNIC_ACCESS_REMOTE_ATOMIC :
                      op_read ? `RNIC_ACCESS_REMOTE_READ : `RNIC_ACCESS_REMOTE_WRITE;
wire        reth_kc_ok;
wire [63:0] reth_dev;      // the RETH's va as a device address
rnic_key_check #(
    .KEY_W(LOG_MRS)
) reth_check (
    .entry(ms_rd),
    .key(h_rkey_reg),
    .remote(1'b1),
    .pdn(r_pdn),
    .qpn(h_qpn_reg),
    .need(reth_acc),
    .addr(h_va_reg),
    .len(h_rlen_reg),
    .ok(reth_kc_ok),
    .dev_addr(reth_dev)
);
wire reth_key_ok = reth_kc_ok && (q_access & reth_acc) != 8'd0;
wire reth_ok = h_rlen_reg == 32'd0 || reth_key_ok;

// IETH check (IBA 10.6.7.2.3): the key names a bound type 2B window of the
// QP's PD, bound to this QP, with the key's tag; regions registered by
// REG_MR are never invalidated remotely (the MPT shadow is read with the
// IETH key, latched in h_rkey)
wire inv_ok = (h_rkey_reg >> (KT + LOG_MRS)) == 32'd0 && k_valid && k_mw &&
              k_tag == h_rkey_reg[KT-1:0] && k_pdn == r_pdn && k_qpn == h_qpn_reg;
reg mpt_wr;          // S_INV: the window's entry goes out on m_mpt_*
reg inv_ev_reg;
// S_INV's first cycle registers the check (inv_ok_reg) and the entry to
// write (mpt_wd_reg) from the same read of the key's entry, so m_mpt_valid
// comes from flops and the key logic never reaches the key-table bus; a
// context or key-table write in S_INV, or in the cycle before, starts it
// again: ms_rd is a registered read that returns the old entry in the cycle
// of a write, so a write shows on ms_rd two cycles later, and a decision
// taken on the entry from before it would write that stale entry back over
// the new one.
reg inv_seen_reg;    // in S_INV, its first cycle over, no table written since
reg ctx_wr_prev_reg; // a context write in the cycle before
reg inv_ok_reg;      // inv_ok, a cycle later
reg [32*`RNIC_CTX_WORDS-1:0] mpt_wd_reg;   // the entry inv_ok_reg was decided on

// receive WQE address and fetch length
// (from the QP's SRQ when it has one)
// (the ring's mask, stride and base registered in LOAD from the QP's
// context, in SLOAD from its SRQ's instead)
reg [15:0] r_mask;
reg [4:0]  r_log_stride;
reg [63:0] r_base;
always @(posedge clk) begin
    if (state_reg == S_LOAD) begin
        r_mask <= (16'd1 << q_log_rq_size) - 16'd1;
        r_log_stride <= q_log_rq_stride;
        r_base <= q_rq_base;
    end else if (state_reg == S_SLOAD) begin
        r_mask <= (16'd1 << ss_rd[`RNIC_RESP_SRQC_LOG_SIZE_LSB +: `RNIC_RESP_SRQC_LOG_SIZE_W]) - 16'd1;
        r_log_stride <= ss_rd[`RNIC_RESP_SRQC_LOG_STRIDE_LSB +: `RNIC_RESP_SRQC_LOG_STRIDE_W];
        r_base <= ss_rd[`RNIC_RESP_SRQC_BASE_LSB +: `RNIC_RESP_SRQC_BASE_W];
    end
end
wire [15:0] ci_slot = w_ci_reg & r_mask;
wire [31:0] c_stride_bytes = 32'd1 << r_log_stride;
// (registered in DECIDE, the one way into FETCH; the consumer index and
// the SRQ do not change from there to the WQE's end)
reg [63:0] wqe_off;
reg [31:0] stride_bytes;
reg [15:0] fetch_len;
wire [63:0] wqe_addr = r_base + wqe_off;   // (r_base holds from LOAD/SLOAD to the next packet)
always @(posedge clk) begin
    if (state_reg == S_DECIDE) begin
        wqe_off <= {48'd0, ci_slot} << r_log_stride;
        stride_bytes <= c_stride_bytes;
        fetch_len <= (c_stride_bytes < {16'd0, FETCH_MAX}) ?
                     ((c_stride_bytes < 32'd16) ? 16'd16 : c_stride_bytes[15:0]) : FETCH_MAX;
    end
end

// the receive WQE loader: started as FETCH's read request is taken; the
// receive SGE check (LOCAL_WRITE, tag, PD and bounds) reads the key table
// through ms_rd
rnic_resp_wqe #(
    .MAX_SGE(MAX_SGE),
    .KEY_W(LOG_MRS)
) wqe_load (
    .clk(clk),
    .rst(rst),
    .start(state_reg == S_FETCH && !reuse && m_rd_req_ready),
    .stride_bytes(stride_bytes),
    .pdn(q_srq_en ? s_pdn_reg : q_pdn),
    .qpn(h_qpn_reg),
    .rec(rec),
    .rec_last(rec_last),
    .rec_valid(rec_valid),
    .rec_ready(rec_ready),
    .rd_error(s_rd_error),
    .key(wq_key),
    .key_use(wq_key_use),
    .entry(ms_rd),
    .sge_we(wq_sge_we),
    .sge_slot(wq_slot),
    .sge_wd(wq_sge_wd),
    .done(wq_done),
    .err(wq_err),
    .few(wq_few),
    .sum(wq_sum)
);

// READ: response packets max(1, ceil(len / mtu)) (IBA 9.7.1), lengths up
// to 2^31 (registered in LOAD, from the context read's MTU): the length
// shifted by log2(mtu), plus one if any bit shifted out was set (no adder
// in front of the shifter)
wire [4:0] rd_k = 5'd7 + {2'b00, q_mtu};                 // log2(mtu), 8..12 for codes 1..5
// verilator lint_off UNUSEDSIGNAL
wire [31:0] rd_quot = h_rlen_reg >> rd_k;                // < 2^24 for lengths up to 2^31
// verilator lint_on UNUSEDSIGNAL
wire rd_rem = |(h_rlen_reg[15:0] & ~(16'hffff << rd_k));
reg [23:0] rd_npkts;
// a duplicate READ REQUEST is answered only if its responses stay before
// the expected PSN (PSNs already executed); registered in DECIDE, the one
// way into RRETH, with the expected PSN LOAD read
/* verilator lint_off UNUSEDSIGNAL */
wire [23:0] rd_dup_gap = w_epsn_reg - (h_psn_reg + rd_npkts);   // only the sign bit is used
/* verilator lint_on UNUSEDSIGNAL */
reg rd_dup_ok;
// bytes this packet places: its payload, after the 40-byte GRH on UD
// (registered in LOAD)
reg [31:0] pl_total;
always @(posedge clk) begin
    if (state_reg == S_LOAD) begin
        rd_npkts <= (h_rlen_reg == 32'd0) ? 24'd1 : rd_quot[23:0] + {23'd0, rd_rem};
        pl_total <= {19'd0, h_len_reg} + (c_ud ? 32'd40 : 32'd0);
    end
    if (state_reg == S_DECIDE)
        rd_dup_ok <= !rd_dup_gap[23];
end
// ACK coalescing: a packet that would be acknowledged is not when the next
// request of the same QP already waits with the next PSN: that packet's ACK
// (or NAK, or RNR NAK, each of which acknowledges the PSNs before its own)
// covers this one; at most COAL_MAX in a row are left out
localparam [3:0] COAL_MAX = 4'd8;
wire coalesce = s_hdr_valid && s_hdr_dqpn == h_qpn_reg && s_hdr_psn == h_psn_reg + 24'd1 &&
                coal_reg != COAL_MAX;



// The GRH of a UD receive: total length and checksum sum registered in
// DECIDE (the header fields are the packet's from LOAD on), the image taken
// when LENCHK starts the injector
rnic_resp_grh #(
    .DATA_W(DATA_W)
) grh_inject (
    .clk(clk),
    .rst(rst),
    .s_capture(state_reg == S_DECIDE),
    .s_start(gi_start),
    .s_len(h_len_reg),
    .s_imm(op_imm),
    .s_tos(h_tos_reg),
    .s_ip_id(h_ipid_reg),
    .s_ttl(h_ttl_reg),
    .s_sip(h_sip_reg),
    .s_dip(h_dip_reg),
    .m_tdata(gi_tdata),
    .m_tkeep(gi_tkeep),
    .m_active(gi_active),
    .m_tready(rp_s_tready)
);

// scatter piece, registered in SCAT_RD from the SGE read (its entry m_cur
// has been on the table's address for a cycle by then), and in KEEP, which
// a SEND's first piece of a packet thus skips SCAT_RD for: KEEP follows
// LENCHK, which sets the packet's bytes (left), and m_cur and m_off were
// set before LENCHK (WEND, FETCH, LOAD), so the SGE read is m_cur's there
wire [31:0] c_sge_rem = sge_len - m_off_reg;
wire [31:0] left32 = {19'd0, left_reg};
reg [31:0] piece;
reg        piece_all;   // the piece is the rest of the packet
reg        sge_empty;   // nothing left in this SGE
always @(posedge clk) begin
    if (state_reg == S_SCAT_RD || state_reg == S_KEEP) begin
        piece <= (c_sge_rem < left32) ? c_sge_rem : left32;
        piece_all <= !(c_sge_rem < left32);
        sge_empty <= c_sge_rem == 32'd0;
    end
end

// The verdict on the packet in DECIDE: where it goes, its reply, what it
// changes of the QP's state (rnic_resp_decide)
wire        dc_fetch, dc_reth, dc_lenchk, dc_rreth, dc_areth, dc_disc;
wire        dc_ack, dc_ack_atomic, dc_dup_read, dc_epsn_we, dc_nak_set, dc_err, dc_m_end;
wire [7:0]  dc_ack_syn;
wire [23:0] dc_ack_psn, dc_epsn;
wire        dc_stat_bad_qp, dc_stat_msg_drop, dc_stat_psn_err, dc_stat_dup, dc_stat_nak_seq;
wire        dc_stat_inv_req, dc_stat_rnr_nak;
rnic_resp_decide decide (
    .psn(h_psn_reg), .ackreq(h_ackreq_reg), .len(h_len_reg), .va_lo(h_va_reg[2:0]), .rlen(h_rlen_reg),
    .qkey(h_qkey_reg),
    .op_send(op_send), .op_write(op_write), .op_read(op_read), .op_atomic(op_atomic), .op_start(op_start),
    .op_wqe(op_wqe),
    .t_raw(t_raw), .t_ud(t_ud), .t_uc(t_uc), .t_xrc(t_xrc), .qp_ok(qp_ok), .len_ok(len_ok), .xrc_ok(xrc_ok),
    .wqe_avail(wqe_avail), .q_qkey(q_qkey), .q_min_rnr(q_min_rnr),
    .epsn(w_epsn_reg), .nak_sent(w_nak_reg), .m_active(m_active_reg), .m_write(m_write_reg),
    .ac_valid(ac_rd[88]), .ac_psn(ac_rd[87:64]),
    .to_fetch(dc_fetch), .to_reth(dc_reth), .to_lenchk(dc_lenchk), .to_rreth(dc_rreth), .to_areth(dc_areth),
    .disc(dc_disc),
    .ack(dc_ack), .ack_syn(dc_ack_syn), .ack_psn(dc_ack_psn), .ack_atomic(dc_ack_atomic), .dup_read(dc_dup_read),
    .epsn_we(dc_epsn_we), .epsn_val(dc_epsn), .nak_set(dc_nak_set), .err(dc_err), .m_end(dc_m_end),
    .stat_bad_qp(dc_stat_bad_qp), .stat_msg_drop(dc_stat_msg_drop), .stat_psn_err(dc_stat_psn_err),
    .stat_dup(dc_stat_dup), .stat_nak_seq(dc_stat_nak_seq), .stat_inv_req(dc_stat_inv_req),
    .stat_rnr_nak(dc_stat_rnr_nak)
);

// ---------------------------------------------------------------------------
always @* begin
    state_next = state_reg;

    gi_start = 1'b0;

    a_orig_next = a_orig_reg;

    w_err_next = w_err_reg;
    w_nak_next = w_nak_reg;
    w_epsn_next = w_epsn_reg;
    w_msn_next = w_msn_reg;
    w_ci_next = w_ci_reg;
    w_pi_next = w_pi_reg;
    m_active_next = m_active_reg;
    m_write_next = m_write_reg;
    m_cur_next = m_cur_reg;
    m_off_next = m_off_reg;
    m_bytes_next = m_bytes_reg;
    m_total_next = m_total_reg;
    m_addr_next = m_addr_reg;
    x_addr_next = x_addr_reg;
    m_rem_next = m_rem_reg;
    m_claim_next = m_claim_reg;
    m_idx_next = m_idx_reg;
    s_valid_next = s_valid_reg;
    s_pdn_next = s_pdn_reg;
    s_xrc_next = s_xrc_reg;
    s_xrcdn_next = s_xrcdn_reg;
    s_cqn_next = s_cqn_reg;
    ctx_hit_next = ctx_hit_reg;


    left_next = left_reg;
    req_ok_next = req_ok_reg;
    seg_ok_next = seg_ok_reg;

    do_disc_next = do_disc_reg;
    do_cqe_next = do_cqe_reg;
    s_took_next = s_took_reg;
    cqe_status_next = cqe_status_reg;
    cqe_op_next = cqe_op_reg;
    cqe_flags_next = cqe_flags_reg;
    cqe_len_next = cqe_len_reg;
    cqe_idx_next = cqe_idx_reg;
    do_ack_next = do_ack_reg;
    ack_syn_next = ack_syn_reg;
    ack_psn_next = ack_psn_reg;
    ack_atomic_next = ack_atomic_reg;
    d_dup_next = d_dup_reg;
    ac_we_next = ac_we_reg;
    coal_next = coal_reg;
    stat_dup_next = 1'b0;
    stat_nak_seq_next = 1'b0;
    stat_ack_coal_next = 1'b0;

    stat_bad_qp_next = 1'b0;
    stat_psn_err_next = 1'b0;
    stat_rnr_nak_next = 1'b0;
    stat_inv_req_next = 1'b0;
    stat_ack_tx_next = 1'b0;
    stat_msg_drop_next = 1'b0;
    qp_err_next = 1'b0;

    dyn_we = 1'b0;
    pl_cmd_valid = 1'b0;
    pl_cmd_keep = 1'b0;
    rd_req_valid = 1'b0;
    at_start = 1'b0;
    rd_req_addr = wqe_addr;
    rd_req_len = fetch_len;
    wr_req_valid = 1'b0;
    wr_req_addr = m_write_reg ? m_addr_reg : sge_dev + {32'd0, m_off_reg};
    wr_req_len = m_write_reg ? {3'd0, h_len_reg} : piece[15:0];
    seg_valid = 1'b0;
    seg_last = 1'b0;
    cqe_valid = 1'b0;
    ack_valid = 1'b0;
    rd_job_valid = 1'b0;
    mpt_wr = 1'b0;

    if (state_reg != S_IDLE && ctx_dyn && ctx_qidx == qidx)
        ctx_hit_next = 1'b1;

    case (state_reg)
    S_IDLE: begin
        if (s_hdr_valid && !sweep_busy_reg) begin
            // (the header is taken into rnic_resp_hdr)
            ctx_hit_next = ctx_dyn && ctx_qidx == qidx_in;
            do_disc_next = 1'b0;
            do_cqe_next = 1'b0;
            do_ack_next = 1'b0;
            ack_atomic_next = 1'b0;
            d_dup_next = 1'b0;
            ac_we_next = 1'b0;
            s_took_next = 1'b0;
            state_next = S_LOAD;
        end
    end
    S_LOAD: begin
        {w_err_next, w_nak_next, w_epsn_next} = psn_rd;
        {w_msn_next, w_ci_next} = cm_rd;
        w_pi_next = pi_rd;
        {m_active_next, m_write_next, m_cur_next, m_off_next, m_bytes_next,
         m_total_next, m_addr_next, m_rem_next, m_claim_next, m_idx_next} = msg_rd;
        state_next = c_srq_en ? S_SLOAD : S_DECIDE;
    end
    S_SLOAD: begin
        // receives come from the QP's SRQ: its indexes and ring instead
        w_pi_next = spi_rd;
        w_ci_next = sci_rd;
        s_xrc_next = ss_rd[`RNIC_RESP_SRQC_XRC_LSB +: `RNIC_RESP_SRQC_XRC_W];
        s_xrcdn_next = ss_rd[`RNIC_RESP_SRQC_XRCDN_LSB +: `RNIC_RESP_SRQC_XRCDN_W];
        s_cqn_next = ss_rd[`RNIC_RESP_SRQC_CQN_LSB +: `RNIC_RESP_SRQC_CQN_W];
        s_valid_next = ss_rd[`RNIC_RESP_SRQC_VALID_LSB +: `RNIC_RESP_SRQC_VALID_W];
        s_pdn_next = ss_rd[`RNIC_RESP_SRQC_PDN_LSB +: `RNIC_RESP_SRQC_PDN_W];
        state_next = S_DECIDE;
    end
    S_DECIDE: begin
        // the verdict (rnic_resp_decide, above); the CQE fields a drop or
        // an error completion starts from
        do_disc_next = dc_disc;
        state_next = dc_fetch ? S_FETCH : dc_reth ? S_RETH : dc_lenchk ? S_LENCHK :
                     dc_rreth ? S_RRETH : dc_areth ? S_ARETH : S_DISC;
        ack_psn_next = dc_ack_psn;
        cqe_idx_next = w_ci_reg;
        cqe_op_next = op_write ? `RNIC_CQE_OP_RESP_RECV_IMM : `RNIC_CQE_OP_RESP_RECV;
        cqe_flags_next = 8'd0;
        cqe_len_next = 32'd0;
        if (dc_ack) begin
            do_ack_next = 1'b1;
            ack_syn_next = dc_ack_syn;
        end
        if (dc_ack_atomic) begin
            // a duplicate atomic: the ATOMIC ACKNOWLEDGE of its first execution
            ack_atomic_next = 1'b1;
            a_orig_next = ac_rd[63:0];
        end
        if (dc_dup_read)
            d_dup_next = 1'b1;
        if (dc_epsn_we)
            w_epsn_next = dc_epsn;
        if (dc_nak_set)
            w_nak_next = 1'b1;
        if (dc_err) begin
            w_err_next = 1'b1;
            qp_err_next = 1'b1;
        end
        if (dc_m_end)
            m_active_next = 1'b0;
        stat_bad_qp_next = dc_stat_bad_qp;
        stat_msg_drop_next = dc_stat_msg_drop;
        stat_psn_err_next = dc_stat_psn_err;
        stat_dup_next = dc_stat_dup;
        stat_nak_seq_next = dc_stat_nak_seq;
        stat_inv_req_next = dc_stat_inv_req;
        stat_rnr_nak_next = dc_stat_rnr_nak;
    end
    S_FETCH: begin
        if (reuse) begin
            // the SRQ WQE the QP still holds takes this message
            m_active_next = 1'b1;
            m_write_next = 1'b0;
            m_cur_next = {SCNT_W{1'b0}};
            m_off_next = 32'd0;
            m_bytes_next = 32'd0;
            state_next = S_LENCHK;
        end else begin
            rd_req_valid = 1'b1;
            if (m_rd_req_ready)
                state_next = S_WREC;
        end
    end
    S_WREC: begin
        if (wq_done)
            state_next = S_WEND;
    end
    S_WEND: begin
        // (a stream shorter than the WQE: LOC_QP_OP_ERR)
        if (wq_err != 8'd0 || wq_few) begin
            // bad receive WQE: complete it in error, NAK remote operational error
            do_disc_next = 1'b1;
            do_cqe_next = 1'b1;
            cqe_status_next = (wq_err != 8'd0) ? wq_err : `RNIC_WC_STATUS_LOC_QP_OP_ERR;
            w_ci_next = w_ci_reg + 1'b1;
            w_err_next = 1'b1;
            qp_err_next = 1'b1;
            stat_inv_req_next = 1'b1;
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_REM_OP_ERR};
            state_next = S_DISC;
        end else begin
            m_active_next = 1'b1;
            m_write_next = 1'b0;
            m_cur_next = {SCNT_W{1'b0}};
            m_off_next = 32'd0;
            m_bytes_next = 32'd0;
            m_total_next = wq_sum;
            if (q_srq_en) begin
                // an SRQ WQE is taken now (other QPs take the next ones
                // while this message runs); the QP holds it until its CQE
                m_claim_next = 1'b1;
                s_took_next = 1'b1;
                m_idx_next = w_ci_reg;
                w_ci_next = w_ci_reg + 1'b1;
            end
            state_next = S_LENCHK;
        end
    end
    S_RETH: begin
        if (reth_ok) begin
            m_active_next = 1'b1;
            m_write_next = 1'b1;
            m_addr_next = reth_dev;
            m_rem_next = h_rlen_reg;
            m_bytes_next = 32'd0;
            state_next = S_LENCHK;
        end else if (t_uc) begin
            // UC: the message is dropped, its MIDDLE/LAST packets with it
            // (the expected PSN still moves past this packet)
            do_disc_next = 1'b1;
            m_active_next = 1'b0;
            w_epsn_next = w_epsn_reg + 24'd1;
            stat_msg_drop_next = 1'b1;
            state_next = S_DISC;
        end else begin
            do_disc_next = 1'b1;
            w_err_next = 1'b1;
            qp_err_next = 1'b1;
            stat_inv_req_next = 1'b1;
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_REM_ACCESS_ERR};
            state_next = S_DISC;
        end
    end
    S_RRETH: begin
        // MPT entry of the rkey is on ms_rd now
        if (reth_ok && (!d_dup_reg || rd_dup_ok)) begin
            x_addr_next = reth_dev;
            state_next = S_RJOB;
        end else if (d_dup_reg) begin
            // a duplicate that fails its checks, or whose responses would
            // reach PSNs not yet executed, is dropped without a reply
            state_next = S_WB;
        end else begin
            w_err_next = 1'b1;
            qp_err_next = 1'b1;
            stat_inv_req_next = 1'b1;
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_REM_ACCESS_ERR};
            state_next = S_ACK;
        end
    end
    S_RJOB: begin
        rd_job_valid = 1'b1;
        if (rd_job_ready)
            state_next = S_RWAIT;
    end
    S_RWAIT: begin
        // the responses go out through the header bus and payload port
        if (rd_done) begin
            if (!d_dup_reg) begin
                w_epsn_next = w_epsn_reg + rd_npkts;
                w_nak_next = 1'b0;
                w_msn_next = w_msn_reg + 24'd1;
            end
            if (rd_done_err) begin
                // host memory failed under a registered region (the
                // syndrome only classifies the error: no reply follows)
                w_err_next = 1'b1;
                qp_err_next = 1'b1;
                ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_REM_OP_ERR};
            end
            state_next = S_WB;
        end
    end
    S_ARETH: begin
        // MPT entry of the AtomicETH rkey is on ms_rd now
        if (reth_ok) begin
            x_addr_next = reth_dev;
            at_start = 1'b1;
            state_next = S_ATOM;
        end else begin
            w_err_next = 1'b1;
            qp_err_next = 1'b1;
            stat_inv_req_next = 1'b1;
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_REM_ACCESS_ERR};
            state_next = S_ACK;
        end
    end
    S_ATOM: begin
        // the atomic unit has it (rnic_resp_atomic); x_addr_reg and the
        // AtomicETH fields stay as they are until it answers
        if (at_fail) begin
            // host memory failed under a registered region: nothing written
            w_err_next = 1'b1;
            qp_err_next = 1'b1;
            stat_inv_req_next = 1'b1;
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_REM_OP_ERR};
            state_next = S_ACK;
        end else if (at_done) begin
            // the result is in memory (or the compare failed): the ACK
            a_orig_next = at_orig;
            w_epsn_next = w_epsn_reg + 24'd1;
            w_nak_next = 1'b0;
            w_msn_next = w_msn_reg + 24'd1;
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_ACK, `RNIC_AETH_CREDIT_INVALID};
            ack_atomic_next = 1'b1;
            ac_we_next = 1'b1;
            state_next = S_ACK;
        end
    end
    S_LENCHK: begin
        if (!m_write_reg && m_bytes_reg + pl_total > m_total_reg) begin
            // message longer than the receive buffers
            do_disc_next = 1'b1;
            do_cqe_next = 1'b1;
            cqe_status_next = `RNIC_WC_STATUS_LOC_LEN_ERR;
            cqe_len_next = m_bytes_reg;
            m_active_next = 1'b0;
            if (q_srq_en) begin
                cqe_idx_next = m_idx_reg;     // the held SRQ WQE completes
                m_claim_next = 1'b0;
            end else begin
                w_ci_next = w_ci_reg + 1'b1;
            end
            // RC: NAK and error; UC, UD: the WQE completes in error, the
            // rest of the message is dropped, the QP carries on
            w_err_next = !t_unack;
            qp_err_next = !t_unack;
            stat_inv_req_next = !t_unack;
            stat_msg_drop_next = t_unack;
            if (t_uc)
                w_epsn_next = w_epsn_reg + 24'd1;   // UC: past this packet
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_INV_REQ};
            state_next = S_DISC;
        end else if (m_write_reg && ({19'd0, h_len_reg} > m_rem_reg ||
                                     (op_end && {19'd0, h_len_reg} != m_rem_reg))) begin
            // payload disagrees with the RETH DMA length (UC: dropped)
            do_disc_next = 1'b1;
            m_active_next = 1'b0;
            w_err_next = !t_uc;
            qp_err_next = !t_uc;
            stat_inv_req_next = !t_uc;
            stat_msg_drop_next = t_uc;
            if (t_uc)
                w_epsn_next = w_epsn_reg + 24'd1;
            do_ack_next = 1'b1;
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_INV_REQ};
            state_next = S_DISC;
        end else if (t_ud && (pl_head_valid || gi_active)) begin
            // the GRH enters the scatter stream after every earlier
            // packet's payload and GRH: wait for them to have gone in (an
            // earlier UD packet without payload may still be injecting its
            // GRH, whose image a new start would overwrite)
            state_next = S_LENCHK;
        end else begin
            left_next = pl_total[12:0];
            req_ok_next = 1'b0;
            seg_ok_next = 1'b0;
            gi_start = t_ud;
            state_next = (h_len_reg != 13'd0) ? S_KEEP : t_ud ? S_SCAT_RD : S_DONE;
        end
    end
    S_KEEP: begin
        pl_cmd_valid = 1'b1;
        pl_cmd_keep = 1'b1;
        if (pl_cmd_ready)
            state_next = S_SCAT;     // (a SEND's piece is registered here too)
    end
    S_SCAT_NX: begin
        state_next = S_SCAT_RD;   // SGE entry m_cur is read this cycle
    end
    S_SCAT_RD: begin
        state_next = S_SCAT;      // its piece is registered this cycle
    end
    S_SCAT: begin
        if (!m_write_reg && sge_empty) begin
            m_cur_next = m_cur_reg + 1'b1;
            m_off_next = 32'd0;
            state_next = S_SCAT_NX;
        end else begin
            wr_req_valid = !req_ok_reg;
            seg_valid = !seg_ok_reg;
            seg_last = m_write_reg || piece_all;
            if (m_wr_req_ready)
                req_ok_next = 1'b1;
            if (seg_ready)
                seg_ok_next = 1'b1;
            if ((req_ok_reg || m_wr_req_ready) && (seg_ok_reg || seg_ready)) begin
                req_ok_next = 1'b0;
                seg_ok_next = 1'b0;
                if (m_write_reg) begin
                    m_addr_next = m_addr_reg + {51'd0, h_len_reg};
                    m_rem_next = m_rem_reg - {19'd0, h_len_reg};
                    m_bytes_next = m_bytes_reg + {19'd0, h_len_reg};
                    state_next = S_DONE;
                end else begin
                    m_bytes_next = m_bytes_reg + piece;
                    left_next = left_reg - piece[12:0];
                    if (piece_all) begin
                        m_off_next = m_off_reg + piece;
                        state_next = S_DONE;
                    end else begin
                        m_cur_next = m_cur_reg + 1'b1;
                        m_off_next = 32'd0;
                        state_next = S_SCAT_NX;
                    end
                end
            end
        end
    end
    S_DONE: begin
        w_epsn_next = w_epsn_reg + 24'd1;
        w_nak_next = 1'b0;
        ack_syn_next = {`RNIC_AETH_TYPE_ACK, `RNIC_AETH_CREDIT_INVALID};
        ack_psn_next = h_psn_reg;
        do_ack_next = !t_unack && (op_end || h_ackreq_reg) && !coalesce;
        // (a SEND with Invalidate counts once its key was invalidated: if it
        // cannot be, S_INV NAKs after all)
        stat_ack_coal_next = !t_unack && (op_end || h_ackreq_reg) && coalesce && !(op_end && op_inv);
        if (op_end) begin
            m_active_next = 1'b0;
            w_msn_next = w_msn_reg + 24'd1;
            if (op_send || op_imm) begin
                do_cqe_next = 1'b1;
                cqe_status_next = `RNIC_WC_STATUS_SUCCESS;
                cqe_len_next = m_bytes_reg;
                cqe_flags_next = (op_imm ? `RNIC_CQE_FLAG_IMM : 8'd0) |
                                 (h_se_reg ? `RNIC_CQE_FLAG_SOLICITED : 8'd0) |
                                 (t_ud ? `RNIC_CQE_FLAG_GRH : 8'd0);
                if (q_srq_en && op_send) begin
                    cqe_idx_next = m_idx_reg;  // the SRQ WQE taken at FIRST/ONLY
                    m_claim_next = 1'b0;
                end else begin
                    w_ci_next = w_ci_reg + 1'b1;
                end
            end
        end
        state_next = (op_end && op_inv) ? S_INV :
                     (op_end && (op_send || op_imm)) ? S_CQE :
                     (!t_unack && (op_end || h_ackreq_reg) && !coalesce) ? S_ACK : S_WB;
    end
    S_INV: begin
        // the IETH key's entry is on ms_rd (read with h_rkey since DONE);
        // its check is registered in the first cycle
        if (!inv_seen_reg) begin
            state_next = S_INV;
        end else if (inv_ok_reg) begin
            mpt_wr = 1'b1;
            if (m_mpt_ready) begin
                cqe_flags_next = cqe_flags_reg | `RNIC_CQE_FLAG_INV;
                stat_ack_coal_next = !t_unack && !do_ack_reg;   // its ACK was left out
                state_next = S_CQE;
            end
        end else begin
            // the data is placed, but the key cannot be invalidated: the
            // receive completes in error; RC NAKs and goes to error
            cqe_status_next = `RNIC_WC_STATUS_REM_INV_REQ_ERR;
            // the NAK carries the MSN of the last message that succeeded
            if (!t_unack)
                w_msn_next = w_msn_reg - 24'd1;
            w_err_next = !t_unack;
            qp_err_next = !t_unack;
            stat_inv_req_next = !t_unack;
            do_ack_next = !t_unack;          // even if the ACK was to be left out
            ack_syn_next = {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_INV_REQ};
            state_next = S_CQE;
        end
    end
    S_DISC: begin
        // drop the packet's payload (if any), then the replies
        pl_cmd_valid = h_len_reg != 13'd0;
        pl_cmd_keep = 1'b0;
        if (h_len_reg == 13'd0 || pl_cmd_ready)
            state_next = do_cqe_reg ? S_CQE : do_ack_reg ? S_ACK : S_WB;
    end
    S_CQE: begin
        // every write request of the message was accepted before this point
        cqe_valid = 1'b1;
        if (m_cqe_ready) begin
            if (do_ack_reg) begin
                state_next = S_ACK;
            end else if (!ctx_dyn && !ctx_srqc) begin
                // the last reply: the write-back in this cycle (S_WB's;
                // nothing it writes changes in S_CQE or S_ACK; a context
                // write in the next cycle comes after it, as one two
                // cycles later did after S_WB)
                dyn_we = 1'b1;
                state_next = S_IDLE;
            end else begin
                state_next = S_WB;
            end
        end
    end
    S_ACK: begin
        ack_valid = 1'b1;
        if (m_hdr_ready) begin
            stat_ack_tx_next = 1'b1;
            coal_next = 4'd0;
            if (!ctx_dyn && !ctx_srqc) begin
                dyn_we = 1'b1;
                state_next = S_IDLE;
            end else begin
                state_next = S_WB;
            end
        end
    end
    S_WB: begin
        // the write-back of the QP's state (also done in the cycle the last
        // reply is taken, S_CQE or S_ACK, unless a context write owns the
        // table ports then, as it does here)
        if (!ctx_dyn && !ctx_srqc) begin
            dyn_we = 1'b1;
            state_next = S_IDLE;
        end
    end
    default: state_next = S_IDLE;
    endcase
    // UC and UD send no ACK or NAK, whatever happened (the QP type is valid
    // from DECIDE on, where replies are first decided)
    if (state_reg != S_IDLE && t_unack)
        do_ack_next = 1'b0;
end

always @(posedge clk) begin
    if (rst) begin
        state_reg <= S_IDLE;
        stat_bad_qp_reg <= 1'b0;
        stat_psn_err_reg <= 1'b0;
        stat_rnr_nak_reg <= 1'b0;
        stat_inv_req_reg <= 1'b0;
        stat_ack_tx_reg <= 1'b0;
        stat_msg_drop_reg <= 1'b0;
        stat_dup_reg <= 1'b0;
        stat_nak_seq_reg <= 1'b0;
        stat_ack_coal_reg <= 1'b0;
        qp_err_reg <= 1'b0;
        inv_ev_reg <= 1'b0;
        inv_seen_reg <= 1'b0;
        ctx_wr_prev_reg <= 1'b0;
        srq_lim_reg <= 1'b0;
        req_ok_reg <= 1'b0;
        seg_ok_reg <= 1'b0;
        wr_out_reg <= 16'd0;
    end else begin
        state_reg <= state_next;
        stat_bad_qp_reg <= stat_bad_qp_next;
        stat_psn_err_reg <= stat_psn_err_next;
        stat_rnr_nak_reg <= stat_rnr_nak_next;
        stat_inv_req_reg <= stat_inv_req_next;
        stat_ack_tx_reg <= stat_ack_tx_next;
        stat_msg_drop_reg <= stat_msg_drop_next;
        stat_dup_reg <= stat_dup_next;
        stat_nak_seq_reg <= stat_nak_seq_next;
        stat_ack_coal_reg <= stat_ack_coal_next;
        qp_err_reg <= qp_err_next;
        inv_ev_reg <= mpt_wr && m_mpt_ready;
        // (set while S_INV goes on: not in the cycle it decides to leave)
        inv_seen_reg <= state_reg == S_INV && !(inv_seen_reg && (!inv_ok_reg || m_mpt_ready)) &&
                        !ctx_wr_valid && !ctx_wr_prev_reg;
        ctx_wr_prev_reg <= ctx_wr_valid;
        inv_ok_reg <= inv_ok;
        mpt_wd_reg <= mpt_wd;
        srq_lim_reg <= srq_lim_fire;
        req_ok_reg <= req_ok_next;
        seg_ok_reg <= seg_ok_next;
        // accepted write requests minus done pulses (at most one each per cycle)
        if ((m_wr_req_valid && m_wr_req_ready) && !s_wr_done)
            wr_out_reg <= wr_out_reg + 16'd1;
        else if (!(m_wr_req_valid && m_wr_req_ready) && s_wr_done)
            wr_out_reg <= wr_out_reg - 16'd1;
    end


    a_orig_reg <= a_orig_next;

    w_err_reg <= w_err_next;
    w_nak_reg <= w_nak_next;
    w_epsn_reg <= w_epsn_next;
    w_msn_reg <= w_msn_next;
    w_ci_reg <= w_ci_next;
    w_pi_reg <= w_pi_next;
    m_active_reg <= m_active_next;
    m_write_reg <= m_write_next;
    m_cur_reg <= m_cur_next;
    m_off_reg <= m_off_next;
    m_bytes_reg <= m_bytes_next;
    m_total_reg <= m_total_next;
    m_addr_reg <= m_addr_next;
    x_addr_reg <= x_addr_next;
    m_rem_reg <= m_rem_next;
    m_claim_reg <= m_claim_next;
    m_idx_reg <= m_idx_next;
    s_valid_reg <= s_valid_next;
    s_pdn_reg <= s_pdn_next;
    s_xrc_reg <= s_xrc_next;
    s_xrcdn_reg <= s_xrcdn_next;
    s_cqn_reg <= s_cqn_next;
    ctx_hit_reg <= ctx_hit_next;


    left_reg <= left_next;

    do_disc_reg <= do_disc_next;
    do_cqe_reg <= do_cqe_next;
    s_took_reg <= s_took_next;
    if (srq_lim_fire)
        srq_lim_sidx_reg <= s_ra;
    cqe_status_reg <= cqe_status_next;
    cqe_op_reg <= cqe_op_next;
    cqe_flags_reg <= cqe_flags_next;
    cqe_len_reg <= cqe_len_next;
    cqe_idx_reg <= cqe_idx_next;
    do_ack_reg <= do_ack_next;
    ack_syn_reg <= ack_syn_next;
    ack_psn_reg <= ack_psn_next;
    ack_atomic_reg <= ack_atomic_next;
    d_dup_reg <= d_dup_next;
    ac_we_reg <= ac_we_next;
    // (the ACK coalescing run is the one count kept across packets; every
    // other register here is loaded by the packet that uses it)
    if (rst)
        coal_reg <= 4'd0;
    else
        coal_reg <= stat_ack_coal_next ? coal_reg + 4'd1 : coal_next;

end

// ---------------------------------------------------------------------------
// outputs
assign s_hdr_ready = state_reg == S_IDLE && !sweep_busy_reg;

assign m_rd_req_addr = rd_mode ? rd_req_addr_e : at_rd_req_valid ? at_rd_req_addr : rd_req_addr;
assign m_rd_req_len = rd_mode ? rd_req_len_e : at_rd_req_valid ? at_rd_req_len : rd_req_len;
assign m_rd_req_tag = rd_mode ? rd_req_tag_e : {TAG_W{1'b0}};
assign m_rd_req_valid = rd_mode ? rd_req_valid_e : rd_req_valid || at_rd_req_valid;

assign m_wr_req_addr = at_wr_req_valid ? at_wr_req_addr : wr_req_addr;
assign m_wr_req_len = at_wr_req_valid ? at_wr_req_len : wr_req_len;
assign m_wr_req_valid = wr_req_valid || at_wr_req_valid;

// receive CQE; imm bytes in wire order in memory (first wire byte in bits 7:0)
reg [255:0] cqe;
always @* begin
    cqe = 256'd0;
    cqe[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W] = cqe_idx_reg;
    cqe[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W] = cqe_op_reg;
    cqe[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] = cqe_status_reg;
    cqe[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W] = h_qpn_reg;
    cqe[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W] = cqe_flags_reg;
    cqe[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W] = cqe_len_reg;
    // ImmDt, or the invalidated key (IETH), first wire byte in [7:0]
    if ((cqe_flags_reg & (`RNIC_CQE_FLAG_IMM | `RNIC_CQE_FLAG_INV)) != 8'd0)
        cqe[`RNIC_CQE_IMM_LSB +: `RNIC_CQE_IMM_W] = {h_imm_reg[7:0], h_imm_reg[15:8],
                                                     h_imm_reg[23:16], h_imm_reg[31:24]};
    cqe[`RNIC_CQE_SRC_QP_LSB +: `RNIC_CQE_SRC_QP_W] = t_ud ? h_sqpn_reg : q_dest_qpn;
    if (t_xrc)
        cqe[`RNIC_CQE_SRQN_LSB +: `RNIC_CQE_SRQN_W] = h_sqpn_reg;   // the XRC SRQ
end
assign m_cqe_valid = cqe_valid;
assign m_cqe_cqn = t_xrc ? s_cqn_reg : q_recv_cqn;   // XRC: the XRC SRQ's CQ
assign m_cqe_data = cqe;

assign m_hdr_valid = ack_valid || (rd_mode && rd_hdr_valid);
// XRC responses carry the XRC transport bits, RC's the RC ones
assign m_hdr_opcode = {t_xrc ? `RNIC_BTH_TRANSPORT_XRC : `RNIC_BTH_TRANSPORT_RC,
                       rd_mode ? rd_hdr_opcode[4:0] : ack_atomic_reg ? `RNIC_BTH_OP_ATOMIC_ACK : `RNIC_BTH_OP_ACK};
assign m_hdr_se = 1'b0;
assign m_hdr_mig = 1'b0;
assign m_hdr_ackreq = 1'b0;
assign m_hdr_pkey = q_pkey;
assign m_hdr_dqpn = q_dest_qpn;
assign m_hdr_psn = rd_mode ? rd_hdr_psn : ack_psn_reg;
assign m_hdr_dmac = q_dmac;
assign m_hdr_smac = 48'd0;
assign m_hdr_dip = q_dip;
assign m_hdr_sip = 32'd0;
assign m_hdr_ip_id = 16'd0;
assign m_hdr_ttl = q_hop;
assign m_hdr_tos = q_tc;
assign m_hdr_sport = q_sport;
assign m_hdr_reth_va = 64'd0;
assign m_hdr_reth_rkey = 32'd0;
assign m_hdr_reth_len = 32'd0;
assign m_hdr_aeth = rd_mode ? rd_hdr_aeth : {ack_syn_reg, w_msn_reg};
assign m_hdr_imm = 32'd0;
assign m_hdr_deth_qkey = 32'd0;
assign m_hdr_deth_sqpn = 24'd0;
assign m_hdr_atomic_va = 64'd0;
assign m_hdr_atomic_rkey = 32'd0;
assign m_hdr_atomic_swap = 64'd0;
assign m_hdr_atomic_cmp = 64'd0;
assign m_hdr_atomic_ack = ack_atomic_reg ? a_orig_reg : 64'd0;
assign m_hdr_len = rd_mode ? rd_hdr_len : 13'd0;

assign qp_err_valid = qp_err_reg;
assign qp_err_qpn = h_qpn_reg;
// (the outcome registered with the pulse: a completion in error, or the NAK)
assign qp_err_type = do_cqe_reg ? `RNIC_HW_EVENT_RESP_ERR :
                     ack_syn_reg == {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_REM_ACCESS_ERR} ?
                         `RNIC_HW_EVENT_RESP_ACCESS :
                     ack_syn_reg == {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_INV_REQ} ?
                         `RNIC_HW_EVENT_RESP_INV_REQ :
                     `RNIC_HW_EVENT_QP_FATAL;
assign srq_lim_valid = srq_lim_reg;
assign srq_lim_srqn = {{(24-LOG_SRQS){1'b0}}, srq_lim_sidx_reg};

assign stat_bad_qp = stat_bad_qp_reg;
assign stat_psn_err = stat_psn_err_reg;
assign stat_rnr_nak = stat_rnr_nak_reg;
assign stat_inv_req = stat_inv_req_reg;
assign stat_ack_tx = stat_ack_tx_reg;
assign stat_msg_drop = stat_msg_drop_reg;
assign stat_dup = stat_dup_reg;
assign stat_nak_seq = stat_nak_seq_reg;
assign stat_ack_coal = stat_ack_coal_reg;

// the invalidated window's entry: unbound, the rest as it was
wire [32*`RNIC_CTX_WORDS-1:0] mpt_wd;
rnic_mw_entry mw_entry_inst (
    .valid(1'b0), .access(k_access), .tag(k_tag), .pdn(k_pdn),
    .start(k_start), .length(k_length), .iova(k_iova), .qpn(k_qpn),
    .entry(mpt_wd)
);
// = mpt_wr (inv_seen_reg is set only in S_INV), from two flops
assign m_mpt_valid = inv_seen_reg && inv_ok_reg;
`ifndef SYNTHESIS
always @(posedge clk)
    if (!rst && m_mpt_valid != mpt_wr)
        $error("rnic_resp: m_mpt_valid disagrees with S_INV's write");
`endif
assign m_mpt_index = {{(24-LOG_MRS){1'b0}}, h_rkey_reg[KT +: LOG_MRS]};
assign m_mpt_data = mpt_wd_reg;
assign m_mw_ev_valid = inv_ev_reg;
assign m_mw_ev = {32'd0, `RNIC_HW_EVENT_MW_INVAL, h_rkey_reg[23:0]};

endmodule

`default_nettype wire
