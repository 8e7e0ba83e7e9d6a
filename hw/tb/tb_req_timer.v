// tb_req_timer: rnic_req_timer (16 QPs, a tick of 4 cycles) on its own.
// A transport timer expires no earlier than 2^timeout + 1 ticks after it
// was started and within a sweep of that; stopping it cancels it; an RNR
// wait uses the RNR code's time; the push's view of a timer (w_tm_on) sees
// a write the cycle after it was decided; retries left load and count down;
// hold and retransmission flags set and clear; a context write that resets
// the QP (or puts it in ERR) in the cycle a write is decided wins over it;
// ERR makes the timer due at once; the reset sweep after rst clears every
// table. Retransmissions: one is offered (rtx_valid, rtx_qp) a few cycles
// after it was requested, in request order, each QP once however often it
// is requested; a take or a context reset ends it; the WQE stage's view
// (w_rtx) follows at once. Every cycle,
// timer_skip_ok may only be up while no running timer's deadline lies
// within the next tick (the model keeps the deadlines).
`timescale 1ns/1ps
`default_nettype none

module tb_req_timer;

localparam QPN_W = 4;
localparam QPS = 1 << QPN_W;
localparam TICK = 4;

reg clk = 1'b0;
always #2 clk = ~clk;

integer errors = 0;
integer checks = 0;

reg              rst = 1'b1;
reg  [QPN_W-1:0] cmd_q = 0;
reg              cmd_arm = 0, cmd_rnr = 0, cmd_off = 0, cmd_rl_load = 0, cmd_rl_dec = 0;
reg              cmd_rnr_dec = 0, cmd_hold_set = 0, cmd_hold_clr = 0, cmd_rtx = 0;
reg  [23:0]      cmd_rpsn = 0;
reg  [4:0]       cmd_timeout = 0, cmd_rnr_code = 0;
reg  [2:0]       cmd_retry_cnt = 0, cmd_rnr_retry = 0;
reg              ctx_valid = 0, ctx_reset = 0, ctx_err = 0;
reg  [QPN_W-1:0] ctx_qp = 0;
reg              rtx_clr = 0;
reg  [QPN_W-1:0] rtx_clr_qp = 0;
reg  [QPN_W-1:0] c_qp = 0, w_qp = 0;
reg              c_ld2 = 0, tmo_take = 0;
wire             c_rnr, c_hold, c_tmo_due, w_tm_on;
wire [5:0]       c_rl;
wire [23:0]      c_rpsn;
wire             rtx_valid, w_rtx;
wire [QPN_W-1:0] rtx_qp;
reg              sweep_busy = 0;
reg  [QPN_W-1:0] sweep_qp = 0;
wire             tmo_pend, timer_busy, timer_skip_ok;
wire [QPN_W-1:0] tmo_q;

rnic_req_timer #(.QPN_W(QPN_W), .TICK_CYCLES(TICK)) dut (
    .clk(clk), .rst(rst), .tick_turbo(1'b0), .sweep_busy(sweep_busy), .sweep_qp(sweep_qp),
    .cmd_q(cmd_q), .cmd_arm(cmd_arm), .cmd_rnr(cmd_rnr), .cmd_off(cmd_off),
    .cmd_rl_load(cmd_rl_load), .cmd_rl_dec(cmd_rl_dec), .cmd_rnr_dec(cmd_rnr_dec),
    .cmd_hold_set(cmd_hold_set), .cmd_hold_clr(cmd_hold_clr), .cmd_rtx(cmd_rtx),
    .cmd_rpsn(cmd_rpsn), .cmd_timeout(cmd_timeout), .cmd_rnr_code(cmd_rnr_code),
    .cmd_retry_cnt(cmd_retry_cnt), .cmd_rnr_retry(cmd_rnr_retry),
    .ctx_valid(ctx_valid), .ctx_qp(ctx_qp), .ctx_reset(ctx_reset), .ctx_err(ctx_err),
    .rtx_clr(rtx_clr), .rtx_clr_qp(rtx_clr_qp),
    .c_qp(c_qp), .c_ld2(c_ld2), .c_rnr(c_rnr), .c_hold(c_hold), .c_rl(c_rl),
    .c_rpsn(c_rpsn), .c_tmo_due(c_tmo_due),
    .w_qp(w_qp), .w_tm_on(w_tm_on), .w_rtx(w_rtx), .rtx_valid(rtx_valid), .rtx_qp(rtx_qp),
    .tmo_pend(tmo_pend), .tmo_q(tmo_q), .tmo_take(tmo_take),
    .timer_busy(timer_busy), .timer_skip_ok(timer_skip_ok)
);

task check;
    input         cond;
    input [255:0] what;     // up to 32 characters
    begin
        checks = checks + 1;
        if (!cond) begin
            errors = errors + 1;
            $display("tb_req_timer: FAIL at %0t: %0s", $time, what);
        end
    end
endtask

// the model's running deadlines (in ticks), for the timer_skip_ok check
reg        m_on [0:QPS-1];
reg [31:0] m_dl [0:QPS-1];
integer k;
always @(posedge clk) begin
    if (!rst && timer_skip_ok)
        for (k = 0; k < QPS; k = k + 1)
            if (m_on[k]) begin
                checks = checks + 1;
                if ($signed(dut.now_reg + 32'd1 - m_dl[k]) >= 0) begin
                    errors = errors + 1;
                    $display("tb_req_timer: FAIL at %0t: timer_skip_ok with QP %0d due at tick %0d, now %0d",
                             $time, k, m_dl[k], dut.now_reg);
                end
            end
end

task idle;
    begin
        cmd_arm = 0; cmd_rnr = 0; cmd_off = 0; cmd_rl_load = 0; cmd_rl_dec = 0;
        cmd_rnr_dec = 0; cmd_hold_set = 0; cmd_hold_clr = 0; cmd_rtx = 0;
        ctx_valid = 0; ctx_reset = 0; ctx_err = 0; rtx_clr = 0; c_ld2 = 0; tmo_take = 0;
    end
endtask

task cycle;
    begin
        @(posedge clk); #1;
    end
endtask

// rst, then the reset sweep over every QP
task reset;
    integer r;
    begin
        rst = 1; cycle; cycle; rst = 0;
        sweep_busy = 1;
        for (r = 0; r < QPS; r = r + 1) begin
            sweep_qp = r; cycle;
        end
        sweep_busy = 0; cycle;
    end
endtask

// up to n cycles for a retransmission of QP q to be offered
task wait_rtx;
    input [QPN_W-1:0] q;
    input integer     n;
    integer j;
    begin
        j = 0;
        while (!rtx_valid && j < n) begin cycle; j = j + 1; end
        check(rtx_valid && rtx_qp == q, "retransmission offered");
    end
endtask

// the completion stage's timeout check of QP q (C_LD2)
task tmo_check;
    input [QPN_W-1:0] q;
    input             want;
    begin
        c_qp = q; c_ld2 = 1; cycle; c_ld2 = 0;
        check(c_tmo_due == want, "c_tmo_due");
    end
endtask

// start QP q's transport timer (timeout t), wait for it to expire, take it
task arm_and_expire;
    input [QPN_W-1:0] q;
    input [4:0]       t;
    integer start, waited, limit;
    begin
        cmd_q = q; cmd_arm = 1; cmd_timeout = t; start = dut.now_reg;
        m_on[q] = 1; m_dl[q] = dut.now_reg + (32'd1 << t) + 1;
        cycle; idle;
        w_qp = q; #1;
        check(w_tm_on == 1'b1, "w_tm_on of a pending arm");
        cycle;
        check(w_tm_on == 1'b1 && timer_busy, "timer on, busy");
        waited = 0;
        limit = ((1 << t) + 2) * TICK + 2 * QPS + 8;
        while (!tmo_pend && waited < limit) begin
            cycle; waited = waited + 1;
        end
        check(tmo_pend && tmo_q == q, "timer expired, its QP");
        check(dut.now_reg - start >= (1 << t) + 1, "not before its time");
        tmo_take = 1; cycle; tmo_take = 0;
        check(!tmo_pend, "taken");
        tmo_check(q, 1'b1);
        // stopped: no longer due, not found again
        cmd_q = q; cmd_off = 1; cycle; idle; m_on[q] = 0;
        cycle;
        tmo_check(q, 1'b0);
        repeat (2 * QPS) cycle;
        check(!tmo_pend, "a stopped timer stays quiet");
    end
endtask

integer i, waited, n, cnt, takes, cancels, holds, last_ctx;
reg     m_hold [0:QPS-1];
reg     m_pend [0:QPS-1];
integer m_age [0:QPS-1];
reg     last_cmd, p_cmd, p_rtx, p_flags;
reg [QPN_W-1:0] p_cmd_q;
reg [31:0] p_dl;
initial begin
    for (i = 0; i < QPS; i = i + 1) m_on[i] = 0;
    idle;
    repeat (2) cycle;
    reset;
    check(!tmo_pend && !rtx_valid && !timer_busy && timer_skip_ok, "idle after rst");

    // transport timers of three timeouts, on different QPs
    arm_and_expire(4'd3, 5'd1);
    arm_and_expire(4'd12, 5'd3);
    arm_and_expire(4'd0, 5'd4);
    check(!timer_busy, "not busy once stopped");

    // timeout 0: no timer
    cmd_q = 5; cmd_arm = 1; cmd_timeout = 0; cycle; idle; cycle;
    w_qp = 5; #1;
    check(!w_tm_on && !timer_busy, "timeout 0 starts no timer");

    // a stop seen by the push the cycle after it was decided
    cmd_q = 6; cmd_arm = 1; cmd_timeout = 10; m_on[6] = 1; m_dl[6] = dut.now_reg + 1025;
    cycle; idle; cycle;
    w_qp = 6; #1; check(w_tm_on, "armed");
    cmd_q = 6; cmd_off = 1; cycle; idle; m_on[6] = 0;
    #1; check(!w_tm_on, "w_tm_on of a pending stop");
    cycle; check(!w_tm_on && !timer_busy, "stopped");

    // retries left: load, one transport retry, one RNR retry
    c_qp = 9;
    cmd_q = 9; cmd_rl_load = 1; cmd_retry_cnt = 5; cmd_rnr_retry = 6; cycle; idle; cycle;
    check(c_rl == {3'd5, 3'd6}, "retries loaded");
    cmd_q = 9; cmd_rl_dec = 1; cycle; idle; cycle;
    check(c_rl == {3'd4, 3'd6}, "a transport retry used");
    cmd_q = 9; cmd_rnr_dec = 1; cycle; idle; cycle;
    check(c_rl == {3'd4, 3'd5}, "an RNR retry used");

    // RNR wait (code 1: 3 ticks) with its restart PSN and the hold
    cmd_q = 9; cmd_rnr = 1; cmd_rnr_code = 1; cmd_hold_set = 1; cmd_rpsn = 24'h123456;
    m_on[9] = 1; m_dl[9] = dut.now_reg + 4;
    i = dut.now_reg;
    cycle; idle; cycle;
    check(c_rnr && c_hold && c_rpsn == 24'h123456, "RNR wait, hold, restart PSN");
    waited = 0;
    while (!tmo_pend && waited < 100) begin cycle; waited = waited + 1; end
    check(tmo_pend && tmo_q == 9 && dut.now_reg - i >= 4, "RNR wait over, not before its time");
    tmo_take = 1; cycle; idle;
    cmd_q = 9; cmd_off = 1; cmd_hold_clr = 1; cmd_rtx = 1; cmd_rpsn = 24'h000042;
    m_on[9] = 0;
    cycle; idle; cycle;
    w_qp = 9; #1;
    check(!c_rnr && !c_hold && w_rtx && c_rpsn == 24'h000042, "retransmission waits");
    check(!timer_skip_ok && timer_busy, "a waiting retransmission keeps time");
    wait_rtx(4'd9, 4);
    rtx_clr = 1; rtx_clr_qp = 9; cycle; idle;
    check(!rtx_valid && !w_rtx, "retransmission taken");

    // a context reset in the cycle a write is decided wins over it; one of
    // another QP does not
    cmd_q = 10; cmd_arm = 1; cmd_timeout = 12; cmd_hold_set = 1; cmd_rtx = 1;
    ctx_valid = 1; ctx_qp = 10; ctx_reset = 1;
    cycle; idle; cycle;
    c_qp = 10; w_qp = 10; #1;
    check(!w_tm_on && !c_hold && !w_rtx, "context reset wins");
    repeat (4) cycle;
    check(!rtx_valid && !timer_busy, "nothing offered");
    cmd_q = 10; cmd_arm = 1; cmd_timeout = 12; cmd_hold_set = 1; cmd_rtx = 1;
    m_on[10] = 1; m_dl[10] = dut.now_reg + 4097;
    ctx_valid = 1; ctx_qp = 11; ctx_reset = 1;
    cycle; idle; cycle;
    check(w_tm_on && c_hold && w_rtx, "another QP's reset does not");
    wait_rtx(4'd10, 4);
    ctx_valid = 1; ctx_qp = 10; ctx_reset = 1; cycle; idle; m_on[10] = 0;
    check(!w_tm_on && !c_hold && !w_rtx && !rtx_valid, "reset clears the QP");

    // ERR: due at once, found by the sweep
    ctx_valid = 1; ctx_qp = 14; ctx_err = 1; m_on[14] = 1; m_dl[14] = dut.now_reg;
    cycle; idle;
    check(!timer_skip_ok, "no skip past a QP in ERR");
    tmo_check(4'd14, 1'b1);
    waited = 0;
    while (!tmo_pend && waited < 2 * QPS + 4) begin cycle; waited = waited + 1; end
    check(tmo_pend && tmo_q == 14, "ERR found by the sweep");
    tmo_take = 1; cycle; idle;
    cmd_q = 14; cmd_off = 1; cycle; idle; m_on[14] = 0; cycle;

    // rst clears every flag
    cmd_q = 2; cmd_arm = 1; cmd_timeout = 8; cmd_rtx = 1; cmd_hold_set = 1; cycle; idle; cycle;
    w_qp = 2; #1;
    check(timer_busy && w_rtx, "set before rst");
    reset;
    c_qp = 2; w_qp = 2; #1;
    check(!timer_busy && !rtx_valid && !w_rtx && !w_tm_on && !c_hold && timer_skip_ok, "rst clears");


    // a request in the cycle its QP, cancelled while waiting in the FIFO,
    // comes to the offer stage (P1): offered, not lost
    reset;
    cmd_q = 1; cmd_rtx = 1; cycle; idle; wait_rtx(4'd1, 6);
    cmd_q = 2; cmd_rtx = 1; cycle; idle; cycle; cycle; cycle;
    ctx_valid = 1; ctx_qp = 2; ctx_reset = 1; cycle; idle; cycle; cycle;
    w_qp = 2; #1; check(!w_rtx && rtx_valid && rtx_qp == 1, "QP 2 cancelled in the FIFO");
    rtx_clr = 1; rtx_clr_qp = 1; cmd_q = 2; cmd_rtx = 1; cycle; idle;
    wait_rtx(4'd2, 6);
    rtx_clr = 1; rtx_clr_qp = 2; cycle; idle;
    // a take held by a cancel's cycle, then a new request of its QP
    cmd_q = 3; cmd_rtx = 1; cycle; idle; wait_rtx(4'd3, 6);
    rtx_clr = 1; rtx_clr_qp = 3; ctx_valid = 1; ctx_qp = 4; ctx_reset = 1;
    cmd_q = 3; cmd_rtx = 1; cycle; idle; cycle;
    w_qp = 3; #1; check(w_rtx, "QP 3 requested again after its take");
    wait_rtx(4'd3, 6);
    rtx_clr = 1; rtx_clr_qp = 3; cycle; idle; cycle;
    check(!rtx_valid && !w_rtx, "QP 3 taken");

    // random: requests, takes, context resets and errors, timer and hold
    // writes on all QPs, against a model, cycle by cycle: w_tm_on, c_hold
    // and w_rtx of random QPs, every offer is of a pending request, every
    // pending request is offered within a bound, the running-timer count
    reset;
    for (i = 0; i < QPS; i = i + 1) begin
        m_on[i] = 0; m_hold[i] = 0; m_pend[i] = 0; m_age[i] = 0;
    end
    last_cmd = 0; last_ctx = 9; takes = 0; cancels = 0; holds = 0;
    for (n = 0; n < 20000; n = n + 1) begin
        idle;
        // this cycle's inputs
        if (!last_cmd && ($random & 1)) begin
            cmd_q = $random; cmd_rtx = ($random % 3) == 0;
            case ($random & 3)
            0: begin cmd_arm = 1; cmd_timeout = (($random & 1) ? 5'd0 : 5'd12 + ($random & 3)); end
            1: cmd_off = 1;
            2: begin cmd_rnr = 1; cmd_rnr_code = 5'd0; end
            default: ;
            endcase
            if ($random & 1) begin
                if ($random & 1) cmd_hold_set = 1; else cmd_hold_clr = 1;
            end
            cmd_rpsn = $random;
        end
        if (last_ctx >= 3 && ($random % 5) == 0) begin
            ctx_valid = 1; ctx_qp = ($random & 1) ? cmd_q : $random;
            if ($random & 1) ctx_reset = 1; else ctx_err = 1;
        end
        if (rtx_valid && ($random % 3) == 0) begin
            rtx_clr = 1; rtx_clr_qp = ($random % 8) ? rtx_qp : $random;
        end
        if (tmo_pend) tmo_take = 1;
        w_qp = $random; c_qp = $random;
        #1;
        // checks before the edge
        check(w_tm_on == m_on[w_qp], "random: w_tm_on");
        check(w_rtx == m_pend[w_qp], "random: w_rtx");
        if (!(p_cmd && p_cmd_q == c_qp))
            check(c_hold == m_hold[c_qp], "random: c_hold");
        if (rtx_valid) begin
            check(m_pend[rtx_qp], "random: offer is pending");
            if (!m_pend[rtx_qp]) $display("  qp %0d", rtx_qp);
        end
        for (i = 0; i < QPS; i = i + 1) begin
            if (m_pend[i] && !(rtx_valid && rtx_qp == i)) m_age[i] = m_age[i] + 1; else m_age[i] = 0;
            if (m_age[i] == 12 * QPS) check(0, "random: a pending request not offered");
        end
        if (last_cmd == 0 && p_cmd == 0 && last_ctx >= 3) begin
            cnt = 0;
            for (i = 0; i < QPS; i = i + 1) cnt = cnt + m_on[i];
            check(dut.on_cnt_reg == cnt, "random: running timers counted");
        end
        // the model at the edge: the rtx request of the write decided the
        // cycle before (unless a context write of its QP came with its
        // decision), then a take, then a cancel
        if (p_cmd && p_rtx && p_flags)
            m_pend[p_cmd_q] = 1;
        if (rtx_clr && rtx_valid && rtx_clr_qp == rtx_qp) begin
            m_pend[rtx_qp] = 0; takes = takes + 1;
        end
        if (ctx_valid && ctx_reset) begin
            if (m_pend[ctx_qp]) cancels = cancels + 1;
            m_pend[ctx_qp] = 0;
        end
        // the flags: this cycle's write, then the context write
        p_flags = !(ctx_valid && (ctx_reset || ctx_err) && ctx_qp == cmd_q);
        p_cmd = cmd_arm || cmd_rnr || cmd_off || cmd_hold_set || cmd_hold_clr || cmd_rtx;
        p_cmd_q = cmd_q; p_rtx = cmd_rtx;
        if (p_cmd && p_flags) begin
            if (cmd_off) m_on[cmd_q] = 0;
            else if (cmd_rnr) begin
                m_on[cmd_q] = 1; m_dl[cmd_q] = dut.now_reg + 32'd160001;
            end else if (cmd_arm) begin
                m_on[cmd_q] = cmd_timeout != 0; m_dl[cmd_q] = dut.now_reg + (32'd1 << cmd_timeout) + 1;
            end
            if (cmd_hold_set) m_hold[cmd_q] = 1;
            else if (cmd_hold_clr) m_hold[cmd_q] = 0;
        end
        if (ctx_valid && ctx_reset) begin
            m_on[ctx_qp] = 0; m_hold[ctx_qp] = 0;
        end
        p_dl = dut.now_reg;   // ERR: m_on, m_dl after the edge (the skip check runs at it)
        if (ctx_valid && p_cmd && ctx_qp != cmd_q) holds = holds + 1;
        last_cmd = p_cmd;
        last_ctx = ctx_valid ? 0 : last_ctx + 1;
        @(posedge clk); #1;
        if (ctx_valid && ctx_err) begin
            m_on[ctx_qp] = 1; m_dl[ctx_qp] = p_dl;
        end
    end
    idle; #1;
    $display("tb_req_timer: random: %0d takes, %0d cancels of pending requests, %0d writes held",
             takes, cancels, holds);
    check(takes > 500 && cancels > 100 && holds > 100, "random: every path exercised");

    $display("tb_req_timer: %0d checks, %0d errors", checks, errors);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL");
    $finish;
end

endmodule

`default_nettype wire
