// rnic_req_timer: the requester's retransmission timers, per QP.
//
// What it holds, per QP: the timer {runs, is an RNR wait, due at once,
// deadline in ticks}, the retries left {transport retry_cnt, RNR
// rnr_retry} (reloaded on progress), the go-back-N hold, a retransmission
// waiting for the WQE stage, and the PSN it restarts from. Besides them: the
// time base (ticks of TICK_CYCLES cycles), the sweep that looks at one QP's
// timer per cycle and holds an expired one (tmo_pend / tmo_q) until the
// completion stage takes it, and the earliest deadline a simulator's
// fast-forward may not pass (timer_skip_ok). Nothing is a per-QP vector:
// every per-QP entry is in a table with one write port read through
// registered addresses (block RAM at any QP count), cleared by the reset
// sweep; the waiting retransmissions are a FIFO of QPs, offered one at a
// time (rtx_valid, rtx_qp) in the order they were requested; the running
// timers are counted (timer_busy).
//
// Writes (cmd_*): what the completion stage decides for a QP in cycle t is
// registered and written at the end of t+1, so the decision and the per-QP
// write decode are a cycle apart. rnic_req never reads a QP's entries the
// cycle after writing them (a writing state goes on to C_LD1, C_IDLE or a
// NAK-mode walk, none of which reads them, and two writes are never back to
// back); the one early reader, the push's "timer off" check (w_tm_on),
// sees a pending write through. A context write that resets the QP or puts
// it in ERR in cycle t (ctx_*) wins over the flags of the write decided in
// t and over those written in t (held a cycle, tph, and seen through by
// the completion and WQE stages' readers); entering ERR makes the timer
// due at once, so the completion stage flushes the QP (C_TMO).
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
    // the WQE stage took QP rtx_clr_qp's retransmission (the one offered)
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
    output wire             w_rtx,          // and a retransmission of it waits
    // a retransmission waiting, offered to the WQE stage until taken
    // (rtx_clr of this QP) or cancelled (a context reset of it)
    output reg              rtx_valid,
    output reg  [QPN_W-1:0] rtx_qp,
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

// Per-QP tables. Every table is a memory with one write port, read at
// addresses that are registers (c_qp, w_qp, the sweep's QP, the write's
// QP, ctx_qp), so each maps to block RAM, one copy per reader; the reset
// sweep (sweep_busy) clears them, rst clears none. The flags {timer runs,
// RNR wait, due at once} and the hold have one writer at a time: the
// sweep, a context write, the engine's write held from the cycle before
// (tph), the engine's write (twp), in that order.
reg             on_mem [0:QPS-1];           // the timer runs
reg             rnr_mem [0:QPS-1];          // it is an RNR wait
reg             now_mem [0:QPS-1];          // it is due at once
reg             hold_mem [0:QPS-1];
reg [31:0]      tm_dl_mem [0:QPS-1];
reg [5:0]       rl_mem [0:QPS-1];
reg [23:0]      rpsn_mem [0:QPS-1];
reg [TK_W-1:0]  tk_div_reg;
reg [31:0]      now_reg;

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
// the engine's flag write: {on, rnr, now} (a stop over an RNR wait over an
// arm) and the hold
wire       twp_f_en = (twp_arm || twp_rnr || twp_off) && twp_flags;
wire [2:0] twp_f = twp_off ? 3'b000 : twp_rnr ? 3'b110 : {twp_on_val, 2'b00};
wire       twp_h_en = (twp_hold_set || twp_hold_clr) && twp_flags;
wire       twp_h = twp_hold_set;
// a context write: a reset stops the timer and clears the hold; entering
// ERR makes the timer due at once (the completion stage then flushes the
// QP, C_TMO) and leaves the hold
wire       ctx_w = ctx_valid && (ctx_reset || ctx_err);
wire [2:0] ctx_f = ctx_reset ? 3'b000 : 3'b101;
wire       ctx_same = ctx_w && ctx_qp == twp_q;
// The engine's write in a context write's cycle is held a cycle (tph),
// without the flags the context write set if it is of the same QP; so is
// one in the cycle a held write is written (the engine's writes are never
// back to back and context writes are many cycles apart, so neither
// happens twice in a row).
reg             tph_f_en, tph_h_en, tph_h, tph_old_on;
reg [2:0]       tph_f;
reg [QPN_W-1:0] tph_q;
wire            tph_v = tph_f_en || tph_h_en;
wire            on_twp = on_mem[twp_q];
wire            twp_hold = (twp_f_en || twp_h_en) && (ctx_w || tph_v);
wire            ctx_tph = ctx_w && ctx_qp == tph_q;
always @(posedge clk) begin
    if (twp_hold) begin
        tph_f_en <= twp_f_en && !ctx_same;
        tph_h_en <= twp_h_en && !(ctx_same && ctx_reset);
        tph_f <= twp_f;
        tph_h <= twp_h;
        tph_q <= twp_q;
        tph_old_on <= (tph_f_en && !ctx_w && tph_q == twp_q) ? tph_f[2] : on_twp;
    end else if (ctx_w) begin
        // a held write waits on; a context write of its QP wins over it
        if (ctx_tph)
            tph_f_en <= 1'b0;
        if (ctx_tph && ctx_reset)
            tph_h_en <= 1'b0;
    end else begin
        tph_f_en <= 1'b0;
        tph_h_en <= 1'b0;
    end
    if (rst || sweep_busy) begin
        tph_f_en <= 1'b0;
        tph_h_en <= 1'b0;
    end
end
// the one flag write of the cycle
reg             fw_f_en, fw_h_en, fw_h, fw_old_on;
reg [2:0]       fw_f;
reg [QPN_W-1:0] fw_q;
always @* begin
    fw_q = twp_q;
    fw_f = twp_f;
    fw_h = twp_h;
    fw_old_on = on_twp;
    fw_f_en = twp_f_en;
    fw_h_en = twp_h_en;
    if (sweep_busy) begin
        fw_q = sweep_qp;
        fw_f = 3'b000;
        fw_h = 1'b0;
        fw_f_en = 1'b1;
        fw_h_en = 1'b1;
    end else if (ctx_w) begin
        fw_q = ctx_qp;
        fw_f = ctx_f;
        fw_h = 1'b0;
        fw_old_on = on_mem[ctx_qp];
        fw_f_en = 1'b1;
        fw_h_en = ctx_reset;
    end else if (tph_v) begin
        fw_q = tph_q;
        fw_f = tph_f;
        fw_h = tph_h;
        fw_old_on = tph_old_on;
        fw_f_en = tph_f_en;
        fw_h_en = tph_h_en;
    end
end
// running timers, counted (timer_busy): each flag write adds its new "on"
// and takes away the old one; the sweep follows rst, which zeroes the count
reg [QPN_W:0] on_cnt_reg;
always @(posedge clk) begin
    if (fw_f_en && !sweep_busy && fw_f[2] != fw_old_on)
        on_cnt_reg <= fw_f[2] ? on_cnt_reg + 1'b1 : on_cnt_reg - 1'b1;
    if (rst)
        on_cnt_reg <= {(QPN_W+1){1'b0}};
end

// readers: the completion stage's QP and the WQE stage's QP see the held
// write; the WQE stage's QP also the engine's write of this cycle
wire [2:0] tf_c = (tph_f_en && tph_q == c_qp) ? tph_f : {on_mem[c_qp], rnr_mem[c_qp], now_mem[c_qp]};
assign c_rnr = tf_c[1];
assign c_hold = (tph_h_en && tph_q == c_qp) ? tph_h : hold_mem[c_qp];
assign c_rl = rl_mem[c_qp];
assign c_rpsn = rpsn_mem[c_qp];
// (registered while the completion stage is in C_LD2, the cycle before
// C_TMO; a timer that comes due one cycle later is found again by the sweep)
always @(posedge clk)
    if (c_ld2)
        c_tmo_due <= tf_c[2] && (tf_c[0] || tm_due(tm_dl_mem[c_qp], now_reg));
assign w_tm_on = (twp_f_en && twp_q == w_qp) ? twp_f[2] :
                 (tph_f_en && tph_q == w_qp) ? tph_f[2] : on_mem[w_qp];

// Retransmissions waiting. A QP's request is pending while rs_mem and
// rc_mem differ: the engine's write (twp) flips rs_mem when none is
// pending; the take by the WQE stage and a context reset (cancel) make
// rc_mem equal to it. Pending QPs wait in a FIFO of QPs (rq_mem), each at
// most once (in it while iqs_mem and iqc_mem differ; the push flips iqs_mem,
// the pop makes iqc_mem equal). The head is read (P0) into the read's
// output register, copied into a register the tables are read at (so they
// are block RAM reads), then checked (P1): a QP whose request was taken or
// cancelled meanwhile is dropped, the rest are offered, one at a time, to
// the WQE stage (rtx_valid, rtx_qp) until it is taken or cancelled.
reg             rs_mem [0:QPS-1];
reg             rc_mem [0:QPS-1];
reg             iqs_mem [0:QPS-1];
reg             iqc_mem [0:QPS-1];
reg [QPN_W-1:0] rq_mem [0:QPS-1];
reg [QPN_W:0]   rq_wr_reg, rq_rd_reg;
reg             a_v_reg;                    // the QP read from the FIFO's head (P0)
reg [QPN_W-1:0] a_q_reg;                    // (the read's output register)
reg             h_v_reg;                    // P1: that QP, in a register the
reg [QPN_W-1:0] h_q_reg;                    // tables are read at
reg             o_rs_reg;                   // rs_mem of the QP offered
// a take in a cancel's cycle (of another QP) is written the cycle after (tk)
reg             tk_v_reg, tk_val_reg;
reg [QPN_W-1:0] tk_q_reg;
wire cancel = ctx_valid && ctx_reset && !sweep_busy;
wire take = rtx_clr && rtx_valid && rtx_qp == rtx_clr_qp;
// the engine's request: pending already (no change), or a new one
wire rs_t = rs_mem[twp_q];
wire rc_t = (tk_v_reg && tk_q_reg == twp_q) ? tk_val_reg : rc_mem[twp_q];
wire in_q_t = iqs_mem[twp_q] != iqc_mem[twp_q];
wire set_go = twp_rtx && twp_flags && !(cancel && ctx_qp == twp_q);
wire set_flip = set_go && rs_t == rc_t;
wire push = set_go && !in_q_t;
// P1: the head's QP is offered if its request is pending (one set this
// cycle included, one cancelled this cycle not)
wire rs_h = rs_mem[h_q_reg];
wire rc_h = (tk_v_reg && tk_q_reg == h_q_reg) ? tk_val_reg : rc_mem[h_q_reg];
wire set_h = set_flip && twp_q == h_q_reg;
wire live_h = (rs_h != rc_h || set_h) && !(cancel && ctx_qp == h_q_reg);
wire p1_go = h_v_reg && !rtx_valid;
wire a_go = a_v_reg && (!h_v_reg || p1_go);
wire p0_go = rq_rd_reg != rq_wr_reg && (!a_v_reg || a_go);
// rc_mem's write: the sweep, a cancel (rc = rs; of a QP whose request is
// set this cycle it wins), the held take, the take
wire rs_c = rs_mem[ctx_qp];
always @(posedge clk) begin
    if (sweep_busy) begin
        rs_mem[sweep_qp] <= 1'b0;
        iqs_mem[sweep_qp] <= 1'b0;
    end else begin
        if (set_flip)
            rs_mem[twp_q] <= !rs_t;
        if (push) begin
            iqs_mem[twp_q] <= !iqs_mem[twp_q];
            rq_mem[rq_wr_reg[QPN_W-1:0]] <= twp_q;
        end
    end
    if (sweep_busy)
        rc_mem[sweep_qp] <= 1'b0;
    else if (cancel)
        rc_mem[ctx_qp] <= rs_c;
    else if (tk_v_reg)
        rc_mem[tk_q_reg] <= tk_val_reg;
    else if (take)
        rc_mem[rtx_qp] <= o_rs_reg;
    tk_v_reg <= take && cancel && ctx_qp != rtx_qp;
    tk_q_reg <= rtx_qp;
    tk_val_reg <= o_rs_reg;
    if (sweep_busy)
        iqc_mem[sweep_qp] <= 1'b0;
    else if (p1_go)
        iqc_mem[h_q_reg] <= iqs_mem[h_q_reg];
    if (push)
        rq_wr_reg <= rq_wr_reg + 1'b1;
    if (p0_go) begin
        a_q_reg <= rq_mem[rq_rd_reg[QPN_W-1:0]];
        rq_rd_reg <= rq_rd_reg + 1'b1;
    end
    if (p0_go)
        a_v_reg <= 1'b1;
    else if (a_go)
        a_v_reg <= 1'b0;
    if (a_go)
        h_q_reg <= a_q_reg;
    if (a_go)
        h_v_reg <= 1'b1;
    else if (p1_go)
        h_v_reg <= 1'b0;
    if (p1_go && live_h) begin
        rtx_valid <= 1'b1;
        rtx_qp <= h_q_reg;
        o_rs_reg <= set_h ? !rs_h : rs_h;
    end else if (take || (cancel && ctx_qp == rtx_qp)) begin
        rtx_valid <= 1'b0;
    end
    if (rst) begin
        rq_wr_reg <= {(QPN_W+1){1'b0}};
        rq_rd_reg <= {(QPN_W+1){1'b0}};
        a_v_reg <= 1'b0;
        h_v_reg <= 1'b0;
        rtx_valid <= 1'b0;
        tk_v_reg <= 1'b0;
    end
end
wire rc_w = (tk_v_reg && tk_q_reg == w_qp) ? tk_val_reg : rc_mem[w_qp];
assign w_rtx = rs_mem[w_qp] != rc_w;
wire rtx_busy = rq_rd_reg != rq_wr_reg || a_v_reg || h_v_reg || rtx_valid;

// the sweep: QP sw_q is read into registers, then counted
reg [QPN_W-1:0] sw_q_reg;
wire sw_on_m = on_mem[sw_q_reg];
wire sw_now_m = now_mem[sw_q_reg];
wire sw_hit = sw_on_m && (sw_now_m || tm_due(tm_dl_mem[sw_q_reg], now_reg)) && !sweep_busy;
reg  [31:0] sw_dle;
reg         sw_on, sw_last, sw_vis;
always @(posedge clk) begin
    sw_dle <= sw_now_m ? now_reg : tm_dl_mem[sw_q_reg];
    sw_on <= sw_on_m && !sweep_busy;
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
assign timer_busy = on_cnt_reg != {(QPN_W+1){1'b0}} || tmo_pend || rtx_busy ||
                    twp_arm || twp_rnr || twp_rtx || tph_v;
assign timer_skip_ok = !tmo_pend && !rtx_busy && !twp_rtx &&
                       (!mdl_v_reg || tm_before(now_reg + 32'd1, mdl_reg));

always @(posedge clk) begin
    // the flags' one write port
    if (fw_f_en) begin
        on_mem[fw_q] <= fw_f[2];
        rnr_mem[fw_q] <= fw_f[1];
        now_mem[fw_q] <= fw_f[0];
    end
    if (fw_h_en)
        hold_mem[fw_q] <= fw_h;
    if (sweep_busy) begin
        tm_dl_mem[sweep_qp] <= 32'd0;
        rpsn_mem[sweep_qp] <= 24'd0;
        rl_mem[sweep_qp] <= 6'd0;
    end else begin
        // the write decided the cycle before
        if (twp_arm || twp_rnr)
            tm_dl_mem[twp_q] <= twp_nd;
        if (twp_rl)
            rl_mem[twp_q] <= twp_rl_val;
        if (twp_rnr || twp_rtx)
            rpsn_mem[twp_q] <= twp_rpsn;
    end
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
    if (rst) begin
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
