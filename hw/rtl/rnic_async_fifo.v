// rnic_async_fifo: AXI-Stream FIFO between two clocks (Ethernet MAC <-> core).
//
// Capacity is exactly 2^LOG_DEPTH beats, counting the two beats that may sit
// in the read side's output stages: a RAM slot is given back to the writer
// only when its beat has left on m_axis. The pointers cross as Gray codes
// through SYNC_STAGES flip-flops; docs/clocking.md has the design, the depth
// reasoning and the timing constraints a board needs.
//
// Frame modes for the crossings beside a MAC (docs/clocking.md, "Frame
// modes"): FRAME_MODE 1 shows the read side a frame only once its tlast beat
// is in the RAM (the committed pointer crosses by toggle handshake, not as a
// Gray code: it moves a frame at a time), so a frame leaves without a gap.
// DROP_WHEN_FULL 1 holds s_axis_tready at 1 and, at a frame's first beat,
// drops the whole frame unless the write side's (pessimistic) view of the
// free space holds MAX_FRAME_BEATS, pulsing s_drop_frame; a frame over
// MAX_FRAME_BEATS is dropped at that beat (FRAME_MODE 1) or cut there with
// tlast set (FRAME_MODE 0), also with a pulse. Both need the FIFO to hold a
// largest frame, MAX_FRAME_BEATS <= 2^LOG_DEPTH (checked); with FRAME_MODE
// and back-pressure a longer frame would stall the FIFO for good.
//
// Reset: each side resets its own pointers and synchronizers, with no
// handshake between the sides. Assert s_rst and m_rst together (one reset
// source, synchronized into each domain) and hold both for at least
// SYNC_STAGES + 2 cycles of the slower clock: both sides must be in reset at
// the same time, so that neither leaves reset while the other still holds
// pointers from before. Resetting one side alone is not supported. With
// DROP_WHEN_FULL, release s_rst between frames (the MAC's receive idle).
`resetall
`default_nettype none

module rnic_async_fifo #(
    parameter DATA_W = 512,          // tdata width in bits, a multiple of 8
    parameter KEEP_W = DATA_W / 8,   // tkeep width, one bit per tdata byte
    parameter LOG_DEPTH = 6,         // capacity is 2^LOG_DEPTH beats, LOG_DEPTH >= 1
    parameter SYNC_STAGES = 2,       // flip-flops per synchronizer, at least 2
    parameter FRAME_MODE = 0,        // 1: the read side sees only complete frames
    parameter DROP_WHEN_FULL = 0,    // 1: no back-pressure, frames without room dropped whole
    parameter MAX_FRAME_BEATS = 1 << LOG_DEPTH  // longest frame, beats (frame modes only)
) (
    // write side, s_clk domain
    input  wire                 s_clk,
    input  wire                 s_rst,
    input  wire [DATA_W-1:0]    s_axis_tdata,
    input  wire [KEEP_W-1:0]    s_axis_tkeep,
    input  wire                 s_axis_tvalid,
    output wire                 s_axis_tready,
    input  wire                 s_axis_tlast,
    // beats held as the write side sees them: reads show up late, so never
    // below the true count (free space for a drop-on-full decision)
    output wire [LOG_DEPTH:0]   s_status_depth,
    // DROP_WHEN_FULL: one cycle per frame dropped (or, FRAME_MODE 0 only,
    // per over-long frame cut short), the cycle after the deciding beat
    output wire                 s_drop_frame,

    // read side, m_clk domain
    input  wire                 m_clk,
    input  wire                 m_rst,
    output wire [DATA_W-1:0]    m_axis_tdata,
    output wire [KEEP_W-1:0]    m_axis_tkeep,
    output wire                 m_axis_tvalid,
    input  wire                 m_axis_tready,
    output wire                 m_axis_tlast,
    // beats held as the read side sees them: writes show up late, so never
    // above the true count
    output wire [LOG_DEPTH:0]   m_status_depth
);

localparam DEPTH = 1 << LOG_DEPTH;
localparam P = LOG_DEPTH + 1;         // pointer bits: RAM address plus a lap bit
localparam W = DATA_W + KEEP_W + 1;   // RAM word: {tlast, tkeep, tdata}
localparam FRAME_ENABLE = FRAME_MODE != 0;       // the modes as one-bit flags
localparam DROP_ENABLE = DROP_WHEN_FULL != 0;
// DROP_WHEN_FULL takes a frame while the write side counts at most
// ROOM_LIMIT beats held; it counts a frame's beats in FRAME_COUNT_W bits
localparam [31:0] ROOM_LIMIT32 = DEPTH - MAX_FRAME_BEATS;
localparam [P-1:0] ROOM_LIMIT = ROOM_LIMIT32[P-1:0];
localparam FRAME_COUNT_W = $clog2(MAX_FRAME_BEATS + 1);
localparam [31:0] LAST_SLOT32 = MAX_FRAME_BEATS - 1;
localparam [FRAME_COUNT_W-1:0] LAST_SLOT = LAST_SLOT32[FRAME_COUNT_W-1:0];

initial begin
    if (DATA_W < 8 || DATA_W % 8 != 0) begin
        $error("rnic_async_fifo: DATA_W must be a positive multiple of 8");
        $finish;
    end
    if (KEEP_W * 8 != DATA_W) begin
        $error("rnic_async_fifo: KEEP_W must be DATA_W / 8");
        $finish;
    end
    if (LOG_DEPTH < 1) begin
        $error("rnic_async_fifo: LOG_DEPTH must be at least 1");
        $finish;
    end
    if (SYNC_STAGES < 2) begin
        $error("rnic_async_fifo: SYNC_STAGES must be at least 2");
        $finish;
    end
    if (FRAME_MODE != 0 && FRAME_MODE != 1) begin
        $error("rnic_async_fifo: FRAME_MODE must be 0 or 1");
        $finish;
    end
    if (DROP_WHEN_FULL != 0 && DROP_WHEN_FULL != 1) begin
        $error("rnic_async_fifo: DROP_WHEN_FULL must be 0 or 1");
        $finish;
    end
    if (MAX_FRAME_BEATS < 1 || MAX_FRAME_BEATS > DEPTH) begin
        $error("rnic_async_fifo: MAX_FRAME_BEATS must be 1 .. 2^LOG_DEPTH: the FIFO must hold a largest frame");
        $finish;
    end
end

function [P-1:0] bin_to_gray;
    input [P-1:0] bin;
    begin
        bin_to_gray = bin ^ (bin >> 1);
    end
endfunction

function [P-1:0] gray_to_bin;
    input [P-1:0] gray;
    integer i;
    begin
        gray_to_bin[P-1] = gray[P-1];
        for (i = P - 2; i >= 0; i = i - 1)
            gray_to_bin[i] = gray_to_bin[i + 1] ^ gray[i];
    end
endfunction

// The storage: written in s_clk, read through one synchronous port in m_clk.
reg [W-1:0] mem [0:DEPTH-1];

// ---------------------------------------------------------------------------
// write side (s_clk)

reg [P-1:0] wr_ptr_reg, wr_ptr_next;            // beats written, binary
reg [P-1:0] wr_ptr_gray_reg, wr_ptr_gray_next;  // the same in Gray code: what crosses (FRAME_MODE 0)
reg [P-1:0] rd_ptr_sync_reg;                    // beats gone, binary, synchronized
reg         s_ready_reg, s_ready_next;
reg [P-1:0] s_depth_reg, s_depth_next;

// FRAME_MODE: the committed pointer (beats written up to the last tlast) and
// the copy of it the read side may take, held while a toggle handshake
// (publish_toggle_reg out, publish_ack_reg back) is in flight
reg [P-1:0] commit_ptr_reg, commit_ptr_next;
reg [P-1:0] publish_ptr_reg, publish_ptr_next;
reg         publish_toggle_reg, publish_toggle_next;

// DROP_WHEN_FULL: the frame gate
reg         in_frame_reg, in_frame_next;        // past a frame's first beat
reg         discard_reg, discard_next;          // the rest of this frame is dropped
reg [FRAME_COUNT_W-1:0] frame_beats_reg, frame_beats_next;  // beats of this frame so far
reg         last_slot_reg, last_slot_next;      // the next beat is beat MAX_FRAME_BEATS
reg         room_reg, room_next;                // room for a largest frame
reg         drop_frame_reg, drop_frame_next;

reg         s_beat;      // a beat transferred on s_axis
reg         s_write;     // ... and written into the RAM
reg         frame_cut;   // this beat is beat MAX_FRAME_BEATS and not the last
reg         frame_drop;  // this beat drops its frame (or its tail)

// the read side's Gray pointer: first stage in the low P bits, last in the top
(* ASYNC_REG = "TRUE" *)
reg [SYNC_STAGES*P-1:0] rd_ptr_gray_sync_reg;
// FRAME_MODE: the read side's acknowledge toggle, first stage in bit 0
(* ASYNC_REG = "TRUE" *)
reg [SYNC_STAGES-1:0] publish_ack_sync_reg;

assign s_axis_tready  = DROP_ENABLE ? 1'b1 : s_ready_reg;
assign s_status_depth = s_depth_reg;
assign s_drop_frame   = drop_frame_reg;

always @* begin
    s_beat = s_axis_tvalid && (DROP_ENABLE || s_ready_reg);
    frame_cut = 1'b0;
    frame_drop = 1'b0;
    s_write = s_beat;
    if (DROP_ENABLE) begin
        // room_reg and last_slot_reg are exact for every beat written up to
        // the last cycle; room_reg sees reads late
        frame_cut = s_beat && !s_axis_tlast && last_slot_reg && (in_frame_reg ? !discard_reg : room_reg);
        frame_drop = (s_beat && !in_frame_reg && !room_reg) || frame_cut;
        s_write = s_beat && (in_frame_reg ? !discard_reg : room_reg) && !(FRAME_ENABLE && frame_cut);
    end

    wr_ptr_next = wr_ptr_reg + {{P-1{1'b0}}, s_write};
    if (FRAME_ENABLE && frame_cut)
        wr_ptr_next = commit_ptr_reg;   // take back the head of an over-long frame
    wr_ptr_gray_next = FRAME_ENABLE ? {P{1'b0}} : bin_to_gray(wr_ptr_next);
    // full when the writer is one lap ahead of the (possibly late) reader;
    // tready is a flop, so it sees the reader's progress one cycle later
    s_ready_next = (wr_ptr_next ^ rd_ptr_sync_reg) != {1'b1, {P-1{1'b0}}};
    s_depth_next = wr_ptr_next - rd_ptr_sync_reg;
    room_next = s_depth_next <= ROOM_LIMIT;

    // the frame gate's position in the stream
    in_frame_next = in_frame_reg;
    discard_next = discard_reg;
    frame_beats_next = frame_beats_reg;
    if (s_beat) begin
        in_frame_next = !s_axis_tlast;
        discard_next = !s_axis_tlast && (discard_reg || frame_drop);
        frame_beats_next = s_axis_tlast ? {FRAME_COUNT_W{1'b0}} : frame_beats_reg + 1'b1;
    end
    last_slot_next = frame_beats_next == LAST_SLOT;
    drop_frame_next = frame_drop;

    // FRAME_MODE: commit at a tlast written, offer the committed pointer
    // whenever the read side has acknowledged the last offer
    commit_ptr_next = commit_ptr_reg;
    if (FRAME_ENABLE && s_write && s_axis_tlast)
        commit_ptr_next = wr_ptr_reg + 1'b1;
    publish_ptr_next = publish_ptr_reg;
    publish_toggle_next = publish_toggle_reg;
    if (FRAME_ENABLE && publish_toggle_reg == publish_ack_sync_reg[SYNC_STAGES-1]
            && publish_ptr_reg != commit_ptr_reg) begin
        publish_ptr_next = commit_ptr_reg;
        publish_toggle_next = !publish_toggle_reg;
    end
end

always @(posedge s_clk) begin
    // FRAME_MODE 0 marks the last beat kept of an over-long frame as its end
    if (s_write)
        mem[wr_ptr_reg[P-2:0]] <= {s_axis_tlast || frame_cut, s_axis_tkeep, s_axis_tdata};
end

always @(posedge s_clk) begin
    wr_ptr_reg <= wr_ptr_next;
    wr_ptr_gray_reg <= wr_ptr_gray_next;
    rd_ptr_gray_sync_reg <= {rd_ptr_gray_sync_reg[(SYNC_STAGES-1)*P-1:0], rd_ptr_gray_reg};
    rd_ptr_sync_reg <= gray_to_bin(rd_ptr_gray_sync_reg[SYNC_STAGES*P-1 -: P]);
    s_ready_reg <= s_ready_next;
    s_depth_reg <= s_depth_next;
    commit_ptr_reg <= commit_ptr_next;
    publish_ptr_reg <= publish_ptr_next;
    publish_toggle_reg <= publish_toggle_next;
    publish_ack_sync_reg <= {publish_ack_sync_reg[SYNC_STAGES-2:0], publish_ack_reg};
    in_frame_reg <= in_frame_next;
    discard_reg <= discard_next;
    frame_beats_reg <= frame_beats_next;
    last_slot_reg <= last_slot_next;
    room_reg <= room_next;
    drop_frame_reg <= drop_frame_next;
    if (s_rst) begin
        wr_ptr_reg <= {P{1'b0}};
        wr_ptr_gray_reg <= {P{1'b0}};
        rd_ptr_gray_sync_reg <= {SYNC_STAGES*P{1'b0}};
        rd_ptr_sync_reg <= {P{1'b0}};
        s_ready_reg <= 1'b0;
        s_depth_reg <= {P{1'b0}};
        commit_ptr_reg <= {P{1'b0}};
        publish_ptr_reg <= {P{1'b0}};
        publish_toggle_reg <= 1'b0;
        publish_ack_sync_reg <= {SYNC_STAGES{1'b0}};
        in_frame_reg <= 1'b0;
        discard_reg <= 1'b0;
        frame_beats_reg <= {FRAME_COUNT_W{1'b0}};
        last_slot_reg <= MAX_FRAME_BEATS == 1;
        room_reg <= 1'b1;   // empty: room for any frame MAX_FRAME_BEATS allows
        drop_frame_reg <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// read side (m_clk): RAM read register, then the output register

reg [P-1:0] rd_addr_reg, rd_addr_next;          // beats read out of the RAM
reg [P-1:0] rd_ptr_reg, rd_ptr_next;            // beats gone on m_axis, binary
reg [P-1:0] rd_ptr_gray_reg, rd_ptr_gray_next;  // the same in Gray code: what crosses
reg [P-1:0] wr_ptr_sync_reg, wr_ptr_sync_next;  // beats readable (written or committed), binary
reg [W-1:0] ram_word_reg;                       // RAM read port register
reg         ram_valid_reg, ram_valid_next;
reg [W-1:0] out_word_reg;                       // drives m_axis
reg         out_valid_reg, out_valid_next;
reg [P-1:0] m_depth_reg;
reg         publish_ack_reg;                    // FRAME_MODE: last offer taken

// the write side's Gray pointer: first stage in the low P bits, last in the top
(* ASYNC_REG = "TRUE" *)
reg [SYNC_STAGES*P-1:0] wr_ptr_gray_sync_reg;
// FRAME_MODE: the write side's offer toggle, first stage in bit 0
(* ASYNC_REG = "TRUE" *)
reg [SYNC_STAGES-1:0] publish_toggle_sync_reg;

wire m_pop    = out_valid_reg && m_axis_tready;
wire out_load = !out_valid_reg || m_axis_tready;   // the output register takes a beat
wire ram_read = (rd_addr_reg != wr_ptr_sync_reg) && (!ram_valid_reg || out_load);
// FRAME_MODE: a new offer has arrived; publish_ptr_reg has been still since
// before the toggle that announced it entered the synchronizer
wire publish_take = FRAME_ENABLE && publish_toggle_sync_reg[SYNC_STAGES-1] != publish_ack_reg;

assign m_axis_tvalid = out_valid_reg;
assign {m_axis_tlast, m_axis_tkeep, m_axis_tdata} = out_word_reg;
assign m_status_depth = m_depth_reg;

always @* begin
    rd_addr_next = rd_addr_reg + {{P-1{1'b0}}, ram_read};
    rd_ptr_next = rd_ptr_reg + {{P-1{1'b0}}, m_pop};
    rd_ptr_gray_next = bin_to_gray(rd_ptr_next);
    ram_valid_next = ram_valid_reg;
    out_valid_next = out_valid_reg;
    if (out_load) begin
        out_valid_next = ram_valid_reg;
        ram_valid_next = 1'b0;
    end
    if (ram_read)
        ram_valid_next = 1'b1;
    if (FRAME_ENABLE)
        wr_ptr_sync_next = publish_take ? publish_ptr_reg : wr_ptr_sync_reg;
    else
        wr_ptr_sync_next = gray_to_bin(wr_ptr_gray_sync_reg[SYNC_STAGES*P-1 -: P]);
end

always @(posedge m_clk) begin
    if (ram_read)
        ram_word_reg <= mem[rd_addr_reg[P-2:0]];
    if (out_load && ram_valid_reg)
        out_word_reg <= ram_word_reg;
end

always @(posedge m_clk) begin
    rd_addr_reg <= rd_addr_next;
    rd_ptr_reg <= rd_ptr_next;
    rd_ptr_gray_reg <= rd_ptr_gray_next;
    wr_ptr_gray_sync_reg <= {wr_ptr_gray_sync_reg[(SYNC_STAGES-1)*P-1:0], wr_ptr_gray_reg};
    wr_ptr_sync_reg <= wr_ptr_sync_next;
    publish_toggle_sync_reg <= {publish_toggle_sync_reg[SYNC_STAGES-2:0], publish_toggle_reg};
    publish_ack_reg <= publish_toggle_sync_reg[SYNC_STAGES-1];
    ram_valid_reg <= ram_valid_next;
    out_valid_reg <= out_valid_next;
    m_depth_reg <= wr_ptr_sync_reg - rd_ptr_next;
    if (m_rst) begin
        rd_addr_reg <= {P{1'b0}};
        rd_ptr_reg <= {P{1'b0}};
        rd_ptr_gray_reg <= {P{1'b0}};
        wr_ptr_gray_sync_reg <= {SYNC_STAGES*P{1'b0}};
        wr_ptr_sync_reg <= {P{1'b0}};
        publish_toggle_sync_reg <= {SYNC_STAGES{1'b0}};
        publish_ack_reg <= 1'b0;
        ram_valid_reg <= 1'b0;
        out_valid_reg <= 1'b0;
        m_depth_reg <= {P{1'b0}};
    end
end

endmodule

`resetall
