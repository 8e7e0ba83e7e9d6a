// rnic_repack: re-cut a continuous packed byte stream into packed output
// segments whose lengths come from a command stream (docs/rtl-interfaces.md,
// "Stream repacker"). Used to concatenate SGE pieces into packets (requester)
// and to split a packet's payload across SGEs (responder).
//
// The input beats may be partial anywhere (each is the tail of some packed
// stream). Their bytes wait in a ring of two beats: a beat taken is rotated
// to the write pointer's lane and written whole (its bytes past tkeep too,
// into room that holds nothing) over the KEEP_W ring bytes from the write
// pointer. An output beat is the KEEP_W ring bytes from the read pointer,
// those past the bytes it needs (min(KEEP_W, bytes left in the segment))
// zero; it is formed once the ring holds all of them and goes into a
// two-entry output buffer. Both rotations take their amount from a register
// and no decision waits on m_tready: an input beat is taken while the ring
// has a beat free after this cycle's output, an output beat formed while the
// output buffer has an entry free. A steady stream moves one beat in and one
// beat out per cycle; the output buffer adds one cycle of latency. Each wide
// operation is written once, inside the branch of the clock edge that needs
// it, so Verilator does it only on edges that move a beat.
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
localparam PW = LOG_K + 1;                   // ring pointer bits (two beats of bytes)
localparam CW = LOG_K + 2;                   // ring byte count 0..2*KEEP_W
localparam SW = LOG_K + 4;                   // bit shift within a beat, 0..DATA_W
localparam [15:0] KEEP16 = KEEP_W[15:0];
localparam [15:0] KEEP16X2 = 2 * KEEP16;
localparam [CW-1:0] KEEPC = KEEP_W[CW-1:0];
localparam [SW-1:0] BEAT_BITS = DATA_W[SW-1:0];
localparam [2*DATA_W-1:0] LOW_HALF = {{DATA_W{1'b0}}, {DATA_W{1'b1}}};

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_repack: DATA_W must be a power of two from 64 to 512");
end

// ring: byte p in ring_reg[8*p +: 8]; the bytes held are the cnt_reg bytes
// from rd_ptr_reg on (modulo 2*KEEP_W), and wr_ptr_reg is rd_ptr_reg + cnt_reg
reg [2*DATA_W-1:0] ring_reg;
reg [PW-1:0]       wr_ptr_reg, rd_ptr_reg;
reg [CW-1:0]       cnt_reg;

// current segment and one queued command; *_big: more than one beat left
reg        cur_valid_reg, cur_valid_next;
reg [15:0] cur_rem_reg, cur_rem_next;
reg        cur_big_reg, cur_big_next;
reg        cur_last_reg, cur_last_next;
reg        nxt_valid_reg, nxt_valid_next;
reg [15:0] nxt_len_reg, nxt_len_next;
reg        nxt_big_reg, nxt_big_next;
reg        nxt_last_reg, nxt_last_next;

// output buffer: two entries, written at obuf_wr_reg, read at obuf_rd_reg
reg [DATA_W-1:0] obuf_data [0:1];
reg [KEEP_W-1:0] obuf_keep [0:1];
reg              obuf_last [0:1];
reg              obuf_user [0:1];
reg              obuf_wr_reg, obuf_rd_reg, obuf_valid_reg, obuf_full_reg;

// bytes the next output beat needs
wire [PW-1:0] need = cur_big_reg ? KEEP_W[PW-1:0] : cur_rem_reg[PW-1:0];
wire [CW-1:0] need_c = {1'b0, need};
wire out_valid = cur_valid_reg && (need_c <= cnt_reg);
wire out_fire = out_valid && !obuf_full_reg;
wire out_end = !cur_big_reg;
wire m_fire = obuf_valid_reg && m_tready;

// an input beat is taken while the bytes still held after this cycle's
// output leave a beat free, cnt_reg - (out_fire ? need : 0) <= KEEP_W; with
// more than KEEP_W bytes held the output beat has all it needs, so out_fire
// reduces to the segment and the output buffer there
assign s_tready = (cnt_reg <= KEEPC) ||
                  (cur_valid_reg && !obuf_full_reg && (cur_big_reg || cnt_reg <= KEEPC + need_c));
wire in_fire = s_tvalid && s_tready;

assign s_seg_ready = !nxt_valid_reg;

// valid bytes of the input beat (packed: lanes 0..n-1)
wire [PW-1:0] in_n;
/* verilator lint_off PINCONNECTEMPTY */ // the input is packed by contract
rnic_keep_count #(.KEEP_W(KEEP_W)) in_count_inst (.keep(s_tkeep), .count(in_n), .thermo());
/* verilator lint_on PINCONNECTEMPTY */

// shift amounts in bits: a beat's rotation to the write pointer's lane, and
// from the read pointer's lane (each as a left and a right shift)
wire [SW-1:0] wr_shift = {1'b0, wr_ptr_reg[LOG_K-1:0], 3'b000};
wire [SW-1:0] wr_back = BEAT_BITS - wr_shift;
wire [SW-1:0] rd_shift = {1'b0, rd_ptr_reg[LOG_K-1:0], 3'b000};
wire [SW-1:0] rd_back = BEAT_BITS - rd_shift;
wire [SW-1:0] need_shift = {need, 3'b000};

assign m_tdata = obuf_data[obuf_rd_reg];
assign m_tkeep = obuf_keep[obuf_rd_reg];
assign m_tlast = obuf_last[obuf_rd_reg];
assign m_tuser = obuf_user[obuf_rd_reg];
assign m_tvalid = obuf_valid_reg;

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

// The two wide operations, each written once inside the branch that needs
// it, so a simulator evaluates them only on the edges that take an input
// beat or form an output beat (never while the stream is idle).
//
// Input: the beat rotated to the write pointer's lane (byte j in lane
// (lane + j) mod KEEP_W), written over the KEEP_W ring bytes from the write
// pointer: the lanes from the pointer's lane up in its half, the lanes below
// it in the other half. The mask is those lanes in both halves, flipped in
// the half the pointer is not in.
always @(posedge clk) begin
    if (in_fire)
        ring_reg <= (ring_reg & ~({2{{DATA_W{1'b1}} << wr_shift}} ^ (wr_ptr_reg[LOG_K] ? LOW_HALF : ~LOW_HALF))) |
                    ({2{(s_tdata << wr_shift) | (s_tdata >> wr_back)}} &
                     ({2{{DATA_W{1'b1}} << wr_shift}} ^ (wr_ptr_reg[LOG_K] ? LOW_HALF : ~LOW_HALF)));
end

// Output: KEEP_W ring bytes from the read pointer (the rest of its half,
// then the start of the other half), those from byte `need` on zero.
always @(posedge clk) begin
    if (out_fire) begin
        obuf_data[obuf_wr_reg] <=
            (((rd_ptr_reg[LOG_K] ? ring_reg[2*DATA_W-1:DATA_W] : ring_reg[DATA_W-1:0]) >> rd_shift) |
             ((rd_ptr_reg[LOG_K] ? ring_reg[DATA_W-1:0] : ring_reg[2*DATA_W-1:DATA_W]) << rd_back)) &
            ~({DATA_W{1'b1}} << need_shift);
        obuf_keep[obuf_wr_reg] <= ~({KEEP_W{1'b1}} << need);
        obuf_last[obuf_wr_reg] <= out_end;
        obuf_user[obuf_wr_reg] <= out_end && cur_last_reg;
    end
end

always @(posedge clk) begin
    if (in_fire)
        wr_ptr_reg <= wr_ptr_reg + in_n;
    if (out_fire)
        rd_ptr_reg <= rd_ptr_reg + need;
    cnt_reg <= cnt_reg - (out_fire ? need_c : {CW{1'b0}}) + (in_fire ? {1'b0, in_n} : {CW{1'b0}});
    cur_valid_reg <= cur_valid_next;
    cur_rem_reg <= cur_rem_next;
    cur_big_reg <= cur_big_next;
    cur_last_reg <= cur_last_next;
    nxt_valid_reg <= nxt_valid_next;
    nxt_len_reg <= nxt_len_next;
    nxt_big_reg <= nxt_big_next;
    nxt_last_reg <= nxt_last_next;

    // output buffer: a beat formed goes in while an entry is free; m_tready
    // only moves the read side
    if (out_fire)
        obuf_wr_reg <= !obuf_wr_reg;
    if (m_fire)
        obuf_rd_reg <= !obuf_rd_reg;
    if (out_fire && !m_fire) begin
        obuf_valid_reg <= 1'b1;
        obuf_full_reg <= obuf_valid_reg;
    end else if (m_fire && !out_fire) begin
        obuf_valid_reg <= obuf_full_reg;
        obuf_full_reg <= 1'b0;
    end

    if (rst) begin
        wr_ptr_reg <= {PW{1'b0}};
        rd_ptr_reg <= {PW{1'b0}};
        cnt_reg <= {CW{1'b0}};
        cur_valid_reg <= 1'b0;
        nxt_valid_reg <= 1'b0;
        obuf_wr_reg <= 1'b0;
        obuf_rd_reg <= 1'b0;
        obuf_valid_reg <= 1'b0;
        obuf_full_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
