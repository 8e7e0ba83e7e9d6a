// rnic_req_timer: the requester's retransmission timers, per QP.
//
// What it holds, per QP: the timer {runs, is an RNR wait, due at once,
// deadline in ticks}, the retries left {transport retry_cnt, RNR
// rnr_retry} (reloaded on progress), the go-back-N hold, a retransmission
// waiting for the WQE stage, and the PSN it restarts from. Besides them: the
// time base (ticks of TICK_CYCLES cycles), the sweep that looks at one QP's
// timer per cycle and holds an expired one (tmo_pend / tmo_q) until the
// completion stage takes it, and the earliest deadline a simulator's
// fast-forward may not pass (timer_skip_ok).
//
// Writes (cmd_*): what the completion stage decides for a QP in cycle t is
// registered and written at the end of t+1, so the decision and the per-QP
// write decode are a cycle apart. rnic_req never reads a QP's entries the
// cycle after writing them (a writing state goes on to C_LD1, C_IDLE or a
// NAK-mode walk, none of which reads them, and two writes are never back to
// back); the one early reader, the push's "timer off" check (w_tm_on),
// sees a pending write through. A context write that resets the QP or puts
// it in ERR in cycle t (ctx_*) wins over the flags of the write decided in
// t, as it did when both landed in t; entering ERR makes the timer due at
// once, so the completion stage flushes the QP (C_TMO).
//
// Time is 32-bit serial: a deadline is due once the time has reached it,
// up to 2^31 ticks ahead. tick_turbo makes each cycle a tick (a simulator's
// fast-forward), allowed only while timer_skip_ok: the earliest deadline is
// the minimum the last whole sweep found, lowered by every timer started
// since (it may be earlier than the real one, never later).
`default_nettype none

module rnic_req_timer #(
    parameter QPN_W = 8,
    parameter TICK_CYCLES = 1024
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             tick_turbo,
    // reset sweep: entry sweep_qp of every table is cleared
    input  wire             sweep_busy,
    input  wire [QPN_W-1:0] sweep_qp,
    // the write decided this cycle, for QP cmd_q
    input  wire [QPN_W-1:0] cmd_q,
    input  wire             cmd_arm,        // timer on, transport: now + 2^timeout (off if timeout is 0)
    input  wire             cmd_rnr,        // timer on, RNR wait: now + the RNR time of rnr_code
    input  wire             cmd_off,        // timer off
    input  wire             cmd_rl_load,    // retries left = {retry_cnt, rnr_retry}
    input  wire             cmd_rl_dec,     // one transport retry used
    input  wire             cmd_rnr_dec,    // one RNR retry used
    input  wire             cmd_hold_set,
    input  wire             cmd_hold_clr,
    input  wire             cmd_rtx,        // a retransmission from cmd_rpsn waits for the WQE stage
    input  wire [23:0]      cmd_rpsn,
    input  wire [4:0]       cmd_timeout,
    input  wire [4:0]       cmd_rnr_code,
    input  wire [2:0]       cmd_retry_cnt,
    input  wire [2:0]       cmd_rnr_retry,
    // context write (registered, decoded) of QP ctx_qp
    input  wire             ctx_valid,
    input  wire [QPN_W-1:0] ctx_qp,
    input  wire             ctx_reset,
    input  wire             ctx_err,
    // the WQE stage took QP rtx_clr_qp's retransmission
    input  wire             rtx_clr,
    input  wire [QPN_W-1:0] rtx_clr_qp,
    // the completion stage's QP: its entries, and its timeout check
    // registered while c_ld2
    input  wire [QPN_W-1:0] c_qp,
    input  wire             c_ld2,
    output wire             c_rnr,
    output wire             c_hold,
    output wire [5:0]       c_rl,
    output wire [23:0]      c_rpsn,
    output reg              c_tmo_due,
    // the WQE stage's QP: its timer runs (a pending write included)
    input  wire [QPN_W-1:0] w_qp,
    output wire             w_tm_on,
    // retransmissions waiting, per QP
    output reg  [(1<<QPN_W)-1:0] rtx,
    // an expired timer waits (QP tmo_q) until tmo_take
    output reg              tmo_pend,
    output reg  [QPN_W-1:0] tmo_q,
    input  wire             tmo_take,
    output wire             timer_busy,
    output wire             timer_skip_ok
);

localparam QPS = 1 << QPN_W;
localparam TK_W = $clog2(TICK_CYCLES);

initial begin
    if (TICK_CYCLES < 2 || (TICK_CYCLES & (TICK_CYCLES - 1)) != 0)
        $error("rnic_req_timer: TICK_CYCLES must be a power of two >= 2");
end

// RNR NAK timer code (IBA table 45: 0.01 ms .. 491.52 ms, code 0 655.36 ms)
// in ticks of 4.096 us, rounded up
function [31:0] rnr_ticks;
    input [4:0] code;
    begin
        case (code)
        5'd0:  rnr_ticks = 32'd160000;
        5'd1:  rnr_ticks = 32'd3;
        5'd2:  rnr_ticks = 32'd5;
        5'd3:  rnr_ticks = 32'd8;
        5'd4:  rnr_ticks = 32'd10;
        5'd5:  rnr_ticks = 32'd15;
        5'd6:  rnr_ticks = 32'd20;
        5'd7:  rnr_ticks = 32'd30;
        5'd8:  rnr_ticks = 32'd40;
        5'd9:  rnr_ticks = 32'd59;
        5'd10: rnr_ticks = 32'd79;
        5'd11: rnr_ticks = 32'd118;
        5'd12: rnr_ticks = 32'd157;
        5'd13: rnr_ticks = 32'd235;
        5'd14: rnr_ticks = 32'd313;
        5'd15: rnr_ticks = 32'd469;
        5'd16: rnr_ticks = 32'd625;
        5'd17: rnr_ticks = 32'd938;
        5'd18: rnr_ticks = 32'd1250;
        5'd19: rnr_ticks = 32'd1875;
        5'd20: rnr_ticks = 32'd2500;
        5'd21: rnr_ticks = 32'd3750;
        5'd22: rnr_ticks = 32'd5000;
        5'd23: rnr_ticks = 32'd7500;
        5'd24: rnr_ticks = 32'd10000;
        5'd25: rnr_ticks = 32'd15000;
        5'd26: rnr_ticks = 32'd20000;
        5'd27: rnr_ticks = 32'd30000;
        5'd28: rnr_ticks = 32'd40000;
        5'd29: rnr_ticks = 32'd60000;
        5'd30: rnr_ticks = 32'd80000;
        default: rnr_ticks = 32'd120000;
        endcase
    end
endfunction
// a is strictly before b (32-bit serial order)
function tm_before;
    input [31:0] a;
    input [31:0] b;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] d;   // only the sign bit is used
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        d = a - b;
        tm_before = d[31];
    end
endfunction
function tm_due;
    input [31:0] dl;
    input [31:0] now;
    begin
        tm_due = !tm_before(now, dl);
    end
endfunction

reg [QPS-1:0]   tm_on_reg, tm_rnr_reg;
reg [QPS-1:0]   tm_now_reg;                 // due at once (the QP entered ERR)
reg [31:0]      tm_dl_mem [0:QPS-1];
reg [5:0]       rl_mem [0:QPS-1];
reg [QPS-1:0]   hold_reg;
reg [23:0]      rpsn_mem [0:QPS-1];
reg [TK_W-1:0]  tk_div_reg;
reg [31:0]      now_reg;

assign c_rnr = tm_rnr_reg[c_qp];
assign c_hold = hold_reg[c_qp];
assign c_rl = rl_mem[c_qp];
assign c_rpsn = rpsn_mem[c_qp];
// (registered while the completion stage is in C_LD2, the cycle before
// C_TMO; a timer that comes due one cycle later is found again by the sweep)
always @(posedge clk)
    if (c_ld2)
        c_tmo_due <= tm_on_reg[c_qp] && (tm_now_reg[c_qp] || tm_due(tm_dl_mem[c_qp], now_reg));

// the write, registered
reg             twp_arm, twp_rnr, twp_off, twp_rl, twp_hold_set, twp_hold_clr, twp_rtx;
reg             twp_flags, twp_on_val;
reg [QPN_W-1:0] twp_q;
reg [23:0]      twp_rpsn;
reg [5:0]       twp_rl_val;
// its deadline, one tick more than the time: at least the whole time
wire [31:0] cmd_nd = now_reg + (cmd_rnr ? rnr_ticks(cmd_rnr_code) : (32'd1 << cmd_timeout)) + 32'd1;
reg  [31:0] twp_nd;
reg         twp_nd_v;
wire        cmd_live = !rst && !sweep_busy;
wire [5:0]  cmd_rl_new = cmd_rl_load ? {cmd_retry_cnt, cmd_rnr_retry} :
                         cmd_rl_dec  ? {c_rl[5:3] - 3'd1, c_rl[2:0]} :
                                       {c_rl[5:3], c_rl[2:0] - 3'd1};
always @(posedge clk) begin
    twp_arm <= cmd_arm && cmd_live;
    twp_rnr <= cmd_rnr && cmd_live;
    twp_off <= cmd_off && cmd_live;
    twp_rl <= (cmd_rl_load || cmd_rl_dec || cmd_rnr_dec) && cmd_live;
    twp_hold_set <= cmd_hold_set && cmd_live;
    twp_hold_clr <= cmd_hold_clr && cmd_live;
    twp_rtx <= cmd_rtx && cmd_live;
    twp_flags <= !(ctx_valid && (ctx_reset || ctx_err) && ctx_qp == cmd_q);
    twp_on_val <= cmd_timeout != 5'd0;
    twp_q <= cmd_q;
    twp_rpsn <= cmd_rpsn;
    twp_rl_val <= cmd_rl_new;
    twp_nd <= cmd_nd;
    twp_nd_v <= (cmd_rnr || (cmd_arm && cmd_timeout != 5'd0)) && !rst;
end
wire twp_on_hit = (twp_arm || twp_rnr || twp_off) && twp_flags && twp_q == w_qp;
wire twp_on_new = !twp_off && (twp_rnr || twp_on_val);
assign w_tm_on = twp_on_hit ? twp_on_new : tm_on_reg[w_qp];

// the sweep: QP sw_q is read into registers, then counted
reg [QPN_W-1:0] sw_q_reg;
wire sw_hit = tm_on_reg[sw_q_reg] && (tm_now_reg[sw_q_reg] || tm_due(tm_dl_mem[sw_q_reg], now_reg));
reg  [31:0] sw_dle;
reg         sw_on, sw_last, sw_vis;
always @(posedge clk) begin
    sw_dle <= tm_now_reg[sw_q_reg] ? now_reg : tm_dl_mem[sw_q_reg];
    sw_on <= tm_on_reg[sw_q_reg];
    sw_last <= sw_q_reg == {QPN_W{1'b1}};
    sw_vis <= !tmo_pend && !rst;      // the sweep moves on from this QP
end

// the earliest deadline: this sweep's minimum over the running timers (one
// due at once counts as now), and the last whole sweep's, each lowered by
// every deadline set since (a cycle after it was set: it is at least two
// ticks ahead, so the one tick timer_skip_ok may still allow cannot pass it)
reg [31:0] swm_reg, mdl_reg, swm_next, mdl_next;
reg        swm_v_reg, mdl_v_reg, swm_v_next, mdl_v_next;
wire       sw_low = sw_on && (!swm_v_reg || tm_before(sw_dle, swm_reg));
always @* begin
    swm_next = swm_reg;
    swm_v_next = swm_v_reg;
    mdl_next = mdl_reg;
    mdl_v_next = mdl_v_reg;
    if (sw_vis) begin
        if (sw_last) begin
            // a whole sweep seen: its minimum becomes the last one's
            mdl_next = sw_low ? sw_dle : swm_reg;
            mdl_v_next = swm_v_reg || sw_on;
            swm_v_next = 1'b0;
        end else if (sw_low) begin
            swm_next = sw_dle;
            swm_v_next = 1'b1;
        end
    end
    if (twp_nd_v) begin
        if (!mdl_v_next || tm_before(twp_nd, mdl_next)) begin
            mdl_next = twp_nd;
            mdl_v_next = 1'b1;
        end
        if (!swm_v_next || tm_before(twp_nd, swm_next)) begin
            swm_next = twp_nd;
            swm_v_next = 1'b1;
        end
    end
    if (ctx_valid && ctx_err) begin
        // due at once
        mdl_next = now_reg;
        mdl_v_next = 1'b1;
        swm_next = now_reg;
        swm_v_next = 1'b1;
    end
end
assign timer_busy = tm_on_reg != {QPS{1'b0}} || tmo_pend || rtx != {QPS{1'b0}} ||
                    twp_arm || twp_rnr || twp_rtx;
assign timer_skip_ok = !tmo_pend && rtx == {QPS{1'b0}} && !twp_rtx &&
                       (!mdl_v_reg || tm_before(now_reg + 32'd1, mdl_reg));

always @(posedge clk) begin
    if (sweep_busy) begin
        tm_dl_mem[sweep_qp] <= 32'd0;
        rpsn_mem[sweep_qp] <= 24'd0;
        rl_mem[sweep_qp] <= 6'd0;
    end else begin
        // the write decided the cycle before
        if (twp_arm) begin
            if (twp_flags) begin
                tm_on_reg[twp_q] <= twp_on_val;
                tm_rnr_reg[twp_q] <= 1'b0;
                tm_now_reg[twp_q] <= 1'b0;
            end
            tm_dl_mem[twp_q] <= twp_nd;
        end
        if (twp_rnr) begin
            if (twp_flags) begin
                tm_on_reg[twp_q] <= 1'b1;
                tm_rnr_reg[twp_q] <= 1'b1;
                tm_now_reg[twp_q] <= 1'b0;
            end
            tm_dl_mem[twp_q] <= twp_nd;
        end
        if (twp_off && twp_flags) begin
            tm_on_reg[twp_q] <= 1'b0;
            tm_rnr_reg[twp_q] <= 1'b0;
            tm_now_reg[twp_q] <= 1'b0;
        end
        if (twp_rl)
            rl_mem[twp_q] <= twp_rl_val;
        if (twp_flags) begin
            if (twp_hold_set)
                hold_reg[twp_q] <= 1'b1;
            else if (twp_hold_clr)
                hold_reg[twp_q] <= 1'b0;
            if (twp_rtx)
                rtx[twp_q] <= 1'b1;
        end
        if (twp_rnr || twp_rtx)
            rpsn_mem[twp_q] <= twp_rpsn;
    end
    if (rtx_clr)
        rtx[rtx_clr_qp] <= 1'b0;
    // time and the sweep
    swm_reg <= swm_next;
    swm_v_reg <= swm_v_next;
    mdl_reg <= mdl_next;
    mdl_v_reg <= mdl_v_next;
    if (tick_turbo) begin
        now_reg <= now_reg + 32'd1;
    end else begin
        tk_div_reg <= tk_div_reg + 1'b1;
        if (tk_div_reg == {TK_W{1'b1}})
            now_reg <= now_reg + 32'd1;
    end
    if (!tmo_pend)
        sw_q_reg <= sw_q_reg + 1'b1;
    if (tmo_take)
        tmo_pend <= 1'b0;
    else if (!tmo_pend && sw_hit) begin
        tmo_pend <= 1'b1;
        tmo_q <= sw_q_reg;
    end
    // context writes win over the engine's own
    if (ctx_valid && ctx_reset) begin
        tm_on_reg[ctx_qp] <= 1'b0;
        tm_rnr_reg[ctx_qp] <= 1'b0;
        tm_now_reg[ctx_qp] <= 1'b0;
        hold_reg[ctx_qp] <= 1'b0;
        rtx[ctx_qp] <= 1'b0;
    end
    if (ctx_valid && ctx_err) begin
        // entering ERR: the timer comes due at once, so the outstanding
        // entries are flushed (C_TMO)
        tm_on_reg[ctx_qp] <= 1'b1;
        tm_rnr_reg[ctx_qp] <= 1'b0;
        tm_now_reg[ctx_qp] <= 1'b1;
    end
    if (rst) begin
        tm_on_reg <= {QPS{1'b0}};
        tm_rnr_reg <= {QPS{1'b0}};
        tm_now_reg <= {QPS{1'b0}};
        hold_reg <= {QPS{1'b0}};
        rtx <= {QPS{1'b0}};
        tk_div_reg <= {TK_W{1'b0}};
        now_reg <= 32'd0;
        sw_q_reg <= {QPN_W{1'b0}};
        tmo_pend <= 1'b0;
        swm_v_reg <= 1'b0;
        mdl_v_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
