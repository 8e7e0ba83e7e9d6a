// tb_cqe_writer: self-checking testbench of rnic_cqe_writer writing through
// rnic_dma into rnic_tb_axi_ram (random back-pressure).
//
// Checks: the byte image of every CQE at base + (pi mod size) * 32 with the
// owner bit set by the writer (1, 0, 1 over three passes of a ring), bytes
// around a ring unchanged, several CQs interleaved back to back, overrun
// (a full CQ drops the CQE, counts it and leaves memory alone), CQEs for a
// missing CQ dropped and counted, arming (NEXT fires on the next CQE only,
// SOLICITED on a solicited or error CQE only, both once, with the CQ's
// vector, and only after the CQE is in memory), and a back-to-back rate.
`timescale 1ns / 1ps
`default_nettype none
`include "rnic_contract.vh"

module tb_cqe_writer;

parameter DATA_W = 512;                 // DMA width under test
localparam KEEP_W = DATA_W / 8;
localparam CQE_W = `RNIC_CQE_BITS;
localparam [63:0] RAM_BASE = 64'h0000_0002_0000_0000;
localparam RAM_SIZE = 131072;
localparam QD = 256;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

// ---------------------------------------------------------------------------
// DUT: writer -> rnic_dma -> RAM
// ---------------------------------------------------------------------------
reg                          ctx_wr_valid = 1'b0;
reg  [7:0]                   ctx_wr_table = 8'd0;
reg  [23:0]                  ctx_wr_index = 24'd0;
reg  [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data = 0;
reg                          db_valid = 1'b0;
reg  [23:0]                  db_cqn = 24'd0;
reg  [15:0]                  db_ci = 16'd0;
reg  [1:0]                   db_arm = 2'd0;
reg                          cqe_valid;
wire                         cqe_ready;
reg  [23:0]                  cqe_cqn;
reg  [CQE_W-1:0]             cqe_data;

wire [63:0]        dma_addr;
wire [15:0]        dma_len;
wire               dma_req_valid, dma_req_ready;
wire [DATA_W-1:0]  dma_tdata;
wire [KEEP_W-1:0]  dma_tkeep;
wire               dma_tlast, dma_tvalid, dma_tready;
wire               dma_done, dma_error;
wire               irq_valid;
wire [4:0]         irq_vector;
wire               stat_written, stat_overrun, stat_bad_cq, stat_dma_err;
wire               init_done;     // the CQ tables' reset sweep is over

rnic_cqe_writer #(
    .DATA_W(DATA_W),
    .LOG_CQS(8),
    .CTX_WORDS(`RNIC_CTX_WORDS),
    .OUTSTANDING(32)
) dut (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .s_cq_db_valid(db_valid), .s_cq_db_cqn(db_cqn), .s_cq_db_ci(db_ci), .s_cq_db_arm(db_arm),
    .s_cqe_valid(cqe_valid), .s_cqe_ready(cqe_ready), .s_cqe_cqn(cqe_cqn), .s_cqe_data(cqe_data),
    .m_dma_wr_req_addr(dma_addr), .m_dma_wr_req_len(dma_len),
    .m_dma_wr_req_valid(dma_req_valid), .m_dma_wr_req_ready(dma_req_ready),
    .m_dma_wr_tdata(dma_tdata), .m_dma_wr_tkeep(dma_tkeep), .m_dma_wr_tlast(dma_tlast),
    .m_dma_wr_tvalid(dma_tvalid), .m_dma_wr_tready(dma_tready),
    .s_dma_wr_done(dma_done), .s_dma_wr_error(dma_error),
    .irq_valid(irq_valid), .irq_vector(irq_vector),
    .stat_cqe_written(stat_written), .stat_cq_overrun(stat_overrun),
    .stat_cqe_bad_cq(stat_bad_cq), .stat_cqe_dma_err(stat_dma_err),
    .init_done(init_done)
);

wire [7:0]  awid, arid, bid, rid;
wire [63:0] awaddr, araddr;
wire [7:0]  awlen, arlen;
wire [2:0]  awsize, arsize, awprot, arprot;
wire [1:0]  awburst, arburst, bresp, rresp;
wire        awlock, arlock;
wire [3:0]  awcache, arcache;
wire        awvalid, awready, wlast, wvalid, wready, bvalid, bready;
wire        arvalid, arready, rlast, rvalid, rready;
wire [DATA_W-1:0] wdata, rdata;
wire [KEEP_W-1:0] wstrb;
reg  [7:0]  ram_ready_pct = 8'd70;
wire [31:0] ram_err_protocol, ram_err_window, ram_rd_bursts, ram_wr_bursts;

/* verilator lint_off PINCONNECTEMPTY */
rnic_dma #(
    .DATA_W(DATA_W),
    .RD_PORTS(1),
    .WR_PORTS(1),
    .RD_FIFO_DEPTH(256)
) dma (
    .clk(clk), .rst(rst),
    .s_rd_req_addr(64'd0), .s_rd_req_len(16'd0), .s_rd_req_tag(8'd0),
    .s_rd_req_valid(1'b0), .s_rd_req_ready(),
    .m_rd_tdata(), .m_rd_tkeep(), .m_rd_tlast(), .m_rd_tuser(), .m_rd_error(),
    .m_rd_tvalid(), .m_rd_tready(1'b1),
    .s_wr_req_addr(dma_addr), .s_wr_req_len(dma_len),
    .s_wr_req_valid(dma_req_valid), .s_wr_req_ready(dma_req_ready),
    .s_wr_tdata(dma_tdata), .s_wr_tkeep(dma_tkeep), .s_wr_tlast(dma_tlast),
    .s_wr_tvalid(dma_tvalid), .s_wr_tready(dma_tready),
    .m_wr_done(dma_done), .m_wr_error(dma_error),
    .m_axi_awid(awid), .m_axi_awaddr(awaddr), .m_axi_awlen(awlen), .m_axi_awsize(awsize),
    .m_axi_awburst(awburst), .m_axi_awlock(awlock), .m_axi_awcache(awcache), .m_axi_awprot(awprot),
    .m_axi_awvalid(awvalid), .m_axi_awready(awready),
    .m_axi_wdata(wdata), .m_axi_wstrb(wstrb), .m_axi_wlast(wlast), .m_axi_wvalid(wvalid),
    .m_axi_wready(wready),
    .m_axi_bid(bid), .m_axi_bresp(bresp), .m_axi_bvalid(bvalid), .m_axi_bready(bready),
    .m_axi_arid(arid), .m_axi_araddr(araddr), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
    .m_axi_arburst(arburst), .m_axi_arlock(arlock), .m_axi_arcache(arcache), .m_axi_arprot(arprot),
    .m_axi_arvalid(arvalid), .m_axi_arready(arready),
    .m_axi_rid(rid), .m_axi_rdata(rdata), .m_axi_rresp(rresp), .m_axi_rlast(rlast),
    .m_axi_rvalid(rvalid), .m_axi_rready(rready),
    .stat_rd_valid(), .stat_rd_bytes(), .stat_wr_valid(), .stat_wr_bytes()
);
/* verilator lint_on PINCONNECTEMPTY */

rnic_tb_axi_ram #(
    .DATA_W(DATA_W),
    .ADDR_W(64),
    .ID_W(8),
    .BASE(RAM_BASE),
    .SIZE(RAM_SIZE),
    .RD_LATENCY(10),
    .WR_LATENCY(12),
    .MAX_OUTSTANDING(16),
    .SEED(32'h0BAD_CAFE)
) ram (
    .clk(clk), .rst(rst),
    .ready_pct(ram_ready_pct), .interleave(1'b0),
    .s_axi_awid(awid), .s_axi_awaddr(awaddr), .s_axi_awlen(awlen), .s_axi_awsize(awsize),
    .s_axi_awburst(awburst), .s_axi_awlock(awlock), .s_axi_awcache(awcache), .s_axi_awprot(awprot),
    .s_axi_awvalid(awvalid), .s_axi_awready(awready),
    .s_axi_wdata(wdata), .s_axi_wstrb(wstrb), .s_axi_wlast(wlast), .s_axi_wvalid(wvalid),
    .s_axi_wready(wready),
    .s_axi_bid(bid), .s_axi_bresp(bresp), .s_axi_bvalid(bvalid), .s_axi_bready(bready),
    .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen), .s_axi_arsize(arsize),
    .s_axi_arburst(arburst), .s_axi_arlock(arlock), .s_axi_arcache(arcache), .s_axi_arprot(arprot),
    .s_axi_arvalid(arvalid), .s_axi_arready(arready),
    .s_axi_rid(rid), .s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rlast(rlast),
    .s_axi_rvalid(rvalid), .s_axi_rready(rready),
    .err_protocol(ram_err_protocol), .err_window(ram_err_window),
    .rd_bursts(ram_rd_bursts), .wr_bursts(ram_wr_bursts)
);

// ---------------------------------------------------------------------------
// random numbers
// ---------------------------------------------------------------------------
reg [31:0] rnd = 32'h1357_9BDF;
task rnd_step;
    begin
        rnd = rnd ^ (rnd << 13);
        rnd = rnd ^ (rnd >> 17);
        rnd = rnd ^ (rnd << 5);
    end
endtask

integer errors = 0;

// ---------------------------------------------------------------------------
// reference model of the CQs (what the testbench configured)
// ---------------------------------------------------------------------------
reg [63:0] m_base [0:255];
integer    m_log [0:255];
integer    m_vec [0:255];
integer    m_pi [0:255];
integer    m_ci [0:255];
integer    m_arm [0:255];
reg        m_valid [0:255];

// expected interrupts, in order
integer    xi_vec [0:QD-1];
reg [63:0] xi_addr [0:QD-1];
reg [CQE_W-1:0] xi_data [0:QD-1];
integer    xi_head = 0;
integer    xi_tail = 0;

// ---------------------------------------------------------------------------
// CQE driver queue
// ---------------------------------------------------------------------------
reg [23:0]      q_cqn [0:QD-1];
reg [CQE_W-1:0] q_data [0:QD-1];
integer         q_head = 0;
integer         q_tail = 0;
integer         accepted = 0;
integer         first_accept = -1;
integer         last_accept = -1;
integer         cyc = 0;

always @(posedge clk) begin
    cyc = cyc + 1;
    if (rst) begin
        cqe_valid <= 1'b0;
    end else begin
        if (cqe_valid && cqe_ready) begin
            q_head = (q_head + 1) % QD;
            accepted = accepted + 1;
            if (first_accept < 0) first_accept = cyc;
            last_accept = cyc;
        end
        if (q_head != q_tail) begin
            cqe_valid <= 1'b1;
            cqe_cqn <= q_cqn[q_head];
            cqe_data <= q_data[q_head];
        end else begin
            cqe_valid <= 1'b0;
        end
    end
end

// ---------------------------------------------------------------------------
// counters and the interrupt monitor
// ---------------------------------------------------------------------------
integer n_written = 0;
integer n_overrun = 0;
integer n_bad = 0;
integer n_irq = 0;
integer n_dma_err = 0;
integer mi;
reg     m_ok;

always @(posedge clk) begin
    if (stat_written) n_written = n_written + 1;
    if (stat_overrun) n_overrun = n_overrun + 1;
    if (stat_bad_cq) n_bad = n_bad + 1;
    if (stat_dma_err) n_dma_err = n_dma_err + 1;
    if (irq_valid) begin
        n_irq = n_irq + 1;
        if (xi_head == xi_tail) begin
            $display("FAIL: unexpected interrupt, vector %0d", irq_vector);
            errors = errors + 1;
        end else begin
            if (irq_vector !== xi_vec[xi_head][4:0]) begin
                $display("FAIL: interrupt vector %0d, expected %0d", irq_vector, xi_vec[xi_head]);
                errors = errors + 1;
            end
            // the CQE that fired must already be in memory
            m_ok = 1'b1;
            for (mi = 0; mi < 32; mi = mi + 1) begin
                if (ram.get_byte(xi_addr[xi_head] + mi) !== xi_data[xi_head][mi*8 +: 8]) m_ok = 1'b0;
            end
            if (!m_ok) begin
                $display("FAIL: interrupt before its CQE at %h reached memory", xi_addr[xi_head]);
                errors = errors + 1;
            end
            xi_head = (xi_head + 1) % QD;
        end
    end
end

// ---------------------------------------------------------------------------
// helpers
// ---------------------------------------------------------------------------
reg [32*`RNIC_CTX_WORDS-1:0] cqc;

task create_cq(input integer cqn, input integer log_size, input integer vector, input [63:0] base);
    begin
        cqc = 0;
        cqc[`RNIC_CQC_VALID_LSB] = 1'b1;
        cqc[`RNIC_CQC_LOG_SIZE_LSB +: `RNIC_CQC_LOG_SIZE_W] = log_size;
        cqc[`RNIC_CQC_VECTOR_LSB +: `RNIC_CQC_VECTOR_W] = vector;
        cqc[`RNIC_CQC_BASE_LSB +: `RNIC_CQC_BASE_W] = base;
        // garbage in the fields the writer does not use
        cqc[`RNIC_CQC_UCTX_LSB +: `RNIC_CQC_UCTX_W] = 16'hBEEF;
        cqc[1000 +: 20] = 20'hFFFFF;
        @(posedge clk);
        ctx_wr_valid <= 1'b1;
        ctx_wr_table <= `RNIC_CTX_TABLE_CQC;
        ctx_wr_index <= cqn;
        ctx_wr_data <= cqc;
        @(posedge clk);
        ctx_wr_valid <= 1'b0;
        m_base[cqn] = base;
        m_log[cqn] = log_size;
        m_vec[cqn] = vector;
        m_pi[cqn] = 0;
        m_ci[cqn] = 0;
        m_arm[cqn] = 0;
        m_valid[cqn] = 1'b1;
    end
endtask

// a context write for another table must not touch the CQ
task write_other_table(input integer index);
    begin
        @(posedge clk);
        ctx_wr_valid <= 1'b1;
        ctx_wr_table <= `RNIC_CTX_TABLE_QPC;
        ctx_wr_index <= index;
        ctx_wr_data <= {32*`RNIC_CTX_WORDS{1'b1}};
        @(posedge clk);
        ctx_wr_valid <= 1'b0;
    end
endtask

task doorbell(input integer cqn, input integer ci, input integer arm);
    begin
        @(posedge clk);
        db_valid <= 1'b1;
        db_cqn <= cqn;
        db_ci <= ci;
        db_arm <= arm;
        @(posedge clk);
        db_valid <= 1'b0;
        if (cqn < 256) begin
            m_ci[cqn] = ci;
            if (arm != 0) m_arm[cqn] = arm;
        end
    end
endtask

reg [CQE_W-1:0] c;
reg [CQE_W-1:0] cw;
reg             sol;
reg [63:0]      slot;
integer         size;

// queue one CQE; the model predicts where it lands and whether it fires
task send_cqe(input integer cqn, input integer status, input integer flags);
    integer w;
    begin
        for (w = 0; w < CQE_W / 32; w = w + 1) begin
            rnd_step;
            c[w*32 +: 32] = rnd;
        end
        c[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] = status;
        c[`RNIC_CQE_FLAGS_LSB +: `RNIC_CQE_FLAGS_W] = flags;
        c[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W] = cqn * 3 + 1;
        q_cqn[q_tail] = cqn;
        q_data[q_tail] = c;
        q_tail = (q_tail + 1) % QD;
        if (cqn < 256 && m_valid[cqn]) begin
            size = 1 << m_log[cqn];
            if (m_pi[cqn] - m_ci[cqn] < size) begin
                cw = c;
                cw[`RNIC_CQE_OWNER_LSB] = ((m_pi[cqn] >> m_log[cqn]) & 1) == 0;
                slot = m_base[cqn] + (m_pi[cqn] % size) * 32;
                sol = (flags & `RNIC_CQE_FLAG_SOLICITED) != 0 || status != `RNIC_WC_STATUS_SUCCESS;
                if (m_arm[cqn] == `RNIC_CQ_ARM_NEXT || (m_arm[cqn] == `RNIC_CQ_ARM_SOLICITED && sol)) begin
                    xi_vec[xi_tail] = m_vec[cqn];
                    xi_addr[xi_tail] = slot;
                    xi_data[xi_tail] = cw;
                    xi_tail = (xi_tail + 1) % QD;
                    m_arm[cqn] = 0;
                end
                m_pi[cqn] = m_pi[cqn] + 1;
            end
        end
    end
endtask

// wait until every queued CQE is accepted and every write is done
integer expect_done;
task settle;
    integer t;
    begin
        t = 0;
        while ((q_head != q_tail || n_written + n_overrun + n_bad < expect_done) && t < 20000) begin
            @(posedge clk);
            t = t + 1;
        end
        repeat (40) @(posedge clk);
        if (t >= 20000) begin
            $display("FAIL: timeout: %0d written, %0d overrun, %0d bad of %0d", n_written, n_overrun,
                     n_bad, expect_done);
            errors = errors + 1;
        end
    end
endtask

task send(input integer cqn, input integer status, input integer flags);
    begin
        send_cqe(cqn, status, flags);
        expect_done = expect_done + 1;
    end
endtask

// compare the 32 bytes at addr with d
task check_cqe(input [63:0] addr, input [CQE_W-1:0] d, input [8*24-1:0] what);
    integer k;
    reg     ok;
    begin
        ok = 1'b1;
        for (k = 0; k < 32; k = k + 1) begin
            if (ram.get_byte(addr + k) !== d[k*8 +: 8]) ok = 1'b0;
        end
        if (!ok) begin
            $display("FAIL: %0s: CQE at %h differs", what, addr);
            for (k = 0; k < 32; k = k + 1) begin
                if (ram.get_byte(addr + k) !== d[k*8 +: 8])
                    $display("  byte %0d: %h, expected %h", k, ram.get_byte(addr + k), d[k*8 +: 8]);
            end
            errors = errors + 1;
        end
    end
endtask

// the last CQE sent to cqn, as it must be in memory, at its slot
reg [CQE_W-1:0] last_img [0:255];
reg [63:0]      last_slot [0:255];
task send_and_track(input integer cqn, input integer status, input integer flags);
    begin
        send(cqn, status, flags);
        last_img[cqn] = cw;
        last_slot[cqn] = slot;
    end
endtask

integer i, j, pass_n;
reg [CQE_W-1:0] img [0:7];
integer irq_before;
real rate;

localparam [63:0] B3 = RAM_BASE + 64'h1000;
localparam [63:0] B7 = RAM_BASE + 64'h2040;    // rings need only 32-byte alignment
localparam [63:0] B0 = RAM_BASE + 64'h3020;
localparam [63:0] B1 = RAM_BASE + 64'h8000;

initial begin
    expect_done = 0;
    for (i = 0; i < 256; i = i + 1) begin
        m_valid[i] = 1'b0;
        m_arm[i] = 0;
    end
    for (i = 0; i < RAM_SIZE; i = i + 1) begin
        ram.set_byte(RAM_BASE + i, 8'hA5 ^ i[7:0]);
    end
    repeat (5) @(posedge clk);
    rst <= 1'b0;
    @(posedge clk);
    while (!init_done) @(posedge clk);   // the writer clears its CQ tables after reset

    create_cq(3, 2, 5, B3);        // 4 entries
    create_cq(7, 3, 9, B7);        // 8 entries
    create_cq(0, 0, 2, B0);        // 1 entry
    write_other_table(3);

    // ---- positions and owner bit over three passes of CQ 3 ----
    for (pass_n = 0; pass_n < 3; pass_n = pass_n + 1) begin
        for (i = 0; i < 4; i = i + 1) begin
            send(3, 0, 0);
            img[i] = cw;
            if (slot != B3 + i*32) begin
                $display("FAIL: model slot %h", slot);
                errors = errors + 1;
            end
        end
        settle;
        for (i = 0; i < 4; i = i + 1) begin
            if (img[i][`RNIC_CQE_OWNER_LSB] !== (pass_n % 2 == 0)) begin
                $display("FAIL: model owner");
                errors = errors + 1;
            end
            check_cqe(B3 + i*32, img[i], "ring pass");
        end
        doorbell(3, 4*(pass_n + 1), 0);
    end
    // bytes around the ring untouched
    for (i = 0; i < 32; i = i + 1) begin
        if (ram.get_byte(B3 - 32 + i) !== (8'hA5 ^ ((B3 - 32 + i - RAM_BASE) & 8'hFF))
            || ram.get_byte(B3 + 128 + i) !== (8'hA5 ^ ((B3 + 128 + i - RAM_BASE) & 8'hFF))) begin
            $display("FAIL: byte next to the CQ 3 ring changed");
            errors = errors + 1;
            i = 32;
        end
    end
    if (n_written != 12 || n_irq != 0) begin
        $display("FAIL: %0d CQEs written (12 expected), %0d interrupts (0 expected)", n_written, n_irq);
        errors = errors + 1;
    end
    $display("ring: 3 passes of CQ 3 checked, owner 1/0/1");

    // ---- several CQs back to back ----
    for (i = 0; i < 6; i = i + 1) begin
        send_and_track(7, 0, 0);
        if (i < 4) send_and_track(3, 0, 0);
        if (i == 0) send_and_track(0, 0, 0);
    end
    settle;
    check_cqe(last_slot[7], last_img[7], "interleaved cq 7");
    check_cqe(last_slot[3], last_img[3], "interleaved cq 3");
    check_cqe(last_slot[0], last_img[0], "interleaved cq 0");
    $display("interleaved: CQs 0, 3, 7 checked");

    // ---- overrun: CQ 3 holds 4, pi 16 and ci 12: full ----
    j = n_overrun;
    send(3, 0, 0);
    send(3, 0, 0);
    settle;
    if (n_overrun != j + 2) begin
        $display("FAIL: %0d overruns counted, 2 expected", n_overrun - j);
        errors = errors + 1;
    end
    check_cqe(last_slot[3], last_img[3], "after overrun");
    doorbell(3, 14, 0);            // two free: the next one lands in slot 0
    send_and_track(3, 0, 0);
    settle;
    check_cqe(last_slot[3], last_img[3], "after overrun, space freed");
    if (last_slot[3] != B3) begin
        $display("FAIL: model: slot after overrun %h", last_slot[3]);
        errors = errors + 1;
    end
    $display("overrun: counted and dropped");

    // ---- missing CQs ----
    j = n_bad;
    send(5, 0, 0);                 // never created
    send(24'h12_3456, 0, 0);       // beyond the table
    settle;
    if (n_bad != j + 2) begin
        $display("FAIL: %0d CQEs for missing CQs counted, 2 expected", n_bad - j);
        errors = errors + 1;
    end

    // ---- arming ----
    doorbell(7, m_pi[7], `RNIC_CQ_ARM_NEXT);
    irq_before = n_irq;
    send_and_track(7, 0, 0);       // fires (vector 9)
    send_and_track(7, 0, 0);       // disarmed: no interrupt
    settle;
    if (n_irq != irq_before + 1) begin
        $display("FAIL: NEXT: %0d interrupts, 1 expected", n_irq - irq_before);
        errors = errors + 1;
    end
    doorbell(7, m_pi[7], `RNIC_CQ_ARM_SOLICITED);
    irq_before = n_irq;
    send_and_track(7, 0, 0);                               // plain: no interrupt
    send_and_track(7, 0, `RNIC_CQE_FLAG_IMM);              // plain: no interrupt
    settle;
    if (n_irq != irq_before) begin
        $display("FAIL: SOLICITED fired on a plain CQE");
        errors = errors + 1;
    end
    send_and_track(7, 0, `RNIC_CQE_FLAG_SOLICITED | `RNIC_CQE_FLAG_IMM);  // fires
    send_and_track(7, 0, `RNIC_CQE_FLAG_SOLICITED);        // disarmed
    settle;
    if (n_irq != irq_before + 1) begin
        $display("FAIL: SOLICITED: %0d interrupts, 1 expected", n_irq - irq_before);
        errors = errors + 1;
    end
    doorbell(7, m_pi[7], `RNIC_CQ_ARM_SOLICITED);
    doorbell(0, m_pi[0], `RNIC_CQ_ARM_NEXT);
    irq_before = n_irq;
    send_and_track(7, `RNIC_WC_STATUS_REM_ACCESS_ERR, 0);  // error fires (vector 9)
    send_and_track(0, 0, 0);                               // fires (vector 2)
    settle;
    if (n_irq != irq_before + 2) begin
        $display("FAIL: error/NEXT: %0d interrupts, 2 expected", n_irq - irq_before);
        errors = errors + 1;
    end
    // arm + ci update in one doorbell with nothing new: no interrupt
    doorbell(3, m_pi[3], `RNIC_CQ_ARM_NEXT);
    repeat (50) @(posedge clk);
    if (xi_head != xi_tail) begin
        $display("FAIL: %0d expected interrupts never came", xi_tail - xi_head);
        errors = errors + 1;
    end
    // re-creating a CQ clears its indexes and its arm
    create_cq(3, 2, 6, B3);
    send_and_track(3, 0, 0);
    settle;
    if (last_slot[3] != B3) begin
        $display("FAIL: model: recreated CQ slot");
        errors = errors + 1;
    end
    check_cqe(B3, last_img[3], "recreated cq 3");
    if (xi_head != xi_tail) begin
        $display("FAIL: recreated CQ kept its arm");
        errors = errors + 1;
    end
    $display("arming: NEXT, SOLICITED, error, vectors checked (%0d interrupts)", n_irq);

    // ---- back to back rate ----
    ram_ready_pct = 8'd100;
    create_cq(1, 10, 3, B1);
    repeat (10) @(posedge clk);
    first_accept = -1;
    j = accepted;
    for (i = 0; i < 200; i = i + 1) begin
        send_and_track(1, 0, i[7:0] & 8'h07);
        img[i % 8] = cw;
    end
    settle;
    rate = (accepted - j) * 1.0 / (last_accept - first_accept + 1);
    $display("rate: %0d CQEs accepted at %f CQEs/cycle", accepted - j, rate);
    for (i = 192; i < 200; i = i + 1) begin
        check_cqe(B1 + i*32, img[i % 8], "back to back");
    end
    // a CQE is one beat of a wide bus, 256/DATA_W beats of a narrow one
    if (rate * (DATA_W >= CQE_W ? 1 : CQE_W / DATA_W) < 0.9) begin
        $display("FAIL: CQEs not back to back");
        errors = errors + 1;
    end

    if (n_dma_err != 0 || ram_err_protocol != 0 || ram_err_window != 0) begin
        $display("FAIL: %0d DMA errors, %0d protocol, %0d window violations", n_dma_err,
                 ram_err_protocol, ram_err_window);
        errors = errors + 1;
    end
    if (errors == 0) begin
        $display("PASS: tb_cqe_writer");
    end else begin
        $display("FAIL: tb_cqe_writer, %0d errors", errors);
    end
    $finish;
end

endmodule

`default_nettype wire
