// rnic_dma_rd_align: turns the aligned beats AXI returns for one read request
// into the packed stream a client sees. The request's first byte sits at
// byte offset `shift` of the first aligned beat; output beat k is bytes
// [shift + k*KEEP_W, shift + (k+1)*KEEP_W) of the aligned stream, so it is
// built from the current aligned beat and, when shift != 0, the next one.
`default_nettype none

module rnic_dma_rd_align #(
    parameter DATA_W = 512,  // datapath width in bits, a power of two 64..512
    parameter TAG_W = 8,     // request tag width
    parameter BEATS_W = 17   // width of beat counters
) (
    input  wire                         clk,
    input  wire                         rst,

    // request descriptor (from the request splitter, in request order)
    input  wire [$clog2(DATA_W/8)-1:0]  s_info_shift,      // address offset in the first aligned beat
    input  wire [BEATS_W-1:0]           s_info_raw_beats,  // aligned beats AXI returns
    input  wire [BEATS_W-1:0]           s_info_out_beats,  // packed beats to emit
    input  wire [DATA_W/8-1:0]          s_info_last_keep,  // tkeep of the last packed beat
    input  wire [TAG_W-1:0]             s_info_tag,
    input  wire                         s_info_valid,
    output reg                          s_info_ready,

    // aligned beats of this port (from the R channel buffer)
    input  wire [DATA_W-1:0]            s_raw_data,
    input  wire                         s_raw_err,         // the beat carried SLVERR/DECERR
    input  wire                         s_raw_valid,
    output reg                          s_raw_ready,

    // packed client stream
    output reg  [DATA_W-1:0]            m_axis_tdata,
    output reg  [DATA_W/8-1:0]          m_axis_tkeep,
    output reg                          m_axis_tlast,
    output reg  [TAG_W-1:0]             m_axis_tuser,
    output reg                          m_axis_terr,       // some beat of the request so far had an error
    output reg                          m_axis_tvalid,
    input  wire                         m_axis_tready
);

localparam KEEP_W = DATA_W / 8;
localparam OFFS_W = $clog2(KEEP_W);

reg                 active_reg, active_next;
reg [OFFS_W-1:0]    shift_reg, shift_next;
reg [BEATS_W-1:0]   raw_left_reg, raw_left_next;
reg [BEATS_W-1:0]   out_left_reg, out_left_next;
reg [KEEP_W-1:0]    last_keep_reg, last_keep_next;
reg [TAG_W-1:0]     tag_reg, tag_next;
reg [DATA_W-1:0]    cur_reg, cur_next;
reg                 cur_valid_reg, cur_valid_next;
reg                 err_reg, err_next;

reg                 need_next;
reg                 last_out;
/* verilator lint_off UNUSEDSIGNAL */
reg [2*DATA_W-1:0]  window;         // only the low half is the output beat
/* verilator lint_on UNUSEDSIGNAL */
integer             i;

// Outputs come from state and the raw input only (never from m_axis_tready),
// in a block of their own so no combinational path runs ready -> data.
always @* begin
    need_next = (shift_reg != {OFFS_W{1'b0}}) && (raw_left_reg != {BEATS_W{1'b0}});
    last_out = (out_left_reg == {{BEATS_W-1{1'b0}}, 1'b1});
    window = {s_raw_data, cur_reg} >> {shift_reg, 3'b000};

    m_axis_tkeep = last_out ? last_keep_reg : {KEEP_W{1'b1}};
    m_axis_tdata = window[DATA_W-1:0];
    for (i = 0; i < KEEP_W; i = i + 1) begin
        if (!m_axis_tkeep[i]) begin
            m_axis_tdata[i*8 +: 8] = 8'd0;
        end
    end
    m_axis_tlast = last_out;
    m_axis_tuser = tag_reg;
    m_axis_terr = err_reg || (need_next && s_raw_err);
    m_axis_tvalid = active_reg && cur_valid_reg && (!need_next || s_raw_valid);
end

always @* begin
    active_next = active_reg;
    shift_next = shift_reg;
    raw_left_next = raw_left_reg;
    out_left_next = out_left_reg;
    last_keep_next = last_keep_reg;
    tag_next = tag_reg;
    cur_next = cur_reg;
    cur_valid_next = cur_valid_reg;
    err_next = err_reg;

    s_info_ready = !active_reg;
    s_raw_ready = 1'b0;


    if (!active_reg) begin
        if (s_info_valid) begin
            active_next = 1'b1;
            shift_next = s_info_shift;
            raw_left_next = s_info_raw_beats;
            out_left_next = s_info_out_beats;
            last_keep_next = s_info_last_keep;
            tag_next = s_info_tag;
            cur_valid_next = 1'b0;
            err_next = 1'b0;
        end
    end else if (!cur_valid_reg) begin
        // fetch the first aligned beat of the request
        s_raw_ready = 1'b1;
        if (s_raw_valid) begin
            cur_next = s_raw_data;
            cur_valid_next = 1'b1;
            raw_left_next = raw_left_reg - 1'b1;
            err_next = err_reg || s_raw_err;
        end
    end else if (m_axis_tvalid && m_axis_tready) begin
        out_left_next = out_left_reg - 1'b1;
        if (last_out) begin
            // the last packed beat consumes the last aligned beat (if any is left)
            s_raw_ready = need_next;
            active_next = 1'b0;
            cur_valid_next = 1'b0;
        end else if (need_next || raw_left_reg != {BEATS_W{1'b0}}) begin
            // move to the next aligned beat; with shift 0 it may not be here yet
            s_raw_ready = 1'b1;
            if (s_raw_valid) begin
                cur_next = s_raw_data;
                raw_left_next = raw_left_reg - 1'b1;
                err_next = err_reg || s_raw_err;
            end else begin
                cur_valid_next = 1'b0;
            end
        end else begin
            cur_valid_next = 1'b0;
        end
    end
end

always @(posedge clk) begin
    active_reg <= active_next;
    shift_reg <= shift_next;
    raw_left_reg <= raw_left_next;
    out_left_reg <= out_left_next;
    last_keep_reg <= last_keep_next;
    tag_reg <= tag_next;
    cur_reg <= cur_next;
    cur_valid_reg <= cur_valid_next;
    err_reg <= err_next;
    if (rst) begin
        active_reg <= 1'b0;
        cur_valid_reg <= 1'b0;
        err_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
