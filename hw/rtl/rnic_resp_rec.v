// rnic_resp_rec: cut a packed DMA read stream into 16-byte records (the
// recv_wqe header and the data_seg entries that follow it in a receive WQE
// stride). The stream must start on a record boundary and carry whole
// records; record bytes keep stream order (byte 0 in m_rec[7:0]).
`default_nettype none

module rnic_resp_rec #(
    parameter DATA_W = 512          // stream width in bits (64..512, power of two)
) (
    input  wire                clk,
    input  wire                rst,

    // packed input stream
    input  wire [DATA_W-1:0]   s_tdata,
    input  wire [DATA_W/8-1:0] s_tkeep,
    input  wire                s_tlast,
    input  wire                s_tvalid,
    output wire                s_tready,

    // 128-bit records; m_rec_last on the stream's last record
    output wire [127:0]        m_rec,
    output wire                m_rec_last,
    output wire                m_rec_valid,
    input  wire                m_rec_ready
);

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_resp_rec: DATA_W must be a power of two from 64 to 512");
end

generate
if (DATA_W >= 128) begin : g_wide
    localparam RPB = DATA_W / 128;              // records per beat
    localparam SEL_W = (RPB > 1) ? $clog2(RPB) : 1;

    reg [SEL_W-1:0] sel_reg, sel_next;

    wire [DATA_W+127:0] data_ext = {128'd0, s_tdata};
    wire [DATA_W/8+15:0] keep_ext = {16'd0, s_tkeep};
    wire [31:0] sel32 = {{(32-SEL_W){1'b0}}, sel_reg};
    // last record of this beat: the next slot is absent or empty
    wire beat_end = (sel32 == RPB - 1) || !keep_ext[(sel32 + 1) * 16];

    assign m_rec = data_ext[sel32 * 128 +: 128];
    assign m_rec_valid = s_tvalid;
    assign m_rec_last = s_tlast && beat_end;
    assign s_tready = m_rec_ready && beat_end;

    always @* begin
        sel_next = sel_reg;
        if (s_tvalid && m_rec_ready)
            sel_next = beat_end ? {SEL_W{1'b0}} : sel_reg + 1'b1;
    end

    always @(posedge clk) begin
        if (rst)
            sel_reg <= {SEL_W{1'b0}};
        else
            sel_reg <= sel_next;
    end
end else begin : g_narrow
    // DATA_W == 64: two beats per record; the first is held
    reg        half_reg, half_next;
    reg [63:0] lo_reg, lo_next;

    assign m_rec = {s_tdata, lo_reg};
    assign m_rec_valid = half_reg && s_tvalid;
    assign m_rec_last = s_tlast;
    assign s_tready = !half_reg || m_rec_ready;

    always @* begin
        half_next = half_reg;
        lo_next = lo_reg;
        if (s_tvalid && s_tready) begin
            half_next = !half_reg;
            if (!half_reg)
                lo_next = s_tdata;
        end
    end

    always @(posedge clk) begin
        lo_reg <= lo_next;
        if (rst)
            half_reg <= 1'b0;
        else
            half_reg <= half_next;
    end

    // s_tkeep is implied by whole records
    // verilator lint_off UNUSED
    wire unused_keep = &s_tkeep;
    // verilator lint_on UNUSED
end
endgenerate

endmodule

`default_nettype wire
