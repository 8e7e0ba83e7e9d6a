// rnic_evq: the hardware event queue the firmware reads at FW_EVENT.
//
// NSRC sources each pulse s_valid[i] with an EW-bit event {data word
// [EW-1:32] (when EW > 32), hw_event type [31:24], number [23:0]}. Every source has a one-entry holding
// register, so pulses of several sources in one cycle are all kept; the
// holding registers drain into a DEPTH-entry FIFO one per cycle, lowest
// source first. A pulse that finds its source's holding register still full
// (the FIFO stayed full) is lost; stat_drop is the number of events lost in
// the cycle before (a count for the EVENT_DROP counter). m_* is the FIFO head;
// m_pop removes it (no effect when empty).
`default_nettype none

`include "rnic_contract.vh"

module rnic_evq #(
    parameter NSRC = 4,                       // event sources
    parameter DEPTH = `RNIC_HW_EVENT_DEPTH,   // FIFO entries, a power of two >= 2
    parameter EW = 32,                        // event bits: 32, or 64 with a data word
    parameter DROP_W = $clog2(NSRC + 1)       // bits of the lost-event count
) (
    input  wire               clk,
    input  wire               rst,

    input  wire [NSRC-1:0]    s_valid,
    input  wire [NSRC*EW-1:0] s_event,

    output wire               m_valid,
    output wire [EW-1:0]      m_event,
    input  wire               m_pop,

    output wire [DROP_W-1:0]  stat_drop
);

reg [NSRC-1:0]    hold_valid_reg, hold_valid_next;
reg [NSRC*EW-1:0] hold_reg, hold_next;
reg [DROP_W-1:0] drop_reg, drop_next;

reg        f_valid;
reg [EW-1:0] f_event;
reg [NSRC-1:0] f_take;
wire       f_ready;

integer i;

always @* begin
    // the lowest full holding register goes to the FIFO
    f_valid = 1'b0;
    f_event = {EW{1'b0}};
    f_take = {NSRC{1'b0}};
    for (i = NSRC - 1; i >= 0; i = i - 1) begin
        if (hold_valid_reg[i]) begin
            f_valid = 1'b1;
            f_event = hold_reg[i*EW +: EW];
            f_take = {NSRC{1'b0}};
            f_take[i] = 1'b1;
        end
    end
    hold_valid_next = hold_valid_reg;
    hold_next = hold_reg;
    drop_next = {DROP_W{1'b0}};
    if (f_ready)
        hold_valid_next = hold_valid_reg & ~f_take;
    for (i = 0; i < NSRC; i = i + 1) begin
        if (s_valid[i]) begin
            if (hold_valid_next[i]) begin
                drop_next = drop_next + 1'b1;
            end else begin
                hold_valid_next[i] = 1'b1;
                hold_next[i*EW +: EW] = s_event[i*EW +: EW];
            end
        end
    end
end

always @(posedge clk) begin
    hold_reg <= hold_next;
    if (rst) begin
        hold_valid_reg <= {NSRC{1'b0}};
        drop_reg <= {DROP_W{1'b0}};
    end else begin
        hold_valid_reg <= hold_valid_next;
        drop_reg <= drop_next;
    end
end

/* verilator lint_off UNUSEDSIGNAL */
wire [$clog2(DEPTH):0] f_count;
/* verilator lint_on UNUSEDSIGNAL */

rnic_fifo #(.WIDTH(EW), .DEPTH(DEPTH)) u_fifo (
    .clk(clk), .rst(rst),
    .s_data(f_event), .s_valid(f_valid), .s_ready(f_ready),
    .m_data(m_event), .m_valid(m_valid), .m_ready(m_pop),
    .count(f_count)
);

assign stat_drop = drop_reg;

endmodule

`default_nettype wire
