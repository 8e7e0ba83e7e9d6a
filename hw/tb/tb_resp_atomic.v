// tb_resp_atomic: rnic_resp_atomic against a model of the 8 bytes it works on, with random
// request and data readiness, random read latency and write completion delay. Named tests
// (each from reset; +test=NAME runs one): FETCH ADD (and its wrap past 2^64), COMPARE SWAP
// when the compare data matches and when it does not (no write at all), a read that reports
// a bus error (m_fail, no write), the fence (no read request while an earlier write is
// outstanding) and the finish (no m_done until the unit's write is done). Every request's
// address and length, the written beat's bytes and keep, m_orig and the memory afterwards
// are checked.
`timescale 1ns/1ps
`default_nettype none

module tb_resp_atomic;

parameter DATA_W = 512;
localparam KEEP_W = DATA_W / 8;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg         start = 1'b0;
reg  [63:0] addr = 64'd0;
reg         cmp_swap = 1'b0;
reg  [63:0] swap = 64'd0;
reg  [63:0] cmp = 64'd0;
wire        wr_idle;
wire        done, fail, busy;
wire [63:0] orig;
wire        rd_req_valid, rd_mode, wr_req_valid, wr_mode;
reg         rd_req_ready = 1'b0, wr_req_ready = 1'b0, wr_tready = 1'b0;
wire [63:0] rd_req_addr, wr_req_addr;
wire [15:0] rd_req_len, wr_req_len;
reg  [63:0] rd_tdata = 64'd0;
reg         rd_tvalid = 1'b0, rd_tlast = 1'b0, rd_error = 1'b0;
wire [DATA_W-1:0] wr_tdata;
wire [KEEP_W-1:0] wr_tkeep;

rnic_resp_atomic #(
    .DATA_W(DATA_W)
) dut (
    .clk(clk), .rst(rst),
    .s_start(start), .s_addr(addr), .s_cmp_swap(cmp_swap), .s_swap(swap), .s_cmp(cmp),
    .wr_idle(wr_idle), .m_done(done), .m_fail(fail), .m_orig(orig), .busy(busy),
    .m_rd_req_valid(rd_req_valid), .m_rd_req_ready(rd_req_ready), .m_rd_req_addr(rd_req_addr),
    .m_rd_req_len(rd_req_len), .rd_mode(rd_mode),
    .s_rd_tdata(rd_tdata), .s_rd_tvalid(rd_tvalid), .s_rd_tlast(rd_tlast), .s_rd_error(rd_error),
    .m_wr_req_valid(wr_req_valid), .m_wr_req_ready(wr_req_ready), .m_wr_req_addr(wr_req_addr),
    .m_wr_req_len(wr_req_len), .wr_mode(wr_mode),
    .m_wr_tdata(wr_tdata), .m_wr_tkeep(wr_tkeep), .m_wr_tready(wr_tready)
);

integer errors = 0;
integer checks = 0;
reg [31:0] rng = 32'h2545_f491;
`include "tb_xorshift.vh"

task fail_msg;
    input [8*64-1:0] what;
    begin
        $display("FAIL: %0s", what);
        errors = errors + 1;
    end
endtask

// ---------------------------------------------------------------------------
// the host side: 8 bytes of memory, one read at a time, writes done later
reg  [63:0] mem;
reg         mem_bad = 1'b0;     // reads of it report a bus error
integer     outstanding = 0;    // write requests taken, not done
integer     done_wait = 0;      // cycles until the oldest is done
integer     rd_pending = 0;     // read requests taken whose beat has not come
integer     rd_wait = 0;
integer     rd_reqs = 0, wr_reqs = 0, wr_beats = 0;
reg         wr_expect_beat = 1'b0;
reg         rd_while_busy_write = 1'b0;   // a read request came while a write was outstanding
reg         done_seen = 1'b0, fail_seen = 1'b0;
reg  [63:0] orig_seen;
assign wr_idle = outstanding == 0;

always @(posedge clk) begin
    if (rst) begin
        rd_req_ready <= 1'b0;
        wr_req_ready <= 1'b0;
        wr_tready <= 1'b0;
        rd_tvalid <= 1'b0;
        rd_tlast <= 1'b0;
        rd_error <= 1'b0;
    end else begin
        rng = xorshift(rng);
        rd_req_ready <= rng[0] || rng[1];
        wr_req_ready <= rng[2] || rng[3];
        wr_tready <= rng[4] || rng[5];
        // read request
        if (rd_req_valid && rd_req_ready) begin
            rd_reqs = rd_reqs + 1;
            if (rd_req_addr !== addr || rd_req_len !== 16'd8)
                fail_msg("read request address or length");
            if (outstanding != 0)
                rd_while_busy_write = 1'b1;
            rd_pending = rd_pending + 1;
            rd_wait = 2 + rng[10:8];
        end
        // its beat, after a random latency, held until taken (in DATA the
        // unit takes every beat)
        if (rd_tvalid && rd_mode) begin
            rd_pending = rd_pending - 1;
            rd_tvalid <= 1'b0;
            rd_tlast <= 1'b0;
            rd_error <= 1'b0;
        end
        if (rd_pending > 0 && !rd_tvalid) begin
            if (rd_wait > 0)
                rd_wait = rd_wait - 1;
            else begin
                rd_tvalid <= 1'b1;
                rd_tlast <= 1'b1;
                rd_tdata <= mem_bad ? 64'hdead_beef_dead_beef : mem;
                rd_error <= mem_bad;
            end
        end
        // write request, then its beat
        if (wr_req_valid && wr_req_ready) begin
            wr_reqs = wr_reqs + 1;
            if (wr_req_addr !== addr || wr_req_len !== 16'd8)
                fail_msg("write request address or length");
            wr_expect_beat = 1'b1;
            if (outstanding == 0)
                done_wait = 3 + rng[14:12];
            outstanding = outstanding + 1;
        end
        if (wr_mode && wr_tready) begin
            wr_beats = wr_beats + 1;
            if (!wr_expect_beat)
                fail_msg("a write beat without its request");
            if (wr_tkeep[7:0] !== 8'hFF || (wr_tkeep >> 8) !== {KEEP_W{1'b0}})
                fail_msg("write beat keep");
            if ((wr_tdata >> 64) !== {DATA_W{1'b0}})
                fail_msg("write beat bytes past the 8");
            mem = wr_tdata[63:0];
            wr_expect_beat = 1'b0;
        end
        // writes are done in order, some cycles later
        if (outstanding > 0) begin
            if (done_wait > 0)
                done_wait = done_wait - 1;
            else begin
                outstanding = outstanding - 1;
                done_wait = 3 + rng[18:16];
            end
        end
        if (done) begin
            done_seen = 1'b1;
            orig_seen = orig;
            if (outstanding != 0)
                fail_msg("m_done while a write is outstanding");
        end
        if (fail)
            fail_seen = 1'b1;
        if (done && fail)
            fail_msg("m_done and m_fail together");
    end
end

// ---------------------------------------------------------------------------
task reset_all;
    begin
        rst = 1'b1;
        start = 1'b0;
        mem_bad = 1'b0;
        outstanding = 0;
        rd_pending = 0;
        rd_reqs = 0;
        wr_reqs = 0;
        wr_beats = 0;
        wr_expect_beat = 1'b0;
        rd_while_busy_write = 1'b0;
        repeat (3) @(posedge clk);
        rst <= 1'b0;
        @(posedge clk);
        if (busy || done || fail)
            fail_msg("busy, done or fail out of reset");
    end
endtask

// one atomic: earlier writes outstanding (pre), then the job; wait for the answer
task run;
    input [63:0] a;
    input        cs;
    input [63:0] sw;
    input [63:0] cp;
    input integer pre;
    integer t;
    begin
        done_seen = 1'b0;
        fail_seen = 1'b0;
        rd_while_busy_write = 1'b0;
        rd_reqs = 0;
        wr_reqs = 0;
        wr_beats = 0;
        @(posedge clk);
        outstanding = pre;
        done_wait = 20;
        addr <= a;
        cmp_swap <= cs;
        swap <= sw;
        cmp <= cp;
        start <= 1'b1;
        @(posedge clk);
        start <= 1'b0;
        t = 0;
        while (!done_seen && !fail_seen && t < 2000) begin
            @(posedge clk);
            t = t + 1;
        end
        @(posedge clk);
        if (t >= 2000)
            fail_msg("no answer");
        if (busy)
            fail_msg("busy after the answer");
        if (rd_while_busy_write)
            fail_msg("the read was requested while an earlier write was outstanding");
        if (rd_reqs != 1)
            fail_msg("not exactly one read request");
        checks = checks + 1;
    end
endtask

task expect_done;
    input [63:0] want_orig;
    input [63:0] want_mem;
    input integer want_writes;
    begin
        if (!done_seen || fail_seen)
            fail_msg("expected m_done");
        if (orig_seen !== want_orig) begin
            $display("   m_orig %h, expected %h", orig_seen, want_orig);
            fail_msg("m_orig");
        end
        if (mem !== want_mem) begin
            $display("   memory %h, expected %h", mem, want_mem);
            fail_msg("memory afterwards");
        end
        if (wr_reqs != want_writes || wr_beats != want_writes)
            fail_msg("write requests or beats");
    end
endtask

task test_fetch_add;
    begin
        reset_all;
        mem = 64'h0000_0001_ffff_fff0;
        run(64'h0000_0012_3456_7000, 1'b0, 64'h0000_0000_0000_0020, 64'd0, 0);
        expect_done(64'h0000_0001_ffff_fff0, 64'h0000_0002_0000_0010, 1);
        // past 2^64: modulo
        mem = 64'hffff_ffff_ffff_fffe;
        run(64'h0000_0012_3456_7008, 1'b0, 64'd5, 64'd0, 0);
        expect_done(64'hffff_ffff_ffff_fffe, 64'd3, 1);
    end
endtask

task test_cmp_swap_match;
    begin
        reset_all;
        mem = 64'h1122_3344_5566_7788;
        run(64'h0000_0040_0000_0100, 1'b1, 64'hcafe_f00d_0000_0001, 64'h1122_3344_5566_7788, 0);
        expect_done(64'h1122_3344_5566_7788, 64'hcafe_f00d_0000_0001, 1);
    end
endtask

task test_cmp_swap_differs;
    begin
        reset_all;
        mem = 64'h1122_3344_5566_7788;
        run(64'h0000_0040_0000_0108, 1'b1, 64'hcafe_f00d_0000_0001, 64'h1122_3344_5566_7789, 0);
        expect_done(64'h1122_3344_5566_7788, 64'h1122_3344_5566_7788, 0);
    end
endtask

task test_read_error;
    begin
        reset_all;
        mem = 64'h0102_0304_0506_0708;
        mem_bad = 1'b1;
        run(64'h0000_0040_0000_0110, 1'b0, 64'd1, 64'd0, 0);
        if (!fail_seen || done_seen)
            fail_msg("a failed read: expected m_fail");
        if (wr_reqs != 0 || wr_beats != 0)
            fail_msg("a failed read wrote");
        if (mem !== 64'h0102_0304_0506_0708)
            fail_msg("a failed read changed memory");
        mem_bad = 1'b0;
    end
endtask

task test_fence;
    begin
        reset_all;
        mem = 64'd100;
        // three earlier writes outstanding: the read waits for them
        run(64'h0000_0040_0000_0118, 1'b0, 64'd23, 64'd0, 3);
        expect_done(64'd100, 64'd123, 1);
        // and again right after, with one outstanding
        run(64'h0000_0040_0000_0118, 1'b1, 64'd7, 64'd123, 1);
        expect_done(64'd123, 64'd7, 1);
    end
endtask

reg [8*32-1:0] only;
initial begin
    if (!$value$plusargs("test=%s", only))
        only = "";
    if (only == "" || only == "fetch_add") test_fetch_add;
    if (only == "" || only == "cmp_swap_match") test_cmp_swap_match;
    if (only == "" || only == "cmp_swap_differs") test_cmp_swap_differs;
    if (only == "" || only == "read_error") test_read_error;
    if (only == "" || only == "fence") test_fence;
    if (errors == 0 && checks > 0)
        $display("tb_resp_atomic DATA_W=%0d: %0d atomics checked: PASS", DATA_W, checks);
    else
        $display("tb_resp_atomic: %0d errors in %0d atomics: FAIL", errors, checks);
    $finish;
end

initial begin
    #2000000;
    $display("FAIL: global timeout");
    $finish;
end

endmodule

`default_nettype wire
