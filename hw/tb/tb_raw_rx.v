// tb_raw_rx: rnic_raw_rx, self-checking. Flow rules are written through the
// context bus; frames are driven on the tap (packed, random gaps); a
// scoreboard holds the frames that must come out (qpn, length, bytes) in
// order, and every header and payload beat is compared with it, under random
// output back-pressure. Cases: a frame per rule (destination MAC + EtherType,
// any EtherType, source MAC with a partial mask), the lowest matching rule
// wins, frames no rule matches, RoCEv2 frames for this port (never kept, even
// when a rule matches their fields) and RoCEv2-looking frames for another IP
// (kept when a rule matches), lengths 14..MAX_RAW_FRAME, a frame one byte
// longer (dropped, stat_drop), frames ending in an empty beat (tkeep 0, their
// last word the full beat before it), a rule removed (valid 0), back-to-back frames
// filling the RAM while the output is stalled (the ones without room are
// dropped and counted, the others come out intact), the same with the
// sender holding each frame's start while m_room is low (every frame kept,
// none dropped), and the counters. A monitor checks m_room every cycle: high
// only when a frame starting then would be kept (room for a largest frame
// and a queue slot), and at most a cycle late after a cycle without a beat.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_raw_rx;

parameter DATA_W = 512;
localparam KEEP_W = DATA_W / 8;
localparam CTXW = 32 * `RNIC_CTX_WORDS;
localparam MAXF = `RNIC_MAX_RAW_FRAME;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

localparam [47:0] MAC_US = 48'h02_00_c0_00_02_02;
localparam [47:0] MAC_PEER = 48'h02_00_c0_00_02_01;
localparam [31:0] IP_US = 32'hc0_00_02_02;

reg                ctx_wr_valid = 1'b0;
reg  [7:0]         ctx_wr_table = 8'd0;
reg  [23:0]        ctx_wr_index = 24'd0;
reg  [CTXW-1:0]    ctx_wr_data = {CTXW{1'b0}};
reg  [DATA_W-1:0]  tap_tdata = {DATA_W{1'b0}};
reg  [KEEP_W-1:0]  tap_tkeep = {KEEP_W{1'b0}};
reg                tap_tvalid = 1'b0;
reg                tap_tlast = 1'b0;
wire               hdr_valid;
reg                hdr_ready = 1'b0;
wire [23:0]        hdr_qpn;
wire [12:0]        hdr_len;
wire [DATA_W-1:0]  o_tdata;
wire [KEEP_W-1:0]  o_tkeep;
wire               o_tvalid;
reg                o_tready = 1'b0;
wire               o_tlast;
wire               stat_rx, stat_drop;
wire               m_room;
// with obey_room a frame starts only in a cycle where m_room is high, as
// rnic_top holds the stream: the tap sees the beat only then, and the
// sender holds it until it was seen
reg obey_room = 1'b0;
wire tap_tvalid_g = tap_tvalid && (!obey_room || m_room);
wire               init_done;     // the flow table's reset sweep is over

rnic_raw_rx #(
    .DATA_W(DATA_W)
) dut (
    .clk(clk), .rst(rst),
    .cfg_mac(MAC_US), .cfg_ip(IP_US),
    .ctx_wr_valid(ctx_wr_valid), .ctx_wr_table(ctx_wr_table), .ctx_wr_index(ctx_wr_index),
    .ctx_wr_data(ctx_wr_data),
    .s_tap_tdata(tap_tdata), .s_tap_tkeep(tap_tkeep), .s_tap_tvalid(tap_tvalid_g), .s_tap_tlast(tap_tlast),
    .m_hdr_valid(hdr_valid), .m_hdr_ready(hdr_ready), .m_hdr_qpn(hdr_qpn), .m_hdr_len(hdr_len),
    .m_axis_tdata(o_tdata), .m_axis_tkeep(o_tkeep), .m_axis_tvalid(o_tvalid), .m_axis_tready(o_tready),
    .m_axis_tlast(o_tlast),
    .m_room(m_room), .stat_rx(stat_rx), .stat_drop(stat_drop),
    .init_done(init_done)
);

integer errors = 0;
reg [31:0] rng = 32'h1234_5678;
`include "tb_xorshift.vh"

// ---------------------------------------------------------------------------
// flow rules
task flow_write;
    input integer idx;
    input valid;
    input [23:0] qpn;
    input [47:0] dmac, dmac_mask, smac, smac_mask;
    input [15:0] etype, etype_mask;
    begin
        ctx_wr_data = {CTXW{1'b0}};
        ctx_wr_data[`RNIC_FLOW_VALID_LSB +: 1] = valid;
        ctx_wr_data[`RNIC_FLOW_QPN_LSB +: 24] = qpn;
        ctx_wr_data[`RNIC_FLOW_DMAC_LO_LSB +: 32] = dmac[31:0];
        ctx_wr_data[`RNIC_FLOW_DMAC_HI_LSB +: 16] = dmac[47:32];
        ctx_wr_data[`RNIC_FLOW_DMAC_MASK_LO_LSB +: 32] = dmac_mask[31:0];
        ctx_wr_data[`RNIC_FLOW_DMAC_MASK_HI_LSB +: 16] = dmac_mask[47:32];
        ctx_wr_data[`RNIC_FLOW_SMAC_LO_LSB +: 32] = smac[31:0];
        ctx_wr_data[`RNIC_FLOW_SMAC_HI_LSB +: 16] = smac[47:32];
        ctx_wr_data[`RNIC_FLOW_SMAC_MASK_LO_LSB +: 32] = smac_mask[31:0];
        ctx_wr_data[`RNIC_FLOW_SMAC_MASK_HI_LSB +: 16] = smac_mask[47:32];
        ctx_wr_data[`RNIC_FLOW_ETHERTYPE_LSB +: 16] = etype;
        ctx_wr_data[`RNIC_FLOW_ETHERTYPE_MASK_LSB +: 16] = etype_mask;
        // inputs change by nonblocking assignments just after a rising
        // edge, so both simulators agree on the edge that takes them
        @(posedge clk);
        ctx_wr_table <= `RNIC_CTX_TABLE_FLOW;
        ctx_wr_index <= idx;
        ctx_wr_valid <= 1'b1;
        @(posedge clk);
        ctx_wr_valid <= 1'b0;
    end
endtask

// ---------------------------------------------------------------------------
// frames: bytes in fb[0 .. len-1]
reg [7:0] fb [0:8191];

task frame_build;
    input [47:0] dmac, smac;
    input [15:0] etype;
    input integer len;
    input [7:0] seed;
    integer b;
    begin
        for (b = 0; b < len; b = b + 1)
            fb[b] = seed + b * 7 + (b >> 8);
        for (b = 0; b < 6; b = b + 1) begin
            fb[b] = dmac[8*(5-b) +: 8];
            fb[6+b] = smac[8*(5-b) +: 8];
        end
        fb[12] = etype[15:8];
        fb[13] = etype[7:0];
    end
endtask

// a RoCEv2-looking IPv4/UDP frame to dip (port 4791) from the peer
task frame_roce;
    input [31:0] dip;
    input integer len;
    begin
        frame_build(MAC_US, MAC_PEER, 16'h0800, len, 8'h33);
        fb[14] = 8'h45;
        fb[23] = 8'd17;
        fb[26] = 8'hc0; fb[27] = 8'h00; fb[28] = 8'h02; fb[29] = 8'h01;
        fb[30] = dip[31:24]; fb[31] = dip[23:16]; fb[32] = dip[15:8]; fb[33] = dip[7:0];
        fb[36] = 8'h12; fb[37] = 8'hB7;   // 4791
    end
endtask

// scoreboard of frames that must come out
localparam SB = 64;
reg [23:0] sb_qpn [0:SB-1];
reg [12:0] sb_len [0:SB-1];
reg [7:0]  sb_byte [0:SB*MAXF-1];
integer sb_wr = 0, sb_rd = 0;
integer n_rx = 0, n_drop = 0;

task expect_frame;
    input [23:0] qpn;
    input integer len;
    integer b;
    begin
        sb_qpn[sb_wr % SB] = qpn;
        sb_len[sb_wr % SB] = len;
        for (b = 0; b < len; b = b + 1)
            sb_byte[(sb_wr % SB) * MAXF + b] = fb[b];
        sb_wr = sb_wr + 1;
    end
endtask

// drive the frame in fb on the tap, random idle cycles between beats
// (nonblocking assignments just after a rising edge, as in flow_write);
// with empty_end an empty beat (tkeep 0) carries tlast after the frame's bytes
reg empty_end = 1'b0;
task frame_send;
    input integer len;
    input gaps;
    integer b, beat, nb;
    reg [DATA_W-1:0] d;
    reg [KEEP_W-1:0] kp;
    begin
        nb = (len + KEEP_W - 1) / KEEP_W + (empty_end ? 1 : 0);
        @(posedge clk);
        for (beat = 0; beat < nb; beat = beat + 1) begin
            for (b = 0; b < KEEP_W; b = b + 1) begin
                d[8*b +: 8] = (beat * KEEP_W + b < len) ? fb[beat * KEEP_W + b] : 8'h00;
                kp[b] = beat * KEEP_W + b < len;
            end
            tap_tdata <= d;
            tap_tkeep <= kp;
            tap_tlast <= beat == nb - 1;
            tap_tvalid <= 1'b1;
            @(posedge clk);
            // held back by the gate (m_room low in the cycle just ended)
            while (obey_room && !m_room)
                @(posedge clk);
            tap_tvalid <= 1'b0;
            tap_tlast <= 1'b0;
            if (gaps) begin
                rng = xorshift(rng);
                if (rng[1:0] == 2'd0)
                    @(posedge clk);
            end
        end
    end
endtask

// output side: random ready, checks against the scoreboard
reg stall = 1'b0;           // hold the output (ready low) while set
reg in_pay = 1'b0;
integer pay_off = 0, cur = 0;
integer k;
always @(posedge clk) begin
    if (!rst) begin
        if (stat_rx) n_rx = n_rx + 1;
        if (stat_drop) n_drop = n_drop + 1;
        if (hdr_valid && hdr_ready) begin
            if (in_pay) begin
                $display("FAIL: a header before the last frame's payload ended");
                errors = errors + 1;
            end
            if (sb_rd >= sb_wr) begin
                $display("FAIL: unexpected frame qpn %0d len %0d", hdr_qpn, hdr_len);
                errors = errors + 1;
            end else if (hdr_qpn !== sb_qpn[sb_rd % SB] || hdr_len !== sb_len[sb_rd % SB]) begin
                $display("FAIL: frame %0d: qpn %0d len %0d, expected qpn %0d len %0d", sb_rd, hdr_qpn, hdr_len,
                         sb_qpn[sb_rd % SB], sb_len[sb_rd % SB]);
                errors = errors + 1;
            end
            in_pay = 1'b1;
            pay_off = 0;
            cur = sb_rd;
            sb_rd = sb_rd + 1;
        end
        if (o_tvalid && o_tready) begin
            if (!in_pay) begin
                $display("FAIL: payload beat without a header");
                errors = errors + 1;
            end else begin
                for (k = 0; k < KEEP_W; k = k + 1) begin
                    if (pay_off + k < sb_len[cur % SB]) begin
                        if (!o_tkeep[k] || o_tdata[8*k +: 8] !== sb_byte[(cur % SB) * MAXF + pay_off + k]) begin
                            $display("FAIL: frame %0d byte %0d: keep %b data %02x, expected %02x", cur, pay_off + k,
                                     o_tkeep[k], o_tdata[8*k +: 8], sb_byte[(cur % SB) * MAXF + pay_off + k]);
                            errors = errors + 1;
                        end
                    end else if (o_tkeep[k]) begin
                        $display("FAIL: frame %0d: keep past the frame's end (byte %0d)", cur, pay_off + k);
                        errors = errors + 1;
                    end
                end
                pay_off = pay_off + KEEP_W;
                if (o_tlast !== (pay_off >= sb_len[cur % SB])) begin
                    $display("FAIL: frame %0d: tlast %b at byte %0d of %0d", cur, o_tlast, pay_off, sb_len[cur % SB]);
                    errors = errors + 1;
                end
                if (o_tlast)
                    in_pay = 1'b0;
            end
        end
    end
    rng = xorshift(rng);
    hdr_ready <= !stall && rng[0];
    o_tready <= !stall && (rng[1] || rng[2]);
end

// the output released release_after cycles after it was set (while a
// sender obeying m_room waits); m_room must be low just before: the RAM or
// the queue is full and nothing drains
integer release_after = 0;
always @(posedge clk) begin
    if (release_after > 0) begin
        release_after = release_after - 1;
        if (release_after == 0) begin
            if (m_room) begin
                $display("FAIL: m_room high with the RAM or the queue full and the output stalled");
                errors = errors + 1;
            end
            stall = 1'b0;
        end
    end
end

// m_room against the exact test, every cycle
// (safety: never high without room; no more than a cycle late: after a
// cycle without a beat, high if there was room in that cycle)
reg tap_prev = 1'b0;
reg room_exact;
reg room_prev = 1'b0;
always @(posedge clk) begin
    room_exact = dut.in_frame_reg || (dut.room && dut.dq_count < 4 && !dut.sweep_busy_reg);
    if (!rst) begin
        if (m_room && !room_exact) begin
            $display("FAIL: m_room high without room for a largest frame and a queue slot");
            errors = errors + 1;
        end
        if (!tap_prev && room_prev && !m_room) begin
            $display("FAIL: m_room low after a cycle without a beat that had room");
            errors = errors + 1;
        end
    end
    tap_prev <= tap_tvalid_g && !rst;
    room_prev <= room_exact && !rst;
end

task drain;
    integer t;
    begin
        t = 0;
        while ((sb_rd < sb_wr || in_pay) && t < 200000) begin
            @(posedge clk);
            t = t + 1;
        end
        repeat (20) @(posedge clk);
        if (sb_rd != sb_wr || in_pay) begin
            $display("FAIL: %0d of %0d expected frames came out", sb_rd, sb_wr);
            errors = errors + 1;
            sb_rd = sb_wr;
        end
    end
endtask

integer i, len, kept0, drop0;
localparam [47:0] ALL = 48'hFFFF_FFFF_FFFF;
initial begin
    repeat (4) @(posedge clk);
    #1 rst = 1'b0;
    @(posedge clk);
    #1;
    // the block clears its flow table after reset
    while (!init_done) begin
        @(posedge clk);
        #1;
    end
    // rule 0: to us, EtherType 0x88b5 -> QP 5; rule 1: to us, any EtherType ->
    // QP 6; rule 3: source MAC 02:00:c0:00:02:xx (partial mask), EtherType
    // 0x88b7 -> QP 9 (any destination)
    flow_write(0, 1'b1, 24'd5, MAC_US, ALL, 48'd0, 48'd0, 16'h88b5, 16'hFFFF);
    flow_write(1, 1'b1, 24'd6, MAC_US, ALL, 48'd0, 48'd0, 16'h0000, 16'h0000);
    flow_write(3, 1'b1, 24'd9, 48'd0, 48'd0, 48'h02_00_c0_00_02_00, 48'hFFFF_FFFF_FF00, 16'h88b7, 16'hFFFF);

    // lengths 14 .. MAX through rule 0
    for (i = 0; i < 12; i = i + 1) begin
        len = (i == 0) ? 14 : (i == 1) ? 15 : (i == 2) ? 60 : (i == 3) ? KEEP_W + 16 : (i == 4) ? 2 * KEEP_W + 1 :
              (i == 5) ? MAXF : (i == 6) ? MAXF - 1 : 14 + (xorshift(rng + i) % (MAXF - 14));
        frame_build(MAC_US, MAC_PEER, 16'h88b5, len, i);
        expect_frame(24'd5, len);
        frame_send(len, 1'b1);
        drain;   // the output drains slower than frames arrive: one at a time
    end
    // rule 1 takes other EtherTypes to us; rule 3 by source MAC; nothing
    // matches a frame to another MAC of another EtherType
    frame_build(MAC_US, MAC_PEER, 16'h88b6, 100, 8'h40);
    expect_frame(24'd6, 100);
    frame_send(100, 1'b0);
    frame_build(48'h02_00_00_00_00_77, 48'h02_00_c0_00_02_45, 16'h88b7, 200, 8'h41);
    expect_frame(24'd9, 200);
    frame_send(200, 1'b0);
    frame_build(48'h02_00_00_00_00_77, 48'h02_00_c1_00_02_45, 16'h88b7, 200, 8'h42);   // source outside the mask
    frame_send(200, 1'b0);
    frame_build(48'h02_00_00_00_00_77, MAC_PEER, 16'h88b5, 80, 8'h43);                // another destination
    frame_send(80, 1'b0);
    // RoCEv2 for us: never kept (rule 1 matches its MAC and any EtherType);
    // the same to another IP address: kept by rule 1
    frame_roce(IP_US, 120);
    frame_send(120, 1'b1);
    frame_roce(32'hc0_00_02_09, 120);
    expect_frame(24'd6, 120);
    frame_send(120, 1'b1);
    drain;
    // one byte too long: dropped and counted
    drop0 = n_drop;
    frame_build(MAC_US, MAC_PEER, 16'h88b5, MAXF + 1, 8'h50);
    frame_send(MAXF + 1, 1'b0);
    repeat (4) @(posedge clk);
    if (n_drop != drop0 + 1) begin
        $display("FAIL: a frame of MAX_RAW_FRAME + 1 bytes: %0d drops counted", n_drop - drop0);
        errors = errors + 1;
    end
    // whole beats then an empty last beat: kept, the last word full
    empty_end = 1'b1;
    frame_build(MAC_US, MAC_PEER, 16'h88b5, 2 * KEEP_W, 8'h52);
    expect_frame(24'd5, 2 * KEEP_W);
    frame_send(2 * KEEP_W, 1'b0);
    frame_build(MAC_US, MAC_PEER, 16'h88b5, MAXF, 8'h53);
    expect_frame(24'd5, MAXF);
    frame_send(MAXF, 1'b1);
    empty_end = 1'b0;
    drain;
    // rule 0 removed: its frames go to rule 1
    flow_write(0, 1'b0, 24'd5, MAC_US, ALL, 48'd0, 48'd0, 16'h88b5, 16'hFFFF);
    frame_build(MAC_US, MAC_PEER, 16'h88b5, 64, 8'h51);
    expect_frame(24'd6, 64);
    frame_send(64, 1'b0);
    drain;
    // output stalled: largest frames back to back fill the RAM (16 KiB:
    // four largest frames, and four waiting frames at most); those without room are
    // dropped and counted, the others come out intact once released
    stall = 1'b1;
    kept0 = n_rx;
    drop0 = n_drop;
    for (i = 0; i < 6; i = i + 1) begin
        frame_build(MAC_US, MAC_PEER, 16'h88b6, MAXF, 8'h60 + i);
        if (i < 4)
            expect_frame(24'd6, MAXF);
        frame_send(MAXF, 1'b0);
    end
    repeat (4) @(posedge clk);
    stall = 1'b0;
    drain;
    if (n_rx - kept0 != 4 || n_drop - drop0 != 2) begin
        $display("FAIL: with the output stalled: %0d kept, %0d dropped, expected 4 and 2", n_rx - kept0,
                 n_drop - drop0);
        errors = errors + 1;
    end
    // the same with the sender obeying m_room: frames wait for room instead
    // of being dropped; the output is released (release_after) while the
    // sender waits
    obey_room = 1'b1;
    stall = 1'b1;
    kept0 = n_rx;
    drop0 = n_drop;
    release_after = 12 * ((MAXF + KEEP_W - 1) / KEEP_W);
    for (i = 0; i < 8; i = i + 1) begin
        frame_build(MAC_US, MAC_PEER, 16'h88b6, MAXF - 8 * i, 8'h80 + i);
        expect_frame(24'd6, MAXF - 8 * i);
        frame_send(MAXF - 8 * i, 1'b0);
    end
    drain;
    // short frames back to back fill the queue (four frames) before the RAM
    stall = 1'b1;
    release_after = 200;
    for (i = 8; i < 14; i = i + 1) begin
        frame_build(MAC_US, MAC_PEER, 16'h88b6, 60 + i, 8'h80 + i);
        expect_frame(24'd6, 60 + i);
        frame_send(60 + i, 1'b0);
    end
    drain;
    obey_room = 1'b0;
    if (n_rx - kept0 != 14 || n_drop - drop0 != 0) begin
        $display("FAIL: sender obeying m_room: %0d kept, %0d dropped, expected 14 and 0", n_rx - kept0,
                 n_drop - drop0);
        errors = errors + 1;
    end
    // after the stall the RAM is free again
    frame_build(MAC_US, MAC_PEER, 16'h88b6, 333, 8'h70);
    expect_frame(24'd6, 333);
    frame_send(333, 1'b1);
    drain;
    if (n_rx != sb_wr) begin
        $display("FAIL: stat_rx counted %0d, %0d frames kept", n_rx, sb_wr);
        errors = errors + 1;
    end
    if (errors == 0)
        $display("tb_raw_rx DATA_W=%0d: %0d frames kept and checked, %0d dropped: PASS", DATA_W, sb_wr, n_drop);
    else
        $display("tb_raw_rx: %0d errors: FAIL", errors);
    $finish;
end

initial begin
    #50000000;
    $display("FAIL: global timeout");
    $finish;
end

endmodule

`default_nettype wire
