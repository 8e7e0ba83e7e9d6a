// rnic_fifo: synchronous first-word-fall-through FIFO with valid/ready on both
// sides. Storage is a RAM-shaped array (one write port, one read port); the
// head is presented combinationally, so a push and a pop can happen in the
// same cycle and the FIFO moves one entry per cycle in steady state.
`default_nettype none

module rnic_fifo #(
    parameter WIDTH = 8,     // bits per entry
    parameter DEPTH = 16     // entries, a power of two >= 2
) (
    input  wire                     clk,
    input  wire                     rst,

    // input side
    input  wire [WIDTH-1:0]         s_data,
    input  wire                     s_valid,
    output wire                     s_ready,

    // output side (head of the queue)
    output wire [WIDTH-1:0]         m_data,
    output wire                     m_valid,
    input  wire                     m_ready,

    // occupancy
    output wire [$clog2(DEPTH):0]   count
);

localparam PTR_W = $clog2(DEPTH);

initial begin
    if (DEPTH < 2 || (1 << PTR_W) != DEPTH) begin
        $error("rnic_fifo: DEPTH must be a power of two >= 2");
        $finish;
    end
end

reg [WIDTH-1:0] mem [0:DEPTH-1];

reg [PTR_W:0] wr_ptr_reg, wr_ptr_next;
reg [PTR_W:0] rd_ptr_reg, rd_ptr_next;

wire full  = (wr_ptr_reg[PTR_W] != rd_ptr_reg[PTR_W]) &&
             (wr_ptr_reg[PTR_W-1:0] == rd_ptr_reg[PTR_W-1:0]);
wire empty = (wr_ptr_reg == rd_ptr_reg);

wire push = s_valid && !full;
wire pop  = m_ready && !empty;

assign s_ready = !full;
assign m_valid = !empty;
assign m_data  = mem[rd_ptr_reg[PTR_W-1:0]];
assign count   = wr_ptr_reg - rd_ptr_reg;

always @* begin
    wr_ptr_next = wr_ptr_reg;
    rd_ptr_next = rd_ptr_reg;
    if (push) begin
        wr_ptr_next = wr_ptr_reg + 1'b1;
    end
    if (pop) begin
        rd_ptr_next = rd_ptr_reg + 1'b1;
    end
end

always @(posedge clk) begin
    if (push) begin
        mem[wr_ptr_reg[PTR_W-1:0]] <= s_data;
    end
    wr_ptr_reg <= wr_ptr_next;
    rd_ptr_reg <= rd_ptr_next;
    if (rst) begin
        wr_ptr_reg <= {PTR_W+1{1'b0}};
        rd_ptr_reg <= {PTR_W+1{1'b0}};
    end
end

endmodule

`default_nettype wire
