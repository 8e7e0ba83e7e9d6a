// rnic_axis_reg: an AXI-Stream register slice (skid buffer).
//
// Every output, tready included, comes from a flop, so nothing combinational
// crosses the slice: it breaks timing paths at the NIC's Ethernet ports and
// keeps the MAC side's signals off the parser's and framer's logic. Full
// throughput (one beat per cycle), two beats of storage.
`resetall
`default_nettype none

module rnic_axis_reg #(
    parameter DATA_W = 512            // tdata width in bits, a multiple of 8
) (
    input  wire                 clk,
    input  wire                 rst,

    // input stream
    input  wire [DATA_W-1:0]    s_axis_tdata,
    input  wire [DATA_W/8-1:0]  s_axis_tkeep,
    input  wire                 s_axis_tvalid,
    output wire                 s_axis_tready,
    input  wire                 s_axis_tlast,

    // output stream
    output wire [DATA_W-1:0]    m_axis_tdata,
    output wire [DATA_W/8-1:0]  m_axis_tkeep,
    output wire                 m_axis_tvalid,
    input  wire                 m_axis_tready,
    output wire                 m_axis_tlast
);

localparam W = DATA_W + DATA_W / 8 + 1;   // tdata, tkeep, tlast

initial begin
    if (DATA_W % 8 != 0)
        $error("rnic_axis_reg: DATA_W must be a multiple of 8");
end

rnic_skid #(.W(W)) slice_inst (
    .clk(clk), .rst(rst),
    .s_data({s_axis_tlast, s_axis_tkeep, s_axis_tdata}), .s_valid(s_axis_tvalid),
    .s_ready(s_axis_tready),
    .m_data({m_axis_tlast, m_axis_tkeep, m_axis_tdata}), .m_valid(m_axis_tvalid),
    .m_ready(m_axis_tready)
);

endmodule

`resetall
