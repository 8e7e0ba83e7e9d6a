// rnic_rd_resp: the RDMA READ response generator of the RC responder
// (IBA 9.7.5, READ responses; 9.4 packet headers). rnic_resp hands it one
// checked RDMA READ request at a time as a job {addr, len, psn, msn, mtu}
// and waits for `done`; this block cuts the job into path-MTU packets,
// reads each packet's bytes from host memory and sends
//   one packet:   READ RESPONSE ONLY
//   more:         READ RESPONSE FIRST, MIDDLE ..., LAST
// with PSN = job psn + packet index (mod 2^24), AETH {ACK syndrome with
// credit field 0x1F, MSN} on ONLY/FIRST/LAST and 0 on MIDDLE.
//
// Two independent sides run per job:
//   request side: one DMA read per packet (its bytes), issued ahead while
//     fewer than MAX_RD reads are outstanding (a read is outstanding from
//     its request handshake to the handshake of its tlast beat), so the
//     host-memory latency is paid once per job, not per packet;
//   packet side:  HDR -> PL per packet. A header is presented only once the
//     first data beat of its read is waiting on s_rd (reads return in
//     order, so the head of s_rd is always the current packet's read); the
//     TX arbiter holds the wire from a header to its last payload beat, so
//     it must never wait for host memory. After the header handshake the
//     read's beats pass straight through to m_axis_pl until its tlast.
// A zero-length job sends one ONLY packet with len 0 and no read.
// s_rd_error on any beat of the job is remembered and reported with done
// (done_err); the bytes are sent as read.
`default_nettype none

`include "rnic_contract.vh"

module rnic_rd_resp #(
    parameter DATA_W = 512,   // payload and DMA stream width (64..512, power of two)
    parameter TAG_W = 4,      // DMA read tag width
    parameter MAX_RD = 4      // DMA read requests in flight (1..16)
) (
    input  wire              clk,
    input  wire              rst,

    // job: one RDMA READ request to answer
    input  wire              s_job_valid,
    output wire              s_job_ready,
    input  wire [63:0]       s_job_addr,   // host DMA address of the first byte (already translated)
    input  wire [31:0]       s_job_len,    // bytes to return, 0 .. 2^31
    input  wire [23:0]       s_job_psn,    // PSN of the first response packet (the request's PSN)
    input  wire [23:0]       s_job_msn,    // MSN for the AETH
    input  wire [2:0]        s_job_mtu,    // path MTU, IB enum: 1=256 2=512 3=1024 4=2048 5=4096
    output wire              done,         // one-cycle pulse: the last packet's last beat (or its header when len 0) was taken
    output wire              done_err,     // with done: some DMA read of the job reported an error
    output wire              busy,         // a job is in progress

    // response packet headers (header bus; rnic_resp adds the addressing fields)
    output wire [7:0]        m_hdr_opcode,
    output wire [23:0]       m_hdr_psn,
    output wire [31:0]       m_hdr_aeth,
    output wire [12:0]       m_hdr_len,    // payload bytes of this packet
    output wire              m_hdr_valid,
    input  wire              m_hdr_ready,

    // response payload (packed, len bytes per packet, tlast on each packet's last beat; none for len 0)
    output wire [DATA_W-1:0]   m_axis_pl_tdata,
    output wire [DATA_W/8-1:0] m_axis_pl_tkeep,
    output wire              m_axis_pl_tlast,
    output wire              m_axis_pl_tvalid,
    input  wire              m_axis_pl_tready,

    // DMA read client (docs/rtl-interfaces.md "Host DMA client ports")
    output wire [63:0]       m_rd_req_addr,
    output wire [15:0]       m_rd_req_len,
    output wire [TAG_W-1:0]  m_rd_req_tag,
    output wire              m_rd_req_valid,
    input  wire              m_rd_req_ready,
    input  wire [DATA_W-1:0]   s_rd_tdata,
    input  wire [DATA_W/8-1:0] s_rd_tkeep,
    input  wire              s_rd_tlast,
    input  wire              s_rd_tvalid,
    output wire              s_rd_tready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [TAG_W-1:0]  s_rd_tuser,   // unused: reads return in request order
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire              s_rd_error
);

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_rd_resp: DATA_W must be a power of two from 64 to 512");
    if (TAG_W < 1)
        $error("rnic_rd_resp: TAG_W must be at least 1");
    if (MAX_RD < 1 || MAX_RD > 16)
        $error("rnic_rd_resp: MAX_RD must be from 1 to 16");
end

// outstanding-read limit in the counter's width
localparam [4:0] RD_LIMIT = MAX_RD[4:0];

localparam [1:0] ST_IDLE = 2'd0,   // no job; s_job_ready
                 ST_HDR  = 2'd1,   // header of the current packet (waits for its first data beat)
                 ST_PL   = 2'd2;   // header taken; passing the packet's read until tlast

reg [1:0]  state_reg, state_next;

// job constants
reg [12:0] mtu_reg, mtu_next;            // path MTU in bytes
reg [23:0] msn_reg, msn_next;

// request side
reg [63:0] rq_addr_reg, rq_addr_next;    // address of the next read
reg [31:0] rq_rem_reg, rq_rem_next;      // bytes not yet requested
reg [TAG_W-1:0] rq_tag_reg, rq_tag_next;
reg [4:0]  inflight_reg, inflight_next;  // reads requested whose tlast beat was not yet taken

// packet side
reg [31:0] pk_rem_reg, pk_rem_next;      // bytes of the job not yet covered by a taken header
reg [23:0] psn_reg, psn_next;            // PSN of the current packet
reg        first_reg, first_next;        // the current packet is the job's first
reg        last_reg, last_next;          // the packet in ST_PL is the job's last
reg        armed_reg, armed_next;        // ST_HDR: the first data beat was seen, header shown
reg        err_reg, err_next;            // a beat of this job carried s_rd_error
reg        done_reg, done_next;

// MTU code to bytes; codes outside 1..5 are clamped to 256 / 4096
reg [12:0] job_mtu;
always @* begin
    case (s_job_mtu)
    3'd2:    job_mtu = 13'd512;
    3'd3:    job_mtu = 13'd1024;
    3'd4:    job_mtu = 13'd2048;
    3'd5, 3'd6, 3'd7: job_mtu = 13'd4096;
    default: job_mtu = 13'd256;
    endcase
end

// the current packet: last when the rest fits in one MTU
wire        pk_last = pk_rem_reg <= {19'd0, mtu_reg};
wire [12:0] pk_len  = pk_last ? pk_rem_reg[12:0] : mtu_reg;
wire        pk_none = pk_rem_reg == 32'd0;   // pk_len is 0 (the MTU never is), without the compare and mux

// the next read: one packet's bytes
wire        rq_short = rq_rem_reg <= {19'd0, mtu_reg};
wire [12:0] rq_len   = rq_short ? rq_rem_reg[12:0] : mtu_reg;

assign s_job_ready = (state_reg == ST_IDLE);
assign busy = (state_reg != ST_IDLE);
assign done = done_reg;
assign done_err = done_reg && err_reg;

assign m_rd_req_addr  = rq_addr_reg;
assign m_rd_req_len   = {3'd0, rq_len};
assign m_rd_req_tag   = rq_tag_reg;
assign m_rd_req_valid = (state_reg != ST_IDLE) && (rq_rem_reg != 32'd0) && (inflight_reg < RD_LIMIT);

// RC READ responses (rnic_resp puts the XRC transport bits on an XRC
// QP's); FIRST, LAST and ONLY carry an AETH: an ACK with no credit count,
// as rnic_resp's ACKs
assign m_hdr_opcode = {`RNIC_BTH_TRANSPORT_RC,
                       first_reg ? (pk_last ? `RNIC_BTH_OP_READ_RESP_ONLY : `RNIC_BTH_OP_READ_RESP_FIRST)
                                 : (pk_last ? `RNIC_BTH_OP_READ_RESP_LAST : `RNIC_BTH_OP_READ_RESP_MIDDLE)};
assign m_hdr_psn  = psn_reg;
assign m_hdr_aeth = (first_reg || pk_last) ? {`RNIC_AETH_TYPE_ACK, `RNIC_AETH_CREDIT_INVALID, msn_reg} : 32'd0;
assign m_hdr_len  = pk_len;
// len 0 only for the zero-length job's ONLY packet, which has no read
assign m_hdr_valid = (state_reg == ST_HDR) &&
                     (pk_none || armed_reg || s_rd_tvalid);

// payload: the current read passes straight through
assign m_axis_pl_tdata  = s_rd_tdata;
assign m_axis_pl_tkeep  = s_rd_tkeep;
assign m_axis_pl_tlast  = s_rd_tlast;
assign m_axis_pl_tvalid = (state_reg == ST_PL) && s_rd_tvalid;
assign s_rd_tready      = (state_reg == ST_PL) && m_axis_pl_tready;

wire job_take = s_job_valid && s_job_ready;
wire req_take = m_rd_req_valid && m_rd_req_ready;
wire hdr_take = m_hdr_valid && m_hdr_ready;
wire beat_take = s_rd_tvalid && s_rd_tready;
wire read_end = beat_take && s_rd_tlast;

always @* begin
    state_next = state_reg;
    mtu_next = mtu_reg;
    msn_next = msn_reg;
    rq_addr_next = rq_addr_reg;
    rq_rem_next = rq_rem_reg;
    rq_tag_next = rq_tag_reg;
    inflight_next = inflight_reg;
    pk_rem_next = pk_rem_reg;
    psn_next = psn_reg;
    first_next = first_reg;
    last_next = last_reg;
    armed_next = armed_reg;
    err_next = err_reg;
    done_next = 1'b0;

    // request side
    if (req_take) begin
        rq_addr_next = rq_addr_reg + {51'd0, rq_len};
        rq_rem_next = rq_rem_reg - {19'd0, rq_len};
        rq_tag_next = rq_tag_reg + 1'b1;
    end
    case ({req_take, read_end})
    2'b10: inflight_next = inflight_reg + 5'd1;
    2'b01: inflight_next = inflight_reg - 5'd1;
    default: inflight_next = inflight_reg;
    endcase

    if (beat_take && s_rd_error)
        err_next = 1'b1;

    // packet side
    case (state_reg)
    ST_IDLE: begin
        if (job_take) begin
            mtu_next = job_mtu;
            msn_next = s_job_msn;
            rq_addr_next = s_job_addr;
            rq_rem_next = s_job_len;
            pk_rem_next = s_job_len;
            psn_next = s_job_psn;
            first_next = 1'b1;
            armed_next = 1'b0;
            err_next = 1'b0;
            state_next = ST_HDR;
        end
    end
    ST_HDR: begin
        if (s_rd_tvalid)
            armed_next = 1'b1;
        if (hdr_take) begin
            pk_rem_next = pk_rem_reg - {19'd0, pk_len};
            first_next = 1'b0;
            last_next = pk_last;
            armed_next = 1'b0;
            if (pk_none) begin
                done_next = 1'b1;
                state_next = ST_IDLE;
            end else begin
                state_next = ST_PL;
            end
        end
    end
    ST_PL: begin
        if (read_end) begin
            psn_next = psn_reg + 24'd1;
            if (last_reg) begin
                done_next = 1'b1;
                state_next = ST_IDLE;
            end else begin
                state_next = ST_HDR;
            end
        end
    end
    default: state_next = ST_IDLE;
    endcase
end

always @(posedge clk) begin
    state_reg <= state_next;
    mtu_reg <= mtu_next;
    msn_reg <= msn_next;
    rq_addr_reg <= rq_addr_next;
    rq_rem_reg <= rq_rem_next;
    rq_tag_reg <= rq_tag_next;
    inflight_reg <= inflight_next;
    pk_rem_reg <= pk_rem_next;
    psn_reg <= psn_next;
    first_reg <= first_next;
    last_reg <= last_next;
    armed_reg <= armed_next;
    err_reg <= err_next;
    done_reg <= done_next;
    if (rst) begin
        state_reg <= ST_IDLE;
        mtu_reg <= 13'd256;
        msn_reg <= 24'd0;
        rq_addr_reg <= 64'd0;
        rq_rem_reg <= 32'd0;
        rq_tag_reg <= {TAG_W{1'b0}};
        inflight_reg <= 5'd0;
        pk_rem_reg <= 32'd0;
        psn_reg <= 24'd0;
        first_reg <= 1'b0;
        last_reg <= 1'b0;
        armed_reg <= 1'b0;
        err_reg <= 1'b0;
        done_reg <= 1'b0;
    end
end

endmodule

`default_nettype wire
