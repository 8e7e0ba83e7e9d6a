// rnic_dma_rd: read half of rnic_dma. Requests from PORTS clients are taken
// round-robin and split into AXI4 INCR bursts that stay inside a 4 KiB page
// and within MAX_BURST beats. Each port has its own AXI ID, so its data comes
// back in order; other IDs may interleave. A burst is only issued when the
// port's beat buffer has room reserved for all of it, so R is never stalled
// and a slow client cannot block the others.
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

    // statistics: bytes requested, pulsed when a request is accepted
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
localparam INFO_W = OFFS_W + 2*BEATS_W + KEEP_W + TAG_W;

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
    if (FIFO_DEPTH < BURST) begin
        $error("rnic_dma_rd: FIFO_DEPTH must hold one burst");
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
wire [PORTS-1:0]  info_in_ready;
wire [PORTS-1:0]  arb_grant;
wire              arb_valid;
wire [PORT_W-1:0] arb_index;
reg               accept;

rnic_arb #(
    .PORTS(PORTS)
) arb_inst (
    .clk(clk),
    .rst(rst),
    .req(s_rd_req_valid & info_in_ready),
    .ack(accept),
    .grant(arb_grant),
    .grant_valid(arb_valid),
    .grant_index(arb_index)
);

assign s_rd_req_ready = accept ? arb_grant : {PORTS{1'b0}};

reg                 split_active_reg, split_active_next;
reg [ADDR_W-1:0]    split_addr_reg, split_addr_next;    // aligned address of the next burst
reg [BEATS_W-1:0]   split_beats_reg, split_beats_next;  // aligned beats still to request
reg [PORT_W-1:0]    split_port_reg, split_port_next;

reg [ID_W-1:0]      arid_reg, arid_next;
reg [ADDR_W-1:0]    araddr_reg, araddr_next;
reg [7:0]           arlen_reg, arlen_next;
reg                 arvalid_reg, arvalid_next;

reg [OUT_W-1:0]     outstanding_reg, outstanding_next;
reg [PORTS*CREDIT_W-1:0] credit_reg, credit_next;

wire [PORTS-1:0]    raw_pop;

// request being accepted
/* verilator lint_off UNUSEDSIGNAL */
reg [63:0]          req_addr;       // bits above ADDR_W are not driven on the bus
/* verilator lint_on UNUSEDSIGNAL */
reg [15:0]          req_len;
reg [TAG_W-1:0]     req_tag;
reg [OFFS_W-1:0]    req_shift;
reg [BEATS_W-1:0]   req_raw_beats;
reg [BEATS_W-1:0]   req_out_beats;
reg [OFFS_W:0]      req_last_bytes;
reg [KEEP_W-1:0]    req_last_keep;
reg [INFO_W-1:0]    info_in_data;

// next burst
reg [12:0]          page_beats;
reg [BEATS_W-1:0]   burst_beats;
reg                 issue;
reg                 split_free;
reg [CREDIT_W-1:0]  port_credit;
reg                 r_done;
integer             p;

always @* begin
    split_active_next = split_active_reg;
    split_addr_next = split_addr_reg;
    split_beats_next = split_beats_reg;
    split_port_next = split_port_reg;
    arid_next = arid_reg;
    araddr_next = araddr_reg;
    arlen_next = arlen_reg;
    arvalid_next = arvalid_reg && !m_axi_arready;
    outstanding_next = outstanding_reg;
    credit_next = credit_reg;
    stat_rd_valid = 1'b0;
    stat_rd_bytes = 16'd0;

    // the selected request, decoded
    req_addr = s_rd_req_addr[arb_index*64 +: 64];
    req_len = s_rd_req_len[arb_index*16 +: 16];
    req_tag = s_rd_req_tag[arb_index*TAG_W +: TAG_W];
    req_shift = req_addr[OFFS_W-1:0];
    req_raw_beats = ({{BEATS_W-OFFS_W{1'b0}}, req_shift} + {{BEATS_W-16{1'b0}}, req_len}
                     + KEEP_W[BEATS_W-1:0] - 1'b1) >> OFFS_W;
    req_out_beats = ({{BEATS_W-16{1'b0}}, req_len} + KEEP_W[BEATS_W-1:0] - 1'b1) >> OFFS_W;
    req_last_bytes = {1'b0, req_len[OFFS_W-1:0]};
    if (req_last_bytes == {OFFS_W+1{1'b0}}) begin
        req_last_bytes = KEEP_W[OFFS_W:0];
    end
    req_last_keep = {KEEP_W{1'b1}} >> (KEEP_W[OFFS_W:0] - req_last_bytes);
    info_in_data = {req_shift, req_raw_beats, req_out_beats, req_last_keep, req_tag};

    // the next burst of the request being split
    page_beats = (13'h1000 - {1'b0, split_addr_reg[11:0]}) >> OFFS_W;
    burst_beats = split_beats_reg;
    if (burst_beats > {{BEATS_W-13{1'b0}}, page_beats}) begin
        burst_beats = {{BEATS_W-13{1'b0}}, page_beats};
    end
    if (burst_beats > BURST[BEATS_W-1:0]) begin
        burst_beats = BURST[BEATS_W-1:0];
    end
    port_credit = credit_reg[split_port_reg*CREDIT_W +: CREDIT_W];

    issue = split_active_reg && (!arvalid_reg || m_axi_arready)
            && (outstanding_reg < OUTSTANDING[OUT_W-1:0])
            && ({{BEATS_W-CREDIT_W{1'b0}}, port_credit} >= burst_beats);
    split_free = !split_active_reg || (issue && split_beats_reg == burst_beats);
    accept = split_free && arb_valid;

    if (issue) begin
        arid_next = {{ID_W-PORT_W{1'b0}}, split_port_reg};
        araddr_next = split_addr_reg;
        arlen_next = burst_beats[7:0] - 8'd1;
        arvalid_next = 1'b1;
        split_addr_next = split_addr_reg + ({{ADDR_W-BEATS_W{1'b0}}, burst_beats} << OFFS_W);
        split_beats_next = split_beats_reg - burst_beats;
        if (split_beats_reg == burst_beats) begin
            split_active_next = 1'b0;
        end
        credit_next[split_port_reg*CREDIT_W +: CREDIT_W] = port_credit - burst_beats[CREDIT_W-1:0];
    end

    if (accept) begin
        split_active_next = 1'b1;
        split_addr_next = {req_addr[ADDR_W-1:OFFS_W], {OFFS_W{1'b0}}};
        split_beats_next = req_raw_beats;
        split_port_next = arb_index;
        stat_rd_valid = 1'b1;
        stat_rd_bytes = req_len;
    end

    // every aligned beat a realigner takes frees one slot of its port's buffer
    for (p = 0; p < PORTS; p = p + 1) begin
        if (raw_pop[p]) begin
            credit_next[p*CREDIT_W +: CREDIT_W] = credit_next[p*CREDIT_W +: CREDIT_W] + 1'b1;
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
    split_active_reg <= split_active_next;
    split_addr_reg <= split_addr_next;
    split_beats_reg <= split_beats_next;
    split_port_reg <= split_port_next;
    arid_reg <= arid_next;
    araddr_reg <= araddr_next;
    arlen_reg <= arlen_next;
    arvalid_reg <= arvalid_next;
    outstanding_reg <= outstanding_next;
    credit_reg <= credit_next;
    if (rst) begin
        split_active_reg <= 1'b0;
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

    /* verilator lint_off PINCONNECTEMPTY */
    rnic_fifo #(
        .WIDTH(INFO_W),
        .DEPTH(REQ_DEPTH)
    ) info_fifo_inst (
        .clk(clk),
        .rst(rst),
        .s_data(info_in_data),
        .s_valid(accept && arb_index == g),
        .s_ready(info_in_ready[g]),
        .m_data(info_out_data),
        .m_valid(info_out_valid),
        .m_ready(info_out_ready),
        .count()    // occupancy not needed
    );

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
        .s_info_shift(info_out_data[INFO_W-1 -: OFFS_W]),
        .s_info_raw_beats(info_out_data[INFO_W-OFFS_W-1 -: BEATS_W]),
        .s_info_out_beats(info_out_data[INFO_W-OFFS_W-BEATS_W-1 -: BEATS_W]),
        .s_info_last_keep(info_out_data[TAG_W +: KEEP_W]),
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
