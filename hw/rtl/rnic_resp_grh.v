// rnic_resp_grh: the 40-byte GRH a UD receive gets ahead of its payload, rebuilt from the packet's IPv4 fields.
//
// For a RoCEv2 (IPv4) packet the GRH (IBA 11.4.1.2, RoCEv2 annex A17) is 20
// zero bytes and then the packet's IPv4 header as RoCEv2 sends it (version 4,
// IHL 5, DF, protocol UDP) with its checksum; byte k of the 40 is bit
// 8k+7:8k of the stream from the first beat on. The responder holds the
// packet's fields from its LOAD state on; s_capture (its DECIDE state)
// registers the total length and the checksum's 20-bit sum, s_start (LENCHK,
// at least a cycle later) takes the finished image, so the responder may go
// on to the next header while the beats still wait for the repacker. The
// beats come out on m_* (m_active is their valid) until the last is taken.
`default_nettype none

module rnic_resp_grh #(
    parameter DATA_W = 512          // stream width in bits (64..512, power of two)
) (
    input  wire                clk,
    input  wire                rst,

    // the packet's fields (held from before s_capture until s_start)
    input  wire                s_capture,   // register the length and the checksum's sum
    input  wire                s_start,     // take the image and start the beats
    input  wire [12:0]         s_len,       // payload bytes (padded to 4 in the IPv4 length)
    input  wire                s_imm,       // the packet carries ImmDt (4 bytes more)
    input  wire [7:0]          s_tos,
    input  wire [15:0]         s_ip_id,
    input  wire [7:0]          s_ttl,
    input  wire [31:0]         s_sip,
    input  wire [31:0]         s_dip,

    // the GRH beats, packed from lane 0
    output wire [DATA_W-1:0]   m_tdata,
    output wire [DATA_W/8-1:0] m_tkeep,
    output wire                m_active,
    input  wire                m_tready
);

localparam integer KEEP_I = DATA_W / 8;
localparam integer BEATS = (40 + KEEP_I - 1) / KEEP_I;
localparam integer BITS = BEATS * DATA_W;
localparam BEAT_W = $clog2(BEATS + 1);
localparam [BEAT_W-1:0] LAST_BEAT = BEATS[BEAT_W-1:0] - 1'b1;

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_resp_grh: DATA_W must be a power of two from 64 to 512");
end

// IPv4 total length: IPv4 (20) + UDP (8) + BTH (12) + DETH (8) + ICRC (4) + ImmDt + padded payload
wire [15:0] total_c = 16'd52 + (s_imm ? 16'd4 : 16'd0) + ({3'd0, s_len} + 16'd3 & 16'hFFFC);
wire [19:0] sum_c = 20'h04500 + {12'd0, s_tos} + {4'd0, total_c} + {4'd0, s_ip_id} + 20'h04000 +
                    {4'd0, s_ttl, 8'h11} + {4'd0, s_sip[31:16]} + {4'd0, s_sip[15:0]} +
                    {4'd0, s_dip[31:16]} + {4'd0, s_dip[15:0]};
reg [15:0] total_reg;
reg [19:0] sum_reg;
always @(posedge clk) begin
    if (s_capture) begin
        total_reg <= total_c;
        sum_reg <= sum_c;
    end
end
wire [16:0] sum_fold1 = {1'b0, sum_reg[15:0]} + {13'd0, sum_reg[19:16]};
wire [15:0] sum_fold2 = sum_fold1[15:0] + {15'd0, sum_fold1[16]};
wire [15:0] checksum = ~sum_fold2;
wire [159:0] ip_image = {s_dip[7:0], s_dip[15:8], s_dip[23:16], s_dip[31:24],
                         s_sip[7:0], s_sip[15:8], s_sip[23:16], s_sip[31:24],
                         checksum[7:0], checksum[15:8], 8'h11, s_ttl,
                         8'h00, 8'h40, s_ip_id[7:0], s_ip_id[15:8],
                         total_reg[7:0], total_reg[15:8], s_tos, 8'h45};

reg [159:0]      image_reg;
reg [BEAT_W-1:0] beat_reg;
reg              active_reg;

always @(posedge clk) begin
    if (rst) begin
        active_reg <= 1'b0;
        beat_reg <= {BEAT_W{1'b0}};
    end else if (s_start) begin
        active_reg <= 1'b1;
        beat_reg <= {BEAT_W{1'b0}};
        image_reg <= ip_image;
    end else if (active_reg && m_tready) begin
        beat_reg <= beat_reg + 1'b1;
        if (beat_reg == LAST_BEAT)
            active_reg <= 1'b0;
    end
end

reg [BITS-1:0] grh;
always @* begin
    grh = {BITS{1'b0}};
    grh[319:160] = image_reg;
end
assign m_tdata = grh[beat_reg * DATA_W +: DATA_W];
genvar k;
generate
    for (k = 0; k < KEEP_I; k = k + 1) begin : g_keep
        assign m_tkeep[k] = ({{(32-BEAT_W){1'b0}}, beat_reg} * KEEP_I + k) < 40;
    end
endgenerate
assign m_active = active_reg;

endmodule

`default_nettype wire
