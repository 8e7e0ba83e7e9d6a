// rnic_dma_rd: read half of rnic_dma. rnic_dma_split takes requests from
// PORTS clients round-robin and cuts them into AXI4 INCR bursts that stay
// inside a 4 KiB page and within MAX_BURST beats. Each port has its own AXI
// ID, so its data comes back in order; other IDs may interleave. A burst is
// only issued when the port's beat buffer has room reserved for all of it, so
// R is never stalled and a slow client cannot block the others.
`default_nettype none

module rnic_dma_rd #(
    parameter DATA_W = 512,          // AXI data width in bits, a power of two 64..512
    parameter ADDR_W = 64,           // AXI address width in bits, 13..64
    parameter ID_W = 8,              // AXI ID width; port p uses ID p
    parameter TAG_W = 8,             // client request tag width
    parameter PORTS = 2,             // read clients
    parameter MAX_BURST = 256,       // longest burst in beats, 1..256 (also capped at 4 KiB)
    parameter OUTSTANDING = 16,      // bursts in flight on the AR/R channels
    parameter FIFO_DEPTH = 128,      // aligned beats buffered per port, a power of two >= burst
    parameter REQ_DEPTH = 8          // requests queued per port between splitter and realigner
) (
    input  wire                         clk,
    input  wire                         rst,

    // read clients, port p in slice p
    input  wire [PORTS*64-1:0]          s_rd_req_addr,
    input  wire [PORTS*16-1:0]          s_rd_req_len,
    input  wire [PORTS*TAG_W-1:0]       s_rd_req_tag,
    input  wire [PORTS-1:0]             s_rd_req_valid,
    output wire [PORTS-1:0]             s_rd_req_ready,

    output wire [PORTS*DATA_W-1:0]      m_rd_tdata,
    output wire [PORTS*DATA_W/8-1:0]    m_rd_tkeep,
    output wire [PORTS-1:0]             m_rd_tlast,
    output wire [PORTS*TAG_W-1:0]       m_rd_tuser,
    output wire [PORTS-1:0]             m_rd_error,
    output wire [PORTS-1:0]             m_rd_tvalid,
    input  wire [PORTS-1:0]             m_rd_tready,

    // AXI4 master, read channels
    output wire [ID_W-1:0]              m_axi_arid,
    output wire [ADDR_W-1:0]            m_axi_araddr,
    output wire [7:0]                   m_axi_arlen,
    output wire [2:0]                   m_axi_arsize,
    output wire [1:0]                   m_axi_arburst,
    output wire                         m_axi_arlock,
    output wire [3:0]                   m_axi_arcache,
    output wire [2:0]                   m_axi_arprot,
    output wire                         m_axi_arvalid,
    input  wire                         m_axi_arready,
    input  wire [ID_W-1:0]              m_axi_rid,
    input  wire [DATA_W-1:0]            m_axi_rdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [1:0]                   m_axi_rresp,    // bit 1 set: SLVERR/DECERR; bit 0 (EXOKAY) unused
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                         m_axi_rlast,
    input  wire                         m_axi_rvalid,
    output reg                          m_axi_rready,

    // statistics: bytes requested, pulsed the cycle after a request is accepted
    output reg                          stat_rd_valid,
    output reg  [15:0]                  stat_rd_bytes
);

localparam KEEP_W = DATA_W / 8;
localparam OFFS_W = $clog2(KEEP_W);
localparam BEATS_W = 18;
localparam PAGE_BEATS = 4096 / KEEP_W;
localparam BURST = MAX_BURST < PAGE_BEATS ? MAX_BURST : PAGE_BEATS;
localparam PORT_W = PORTS > 1 ? $clog2(PORTS) : 1;
localparam CREDIT_W = $clog2(FIFO_DEPTH) + 1;
localparam OUT_W = $clog2(OUTSTANDING) + 1;
localparam INFO_W = OFFS_W + 16 + TAG_W;

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (1 << $clog2(DATA_W)) != DATA_W) begin
        $error("rnic_dma_rd: DATA_W must be a power of two 64..512");
        $finish;
    end
    if (ADDR_W < 13 || ADDR_W > 64) begin
        $error("rnic_dma_rd: ADDR_W must be 13..64");
        $finish;
    end
    if (MAX_BURST < 1 || MAX_BURST > 256) begin
        $error("rnic_dma_rd: MAX_BURST must be 1..256");
        $finish;
    end
    if (FIFO_DEPTH < BURST || CREDIT_W > BEATS_W) begin
        $error("rnic_dma_rd: FIFO_DEPTH must hold one burst and be at most 2^17");
        $finish;
    end
    if ((1 << ID_W) < PORTS) begin
        $error("rnic_dma_rd: ID_W too narrow for PORTS");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// request arbitration and splitting
// ---------------------------------------------------------------------------
wire [PORTS-1:0]    info_in_ready;
wire                acc_valid;
wire [PORT_W-1:0]   acc_port;
/* verilator lint_off UNUSEDSIGNAL */
wire [63:0]         acc_addr;       // the realigner needs the offset in the beat only
/* verilator lint_on UNUSEDSIGNAL */
wire [15:0]         acc_len;
wire [TAG_W-1:0]    acc_tag = s_rd_req_tag[acc_port*TAG_W +: TAG_W];

wire [ADDR_W-1:0]   burst_addr;
wire [7:0]          burst_len;
wire [BEATS_W-1:0]  burst_cap;
wire [BEATS_W-1:0]  burst_left;
wire [PORT_W-1:0]   burst_port;
wire                burst_last;
wire                burst_valid;
wire                burst_ready;

/* verilator lint_off PINCONNECTEMPTY */
rnic_dma_split #(
    .DATA_W(DATA_W),
    .ADDR_W(ADDR_W),
    .PORTS(PORTS),
    .MAX_BURST(MAX_BURST),
    .BEATS_W(BEATS_W)
) split_inst (
    .clk(clk),
    .rst(rst),
    .s_req_addr(s_rd_req_addr),
    .s_req_len(s_rd_req_len),
    .s_req_valid(s_rd_req_valid),
    .s_req_room(info_in_ready),
    .s_req_ready(s_rd_req_ready),
    .m_acc_valid(acc_valid),
    .m_acc_port(acc_port),
    .m_acc_addr(acc_addr),
    .m_acc_len(acc_len),
    .m_burst_addr(burst_addr),
    .m_burst_len(burst_len),
    .m_burst_cap(burst_cap),
    .m_burst_left(burst_left),
    .m_burst_port(burst_port),
    .m_burst_last(burst_last),
    .m_burst_valid(burst_valid),
    .m_burst_ready(burst_ready)
);
/* verilator lint_on PINCONNECTEMPTY */

always @(posedge clk) begin
    stat_rd_valid <= acc_valid;
    stat_rd_bytes <= acc_len;
    if (rst) begin
        stat_rd_valid <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// burst issue (AR channel): a burst goes out when its port's beat buffer has
// room for it and fewer than OUTSTANDING bursts are in flight
// ---------------------------------------------------------------------------
reg [ID_W-1:0]      arid_reg, arid_next;
reg [ADDR_W-1:0]    araddr_reg, araddr_next;
reg [7:0]           arlen_reg, arlen_next;
reg                 arvalid_reg, arvalid_next;

reg [OUT_W-1:0]     outstanding_reg, outstanding_next;
reg [PORTS*CREDIT_W-1:0] credit_reg, credit_next;

wire [PORTS-1:0]    raw_pop;

/* verilator lint_off UNUSEDSIGNAL */
wire [BEATS_W-1:0]  burst_len_wide = {{BEATS_W-8{1'b0}}, burst_len};  // the low CREDIT_W bits count
/* verilator lint_on UNUSEDSIGNAL */

// room for either length the burst may have, for every port, compared with
// the splitter's registers while it works out which one it is
reg [PORTS-1:0]     room_cap;
reg [PORTS-1:0]     room_left;
integer             c;

always @* begin
    for (c = 0; c < PORTS; c = c + 1) begin
        room_cap[c] = ({{BEATS_W-CREDIT_W{1'b0}}, credit_reg[c*CREDIT_W +: CREDIT_W]} >= burst_cap);
        room_left[c] = ({{BEATS_W-CREDIT_W{1'b0}}, credit_reg[c*CREDIT_W +: CREDIT_W]} >= burst_left);
    end
end

assign burst_ready = (!arvalid_reg || m_axi_arready)
                     && (outstanding_reg != OUTSTANDING[OUT_W-1:0])
                     && (burst_last ? room_left[burst_port] : room_cap[burst_port]);

reg                 issue;
reg [CREDIT_W-1:0]  credit;
reg                 r_done;
integer             p;

always @* begin
    arid_next = arid_reg;
    araddr_next = araddr_reg;
    arlen_next = arlen_reg;
    arvalid_next = arvalid_reg && !m_axi_arready;
    outstanding_next = outstanding_reg;
    credit_next = credit_reg;

    issue = burst_valid && burst_ready;

    if (issue) begin
        arid_next = {{ID_W-PORT_W{1'b0}}, burst_port};
        araddr_next = burst_addr;
        arlen_next = burst_len;
        arvalid_next = 1'b1;
    end

    // every aligned beat a realigner takes frees one slot of its port's
    // buffer, an issued burst takes burst_len + 1; the sums come from
    // registers and the pop and the issue only choose among them
    for (p = 0; p < PORTS; p = p + 1) begin
        credit = credit_reg[p*CREDIT_W +: CREDIT_W];
        if (issue && burst_port == p[PORT_W-1:0]) begin
            if (raw_pop[p]) begin
                credit_next[p*CREDIT_W +: CREDIT_W] = credit - burst_len_wide[CREDIT_W-1:0];
            end else begin
                credit_next[p*CREDIT_W +: CREDIT_W] = credit + ~burst_len_wide[CREDIT_W-1:0];
            end
        end else if (raw_pop[p]) begin
            credit_next[p*CREDIT_W +: CREDIT_W] = credit + 1'b1;
        end
    end

    r_done = m_axi_rvalid && m_axi_rready && m_axi_rlast;
    if (issue && !r_done) begin
        outstanding_next = outstanding_reg + 1'b1;
    end else if (!issue && r_done) begin
        outstanding_next = outstanding_reg - 1'b1;
    end
end

assign m_axi_arid = arid_reg;
assign m_axi_araddr = araddr_reg;
assign m_axi_arlen = arlen_reg;
assign m_axi_arsize = OFFS_W[2:0];
assign m_axi_arburst = 2'b01;      // INCR
assign m_axi_arlock = 1'b0;
assign m_axi_arcache = 4'b0011;    // normal, non-cacheable, bufferable
assign m_axi_arprot = 3'b010;      // unprivileged, non-secure, data
assign m_axi_arvalid = arvalid_reg;

always @(posedge clk) begin
    arid_reg <= arid_next;
    araddr_reg <= araddr_next;
    arlen_reg <= arlen_next;
    arvalid_reg <= arvalid_next;
    outstanding_reg <= outstanding_next;
    credit_reg <= credit_next;
    if (rst) begin
        arvalid_reg <= 1'b0;
        outstanding_reg <= {OUT_W{1'b0}};
        for (p = 0; p < PORTS; p = p + 1) begin
            credit_reg[p*CREDIT_W +: CREDIT_W] <= FIFO_DEPTH[CREDIT_W-1:0];
        end
    end
end

// ---------------------------------------------------------------------------
// per-port beat buffers and realigners
// ---------------------------------------------------------------------------
wire [PORTS-1:0] raw_in_ready;
wire             rid_ok = ({{32-ID_W{1'b0}}, m_axi_rid} < PORTS);

always @* begin
    // credits guarantee room; an unknown ID is drained and dropped
    m_axi_rready = 1'b1;
    if (rid_ok) begin
        m_axi_rready = raw_in_ready[m_axi_rid[PORT_W-1:0]];
    end
end

genvar g;
generate
for (g = 0; g < PORTS; g = g + 1) begin : port
    wire [INFO_W-1:0]   info_out_data;
    wire                info_out_valid;
    wire                info_out_ready;
    wire [DATA_W:0]     raw_out_data;
    wire                raw_out_valid;
    wire                raw_out_ready;
    wire                raw_in_valid = m_axi_rvalid && rid_ok && (m_axi_rid[PORT_W-1:0] == g);

    // the request as accepted: offset in the first beat, length, tag
    /* verilator lint_off PINCONNECTEMPTY */
    rnic_fifo #(
        .WIDTH(INFO_W),
        .DEPTH(REQ_DEPTH)
    ) info_fifo_inst (
        .clk(clk),
        .rst(rst),
        .s_data({acc_addr[OFFS_W-1:0], acc_len, acc_tag}),
        .s_valid(acc_valid && acc_port == g),
        .s_ready(info_in_ready[g]),
        .m_data(info_out_data),
        .m_valid(info_out_valid),
        .m_ready(info_out_ready),
        .count()    // occupancy not needed
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // decoded for the realigner, which registers it when it starts the request
    wire [OFFS_W-1:0]   info_shift = info_out_data[TAG_W+16 +: OFFS_W];
    wire [15:0]         info_len = info_out_data[TAG_W +: 16];
    wire [BEATS_W-1:0]  info_raw_beats = ({{BEATS_W-OFFS_W{1'b0}}, info_shift}
                                          + {{BEATS_W-16{1'b0}}, info_len}
                                          + KEEP_W[BEATS_W-1:0] - 1'b1) >> OFFS_W;
    wire [BEATS_W-1:0]  info_out_beats = ({{BEATS_W-16{1'b0}}, info_len}
                                          + KEEP_W[BEATS_W-1:0] - 1'b1) >> OFFS_W;
    // bytes in the last beat (0: all of it), straight from the queue: no
    // adder in front of the decode
    wire [OFFS_W-1:0]   info_tail = info_len[OFFS_W-1:0];
    wire                info_tail_full = (info_tail == {OFFS_W{1'b0}});
    wire [KEEP_W-1:0]   info_last_keep;
    genvar k;
    for (k = 0; k < KEEP_W; k = k + 1) begin : keep
        localparam [OFFS_W-1:0] LANE = k;
        if (k == 0) begin : first
            assign info_last_keep[k] = 1'b1;
        end else if (k == KEEP_W - 1) begin : top
            assign info_last_keep[k] = info_tail_full;
        end else begin : other
            assign info_last_keep[k] = info_tail_full || (info_tail > LANE);
        end
    end

    /* verilator lint_off PINCONNECTEMPTY */
    rnic_fifo #(
        .WIDTH(DATA_W+1),
        .DEPTH(FIFO_DEPTH)
    ) raw_fifo_inst (
        .clk(clk),
        .rst(rst),
        .s_data({m_axi_rresp[1], m_axi_rdata}),
        .s_valid(raw_in_valid),
        .s_ready(raw_in_ready[g]),
        .m_data(raw_out_data),
        .m_valid(raw_out_valid),
        .m_ready(raw_out_ready),
        .count()    // credits track occupancy
    );
    /* verilator lint_on PINCONNECTEMPTY */

    assign raw_pop[g] = raw_out_valid && raw_out_ready;

    rnic_dma_rd_align #(
        .DATA_W(DATA_W),
        .TAG_W(TAG_W),
        .BEATS_W(BEATS_W)
    ) align_inst (
        .clk(clk),
        .rst(rst),
        .s_info_shift(info_shift),
        .s_info_raw_beats(info_raw_beats),
        .s_info_out_beats(info_out_beats),
        .s_info_last_keep(info_last_keep),
        .s_info_tag(info_out_data[TAG_W-1:0]),
        .s_info_valid(info_out_valid),
        .s_info_ready(info_out_ready),
        .s_raw_data(raw_out_data[DATA_W-1:0]),
        .s_raw_err(raw_out_data[DATA_W]),
        .s_raw_valid(raw_out_valid),
        .s_raw_ready(raw_out_ready),
        .m_axis_tdata(m_rd_tdata[g*DATA_W +: DATA_W]),
        .m_axis_tkeep(m_rd_tkeep[g*KEEP_W +: KEEP_W]),
        .m_axis_tlast(m_rd_tlast[g]),
        .m_axis_tuser(m_rd_tuser[g*TAG_W +: TAG_W]),
        .m_axis_terr(m_rd_error[g]),
        .m_axis_tvalid(m_rd_tvalid[g]),
        .m_axis_tready(m_rd_tready[g])
    );
end
endgenerate

endmodule

`default_nettype wire
