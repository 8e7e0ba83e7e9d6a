// rnic_repack: re-cut a continuous packed byte stream into packed output
// segments whose lengths come from a command stream (docs/rtl-interfaces.md,
// "Stream repacker"). Used to concatenate SGE pieces into packets (requester)
// and to split a packet's payload across SGEs (responder).
//
// The input beats may be partial anywhere (each is the tail of some packed
// stream); their valid bytes are written into a ring of four beats at the
// write pointer. An output beat is formed when the ring holds all bytes it
// needs (min(KEEP_W, bytes left in the segment)), read at the read pointer,
// and goes out through a two-entry output buffer. Both rotations take their
// amount from a register, and no decision depends on m_tready or on this
// cycle's output: an input beat is taken while the ring has a beat free at
// the start of the cycle, an output beat formed while the output buffer's
// second entry is empty. A steady stream moves one beat in and one beat out
// per cycle; the output buffer adds one cycle of latency.
`default_nettype none

module rnic_repack #(
    parameter DATA_W = 512          // stream width in bits (64..512, power of two)
) (
    input  wire                  clk,
    input  wire                  rst,

    // segment commands
    input  wire [15:0]           s_seg_len,
    input  wire                  s_seg_last,
    input  wire                  s_seg_valid,
    output wire                  s_seg_ready,

    // input byte stream (tlast ignored)
    input  wire [DATA_W-1:0]     s_tdata,
    input  wire [DATA_W/8-1:0]   s_tkeep,
    input  wire                  s_tvalid,
    output wire                  s_tready,

    // output segments
    output wire [DATA_W-1:0]     m_tdata,
    output wire [DATA_W/8-1:0]   m_tkeep,
    output wire                  m_tlast,
    output wire                  m_tuser,
    output wire                  m_tvalid,
    input  wire                  m_tready
);

localparam KEEP_W = DATA_W / 8;
localparam LOG_K = $clog2(KEEP_W);
localparam RING = 4 * KEEP_W;                // ring bytes
localparam PW = LOG_K + 2;                   // ring pointer bits
localparam BCNT_W = LOG_K + 1;               // bytes in one beat 0..KEEP_W
localparam [15:0] KEEP16 = KEEP_W[15:0];
localparam [15:0] KEEP16X2 = 2 * KEEP16;
localparam [PW:0] KEEPC = KEEP_W[PW:0];
localparam [PW:0] ROOM = 3 * KEEPC;          // take a beat while at most this many bytes are held

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_repack: DATA_W must be a power of two from 64 to 512");
end

// ring: byte p in ring_reg[8*p +: 8]; the bytes held are the cnt_reg bytes
// from rd_ptr_reg on (modulo RING)
reg [8*RING-1:0] ring_reg, ring_next;
reg [PW-1:0]     wr_ptr_reg, rd_ptr_reg;
reg [PW:0]       cnt_reg;

// current segment and one queued command; *_big: more than one beat left
reg        cur_valid_reg, cur_valid_next;
reg [15:0] cur_rem_reg, cur_rem_next;
reg        cur_big_reg, cur_big_next;
reg        cur_last_reg, cur_last_next;
reg        nxt_valid_reg, nxt_valid_next;
reg [15:0] nxt_len_reg, nxt_len_next;
reg        nxt_big_reg, nxt_big_next;
reg        nxt_last_reg, nxt_last_next;

// output buffer: o0 drives m_*, o1 holds a beat that came while o0 waited
reg              o0_valid_reg, o1_valid_reg;
reg [DATA_W-1:0] o0_data_reg, o1_data_reg;
reg [KEEP_W-1:0] o0_keep_reg, o1_keep_reg;
reg              o0_last_reg, o1_last_reg, o0_user_reg, o1_user_reg;

// bytes the next output beat needs
wire [BCNT_W-1:0] need = cur_big_reg ? KEEP_W[BCNT_W-1:0] : cur_rem_reg[BCNT_W-1:0];
wire [PW:0]       need_c = {{(PW+1-BCNT_W){1'b0}}, need};
wire out_valid = cur_valid_reg && (need_c <= cnt_reg);
wire out_fire = out_valid && !o1_valid_reg;
wire out_end = !cur_big_reg;

// an input beat is taken while a whole beat is free at the start of the cycle
assign s_tready = cnt_reg <= ROOM;
wire in_fire = s_tvalid && s_tready;

assign s_seg_ready = !nxt_valid_reg;

// valid bytes of the input beat (packed: lanes 0..n-1)
wire [BCNT_W-1:0] in_n;
/* verilator lint_off PINCONNECTEMPTY */ // the input is packed by contract
rnic_keep_count #(.KEEP_W(KEEP_W)) in_count_inst (.keep(s_tkeep), .count(in_n), .thermo());
/* verilator lint_on PINCONNECTEMPTY */
integer i;

// the input beat rotated to the write pointer, and its byte enables
wire [8*RING-1:0] in_wide = {{(8*RING-DATA_W){1'b0}}, s_tdata};
wire [RING-1:0]   in_keep_wide = {{(RING-KEEP_W){1'b0}}, s_tkeep};
/* verilator lint_off UNUSEDSIGNAL */ // the high half of each doubled vector is the rotation
wire [16*RING-1:0] in_dbl = {in_wide, in_wide} << {wr_ptr_reg, 3'b000};
wire [2*RING-1:0]  keep_dbl = {in_keep_wide, in_keep_wide} << wr_ptr_reg;
wire [8*RING-1:0] in_rot = in_dbl[16*RING-1:8*RING];
wire [RING-1:0]   keep_rot = keep_dbl[2*RING-1:RING];
/* verilator lint_on UNUSEDSIGNAL */

// the output beat: KEEP_W bytes from the read pointer, those past `need` zero
/* verilator lint_off UNUSEDSIGNAL */ // only the low beat of the rotation is used
wire [16*RING-1:0] ring_dbl = {ring_reg, ring_reg} >> {rd_ptr_reg, 3'b000};
/* verilator lint_on UNUSEDSIGNAL */
reg [DATA_W-1:0] out_data;
reg [KEEP_W-1:0] out_keep;
always @* begin
    for (i = 0; i < KEEP_W; i = i + 1) begin
        out_keep[i] = i < need;
        out_data[i*8 +: 8] = (i < need) ? ring_dbl[i*8 +: 8] : 8'd0;
    end
end

assign m_tdata = o0_data_reg;
assign m_tkeep = o0_keep_reg;
assign m_tlast = o0_last_reg;
assign m_tuser = o0_user_reg;
assign m_tvalid = o0_valid_reg;

always @* begin
    ring_next = ring_reg;
    for (i = 0; i < RING; i = i + 1)
        if (in_fire && keep_rot[i])
            ring_next[i*8 +: 8] = in_rot[i*8 +: 8];
end

always @* begin
    cur_valid_next = cur_valid_reg;
    cur_rem_next = cur_rem_reg;
    cur_big_next = cur_big_reg;
    cur_last_next = cur_last_reg;
    nxt_valid_next = nxt_valid_reg;
    nxt_len_next = nxt_len_reg;
    nxt_big_next = nxt_big_reg;
    nxt_last_next = nxt_last_reg;

    // segment commands: current one finishes, queued one moves up
    if (out_fire) begin
        if (out_end) begin
            cur_valid_next = 1'b0;
        end else begin
            cur_rem_next = cur_rem_reg - KEEP16;
            cur_big_next = cur_rem_reg > KEEP16X2;
        end
    end
    if (!cur_valid_next && nxt_valid_reg) begin
        cur_valid_next = 1'b1;
        cur_rem_next = nxt_len_reg;
        cur_big_next = nxt_big_reg;
        cur_last_next = nxt_last_reg;
        nxt_valid_next = 1'b0;
    end
    if (s_seg_valid && s_seg_ready) begin
        if (!cur_valid_next) begin
            cur_valid_next = 1'b1;
            cur_rem_next = s_seg_len;
            cur_big_next = s_seg_len > KEEP16;
            cur_last_next = s_seg_last;
        end else begin
            nxt_valid_next = 1'b1;
            nxt_len_next = s_seg_len;
            nxt_big_next = s_seg_len > KEEP16;
            nxt_last_next = s_seg_last;
        end
    end
end

// the ring count with this cycle's output taken out, worked out beside it
wire [PW:0] cnt_out = out_fire ? cnt_reg - need_c : cnt_reg;

always @(posedge clk) begin
    ring_reg <= ring_next;
    if (in_fire) wr_ptr_reg <= wr_ptr_reg + {{(PW-BCNT_W){1'b0}}, in_n};
    if (out_fire) rd_ptr_reg <= rd_ptr_reg + {{(PW-BCNT_W){1'b0}}, need};
    cnt_reg <= cnt_out + (in_fire ? {{(PW+1-BCNT_W){1'b0}}, in_n} : {(PW+1){1'b0}});
    cur_valid_reg <= cur_valid_next;
    cur_rem_reg <= cur_rem_next;
    cur_big_reg <= cur_big_next;
    cur_last_reg <= cur_last_next;
    nxt_valid_reg <= nxt_valid_next;
    nxt_len_reg <= nxt_len_next;
    nxt_big_reg <= nxt_big_next;
    nxt_last_reg <= nxt_last_next;

    // output buffer: o1 fills only while o0 waits; o0 takes o1's beat, or
    // this cycle's, when it is empty or leaving
    if (!o0_valid_reg || m_tready) begin
        o0_valid_reg <= o1_valid_reg || out_fire;
        if (o1_valid_reg) begin
            o0_data_reg <= o1_data_reg;
            o0_keep_reg <= o1_keep_reg;
            o0_last_reg <= o1_last_reg;
            o0_user_reg <= o1_user_reg;
        end else begin
            o0_data_reg <= out_data;
            o0_keep_reg <= out_keep;
            o0_last_reg <= out_end;
            o0_user_reg <= out_end && cur_last_reg;
        end
        o1_valid_reg <= 1'b0;
    end else if (out_fire) begin
        o1_valid_reg <= 1'b1;
        o1_data_reg <= out_data;
        o1_keep_reg <= out_keep;
        o1_last_reg <= out_end;
        o1_user_reg <= out_end && cur_last_reg;
    end

    if (rst) begin
        wr_ptr_reg <= {PW{1'b0}};
        rd_ptr_reg <= {PW{1'b0}};
        cnt_reg <= {(PW+1){1'b0}};
        cur_valid_reg <= 1'b0;
        nxt_valid_reg <= 1'b0;
        o0_valid_reg <= 1'b0;
        o1_valid_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
