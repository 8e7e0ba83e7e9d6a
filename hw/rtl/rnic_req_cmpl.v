// rnic_req_cmpl: the requester's completion stage, inside rnic_req
// (docs/rtl-interfaces.md, "Requester (rnic_req) and responder (rnic_resp)";
// the protocol rules it follows are in rnic_req.v's header: RDMA READ,
// atomics, UC / UD, reliability). It owns the QPs' outstanding WQEs and
// turns what comes back into completions.
//
// What it holds:
// - The outstanding rings: OUTS_DEPTH entries per QP (contract layout
//   req_outstanding: wqe_index, first and last PSN, signaled, CQE opcode,
//   byte_len) in one RAM with one synchronous read port (at {c_qp, head});
//   each QP's head and tail (rnic_qp_val tables, read at c_qp and at the
//   WQE stage's w_qp), and the PSN after its newest entry (sent_mem).
// - Per QP, whether a READ or atomic is outstanding (rnic_qp_val) and which
//   of the two (rd_atom_mem), and its progress (contract layout req_read:
//   first / last / next expected PSN, SGE, offset, bytes, length), written
//   by the push and by the write-back after each response the scatter
//   placed.
// - The stage's FSM (C_*): it takes, in this order, a WQE-stage request
//   (w_push_valid: push a passing WQE, with UC / UD / memory operations
//   completed at once; w_err_valid: flush the QP's entries, then complete
//   the failing WQE with its error; w_rw_valid: rewind the QP for a
//   retransmission), a timer that expired (tmo_pend), else a packet of the
//   ACK input (ACK / NAK, READ RESPONSE, ATOMIC ACKNOWLEDGE). A walk from
//   the ring's head retires (ACK mode), completes with the NAK's error or
//   flushes (NAK, flush mode) entries, one CQE per signaled or failed
//   entry on m_cqe_*; C_POST then decides a go-back-N retransmission or an
//   RNR wait; a READ response or atomic ACK is placed by the scatter
//   (sc_*, pl_*: rnic_req_scatter, beside this block in rnic_req) before
//   its entry is retired.
// - The commands of a cycle to the retransmission timers (tw_*:
//   rnic_req_timer, beside this block) and what it reads of them (c_tm_rnr,
//   c_hold, c_rl, c_rpsn, c_tmo_due of c_qp; w_tm_on of w_qp; tmo_pend /
//   tmo_q).
// - The statistics pulses of what it saw and did (stat_*).
//
// What it asks of rnic_req: the QP shadows it reads at c_qp (c_rtp, c_live,
// c_xrc, c_nidx) and w_qp (w_rtp), as asynchronous reads; the send PSN,
// the rewound-head tables and the QP error flag are rnic_req's, written
// from c_push, c_rw_fire / c_rw_live / c_rw_p / rw_index / rw_first and
// c_seterr. w_qp is a register in rnic_req (its WQE stage's QP, set
// cycles before a request), so the reads at w_qp here are registered reads
// of the per-QP tables (block RAM at any QP count); synthesized on its own
// the block cannot see that, so its 16,384-QP build is checked inside
// rnic_req (make synth: rnic_req:QPN_W=14).
`default_nettype none

`include "rnic_contract.vh"

module rnic_req_cmpl #(
    parameter QPN_W = `RNIC_LOG_QPS,      // log2 of the QPs served
    parameter OUTS_DEPTH = 16             // outstanding WQEs per QP (power of two)
) (
    input  wire                            clk,
    input  wire                            rst,
    // reset sweep (every per-QP table's write port), a context write that
    // resets QP ctx_qp (its head, tail and READ busy flag go to 0)
    input  wire                            sweep_busy,
    input  wire [QPN_W-1:0]                sweep_qp,
    input  wire                            ctx_rst,
    input  wire [QPN_W-1:0]                ctx_qp,

    // WQE-stage requests (one at a time, held until w_req_ready) and the
    // fields of its WQE (QP, index, first PSN of the message, packets of a
    // rewound head skipped, last PSN, signaled, CQE opcode, length; READ:
    // SGE and offset its data starts at, bytes skipped; error completion:
    // the status)
    input  wire                            w_push_valid,
    input  wire                            w_err_valid,
    input  wire                            w_rw_valid,
    output wire                            w_req_ready,
    input  wire [QPN_W-1:0]                w_qp,
    input  wire [15:0]                     w_index,
    input  wire [23:0]                     w_psn,
    input  wire [23:0]                     w_skp,
    input  wire [23:0]                     w_last_psn,
    input  wire                            w_sig,
    input  wire [7:0]                      w_op,
    input  wire [31:0]                     w_len,
    input  wire [`RNIC_REQ_READ_SGE_W-1:0] w_rk,
    input  wire [31:0]                     w_roff,
    input  wire [31:0]                     w_skb,
    input  wire                            w_unack,     // UC, UD, RAW_PACKET: nothing acknowledges it
    input  wire                            w_local,     // a memory operation (no packet)
    input  wire                            w_rdat,      // a READ or an atomic
    input  wire                            w_atomic,
    input  wire                            w_rh,        // the rewound head of a retransmission
    input  wire [7:0]                      w_status,
    input  wire [`RNIC_REQ_RETRY_BITS-1:0] w_rtp,       // w_qp's req_retry shadow
    // w_qp's ring head and tail and READ busy flag (registered reads)
    output wire [$clog2(OUTS_DEPTH):0]     w_head,
    output wire [$clog2(OUTS_DEPTH):0]     w_tail,
    output wire                            w_rd_busy,

    // the stage's QP, and the shadows rnic_req reads for it
    output wire [QPN_W-1:0]                c_qp,
    input  wire [`RNIC_REQ_RETRY_BITS-1:0] c_rtp,
    input  wire                            c_live,      // RTS or SQD, no error flag
    input  wire                            c_xrc,       // an XRC initiator
    input  wire [15:0]                     c_nidx,      // the next WQE index the WQE stage expects
    // what rnic_req's tables take from the stage: a push (of w_qp; the send
    // PSN becomes w_last_psn + 1), a rewind of c_qp taken (live: the ring
    // had entries; the send PSN restarts at c_rw_p at the head entry's
    // index and first PSN), the QP error flag set
    output wire                            c_push,
    output wire                            c_rw_fire,
    output wire                            c_rw_live,
    output wire [23:0]                     c_rw_p,
    output wire [15:0]                     rw_index,
    output wire [23:0]                     rw_first,
    output reg                             c_seterr,

    // ACK input: header fields (rnic_req's s_ack_*)
    input  wire [7:0]                      s_ack_opcode,
    input  wire [23:0]                     s_ack_dqpn,
    input  wire [23:0]                     s_ack_psn,
    input  wire [31:0]                     s_ack_aeth,
    input  wire [63:0]                     s_ack_atomic_ack,
    input  wire [12:0]                     s_ack_len,
    input  wire                            s_ack_valid,
    output wire                            s_ack_ready,

    // retransmission timer commands for QP tw_q (rnic_req_timer's cmd_*;
    // tw_rtp its req_retry shadow, tw_rnr_code the RNR NAK's timer code),
    // c_ld2 (the stage's QP is loaded), and what the timers say
    output wire [QPN_W-1:0]                tw_q,
    output reg                             tw_arm,      // timer on, transport, deadline now + timeout (if timeout != 0)
    output reg                             tw_rnr,      // timer on, RNR wait, deadline now + RNR time of the NAK
    output reg                             tw_off,      // timer off
    output reg                             tw_rl_load,  // retries left = {retry_cnt, rnr_retry}
    output reg                             tw_rl_dec,   // one transport retry used
    output reg                             tw_rnr_dec,  // one RNR retry used (unless rnr_retry is 7)
    output reg                             tw_hold_set,
    output reg                             tw_hold_clr,
    output reg                             tw_rtx,      // a retransmission from tw_rpsn waits for the WQE stage
    output reg  [23:0]                     tw_rpsn,
    output wire [`RNIC_REQ_RETRY_BITS-1:0] tw_rtp,
    output wire [4:0]                      tw_rnr_code,
    output wire                            c_ld2,
    input  wire                            c_tm_rnr,    // c_qp's timer is an RNR wait
    input  wire                            c_hold,      // c_qp holds after a retransmission
    input  wire [5:0]                      c_rl,        // c_qp's retries left {transport, RNR}
    input  wire [23:0]                     c_rpsn,      // c_qp's restart PSN
    input  wire                            c_tmo_due,   // c_qp's timer is due
    input  wire                            w_tm_on,     // w_qp's timer runs
    input  wire                            tmo_pend,    // an expired timer waits, of QP tmo_q
    input  wire [QPN_W-1:0]                tmo_q,
    output wire                            tmo_take,    // the stage takes it

    // the scatter (rnic_req_scatter): C_ACK loads a taken response's
    // READ progress (sc_ld: sc_ld_prog, sc_ld_len bytes, sc_ld_fin: LAST /
    // ONLY / atomic) and routes its payload (pl_drop, pl_keep, pl_atom;
    // sc_atack the AtomicAckETH data); C_WALK starts the piece loop
    // (sc_start). Its answers: bytes of the response are left to place, the
    // last piece was taken, the response ends the READ (atomic), the READ's
    // last PSN, its progress after the response (written back in C_RFIN),
    // the router is idle
    output reg                             sc_ld,
    output wire [`RNIC_REQ_READ_BITS-1:0]  sc_ld_prog,
    output wire [12:0]                     sc_ld_len,
    output wire                            sc_ld_fin,
    output reg                             sc_start,
    output reg                             pl_drop,
    output reg                             pl_keep,
    output reg                             pl_atom,
    output wire [63:0]                     sc_atack,
    input  wire                            sc_left,
    input  wire                            sc_done,
    input  wire                            sc_fin,
    input  wire [23:0]                     sc_last,
    input  wire [`RNIC_REQ_READ_BITS-1:0]  sc_prog,
    input  wire                            sc_pl_idle,

    // completions (rnic_req's m_cqe_*; the CQ number is rnic_req's, of c_qp)
    output wire                            m_cqe_valid,
    input  wire                            m_cqe_ready,
    output wire [`RNIC_CQE_BITS-1:0]       m_cqe_data,
    // the rewind of c_qp to WQE m_rw_index (rnic_req's m_rw_*)
    output wire                            m_rw_valid,
    input  wire                            m_rw_ready,
    output wire [15:0]                     m_rw_index,

    output wire                            stat_ack_drop,
    output wire                            stat_nak_seq,
    output wire                            stat_nak_rnr,
    output wire                            stat_retrans,
    output wire                            stat_timeout,
    output wire                            stat_retry_exc
);

localparam QPS = 1 << QPN_W;
localparam OW = $clog2(OUTS_DEPTH);

`include "rnic_psn.vh"

// outstanding ring (contract layout req_outstanding), the PSN after each
// QP's newest entry, READ / atomic progress (contract layout req_read)
reg [`RNIC_REQ_OUTSTANDING_BITS-1:0] ring_mem [0:QPS*OUTS_DEPTH-1];
wire [OW:0]     c_head_rd, c_tail_rd;      // head and tail of c_qp (tables below)
reg [23:0]      sent_mem [0:QPS-1];
wire            c_rd_busy, c_rd_atom;
reg             rd_atom_mem [0:QPS-1];
reg [`RNIC_REQ_READ_BITS-1:0] rdst_mem [0:QPS-1];
wire [`RNIC_REQ_READ_BITS-1:0] c_rd;

localparam [3:0] C_IDLE  = 4'd0,   // take a WQE-stage request, else a timeout, else an ACK / response
                 C_ACK   = 4'd1,   // classify the ACK / response packet
                 C_WALK  = 4'd2,   // retire / complete ring entries from the head
                 C_FINAL = 4'd3,   // the error completion of the WQE-stage request
                 C_SCAT  = 4'd4,   // READ response / atomic ACK: the scatter places the data
                 C_RFIN  = 4'd5,   // READ response / atomic ACK: write progress back, complete on LAST/ONLY
                 C_TMO   = 4'd6,   // a timer of the QP expired
                 C_RW    = 4'd7,   // rewind the QP for a retransmission (WQE-stage request)
                 C_POST  = 4'd8,   // after an ACK walk: retransmit, or wait for the RNR timer
                 C_LD1   = 4'd9,   // c_qp or its head changed: its head and tail are read
                 C_LD2   = 4'd10;  // its head entry is read; then on to c_tgt
localparam [1:0] M_ACK = 2'd0, M_NAK = 2'd1, M_FLUSH = 2'd2;
// what follows an ACK-mode walk (C_POST): nothing; a sequence retransmission
// from c_ppsn (PSN sequence NAK, a READ response past a missing one); an
// RNR wait (RNR NAK); for an ACK, a retransmission if it covers a READ or
// atomic whose response has not come (the response was lost)
localparam [1:0] A_NONE = 2'd0, A_SEQ = 2'd1, A_RNR = 2'd2, A_ACK = 2'd3;

reg [3:0]       c_state_reg, c_state_next;
reg [3:0]       c_tgt_reg, c_tgt_next;        // the state C_LD2 goes on to
reg [1:0]       c_after_reg, c_after_next;
reg [23:0]      c_ppsn_reg, c_ppsn_next;      // the NAK's PSN: where a retransmission starts
reg [1:0]       c_mode_reg, c_mode_next;
reg [QPN_W-1:0] c_qp_reg, c_qp_next;
reg [23:0]      c_psn_reg, c_psn_next;
reg [7:0]       c_nak_status_reg, c_nak_status_next;
reg             c_nak_hit_reg, c_nak_hit_next;
reg             c_rdok_reg, c_rdok_next;      // this ACK-mode walk may retire a READ / atomic entry
reg             c_scat_reg, c_scat_next;      // after the walk: scatter the READ response / atomic data
reg [7:0]       a_opcode_reg, a_opcode_next;
reg [23:0]      a_dqpn_reg, a_dqpn_next;
reg [31:0]      a_aeth_reg, a_aeth_next;
reg [12:0]      a_len_reg, a_len_next;
reg             a_xrc_reg, a_xrc_next;        // the response had the XRC transport bits (101)
reg [63:0]      a_atack_reg, a_atack_next;    // AtomicAckETH original remote data
reg             stat_ack_drop_reg, stat_ack_drop_next;
reg             stat_nak_seq_reg, stat_nak_seq_next;
reg             stat_nak_rnr_reg, stat_nak_rnr_next;
reg             stat_retrans_reg, stat_timeout_reg, stat_timeout_next, stat_retry_exc_reg, stat_retry_exc_next;

// The ring of c_qp: its head and tail are registered from c_qp (ch_reg,
// ct_reg), its head entry read synchronously at {c_qp, head} a cycle
// earlier, from the head table's read (ce_rd, one read port: block RAM or
// URAM), and registered again (ce_reg: at 16,384 QPs the ring is 96 URAMs
// whose output multiplexer alone takes four LUT levels). Whenever c_qp or
// its head changes (C_IDLE taking work, a pop in C_WALK) the stage passes
// C_LD1 and C_LD2 before it looks at them; nothing else moves them while it
// is busy (pushes and rewinds are its own, in C_IDLE and C_RW).
reg [OW:0]      ch_reg, ct_reg;
reg [`RNIC_REQ_OUTSTANDING_BITS-1:0] ce_rd, ce_reg;
wire [OW:0] c_head = ch_reg;
wire [OW:0] c_tail = ct_reg;
wire c_empty = (c_head == c_tail);
wire [`RNIC_REQ_OUTSTANDING_BITS-1:0] c_ent = ce_reg;
wire [15:0] ce_index = c_ent[`RNIC_REQ_OUTSTANDING_WQE_INDEX_LSB +: `RNIC_REQ_OUTSTANDING_WQE_INDEX_W];
wire [23:0] ce_first = c_ent[`RNIC_REQ_OUTSTANDING_FIRST_PSN_LSB +: `RNIC_REQ_OUTSTANDING_FIRST_PSN_W];
wire [23:0] ce_last  = c_ent[`RNIC_REQ_OUTSTANDING_LAST_PSN_LSB +: `RNIC_REQ_OUTSTANDING_LAST_PSN_W];
wire        ce_sig   = c_ent[`RNIC_REQ_OUTSTANDING_SIGNALED_LSB];
wire [7:0]  ce_op    = c_ent[`RNIC_REQ_OUTSTANDING_OPCODE_LSB +: `RNIC_REQ_OUTSTANDING_OPCODE_W];
wire [31:0] ce_len   = c_ent[`RNIC_REQ_OUTSTANDING_BYTE_LEN_LSB +: `RNIC_REQ_OUTSTANDING_BYTE_LEN_W];
// a READ or atomic entry: only its response retires it
wire        ce_rdat  = ce_op == `RNIC_CQE_OP_REQ_RDMA_READ || ce_op == `RNIC_CQE_OP_REQ_ATOMIC_CS ||
                       ce_op == `RNIC_CQE_OP_REQ_ATOMIC_FA;
wire [23:0] c_sent = sent_mem[c_qp_reg];

// reliability state of c_qp
wire        c_rnr_inf = c_rtp[`RNIC_REQ_RETRY_RNR_RETRY_LSB +: `RNIC_REQ_RETRY_RNR_RETRY_W] == 3'd7;   // retry forever

wire c_in_idle = (c_state_reg == C_IDLE);
// A push is taken after a cycle in C_IDLE: the ring and timer of its QP,
// read the cycle before into c_arm_pre_reg (its ring is empty and its timer
// off: the push starts the timer), are then what the stage left them (only
// a push writes them in C_IDLE, and pushes are never back to back)
reg  c_idle_prev_reg, c_arm_pre_reg;
always @(posedge clk) begin
    c_idle_prev_reg <= c_in_idle && !rst;
    c_arm_pre_reg <= w_head == w_tail && !w_tm_on;
end
assign c_push = c_in_idle && w_push_valid && c_idle_prev_reg;
assign tmo_take = c_in_idle && !w_push_valid && !w_err_valid && !w_rw_valid && tmo_pend;
assign s_ack_ready = c_in_idle && !w_push_valid && !w_err_valid && !w_rw_valid && !tmo_pend &&
                     sc_pl_idle && !sweep_busy;
wire c_ack_fire = s_ack_valid && s_ack_ready;

// AETH syndrome: its type (aeth_type) and 5-bit value (NAK code, RNR timer)
wire [2:0]  a_syn = a_aeth_reg[31:29];
wire [4:0]  a_code = a_aeth_reg[28:24];
// the head entry's completion in C_WALK
wire c_covered = psn_le(ce_last, c_psn_reg);                        // last PSN at or before p
wire c_before  = c_covered && ce_last != c_psn_reg;                 // strictly before p
reg  [7:0] c_status;
reg        c_stop;          // ACK mode: head entry not yet acknowledged
always @* begin
    c_status = `RNIC_WC_STATUS_SUCCESS;
    c_stop = 1'b0;
    case (c_mode_reg)
    M_ACK:   c_stop = !c_covered || (ce_rdat && !c_rdok_reg);   // only its (last) response retires a READ / atomic
    // a NAK acknowledges the entries before its PSN, except a READ or
    // atomic: only its response completes it, and a NAK past it means the
    // response was lost: it takes the NAK's status
    M_NAK:   c_status = (c_before && !ce_rdat) ? `RNIC_WC_STATUS_SUCCESS :
                        (c_nak_hit_reg ? `RNIC_WC_STATUS_WR_FLUSH_ERR : c_nak_status_reg);
    default: c_status = `RNIC_WC_STATUS_WR_FLUSH_ERR;
    endcase
end
wire c_walk = (c_state_reg == C_WALK) && !c_empty && !c_stop;
wire c_walk_cqe = c_walk && (ce_sig || c_status != `RNIC_WC_STATUS_SUCCESS);
wire c_final = (c_state_reg == C_FINAL);
wire c_pop = c_walk && (!c_walk_cqe || m_cqe_ready);
assign c_rw_fire = (c_state_reg == C_RW) && m_rw_ready;
assign tw_q = c_push ? w_qp : c_qp_reg;
assign tw_rtp = c_push ? w_rtp : c_rtp;
assign w_req_ready = c_push || (c_final && m_cqe_ready) || c_rw_fire;

// CQE: wqe_index, opcode, status, qpn, byte_len; the writer sets owner
reg [`RNIC_CQE_BITS-1:0] cqe;
always @* begin
    cqe = {`RNIC_CQE_BITS{1'b0}};
    cqe[`RNIC_CQE_WQE_INDEX_LSB +: `RNIC_CQE_WQE_INDEX_W] = c_final ? w_index : ce_index;
    cqe[`RNIC_CQE_OPCODE_LSB +: `RNIC_CQE_OPCODE_W] = c_final ? w_op : ce_op;
    cqe[`RNIC_CQE_STATUS_LSB +: `RNIC_CQE_STATUS_W] = c_final ? w_status : c_status;
    cqe[`RNIC_CQE_QPN_LSB +: `RNIC_CQE_QPN_W] = {{(24-QPN_W){1'b0}}, c_qp_reg};
    cqe[`RNIC_CQE_BYTE_LEN_LSB +: `RNIC_CQE_BYTE_LEN_W] = c_final ? w_len : ce_len;
end
assign m_cqe_valid = c_walk_cqe || c_final;
assign m_cqe_data = cqe;

// is the ACK's PSN inside [first PSN of the head entry, newest PSN sent]?
wire c_psn_outstanding = !c_empty && psn_le(ce_first, c_psn_reg) && psn_le(c_psn_reg, c_sent - 24'd1);

// the outstanding entry the push writes, and the READ progress the push
// (w_rd) or the write-back (sc_prog) writes
wire [`RNIC_REQ_OUTSTANDING_BITS-1:0] w_ent;
assign w_ent[`RNIC_REQ_OUTSTANDING_WQE_INDEX_LSB +: `RNIC_REQ_OUTSTANDING_WQE_INDEX_W] = w_index;
assign w_ent[`RNIC_REQ_OUTSTANDING_FIRST_PSN_LSB +: `RNIC_REQ_OUTSTANDING_FIRST_PSN_W] = w_psn - w_skp;
assign w_ent[`RNIC_REQ_OUTSTANDING_LAST_PSN_LSB +: `RNIC_REQ_OUTSTANDING_LAST_PSN_W] = w_last_psn;
assign w_ent[`RNIC_REQ_OUTSTANDING_SIGNALED_LSB +: `RNIC_REQ_OUTSTANDING_SIGNALED_W] = w_sig;
assign w_ent[`RNIC_REQ_OUTSTANDING_OPCODE_LSB +: `RNIC_REQ_OUTSTANDING_OPCODE_W] = w_op;
assign w_ent[`RNIC_REQ_OUTSTANDING_BYTE_LEN_LSB +: `RNIC_REQ_OUTSTANDING_BYTE_LEN_W] = w_len;
wire [`RNIC_REQ_READ_BITS-1:0] w_rd;
assign w_rd[`RNIC_REQ_READ_FIRST_PSN_LSB +: `RNIC_REQ_READ_FIRST_PSN_W] = w_psn;
assign w_rd[`RNIC_REQ_READ_LAST_PSN_LSB +: `RNIC_REQ_READ_LAST_PSN_W] = w_last_psn;
assign w_rd[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: `RNIC_REQ_READ_EXPECTED_PSN_W] = w_psn;
assign w_rd[`RNIC_REQ_READ_SGE_LSB +: `RNIC_REQ_READ_SGE_W] = w_rk;
assign w_rd[`RNIC_REQ_READ_OFFSET_LSB +: `RNIC_REQ_READ_OFFSET_W] = w_roff;
assign w_rd[`RNIC_REQ_READ_BYTES_LSB +: `RNIC_REQ_READ_BYTES_W] = w_skb;
assign w_rd[`RNIC_REQ_READ_LENGTH_LSB +: `RNIC_REQ_READ_LENGTH_W] = w_len;

// READ response / ATOMIC ACKNOWLEDGE classification (C_ACK): the QP's READ
// (atomic) progress
assign c_rd = rdst_mem[c_qp_reg];
wire [23:0] cr_first = c_rd[`RNIC_REQ_READ_FIRST_PSN_LSB +: `RNIC_REQ_READ_FIRST_PSN_W];
wire [23:0] cr_last  = c_rd[`RNIC_REQ_READ_LAST_PSN_LSB +: `RNIC_REQ_READ_LAST_PSN_W];
wire [23:0] cr_epsn  = c_rd[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: `RNIC_REQ_READ_EXPECTED_PSN_W];
wire [31:0] cr_bytes = c_rd[`RNIC_REQ_READ_BYTES_LSB +: `RNIC_REQ_READ_BYTES_W];
wire [31:0] cr_total = c_rd[`RNIC_REQ_READ_LENGTH_LSB +: `RNIC_REQ_READ_LENGTH_W];
// the response's opcode (an XRC one is latched as its RC twin)
wire a_rc = a_opcode_reg[7:5] == `RNIC_BTH_TRANSPORT_RC;
wire [4:0] a_op = a_opcode_reg[4:0];
wire a_rresp = a_rc && a_op >= `RNIC_BTH_OP_READ_RESP_FIRST && a_op <= `RNIC_BTH_OP_READ_RESP_ONLY;
wire a_rfirst = a_rc && (a_op == `RNIC_BTH_OP_READ_RESP_FIRST || a_op == `RNIC_BTH_OP_READ_RESP_ONLY);
wire a_rend = a_rc && (a_op == `RNIC_BTH_OP_READ_RESP_LAST || a_op == `RNIC_BTH_OP_READ_RESP_ONLY);
wire a_atack = a_rc && a_op == `RNIC_BTH_OP_ATOMIC_ACK;
// the next expected response of the QP's outstanding READ, in an opcode that
// fits its position (FIRST/ONLY at the READ's first PSN, MIDDLE/LAST after)
wire c_rd_match = a_dqpn_reg < QPS && c_rd_busy && !c_rd_atom &&
                  c_psn_reg == cr_epsn && psn_le(cr_epsn, cr_last) && (a_rfirst == (cr_epsn == cr_first));
// the ATOMIC ACKNOWLEDGE of the QP's outstanding atomic: at its PSN, no payload
wire c_at_match = a_dqpn_reg < QPS && c_rd_busy && c_rd_atom &&
                  c_psn_reg == cr_epsn && a_len_reg == 13'd0;
wire [32:0] c_rd_new = {1'b0, cr_bytes} + {20'd0, a_len_reg};
// a READ response past the next expected one: the ones between were lost
wire c_rd_ahead = a_dqpn_reg < QPS && c_rd_busy && !c_rd_atom && a_rresp &&
                  psn_le(cr_epsn + 24'd1, c_psn_reg) && psn_le(c_psn_reg, cr_last);
// where a retransmission of the head entry starts: a READ at its next
// expected response (the data before it is placed), anything else at its
// first PSN
wire [23:0] c_rd_p = (ce_rdat && c_rd_busy && psn_le(ce_first, cr_epsn) && psn_le(cr_epsn, ce_last)) ?
                     cr_epsn : ce_first;
// the rewind (C_RW): a live QP with entries restarts at the head entry, at
// the retransmission PSN if the head still holds it; otherwise the fetch
// engine goes back to the next WQE the WQE stage expects (WQEs it dropped
// while the retransmission waited come again)
assign c_rw_live = !c_empty && c_live;
// after a retransmission from c_rpsn, a NAK (or a missing READ response, or
// an ACK) at or before that PSN says nothing new: it was sent before the
// retransmission arrived, and is ignored; one past it is a new loss
wire c_stale = c_hold &&
               psn_le(c_after_reg == A_SEQ ? c_ppsn_reg : c_psn_reg, c_rpsn);
assign c_rw_p = (psn_le(c_rpsn, ce_first) || !psn_le(c_rpsn, ce_last)) ? ce_first : c_rpsn;
assign m_rw_valid = (c_state_reg == C_RW);
assign m_rw_index = c_rw_live ? ce_index : c_nidx;
wire c_rd_lenerr = c_rd_new > {1'b0, cr_total} ||
                   (a_rend && c_rd_new != {1'b0, cr_total}) ||
                   (!a_rend && cr_epsn == cr_last);
// registered in C_LD2, the cycle before C_ACK uses it, so that the sum and
// its compares do not sit in front of C_ACK's decision: the READ state and
// the packet's fields do not change in between (rdst_mem is written only by
// C_IDLE's push and C_RFIN; a_* only in C_IDLE)
reg c_rd_lenerr_reg;
always @(posedge clk)
    if (c_state_reg == C_LD2)
        c_rd_lenerr_reg <= c_rd_lenerr;
`ifndef SYNTHESIS
always @(posedge clk)
    if (!rst && c_state_reg == C_ACK && c_rd_lenerr_reg != c_rd_lenerr)
        $error("rnic_req_cmpl: the READ length check registered in C_LD2 disagrees with C_ACK's");
`endif


// no retry left: the head WQE completes with this status, the QP's error
// flag goes up, the entries behind it are flushed (a NAK-mode walk)
task retries_out;
    input [7:0] status;
    begin
        c_mode_next = M_NAK;
        c_psn_next = ce_first;
        c_nak_status_next = status;
        c_seterr = 1'b1;
        stat_retry_exc_next = 1'b1;
        c_state_next = C_WALK;
    end
endtask
// go back N: one transport retry used, a retransmission from rpsn waits for
// the WQE stage, the QP holds until progress
task resend;
    input [23:0] rpsn;
    begin
        tw_rl_dec = 1'b1;
        tw_hold_set = 1'b1;
        tw_rtx = 1'b1;
        tw_rpsn = rpsn;
    end
endtask

always @* begin
    c_state_next = c_state_reg;
    c_tgt_next = c_tgt_reg;
    c_after_next = c_after_reg;
    c_ppsn_next = c_ppsn_reg;
    tw_arm = 1'b0;
    tw_rnr = 1'b0;
    tw_off = 1'b0;
    tw_rl_load = 1'b0;
    tw_rl_dec = 1'b0;
    tw_rnr_dec = 1'b0;
    tw_hold_set = 1'b0;
    tw_hold_clr = 1'b0;
    tw_rtx = 1'b0;
    tw_rpsn = c_ppsn_reg;
    stat_timeout_next = 1'b0;
    stat_retry_exc_next = 1'b0;
    c_mode_next = c_mode_reg;
    c_qp_next = c_qp_reg;
    c_psn_next = c_psn_reg;
    c_nak_status_next = c_nak_status_reg;
    c_nak_hit_next = c_nak_hit_reg;
    c_rdok_next = c_rdok_reg;
    c_scat_next = c_scat_reg;
    a_opcode_next = a_opcode_reg;
    a_dqpn_next = a_dqpn_reg;
    a_aeth_next = a_aeth_reg;
    a_len_next = a_len_reg;
    a_xrc_next = a_xrc_reg;
    a_atack_next = a_atack_reg;
    sc_ld = 1'b0;
    sc_start = 1'b0;
    pl_drop = 1'b0;
    pl_keep = 1'b0;
    pl_atom = 1'b0;
    stat_ack_drop_next = 1'b0;
    stat_nak_seq_next = 1'b0;
    stat_nak_rnr_next = 1'b0;
    c_seterr = 1'b0;
    case (c_state_reg)
    C_IDLE: begin
        c_scat_next = 1'b0;
        if (w_push_valid) begin
            // (taken once c_idle_prev_reg is up: c_push)
            if (c_idle_prev_reg)
                c_qp_next = w_qp;    // the push itself is written below
            // the first outstanding entry starts the timer, with retries
            // full (not the rewound head of a retransmission: that one
            // used a retry)
            if (c_idle_prev_reg && !w_unack && !w_local && c_arm_pre_reg) begin
                tw_arm = 1'b1;
                tw_rl_load = !w_rh;
            end
            if (c_idle_prev_reg && (w_unack || w_local)) begin
                // UC, UD: complete it at once (its packets are handed to the
                // TX arbiter and its data read): walk up to its last PSN;
                // a memory operation (no packet; every earlier WQE of the
                // QP completed) likewise
                c_mode_next = M_ACK;
                c_psn_next = w_last_psn;
                c_rdok_next = 1'b0;
                c_tgt_next = C_WALK;
                c_state_next = C_LD1;
            end
        end else if (w_err_valid) begin
            c_qp_next = w_qp;
            c_mode_next = M_FLUSH;
            c_after_next = A_NONE;
            c_tgt_next = C_WALK;
            c_state_next = C_LD1;
        end else if (w_rw_valid) begin
            c_qp_next = w_qp;
            c_tgt_next = C_RW;
            c_state_next = C_LD1;
        end else if (tmo_pend) begin
            c_qp_next = tmo_q;
            c_tgt_next = C_TMO;
            c_state_next = C_LD1;
        end else if (c_ack_fire) begin
            // an XRC response (101) is handled as its RC twin, for an XRC
            // initiator only (C_ACK drops a transport its QP does not use)
            a_opcode_next = (s_ack_opcode[7:5] == `RNIC_BTH_TRANSPORT_XRC) ?
                            {`RNIC_BTH_TRANSPORT_RC, s_ack_opcode[4:0]} : s_ack_opcode;
            a_xrc_next = s_ack_opcode[7:5] == `RNIC_BTH_TRANSPORT_XRC;
            a_dqpn_next = s_ack_dqpn;
            a_aeth_next = s_ack_aeth;
            a_len_next = s_ack_len;
            a_atack_next = s_ack_atomic_ack;
            c_psn_next = s_ack_psn;
            c_qp_next = s_ack_dqpn[QPN_W-1:0];
            c_tgt_next = C_ACK;
            c_state_next = C_LD1;
        end
    end
    C_ACK: begin
        c_nak_hit_next = 1'b0;
        c_rdok_next = 1'b0;
        c_after_next = A_NONE;
        c_state_next = C_IDLE;
        if (a_len_reg != 13'd0)
            pl_drop = 1'b1;              // unless scattered below
        if (a_dqpn_reg < QPS && a_xrc_reg != c_xrc) begin
            // an XRC response for an RC QP, or an RC one for an XRC QP
            stat_ack_drop_next = 1'b1;
        end else if (a_rresp || a_atack) begin
            if (a_atack ? !c_at_match : !c_rd_match) begin
                // no READ (atomic) outstanding, not the next expected PSN,
                // an opcode out of place, or an ATOMIC ACKNOWLEDGE with a
                // payload: dropped. A READ response past the expected one
                // says the ones between were lost: the entries before the
                // READ are done (as for an ACK), then the READ is asked
                // again from its next expected response (C_POST)
                stat_ack_drop_next = 1'b1;
                if (c_rd_ahead) begin
                    c_mode_next = M_ACK;
                    c_psn_next = cr_epsn - 24'd1;
                    c_after_next = A_SEQ;
                    c_ppsn_next = cr_epsn;
                    c_state_next = C_WALK;
                end
            end else if (a_rresp && c_rd_lenerr_reg) begin
                // more data than the READ asked for, or less at its end:
                // complete the READ with LOC_LEN_ERR (entries before it
                // succeed, entries after it are flushed), nothing written
                c_mode_next = M_NAK;
                c_psn_next = cr_first;
                c_nak_status_next = `RNIC_WC_STATUS_LOC_LEN_ERR;
                c_seterr = 1'b1;
                c_state_next = C_WALK;
            end else begin
                // retire the entries before the READ (atomic), then scatter
                // the payload (the 8 bytes of the AtomicAckETH: an atomic
                // is done like a READ RESPONSE ONLY of 8 bytes)
                sc_ld = 1'b1;
                if (a_atack)
                    pl_atom = 1'b1;
                else if (a_len_reg != 13'd0)
                    pl_keep = 1'b1;
                c_mode_next = M_ACK;
                c_psn_next = cr_first - 24'd1;
                c_scat_next = 1'b1;
                c_state_next = C_WALK;
            end
        end else if (!(a_rc && a_op == `RNIC_BTH_OP_ACK) || a_dqpn_reg >= QPS || !c_psn_outstanding) begin
            // other opcodes, unknown QPs, PSNs not outstanding
            stat_ack_drop_next = 1'b1;
        end else if (a_syn == `RNIC_AETH_TYPE_ACK) begin
            c_mode_next = M_ACK;
            c_after_next = A_ACK;
            c_state_next = C_WALK;
        end else if (a_syn == `RNIC_AETH_TYPE_NAK &&
                     a_code >= `RNIC_AETH_NAK_INV_REQ && a_code <= `RNIC_AETH_NAK_REM_OP_ERR) begin
            c_mode_next = M_NAK;
            c_nak_status_next = (a_code == `RNIC_AETH_NAK_INV_REQ) ? `RNIC_WC_STATUS_REM_INV_REQ_ERR :
                                (a_code == `RNIC_AETH_NAK_REM_ACCESS_ERR) ? `RNIC_WC_STATUS_REM_ACCESS_ERR :
                                                                          `RNIC_WC_STATUS_REM_OP_ERR;
            c_seterr = 1'b1;
            c_state_next = C_WALK;
        end else if (a_syn == `RNIC_AETH_TYPE_NAK && a_code == `RNIC_AETH_NAK_PSN_SEQ_ERR) begin
            // PSN sequence error NAK (IBA 9.7.5.2.2): the packets before its
            // PSN arrived (retire the entries before it as an ACK would),
            // then go back N to it (C_POST)
            stat_nak_seq_next = 1'b1;
            c_mode_next = M_ACK;
            c_psn_next = c_psn_reg - 24'd1;
            c_after_next = A_SEQ;
            c_ppsn_next = c_psn_reg;
            c_state_next = C_WALK;
        end else if (a_syn == `RNIC_AETH_TYPE_RNR_NAK) begin
            // RNR NAK: likewise, then wait the RNR time and resend from its PSN
            stat_nak_rnr_next = 1'b1;
            c_mode_next = M_ACK;
            c_psn_next = c_psn_reg - 24'd1;
            c_after_next = A_RNR;
            c_ppsn_next = c_psn_reg;
            c_state_next = C_WALK;
        end else begin
            stat_ack_drop_next = 1'b1;
        end
    end
    C_WALK: begin
        if (c_empty || c_stop) begin
            if (c_mode_reg == M_FLUSH)
                c_state_next = C_FINAL;
            else if (c_scat_reg && sc_left) begin
                sc_start = 1'b1;
                c_state_next = C_SCAT;
            end else if (c_scat_reg)
                c_state_next = C_RFIN;
            else if (c_after_reg != A_NONE && c_mode_reg == M_ACK)
                c_state_next = C_POST;
            else
                c_state_next = C_IDLE;
        end else if (c_pop) begin
            // the next entry: read the new head first
            if (c_mode_reg == M_NAK && !c_before)
                c_nak_hit_next = 1'b1;
            c_tgt_next = C_WALK;
            c_state_next = C_LD1;
        end
        // an entry retired by an ACK or its response is progress: retries
        // full again, the hold ends, the timer restarts (stops once the
        // ring is empty); an RNR wait keeps its deadline
        if (c_pop && c_mode_reg == M_ACK) begin
            tw_rl_load = 1'b1;
            tw_hold_clr = 1'b1;
            if (!c_tm_rnr) begin
                if (c_head + 1'b1 == c_tail)
                    tw_off = 1'b1;
                else
                    tw_arm = 1'b1;
            end
        end
    end
    C_POST: begin
        c_state_next = C_IDLE;
        c_after_next = A_NONE;
        c_nak_hit_next = 1'b0;
        if (!c_empty && c_live) begin
            if (c_after_reg == A_RNR) begin
                // RNR NAK (IBA 9.7.5.2.8): wait the time its code names, then
                // resend from its PSN; rnr_retry 7 retries forever
                if (c_rl[2:0] == 3'd0 && !c_rnr_inf) begin
                    retries_out(`RNIC_WC_STATUS_RNR_RETRY_EXC_ERR);
                    tw_off = 1'b1;
                end else begin
                    tw_rnr = 1'b1;
                    tw_rnr_dec = !c_rnr_inf;
                    tw_hold_set = 1'b1;
                    tw_rpsn = c_ppsn_reg;
                end
            end else if (!c_stale && (c_after_reg == A_SEQ || (ce_rdat && c_covered))) begin
                // go back N: a sequence NAK, a missing READ response, or an
                // ACK past a READ / atomic whose response never came
                tw_off = 1'b1;
                if (c_rl[5:3] == 3'd0)
                    retries_out(`RNIC_WC_STATUS_RETRY_EXC_ERR);
                else
                    resend((c_after_reg == A_SEQ) ? c_ppsn_reg : c_rd_p);
            end
        end
    end
    C_TMO: begin
        c_state_next = C_IDLE;
        c_after_next = A_NONE;
        c_nak_hit_next = 1'b0;
        if (c_tmo_due) begin
            tw_off = 1'b1;
            if (c_empty) begin
                // nothing outstanding any more
            end else if (!c_live) begin
                // the QP left RTS/SQD (ERR, or the error flag): its
                // outstanding entries are flushed, in order
                c_mode_next = M_NAK;
                c_psn_next = ce_first - 24'd1;
                c_nak_status_next = `RNIC_WC_STATUS_WR_FLUSH_ERR;
                c_state_next = C_WALK;
            end else if (c_tm_rnr) begin
                // the RNR wait is over: resend
                tw_rtx = 1'b1;
                tw_rpsn = c_rpsn;
            end else begin
                // local ACK timeout (IBA 9.7.6.1.3): resend from the head,
                // or give up when retry_cnt retries went unanswered
                stat_timeout_next = 1'b1;
                if (c_rl[5:3] == 3'd0)
                    retries_out(`RNIC_WC_STATUS_RETRY_EXC_ERR);
                else
                    resend(c_rd_p);
            end
        end
    end
    C_RW: begin
        // m_rw_valid is up; when the fetch engine takes it the tables are
        // written (below) and the WQE stage goes on; the timer restarts
        if (m_rw_ready) begin
            tw_arm = c_rw_live;
            c_state_next = C_IDLE;
        end
    end
    C_FINAL: begin
        if (m_cqe_ready)
            c_state_next = C_IDLE;
    end
    C_LD1: begin
        c_state_next = C_LD2;
    end
    C_LD2: begin
        c_state_next = c_tgt_reg;
    end
    C_SCAT: begin
        if (sc_done)
            c_state_next = C_RFIN;
    end
    C_RFIN: begin
        // progress is written back (below); every DMA write request of the
        // READ's (atomic's) data has been accepted, so LAST/ONLY (the
        // ATOMIC ACKNOWLEDGE) may retire it now
        c_scat_next = 1'b0;
        if (sc_fin) begin
            c_mode_next = M_ACK;
            c_psn_next = sc_last;
            c_rdok_next = 1'b1;
            c_state_next = C_WALK;
        end else begin
            // a response placed is progress (the walk of LAST/ONLY is too)
            tw_rl_load = 1'b1;
            tw_hold_clr = 1'b1;
            tw_arm = !c_tm_rnr;
            c_state_next = C_IDLE;
        end
    end
    default: c_state_next = C_IDLE;
    endcase
end

assign c_qp = c_qp_reg;
assign rw_index = ce_index;
assign rw_first = ce_first;
assign tw_rnr_code = a_code;
assign c_ld2 = (c_state_reg == C_LD2);
assign sc_ld_prog = c_rd;
assign sc_ld_len = a_atack ? 13'd8 : a_len_reg;
assign sc_ld_fin = a_atack || a_rend;
assign sc_atack = a_atack_reg;
assign stat_ack_drop = stat_ack_drop_reg;
assign stat_nak_seq = stat_nak_seq_reg;
assign stat_nak_rnr = stat_nak_rnr_reg;
assign stat_retrans = stat_retrans_reg;
assign stat_timeout = stat_timeout_reg;
assign stat_retry_exc = stat_retry_exc_reg;

// ---------------------------------------------------------------------------
// Registers and tables
// ---------------------------------------------------------------------------

always @(posedge clk) begin
    c_state_reg <= c_state_next;
    c_tgt_reg <= c_tgt_next;
    ch_reg <= c_head_rd;
    ct_reg <= c_tail_rd;
    ce_rd <= ring_mem[{c_qp_reg, c_head_rd[OW-1:0]}];
    ce_reg <= ce_rd;
    c_after_reg <= c_after_next;
    c_ppsn_reg <= c_ppsn_next;
    stat_retrans_reg <= c_rw_fire && c_rw_live;
    stat_timeout_reg <= stat_timeout_next;
    stat_retry_exc_reg <= stat_retry_exc_next;
    c_mode_reg <= c_mode_next;
    c_qp_reg <= c_qp_next;
    c_psn_reg <= c_psn_next;
    c_nak_status_reg <= c_nak_status_next;
    c_nak_hit_reg <= c_nak_hit_next;
    c_rdok_reg <= c_rdok_next;
    c_scat_reg <= c_scat_next;
    a_opcode_reg <= a_opcode_next;
    a_dqpn_reg <= a_dqpn_next;
    a_aeth_reg <= a_aeth_next;
    a_len_reg <= a_len_next;
    a_xrc_reg <= a_xrc_next;
    a_atack_reg <= a_atack_next;
    stat_ack_drop_reg <= stat_ack_drop_next;
    stat_nak_seq_reg <= stat_nak_seq_next;
    stat_nak_rnr_reg <= stat_nak_rnr_next;

    // outstanding ring (the entry of a rewound head keeps its original
    // first PSN); a rewind truncates the QP's ring to its head. The reset
    // sweep owns the per-QP tables' write ports (nothing else writes them
    // while it runs).
    if (sweep_busy) begin
        sent_mem[sweep_qp] <= 24'd0;
    end else if (c_push) begin
        ring_mem[{w_qp, w_tail[OW-1:0]}] <= w_ent;
        sent_mem[w_qp] <= w_last_psn + 24'd1;
    end else if (c_rw_fire && c_rw_live) begin
        sent_mem[c_qp_reg] <= c_rw_p;
    end
    // READ progress: one write port, the push (C_IDLE) or the write-back (C_RFIN)
    if (sweep_busy)
        rdst_mem[sweep_qp] <= {`RNIC_REQ_READ_BITS{1'b0}};
    else if (c_push && w_rdat)
        rdst_mem[w_qp] <= w_rd;
    else if (c_state_reg == C_RFIN)
        rdst_mem[c_qp_reg] <= sc_prog;
    // which of the two is outstanding (the READ busy flag: rd_busy below)
    if (sweep_busy)
        rd_atom_mem[sweep_qp] <= 1'b0;
    else if (c_push && w_rdat)
        rd_atom_mem[w_qp] <= w_atomic;

    if (rst) begin
        c_state_reg <= C_IDLE;
        c_nak_hit_reg <= 1'b0;
        c_scat_reg <= 1'b0;
        stat_ack_drop_reg <= 1'b0;
        stat_nak_seq_reg <= 1'b0;
        stat_nak_rnr_reg <= 1'b0;
        stat_retrans_reg <= 1'b0;
        stat_timeout_reg <= 1'b0;
        stat_retry_exc_reg <= 1'b0;
        c_after_reg <= A_NONE;
    end
end

// Per-QP values with the stage and the context write as writers (one write
// port per table, registered reads at c_qp and w_qp: block RAM at any QP
// count; rnic_qp_val). The stage's writes of each are never two in one
// cycle.
assign c_rd_atom = rd_atom_mem[c_qp_reg];
// the ring's head (a pop) and tail (a push, a rewind)
rnic_qp_val #(.QPN_W(QPN_W), .W(OW + 1)) head_tab (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy), .sweep_qp(sweep_qp),
    .e_we(c_pop), .e_q(c_qp_reg), .e_val(c_head + 1'b1),
    .x_we(ctx_rst), .x_q(ctx_qp), .x_val({(OW+1){1'b0}}),
    .r1_q(c_qp_reg), .r2_q(w_qp), .r1(c_head_rd), .r2(w_head)
);
rnic_qp_val #(.QPN_W(QPN_W), .W(OW + 1)) tail_tab (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy), .sweep_qp(sweep_qp),
    .e_we(c_push || (c_rw_fire && c_rw_live)), .e_q(c_push ? w_qp : c_qp_reg),
    .e_val(c_push ? w_tail + 1'b1 : c_head),
    .x_we(ctx_rst), .x_q(ctx_qp), .x_val({(OW+1){1'b0}}),
    .r1_q(c_qp_reg), .r2_q(w_qp), .r1(c_tail_rd), .r2(w_tail)
);
// a READ or atomic is outstanding: from its push until its entry leaves
// the ring (completed by its last response / ATOMIC ACKNOWLEDGE, a NAK, a
// length error or a flush) or a rewind
rnic_qp_val #(.QPN_W(QPN_W), .W(1)) rd_busy (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy), .sweep_qp(sweep_qp),
    .e_we((c_push && w_rdat) || (c_pop && ce_rdat) || (c_rw_fire && c_rw_live)),
    .e_q(c_push ? w_qp : c_qp_reg), .e_val(c_push),
    .x_we(ctx_rst), .x_q(ctx_qp), .x_val(1'b0),
    .r1_q(c_qp_reg), .r2_q(w_qp), .r1(c_rd_busy), .r2(w_rd_busy)
);

endmodule

`default_nettype wire
