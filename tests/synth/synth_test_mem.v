// synth_test_mem: one memory of each kind for scripts/synth.py's self-test.
//   block_mem  512 x 32, synchronous read: block RAM;
//   table_mem  64 x 16, asynchronous read: LUTRAM, and the read path
//              read_addr_reg -> LUTRAM -> one LUT -> out_reg counts the
//              LUTRAM as one LUT level;
//   async_mem  64 x 16, read straight from an input address (no register
//              on either side of the read): LUTRAM, read asynchronously;
//   flop_mem   16 x 24 = 384 bits written by two ports: neither block RAM
//              nor LUTRAM takes two write ports, so it falls to flip-flops
//              (the self-test lowers --mem-ff-bits to 256 to keep it fast);
//   reset_mem  8 x 8 cleared by a loop on reset: yosys turns it into
//              registers in the front end;
//   count_reg  starts at 5 through a declaration assignment (an init value).
`default_nettype none

module synth_test_mem (
    input  wire        clk,
    input  wire        rst,
    input  wire [8:0]  block_addr,
    input  wire [31:0] block_wdata,
    input  wire        block_we,
    output reg  [31:0] block_rdata,
    input  wire [5:0]  table_waddr,
    input  wire [5:0]  table_raddr,
    input  wire [15:0] table_wdata,
    input  wire        table_we,
    output reg         table_out,
    input  wire [5:0]  async_waddr,
    input  wire [5:0]  async_raddr,
    input  wire [15:0] async_wdata,
    input  wire        async_we,
    output wire [15:0] async_rdata,
    input  wire [3:0]  flop_addr_a,
    input  wire [3:0]  flop_addr_b,
    input  wire [23:0] flop_wdata_a,
    input  wire [23:0] flop_wdata_b,
    input  wire        flop_we_a,
    input  wire        flop_we_b,
    input  wire [3:0]  flop_raddr,
    output wire [23:0] flop_rdata,
    input  wire [2:0]  reset_addr,
    input  wire [7:0]  reset_wdata,
    input  wire        reset_we,
    output wire [7:0]  reset_rdata,
    output wire [3:0]  count
);

reg [31:0] block_mem [0:511];
reg [15:0] table_mem [0:63];
reg [15:0] async_mem [0:63];
reg [23:0] flop_mem [0:15];
reg [7:0]  reset_mem [0:7];

reg [5:0] table_raddr_reg;
reg [3:0] count_reg = 4'd5;

integer i;

always @(posedge clk) begin
    if (block_we) begin
        block_mem[block_addr] <= block_wdata;
    end
    block_rdata <= block_mem[block_addr];
end

always @(posedge clk) begin
    if (table_we) begin
        table_mem[table_waddr] <= table_wdata;
    end
    table_raddr_reg <= table_raddr;
    table_out <= ^table_mem[table_raddr_reg];
end

always @(posedge clk) begin
    if (async_we) begin
        async_mem[async_waddr] <= async_wdata;
    end
end

assign async_rdata = async_mem[async_raddr];

always @(posedge clk) begin
    if (flop_we_a) begin
        flop_mem[flop_addr_a] <= flop_wdata_a;
    end
    if (flop_we_b) begin
        flop_mem[flop_addr_b] <= flop_wdata_b;
    end
end

assign flop_rdata = flop_mem[flop_raddr];

always @(posedge clk) begin
    if (rst) begin
        for (i = 0; i < 8; i = i + 1) begin
            reset_mem[i] <= 8'd0;
        end
    end else if (reset_we) begin
        reset_mem[reset_addr] <= reset_wdata;
    end
end

assign reset_rdata = reset_mem[reset_addr];

always @(posedge clk) begin
    count_reg <= count_reg + 1'b1;
end

assign count = count_reg;

endmodule

`default_nettype wire
