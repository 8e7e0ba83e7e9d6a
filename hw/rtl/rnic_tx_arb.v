// rnic_tx_arb: picks whole packets (header beat + its len payload bytes)
// from two header-bus sources for the framer: the responder / ACK generator
// first, then the requester (docs/rtl-interfaces.md, "Packet header bus").
// The choice is made when no packet is in progress and is held from the
// moment a header is presented until its last payload beat has passed, so
// the presented header never changes while valid is high.
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

localparam [1:0] ST_IDLE = 2'd0,    // no packet; pick among valid headers
                 ST_HDR  = 2'd1,    // header presented, not yet taken; choice held
                 ST_PL   = 2'd2;    // header taken; passing payload until tlast

reg [1:0] state_reg, state_next;
reg       sel_reg, sel_next;        // 0 responder, 1 requester

// in IDLE the responder wins whenever it has a header
wire sel = (state_reg == ST_IDLE) ? !s_resp_hdr_valid : sel_reg;

assign m_hdr_opcode = sel ? s_req_hdr_opcode : s_resp_hdr_opcode;
assign m_hdr_se = sel ? s_req_hdr_se : s_resp_hdr_se;
assign m_hdr_mig = sel ? s_req_hdr_mig : s_resp_hdr_mig;
assign m_hdr_ackreq = sel ? s_req_hdr_ackreq : s_resp_hdr_ackreq;
assign m_hdr_pkey = sel ? s_req_hdr_pkey : s_resp_hdr_pkey;
assign m_hdr_dqpn = sel ? s_req_hdr_dqpn : s_resp_hdr_dqpn;
assign m_hdr_psn = sel ? s_req_hdr_psn : s_resp_hdr_psn;
assign m_hdr_dmac = sel ? s_req_hdr_dmac : s_resp_hdr_dmac;
assign m_hdr_dip = sel ? s_req_hdr_dip : s_resp_hdr_dip;
assign m_hdr_ip_id = sel ? s_req_hdr_ip_id : s_resp_hdr_ip_id;
assign m_hdr_ttl = sel ? s_req_hdr_ttl : s_resp_hdr_ttl;
assign m_hdr_tos = sel ? s_req_hdr_tos : s_resp_hdr_tos;
assign m_hdr_sport = sel ? s_req_hdr_sport : s_resp_hdr_sport;
assign m_hdr_reth_va = sel ? s_req_hdr_reth_va : s_resp_hdr_reth_va;
assign m_hdr_reth_rkey = sel ? s_req_hdr_reth_rkey : s_resp_hdr_reth_rkey;
assign m_hdr_reth_len = sel ? s_req_hdr_reth_len : s_resp_hdr_reth_len;
assign m_hdr_aeth = sel ? s_req_hdr_aeth : s_resp_hdr_aeth;
assign m_hdr_imm = sel ? s_req_hdr_imm : s_resp_hdr_imm;
assign m_hdr_deth_qkey = sel ? s_req_hdr_deth_qkey : s_resp_hdr_deth_qkey;
assign m_hdr_deth_sqpn = sel ? s_req_hdr_deth_sqpn : s_resp_hdr_deth_sqpn;
assign m_hdr_atomic_va = sel ? s_req_hdr_atomic_va : s_resp_hdr_atomic_va;
assign m_hdr_atomic_rkey = sel ? s_req_hdr_atomic_rkey : s_resp_hdr_atomic_rkey;
assign m_hdr_atomic_swap = sel ? s_req_hdr_atomic_swap : s_resp_hdr_atomic_swap;
assign m_hdr_atomic_cmp = sel ? s_req_hdr_atomic_cmp : s_resp_hdr_atomic_cmp;
assign m_hdr_atomic_ack = sel ? s_req_hdr_atomic_ack : s_resp_hdr_atomic_ack;
assign m_hdr_len = sel ? s_req_hdr_len : s_resp_hdr_len;
assign m_hdr_valid = (state_reg == ST_PL) ? 1'b0 :
                     (sel ? s_req_hdr_valid : s_resp_hdr_valid);
assign s_resp_hdr_ready = (state_reg != ST_PL) && !sel && m_hdr_ready;
assign s_req_hdr_ready  = (state_reg != ST_PL) &&  sel && m_hdr_ready;

wire pl_on = (state_reg == ST_PL);
assign m_axis_pl_tdata  = sel_reg ? s_req_axis_pl_tdata : s_resp_axis_pl_tdata;
assign m_axis_pl_tkeep  = sel_reg ? s_req_axis_pl_tkeep : s_resp_axis_pl_tkeep;
assign m_axis_pl_tlast  = sel_reg ? s_req_axis_pl_tlast : s_resp_axis_pl_tlast;
assign m_axis_pl_tvalid = pl_on && (sel_reg ? s_req_axis_pl_tvalid : s_resp_axis_pl_tvalid);
assign s_resp_axis_pl_tready = pl_on && !sel_reg && m_axis_pl_tready;
assign s_req_axis_pl_tready  = pl_on &&  sel_reg && m_axis_pl_tready;

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
