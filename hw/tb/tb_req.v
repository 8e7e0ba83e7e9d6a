// tb_req: rnic_req with behavioural models around it: a WQE source that
// keeps every WQE posted and, as rnic_wqe_fetch does, fetches a QP's WQEs
// again from the index a rewind (m_rw_*) names, dropping the QP's WQEs
// queued before it; a DMA read port answering from a TB memory with 125
// cycles of latency and up to 8 requests in flight, a header-bus + payload
// sink that checks every header field of every packet (AtomicETH included)
// and every payload byte, an ACK/NAK/READ RESPONSE/ATOMIC ACKNOWLEDGE
// source, a DMA write port that
// places READ response data and atomic original data in a second TB memory
// (checking that every byte it writes lies in an SGE of the READ or atomic
// under test; the whole memory is compared with the expected image after each
// READ and atomic test), and a CQE sink that checks every CQE field against
// the expected completion order (and, for a successful READ or atomic, that
// every DMA write request of its data was accepted before the CQE was
// offered; for a UC or UD WQE, that all its headers had been taken and all
// its gather data had arrived from the DMA read port).
// SEND_INV: SEND FIRST/MIDDLE as for a SEND, then SEND LAST/ONLY with
// Invalidate (RC 0x16/0x17, UC 0x36/0x37) with the key unswapped in hdr_imm
// (QPs 38-39); on UD (QP 40) LOC_QP_OP_ERR.
// XRC: QPs 41-42 are XRC_SEND (XRC initiators): RC in every respect but the
// transport bits (0xA0 + the RC code, e.g. SEND ONLY 0xA4, WRITE FIRST 0xA6,
// READ REQUEST 0xAC, FETCH ADD 0xB4) and the XRCETH on every request packet
// (hdr_deth_sqpn = the WQE's dest_qpn, the remote XRC SRQ); they complete
// on XRC responses fed on the ACK input (ACK 0xB1, READ RESPONSE
// 0xAD..0xB0, ATOMIC ACK 0xB2).
// QPs 3-18 are RC; QPs 20-23 UC (UC opcodes, no AckReq, completion without
// ACKs, READ/atomics refused); QPs 24-25 UD (SEND ONLY with DETH, address
// vector and Q_Key from the WQE, length and opcode errors); QPs 26-27 RC
// FENCE ordering behind a READ and an atomic, checked with a cycle counter.
// QP error events: every WQE whose CQE reports an error other than
// WR_FLUSH_ERR on a QP in RTS moves the QP to error; the DUT must pulse
// m_err_w (the WQE stage found the error: nothing was sent) or m_err_c (a
// NAK or a bad READ response for a sent WQE) exactly once for it, and
// nothing while the QP stays in error; the per-QP pulse counts are compared
// with the expected ones after every wait for CQEs (a QP not in RTS gets
// LOC_QP_OP_ERR without a pulse). QPs 28-29: s_fatal_* sets QP 28's error
// flag (no pulse): its WQEs are flushed without a packet, a DMA read or a
// pulse while QP 29 keeps sending; QP 30: a NAK after s_fatal, no pulse.
// Go-back-N (QPs 9, 10, 14 and 43-51): a retransmission is expected as
// copies of the messages sent before (re_expect), the rewound head from the
// restart PSN on (SEND / WRITE: MIDDLE / LAST from that byte of the gather
// list; READ: RETH va + skip, length - skip); every packet sent again must
// also equal, header field by field and payload hash, the packet first sent
// with its PSN. PSN sequence NAKs mid-message (QP 43, with NAKs ignored
// before progress), READ responses past the next expected one and ACKs past
// a READ or atomic whose response was lost (QPs 9, 10, 14, 48), RNR NAKs
// and their retry limits (QPs 44, 45, 46, 51), local ACK timeouts and their
// retry limit (QPs 47, 49), a rewind that drops a waiting READ and queued
// WQEs (QP 48), and a QPC write to ERR with entries outstanding (QP 50); the
// rewinds, stat_retrans, stat_retrans_pkt, stat_timeout and stat_retry_exc
// pulses are counted exactly.
// The sequence (initial block and its tasks) drives inputs with blocking
// assignments at the falling edge (Verilator 5.006 runs non-blocking
// assignments in initial blocks as blocking ones); the models in always
// blocks use non-blocking assignments at the rising edge.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_req;

localparam DATA_W = 512;
localparam KEEP_W = DATA_W / 8;
localparam TAG_W = 8;
localparam MEM_BYTES = 32'h30000;              // the registered region
localparam [63:0] MR_VA = 64'h00007f0000001000; // its first virtual address
localparam [63:0] MR_IOVA = 64'h0000000400000000;
localparam [31:0] LKEY = (32'd1 << 8) | 32'h21; // key index 1, tag 0x21
localparam [31:0] LKEY_PD6 = (32'd2 << 8) | 32'h33; // a region of another PD
localparam [31:0] LKEY_RO = (32'd4 << 8) | 32'h66;  // the first region again, without LOCAL_WRITE
// READ destinations: a second region, only ever written by the DUT's DMA write port
localparam WMEM_BYTES = 32'h8000;
localparam [63:0] WR_VA = 64'h00007f0000200000;
localparam [63:0] WR_IOVA = 64'h0000000500000000;
localparam [31:0] LKEY_W = (32'd3 << 8) | 32'h5a;   // key index 3, tag 0x5a, LOCAL_WRITE
localparam RSRC_BYTES = 32768;                       // READ response payload source
localparam DMA_LAT = 125;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;
integer cycle = 0;
always @(posedge clk) cycle <= cycle + 1;

reg                         ctx_wr_valid = 1'b0;
reg  [7:0]                  ctx_wr_table = 8'd0;
reg  [23:0]                 ctx_wr_index = 24'd0;
reg  [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data = 0;
reg  [DATA_W-1:0]           s_wqe_tdata = 0;
reg                         s_wqe_tlast = 1'b0;
reg                         s_wqe_tvalid = 1'b0;
wire                        s_wqe_tready;
reg  [23:0]                 s_wqe_qpn = 24'd0;
reg  [15:0]                 s_wqe_index = 16'd0;
wire [63:0]                 rd_req_addr;
wire [15:0]                 rd_req_len;
wire [TAG_W-1:0]            rd_req_tag;
wire                        rd_req_valid;
reg                         rd_req_ready = 1'b0;
reg  [DATA_W-1:0]           rd_tdata = 0;
reg  [KEEP_W-1:0]           rd_tkeep = 0;
reg                         rd_tlast = 1'b0;
reg                         rd_tvalid = 1'b0;
wire                        rd_tready;
reg  [TAG_W-1:0]            rd_tuser = 0;
wire [7:0]    hdr_opcode;
wire          hdr_se;
wire          hdr_mig;
wire          hdr_ackreq;
wire [15:0]   hdr_pkey;
wire [23:0]   hdr_dqpn;
wire [23:0]   hdr_psn;
wire [47:0]   hdr_dmac;
wire [31:0]   hdr_dip;
wire [15:0]   hdr_ip_id;
wire [7:0]    hdr_ttl;
wire [7:0]    hdr_tos;
wire [15:0]   hdr_sport;
wire [63:0]   hdr_reth_va;
wire [31:0]   hdr_reth_rkey;
wire [31:0]   hdr_reth_len;
wire [31:0]   hdr_aeth;
wire [31:0]   hdr_imm;
wire [31:0]   hdr_deth_qkey;
wire [23:0]   hdr_deth_sqpn;
wire [63:0]   hdr_atomic_va;
wire [31:0]   hdr_atomic_rkey;
wire [63:0]   hdr_atomic_swap;
wire [63:0]   hdr_atomic_cmp;
wire [63:0]   hdr_atomic_ack;
wire [12:0]   hdr_len;
wire                        hdr_valid;
reg                         hdr_ready = 1'b0;
wire [DATA_W-1:0]           pl_tdata;
wire [KEEP_W-1:0]           pl_tkeep;
wire                        pl_tlast;
wire                        pl_tvalid;
reg                         pl_tready = 1'b0;
reg  [7:0]                  ack_opcode = 8'd0;
reg  [23:0]                 ack_dqpn = 24'd0;
reg  [23:0]                 ack_psn = 24'd0;
reg  [31:0]                 ack_aeth = 32'd0;
reg  [63:0]                 ack_atomic_ack = 64'h0badc0de0badc0de;   // only valid on an ATOMIC ACKNOWLEDGE
reg  [12:0]                 ack_len = 13'd0;
reg                         ack_valid = 1'b0;
wire                        ack_ready;
reg  [DATA_W-1:0]           ack_pl_tdata = 0;
reg  [KEEP_W-1:0]           ack_pl_tkeep = 0;
reg                         ack_pl_tlast = 1'b0;
reg                         ack_pl_tvalid = 1'b0;
wire                        ack_pl_tready;
wire                        cqe_valid;
reg                         cqe_ready = 1'b0;
wire [23:0]                 cqe_cqn;
wire [`RNIC_CQE_BITS-1:0]   cqe_data;
wire                        stat_ack_drop, stat_nak_seq, stat_nak_rnr;
wire                        stat_retrans, stat_retrans_pkt, stat_timeout, stat_retry_exc;
wire                        init_done;        // the tables' reset sweep is over
wire                        rw_valid, timer_busy;
reg                         rw_ready = 1'b0;
wire [23:0]                 rw_qpn;
wire [15:0]                 rw_index;
wire [63:0]                 wr_req_addr;
wire [15:0]                 wr_req_len;
wire                        wr_req_valid;
reg                         wr_req_ready = 1'b0;
wire [DATA_W-1:0]           wr_tdata;
wire [KEEP_W-1:0]           wr_tkeep;
wire                        wr_tlast;
wire                        wr_tvalid;
reg                         wr_tready = 1'b0;
reg                         wr_done = 1'b0;
reg                         s_fatal_valid = 1'b0;
reg  [23:0]                 s_fatal_qpn = 24'd0;
wire                        err_c_valid, err_w_valid;
wire [23:0]                 err_c_qpn, err_w_qpn;
wire                        mpt_valid;
wire                        mpt_ready;
wire [23:0]                 mpt_index;
wire [32*`RNIC_CTX_WORDS-1:0] mpt_data;
wire                        mw_ev_valid;
wire [63:0]                 mw_ev;            // {data word, hw_event, number}

// The key-table bus as rnic_top builds it: the firmware's context writes
// (ctx_wr_*, driven by the sequence) and, in a cycle the firmware port does
// not use, the DUT's own key-table write (m_mpt_*, table MPT), so the DUT's
// shadow sees its BIND_MW / LOCAL_INV entries the cycle they are taken.
// m_mpt_ready also stays low for the first mpt_hold_n cycles of every write
// (mpt_vc counts the cycles the current write has been offered).
integer mpt_hold_n = 0;
integer mpt_vc = 0;
assign  mpt_ready = !ctx_wr_valid && mpt_vc >= mpt_hold_n;
wire    kx_wr_valid = ctx_wr_valid || (mpt_valid && mpt_ready);
wire [7:0]  kx_wr_table = ctx_wr_valid ? ctx_wr_table : `RNIC_CTX_TABLE_MPT;
wire [23:0] kx_wr_index = ctx_wr_valid ? ctx_wr_index : mpt_index;
wire [32*`RNIC_CTX_WORDS-1:0] kx_wr_data = ctx_wr_valid ? ctx_wr_data : mpt_data;

rnic_req #(.DATA_W(DATA_W), .TAG_W(TAG_W)) dut (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(kx_wr_valid), .ctx_wr_table(kx_wr_table), .ctx_wr_index(kx_wr_index), .ctx_wr_data(kx_wr_data),
    .s_wqe_tdata(s_wqe_tdata), .s_wqe_tkeep({KEEP_W{1'b1}}), .s_wqe_tlast(s_wqe_tlast), .s_wqe_tvalid(s_wqe_tvalid),
    .s_wqe_tready(s_wqe_tready), .s_wqe_qpn(s_wqe_qpn), .s_wqe_index(s_wqe_index),
    .m_rd_req_addr(rd_req_addr), .m_rd_req_len(rd_req_len), .m_rd_req_tag(rd_req_tag), .m_rd_req_valid(rd_req_valid),
    .m_rd_req_ready(rd_req_ready),
    .s_rd_tdata(rd_tdata), .s_rd_tkeep(rd_tkeep), .s_rd_tlast(rd_tlast), .s_rd_tvalid(rd_tvalid), .s_rd_tready(rd_tready),
    .s_rd_tuser(rd_tuser),
    .m_wr_req_addr(wr_req_addr), .m_wr_req_len(wr_req_len), .m_wr_req_valid(wr_req_valid),
    .m_wr_req_ready(wr_req_ready),
    .m_wr_tdata(wr_tdata), .m_wr_tkeep(wr_tkeep), .m_wr_tlast(wr_tlast), .m_wr_tvalid(wr_tvalid),
    .m_wr_tready(wr_tready), .s_wr_done(wr_done),
    .s_fatal_valid(s_fatal_valid), .s_fatal_qpn(s_fatal_qpn),
    .m_err_c_valid(err_c_valid), .m_err_c_qpn(err_c_qpn), .m_err_w_valid(err_w_valid), .m_err_w_qpn(err_w_qpn),
    .m_mpt_valid(mpt_valid), .m_mpt_ready(mpt_ready), .m_mpt_index(mpt_index), .m_mpt_data(mpt_data),
    .m_mw_ev_valid(mw_ev_valid), .m_mw_ev(mw_ev),
    .m_rw_valid(rw_valid), .m_rw_ready(rw_ready), .m_rw_qpn(rw_qpn), .m_rw_index(rw_index), .timer_busy(timer_busy),
    .timer_skip_ok(), .tick_turbo(1'b0),                                 // real ticks: the timer tests count cycles
    .m_hdr_opcode(hdr_opcode),
    .m_hdr_se(hdr_se),
    .m_hdr_mig(hdr_mig),
    .m_hdr_ackreq(hdr_ackreq),
    .m_hdr_pkey(hdr_pkey),
    .m_hdr_dqpn(hdr_dqpn),
    .m_hdr_psn(hdr_psn),
    .m_hdr_dmac(hdr_dmac),
    .m_hdr_dip(hdr_dip),
    .m_hdr_ip_id(hdr_ip_id),
    .m_hdr_ttl(hdr_ttl),
    .m_hdr_tos(hdr_tos),
    .m_hdr_sport(hdr_sport),
    .m_hdr_reth_va(hdr_reth_va),
    .m_hdr_reth_rkey(hdr_reth_rkey),
    .m_hdr_reth_len(hdr_reth_len),
    .m_hdr_aeth(hdr_aeth),
    .m_hdr_imm(hdr_imm),
    .m_hdr_deth_qkey(hdr_deth_qkey),
    .m_hdr_deth_sqpn(hdr_deth_sqpn),
    .m_hdr_atomic_va(hdr_atomic_va),
    .m_hdr_atomic_rkey(hdr_atomic_rkey),
    .m_hdr_atomic_swap(hdr_atomic_swap),
    .m_hdr_atomic_cmp(hdr_atomic_cmp),
    .m_hdr_atomic_ack(hdr_atomic_ack),
    .m_hdr_len(hdr_len),
    .m_hdr_valid(hdr_valid), .m_hdr_ready(hdr_ready),
    .m_axis_pl_tdata(pl_tdata), .m_axis_pl_tkeep(pl_tkeep), .m_axis_pl_tlast(pl_tlast), .m_axis_pl_tvalid(pl_tvalid),
    .m_axis_pl_tready(pl_tready),
    .s_ack_opcode(ack_opcode), .s_ack_dqpn(ack_dqpn), .s_ack_psn(ack_psn), .s_ack_aeth(ack_aeth),
    .s_ack_atomic_ack(ack_atomic_ack), .s_ack_len(ack_len),
    .s_ack_valid(ack_valid), .s_ack_ready(ack_ready),
    .s_ack_pl_tdata(ack_pl_tdata), .s_ack_pl_tkeep(ack_pl_tkeep), .s_ack_pl_tlast(ack_pl_tlast),
    .s_ack_pl_tvalid(ack_pl_tvalid), .s_ack_pl_tready(ack_pl_tready),
    .m_cqe_valid(cqe_valid), .m_cqe_ready(cqe_ready), .m_cqe_cqn(cqe_cqn), .m_cqe_data(cqe_data),
    .stat_ack_drop(stat_ack_drop), .stat_nak_seq(stat_nak_seq), .stat_nak_rnr(stat_nak_rnr),
    .stat_retrans(stat_retrans), .stat_retrans_pkt(stat_retrans_pkt), .stat_timeout(stat_timeout),
    .stat_retry_exc(stat_retry_exc),
    .init_done(init_done)
);

integer errors = 0;
integer seed = 32'h00c0ffee;
reg [31:0] rnd;             // blocking temporary for random draws (never on an NBA right-hand side)
reg     noisy = 1'b1;         // random back-pressure and gaps
integer i, j, k;

// host memory behind the region: mem[va - MR_VA] is at MR_IOVA + (va - MR_VA)
reg [7:0] mem [0:MEM_BYTES-1];
// READ destination memory (wmem[va - WR_VA] is at WR_IOVA + (va - WR_VA)), its
// expected image, and the bytes the current READs may write (their SGEs)
reg [7:0] wmem [0:WMEM_BYTES-1];
reg [7:0] wexp [0:WMEM_BYTES-1];
reg       wok [0:WMEM_BYTES-1];
reg [7:0] rsrc [0:RSRC_BYTES-1];
integer   wr_tot = 0;          // READ response bytes sent that must be written (DMA write requests)

// per-QP attributes the TB configured
reg [2:0]  qa_mtu [0:255];
reg [23:0] qa_dqpn [0:255];
reg [47:0] qa_dmac [0:255];
reg [31:0] qa_dip [0:255];
reg [15:0] qa_sport [0:255];
reg [7:0]  qa_ttl [0:255];
reg [7:0]  qa_tos [0:255];
reg [15:0] qa_pkey [0:255];
reg [23:0] qa_cqn [0:255];
reg [23:0] qa_psn [0:255];        // next PSN the requester should use
reg [15:0] qa_index [0:255];      // next WQE index
reg [3:0]  qa_type [0:255];       // RC, UC, UD or XRC_SEND
reg [31:0] qa_qkey [0:255];       // the QPC's Q_Key (UD: DETH when the WQE's has its high bit set)
reg [3:0]  qa_state [0:255];      // the state of its last QPC write
reg        qa_err [0:255];        // its error flag is up (an error CQE, or s_fatal_*)
reg [23:0] qa_pdn [0:255];
reg        qa_sigall [0:255];
// reliability (qpc dw15): local ACK timeout (2^timeout ticks, 0 none),
// retry_cnt, rnr_retry (7 forever); rel_* are those of the next QPC writes
reg [4:0]  qa_tmo [0:255];
reg [2:0]  qa_retry [0:255];
reg [2:0]  qa_rnr [0:255];
reg [4:0]  rel_tmo = 5'd0;
reg [2:0]  rel_retry = 3'd0;
reg [2:0]  rel_rnr = 3'd0;

// expected messages (in send order)
localparam MAXMSG = 256;
reg [7:0]  em_qp [0:MAXMSG-1];
reg [7:0]  em_op [0:MAXMSG-1];
reg [31:0] em_len [0:MAXMSG-1];
reg [23:0] em_psn [0:MAXMSG-1];
reg [31:0] em_imm [0:MAXMSG-1];
reg        em_se [0:MAXMSG-1];
reg [63:0] em_raddr [0:MAXMSG-1];
reg [31:0] em_rkey [0:MAXMSG-1];
reg [31:0] em_rlen [0:MAXMSG-1];   // READ: its length (em_len is 0: the request has no payload)
reg [63:0] em_cmp [0:MAXMSG-1];    // send_wqe.compare_add and .swap of the WQE (every WQE has them;
reg [63:0] em_swap [0:MAXMSG-1];   // only an atomic's request carries them)
reg [3:0]  em_type [0:MAXMSG-1];   // the QP's type when posted: RC, UC, UD or XRC_SEND
reg [23:0] em_ud_dqpn [0:MAXMSG-1]; // the WQE's UD fields (every WQE has them; only a UD
reg [47:0] em_ud_dmac [0:MAXMSG-1]; // QP's packet carries them)
reg [31:0] em_ud_dip [0:MAXMSG-1];
reg [7:0]  em_ud_ttl [0:MAXMSG-1];
reg [7:0]  em_ud_tos [0:MAXMSG-1];
reg [31:0] em_ud_qkey [0:MAXMSG-1]; // expected DETH Q_Key (the WQE's, or the QPC's when its bit 31 is set)
integer    em_hcyc [0:MAXMSG-1];   // cycle its first header first appeared on the header bus (FENCE)
integer    em_hlast [0:MAXMSG-1];  // cycle its last header was taken
// go-back-N: a message sent again is a copy of the WQE's first message
// (whose payload starts at exp_pl[em_pl0]); a rewound head skips em_skp
// packets (em_skb bytes: a SEND / WRITE goes on mid-message, a READ asks
// for the rest of its data)
reg [15:0] em_idx [0:MAXMSG-1];    // its WQE index
reg        em_inl [0:MAXMSG-1];    // inline data (no DMA read)
reg        em_copy [0:MAXMSG-1];   // a retransmission
integer    em_pl0 [0:MAXMSG-1];
integer    em_pls [0:MAXMSG-1];    // where its expected payload starts in exp_pl (the stream)
integer    em_skp [0:MAXMSG-1];
integer    em_skb [0:MAXMSG-1];
integer    em_wr = 0, em_rd = 0;

// expected payload bytes (in send order)
localparam EXP_BYTES = 1 << 19;
reg [7:0]  exp_pl [0:EXP_BYTES-1];
integer    exp_wr = 0, exp_rd = 0;

// expected CQEs (in completion order)
localparam MAXCQE = 256;
reg [23:0] ec_cqn [0:MAXCQE-1];
reg [15:0] ec_index [0:MAXCQE-1];
reg [7:0]  ec_op [0:MAXCQE-1];
reg [7:0]  ec_status [0:MAXCQE-1];
reg [23:0] ec_qpn [0:MAXCQE-1];
reg [31:0] ec_len [0:MAXCQE-1];
reg        ec_unack [0:MAXCQE-1];  // a successful UC/UD WQE: completed once its packets and data went out
integer    ec_gend [0:MAXCQE-1];   // gather bytes (all messages up to this one) that must have arrived first
integer    ec_msg [0:MAXCQE-1];    // its message number: its headers must all have been taken first
integer    ec_mpt [0:MAXCQE-1];    // key-table writes (BIND_MW, LOCAL_INV) that must have been taken first
integer    ec_wr = 0, ec_rd = 0;

integer n_ack_drop = 0, n_nak_seq = 0, n_nak_rnr = 0;
integer n_retrans = 0, n_retrans_pkt = 0, n_timeout = 0, n_retry_exc = 0;
integer tmo_cyc = 0;                 // cycle of the last stat_timeout pulse
always @(posedge clk) begin
    if (stat_ack_drop) n_ack_drop = n_ack_drop + 1;
    if (stat_nak_seq) n_nak_seq = n_nak_seq + 1;
    if (stat_nak_rnr) n_nak_rnr = n_nak_rnr + 1;
    if (!rst && stat_retrans) n_retrans = n_retrans + 1;
    if (!rst && stat_retrans_pkt) n_retrans_pkt = n_retrans_pkt + 1;
    if (!rst && stat_timeout) begin
        n_timeout = n_timeout + 1;
        tmo_cyc = cycle;
    end
    if (!rst && stat_retry_exc) n_retry_exc = n_retry_exc + 1;
end

// s_ack_* input: packets fed (UC and UD must complete without any) and the
// cycle of the last handshake on it (header or payload beat), for FENCE
integer n_ack_in = 0, ack_in_cyc = 0, ack_hdr_cyc = 0;
always @(posedge clk) begin
    if (!rst && ack_valid && ack_ready) begin
        n_ack_in = n_ack_in + 1;
        ack_in_cyc = cycle;
        ack_hdr_cyc = cycle;
    end
    if (!rst && ack_pl_tvalid && ack_pl_tready) ack_in_cyc = cycle;
end

// ---------------------------------------------------------------- QP error pulses
// m_err_c_* and m_err_w_* counted per QPN (a pulse that is not 0 or 1, or a
// QPN past the TB's QPs, fails at once); exp_errc / exp_errw: what post
// expects (see there); n_err_all: every pulse
integer n_errc [0:255], n_errw [0:255], exp_errc [0:255], exp_errw [0:255];
integer n_err_all = 0;
always @(posedge clk) begin
    if (!rst && err_c_valid !== 1'b0) begin
        n_err_all = n_err_all + 1;
        if (err_c_valid !== 1'b1 || err_c_qpn > 24'd255) begin
            $display("FAIL: m_err_c_valid %b qpn %h (cycle %0d)", err_c_valid, err_c_qpn, cycle);
            errors = errors + 1;
        end else begin
            n_errc[err_c_qpn] = n_errc[err_c_qpn] + 1;
        end
    end
    if (!rst && err_w_valid !== 1'b0) begin
        n_err_all = n_err_all + 1;
        if (err_w_valid !== 1'b1 || err_w_qpn > 24'd255) begin
            $display("FAIL: m_err_w_valid %b qpn %h (cycle %0d)", err_w_valid, err_w_qpn, cycle);
            errors = errors + 1;
        end else begin
            n_errw[err_w_qpn] = n_errw[err_w_qpn] + 1;
        end
    end
end

// every QP's pulse counts against the expected ones
task err_chk;
    integer q;
    begin
        for (q = 0; q < 256; q = q + 1)
            if (n_errc[q] != exp_errc[q] || n_errw[q] != exp_errw[q]) begin
                if (errors < 30) $display("FAIL: QP %0d: %0d m_err_c and %0d m_err_w pulses, expected %0d and %0d (cycle %0d)",
                                          q, n_errc[q], n_errw[q], exp_errc[q], exp_errw[q], cycle);
                errors = errors + 1;
            end
    end
endtask

// ---------------------------------------------------------------- memory windows
// The TB's model of the key table (what the firmware wrote, then what the
// DUT is expected to write), the key-table writes expected from the DUT
// (m_mpt_*, in order) and the hw_events expected on m_mw_ev_*. Every write
// taken is compared field by field and as a whole with the next expected
// one; a write offered and not taken must stay offered, unchanged, until it
// is taken; an event must come after its write; a write or event nobody
// expects, or a valid that is not 0 or 1, fails.
reg        kt_valid [0:1023];
reg        kt_mw [0:1023];
reg [7:0]  kt_tag [0:1023];
reg [7:0]  kt_access [0:1023];
reg [23:0] kt_pdn [0:1023];
reg [63:0] kt_start [0:1023];
reg [63:0] kt_len [0:1023];
reg [63:0] kt_iova [0:1023];
reg [23:0] kt_qpn [0:1023];

// the model's entry i in context format
function [32*`RNIC_CTX_WORDS-1:0] kt_entry(input [23:0] i);
    begin
        kt_entry = 0;
        kt_entry[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W] = kt_valid[i];
        kt_entry[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W] = kt_mw[i];
        kt_entry[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W] = kt_access[i];
        kt_entry[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W] = kt_tag[i];
        kt_entry[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W] = kt_pdn[i];
        kt_entry[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W] = kt_start[i];
        kt_entry[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W] = kt_len[i];
        kt_entry[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W] = kt_iova[i];
        kt_entry[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W] = kt_qpn[i];
    end
endfunction

localparam MAXMW = 128;
reg [23:0]   xm_idx [0:MAXMW-1];
reg [32*`RNIC_CTX_WORDS-1:0] xm_data [0:MAXMW-1];
integer      xm_wr = 0, xm_rd = 0;
reg [63:0]   xv_ev [0:MAXMW-1];
integer      xv_wr = 0, xv_rd = 0;
integer      n_mpt = 0;            // writes taken (non-blocking: a check at the same edge sees the count before)
integer      mpt_cyc = 0;          // cycle the last write was taken
integer      n_mpt_held = 0;       // cycles a write was offered and not taken
reg          mpt_held = 1'b0;      // the write offered at the last edge was not taken
reg [23:0]   mpt_hidx = 24'd0;
reg [32*`RNIC_CTX_WORDS-1:0] mpt_hdata = 0;
reg [32*`RNIC_CTX_WORDS-1:0] xmd;

// window entry w is written from the model (as it is now), then event ev
task mw_expect(input [23:0] w, input [63:0] ev);
    begin
        xm_idx[xm_wr % MAXMW] = w;
        xm_data[xm_wr % MAXMW] = kt_entry(w);
        xm_wr = xm_wr + 1;
        xv_ev[xv_wr % MAXMW] = ev;
        xv_wr = xv_wr + 1;
    end
endtask

always @(posedge clk) begin
    if (!rst) begin
        if (mpt_valid !== 1'b0 && mpt_valid !== 1'b1) begin
            $display("FAIL: m_mpt_valid is %b (cycle %0d)", mpt_valid, cycle);
            errors = errors + 1;
        end
        if (mpt_held && (mpt_valid !== 1'b1 || mpt_index !== mpt_hidx || mpt_data !== mpt_hdata)) begin
            $display("FAIL: key-table write withdrawn or changed while not taken: valid %b index %h (was %h) (cycle %0d)",
                     mpt_valid, mpt_index, mpt_hidx, cycle);
            errors = errors + 1;
        end
        mpt_held <= mpt_valid === 1'b1 && !mpt_ready;
        mpt_hidx <= mpt_index;
        mpt_hdata <= mpt_data;
        if (mpt_valid === 1'b1 && !mpt_ready) n_mpt_held = n_mpt_held + 1;
        if (mpt_valid === 1'b1 && mpt_ready) begin
            if (xm_rd >= xm_wr) begin
                $display("FAIL: unexpected key-table write: index %h valid %b mw %b tag %h qpn %h (cycle %0d)", mpt_index,
                         mpt_data[`RNIC_MPT_VALID_LSB], mpt_data[`RNIC_MPT_MW_LSB],
                         mpt_data[`RNIC_MPT_TAG_LSB +: 8], mpt_data[`RNIC_MPT_QPN_LSB +: 24], cycle);
                errors = errors + 1;
            end else begin
                xmd = xm_data[xm_rd % MAXMW];
                chk("mpt index", mpt_index, xm_idx[xm_rd % MAXMW]);
                chk("mpt valid", mpt_data[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W], xmd[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W]);
                chk("mpt mw", mpt_data[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W], xmd[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W]);
                chk("mpt access", mpt_data[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W], xmd[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W]);
                chk("mpt tag", mpt_data[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W], xmd[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W]);
                chk("mpt pdn", mpt_data[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W], xmd[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W]);
                chk("mpt start", mpt_data[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W], xmd[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W]);
                chk("mpt length", mpt_data[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W], xmd[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W]);
                chk("mpt iova", mpt_data[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W], xmd[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W]);
                chk("mpt qpn", mpt_data[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W], xmd[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W]);
                // every other bit of the entry is zero
                if (mpt_data !== xmd) begin
                    $display("FAIL: key-table write %0d is %h, expected %h", xm_rd, mpt_data, xmd);
                    errors = errors + 1;
                end
            end
            xm_rd = xm_rd + 1;
            n_mpt <= n_mpt + 1;
            mpt_cyc <= cycle;
            mpt_vc <= 0;
        end else if (mpt_valid === 1'b1) begin
            mpt_vc <= mpt_vc + 1;
        end
        if (mw_ev_valid !== 1'b0) begin
            if (mw_ev_valid !== 1'b1 || xv_rd >= xv_wr) begin
                $display("FAIL: unexpected m_mw_ev_valid %b event %h (cycle %0d)", mw_ev_valid, mw_ev, cycle);
                errors = errors + 1;
            end else begin
                chk("mw event", mw_ev, xv_ev[xv_rd % MAXMW]);
                if (xv_rd >= n_mpt) begin
                    $display("FAIL: hw_event %0d (%h) before its key-table write (cycle %0d)", xv_rd, mw_ev, cycle);
                    errors = errors + 1;
                end
            end
            xv_rd = xv_rd + 1;
        end
    end
end

// the s_fatal test: headers for QP 28's destination QP, DMA reads touching
// the window its flushed WQEs' SGEs point at (no other WQE reads there)
localparam [63:0] FATAL_VA = MR_VA + 64'h2e000;
localparam [31:0] FATAL_WIN = 32'h1000;
integer n_hdr28 = 0, n_rd_fatal = 0;
always @(posedge clk) begin
    if (!rst && hdr_valid && hdr_ready && hdr_dqpn === qa_dqpn[28]) n_hdr28 = n_hdr28 + 1;
    if (!rst && rd_req_valid && rd_req_ready && rd_req_addr < MR_IOVA + (FATAL_VA - MR_VA) + FATAL_WIN &&
        rd_req_addr + rd_req_len > MR_IOVA + (FATAL_VA - MR_VA)) begin
        $display("FAIL: DMA read %h+%0d of a flushed WQE's SGE (cycle %0d)", rd_req_addr, rd_req_len, cycle);
        n_rd_fatal = n_rd_fatal + 1;
        errors = errors + 1;
    end
end

// ---------------------------------------------------------------- contexts
task ctx_write(input [7:0] table_id, input [23:0] index, input [32*`RNIC_CTX_WORDS-1:0] data);
    begin
        @(negedge clk);
        ctx_wr_valid = 1'b1; ctx_wr_table = table_id; ctx_wr_index = index; ctx_wr_data = data;
        @(negedge clk);
        ctx_wr_valid = 1'b0;
    end
endtask

// an RC QP (its Q_Key is set too: an RC packet must not carry it)
task qp_setup(input [7:0] qpn, input [3:0] state, input [2:0] mtu, input [23:0] pdn, input [23:0] cqn,
              input [23:0] psn, input sig_all);
    begin
        qp_setup_t(qpn, `RNIC_QP_TYPE_RC, state, mtu, pdn, cqn, psn, sig_all, 32'h0e000000 | {24'd0, qpn});
    end
endtask

task qp_setup_t(input [7:0] qpn, input [3:0] qtype, input [3:0] state, input [2:0] mtu, input [23:0] pdn,
                input [23:0] cqn, input [23:0] psn, input sig_all, input [31:0] qkey);
    begin
        qa_type[qpn] = qtype;
        qa_qkey[qpn] = qkey;
        qa_mtu[qpn] = mtu;
        qa_dqpn[qpn] = 24'h100000 + qpn * 24'h111;
        qa_dmac[qpn] = {40'h02_11_22_33_44, qpn};
        qa_dip[qpn] = {24'hc0a801, qpn};
        qa_sport[qpn] = 16'hc000 + qpn;
        qa_ttl[qpn] = 8'd64 - qpn;
        qa_tos[qpn] = 8'h20 + qpn;
        qa_pkey[qpn] = 16'hffff - qpn;
        qa_cqn[qpn] = cqn;
        qa_psn[qpn] = psn;
        qa_index[qpn] = 16'd0;
        qa_pdn[qpn] = pdn;
        qa_sigall[qpn] = sig_all;
        qa_tmo[qpn] = rel_tmo;
        qa_retry[qpn] = rel_retry;
        qa_rnr[qpn] = rel_rnr;
        if (state == `RNIC_QP_STATE_RESET || state == `RNIC_QP_STATE_INIT)
            sig_forget(qpn);                          // its PSNs start over
        qp_write(qpn, state);
    end
endtask

// the QPC of qpn from the TB's attributes, in state state (the WQE index
// and the PSN stay the TB's)
task qp_write(input [7:0] qpn, input [3:0] state);
    reg [32*`RNIC_CTX_WORDS-1:0] c;
    begin
        c = 0;
        qa_state[qpn] = state;
        if (state == `RNIC_QP_STATE_RESET || state == `RNIC_QP_STATE_INIT)
            qa_err[qpn] = 1'b0;                       // a reset clears the error flag
        c[`RNIC_QPC_TIMEOUT_LSB +: `RNIC_QPC_TIMEOUT_W] = qa_tmo[qpn];
        c[`RNIC_QPC_RETRY_CNT_LSB +: `RNIC_QPC_RETRY_CNT_W] = qa_retry[qpn];
        c[`RNIC_QPC_RNR_RETRY_LSB +: `RNIC_QPC_RNR_RETRY_W] = qa_rnr[qpn];
        c[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] = state;
        c[`RNIC_QPC_TYPE_LSB +: `RNIC_QPC_TYPE_W] = qa_type[qpn];
        c[`RNIC_QPC_QKEY_LSB +: `RNIC_QPC_QKEY_W] = qa_qkey[qpn];
        c[`RNIC_QPC_PATH_MTU_LSB +: `RNIC_QPC_PATH_MTU_W] = qa_mtu[qpn];
        c[`RNIC_QPC_SQ_SIG_ALL_LSB] = qa_sigall[qpn];
        c[`RNIC_QPC_PDN_LSB +: `RNIC_QPC_PDN_W] = qa_pdn[qpn];
        c[`RNIC_QPC_DEST_QPN_LSB +: `RNIC_QPC_DEST_QPN_W] = qa_dqpn[qpn];
        c[`RNIC_QPC_SEND_CQN_LSB +: `RNIC_QPC_SEND_CQN_W] = qa_cqn[qpn];
        c[`RNIC_QPC_RECV_CQN_LSB +: `RNIC_QPC_RECV_CQN_W] = qa_cqn[qpn] + 24'd1;
        c[`RNIC_QPC_SQ_PSN_LSB +: `RNIC_QPC_SQ_PSN_W] = qa_psn[qpn];
        c[`RNIC_QPC_RQ_PSN_LSB +: `RNIC_QPC_RQ_PSN_W] = 24'h555555;
        c[`RNIC_QPC_DMAC_LO_LSB +: `RNIC_QPC_DMAC_LO_W] = qa_dmac[qpn][31:0];
        c[`RNIC_QPC_DMAC_HI_LSB +: `RNIC_QPC_DMAC_HI_W] = qa_dmac[qpn][47:32];
        c[`RNIC_QPC_UDP_SPORT_LSB +: `RNIC_QPC_UDP_SPORT_W] = qa_sport[qpn];
        c[`RNIC_QPC_DIP_LSB +: `RNIC_QPC_DIP_W] = qa_dip[qpn];
        c[`RNIC_QPC_HOP_LIMIT_LSB +: `RNIC_QPC_HOP_LIMIT_W] = qa_ttl[qpn];
        c[`RNIC_QPC_TRAFFIC_CLASS_LSB +: `RNIC_QPC_TRAFFIC_CLASS_W] = qa_tos[qpn];
        c[`RNIC_QPC_PKEY_LSB +: `RNIC_QPC_PKEY_W] = qa_pkey[qpn];
        ctx_write(`RNIC_CTX_TABLE_QPC, {16'd0, qpn}, c);
    end
endtask

task mr_setup(input [31:0] key, input [23:0] pdn, input [63:0] start, input [63:0] len, input [63:0] iova,
              input [7:0] access);
    begin
        key_setup(key, pdn, 1'b1, 1'b0, access, start, len, iova, 24'd0);
    end
endtask

// a firmware write of key entry key >> 8 (tag key[7:0]), kept in the model:
// a region (mw 0), or a window (mw 1: unbound as ALLOC_MW writes it, or
// bound to qpn)
task key_setup(input [31:0] key, input [23:0] pdn, input valid, input mw, input [7:0] access, input [63:0] start,
               input [63:0] len, input [63:0] iova, input [23:0] qpn);
    reg [23:0] i;
    begin
        i = key >> 8;
        kt_valid[i] = valid; kt_mw[i] = mw; kt_tag[i] = key[7:0]; kt_access[i] = access; kt_pdn[i] = pdn;
        kt_start[i] = start; kt_len[i] = len; kt_iova[i] = iova; kt_qpn[i] = qpn;
        ctx_write(`RNIC_CTX_TABLE_MPT, i, kt_entry(i));
    end
endtask

// ---------------------------------------------------------------- WQE store and queue
// (see the WQE source model below post)
localparam WS_N = 1024;                // WQEs kept
localparam WS_QB = 6;                  // log2 of the WQE indices per QP a rewind may go back over
localparam FQ = 256;                   // queue entries
reg [4095:0] ws_wqe [0:WS_N-1];
reg [7:0]    ws_qp [0:WS_N-1];
reg [15:0]   ws_idx [0:WS_N-1];
integer      ws_wr = 0;
integer      ws_slot [0:(256 << WS_QB)-1];
reg [7:0]    fq_qp [0:FQ-1];
reg [15:0]   fq_idx [0:FQ-1];
reg          fq_dead [0:FQ-1];
integer      fq_wr = 0, fq_rd = 0, fq_beat = 0;
reg          rw_block = 1'b0;
reg          post_async = 1'b0;        // post returns once its WQE is queued
// rewinds taken: count, and the last LOGRW of them {QPN, index, cycle}
localparam LOGRW = 64;
integer      n_rw = 0, exp_rw = 0;
reg [23:0]   rwl_qp [0:LOGRW-1];
reg [15:0]   rwl_idx [0:LOGRW-1];
integer      rwl_cyc [0:LOGRW-1];
reg          rw_held = 1'b0;
reg [23:0]   rw_hqpn = 24'd0;
reg [15:0]   rw_hidx = 16'd0;

// ---------------------------------------------------------------- WQE posts
// SGE list for the next post
reg [63:0] sg_va [0:15];
reg [31:0] sg_len [0:15];
reg [31:0] sg_key [0:15];
reg [7:0]  inl [0:255];
// compare_add and swap of the next posts (non-zero for every opcode, so the
// header sink sees that only atomics send them)
reg [63:0] at_cmp = 64'ha5a5a5a5c3c3c3c3;
reg [63:0] at_swap = 64'h5a5a5a5a3c3c3c3c;
// UD destination QP, Q_Key and address vector of the next posts (non-zero
// and unlike every QPC's values for every QP type, so the header sink sees
// that only a UD QP's packets use them, and use them rather than the QPC's)
reg [23:0] ud_dqpn = 24'h0abcde;
reg [31:0] ud_qkey = 32'h13579bdf;
reg [31:0] ud_dip = 32'h0a010203;
reg [47:0] ud_dmac = 48'h06aabbccddee;
reg [7:0]  ud_ttl = 8'd201;
reg [7:0]  ud_tos = 8'hb8;
integer    g_exp = 0;                 // bytes the gatherer must read (sum over the messages sent)

// post one WQE on qpn; exp_status is its expected completion status,
// exp_sent whether its packets go out, sig its SIGNALED flag
task post(input [7:0] qpn, input [7:0] op, input [7:0] flags, input integer nsge, input [31:0] len,
          input [31:0] imm, input [63:0] raddr, input [31:0] rkey,
          input [7:0] exp_status, input exp_sent, input exp_cqe);
    reg [4095:0] w;
    reg [15:0] idx;
    reg atom;
    integer b, npk, mtu;
    begin
        atom = op == `RNIC_WQE_OP_ATOMIC_CS || op == `RNIC_WQE_OP_ATOMIC_FA;
        w = 0;
        idx = qa_index[qpn];
        qa_index[qpn] = idx + 16'd1;
        w[`RNIC_SEND_WQE_OPCODE_LSB +: `RNIC_SEND_WQE_OPCODE_W] = op;
        w[`RNIC_SEND_WQE_FLAGS_LSB +: `RNIC_SEND_WQE_FLAGS_W] = flags;
        w[`RNIC_SEND_WQE_NUM_SGE_LSB +: `RNIC_SEND_WQE_NUM_SGE_W] = nsge;
        w[`RNIC_SEND_WQE_WQE_INDEX_LSB +: `RNIC_SEND_WQE_WQE_INDEX_W] = idx;
        w[`RNIC_SEND_WQE_IMM_LSB +: `RNIC_SEND_WQE_IMM_W] = imm;
        w[`RNIC_SEND_WQE_LENGTH_LSB +: `RNIC_SEND_WQE_LENGTH_W] = len;
        w[`RNIC_SEND_WQE_REMOTE_ADDR_LSB +: `RNIC_SEND_WQE_REMOTE_ADDR_W] = raddr;
        w[`RNIC_SEND_WQE_RKEY_LSB +: `RNIC_SEND_WQE_RKEY_W] = rkey;
        w[`RNIC_SEND_WQE_COMPARE_ADD_LSB +: `RNIC_SEND_WQE_COMPARE_ADD_W] = at_cmp;
        w[`RNIC_SEND_WQE_SWAP_LSB +: `RNIC_SEND_WQE_SWAP_W] = at_swap;
        w[`RNIC_SEND_WQE_DEST_QPN_LSB +: `RNIC_SEND_WQE_DEST_QPN_W] = ud_dqpn;
        w[`RNIC_SEND_WQE_QKEY_LSB +: `RNIC_SEND_WQE_QKEY_W] = ud_qkey;
        w[`RNIC_SEND_WQE_AH_DIP_LSB +: `RNIC_SEND_WQE_AH_DIP_W] = ud_dip;
        w[`RNIC_SEND_WQE_AH_DMAC_LO_LSB +: `RNIC_SEND_WQE_AH_DMAC_LO_W] = ud_dmac[31:0];
        w[`RNIC_SEND_WQE_AH_DMAC_HI_LSB +: `RNIC_SEND_WQE_AH_DMAC_HI_W] = ud_dmac[47:32];
        w[`RNIC_SEND_WQE_AH_HOP_LIMIT_LSB +: `RNIC_SEND_WQE_AH_HOP_LIMIT_W] = ud_ttl;
        w[`RNIC_SEND_WQE_AH_TCLASS_LSB +: `RNIC_SEND_WQE_AH_TCLASS_W] = ud_tos;
        if (flags & `RNIC_WQE_FLAG_INLINE) begin
            for (b = 0; b < len; b = b + 1)
                w[512 + b*8 +: 8] = inl[b];
        end else begin
            for (b = 0; b < nsge; b = b + 1) begin
                w[512 + b*128 + `RNIC_DATA_SEG_ADDR_LSB +: `RNIC_DATA_SEG_ADDR_W] = sg_va[b];
                w[512 + b*128 + `RNIC_DATA_SEG_LENGTH_LSB +: `RNIC_DATA_SEG_LENGTH_W] = sg_len[b];
                w[512 + b*128 + `RNIC_DATA_SEG_LKEY_LSB +: `RNIC_DATA_SEG_LKEY_W] = sg_key[b];
            end
        end
        // expectations
        // an error other than WR_FLUSH_ERR moves a QP in RTS to error: one
        // pulse, m_err_c when the WQE was sent (NAK, bad READ response),
        // m_err_w when the WQE stage refused it; a QP not in RTS gets
        // LOC_QP_OP_ERR without its error flag going up
        // (a QP in error flushes every WQE: any other status is a TB slip)
        if (exp_status != `RNIC_WC_STATUS_WR_FLUSH_ERR && qa_err[qpn]) begin
            $display("FAIL: TB: status %h expected on QP %0d in error", exp_status, qpn);
            errors = errors + 1;
        end
        if (exp_status != `RNIC_WC_STATUS_SUCCESS && exp_status != `RNIC_WC_STATUS_WR_FLUSH_ERR &&
            (qa_state[qpn] == `RNIC_QP_STATE_RTS || qa_state[qpn] == `RNIC_QP_STATE_SQD) && !qa_err[qpn]) begin
            qa_err[qpn] = 1'b1;
            if (exp_sent) exp_errc[qpn] = exp_errc[qpn] + 1;
            else exp_errw[qpn] = exp_errw[qpn] + 1;
        end
        if (exp_sent) begin
            // a READ is one request packet but uses n PSNs, one per response;
            // an atomic is one packet without payload and uses one PSN
            mtu = 256 << (qa_mtu[qpn] - 1);
            npk = (len == 0 || atom) ? 1 : (len + mtu - 1) / mtu;
            em_qp[em_wr % MAXMSG] = qpn; em_op[em_wr % MAXMSG] = op;
            em_len[em_wr % MAXMSG] = (op == `RNIC_WQE_OP_RDMA_READ || atom) ? 0 : len;
            em_rlen[em_wr % MAXMSG] = len;
            em_psn[em_wr % MAXMSG] = qa_psn[qpn]; em_imm[em_wr % MAXMSG] = imm;
            em_se[em_wr % MAXMSG] = (flags & `RNIC_WQE_FLAG_SOLICITED) != 0 && op != `RNIC_WQE_OP_RDMA_READ && !atom;
            em_raddr[em_wr % MAXMSG] = raddr; em_rkey[em_wr % MAXMSG] = rkey;
            em_cmp[em_wr % MAXMSG] = at_cmp; em_swap[em_wr % MAXMSG] = at_swap;
            em_type[em_wr % MAXMSG] = qa_type[qpn];
            em_ud_dqpn[em_wr % MAXMSG] = ud_dqpn; em_ud_dmac[em_wr % MAXMSG] = ud_dmac;
            em_ud_dip[em_wr % MAXMSG] = ud_dip; em_ud_ttl[em_wr % MAXMSG] = ud_ttl;
            em_ud_tos[em_wr % MAXMSG] = ud_tos;
            em_ud_qkey[em_wr % MAXMSG] = ud_qkey[31] ? qa_qkey[qpn] : ud_qkey;
            em_hcyc[em_wr % MAXMSG] = -1;
            em_hlast[em_wr % MAXMSG] = -1;
            em_idx[em_wr % MAXMSG] = idx;
            em_inl[em_wr % MAXMSG] = (flags & `RNIC_WQE_FLAG_INLINE) != 0;
            em_copy[em_wr % MAXMSG] = 1'b0;
            em_pl0[em_wr % MAXMSG] = exp_wr;
            em_pls[em_wr % MAXMSG] = exp_wr;
            em_skp[em_wr % MAXMSG] = 0;
            em_skb[em_wr % MAXMSG] = 0;
            em_wr = em_wr + 1;
            qa_psn[qpn] = qa_psn[qpn] + npk;
            if (flags & `RNIC_WQE_FLAG_INLINE) begin
                for (b = 0; b < len; b = b + 1) begin
                    exp_pl[exp_wr % EXP_BYTES] = inl[b]; exp_wr = exp_wr + 1;
                end
            end else if (op != `RNIC_WQE_OP_RDMA_READ && !atom) begin
                for (j = 0; j < nsge; j = j + 1)
                    for (b = 0; b < sg_len[j]; b = b + 1) begin
                        exp_pl[exp_wr % EXP_BYTES] = mem[sg_va[j] - MR_VA + b]; exp_wr = exp_wr + 1;
                        g_exp = g_exp + 1;
                    end
            end
        end
        if (exp_cqe) begin
            ec_cqn[ec_wr % MAXCQE] = qa_cqn[qpn]; ec_index[ec_wr % MAXCQE] = idx;
            ec_op[ec_wr % MAXCQE] = (op == `RNIC_WQE_OP_RDMA_WRITE || op == `RNIC_WQE_OP_RDMA_WRITE_IMM) ?
                                    `RNIC_CQE_OP_REQ_RDMA_WRITE :
                                    (op == `RNIC_WQE_OP_RDMA_READ) ? `RNIC_CQE_OP_REQ_RDMA_READ :
                                    (op == `RNIC_WQE_OP_ATOMIC_CS) ? `RNIC_CQE_OP_REQ_ATOMIC_CS :
                                    (op == `RNIC_WQE_OP_ATOMIC_FA) ? `RNIC_CQE_OP_REQ_ATOMIC_FA :
                                    (op == `RNIC_WQE_OP_LOCAL_INV) ? `RNIC_CQE_OP_REQ_LOCAL_INV :
                                    (op == `RNIC_WQE_OP_BIND_MW) ? `RNIC_CQE_OP_REQ_BIND_MW :
                                    (op == `RNIC_WQE_OP_TSO) ? `RNIC_CQE_OP_REQ_TSO : `RNIC_CQE_OP_REQ_SEND;
            ec_status[ec_wr % MAXCQE] = exp_status; ec_qpn[ec_wr % MAXCQE] = qpn; ec_len[ec_wr % MAXCQE] = len;
            ec_unack[ec_wr % MAXCQE] = qa_type[qpn] != `RNIC_QP_TYPE_RC && qa_type[qpn] != `RNIC_QP_TYPE_XRC_SEND &&
                                       exp_sent && exp_status == `RNIC_WC_STATUS_SUCCESS;
            ec_gend[ec_wr % MAXCQE] = g_exp;
            ec_msg[ec_wr % MAXCQE] = em_wr - 1;
            ec_mpt[ec_wr % MAXCQE] = xm_wr;
            ec_wr = ec_wr + 1;
        end
        // keep a copy (a rewind fetches it again), queue it for the WQE
        // source and wait until it was handed over (or dropped by a rewind
        // of its QP, which queues it again)
        ws_wqe[ws_wr % WS_N] = w; ws_qp[ws_wr % WS_N] = qpn; ws_idx[ws_wr % WS_N] = idx;
        ws_slot[{qpn, idx[WS_QB-1:0]}] = ws_wr % WS_N;
        ws_wr = ws_wr + 1;
        b = fq_wr;
        fq_qp[fq_wr % FQ] = qpn; fq_idx[fq_wr % FQ] = idx; fq_dead[fq_wr % FQ] = 1'b0;
        fq_wr = fq_wr + 1;
        @(negedge clk);
        if (!post_async)
            while (fq_rd <= b) @(negedge clk);
    end
endtask

// every queued WQE was handed over (or dropped by a rewind)
task post_wait;
    begin
        while (fq_rd != fq_wr) @(negedge clk);
    end
endtask

// ---------------------------------------------------------------- WQE source (rnic_wqe_fetch model)
// post keeps every WQE it builds (the last WS_N, found by QP and index mod
// 2^WS_QB) and queues it; this model hands the queued WQEs over in queue
// order, one stride of 8 beats each, valid held until taken. A rewind
// (m_rw_*, taken when rw_ready: low at random cycles when noisy, and while
// rw_block is set) moves the QP's fetch index back as rnic_wqe_fetch does:
// the QP's queued WQEs not yet handed over are stale and dropped (one being
// offered, none of whose beats was taken, is withdrawn), and the QP's WQEs
// from m_rw_index to the last one posted are queued again, in order,
// behind the WQEs already queued (the QP waits its next turn). WQEs handed
// over before the rewind are the DUT's business.
integer      fi, fn, fs;
always @(posedge clk) begin
    if (rst) begin
        s_wqe_tvalid <= 1'b0;
        rw_ready <= 1'b0;
    end else begin
        if (s_wqe_tvalid && s_wqe_tready) begin
            if (fq_beat == 7) begin
                fq_beat = 0;
                fq_rd = fq_rd + 1;
            end else begin
                fq_beat = fq_beat + 1;
            end
        end
        // a rewind offered must stay offered, unchanged, until it is taken
        if (rw_valid !== 1'b0 && rw_valid !== 1'b1) begin
            $display("FAIL: m_rw_valid is %b (cycle %0d)", rw_valid, cycle);
            errors = errors + 1;
        end
        if (rw_held && (rw_valid !== 1'b1 || rw_qpn !== rw_hqpn || rw_index !== rw_hidx)) begin
            $display("FAIL: rewind withdrawn or changed while not taken: valid %b QP %0d index %0d (was %0d %0d) (cycle %0d)",
                     rw_valid, rw_qpn, rw_index, rw_hqpn, rw_hidx, cycle);
            errors = errors + 1;
        end
        rw_held <= rw_valid === 1'b1 && !rw_ready;
        rw_hqpn <= rw_qpn;
        rw_hidx <= rw_index;
        if (rw_valid === 1'b1 && rw_ready) begin
            rwl_qp[n_rw % LOGRW] = rw_qpn; rwl_idx[n_rw % LOGRW] = rw_index; rwl_cyc[n_rw % LOGRW] = cycle;
            n_rw = n_rw + 1;
            fn = (qa_index[rw_qpn[7:0]] - rw_index) & 16'hffff;
            if (rw_qpn > 24'd255 || fn > (1 << WS_QB) || fq_beat != 0 || fq_wr - fq_rd + fn > FQ) begin
                $display("FAIL: rewind of QP %0d to WQE %0d: %0d WQEs to fetch again, beat %0d (cycle %0d)",
                         rw_qpn, rw_index, fn, fq_beat, cycle);
                errors = errors + 1;
            end else begin
                for (fi = fq_rd; fi < fq_wr; fi = fi + 1)
                    if (fq_qp[fi % FQ] == rw_qpn[7:0]) fq_dead[fi % FQ] = 1'b1;
                for (fi = 0; fi < fn; fi = fi + 1) begin
                    fq_qp[fq_wr % FQ] = rw_qpn[7:0]; fq_idx[fq_wr % FQ] = rw_index + fi; fq_dead[fq_wr % FQ] = 1'b0;
                    fq_wr = fq_wr + 1;
                end
            end
        end
        while (fq_rd < fq_wr && fq_beat == 0 && fq_dead[fq_rd % FQ]) fq_rd = fq_rd + 1;
        if (fq_rd < fq_wr) begin
            fs = ws_slot[{fq_qp[fq_rd % FQ], fq_idx[fq_rd % FQ][WS_QB-1:0]}];
            if (fs < 0 || ws_qp[fs] != fq_qp[fq_rd % FQ] || ws_idx[fs] != fq_idx[fq_rd % FQ]) begin
                $display("FAIL: TB: WQE %0d of QP %0d no longer kept", fq_idx[fq_rd % FQ], fq_qp[fq_rd % FQ]);
                errors = errors + 1;
                fs = 0;
            end
            s_wqe_tdata <= ws_wqe[fs][fq_beat*DATA_W +: DATA_W];
            s_wqe_tlast <= fq_beat == 7;
            s_wqe_qpn <= {16'd0, fq_qp[fq_rd % FQ]};
            s_wqe_index <= fq_idx[fq_rd % FQ];
            s_wqe_tvalid <= 1'b1;
        end else begin
            s_wqe_tvalid <= 1'b0;
        end
        rnd = $random(seed);
        rw_ready <= !rw_block && (!noisy || (rnd % 4) != 0);
    end
end

// ---------------------------------------------------------------- ACK source
task send_ack(input [7:0] opcode, input [23:0] qpn, input [23:0] psn, input [7:0] syndrome, input [12:0] len);
    integer b, plen;
    begin
        plen = len;
        @(negedge clk);
        ack_opcode = opcode; ack_dqpn = qpn; ack_psn = psn; ack_aeth = {syndrome, 24'h000042}; ack_len = len;
        ack_valid = 1'b1;
        #1;
        while (!ack_ready) begin @(negedge clk); #1; end
        @(posedge clk);
        @(negedge clk);
        ack_valid = 1'b0;
        b = 0;
        while (b < plen) begin
            rnd = $random(seed);
            ack_pl_tdata = {DATA_W/32{rnd}};
            ack_pl_tkeep = {KEEP_W{1'b1}} >> ((b + KEEP_W > plen) ? (b + KEEP_W - plen) : 0);
            ack_pl_tlast = (b + KEEP_W >= plen);
            ack_pl_tvalid = 1'b1;
            #1;
            while (!ack_pl_tready) begin @(negedge clk); #1; end
            @(posedge clk);
            @(negedge clk);
            ack_pl_tvalid = 1'b0;
            b = b + KEEP_W;
        end
    end
endtask

// ---------------------------------------------------------------- DMA read port model
localparam DQ = 8;
reg [63:0] dq_addr [0:DQ-1];
reg [15:0] dq_len [0:DQ-1];
integer    dq_time [0:DQ-1];
integer    dq_wr = 0, dq_rd = 0, d_off = 0, n_dma_req = 0, dn;
always @(posedge clk) begin
    if (rst) begin
        rd_req_ready <= 1'b0;
        rd_tvalid <= 1'b0;
    end else begin
        if (rd_req_valid && rd_req_ready) begin
            if (rd_req_addr < MR_IOVA || rd_req_addr + rd_req_len > MR_IOVA + MEM_BYTES || rd_req_len == 16'd0) begin
                $display("FAIL: DMA read %h+%0d outside the region", rd_req_addr, rd_req_len);
                errors = errors + 1;
            end
            dq_addr[dq_wr % DQ] = rd_req_addr; dq_len[dq_wr % DQ] = rd_req_len; dq_time[dq_wr % DQ] = cycle;
            dq_wr = dq_wr + 1;
            n_dma_req = n_dma_req + 1;
        end
        rnd = $random(seed);
        rd_req_ready <= (dq_wr - dq_rd < DQ - 1) && (!noisy || (rnd % 4) != 0);
        if (!rd_tvalid || rd_tready) begin
            if (dq_rd != dq_wr && cycle >= dq_time[dq_rd % DQ] + DMA_LAT && (!noisy || ({$random(seed)} % 5) != 0)) begin
                dn = dq_len[dq_rd % DQ] - d_off;
                if (dn > KEEP_W) dn = KEEP_W;
                for (i = 0; i < KEEP_W; i = i + 1) begin
                    rd_tdata[i*8 +: 8] <= (i < dn) ? mem[dq_addr[dq_rd % DQ] - MR_IOVA + d_off + i] : 8'hxx;
                    rd_tkeep[i] <= (i < dn);
                end
                rd_tuser <= 8'h00;
                rd_tvalid <= 1'b1;
                rd_tlast <= (d_off + dn == dq_len[dq_rd % DQ]);
                d_off = d_off + dn;
                if (d_off == dq_len[dq_rd % DQ]) begin
                    d_off = 0;
                    dq_rd = dq_rd + 1;
                end
            end else begin
                rd_tvalid <= 1'b0;
            end
        end
    end
end

// gather data bytes the DUT took from the DMA read port (non-blocking, so a
// check at the same edge sees the value before this edge's beat)
integer rd_acc_bytes = 0, rd_beat_n, rk;
always @(posedge clk) begin
    if (!rst && rd_tvalid && rd_tready) begin
        rd_beat_n = 0;
        for (rk = 0; rk < KEEP_W; rk = rk + 1) rd_beat_n = rd_beat_n + rd_tkeep[rk];
        rd_acc_bytes <= rd_acc_bytes + rd_beat_n;
    end
end

// ---------------------------------------------------------------- DMA write port model
// Takes up to WQ-1 requests ahead (like rnic_dma_wr's command queue) and the
// data of the oldest one only; checks each request (length 1..65535, inside
// the READ destination region) and each beat (packed, tlast on the request's
// last beat), and that every byte written lies in an SGE of a READ under test
// (wok). wr_acc_bytes (bytes of accepted requests) changes with a
// non-blocking assignment, so a check at the same edge sees the value before
// this edge's request.
localparam WQ = 4;
reg [63:0] wq_addr [0:WQ-1];
reg [15:0] wq_len [0:WQ-1];
integer    wq_wr = 0, wq_rd = 0, wq_off = 0, wn, wa, wi;
integer    wr_acc_bytes = 0, wr_dat_bytes = 0, n_wr_req = 0;
always @(posedge clk) begin
    if (rst) begin
        wr_req_ready <= 1'b0;
        wr_tready <= 1'b0;
        wr_done <= 1'b0;
    end else begin
        wr_done <= 1'b0;
        if (wr_tvalid && wr_tready) begin
            if (wq_rd == wq_wr) begin
                $display("FAIL: DMA write data without a request");
                errors = errors + 1;
            end else begin
                wn = wq_len[wq_rd % WQ] - wq_off;
                if (wn > KEEP_W) wn = KEEP_W;
                for (wi = 0; wi < KEEP_W; wi = wi + 1) begin
                    if (wr_tkeep[wi] !== (wi < wn)) begin
                        if (errors < 30) $display("FAIL: DMA write tkeep lane %0d is %b (request %h+%0d, offset %0d)",
                                                  wi, wr_tkeep[wi], wq_addr[wq_rd % WQ], wq_len[wq_rd % WQ], wq_off);
                        errors = errors + 1;
                    end
                    if (wi < wn) begin
                        wa = wq_addr[wq_rd % WQ] - WR_IOVA + wq_off + wi;
                        if (!wok[wa]) begin
                            if (errors < 30) $display("FAIL: DMA write to byte %h outside the READ's SGEs", wa);
                            errors = errors + 1;
                        end
                        wmem[wa] = wr_tdata[wi*8 +: 8];
                    end
                end
                chk("wr_tlast", wr_tlast, wq_off + wn == wq_len[wq_rd % WQ]);
                wq_off = wq_off + wn;
                wr_dat_bytes = wr_dat_bytes + wn;
                if (wq_off == wq_len[wq_rd % WQ]) begin
                    wq_off = 0;
                    wq_rd = wq_rd + 1;
                    wr_done <= 1'b1;
                end
            end
        end
        if (wr_req_valid && wr_req_ready) begin
            if (wr_req_len == 16'd0 || wr_req_addr < WR_IOVA || wr_req_addr + wr_req_len > WR_IOVA + WMEM_BYTES) begin
                $display("FAIL: DMA write %h+%0d outside the READ region", wr_req_addr, wr_req_len);
                errors = errors + 1;
            end else begin
                wq_addr[wq_wr % WQ] = wr_req_addr; wq_len[wq_wr % WQ] = wr_req_len;
                wq_wr = wq_wr + 1;
            end
            wr_acc_bytes <= wr_acc_bytes + wr_req_len;
            n_wr_req = n_wr_req + 1;
        end
        rnd = $random(seed);
        wr_req_ready <= (wq_wr - wq_rd < WQ - 1) && (!noisy || (rnd % 4) != 0);
        rnd = $random(seed);
        wr_tready <= (wq_wr != wq_rd) && (!noisy || (rnd % 3) != 0);
    end
end

// ---------------------------------------------------------------- checks
task chk(input [8*12-1:0] name, input [63:0] got, input [63:0] exp);
    begin
        if (got !== exp) begin
            if (errors < 30) $display("FAIL: %0s is %h, expected %h (cycle %0d)", name, got, exp, cycle);
            errors = errors + 1;
        end
    end
endtask

function integer mtu_bytes(input [2:0] code);
    mtu_bytes = 256 << (code - 1);
endfunction

// ---------------------------------------------------------------- header sink
// Headers of the expected messages, in em order. A copy that skips em_skp
// packets (a rewound head) starts at its packet em_skp: a SEND or WRITE at
// byte em_skb (MIDDLE / LAST, no RETH), a READ asks for em_rlen - em_skb
// bytes at em_raddr + em_skb. hs_off, hs_pkts: bytes and packets of the
// message taken (after the skipped ones).
// Independently, each RC / XRC request packet of QPs 0-63 is kept by QP and
// PSN (the last 64 PSNs of each): a packet with a PSN already sent must
// equal the packet first sent with it in every header field but ip_id,
// and its payload must hash the same (payload sink).
localparam SIG_W = 736;
wire [SIG_W-1:0] hdr_sig = {hdr_opcode, hdr_se, hdr_mig, hdr_ackreq, hdr_pkey, hdr_dqpn, hdr_psn, hdr_dmac,
                            hdr_dip, hdr_ttl, hdr_tos, hdr_sport, hdr_reth_va, hdr_reth_rkey, hdr_reth_len,
                            hdr_aeth, hdr_imm, hdr_deth_qkey, hdr_deth_sqpn, hdr_atomic_va, hdr_atomic_rkey,
                            hdr_atomic_swap, hdr_atomic_cmp, hdr_atomic_ack, hdr_len};
reg [SIG_W-1:0] ps_sig [0:64*64-1];
reg [23:0]      ps_psn [0:64*64-1];
reg             ps_v [0:64*64-1];
reg [31:0]      pp_hash [0:64*64-1];
reg [23:0]      pp_psn [0:64*64-1];
reg             pp_v [0:64*64-1];
integer         n_sig_hdr = 0, n_sig_pl = 0;   // retransmitted headers and payloads compared

// the packets of qpn are forgotten (a reset: its PSNs start over)
task sig_forget(input [7:0] qpn);
    integer k2;
    begin
        if (qpn < 64)
            for (k2 = 0; k2 < 64; k2 = k2 + 1) begin
                ps_v[{qpn[5:0], k2[5:0]}] = 1'b0;
                pp_v[{qpn[5:0], k2[5:0]}] = 1'b0;
            end
    end
endtask

integer hs_msg = 0, hs_off = 0, hs_pkts = 0;
reg [15:0] hs_ip_id;
integer hm, hlen, hplen, hoff;
reg [11:0] hkey;
reg hfirst, hlast, hwrite, himm, hinv, hread, hatom, hcs, hud, hxrc;
reg [7:0] hop;
reg [3:0] htype;
always @(posedge clk) begin
    // the cycle a message's first header first appears on the bus (the
    // emitter offers a message's first header only after the previous
    // message's last one was taken)
    if (!rst && hdr_valid && hs_msg < em_wr && hs_pkts == 0 && em_hcyc[hs_msg % MAXMSG] < 0)
        em_hcyc[hs_msg % MAXMSG] = cycle;
    if (!rst && hdr_valid && hdr_ready) begin
        if (hs_msg >= em_wr) begin
            $display("FAIL: unexpected packet opcode %h psn %h", hdr_opcode, hdr_psn);
            errors = errors + 1;
        end else begin
            hm = hs_msg % MAXMSG;
            hwrite = em_op[hm] == `RNIC_WQE_OP_RDMA_WRITE || em_op[hm] == `RNIC_WQE_OP_RDMA_WRITE_IMM;
            himm = em_op[hm] == `RNIC_WQE_OP_SEND_IMM || em_op[hm] == `RNIC_WQE_OP_RDMA_WRITE_IMM;
            hinv = em_op[hm] == `RNIC_WQE_OP_SEND_INV;     // LAST/ONLY with Invalidate (0x16/0x17) + IETH
            hread = em_op[hm] == `RNIC_WQE_OP_RDMA_READ;   // one READ REQUEST, no payload (hlen 0)
            hlen = em_len[hm];
            hoff = (hread ? 0 : em_skb[hm]) + hs_off;      // message bytes before this packet
            hplen = hlen - hoff;
            if (hplen > mtu_bytes(qa_mtu[em_qp[hm]])) hplen = mtu_bytes(qa_mtu[em_qp[hm]]);
            hfirst = (hoff == 0);
            hlast = (hoff + hplen == hlen);
            hcs = em_op[hm] == `RNIC_WQE_OP_ATOMIC_CS;
            hatom = hcs || em_op[hm] == `RNIC_WQE_OP_ATOMIC_FA;   // one COMPARE SWAP / FETCH ADD, no payload
            htype = em_type[hm];
            hud = htype == `RNIC_QP_TYPE_UD;
            hxrc = htype == `RNIC_QP_TYPE_XRC_SEND;
            hop = hread ? 8'h0C : hatom ? (hcs ? 8'h13 : 8'h14) :
                  (hinv && hlast) ? (hfirst ? 8'h17 : 8'h16) :
                  (hwrite ? 8'h06 : 8'h00) + (hfirst && hlast ? (himm ? 8'd5 : 8'd4) :
                                             hfirst ? 8'd0 : hlast ? (himm ? 8'd3 : 8'd2) : 8'd1);
            // transport bits (IBA 9.2): UC 001 (0x20 + the RC code; SEND
            // LAST/ONLY with Invalidate 0x36/0x37, an rnic extension), UD 011
            // (SEND ONLY 0x64, SEND ONLY with immediate 0x65), XRC 101 (0xA0 +
            // the RC code)
            hop = hop | ((htype == `RNIC_QP_TYPE_UC) ? 8'h20 : hud ? 8'h60 : hxrc ? 8'hA0 : 8'h00);
            chk("opcode", hdr_opcode, hop);
            chk("se", hdr_se, hlast && em_se[hm]);
            chk("mig", hdr_mig, 0);
            chk("ackreq", hdr_ackreq, hlast && (htype == `RNIC_QP_TYPE_RC || hxrc));   // UC/UD: nothing acknowledges
            chk("pkey", hdr_pkey, qa_pkey[em_qp[hm]]);
            // UD: destination QP and address vector from the WQE, not the QPC
            chk("dqpn", hdr_dqpn, hud ? em_ud_dqpn[hm] : qa_dqpn[em_qp[hm]]);
            chk("psn", hdr_psn, (em_psn[hm] + em_skp[hm] + hs_pkts) & 24'hffffff);
            chk("dmac", hdr_dmac, hud ? em_ud_dmac[hm] : qa_dmac[em_qp[hm]]);
            chk("dip", hdr_dip, hud ? em_ud_dip[hm] : qa_dip[em_qp[hm]]);
            chk("ttl", hdr_ttl, hud ? em_ud_ttl[hm] : qa_ttl[em_qp[hm]]);
            chk("tos", hdr_tos, hud ? em_ud_tos[hm] : qa_tos[em_qp[hm]]);
            chk("sport", hdr_sport, qa_sport[em_qp[hm]]);
            // (a rewound READ: the rest of its data, em_skb bytes on)
            chk("reth_va", hdr_reth_va, ((hwrite || hread) && hfirst) ? em_raddr[hm] + em_skb[hm] : 64'd0);
            chk("reth_rkey", hdr_reth_rkey, ((hwrite || hread) && hfirst) ? em_rkey[hm] : 32'd0);
            chk("reth_len", hdr_reth_len, ((hwrite || hread) && hfirst) ? em_rlen[hm] - em_skb[hm] : 32'd0);
            chk("aeth", hdr_aeth, 0);
            // ImmDt: send_wqe.imm holds the first wire byte in [7:0]; IETH
            // (SEND_INV): the key as a number, not swapped; LAST/ONLY only
            chk("imm", hdr_imm, (himm && hlast) ? {em_imm[hm][7:0], em_imm[hm][15:8], em_imm[hm][23:16], em_imm[hm][31:24]} :
                                (hinv && hlast) ? em_imm[hm] : 32'd0);
            // DETH (UD only): the WQE's Q_Key, or the QPC's; this QP as the
            // source. XRCETH (XRC, every request packet): deth_sqpn is the
            // WQE's dest_qpn, the remote XRC SRQ
            chk("deth_qkey", hdr_deth_qkey, hud ? em_ud_qkey[hm] : 32'd0);
            chk("deth_sqpn", hdr_deth_sqpn, hud ? {16'd0, em_qp[hm]} : hxrc ? em_ud_dqpn[hm] : 24'd0);
            // AtomicETH: SwapOrAddData is swap (CS) or compare_add (FA, the
            // add value); CompareData is compare_add (CS) or 0 (FA)
            chk("atomic_va", hdr_atomic_va, hatom ? em_raddr[hm] : 64'd0);
            chk("atomic_rkey", hdr_atomic_rkey, hatom ? em_rkey[hm] : 32'd0);
            chk("atomic_swap", hdr_atomic_swap, hatom ? (hcs ? em_swap[hm] : em_cmp[hm]) : 64'd0);
            chk("atomic_cmp", hdr_atomic_cmp, hcs ? em_cmp[hm] : 64'd0);
            chk("atomic_ack", hdr_atomic_ack, 0);
            chk("len", hdr_len, hplen);
            if (hs_msg != 0 || hs_off != 0) chk("ip_id", hdr_ip_id, hs_ip_id + 16'd1);
            hs_ip_id = hdr_ip_id;
            if ((htype == `RNIC_QP_TYPE_RC || hxrc) && em_qp[hm] < 64) begin
                hkey = {em_qp[hm][5:0], hdr_psn[5:0]};
                if (ps_v[hkey] && ps_psn[hkey] == hdr_psn) begin
                    n_sig_hdr = n_sig_hdr + 1;
                    if (ps_sig[hkey] !== hdr_sig) begin
                        $display("FAIL: QP %0d PSN %h sent again differs from the packet first sent (opcode %h, was %h) (cycle %0d)",
                                 em_qp[hm], hdr_psn, hdr_opcode, ps_sig[hkey][SIG_W-1 -: 8], cycle);
                        errors = errors + 1;
                    end
                end else begin
                    ps_v[hkey] = 1'b1; ps_psn[hkey] = hdr_psn; ps_sig[hkey] = hdr_sig;
                end
            end
            hs_off = hs_off + hplen;
            hs_pkts = hs_pkts + 1;
            if (hlast) begin
                em_hlast[hm] = cycle;
                hs_msg = hs_msg + 1; hs_off = 0; hs_pkts = 0;
            end
        end
    end
    rnd = $random(seed);
    hdr_ready <= !noisy || (rnd % 3) != 0;
end

// ---------------------------------------------------------------- payload sink
// (a copy that skips packets starts at byte em_skb; pm_off counts the
// message bytes taken after those)
integer pm_msg = 0, pm_off = 0, pk_off = 0, pn, pplen, pm;
integer meas_msg = -1, meas_first = 0, meas_last = 0, meas_beats = 0;
reg [31:0] pk_hash = 32'd0;        // hash of the packet's bytes so far
reg [23:0] pk_psn;
reg [11:0] pkey;
always @(posedge clk) begin
    if (!rst && pl_tvalid && pl_tready) begin
        // skip zero-length messages: they have no payload
        while (pm_msg < em_wr && em_len[pm_msg % MAXMSG] == 0) pm_msg = pm_msg + 1;
        if (pm_msg >= em_wr) begin
            $display("FAIL: unexpected payload beat");
            errors = errors + 1;
        end else begin
            pm = pm_msg % MAXMSG;
            pplen = em_len[pm] - em_skb[pm] - pm_off;
            if (pplen > mtu_bytes(qa_mtu[em_qp[pm]])) pplen = mtu_bytes(qa_mtu[em_qp[pm]]);
            pn = pplen - pk_off;
            if (pn > KEEP_W) pn = KEEP_W;
            for (i = 0; i < KEEP_W; i = i + 1) begin
                if (pl_tkeep[i] !== (i < pn)) begin
                    if (errors < 30) $display("FAIL: payload tkeep lane %0d is %b (msg %0d off %0d)", i, pl_tkeep[i], pm_msg, pm_off + pk_off);
                    errors = errors + 1;
                end else if (i < pn && pl_tdata[i*8 +: 8] !== exp_pl[(exp_rd + i) % EXP_BYTES]) begin
                    if (errors < 30) $display("FAIL: payload byte %0d of msg %0d is %h, expected %h", pm_off + pk_off + i, pm_msg,
                                              pl_tdata[i*8 +: 8], exp_pl[(exp_rd + i) % EXP_BYTES]);
                    errors = errors + 1;
                end
            end
            for (i = 0; i < pn; i = i + 1) pk_hash = {pk_hash[26:0], pk_hash[31:27]} ^ {24'd0, pl_tdata[i*8 +: 8]};
            chk("pl_tlast", pl_tlast, pk_off + pn == pplen);
            if (pm_msg == meas_msg) begin
                if (meas_beats == 0) meas_first = cycle;
                meas_last = cycle;
                meas_beats = meas_beats + 1;
            end
            exp_rd = exp_rd + pn;
            pk_off = pk_off + pn;
            if (pk_off == pplen) begin
                // the payload of a PSN sent before must hash as it did
                if ((em_type[pm] == `RNIC_QP_TYPE_RC || em_type[pm] == `RNIC_QP_TYPE_XRC_SEND) && em_qp[pm] < 64) begin
                    pk_psn = em_psn[pm] + (em_skb[pm] + pm_off) / mtu_bytes(qa_mtu[em_qp[pm]]);
                    pkey = {em_qp[pm][5:0], pk_psn[5:0]};
                    if (pp_v[pkey] && pp_psn[pkey] == pk_psn) begin
                        n_sig_pl = n_sig_pl + 1;
                        if (pp_hash[pkey] !== pk_hash) begin
                            $display("FAIL: QP %0d PSN %h sent again: payload differs from the packet first sent (cycle %0d)",
                                     em_qp[pm], pk_psn, cycle);
                            errors = errors + 1;
                        end
                    end else begin
                        pp_v[pkey] = 1'b1; pp_psn[pkey] = pk_psn; pp_hash[pkey] = pk_hash;
                    end
                end
                pk_hash = 32'd0;
                pm_off = pm_off + pplen;
                pk_off = 0;
                if (em_skb[pm] + pm_off == em_len[pm]) begin
                    pm_off = 0;
                    pm_msg = pm_msg + 1;
                end
            end
        end
    end
    rnd = $random(seed);
    pl_tready <= !noisy || (rnd % 4) != 0;
end

// ---------------------------------------------------------------- CQE sink
reg [`RNIC_CQE_BITS-1:0] ecqe;
integer ce;
always @(posedge clk) begin
    // a successful READ's or atomic's CQE is offered only once every DMA
    // write request of its data (and of every READ / atomic before it) was
    // accepted
    if (!rst && cqe_valid && ec_rd < ec_wr && (ec_op[ec_rd % MAXCQE] == `RNIC_CQE_OP_REQ_RDMA_READ ||
        ec_op[ec_rd % MAXCQE] == `RNIC_CQE_OP_REQ_ATOMIC_CS || ec_op[ec_rd % MAXCQE] == `RNIC_CQE_OP_REQ_ATOMIC_FA) &&
        ec_status[ec_rd % MAXCQE] == `RNIC_WC_STATUS_SUCCESS && wr_acc_bytes != wr_tot) begin
        $display("FAIL: READ/atomic CQE offered with %0d of %0d data bytes requested (cycle %0d)", wr_acc_bytes, wr_tot, cycle);
        errors = errors + 1;
    end
    // a successful UC/UD WQE's CQE is offered only once all its headers were
    // taken and all its gather data arrived from the DMA read port
    if (!rst && cqe_valid && ec_rd < ec_wr && ec_unack[ec_rd % MAXCQE] &&
        (rd_acc_bytes < ec_gend[ec_rd % MAXCQE] || hs_msg <= ec_msg[ec_rd % MAXCQE])) begin
        $display("FAIL: UC/UD CQE %0d offered with %0d of %0d gather bytes read, %0d of %0d messages' headers (cycle %0d)",
                 ec_rd, rd_acc_bytes, ec_gend[ec_rd % MAXCQE], hs_msg, ec_msg[ec_rd % MAXCQE] + 1, cycle);
        errors = errors + 1;
    end
    // a WQE completes only after its own key-table write (and every earlier
    // one) was taken
    if (!rst && cqe_valid && ec_rd < ec_wr && n_mpt < ec_mpt[ec_rd % MAXCQE]) begin
        $display("FAIL: CQE %0d offered with %0d of %0d key-table writes taken (cycle %0d)", ec_rd, n_mpt,
                 ec_mpt[ec_rd % MAXCQE], cycle);
        errors = errors + 1;
    end
    if (!rst && cqe_valid && cqe_ready) begin
        if (ec_rd >= ec_wr) begin
            $display("FAIL: unexpected CQE qpn %0d index %0d status %h", cqe_data[`RNIC_CQE_QPN_LSB +: 24],
                     cqe_data[`RNIC_CQE_WQE_INDEX_LSB +: 16], cqe_data[`RNIC_CQE_STATUS_LSB +: 8]);
            errors = errors + 1;
        end else begin
            ce = ec_rd % MAXCQE;
            chk("cqe cqn", cqe_cqn, ec_cqn[ce]);
            chk("cqe index", cqe_data[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W], ec_index[ce]);
            chk("cqe opcode", cqe_data[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W], ec_op[ce]);
            chk("cqe status", cqe_data[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W], ec_status[ce]);
            chk("cqe qpn", cqe_data[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W], ec_qpn[ce]);
            chk("cqe flags", cqe_data[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W], 0);
            chk("cqe byte_len", cqe_data[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W], ec_len[ce]);
            // every other bit (imm, src_qp, ..., owner) is zero
            ecqe = 0;
            ecqe[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W] = ec_index[ce];
            ecqe[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W] = ec_op[ce];
            ecqe[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] = ec_status[ce];
            ecqe[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W] = ec_qpn[ce];
            ecqe[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W] = ec_len[ce];
            if (cqe_data !== ecqe) begin
                $display("FAIL: CQE %0d is %h, expected %h", ec_rd, cqe_data, ecqe);
                errors = errors + 1;
            end
        end
        ec_rd = ec_rd + 1;
    end
    rnd = $random(seed);
    cqe_ready <= !noisy || (rnd % 3) != 0;
end

// ---------------------------------------------------------------- READ helpers
localparam [7:0] OP_RR_FIRST = 8'h0D, OP_RR_MIDDLE = 8'h0E, OP_RR_LAST = 8'h0F, OP_RR_ONLY = 8'h10;
// transport bits rd_respond and send_atack OR into their opcodes: 8'h00 RC,
// 8'hA0 XRC (READ RESPONSE 0xAD..0xB0, ATOMIC ACKNOWLEDGE 0xB2)
reg [7:0] ack_tr = 8'h00;

// one READ RESPONSE packet on s_ack_* with payload rsrc[src ..], random gaps
// between beats when noisy; keep: the DUT must write it (counted in wr_tot)
task send_rresp(input [7:0] opcode, input [23:0] qpn, input [23:0] psn, input [12:0] len, input integer src,
                input keep);
    integer b, plen, n, l;
    begin
        plen = len;
        if (keep) wr_tot = wr_tot + plen;
        @(negedge clk);
        ack_opcode = opcode; ack_dqpn = qpn; ack_psn = psn; ack_len = len;
        ack_aeth = (opcode[4:0] == OP_RR_MIDDLE[4:0]) ? 32'd0 : {8'h1F, 24'h000042};
        ack_valid = 1'b1;
        #1;
        while (!ack_ready) begin @(negedge clk); #1; end
        @(posedge clk);
        @(negedge clk);
        ack_valid = 1'b0;
        b = 0;
        while (b < plen) begin
            rnd = $random(seed);
            if (noisy && (rnd % 4) == 0) begin
                ack_pl_tvalid = 1'b0;
                @(negedge clk);
            end else begin
                n = plen - b;
                if (n > KEEP_W) n = KEEP_W;
                for (l = 0; l < KEEP_W; l = l + 1) begin
                    ack_pl_tdata[l*8 +: 8] = (l < n) ? rsrc[(src + b + l) % RSRC_BYTES] : $random(seed);
                    ack_pl_tkeep[l] = (l < n);
                end
                ack_pl_tlast = (b + n == plen);
                ack_pl_tvalid = 1'b1;
                #1;
                while (!ack_pl_tready) begin @(negedge clk); #1; end
                @(posedge clk);
                @(negedge clk);
                ack_pl_tvalid = 1'b0;
                b = b + n;
            end
        end
    end
endtask

// all responses of a READ of len bytes at PSN psn: ONLY, or FIRST, MIDDLE..., LAST
// (| ack_tr)
task rd_respond(input [7:0] qpn, input [23:0] psn, input integer len, input integer src);
    integer n, p, mtu, plen;
    reg [7:0] op;
    begin
        mtu = mtu_bytes(qa_mtu[qpn]);
        n = (len == 0) ? 1 : (len + mtu - 1) / mtu;
        for (p = 0; p < n; p = p + 1) begin
            plen = (p == n - 1) ? len - p * mtu : mtu;
            op = (n == 1) ? OP_RR_ONLY : (p == 0) ? OP_RR_FIRST : (p == n - 1) ? OP_RR_LAST : OP_RR_MIDDLE;
            send_rresp(op | ack_tr, qpn, psn + p, plen, src + p * mtu, 1'b1);
        end
    end
endtask

// expected placement of a READ into the current SGE list (sg_*, all in the
// READ region): its first count bytes are rsrc[src ..]; every SGE byte may
// be written
task rd_expect(input integer nsge, input integer src, input integer count);
    integer k2, b, o, a;
    begin
        o = 0;
        for (k2 = 0; k2 < nsge; k2 = k2 + 1)
            for (b = 0; b < sg_len[k2]; b = b + 1) begin
                a = sg_va[k2] - WR_VA + b;
                wok[a] = 1'b1;
                if (o < count) wexp[a] = rsrc[(src + o) % RSRC_BYTES];
                o = o + 1;
            end
    end
endtask

// ---------------------------------------------------------------- atomic helpers
// one ATOMIC ACKNOWLEDGE (0x12 | ack_tr, no payload) on s_ack_* carrying the
// original remote data value; keep: the DUT must write its 8 bytes (counted
// in wr_tot). The data input changes right after the handshake: the DUT must
// have latched it.
task send_atack(input [23:0] qpn, input [23:0] psn, input [63:0] value, input keep);
    begin
        if (keep) wr_tot = wr_tot + 8;
        @(negedge clk);
        ack_opcode = 8'h12 | ack_tr; ack_dqpn = qpn; ack_psn = psn; ack_len = 13'd0;
        ack_aeth = {8'h1F, 24'h000042};
        ack_atomic_ack = value;
        ack_valid = 1'b1;
        #1;
        while (!ack_ready) begin @(negedge clk); #1; end
        @(posedge clk);
        @(negedge clk);
        ack_valid = 1'b0;
        ack_atomic_ack = {$random(seed), $random(seed)};
    end
endtask

// expected placement of an atomic's original data into the current SGE list
// (sg_*, all in the READ region): 8 bytes, little-endian (memory byte k =
// bits [8k+7:8k] of the value, the host order of Soft-RoCE on x86)
task at_expect(input integer nsge, input [63:0] value);
    integer k2, b, o, a;
    begin
        o = 0;
        for (k2 = 0; k2 < nsge; k2 = k2 + 1)
            for (b = 0; b < sg_len[k2]; b = b + 1) begin
                a = sg_va[k2] - WR_VA + b;
                wok[a] = 1'b1;
                if (o < 8) wexp[a] = value[o*8 +: 8];
                o = o + 1;
            end
    end
endtask

// wait for the written data, then compare the whole READ region with its
// expected image and close the write window
task wmem_check(input [8*24-1:0] what);
    integer t, a, bad;
    begin
        t = 0;
        while ((wr_dat_bytes != wr_tot || wq_rd != wq_wr) && t < 20000) begin
            @(posedge clk);
            t = t + 1;
        end
        repeat (20) @(posedge clk);
        if (wr_dat_bytes != wr_tot || wr_acc_bytes != wr_tot || wq_rd != wq_wr) begin
            $display("FAIL: %0s: %0d bytes requested, %0d written, %0d expected", what, wr_acc_bytes, wr_dat_bytes, wr_tot);
            errors = errors + 1;
        end
        bad = 0;
        for (a = 0; a < WMEM_BYTES; a = a + 1) begin
            if (wmem[a] !== wexp[a]) begin
                if (bad < 8) $display("FAIL: %0s: READ region byte %h is %h, expected %h", what, a, wmem[a], wexp[a]);
                bad = bad + 1;
            end
            wok[a] = 1'b0;
        end
        errors = errors + bad;
    end
endtask

// wait until n more request headers went out
task wait_hdrs(input integer n);
    integer t;
    begin
        t = 0;
        while (hs_msg < n && t < 20000) begin
            @(posedge clk);
            t = t + 1;
        end
        if (hs_msg < n) begin
            $display("FAIL: timeout waiting for request %0d", n);
            errors = errors + 1;
        end
    end
endtask

// ---------------------------------------------------------------- sequence helpers
task wait_sent;
    integer t;
    begin
        t = 0;
        while ((hs_msg < em_wr || pm_msg < em_wr || exp_rd != exp_wr) && t < 200000) begin
            @(posedge clk);
            while (pm_msg < em_wr && em_len[pm_msg % MAXMSG] == 0 && hs_msg > pm_msg) pm_msg = pm_msg + 1;
            t = t + 1;
        end
        if (t >= 200000) begin
            $display("FAIL: timeout waiting for packets: %0d/%0d headers, %0d/%0d payload messages", hs_msg, em_wr, pm_msg, em_wr);
            errors = errors + 1;
        end
        repeat (10) @(posedge clk);
    end
endtask

task wait_cqes;
    integer t;
    begin
        t = 0;
        while (ec_rd < ec_wr && t < 20000) begin
            @(posedge clk);
            t = t + 1;
        end
        if (t >= 20000) begin
            $display("FAIL: timeout waiting for CQEs: %0d of %0d", ec_rd, ec_wr);
            errors = errors + 1;
        end
        repeat (30) @(posedge clk);
        if (ec_rd != ec_wr) begin
            $display("FAIL: %0d CQEs received, %0d expected", ec_rd, ec_wr);
            errors = errors + 1;
        end
        err_chk;
    end
endtask

task sg1(input [63:0] va, input [31:0] len);
    begin sg_va[0] = va; sg_len[0] = len; sg_key[0] = LKEY; end
endtask

// ---------------------------------------------------------------- go-back-N helpers
// 24-bit serial number order: a is at or before b
function psn_le(input [23:0] a, input [23:0] b);
    reg [23:0] d;
    begin
        d = b - a;
        psn_le = !d[23];
    end
endfunction

// PSNs message m uses (a READ one per response, an atomic one)
function integer em_npsn(input integer m);
    integer mtu, l;
    begin
        mtu = mtu_bytes(qa_mtu[em_qp[m % MAXMSG]]);
        l = (em_op[m % MAXMSG] == `RNIC_WQE_OP_RDMA_READ) ? em_rlen[m % MAXMSG] : em_len[m % MAXMSG];
        if (em_op[m % MAXMSG] == `RNIC_WQE_OP_ATOMIC_CS || em_op[m % MAXMSG] == `RNIC_WQE_OP_ATOMIC_FA || l == 0)
            em_npsn = 1;
        else
            em_npsn = (l + mtu - 1) / mtu;
    end
endfunction

// message src's fields copied to entry dst (both message numbers)
task em_cp(input integer dst, input integer src);
    integer d, r;
    begin
        d = dst % MAXMSG; r = src % MAXMSG;
        em_qp[d] = em_qp[r]; em_op[d] = em_op[r]; em_len[d] = em_len[r]; em_rlen[d] = em_rlen[r];
        em_psn[d] = em_psn[r]; em_imm[d] = em_imm[r]; em_se[d] = em_se[r]; em_raddr[d] = em_raddr[r];
        em_rkey[d] = em_rkey[r]; em_cmp[d] = em_cmp[r]; em_swap[d] = em_swap[r]; em_type[d] = em_type[r];
        em_ud_dqpn[d] = em_ud_dqpn[r]; em_ud_dmac[d] = em_ud_dmac[r]; em_ud_dip[d] = em_ud_dip[r];
        em_ud_ttl[d] = em_ud_ttl[r]; em_ud_tos[d] = em_ud_tos[r]; em_ud_qkey[d] = em_ud_qkey[r];
        em_idx[d] = em_idx[r]; em_inl[d] = em_inl[r]; em_copy[d] = em_copy[r]; em_pl0[d] = em_pl0[r];
        em_pls[d] = em_pls[r]; em_skp[d] = em_skp[r]; em_skb[d] = em_skb[r];
        em_hcyc[d] = em_hcyc[r]; em_hlast[d] = em_hlast[r];
    end
endtask

// A go-back-N retransmission of qpn from PSN p is expected: the newest
// message of the QP holding p (the head) is sent again from p on (a SEND or
// WRITE from the packet with PSN p; a READ asks for its data from p on; an
// atomic, or a message with no payload, whole), then every later message of
// the QP again, whole: copies in the expected messages and payload (the
// payload from the WQE's first message) and the gather bytes. Messages of
// the QP posted but not sent yet (a WQE the DUT dropped or had not taken)
// come after the copies: the copies go in before them (the messages still
// to come must all be the QP's, none of them begun). re_head: the head
// copy's message number; re_pkts: request packets of the retransmission
// (each a stat_retrans_pkt pulse).
integer re_head = 0, re_pkts = 0;
task re_expect(input [7:0] qpn, input [23:0] p);
    integer m, h, u, k2, b, skp, mtu, lo, src, ps, nc, nb, pass, at, atb;
    reg dup, atom;
    begin
        mtu = mtu_bytes(qa_mtu[qpn]);
        u = hs_msg;                                  // the first message not begun
        for (m = u; m < em_wr; m = m + 1)
            if (em_qp[m % MAXMSG] != qpn || hs_off != 0 || hs_pkts != 0 || pm_msg > u ||
                (pm_msg == u && (pm_off != 0 || pk_off != 0))) begin
                $display("FAIL: TB: retransmission of QP %0d with message %0d (QP %0d) under way", qpn, m,
                         em_qp[m % MAXMSG]);
                errors = errors + 1;
            end
        h = -1;
        lo = (u > MAXMSG) ? u - MAXMSG : 0;
        for (m = u - 1; m >= lo && h < 0; m = m - 1)
            if (em_qp[m % MAXMSG] == qpn && psn_le(em_psn[m % MAXMSG], p)) h = m;
        if (h < 0 || !psn_le(p, em_psn[h % MAXMSG] + em_npsn(h) - 1)) begin
            $display("FAIL: TB: no message of QP %0d holds PSN %h", qpn, p);
            errors = errors + 1;
        end else begin
            // pass 0 counts the copies and their bytes, pass 1 makes room
            // for them before the messages not begun and writes them
            ps = (u < em_wr) ? em_pls[u % MAXMSG] : exp_wr;
            nc = 0; nb = 0;
            for (pass = 0; pass < 2; pass = pass + 1) begin
                if (pass == 1) begin
                    for (m = em_wr - 1; m >= u; m = m - 1) begin
                        em_cp(m + nc, m);
                        em_pls[(m + nc) % MAXMSG] = em_pls[(m + nc) % MAXMSG] + nb;
                        if (!em_copy[(m + nc) % MAXMSG]) em_pl0[(m + nc) % MAXMSG] = em_pl0[(m + nc) % MAXMSG] + nb;
                    end
                    for (b = exp_wr - 1; b >= ps; b = b - 1) exp_pl[(b + nb) % EXP_BYTES] = exp_pl[b % EXP_BYTES];
                    if (exp_wr + nb - exp_rd > EXP_BYTES) begin
                        $display("FAIL: TB: expected payload overflows");
                        errors = errors + 1;
                    end
                    re_head = u;
                    re_pkts = 0;
                end
                at = u; atb = ps;
                for (m = h; m < u; m = m + 1) begin
                    src = m % MAXMSG;
                    dup = 1'b0;             // a later copy of the same WQE supersedes this one
                    for (k2 = m + 1; k2 < u; k2 = k2 + 1)
                        if (em_qp[k2 % MAXMSG] == qpn && em_idx[k2 % MAXMSG] == em_idx[src]) dup = 1'b1;
                    if (em_qp[src] == qpn && !dup) begin
                        atom = em_op[src] == `RNIC_WQE_OP_ATOMIC_CS || em_op[src] == `RNIC_WQE_OP_ATOMIC_FA;
                        skp = (m == h) ? ((p - em_psn[src]) & 24'hffffff) : 0;
                        if (atom || (em_op[src] != `RNIC_WQE_OP_RDMA_READ && em_len[src] == 0)) skp = 0;
                        if (pass == 0) begin
                            nc = nc + 1;
                            if (em_len[src] > skp * mtu) nb = nb + em_len[src] - skp * mtu;   // a READ: none
                        end else begin
                            em_cp(at, m);
                            em_copy[at % MAXMSG] = 1'b1; em_skp[at % MAXMSG] = skp; em_skb[at % MAXMSG] = skp * mtu;
                            em_pls[at % MAXMSG] = atb; em_hcyc[at % MAXMSG] = -1; em_hlast[at % MAXMSG] = -1;
                            if (exp_wr - em_pl0[src] > EXP_BYTES) begin
                                $display("FAIL: TB: the payload of QP %0d WQE %0d is no longer kept", qpn, em_idx[src]);
                                errors = errors + 1;
                            end
                            for (b = skp * mtu; b < em_len[src]; b = b + 1) begin
                                exp_pl[atb % EXP_BYTES] = exp_pl[(em_pl0[src] + b) % EXP_BYTES];
                                atb = atb + 1;
                                if (!em_inl[src]) g_exp = g_exp + 1;
                            end
                            re_pkts = re_pkts + ((em_op[src] == `RNIC_WQE_OP_RDMA_READ || atom) ? 1 : em_npsn(m) - skp);
                            at = at + 1;
                        end
                    end
                end
            end
            em_wr = em_wr + nc;
            exp_wr = exp_wr + nb;
        end
    end
endtask

// the next rewind (counted in exp_rw) has happened: of qpn, to WQE index idx
task rw_chk(input [8*24-1:0] what, input [7:0] qpn, input [15:0] idx);
    begin
        exp_rw = exp_rw + 1;
        if (n_rw != exp_rw) begin
            $display("FAIL: %0s: %0d rewinds, expected %0d (cycle %0d)", what, n_rw, exp_rw, cycle);
            errors = errors + 1;
        end else if (rwl_qp[(n_rw - 1) % LOGRW] != qpn || rwl_idx[(n_rw - 1) % LOGRW] != idx) begin
            $display("FAIL: %0s: rewind of QP %0d to WQE %0d, expected QP %0d WQE %0d", what,
                     rwl_qp[(n_rw - 1) % LOGRW], rwl_idx[(n_rw - 1) % LOGRW], qpn, idx);
            errors = errors + 1;
        end
    end
endtask

// the reliability counters (pulses) against the expected ones
integer exp_retrans = 0, exp_retrans_pkt = 0, exp_timeout = 0, exp_retry_exc = 0;
task stat_chk(input [8*24-1:0] what);
    begin
        if (n_retrans != exp_retrans || n_retrans_pkt != exp_retrans_pkt || n_timeout != exp_timeout ||
            n_retry_exc != exp_retry_exc || n_rw != exp_rw) begin
            $display("FAIL: %0s: %0d retransmissions, %0d packets sent again, %0d timeouts, %0d retries exceeded, %0d rewinds; expected %0d %0d %0d %0d %0d (cycle %0d)",
                     what, n_retrans, n_retrans_pkt, n_timeout, n_retry_exc, n_rw,
                     exp_retrans, exp_retrans_pkt, exp_timeout, exp_retry_exc, exp_rw, cycle);
            errors = errors + 1;
        end
    end
endtask

// no CQE comes (the CQE sink fails any beyond ec_wr); unlike wait_cqes,
// the error pulses are not checked (an error CQE expected later already
// counts its pulse)
task no_cqe;
    begin
        repeat (50) @(posedge clk);
        chk("CQEs", ec_rd, ec_wr);
    end
endtask

// wait until n timeouts have been counted
task wait_tmo(input integer n);
    integer t;
    begin
        t = 0;
        while (n_timeout < n && t < 20000) begin
            @(posedge clk);
            t = t + 1;
        end
        if (n_timeout < n) begin
            $display("FAIL: timeout waiting for timeout %0d (cycle %0d)", n, cycle);
            errors = errors + 1;
        end
    end
endtask

// rnr_retry 2 on qpn (MTU 512, local ACK timeout tmo): a 2-packet SEND and
// an unsignaled SEND; RNR NAKs (code 1) for the first PSN: after the first
// two the RNR wait and both SENDs again, the third completes the first SEND
// RNR_RETRY_EXC_ERR and flushes the other (one m_err_c pulse)
task rnr_exhaust(input [7:0] qpn, input [4:0] tmo);
    reg [23:0] p;
    reg [15:0] x;
    integer r;
    begin
        rel_set(tmo, 3'd3, 3'd2);
        qp_setup(qpn, `RNIC_QP_STATE_RTS, `RNIC_MTU_512, 24'd5, 24'd91 + qpn, 24'h464646, 1'b0);
        rel_set(5'd0, 3'd0, 3'd0);
        p = qa_psn[qpn];
        x = qa_index[qpn];
        sg1(MR_VA + 64'h25801, 700);
        post(qpn, `RNIC_WQE_OP_SEND, SIG, 1, 700, 0, 0, 0, `RNIC_WC_STATUS_RNR_RETRY_EXC_ERR, 1, 1);
        sg1(MR_VA + 64'h25c03, 100);
        post(qpn, `RNIC_WQE_OP_SEND, 0, 1, 100, 0, 0, 0, FLUSH, 1, 1);
        wait_sent;
        ec_wr = ec_wr - 2;
        for (r = 0; r < 2; r = r + 1) begin
            re_expect(qpn, p);
            send_ack(8'h11, qpn, p, 8'h21, 0); exp_rnr = exp_rnr + 1;
            wait_sent;
            no_cqe;
            rw_chk("rnr_retry 2", qpn, x);
            exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
        end
        stat_chk("rnr_retry 2: two waits");
        ec_wr = ec_wr + 2;
        send_ack(8'h11, qpn, p, 8'h21, 0); exp_rnr = exp_rnr + 1; exp_retry_exc = exp_retry_exc + 1;
        wait_cqes;
        repeat (4 * 1024) @(posedge clk);
        wait_sent;
        stat_chk("rnr_retry 2: exceeded");
    end
endtask

// reliability attributes of the next QPC writes (qpc dw15)
task rel_set(input [4:0] tmo, input [2:0] retry, input [2:0] rnr);
    begin rel_tmo = tmo; rel_retry = retry; rel_rnr = rnr; end
endtask

// one SGE in the READ region at offset off
task sgw(input [63:0] off, input [31:0] len);
    begin sg_va[0] = WR_VA + off; sg_len[0] = len; sg_key[0] = LKEY_W; end
endtask

// UD destination QP, Q_Key and address vector of the next posts
task ud_set(input [23:0] dqpn, input [31:0] qkey, input [31:0] dip, input [47:0] dmac, input [7:0] ttl,
            input [7:0] tos);
    begin
        ud_dqpn = dqpn; ud_qkey = qkey; ud_dip = dip; ud_dmac = dmac; ud_ttl = ttl; ud_tos = tos;
    end
endtask

// FENCE ordering of message msg: fenced, its first header appeared on the
// header bus after cycle c (the cycle the READ's last response / the ATOMIC
// ACKNOWLEDGE was fed in); not fenced, it appeared before cycle c (a cycle
// before any response was fed), so the fenced check would have failed on it
task fence_chk(input [8*24-1:0] what, input integer msg, input integer c, input fenced);
    integer h;
    begin
        h = em_hcyc[msg % MAXMSG];
        if (h < 0 || (fenced ? h <= c : h >= c)) begin
            $display("FAIL: %0s: first header at cycle %0d, %0s cycle %0d", what, h, fenced ? "not after" : "not before", c);
            errors = errors + 1;
        end else begin
            $display("  %0s: first header at cycle %0d, %0s cycle %0d", what, h, fenced ? "after" : "before", c);
        end
    end
endtask

// a QP of type t back to RESET and to RTS (clears its error flag)
task qp_reset_t(input [7:0] qpn, input [3:0] qtype, input [2:0] mtu, input [23:0] cqn, input [23:0] psn,
                input [31:0] qkey);
    begin
        qp_setup_t(qpn, qtype, `RNIC_QP_STATE_RESET, mtu, 24'd5, cqn, 24'd0, 1'b0, qkey);
        qp_setup_t(qpn, qtype, `RNIC_QP_STATE_RTS, mtu, 24'd5, cqn, psn, 1'b0, qkey);
    end
endtask

// s_fatal_* for qpn (the fetch engine dropped a malformed WQE of it): one
// cycle; afterwards the QPN input shows QP 29 without valid (sets nothing)
task fatal_pulse(input [7:0] qpn);
    begin
        @(negedge clk);
        s_fatal_valid = 1'b1; s_fatal_qpn = {16'd0, qpn};
        @(negedge clk);
        s_fatal_valid = 1'b0; s_fatal_qpn = 24'd29;
        qa_err[qpn] = 1'b1;
    end
endtask

localparam [7:0] SIG = `RNIC_WQE_FLAG_SIGNALED;
localparam [7:0] OK = `RNIC_WC_STATUS_SUCCESS;
localparam [7:0] ACK_SYN = 8'h1F;                // ACK, credit field 0x1F
integer exp_drop = 0, exp_seq = 0, exp_rnr = 0;
integer m0;
integer rs, ri, rl, rn;      // READ tests: response source offset, loop index, length, SGE count
reg [23:0] rp, rp2;          // READ tests: first PSN of a READ
reg [63:0] av;               // atomic tests: original remote data in the ATOMIC ACKNOWLEDGE
integer na, nd, fm, c0;      // UC/UD/FENCE tests: ACKs fed, DMA reads, a message number, a cycle
integer h28, ne;             // s_fatal test: QP 28's headers, error pulses before it
integer wqi, c1, c2, hm0;    // go-back-N tests: a WQE index, cycles, a message number
localparam [7:0] FLUSH = `RNIC_WC_STATUS_WR_FLUSH_ERR;
localparam [3:0] UC = `RNIC_QP_TYPE_UC, UD = `RNIC_QP_TYPE_UD;
localparam [7:0] FENCE = `RNIC_WQE_FLAG_FENCE;

// ---------------------------------------------------------------- memory-window helpers
// keys of the memory-window cases (index << 8 | tag); regions of PD 5
// unless named otherwise, all over [RB_VA, RB_VA + RB_LEN) at RB_IOVA
localparam [63:0] RB_VA = 64'h00007f2000001000;
localparam [63:0] RB_LEN = 64'h10000;
localparam [63:0] RB_IOVA = 64'h0000000712345000;
localparam [31:0] K_RMW  = 32'h00000881;   // LOCAL_WRITE, remote bits, MW_BIND
localparam [31:0] K_RNOB = 32'h00000992;   // no MW_BIND
localparam [31:0] K_RNLW = 32'h00000aa3;   // MW_BIND and remote bits, no LOCAL_WRITE
localparam [31:0] K_RPD6 = 32'h00000bb4;   // PD 6
localparam [31:0] K_RINV = 32'h00000cc5;   // as K_RMW, not valid
localparam [31:0] K_RISW = 32'h00000dd6;   // as K_RMW, but a (bound) window
localparam [31:0] K_R14  = 32'h00000ee7;   // a region in the TB memory, written while a window write is held
localparam [31:0] K_RBIG = 32'h00000ff8;   // as K_RMW, 2^64 - 1 bytes long (a range before it need not wrap)
// windows (ALLOC_MW: valid 0, mw 1, tag, PD 5); the new rkey of a BIND_MW
// is {index, new tag}
localparam [23:0] W1 = 24'h20, W2 = 24'h21, W3 = 24'h22, W_PD6 = 24'h23, W_NOTMW = 24'h24, W_FWB = 24'h25,
                  W_UNB = 24'h26, W4 = 24'h27, W5 = 24'h28, W_RACE = 24'h29;
localparam [7:0] LW = `RNIC_ACCESS_LOCAL_WRITE, RW = `RNIC_ACCESS_REMOTE_WRITE, RR = `RNIC_ACCESS_REMOTE_READ,
                 RA = `RNIC_ACCESS_REMOTE_ATOMIC, MWB = `RNIC_ACCESS_MW_BIND;
localparam [7:0] MWERR = `RNIC_WC_STATUS_MW_BIND_ERR, PROT = `RNIC_WC_STATUS_LOC_PROT_ERR,
                 QPOP = `RNIC_WC_STATUS_LOC_QP_OP_ERR;

function [31:0] wkey(input [23:0] w, input [7:0] tag);
    wkey = {w, tag};
endfunction

// BIND_MW (IBA 10.6.7.2) on qpn: the window named by the new rkey nrk (its
// index; its tag becomes the window's) bound to [addr, addr + len) of the
// region of lkey mrk with access bits swap[7:0] (swap is the whole
// send_wqe.swap); no SGE, length 0. exp_status OK: the model takes the new
// entry {valid, mw, tag, access, the window's PD, start, length, iova =
// region iova + (addr - region start), qpn}, which the DUT must write,
// followed by the hw_event MW_BIND (number: the new rkey; data word: the
// region's lkey)
task mw_bind_wqe(input [7:0] qpn, input [7:0] flags, input [31:0] mrk, input [31:0] nrk, input [63:0] addr,
          input [63:0] len, input [63:0] swap, input [7:0] exp_status, input exp_cqe);
    reg [63:0] sc, ss;
    reg [23:0] w, r;
    begin
        w = nrk >> 8;
        r = mrk >> 8;
        if (exp_status == OK) begin
            kt_valid[w] = 1'b1; kt_mw[w] = 1'b1; kt_tag[w] = nrk[7:0]; kt_access[w] = swap[7:0];
            kt_start[w] = addr; kt_len[w] = len; kt_iova[w] = kt_iova[r] + (addr - kt_start[r]);
            kt_qpn[w] = {16'd0, qpn};
            mw_expect(w, {mrk, `RNIC_HW_EVENT_MW_BIND, nrk[23:0]});
        end
        sc = at_cmp; ss = at_swap;
        at_cmp = len; at_swap = swap;
        post(qpn, `RNIC_WQE_OP_BIND_MW, flags, 0, 0, mrk, addr, nrk, exp_status, 1'b0, exp_cqe);
        at_cmp = sc; at_swap = ss;
    end
endtask

// LOCAL_INV on qpn of key (send_wqe.imm); the remote address, rkey,
// compare_add and swap fields carry decoys (the rkey names the next key
// index). exp_status OK: the window's entry is rewritten with valid 0, every
// other field as it was, followed by the hw_event MW_INVAL (number: the
// window's rkey; data word 0)
task linv(input [7:0] qpn, input [7:0] flags, input [31:0] key, input [7:0] exp_status, input exp_cqe);
    reg [63:0] sc, ss;
    reg [23:0] w;
    begin
        w = key >> 8;
        if (exp_status == OK) begin
            kt_valid[w] = 1'b0;
            mw_expect(w, {32'd0, `RNIC_HW_EVENT_MW_INVAL, key[23:0]});
        end
        sc = at_cmp; ss = at_swap;
        at_cmp = 64'h100; at_swap = {56'd0, RR};
        post(qpn, `RNIC_WQE_OP_LOCAL_INV, flags, 0, 0, key, RB_VA + 64'h40, key + 32'h100, exp_status, 1'b0, exp_cqe);
        at_cmp = sc; at_swap = ss;
    end
endtask

// the key-table writes and events so far are all the expected ones
task mw_counts(input [8*24-1:0] what);
    begin
        if (n_mpt != xm_wr || xm_rd != xm_wr || xv_rd != xv_wr) begin
            $display("FAIL: %0s: %0d key-table writes and %0d events, expected %0d and %0d", what, n_mpt, xv_rd,
                     xm_wr, xv_wr);
            errors = errors + 1;
        end
    end
endtask

// A refused local operation on QP 34 (reset to RTS first): the operation
// completes in error (one m_err_w pulse), no key-table write, no event, no
// packet, no DMA read; the SEND behind it is flushed. lb_begin resets the QP
// and notes the counters, the caller posts the operation, lb_end posts the
// SEND and checks.
integer bb_psn = 24'h000100;
integer lb_m, lb_d, lb_h;
task lb_begin;
    begin
        qp_reset_t(34, `RNIC_QP_TYPE_RC, `RNIC_MTU_1024, 24'd67, bb_psn, 32'h0e000022);
        bb_psn = bb_psn + 7;
        lb_m = n_mpt; lb_d = n_dma_req; lb_h = hs_msg;
    end
endtask

task lb_end(input [8*10-1:0] op, input [8*28-1:0] what);
    begin
        sg1(MR_VA + 64'h3600, 32);
        post(34, `RNIC_WQE_OP_SEND, SIG, 1, 32, 0, 0, 0, FLUSH, 1'b0, 1'b1);
        wait_cqes;
        if (n_mpt != lb_m || xv_rd != xv_wr || n_dma_req != lb_d || hs_msg != lb_h || em_wr != lb_h) begin
            $display("FAIL: refused %0s (%0s): %0d key-table writes, %0d DMA reads, %0d packets", op, what,
                     n_mpt - lb_m, n_dma_req - lb_d, hs_msg - lb_h);
            errors = errors + 1;
        end
    end
endtask

// a key-table write racing BIND_MW / LOCAL_INV: while race_arm is set, in
// the DUT's W_QC cycle (code 12, where the window is chosen) the firmware's
// write of race_data at race_idx goes out on the context bus for one cycle:
// the earliest write the window's entry read in W_MW1 cannot show
reg           race_arm = 1'b0;
reg           race_on = 1'b0;
reg [23:0]    race_idx = 24'd0;
reg [32*`RNIC_CTX_WORDS-1:0] race_data;
always @(negedge clk) begin
    if (race_on) begin
        ctx_wr_valid = 1'b0;
        race_on = 1'b0;
    end else if (race_arm && dut.w_state_reg == 5'd12) begin
        ctx_wr_valid = 1'b1; ctx_wr_table = `RNIC_CTX_TABLE_MPT; ctx_wr_index = race_idx; ctx_wr_data = race_data;
        race_on = 1'b1;
        race_arm = 1'b0;
    end
end

// the window freed (entry all zero) by the firmware in the cycle the DUT
// chooses it
task race_free(input [23:0] w);
    begin
        kt_valid[w] = 1'b0; kt_mw[w] = 1'b0; kt_tag[w] = 8'd0; kt_access[w] = 8'd0; kt_pdn[w] = 24'd0;
        kt_start[w] = 64'd0; kt_len[w] = 64'd0; kt_iova[w] = 64'd0; kt_qpn[w] = 24'd0;
        race_idx = w;
        race_data = kt_entry(w);
        race_arm = 1'b1;
    end
endtask

// one refused BIND_MW: MW_BIND_ERR
task bind_bad(input [8*28-1:0] what, input [31:0] mrk, input [31:0] nrk, input [63:0] addr, input [63:0] len,
              input [63:0] swap);
    begin
        lb_begin;
        mw_bind_wqe(34, SIG, mrk, nrk, addr, len, swap, MWERR, 1'b1);
        lb_end("BIND_MW", what);
    end
endtask

// one refused LOCAL_INV: LOC_PROT_ERR
task linv_bad(input [8*28-1:0] what, input [31:0] key);
    begin
        lb_begin;
        linv(34, SIG, key, PROT, 1'b1);
        lb_end("LOCAL_INV", what);
    end
endtask

initial begin
    for (i = 0; i < 256; i = i + 1) begin
        n_errc[i] = 0; n_errw[i] = 0; exp_errc[i] = 0; exp_errw[i] = 0;
        qa_state[i] = `RNIC_QP_STATE_RESET; qa_err[i] = 1'b0;
    end
    for (i = 0; i < 1024; i = i + 1) begin
        kt_valid[i] = 1'b0; kt_mw[i] = 1'b0; kt_tag[i] = 8'd0; kt_access[i] = 8'd0; kt_pdn[i] = 24'd0;
        kt_start[i] = 64'd0; kt_len[i] = 64'd0; kt_iova[i] = 64'd0; kt_qpn[i] = 24'd0;
    end
    for (i = 0; i < (256 << WS_QB); i = i + 1) ws_slot[i] = -1;
    for (i = 0; i < 64 * 64; i = i + 1) begin
        ps_v[i] = 1'b0; pp_v[i] = 1'b0;
    end
    for (i = 0; i < MEM_BYTES; i = i + 1) mem[i] = $random(seed);
    for (i = 0; i < 256; i = i + 1) inl[i] = $random(seed);
    repeat (10) @(negedge clk);
    rst = 1'b0;
    repeat (5) @(posedge clk);
    while (!init_done) @(posedge clk);     // the block clears its tables after reset
    for (i = 0; i < WMEM_BYTES; i = i + 1) begin
        wmem[i] = $random(seed); wexp[i] = wmem[i]; wok[i] = 1'b0;
    end
    for (i = 0; i < RSRC_BYTES; i = i + 1) rsrc[i] = $random(seed);
    mr_setup(LKEY, 24'd5, MR_VA, MEM_BYTES, MR_IOVA, `RNIC_ACCESS_LOCAL_WRITE);
    mr_setup(LKEY_PD6, 24'd6, MR_VA, MEM_BYTES, MR_IOVA, `RNIC_ACCESS_LOCAL_WRITE);
    mr_setup(LKEY_W, 24'd5, WR_VA, WMEM_BYTES, WR_IOVA, `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_READ);
    mr_setup(LKEY_RO, 24'd5, MR_VA, MEM_BYTES, MR_IOVA, `RNIC_ACCESS_REMOTE_READ | `RNIC_ACCESS_REMOTE_WRITE);
    qp_setup(3, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd7, 24'hfffffe, 1'b0);  // PSN wraps
    qp_setup(4, `RNIC_QP_STATE_RTS, `RNIC_MTU_4096, 24'd5, 24'd9, 24'd100, 1'b0);
    qp_setup(5, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd11, 24'd7, 1'b1);     // sq_sig_all
    qp_setup(6, `RNIC_QP_STATE_RTR, `RNIC_MTU_1024, 24'd5, 24'd13, 24'd0, 1'b0);
    qp_setup(7, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd15, 24'd0, 1'b0);
    qp_setup(8, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd17, 24'd0, 1'b0);

    // --- QP 3, MTU 1024: 0 B, 1 B, MTU-1, MTU, MTU+1 (2 SGEs)
    $display("QP 3 MTU 1024: 0, 1, 1023, 1024, 1025 bytes");
    post(3, `RNIC_WQE_OP_SEND, SIG, 0, 0, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 3, 1);
    post(3, `RNIC_WQE_OP_SEND, SIG, 1, 1, 0, 0, 0, OK, 1, 1);
    m0 = qa_psn[3] - 1;                                                // last PSN so far
    sg1(MR_VA + 64'h101, 1023);
    post(3, `RNIC_WQE_OP_SEND, SIG, 1, 1023, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h800, 1024);
    post(3, `RNIC_WQE_OP_SEND, SIG, 1, 1024, 0, 0, 0, OK, 1, 1);
    sg_va[0] = MR_VA + 64'h1001; sg_len[0] = 1000; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h2003; sg_len[1] = 25; sg_key[1] = LKEY;
    post(3, `RNIC_WQE_OP_SEND, SIG, 2, 1025, 0, 0, 0, OK, 1, 1);
    wait_sent;
    // an ACK for the second message retires the first two only
    ec_wr = ec_wr - 3;
    send_ack(8'h11, 3, m0[23:0], ACK_SYN, 0);
    wait_cqes;
    // a duplicate ACK (PSN no longer outstanding) and one for an unknown QP are dropped
    send_ack(8'h11, 3, m0[23:0], ACK_SYN, 0); exp_drop = exp_drop + 1;
    send_ack(8'h11, 200, 24'd0, ACK_SYN, 0); exp_drop = exp_drop + 1;
    // an XRC ACK (0xB1) for this RC QP, though its PSN is outstanding: dropped
    send_ack(8'hB1, 3, qa_psn[3] - 24'd1, ACK_SYN, 0); exp_drop = exp_drop + 1;
    ec_wr = ec_wr + 3;
    send_ack(8'h11, 3, qa_psn[3] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    // --- QP 3: 64 KiB, SEND_IMM over 4 SGEs, inline, RDMA WRITE (imm)
    $display("QP 3 MTU 1024: 64 KiB, SEND_IMM 4 SGEs, inline 200 B, WRITE_IMM 3 SGEs, WRITE");
    sg1(MR_VA + 64'h10005, 65536);
    post(3, `RNIC_WQE_OP_SEND, SIG, 1, 65536, 0, 0, 0, OK, 1, 1);
    sg_va[0] = MR_VA + 64'h3; sg_len[0] = 777; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h5000; sg_len[1] = 0; sg_key[1] = 32'hdeadbeef;   // zero length: no check, no DMA
    sg_va[2] = MR_VA + 64'h6011; sg_len[2] = 1; sg_key[2] = LKEY;
    sg_va[3] = MR_VA + 64'h7ffd; sg_len[3] = 2222; sg_key[3] = LKEY;
    post(3, `RNIC_WQE_OP_SEND_IMM, SIG | `RNIC_WQE_FLAG_SOLICITED, 4, 3000, 32'h44332211, 0, 0, OK, 1, 1);
    post(3, `RNIC_WQE_OP_SEND, `RNIC_WQE_FLAG_INLINE, 0, 200, 0, 0, 0, OK, 1, 0);
    sg_va[0] = MR_VA + 64'h9001; sg_len[0] = 1500; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h9999; sg_len[1] = 999; sg_key[1] = LKEY;
    sg_va[2] = MR_VA + 64'h2ffff; sg_len[2] = 1; sg_key[2] = LKEY;               // last byte of the region
    post(3, `RNIC_WQE_OP_RDMA_WRITE_IMM, SIG, 3, 2500, 32'hcafef00d, 64'h123456789abc, 32'h00abcd01, OK, 1, 1);
    sg1(MR_VA + 64'h77, 1500);
    post(3, `RNIC_WQE_OP_RDMA_WRITE, 0, 1, 1500, 0, 64'hfedcba9876543210, 32'h00000102, OK, 1, 0);
    wait_sent;
    send_ack(8'h11, 3, qa_psn[3] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    // --- QP 4, MTU 4096, no back-pressure: rate of a 64 KiB SEND
    $display("QP 4 MTU 4096: 64 KiB (rate), 0, 4095, 4096, 4097 bytes");
    noisy = 1'b0;
    repeat (5) @(posedge clk);
    meas_msg = em_wr;
    sg1(MR_VA + 64'h10003, 65536);
    post(4, `RNIC_WQE_OP_SEND, SIG, 1, 65536, 0, 0, 0, OK, 1, 1);
    wait_sent;
    $display("64 KiB SEND at MTU 4096: %0d payload beats in %0d cycles (%0d.%02d beats/cycle)",
             meas_beats, meas_last - meas_first + 1, meas_beats / (meas_last - meas_first + 1),
             (meas_beats * 100 / (meas_last - meas_first + 1)) % 100);
    if (meas_beats != 1024 || (meas_last - meas_first + 1) > 1024 + 16) begin
        $display("FAIL: 64 KiB SEND is not at one payload beat per cycle");
        errors = errors + 1;
    end
    noisy = 1'b1;
    post(4, `RNIC_WQE_OP_SEND, SIG, 0, 0, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h21, 4095);
    post(4, `RNIC_WQE_OP_SEND, SIG, 1, 4095, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h1000, 4096);
    post(4, `RNIC_WQE_OP_SEND, SIG, 1, 4096, 0, 0, 0, OK, 1, 1);
    sg_va[0] = MR_VA + 64'h4001; sg_len[0] = 4096; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h9003; sg_len[1] = 1; sg_key[1] = LKEY;
    post(4, `RNIC_WQE_OP_SEND_IMM, SIG, 2, 4097, 32'h01020304, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 4, qa_psn[4] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    // --- QP 4: bad lkey tag -> LOC_PROT_ERR, then every WQE is flushed
    $display("QP 4: bad lkey, then flush");
    sg_va[0] = MR_VA; sg_len[0] = 100; sg_key[0] = LKEY ^ 32'h1;
    post(4, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, `RNIC_WC_STATUS_LOC_PROT_ERR, 0, 1);
    sg1(MR_VA, 100);
    post(4, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    post(4, `RNIC_WQE_OP_SEND, 0, 1, 100, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;

    // --- QP 5 (sq_sig_all): an unacknowledged WQE, then an SGE past the region end:
    // the outstanding one is flushed, then LOC_PROT_ERR, in WQE order
    $display("QP 5: SGE out of bounds with an outstanding WQE");
    sg1(MR_VA + 64'h100, 300);
    post(5, `RNIC_WQE_OP_SEND, 0, 1, 300, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 1, 1);
    wait_sent;
    sg1(MR_VA + MEM_BYTES - 10, 11);
    post(5, `RNIC_WQE_OP_SEND, 0, 1, 11, 0, 0, 0, `RNIC_WC_STATUS_LOC_PROT_ERR, 0, 1);
    wait_cqes;
    send_ack(8'h11, 5, qa_psn[5] - 24'd1, ACK_SYN, 0); exp_drop = exp_drop + 1;   // nothing outstanding any more

    // --- QP 7: an lkey of another PD; QP 8: sum of SGEs != length; QP 6 (RTR): not ready
    $display("QP 6/7/8: not RTS, wrong PD, length mismatch, unsupported opcode");
    sg1(MR_VA, 64);
    sg_key[0] = LKEY_PD6;
    post(7, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, `RNIC_WC_STATUS_LOC_PROT_ERR, 0, 1);
    sg1(MR_VA, 64);
    post(8, `RNIC_WQE_OP_SEND, SIG, 1, 65, 0, 0, 0, `RNIC_WC_STATUS_LOC_LEN_ERR, 0, 1);
    post(6, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);
    wait_cqes;
    qp_setup(8, `RNIC_QP_STATE_RESET, `RNIC_MTU_1024, 24'd5, 24'd17, 24'd0, 1'b0);   // clears the error flag
    qp_setup(8, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd17, 24'd40, 1'b0);
    post(8, `RNIC_WQE_OP_TSO, SIG, 1, 64, 32'h55, 0, 0, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);   // not implemented
    post(8, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;

    // --- QP 3: NAKs
    $display("QP 3: READ response, remote access NAK");
    sg1(MR_VA + 64'h500, 100);
    post(3, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, OK, 1, 1);
    m0 = qa_psn[3];                                                    // first PSN of the next message
    sg1(MR_VA + 64'h600, 2000);
    post(3, `RNIC_WQE_OP_SEND, SIG, 1, 2000, 0, 0, 0, `RNIC_WC_STATUS_REM_ACCESS_ERR, 1, 1);
    sg1(MR_VA + 64'h700, 10);
    post(3, `RNIC_WQE_OP_SEND, 0, 1, 10, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 1, 1);
    wait_sent;
    send_ack(8'h10, 3, m0[23:0], 8'h1F, 100); exp_drop = exp_drop + 1;    // READ RESPONSE ONLY: not expected
    repeat (50) @(posedge clk);
    if (ec_rd != ec_wr - 3) begin
        $display("FAIL: CQEs before the NAK");
        errors = errors + 1;
    end
    send_ack(8'h11, 3, m0[23:0] + 24'd1, 8'h62, 0);                       // NAK remote access error
    wait_cqes;
    sg1(MR_VA, 100);
    post(3, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;

    // --- RDMA READ (QPs 9 and 10: retry_cnt 7, the READ requests lost
    // responses again; no timer)
    rel_set(5'd0, 3'd7, 3'd0);
    qp_setup(9, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd19, 24'hfffffa, 1'b0);   // PSNs wrap
    qp_setup(10, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd21, 24'h000123, 1'b0);
    rel_set(5'd0, 3'd0, 3'd0);
    qp_setup(11, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd23, 24'd500, 1'b0);
    qp_setup(12, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd25, 24'h7ffffe, 1'b0);
    qp_setup(13, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd27, 24'd1, 1'b0);
    rs = 0;

    // QP 9, MTU 256: the send PSN advances by max(1, ceil(len / MTU)) per READ,
    // checked on the SEND posted behind each READ
    $display("QP 9 MTU 256: READs of 0, 1, 256, 257, 1283 bytes, each followed by a SEND");
    rp = qa_psn[9];
    wqi = qa_index[9];
    post(9, `RNIC_WQE_OP_RDMA_READ, SIG, 0, 0, 0, 64'h0000100020003000, 32'h00001234, OK, 1, 1);
    sg1(MR_VA + 64'h31, 5);
    post(9, `RNIC_WQE_OP_SEND, SIG, 1, 5, 0, 0, 0, OK, 1, 1);
    wait_sent;
    // an ACK for the SEND does not retire the READ before it (nor the SEND
    // behind it); it says the READ's response was lost (an implied NAK): go
    // back N to the READ, whose READ REQUEST and the SEND go out again
    ec_wr = ec_wr - 2;
    re_expect(9, rp);
    send_ack(8'h11, 9, qa_psn[9] - 24'd1, ACK_SYN, 0);
    wait_sent;
    wait_cqes;
    rw_chk("QP 9 ACK past a READ", 9, wqi[15:0]);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + 2;
    stat_chk("QP 9 ACK past a READ");
    ec_wr = ec_wr + 1;
    rd_respond(9, rp, 0, rs);                                          // READ RESPONSE ONLY, no payload
    wait_cqes;
    ec_wr = ec_wr + 1;
    send_ack(8'h11, 9, qa_psn[9] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("READ 0 B");
    for (ri = 1; ri < 5; ri = ri + 1) begin
        rl = (ri == 1) ? 1 : (ri == 2) ? 256 : (ri == 3) ? 257 : 1283;
        rp = qa_psn[9];
        sg_va[0] = WR_VA + ri * 64'h1000 + 64'h13; sg_key[0] = LKEY_W;
        if (rl == 1) begin
            sg_len[0] = 1; rn = 1;
        end else begin
            sg_len[0] = rl / 2 + 1;
            sg_va[1] = WR_VA + ri * 64'h1000 + 64'h803; sg_len[1] = rl - sg_len[0]; sg_key[1] = LKEY_W;
            rn = 2;
        end
        post(9, `RNIC_WQE_OP_RDMA_READ, SIG, rn, rl, 0, 64'h00007f00aa000001 + ri, 32'h00abc000 + ri, OK, 1, 1);
        rd_expect(rn, rs, rl);
        sg1(MR_VA + 64'h40 + ri, 7);
        post(9, `RNIC_WQE_OP_SEND, SIG, 1, 7, 0, 0, 0, OK, 1, 1);
        wait_sent;
        rd_respond(9, rp, rl, rs);
        send_ack(8'h11, 9, qa_psn[9] - 24'd1, ACK_SYN, 0);
        wait_cqes;
        wmem_check("QP 9 READ");
        rs = rs + rl;
    end

    // QP 9: a NAK for the READ's PSN completes it with the NAK's error
    $display("QP 9: remote access NAK for a READ, the SEND behind it flushed");
    rp = qa_psn[9];
    sgw(64'h7001, 100);
    post(9, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 100, 0, 64'h5000, 32'h77, `RNIC_WC_STATUS_REM_ACCESS_ERR, 1, 1);
    sg1(MR_VA + 64'h50, 20);
    post(9, `RNIC_WQE_OP_SEND, 0, 1, 20, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 1, 1);
    wait_sent;
    send_ack(8'h11, 9, rp, 8'h62, 0);
    wait_cqes;
    send_rresp(OP_RR_ONLY, 9, rp, 100, rs, 1'b0); exp_drop = exp_drop + 1;   // no READ outstanding any more
    wmem_check("READ NAKed");

    // QP 10, MTU 1024: one SGE, READ RESPONSE ONLY; SOLICITED is not sent on a READ
    $display("QP 10 MTU 1024: 1-SGE READ (ONLY response)");
    rp = qa_psn[10];
    sgw(64'h101, 700);
    post(10, `RNIC_WQE_OP_RDMA_READ, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 700, 0, 64'hffff800012345677, 32'hfeed0001,
         OK, 1, 1);
    rd_expect(1, rs, 700);
    wait_sent;
    rd_respond(10, rp, 700, rs);
    wait_cqes;
    wmem_check("READ ONLY");
    rs = rs + 700;

    // QP 10: two SENDs, then a READ over 4 SGEs (one of length 0 with a bogus
    // key) at odd offsets: 1024 + 1024 + 452 bytes cross SGE boundaries
    // mid-packet. Responses with wrong PSNs or out-of-place opcodes are
    // dropped and change nothing: a MIDDLE at the READ's first PSN, one at
    // the SEND's PSN, one for an unknown QP, a duplicate FIRST, a FIRST in
    // the middle. A response past the next expected one (PSN ahead, skips a
    // PSN) is dropped too, but says the ones between were lost (an implied
    // NAK): the entries before the READ are done (the two SENDs complete),
    // and the READ is requested again from its next expected response: at
    // first the whole READ again; after its FIRST came, a READ REQUEST with
    // the second PSN, va + 1024 and length 1476 (header sink), answered by
    // FIRST and LAST, whose data goes on at byte 1024 of the SGEs (SGE 2,
    // offset 23)
    $display("QP 10: READ after two SENDs, 4 SGEs, wrong responses dropped, PSN ahead -> READ REQUEST again");
    sg1(MR_VA + 64'h1234, 100);
    post(10, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h2345, 2000);
    post(10, `RNIC_WQE_OP_SEND, SIG, 1, 2000, 0, 0, 0, OK, 1, 1);
    rp = qa_psn[10];
    wqi = qa_index[10];
    sg_va[0] = WR_VA + 64'h1003; sg_len[0] = 1001; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h1500; sg_len[1] = 0;    sg_key[1] = 32'hdeadbeef;
    sg_va[2] = WR_VA + 64'h2001; sg_len[2] = 77;   sg_key[2] = LKEY_W;
    sg_va[3] = WR_VA + 64'h2ffb; sg_len[3] = 1422; sg_key[3] = LKEY_W;
    post(10, `RNIC_WQE_OP_RDMA_READ, SIG, 4, 2500, 0, 64'h0123456789abcdef, 32'h00c0ffee, OK, 1, 1);
    rd_expect(4, rs, 2500);
    wait_sent;
    ec_wr = ec_wr - 1;                                                 // the two SENDs only
    re_expect(10, rp);                                                 // the whole READ REQUEST again
    send_rresp(OP_RR_FIRST, 10, rp + 24'd1, 1024, rs + 9000, 1'b0); exp_drop = exp_drop + 1;  // PSN ahead
    wait_sent;
    wait_cqes;                                                         // the two SENDs
    rw_chk("QP 10 PSN ahead", 10, wqi[15:0]);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    stat_chk("QP 10 PSN ahead");
    send_rresp(OP_RR_MIDDLE, 10, rp, 1024, rs + 9000, 1'b0); exp_drop = exp_drop + 1;        // MIDDLE first
    send_rresp(OP_RR_ONLY, 10, rp - 24'd1, 100, rs + 9000, 1'b0); exp_drop = exp_drop + 1;   // the SEND's PSN
    send_rresp(OP_RR_ONLY, 200, rp, 100, rs + 9000, 1'b0); exp_drop = exp_drop + 1;          // unknown QP
    wait_cqes;                                                         // no CQE
    send_rresp(OP_RR_FIRST, 10, rp, 1024, rs, 1'b1);
    send_rresp(OP_RR_FIRST, 10, rp, 1024, rs + 9000, 1'b0); exp_drop = exp_drop + 1;        // duplicate
    send_rresp(OP_RR_FIRST, 10, rp + 24'd1, 1024, rs + 9000, 1'b0); exp_drop = exp_drop + 1; // FIRST in the middle
    wait_cqes;                                                         // no CQE
    stat_chk("QP 10 dropped responses");
    re_expect(10, rp + 24'd1);                                         // READ REQUEST at rp + 1
    send_rresp(OP_RR_LAST, 10, rp + 24'd2, 452, rs + 9000, 1'b0); exp_drop = exp_drop + 1;  // skips a PSN
    wait_sent;
    rw_chk("QP 10 PSN skipped", 10, wqi[15:0]);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    stat_chk("QP 10 PSN skipped");
    ec_wr = ec_wr + 1;
    send_rresp(OP_RR_FIRST, 10, rp + 24'd1, 1024, rs + 1024, 1'b1);
    send_rresp(OP_RR_LAST, 10, rp + 24'd2, 452, rs + 2048, 1'b1);
    wait_cqes;
    wmem_check("READ 4 SGEs");
    rs = rs + 2500;

    // QP 10: a second READ waits in the WQE stage until the first completes
    $display("QP 10: a second READ waits for the first");
    rp = qa_psn[10];
    sg_va[0] = WR_VA + 64'h4007; sg_len[0] = 1500; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h5001; sg_len[1] = 1500; sg_key[1] = LKEY_W;
    post(10, `RNIC_WQE_OP_RDMA_READ, SIG, 2, 3000, 0, 64'h1111, 32'h2222, OK, 1, 1);
    rd_expect(2, rs, 3000);
    rp2 = qa_psn[10];
    sgw(64'h6003, 40);
    post(10, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 40, 0, 64'h3333, 32'h4444, OK, 1, 1);
    wait_hdrs(em_wr - 1);
    repeat (300) @(posedge clk);
    if (hs_msg != em_wr - 1) begin
        $display("FAIL: the second READ went out while the first was outstanding");
        errors = errors + 1;
    end
    ec_wr = ec_wr - 1;
    rd_respond(10, rp, 3000, rs);
    wait_cqes;
    wmem_check("first READ");
    rs = rs + 3000;
    sgw(64'h6003, 40);
    rd_expect(1, rs, 40);
    ec_wr = ec_wr + 1;
    wait_sent;
    rd_respond(10, rp2, 40, rs);
    wait_cqes;
    wmem_check("second READ");
    rs = rs + 40;

    // QP 11: the READ's lkey lacks LOCAL_WRITE (the same key gathers a SEND)
    $display("QP 11: READ SGE without LOCAL_WRITE");
    sg1(MR_VA + 64'h333, 50); sg_key[0] = LKEY_RO;
    post(11, `RNIC_WQE_OP_SEND, SIG, 1, 50, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 11, qa_psn[11] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    sg_va[0] = WR_VA + 64'h100; sg_len[0] = 10; sg_key[0] = LKEY_W;
    sg_va[1] = MR_VA + 64'h333; sg_len[1] = 50; sg_key[1] = LKEY_RO;
    post(11, `RNIC_WQE_OP_RDMA_READ, SIG, 2, 60, 0, 64'h9, 32'h9, `RNIC_WC_STATUS_LOC_PROT_ERR, 0, 1);
    sg1(MR_VA, 8);
    post(11, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;

    // QP 12, MTU 256: a MIDDLE response takes the READ (600 B, 3 PSNs) past
    // its length: LOC_LEN_ERR, the first response's 256 bytes are placed and
    // nothing else (nothing past the SGEs); the SEND behind the READ and
    // later WQEs are flushed
    $display("QP 12 MTU 256: READ responses longer than the READ");
    rp = qa_psn[12];
    sg_va[0] = WR_VA + 64'h7101; sg_len[0] = 300; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h7303; sg_len[1] = 300; sg_key[1] = LKEY_W;
    post(12, `RNIC_WQE_OP_RDMA_READ, SIG, 2, 600, 0, 64'h77, 32'h88, `RNIC_WC_STATUS_LOC_LEN_ERR, 1, 1);
    rd_expect(2, rs, 256);
    sg1(MR_VA + 64'h10, 30);
    post(12, `RNIC_WQE_OP_SEND, SIG, 1, 30, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 1, 1);
    wait_sent;
    send_rresp(OP_RR_FIRST, 12, rp, 256, rs, 1'b1);
    send_rresp(OP_RR_MIDDLE, 12, rp + 24'd1, 400, rs + 256, 1'b0);    // 656 > 600
    wait_cqes;
    send_rresp(OP_RR_LAST, 12, rp + 24'd2, 88, rs + 256, 1'b0); exp_drop = exp_drop + 1;   // READ gone
    sg1(MR_VA, 8);
    post(12, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;
    wmem_check("READ too long");
    rs = rs + 656;

    // QP 12 again: a LAST that takes the READ past its length
    qp_setup(12, `RNIC_QP_STATE_RESET, `RNIC_MTU_256, 24'd5, 24'd25, 24'd0, 1'b0);
    qp_setup(12, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd25, 24'h000777, 1'b0);
    rp = qa_psn[12];
    sgw(64'h7501, 300);
    post(12, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 300, 0, 64'h77, 32'h88, `RNIC_WC_STATUS_LOC_LEN_ERR, 1, 1);
    rd_expect(1, rs, 256);
    wait_sent;
    send_rresp(OP_RR_FIRST, 12, rp, 256, rs, 1'b1);
    send_rresp(OP_RR_LAST, 12, rp + 24'd1, 100, rs + 256, 1'b0);      // 356 > 300
    wait_cqes;
    wmem_check("READ LAST too long");
    rs = rs + 356;

    // QP 13: an inline READ is refused; a READ RESPONSE ONLY shorter than the READ
    $display("QP 13: inline READ, READ RESPONSE ONLY shorter than the READ");
    post(13, `RNIC_WQE_OP_RDMA_READ, SIG | `RNIC_WQE_FLAG_INLINE, 0, 16, 0, 64'h1, 32'h2,
         `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);
    wait_cqes;
    qp_setup(13, `RNIC_QP_STATE_RESET, `RNIC_MTU_1024, 24'd5, 24'd27, 24'd0, 1'b0);
    qp_setup(13, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd27, 24'habcdef, 1'b0);
    rp = qa_psn[13];
    sgw(64'h7801, 200);
    post(13, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 200, 0, 64'h5, 32'h6, `RNIC_WC_STATUS_LOC_LEN_ERR, 1, 1);
    rd_expect(1, rs, 0);
    wait_sent;
    send_rresp(OP_RR_ONLY, 13, rp, 150, rs, 1'b0);
    wait_cqes;
    sgw(64'h7a01, 20);
    post(13, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 20, 0, 64'h5, 32'h6, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;
    wmem_check("READ too short");
    // a FIRST at the READ's only PSN: the READ cannot end inside its PSNs
    qp_setup(13, `RNIC_QP_STATE_RESET, `RNIC_MTU_1024, 24'd5, 24'd27, 24'd0, 1'b0);
    qp_setup(13, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd27, 24'hffffff, 1'b0);
    rp = qa_psn[13];
    sgw(64'h7c01, 100);
    post(13, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 100, 0, 64'h5, 32'h6, `RNIC_WC_STATUS_LOC_LEN_ERR, 1, 1);
    rd_expect(1, rs, 0);
    wait_sent;
    send_rresp(OP_RR_FIRST, 13, rp, 100, rs, 1'b0);
    wait_cqes;
    wmem_check("READ FIRST at last PSN");

    // --- ATOMICS (IBA 9.4.5): CMP_AND_SWP / FETCH_AND_ADD as "a READ of 8
    // bytes whose data comes from the ATOMIC ACKNOWLEDGE header"
    rel_set(5'd0, 3'd7, 3'd0);                                          // QP 14: retry_cnt 7
    qp_setup(14, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd29, 24'hfffffe, 1'b0);  // PSNs wrap
    rel_set(5'd0, 3'd0, 3'd0);
    qp_setup(15, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd31, 24'h000300, 1'b0);
    qp_setup(16, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd33, 24'd50, 1'b0);
    qp_setup(17, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd35, 24'd70, 1'b0);
    qp_setup(18, `RNIC_QP_STATE_RTS, `RNIC_MTU_4096, 24'd5, 24'd37, 24'h123456, 1'b0);

    // QP 14: COMPARE SWAP into one SGE at an odd address (SOLICITED is not
    // sent on an atomic), a SEND behind it must use the atomic's PSN + 1
    // (header sink); an ACK for the SEND retires neither, and says the
    // ATOMIC ACKNOWLEDGE was lost: the COMPARE SWAP (same PSN, same
    // AtomicETH) and the SEND go out again; the ATOMIC ACKNOWLEDGE places
    // the original data and completes the CS only
    $display("QP 14: CMP_AND_SWP, 1 SGE; the SEND behind it at PSN + 1; an ACK past it: both again");
    rp = qa_psn[14];
    wqi = qa_index[14];
    at_cmp = 64'h0123456789abcdef; at_swap = 64'hfedcba9876543210;
    sgw(64'h0101, 8);
    post(14, `RNIC_WQE_OP_ATOMIC_CS, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 8, 32'h99999999, 64'h00007f0012345678,
         32'h00a70001, OK, 1, 1);
    av = 64'h8877665544332211;
    at_expect(1, av);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    sg1(MR_VA + 64'h91, 5);
    post(14, `RNIC_WQE_OP_SEND, SIG, 1, 5, 0, 0, 0, OK, 1, 1);
    wait_sent;
    chk("SEND psn", em_psn[(em_wr - 1) % MAXMSG], 24'hffffff);          // the expectation the sink used
    ec_wr = ec_wr - 2;
    re_expect(14, rp);
    send_ack(8'h11, 14, qa_psn[14] - 24'd1, ACK_SYN, 0);
    wait_sent;
    wait_cqes;
    rw_chk("QP 14 ACK past an atomic", 14, wqi[15:0]);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + 2;
    stat_chk("QP 14 ACK past an atomic");
    ec_wr = ec_wr + 1;
    send_atack(14, rp, av, 1'b1);
    wait_cqes;
    ec_wr = ec_wr + 1;
    send_ack(8'h11, 14, qa_psn[14] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("CS 1 SGE");
    chk("CS byte 0", wmem[32'h0101], 8'h11);                            // little-endian in memory
    chk("CS byte 7", wmem[32'h0108], 8'h88);

    // QP 14: FETCH ADD over 3 + 5 bytes at odd addresses (a zero-length SGE
    // with a bogus key between them); swap_or_add is the add value
    $display("QP 14: FETCH_AND_ADD, 3 + 5 bytes");
    rp = qa_psn[14];
    at_cmp = 64'h0000000000000005; at_swap = 64'hdeadbeefcafef00d;      // FA sends compare_add, ignores swap
    sg_va[0] = WR_VA + 64'h0203; sg_len[0] = 3; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h0280; sg_len[1] = 0; sg_key[1] = 32'hdeadbeef;
    sg_va[2] = WR_VA + 64'h0305; sg_len[2] = 5; sg_key[2] = LKEY_W;
    post(14, `RNIC_WQE_OP_ATOMIC_FA, SIG, 3, 8, 0, 64'hffff800000000008, 32'hfeedbeef, OK, 1, 1);
    av = 64'hf0e1d2c3b4a59687;
    at_expect(3, av);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    wait_sent;
    send_atack(14, rp, av, 1'b1);
    wait_cqes;
    wmem_check("FA 3 + 5 bytes");
    chk("FA byte 0", wmem[32'h0203], 8'h87);
    chk("FA byte 2", wmem[32'h0205], 8'ha5);
    chk("FA byte 3", wmem[32'h0305], 8'hb4);
    chk("FA byte 7", wmem[32'h0309], 8'hf0);

    // QP 15, MTU 256: two SENDs (one unsignaled), then a CS; ATOMIC
    // ACKNOWLEDGEs with a wrong PSN, with a payload or for an unknown QP (one
    // whose low QPN bits are QP 15's) and a READ RESPONSE for the atomic are
    // dropped; the right one retires the SENDs, then completes the CS; a
    // duplicate is dropped
    $display("QP 15: CMP_AND_SWP after two SENDs; wrong ATOMIC ACKs and a READ RESPONSE dropped");
    sg1(MR_VA + 64'h1111, 300);
    post(15, `RNIC_WQE_OP_SEND, SIG, 1, 300, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h2222, 20);
    post(15, `RNIC_WQE_OP_SEND, 0, 1, 20, 0, 0, 0, OK, 1, 0);
    rp = qa_psn[15];
    at_cmp = 64'h1111111122222222; at_swap = 64'h3333333344444444;
    sgw(64'h0407, 8);
    post(15, `RNIC_WQE_OP_ATOMIC_CS, SIG, 1, 8, 0, 64'h0000000000000ff8, 32'h00000001, OK, 1, 1);
    av = 64'h0102030405060708;
    at_expect(1, av);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    wait_sent;
    ec_wr = ec_wr - 2;
    send_atack(15, rp + 24'd1, 64'hbad0bad0bad0bad1, 1'b0); exp_drop = exp_drop + 1;   // PSN ahead
    send_atack(15, rp - 24'd1, 64'hbad0bad0bad0bad2, 1'b0); exp_drop = exp_drop + 1;   // the SEND's PSN
    send_rresp(OP_RR_ONLY, 15, rp, 8, rs, 1'b0); exp_drop = exp_drop + 1;              // READ RESPONSE
    send_ack(8'h12, 15, rp, ACK_SYN, 8); exp_drop = exp_drop + 1;                       // with a payload
    send_atack(24'h010000 + 24'd15, rp, 64'hbad0bad0bad0bad3, 1'b0); exp_drop = exp_drop + 1;  // QPN past the
                                                                       // table, low bits QP 15
    wait_cqes;                                                         // no CQE yet
    ec_wr = ec_wr + 2;
    send_atack(15, rp, av, 1'b1);
    wait_cqes;                                                         // the signaled SEND, the CS
    send_atack(15, rp, 64'hbad0bad0bad0bad4, 1'b0); exp_drop = exp_drop + 1;          // duplicate
    wmem_check("CS after SENDs");

    // QP 16: an atomic waits for the outstanding READ (an ATOMIC ACK for the
    // READ is dropped), then a READ waits for the outstanding atomic
    $display("QP 16: an atomic waits for a READ, a READ for an atomic");
    rp = qa_psn[16];
    sgw(64'h0501, 100);
    post(16, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 100, 0, 64'h4444, 32'h5555, OK, 1, 1);
    rd_expect(1, rs, 100);
    rp2 = qa_psn[16];
    at_cmp = 64'h0000000100000000; at_swap = 64'h7777777777777777;
    sgw(64'h0601, 8);
    post(16, `RNIC_WQE_OP_ATOMIC_FA, SIG, 1, 8, 0, 64'h6666, 32'h00000777, OK, 1, 1);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    wait_hdrs(em_wr - 1);
    repeat (300) @(posedge clk);
    if (hs_msg != em_wr - 1) begin
        $display("FAIL: the atomic went out while a READ was outstanding");
        errors = errors + 1;
    end
    send_atack(16, rp, 64'hbad0bad0bad0bad5, 1'b0); exp_drop = exp_drop + 1;          // ATOMIC ACK for a READ
    ec_wr = ec_wr - 1;
    rd_respond(16, rp, 100, rs);
    wait_cqes;
    wmem_check("READ before an atomic");
    rs = rs + 100;
    sgw(64'h0601, 8);
    av = 64'hffffffff00000001;
    at_expect(1, av);
    ec_wr = ec_wr + 1;
    rp = qa_psn[16];
    sgw(64'h0701, 50);
    post(16, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 50, 0, 64'h8888, 32'h9999, OK, 1, 1);
    wait_hdrs(em_wr - 1);
    repeat (300) @(posedge clk);
    if (hs_msg != em_wr - 1) begin
        $display("FAIL: a READ went out while an atomic was outstanding");
        errors = errors + 1;
    end
    ec_wr = ec_wr - 1;
    send_atack(16, rp2, av, 1'b1);
    wait_cqes;
    wmem_check("atomic before a READ");
    sgw(64'h0701, 50);
    rd_expect(1, rs, 50);
    ec_wr = ec_wr + 1;
    wait_sent;
    rd_respond(16, rp, 50, rs);
    wait_cqes;
    wmem_check("READ after an atomic");
    rs = rs + 50;

    // QP 17: local buffers of 7 and 9 bytes (length field and SGEs agreeing,
    // or not) -> LOC_LEN_ERR; a key without LOCAL_WRITE -> LOC_PROT_ERR; an
    // inline atomic -> LOC_QP_OP_ERR; each sets the QP error flag
    $display("QP 17: atomic of 7 / 9 bytes, key without LOCAL_WRITE, inline atomic");
    sgw(64'h0801, 7);
    post(17, `RNIC_WQE_OP_ATOMIC_CS, SIG, 1, 7, 0, 64'h8, 32'h1, `RNIC_WC_STATUS_LOC_LEN_ERR, 0, 1);
    sg1(MR_VA, 8);
    post(17, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;
    for (ri = 0; ri < 4; ri = ri + 1) begin
        qp_setup(17, `RNIC_QP_STATE_RESET, `RNIC_MTU_1024, 24'd5, 24'd35, 24'd0, 1'b0);
        qp_setup(17, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd35, 24'd80 + ri, 1'b0);
        sg_va[0] = WR_VA + 64'h0811; sg_len[0] = 4; sg_key[0] = LKEY_W;
        sg_va[1] = WR_VA + 64'h0821; sg_len[1] = (ri == 2) ? 3 : 5; sg_key[1] = LKEY_W;
        if (ri == 3) begin
            sg_va[1] = MR_VA + 64'h100; sg_len[1] = 4; sg_key[1] = LKEY_RO;
        end
        // ri 0: 9 bytes, length 9; ri 1: 9 bytes, length 8; ri 2: 7 bytes,
        // length 8; ri 3: 8 bytes, second key without LOCAL_WRITE
        post(17, (ri == 1) ? `RNIC_WQE_OP_ATOMIC_CS : `RNIC_WQE_OP_ATOMIC_FA, SIG, 2, (ri == 0) ? 9 : 8, 0,
             64'h10, 32'h2, (ri == 3) ? `RNIC_WC_STATUS_LOC_PROT_ERR : `RNIC_WC_STATUS_LOC_LEN_ERR, 0, 1);
        sg1(MR_VA, 8);
        post(17, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
        wait_cqes;
    end
    qp_setup(17, `RNIC_QP_STATE_RESET, `RNIC_MTU_1024, 24'd5, 24'd35, 24'd0, 1'b0);
    qp_setup(17, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd35, 24'd90, 1'b0);
    for (i = 0; i < 8; i = i + 1) inl[i] = 8'h40 + i;
    post(17, `RNIC_WQE_OP_ATOMIC_FA, SIG | `RNIC_WQE_FLAG_INLINE, 0, 8, 0, 64'h18, 32'h3,
         `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);
    wait_cqes;
    wmem_check("atomic errors");                                       // nothing written

    // QP 18: a remote access NAK for the atomic's PSN: the SEND before it
    // succeeds, the atomic completes with REM_ACCESS_ERR, the SEND behind it
    // and later WQEs are flushed; a late ATOMIC ACK is dropped
    $display("QP 18: remote access NAK for an atomic");
    sg1(MR_VA + 64'h40, 10);
    post(18, `RNIC_WQE_OP_SEND, SIG, 1, 10, 0, 0, 0, OK, 1, 1);
    rp = qa_psn[18];
    sgw(64'h0901, 8);
    post(18, `RNIC_WQE_OP_ATOMIC_CS, SIG, 1, 8, 0, 64'h20, 32'h4, `RNIC_WC_STATUS_REM_ACCESS_ERR, 1, 1);
    sg1(MR_VA + 64'h50, 20);
    post(18, `RNIC_WQE_OP_SEND, 0, 1, 20, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 1, 1);
    wait_sent;
    send_ack(8'h11, 18, rp, 8'h62, 0);
    wait_cqes;
    send_atack(18, rp, 64'hbad0bad0bad0bad6, 1'b0); exp_drop = exp_drop + 1;          // not outstanding
    sgw(64'h0901, 8);
    post(18, `RNIC_WQE_OP_ATOMIC_FA, SIG, 1, 8, 0, 64'h28, 32'h4, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;
    wmem_check("atomic NAKed");

    // --- UC (IBA 9.8): the UC opcodes (0x20 + the RC code), no AckReq, PSNs
    // consecutive from sq_psn; a WQE completes once all its packets went out
    // and all its data was read, without any ACK (the CQE sink checks that
    // every header of the message had been taken and every gather byte up to
    // its end had arrived before the CQE was offered)
    qp_setup_t(20, UC, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd41, 24'hfffffd, 1'b0, 32'h20202020);  // PSNs wrap
    qp_setup_t(21, UC, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd43, 24'h001000, 1'b0, 32'h21212121);
    qp_setup_t(22, UC, `RNIC_QP_STATE_RTS, `RNIC_MTU_512, 24'd5, 24'd45, 24'h400000, 1'b1, 32'h22222222); // sq_sig_all
    qp_setup_t(23, UC, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd47, 24'd9, 1'b0, 32'h23232323);

    // QP 20, MTU 256: SEND 1000 B over 2 SGEs (0x20 0x21 0x21 0x22), SEND_IMM
    // 700 B solicited (0x20 0x21 0x23 + ImmDt), WRITE_IMM 600 B over 3 SGEs
    // (0x26 + RETH, 0x27, 0x29 + ImmDt), WRITE of one MTU (0x2A + RETH),
    // WRITE_IMM 10 B (0x2B + RETH + ImmDt), SEND 0 B (0x24), inline SEND_IMM
    // (0x25), WRITE 513 B (0x26 0x27 0x28)
    $display("QP 20 UC MTU 256: SEND, SEND_IMM, WRITE_IMM, WRITE, 0 B, inline; no ACKs");
    na = n_ack_in;
    sg_va[0] = MR_VA + 64'h3001; sg_len[0] = 601; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h5003; sg_len[1] = 399; sg_key[1] = LKEY;
    post(20, `RNIC_WQE_OP_SEND, SIG, 2, 1000, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h6005, 700);
    post(20, `RNIC_WQE_OP_SEND_IMM, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 700, 32'h8899aabb, 0, 0, OK, 1, 1);
    sg_va[0] = MR_VA + 64'h7007; sg_len[0] = 200; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h7400; sg_len[1] = 0;   sg_key[1] = 32'hdeadbeef;
    sg_va[2] = MR_VA + 64'h7501; sg_len[2] = 400; sg_key[2] = LKEY;
    post(20, `RNIC_WQE_OP_RDMA_WRITE_IMM, SIG, 3, 600, 32'h0badf00d, 64'h00007f00c0de0001, 32'h00012345, OK, 1, 1);
    sg1(MR_VA + 64'h8000, 256);
    post(20, `RNIC_WQE_OP_RDMA_WRITE, SIG, 1, 256, 0, 64'h0000000000001234, 32'h00005678, OK, 1, 1);
    sg1(MR_VA + 64'h8101, 10);
    post(20, `RNIC_WQE_OP_RDMA_WRITE_IMM, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 10, 32'h01020304, 64'hffff000011112222,
         32'h00abcdef, OK, 1, 1);
    post(20, `RNIC_WQE_OP_SEND, SIG, 0, 0, 0, 0, 0, OK, 1, 1);
    for (i = 0; i < 100; i = i + 1) inl[i] = 8'h80 + i;
    post(20, `RNIC_WQE_OP_SEND_IMM, SIG | `RNIC_WQE_FLAG_INLINE, 0, 100, 32'hfeedface, 0, 0, OK, 1, 1);
    sg_va[0] = MR_VA + 64'h9002; sg_len[0] = 13; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h9803; sg_len[1] = 500; sg_key[1] = LKEY;
    post(20, `RNIC_WQE_OP_RDMA_WRITE, SIG, 2, 513, 0, 64'h0000123400005678, 32'h00000777, OK, 1, 1);
    wait_sent;
    wait_cqes;
    chk("UC ACKs fed", n_ack_in, na);
    chk("UC 20 psn", qa_psn[20], 24'h00000e);          // 4+3+3+1+1+1+1+3 PSNs from 0xfffffd
    // an ACK for a UC QP finds nothing outstanding: dropped
    send_ack(8'h11, 20, qa_psn[20] - 24'd1, ACK_SYN, 0); exp_drop = exp_drop + 1;

    // QP 21 (sq_sig_all 0): unsignaled UC WQEs give no CQE, a later signaled
    // one does (WQE index 2); QP 22 (sq_sig_all 1): a CQE without SIGNALED
    $display("QP 21/22 UC: unsignaled WQEs, then a signaled one; sq_sig_all");
    na = n_ack_in;
    sg1(MR_VA + 64'h9003, 2500);
    post(21, `RNIC_WQE_OP_SEND, 0, 1, 2500, 0, 0, 0, OK, 1, 0);
    sg1(MR_VA + 64'ha000, 100);
    post(21, `RNIC_WQE_OP_RDMA_WRITE_IMM, `RNIC_WQE_FLAG_SOLICITED, 1, 100, 32'h00000055, 64'h99, 32'h77, OK, 1, 0);
    wait_sent;
    repeat (300) @(posedge clk);
    chk("UC unsig CQE", ec_rd, ec_wr);                 // the CQE sink flags any CQE
    sg1(MR_VA + 64'hb001, 1500);
    post(21, `RNIC_WQE_OP_SEND, SIG, 1, 1500, 0, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    sg1(MR_VA + 64'hc001, 700);
    post(22, `RNIC_WQE_OP_SEND, 0, 1, 700, 0, 0, 0, OK, 1, 1);
    for (i = 0; i < 30; i = i + 1) inl[i] = 8'hc0 + i;
    post(22, `RNIC_WQE_OP_RDMA_WRITE, `RNIC_WQE_FLAG_INLINE, 0, 30, 0, 64'h5555, 32'h6666, OK, 1, 1);
    wait_sent;
    wait_cqes;
    chk("UC ACKs fed", n_ack_in, na);

    // QP 23: UC has no RDMA READ or atomics: LOC_QP_OP_ERR, nothing sent,
    // nothing read or written; each sets the QP error flag (the SEND behind
    // is flushed); after a reset the QP sends again
    $display("QP 23 UC: RDMA READ, CMP_AND_SWP, FETCH_AND_ADD -> LOC_QP_OP_ERR");
    nd = n_dma_req;
    sgw(64'h6201, 100);
    post(23, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 100, 0, 64'h1000, 32'h2000, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);
    sg1(MR_VA + 64'h10, 20);
    post(23, `RNIC_WQE_OP_SEND, SIG, 1, 20, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    wait_cqes;
    for (ri = 0; ri < 2; ri = ri + 1) begin
        qp_reset_t(23, UC, `RNIC_MTU_1024, 24'd47, 24'd100 + ri, 32'h23232323);
        sgw(64'h6301, 8);
        post(23, (ri == 0) ? `RNIC_WQE_OP_ATOMIC_CS : `RNIC_WQE_OP_ATOMIC_FA, SIG, 1, 8, 0, 64'h3000, 32'h4000,
             `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);
        sg1(MR_VA + 64'h10, 20);
        post(23, `RNIC_WQE_OP_SEND, 0, 1, 20, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
        wait_cqes;
    end
    qp_reset_t(23, UC, `RNIC_MTU_1024, 24'd47, 24'h00cafe, 32'h23232323);
    sg1(MR_VA + 64'h20, 30);
    post(23, `RNIC_WQE_OP_SEND, SIG, 1, 30, 0, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    chk("UC 23 DMA", n_dma_req, nd + 1);                 // the last SEND's only
    wmem_check("UC READ/atomic refused");

    // --- UD (IBA 9.8.4): one SEND ONLY (0x64 / 0x65) with a DETH; the
    // destination QP, MAC, IP address, TTL and TOS come from the WQE, the
    // Q_Key from the WQE or (its bit 31 set) the sending QP's QPC; the source
    // QP is the sending QP; no AckReq, completed without any ACK
    qp_setup_t(24, UD, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd49, 24'h000010, 1'b0, 32'h11223344);
    qp_setup_t(25, UD, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd51, 24'hffffff, 1'b0, 32'h55667788); // PSN wraps
    $display("QP 24/25 UD: SEND / SEND_IMM, address vector and Q_Key from the WQE or the QPC");
    na = n_ack_in;
    ud_set(24'h000123, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg_va[0] = MR_VA + 64'hc801; sg_len[0] = 60; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'hc903; sg_len[1] = 40; sg_key[1] = LKEY;
    post(24, `RNIC_WQE_OP_SEND, SIG, 2, 100, 0, 0, 0, OK, 1, 1);
    ud_set(24'hfedcba, 32'h80000000, 32'h08080808, 48'h1e1d1c1b1a19, 8'd255, 8'hfc);   // the QPC's Q_Key
    sg1(MR_VA + 64'hd003, 1024);                                                          // one whole MTU
    post(24, `RNIC_WQE_OP_SEND_IMM, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 1024, 32'hdeadbeef, 0, 0, OK, 1, 1);
    ud_set(24'h800001, 32'hffffffff, 32'hac100001, 48'hffffffffffff, 8'd1, 8'h00);
    post(24, `RNIC_WQE_OP_SEND, SIG, 0, 0, 0, 0, 0, OK, 1, 1);                            // no payload
    ud_set(24'h000777, 32'h7fffffff, 32'h7f000001, 48'h020000000001, 8'd64, 8'h2e);       // bit 31 clear
    for (i = 0; i < 60; i = i + 1) inl[i] = 8'h30 + i;
    post(24, `RNIC_WQE_OP_SEND_IMM, `RNIC_WQE_FLAG_INLINE, 0, 60, 32'h0a0b0c0d, 0, 0, OK, 1, 0);  // unsignaled
    ud_set(24'h0000ff, 32'h80001234, 32'hc0000201, 48'h3a3b3c3d3e3f, 8'd128, 8'h88);     // QP 25's Q_Key
    sg1(MR_VA + 64'hd801, 256);
    post(25, `RNIC_WQE_OP_SEND_IMM, SIG, 1, 256, 32'h11223344, 0, 0, OK, 1, 1);
    ud_set(24'h0000fe, 32'h00000001, 32'hc0000202, 48'h4a4b4c4d4e4f, 8'd2, 8'h01);
    sg1(MR_VA + 64'hda07, 255);
    post(25, `RNIC_WQE_OP_SEND, SIG, 1, 255, 0, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    chk("UD ACKs fed", n_ack_in, na);
    chk("UD 24 psn", qa_psn[24], 24'h000014);
    chk("UD 25 psn", qa_psn[25], 24'h000001);

    // a UD SEND longer than the path MTU: LOC_LEN_ERR, nothing read or sent
    // (and the QP error flag set); UD RDMA WRITE (with immediate), READ and
    // atomics: LOC_QP_OP_ERR
    $display("QP 24/25 UD: SEND > path MTU -> LOC_LEN_ERR; WRITE, READ, atomic -> LOC_QP_OP_ERR");
    nd = n_dma_req;
    sg1(MR_VA + 64'he000, 1025);
    post(24, `RNIC_WQE_OP_SEND, SIG, 1, 1025, 0, 0, 0, `RNIC_WC_STATUS_LOC_LEN_ERR, 0, 1);
    sg1(MR_VA + 64'he000, 8);
    post(24, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
    sg_va[0] = MR_VA + 64'he401; sg_len[0] = 200; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'he601; sg_len[1] = 57; sg_key[1] = LKEY;
    post(25, `RNIC_WQE_OP_SEND_IMM, SIG, 2, 257, 32'h1, 0, 0, `RNIC_WC_STATUS_LOC_LEN_ERR, 0, 1);
    wait_cqes;                                          // the error flag is set before the reset below
    for (i = 0; i < 256; i = i + 1) inl[i] = i;
    qp_reset_t(25, UD, `RNIC_MTU_256, 24'd51, 24'h000200, 32'h55667788);
    post(25, `RNIC_WQE_OP_SEND, SIG | `RNIC_WQE_FLAG_INLINE, 0, 256, 0, 0, 0, OK, 1, 1);   // one MTU inline: fine
    wait_cqes;
    for (ri = 0; ri < 4; ri = ri + 1) begin
        qp_reset_t(24, UD, `RNIC_MTU_1024, 24'd49, 24'h000abc + ri, 32'h11223344);
        if (ri < 2) sg1(MR_VA + 64'he800, 64);
        else sgw(64'h6401, 8);
        post(24, (ri == 0) ? `RNIC_WQE_OP_RDMA_WRITE : (ri == 1) ? `RNIC_WQE_OP_RDMA_WRITE_IMM :
                 (ri == 2) ? `RNIC_WQE_OP_RDMA_READ : `RNIC_WQE_OP_ATOMIC_CS,
             SIG, 1, (ri < 2) ? 64 : 8, 32'h5, 64'h1000, 32'h2000, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);
        sg1(MR_VA + 64'he800, 8);
        post(24, `RNIC_WQE_OP_SEND, 0, 1, 8, 0, 0, 0, `RNIC_WC_STATUS_WR_FLUSH_ERR, 0, 1);
        wait_cqes;
    end
    qp_reset_t(24, UD, `RNIC_MTU_1024, 24'd49, 24'h000ac0, 32'h11223344);
    ud_set(24'h00abcd, 32'h00001111, 32'h0a000063, 48'h0e0d0c0b0a09, 8'd32, 8'h10);
    sg1(MR_VA + 64'hf001, 1024);
    post(24, `RNIC_WQE_OP_SEND, SIG, 1, 1024, 0, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    chk("UD DMA", n_dma_req, nd + 1);                   // the last SEND's only
    wmem_check("UD READ/atomic refused");
    ud_set(24'h0abcde, 32'h13579bdf, 32'h0a010203, 48'h06aabbccddee, 8'd201, 8'hb8);

    // --- FENCE (RC, ibv_post_send(3) IBV_SEND_FENCE): a fenced WQE's first
    // header appears only after the READ's last response (the ATOMIC
    // ACKNOWLEDGE) was fed in; without FENCE the WQE behind a READ (atomic)
    // goes out before any response, so the same check fails on it
    qp_setup(26, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd53, 24'h0000f0, 1'b0);
    qp_setup(27, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd55, 24'hfffff0, 1'b0);
    $display("QP 26 FENCE: a SEND behind a READ goes out at once, a fenced WRITE_IMM waits for the last response");
    rp = qa_psn[26];
    sgw(64'h6401, 1500);
    post(26, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 1500, 0, 64'h00007f0055550000, 32'h00aa0001, OK, 1, 1);
    rd_expect(1, rs, 1500);
    sg1(MR_VA + 64'h1100, 40);
    post(26, `RNIC_WQE_OP_SEND, SIG, 1, 40, 0, 0, 0, OK, 1, 1);
    fm = em_wr - 1;
    wait_sent;                                                         // both out, no response fed yet
    c0 = cycle;
    rd_respond(26, rp, 1500, rs);
    fence_chk("SEND behind a READ", fm, c0, 1'b0);
    send_ack(8'h11, 26, qa_psn[26] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("READ, SEND");
    rs = rs + 1500;
    // a READ of 2500 B (FIRST, MIDDLE, LAST) and a fenced 3-packet WRITE_IMM:
    // nothing after the READ REQUEST until the LAST was fed, with gaps
    // between the responses
    rp = qa_psn[26];
    sg_va[0] = WR_VA + 64'h6a01; sg_len[0] = 1234; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h7003; sg_len[1] = 1266; sg_key[1] = LKEY_W;
    post(26, `RNIC_WQE_OP_RDMA_READ, SIG, 2, 2500, 0, 64'h00007f0066660000, 32'h00aa0002, OK, 1, 1);
    rd_expect(2, rs, 2500);
    sg1(MR_VA + 64'h1201, 3000);
    post(26, `RNIC_WQE_OP_RDMA_WRITE_IMM, SIG | FENCE, 1, 3000, 32'h12345678, 64'h00007f0077770000, 32'h00aa0003,
         OK, 1, 1);
    fm = em_wr - 1;
    wait_hdrs(em_wr - 1);                                              // the READ REQUEST
    repeat (300) @(posedge clk);
    chk("fenced early", hs_msg, em_wr - 1);
    send_rresp(OP_RR_FIRST, 26, rp, 1024, rs, 1'b1);
    repeat (200) @(posedge clk);
    chk("fenced early", hs_msg, em_wr - 1);
    send_rresp(OP_RR_MIDDLE, 26, rp + 24'd1, 1024, rs + 1024, 1'b1);
    repeat (200) @(posedge clk);
    chk("fenced early", hs_msg, em_wr - 1);
    send_rresp(OP_RR_LAST, 26, rp + 24'd2, 452, rs + 2048, 1'b1);
    c0 = ack_in_cyc;
    wait_sent;
    fence_chk("fenced WRITE_IMM", fm, c0, 1'b1);
    send_ack(8'h11, 26, qa_psn[26] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("READ, fenced WRITE_IMM");
    rs = rs + 2500;
    // FENCE waits for READs and atomics only: a fenced SEND behind an
    // unacknowledged SEND goes out at once
    $display("QP 26 FENCE: a fenced SEND behind an unacknowledged SEND goes out at once");
    sg1(MR_VA + 64'h1301, 50);
    post(26, `RNIC_WQE_OP_SEND, SIG, 1, 50, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h1401, 60);
    post(26, `RNIC_WQE_OP_SEND, SIG | FENCE, 1, 60, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 26, qa_psn[26] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    $display("QP 27 FENCE: a SEND behind an atomic goes out at once, a fenced SEND waits for the ATOMIC ACK");
    rp = qa_psn[27];
    at_cmp = 64'h0000000000000003; at_swap = 64'h0;
    sgw(64'h7a01, 8);
    post(27, `RNIC_WQE_OP_ATOMIC_FA, SIG, 1, 8, 0, 64'h00007f0088880000, 32'h00bb0001, OK, 1, 1);
    av = 64'h1020304050607080;
    at_expect(1, av);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    sg1(MR_VA + 64'h1501, 77);
    post(27, `RNIC_WQE_OP_SEND, SIG, 1, 77, 0, 0, 0, OK, 1, 1);
    fm = em_wr - 1;
    wait_sent;
    c0 = cycle;
    send_atack(27, rp, av, 1'b1);
    fence_chk("SEND behind an atomic", fm, c0, 1'b0);
    send_ack(8'h11, 27, qa_psn[27] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("atomic, SEND");
    rp = qa_psn[27];
    at_cmp = 64'h00000000aaaaaaaa; at_swap = 64'h00000000bbbbbbbb;
    sgw(64'h7b03, 8);
    post(27, `RNIC_WQE_OP_ATOMIC_CS, SIG, 1, 8, 0, 64'h00007f0099990008, 32'h00bb0002, OK, 1, 1);
    av = 64'h00000000aaaaaaaa;
    at_expect(1, av);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    sg1(MR_VA + 64'h1601, 1500);
    post(27, `RNIC_WQE_OP_SEND, SIG | FENCE, 1, 1500, 0, 0, 0, OK, 1, 1);
    fm = em_wr - 1;
    wait_hdrs(em_wr - 1);                                              // the COMPARE SWAP
    repeat (400) @(posedge clk);
    chk("fenced early", hs_msg, em_wr - 1);
    send_atack(27, rp, av, 1'b1);
    c0 = ack_in_cyc;
    wait_sent;
    fence_chk("fenced SEND", fm, c0, 1'b1);
    send_ack(8'h11, 27, qa_psn[27] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("atomic, fenced SEND");

    // --- s_fatal_* (the fetch engine's QP_FATAL, ibv_get_async_event(3)
    // IBV_EVENT_QP_FATAL): the pulse sets an idle RTS QP's error flag and
    // raises no m_err pulse (the fetch engine reports the event); every later
    // WQE of the QP completes WR_FLUSH_ERR in order (signaled or not, any
    // opcode), with no packet, no DMA read of its SGEs, no DMA write and no
    // pulse, while QP 29 keeps sending around them
    qp_setup(28, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd57, 24'h000300, 1'b0);
    qp_setup(29, `RNIC_QP_STATE_RTS, `RNIC_MTU_512, 24'd5, 24'd59, 24'hfffff8, 1'b0);
    $display("QP 28/29: s_fatal for an idle RTS QP 28: its WQEs flushed, no packet, no pulse; QP 29 keeps sending");
    sg1(MR_VA + 64'h1701, 300);
    post(28, `RNIC_WQE_OP_SEND, SIG, 1, 300, 0, 0, 0, OK, 1, 1);         // QP 28 works before
    wait_sent;
    send_ack(8'h11, 28, qa_psn[28] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    h28 = n_hdr28;
    ne = n_err_all;
    chk("QP 28 hdrs", h28, 1);                                           // the monitor sees QP 28
    sg1(MR_VA + 64'h1801, 3000);
    post(29, `RNIC_WQE_OP_SEND, 0, 1, 3000, 0, 0, 0, OK, 1, 0);         // in flight during the pulse
    fatal_pulse(28);
    sg_va[0] = FATAL_VA + 64'h001; sg_len[0] = 700; sg_key[0] = LKEY;
    sg_va[1] = FATAL_VA + 64'h801; sg_len[1] = 100; sg_key[1] = LKEY;
    post(28, `RNIC_WQE_OP_SEND, SIG, 2, 800, 0, 0, 0, FLUSH, 0, 1);
    sg1(FATAL_VA + 64'h101, 50);
    post(28, `RNIC_WQE_OP_SEND_IMM, 0, 1, 50, 32'h28282828, 0, 0, FLUSH, 0, 1);   // unsignaled
    sg1(MR_VA + 64'h1e01, 600);
    post(29, `RNIC_WQE_OP_RDMA_WRITE_IMM, 0, 1, 600, 32'h29292929, 64'h00007f0029290000, 32'h00290001, OK, 1, 0);
    sg1(FATAL_VA + 64'h201, 1500);
    post(28, `RNIC_WQE_OP_RDMA_WRITE, SIG, 1, 1500, 0, 64'h00007f0028280000, 32'h00280001, FLUSH, 0, 1);
    for (i = 0; i < 40; i = i + 1) inl[i] = 8'hd0 + i;
    post(28, `RNIC_WQE_OP_SEND, SIG | `RNIC_WQE_FLAG_INLINE, 0, 40, 0, 0, 0, FLUSH, 0, 1);
    sgw(64'h7d01, 100);                                                  // no wok: any write fails
    post(28, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 100, 0, 64'h00007f0028290000, 32'h00280002, FLUSH, 0, 1);
    sgw(64'h7e01, 8);
    post(28, `RNIC_WQE_OP_ATOMIC_CS, SIG, 1, 8, 0, 64'h00007f00282a0000, 32'h00280003, FLUSH, 0, 1);
    post(28, `RNIC_WQE_OP_ATOMIC_FA, 0, 1, 8, 0, 64'h00007f00282b0000, 32'h00280004, FLUSH, 0, 1);
    wait_cqes;                                                           // QP 28's flushes only
    sg1(MR_VA + 64'h1f01, 100);
    post(29, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 29, qa_psn[29] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    chk("QP 28 hdrs", n_hdr28, h28);
    chk("fatal DMA", n_rd_fatal, 0);
    chk("fatal pulses", n_err_all, ne);
    chk("QP 29 psn", qa_psn[29], 24'h000001);                            // 6 + 2 + 1 PSNs from 0xfffff8 (wraps)
    wmem_check("flushed READ/atomic");
    // a reset clears the flag: QP 28 sends again; then a bad lkey moves it
    // to error (one m_err_w pulse), a second s_fatal finds the flag up (no
    // pulse), and the WQE behind is flushed
    $display("QP 28: reset after s_fatal, SEND; bad lkey (one pulse), s_fatal again (none), flush");
    qp_reset_t(28, `RNIC_QP_TYPE_RC, `RNIC_MTU_1024, 24'd57, 24'h000400, 32'h0e00001c);
    sg1(MR_VA + 64'h2001, 1100);
    post(28, `RNIC_WQE_OP_SEND, SIG, 1, 1100, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 28, qa_psn[28] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    chk("QP 28 hdrs", n_hdr28, h28 + 2);
    ne = n_err_all;
    sg_va[0] = FATAL_VA + 64'h301; sg_len[0] = 64; sg_key[0] = LKEY ^ 32'h80;
    post(28, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, `RNIC_WC_STATUS_LOC_PROT_ERR, 0, 1);
    wait_cqes;
    chk("err_w pulses", n_err_all, ne + 1);
    chk("QP 28 err_w", n_errw[28], 1);
    fatal_pulse(28);
    sg1(FATAL_VA + 64'h401, 64);
    post(28, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, FLUSH, 0, 1);
    sg1(MR_VA + 64'h2601, 10);
    post(29, `RNIC_WQE_OP_SEND, SIG, 1, 10, 0, 0, 0, OK, 1, 1);         // its CQE comes with the ACK
    wait_sent;
    send_ack(8'h11, 29, qa_psn[29] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    chk("fatal again", n_err_all, ne + 1);
    chk("QP 28 hdrs", n_hdr28, h28 + 2);
    chk("fatal DMA", n_rd_fatal, 0);
    // QP 30: s_fatal while a SEND is outstanding; the NAK (remote access)
    // for it then finds the flag up: REM_ACCESS_ERR CQE, but no pulse
    $display("QP 30: s_fatal with a SEND outstanding, then a remote access NAK: no pulse");
    qp_setup(30, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd61, 24'h000050, 1'b0);
    sg1(MR_VA + 64'h2701, 200);
    post(30, `RNIC_WQE_OP_SEND, SIG, 1, 200, 0, 0, 0, `RNIC_WC_STATUS_REM_ACCESS_ERR, 1, 1);
    exp_errc[30] = exp_errc[30] - 1;                                      // the flag is up before the NAK
    wait_sent;
    ne = n_err_all;
    fatal_pulse(30);
    repeat (20) @(posedge clk);
    send_ack(8'h11, 30, qa_psn[30] - 24'd1, 8'h62, 0);
    wait_cqes;
    sg1(FATAL_VA + 64'h501, 16);
    post(30, `RNIC_WQE_OP_SEND, SIG, 1, 16, 0, 0, 0, FLUSH, 0, 1);
    wait_cqes;
    chk("NAK pulses", n_err_all, ne);
    chk("fatal DMA", n_rd_fatal, 0);

    // =====================================================================
    // Memory windows (type 2B, IBA 10.6.7). The windows and regions of the
    // cases, as the firmware writes them: regions K_R* (see above), windows
    // W* unbound (ALLOC_MW: valid 0, mw 1, tag, PD), W_PD6 in PD 6, W_NOTMW
    // an unbound entry without mw, W_FWB a window bound to QP 34.
    key_setup(K_RMW, 24'd5, 1'b1, 1'b0, LW | RW | RR | RA | MWB, RB_VA, RB_LEN, RB_IOVA, 24'd0);
    key_setup(K_RNOB, 24'd5, 1'b1, 1'b0, LW | RW | RR | RA, RB_VA, RB_LEN, RB_IOVA, 24'd0);
    key_setup(K_RNLW, 24'd5, 1'b1, 1'b0, RW | RR | RA | MWB, RB_VA, RB_LEN, RB_IOVA, 24'd0);
    key_setup(K_RPD6, 24'd6, 1'b1, 1'b0, LW | RW | RR | RA | MWB, RB_VA, RB_LEN, RB_IOVA, 24'd0);
    key_setup(K_RINV, 24'd5, 1'b0, 1'b0, LW | RW | RR | RA | MWB, RB_VA, RB_LEN, RB_IOVA, 24'd0);
    key_setup(K_RISW, 24'd5, 1'b1, 1'b1, LW | RW | RR | RA | MWB, RB_VA, RB_LEN, RB_IOVA, 24'd32);
    key_setup(K_RBIG, 24'd5, 1'b1, 1'b0, LW | RW | RR | RA | MWB, RB_VA, 64'hffffffffffffffff, RB_IOVA, 24'd0);
    for (i = W1; i <= W5; i = i + 1)
        key_setup(wkey(i, 8'h01 + i), (i == W_PD6) ? 24'd6 : 24'd5, 1'b0, i != W_NOTMW, 8'd0, 64'd0, 64'd0, 64'd0,
                  24'd0);
    key_setup(wkey(W_FWB, 8'h26), 24'd5, 1'b1, 1'b1, RR, RB_VA + 64'h100, 64'h100, RB_IOVA + 64'h100, 24'd34);
    qp_setup(32, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd63, 24'hfffffe, 1'b0);   // PSNs wrap
    qp_setup_t(33, UC, `RNIC_QP_STATE_RTS, `RNIC_MTU_512, 24'd5, 24'd65, 24'h123456, 1'b0, 32'h21212121);
    qp_setup(35, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd69, 24'h000777, 1'b0);
    qp_setup_t(36, UD, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd71, 24'h000040, 1'b0, 32'h36363636);
    qp_setup(37, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd6, 24'd73, 24'h000900, 1'b0);   // PD 6

    // QP 32 (RC): a SEND, then BIND_MW of window W1 to [RB_VA + 0x1234, +
    // 0x800) of K_RMW, remote write and read: the entry goes out on m_mpt_*
    // and is held there for 6 cycles (m_mpt_ready low), with a firmware
    // context write (key K_R14) in between; no packet, no DMA read, the CQE
    // (REQ_BIND_MW, byte_len 0) only after the write was taken, one MW_BIND
    // event; a SEND gathered through K_R14 then goes out at the PSN after
    // the first SEND
    $display("QP 32 RC: BIND_MW (entry held 6 cycles, a firmware write meanwhile), then a SEND at the next PSN");
    sg1(MR_VA + 64'h3000, 300);
    post(32, `RNIC_WQE_OP_SEND, SIG, 1, 300, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 32, qa_psn[32] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    nd = n_dma_req; fm = hs_msg; ne = n_mpt_held;
    mpt_hold_n = 6;
    mw_bind_wqe(32, SIG, K_RMW, wkey(W1, 8'h5e), RB_VA + 64'h1234, 64'h800, {56'd0, RW | RR}, OK, 1'b1);
    c0 = 0;
    while (mpt_valid !== 1'b1 && c0 < 1000) begin @(posedge clk); c0 = c0 + 1; end
    key_setup(K_R14, 24'd5, 1'b1, 1'b0, LW, MR_VA + 64'h3000, 64'h1000, MR_IOVA + 64'h3000, 24'd0);
    wait_cqes;
    mpt_hold_n = 0;
    mw_counts("BIND_MW QP 32");
    if (n_mpt_held - ne < 6) begin
        $display("FAIL: the key-table write was held %0d cycles, expected at least 6", n_mpt_held - ne);
        errors = errors + 1;
    end
    chk("bind DMA", n_dma_req, nd);
    chk("bind hdrs", hs_msg, fm);
    chk("bind psn", qa_psn[32], 24'hffffff);
    sg1(MR_VA + 64'h3101, 200); sg_key[0] = K_R14;
    post(32, `RNIC_WQE_OP_SEND, SIG, 1, 200, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 32, qa_psn[32] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    // QP 32: LOCAL_INV of W1 (entry rewritten with valid 0, every other
    // field unchanged; MW_INVAL event); then W1 bound again, unsignaled,
    // with a new tag up to the region's last byte (remote read and atomic:
    // the region has LOCAL_WRITE), and a SEND behind it
    $display("QP 32 RC: LOCAL_INV, BIND_MW again (unsignaled, new tag, up to the region end), SEND");
    linv(32, SIG, wkey(W1, 8'h5e), OK, 1'b1);
    wait_cqes;
    mw_counts("LOCAL_INV QP 32");
    mw_bind_wqe(32, 0, K_RMW, wkey(W1, 8'h5f), RB_VA + 64'h8000, 64'h8000, {56'd0, RR | RA}, OK, 1'b0);
    sg1(MR_VA + 64'h3203, 20);
    post(32, `RNIC_WQE_OP_SEND, SIG, 1, 20, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 32, qa_psn[32] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    mw_counts("BIND_MW again QP 32");
    chk("bind psn", qa_psn[32], 24'h000001);
    chk("bind DMA", n_dma_req, nd + 2);

    // QP 33 (UC): SEND, BIND_MW of W2 over the whole region (entry held 2
    // cycles), SEND_IMM at the next PSN, CQEs in order; LOCAL_INV
    // unsignaled; W2 bound again to K_RNLW (no LOCAL_WRITE: remote read
    // only) over its last 16 bytes; a SEND; nothing ever acknowledges
    $display("QP 33 UC: SEND, BIND_MW, SEND_IMM; LOCAL_INV (unsignaled); BIND_MW to a region without LOCAL_WRITE");
    na = n_ack_in;
    sg1(MR_VA + 64'h3300, 700);
    post(33, `RNIC_WQE_OP_SEND, SIG, 1, 700, 0, 0, 0, OK, 1, 1);
    mpt_hold_n = 2;
    mw_bind_wqe(33, SIG, K_RMW, wkey(W2, 8'h33), RB_VA, RB_LEN, {56'd0, RW | RR | RA}, OK, 1'b1);
    sg1(MR_VA + 64'h3401, 600);
    post(33, `RNIC_WQE_OP_SEND_IMM, SIG, 1, 600, 32'h33445566, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    mpt_hold_n = 0;
    linv(33, 0, wkey(W2, 8'h33), OK, 1'b0);
    mw_bind_wqe(33, SIG, K_RNLW, wkey(W2, 8'h34), RB_VA + RB_LEN - 16, 64'd16, {56'd0, RR}, OK, 1'b1);
    sg1(MR_VA + 64'h3502, 50);
    post(33, `RNIC_WQE_OP_SEND, SIG, 1, 50, 0, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    mw_counts("UC QP 33");
    chk("UC ACKs fed", n_ack_in, na);
    chk("UC 33 psn", qa_psn[33], 24'h123456 + 24'd5);   // 2 + 2 + 1 packets

    // QP 35 (RC): two SENDs (the second unsignaled), then BIND_MW of W4:
    // nothing is written while they are outstanding (nor after an ACK for
    // the first only); the ACK for the second lets the bind through; CQEs
    // in order; a SEND behind the bind uses the PSN after the second SEND
    $display("QP 35 RC: BIND_MW behind two unacknowledged SENDs waits for their ACK");
    sg1(MR_VA + 64'h3600, 2000);
    post(35, `RNIC_WQE_OP_SEND, SIG, 1, 2000, 0, 0, 0, OK, 1, 1);
    m0 = qa_psn[35] - 1;                                               // the first SEND's last PSN
    sg1(MR_VA + 64'h3e01, 100);
    post(35, `RNIC_WQE_OP_SEND, 0, 1, 100, 0, 0, 0, OK, 1, 0);
    mw_bind_wqe(35, SIG, K_RMW, wkey(W4, 8'h44), RB_VA + 64'h10, 64'h100, {56'd0, RW}, OK, 1'b1);
    wait_sent;
    ne = n_mpt;
    ec_wr = ec_wr - 2;                                                 // the first SEND's CQE, the bind's
    repeat (300) @(posedge clk);
    chk("bind early", n_mpt, ne);
    send_ack(8'h11, 35, m0[23:0], ACK_SYN, 0);
    ec_wr = ec_wr + 1;
    wait_cqes;
    repeat (100) @(posedge clk);
    chk("bind early", n_mpt, ne);
    send_ack(8'h11, 35, qa_psn[35] - 24'd1, ACK_SYN, 0);
    c0 = ack_in_cyc;
    ec_wr = ec_wr + 1;
    wait_cqes;
    chk("bind write", n_mpt, ne + 1);
    if (mpt_cyc <= c0) begin
        $display("FAIL: the bind's key-table write at cycle %0d, not after the ACK at cycle %0d", mpt_cyc, c0);
        errors = errors + 1;
    end
    sg1(MR_VA + 64'h3f03, 40);
    post(35, `RNIC_WQE_OP_SEND, SIG, 1, 40, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 35, qa_psn[35] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    mw_counts("BIND_MW QP 35");
    chk("bind psn", qa_psn[35], 24'h000777 + 24'd4);

    // BIND_MW refusals, one at a time on QP 34 (each from a fresh RTS): W3
    // to [RB_VA + 0x100, + 0x200) of K_RMW with remote write and read
    // binds (last), every case changes one thing of it
    $display("QP 34 RC: BIND_MW refusals -> MW_BIND_ERR, then a flush");
    bind_bad("window not mw", K_RMW, wkey(W_NOTMW, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("window bound by QP 32", K_RMW, wkey(W1, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("window bound (firmware)", K_RMW, wkey(W_FWB, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("window of PD 6", K_RMW, wkey(W_PD6, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("region not valid", K_RINV, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("region is a window", K_RISW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("region tag", K_RMW ^ 32'h1, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("region of PD 6", K_RPD6, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("region without MW_BIND", K_RNOB, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR});
    bind_bad("before the region", K_RMW, wkey(W3, 8'h77), RB_VA - 64'd1, 64'd16, {56'd0, RW | RR});
    bind_bad("before a 2^64-1 B region", K_RBIG, wkey(W3, 8'h77), RB_VA - 64'h100, 64'h10, {56'd0, RW | RR});
    bind_bad("past the region", K_RMW, wkey(W3, 8'h77), RB_VA + RB_LEN - 64'd15, 64'd16, {56'd0, RW | RR});
    bind_bad("length wraps to 0", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h10, 64'hfffffffffffffff0, {56'd0, RW | RR});
    bind_bad("length wraps past", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h10, 64'hfffffffffffffff8, {56'd0, RW | RR});
    bind_bad("access LOCAL_WRITE", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RR | LW});
    bind_bad("access MW_BIND", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RR | MWB});
    bind_bad("access ZERO_BASED", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200,
             {56'd0, RR | `RNIC_ACCESS_ZERO_BASED});
    bind_bad("access bit 6", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RR | 8'h40});
    bind_bad("access bit 7", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RR | 8'h80});
    bind_bad("remote write, no LOCAL_WRITE", K_RNLW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW});
    bind_bad("atomic, no LOCAL_WRITE", K_RNLW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RR | RA});
    bind_bad("swap bit 8", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd1, RW | RR});
    bind_bad("swap bit 63", K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {1'b1, 55'd0, RW | RR});
    bind_bad("window index >= 2^KEY_W", K_RMW, wkey(W3 + 24'd1024, 8'h77), RB_VA + 64'h100, 64'h200,
             {56'd0, RW | RR});
    bind_bad("region index >= 2^KEY_W", K_RMW + 32'h40000, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200,
             {56'd0, RW | RR});
    // an INLINE BIND_MW makes no sense: LOC_QP_OP_ERR
    qp_reset_t(34, `RNIC_QP_TYPE_RC, `RNIC_MTU_1024, 24'd67, 24'h000400, 32'h0e000022);
    mw_bind_wqe(34, SIG | `RNIC_WQE_FLAG_INLINE, K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR}, QPOP,
         1'b1);
    sg1(MR_VA + 64'h3600, 32);
    post(34, `RNIC_WQE_OP_SEND, SIG, 1, 32, 0, 0, 0, FLUSH, 1'b0, 1'b1);
    wait_cqes;
    mw_counts("inline BIND_MW");
    qp_reset_t(34, `RNIC_QP_TYPE_RC, `RNIC_MTU_1024, 24'd67, 24'h000500, 32'h0e000022);
    mw_bind_wqe(34, SIG, K_RMW, wkey(W3, 8'h77), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR}, OK, 1'b1);
    wait_cqes;
    mw_counts("BIND_MW QP 34");

    // the firmware frees a window (DEALLOC_MW: entry all zero) in the cycle
    // BIND_MW / LOCAL_INV chooses it: the entry read before that write must
    // not be decided on nor written back over the freed one. BIND_MW of the
    // unbound window W_RACE: refused (MW_BIND_ERR, no key-table write);
    // W_RACE set up again and bound; LOCAL_INV of it: refused (LOC_PROT_ERR)
    $display("QP 34: BIND_MW and LOCAL_INV racing the firmware's release of their window");
    key_setup(wkey(W_RACE, 8'h30), 24'd5, 1'b0, 1'b1, 8'd0, 64'd0, 64'd0, 64'd0, 24'd0);
    lb_begin;
    race_free(W_RACE);
    mw_bind_wqe(34, SIG, K_RMW, wkey(W_RACE, 8'h31), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR}, MWERR, 1'b1);
    lb_end("BIND_MW", "window freed meanwhile");
    key_setup(wkey(W_RACE, 8'h32), 24'd5, 1'b0, 1'b1, 8'd0, 64'd0, 64'd0, 64'd0, 24'd0);
    qp_reset_t(34, `RNIC_QP_TYPE_RC, `RNIC_MTU_1024, 24'd67, bb_psn, 32'h0e000022);
    bb_psn = bb_psn + 7;
    mw_bind_wqe(34, SIG, K_RMW, wkey(W_RACE, 8'h33), RB_VA + 64'h100, 64'h200, {56'd0, RW | RR}, OK, 1'b1);
    wait_cqes;
    mw_counts("BIND_MW of W_RACE");
    lb_begin;
    race_free(W_RACE);
    linv(34, SIG, wkey(W_RACE, 8'h33), PROT, 1'b1);
    lb_end("LOCAL_INV", "window freed meanwhile");
    if (race_arm || race_on) begin
        $display("FAIL: the racing key-table write never went out");
        errors = errors + 1;
    end

    // LOCAL_INV: W_PD6 bound by QP 37 (PD 6) to K_RPD6; refusals on QP 34
    // (PD 5) -> LOC_PROT_ERR: a region's key, an unbound window, W1 with its
    // old tag, W_PD6 (another PD), W1's key with its index past the table;
    // then QP 37 invalidates W_PD6
    $display("QP 34/37: LOCAL_INV refusals -> LOC_PROT_ERR; LOCAL_INV of a PD 6 window on its own PD");
    mw_bind_wqe(37, SIG, K_RPD6, wkey(W_PD6, 8'h66), RB_VA + 64'h40, 64'h40, {56'd0, RR}, OK, 1'b1);
    wait_cqes;
    linv_bad("a region", K_RMW);
    linv_bad("an unbound window", wkey(W_UNB, 8'h27));
    linv_bad("old tag", wkey(W1, 8'h5e));
    linv_bad("window of PD 6", wkey(W_PD6, 8'h66));
    linv_bad("index >= 2^KEY_W", wkey(W1 + 24'd1024, 8'h5f));
    linv(37, SIG, wkey(W_PD6, 8'h66), OK, 1'b1);
    wait_cqes;
    mw_counts("LOCAL_INV QP 34/37");

    // a SEND whose SGE key is W1's (bound, PD 5, the SGE inside the
    // window): LOC_PROT_ERR, no DMA read; the QP then flushes
    $display("QP 32 RC: SEND with a window key as SGE lkey -> LOC_PROT_ERR");
    nd = n_dma_req;
    sg_va[0] = MR_VA + 64'h3700; sg_len[0] = 8; sg_key[0] = LKEY;
    sg_va[1] = RB_VA + 64'h8010; sg_len[1] = 16; sg_key[1] = wkey(W1, 8'h5f);
    post(32, `RNIC_WQE_OP_SEND, SIG, 2, 24, 0, 0, 0, PROT, 1'b0, 1'b1);
    sg1(MR_VA + 64'h3700, 8);
    post(32, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, FLUSH, 1'b0, 1'b1);
    wait_cqes;
    chk("window SGE DMA", n_dma_req, nd);

    // UD QP 36: BIND_MW and LOCAL_INV -> LOC_QP_OP_ERR
    $display("QP 36 UD: BIND_MW, LOCAL_INV -> LOC_QP_OP_ERR");
    mw_bind_wqe(36, SIG, K_RMW, wkey(W5, 8'h55), RB_VA, 64'h10, {56'd0, RR}, QPOP, 1'b1);
    sg1(MR_VA + 64'h3800, 8);
    post(36, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, FLUSH, 1'b0, 1'b1);
    wait_cqes;
    qp_reset_t(36, UD, `RNIC_MTU_1024, 24'd71, 24'h000050, 32'h36363636);
    linv(36, SIG, wkey(W_FWB, 8'h26), QPOP, 1'b1);
    post(36, `RNIC_WQE_OP_SEND, SIG, 1, 8, 0, 0, 0, FLUSH, 1'b0, 1'b1);
    wait_cqes;
    mw_counts("memory windows");

    // =====================================================================
    // SEND_INV (IBV_WR_SEND_WITH_INV): sent as a SEND whose LAST/ONLY packet
    // is SEND LAST/ONLY with Invalidate, its IETH the key to invalidate
    // (send_wqe.imm as a number: hdr_imm is not byte-swapped as an ImmDt
    // is); FIRST/MIDDLE are plain SEND FIRST/MIDDLE with hdr_imm 0. RC
    // 0x16/0x17 with AckReq on the LAST, UC 0x36/0x37 without; the CQE is
    // REQ_SEND. The WQE's remote address, rkey, compare_add and swap carry
    // decoys no SEND packet may show. UD: LOC_QP_OP_ERR, nothing sent.
    qp_setup(38, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd75, 24'hfffffe, 1'b0);   // PSNs wrap
    qp_setup_t(39, UC, `RNIC_QP_STATE_RTS, `RNIC_MTU_512, 24'd5, 24'd77, 24'h00fff0, 1'b0, 32'h39393939);
    qp_setup_t(40, UD, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd79, 24'h000060, 1'b0, 32'h40404040);
    $display("QP 38 RC: SEND_INV ONLY (0x17), FIRST MIDDLE LAST (0x00 0x01 0x16), FIRST LAST, 0 B, inline; IETH = key");
    nd = n_dma_req;
    sg1(MR_VA + 64'h12001, 700);
    post(38, `RNIC_WQE_OP_SEND_INV, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 700, 32'h0a1b2c3d, 64'h00007f0012345678,
         32'h00abcdef, OK, 1, 1);
    sg_va[0] = MR_VA + 64'h13003; sg_len[0] = 1200; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h14005; sg_len[1] = 1300; sg_key[1] = LKEY;
    post(38, `RNIC_WQE_OP_SEND_INV, SIG, 2, 2500, 32'h00000cc5, 64'h1111, 32'h00000bb3, OK, 1, 1);
    sg1(MR_VA + 64'h15007, 1500);
    post(38, `RNIC_WQE_OP_SEND_INV, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 1500, 32'hf0e1d2c3, 0, 0, OK, 1, 1);
    post(38, `RNIC_WQE_OP_SEND_INV, SIG, 0, 0, 32'h00000991, 0, 0, OK, 1, 1);            // no payload
    for (i = 0; i < 100; i = i + 1) inl[i] = 8'h5a ^ i;
    post(38, `RNIC_WQE_OP_SEND_INV, SIG | `RNIC_WQE_FLAG_INLINE, 0, 100, 32'h12345678, 0, 0, OK, 1, 1);
    // a SEND_IMM and a SEND behind: ImmDt swapped again, no IETH
    sg1(MR_VA + 64'h16009, 1025);
    post(38, `RNIC_WQE_OP_SEND_IMM, SIG, 1, 1025, 32'h12345678, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h1700b, 10);
    post(38, `RNIC_WQE_OP_SEND, SIG, 1, 10, 32'h87654321, 0, 0, OK, 1, 1);
    wait_sent;
    chk("RC 38 psn", qa_psn[38], 24'h000009);             // 1+3+2+1+1+2+1 PSNs from 0xfffffe
    send_ack(8'h11, 38, qa_psn[38] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    // the responder refuses the key: NAK invalid request -> REM_INV_REQ_ERR,
    // the SEND_INV behind it (sent) flushed; then a reset
    $display("QP 38 RC: SEND_INV NAKed invalid request -> REM_INV_REQ_ERR, flush");
    rp = qa_psn[38];
    sg1(MR_VA + 64'h1800d, 300);
    post(38, `RNIC_WQE_OP_SEND_INV, SIG, 1, 300, 32'h00000dd7, 0, 0, `RNIC_WC_STATUS_REM_INV_REQ_ERR, 1, 1);
    sg1(MR_VA + 64'h1900f, 40);
    post(38, `RNIC_WQE_OP_SEND_INV, SIG, 1, 40, 32'h00000ee9, 0, 0, FLUSH, 1, 1);
    wait_sent;
    send_ack(8'h11, 38, rp, 8'h61, 0);
    wait_cqes;
    qp_reset_t(38, `RNIC_QP_TYPE_RC, `RNIC_MTU_1024, 24'd75, 24'h000100, 32'h0e000026);
    sg1(MR_VA + 64'h1a011, 64);
    post(38, `RNIC_WQE_OP_SEND_INV, SIG, 1, 64, 32'h00000091, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 38, qa_psn[38] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    chk("RC 38 DMA", n_dma_req, nd + 9);                 // every SEND_INV / SEND with gather data

    // UC QP 39, MTU 512: SEND_INV ONLY (0x37), FIRST MIDDLE LAST with
    // Invalidate (0x20 0x21 0x36), FIRST LAST (0x20 0x36), 0 B (0x37); no ACKs
    $display("QP 39 UC MTU 512: SEND_INV 0x37, 0x20 0x21 0x36, 0x20 0x36, 0 B; no ACKs");
    na = n_ack_in;
    sg1(MR_VA + 64'h1b013, 300);
    post(39, `RNIC_WQE_OP_SEND_INV, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 300, 32'h00000ff2, 64'h2222, 32'h3333, OK, 1, 1);
    sg_va[0] = MR_VA + 64'h1c015; sg_len[0] = 700; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h1d017; sg_len[1] = 600; sg_key[1] = LKEY;
    post(39, `RNIC_WQE_OP_SEND_INV, SIG, 2, 1300, 32'ha5b6c7d8, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h1e019, 513);
    post(39, `RNIC_WQE_OP_SEND_INV, 0, 1, 513, 32'h00000ff4, 0, 0, OK, 1, 0);            // unsignaled
    post(39, `RNIC_WQE_OP_SEND_INV, SIG, 0, 0, 32'h00000ff6, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    chk("UC ACKs fed", n_ack_in, na);
    chk("UC 39 psn", qa_psn[39], 24'h00fff7);             // 1+3+2+1 PSNs from 0x00fff0

    // UD QP 40: SEND_INV is no UD operation: LOC_QP_OP_ERR, nothing read or
    // sent (one m_err_w pulse), the SEND behind flushed; after a reset the
    // QP sends again
    $display("QP 40 UD: SEND_INV -> LOC_QP_OP_ERR");
    nd = n_dma_req;
    h28 = hs_msg;
    sg1(MR_VA + 64'h1f01b, 64);
    post(40, `RNIC_WQE_OP_SEND_INV, SIG, 1, 64, 32'h00000991, 0, 0, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 0, 1);
    post(40, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, FLUSH, 0, 1);
    wait_cqes;
    chk("UD SEND_INV DMA", n_dma_req, nd);
    chk("UD SEND_INV pkts", hs_msg, h28);
    qp_reset_t(40, UD, `RNIC_MTU_1024, 24'd79, 24'h000070, 32'h40404040);
    post(40, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, OK, 1, 1);
    wait_sent;
    wait_cqes;
    chk("UD 40 DMA", n_dma_req, nd + 1);

    // =====================================================================
    // XRC (IBA 9.3.6, 14.2.7): XRC_SEND QPs 41 (MTU 1024, PSNs wrap) and 42
    // (MTU 256) run as RC QPs whose packets carry transport bits 101 and, on
    // every request packet (FIRST, MIDDLE, LAST, ONLY, READ REQUEST,
    // atomics), the XRCETH: hdr_deth_sqpn = the WQE's dest_qpn (the remote
    // XRC SRQ), a different one for consecutive WQEs, so a value latched
    // from another WQE fails; the WQE's UD address vector and Q_Key stay
    // unused (header sink). Their completions come from XRC responses on the
    // ACK input: ACK 0xB1, READ RESPONSE 0xAD..0xB0, ATOMIC ACK 0xB2.
    qp_setup_t(41, `RNIC_QP_TYPE_XRC_SEND, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd81, 24'hfffffe, 1'b0,
               32'h41414141);
    qp_setup_t(42, `RNIC_QP_TYPE_XRC_SEND, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd83, 24'h000300, 1'b0,
               32'h42424242);
    $display("QP 41 XRC: SEND 0xA4, 0xA0 0xA1 0xA2, 0xA0 0xA3, WRITE 0xA6 0xA7 0xA8, 0xAB, 0 B, SEND_INV 0xB7; XRCETH = dest_qpn");
    ud_set(24'h000041, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg1(MR_VA + 64'h4001, 700);
    post(41, `RNIC_WQE_OP_SEND, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 700, 0, 64'h4141, 32'h4242, OK, 1, 1);
    m0 = qa_psn[41] - 1;                                               // the SEND ONLY's PSN
    ud_set(24'hc0ffee, 32'h80000000, 32'h08080808, 48'h1e1d1c1b1a19, 8'd255, 8'hfc);
    sg_va[0] = MR_VA + 64'h4403; sg_len[0] = 1300; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h4a05; sg_len[1] = 1200; sg_key[1] = LKEY;
    post(41, `RNIC_WQE_OP_SEND, SIG, 2, 2500, 0, 0, 0, OK, 1, 1);
    ud_set(24'h000002, 32'h00001111, 32'h0a000063, 48'h0e0d0c0b0a09, 8'd32, 8'h10);
    sg1(MR_VA + 64'h5007, 1025);
    post(41, `RNIC_WQE_OP_SEND_IMM, SIG, 1, 1025, 32'h41a2b3c4, 0, 0, OK, 1, 1);
    ud_set(24'h800001, 32'h7fffffff, 32'h7f000001, 48'h020000000001, 8'd64, 8'h2e);
    sg1(MR_VA + 64'h5809, 2100);
    post(41, `RNIC_WQE_OP_RDMA_WRITE, SIG, 1, 2100, 0, 64'h00007f0041410000, 32'h00410001, OK, 1, 1);
    ud_set(24'h000003, 32'h00000001, 32'hc0000202, 48'h4a4b4c4d4e4f, 8'd2, 8'h01);
    sg1(MR_VA + 64'h610b, 100);
    post(41, `RNIC_WQE_OP_RDMA_WRITE_IMM, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 100, 32'h0badcafe, 64'h00007f0041420000,
         32'h00410002, OK, 1, 1);
    ud_set(24'h000ffe, 32'h13572468, 32'hc0000203, 48'h5a5b5c5d5e5f, 8'd3, 8'h02);
    post(41, `RNIC_WQE_OP_SEND, 0, 0, 0, 0, 0, 0, OK, 1, 0);                  // no payload, unsignaled
    ud_set(24'h000004, 32'h24681357, 32'hc0000204, 48'h6a6b6c6d6e6f, 8'd4, 8'h03);
    sg1(MR_VA + 64'h620d, 300);
    post(41, `RNIC_WQE_OP_SEND_INV, SIG, 1, 300, 32'h00000991, 0, 0, OK, 1, 1);
    wait_sent;
    chk("XRC 41 psn", qa_psn[41], 24'h00000a);        // 1+3+2+3+1+1+1 PSNs from 0xfffffe
    // an XRC ACK for the SEND ONLY retires it alone
    ec_wr = ec_wr - 5;
    send_ack(8'hB1, 41, m0[23:0], ACK_SYN, 0);
    wait_cqes;
    ec_wr = ec_wr + 5;
    send_ack(8'hB1, 41, qa_psn[41] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    // READs: a READ of 2500 B over 2 SGEs (READ REQUEST 0xAC with RETH and
    // XRCETH) and a SEND behind it; XRC READ RESPONSE FIRST, MIDDLE, LAST
    // (0xAD 0xAE 0xAF) complete the READ and place the data, an XRC ACK the
    // SEND; then a READ answered by READ RESPONSE ONLY (0xB0)
    $display("QP 41 XRC: READ 0xAC answered by 0xAD 0xAE 0xAF, SEND behind it; READ answered by 0xB0");
    ack_tr = 8'hA0;
    rp = qa_psn[41];
    ud_set(24'h000005, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg_va[0] = WR_VA + 64'h1201; sg_len[0] = 1111; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h1803; sg_len[1] = 1389; sg_key[1] = LKEY_W;
    post(41, `RNIC_WQE_OP_RDMA_READ, SIG, 2, 2500, 0, 64'h00007f0041430000, 32'h00410003, OK, 1, 1);
    rd_expect(2, rs, 2500);
    ud_set(24'h000006, 32'h0000abce, 32'hc0a80a02, 48'h0a0b0c0d0e10, 8'd18, 8'h05);
    sg1(MR_VA + 64'h630f, 40);
    post(41, `RNIC_WQE_OP_SEND, SIG, 1, 40, 0, 0, 0, OK, 1, 1);
    wait_sent;
    rd_respond(41, rp, 2500, rs);
    send_ack(8'hB1, 41, qa_psn[41] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("XRC READ 3 responses");
    rs = rs + 2500;
    rp = qa_psn[41];
    ud_set(24'h000007, 32'h0000abcf, 32'hc0a80a03, 48'h0a0b0c0d0e11, 8'd19, 8'h06);
    sgw(64'h2101, 200);
    post(41, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 200, 0, 64'h00007f0041440000, 32'h00410004, OK, 1, 1);
    rd_expect(1, rs, 200);
    wait_sent;
    rd_respond(41, rp, 200, rs);
    wait_cqes;
    wmem_check("XRC READ ONLY");
    rs = rs + 200;

    // atomics: FETCH ADD (0xB4) and COMPARE SWAP (0xB3) with AtomicETH and
    // XRCETH, each completed by an XRC ATOMIC ACK (0xB2) whose original
    // data is placed
    $display("QP 41 XRC: FETCH ADD 0xB4, COMPARE SWAP 0xB3, each answered by ATOMIC ACK 0xB2");
    rp = qa_psn[41];
    ud_set(24'h000008, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    at_cmp = 64'h0000000000000009; at_swap = 64'hdeadbeefcafef00d;
    sgw(64'h2301, 8);
    post(41, `RNIC_WQE_OP_ATOMIC_FA, SIG, 1, 8, 0, 64'h00007f0041450008, 32'h00410005, OK, 1, 1);
    av = 64'h4141414142424242;
    at_expect(1, av);
    wait_sent;
    send_atack(41, rp, av, 1'b1);
    wait_cqes;
    wmem_check("XRC FETCH ADD");
    rp = qa_psn[41];
    ud_set(24'h000009, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    at_cmp = 64'h0123012301230123; at_swap = 64'h4567456745674567;
    sg_va[0] = WR_VA + 64'h2403; sg_len[0] = 3; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h2503; sg_len[1] = 5; sg_key[1] = LKEY_W;
    post(41, `RNIC_WQE_OP_ATOMIC_CS, SIG, 2, 8, 0, 64'h00007f0041460010, 32'h00410006, OK, 1, 1);
    av = 64'h0123012301230123;
    at_expect(2, av);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    ud_set(24'h00000a, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg1(MR_VA + 64'h6411, 64);
    post(41, `RNIC_WQE_OP_SEND, SIG, 1, 64, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_atack(41, rp, av, 1'b1);
    send_ack(8'hB1, 41, qa_psn[41] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("XRC COMPARE SWAP");

    // an XRC NAK (0xB1, remote access error) completes the SEND it names
    // with REM_ACCESS_ERR and flushes the WRITE behind it; after a reset the
    // QP sends again
    $display("QP 41 XRC: NAK 0xB1 remote access -> REM_ACCESS_ERR, flush; reset, SEND");
    rp = qa_psn[41];
    ud_set(24'h00000b, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg1(MR_VA + 64'h6513, 200);
    post(41, `RNIC_WQE_OP_SEND, SIG, 1, 200, 0, 0, 0, `RNIC_WC_STATUS_REM_ACCESS_ERR, 1, 1);
    ud_set(24'h00000c, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg1(MR_VA + 64'h6615, 30);
    post(41, `RNIC_WQE_OP_RDMA_WRITE, 0, 1, 30, 0, 64'h00007f0041470000, 32'h00410007, FLUSH, 1, 1);
    wait_sent;
    send_ack(8'hB1, 41, rp, 8'h62, 0);
    wait_cqes;
    qp_reset_t(41, `RNIC_QP_TYPE_XRC_SEND, `RNIC_MTU_1024, 24'd81, 24'h000abc, 32'h41414141);
    ud_set(24'h00000d, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg1(MR_VA + 64'h6717, 1500);
    post(41, `RNIC_WQE_OP_SEND, SIG, 1, 1500, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'hB1, 41, qa_psn[41] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    // QP 42, MTU 256: a 600 B READ (0xAD 0xAE 0xAF at 256 B), a 513 B
    // WRITE_IMM (0xA6 0xA7 0xA9), SEND_IMM solicited (0xA0 0xA3), an inline
    // SEND of one MTU (0xA4); XRCETH on every packet
    $display("QP 42 XRC MTU 256: READ 0xAD 0xAE 0xAF, WRITE_IMM 0xA6 0xA7 0xA9, SEND_IMM 0xA0 0xA3, inline SEND 0xA4");
    rp = qa_psn[42];
    ud_set(24'h00abcd, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sgw(64'h2601, 600);
    post(42, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 600, 0, 64'h00007f0042410000, 32'h00420001, OK, 1, 1);
    rd_expect(1, rs, 600);
    ud_set(24'h00abce, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg_va[0] = MR_VA + 64'h6819; sg_len[0] = 13; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h691b; sg_len[1] = 500; sg_key[1] = LKEY;
    post(42, `RNIC_WQE_OP_RDMA_WRITE_IMM, SIG, 2, 513, 32'h42424242, 64'h00007f0042420000, 32'h00420002, OK, 1, 1);
    ud_set(24'h00abcf, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    sg1(MR_VA + 64'h6a1d, 300);
    post(42, `RNIC_WQE_OP_SEND_IMM, SIG | `RNIC_WQE_FLAG_SOLICITED, 1, 300, 32'h00c0ffee, 0, 0, OK, 1, 1);
    ud_set(24'h00abd0, 32'h0000abcd, 32'hc0a80a01, 48'h0a0b0c0d0e0f, 8'd17, 8'h04);
    for (i = 0; i < 256; i = i + 1) inl[i] = 8'h42 ^ i;
    post(42, `RNIC_WQE_OP_SEND, SIG | `RNIC_WQE_FLAG_INLINE, 0, 256, 0, 0, 0, OK, 1, 1);
    wait_sent;
    chk("XRC 42 psn", qa_psn[42], 24'h000309);        // 3+3+2+1 PSNs from 0x000300
    // an RC ACK (0x11) for this XRC QP, though its PSN is outstanding: dropped
    send_ack(8'h11, 42, qa_psn[42] - 24'd1, ACK_SYN, 0); exp_drop = exp_drop + 1;
    rd_respond(42, rp, 600, rs);
    send_ack(8'hB1, 42, qa_psn[42] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("XRC 42 READ");
    rs = rs + 600;
    ack_tr = 8'h00;
    ud_set(24'h0abcde, 32'h13579bdf, 32'h0a010203, 48'h06aabbccddee, 8'd201, 8'hb8);

    // =====================================================================
    // Go-back-N retransmission (RC requester): PSN sequence NAK (IBA
    // 9.7.5.2.2), implied NAKs (a READ response past the next expected one,
    // an ACK past a READ or atomic whose response never came), RNR NAK
    // (9.7.5.2.8) and the local ACK timeout (9.7.6.1.3). The packets sent
    // again are expected as copies of the first ones (re_expect: the sinks
    // check every header field and payload byte, and compare each with the
    // packet first sent with its PSN); the WQE source fetches the QP's WQEs
    // again from the rewind's index (rw_chk); stat_chk counts the
    // retransmissions, the packets sent again, the timeouts and the retries
    // exceeded exactly.
    rel_set(5'd0, 3'd3, 3'd0);
    qp_setup(43, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd85, 24'hfffffd, 1'b0);   // PSNs wrap
    rel_set(5'd0, 3'd0, 3'd0);
    $display("QP 43 MTU 256: sequence NAK mid-SEND (5 SGEs), mid-WRITE_IMM (3 SGEs), at an inline SEND; stale NAKs ignored");
    rp = qa_psn[43];
    wqi = qa_index[43];
    sg_va[0] = MR_VA + 64'h20011; sg_len[0] = 100;  sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h20203; sg_len[1] = 300;  sg_key[1] = LKEY;
    sg_va[2] = MR_VA + 64'h20500; sg_len[2] = 0;    sg_key[2] = 32'hdeadbeef;
    sg_va[3] = MR_VA + 64'h20601; sg_len[3] = 7;    sg_key[3] = LKEY;
    sg_va[4] = MR_VA + 64'h20a05; sg_len[4] = 1093; sg_key[4] = LKEY;
    post(43, `RNIC_WQE_OP_SEND, SIG | `RNIC_WQE_FLAG_SOLICITED, 5, 1500, 0, 64'h4343, 32'h4343, OK, 1, 1);   // 6 PSNs
    for (i = 0; i < 200; i = i + 1) inl[i] = 8'h43 ^ (i * 7);
    post(43, `RNIC_WQE_OP_SEND_IMM, SIG | `RNIC_WQE_FLAG_INLINE, 0, 200, 32'h43434343, 0, 0, OK, 1, 1);
    rp2 = qa_psn[43];
    sg_va[0] = MR_VA + 64'h21003; sg_len[0] = 250; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h21205; sg_len[1] = 513; sg_key[1] = LKEY;
    sg_va[2] = MR_VA + 64'h21807; sg_len[2] = 337; sg_key[2] = LKEY;
    post(43, `RNIC_WQE_OP_RDMA_WRITE_IMM, SIG, 3, 1100, 32'h0a0b0c0d, 64'h00007f0043430000, 32'h00430001, OK, 1, 1);
    sg1(MR_VA + 64'h22009, 300);
    post(43, `RNIC_WQE_OP_SEND, 0, 1, 300, 0, 0, 0, OK, 1, 0);                              // unsignaled
    wait_sent;
    // NAK at the SEND's fourth PSN: nothing before it to retire; the SEND
    // goes on with MIDDLE, MIDDLE, LAST from byte 768 (SGE 4, offset 361),
    // then the three WQEs behind it whole. The fetch engine holds the
    // rewind off for 300 cycles: it stays offered, nothing is sent meanwhile
    ec_wr = ec_wr - 3;
    re_expect(43, rp + 24'd3);
    rw_block = 1'b1;
    hm0 = hs_msg;
    send_ack(8'h11, 43, rp + 24'd3, 8'h60, 0); exp_seq = exp_seq + 1;
    c0 = 0;
    while (rw_valid !== 1'b1 && c0 < 1000) begin
        @(negedge clk);
        c0 = c0 + 1;
    end
    repeat (300) @(negedge clk);
    chk("QP 43 rewind held", {rw_valid, rw_qpn, rw_index}, {1'b1, 24'd43, wqi[15:0]});
    chk("QP 43 held: sent", hs_msg, hm0);
    rw_block = 1'b0;
    wait_sent;
    wait_cqes;                                                         // none
    rw_chk("QP 43 NAK mid-SEND", 43, wqi[15:0]);
    chk("QP 43 again", re_pkts, 3 + 1 + 5 + 2);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    stat_chk("QP 43 NAK mid-SEND");
    // before any progress, the same NAK again and one for an earlier PSN
    // say nothing new (sent before the retransmission arrived): counted,
    // ignored, nothing sent
    hm0 = hs_msg;
    send_ack(8'h11, 43, rp + 24'd3, 8'h60, 0); exp_seq = exp_seq + 1;
    send_ack(8'h11, 43, rp + 24'd1, 8'h60, 0); exp_seq = exp_seq + 1;
    repeat (500) @(posedge clk);
    chk("QP 43 hold", hs_msg, hm0);
    wait_cqes;                                                         // none
    stat_chk("QP 43 stale NAKs ignored");
    // a NAK past the restart PSN (the SEND's last PSN), still before any
    // progress, is a new loss: SEND LAST from byte 1280 (SGE 4, offset 873),
    // then the three WQEs behind it again
    re_expect(43, rp + 24'd5);
    send_ack(8'h11, 43, rp + 24'd5, 8'h60, 0); exp_seq = exp_seq + 1;
    wait_sent;
    wait_cqes;                                                         // none
    rw_chk("QP 43 NAK past the restart", 43, wqi[15:0]);
    chk("QP 43 again", re_pkts, 1 + 1 + 5 + 2);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    stat_chk("QP 43 NAK past the restart");
    // an ACK for the SEND is progress (its CQE); a NAK at the WRITE_IMM's
    // third PSN then retires the inline SEND before it, and the WRITE_IMM
    // goes on with MIDDLE, LAST (ImmDt) from byte 512 (SGE 1, offset 262),
    // no RETH, then the unsignaled SEND whole
    ec_wr = ec_wr + 1;
    send_ack(8'h11, 43, rp + 24'd5, ACK_SYN, 0);
    wait_cqes;
    ec_wr = ec_wr + 1;
    re_expect(43, rp2 + 24'd2);
    send_ack(8'h11, 43, rp2 + 24'd2, 8'h60, 0); exp_seq = exp_seq + 1;
    wait_sent;
    wait_cqes;                                                         // the inline SEND
    rw_chk("QP 43 NAK mid-WRITE", 43, wqi[15:0] + 16'd2);
    chk("QP 43 again", re_pkts, 3 + 2);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    stat_chk("QP 43 NAK mid-WRITE");
    ec_wr = ec_wr + 1;
    send_ack(8'h11, 43, qa_psn[43] - 24'd1, ACK_SYN, 0);
    wait_cqes;                                                         // the WRITE_IMM, once
    // a NAK at a message's first PSN: an empty SEND before it completes, the
    // inline SEND of one MTU (SEND ONLY) and a 3-packet SEND go out again whole
    post(43, `RNIC_WQE_OP_SEND, SIG, 0, 0, 0, 0, 0, OK, 1, 1);
    rp = qa_psn[43];
    for (i = 0; i < 256; i = i + 1) inl[i] = 8'h34 + i;
    post(43, `RNIC_WQE_OP_SEND, SIG | `RNIC_WQE_FLAG_INLINE, 0, 256, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h2240b, 600);
    post(43, `RNIC_WQE_OP_SEND, SIG, 1, 600, 0, 0, 0, OK, 1, 1);
    wait_sent;
    ec_wr = ec_wr - 2;
    re_expect(43, rp);
    send_ack(8'h11, 43, rp, 8'h60, 0); exp_seq = exp_seq + 1;
    wait_sent;
    wait_cqes;                                                         // the empty SEND
    rw_chk("QP 43 NAK at a first PSN", 43, wqi[15:0] + 16'd5);
    chk("QP 43 again", re_pkts, 1 + 3);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    ec_wr = ec_wr + 2;
    send_ack(8'h11, 43, qa_psn[43] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    stat_chk("QP 43 NAK at a first PSN");

    // RNR NAK (IBA 9.7.5.2.8) with rnr_retry 0: the SEND before the NAKed
    // one completes, the NAKed SEND completes RNR_RETRY_EXC_ERR, the
    // unsignaled WRITE behind it WR_FLUSH_ERR (a CQE all the same), one
    // m_err_c pulse; nothing is sent again; later WQEs are flushed
    rel_set(5'd0, 3'd3, 3'd0);
    qp_setup(44, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd87, 24'h000444, 1'b0);
    rel_set(5'd0, 3'd0, 3'd0);
    $display("QP 44: RNR NAK with rnr_retry 0 -> RNR_RETRY_EXC_ERR, the rest flushed");
    sg1(MR_VA + 64'h23001, 1500);
    post(44, `RNIC_WQE_OP_SEND, SIG, 1, 1500, 0, 0, 0, OK, 1, 1);
    rp = qa_psn[44];
    sg1(MR_VA + 64'h23801, 100);
    post(44, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, `RNIC_WC_STATUS_RNR_RETRY_EXC_ERR, 1, 1);
    sg1(MR_VA + 64'h23901, 50);
    post(44, `RNIC_WQE_OP_RDMA_WRITE, 0, 1, 50, 0, 64'h4444, 32'h00440001, FLUSH, 1, 1);
    wait_sent;
    hm0 = hs_msg;
    send_ack(8'h11, 44, rp, 8'h21, 0); exp_rnr = exp_rnr + 1; exp_retry_exc = exp_retry_exc + 1;
    wait_cqes;
    repeat (4 * 1024) @(posedge clk);
    chk("QP 44 sent again", hs_msg, hm0);
    stat_chk("QP 44 RNR retries exceeded");
    sg1(MR_VA + 64'h23a01, 50);
    post(44, `RNIC_WQE_OP_SEND, SIG, 1, 50, 0, 0, 0, FLUSH, 0, 1);
    wait_cqes;

    // rnr_retry 7 retries forever, and uses no transport retry (retry_cnt
    // 0): ten RNR NAKs with timer code 1 (0.01 ms: 3 ticks of 1024 cycles)
    // for the second PSN of a 3-packet SEND_IMM; each time nothing is sent
    // before the RNR time (timer_busy meanwhile): the first header again
    // comes at least 3072 cycles after the NAK, at most a tick (a timer
    // counting whole ticks) and 400 cycles of turnaround later; then the
    // SEND_IMM goes on from that PSN and the SEND behind it again
    rel_set(5'd0, 3'd0, 3'd7);
    qp_setup(45, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd89, 24'hfffff0, 1'b0);
    rel_set(5'd0, 3'd0, 3'd0);
    $display("QP 45: ten RNR NAKs (code 1: 3 ticks) mid-SEND_IMM, rnr_retry 7, retry_cnt 0");
    rp = qa_psn[45];
    wqi = qa_index[45];
    sg_va[0] = MR_VA + 64'h24001; sg_len[0] = 1800; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h24a03; sg_len[1] = 1200; sg_key[1] = LKEY;
    post(45, `RNIC_WQE_OP_SEND_IMM, SIG, 2, 3000, 32'h45454545, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h25005, 200);
    post(45, `RNIC_WQE_OP_SEND, SIG, 1, 200, 0, 0, 0, OK, 1, 1);
    wait_sent;
    ec_wr = ec_wr - 2;
    c1 = 32'h7fffffff; c2 = 0;
    for (ri = 0; ri < 10; ri = ri + 1) begin
        re_expect(45, rp + 24'd1);
        send_ack(8'h11, 45, rp + 24'd1, 8'h21, 0); exp_rnr = exp_rnr + 1;
        c0 = ack_hdr_cyc;
        repeat (1000) @(posedge clk);
        chk("RNR timer_busy", timer_busy, 1'b1);
        wait_sent;
        rw_chk("QP 45 RNR NAK", 45, wqi[15:0]);
        c0 = em_hcyc[re_head % MAXMSG] - c0;                            // the NAK to the first header again
        if (c0 < c1) c1 = c0;
        if (c0 > c2) c2 = c0;
        exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    end
    $display("  RNR NAK code 1 (3 ticks, 3072 cycles): sent again %0d to %0d cycles after the NAK", c1, c2);
    if (c1 < 3 * 1024 || c2 > 4 * 1024 + 400) begin
        $display("FAIL: RNR wait of %0d to %0d cycles, expected 3072 to 4496", c1, c2);
        errors = errors + 1;
    end
    stat_chk("QP 45 RNR NAKs");
    wait_cqes;                                                         // none
    ec_wr = ec_wr + 2;
    send_ack(8'h11, 45, qa_psn[45] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    // rnr_retry 2: two RNR waits, the third RNR NAK completes the head
    // RNR_RETRY_EXC_ERR; with an ACK timer that does not expire meanwhile
    // (QP 51: timeout 14), and (last of all, QP 46) without one
    $display("QP 51: rnr_retry 2, timeout 14: two RNR waits, the third RNR NAK -> RNR_RETRY_EXC_ERR");
    rnr_exhaust(51, 5'd14);

    // local ACK timeout (IBA 9.7.6.1.3) 1: 2 ticks of 1024 cycles, so
    // between 1 and 2 ticks after the timer starts (its first entry is
    // pushed, or a rewind), retry_cnt 2; no ACK ever: after the first and
    // the second expiry everything again from the head's first PSN, after
    // the third the head completes RETRY_EXC_ERR, the others WR_FLUSH_ERR
    rel_set(5'd1, 3'd2, 3'd0);
    qp_setup(47, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd93, 24'hfffffe, 1'b0);
    rel_set(5'd0, 3'd0, 3'd0);
    $display("QP 47 MTU 256: local ACK timeout 1 (2 ticks), retry_cnt 2: sent again twice, then RETRY_EXC_ERR");
    rp = qa_psn[47];
    wqi = qa_index[47];
    sg_va[0] = MR_VA + 64'h26001; sg_len[0] = 333; sg_key[0] = LKEY;
    sg_va[1] = MR_VA + 64'h26403; sg_len[1] = 267; sg_key[1] = LKEY;
    post(47, `RNIC_WQE_OP_SEND, SIG, 2, 600, 0, 0, 0, `RNIC_WC_STATUS_RETRY_EXC_ERR, 1, 1);
    hm0 = em_wr - 1;
    sg1(MR_VA + 64'h26805, 100);
    post(47, `RNIC_WQE_OP_SEND, 0, 1, 100, 0, 0, 0, FLUSH, 1, 1);
    sg1(MR_VA + 64'h26a07, 300);
    post(47, `RNIC_WQE_OP_RDMA_WRITE, SIG, 1, 300, 0, 64'h00007f0047470000, 32'h00470001, FLUSH, 1, 1);
    wait_sent;
    c0 = em_hlast[hm0 % MAXMSG];                                      // the head is pushed right after
    ec_wr = ec_wr - 3;
    for (ri = 0; ri < 3; ri = ri + 1) begin
        if (ri < 2) re_expect(47, rp);
        else ec_wr = ec_wr + 3;                                        // the CQEs follow the third expiry
        wait_tmo(exp_timeout + 1);
        exp_timeout = exp_timeout + 1;
        c1 = tmo_cyc - c0;
        $display("  timeout %0d: %0d cycles after the timer started", ri + 1, c1);
        if (c1 < 2 * 1024 - 300 || c1 > 3 * 1024 + 300) begin
            $display("FAIL: QP 47 timeout %0d cycles after the timer started, expected 1748 to 3372 (2 to 3 ticks)", c1);
            errors = errors + 1;
        end
        if (ri < 2) begin
            wait_sent;
            rw_chk("QP 47 timeout", 47, wqi[15:0]);
            c0 = rwl_cyc[(n_rw - 1) % LOGRW];                           // the rewind restarts the timer
            exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
            stat_chk("QP 47 timeout");
            no_cqe;
        end
    end
    exp_retry_exc = exp_retry_exc + 1;
    wait_cqes;
    stat_chk("QP 47 retries exceeded");
    sg1(MR_VA + 64'h26c09, 10);
    post(47, `RNIC_WQE_OP_SEND, SIG, 1, 10, 0, 0, 0, FLUSH, 0, 1);
    wait_cqes;

    // READ, MTU 256 (QP 48, retry_cnt 3): a SEND, then a READ of 1300 B (6
    // PSNs) over 300 + 0 + 555 + 445 bytes. Its responses 0..2 come, then
    // response 4: the PSN between was lost (an implied NAK): a READ REQUEST
    // with the READ's fourth PSN, va + 768, length 532; another response
    // past the next expected one before progress changes nothing; the new
    // request's FIRST, MIDDLE, LAST place their data from byte 768 (SGE 2,
    // offset 468, on into SGE 3)
    rel_set(5'd0, 3'd3, 3'd0);
    qp_setup(48, `RNIC_QP_STATE_RTS, `RNIC_MTU_256, 24'd5, 24'd95, 24'hfffffb, 1'b0);
    rel_set(5'd0, 3'd0, 3'd0);
    $display("QP 48 MTU 256: READ responses 0-2, then 4: READ REQUEST again from the fourth PSN");
    sg1(MR_VA + 64'h27001, 100);
    post(48, `RNIC_WQE_OP_SEND, SIG, 1, 100, 0, 0, 0, OK, 1, 1);
    rp = qa_psn[48];
    wqi = qa_index[48];
    sg_va[0] = WR_VA + 64'h3001; sg_len[0] = 300; sg_key[0] = LKEY_W;
    sg_va[1] = WR_VA + 64'h3200; sg_len[1] = 0;   sg_key[1] = 32'hdeadbeef;
    sg_va[2] = WR_VA + 64'h3403; sg_len[2] = 555; sg_key[2] = LKEY_W;
    sg_va[3] = WR_VA + 64'h3801; sg_len[3] = 445; sg_key[3] = LKEY_W;
    post(48, `RNIC_WQE_OP_RDMA_READ, SIG, 4, 1300, 0, 64'h00007f0048480003, 32'h00480001, OK, 1, 1);
    rd_expect(4, rs, 1300);
    wait_sent;
    ec_wr = ec_wr - 1;
    send_rresp(OP_RR_FIRST, 48, rp, 256, rs, 1'b1);
    send_rresp(OP_RR_MIDDLE, 48, rp + 24'd1, 256, rs + 256, 1'b1);
    send_rresp(OP_RR_MIDDLE, 48, rp + 24'd2, 256, rs + 512, 1'b1);
    wait_cqes;                                                         // the SEND
    re_expect(48, rp + 24'd3);
    send_rresp(OP_RR_MIDDLE, 48, rp + 24'd4, 256, rs + 9000, 1'b0); exp_drop = exp_drop + 1;
    wait_sent;
    rw_chk("QP 48 READ PSN lost", 48, wqi[15:0]);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    hm0 = hs_msg;
    send_rresp(OP_RR_LAST, 48, rp + 24'd5, 20, rs + 9000, 1'b0); exp_drop = exp_drop + 1;
    repeat (300) @(posedge clk);
    chk("QP 48 hold", hs_msg, hm0);
    stat_chk("QP 48 READ PSN lost");
    ec_wr = ec_wr + 1;
    send_rresp(OP_RR_FIRST, 48, rp + 24'd3, 256, rs + 768, 1'b1);
    send_rresp(OP_RR_MIDDLE, 48, rp + 24'd4, 256, rs + 1024, 1'b1);
    send_rresp(OP_RR_LAST, 48, rp + 24'd5, 20, rs + 1280, 1'b1);
    wait_cqes;
    wmem_check("READ asked again");
    rs = rs + 1300;

    // a READ of 600 B (3 PSNs) and a SEND behind it; the READ's FIRST comes,
    // then an ACK for the SEND: the READ's other responses were lost: READ
    // REQUEST with its second PSN, va + 256, length 344, and the SEND again
    $display("QP 48: READ FIRST, then an ACK for the SEND behind: READ REQUEST again from the second PSN, SEND again");
    rp = qa_psn[48];
    wqi = qa_index[48];
    sgw(64'h3c03, 600);
    post(48, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 600, 0, 64'h00007f0048490000, 32'h00480002, OK, 1, 1);
    rd_expect(1, rs, 600);
    sg1(MR_VA + 64'h27203, 40);
    post(48, `RNIC_WQE_OP_SEND, SIG, 1, 40, 0, 0, 0, OK, 1, 1);
    wait_sent;
    ec_wr = ec_wr - 2;
    send_rresp(OP_RR_FIRST, 48, rp, 256, rs, 1'b1);
    re_expect(48, rp + 24'd1);
    send_ack(8'h11, 48, qa_psn[48] - 24'd1, ACK_SYN, 0);
    wait_sent;
    wait_cqes;                                                         // none
    rw_chk("QP 48 ACK past a READ", 48, wqi[15:0]);
    chk("QP 48 again", re_pkts, 2);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    stat_chk("QP 48 ACK past a READ");
    ec_wr = ec_wr + 2;
    send_rresp(OP_RR_FIRST, 48, rp + 24'd1, 256, rs + 256, 1'b1);
    send_rresp(OP_RR_LAST, 48, rp + 24'd2, 88, rs + 512, 1'b1);
    send_ack(8'h11, 48, qa_psn[48] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    wmem_check("READ rest asked again");
    rs = rs + 600;

    // stale WQEs: READ A is outstanding, READ B waits in the WQE stage for
    // it, SENDs C and D are queued (C offered, not taken). A's LAST comes
    // without its FIRST: the rewind to A drops B in the DUT and C and D in
    // the fetch engine; A, B, C, D are fetched again: A's READ REQUEST again
    // (B still waits), then B, C, D once A completes, each sent once
    $display("QP 48: a rewind drops a waiting READ and the queued SENDs; all fetched again, sent once");
    rp = qa_psn[48];
    wqi = qa_index[48];
    hm0 = em_wr;
    sgw(64'h3e01, 300);
    post(48, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 300, 0, 64'h00007f00484a0000, 32'h00480003, OK, 1, 1);
    rd_expect(1, rs, 300);
    rp2 = qa_psn[48];
    sgw(64'h3f81, 100);
    post(48, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 100, 0, 64'h00007f00484b0000, 32'h00480004, OK, 1, 1);
    rd_expect(1, rs + 300, 100);
    post_async = 1'b1;
    sg1(MR_VA + 64'h27405, 50);
    post(48, `RNIC_WQE_OP_SEND, SIG, 1, 50, 0, 0, 0, OK, 1, 1);
    sg1(MR_VA + 64'h27507, 20);
    post(48, `RNIC_WQE_OP_SEND, SIG, 1, 20, 0, 0, 0, OK, 1, 1);
    post_async = 1'b0;
    wait_hdrs(hm0 + 1);
    repeat (300) @(posedge clk);
    chk("QP 48 B waits", hs_msg, hm0 + 1);
    chk("QP 48 C, D queued", fq_wr - fq_rd, 2);
    ec_wr = ec_wr - 4;
    re_expect(48, rp);
    send_rresp(OP_RR_LAST, 48, rp + 24'd1, 44, rs + 9000, 1'b0); exp_drop = exp_drop + 1;
    wait_hdrs(hm0 + 2);
    repeat (300) @(posedge clk);
    chk("QP 48 B waits again", hs_msg, hm0 + 2);
    rw_chk("QP 48 stale WQEs", 48, wqi[15:0]);
    chk("QP 48 again", re_pkts, 1);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    stat_chk("QP 48 stale WQEs");
    ec_wr = ec_wr + 1;
    rd_respond(48, rp, 300, rs);
    wait_sent;
    wait_cqes;                                                         // A
    ec_wr = ec_wr + 3;
    rd_respond(48, rp2, 100, rs + 300);
    send_ack(8'h11, 48, qa_psn[48] - 24'd1, ACK_SYN, 0);
    wait_cqes;
    post_wait;
    wmem_check("READs fetched again");
    rs = rs + 400;

    // an atomic whose ATOMIC ACKNOWLEDGE is lost (timeout 1, retry_cnt 3):
    // the same FETCH ADD (same PSN, same AtomicETH) after 1 to 2 ticks; its
    // ATOMIC ACKNOWLEDGE then completes it; the timer is off after that
    rel_set(5'd1, 3'd3, 3'd0);
    qp_setup(49, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd97, 24'h494949, 1'b0);
    rel_set(5'd0, 3'd0, 3'd0);
    $display("QP 49: FETCH ADD whose ATOMIC ACKNOWLEDGE is lost: the same request again after the timeout");
    rp = qa_psn[49];
    wqi = qa_index[49];
    at_cmp = 64'h0000000000000049; at_swap = 64'h4949494949494949;
    sgw(64'h3b01, 8);
    post(49, `RNIC_WQE_OP_ATOMIC_FA, SIG, 1, 8, 0, 64'h00007f0049490008, 32'h00490001, OK, 1, 1);
    av = 64'h0102030405060749;
    at_expect(1, av);
    at_cmp = 64'ha5a5a5a5c3c3c3c3; at_swap = 64'h5a5a5a5a3c3c3c3c;
    wait_sent;
    c0 = em_hlast[(em_wr - 1) % MAXMSG];
    ec_wr = ec_wr - 1;
    re_expect(49, rp);
    wait_tmo(exp_timeout + 1);
    exp_timeout = exp_timeout + 1;
    c1 = tmo_cyc - c0;
    if (c1 < 2 * 1024 - 300 || c1 > 3 * 1024 + 300) begin
        $display("FAIL: QP 49 timeout %0d cycles after the timer started, expected 1748 to 3372 (2 to 3 ticks)", c1);
        errors = errors + 1;
    end
    wait_sent;
    rw_chk("QP 49 atomic timeout", 49, wqi[15:0]);
    exp_retrans = exp_retrans + 1; exp_retrans_pkt = exp_retrans_pkt + re_pkts;
    wait_cqes;                                                         // none
    ec_wr = ec_wr + 1;
    send_atack(49, rp, av, 1'b1);
    wait_cqes;
    wmem_check("atomic sent again");
    repeat (3 * 2048) @(posedge clk);
    stat_chk("QP 49 atomic timeout");

    // a QPC write with state ERR while a SEND, a READ and an unsignaled
    // WRITE are outstanding: all three complete WR_FLUSH_ERR in order (the
    // WRITE too), no m_err pulse, no rewind; a late READ response is
    // dropped; a WQE posted then is flushed; after a reset the QP sends
    qp_setup(50, `RNIC_QP_STATE_RTS, `RNIC_MTU_1024, 24'd5, 24'd99, 24'h505050, 1'b0);
    $display("QP 50: QPC write to ERR with a SEND, a READ, an unsignaled WRITE outstanding: WR_FLUSH_ERR in order");
    sg1(MR_VA + 64'h28001, 2000);
    post(50, `RNIC_WQE_OP_SEND, SIG, 1, 2000, 0, 0, 0, FLUSH, 1, 1);
    rp = qa_psn[50];
    sgw(64'h3f01, 100);
    post(50, `RNIC_WQE_OP_RDMA_READ, SIG, 1, 100, 0, 64'h00007f0050500000, 32'h00500001, FLUSH, 1, 1);
    rd_expect(1, rs, 0);
    sg1(MR_VA + 64'h28901, 10);
    post(50, `RNIC_WQE_OP_RDMA_WRITE, 0, 1, 10, 0, 64'h00007f0050510000, 32'h00500002, FLUSH, 1, 1);
    wait_sent;
    ec_wr = ec_wr - 3;
    wait_cqes;                                                         // none
    ec_wr = ec_wr + 3;
    ne = n_err_all;
    qp_write(50, `RNIC_QP_STATE_ERR);
    wait_cqes;
    send_rresp(OP_RR_ONLY, 50, rp, 100, rs, 1'b0); exp_drop = exp_drop + 1;
    sg1(MR_VA + 64'h28a01, 10);
    post(50, `RNIC_WQE_OP_SEND, 0, 1, 10, 0, 0, 0, FLUSH, 0, 1);
    wait_cqes;
    chk("QP 50 pulses", n_err_all, ne);
    stat_chk("QP 50 ERR");
    wmem_check("flushed by ERR");
    qp_reset_t(50, `RNIC_QP_TYPE_RC, `RNIC_MTU_1024, 24'd99, 24'h000500, 32'h0e000032);
    sg1(MR_VA + 64'h28b01, 1100);
    post(50, `RNIC_WQE_OP_SEND, SIG, 1, 1100, 0, 0, 0, OK, 1, 1);
    wait_sent;
    send_ack(8'h11, 50, qa_psn[50] - 24'd1, ACK_SYN, 0);
    wait_cqes;

    $display("QP 46: rnr_retry 2, timeout 0 (no ACK timer): two RNR waits, the third RNR NAK -> RNR_RETRY_EXC_ERR");
    rnr_exhaust(46, 5'd0);

    repeat (100) @(posedge clk);
    err_chk;
    mw_counts("end");
    chk("ack drops", n_ack_drop, exp_drop);
    chk("seq NAKs", n_nak_seq, exp_seq);
    chk("RNR NAKs", n_nak_rnr, exp_rnr);
    stat_chk("end");
    // every ring is empty, or its QP in error: no timer runs
    chk("timer_busy", timer_busy, 1'b0);
    if (fq_rd != fq_wr || s_wqe_tvalid) begin
        $display("FAIL: %0d WQEs not handed over", fq_wr - fq_rd);
        errors = errors + 1;
    end
    if (hs_msg != em_wr || pm_msg < em_wr || exp_rd != exp_wr) begin
        $display("FAIL: %0d/%0d messages, %0d/%0d payload bytes", hs_msg, em_wr, exp_rd, exp_wr);
        errors = errors + 1;
    end
    if (wr_dat_bytes != wr_tot || wq_rd != wq_wr) begin
        $display("FAIL: %0d of %0d READ data bytes written", wr_dat_bytes, wr_tot);
        errors = errors + 1;
    end
    chk("gather bytes", rd_acc_bytes, g_exp);
    $display("tb_req: %0d messages, %0d payload bytes, %0d CQEs, %0d DMA reads, %0d DMA writes (%0d bytes)",
             em_wr, exp_wr, ec_rd, n_dma_req, n_wr_req, wr_dat_bytes);
    ne = 0; nd = 0;
    for (i = 0; i < 256; i = i + 1) begin
        ne = ne + n_errc[i]; nd = nd + n_errw[i];
    end
    $display("tb_req: %0d m_err_c and %0d m_err_w pulses", ne, nd);
    $display("tb_req: the last case ended at %0t", $time);
    $display("tb_req: %0d rewinds, %0d retransmissions, %0d packets sent again (%0d headers and %0d payloads compared with the first), %0d timeouts, %0d retries exceeded",
             n_rw, n_retrans, n_retrans_pkt, n_sig_hdr, n_sig_pl, n_timeout, n_retry_exc);
    if (errors == 0) $display("PASS");
    else $display("FAIL: %0d errors", errors);
    $finish;
end

initial begin
    #20000000;
    $display("FAIL: global timeout: hdr msgs %0d pl msgs %0d of %0d, pl bytes %0d/%0d, cqes %0d/%0d, w_state %0d c_state %0d e_busy %b g_busy %b g_k %0d dma %0d/%0d",
             hs_msg, pm_msg, em_wr, exp_rd, exp_wr, ec_rd, ec_wr, dut.w_state_reg, dut.cmpl.c_state_reg, dut.e_busy_reg, dut.gather.g_busy_reg, dut.gather.g_k_reg, dq_rd, dq_wr);
    $finish;
end

endmodule

`default_nettype wire
