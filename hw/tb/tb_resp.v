// tb_resp: rnic_resp (RC, UC and UD responder) against behavioural models.
// A packet source drives the header bus and the payload stream from a packet
// list; behavioural DMA ports serve receive WQEs from a TB memory (125-cycle
// read latency) and take the scatter writes (data only after its request,
// exact length, packed beats, every byte inside an allowed buffer). A write
// reaches the TB memory only when its done pulse (s_wr_done) is given,
// WR_DONE_LAT cycles after its last beat, so a read that does not wait for
// earlier writes sees stale bytes. CQE and ACK sinks compare every field
// against expected queues. After each case the receive buffers are compared
// byte by byte with the message pattern and the bytes around every buffer
// must still hold their fill pattern. Atomic cases compare the 8 target
// bytes with a model value and the ATOMIC ACK's original data. UC and UD
// cases expect no cycle of m_hdr_valid at all; a UD receive's first 40 bytes
// are compared with a GRH built here from the packet's IPv4 fields (its own
// header checksum). SRQ cases (RC and UC QPs on a shared receive queue)
// expect each CQE's wqe_index to be the index of the SRQ WQE the message
// took, and check the buffers of that WQE. Every qp_err pulse is compared
// with the next expected {QPN, hw_event type} (RESP_ACCESS / RESP_INV_REQ
// for a NAK without a CQE, RESP_ERR when an error CQE reports it, QP_FATAL
// when host memory failed without a CQE) and every srq_lim pulse with the
// next expected SRQN; the SRQ limit case checks after every single-packet
// delivery that the event came exactly at the packet whose WQE left fewer
// than the limit, and that re-arming (keep_idx) keeps the SRQ's indexes.
// SEND with Invalidate cases (RC 0x16/0x17, UC 0x36/0x37) expect, for a key
// the responder may invalidate, one key-table write on m_mpt_* (the window's
// entry with valid 0, every other field as the TB wrote it; compared field
// by field and whole, held unchanged until taken, taken before the CQE) and
// one MW_INVAL event after it; the write is fed back into the DUT's context
// port as rnic_top does, so a later use of the key is refused. Any other
// write or event fails.
// XRC cases (IBA 9.3.6, 14.2.7): XRC target QPs (qpc.type XRC_RECV) get
// transport-101 requests whose XRCETH (s_hdr_deth_sqpn) names an XRC SRQ;
// each CQE must come on that SRQ's CQ (m_cqe_cqn = srqc.cqn) with cqe.srqn
// naming it and wqe_index naming the SRQ WQE the message took, every reply
// must carry transport 101 (ACK 0xB1, ATOMIC ACK 0xB2, READ RESPONSE
// 0xAD..0xB0), and remote keys and SGE keys must be checked against the
// SRQ's PD (the targets' own qpc.pdn is a third PD); the targets' RQs, a
// non-XRC SRQ and a destroyed XRC SRQ hold WQEs into the decoy buffer.
// Duplicates (IBA 9.7.5.1.1): a duplicate SEND or WRITE packet is never
// executed (no byte written, no WQE fetched, no CQE) and gets the ACK of the
// last PSN executed only with AckReq; a duplicate READ REQUEST is answered
// again from its own PSN and RETH (FIRST at its PSN, bytes exact) with the
// current MSN, or dropped without a reply when its responses would reach the
// expected PSN or its key checks fail; a duplicate atomic gets the ATOMIC
// ACK of the QP's last atomic from the result cache (cleared by RESET, INIT,
// RTR) or nothing. ACK coalescing: the header source offers the next header
// as soon as the DUT takes one, so the DUT sees the next request waiting and
// leaves an ACK out when it is the same QP's with the next PSN (at most 8 in
// a row); a packet queued with hdr_sp set is offered only once the DUT is
// idle, so its predecessor's ACK is sent. stat_dup, stat_nak_seq and
// stat_ack_coal are counted and compared with the cases' totals.
// Run it with -Ptb_resp.DATA_W=64 too (GRH over 5 beats).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_resp;

parameter DATA_W = 512;                    // payload and DMA stream width under test
localparam KEEP_W = DATA_W / 8;
localparam MEM_SIZE = 1 << 22;             // 4 MiB of device memory
localparam [63:0] VA_BASE = 64'h00007F0000000000;  // VA of device address 0 (key 1)
localparam PK_N = 2048;                    // packet list capacity
localparam RD_LAT = 125;                   // DMA read latency in cycles
localparam WR_DONE_LAT = 300;              // last write beat to done pulse (> RD_LAT)
localparam DQ_N = 1024;                    // write-done queue capacity
localparam PDN = 24'd7;
localparam GUARD = 8;                      // bytes checked around every buffer

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

integer errors = 0;
integer cycle = 0;
always @(posedge clk) cycle <= cycle + 1;

// ---------------------------------------------------------------------------
// DUT signals
reg            ctx_wr_valid = 1'b0;
reg  [7:0]     ctx_wr_table = 8'd0;
reg  [23:0]    ctx_wr_index = 24'd0;
reg  [1023:0]  ctx_wr_data = 1024'd0;
reg            rq_pi_valid = 1'b0;
reg  [23:0]    rq_pi_qpn = 24'd0;
reg            srq_pi_valid = 1'b0;   // SRQ producer index updates (SRQ cases drive them)
reg  [23:0]    srq_pi_srqn = 24'd0;
reg  [15:0]    srq_pi = 16'd0;
reg  [15:0]    rq_pi = 16'd0;

reg  [7:0]  h_opcode = 8'd0;
reg         h_se = 1'b0, h_ackreq = 1'b0;
reg  [23:0] h_dqpn = 24'd0, h_psn = 24'd0;
reg  [63:0] h_va = 64'd0;
reg  [31:0] h_rkey = 32'd0, h_rlen = 32'd0, h_imm = 32'd0;
reg  [12:0] h_len = 13'd0;
reg  [63:0] h_ava = 64'd0, h_aswap = 64'd0, h_acmp = 64'd0;   // AtomicETH
reg  [31:0] h_arkey = 32'd0;
reg  [31:0] h_qkey = 32'd0;                  // DETH
reg  [23:0] h_sqpn = 24'd0;
reg  [31:0] h_sip = 32'd0, h_dip = 32'd0;     // IPv4 fields a UD GRH is rebuilt from
reg  [15:0] h_ipid = 16'd0;
reg  [7:0]  h_ttl = 8'd0, h_tos = 8'd0;
wire        s_hdr_valid, s_hdr_ready;

reg  [DATA_W-1:0] pl_tdata;
reg  [KEEP_W-1:0] pl_tkeep;
reg               pl_tlast;
wire              pl_tvalid;
wire              pl_tready;

wire [7:0]  m_hdr_opcode;
wire        m_hdr_se, m_hdr_mig, m_hdr_ackreq;
wire [15:0] m_hdr_pkey;
wire [23:0] m_hdr_dqpn, m_hdr_psn;
wire [47:0] m_hdr_dmac, m_hdr_smac;
wire [31:0] m_hdr_dip, m_hdr_sip;
wire [15:0] m_hdr_ip_id;
wire [7:0]  m_hdr_ttl, m_hdr_tos;
wire [15:0] m_hdr_sport;
wire [63:0] m_hdr_reth_va;
wire [31:0] m_hdr_reth_rkey, m_hdr_reth_len, m_hdr_aeth, m_hdr_imm, m_hdr_deth_qkey;
wire [23:0] m_hdr_deth_sqpn;
wire [63:0] m_hdr_atomic_va;
wire [31:0] m_hdr_atomic_rkey;
wire [63:0] m_hdr_atomic_swap, m_hdr_atomic_cmp, m_hdr_atomic_ack;
wire [12:0] m_hdr_len;
wire        m_hdr_valid;
wire        m_hdr_ready;
wire [DATA_W-1:0] rp_tdata;     // READ response payload
wire [KEEP_W-1:0] rp_tkeep;
wire        rp_tlast, rp_tvalid;
wire        rp_tready;

wire [63:0] rd_req_addr;
wire [15:0] rd_req_len;
wire [3:0]  rd_req_tag;
wire        rd_req_valid;
wire        rd_req_ready;
reg  [DATA_W-1:0] rd_tdata;
reg  [KEEP_W-1:0] rd_tkeep;
reg               rd_tlast;
wire              rd_tvalid;
wire              rd_tready;
reg  [3:0]        rd_tuser;
reg               rd_error = 1'b0;
reg               rd_err_inject = 1'b0;  // answer reads with a bus error

wire [63:0] wr_req_addr;
wire [15:0] wr_req_len;
wire        wr_req_valid;
wire        wr_req_ready;
wire [DATA_W-1:0] wr_tdata;
wire [KEEP_W-1:0] wr_tkeep;
wire        wr_tlast, wr_tvalid;
wire        wr_tready;
reg         wr_done = 1'b0;

wire        cqe_valid;
wire        cqe_ready;
wire [23:0] cqe_cqn;
wire [255:0] cqe_data;

wire        qp_err_valid;
wire [23:0] qp_err_qpn;
wire [7:0]  qp_err_type;
wire        srq_lim_valid;
wire [23:0] srq_lim_srqn;
wire        stat_bad_qp, stat_psn_err, stat_rnr_nak, stat_inv_req, stat_ack_tx, stat_msg_drop;
wire        stat_dup, stat_nak_seq, stat_ack_coal;

// key-table writes of SEND with Invalidate (m_mpt_*) and their MW_INVAL
// events (m_mw_ev_*). As in rnic_top, a write the DUT offers joins the
// context-write bus in a cycle the firmware port (the TB's ctx_write) does
// not use, so the DUT's own MPT shadow takes it; mpt_bp holds it off at
// random (lfsr) to test back-pressure.
wire        mpt_valid;
wire        mpt_ready;
wire [23:0] mpt_index;
wire [1023:0] mpt_data;
wire        mw_ev_valid;
wire [63:0] mw_ev;
wire        init_done;   // the tables' reset sweep is over
reg         mpt_bp = 1'b0;
integer     mpt_vc = 0;         // cycles the write on m_mpt_* has been offered and not taken
wire        mpt_hold;
assign mpt_ready = !ctx_wr_valid && !mpt_hold;
wire        kx_wr_valid = ctx_wr_valid || (mpt_valid && mpt_ready);
wire [7:0]  kx_wr_table = ctx_wr_valid ? ctx_wr_table : `RNIC_CTX_TABLE_MPT;
wire [23:0] kx_wr_index = ctx_wr_valid ? ctx_wr_index : mpt_index;
wire [1023:0] kx_wr_data = ctx_wr_valid ? ctx_wr_data : mpt_data;

rnic_resp #(
    .DATA_W(DATA_W),
    .LOG_QPS(4),
    .LOG_MRS(4),
    .MAX_SGE(4),
    .TAG_W(4)
) dut (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(kx_wr_valid), .ctx_wr_table(kx_wr_table),
    .ctx_wr_index(kx_wr_index), .ctx_wr_data(kx_wr_data),
    .s_rq_pi_valid(rq_pi_valid), .s_rq_pi_qpn(rq_pi_qpn), .s_rq_pi(rq_pi),
    .s_srq_pi_valid(srq_pi_valid), .s_srq_pi_srqn(srq_pi_srqn), .s_srq_pi(srq_pi),
    .s_hdr_opcode(h_opcode), .s_hdr_se(h_se), .s_hdr_mig(1'b0),
    .s_hdr_ackreq(h_ackreq), .s_hdr_pkey(16'hFFFF), .s_hdr_dqpn(h_dqpn),
    .s_hdr_psn(h_psn), .s_hdr_dmac(48'h020000000001), .s_hdr_smac(48'h020000000099),
    .s_hdr_dip(h_dip), .s_hdr_sip(h_sip), .s_hdr_ip_id(h_ipid),
    .s_hdr_ttl(h_ttl), .s_hdr_tos(h_tos), .s_hdr_sport(16'hC000),
    .s_hdr_reth_va(h_va), .s_hdr_reth_rkey(h_rkey),
    .s_hdr_reth_len(h_rlen), .s_hdr_aeth(32'd0), .s_hdr_imm(h_imm),
    .s_hdr_deth_qkey(h_qkey), .s_hdr_deth_sqpn(h_sqpn), .s_hdr_atomic_va(h_ava),
    .s_hdr_atomic_rkey(h_arkey), .s_hdr_atomic_swap(h_aswap), .s_hdr_atomic_cmp(h_acmp),
    .s_hdr_atomic_ack(64'hBAD0BAD0BAD0BAD0), .s_hdr_len(h_len),
    .s_hdr_valid(s_hdr_valid), .s_hdr_ready(s_hdr_ready),
    .s_axis_pl_tdata(pl_tdata), .s_axis_pl_tkeep(pl_tkeep), .s_axis_pl_tvalid(pl_tvalid),
    .s_axis_pl_tready(pl_tready), .s_axis_pl_tlast(pl_tlast),
    .m_hdr_opcode(m_hdr_opcode), .m_hdr_se(m_hdr_se), .m_hdr_mig(m_hdr_mig),
    .m_hdr_ackreq(m_hdr_ackreq), .m_hdr_pkey(m_hdr_pkey), .m_hdr_dqpn(m_hdr_dqpn),
    .m_hdr_psn(m_hdr_psn), .m_hdr_dmac(m_hdr_dmac), .m_hdr_smac(m_hdr_smac),
    .m_hdr_dip(m_hdr_dip), .m_hdr_sip(m_hdr_sip), .m_hdr_ip_id(m_hdr_ip_id),
    .m_hdr_ttl(m_hdr_ttl), .m_hdr_tos(m_hdr_tos), .m_hdr_sport(m_hdr_sport),
    .m_hdr_reth_va(m_hdr_reth_va), .m_hdr_reth_rkey(m_hdr_reth_rkey),
    .m_hdr_reth_len(m_hdr_reth_len), .m_hdr_aeth(m_hdr_aeth), .m_hdr_imm(m_hdr_imm),
    .m_hdr_deth_qkey(m_hdr_deth_qkey), .m_hdr_deth_sqpn(m_hdr_deth_sqpn),
    .m_hdr_atomic_va(m_hdr_atomic_va), .m_hdr_atomic_rkey(m_hdr_atomic_rkey),
    .m_hdr_atomic_swap(m_hdr_atomic_swap), .m_hdr_atomic_cmp(m_hdr_atomic_cmp),
    .m_hdr_atomic_ack(m_hdr_atomic_ack), .m_hdr_len(m_hdr_len),
    .m_hdr_valid(m_hdr_valid), .m_hdr_ready(m_hdr_ready),
    .m_axis_pl_tdata(rp_tdata), .m_axis_pl_tkeep(rp_tkeep), .m_axis_pl_tlast(rp_tlast),
    .m_axis_pl_tvalid(rp_tvalid), .m_axis_pl_tready(rp_tready),
    .m_rd_req_addr(rd_req_addr), .m_rd_req_len(rd_req_len), .m_rd_req_tag(rd_req_tag),
    .m_rd_req_valid(rd_req_valid), .m_rd_req_ready(rd_req_ready),
    .s_rd_tdata(rd_tdata), .s_rd_tkeep(rd_tkeep), .s_rd_tlast(rd_tlast),
    .s_rd_tvalid(rd_tvalid), .s_rd_tready(rd_tready), .s_rd_tuser(rd_tuser),
    .s_rd_error(rd_error),
    .m_wr_req_addr(wr_req_addr), .m_wr_req_len(wr_req_len), .m_wr_req_valid(wr_req_valid),
    .m_wr_req_ready(wr_req_ready), .m_wr_tdata(wr_tdata), .m_wr_tkeep(wr_tkeep),
    .m_wr_tlast(wr_tlast), .m_wr_tvalid(wr_tvalid), .m_wr_tready(wr_tready),
    .s_wr_done(wr_done),
    .m_cqe_valid(cqe_valid), .m_cqe_ready(cqe_ready), .m_cqe_cqn(cqe_cqn), .m_cqe_data(cqe_data),
    .qp_err_valid(qp_err_valid), .qp_err_qpn(qp_err_qpn), .qp_err_type(qp_err_type),
    .srq_lim_valid(srq_lim_valid), .srq_lim_srqn(srq_lim_srqn),
    .stat_bad_qp(stat_bad_qp), .stat_psn_err(stat_psn_err), .stat_rnr_nak(stat_rnr_nak),
    .stat_inv_req(stat_inv_req), .stat_ack_tx(stat_ack_tx), .stat_msg_drop(stat_msg_drop),
    .stat_dup(stat_dup), .stat_nak_seq(stat_nak_seq), .stat_ack_coal(stat_ack_coal),
    .m_mpt_valid(mpt_valid), .m_mpt_ready(mpt_ready), .m_mpt_index(mpt_index), .m_mpt_data(mpt_data),
    .m_mw_ev_valid(mw_ev_valid), .m_mw_ev(mw_ev),
    .init_done(init_done)
);

// ---------------------------------------------------------------------------
// back-pressure source
reg [31:0] lfsr = 32'h1234ABCD;
reg stall_en = 1'b0;
always @(posedge clk) lfsr <= {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]};
wire stall_pl  = stall_en && lfsr[3:2] == 2'b00;
wire stall_wr  = stall_en && lfsr[7:6] == 2'b00;
wire stall_cqe = stall_en && lfsr[11];
wire stall_ack = stall_en && lfsr[15];
wire stall_rrq = stall_en && lfsr[19];
assign mpt_hold = mpt_bp && (mpt_vc < 3 || lfsr[29:28] != 2'b00);   // at least 3 cycles, then at random

// ---------------------------------------------------------------------------
// device memory; wmem holds write data until the write's done pulse
reg [7:0] mem [0:MEM_SIZE-1];
reg [7:0] wmem [0:MEM_SIZE-1];

function [7:0] fill;
    input [31:0] a;
    fill = a[7:0] ^ a[15:8] ^ a[23:16] ^ 8'hC3;
endfunction

function [7:0] pat;
    input [15:0] m;
    input [31:0] o;
    pat = o[7:0] ^ {o[11:8], o[15:12]} ^ o[23:16] ^ (m[7:0] * 8'd29) ^ 8'h5A;
endfunction

// ---------------------------------------------------------------------------
// packet list and source
reg [7:0]  pk_op [0:PK_N-1];
reg        pk_se [0:PK_N-1];
reg        pk_ackreq [0:PK_N-1];
reg [23:0] pk_qpn [0:PK_N-1];
reg [23:0] pk_psn [0:PK_N-1];
reg [63:0] pk_va [0:PK_N-1];
reg [31:0] pk_rkey [0:PK_N-1];
reg [31:0] pk_rlen [0:PK_N-1];
reg [31:0] pk_imm [0:PK_N-1];
reg [63:0] pk_ava [0:PK_N-1];
reg [31:0] pk_arkey [0:PK_N-1];
reg [63:0] pk_aswap [0:PK_N-1];
reg [63:0] pk_acmp [0:PK_N-1];
reg [12:0] pk_len [0:PK_N-1];
reg [31:0] pk_qkey [0:PK_N-1];
reg [23:0] pk_sqpn [0:PK_N-1];
reg [31:0] pk_sip [0:PK_N-1];
reg [31:0] pk_dip [0:PK_N-1];
reg [15:0] pk_ipid [0:PK_N-1];
reg [7:0]  pk_ttl [0:PK_N-1];
reg [7:0]  pk_tos [0:PK_N-1];
reg [15:0] pk_msg [0:PK_N-1];
reg [31:0] pk_off [0:PK_N-1];
reg        pk_sp [0:PK_N-1];   // spaced: offered only once the DUT is idle
integer pk_n = 0;      // packets queued
integer hdr_i = 0;     // next header to send
reg hdr_sp = 1'b0;     // add_pkt: the packets it queues are spaced

// the header beat is loaded into registers from the list, as soon as the
// one before is taken: the DUT sees the next request waiting (s_hdr_valid)
// while it works on a packet, so it coalesces ACKs. A spaced packet is
// offered only once the DUT is idle with no header offered (every packet
// before it done), so its predecessor's ACK cannot be left out for it.
reg hv = 1'b0;
reg hvn;
assign s_hdr_valid = hv;
always @(posedge clk) begin
    hvn = hv;
    if (hv && s_hdr_ready)
        hvn = 1'b0;
    if (!hvn && hdr_i < pk_n && (!pk_sp[hdr_i % PK_N] || (!hv && s_hdr_ready))) begin
        h_opcode <= pk_op[hdr_i % PK_N];
        h_se <= pk_se[hdr_i % PK_N];
        h_ackreq <= pk_ackreq[hdr_i % PK_N];
        h_dqpn <= pk_qpn[hdr_i % PK_N];
        h_psn <= pk_psn[hdr_i % PK_N];
        h_va <= pk_va[hdr_i % PK_N];
        h_rkey <= pk_rkey[hdr_i % PK_N];
        h_rlen <= pk_rlen[hdr_i % PK_N];
        h_imm <= pk_imm[hdr_i % PK_N];
        h_len <= pk_len[hdr_i % PK_N];
        h_ava <= pk_ava[hdr_i % PK_N];
        h_arkey <= pk_arkey[hdr_i % PK_N];
        h_aswap <= pk_aswap[hdr_i % PK_N];
        h_acmp <= pk_acmp[hdr_i % PK_N];
        h_qkey <= pk_qkey[hdr_i % PK_N];
        h_sqpn <= pk_sqpn[hdr_i % PK_N];
        h_sip <= pk_sip[hdr_i % PK_N];
        h_dip <= pk_dip[hdr_i % PK_N];
        h_ipid <= pk_ipid[hdr_i % PK_N];
        h_ttl <= pk_ttl[hdr_i % PK_N];
        h_tos <= pk_tos[hdr_i % PK_N];
        hdr_i <= hdr_i + 1;
        hvn = 1'b1;
    end
    hv <= hvn;
end

// payload beats are built one ahead into registers (cursor cl_i/cl_off)
reg pl_v = 1'b0;            // a beat is held
integer cl_i = 0;           // packet of the next beat to build
integer cl_off = 0;         // its byte offset
assign pl_tvalid = pl_v && !stall_pl;
wire pl_done = cl_i >= pk_n && !pl_v;

integer pj, prem, ci_n, co_n;
reg pv;
reg [DATA_W-1:0] pd;
reg [KEEP_W-1:0] pk;
reg pt;
always @(posedge clk) begin
    pv = pl_v;
    if (pl_tvalid && pl_tready)
        pv = 1'b0;
    ci_n = cl_i;
    co_n = cl_off;
    if (!pv) begin
        while (ci_n < pk_n && pk_len[ci_n % PK_N] == 13'd0)
            ci_n = ci_n + 1;
        if (ci_n < pk_n) begin
            prem = pk_len[ci_n % PK_N] - co_n;
            pd = {DATA_W{1'b0}};
            pk = {KEEP_W{1'b0}};
            for (pj = 0; pj < KEEP_W; pj = pj + 1)
                if (pj < prem) begin
                    pd[pj*8 +: 8] = pat(pk_msg[ci_n % PK_N], pk_off[ci_n % PK_N] + co_n + pj);
                    pk[pj] = 1'b1;
                end
            pt = prem <= KEEP_W;
            pl_tdata <= pd;
            pl_tkeep <= pk;
            pl_tlast <= pt;
            pv = 1'b1;
            if (pt) begin
                ci_n = ci_n + 1;
                co_n = 0;
            end else begin
                co_n = co_n + KEEP_W;
            end
        end
    end
    pl_v <= pv;
    cl_i <= ci_n;
    cl_off <= co_n;
end

// ---------------------------------------------------------------------------
// DMA write port model state (the read model checks it): accepted requests
// waiting for data, and written requests waiting for their done pulse
reg [63:0] wq_addr [0:63];
reg [15:0] wq_len [0:63];
integer wq_wr = 0, wq_rd = 0, wq_off = 0;
reg [63:0] dq_addr [0:DQ_N-1];
reg [15:0] dq_len [0:DQ_N-1];
integer    dq_time [0:DQ_N-1];
integer dq_wr = 0, dq_rd = 0;

// ---------------------------------------------------------------------------
// DMA read port model: requests answered in order after RD_LAT cycles
reg [63:0] rq_addr [0:15];
reg [15:0] rq_len [0:15];
reg [3:0]  rq_tag [0:15];
integer    rq_time [0:15];
integer rq_wr = 0, rq_rd = 0, rq_off = 0;
integer rd_reqs = 0;

assign rd_req_ready = (rq_wr - rq_rd) < 16 && !stall_rrq;
reg rd_v = 1'b0;
assign rd_tvalid = rd_v;

integer rj, rrem, rrd_n, roff_n;
reg rv;
reg [DATA_W-1:0] rdd;
reg [KEEP_W-1:0] rdk;
always @(posedge clk) begin
    if (rd_req_valid && rd_req_ready) begin
        rq_addr[rq_wr % 16] <= rd_req_addr;
        rq_len[rq_wr % 16] <= rd_req_len;
        rq_tag[rq_wr % 16] <= rd_req_tag;
        rq_time[rq_wr % 16] <= cycle + RD_LAT;
        rq_wr <= rq_wr + 1;
        rd_reqs <= rd_reqs + 1;
        if (rd_req_len == 16'd0 || rd_req_addr + rd_req_len > MEM_SIZE) begin
            $display("FAIL: DMA read request addr %h len %0d outside memory", rd_req_addr, rd_req_len);
            errors = errors + 1;
        end
        // only atomics read 8 bytes here (WQE fetches read >= 16, no READ
        // case asks for 8): every earlier write must be done by now
        if (rd_req_len == 16'd8 && (wq_rd != wq_wr || dq_rd != dq_wr)) begin
            $display("FAIL: atomic read of %h issued while %0d write requests / %0d done pulses are pending",
                     rd_req_addr, wq_wr - wq_rd, dq_wr - dq_rd);
            errors = errors + 1;
        end
    end
    rv = rd_v;
    if (rd_tvalid && rd_tready)
        rv = 1'b0;
    rrd_n = rq_rd;
    roff_n = rq_off;
    if (!rv && rrd_n != rq_wr && cycle >= rq_time[rrd_n % 16]) begin
        rrem = rq_len[rrd_n % 16] - roff_n;
        rdd = {DATA_W{1'b0}};
        rdk = {KEEP_W{1'b0}};
        for (rj = 0; rj < KEEP_W; rj = rj + 1)
            if (rj < rrem) begin
                rdd[rj*8 +: 8] = mem[(rq_addr[rrd_n % 16] + roff_n + rj) % MEM_SIZE];
                rdk[rj] = 1'b1;
            end
        rd_tdata <= rdd;
        rd_tkeep <= rdk;
        rd_tlast <= rrem <= KEEP_W;
        rd_tuser <= rq_tag[rrd_n % 16];
        rd_error <= rd_err_inject;
        rv = 1'b1;
        if (rrem <= KEEP_W) begin
            rrd_n = rrd_n + 1;
            roff_n = 0;
        end else begin
            roff_n = roff_n + KEEP_W;
        end
    end
    rd_v <= rv;
    rq_rd <= rrd_n;
    rq_off <= roff_n;
end

// ---------------------------------------------------------------------------
// DMA write port model
integer wr_req_bytes = 0;    // bytes of accepted write requests
integer wr_bytes = 0;        // bytes written
// allowed destination ranges (device addresses) for the current case
reg [63:0] al_lo [0:15];
reg [63:0] al_hi [0:15];
integer al_n = 0;

assign wr_req_ready = (wq_wr - wq_rd) < 64;
reg wr_hold = 1'b0;          // the DMA write port takes no data for a while
assign wr_tready = wq_rd != wq_wr && !stall_wr && !wr_hold;

function allowed;
    input [63:0] a;
    integer k;
    begin
        allowed = 1'b0;
        for (k = 0; k < al_n; k = k + 1)
            if (a >= al_lo[k] && a < al_hi[k])
                allowed = 1'b1;
    end
endfunction

integer wr_first_cycle = -1;   // first and last write data beat (rate figures)
integer wr_last_cycle = 0;
integer wr_beats = 0;
integer wj, wn, wrem;
reg wgap;
reg [63:0] wa;
always @(posedge clk) begin
    if (wr_req_valid && wr_req_ready) begin
        wq_addr[wq_wr % 64] <= wr_req_addr;
        wq_len[wq_wr % 64] <= wr_req_len;
        wq_wr <= wq_wr + 1;
        wr_req_bytes <= wr_req_bytes + wr_req_len;
        if (wr_req_len == 16'd0) begin
            $display("FAIL: zero-length DMA write request");
            errors = errors + 1;
        end
    end
    if (wr_tvalid && wr_tready) begin
        if (wr_first_cycle < 0)
            wr_first_cycle <= cycle;
        wr_last_cycle <= cycle;
        wr_beats <= wr_beats + 1;
        wrem = wq_len[wq_rd % 64] - wq_off;
        wn = 0;
        wgap = 1'b0;
        for (wj = 0; wj < KEEP_W; wj = wj + 1) begin
            if (wr_tkeep[wj]) begin
                if (wgap) begin
                    $display("FAIL: write beat tkeep %h not packed", wr_tkeep);
                    errors = errors + 1;
                end
                wa = wq_addr[wq_rd % 64] + wq_off + wj;
                if (!allowed(wa) || wa >= MEM_SIZE) begin
                    if (errors < 20)
                        $display("FAIL: write to %h outside the receive buffers", wa);
                    errors = errors + 1;
                end
                if (wa < MEM_SIZE)
                    wmem[wa] = wr_tdata[wj*8 +: 8];
                wn = wn + 1;
            end else begin
                wgap = 1'b1;
            end
        end
        if (wn != ((wrem < KEEP_W) ? wrem : KEEP_W) || wr_tlast != (wrem <= KEEP_W)) begin
            $display("FAIL: write beat with %0d bytes, last %b, request has %0d left", wn, wr_tlast, wrem);
            errors = errors + 1;
        end
        wr_bytes <= wr_bytes + wn;
        if (wr_tlast) begin
            dq_addr[dq_wr % DQ_N] <= wq_addr[wq_rd % 64];
            dq_len[dq_wr % DQ_N] <= wq_len[wq_rd % 64];
            dq_time[dq_wr % DQ_N] <= cycle + WR_DONE_LAT;
            dq_wr <= dq_wr + 1;
            if (dq_wr - dq_rd >= DQ_N) begin
                $display("FAIL: write-done queue overflow");
                errors = errors + 1;
            end
            wq_rd <= wq_rd + 1;
            wq_off <= 0;
        end else begin
            wq_off <= wq_off + KEEP_W;
        end
    end
end

// write responses in request order: the request's bytes reach memory, then
// the done pulse
reg [63:0] da;
always @(posedge clk) begin
    wr_done <= 1'b0;
    if (dq_rd != dq_wr && cycle >= dq_time[dq_rd % DQ_N]) begin
        for (da = dq_addr[dq_rd % DQ_N]; da < dq_addr[dq_rd % DQ_N] + dq_len[dq_rd % DQ_N]; da = da + 1)
            if (da < MEM_SIZE)
                mem[da] = wmem[da];
        wr_done <= 1'b1;
        dq_rd <= dq_rd + 1;
    end
end

// ---------------------------------------------------------------------------
// expected CQEs and ACKs
reg [23:0]  xc_cqn [0:255];
reg [255:0] xc_data [0:255];
integer     xc_wrb [0:255];     // write-request bytes accepted before the CQE
integer     xc_mpt [0:255];     // key-table writes taken before the CQE
integer xc_wr = 0, xc_rd = 0;
integer exp_wr_req_bytes = 0;

// expected key-table writes on m_mpt_* (SEND with Invalidate: the window's
// entry with valid 0, every other field as it was) and MW_INVAL events on
// m_mw_ev_*, in order. A write offered while none is expected, a write
// offered and not taken that is withdrawn or changes before it is taken, a
// valid that is not 0 or 1, an event nobody expects or one that comes
// before its write fails; every write taken is compared field by field
// and as a whole.
reg [23:0]   xm_idx [0:63];
reg [1023:0] xm_data [0:63];
integer xm_wr = 0, xm_rd = 0;
reg [63:0]   xv_ev [0:63];
integer xv_wr = 0, xv_rd = 0;
integer n_mpt = 0;              // writes taken (non-blocking: a check at the same edge sees the count before)
integer n_mpt_held = 0;         // cycles a write was offered and not taken
reg          mpt_held = 1'b0;   // the write offered at the last edge was not taken
reg [23:0]   mpt_hidx = 24'd0;
reg [1023:0] mpt_hdata = 1024'd0;
reg [1023:0] xmd;

task mpt_field;
    input [8*8-1:0] name;
    input [63:0] got;
    input [63:0] exp;
    begin
        if (got !== exp) begin
            $display("FAIL: key-table write %0d: %0s is %h, expected %h (cycle %0d)", xm_rd, name, got, exp, cycle);
            errors = errors + 1;
        end
    end
endtask

always @(posedge clk) begin
    if (!rst) begin
        if (mpt_valid !== 1'b0 && (mpt_valid !== 1'b1 || xm_rd >= xm_wr)) begin
            $display("FAIL: unexpected key-table write: valid %b index %h valid bit %b mw %b tag %h qpn %h (cycle %0d)",
                     mpt_valid, mpt_index, mpt_data[`RNIC_MPT_VALID_LSB], mpt_data[`RNIC_MPT_MW_LSB],
                     mpt_data[`RNIC_MPT_TAG_LSB +: 8], mpt_data[`RNIC_MPT_QPN_LSB +: 24], cycle);
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
        if (mpt_valid === 1'b1 && !mpt_ready) begin
            n_mpt_held <= n_mpt_held + 1;
            mpt_vc <= mpt_vc + 1;
        end else begin
            mpt_vc <= 0;
        end
        if (mpt_valid === 1'b1 && mpt_ready && xm_rd < xm_wr) begin
            xmd = xm_data[xm_rd % 64];
            mpt_field("index", mpt_index, xm_idx[xm_rd % 64]);
            mpt_field("valid", mpt_data[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W], xmd[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W]);
            mpt_field("mw", mpt_data[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W], xmd[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W]);
            mpt_field("access", mpt_data[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W], xmd[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W]);
            mpt_field("tag", mpt_data[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W], xmd[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W]);
            mpt_field("pdn", mpt_data[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W], xmd[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W]);
            mpt_field("start", mpt_data[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W], xmd[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W]);
            mpt_field("length", mpt_data[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W], xmd[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W]);
            mpt_field("iova", mpt_data[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W], xmd[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W]);
            mpt_field("qpn", mpt_data[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W], xmd[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W]);
            // every other bit of the entry is zero
            if (mpt_data !== xmd) begin
                $display("FAIL: key-table write %0d is %h, expected %h", xm_rd, mpt_data, xmd);
                errors = errors + 1;
            end
            xm_rd = xm_rd + 1;
            n_mpt <= n_mpt + 1;
        end
        if (mw_ev_valid !== 1'b0) begin
            if (mw_ev_valid !== 1'b1 || xv_rd >= xv_wr) begin
                $display("FAIL: unexpected m_mw_ev_valid %b event %h (cycle %0d)", mw_ev_valid, mw_ev, cycle);
                errors = errors + 1;
            end else begin
                if (mw_ev !== xv_ev[xv_rd % 64]) begin
                    $display("FAIL: hw_event %0d is %h, expected %h (cycle %0d)", xv_rd, mw_ev, xv_ev[xv_rd % 64],
                             cycle);
                    errors = errors + 1;
                end
                if (xv_rd >= n_mpt) begin
                    $display("FAIL: hw_event %0d (%h) before its key-table write (cycle %0d)", xv_rd, mw_ev, cycle);
                    errors = errors + 1;
                end
            end
            xv_rd = xv_rd + 1;
        end
    end
end

reg [23:0] xa_qpn [0:255];      // local QP the reply is for
reg [23:0] xa_psn [0:255];
reg [31:0] xa_aeth [0:255];
reg [7:0]  xa_op [0:255];       // 0x11 ACK, 0x12 ATOMIC ACK or a READ RESPONSE opcode (| 0xA0 XRC)
reg [12:0] xa_len [0:255];
reg [63:0] xa_atack [0:255];    // AtomicAckETH original data (0 unless ATOMIC ACK)
reg        xa_rep [0:255];      // an ATOMIC ACK replayed for a duplicate (no write of its own to wait for)
integer xa_wr = 0, xa_rd = 0;

// expected READ response payloads: device address and length per packet
reg [63:0] xp_addr [0:255];
reg [12:0] xp_len [0:255];
integer xp_wr = 0, xp_rd = 0, xp_off = 0;
integer rp_bytes = 0;
wire stall_rp = stall_en && lfsr[23];
assign rp_tready = !stall_rp;
integer pj2, prem2;
always @(posedge clk) begin
    if (rp_tvalid && rp_tready) begin
        if (xp_rd == xp_wr) begin
            $display("FAIL: unexpected READ response payload beat");
            errors = errors + 1;
        end else begin
            prem2 = xp_len[xp_rd % 256] - xp_off;
            for (pj2 = 0; pj2 < KEEP_W; pj2 = pj2 + 1) begin
                if (rp_tkeep[pj2] !== (pj2 < prem2)) begin
                    $display("FAIL: READ payload %0d offset %0d: tkeep[%0d] %b", xp_rd, xp_off, pj2, rp_tkeep[pj2]);
                    errors = errors + 1;
                end else if (pj2 < prem2 &&
                             rp_tdata[pj2*8 +: 8] !== mem[(xp_addr[xp_rd % 256] + xp_off + pj2) % MEM_SIZE]) begin
                    $display("FAIL: READ payload %0d byte %0d is %h, memory holds %h", xp_rd, xp_off + pj2,
                             rp_tdata[pj2*8 +: 8], mem[(xp_addr[xp_rd % 256] + xp_off + pj2) % MEM_SIZE]);
                    errors = errors + 1;
                end
            end
            if (rp_tlast !== (prem2 <= KEEP_W)) begin
                $display("FAIL: READ payload %0d offset %0d: tlast %b", xp_rd, xp_off, rp_tlast);
                errors = errors + 1;
            end
            rp_bytes = rp_bytes + ((prem2 < KEEP_W) ? prem2 : KEEP_W);
            if (rp_tlast || prem2 <= KEEP_W) begin
                xp_rd = xp_rd + 1;
                xp_off = 0;
            end else begin
                xp_off = xp_off + KEEP_W;
            end
        end
    end
end

assign cqe_ready = !stall_cqe;
assign m_hdr_ready = !stall_ack;

// QP address vectors (also written into the QPC)
function [23:0] q_dest;   input [23:0] q; q_dest = 24'h000100 + q * 3; endfunction
function [23:0] q_cqn;    input [23:0] q; q_cqn = 24'h000020 + q; endfunction
function [47:0] q_dmac;   input [23:0] q; q_dmac = 48'h02AB00000000 | {24'd0, q} | 48'h0000CD000000; endfunction
function [31:0] q_dip;    input [23:0] q; q_dip = 32'h0A010000 | {8'd0, q}; endfunction
function [15:0] q_sport;  input [23:0] q; q_sport = 16'hC000 + q[15:0]; endfunction
function [7:0]  q_ttl;    input [23:0] q; q_ttl = 8'd60 + q[7:0]; endfunction
function [7:0]  q_tos;    input [23:0] q; q_tos = 8'h10 + q[7:0]; endfunction
function [15:0] q_pkey;   input [23:0] q; q_pkey = 16'hFF00 | {8'd0, q[7:0]}; endfunction
function [4:0]  q_rnr;    input [23:0] q; q_rnr = 5'd12 + q[4:0]; endfunction
function [63:0] q_rqbase; input [23:0] q; q_rqbase = 64'h300000 + {40'd0, q} * 64'h1000; endfunction
localparam LOG_RQ_SIZE = 3;
localparam LOG_RQ_STRIDE = 7;

task check_cqe;
    reg [255:0] x;
    begin
        x = xc_data[xc_rd % 256];
        if (xc_rd == xc_wr) begin
            $display("FAIL: unexpected CQE %h", cqe_data);
            errors = errors + 1;
        end else begin
            if (cqe_cqn !== xc_cqn[xc_rd % 256]) begin
                $display("FAIL: CQE %0d cqn %h expected %h", xc_rd, cqe_cqn, xc_cqn[xc_rd % 256]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W] !== x[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W]) begin
                $display("FAIL: CQE %0d wqe_index %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W], x[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W] !== x[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W]) begin
                $display("FAIL: CQE %0d opcode %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W], x[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] !== x[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W]) begin
                $display("FAIL: CQE %0d status %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W], x[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W] !== x[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W]) begin
                $display("FAIL: CQE %0d qpn %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W], x[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W] !== x[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W]) begin
                $display("FAIL: CQE %0d flags %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W], x[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W] !== x[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W]) begin
                $display("FAIL: CQE %0d byte_len %0d expected %0d", xc_rd,
                         cqe_data[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W], x[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_IMM_LSB +: `RNIC_CQE_IMM_W] !== x[`RNIC_CQE_IMM_LSB +: `RNIC_CQE_IMM_W]) begin
                $display("FAIL: CQE %0d imm %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_IMM_LSB +: `RNIC_CQE_IMM_W], x[`RNIC_CQE_IMM_LSB +: `RNIC_CQE_IMM_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_SRC_QP_LSB +: `RNIC_CQE_SRC_QP_W] !== x[`RNIC_CQE_SRC_QP_LSB +: `RNIC_CQE_SRC_QP_W]) begin
                $display("FAIL: CQE %0d src_qp %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_SRC_QP_LSB +: `RNIC_CQE_SRC_QP_W], x[`RNIC_CQE_SRC_QP_LSB +: `RNIC_CQE_SRC_QP_W]);
                errors = errors + 1;
            end
            if (cqe_data[`RNIC_CQE_SRQN_LSB +: `RNIC_CQE_SRQN_W] !== x[`RNIC_CQE_SRQN_LSB +: `RNIC_CQE_SRQN_W]) begin
                $display("FAIL: CQE %0d srqn %h expected %h", xc_rd,
                         cqe_data[`RNIC_CQE_SRQN_LSB +: `RNIC_CQE_SRQN_W], x[`RNIC_CQE_SRQN_LSB +: `RNIC_CQE_SRQN_W]);
                errors = errors + 1;
            end
            if (cqe_data !== x) begin
                $display("FAIL: CQE %0d image %h expected %h", xc_rd, cqe_data, x);
                errors = errors + 1;
            end
            if (wr_req_bytes != xc_wrb[xc_rd % 256]) begin
                $display("FAIL: CQE %0d handed over after %0d write-request bytes, expected %0d",
                         xc_rd, wr_req_bytes, xc_wrb[xc_rd % 256]);
                errors = errors + 1;
            end
            if (n_mpt != xc_mpt[xc_rd % 256]) begin
                $display("FAIL: CQE %0d handed over after %0d key-table writes, expected %0d",
                         xc_rd, n_mpt, xc_mpt[xc_rd % 256]);
                errors = errors + 1;
            end
        end
    end
endtask

task check_ack;
    reg [23:0] q;
    begin
        q = xa_qpn[xa_rd % 256];
        if (xa_rd == xa_wr) begin
            $display("FAIL: unexpected ACK psn %h aeth %h", m_hdr_psn, m_hdr_aeth);
            errors = errors + 1;
        end else if (m_hdr_opcode !== xa_op[xa_rd % 256] || m_hdr_psn !== xa_psn[xa_rd % 256] ||
                     m_hdr_aeth !== xa_aeth[xa_rd % 256] || m_hdr_dqpn !== q_dest(q) ||
                     m_hdr_dmac !== q_dmac(q) || m_hdr_dip !== q_dip(q) ||
                     m_hdr_sport !== q_sport(q) || m_hdr_ttl !== q_ttl(q) ||
                     m_hdr_tos !== q_tos(q) || m_hdr_pkey !== q_pkey(q) ||
                     m_hdr_len !== xa_len[xa_rd % 256] || m_hdr_se !== 1'b0 || m_hdr_ackreq !== 1'b0 ||
                     m_hdr_mig !== 1'b0 || m_hdr_atomic_ack !== xa_atack[xa_rd % 256]) begin
            $display("FAIL: ACK %0d: opcode %h psn %h aeth %h dqpn %h dmac %h dip %h sport %h ttl %h tos %h pkey %h len %0d atomic_ack %h",
                     xa_rd, m_hdr_opcode, m_hdr_psn, m_hdr_aeth, m_hdr_dqpn, m_hdr_dmac, m_hdr_dip,
                     m_hdr_sport, m_hdr_ttl, m_hdr_tos, m_hdr_pkey, m_hdr_len, m_hdr_atomic_ack);
            $display("      expected opcode %h psn %h aeth %h len %0d dqpn %h dmac %h dip %h atomic_ack %h",
                     xa_op[xa_rd % 256], xa_psn[xa_rd % 256], xa_aeth[xa_rd % 256], xa_len[xa_rd % 256],
                     q_dest(q), q_dmac(q), q_dip(q), xa_atack[xa_rd % 256]);
            errors = errors + 1;
        end else if (m_hdr_opcode[4:0] == 5'h12 && !xa_rep[xa_rd % 256] && (wq_rd != wq_wr || dq_rd != dq_wr)) begin
            // the atomic's own write must be done before its ACK leaves (a
            // replay for a duplicate writes nothing)
            $display("FAIL: ATOMIC ACK %0d sent while %0d write requests / %0d done pulses are pending",
                     xa_rd, wq_wr - wq_rd, dq_wr - dq_rd);
            errors = errors + 1;
        end
    end
endtask

// expected hardware events in order: QP errors {QPN, hw_event type}, SRQ
// limits (SRQN); a pulse that is not 0 or 1 or that no expectation waits for fails
reg [23:0] xe_qpn [0:63];
reg [7:0]  xe_type [0:63];
integer xe_wr = 0, xe_rd = 0;
reg [23:0] xl_srqn [0:15];
integer xl_wr = 0, xl_rd = 0;
always @(posedge clk) begin
    if (!rst && qp_err_valid !== 1'b0) begin
        if (qp_err_valid !== 1'b1 || xe_rd >= xe_wr) begin
            $display("FAIL: unexpected qp_err_valid %b qpn %h type %h (cycle %0d)", qp_err_valid, qp_err_qpn,
                     qp_err_type, cycle);
            errors = errors + 1;
        end else if (qp_err_qpn !== xe_qpn[xe_rd % 64] || qp_err_type !== xe_type[xe_rd % 64]) begin
            $display("FAIL: QP error event %0d: qpn %h type %h, expected qpn %h type %h (cycle %0d)", xe_rd,
                     qp_err_qpn, qp_err_type, xe_qpn[xe_rd % 64], xe_type[xe_rd % 64], cycle);
            errors = errors + 1;
        end
        xe_rd = xe_rd + 1;
    end
    if (!rst && srq_lim_valid !== 1'b0) begin
        if (srq_lim_valid !== 1'b1 || xl_rd >= xl_wr) begin
            $display("FAIL: unexpected srq_lim_valid %b srqn %h (cycle %0d)", srq_lim_valid, srq_lim_srqn, cycle);
            errors = errors + 1;
        end else if (srq_lim_srqn !== xl_srqn[xl_rd % 16]) begin
            $display("FAIL: SRQ limit event %0d: srqn %h, expected %h (cycle %0d)", xl_rd, srq_lim_srqn,
                     xl_srqn[xl_rd % 16], cycle);
            errors = errors + 1;
        end
        xl_rd = xl_rd + 1;
    end
end

task exp_qerr;
    input [23:0] q;
    input [7:0] t;
    begin
        xe_qpn[xe_wr % 64] = q;
        xe_type[xe_wr % 64] = t;
        xe_wr = xe_wr + 1;
    end
endtask

task exp_slim;
    input [23:0] srqn;
    begin
        xl_srqn[xl_wr % 16] = srqn;
        xl_wr = xl_wr + 1;
    end
endtask

integer n_bad_qp = 0, n_psn_err = 0, n_rnr = 0, n_inv = 0, n_ack = 0, n_qp_err = 0;
integer n_drop = 0;         // stat_msg_drop pulses
integer x_drop = 0;         // ... expected so far (cases add the packets they drop)
integer n_dup = 0, n_nseq = 0, n_coal = 0;   // stat_dup, stat_nak_seq, stat_ack_coal pulses
integer x_dup = 0, x_nseq = 0, x_coal = 0;   // ... expected so far (cases add them)
integer n_hdr_vcyc = 0;     // cycles with m_hdr_valid high, ready or not
always @(posedge clk) begin
    if (cqe_valid && cqe_ready) begin
        check_cqe;
        xc_rd <= xc_rd + 1;
    end
    if (m_hdr_valid && m_hdr_ready) begin
        check_ack;
        xa_rd <= xa_rd + 1;
    end
    if (stat_bad_qp) n_bad_qp <= n_bad_qp + 1;
    if (stat_psn_err) n_psn_err <= n_psn_err + 1;
    if (stat_rnr_nak) n_rnr <= n_rnr + 1;
    if (stat_inv_req) n_inv <= n_inv + 1;
    if (stat_ack_tx) n_ack <= n_ack + 1;
    if (qp_err_valid) n_qp_err <= n_qp_err + 1;
    if (stat_msg_drop) n_drop <= n_drop + 1;
    if (stat_dup) n_dup <= n_dup + 1;
    if (stat_nak_seq) n_nseq <= n_nseq + 1;
    if (stat_ack_coal) n_coal <= n_coal + 1;
    if (m_hdr_valid) n_hdr_vcyc <= n_hdr_vcyc + 1;
end

// ---------------------------------------------------------------------------
// per-QP model state
reg [23:0] tb_psn [0:15];
reg [23:0] tb_msn [0:15];
reg [15:0] tb_pi [0:15];
reg [15:0] tb_ci [0:15];
reg [15:0] msg_id = 16'd1;
reg [7:0]  qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE;  // for qp_write
reg [31:0] qp_qkey = 32'd0;   // for qp_write (UD)
reg [7:0]  msg_tr = 8'h00;    // transport bits add_msg ORs into its opcodes (0x20 UC)
reg        msg_inv = 1'b0;    // add_msg: a SEND with Invalidate (LAST 0x16, ONLY 0x17, | msg_tr)
reg [23:0] xrc_srqn = 24'd0;  // add_pkt: the XRCETH (XRC SRQ number) of XRC requests (transport 101)
reg [7:0]  ack_tr = 8'h00;    // transport bits of the expected replies (exp_ack, exp_read, exp_atomic): 0xA0 XRC
reg [23:0] qp_pdn = PDN;      // for qp_write: qpc.pdn
reg [23:0] qp_xrcdn = 24'd0;  // for qp_write: qpc.xrcdn (XRC targets)
reg        qp_srq_en = 1'b0;  // for qp_write (SRQ cases): receives come from qp_srqn
reg [23:0] qp_srqn = 24'd0;

task ctx_write;
    input [7:0] tbl;
    input [23:0] index;
    input [1023:0] data;
    begin
        @(posedge clk);
        ctx_wr_valid <= 1'b1;
        ctx_wr_table <= tbl;
        ctx_wr_index <= index;
        ctx_wr_data <= data;
        @(posedge clk);
        ctx_wr_valid <= 1'b0;
    end
endtask

// QPC with this QP's fields; type, state, path MTU code and expected PSN given
task qp_write;
    input [23:0] q;
    input [3:0] qtype;
    input [3:0] qstate;
    input [2:0] mtu;
    input [23:0] psn;
    reg [1023:0] c;
    begin
        c = 1024'd0;
        c[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] = qstate;
        c[`RNIC_QPC_TYPE_LSB +: `RNIC_QPC_TYPE_W] = qtype;
        c[`RNIC_QPC_PATH_MTU_LSB +: `RNIC_QPC_PATH_MTU_W] = mtu;
        c[`RNIC_QPC_ACCESS_LSB +: `RNIC_QPC_ACCESS_W] = qp_access;
        c[`RNIC_QPC_PDN_LSB +: `RNIC_QPC_PDN_W] = qp_pdn;
        c[`RNIC_QPC_XRCDN_LSB +: `RNIC_QPC_XRCDN_W] = qp_xrcdn;
        c[`RNIC_QPC_SRQ_EN_LSB +: `RNIC_QPC_SRQ_EN_W] = qp_srq_en;
        c[`RNIC_QPC_SRQN_LSB +: `RNIC_QPC_SRQN_W] = qp_srqn;
        c[`RNIC_QPC_DEST_QPN_LSB +: `RNIC_QPC_DEST_QPN_W] = q_dest(q);
        c[`RNIC_QPC_RECV_CQN_LSB +: `RNIC_QPC_RECV_CQN_W] = q_cqn(q);
        c[`RNIC_QPC_SEND_CQN_LSB +: `RNIC_QPC_SEND_CQN_W] = 24'h0000EE;
        c[`RNIC_QPC_LOG_RQ_SIZE_LSB +: `RNIC_QPC_LOG_RQ_SIZE_W] = LOG_RQ_SIZE;
        c[`RNIC_QPC_LOG_RQ_STRIDE_LSB +: `RNIC_QPC_LOG_RQ_STRIDE_W] = LOG_RQ_STRIDE;
        c[`RNIC_QPC_RQ_BASE_LSB +: `RNIC_QPC_RQ_BASE_W] = q_rqbase(q);
        c[`RNIC_QPC_RQ_PSN_LSB +: `RNIC_QPC_RQ_PSN_W] = psn;
        c[`RNIC_QPC_SQ_PSN_LSB +: `RNIC_QPC_SQ_PSN_W] = 24'h777777;
        c[`RNIC_QPC_MIN_RNR_TIMER_LSB +: `RNIC_QPC_MIN_RNR_TIMER_W] = q_rnr(q);
        c[`RNIC_QPC_DMAC_LO_LSB +: `RNIC_QPC_DMAC_LO_W] = q_dmac(q) & 48'h0000FFFFFFFF;
        c[`RNIC_QPC_DMAC_HI_LSB +: `RNIC_QPC_DMAC_HI_W] = q_dmac(q) >> 32;
        c[`RNIC_QPC_UDP_SPORT_LSB +: `RNIC_QPC_UDP_SPORT_W] = q_sport(q);
        c[`RNIC_QPC_DIP_LSB +: `RNIC_QPC_DIP_W] = q_dip(q);
        c[`RNIC_QPC_HOP_LIMIT_LSB +: `RNIC_QPC_HOP_LIMIT_W] = q_ttl(q);
        c[`RNIC_QPC_TRAFFIC_CLASS_LSB +: `RNIC_QPC_TRAFFIC_CLASS_W] = q_tos(q);
        c[`RNIC_QPC_PKEY_LSB +: `RNIC_QPC_PKEY_W] = q_pkey(q);
        c[`RNIC_QPC_QKEY_LSB +: `RNIC_QPC_QKEY_W] = qp_qkey;
        ctx_write(`RNIC_CTX_TABLE_QPC, q, c);
    end
endtask

// firmware-like bring-up of a QP of the given type: RESET, INIT, RTR, RTS
task qp_bringup_t;
    input [23:0] q;
    input [3:0] qtype;
    input [2:0] mtu;
    input [23:0] psn;
    begin
        qp_write(q, qtype, `RNIC_QP_STATE_RESET, mtu, psn);
        qp_write(q, qtype, `RNIC_QP_STATE_INIT, mtu, psn);
        qp_write(q, qtype, `RNIC_QP_STATE_RTR, mtu, psn);
        qp_write(q, qtype, `RNIC_QP_STATE_RTS, mtu, psn);
        tb_psn[q] = psn;
        tb_msn[q] = 24'd0;
        tb_pi[q] = 16'd0;
        tb_ci[q] = 16'd0;
    end
endtask

task qp_bringup;
    input [23:0] q;
    input [2:0] mtu;
    input [23:0] psn;
    begin
        qp_bringup_t(q, `RNIC_QP_TYPE_RC, mtu, psn);
    end
endtask

task mpt_write;
    input [7:0] idx;
    input [7:0] tag;
    input [7:0] access;
    input [23:0] pdn;
    input [63:0] start;
    input [63:0] length;
    input [63:0] iova;
    reg [1023:0] c;
    begin
        c = 1024'd0;
        c[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W] = 1'b1;
        c[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W] = tag;
        c[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W] = access;
        c[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W] = pdn;
        c[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W] = start;
        c[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W] = length;
        c[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W] = iova;
        ctx_write(`RNIC_CTX_TABLE_MPT, {16'd0, idx}, c);
    end
endtask

// a key entry as the requester writes it for a memory window (BIND_MW:
// valid, mw, the range and the QP it is bound to; LOCAL_INV: the same with
// valid 0); mw 0 gives a region entry with the same fields
task mw_write;
    input [7:0] idx;
    input [7:0] tag;
    input [7:0] access;
    input [23:0] pdn;
    input [63:0] start;
    input [63:0] length;
    input [63:0] iova;
    input valid;
    input mw;
    input [23:0] qpn;
    reg [1023:0] c;
    begin
        c = 1024'd0;
        c[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W] = valid;
        c[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W] = mw;
        c[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W] = tag;
        c[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W] = access;
        c[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W] = pdn;
        c[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W] = start;
        c[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W] = length;
        c[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W] = iova;
        c[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W] = qpn;
        ctx_write(`RNIC_CTX_TABLE_MPT, {16'd0, idx}, c);
    end
endtask

localparam [31:0] KEY_GOOD  = 32'h00000111;  // index 1: whole memory, LOCAL+REMOTE write
localparam [31:0] KEY_NOLW  = 32'h00000222;  // index 2: REMOTE_WRITE only
localparam [31:0] KEY_OTHPD = 32'h00000333;  // index 3: other PD
localparam [31:0] KEY_SMALL = 32'h00000444;  // index 4: 4 KiB window at 0x200000
localparam [31:0] KEY_BADTAG = 32'h00000112; // index 1 with a wrong tag
localparam [31:0] KEY_ATOMIC = 32'h00000666; // index 6: whole memory, LOCAL+REMOTE write, REMOTE atomic
localparam [31:0] KEY_AWIN  = 32'h00000777;  // index 7: REMOTE atomic, 256 bytes at AWIN_VA (device 0x3B0000)
localparam [63:0] AWIN_VA   = 64'h00005A0000001000;

// receive WQE scatter list of the case being built
reg [63:0] sg_addr [0:3];   // device addresses
reg [31:0] sg_len [0:3];
reg [31:0] sg_key [0:3];
integer sg_n = 0;

task fill_range;
    input [63:0] lo;
    input [63:0] n;
    reg [63:0] a;
    begin
        for (a = lo; a < lo + n; a = a + 1)
            mem[a] = fill(a);
    end
endtask

// allow writes to the SGE buffers and reset them (plus guards) to the fill
task sg_arm;
    integer k;
    begin
        for (k = 0; k < sg_n; k = k + 1) begin
            al_lo[al_n] = sg_addr[k];
            al_hi[al_n] = sg_addr[k] + sg_len[k];
            al_n = al_n + 1;
            fill_range(sg_addr[k] - GUARD, sg_len[k] + 2 * GUARD);
        end
    end
endtask

task post_recv;
    input [23:0] q;
    reg [127:0] h, s;
    reg [63:0] base;
    integer k, b;
    reg [31:0] total;
    begin
        total = 0;
        for (k = 0; k < sg_n; k = k + 1)
            total = total + sg_len[k];
        base = q_rqbase(q) + ((tb_pi[q] % (1 << LOG_RQ_SIZE)) << LOG_RQ_STRIDE);
        for (b = 0; b < (1 << LOG_RQ_STRIDE); b = b + 1)
            mem[base + b] = 8'hEE;
        h = 128'd0;
        h[`RNIC_RECV_WQE_NUM_SGE_LSB +: `RNIC_RECV_WQE_NUM_SGE_W] = sg_n;
        h[`RNIC_RECV_WQE_WQE_INDEX_LSB +: `RNIC_RECV_WQE_WQE_INDEX_W] = tb_pi[q];
        h[`RNIC_RECV_WQE_LENGTH_LSB +: `RNIC_RECV_WQE_LENGTH_W] = total;
        for (b = 0; b < 16; b = b + 1)
            mem[base + b] = h[b*8 +: 8];
        for (k = 0; k < sg_n; k = k + 1) begin
            s = 128'd0;
            s[`RNIC_DATA_SEG_ADDR_LSB +: `RNIC_DATA_SEG_ADDR_W] = sg_addr[k] + VA_BASE;
            s[`RNIC_DATA_SEG_LENGTH_LSB +: `RNIC_DATA_SEG_LENGTH_W] = sg_len[k];
            s[`RNIC_DATA_SEG_LKEY_LSB +: `RNIC_DATA_SEG_LKEY_W] = sg_key[k];
            for (b = 0; b < 16; b = b + 1)
                mem[base + 16 + 16 * k + b] = s[b*8 +: 8];
        end
        tb_pi[q] = tb_pi[q] + 1;
        @(posedge clk);
        rq_pi_valid <= 1'b1;
        rq_pi_qpn <= q;
        rq_pi <= tb_pi[q];
        @(posedge clk);
        rq_pi_valid <= 1'b0;
    end
endtask

task add_pkt;
    input [7:0] op;
    input [23:0] q;
    input [23:0] psn;
    input se;
    input ackreq;
    input [12:0] len;
    input [15:0] m;
    input [31:0] off;
    input [63:0] va;
    input [31:0] rkey;
    input [31:0] rlen;
    input [31:0] imm;
    integer s;
    begin
        s = pk_n % PK_N;
        pk_op[s] = op; pk_qpn[s] = q; pk_psn[s] = psn; pk_se[s] = se; pk_ackreq[s] = ackreq;
        pk_len[s] = len; pk_msg[s] = m; pk_off[s] = off; pk_va[s] = va; pk_rkey[s] = rkey;
        pk_rlen[s] = rlen; pk_imm[s] = imm; pk_sp[s] = hdr_sp;
        // AtomicETH decoys: only atomics may use these fields
        pk_ava[s] = va ^ 64'h5555000000000008; pk_arkey[s] = rkey ^ 32'h00000100;
        pk_aswap[s] = 64'hA5A5A5A5A5A5A5A5; pk_acmp[s] = 64'h5A5A5A5A5A5A5A5A;
        // DETH decoys (only UD may use them; a UC/RC CQE's src_qp is the
        // QPC's dest_qpn) and the IPv4 fields of a plain packet; an XRC
        // request (transport 101) carries the XRCETH's SRQ number xrc_srqn
        // on the same field
        pk_qkey[s] = 32'hD0D0_0000 | s; pk_sqpn[s] = (op[7:5] == 3'b101) ? xrc_srqn : 24'hDE0000 | s;
        pk_sip[s] = 32'h0A000099; pk_dip[s] = 32'h0A000001; pk_ipid[s] = s[15:0];
        pk_ttl[s] = 8'd64; pk_tos[s] = 8'd0;
        pk_n = pk_n + 1;
    end
endtask

// queue a SEND (write=0) or RDMA WRITE (write=1) message of n bytes, split at
// the MTU, starting at the QP's model PSN (advanced); with_imm selects the
// _IMM last/only opcode. With msg_inv set (a SEND, with_imm 0) the LAST/ONLY
// packet is SEND LAST/ONLY with Invalidate carrying imm (the IETH key) and
// every packet before it carries a decoy in the same header field.
task add_msg;
    input [23:0] q;
    input write;
    input [31:0] n;
    input [31:0] mtu;
    input with_imm;
    input [31:0] imm;
    input se;
    input [63:0] va;
    input [31:0] rkey;
    integer off, plen;
    reg [7:0] base, op;
    begin
        base = (write ? 8'h06 : 8'h00) | msg_tr;
        off = 0;
        if (n <= mtu) begin
            op = base + (msg_inv ? 8'h17 : with_imm ? 8'h05 : 8'h04);
            add_pkt(op, q, tb_psn[q], se, 1'b0, n, msg_id, 0, va, rkey, n, imm);
            tb_psn[q] = tb_psn[q] + 1;
        end else begin
            while (off < n) begin
                plen = (n - off > mtu) ? mtu : n - off;
                if (off == 0)
                    op = base;
                else if (off + plen < n)
                    op = base + 8'h01;
                else
                    op = base + (msg_inv ? 8'h16 : with_imm ? 8'h03 : 8'h02);
                add_pkt(op, q, tb_psn[q], (off + plen == n) ? se : 1'b0, 1'b0, plen, msg_id, off,
                        va, rkey, n, (msg_inv && off + plen < n) ? imm ^ 32'h00000E5A : imm);
                tb_psn[q] = tb_psn[q] + 1;
                off = off + plen;
            end
        end
    end
endtask

task exp_ack;
    input [23:0] q;
    input [23:0] psn;
    input [7:0] syn;
    begin
        xa_qpn[xa_wr % 256] = q;
        xa_psn[xa_wr % 256] = psn;
        xa_aeth[xa_wr % 256] = {syn, tb_msn[q]};
        xa_op[xa_wr % 256] = 8'h11 | ack_tr;
        xa_len[xa_wr % 256] = 13'd0;
        xa_atack[xa_wr % 256] = 64'd0;
        xa_rep[xa_wr % 256] = 1'b0;
        xa_wr = xa_wr + 1;
    end
endtask

// the READ RESPONSE packets for a READ of n bytes from device address a,
// the first at PSN psn: FIRST, MIDDLE.., LAST or ONLY, the AETH of the
// FIRST, LAST and ONLY with MSN msn (a MIDDLE has none). The QP's model
// state is left alone (a duplicate READ's responses).
task exp_rresp;
    input [23:0] q;
    input [23:0] psn;
    input [63:0] a;
    input [31:0] n;
    input [31:0] mtu;
    input [23:0] msn;
    integer np, k;
    reg [31:0] l;
    begin
        np = (n == 0) ? 1 : (n + mtu - 1) / mtu;
        for (k = 0; k < np; k = k + 1) begin
            l = (k == np - 1) ? n - k * mtu : mtu;
            xa_qpn[xa_wr % 256] = q;
            xa_psn[xa_wr % 256] = psn + k;
            xa_op[xa_wr % 256] = ((np == 1) ? 8'h10 : (k == 0) ? 8'h0D : (k == np - 1) ? 8'h0F : 8'h0E) | ack_tr;
            xa_aeth[xa_wr % 256] = (np == 1 || k == 0 || k == np - 1) ? {8'h1F, msn} : 32'd0;
            xa_len[xa_wr % 256] = l[12:0];
            xa_atack[xa_wr % 256] = 64'd0;
            xa_rep[xa_wr % 256] = 1'b0;
            xa_wr = xa_wr + 1;
            if (l != 0) begin
                xp_addr[xp_wr % 256] = a + k * mtu;
                xp_len[xp_wr % 256] = l[12:0];
                xp_wr = xp_wr + 1;
            end
        end
    end
endtask

// the READ RESPONSE packets for a READ of n bytes from device address a at
// the QP's model PSN (advanced) and MSN (advanced first)
task exp_read;
    input [23:0] q;
    input [63:0] a;
    input [31:0] n;
    input [31:0] mtu;
    begin
        tb_msn[q] = tb_msn[q] + 1;
        exp_rresp(q, tb_psn[q], a, n, mtu, tb_msn[q]);
        tb_psn[q] = tb_psn[q] + ((n == 0) ? 1 : (n + mtu - 1) / mtu);
    end
endtask

reg [31:0] save_wr;     // write-data byte count saved by a case
integer save_req;       // write-request byte count saved by a case

// queue an atomic request (8'h13 COMPARE SWAP, 8'h14 FETCH ADD; XRC 8'hB3,
// 8'hB4) at the QP's model PSN with len payload bytes (0 for a well-formed
// request); the RETH fields carry decoys, so only the AtomicETH may be used
task add_atomic;
    input [7:0] op;
    input [23:0] q;
    input [12:0] len;
    input [63:0] va;
    input [31:0] rkey;
    input [63:0] swap;
    input [63:0] cmp;
    integer s;
    begin
        s = pk_n % PK_N;
        add_pkt(op, q, tb_psn[q], 0, 1, len, msg_id, 0, va ^ 64'h0000000000010000, rkey ^ 32'h00000200,
                32'd4096, 0);
        pk_ava[s] = va; pk_arkey[s] = rkey; pk_aswap[s] = swap; pk_acmp[s] = cmp;
    end
endtask

// the ATOMIC ACKNOWLEDGE (IBA 9.7.5) of the atomic at the QP's model PSN
// (advanced) with the model MSN (advanced first): AETH ACK, original data
task exp_atomic;
    input [23:0] q;
    input [63:0] orig;
    begin
        tb_msn[q] = tb_msn[q] + 1;
        xa_qpn[xa_wr % 256] = q;
        xa_psn[xa_wr % 256] = tb_psn[q];
        xa_aeth[xa_wr % 256] = {8'h1F, tb_msn[q]};
        xa_op[xa_wr % 256] = 8'h12 | ack_tr;
        xa_len[xa_wr % 256] = 13'd0;
        xa_atack[xa_wr % 256] = orig;
        xa_rep[xa_wr % 256] = 1'b0;
        xa_wr = xa_wr + 1;
        tb_psn[q] = tb_psn[q] + 1;
    end
endtask

// a duplicate atomic at PSN psn (behind the QP's model PSN, which stays)
task add_dup_atomic;
    input [7:0] op;
    input [23:0] q;
    input [23:0] psn;
    input [63:0] va;
    input [31:0] rkey;
    input [63:0] swap;
    input [63:0] cmp;
    reg [23:0] keep;
    begin
        keep = tb_psn[q];
        tb_psn[q] = psn;
        add_atomic(op, q, 0, va, rkey, swap, cmp);
        tb_psn[q] = keep;
    end
endtask

// the ATOMIC ACKNOWLEDGE replayed for a duplicate atomic at PSN psn from
// the result cache: its original data, the QP's current model MSN
task exp_atomic_dup;
    input [23:0] q;
    input [23:0] psn;
    input [63:0] orig;
    begin
        xa_qpn[xa_wr % 256] = q;
        xa_psn[xa_wr % 256] = psn;
        xa_aeth[xa_wr % 256] = {8'h1F, tb_msn[q]};
        xa_op[xa_wr % 256] = 8'h12 | ack_tr;
        xa_len[xa_wr % 256] = 13'd0;
        xa_atack[xa_wr % 256] = orig;
        xa_rep[xa_wr % 256] = 1'b1;
        xa_wr = xa_wr + 1;
    end
endtask

// 64-bit operands in host (little-endian) order: byte k is bits [8k+7:8k]
function [63:0] mem64;
    input [63:0] a;
    integer k;
    begin
        for (k = 0; k < 8; k = k + 1)
            mem64[k*8 +: 8] = mem[a + k];
    end
endfunction

function [63:0] pat64;
    input [15:0] m;
    input [31:0] o;
    integer k;
    begin
        for (k = 0; k < 8; k = k + 1)
            pat64[k*8 +: 8] = pat(m, o + k);
    end
endfunction

// an atomic target: GUARD fill bytes, the 8-byte value v, GUARD fill bytes;
// only the 8 bytes may be written
task at_arm;
    input [63:0] a;
    input [63:0] v;
    integer k;
    begin
        fill_range(a - GUARD, 8 + 2 * GUARD);
        for (k = 0; k < 8; k = k + 1)
            mem[a + k] = v[k*8 +: 8];
        al_n = 0;
        al_lo[0] = a; al_hi[0] = a + 8; al_n = 1;
    end
endtask

// the target holds v and its guard bytes their fill
task check_at;
    input [63:0] a;
    input [63:0] v;
    reg [63:0] b;
    integer bad;
    begin
        bad = 0;
        if (mem64(a) !== v) begin
            $display("FAIL: atomic target %h holds %h, expected %h", a, mem64(a), v);
            bad = 1;
        end
        for (b = a - GUARD; b < a + 8 + GUARD; b = b + 1)
            if ((b < a || b >= a + 8) && mem[b] !== fill(b)) begin
                $display("FAIL: byte %h next to atomic target %h is %h, expected fill %h", b, a, mem[b], fill(b));
                bad = 1;
            end
        if (bad != 0)
            errors = errors + 1;
    end
endtask

// write-data bytes and write-request bytes since the saved counts
task check_wr_delta;
    input integer n_data;
    input integer n_req;
    begin
        if (wr_bytes - save_wr != n_data || wr_req_bytes - save_req != n_req) begin
            $display("FAIL: %0d bytes written in %0d request bytes, expected %0d in %0d",
                     wr_bytes - save_wr, wr_req_bytes - save_req, n_data, n_req);
            errors = errors + 1;
        end
        save_wr = wr_bytes;
        save_req = wr_req_bytes;
    end
endtask

// one atomic on the current target (QP at_q, address at_va with key
// at_key) against the model value at_v: expects the ATOMIC ACK with the
// value before, then updates the model and the expected write bytes
reg [23:0] at_q;
reg [63:0] at_va;
reg [31:0] at_key;
reg [63:0] at_v;
task at_step;
    input [7:0] op;
    input [63:0] swap;
    input [63:0] cmp;
    begin
        add_atomic(op, at_q, 0, at_va, at_key, swap, cmp);
        exp_atomic(at_q, at_v);
        if (op[4:0] == 5'h14 || at_v == cmp) begin
            at_v = (op[4:0] == 5'h14) ? at_v + swap : swap;
            exp_wr_req_bytes = exp_wr_req_bytes + 8;
        end
    end
endtask

// the CQE of the QP's next receive WQE; src_qp is the sender's QP (the
// QPC's dest_qpn on RC/UC, the DETH source QP on UD)
task exp_cqe_src;
    input [23:0] q;
    input [7:0] op;
    input [7:0] status;
    input [7:0] flags;
    input [31:0] len;
    input [31:0] imm_wire;   // header-bus order: first wire byte in [31:24] (IMM or INV flag)
    input [23:0] src;
    reg [255:0] x;
    begin
        x = 256'd0;
        x[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W] = tb_ci[q];
        x[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W] = op;
        x[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] = status;
        x[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W] = q;
        x[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W] = flags;
        x[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W] = len;
        // ImmDt, or the invalidated key (IETH): the first wire byte in [7:0]
        if (flags & (`RNIC_CQE_FLAG_IMM | `RNIC_CQE_FLAG_INV))
            x[`RNIC_CQE_IMM_LSB +: `RNIC_CQE_IMM_W] = {imm_wire[7:0], imm_wire[15:8],
                                                       imm_wire[23:16], imm_wire[31:24]};
        x[`RNIC_CQE_SRC_QP_LSB +: `RNIC_CQE_SRC_QP_W] = src;
        xc_cqn[xc_wr % 256] = q_cqn(q);
        xc_data[xc_wr % 256] = x;
        xc_wrb[xc_wr % 256] = exp_wr_req_bytes;
        xc_mpt[xc_wr % 256] = xm_wr;
        xc_wr = xc_wr + 1;
        tb_ci[q] = tb_ci[q] + 1;
    end
endtask

task exp_cqe;
    input [23:0] q;
    input [7:0] op;
    input [7:0] status;
    input [7:0] flags;
    input [31:0] len;
    input [31:0] imm_wire;
    begin
        exp_cqe_src(q, op, status, flags, len, imm_wire, q_dest(q));
    end
endtask

// wait until every packet, reply and write is through
task drain;
    integer t;
    begin
        t = 0;
        while ((hdr_i != pk_n || hv || !pl_done || xa_rd != xa_wr || xc_rd != xc_wr || xp_rd != xp_wr ||
                wq_rd != wq_wr || dq_rd != dq_wr || dut.state_reg != 0 || rq_rd != rq_wr || rd_v) &&
               t < 2000000) begin
            @(posedge clk);
            t = t + 1;
        end
        repeat (20) @(posedge clk);
        if (t >= 2000000 || hdr_i != pk_n || hv || !pl_done) begin
            $display("FAIL: timeout: hdr %0d pl %0d of %0d, acks %0d/%0d, cqes %0d/%0d, state %0d",
                     hdr_i, cl_i, pk_n, xa_rd, xa_wr, xc_rd, xc_wr, dut.state_reg);
            errors = errors + 1;
        end
        if (xa_rd != xa_wr || xc_rd != xc_wr || xp_rd != xp_wr) begin
            $display("FAIL: missing replies: acks %0d/%0d, cqes %0d/%0d, READ payloads %0d/%0d", xa_rd,
                     xa_wr, xc_rd, xc_wr, xp_rd, xp_wr);
            xp_rd = xp_wr;
            errors = errors + 1;
            xa_rd = xa_wr;
            xc_rd = xc_wr;
        end
    end
endtask

// the scatter list (its buffers taken as one byte sequence) holds: the
// 40-byte GRH image g first if grh is set, then message m's first n bytes;
// past them, the first n0 bytes (offsets from 0) of an earlier message m0
// that were placed there and not overwritten, then the fill. GUARD bytes
// around every buffer keep the fill.
task check_rx;
    input [15:0] m;
    input [31:0] n;
    input grh;
    input [319:0] g;          // byte k in [8k+7:8k]
    input [15:0] m0;
    input [31:0] n0;
    integer k, o, hl, bad;
    reg [63:0] a;
    reg [7:0] e;
    begin
        hl = grh ? 40 : 0;
        o = 0;
        bad = 0;
        for (k = 0; k < sg_n; k = k + 1) begin
            for (a = sg_addr[k] - GUARD; a < sg_addr[k] + sg_len[k] + GUARD; a = a + 1) begin
                if (a >= sg_addr[k] && a < sg_addr[k] + sg_len[k]) begin
                    if (o < hl)
                        e = g[o*8 +: 8];
                    else if (o < hl + n)
                        e = pat(m, o - hl);
                    else if (o < n0)
                        e = pat(m0, o);
                    else
                        e = fill(a);
                    o = o + 1;
                end else begin
                    e = fill(a);
                end
                if (mem[a] !== e) begin
                    if (bad < 8)
                        $display("FAIL: msg %0d: byte at %h (offset %0d) is %h, expected %h", m, a,
                                 (a >= sg_addr[k] && a < sg_addr[k] + sg_len[k]) ? o - 1 : -1, mem[a], e);
                    bad = bad + 1;
                end
            end
        end
        if (bad != 0)
            errors = errors + 1;
    end
endtask

// the scatter list holds message m's first n bytes in order; bytes past n
// and GUARD bytes around every buffer keep the fill
task check_scatter;
    input [15:0] m;
    input [31:0] n;
    begin
        check_rx(m, n, 1'b0, 320'd0, 16'd0, 32'd0);
    end
endtask

task clear_allowed;
    begin
        al_n = 0;
    end
endtask

task set_sg;
    input integer k;
    input [63:0] addr;
    input [31:0] len;
    input [31:0] key;
    begin
        sg_addr[k] = addr;
        sg_len[k] = len;
        sg_key[k] = key;
        if (k + 1 > sg_n)
            sg_n = k + 1;
    end
endtask

task check_stats;
    input integer bad_qp, psn_err, rnr, inv, acks, qp_err;
    begin
        if (n_bad_qp != bad_qp || n_psn_err != psn_err || n_rnr != rnr || n_inv != inv ||
            n_ack != acks || n_qp_err != qp_err) begin
            $display("FAIL: stats bad_qp %0d psn_err %0d rnr %0d inv %0d acks %0d qp_err %0d, expected %0d %0d %0d %0d %0d %0d",
                     n_bad_qp, n_psn_err, n_rnr, n_inv, n_ack, n_qp_err,
                     bad_qp, psn_err, rnr, inv, acks, qp_err);
            errors = errors + 1;
        end
        if (n_drop != x_drop) begin
            $display("FAIL: stat_msg_drop pulsed %0d times, expected %0d", n_drop, x_drop);
            errors = errors + 1;
        end
        if (n_dup != x_dup || n_nseq != x_nseq || n_coal != x_coal) begin
            $display("FAIL: stat_dup %0d stat_nak_seq %0d stat_ack_coal %0d, expected %0d %0d %0d",
                     n_dup, n_nseq, n_coal, x_dup, x_nseq, x_coal);
            errors = errors + 1;
        end
        // every QP error the case list counts was expected with its type
        if (xe_wr != qp_err || xe_rd != xe_wr) begin
            $display("FAIL: QP error events: %0d seen, %0d expected with a type, %0d counted", xe_rd, xe_wr, qp_err);
            errors = errors + 1;
        end
        if (xl_rd != xl_wr) begin
            $display("FAIL: SRQ limit events: %0d seen, %0d expected", xl_rd, xl_wr);
            errors = errors + 1;
        end
        // every key-table write and MW_INVAL event expected so far came
        if (n_mpt != xm_wr || xm_rd != xm_wr || xv_rd != xv_wr) begin
            $display("FAIL: %0d key-table writes and %0d MW_INVAL events, expected %0d and %0d", n_mpt, xv_rd,
                     xm_wr, xv_wr);
            errors = errors + 1;
        end
    end
endtask

// ---------------------------------------------------------------------------
// one receive case: post a WQE with the current scatter list, send a SEND
// message of n bytes at the given MTU, expect CQE + ACK and the bytes
task send_case;
    input [23:0] q;
    input [31:0] n;
    input [31:0] mtu;
    input with_imm;
    input se;
    reg [31:0] imm;
    integer npk;
    begin
        imm = 32'hA1B2C3D4 ^ {msg_id, msg_id};
        clear_allowed;
        sg_arm;
        post_recv(q);
        npk = (n == 0) ? 1 : (n + mtu - 1) / mtu;
        add_msg(q, 1'b0, n, mtu, with_imm, imm, se, 64'd0, 32'd0);
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        exp_cqe(q, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS,
                (with_imm ? `RNIC_CQE_FLAG_IMM : 8'd0) | (se ? `RNIC_CQE_FLAG_SOLICITED : 8'd0),
                n, imm);
        tb_msn[q] = tb_msn[q] + 1;
        exp_ack(q, tb_psn[q] - 1, 8'h1F);
        drain;
        check_scatter(msg_id, n);
        msg_id = msg_id + 1;
    end
endtask

// one UC receive (IBA 9.8): post a WQE with the current scatter list, send a
// UC SEND message of n bytes, expect its CQE and the bytes; never a reply
task uc_send_case;
    input [23:0] q;
    input [31:0] n;
    input [31:0] mtu;
    input with_imm;
    input se;
    reg [31:0] imm;
    begin
        imm = 32'h5C3A9E01 ^ {msg_id, msg_id};
        clear_allowed;
        sg_arm;
        post_recv(q);
        msg_tr = 8'h20;
        add_msg(q, 1'b0, n, mtu, with_imm, imm, se, 64'd0, 32'd0);
        msg_tr = 8'h00;
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        exp_cqe(q, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS,
                (with_imm ? `RNIC_CQE_FLAG_IMM : 8'd0) | (se ? `RNIC_CQE_FLAG_SOLICITED : 8'd0),
                n, imm);
        drain;
        check_scatter(msg_id, n);
        msg_id = msg_id + 1;
    end
endtask

// --- UD model --------------------------------------------------------------
// IPv4 total length of a RoCEv2 UD SEND ONLY of n payload bytes: IPv4 20,
// UDP 8, BTH 12, DETH 8, ImmDt 4 if present, payload padded to 4, ICRC 4
function [15:0] ud_tot;
    input [31:0] n;
    input with_imm;
    ud_tot = 20 + 8 + 12 + 8 + (with_imm ? 4 : 0) + ((n + 3) / 4) * 4 + 4;
endfunction

// the 40 bytes a UD receive starts with for an IPv4 packet (IBA 11.4.1.2 and
// RoCEv2 annex A17): 20 zero bytes, then the packet's IPv4 header as RoCEv2
// sends it (version 4, IHL 5, DF, protocol 17 UDP) with its header checksum,
// the ones'-complement of the ones'-complement sum of its ten 16-bit words
// (RFC 791, RFC 1071); byte k in [8k+7:8k]
function [319:0] ud_grh;
    input [7:0] tos;
    input [15:0] tot;
    input [15:0] id;
    input [7:0] ttl;
    input [31:0] sip;
    input [31:0] dip;
    reg [159:0] h;
    reg [31:0] sum;
    integer k;
    begin
        h = 160'd0;
        h[0*8 +: 8] = 8'h45;          // version 4, IHL 5
        h[1*8 +: 8] = tos;
        h[2*8 +: 8] = tot[15:8];
        h[3*8 +: 8] = tot[7:0];
        h[4*8 +: 8] = id[15:8];
        h[5*8 +: 8] = id[7:0];
        h[6*8 +: 8] = 8'h40;          // flags DF, fragment offset 0
        h[7*8 +: 8] = 8'h00;
        h[8*8 +: 8] = ttl;
        h[9*8 +: 8] = 8'd17;          // UDP
        for (k = 0; k < 4; k = k + 1) begin
            h[(12 + k)*8 +: 8] = sip[(3 - k)*8 +: 8];
            h[(16 + k)*8 +: 8] = dip[(3 - k)*8 +: 8];
        end
        sum = 32'd0;
        for (k = 0; k < 10; k = k + 1)
            sum = sum + {16'd0, h[(2*k)*8 +: 8], h[(2*k + 1)*8 +: 8]};
        while (sum[31:16] != 16'd0)
            sum = {16'd0, sum[15:0]} + {16'd0, sum[31:16]};
        h[10*8 +: 8] = ~sum[15:8];
        h[11*8 +: 8] = ~sum[7:0];
        ud_grh = {h, 160'd0};
    end
endfunction

// the IPv4 fields and DETH source QP of the next UD datagrams
reg [31:0] ud_sip = 32'd0, ud_dip = 32'd0;
reg [15:0] ud_id = 16'd0;
reg [7:0]  ud_ttl = 8'd0, ud_tos = 8'd0;
reg [23:0] ud_sqpn = 24'd0;
reg [31:0] ud_qkey = 32'd0;     // the UD QP's Q_Key
task ud_hdr;
    input [31:0] sip;
    input [31:0] dip;
    input [15:0] id;
    input [7:0] ttl;
    input [7:0] tos;
    input [23:0] sqpn;
    begin
        ud_sip = sip; ud_dip = dip; ud_id = id; ud_ttl = ttl; ud_tos = tos; ud_sqpn = sqpn;
    end
endtask

// queue a UD SEND ONLY (0x64, or 0x65 with immediate) of n bytes of message
// m with DETH Q_Key qkey and the ud_* fields; the RETH fields carry decoys.
// UD has no PSN check: the QP's model PSN jumps after every datagram.
task add_ud;
    input [23:0] q;
    input with_imm;
    input se;
    input [12:0] n;
    input [31:0] qkey;
    input [31:0] imm;
    integer s;
    begin
        s = pk_n % PK_N;
        add_pkt(with_imm ? 8'h65 : 8'h64, q, tb_psn[q], se, 1'b0, n, msg_id, 0,
                VA_BASE + 64'h3C0000, KEY_GOOD, {19'd0, n}, imm);
        pk_qkey[s] = qkey; pk_sqpn[s] = ud_sqpn;
        pk_sip[s] = ud_sip; pk_dip[s] = ud_dip; pk_ipid[s] = ud_id;
        pk_ttl[s] = ud_ttl; pk_tos[s] = ud_tos;
        tb_psn[q] = tb_psn[q] + 24'h0F0F0F;
    end
endtask

// one UD receive: (post a WQE with the current scatter list if post is set,)
// send a datagram of n bytes with the QP's Q_Key, expect the CQE (byte_len
// 40 + n, GRH flag, src_qp from the DETH) and the GRH then the payload in
// the buffers; never a reply
task ud_case;
    input [23:0] q;
    input [31:0] n;
    input with_imm;
    input se;
    input post;
    reg [31:0] imm;
    reg [319:0] g;
    begin
        imm = 32'h0D0E0A0D ^ {msg_id, msg_id};
        clear_allowed;
        sg_arm;
        if (post)
            post_recv(q);
        g = ud_grh(ud_tos, ud_tot(n, with_imm), ud_id, ud_ttl, ud_sip, ud_dip);
        add_ud(q, with_imm, se, n[12:0], ud_qkey, imm);
        exp_wr_req_bytes = exp_wr_req_bytes + 40 + n;
        exp_cqe_src(q, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS,
                    `RNIC_CQE_FLAG_GRH | (with_imm ? `RNIC_CQE_FLAG_IMM : 8'd0) |
                    (se ? `RNIC_CQE_FLAG_SOLICITED : 8'd0), 40 + n, imm, ud_sqpn);
        drain;
        check_rx(msg_id, n, 1'b1, g, 16'd0, 32'd0);
        msg_id = msg_id + 1;
    end
endtask

// --- SRQ model ---------------------------------------------------------------
// An SRQ's receive WQEs sit at base + (index mod 2^log_size) * stride; the
// model keeps each SRQ's producer index (srq_mpi, posted) and consumer index
// (srq_mci, taken in arrival order by srq_take), and the scatter list of every
// posted WQE so a case can check the buffers of the WQE a message took. The
// stride and base differ from the QPs' own RQs, so a fetch from the wrong
// ring reads garbage.
localparam SRQ_LOG_SIZE = 2;          // 4 WQEs: the ring wraps during the cases
localparam SRQ_LOG_STRIDE = 6;        // 64 bytes: header and up to 3 SGEs
function [63:0] srq_base; input [23:0] s; srq_base = 64'h3D0000 + {40'd0, s} * 64'h1000; endfunction
reg [15:0] srq_mpi [0:7];
reg [15:0] srq_mci [0:7];
reg [4:0]  srq_lsz [0:7];             // log2 WQEs of the SRQ (srqc.log_size)
integer    srec_n [0:511];            // per SRQ (s mod 8) and index (mod 64)
reg [63:0] srec_addr [0:2047];
reg [31:0] srec_len [0:2047];
reg [31:0] srec_key [0:2047];

// SRQC write (ctx table SRQC) of 2^lsz WQEs with limit lim (0: not armed);
// without keep the write clears the SRQ's indexes, with keep (keep_idx,
// MODIFY_SRQ re-arming a live SRQ) they stay. srq_valid, srq_xrc,
// srq_xrcdn and srq_cqn give the other fields (XRC cases).
reg        srq_valid = 1'b1;
reg        srq_xrc = 1'b0;
reg [23:0] srq_xrcdn = 24'd0;
reg [23:0] srq_cqn = 24'd0;
task srq_write_lim;
    input [23:0] s;
    input [23:0] pdn;
    input [4:0] lsz;
    input [15:0] lim;
    input keep;
    reg [1023:0] c;
    begin
        c = 1024'd0;
        c[`RNIC_SRQC_VALID_LSB +: `RNIC_SRQC_VALID_W] = srq_valid;
        c[`RNIC_SRQC_KEEP_IDX_LSB +: `RNIC_SRQC_KEEP_IDX_W] = keep;
        c[`RNIC_SRQC_XRC_LSB +: `RNIC_SRQC_XRC_W] = srq_xrc;
        c[`RNIC_SRQC_XRCDN_LSB +: `RNIC_SRQC_XRCDN_W] = srq_xrcdn;
        c[`RNIC_SRQC_CQN_LSB +: `RNIC_SRQC_CQN_W] = srq_cqn;
        c[`RNIC_SRQC_LOG_SIZE_LSB +: `RNIC_SRQC_LOG_SIZE_W] = lsz;
        c[`RNIC_SRQC_LOG_STRIDE_LSB +: `RNIC_SRQC_LOG_STRIDE_W] = SRQ_LOG_STRIDE;
        c[`RNIC_SRQC_UCTX_LSB +: `RNIC_SRQC_UCTX_W] = 16'h0055;
        c[`RNIC_SRQC_PDN_LSB +: `RNIC_SRQC_PDN_W] = pdn;
        c[`RNIC_SRQC_LIMIT_LSB +: `RNIC_SRQC_LIMIT_W] = lim;
        c[`RNIC_SRQC_BASE_LSB +: `RNIC_SRQC_BASE_W] = srq_base(s);
        ctx_write(`RNIC_CTX_TABLE_SRQC, s, c);
        srq_lsz[s % 8] = lsz;
        if (!keep) begin
            srq_mpi[s % 8] = 16'd0;
            srq_mci[s % 8] = 16'd0;
        end
    end
endtask

// SRQC write of SRQ_LOG_SIZE WQEs, not armed; clears the SRQ's indexes
task srq_write;
    input [23:0] s;
    input [23:0] pdn;
    begin
        srq_write_lim(s, pdn, SRQ_LOG_SIZE, 16'd0, 1'b0);
    end
endtask

// post the current scatter list as the SRQ's next WQE, then the producer
// index on s_srq_pi_*
task srq_post;
    input [23:0] s;
    reg [127:0] h, d;
    reg [63:0] base;
    reg [15:0] idx;
    reg [31:0] total;
    integer k, b, r;
    begin
        idx = srq_mpi[s % 8];
        if (idx - srq_mci[s % 8] >= (16'd1 << srq_lsz[s % 8])) begin
            $display("FAIL: testbench posts to full SRQ %0d", s);
            errors = errors + 1;
        end
        total = 0;
        for (k = 0; k < sg_n; k = k + 1)
            total = total + sg_len[k];
        base = srq_base(s) + ((idx % (1 << srq_lsz[s % 8])) << SRQ_LOG_STRIDE);
        for (b = 0; b < (1 << SRQ_LOG_STRIDE); b = b + 1)
            mem[base + b] = 8'hEE;
        h = 128'd0;
        h[`RNIC_RECV_WQE_NUM_SGE_LSB +: `RNIC_RECV_WQE_NUM_SGE_W] = sg_n;
        h[`RNIC_RECV_WQE_WQE_INDEX_LSB +: `RNIC_RECV_WQE_WQE_INDEX_W] = idx;
        h[`RNIC_RECV_WQE_LENGTH_LSB +: `RNIC_RECV_WQE_LENGTH_W] = total;
        for (b = 0; b < 16; b = b + 1)
            mem[base + b] = h[b*8 +: 8];
        r = (s % 8) * 64 + idx % 64;
        srec_n[r] = sg_n;
        for (k = 0; k < sg_n; k = k + 1) begin
            d = 128'd0;
            d[`RNIC_DATA_SEG_ADDR_LSB +: `RNIC_DATA_SEG_ADDR_W] = sg_addr[k] + VA_BASE;
            d[`RNIC_DATA_SEG_LENGTH_LSB +: `RNIC_DATA_SEG_LENGTH_W] = sg_len[k];
            d[`RNIC_DATA_SEG_LKEY_LSB +: `RNIC_DATA_SEG_LKEY_W] = sg_key[k];
            for (b = 0; b < 16; b = b + 1)
                mem[base + 16 + 16 * k + b] = d[b*8 +: 8];
            srec_addr[r * 4 + k] = sg_addr[k];
            srec_len[r * 4 + k] = sg_len[k];
            srec_key[r * 4 + k] = sg_key[k];
        end
        srq_mpi[s % 8] = idx + 1'b1;
        @(posedge clk);
        srq_pi_valid <= 1'b1;
        srq_pi_srqn <= s;
        srq_pi <= srq_mpi[s % 8];
        @(posedge clk);
        srq_pi_valid <= 1'b0;
    end
endtask

// the SRQ's next WQE index in arrival order (taken)
reg [15:0] sx;
task srq_take;
    input [23:0] s;
    begin
        sx = srq_mci[s % 8];
        srq_mci[s % 8] = sx + 1'b1;
    end
endtask

// make the scatter list the one of the SRQ's WQE idx (for the checks)
task srq_sel;
    input [23:0] s;
    input [15:0] idx;
    integer k, r;
    begin
        r = (s % 8) * 64 + idx % 64;
        sg_n = srec_n[r];
        for (k = 0; k < sg_n; k = k + 1) begin
            sg_addr[k] = srec_addr[r * 4 + k];
            sg_len[k] = srec_len[r * 4 + k];
            sg_key[k] = srec_key[r * 4 + k];
        end
    end
endtask

// the CQE of QP q for the receive WQE idx (of its SRQ)
task exp_cqe_at;
    input [23:0] q;
    input [15:0] idx;
    input [7:0] op;
    input [7:0] status;
    input [7:0] flags;
    input [31:0] len;
    input [31:0] imm_wire;
    reg [15:0] keep;
    begin
        keep = tb_ci[q];
        tb_ci[q] = idx;
        exp_cqe_src(q, op, status, flags, len, imm_wire, q_dest(q));
        tb_ci[q] = keep;
    end
endtask

// queue a SEND of n bytes on QP q (RC, or UC if uc is set) that takes the
// next WQE of SRQ s; expect its CQE naming that WQE (and on RC the ACK);
// the message goes out as sm, its WQE index in sx
integer sm;
task srq_send;
    input [23:0] q;
    input [23:0] s;
    input uc;
    input [31:0] n;
    input [31:0] mtu;
    input with_imm;
    input se;
    reg [31:0] imm;
    begin
        imm = 32'h5E7D1A00 ^ {msg_id, msg_id};
        msg_tr = uc ? 8'h20 : 8'h00;
        add_msg(q, 1'b0, n, mtu, with_imm, imm, se, 64'd0, 32'd0);
        msg_tr = 8'h00;
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        srq_take(s);
        exp_cqe_at(q, sx, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS,
                   (with_imm ? `RNIC_CQE_FLAG_IMM : 8'd0) | (se ? `RNIC_CQE_FLAG_SOLICITED : 8'd0), n, imm);
        if (!uc) begin
            tb_msn[q] = tb_msn[q] + 1;
            exp_ack(q, tb_psn[q] - 1, 8'h1F);
        end
        sm = msg_id;
        msg_id = msg_id + 1;
    end
endtask

// SRQ limit case: a SEND ONLY of n bytes on RC QP q into the next WQE of
// SRQ s, alone (drained); fire: this packet's WQE leaves fewer WQEs than the
// armed limit, so srq_lim_valid must pulse (with s) during it, else not.
// The CQE names the WQE, the WQE's buffer holds the bytes.
task lim_send;
    input [23:0] q;
    input [23:0] s;
    input [31:0] n;
    input fire;
    integer l0;
    begin
        l0 = xl_rd;
        if (fire)
            exp_slim(s);
        srq_send(q, s, 0, n, 256, 0, 0);
        drain;
        if (xl_rd != l0 + fire) begin
            $display("FAIL: SEND into WQE %0d of SRQ %0d (%0d left): %0d limit events, expected %0d", sx, s,
                     srq_mpi[s % 8] - srq_mci[s % 8], xl_rd - l0, fire);
            errors = errors + 1;
            xl_rd = l0 + fire;
        end
        srq_sel(s, sx);
        check_scatter(sm, n);
    end
endtask

// the decoy buffer: each SRQ QP's own RQ, and SRQ 4 next to the SRQ used,
// hold posted WQEs into it; no write may reach it
task srq_decoy;
    begin
        sg_n = 1; set_sg(0, 64'h3F8001, 256, KEY_GOOD);
    end
endtask

reg [23:0] pa, pb, pu;
reg [15:0] ia, ib, iu, iu2, ic;
integer c1, c2;

integer hv0;
reg [319:0] g0;
reg [319:0] ud_g [0:3];
integer ud_n [0:11];          // payload bytes of the back-to-back datagrams, 4 per round
initial begin
    ud_n[0] = 1100; ud_n[1] = 0; ud_n[2] = 1460; ud_n[3] = 7;
    ud_n[4] = 1100; ud_n[5] = 0; ud_n[6] = 1460; ud_n[7] = 7;
    ud_n[8] = 5;    ud_n[9] = 0; ud_n[10] = 9;   ud_n[11] = 3;
end

// ---------------------------------------------------------------------------
// memory windows (type 2B, IBA 10.6.7): a window's rkey reaches memory only
// through the QP the window is bound to
localparam [63:0] MW_VA    = 64'h0000660000000200;   // window 8 as first bound: VA, device address, length
localparam [63:0] MW_IOVA  = 64'h3C4100;
localparam [63:0] MW_LEN   = 64'h1000;
localparam [63:0] MW_VA2   = 64'h0000660012345000;   // window 8 bound again (to QP 12)
localparam [63:0] MW_IOVA2 = 64'h3C5800;
localparam [63:0] MW_LEN2  = 64'h800;
localparam [31:0] KEY_MW   = 32'h00000888;           // index 8, tag 0x88
localparam [31:0] KEY_MW2  = 32'h0000088A;           // index 8, tag 0x8A (its second binding)
localparam [31:0] KEY_MWL  = 32'h00000AAA;           // index 10: a region entry, then a window entry
localparam [7:0] ACC_LRW = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE;
localparam [7:0] ACC_LRWR = ACC_LRW | `RNIC_ACCESS_REMOTE_READ;

// an RDMA WRITE of n bytes (split at MTU 1024) on QP q at va with rkey that
// must be accepted: the data lands at device address dev (only there), ACK
task mw_wr_ok;
    input [23:0] q;
    input [63:0] va;
    input [31:0] rkey;
    input [31:0] n;
    input [63:0] dev;
    begin
        clear_allowed;
        al_lo[0] = dev; al_hi[0] = dev + n; al_n = 1;
        fill_range(dev - GUARD, n + 2 * GUARD);
        add_msg(q, 1'b1, n, 1024, 0, 0, 0, va, rkey);
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        tb_msn[q] = tb_msn[q] + 1;
        exp_ack(q, tb_psn[q] - 1, 8'h1F);
        drain;
        sg_n = 1; sg_addr[0] = dev; sg_len[0] = n;
        check_scatter(msg_id, n);
        msg_id = msg_id + 1;
        mw_na = mw_na + 1;
    end
endtask

// an RDMA READ of n bytes on QP q at va with rkey that must be accepted:
// the responses carry the bytes at device address dev
task mw_rd_ok;
    input [23:0] q;
    input [63:0] va;
    input [31:0] rkey;
    input [31:0] n;
    input [63:0] dev;
    integer b0;
    begin
        b0 = rp_bytes;
        add_pkt(8'h0C, q, tb_psn[q], 0, 1, 0, msg_id, 0, va, rkey, n, 0);
        exp_read(q, dev, n, 1024);
        drain;
        if (rp_bytes - b0 != n) begin
            $display("FAIL: window READ of %0d bytes carried %0d", n, rp_bytes - b0);
            errors = errors + 1;
        end
    end
endtask

// one RDMA WRITE ONLY (rd 0) or READ request (rd 1) of n bytes on QP q at
// va with rkey that must be refused: NAK remote access error, QP error
// event, nothing read or written; then the QP is brought up again
task mw_nak;
    input [23:0] q;
    input rd;
    input [63:0] va;
    input [31:0] rkey;
    input [31:0] n;
    integer r0, b0;
    begin
        save_wr = wr_bytes; save_req = wr_req_bytes;
        r0 = rd_reqs;
        b0 = rp_bytes;
        clear_allowed;
        if (rd) begin
            add_pkt(8'h0C, q, tb_psn[q], 0, 1, 0, msg_id, 0, va, rkey, n, 0);
        end else begin
            add_msg(q, 1'b1, n, 1024, 0, 0, 0, va, rkey);
            tb_psn[q] = tb_psn[q] - 1;
        end
        exp_ack(q, tb_psn[q], 8'h62);
        exp_qerr(q, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
        drain;
        check_wr_delta(0, 0);
        if (rd_reqs != r0 || rp_bytes != b0) begin
            $display("FAIL: refused window %0s issued %0d DMA reads, %0d response bytes", rd ? "READ" : "WRITE",
                     rd_reqs - r0, rp_bytes - b0);
            errors = errors + 1;
        end
        mw_nk = mw_nk + 1;
        qp_access = ACC_LRWR;
        qp_bringup(q, 3'd3, tb_psn[q] + 24'd16);
        qp_access = ACC_LRW;
    end
endtask

// ---------------------------------------------------------------------------
// SEND with Invalidate (IBA 10.6.7.2.3): SEND LAST/ONLY with Invalidate (RC
// 0x16/0x17, UC 0x36/0x37) carry the key in the IETH; the responder places
// the message like a SEND, then invalidates the key if it names a bound
// window (mw 1, valid) of the QP's PD with the key's tag, bound to the
// receiving QP. The TB keeps a copy of the key entries it writes with
// win_set (indexes 0..15), from which the write-back is expected.
reg        wm_valid [0:15];
reg        wm_mw [0:15];
reg [7:0]  wm_tag [0:15];
reg [7:0]  wm_access [0:15];
reg [23:0] wm_pdn [0:15];
reg [63:0] wm_start [0:15];
reg [63:0] wm_len [0:15];
reg [63:0] wm_iova [0:15];
reg [23:0] wm_qpn [0:15];
integer iv_ok = 0, iv_bad = 0;   // SEND with Invalidate cases: keys invalidated, keys refused
integer iv_a0, iv_k0, iv_b;      // ... ACK / NAK counts before them, packets dropped as bad QP
integer iv_h0;                   // ... m_hdr_valid cycles before the UC ones


localparam [63:0] IV_VA = 64'h0000670000000000;   // windows of the SEND with Invalidate cases
localparam [31:0] KEY_IV0   = 32'h00000091;   // window 0, bound to QP 11
localparam [31:0] KEY_IV0X  = 32'h00001091;   // index 16 (past the 16-entry table): its low bits name window 0
localparam [31:0] KEY_IV9   = 32'h00000991;   // window 9, bound to QP 11
localparam [31:0] KEY_IV9B  = 32'h00000993;   // window 9 bound again (tag 0x93), QP 11
localparam [31:0] KEY_IV9C  = 32'h00000997;   // window 9 bound a third time (tag 0x97), QP 11
localparam [31:0] KEY_IV9D  = 32'h00000999;   // window 9 bound a fourth time (tag 0x99), QP 11, then QP 12
localparam [31:0] KEY_IV11  = 32'h00000BB3;   // window 11, bound to QP 11
localparam [31:0] KEY_IV12  = 32'h00000CC5;   // window 12, bound to QP 12
localparam [31:0] KEY_IR13  = 32'h00000DD7;   // index 13: a region (mw 0) whose qpn field is 11
localparam [31:0] KEY_IV14  = 32'h00000EE9;   // window 14 of PD 8, bound to QP 11
localparam [31:0] KEY_IV15  = 32'h00000FF2;   // window 15, bound to UC QP 13
localparam [31:0] KEY_IV15B = 32'h00000FF4;   // window 15 bound again (tag 0xF4)
localparam [31:0] KEY_IV15C = 32'h00000FF6;   // window 15 bound a third time (tag 0xF6)

// a key entry written through the firmware port (mw_write) and kept in the
// TB's copy
task win_set;
    input [7:0] idx;
    input [7:0] tag;
    input [7:0] access;
    input [23:0] pdn;
    input [63:0] start;
    input [63:0] length;
    input [63:0] iova;
    input valid;
    input mw;
    input [23:0] qpn;
    begin
        wm_valid[idx % 16] = valid; wm_mw[idx % 16] = mw; wm_tag[idx % 16] = tag;
        wm_access[idx % 16] = access; wm_pdn[idx % 16] = pdn; wm_start[idx % 16] = start;
        wm_len[idx % 16] = length; wm_iova[idx % 16] = iova; wm_qpn[idx % 16] = qpn;
        mw_write(idx, tag, access, pdn, start, length, iova, valid, mw, qpn);
    end
endtask

// the invalidation of key: its entry (index key >> KEY_TAG_BITS) written
// back with valid 0 and every other field as it was, then MW_INVAL with the
// key as the number and a zero data word
task exp_inv;
    input [31:0] key;
    reg [3:0] w;
    reg [1023:0] c;
    begin
        w = key[`RNIC_KEY_TAG_BITS +: 4];
        wm_valid[w] = 1'b0;
        c = 1024'd0;
        c[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W] = wm_valid[w];
        c[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W] = wm_mw[w];
        c[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W] = wm_tag[w];
        c[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W] = wm_access[w];
        c[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W] = wm_pdn[w];
        c[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W] = wm_start[w];
        c[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W] = wm_len[w];
        c[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W] = wm_iova[w];
        c[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W] = wm_qpn[w];
        xm_idx[xm_wr % 64] = {20'd0, w};
        xm_data[xm_wr % 64] = c;
        xm_wr = xm_wr + 1;
        xv_ev[xv_wr % 64] = {32'd0, `RNIC_HW_EVENT_MW_INVAL, key[23:0]};
        xv_wr = xv_wr + 1;
    end
endtask

// a key-table write racing an invalidation: while race_arm is set, in the
// DUT's first cycle in S_INV (its code 29: the edge that enters it), race_data
// goes out on the context bus at index race_idx for one cycle (the key
// table's read returns the old entry in the cycle after that write too)
reg           race_arm = 1'b0;
reg           race_drive = 1'b0;
reg [23:0]    race_idx = 24'd0;
reg [1023:0]  race_data = 1024'd0;
always @(posedge clk) begin
    if (race_drive) begin
        ctx_wr_valid <= 1'b0;
        race_drive <= 1'b0;
    end else if (race_arm && dut.state_next == 5'd29 && dut.state_reg != 5'd29) begin
        ctx_wr_valid <= 1'b1;
        ctx_wr_table <= `RNIC_CTX_TABLE_MPT;
        ctx_wr_index <= race_idx;
        ctx_wr_data <= race_data;
        race_drive <= 1'b1;
        race_arm <= 1'b0;
    end
end

// a context write in the cycle the responder takes its last reply: while
// wb_race_n is above 0, a QPC write moving QP 15 (unused until the UD cases
// bring it up from RESET) to RTR goes out in the first cycle of each S_ACK
// (code 15), and of each S_CQE (code 14) that no ACK follows; when the
// reply is taken in that cycle, the context write holds the table ports and
// the per-QP write-back waits for S_WB (code 16) instead of happening with
// the reply (wb_race_seen counts those)
integer       wb_race_n = 0;
integer       wb_race_seen = 0;
reg           wb_drive = 1'b0;
reg [1023:0]  wb_race_data = 1024'd0;
always @(posedge clk) begin
    if (wb_drive) begin
        ctx_wr_valid <= 1'b0;
        wb_drive <= 1'b0;
    end else if (wb_race_n > 0 && ((dut.state_next == 5'd14 && dut.state_reg != 5'd14 && !dut.do_ack_next) ||
                                   (dut.state_next == 5'd15 && dut.state_reg != 5'd15))) begin
        ctx_wr_valid <= 1'b1;
        ctx_wr_table <= `RNIC_CTX_TABLE_QPC;
        ctx_wr_index <= 24'd15;
        ctx_wr_data <= wb_race_data;
        wb_drive <= 1'b1;
        wb_race_n = wb_race_n - 1;
    end
    if ((dut.state_reg == 5'd14 || dut.state_reg == 5'd15) && dut.state_next == 5'd16)
        wb_race_seen = wb_race_seen + 1;
end

// one SEND with Invalidate of n bytes (split at mtu; UC codes if uc) on QP q
// into a receive WQE with the current scatter list, naming key in the IETH;
// the RETH fields carry decoy (another key) and the packets before the LAST
// a decoy IETH value. good: the key is invalidated (exp_inv), the CQE is
// SUCCESS with flag INV and the key in imm (wire order), RC ACKs. Not good:
// no key-table write, no event, the CQE is REM_INV_REQ_ERR (no INV flag, no
// imm); RC NAKs invalid request at the LAST's PSN, with the MSN of the
// last message that succeeded (as for a too long SEND), and the QP goes to error
// (RESP_ERR); UC replies nothing and the QP carries on. Either way the
// message's bytes are placed.
task inv_case;
    input [23:0] q;
    input uc;
    input [31:0] n;
    input [31:0] mtu;
    input [31:0] key;
    input se;
    input [31:0] decoy;
    input good;
    begin
        clear_allowed;
        sg_arm;
        post_recv(q);
        msg_tr = uc ? 8'h20 : 8'h00;
        msg_inv = 1'b1;
        add_msg(q, 1'b0, n, mtu, 1'b0, key, se, IV_VA + 64'h10, decoy);
        msg_inv = 1'b0;
        msg_tr = 8'h00;
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        if (good) begin
            exp_inv(key);
            exp_cqe(q, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS,
                    `RNIC_CQE_FLAG_INV | (se ? `RNIC_CQE_FLAG_SOLICITED : 8'd0), n, key);
            iv_ok = iv_ok + 1;
        end else begin
            exp_cqe(q, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_REM_INV_REQ_ERR,
                    se ? `RNIC_CQE_FLAG_SOLICITED : 8'd0, n, 32'd0);
            iv_bad = iv_bad + 1;
        end
        if (!uc) begin
            if (good)
                tb_msn[q] = tb_msn[q] + 1;
            exp_ack(q, tb_psn[q] - 1, good ? 8'h1F : 8'h61);
            if (good) begin
                mw_na = mw_na + 1;
            end else begin
                exp_qerr(q, `RNIC_HW_EVENT_RESP_ERR);   // the REM_INV_REQ_ERR CQE reports it
                mw_nk = mw_nk + 1;
            end
        end
        drain;
        check_scatter(msg_id, n);
        msg_id = msg_id + 1;
    end
endtask

// RC QP 11 (REMOTE_WRITE and REMOTE_READ, MTU 1024) to RTS again after an error
task iv_reset11;
    begin
        qp_access = ACC_LRWR;
        qp_bringup(24'd11, 3'd3, tb_psn[11] + 24'd16);
        qp_access = ACC_LRW;
    end
endtask

// ---------------------------------------------------------------------------
// XRC (IBA 9.3.6, 14.2.7): an XRC target QP (qpc.type XRC_RECV) of XRC
// domain qpc.xrcdn takes transport-101 requests only; each request's
// XRCETH (xrc_srqn, on s_hdr_deth_sqpn) must name a valid XRC SRQ of its
// domain, whose WQEs, PD and CQ (srqc.cqn) it uses; else NAK invalid
// request and the QP to error. Replies carry transport 101 (ack_tr 0xA0).
localparam [23:0] XD = 24'd5, XD2 = 24'd6;       // XRC domains
localparam [23:0] XPD = PDN + 24'd2;              // the XRC targets' own qpc.pdn (PD 9): no SRQ's
localparam [31:0] KEY_RD7 = 32'h00000555;         // index 5: PD 7, LOCAL_WRITE + REMOTE_READ, whole memory
localparam [31:0] KEY_X8  = 32'h00000D3D;         // index 13 (rewritten): PD 8, LW RW RR RA, whole memory
localparam [31:0] KEY_X9  = 32'h00000E9E;         // index 14 (rewritten): PD 9 (qpc.pdn), LW RW RR RA
localparam [7:0] ACC_ALL = ACC_LRWR | `RNIC_ACCESS_REMOTE_ATOMIC;
function [23:0] xs_cqn; input [23:0] s; xs_cqn = 24'h0005C0 + s; endfunction   // an XRC SRQ's CQ
reg [23:0] xq_dom [0:15];        // the XRC domain each XRC target was brought up with
integer xr_bad = 0, xr_rnr = 0, xr_inv = 0, xr_ack = 0, xr_err = 0;   // XRC cases: stats expected
integer xr_m [0:15];             // messages of a batch: message id, SRQ, WQE index, length
reg [23:0] xr_s [0:15];
reg [15:0] xr_i [0:15];
integer xr_n [0:15];
integer xr_k = 0;

// XRC target q of domain xd (MTU 256, all remote rights, PD 9) to RTS at
// expected PSN psn
task xrc_up;
    input [23:0] q;
    input [23:0] xd;
    input [23:0] psn;
    begin
        qp_access = ACC_ALL; qp_pdn = XPD; qp_xrcdn = xd;
        qp_bringup_t(q, `RNIC_QP_TYPE_XRC_RECV, 3'd1, psn);
        qp_access = ACC_LRW; qp_pdn = PDN; qp_xrcdn = 24'd0;
        xq_dom[q % 16] = xd;
    end
endtask

// the CQE of XRC target q for WQE idx of XRC SRQ s: on the SRQ's CQ, srqn
// s, qpn q, src_qp the QPC's dest_qpn
task exp_cqe_x;
    input [23:0] q;
    input [23:0] s;
    input [15:0] idx;
    input [7:0] op;
    input [7:0] status;
    input [7:0] flags;
    input [31:0] len;
    input [31:0] imm_wire;
    reg [255:0] x;
    begin
        exp_cqe_at(q, idx, op, status, flags, len, imm_wire);
        x = xc_data[(xc_wr - 1) % 256];
        x[`RNIC_CQE_SRQN_LSB +: `RNIC_CQE_SRQN_W] = s;
        xc_data[(xc_wr - 1) % 256] = x;
        xc_cqn[(xc_wr - 1) % 256] = xs_cqn(s);
    end
endtask

// queue an XRC SEND of n bytes (0xA4/0xA5, or 0xA0 0xA1.. 0xA2/0xA3) on XRC
// target q, every packet's XRCETH naming XRC SRQ s: it takes the SRQ's
// next WQE; expect its CQE and the XRC ACK (0xB1) with the next MSN. The
// batch list notes the message for the scatter check (xrc_check).
task xrc_send;
    input [23:0] q;
    input [23:0] s;
    input [31:0] n;
    input with_imm;
    input se;
    reg [31:0] imm;
    begin
        imm = 32'h8C3E5A00 ^ {msg_id, msg_id};
        msg_tr = 8'hA0; xrc_srqn = s;
        add_msg(q, 1'b0, n, 256, with_imm, imm, se, 64'd0, 32'd0);
        msg_tr = 8'h00;
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        srq_take(s);
        exp_cqe_x(q, s, sx, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS,
                  (with_imm ? `RNIC_CQE_FLAG_IMM : 8'd0) | (se ? `RNIC_CQE_FLAG_SOLICITED : 8'd0), n, imm);
        tb_msn[q] = tb_msn[q] + 1;
        exp_ack(q, tb_psn[q] - 1, 8'h1F);
        xr_ack = xr_ack + 1;
        xr_m[xr_k % 16] = msg_id; xr_s[xr_k % 16] = s; xr_i[xr_k % 16] = sx; xr_n[xr_k % 16] = n;
        xr_k = xr_k + 1;
        msg_id = msg_id + 1;
    end
endtask

// drain, then every message of the batch is in the buffers of the SRQ WQE
// it took (and nothing else was written: the guards, the decoy buffer)
task xrc_check;
    integer k;
    begin
        drain;
        for (k = 0; k < xr_k; k = k + 1) begin
            srq_sel(xr_s[k % 16], xr_i[k % 16]);
            check_scatter(xr_m[k % 16], xr_n[k % 16]);
        end
        xr_k = 0;
        srq_decoy;
        check_scatter(0, 0);
    end
endtask

task xrc_stats;
    begin
        check_stats(s_bad + xr_bad, s_psn, s_rnr + xr_rnr, s_inv + xr_inv, s_ack + xr_ack, s_err + xr_err);
    end
endtask

// an XRC RDMA WRITE of n bytes (MTU 256) on q naming SRQ s at va with rkey
// that must be accepted: the data lands at device address dev (only
// there), XRC ACK
task xrc_wr_ok;
    input [23:0] q;
    input [23:0] s;
    input [63:0] va;
    input [31:0] rkey;
    input [31:0] n;
    input [63:0] dev;
    begin
        clear_allowed;
        al_lo[0] = dev; al_hi[0] = dev + n; al_n = 1;
        fill_range(dev - GUARD, n + 2 * GUARD);
        msg_tr = 8'hA0; xrc_srqn = s;
        add_msg(q, 1'b1, n, 256, 0, 0, 0, va, rkey);
        msg_tr = 8'h00;
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        tb_msn[q] = tb_msn[q] + 1;
        exp_ack(q, tb_psn[q] - 1, 8'h1F);
        xr_ack = xr_ack + 1;
        drain;
        sg_n = 1; sg_addr[0] = dev; sg_len[0] = n;
        check_scatter(msg_id, n);
        msg_id = msg_id + 1;
    end
endtask

// an XRC READ REQUEST (0xAC) of n bytes on q naming SRQ s at va with rkey
// that must be accepted: XRC READ responses (0xAD..0xB0, MTU 256) carry
// the bytes at device address dev
task xrc_rd_ok;
    input [23:0] q;
    input [23:0] s;
    input [63:0] va;
    input [31:0] rkey;
    input [31:0] n;
    input [63:0] dev;
    integer b0;
    begin
        b0 = rp_bytes;
        xrc_srqn = s;
        add_pkt(8'hAC, q, tb_psn[q], 0, 1, 0, msg_id, 0, va, rkey, n, 0);
        exp_read(q, dev, n, 256);
        drain;
        if (rp_bytes - b0 != n) begin
            $display("FAIL: XRC READ of %0d bytes carried %0d", n, rp_bytes - b0);
            errors = errors + 1;
        end
    end
endtask

// one XRC request on q naming SRQ s that must be refused with syndrome syn
// (0x62 remote access, QP error RESP_ACCESS; 0x61 invalid request, QP error
// RESP_INV_REQ) at its PSN with the MSN unchanged: kind 0 RDMA WRITE ONLY
// (0xAA, n bytes), 1 READ REQUEST (0xAC), 2 FETCH ADD (0xB4), 3 SEND ONLY
// (0xA4, n bytes). Nothing is read (no WQE, no data) or written, no CQE;
// a SEND ONLY naming XRC SRQ 1 right behind it finds the QP in error and is
// dropped. Then the QP is brought up again.
task xrc_nak;
    input [23:0] q;
    input [23:0] s;
    input [1:0] kind;
    input [63:0] va;
    input [31:0] rkey;
    input [31:0] n;
    input [7:0] syn;
    integer r0, b0;
    begin
        save_wr = wr_bytes; save_req = wr_req_bytes;
        r0 = rd_reqs;
        b0 = rp_bytes;
        clear_allowed;
        xrc_srqn = s;
        case (kind)
        2'd0: add_pkt(8'hAA, q, tb_psn[q], 0, 1, n[12:0], msg_id, 0, va, rkey, n, 0);
        2'd1: add_pkt(8'hAC, q, tb_psn[q], 0, 1, 0, msg_id, 0, va, rkey, n, 0);
        2'd2: add_atomic(8'hB4, q, 0, va, rkey, 64'd1, 64'd0);
        default: add_pkt(8'hA4, q, tb_psn[q], 0, 0, n[12:0], msg_id, 0, va, rkey, n, 0);
        endcase
        exp_ack(q, tb_psn[q], syn);
        exp_qerr(q, (syn == 8'h61) ? `RNIC_HW_EVENT_RESP_INV_REQ : `RNIC_HW_EVENT_RESP_ACCESS);   // no CQE
        xrc_srqn = 24'd1;
        add_pkt(8'hA4, q, tb_psn[q] + 24'd1, 0, 1, 20, msg_id, 0, 0, 0, 0, 0);
        msg_id = msg_id + 1;
        xr_inv = xr_inv + 1; xr_ack = xr_ack + 1; xr_err = xr_err + 1; xr_bad = xr_bad + 1;
        drain;
        check_wr_delta(0, 0);
        if (rd_reqs != r0 || rp_bytes != b0) begin
            $display("FAIL: refused XRC request (kind %0d, SRQ %h) issued %0d DMA reads, %0d response bytes", kind, s,
                     rd_reqs - r0, rp_bytes - b0);
            errors = errors + 1;
        end
        xrc_up(q, xq_dom[q % 16], tb_psn[q] + 24'd16);
    end
endtask

integer c0, acks0, i, base_cycle, t0, t1;
integer s_bad, s_psn, s_rnr, s_inv, s_ack, s_err;

// ---------------------------------------------------------------------------
// duplicates and ACK coalescing: stats expected since the snapshot s_*
integer d_bad = 0, d_psn = 0, d_rnr = 0, d_inv = 0, d_ack = 0, d_err = 0;
integer dr0, db0, dh0;           // DMA reads, READ payload bytes, m_hdr_valid cycles before a case
reg [23:0] pw, p1;

task d_stats;
    begin
        check_stats(s_bad + d_bad, s_psn + d_psn, s_rnr + d_rnr, s_inv + d_inv, s_ack + d_ack, s_err + d_err);
    end
endtask

// queue an RDMA WRITE ONLY (no AckReq) of n bytes of message m to device
// address dev on QP q at PSN psn with KEY_GOOD: writes allowed there, the
// bytes and GUARD bytes around them filled; the model MSN advances (the
// caller sets the model PSN and the ACK it expects)
task wr_only;
    input [23:0] q;
    input [23:0] psn;
    input [63:0] dev;
    input [12:0] n;
    input [15:0] m;
    begin
        al_lo[al_n] = dev; al_hi[al_n] = dev + n; al_n = al_n + 1;
        fill_range(dev - GUARD, n + 2 * GUARD);
        add_pkt(8'h0A, q, psn, 0, 0, n, m, 0, VA_BASE + dev, KEY_GOOD, {19'd0, n}, 0);
        exp_wr_req_bytes = exp_wr_req_bytes + n;
        tb_msn[q] = tb_msn[q] + 1;
    end
endtask

// device address dev holds message m's first n bytes, GUARD fill bytes around
task wr_check;
    input [63:0] dev;
    input [31:0] n;
    input [15:0] m;
    begin
        sg_n = 1; sg_addr[0] = dev; sg_len[0] = n;
        check_scatter(m, n);
    end
endtask

integer mw_na = 0, mw_nk = 0;   // memory-window cases: ACKs and NAKs so far
reg [23:0] p0;
reg [63:0] at_a, at_b, at_o;

initial begin
    for (i = 0; i < MEM_SIZE; i = i + 1)
        mem[i] = fill(i);
    for (i = 0; i < 16; i = i + 1) begin
        tb_psn[i] = 0; tb_msn[i] = 0; tb_pi[i] = 0; tb_ci[i] = 0;
    end
    repeat (5) @(posedge clk);
    rst <= 1'b0;
    repeat (5) @(posedge clk);
    while (!init_done) @(posedge clk);     // the block clears its tables after reset

    mpt_write(8'd1, 8'h11, `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE, PDN,
              VA_BASE, MEM_SIZE, 64'd0);
    mpt_write(8'd2, 8'h22, `RNIC_ACCESS_REMOTE_WRITE, PDN, VA_BASE, MEM_SIZE, 64'd0);
    mpt_write(8'd3, 8'h33, `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE, PDN + 24'd1,
              VA_BASE, MEM_SIZE, 64'd0);
    mpt_write(8'd4, 8'h44, `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE, PDN,
              VA_BASE + 64'h200000, 64'h1000, 64'h200000);
    qp_bringup(24'd2, 3'd3, 24'hFFFFF0);   // MTU 1024, PSN about to wrap
    qp_bringup(24'd3, 3'd5, 24'h000100);   // MTU 4096

    // --- sizes at MTU 1024 -------------------------------------------------
    // (with a context write of another QP in the first cycle of each of the
    // first 5 last replies: the write-back waits a cycle for it, in S_WB)
    wb_race_data = 1024'd0;
    wb_race_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] = `RNIC_QP_STATE_RTR;
    wb_race_data[`RNIC_QPC_TYPE_LSB +: `RNIC_QPC_TYPE_W] = `RNIC_QP_TYPE_RC;
    wb_race_n = 5;
    sg_n = 1; set_sg(0, 64'h10003, 10, KEY_GOOD);
    send_case(2, 0, 1024, 0, 0);
    sg_n = 2; set_sg(0, 64'h10101, 1, KEY_GOOD); set_sg(1, 64'h10203, 7, KEY_GOOD);
    send_case(2, 1, 1024, 0, 0);
    sg_n = 3; set_sg(0, 64'h11001, 333, KEY_GOOD); set_sg(1, 64'h12005, 0, KEY_GOOD);
    set_sg(2, 64'h13007, 900, KEY_GOOD);
    send_case(2, 1023, 1024, 0, 0);
    send_case(2, 1024, 1024, 0, 0);
    sg_n = 4; set_sg(0, 64'h14001, 17, KEY_GOOD); set_sg(1, 64'h15003, 1000, KEY_GOOD);
    set_sg(2, 64'h200101, 5, KEY_SMALL); set_sg(3, 64'h17007, 5000, KEY_GOOD);  // SGE 2 inside the small key's window
    send_case(2, 1025, 1024, 0, 0);
    if (wb_race_n != 0 || wb_race_seen == 0) begin
        $display("FAIL: context writes in a last reply's cycle: %0d not driven, %0d write-backs moved to S_WB",
                 wb_race_n, wb_race_seen);
        errors = errors + 1;
    end
    $display("context writes in a last reply's first cycle: %0d write-backs moved to S_WB", wb_race_seen);
    wb_race_n = 0;
    // --- 64 KiB at MTU 1024 with a throughput figure -----------------------
    sg_n = 4; set_sg(0, 64'h20001, 12345, KEY_GOOD); set_sg(1, 64'h30003, 20000, KEY_GOOD);
    set_sg(2, 64'h40005, 777, KEY_GOOD); set_sg(3, 64'h50007, 40000, KEY_GOOD);
    wr_first_cycle = -1;
    c0 = wr_beats;
    send_case(2, 65536, 1024, 0, 0);
    $display("64 KiB SEND at MTU 1024: %0d write beats in %0d cycles (first to last write beat)",
             wr_beats - c0, wr_last_cycle - wr_first_cycle + 1);
    // --- MTU 4096 sizes and 1 MiB -----------------------------------------
    sg_n = 1; set_sg(0, 64'h60001, 3, KEY_GOOD);
    send_case(3, 0, 4096, 0, 0);
    send_case(3, 1, 4096, 0, 0);
    sg_n = 2; set_sg(0, 64'h61003, 4000, KEY_GOOD); set_sg(1, 64'h63005, 200, KEY_GOOD);
    send_case(3, 4095, 4096, 0, 0);
    send_case(3, 4097, 4096, 0, 0);
    sg_n = 4; set_sg(0, 64'h100001, 300001, KEY_GOOD); set_sg(1, 64'h150003, 250000, KEY_GOOD);
    set_sg(2, 64'h190005, 3, KEY_GOOD); set_sg(3, 64'h1A0007, 600000, KEY_GOOD);
    wr_first_cycle = -1;
    c0 = wr_beats;
    send_case(3, 1 << 20, 4096, 0, 0);
    $display("1 MiB SEND at MTU 4096: %0d write beats in %0d cycles (first to last write beat)",
             wr_beats - c0, wr_last_cycle - wr_first_cycle + 1);
    check_stats(0, 0, 0, 0, 11, 0);

    // --- SEND with immediate, solicited, multi-packet; with back-pressure ---
    stall_en = 1'b1;
    sg_n = 2; set_sg(0, 64'h70001, 2000, KEY_GOOD); set_sg(1, 64'h71003, 2000, KEY_GOOD);
    send_case(2, 12, 1024, 1, 1);
    send_case(2, 3000, 1024, 1, 0);
    send_case(2, 2500, 1024, 0, 1);
    stall_en = 1'b0;
    check_stats(0, 0, 0, 0, 14, 0);

    // --- no receive WQE: RNR NAK, nothing written; then retry succeeds -------
    sg_n = 1; set_sg(0, 64'h72001, 100, KEY_GOOD);
    clear_allowed;
    save_wr = wr_bytes;
    add_msg(2, 1'b0, 50, 1024, 0, 0, 0, 64'd0, 32'd0);
    tb_psn[2] = tb_psn[2] - 1;
    exp_ack(2, tb_psn[2], {3'b001, q_rnr(2)});
    drain;
    if (wr_bytes != save_wr) begin
        $display("FAIL: RNR case wrote %0d bytes", wr_bytes - save_wr);
        errors = errors + 1;
    end
    check_stats(0, 0, 1, 0, 15, 0);
    send_case(2, 50, 1024, 0, 0);

    // --- duplicate (IBA 9.7.5.1.1): never executed again; a SEND packet
    // without AckReq gets no reply, one with AckReq (a MIDDLE of an older
    // message) the ACK of the last PSN executed with the current MSN ------
    save_wr = wr_bytes;
    add_pkt(8'h04, 2, tb_psn[2] - 1, 0, 0, 50, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h01, 2, tb_psn[2] - 5, 0, 1, 1024, msg_id, 0, 0, 0, 0, 0);
    exp_ack(2, tb_psn[2] - 1, 8'h1F);
    x_dup = x_dup + 2;
    drain;
    if (wr_bytes != save_wr) begin
        $display("FAIL: duplicate wrote %0d bytes", wr_bytes - save_wr);
        errors = errors + 1;
    end
    check_scatter(msg_id - 1, 50);
    check_stats(0, 2, 1, 0, 17, 0);

    // --- PSN gap: one NAK for two packets ahead, then in-order recovery; the
    // three SENDs come back to back, so the first two ACKs are left out (the
    // next one waits with the next PSN) and the third's ACK covers them ----
    sg_n = 1; set_sg(0, 64'h73001, 64, KEY_GOOD);
    clear_allowed; sg_arm;
    post_recv(2); post_recv(2); post_recv(2);
    p0 = tb_psn[2];
    add_pkt(8'h04, 2, p0 + 1, 0, 0, 20, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h04, 2, p0 + 2, 0, 0, 20, msg_id, 0, 0, 0, 0, 0);
    exp_ack(2, p0, 8'h60);
    x_nseq = x_nseq + 1;
    drain;
    check_stats(0, 4, 1, 0, 18, 0);
    for (i = 0; i < 3; i = i + 1) begin
        add_pkt(8'h04, 2, p0 + i, 0, 0, 20 + i, msg_id, 0, 0, 0, 0, 0);
        exp_wr_req_bytes = exp_wr_req_bytes + 20 + i;
        exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 20 + i, 0);
        tb_msn[2] = tb_msn[2] + 1;
    end
    exp_ack(2, p0 + 2, 8'h1F);
    x_coal = x_coal + 2;
    tb_psn[2] = p0 + 3;
    drain;
    check_scatter(msg_id, 22);
    msg_id = msg_id + 1;
    check_stats(0, 4, 1, 0, 19, 0);

    // --- AckReq on a middle packet: its own ACK (the LAST is spaced, so it
    // does not wait while the MIDDLE is worked on) ------------------------------
    sg_n = 1; set_sg(0, 64'h74001, 3000, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(2);
    p0 = tb_psn[2];
    add_pkt(8'h00, 2, p0, 0, 0, 1024, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h01, 2, p0 + 1, 0, 1, 1024, msg_id, 1024, 0, 0, 0, 0);
    hdr_sp = 1'b1;
    add_pkt(8'h02, 2, p0 + 2, 0, 0, 100, msg_id, 2048, 0, 0, 0, 0);
    hdr_sp = 1'b0;
    tb_psn[2] = p0 + 3;
    exp_ack(2, p0 + 1, 8'h1F);
    exp_wr_req_bytes = exp_wr_req_bytes + 2148;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 2148, 0);
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, p0 + 2, 8'h1F);
    drain;
    check_scatter(msg_id, 2148);
    msg_id = msg_id + 1;
    check_stats(0, 4, 1, 0, 21, 0);

    // --- RDMA WRITE: multi-packet into the small key's window, then ONLY_IMM -
    clear_allowed;
    al_lo[0] = 64'h200010; al_hi[0] = 64'h200010 + 2100; al_n = 1;
    fill_range(64'h200000, 64'h1000);
    add_msg(2, 1'b1, 2100, 1024, 0, 0, 0, VA_BASE + 64'h200010, KEY_SMALL);
    exp_wr_req_bytes = exp_wr_req_bytes + 2100;
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, tb_psn[2] - 1, 8'h1F);
    drain;
    sg_n = 1; sg_addr[0] = 64'h200010; sg_len[0] = 2100;
    check_scatter(msg_id, 2100);
    msg_id = msg_id + 1;
    // WRITE ONLY with immediate consumes a receive WQE (no scatter into it)
    sg_n = 1; set_sg(0, 64'h75001, 16, KEY_GOOD);
    post_recv(2);
    clear_allowed;
    al_lo[0] = 64'h76003; al_hi[0] = 64'h76003 + 77; al_n = 1;
    fill_range(64'h76003 - GUARD, 77 + 2 * GUARD);
    add_msg(2, 1'b1, 77, 1024, 1, 32'h01020304, 1, VA_BASE + 64'h76003, KEY_GOOD);
    exp_wr_req_bytes = exp_wr_req_bytes + 77;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV_IMM, `RNIC_WC_STATUS_SUCCESS,
            `RNIC_CQE_FLAG_IMM | `RNIC_CQE_FLAG_SOLICITED, 77, 32'h01020304);
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, tb_psn[2] - 1, 8'h1F);
    drain;
    sg_n = 1; sg_addr[0] = 64'h76003; sg_len[0] = 77;
    check_scatter(msg_id, 77);
    msg_id = msg_id + 1;
    sg_addr[0] = 64'h75001; sg_len[0] = 16;
    check_scatter(msg_id, 0);   // the WQE's buffer is untouched
    check_stats(0, 4, 1, 0, 23, 0);

    // --- WRITE with a bad rkey: NAK remote access error, QP error ------------
    save_wr = wr_bytes;
    clear_allowed;
    add_msg(2, 1'b1, 100, 1024, 0, 0, 0, VA_BASE + 64'h77000, KEY_NOLW ^ 32'h1);
    tb_psn[2] = tb_psn[2] - 1;
    exp_ack(2, tb_psn[2], 8'h62);
    exp_qerr(2, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    // later packets of the QP are dropped
    add_pkt(8'h04, 2, tb_psn[2], 0, 0, 10, msg_id, 0, 0, 0, 0, 0);
    drain;
    check_stats(1, 4, 1, 1, 24, 1);
    // out of bounds on the small key, and REMOTE_WRITE missing, on fresh QPs
    qp_bringup(24'd4, 3'd3, 24'd0);
    add_msg(4, 1'b1, 100, 1024, 0, 0, 0, VA_BASE + 64'h200FA0, KEY_SMALL);
    tb_psn[4] = tb_psn[4] - 1;
    exp_ack(4, tb_psn[4], 8'h62);
    exp_qerr(4, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    qp_bringup(24'd4, 3'd3, 24'd0);
    add_msg(4, 1'b1, 100, 1024, 0, 0, 0, VA_BASE + 64'h77000, KEY_OTHPD);
    tb_psn[4] = tb_psn[4] - 1;
    exp_ack(4, tb_psn[4], 8'h62);
    exp_qerr(4, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    if (wr_bytes != save_wr) begin
        $display("FAIL: bad rkey cases wrote %0d bytes", wr_bytes - save_wr);
        errors = errors + 1;
    end
    check_stats(1, 4, 1, 3, 26, 3);

    // --- message longer than the receive buffers: LOC_LEN_ERR ---------------
    qp_bringup(24'd5, 3'd3, 24'h123456);
    sg_n = 2; set_sg(0, 64'h78001, 700, KEY_GOOD); set_sg(1, 64'h79003, 800, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(5);
    p0 = tb_psn[5];
    add_pkt(8'h00, 5, p0, 0, 0, 1024, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h02, 5, p0 + 1, 0, 0, 1024, msg_id, 1024, 0, 0, 0, 0);
    exp_wr_req_bytes = exp_wr_req_bytes + 1024;
    exp_cqe(5, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_LEN_ERR, 8'd0, 1024, 0);
    exp_ack(5, p0 + 1, 8'h61);
    exp_qerr(5, `RNIC_HW_EVENT_RESP_ERR);   // the LOC_LEN_ERR CQE reports it
    drain;
    check_scatter(msg_id, 1024);
    msg_id = msg_id + 1;
    check_stats(1, 4, 1, 4, 27, 4);

    // --- bad lkey in the receive WQE: LOC_PROT_ERR, NAK remote op error -------
    qp_bringup(24'd6, 3'd3, 24'd0);
    sg_n = 2; set_sg(0, 64'h7A001, 50, KEY_GOOD); set_sg(1, 64'h7B003, 50, KEY_BADTAG);
    clear_allowed; sg_arm; post_recv(6);
    save_wr = wr_bytes;
    add_pkt(8'h04, 6, 0, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    exp_cqe(6, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_PROT_ERR, 8'd0, 0, 0);
    exp_ack(6, 0, 8'h63);
    exp_qerr(6, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    drain;
    // no LOCAL_WRITE on the key, and another PD
    qp_bringup(24'd6, 3'd3, 24'd0);
    sg_n = 1; set_sg(0, 64'h7A001, 50, KEY_NOLW);
    post_recv(6);
    add_pkt(8'h04, 6, 0, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    exp_cqe(6, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_PROT_ERR, 8'd0, 0, 0);
    exp_ack(6, 0, 8'h63);
    exp_qerr(6, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    drain;
    qp_bringup(24'd6, 3'd3, 24'd0);
    sg_n = 1; set_sg(0, 64'h7A001, 50, KEY_OTHPD);
    post_recv(6);
    add_pkt(8'h04, 6, 0, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    exp_cqe(6, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_PROT_ERR, 8'd0, 0, 0);
    exp_ack(6, 0, 8'h63);
    exp_qerr(6, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    drain;
    if (wr_bytes != save_wr) begin
        $display("FAIL: bad lkey cases wrote %0d bytes", wr_bytes - save_wr);
        errors = errors + 1;
    end
    // the WQE read returns a bus error
    qp_bringup(24'd6, 3'd3, 24'd0);
    sg_n = 1; set_sg(0, 64'h7A001, 50, KEY_GOOD);
    post_recv(6);
    rd_err_inject = 1'b1;
    add_pkt(8'h04, 6, 0, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    exp_cqe(6, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 8'd0, 0, 0);
    exp_ack(6, 0, 8'h63);
    exp_qerr(6, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    drain;
    rd_err_inject = 1'b0;
    if (wr_bytes != save_wr) begin
        $display("FAIL: bad lkey cases wrote %0d bytes", wr_bytes - save_wr);
        errors = errors + 1;
    end
    sg_n = 2; set_sg(0, 64'h7A001, 50, KEY_GOOD); set_sg(1, 64'h7B003, 50, KEY_GOOD);
    check_scatter(msg_id, 0);
    check_stats(1, 4, 1, 8, 31, 8);

    // --- unsupported opcode and bad opcode sequence: NAK invalid request ----
    qp_bringup(24'd7, 3'd3, 24'd0);
    add_pkt(8'h0C, 7, 0, 0, 0, 0, msg_id, 0, VA_BASE, KEY_GOOD, 64, 0);   // READ, QP without remote read
    exp_ack(7, 0, 8'h62);
    exp_qerr(7, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    qp_bringup(24'd7, 3'd3, 24'd0);
    add_pkt(8'h01, 7, 0, 0, 0, 1024, msg_id, 0, 0, 0, 0, 0);   // MIDDLE without FIRST
    exp_ack(7, 0, 8'h61);
    exp_qerr(7, `RNIC_HW_EVENT_RESP_INV_REQ);   // invalid request, no CQE
    drain;
    qp_bringup(24'd7, 3'd3, 24'd0);
    sg_n = 1; set_sg(0, 64'h7C001, 5000, KEY_GOOD); clear_allowed; sg_arm; post_recv(7);
    add_pkt(8'h00, 7, 0, 0, 0, 1000, msg_id, 0, 0, 0, 0, 0);   // FIRST shorter than the MTU
    exp_ack(7, 0, 8'h61);
    exp_qerr(7, `RNIC_HW_EVENT_RESP_INV_REQ);   // invalid request, no CQE
    drain;
    check_scatter(msg_id, 0);
    check_stats(1, 4, 1, 11, 34, 11);

    // --- bad QPs: UD, not ready, out of range: dropped without a reply -------
    qp_write(24'd8, `RNIC_QP_TYPE_UD, `RNIC_QP_STATE_RTS, 3'd3, 24'd0);
    qp_write(24'd9, `RNIC_QP_TYPE_RC, `RNIC_QP_STATE_INIT, 3'd3, 24'd0);
    save_wr = wr_bytes;
    add_pkt(8'h04, 8, 0, 0, 0, 100, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h04, 9, 0, 0, 0, 0, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h04, 24'h000100, 0, 0, 0, 300, msg_id, 0, 0, 0, 0, 0);
    drain;
    if (wr_bytes != save_wr) begin
        $display("FAIL: bad QP packets wrote %0d bytes", wr_bytes - save_wr);
        errors = errors + 1;
    end
    check_stats(4, 4, 1, 11, 34, 11);

    // --- RDMA READ requests: responses in PSN order, payload from memory ----
    mpt_write(8'd5, 8'h55, `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_READ, PDN,
              VA_BASE, MEM_SIZE, 64'd0);
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ;
    qp_bringup(24'd10, 3'd3, 24'hFFFFFE);   // MTU 1024, response PSNs wrap
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE;
    s_err = 0;
    for (i = 0; i < 7; i = i + 1) begin
        p0 = tb_psn[10];
        case (i)
        0: save_wr = 0;
        1: save_wr = 1;
        2: save_wr = 1023;
        3: save_wr = 1024;
        4: save_wr = 1025;
        5: save_wr = 5000;
        default: save_wr = 20000;
        endcase
        if (i == 6)
            stall_en = 1'b1;
        add_pkt(8'h0C, 10, p0, 0, 1, 0, msg_id, 0, VA_BASE + 64'h12345 + i * 7, 32'h00000555, save_wr, 0);
        exp_read(10, 64'h12345 + i * 7, save_wr, 1024);
        s_err = s_err + save_wr;
        drain;
        stall_en = 1'b0;
    end
    if (rp_bytes != s_err) begin
        $display("FAIL: READ responses carried %0d bytes, asked %0d", rp_bytes, s_err);
        errors = errors + 1;
    end
    // a SEND after the READs continues at the PSN after the responses
    sg_n = 1; set_sg(0, 64'h7E001, 100, KEY_GOOD);
    send_case(10, 77, 1024, 0, 0);
    // rkey without remote read; past the region's end: NAK remote access
    add_pkt(8'h0C, 10, tb_psn[10], 0, 1, 0, msg_id, 0, VA_BASE + 64'h100, KEY_GOOD, 64, 0);
    exp_ack(10, tb_psn[10], 8'h62);
    exp_qerr(10, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ;
    qp_bringup(24'd10, 3'd5, 24'd5);
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE;
    add_pkt(8'h0C, 10, 5, 0, 1, 0, msg_id, 0, VA_BASE + MEM_SIZE - 10, 32'h00000555, 11, 0);
    exp_ack(10, 5, 8'h62);
    exp_qerr(10, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    // a READ carrying payload is an invalid request
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ;
    qp_bringup(24'd10, 3'd5, 24'd5);
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE;
    add_pkt(8'h0C, 10, 5, 0, 1, 8, msg_id, 0, VA_BASE, 32'h00000555, 8, 0);
    exp_ack(10, 5, 8'h61);
    exp_qerr(10, `RNIC_HW_EVENT_RESP_INV_REQ);   // invalid request, no CQE
    drain;
    $display("RDMA READ: %0d response bytes checked", rp_bytes);

    check_stats(4, 4, 1, 14, 38, 14);

    // --- ATOMIC COMPARE SWAP / FETCH ADD (IBA 9.4.5, 9.7.5) ------------------
    mpt_write(8'd6, 8'h66, `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE |
              `RNIC_ACCESS_REMOTE_ATOMIC, PDN, VA_BASE, MEM_SIZE, 64'd0);
    mpt_write(8'd7, 8'h77, `RNIC_ACCESS_REMOTE_ATOMIC, PDN, AWIN_VA, 64'h100, 64'h3B0000);
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_ATOMIC;
    qp_bringup(24'd11, 3'd3, 24'hFFFFFD);   // MTU 1024, PSNs wrap during the atomics
    save_wr = wr_bytes; save_req = wr_req_bytes;
    at_q = 24'd11; at_key = KEY_ATOMIC;
    at_a = 64'h3A0000; at_va = VA_BASE + at_a;
    // compare swap that matches: memory takes the swap data, the ACK the original
    at_v = 64'h0123456789ABCDEF;
    at_arm(at_a, at_v);
    at_step(8'h13, 64'hFEDCBA9876543210, 64'h0123456789ABCDEF);
    drain;
    check_at(at_a, 64'hFEDCBA9876543210);
    check_wr_delta(8, 8);
    // compare swap that does not match (in the high half, in the low half):
    // memory unchanged, nothing written, the original returned
    at_step(8'h13, 64'h1111111111111111, 64'hFEDCBA9976543210);
    at_step(8'h13, 64'h2222222222222222, 64'hFEDCBA9876543211);
    drain;
    check_at(at_a, 64'hFEDCBA9876543210);
    check_wr_delta(0, 0);
    // fetch add with a carry out of the low 32 bits (the compare data equals
    // memory and must be ignored)
    at_v = 64'h12345678FFFFFFF0;
    at_arm(at_a, at_v);
    at_step(8'h14, 64'h0000000000000020, 64'h12345678FFFFFFF0);
    drain;
    check_at(at_a, 64'h1234567900000010);
    check_wr_delta(8, 8);
    // fetch add past 2^64 wraps
    at_v = 64'hFFFFFFFFFFFFFFF0;
    at_arm(at_a, at_v);
    at_step(8'h14, 64'h8000000000000035, 64'd0);
    drain;
    check_at(at_a, 64'h8000000000000025);
    check_wr_delta(8, 8);
    // back to back on one address under back-pressure: each sees the result
    // of the one before
    stall_en = 1'b1;
    at_a = 64'h3A0100; at_va = VA_BASE + at_a;
    at_v = 64'h00000000FFFFFFFF;
    at_arm(at_a, at_v);
    at_step(8'h14, 64'h0000000000000001, 64'd0);          // -> 0x00000001_00000000
    at_step(8'h14, 64'h0000000100000000, 64'd0);          // -> 0x00000002_00000000
    at_step(8'h13, 64'hCAFEF00DDEADBEEF, 64'h0000000200000000);  // matches
    at_step(8'h13, 64'h0000000000000001, 64'h0000000200000000);  // no longer matches
    at_step(8'h14, 64'hFFFFFFFFFFFFFFFF, 64'd0);          // minus one
    drain;
    stall_en = 1'b0;
    if (at_v !== 64'hCAFEF00DDEADBEEE) begin
        $display("FAIL: atomic model value %h", at_v);
        errors = errors + 1;
    end
    check_at(at_a, 64'hCAFEF00DDEADBEEE);
    check_wr_delta(32, 32);
    // a duplicate of the last atomic (IBA 9.4.5): not executed again (no
    // DMA read, nothing written); the ATOMIC ACK of its first execution is
    // sent again from the result cache, with the current MSN
    clear_allowed;
    c0 = rd_reqs;
    add_dup_atomic(8'h14, 11, tb_psn[11] - 1, at_va, KEY_ATOMIC, 64'd1, 64'd0);
    exp_atomic_dup(11, tb_psn[11] - 1, 64'hCAFEF00DDEADBEEF);
    x_dup = x_dup + 1;
    drain;
    check_at(at_a, 64'hCAFEF00DDEADBEEE);
    check_wr_delta(0, 0);
    if (rd_reqs != c0) begin
        $display("FAIL: the duplicate atomic issued %0d DMA reads", rd_reqs - c0);
        errors = errors + 1;
    end
    // an atomic right after a multi-packet RDMA WRITE to the same bytes sees
    // the written data: fetch add inside the LAST packet's bytes, compare swap
    // inside the FIRST's (the write responses come WR_DONE_LAT cycles after
    // the data, later than a read would return). The fetch add waits while
    // the WRITE LAST is worked on: the WRITE's ACK is left out, the ATOMIC
    // ACK covers it
    at_b = 64'h3A1000;
    clear_allowed;
    al_lo[0] = at_b; al_hi[0] = at_b + 2100; al_n = 1;
    fill_range(at_b - GUARD, 2100 + 2 * GUARD);
    add_msg(11, 1'b1, 2100, 1024, 0, 0, 0, VA_BASE + at_b, KEY_ATOMIC);
    exp_wr_req_bytes = exp_wr_req_bytes + 2100;
    tb_msn[11] = tb_msn[11] + 1;
    x_coal = x_coal + 1;
    at_va = VA_BASE + at_b + 2088; at_v = pat64(msg_id, 2088);
    at_o = at_v;
    at_step(8'h14, 64'h0000000100000001, 64'd0);
    at_va = VA_BASE + at_b + 8; at_v = pat64(msg_id, 8);
    at_step(8'h13, 64'h0F0E0D0C0B0A0908, at_v);
    drain;
    if (mem64(at_b + 2088) !== at_o + 64'h0000000100000001 || mem64(at_b + 8) !== 64'h0F0E0D0C0B0A0908) begin
        $display("FAIL: atomics after the WRITE left %h and %h, expected %h and %h", mem64(at_b + 2088),
                 mem64(at_b + 8), at_o + 64'h0000000100000001, 64'h0F0E0D0C0B0A0908);
        errors = errors + 1;
    end
    // the rest of the WRITE's bytes and the guards are untouched
    for (i = 0; i < 8; i = i + 1) begin
        mem[at_b + 2088 + i] = pat(msg_id, 2088 + i);
        mem[at_b + 8 + i] = pat(msg_id, 8 + i);
    end
    sg_n = 1; sg_addr[0] = at_b; sg_len[0] = 2100;
    check_scatter(msg_id, 2100);
    msg_id = msg_id + 1;
    check_wr_delta(2116, 2116);
    // the PSN sequence goes on: a SEND after the atomics is accepted
    sg_n = 1; set_sg(0, 64'h3A2001, 200, KEY_GOOD);
    send_case(11, 150, 1024, 0, 0);
    check_stats(4, 5, 1, 14, 52, 14);

    // --- atomic errors: NAK, QP error, nothing read or written ---------------
    save_wr = wr_bytes; save_req = wr_req_bytes;
    c0 = rd_reqs;
    at_a = 64'h3A0200;
    at_v = 64'h5555AAAA3333CCCC;
    at_arm(at_a, at_v);
    clear_allowed;
    // not 8-byte aligned: invalid request
    qp_bringup(24'd12, 3'd3, 24'd100);
    add_atomic(8'h14, 12, 0, VA_BASE + at_a + 4, KEY_ATOMIC, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h61);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_INV_REQ);   // invalid request, no CQE
    drain;
    // alignment is checked before the rkey
    qp_bringup(24'd12, 3'd3, 24'd100);
    add_atomic(8'h13, 12, 0, VA_BASE + at_a + 1, KEY_GOOD, 64'd1, at_v);
    exp_ack(12, tb_psn[12], 8'h61);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_INV_REQ);   // invalid request, no CQE
    drain;
    // key without remote atomic; key with a wrong tag: remote access error
    qp_bringup(24'd12, 3'd3, 24'd100);
    add_atomic(8'h13, 12, 0, VA_BASE + at_a, KEY_GOOD, 64'd1, at_v);
    exp_ack(12, tb_psn[12], 8'h62);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    qp_bringup(24'd12, 3'd3, 24'd100);
    add_atomic(8'h14, 12, 0, VA_BASE + at_a, KEY_ATOMIC ^ 32'h1, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h62);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    // QP without remote atomic (remote read and write are not enough)
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ;
    qp_bringup(24'd12, 3'd3, 24'd100);
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_ATOMIC;
    add_atomic(8'h14, 12, 0, VA_BASE + at_a, KEY_ATOMIC, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h62);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    // outside the 256-byte window: just past its end, just before its start
    qp_bringup(24'd12, 3'd3, 24'd100);
    add_atomic(8'h14, 12, 0, AWIN_VA + 64'h100, KEY_AWIN, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h62);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    qp_bringup(24'd12, 3'd3, 24'd100);
    add_atomic(8'h14, 12, 0, AWIN_VA - 64'h8, KEY_AWIN, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h62);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    drain;
    // an atomic with payload is an invalid request (the payload is dropped)
    qp_bringup(24'd12, 3'd3, 24'd100);
    add_atomic(8'h14, 12, 8, VA_BASE + at_a, KEY_ATOMIC, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h61);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_INV_REQ);   // invalid request, no CQE
    drain;
    if (rd_reqs != c0) begin
        $display("FAIL: rejected atomics issued %0d DMA reads", rd_reqs - c0);
        errors = errors + 1;
    end
    // the DMA read fails: remote operational error, nothing written
    qp_bringup(24'd12, 3'd3, 24'd100);
    rd_err_inject = 1'b1;
    add_atomic(8'h14, 12, 0, VA_BASE + at_a, KEY_ATOMIC, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h63);
    exp_qerr(12, `RNIC_HW_EVENT_QP_FATAL);   // host memory failed, no CQE
    drain;
    rd_err_inject = 1'b0;
    if (rd_reqs != c0 + 1) begin
        $display("FAIL: the failing atomic issued %0d DMA reads", rd_reqs - c0);
        errors = errors + 1;
    end
    check_at(at_a, at_v);
    check_wr_delta(0, 0);
    // an atomic inside a multi-packet WRITE is an invalid request; the
    // WRITE FIRST's bytes stay
    qp_bringup(24'd12, 3'd3, 24'd100);
    at_b = 64'h3A3000;
    clear_allowed;
    al_lo[0] = at_b; al_hi[0] = at_b + 1024; al_n = 1;
    fill_range(at_b - GUARD, 1024 + 2 * GUARD);
    add_pkt(8'h06, 12, tb_psn[12], 0, 0, 1024, msg_id, 0, VA_BASE + at_b, KEY_ATOMIC, 3000, 0);
    tb_psn[12] = tb_psn[12] + 1;
    exp_wr_req_bytes = exp_wr_req_bytes + 1024;
    add_atomic(8'h14, 12, 0, VA_BASE + at_b, KEY_ATOMIC, 64'd1, 64'd0);
    exp_ack(12, tb_psn[12], 8'h61);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_INV_REQ);   // invalid request, no CQE
    drain;
    sg_n = 1; sg_addr[0] = at_b; sg_len[0] = 1024;
    check_scatter(msg_id, 1024);
    msg_id = msg_id + 1;
    check_wr_delta(1024, 1024);
    // the window's last 8 bytes are inside: the address goes through the
    // key's iova (device 0x3B00F8)
    qp_bringup(24'd12, 3'd3, 24'd100);
    at_q = 24'd12; at_key = KEY_AWIN;
    at_a = 64'h3B00F8; at_va = AWIN_VA + 64'hF8;
    at_v = 64'h7FFFFFFFFFFFFFFF;
    at_arm(at_a, at_v);
    at_step(8'h14, 64'h0000000000000010, 64'd0);
    drain;
    check_at(at_a, 64'h800000000000000F);
    check_wr_delta(8, 8);
    check_stats(4, 5, 1, 24, 63, 24);
    $display("ATOMIC: all cases checked");

    // --- QP 2 after a reset: fresh PSN, MSN and queues ----------------------
    qp_bringup(24'd2, 3'd3, 24'h000042);
    sg_n = 1; set_sg(0, 64'h7D001, 100, KEY_GOOD);
    send_case(2, 99, 1024, 0, 0);
    check_stats(4, 5, 1, 24, 64, 24);

    // =======================================================================
    // UC (IBA 9.8): SEND and RDMA WRITE (opcodes RC | 0x20), never an ACK or
    // NAK; a lost packet loses its message and no remote error touches the
    // QP. No cycle of m_hdr_valid is allowed from here to the end of the UD
    // cases.
    hv0 = n_hdr_vcyc;
    qp_bringup_t(24'd13, `RNIC_QP_TYPE_UC, 3'd1, 24'hFFFFFE);   // MTU 256, PSNs wrap

    // --- SEND FIRST/MIDDLE/LAST across SGEs; SEND ONLY with immediate ------
    sg_n = 3; set_sg(0, 64'h380001, 300, KEY_GOOD); set_sg(1, 64'h380203, 0, KEY_GOOD);
    set_sg(2, 64'h380405, 700, KEY_GOOD);
    uc_send_case(13, 700, 256, 0, 0);     // FIRST, MIDDLE, LAST at PSNs FFFFFE, FFFFFF, 000000
    uc_send_case(13, 1000, 256, 1, 1);    // FIRST, 2 MIDDLE, LAST with immediate, solicited
    sg_n = 1; set_sg(0, 64'h380801, 256, KEY_GOOD);
    uc_send_case(13, 100, 256, 1, 1);     // ONLY with immediate, solicited
    uc_send_case(13, 256, 256, 1, 0);     // ONLY with immediate, a full MTU
    uc_send_case(13, 0, 256, 0, 0);       // ONLY without payload
    stall_en = 1'b1;
    sg_n = 2; set_sg(0, 64'h380A01, 513, KEY_GOOD); set_sg(1, 64'h380D03, 600, KEY_GOOD);
    uc_send_case(13, 1100, 256, 1, 0);
    stall_en = 1'b0;
    check_stats(4, 5, 1, 24, 64, 24);

    // --- RDMA WRITE: FIRST/MIDDLE/LAST, then ONLY with immediate, which
    // takes a receive WQE (CQE RECV_IMM) and leaves its buffer alone --------
    sg_n = 1; set_sg(0, 64'h381010, 700, KEY_GOOD);
    clear_allowed; sg_arm;
    msg_tr = 8'h20;
    add_msg(13, 1'b1, 700, 256, 0, 0, 0, VA_BASE + 64'h381010, KEY_GOOD);
    msg_tr = 8'h00;
    exp_wr_req_bytes = exp_wr_req_bytes + 700;
    drain;
    check_scatter(msg_id, 700);
    msg_id = msg_id + 1;
    sg_n = 1; set_sg(0, 64'h381401, 16, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(13);
    clear_allowed;
    set_sg(0, 64'h381503, 77, KEY_GOOD); sg_arm;
    msg_tr = 8'h20;
    add_msg(13, 1'b1, 77, 256, 1, 32'hC0FFEE01, 1, VA_BASE + 64'h381503, KEY_GOOD);
    msg_tr = 8'h00;
    exp_wr_req_bytes = exp_wr_req_bytes + 77;
    exp_cqe(13, `RNIC_CQE_OP_RESP_RECV_IMM, `RNIC_WC_STATUS_SUCCESS,
            `RNIC_CQE_FLAG_IMM | `RNIC_CQE_FLAG_SOLICITED, 77, 32'hC0FFEE01);
    drain;
    check_scatter(msg_id, 77);
    msg_id = msg_id + 1;
    set_sg(0, 64'h381401, 16, KEY_GOOD);
    check_scatter(msg_id, 0);             // the receive WQE's buffer keeps its fill
    check_stats(4, 5, 1, 24, 64, 24);

    // --- WRITE with a bad rkey: dropped silently, nothing written; a
    // multi-packet WRITE loses its MIDDLE and LAST with it. Every packet is
    // in sequence, so none is a PSN error. The QP takes the next WRITE. ------
    save_wr = wr_bytes; save_req = wr_req_bytes;
    clear_allowed;
    msg_tr = 8'h20;
    add_msg(13, 1'b1, 100, 256, 0, 0, 0, VA_BASE + 64'h381610, KEY_BADTAG);   // ONLY, wrong key tag
    add_msg(13, 1'b1, 600, 256, 0, 0, 0, VA_BASE + 64'h381610, KEY_OTHPD);    // FIRST (other PD), MIDDLE, LAST
    add_msg(13, 1'b1, 100, 256, 0, 0, 0, VA_BASE + 64'h200FA0, KEY_SMALL);    // ONLY past the key's end
    add_msg(13, 1'b1, 100, 256, 0, 0, 0, VA_BASE + 64'h381610, 32'h00000555); // ONLY, key without REMOTE_WRITE
    msg_tr = 8'h00;
    x_drop = x_drop + 6;
    drain;
    check_wr_delta(0, 0);
    check_stats(4, 5, 1, 24, 64, 24);
    sg_n = 1; set_sg(0, 64'h381610, 600, KEY_GOOD);
    clear_allowed; sg_arm;
    msg_tr = 8'h20;
    add_msg(13, 1'b1, 600, 256, 0, 0, 0, VA_BASE + 64'h381610, KEY_GOOD);
    msg_tr = 8'h00;
    exp_wr_req_bytes = exp_wr_req_bytes + 600;
    drain;
    check_scatter(msg_id, 600);
    msg_id = msg_id + 1;
    check_wr_delta(600, 600);
    check_stats(4, 5, 1, 24, 64, 24);

    // --- a lost SEND MIDDLE: the LAST is dropped (PSN error), no CQE; the
    // receive WQE is not consumed and takes the next message from byte 0 ---
    sg_n = 2; set_sg(0, 64'h382001, 300, KEY_GOOD); set_sg(1, 64'h382203, 500, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(13);         // the only receive WQE posted
    p0 = tb_psn[13];
    add_pkt(8'h20, 13, p0, 0, 0, 256, msg_id, 0, 0, 0, 0, 0);            // SEND FIRST
    add_pkt(8'h22, 13, p0 + 2, 0, 0, 100, msg_id, 512, 0, 0, 0, 0);      // SEND LAST
    add_pkt(8'h24, 13, p0 + 3, 0, 0, 200, msg_id + 1, 0, 0, 0, 0, 0);    // SEND ONLY
    tb_psn[13] = p0 + 4;
    x_drop = x_drop + 1;
    exp_wr_req_bytes = exp_wr_req_bytes + 256 + 200;
    exp_cqe(13, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 200, 0);   // same wqe_index
    drain;
    // the ONLY's 200 bytes from byte 0, then what the FIRST placed
    check_rx(msg_id + 1, 200, 1'b0, 320'd0, msg_id, 256);
    msg_id = msg_id + 2;
    check_stats(4, 6, 1, 24, 64, 24);
    // a lost WRITE MIDDLE: the LAST is dropped, the FIRST's bytes stay
    sg_n = 1; set_sg(0, 64'h382601, 600, KEY_GOOD);
    clear_allowed; sg_arm;
    p0 = tb_psn[13];
    add_pkt(8'h26, 13, p0, 0, 0, 256, msg_id, 0, VA_BASE + 64'h382601, KEY_GOOD, 600, 0);
    add_pkt(8'h28, 13, p0 + 2, 0, 0, 88, msg_id, 512, 0, 0, 0, 0);
    tb_psn[13] = p0 + 3;
    x_drop = x_drop + 1;
    exp_wr_req_bytes = exp_wr_req_bytes + 256;
    drain;
    check_scatter(msg_id, 256);
    msg_id = msg_id + 1;
    check_stats(4, 7, 1, 24, 64, 24);

    // --- no receive WQE: the SEND is dropped, no RNR NAK ------------------
    save_wr = wr_bytes; save_req = wr_req_bytes;
    clear_allowed;
    msg_tr = 8'h20;
    add_msg(13, 1'b0, 50, 256, 0, 0, 0, 64'd0, 32'd0);      // ONLY
    add_msg(13, 1'b0, 600, 256, 0, 0, 0, 64'd0, 32'd0);     // FIRST, MIDDLE, LAST
    msg_tr = 8'h00;
    x_drop = x_drop + 4;
    drain;
    check_wr_delta(0, 0);
    check_stats(4, 7, 1, 24, 64, 24);

    // --- SEND longer than the receive buffers: CQE LOC_LEN_ERR, the rest of
    // the message dropped, no NAK, no QP error; the QP carries on -----------
    sg_n = 2; set_sg(0, 64'h383001, 100, KEY_GOOD); set_sg(1, 64'h383203, 200, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(13);
    msg_tr = 8'h20;
    add_msg(13, 1'b0, 600, 256, 0, 0, 0, 64'd0, 32'd0);     // FIRST fits, MIDDLE does not, LAST
    msg_tr = 8'h00;
    exp_wr_req_bytes = exp_wr_req_bytes + 256;
    exp_cqe(13, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_LEN_ERR, 8'd0, 256, 0);
    x_drop = x_drop + 2;
    drain;
    check_scatter(msg_id, 256);
    msg_id = msg_id + 1;
    check_stats(4, 7, 1, 24, 64, 24);
    // an ONLY one byte too long: nothing placed
    sg_n = 1; set_sg(0, 64'h383401, 100, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(13);
    msg_tr = 8'h20;
    add_msg(13, 1'b0, 101, 256, 1, 32'h12345678, 0, 64'd0, 32'd0);
    msg_tr = 8'h00;
    exp_cqe(13, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_LEN_ERR, 8'd0, 0, 0);
    x_drop = x_drop + 1;
    drain;
    check_scatter(msg_id, 0);
    msg_id = msg_id + 1;
    uc_send_case(13, 100, 256, 0, 0);
    check_stats(4, 7, 1, 24, 64, 24);

    // --- another transport's opcode: dropped as a bad QP, no reply, the
    // posted WQE untouched: RC SEND, READ REQUEST (none on UC) and UD SEND on
    // the UC QP, a UC SEND on an RC QP ---------------------------------------
    sg_n = 1; set_sg(0, 64'h383601, 300, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(13);
    qp_bringup(24'd0, 3'd3, 24'd0);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    add_pkt(8'h04, 13, tb_psn[13], 0, 1, 50, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h2C, 13, tb_psn[13], 0, 1, 0, msg_id, 0, VA_BASE + 64'h383601, KEY_GOOD, 64, 0);
    add_pkt(8'h64, 13, tb_psn[13], 0, 1, 50, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h24, 0, tb_psn[0], 0, 1, 50, msg_id, 0, 0, 0, 0, 0);
    drain;
    check_wr_delta(0, 0);
    check_stats(8, 7, 1, 24, 64, 24);
    msg_tr = 8'h20;
    add_msg(13, 1'b0, 120, 256, 0, 0, 0, 64'd0, 32'd0);
    msg_tr = 8'h00;
    exp_wr_req_bytes = exp_wr_req_bytes + 120;
    exp_cqe(13, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 120, 0);
    drain;
    check_scatter(msg_id, 120);
    msg_id = msg_id + 1;
    check_stats(8, 7, 1, 24, 64, 24);
    $display("UC: all cases checked");

    // =======================================================================
    // UD (IBA 9.8.4, 11.4.1.2): SEND ONLY 0x64 / with immediate 0x65, Q_Key
    // checked against the QP's, no PSN check, no reply; the receive buffer
    // gets a 40-byte GRH (20 zero bytes and the packet's IPv4 header) first
    //
    // the model's checksum on the worked example header 4500 0073 0000 4000
    // 4011 .... c0a8 0001 c0a8 00c7 (checksum b861)
    g0 = ud_grh(8'h00, 16'h0073, 16'h0000, 8'h40, 32'hC0A80001, 32'hC0A800C7);
    if (g0[30*8 +: 8] !== 8'hB8 || g0[31*8 +: 8] !== 8'h61 || g0[159:0] !== 160'd0) begin
        $display("FAIL: model IPv4 header checksum %h%h, expected b861", g0[30*8 +: 8], g0[31*8 +: 8]);
        errors = errors + 1;
    end
    ud_qkey = 32'h1234ABCD;
    qp_qkey = ud_qkey;
    qp_bringup_t(24'd15, `RNIC_QP_TYPE_UD, 3'd5, 24'h000010);   // MTU 4096
    qp_qkey = 32'd0;

    // --- sizes 0, 1, 57 (with and without immediate), a full MTU -----------
    sg_n = 1; set_sg(0, 64'h390001, 40, KEY_GOOD);
    ud_hdr(32'h0A000063, 32'h0A000001, 16'h0001, 8'd64, 8'h00, 24'h000063);
    ud_case(15, 0, 0, 0, 1);              // the GRH alone, in a buffer of exactly 40
    sg_n = 1; set_sg(0, 64'h390101, 41, KEY_GOOD);
    ud_hdr(32'hC0A80001, 32'hC0A800C7, 16'h0000, 8'h40, 8'h00, 24'hABCDEF);
    ud_case(15, 1, 0, 0, 1);              // 1 byte (3 pad bytes), buffer of exactly 41
    sg_n = 1; set_sg(0, 64'h390201, 200, KEY_GOOD);
    // a sum of 0x5FFFF: its first fold (0xFFFF + 5) carries again
    ud_hdr(32'hFFFFFFFF, 32'hFFFF7A7F, 16'hFFFF, 8'hFF, 8'hFF, 24'hFFFFFF);
    ud_case(15, 57, 1, 1, 1);             // 57 bytes with immediate, solicited
    ud_hdr(32'h01020304, 32'h0A0B0C0D, 16'h8001, 8'd1, 8'hB8, 24'h000001);
    ud_case(15, 57, 0, 0, 1);
    sg_n = 1; set_sg(0, 64'h391001, 4136, KEY_GOOD);
    ud_hdr(32'hAC100A05, 32'hAC100A06, 16'h4D2E, 8'd128, 8'h02, 24'h00F00D);
    ud_case(15, 4096, 0, 0, 1);           // a full MTU in exactly 40 + 4096
    ud_hdr(32'h64400001, 32'h64400002, 16'h0102, 8'd2, 8'h20, 24'h123456);
    ud_case(15, 4096, 1, 1, 1);
    // --- GRH and payload across SGEs: 40 + rest, and split inside the GRH --
    sg_n = 2; set_sg(0, 64'h393001, 40, KEY_GOOD); set_sg(1, 64'h393101, 2000, KEY_GOOD);
    ud_hdr(32'h0A0000FE, 32'h0A000001, 16'hBEEF, 8'd17, 8'h04, 24'h000777);
    ud_case(15, 1000, 0, 0, 1);
    sg_n = 4; set_sg(0, 64'h394001, 13, KEY_GOOD); set_sg(1, 64'h394101, 0, KEY_GOOD);
    set_sg(2, 64'h394201, 30, KEY_GOOD); set_sg(3, 64'h394301, 3000, KEY_GOOD);
    ud_hdr(32'h0A0000FD, 32'h0A000001, 16'h0F0F, 8'd99, 8'hFC, 24'h000778);
    ud_case(15, 2500, 1, 1, 1);
    check_stats(8, 7, 1, 24, 64, 24);

    // --- four datagrams back to back without waiting; again under random
    // back-pressure; again (small ones) while the DMA write port holds its
    // data for 2000 cycles. Each GRH enters the scatter stream after the
    // payload of the datagram before and is its own datagram's. ---------------
    for (t0 = 0; t0 < 3; t0 = t0 + 1) begin
        stall_en = t0 == 1;
        wr_hold <= t0 == 2;     // non-blocking: the port and its model see it at the same edge
        clear_allowed;
        c0 = msg_id;
        for (i = 0; i < 4; i = i + 1) begin
            sg_n = 1; set_sg(0, 64'h396001 + i * 64'h800, 1500, KEY_GOOD);
            sg_arm; post_recv(15);
            ud_hdr(32'h0A000100 + i, 32'h0A000001 + t0, 16'h1000 + i, 8'd64 + i, i * 4, 24'h000200 + i);
            ud_g[i] = ud_grh(ud_tos, ud_tot(ud_n[t0*4 + i], i % 2), ud_id, ud_ttl, ud_sip, ud_dip);
            s_err = 32'h0D0E0A0D ^ {msg_id, msg_id};
            add_ud(15, i % 2, 0, ud_n[t0*4 + i], ud_qkey, s_err);
            exp_wr_req_bytes = exp_wr_req_bytes + 40 + ud_n[t0*4 + i];
            exp_cqe_src(15, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS,
                        `RNIC_CQE_FLAG_GRH | ((i % 2) ? `RNIC_CQE_FLAG_IMM : 8'd0), 40 + ud_n[t0*4 + i],
                        s_err, ud_sqpn);
            msg_id = msg_id + 1;
        end
        if (t0 == 2) begin
            repeat (2000) @(posedge clk);
            wr_hold <= 1'b0;
        end
        drain;
        stall_en = 1'b0;
        for (i = 0; i < 4; i = i + 1) begin
            sg_n = 1; set_sg(0, 64'h396001 + i * 64'h800, 1500, KEY_GOOD);
            check_rx(c0 + i, ud_n[t0*4 + i], 1'b1, ud_g[i], 16'd0, 32'd0);
        end
    end
    check_stats(8, 7, 1, 24, 64, 24);

    // --- Q_Key not the QP's: dropped, nothing written; the receive WQE then
    // takes the next datagram (same wqe_index) -----------------------------
    sg_n = 1; set_sg(0, 64'h398001, 300, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(15);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    ud_hdr(32'h0A000005, 32'h0A000001, 16'h0505, 8'd64, 8'h00, 24'h000505);
    add_ud(15, 1'b0, 1'b0, 100, ud_qkey ^ 32'h00000001, 0);
    add_ud(15, 1'b1, 1'b0, 0, ud_qkey ^ 32'h80000000, 32'h01010101);
    add_ud(15, 1'b0, 1'b1, 200, 32'd0, 0);
    x_drop = x_drop + 3;
    drain;
    check_wr_delta(0, 0);
    check_scatter(msg_id, 0);
    check_stats(8, 7, 1, 24, 64, 24);
    ud_case(15, 100, 0, 0, 0);
    check_stats(8, 7, 1, 24, 64, 24);

    // --- receive WQE shorter than 40 + N: CQE LOC_LEN_ERR, nothing written;
    // the next WQE takes the next datagram -----------------------------------
    sg_n = 2; set_sg(0, 64'h399001, 40, KEY_GOOD); set_sg(1, 64'h399101, 56, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(15);           // 96 = 40 + 57 - 1 bytes
    save_wr = wr_bytes; save_req = wr_req_bytes;
    ud_hdr(32'h0A000006, 32'h0A000001, 16'h0606, 8'd64, 8'h00, 24'h000606);
    add_ud(15, 1'b0, 1'b0, 57, ud_qkey, 0);
    exp_cqe_src(15, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_LEN_ERR, 8'd0, 0, 0, ud_sqpn);
    x_drop = x_drop + 1;
    drain;
    check_wr_delta(0, 0);
    check_scatter(msg_id, 0);
    msg_id = msg_id + 1;
    sg_n = 1; set_sg(0, 64'h399201, 39, KEY_GOOD);   // not even the GRH fits
    clear_allowed; sg_arm; post_recv(15);
    add_ud(15, 1'b1, 1'b0, 0, ud_qkey, 32'h77777777);
    exp_cqe_src(15, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_LEN_ERR, 8'd0, 0, 0, ud_sqpn);
    x_drop = x_drop + 1;
    drain;
    check_wr_delta(0, 0);
    check_scatter(msg_id, 0);
    msg_id = msg_id + 1;
    sg_n = 1; set_sg(0, 64'h399301, 97, KEY_GOOD);
    ud_case(15, 57, 0, 0, 1);
    check_stats(8, 7, 1, 24, 64, 24);

    // --- no receive WQE: dropped, no RNR NAK ----------------------------------
    clear_allowed;
    save_wr = wr_bytes; save_req = wr_req_bytes;
    add_ud(15, 1'b0, 1'b0, 20, ud_qkey, 0);
    x_drop = x_drop + 1;
    drain;
    check_wr_delta(0, 0);
    check_stats(8, 7, 1, 24, 64, 24);

    // --- a second UD QP (MTU 256, its own Q_Key): a datagram longer than the
    // path MTU and one with the first QP's Q_Key are dropped; a full MTU is
    // placed --------------------------------------------------------------------
    qp_qkey = 32'h00C0FFEE;
    qp_bringup_t(24'd1, `RNIC_QP_TYPE_UD, 3'd1, 24'd0);
    sg_n = 1; set_sg(0, 64'h39A001, 400, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(1);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    ud_hdr(32'h0A000007, 32'h0A000001, 16'h0707, 8'd64, 8'h00, 24'h000707);
    add_ud(1, 1'b0, 1'b0, 257, qp_qkey, 0);
    add_ud(1, 1'b0, 1'b0, 100, ud_qkey, 0);
    x_drop = x_drop + 2;
    drain;
    check_wr_delta(0, 0);
    check_scatter(msg_id, 0);
    c0 = ud_qkey;
    ud_qkey = qp_qkey;
    qp_qkey = 32'd0;
    ud_case(1, 256, 1, 0, 0);
    ud_qkey = c0;
    // another transport's opcode on the UD QP, a UD SEND on an RC QP
    save_wr = wr_bytes; save_req = wr_req_bytes;
    add_pkt(8'h24, 15, tb_psn[15], 0, 0, 30, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h64, 0, tb_psn[0], 0, 1, 30, msg_id, 0, 0, 0, 0, 0);
    drain;
    check_wr_delta(0, 0);
    check_stats(10, 7, 1, 24, 64, 24);
    if (n_hdr_vcyc != hv0) begin
        $display("FAIL: m_hdr_valid was high for %0d cycles during the UC and UD cases", n_hdr_vcyc - hv0);
        errors = errors + 1;
    end
    $display("UD: all cases checked");

    // the RC QP that saw the UC and UD opcodes still answers at its PSN
    sg_n = 1; set_sg(0, 64'h39B001, 300, KEY_GOOD);
    send_case(0, 300, 1024, 0, 0);
    check_stats(10, 7, 1, 24, 65, 24);

    // =======================================================================
    // SRQ (shared receive queue): QPs with qpc.srq_en take their receive
    // WQEs from SRQ qpc.srqn (ring base, size, stride, PD from the SRQC) in
    // arrival order; the CQE's wqe_index is the SRQ WQE's index, qpn the
    // QP's. SRQ 5 holds 4 WQEs of 64 bytes, so its ring wraps. The QPs' own
    // RQs and SRQ 4 hold WQEs into a decoy buffer no write may reach.
    srq_decoy;
    srq_write(24'd4, PDN);
    srq_post(24'd4); srq_post(24'd4);
    srq_write(24'd5, PDN);
    qp_srq_en = 1'b1; qp_srqn = 24'd5;
    qp_bringup(24'd4, 3'd1, 24'h00FFFE);      // A: RC, MTU 256
    qp_bringup(24'd5, 3'd1, 24'hFFFFFF);      // B: RC, MTU 256, PSNs wrap
    qp_srq_en = 1'b0; qp_srqn = 24'd0;
    srq_decoy;
    post_recv(4); post_recv(5);

    // --- 1. messages of two QPs take the SRQ's WQEs in arrival order --------
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h3E0001, 300, KEY_GOOD); sg_arm; srq_post(5);
    sg_n = 2; set_sg(0, 64'h3E0401, 100, KEY_GOOD); set_sg(1, 64'h3E0603, 500, KEY_GOOD);
    sg_arm; srq_post(5);
    sg_n = 3; set_sg(0, 64'h3E0A01, 10, KEY_GOOD); set_sg(1, 64'h3E0B03, 0, KEY_GOOD);
    set_sg(2, 64'h3E0C05, 400, KEY_GOOD); sg_arm; srq_post(5);
    srq_send(4, 5, 0, 200, 256, 0, 0);        // A: ONLY, WQE 0
    c0 = sm;
    srq_send(5, 5, 0, 600, 256, 0, 1);        // B: FIRST, MIDDLE, LAST, WQE 1
    c1 = sm;
    srq_send(4, 5, 0, 300, 256, 1, 1);        // A: FIRST, LAST with immediate, WQE 2
    c2 = sm;
    drain;
    if (srq_mci[5] != 16'd3) begin
        $display("FAIL: SRQ model index %0d after case 1", srq_mci[5]);
        errors = errors + 1;
    end
    srq_sel(5, 0); check_scatter(c0, 200);
    srq_sel(5, 1); check_scatter(c1, 600);
    srq_sel(5, 2); check_scatter(c2, 300);
    check_stats(10, 7, 1, 24, 68, 24);

    // --- 2. interleaved under back-pressure: A FIRST, B FIRST, B LAST, A
    // MIDDLE, A LAST. A's message lands whole in the WQE it took first (3),
    // B's in the next (4, slot 0 again); B's CQE comes first ---------------
    stall_en = 1'b1;
    clear_allowed;
    sg_n = 2; set_sg(0, 64'h3E1001, 300, KEY_GOOD); set_sg(1, 64'h3E1203, 400, KEY_GOOD);
    sg_arm; srq_post(5);
    sg_n = 1; set_sg(0, 64'h3E1601, 356, KEY_GOOD); sg_arm; srq_post(5);
    pa = tb_psn[4]; pb = tb_psn[5]; c0 = msg_id; c1 = msg_id + 1;
    add_pkt(8'h00, 4, pa, 0, 0, 256, c0, 0, 0, 0, 0, 0);
    add_pkt(8'h00, 5, pb, 0, 0, 256, c1, 0, 0, 0, 0, 0);
    add_pkt(8'h02, 5, pb + 24'd1, 0, 0, 100, c1, 256, 0, 0, 0, 0);
    add_pkt(8'h01, 4, pa + 24'd1, 0, 0, 256, c0, 256, 0, 0, 0, 0);
    add_pkt(8'h02, 4, pa + 24'd2, 0, 0, 50, c0, 512, 0, 0, 0, 0);
    tb_psn[4] = pa + 24'd3; tb_psn[5] = pb + 24'd2;
    msg_id = msg_id + 2;
    srq_take(5); ia = sx;                     // at A's FIRST
    srq_take(5); ib = sx;                     // at B's FIRST
    exp_wr_req_bytes = exp_wr_req_bytes + 256 + 256 + 100;
    exp_cqe_at(5, ib, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 356, 0);
    tb_msn[5] = tb_msn[5] + 1;
    exp_ack(5, pb + 24'd1, 8'h1F);
    exp_wr_req_bytes = exp_wr_req_bytes + 256 + 50;
    exp_cqe_at(4, ia, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 562, 0);
    tb_msn[4] = tb_msn[4] + 1;
    exp_ack(4, pa + 24'd2, 8'h1F);
    drain;
    stall_en = 1'b0;
    if (ia != 16'd3 || ib != 16'd4) begin
        $display("FAIL: SRQ model indexes %0d %0d in case 2", ia, ib);
        errors = errors + 1;
    end
    srq_sel(5, ia); check_scatter(c0, 562);
    srq_sel(5, ib); check_scatter(c1, 356);
    check_stats(10, 7, 1, 24, 70, 24);

    // --- 3. SRQ empty (though each QP's own RQ holds a WQE): RNR NAK with
    // the QP's min_rnr_timer code, nothing written; after producer index
    // updates the retransmitted packets (same PSNs) are taken ---------------
    clear_allowed;
    save_wr = wr_bytes; save_req = wr_req_bytes;
    add_pkt(8'h04, 4, tb_psn[4], 0, 0, 40, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h04, 5, tb_psn[5], 0, 1, 0, msg_id, 0, 0, 0, 0, 0);
    exp_ack(4, tb_psn[4], {3'b001, q_rnr(4)});
    exp_ack(5, tb_psn[5], {3'b001, q_rnr(5)});
    drain;
    check_wr_delta(0, 0);
    check_stats(10, 7, 3, 24, 72, 24);
    sg_n = 1; set_sg(0, 64'h3E2001, 64, KEY_GOOD); sg_arm; srq_post(5);
    sg_n = 1; set_sg(0, 64'h3E2101, 64, KEY_GOOD); sg_arm; srq_post(5);
    srq_send(4, 5, 0, 40, 256, 0, 0);         // WQE 5
    c0 = sm; ia = sx;
    srq_send(5, 5, 0, 0, 256, 1, 0);          // WQE 6: no payload, with immediate
    c1 = sm; ib = sx;
    drain;
    srq_sel(5, ia); check_scatter(c0, 40);
    srq_sel(5, ib); check_scatter(c1, 0);
    check_wr_delta(40, 40);
    check_stats(10, 7, 3, 24, 74, 24);

    // --- 4. an SRQ WQE with a bad lkey (SGE 1, wrong tag): CQE LOC_PROT_ERR
    // naming it, NAK remote operational error, B in error; B's next packet is
    // dropped and takes no WQE; the next WQE goes to A ------------------------
    clear_allowed;
    sg_n = 2; set_sg(0, 64'h3E3001, 50, KEY_GOOD); set_sg(1, 64'h3E3101, 50, KEY_BADTAG);
    srq_post(5);                              // not armed: nothing may be written
    sg_n = 1; set_sg(0, 64'h3E3201, 100, KEY_GOOD); sg_arm; srq_post(5);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    pb = tb_psn[5];
    add_pkt(8'h04, 5, pb, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    srq_take(5); ib = sx;
    exp_cqe_at(5, ib, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_PROT_ERR, 8'd0, 0, 0);
    exp_ack(5, pb, 8'h63);
    exp_qerr(5, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    add_pkt(8'h04, 5, pb + 24'd1, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    c2 = msg_id;
    msg_id = msg_id + 1;
    drain;
    check_wr_delta(0, 0);
    check_stats(11, 7, 3, 25, 75, 25);
    srq_send(4, 5, 0, 100, 256, 0, 1);        // WQE 8
    c0 = sm; ia = sx;
    drain;
    if (ib != 16'd7 || ia != 16'd8) begin
        $display("FAIL: SRQ model indexes %0d %0d in case 4", ib, ia);
        errors = errors + 1;
    end
    srq_sel(5, ib); check_scatter(c2, 0);
    srq_sel(5, ia); check_scatter(c0, 100);
    check_stats(11, 7, 3, 25, 76, 25);

    // --- 5. a UC QP (U) on the SRQ abandons a SEND after a gap and keeps its
    // WQE: its next SEND ONLY lands in the same WQE (same wqe_index) even
    // with the SRQ empty, while A meanwhile takes the next WQE; A's SEND after
    // U's ONLY finds the SRQ empty (RNR NAK) --------------------------------
    qp_srq_en = 1'b1; qp_srqn = 24'd5;
    qp_bringup_t(24'd14, `RNIC_QP_TYPE_UC, 3'd1, 24'hFFFFFE);
    qp_srq_en = 1'b0; qp_srqn = 24'd0;
    srq_decoy;
    post_recv(14);
    clear_allowed;
    sg_n = 2; set_sg(0, 64'h3E4001, 200, KEY_GOOD); set_sg(1, 64'h3E4201, 300, KEY_GOOD);
    sg_arm; srq_post(5);
    sg_n = 1; set_sg(0, 64'h3E4601, 100, KEY_GOOD); sg_arm; srq_post(5);
    pu = tb_psn[14]; c0 = msg_id;
    add_pkt(8'h20, 14, pu, 0, 0, 256, c0, 0, 0, 0, 0, 0);              // SEND FIRST: WQE 9
    add_pkt(8'h22, 14, pu + 24'd2, 0, 0, 100, c0, 512, 0, 0, 0, 0);    // SEND LAST after a gap
    msg_id = msg_id + 1;
    srq_take(5); iu = sx;
    exp_wr_req_bytes = exp_wr_req_bytes + 256;
    x_drop = x_drop + 1;
    srq_send(4, 5, 0, 80, 256, 0, 0);         // A: WQE 10; the SRQ is empty after it
    c1 = sm; ia = sx;
    c2 = msg_id;
    add_pkt(8'h24, 14, pu + 24'd3, 0, 0, 150, c2, 0, 0, 0, 0, 0);      // SEND ONLY: WQE 9 again
    msg_id = msg_id + 1;
    tb_psn[14] = pu + 24'd4;
    exp_wr_req_bytes = exp_wr_req_bytes + 150;
    exp_cqe_at(14, iu, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 150, 0);
    pa = tb_psn[4];
    add_pkt(8'h04, 4, pa, 0, 0, 30, msg_id, 0, 0, 0, 0, 0);
    exp_ack(4, pa, {3'b001, q_rnr(4)});
    drain;
    if (iu != 16'd9 || ia != 16'd10) begin
        $display("FAIL: SRQ model indexes %0d %0d in case 5", iu, ia);
        errors = errors + 1;
    end
    // the ONLY's 150 bytes from byte 0, then what the abandoned FIRST placed
    srq_sel(5, iu); check_rx(c2, 150, 1'b0, 320'd0, c0, 256);
    srq_sel(5, ia); check_scatter(c1, 80);
    check_stats(11, 8, 4, 25, 78, 25);
    // A's retransmitted packet takes the next WQE; U's next message takes a
    // fresh one (it holds none any more)
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h3E4801, 30, KEY_GOOD); sg_arm; srq_post(5);
    sg_n = 2; set_sg(0, 64'h3E4A01, 120, KEY_GOOD); set_sg(1, 64'h3E4C01, 300, KEY_GOOD);
    sg_arm; srq_post(5);
    srq_send(4, 5, 0, 30, 256, 0, 0);         // WQE 11, same PSN as the RNR NAK's
    c0 = sm; ia = sx;
    srq_send(14, 5, 1, 400, 256, 1, 0);       // U: FIRST, LAST with immediate, WQE 12
    c1 = sm; iu2 = sx;
    drain;
    srq_sel(5, ia); check_scatter(c0, 30);
    srq_sel(5, iu2); check_scatter(c1, 400);
    check_stats(11, 8, 4, 25, 79, 25);

    // --- 6. RDMA WRITE with immediate on SRQ QPs takes an SRQ WQE at its
    // last packet (CQE RECV_IMM naming it, its buffer untouched): A's WRITE
    // FIRST takes none, U's SEND ONLY then takes WQE 13, A's WRITE LAST with
    // immediate WQE 14; then U's (UC) WRITE ONLY with immediate WQE 15 ------
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h3E5001, 100, KEY_GOOD); sg_arm; srq_post(5);
    sg_n = 1; set_sg(0, 64'h3E5201, 64, KEY_GOOD); srq_post(5);          // not armed
    al_lo[al_n] = 64'h3E6001; al_hi[al_n] = 64'h3E6001 + 300; al_n = al_n + 1;
    fill_range(64'h3E6001 - GUARD, 300 + 2 * GUARD);
    pa = tb_psn[4]; pu = tb_psn[14]; c0 = msg_id; c1 = msg_id + 1;
    add_pkt(8'h06, 4, pa, 0, 0, 256, c0, 0, VA_BASE + 64'h3E6001, KEY_GOOD, 300, 0);
    add_pkt(8'h24, 14, pu, 0, 0, 90, c1, 0, 0, 0, 0, 0);
    add_pkt(8'h09, 4, pa + 24'd1, 1, 0, 44, c0, 256, 0, 0, 0, 32'hFACE0001);
    tb_psn[4] = pa + 24'd2; tb_psn[14] = pu + 24'd1;
    msg_id = msg_id + 2;
    exp_wr_req_bytes = exp_wr_req_bytes + 256 + 90;
    srq_take(5); iu = sx;
    exp_cqe_at(14, iu, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 90, 0);
    exp_wr_req_bytes = exp_wr_req_bytes + 44;
    srq_take(5); ia = sx;
    exp_cqe_at(4, ia, `RNIC_CQE_OP_RESP_RECV_IMM, `RNIC_WC_STATUS_SUCCESS,
               `RNIC_CQE_FLAG_IMM | `RNIC_CQE_FLAG_SOLICITED, 300, 32'hFACE0001);
    tb_msn[4] = tb_msn[4] + 1;
    exp_ack(4, pa + 24'd1, 8'h1F);
    drain;
    if (iu != 16'd13 || ia != 16'd14) begin
        $display("FAIL: SRQ model indexes %0d %0d in case 6", iu, ia);
        errors = errors + 1;
    end
    sg_n = 1; sg_addr[0] = 64'h3E6001; sg_len[0] = 300; check_scatter(c0, 300);
    srq_sel(5, iu); check_scatter(c1, 90);
    srq_sel(5, ia); check_scatter(c0, 0);     // the WQE's buffer keeps its fill
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h3E5401, 32, KEY_GOOD); srq_post(5);          // not armed
    al_lo[0] = 64'h3E6401; al_hi[0] = 64'h3E6401 + 20; al_n = 1;
    fill_range(64'h3E6401 - GUARD, 20 + 2 * GUARD);
    msg_tr = 8'h20;
    add_msg(14, 1'b1, 20, 256, 1, 32'hFACE0002, 0, VA_BASE + 64'h3E6401, KEY_GOOD);
    msg_tr = 8'h00;
    c0 = msg_id;
    msg_id = msg_id + 1;
    exp_wr_req_bytes = exp_wr_req_bytes + 20;
    srq_take(5); ic = sx;
    exp_cqe_at(14, ic, `RNIC_CQE_OP_RESP_RECV_IMM, `RNIC_WC_STATUS_SUCCESS, `RNIC_CQE_FLAG_IMM,
               20, 32'hFACE0002);
    drain;
    sg_n = 1; sg_addr[0] = 64'h3E6401; sg_len[0] = 20; check_scatter(c0, 20);
    srq_sel(5, ic); check_scatter(c0, 0);
    check_stats(11, 8, 4, 25, 80, 25);

    // --- 7. SGE keys of SRQ WQEs are checked against the SRQ's PD: SRQ 6 in
    // PD PDN + 1, QP 6 in PD PDN. An MR of the SRQ's PD (KEY_OTHPD) works;
    // an MR of the QP's PD only (KEY_GOOD) fails: CQE LOC_PROT_ERR, NAK
    // remote operational error, QP error -------------------------------------
    srq_write(24'd6, PDN + 24'd1);
    qp_srq_en = 1'b1; qp_srqn = 24'd6;
    qp_bringup(24'd6, 3'd1, 24'h000300);
    qp_srq_en = 1'b0; qp_srqn = 24'd0;
    srq_decoy;
    post_recv(6);
    clear_allowed;
    sg_n = 2; set_sg(0, 64'h3E7001, 60, KEY_OTHPD); set_sg(1, 64'h3E7101, 100, KEY_OTHPD);
    sg_arm; srq_post(6);
    srq_send(6, 6, 0, 150, 256, 0, 0);        // WQE 0 of SRQ 6
    c0 = sm; ia = sx;
    drain;
    srq_sel(6, ia); check_scatter(c0, 150);
    check_stats(11, 8, 4, 25, 81, 25);
    sg_n = 1; set_sg(0, 64'h3E7201, 100, KEY_GOOD); srq_post(6);         // not armed
    save_wr = wr_bytes; save_req = wr_req_bytes;
    p0 = tb_psn[6];
    add_pkt(8'h04, 6, p0, 0, 0, 50, msg_id, 0, 0, 0, 0, 0);
    c0 = msg_id;
    msg_id = msg_id + 1;
    srq_take(6); ib = sx;
    exp_cqe_at(6, ib, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_PROT_ERR, 8'd0, 0, 0);
    exp_ack(6, p0, 8'h63);
    exp_qerr(6, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    drain;
    check_wr_delta(0, 0);
    srq_sel(6, ib); check_scatter(c0, 0);
    check_stats(11, 8, 4, 26, 82, 26);
    // the decoy buffer kept its fill
    srq_decoy;
    check_scatter(0, 0);
    $display("SRQ: all cases checked");

    // =======================================================================
    // SRQ limit (ibv_modify_srq(3) srq_limit, IBV_EVENT_SRQ_LIMIT_REACHED):
    // SRQ 39 (8 WQEs, SRQN bits above the low three set) armed with limit 3
    // holds 6 WQEs; SENDs of QP 9 one at a time: the 4th leaves 2 < 3 and
    // raises the event, the 5th and 6th (disarmed) do not. Re-armed with
    // keep_idx and limit 2 (3 WQEs posted before the write, 3 after), the
    // next SEND takes WQE 6, not 0, and the 5th after the write (1 left)
    // raises the event. A write without keep_idx (limit 1) clears the
    // indexes: the next WQEs are 0, 1, 2 again, the second (0 left) raises
    // it. Armed again (keep_idx) while already below the limit, only the
    // next packet that takes a WQE raises it (not an RDMA WRITE). QP 9's own
    // RQ holds a decoy WQE no write may reach.
    $display("SRQ limit: arm, fire once, re-arm with keep_idx, clear without it");
    srq_write_lim(24'd39, PDN, 5'd3, 16'd3, 1'b0);
    qp_srq_en = 1'b1; qp_srqn = 24'd39;
    qp_bringup(24'd9, 3'd1, 24'h00FFFC);      // RC, MTU 256, PSNs wrap
    qp_srq_en = 1'b0; qp_srqn = 24'd0;
    srq_decoy;
    post_recv(9);
    clear_allowed;
    for (i = 0; i < 6; i = i + 1) begin
        sg_n = 1; set_sg(0, 64'h3E8001 + i * 64'h200, 400, KEY_GOOD); sg_arm; srq_post(24'd39);
    end
    for (i = 0; i < 6; i = i + 1) begin
        lim_send(9, 39, 60 + i, i == 3);      // left after it: 5, 4, 3, 2 (fires), 1, 0
        if (sx != i) begin
            $display("FAIL: SRQ limit case: model WQE %0d, expected %0d", sx, i);
            errors = errors + 1;
        end
    end
    check_stats(11, 8, 4, 26, 88, 26);
    // re-arm with keep_idx between producer index updates: WQEs 6..8 before,
    // 9..11 (ring slots 1..3 again) after
    clear_allowed;
    for (i = 0; i < 3; i = i + 1) begin
        sg_n = 1; set_sg(0, 64'h3E9001 + i * 64'h200, 200, KEY_GOOD); sg_arm; srq_post(24'd39);
    end
    srq_write_lim(24'd39, PDN, 5'd3, 16'd2, 1'b1);
    lim_send(9, 39, 77, 1'b0);                // WQE 6, 2 left: not below the new limit
    if (sx != 16'd6) begin
        $display("FAIL: SRQ limit case: model WQE %0d after the keep_idx write, expected 6", sx);
        errors = errors + 1;
    end
    for (i = 3; i < 6; i = i + 1) begin
        sg_n = 1; set_sg(0, 64'h3E9001 + i * 64'h200, 200, KEY_GOOD); sg_arm; srq_post(24'd39);
    end
    for (i = 7; i < 12; i = i + 1)
        lim_send(9, 39, 100 + i, i == 10);    // left after it: 4, 3, 2, 1 (fires), 0
    check_stats(11, 8, 4, 26, 94, 26);
    // a write without keep_idx clears the indexes and loads limit 1
    srq_write_lim(24'd39, PDN, 5'd3, 16'd1, 1'b0);
    clear_allowed;
    for (i = 0; i < 2; i = i + 1) begin
        sg_n = 1; set_sg(0, 64'h3EA001 + i * 64'h200, 100, KEY_GOOD); sg_arm; srq_post(24'd39);
    end
    lim_send(9, 39, 33, 1'b0);                // WQE 0, 1 left
    if (sx != 16'd0) begin
        $display("FAIL: SRQ limit case: model WQE %0d after the clearing write, expected 0", sx);
        errors = errors + 1;
    end
    lim_send(9, 39, 44, 1'b1);                // WQE 1, 0 left: fires
    sg_n = 1; set_sg(0, 64'h3EA401, 100, KEY_GOOD); sg_arm; srq_post(24'd39);
    lim_send(9, 39, 55, 1'b0);                // WQE 2, 0 left: disarmed
    check_stats(11, 8, 4, 26, 97, 26);
    // armed (keep_idx, limit 2) while already below it: neither the write
    // nor the producer index update (1 left) nor an RDMA WRITE (takes no WQE)
    // raises the event; the next SEND (WQE 3) does
    srq_write_lim(24'd39, PDN, 5'd3, 16'd2, 1'b1);
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h3EA601, 100, KEY_GOOD); sg_arm; srq_post(24'd39);
    al_lo[al_n] = 64'h3EB001; al_hi[al_n] = 64'h3EB001 + 50; al_n = al_n + 1;
    fill_range(64'h3EB001 - GUARD, 50 + 2 * GUARD);
    add_msg(9, 1'b1, 50, 256, 0, 0, 0, VA_BASE + 64'h3EB001, KEY_GOOD);
    exp_wr_req_bytes = exp_wr_req_bytes + 50;
    tb_msn[9] = tb_msn[9] + 1;
    exp_ack(9, tb_psn[9] - 1, 8'h1F);
    drain;
    c0 = msg_id;
    msg_id = msg_id + 1;
    lim_send(9, 39, 66, 1'b1);                // WQE 3, 0 left: fires
    if (sx != 16'd3) begin
        $display("FAIL: SRQ limit case: model WQE %0d after the WRITE, expected 3", sx);
        errors = errors + 1;
    end
    sg_n = 1; sg_addr[0] = 64'h3EB001; sg_len[0] = 50; check_scatter(c0, 50);
    srq_decoy;
    check_scatter(0, 0);
    check_stats(11, 8, 4, 26, 99, 26);
    $display("SRQ limit: all cases checked");

    // =======================================================================
    // RDMA READ whose host memory reads fail: the responses go out with the
    // bytes as read, no NAK follows, no CQE: QP error QP_FATAL; the QP drops
    // the next packet. A remote access NAK of QP 7 goes right before it, so
    // the type cannot come from the syndrome of the packet before.
    $display("READ with a host memory error: QP_FATAL");
    qp_bringup(24'd7, 3'd3, 24'd0);
    add_pkt(8'h0C, 7, 0, 0, 0, 0, msg_id, 0, VA_BASE, KEY_GOOD, 64, 0);   // READ, QP without remote read
    exp_ack(7, 0, 8'h62);
    exp_qerr(7, `RNIC_HW_EVENT_RESP_ACCESS);   // remote access error, no CQE
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ;
    qp_bringup(24'd10, 3'd3, 24'h000777);
    qp_access = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_WRITE;
    save_wr = wr_bytes; save_req = wr_req_bytes;
    rd_err_inject = 1'b1;
    add_pkt(8'h0C, 10, tb_psn[10], 0, 1, 0, msg_id, 0, VA_BASE + 64'h23456, 32'h00000555, 2000, 0);
    exp_read(10, 64'h23456, 2000, 1024);
    exp_qerr(10, `RNIC_HW_EVENT_QP_FATAL);
    drain;
    rd_err_inject = 1'b0;
    add_pkt(8'h04, 10, tb_psn[10], 0, 1, 10, msg_id, 0, 0, 0, 0, 0);
    drain;
    check_wr_delta(0, 0);
    check_stats(12, 8, 4, 27, 100, 28);

    // =======================================================================
    // Memory windows (type 2B, IBA 10.6.7.2): window 8 (PD 7, REMOTE_WRITE
    // and REMOTE_READ) bound to QP 11 as the requester writes it. Its rkey
    // works on QP 11 (data at the window's iova + (va - start)); on QP 12
    // (same PD, RDMA WRITE and READ allowed), with another tag, past its end,
    // once invalidated (valid 0, the rest unchanged) it is refused: NAK remote
    // access error. Bound again to QP 12 with a new tag and REMOTE_WRITE only,
    // it works there and nowhere else, and not for a READ, nor with the old tag.
    $display("Memory windows: rkeys of a window bound to a QP; other QP, wrong tag, unbound; window as a receive lkey");
    s_bad = n_bad_qp; s_psn = n_psn_err; s_rnr = n_rnr; s_inv = n_inv; s_ack = n_ack; s_err = n_qp_err;
    qp_access = ACC_LRWR;
    qp_bringup(24'd11, 3'd3, 24'hFFFFFE);    // MTU 1024, PSNs wrap
    qp_bringup(24'd12, 3'd3, 24'h000500);
    qp_access = ACC_LRW;
    mw_write(8'd8, 8'h88, `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ, PDN, MW_VA, MW_LEN, MW_IOVA,
             1'b1, 1'b1, 24'd11);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    mw_wr_ok(11, MW_VA + 64'h123, KEY_MW, 1500, MW_IOVA + 64'h123);          // WRITE FIRST + LAST
    mw_wr_ok(11, MW_VA, KEY_MW, 1, MW_IOVA);                                 // the first byte
    mw_wr_ok(11, MW_VA + MW_LEN - 64, KEY_MW, 64, MW_IOVA + MW_LEN - 64);    // up to the last byte
    check_wr_delta(1565, 1565);
    mw_rd_ok(11, MW_VA + 64'h100, KEY_MW, 1200, MW_IOVA + 64'h100);          // reads the WRITE's bytes back
    mw_rd_ok(11, MW_VA + MW_LEN - 5, KEY_MW, 5, MW_IOVA + MW_LEN - 5);
    check_wr_delta(0, 0);
    check_stats(s_bad, s_psn, s_rnr, s_inv + mw_nk, s_ack + mw_na + mw_nk, s_err + mw_nk);
    mw_nak(12, 1'b0, MW_VA + 64'h10, KEY_MW, 100);           // another QP of the same PD
    mw_nak(12, 1'b1, MW_VA + 64'h10, KEY_MW, 100);
    mw_nak(11, 1'b0, MW_VA + 64'h10, KEY_MW ^ 32'h1, 100);   // wrong tag
    mw_nak(11, 1'b1, MW_VA + 64'h10, KEY_MW ^ 32'h1, 100);
    mw_nak(11, 1'b0, MW_VA + MW_LEN - 63, KEY_MW, 64);        // one byte past the window
    mw_nak(11, 1'b1, MW_VA - 1, KEY_MW, 10);                  // one byte before it
    mw_wr_ok(11, MW_VA + 64'h800, KEY_MW, 200, MW_IOVA + 64'h800);   // still bound
    check_stats(s_bad, s_psn, s_rnr, s_inv + mw_nk, s_ack + mw_na + mw_nk, s_err + mw_nk);
    // LOCAL_INV: valid 0, every other field as it was
    mw_write(8'd8, 8'h88, `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ, PDN, MW_VA, MW_LEN, MW_IOVA,
             1'b0, 1'b1, 24'd11);
    mw_nak(11, 1'b0, MW_VA + 64'h10, KEY_MW, 100);
    mw_nak(11, 1'b1, MW_VA + 64'h10, KEY_MW, 100);
    // BIND_MW again: QP 12, tag 0x8A, REMOTE_WRITE only, another range
    mw_write(8'd8, 8'h8A, `RNIC_ACCESS_REMOTE_WRITE, PDN, MW_VA2, MW_LEN2, MW_IOVA2, 1'b1, 1'b1, 24'd12);
    mw_wr_ok(12, MW_VA2 + 64'h301, KEY_MW2, 1025, MW_IOVA2 + 64'h301);
    mw_nak(11, 1'b0, MW_VA2 + 64'h10, KEY_MW2, 100);          // the QP it was bound to before
    mw_nak(12, 1'b1, MW_VA2 + 64'h10, KEY_MW2, 100);          // no REMOTE_READ in the window
    mw_nak(12, 1'b0, MW_VA2 + 64'h10, KEY_MW, 100);           // the old tag
    mw_nak(12, 1'b0, MW_VA + 64'h10, KEY_MW2, 100);           // the old range
    mw_wr_ok(12, MW_VA2 + MW_LEN2 - 1, KEY_MW2, 1, MW_IOVA2 + MW_LEN2 - 1);
    check_stats(s_bad, s_psn, s_rnr, s_inv + mw_nk, s_ack + mw_na + mw_nk, s_err + mw_nk);

    // a receive SGE whose lkey is a window key: key 10 as a region entry
    // (LOCAL_WRITE, REMOTE_WRITE, bound QP field 12) takes a SEND on QP 12;
    // the same entry as a window (mw set, nothing else changed) fails the
    // receive as a bad lkey does: CQE LOC_PROT_ERR, NAK remote operational
    // error, QP error event, nothing written (the good SGE before it neither)
    mw_write(8'd10, 8'hAA, ACC_LRW, PDN, VA_BASE + 64'h3C6000, 64'h1000, 64'h3C6000, 1'b1, 1'b0, 24'd12);
    sg_n = 2; set_sg(0, 64'h3C6801, 30, KEY_GOOD); set_sg(1, 64'h3C6010, 200, KEY_MWL);
    send_case(12, 150, 1024, 0, 0);
    mw_na = mw_na + 1;
    mw_write(8'd10, 8'hAA, ACC_LRW, PDN, VA_BASE + 64'h3C6000, 64'h1000, 64'h3C6000, 1'b1, 1'b1, 24'd12);
    sg_n = 2; set_sg(0, 64'h3C6901, 30, KEY_GOOD); set_sg(1, 64'h3C6401, 200, KEY_MWL);
    clear_allowed; sg_arm; post_recv(12);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    p0 = tb_psn[12];
    add_pkt(8'h04, 12, p0, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    exp_cqe(12, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_PROT_ERR, 8'd0, 0, 0);
    exp_ack(12, p0, 8'h63);
    exp_qerr(12, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    mw_nk = mw_nk + 1;
    drain;
    check_wr_delta(0, 0);
    check_scatter(msg_id, 0);
    msg_id = msg_id + 1;
    check_stats(s_bad, s_psn, s_rnr, s_inv + mw_nk, s_ack + mw_na + mw_nk, s_err + mw_nk);
    $display("Memory windows: %0d accepted, %0d refused", mw_na, mw_nk);

    // =======================================================================
    // SEND with Invalidate (IBA 10.6.7.2.3): windows of PD 7 bound to RC QP
    // 11 (0, 9, 11), to RC QP 12 (12) and to UC QP 13 (15); a region entry
    // (13) and a window of PD 8 bound to QP 11 (14). The DUT's key-table
    // write reaches its own key table as in rnic_top, so an invalidated
    // window then refuses its rkey (NAK remote access) and a second
    // invalidation (REM_INV_REQ_ERR). A refused key leaves its entry as it
    // was: each refused window is invalidated by its own QP afterwards.
    $display("SEND with Invalidate: RC 0x17 / 0x00..0x16, UC 0x37 / 0x20..0x36; window written back unbound, MW_INVAL; refused keys");
    s_bad = n_bad_qp; s_psn = n_psn_err; s_rnr = n_rnr; s_inv = n_inv; s_ack = n_ack; s_err = n_qp_err;
    iv_a0 = mw_na; iv_k0 = mw_nk; iv_b = 0;
    qp_srq_en = 1'b0;
    qp_access = ACC_LRWR;
    qp_bringup(24'd11, 3'd3, 24'hFFFFFF);    // MTU 1024, PSNs wrap
    qp_bringup(24'd12, 3'd3, 24'h000900);
    qp_access = ACC_LRW;
    qp_bringup_t(24'd13, `RNIC_QP_TYPE_UC, 3'd1, 24'hFFFFFE);   // MTU 256, PSNs wrap
    win_set(8'd0, 8'h91, `RNIC_ACCESS_REMOTE_WRITE, PDN, IV_VA + 64'h400000, 64'h100, 64'h3CF100, 1'b1, 1'b1, 24'd11);
    win_set(8'd9, 8'h91, `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ, PDN, IV_VA, 64'h1000, 64'h3CC000,
            1'b1, 1'b1, 24'd11);
    win_set(8'd11, 8'hB3, `RNIC_ACCESS_REMOTE_WRITE, PDN, IV_VA + 64'h100000, 64'h800, 64'h3CD000, 1'b1, 1'b1, 24'd11);
    win_set(8'd12, 8'hC5, `RNIC_ACCESS_REMOTE_WRITE, PDN, IV_VA + 64'h200000, 64'h800, 64'h3CD800, 1'b1, 1'b1, 24'd12);
    win_set(8'd13, 8'hD7, ACC_LRW, PDN, VA_BASE + 64'h3CE000, 64'h1000, 64'h3CE000, 1'b1, 1'b0, 24'd11);
    win_set(8'd14, 8'hE9, `RNIC_ACCESS_REMOTE_WRITE, PDN + 24'd1, IV_VA + 64'h300000, 64'h100, 64'h3CF000,
            1'b1, 1'b1, 24'd11);
    win_set(8'd15, 8'hF2, `RNIC_ACCESS_REMOTE_WRITE, PDN, IV_VA + 64'h500000, 64'h200, 64'h3CF200, 1'b1, 1'b1, 24'd13);

    // --- (a) RC SEND ONLY with Invalidate (0x17), solicited: window 9 works
    // before, is written back unbound (MW_INVAL), then refuses WRITE and
    // READ; window 11 (the RETH decoy) is still bound --------------------
    mw_wr_ok(11, IV_VA + 64'h40, KEY_IV9, 200, 64'h3CC040);
    sg_n = 1; set_sg(0, 64'h3C8001, 400, KEY_GOOD);
    inv_case(11, 1'b0, 300, 1024, KEY_IV9, 1'b1, KEY_IV11, 1'b1);
    mw_nak(11, 1'b0, IV_VA + 64'h40, KEY_IV9, 100);
    mw_nak(11, 1'b1, IV_VA + 64'h40, KEY_IV9, 100);
    mw_wr_ok(11, IV_VA + 64'h100010, KEY_IV11, 64, 64'h3CD010);
    check_stats(s_bad + iv_b, s_psn, s_rnr, s_inv + (mw_nk - iv_k0), s_ack + (mw_na - iv_a0) + (mw_nk - iv_k0),
                s_err + (mw_nk - iv_k0));

    // --- (b) multi-packet: window 9 bound again (tag 0x93), SEND FIRST +
    // SEND LAST with Invalidate (0x00, 0x16) over 2 SGEs; then window 11 by
    // FIRST, MIDDLE, LAST with Invalidate under random back-pressure, the
    // key-table write held at least 3 cycles ------------------------------
    win_set(8'd9, 8'h93, `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ, PDN, IV_VA + 64'h800, 64'h800,
            64'h3CC800, 1'b1, 1'b1, 24'd11);
    sg_n = 2; set_sg(0, 64'h3C8401, 1500, KEY_GOOD); set_sg(1, 64'h3C8A01, 1200, KEY_GOOD);
    inv_case(11, 1'b0, 1500, 1024, KEY_IV9B, 1'b0, KEY_IV11, 1'b1);
    stall_en = 1'b1;
    mpt_bp = 1'b1;
    c0 = n_mpt_held;
    inv_case(11, 1'b0, 2500, 1024, KEY_IV11, 1'b1, KEY_IV0, 1'b1);
    stall_en = 1'b0;
    mpt_bp = 1'b0;
    if (n_mpt_held - c0 < 3) begin
        $display("FAIL: the key-table write was held %0d cycles, expected at least 3", n_mpt_held - c0);
        errors = errors + 1;
    end
    mw_nak(11, 1'b0, IV_VA + 64'h100010, KEY_IV11, 64);
    check_stats(s_bad + iv_b, s_psn, s_rnr, s_inv + (mw_nk - iv_k0), s_ack + (mw_na - iv_a0) + (mw_nk - iv_k0),
                s_err + (mw_nk - iv_k0));

    // --- (c) refused keys on RC QP 11: CQE REM_INV_REQ_ERR after the bytes
    // are placed, NAK invalid request, QP error, no key-table write, no
    // event. A region entry (mw 0, FIRST + LAST with Invalidate); then the
    // QP in error drops a SEND without a reply. A window bound to QP 12
    // (solicited), window 9 already unbound, a window of another PD, an
    // index past the table (its low bits name window 0), a wrong tag.
    sg_n = 1; set_sg(0, 64'h3C9001, 2000, KEY_GOOD);
    inv_case(11, 1'b0, 1300, 1024, KEY_IR13, 1'b0, KEY_IV0, 1'b0);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    add_pkt(8'h04, 11, tb_psn[11], 0, 1, 10, msg_id, 0, 0, 0, 0, 0);
    iv_b = iv_b + 1;
    drain;
    check_wr_delta(0, 0);
    iv_reset11;
    inv_case(11, 1'b0, 100, 1024, KEY_IV12, 1'b1, KEY_IV0, 1'b0);
    iv_reset11;
    inv_case(11, 1'b0, 100, 1024, KEY_IV9B, 1'b0, KEY_IV0, 1'b0);
    iv_reset11;
    inv_case(11, 1'b0, 100, 1024, KEY_IV14, 1'b0, KEY_IV0, 1'b0);
    iv_reset11;
    inv_case(11, 1'b0, 100, 1024, KEY_IV0X, 1'b0, KEY_IV0, 1'b0);
    iv_reset11;
    inv_case(11, 1'b0, 100, 1024, KEY_IV0 ^ 32'h1, 1'b0, KEY_IV0, 1'b0);
    iv_reset11;
    check_stats(s_bad + iv_b, s_psn, s_rnr, s_inv + (mw_nk - iv_k0), s_ack + (mw_na - iv_a0) + (mw_nk - iv_k0),
                s_err + (mw_nk - iv_k0));
    // the refused windows kept their entries: window 0 by a SEND ONLY with
    // Invalidate without payload, window 12 by its own QP
    sg_n = 1; set_sg(0, 64'h3C9801, 64, KEY_GOOD);
    inv_case(11, 1'b0, 0, 1024, KEY_IV0, 1'b0, KEY_IV14, 1'b1);
    inv_case(12, 1'b0, 64, 1024, KEY_IV12, 1'b0, KEY_IR13, 1'b1);
    // a second invalidation of window 12: unbound now
    inv_case(12, 1'b0, 10, 1024, KEY_IV12, 1'b0, KEY_IR13, 1'b0);
    check_stats(s_bad + iv_b, s_psn, s_rnr, s_inv + (mw_nk - iv_k0), s_ack + (mw_na - iv_a0) + (mw_nk - iv_k0),
                s_err + (mw_nk - iv_k0));

    // --- (d) UC QP 13: SEND ONLY with Invalidate (0x37); window 15 bound
    // again, FIRST, MIDDLE, LAST with Invalidate (0x20 0x21 0x36); refused:
    // window 9 bound to RC QP 11, the region entry (FIRST, MIDDLE, LAST):
    // CQE REM_INV_REQ_ERR, no reply, no QP error; the QP carries on (window
    // 15 once more, a plain SEND). Then another transport's code on each QP
    // (0x37 on RC QP 11, 0x17 on UC QP 13): dropped as a bad QP. No cycle of
    // m_hdr_valid is allowed in all of this. --------------------------------
    win_set(8'd9, 8'h97, `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ, PDN, IV_VA, 64'h1000, 64'h3CC000,
            1'b1, 1'b1, 24'd11);
    iv_h0 = n_hdr_vcyc;
    sg_n = 2; set_sg(0, 64'h3CA001, 300, KEY_GOOD); set_sg(1, 64'h3CA401, 500, KEY_GOOD);
    inv_case(13, 1'b1, 100, 256, KEY_IV15, 1'b1, KEY_IV9C, 1'b1);
    win_set(8'd15, 8'hF4, `RNIC_ACCESS_REMOTE_WRITE, PDN, IV_VA + 64'h500000, 64'h200, 64'h3CF200, 1'b1, 1'b1,
            24'd13);
    inv_case(13, 1'b1, 600, 256, KEY_IV15B, 1'b0, KEY_IV9C, 1'b1);
    win_set(8'd15, 8'hF6, `RNIC_ACCESS_REMOTE_WRITE, PDN, IV_VA + 64'h500100, 64'h100, 64'h3CF300, 1'b1, 1'b1,
            24'd13);
    inv_case(13, 1'b1, 200, 256, KEY_IV9C, 1'b0, KEY_IV15C, 1'b0);
    inv_case(13, 1'b1, 700, 256, KEY_IR13, 1'b1, KEY_IV15C, 1'b0);
    inv_case(13, 1'b1, 256, 256, KEY_IV15C, 1'b0, KEY_IV9C, 1'b1);
    uc_send_case(13, 120, 256, 0, 0);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    add_pkt(8'h37, 11, tb_psn[11], 0, 1, 10, msg_id, 0, IV_VA, KEY_IV9C, 10, KEY_IV9C);
    add_pkt(8'h17, 13, tb_psn[13], 0, 0, 10, msg_id, 0, IV_VA, KEY_IV15C, 10, KEY_IV15C);
    iv_b = iv_b + 2;
    drain;
    check_wr_delta(0, 0);
    if (n_hdr_vcyc != iv_h0) begin
        $display("FAIL: m_hdr_valid was high for %0d cycles during the UC SEND with Invalidate cases",
                 n_hdr_vcyc - iv_h0);
        errors = errors + 1;
    end
    check_stats(s_bad + iv_b, s_psn, s_rnr, s_inv + (mw_nk - iv_k0), s_ack + (mw_na - iv_a0) + (mw_nk - iv_k0),
                s_err + (mw_nk - iv_k0));
    // window 9, refused on the UC QP and named by the dropped 0x37, is still
    // bound to RC QP 11: invalidated there
    sg_n = 1; set_sg(0, 64'h3CB001, 100, KEY_GOOD);
    inv_case(11, 1'b0, 33, 1024, KEY_IV9C, 1'b0, KEY_IV14, 1'b1);
    check_stats(s_bad + iv_b, s_psn, s_rnr, s_inv + (mw_nk - iv_k0), s_ack + (mw_na - iv_a0) + (mw_nk - iv_k0),
                s_err + (mw_nk - iv_k0));
    // --- (e) a key-table write racing the invalidation: window 9 bound to
    // QP 11 (tag 0x99) is bound to QP 12 instead, written in S_INV's first
    // cycle; the decision must be taken on the new entry (refused: REM_INV_
    // REQ_ERR, NAK, QP error), not on the one read before it, and the new
    // entry must not be written over
    win_set(8'd9, 8'h99, `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ, PDN, IV_VA, 64'h1000, 64'h3CC000,
            1'b1, 1'b1, 24'd11);
    race_data = 1024'd0;
    race_data[`RNIC_MPT_VALID_LSB +: `RNIC_MPT_VALID_W] = 1'b1;
    race_data[`RNIC_MPT_MW_LSB +: `RNIC_MPT_MW_W] = 1'b1;
    race_data[`RNIC_MPT_TAG_LSB +: `RNIC_MPT_TAG_W] = 8'h99;
    race_data[`RNIC_MPT_ACCESS_LSB +: `RNIC_MPT_ACCESS_W] = `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ;
    race_data[`RNIC_MPT_PDN_LSB +: `RNIC_MPT_PDN_W] = PDN;
    race_data[`RNIC_MPT_START_LSB +: `RNIC_MPT_START_W] = IV_VA;
    race_data[`RNIC_MPT_LENGTH_LSB +: `RNIC_MPT_LENGTH_W] = 64'h1000;
    race_data[`RNIC_MPT_IOVA_LSB +: `RNIC_MPT_IOVA_W] = 64'h3CC000;
    race_data[`RNIC_MPT_QPN_LSB +: `RNIC_MPT_QPN_W] = 24'd12;
    race_idx = 24'd9;
    wm_qpn[9] = 24'd12;
    race_arm = 1'b1;
    sg_n = 1; set_sg(0, 64'h3CB201, 100, KEY_GOOD);
    inv_case(11, 1'b0, 40, 1024, KEY_IV9D, 1'b0, KEY_IV14, 1'b0);
    if (race_arm || race_drive) begin
        $display("FAIL: the racing key-table write never went out");
        errors = errors + 1;
    end
    iv_reset11;
    // window 9 (now QP 12's) invalidated by QP 12 (to RTS again: it went to
    // error in (c))
    qp_access = ACC_LRWR;
    qp_bringup(24'd12, 3'd3, tb_psn[12] + 24'd16);
    qp_access = ACC_LRW;
    sg_n = 1; set_sg(0, 64'h3CB401, 100, KEY_GOOD);
    inv_case(12, 1'b0, 24, 1024, KEY_IV9D, 1'b0, KEY_IV12, 1'b1);
    check_stats(s_bad + iv_b, s_psn, s_rnr, s_inv + (mw_nk - iv_k0), s_ack + (mw_na - iv_a0) + (mw_nk - iv_k0),
                s_err + (mw_nk - iv_k0));
    $display("SEND with Invalidate: %0d keys invalidated, %0d refused", iv_ok, iv_bad);

    // =======================================================================
    // XRC (IBA 9.3.6, 14.2.7): XRC targets QP 8 and QP 9 of domain 5 and QP
    // 10 of domain 6 (MTU 256, qpc.pdn 9, every remote right); XRC SRQs 1
    // (domain 5, PD 7), 2 (domain 5, PD 8) and 3 (domain 6, PD 7), each with
    // its own CQ; SRQ 12 an XRC SRQ of domain 5 that is not valid (WQE
    // posted) and SRQ 0 an SRQ of PD 7 that is not XRC (its domain field 5,
    // WQE posted); the targets' own RQs hold WQEs too. Those WQEs point into
    // the decoy buffer, which no write may reach. Keys: PD 7 KEY_GOOD,
    // KEY_RD7, KEY_ATOMIC; PD 8 KEY_OTHPD, KEY_X8; PD 9 (the targets' own)
    // KEY_X9, refused on every SRQ.
    $display("XRC: targets QP 8, 9 (domain 5) and 10 (domain 6); XRC SRQs 1, 2 (domain 5, PD 7 / 8) and 3 (domain 6)");
    s_bad = n_bad_qp; s_psn = n_psn_err; s_rnr = n_rnr; s_inv = n_inv; s_ack = n_ack; s_err = n_qp_err;
    ack_tr = 8'hA0;
    mpt_write(8'd13, 8'h3D, ACC_ALL, PDN + 24'd1, VA_BASE, MEM_SIZE, 64'd0);
    mpt_write(8'd14, 8'h9E, ACC_ALL, XPD, VA_BASE, MEM_SIZE, 64'd0);
    srq_xrc = 1'b1; srq_xrcdn = XD;
    srq_cqn = xs_cqn(1); srq_write(24'd1, PDN);
    srq_cqn = xs_cqn(2); srq_write(24'd2, PDN + 24'd1);
    srq_valid = 1'b0; srq_cqn = xs_cqn(12); srq_write(24'd12, PDN); srq_valid = 1'b1;
    srq_xrcdn = XD2; srq_cqn = xs_cqn(3); srq_write(24'd3, PDN);
    srq_xrc = 1'b0; srq_xrcdn = XD; srq_cqn = xs_cqn(0); srq_write(24'd0, PDN);
    srq_xrcdn = 24'd0; srq_cqn = 24'd0;
    xrc_up(24'd8, XD, 24'hFFFFFE);           // PSNs wrap
    xrc_up(24'd9, XD, 24'h000400);
    xrc_up(24'd10, XD2, 24'h7FFFFF);
    srq_decoy;
    post_recv(8); post_recv(9); post_recv(10);
    srq_post(24'd0); srq_post(24'd12);

    // --- (a) SENDs: ONLY (0xA4, 0xA5), FIRST MIDDLE LAST (0xA0 0xA1 0xA2),
    // FIRST LAST with immediate (0xA0 0xA3) of QPs 8 and 9 into SRQs 1 and
    // 2 in arrival order, then QP 10 into SRQ 3; each CQE on its SRQ's CQ
    // with srqn, every reply 0xB1 with the QP's MSN; under back-pressure --
    $display("XRC: SENDs of two targets into two XRC SRQs; CQE on the SRQ's CQ with srqn; ACK 0xB1");
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h340001, 300, KEY_GOOD); sg_arm; srq_post(24'd1);
    sg_n = 2; set_sg(0, 64'h340401, 200, KEY_OTHPD); set_sg(1, 64'h340601, 500, KEY_OTHPD); sg_arm; srq_post(24'd2);
    sg_n = 3; set_sg(0, 64'h340A01, 10, KEY_GOOD); set_sg(1, 64'h340B03, 0, KEY_GOOD);
    set_sg(2, 64'h340C05, 400, KEY_GOOD); sg_arm; srq_post(24'd1);
    sg_n = 1; set_sg(0, 64'h341001, 256, KEY_OTHPD); sg_arm; srq_post(24'd2);
    sg_n = 2; set_sg(0, 64'h341401, 100, KEY_GOOD); set_sg(1, 64'h341601, 500, KEY_GOOD); sg_arm; srq_post(24'd1);
    sg_n = 1; set_sg(0, 64'h341A01, 100, KEY_GOOD); sg_arm; srq_post(24'd3);
    stall_en = 1'b1;
    xrc_send(8, 1, 200, 0, 0);                 // ONLY, SRQ 1 WQE 0
    // QP 8's FIRST below waits with the next PSN: the ONLY's ACK is left
    // out (the LAST's ACK covers it)
    xa_wr = xa_wr - 1;
    xr_ack = xr_ack - 1;
    x_coal = x_coal + 1;
    xrc_send(8, 2, 600, 0, 1);                 // FIRST MIDDLE LAST, SRQ 2 WQE 0
    xrc_send(9, 1, 300, 1, 1);                 // QP 9: FIRST, LAST with immediate, SRQ 1 WQE 1
    xrc_send(8, 2, 256, 1, 0);                 // ONLY with immediate, one MTU, SRQ 2 WQE 1
    xrc_send(9, 1, 513, 0, 0);                 // QP 9: FIRST MIDDLE LAST, SRQ 1 WQE 2
    xrc_send(10, 3, 100, 0, 1);                // QP 10 (domain 6): SRQ 3 WQE 0
    xrc_check;
    stall_en = 1'b0;
    xrc_stats;

    // --- (b) SRQ 2 empty (SRQ 1 and the QP's own RQ are not): RNR NAK 0xB1
    // with the QP's timer code, nothing written; after a WQE is posted to
    // SRQ 2 the retransmitted SEND (same PSN) takes it -------------------
    $display("XRC: SRQ named by the XRCETH empty: RNR NAK 0xB1; SEND after a post");
    sg_n = 1; set_sg(0, 64'h341C01, 64, KEY_GOOD); clear_allowed; sg_arm; srq_post(24'd1);
    save_wr = wr_bytes; save_req = wr_req_bytes;
    xrc_srqn = 24'd2;
    add_pkt(8'hA4, 8, tb_psn[8], 0, 0, 40, msg_id, 0, 0, 0, 0, 0);
    exp_ack(8, tb_psn[8], {3'b001, q_rnr(8)});
    xr_rnr = xr_rnr + 1; xr_ack = xr_ack + 1;
    drain;
    check_wr_delta(0, 0);
    sg_n = 1; set_sg(0, 64'h341E01, 64, KEY_OTHPD); sg_arm; srq_post(24'd2);
    xrc_send(8, 2, 40, 0, 0);                  // SRQ 2 WQE 2, the RNR NAK's PSN
    xrc_send(9, 1, 64, 0, 0);                  // SRQ 1 WQE 3
    xrc_check;
    xrc_stats;

    // --- (c) SGE keys are checked against the SRQ's PD: a WQE of SRQ 1 (PD
    // 7) with an SGE of PD 8 -> CQE LOC_PROT_ERR on SRQ 1's CQ naming it, NAK
    // remote operational error 0xB1/0x63, QP 9 to error ------------------
    $display("XRC: SGE key of another PD than the SRQ's: LOC_PROT_ERR on the SRQ's CQ, NAK 0x63");
    clear_allowed;
    sg_n = 2; set_sg(0, 64'h342001, 50, KEY_GOOD); set_sg(1, 64'h342101, 50, KEY_OTHPD); srq_post(24'd1);   // not armed
    save_wr = wr_bytes; save_req = wr_req_bytes;
    p0 = tb_psn[9];
    xrc_srqn = 24'd1;
    add_pkt(8'hA4, 9, p0, 0, 0, 60, msg_id, 0, 0, 0, 0, 0);
    msg_id = msg_id + 1;
    srq_take(24'd1);
    exp_cqe_x(9, 1, sx, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_LOC_PROT_ERR, 8'd0, 0, 0);
    exp_ack(9, p0, 8'h63);
    exp_qerr(9, `RNIC_HW_EVENT_RESP_ERR);   // the error CQE reports it
    xr_inv = xr_inv + 1; xr_ack = xr_ack + 1; xr_err = xr_err + 1;
    drain;
    check_wr_delta(0, 0);
    xrc_up(24'd9, XD, p0 + 24'd16);
    xrc_stats;

    // --- (d) RDMA WRITE (0xA6 0xA7 0xA8, 0xAA) and READ (0xAC: 0xAD 0xAE
    // 0xAF, 0xB0) with a key of the named SRQ's PD; a WRITE with immediate
    // (0xA6 0xA9) takes a WQE of the named SRQ at its LAST (CQE RECV_IMM on
    // its CQ, its buffer untouched) ---------------------------------------
    $display("XRC: WRITE 0xA6..0xA8 / 0xAA, WRITE_IMM 0xA6 0xA9, READ 0xAC -> 0xAD 0xAE 0xAF / 0xB0; keys of the SRQ's PD");
    xrc_wr_ok(8, 2, VA_BASE + 64'h350003, KEY_X8, 700, 64'h350003);      // PD 8 key, SRQ 2 (PD 8)
    xrc_wr_ok(8, 1, VA_BASE + 64'h351001, KEY_GOOD, 200, 64'h351001);    // PD 7 key, SRQ 1 (PD 7)
    xrc_rd_ok(8, 2, VA_BASE + 64'h350003, KEY_X8, 600, 64'h350003);      // the WRITE's bytes back
    xrc_rd_ok(8, 1, VA_BASE + 64'h351001, KEY_RD7, 100, 64'h351001);
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h343001, 32, KEY_OTHPD); srq_post(24'd2);    // not armed
    al_lo[0] = 64'h352001; al_hi[0] = 64'h352001 + 300; al_n = 1;
    fill_range(64'h352001 - GUARD, 300 + 2 * GUARD);
    msg_tr = 8'hA0; xrc_srqn = 24'd2;
    add_msg(8, 1'b1, 300, 256, 1, 32'hFACE0008, 1, VA_BASE + 64'h352001, KEY_OTHPD);
    msg_tr = 8'h00;
    c0 = msg_id;
    msg_id = msg_id + 1;
    exp_wr_req_bytes = exp_wr_req_bytes + 300;
    srq_take(24'd2); ic = sx;
    exp_cqe_x(8, 2, ic, `RNIC_CQE_OP_RESP_RECV_IMM, `RNIC_WC_STATUS_SUCCESS,
              `RNIC_CQE_FLAG_IMM | `RNIC_CQE_FLAG_SOLICITED, 300, 32'hFACE0008);
    tb_msn[8] = tb_msn[8] + 1;
    exp_ack(8, tb_psn[8] - 1, 8'h1F);
    xr_ack = xr_ack + 1;
    drain;
    sg_n = 1; sg_addr[0] = 64'h352001; sg_len[0] = 300; check_scatter(c0, 300);
    srq_sel(24'd2, ic); check_scatter(c0, 0);
    xrc_stats;

    // --- (e) atomics: FETCH ADD (0xB4) naming SRQ 1 with a PD 7 key, COMPARE
    // SWAP (0xB3) naming SRQ 2 with a PD 8 key: ATOMIC ACK 0xB2 with the
    // original data ---------------------------------------------------------
    $display("XRC: FETCH ADD 0xB4, COMPARE SWAP 0xB3 -> ATOMIC ACK 0xB2");
    save_wr = wr_bytes; save_req = wr_req_bytes;
    at_q = 24'd8; at_a = 64'h353000; at_va = VA_BASE + at_a;
    at_v = 64'h00000001FFFFFFFE;
    at_arm(at_a, at_v);
    at_key = KEY_ATOMIC; xrc_srqn = 24'd1;
    at_step(8'hB4, 64'h0000000000000003, 64'd0);                  // -> 0x00000002_00000001
    at_key = KEY_X8; xrc_srqn = 24'd2;
    at_step(8'hB3, 64'h5555AAAA5555AAAA, 64'h0000000200000001);   // matches
    xr_ack = xr_ack + 2;
    drain;
    check_at(at_a, 64'h5555AAAA5555AAAA);
    check_wr_delta(16, 16);
    xrc_stats;

    // --- (f) remote keys of another PD than the named SRQ's: NAK remote
    // access 0xB1/0x62, QP error, nothing read or written: a PD 8 key naming
    // SRQ 1, a PD 7 key naming SRQ 2, the targets' own PD 9 naming either
    $display("XRC: WRITE, READ, atomic with a key of another PD than the SRQ's: NAK 0x62");
    xrc_nak(8, 1, 0, VA_BASE + 64'h354001, KEY_X8, 100, 8'h62);
    xrc_nak(8, 2, 0, VA_BASE + 64'h354001, KEY_GOOD, 100, 8'h62);
    xrc_nak(8, 1, 0, VA_BASE + 64'h354001, KEY_X9, 100, 8'h62);
    xrc_nak(9, 2, 1, VA_BASE + 64'h350003, KEY_RD7, 100, 8'h62);
    xrc_nak(9, 1, 1, VA_BASE + 64'h350003, KEY_X8, 100, 8'h62);
    xrc_nak(9, 2, 1, VA_BASE + 64'h350003, KEY_X9, 100, 8'h62);
    xrc_nak(8, 2, 2, at_va, KEY_ATOMIC, 8, 8'h62);
    xrc_nak(8, 1, 2, at_va, KEY_X8, 8, 8'h62);
    xrc_stats;

    // --- (g) XRCETH naming no XRC SRQ of the target's domain: NAK invalid
    // request 0xB1/0x61, QP error RESP_INV_REQ, no WQE read, nothing
    // written: SRQ 3 (domain 6), SRQ 0 (not XRC), 0x41 (past the 64 SRQs;
    // its low bits name SRQ 1), SRQ 12 (not valid); QP 10 (domain 6) naming
    // SRQ 1; for SEND, WRITE, READ and atomic requests
    $display("XRC: XRCETH naming another domain's SRQ, a non-XRC SRQ, SRQ 0x41, a destroyed SRQ: NAK 0x61");
    xrc_nak(8, 24'd3, 3, 64'd0, 32'd0, 40, 8'h61);
    xrc_nak(8, 24'd0, 3, 64'd0, 32'd0, 40, 8'h61);
    xrc_nak(8, 24'h000041, 3, 64'd0, 32'd0, 40, 8'h61);
    xrc_nak(8, 24'd12, 3, 64'd0, 32'd0, 40, 8'h61);
    xrc_nak(10, 24'd1, 3, 64'd0, 32'd0, 40, 8'h61);
    xrc_nak(9, 24'd3, 0, VA_BASE + 64'h354001, KEY_GOOD, 100, 8'h61);
    xrc_nak(9, 24'd0, 1, VA_BASE + 64'h350003, KEY_RD7, 100, 8'h61);
    xrc_nak(9, 24'h000041, 2, at_va, KEY_ATOMIC, 8, 8'h61);
    xrc_stats;
    // the refused requests took no WQE: each SRQ's next one goes to a SEND
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h344001, 100, KEY_GOOD); sg_arm; srq_post(24'd1);
    sg_n = 1; set_sg(0, 64'h344201, 100, KEY_OTHPD); sg_arm; srq_post(24'd2);
    sg_n = 1; set_sg(0, 64'h344401, 100, KEY_GOOD); sg_arm; srq_post(24'd3);
    xrc_send(9, 2, 90, 0, 0);
    xrc_send(8, 1, 91, 0, 1);
    xrc_send(10, 3, 92, 1, 0);
    xrc_check;
    xrc_stats;

    // --- (h) another transport's code: RC and UC SENDs and an RC READ to
    // an XRC target, an XRC SEND to RC QP 3: dropped as a bad QP without a
    // reply; each QP then takes its next message at the same PSN ----------
    $display("XRC: RC / UC opcodes to an XRC target and an XRC SEND to an RC QP: dropped");
    save_wr = wr_bytes; save_req = wr_req_bytes;
    c0 = rd_reqs; c1 = n_hdr_vcyc;
    add_pkt(8'h04, 8, tb_psn[8], 0, 1, 30, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h24, 8, tb_psn[8], 0, 0, 30, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h0C, 8, tb_psn[8], 0, 1, 0, msg_id, 0, VA_BASE + 64'h350003, KEY_X8, 64, 0);
    xrc_srqn = 24'd1;
    add_pkt(8'hA4, 3, tb_psn[3], 0, 1, 30, msg_id, 0, 0, 0, 0, 0);
    xr_bad = xr_bad + 4;
    drain;
    check_wr_delta(0, 0);
    if (rd_reqs != c0 || n_hdr_vcyc != c1) begin
        $display("FAIL: dropped packets of another transport: %0d DMA reads, %0d cycles of m_hdr_valid",
                 rd_reqs - c0, n_hdr_vcyc - c1);
        errors = errors + 1;
    end
    xrc_stats;
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h344601, 100, KEY_GOOD); sg_arm; srq_post(24'd1);
    xrc_send(8, 1, 30, 0, 0);
    xrc_check;
    ack_tr = 8'h00;
    sg_n = 1; set_sg(0, 64'h344801, 100, KEY_GOOD);
    send_case(3, 30, 4096, 0, 0);
    xr_ack = xr_ack + 1;
    xrc_stats;
    $display("XRC: all cases checked");

    // =======================================================================
    // Duplicate requests (IBA 9.7.5.1.1) on RC QP 2 (MTU 1024, every remote
    // right): never executed again. Here every packet is spaced (the DUT
    // sees no header waiting while it works), so every ACK due is sent.
    $display("Duplicates: SEND / WRITE ACKed only with AckReq; READ answered again; atomics replayed from the result cache");
    s_bad = n_bad_qp; s_psn = n_psn_err; s_rnr = n_rnr; s_inv = n_inv; s_ack = n_ack; s_err = n_qp_err;
    hdr_sp = 1'b1;
    qp_access = ACC_ALL;
    qp_bringup(24'd2, 3'd3, 24'hFFFFFA);     // PSNs wrap during the cases
    qp_access = ACC_LRW;

    // --- (a) a SEND ONLY (into WQE 0) and a WRITE ONLY are executed; then,
    // with another payload, duplicates of them and of a SEND MIDDLE, SEND
    // LAST and WRITE LAST before them: without AckReq no reply, with AckReq
    // (SEND, WRITE, WRITE with immediate, SEND LAST) the ACK of the last PSN
    // executed (the WRITE's) with MSN 2. No byte written, no WQE fetched
    // (WQE 1 is posted), no CQE. A SEND at the next PSN then takes WQE 1 ------
    sg_n = 1; set_sg(0, 64'h260001, 300, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(2);
    p0 = tb_psn[2]; c0 = msg_id; c1 = msg_id + 1; c2 = msg_id + 2;
    msg_id = msg_id + 3;
    add_pkt(8'h04, 2, p0, 0, 0, 200, c0, 0, 0, 0, 0, 0);
    exp_wr_req_bytes = exp_wr_req_bytes + 200;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 200, 0);
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, p0, 8'h1F);
    wr_only(2, p0 + 24'd1, 64'h261001, 100, c1);
    exp_ack(2, p0 + 24'd1, 8'h1F);
    tb_psn[2] = p0 + 24'd2;
    d_ack = d_ack + 2;
    drain;
    set_sg(0, 64'h260001, 300, KEY_GOOD); check_scatter(c0, 200);
    wr_check(64'h261001, 100, c1);
    sg_n = 1; set_sg(0, 64'h260401, 300, KEY_GOOD);
    fill_range(64'h260401 - GUARD, 300 + 2 * GUARD);
    post_recv(2);                              // WQE 1: no write allowed into it yet
    clear_allowed;
    save_wr = wr_bytes; save_req = wr_req_bytes; dr0 = rd_reqs;
    add_pkt(8'h04, 2, p0, 0, 0, 200, c2, 0, 0, 0, 0, 0);                                        // SEND ONLY
    add_pkt(8'h0A, 2, p0 + 24'd1, 0, 0, 100, c2, 0, VA_BASE + 64'h261001, KEY_GOOD, 100, 0);    // WRITE ONLY
    add_pkt(8'h04, 2, p0, 1, 1, 200, c2, 0, 0, 0, 0, 0);                                        // SEND ONLY, AckReq
    add_pkt(8'h0A, 2, p0 + 24'd1, 0, 1, 100, c2, 0, VA_BASE + 64'h261001, KEY_GOOD, 100, 0);    // WRITE ONLY, AckReq
    add_pkt(8'h0B, 2, p0 + 24'd1, 0, 1, 100, c2, 0, VA_BASE + 64'h261001, KEY_GOOD, 100,
            32'h0BADF00D);                                                                      // WRITE ONLY imm, AckReq
    add_pkt(8'h01, 2, p0 - 24'd3, 0, 0, 1024, c2, 1024, 0, 0, 0, 0);                            // SEND MIDDLE
    add_pkt(8'h02, 2, p0 - 24'd2, 0, 1, 10, c2, 2048, 0, 0, 0, 0);                              // SEND LAST, AckReq
    add_pkt(8'h08, 2, p0 - 24'd1, 0, 0, 64, c2, 1024, 0, 0, 0, 0);                              // WRITE LAST
    for (i = 0; i < 4; i = i + 1)
        exp_ack(2, p0 + 24'd1, 8'h1F);
    x_dup = x_dup + 8; d_psn = d_psn + 8; d_ack = d_ack + 4;
    drain;
    check_wr_delta(0, 0);
    if (rd_reqs != dr0) begin
        $display("FAIL: duplicate SEND / WRITE packets issued %0d DMA reads", rd_reqs - dr0);
        errors = errors + 1;
    end
    sg_n = 1; set_sg(0, 64'h260001, 300, KEY_GOOD); check_scatter(c0, 200);
    wr_check(64'h261001, 100, c1);
    sg_n = 1; set_sg(0, 64'h260401, 300, KEY_GOOD); check_scatter(c2, 0);
    d_stats;
    // the expected PSN and MSN did not move, WQE 1 is still there
    clear_allowed; sg_arm;
    add_msg(2, 1'b0, 150, 1024, 1, 32'h5EED0001, 0, 64'd0, 32'd0);
    exp_wr_req_bytes = exp_wr_req_bytes + 150;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, `RNIC_CQE_FLAG_IMM, 150, 32'h5EED0001);
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, tb_psn[2] - 1, 8'h1F);
    d_ack = d_ack + 1;
    drain;
    check_scatter(msg_id, 150);
    msg_id = msg_id + 1;
    d_stats;

    // --- duplicates between the packets of a SEND (FIRST, MIDDLE, LAST over
    // two SGEs): a SEND ONLY with AckReq (ACK of the FIRST's PSN, the last
    // executed, MSN unchanged) and a WRITE ONLY without; the message goes on
    // and lands whole ---------------------------------------------------------
    sg_n = 2; set_sg(0, 64'h262001, 1500, KEY_GOOD); set_sg(1, 64'h262801, 1000, KEY_GOOD);
    clear_allowed; sg_arm; post_recv(2);
    p0 = tb_psn[2]; c0 = msg_id; c1 = msg_id + 1;
    msg_id = msg_id + 2;
    add_pkt(8'h00, 2, p0, 0, 0, 1024, c0, 0, 0, 0, 0, 0);
    add_pkt(8'h04, 2, p0 - 24'd1, 0, 1, 30, c1, 0, 0, 0, 0, 0);
    exp_ack(2, p0, 8'h1F);
    add_pkt(8'h01, 2, p0 + 24'd1, 0, 0, 1024, c0, 1024, 0, 0, 0, 0);
    add_pkt(8'h0A, 2, p0 - 24'd2, 0, 0, 40, c1, 0, VA_BASE + 64'h262001, KEY_GOOD, 40, 0);
    add_pkt(8'h02, 2, p0 + 24'd2, 0, 0, 100, c0, 2048, 0, 0, 0, 0);
    tb_psn[2] = p0 + 24'd3;
    exp_wr_req_bytes = exp_wr_req_bytes + 2148;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 2148, 0);
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, p0 + 24'd2, 8'h1F);
    x_dup = x_dup + 2; d_psn = d_psn + 2; d_ack = d_ack + 2;
    drain;
    check_scatter(c0, 2148);
    d_stats;

    // --- (b) a READ of 3000 bytes at PSN p0 (FIRST, MIDDLE, LAST), then its
    // duplicates as a requester going back N sends them, under back-pressure:
    // the whole READ, the rest from its second response (va + 1024, 1976
    // bytes: FIRST at p0+1, LAST at p0+2), its last response alone (952
    // bytes: ONLY at p0+2). Each is answered from its own PSN with the bytes
    // its RETH names and the responder's current MSN (IBA 9.7.5.1.1; the
    // AETH carries the current MSN, as for the ACK of a duplicate) ----------
    p0 = tb_psn[2];
    db0 = rp_bytes;
    add_pkt(8'h0C, 2, p0, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270000, KEY_RD7, 3000, 0);
    exp_read(2, 64'h270000, 3000, 1024);
    drain;
    stall_en = 1'b1;
    add_pkt(8'h0C, 2, p0, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270000, KEY_RD7, 3000, 0);
    exp_rresp(2, p0, 64'h270000, 3000, 1024, tb_msn[2]);
    add_pkt(8'h0C, 2, p0 + 24'd1, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270400, KEY_RD7, 1976, 0);
    exp_rresp(2, p0 + 24'd1, 64'h270400, 1976, 1024, tb_msn[2]);
    add_pkt(8'h0C, 2, p0 + 24'd2, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270800, KEY_RD7, 952, 0);
    exp_rresp(2, p0 + 24'd2, 64'h270800, 952, 1024, tb_msn[2]);
    x_dup = x_dup + 3; d_psn = d_psn + 3;
    drain;
    stall_en = 1'b0;
    if (rp_bytes - db0 != 2 * 3000 + 1976 + 952) begin
        $display("FAIL: READ and its duplicates carried %0d bytes, expected %0d", rp_bytes - db0,
                 2 * 3000 + 1976 + 952);
        errors = errors + 1;
    end
    d_stats;
    // dropped without a reply, a DMA read or a QP error: responses that would
    // reach the expected PSN p0+3 (p0+1 with 3000 bytes, p0+2 with 1025), a
    // key without remote read, past the region's end, a wrong key tag, a
    // READ with 8 payload bytes
    dr0 = rd_reqs; db0 = rp_bytes; dh0 = n_hdr_vcyc;
    add_pkt(8'h0C, 2, p0 + 24'd1, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270400, KEY_RD7, 3000, 0);
    add_pkt(8'h0C, 2, p0 + 24'd2, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270800, KEY_RD7, 1025, 0);
    add_pkt(8'h0C, 2, p0, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270000, KEY_GOOD, 3000, 0);
    add_pkt(8'h0C, 2, p0 + 24'd2, 0, 1, 0, msg_id, 0, VA_BASE + MEM_SIZE - 10, KEY_RD7, 11, 0);
    add_pkt(8'h0C, 2, p0, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270000, KEY_RD7 ^ 32'h1, 100, 0);
    add_pkt(8'h0C, 2, p0 + 24'd2, 0, 1, 8, msg_id, 0, VA_BASE + 64'h270800, KEY_RD7, 8, 0);
    x_dup = x_dup + 6; d_psn = d_psn + 6;
    drain;
    if (rd_reqs != dr0 || rp_bytes != db0 || n_hdr_vcyc != dh0) begin
        $display("FAIL: dropped duplicate READs: %0d DMA reads, %0d response bytes, %0d cycles of m_hdr_valid",
                 rd_reqs - dr0, rp_bytes - db0, n_hdr_vcyc - dh0);
        errors = errors + 1;
    end
    d_stats;
    // the expected PSN is still p0+3: a zero-length READ there takes it
    // (ONLY, no payload, MSN + 1); its duplicate is answered the same way; a
    // WRITE ONLY at the next PSN is ACKed
    p1 = tb_psn[2];
    add_pkt(8'h0C, 2, p1, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270000, KEY_RD7, 0, 0);
    exp_read(2, 64'd0, 0, 1024);
    add_pkt(8'h0C, 2, p1, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270000, KEY_RD7, 0, 0);
    exp_rresp(2, p1, 64'd0, 0, 1024, tb_msn[2]);
    x_dup = x_dup + 1; d_psn = d_psn + 1;
    clear_allowed;
    wr_only(2, tb_psn[2], 64'h263001, 64, msg_id);
    tb_psn[2] = tb_psn[2] + 1;
    exp_ack(2, tb_psn[2] - 1, 8'h1F);
    d_ack = d_ack + 1;
    drain;
    wr_check(64'h263001, 64, msg_id);
    msg_id = msg_id + 1;
    d_stats;

    // --- (c) atomics: a FETCH ADD at pa, its duplicate (ATOMIC ACK again with
    // the original value from the result cache, the current MSN, no DMA read,
    // nothing written); a COMPARE SWAP at pb that matches and its duplicate
    // right behind it (the value before the swap: run again it would not
    // match and return the swap data); then duplicates that are not the
    // cached atomic get no reply: the FETCH ADD at pa, a COMPARE SWAP naming
    // the WRITE ONLY's PSN -------------------------------------------------
    save_wr = wr_bytes; save_req = wr_req_bytes;
    at_q = 24'd2; at_key = KEY_ATOMIC;
    at_a = 64'h264000; at_va = VA_BASE + at_a;
    at_v = 64'h1111222233334444;
    at_arm(at_a, at_v);
    pw = tb_psn[2] - 1;
    pa = tb_psn[2];
    at_step(8'h14, 64'h0000000000000101, 64'd0);
    d_ack = d_ack + 1;
    drain;
    check_at(at_a, 64'h1111222233334545);
    check_wr_delta(8, 8);
    dr0 = rd_reqs;
    add_dup_atomic(8'h14, 2, pa, at_va, KEY_ATOMIC, 64'h0000000000000101, 64'd0);
    exp_atomic_dup(2, pa, 64'h1111222233334444);
    x_dup = x_dup + 1; d_psn = d_psn + 1; d_ack = d_ack + 1;
    drain;
    check_at(at_a, 64'h1111222233334545);
    check_wr_delta(0, 0);
    pb = tb_psn[2];
    at_step(8'h13, 64'hDEADBEEF00C0FFEE, 64'h1111222233334545);
    add_dup_atomic(8'h13, 2, pb, at_va, KEY_ATOMIC, 64'hDEADBEEF00C0FFEE, 64'h1111222233334545);
    exp_atomic_dup(2, pb, 64'h1111222233334545);
    add_dup_atomic(8'h14, 2, pa, at_va, KEY_ATOMIC, 64'h0000000000000101, 64'd0);
    add_dup_atomic(8'h13, 2, pw, at_va, KEY_ATOMIC, 64'h0000000000000001, 64'hDEADBEEF00C0FFEE);
    x_dup = x_dup + 3; d_psn = d_psn + 3; d_ack = d_ack + 2;
    drain;
    check_at(at_a, 64'hDEADBEEF00C0FFEE);
    check_wr_delta(8, 8);
    if (rd_reqs != dr0 + 1) begin
        $display("FAIL: a COMPARE SWAP and four duplicate atomics issued %0d DMA reads, expected 1", rd_reqs - dr0);
        errors = errors + 1;
    end
    d_stats;

    // --- (d) duplicates between the packets of an RDMA WRITE of 2500 bytes:
    // WRITE FIRST, the READ's duplicate from its second response (another
    // key, another region), the COMPARE SWAP's duplicate, WRITE MIDDLE, the
    // zero-length READ's duplicate, WRITE LAST. The READ's address does not
    // move the WRITE's: its bytes land in order where its RETH said and only
    // there; the replies come in PSN order, then the WRITE's ACK -------------
    clear_allowed;
    al_lo[0] = 64'h265001; al_hi[0] = 64'h265001 + 2500; al_n = 1;
    fill_range(64'h265001 - GUARD, 2500 + 2 * GUARD);
    pw = tb_psn[2]; c0 = msg_id;
    msg_id = msg_id + 1;
    db0 = rp_bytes; dr0 = rd_reqs;
    save_wr = wr_bytes; save_req = wr_req_bytes;
    add_pkt(8'h06, 2, pw, 0, 0, 1024, c0, 0, VA_BASE + 64'h265001, KEY_GOOD, 2500, 0);
    add_pkt(8'h0C, 2, p0 + 24'd1, 0, 1, 0, c0, 0, VA_BASE + 64'h270400, KEY_RD7, 1976, 0);
    exp_rresp(2, p0 + 24'd1, 64'h270400, 1976, 1024, tb_msn[2]);
    add_dup_atomic(8'h13, 2, pb, at_va, KEY_ATOMIC, 64'hDEADBEEF00C0FFEE, 64'h1111222233334545);
    exp_atomic_dup(2, pb, 64'h1111222233334545);
    add_pkt(8'h07, 2, pw + 24'd1, 0, 0, 1024, c0, 1024, 0, 0, 0, 0);
    add_pkt(8'h0C, 2, p1, 0, 1, 0, c0, 0, VA_BASE + 64'h270000, KEY_RD7, 0, 0);
    exp_rresp(2, p1, 64'd0, 0, 1024, tb_msn[2]);
    add_pkt(8'h08, 2, pw + 24'd2, 0, 0, 452, c0, 2048, 0, 0, 0, 0);
    tb_psn[2] = pw + 24'd3;
    exp_wr_req_bytes = exp_wr_req_bytes + 2500;
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, pw + 24'd2, 8'h1F);
    x_dup = x_dup + 3; d_psn = d_psn + 3; d_ack = d_ack + 2;
    drain;
    wr_check(64'h265001, 2500, c0);
    check_wr_delta(2500, 2500);
    check_at(at_a, 64'hDEADBEEF00C0FFEE);
    if (rp_bytes - db0 != 1976 || rd_reqs - dr0 != 2) begin
        $display("FAIL: duplicates inside a WRITE: %0d READ response bytes in %0d DMA reads, expected 1976 in 2",
                 rp_bytes - db0, rd_reqs - dr0);
        errors = errors + 1;
    end
    d_stats;

    // --- (e) QPC writes to RESET, INIT, RTR clear the result cache: brought
    // up again at its next PSN, the QP gives the COMPARE SWAP's duplicate no
    // reply; a FETCH ADD at the new PSN runs on the swapped value (MSN 1)
    // and its own duplicate is replayed ---------------------------------------
    qp_access = ACC_ALL;
    qp_bringup(24'd2, 3'd3, tb_psn[2]);
    qp_access = ACC_LRW;
    dr0 = rd_reqs;
    at_arm(at_a, 64'hDEADBEEF00C0FFEE);
    at_v = 64'hDEADBEEF00C0FFEE;
    add_dup_atomic(8'h13, 2, pb, at_va, KEY_ATOMIC, 64'hDEADBEEF00C0FFEE, 64'h1111222233334545);
    x_dup = x_dup + 1; d_psn = d_psn + 1;
    at_step(8'h14, 64'h0000000000000001, 64'd0);
    add_dup_atomic(8'h14, 2, tb_psn[2] - 1, at_va, KEY_ATOMIC, 64'h0000000000000001, 64'd0);
    exp_atomic_dup(2, tb_psn[2] - 1, 64'hDEADBEEF00C0FFEE);
    x_dup = x_dup + 1; d_psn = d_psn + 1; d_ack = d_ack + 2;
    drain;
    check_at(at_a, 64'hDEADBEEF00C0FFEF);
    check_wr_delta(8, 8);
    if (rd_reqs != dr0 + 1) begin
        $display("FAIL: after the reset, a FETCH ADD and two duplicates issued %0d DMA reads, expected 1",
                 rd_reqs - dr0);
        errors = errors + 1;
    end
    d_stats;
    $display("Duplicates: all cases checked");

    // =======================================================================
    // ACK coalescing: an ACK due at the end of a packet (the last of a
    // message, or AckReq) is left out when the next request of the same QP
    // with the next PSN already waits on s_hdr_*, at most 8 in a row (the
    // count starts again at every ACK or NAK sent); the reply to a later
    // packet (ACK, NAK, RNR NAK, READ response, ATOMIC ACK) covers it. The
    // packets here come back to back, as the parser hands them over.
    $display("ACK coalescing: at most 8 in a row; covered by ACK, RNR NAK, NAK, READ response; not across QPs, gaps, duplicates");
    hdr_sp = 1'b0;
    qp_access = ACC_ALL;
    qp_bringup(24'd2, 3'd3, 24'hFFFFF8);
    qp_access = ACC_LRW;

    // --- (a) 12 WRITE ONLYs: ACKs 1-8 left out, the 9th sent (p0+8, MSN 9),
    // the 10th and 11th left out, the 12th sent (p0+11, MSN 12) -------------
    clear_allowed;
    p0 = tb_psn[2]; c0 = msg_id;
    msg_id = msg_id + 12;
    for (i = 0; i < 12; i = i + 1) begin
        wr_only(2, p0 + i, 64'h2A0001 + i * 64'h100, 64 + i, c0 + i);
        if (i == 8 || i == 11)
            exp_ack(2, p0 + i, 8'h1F);
    end
    tb_psn[2] = p0 + 24'd12;
    x_coal = x_coal + 10; d_ack = d_ack + 2;
    drain;
    for (i = 0; i < 12; i = i + 1)
        wr_check(64'h2A0001 + i * 64'h100, 64 + i, c0 + i);
    d_stats;

    // --- (b) 5 WRITE ONLYs, then a SEND ONLY finding no receive WQE: the 5
    // ACKs are left out, the RNR NAK (p0+5, MSN 5) covers them and ends the
    // run. The SEND again (WQE posted) and 9 WRITE ONLYs: 8 ACKs left out
    // (the SEND's, 7 WRITEs'), then the 8th WRITE's (p0+13, MSN 14) and the
    // last's (p0+14, MSN 15) sent ---------------------------------------------
    clear_allowed;
    p0 = tb_psn[2]; c0 = msg_id;
    msg_id = msg_id + 15;
    for (i = 0; i < 5; i = i + 1)
        wr_only(2, p0 + i, 64'h2A2001 + i * 64'h100, 32 + i, c0 + i);
    add_pkt(8'h04, 2, p0 + 24'd5, 0, 0, 40, c0 + 5, 0, 0, 0, 0, 0);
    exp_ack(2, p0 + 24'd5, {3'b001, q_rnr(2)});
    x_coal = x_coal + 5; d_rnr = d_rnr + 1; d_ack = d_ack + 1;
    drain;
    d_stats;
    sg_n = 1; set_sg(0, 64'h2A3001, 100, KEY_GOOD); sg_arm; post_recv(2);
    add_pkt(8'h04, 2, p0 + 24'd5, 0, 0, 40, c0 + 5, 0, 0, 0, 0, 0);
    exp_wr_req_bytes = exp_wr_req_bytes + 40;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 40, 0);
    tb_msn[2] = tb_msn[2] + 1;
    for (i = 6; i < 15; i = i + 1) begin
        wr_only(2, p0 + i, 64'h2A2001 + i * 64'h100, 32 + i, c0 + i);
        if (i == 13 || i == 14)
            exp_ack(2, p0 + i, 8'h1F);
    end
    tb_psn[2] = p0 + 24'd15;
    x_coal = x_coal + 8; d_ack = d_ack + 2;
    drain;
    for (i = 0; i < 15; i = i + 1)
        if (i != 5)
            wr_check(64'h2A2001 + i * 64'h100, 32 + i, c0 + i);
    sg_n = 1; set_sg(0, 64'h2A3001, 100, KEY_GOOD); check_scatter(c0 + 5, 40);
    d_stats;

    // --- (c) covered by the next reply: a WRITE ONLY, then a READ (its
    // response, MSN 2, covers the WRITE); a SEND FIRST, LAST, then a WRITE
    // FIRST, LAST (the SEND's ACK left out, the WRITE LAST's, MSN 4, covers
    // both). Then a SEND FIRST, MIDDLE with AckReq, LAST: only the LAST's
    // ACK ----------------------------------------------------------------------
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h2A4001, 1500, KEY_GOOD); sg_arm; post_recv(2);
    sg_n = 1; set_sg(0, 64'h2A5001, 2200, KEY_GOOD); sg_arm; post_recv(2);
    p0 = tb_psn[2]; db0 = rp_bytes;
    wr_only(2, p0, 64'h2A6001, 100, msg_id);
    c0 = msg_id;
    tb_psn[2] = p0 + 24'd1;
    add_pkt(8'h0C, 2, p0 + 24'd1, 0, 1, 0, msg_id, 0, VA_BASE + 64'h270000, KEY_RD7, 700, 0);
    exp_read(2, 64'h270000, 700, 1024);
    x_coal = x_coal + 1;
    msg_id = msg_id + 1;
    c1 = msg_id;
    add_msg(2, 1'b0, 1500, 1024, 0, 0, 0, 64'd0, 32'd0);
    exp_wr_req_bytes = exp_wr_req_bytes + 1500;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 1500, 0);
    tb_msn[2] = tb_msn[2] + 1;
    msg_id = msg_id + 1;
    al_lo[al_n] = 64'h2A7001; al_hi[al_n] = 64'h2A7001 + 1800; al_n = al_n + 1;
    fill_range(64'h2A7001 - GUARD, 1800 + 2 * GUARD);
    c2 = msg_id;
    add_msg(2, 1'b1, 1800, 1024, 0, 0, 0, VA_BASE + 64'h2A7001, KEY_GOOD);
    exp_wr_req_bytes = exp_wr_req_bytes + 1800;
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, tb_psn[2] - 1, 8'h1F);
    msg_id = msg_id + 1;
    x_coal = x_coal + 1; d_ack = d_ack + 1;
    drain;
    p1 = tb_psn[2];
    add_pkt(8'h00, 2, p1, 0, 0, 1024, msg_id, 0, 0, 0, 0, 0);
    add_pkt(8'h01, 2, p1 + 24'd1, 0, 1, 1024, msg_id, 1024, 0, 0, 0, 0);
    add_pkt(8'h02, 2, p1 + 24'd2, 0, 0, 100, msg_id, 2048, 0, 0, 0, 0);
    tb_psn[2] = p1 + 24'd3;
    exp_wr_req_bytes = exp_wr_req_bytes + 2148;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, 8'd0, 2148, 0);
    tb_msn[2] = tb_msn[2] + 1;
    exp_ack(2, p1 + 24'd2, 8'h1F);
    x_coal = x_coal + 1; d_ack = d_ack + 1;
    drain;
    wr_check(64'h2A6001, 100, c0);
    sg_n = 1; set_sg(0, 64'h2A4001, 1500, KEY_GOOD); check_scatter(c1, 1500);
    wr_check(64'h2A7001, 1800, c2);
    sg_n = 1; set_sg(0, 64'h2A5001, 2200, KEY_GOOD); check_scatter(msg_id, 2148);
    msg_id = msg_id + 1;
    if (rp_bytes - db0 != 700) begin
        $display("FAIL: the READ after a WRITE carried %0d bytes, expected 700", rp_bytes - db0);
        errors = errors + 1;
    end
    d_stats;

    // --- (d) a WRITE ONLY, then a WRITE ONLY with a key of another PD: the
    // first's ACK is left out, the NAK remote access error (its PSN, the MSN
    // of the first) covers it; QP error RESP_ACCESS, nothing of the second
    // written ---------------------------------------------------------------
    clear_allowed;
    save_wr = wr_bytes; save_req = wr_req_bytes;
    p0 = tb_psn[2];
    wr_only(2, p0, 64'h2A8001, 50, msg_id);
    add_pkt(8'h0A, 2, p0 + 24'd1, 0, 0, 50, msg_id + 1, 0, VA_BASE + 64'h2A8101, KEY_OTHPD, 50, 0);
    exp_ack(2, p0 + 24'd1, 8'h62);
    exp_qerr(2, `RNIC_HW_EVENT_RESP_ACCESS);
    tb_psn[2] = p0 + 24'd2;
    x_coal = x_coal + 1; d_ack = d_ack + 1; d_inv = d_inv + 1; d_err = d_err + 1;
    drain;
    wr_check(64'h2A8001, 50, msg_id);
    check_wr_delta(50, 50);
    msg_id = msg_id + 2;
    d_stats;

    // --- (e) not left out: the next request is another QP's with the next
    // PSN (QP 2 and QP 12 alternate, QP 12 one PSN ahead: each ACKed); the
    // same QP's one PSN further (ACK, then the sequence NAK at the missing
    // PSN with the MSN unchanged, the packet ahead dropped). Then the missing
    // packet and the two after it: the first two ACKs left out, the third
    // sent, for the packet waiting behind it is its duplicate (without
    // AckReq: dropped silently) ------------------------------------------------
    qp_access = ACC_ALL;
    qp_bringup(24'd2, 3'd3, 24'hFFFFFE);
    qp_bringup(24'd12, 3'd3, 24'hFFFFFF);
    qp_access = ACC_LRW;
    clear_allowed;
    pa = tb_psn[2]; pb = tb_psn[12]; c0 = msg_id;
    msg_id = msg_id + 9;
    wr_only(2, pa, 64'h2A9001, 30, c0);
    exp_ack(2, pa, 8'h1F);
    wr_only(12, pb, 64'h2A9101, 31, c0 + 1);
    exp_ack(12, pb, 8'h1F);
    wr_only(2, pa + 24'd1, 64'h2A9201, 32, c0 + 2);
    exp_ack(2, pa + 24'd1, 8'h1F);
    wr_only(12, pb + 24'd1, 64'h2A9301, 33, c0 + 3);
    exp_ack(12, pb + 24'd1, 8'h1F);
    d_ack = d_ack + 4;
    wr_only(2, pa + 24'd2, 64'h2A9401, 34, c0 + 4);
    exp_ack(2, pa + 24'd2, 8'h1F);
    add_pkt(8'h0A, 2, pa + 24'd4, 0, 0, 35, c0 + 5, 0, VA_BASE + 64'h2A9601, KEY_GOOD, 35, 0);
    exp_ack(2, pa + 24'd3, 8'h60);
    x_nseq = x_nseq + 1; d_psn = d_psn + 1; d_ack = d_ack + 2;
    drain;
    d_stats;
    wr_only(2, pa + 24'd3, 64'h2A9501, 36, c0 + 6);
    wr_only(2, pa + 24'd4, 64'h2A9601, 35, c0 + 5);
    wr_only(2, pa + 24'd5, 64'h2A9701, 37, c0 + 7);
    exp_ack(2, pa + 24'd5, 8'h1F);
    add_pkt(8'h0A, 2, pa + 24'd5, 0, 0, 37, c0 + 8, 0, VA_BASE + 64'h2A9701, KEY_GOOD, 37, 0);
    tb_psn[2] = pa + 24'd6; tb_psn[12] = pb + 24'd2;
    x_coal = x_coal + 2; x_dup = x_dup + 1; d_psn = d_psn + 1; d_ack = d_ack + 1;
    drain;
    wr_check(64'h2A9001, 30, c0);
    wr_check(64'h2A9101, 31, c0 + 1);
    wr_check(64'h2A9201, 32, c0 + 2);
    wr_check(64'h2A9301, 33, c0 + 3);
    wr_check(64'h2A9401, 34, c0 + 4);
    wr_check(64'h2A9501, 36, c0 + 6);
    wr_check(64'h2A9601, 35, c0 + 5);
    wr_check(64'h2A9701, 37, c0 + 7);
    d_stats;

    // --- (f) SEND ONLY with Invalidate (0x17) of window 11 (bound to QP 2)
    // with a WRITE ONLY of the QP waiting: the key is invalidated, CQE with
    // flag INV, the SEND's ACK left out (the WRITE's covers it). The same key
    // again (unbound now) with a WRITE waiting: the bytes placed, CQE
    // REM_INV_REQ_ERR, NAK invalid request at the SEND's PSN with the MSN of
    // the WRITE before, QP error; no ACK was left out (the NAK answers that
    // PSN); the waiting WRITE is dropped (the QP is in error) ----------------
    win_set(8'd11, 8'hB5, `RNIC_ACCESS_REMOTE_WRITE, PDN, IV_VA + 64'h600000, 64'h100, 64'h3CD000, 1'b1, 1'b1, 24'd2);
    clear_allowed;
    sg_n = 1; set_sg(0, 64'h2AA001, 100, KEY_GOOD); sg_arm; post_recv(2);
    sg_n = 1; set_sg(0, 64'h2AA201, 100, KEY_GOOD); sg_arm; post_recv(2);
    c0 = msg_id;
    msg_inv = 1'b1;
    add_msg(2, 1'b0, 40, 1024, 1'b0, 32'h00000BB5, 1'b0, IV_VA + 64'h10, KEY_IV0);
    msg_inv = 1'b0;
    exp_wr_req_bytes = exp_wr_req_bytes + 40;
    exp_inv(32'h00000BB5);
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_SUCCESS, `RNIC_CQE_FLAG_INV, 40, 32'h00000BB5);
    tb_msn[2] = tb_msn[2] + 1;
    wr_only(2, tb_psn[2], 64'h2AA401, 30, c0 + 1);
    tb_psn[2] = tb_psn[2] + 1;
    exp_ack(2, tb_psn[2] - 1, 8'h1F);
    x_coal = x_coal + 1; d_ack = d_ack + 1;
    drain;
    sg_n = 1; set_sg(0, 64'h2AA001, 100, KEY_GOOD); check_scatter(c0, 40);
    wr_check(64'h2AA401, 30, c0 + 1);
    d_stats;
    c1 = n_coal;
    msg_id = msg_id + 2;
    save_wr = wr_bytes; save_req = wr_req_bytes;
    msg_inv = 1'b1;
    add_msg(2, 1'b0, 40, 1024, 1'b0, 32'h00000BB5, 1'b0, IV_VA + 64'h10, KEY_IV0);
    msg_inv = 1'b0;
    exp_wr_req_bytes = exp_wr_req_bytes + 40;
    exp_cqe(2, `RNIC_CQE_OP_RESP_RECV, `RNIC_WC_STATUS_REM_INV_REQ_ERR, 8'd0, 40, 32'd0);
    exp_ack(2, tb_psn[2] - 1, 8'h61);
    exp_qerr(2, `RNIC_HW_EVENT_RESP_ERR);
    add_pkt(8'h0A, 2, tb_psn[2], 0, 0, 30, msg_id + 1, 0, VA_BASE + 64'h2AA401, KEY_GOOD, 30, 0);
    d_ack = d_ack + 1; d_inv = d_inv + 1; d_err = d_err + 1; d_bad = d_bad + 1;
    drain;
    sg_n = 1; set_sg(0, 64'h2AA201, 100, KEY_GOOD); check_scatter(msg_id, 40);
    check_wr_delta(40, 40);
    msg_id = msg_id + 2;
    if (n_coal != c1) begin
        $display("FAIL: SEND with Invalidate refused (NAK sent) with the next request waiting: %0d ACKs counted as left out, expected 0",
                 n_coal - c1);
        errors = errors + 1;
        x_coal = x_coal + (n_coal - c1);   // reported once
    end
    d_stats;
    $display("ACK coalescing: all cases checked");
    $display("tb_resp: the last case ended at %0t", $time);

    if (errors == 0)
        $display("PASS: tb_resp");
    else
        $display("FAIL: tb_resp, %0d errors", errors);
    $finish;
end

always @(posedge clk)
    if (cycle == 5000000) begin
        $display("FAIL: global timeout");
        $finish;
    end

endmodule

`default_nettype wire
