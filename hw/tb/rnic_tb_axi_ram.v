// rnic_tb_axi_ram: AXI4 slave memory model for testbenches (not synthesizable).
//
// - SIZE bytes of memory answering at [BASE, BASE+SIZE); an access that
//   leaves that window is counted in err_window and answered DECERR (reads
//   return zeros, writes are dropped).
// - INCR bursts of full-width beats; several bursts outstanding per channel
//   (MAX_OUTSTANDING); reads answer RD_LATENCY cycles after AR, write
//   responses WR_LATENCY cycles after the last W beat; byte strobes.
// - ready_pct < 100 adds random back-pressure (AR/AW/W ready) and random gaps
//   in R/B valid; interleave mixes R beats of different IDs (same-ID bursts
//   stay in order).
// - Protocol checks, counted in err_protocol with a "ram: protocol" message:
//   a burst that crosses 4 KiB, a size other than the bus width, a burst type
//   other than INCR, WLAST on the wrong beat, a payload that changes or a
//   valid that drops before its handshake.
// The testbench reads and writes the memory with get_byte/set_byte.
`default_nettype none

module rnic_tb_axi_ram #(
    parameter DATA_W = 512,               // data width in bits
    parameter ADDR_W = 64,                // address width in bits
    parameter ID_W = 8,                   // ID width
    parameter [63:0] BASE = 64'h0,        // first address of the window
    parameter SIZE = 65536,               // window size in bytes, a multiple of DATA_W/8
    parameter RD_LATENCY = 8,             // cycles from AR to the first R beat
    parameter WR_LATENCY = 4,             // cycles from the last W beat to B
    parameter MAX_OUTSTANDING = 16,       // bursts queued per direction
    parameter [31:0] SEED = 32'h1234_5678 // random seed
) (
    input  wire                 clk,
    input  wire                 rst,

    // run-time options
    input  wire [7:0]           ready_pct,      // percent of cycles ready/valid are offered
    input  wire                 interleave,     // R beats of different IDs may interleave

    input  wire [ID_W-1:0]      s_axi_awid,
    input  wire [ADDR_W-1:0]    s_axi_awaddr,
    input  wire [7:0]           s_axi_awlen,
    input  wire [2:0]           s_axi_awsize,
    input  wire [1:0]           s_axi_awburst,
    input  wire                 s_axi_awlock,
    input  wire [3:0]           s_axi_awcache,
    input  wire [2:0]           s_axi_awprot,
    input  wire                 s_axi_awvalid,
    output reg                  s_axi_awready,
    input  wire [DATA_W-1:0]    s_axi_wdata,
    input  wire [DATA_W/8-1:0]  s_axi_wstrb,
    input  wire                 s_axi_wlast,
    input  wire                 s_axi_wvalid,
    output reg                  s_axi_wready,
    output reg  [ID_W-1:0]      s_axi_bid,
    output reg  [1:0]           s_axi_bresp,
    output reg                  s_axi_bvalid,
    input  wire                 s_axi_bready,
    input  wire [ID_W-1:0]      s_axi_arid,
    input  wire [ADDR_W-1:0]    s_axi_araddr,
    input  wire [7:0]           s_axi_arlen,
    input  wire [2:0]           s_axi_arsize,
    input  wire [1:0]           s_axi_arburst,
    input  wire                 s_axi_arlock,
    input  wire [3:0]           s_axi_arcache,
    input  wire [2:0]           s_axi_arprot,
    input  wire                 s_axi_arvalid,
    output reg                  s_axi_arready,
    output reg  [ID_W-1:0]      s_axi_rid,
    output reg  [DATA_W-1:0]    s_axi_rdata,
    output reg  [1:0]           s_axi_rresp,
    output reg                  s_axi_rlast,
    output reg                  s_axi_rvalid,
    input  wire                 s_axi_rready,

    output reg  [31:0]          err_protocol,   // protocol violations seen
    output reg  [31:0]          err_window,     // bursts outside [BASE, BASE+SIZE)
    output reg  [31:0]          rd_bursts,      // AR handshakes
    output reg  [31:0]          wr_bursts       // AW handshakes
);

localparam KEEP_W = DATA_W / 8;
localparam OFFS_W = $clog2(KEEP_W);
localparam WORDS = SIZE / KEEP_W;
localparam Q = MAX_OUTSTANDING;

reg [DATA_W-1:0] mem [0:WORDS-1];

// ---------------------------------------------------------------------------
// testbench access
// ---------------------------------------------------------------------------
function [7:0] get_byte(input [63:0] addr);
    reg [63:0] off;
    begin
        off = addr - BASE;
        get_byte = mem[off >> OFFS_W][(off % KEEP_W)*8 +: 8];
    end
endfunction

task set_byte(input [63:0] addr, input [7:0] val);
    reg [63:0] off;
    begin
        off = addr - BASE;
        mem[off >> OFFS_W][(off % KEEP_W)*8 +: 8] = val;
    end
endtask

// ---------------------------------------------------------------------------
// randomness (xorshift32, identical on every simulator)
// ---------------------------------------------------------------------------
reg [31:0] rnd_state;

task rnd_step;
    begin
        rnd_state = rnd_state ^ (rnd_state << 13);
        rnd_state = rnd_state ^ (rnd_state >> 17);
        rnd_state = rnd_state ^ (rnd_state << 5);
    end
endtask

task rnd_offer(output reg yes);
    begin
        rnd_step;
        yes = (ready_pct >= 8'd100) || ((rnd_state % 100) < {24'd0, ready_pct});
    end
endtask

// ---------------------------------------------------------------------------
// burst queues
// ---------------------------------------------------------------------------
reg [63:0]     ar_addr [0:Q-1];
reg [8:0]      ar_beats [0:Q-1];
reg [8:0]      ar_done [0:Q-1];
reg [ID_W-1:0] ar_id [0:Q-1];
reg            ar_bad [0:Q-1];
reg [63:0]     ar_time [0:Q-1];
integer        ar_count;
integer        r_cur;          // entry whose beat is on R, -1 when none

reg [63:0]     aw_addr [0:Q-1];
reg [8:0]      aw_beats [0:Q-1];
reg [8:0]      aw_done [0:Q-1];
reg [ID_W-1:0] aw_id [0:Q-1];
reg            aw_bad [0:Q-1];
integer        aw_count;

reg [ID_W-1:0] b_id [0:Q-1];
reg            b_bad [0:Q-1];
reg [63:0]     b_time [0:Q-1];
integer        b_count;

reg [63:0]     now;
integer        n_protocol, n_window, n_rd, n_wr;

// previous-cycle payloads for the stability checks
reg                 ar_wait;
reg [ADDR_W+ID_W+8-1:0] ar_hold;
reg                 aw_wait;
reg [ADDR_W+ID_W+8-1:0] aw_hold;
reg                 w_wait;
reg [DATA_W+KEEP_W:0] w_hold;

integer i, k, n, cand_n;
integer cand [0:Q-1];
reg     offer;
reg     older;
reg [63:0] a;
reg [63:0] off;

task check_burst(input [63:0] addr, input [7:0] len, input [2:0] size, input [1:0] burst,
                 input [8*2-1:0] ch, output reg bad);
    reg [63:0] bytes;
    begin
        bytes = ({56'd0, len} + 64'd1) << OFFS_W;
        if (size != OFFS_W) begin
            $display("ram: protocol: %s size %0d, bus is %0d bytes", ch, size, KEEP_W);
            n_protocol = n_protocol + 1;
        end
        if (burst != 2'b01) begin
            $display("ram: protocol: %s burst type %0d is not INCR", ch, burst);
            n_protocol = n_protocol + 1;
        end
        if (addr[OFFS_W-1:0] != 0) begin
            $display("ram: protocol: %s address %h not aligned to the bus", ch, addr);
            n_protocol = n_protocol + 1;
        end
        if ({52'd0, addr[11:0]} + bytes > 64'd4096) begin
            $display("ram: protocol: %s burst at %h of %0d beats crosses 4 KiB", ch, addr, len + 1);
            n_protocol = n_protocol + 1;
        end
        bad = (addr < BASE) || (addr - BASE + bytes > SIZE) || (addr + bytes < addr);
        if (bad) begin
            $display("ram: %s burst at %h of %0d bytes is outside the window", ch, addr, bytes);
            n_window = n_window + 1;
        end
    end
endtask

initial begin
    for (i = 0; i < WORDS; i = i + 1) begin
        mem[i] = {DATA_W{1'b0}};
    end
end

always @(posedge clk) begin
    if (rst) begin
        rnd_state = (SEED == 0) ? 32'h1 : SEED;
        ar_count = 0;
        aw_count = 0;
        b_count = 0;
        r_cur = -1;
        now = 0;
        ar_wait = 1'b0;
        aw_wait = 1'b0;
        w_wait = 1'b0;
        n_protocol = 0;
        n_window = 0;
        n_rd = 0;
        n_wr = 0;
        err_protocol <= 0;
        err_window <= 0;
        rd_bursts <= 0;
        wr_bursts <= 0;
        s_axi_arready <= 1'b0;
        s_axi_awready <= 1'b0;
        s_axi_wready <= 1'b0;
        s_axi_rvalid <= 1'b0;
        s_axi_bvalid <= 1'b0;
    end else begin
        now = now + 1;

        // ---------------- stability checks ----------------
        if (ar_wait && (!s_axi_arvalid || ar_hold != {s_axi_araddr, s_axi_arid, s_axi_arlen})) begin
            $display("ram: protocol: AR changed or dropped before arready");
            n_protocol = n_protocol + 1;
        end
        if (aw_wait && (!s_axi_awvalid || aw_hold != {s_axi_awaddr, s_axi_awid, s_axi_awlen})) begin
            $display("ram: protocol: AW changed or dropped before awready");
            n_protocol = n_protocol + 1;
        end
        if (w_wait && (!s_axi_wvalid || w_hold != {s_axi_wdata, s_axi_wstrb, s_axi_wlast})) begin
            $display("ram: protocol: W changed or dropped before wready");
            n_protocol = n_protocol + 1;
        end
        ar_wait = s_axi_arvalid && !s_axi_arready;
        ar_hold = {s_axi_araddr, s_axi_arid, s_axi_arlen};
        aw_wait = s_axi_awvalid && !s_axi_awready;
        aw_hold = {s_axi_awaddr, s_axi_awid, s_axi_awlen};
        w_wait = s_axi_wvalid && !s_axi_wready;
        w_hold = {s_axi_wdata, s_axi_wstrb, s_axi_wlast};

        // ---------------- AR ----------------
        if (s_axi_arvalid && s_axi_arready) begin
            a = {{64-ADDR_W{1'b0}}, s_axi_araddr};
            ar_addr[ar_count] = a;
            ar_beats[ar_count] = {1'b0, s_axi_arlen} + 9'd1;
            ar_done[ar_count] = 9'd0;
            ar_id[ar_count] = s_axi_arid;
            ar_time[ar_count] = now + RD_LATENCY;
            check_burst(a, s_axi_arlen, s_axi_arsize, s_axi_arburst, "AR", offer);
            ar_bad[ar_count] = offer;
            ar_count = ar_count + 1;
            n_rd = n_rd + 1;
        end

        // ---------------- R ----------------
        if (s_axi_rvalid && s_axi_rready) begin
            ar_done[r_cur] = ar_done[r_cur] + 9'd1;
            if (ar_done[r_cur] == ar_beats[r_cur]) begin
                for (i = r_cur; i < Q - 1; i = i + 1) begin
                    ar_addr[i] = ar_addr[i+1];
                    ar_beats[i] = ar_beats[i+1];
                    ar_done[i] = ar_done[i+1];
                    ar_id[i] = ar_id[i+1];
                    ar_bad[i] = ar_bad[i+1];
                    ar_time[i] = ar_time[i+1];
                end
                ar_count = ar_count - 1;
            end
            r_cur = -1;
        end
        if (!s_axi_rvalid || s_axi_rready) begin
            // candidates: bursts whose latency has passed and that are the
            // oldest of their ID
            cand_n = 0;
            for (i = 0; i < ar_count; i = i + 1) begin
                older = 1'b0;
                for (k = 0; k < i; k = k + 1) begin
                    if (ar_id[k] == ar_id[i]) begin
                        older = 1'b1;
                    end
                end
                if (!older && ar_time[i] <= now && (interleave || i == 0)) begin
                    cand[cand_n] = i;
                    cand_n = cand_n + 1;
                end
            end
            rnd_offer(offer);
            if (cand_n > 0 && offer) begin
                rnd_step;
                n = cand[rnd_state % cand_n];
                r_cur = n;
                off = ar_addr[n] + ({55'd0, ar_done[n]} << OFFS_W) - BASE;
                s_axi_rid <= ar_id[n];
                s_axi_rdata <= ar_bad[n] ? {DATA_W{1'b0}} : mem[off >> OFFS_W];
                s_axi_rresp <= ar_bad[n] ? 2'b11 : 2'b00;
                s_axi_rlast <= (ar_done[n] + 9'd1 == ar_beats[n]);
                s_axi_rvalid <= 1'b1;
            end else begin
                r_cur = -1;
                s_axi_rvalid <= 1'b0;
            end
        end
        rnd_offer(offer);
        s_axi_arready <= offer && (ar_count < Q);

        // ---------------- AW ----------------
        if (s_axi_awvalid && s_axi_awready) begin
            a = {{64-ADDR_W{1'b0}}, s_axi_awaddr};
            aw_addr[aw_count] = a;
            aw_beats[aw_count] = {1'b0, s_axi_awlen} + 9'd1;
            aw_done[aw_count] = 9'd0;
            aw_id[aw_count] = s_axi_awid;
            check_burst(a, s_axi_awlen, s_axi_awsize, s_axi_awburst, "AW", offer);
            aw_bad[aw_count] = offer;
            aw_count = aw_count + 1;
            n_wr = n_wr + 1;
        end
        rnd_offer(offer);
        s_axi_awready <= offer && (aw_count < Q);

        // ---------------- W ----------------
        if (s_axi_wvalid && s_axi_wready) begin
            if (aw_count == 0) begin
                $display("ram: protocol: W beat without a burst");
                n_protocol = n_protocol + 1;
            end else begin
                off = aw_addr[0] + ({55'd0, aw_done[0]} << OFFS_W) - BASE;
                if (!aw_bad[0]) begin
                    for (i = 0; i < KEEP_W; i = i + 1) begin
                        if (s_axi_wstrb[i]) begin
                            mem[off >> OFFS_W][i*8 +: 8] = s_axi_wdata[i*8 +: 8];
                        end
                    end
                end
                aw_done[0] = aw_done[0] + 9'd1;
                if (s_axi_wlast != (aw_done[0] == aw_beats[0])) begin
                    $display("ram: protocol: WLAST %0d on beat %0d of %0d", s_axi_wlast,
                             aw_done[0], aw_beats[0]);
                    n_protocol = n_protocol + 1;
                end
                if (aw_done[0] == aw_beats[0]) begin
                    b_id[b_count] = aw_id[0];
                    b_bad[b_count] = aw_bad[0];
                    b_time[b_count] = now + WR_LATENCY;
                    b_count = b_count + 1;
                    for (i = 0; i < Q - 1; i = i + 1) begin
                        aw_addr[i] = aw_addr[i+1];
                        aw_beats[i] = aw_beats[i+1];
                        aw_done[i] = aw_done[i+1];
                        aw_id[i] = aw_id[i+1];
                        aw_bad[i] = aw_bad[i+1];
                    end
                    aw_count = aw_count - 1;
                end
            end
        end
        rnd_offer(offer);
        s_axi_wready <= offer && (aw_count > 0) && (b_count < Q);

        // ---------------- B ----------------
        if (s_axi_bvalid && s_axi_bready) begin
            for (i = 0; i < Q - 1; i = i + 1) begin
                b_id[i] = b_id[i+1];
                b_bad[i] = b_bad[i+1];
                b_time[i] = b_time[i+1];
            end
            b_count = b_count - 1;
        end
        if (!s_axi_bvalid || s_axi_bready) begin
            rnd_offer(offer);
            if (b_count > 0 && b_time[0] <= now && offer) begin
                s_axi_bid <= b_id[0];
                s_axi_bresp <= b_bad[0] ? 2'b11 : 2'b00;
                s_axi_bvalid <= 1'b1;
            end else begin
                s_axi_bvalid <= 1'b0;
            end
        end

        err_protocol <= n_protocol;
        err_window <= n_window;
        rd_bursts <= n_rd;
        wr_bursts <= n_wr;
    end
end

endmodule

`default_nettype wire
