// rnic_repack: re-cut a continuous packed byte stream into packed output
// segments whose lengths come from a command stream (docs/rtl-interfaces.md,
// "Stream repacker"). Used to concatenate SGE pieces into packets (requester)
// and to split a packet's payload across SGEs (responder).
//
// The input beats may be partial anywhere (each is the tail of some packed
// stream); their valid bytes are appended to a residue buffer of two beats.
// An output beat is emitted when the buffer holds all bytes it needs
// (min(KEEP_W, bytes left in the segment)); one input beat is taken per cycle
// while the buffer can hold it after this cycle's output, so a steady stream
// moves one beat in and one beat out per cycle.
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
localparam CNT_W = $clog2(2 * KEEP_W + 1);   // residue byte count 0..2*KEEP_W
localparam BCNT_W = $clog2(KEEP_W + 1);      // bytes in one beat 0..KEEP_W
localparam [15:0] KEEP16 = KEEP_W[15:0];
localparam [CNT_W-1:0] KEEPC = KEEP_W[CNT_W-1:0];
localparam [BCNT_W-1:0] KEEPB = KEEP_W[BCNT_W-1:0];

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_repack: DATA_W must be a power of two from 64 to 512");
end

// residue: byte i of the buffer is the i-th oldest byte not yet emitted;
// bytes at and above cnt_reg are zero
reg [2*DATA_W-1:0] buf_reg, buf_next;
reg [CNT_W-1:0]    cnt_reg, cnt_next;

// current segment and one queued command
reg        cur_valid_reg, cur_valid_next;
reg [15:0] cur_rem_reg, cur_rem_next;
reg        cur_last_reg, cur_last_next;
reg        nxt_valid_reg, nxt_valid_next;
reg [15:0] nxt_len_reg, nxt_len_next;
reg        nxt_last_reg, nxt_last_next;

// bytes the next output beat needs
wire [BCNT_W-1:0] need = (cur_rem_reg > KEEP16) ? KEEPB : cur_rem_reg[BCNT_W-1:0];
wire out_valid = cur_valid_reg && ({{(CNT_W-BCNT_W){1'b0}}, need} <= cnt_reg);
wire out_fire = out_valid && m_tready;
wire out_end = (cur_rem_reg <= KEEP16);
wire [CNT_W-1:0] out_n = out_fire ? {{(CNT_W-BCNT_W){1'b0}}, need} : {CNT_W{1'b0}};

// the input beat fits if the residue after this cycle's output has a beat free
wire [CNT_W-1:0] left = cnt_reg - out_n;
assign s_tready = (left <= KEEPC);
wire in_fire = s_tvalid && s_tready;

assign s_seg_ready = !nxt_valid_reg;

// valid bytes of the input beat (packed: contiguous from lane 0)
reg [BCNT_W-1:0] in_n;
reg [DATA_W-1:0] in_data;
integer i;
always @* begin
    in_n = {BCNT_W{1'b0}};
    for (i = 0; i < KEEP_W; i = i + 1)
        if (s_tkeep[i])
            in_n = in_n + 1'b1;
    for (i = 0; i < KEEP_W; i = i + 1)
        in_data[i*8 +: 8] = s_tkeep[i] ? s_tdata[i*8 +: 8] : 8'd0;
end

// output beat: the first `need` bytes of the residue, the rest zero
reg [DATA_W-1:0]   out_data;
reg [KEEP_W-1:0]   out_keep;
always @* begin
    for (i = 0; i < KEEP_W; i = i + 1) begin
        out_keep[i] = (i < need);
        out_data[i*8 +: 8] = (i < need) ? buf_reg[i*8 +: 8] : 8'd0;
    end
end

assign m_tdata = out_data;
assign m_tkeep = out_keep;
assign m_tlast = out_end;
assign m_tuser = out_end && cur_last_reg;
assign m_tvalid = out_valid;

always @* begin
    buf_next = buf_reg;
    cnt_next = cnt_reg;
    cur_valid_next = cur_valid_reg;
    cur_rem_next = cur_rem_reg;
    cur_last_next = cur_last_reg;
    nxt_valid_next = nxt_valid_reg;
    nxt_len_next = nxt_len_reg;
    nxt_last_next = nxt_last_reg;

    // drop emitted bytes, append accepted ones behind the remainder
    buf_next = buf_reg >> ({{(32-CNT_W){1'b0}}, out_n} * 8);
    if (in_fire)
        buf_next = buf_next | ({{DATA_W{1'b0}}, in_data} << ({{(32-CNT_W){1'b0}}, left} * 8));
    cnt_next = left + (in_fire ? {{(CNT_W-BCNT_W){1'b0}}, in_n} : {CNT_W{1'b0}});

    // segment commands: current one finishes, queued one moves up
    if (out_fire) begin
        if (out_end) begin
            cur_valid_next = 1'b0;
        end else begin
            cur_rem_next = cur_rem_reg - KEEP16;
        end
    end
    if (!cur_valid_next && nxt_valid_reg) begin
        cur_valid_next = 1'b1;
        cur_rem_next = nxt_len_reg;
        cur_last_next = nxt_last_reg;
        nxt_valid_next = 1'b0;
    end
    if (s_seg_valid && s_seg_ready) begin
        if (!cur_valid_next) begin
            cur_valid_next = 1'b1;
            cur_rem_next = s_seg_len;
            cur_last_next = s_seg_last;
        end else begin
            nxt_valid_next = 1'b1;
            nxt_len_next = s_seg_len;
            nxt_last_next = s_seg_last;
        end
    end
end

always @(posedge clk) begin
    buf_reg <= buf_next;
    cnt_reg <= cnt_next;
    cur_valid_reg <= cur_valid_next;
    cur_rem_reg <= cur_rem_next;
    cur_last_reg <= cur_last_next;
    nxt_valid_reg <= nxt_valid_next;
    nxt_len_reg <= nxt_len_next;
    nxt_last_reg <= nxt_last_next;
    if (rst) begin
        buf_reg <= {2*DATA_W{1'b0}};
        cnt_reg <= {CNT_W{1'b0}};
        cur_valid_reg <= 1'b0;
        nxt_valid_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
