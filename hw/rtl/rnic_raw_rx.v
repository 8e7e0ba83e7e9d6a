// rnic_raw_rx: the receive side of RAW_PACKET QPs (flow steering).
//
// It taps the port's receive stream (every beat the parser takes; it never
// stalls the stream) and keeps the frames that are not RoCEv2 for this port
// (RoCEv2 for us: EtherType IPv4, protocol 17, UDP destination port 4791,
// destination MAC cfg_mac and IP cfg_ip, which the parser takes) and that a
// flow rule matches: context table FLOW, rule f matches when every field of
// the frame XOR the rule's value, AND the rule's mask, is zero (destination
// MAC, source MAC, EtherType); the lowest matching index wins. Each kept
// frame goes to the responder as one packet: a header {qpn, len} on m_hdr_*
// and then its bytes on m_axis_*, packed from lane 0, tlast on the last beat
// (the header first: the payload of a frame starts once its header was
// taken).
//
// Store-and-forward through a RAM of DATA_W-bit words: a frame is written as
// it arrives and released (write pointer rewound) unless kept. A frame a
// rule matches but that is longer than MAX_RAW_FRAME, or that started when
// the RAM could not hold a largest frame, is dropped and counted (stat_drop);
// m_room tells the stream's owner whether it may offer the next beat: inside
// a frame always, at a frame's start only when the frame has room, so the
// owner can hold the stream at frame boundaries instead (rnic_top does);
// a kept frame pulses stat_rx. The stream must be packed (every beat but a
// frame's last full, each beat's bytes from lane 0 on), as the parser also
// requires; a frame with any beat that is not packed is not kept.
//
// Reset sweep: after rst, one rule per cycle (FLOWS cycles) the flow table
// is written with 0 (no rule valid) through its write port; until init_done
// rises, context writes are ignored, m_room is low and no frame is kept.
// Not swept: the frame RAM and the kept-frame queue (dq_*), storage
// meaningless outside their pointers, which rst resets.
`default_nettype none

`include "rnic_contract.vh"

module rnic_raw_rx #(
    parameter DATA_W = 512,                  // stream width in bits: a power of two, 64..512
    parameter LOG_FLOWS = `RNIC_LOG_FLOWS,   // log2 flow rules kept
    parameter BUF_BYTES = 16384              // frame RAM bytes: a power of two, at least two largest frames
) (
    input  wire                          clk,
    input  wire                          rst,

    // configuration: this port's addresses (RoCEv2 frames for them are the parser's)
    input  wire [47:0]                   cfg_mac,
    input  wire [31:0]                   cfg_ip,

    // context write broadcast (table FLOW)
    input  wire                          ctx_wr_valid,
    input  wire [7:0]                    ctx_wr_table,
    input  wire [23:0]                   ctx_wr_index,
    input  wire [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data,

    // receive stream tap: one beat whenever the stream transfers one
    input  wire [DATA_W-1:0]             s_tap_tdata,
    input  wire [DATA_W/8-1:0]           s_tap_tkeep,
    input  wire                          s_tap_tvalid,
    input  wire                          s_tap_tlast,

    // kept frames: header, then len bytes
    output wire                          m_hdr_valid,
    input  wire                          m_hdr_ready,
    output wire [23:0]                   m_hdr_qpn,
    output wire [12:0]                   m_hdr_len,
    output wire [DATA_W-1:0]             m_axis_tdata,
    output wire [DATA_W/8-1:0]           m_axis_tkeep,
    output wire                          m_axis_tvalid,
    input  wire                          m_axis_tready,
    output wire                          m_axis_tlast,

    // there is room for a largest frame and a queue slot: a frame starting
    // now would be kept (rnic_top holds the receive stream at frame starts
    // while it is low, so steered frames are not lost to a slow drain)
    output wire                          m_room,

    // statistics pulses
    output wire                          stat_rx,     // a frame was kept for a RAW_PACKET QP
    output wire                          stat_drop,   // a matched frame was dropped (too long, no room)

    // the reset sweep is over: the flow table holds its reset value
    output wire                          init_done
);

localparam KEEP_W = DATA_W / 8;
localparam LOG_K = $clog2(KEEP_W);
localparam FLOWS = 1 << LOG_FLOWS;
localparam DEPTH = BUF_BYTES / KEEP_W;                       // RAM words
localparam AW = $clog2(DEPTH);
localparam integer MAXW_I = (`RNIC_MAX_RAW_FRAME + KEEP_W - 1) / KEEP_W;   // words of a largest frame
localparam [AW:0] MAXW = MAXW_I[AW:0];
localparam [AW:0] DEPTH_P = DEPTH[AW:0];
localparam HB = 38;                                          // header bytes looked at
localparam DQ = 4;                                           // kept frames waiting
localparam DQ_W = $clog2(DQ);
localparam integer LIMIT_REM = `RNIC_MAX_RAW_FRAME % KEEP_W;     // a longest frame's bytes past its last full beat
localparam integer LIMIT_BYTES_I = `RNIC_MAX_RAW_FRAME - LIMIT_REM;
localparam [15:0] LIMIT_BYTES = LIMIT_BYTES_I[15:0];                // and its bytes up to that beat

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_raw_rx: DATA_W must be a power of two from 64 to 512");
    if ((1 << AW) != DEPTH || DEPTH < 2 * MAXW_I)
        $error("rnic_raw_rx: BUF_BYTES must be a power of two holding two largest frames");
    if (LOG_FLOWS < 1 || LOG_FLOWS > 8)
        $error("rnic_raw_rx: LOG_FLOWS out of range");
end

// ---------------------------------------------------------------------------
// flow rules (RAM-shaped; all compared at a frame's end), contract layout
// flow_shadow
// verilator lint_off UNUSEDSIGNAL
wire [32*`RNIC_CTX_WORDS-1:0] cd = ctx_wr_data;   // only the rule's fields are used
wire [23:0] ctx_index = ctx_wr_index;             // index bits above LOG_FLOWS: out of range
// verilator lint_on UNUSEDSIGNAL
// reset sweep: rule sweep_idx_reg
reg                 sweep_busy_reg;
reg [LOG_FLOWS-1:0] sweep_idx_reg;

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        sweep_idx_reg <= sweep_idx_reg + 1'b1;
        if (sweep_idx_reg == {LOG_FLOWS{1'b1}})
            sweep_busy_reg <= 1'b0;
    end
    if (rst) begin
        sweep_busy_reg <= 1'b1;
        sweep_idx_reg <= {LOG_FLOWS{1'b0}};
    end
end

assign init_done = !sweep_busy_reg;

wire ctx_flow = ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_FLOW && ctx_index < FLOWS && !sweep_busy_reg;
wire [`RNIC_FLOW_SHADOW_BITS-1:0] fl_wr;
assign fl_wr[`RNIC_FLOW_SHADOW_VALID_LSB +: `RNIC_FLOW_SHADOW_VALID_W] = cd[`RNIC_FLOW_VALID_LSB +: `RNIC_FLOW_VALID_W];
assign fl_wr[`RNIC_FLOW_SHADOW_QPN_LSB +: `RNIC_FLOW_SHADOW_QPN_W] = cd[`RNIC_FLOW_QPN_LSB +: `RNIC_FLOW_QPN_W];
assign fl_wr[`RNIC_FLOW_SHADOW_DMAC_LSB +: `RNIC_FLOW_SHADOW_DMAC_W] =
    {cd[`RNIC_FLOW_DMAC_HI_LSB +: `RNIC_FLOW_DMAC_HI_W],
     cd[`RNIC_FLOW_DMAC_LO_LSB +: `RNIC_FLOW_DMAC_LO_W]};
assign fl_wr[`RNIC_FLOW_SHADOW_DMAC_MASK_LSB +: `RNIC_FLOW_SHADOW_DMAC_MASK_W] =
    {cd[`RNIC_FLOW_DMAC_MASK_HI_LSB +: `RNIC_FLOW_DMAC_MASK_HI_W],
     cd[`RNIC_FLOW_DMAC_MASK_LO_LSB +: `RNIC_FLOW_DMAC_MASK_LO_W]};
assign fl_wr[`RNIC_FLOW_SHADOW_SMAC_LSB +: `RNIC_FLOW_SHADOW_SMAC_W] =
    {cd[`RNIC_FLOW_SMAC_HI_LSB +: `RNIC_FLOW_SMAC_HI_W],
     cd[`RNIC_FLOW_SMAC_LO_LSB +: `RNIC_FLOW_SMAC_LO_W]};
assign fl_wr[`RNIC_FLOW_SHADOW_SMAC_MASK_LSB +: `RNIC_FLOW_SHADOW_SMAC_MASK_W] =
    {cd[`RNIC_FLOW_SMAC_MASK_HI_LSB +: `RNIC_FLOW_SMAC_MASK_HI_W],
     cd[`RNIC_FLOW_SMAC_MASK_LO_LSB +: `RNIC_FLOW_SMAC_MASK_LO_W]};
assign fl_wr[`RNIC_FLOW_SHADOW_ETHERTYPE_LSB +: `RNIC_FLOW_SHADOW_ETHERTYPE_W] =
    cd[`RNIC_FLOW_ETHERTYPE_LSB +: `RNIC_FLOW_ETHERTYPE_W];
assign fl_wr[`RNIC_FLOW_SHADOW_ETHERTYPE_MASK_LSB +: `RNIC_FLOW_SHADOW_ETHERTYPE_MASK_W] =
    cd[`RNIC_FLOW_ETHERTYPE_MASK_LSB +: `RNIC_FLOW_ETHERTYPE_MASK_W];
reg [`RNIC_FLOW_SHADOW_BITS-1:0] flows [0:FLOWS-1];

always @(posedge clk) begin
    if (sweep_busy_reg)
        flows[sweep_idx_reg] <= {`RNIC_FLOW_SHADOW_BITS{1'b0}};
    else if (ctx_flow)
        flows[ctx_index[LOG_FLOWS-1:0]] <= fl_wr;
end

// ---------------------------------------------------------------------------
// ingress
reg              in_frame_reg;   // inside a frame (a beat of it was seen)
reg [15:0]       bytes_reg;      // bytes of the frame so far
reg              store_reg;      // the frame is being stored (room at its start)
reg              bad_reg;        // a partial beat before the last
reg [HB*8-1:0]   hdr_reg;
reg [AW:0]       wr_ptr_reg;
reg [AW:0]       wr_base_reg;
reg [AW:0]       rd_base_reg;

// kept frames waiting for the responder
reg [23:0]  dq_qpn [0:DQ-1];
reg [12:0]  dq_len [0:DQ-1];
reg [AW:0]  dq_end [0:DQ-1];
reg [KEEP_W-1:0] dq_keep [0:DQ-1];   // keep of the frame's last word
reg [DQ_W:0] dq_wr_reg;
reg [DQ_W:0] dq_rd_reg;
wire [DQ_W:0] dq_count = dq_wr_reg - dq_rd_reg;

wire [AW:0] used = wr_base_reg - rd_base_reg;
wire        room = DEPTH_P - used >= MAXW;

// m_room's registered part, so that the stream's gate outside sees a flop
// (an OR with in_frame_reg) rather than this block's subtract and compare.
// It is computed a cycle ahead from wr_ptr_reg, which counts the words of a
// frame in progress and grows by at most one word a cycle, and from the
// queue count, which grows by at most one a cycle: after a cycle with a
// beat, one word and one queue slot more are asked for (exactly what a
// frame kept in that cycle takes, so a frame starting right after a kept
// one sees the same verdict as m_room computed in its own cycle); after a
// cycle without a beat nothing can have grown and the test is the exact
// one, a cycle late (room the drain frees shows a cycle later).
wire [AW:0] free_now = DEPTH_P - (wr_ptr_reg - rd_base_reg);
reg         room_ok_reg;
always @(posedge clk) begin
    room_ok_reg <= !sweep_busy_reg && (s_tap_tvalid ? (free_now > MAXW && dq_count < DQ - 1)
                                                    : (free_now >= MAXW && dq_count < DQ));
    if (rst)
        room_ok_reg <= 1'b0;
end

// byte count of the beat (packed: lanes 0..n-1)
wire [LOG_K:0] beat_cnt;
wire           beat_thermo;
rnic_keep_count #(.KEEP_W(KEEP_W)) beat_count_inst (.keep(s_tap_tkeep), .count(beat_cnt), .thermo(beat_thermo));

// the first HB bytes, this beat merged in (every beat but a frame's last is
// full, so the beat's index is bytes_reg / KEEP_W; bytes past the frame's
// end read as zero)
wire [15:0] beat_idx = bytes_reg >> LOG_K;
wire [HB*8-1:0] hdr_view;
genvar gp;
generate
    for (gp = 0; gp < HB; gp = gp + 1) begin : g_hv
        assign hdr_view[8*gp +: 8] = ((gp >> LOG_K) != beat_idx) ? hdr_reg[8*gp +: 8] :
                                     s_tap_tkeep[gp % KEEP_W] ? s_tap_tdata[8*(gp % KEEP_W) +: 8] : 8'h00;
    end
endgenerate

function [7:0] hv;
    input [HB*8-1:0] h;
    input integer k;
    begin
        hv = h[8*k +: 8];
    end
endfunction

wire        first = !in_frame_reg;
wire        storing = first ? room : store_reg;
wire [15:0] bytes_end = bytes_reg + {{(15-LOG_K){1'b0}}, beat_cnt};
// a beat that is not packed: short before the frame's last, or with a gap
wire        partial = (!(&s_tap_tkeep) && !s_tap_tlast) || !beat_thermo;
wire [AW:0] wr_words = wr_ptr_reg - wr_base_reg;
wire        mem_we = s_tap_tvalid && storing && wr_words < MAXW;

wire [47:0] f_dmac = {hv(hdr_view, 0), hv(hdr_view, 1), hv(hdr_view, 2), hv(hdr_view, 3), hv(hdr_view, 4),
                      hv(hdr_view, 5)};
wire [47:0] f_smac = {hv(hdr_view, 6), hv(hdr_view, 7), hv(hdr_view, 8), hv(hdr_view, 9), hv(hdr_view, 10),
                      hv(hdr_view, 11)};
wire [15:0] f_etype = {hv(hdr_view, 12), hv(hdr_view, 13)};
wire roce_for_us = f_etype == 16'h0800 && hv(hdr_view, 23) == 8'd17 &&
                   {hv(hdr_view, 36), hv(hdr_view, 37)} == 16'd4791 && f_dmac == cfg_mac &&
                   {hv(hdr_view, 30), hv(hdr_view, 31), hv(hdr_view, 32), hv(hdr_view, 33)} == cfg_ip;

// the lowest matching rule
reg             hit;
reg [23:0]      hit_qpn;
reg [`RNIC_FLOW_SHADOW_BITS-1:0] fe;
integer f;
always @* begin
    hit = 1'b0;
    hit_qpn = 24'd0;
    fe = {`RNIC_FLOW_SHADOW_BITS{1'b0}};
    for (f = FLOWS - 1; f >= 0; f = f - 1) begin
        fe = flows[f];
        if (fe[`RNIC_FLOW_SHADOW_VALID_LSB] &&
            ((f_dmac ^ fe[`RNIC_FLOW_SHADOW_DMAC_LSB +: `RNIC_FLOW_SHADOW_DMAC_W]) &
             fe[`RNIC_FLOW_SHADOW_DMAC_MASK_LSB +: `RNIC_FLOW_SHADOW_DMAC_MASK_W]) == 48'd0 &&
            ((f_smac ^ fe[`RNIC_FLOW_SHADOW_SMAC_LSB +: `RNIC_FLOW_SHADOW_SMAC_W]) &
             fe[`RNIC_FLOW_SHADOW_SMAC_MASK_LSB +: `RNIC_FLOW_SHADOW_SMAC_MASK_W]) == 48'd0 &&
            ((f_etype ^ fe[`RNIC_FLOW_SHADOW_ETHERTYPE_LSB +: `RNIC_FLOW_SHADOW_ETHERTYPE_W]) &
             fe[`RNIC_FLOW_SHADOW_ETHERTYPE_MASK_LSB +: `RNIC_FLOW_SHADOW_ETHERTYPE_MASK_W]) == 16'd0) begin
            hit = 1'b1;
            hit_qpn = fe[`RNIC_FLOW_SHADOW_QPN_LSB +: `RNIC_FLOW_SHADOW_QPN_W];
        end
    end
end

// verdict at the frame's last beat
wire end_beat = s_tap_tvalid && s_tap_tlast;
wire matched = end_beat && !roce_for_us && hit && !sweep_busy_reg;
// at most MAX_RAW_FRAME bytes, without the beat's byte count on the path:
// all beats before this one were full (else bad_reg or partial), so the
// frame fits when it had fewer than LIMIT_BYTES bytes, or exactly that many
// and this beat leaves lane LIMIT_REM unkept (at most LIMIT_REM bytes)
wire fits_len = bytes_reg < LIMIT_BYTES || (bytes_reg == LIMIT_BYTES && !s_tap_tkeep[LIMIT_REM]);
wire fits = storing && !bad_reg && !partial && fits_len;
wire keep = matched && fits && dq_count < DQ;

reg [DATA_W-1:0] mem [0:DEPTH-1];
reg stat_rx_reg, stat_drop_reg;

always @(posedge clk) begin
    if (mem_we)
        mem[wr_ptr_reg[AW-1:0]] <= s_tap_tdata;
    if (keep) begin
        dq_qpn[dq_wr_reg[DQ_W-1:0]] <= hit_qpn;
        dq_len[dq_wr_reg[DQ_W-1:0]] <= bytes_end[12:0];
        dq_end[dq_wr_reg[DQ_W-1:0]] <= wr_ptr_reg + 1'b1;
        // the last beat's keep (packed), or all lanes when it is empty and
        // the frame's last word is the full beat before it
        dq_keep[dq_wr_reg[DQ_W-1:0]] <= (|s_tap_tkeep) ? s_tap_tkeep : {KEEP_W{1'b1}};
    end
    if (rst) begin
        in_frame_reg <= 1'b0;
        bytes_reg <= 16'd0;
        store_reg <= 1'b0;
        bad_reg <= 1'b0;
        hdr_reg <= {HB*8{1'b0}};
        wr_ptr_reg <= {(AW+1){1'b0}};
        wr_base_reg <= {(AW+1){1'b0}};
        dq_wr_reg <= {(DQ_W+1){1'b0}};
        stat_rx_reg <= 1'b0;
        stat_drop_reg <= 1'b0;
    end else begin
        stat_rx_reg <= keep;
        stat_drop_reg <= matched && !keep;
        if (s_tap_tvalid) begin
            if (end_beat) begin
                in_frame_reg <= 1'b0;
                bytes_reg <= 16'd0;
                bad_reg <= 1'b0;
                hdr_reg <= {HB*8{1'b0}};
                if (keep) begin
                    wr_ptr_reg <= wr_ptr_reg + 1'b1;
                    wr_base_reg <= wr_ptr_reg + 1'b1;
                    dq_wr_reg <= dq_wr_reg + 1'b1;
                end else begin
                    wr_ptr_reg <= wr_base_reg;
                end
            end else begin
                in_frame_reg <= 1'b1;
                bytes_reg <= (bytes_end[15] ? 16'h8000 : bytes_end);   // saturates far above any keepable length
                store_reg <= storing;
                bad_reg <= bad_reg || partial;
                hdr_reg <= hdr_view;
                if (mem_we)
                    wr_ptr_reg <= wr_ptr_reg + 1'b1;
            end
        end
    end
end

// ---------------------------------------------------------------------------
// egress: the head frame's header, then its words (the RAM's read register is
// the output register: a word is read whenever the output is empty or taken)
wire        dq_valid = dq_count != {(DQ_W+1){1'b0}};
wire [DQ_W-1:0] dq_head = dq_rd_reg[DQ_W-1:0];
wire [12:0] head_len = dq_len[dq_head];
wire [12:0] head_words = (head_len + (KEEP_W[12:0] - 13'd1)) >> LOG_K;

reg              hdr_done_reg;
reg [12:0]       issued_reg;     // words of the head frame read
reg [AW:0]       rd_ptr_reg;
reg              o_valid_reg;
reg              o_last_reg;
reg [DATA_W-1:0] o_data_reg;
reg [KEEP_W-1:0] o_keep_reg;

assign m_hdr_valid = dq_valid && !hdr_done_reg;
assign m_hdr_qpn = dq_qpn[dq_head];
assign m_hdr_len = head_len;

wire o_take = o_valid_reg && m_axis_tready;
wire o_free = !o_valid_reg || o_take;
wire issue = dq_valid && hdr_done_reg && issued_reg < head_words && o_free;
wire issue_last = issued_reg + 13'd1 == head_words;

always @(posedge clk) begin
    if (issue) begin
        o_data_reg <= mem[rd_ptr_reg[AW-1:0]];
        o_keep_reg <= issue_last ? dq_keep[dq_head] : {KEEP_W{1'b1}};
        o_last_reg <= issue_last;
    end
    if (rst) begin
        hdr_done_reg <= 1'b0;
        issued_reg <= 13'd0;
        rd_ptr_reg <= {(AW+1){1'b0}};
        rd_base_reg <= {(AW+1){1'b0}};
        dq_rd_reg <= {(DQ_W+1){1'b0}};
        o_valid_reg <= 1'b0;
    end else begin
        if (m_hdr_valid && m_hdr_ready)
            hdr_done_reg <= 1'b1;
        if (issue) begin
            rd_ptr_reg <= rd_ptr_reg + 1'b1;
            issued_reg <= issued_reg + 13'd1;
        end
        if (issue)
            o_valid_reg <= 1'b1;
        else if (o_take)
            o_valid_reg <= 1'b0;
        if (o_take && o_last_reg) begin
            // the frame is out: free its words
            hdr_done_reg <= 1'b0;
            issued_reg <= 13'd0;
            dq_rd_reg <= dq_rd_reg + 1'b1;
            rd_base_reg <= dq_end[dq_head];
            rd_ptr_reg <= dq_end[dq_head];
        end
    end
end

assign m_axis_tdata = o_data_reg;
assign m_axis_tkeep = o_keep_reg;
assign m_axis_tvalid = o_valid_reg;
assign m_axis_tlast = o_last_reg;
assign stat_rx = stat_rx_reg;
assign stat_drop = stat_drop_reg;
assign m_room = in_frame_reg || room_ok_reg;   // a started frame always finishes

endmodule

`default_nettype wire
