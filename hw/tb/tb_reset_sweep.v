// tb_reset_sweep: rnic_top's reset sweep (docs/rtl-interfaces.md, "Reset").
//
// Every entry of every context table of the six blocks that keep them
// (rnic_doorbell, rnic_wqe_fetch, rnic_req, rnic_resp, rnic_raw_rx,
// rnic_cqe_writer) is filled through hierarchical writes with a pattern that
// is not its reset value; after reset, rnic_top's ready must stay low for
// exactly the longest walk (the largest table: SWEEP cycles) and then rise,
// and every entry must read back as its reset value. BAR0 STATUS and FW
// STATUS are read over their AXI4-Lite ports during the sweep (bit 0 clear)
// and after it (set). Context writes broadcast while the blocks sweep (QPC,
// CQC, SRQC and MPT entries the walk has already passed) must be ignored.
// Three resets: the tables filled while reset is held; filled while the
// device runs, then reset (a reset after configuration); and a reset in the
// middle of a sweep, which starts the walk again.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_reset_sweep;

localparam DATA_W = 64;
localparam KEEP_W = DATA_W / 8;
localparam QPS = 1 << `RNIC_LOG_QPS;
localparam CQS = 1 << `RNIC_LOG_CQS;
localparam MRS = 1 << `RNIC_LOG_MRS;
localparam SRQS = 1 << `RNIC_LOG_SRQS;
localparam FLOWS = 1 << `RNIC_LOG_FLOWS;
localparam MAX_A = QPS > CQS ? QPS : CQS;
localparam MAX_B = MRS > SRQS ? MRS : SRQS;
localparam MAX_C = MAX_A > MAX_B ? MAX_A : MAX_B;
localparam SWEEP = MAX_C > FLOWS ? MAX_C : FLOWS;   // cycles of the longest walk
// rnic_doorbell walks its QP, CQ and SRQ tables in DB_SWEEP cycles (rnic_wqe_fetch
// its QP tables in QPS, rnic_cqe_writer its CQ tables in CQS): the context
// writes of the test must reach each block before its walk is over
localparam DB_SWEEP = MAX_A > SRQS ? MAX_A : SRQS;
localparam [1:0] OKAY = 2'b00;

reg clk = 1'b0;
reg rst = 1'b1;
always #2 clk = ~clk;

// BAR0
reg  [19:0] h_araddr = 20'd0;
reg         h_arvalid = 1'b0;
wire        h_arready;
wire [31:0] h_rdata;
wire [1:0]  h_rresp;
wire        h_rvalid;
wire        h_awready, h_wready, h_bvalid;
wire [1:0]  h_bresp;
// firmware port
reg  [15:0] f_awaddr = 16'd0;
reg         f_awvalid = 1'b0;
wire        f_awready;
reg  [31:0] f_wdata = 32'd0;
reg         f_wvalid = 1'b0;
wire        f_wready;
wire [1:0]  f_bresp;
wire        f_bvalid;
reg  [15:0] f_araddr = 16'd0;
reg         f_arvalid = 1'b0;
wire        f_arready;
wire [31:0] f_rdata;
wire [1:0]  f_rresp;
wire        f_rvalid;

/* verilator lint_off UNUSEDSIGNAL */
wire              fw_irq, irq_valid, timer_busy, timer_skip_ok;
wire [4:0]        irq_vector;
wire [7:0]        awid, arid, awlen, arlen;
wire [63:0]       awaddr, araddr;
wire [2:0]        awsize, arsize, awprot, arprot;
wire [1:0]        awburst, arburst;
wire              awlock, arlock, awvalid, arvalid, wlast, wvalid, bready, rready;
wire [3:0]        awcache, arcache;
wire [DATA_W-1:0] wdata, tx_tdata;
wire [KEEP_W-1:0] wstrb, tx_tkeep;
wire              tx_tvalid, tx_tlast, rx_tready;
/* verilator lint_on UNUSEDSIGNAL */

rnic_top #(
    .DATA_W(DATA_W)
) dut (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(20'd0), .s_axil_awprot(3'd0), .s_axil_awvalid(1'b0), .s_axil_awready(h_awready),
    .s_axil_wdata(32'd0), .s_axil_wstrb(4'h0), .s_axil_wvalid(1'b0), .s_axil_wready(h_wready),
    .s_axil_bresp(h_bresp), .s_axil_bvalid(h_bvalid), .s_axil_bready(1'b1),
    .s_axil_araddr(h_araddr), .s_axil_arprot(3'd0), .s_axil_arvalid(h_arvalid), .s_axil_arready(h_arready),
    .s_axil_rdata(h_rdata), .s_axil_rresp(h_rresp), .s_axil_rvalid(h_rvalid), .s_axil_rready(1'b1),
    .s_axil_fw_awaddr(f_awaddr), .s_axil_fw_awprot(3'd0), .s_axil_fw_awvalid(f_awvalid),
    .s_axil_fw_awready(f_awready), .s_axil_fw_wdata(f_wdata), .s_axil_fw_wstrb(4'hF),
    .s_axil_fw_wvalid(f_wvalid), .s_axil_fw_wready(f_wready), .s_axil_fw_bresp(f_bresp),
    .s_axil_fw_bvalid(f_bvalid), .s_axil_fw_bready(1'b1), .s_axil_fw_araddr(f_araddr),
    .s_axil_fw_arprot(3'd0), .s_axil_fw_arvalid(f_arvalid), .s_axil_fw_arready(f_arready),
    .s_axil_fw_rdata(f_rdata), .s_axil_fw_rresp(f_rresp), .s_axil_fw_rvalid(f_rvalid),
    .s_axil_fw_rready(1'b1), .fw_irq(fw_irq),
    // host memory never answers: nothing may be read or written in this test
    .m_axi_awid(awid), .m_axi_awaddr(awaddr), .m_axi_awlen(awlen), .m_axi_awsize(awsize),
    .m_axi_awburst(awburst), .m_axi_awlock(awlock), .m_axi_awcache(awcache), .m_axi_awprot(awprot),
    .m_axi_awvalid(awvalid), .m_axi_awready(1'b0),
    .m_axi_wdata(wdata), .m_axi_wstrb(wstrb), .m_axi_wlast(wlast), .m_axi_wvalid(wvalid), .m_axi_wready(1'b0),
    .m_axi_bid(8'd0), .m_axi_bresp(2'd0), .m_axi_bvalid(1'b0), .m_axi_bready(bready),
    .m_axi_arid(arid), .m_axi_araddr(araddr), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
    .m_axi_arburst(arburst), .m_axi_arlock(arlock), .m_axi_arcache(arcache), .m_axi_arprot(arprot),
    .m_axi_arvalid(arvalid), .m_axi_arready(1'b0),
    .m_axi_rid(8'd0), .m_axi_rdata({DATA_W{1'b0}}), .m_axi_rresp(2'd0), .m_axi_rlast(1'b0),
    .m_axi_rvalid(1'b0), .m_axi_rready(rready),
    .m_axis_tx_tdata(tx_tdata), .m_axis_tx_tkeep(tx_tkeep), .m_axis_tx_tvalid(tx_tvalid),
    .m_axis_tx_tready(1'b1), .m_axis_tx_tlast(tx_tlast),
    .s_axis_rx_tdata({DATA_W{1'b0}}), .s_axis_rx_tkeep({KEEP_W{1'b0}}), .s_axis_rx_tvalid(1'b0),
    .s_axis_rx_tready(rx_tready), .s_axis_rx_tlast(1'b0),
    .irq_valid(irq_valid), .irq_vector(irq_vector),
    .timer_busy(timer_busy), .timer_skip_ok(timer_skip_ok), .timer_turbo(1'b0)
);

integer errors = 0;
integer checks = 0;

// ---------------------------------------------------------------------------
// ready: cycles since reset was released, and the one ready first rose in
// (the first clock edge after the release samples cycle 0)

integer since_rst = 0;
integer rise_at = -1;
integer dma_beats = 0;
always @(posedge clk) begin
    if (rst) begin
        since_rst <= 0;
        rise_at <= -1;
    end else begin
        since_rst <= since_rst + 1;
        if (rise_at < 0 && dut.ready === 1'b1)
            rise_at <= since_rst;
        if (rise_at >= 0 && dut.ready !== 1'b1) begin
            errors = errors + 1;
            $display("FAIL ready fell (%b) %0d cycles after reset without a reset", dut.ready, since_rst);
        end
    end
    if (awvalid || wvalid || arvalid)
        dma_beats <= dma_beats + 1;
end

// ---------------------------------------------------------------------------
// AXI4-Lite (inputs change at the falling edge)

task f_write;
    input [15:0] addr;
    input [31:0] data;
    begin
        @(negedge clk);
        f_awaddr = addr; f_wdata = data; f_awvalid = 1'b1; f_wvalid = 1'b1;
        #1;
        while (!f_awready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        f_awvalid = 1'b0; f_wvalid = 1'b0;
        while (!f_bvalid) @(negedge clk);
        checks = checks + 1;
        if (f_bresp !== OKAY) begin
            errors = errors + 1;
            $display("FAIL fw write %04x: bresp %0d", addr, f_bresp);
        end
    end
endtask

task f_read;
    input [15:0] addr;
    input [31:0] exp_data;
    begin
        @(negedge clk);
        f_araddr = addr; f_arvalid = 1'b1;
        #1;
        while (!f_arready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        f_arvalid = 1'b0;
        while (!f_rvalid) @(negedge clk);
        checks = checks + 1;
        if (f_rresp !== OKAY || f_rdata !== exp_data) begin
            errors = errors + 1;
            $display("FAIL fw read %04x: %08x/%0d, expected %08x (%0d cycles after reset)", addr, f_rdata,
                     f_rresp, exp_data, since_rst);
        end
    end
endtask

task h_read;
    input [19:0] addr;
    input [31:0] exp_data;
    begin
        @(negedge clk);
        h_araddr = addr; h_arvalid = 1'b1;
        #1;
        while (!h_arready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        h_arvalid = 1'b0;
        while (!h_rvalid) @(negedge clk);
        checks = checks + 1;
        if (h_rresp !== OKAY || h_rdata !== exp_data) begin
            errors = errors + 1;
            $display("FAIL host read %05x: %08x/%0d, expected %08x (%0d cycles after reset)", addr, h_rdata,
                     h_rresp, exp_data, since_rst);
        end
    end
endtask

// a context write of FW_CTX_DATA as held into one entry, which every block
// must ignore while it sweeps: the walk must have passed the entry already
// (so the write would stay) and not be over in the blocks that keep the table
task ctx_write_ignored;
    input [7:0]  table_id;
    input [23:0] index;
    input integer walk;   // cycles of the shortest walk of the blocks keeping the table
    begin
        f_write(`RNIC_FW_CTX_SEL, {index, table_id});
        f_write(`RNIC_FW_CTX_CMD, `RNIC_CTX_CMD_WRITE);
        checks = checks + 1;
        if (since_rst <= index + 2 || since_rst >= walk) begin
            errors = errors + 1;
            $display("FAIL test timing: context write of table %0d entry %0d %0d cycles after reset (walk %0d)",
                     table_id, index, since_rst, walk);
        end
    end
endtask

// ---------------------------------------------------------------------------
// the tables: a pattern that is no entry's reset value (bit 0 set), and the
// check that an entry holds its reset value

function [511:0] pattern;
    input integer i;
    reg [31:0] w;
    begin
        w = ~(i << 1);
        pattern = {16{w}};
    end
endfunction

integer i;
reg [511:0] got;

`define RS_FILL(t, n) for (i = 0; i < (n); i = i + 1) t[i] = pattern(i);
`define RS_CHECK(t, n, v, name) \
    for (i = 0; i < (n); i = i + 1) begin \
        got = t[i]; \
        checks = checks + 1; \
        if (t[i] !== (v)) begin \
            errors = errors + 1; \
            if (errors < 40) \
                $display("FAIL %0s[%0d] is %0h after the sweep, reset value %0h", name, i, got, v); \
        end \
    end

task fill_tables;
    begin
        `RS_FILL(dut.doorbell_inst.qpc_uctx_mem, QPS)
        `RS_FILL(dut.doorbell_inst.qpc_state_mem, QPS)
        `RS_FILL(dut.doorbell_inst.cqc_uctx_mem, CQS)
        `RS_FILL(dut.doorbell_inst.cqc_valid_mem, CQS)
        `RS_FILL(dut.doorbell_inst.srqc_uctx_mem, SRQS)
        `RS_FILL(dut.doorbell_inst.srqc_valid_mem, SRQS)
        `RS_FILL(dut.doorbell_inst.sq_pi_mem, QPS)
        `RS_FILL(dut.doorbell_inst.pop_state_mem, QPS)
        `RS_FILL(dut.doorbell_inst.set_mem, QPS)
        `RS_FILL(dut.doorbell_inst.clr_mem, QPS)
        `RS_FILL(dut.fetch_inst.sq_base_mem, QPS)
        `RS_FILL(dut.fetch_inst.sq_ring_mem, QPS)
        `RS_FILL(dut.fetch_inst.ci_mem, QPS)
        `RS_FILL(dut.fetch_inst.ep_mem, QPS)
        `RS_FILL(dut.fetch_inst.ep_rw_mem, QPS)
        `RS_FILL(dut.fetch_inst.ep_out_mem, QPS)
        `RS_FILL(dut.req_inst.qpc_mem, QPS)
        `RS_FILL(dut.req_inst.cqn_mem, QPS)
        `RS_FILL(dut.req_inst.bst_mem, QPS)
        `RS_FILL(dut.req_inst.psn_mem, QPS)
        `RS_FILL(dut.req_inst.qkey_mem, QPS)
        `RS_FILL(dut.req_inst.xrc_mem, QPS)
        `RS_FILL(dut.req_inst.rtp_mem, QPS)
        `RS_FILL(dut.req_inst.mpt_mem, MRS)
        `RS_FILL(dut.req_inst.cmpl.head_tab.e_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.head_tab.x_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.tail_tab.e_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.tail_tab.x_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.rd_busy.e_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.rd_busy.x_mem, QPS)
        `RS_FILL(dut.req_inst.rwh.e_mem, QPS)
        `RS_FILL(dut.req_inst.rwh.x_mem, QPS)
        `RS_FILL(dut.req_inst.hi_valid.e_mem, QPS)
        `RS_FILL(dut.req_inst.hi_valid.x_mem, QPS)
        `RS_FILL(dut.req_inst.err_eng.e_mem, QPS)
        `RS_FILL(dut.req_inst.err_eng.x_mem, QPS)
        `RS_FILL(dut.req_inst.err_fatal.e_mem, QPS)
        `RS_FILL(dut.req_inst.err_fatal.x_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.rd_atom_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.sent_mem, QPS)
        `RS_FILL(dut.req_inst.cmpl.rdst_mem, QPS)
        `RS_FILL(dut.req_inst.timer.rl_mem, QPS)
        `RS_FILL(dut.req_inst.timer.tm_dl_mem, QPS)
        `RS_FILL(dut.req_inst.timer.rpsn_mem, QPS)
        `RS_FILL(dut.req_inst.timer.on_mem, QPS)
        `RS_FILL(dut.req_inst.timer.rnr_mem, QPS)
        `RS_FILL(dut.req_inst.timer.now_mem, QPS)
        `RS_FILL(dut.req_inst.timer.hold_mem, QPS)
        `RS_FILL(dut.req_inst.timer.rs_mem, QPS)
        `RS_FILL(dut.req_inst.timer.rc_mem, QPS)
        `RS_FILL(dut.req_inst.timer.iqs_mem, QPS)
        `RS_FILL(dut.req_inst.timer.iqc_mem, QPS)
        `RS_FILL(dut.req_inst.rwi_mem, QPS)
        `RS_FILL(dut.req_inst.rwf_mem, QPS)
        `RS_FILL(dut.req_inst.nidx_mem, QPS)
        `RS_FILL(dut.req_inst.hi_mem, QPS)
        `RS_FILL(dut.resp_inst.qpc_mem, QPS)
        `RS_FILL(dut.resp_inst.mpt_mem, MRS)
        `RS_FILL(dut.resp_inst.psn_mem, QPS)
        `RS_FILL(dut.resp_inst.ac_mem, QPS)
        `RS_FILL(dut.resp_inst.cm_mem, QPS)
        `RS_FILL(dut.resp_inst.rq_pi.mem, QPS)
        `RS_FILL(dut.resp_inst.msg_mem, QPS)
        `RS_FILL(dut.resp_inst.srqc_mem, SRQS)
        `RS_FILL(dut.resp_inst.srq_pi.mem, SRQS)
        `RS_FILL(dut.resp_inst.srq_ci_mem, SRQS)
        `RS_FILL(dut.resp_inst.srq_lim_mem, SRQS)
        `RS_FILL(dut.raw_rx_inst.flows, FLOWS)
        `RS_FILL(dut.cqe_writer_inst.cq_valid, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_log, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_vec, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_base, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_pi, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_ci, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_arm, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_ci_epoch, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_pi_epoch, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_arm_token, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_ci_stamp, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_fire_token, CQS)
        `RS_FILL(dut.cqe_writer_inst.cq_pi_stamp, CQS)
    end
endtask

task check_tables;
    begin
        `RS_CHECK(dut.doorbell_inst.qpc_uctx_mem, QPS, 0, "doorbell qpc_uctx_mem")
        `RS_CHECK(dut.doorbell_inst.qpc_state_mem, QPS, `RNIC_QP_STATE_RESET, "doorbell qpc_state_mem")
        `RS_CHECK(dut.doorbell_inst.cqc_uctx_mem, CQS, 0, "doorbell cqc_uctx_mem")
        `RS_CHECK(dut.doorbell_inst.cqc_valid_mem, CQS, 0, "doorbell cqc_valid_mem")
        `RS_CHECK(dut.doorbell_inst.srqc_uctx_mem, SRQS, 0, "doorbell srqc_uctx_mem")
        `RS_CHECK(dut.doorbell_inst.srqc_valid_mem, SRQS, 0, "doorbell srqc_valid_mem")
        `RS_CHECK(dut.doorbell_inst.sq_pi_mem, QPS, 0, "doorbell sq_pi_mem")
        `RS_CHECK(dut.doorbell_inst.pop_state_mem, QPS, `RNIC_QP_STATE_RESET, "doorbell pop_state_mem")
        `RS_CHECK(dut.doorbell_inst.set_mem, QPS, 0, "doorbell set_mem")
        `RS_CHECK(dut.doorbell_inst.clr_mem, QPS, 0, "doorbell clr_mem")
        `RS_CHECK(dut.fetch_inst.sq_base_mem, QPS, 0, "wqe_fetch sq_base_mem")
        `RS_CHECK(dut.fetch_inst.sq_ring_mem, QPS, 0, "wqe_fetch sq_ring_mem")
        `RS_CHECK(dut.fetch_inst.ci_mem, QPS, 0, "wqe_fetch ci_mem")
        `RS_CHECK(dut.fetch_inst.ep_mem, QPS, 0, "wqe_fetch ep_mem")
        `RS_CHECK(dut.fetch_inst.ep_rw_mem, QPS, 0, "wqe_fetch ep_rw_mem")
        `RS_CHECK(dut.fetch_inst.ep_out_mem, QPS, 0, "wqe_fetch ep_out_mem")
        `RS_CHECK(dut.req_inst.qpc_mem, QPS, 0, "req qpc_mem")
        `RS_CHECK(dut.req_inst.cqn_mem, QPS, 0, "req cqn_mem")
        `RS_CHECK(dut.req_inst.bst_mem, QPS, 0, "req bst_mem")
        `RS_CHECK(dut.req_inst.psn_mem, QPS, 0, "req psn_mem")
        `RS_CHECK(dut.req_inst.qkey_mem, QPS, 0, "req qkey_mem")
        `RS_CHECK(dut.req_inst.xrc_mem, QPS, 0, "req xrc_mem")
        `RS_CHECK(dut.req_inst.rtp_mem, QPS, 0, "req rtp_mem")
        `RS_CHECK(dut.req_inst.mpt_mem, MRS, 0, "req mpt_mem")
        `RS_CHECK(dut.req_inst.cmpl.head_tab.e_mem, QPS, 0, "req head_tab e_mem")
        `RS_CHECK(dut.req_inst.cmpl.head_tab.x_mem, QPS, 0, "req head_tab x_mem")
        `RS_CHECK(dut.req_inst.cmpl.tail_tab.e_mem, QPS, 0, "req tail_tab e_mem")
        `RS_CHECK(dut.req_inst.cmpl.tail_tab.x_mem, QPS, 0, "req tail_tab x_mem")
        `RS_CHECK(dut.req_inst.cmpl.rd_busy.e_mem, QPS, 0, "req rd_busy e_mem")
        `RS_CHECK(dut.req_inst.cmpl.rd_busy.x_mem, QPS, 0, "req rd_busy x_mem")
        `RS_CHECK(dut.req_inst.rwh.e_mem, QPS, 0, "req rwh e_mem")
        `RS_CHECK(dut.req_inst.rwh.x_mem, QPS, 0, "req rwh x_mem")
        `RS_CHECK(dut.req_inst.hi_valid.e_mem, QPS, 0, "req hi_valid e_mem")
        `RS_CHECK(dut.req_inst.hi_valid.x_mem, QPS, 0, "req hi_valid x_mem")
        `RS_CHECK(dut.req_inst.err_eng.e_mem, QPS, 0, "req err_eng e_mem")
        `RS_CHECK(dut.req_inst.err_eng.x_mem, QPS, 0, "req err_eng x_mem")
        `RS_CHECK(dut.req_inst.err_fatal.e_mem, QPS, 0, "req err_fatal e_mem")
        `RS_CHECK(dut.req_inst.err_fatal.x_mem, QPS, 0, "req err_fatal x_mem")
        `RS_CHECK(dut.req_inst.cmpl.rd_atom_mem, QPS, 0, "req rd_atom_mem")
        `RS_CHECK(dut.req_inst.cmpl.sent_mem, QPS, 0, "req sent_mem")
        `RS_CHECK(dut.req_inst.cmpl.rdst_mem, QPS, 0, "req rdst_mem")
        `RS_CHECK(dut.req_inst.timer.rl_mem, QPS, 0, "req timer rl_mem")
        `RS_CHECK(dut.req_inst.timer.tm_dl_mem, QPS, 0, "req timer tm_dl_mem")
        `RS_CHECK(dut.req_inst.timer.rpsn_mem, QPS, 0, "req timer rpsn_mem")
        `RS_CHECK(dut.req_inst.timer.on_mem, QPS, 0, "req timer on_mem")
        `RS_CHECK(dut.req_inst.timer.rnr_mem, QPS, 0, "req timer rnr_mem")
        `RS_CHECK(dut.req_inst.timer.now_mem, QPS, 0, "req timer now_mem")
        `RS_CHECK(dut.req_inst.timer.hold_mem, QPS, 0, "req timer hold_mem")
        `RS_CHECK(dut.req_inst.timer.rs_mem, QPS, 0, "req timer rs_mem")
        `RS_CHECK(dut.req_inst.timer.rc_mem, QPS, 0, "req timer rc_mem")
        `RS_CHECK(dut.req_inst.timer.iqs_mem, QPS, 0, "req timer iqs_mem")
        `RS_CHECK(dut.req_inst.timer.iqc_mem, QPS, 0, "req timer iqc_mem")
        `RS_CHECK(dut.req_inst.rwi_mem, QPS, 0, "req rwi_mem")
        `RS_CHECK(dut.req_inst.rwf_mem, QPS, 0, "req rwf_mem")
        `RS_CHECK(dut.req_inst.nidx_mem, QPS, 0, "req nidx_mem")
        `RS_CHECK(dut.req_inst.hi_mem, QPS, 0, "req hi_mem")
        `RS_CHECK(dut.resp_inst.qpc_mem, QPS, 0, "resp qpc_mem")
        `RS_CHECK(dut.resp_inst.mpt_mem, MRS, 0, "resp mpt_mem")
        `RS_CHECK(dut.resp_inst.psn_mem, QPS, 0, "resp psn_mem")
        `RS_CHECK(dut.resp_inst.ac_mem, QPS, 0, "resp ac_mem")
        `RS_CHECK(dut.resp_inst.cm_mem, QPS, 0, "resp cm_mem")
        `RS_CHECK(dut.resp_inst.rq_pi.mem, QPS, 0, "resp rq_pi.mem")
        `RS_CHECK(dut.resp_inst.msg_mem, QPS, 0, "resp msg_mem")
        `RS_CHECK(dut.resp_inst.srqc_mem, SRQS, 0, "resp srqc_mem")
        `RS_CHECK(dut.resp_inst.srq_pi.mem, SRQS, 0, "resp srq_pi.mem")
        `RS_CHECK(dut.resp_inst.srq_ci_mem, SRQS, 0, "resp srq_ci_mem")
        `RS_CHECK(dut.resp_inst.srq_lim_mem, SRQS, 0, "resp srq_lim_mem")
        `RS_CHECK(dut.raw_rx_inst.flows, FLOWS, 0, "raw_rx flows")
        `RS_CHECK(dut.cqe_writer_inst.cq_valid, CQS, 0, "cqe_writer cq_valid")
        `RS_CHECK(dut.cqe_writer_inst.cq_log, CQS, 0, "cqe_writer cq_log")
        `RS_CHECK(dut.cqe_writer_inst.cq_vec, CQS, 0, "cqe_writer cq_vec")
        `RS_CHECK(dut.cqe_writer_inst.cq_base, CQS, 0, "cqe_writer cq_base")
        `RS_CHECK(dut.cqe_writer_inst.cq_pi, CQS, 0, "cqe_writer cq_pi")
        `RS_CHECK(dut.cqe_writer_inst.cq_ci, CQS, 0, "cqe_writer cq_ci")
        `RS_CHECK(dut.cqe_writer_inst.cq_arm, CQS, 0, "cqe_writer cq_arm")
        `RS_CHECK(dut.cqe_writer_inst.cq_ci_epoch, CQS, 0, "cqe_writer cq_ci_epoch")
        `RS_CHECK(dut.cqe_writer_inst.cq_pi_epoch, CQS, 0, "cqe_writer cq_pi_epoch")
        `RS_CHECK(dut.cqe_writer_inst.cq_arm_token, CQS, 0, "cqe_writer cq_arm_token")
        `RS_CHECK(dut.cqe_writer_inst.cq_ci_stamp, CQS, 0, "cqe_writer cq_ci_stamp")
        `RS_CHECK(dut.cqe_writer_inst.cq_fire_token, CQS, 0, "cqe_writer cq_fire_token")
        `RS_CHECK(dut.cqe_writer_inst.cq_pi_stamp, CQS, 0, "cqe_writer cq_pi_stamp")
    end
endtask

// ---------------------------------------------------------------------------
// one reset: ready low while reset is held and during the walk (STATUS[0]
// clear on both ports), context writes of the firmware ignored, ready up
// after exactly SWEEP cycles (STATUS[0] set), every table at its reset value

task sweep_round;
    input [8*96-1:0] what;
    input         with_ctx_writes;
    begin
        $display("%0s", what);
        checks = checks + 1;
        if (dut.ready !== 1'b0) begin
            errors = errors + 1;
            $display("FAIL ready is %b while reset is held", dut.ready);
        end
        @(negedge clk);
        rst = 1'b0;
        if (with_ctx_writes) begin
            // FW_CTX_DATA all ones: valid bits, states, keys, indexes, uctx
            for (i = 0; i < `RNIC_CTX_WORDS; i = i + 1)
                f_write(`RNIC_FW_CTX_DATA + 4 * i, 32'hFFFF_FFFF);
            ctx_write_ignored(`RNIC_CTX_TABLE_QPC, 24'd2, QPS);       // wqe_fetch's walk is the shortest
            ctx_write_ignored(`RNIC_CTX_TABLE_CQC, 24'd3, CQS);       // cqe_writer's
            ctx_write_ignored(`RNIC_CTX_TABLE_SRQC, 24'd4, DB_SWEEP); // doorbell's
            ctx_write_ignored(`RNIC_CTX_TABLE_MPT, 24'd5, SWEEP);     // req's and resp's
        end
        h_read(`RNIC_BAR0_STATUS, 32'd0);
        f_read(`RNIC_FW_STATUS, 32'd0);
        while (dut.ready !== 1'b1 && since_rst < 4 * SWEEP) @(negedge clk);
        @(negedge clk);
        checks = checks + 1;
        if (rise_at != SWEEP) begin
            errors = errors + 1;
            $display("FAIL ready rose %0d cycles after reset, expected %0d", rise_at, SWEEP);
        end
        h_read(`RNIC_BAR0_STATUS, 32'd1);
        f_read(`RNIC_FW_STATUS, 32'd1);
        check_tables;
    end
endtask

initial begin
    $display("tb_reset_sweep: %0d QPs, %0d CQs, %0d keys, %0d SRQs, %0d flow rules: walk of %0d cycles",
             QPS, CQS, MRS, SRQS, FLOWS, SWEEP);

    // 1: the tables filled while reset is held
    repeat (4) @(negedge clk);
    fill_tables;
    repeat (2) @(negedge clk);
    sweep_round("reset 1: tables filled during reset, context writes during the sweep", 1'b1);

    // 2: a reset after configuration (the tables filled while the device runs)
    repeat (20) @(negedge clk);
    fill_tables;
    repeat (20) @(negedge clk);
    rst = 1'b1;
    repeat (4) @(negedge clk);
    sweep_round("reset 2: tables filled while running, then reset", 1'b1);

    // 3: a reset in the middle of the walk starts it again
    repeat (20) @(negedge clk);
    fill_tables;
    rst = 1'b1;
    repeat (4) @(negedge clk);
    rst = 1'b0;
    while (since_rst < SWEEP / 2) @(negedge clk);
    fill_tables;
    rst = 1'b1;
    repeat (4) @(negedge clk);
    sweep_round("reset 3: reset again half-way through the walk", 1'b0);

    checks = checks + 1;
    if (dma_beats != 0) begin
        errors = errors + 1;
        $display("FAIL the device used host memory (%0d cycles of AXI requests)", dma_beats);
    end
    if (errors == 0)
        $display("tb_reset_sweep: %0d checks: PASS", checks);
    else
        $display("tb_reset_sweep: %0d of %0d checks failed: FAIL", errors, checks);
    $finish;
end

// a stuck sweep must not hang the run
initial begin
    #(4 * 40 * SWEEP + 400000);
    $display("tb_reset_sweep: timeout: FAIL");
    $finish;
end

endmodule

`default_nettype wire
