// rnic_top: the RoCEv2 RNIC.
//
// Host side: BAR0 (AXI4-Lite slave: identification, command queue, doorbell
// pages), host DMA (AXI4 master). Network side: AXI-Stream Ethernet frames
// without FCS. Control side: the firmware port (AXI4-Lite slave) and its
// interrupt. Blocks and the interfaces between them: docs/rtl-interfaces.md.
//
//   BAR0 -> csr -> doorbell/scheduler -> wqe_fetch -> req --+
//            |                                              tx_arb -> framer -> TX
//            +-> context broadcast (firmware)    resp ACKs -+
//   RX -> parser -> demux -> resp (requests) / req (ACKs)
//   req, resp -> CQE mux -> cqe_writer;  all DMA through rnic_dma
`resetall
`default_nettype none
`include "rnic_contract.vh"

module rnic_top #(
    parameter DATA_W = 512,              // host DMA and Ethernet stream width in bits
    parameter ADDR_W = 64,               // host DMA address width
    parameter AXI_ID_W = 8,              // host DMA AXI ID width
    parameter LOG_QPS = `RNIC_LOG_QPS,   // log2 QPs (QPN = index)
    parameter LOG_CQS = `RNIC_LOG_CQS,   // log2 CQs
    parameter LOG_MRS = `RNIC_LOG_MRS,   // log2 memory keys
    parameter CLK_MHZ = 250              // core clock reported in CAP_CLK_MHZ
) (
    input  wire                  clk,
    input  wire                  rst,

    // BAR0: AXI4-Lite slave
    input  wire [19:0]           s_axil_awaddr,
    input  wire [2:0]            s_axil_awprot,
    input  wire                  s_axil_awvalid,
    output wire                  s_axil_awready,
    input  wire [31:0]           s_axil_wdata,
    input  wire [3:0]            s_axil_wstrb,
    input  wire                  s_axil_wvalid,
    output wire                  s_axil_wready,
    output wire [1:0]            s_axil_bresp,
    output wire                  s_axil_bvalid,
    input  wire                  s_axil_bready,
    input  wire [19:0]           s_axil_araddr,
    input  wire [2:0]            s_axil_arprot,
    input  wire                  s_axil_arvalid,
    output wire                  s_axil_arready,
    output wire [31:0]           s_axil_rdata,
    output wire [1:0]            s_axil_rresp,
    output wire                  s_axil_rvalid,
    input  wire                  s_axil_rready,

    // Firmware port: AXI4-Lite slave and interrupt line
    input  wire [15:0]           s_axil_fw_awaddr,
    input  wire [2:0]            s_axil_fw_awprot,
    input  wire                  s_axil_fw_awvalid,
    output wire                  s_axil_fw_awready,
    input  wire [31:0]           s_axil_fw_wdata,
    input  wire [3:0]            s_axil_fw_wstrb,
    input  wire                  s_axil_fw_wvalid,
    output wire                  s_axil_fw_wready,
    output wire [1:0]            s_axil_fw_bresp,
    output wire                  s_axil_fw_bvalid,
    input  wire                  s_axil_fw_bready,
    input  wire [15:0]           s_axil_fw_araddr,
    input  wire [2:0]            s_axil_fw_arprot,
    input  wire                  s_axil_fw_arvalid,
    output wire                  s_axil_fw_arready,
    output wire [31:0]           s_axil_fw_rdata,
    output wire [1:0]            s_axil_fw_rresp,
    output wire                  s_axil_fw_rvalid,
    input  wire                  s_axil_fw_rready,
    output wire                  fw_irq,

    // Host DMA: AXI4 master
    output wire [AXI_ID_W-1:0]   m_axi_awid,
    output wire [ADDR_W-1:0]     m_axi_awaddr,
    output wire [7:0]            m_axi_awlen,
    output wire [2:0]            m_axi_awsize,
    output wire [1:0]            m_axi_awburst,
    output wire                  m_axi_awlock,
    output wire [3:0]            m_axi_awcache,
    output wire [2:0]            m_axi_awprot,
    output wire                  m_axi_awvalid,
    input  wire                  m_axi_awready,
    output wire [DATA_W-1:0]     m_axi_wdata,
    output wire [DATA_W/8-1:0]   m_axi_wstrb,
    output wire                  m_axi_wlast,
    output wire                  m_axi_wvalid,
    input  wire                  m_axi_wready,
    input  wire [AXI_ID_W-1:0]   m_axi_bid,
    input  wire [1:0]            m_axi_bresp,
    input  wire                  m_axi_bvalid,
    output wire                  m_axi_bready,
    output wire [AXI_ID_W-1:0]   m_axi_arid,
    output wire [ADDR_W-1:0]     m_axi_araddr,
    output wire [7:0]            m_axi_arlen,
    output wire [2:0]            m_axi_arsize,
    output wire [1:0]            m_axi_arburst,
    output wire                  m_axi_arlock,
    output wire [3:0]            m_axi_arcache,
    output wire [2:0]            m_axi_arprot,
    output wire                  m_axi_arvalid,
    input  wire                  m_axi_arready,
    input  wire [AXI_ID_W-1:0]   m_axi_rid,
    input  wire [DATA_W-1:0]     m_axi_rdata,
    input  wire [1:0]            m_axi_rresp,
    input  wire                  m_axi_rlast,
    input  wire                  m_axi_rvalid,
    output wire                  m_axi_rready,

    // Ethernet: AXI-Stream frames without FCS
    output wire [DATA_W-1:0]     m_axis_tx_tdata,
    output wire [DATA_W/8-1:0]   m_axis_tx_tkeep,
    output wire                  m_axis_tx_tvalid,
    input  wire                  m_axis_tx_tready,
    output wire                  m_axis_tx_tlast,
    input  wire [DATA_W-1:0]     s_axis_rx_tdata,
    input  wire [DATA_W/8-1:0]   s_axis_rx_tkeep,
    input  wire                  s_axis_rx_tvalid,
    output wire                  s_axis_rx_tready,
    input  wire                  s_axis_rx_tlast,

    // Host interrupts (MSI-X-like): one-cycle pulse with the vector
    output wire                  irq_valid,
    output wire [4:0]            irq_vector,

    // a retransmission or RNR timer of the requester runs (a simulator
    // keeps time going while it does; a board leaves it open);
    // timer_skip_ok: no timer comes due within the next tick. With
    // timer_turbo high (only while timer_skip_ok) a cycle counts as
    // TIMER_TICK_CYCLES cycles for the timers and the CYCLES and TIMESTAMP
    // counters: a simulator fast-forwards through time in which nothing but
    // a timer runs (a board ties it to 0)
    output wire                  timer_busy,
    output wire                  timer_skip_ok,
    input  wire                  timer_turbo
);

localparam KEEP_W = DATA_W / 8;
localparam TAG_W = 8;           // DMA read tag width (the widest client's)
localparam STATS = 48;          // counters in rnic_csr (enum stat, with room)
localparam STAT_W = 16;         // bits per counter increment
localparam [STAT_W-1:0] TICK_M1 = `RNIC_TIMER_TICK_CYCLES - 1;   // cycles a turbo cycle adds to CYCLES

initial begin
    if (DATA_W != 64 && DATA_W != 128 && DATA_W != 256 && DATA_W != 512)
        $error("rnic_top: DATA_W must be 64, 128, 256 or 512");
end

// bytes in a packed beat (keep is contiguous from lane 0)
function [STAT_W-1:0] keep_bytes;
    input [KEEP_W-1:0] keep;
    integer i;
    begin
        keep_bytes = 0;
        for (i = 0; i < KEEP_W; i = i + 1)
            keep_bytes = keep_bytes + {{(STAT_W-1){1'b0}}, keep[i]};
    end
endfunction

// ---------------------------------------------------------------------------
// Registers, command queue, context broadcast, doorbells
// ---------------------------------------------------------------------------
wire                          ctx_wr_valid;
wire [7:0]                    ctx_wr_table;
wire [23:0]                   ctx_wr_index;
wire [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data;
wire                          db_valid;
wire [15:0]                   db_page;
wire [1:0]                    db_reg;
wire [31:0]                   db_value;
wire [47:0]                   cfg_mac;
wire [31:0]                   cfg_ip;
wire                          cfg_link_en;
wire                          csr_irq_valid;
wire [4:0]                    csr_irq_vector;
wire                          ev_valid;
wire [63:0]                   ev_event;       // {data word, hw_event, number}
wire                          ev_pop;
wire [2:0]                    stat_event_drop;
reg  [STATS*STAT_W-1:0]       stat_inc;

// Reset sweep: every block with context tables clears them after rst, one
// entry per cycle, and raises its init_done when done; the device is ready
// (BAR0 and FW STATUS[0]) once all of them are (docs/rtl-interfaces.md,
// "Reset")
wire doorbell_init_done, fetch_init_done, req_init_done, resp_init_done, raw_rx_init_done,
     cqe_writer_init_done;
wire ready = doorbell_init_done && fetch_init_done && req_init_done && resp_init_done &&
             raw_rx_init_done && cqe_writer_init_done;

// GSI mailbox register port (rnic_csr -> rnic_gsi)
wire        gsi_wr, gsi_rx_pending;
wire [15:0] gsi_waddr, gsi_raddr;
wire [31:0] gsi_wdata, gsi_rdata;

rnic_csr #(
    .ADDR_W(20),
    .FW_ADDR_W(16),
    .LOG_QPS(LOG_QPS),
    .LOG_CQS(LOG_CQS),
    .LOG_MRS(LOG_MRS),
    .DMA_BITS(DATA_W),
    .CLK_MHZ(CLK_MHZ),
    .STATS(STATS),
    .STAT_INC_W(STAT_W)
) csr_inst (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot), .s_axil_awvalid(s_axil_awvalid),
    .s_axil_awready(s_axil_awready), .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
    .s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp),
    .s_axil_bvalid(s_axil_bvalid), .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr),
    .s_axil_arprot(s_axil_arprot), .s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
    .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp), .s_axil_rvalid(s_axil_rvalid),
    .s_axil_rready(s_axil_rready),
    .s_axil_fw_awaddr(s_axil_fw_awaddr), .s_axil_fw_awprot(s_axil_fw_awprot),
    .s_axil_fw_awvalid(s_axil_fw_awvalid), .s_axil_fw_awready(s_axil_fw_awready),
    .s_axil_fw_wdata(s_axil_fw_wdata), .s_axil_fw_wstrb(s_axil_fw_wstrb),
    .s_axil_fw_wvalid(s_axil_fw_wvalid), .s_axil_fw_wready(s_axil_fw_wready),
    .s_axil_fw_bresp(s_axil_fw_bresp), .s_axil_fw_bvalid(s_axil_fw_bvalid),
    .s_axil_fw_bready(s_axil_fw_bready), .s_axil_fw_araddr(s_axil_fw_araddr),
    .s_axil_fw_arprot(s_axil_fw_arprot), .s_axil_fw_arvalid(s_axil_fw_arvalid),
    .s_axil_fw_arready(s_axil_fw_arready), .s_axil_fw_rdata(s_axil_fw_rdata),
    .s_axil_fw_rresp(s_axil_fw_rresp), .s_axil_fw_rvalid(s_axil_fw_rvalid),
    .s_axil_fw_rready(s_axil_fw_rready),
    .fw_irq(fw_irq),
    .gsi_wr(gsi_wr), .gsi_waddr(gsi_waddr), .gsi_wdata(gsi_wdata), .gsi_raddr(gsi_raddr),
    .gsi_rdata(gsi_rdata), .gsi_rx_pending(gsi_rx_pending),
    .irq_valid(csr_irq_valid), .irq_vector(csr_irq_vector),
    .ev_valid(ev_valid), .ev_event(ev_event), .ev_pop(ev_pop),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .db_valid(db_valid), .db_page(db_page), .db_reg(db_reg), .db_value(db_value),
    .cfg_mac(cfg_mac), .cfg_ip(cfg_ip), .cfg_link_en(cfg_link_en),
    .stat_inc(stat_inc),
    .ready(ready)
);

// ---------------------------------------------------------------------------
// Doorbells, scheduler, WQE fetch
// ---------------------------------------------------------------------------
wire        sched_valid, sched_ready;
wire [23:0] sched_qpn;
wire [15:0] sched_pi;
wire        requeue_valid, requeue_ready;
wire [23:0] requeue_qpn;
wire        rq_pi_valid;
wire [23:0] rq_pi_qpn;
wire [15:0] rq_pi;
wire        srq_pi_valid;
wire [23:0] srq_pi_srqn;
wire [15:0] srq_pi;
wire        cq_db_valid;
wire [23:0] cq_db_cqn;
wire [15:0] cq_db_ci;
wire [1:0]  cq_db_arm;
wire        stat_db_reject;

rnic_doorbell #(
    .LOG_QPS(LOG_QPS),
    .LOG_CQS(LOG_CQS)
) doorbell_inst (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .db_valid(db_valid), .db_page(db_page), .db_reg(db_reg), .db_value(db_value),
    .m_sched_valid(sched_valid), .m_sched_ready(sched_ready), .m_sched_qpn(sched_qpn),
    .m_sched_pi(sched_pi),
    .s_requeue_valid(requeue_valid), .s_requeue_ready(requeue_ready), .s_requeue_qpn(requeue_qpn),
    .m_rq_pi_valid(rq_pi_valid), .m_rq_pi_qpn(rq_pi_qpn), .m_rq_pi(rq_pi),
    .m_srq_pi_valid(srq_pi_valid), .m_srq_pi_srqn(srq_pi_srqn), .m_srq_pi(srq_pi),
    .m_cq_db_valid(cq_db_valid), .m_cq_db_cqn(cq_db_cqn), .m_cq_db_ci(cq_db_ci),
    .m_cq_db_arm(cq_db_arm),
    .stat_db_reject(stat_db_reject),
    .init_done(doorbell_init_done)
);

// DMA read ports: 0 WQE fetch, 1 requester gather, 2 responder receive WQEs.
// DMA write ports: 0 responder scatter, 1 CQE writer (after port 0's data
// in acceptance order, so a receive CQE lands after its payload).
localparam RD_PORTS = 3;
localparam WR_PORTS = 3;
// a DMA read burst is at most 256 beats and at most 4 KiB; each read port
// buffers two of them (the credit that keeps two bursts in flight)
localparam DMA_BURST = 4096 / KEEP_W < 256 ? 4096 / KEEP_W : 256;
localparam DMA_RD_FIFO_DEPTH = 2 * DMA_BURST;
wire [RD_PORTS*64-1:0]     rd_req_addr;
wire [RD_PORTS*16-1:0]     rd_req_len;
wire [RD_PORTS*TAG_W-1:0]  rd_req_tag;
wire [RD_PORTS-1:0]        rd_req_valid, rd_req_ready;
wire [RD_PORTS*DATA_W-1:0] rd_tdata;
wire [RD_PORTS*KEEP_W-1:0] rd_tkeep;
wire [RD_PORTS-1:0]        rd_tlast, rd_tvalid, rd_tready, rd_error;
wire [RD_PORTS*TAG_W-1:0]  rd_tuser;
wire [WR_PORTS*64-1:0]     wr_req_addr;
wire [WR_PORTS*16-1:0]     wr_req_len;
wire [WR_PORTS-1:0]        wr_req_valid, wr_req_ready;
wire [WR_PORTS*DATA_W-1:0] wr_tdata;
wire [WR_PORTS*KEEP_W-1:0] wr_tkeep;
wire [WR_PORTS-1:0]        wr_tlast, wr_tvalid, wr_tready, wr_done, wr_error;

wire [DATA_W-1:0] wqe_tdata;
wire [KEEP_W-1:0] wqe_tkeep;
wire              wqe_tvalid, wqe_tready, wqe_tlast;
wire [23:0]       wqe_qpn;
wire [15:0]       wqe_index;
wire              fetch_err_valid;
wire [23:0]       fetch_err_qpn;
wire [15:0]       fetch_err_index;
wire              stat_wqe_fetched, stat_wqe_index_err;
wire [3:0]        fetch_rd_tag;
wire              rw_valid, rw_ready;
wire [23:0]       rw_qpn;
wire [15:0]       rw_index;

rnic_wqe_fetch #(
    .DATA_W(DATA_W),
    .LOG_QPS(LOG_QPS)
) fetch_inst (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .s_sched_valid(sched_valid), .s_sched_ready(sched_ready), .s_sched_qpn(sched_qpn),
    .s_sched_pi(sched_pi),
    .s_rw_valid(rw_valid), .s_rw_ready(rw_ready), .s_rw_qpn(rw_qpn), .s_rw_index(rw_index),
    .m_requeue_valid(requeue_valid), .m_requeue_ready(requeue_ready), .m_requeue_qpn(requeue_qpn),
    .m_dma_rd_req_addr(rd_req_addr[0*64 +: 64]), .m_dma_rd_req_len(rd_req_len[0*16 +: 16]),
    .m_dma_rd_req_tag(fetch_rd_tag), .m_dma_rd_req_valid(rd_req_valid[0]),
    .m_dma_rd_req_ready(rd_req_ready[0]),
    .s_dma_rd_tdata(rd_tdata[0*DATA_W +: DATA_W]), .s_dma_rd_tkeep(rd_tkeep[0*KEEP_W +: KEEP_W]),
    .s_dma_rd_tlast(rd_tlast[0]), .s_dma_rd_tvalid(rd_tvalid[0]), .s_dma_rd_tready(rd_tready[0]),
    .s_dma_rd_tuser(rd_tuser[0*TAG_W +: 4]),
    .m_wqe_tdata(wqe_tdata), .m_wqe_tkeep(wqe_tkeep), .m_wqe_tvalid(wqe_tvalid),
    .m_wqe_tready(wqe_tready), .m_wqe_tlast(wqe_tlast), .m_wqe_qpn(wqe_qpn), .m_wqe_index(wqe_index),
    .m_err_valid(fetch_err_valid), .m_err_qpn(fetch_err_qpn), .m_err_index(fetch_err_index),
    .stat_wqe_fetched(stat_wqe_fetched), .stat_wqe_index_err(stat_wqe_index_err),
    .init_done(fetch_init_done)
);
assign rd_req_tag[0*TAG_W +: TAG_W] = {{(TAG_W-4){1'b0}}, fetch_rd_tag};

// ---------------------------------------------------------------------------
// Requester
// ---------------------------------------------------------------------------

wire [7:0]   req_hdr_opcode;
wire         req_hdr_se;
wire         req_hdr_mig;
wire         req_hdr_ackreq;
wire [15:0]  req_hdr_pkey;
wire [23:0]  req_hdr_dqpn;
wire [23:0]  req_hdr_psn;
wire [47:0]  req_hdr_dmac;
wire [31:0]  req_hdr_dip;
wire [15:0]  req_hdr_ip_id;
wire [7:0]   req_hdr_ttl;
wire [7:0]   req_hdr_tos;
wire [15:0]  req_hdr_sport;
wire [63:0]  req_hdr_reth_va;
wire [31:0]  req_hdr_reth_rkey;
wire [31:0]  req_hdr_reth_len;
wire [31:0]  req_hdr_aeth;
wire [31:0]  req_hdr_imm;
wire [31:0]  req_hdr_deth_qkey;
wire [23:0]  req_hdr_deth_sqpn;
wire [63:0]  req_hdr_atomic_va;
wire [31:0]  req_hdr_atomic_rkey;
wire [63:0]  req_hdr_atomic_swap;
wire [63:0]  req_hdr_atomic_cmp;
wire [63:0]  req_hdr_atomic_ack;
wire [12:0]  req_hdr_len;
wire              req_hdr_valid, req_hdr_ready;
wire [DATA_W-1:0] req_pl_tdata;
wire [KEEP_W-1:0] req_pl_tkeep;
wire              req_pl_tlast, req_pl_tvalid, req_pl_tready;
// the requester's own header valid/ready, opcode, len and payload, before
// rnic_raw_tx (which passes them on as req_hdr_* / req_pl_*; the other
// header fields go from the requester to the TX arbiter directly)
wire [7:0]        rq_hdr_opcode;
wire [12:0]       rq_hdr_len;
wire [3:0]        rq_hdr_raw_off;
wire              rq_hdr_valid, rq_hdr_ready;
wire [DATA_W-1:0] rq_pl_tdata;
wire [KEEP_W-1:0] rq_pl_tkeep;
wire              rq_pl_tlast, rq_pl_tvalid, rq_pl_tready;
wire              stat_tso_seg, stat_tx_csum;
wire [7:0]        ack_opcode;
wire [23:0]       ack_dqpn, ack_psn;
wire [31:0]       ack_aeth;
wire [63:0]       ack_atomic_ack;
wire [12:0]       ack_len;
wire              ack_valid, ack_ready;
wire [DATA_W-1:0] ack_pl_tdata;
wire [KEEP_W-1:0] ack_pl_tkeep;
wire              ack_pl_tlast, ack_pl_tvalid, ack_pl_tready;
// the responses' payload (READ RESPONSE data) passes a register slice on
// its way to the requester: the parser's payload logic and the requester's
// response logic never meet in one combinational path
wire [DATA_W-1:0] ackq_tdata;
wire [KEEP_W-1:0] ackq_tkeep;
wire              ackq_tlast, ackq_tvalid, ackq_tready;

rnic_axis_reg #(
    .DATA_W(DATA_W)
) ack_pl_reg_inst (
    .clk(clk), .rst(rst),
    .s_axis_tdata(ack_pl_tdata), .s_axis_tkeep(ack_pl_tkeep), .s_axis_tvalid(ack_pl_tvalid),
    .s_axis_tready(ack_pl_tready), .s_axis_tlast(ack_pl_tlast),
    .m_axis_tdata(ackq_tdata), .m_axis_tkeep(ackq_tkeep), .m_axis_tvalid(ackq_tvalid),
    .m_axis_tready(ackq_tready), .m_axis_tlast(ackq_tlast)
);
wire              req_cqe_valid, req_cqe_ready;
wire [23:0]       req_cqe_cqn;
wire [`RNIC_CQE_BITS-1:0] req_cqe_data;
wire              stat_ack_drop, stat_nak_seq, stat_nak_rnr;
wire              stat_retrans, stat_retrans_pkt, stat_timeout, stat_retry_exc;

wire              req_err_c_valid, req_err_w_valid;
wire [23:0]       req_err_c_qpn, req_err_w_qpn;
wire              req_mw_ev_valid;
wire [63:0]       req_mw_ev;

// The key-table writes of the requester's memory-window operations (BIND_MW,
// LOCAL_INV) and of the responder's (SEND with Invalidate) join the
// firmware's context writes on the bus of the two blocks that keep key
// tables (rnic_req, rnic_resp), in a cycle the firmware port does not use
// (firmware first, then the requester, then the responder); the other
// blocks keep no keys.
wire              req_mpt_valid, req_mpt_ready;
wire [23:0]       req_mpt_index;
wire [32*`RNIC_CTX_WORDS-1:0] req_mpt_data;
wire              resp_mpt_valid, resp_mpt_ready;
wire [23:0]       resp_mpt_index;
wire [32*`RNIC_CTX_WORDS-1:0] resp_mpt_data;
wire              resp_mw_ev_valid;
wire [63:0]       resp_mw_ev;
assign req_mpt_ready = !ctx_wr_valid;
assign resp_mpt_ready = !ctx_wr_valid && !req_mpt_valid;
wire              kx_wr_valid = ctx_wr_valid || req_mpt_valid || resp_mpt_valid;
wire [7:0]        kx_wr_table = ctx_wr_valid ? ctx_wr_table : `RNIC_CTX_TABLE_MPT;
wire [23:0]       kx_wr_index = ctx_wr_valid ? ctx_wr_index : req_mpt_valid ? req_mpt_index : resp_mpt_index;
wire [32*`RNIC_CTX_WORDS-1:0] kx_wr_data = ctx_wr_valid ? ctx_wr_data :
                                           req_mpt_valid ? req_mpt_data : resp_mpt_data;

// the requester's header and payload before their register slices (below)
wire [7:0]    rqo_hdr_opcode;
wire          rqo_hdr_se;
wire          rqo_hdr_mig;
wire          rqo_hdr_ackreq;
wire [15:0]   rqo_hdr_pkey;
wire [23:0]   rqo_hdr_dqpn;
wire [23:0]   rqo_hdr_psn;
wire [47:0]   rqo_hdr_dmac;
wire [31:0]   rqo_hdr_dip;
wire [15:0]   rqo_hdr_ip_id;
wire [7:0]    rqo_hdr_ttl;
wire [7:0]    rqo_hdr_tos;
wire [15:0]   rqo_hdr_sport;
wire [63:0]   rqo_hdr_reth_va;
wire [31:0]   rqo_hdr_reth_rkey;
wire [31:0]   rqo_hdr_reth_len;
wire [31:0]   rqo_hdr_aeth;
wire [31:0]   rqo_hdr_imm;
wire [31:0]   rqo_hdr_deth_qkey;
wire [23:0]   rqo_hdr_deth_sqpn;
wire [63:0]   rqo_hdr_atomic_va;
wire [31:0]   rqo_hdr_atomic_rkey;
wire [63:0]   rqo_hdr_atomic_swap;
wire [63:0]   rqo_hdr_atomic_cmp;
wire [63:0]   rqo_hdr_atomic_ack;
wire [12:0]   rqo_hdr_len;
wire [3:0]    rqo_hdr_raw_off;
wire              rqo_hdr_valid, rqo_hdr_ready;
wire [DATA_W-1:0] rqo_pl_tdata;
wire [KEEP_W-1:0] rqo_pl_tkeep;
wire              rqo_pl_tlast, rqo_pl_tvalid, rqo_pl_tready;

rnic_req #(
    .DATA_W(DATA_W),
    .QPN_W(LOG_QPS),
    .KEY_W(LOG_MRS),
    .TAG_W(TAG_W)
) req_inst (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(kx_wr_valid), .ctx_wr_table(kx_wr_table), .ctx_wr_index(kx_wr_index),
    .ctx_wr_data(kx_wr_data),
    .s_wqe_tdata(wqe_tdata), .s_wqe_tkeep(wqe_tkeep), .s_wqe_tlast(wqe_tlast),
    .s_wqe_tvalid(wqe_tvalid), .s_wqe_tready(wqe_tready), .s_wqe_qpn(wqe_qpn),
    .s_wqe_index(wqe_index),
    .m_rd_req_addr(rd_req_addr[1*64 +: 64]), .m_rd_req_len(rd_req_len[1*16 +: 16]),
    .m_rd_req_tag(rd_req_tag[1*TAG_W +: TAG_W]), .m_rd_req_valid(rd_req_valid[1]),
    .m_rd_req_ready(rd_req_ready[1]),
    .s_rd_tdata(rd_tdata[1*DATA_W +: DATA_W]), .s_rd_tkeep(rd_tkeep[1*KEEP_W +: KEEP_W]),
    .s_rd_tlast(rd_tlast[1]), .s_rd_tvalid(rd_tvalid[1]), .s_rd_tready(rd_tready[1]),
    .s_rd_tuser(rd_tuser[1*TAG_W +: TAG_W]),

    .m_hdr_opcode(rqo_hdr_opcode),
    .m_hdr_se(rqo_hdr_se),
    .m_hdr_mig(rqo_hdr_mig),
    .m_hdr_ackreq(rqo_hdr_ackreq),
    .m_hdr_pkey(rqo_hdr_pkey),
    .m_hdr_dqpn(rqo_hdr_dqpn),
    .m_hdr_psn(rqo_hdr_psn),
    .m_hdr_dmac(rqo_hdr_dmac),
    .m_hdr_dip(rqo_hdr_dip),
    .m_hdr_ip_id(rqo_hdr_ip_id),
    .m_hdr_ttl(rqo_hdr_ttl),
    .m_hdr_tos(rqo_hdr_tos),
    .m_hdr_sport(rqo_hdr_sport),
    .m_hdr_reth_va(rqo_hdr_reth_va),
    .m_hdr_reth_rkey(rqo_hdr_reth_rkey),
    .m_hdr_reth_len(rqo_hdr_reth_len),
    .m_hdr_aeth(rqo_hdr_aeth),
    .m_hdr_imm(rqo_hdr_imm),
    .m_hdr_deth_qkey(rqo_hdr_deth_qkey),
    .m_hdr_deth_sqpn(rqo_hdr_deth_sqpn),
    .m_hdr_atomic_va(rqo_hdr_atomic_va),
    .m_hdr_atomic_rkey(rqo_hdr_atomic_rkey),
    .m_hdr_atomic_swap(rqo_hdr_atomic_swap),
    .m_hdr_atomic_cmp(rqo_hdr_atomic_cmp),
    .m_hdr_atomic_ack(rqo_hdr_atomic_ack),
    .m_hdr_len(rqo_hdr_len), .m_hdr_raw_off(rqo_hdr_raw_off),
    .m_hdr_valid(rqo_hdr_valid), .m_hdr_ready(rqo_hdr_ready),
    .m_axis_pl_tdata(rqo_pl_tdata), .m_axis_pl_tkeep(rqo_pl_tkeep), .m_axis_pl_tlast(rqo_pl_tlast),
    .m_axis_pl_tvalid(rqo_pl_tvalid), .m_axis_pl_tready(rqo_pl_tready),
    .s_ack_opcode(ack_opcode), .s_ack_dqpn(ack_dqpn), .s_ack_psn(ack_psn), .s_ack_aeth(ack_aeth),
    .s_ack_atomic_ack(ack_atomic_ack),
    .s_ack_len(ack_len), .s_ack_valid(ack_valid), .s_ack_ready(ack_ready),
    .s_ack_pl_tdata(ackq_tdata), .s_ack_pl_tkeep(ackq_tkeep), .s_ack_pl_tlast(ackq_tlast),
    .s_ack_pl_tvalid(ackq_tvalid), .s_ack_pl_tready(ackq_tready),
    .m_wr_req_addr(wr_req_addr[2*64 +: 64]), .m_wr_req_len(wr_req_len[2*16 +: 16]),
    .m_wr_req_valid(wr_req_valid[2]), .m_wr_req_ready(wr_req_ready[2]),
    .m_wr_tdata(wr_tdata[2*DATA_W +: DATA_W]), .m_wr_tkeep(wr_tkeep[2*KEEP_W +: KEEP_W]),
    .m_wr_tlast(wr_tlast[2]), .m_wr_tvalid(wr_tvalid[2]), .m_wr_tready(wr_tready[2]),
    .s_wr_done(wr_done[2]),
    .s_fatal_valid(fetch_err_valid), .s_fatal_qpn(fetch_err_qpn),
    .m_err_c_valid(req_err_c_valid), .m_err_c_qpn(req_err_c_qpn),
    .m_err_w_valid(req_err_w_valid), .m_err_w_qpn(req_err_w_qpn),
    .m_rw_valid(rw_valid), .m_rw_ready(rw_ready), .m_rw_qpn(rw_qpn), .m_rw_index(rw_index),
    .timer_busy(timer_busy), .timer_skip_ok(timer_skip_ok), .tick_turbo(timer_turbo),
    .m_mpt_valid(req_mpt_valid), .m_mpt_ready(req_mpt_ready), .m_mpt_index(req_mpt_index),
    .m_mpt_data(req_mpt_data), .m_mw_ev_valid(req_mw_ev_valid), .m_mw_ev(req_mw_ev),
    .m_cqe_valid(req_cqe_valid), .m_cqe_ready(req_cqe_ready), .m_cqe_cqn(req_cqe_cqn),
    .m_cqe_data(req_cqe_data),
    .stat_ack_drop(stat_ack_drop), .stat_nak_seq(stat_nak_seq), .stat_nak_rnr(stat_nak_rnr),
    .stat_retrans(stat_retrans), .stat_retrans_pkt(stat_retrans_pkt), .stat_timeout(stat_timeout),
    .stat_retry_exc(stat_retry_exc),
    .init_done(req_init_done)
);

// The requester's header and payload pass register slices before the raw
// transmit path, whose header ready depends on the header (offload or not):
// the requester's header logic never reaches its own ready.
localparam RQH_W = 756;   // the header fields, packed (lint checks it against the concatenations)

rnic_skid #(.W(RQH_W)) req_hdr_slice (
    .clk(clk), .rst(rst),
    .s_data({rqo_hdr_opcode, rqo_hdr_se, rqo_hdr_mig, rqo_hdr_ackreq, rqo_hdr_pkey, rqo_hdr_dqpn,
            rqo_hdr_psn, rqo_hdr_dmac, rqo_hdr_dip, rqo_hdr_ip_id, rqo_hdr_ttl, rqo_hdr_tos,
            rqo_hdr_sport, rqo_hdr_reth_va, rqo_hdr_reth_rkey, rqo_hdr_reth_len, rqo_hdr_aeth,
            rqo_hdr_imm, rqo_hdr_deth_qkey, rqo_hdr_deth_sqpn, rqo_hdr_atomic_va,
            rqo_hdr_atomic_rkey, rqo_hdr_atomic_swap, rqo_hdr_atomic_cmp, rqo_hdr_atomic_ack,
            rqo_hdr_len, rqo_hdr_raw_off}),
    .s_valid(rqo_hdr_valid), .s_ready(rqo_hdr_ready),
    .m_data({rq_hdr_opcode, req_hdr_se, req_hdr_mig, req_hdr_ackreq, req_hdr_pkey, req_hdr_dqpn,
            req_hdr_psn, req_hdr_dmac, req_hdr_dip, req_hdr_ip_id, req_hdr_ttl, req_hdr_tos,
            req_hdr_sport, req_hdr_reth_va, req_hdr_reth_rkey, req_hdr_reth_len, req_hdr_aeth,
            req_hdr_imm, req_hdr_deth_qkey, req_hdr_deth_sqpn, req_hdr_atomic_va,
            req_hdr_atomic_rkey, req_hdr_atomic_swap, req_hdr_atomic_cmp, req_hdr_atomic_ack,
            rq_hdr_len, rq_hdr_raw_off}),
    .m_valid(rq_hdr_valid), .m_ready(rq_hdr_ready)
);

rnic_axis_reg #(
    .DATA_W(DATA_W)
) req_pl_reg_inst (
    .clk(clk), .rst(rst),
    .s_axis_tdata(rqo_pl_tdata), .s_axis_tkeep(rqo_pl_tkeep), .s_axis_tvalid(rqo_pl_tvalid),
    .s_axis_tready(rqo_pl_tready), .s_axis_tlast(rqo_pl_tlast),
    .m_axis_tdata(rq_pl_tdata), .m_axis_tkeep(rq_pl_tkeep), .m_axis_tvalid(rq_pl_tvalid),
    .m_axis_tready(rq_pl_tready), .m_axis_tlast(rq_pl_tlast)
);

// RAW_PACKET transmit offload: checksums and TSO segments; everything else
// passes through
/* verilator lint_off UNUSEDSIGNAL */
wire raw_tx_own;   // the arbiter's header fields other than opcode and len do not matter for a raw frame
/* verilator lint_on UNUSEDSIGNAL */
rnic_raw_tx #(.DATA_W(DATA_W)) raw_tx_inst (
    .clk(clk), .rst(rst),
    .s_hdr_opcode(rq_hdr_opcode), .s_hdr_len(rq_hdr_len), .s_hdr_off(rq_hdr_raw_off),
    .s_hdr_valid(rq_hdr_valid), .s_hdr_ready(rq_hdr_ready),
    .s_pl_tdata(rq_pl_tdata), .s_pl_tkeep(rq_pl_tkeep), .s_pl_tlast(rq_pl_tlast),
    .s_pl_tvalid(rq_pl_tvalid), .s_pl_tready(rq_pl_tready),
    .m_hdr_opcode(req_hdr_opcode), .m_hdr_len(req_hdr_len), .m_hdr_own(raw_tx_own),
    .m_hdr_valid(req_hdr_valid), .m_hdr_ready(req_hdr_ready),
    .m_pl_tdata(req_pl_tdata), .m_pl_tkeep(req_pl_tkeep), .m_pl_tlast(req_pl_tlast),
    .m_pl_tvalid(req_pl_tvalid), .m_pl_tready(req_pl_tready),
    .stat_tso_seg(stat_tso_seg), .stat_csum(stat_tx_csum)
);

// ---------------------------------------------------------------------------
// Receive: parser, then requests to the responder and responses to the
// requester (ACK, ATOMIC ACK, READ RESPONSE *), whole packets at a time.
// ---------------------------------------------------------------------------

wire [7:0]   rx_hdr_opcode;
wire         rx_hdr_se;
wire         rx_hdr_mig;
wire         rx_hdr_ackreq;
wire [15:0]  rx_hdr_pkey;
wire [23:0]  rx_hdr_dqpn;
wire [23:0]  rx_hdr_psn;
wire [47:0]  rx_hdr_dmac;
wire [47:0]  rx_hdr_smac;
wire [31:0]  rx_hdr_dip;
wire [31:0]  rx_hdr_sip;
wire [15:0]  rx_hdr_ip_id;
wire [7:0]   rx_hdr_ttl;
wire [7:0]   rx_hdr_tos;
wire [15:0]  rx_hdr_sport;
wire [63:0]  rx_hdr_reth_va;
wire [31:0]  rx_hdr_reth_rkey;
wire [31:0]  rx_hdr_reth_len;
wire [31:0]  rx_hdr_aeth;
wire [31:0]  rx_hdr_imm;
wire [31:0]  rx_hdr_deth_qkey;
wire [23:0]  rx_hdr_deth_sqpn;
wire [63:0]  rx_hdr_atomic_va;
wire [31:0]  rx_hdr_atomic_rkey;
wire [63:0]  rx_hdr_atomic_swap;
wire [63:0]  rx_hdr_atomic_cmp;
wire [63:0]  rx_hdr_atomic_ack;
wire [12:0]  rx_hdr_len;
wire              rx_hdr_valid, rx_hdr_ready;
wire [DATA_W-1:0] rx_pl_tdata;
wire [KEEP_W-1:0] rx_pl_tkeep;
wire              rx_pl_tvalid, rx_pl_tready, rx_pl_tlast;
wire              stat_icrc_err, stat_bad_hdr;
// the parser's header bus before its register slice (below)
wire [7:0]    px_hdr_opcode;
wire          px_hdr_se;
wire          px_hdr_mig;
wire          px_hdr_ackreq;
wire [15:0]   px_hdr_pkey;
wire [23:0]   px_hdr_dqpn;
wire [23:0]   px_hdr_psn;
wire [47:0]   px_hdr_dmac;
wire [47:0]   px_hdr_smac;
wire [31:0]   px_hdr_dip;
wire [31:0]   px_hdr_sip;
wire [15:0]   px_hdr_ip_id;
wire [7:0]    px_hdr_ttl;
wire [7:0]    px_hdr_tos;
wire [15:0]   px_hdr_sport;
wire [63:0]   px_hdr_reth_va;
wire [31:0]   px_hdr_reth_rkey;
wire [31:0]   px_hdr_reth_len;
wire [31:0]   px_hdr_aeth;
wire [31:0]   px_hdr_imm;
wire [31:0]   px_hdr_deth_qkey;
wire [23:0]   px_hdr_deth_sqpn;
wire [63:0]   px_hdr_atomic_va;
wire [31:0]   px_hdr_atomic_rkey;
wire [63:0]   px_hdr_atomic_swap;
wire [63:0]   px_hdr_atomic_cmp;
wire [63:0]   px_hdr_atomic_ack;
wire [12:0]   px_hdr_len;
wire         px_hdr_valid, px_hdr_ready;

// Register slices on both Ethernet ports: nothing combinational between the
// MAC side and the parser or framer.
wire [DATA_W-1:0] rxr_tdata;
wire [KEEP_W-1:0] rxr_tkeep;
wire              rxr_tvalid, rxr_tready, rxr_tlast;

rnic_axis_reg #(
    .DATA_W(DATA_W)
) rx_reg_inst (
    .clk(clk), .rst(rst),
    .s_axis_tdata(s_axis_rx_tdata), .s_axis_tkeep(s_axis_rx_tkeep), .s_axis_tvalid(s_axis_rx_tvalid),
    .s_axis_tready(s_axis_rx_tready), .s_axis_tlast(s_axis_rx_tlast),
    .m_axis_tdata(rxr_tdata), .m_axis_tkeep(rxr_tkeep), .m_axis_tvalid(rxr_tvalid),
    .m_axis_tready(rxr_tready), .m_axis_tlast(rxr_tlast)
);

// A frame starts only when the raw receive path could keep it (m_room):
// while steered frames wait for the responder, the port holds the wire at
// frame boundaries (lossless, as a link with pause frames would be) rather
// than dropping them. Frames already started always finish (m_room stays
// high inside a frame). No frame starts before the reset sweep is over.
wire              raw_room;
wire              rx_gate = raw_room && ready;
wire              rxp_tready;
assign rxr_tready = rxp_tready && rx_gate;

// and a register slice in front of the parser, so that the raw path's tap
// sees the accepted beats without the parser's input logic in front of it
wire [DATA_W-1:0] rxq_tdata;
wire [KEEP_W-1:0] rxq_tkeep;
wire              rxq_tvalid, rxq_tready, rxq_tlast;

rnic_axis_reg #(
    .DATA_W(DATA_W)
) rxp_reg_inst (
    .clk(clk), .rst(rst),
    .s_axis_tdata(rxr_tdata), .s_axis_tkeep(rxr_tkeep), .s_axis_tvalid(rxr_tvalid && rx_gate),
    .s_axis_tready(rxp_tready), .s_axis_tlast(rxr_tlast),
    .m_axis_tdata(rxq_tdata), .m_axis_tkeep(rxq_tkeep), .m_axis_tvalid(rxq_tvalid),
    .m_axis_tready(rxq_tready), .m_axis_tlast(rxq_tlast)
);

rnic_parser #(
    .DATA_W(DATA_W)
) parser_inst (
    .clk(clk), .rst(rst),
    .cfg_mac(cfg_mac), .cfg_ip(cfg_ip),
    .s_axis_rx_tdata(rxq_tdata), .s_axis_rx_tkeep(rxq_tkeep),
    .s_axis_rx_tvalid(rxq_tvalid), .s_axis_rx_tready(rxq_tready),
    .s_axis_rx_tlast(rxq_tlast),
    .m_hdr_valid(px_hdr_valid), .m_hdr_ready(px_hdr_ready),

    .m_hdr_opcode(px_hdr_opcode),
    .m_hdr_se(px_hdr_se),
    .m_hdr_mig(px_hdr_mig),
    .m_hdr_ackreq(px_hdr_ackreq),
    .m_hdr_pkey(px_hdr_pkey),
    .m_hdr_dqpn(px_hdr_dqpn),
    .m_hdr_psn(px_hdr_psn),
    .m_hdr_dmac(px_hdr_dmac),
    .m_hdr_smac(px_hdr_smac),
    .m_hdr_dip(px_hdr_dip),
    .m_hdr_sip(px_hdr_sip),
    .m_hdr_ip_id(px_hdr_ip_id),
    .m_hdr_ttl(px_hdr_ttl),
    .m_hdr_tos(px_hdr_tos),
    .m_hdr_sport(px_hdr_sport),
    .m_hdr_reth_va(px_hdr_reth_va),
    .m_hdr_reth_rkey(px_hdr_reth_rkey),
    .m_hdr_reth_len(px_hdr_reth_len),
    .m_hdr_aeth(px_hdr_aeth),
    .m_hdr_imm(px_hdr_imm),
    .m_hdr_deth_qkey(px_hdr_deth_qkey),
    .m_hdr_deth_sqpn(px_hdr_deth_sqpn),
    .m_hdr_atomic_va(px_hdr_atomic_va),
    .m_hdr_atomic_rkey(px_hdr_atomic_rkey),
    .m_hdr_atomic_swap(px_hdr_atomic_swap),
    .m_hdr_atomic_cmp(px_hdr_atomic_cmp),
    .m_hdr_atomic_ack(px_hdr_atomic_ack),
    .m_hdr_len(px_hdr_len),
    .m_axis_pay_tdata(rx_pl_tdata), .m_axis_pay_tkeep(rx_pl_tkeep), .m_axis_pay_tvalid(rx_pl_tvalid),
    .m_axis_pay_tready(rx_pl_tready), .m_axis_pay_tlast(rx_pl_tlast),
    .stat_icrc_err(stat_icrc_err), .stat_bad_hdr(stat_bad_hdr)
);

// The parsed header passes a register slice before it is routed, with its
// route (QP1, or a response for the requester) decided in front of it: the
// parser's header logic and the receivers' header checks never meet in one
// combinational path.
localparam RXH_W = 832;   // the header fields, packed (lint checks it against the concatenations)
wire px_to_gsi = px_hdr_dqpn == 24'd1;
wire px_to_req = !px_to_gsi &&
                 px_hdr_opcode[4:0] >= `RNIC_BTH_OP_READ_RESP_FIRST && px_hdr_opcode[4:0] <= `RNIC_BTH_OP_ATOMIC_ACK &&
                 (px_hdr_opcode[7:5] == `RNIC_BTH_TRANSPORT_RC || px_hdr_opcode[7:5] == `RNIC_BTH_TRANSPORT_XRC);
wire rx_to_gsi, rx_to_req;

rnic_skid #(.W(RXH_W + 2)) rx_hdr_slice (
    .clk(clk), .rst(rst),
    .s_data({px_to_gsi, px_to_req, px_hdr_opcode, px_hdr_se, px_hdr_mig, px_hdr_ackreq, px_hdr_pkey,
            px_hdr_dqpn, px_hdr_psn, px_hdr_dmac, px_hdr_smac, px_hdr_dip, px_hdr_sip, px_hdr_ip_id,
            px_hdr_ttl, px_hdr_tos, px_hdr_sport, px_hdr_reth_va, px_hdr_reth_rkey, px_hdr_reth_len,
            px_hdr_aeth, px_hdr_imm, px_hdr_deth_qkey, px_hdr_deth_sqpn, px_hdr_atomic_va,
            px_hdr_atomic_rkey, px_hdr_atomic_swap, px_hdr_atomic_cmp, px_hdr_atomic_ack, px_hdr_len}),
    .s_valid(px_hdr_valid), .s_ready(px_hdr_ready),
    .m_data({rx_to_gsi, rx_to_req, rx_hdr_opcode, rx_hdr_se, rx_hdr_mig, rx_hdr_ackreq, rx_hdr_pkey,
            rx_hdr_dqpn, rx_hdr_psn, rx_hdr_dmac, rx_hdr_smac, rx_hdr_dip, rx_hdr_sip, rx_hdr_ip_id,
            rx_hdr_ttl, rx_hdr_tos, rx_hdr_sport, rx_hdr_reth_va, rx_hdr_reth_rkey, rx_hdr_reth_len,
            rx_hdr_aeth, rx_hdr_imm, rx_hdr_deth_qkey, rx_hdr_deth_sqpn, rx_hdr_atomic_va,
            rx_hdr_atomic_rkey, rx_hdr_atomic_swap, rx_hdr_atomic_cmp, rx_hdr_atomic_ack, rx_hdr_len}),
    .m_valid(rx_hdr_valid), .m_ready(rx_hdr_ready)
);

// ---------------------------------------------------------------------------
// RAW_PACKET receive: frames a flow rule steers to a RAW_PACKET QP, taken
// from the receive stream beside the parser
// ---------------------------------------------------------------------------
wire              raw_hdr_valid, raw_hdr_ready;
wire [23:0]       raw_hdr_qpn;
wire [12:0]       raw_hdr_len;
wire              rwo_hdr_valid, rwo_hdr_ready;
wire [23:0]       rwo_hdr_qpn;
wire [12:0]       rwo_hdr_len;
wire [DATA_W-1:0] raw_tdata;
wire [KEEP_W-1:0] raw_tkeep;
wire              raw_tvalid, raw_tready, raw_tlast;
wire              stat_raw_rx, stat_raw_drop;

rnic_raw_rx #(
    .DATA_W(DATA_W)
) raw_rx_inst (
    .clk(clk), .rst(rst),
    .cfg_mac(cfg_mac), .cfg_ip(cfg_ip),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .s_tap_tdata(rxr_tdata), .s_tap_tkeep(rxr_tkeep), .s_tap_tvalid(rxr_tvalid && rxr_tready),
    .s_tap_tlast(rxr_tlast),
    .m_hdr_valid(rwo_hdr_valid), .m_hdr_ready(rwo_hdr_ready), .m_hdr_qpn(rwo_hdr_qpn),
    .m_hdr_len(rwo_hdr_len),
    .m_axis_tdata(raw_tdata), .m_axis_tkeep(raw_tkeep), .m_axis_tvalid(raw_tvalid),
    .m_axis_tready(raw_tready), .m_axis_tlast(raw_tlast),
    .m_room(raw_room), .stat_rx(stat_raw_rx), .stat_drop(stat_raw_drop),
    .init_done(raw_rx_init_done)
);

// its header passes a register slice, so the raw path's header logic never
// reaches the responder's header checks through the receive routing
rnic_skid #(.W(24 + 13)) raw_hdr_slice (
    .clk(clk), .rst(rst),
    .s_data({rwo_hdr_qpn, rwo_hdr_len}), .s_valid(rwo_hdr_valid), .s_ready(rwo_hdr_ready),
    .m_data({raw_hdr_qpn, raw_hdr_len}), .m_valid(raw_hdr_valid), .m_ready(raw_hdr_ready)
);

// Responses (READ RESPONSE, ACK, ATOMIC ACK) of RC (000) and XRC (101) go to
// the requester, everything else to the responder. A raw frame goes to the
// responder when the parser offers no header (the parser first), and its
// payload holds the responder's payload port until its last beat.
// Packets for QP1 (the GSI) go to the GSI mailbox (rnic_gsi), whatever
// their opcode; it keeps the MADs and drops the rest.
reg  rx_pl_busy_reg, rx_pl_busy_next;   // a header was taken; its payload is flowing
reg  rx_pl_req_reg, rx_pl_req_next;     // ... to the requester
reg  rx_pl_gsi_reg, rx_pl_gsi_next;     // ... to the GSI mailbox (neither: the responder)
wire rx_gsi_hdr_ready, rx_gsi_pl_tready;
reg  rx_raw_busy_reg;                   // a raw frame's payload is flowing to the responder
wire resp_hdr_ready;
wire resp_pl_tready;
wire rx_idle = !rx_pl_busy_reg && !rx_raw_busy_reg;
wire raw_take = rx_idle && !rx_hdr_valid && raw_hdr_valid;

assign ack_valid = rx_hdr_valid && rx_idle && rx_to_req;
wire   rx_gsi_hdr_valid = rx_hdr_valid && rx_idle && rx_to_gsi;
wire   resp_hdr_valid = (rx_hdr_valid && rx_idle && !rx_to_req && !rx_to_gsi) || raw_take;
assign rx_hdr_ready = rx_idle && (rx_to_gsi ? rx_gsi_hdr_ready : rx_to_req ? ack_ready : resp_hdr_ready);
assign raw_hdr_ready = raw_take && resp_hdr_ready;
wire [7:0]  resp_in_opcode = raw_take ? `RNIC_RAW_OPCODE : rx_hdr_opcode;
wire [23:0] resp_in_dqpn = raw_take ? raw_hdr_qpn : rx_hdr_dqpn;
wire [12:0] resp_in_len = raw_take ? raw_hdr_len : rx_hdr_len;
assign ack_opcode = rx_hdr_opcode;
assign ack_dqpn = rx_hdr_dqpn;
assign ack_psn = rx_hdr_psn;
assign ack_aeth = rx_hdr_aeth;
assign ack_atomic_ack = rx_hdr_atomic_ack;
assign ack_len = rx_hdr_len;

assign ack_pl_tdata = rx_pl_tdata;
assign ack_pl_tkeep = rx_pl_tkeep;
assign ack_pl_tlast = rx_pl_tlast;
assign ack_pl_tvalid = rx_pl_tvalid && rx_pl_busy_reg && rx_pl_req_reg;
wire   rx_gsi_pl_tvalid = rx_pl_tvalid && rx_pl_busy_reg && rx_pl_gsi_reg;
wire   resp_pl_tvalid = rx_raw_busy_reg ? raw_tvalid :
                        rx_pl_tvalid && rx_pl_busy_reg && !rx_pl_req_reg && !rx_pl_gsi_reg;
wire [DATA_W-1:0] resp_in_tdata = rx_raw_busy_reg ? raw_tdata : rx_pl_tdata;
wire [KEEP_W-1:0] resp_in_tkeep = rx_raw_busy_reg ? raw_tkeep : rx_pl_tkeep;
wire              resp_in_tlast = rx_raw_busy_reg ? raw_tlast : rx_pl_tlast;
assign raw_tready = rx_raw_busy_reg && resp_pl_tready;
assign rx_pl_tready = rx_pl_busy_reg && (rx_pl_gsi_reg ? rx_gsi_pl_tready :
                                         rx_pl_req_reg ? ack_pl_tready : resp_pl_tready);

// the responder's payload passes a register slice: its ready logic reaches
// neither the parser nor the raw path combinationally
wire [DATA_W-1:0] rsi_tdata;
wire [KEEP_W-1:0] rsi_tkeep;
wire              rsi_tvalid, rsi_tready, rsi_tlast;

rnic_axis_reg #(
    .DATA_W(DATA_W)
) resp_pl_reg_inst (
    .clk(clk), .rst(rst),
    .s_axis_tdata(resp_in_tdata), .s_axis_tkeep(resp_in_tkeep), .s_axis_tvalid(resp_pl_tvalid),
    .s_axis_tready(resp_pl_tready), .s_axis_tlast(resp_in_tlast),
    .m_axis_tdata(rsi_tdata), .m_axis_tkeep(rsi_tkeep), .m_axis_tvalid(rsi_tvalid),
    .m_axis_tready(rsi_tready), .m_axis_tlast(rsi_tlast)
);

always @* begin
    rx_pl_busy_next = rx_pl_busy_reg;
    rx_pl_req_next = rx_pl_req_reg;
    rx_pl_gsi_next = rx_pl_gsi_reg;
    if (!rx_pl_busy_reg) begin
        if (rx_hdr_valid && rx_hdr_ready && rx_hdr_len != 13'd0) begin
            rx_pl_busy_next = 1'b1;
            rx_pl_req_next = rx_to_req;
            rx_pl_gsi_next = rx_to_gsi;
        end
    end else if (rx_pl_tvalid && rx_pl_tready && rx_pl_tlast) begin
        rx_pl_busy_next = 1'b0;
    end
end

always @(posedge clk) begin
    rx_pl_busy_reg <= rx_pl_busy_next;
    rx_pl_req_reg <= rx_pl_req_next;
    rx_pl_gsi_reg <= rx_pl_gsi_next;
    if (raw_hdr_valid && raw_hdr_ready)
        rx_raw_busy_reg <= 1'b1;     // raw frames are never empty
    else if (raw_tvalid && raw_tready && raw_tlast)
        rx_raw_busy_reg <= 1'b0;
    if (rst) begin
        rx_pl_busy_reg <= 1'b0;
        rx_pl_req_reg <= 1'b0;
        rx_pl_gsi_reg <= 1'b0;
        rx_raw_busy_reg <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Responder
// ---------------------------------------------------------------------------

wire [47:0]  resp_hdr_smac;
wire [31:0]  resp_hdr_sip;
wire [7:0]   resp_hdr_opcode;
wire         resp_hdr_se;
wire         resp_hdr_mig;
wire         resp_hdr_ackreq;
wire [15:0]  resp_hdr_pkey;
wire [23:0]  resp_hdr_dqpn;
wire [23:0]  resp_hdr_psn;
wire [47:0]  resp_hdr_dmac;
wire [31:0]  resp_hdr_dip;
wire [15:0]  resp_hdr_ip_id;
wire [7:0]   resp_hdr_ttl;
wire [7:0]   resp_hdr_tos;
wire [15:0]  resp_hdr_sport;
wire [63:0]  resp_hdr_reth_va;
wire [31:0]  resp_hdr_reth_rkey;
wire [31:0]  resp_hdr_reth_len;
wire [31:0]  resp_hdr_aeth;
wire [31:0]  resp_hdr_imm;
wire [31:0]  resp_hdr_deth_qkey;
wire [23:0]  resp_hdr_deth_sqpn;
wire [63:0]  resp_hdr_atomic_va;
wire [31:0]  resp_hdr_atomic_rkey;
wire [63:0]  resp_hdr_atomic_swap;
wire [63:0]  resp_hdr_atomic_cmp;
wire [63:0]  resp_hdr_atomic_ack;
wire [12:0]  resp_hdr_len;
wire              resp_hdr_out_valid, resp_hdr_out_ready;
wire [DATA_W-1:0] resp_pl_tdata;
wire [KEEP_W-1:0] resp_pl_tkeep;
wire              resp_pl_tlast, resp_pl_tvalid_out, resp_pl_tready_out;
wire [3:0]        resp_rd_tag;
wire              resp_cqe_valid, resp_cqe_ready;
wire [23:0]       resp_cqe_cqn;
wire [255:0]      resp_cqe_data;
wire              resp_qp_err_valid;
wire [23:0]       resp_qp_err_qpn;
wire [7:0]        resp_qp_err_type;
wire              resp_srq_lim_valid;
wire [23:0]       resp_srq_lim_srqn;
wire              stat_bad_qp, stat_psn_err, stat_rnr_nak, stat_inv_req, stat_ack_tx, stat_msg_drop;
wire              stat_dup, stat_nak_seq_tx, stat_ack_coal;

rnic_resp #(
    .DATA_W(DATA_W),
    .LOG_QPS(LOG_QPS),
    .LOG_MRS(LOG_MRS)
) resp_inst (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(kx_wr_valid), .ctx_wr_table(kx_wr_table), .ctx_wr_index(kx_wr_index),
    .ctx_wr_data(kx_wr_data),
    .s_rq_pi_valid(rq_pi_valid), .s_rq_pi_qpn(rq_pi_qpn), .s_rq_pi(rq_pi),
    .s_srq_pi_valid(srq_pi_valid), .s_srq_pi_srqn(srq_pi_srqn), .s_srq_pi(srq_pi),

    .s_hdr_opcode(resp_in_opcode),
    .s_hdr_se(rx_hdr_se),
    .s_hdr_mig(rx_hdr_mig),
    .s_hdr_ackreq(rx_hdr_ackreq),
    .s_hdr_pkey(rx_hdr_pkey),
    .s_hdr_dqpn(resp_in_dqpn),
    .s_hdr_psn(rx_hdr_psn),
    .s_hdr_dmac(rx_hdr_dmac),
    .s_hdr_smac(rx_hdr_smac),
    .s_hdr_dip(rx_hdr_dip),
    .s_hdr_sip(rx_hdr_sip),
    .s_hdr_ip_id(rx_hdr_ip_id),
    .s_hdr_ttl(rx_hdr_ttl),
    .s_hdr_tos(rx_hdr_tos),
    .s_hdr_sport(rx_hdr_sport),
    .s_hdr_reth_va(rx_hdr_reth_va),
    .s_hdr_reth_rkey(rx_hdr_reth_rkey),
    .s_hdr_reth_len(rx_hdr_reth_len),
    .s_hdr_aeth(rx_hdr_aeth),
    .s_hdr_imm(rx_hdr_imm),
    .s_hdr_deth_qkey(rx_hdr_deth_qkey),
    .s_hdr_deth_sqpn(rx_hdr_deth_sqpn),
    .s_hdr_atomic_va(rx_hdr_atomic_va),
    .s_hdr_atomic_rkey(rx_hdr_atomic_rkey),
    .s_hdr_atomic_swap(rx_hdr_atomic_swap),
    .s_hdr_atomic_cmp(rx_hdr_atomic_cmp),
    .s_hdr_atomic_ack(rx_hdr_atomic_ack),
    .s_hdr_len(resp_in_len),
    .s_hdr_valid(resp_hdr_valid), .s_hdr_ready(resp_hdr_ready),
    .s_axis_pl_tdata(rsi_tdata), .s_axis_pl_tkeep(rsi_tkeep), .s_axis_pl_tvalid(rsi_tvalid),
    .s_axis_pl_tready(rsi_tready), .s_axis_pl_tlast(rsi_tlast),

    .m_hdr_smac(resp_hdr_smac),
    .m_hdr_sip(resp_hdr_sip),
    .m_hdr_opcode(resp_hdr_opcode),
    .m_hdr_se(resp_hdr_se),
    .m_hdr_mig(resp_hdr_mig),
    .m_hdr_ackreq(resp_hdr_ackreq),
    .m_hdr_pkey(resp_hdr_pkey),
    .m_hdr_dqpn(resp_hdr_dqpn),
    .m_hdr_psn(resp_hdr_psn),
    .m_hdr_dmac(resp_hdr_dmac),
    .m_hdr_dip(resp_hdr_dip),
    .m_hdr_ip_id(resp_hdr_ip_id),
    .m_hdr_ttl(resp_hdr_ttl),
    .m_hdr_tos(resp_hdr_tos),
    .m_hdr_sport(resp_hdr_sport),
    .m_hdr_reth_va(resp_hdr_reth_va),
    .m_hdr_reth_rkey(resp_hdr_reth_rkey),
    .m_hdr_reth_len(resp_hdr_reth_len),
    .m_hdr_aeth(resp_hdr_aeth),
    .m_hdr_imm(resp_hdr_imm),
    .m_hdr_deth_qkey(resp_hdr_deth_qkey),
    .m_hdr_deth_sqpn(resp_hdr_deth_sqpn),
    .m_hdr_atomic_va(resp_hdr_atomic_va),
    .m_hdr_atomic_rkey(resp_hdr_atomic_rkey),
    .m_hdr_atomic_swap(resp_hdr_atomic_swap),
    .m_hdr_atomic_cmp(resp_hdr_atomic_cmp),
    .m_hdr_atomic_ack(resp_hdr_atomic_ack),
    .m_hdr_len(resp_hdr_len),
    .m_hdr_valid(resp_hdr_out_valid), .m_hdr_ready(resp_hdr_out_ready),
    .m_axis_pl_tdata(resp_pl_tdata), .m_axis_pl_tkeep(resp_pl_tkeep), .m_axis_pl_tlast(resp_pl_tlast),
    .m_axis_pl_tvalid(resp_pl_tvalid_out), .m_axis_pl_tready(resp_pl_tready_out),
    .m_rd_req_addr(rd_req_addr[2*64 +: 64]), .m_rd_req_len(rd_req_len[2*16 +: 16]),
    .m_rd_req_tag(resp_rd_tag), .m_rd_req_valid(rd_req_valid[2]), .m_rd_req_ready(rd_req_ready[2]),
    .s_rd_tdata(rd_tdata[2*DATA_W +: DATA_W]), .s_rd_tkeep(rd_tkeep[2*KEEP_W +: KEEP_W]),
    .s_rd_tlast(rd_tlast[2]), .s_rd_tvalid(rd_tvalid[2]), .s_rd_tready(rd_tready[2]),
    .s_rd_tuser(rd_tuser[2*TAG_W +: 4]), .s_rd_error(rd_error[2]),
    .m_wr_req_addr(wr_req_addr[0*64 +: 64]), .m_wr_req_len(wr_req_len[0*16 +: 16]),
    .m_wr_req_valid(wr_req_valid[0]), .m_wr_req_ready(wr_req_ready[0]),
    .m_wr_tdata(wr_tdata[0*DATA_W +: DATA_W]), .m_wr_tkeep(wr_tkeep[0*KEEP_W +: KEEP_W]),
    .m_wr_tlast(wr_tlast[0]), .m_wr_tvalid(wr_tvalid[0]), .m_wr_tready(wr_tready[0]),
    .s_wr_done(wr_done[0]),
    .m_cqe_valid(resp_cqe_valid), .m_cqe_ready(resp_cqe_ready), .m_cqe_cqn(resp_cqe_cqn),
    .m_cqe_data(resp_cqe_data),
    .qp_err_valid(resp_qp_err_valid), .qp_err_qpn(resp_qp_err_qpn), .qp_err_type(resp_qp_err_type),
    .srq_lim_valid(resp_srq_lim_valid), .srq_lim_srqn(resp_srq_lim_srqn),
    .stat_bad_qp(stat_bad_qp), .stat_psn_err(stat_psn_err), .stat_rnr_nak(stat_rnr_nak),
    .stat_inv_req(stat_inv_req), .stat_ack_tx(stat_ack_tx), .stat_msg_drop(stat_msg_drop),
    .stat_dup(stat_dup), .stat_nak_seq(stat_nak_seq_tx), .stat_ack_coal(stat_ack_coal),
    .m_mpt_valid(resp_mpt_valid), .m_mpt_ready(resp_mpt_ready), .m_mpt_index(resp_mpt_index),
    .m_mpt_data(resp_mpt_data), .m_mw_ev_valid(resp_mw_ev_valid), .m_mw_ev(resp_mw_ev),
    .init_done(resp_init_done)
);
assign rd_req_tag[2*TAG_W +: TAG_W] = {{(TAG_W-4){1'b0}}, resp_rd_tag};

// ---------------------------------------------------------------------------
// GSI (QP1) mailbox: management datagrams for the firmware's connection
// manager; its sends merge behind the responder's packets
// ---------------------------------------------------------------------------
wire [7:0] gsi_hdr_opcode;
wire [23:0] gsi_hdr_dqpn;
wire [23:0] gsi_hdr_psn;
wire [47:0] gsi_hdr_dmac;
wire [31:0] gsi_hdr_dip;
wire [15:0] gsi_hdr_ip_id;
wire [31:0] gsi_hdr_deth_qkey;
wire [23:0] gsi_hdr_deth_sqpn;
wire [15:0] gsi_hdr_pkey;
wire [12:0] gsi_hdr_len;
wire              gsi_hdr_valid, gsi_hdr_ready;
wire [DATA_W-1:0] gsi_pl_tdata;
wire [KEEP_W-1:0] gsi_pl_tkeep;
wire              gsi_pl_tlast, gsi_pl_tvalid, gsi_pl_tready;
wire              stat_gsi_rx, stat_gsi_drop, stat_gsi_tx, stat_gsi_tx_bad;

rnic_gsi #(
    .DATA_W(DATA_W)
) gsi_inst (
    .clk(clk), .rst(rst),
    .s_hdr_opcode(rx_hdr_opcode), .s_hdr_qkey(rx_hdr_deth_qkey), .s_hdr_sqpn(rx_hdr_deth_sqpn),
    .s_hdr_sip(rx_hdr_sip), .s_hdr_smac(rx_hdr_smac), .s_hdr_pkey(rx_hdr_pkey), .s_hdr_len(rx_hdr_len),
    .s_hdr_valid(rx_gsi_hdr_valid), .s_hdr_ready(rx_gsi_hdr_ready),
    .s_pl_tdata(rx_pl_tdata), .s_pl_tkeep(rx_pl_tkeep), .s_pl_tlast(rx_pl_tlast),
    .s_pl_tvalid(rx_gsi_pl_tvalid), .s_pl_tready(rx_gsi_pl_tready),
    .reg_wr(gsi_wr), .reg_waddr(gsi_waddr), .reg_wdata(gsi_wdata), .reg_raddr(gsi_raddr),
    .reg_rdata(gsi_rdata), .rx_pending(gsi_rx_pending),
    .m_hdr_opcode(gsi_hdr_opcode),
    .m_hdr_dqpn(gsi_hdr_dqpn),
    .m_hdr_psn(gsi_hdr_psn),
    .m_hdr_dmac(gsi_hdr_dmac),
    .m_hdr_dip(gsi_hdr_dip),
    .m_hdr_ip_id(gsi_hdr_ip_id),
    .m_hdr_deth_qkey(gsi_hdr_deth_qkey),
    .m_hdr_deth_sqpn(gsi_hdr_deth_sqpn),
    .m_hdr_pkey(gsi_hdr_pkey),
    .m_hdr_len(gsi_hdr_len),
    .m_hdr_valid(gsi_hdr_valid), .m_hdr_ready(gsi_hdr_ready),
    .m_pl_tdata(gsi_pl_tdata), .m_pl_tkeep(gsi_pl_tkeep), .m_pl_tlast(gsi_pl_tlast),
    .m_pl_tvalid(gsi_pl_tvalid), .m_pl_tready(gsi_pl_tready),
    .stat_rx(stat_gsi_rx), .stat_drop(stat_gsi_drop), .stat_tx(stat_gsi_tx), .stat_tx_bad(stat_gsi_tx_bad)
);

wire [7:0] mg_hdr_opcode;
wire        mg_hdr_se;
wire        mg_hdr_mig;
wire        mg_hdr_ackreq;
wire [15:0] mg_hdr_pkey;
wire [23:0] mg_hdr_dqpn;
wire [23:0] mg_hdr_psn;
wire [47:0] mg_hdr_dmac;
wire [31:0] mg_hdr_dip;
wire [15:0] mg_hdr_ip_id;
wire [7:0] mg_hdr_ttl;
wire [7:0] mg_hdr_tos;
wire [15:0] mg_hdr_sport;
wire [63:0] mg_hdr_reth_va;
wire [31:0] mg_hdr_reth_rkey;
wire [31:0] mg_hdr_reth_len;
wire [31:0] mg_hdr_aeth;
wire [31:0] mg_hdr_imm;
wire [31:0] mg_hdr_deth_qkey;
wire [23:0] mg_hdr_deth_sqpn;
wire [63:0] mg_hdr_atomic_va;
wire [31:0] mg_hdr_atomic_rkey;
wire [63:0] mg_hdr_atomic_swap;
wire [63:0] mg_hdr_atomic_cmp;
wire [63:0] mg_hdr_atomic_ack;
wire [12:0] mg_hdr_len;
wire              mg_hdr_valid, mg_hdr_ready;
wire [DATA_W-1:0] mg_pl_tdata;
wire [KEEP_W-1:0] mg_pl_tkeep;
wire              mg_pl_tlast, mg_pl_tvalid, mg_pl_tready;

rnic_tx_arb #(
    .DATA_W(DATA_W)
) gsi_arb_inst (
    .clk(clk), .rst(rst),
    .s_resp_hdr_opcode(resp_hdr_opcode),
    .s_resp_hdr_se(resp_hdr_se),
    .s_resp_hdr_mig(resp_hdr_mig),
    .s_resp_hdr_ackreq(resp_hdr_ackreq),
    .s_resp_hdr_pkey(resp_hdr_pkey),
    .s_resp_hdr_dqpn(resp_hdr_dqpn),
    .s_resp_hdr_psn(resp_hdr_psn),
    .s_resp_hdr_dmac(resp_hdr_dmac),
    .s_resp_hdr_dip(resp_hdr_dip),
    .s_resp_hdr_ip_id(resp_hdr_ip_id),
    .s_resp_hdr_ttl(resp_hdr_ttl),
    .s_resp_hdr_tos(resp_hdr_tos),
    .s_resp_hdr_sport(resp_hdr_sport),
    .s_resp_hdr_reth_va(resp_hdr_reth_va),
    .s_resp_hdr_reth_rkey(resp_hdr_reth_rkey),
    .s_resp_hdr_reth_len(resp_hdr_reth_len),
    .s_resp_hdr_aeth(resp_hdr_aeth),
    .s_resp_hdr_imm(resp_hdr_imm),
    .s_resp_hdr_deth_qkey(resp_hdr_deth_qkey),
    .s_resp_hdr_deth_sqpn(resp_hdr_deth_sqpn),
    .s_resp_hdr_atomic_va(resp_hdr_atomic_va),
    .s_resp_hdr_atomic_rkey(resp_hdr_atomic_rkey),
    .s_resp_hdr_atomic_swap(resp_hdr_atomic_swap),
    .s_resp_hdr_atomic_cmp(resp_hdr_atomic_cmp),
    .s_resp_hdr_atomic_ack(resp_hdr_atomic_ack),
    .s_resp_hdr_len(resp_hdr_len),
    .s_resp_hdr_valid(resp_hdr_out_valid), .s_resp_hdr_ready(resp_hdr_out_ready),
    .s_resp_axis_pl_tdata(resp_pl_tdata), .s_resp_axis_pl_tkeep(resp_pl_tkeep),
    .s_resp_axis_pl_tlast(resp_pl_tlast), .s_resp_axis_pl_tvalid(resp_pl_tvalid_out),
    .s_resp_axis_pl_tready(resp_pl_tready_out),
    .s_req_hdr_opcode(gsi_hdr_opcode),
    .s_req_hdr_se(1'd0),
    .s_req_hdr_mig(1'd0),
    .s_req_hdr_ackreq(1'd0),
    .s_req_hdr_pkey(gsi_hdr_pkey),
    .s_req_hdr_dqpn(gsi_hdr_dqpn),
    .s_req_hdr_psn(gsi_hdr_psn),
    .s_req_hdr_dmac(gsi_hdr_dmac),
    .s_req_hdr_dip(gsi_hdr_dip),
    .s_req_hdr_ip_id(gsi_hdr_ip_id),
    .s_req_hdr_ttl(8'd0),
    .s_req_hdr_tos(8'd0),
    .s_req_hdr_sport(16'd0),
    .s_req_hdr_reth_va(64'd0),
    .s_req_hdr_reth_rkey(32'd0),
    .s_req_hdr_reth_len(32'd0),
    .s_req_hdr_aeth(32'd0),
    .s_req_hdr_imm(32'd0),
    .s_req_hdr_deth_qkey(gsi_hdr_deth_qkey),
    .s_req_hdr_deth_sqpn(gsi_hdr_deth_sqpn),
    .s_req_hdr_atomic_va(64'd0),
    .s_req_hdr_atomic_rkey(32'd0),
    .s_req_hdr_atomic_swap(64'd0),
    .s_req_hdr_atomic_cmp(64'd0),
    .s_req_hdr_atomic_ack(64'd0),
    .s_req_hdr_len(gsi_hdr_len),
    .s_req_hdr_valid(gsi_hdr_valid), .s_req_hdr_ready(gsi_hdr_ready),
    .s_req_axis_pl_tdata(gsi_pl_tdata), .s_req_axis_pl_tkeep(gsi_pl_tkeep),
    .s_req_axis_pl_tlast(gsi_pl_tlast), .s_req_axis_pl_tvalid(gsi_pl_tvalid),
    .s_req_axis_pl_tready(gsi_pl_tready),
    .m_hdr_opcode(mg_hdr_opcode),
    .m_hdr_se(mg_hdr_se),
    .m_hdr_mig(mg_hdr_mig),
    .m_hdr_ackreq(mg_hdr_ackreq),
    .m_hdr_pkey(mg_hdr_pkey),
    .m_hdr_dqpn(mg_hdr_dqpn),
    .m_hdr_psn(mg_hdr_psn),
    .m_hdr_dmac(mg_hdr_dmac),
    .m_hdr_dip(mg_hdr_dip),
    .m_hdr_ip_id(mg_hdr_ip_id),
    .m_hdr_ttl(mg_hdr_ttl),
    .m_hdr_tos(mg_hdr_tos),
    .m_hdr_sport(mg_hdr_sport),
    .m_hdr_reth_va(mg_hdr_reth_va),
    .m_hdr_reth_rkey(mg_hdr_reth_rkey),
    .m_hdr_reth_len(mg_hdr_reth_len),
    .m_hdr_aeth(mg_hdr_aeth),
    .m_hdr_imm(mg_hdr_imm),
    .m_hdr_deth_qkey(mg_hdr_deth_qkey),
    .m_hdr_deth_sqpn(mg_hdr_deth_sqpn),
    .m_hdr_atomic_va(mg_hdr_atomic_va),
    .m_hdr_atomic_rkey(mg_hdr_atomic_rkey),
    .m_hdr_atomic_swap(mg_hdr_atomic_swap),
    .m_hdr_atomic_cmp(mg_hdr_atomic_cmp),
    .m_hdr_atomic_ack(mg_hdr_atomic_ack),
    .m_hdr_len(mg_hdr_len),
    .m_hdr_valid(mg_hdr_valid), .m_hdr_ready(mg_hdr_ready),
    .m_axis_pl_tdata(mg_pl_tdata), .m_axis_pl_tkeep(mg_pl_tkeep), .m_axis_pl_tlast(mg_pl_tlast),
    .m_axis_pl_tvalid(mg_pl_tvalid), .m_axis_pl_tready(mg_pl_tready)
);

// ---------------------------------------------------------------------------
// Transmit: ACKs before requests, whole packets, then the framer
// ---------------------------------------------------------------------------

wire [7:0]   tx_hdr_opcode;
wire         tx_hdr_se;
wire         tx_hdr_mig;
wire         tx_hdr_ackreq;
wire [15:0]  tx_hdr_pkey;
wire [23:0]  tx_hdr_dqpn;
wire [23:0]  tx_hdr_psn;
wire [47:0]  tx_hdr_dmac;
wire [31:0]  tx_hdr_dip;
wire [15:0]  tx_hdr_ip_id;
wire [7:0]   tx_hdr_ttl;
wire [7:0]   tx_hdr_tos;
wire [15:0]  tx_hdr_sport;
wire [63:0]  tx_hdr_reth_va;
wire [31:0]  tx_hdr_reth_rkey;
wire [31:0]  tx_hdr_reth_len;
wire [31:0]  tx_hdr_aeth;
wire [31:0]  tx_hdr_imm;
wire [31:0]  tx_hdr_deth_qkey;
wire [23:0]  tx_hdr_deth_sqpn;
wire [63:0]  tx_hdr_atomic_va;
wire [31:0]  tx_hdr_atomic_rkey;
wire [63:0]  tx_hdr_atomic_swap;
wire [63:0]  tx_hdr_atomic_cmp;
wire [63:0]  tx_hdr_atomic_ack;
wire [12:0]  tx_hdr_len;
wire              tx_hdr_valid, tx_hdr_ready;
wire [DATA_W-1:0] tx_pl_tdata;
wire [KEEP_W-1:0] tx_pl_tkeep;
wire              tx_pl_tlast, tx_pl_tvalid, tx_pl_tready;

rnic_tx_arb #(
    .DATA_W(DATA_W)
) tx_arb_inst (
    .clk(clk), .rst(rst),

    .s_resp_hdr_opcode(mg_hdr_opcode),
    .s_resp_hdr_se(mg_hdr_se),
    .s_resp_hdr_mig(mg_hdr_mig),
    .s_resp_hdr_ackreq(mg_hdr_ackreq),
    .s_resp_hdr_pkey(mg_hdr_pkey),
    .s_resp_hdr_dqpn(mg_hdr_dqpn),
    .s_resp_hdr_psn(mg_hdr_psn),
    .s_resp_hdr_dmac(mg_hdr_dmac),
    .s_resp_hdr_dip(mg_hdr_dip),
    .s_resp_hdr_ip_id(mg_hdr_ip_id),
    .s_resp_hdr_ttl(mg_hdr_ttl),
    .s_resp_hdr_tos(mg_hdr_tos),
    .s_resp_hdr_sport(mg_hdr_sport),
    .s_resp_hdr_reth_va(mg_hdr_reth_va),
    .s_resp_hdr_reth_rkey(mg_hdr_reth_rkey),
    .s_resp_hdr_reth_len(mg_hdr_reth_len),
    .s_resp_hdr_aeth(mg_hdr_aeth),
    .s_resp_hdr_imm(mg_hdr_imm),
    .s_resp_hdr_deth_qkey(mg_hdr_deth_qkey),
    .s_resp_hdr_deth_sqpn(mg_hdr_deth_sqpn),
    .s_resp_hdr_atomic_va(mg_hdr_atomic_va),
    .s_resp_hdr_atomic_rkey(mg_hdr_atomic_rkey),
    .s_resp_hdr_atomic_swap(mg_hdr_atomic_swap),
    .s_resp_hdr_atomic_cmp(mg_hdr_atomic_cmp),
    .s_resp_hdr_atomic_ack(mg_hdr_atomic_ack),
    .s_resp_hdr_len(mg_hdr_len),
    .s_resp_hdr_valid(mg_hdr_valid), .s_resp_hdr_ready(mg_hdr_ready),
    .s_resp_axis_pl_tdata(mg_pl_tdata), .s_resp_axis_pl_tkeep(mg_pl_tkeep),
    .s_resp_axis_pl_tlast(mg_pl_tlast), .s_resp_axis_pl_tvalid(mg_pl_tvalid),
    .s_resp_axis_pl_tready(mg_pl_tready),

    .s_req_hdr_opcode(req_hdr_opcode),
    .s_req_hdr_se(req_hdr_se),
    .s_req_hdr_mig(req_hdr_mig),
    .s_req_hdr_ackreq(req_hdr_ackreq),
    .s_req_hdr_pkey(req_hdr_pkey),
    .s_req_hdr_dqpn(req_hdr_dqpn),
    .s_req_hdr_psn(req_hdr_psn),
    .s_req_hdr_dmac(req_hdr_dmac),
    .s_req_hdr_dip(req_hdr_dip),
    .s_req_hdr_ip_id(req_hdr_ip_id),
    .s_req_hdr_ttl(req_hdr_ttl),
    .s_req_hdr_tos(req_hdr_tos),
    .s_req_hdr_sport(req_hdr_sport),
    .s_req_hdr_reth_va(req_hdr_reth_va),
    .s_req_hdr_reth_rkey(req_hdr_reth_rkey),
    .s_req_hdr_reth_len(req_hdr_reth_len),
    .s_req_hdr_aeth(req_hdr_aeth),
    .s_req_hdr_imm(req_hdr_imm),
    .s_req_hdr_deth_qkey(req_hdr_deth_qkey),
    .s_req_hdr_deth_sqpn(req_hdr_deth_sqpn),
    .s_req_hdr_atomic_va(req_hdr_atomic_va),
    .s_req_hdr_atomic_rkey(req_hdr_atomic_rkey),
    .s_req_hdr_atomic_swap(req_hdr_atomic_swap),
    .s_req_hdr_atomic_cmp(req_hdr_atomic_cmp),
    .s_req_hdr_atomic_ack(req_hdr_atomic_ack),
    .s_req_hdr_len(req_hdr_len),
    .s_req_hdr_valid(req_hdr_valid), .s_req_hdr_ready(req_hdr_ready),
    .s_req_axis_pl_tdata(req_pl_tdata), .s_req_axis_pl_tkeep(req_pl_tkeep),
    .s_req_axis_pl_tlast(req_pl_tlast), .s_req_axis_pl_tvalid(req_pl_tvalid),
    .s_req_axis_pl_tready(req_pl_tready),

    .m_hdr_opcode(tx_hdr_opcode),
    .m_hdr_se(tx_hdr_se),
    .m_hdr_mig(tx_hdr_mig),
    .m_hdr_ackreq(tx_hdr_ackreq),
    .m_hdr_pkey(tx_hdr_pkey),
    .m_hdr_dqpn(tx_hdr_dqpn),
    .m_hdr_psn(tx_hdr_psn),
    .m_hdr_dmac(tx_hdr_dmac),
    .m_hdr_dip(tx_hdr_dip),
    .m_hdr_ip_id(tx_hdr_ip_id),
    .m_hdr_ttl(tx_hdr_ttl),
    .m_hdr_tos(tx_hdr_tos),
    .m_hdr_sport(tx_hdr_sport),
    .m_hdr_reth_va(tx_hdr_reth_va),
    .m_hdr_reth_rkey(tx_hdr_reth_rkey),
    .m_hdr_reth_len(tx_hdr_reth_len),
    .m_hdr_aeth(tx_hdr_aeth),
    .m_hdr_imm(tx_hdr_imm),
    .m_hdr_deth_qkey(tx_hdr_deth_qkey),
    .m_hdr_deth_sqpn(tx_hdr_deth_sqpn),
    .m_hdr_atomic_va(tx_hdr_atomic_va),
    .m_hdr_atomic_rkey(tx_hdr_atomic_rkey),
    .m_hdr_atomic_swap(tx_hdr_atomic_swap),
    .m_hdr_atomic_cmp(tx_hdr_atomic_cmp),
    .m_hdr_atomic_ack(tx_hdr_atomic_ack),
    .m_hdr_len(tx_hdr_len),
    .m_hdr_valid(tx_hdr_valid), .m_hdr_ready(tx_hdr_ready),
    .m_axis_pl_tdata(tx_pl_tdata), .m_axis_pl_tkeep(tx_pl_tkeep), .m_axis_pl_tlast(tx_pl_tlast),
    .m_axis_pl_tvalid(tx_pl_tvalid), .m_axis_pl_tready(tx_pl_tready)
);

wire [DATA_W-1:0] txr_tdata;
wire [KEEP_W-1:0] txr_tkeep;
wire              txr_tvalid, txr_tready, txr_tlast;

rnic_framer #(
    .DATA_W(DATA_W)
) framer_inst (
    .clk(clk), .rst(rst),
    .cfg_mac(cfg_mac), .cfg_ip(cfg_ip),
    .s_hdr_valid(tx_hdr_valid), .s_hdr_ready(tx_hdr_ready),

    .s_hdr_opcode(tx_hdr_opcode),
    .s_hdr_se(tx_hdr_se),
    .s_hdr_mig(tx_hdr_mig),
    .s_hdr_ackreq(tx_hdr_ackreq),
    .s_hdr_pkey(tx_hdr_pkey),
    .s_hdr_dqpn(tx_hdr_dqpn),
    .s_hdr_psn(tx_hdr_psn),
    .s_hdr_dmac(tx_hdr_dmac),
    .s_hdr_dip(tx_hdr_dip),
    .s_hdr_ip_id(tx_hdr_ip_id),
    .s_hdr_ttl(tx_hdr_ttl),
    .s_hdr_tos(tx_hdr_tos),
    .s_hdr_sport(tx_hdr_sport),
    .s_hdr_reth_va(tx_hdr_reth_va),
    .s_hdr_reth_rkey(tx_hdr_reth_rkey),
    .s_hdr_reth_len(tx_hdr_reth_len),
    .s_hdr_aeth(tx_hdr_aeth),
    .s_hdr_imm(tx_hdr_imm),
    .s_hdr_deth_qkey(tx_hdr_deth_qkey),
    .s_hdr_deth_sqpn(tx_hdr_deth_sqpn),
    .s_hdr_atomic_va(tx_hdr_atomic_va),
    .s_hdr_atomic_rkey(tx_hdr_atomic_rkey),
    .s_hdr_atomic_swap(tx_hdr_atomic_swap),
    .s_hdr_atomic_cmp(tx_hdr_atomic_cmp),
    .s_hdr_atomic_ack(tx_hdr_atomic_ack),
    .s_hdr_len(tx_hdr_len),
    .s_axis_pay_tdata(tx_pl_tdata), .s_axis_pay_tkeep(tx_pl_tkeep), .s_axis_pay_tvalid(tx_pl_tvalid),
    .s_axis_pay_tready(tx_pl_tready), .s_axis_pay_tlast(tx_pl_tlast),
    .m_axis_tx_tdata(txr_tdata), .m_axis_tx_tkeep(txr_tkeep),
    .m_axis_tx_tvalid(txr_tvalid), .m_axis_tx_tready(txr_tready),
    .m_axis_tx_tlast(txr_tlast)
);

rnic_axis_reg #(
    .DATA_W(DATA_W)
) tx_reg_inst (
    .clk(clk), .rst(rst),
    .s_axis_tdata(txr_tdata), .s_axis_tkeep(txr_tkeep), .s_axis_tvalid(txr_tvalid),
    .s_axis_tready(txr_tready), .s_axis_tlast(txr_tlast),
    .m_axis_tdata(m_axis_tx_tdata), .m_axis_tkeep(m_axis_tx_tkeep), .m_axis_tvalid(m_axis_tx_tvalid),
    .m_axis_tready(m_axis_tx_tready), .m_axis_tlast(m_axis_tx_tlast)
);

// ---------------------------------------------------------------------------
// Completions: requester and responder CQEs, alternating when both wait
// ---------------------------------------------------------------------------
// Each source's CQEs pass a register slice before the choice, so neither
// engine's completion logic reaches the other's ready.
wire                      rqc_valid, rqc_ready, rsc_valid, rsc_ready;
wire [23:0]               rqc_cqn, rsc_cqn;
wire [`RNIC_CQE_BITS-1:0] rqc_data, rsc_data;

rnic_skid #(.W(24 + `RNIC_CQE_BITS)) req_cqe_slice (
    .clk(clk), .rst(rst),
    .s_data({req_cqe_cqn, req_cqe_data}), .s_valid(req_cqe_valid), .s_ready(req_cqe_ready),
    .m_data({rqc_cqn, rqc_data}), .m_valid(rqc_valid), .m_ready(rqc_ready)
);
rnic_skid #(.W(24 + `RNIC_CQE_BITS)) resp_cqe_slice (
    .clk(clk), .rst(rst),
    .s_data({resp_cqe_cqn, resp_cqe_data}), .s_valid(resp_cqe_valid), .s_ready(resp_cqe_ready),
    .m_data({rsc_cqn, rsc_data}), .m_valid(rsc_valid), .m_ready(rsc_ready)
);

reg         cqe_last_req_reg;   // the last CQE taken came from the requester
wire        cqe_pick_req = rqc_valid && (!rsc_valid || !cqe_last_req_reg);
wire        cqe_valid = rqc_valid || rsc_valid;
wire        cqe_ready;
wire [23:0] cqe_cqn = cqe_pick_req ? rqc_cqn : rsc_cqn;
wire [`RNIC_CQE_BITS-1:0] cqe_data = cqe_pick_req ? rqc_data : rsc_data;
assign rqc_ready = cqe_ready && cqe_pick_req;
assign rsc_ready = cqe_ready && !cqe_pick_req;

always @(posedge clk) begin
    if (cqe_valid && cqe_ready)
        cqe_last_req_reg <= cqe_pick_req;
    if (rst)
        cqe_last_req_reg <= 1'b0;
end

wire       cq_irq_valid;
wire [4:0] cq_irq_vector;
wire       stat_cqe_written, stat_cq_overrun, stat_cqe_bad_cq, stat_cqe_dma_err;

rnic_cqe_writer #(
    .DATA_W(DATA_W),
    .LOG_CQS(LOG_CQS)
) cqe_writer_inst (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .s_cq_db_valid(cq_db_valid), .s_cq_db_cqn(cq_db_cqn), .s_cq_db_ci(cq_db_ci),
    .s_cq_db_arm(cq_db_arm),
    .s_cqe_valid(cqe_valid), .s_cqe_ready(cqe_ready), .s_cqe_cqn(cqe_cqn), .s_cqe_data(cqe_data),
    .m_dma_wr_req_addr(wr_req_addr[1*64 +: 64]), .m_dma_wr_req_len(wr_req_len[1*16 +: 16]),
    .m_dma_wr_req_valid(wr_req_valid[1]), .m_dma_wr_req_ready(wr_req_ready[1]),
    .m_dma_wr_tdata(wr_tdata[1*DATA_W +: DATA_W]), .m_dma_wr_tkeep(wr_tkeep[1*KEEP_W +: KEEP_W]),
    .m_dma_wr_tlast(wr_tlast[1]), .m_dma_wr_tvalid(wr_tvalid[1]), .m_dma_wr_tready(wr_tready[1]),
    .s_dma_wr_done(wr_done[1]), .s_dma_wr_error(wr_error[1]),
    .irq_valid(cq_irq_valid), .irq_vector(cq_irq_vector),
    .stat_cqe_written(stat_cqe_written), .stat_cq_overrun(stat_cq_overrun),
    .stat_cqe_bad_cq(stat_cqe_bad_cq), .stat_cqe_dma_err(stat_cqe_dma_err),
    .init_done(cqe_writer_init_done)
);

// Interrupts: CQ pulses go out at once; the register block's vectors (0
// command completion, 1 asynchronous event, any vector the firmware raises
// through HOST_IRQ) wait in a pending mask while a CQ pulse or a lower
// pending vector goes out. A vector raised again while pending goes out once.
reg  [31:0] csr_irq_pend_reg;
wire [31:0] csr_irq_req = csr_irq_pend_reg | (csr_irq_valid ? (32'd1 << csr_irq_vector) : 32'd0);
wire [31:0] csr_irq_low = csr_irq_req & (~csr_irq_req + 32'd1);
wire [31:0] csr_irq_grant = cq_irq_valid ? 32'd0 : csr_irq_low;
reg  [4:0]  csr_irq_low_vec;
integer     csr_irq_i;

always @* begin
    csr_irq_low_vec = 5'd0;
    for (csr_irq_i = 0; csr_irq_i < 32; csr_irq_i = csr_irq_i + 1)
        if (csr_irq_low[csr_irq_i])
            csr_irq_low_vec = csr_irq_i[4:0];
end

assign irq_valid = cq_irq_valid || csr_irq_req != 32'd0;
assign irq_vector = cq_irq_valid ? cq_irq_vector : csr_irq_low_vec;

always @(posedge clk) begin
    csr_irq_pend_reg <= csr_irq_req & ~csr_irq_grant;
    if (rst)
        csr_irq_pend_reg <= 32'd0;
end

// ---------------------------------------------------------------------------
// Host DMA
// ---------------------------------------------------------------------------
wire              stat_rd_valid, stat_wr_valid;
wire [15:0]       stat_rd_bytes, stat_wr_bytes;

// Every DMA port's requests and write data pass a register slice on their
// way in, and their read data on its way out:
// the engines' request logic and the DMA's port arbiters never meet in one
// combinational path (a request on one port would otherwise reach the ready
// of another). An engine hands a CQE over once its data's write requests
// were taken, and the DMA writes in acceptance order, so that the CQE lands
// after the data; with the slices, "taken" is the slice's, so a request of
// the CQE writer (port 1) is not offered to the DMA while a data port's
// slice (0, 2) still holds a request it held when that CQE request entered
// port 1's slice: those reach the DMA first. ahead_reg counts them (the
// slice's entries when the CQE request came, less one leaving in that cycle;
// at most two; counted down as the DMA takes them, in order); data requests
// that arrive later do not hold the CQE back.
localparam RD_REQ_W = 64 + 16 + TAG_W;
localparam WR_REQ_W = 64 + 16;
localparam BEAT_W = DATA_W + KEEP_W + 1;
localparam RD_BEAT_W = DATA_W + KEEP_W + 1 + TAG_W + 1;

wire [RD_PORTS*64-1:0]     dq_rd_req_addr;
wire [RD_PORTS*16-1:0]     dq_rd_req_len;
wire [RD_PORTS*TAG_W-1:0]  dq_rd_req_tag;
wire [RD_PORTS-1:0]        dq_rd_req_valid, dq_rd_req_ready;
wire [RD_PORTS*DATA_W-1:0] dq_rd_tdata;
wire [RD_PORTS*KEEP_W-1:0] dq_rd_tkeep;
wire [RD_PORTS-1:0]        dq_rd_tlast, dq_rd_tvalid, dq_rd_tready, dq_rd_error;
wire [RD_PORTS*TAG_W-1:0]  dq_rd_tuser;
wire [WR_PORTS*64-1:0]     dq_wr_req_addr;
wire [WR_PORTS*16-1:0]     dq_wr_req_len;
wire [WR_PORTS-1:0]        dq_wr_req_valid, dq_wr_req_ready;
wire [WR_PORTS*DATA_W-1:0] dq_wr_tdata;
wire [WR_PORTS*KEEP_W-1:0] dq_wr_tkeep;
wire [WR_PORTS-1:0]        dq_wr_tlast, dq_wr_tvalid, dq_wr_tready;
wire [WR_PORTS-1:0]        wrs_req_valid;   // the write request slices hold a request
wire [WR_PORTS-1:0]        wr_clear;        // no request of this port must go before port 1's
localparam [WR_PORTS-1:0]  WR_DATA_PORTS = 3'b101;   // the responder's and requester's data
localparam                 WR_CQE_PORT = 1;          // the CQE writer's

genvar dp;
generate
for (dp = 0; dp < RD_PORTS; dp = dp + 1) begin : g_rd_port
    rnic_skid #(.W(RD_REQ_W)) req_slice (
        .clk(clk), .rst(rst),
        .s_data({rd_req_addr[dp*64 +: 64], rd_req_len[dp*16 +: 16], rd_req_tag[dp*TAG_W +: TAG_W]}),
        .s_valid(rd_req_valid[dp]), .s_ready(rd_req_ready[dp]),
        .m_data({dq_rd_req_addr[dp*64 +: 64], dq_rd_req_len[dp*16 +: 16], dq_rd_req_tag[dp*TAG_W +: TAG_W]}),
        .m_valid(dq_rd_req_valid[dp]), .m_ready(dq_rd_req_ready[dp])
    );
    rnic_skid #(.W(RD_BEAT_W)) data_slice (
        .clk(clk), .rst(rst),
        .s_data({dq_rd_tdata[dp*DATA_W +: DATA_W], dq_rd_tkeep[dp*KEEP_W +: KEEP_W], dq_rd_tlast[dp],
                 dq_rd_tuser[dp*TAG_W +: TAG_W], dq_rd_error[dp]}),
        .s_valid(dq_rd_tvalid[dp]), .s_ready(dq_rd_tready[dp]),
        .m_data({rd_tdata[dp*DATA_W +: DATA_W], rd_tkeep[dp*KEEP_W +: KEEP_W], rd_tlast[dp],
                 rd_tuser[dp*TAG_W +: TAG_W], rd_error[dp]}),
        .m_valid(rd_tvalid[dp]), .m_ready(rd_tready[dp])
    );
end
for (dp = 0; dp < WR_PORTS; dp = dp + 1) begin : g_wr_port
    rnic_skid #(.W(WR_REQ_W)) req_slice (
        .clk(clk), .rst(rst),
        .s_data({wr_req_addr[dp*64 +: 64], wr_req_len[dp*16 +: 16]}),
        .s_valid(wr_req_valid[dp]), .s_ready(wr_req_ready[dp]),
        .m_data({dq_wr_req_addr[dp*64 +: 64], dq_wr_req_len[dp*16 +: 16]}),
        .m_valid(wrs_req_valid[dp]), .m_ready(dq_wr_req_ready[dp] && dq_wr_req_valid[dp])
    );
    if (dp == WR_CQE_PORT) begin : g_after_data
        assign dq_wr_req_valid[dp] = wrs_req_valid[dp] && wr_clear == {WR_PORTS{1'b1}};
    end else begin : g_any_time
        assign dq_wr_req_valid[dp] = wrs_req_valid[dp];
    end
    if (WR_DATA_PORTS[dp]) begin : g_ahead
        // entries in this slice: the output register, and the skid entry
        // when the slice is not ready (a phantom one in the cycle after
        // reset, when port 1's slice takes nothing either)
        wire [1:0] occ = {1'b0, wrs_req_valid[dp]} + {1'b0, !wr_req_ready[dp]};
        wire       out = dq_wr_req_valid[dp] && dq_wr_req_ready[dp];
        reg  [1:0] ahead_reg;
        always @(posedge clk) begin
            if (wr_req_valid[WR_CQE_PORT] && wr_req_ready[WR_CQE_PORT])
                ahead_reg <= occ - {1'b0, out};
            else if (out && ahead_reg != 2'd0)
                ahead_reg <= ahead_reg - 2'd1;
            if (rst)
                ahead_reg <= 2'd0;
        end
        assign wr_clear[dp] = ahead_reg == 2'd0;
    end else begin : g_no_ahead
        assign wr_clear[dp] = 1'b1;
    end
    rnic_skid #(.W(BEAT_W)) data_slice (
        .clk(clk), .rst(rst),
        .s_data({wr_tdata[dp*DATA_W +: DATA_W], wr_tkeep[dp*KEEP_W +: KEEP_W], wr_tlast[dp]}),
        .s_valid(wr_tvalid[dp]), .s_ready(wr_tready[dp]),
        .m_data({dq_wr_tdata[dp*DATA_W +: DATA_W], dq_wr_tkeep[dp*KEEP_W +: KEEP_W], dq_wr_tlast[dp]}),
        .m_valid(dq_wr_tvalid[dp]), .m_ready(dq_wr_tready[dp])
    );
end
endgenerate

rnic_dma #(
    .DATA_W(DATA_W),
    .ADDR_W(ADDR_W),
    .ID_W(AXI_ID_W),
    .TAG_W(TAG_W),
    .RD_PORTS(RD_PORTS),
    .WR_PORTS(WR_PORTS),
    .RD_FIFO_DEPTH(DMA_RD_FIFO_DEPTH)
) dma_inst (
    .clk(clk), .rst(rst),
    .s_rd_req_addr(dq_rd_req_addr), .s_rd_req_len(dq_rd_req_len), .s_rd_req_tag(dq_rd_req_tag),
    .s_rd_req_valid(dq_rd_req_valid), .s_rd_req_ready(dq_rd_req_ready),
    .m_rd_tdata(dq_rd_tdata), .m_rd_tkeep(dq_rd_tkeep), .m_rd_tlast(dq_rd_tlast), .m_rd_tuser(dq_rd_tuser),
    .m_rd_error(dq_rd_error), .m_rd_tvalid(dq_rd_tvalid), .m_rd_tready(dq_rd_tready),
    .s_wr_req_addr(dq_wr_req_addr), .s_wr_req_len(dq_wr_req_len), .s_wr_req_valid(dq_wr_req_valid),
    .s_wr_req_ready(dq_wr_req_ready),
    .s_wr_tdata(dq_wr_tdata), .s_wr_tkeep(dq_wr_tkeep), .s_wr_tlast(dq_wr_tlast), .s_wr_tvalid(dq_wr_tvalid),
    .s_wr_tready(dq_wr_tready), .m_wr_done(wr_done), .m_wr_error(wr_error),
    .m_axi_awid(m_axi_awid), .m_axi_awaddr(m_axi_awaddr), .m_axi_awlen(m_axi_awlen),
    .m_axi_awsize(m_axi_awsize), .m_axi_awburst(m_axi_awburst), .m_axi_awlock(m_axi_awlock),
    .m_axi_awcache(m_axi_awcache), .m_axi_awprot(m_axi_awprot), .m_axi_awvalid(m_axi_awvalid),
    .m_axi_awready(m_axi_awready),
    .m_axi_wdata(m_axi_wdata), .m_axi_wstrb(m_axi_wstrb), .m_axi_wlast(m_axi_wlast),
    .m_axi_wvalid(m_axi_wvalid), .m_axi_wready(m_axi_wready),
    .m_axi_bid(m_axi_bid), .m_axi_bresp(m_axi_bresp), .m_axi_bvalid(m_axi_bvalid),
    .m_axi_bready(m_axi_bready),
    .m_axi_arid(m_axi_arid), .m_axi_araddr(m_axi_araddr), .m_axi_arlen(m_axi_arlen),
    .m_axi_arsize(m_axi_arsize), .m_axi_arburst(m_axi_arburst), .m_axi_arlock(m_axi_arlock),
    .m_axi_arcache(m_axi_arcache), .m_axi_arprot(m_axi_arprot), .m_axi_arvalid(m_axi_arvalid),
    .m_axi_arready(m_axi_arready),
    .m_axi_rid(m_axi_rid), .m_axi_rdata(m_axi_rdata), .m_axi_rresp(m_axi_rresp),
    .m_axi_rlast(m_axi_rlast), .m_axi_rvalid(m_axi_rvalid), .m_axi_rready(m_axi_rready),
    .stat_rd_valid(stat_rd_valid), .stat_rd_bytes(stat_rd_bytes),
    .stat_wr_valid(stat_wr_valid), .stat_wr_bytes(stat_wr_bytes)
);

// ---------------------------------------------------------------------------
// Counters (enum stat): increments per cycle, summed in rnic_csr
// ---------------------------------------------------------------------------
// an RC or XRC ACK the requester takes
wire ack_rx = ack_valid && ack_ready && ack_opcode[4:0] == `RNIC_BTH_OP_ACK;
always @* begin
    stat_inc = {STATS*STAT_W{1'b0}};
    stat_inc[0 +: STAT_W] = timer_turbo ? TICK_M1 : {STAT_W{1'b0}};   // CYCLES
    stat_inc[`RNIC_STAT_TX_PKTS*STAT_W +: STAT_W] =
        {{(STAT_W-1){1'b0}}, m_axis_tx_tvalid && m_axis_tx_tready && m_axis_tx_tlast};
    stat_inc[`RNIC_STAT_TX_BYTES*STAT_W +: STAT_W] =
        (m_axis_tx_tvalid && m_axis_tx_tready) ? keep_bytes(m_axis_tx_tkeep) : {STAT_W{1'b0}};
    stat_inc[`RNIC_STAT_RX_PKTS*STAT_W +: STAT_W] =
        {{(STAT_W-1){1'b0}}, s_axis_rx_tvalid && s_axis_rx_tready && s_axis_rx_tlast};
    stat_inc[`RNIC_STAT_RX_BYTES*STAT_W +: STAT_W] =
        (s_axis_rx_tvalid && s_axis_rx_tready) ? keep_bytes(s_axis_rx_tkeep) : {STAT_W{1'b0}};
    stat_inc[`RNIC_STAT_RX_ICRC_ERR*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_icrc_err};
    stat_inc[`RNIC_STAT_RX_BAD_HDR*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_bad_hdr};
    stat_inc[`RNIC_STAT_RX_BAD_QP*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_bad_qp};
    stat_inc[`RNIC_STAT_RX_PSN_ERR*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_psn_err};
    stat_inc[`RNIC_STAT_DB_REJECT*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_db_reject};
    stat_inc[`RNIC_STAT_WQE_FETCHED*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_wqe_fetched};
    stat_inc[`RNIC_STAT_CQE_WRITTEN*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_cqe_written};
    stat_inc[`RNIC_STAT_DMA_RD_BYTES*STAT_W +: STAT_W] = stat_rd_valid ? stat_rd_bytes : {STAT_W{1'b0}};
    stat_inc[`RNIC_STAT_DMA_WR_BYTES*STAT_W +: STAT_W] = stat_wr_valid ? stat_wr_bytes : {STAT_W{1'b0}};
    stat_inc[`RNIC_STAT_ACKS_TX*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_ack_tx};
    stat_inc[`RNIC_STAT_ACKS_RX*STAT_W +: STAT_W] =
        {{(STAT_W-1){1'b0}}, ack_rx};
    stat_inc[`RNIC_STAT_WQE_INDEX_ERR*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_wqe_index_err};
    stat_inc[`RNIC_STAT_RX_MSG_DROP*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_msg_drop};
    stat_inc[`RNIC_STAT_EVENT_DROP*STAT_W +: STAT_W] = {{(STAT_W-3){1'b0}}, stat_event_drop};
    stat_inc[`RNIC_STAT_RX_RAW*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_raw_rx};
    stat_inc[`RNIC_STAT_RX_RAW_DROP*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_raw_drop};
    stat_inc[`RNIC_STAT_TX_TSO_SEG*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_tso_seg};
    stat_inc[`RNIC_STAT_TX_CSUM*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_tx_csum};
    stat_inc[`RNIC_STAT_GSI_RX*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_gsi_rx};
    stat_inc[`RNIC_STAT_GSI_RX_DROP*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_gsi_drop};
    stat_inc[`RNIC_STAT_GSI_TX*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_gsi_tx};
    stat_inc[`RNIC_STAT_GSI_TX_BAD*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_gsi_tx_bad};
    stat_inc[`RNIC_STAT_RETRANS*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_retrans};
    stat_inc[`RNIC_STAT_RETRANS_PKTS*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_retrans_pkt};
    stat_inc[`RNIC_STAT_TIMEOUTS*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_timeout};
    // every NAK the requester takes (AETH syndrome), whatever it then does
    // with it
    stat_inc[`RNIC_STAT_RX_NAK_SEQ*STAT_W +: STAT_W] =
        {{(STAT_W-1){1'b0}}, ack_rx && ack_aeth[31:24] == {`RNIC_AETH_TYPE_NAK, `RNIC_AETH_NAK_PSN_SEQ_ERR}};
    stat_inc[`RNIC_STAT_RX_RNR_NAK*STAT_W +: STAT_W] =
        {{(STAT_W-1){1'b0}}, ack_rx && ack_aeth[31:29] == `RNIC_AETH_TYPE_RNR_NAK};
    stat_inc[`RNIC_STAT_TX_NAK_SEQ*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_nak_seq_tx};
    stat_inc[`RNIC_STAT_TX_RNR_NAK*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_rnr_nak};
    stat_inc[`RNIC_STAT_RX_DUP*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_dup};
    stat_inc[`RNIC_STAT_RX_RESP_DROP*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_ack_drop};
    stat_inc[`RNIC_STAT_RETRY_EXC*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_retry_exc};
    stat_inc[`RNIC_STAT_ACK_COALESCED*STAT_W +: STAT_W] = {{(STAT_W-1){1'b0}}, stat_ack_coal};
end

// ---------------------------------------------------------------------------
// Hardware events for the firmware (FW_EVENT): QP errors of the requester
// (completion and WQE stages) and responder, dropped malformed WQEs, SRQ
// limits
// ---------------------------------------------------------------------------
localparam [7:0] EV_REQ_ERR = `RNIC_HW_EVENT_REQ_ERR;
localparam [7:0] EV_QP_FATAL = `RNIC_HW_EVENT_QP_FATAL;
localparam [7:0] EV_SRQ_LIMIT = `RNIC_HW_EVENT_SRQ_LIMIT;

// events are {data word, type, number}; only MW_BIND has a data word
rnic_evq #(.NSRC(7), .EW(64)) evq_inst (
    .clk(clk), .rst(rst),
    .s_valid({resp_mw_ev_valid, req_mw_ev_valid, fetch_err_valid, resp_srq_lim_valid, resp_qp_err_valid, req_err_w_valid,
              req_err_c_valid}),
    .s_event({resp_mw_ev, req_mw_ev, 32'd0, EV_QP_FATAL, fetch_err_qpn, 32'd0, EV_SRQ_LIMIT, resp_srq_lim_srqn,
              32'd0, resp_qp_err_type, resp_qp_err_qpn, 32'd0, EV_REQ_ERR, req_err_w_qpn,
              32'd0, EV_REQ_ERR, req_err_c_qpn}),
    .m_valid(ev_valid), .m_event(ev_event), .m_pop(ev_pop),
    .stat_drop(stat_event_drop)
);

wire unused_ok = &{1'b0, fetch_err_index, rd_error[1:0], wr_error[0], wr_error[2], cfg_link_en,
                   stat_inv_req, stat_nak_seq, stat_nak_rnr, stat_cq_overrun, stat_cqe_bad_cq,
                   stat_cqe_dma_err, resp_hdr_smac, resp_hdr_sip,
                   rd_tuser[0*TAG_W+4 +: TAG_W-4], rd_tuser[2*TAG_W+4 +: TAG_W-4]};

endmodule

`resetall
