// tb_wqe_fetch: rnic_wqe_fetch alone, rewinds and QP resets racing its picks.
//
// The testbench plays the scheduler (a FIFO of QPs with a queued bit, the
// QP's producer index read when it leaves the FIFO, hand-backs queued
// again), host memory behind an in-order DMA read client (random latency and
// request back-pressure) and the requester (random back-pressure on the WQE
// stream). For several thousand cycles it posts WQEs on four QPs, rewinds
// the single-beat QPs to a random index at or below the next one it expects
// (go-back-N), and resets QPs (QPC writes to RESET with a new ring, then to
// RTS), at random times, so rewinds and resets meet picks in every stage of
// the issue pipeline. Checked: every WQE handed out byte for byte; per QP, the
// indexes run on without a gap or a repeat from 0 after a reset and from the
// rewind index after a rewind (a pick in flight whose fetch index write-back
// survived either would skip or repeat WQEs; a stale WQE handed out after a
// rewind would repeat one); WQEs of the ring before a reset only until the
// first of the new ring; no index error. The runs count rewinds and resets
// that met a pick of their QP in the pipeline and fail if there were none.
// DATA_W is a parameter (narrower widths: the WQEs span several beats, so
// only resets race, no rewinds); +seed=N picks another random sequence.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_wqe_fetch;

parameter DATA_W = 512;
localparam KEEP_W = DATA_W / 8;
localparam TAG_W = 4;
localparam BURST = 4;
localparam CTX_WORDS = `RNIC_CTX_WORDS;
localparam NQP = 4;
localparam RUN_CYCLES = 20000;
localparam REWINDS = DATA_W == 512;           // QPs 0..2 have one-beat WQEs

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;
integer cycle = 0;
always @(posedge clk) cycle <= cycle + 1;

reg [15:0] lfsr = 16'hBEEF;
always @(posedge clk) lfsr <= {lfsr[14:0], lfsr[15] ^ lfsr[13] ^ lfsr[12] ^ lfsr[10]};

integer errors = 0;
integer checks = 0;

// ---------------------------------------------------------------------------
// DUT

reg                      ctx_wr_valid = 1'b0;
reg  [23:0]              ctx_wr_index = 24'd0;
reg  [32*CTX_WORDS-1:0]  ctx_wr_data = {32*CTX_WORDS{1'b0}};
reg                      sched_valid = 1'b0;
wire                     sched_ready;
reg  [23:0]              sched_qpn = 24'd0;
reg  [15:0]              sched_pi = 16'd0;
reg                      rw_valid = 1'b0;
wire                     rw_ready;
reg  [23:0]              rw_qpn = 24'd0;
reg  [15:0]              rw_index = 16'd0;
wire                     requeue_valid;
reg                      requeue_ready = 1'b0;
wire [23:0]              requeue_qpn;
wire [63:0]              rd_req_addr;
wire [15:0]              rd_req_len;
wire [TAG_W-1:0]         rd_req_tag;
wire                     rd_req_valid;
reg                      rd_req_ready = 1'b0;
reg  [DATA_W-1:0]        rd_tdata = {DATA_W{1'b0}};
reg                      rd_tlast = 1'b0;
reg                      rd_tvalid = 1'b0;
wire                     rd_tready;
reg  [TAG_W-1:0]         rd_tuser = {TAG_W{1'b0}};
wire [DATA_W-1:0]        wqe_tdata;
wire [KEEP_W-1:0]        wqe_tkeep;
wire                     wqe_tvalid;
reg                      wqe_tready = 1'b0;
wire                     wqe_tlast;
wire [23:0]              wqe_qpn;
wire [15:0]              wqe_index;
wire                     err_valid;
wire [23:0]              err_qpn;
wire [15:0]              err_index;
wire                     stat_wqe_fetched, stat_wqe_index_err;
wire                     init_done;

rnic_wqe_fetch #(
    .DATA_W(DATA_W), .TAG_W(TAG_W), .BURST(BURST)
) dut (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(`RNIC_CTX_TABLE_QPC), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .s_sched_valid(sched_valid), .s_sched_ready(sched_ready), .s_sched_qpn(sched_qpn), .s_sched_pi(sched_pi),
    .s_rw_valid(rw_valid), .s_rw_ready(rw_ready), .s_rw_qpn(rw_qpn), .s_rw_index(rw_index),
    .m_requeue_valid(requeue_valid), .m_requeue_ready(requeue_ready), .m_requeue_qpn(requeue_qpn),
    .m_dma_rd_req_addr(rd_req_addr), .m_dma_rd_req_len(rd_req_len), .m_dma_rd_req_tag(rd_req_tag),
    .m_dma_rd_req_valid(rd_req_valid), .m_dma_rd_req_ready(rd_req_ready),
    .s_dma_rd_tdata(rd_tdata), .s_dma_rd_tkeep({KEEP_W{1'b1}}), .s_dma_rd_tlast(rd_tlast),
    .s_dma_rd_tvalid(rd_tvalid), .s_dma_rd_tready(rd_tready), .s_dma_rd_tuser(rd_tuser),
    .m_wqe_tdata(wqe_tdata), .m_wqe_tkeep(wqe_tkeep), .m_wqe_tvalid(wqe_tvalid), .m_wqe_tready(wqe_tready),
    .m_wqe_tlast(wqe_tlast), .m_wqe_qpn(wqe_qpn), .m_wqe_index(wqe_index),
    .m_err_valid(err_valid), .m_err_qpn(err_qpn), .m_err_index(err_index),
    .stat_wqe_fetched(stat_wqe_fetched), .stat_wqe_index_err(stat_wqe_index_err),
    .init_done(init_done)
);

// ---------------------------------------------------------------------------
// host memory: QP q's ring g (g = generation mod 2) at MEM_BASE + q * 16 KiB
// + g * 8 KiB; WQE bytes 4..5 carry its index (send_wqe.wqe_index), byte 6
// the QP's generation (resets so far), byte 7 the QP

localparam MEM_BYTES = 1 << 16;
localparam [63:0] MEM_BASE = 64'h0000_0002_0000_0000;
reg [7:0] mem [0:MEM_BYTES-1];

reg [4:0]  qp_lsz [0:NQP-1];
reg [4:0]  qp_lst [0:NQP-1];
reg [7:0]  qp_gen [0:NQP-1];

function [63:0] ring_base;
    input integer q;
    input [7:0] gen;
    begin
        ring_base = MEM_BASE + q * 64'h4000 + (gen[0] ? 64'h2000 : 64'h0);
    end
endfunction

function [7:0] wqe_byte;
    input integer q;
    input [7:0] gen;
    input [15:0] i;
    input integer b;
    begin
        if (b == 4) wqe_byte = i[7:0];
        else if (b == 5) wqe_byte = i[15:8];
        else if (b == 6) wqe_byte = gen;
        else if (b == 7) wqe_byte = q;
        else wqe_byte = (q * 29 + i * 13 + b * 7 + gen * 101) ^ 8'h5A;
    end
endfunction

task write_wqe;
    input integer q;
    input [15:0] i;
    integer b, off;
    begin
        off = ring_base(q, qp_gen[q]) - MEM_BASE + ((i & ((1 << qp_lsz[q]) - 1)) << qp_lst[q]);
        for (b = 0; b < (1 << qp_lst[q]); b = b + 1) mem[off + b] = wqe_byte(q, qp_gen[q], i, b);
    end
endtask

// DMA read client: in order, each request due 4..67 cycles after it was
// accepted (never before the one ahead of it), one beat per cycle

localparam QDEPTH = 64;
reg [63:0] q_addr [0:QDEPTH-1];
reg [15:0] q_len [0:QDEPTH-1];
reg [TAG_W-1:0] q_tag [0:QDEPTH-1];
integer q_due [0:QDEPTH-1];
integer q_head = 0;
integer q_tail = 0;
integer last_due = 0;
integer cur_off = 0;
reg [DATA_W-1:0] beat;
integer j;

always @(posedge clk) begin
    if (rst) begin
        rd_req_ready <= 1'b0;
        rd_tvalid <= 1'b0;
    end else begin
        if (rd_req_valid && rd_req_ready) begin
            checks = checks + 1;
            if (rd_req_addr < MEM_BASE || rd_req_addr + rd_req_len > MEM_BASE + MEM_BYTES || rd_req_len == 0) begin
                errors = errors + 1;
                $display("FAIL DMA read outside memory: %016x len %0d", rd_req_addr, rd_req_len);
            end
            q_addr[q_tail % QDEPTH] = rd_req_addr;
            q_len[q_tail % QDEPTH] = rd_req_len;
            q_tag[q_tail % QDEPTH] = rd_req_tag;
            last_due = cycle + 4 + lfsr[5:0] > last_due ? cycle + 4 + lfsr[5:0] : last_due;
            q_due[q_tail % QDEPTH] = last_due;
            q_tail = q_tail + 1;
        end
        rd_req_ready <= (q_tail - q_head < QDEPTH - 1) && lfsr[1:0] != 2'd0;
        if (rd_tvalid && rd_tready) begin
            cur_off = cur_off + KEEP_W;
            if (cur_off >= q_len[q_head % QDEPTH]) begin
                cur_off = 0;
                q_head = q_head + 1;
            end
        end
        if (!rd_tvalid || rd_tready) begin
            if (q_head != q_tail && cycle >= q_due[q_head % QDEPTH] && lfsr[9:8] != 2'd0) begin
                for (j = 0; j < KEEP_W; j = j + 1)
                    beat[j*8 +: 8] = mem[q_addr[q_head % QDEPTH] - MEM_BASE + cur_off + j];
                rd_tdata <= beat;
                rd_tuser <= q_tag[q_head % QDEPTH];
                rd_tlast <= cur_off + KEEP_W >= q_len[q_head % QDEPTH];
                rd_tvalid <= 1'b1;
            end else begin
                rd_tvalid <= 1'b0;
            end
        end
    end
end

// ---------------------------------------------------------------------------
// scheduler: FIFO of QPs, a QP at most once; a QP that may not send (reset
// in progress) is dropped when it leaves the FIFO, as rnic_doorbell does

reg [15:0] qp_pi [0:NQP-1];
reg        qp_sendable [0:NQP-1];
reg        queued [0:NQP-1];
integer    fifo [0:NQP-1];
integer    f_head = 0;
integer    f_tail = 0;
integer    fq;

task enqueue;
    input integer q;
    begin
        if (!queued[q]) begin
            queued[q] = 1'b1;
            fifo[f_tail % NQP] = q;
            f_tail = f_tail + 1;
        end
    end
endtask

always @(posedge clk) begin
    if (rst) begin
        sched_valid <= 1'b0;
        requeue_ready <= 1'b0;
    end else begin
        if (requeue_valid && requeue_ready) begin
            checks = checks + 1;
            if (requeue_qpn >= NQP) begin
                errors = errors + 1;
                $display("FAIL requeue of QP %0d", requeue_qpn);
            end else begin
                enqueue(requeue_qpn);
            end
        end
        requeue_ready <= lfsr[4:3] != 2'd0;
        if (sched_valid && sched_ready) sched_valid <= 1'b0;
        if ((!sched_valid || sched_ready) && f_head != f_tail) begin
            fq = fifo[f_head % NQP];
            f_head = f_head + 1;
            queued[fq] = 1'b0;
            if (qp_sendable[fq]) begin
                sched_valid <= 1'b1;
                sched_qpn <= fq;
                sched_pi <= qp_pi[fq];
            end
        end
    end
end

// ---------------------------------------------------------------------------
// requester: checks the WQE stream; a rewind moves the index it expects

reg [15:0] exp_next [0:NQP-1];       // next index expected in the current ring
reg [15:0] acked [0:NQP-1];          // lowest index a rewind may go back to
reg        old_ring_ok [0:NQP-1];    // WQEs of the ring before the reset may still come
integer    delivered = 0;
integer    old_seen = 0;
integer    beat_in_wqe = 0;
integer    oq, ob, k;
reg [7:0]  ogen;
reg        ok, cur_wqe_old;

always @(negedge clk) wqe_tready = lfsr[7:6] != 2'b00;

always @(posedge clk) begin
    if (!rst && wqe_tvalid && wqe_tready) begin
        oq = wqe_qpn;
        ok = 1'b1;
        checks = checks + 1;
        if (oq >= NQP) begin
            ok = 1'b0;
            $display("FAIL WQE for unknown QP %0d", oq);
        end else begin
            if (beat_in_wqe == 0) begin
                ogen = wqe_tdata[6*8 +: 8];
                cur_wqe_old = 1'b0;
                if (ogen == qp_gen[oq]) begin
                    old_ring_ok[oq] = 1'b0;
                    if (wqe_index != exp_next[oq]) begin
                        ok = 1'b0;
                        $display("FAIL %0d: QP %0d WQE index %0d, expected %0d", cycle, oq, wqe_index, exp_next[oq]);
                    end
                end else if (ogen == qp_gen[oq] - 8'd1 && old_ring_ok[oq]) begin
                    cur_wqe_old = 1'b1;
                end else begin
                    ok = 1'b0;
                    $display("FAIL %0d: QP %0d WQE %0d of generation %0d, QP at %0d", cycle, oq, wqe_index, ogen, qp_gen[oq]);
                end
            end
            for (k = 0; k < KEEP_W; k = k + 1) begin
                ob = beat_in_wqe * KEEP_W + k;
                if (ok && wqe_tdata[k*8 +: 8] !== wqe_byte(oq, ogen, wqe_index, ob)) begin
                    ok = 1'b0;
                    $display("FAIL %0d: QP %0d WQE %0d byte %0d: %02x expected %02x", cycle, oq, wqe_index, ob,
                             wqe_tdata[k*8 +: 8], wqe_byte(oq, ogen, wqe_index, ob));
                end
            end
            if (wqe_tlast !== ((beat_in_wqe + 1) * KEEP_W == (1 << qp_lst[oq]))) begin
                ok = 1'b0;
                $display("FAIL %0d: QP %0d WQE %0d tlast %0d on beat %0d", cycle, oq, wqe_index, wqe_tlast, beat_in_wqe);
            end
        end
        if (!ok) errors = errors + 1;
        if (wqe_tlast) begin
            beat_in_wqe = 0;
            // (a reset while the WQE was handed out makes it one of the old ring)
            if (oq < NQP && (cur_wqe_old || ogen != qp_gen[oq])) begin
                old_seen = old_seen + 1;
            end else if (oq < NQP) begin
                exp_next[oq] = wqe_index + 16'd1;
                // (not past a rewind still waiting to be taken)
                if (exp_next[oq] - acked[oq] > 16'd3 && exp_next[oq] - acked[oq] < 16'h8000 &&
                    !(rw_valid && rw_qpn == oq))
                    acked[oq] = exp_next[oq] - 16'd3;
                delivered = delivered + 1;
            end
        end else begin
            beat_in_wqe = beat_in_wqe + 1;
        end
    end
    // a rewind taken in this cycle: the beat above was handed out before it
    if (!rst && rw_valid && rw_ready) exp_next[rw_qpn] = rw_index;
    if (!rst && err_valid) begin
        errors = errors + 1;
        $display("FAIL %0d: index error QP %0d index %0d", cycle, err_qpn, err_index);
    end
end

// coverage: rewinds and resets that met a pick of their QP in the pipeline,
// picks that waited for an earlier pick of their QP
integer cancel_lookup = 0;
integer cancel_issue = 0;
integer hazard_waits = 0;
always @(posedge clk) begin
    if (!rst) begin
        if (dut.lookup_valid_reg && dut.lookup_hit) cancel_lookup = cancel_lookup + 1;
        if (dut.issue_valid_reg && dut.issue_hit) cancel_issue = cancel_issue + 1;
        if (sched_valid && dut.pick_hazard && !dut.ctx_wr_valid && !dut.s_rw_valid) hazard_waits = hazard_waits + 1;
    end
end

// ---------------------------------------------------------------------------
// stimulus

task write_qpc;
    input integer q;
    input [3:0] state;
    begin
        @(negedge clk);
        ctx_wr_data = {32*CTX_WORDS{1'b0}};
        ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] = state;
        ctx_wr_data[`RNIC_QPC_TYPE_LSB +: `RNIC_QPC_TYPE_W] = `RNIC_QP_TYPE_RC;
        ctx_wr_data[`RNIC_QPC_LOG_SQ_SIZE_LSB +: `RNIC_QPC_LOG_SQ_SIZE_W] = qp_lsz[q];
        ctx_wr_data[`RNIC_QPC_LOG_SQ_STRIDE_LSB +: `RNIC_QPC_LOG_SQ_STRIDE_W] = qp_lst[q];
        ctx_wr_data[`RNIC_QPC_SQ_BASE_LSB +: `RNIC_QPC_SQ_BASE_W] = ring_base(q, qp_gen[q]);
        ctx_wr_index = q;
        ctx_wr_valid = 1'b1;
        @(negedge clk);
        ctx_wr_valid = 1'b0;
    end
endtask

// post up to n WQEs on QP q, as many as the ring holds beyond the lowest
// index a rewind may go back to
task post;
    input integer q;
    input integer n;
    integer t;
    begin
        for (t = 0; t < n && qp_pi[q] - acked[q] < (16'd1 << qp_lsz[q]); t = t + 1) begin
            write_wqe(q, qp_pi[q]);
            qp_pi[q] = qp_pi[q] + 16'd1;
        end
        if (t > 0) enqueue(q);
    end
endtask

integer rewinds = 0;
task rewind;
    input integer q;
    input [15:0] back;
    begin
        rw_qpn = q;
        rw_index = exp_next[q] - acked[q] > back ? exp_next[q] - back : acked[q];
        rw_valid = 1'b1;
        #1;
        while (!rw_ready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);                         // taken at the edge in between
        rw_valid = 1'b0;
        rewinds = rewinds + 1;
    end
endtask

// QP reset: no pick of it may be waiting at the scheduler (rnic_doorbell
// clears the QP's producer index and drops it at the FIFO head), then RESET
// with the next ring, then RTS
integer resets = 0;
task reset_qp;
    input integer q;
    begin
        while (sched_valid && sched_qpn == q) @(negedge clk);
        qp_sendable[q] = 1'b0;
        qp_gen[q] = qp_gen[q] + 8'd1;
        qp_pi[q] = 16'd0;
        exp_next[q] = 16'd0;
        acked[q] = 16'd0;
        old_ring_ok[q] = 1'b1;
        write_qpc(q, `RNIC_QP_STATE_RESET);
        repeat (lfsr[2:0]) @(negedge clk);
        write_qpc(q, `RNIC_QP_STATE_RTS);
        qp_sendable[q] = 1'b1;
        resets = resets + 1;
    end
endtask

integer q, t0, last_reset, seed;
reg [15:0] rnd;

initial begin
    if ($value$plusargs("seed=%d", seed)) lfsr = seed[15:0] | 16'd1;
    for (q = 0; q < NQP; q = q + 1) begin
        qp_lsz[q] = q == 3 ? 5'd3 : 5'd4;        // 16 x 64 B; QP 3: 8 x 256 B
        qp_lst[q] = q == 3 ? 5'd8 : 5'd6;
        qp_gen[q] = 8'd0;
        qp_pi[q] = 16'd0;
        qp_sendable[q] = 1'b1;
        queued[q] = 1'b0;
        exp_next[q] = 16'd0;
        acked[q] = 16'd0;
        old_ring_ok[q] = 1'b0;
    end
    for (q = 0; q < MEM_BYTES; q = q + 1) mem[q] = 8'h00;
    repeat (4) @(negedge clk);
    rst = 1'b0;
    while (!init_done) @(negedge clk);
    for (q = 0; q < NQP; q = q + 1) write_qpc(q, `RNIC_QP_STATE_RTS);

    // random posts, rewinds and resets
    last_reset = cycle;
    while (cycle < RUN_CYCLES) begin
        @(negedge clk);
        rnd = lfsr ^ (cycle * 16'h9E37);
        q = rnd[1:0];
        case (rnd[5:2])
            4'd0, 4'd1, 4'd2, 4'd3, 4'd4: post(q, 1 + rnd[8:6]);
            4'd5, 4'd6: if (REWINDS && q != 3) rewind(q, rnd[10:8]);
            4'd7: if (cycle - last_reset > 300 && rnd[11:9] == 3'd0) begin
                reset_qp(q);
                last_reset = cycle;
            end
            default: ;
        endcase
    end

    // drain: every QP's WQEs handed out
    t0 = cycle;
    for (q = 0; q < NQP; q = q + 1) begin
        while (exp_next[q] != qp_pi[q] && cycle - t0 < 20000) @(negedge clk);
        checks = checks + 1;
        if (exp_next[q] != qp_pi[q]) begin
            errors = errors + 1;
            $display("FAIL QP %0d: %0d WQEs posted, handed out up to %0d", q, qp_pi[q], exp_next[q]);
        end
    end
    repeat (200) @(negedge clk);
    checks = checks + 1;
    if (wqe_tvalid || rd_tvalid || q_head != q_tail) begin
        errors = errors + 1;
        $display("FAIL not idle after the drain");
    end

    $display("tb_wqe_fetch: DATA_W %0d, %0d WQEs handed out (%0d of a ring before a reset), %0d rewinds, %0d resets, %0d DMA reads",
             DATA_W, delivered, old_seen, rewinds, resets, q_tail);
    $display("tb_wqe_fetch: rewinds/resets meeting a pick of their QP: %0d in lookup, %0d in issue; %0d cycles a pick waited for its QP",
             cancel_lookup, cancel_issue, hazard_waits);
    checks = checks + 1;
    if (cancel_lookup == 0 || cancel_issue == 0 || hazard_waits == 0) begin
        errors = errors + 1;
        $display("FAIL the races did not happen: the test proves nothing");
    end
    if (errors == 0) begin
        $display("tb_wqe_fetch: %0d checks", checks);
        $display("PASS");
    end else begin
        $display("FAIL: %0d of %0d checks failed", errors, checks);
    end
    $finish;
end

initial begin
    #((RUN_CYCLES + 40000) * 10);
    $display("FAIL: timeout");
    $finish;
end

endmodule

`default_nettype wire
