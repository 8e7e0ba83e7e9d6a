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

reg [W-1:0] main_reg, main_next;
reg         main_valid_reg, main_valid_next;
reg [W-1:0] skid_reg, skid_next;
reg         skid_valid_reg, skid_valid_next;
reg         s_ready_reg, s_ready_next;

wire [W-1:0] s_word = {s_axis_tlast, s_axis_tkeep, s_axis_tdata};
wire         s_take = s_axis_tvalid && s_ready_reg;

assign s_axis_tready = s_ready_reg;
assign m_axis_tvalid = main_valid_reg;
assign {m_axis_tlast, m_axis_tkeep, m_axis_tdata} = main_reg;

always @* begin
    main_next = main_reg;
    main_valid_next = main_valid_reg;
    skid_next = skid_reg;
    skid_valid_next = skid_valid_reg;

    if (!main_valid_reg || m_axis_tready) begin
        // the output register is empty or its beat leaves this cycle
        if (skid_valid_reg) begin
            main_next = skid_reg;
            main_valid_next = 1'b1;
            skid_valid_next = 1'b0;
        end else if (s_take) begin
            main_next = s_word;
            main_valid_next = 1'b1;
        end else begin
            main_valid_next = 1'b0;
        end
    end else if (s_take) begin
        // the output holds: park the new beat
        skid_next = s_word;
        skid_valid_next = 1'b1;
    end
    s_ready_next = !skid_valid_next;
end

always @(posedge clk) begin
    main_reg <= main_next;
    skid_reg <= skid_next;
    main_valid_reg <= main_valid_next;
    skid_valid_reg <= skid_valid_next;
    s_ready_reg <= s_ready_next;
    if (rst) begin
        main_valid_reg <= 1'b0;
        skid_valid_reg <= 1'b0;
        s_ready_reg <= 1'b0;
    end
end

endmodule

`resetall
