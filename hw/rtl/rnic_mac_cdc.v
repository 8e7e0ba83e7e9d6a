// rnic_mac_cdc: the two Ethernet crossings between the core clock and a MAC's
// clock, shared by the board top (rnic_board) and the simulation top
// (rnic_sim_top), so both run the same crossing.
//
// Transmit (core -> MAC) crosses whole frames: the MAC never sees a frame
// before its last beat is across, so it cannot underrun. Receive (MAC ->
// core): with RX_DROP 1 (a board: a MAC's receive stream has no
// back-pressure) s_axis_mac_rx_tready stays 1 and a frame that would not fit
// whole is dropped on the MAC side, counted in mac_rx_drop_count; with
// RX_DROP 0 the core's back-pressure reaches s_axis_mac_rx_tready (a MAC
// model that can hold a frame, as the co-simulator's link can).
//
// Reset: rst (core) and mac_rst (MAC clock) come from one source,
// synchronized into each domain, both held for at least SYNC_STAGES + 2
// cycles of the slower clock (rnic_async_fifo's rule). docs/clocking.md has
// the depth reasoning.
`resetall
`default_nettype none

`include "rnic_contract.vh"

module rnic_mac_cdc #(
    parameter DATA_W = 512,              // Ethernet stream width in bits
    parameter MAC_LOG_DEPTH = (DATA_W >= 256) ? 9 : (DATA_W == 128) ? 10 : 11,   // log2 beats each crossing holds (two largest frames)
    parameter RX_DROP = 1                // 1: receive without back-pressure (drop whole frames)
) (
    input  wire                  clk,
    input  wire                  rst,
    input  wire                  mac_clk,
    input  wire                  mac_rst,

    // core clock: the engines' transmit stream in, receive stream out
    input  wire [DATA_W-1:0]     s_axis_core_tx_tdata,
    input  wire [DATA_W/8-1:0]   s_axis_core_tx_tkeep,
    input  wire                  s_axis_core_tx_tvalid,
    output wire                  s_axis_core_tx_tready,
    input  wire                  s_axis_core_tx_tlast,
    output wire [DATA_W-1:0]     m_axis_core_rx_tdata,
    output wire [DATA_W/8-1:0]   m_axis_core_rx_tkeep,
    output wire                  m_axis_core_rx_tvalid,
    input  wire                  m_axis_core_rx_tready,
    output wire                  m_axis_core_rx_tlast,

    // MAC clock: frames without FCS to and from the MAC
    output wire [DATA_W-1:0]     m_axis_mac_tx_tdata,
    output wire [DATA_W/8-1:0]   m_axis_mac_tx_tkeep,
    output wire                  m_axis_mac_tx_tvalid,
    input  wire                  m_axis_mac_tx_tready,
    output wire                  m_axis_mac_tx_tlast,
    input  wire [DATA_W-1:0]     s_axis_mac_rx_tdata,
    input  wire [DATA_W/8-1:0]   s_axis_mac_rx_tkeep,
    input  wire                  s_axis_mac_rx_tvalid,
    output wire                  s_axis_mac_rx_tready,
    input  wire                  s_axis_mac_rx_tlast,
    output reg  [31:0]           mac_rx_drop_count,   // receive frames dropped whole

    // core clock: a beat is held in either crossing (a simulator counts it
    // as activity; a board leaves it open)
    output wire                  cdc_busy
);

localparam KEEP_W = DATA_W / 8;
// the largest frame: a 4096-byte RoCE payload with every header, or a raw frame
localparam MAX_FRAME_BYTES = 86 + 4096 + 3 + 4 > `RNIC_MAX_RAW_FRAME ? 86 + 4096 + 3 + 4 : `RNIC_MAX_RAW_FRAME;
localparam MAX_FRAME_BEATS = (MAX_FRAME_BYTES + KEEP_W - 1) / KEEP_W;

initial begin
    if ((1 << MAC_LOG_DEPTH) < 2 * MAX_FRAME_BEATS) begin
        $error("rnic_mac_cdc: MAC_LOG_DEPTH must hold two largest frames");
        $finish;
    end
end

wire [MAC_LOG_DEPTH:0] tx_depth_core, rx_depth_core;
assign cdc_busy = tx_depth_core != {(MAC_LOG_DEPTH+1){1'b0}} || rx_depth_core != {(MAC_LOG_DEPTH+1){1'b0}};

// transmit: core -> MAC, whole frames
/* verilator lint_off PINCONNECTEMPTY */ // the MAC side's fill levels are not needed
rnic_async_fifo #(
    .DATA_W(DATA_W),
    .LOG_DEPTH(MAC_LOG_DEPTH),
    .FRAME_MODE(1),
    .MAX_FRAME_BEATS(MAX_FRAME_BEATS)
) tx_fifo_inst (
    .s_clk(clk),
    .s_rst(rst),
    .s_axis_tdata(s_axis_core_tx_tdata),
    .s_axis_tkeep(s_axis_core_tx_tkeep),
    .s_axis_tvalid(s_axis_core_tx_tvalid),
    .s_axis_tready(s_axis_core_tx_tready),
    .s_axis_tlast(s_axis_core_tx_tlast),
    .s_status_depth(tx_depth_core),
    .s_drop_frame(),
    .m_clk(mac_clk),
    .m_rst(mac_rst),
    .m_axis_tdata(m_axis_mac_tx_tdata),
    .m_axis_tkeep(m_axis_mac_tx_tkeep),
    .m_axis_tvalid(m_axis_mac_tx_tvalid),
    .m_axis_tready(m_axis_mac_tx_tready),
    .m_axis_tlast(m_axis_mac_tx_tlast),
    .m_status_depth()
);

// receive: MAC -> core
wire rx_drop_frame;
rnic_async_fifo #(
    .DATA_W(DATA_W),
    .LOG_DEPTH(MAC_LOG_DEPTH),
    .FRAME_MODE(1),
    .DROP_WHEN_FULL(RX_DROP),
    .MAX_FRAME_BEATS(MAX_FRAME_BEATS)
) rx_fifo_inst (
    .s_clk(mac_clk),
    .s_rst(mac_rst),
    .s_axis_tdata(s_axis_mac_rx_tdata),
    .s_axis_tkeep(s_axis_mac_rx_tkeep),
    .s_axis_tvalid(s_axis_mac_rx_tvalid),
    .s_axis_tready(s_axis_mac_rx_tready),
    .s_axis_tlast(s_axis_mac_rx_tlast),
    .s_status_depth(),
    .s_drop_frame(rx_drop_frame),
    .m_clk(clk),
    .m_rst(rst),
    .m_axis_tdata(m_axis_core_rx_tdata),
    .m_axis_tkeep(m_axis_core_rx_tkeep),
    .m_axis_tvalid(m_axis_core_rx_tvalid),
    .m_axis_tready(m_axis_core_rx_tready),
    .m_axis_tlast(m_axis_core_rx_tlast),
    .m_status_depth(rx_depth_core)
);
/* verilator lint_on PINCONNECTEMPTY */

always @(posedge mac_clk) begin
    if (rx_drop_frame) mac_rx_drop_count <= mac_rx_drop_count + 1'b1;
    if (mac_rst) mac_rx_drop_count <= 32'd0;
end

endmodule

`resetall
