// tb_csr: rnic_csr through both AXI4-Lite ports. Checks every register of
// regblocks bar0 and fw (values, access, responses), the command slot RAM
// shared by both ports (with byte strobes), PI/CI and both interrupts, the
// context write broadcast, doorbell pulses (and back-to-back doorbells one
// per cycle), the port identity outputs and the counters. Asynchronous
// events: the AEQ slot window (firmware writes with byte strobes, both ports
// read, host writes refused), AEQ_PI/AEQ_CI on both ports, host vector 1 on
// an FW_AEQ_PI change, IRQ_ENABLE[1] on both ports, the hardware event head
// (ev_valid/ev_event at FW_EVENT, FW_EVENT_DATA and IRQ_STATUS[1], fw_irq for
// every combination) and ev_pop on an FW_EVENT_POP write. STATUS[0] on both
// ports follows the ready input (read-only).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_csr;

localparam STATS = 32;
localparam STAT_INC_W = 16;
localparam CTX_WORDS = `RNIC_CTX_WORDS;
localparam [1:0] OKAY = 2'b00;
localparam [1:0] SLVERR = 2'b10;
localparam [1:0] DECERR = 2'b11;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

// host BAR0
reg  [19:0] h_awaddr = 0;
reg         h_awvalid = 0;
wire        h_awready;
reg  [31:0] h_wdata = 0;
reg  [3:0]  h_wstrb = 0;
reg         h_wvalid = 0;
wire        h_wready;
wire [1:0]  h_bresp;
wire        h_bvalid;
reg         h_bready = 1;
reg  [19:0] h_araddr = 0;
reg         h_arvalid = 0;
wire        h_arready;
wire [31:0] h_rdata;
wire [1:0]  h_rresp;
wire        h_rvalid;
reg         h_rready = 1;
// firmware port
reg  [15:0] f_awaddr = 0;
reg         f_awvalid = 0;
wire        f_awready;
reg  [31:0] f_wdata = 0;
reg  [3:0]  f_wstrb = 0;
reg         f_wvalid = 0;
wire        f_wready;
wire [1:0]  f_bresp;
wire        f_bvalid;
reg         f_bready = 1;
reg  [15:0] f_araddr = 0;
reg         f_arvalid = 0;
wire        f_arready;
wire [31:0] f_rdata;
wire [1:0]  f_rresp;
wire        f_rvalid;
reg         f_rready = 1;

wire        fw_irq;
wire        irq_valid;
wire [4:0]  irq_vector;
wire        ctx_wr_valid;
wire [7:0]  ctx_wr_table;
wire [23:0] ctx_wr_index;
wire [32*CTX_WORDS-1:0] ctx_wr_data;
wire        db_valid;
wire [15:0] db_page;
wire [1:0]  db_reg;
wire [31:0] db_value;
wire [47:0] cfg_mac;
wire [31:0] cfg_ip;
wire        cfg_link_en;
reg  [STATS*STAT_INC_W-1:0] stat_inc = 0;
reg         ev_valid = 0;
reg  [63:0] ev_event = 0;                // {FW_EVENT_DATA, FW_EVENT}
reg         ready = 0;                   // the blocks' reset sweeps are over
wire        ev_pop;

// GSI register port stub: reads return {~address, address}; writes are
// recorded (rnic_gsi itself has tb_gsi)
wire        gsi_wr;
wire [15:0] gsi_waddr, gsi_raddr;
wire [31:0] gsi_wdata;
wire [31:0] gsi_rdata = {~gsi_raddr, gsi_raddr};
reg         gsi_rx_pending = 0;
integer     gsi_wr_count = 0;
reg  [15:0] gsi_last_waddr = 0;
reg  [31:0] gsi_last_wdata = 0;
always @(posedge clk) begin
    if (gsi_wr) begin
        gsi_wr_count <= gsi_wr_count + 1;
        gsi_last_waddr <= gsi_waddr;
        gsi_last_wdata <= gsi_wdata;
    end
end

rnic_csr #(
    .STATS(STATS),
    .STAT_INC_W(STAT_INC_W)
) dut (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(h_awaddr), .s_axil_awprot(3'd0), .s_axil_awvalid(h_awvalid), .s_axil_awready(h_awready),
    .s_axil_wdata(h_wdata), .s_axil_wstrb(h_wstrb), .s_axil_wvalid(h_wvalid), .s_axil_wready(h_wready),
    .s_axil_bresp(h_bresp), .s_axil_bvalid(h_bvalid), .s_axil_bready(h_bready),
    .s_axil_araddr(h_araddr), .s_axil_arprot(3'd0), .s_axil_arvalid(h_arvalid), .s_axil_arready(h_arready),
    .s_axil_rdata(h_rdata), .s_axil_rresp(h_rresp), .s_axil_rvalid(h_rvalid), .s_axil_rready(h_rready),
    .s_axil_fw_awaddr(f_awaddr), .s_axil_fw_awprot(3'd0), .s_axil_fw_awvalid(f_awvalid), .s_axil_fw_awready(f_awready),
    .s_axil_fw_wdata(f_wdata), .s_axil_fw_wstrb(f_wstrb), .s_axil_fw_wvalid(f_wvalid), .s_axil_fw_wready(f_wready),
    .s_axil_fw_bresp(f_bresp), .s_axil_fw_bvalid(f_bvalid), .s_axil_fw_bready(f_bready),
    .s_axil_fw_araddr(f_araddr), .s_axil_fw_arprot(3'd0), .s_axil_fw_arvalid(f_arvalid), .s_axil_fw_arready(f_arready),
    .s_axil_fw_rdata(f_rdata), .s_axil_fw_rresp(f_rresp), .s_axil_fw_rvalid(f_rvalid), .s_axil_fw_rready(f_rready),
    .fw_irq(fw_irq),
    .gsi_wr(gsi_wr), .gsi_waddr(gsi_waddr), .gsi_wdata(gsi_wdata), .gsi_raddr(gsi_raddr),
    .gsi_rdata(gsi_rdata), .gsi_rx_pending(gsi_rx_pending),
    .irq_valid(irq_valid), .irq_vector(irq_vector),
    .ev_valid(ev_valid), .ev_event(ev_event), .ev_pop(ev_pop),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index), .ctx_wr_data(ctx_wr_data),
    .db_valid(db_valid), .db_page(db_page), .db_reg(db_reg), .db_value(db_value),
    .cfg_mac(cfg_mac), .cfg_ip(cfg_ip), .cfg_link_en(cfg_link_en),
    .stat_inc(stat_inc),
    .ready(ready)
);

integer errors = 0;
integer checks = 0;

task check32;
    input [255:0] what;
    input [31:0] got;
    input [31:0] exp;
    begin
        checks = checks + 1;
        if (got !== exp) begin
            errors = errors + 1;
            $display("FAIL %0s: got %08x expected %08x", what, got, exp);
        end
    end
endtask

// ---------------------------------------------------------------------------
// monitors

integer db_count = 0;
reg [15:0] db_page_log [0:63];
reg [1:0]  db_reg_log [0:63];
reg [31:0] db_value_log [0:63];
integer    db_cycle_log [0:63];
integer ctx_count = 0;
reg [7:0]  ctx_table_seen;
reg [23:0] ctx_index_seen;
reg [32*CTX_WORDS-1:0] ctx_data_seen;
integer irq_count = 0;
reg [4:0] irq_vec_exp = 5'd0;           // vector the next irq pulses must carry
integer ev_pop_count = 0;               // cycles with ev_pop high
integer ev_pop_cycle = -1;              // last of them
integer f_fire_cycle = -1;              // last cycle a firmware write was taken
integer cycle = 0;
reg db_prev = 1'b0;                     // db_valid was high the cycle before

always @(posedge clk) begin
    cycle <= cycle + 1;
    if (!rst) begin
        if (db_valid) begin
            db_page_log[db_count % 64] <= db_page;
            db_reg_log[db_count % 64] <= db_reg;
            db_value_log[db_count % 64] <= db_value;
            db_cycle_log[db_count % 64] <= cycle;
            db_count <= db_count + 1;
        end
        if (ctx_wr_valid) begin
            ctx_count <= ctx_count + 1;
            ctx_table_seen <= ctx_wr_table;
            ctx_index_seen <= ctx_wr_index;
            ctx_data_seen <= ctx_wr_data;
        end
        if (irq_valid) begin
            irq_count <= irq_count + 1;
            if (irq_vector !== irq_vec_exp) begin
                errors = errors + 1;
                $display("FAIL irq_vector %0d, expected %0d", irq_vector, irq_vec_exp);
            end
        end
        if (ev_pop !== 1'b0) begin
            ev_pop_count <= ev_pop_count + 1;
            ev_pop_cycle <= cycle;
        end
        if (f_awvalid && f_awready && f_wvalid && f_wready) begin
            f_fire_cycle <= cycle;
        end
        if (db_valid && ctx_wr_valid) begin
            errors = errors + 1;
            $display("FAIL db_valid and ctx_wr_valid in the same cycle");
        end
        if (db_prev && ctx_wr_valid) begin
            errors = errors + 1;
            $display("FAIL ctx_wr_valid in the cycle after db_valid (the doorbell's check)");
        end
    end
    db_prev <= db_valid && !rst;
end

// ---------------------------------------------------------------------------
// AXI4-Lite master tasks (inputs change at the falling edge)

task h_write;
    input [19:0] addr;
    input [31:0] data;
    input [3:0]  strb;
    input [1:0]  exp_resp;
    begin
        @(negedge clk);
        h_awaddr = addr; h_wdata = data; h_wstrb = strb; h_awvalid = 1; h_wvalid = 1;
        #1;
        while (!h_awready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        h_awvalid = 0; h_wvalid = 0;
        while (!h_bvalid) @(negedge clk);
        checks = checks + 1;
        if (h_bresp !== exp_resp) begin
            errors = errors + 1;
            $display("FAIL host write %05x: bresp %0d expected %0d", addr, h_bresp, exp_resp);
        end
    end
endtask

task h_read;
    input [19:0] addr;
    input [31:0] exp_data;
    input [1:0]  exp_resp;
    begin
        @(negedge clk);
        h_araddr = addr; h_arvalid = 1;
        #1;
        while (!h_arready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        h_arvalid = 0;
        while (!h_rvalid) @(negedge clk);
        checks = checks + 1;
        if (h_rresp !== exp_resp || h_rdata !== exp_data) begin
            errors = errors + 1;
            $display("FAIL host read %05x: %08x/%0d expected %08x/%0d", addr, h_rdata, h_rresp, exp_data, exp_resp);
        end
    end
endtask

reg [31:0] h_last;
task h_read_v;
    input [19:0] addr;
    begin
        @(negedge clk);
        h_araddr = addr; h_arvalid = 1;
        #1;
        while (!h_arready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        h_arvalid = 0;
        while (!h_rvalid) @(negedge clk);
        h_last = h_rdata;
        checks = checks + 1;
        if (h_rresp !== OKAY) begin
            errors = errors + 1;
            $display("FAIL host read %05x: resp %0d", addr, h_rresp);
        end
    end
endtask

task f_write;
    input [15:0] addr;
    input [31:0] data;
    input [3:0]  strb;
    input [1:0]  exp_resp;
    begin
        @(negedge clk);
        f_awaddr = addr; f_wdata = data; f_wstrb = strb; f_awvalid = 1; f_wvalid = 1;
        #1;
        while (!f_awready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        f_awvalid = 0; f_wvalid = 0;
        while (!f_bvalid) @(negedge clk);
        checks = checks + 1;
        if (f_bresp !== exp_resp) begin
            errors = errors + 1;
            $display("FAIL fw write %04x: bresp %0d expected %0d", addr, f_bresp, exp_resp);
        end
    end
endtask

reg [31:0] f_last;
task f_read;
    input [15:0] addr;
    input [31:0] exp_data;
    input [1:0]  exp_resp;
    input        check_data;
    begin
        @(negedge clk);
        f_araddr = addr; f_arvalid = 1;
        #1;
        while (!f_arready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        f_arvalid = 0;
        while (!f_rvalid) @(negedge clk);
        f_last = f_rdata;
        checks = checks + 1;
        if (f_rresp !== exp_resp || (check_data && f_rdata !== exp_data)) begin
            errors = errors + 1;
            $display("FAIL fw read %04x: %08x/%0d expected %08x/%0d", addr, f_rdata, f_rresp, exp_data, exp_resp);
        end
    end
endtask

function [31:0] pattern;
    input [31:0] i;
    begin
        pattern = (i * 32'h9E3779B1) ^ 32'h5A5A0F0F;
    end
endfunction

localparam [19:0] DB0 = `RNIC_DB_PAGE_BASE;
localparam [19:0] PG = `RNIC_DB_PAGE_SIZE;
localparam [15:0] CMDQ = `RNIC_CMDQ_BASE;
localparam CMDQ_WORDS = `RNIC_CMDQ_SLOTS * `RNIC_CMDQ_SLOT_SIZE / 4;
localparam [15:0] AEQ = `RNIC_AEQ_BASE;
localparam AEQ_SLOTS = `RNIC_AEQ_SLOTS;
localparam AEQ_WORDS = `RNIC_AEQ_SLOTS * `RNIC_AEQ_SLOT_SIZE / 4;
localparam SLOT_WORDS = `RNIC_AEQ_SLOT_SIZE / 4;

integer i;
integer n0, n1, c0;
reg [31:0] v0, v1;
integer ev_pops = 0;                    // FW_EVENT_POP writes taken (ev_pop cycles expected)
reg [1:0] en;
reg evb, pend;

// what the AEQ slot window holds: firmware writes through f_aeq_write
reg [31:0] aeq_shadow [0:AEQ_WORDS-1];

function [31:0] merge_strb;
    input [31:0] old;
    input [31:0] data;
    input [3:0]  strb;
    integer b;
    begin
        for (b = 0; b < 4; b = b + 1) begin
            merge_strb[b*8 +: 8] = strb[b] ? data[b*8 +: 8] : old[b*8 +: 8];
        end
    end
endfunction

task f_aeq_write;
    input integer word;
    input [31:0] data;
    input [3:0]  strb;
    begin
        f_write(AEQ + word * 4, data, strb, OKAY);
        aeq_shadow[word] = merge_strb(aeq_shadow[word], data, strb);
    end
endtask

// every word of the AEQ window, read by the host and by the firmware
task check_aeq_all;
    integer w;
    begin
        for (w = 0; w < AEQ_WORDS; w = w + 1) begin
            h_read(AEQ + w * 4, aeq_shadow[w], OKAY);
        end
        for (w = 0; w < AEQ_WORDS; w = w + 1) begin
            f_read(AEQ + w * 4, aeq_shadow[w], OKAY, 1);
        end
    end
endtask

// command slot 0 as the command RAM tests leave it
function [31:0] cmdq_slot0;
    input integer w;
    begin
        if (w == 3) begin
            cmdq_slot0 = 32'h11BB00DD | (pattern(3) & 32'h0000FF00);
        end else if (w == `RNIC_CMDQ_OUT_OFFSET / 4) begin
            cmdq_slot0 = ~pattern(0);
        end else if (w == `RNIC_CMDQ_OUT_OFFSET / 4 + 1) begin
            cmdq_slot0 = pattern(1000);
        end else begin
            cmdq_slot0 = pattern(w);
        end
    end
endfunction

// an FW_AEQ_PI or CMDQ_CI write and the number of irq_valid cycles it gives
task f_write_irq;
    input [255:0] what;
    input [15:0] addr;
    input [31:0] data;
    input integer pulses;
    integer k;
    begin
        k = irq_count;
        f_write(addr, data, 4'hF, OKAY);
        repeat (3) @(negedge clk);
        check32(what, irq_count - k, pulses);
    end
endtask

initial begin
    repeat (4) @(posedge clk);
    @(negedge clk);
    rst = 0;

    // ---- BAR0 identification and capabilities
    h_read(`RNIC_BAR0_ID, `RNIC_MAGIC, OKAY);
    h_read(`RNIC_BAR0_VERSION, 32'h0001_0000 | `RNIC_CONTRACT_VERSION, OKAY);
    h_read(`RNIC_BAR0_CAP_LOG_QPS, `RNIC_LOG_QPS, OKAY);
    h_read(`RNIC_BAR0_CAP_LOG_CQS, `RNIC_LOG_CQS, OKAY);
    h_read(`RNIC_BAR0_CAP_LOG_MRS, `RNIC_LOG_MRS, OKAY);
    h_read(`RNIC_BAR0_CAP_LOG_PDS, `RNIC_LOG_PDS, OKAY);
    h_read(`RNIC_BAR0_CAP_SGE, (`RNIC_MAX_RECV_SGE << 8) | `RNIC_MAX_SEND_SGE, OKAY);
    h_read(`RNIC_BAR0_CAP_INLINE, `RNIC_MAX_INLINE, OKAY);
    h_read(`RNIC_BAR0_CAP_LOG_DEPTH, (`RNIC_LOG_MAX_CQE << 8) | `RNIC_LOG_MAX_WQE, OKAY);
    h_read(`RNIC_BAR0_CAP_DMA_BITS, 512, OKAY);
    h_read(`RNIC_BAR0_CAP_DB_PAGES, `RNIC_DB_PAGES, OKAY);
    h_read(`RNIC_BAR0_CAP_CLK_MHZ, 250, OKAY);
    h_read(`RNIC_BAR0_CMDQ_PI, 0, OKAY);
    h_read(`RNIC_BAR0_CMDQ_CI, 0, OKAY);
    h_read(`RNIC_BAR0_IRQ_ENABLE, 0, OKAY);
    h_read(`RNIC_BAR0_AEQ_PI, 0, OKAY);
    h_read(`RNIC_BAR0_AEQ_CI, 0, OKAY);
    // timestamp: HI is 0 until a LO read latches it; LO counts cycles
    h_read(`RNIC_BAR0_TIMESTAMP_HI, 0, OKAY);
    h_read_v(`RNIC_BAR0_TIMESTAMP_LO);
    v0 = h_last;
    h_read_v(`RNIC_BAR0_TIMESTAMP_LO);
    v1 = h_last;
    checks = checks + 1;
    if (v0 == 0 || v1 - v0 < 2 || v1 - v0 > 10) begin
        errors = errors + 1;
        $display("FAIL TIMESTAMP_LO %0d then %0d", v0, v1);
    end
    h_read(`RNIC_BAR0_TIMESTAMP_HI, 0, OKAY);
    h_write(`RNIC_BAR0_TIMESTAMP_LO, 0, 4'hF, SLVERR);
    // STATUS[0]: the ready input, on both ports; read-only
    h_read(`RNIC_BAR0_STATUS, 0, OKAY);
    f_read(`RNIC_FW_STATUS, 0, OKAY, 1);
    ready = 1;
    h_read(`RNIC_BAR0_STATUS, 1, OKAY);
    f_read(`RNIC_FW_STATUS, 1, OKAY, 1);
    h_write(`RNIC_BAR0_STATUS, 0, 4'hF, SLVERR);
    f_write(`RNIC_FW_STATUS, 0, 4'hF, SLVERR);
    h_read(`RNIC_BAR0_STATUS, 1, OKAY);
    f_read(`RNIC_FW_STATUS, 1, OKAY, 1);
    // read-only registers refuse writes and keep their value
    h_write(`RNIC_BAR0_ID, 32'h12345678, 4'hF, SLVERR);
    h_write(`RNIC_BAR0_CAP_LOG_QPS, 32'h3, 4'hF, SLVERR);
    h_write(`RNIC_BAR0_CMDQ_CI, 32'h3, 4'hF, SLVERR);
    h_read(`RNIC_BAR0_ID, `RNIC_MAGIC, OKAY);
    h_read(`RNIC_BAR0_CAP_LOG_QPS, `RNIC_LOG_QPS, OKAY);
    h_read(`RNIC_BAR0_CMDQ_CI, 0, OKAY);
    // holes
    h_read(20'h00050, 0, DECERR);
    h_write(20'h00050, 1, 4'hF, DECERR);
    h_read(CMDQ + CMDQ_WORDS * 4, 0, DECERR);
    h_read(DB0 + `RNIC_DB_PAGES * PG, 0, DECERR);
    h_read(20'h0009C, 0, DECERR);
    h_write(20'h0009C, 1, 4'hF, DECERR);
    h_read(AEQ - 4, 0, DECERR);
    h_write(AEQ - 4, 1, 4'hF, DECERR);
    h_read(AEQ + AEQ_WORDS * 4, 0, DECERR);
    h_write(AEQ + AEQ_WORDS * 4, 1, 4'hF, DECERR);
    // FW_EVENT_POP and FW_EVENT_DATA are firmware registers: at their
    // offsets BAR0 has holes
    h_write(`RNIC_FW_EVENT_POP, 1, 4'hF, DECERR);
    h_read(`RNIC_FW_EVENT_DATA, 0, DECERR);
    h_write(`RNIC_FW_EVENT_DATA, 1, 4'hF, DECERR);

    // ---- firmware port registers
    f_read(`RNIC_FW_ID, `RNIC_MAGIC, OKAY, 1);
    f_read(`RNIC_FW_IRQ_STATUS, 0, OKAY, 1);
    f_read(`RNIC_FW_IRQ_ENABLE, 0, OKAY, 1);
    f_read(`RNIC_FW_CMDQ_PI, 0, OKAY, 1);
    f_read(`RNIC_FW_CMDQ_CI, 0, OKAY, 1);
    f_read(`RNIC_FW_CTX_STATUS, 0, OKAY, 1);
    f_read(`RNIC_FW_PORT_CTRL, 0, OKAY, 1);
    f_read(`RNIC_FW_EVENT, 0, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);
    f_read(`RNIC_FW_AEQ_PI, 0, OKAY, 1);
    f_read(`RNIC_FW_AEQ_CI, 0, OKAY, 1);
    f_write(`RNIC_FW_ID, 0, 4'hF, SLVERR);
    f_write(`RNIC_FW_CMDQ_PI, 5, 4'hF, SLVERR);
    f_write(`RNIC_FW_CTX_STATUS, 1, 4'hF, SLVERR);
    f_write(`RNIC_FW_STAT, 1, 4'hF, SLVERR);
    f_write(`RNIC_FW_EVENT_DATA, 32'hFFFF_FFFF, 4'hF, SLVERR);
    f_read(`RNIC_FW_CMDQ_PI, 0, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);
    f_read(`RNIC_FW_HOST_IRQ, 0, OKAY, 1);   // write-only: reads 0
    f_write(16'h0054, 0, 4'hF, DECERR);
    f_read(16'h0054, 0, DECERR, 1);
    f_read(16'h005C, 0, DECERR, 1);     // FW_EVENT_DATA (0x0058) has a hole after it
    f_write(16'h005C, 0, 4'hF, DECERR);
    f_read(16'h007C, 0, DECERR, 1);
    f_write(16'h007C, 0, 4'hF, DECERR);
    f_read(`RNIC_FW_STAT + STATS * 4, 0, DECERR, 1);
    f_read(AEQ - 4, 0, DECERR, 1);
    f_write(AEQ - 4, 1, 4'hF, DECERR);
    f_read(AEQ + AEQ_WORDS * 4, 0, DECERR, 1);
    f_write(AEQ + AEQ_WORDS * 4, 1, 4'hF, DECERR);

    // ---- port identity
    f_write(`RNIC_FW_PORT_MAC_LO, 32'h33445566, 4'hF, OKAY);
    f_write(`RNIC_FW_PORT_MAC_HI, 32'hFFFF1122, 4'hF, OKAY);
    f_write(`RNIC_FW_PORT_IPV4, 32'h0A000102, 4'hF, OKAY);
    f_write(`RNIC_FW_PORT_CTRL, 1, 4'hF, OKAY);
    f_read(`RNIC_FW_PORT_MAC_LO, 32'h33445566, OKAY, 1);
    f_read(`RNIC_FW_PORT_MAC_HI, 32'h00001122, OKAY, 1);
    f_read(`RNIC_FW_PORT_IPV4, 32'h0A000102, OKAY, 1);
    f_read(`RNIC_FW_PORT_CTRL, 1, OKAY, 1);
    check32("cfg_mac hi", {16'd0, cfg_mac[47:32]}, 32'h1122);
    check32("cfg_mac lo", cfg_mac[31:0], 32'h33445566);
    check32("cfg_ip", cfg_ip, 32'h0A000102);
    check32("cfg_link_en", {31'd0, cfg_link_en}, 1);
    // byte strobes on a rw register
    f_write(`RNIC_FW_PORT_IPV4, 32'hC0A8_FFFF, 4'b1100, OKAY);
    f_read(`RNIC_FW_PORT_IPV4, 32'hC0A80102, OKAY, 1);
    f_write(`RNIC_FW_PORT_CTRL, 0, 4'hF, OKAY);
    check32("cfg_link_en off", {31'd0, cfg_link_en}, 0);

    // ---- command slot RAM: host writes every word, firmware reads it back
    for (i = 0; i < CMDQ_WORDS; i = i + 1) begin
        h_write(CMDQ + i * 4, pattern(i), 4'hF, OKAY);
    end
    for (i = 0; i < CMDQ_WORDS; i = i + 1) begin
        f_read(CMDQ + i * 4, pattern(i), OKAY, 1);
    end
    // firmware writes the output half of every slot, host reads it back
    for (i = 0; i < `RNIC_CMDQ_SLOTS; i = i + 1) begin
        f_write(CMDQ + i * `RNIC_CMDQ_SLOT_SIZE + `RNIC_CMDQ_OUT_OFFSET, ~pattern(i), 4'hF, OKAY);
        f_write(CMDQ + i * `RNIC_CMDQ_SLOT_SIZE + `RNIC_CMDQ_OUT_OFFSET + 4, pattern(i + 1000), 4'hF, OKAY);
    end
    for (i = 0; i < `RNIC_CMDQ_SLOTS; i = i + 1) begin
        h_read(CMDQ + i * `RNIC_CMDQ_SLOT_SIZE + `RNIC_CMDQ_OUT_OFFSET, ~pattern(i), OKAY);
        h_read(CMDQ + i * `RNIC_CMDQ_SLOT_SIZE + `RNIC_CMDQ_OUT_OFFSET + 4, pattern(i + 1000), OKAY);
        h_read(CMDQ + i * `RNIC_CMDQ_SLOT_SIZE + 8, pattern(i * 64 + 2), OKAY);
    end
    // byte strobes from both sides
    h_write(CMDQ + 12, 32'hAABBCCDD, 4'b0101, OKAY);
    f_read(CMDQ + 12, (pattern(3) & 32'hFF00FF00) | 32'h00BB00DD, OKAY, 1);
    f_write(CMDQ + 12, 32'h11223344, 4'b1000, OKAY);
    h_read(CMDQ + 12, 32'h11BB00DD | (pattern(3) & 32'h0000FF00), OKAY);

    // ---- command queue indexes and interrupts
    f_write(`RNIC_FW_IRQ_ENABLE, 1, 4'hF, OKAY);
    f_read(`RNIC_FW_IRQ_ENABLE, 1, OKAY, 1);
    check32("fw_irq idle", {31'd0, fw_irq}, 0);
    h_write(`RNIC_BAR0_CMDQ_PI, 1, 4'hF, OKAY);
    h_read(`RNIC_BAR0_CMDQ_PI, 1, OKAY);
    f_read(`RNIC_FW_CMDQ_PI, 1, OKAY, 1);
    f_read(`RNIC_FW_IRQ_STATUS, 1, OKAY, 1);
    check32("fw_irq pending", {31'd0, fw_irq}, 1);
    // IRQ_STATUS is level: writing 1 leaves it set while PI != CI
    f_write(`RNIC_FW_IRQ_STATUS, 1, 4'hF, OKAY);
    f_read(`RNIC_FW_IRQ_STATUS, 1, OKAY, 1);
    // interrupt masked by FW IRQ_ENABLE
    f_write(`RNIC_FW_IRQ_ENABLE, 0, 4'hF, OKAY);
    check32("fw_irq masked", {31'd0, fw_irq}, 0);
    f_write(`RNIC_FW_IRQ_ENABLE, 1, 4'hF, OKAY);
    check32("fw_irq unmasked", {31'd0, fw_irq}, 1);
    // completion without host IRQ_ENABLE: no pulse
    n0 = irq_count;
    f_write(`RNIC_FW_CMDQ_CI, 1, 4'hF, OKAY);
    repeat (3) @(negedge clk);
    check32("irq masked by BAR0 IRQ_ENABLE", irq_count - n0, 0);
    check32("fw_irq after completion", {31'd0, fw_irq}, 0);
    h_read(`RNIC_BAR0_CMDQ_CI, 1, OKAY);
    f_read(`RNIC_FW_IRQ_STATUS, 0, OKAY, 1);
    // with IRQ_ENABLE: one pulse per advance, none for an unchanged CI
    h_write(`RNIC_BAR0_IRQ_ENABLE, 1, 4'hF, OKAY);
    h_read(`RNIC_BAR0_IRQ_ENABLE, 1, OKAY);
    h_write(`RNIC_BAR0_CMDQ_PI, 3, 4'hF, OKAY);
    check32("fw_irq two pending", {31'd0, fw_irq}, 1);
    n0 = irq_count;
    f_write(`RNIC_FW_CMDQ_CI, 2, 4'hF, OKAY);
    repeat (3) @(negedge clk);
    check32("irq pulse CI 2", irq_count - n0, 1);
    check32("fw_irq one pending", {31'd0, fw_irq}, 1);
    f_write(`RNIC_FW_CMDQ_CI, 2, 4'hF, OKAY);
    repeat (3) @(negedge clk);
    check32("no irq for unchanged CI", irq_count - n0, 1);
    f_write(`RNIC_FW_CMDQ_CI, 3, 4'hF, OKAY);
    repeat (3) @(negedge clk);
    check32("irq pulse CI 3", irq_count - n0, 2);
    check32("fw_irq drained", {31'd0, fw_irq}, 0);
    // partial-strobe writes to action registers are refused
    h_write(`RNIC_BAR0_CMDQ_PI, 4, 4'h1, SLVERR);
    f_write(`RNIC_FW_CMDQ_CI, 4, 4'h1, SLVERR);
    h_read(`RNIC_BAR0_CMDQ_PI, 3, OKAY);
    // the index wraps at CMDQ_SLOTS
    h_write(`RNIC_BAR0_CMDQ_PI, `RNIC_CMDQ_SLOTS + 4, 4'hF, OKAY);
    f_read(`RNIC_FW_CMDQ_PI, 4, OKAY, 1);
    n0 = irq_count;
    f_write(`RNIC_FW_CMDQ_CI, 4, 4'hF, OKAY);
    repeat (3) @(negedge clk);
    check32("irq pulse CI 4", irq_count - n0, 1);
    h_write(`RNIC_BAR0_IRQ_ENABLE, 0, 4'hF, OKAY);

    // ---- IRQ_ENABLE: two bits on each port, the ports independent
    h_write(`RNIC_BAR0_IRQ_ENABLE, 32'hFFFF_FFFF, 4'hF, OKAY);
    h_read(`RNIC_BAR0_IRQ_ENABLE, 3, OKAY);
    f_read(`RNIC_FW_IRQ_ENABLE, 1, OKAY, 1);
    h_write(`RNIC_BAR0_IRQ_ENABLE, 2, 4'hF, OKAY);
    h_read(`RNIC_BAR0_IRQ_ENABLE, 2, OKAY);
    h_write(`RNIC_BAR0_IRQ_ENABLE, 1, 4'b1110, OKAY);        // byte 0 not written
    h_read(`RNIC_BAR0_IRQ_ENABLE, 2, OKAY);
    h_write(`RNIC_BAR0_IRQ_ENABLE, 0, 4'hF, OKAY);
    h_read(`RNIC_BAR0_IRQ_ENABLE, 0, OKAY);
    f_write(`RNIC_FW_IRQ_ENABLE, 32'hFFFF_FFFF, 4'hF, OKAY);
    f_read(`RNIC_FW_IRQ_ENABLE, 7, OKAY, 1);   // three enable bits (command, event, GSI)
    h_read(`RNIC_BAR0_IRQ_ENABLE, 0, OKAY);
    f_write(`RNIC_FW_IRQ_ENABLE, 2, 4'hF, OKAY);
    f_read(`RNIC_FW_IRQ_ENABLE, 2, OKAY, 1);
    f_write(`RNIC_FW_IRQ_ENABLE, 1, 4'b1110, OKAY);
    f_read(`RNIC_FW_IRQ_ENABLE, 2, OKAY, 1);
    f_write(`RNIC_FW_IRQ_ENABLE, 1, 4'hF, OKAY);
    f_read(`RNIC_FW_IRQ_ENABLE, 1, OKAY, 1);

    // ---- asynchronous event queue indexes
    // FW_AEQ_PI without BAR0 IRQ_ENABLE[1]: no pulse
    irq_vec_exp = 5'd1;
    f_write_irq("AEQ_PI 5 masked", `RNIC_FW_AEQ_PI, 5, 0);
    h_read(`RNIC_BAR0_AEQ_PI, 5, OKAY);
    f_read(`RNIC_FW_AEQ_PI, 5, OKAY, 1);
    // BAR0 AEQ_PI is read-only
    h_write(`RNIC_BAR0_AEQ_PI, 9, 4'hF, SLVERR);
    h_write(`RNIC_BAR0_AEQ_PI, 9, 4'h1, SLVERR);
    h_read(`RNIC_BAR0_AEQ_PI, 5, OKAY);
    f_read(`RNIC_FW_AEQ_PI, 5, OKAY, 1);
    // FW_AEQ_PI takes full-word writes only
    f_write(`RNIC_FW_AEQ_PI, 9, 4'h3, SLVERR);
    h_read(`RNIC_BAR0_AEQ_PI, 5, OKAY);
    // BAR0 AEQ_CI: read/write modulo AEQ_SLOTS, full words only; FW_AEQ_CI
    // shows it and is read-only
    n0 = irq_count;
    h_write(`RNIC_BAR0_AEQ_CI, 7, 4'hF, OKAY);
    h_read(`RNIC_BAR0_AEQ_CI, 7, OKAY);
    f_read(`RNIC_FW_AEQ_CI, 7, OKAY, 1);
    h_write(`RNIC_BAR0_AEQ_CI, AEQ_SLOTS + 3, 4'hF, OKAY);
    h_read(`RNIC_BAR0_AEQ_CI, 3, OKAY);
    f_read(`RNIC_FW_AEQ_CI, 3, OKAY, 1);
    h_write(`RNIC_BAR0_AEQ_CI, 32'hFFFF_FFFF, 4'hF, OKAY);
    h_read(`RNIC_BAR0_AEQ_CI, AEQ_SLOTS - 1, OKAY);
    f_read(`RNIC_FW_AEQ_CI, AEQ_SLOTS - 1, OKAY, 1);
    h_write(`RNIC_BAR0_AEQ_CI, 9, 4'h1, SLVERR);
    h_write(`RNIC_BAR0_AEQ_CI, 9, 4'b0111, SLVERR);
    h_write(`RNIC_BAR0_AEQ_CI, 9, 4'h0, SLVERR);
    h_read(`RNIC_BAR0_AEQ_CI, AEQ_SLOTS - 1, OKAY);
    f_write(`RNIC_FW_AEQ_CI, 2, 4'hF, SLVERR);
    h_read(`RNIC_BAR0_AEQ_CI, AEQ_SLOTS - 1, OKAY);
    f_read(`RNIC_FW_AEQ_CI, AEQ_SLOTS - 1, OKAY, 1);
    h_write(`RNIC_BAR0_AEQ_CI, 2, 4'hF, OKAY);
    h_read(`RNIC_BAR0_AEQ_CI, 2, OKAY);
    // AEQ_CI and AEQ_PI are separate registers; AEQ_CI raises nothing
    h_read(`RNIC_BAR0_AEQ_PI, 5, OKAY);
    f_read(`RNIC_FW_AEQ_PI, 5, OKAY, 1);
    repeat (3) @(negedge clk);
    check32("no irq from AEQ_CI", irq_count - n0, 0);
    // with BAR0 IRQ_ENABLE[1]: vector 1, one cycle per change of AEQ_PI
    h_write(`RNIC_BAR0_IRQ_ENABLE, 2, 4'hF, OKAY);
    f_write_irq("AEQ_PI 6", `RNIC_FW_AEQ_PI, 6, 1);
    h_read(`RNIC_BAR0_AEQ_PI, 6, OKAY);
    f_read(`RNIC_FW_AEQ_PI, 6, OKAY, 1);
    f_write_irq("AEQ_PI 6 again", `RNIC_FW_AEQ_PI, 6, 0);
    f_write_irq("AEQ_PI 6 modulo", `RNIC_FW_AEQ_PI, AEQ_SLOTS + 6, 0);
    h_read(`RNIC_BAR0_AEQ_PI, 6, OKAY);
    f_write_irq("AEQ_PI 0 modulo", `RNIC_FW_AEQ_PI, 3 * AEQ_SLOTS, 1);
    h_read(`RNIC_BAR0_AEQ_PI, 0, OKAY);
    f_read(`RNIC_FW_AEQ_PI, 0, OKAY, 1);
    f_write_irq("AEQ_PI all ones", `RNIC_FW_AEQ_PI, 32'hFFFF_FFFF, 1);
    h_read(`RNIC_BAR0_AEQ_PI, AEQ_SLOTS - 1, OKAY);
    f_read(`RNIC_FW_AEQ_PI, AEQ_SLOTS - 1, OKAY, 1);
    n0 = irq_count;
    f_write(`RNIC_FW_AEQ_PI, 1, 4'h1, SLVERR);
    repeat (3) @(negedge clk);
    check32("no irq for a refused AEQ_PI write", irq_count - n0, 0);
    h_read(`RNIC_BAR0_AEQ_PI, AEQ_SLOTS - 1, OKAY);
    // a refused BAR0 AEQ_PI write raises nothing either
    h_write(`RNIC_BAR0_AEQ_PI, 4, 4'hF, SLVERR);
    repeat (3) @(negedge clk);
    check32("no irq for a BAR0 AEQ_PI write", irq_count - n0, 0);
    // HOST_IRQ: one pulse with the written vector, whatever IRQ_ENABLE says;
    // reads as 0; full-word writes only; the host cannot write it
    irq_vec_exp = 5'd7;
    f_write_irq("HOST_IRQ 7", `RNIC_FW_HOST_IRQ, 7, 1);
    irq_vec_exp = 5'd31;
    f_write_irq("HOST_IRQ 31 (upper bits ignored)", `RNIC_FW_HOST_IRQ, 32'hFFFF_FFFF, 1);
    irq_vec_exp = 5'd2;
    f_write_irq("HOST_IRQ 2 again", `RNIC_FW_HOST_IRQ, 2, 1);
    f_write_irq("HOST_IRQ 2 once more", `RNIC_FW_HOST_IRQ, 2, 1);
    f_read(`RNIC_FW_HOST_IRQ, 0, OKAY, 1);
    n0 = irq_count;
    f_write(`RNIC_FW_HOST_IRQ, 3, 4'h1, SLVERR);
    h_write(`RNIC_FW_HOST_IRQ, 3, 4'hF, DECERR);
    repeat (3) @(negedge clk);
    check32("no irq for refused HOST_IRQ writes", irq_count - n0, 0);
    irq_vec_exp = 5'd1;
    // IRQ_ENABLE[0] clear: a CMDQ_CI change raises nothing
    h_write(`RNIC_BAR0_CMDQ_PI, 5, 4'hF, OKAY);
    f_write_irq("CMDQ_CI 5, IRQ_ENABLE 2", `RNIC_FW_CMDQ_CI, 5, 0);
    // IRQ_ENABLE 1: AEQ_PI changes raise nothing, CMDQ_CI still vector 0
    h_write(`RNIC_BAR0_IRQ_ENABLE, 1, 4'hF, OKAY);
    f_write_irq("AEQ_PI 3, IRQ_ENABLE 1", `RNIC_FW_AEQ_PI, 3, 0);
    h_read(`RNIC_BAR0_AEQ_PI, 3, OKAY);
    irq_vec_exp = 5'd0;
    h_write(`RNIC_BAR0_CMDQ_PI, 6, 4'hF, OKAY);
    f_write_irq("CMDQ_CI 6, IRQ_ENABLE 1", `RNIC_FW_CMDQ_CI, 6, 1);
    // IRQ_ENABLE 3: each pulse carries the vector of the register that changed
    h_write(`RNIC_BAR0_IRQ_ENABLE, 3, 4'hF, OKAY);
    irq_vec_exp = 5'd1;
    f_write_irq("AEQ_PI 4, IRQ_ENABLE 3", `RNIC_FW_AEQ_PI, 4, 1);
    irq_vec_exp = 5'd0;
    h_write(`RNIC_BAR0_CMDQ_PI, 7, 4'hF, OKAY);
    f_write_irq("CMDQ_CI 7, IRQ_ENABLE 3", `RNIC_FW_CMDQ_CI, 7, 1);
    irq_vec_exp = 5'd1;
    f_write_irq("AEQ_PI 5, IRQ_ENABLE 3", `RNIC_FW_AEQ_PI, 5, 1);
    f_write_irq("CMDQ_CI 7 unchanged", `RNIC_FW_CMDQ_CI, 7, 0);
    f_write_irq("AEQ_PI 5 unchanged", `RNIC_FW_AEQ_PI, 5, 0);
    irq_vec_exp = 5'd0;
    f_write_irq("CMDQ_CI 0, IRQ_ENABLE 3", `RNIC_FW_CMDQ_CI, 0, 1);
    f_write_irq("CMDQ_CI 7 back, IRQ_ENABLE 3", `RNIC_FW_CMDQ_CI, 7, 1);
    h_write(`RNIC_BAR0_IRQ_ENABLE, 0, 4'hF, OKAY);
    h_read(`RNIC_BAR0_AEQ_PI, 5, OKAY);
    h_read(`RNIC_BAR0_AEQ_CI, 2, OKAY);
    h_read(`RNIC_BAR0_CMDQ_CI, 7, OKAY);

    // ---- asynchronous event slots: the firmware writes every word of every
    // slot, both ports read them back
    n0 = irq_count;
    for (i = 0; i < AEQ_WORDS; i = i + 1) begin
        f_aeq_write(i, pattern(i + 3000), 4'hF);
    end
    check_aeq_all;
    // slot 9 as an aeqe (SRQ_LIMIT_REACHED, uctx 0x0102, SRQN 0x11)
    f_aeq_write(9 * SLOT_WORDS, (32'h0102 << `RNIC_AEQE_UCTX_LSB) |
                (`RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED << `RNIC_AEQE_EVENT_LSB), 4'hF);
    f_aeq_write(9 * SLOT_WORDS + (`RNIC_AEQE_ELEMENT_LSB / 32), 32'h11, 4'hF);
    h_read(AEQ + 9 * `RNIC_AEQ_SLOT_SIZE, 32'h0102_000F, OKAY);
    h_read(AEQ + 9 * `RNIC_AEQ_SLOT_SIZE + 4, 32'h11, OKAY);
    // byte strobes: only the strobed bytes change
    f_aeq_write(5 * SLOT_WORDS + 1, 32'hA1B2_C3D4, 4'b0110);
    h_read(AEQ + 5 * `RNIC_AEQ_SLOT_SIZE + 4, (pattern(5 * SLOT_WORDS + 1 + 3000) & 32'hFF00_00FF) | 32'h00B2_C300, OKAY);
    f_aeq_write((AEQ_SLOTS - 1) * SLOT_WORDS, 32'h1122_3344, 4'b1001);
    h_read(AEQ + (AEQ_SLOTS - 1) * `RNIC_AEQ_SLOT_SIZE,
           (pattern((AEQ_SLOTS - 1) * SLOT_WORDS + 3000) & 32'h00FF_FF00) | 32'h1100_0044, OKAY);
    f_aeq_write(0, 32'hFFFF_FFFF, 4'b0000);
    h_read(AEQ, pattern(3000), OKAY);
    f_aeq_write(AEQ_WORDS - 1, 32'h0000_0000, 4'b1000);
    f_aeq_write(12, 32'h5566_7788, 4'b0001);
    f_aeq_write(12, 32'h5566_7788, 4'b0100);
    h_read(AEQ + 12 * 4, (pattern(12 + 3000) & 32'hFF00_FF00) | 32'h0066_0088, OKAY);
    // host writes to the window are refused and change nothing
    h_write(AEQ, 32'h0, 4'hF, SLVERR);
    h_write(AEQ + 4, 32'hFFFF_FFFF, 4'hF, SLVERR);
    h_write(AEQ + 5 * `RNIC_AEQ_SLOT_SIZE + 4, 32'h0, 4'b0110, SLVERR);
    h_write(AEQ + 9 * `RNIC_AEQ_SLOT_SIZE, 32'hDEAD_BEEF, 4'h1, SLVERR);
    h_write(AEQ + (AEQ_WORDS - 1) * 4, 32'h0BAD_F00D, 4'hF, SLVERR);
    check_aeq_all;
    // the window and the command slots do not alias: command slot 0 (whose
    // word offsets match the AEQ words) is as the command tests left it,
    // and command-slot writes leave the AEQ window alone
    for (i = 0; i < AEQ_WORDS; i = i + 1) begin
        h_read(CMDQ + i * 4, cmdq_slot0(i), OKAY);
    end
    h_write(CMDQ + 5 * 4, pattern(5), 4'hF, OKAY);
    f_write(CMDQ + 6 * 4, pattern(6), 4'hF, OKAY);
    h_read(AEQ + 5 * 4, aeq_shadow[5], OKAY);
    f_read(AEQ + 6 * 4, aeq_shadow[6], OKAY, 1);
    check32("no irq from the AEQ window", irq_count - n0, 0);

    // ---- hardware event head: FW_EVENT (ev_event[31:0]), FW_EVENT_DATA
    // (ev_event[63:32]), IRQ_STATUS[1], fw_irq, ev_pop
    ev_valid = 1'b0;
    ev_event = {32'h0000_0305, `RNIC_HW_EVENT_MW_BIND, 24'h00_0402};
    f_read(`RNIC_FW_EVENT, 0, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);     // empty: 0, whatever ev_event holds
    f_read(`RNIC_FW_IRQ_STATUS, 0, OKAY, 1);
    ev_event = {64{1'b1}};
    f_read(`RNIC_FW_EVENT, 0, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);
    ev_valid = 1'b1;
    ev_event = {32'h0000_0305, `RNIC_HW_EVENT_MW_BIND, 24'h00_0402};
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_MW_BIND, 24'h00_0402}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 32'h0000_0305, OKAY, 1);
    f_read(`RNIC_FW_IRQ_STATUS, 2, OKAY, 1);
    ev_event = {32'd0, `RNIC_HW_EVENT_RESP_ACCESS, 24'h00_0123};
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_RESP_ACCESS, 24'h00_0123}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);
    f_read(`RNIC_FW_IRQ_STATUS, 2, OKAY, 1);
    // the two words are independent: all ones in one, zeros in the other
    ev_event = {32'd0, 32'hFFFF_FFFF};
    f_read(`RNIC_FW_EVENT, 32'hFFFF_FFFF, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);
    ev_event = {32'hFFFF_FFFF, 32'd0};
    f_read(`RNIC_FW_EVENT, 0, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 32'hFFFF_FFFF, OKAY, 1);
    f_read(`RNIC_FW_IRQ_STATUS, 2, OKAY, 1);     // ev_valid, not the type, says pending
    // a walking one over all 64 bits: each bit shows in its word only
    for (i = 0; i < 64; i = i + 1) begin
        ev_event = 64'd1 << i;
        f_read(`RNIC_FW_EVENT, ev_event[31:0], OKAY, 1);
        f_read(`RNIC_FW_EVENT_DATA, ev_event[63:32], OKAY, 1);
    end
    // the data word changes under a steady event word, and the other way
    ev_event = {pattern(1), `RNIC_HW_EVENT_SRQ_LIMIT, 24'hAB_CDEF};
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_SRQ_LIMIT, 24'hAB_CDEF}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, pattern(1), OKAY, 1);
    ev_event[63:32] = pattern(2);
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_SRQ_LIMIT, 24'hAB_CDEF}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, pattern(2), OKAY, 1);
    ev_event[31:0] = {`RNIC_HW_EVENT_QP_FATAL, 24'h00_0001};
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_QP_FATAL, 24'h00_0001}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, pattern(2), OKAY, 1);
    ev_event = {32'd0, `RNIC_HW_EVENT_QP_FATAL, 24'h00_0001};
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_QP_FATAL, 24'h00_0001}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);
    ev_valid = 1'b0;
    f_read(`RNIC_FW_EVENT, 0, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 0, OKAY, 1);
    f_read(`RNIC_FW_IRQ_STATUS, 0, OKAY, 1);
    // IRQ_STATUS is level: writing ones leaves bit 1 as ev_valid says
    ev_valid = 1'b1;
    f_write(`RNIC_FW_IRQ_STATUS, 3, 4'hF, OKAY);
    f_read(`RNIC_FW_IRQ_STATUS, 2, OKAY, 1);
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_QP_FATAL, 24'h00_0001}, OKAY, 1);
    // fw_irq = (IRQ_ENABLE[0] & command pending) | (IRQ_ENABLE[1] & ev_valid),
    // every combination (CMDQ_CI is 7 here)
    for (c0 = 0; c0 < 16; c0 = c0 + 1) begin
        en = c0[1:0];
        evb = c0[2];
        pend = c0[3];
        f_write(`RNIC_FW_IRQ_ENABLE, {30'd0, en}, 4'hF, OKAY);
        h_write(`RNIC_BAR0_CMDQ_PI, pend ? 3 : 7, 4'hF, OKAY);
        ev_valid = evb;
        f_read(`RNIC_FW_IRQ_ENABLE, {30'd0, en}, OKAY, 1);
        f_read(`RNIC_FW_IRQ_STATUS, {30'd0, evb, pend}, OKAY, 1);
        check32("fw_irq combination", {31'd0, fw_irq}, {31'd0, (en[0] & pend) | (en[1] & evb)});
        // fw_irq follows ev_valid in the same cycle
        ev_valid = ~evb;
        #1;
        check32("fw_irq follows ev_valid", {31'd0, fw_irq}, {31'd0, (en[0] & pend) | (en[1] & ~evb)});
        ev_valid = evb;
        #1;
        check32("fw_irq combination again", {31'd0, fw_irq}, {31'd0, (en[0] & pend) | (en[1] & evb)});
    end
    h_write(`RNIC_BAR0_CMDQ_PI, 7, 4'hF, OKAY);
    f_write(`RNIC_FW_IRQ_ENABLE, 1, 4'hF, OKAY);
    check32("ev_pop idle", ev_pop_count, 0);
    // a write to FW_EVENT_POP: ev_pop for exactly one cycle, the cycle the
    // write is taken; any data and any strobes
    ev_valid = 1'b1;
    ev_event = {32'h0000_0105, `RNIC_HW_EVENT_MW_BIND, 24'h00_0203};
    f_write(`RNIC_FW_EVENT_POP, 0, 4'hF, OKAY);
    ev_pops = ev_pops + 1;
    repeat (2) @(negedge clk);
    check32("ev_pop cycles", ev_pop_count, ev_pops);
    check32("ev_pop in the write cycle", ev_pop_cycle, f_fire_cycle);
    f_write(`RNIC_FW_EVENT_POP, 32'hFFFF_FFFF, 4'h1, OKAY);
    ev_pops = ev_pops + 1;
    repeat (2) @(negedge clk);
    check32("ev_pop cycles 2", ev_pop_count, ev_pops);
    check32("ev_pop in the write cycle 2", ev_pop_cycle, f_fire_cycle);
    // reads do not pop; FW_EVENT, FW_EVENT_DATA and FW_AEQ_CI refuse writes
    // (any data, any strobes) and do not pop, nor change what is shown
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_MW_BIND, 24'h00_0203}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 32'h0000_0105, OKAY, 1);
    f_read(`RNIC_FW_EVENT_POP, 0, OKAY, 1);
    f_write(`RNIC_FW_EVENT, 0, 4'hF, SLVERR);
    f_write(`RNIC_FW_EVENT_DATA, 0, 4'hF, SLVERR);
    f_write(`RNIC_FW_EVENT_DATA, 32'hFFFF_FFFF, 4'h1, SLVERR);
    f_write(`RNIC_FW_EVENT_DATA, 32'h1234_5678, 4'h0, SLVERR);
    f_write(`RNIC_FW_AEQ_CI, 3, 4'hF, SLVERR);
    f_write(`RNIC_FW_AEQ_PI, 6, 4'hF, OKAY);
    repeat (2) @(negedge clk);
    check32("no ev_pop without an FW_EVENT_POP write", ev_pop_count, ev_pops);
    f_read(`RNIC_FW_EVENT, {`RNIC_HW_EVENT_MW_BIND, 24'h00_0203}, OKAY, 1);
    f_read(`RNIC_FW_EVENT_DATA, 32'h0000_0105, OKAY, 1);
    h_read(`RNIC_BAR0_AEQ_CI, 2, OKAY);
    h_read(`RNIC_BAR0_AEQ_PI, 6, OKAY);
    // back-to-back FW_EVENT_POP writes: one ev_pop cycle each
    n0 = ev_pop_count;
    n1 = 0;
    @(negedge clk);
    f_awaddr = `RNIC_FW_EVENT_POP; f_wdata = 0; f_wstrb = 4'hF; f_awvalid = 1; f_wvalid = 1;
    for (i = 0; i < 3; i = i + 1) begin
        #1;
        if (f_awready && f_wready) begin
            n1 = n1 + 1;
        end
        @(negedge clk);
    end
    f_awvalid = 0; f_wvalid = 0;
    ev_pops = ev_pops + n1;
    repeat (2) @(negedge clk);
    check32("back-to-back pops taken", n1, 3);
    check32("back-to-back ev_pop cycles", ev_pop_count - n0, 3);
    ev_valid = 1'b0;

    // ---- context path
    f_write(`RNIC_FW_CTX_SEL, (24'h000105 << 8) | `RNIC_CTX_TABLE_QPC, 4'hF, OKAY);
    f_read(`RNIC_FW_CTX_SEL, (24'h000105 << 8) | `RNIC_CTX_TABLE_QPC, OKAY, 1);
    for (i = 0; i < CTX_WORDS; i = i + 1) begin
        f_write(`RNIC_FW_CTX_DATA + i * 4, pattern(i + 77), 4'hF, OKAY);
    end
    for (i = 0; i < CTX_WORDS; i = i + 1) begin
        f_read(`RNIC_FW_CTX_DATA + i * 4, pattern(i + 77), OKAY, 1);
    end
    check32("no ctx pulse before CTX_CMD", ctx_count, 0);
    f_write(`RNIC_FW_CTX_CMD, `RNIC_CTX_CMD_WRITE, 4'hF, OKAY);
    repeat (2) @(negedge clk);
    check32("ctx pulses", ctx_count, 1);
    check32("ctx table", {24'd0, ctx_table_seen}, `RNIC_CTX_TABLE_QPC);
    check32("ctx index", {8'd0, ctx_index_seen}, 32'h105);
    for (i = 0; i < CTX_WORDS; i = i + 1) begin
        check32("ctx word", ctx_data_seen[i*32 +: 32], pattern(i + 77));
    end
    f_read(`RNIC_FW_CTX_STATUS, 0, OKAY, 1);
    f_read(`RNIC_FW_CTX_CMD, 0, OKAY, 1);
    // unknown command or partial strobe: refused, no broadcast
    f_write(`RNIC_FW_CTX_CMD, 2, 4'hF, SLVERR);
    f_write(`RNIC_FW_CTX_CMD, `RNIC_CTX_CMD_WRITE, 4'h1, SLVERR);
    repeat (2) @(negedge clk);
    check32("ctx pulses after bad commands", ctx_count, 1);
    // a second entry on another table, one word changed with byte strobes
    f_write(`RNIC_FW_CTX_SEL, (24'h00002A << 8) | `RNIC_CTX_TABLE_CQC, 4'hF, OKAY);
    f_write(`RNIC_FW_CTX_DATA + 31 * 4, 32'hDEADBEEF, 4'b0011, OKAY);
    f_write(`RNIC_FW_CTX_CMD, `RNIC_CTX_CMD_WRITE, 4'hF, OKAY);
    repeat (2) @(negedge clk);
    check32("ctx pulses 2", ctx_count, 2);
    check32("ctx table 2", {24'd0, ctx_table_seen}, `RNIC_CTX_TABLE_CQC);
    check32("ctx index 2", {8'd0, ctx_index_seen}, 32'h2A);
    check32("ctx word 31 merged", ctx_data_seen[31*32 +: 32], (pattern(31 + 77) & 32'hFFFF0000) | 32'hBEEF);
    check32("ctx word 0 kept", ctx_data_seen[31:0], pattern(77));

    // ---- doorbells
    n0 = db_count;
    h_write(DB0 + 3 * PG + `RNIC_DB_SQ, 32'h0007_0010, 4'hF, OKAY);
    h_write(DB0 + 63 * PG + `RNIC_DB_RQ, 32'h00FF_1234, 4'hF, OKAY);
    h_write(DB0 + 0 * PG + `RNIC_DB_CQ, 32'h4005_0021, 4'hF, OKAY);
    h_write(DB0 + 9 * PG + `RNIC_DB_SRQ, 32'h0003_0042, 4'hF, OKAY);
    // not a doorbell register, a partial strobe, a page beyond DB_PAGES
    h_write(DB0 + 5 * PG + 16, 32'h1, 4'hF, OKAY);
    h_write(DB0 + 5 * PG + `RNIC_DB_SQ, 32'h1, 4'h3, SLVERR);
    h_write(DB0 + `RNIC_DB_PAGES * PG, 32'h1, 4'hF, DECERR);
    repeat (2) @(negedge clk);
    check32("doorbell pulses", db_count - n0, 4);
    check32("db 3 page", {16'd0, db_page_log[n0 + 3]}, 9);
    check32("db 3 reg", {30'd0, db_reg_log[n0 + 3]}, 3);
    check32("db 3 value", db_value_log[n0 + 3], 32'h0003_0042);
    check32("db 0 page", {16'd0, db_page_log[n0]}, 3);
    check32("db 0 reg", {30'd0, db_reg_log[n0]}, 0);
    check32("db 0 value", db_value_log[n0], 32'h0007_0010);
    check32("db 1 page", {16'd0, db_page_log[n0+1]}, 63);
    check32("db 1 reg", {30'd0, db_reg_log[n0+1]}, 1);
    check32("db 1 value", db_value_log[n0+1], 32'h00FF_1234);
    check32("db 2 page", {16'd0, db_page_log[n0+2]}, 0);
    check32("db 2 reg", {30'd0, db_reg_log[n0+2]}, 2);
    check32("db 2 value", db_value_log[n0+2], 32'h4005_0021);
    // doorbell pages read as 0
    h_read(DB0 + 3 * PG + `RNIC_DB_SQ, 0, OKAY);
    h_read(DB0 + 63 * PG + `RNIC_DB_CQ, 0, OKAY);
    h_read(DB0 + 7 * PG + 16'h800, 0, OKAY);

    // back-to-back doorbells: one write accepted per cycle
    n0 = db_count;
    n1 = 0;
    @(negedge clk);
    h_awaddr = DB0 + 0 * PG; h_wdata = pattern(500); h_wstrb = 4'hF;
    h_awvalid = 1; h_wvalid = 1;
    c0 = cycle;
    for (i = 0; i < 16; i = i + 1) begin
        #1;
        if (h_awready && h_wready) begin
            n1 = n1 + 1;
        end
        @(negedge clk);
        h_awaddr = DB0 + ((i + 1) % 64) * PG + (((i + 1) % 3) * 4);
        h_wdata = pattern(501 + i);
    end
    h_awvalid = 0; h_wvalid = 0;
    repeat (3) @(negedge clk);
    check32("back-to-back writes accepted", n1, 16);
    check32("back-to-back doorbells", db_count - n0, 16);
    for (i = 0; i < 16; i = i + 1) begin
        check32("b2b page", {16'd0, db_page_log[n0 + i]}, i % 64);
        check32("b2b reg", {30'd0, db_reg_log[n0 + i]}, i % 3);
        check32("b2b value", db_value_log[n0 + i], pattern(500 + i));
        check32("b2b cycle", db_cycle_log[n0 + i] - db_cycle_log[n0], i);
    end

    // a doorbell in the same cycle as a CTX_CMD write is held one cycle;
    // the monitor fails the test if db_valid and ctx_wr_valid coincide
    n0 = db_count;
    n1 = ctx_count;
    @(negedge clk);
    h_awaddr = DB0 + 9 * PG; h_wdata = 32'h00090001; h_wstrb = 4'hF; h_awvalid = 1; h_wvalid = 1;
    f_awaddr = `RNIC_FW_CTX_CMD; f_wdata = `RNIC_CTX_CMD_WRITE; f_wstrb = 4'hF; f_awvalid = 1; f_wvalid = 1;
    #1;
    check32("host held during ctx write", {31'd0, h_awready}, 0);
    check32("fw ctx write taken", {31'd0, f_awready}, 1);
    @(negedge clk);
    f_awvalid = 0; f_wvalid = 0;
    #1;
    check32("host taken next cycle", {31'd0, h_awready}, 1);
    @(negedge clk);
    h_awvalid = 0; h_wvalid = 0;
    repeat (3) @(negedge clk);
    check32("held doorbell delivered", db_count - n0, 1);
    check32("held doorbell value", db_value_log[n0], 32'h00090001);
    check32("ctx pulse with doorbell", ctx_count - n1, 1);

    // a CTX_CMD write in the cycle after a doorbell write (db_valid high)
    // waits a cycle, so its broadcast does not land in the doorbell's check;
    // a host write meanwhile waits for it
    n0 = db_count;
    n1 = ctx_count;
    @(negedge clk);
    h_awaddr = DB0 + 10 * PG; h_wdata = 32'h000a0001; h_wstrb = 4'hF; h_awvalid = 1; h_wvalid = 1;
    #1;
    check32("doorbell write taken", {31'd0, h_awready}, 1);
    @(negedge clk);
    h_awaddr = DB0 + 11 * PG; h_wdata = 32'h000b0001;
    f_awaddr = `RNIC_FW_CTX_CMD; f_wdata = `RNIC_CTX_CMD_WRITE; f_wstrb = 4'hF; f_awvalid = 1; f_wvalid = 1;
    #1;
    check32("db_valid out", {31'd0, db_valid}, 1);
    check32("ctx write held while db_valid", {31'd0, f_awready}, 0);
    check32("host held while ctx write waits", {31'd0, h_awready}, 0);
    @(negedge clk);
    #1;
    check32("ctx write taken a cycle later", {31'd0, f_awready}, 1);
    check32("host still held", {31'd0, h_awready}, 0);
    @(negedge clk);
    f_awvalid = 0; f_wvalid = 0;
    #1;
    check32("host taken after the ctx write", {31'd0, h_awready}, 1);
    @(negedge clk);
    h_awvalid = 0; h_wvalid = 0;
    repeat (3) @(negedge clk);
    check32("both doorbells delivered", db_count - n0, 2);
    check32("second doorbell value", db_value_log[n0 + 1], 32'h000b0001);
    check32("one ctx pulse", ctx_count - n1, 1);

    // ---- counters
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_CYCLES, 0, OKAY, 0);
    v0 = f_last;
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_CYCLES, 0, OKAY, 0);
    v1 = f_last;
    checks = checks + 1;
    if (v0 == 0 || v1 - v0 < 2 || v1 - v0 > 10) begin
        errors = errors + 1;
        $display("FAIL CYCLES %0d then %0d", v0, v1);
    end
    for (i = 1; i < STATS; i = i + 1) begin
        f_read(`RNIC_FW_STAT + 4 * i, 0, OKAY, 1);
    end
    // pulses on DB_REJECT for 5 cycles, 64-byte increments on DMA_RD_BYTES
    // for 7 cycles, 1 on counter 31 once
    @(negedge clk);
    stat_inc[`RNIC_STAT_DB_REJECT * STAT_INC_W +: STAT_INC_W] = 1;
    stat_inc[`RNIC_STAT_DMA_RD_BYTES * STAT_INC_W +: STAT_INC_W] = 64;
    stat_inc[31 * STAT_INC_W +: STAT_INC_W] = 16'hFFFF;
    @(negedge clk);
    stat_inc[31 * STAT_INC_W +: STAT_INC_W] = 0;
    repeat (4) @(negedge clk);
    stat_inc[`RNIC_STAT_DB_REJECT * STAT_INC_W +: STAT_INC_W] = 0;
    repeat (2) @(negedge clk);
    stat_inc[`RNIC_STAT_DMA_RD_BYTES * STAT_INC_W +: STAT_INC_W] = 0;
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_DB_REJECT, 5, OKAY, 1);
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_DMA_RD_BYTES, 7 * 64, OKAY, 1);
    f_read(`RNIC_FW_STAT + 4 * 31, 16'hFFFF, OKAY, 1);
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_TX_PKTS, 0, OKAY, 1);

    // reset clears the registers
    h_write(`RNIC_BAR0_AEQ_CI, 11, 4'hF, OKAY);
    f_write(`RNIC_FW_AEQ_PI, 13, 4'hF, OKAY);
    h_write(`RNIC_BAR0_IRQ_ENABLE, 3, 4'hF, OKAY);
    f_write(`RNIC_FW_IRQ_ENABLE, 3, 4'hF, OKAY);
    h_read(`RNIC_BAR0_AEQ_PI, 13, OKAY);
    f_read(`RNIC_FW_AEQ_CI, 11, OKAY, 1);
    @(negedge clk);
    rst = 1;
    repeat (2) @(negedge clk);
    rst = 0;
    h_read(`RNIC_BAR0_CMDQ_PI, 0, OKAY);
    f_read(`RNIC_FW_CMDQ_CI, 0, OKAY, 1);
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_DB_REJECT, 0, OKAY, 1);
    h_read(`RNIC_BAR0_AEQ_PI, 0, OKAY);
    h_read(`RNIC_BAR0_AEQ_CI, 0, OKAY);
    h_read(`RNIC_BAR0_IRQ_ENABLE, 0, OKAY);
    f_read(`RNIC_FW_AEQ_PI, 0, OKAY, 1);
    f_read(`RNIC_FW_AEQ_CI, 0, OKAY, 1);
    f_read(`RNIC_FW_IRQ_ENABLE, 0, OKAY, 1);
    // the first AEQ_PI write after reset: no interrupt (IRQ_ENABLE is 0)
    irq_vec_exp = 5'd1;
    f_write_irq("AEQ_PI after reset", `RNIC_FW_AEQ_PI, 1, 0);
    check32("ev_pop cycles in the whole test", ev_pop_count, ev_pops);

    // ---- GSI mailbox window: reads and full-word writes go to rnic_gsi;
    // IRQ_STATUS[2] / IRQ_ENABLE[2] follow gsi_rx_pending
    f_read(`RNIC_FW_GSI_RX_COUNT, {~16'h0400, 16'h0400}, OKAY, 1);
    f_read(`RNIC_FW_GSI_RX_DATA + 16'h00FC, {~16'h05FC, 16'h05FC}, OKAY, 1);
    f_read(`RNIC_FW_GSI_TX_DATA + 16'h00FC, {~16'h06FC, 16'h06FC}, OKAY, 1);
    f_read(`RNIC_FW_GSI_TX_DATA + 16'h0100, 0, DECERR, 0);     // past the window
    f_write(`RNIC_FW_GSI_TX_DIP, 32'hC0000202, 4'hF, OKAY);
    check32("gsi writes", gsi_wr_count, 1);
    check32("gsi write address", {16'd0, gsi_last_waddr}, `RNIC_FW_GSI_TX_DIP);
    check32("gsi write data", gsi_last_wdata, 32'hC0000202);
    f_write(`RNIC_FW_GSI_TX_DATA + 16'h0010, 32'h01020304, 4'hF, OKAY);
    check32("gsi data write address", {16'd0, gsi_last_waddr}, `RNIC_FW_GSI_TX_DATA + 16'h0010);
    f_write(`RNIC_FW_GSI_TX_LEN, 32'h100, 4'h3, OKAY);          // partial strobes: not passed on
    check32("gsi writes after a partial write", gsi_wr_count, 2);
    f_read(`RNIC_FW_IRQ_STATUS, 0, OKAY, 1);
    gsi_rx_pending = 1;
    f_read(`RNIC_FW_IRQ_STATUS, 4, OKAY, 1);
    check32("fw_irq, GSI pending, not enabled", {31'd0, fw_irq}, 0);
    f_write(`RNIC_FW_IRQ_ENABLE, 4, 4'hF, OKAY);
    f_read(`RNIC_FW_IRQ_ENABLE, 4, OKAY, 1);
    check32("fw_irq, GSI pending, enabled", {31'd0, fw_irq}, 1);
    gsi_rx_pending = 0;
    @(negedge clk);
    check32("fw_irq, GSI idle", {31'd0, fw_irq}, 0);
    f_write(`RNIC_FW_IRQ_ENABLE, 0, 4'hF, OKAY);

    if (errors == 0) begin
        $display("tb_csr: %0d checks", checks);
        $display("PASS");
    end else begin
        $display("FAIL: %0d of %0d checks failed", errors, checks);
    end
    $finish;
end

initial begin
    #2000000;
    $display("FAIL: timeout");
    $finish;
end

endmodule

`default_nettype wire
