// rnic_req_gather: the requester's payload path, inside rnic_req
// (docs/rtl-interfaces.md, "Requester (rnic_req) and responder (rnic_resp)"): the gatherer, which reads a send
// WQE's data, and the repacker, which cuts it into the packets' payloads.
//
// What it holds:
// - The gather list: the WQE's SGEs {device address, length, length not
//   zero}, MAX_SEND_SGE entries written by the WQE stage as it checks them
//   (gl_*), read asynchronously at the SGE being requested (LUTRAM). The
//   "not zero" bit is kept beside the length so that the read request's
//   valid has no 32-bit test behind the table read.
// - The gatherer: started with a WQE that has data (start; the WQE's
//   fields stay on inl, tso, nsge while busy), it issues one DMA read
//   request per SGE (m_rd_req_*, split at DMA_CHUNK bytes since a request
//   carries at most 65535, tag = the SGE index; SGEs of length 0 issue
//   none), all up front so the DMA latency is paid once per message. An
//   INLINE WQE's bytes come from the WQE buffer instead (inl_beat selects a
//   beat, inl_data is it; tkeep from the bytes left), once every earlier
//   DMA read's data has arrived; a TSO WQE feeds its header template that
//   way first, then reads its SGEs. A rewound head (go-back-N restart in
//   the middle of a message) skips the `skip` bytes already received:
//   whole inline beats, or SGE bytes (whole SGEs, then an offset in one).
//   out_idle: the data of every DMA read request issued has arrived.
// - The repacker (rnic_repack): the emitter's segment commands (s_seg_*,
//   one per packet, its payload length) cut the gathered bytes into packet
//   payloads (m_pl_*, tlast per packet).
`default_nettype none

`include "rnic_contract.vh"

module rnic_req_gather #(
    parameter DATA_W = 512,               // stream width in bits (64..512, power of two)
    parameter DMA_CHUNK = 32768,          // largest DMA read request in bytes
    parameter TAG_W = 8,                  // DMA read tag width (>= 5)
    // inline beat index bits: the WQE buffer's beats (the largest send WQE)
    parameter IB_W = $clog2(`RNIC_SEND_WQE_MAX_STRIDE * 8 / DATA_W + 1)
) (
    input  wire                  clk,
    input  wire                  rst,

    // gather list writes (the WQE stage): SGE gl_k
    input  wire                  gl_we,
    input  wire [3:0]            gl_k,
    input  wire [63:0]           gl_addr,
    input  wire [31:0]           gl_len,

    // the WQE: start with data to gather; its fields held while busy
    input  wire                  start,
    input  wire                  inl,       // INLINE: the bytes are in the WQE buffer
    input  wire                  tso,       // TSO: the header template inline, then the SGEs
    input  wire [31:0]           skip,      // bytes to skip (a rewound head; whole beats when inline)
    input  wire [31:0]           inl_len,   // inline bytes (TSO: the template's)
    input  wire [7:0]            nsge,      // SGEs in the list
    output wire                  busy,
    output wire                  out_idle,
    output wire [IB_W-1:0]       inl_beat,
    input  wire [DATA_W-1:0]     inl_data,

    // DMA read client
    output wire [63:0]           m_rd_req_addr,
    output wire [15:0]           m_rd_req_len,
    output wire [TAG_W-1:0]      m_rd_req_tag,
    output wire                  m_rd_req_valid,
    input  wire                  m_rd_req_ready,
    input  wire [DATA_W-1:0]     s_rd_tdata,
    input  wire [DATA_W/8-1:0]   s_rd_tkeep,
    input  wire                  s_rd_tlast,
    input  wire                  s_rd_tvalid,
    output wire                  s_rd_tready,

    // the emitter's segment commands: one per packet, its payload length
    input  wire [15:0]           s_seg_len,
    input  wire                  s_seg_valid,
    output wire                  s_seg_ready,

    // packet payloads
    output wire [DATA_W-1:0]     m_pl_tdata,
    output wire [DATA_W/8-1:0]   m_pl_tkeep,
    output wire                  m_pl_tlast,
    output wire                  m_pl_tvalid,
    input  wire                  m_pl_tready
);

localparam KEEP_W = DATA_W / 8;
localparam LOG_KEEP = $clog2(KEEP_W);

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_req_gather: DATA_W must be a power of two from 64 to 512");
    if (DMA_CHUNK < 1 || DMA_CHUNK > 65535)
        $error("rnic_req_gather: DMA_CHUNK must be 1..65535 (a request's length)");
    if (TAG_W < 5)
        $error("rnic_req_gather: TAG_W must be at least 5 (the SGE index)");
    if (IB_W < $clog2(`RNIC_SEND_WQE_MAX_STRIDE * 8 / DATA_W + 1))
        $error("rnic_req_gather: IB_W too small for the WQE buffer's beats");
end
localparam NSGE = `RNIC_MAX_SEND_SGE;
localparam [31:0] KEEP32 = KEEP_W;

// gather list
reg [63:0] gl_addr_mem [0:NSGE-1];
reg [31:0] gl_len_mem [0:NSGE-1];
reg        gl_nz_mem [0:NSGE-1];
always @(posedge clk) begin
    if (gl_we) begin
        gl_addr_mem[gl_k] <= gl_addr;
        gl_len_mem[gl_k] <= gl_len;
        gl_nz_mem[gl_k] <= gl_len != 32'd0;
    end
end

reg        g_busy_reg, g_busy_next;
reg        g_inline_reg, g_inline_next;   // feeding inline beats (else DMA data)
reg [4:0]  g_k_reg, g_k_next;              // SGE being requested
reg [31:0] g_off_reg, g_off_next;          // bytes of it already requested
reg [IB_W-1:0] g_beat_reg, g_beat_next;    // inline beat
reg [7:0]  g_out_reg, g_out_next;          // DMA requests whose data has not all arrived
reg [31:0] g_skip_reg, g_skip_next;        // bytes still to skip (a rewound head)
reg        g_noskip_reg, g_noskip_next;    // g_skip_reg == 0 (kept beside it, not tested on it)
reg [31:0] g_inl_left_reg, g_inl_left_next;   // inline bytes still to feed

assign busy = g_busy_reg;
assign out_idle = g_out_reg == 8'd0;
assign inl_beat = g_beat_reg;

wire [63:0] g_addr = gl_addr_mem[g_k_reg[3:0]];
wire [31:0] g_len  = gl_len_mem[g_k_reg[3:0]];
wire        g_nz   = gl_nz_mem[g_k_reg[3:0]];
wire [31:0] g_left = g_len - g_off_reg;
wire        g_big = g_left > DMA_CHUNK;   // more than one request's worth left
wire [31:0] g_req_len = g_big ? DMA_CHUNK : g_left;
wire g_sge_end = ({3'd0, g_k_reg} == nsge);
wire g_req_valid = g_busy_reg && !g_inline_reg && !g_sge_end && g_nz && g_noskip_reg;
wire g_req_fire = g_req_valid && m_rd_req_ready;
assign m_rd_req_valid = g_req_valid;
assign m_rd_req_addr = g_addr + {32'd0, g_off_reg};
assign m_rd_req_len = g_req_len[15:0];
assign m_rd_req_tag = {{(TAG_W-5){1'b0}}, g_k_reg};

// inline beats: every lane while a whole beat or more is left, else the
// first left bytes
wire g_inl_active = g_busy_reg && g_inline_reg && g_out_reg == 8'd0 && g_inl_left_reg != 32'd0;
reg  [KEEP_W-1:0] g_inl_keep;
wire g_inl_full = g_inl_left_reg[31:LOG_KEEP] != {(32-LOG_KEEP){1'b0}};
integer gi;
always @* begin
    for (gi = 0; gi < KEEP_W; gi = gi + 1)
        g_inl_keep[gi] = g_inl_full || (gi[LOG_KEEP-1:0] < g_inl_left_reg[LOG_KEEP-1:0]);
end

// repacker input: inline beats, once the data of earlier DMA reads has all
// arrived, else DMA data
wire rp_s_tready;
wire g_inl_sel = g_inline_reg && g_out_reg == 8'd0;
wire [DATA_W-1:0] rp_s_tdata = g_inl_sel ? inl_data : s_rd_tdata;
wire [KEEP_W-1:0] rp_s_tkeep = g_inl_sel ? g_inl_keep : s_rd_tkeep;
wire rp_s_tvalid = g_inl_sel ? g_inl_active : s_rd_tvalid;
assign s_rd_tready = !g_inl_sel && rp_s_tready;
wire g_rd_last = s_rd_tvalid && s_rd_tready && s_rd_tlast;

always @* begin
    g_busy_next = g_busy_reg;
    g_inline_next = g_inline_reg;
    g_k_next = g_k_reg;
    g_off_next = g_off_reg;
    g_beat_next = g_beat_reg;
    g_skip_next = g_skip_reg;
    g_noskip_next = g_noskip_reg;
    g_inl_left_next = g_inl_left_reg;
    g_out_next = g_out_reg + (g_req_fire ? 8'd1 : 8'd0) - (g_rd_last ? 8'd1 : 8'd0);
    if (start) begin
        g_busy_next = 1'b1;
        g_inline_next = inl || tso;
        g_k_next = 5'd0;
        g_off_next = 32'd0;
        // a rewound head skips the bytes already received: whole inline
        // beats (a multiple of the path MTU, >= 256), or SGE bytes
        g_beat_next = inl ? skip[LOG_KEEP +: IB_W] : {IB_W{1'b0}};
        g_skip_next = inl ? 32'd0 : skip;
        g_noskip_next = inl || skip == 32'd0;
        g_inl_left_next = inl_len - (inl ? skip : 32'd0);
    end else if (g_busy_reg && g_inline_reg) begin
        if (g_inl_active && rp_s_tready) begin
            g_beat_next = g_beat_reg + 1'b1;
            g_inl_left_next = (g_inl_left_reg > KEEP32) ? g_inl_left_reg - KEEP32 : 32'd0;
        end
        if (g_inl_left_reg == 32'd0) begin
            if (tso)
                g_inline_next = 1'b0;    // template fed: now the SGEs' DMA reads
            else
                g_busy_next = 1'b0;
        end
    end else if (g_busy_reg) begin
        if (g_sge_end) begin
            g_busy_next = 1'b0;
        end else if (!g_noskip_reg) begin
            // (nothing left to skip after this step when the SGE holds at
            // least the bytes still to skip)
            g_noskip_next = g_len >= g_skip_reg;
            if (g_len <= g_skip_reg) begin
                g_k_next = g_k_reg + 1'b1;
                g_skip_next = g_skip_reg - g_len;
            end else begin
                g_off_next = g_skip_reg;
                g_skip_next = 32'd0;
            end
        end else if (!g_nz || (g_req_fire && !g_big)) begin
            g_k_next = g_k_reg + 1'b1;
            g_off_next = 32'd0;
        end else if (g_req_fire) begin
            g_off_next = g_off_reg + g_req_len;
        end
    end else if (g_out_reg == 8'd0) begin
        g_inline_next = 1'b0;            // idle: the repacker listens to the DMA port
    end
end

always @(posedge clk) begin
    g_busy_reg <= g_busy_next;
    g_inline_reg <= g_inline_next;
    g_k_reg <= g_k_next;
    g_off_reg <= g_off_next;
    g_beat_reg <= g_beat_next;
    g_inl_left_reg <= g_inl_left_next;
    g_out_reg <= g_out_next;
    g_skip_reg <= g_skip_next;
    g_noskip_reg <= g_noskip_next;
`ifndef SYNTHESIS
    if (!rst && g_noskip_next != (g_skip_next == 32'd0))
        $error("rnic_req_gather: g_noskip_next disagrees with g_skip_next");
`endif
    if (rst) begin
        g_busy_reg <= 1'b0;
        g_inline_reg <= 1'b0;
        g_out_reg <= 8'd0;
        g_skip_reg <= 32'd0;
        g_noskip_reg <= 1'b1;
    end
end

/* verilator lint_off UNUSEDSIGNAL */
wire rp_tuser;   // every segment is one whole packet, so tuser is not needed
/* verilator lint_on UNUSEDSIGNAL */

rnic_repack #(.DATA_W(DATA_W)) repack (
    .clk(clk), .rst(rst),
    .s_seg_len(s_seg_len), .s_seg_last(1'b1), .s_seg_valid(s_seg_valid), .s_seg_ready(s_seg_ready),
    .s_tdata(rp_s_tdata), .s_tkeep(rp_s_tkeep), .s_tvalid(rp_s_tvalid), .s_tready(rp_s_tready),
    .m_tdata(m_pl_tdata), .m_tkeep(m_pl_tkeep), .m_tlast(m_pl_tlast), .m_tuser(rp_tuser),
    .m_tvalid(m_pl_tvalid), .m_tready(m_pl_tready)
);

endmodule

`default_nettype wire
