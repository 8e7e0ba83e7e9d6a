// tb_doorbell_fetch: rnic_csr + rnic_doorbell + rnic_wqe_fetch together.
// QPCs and CQCs are written through the firmware port, WQEs into a TB memory
// answered by a behavioural DMA read client (125-cycle latency, requests
// pipelined, random request back-pressure), doorbells are rung through BAR0.
// Every emitted WQE is checked byte for byte, in order per QP; rejected
// doorbells, a bad wqe_index, ring wrap-around, a QP reset, RQ/CQ doorbell
// forwarding, fairness across QPs and the counters are checked, and the
// fetch throughput of a batched case is printed.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_doorbell_fetch;

localparam DATA_W = 512;
localparam KEEP_W = DATA_W / 8;
localparam TAG_W = 4;
localparam STATS = 32;
localparam STAT_INC_W = 16;
localparam CTX_WORDS = `RNIC_CTX_WORDS;
localparam LATENCY = 125;
localparam BURST = 16;
localparam [1:0] OKAY = 2'b00;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;
integer cycle = 0;
always @(posedge clk) cycle <= cycle + 1;

// ---------------------------------------------------------------------------
// DUT wiring

reg  [19:0] h_awaddr = 0;
reg         h_awvalid = 0;
wire        h_awready;
reg  [31:0] h_wdata = 0;
reg         h_wvalid = 0;
wire        h_wready;
wire [1:0]  h_bresp;
wire        h_bvalid;
wire [31:0] h_rdata;
wire [1:0]  h_rresp;
wire        h_rvalid;
wire        h_arready;
reg  [15:0] f_awaddr = 0;
reg         f_awvalid = 0;
wire        f_awready;
reg  [31:0] f_wdata = 0;
reg         f_wvalid = 0;
wire        f_wready;
wire [1:0]  f_bresp;
wire        f_bvalid;
reg  [15:0] f_araddr = 0;
reg         f_arvalid = 0;
wire        f_arready;
wire [31:0] f_rdata;
wire [1:0]  f_rresp;
wire        f_rvalid;

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

wire        sched_valid, sched_ready;
wire [23:0] sched_qpn;
wire [15:0] sched_pi;
wire        requeue_valid, requeue_ready;
wire [23:0] requeue_qpn;
wire        rq_pi_valid;
wire [23:0] rq_pi_qpn;
wire [15:0] rq_pi;
wire        cq_db_valid;
wire [23:0] cq_db_cqn;
wire [15:0] cq_db_ci;
wire [1:0]  cq_db_arm;
wire        stat_db_reject;
wire        db_init_done, fetch_init_done;     // the blocks' reset sweeps are over

wire [63:0] rd_req_addr;
wire [15:0] rd_req_len;
wire [TAG_W-1:0] rd_req_tag;
wire        rd_req_valid;
reg         rd_req_ready = 0;
reg  [DATA_W-1:0] rd_tdata = 0;
reg         rd_tlast = 0;
reg         rd_tvalid = 0;
wire        rd_tready;
reg  [TAG_W-1:0] rd_tuser = 0;

wire [DATA_W-1:0] wqe_tdata;
wire [KEEP_W-1:0] wqe_tkeep;
wire        wqe_tvalid;
reg         wqe_tready = 1;
wire        wqe_tlast;
wire [23:0] wqe_qpn;
wire [15:0] wqe_index;
wire        err_valid;
wire [23:0] err_qpn;
wire [15:0] err_index;
wire        stat_wqe_fetched, stat_wqe_index_err;

reg  [STATS*STAT_INC_W-1:0] stat_inc;
always @* begin
    stat_inc = {STATS*STAT_INC_W{1'b0}};
    stat_inc[`RNIC_STAT_DB_REJECT * STAT_INC_W +: STAT_INC_W] = {15'd0, stat_db_reject};
    stat_inc[`RNIC_STAT_WQE_FETCHED * STAT_INC_W +: STAT_INC_W] = {15'd0, stat_wqe_fetched};
    stat_inc[`RNIC_STAT_WQE_INDEX_ERR * STAT_INC_W +: STAT_INC_W] = {15'd0, stat_wqe_index_err};
end

rnic_csr #(
    .DMA_BITS(DATA_W), .STATS(STATS), .STAT_INC_W(STAT_INC_W)
) csr (
    .clk(clk), .rst(rst),
    .s_axil_awaddr(h_awaddr), .s_axil_awprot(3'd0), .s_axil_awvalid(h_awvalid), .s_axil_awready(h_awready),
    .s_axil_wdata(h_wdata), .s_axil_wstrb(4'hF), .s_axil_wvalid(h_wvalid), .s_axil_wready(h_wready),
    .s_axil_bresp(h_bresp), .s_axil_bvalid(h_bvalid), .s_axil_bready(1'b1),
    .s_axil_araddr(20'd0), .s_axil_arprot(3'd0), .s_axil_arvalid(1'b0), .s_axil_arready(h_arready),
    .s_axil_rdata(h_rdata), .s_axil_rresp(h_rresp), .s_axil_rvalid(h_rvalid), .s_axil_rready(1'b1),
    .s_axil_fw_awaddr(f_awaddr), .s_axil_fw_awprot(3'd0), .s_axil_fw_awvalid(f_awvalid), .s_axil_fw_awready(f_awready),
    .s_axil_fw_wdata(f_wdata), .s_axil_fw_wstrb(4'hF), .s_axil_fw_wvalid(f_wvalid), .s_axil_fw_wready(f_wready),
    .s_axil_fw_bresp(f_bresp), .s_axil_fw_bvalid(f_bvalid), .s_axil_fw_bready(1'b1),
    .s_axil_fw_araddr(f_araddr), .s_axil_fw_arprot(3'd0), .s_axil_fw_arvalid(f_arvalid), .s_axil_fw_arready(f_arready),
    .s_axil_fw_rdata(f_rdata), .s_axil_fw_rresp(f_rresp), .s_axil_fw_rvalid(f_rvalid), .s_axil_fw_rready(1'b1),
    .fw_irq(fw_irq), .irq_valid(irq_valid), .irq_vector(irq_vector),
    .gsi_wr(), .gsi_waddr(), .gsi_wdata(), .gsi_raddr(), .gsi_rdata(32'd0), .gsi_rx_pending(1'b0),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index), .ctx_wr_data(ctx_wr_data),
    .db_valid(db_valid), .db_page(db_page), .db_reg(db_reg), .db_value(db_value),
    .cfg_mac(cfg_mac), .cfg_ip(cfg_ip), .cfg_link_en(cfg_link_en),
    .stat_inc(stat_inc),
    .ready(db_init_done && fetch_init_done)
);

rnic_doorbell doorbell (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index), .ctx_wr_data(ctx_wr_data),
    .db_valid(db_valid), .db_page(db_page), .db_reg(db_reg), .db_value(db_value),
    .m_sched_valid(sched_valid), .m_sched_ready(sched_ready), .m_sched_qpn(sched_qpn), .m_sched_pi(sched_pi),
    .s_requeue_valid(requeue_valid), .s_requeue_ready(requeue_ready), .s_requeue_qpn(requeue_qpn),
    .m_rq_pi_valid(rq_pi_valid), .m_rq_pi_qpn(rq_pi_qpn), .m_rq_pi(rq_pi),
    .m_cq_db_valid(cq_db_valid), .m_cq_db_cqn(cq_db_cqn), .m_cq_db_ci(cq_db_ci), .m_cq_db_arm(cq_db_arm),
    .stat_db_reject(stat_db_reject),
    .init_done(db_init_done)
);

rnic_wqe_fetch #(
    .DATA_W(DATA_W), .TAG_W(TAG_W), .BURST(BURST)
) fetch (
    .clk(clk), .rst(rst),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index), .ctx_wr_data(ctx_wr_data),
    .s_sched_valid(sched_valid), .s_sched_ready(sched_ready), .s_sched_qpn(sched_qpn), .s_sched_pi(sched_pi),
    .s_rw_valid(1'b0), .s_rw_ready(), .s_rw_qpn(24'd0), .s_rw_index(16'd0),
    .m_requeue_valid(requeue_valid), .m_requeue_ready(requeue_ready), .m_requeue_qpn(requeue_qpn),
    .m_dma_rd_req_addr(rd_req_addr), .m_dma_rd_req_len(rd_req_len), .m_dma_rd_req_tag(rd_req_tag),
    .m_dma_rd_req_valid(rd_req_valid), .m_dma_rd_req_ready(rd_req_ready),
    .s_dma_rd_tdata(rd_tdata), .s_dma_rd_tkeep({KEEP_W{1'b1}}), .s_dma_rd_tlast(rd_tlast),
    .s_dma_rd_tvalid(rd_tvalid), .s_dma_rd_tready(rd_tready), .s_dma_rd_tuser(rd_tuser),
    .m_wqe_tdata(wqe_tdata), .m_wqe_tkeep(wqe_tkeep), .m_wqe_tvalid(wqe_tvalid), .m_wqe_tready(wqe_tready),
    .m_wqe_tlast(wqe_tlast), .m_wqe_qpn(wqe_qpn), .m_wqe_index(wqe_index),
    .m_err_valid(err_valid), .m_err_qpn(err_qpn), .m_err_index(err_index),
    .stat_wqe_fetched(stat_wqe_fetched), .stat_wqe_index_err(stat_wqe_index_err),
    .init_done(fetch_init_done)
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
// host memory and the DMA read client model

localparam MEM_BYTES = 1 << 17;
localparam [63:0] MEM_BASE = 64'h0000_0001_0000_0000;
reg [7:0] mem [0:MEM_BYTES-1];

localparam QDEPTH = 64;
reg [63:0] q_addr [0:QDEPTH-1];
reg [15:0] q_len [0:QDEPTH-1];
reg [TAG_W-1:0] q_tag [0:QDEPTH-1];
integer q_due [0:QDEPTH-1];
integer q_head = 0;
integer q_tail = 0;
integer cur_off = 0;          // bytes of the head request already sent
integer max_outstanding = 0;
integer reqs = 0;
reg [15:0] lfsr = 16'hACE1;
reg [DATA_W-1:0] beat;
integer j;

always @(posedge clk) begin
    lfsr <= {lfsr[14:0], lfsr[15] ^ lfsr[13] ^ lfsr[12] ^ lfsr[10]};
    if (rst) begin
        rd_req_ready <= 1'b0;
        rd_tvalid <= 1'b0;
    end else begin
        // requests: accept, stamp with the time the data may start
        if (rd_req_valid && rd_req_ready) begin
            checks = checks + 1;
            if (rd_req_addr < MEM_BASE || rd_req_addr + rd_req_len > MEM_BASE + MEM_BYTES ||
                rd_req_len == 0) begin
                errors = errors + 1;
                $display("FAIL DMA read outside memory: %016x len %0d", rd_req_addr, rd_req_len);
            end
            q_addr[q_tail % QDEPTH] = rd_req_addr;
            q_len[q_tail % QDEPTH] = rd_req_len;
            q_tag[q_tail % QDEPTH] = rd_req_tag;
            q_due[q_tail % QDEPTH] = cycle + LATENCY;
            q_tail = q_tail + 1;
            reqs = reqs + 1;
            if (q_tail - q_head > max_outstanding) max_outstanding = q_tail - q_head;
        end
        rd_req_ready <= (q_tail - q_head < QDEPTH - 1) && (lfsr[2:0] != 3'd0);
        // data: one beat per cycle from the oldest request once it is due
        if (rd_tvalid && rd_tready) begin
            cur_off = cur_off + KEEP_W;
            if (cur_off >= q_len[q_head % QDEPTH]) begin
                cur_off = 0;
                q_head = q_head + 1;
            end
        end
        if (!rd_tvalid || rd_tready) begin
            if (q_head != q_tail && cycle >= q_due[q_head % QDEPTH]) begin
                for (j = 0; j < KEEP_W; j = j + 1) begin
                    if (cur_off + j < q_len[q_head % QDEPTH]) begin
                        beat[j*8 +: 8] = mem[q_addr[q_head % QDEPTH] - MEM_BASE + cur_off + j];
                    end else begin
                        beat[j*8 +: 8] = 8'h00;
                    end
                end
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
// QP setup and WQE images

localparam NQP = 8;
reg [63:0] qp_base [0:NQP-1];
reg [4:0]  qp_lsz [0:NQP-1];
reg [4:0]  qp_lst [0:NQP-1];
reg [15:0] qp_uctx [0:NQP-1];
reg [15:0] qp_pi [0:NQP-1];           // host producer index
reg [15:0] exp_next [0:NQP-1];        // next index the checker expects
reg        bad_idx [0:NQP-1][0:15];   // indices 0..15 written with a wrong wqe_index (per QP)
integer    got_cnt [0:NQP-1];

function [7:0] wbyte;
    input integer q;
    input integer i;
    input integer b;
    begin
        wbyte = (q * 37 + i * 11 + b * 3 + (b >> 3) * 7 + (i >> 4)) ^ 8'hA5;
    end
endfunction

// expected byte b of the WQE (q, i) as the fetch engine must deliver it
function [7:0] wqe_byte;
    input integer q;
    input integer i;
    input integer b;
    reg [15:0] iv;
    begin
        iv = i;
        if (b == 4) wqe_byte = iv[7:0];
        else if (b == 5) wqe_byte = iv[15:8];
        else wqe_byte = wbyte(q, i, b);
    end
endfunction

task write_wqe;
    input integer q;
    input integer i;
    input integer bad;
    integer b;
    integer off;
    reg [15:0] iv;
    begin
        off = qp_base[q] - MEM_BASE + ((i & ((1 << qp_lsz[q]) - 1)) << qp_lst[q]);
        for (b = 0; b < (1 << qp_lst[q]); b = b + 1) begin
            mem[off + b] = wqe_byte(q, i, b);
        end
        if (bad) begin
            iv = i + 16'h0100;
            mem[off + 4] = iv[7:0];
            mem[off + 5] = iv[15:8];
        end
    end
endtask

// ---------------------------------------------------------------------------
// AXI4-Lite master tasks

task h_write;
    input [19:0] addr;
    input [31:0] data;
    begin
        @(negedge clk);
        h_awaddr = addr; h_wdata = data; h_awvalid = 1; h_wvalid = 1;
        #1;
        while (!h_awready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        h_awvalid = 0; h_wvalid = 0;
        while (!h_bvalid) @(negedge clk);
        check32("host write response", {30'd0, h_bresp}, OKAY);
    end
endtask

task f_write;
    input [15:0] addr;
    input [31:0] data;
    begin
        @(negedge clk);
        f_awaddr = addr; f_wdata = data; f_awvalid = 1; f_wvalid = 1;
        #1;
        while (!f_awready) begin
            @(negedge clk);
            #1;
        end
        @(negedge clk);
        f_awvalid = 0; f_wvalid = 0;
        while (!f_bvalid) @(negedge clk);
        check32("fw write response", {30'd0, f_bresp}, OKAY);
    end
endtask

reg [31:0] f_last;
task f_read;
    input [15:0] addr;
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
    end
endtask

reg [32*CTX_WORDS-1:0] ctx;
integer w;

task write_ctx;
    input [7:0] table_id;
    input [23:0] index;
    begin
        f_write(`RNIC_FW_CTX_SEL, {index, table_id});
        for (w = 0; w < CTX_WORDS; w = w + 1) begin
            f_write(`RNIC_FW_CTX_DATA + w * 4, ctx[w*32 +: 32]);
        end
        f_write(`RNIC_FW_CTX_CMD, `RNIC_CTX_CMD_WRITE);
    end
endtask

task setup_qp;
    input integer q;
    input [3:0] state;
    input [15:0] uctx;
    input [4:0] lsz;
    input [4:0] lst;
    input [63:0] base;
    begin
        qp_base[q] = base;
        qp_lsz[q] = lsz;
        qp_lst[q] = lst;
        qp_uctx[q] = uctx;
        ctx = {32*CTX_WORDS{1'b0}};
        ctx[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W] = state;
        ctx[`RNIC_QPC_TYPE_LSB +: `RNIC_QPC_TYPE_W] = `RNIC_QP_TYPE_RC;
        ctx[`RNIC_QPC_UCTX_LSB +: `RNIC_QPC_UCTX_W] = uctx;
        ctx[`RNIC_QPC_LOG_SQ_SIZE_LSB +: `RNIC_QPC_LOG_SQ_SIZE_W] = lsz;
        ctx[`RNIC_QPC_LOG_SQ_STRIDE_LSB +: `RNIC_QPC_LOG_SQ_STRIDE_W] = lst;
        ctx[`RNIC_QPC_SQ_BASE_LSB +: `RNIC_QPC_SQ_BASE_W] = base;
        ctx[`RNIC_QPC_SQ_PSN_LSB +: `RNIC_QPC_SQ_PSN_W] = 24'h123456;
        write_ctx(`RNIC_CTX_TABLE_QPC, q);
    end
endtask

task ring_sq;
    input integer q;
    input [15:0] page;
    input [15:0] pi;
    reg [31:0] v;
    begin
        v = 32'd0;
        v[`RNIC_DB_SQ_QPN_LSB +: `RNIC_DB_SQ_QPN_W] = q;
        v[`RNIC_DB_SQ_PI_LSB +: `RNIC_DB_SQ_PI_W] = pi;
        h_write(`RNIC_DB_PAGE_BASE + page * `RNIC_DB_PAGE_SIZE + `RNIC_DB_SQ, v);
    end
endtask

// post n WQEs on QP q and ring its doorbell on its own page
task post;
    input integer q;
    input integer n;
    integer t;
    begin
        for (t = 0; t < n; t = t + 1) begin
            write_wqe(q, qp_pi[q] + t, 0);
        end
        qp_pi[q] = qp_pi[q] + n;
        ring_sq(q, qp_uctx[q], qp_pi[q]);
    end
endtask

task wait_done;
    input integer q;
    input integer timeout;
    integer t;
    begin
        t = 0;
        while (exp_next[q] != qp_pi[q] && t < timeout) begin
            @(negedge clk);
            t = t + 1;
        end
        check32("QP drained", exp_next[q], qp_pi[q]);
    end
endtask

// ---------------------------------------------------------------------------
// WQE stream checker

integer beat_in_wqe = 0;
integer wqe_total = 0;
integer first_out_cycle = -1;
integer last_out_cycle = 0;
integer err_count = 0;
reg [23:0] err_qpn_seen;
reg [15:0] err_index_seen;
integer k, oq, oi, ob;
reg ok;
// emission order log for the fairness check
integer order_log [0:1023];
integer out_cycle_log [0:1023];
integer order_n = 0;

always @(posedge clk) begin
    if (!rst && wqe_tvalid && wqe_tready) begin
        oq = wqe_qpn;
        oi = wqe_index;
        ok = 1'b1;
        if (oq >= NQP) begin
            ok = 1'b0;
            $display("FAIL WQE for unknown QP %0d", oq);
        end else begin
            // skip indices the test wrote with a bad wqe_index
            while (exp_next[oq] < 16 && bad_idx[oq][exp_next[oq]]) exp_next[oq] = exp_next[oq] + 1;
            if (beat_in_wqe == 0 && oi != exp_next[oq]) begin
                ok = 1'b0;
                $display("FAIL QP %0d: WQE index %0d, expected %0d", oq, oi, exp_next[oq]);
            end
            for (k = 0; k < KEEP_W; k = k + 1) begin
                ob = beat_in_wqe * KEEP_W + k;
                if (wqe_tdata[k*8 +: 8] !== wqe_byte(oq, oi, ob)) begin
                    if (ok) $display("FAIL QP %0d WQE %0d byte %0d: %02x expected %02x",
                                     oq, oi, ob, wqe_tdata[k*8 +: 8], wqe_byte(oq, oi, ob));
                    ok = 1'b0;
                end
            end
            if (wqe_tkeep !== {KEEP_W{1'b1}}) begin
                ok = 1'b0;
                $display("FAIL tkeep not full");
            end
            if (wqe_tlast !== ((beat_in_wqe + 1) * KEEP_W == (1 << qp_lst[oq]))) begin
                ok = 1'b0;
                $display("FAIL QP %0d WQE %0d: tlast %0d on beat %0d", oq, oi, wqe_tlast, beat_in_wqe);
            end
        end
        checks = checks + 1;
        if (!ok) errors = errors + 1;
        if (wqe_tlast) begin
            beat_in_wqe = 0;
            if (oq < NQP) begin
                exp_next[oq] = oi + 1;
                got_cnt[oq] = got_cnt[oq] + 1;
            end
            wqe_total = wqe_total + 1;
            if (order_n < 1024) begin
                order_log[order_n] = oq;
                out_cycle_log[order_n] = cycle;
                order_n = order_n + 1;
            end
            if (first_out_cycle < 0) first_out_cycle = cycle;
            last_out_cycle = cycle;
        end else begin
            beat_in_wqe = beat_in_wqe + 1;
        end
    end
    if (!rst && err_valid) begin
        err_count = err_count + 1;
        err_qpn_seen = err_qpn;
        err_index_seen = err_index;
    end
end

// random back-pressure on the WQE stream (off while measuring throughput)
reg stall_en = 1'b1;
always @(negedge clk) begin
    wqe_tready = !stall_en || (lfsr[5:4] != 2'b00);
end

// RQ / CQ doorbell monitors
integer rq_count = 0;
integer cq_count = 0;
reg [23:0] rq_qpn_seen;
reg [15:0] rq_pi_seen;
reg [23:0] cq_cqn_seen;
reg [15:0] cq_ci_seen;
reg [1:0]  cq_arm_seen;
always @(posedge clk) begin
    if (!rst && rq_pi_valid) begin
        rq_count = rq_count + 1;
        rq_qpn_seen = rq_pi_qpn;
        rq_pi_seen = rq_pi;
    end
    if (!rst && cq_db_valid) begin
        cq_count = cq_count + 1;
        cq_cqn_seen = cq_db_cqn;
        cq_ci_seen = cq_db_ci;
        cq_arm_seen = cq_db_arm;
    end
end

// ---------------------------------------------------------------------------
// test sequence

integer q, i, n0, c0, cmin, cmax, rejects, fetched_exp;
integer cnt [0:NQP-1];
reg fair_ok;
reg [1:0] arm_next = `RNIC_CQ_ARM_NEXT;
real rate;

initial begin
    for (q = 0; q < NQP; q = q + 1) begin
        qp_pi[q] = 0;
        exp_next[q] = 0;
        got_cnt[q] = 0;
        for (i = 0; i < 16; i = i + 1) bad_idx[q][i] = 1'b0;
    end
    for (i = 0; i < MEM_BYTES; i = i + 1) mem[i] = 8'h00;
    repeat (4) @(posedge clk);
    @(negedge clk);
    rst = 0;
    rejects = 0;
    fetched_exp = 0;
    // the blocks clear their tables after reset
    while (!(db_init_done && fetch_init_done)) @(negedge clk);

    // QPs 1..4: 64 entries of 64 bytes; QP 5: 8 entries of 256 bytes;
    // QP 6: 4 entries of 512 bytes; QP 7 stays in INIT
    for (q = 1; q <= 4; q = q + 1) begin
        setup_qp(q, `RNIC_QP_STATE_RTS, 16 + q, 6, 6, MEM_BASE + q * 64'h4000);
    end
    setup_qp(5, `RNIC_QP_STATE_RTS, 30, 3, 8, MEM_BASE + 5 * 64'h4000 + 64'h40);
    setup_qp(6, `RNIC_QP_STATE_RTS, 31, 2, 9, MEM_BASE + 6 * 64'h4000);
    setup_qp(7, `RNIC_QP_STATE_INIT, 23, 6, 6, MEM_BASE + 7 * 64'h4000);
    // CQ 2 owned by page 17
    ctx = {32*CTX_WORDS{1'b0}};
    ctx[`RNIC_CQC_VALID_LSB] = 1'b1;
    ctx[`RNIC_CQC_LOG_SIZE_LSB +: `RNIC_CQC_LOG_SIZE_W] = 5'd6;
    ctx[`RNIC_CQC_UCTX_LSB +: `RNIC_CQC_UCTX_W] = 16'd17;
    write_ctx(`RNIC_CTX_TABLE_CQC, 2);

    // ---- a single WQE
    post(1, 1);
    wait_done(1, 2000);
    check32("single: WQEs", got_cnt[1], 1);
    fetched_exp = fetched_exp + 1;

    // ---- a batch of 40 on one QP (three bursts, the last one partial)
    post(1, 40);
    wait_done(1, 4000);
    check32("batch: WQEs", got_cnt[1], 41);
    fetched_exp = fetched_exp + 40;

    // ---- multi-beat WQEs and ring wrap: QP 5 (8 x 256 B), QP 6 (4 x 512 B)
    post(5, 6);
    wait_done(5, 4000);
    post(5, 7);                 // indices 6..12: positions 6, 7, 0..4
    wait_done(5, 4000);
    check32("wrap: QP 5 WQEs", got_cnt[5], 13);
    post(6, 3);
    wait_done(6, 4000);
    post(6, 4);                 // indices 3..6: positions 3, 0, 1, 2
    wait_done(6, 4000);
    check32("wrap: QP 6 WQEs", got_cnt[6], 7);
    fetched_exp = fetched_exp + 20;

    // ---- rejected doorbells: wrong page, QP in INIT, QPN out of range,
    //      register 3 (offset 12 is not decoded, so use a CQ of another page)
    write_wqe(2, 0, 0);
    ring_sq(2, 18 + 1, 1);      // QP 2 belongs to page 18
    ring_sq(7, 23, 1);          // QP 7 is in INIT
    ring_sq(300, 18, 1);        // no such QP
    h_write(`RNIC_DB_PAGE_BASE + 20 * `RNIC_DB_PAGE_SIZE + `RNIC_DB_CQ, 32'h0002_0005);  // CQ 2 is page 17's
    rejects = rejects + 4;
    repeat (400) @(negedge clk);
    check32("rejected: no WQE on QP 2", got_cnt[2], 0);
    check32("rejected: no WQE on QP 7", got_cnt[7], 0);
    check32("rejected: no CQ doorbell", cq_count, 0);

    // ---- RQ and CQ doorbells are forwarded
    h_write(`RNIC_DB_PAGE_BASE + 17 * `RNIC_DB_PAGE_SIZE + `RNIC_DB_RQ, 32'h0001_0009);
    h_write(`RNIC_DB_PAGE_BASE + 17 * `RNIC_DB_PAGE_SIZE + `RNIC_DB_CQ,
            ({30'd0, arm_next} << `RNIC_DB_CQ_ARM_LSB) | (32'd2 << `RNIC_DB_CQ_CQN_LSB) | 32'd33);
    h_write(`RNIC_DB_PAGE_BASE + 23 * `RNIC_DB_PAGE_SIZE + `RNIC_DB_RQ, 32'h0007_0002);  // INIT QP: RQ allowed
    repeat (4) @(negedge clk);
    check32("RQ doorbells", rq_count, 2);
    check32("RQ qpn", {8'd0, rq_qpn_seen}, 7);
    check32("RQ pi", {16'd0, rq_pi_seen}, 2);
    check32("CQ doorbells", cq_count, 1);
    check32("CQ cqn", {8'd0, cq_cqn_seen}, 2);
    check32("CQ ci", {16'd0, cq_ci_seen}, 33);
    check32("CQ arm", {30'd0, cq_arm_seen}, {30'd0, arm_next});

    // ---- bad wqe_index: QP 3 WQE 2 carries the wrong index
    write_wqe(3, 0, 0);
    write_wqe(3, 1, 0);
    write_wqe(3, 2, 1);
    write_wqe(3, 3, 0);
    bad_idx[3][2] = 1'b1;
    qp_pi[3] = 4;
    ring_sq(3, qp_uctx[3], 4);
    wait_done(3, 2000);
    repeat (4) @(negedge clk);
    check32("bad index: WQEs forwarded", got_cnt[3], 3);
    check32("bad index: errors", err_count, 1);
    check32("bad index: error QP", {8'd0, err_qpn_seen}, 3);
    check32("bad index: error index", {16'd0, err_index_seen}, 2);
    fetched_exp = fetched_exp + 4;

    // ---- QP reset: QP 4 goes to RESET and back to RTS, its indexes restart
    post(4, 3);
    wait_done(4, 2000);
    setup_qp(4, `RNIC_QP_STATE_RESET, 20, 6, 6, MEM_BASE + 4 * 64'h4000);
    setup_qp(4, `RNIC_QP_STATE_RTS, 20, 6, 6, MEM_BASE + 4 * 64'h4000 + 64'h1000);
    qp_pi[4] = 0;
    exp_next[4] = 0;
    post(4, 2);
    wait_done(4, 2000);
    check32("reset: QP 4 WQEs", got_cnt[4], 5);
    fetched_exp = fetched_exp + 5;

    // ---- fairness and throughput: four QPs, 60 WQEs each, four doorbells;
    //      no back-pressure on the WQE stream
    stall_en = 1'b0;
    for (q = 1; q <= 4; q = q + 1) begin
        for (i = 0; i < 60; i = i + 1) write_wqe(q, qp_pi[q] + i, 0);
        qp_pi[q] = qp_pi[q] + 60;
    end
    n0 = order_n;
    c0 = cycle;
    for (q = 1; q <= 4; q = q + 1) ring_sq(q, qp_uctx[q], qp_pi[q]);
    for (q = 1; q <= 4; q = q + 1) wait_done(q, 20000);
    fetched_exp = fetched_exp + 240;
    // while every QP still has work, no QP gets more than two bursts ahead
    for (q = 0; q < NQP; q = q + 1) cnt[q] = 0;
    fair_ok = 1'b1;
    for (i = n0; i < order_n; i = i + 1) begin
        cnt[order_log[i]] = cnt[order_log[i]] + 1;
        cmin = cnt[1]; cmax = cnt[1];
        for (q = 2; q <= 4; q = q + 1) begin
            if (cnt[q] < cmin) cmin = cnt[q];
            if (cnt[q] > cmax) cmax = cnt[q];
        end
        if (cmax < 60 && cmax - cmin > 2 * BURST) fair_ok = 1'b0;
    end
    check32("fairness", {31'd0, fair_ok}, 1);
    check32("fairness: total", order_n - n0, 240);
    rate = 240.0 / (last_out_cycle - first_out_cycle_of(n0) + 1);
    $display("tb_doorbell_fetch: batched fetch, 4 QPs x 60 WQEs of 64 B: %0d cycles from first to last WQE, %0.3f WQEs/cycle; %0d cycles from first doorbell; max DMA reads outstanding %0d",
             last_out_cycle - first_out_cycle_of(n0) + 1, rate, last_out_cycle - c0, max_outstanding);
    checks = checks + 1;
    if (rate < 0.4) begin
        errors = errors + 1;
        $display("FAIL throughput %0.3f WQEs/cycle below 0.4", rate);
    end
    stall_en = 1'b1;

    // ---- counters through the firmware port
    repeat (4) @(negedge clk);
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_DB_REJECT);
    check32("STAT DB_REJECT", f_last, rejects);
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_WQE_FETCHED);
    check32("STAT WQE_FETCHED", f_last, fetched_exp);
    f_read(`RNIC_FW_STAT + 4 * `RNIC_STAT_WQE_INDEX_ERR);
    check32("STAT WQE_INDEX_ERR", f_last, 1);
    check32("no stray WQEs", wqe_total, fetched_exp - 1);

    if (errors == 0) begin
        $display("tb_doorbell_fetch: %0d checks, %0d DMA reads", checks, reqs);
        $display("PASS");
    end else begin
        $display("FAIL: %0d of %0d checks failed", errors, checks);
    end
    $finish;
end

// cycle of the WQE at position n of the emission log
function integer first_out_cycle_of;
    input integer n;
    begin
        first_out_cycle_of = out_cycle_log[n];
    end
endfunction

initial begin
    #5000000;
    $display("FAIL: timeout");
    $finish;
end

endmodule

`default_nettype wire
