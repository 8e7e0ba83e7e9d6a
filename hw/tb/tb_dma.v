// tb_dma: self-checking testbench of rnic_dma against rnic_tb_axi_ram.
//
// Phase 1: all read and write ports at once, random addresses and lengths
//   1..9000, random back-pressure everywhere and interleaved R beats. Reads
//   come from a region holding a known pattern; writes go to a second region
//   and may overlap each other, so the final image also checks that writes
//   land in acceptance order. Every read byte, tag, tkeep and tlast is
//   checked; afterwards every byte of the write region and the guard bytes
//   around it are compared with the testbench's reference image.
// Phase 2: random reads of the written region, checked against the image.
// Phase 3: a read and a write outside the RAM window must report errors.
// Phase 4: throughput of long reads and writes without back-pressure.
// The RAM model counts 4 KiB crossings and other protocol faults; any is a
// failure.
`timescale 1ns / 1ps
`default_nettype none

module tb_dma;

parameter DATA_W = 512;                 // DMA width under test
localparam KEEP_W = DATA_W / 8;
localparam TAG_W = 8;
localparam RD_PORTS = 2;
localparam WR_PORTS = 2;
localparam QD = 64;                              // requests tracked per port

localparam [63:0] RAM_BASE = 64'h0000_0001_0000_0000;
localparam RAM_SIZE = 262144;
localparam [63:0] RD_BASE = RAM_BASE + 64'h100;  // pattern region (read only)
localparam RD_SIZE = 65536;
localparam [63:0] WR_BASE = RAM_BASE + 64'h20000; // written region
localparam WR_SIZE = 65536;
localparam GUARD = 256;                          // bytes checked on each side of WR region

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

// ---------------------------------------------------------------------------
// DUT and memory
// ---------------------------------------------------------------------------
reg  [RD_PORTS*64-1:0]      rd_req_addr;
reg  [RD_PORTS*16-1:0]      rd_req_len;
reg  [RD_PORTS*TAG_W-1:0]   rd_req_tag;
reg  [RD_PORTS-1:0]         rd_req_valid;
wire [RD_PORTS-1:0]         rd_req_ready;
wire [RD_PORTS*DATA_W-1:0]  rd_tdata;
wire [RD_PORTS*KEEP_W-1:0]  rd_tkeep;
wire [RD_PORTS-1:0]         rd_tlast;
wire [RD_PORTS*TAG_W-1:0]   rd_tuser;
wire [RD_PORTS-1:0]         rd_error;
wire [RD_PORTS-1:0]         rd_tvalid;
reg  [RD_PORTS-1:0]         rd_tready;

reg  [WR_PORTS*64-1:0]      wr_req_addr;
reg  [WR_PORTS*16-1:0]      wr_req_len;
reg  [WR_PORTS-1:0]         wr_req_valid;
wire [WR_PORTS-1:0]         wr_req_ready;
reg  [WR_PORTS*DATA_W-1:0]  wr_tdata;
reg  [WR_PORTS*KEEP_W-1:0]  wr_tkeep;
reg  [WR_PORTS-1:0]         wr_tlast;
reg  [WR_PORTS-1:0]         wr_tvalid;
wire [WR_PORTS-1:0]         wr_tready;
wire [WR_PORTS-1:0]         wr_done;
wire [WR_PORTS-1:0]         wr_error;

wire                        stat_rd_valid;
wire [15:0]                 stat_rd_bytes;
wire                        stat_wr_valid;
wire [15:0]                 stat_wr_bytes;

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

reg  [7:0]  ram_ready_pct;
reg         ram_interleave;
wire [31:0] ram_err_protocol, ram_err_window, ram_rd_bursts, ram_wr_bursts;

rnic_dma #(
    .DATA_W(DATA_W),
    .ADDR_W(64),
    .ID_W(8),
    .TAG_W(TAG_W),
    .RD_PORTS(RD_PORTS),
    .WR_PORTS(WR_PORTS),
    .MAX_BURST(256),
    .RD_OUTSTANDING(16),
    .RD_FIFO_DEPTH(256),
    .RD_REQ_DEPTH(8),
    .WR_OUTSTANDING(16),
    .WR_CMD_DEPTH(4)
) dut (
    .clk(clk), .rst(rst),
    .s_rd_req_addr(rd_req_addr), .s_rd_req_len(rd_req_len), .s_rd_req_tag(rd_req_tag),
    .s_rd_req_valid(rd_req_valid), .s_rd_req_ready(rd_req_ready),
    .m_rd_tdata(rd_tdata), .m_rd_tkeep(rd_tkeep), .m_rd_tlast(rd_tlast), .m_rd_tuser(rd_tuser),
    .m_rd_error(rd_error), .m_rd_tvalid(rd_tvalid), .m_rd_tready(rd_tready),
    .s_wr_req_addr(wr_req_addr), .s_wr_req_len(wr_req_len),
    .s_wr_req_valid(wr_req_valid), .s_wr_req_ready(wr_req_ready),
    .s_wr_tdata(wr_tdata), .s_wr_tkeep(wr_tkeep), .s_wr_tlast(wr_tlast),
    .s_wr_tvalid(wr_tvalid), .s_wr_tready(wr_tready),
    .m_wr_done(wr_done), .m_wr_error(wr_error),
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
    .stat_rd_valid(stat_rd_valid), .stat_rd_bytes(stat_rd_bytes),
    .stat_wr_valid(stat_wr_valid), .stat_wr_bytes(stat_wr_bytes)
);

rnic_tb_axi_ram #(
    .DATA_W(DATA_W),
    .ADDR_W(64),
    .ID_W(8),
    .BASE(RAM_BASE),
    .SIZE(RAM_SIZE),
    .RD_LATENCY(20),
    .WR_LATENCY(10),
    .MAX_OUTSTANDING(16),
    .SEED(32'hC0FFEE11)
) ram (
    .clk(clk), .rst(rst),
    .ready_pct(ram_ready_pct), .interleave(ram_interleave),
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
// data patterns and the reference image
// ---------------------------------------------------------------------------
function [7:0] hash8(input [63:0] x);
    reg [31:0] h;
    begin
        h = x[31:0] ^ x[63:32];
        h = h * 32'h9E37_79B1;
        h = h ^ (h >> 15);
        h = h * 32'h85EB_CA6B;
        hash8 = h[31:24] ^ h[7:0];
    end
endfunction

// initial contents of the RAM
function [7:0] pat(input [63:0] a);
    pat = hash8(a);
endfunction

// byte i of the write with sequence number w
function [7:0] wdat(input [31:0] w, input [31:0] i);
    wdat = hash8({w, i} ^ 64'h5555_0000_0000_AAAA);
endfunction

reg [7:0] ref_mem [0:WR_SIZE-1];

// expected content of RAM byte a (reads may target either region)
function [7:0] exp_byte(input [63:0] a);
    if (a >= WR_BASE && a < WR_BASE + WR_SIZE) begin
        exp_byte = ref_mem[a - WR_BASE];
    end else begin
        exp_byte = pat(a);
    end
endfunction

// ---------------------------------------------------------------------------
// random numbers (xorshift32)
// ---------------------------------------------------------------------------
reg [31:0] rnd = 32'h2545_F491;

task rnd_step;
    begin
        rnd = rnd ^ (rnd << 13);
        rnd = rnd ^ (rnd >> 17);
        rnd = rnd ^ (rnd << 5);
    end
endtask

// random length: mostly anything in 1..max, sometimes short
task rnd_len(input integer max, output integer len);
    begin
        rnd_step;
        if (rnd[3:0] < 4) begin
            rnd_step;
            len = 1 + (rnd % 130);
        end else begin
            rnd_step;
            len = 1 + (rnd % max);
        end
    end
endtask

// ---------------------------------------------------------------------------
// client state (all ports, one always block)
// ---------------------------------------------------------------------------
integer errors = 0;

// test control, set by the sequencer
integer    rd_target [0:RD_PORTS-1];   // reads to issue per port
integer    wr_target [0:WR_PORTS-1];
reg [63:0] rd_lo;                      // read addresses: [rd_lo, rd_lo + rd_span)
integer    rd_span;
integer    rd_max_len;
integer    wr_max_len;
reg        fixed_mode;                 // throughput: fixed address and length
reg [63:0] fixed_addr;
integer    fixed_len;
integer    rd_ready_pct;               // client tready / tvalid offer rates
integer    wr_valid_pct;
reg        expect_err;                 // phase 3: errors expected

// read port state
integer    rd_issued [0:RD_PORTS-1];
integer    rd_completed [0:RD_PORTS-1];
reg [63:0] rq_addr [0:RD_PORTS*QD-1];
integer    rq_len [0:RD_PORTS*QD-1];
reg [7:0]  rq_tag [0:RD_PORTS*QD-1];
integer    rq_head [0:RD_PORTS-1];
integer    rq_tail [0:RD_PORTS-1];
integer    rd_beat [0:RD_PORTS-1];
integer    rd_err_seen [0:RD_PORTS-1];

// write port state
integer    wr_issued [0:WR_PORTS-1];
integer    wr_completed [0:WR_PORTS-1];
integer    wr_err_seen [0:WR_PORTS-1];
integer    wq_seq [0:WR_PORTS*QD-1];
integer    wq_len [0:WR_PORTS*QD-1];
integer    wq_head [0:WR_PORTS-1];
integer    wq_tail [0:WR_PORTS-1];
integer    wr_beat [0:WR_PORTS-1];
integer    wr_seq;                     // global write sequence number

integer    p, i, j, len, n, off;
reg [63:0] a;
reg [7:0]  b;
reg        ok;

// throughput measurement
integer    cyc;
integer    rd_first_beat, rd_last_beat, rd_beats;
integer    wr_first_beat, wr_last_beat, wr_beats;

always @(posedge clk) begin
    cyc = cyc + 1;
    if (rvalid && rready) begin
        if (rd_beats == 0) rd_first_beat = cyc;
        rd_last_beat = cyc;
        rd_beats = rd_beats + 1;
    end
    if (wvalid && wready) begin
        if (wr_beats == 0) wr_first_beat = cyc;
        wr_last_beat = cyc;
        wr_beats = wr_beats + 1;
    end
end

reg [DATA_W-1:0] beat_data;
reg [KEEP_W-1:0] beat_keep;
reg              beat_last;

// the next beat of port's current write, into beat_*
task load_wr_beat(input integer port);
    integer q, k2, rem;
    begin
        q = port*QD + wq_head[port];
        rem = wq_len[q] - wr_beat[port]*KEEP_W;
        for (k2 = 0; k2 < KEEP_W; k2 = k2 + 1) begin
            beat_data[k2*8 +: 8] = (k2 < rem) ? wdat(wq_seq[q], wr_beat[port]*KEEP_W + k2) : 8'hxx;
            beat_keep[k2] = (k2 < rem);
        end
        beat_last = (rem <= KEEP_W);
    end
endtask

always @(posedge clk) begin
    if (rst) begin
        for (p = 0; p < RD_PORTS; p = p + 1) begin
            rd_issued[p] = 0;
            rd_completed[p] = 0;
            rq_head[p] = 0;
            rq_tail[p] = 0;
            rd_beat[p] = 0;
            rd_err_seen[p] = 0;
        end
        for (p = 0; p < WR_PORTS; p = p + 1) begin
            wr_issued[p] = 0;
            wr_completed[p] = 0;
            wr_err_seen[p] = 0;
            wq_head[p] = 0;
            wq_tail[p] = 0;
            wr_beat[p] = 0;
        end
        wr_seq = 0;
        rd_req_valid <= 0;
        rd_tready <= 0;
        wr_req_valid <= 0;
        wr_tvalid <= 0;
    end else begin
        // ---------------- read ports ----------------
        for (p = 0; p < RD_PORTS; p = p + 1) begin
            // data beat
            if (rd_tvalid[p] && rd_tready[p]) begin
                n = p*QD + rq_head[p];
                if (rq_head[p] == rq_tail[p]) begin
                    $display("FAIL: read port %0d: beat with no request outstanding", p);
                    errors = errors + 1;
                end else begin
                    if (rd_tuser[p*TAG_W +: TAG_W] !== rq_tag[n]) begin
                        $display("FAIL: read port %0d: tag %h, expected %h", p,
                                 rd_tuser[p*TAG_W +: TAG_W], rq_tag[n]);
                        errors = errors + 1;
                    end
                    len = rq_len[n] - rd_beat[p]*KEEP_W;
                    ok = 1'b1;
                    for (i = 0; i < KEEP_W; i = i + 1) begin
                        if (rd_tkeep[p*KEEP_W + i] !== (i < len)) ok = 1'b0;
                        if (i < len && !expect_err) begin
                            a = rq_addr[n] + rd_beat[p]*KEEP_W + i;
                            b = exp_byte(a);
                            if (rd_tdata[(p*KEEP_W + i)*8 +: 8] !== b) begin
                                if (ok) begin
                                    $display("FAIL: read port %0d: byte at %h is %h, expected %h", p, a,
                                             rd_tdata[(p*KEEP_W + i)*8 +: 8], b);
                                end
                                ok = 1'b0;
                            end
                        end
                    end
                    if (rd_tlast[p] !== (len <= KEEP_W)) ok = 1'b0;
                    if (!ok) begin
                        $display("FAIL: read port %0d: request %h+%0d beat %0d wrong (keep %h last %b)",
                                 p, rq_addr[n], rq_len[n], rd_beat[p], rd_tkeep[p*KEEP_W +: KEEP_W], rd_tlast[p]);
                        errors = errors + 1;
                    end
                    rd_beat[p] = rd_beat[p] + 1;
                    if (len <= KEEP_W) begin
                        if (rd_error[p]) rd_err_seen[p] = rd_err_seen[p] + 1;
                        if (rd_error[p] !== expect_err) begin
                            $display("FAIL: read port %0d: error flag %b at end of %h+%0d", p, rd_error[p],
                                     rq_addr[n], rq_len[n]);
                            errors = errors + 1;
                        end
                        rd_beat[p] = 0;
                        rq_head[p] = (rq_head[p] + 1) % QD;
                        rd_completed[p] = rd_completed[p] + 1;
                    end
                end
            end
            // request
            if (rd_req_valid[p] && rd_req_ready[p]) begin
                rd_req_valid[p] <= 1'b0;
            end
            if ((!rd_req_valid[p] || rd_req_ready[p]) && rd_issued[p] < rd_target[p]
                && ((rq_tail[p] + 1) % QD) != rq_head[p]) begin
                if (fixed_mode) begin
                    a = fixed_addr;
                    len = fixed_len;
                end else begin
                    rnd_len(rd_max_len, len);
                    rnd_step;
                    a = rd_lo + (rnd % (rd_span - len + 1));
                end
                n = p*QD + rq_tail[p];
                rq_addr[n] = a;
                rq_len[n] = len;
                rq_tag[n] = rd_issued[p] ^ (p << 7);
                rq_tail[p] = (rq_tail[p] + 1) % QD;
                rd_issued[p] = rd_issued[p] + 1;
                rd_req_addr[p*64 +: 64] <= a;
                rd_req_len[p*16 +: 16] <= len[15:0];
                rd_req_tag[p*TAG_W +: TAG_W] <= rq_tag[n];
                rd_req_valid[p] <= 1'b1;
            end
            rnd_step;
            rd_tready[p] <= (rnd % 100) < rd_ready_pct;
        end

        // ---------------- write ports ----------------
        for (p = 0; p < WR_PORTS; p = p + 1) begin
            if (wr_done[p]) begin
                wr_completed[p] = wr_completed[p] + 1;
                if (wr_error[p]) wr_err_seen[p] = wr_err_seen[p] + 1;
                if (wr_error[p] !== expect_err) begin
                    $display("FAIL: write port %0d: error flag %b on completion", p, wr_error[p]);
                    errors = errors + 1;
                end
            end
            // data
            if (wr_tvalid[p] && wr_tready[p]) begin
                n = p*QD + wq_head[p];
                wr_beat[p] = wr_beat[p] + 1;
                if (wr_beat[p]*KEEP_W >= wq_len[n]) begin
                    wr_beat[p] = 0;
                    wq_head[p] = (wq_head[p] + 1) % QD;
                end
            end
            // request accepted: from now on memory must end up holding it
            if (wr_req_valid[p] && wr_req_ready[p]) begin
                wr_req_valid[p] <= 1'b0;
                n = p*QD + wq_tail[p];
                a = wr_req_addr[p*64 +: 64];
                wq_seq[n] = wr_seq;
                wq_len[n] = wr_req_len[p*16 +: 16];
                if (!expect_err) begin
                    for (i = 0; i < wq_len[n]; i = i + 1) begin
                        ref_mem[a - WR_BASE + i] = wdat(wr_seq, i);
                    end
                end
                wq_tail[p] = (wq_tail[p] + 1) % QD;
                wr_seq = wr_seq + 1;
            end
            if ((!wr_req_valid[p] || wr_req_ready[p]) && wr_issued[p] < wr_target[p]
                && ((wq_tail[p] + 2) % QD) != wq_head[p]) begin
                if (fixed_mode) begin
                    a = fixed_addr;
                    len = fixed_len;
                end else begin
                    rnd_len(wr_max_len, len);
                    rnd_step;
                    a = WR_BASE + (rnd % (WR_SIZE - len + 1));
                end
                wr_issued[p] = wr_issued[p] + 1;
                wr_req_addr[p*64 +: 64] <= a;
                wr_req_len[p*16 +: 16] <= len[15:0];
                wr_req_valid[p] <= 1'b1;
            end
            // present the next beat when the queue has data
            if (!wr_tvalid[p] || wr_tready[p]) begin
                rnd_step;
                if (wq_head[p] != wq_tail[p] && (rnd % 100) < wr_valid_pct) begin
                    load_wr_beat(p);
                    wr_tdata[p*DATA_W +: DATA_W] <= beat_data;
                    wr_tkeep[p*KEEP_W +: KEEP_W] <= beat_keep;
                    wr_tlast[p] <= beat_last;
                    wr_tvalid[p] <= 1'b1;
                end else begin
                    wr_tvalid[p] <= 1'b0;
                end
            end
        end
    end
end

// ---------------------------------------------------------------------------
// sequencer
// ---------------------------------------------------------------------------
integer t;
integer sp;
reg [63:0] sa;
reg [7:0] sb;
reg     all_done;

task run_until_done(input integer limit);
    begin
        t = 0;
        all_done = 1'b0;
        while (!all_done && t < limit) begin
            @(posedge clk);
            t = t + 1;
            all_done = 1'b1;
            for (sp = 0; sp < RD_PORTS; sp = sp + 1) begin
                if (rd_completed[sp] < rd_target[sp]) all_done = 1'b0;
            end
            for (sp = 0; sp < WR_PORTS; sp = sp + 1) begin
                if (wr_completed[sp] < wr_target[sp]) all_done = 1'b0;
            end
        end
        if (!all_done) begin
            $display("FAIL: timeout after %0d cycles (rd %0d/%0d %0d/%0d, wr %0d/%0d %0d/%0d)", limit,
                     rd_completed[0], rd_target[0], rd_completed[1], rd_target[1],
                     wr_completed[0], wr_target[0], wr_completed[1], wr_target[1]);
            errors = errors + 1;
        end
        repeat (20) @(posedge clk);
    end
endtask

task add_targets(input integer nrd, input integer nwr);
    begin
        for (sp = 0; sp < RD_PORTS; sp = sp + 1) rd_target[sp] = rd_completed[sp] + nrd;
        for (sp = 0; sp < WR_PORTS; sp = sp + 1) wr_target[sp] = wr_completed[sp] + nwr;
    end
endtask

integer k;
integer mism;
real    rd_bpc, wr_bpc;

initial begin
    for (sp = 0; sp < RD_PORTS; sp = sp + 1) rd_target[sp] = 0;
    for (sp = 0; sp < WR_PORTS; sp = sp + 1) wr_target[sp] = 0;
    cyc = 0;
    rd_beats = 0;
    wr_beats = 0;
    fixed_mode = 1'b0;
    expect_err = 1'b0;
    rd_ready_pct = 70;
    wr_valid_pct = 70;
    ram_ready_pct = 8'd70;
    ram_interleave = 1'b1;
    rd_lo = RD_BASE;
    rd_span = RD_SIZE;
    rd_max_len = 9000;
    wr_max_len = 9000;
    // RAM starts with the pattern everywhere, the reference image too
    for (k = 0; k < RAM_SIZE; k = k + 1) begin
        ram.set_byte(RAM_BASE + k, pat(RAM_BASE + k));
    end
    for (k = 0; k < WR_SIZE; k = k + 1) begin
        ref_mem[k] = pat(WR_BASE + k);
    end
    repeat (5) @(posedge clk);
    rst <= 1'b0;
    repeat (5) @(posedge clk);

    // ---- phase 1: everything at once, with back-pressure ----
    add_targets(40, 40);
    run_until_done(400000);
    mism = 0;
    for (k = 0; k < WR_SIZE + 2*GUARD; k = k + 1) begin
        sa = WR_BASE - GUARD + k;
        sb = exp_byte(sa);
        if (ram.get_byte(sa) !== sb) begin
            if (mism < 8) begin
                $display("FAIL: memory byte %h is %h, expected %h", sa, ram.get_byte(sa), sb);
            end
            mism = mism + 1;
        end
    end
    if (mism != 0) begin
        $display("FAIL: %0d bytes of the written region differ from the reference", mism);
        errors = errors + 1;
    end
    $display("phase 1: %0d reads, %0d writes, %0d AR and %0d AW bursts, memory image checked",
             rd_completed[0] + rd_completed[1], wr_completed[0] + wr_completed[1],
             ram_rd_bursts, ram_wr_bursts);

    // ---- phase 2: read back the written region ----
    rd_lo = WR_BASE - GUARD;
    rd_span = WR_SIZE + 2*GUARD;
    add_targets(30, 0);
    run_until_done(400000);
    $display("phase 2: read-back done");

    // ---- phase 3: accesses outside the RAM window report errors ----
    expect_err = 1'b1;
    fixed_mode = 1'b1;
    fixed_addr = RAM_BASE + RAM_SIZE - 64'd100;   // runs 100 bytes past the end
    fixed_len = 300;
    rd_target[0] = rd_completed[0] + 1;
    wr_target[0] = wr_completed[0] + 1;
    run_until_done(20000);
    if (rd_err_seen[0] != 1 || wr_err_seen[0] != 1) begin
        $display("FAIL: out-of-window accesses: %0d read and %0d write errors reported, expected 1 each",
                 rd_err_seen[0], wr_err_seen[0]);
        errors = errors + 1;
    end
    if (ram_err_window == 0) begin
        $display("FAIL: the RAM saw no out-of-window burst");
        errors = errors + 1;
    end
    $display("phase 3: error responses reported (%0d bursts outside the window)", ram_err_window);
    expect_err = 1'b0;

    // ---- phase 4: throughput, no back-pressure ----
    ram_ready_pct = 8'd100;
    ram_interleave = 1'b0;
    rd_ready_pct = 100;
    wr_valid_pct = 100;
    fixed_addr = RD_BASE + 64'h43;
    fixed_len = 32768;
    repeat (10) @(posedge clk);
    rd_beats = 0;
    rd_target[0] = rd_completed[0] + 4;
    run_until_done(100000);
    rd_bpc = rd_beats * 1.0 / (rd_last_beat - rd_first_beat + 1);
    fixed_addr = WR_BASE + 64'h1000;
    wr_beats = 0;
    wr_target[0] = wr_completed[0] + 4;
    run_until_done(100000);
    wr_bpc = wr_beats * 1.0 / (wr_last_beat - wr_first_beat + 1);
    $display("throughput: read %0d beats at %f beats/cycle, write %0d beats at %f beats/cycle",
             rd_beats, rd_bpc, wr_beats, wr_bpc);
    if (rd_bpc < 0.9 || wr_bpc < 0.9) begin
        $display("FAIL: throughput below 0.9 beats/cycle");
        errors = errors + 1;
    end
    // the written image after the throughput writes
    mism = 0;
    for (k = 0; k < WR_SIZE; k = k + 1) begin
        if (ram.get_byte(WR_BASE + k) !== ref_mem[k]) mism = mism + 1;
    end
    if (mism != 0) begin
        $display("FAIL: %0d bytes differ after the throughput writes", mism);
        errors = errors + 1;
    end

    if (ram_err_protocol != 0) begin
        $display("FAIL: the RAM model saw %0d AXI protocol violations", ram_err_protocol);
        errors = errors + 1;
    end
    if (errors == 0) begin
        $display("PASS: tb_dma");
    end else begin
        $display("FAIL: tb_dma, %0d errors", errors);
    end
    $finish;
end

endmodule

`default_nettype wire
