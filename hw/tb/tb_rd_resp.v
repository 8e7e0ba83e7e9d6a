// tb_rd_resp: rnic_rd_resp (RDMA READ response generator) against
// behavioural models.
// - A job source presents the job list one after another (valid stays high
//   while the block is busy, so it must take a job only when idle).
// - A DMA read model answers requests in order from a TB memory (byte =
//   hash of its address) after a random 20..40-cycle latency, as packed
//   streams with random gaps, random request back-pressure, and s_rd_error
//   on every beat of a read from the beat that first touches ERR_LO..ERR_HI.
// - Random back-pressure on m_hdr_ready and m_axis_pl_tready.
// - One monitor checks, per job: every DMA request (address, length: one
//   read per packet), never more than MAX_RD reads outstanding (request
//   handshake to tlast handshake), every header (opcode, PSN with wrap,
//   AETH, len), that a header with payload is shown only while its first
//   data beat waits on s_rd, header before payload, every payload byte
//   against the memory, tkeep packing and tlast placement, the number of
//   packets, one done pulse after the last beat with done_err exactly for
//   the jobs that touch the error range, busy / s_job_ready, and that
//   valid/ready outputs hold their fields while stalled.
// Phases: the directed list with back-pressure, the large job without
// back-pressure (cycle figure printed), then random jobs.
// The sequence (initial block) drives at the falling edge with blocking
// assignments; the models use non-blocking assignments at the rising edge.
`timescale 1ns/1ps
`default_nettype none

module tb_rd_resp;

parameter DATA_W = 512;                      // datapath width under test
parameter MAX_RD = 4;                        // DMA reads in flight under test
localparam KEEP_W = DATA_W / 8;
localparam TAG_W = 4;
localparam MEM_SIZE = 1 << 20;               // bytes of TB memory
// device address of memory byte 0; offset 0x8000 crosses a 4 GiB boundary
localparam [63:0] BASE = 64'h00007F12FFFF8000;
localparam [63:0] ERR_LO = BASE + 64'hF0000 + 64'd300;   // reads touching this range see s_rd_error
localparam [63:0] ERR_HI = ERR_LO + 64'd200;
localparam JN = 256;                         // job list capacity
localparam TIMEOUT = 3000000;                // cycles

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

integer errors = 0;
integer cycle = 0;
always @(posedge clk) cycle <= cycle + 1;

// ---------------------------------------------------------------------------
// DUT
wire              job_valid;
wire              job_ready;
wire [63:0]       job_addr;
wire [31:0]       job_len;
wire [23:0]       job_psn;
wire [23:0]       job_msn;
wire [2:0]        job_mtu;
wire              done;
wire              done_err;
wire              busy;
wire [7:0]        hdr_opcode;
wire [23:0]       hdr_psn;
wire [31:0]       hdr_aeth;
wire [12:0]       hdr_len;
wire              hdr_valid;
reg               hdr_ready = 1'b0;
wire [DATA_W-1:0] pl_tdata;
wire [KEEP_W-1:0] pl_tkeep;
wire              pl_tlast;
wire              pl_tvalid;
reg               pl_tready = 1'b0;
wire [63:0]       rd_req_addr;
wire [15:0]       rd_req_len;
wire [TAG_W-1:0]  rd_req_tag;
wire              rd_req_valid;
wire              rd_req_ready;
reg  [DATA_W-1:0] rd_tdata = {DATA_W{1'b0}};
reg  [KEEP_W-1:0] rd_tkeep = {KEEP_W{1'b0}};
reg               rd_tlast = 1'b0;
wire              rd_tvalid;
wire              rd_tready;
reg  [TAG_W-1:0]  rd_tuser = {TAG_W{1'b0}};
reg               rd_error = 1'b0;

rnic_rd_resp #(
    .DATA_W(DATA_W),
    .TAG_W(TAG_W),
    .MAX_RD(MAX_RD)
) dut (
    .clk(clk), .rst(rst),
    .s_job_valid(job_valid), .s_job_ready(job_ready), .s_job_addr(job_addr),
    .s_job_len(job_len), .s_job_psn(job_psn), .s_job_msn(job_msn), .s_job_mtu(job_mtu),
    .done(done), .done_err(done_err), .busy(busy),
    .m_hdr_opcode(hdr_opcode), .m_hdr_psn(hdr_psn), .m_hdr_aeth(hdr_aeth),
    .m_hdr_len(hdr_len), .m_hdr_valid(hdr_valid), .m_hdr_ready(hdr_ready),
    .m_axis_pl_tdata(pl_tdata), .m_axis_pl_tkeep(pl_tkeep), .m_axis_pl_tlast(pl_tlast),
    .m_axis_pl_tvalid(pl_tvalid), .m_axis_pl_tready(pl_tready),
    .m_rd_req_addr(rd_req_addr), .m_rd_req_len(rd_req_len), .m_rd_req_tag(rd_req_tag),
    .m_rd_req_valid(rd_req_valid), .m_rd_req_ready(rd_req_ready),
    .s_rd_tdata(rd_tdata), .s_rd_tkeep(rd_tkeep), .s_rd_tlast(rd_tlast),
    .s_rd_tvalid(rd_tvalid), .s_rd_tready(rd_tready), .s_rd_tuser(rd_tuser),
    .s_rd_error(rd_error)
);

// ---------------------------------------------------------------------------
// randomness (xorshift32, identical on every simulator)
function [31:0] xs;
    input [31:0] s;
    reg [31:0] t;
    begin
        t = s ^ (s << 13);
        t = t ^ (t >> 17);
        xs = t ^ (t << 5);
    end
endfunction

integer stall_pct = 0;    // % of cycles with hdr/payload/request back-pressure and DMA gaps

reg [31:0] rs_bp = 32'h2545F491;
always @(posedge clk) begin
    rs_bp = xs(rs_bp);
    hdr_ready <= (rs_bp[15:0] % 100) >= stall_pct;
    pl_tready <= (rs_bp[31:16] % 100) >= stall_pct;
end

// ---------------------------------------------------------------------------
// memory: byte = hash of its offset
reg [7:0] mem [0:MEM_SIZE-1];

function [7:0] pat;
    input [31:0] a;
    reg [31:0] h;
    begin
        h = a * 32'h9E3779B1;
        pat = h[31:24] ^ h[15:8] ^ a[7:0];
    end
endfunction

function [7:0] mem_at;    // memory byte at a device address
    input [63:0] a;
    reg [63:0] o;
    begin
        o = a - BASE;
        mem_at = mem[o[19:0]];
    end
endfunction

// ---------------------------------------------------------------------------
// job list and source
reg [63:0] j_addr [0:JN-1];
integer    j_len [0:JN-1];
reg [23:0] j_psn [0:JN-1];
reg [23:0] j_msn [0:JN-1];
reg [2:0]  j_mtu [0:JN-1];
reg        j_err [0:JN-1];        // expected done_err
integer n_jobs = 0;               // jobs queued
integer n_acc = 0;                // jobs accepted

// the presented job is loaded into registers from the list (valid stays
// high until taken; the next one follows a cycle after)
reg        jv = 1'b0;
reg [63:0] jo_addr = 64'd0;
reg [31:0] jo_len = 32'd0;
reg [23:0] jo_psn = 24'd0, jo_msn = 24'd0;
reg [2:0]  jo_mtu = 3'd0;
assign job_valid = jv;
assign job_addr  = jo_addr;
assign job_len   = jo_len;
assign job_psn   = jo_psn;
assign job_msn   = jo_msn;
assign job_mtu   = jo_mtu;

integer jn;
reg jvn;
always @(posedge clk) begin
    jvn = jv;
    jn = n_acc;
    if (jv && job_ready) begin
        jvn = 1'b0;
        jn = n_acc + 1;
    end
    if (!jvn && !rst && jn < n_jobs) begin
        jo_addr <= j_addr[jn % JN];
        jo_len <= j_len[jn % JN];
        jo_psn <= j_psn[jn % JN];
        jo_msn <= j_msn[jn % JN];
        jo_mtu <= j_mtu[jn % JN];
        jvn = 1'b1;
    end
    jv <= jvn;
    n_acc <= jn;
end

function integer mtu_bytes;
    input [2:0] code;
    mtu_bytes = 128 << code;
endfunction

function integer n_pkts;
    input integer len;
    input [2:0] code;
    n_pkts = (len == 0) ? 1 : (len + mtu_bytes(code) - 1) / mtu_bytes(code);
endfunction

integer exp_pkts = 0;     // packets of all queued jobs
integer exp_bytes = 0;    // bytes of all queued jobs

task add_job;
    input [63:0] addr;
    input integer len;
    input [23:0] psn;
    input [23:0] msn;
    input [2:0] mtu;
    begin
        if (addr < BASE || addr + len > BASE + MEM_SIZE) begin
            $display("FAIL: TB job %0d outside the memory", n_jobs);
            errors = errors + 1;
        end
        j_addr[n_jobs % JN] = addr;
        j_len[n_jobs % JN] = len;
        j_psn[n_jobs % JN] = psn;
        j_msn[n_jobs % JN] = msn;
        j_mtu[n_jobs % JN] = mtu;
        j_err[n_jobs % JN] = len > 0 && addr < ERR_HI && addr + len > ERR_LO;
        exp_pkts = exp_pkts + n_pkts(len, mtu);
        exp_bytes = exp_bytes + len;
        n_jobs = n_jobs + 1;
    end
endtask

// ---------------------------------------------------------------------------
// DMA read model: in order, 20..40 cycles after the request, random gaps
localparam QN = 32;
reg [63:0]      q_addr [0:QN-1];
reg [15:0]      q_len [0:QN-1];
reg [TAG_W-1:0] q_tag [0:QN-1];
integer         q_time [0:QN-1];
integer q_wr = 0, q_rd = 0, q_off = 0;
reg q_err = 1'b0;                 // the head read has hit the error range
reg rd_v = 1'b0;
reg [31:0] rs_dma = 32'h6C8E9CF5;
reg [31:0] rs_lat = 32'h1B873593;
reg rq_rdy = 1'b0;

assign rd_tvalid = rd_v;
assign rd_req_ready = rq_rdy && (q_wr - q_rd) < QN;

integer dj, drem, dnb;
reg dv, derr;
reg [63:0] da;
reg [DATA_W-1:0] dd;
reg [KEEP_W-1:0] dk;
always @(posedge clk) begin
    rs_dma = xs(rs_dma);
    rq_rdy <= (rs_dma[31:16] % 100) >= stall_pct;
    if (rd_req_valid && rd_req_ready) begin
        rs_lat = xs(rs_lat);
        q_addr[q_wr % QN] <= rd_req_addr;
        q_len[q_wr % QN] <= rd_req_len;
        q_tag[q_wr % QN] <= rd_req_tag;
        q_time[q_wr % QN] <= cycle + 20 + (rs_lat % 21);
        q_wr <= q_wr + 1;
        if (rd_req_len == 16'd0 || rd_req_addr < BASE ||
            rd_req_addr + rd_req_len > BASE + MEM_SIZE) begin
            $display("FAIL: DMA read addr %h len %0d outside the memory", rd_req_addr, rd_req_len);
            errors = errors + 1;
        end
    end
    dv = rd_v;
    if (rd_v && rd_tready)
        dv = 1'b0;
    if (!dv && q_rd != q_wr && cycle >= q_time[q_rd % QN] &&
        (rs_dma[15:0] % 100) >= stall_pct) begin
        drem = q_len[q_rd % QN] - q_off;
        dnb = (drem < KEEP_W) ? drem : KEEP_W;
        dd = {DATA_W{1'b0}};
        dk = {KEEP_W{1'b0}};
        derr = q_err;
        for (dj = 0; dj < KEEP_W; dj = dj + 1)
            if (dj < dnb) begin
                da = q_addr[q_rd % QN] + q_off + dj;
                dd[dj*8 +: 8] = mem_at(da);
                dk[dj] = 1'b1;
                if (da >= ERR_LO && da < ERR_HI)
                    derr = 1'b1;
            end
        rd_tdata <= dd;
        rd_tkeep <= dk;
        rd_tlast <= drem <= KEEP_W;
        rd_tuser <= q_tag[q_rd % QN];
        rd_error <= derr;
        dv = 1'b1;
        if (drem <= KEEP_W) begin
            q_rd <= q_rd + 1;
            q_off <= 0;
            q_err <= 1'b0;
        end else begin
            q_off <= q_off + KEEP_W;
            q_err <= derr;
        end
    end
    rd_v <= dv;
end

// ---------------------------------------------------------------------------
// monitor (its counters are updated with blocking assignments in this block
// only; the sequence reads them at the falling edge)
integer hj = 0;          // job of the next header / current payload
integer hp = 0;          // its packet index
integer h_plen = 0;      // len of the packet whose payload is expected
integer pl_off = 0;      // payload bytes of that packet seen
reg     in_pl = 1'b0;    // header taken, payload expected
integer n_done = 0;
integer n_hdr = 0;       // headers taken
integer n_pl_bytes = 0;  // payload bytes taken
integer n_rd_bytes = 0;  // bytes taken from the DMA stream
integer rj = 0;          // job of the next DMA request
integer ri = 0;          // its read index
integer n_req = 0;       // DMA requests taken
integer outst = 0;       // reads outstanding
integer max_outst = 0;

// previous-cycle state for the hold checks
reg        p_hw = 1'b0, p_pw = 1'b0, p_rw = 1'b0;
reg [7:0]  p_op;
reg [23:0] p_psn;
reg [31:0] p_aeth;
reg [12:0] p_len;
reg [DATA_W-1:0] p_td;
reg [KEEP_W-1:0] p_tk;
reg        p_tl;
reg [63:0] p_ra;
reg [15:0] p_rl;
reg [TAG_W-1:0] p_rt;

task fail;
    input [8*64-1:0] what;
    begin
        if (errors < 30)
            $display("FAIL: %0s (cycle %0d, job %0d packet %0d)", what, cycle, hj, hp);
        errors = errors + 1;
    end
endtask

integer mb, np, xlen, k, nb, rem, bj;
reg [7:0] xop, got, want;
reg [23:0] xpsn;
reg [31:0] xaeth;
reg [63:0] xa;
reg bad_keep, bad_byte;
always @(posedge clk) if (!rst) begin
    // busy / s_job_ready
    if (job_ready !== !busy)
        fail("s_job_ready is not !busy");
    if (busy !== (n_acc > n_done && !done))
        fail("busy does not match the jobs in progress");

    // outputs hold while stalled
    if (p_hw && (!hdr_valid || hdr_opcode !== p_op || hdr_psn !== p_psn ||
                 hdr_aeth !== p_aeth || hdr_len !== p_len))
        fail("header changed or dropped while valid and not ready");
    if (p_pw && (!pl_tvalid || pl_tdata !== p_td || pl_tkeep !== p_tk || pl_tlast !== p_tl))
        fail("payload beat changed or dropped while valid and not ready");
    if (p_rw && (!rd_req_valid || rd_req_addr !== p_ra || rd_req_len !== p_rl || rd_req_tag !== p_rt))
        fail("DMA request changed or dropped while valid and not ready");
    p_hw = hdr_valid && !hdr_ready;
    p_op = hdr_opcode; p_psn = hdr_psn; p_aeth = hdr_aeth; p_len = hdr_len;
    p_pw = pl_tvalid && !pl_tready;
    p_td = pl_tdata; p_tk = pl_tkeep; p_tl = pl_tlast;
    p_rw = rd_req_valid && !rd_req_ready;
    p_ra = rd_req_addr; p_rl = rd_req_len; p_rt = rd_req_tag;

    // a header with payload only while its first data beat waits
    if (hdr_valid && hdr_len != 13'd0 && !rd_tvalid)
        fail("header presented before its data arrived");

    // DMA requests: one per packet, in order
    if (rd_req_valid && rd_req_ready) begin
        while (rj < n_acc && j_len[rj % JN] == 0)
            rj = rj + 1;
        if (rj >= n_acc) begin
            fail("DMA request with no job needing one");
        end else begin
            mb = mtu_bytes(j_mtu[rj % JN]);
            xa = j_addr[rj % JN] + ri * mb;
            xlen = j_len[rj % JN] - ri * mb;
            if (xlen > mb)
                xlen = mb;
            if (rd_req_addr !== xa || rd_req_len !== xlen[15:0]) begin
                if (errors < 30)
                    $display("      got addr %h len %0d, expected addr %h len %0d (read %0d of job %0d)",
                             rd_req_addr, rd_req_len, xa, xlen, ri, rj);
                fail("DMA request address or length");
            end
            ri = ri + 1;
            if (ri * mb >= j_len[rj % JN]) begin
                rj = rj + 1;
                ri = 0;
            end
        end
        n_req = n_req + 1;
        outst = outst + 1;
    end
    if (rd_tvalid && rd_tready) begin
        for (k = 0; k < KEEP_W; k = k + 1)
            if (rd_tkeep[k])
                n_rd_bytes = n_rd_bytes + 1;
        if (rd_tlast)
            outst = outst - 1;
    end
    if (outst > MAX_RD)
        fail("more than MAX_RD DMA reads outstanding");
    if (outst > max_outst)
        max_outst = outst;

    // payload beat
    if (pl_tvalid && pl_tready) begin
        if (!in_pl) begin
            fail("payload beat without a header");
        end else begin
            mb = mtu_bytes(j_mtu[hj % JN]);
            rem = h_plen - pl_off;
            nb = (rem < KEEP_W) ? rem : KEEP_W;
            bad_keep = 1'b0;
            bad_byte = 1'b0;
            for (k = 0; k < KEEP_W; k = k + 1) begin
                if (pl_tkeep[k] !== (k < nb))
                    bad_keep = 1'b1;
                if (k < nb) begin
                    xa = j_addr[hj % JN] + hp * mb + pl_off + k;
                    got = pl_tdata[k*8 +: 8];
                    want = mem_at(xa);
                    if (got !== want) begin
                        if (!bad_byte && errors < 30)
                            $display("      byte %0d of packet: got %h expected %h (address %h)",
                                     pl_off + k, got, want, xa);
                        bad_byte = 1'b1;
                    end
                end
            end
            if (bad_keep)
                fail("payload tkeep not the packed count of bytes left");
            if (bad_byte)
                fail("payload byte differs from the memory");
            if (pl_tlast !== (rem <= KEEP_W))
                fail("tlast not on the packet's last beat");
            pl_off = pl_off + nb;
            n_pl_bytes = n_pl_bytes + nb;
            if (rem <= KEEP_W) begin
                in_pl = 1'b0;
                hp = hp + 1;
                if (hp == n_pkts(j_len[hj % JN], j_mtu[hj % JN])) begin
                    hj = hj + 1;
                    hp = 0;
                end
            end
        end
    end

    // header
    if (hdr_valid && hdr_ready) begin
        n_hdr = n_hdr + 1;
        if (in_pl) begin
            fail("header before the previous packet's payload ended");
        end else if (hj >= n_acc) begin
            fail("header with no job");
        end else begin
            if (n_done != hj)
                fail("header of a job before the previous job's done");
            mb = mtu_bytes(j_mtu[hj % JN]);
            np = n_pkts(j_len[hj % JN], j_mtu[hj % JN]);
            xlen = (hp == np - 1) ? j_len[hj % JN] - hp * mb : mb;
            if (np == 1)
                xop = 8'h10;
            else if (hp == 0)
                xop = 8'h0D;
            else if (hp == np - 1)
                xop = 8'h0F;
            else
                xop = 8'h0E;
            xpsn = j_psn[hj % JN] + hp;
            xaeth = (xop == 8'h0E) ? 32'd0 : {8'h1F, j_msn[hj % JN]};
            if (hdr_opcode !== xop || hdr_psn !== xpsn || hdr_aeth !== xaeth ||
                hdr_len !== xlen[12:0]) begin
                if (errors < 30)
                    $display("      got opcode %h psn %h aeth %h len %0d, expected %h %h %h %0d",
                             hdr_opcode, hdr_psn, hdr_aeth, hdr_len, xop, xpsn, xaeth, xlen);
                fail("header field");
            end
            if (xlen == 0) begin
                hp = hp + 1;
                if (hp == np) begin
                    hj = hj + 1;
                    hp = 0;
                end
            end else begin
                in_pl = 1'b1;
                h_plen = xlen;
                pl_off = 0;
            end
        end
    end

    // done
    if (done_err && !done)
        fail("done_err without done");
    if (done) begin
        if (n_done >= n_acc)
            fail("done with no job in progress");
        else if (hj <= n_done)
            fail("done before the job's last packet was taken");
        else if (done_err !== j_err[n_done % JN])
            fail(j_err[n_done % JN] ? "done_err missing for a job touching the error range"
                                    : "done_err for a job that touched no error");
        n_done = n_done + 1;
    end
end

// ---------------------------------------------------------------------------
// sequence
integer i, t0, t1, base_n, n_err_jobs;
reg [63:0] cur;          // next free address for directed jobs
reg [31:0] rs_seq = 32'h3C6EF372;
integer r_len;
reg [2:0] r_mtu;
reg [63:0] r_addr;

task wait_all;
    begin
        while (n_done < n_jobs && cycle < TIMEOUT)
            @(negedge clk);
        repeat (60) @(negedge clk);   // nothing more may follow
        if (n_done != n_jobs)
            fail("timeout waiting for done");
    end
endtask

// directed jobs for one MTU: 0, 1, mtu-1, mtu, mtu+1, 3*mtu+7 bytes
task mtu_set;
    input [2:0] mtu;
    input [23:0] psn;
    integer m;
    begin
        m = mtu_bytes(mtu);
        add_job(cur, 0, psn, 24'h000100 + psn[7:0], mtu);
        add_job(cur + 3, 1, psn + 1, 24'hABCDEF, mtu);        cur = cur + 3 + 1 + 29;
        add_job(cur, m - 1, psn + 2, 24'h000001, mtu);         cur = cur + m - 1 + 5;
        add_job(cur, m, psn + 3, 24'hFFFFFF, mtu);             cur = cur + m + 64;
        add_job(cur, m + 1, psn + 4, 24'h123456, mtu);         cur = cur + m + 1 + 11;
        add_job(cur, 3 * m + 7, psn + 6, 24'h654321, mtu);     cur = cur + 3 * m + 7 + 3;
    end
endtask

initial begin
    for (i = 0; i < MEM_SIZE; i = i + 1)
        mem[i] = pat(i);
    repeat (5) @(negedge clk);
    rst = 1'b0;
    repeat (3) @(negedge clk);
    if (busy || !job_ready || hdr_valid || pl_tvalid || rd_req_valid || done)
        fail("outputs not idle after reset");

    // --- phase 1: directed jobs, back-pressure everywhere ---------------------
    stall_pct = 35;
    cur = BASE + 64'd13;
    mtu_set(3'd1, 24'h000010);       // MTU 256
    mtu_set(3'd5, 24'h800000);       // MTU 4096
    add_job(cur, 40000, 24'h0C0FFE, 24'h00BEEF, 3'd3);          cur = cur + 40000 + 1;
    add_job(cur, 3 * 256 + 7, 24'hFFFFFE, 24'h777777, 3'd1);     cur = cur + 3 * 256 + 7 + 2;  // PSN wraps
    add_job(cur, 4 * 4096, 24'hFFFFFF, 24'h000042, 3'd5);        cur = cur + 4 * 4096 + 9;     // PSN wraps on the 2nd
    add_job(cur, 1500, 24'h000200, 24'h000007, 3'd2);            cur = cur + 1500 + 7;         // MTU 512
    add_job(cur, 5000, 24'h000300, 24'h000008, 3'd4);            cur = cur + 5000 + 7;         // MTU 2048
    add_job(ERR_LO - 64'd300, 3 * 256 + 7, 24'h000400, 24'h000009, 3'd1);   // packet 1 hits the error range
    add_job(ERR_HI, 700, 24'h000500, 24'h00000A, 3'd1);          // right after it: no error
    add_job(ERR_LO - 64'd700, 700, 24'h000600, 24'h00000B, 3'd1); // right before it: no error
    add_job(ERR_LO + 64'd199, 1, 24'h000700, 24'h00000C, 3'd5);  // its last byte
    add_job(cur, 0, 24'hFFFFFF, 24'h00000D, 3'd3);               // zero length after an error job
    if (cur > ERR_LO - 64'd1000)
        fail("TB: directed jobs overlap the error range");
    wait_all;
    $display("phase 1: %0d jobs, %0d headers, %0d payload bytes, max %0d reads outstanding",
             n_jobs, n_hdr, n_pl_bytes, max_outst);

    // --- phase 2: the large job without back-pressure (figure only) -----------
    stall_pct = 0;
    @(negedge clk);
    base_n = n_jobs;
    t0 = cycle;
    add_job(BASE + 64'd4097, 40000, 24'hFFFFF0, 24'h0000FF, 3'd3);
    while (n_done < n_jobs && cycle < TIMEOUT)
        @(negedge clk);
    t1 = cycle;
    $display("40000 bytes at MTU 1024, DATA_W %0d, MAX_RD %0d: %0d cycles from job to done (%0d payload beats)",
             DATA_W, MAX_RD, t1 - t0, 39 * ((1024 + KEEP_W - 1) / KEEP_W) + (64 + KEEP_W - 1) / KEEP_W);
    wait_all;

    // --- phase 3: random jobs, back-pressure ---------------------------------
    stall_pct = 25;
    n_err_jobs = 0;
    for (i = 0; i < 40; i = i + 1) begin
        rs_seq = xs(rs_seq);
        r_mtu = 3'd1 + rs_seq[2:0] % 5;
        rs_seq = xs(rs_seq);
        case (rs_seq[1:0])
        2'd0: r_len = rs_seq[31:8] % 17;
        2'd1: r_len = rs_seq[31:8] % 9000;
        default: r_len = rs_seq[31:8] % 3000;
        endcase
        rs_seq = xs(rs_seq);
        r_addr = BASE + (rs_seq % (MEM_SIZE - r_len));
        if (i % 8 == 3)
            r_addr = ERR_LO - 64'd100 + (rs_seq % 300);   // some touch the error range
        if (r_addr + r_len > BASE + MEM_SIZE)
            r_addr = BASE + MEM_SIZE - r_len;
        rs_seq = xs(rs_seq);
        add_job(r_addr, r_len, rs_seq[23:0], rs_seq[31:8], r_mtu);
    end
    for (i = base_n + 1; i < n_jobs; i = i + 1)
        if (j_err[i % JN])
            n_err_jobs = n_err_jobs + 1;
    wait_all;

    // --- totals ---------------------------------------------------------------
    if (hj != n_jobs || n_hdr != exp_pkts)
        fail("number of packets");
    if (n_pl_bytes != exp_bytes || n_rd_bytes != exp_bytes)
        fail("payload or DMA byte count");
    if (outst != 0 || q_rd != q_wr || rd_v)
        fail("DMA reads left over");
    if (in_pl || rd_req_valid || hdr_valid || pl_tvalid || busy)
        fail("block not idle at the end");
    if (max_outst != MAX_RD)
        fail("DMA reads never reached MAX_RD in flight (no prefetch)");
    $display("%0d jobs (%0d random touching the error range), %0d packets, %0d bytes, %0d DMA reads, max %0d outstanding",
             n_jobs, n_err_jobs, n_hdr, n_pl_bytes, n_req, max_outst);
    if (errors == 0)
        $display("PASS: tb_rd_resp DATA_W=%0d MAX_RD=%0d", DATA_W, MAX_RD);
    else
        $display("FAIL: tb_rd_resp, %0d errors", errors);
    $finish;
end

always @(posedge clk)
    if (cycle == TIMEOUT) begin
        $display("FAIL: global timeout");
        $finish;
    end

endmodule

`default_nettype wire
