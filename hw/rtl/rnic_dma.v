// rnic_dma: host DMA engine, an AXI4 master with RD_PORTS read clients and
// WR_PORTS write clients (docs/rtl-interfaces.md, "Host DMA client ports").
// Byte-granular requests (any address, 1..65535 bytes) become INCR bursts of
// DATA_W that never cross 4 KiB; clients see packed streams.
//
// Read client p: data comes back in request order (AXI ID p); other ports'
// data may interleave on R. m_rd_error[p] is valid with each beat: 1 when a
// beat of the request so far (all of it on tlast) came back SLVERR/DECERR.
// Write client p: len bytes follow on s_wr_t*, packed (tkeep/tlast are not
// used: framing is the request length). Writes of all ports reach memory in
// acceptance order (AXI ID 0). m_wr_done[p] pulses when the request's last
// B arrived; m_wr_error[p] pulses with it if any B was SLVERR/DECERR.
// A request length of 0 is not allowed. A request's first burst is on AR/AW
// three cycles after its handshake (rnic_dma_split: queue, load, issue);
// further bursts follow one per cycle.
`default_nettype none

module rnic_dma #(
    parameter DATA_W = 512,          // AXI data width in bits, a power of two 64..512
    parameter ADDR_W = 64,           // AXI address width in bits, 13..64
    parameter ID_W = 8,              // AXI ID width, >= log2(RD_PORTS)
    parameter TAG_W = 8,             // read request tag width
    parameter RD_PORTS = 2,          // read clients
    parameter WR_PORTS = 2,          // write clients
    parameter MAX_BURST = 256,       // longest burst in beats, 1..256 (also capped at 4 KiB)
    parameter RD_OUTSTANDING = 16,   // read bursts in flight
    // aligned read beats buffered per read port, a power of two >= a burst (default: two bursts)
    parameter RD_FIFO_DEPTH = 2 << $clog2(MAX_BURST < 32768 / DATA_W ? MAX_BURST : 32768 / DATA_W),
    parameter RD_REQ_DEPTH = 8,      // read requests queued per port (power of two)
    parameter WR_OUTSTANDING = 16,   // write bursts awaiting B (power of two)
    parameter WR_CMD_DEPTH = 4       // write requests queued for the data engine (power of two)
) (
    input  wire                         clk,
    input  wire                         rst,

    // read clients
    input  wire [RD_PORTS*64-1:0]       s_rd_req_addr,
    input  wire [RD_PORTS*16-1:0]       s_rd_req_len,
    input  wire [RD_PORTS*TAG_W-1:0]    s_rd_req_tag,
    input  wire [RD_PORTS-1:0]          s_rd_req_valid,
    output wire [RD_PORTS-1:0]          s_rd_req_ready,
    output wire [RD_PORTS*DATA_W-1:0]   m_rd_tdata,
    output wire [RD_PORTS*DATA_W/8-1:0] m_rd_tkeep,
    output wire [RD_PORTS-1:0]          m_rd_tlast,
    output wire [RD_PORTS*TAG_W-1:0]    m_rd_tuser,
    output wire [RD_PORTS-1:0]          m_rd_error,
    output wire [RD_PORTS-1:0]          m_rd_tvalid,
    input  wire [RD_PORTS-1:0]          m_rd_tready,

    // write clients
    input  wire [WR_PORTS*64-1:0]       s_wr_req_addr,
    input  wire [WR_PORTS*16-1:0]       s_wr_req_len,
    input  wire [WR_PORTS-1:0]          s_wr_req_valid,
    output wire [WR_PORTS-1:0]          s_wr_req_ready,
    input  wire [WR_PORTS*DATA_W-1:0]   s_wr_tdata,
    input  wire [WR_PORTS*DATA_W/8-1:0] s_wr_tkeep,
    input  wire [WR_PORTS-1:0]          s_wr_tlast,
    input  wire [WR_PORTS-1:0]          s_wr_tvalid,
    output wire [WR_PORTS-1:0]          s_wr_tready,
    output wire [WR_PORTS-1:0]          m_wr_done,
    output wire [WR_PORTS-1:0]          m_wr_error,

    // AXI4 master
    output wire [ID_W-1:0]              m_axi_awid,
    output wire [ADDR_W-1:0]            m_axi_awaddr,
    output wire [7:0]                   m_axi_awlen,
    output wire [2:0]                   m_axi_awsize,
    output wire [1:0]                   m_axi_awburst,
    output wire                         m_axi_awlock,
    output wire [3:0]                   m_axi_awcache,
    output wire [2:0]                   m_axi_awprot,
    output wire                         m_axi_awvalid,
    input  wire                         m_axi_awready,
    output wire [DATA_W-1:0]            m_axi_wdata,
    output wire [DATA_W/8-1:0]          m_axi_wstrb,
    output wire                         m_axi_wlast,
    output wire                         m_axi_wvalid,
    input  wire                         m_axi_wready,
    input  wire [ID_W-1:0]              m_axi_bid,
    input  wire [1:0]                   m_axi_bresp,
    input  wire                         m_axi_bvalid,
    output wire                         m_axi_bready,
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
    input  wire [1:0]                   m_axi_rresp,
    input  wire                         m_axi_rlast,
    input  wire                         m_axi_rvalid,
    output wire                         m_axi_rready,

    // statistics (STAT_DMA_RD_BYTES / STAT_DMA_WR_BYTES): when *_valid is
    // high, add *_bytes; registered, the cycle after a request is accepted
    output wire                         stat_rd_valid,
    output wire [15:0]                  stat_rd_bytes,
    output wire                         stat_wr_valid,
    output wire [15:0]                  stat_wr_bytes
);

rnic_dma_rd #(
    .DATA_W(DATA_W),
    .ADDR_W(ADDR_W),
    .ID_W(ID_W),
    .TAG_W(TAG_W),
    .PORTS(RD_PORTS),
    .MAX_BURST(MAX_BURST),
    .OUTSTANDING(RD_OUTSTANDING),
    .FIFO_DEPTH(RD_FIFO_DEPTH),
    .REQ_DEPTH(RD_REQ_DEPTH)
) rd_inst (
    .clk(clk),
    .rst(rst),
    .s_rd_req_addr(s_rd_req_addr),
    .s_rd_req_len(s_rd_req_len),
    .s_rd_req_tag(s_rd_req_tag),
    .s_rd_req_valid(s_rd_req_valid),
    .s_rd_req_ready(s_rd_req_ready),
    .m_rd_tdata(m_rd_tdata),
    .m_rd_tkeep(m_rd_tkeep),
    .m_rd_tlast(m_rd_tlast),
    .m_rd_tuser(m_rd_tuser),
    .m_rd_error(m_rd_error),
    .m_rd_tvalid(m_rd_tvalid),
    .m_rd_tready(m_rd_tready),
    .m_axi_arid(m_axi_arid),
    .m_axi_araddr(m_axi_araddr),
    .m_axi_arlen(m_axi_arlen),
    .m_axi_arsize(m_axi_arsize),
    .m_axi_arburst(m_axi_arburst),
    .m_axi_arlock(m_axi_arlock),
    .m_axi_arcache(m_axi_arcache),
    .m_axi_arprot(m_axi_arprot),
    .m_axi_arvalid(m_axi_arvalid),
    .m_axi_arready(m_axi_arready),
    .m_axi_rid(m_axi_rid),
    .m_axi_rdata(m_axi_rdata),
    .m_axi_rresp(m_axi_rresp),
    .m_axi_rlast(m_axi_rlast),
    .m_axi_rvalid(m_axi_rvalid),
    .m_axi_rready(m_axi_rready),
    .stat_rd_valid(stat_rd_valid),
    .stat_rd_bytes(stat_rd_bytes)
);

rnic_dma_wr #(
    .DATA_W(DATA_W),
    .ADDR_W(ADDR_W),
    .ID_W(ID_W),
    .PORTS(WR_PORTS),
    .MAX_BURST(MAX_BURST),
    .OUTSTANDING(WR_OUTSTANDING),
    .CMD_DEPTH(WR_CMD_DEPTH)
) wr_inst (
    .clk(clk),
    .rst(rst),
    .s_wr_req_addr(s_wr_req_addr),
    .s_wr_req_len(s_wr_req_len),
    .s_wr_req_valid(s_wr_req_valid),
    .s_wr_req_ready(s_wr_req_ready),
    .s_wr_tdata(s_wr_tdata),
    .s_wr_tkeep(s_wr_tkeep),
    .s_wr_tlast(s_wr_tlast),
    .s_wr_tvalid(s_wr_tvalid),
    .s_wr_tready(s_wr_tready),
    .m_wr_done(m_wr_done),
    .m_wr_error(m_wr_error),
    .m_axi_awid(m_axi_awid),
    .m_axi_awaddr(m_axi_awaddr),
    .m_axi_awlen(m_axi_awlen),
    .m_axi_awsize(m_axi_awsize),
    .m_axi_awburst(m_axi_awburst),
    .m_axi_awlock(m_axi_awlock),
    .m_axi_awcache(m_axi_awcache),
    .m_axi_awprot(m_axi_awprot),
    .m_axi_awvalid(m_axi_awvalid),
    .m_axi_awready(m_axi_awready),
    .m_axi_wdata(m_axi_wdata),
    .m_axi_wstrb(m_axi_wstrb),
    .m_axi_wlast(m_axi_wlast),
    .m_axi_wvalid(m_axi_wvalid),
    .m_axi_wready(m_axi_wready),
    .m_axi_bid(m_axi_bid),
    .m_axi_bresp(m_axi_bresp),
    .m_axi_bvalid(m_axi_bvalid),
    .m_axi_bready(m_axi_bready),
    .stat_wr_valid(stat_wr_valid),
    .stat_wr_bytes(stat_wr_bytes)
);

endmodule

`default_nettype wire
