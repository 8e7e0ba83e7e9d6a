// rnic_dma_wr: write half of rnic_dma. rnic_dma_split takes requests from
// PORTS clients round-robin and cuts each into AXI4 INCR bursts that stay
// inside a 4 KiB page and within MAX_BURST beats, all on one AXI ID so that
// memory sees the writes in the order the requests were accepted. The data
// engine shifts each client's packed stream to the address offset and sets
// WSTRB; it streams one request after the other at one beat per cycle.
`default_nettype none

module rnic_dma_wr #(
    parameter DATA_W = 512,          // AXI data width in bits, a power of two 64..512
    parameter ADDR_W = 64,           // AXI address width in bits, 13..64
    parameter ID_W = 8,              // AXI ID width; writes use ID 0
    parameter PORTS = 2,             // write clients
    parameter MAX_BURST = 256,       // longest burst in beats, 1..256 (also capped at 4 KiB)
    parameter OUTSTANDING = 16,      // bursts issued on AW whose B has not arrived, a power of two
    parameter CMD_DEPTH = 4          // accepted requests queued for the data engine, a power of two
) (
    input  wire                         clk,
    input  wire                         rst,

    // write clients, port p in slice p
    input  wire [PORTS*64-1:0]          s_wr_req_addr,
    input  wire [PORTS*16-1:0]          s_wr_req_len,
    input  wire [PORTS-1:0]             s_wr_req_valid,
    output wire [PORTS-1:0]             s_wr_req_ready,

    input  wire [PORTS*DATA_W-1:0]      s_wr_tdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [PORTS*DATA_W/8-1:0]    s_wr_tkeep,     // framing comes from the request length
    input  wire [PORTS-1:0]             s_wr_tlast,     // framing comes from the request length
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [PORTS-1:0]             s_wr_tvalid,
    output reg  [PORTS-1:0]             s_wr_tready,

    output reg  [PORTS-1:0]             m_wr_done,
    output reg  [PORTS-1:0]             m_wr_error,

    // AXI4 master, write channels
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
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [ID_W-1:0]              m_axi_bid,      // one ID: responses arrive in order
    input  wire [1:0]                   m_axi_bresp,    // bit 1 set: SLVERR/DECERR
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                         m_axi_bvalid,
    output wire                         m_axi_bready,

    // statistics: bytes requested, pulsed the cycle after a request is accepted
    output reg                          stat_wr_valid,
    output reg  [15:0]                  stat_wr_bytes
);

localparam KEEP_W = DATA_W / 8;
localparam OFFS_W = $clog2(KEEP_W);
localparam BEATS_W = 18;
localparam PORT_W = PORTS > 1 ? $clog2(PORTS) : 1;
localparam CMD_W = PORT_W + OFFS_W + 16;

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (1 << $clog2(DATA_W)) != DATA_W) begin
        $error("rnic_dma_wr: DATA_W must be a power of two 64..512");
        $finish;
    end
    if (ADDR_W < 13 || ADDR_W > 64) begin
        $error("rnic_dma_wr: ADDR_W must be 13..64");
        $finish;
    end
    if (MAX_BURST < 1 || MAX_BURST > 256) begin
        $error("rnic_dma_wr: MAX_BURST must be 1..256");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// request arbitration and burst splitting (AW channel)
// ---------------------------------------------------------------------------
wire                cmd_in_ready;
wire                wlen_in_ready;
wire                b_in_ready;

wire                acc_valid;
wire [PORT_W-1:0]   acc_port;
/* verilator lint_off UNUSEDSIGNAL */
wire [63:0]         acc_addr;       // the data engine needs the offset in the beat only
/* verilator lint_on UNUSEDSIGNAL */
wire [15:0]         acc_len;

wire [ADDR_W-1:0]   burst_addr;
wire [7:0]          burst_len;
wire [PORT_W-1:0]   burst_port;
wire                burst_last;
wire                burst_valid;
wire                burst_ready;
wire                issue = burst_valid && burst_ready;

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
    .s_req_addr(s_wr_req_addr),
    .s_req_len(s_wr_req_len),
    .s_req_valid(s_wr_req_valid),
    .s_req_room({PORTS{cmd_in_ready}}),
    .s_req_ready(s_wr_req_ready),
    .m_acc_valid(acc_valid),
    .m_acc_port(acc_port),
    .m_acc_addr(acc_addr),
    .m_acc_len(acc_len),
    .m_burst_addr(burst_addr),
    .m_burst_len(burst_len),
    .m_burst_cap(),     // writes reserve no buffer room
    .m_burst_left(),    // (the same)
    .m_burst_port(burst_port),
    .m_burst_last(burst_last),
    .m_burst_valid(burst_valid),
    .m_burst_ready(burst_ready)
);
/* verilator lint_on PINCONNECTEMPTY */

always @(posedge clk) begin
    stat_wr_valid <= acc_valid;
    stat_wr_bytes <= acc_len;
    if (rst) begin
        stat_wr_valid <= 1'b0;
    end
end

reg [ADDR_W-1:0]    awaddr_reg, awaddr_next;
reg [7:0]           awlen_reg, awlen_next;
reg                 awvalid_reg, awvalid_next;

// a burst goes out on AW with its length queued for WLAST and its port for B
assign burst_ready = (!awvalid_reg || m_axi_awready) && wlen_in_ready && b_in_ready;

always @* begin
    awaddr_next = awaddr_reg;
    awlen_next = awlen_reg;
    awvalid_next = awvalid_reg && !m_axi_awready;
    if (issue) begin
        awaddr_next = burst_addr;
        awlen_next = burst_len;
        awvalid_next = 1'b1;
    end
end

assign m_axi_awid = {ID_W{1'b0}};
assign m_axi_awaddr = awaddr_reg;
assign m_axi_awlen = awlen_reg;
assign m_axi_awsize = OFFS_W[2:0];
assign m_axi_awburst = 2'b01;      // INCR
assign m_axi_awlock = 1'b0;
assign m_axi_awcache = 4'b0011;    // normal, non-cacheable, bufferable
assign m_axi_awprot = 3'b010;      // unprivileged, non-secure, data
assign m_axi_awvalid = awvalid_reg;

always @(posedge clk) begin
    awaddr_reg <= awaddr_next;
    awlen_reg <= awlen_next;
    awvalid_reg <= awvalid_next;
    if (rst) begin
        awvalid_reg <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// queues between the splitter, the data engine and the response tracker
// ---------------------------------------------------------------------------
wire [CMD_W-1:0]    cmd_out_data;
wire                cmd_out_valid;
reg                 cmd_out_ready;
wire [7:0]          wlen_out_data;
wire                wlen_out_valid;
reg                 wlen_out_ready;
wire [PORT_W:0]     b_out_data;
wire                b_out_valid;

/* verilator lint_off PINCONNECTEMPTY */
rnic_fifo #(
    .WIDTH(CMD_W),
    .DEPTH(CMD_DEPTH)
) cmd_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data({acc_port, acc_addr[OFFS_W-1:0], acc_len}),
    .s_valid(acc_valid),
    .s_ready(cmd_in_ready),
    .m_data(cmd_out_data),
    .m_valid(cmd_out_valid),
    .m_ready(cmd_out_ready),
    .count()    // occupancy not needed
);

// burst lengths, for WLAST
rnic_fifo #(
    .WIDTH(8),
    .DEPTH(OUTSTANDING)
) wlen_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data(burst_len),
    .s_valid(issue),
    .s_ready(wlen_in_ready),
    .m_data(wlen_out_data),
    .m_valid(wlen_out_valid),
    .m_ready(wlen_out_ready),
    .count()    // occupancy not needed
);

// per burst: port and whether it ends the request, for m_wr_done
rnic_fifo #(
    .WIDTH(PORT_W+1),
    .DEPTH(OUTSTANDING)
) b_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data({burst_port, burst_last}),
    .s_valid(issue),
    .s_ready(b_in_ready),
    .m_data(b_out_data),
    .m_valid(b_out_valid),
    .m_ready(m_axi_bvalid),
    .count()    // occupancy not needed
);
/* verilator lint_on PINCONNECTEMPTY */

// ---------------------------------------------------------------------------
// data engine (W channel)
// ---------------------------------------------------------------------------
reg                 active_reg, active_next;
reg [PORT_W-1:0]    port_reg, port_next;
reg [OFFS_W-1:0]    shift_reg, shift_next;
reg [BEATS_W-1:0]   raw_left_reg, raw_left_next;
reg [BEATS_W-1:0]   in_left_reg, in_left_next;
reg [OFFS_W-1:0]    last_lane_reg, last_lane_next;  // lane of the request's last byte
reg                 first_reg, first_next;
reg [DATA_W-1:0]    save_reg, save_next;
reg                 burst_active_reg, burst_active_next;
reg [8:0]           burst_left_reg, burst_left_next;

reg [DATA_W-1:0]    wdata_reg, wdata_next;
reg [KEEP_W-1:0]    wstrb_reg, wstrb_next;
reg                 wlast_reg, wlast_next;
reg                 wvalid_reg, wvalid_next;

reg                 need_in;
reg                 in_valid;
reg [DATA_W-1:0]    in_data;
reg [8:0]           cur_burst_left;
reg                 fire;
reg                 slot_free;
reg                 last_beat;
/* verilator lint_off UNUSEDSIGNAL */
reg [2*DATA_W-1:0]  window;         // only the low half is the output beat
/* verilator lint_on UNUSEDSIGNAL */

// the next request, decoded: aligned beats on the bus, packed beats from the
// client, lane of the last byte
wire [PORT_W-1:0]   cmd_port = cmd_out_data[OFFS_W+16 +: PORT_W];
wire [OFFS_W-1:0]   cmd_shift = cmd_out_data[16 +: OFFS_W];
wire [15:0]         cmd_len = cmd_out_data[15:0];
wire [BEATS_W-1:0]  cmd_raw_beats = ({{BEATS_W-OFFS_W{1'b0}}, cmd_shift} + {{BEATS_W-16{1'b0}}, cmd_len}
                                     + KEEP_W[BEATS_W-1:0] - 1'b1) >> OFFS_W;
wire [BEATS_W-1:0]  cmd_in_beats = ({{BEATS_W-16{1'b0}}, cmd_len} + KEEP_W[BEATS_W-1:0] - 1'b1) >> OFFS_W;
wire [OFFS_W-1:0]   cmd_last_lane = cmd_shift + cmd_len[OFFS_W-1:0] - 1'b1;

// strobe of the last aligned beat: the lanes up to the last byte, decoded
// from the register (the sum above stays a step before it)
wire [KEEP_W-1:0]   last_strb;

genvar k;
generate
for (k = 0; k < KEEP_W; k = k + 1) begin : strb
    localparam [OFFS_W-1:0] LANE = k;
    if (k == 0) begin : first
        assign last_strb[k] = 1'b1;
    end else begin : other
        assign last_strb[k] = (last_lane_reg >= LANE);
    end
end
endgenerate

always @* begin
    active_next = active_reg;
    port_next = port_reg;
    shift_next = shift_reg;
    raw_left_next = raw_left_reg;
    in_left_next = in_left_reg;
    last_lane_next = last_lane_reg;
    first_next = first_reg;
    save_next = save_reg;
    burst_active_next = burst_active_reg;
    burst_left_next = burst_left_reg;
    wdata_next = wdata_reg;
    wstrb_next = wstrb_reg;
    wlast_next = wlast_reg;
    wvalid_next = wvalid_reg && !m_axi_wready;
    s_wr_tready = {PORTS{1'b0}};
    cmd_out_ready = 1'b0;
    wlen_out_ready = 1'b0;

    slot_free = !wvalid_reg || m_axi_wready;
    need_in = (in_left_reg != {BEATS_W{1'b0}});
    in_valid = s_wr_tvalid[port_reg];
    in_data = s_wr_tdata[port_reg*DATA_W +: DATA_W];
    cur_burst_left = burst_active_reg ? burst_left_reg : {1'b0, wlen_out_data} + 9'd1;
    last_beat = (raw_left_reg == {{BEATS_W-1{1'b0}}, 1'b1});
    fire = active_reg && slot_free && (burst_active_reg || wlen_out_valid)
           && (!need_in || in_valid);
    // aligned beat: lanes below the shift come from the previous client
    // beat, the others from the current one
    window = {in_data, save_reg} >> {KEEP_W[OFFS_W:0] - {1'b0, shift_reg}, 3'b000};

    if (fire) begin
        s_wr_tready[port_reg] = need_in;
        wdata_next = window[DATA_W-1:0];
        wstrb_next = (first_reg ? ({KEEP_W{1'b1}} << shift_reg) : {KEEP_W{1'b1}})
                     & (last_beat ? last_strb : {KEEP_W{1'b1}});
        wlast_next = (cur_burst_left == 9'd1);
        wvalid_next = 1'b1;
        if (need_in) begin
            save_next = in_data;
            in_left_next = in_left_reg - 1'b1;
        end
        raw_left_next = raw_left_reg - 1'b1;
        first_next = 1'b0;
        if (!burst_active_reg) begin
            wlen_out_ready = 1'b1;
        end
        burst_left_next = cur_burst_left - 9'd1;
        burst_active_next = (cur_burst_left != 9'd1);
        if (last_beat) begin
            active_next = 1'b0;
        end
    end

    if ((!active_reg || (fire && last_beat)) && cmd_out_valid) begin
        cmd_out_ready = 1'b1;
        active_next = 1'b1;
        port_next = cmd_port;
        shift_next = cmd_shift;
        raw_left_next = cmd_raw_beats;
        in_left_next = cmd_in_beats;
        last_lane_next = cmd_last_lane;
        first_next = 1'b1;
    end
end

assign m_axi_wdata = wdata_reg;
assign m_axi_wstrb = wstrb_reg;
assign m_axi_wlast = wlast_reg;
assign m_axi_wvalid = wvalid_reg;

always @(posedge clk) begin
    active_reg <= active_next;
    port_reg <= port_next;
    shift_reg <= shift_next;
    raw_left_reg <= raw_left_next;
    in_left_reg <= in_left_next;
    last_lane_reg <= last_lane_next;
    first_reg <= first_next;
    save_reg <= save_next;
    burst_active_reg <= burst_active_next;
    burst_left_reg <= burst_left_next;
    wdata_reg <= wdata_next;
    wstrb_reg <= wstrb_next;
    wlast_reg <= wlast_next;
    wvalid_reg <= wvalid_next;
    if (rst) begin
        active_reg <= 1'b0;
        port_reg <= {PORT_W{1'b0}};
        raw_left_reg <= {BEATS_W{1'b0}};
        in_left_reg <= {BEATS_W{1'b0}};
        burst_active_reg <= 1'b0;
        wvalid_reg <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// write responses (B channel), in issue order
// ---------------------------------------------------------------------------
reg               err_reg, err_next;
reg [PORTS-1:0]   done_next;
reg [PORTS-1:0]   error_next;
integer           p;

assign m_axi_bready = 1'b1;    // b_fifo holds an entry for every burst on the bus

always @* begin
    err_next = err_reg;
    done_next = {PORTS{1'b0}};
    error_next = {PORTS{1'b0}};
    if (m_axi_bvalid && b_out_valid) begin
        err_next = err_reg || m_axi_bresp[1];
        if (b_out_data[0]) begin
            err_next = 1'b0;
        end
    end
    for (p = 0; p < PORTS; p = p + 1) begin
        if (m_axi_bvalid && b_out_valid && b_out_data[0] && b_out_data[PORT_W:1] == p[PORT_W-1:0]) begin
            done_next[p] = 1'b1;
            error_next[p] = err_reg || m_axi_bresp[1];
        end
    end
end

always @(posedge clk) begin
    err_reg <= err_next;
    m_wr_done <= done_next;
    m_wr_error <= error_next;
    if (rst) begin
        err_reg <= 1'b0;
        m_wr_done <= {PORTS{1'b0}};
        m_wr_error <= {PORTS{1'b0}};
    end
end

endmodule

`default_nettype wire
