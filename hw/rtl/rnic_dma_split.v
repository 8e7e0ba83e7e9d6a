// rnic_dma_split: request arbitration and burst splitting for one half of rnic_dma.
//
// Clients' byte-granular requests are taken round-robin and cut into AXI4
// INCR bursts of at most BURST beats that never cross a 4 KiB page, one burst
// per cycle. Three registered steps keep each cycle's logic short:
//   1. accept: every port's request is decoded in parallel (beats, distance to
//      the page end, first burst length), the arbiter's winner is queued;
//   2. load: the splitter takes the queued request, with d = beats - cap
//      (beats left after the current burst);
//   3. step: each burst taken by the caller advances the address by cap, the
//      beat count to d, and picks the next cap and d from the page distance
//      kept beside them (q = beats to the page end - BURST), so no step
//      compares the request length with an address-derived distance.
// The current burst's length is cap, or the beats left when d <= 0 (the last
// burst). Both come out as registers beside the length (m_burst_cap,
// m_burst_left), so a caller that must reserve room for a burst can compare
// both at once and pick with m_burst_last, rather than wait for the length.
`default_nettype none

module rnic_dma_split #(
    parameter DATA_W = 512,          // AXI data width in bits, a power of two 64..512
    parameter ADDR_W = 64,           // AXI address width in bits, 13..64
    parameter PORTS = 2,             // clients
    parameter MAX_BURST = 256,       // longest burst in beats, 1..256 (also capped at 4 KiB)
    parameter BEATS_W = 18           // width of beat counts, >= 17
) (
    input  wire                         clk,
    input  wire                         rst,

    // client requests, port p in slice p
    input  wire [PORTS*64-1:0]          s_req_addr,
    input  wire [PORTS*16-1:0]          s_req_len,
    input  wire [PORTS-1:0]             s_req_valid,
    input  wire [PORTS-1:0]             s_req_room,     // the caller can queue a request of port p
    output wire [PORTS-1:0]             s_req_ready,

    // the request accepted this cycle, for the caller's own queues
    output wire                         m_acc_valid,
    output wire [(PORTS > 1 ? $clog2(PORTS) : 1)-1:0] m_acc_port,
    output wire [63:0]                  m_acc_addr,
    output wire [15:0]                  m_acc_len,

    // bursts, in acceptance order
    output wire [ADDR_W-1:0]            m_burst_addr,
    output wire [7:0]                   m_burst_len,    // beats - 1 (AxLEN)
    output wire [BEATS_W-1:0]           m_burst_cap,    // beats unless it is the last burst (a register)
    output wire [BEATS_W-1:0]           m_burst_left,   // beats of the last burst (a register)
    output wire [(PORTS > 1 ? $clog2(PORTS) : 1)-1:0] m_burst_port,
    output wire                         m_burst_last,   // the request's last burst
    output wire                         m_burst_valid,
    input  wire                         m_burst_ready
);

localparam KEEP_W = DATA_W / 8;
localparam OFFS_W = $clog2(KEEP_W);
localparam PAGE_BEATS = 4096 / KEEP_W;
localparam PAGE_W = $clog2(PAGE_BEATS);
localparam BURST = MAX_BURST < PAGE_BEATS ? MAX_BURST : PAGE_BEATS;
localparam PORT_W = PORTS > 1 ? $clog2(PORTS) : 1;
localparam BADDR_W = ADDR_W - OFFS_W;       // beat address
localparam CAP_W = PAGE_W + 1;              // cap, 1..BURST (BURST <= PAGE_BEATS)
localparam Q_W = PAGE_W + 1;                // q, signed, 1-BURST..PAGE_BEATS-BURST
localparam D_W = BEATS_W + 1;               // d, signed, 1-BURST..beats-1
localparam ENTRY_W = BADDR_W + BEATS_W + CAP_W + Q_W;

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (1 << $clog2(DATA_W)) != DATA_W) begin
        $error("rnic_dma_split: DATA_W must be a power of two 64..512");
        $finish;
    end
    if (ADDR_W < 13 || ADDR_W > 64) begin
        $error("rnic_dma_split: ADDR_W must be 13..64");
        $finish;
    end
    if (MAX_BURST < 1 || MAX_BURST > 256) begin
        $error("rnic_dma_split: MAX_BURST must be 1..256");
        $finish;
    end
    if (BEATS_W < 17) begin
        $error("rnic_dma_split: BEATS_W must be >= 17");
        $finish;
    end
end

// ---------------------------------------------------------------------------
// accept: per-port decode, arbitration, the queue of accepted requests
// ---------------------------------------------------------------------------
wire                 arb_valid;
wire [PORT_W-1:0]    arb_index;
wire                 pend_in_ready;
wire                 accept = arb_valid && pend_in_ready;

/* verilator lint_off PINCONNECTEMPTY */
rnic_arb #(
    .PORTS(PORTS)
) arb_inst (
    .clk(clk),
    .rst(rst),
    .req(s_req_valid & s_req_room),
    .ack(accept),
    .grant(),       // the index is shallower than the one-hot grant
    .grant_valid(arb_valid),
    .grant_index(arb_index)
);
/* verilator lint_on PINCONNECTEMPTY */

// every port's request decoded before the arbiter's choice, so the choice is
// the last step on the way to the queue
wire [PORTS*ENTRY_W-1:0] entry;

genvar g;
generate
for (g = 0; g < PORTS; g = g + 1) begin : port
    /* verilator lint_off UNUSEDSIGNAL */
    wire [63:0]         addr = s_req_addr[g*64 +: 64];  // bits above ADDR_W are not driven on the bus
    /* verilator lint_on UNUSEDSIGNAL */
    wire [15:0]         len = s_req_len[g*16 +: 16];
    wire [PAGE_W-1:0]   page_offset = addr[11:OFFS_W];   // beat index in the 4 KiB page
    // aligned beats from the first to the last byte
    wire [BEATS_W-1:0]  beats = ({{BEATS_W-OFFS_W{1'b0}}, addr[OFFS_W-1:0]}
                                 + {{BEATS_W-16{1'b0}}, len} + KEEP_W[BEATS_W-1:0] - 1'b1) >> OFFS_W;
    // beats up to the page end, and the first burst's cap
    wire [CAP_W-1:0]    room = PAGE_BEATS[CAP_W-1:0] - {1'b0, page_offset};
    wire                room_short = ({1'b0, page_offset} > PAGE_BEATS[CAP_W-1:0] - BURST[CAP_W-1:0]);
    wire [CAP_W-1:0]    cap = room_short ? room : BURST[CAP_W-1:0];
    wire [Q_W-1:0]      q = PAGE_BEATS[Q_W-1:0] - BURST[Q_W-1:0] - {1'b0, page_offset};

    assign entry[g*ENTRY_W +: ENTRY_W] = {addr[ADDR_W-1:OFFS_W], beats, cap, q};
    assign s_req_ready[g] = accept && (arb_index == g);
end
endgenerate

// the arbiter's choice, as a mux on its index
reg [ENTRY_W-1:0]   entry_sel;
reg [63:0]          addr_sel;
reg [15:0]          len_sel;
integer             i;

always @* begin
    entry_sel = entry[ENTRY_W-1:0];
    addr_sel = s_req_addr[63:0];
    len_sel = s_req_len[15:0];
    for (i = 1; i < PORTS; i = i + 1) begin
        if (arb_index == i[PORT_W-1:0]) begin
            entry_sel = entry[i*ENTRY_W +: ENTRY_W];
            addr_sel = s_req_addr[i*64 +: 64];
            len_sel = s_req_len[i*16 +: 16];
        end
    end
end

assign m_acc_valid = accept;
assign m_acc_port = arb_index;
assign m_acc_addr = addr_sel;
assign m_acc_len = len_sel;

wire [ENTRY_W+PORT_W-1:0] pend_out_data;
wire                      pend_out_valid;
reg                       pend_out_ready;

/* verilator lint_off PINCONNECTEMPTY */
rnic_fifo #(
    .WIDTH(ENTRY_W+PORT_W),
    .DEPTH(2)
) pend_fifo_inst (
    .clk(clk),
    .rst(rst),
    .s_data({entry_sel, arb_index}),
    .s_valid(accept),
    .s_ready(pend_in_ready),
    .m_data(pend_out_data),
    .m_valid(pend_out_valid),
    .m_ready(pend_out_ready),
    .count()    // occupancy not needed
);
/* verilator lint_on PINCONNECTEMPTY */

wire [BADDR_W-1:0]  pend_addr = pend_out_data[PORT_W+Q_W+CAP_W+BEATS_W +: BADDR_W];
wire [BEATS_W-1:0]  pend_beats = pend_out_data[PORT_W+Q_W+CAP_W +: BEATS_W];
wire [CAP_W-1:0]    pend_cap = pend_out_data[PORT_W+Q_W +: CAP_W];
wire [Q_W-1:0]      pend_q = pend_out_data[PORT_W +: Q_W];
wire [PORT_W-1:0]   pend_port = pend_out_data[PORT_W-1:0];

// ---------------------------------------------------------------------------
// splitting: one burst per cycle
// ---------------------------------------------------------------------------
reg                 active_reg, active_next;
reg [BADDR_W-1:0]   addr_reg, addr_next;    // the current burst's first beat
reg [BEATS_W-1:0]   beats_reg, beats_next;  // beats left, the current burst's included
reg [CAP_W-1:0]     cap_reg, cap_next;      // the current burst's length unless it is the last
reg [Q_W-1:0]       q_reg, q_next;          // beats from addr_reg to the page end, minus BURST
reg [D_W-1:0]       d_reg, d_next;          // beats_reg - cap_reg
reg [PORT_W-1:0]    port_reg, port_next;

reg                 page_end;               // the current burst ends at the page end
reg                 next_short;             // the burst after it is cut by the page end
reg [BADDR_W-1:0]   cap_wide;

assign m_burst_addr = {addr_reg, {OFFS_W{1'b0}}};
assign m_burst_cap = {{BEATS_W-CAP_W{1'b0}}, cap_reg};
assign m_burst_left = beats_reg;
assign m_burst_last = d_reg[D_W-1] || (d_reg == {D_W{1'b0}});
assign m_burst_len = m_burst_last ? beats_reg[7:0] - 8'd1 : m_burst_cap[7:0] - 8'd1;
assign m_burst_port = port_reg;
assign m_burst_valid = active_reg;

always @* begin
    active_next = active_reg;
    addr_next = addr_reg;
    beats_next = beats_reg;
    cap_next = cap_reg;
    q_next = q_reg;
    d_next = d_reg;
    port_next = port_reg;
    pend_out_ready = 1'b0;

    page_end = q_reg[Q_W-1] || (q_reg == {Q_W{1'b0}});
    next_short = ({1'b0, q_reg[Q_W-2:0]} <= BURST[Q_W-1:0]);
    cap_wide = {BADDR_W{1'b0}};
    cap_wide[CAP_W-1:0] = cap_reg;

    if (active_reg && m_burst_ready && !m_burst_last) begin
        addr_next = addr_reg + cap_wide;
        beats_next = d_reg[BEATS_W-1:0];
        if (page_end) begin
            // the next burst starts a page
            q_next = PAGE_BEATS[Q_W-1:0] - BURST[Q_W-1:0];
            cap_next = BURST[CAP_W-1:0];
            d_next = d_reg - BURST[D_W-1:0];
        end else begin
            // cap_reg was BURST; q_reg > 0 beats are left to the page end
            q_next = q_reg - BURST[Q_W-1:0];
            if (next_short) begin
                cap_next = q_reg;
                d_next = d_reg - {{D_W-Q_W{1'b0}}, q_reg};
            end else begin
                cap_next = BURST[CAP_W-1:0];
                d_next = d_reg - BURST[D_W-1:0];
            end
        end
    end

    if (!active_reg || (m_burst_ready && m_burst_last)) begin
        pend_out_ready = 1'b1;
        active_next = pend_out_valid;
        addr_next = pend_addr;
        beats_next = pend_beats;
        cap_next = pend_cap;
        q_next = pend_q;
        d_next = {1'b0, pend_beats} - {{D_W-CAP_W{1'b0}}, pend_cap};
        port_next = pend_port;
    end
end

always @(posedge clk) begin
    active_reg <= active_next;
    addr_reg <= addr_next;
    beats_reg <= beats_next;
    cap_reg <= cap_next;
    q_reg <= q_next;
    d_reg <= d_next;
    port_reg <= port_next;
    if (rst) begin
        active_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
