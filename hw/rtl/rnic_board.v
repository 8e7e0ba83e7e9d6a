// Board top level: rnic_top in the core clock, its Ethernet ports moved into
// the MAC clock through asynchronous FIFOs; no simulation-only ports.
//
// Clock domains (docs/clocking.md): clk (core, 250 MHz by default) runs the
// register block, the engines and the host DMA master; mac_clk (a 100G MAC's
// user interface, 322.265625 MHz) runs the two Ethernet streams. Transmit
// frames cross whole (the MAC never sees a frame before its last beat is
// across, so it cannot underrun); the receive stream has no back-pressure,
// as a MAC's has none: a frame that would not fit whole is dropped on the MAC
// side and counted in mac_rx_drop_count. The host DMA master and BAR0 are in
// the core clock: a PCIe bridge whose user clock differs crosses on its AXI
// channels (AXI clock converters); the firmware port likewise.
//
// Reset: rst (core) and mac_rst (MAC clock) come from one source,
// synchronized into each domain, both held for at least SYNC_STAGES + 2
// cycles of the slower clock (rnic_async_fifo's rule).
//
// The ports a board integrator connects are listed in docs/board.md.
`resetall
`default_nettype none
`include "rnic_contract.vh"

module rnic_board #(
    parameter DATA_W = 512,              // host DMA and Ethernet stream width in bits
    parameter ADDR_W = 64,               // host DMA address width
    parameter AXI_ID_W = 8,              // host DMA AXI ID width
    parameter LOG_QPS = `RNIC_LOG_QPS,   // log2 QPs (QPN = index)
    parameter LOG_CQS = `RNIC_LOG_CQS,   // log2 CQs
    parameter LOG_MRS = `RNIC_LOG_MRS,   // log2 memory keys
    parameter CLK_MHZ = 250,             // core clock reported in CAP_CLK_MHZ
    parameter MAC_LOG_DEPTH = (DATA_W >= 256) ? 9 : (DATA_W == 128) ? 10 : 11   // log2 beats each MAC crossing holds (two largest frames)
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire                  mac_clk,
    input  wire                  mac_rst,

    // BAR0: AXI4-Lite slave
    input  wire [19:0]           s_axil_awaddr,
    input  wire [2:0]            s_axil_awprot,
    input  wire                  s_axil_awvalid,
    output wire                  s_axil_awready,
    input  wire [31:0]           s_axil_wdata,
    input  wire [3:0]            s_axil_wstrb,
    input  wire                  s_axil_wvalid,
    output wire                  s_axil_wready,
    output wire [1:0]            s_axil_bresp,
    output wire                  s_axil_bvalid,
    input  wire                  s_axil_bready,
    input  wire [19:0]           s_axil_araddr,
    input  wire [2:0]            s_axil_arprot,
    input  wire                  s_axil_arvalid,
    output wire                  s_axil_arready,
    output wire [31:0]           s_axil_rdata,
    output wire [1:0]            s_axil_rresp,
    output wire                  s_axil_rvalid,
    input  wire                  s_axil_rready,

    // Firmware port: AXI4-Lite slave and interrupt line
    input  wire [15:0]           s_axil_fw_awaddr,
    input  wire [2:0]            s_axil_fw_awprot,
    input  wire                  s_axil_fw_awvalid,
    output wire                  s_axil_fw_awready,
    input  wire [31:0]           s_axil_fw_wdata,
    input  wire [3:0]            s_axil_fw_wstrb,
    input  wire                  s_axil_fw_wvalid,
    output wire                  s_axil_fw_wready,
    output wire [1:0]            s_axil_fw_bresp,
    output wire                  s_axil_fw_bvalid,
    input  wire                  s_axil_fw_bready,
    input  wire [15:0]           s_axil_fw_araddr,
    input  wire [2:0]            s_axil_fw_arprot,
    input  wire                  s_axil_fw_arvalid,
    output wire                  s_axil_fw_arready,
    output wire [31:0]           s_axil_fw_rdata,
    output wire [1:0]            s_axil_fw_rresp,
    output wire                  s_axil_fw_rvalid,
    input  wire                  s_axil_fw_rready,
    output wire                  fw_irq,

    // Host DMA: AXI4 master
    output wire [AXI_ID_W-1:0]   m_axi_awid,
    output wire [ADDR_W-1:0]     m_axi_awaddr,
    output wire [7:0]            m_axi_awlen,
    output wire [2:0]            m_axi_awsize,
    output wire [1:0]            m_axi_awburst,
    output wire                  m_axi_awlock,
    output wire [3:0]            m_axi_awcache,
    output wire [2:0]            m_axi_awprot,
    output wire                  m_axi_awvalid,
    input  wire                  m_axi_awready,
    output wire [DATA_W-1:0]     m_axi_wdata,
    output wire [DATA_W/8-1:0]   m_axi_wstrb,
    output wire                  m_axi_wlast,
    output wire                  m_axi_wvalid,
    input  wire                  m_axi_wready,
    input  wire [AXI_ID_W-1:0]   m_axi_bid,
    input  wire [1:0]            m_axi_bresp,
    input  wire                  m_axi_bvalid,
    output wire                  m_axi_bready,
    output wire [AXI_ID_W-1:0]   m_axi_arid,
    output wire [ADDR_W-1:0]     m_axi_araddr,
    output wire [7:0]            m_axi_arlen,
    output wire [2:0]            m_axi_arsize,
    output wire [1:0]            m_axi_arburst,
    output wire                  m_axi_arlock,
    output wire [3:0]            m_axi_arcache,
    output wire [2:0]            m_axi_arprot,
    output wire                  m_axi_arvalid,
    input  wire                  m_axi_arready,
    input  wire [AXI_ID_W-1:0]   m_axi_rid,
    input  wire [DATA_W-1:0]     m_axi_rdata,
    input  wire [1:0]            m_axi_rresp,
    input  wire                  m_axi_rlast,
    input  wire                  m_axi_rvalid,
    output wire                  m_axi_rready,

    // Ethernet, MAC clock domain: AXI-Stream frames without FCS; the MAC
    // adds the FCS and any padding. Receive has no back-pressure.
    output wire [DATA_W-1:0]     m_axis_mac_tx_tdata,
    output wire [DATA_W/8-1:0]   m_axis_mac_tx_tkeep,
    output wire                  m_axis_mac_tx_tvalid,
    input  wire                  m_axis_mac_tx_tready,
    output wire                  m_axis_mac_tx_tlast,
    input  wire [DATA_W-1:0]     s_axis_mac_rx_tdata,
    input  wire [DATA_W/8-1:0]   s_axis_mac_rx_tkeep,
    input  wire                  s_axis_mac_rx_tvalid,
    input  wire                  s_axis_mac_rx_tlast,
    output wire [31:0]           mac_rx_drop_count,   // receive frames dropped whole, MAC clock

    // Host interrupts (MSI-X-like): one-cycle pulse with the vector
    output wire                  irq_valid,
    output wire [4:0]            irq_vector
);

localparam KEEP_W = DATA_W / 8;

// core-side Ethernet streams
wire [DATA_W-1:0] core_tx_tdata, core_rx_tdata;
wire [KEEP_W-1:0] core_tx_tkeep, core_rx_tkeep;
wire              core_tx_tvalid, core_tx_tready, core_tx_tlast;
wire              core_rx_tvalid, core_rx_tready, core_rx_tlast;

/* verilator lint_off PINCONNECTEMPTY */ // the simulator's timer outputs stay open on a board
rnic_top #(
    .DATA_W(DATA_W),
    .ADDR_W(ADDR_W),
    .AXI_ID_W(AXI_ID_W),
    .LOG_QPS(LOG_QPS),
    .LOG_CQS(LOG_CQS),
    .LOG_MRS(LOG_MRS),
    .CLK_MHZ(CLK_MHZ)
) core_inst (
    .clk(clk),
    .rst(rst),
    .s_axil_awaddr(s_axil_awaddr),
    .s_axil_awprot(s_axil_awprot),
    .s_axil_awvalid(s_axil_awvalid),
    .s_axil_awready(s_axil_awready),
    .s_axil_wdata(s_axil_wdata),
    .s_axil_wstrb(s_axil_wstrb),
    .s_axil_wvalid(s_axil_wvalid),
    .s_axil_wready(s_axil_wready),
    .s_axil_bresp(s_axil_bresp),
    .s_axil_bvalid(s_axil_bvalid),
    .s_axil_bready(s_axil_bready),
    .s_axil_araddr(s_axil_araddr),
    .s_axil_arprot(s_axil_arprot),
    .s_axil_arvalid(s_axil_arvalid),
    .s_axil_arready(s_axil_arready),
    .s_axil_rdata(s_axil_rdata),
    .s_axil_rresp(s_axil_rresp),
    .s_axil_rvalid(s_axil_rvalid),
    .s_axil_rready(s_axil_rready),
    .s_axil_fw_awaddr(s_axil_fw_awaddr),
    .s_axil_fw_awprot(s_axil_fw_awprot),
    .s_axil_fw_awvalid(s_axil_fw_awvalid),
    .s_axil_fw_awready(s_axil_fw_awready),
    .s_axil_fw_wdata(s_axil_fw_wdata),
    .s_axil_fw_wstrb(s_axil_fw_wstrb),
    .s_axil_fw_wvalid(s_axil_fw_wvalid),
    .s_axil_fw_wready(s_axil_fw_wready),
    .s_axil_fw_bresp(s_axil_fw_bresp),
    .s_axil_fw_bvalid(s_axil_fw_bvalid),
    .s_axil_fw_bready(s_axil_fw_bready),
    .s_axil_fw_araddr(s_axil_fw_araddr),
    .s_axil_fw_arprot(s_axil_fw_arprot),
    .s_axil_fw_arvalid(s_axil_fw_arvalid),
    .s_axil_fw_arready(s_axil_fw_arready),
    .s_axil_fw_rdata(s_axil_fw_rdata),
    .s_axil_fw_rresp(s_axil_fw_rresp),
    .s_axil_fw_rvalid(s_axil_fw_rvalid),
    .s_axil_fw_rready(s_axil_fw_rready),
    .fw_irq(fw_irq),
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
    .m_axis_tx_tdata(core_tx_tdata),
    .m_axis_tx_tkeep(core_tx_tkeep),
    .m_axis_tx_tvalid(core_tx_tvalid),
    .m_axis_tx_tready(core_tx_tready),
    .m_axis_tx_tlast(core_tx_tlast),
    .s_axis_rx_tdata(core_rx_tdata),
    .s_axis_rx_tkeep(core_rx_tkeep),
    .s_axis_rx_tvalid(core_rx_tvalid),
    .s_axis_rx_tready(core_rx_tready),
    .s_axis_rx_tlast(core_rx_tlast),
    .irq_valid(irq_valid),
    .irq_vector(irq_vector),
    .timer_busy(),
    .timer_skip_ok(),
    .timer_turbo(1'b0)
);
/* verilator lint_on PINCONNECTEMPTY */

// the two crossings into the MAC clock
/* verilator lint_off PINCONNECTEMPTY */ // a MAC's receive stream has no tready; cdc_busy is the simulator's
rnic_mac_cdc #(
    .DATA_W(DATA_W),
    .MAC_LOG_DEPTH(MAC_LOG_DEPTH),
    .RX_DROP(1)
) mac_cdc_inst (
    .clk(clk),
    .rst(rst),
    .mac_clk(mac_clk),
    .mac_rst(mac_rst),
    .s_axis_core_tx_tdata(core_tx_tdata),
    .s_axis_core_tx_tkeep(core_tx_tkeep),
    .s_axis_core_tx_tvalid(core_tx_tvalid),
    .s_axis_core_tx_tready(core_tx_tready),
    .s_axis_core_tx_tlast(core_tx_tlast),
    .m_axis_core_rx_tdata(core_rx_tdata),
    .m_axis_core_rx_tkeep(core_rx_tkeep),
    .m_axis_core_rx_tvalid(core_rx_tvalid),
    .m_axis_core_rx_tready(core_rx_tready),
    .m_axis_core_rx_tlast(core_rx_tlast),
    .m_axis_mac_tx_tdata(m_axis_mac_tx_tdata),
    .m_axis_mac_tx_tkeep(m_axis_mac_tx_tkeep),
    .m_axis_mac_tx_tvalid(m_axis_mac_tx_tvalid),
    .m_axis_mac_tx_tready(m_axis_mac_tx_tready),
    .m_axis_mac_tx_tlast(m_axis_mac_tx_tlast),
    .s_axis_mac_rx_tdata(s_axis_mac_rx_tdata),
    .s_axis_mac_rx_tkeep(s_axis_mac_rx_tkeep),
    .s_axis_mac_rx_tvalid(s_axis_mac_rx_tvalid),
    .s_axis_mac_rx_tready(),
    .s_axis_mac_rx_tlast(s_axis_mac_rx_tlast),
    .mac_rx_drop_count(mac_rx_drop_count),
    .cdc_busy()
);
/* verilator lint_on PINCONNECTEMPTY */

endmodule

`resetall
