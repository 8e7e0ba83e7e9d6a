// tb_gsi: rnic_gsi (the QP1 mailbox), self-checking.
//
// Receive. A generator makes packets for QP1 (UD SEND ONLY with the GSI
// Q_Key and 0 .. MAD_BYTES of payload; longer ones; other opcodes; other
// Q_Keys; random source fields and payload bytes) and queues them. A driver
// presents them on the header bus and the payload stream as two independent
// channels, with random gaps, garbage on the idle channel and in the lanes
// past the length. When the block takes a header, a model decides whether the
// packet is kept (a MAD, and fewer than GSI_RX_DEPTH waiting) and keeps a
// copy of what must be read back.
//
// Transmit. A sink takes the block's headers and payload beats under random
// back-pressure and long stalls; it checks every header field against the
// registers as they were at the GO that sent the MAD (PSN and IP ID one more
// per MAD), every payload byte, tkeep and tlast, and that a presented header
// or beat holds until taken.
//
// Firmware. One thread plays the firmware on the register port: it polls
// GSI_RX_COUNT, reads every metadata register and payload word of the oldest
// MAD and pops it; writes MADs to send (the registers, the payload words,
// GO), reads them back, polls GSI_TX_STATUS, sends GOs while busy and with
// lengths out of range, pops the empty FIFO, writes read-only registers.
// Every cycle, whatever reg_raddr holds, reg_rdata is compared with the model
// (the oldest kept MAD, 0 when none; the TX registers and payload words as
// written; busy from the GO taken to the last beat), and rx_pending with the
// FIFO's fill; the four counter pulses are totalled against the model.
//
// Cases:
// - empty FIFO: every RX register and payload word reads 0, pops change
//   nothing, writes to read-only registers change nothing;
// - MADs of 0, 1, 2, 3, 4, 5, K-1, K, K+1, 2K-1, 255 and 256 bytes, one at a
//   time; dropped: 257, 300 and 4096 bytes, opcodes 0x04, 0x65, 0x00 (also
//   with no payload), Q_Keys one bit off and 0;
// - FIFO full: four MADs wait, a fifth MAD, a header-only MAD, another opcode
//   and a long one arrive (all four dropped), the four read back intact in
//   order, then pops on the empty FIFO and one more MAD;
// - TX: GO with LEN 0, 257, 300, 0x10010 and 0xFFFFFFFF (ignored, counted,
//   nothing sent); MADs of 1 .. 256 bytes at the stream-width edges, each
//   followed by a GO while busy; with and without back-pressure;
// - random: a few hundred packets each way, receive and transmit at once,
//   the firmware fast (the FIFO rarely fills) then slow (it is often full),
//   light then heavy back-pressure.
// Prints PASS or FAIL (with ERROR lines).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_gsi;

parameter DATA_W = 512;                         // stream width under test
localparam K = DATA_W / 8;                      // bytes per beat
localparam MAD = `RNIC_MAD_BYTES;
localparam NW = MAD / 4;                        // words in a payload window
localparam DEPTH = `RNIC_GSI_RX_DEPTH;
localparam [31:0] QKEY = `RNIC_GSI_QKEY;
localparam MAXP = 4096;                         // longest packet the generator makes
localparam IQN = 8;                             // packets queued for the driver
localparam KQN = 8;                             // kept MADs (waiting, or arriving)
localparam TQN = 4;                             // MADs sent, not yet wholly checked
localparam ELIM = 40;                           // ERROR lines printed at most

localparam [15:0] A_RX_COUNT = `RNIC_FW_GSI_RX_COUNT;
localparam [15:0] A_RX_LEN = `RNIC_FW_GSI_RX_LEN;
localparam [15:0] A_RX_SQPN = `RNIC_FW_GSI_RX_SQPN;
localparam [15:0] A_RX_SIP = `RNIC_FW_GSI_RX_SIP;
localparam [15:0] A_RX_SMAC_LO = `RNIC_FW_GSI_RX_SMAC_LO;
localparam [15:0] A_RX_SMAC_HI = `RNIC_FW_GSI_RX_SMAC_HI;
localparam [15:0] A_RX_PKEY = `RNIC_FW_GSI_RX_PKEY;
localparam [15:0] A_RX_POP = `RNIC_FW_GSI_RX_POP;
localparam [15:0] A_TX_DIP = `RNIC_FW_GSI_TX_DIP;
localparam [15:0] A_TX_DMAC_LO = `RNIC_FW_GSI_TX_DMAC_LO;
localparam [15:0] A_TX_DMAC_HI = `RNIC_FW_GSI_TX_DMAC_HI;
localparam [15:0] A_TX_DQPN = `RNIC_FW_GSI_TX_DQPN;
localparam [15:0] A_TX_QKEY = `RNIC_FW_GSI_TX_QKEY;
localparam [15:0] A_TX_LEN = `RNIC_FW_GSI_TX_LEN;
localparam [15:0] A_TX_GO = `RNIC_FW_GSI_TX_GO;
localparam [15:0] A_TX_STATUS = `RNIC_FW_GSI_TX_STATUS;
localparam [15:0] A_RX_DATA = `RNIC_FW_GSI_RX_DATA;
localparam [15:0] A_TX_DATA = `RNIC_FW_GSI_TX_DATA;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg  [7:0]        s_hdr_opcode = 8'd0;
reg  [31:0]       s_hdr_qkey = 32'd0;
reg  [23:0]       s_hdr_sqpn = 24'd0;
reg  [31:0]       s_hdr_sip = 32'd0;
reg  [47:0]       s_hdr_smac = 48'd0;
reg  [15:0]       s_hdr_pkey = 16'd0;
reg  [12:0]       s_hdr_len = 13'd0;
reg               s_hdr_valid = 1'b0;
wire              s_hdr_ready;
reg  [DATA_W-1:0] s_pl_tdata = {DATA_W{1'b0}};
reg  [K-1:0]      s_pl_tkeep = {K{1'b0}};
reg               s_pl_tlast = 1'b0;
reg               s_pl_tvalid = 1'b0;
wire              s_pl_tready;
reg               reg_wr = 1'b0;
reg  [15:0]       reg_waddr = 16'd0;
reg  [31:0]       reg_wdata = 32'd0;
reg  [15:0]       reg_raddr = 16'd0;
wire [31:0]       reg_rdata;
wire              rx_pending;
wire [7:0]        m_hdr_opcode;
wire [23:0]       m_hdr_dqpn, m_hdr_psn;
wire [47:0]       m_hdr_dmac;
wire [31:0]       m_hdr_dip;
wire [15:0]       m_hdr_ip_id;
wire [31:0]       m_hdr_deth_qkey;
wire [23:0]       m_hdr_deth_sqpn;
wire [15:0]       m_hdr_pkey;
wire [12:0]       m_hdr_len;
wire              m_hdr_valid;
reg               m_hdr_ready = 1'b0;
wire [DATA_W-1:0] m_pl_tdata;
wire [K-1:0]      m_pl_tkeep;
wire              m_pl_tlast, m_pl_tvalid;
reg               m_pl_tready = 1'b0;
wire              stat_rx, stat_drop, stat_tx, stat_tx_bad;

rnic_gsi #(
    .DATA_W(DATA_W)
) dut (
    .clk(clk), .rst(rst),
    .s_hdr_opcode(s_hdr_opcode), .s_hdr_qkey(s_hdr_qkey), .s_hdr_sqpn(s_hdr_sqpn), .s_hdr_sip(s_hdr_sip),
    .s_hdr_smac(s_hdr_smac), .s_hdr_pkey(s_hdr_pkey), .s_hdr_len(s_hdr_len),
    .s_hdr_valid(s_hdr_valid), .s_hdr_ready(s_hdr_ready),
    .s_pl_tdata(s_pl_tdata), .s_pl_tkeep(s_pl_tkeep), .s_pl_tlast(s_pl_tlast),
    .s_pl_tvalid(s_pl_tvalid), .s_pl_tready(s_pl_tready),
    .reg_wr(reg_wr), .reg_waddr(reg_waddr), .reg_wdata(reg_wdata), .reg_raddr(reg_raddr),
    .reg_rdata(reg_rdata), .rx_pending(rx_pending),
    .m_hdr_opcode(m_hdr_opcode), .m_hdr_dqpn(m_hdr_dqpn), .m_hdr_psn(m_hdr_psn), .m_hdr_dmac(m_hdr_dmac),
    .m_hdr_dip(m_hdr_dip), .m_hdr_ip_id(m_hdr_ip_id), .m_hdr_deth_qkey(m_hdr_deth_qkey),
    .m_hdr_deth_sqpn(m_hdr_deth_sqpn), .m_hdr_pkey(m_hdr_pkey), .m_hdr_len(m_hdr_len),
    .m_hdr_valid(m_hdr_valid), .m_hdr_ready(m_hdr_ready),
    .m_pl_tdata(m_pl_tdata), .m_pl_tkeep(m_pl_tkeep), .m_pl_tlast(m_pl_tlast),
    .m_pl_tvalid(m_pl_tvalid), .m_pl_tready(m_pl_tready),
    .stat_rx(stat_rx), .stat_drop(stat_drop), .stat_tx(stat_tx), .stat_tx_bad(stat_tx_bad)
);

integer errors = 0;

`include "tb_xorshift.vh"

// Fixed seeds, one stream per process (xorshift rather than $random(seed),
// which Verilator reseeds differently), so both simulators run the same
// cycles.
reg [31:0] g_rng = 32'h2545_F491;     // packet generator
reg [31:0] d_rng = 32'h9E37_79B9;     // receive driver: gaps, garbage
reg [31:0] k_rng = 32'h7F4A_7C15;     // transmit sink: back-pressure
reg [31:0] f_rng = 32'h1B87_3593;     // firmware: decisions, TX contents

task g_rnd;
    input integer n;
    output integer r;
    begin
        g_rng = xorshift(g_rng);
        r = g_rng % n;
    end
endtask

task f_rnd;
    input integer n;
    output integer r;
    begin
        f_rng = xorshift(f_rng);
        r = f_rng % n;
    end
endtask

task f_rnd32;
    output [31:0] r;
    begin
        f_rng = xorshift(f_rng);
        r = f_rng;
    end
endtask

// traffic shape: percent of cycles a channel idles or stalls
integer gap_hdr = 0, gap_pl = 0;        // receive driver
integer bp_hdr = 0, bp_pl = 0;          // transmit sink
integer stall_pm = 0;                   // per mille of cycles a sink stall starts

// ---------------------------------------------------------------------------
// Receive: input queue (packet n in slot n % IQN), driver
// ---------------------------------------------------------------------------
reg [7:0]  ib [0:IQN*MAXP-1];
reg [7:0]  iq_op [0:IQN-1];
reg [31:0] iq_qkey [0:IQN-1];
reg [23:0] iq_sqpn [0:IQN-1];
reg [31:0] iq_sip [0:IQN-1];
reg [47:0] iq_smac [0:IQN-1];
reg [15:0] iq_pkey [0:IQN-1];
reg [12:0] iq_len [0:IQN-1];
integer    iq_wr = 0;                   // packets queued
integer    mon_hdr = 0;                 // headers the block took
integer    mon_done = 0;                // packets the block took wholly

// queue a packet with random source fields and payload; between falling
// edges, so the driver and the monitor see it at the same rising edge
task rx_push;
    input [7:0] op;
    input [31:0] qk;
    input integer len;
    integer b, s, r;
    begin
        @(negedge clk);
        r = 0;
        while (iq_wr - mon_done >= IQN) begin
            @(negedge clk);
            r = r + 1;
            if (r == 100000) begin
                $display("ERROR: packet %0d for QP1 not taken after 100000 cycles", mon_done);
                $display("tb_gsi DATA_W=%0d: stuck: FAIL", DATA_W);
                $finish;
            end
        end
        s = iq_wr % IQN;
        for (b = 0; b < len; b = b + 1) begin
            g_rnd(256, r);
            ib[s * MAXP + b] = r;
        end
        g_rng = xorshift(g_rng);
        iq_sqpn[s] = g_rng[23:0];
        g_rng = xorshift(g_rng);
        iq_sip[s] = g_rng;
        g_rng = xorshift(g_rng);
        iq_smac[s][47:16] = g_rng;
        g_rng = xorshift(g_rng);
        iq_smac[s][15:0] = g_rng[15:0];
        iq_pkey[s] = g_rng[31:16];
        iq_op[s] = op;
        iq_qkey[s] = qk;
        iq_len[s] = len;
        iq_wr = iq_wr + 1;
    end
endtask

integer d_hp = 0;                       // driver: next header to present
integer d_pp = 0, d_po = 0;             // driver: packet whose payload goes out, its bytes sent
integer hp, pp, po, sl, db;
reg [DATA_W-1:0] sd;
reg [K-1:0]      sk;
always @(posedge clk) begin
    if (!rst) begin
        hp = d_hp;
        if (s_hdr_valid && s_hdr_ready)
            hp = hp + 1;
        d_hp = hp;
        if (!s_hdr_valid || s_hdr_ready) begin
            d_rng = xorshift(d_rng);
            if (hp < iq_wr && d_rng % 100 >= gap_hdr) begin
                s_hdr_valid <= 1'b1;
                s_hdr_opcode <= iq_op[hp % IQN];
                s_hdr_qkey <= iq_qkey[hp % IQN];
                s_hdr_sqpn <= iq_sqpn[hp % IQN];
                s_hdr_sip <= iq_sip[hp % IQN];
                s_hdr_smac <= iq_smac[hp % IQN];
                s_hdr_pkey <= iq_pkey[hp % IQN];
                s_hdr_len <= iq_len[hp % IQN];
            end else begin
                s_hdr_valid <= 1'b0;
                s_hdr_opcode <= 8'h64;
                s_hdr_qkey <= QKEY;
                s_hdr_sqpn <= d_rng[23:0];
                s_hdr_sip <= d_rng;
                s_hdr_smac <= {d_rng, d_rng[15:0]};
                s_hdr_pkey <= d_rng[31:16];
                s_hdr_len <= d_rng[20:8];
            end
        end
        pp = d_pp;
        po = d_po;
        if (s_pl_tvalid && s_pl_tready) begin
            po = po + K;
            if (s_pl_tlast) begin
                pp = pp + 1;
                po = 0;
            end
        end
        while (pp < iq_wr && iq_len[pp % IQN] == 13'd0)
            pp = pp + 1;
        d_pp = pp;
        d_po = po;
        if (!s_pl_tvalid || s_pl_tready) begin
            d_rng = xorshift(d_rng);
            sl = (pp < iq_wr) ? iq_len[pp % IQN] : 0;
            for (db = 0; db < K; db = db + 1) begin
                sd[8*db +: 8] = (po + db < sl) ? ib[(pp % IQN) * MAXP + po + db] : (d_rng[7:0] ^ db[7:0]);
                sk[db] = po + db < sl;
            end
            s_pl_tdata <= sd;
            if (pp < iq_wr && d_rng[31:16] % 100 >= gap_pl) begin
                s_pl_tkeep <= sk;
                s_pl_tlast <= po + K >= sl;
                s_pl_tvalid <= 1'b1;
            end else begin
                s_pl_tkeep <= {(K/8){d_rng[15:8]}};
                s_pl_tlast <= d_rng[9];
                s_pl_tvalid <= 1'b0;
            end
        end
    end
end

// ---------------------------------------------------------------------------
// Model: kept MADs (slot n % KQN), the TX registers and payload as written,
// MADs sent (slot n % TQN)
// ---------------------------------------------------------------------------
reg [7:0]  kb [0:KQN*MAD-1];
reg [12:0] kq_len [0:KQN-1];
reg [23:0] kq_sqpn [0:KQN-1];
reg [31:0] kq_sip [0:KQN-1];
reg [47:0] kq_smac [0:KQN-1];
reg [15:0] kq_pkey [0:KQN-1];
integer    kq_wr = 0;                   // MADs kept (header taken)
integer    kq_commit = 0;               // ... wholly arrived: visible to the firmware
integer    kq_rd = 0;                   // ... popped

reg [7:0]  txb [0:MAD-1];               // TX payload window, byte 4k in [31:24] of word k
reg [31:0] sh_dip = 32'd0, sh_dmac_lo = 32'd0, sh_dmac_hi = 32'd0, sh_dqpn = 32'd0, sh_qkey = 32'd0,
           sh_len = 32'd0;
reg        busy_m = 1'b0;               // a GO was taken and its last beat has not gone

reg [7:0]  tqb [0:TQN*MAD-1];
reg [31:0] tq_dip [0:TQN-1];
reg [47:0] tq_dmac [0:TQN-1];
reg [23:0] tq_dqpn [0:TQN-1];
reg [31:0] tq_qkey [0:TQN-1];
reg [12:0] tq_len [0:TQN-1];
integer    tq_wr = 0;                   // GOs taken
integer    tq_hd = 0;                   // headers out
integer    tq_done = 0;                 // MADs wholly out

// totals: x_* what the model expects, n_* what the block pulsed
integer x_rx = 0, x_drop = 0, x_bad = 0;
integer n_rx = 0, n_drop = 0, n_tx = 0, n_bad = 0;
integer n_drop_full = 0, n_drop_op = 0, n_drop_qkey = 0, n_drop_long = 0;
integer n_bad_busy = 0, n_bad_len = 0;
integer n_pop = 0, n_pop_empty = 0, n_read_all = 0, n_reads = 0, n_reads_empty = 0;

// ---------------------------------------------------------------------------
// The monitor: every rising edge, the register port and rx_pending as the
// state was before the edge, then what the edge takes
// ---------------------------------------------------------------------------
integer    cnt_pre;                     // MADs waiting before this edge
reg        busy_pre;
reg [5:0]  rd_meta = 6'd0;              // oldest MAD: metadata registers read
reg [NW-1:0] rd_words = {NW{1'b0}};     // ... payload words read

function [8*12-1:0] rname;
    input [15:0] a;
    begin
        if (a >= A_RX_DATA && a < A_RX_DATA + MAD)
            rname = "RX_DATA";
        else if (a >= A_TX_DATA && a < A_TX_DATA + MAD)
            rname = "TX_DATA";
        else if (a == A_RX_COUNT) rname = "RX_COUNT";
        else if (a == A_RX_LEN) rname = "RX_LEN";
        else if (a == A_RX_SQPN) rname = "RX_SQPN";
        else if (a == A_RX_SIP) rname = "RX_SIP";
        else if (a == A_RX_SMAC_LO) rname = "RX_SMAC_LO";
        else if (a == A_RX_SMAC_HI) rname = "RX_SMAC_HI";
        else if (a == A_RX_PKEY) rname = "RX_PKEY";
        else if (a == A_TX_DIP) rname = "TX_DIP";
        else if (a == A_TX_DMAC_LO) rname = "TX_DMAC_LO";
        else if (a == A_TX_DMAC_HI) rname = "TX_DMAC_HI";
        else if (a == A_TX_DQPN) rname = "TX_DQPN";
        else if (a == A_TX_QKEY) rname = "TX_QKEY";
        else if (a == A_TX_LEN) rname = "TX_LEN";
        else if (a == A_TX_STATUS) rname = "TX_STATUS";
        else rname = "?";
    end
endfunction

// the value read at a: e, with the bits in m checked (payload bytes past
// the oldest MAD's length are not)
reg [31:0] rd_e, rd_m;
reg        rd_chk;
integer    rd_h, rd_w, rd_j;
task read_check;
    input [15:0] a;
    input [31:0] v;
    begin
        rd_chk = 1'b1;
        rd_e = 32'd0;
        rd_m = 32'hFFFF_FFFF;
        rd_h = kq_rd % KQN;
        if (a >= A_RX_DATA && a < A_RX_DATA + MAD) begin
            rd_w = (a - A_RX_DATA) / 4;
            if (cnt_pre != 0) begin
                rd_words[rd_w] = 1'b1;
                for (rd_j = 0; rd_j < 4; rd_j = rd_j + 1)
                    if (4 * rd_w + rd_j < kq_len[rd_h])
                        rd_e[31 - 8 * rd_j -: 8] = kb[rd_h * MAD + 4 * rd_w + rd_j];
                    else
                        rd_m[31 - 8 * rd_j -: 8] = 8'h00;
            end
        end else if (a >= A_TX_DATA && a < A_TX_DATA + MAD) begin
            rd_w = (a - A_TX_DATA) / 4;
            for (rd_j = 0; rd_j < 4; rd_j = rd_j + 1)
                rd_e[31 - 8 * rd_j -: 8] = txb[4 * rd_w + rd_j];
        end else if (a == A_RX_COUNT) begin
            rd_e = cnt_pre;
        end else if (a == A_RX_LEN) begin
            rd_e = (cnt_pre != 0) ? {19'd0, kq_len[rd_h]} : 32'd0;
            rd_meta[0] = 1'b1;
        end else if (a == A_RX_SQPN) begin
            rd_e = (cnt_pre != 0) ? {8'd0, kq_sqpn[rd_h]} : 32'd0;
            rd_meta[1] = 1'b1;
        end else if (a == A_RX_SIP) begin
            rd_e = (cnt_pre != 0) ? kq_sip[rd_h] : 32'd0;
            rd_meta[2] = 1'b1;
        end else if (a == A_RX_SMAC_LO) begin
            rd_e = (cnt_pre != 0) ? kq_smac[rd_h][31:0] : 32'd0;
            rd_meta[3] = 1'b1;
        end else if (a == A_RX_SMAC_HI) begin
            rd_e = (cnt_pre != 0) ? {16'd0, kq_smac[rd_h][47:32]} : 32'd0;
            rd_meta[4] = 1'b1;
        end else if (a == A_RX_PKEY) begin
            rd_e = (cnt_pre != 0) ? {16'd0, kq_pkey[rd_h]} : 32'd0;
            rd_meta[5] = 1'b1;
        end else if (a == A_TX_DIP) rd_e = sh_dip;
        else if (a == A_TX_DMAC_LO) rd_e = sh_dmac_lo;
        else if (a == A_TX_DMAC_HI) rd_e = sh_dmac_hi;
        else if (a == A_TX_DQPN) rd_e = sh_dqpn;
        else if (a == A_TX_QKEY) rd_e = sh_qkey;
        else if (a == A_TX_LEN) rd_e = sh_len;
        else if (a == A_TX_STATUS) rd_e = {31'd0, busy_pre};
        else rd_chk = 1'b0;
        if (rd_chk) begin
            n_reads = n_reads + 1;
            if (cnt_pre == 0 && ((a >= A_RX_COUNT && a <= A_RX_PKEY) || (a >= A_RX_DATA && a < A_RX_DATA + MAD)))
                n_reads_empty = n_reads_empty + 1;
            if ((v & rd_m) !== (rd_e & rd_m)) begin
                if (errors < ELIM)
                    $display("ERROR: %0t: read %0s (0x%03x): 0x%08x, expected 0x%08x (mask 0x%08x; %0d MADs waiting, oldest MAD %0d len %0d)",
                             $time, rname(a), a, v, rd_e, rd_m, cnt_pre, kq_rd, kq_len[rd_h]);
                errors = errors + 1;
            end
        end
    end
endtask

integer    hs, ts, tb2, wi, wj;
reg        good;
reg        r_in = 1'b0, r_keep = 1'b0;  // a packet's payload is arriving; it is kept
integer    r_off = 0;
reg        t_in = 1'b0;                 // a MAD's payload is going out
integer    t_off = 0, t_cur = 0, t_bad = 0;
reg [23:0] psn0, e_psn;
reg [15:0] ipid0, e_ipid;
reg        h_pend = 1'b0, p_pend = 1'b0;
reg [7:0]  h_op;
reg [23:0] h_dqpn, h_psn, h_sqpn;
reg [47:0] h_dmac;
reg [31:0] h_dip, h_qkey;
reg [15:0] h_ipid, h_pkey;
reg [12:0] h_len;
reg [DATA_W-1:0] p_data;
reg [K-1:0] p_keep;
reg        p_last;
integer    stall_left = 0;
always @(posedge clk) begin
    if (!rst) begin
        cnt_pre = kq_commit - kq_rd;
        busy_pre = busy_m;

        // 1. register port, rx_pending
        read_check(reg_raddr, reg_rdata);
        if (rx_pending !== (cnt_pre != 0)) begin
            if (errors < ELIM)
                $display("ERROR: %0t: rx_pending %b with %0d MADs waiting", $time, rx_pending, cnt_pre);
            errors = errors + 1;
        end

        // 2. counter pulses
        if (stat_rx) n_rx = n_rx + 1;
        if (stat_drop) n_drop = n_drop + 1;
        if (stat_tx) n_tx = n_tx + 1;
        if (stat_tx_bad) n_bad = n_bad + 1;

        // 3. receive: a payload beat, then a header (a beat taken with its
        // own header would be one without a header)
        if (s_pl_tvalid && s_pl_tready) begin
            if (!r_in) begin
                if (errors < ELIM)
                    $display("ERROR: %0t: a payload beat taken with no header taken before it", $time);
                errors = errors + 1;
            end else begin
                r_off = r_off + K;
                if (s_pl_tlast) begin
                    if (r_keep) begin
                        kq_commit = kq_commit + 1;
                        x_rx = x_rx + 1;
                    end else
                        x_drop = x_drop + 1;
                    r_in = 1'b0;
                    mon_done = mon_done + 1;
                end
            end
        end
        if (s_hdr_valid && s_hdr_ready) begin
            if (r_in) begin
                if (errors < ELIM)
                    $display("ERROR: %0t: a header taken before the last packet's payload ended", $time);
                errors = errors + 1;
            end
            hs = mon_hdr % IQN;
            if (mon_hdr != mon_done) begin
                if (errors < ELIM)
                    $display("ERROR: %0t: header %0d taken, %0d packets done", $time, mon_hdr, mon_done);
                errors = errors + 1;
            end
            mon_hdr = mon_hdr + 1;
            good = iq_op[hs] == 8'h64 && iq_qkey[hs] == QKEY && iq_len[hs] <= MAD;
            r_keep = good && cnt_pre < DEPTH;
            if (iq_op[hs] != 8'h64)
                n_drop_op = n_drop_op + 1;
            else if (iq_qkey[hs] != QKEY)
                n_drop_qkey = n_drop_qkey + 1;
            else if (iq_len[hs] > MAD)
                n_drop_long = n_drop_long + 1;
            else if (!r_keep)
                n_drop_full = n_drop_full + 1;
            if (r_keep) begin
                ts = kq_wr % KQN;
                kq_len[ts] = iq_len[hs];
                kq_sqpn[ts] = iq_sqpn[hs];
                kq_sip[ts] = iq_sip[hs];
                kq_smac[ts] = iq_smac[hs];
                kq_pkey[ts] = iq_pkey[hs];
                for (tb2 = 0; tb2 < iq_len[hs]; tb2 = tb2 + 1)
                    kb[ts * MAD + tb2] = ib[hs * MAXP + tb2];
                kq_wr = kq_wr + 1;
            end
            if (iq_len[hs] == 13'd0) begin
                if (r_keep) begin
                    kq_commit = kq_commit + 1;
                    x_rx = x_rx + 1;
                end else
                    x_drop = x_drop + 1;
                mon_done = mon_done + 1;
            end else begin
                r_in = 1'b1;
                r_off = 0;
            end
        end

        // 4. transmit: what was presented last cycle holds until taken
        if (h_pend && (m_hdr_valid !== 1'b1 || m_hdr_opcode !== h_op || m_hdr_dqpn !== h_dqpn ||
                       m_hdr_psn !== h_psn || m_hdr_dmac !== h_dmac || m_hdr_dip !== h_dip ||
                       m_hdr_ip_id !== h_ipid || m_hdr_deth_qkey !== h_qkey || m_hdr_deth_sqpn !== h_sqpn ||
                       m_hdr_pkey !== h_pkey || m_hdr_len !== h_len)) begin
            if (errors < ELIM)
                $display("ERROR: %0t: a TX header changed or left before it was taken", $time);
            errors = errors + 1;
        end
        if (p_pend && (m_pl_tvalid !== 1'b1 || m_pl_tdata !== p_data || m_pl_tkeep !== p_keep ||
                       m_pl_tlast !== p_last)) begin
            if (errors < ELIM)
                $display("ERROR: %0t: MAD %0d: a TX payload beat changed or left before it was taken", $time, tq_hd - 1);
            errors = errors + 1;
        end
        // a beat, then a header
        if (m_pl_tvalid && m_pl_tready) begin
            if (!t_in) begin
                if (errors < ELIM)
                    $display("ERROR: %0t: a TX payload beat with no header before it", $time);
                errors = errors + 1;
            end else begin
                for (tb2 = 0; tb2 < K; tb2 = tb2 + 1) begin
                    if (t_off + tb2 < tq_len[t_cur]) begin
                        if (m_pl_tkeep[tb2] !== 1'b1 || m_pl_tdata[8*tb2 +: 8] !== tqb[t_cur * MAD + t_off + tb2]) begin
                            if (errors < ELIM && t_bad < 4)
                                $display("ERROR: %0t: MAD %0d (len %0d) byte %0d: keep %b data %02x, expected %02x",
                                         $time, tq_hd - 1, tq_len[t_cur], t_off + tb2, m_pl_tkeep[tb2],
                                         m_pl_tdata[8*tb2 +: 8], tqb[t_cur * MAD + t_off + tb2]);
                            t_bad = t_bad + 1;
                            errors = errors + 1;
                        end
                    end else if (m_pl_tkeep[tb2] !== 1'b0) begin
                        if (errors < ELIM && t_bad < 4)
                            $display("ERROR: %0t: MAD %0d (len %0d): tkeep set for byte %0d", $time, tq_hd - 1,
                                     tq_len[t_cur], t_off + tb2);
                        t_bad = t_bad + 1;
                        errors = errors + 1;
                    end
                end
                t_off = t_off + K;
                if (m_pl_tlast !== (t_off >= tq_len[t_cur])) begin
                    if (errors < ELIM)
                        $display("ERROR: %0t: MAD %0d (len %0d): tlast %b after byte %0d", $time, tq_hd - 1,
                                 tq_len[t_cur], m_pl_tlast, t_off);
                    errors = errors + 1;
                end
                if (t_off >= tq_len[t_cur]) begin
                    t_in = 1'b0;
                    tq_done = tq_done + 1;
                    busy_m = 1'b0;
                end
            end
        end
        if (m_hdr_valid && m_hdr_ready) begin
            if (t_in) begin
                if (errors < ELIM)
                    $display("ERROR: %0t: a TX header before MAD %0d's last beat", $time, tq_hd - 1);
                errors = errors + 1;
            end
            if (tq_hd >= tq_wr) begin
                if (errors < ELIM)
                    $display("ERROR: %0t: a TX header with no GO taken: dqpn %0d len %0d", $time, m_hdr_dqpn,
                             m_hdr_len);
                errors = errors + 1;
            end else begin
                t_cur = tq_hd % TQN;
                if (tq_hd == 0) begin
                    psn0 = m_hdr_psn;
                    ipid0 = m_hdr_ip_id;
                end
                e_psn = psn0 + tq_hd;
                e_ipid = ipid0 + tq_hd;
                if (m_hdr_opcode !== 8'h64 || m_hdr_dqpn !== tq_dqpn[t_cur] || m_hdr_dmac !== tq_dmac[t_cur] ||
                    m_hdr_dip !== tq_dip[t_cur] || m_hdr_deth_qkey !== tq_qkey[t_cur] ||
                    m_hdr_deth_sqpn !== 24'd1 || m_hdr_pkey !== 16'hFFFF || m_hdr_len !== tq_len[t_cur] ||
                    m_hdr_psn !== e_psn || m_hdr_ip_id !== e_ipid) begin
                    if (errors < ELIM) begin
                        $display("ERROR: %0t: MAD %0d header: opcode %02x dqpn %06x dmac %012x dip %08x qkey %08x sqpn %06x pkey %04x len %0d psn %06x ip_id %04x",
                                 $time, tq_hd, m_hdr_opcode, m_hdr_dqpn, m_hdr_dmac, m_hdr_dip, m_hdr_deth_qkey,
                                 m_hdr_deth_sqpn, m_hdr_pkey, m_hdr_len, m_hdr_psn, m_hdr_ip_id);
                        $display("ERROR:        expected: opcode 64 dqpn %06x dmac %012x dip %08x qkey %08x sqpn 000001 pkey ffff len %0d psn %06x ip_id %04x",
                                 tq_dqpn[t_cur], tq_dmac[t_cur], tq_dip[t_cur], tq_qkey[t_cur], tq_len[t_cur],
                                 e_psn, e_ipid);
                    end
                    errors = errors + 1;
                end
                tq_hd = tq_hd + 1;
                t_in = 1'b1;
                t_off = 0;
                t_bad = 0;
            end
        end

        // 5. register writes
        if (reg_wr) begin
            if (reg_waddr >= A_TX_DATA && reg_waddr < A_TX_DATA + MAD) begin
                wi = (reg_waddr - A_TX_DATA) / 4;
                for (wj = 0; wj < 4; wj = wj + 1)
                    txb[4 * wi + wj] = reg_wdata[31 - 8 * wj -: 8];
            end
            if (reg_waddr == A_RX_POP) begin
                if (cnt_pre != 0) begin
                    // the oldest MAD was read wholly: every metadata register
                    // and the words holding its bytes
                    ts = kq_rd % KQN;
                    wj = 1;
                    for (wi = 0; wi < (kq_len[ts] + 3) / 4; wi = wi + 1)
                        if (!rd_words[wi])
                            wj = 0;
                    if (wj && rd_meta == 6'h3F)
                        n_read_all = n_read_all + 1;
                    kq_rd = kq_rd + 1;
                    n_pop = n_pop + 1;
                end else
                    n_pop_empty = n_pop_empty + 1;
                rd_meta = 6'd0;
                rd_words = {NW{1'b0}};
            end
            if (reg_waddr == A_TX_DIP) sh_dip = reg_wdata;
            if (reg_waddr == A_TX_DMAC_LO) sh_dmac_lo = reg_wdata;
            if (reg_waddr == A_TX_DMAC_HI) sh_dmac_hi = {16'd0, reg_wdata[15:0]};     // bytes 0..1
            if (reg_waddr == A_TX_DQPN) sh_dqpn = {8'd0, reg_wdata[23:0]};            // [23:0]
            if (reg_waddr == A_TX_QKEY) sh_qkey = reg_wdata;
            if (reg_waddr == A_TX_LEN) sh_len = reg_wdata;
            if (reg_waddr == A_TX_GO) begin
                if (busy_pre || sh_len == 32'd0 || sh_len > MAD) begin
                    x_bad = x_bad + 1;
                    if (busy_pre)
                        n_bad_busy = n_bad_busy + 1;
                    else
                        n_bad_len = n_bad_len + 1;
                end else begin
                    ts = tq_wr % TQN;
                    tq_dip[ts] = sh_dip;
                    tq_dmac[ts] = {sh_dmac_hi[15:0], sh_dmac_lo};
                    tq_dqpn[ts] = sh_dqpn[23:0];
                    tq_qkey[ts] = sh_qkey;
                    tq_len[ts] = sh_len[12:0];
                    for (wi = 0; wi < MAD; wi = wi + 1)
                        tqb[ts * MAD + wi] = txb[wi];
                    tq_wr = tq_wr + 1;
                    busy_m = 1'b1;
                end
            end
        end

        // 6. what is presented now must hold until taken
        h_pend = m_hdr_valid && !m_hdr_ready;
        h_op = m_hdr_opcode;
        h_dqpn = m_hdr_dqpn;
        h_psn = m_hdr_psn;
        h_dmac = m_hdr_dmac;
        h_dip = m_hdr_dip;
        h_ipid = m_hdr_ip_id;
        h_qkey = m_hdr_deth_qkey;
        h_sqpn = m_hdr_deth_sqpn;
        h_pkey = m_hdr_pkey;
        h_len = m_hdr_len;
        p_pend = m_pl_tvalid && !m_pl_tready;
        p_data = m_pl_tdata;
        p_keep = m_pl_tkeep;
        p_last = m_pl_tlast;
    end
    k_rng = xorshift(k_rng);
    if (stall_left > 0)
        stall_left = stall_left - 1;
    else if (k_rng[31:22] < stall_pm)
        stall_left = 20 + k_rng[21:15];
    m_hdr_ready <= stall_left == 0 && k_rng[6:0] % 100 >= bp_hdr;
    m_pl_tready <= stall_left == 0 && k_rng[14:8] % 100 >= bp_pl;
end

// ---------------------------------------------------------------------------
// Firmware on the register port. It runs between rising edges (from a
// falling edge on): the port's inputs change there, so the block and the
// monitor take them at the next rising edge in both simulators (Verilator
// makes a nonblocking assignment in an initial block a blocking one), and
// the combinational read value is sampled at the next falling edge, after
// the rising edge it was read at: a read and a write take one cycle each.
// When no write is made, the write address and data hold garbage (GO, POP)
// with reg_wr low.
// ---------------------------------------------------------------------------
task rd;
    input [15:0] a;
    output [31:0] v;
    begin
        reg_raddr = a;
        @(negedge clk);
        v = reg_rdata;
    end
endtask

task wr;
    input [15:0] a;
    input [31:0] d;
    reg [31:0] g;
    begin
        reg_wr = 1'b1;
        reg_waddr = a;
        reg_wdata = d;
        @(negedge clk);
        f_rnd32(g);
        reg_wr = 1'b0;
        reg_waddr = g[0] ? A_TX_GO : A_RX_POP;
        reg_wdata = g;
    end
endtask

task idle;
    input integer n;
    begin
        repeat (n) @(negedge clk);
    end
endtask

task set_mode;
    input integer gh, gp, bh, bp, st;
    begin
        @(negedge clk);
        gap_hdr = gh;
        gap_pl = gp;
        bp_hdr = bh;
        bp_pl = bp;
        stall_pm = st;
    end
endtask

// read the oldest MAD (every metadata register, the words holding its bytes
// in order or backwards, sometimes the whole window) and free it
reg [31:0] fs_len, fs_v;
integer    fs_n, fs_w, fs_r, fs_o;
task fw_service;
    begin
        rd(A_RX_LEN, fs_len);
        rd(A_RX_SQPN, fs_v);
        rd(A_RX_SIP, fs_v);
        rd(A_RX_SMAC_LO, fs_v);
        rd(A_RX_SMAC_HI, fs_v);
        rd(A_RX_PKEY, fs_v);
        fs_n = (fs_len > MAD) ? NW : (fs_len + 3) / 4;
        f_rnd(8, fs_r);
        if (fs_r == 0)
            fs_n = NW;
        f_rnd(3, fs_o);
        for (fs_w = 0; fs_w < fs_n; fs_w = fs_w + 1)
            rd(A_RX_DATA + 4 * ((fs_o == 0) ? fs_n - 1 - fs_w : fs_w), fs_v);
        f_rnd32(fs_v);
        wr(A_RX_POP, fs_v);
    end
endtask

// a MAD length: the stream-width edges, or anywhere in 1 .. MAD
task pick_tx_len;
    output integer len;
    integer r;
    begin
        f_rnd(4, r);
        if (r == 0) begin
            f_rnd(10, r);
            len = (r == 0) ? 1 : (r == 1) ? 2 : (r == 2) ? 3 : (r == 3) ? 4 : (r == 4) ? K - 1 :
                  (r == 5) ? K : (r == 6) ? K + 1 : (r == 7) ? MAD - 1 : (r == 8) ? MAD : 2 * K - 1;
        end else begin
            f_rnd(MAD, r);
            len = r + 1;
        end
    end
endtask

// write a MAD of len bytes (random destination and payload; the words
// holding its bytes, sometimes the whole window, forwards or backwards),
// read some of it back, GO; then (extras) maybe a GO while busy and a
// status read
reg [31:0] ts_v;
integer    ts_n, ts_w, ts_r, ts_o;
task tx_send;
    input integer len;
    input extras;
    begin
        f_rnd32(ts_v);
        wr(A_TX_DIP, ts_v);
        f_rnd32(ts_v);
        wr(A_TX_DMAC_LO, ts_v);
        f_rnd32(ts_v);
        wr(A_TX_DMAC_HI, ts_v);
        f_rnd32(ts_v);
        wr(A_TX_DQPN, ts_v);
        f_rnd(2, ts_r);
        f_rnd32(ts_v);
        wr(A_TX_QKEY, ts_r ? QKEY : ts_v);
        wr(A_TX_LEN, len);
        ts_n = (len + 3) / 4;
        f_rnd(8, ts_r);
        if (ts_r == 0)
            ts_n = NW;
        f_rnd(3, ts_o);
        for (ts_w = 0; ts_w < ts_n; ts_w = ts_w + 1) begin
            f_rnd32(ts_v);
            wr(A_TX_DATA + 4 * ((ts_o == 0) ? ts_n - 1 - ts_w : ts_w), ts_v);
        end
        f_rnd(4, ts_r);
        if (ts_r == 0) begin
            rd(A_TX_DIP, ts_v);
            rd(A_TX_DMAC_LO, ts_v);
            rd(A_TX_DMAC_HI, ts_v);
            rd(A_TX_DQPN, ts_v);
            rd(A_TX_QKEY, ts_v);
            rd(A_TX_LEN, ts_v);
            rd(A_TX_STATUS, ts_v);
            for (ts_w = 0; ts_w < 8; ts_w = ts_w + 1) begin
                f_rnd(NW, ts_r);
                rd(A_TX_DATA + 4 * ts_r, ts_v);
            end
        end
        f_rnd32(ts_v);
        wr(A_TX_GO, ts_v);
        if (extras) begin
            f_rnd(3, ts_r);
            if (ts_r == 0)
                wr(A_TX_GO, ts_v);      // busy: ignored
            f_rnd(3, ts_r);
            if (ts_r == 0)
                rd(A_TX_STATUS, ts_v);
        end
    end
endtask

// a GO with a length out of range (TX idle)
task tx_bad_go;
    input [31:0] len;
    begin
        wr(A_TX_LEN, len);
        f_rnd32(ts_v);
        wr(A_TX_GO, ts_v);
    end
endtask

integer tw_n;
task tx_wait_idle;
    begin
        tw_n = 0;
        rd(A_TX_STATUS, ts_v);
        while (ts_v[0] && tw_n < 100000) begin
            rd(A_TX_STATUS, ts_v);
            tw_n = tw_n + 1;
        end
        if (ts_v[0]) begin
            $display("ERROR: GSI_TX_STATUS busy for 100000 reads");
            $display("tb_gsi DATA_W=%0d: stuck: FAIL", DATA_W);
            $finish;
        end
    end
endtask

// the empty FIFO (the monitor checks that every read gives 0)
integer es_i;
reg [31:0] es_v;
task rx_empty_sweep;
    begin
        rd(A_RX_COUNT, es_v);
        rd(A_RX_LEN, es_v);
        rd(A_RX_SQPN, es_v);
        rd(A_RX_SIP, es_v);
        rd(A_RX_SMAC_LO, es_v);
        rd(A_RX_SMAC_HI, es_v);
        rd(A_RX_PKEY, es_v);
        for (es_i = 0; es_i < NW; es_i = es_i + 1)
            rd(A_RX_DATA + 4 * es_i, es_v);
    end
endtask

// every packet queued taken by the block
integer rw_n;
task rx_wait_taken;
    begin
        rw_n = 0;
        @(negedge clk);
        while (mon_done < iq_wr && rw_n < 100000) begin
            @(negedge clk);
            rw_n = rw_n + 1;
        end
        if (mon_done < iq_wr) begin
            $display("ERROR: %0d of %0d packets for QP1 taken after 100000 cycles", mon_done, iq_wr);
            $display("tb_gsi DATA_W=%0d: stuck: FAIL", DATA_W);
            $finish;
        end
        repeat (3) @(negedge clk);
    end
endtask

// the model's and the block's totals agree (the pulses follow their edges)
task check_totals;
    input [8*24-1:0] where;
    begin
        repeat (3) @(negedge clk);
        if (n_rx != x_rx || n_drop != x_drop || n_tx != tq_done || n_bad != x_bad) begin
            $display("ERROR: %0s: stat_rx %0d stat_drop %0d stat_tx %0d stat_tx_bad %0d, expected %0d %0d %0d %0d",
                     where, n_rx, n_drop, n_tx, n_bad, x_rx, x_drop, tq_done, x_bad);
            errors = errors + 1;
        end
    end
endtask

// (between edges: the monitor has seen the last edge)
task expect_eq;
    input [8*48-1:0] what;
    input integer got, exp;
    begin
        @(negedge clk);
        if (got != exp) begin
            $display("ERROR: %0s: %0d, expected %0d", what, got, exp);
            errors = errors + 1;
        end
    end
endtask

// ---------------------------------------------------------------------------
// Random packet generator (its own thread, between falling edges)
// ---------------------------------------------------------------------------
// The main thread asks for a batch (gen_req), the generator counts the
// batches it queued (gen_ack): one writer each (a busy flag that the main
// thread set and the generator cleared was never seen clear by Verilator
// 5.006's main thread).
integer gen_req = 0, gen_ack = 0;
integer gen_n = 0, gi;
integer gen_gap = 0;                    // most idle cycles between two packets queued
integer gen_w;

task pick_rx_len;
    output integer len;
    integer r;
    begin
        g_rnd(4, r);
        if (r == 0) begin
            g_rnd(12, r);
            len = (r == 0) ? 0 : (r == 1) ? 1 : (r == 2) ? 2 : (r == 3) ? 3 : (r == 4) ? 4 : (r == 5) ? 5 :
                  (r == 6) ? K - 1 : (r == 7) ? K : (r == 8) ? K + 1 : (r == 9) ? MAD - 1 : (r == 10) ? MAD :
                  2 * K - 1;
        end else
            g_rnd(MAD + 1, len);
    end
endtask

task gen_random;
    integer r, x, len;
    reg [7:0] op;
    reg [31:0] qk;
    begin
        op = 8'h64;
        qk = QKEY;
        g_rnd(100, r);
        if (r < 55)
            pick_rx_len(len);
        else if (r < 67) begin
            g_rnd(20, x);
            if (x == 0)
                len = MAXP;
            else if (x < 6)
                len = MAD + x;
            else begin
                g_rnd(1200, len);
                len = len + MAD + 1;
            end
        end else if (r < 79) begin
            g_rnd(8, x);
            op = (x == 0) ? 8'h04 : (x == 1) ? 8'h65 : (x == 2) ? 8'h00 : (x == 3) ? 8'hFF : (x == 4) ? 8'h0A :
                 (x == 5) ? 8'h44 : (x == 6) ? 8'hE4 : g_rng[15:8];
            if (op == 8'h64)
                op = 8'h24;
            pick_rx_len(len);
        end else if (r < 91) begin
            g_rnd(40, x);
            qk = (x < 32) ? QKEY ^ (32'd1 << x) : (x < 36) ? 32'd0 : g_rng;
            if (qk == QKEY)
                qk = QKEY ^ 32'h0000_0100;
            pick_rx_len(len);
        end else
            len = MAD;
        rx_push(op, qk, len);
    end
endtask

initial begin
    forever begin
        @(negedge clk);
        if (gen_ack != gen_req) begin
            for (gi = 0; gi < gen_n; gi = gi + 1) begin
                gen_random;
                g_rnd(gen_gap + 1, gen_w);
                repeat (gen_w) @(negedge clk);
            end
            gen_ack = gen_ack + 1;
        end
    end
end

// firmware while the generator runs: serve the FIFO (or leave it full a
// while), send ntx MADs with GOs while busy and bad lengths among them, pop
// the FIFO blind now and then; ends when everything queued was taken, read
// and sent
integer fr_sent = 0, fr_r, fr_len, fr_t0;
reg     fr_left;
reg [31:0] fr_c, fr_v;
task fw_random;
    input integer ntx;
    input integer serve_pct;            // percent of rounds a waiting MAD is read
    input integer sleep_pct;            // percent of rounds the firmware sleeps
    begin
        fr_sent = 0;
        fr_left = 1'b1;
        fr_c = 0;
        fr_t0 = $time / 10;
        while (fr_left || fr_c != 0 || fr_sent < ntx) begin
            // sampled between edges: no packet left means every one taken
            // before this point, so the count read next shows them all
            @(negedge clk);
            #1 fr_left = gen_ack != gen_req || mon_done < iq_wr;
            rd(A_RX_COUNT, fr_c);
            f_rnd(100, fr_r);
            if (fr_c != 0 && (fr_r < serve_pct || (!fr_left && fr_sent >= ntx)))
                fw_service;
            else if (fr_c == 0 && fr_r < 4) begin
                f_rnd32(fr_v);
                wr(A_RX_POP, fr_v);     // maybe empty, maybe a MAD just arrived
            end else if (fr_c == 0 && fr_r < 12) begin
                f_rnd(NW + 6, fr_r);    // a register of the (likely) empty FIFO
                rd((fr_r == 0) ? A_RX_LEN : (fr_r == 1) ? A_RX_SQPN : (fr_r == 2) ? A_RX_SIP :
                   (fr_r == 3) ? A_RX_SMAC_LO : (fr_r == 4) ? A_RX_SMAC_HI : (fr_r == 5) ? A_RX_PKEY :
                   A_RX_DATA + 4 * (fr_r - 6), fr_v);
            end
            if (fr_sent < ntx) begin
                rd(A_TX_STATUS, fr_v);
                f_rnd(100, fr_r);
                if (!fr_v[0]) begin
                    if (fr_r < 8) begin
                        f_rnd(6, fr_r);
                        tx_bad_go((fr_r == 0) ? 32'd0 : (fr_r == 1) ? MAD + 1 : (fr_r == 2) ? 32'd300 :
                                  (fr_r == 3) ? 32'h0001_0010 : (fr_r == 4) ? 32'hFFFF_FFFF : 32'h8000_0040);
                    end
                    pick_tx_len(fr_len);
                    tx_send(fr_len, 1'b1);
                    fr_sent = fr_sent + 1;
                end else if (fr_r < 25) begin
                    f_rnd32(fr_v);
                    wr(A_TX_GO, fr_v);  // busy (or it just ended: then a MAD again)
                end
            end
            f_rnd(100, fr_r);
            if (fr_r < sleep_pct) begin
                f_rnd(150, fr_r);
                idle(fr_r + 1);
            end
            if ($time / 10 - fr_t0 > 500000) begin
                $display("ERROR: a random phase runs past 500000 cycles");
                errors = errors + 1;
                fr_left = 1'b0;
                fr_c = 0;
                fr_sent = ntx;
            end
        end
        tx_wait_idle;
    end
endtask

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
integer i, j, r, x_rx0, x_drop0, n_rx0, n_drop0, x_bad0, n_bad0, tq0;
reg [31:0] v;
initial begin
    repeat (4) @(posedge clk);
    #1 rst = 1'b0;
    @(negedge clk);

    // 0. TX window and registers written and read back; the empty FIFO
    for (i = 0; i < NW; i = i + 1) begin
        f_rnd32(v);
        wr(A_TX_DATA + 4 * i, v);
    end
    tx_send(1, 1'b0);                   // a short MAD: every register written once
    tx_wait_idle;
    for (i = 0; i < NW; i = i + 1)
        rd(A_TX_DATA + 4 * i, v);
    rd(A_TX_DIP, v);
    rd(A_TX_DMAC_LO, v);
    rd(A_TX_DMAC_HI, v);
    rd(A_TX_DQPN, v);
    rd(A_TX_QKEY, v);
    rd(A_TX_LEN, v);
    rd(A_TX_STATUS, v);
    for (j = 0; j < 2; j = j + 1) begin
        // empty: every RX register and payload word reads 0 (then after
        // pops and writes to read-only registers)
        rx_empty_sweep;
        wr(A_RX_POP, 32'd0);
        wr(A_RX_POP, 32'hFFFF_FFFF);
        wr(A_RX_COUNT, 32'd3);
        wr(A_RX_LEN, 32'd100);
        wr(A_RX_DATA, 32'h1234_5678);
        wr(A_TX_STATUS, 32'd1);
    end
    rd(A_TX_STATUS, v);
    expect_eq("pops of the empty FIFO counted", n_pop_empty, 4);
    check_totals("empty");

    // 1. one MAD at a time, then what is dropped
    x_rx0 = x_rx;
    x_drop0 = x_drop;
    for (i = 0; i < 12; i = i + 1) begin
        rx_push(8'h64, QKEY, (i == 0) ? 0 : (i == 1) ? 1 : (i == 2) ? 2 : (i == 3) ? 3 : (i == 4) ? 4 :
                (i == 5) ? 5 : (i == 6) ? K - 1 : (i == 7) ? K : (i == 8) ? K + 1 : (i == 9) ? 2 * K - 1 :
                (i == 10) ? MAD - 1 : MAD);
        rx_wait_taken;
        rd(A_RX_COUNT, v);
        expect_eq("RX_COUNT after one MAD", v, 1);
        fw_service;
        rd(A_RX_COUNT, v);
    end
    rx_push(8'h64, QKEY, MAD + 1);
    rx_push(8'h64, QKEY, 300);
    rx_push(8'h64, QKEY, MAXP);
    rx_push(8'h04, QKEY, 40);
    rx_push(8'h65, QKEY, 40);
    rx_push(8'h00, QKEY, 0);
    rx_push(8'h64, QKEY ^ 32'h0000_0001, 20);
    rx_push(8'h64, QKEY ^ 32'h8000_0000, 0);
    rx_push(8'h64, 32'd0, MAD);
    rx_wait_taken;
    rd(A_RX_COUNT, v);
    expect_eq("RX_COUNT after packets to drop", v, 0);
    expect_eq("MADs kept one at a time", x_rx - x_rx0, 12);
    expect_eq("packets dropped (length, opcode, Q_Key)", x_drop - x_drop0, 9);
    check_totals("one at a time");

    // 2. FIFO full: four wait; a fifth MAD, a header-only MAD, another
    // opcode and a long packet are dropped; the four come out intact
    x_rx0 = x_rx;
    x_drop0 = x_drop;
    rx_push(8'h64, QKEY, MAD);
    rx_push(8'h64, QKEY, 0);
    rx_push(8'h64, QKEY, 1);
    rx_push(8'h64, QKEY, K + 13);
    rx_wait_taken;
    rd(A_RX_COUNT, v);
    expect_eq("RX_COUNT with four MADs", v, DEPTH);
    rx_push(8'h64, QKEY, 100);
    rx_push(8'h64, QKEY, 0);
    rx_push(8'h04, QKEY, 50);
    rx_push(8'h64, QKEY, 300);
    rx_wait_taken;
    rd(A_RX_COUNT, v);
    expect_eq("RX_COUNT with the FIFO full", v, DEPTH);
    expect_eq("MADs kept with the FIFO filling", x_rx - x_rx0, DEPTH);
    expect_eq("packets dropped with the FIFO full", x_drop - x_drop0, 4);
    wr(A_RX_COUNT, 32'd0);              // read-only: nothing changes
    wr(A_RX_LEN, 32'd0);
    wr(A_RX_SMAC_LO, 32'd0);
    wr(A_RX_DATA + 4, 32'd0);
    wr(A_RX_DATA + MAD - 4, 32'd0);
    for (i = 0; i < DEPTH; i = i + 1) begin
        rd(A_RX_COUNT, v);
        expect_eq("RX_COUNT while the full FIFO drains", v, DEPTH - i);
        fw_service;
    end
    rd(A_RX_COUNT, v);
    wr(A_RX_POP, 32'd1);
    wr(A_RX_POP, 32'd2);
    rx_push(8'h64, QKEY, 77);
    rx_wait_taken;
    rd(A_RX_COUNT, v);
    expect_eq("RX_COUNT after pops of the empty FIFO", v, 1);
    fw_service;
    rx_empty_sweep;                     // empty again, every slot used before
    expect_eq("MADs read wholly (directed)", n_read_all, 17);
    check_totals("FIFO full");

    // 3. TX: bad lengths, then the edges, with and without back-pressure
    x_bad0 = x_bad;
    tq0 = tq_wr;
    tx_bad_go(32'd0);
    tx_bad_go(MAD + 1);
    tx_bad_go(32'd300);
    tx_bad_go(32'h0001_0010);
    tx_bad_go(32'hFFFF_FFFF);
    idle(10);
    rd(A_TX_STATUS, v);
    expect_eq("GOs with a bad length ignored", x_bad - x_bad0, 5);
    expect_eq("MADs sent for bad lengths", tq_wr - tq0, 0);
    check_totals("bad lengths");
    for (j = 0; j < 2; j = j + 1) begin
        if (j == 1)
            set_mode(0, 0, 50, 50, 10);
        x_bad0 = x_bad;
        tq0 = tq_wr;
        for (i = 0; i < 10; i = i + 1) begin
            tx_send((i == 0) ? 1 : (i == 1) ? 2 : (i == 2) ? 3 : (i == 3) ? 5 : (i == 4) ? K - 1 : (i == 5) ? K :
                    (i == 6) ? K + 1 : (i == 7) ? 2 * K + 3 : (i == 8) ? MAD - 1 : MAD, 1'b0);
            wr(A_TX_GO, 32'd0);         // the cycle after GO: busy
            rd(A_TX_STATUS, v);
            tx_wait_idle;
        end
        expect_eq("MADs sent (directed)", tq_wr - tq0, 10);
        expect_eq("GOs while busy ignored", x_bad - x_bad0, 10);
        check_totals("TX directed");
    end

    // 4. random, receive and transmit at once: the firmware fast, then slow
    for (j = 0; j < 2; j = j + 1) begin
        if (j == 0)
            set_mode(20, 20, 20, 20, 2);
        else
            set_mode(40, 40, 50, 50, 8);
        @(negedge clk);
        #1 gen_n = 200;
        gen_gap = (j == 0) ? 300 : 150;
        gen_req = gen_req + 1;
        if (j == 0)
            fw_random(150, 85, 5);
        else
            fw_random(150, 30, 30);
        check_totals("random");
    end

    rd(A_RX_COUNT, v);
    expect_eq("MADs left in the FIFO", v, 0);
    rx_empty_sweep;
    expect_eq("MADs left to check", tq_wr - tq_done, 0);
    if (n_drop_full == 0 || n_drop_op == 0 || n_drop_qkey == 0 || n_drop_long == 0 || n_bad_busy == 0 ||
        n_bad_len == 0) begin
        $display("ERROR: a case did not happen: drops full %0d opcode %0d qkey %0d long %0d, bad GOs busy %0d length %0d",
                 n_drop_full, n_drop_op, n_drop_qkey, n_drop_long, n_bad_busy, n_bad_len);
        errors = errors + 1;
    end
    if (m_hdr_valid || t_in || r_in) begin
        $display("ERROR: not idle at the end");
        errors = errors + 1;
    end
    $display("tb_gsi DATA_W=%0d: RX: %0d packets, %0d MADs kept (%0d read wholly and checked), %0d dropped (FIFO full %0d, opcode %0d, Q_Key %0d, length %0d); %0d pops, %0d of the empty FIFO",
             DATA_W, iq_wr, x_rx, n_read_all, x_drop, n_drop_full, n_drop_op, n_drop_qkey, n_drop_long, n_pop,
             n_pop_empty);
    $display("tb_gsi DATA_W=%0d: TX: %0d MADs sent and checked, %0d GOs ignored (busy %0d, length %0d); %0d register-port cycles checked (%0d on RX registers of the empty FIFO); %0d cycles",
             DATA_W, tq_done, x_bad, n_bad_busy, n_bad_len, n_reads, n_reads_empty, $time / 10);
    if (errors == 0)
        $display("tb_gsi DATA_W=%0d: PASS", DATA_W);
    else
        $display("tb_gsi DATA_W=%0d: %0d errors: FAIL", DATA_W, errors);
    $finish;
end

initial begin
    #20000000;
    $display("ERROR: global timeout: %0d packets queued, %0d taken, generator batch %0d of %0d; %0d MADs waiting; %0d GOs taken, %0d MADs out; firmware sent %0d",
             iq_wr, mon_done, gen_ack, gen_req, kq_commit - kq_rd, tq_wr, tq_done, fr_sent);
    $display("tb_gsi DATA_W=%0d: FAIL", DATA_W);
    $finish;
end

endmodule

`default_nettype wire
