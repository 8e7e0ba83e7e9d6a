// rnic_skid: a valid/ready register slice (skid buffer) for any bundle.
//
// Every output, s_ready included, comes from a flop, so no combinational
// path crosses the slice in either direction: it cuts timing paths between
// blocks (rnic_top's stream joints, the DMA ports, the register slices of the
// Ethernet ports). Full throughput (one transfer per cycle), two entries of
// storage, one cycle of latency; s_data is taken when s_valid && s_ready,
// as on any AXI channel.
`resetall
`default_nettype none

module rnic_skid #(
    parameter W = 1                  // bundle width in bits
) (
    input  wire         clk,
    input  wire         rst,

    input  wire [W-1:0] s_data,
    input  wire         s_valid,
    output wire         s_ready,

    output wire [W-1:0] m_data,
    output wire         m_valid,
    input  wire         m_ready
);

initial begin
    if (W < 1)
        $error("rnic_skid: W must be at least 1");
end

reg [W-1:0] main_reg, skid_reg;
reg         main_valid_reg, skid_valid_reg, s_ready_reg;

wire s_take = s_valid && s_ready_reg;
wire m_free = !main_valid_reg || m_ready;     // the output register is empty or its entry leaves

assign s_ready = s_ready_reg;
assign m_valid = main_valid_reg;
assign m_data = main_reg;

// The data registers load without looking at s_valid (a slot whose valid
// bit is clear holds nothing), so the source's valid logic reaches only the
// three control flops, one LUT deep.
always @(posedge clk) begin
    if (m_free)
        main_reg <= skid_valid_reg ? skid_reg : s_data;
    if (s_ready_reg)
        skid_reg <= s_data;
    main_valid_reg <= m_free ? (skid_valid_reg || s_take) : 1'b1;
    skid_valid_reg <= m_free ? 1'b0 : (skid_valid_reg || s_take);
    s_ready_reg <= m_free || !(skid_valid_reg || s_take);
    if (rst) begin
        main_valid_reg <= 1'b0;
        skid_valid_reg <= 1'b0;
        s_ready_reg <= 1'b0;
    end
end

endmodule

`resetall
