// tb_evq: rnic_evq with NSRC = 5 (as rnic_top builds it) and DEPTH =
// HW_EVENT_DEPTH. Directed scenarios, each with its expected events written
// out: one event through to m_* and popped; all five sources pulsing in one
// cycle come out in source order with their exact values; a pop with the FIFO
// empty has no effect; DEPTH events queued plus every holding register full,
// then a pulse of a full source raises stat_drop for exactly one cycle, that
// event is lost and all others come out in order; a source pulsing again in
// the cycle its holding register drains keeps the event (FIFO empty and FIFO
// full); reset empties the FIFO and the holding registers. A cycle-accurate
// reference model (one holding register per source, drained lowest source
// first into a FIFO that takes an entry when it is not full) is compared with
// m_valid, m_event and stat_drop in every cycle, through the directed
// scenarios and a random phase that mixes light and heavy traffic.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_evq;

localparam NSRC = 5;
localparam DEPTH = `RNIC_HW_EVENT_DEPTH;
localparam QMAX = 64;                   // reference queue storage (> DEPTH)

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg  [NSRC-1:0]    s_valid = {NSRC{1'b0}};
reg  [NSRC*32-1:0] s_event = {NSRC*32{1'b0}};
wire               m_valid;
wire [31:0]        m_event;
reg                m_pop = 1'b0;
wire [2:0]         stat_drop;

rnic_evq #(
    .NSRC(NSRC),
    .DEPTH(DEPTH)
) dut (
    .clk(clk), .rst(rst),
    .s_valid(s_valid), .s_event(s_event),
    .m_valid(m_valid), .m_event(m_event), .m_pop(m_pop),
    .stat_drop(stat_drop)
);

integer errors = 0;
integer checks = 0;

task chk;
    input [255:0] what;
    input [31:0] got;
    input [31:0] exp;
    begin
        checks = checks + 1;
        if (got !== exp) begin
            errors = errors + 1;
            $display("FAIL %0s: got %08x expected %08x (t=%0t)", what, got, exp, $time);
        end
    end
endtask

// ---------------------------------------------------------------------------
// monitors: cycle count, stat_drop cycles, events popped (m_pop && m_valid)

integer cycle = 0;
integer n_drop = 0;                     // cycles with stat_drop non-zero
integer n_drop_sum = 0;                 // events stat_drop counted
integer last_drop_cycle = -1;
integer n_pop = 0;                      // events taken from m_*
reg [31:0] pop_log [0:1023];

always @(posedge clk) begin
    cycle <= cycle + 1;
    if (stat_drop !== 3'd0 && (^stat_drop) !== 1'bx) begin
        n_drop <= n_drop + 1;
        n_drop_sum <= n_drop_sum + stat_drop;
        last_drop_cycle <= cycle;
    end
    if (!rst && m_pop && m_valid) begin
        pop_log[n_pop % 1024] <= m_event;
        n_pop <= n_pop + 1;
    end
end

// ---------------------------------------------------------------------------
// reference model, updated at the same clock edge as the DUT

reg [NSRC-1:0] r_hold_v = {NSRC{1'b0}};
reg [31:0]     r_hold [0:NSRC-1];
reg [31:0]     r_q [0:QMAX-1];
integer        r_head = 0;
integer        r_cnt = 0;
reg [2:0]      r_drop = 3'd0;
integer        r_lost = 0;              // events the model dropped
integer        cov_redrain_full = 0;    // the same, the FIFO full in the cycle before
integer        cov_redrain = 0;         // re-pulse in the drain cycle
integer        cov_full = 0;            // cycles with DEPTH entries queued
integer        rk, r_lo;
reg            r_push;
reg [31:0]     r_push_d;
reg            r_was_full;
reg            r_prev_full = 1'b0;      // the FIFO was full at the start of the previous cycle

always @(posedge clk) begin
    if (rst) begin
        r_hold_v = {NSRC{1'b0}};
        r_head = 0;
        r_cnt = 0;
        r_drop = 3'd0;
        r_prev_full = 1'b0;
    end else begin
        // the lowest full holding register moves to the FIFO when the FIFO
        // is not full at the start of the cycle
        r_lo = -1;
        for (rk = NSRC - 1; rk >= 0; rk = rk - 1) begin
            if (r_hold_v[rk]) begin
                r_lo = rk;
            end
        end
        r_was_full = (r_cnt == DEPTH);
        if (r_was_full) begin
            cov_full = cov_full + 1;
        end
        r_push = (r_lo >= 0) && !r_was_full;
        r_push_d = 32'd0;
        if (r_push) begin
            r_push_d = r_hold[r_lo];
            r_hold_v[r_lo] = 1'b0;
            if (s_valid[r_lo]) begin
                cov_redrain = cov_redrain + 1;
            end
        end
        if (m_pop && r_cnt > 0) begin
            r_head = (r_head + 1) % QMAX;
            r_cnt = r_cnt - 1;
        end
        if (r_push) begin
            r_q[(r_head + r_cnt) % QMAX] = r_push_d;
            r_cnt = r_cnt + 1;
        end
        r_drop = 3'd0;
        for (rk = 0; rk < NSRC; rk = rk + 1) begin
            if (s_valid[rk]) begin
                if (r_hold_v[rk]) begin
                    r_drop = r_drop + 3'd1;
                    r_lost = r_lost + 1;
                end else begin
                    r_hold_v[rk] = 1'b1;
                    r_hold[rk] = s_event[rk*32 +: 32];
                end
            end
        end
        if (r_push && s_valid[r_lo] && r_prev_full) begin
            cov_redrain_full = cov_redrain_full + 1;
        end
        r_prev_full = r_was_full;
    end
end

// every cycle (inputs change at the falling edge, after this comparison)
reg model_on = 1'b0;
always @(negedge clk) begin
    if (model_on && !rst) begin
        checks = checks + 1;
        if (m_valid !== (r_cnt > 0) || stat_drop !== r_drop ||
            (r_cnt > 0 && m_event !== r_q[r_head])) begin
            errors = errors + 1;
            $display("FAIL model: m_valid %b m_event %08x stat_drop %b, expected %b %08x %b (cycle %0d)",
                     m_valid, m_event, stat_drop, r_cnt > 0, r_cnt > 0 ? r_q[r_head] : 32'd0, r_drop, cycle);
        end
    end
end

// ---------------------------------------------------------------------------
// stimulus helpers (inputs change at the falling edge)

// one-cycle pulse of the sources in mask; e0..e4 are their events
task pulse;
    input [NSRC-1:0] mask;
    input [31:0] e0, e1, e2, e3, e4;
    begin
        s_event = {e4, e3, e2, e1, e0};
        s_valid = mask;
        @(negedge clk);
        s_valid = {NSRC{1'b0}};
    end
endtask

// one-cycle pulse of source src with event e
task pulse1;
    input integer src;
    input [31:0] e;
    begin
        s_event[src*32 +: 32] = e;
        s_valid = {NSRC{1'b0}};
        s_valid[src] = 1'b1;
        @(negedge clk);
        s_valid = {NSRC{1'b0}};
    end
endtask

// m_pop high for one cycle
task pop1;
    begin
        m_pop = 1'b1;
        @(negedge clk);
        m_pop = 1'b0;
    end
endtask

// pop one per cycle until m_valid is low (at most limit cycles)
task drain;
    input integer limit;
    integer t;
    begin
        t = 0;
        while (m_valid && t < limit) begin
            m_pop = 1'b1;
            @(negedge clk);
            t = t + 1;
        end
        m_pop = 1'b0;
        chk("drained", {31'd0, m_valid}, 0);
    end
endtask

// the events popped since index base are exp[0..n-1]
reg [31:0] exp_ev [0:63];
task check_popped;
    input [255:0] what;
    input integer base;
    input integer n;
    integer j;
    begin
        chk(what, n_pop - base, n);
        for (j = 0; j < n && j < n_pop - base; j = j + 1) begin
            chk(what, pop_log[(base + j) % 1024], exp_ev[j]);
        end
    end
endtask

// event value: a hw_event type and a 24-bit QPN/SRQN
function [31:0] ev;
    input [7:0] typ;
    input [23:0] num;
    begin
        ev = {typ, num};
    end
endfunction

integer i, j, b, d0, c0, s0, seed;
integer phase, ncyc;
integer p_pulse, p_pop;
reg [31:0] lost;
reg [31:0] v [0:NSRC-1];
reg [31:0] f [0:31];

initial begin
    seed = 32'h0E7E_17;
    repeat (4) @(negedge clk);
    rst = 1'b0;
    model_on = 1'b1;
    @(negedge clk);
    chk("empty after reset", {31'd0, m_valid}, 0);
    chk("no drop after reset", {29'd0, stat_drop}, 0);

    // ---- one event through to m_* and popped
    $display("tb_evq: one event");
    b = n_pop;
    pulse1(2, ev(`RNIC_HW_EVENT_RESP_ACCESS, 24'h00_0A17));
    i = 0;
    while (!m_valid && i < 4) begin
        @(negedge clk);
        i = i + 1;
    end
    chk("single: m_valid", {31'd0, m_valid}, 1);
    chk("single: latency (cycles after the pulse)", i, 1);
    // held at the head while not popped
    for (i = 0; i < 6; i = i + 1) begin
        chk("single: head held", {31'd0, m_valid}, 1);
        chk("single: m_event", m_event, ev(`RNIC_HW_EVENT_RESP_ACCESS, 24'h00_0A17));
        @(negedge clk);
    end
    pop1;
    chk("single: empty after pop", {31'd0, m_valid}, 0);
    repeat (3) @(negedge clk);
    chk("single: still empty", {31'd0, m_valid}, 0);
    exp_ev[0] = ev(`RNIC_HW_EVENT_RESP_ACCESS, 24'h00_0A17);
    check_popped("single: popped", b, 1);
    chk("single: no drop", n_drop, 0);

    // ---- all five sources in the same cycle: source order 0..4, exact values
    $display("tb_evq: five sources in one cycle");
    v[0] = ev(`RNIC_HW_EVENT_REQ_ERR, 24'hFF_FFFF);
    v[1] = ev(`RNIC_HW_EVENT_REQ_ERR, 24'h00_0001);
    v[2] = ev(`RNIC_HW_EVENT_RESP_INV_REQ, 24'h5A_5A5A);
    v[3] = ev(`RNIC_HW_EVENT_SRQ_LIMIT, 24'hA5_A5A5);
    v[4] = ev(`RNIC_HW_EVENT_QP_FATAL, 24'h12_3456);
    b = n_pop;
    pulse(5'b11111, v[0], v[1], v[2], v[3], v[4]);
    repeat (8) @(negedge clk);
    for (i = 0; i < NSRC; i = i + 1) begin
        chk("five: m_valid", {31'd0, m_valid}, 1);
        chk("five: head in source order", m_event, v[i]);
        pop1;
    end
    chk("five: empty", {31'd0, m_valid}, 0);
    for (i = 0; i < NSRC; i = i + 1) begin
        exp_ev[i] = v[i];
    end
    check_popped("five: popped", b, NSRC);
    // again with types on the other sources and m_pop held high while they
    // drain: popped as they arrive, same order
    v[0] = 32'hFFFF_FFFF;
    v[1] = 32'h0000_0000;
    v[2] = ev(`RNIC_HW_EVENT_RESP_ERR, 24'h80_0000);
    v[3] = ev(`RNIC_HW_EVENT_RESP_ACCESS, 24'h00_00FF);
    v[4] = ev(`RNIC_HW_EVENT_SRQ_LIMIT, 24'h7F_FFFF);
    b = n_pop;
    m_pop = 1'b1;
    pulse(5'b11111, v[0], v[1], v[2], v[3], v[4]);
    repeat (10) @(negedge clk);
    m_pop = 1'b0;
    chk("five popping: empty", {31'd0, m_valid}, 0);
    for (i = 0; i < NSRC; i = i + 1) begin
        exp_ev[i] = v[i];
    end
    check_popped("five popping: popped", b, NSRC);
    // two groups in consecutive cycles: the first group drains first, the
    // second follows in source order
    b = n_pop;
    pulse(5'b10101, 32'h1000_0000, 32'h0, 32'h1000_0002, 32'h0, 32'h1000_0004);
    pulse(5'b01010, 32'h0, 32'h2000_0001, 32'h0, 32'h2000_0003, 32'h0);
    repeat (8) @(negedge clk);
    drain(16);
    exp_ev[0] = 32'h1000_0000;
    exp_ev[1] = 32'h2000_0001;
    exp_ev[2] = 32'h1000_0002;
    exp_ev[3] = 32'h2000_0003;
    exp_ev[4] = 32'h1000_0004;
    check_popped("two groups: popped", b, 5);
    chk("five: no drop", n_drop, 0);

    // ---- pop with the FIFO empty has no effect
    $display("tb_evq: pop while empty");
    b = n_pop;
    m_pop = 1'b1;
    for (i = 0; i < 4; i = i + 1) begin
        @(negedge clk);
        chk("empty pop: m_valid", {31'd0, m_valid}, 0);
    end
    m_pop = 1'b0;
    chk("empty pop: nothing popped", n_pop - b, 0);
    pulse1(0, ev(`RNIC_HW_EVENT_REQ_ERR, 24'h00_0033));
    pulse1(4, ev(`RNIC_HW_EVENT_QP_FATAL, 24'h00_0044));
    repeat (4) @(negedge clk);
    chk("after empty pop: m_valid", {31'd0, m_valid}, 1);
    chk("after empty pop: first", m_event, ev(`RNIC_HW_EVENT_REQ_ERR, 24'h00_0033));
    pop1;
    chk("after empty pop: m_valid 2", {31'd0, m_valid}, 1);
    chk("after empty pop: second", m_event, ev(`RNIC_HW_EVENT_QP_FATAL, 24'h00_0044));
    pop1;
    chk("after empty pop: empty", {31'd0, m_valid}, 0);
    // a pop in the same cycle as the first event could arrive: the pop
    // finds the FIFO empty, the event stays
    b = n_pop;
    pulse1(1, 32'hCAFE_0001);
    pop1;                               // the event is in its holding register
    @(negedge clk);
    chk("pop before arrival: m_valid", {31'd0, m_valid}, 1);
    chk("pop before arrival: m_event", m_event, 32'hCAFE_0001);
    pop1;
    exp_ev[0] = 32'hCAFE_0001;
    check_popped("pop before arrival: popped", b, 1);
    chk("empty pop: no drop", n_drop, 0);

    // ---- fill: DEPTH events queued and every holding register full, then
    // a full source pulses again: stat_drop one cycle, that event lost
    $display("tb_evq: fill, drop");
    for (j = 0; j < DEPTH + NSRC; j = j + 1) begin
        f[j] = {8'h40 + j[7:0], 8'h00, j[7:0] ^ 8'h5A, j[7:0]};
    end
    b = n_pop;
    d0 = n_drop;
    for (j = 0; j < DEPTH; j = j + 1) begin
        pulse1(j % NSRC, f[j]);
    end
    // the holding registers fill from the highest source down; they still
    // drain lowest source first
    for (j = 0; j < NSRC; j = j + 1) begin
        pulse1(NSRC - 1 - j, f[DEPTH + j]);
    end
    repeat (6) @(negedge clk);
    chk("fill: m_valid", {31'd0, m_valid}, 1);
    chk("fill: head", m_event, f[0]);
    chk("fill: no drop yet", n_drop - d0, 0);
    // one more pulse of source 2
    lost = ev(`RNIC_HW_EVENT_SRQ_LIMIT, 24'hDE_AD00);
    c0 = cycle;
    pulse1(2, lost);
    repeat (4) @(negedge clk);
    chk("fill: stat_drop cycles", n_drop - d0, 1);
    chk("fill: stat_drop the cycle after the pulse", last_drop_cycle - c0, 1);
    chk("fill: head unchanged", m_event, f[0]);
    // each other source is full too: one drop each, one cycle apart
    for (j = 0; j < NSRC; j = j + 1) begin
        if (j != 2) begin
            d0 = n_drop;
            c0 = cycle;
            pulse1(j, 32'hDEAD_0000 | j);
            @(negedge clk);
            chk("fill: source full", n_drop - d0, 1);
            chk("fill: source full drop cycle", last_drop_cycle - c0, 1);
        end
    end
    // a pulse of all five at once while all are full: stat_drop one cycle
    d0 = n_drop;
    s0 = n_drop_sum;
    pulse(5'b11111, 32'hDEAD_1000, 32'hDEAD_1001, 32'hDEAD_1002, 32'hDEAD_1003, 32'hDEAD_1004);
    repeat (3) @(negedge clk);
    chk("fill: all five full", n_drop - d0, 1);
    chk("fill: all five lost and counted", n_drop_sum - s0, 5);
    // everything else comes out: the FIFO in order, then the holding
    // registers in source order
    d0 = n_drop;
    drain(64);
    for (j = 0; j < DEPTH; j = j + 1) begin
        exp_ev[j] = f[j];
    end
    for (j = 0; j < NSRC; j = j + 1) begin
        exp_ev[DEPTH + j] = f[DEPTH + NSRC - 1 - j];
    end
    check_popped("fill: popped", b, DEPTH + NSRC);
    for (j = b; j < n_pop; j = j + 1) begin
        checks = checks + 1;
        if (pop_log[j % 1024] === lost || pop_log[j % 1024][31:16] === 16'hDEAD) begin
            errors = errors + 1;
            $display("FAIL fill: dropped event %08x came out", pop_log[j % 1024]);
        end
    end
    repeat (3) @(negedge clk);
    chk("fill: empty after drain", {31'd0, m_valid}, 0);
    chk("fill: no drop while draining", n_drop - d0, 0);

    // ---- a source pulses again in the cycle its holding register drains
    $display("tb_evq: re-pulse in the drain cycle");
    // FIFO empty: the holding register drains the cycle after each pulse,
    // so a pulse every cycle loses nothing
    b = n_pop;
    d0 = n_drop;
    for (j = 0; j < 10; j = j + 1) begin
        pulse1(3, ev(`RNIC_HW_EVENT_SRQ_LIMIT, 24'h000100 + j));
    end
    repeat (4) @(negedge clk);
    chk("every cycle: no drop", n_drop - d0, 0);
    drain(32);
    for (j = 0; j < 10; j = j + 1) begin
        exp_ev[j] = ev(`RNIC_HW_EVENT_SRQ_LIMIT, 24'h000100 + j);
    end
    check_popped("every cycle: popped", b, 10);
    // all five sources every cycle for 3 cycles: source 0 drains every cycle
    // and keeps each new pulse; sources 1..4 stay full and lose theirs
    d0 = n_drop;
    for (j = 0; j < 3; j = j + 1) begin
        pulse(5'b11111, 32'h3000_0000 | (j << 4), 32'h3000_0001 | (j << 4), 32'h3000_0002 | (j << 4),
              32'h3000_0003 | (j << 4), 32'h3000_0004 | (j << 4));
    end
    repeat (8) @(negedge clk);
    chk("five every cycle: stat_drop cycles", n_drop - d0, 2);
    b = n_pop;
    drain(32);
    exp_ev[0] = 32'h3000_0000;
    exp_ev[1] = 32'h3000_0010;
    exp_ev[2] = 32'h3000_0020;
    exp_ev[3] = 32'h3000_0001;
    exp_ev[4] = 32'h3000_0002;
    exp_ev[5] = 32'h3000_0003;
    exp_ev[6] = 32'h3000_0004;
    check_popped("five every cycle: popped", b, 7);
    // FIFO full: DEPTH queued and source 1 held; a pop frees an entry, the
    // holding register drains in the next cycle and a pulse of source 1 in
    // that very cycle is kept (no drop)
    b = n_pop;
    for (j = 0; j < DEPTH; j = j + 1) begin
        pulse1(0, f[j]);
    end
    pulse1(1, 32'hB000_0001);
    repeat (4) @(negedge clk);
    d0 = n_drop;
    pop1;                               // FIFO: DEPTH - 1 entries
    pulse1(1, 32'hB000_0002);           // source 1 drains this cycle
    repeat (4) @(negedge clk);
    chk("full re-pulse: no drop", n_drop - d0, 0);
    // and the next one, with the FIFO full again, is lost
    pulse1(1, 32'hDEAD_B003);
    @(negedge clk);
    chk("full re-pulse: drop when full again", n_drop - d0, 1);
    drain(64);
    for (j = 0; j < DEPTH; j = j + 1) begin
        exp_ev[j] = f[j];
    end
    exp_ev[DEPTH] = 32'hB000_0001;
    exp_ev[DEPTH + 1] = 32'hB000_0002;
    check_popped("full re-pulse: popped", b, DEPTH + 2);

    // ---- reset empties everything
    $display("tb_evq: reset");
    for (j = 0; j < DEPTH; j = j + 1) begin
        pulse1(j % NSRC, 32'hEEEE_0000 | j);
    end
    pulse(5'b11111, 32'hEEEE_1000, 32'hEEEE_1001, 32'hEEEE_1002, 32'hEEEE_1003, 32'hEEEE_1004);
    repeat (3) @(negedge clk);
    chk("reset: queued before", {31'd0, m_valid}, 1);
    d0 = n_drop;
    b = n_pop;
    // the first reset edge meets pulses of full sources: no drop comes out;
    // pulses while in reset are not kept
    rst = 1'b1;
    pulse(5'b11111, 32'hEEEE_2000, 32'hEEEE_2001, 32'hEEEE_2002, 32'hEEEE_2003, 32'hEEEE_2004);
    chk("reset: stat_drop low in reset", {31'd0, stat_drop}, 0);
    chk("reset: m_valid low in reset", {31'd0, m_valid}, 0);
    pulse(5'b11111, 32'hEEEE_3000, 32'hEEEE_3001, 32'hEEEE_3002, 32'hEEEE_3003, 32'hEEEE_3004);
    chk("reset: stat_drop low in reset 2", {31'd0, stat_drop}, 0);
    rst = 1'b0;
    for (i = 0; i < 6; i = i + 1) begin
        @(negedge clk);
        chk("reset: empty", {31'd0, m_valid}, 0);
    end
    chk("reset: no drop", n_drop - d0, 0);
    // a pop right after reset has no effect; a new event comes out alone
    pop1;
    pulse1(4, ev(`RNIC_HW_EVENT_QP_FATAL, 24'hFE_DCBA));
    repeat (3) @(negedge clk);
    chk("reset: new event", {31'd0, m_valid}, 1);
    chk("reset: new event value", m_event, ev(`RNIC_HW_EVENT_QP_FATAL, 24'hFE_DCBA));
    drain(8);
    repeat (3) @(negedge clk);
    exp_ev[0] = ev(`RNIC_HW_EVENT_QP_FATAL, 24'hFE_DCBA);
    check_popped("reset: popped", b, 1);
    // every holding register accepts again (none kept a stale valid bit)
    b = n_pop;
    d0 = n_drop;
    pulse(5'b11111, 32'h5000_0000, 32'h5000_0001, 32'h5000_0002, 32'h5000_0003, 32'h5000_0004);
    repeat (8) @(negedge clk);
    drain(16);
    for (j = 0; j < NSRC; j = j + 1) begin
        exp_ev[j] = 32'h5000_0000 | j;
    end
    check_popped("reset: five after reset", b, NSRC);
    chk("reset: five after reset no drop", n_drop - d0, 0);

    // ---- random traffic against the model
    $display("tb_evq: random traffic");
    for (phase = 0; phase < 8; phase = phase + 1) begin
        case (phase % 4)
            0: begin p_pulse = 8;  p_pop = 70; end    // light
            1: begin p_pulse = 45; p_pop = 15; end    // fills, drops
            2: begin p_pulse = 30; p_pop = 90; end    // full FIFO drained while pulsing
            default: begin p_pulse = 60; p_pop = 50; end
        endcase
        for (ncyc = 0; ncyc < 600; ncyc = ncyc + 1) begin
            for (i = 0; i < NSRC; i = i + 1) begin
                s_valid[i] = ($unsigned($random(seed)) % 100) < p_pulse;
                s_event[i*32 +: 32] = $random(seed);
            end
            m_pop = ($unsigned($random(seed)) % 100) < p_pop;
            @(negedge clk);
        end
        s_valid = {NSRC{1'b0}};
        m_pop = 1'b0;
        // the model's queue against what came out is compared every cycle;
        // drain between phases
        drain(64);
    end
    repeat (4) @(negedge clk);
    chk("random: empty at the end", {31'd0, m_valid}, 0);
    $display("tb_evq: %0d events popped, %0d lost (model), %0d stat_drop cycles, %0d cycles full, %0d re-pulses in the drain cycle (%0d into a just-full FIFO)",
             n_pop, r_lost, n_drop, cov_full, cov_redrain, cov_redrain_full);
    // the random phase reached the interesting states
    chk("coverage: full FIFO", {31'd0, cov_full > 100}, 1);
    chk("coverage: re-pulse in drain cycle", {31'd0, cov_redrain > 50}, 1);
    chk("coverage: drops", {31'd0, r_lost > 50}, 1);
    // every lost event was counted once (the model also counts the
    // directed phases' losses)
    chk("drops counted = lost", n_drop_sum, r_lost);

    model_on = 1'b0;
    if (errors == 0) begin
        $display("tb_evq: %0d checks", checks);
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
