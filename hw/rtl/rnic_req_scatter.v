// rnic_req_scatter: the requester's READ / atomic scatter, inside rnic_req
// (docs/rtl-interfaces.md, "Requester (rnic_req) and responder (rnic_resp)"). It places the payload of a READ
// RESPONSE, or the original remote data of an ATOMIC ACKNOWLEDGE, in the
// SGEs of the QP's outstanding READ (atomic).
//
// What it holds:
// - The READ SGE lists: QPS x MAX_SEND_SGE entries {device address, length},
//   written by the WQE stage while it checks a READ or atomic WQE (sg_*;
//   nothing of that QP is outstanding then), read through one synchronous
//   port a cycle ahead at the SGE index the loop moves to and registered
//   again in S_SRD (at 16,384 QPs the lists are 88 URAMs whose output
//   multiplexer takes six LUT levels). Not cleared by a reset: an entry
//   means something only while the QP's READ busy flag is up.
// - The working copy of the READ's progress while a response is placed:
//   loaded (ld) from the QP's progress entry (contract layout req_read) when
//   the completion stage takes a response, handed back (prog) for its
//   write-back; `last` and `fin` (the response is LAST / ONLY or an ATOMIC
//   ACKNOWLEDGE) tell the completion stage whether the READ is done.
// - The payload router of the ACK input: idle; discard the packet's payload;
//   feed it to the scatter repacker; or feed the repacker the 8 bytes of the
//   AtomicAckETH (atack) as one beat, little-endian (memory byte k = bits
//   [8k+7:8k], the host order of Linux Soft-RoCE on x86). pl_drop, pl_keep
//   or pl_atom (pulses, the later one of this list winning) chooses, once
//   per packet taken; the router goes idle after the packet's tlast (the
//   atomic beat). pl_idle: a new packet may be taken.
// - The piece loop. start (the walk before the READ is done, with bytes of
//   the response left) runs it: S_SRD (SGE k is registered), S_SPC (piece =
//   min(rest of SGE k, rest of the response), registered), S_PUT (one DMA
//   write request {SGE address + offset, piece} on m_wr_req_* and one
//   rnic_repack segment of the piece's length; an SGE full, or of length 0,
//   moves on to the next: S_SRD). done pulses in the cycle the response's
//   last piece is taken (both its request and its segment); the repacker
//   then cuts the payload into the pieces' write data (m_wr_t*, one tlast per
//   request, any byte alignment), through a register slice whose ready is a
//   flop.
//
// The loop never runs past the READ's length (the completion stage checks the
// response's length first: LOC_LEN_ERR, nothing placed), so the SGEs it
// fills are the WQE's, whose lengths sum to the READ's length.
`default_nettype none

`include "rnic_contract.vh"

module rnic_req_scatter #(
    parameter DATA_W = 512,               // stream width in bits (64..512, power of two)
    parameter QPN_W = `RNIC_LOG_QPS       // log2 of the QPs served
) (
    input  wire                            clk,
    input  wire                            rst,

    // READ SGE list writes (the WQE stage): SGE k of QP sg_qp
    input  wire                            sg_we,
    input  wire [QPN_W-1:0]                sg_qp,
    input  wire [$clog2(`RNIC_MAX_SEND_SGE)-1:0] sg_k,
    input  wire [63:0]                     sg_addr,
    input  wire [31:0]                     sg_len,

    // the completion stage's QP (fixed from ld until done)
    input  wire [QPN_W-1:0]                qp,
    // ld: a response is taken: the READ's progress, the bytes to place
    // (len; 8 for an ATOMIC ACKNOWLEDGE) and whether it ends the READ
    input  wire                            ld,
    input  wire [`RNIC_REQ_READ_BITS-1:0]  ld_prog,
    input  wire [12:0]                     ld_len,
    input  wire                            ld_fin,
    input  wire                            start,
    output wire                            left,    // bytes of the response are still to place
    output wire                            done,
    output wire                            fin,     // the response is LAST / ONLY / ATOMIC ACKNOWLEDGE
    output wire [23:0]                     last,    // the READ's last PSN
    output wire [`RNIC_REQ_READ_BITS-1:0]  prog,    // the progress after the response

    // payload router
    input  wire                            pl_drop, // discard the packet's payload
    input  wire                            pl_keep, // place it
    input  wire                            pl_atom, // place atack instead (no payload)
    input  wire [63:0]                     atack,
    output wire                            pl_idle,
    input  wire [DATA_W-1:0]               s_pl_tdata,
    input  wire [DATA_W/8-1:0]             s_pl_tkeep,
    input  wire                            s_pl_tlast,
    input  wire                            s_pl_tvalid,
    output wire                            s_pl_tready,

    // DMA write client
    output wire [63:0]                     m_wr_req_addr,
    output wire [15:0]                     m_wr_req_len,
    output wire                            m_wr_req_valid,
    input  wire                            m_wr_req_ready,
    output wire [DATA_W-1:0]               m_wr_tdata,
    output wire [DATA_W/8-1:0]             m_wr_tkeep,
    output wire                            m_wr_tlast,
    output wire                            m_wr_tvalid,
    input  wire                            m_wr_tready
);

localparam KEEP_W = DATA_W / 8;
localparam QPS = 1 << QPN_W;
localparam NSGE = `RNIC_MAX_SEND_SGE;
localparam SI_W = $clog2(NSGE);

// router modes
localparam [1:0] P_NONE = 2'd0, P_DROP = 2'd1, P_KEEP = 2'd2, P_ATOM = 2'd3;
// loop states
localparam [1:0] S_IDLE = 2'd0, S_SRD = 2'd1, S_SPC = 2'd2, S_PUT = 2'd3;

reg [1:0]   state_reg, state_next;
reg [1:0]   p_mode_reg, p_mode_next;
reg [23:0]  r_first_reg, r_first_next;    // the READ's first PSN
reg [23:0]  r_last_reg, r_last_next;      // its last PSN (atomic: = first)
reg [23:0]  r_epsn_reg, r_epsn_next;      // this response's PSN
reg [4:0]   r_k_reg, r_k_next;            // SGE being filled
reg [31:0]  r_off_reg, r_off_next;        // bytes of it already filled
reg [31:0]  r_bytes_reg, r_bytes_next;    // bytes of the READ placed so far
reg [31:0]  r_total_reg, r_total_next;    // the READ's length
reg [12:0]  r_left_reg, r_left_next;      // bytes of this response not yet placed
reg         r_end_reg, r_end_next;        // this response ends the READ
reg         r_req_ok_reg, r_req_ok_next;  // the piece's DMA write request was taken
reg         r_seg_ok_reg, r_seg_ok_next;  // the piece's segment command was taken

// READ SGE lists
reg [95:0]  rsg_mem [0:QPS*NSGE-1];
reg [95:0]  rsg_pre, rsg_rd;
always @(posedge clk) begin
    if (sg_we)
        rsg_mem[{sg_qp, sg_k}] <= {sg_addr, sg_len};
    rsg_pre <= rsg_mem[{qp, r_k_next[SI_W-1:0]}];
    if (state_reg == S_SRD)
        rsg_rd <= rsg_pre;
end

// the piece: min(rest of SGE r_k, rest of the response), worked out in S_SPC
// from the SGE registered in S_SRD, held through S_PUT
wire [63:0] r_sge_addr = rsg_rd[95:32];
wire [31:0] r_sge_len  = rsg_rd[31:0];
wire [31:0] r_srem_c = r_sge_len - r_off_reg;
wire [31:0] r_left32 = {19'd0, r_left_reg};
wire [31:0] r_piece_c = (r_srem_c < r_left32) ? r_srem_c : r_left32;
reg  [31:0] r_srem, r_piece;
reg         r_plast;                      // the piece ends the response's data
always @(posedge clk) begin
    if (state_reg == S_SPC) begin
        r_srem <= r_srem_c;
        r_piece <= r_piece_c;
        r_plast <= r_srem_c >= r_left32;
    end
end
wire r_put = (state_reg == S_PUT) && r_srem != 32'd0;
wire seg_ready;
wire seg_valid = r_put && !r_seg_ok_reg;
assign m_wr_req_valid = r_put && !r_req_ok_reg;
assign m_wr_req_addr = r_sge_addr + {32'd0, r_off_reg};
assign m_wr_req_len = r_piece[15:0];        // at most 4096 (one packet's payload)
wire r_piece_done = r_put && (r_req_ok_reg || m_wr_req_ready) && (r_seg_ok_reg || seg_ready);

assign left = r_left_reg != 13'd0;
assign done = r_piece_done && r_plast;
assign fin = r_end_reg;
assign last = r_last_reg;
assign prog[`RNIC_REQ_READ_FIRST_PSN_LSB +: `RNIC_REQ_READ_FIRST_PSN_W] = r_first_reg;
assign prog[`RNIC_REQ_READ_LAST_PSN_LSB +: `RNIC_REQ_READ_LAST_PSN_W] = r_last_reg;
assign prog[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: `RNIC_REQ_READ_EXPECTED_PSN_W] = r_epsn_reg + 24'd1;
assign prog[`RNIC_REQ_READ_SGE_LSB +: `RNIC_REQ_READ_SGE_W] = r_k_reg;
assign prog[`RNIC_REQ_READ_OFFSET_LSB +: `RNIC_REQ_READ_OFFSET_W] = r_off_reg;
assign prog[`RNIC_REQ_READ_BYTES_LSB +: `RNIC_REQ_READ_BYTES_W] = r_bytes_reg;
assign prog[`RNIC_REQ_READ_LENGTH_LSB +: `RNIC_REQ_READ_LENGTH_W] = r_total_reg;

// payload router
wire rp_s_tready;
assign pl_idle = p_mode_reg == P_NONE;
assign s_pl_tready = (p_mode_reg == P_DROP) || (p_mode_reg == P_KEEP && rp_s_tready);
reg [DATA_W-1:0] rp_s_tdata;
reg [KEEP_W-1:0] rp_s_tkeep;
always @* begin
    rp_s_tdata = s_pl_tdata;
    rp_s_tkeep = s_pl_tkeep;
    if (p_mode_reg == P_ATOM) begin
        rp_s_tdata = {DATA_W{1'b0}};
        rp_s_tdata[63:0] = atack;
        rp_s_tkeep = {KEEP_W{1'b0}};
        rp_s_tkeep[7:0] = 8'hFF;
    end
end
wire rp_s_tvalid = (p_mode_reg == P_KEEP && s_pl_tvalid) || p_mode_reg == P_ATOM;

// a register slice between the router and the repacker: the router's ready
// is a register, not the repacker's byte count
wire [DATA_W-1:0] sc_s_tdata;
wire [KEEP_W-1:0] sc_s_tkeep;
wire              sc_s_tvalid, sc_s_tready;
/* verilator lint_off UNUSEDSIGNAL */
wire              sc_s_tlast;      // (the repacker takes no tlast)
wire              rp_tuser;        // one DMA write request per segment: packet ends are not needed
/* verilator lint_on UNUSEDSIGNAL */
rnic_axis_reg #(.DATA_W(DATA_W)) scatter_in (
    .clk(clk), .rst(rst),
    .s_axis_tdata(rp_s_tdata), .s_axis_tkeep(rp_s_tkeep), .s_axis_tvalid(rp_s_tvalid),
    .s_axis_tready(rp_s_tready), .s_axis_tlast(1'b0),
    .m_axis_tdata(sc_s_tdata), .m_axis_tkeep(sc_s_tkeep), .m_axis_tvalid(sc_s_tvalid),
    .m_axis_tready(sc_s_tready), .m_axis_tlast(sc_s_tlast)
);
rnic_repack #(.DATA_W(DATA_W)) repack (
    .clk(clk), .rst(rst),
    .s_seg_len(r_piece[15:0]), .s_seg_last(r_plast), .s_seg_valid(seg_valid),
    .s_seg_ready(seg_ready),
    .s_tdata(sc_s_tdata), .s_tkeep(sc_s_tkeep), .s_tvalid(sc_s_tvalid), .s_tready(sc_s_tready),
    .m_tdata(m_wr_tdata), .m_tkeep(m_wr_tkeep), .m_tlast(m_wr_tlast), .m_tuser(rp_tuser),
    .m_tvalid(m_wr_tvalid), .m_tready(m_wr_tready)
);

wire [23:0] ld_first = ld_prog[`RNIC_REQ_READ_FIRST_PSN_LSB +: `RNIC_REQ_READ_FIRST_PSN_W];

always @* begin
    state_next = state_reg;
    p_mode_next = p_mode_reg;
    r_first_next = r_first_reg;
    r_last_next = r_last_reg;
    r_epsn_next = r_epsn_reg;
    r_k_next = r_k_reg;
    r_off_next = r_off_reg;
    r_bytes_next = r_bytes_reg;
    r_total_next = r_total_reg;
    r_left_next = r_left_reg;
    r_end_next = r_end_reg;
    r_req_ok_next = r_req_ok_reg;
    r_seg_ok_next = r_seg_ok_reg;
    if ((s_pl_tvalid && s_pl_tready && s_pl_tlast) || (p_mode_reg == P_ATOM && rp_s_tready))
        p_mode_next = P_NONE;
    if (pl_atom)
        p_mode_next = P_ATOM;
    else if (pl_keep)
        p_mode_next = P_KEEP;
    else if (pl_drop)
        p_mode_next = P_DROP;
    if (ld) begin
        r_first_next = ld_first;
        r_last_next = ld_prog[`RNIC_REQ_READ_LAST_PSN_LSB +: `RNIC_REQ_READ_LAST_PSN_W];
        r_epsn_next = ld_prog[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: `RNIC_REQ_READ_EXPECTED_PSN_W];
        r_k_next = ld_prog[`RNIC_REQ_READ_SGE_LSB +: `RNIC_REQ_READ_SGE_W];
        r_off_next = ld_prog[`RNIC_REQ_READ_OFFSET_LSB +: `RNIC_REQ_READ_OFFSET_W];
        r_bytes_next = ld_prog[`RNIC_REQ_READ_BYTES_LSB +: `RNIC_REQ_READ_BYTES_W];
        r_total_next = ld_prog[`RNIC_REQ_READ_LENGTH_LSB +: `RNIC_REQ_READ_LENGTH_W];
        r_left_next = ld_len;
        r_end_next = ld_fin;
        r_req_ok_next = 1'b0;
        r_seg_ok_next = 1'b0;
    end
    case (state_reg)
    S_IDLE: if (start) state_next = S_SRD;
    S_SRD:  state_next = S_SPC;
    S_SPC:  state_next = S_PUT;
    default: begin   // S_PUT
        if (r_srem == 32'd0) begin
            // SGE full (or of length 0): on to the next
            r_k_next = r_k_reg + 5'd1;
            r_off_next = 32'd0;
            state_next = S_SRD;
        end else begin
            if (m_wr_req_ready)
                r_req_ok_next = 1'b1;
            if (seg_ready)
                r_seg_ok_next = 1'b1;
            if (r_piece_done) begin
                r_req_ok_next = 1'b0;
                r_seg_ok_next = 1'b0;
                r_bytes_next = r_bytes_reg + r_piece;
                r_left_next = r_left_reg - r_piece[12:0];
                if (r_plast) begin
                    r_off_next = r_off_reg + r_piece;
                    state_next = S_IDLE;
                end else begin
                    r_k_next = r_k_reg + 5'd1;
                    r_off_next = 32'd0;
                    state_next = S_SRD;
                end
            end
        end
    end
    endcase
end

always @(posedge clk) begin
    state_reg <= state_next;
    p_mode_reg <= p_mode_next;
    r_first_reg <= r_first_next;
    r_last_reg <= r_last_next;
    r_epsn_reg <= r_epsn_next;
    r_k_reg <= r_k_next;
    r_off_reg <= r_off_next;
    r_bytes_reg <= r_bytes_next;
    r_total_reg <= r_total_next;
    r_left_reg <= r_left_next;
    r_end_reg <= r_end_next;
    r_req_ok_reg <= r_req_ok_next;
    r_seg_ok_reg <= r_seg_ok_next;
    if (rst) begin
        state_reg <= S_IDLE;
        p_mode_reg <= P_NONE;
        r_req_ok_reg <= 1'b0;
        r_seg_ok_reg <= 1'b0;
    end
end

`ifndef SYNTHESIS
always @(posedge clk)
    if (!rst && start && (state_reg != S_IDLE || r_left_reg == 13'd0))
        $error("rnic_req_scatter: start while the loop runs or with nothing left to place");
`endif

endmodule

`default_nettype wire
