// tb_async_fifo: rnic_async_fifo between two unrelated clocks loses,
// duplicates, reorders and corrupts no beat, never takes a beat when full,
// never shows one when empty, holds exactly 2^LOG_DEPTH beats and moves one
// beat per cycle of the slower clock.
//
// Each test starts from reset (both sides together, released at different
// moments) with its own pair of clock frequencies. The traffic tests send
// FRAMES frames of 1..MAX_LEN beats with random gaps on s_axis_tvalid and
// random back-pressure on m_axis_tready (xorshift, seeded); their duty changes
// every 256 cycles, so the FIFO runs full and runs dry. Beat k of frame f, the
// seq-th beat of the test, carries {k, f, seq} in tdata[63:0] and a hash of
// seq in the rest; tkeep is all ones but on the last beat, where it is a
// pattern chosen by f (packed in odd frames, any in even ones). The checker
// compares every beat and names lost, duplicated and reordered beats; it
// counts the beats held (writes at s_clk edges minus reads at m_clk edges)
// to prove that no write is taken when full and no beat shown when empty,
// and checks that a beat shown stays, unchanged, until it is taken.
//
// Tests (+test=<name> runs one): faster (MAC 322.265625 MHz -> core 250),
// slower (156.25 -> 250), drift (250 -> 249.9: the phase slips a whole cycle
// every 10 us), reverse (250 -> 322.265625), fill (reads stalled until full:
// exactly 2^LOG_DEPTH beats, then drained), reset_full (reset while full: no
// stale beat comes out, traffic afterwards is clean), full_rate (no gaps, no
// back-pressure, four clock pairs).
//
// The frame modes have instances of their own, FRAME_MAX (MAX_LEN, at most
// 2^LOG_DEPTH) beats their largest frame; a test picks one, the others idle:
// frame (FRAME_MODE: random traffic, core 250 -> MAC 322.265625; no beat of
// a frame shows on m_axis before that frame's tlast went in; then full rate),
// frame_gapless (FRAME_MODE: the write side pauses up to 64 cycles inside
// frames, m_axis_tready stays high: once a frame starts, m_axis_tvalid stays
// high to its last beat), drop (DROP_WHEN_FULL with FRAME_MODE, the receive
// crossing, MAC 322.265625 -> core 250, the reads stalled for hundreds of
// cycles at a time, frames up to FRAME_MAX + FRAME_MAX / 4 + 2 beats) and
// drop_cut (DROP_WHEN_FULL alone, MAC 322.265625 -> core 156.25). The drop
// tests learn each frame's fate from s_drop_frame, the cycle after the beat
// that decided it, and check it: s_axis_tready always 1; a pulse only after
// a frame's first beat or after beat FRAME_MAX of an over-long frame, never
// two for one frame; a frame taken only with room for a largest frame in the
// true count, and, reads stalled long enough for the write side to have seen
// them all, dropped exactly when that room is missing; never more than
// 2^LOG_DEPTH beats held. The checker then expects exactly the frames taken,
// whole and in order (drop_cut: an over-long frame cut to FRAME_MAX beats,
// tlast on the last), and counts the pulses against the frames missing.
//
// Each side drives its inputs at the falling edge of its own clock and
// decides there what the next rising edge transfers (a side's outputs change
// only on that side's rising edge), the write side's bookkeeping leaves out
// a read made at the very instant it looks, and waits for the checker sit
// on the other edge, so Icarus and Verilator agree to the cycle and print
// the same figures.
`timescale 1ns/1ps
`default_nettype none

module tb_async_fifo;

parameter DATA_W = 64;       // tdata width in bits, a multiple of 32, at least 64
parameter LOG_DEPTH = 6;     // FIFO capacity 2^LOG_DEPTH beats
parameter SYNC_STAGES = 2;   // synchronizer flip-flops
parameter FRAMES = 2000;     // frames per traffic test
parameter MAX_LEN = 16;      // longest frame in beats

localparam KEEP_W = DATA_W / 8;
localparam CAP = 1 << LOG_DEPTH;
localparam RESET_CYCLES = SYNC_STAGES + 4;
localparam FRAME_MAX = MAX_LEN < CAP ? MAX_LEN : CAP;   // MAX_FRAME_BEATS of the frame-mode instances
localparam OVER_LEN = FRAME_MAX / 4 + 2;                // drop tests: frames up to this much longer
localparam FATES = FRAMES;                              // frames a drop test may send

// the instance a test drives
localparam SEL_PLAIN = 0;      // dut: neither mode
localparam SEL_FRAME = 1;      // dut_frame: FRAME_MODE
localparam SEL_DROP = 2;       // dut_drop: DROP_WHEN_FULL and FRAME_MODE (receive)
localparam SEL_DROP_CUT = 3;   // dut_drop_cut: DROP_WHEN_FULL alone

// what became of a frame at the write side of a drop test
localparam FATE_TAKEN = 0;     // taken whole (or not decided yet)
localparam FATE_DROPPED = 1;   // dropped: no beat of it may come out
localparam FATE_CUT = 2;       // drop_cut only: over-long, cut to FRAME_MAX beats

initial begin
    if (DATA_W < 64 || DATA_W % 32 != 0) begin
        $error("tb_async_fifo: DATA_W must be a multiple of 32, at least 64");
        $finish;
    end
    if (FRAME_MAX < 2) begin
        $error("tb_async_fifo: the frame tests need MAX_LEN and 2^LOG_DEPTH of 2 or more");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// clocks: edges at exact multiples of the half period (kept as a real sum, so
// rounding to the 1 ps precision never accumulates into a frequency error)

real s_half = 2.0;
real m_half = 2.0;
real s_edge = 0.0;
real m_edge = 0.0;
reg  s_clk = 1'b0;
reg  m_clk = 1'b0;

initial forever begin
    s_edge = s_edge + s_half;
    #(s_edge - $realtime) s_clk = ~s_clk;
end

initial forever begin
    m_edge = m_edge + m_half;
    #(m_edge - $realtime) m_clk = ~m_clk;
end

// ---------------------------------------------------------------------------
// the device

reg               s_rst = 1'b1;
reg  [DATA_W-1:0] s_tdata = {DATA_W{1'b0}};
reg  [KEEP_W-1:0] s_tkeep = {KEEP_W{1'b0}};
reg               s_tvalid = 1'b0;
wire              s_tready;
reg               s_tlast = 1'b0;
wire [LOG_DEPTH:0] s_depth;
wire              s_drop;
reg               m_rst = 1'b1;
wire [DATA_W-1:0] m_tdata;
wire [KEEP_W-1:0] m_tkeep;
wire              m_tvalid;
reg               m_tready = 1'b0;
wire              m_tlast;
wire [LOG_DEPTH:0] m_depth;

integer dut_sel = SEL_PLAIN;   // changed only while both resets are asserted

// only the instance in use sees its clocks (the others would cost as much
// simulation time for nothing); a clock edge made by switching comes while
// both resets are asserted
wire [3:0] s_clk_of = {4{s_clk}} & (4'b1 << dut_sel);
wire [3:0] m_clk_of = {4{m_clk}} & (4'b1 << dut_sel);

// each instance's outputs: index SEL_* in the low bits of each bus
wire [4*DATA_W-1:0] any_tdata;
wire [4*KEEP_W-1:0] any_tkeep;
wire [3:0]          any_tvalid, any_tlast, any_tready, any_drop;
wire [4*(LOG_DEPTH+1)-1:0] any_s_depth, any_m_depth;

assign s_tready = any_tready[dut_sel];
assign s_depth  = any_s_depth[dut_sel*(LOG_DEPTH+1) +: LOG_DEPTH+1];
assign s_drop   = any_drop[dut_sel];
assign m_tdata  = any_tdata[dut_sel*DATA_W +: DATA_W];
assign m_tkeep  = any_tkeep[dut_sel*KEEP_W +: KEEP_W];
assign m_tvalid = any_tvalid[dut_sel];
assign m_tlast  = any_tlast[dut_sel];
assign m_depth  = any_m_depth[dut_sel*(LOG_DEPTH+1) +: LOG_DEPTH+1];
assign any_drop[SEL_PLAIN] = 1'b0;
assign any_drop[SEL_FRAME] = 1'b0;

rnic_async_fifo #(
    .DATA_W(DATA_W),
    .LOG_DEPTH(LOG_DEPTH),
    .SYNC_STAGES(SYNC_STAGES)
) dut (
    .s_clk(s_clk_of[SEL_PLAIN]), .s_rst(s_rst),
    .s_axis_tdata(s_tdata), .s_axis_tkeep(s_tkeep),
    .s_axis_tvalid(s_tvalid && dut_sel == SEL_PLAIN),
    .s_axis_tready(any_tready[SEL_PLAIN]), .s_axis_tlast(s_tlast),
    .s_status_depth(any_s_depth[SEL_PLAIN*(LOG_DEPTH+1) +: LOG_DEPTH+1]),
    .s_drop_frame(),
    .m_clk(m_clk_of[SEL_PLAIN]), .m_rst(m_rst),
    .m_axis_tdata(any_tdata[SEL_PLAIN*DATA_W +: DATA_W]),
    .m_axis_tkeep(any_tkeep[SEL_PLAIN*KEEP_W +: KEEP_W]),
    .m_axis_tvalid(any_tvalid[SEL_PLAIN]),
    .m_axis_tready(m_tready && dut_sel == SEL_PLAIN), .m_axis_tlast(any_tlast[SEL_PLAIN]),
    .m_status_depth(any_m_depth[SEL_PLAIN*(LOG_DEPTH+1) +: LOG_DEPTH+1])
);

rnic_async_fifo #(
    .DATA_W(DATA_W),
    .LOG_DEPTH(LOG_DEPTH),
    .SYNC_STAGES(SYNC_STAGES),
    .FRAME_MODE(1),
    .MAX_FRAME_BEATS(FRAME_MAX)
) dut_frame (
    .s_clk(s_clk_of[SEL_FRAME]), .s_rst(s_rst),
    .s_axis_tdata(s_tdata), .s_axis_tkeep(s_tkeep),
    .s_axis_tvalid(s_tvalid && dut_sel == SEL_FRAME),
    .s_axis_tready(any_tready[SEL_FRAME]), .s_axis_tlast(s_tlast),
    .s_status_depth(any_s_depth[SEL_FRAME*(LOG_DEPTH+1) +: LOG_DEPTH+1]),
    .s_drop_frame(),
    .m_clk(m_clk_of[SEL_FRAME]), .m_rst(m_rst),
    .m_axis_tdata(any_tdata[SEL_FRAME*DATA_W +: DATA_W]),
    .m_axis_tkeep(any_tkeep[SEL_FRAME*KEEP_W +: KEEP_W]),
    .m_axis_tvalid(any_tvalid[SEL_FRAME]),
    .m_axis_tready(m_tready && dut_sel == SEL_FRAME), .m_axis_tlast(any_tlast[SEL_FRAME]),
    .m_status_depth(any_m_depth[SEL_FRAME*(LOG_DEPTH+1) +: LOG_DEPTH+1])
);

rnic_async_fifo #(
    .DATA_W(DATA_W),
    .LOG_DEPTH(LOG_DEPTH),
    .SYNC_STAGES(SYNC_STAGES),
    .FRAME_MODE(1),
    .DROP_WHEN_FULL(1),
    .MAX_FRAME_BEATS(FRAME_MAX)
) dut_drop (
    .s_clk(s_clk_of[SEL_DROP]), .s_rst(s_rst),
    .s_axis_tdata(s_tdata), .s_axis_tkeep(s_tkeep),
    .s_axis_tvalid(s_tvalid && dut_sel == SEL_DROP),
    .s_axis_tready(any_tready[SEL_DROP]), .s_axis_tlast(s_tlast),
    .s_status_depth(any_s_depth[SEL_DROP*(LOG_DEPTH+1) +: LOG_DEPTH+1]),
    .s_drop_frame(any_drop[SEL_DROP]),
    .m_clk(m_clk_of[SEL_DROP]), .m_rst(m_rst),
    .m_axis_tdata(any_tdata[SEL_DROP*DATA_W +: DATA_W]),
    .m_axis_tkeep(any_tkeep[SEL_DROP*KEEP_W +: KEEP_W]),
    .m_axis_tvalid(any_tvalid[SEL_DROP]),
    .m_axis_tready(m_tready && dut_sel == SEL_DROP), .m_axis_tlast(any_tlast[SEL_DROP]),
    .m_status_depth(any_m_depth[SEL_DROP*(LOG_DEPTH+1) +: LOG_DEPTH+1])
);

rnic_async_fifo #(
    .DATA_W(DATA_W),
    .LOG_DEPTH(LOG_DEPTH),
    .SYNC_STAGES(SYNC_STAGES),
    .DROP_WHEN_FULL(1),
    .MAX_FRAME_BEATS(FRAME_MAX)
) dut_drop_cut (
    .s_clk(s_clk_of[SEL_DROP_CUT]), .s_rst(s_rst),
    .s_axis_tdata(s_tdata), .s_axis_tkeep(s_tkeep),
    .s_axis_tvalid(s_tvalid && dut_sel == SEL_DROP_CUT),
    .s_axis_tready(any_tready[SEL_DROP_CUT]), .s_axis_tlast(s_tlast),
    .s_status_depth(any_s_depth[SEL_DROP_CUT*(LOG_DEPTH+1) +: LOG_DEPTH+1]),
    .s_drop_frame(any_drop[SEL_DROP_CUT]),
    .m_clk(m_clk_of[SEL_DROP_CUT]), .m_rst(m_rst),
    .m_axis_tdata(any_tdata[SEL_DROP_CUT*DATA_W +: DATA_W]),
    .m_axis_tkeep(any_tkeep[SEL_DROP_CUT*KEEP_W +: KEEP_W]),
    .m_axis_tvalid(any_tvalid[SEL_DROP_CUT]),
    .m_axis_tready(m_tready && dut_sel == SEL_DROP_CUT), .m_axis_tlast(any_tlast[SEL_DROP_CUT]),
    .m_status_depth(any_m_depth[SEL_DROP_CUT*(LOG_DEPTH+1) +: LOG_DEPTH+1])
);

// ---------------------------------------------------------------------------
// what the beats carry

reg [31:0] len_salt;
reg [31:0] keep_salt;
integer    len_range = MAX_LEN;   // frames are 1..len_range beats

function [31:0] mix(input [31:0] x);
    reg [31:0] h;
    begin
        h = x * 32'h9E3779B1;
        h = h ^ (h >> 15);
        h = h * 32'h85EBCA77;
        mix = h ^ (h >> 13);
    end
endfunction

function integer frame_len(input integer f);
    begin
        frame_len = 1 + mix(f ^ len_salt) % len_range;
    end
endfunction

// keep of a frame's last beat: packed (1..KEEP_W bytes from lane 0) in odd
// frames, any pattern but 0 in even ones, so every keep bit is seen both ways
function [KEEP_W-1:0] last_keep(input integer f);
    reg [31:0] h;
    integer i;
    begin
        h = mix(f ^ keep_salt);
        if (f % 2 == 1) begin
            last_keep = {KEEP_W{1'b1}} >> (h % KEEP_W);
        end else begin
            for (i = 0; i < KEEP_W; i = i + 1)
                last_keep[i] = h[i % 32] ^ (i >= 32 && h[(i / 32) % 32]);
            if (last_keep == {KEEP_W{1'b0}})
                last_keep[0] = 1'b1;
        end
    end
endfunction

function [DATA_W-1:0] beat_data(input integer seq, input integer f, input integer k);
    integer i;
    begin
        beat_data[31:0] = seq;
        beat_data[47:32] = f;
        beat_data[63:48] = k;
        for (i = 2; i < DATA_W / 32; i = i + 1)
            beat_data[32*i +: 32] = mix(seq * 32'h10001 + i);
    end
endfunction

// xorshift32: the random streams (the same numbers on both simulators,
// which $random with a seed is not); a state is never 0
function [31:0] xorshift(input [31:0] x);
    reg [31:0] y;
    begin
        y = x ^ (x << 13);
        y = y ^ (y >> 17);
        xorshift = y ^ (y << 5);
    end
endfunction

// duty of a random stream in eighths, one of four, chosen every 256 cycles
function integer duty_of(input integer pick);
    begin
        case (pick & 3)
            0: duty_of = 8;
            1: duty_of = 6;
            2: duty_of = 3;
            default: duty_of = 1;
        endcase
    end
endfunction

// ---------------------------------------------------------------------------
// bookkeeping shared by the source, the sink and the tests

integer errors = 0;
integer wr_count = 0;      // beats written, counted at s_clk edges
integer rd_count = 0;      // beats read, counted at m_clk edges
integer max_held = 0;
integer full_cycles = 0;   // s_clk cycles with a beat offered and refused
reg [8*16-1:0] test_label = "none";
integer want_sel = SEL_PLAIN;  // the instance reset_both switches to
reg     drop_check = 1'b0;     // dut_sel is a drop instance: beats counted by fate
reg     frame_check = 1'b0;    // dut_sel is a frame-mode instance
reg     gapless_check = 1'b0;  // m_axis_tready held high: no gap inside a frame
integer tlast_frames = 0;      // frames whose tlast beat went in on s_axis
real    last_read_t = -1.0e9;  // when the last two beats left on m_axis
real    prev_read_t = -1.0e9;

// drop tests: each frame's fate, and what the pulses said
reg [1:0] frame_fate [0:FATES-1];
integer drop_pulses = 0;       // s_drop_frame pulses seen
integer dropped_room = 0;      // frames dropped at their first beat
integer dropped_long = 0;      // over-long frames dropped (FRAME_MODE) or cut
integer exact_decisions = 0;   // decisions made with reads stalled long enough
reg     src_keep = 1'b0;       // the source's frame is being stored

// the s_clk side sees m_clk edges strictly before now: a read at this very
// instant counts or not by the order the simulator runs the two blocks in,
// so it is left out (and the two simulators print the same figures)
function integer reads_before_now(input integer dummy);
    begin
        reads_before_now = rd_count - (last_read_t == $realtime ? 1 : 0);
    end
endfunction

function real last_read_before_now(input integer dummy);
    begin
        last_read_before_now = last_read_t == $realtime ? prev_read_t : last_read_t;
    end
endfunction

function [1:0] fate_of(input integer f);
    begin
        fate_of = (drop_check && f < FATES) ? frame_fate[f] : FATE_TAKEN;
    end
endfunction

task fail(input [8*64-1:0] what);
    begin
        if (errors < 20)
            $display("FAIL %0s: %0s (at %0.3f ns)", test_label, what, $realtime);
        errors = errors + 1;
    end
endtask

// ---------------------------------------------------------------------------
// source (s_clk domain)

reg     src_en = 1'b0;
reg     src_gaps = 1'b1;
integer src_frames = 0;
integer src_frame = 0;
integer src_beat = 0;
integer src_seq = 0;
integer src_cycle = 0;
integer src_duty = 8;
reg [31:0] src_rng = 32'd1;
reg     s_fire = 1'b0;     // the next s_clk rising edge transfers a beat
reg     src_pauses = 1'b0; // pause up to 64 cycles after a beat, inside frames too
integer src_pause = 0;     // cycles left in the current pause
integer mid_pauses = 0;    // pauses that began inside a frame

// a drop test: what became of the beat that went in at the edge just passed,
// told by s_drop_frame now; wr_count counts the beats the FIFO keeps
task drop_account;
    integer held, len;
    reg stalled, cut_here;
    begin
        if (s_drop && !s_fire)
            fail("s_drop_frame with no beat the cycle before");
        if (s_fire) begin
            len = frame_len(src_frame);
            held = wr_count - reads_before_now(0);
            if (s_drop)
                drop_pulses = drop_pulses + 1;
            if (src_beat == 0) begin
                // reads that old have reached the write side's view
                stalled = $realtime - s_half - last_read_before_now(0) > (SYNC_STAGES + 4) * 2.0 * s_half;
                if (stalled)
                    exact_decisions = exact_decisions + 1;
                src_keep = !s_drop;
                if (s_drop) begin
                    frame_fate[src_frame] = FATE_DROPPED;
                    dropped_room = dropped_room + 1;
                    if (stalled && CAP - held >= FRAME_MAX)
                        fail("frame dropped with room for a largest frame (reads stalled)");
                end else if (CAP - held < FRAME_MAX) begin
                    fail("frame taken without room for a largest frame");
                end
            end
            if (src_keep) begin
                cut_here = len > FRAME_MAX && src_beat == FRAME_MAX - 1;
                if (s_drop != cut_here)
                    fail(cut_here ? "over-long frame not cut at beat MAX_FRAME_BEATS"
                                  : "s_drop_frame inside a frame taken");
                if (cut_here) begin
                    src_keep = 1'b0;
                    dropped_long = dropped_long + 1;
                    if (dut_sel == SEL_DROP) begin
                        // the frame's head is taken back
                        frame_fate[src_frame] = FATE_DROPPED;
                        wr_count = wr_count - src_beat;
                    end else begin
                        frame_fate[src_frame] = FATE_CUT;
                        wr_count = wr_count + 1;
                    end
                end else begin
                    wr_count = wr_count + 1;
                end
            end else if (s_drop && src_beat != 0) begin
                fail("a second s_drop_frame for one frame");
            end
            if (wr_count - reads_before_now(0) > CAP)
                fail("more than 2^LOG_DEPTH beats held");
            if (wr_count - reads_before_now(0) > max_held)
                max_held = wr_count - reads_before_now(0);
        end
    end
endtask

always @(negedge s_clk) begin
    if (drop_check && !s_rst)
        drop_account;
    if (drop_check && s_tready !== 1'b1)
        fail("s_axis_tready not 1 with DROP_WHEN_FULL");
    // the write side may count a read late, never a write
    if (!s_rst && s_depth < wr_count - reads_before_now(0))
        fail("s_status_depth below the beats held");
    if (src_en) begin
        if (s_fire) begin
            // the beat offered went in at the edge that just passed
            src_seq = src_seq + 1;
            if (src_beat + 1 == frame_len(src_frame)) begin
                src_frame = src_frame + 1;
                src_beat = 0;
            end else begin
                src_beat = src_beat + 1;
            end
        end
        src_cycle = src_cycle + 1;
        src_rng = xorshift(src_rng);
        if (src_cycle % 256 == 0)
            src_duty = src_gaps ? duty_of(src_rng[31:30]) : 8;
        if (!s_tvalid || s_fire) begin
            if (src_pauses && s_fire && src_rng[9:8] == 2'd0) begin
                src_pause = 1 + src_rng[15:10];
                if (src_beat != 0)
                    mid_pauses = mid_pauses + 1;
            end
            if (src_pause > 0) begin
                src_pause = src_pause - 1;
                s_tvalid = 1'b0;
            end else if (src_frame < src_frames && src_rng[2:0] < src_duty) begin
                s_tvalid = 1'b1;
                s_tdata = beat_data(src_seq, src_frame, src_beat);
                s_tlast = src_beat + 1 == frame_len(src_frame);
                s_tkeep = s_tlast ? last_keep(src_frame) : {KEEP_W{1'b1}};
            end else begin
                s_tvalid = 1'b0;
            end
        end
        s_fire = s_tvalid && s_tready;
        if (s_tvalid && !s_tready)
            full_cycles = full_cycles + 1;
    end else begin
        s_fire = 1'b0;
    end
end

always @(posedge s_clk) begin
    if (s_fire && !drop_check) begin
        if (wr_count - reads_before_now(0) >= CAP)
            fail("write taken while the FIFO holds 2^LOG_DEPTH beats");
        wr_count = wr_count + 1;
        if (wr_count - reads_before_now(0) > max_held)
            max_held = wr_count - reads_before_now(0);
    end
    if (s_fire && s_tlast)
        tlast_frames = src_frame + 1;
    if (!s_rst && s_depth > CAP)
        fail("s_status_depth above capacity");
end

// ---------------------------------------------------------------------------
// sink and checker (m_clk domain)

reg              snk_en = 1'b0;
reg              snk_stall = 1'b1;   // random back-pressure
reg              snk_pauses = 1'b0;  // ... half of the time no reads at all
integer          snk_cycle = 0;
integer          snk_duty = 8;
reg [31:0]       snk_rng = 32'd2;
integer          exp_base = 0;       // seq of the expected frame's first beat
integer          exp_frame = 0;
integer          exp_beat = 0;
integer          rx_beats = 0;
integer          rx_frames = 0;
real             first_out_t = 0.0;  // when the first and the last beat left
real             last_out_t = 0.0;
reg              m_fire = 1'b0;      // the next m_clk rising edge transfers a beat
reg              m_hold = 1'b0;      // a beat was shown and not taken
reg              m_mid_frame = 1'b0; // the last beat taken was not a frame's last
reg [DATA_W+KEEP_W:0] hold_word;

// beats frame f shows on m_axis: drop_cut cuts an over-long frame
function integer out_len(input integer f);
    begin
        out_len = frame_len(f);
        if (dut_sel == SEL_DROP_CUT && out_len > FRAME_MAX)
            out_len = FRAME_MAX;
    end
endfunction

// the next frame expected is the next one not dropped (a frame's fate is
// known before any beat of a later frame can come out)
task skip_dropped;
    begin
        while (exp_beat == 0 && fate_of(exp_frame) == FATE_DROPPED) begin
            exp_base = exp_base + frame_len(exp_frame);
            exp_frame = exp_frame + 1;
        end
    end
endtask

task check_beat;
    reg [DATA_W-1:0] want_data;
    reg [KEEP_W-1:0] want_keep;
    reg              want_last;
    integer          got_seq;
    reg [8*32-1:0]   why;
    begin
        skip_dropped;
        want_last = exp_beat + 1 == out_len(exp_frame);
        want_data = beat_data(exp_base + exp_beat, exp_frame, exp_beat);
        want_keep = want_last && exp_beat + 1 == frame_len(exp_frame)
                    ? last_keep(exp_frame) : {KEEP_W{1'b1}};
        if (m_tdata !== want_data || m_tkeep !== want_keep || m_tlast !== want_last) begin
            got_seq = m_tdata[31:0];
            if (^m_tdata[63:0] === 1'bx)
                why = ": beat unknown (x)";
            else if (fate_of(m_tdata[47:32]) == FATE_DROPPED)
                why = ": a dropped frame came out";
            else if (got_seq > exp_base + exp_beat)
                why = ": beats lost";
            else if (got_seq < exp_base + exp_beat)
                why = ": beat duplicated or reordered";
            else
                why = ": beat corrupted";
            if (errors < 20)
                $display("FAIL %0s: expected beat %0d (frame %0d beat %0d last %b keep %h), got beat %0d (frame %0d beat %0d last %b keep %h)%0s",
                         test_label, exp_base + exp_beat, exp_frame, exp_beat, want_last, want_keep,
                         got_seq, m_tdata[47:32], m_tdata[63:48], m_tlast, m_tkeep, why);
            errors = errors + 1;
            // go on from the beat received, so one slip is reported once
            exp_frame = m_tdata[47:32];
            exp_beat = m_tdata[63:48];
            exp_base = got_seq - exp_beat;
            want_last = exp_beat + 1 == out_len(exp_frame);
        end
        if (rx_beats == 0)
            first_out_t = $realtime;
        last_out_t = $realtime;
        rx_beats = rx_beats + 1;
        if (want_last) begin
            exp_base = exp_base + frame_len(exp_frame);
            exp_frame = exp_frame + 1;
            exp_beat = 0;
            rx_frames = rx_frames + 1;
        end else begin
            exp_beat = exp_beat + 1;
        end
    end
endtask

// duty of the reads in eighths with pauses: none half of the time
function integer pause_duty_of(input integer pick);
    begin
        case (pick & 3)
            0: pause_duty_of = 0;
            1: pause_duty_of = 8;
            2: pause_duty_of = 0;
            default: pause_duty_of = 3;
        endcase
    end
endfunction

always @(negedge m_clk) begin
    if (m_rst) begin
        m_hold = 1'b0;
    end else begin
        if (m_hold && (!m_tvalid || {m_tlast, m_tkeep, m_tdata} !== hold_word))
            fail("m_axis beat withdrawn or changed before it was taken");
        if (m_tvalid && wr_count == rd_count)
            fail("m_axis_tvalid while the FIFO is empty");
        // the read side may count a write late, never a read
        if (m_depth > wr_count - rd_count)
            fail("m_status_depth above the beats held");
        // FRAME_MODE: a frame shows only once its tlast went in
        if (frame_check && m_tvalid === 1'b1 && m_tdata[47:32] >= tlast_frames)
            fail("a frame shown before its tlast was written");
        if (gapless_check && m_mid_frame && m_tvalid !== 1'b1)
            fail("m_axis_tvalid low inside a frame");
    end
    if (snk_en) begin
        snk_cycle = snk_cycle + 1;
        snk_rng = xorshift(snk_rng);
        if (snk_cycle % 256 == 0)
            snk_duty = !snk_stall ? 8 : snk_pauses ? pause_duty_of(snk_rng[31:30])
                                                   : duty_of(snk_rng[31:30]);
        m_tready = snk_rng[2:0] < snk_duty;
    end else begin
        m_tready = 1'b0;
    end
    m_fire = m_tvalid && m_tready;
    m_hold = m_tvalid && !m_tready && !m_rst;
    hold_word = {m_tlast, m_tkeep, m_tdata};
    if (m_fire) begin
        m_mid_frame = !m_tlast;
        check_beat;
    end
end

always @(posedge m_clk) begin
    if (m_fire) begin
        rd_count = rd_count + 1;
        prev_read_t = last_read_t;
        last_read_t = $realtime;
    end
end

// ---------------------------------------------------------------------------
// test steps

// a test names itself and the instance it drives (from its reset_both on)
task begin_test(input [8*16-1:0] label, input integer sel);
    begin
        test_label = label;
        want_sel = sel;
        gapless_check = 1'b0;
        src_pauses = 1'b0;
        snk_pauses = 1'b0;
    end
endtask

task set_clocks(input real s_mhz, input real m_mhz);
    begin
        s_half = 500.0 / s_mhz;
        m_half = 500.0 / m_mhz;
    end
endtask

// both resets asserted together for RESET_CYCLES of each clock, released
// in an order and with a distance chosen by seed; the instance want_sel
// takes over while both are held
task reset_both(input integer seed);
    integer r;
    begin
        src_en = 1'b0;
        snk_en = 1'b0;
        @(negedge s_clk);
        s_tvalid = 1'b0;
        s_rst = 1'b1;
        @(negedge m_clk);
        m_rst = 1'b1;
        dut_sel = want_sel;
        drop_check = want_sel == SEL_DROP || want_sel == SEL_DROP_CUT;
        frame_check = want_sel == SEL_FRAME || want_sel == SEL_DROP;
        repeat (RESET_CYCLES) @(negedge s_clk);
        repeat (RESET_CYCLES) @(negedge m_clk);
        wr_count = 0;
        rd_count = 0;
        max_held = 0;
        full_cycles = 0;
        tlast_frames = 0;
        len_range = MAX_LEN;
        r = mix(seed) & 15;
        if (r & 1) begin
            @(negedge s_clk) s_rst = 1'b0;
            repeat (r >> 1 & 7) @(negedge m_clk);
            @(negedge m_clk) m_rst = 1'b0;
        end else begin
            @(negedge m_clk) m_rst = 1'b0;
            repeat (r >> 1 & 7) @(negedge s_clk);
            @(negedge s_clk) s_rst = 1'b0;
        end
        repeat (2) @(negedge s_clk);
    end
endtask

// start a fresh sequence of frames; the sink starts later with snk_on
task source_start(input integer frames, input integer seed, input gaps);
    integer f;
    begin
        @(negedge s_clk);
        len_salt = mix(seed);
        keep_salt = mix(seed + 1);
        src_frames = frames;
        src_frame = 0;
        src_beat = 0;
        src_seq = 0;
        src_cycle = 0;
        src_duty = 8;
        src_rng = mix(seed) | 32'd1;
        src_gaps = gaps;
        src_pause = 0;
        mid_pauses = 0;
        src_keep = 1'b0;
        drop_pulses = 0;
        dropped_room = 0;
        dropped_long = 0;
        exact_decisions = 0;
        tlast_frames = 0;
        for (f = 0; f < FATES; f = f + 1)
            frame_fate[f] = FATE_TAKEN;
        src_en = 1'b1;
    end
endtask

task sink_start(input integer seed, input stall);
    begin
        @(negedge m_clk);
        snk_cycle = 0;
        snk_duty = 8;
        snk_rng = mix(seed) | 32'd1;
        snk_stall = stall;
        snk_en = 1'b1;
    end
endtask

task sink_reset_expect;
    begin
        exp_base = 0;
        exp_frame = 0;
        exp_beat = 0;
        rx_beats = 0;
        rx_frames = 0;
        m_mid_frame = 1'b0;
        last_read_t = -1.0e9;
        prev_read_t = -1.0e9;
    end
endtask

function integer beats_of(input integer frames);
    integer f;
    begin
        beats_of = 0;
        for (f = 0; f < frames; f = f + 1)
            beats_of = beats_of + frame_len(f);
    end
endfunction

// beats that must come out of the first frames sent: those of the frames
// not dropped, cut where drop_cut cuts them
function integer out_beats_of(input integer frames);
    integer f;
    begin
        out_beats_of = 0;
        for (f = 0; f < frames; f = f + 1)
            if (fate_of(f) != FATE_DROPPED)
                out_beats_of = out_beats_of + out_len(f);
    end
endfunction

// wait until the sink has every frame, then check that nothing more comes
// and that both sides report an empty FIFO
task finish_traffic(input integer frames);
    integer idle, seen;
    begin
        idle = 0;
        seen = 0;
        // at the rising edge: the checker moves at the falling one
        while (exp_frame < frames && idle < 10000) begin
            @(posedge m_clk);
            skip_dropped;
            idle = rx_beats == seen ? idle + 1 : 0;
            seen = rx_beats;
        end
        if (exp_frame < frames)
            fail("timeout: no beat for 10000 cycles, frames missing");
        repeat (64) @(negedge m_clk);
        if (rx_beats != out_beats_of(frames) || wr_count != rx_beats || rd_count != rx_beats)
            fail("beat counts differ");
        if (s_depth !== 0 || m_depth !== 0)
            fail("status depth not 0 when empty");
        src_en = 1'b0;
        snk_en = 1'b0;
    end
endtask

task report(input real s_mhz, input real m_mhz, input real t0);
    begin
        $display("tb_async_fifo: %0s: s_clk %0.3f MHz, m_clk %0.3f MHz: %0d frames, %0d beats checked, %0d write cycles refused (full), at most %0d held, %0.1f us",
                 test_label, s_mhz, m_mhz, exp_frame, rx_beats, full_cycles, max_held,
                 ($realtime - t0) / 1000.0);
    end
endtask

// random frames both ways: the four clock pairings share this
task traffic(input real s_mhz, input real m_mhz, input integer frames, input integer seed);
    real t0;
    begin
        set_clocks(s_mhz, m_mhz);
        reset_both(seed);
        t0 = $realtime;
        sink_reset_expect;
        source_start(frames, seed * 3 + 1, 1'b1);
        sink_start(seed * 5 + 2, 1'b1);
        finish_traffic(frames);
        report(s_mhz, m_mhz, t0);
    end
endtask

task test_faster;
    begin
        begin_test("faster", SEL_PLAIN);
        traffic(322.265625, 250.0, FRAMES, 11);
    end
endtask

task test_slower;
    begin
        begin_test("slower", SEL_PLAIN);
        traffic(156.25, 250.0, FRAMES, 12);
    end
endtask

task test_drift;
    begin
        begin_test("drift", SEL_PLAIN);
        traffic(250.0, 249.9, FRAMES, 13);
    end
endtask

task test_reverse;
    begin
        begin_test("reverse", SEL_PLAIN);
        traffic(250.0, 322.265625, FRAMES, 14);
    end
endtask

// the source writes with no gaps and nothing is read: the FIFO must take
// exactly CAP beats and then refuse the rest until reads start
task fill_up(input integer frames, input integer seed);
    integer last, still;
    begin
        sink_reset_expect;
        source_start(frames, seed, 1'b0);
        last = -1;
        still = 0;
        while (still < 8 * CAP + 64) begin
            @(negedge s_clk);
            if (wr_count == last)
                still = still + 1;
            else
                still = 0;
            last = wr_count;
        end
        repeat (SYNC_STAGES + 8) @(negedge m_clk);
        $display("tb_async_fifo: %0s: %0d beats taken with reads stalled (capacity %0d), status %0d/%0d",
                 test_label, wr_count, CAP, s_depth, m_depth);
        if (wr_count != CAP)
            fail("stalled FIFO did not take exactly 2^LOG_DEPTH beats");
        if (s_tready !== 1'b0 || s_tvalid !== 1'b1)
            fail("full FIFO not refusing a pending beat");
        if (s_depth != CAP || m_depth != CAP)
            fail("status depth of a full FIFO is not 2^LOG_DEPTH");
        if (m_tvalid !== 1'b1)
            fail("full FIFO shows no beat");
    end
endtask

task test_fill;
    integer frames;
    real t0;
    begin
        begin_test("fill", SEL_PLAIN);
        set_clocks(322.265625, 250.0);
        reset_both(21);
        t0 = $realtime;
        len_salt = mix(22);
        frames = 1;
        while (beats_of(frames) < 4 * CAP)
            frames = frames + 1;
        fill_up(frames, 22);
        sink_start(23, 1'b1);
        finish_traffic(frames);
        report(322.265625, 250.0, t0);
    end
endtask

// reset both sides while full: afterwards nothing of the old beats may come
// out, the write side takes beats again, and new traffic is clean
task test_reset_full;
    integer frames, i;
    real t0;
    begin
        begin_test("reset_full", SEL_PLAIN);
        set_clocks(250.0, 322.265625);
        reset_both(31);
        len_salt = mix(32);
        frames = 1;
        while (beats_of(frames) < 2 * CAP)
            frames = frames + 1;
        fill_up(frames, 32);
        reset_both(33);
        for (i = 0; i < 64; i = i + 1) begin
            @(negedge m_clk);
            if (m_tvalid !== 1'b0)
                fail("a beat from before the reset came out");
        end
        if (s_tready !== 1'b1)
            fail("write side not ready after reset");
        if (s_depth !== 0 || m_depth !== 0)
            fail("status depth not 0 after reset");
        t0 = $realtime;
        sink_reset_expect;
        source_start(FRAMES / 10 + 1, 34, 1'b1);
        sink_start(35, 1'b1);
        finish_traffic(FRAMES / 10 + 1);
        report(250.0, 322.265625, t0);
    end
endtask

// no gaps, no back-pressure: past the first beat, one beat leaves per cycle
// of the slower clock (checked when the FIFO is deep enough to cover the
// pointer round trip, 16 beats and more)
task rate_run(input real s_mhz, input real m_mhz, input integer seed);
    integer frames;
    real slow_period, span;
    begin
        set_clocks(s_mhz, m_mhz);
        reset_both(seed);
        sink_reset_expect;
        len_salt = mix(seed);
        frames = 1;
        while (beats_of(frames) < 2000)
            frames = frames + 1;
        source_start(frames, seed, 1'b0);
        sink_start(seed + 1, 1'b0);
        finish_traffic(frames);
        slow_period = 1000.0 / (s_mhz < m_mhz ? s_mhz : m_mhz);
        span = last_out_t - first_out_t;
        $display("tb_async_fifo: %0s: s_clk %0.3f MHz, m_clk %0.3f MHz: %0d beats in %0.1f ns, %0.4f beats per cycle of the slower clock",
                 test_label, s_mhz, m_mhz, rx_beats, span, (rx_beats - 1) * slow_period / span);
        if (CAP >= 16 && span > (rx_beats + 1) * slow_period)
            fail("not one beat per cycle of the slower clock");
    end
endtask

task test_full_rate;
    begin
        begin_test("full_rate", SEL_PLAIN);
        rate_run(322.265625, 250.0, 41);
        rate_run(250.0, 322.265625, 42);
        rate_run(250.0, 249.9, 43);
        rate_run(249.9, 250.0, 44);
    end
endtask

// FRAME_MODE, random traffic core -> MAC: every check of the traffic tests,
// and no beat of a frame on m_axis before the frame's tlast went in; then
// the rate with no gaps and no back-pressure
task test_frame;
    real t0;
    begin
        begin_test("frame", SEL_FRAME);
        set_clocks(250.0, 322.265625);
        reset_both(51);
        len_range = FRAME_MAX;
        t0 = $realtime;
        sink_reset_expect;
        source_start(FRAMES / 4, 52, 1'b1);
        sink_start(53, 1'b1);
        finish_traffic(FRAMES / 4);
        report(250.0, 322.265625, t0);
        frame_rate_run(250.0, 322.265625, 54);
        frame_rate_run(322.265625, 250.0, 55);
    end
endtask

task frame_rate_run(input real s_mhz, input real m_mhz, input integer seed);
    integer frames;
    real slow_period, span;
    begin
        set_clocks(s_mhz, m_mhz);
        reset_both(seed);
        len_range = FRAME_MAX;
        sink_reset_expect;
        len_salt = mix(seed);
        frames = 1;
        while (beats_of(frames) < 2000)
            frames = frames + 1;
        source_start(frames, seed, 1'b0);
        sink_start(seed + 1, 1'b0);
        finish_traffic(frames);
        slow_period = 1000.0 / (s_mhz < m_mhz ? s_mhz : m_mhz);
        span = last_out_t - first_out_t;
        $display("tb_async_fifo: %0s: s_clk %0.3f MHz, m_clk %0.3f MHz: %0d frames, %0d beats in %0.1f ns, %0.4f beats per cycle of the slower clock (no gaps, no back-pressure)",
                 test_label, s_mhz, m_mhz, rx_frames, rx_beats, span, (rx_beats - 1) * slow_period / span);
    end
endtask

// FRAME_MODE: the write side pauses up to 64 cycles, inside frames as well,
// and m_axis_tready stays high: a frame, once begun, leaves without a gap
task gapless_run(input real s_mhz, input real m_mhz, input integer seed);
    real t0;
    begin
        set_clocks(s_mhz, m_mhz);
        reset_both(seed);
        len_range = FRAME_MAX;
        t0 = $realtime;
        sink_reset_expect;
        src_pauses = 1'b1;
        gapless_check = 1'b1;
        source_start(FRAMES / 8, seed + 1, 1'b0);
        sink_start(seed + 2, 1'b0);
        finish_traffic(FRAMES / 8);
        gapless_check = 1'b0;
        src_pauses = 1'b0;
        $display("tb_async_fifo: %0s: s_clk %0.3f MHz, m_clk %0.3f MHz: %0d frames, %0d beats checked, %0d pauses of the write side inside a frame, no gap on m_axis, %0.1f us",
                 test_label, s_mhz, m_mhz, rx_frames, rx_beats, mid_pauses, ($realtime - t0) / 1000.0);
        if (mid_pauses == 0)
            fail("the write side never paused inside a frame");
    end
endtask

task test_frame_gapless;
    begin
        begin_test("frame_gapless", SEL_FRAME);
        gapless_run(250.0, 322.265625, 61);
        gapless_run(156.25, 322.265625, 62);
    end
endtask

// DROP_WHEN_FULL: MAC-like bursts, no back-pressure, reads stalled half of
// the time for 256 cycles and more; frames up to OVER_LEN beats longer than
// the largest the instance takes
task drop_run(input real s_mhz, input real m_mhz, input integer seed);
    integer frames;
    real t0;
    begin
        frames = FRAMES / 2;
        set_clocks(s_mhz, m_mhz);
        reset_both(seed);
        len_range = FRAME_MAX + OVER_LEN;
        t0 = $realtime;
        sink_reset_expect;
        snk_pauses = 1'b1;
        source_start(frames, seed + 1, 1'b1);
        sink_start(seed + 2, 1'b1);
        finish_traffic(frames);
        snk_pauses = 1'b0;
        $display("tb_async_fifo: %0s: s_clk %0.3f MHz, m_clk %0.3f MHz: %0d frames sent, %0d came out (%0d beats checked), %0d dropped at the first beat, %0d over-long %0s, %0d s_drop_frame pulses, %0d decisions exact with reads stalled, at most %0d held, %0.1f us",
                 test_label, s_mhz, m_mhz, frames, rx_frames, rx_beats, dropped_room, dropped_long,
                 dut_sel == SEL_DROP ? "dropped" : "cut", drop_pulses, exact_decisions, max_held,
                 ($realtime - t0) / 1000.0);
        if (drop_pulses != dropped_room + dropped_long)
            fail("s_drop_frame pulses and frames dropped differ");
        if (dut_sel == SEL_DROP && rx_frames + drop_pulses != frames)
            fail("frames out plus frames dropped is not the frames sent");
        if (dut_sel == SEL_DROP_CUT && rx_frames + dropped_room != frames)
            fail("frames out plus frames dropped is not the frames sent");
        if (dropped_room == 0 || dropped_long == 0 || rx_frames == 0 || exact_decisions == 0)
            fail("the test did not drop, cut and take frames, with reads stalled");
    end
endtask

task test_drop;
    begin
        begin_test("drop", SEL_DROP);
        drop_run(322.265625, 250.0, 71);
    end
endtask

task test_drop_cut;
    begin
        begin_test("drop_cut", SEL_DROP_CUT);
        drop_run(322.265625, 156.25, 81);
    end
endtask

reg [8*16-1:0] only;

initial begin
    if (!$value$plusargs("test=%s", only))
        only = "all";
    if (only == "all" || only == "faster")
        test_faster;
    if (only == "all" || only == "slower")
        test_slower;
    if (only == "all" || only == "drift")
        test_drift;
    if (only == "all" || only == "reverse")
        test_reverse;
    if (only == "all" || only == "fill")
        test_fill;
    if (only == "all" || only == "reset_full")
        test_reset_full;
    if (only == "all" || only == "full_rate")
        test_full_rate;
    if (only == "all" || only == "frame")
        test_frame;
    if (only == "all" || only == "frame_gapless")
        test_frame_gapless;
    if (only == "all" || only == "drop")
        test_drop;
    if (only == "all" || only == "drop_cut")
        test_drop_cut;
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

endmodule

`default_nettype wire
