// tb_req_timer: rnic_req_timer (16 QPs, a tick of 4 cycles) on its own.
// A transport timer expires no earlier than 2^timeout + 1 ticks after it
// was started and within a sweep of that; stopping it cancels it; an RNR
// wait uses the RNR code's time; the push's view of a timer (w_tm_on) sees
// a write the cycle after it was decided; retries left load and count down;
// hold and retransmission flags set and clear; a context write that resets
// the QP (or puts it in ERR) in the cycle a write is decided wins over it;
// ERR makes the timer due at once; rst clears every flag. Every cycle,
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
wire [QPS-1:0]   rtx;
wire             tmo_pend, timer_busy, timer_skip_ok;
wire [QPN_W-1:0] tmo_q;

rnic_req_timer #(.QPN_W(QPN_W), .TICK_CYCLES(TICK)) dut (
    .clk(clk), .rst(rst), .tick_turbo(1'b0), .sweep_busy(1'b0), .sweep_qp({QPN_W{1'b0}}),
    .cmd_q(cmd_q), .cmd_arm(cmd_arm), .cmd_rnr(cmd_rnr), .cmd_off(cmd_off),
    .cmd_rl_load(cmd_rl_load), .cmd_rl_dec(cmd_rl_dec), .cmd_rnr_dec(cmd_rnr_dec),
    .cmd_hold_set(cmd_hold_set), .cmd_hold_clr(cmd_hold_clr), .cmd_rtx(cmd_rtx),
    .cmd_rpsn(cmd_rpsn), .cmd_timeout(cmd_timeout), .cmd_rnr_code(cmd_rnr_code),
    .cmd_retry_cnt(cmd_retry_cnt), .cmd_rnr_retry(cmd_rnr_retry),
    .ctx_valid(ctx_valid), .ctx_qp(ctx_qp), .ctx_reset(ctx_reset), .ctx_err(ctx_err),
    .rtx_clr(rtx_clr), .rtx_clr_qp(rtx_clr_qp),
    .c_qp(c_qp), .c_ld2(c_ld2), .c_rnr(c_rnr), .c_hold(c_hold), .c_rl(c_rl),
    .c_rpsn(c_rpsn), .c_tmo_due(c_tmo_due),
    .w_qp(w_qp), .w_tm_on(w_tm_on), .rtx(rtx),
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

integer i, waited;
initial begin
    for (i = 0; i < QPS; i = i + 1) m_on[i] = 0;
    idle;
    repeat (4) cycle;
    rst = 0;
    cycle;
    check(!tmo_pend && rtx == 0 && !timer_busy && timer_skip_ok, "idle after rst");

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
    check(!c_rnr && !c_hold && rtx == 16'h0200 && c_rpsn == 24'h000042, "retransmission waits");
    check(!timer_skip_ok && timer_busy, "a waiting retransmission keeps time");
    rtx_clr = 1; rtx_clr_qp = 9; cycle; idle;
    check(rtx == 0, "retransmission taken");

    // a context reset in the cycle a write is decided wins over it; one of
    // another QP does not
    cmd_q = 10; cmd_arm = 1; cmd_timeout = 12; cmd_hold_set = 1; cmd_rtx = 1;
    ctx_valid = 1; ctx_qp = 10; ctx_reset = 1;
    cycle; idle; cycle;
    c_qp = 10; w_qp = 10; #1;
    check(!w_tm_on && !c_hold && rtx == 0, "context reset wins");
    cmd_q = 10; cmd_arm = 1; cmd_timeout = 12; cmd_hold_set = 1; cmd_rtx = 1;
    m_on[10] = 1; m_dl[10] = dut.now_reg + 4097;
    ctx_valid = 1; ctx_qp = 11; ctx_reset = 1;
    cycle; idle; cycle;
    check(w_tm_on && c_hold && rtx == 16'h0400, "another QP's reset does not");
    ctx_valid = 1; ctx_qp = 10; ctx_reset = 1; cycle; idle; m_on[10] = 0;
    check(!w_tm_on && !c_hold && rtx == 0, "reset clears the QP");

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
    check(timer_busy && rtx == 16'h0004, "set before rst");
    rst = 1; cycle; cycle; rst = 0; cycle;
    c_qp = 2; w_qp = 2; #1;
    check(!timer_busy && rtx == 0 && !w_tm_on && !c_hold && timer_skip_ok, "rst clears");

    $display("tb_req_timer: %0d checks, %0d errors", checks, errors);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL");
    $finish;
end

endmodule

`default_nettype wire
