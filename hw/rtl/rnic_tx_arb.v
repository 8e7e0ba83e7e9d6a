// rnic_tx_arb: picks whole packets (header beat + its len payload bytes)
// from two header-bus sources for the framer: the responder / ACK generator
// first, then the requester (docs/rtl-interfaces.md, "Packet header bus").
// The choice is made when no packet is in progress and is held from the
// moment a header is presented until its last payload beat has passed, so
// the presented header never changes while valid is high. Each source's
// header and payload enter through a register slice (one cycle), so no
// combinational path runs from a source through the arbiter to the framer
// or back.
`default_nettype none

module rnic_tx_arb #(
    parameter DATA_W = 512          // payload stream width in bits (64..512, power of two)
) (
    input  wire          clk,
    input  wire          rst,

    // header bus and payload from the responder / ACK generator (first priority)
    input  wire [7:0]    s_resp_hdr_opcode,
    input  wire          s_resp_hdr_se,
    input  wire          s_resp_hdr_mig,
    input  wire          s_resp_hdr_ackreq,
    input  wire [15:0]   s_resp_hdr_pkey,
    input  wire [23:0]   s_resp_hdr_dqpn,
    input  wire [23:0]   s_resp_hdr_psn,
    input  wire [47:0]   s_resp_hdr_dmac,
    input  wire [31:0]   s_resp_hdr_dip,
    input  wire [15:0]   s_resp_hdr_ip_id,
    input  wire [7:0]    s_resp_hdr_ttl,
    input  wire [7:0]    s_resp_hdr_tos,
    input  wire [15:0]   s_resp_hdr_sport,
    input  wire [63:0]   s_resp_hdr_reth_va,
    input  wire [31:0]   s_resp_hdr_reth_rkey,
    input  wire [31:0]   s_resp_hdr_reth_len,
    input  wire [31:0]   s_resp_hdr_aeth,
    input  wire [31:0]   s_resp_hdr_imm,
    input  wire [31:0]   s_resp_hdr_deth_qkey,
    input  wire [23:0]   s_resp_hdr_deth_sqpn,
    input  wire [63:0]   s_resp_hdr_atomic_va,
    input  wire [31:0]   s_resp_hdr_atomic_rkey,
    input  wire [63:0]   s_resp_hdr_atomic_swap,
    input  wire [63:0]   s_resp_hdr_atomic_cmp,
    input  wire [63:0]   s_resp_hdr_atomic_ack,
    input  wire [12:0]   s_resp_hdr_len,
    input  wire          s_resp_hdr_valid,
    output wire          s_resp_hdr_ready,
    input  wire [DATA_W-1:0]   s_resp_axis_pl_tdata,
    input  wire [DATA_W/8-1:0] s_resp_axis_pl_tkeep,
    input  wire          s_resp_axis_pl_tlast,
    input  wire          s_resp_axis_pl_tvalid,
    output wire          s_resp_axis_pl_tready,

    // header bus and payload from the requester (second priority)
    input  wire [7:0]    s_req_hdr_opcode,
    input  wire          s_req_hdr_se,
    input  wire          s_req_hdr_mig,
    input  wire          s_req_hdr_ackreq,
    input  wire [15:0]   s_req_hdr_pkey,
    input  wire [23:0]   s_req_hdr_dqpn,
    input  wire [23:0]   s_req_hdr_psn,
    input  wire [47:0]   s_req_hdr_dmac,
    input  wire [31:0]   s_req_hdr_dip,
    input  wire [15:0]   s_req_hdr_ip_id,
    input  wire [7:0]    s_req_hdr_ttl,
    input  wire [7:0]    s_req_hdr_tos,
    input  wire [15:0]   s_req_hdr_sport,
    input  wire [63:0]   s_req_hdr_reth_va,
    input  wire [31:0]   s_req_hdr_reth_rkey,
    input  wire [31:0]   s_req_hdr_reth_len,
    input  wire [31:0]   s_req_hdr_aeth,
    input  wire [31:0]   s_req_hdr_imm,
    input  wire [31:0]   s_req_hdr_deth_qkey,
    input  wire [23:0]   s_req_hdr_deth_sqpn,
    input  wire [63:0]   s_req_hdr_atomic_va,
    input  wire [31:0]   s_req_hdr_atomic_rkey,
    input  wire [63:0]   s_req_hdr_atomic_swap,
    input  wire [63:0]   s_req_hdr_atomic_cmp,
    input  wire [63:0]   s_req_hdr_atomic_ack,
    input  wire [12:0]   s_req_hdr_len,
    input  wire          s_req_hdr_valid,
    output wire          s_req_hdr_ready,
    input  wire [DATA_W-1:0]   s_req_axis_pl_tdata,
    input  wire [DATA_W/8-1:0] s_req_axis_pl_tkeep,
    input  wire          s_req_axis_pl_tlast,
    input  wire          s_req_axis_pl_tvalid,
    output wire          s_req_axis_pl_tready,

    // header bus and payload to the framer
    output wire [7:0]    m_hdr_opcode,
    output wire          m_hdr_se,
    output wire          m_hdr_mig,
    output wire          m_hdr_ackreq,
    output wire [15:0]   m_hdr_pkey,
    output wire [23:0]   m_hdr_dqpn,
    output wire [23:0]   m_hdr_psn,
    output wire [47:0]   m_hdr_dmac,
    output wire [31:0]   m_hdr_dip,
    output wire [15:0]   m_hdr_ip_id,
    output wire [7:0]    m_hdr_ttl,
    output wire [7:0]    m_hdr_tos,
    output wire [15:0]   m_hdr_sport,
    output wire [63:0]   m_hdr_reth_va,
    output wire [31:0]   m_hdr_reth_rkey,
    output wire [31:0]   m_hdr_reth_len,
    output wire [31:0]   m_hdr_aeth,
    output wire [31:0]   m_hdr_imm,
    output wire [31:0]   m_hdr_deth_qkey,
    output wire [23:0]   m_hdr_deth_sqpn,
    output wire [63:0]   m_hdr_atomic_va,
    output wire [31:0]   m_hdr_atomic_rkey,
    output wire [63:0]   m_hdr_atomic_swap,
    output wire [63:0]   m_hdr_atomic_cmp,
    output wire [63:0]   m_hdr_atomic_ack,
    output wire [12:0]   m_hdr_len,
    output wire          m_hdr_valid,
    input  wire          m_hdr_ready,
    output wire [DATA_W-1:0]   m_axis_pl_tdata,
    output wire [DATA_W/8-1:0] m_axis_pl_tkeep,
    output wire          m_axis_pl_tlast,
    output wire          m_axis_pl_tvalid,
    input  wire          m_axis_pl_tready
);

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_tx_arb: DATA_W must be a power of two from 64 to 512");
end

// the input slices (rnic_skid): a_* the responder's, b_* the requester's
localparam HDR_W = 752;   // the header fields below, packed (lint checks it against the concatenations)
localparam PL_W = DATA_W + DATA_W / 8 + 1;

wire [7:0]     a_hdr_opcode;
wire           a_hdr_se;
wire           a_hdr_mig;
wire           a_hdr_ackreq;
wire [15:0]    a_hdr_pkey;
wire [23:0]    a_hdr_dqpn;
wire [23:0]    a_hdr_psn;
wire [47:0]    a_hdr_dmac;
wire [31:0]    a_hdr_dip;
wire [15:0]    a_hdr_ip_id;
wire [7:0]     a_hdr_ttl;
wire [7:0]     a_hdr_tos;
wire [15:0]    a_hdr_sport;
wire [63:0]    a_hdr_reth_va;
wire [31:0]    a_hdr_reth_rkey;
wire [31:0]    a_hdr_reth_len;
wire [31:0]    a_hdr_aeth;
wire [31:0]    a_hdr_imm;
wire [31:0]    a_hdr_deth_qkey;
wire [23:0]    a_hdr_deth_sqpn;
wire [63:0]    a_hdr_atomic_va;
wire [31:0]    a_hdr_atomic_rkey;
wire [63:0]    a_hdr_atomic_swap;
wire [63:0]    a_hdr_atomic_cmp;
wire [63:0]    a_hdr_atomic_ack;
wire [12:0]    a_hdr_len;
wire           a_hdr_valid, a_hdr_ready;
wire [DATA_W-1:0]   a_pl_tdata;
wire [DATA_W/8-1:0] a_pl_tkeep;
wire           a_pl_tlast, a_pl_tvalid, a_pl_tready;

wire [7:0]     b_hdr_opcode;
wire           b_hdr_se;
wire           b_hdr_mig;
wire           b_hdr_ackreq;
wire [15:0]    b_hdr_pkey;
wire [23:0]    b_hdr_dqpn;
wire [23:0]    b_hdr_psn;
wire [47:0]    b_hdr_dmac;
wire [31:0]    b_hdr_dip;
wire [15:0]    b_hdr_ip_id;
wire [7:0]     b_hdr_ttl;
wire [7:0]     b_hdr_tos;
wire [15:0]    b_hdr_sport;
wire [63:0]    b_hdr_reth_va;
wire [31:0]    b_hdr_reth_rkey;
wire [31:0]    b_hdr_reth_len;
wire [31:0]    b_hdr_aeth;
wire [31:0]    b_hdr_imm;
wire [31:0]    b_hdr_deth_qkey;
wire [23:0]    b_hdr_deth_sqpn;
wire [63:0]    b_hdr_atomic_va;
wire [31:0]    b_hdr_atomic_rkey;
wire [63:0]    b_hdr_atomic_swap;
wire [63:0]    b_hdr_atomic_cmp;
wire [63:0]    b_hdr_atomic_ack;
wire [12:0]    b_hdr_len;
wire           b_hdr_valid, b_hdr_ready;
wire [DATA_W-1:0]   b_pl_tdata;
wire [DATA_W/8-1:0] b_pl_tkeep;
wire           b_pl_tlast, b_pl_tvalid, b_pl_tready;

rnic_skid #(.W(HDR_W)) resp_hdr_slice (
    .clk(clk), .rst(rst),
    .s_data({s_resp_hdr_opcode, s_resp_hdr_se, s_resp_hdr_mig, s_resp_hdr_ackreq, s_resp_hdr_pkey,
            s_resp_hdr_dqpn, s_resp_hdr_psn, s_resp_hdr_dmac, s_resp_hdr_dip, s_resp_hdr_ip_id,
            s_resp_hdr_ttl, s_resp_hdr_tos, s_resp_hdr_sport, s_resp_hdr_reth_va,
            s_resp_hdr_reth_rkey, s_resp_hdr_reth_len, s_resp_hdr_aeth, s_resp_hdr_imm,
            s_resp_hdr_deth_qkey, s_resp_hdr_deth_sqpn, s_resp_hdr_atomic_va,
            s_resp_hdr_atomic_rkey, s_resp_hdr_atomic_swap, s_resp_hdr_atomic_cmp,
            s_resp_hdr_atomic_ack, s_resp_hdr_len}),
    .s_valid(s_resp_hdr_valid), .s_ready(s_resp_hdr_ready),
    .m_data({a_hdr_opcode, a_hdr_se, a_hdr_mig, a_hdr_ackreq, a_hdr_pkey, a_hdr_dqpn, a_hdr_psn,
            a_hdr_dmac, a_hdr_dip, a_hdr_ip_id, a_hdr_ttl, a_hdr_tos, a_hdr_sport, a_hdr_reth_va,
            a_hdr_reth_rkey, a_hdr_reth_len, a_hdr_aeth, a_hdr_imm, a_hdr_deth_qkey,
            a_hdr_deth_sqpn, a_hdr_atomic_va, a_hdr_atomic_rkey, a_hdr_atomic_swap,
            a_hdr_atomic_cmp, a_hdr_atomic_ack, a_hdr_len}),
    .m_valid(a_hdr_valid), .m_ready(a_hdr_ready)
);
rnic_skid #(.W(PL_W)) resp_pl_slice (
    .clk(clk), .rst(rst),
    .s_data({s_resp_axis_pl_tlast, s_resp_axis_pl_tkeep, s_resp_axis_pl_tdata}),
    .s_valid(s_resp_axis_pl_tvalid), .s_ready(s_resp_axis_pl_tready),
    .m_data({a_pl_tlast, a_pl_tkeep, a_pl_tdata}),
    .m_valid(a_pl_tvalid), .m_ready(a_pl_tready)
);

rnic_skid #(.W(HDR_W)) req_hdr_slice (
    .clk(clk), .rst(rst),
    .s_data({s_req_hdr_opcode, s_req_hdr_se, s_req_hdr_mig, s_req_hdr_ackreq, s_req_hdr_pkey,
            s_req_hdr_dqpn, s_req_hdr_psn, s_req_hdr_dmac, s_req_hdr_dip, s_req_hdr_ip_id,
            s_req_hdr_ttl, s_req_hdr_tos, s_req_hdr_sport, s_req_hdr_reth_va, s_req_hdr_reth_rkey,
            s_req_hdr_reth_len, s_req_hdr_aeth, s_req_hdr_imm, s_req_hdr_deth_qkey,
            s_req_hdr_deth_sqpn, s_req_hdr_atomic_va, s_req_hdr_atomic_rkey, s_req_hdr_atomic_swap,
            s_req_hdr_atomic_cmp, s_req_hdr_atomic_ack, s_req_hdr_len}),
    .s_valid(s_req_hdr_valid), .s_ready(s_req_hdr_ready),
    .m_data({b_hdr_opcode, b_hdr_se, b_hdr_mig, b_hdr_ackreq, b_hdr_pkey, b_hdr_dqpn, b_hdr_psn,
            b_hdr_dmac, b_hdr_dip, b_hdr_ip_id, b_hdr_ttl, b_hdr_tos, b_hdr_sport, b_hdr_reth_va,
            b_hdr_reth_rkey, b_hdr_reth_len, b_hdr_aeth, b_hdr_imm, b_hdr_deth_qkey,
            b_hdr_deth_sqpn, b_hdr_atomic_va, b_hdr_atomic_rkey, b_hdr_atomic_swap,
            b_hdr_atomic_cmp, b_hdr_atomic_ack, b_hdr_len}),
    .m_valid(b_hdr_valid), .m_ready(b_hdr_ready)
);
rnic_skid #(.W(PL_W)) req_pl_slice (
    .clk(clk), .rst(rst),
    .s_data({s_req_axis_pl_tlast, s_req_axis_pl_tkeep, s_req_axis_pl_tdata}),
    .s_valid(s_req_axis_pl_tvalid), .s_ready(s_req_axis_pl_tready),
    .m_data({b_pl_tlast, b_pl_tkeep, b_pl_tdata}),
    .m_valid(b_pl_tvalid), .m_ready(b_pl_tready)
);

localparam [1:0] ST_IDLE = 2'd0,    // no packet; pick among valid headers
                 ST_HDR  = 2'd1,    // header presented, not yet taken; choice held
                 ST_PL   = 2'd2;    // header taken; passing payload until tlast

reg [1:0] state_reg, state_next;
reg       sel_reg, sel_next;        // 0 responder, 1 requester

// in IDLE the responder wins whenever it has a header
wire sel = (state_reg == ST_IDLE) ? !a_hdr_valid : sel_reg;

assign m_hdr_opcode = sel ? b_hdr_opcode : a_hdr_opcode;
assign m_hdr_se = sel ? b_hdr_se : a_hdr_se;
assign m_hdr_mig = sel ? b_hdr_mig : a_hdr_mig;
assign m_hdr_ackreq = sel ? b_hdr_ackreq : a_hdr_ackreq;
assign m_hdr_pkey = sel ? b_hdr_pkey : a_hdr_pkey;
assign m_hdr_dqpn = sel ? b_hdr_dqpn : a_hdr_dqpn;
assign m_hdr_psn = sel ? b_hdr_psn : a_hdr_psn;
assign m_hdr_dmac = sel ? b_hdr_dmac : a_hdr_dmac;
assign m_hdr_dip = sel ? b_hdr_dip : a_hdr_dip;
assign m_hdr_ip_id = sel ? b_hdr_ip_id : a_hdr_ip_id;
assign m_hdr_ttl = sel ? b_hdr_ttl : a_hdr_ttl;
assign m_hdr_tos = sel ? b_hdr_tos : a_hdr_tos;
assign m_hdr_sport = sel ? b_hdr_sport : a_hdr_sport;
assign m_hdr_reth_va = sel ? b_hdr_reth_va : a_hdr_reth_va;
assign m_hdr_reth_rkey = sel ? b_hdr_reth_rkey : a_hdr_reth_rkey;
assign m_hdr_reth_len = sel ? b_hdr_reth_len : a_hdr_reth_len;
assign m_hdr_aeth = sel ? b_hdr_aeth : a_hdr_aeth;
assign m_hdr_imm = sel ? b_hdr_imm : a_hdr_imm;
assign m_hdr_deth_qkey = sel ? b_hdr_deth_qkey : a_hdr_deth_qkey;
assign m_hdr_deth_sqpn = sel ? b_hdr_deth_sqpn : a_hdr_deth_sqpn;
assign m_hdr_atomic_va = sel ? b_hdr_atomic_va : a_hdr_atomic_va;
assign m_hdr_atomic_rkey = sel ? b_hdr_atomic_rkey : a_hdr_atomic_rkey;
assign m_hdr_atomic_swap = sel ? b_hdr_atomic_swap : a_hdr_atomic_swap;
assign m_hdr_atomic_cmp = sel ? b_hdr_atomic_cmp : a_hdr_atomic_cmp;
assign m_hdr_atomic_ack = sel ? b_hdr_atomic_ack : a_hdr_atomic_ack;
assign m_hdr_len = sel ? b_hdr_len : a_hdr_len;
assign m_hdr_valid = (state_reg == ST_PL) ? 1'b0 :
                     (sel ? b_hdr_valid : a_hdr_valid);
assign a_hdr_ready = (state_reg != ST_PL) && !sel && m_hdr_ready;
assign b_hdr_ready  = (state_reg != ST_PL) &&  sel && m_hdr_ready;

wire pl_on = (state_reg == ST_PL);
assign m_axis_pl_tdata  = sel_reg ? b_pl_tdata : a_pl_tdata;
assign m_axis_pl_tkeep  = sel_reg ? b_pl_tkeep : a_pl_tkeep;
assign m_axis_pl_tlast  = sel_reg ? b_pl_tlast : a_pl_tlast;
assign m_axis_pl_tvalid = pl_on && (sel_reg ? b_pl_tvalid : a_pl_tvalid);
assign a_pl_tready = pl_on && !sel_reg && m_axis_pl_tready;
assign b_pl_tready  = pl_on &&  sel_reg && m_axis_pl_tready;

always @* begin
    state_next = state_reg;
    sel_next = sel_reg;
    case (state_reg)
    ST_IDLE, ST_HDR: begin
        sel_next = sel;
        if (m_hdr_valid) begin
            if (m_hdr_ready)
                state_next = (m_hdr_len != 13'd0) ? ST_PL : ST_IDLE;
            else
                state_next = ST_HDR;
        end
    end
    default: begin
        if (m_axis_pl_tvalid && m_axis_pl_tready && m_axis_pl_tlast)
            state_next = ST_IDLE;
    end
    endcase
end

always @(posedge clk) begin
    state_reg <= state_next;
    sel_reg <= sel_next;
    if (rst) begin
        state_reg <= ST_IDLE;
        sel_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
