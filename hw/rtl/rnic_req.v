// rnic_req: the requester (send engine) of RC queue pairs
// (docs/rtl-interfaces.md, "Requester (rnic_req) and responder (rnic_resp)").
//
// Four stages:
// - WQE stage: takes one send WQE from rnic_wqe_fetch into a buffer, checks
//   the QP (QPC shadow: state RTS/SQD, type RC, error flag), the opcode, the
//   sizes and each SGE's lkey against the MPT shadow (valid, tag, pdn,
//   [start, start+length), and LOCAL_WRITE for the SGEs of an RDMA READ or
//   an atomic, which the device writes), translating SGE addresses to device
//   addresses (iova + addr - start). A passing WQE starts the emitter and
//   the gatherer and is pushed on its QP's outstanding ring: an RC (XRC)
//   WQE as its packets start, so an ACK or NAK for any of them finds it;
//   a UC or UD WQE once both have issued everything (it completes then); a
//   failing one is handed to the completion stage as an error.
// - Emitter: one header beat (m_hdr_*) and one rnic_repack segment command
//   per packet, cut at the path MTU, PSNs from the QP's send PSN. Headers run
//   ahead of the payload (the TX arbiter takes a header, then its payload).
//   An RDMA READ is one READ REQUEST header (RETH {remote address, rkey,
//   length}, no payload, AckReq); the QP's send PSN then advances by
//   n = max(1, ceil(length / path MTU)), the PSNs of the n responses
//   (IBA 9.7.1). An atomic is one COMPARE SWAP (0x13) or FETCH ADD (0x14)
//   header (AtomicETH {remote address, rkey, swap or add data, compare
//   data}, no RETH, no payload, AckReq); the send PSN advances by 1.
// - Gatherer: one DMA read request per SGE (split at DMA_CHUNK bytes, since a
//   request carries at most 65535), all issued up front so the DMA latency is
//   paid once per message, or the WQE's inline bytes; rnic_repack re-cuts the
//   bytes into the packets' payloads (m_axis_pl_*). Not used by READ and
//   atomics. The gatherer and the repacker are rnic_req_gather
//   (hw/rtl/rnic_req_gather.v).
// - Completion stage (rnic_req_cmpl, hw/rtl/rnic_req_cmpl.v): owns the
//   per-QP outstanding rings (RAM-shaped, OUTS_DEPTH entries of
//   {wqe_index, first_psn, last_psn, signaled, cqe opcode, byte_len});
//   pushes entries, retires them on ACKs (CQE for
//   signaled ones), completes the NAKed entry with its remote error and
//   flushes the rest (setting the QP error flag), and completes WQE-stage
//   errors after flushing the QP's outstanding entries (CQEs stay in WQE
//   order). It also takes READ RESPONSE and ATOMIC ACKNOWLEDGE packets and
//   scatters their data (below).
//
// RDMA READ (requester side). A READ keeps its translated SGE list (device
// address, length; a QPS x MAX_SEND_SGE RAM with one synchronous read port,
// in rnic_req_scatter) and its progress (first/last PSN, next expected response PSN, SGE index,
// offset in it, bytes so far, total length; a per-QP table) while it is
// outstanding. Only ONE READ per QP may be outstanding: a READ WQE for a QP
// whose previous READ has not completed waits in the WQE stage until it has
// (head-of-line blocking for every QP behind it). A response (opcode 0x0D
// FIRST, 0x0E MIDDLE, 0x0F LAST, 0x10 ONLY) is taken only when its QP has a
// READ outstanding, its PSN is the next expected one (inside the READ's PSN
// range) and its opcode fits the position (FIRST/ONLY at the READ's first
// PSN, MIDDLE/LAST after it); any other response is dropped (stat_ack_drop,
// payload discarded; a response past the expected one starts a
// retransmission, see "Reliability" below). A taken response first
// retires every ring entry before the READ (as an ACK would), then its
// payload is cut into one DMA write request plus one rnic_repack segment per
// SGE piece (m_wr_*, any byte alignment, across SGE boundaries: the scatter,
// hw/rtl/rnic_req_scatter.v). LAST/ONLY
// then retires the READ entry; its CQE (if signaled) is handed over only
// after every DMA write request of its data was accepted, so with the DMA
// engine's acceptance-order rule it lands after the data. A response that
// would take the READ past its length, a LAST/ONLY that leaves it short, or
// a FIRST/MIDDLE at the READ's last PSN completes it with LOC_LEN_ERR (its
// payload discarded, nothing written), sets the QP error flag and flushes
// the entries behind it. A NAK for the READ's PSN completes it with the
// NAK's error like any other WQE. An ACK never retires a READ entry (an ACK
// walk stops at it). The AETH of a response is not checked.
//
// Atomics (IBA 9.4.5, 9.7.5; requester side). CMP_AND_SWP and FETCH_AND_ADD
// run as "a READ of 8 bytes whose data comes from the ATOMIC ACKNOWLEDGE
// header": the WQE's SGEs must describe exactly 8 bytes (length field 8 and
// the SGE lengths summing to it, else LOC_LEN_ERR, as for any length
// mismatch), each SGE key must allow LOCAL_WRITE (else LOC_PROT_ERR), an
// INLINE atomic completes with LOC_QP_OP_ERR. The request carries
// swap_or_add = swap (CS) or compare_add (FA), compare = compare_add (CS)
// or 0 (FA). The atomic keeps the READ state (SGE list, progress with
// first = last PSN, length 8) and a per-QP "the outstanding one is an
// atomic" flag; READs and atomics share the one-outstanding-per-QP rule.
// The response is an ATOMIC ACKNOWLEDGE (0x12, no payload) at the atomic's
// PSN: it retires the entries before the atomic as an ACK would, then the
// original remote data (s_ack_atomic_ack, a number) is fed to the scatter
// repacker as one 8-byte beat in little-endian order (memory byte k = bits
// [8k+7:8k], the host order of Linux Soft-RoCE on x86) and written to the
// SGE pieces through m_wr_*; the atomic's CQE (byte_len 8) follows once
// every write request was accepted. An ATOMIC ACKNOWLEDGE with a wrong PSN,
// a payload (len != 0), for a QP with no atomic outstanding (none, or a
// READ), and a READ RESPONSE for an outstanding atomic are dropped
// (stat_ack_drop). A NAK for the atomic's PSN completes it with the NAK's
// error; an ACK never retires it.
//
// UD (IBA 9.8.4): SEND and SEND_WITH_IMM of at most one path MTU (longer:
// LOC_LEN_ERR) as one SEND ONLY (0x64/0x65) with a DETH {Q_Key: the WQE's,
// or the QP's when the WQE's has its high bit set; source QP: this one};
// destination QP, MAC, IPv4 address, TTL and TOS from the WQE (the address
// handle the library copied in). Completed like UC.
//
// UC (IBA 9.8): SEND and RDMA WRITE (with immediate) in the UC opcodes
// (transport bits 001), no AckReq; a UC WQE is pushed on the ring only once
// all its packets went to the TX arbiter and all its data was read from host
// memory, and is retired (CQE if signaled) right away: nothing acknowledges
// it. An ACK for a UC QP finds no outstanding PSN and is dropped.
//
// Memory windows (IBA 10.6.7, type 2B). BIND_MW and LOCAL_INV (RC, UC) send
// no packet: the WQE waits until every earlier WQE of its QP completed (the
// QP's ring is empty), reads the window's key entry and (BIND_MW) the
// region's from the MPT shadow, checks them (bind: an unbound window of the
// QP's PD; a live region of the QP's PD whose lkey tag matches, allowing
// MW_BIND and holding [addr, addr+length); only remote access bits, remote
// write or atomic only on a region with local write; invalidate: a bound
// window of the QP's PD whose tag is the key's), writes the window's new
// entry (bound: valid, the new rkey's tag, the range, iova translated through
// the region, this QP; invalidated: valid 0) on m_mpt_* -- rnic_top puts it
// on the key-table bus of this block and the responder -- and completes at
// once (CQE REQ_BIND_MW / REQ_LOCAL_INV, byte_len 0), reporting the bind or
// invalidation to the firmware (m_mw_ev_*: hw_event MW_BIND, MW_INVAL). A
// refused bind completes with MW_BIND_ERR, a refused invalidation with
// LOC_PROT_ERR, and the QP goes to error. A window key is never an lkey.
//
// XRC_SEND QPs (XRC initiators) run as RC QPs whose packets carry the XRC
// transport bits (101) and, on every request, an XRCETH with the WQE's
// remote XRC SRQ number (send_wqe.dest_qpn, on the header bus as
// deth_sqpn); XRC responses (ACK 0xB1, READ responses, ATOMIC ACK) are taken
// as their RC twins.
//
// SEND_INV is a SEND whose LAST/ONLY packet is SEND LAST/ONLY with
// Invalidate (0x16/0x17) carrying the key in an IETH. The IBA defines these
// two codes for RC (and XRC) only; on UC this device sends the UC-transport
// codes 0x36/0x37 (reserved in IBA table 37), which only an rnic responder
// takes: a rnic-to-rnic extension so the verbs table's UC cell holds.
//
// Implemented: RC SEND, SEND_WITH_IMM, SEND_INV, RDMA WRITE, RDMA
// WRITE_WITH_IMM, RDMA READ, ATOMIC CMP_AND_SWP, ATOMIC FETCH_AND_ADD,
// BIND_MW, LOCAL_INV; UC SEND, SEND_WITH_IMM, SEND_INV, RDMA WRITE, RDMA
// WRITE_WITH_IMM, BIND_MW, LOCAL_INV; UD SEND, SEND_WITH_IMM; XRC_SEND as
// RC; RAW_PACKET SEND and TSO. An INLINE READ, atomic, memory operation or TSO, and
// an opcode outside the QP type's column complete with LOC_QP_OP_ERR (and
// set the QP error flag). FENCE: a fenced WQE
// waits in the WQE stage until the QP's READ or atomic (at most one is ever
// outstanding) has completed and every READ/atomic data write of this block
// is done in host memory (s_wr_done), so the fenced WQE's gather reads see
// the data. Not yet: more than one READ/atomic outstanding per QP
// (qpc.max_rd_atomic is not read).
//
// Reliability (IBA 9.7.5.2, 9.7.6; RC and XRC): go-back-N.
// - A PSN sequence error NAK at PSN p retires the entries before p (the
//   responder has everything before p), then retransmits from p. So does a
//   READ RESPONSE past the next expected one (the responses between were
//   lost: from the READ's next expected PSN), and an ACK covering a READ or
//   atomic whose response never came (from the READ's next expected PSN, or
//   the atomic's). Each uses one of the QP's retry_cnt retries.
// - An RNR NAK at p retires the entries before p, waits the time its code
//   names (IBA table 45, rounded up to ticks) and retransmits from p; each
//   uses one of rnr_retry retries (7: retry forever).
// - The local ACK timeout (qpc.timeout: 4.096 us * 2^timeout, 0 none; at
//   least that long, at most one tick more) restarts whenever an entry is
//   retired or a READ response placed (progress, which also reloads both
//   retry counts) and stops when the ring is empty; when it expires the QP
//   retransmits from the head entry (a READ from its next expected
//   response), using a retry.
// - With no retry left, the head WQE completes RETRY_EXC_ERR or
//   RNR_RETRY_EXC_ERR, the QP error flag goes up (m_err_c: the firmware
//   moves the QP to ERR) and every later WQE is flushed in order.
// - After a retransmission from PSN r, a NAK (or missing READ response, or
//   ACK) at or before r is stale (sent before the retransmission arrived)
//   and ignored until progress; one past r is a new loss.
// - A retransmission is a rewind, done between WQEs: the WQE stage asks
//   (W_RW), the completion stage truncates the ring to its head entry, sets
//   the send PSN to the restart PSN and rewinds rnic_wqe_fetch to the head
//   WQE's index (m_rw_*), which fetches the QP's WQEs again from there and
//   drops those still on their way. The head WQE restarts at the restart
//   PSN, skipping the packets before it (MIDDLE/LAST opcodes, gather from
//   that byte; a READ asks for the rest: RETH va + skip, len - skip, its
//   data placed from that offset); the WQEs behind it go out again whole,
//   with their original PSNs. A WQE of a QP with a retransmission pending
//   is dropped before it is sent (it comes again).
// - A QPC write to ERR flushes the outstanding entries (WR_FLUSH_ERR, in
//   order) through the timer path.
// - The timers are rnic_req_timer's (hw/rtl/rnic_req_timer.v).
//   Time runs in ticks of TICK_CYCLES (TIMER_TICK_CYCLES); a sweep looks at
//   one QP's timer per cycle. timer_busy tells a simulator a timer runs;
//   tick_turbo makes each cycle a tick (its fast-forward through idle time),
//   which it may assert only while timer_skip_ok says no deadline lies
//   within the next tick: the earliest deadline is the minimum the last
//   whole sweep found, lowered by every timer started since (it may be
//   earlier than the real one, never later), so a fast-forward never jumps
//   a deadline and the sweep finds each one within a sweep of its tick.
//
// ACK input (s_ack_*): header-bus fields of packets the parser routes to the
// requester (ACK, ATOMIC ACKNOWLEDGE, RDMA READ RESPONSE *): opcode, dqpn
// (the local QP), psn, aeth, atomic_ack, len, plus the packet's payload on
// s_ack_pl_* (len bytes, packed, tlast on the last beat; none when len is
// 0). ACK (0x11), READ responses and ATOMIC ACKNOWLEDGE are acted on; the
// others are counted (stat_ack_drop). Payload that is not scattered is
// discarded.
//
// Reset sweep: after rst, one entry per cycle of every per-QP table and of
// the MPT shadow is written with 0 through the table's write port,
// 2^max(QPN_W, KEY_W) cycles (the per-QP tables take the index's low bits,
// so they are written more than once); init_done rises when it is over.
// Until then no WQE, ACK or QP error is taken and context writes are
// ignored. Not swept, being storage meaningless without a valid pointer or
// flag, which the sweep or rst clears: the outstanding rings
// (rnic_req_cmpl's ring_mem, between a QP's head and tail), the READ SGE
// lists (rnic_req_scatter's rsg_mem, behind the READ busy flag), the WQE
// buffer and the gather list (wbuf_mem, the WQE stage's, and
// rnic_req_gather's gl_*_mem).
`default_nettype none

`include "rnic_contract.vh"

module rnic_req #(
    parameter DATA_W = 512,               // payload / WQE / DMA stream width in bits (64..512, power of two)
    parameter QPN_W = `RNIC_LOG_QPS,      // log2 of the QPs served (QPN = table index)
    parameter KEY_W = `RNIC_LOG_MRS,      // log2 of the memory-key table size
    parameter OUTS_DEPTH = 16,            // outstanding WQEs per QP (power of two)
    parameter DMA_CHUNK = 32768,          // largest DMA read request in bytes
    parameter TAG_W = 8,                  // DMA read tag width (>= 5)
    parameter TICK_CYCLES = `RNIC_TIMER_TICK_CYCLES   // timer tick in clock cycles (4.096 us at 250 MHz)
) (
    input  wire                          clk,
    input  wire                          rst,

    // context write broadcast
    input  wire                          ctx_wr_valid,
    input  wire [7:0]                    ctx_wr_table,
    input  wire [23:0]                   ctx_wr_index,
    input  wire [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data,

    // WQE stream from rnic_wqe_fetch
    input  wire [DATA_W-1:0]             s_wqe_tdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [DATA_W/8-1:0]           s_wqe_tkeep,   // packed whole-stride beats: keep not needed
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                          s_wqe_tlast,
    input  wire                          s_wqe_tvalid,
    output wire                          s_wqe_tready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [23:0]                   s_wqe_qpn,     // bits above QPN_W are zero (QPN = index)
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [15:0]                   s_wqe_index,

    // DMA read client (gather)
    output wire [63:0]                   m_rd_req_addr,
    output wire [15:0]                   m_rd_req_len,
    output wire [TAG_W-1:0]              m_rd_req_tag,
    output wire                          m_rd_req_valid,
    input  wire                          m_rd_req_ready,
    input  wire [DATA_W-1:0]             s_rd_tdata,
    input  wire [DATA_W/8-1:0]           s_rd_tkeep,
    input  wire                          s_rd_tlast,
    input  wire                          s_rd_tvalid,
    output wire                          s_rd_tready,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [TAG_W-1:0]              s_rd_tuser,    // data returns in request order; tag not needed
    /* verilator lint_on UNUSEDSIGNAL */

    // DMA write client (RDMA READ response data)
    output wire [63:0]                   m_wr_req_addr,
    output wire [15:0]                   m_wr_req_len,
    output wire                          m_wr_req_valid,
    input  wire                          m_wr_req_ready,
    output wire [DATA_W-1:0]             m_wr_tdata,
    output wire [DATA_W/8-1:0]           m_wr_tkeep,
    output wire                          m_wr_tlast,
    output wire                          m_wr_tvalid,
    input  wire                          m_wr_tready,
    input  wire                          s_wr_done,     // one pulse per write request done (FENCE waits for them)

    // QP errors: s_fatal_* (the fetch engine dropped a malformed WQE of the
    // QP) sets the QP's error flag; m_err_* pulse when the flag goes up
    // (completion stage, WQE stage), with the QPN
    input  wire                          s_fatal_valid,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [23:0]                   s_fatal_qpn,   // bits above QPN_W are zero
    /* verilator lint_on UNUSEDSIGNAL */
    output wire                          m_err_c_valid,
    output wire [23:0]                   m_err_c_qpn,
    output wire                          m_err_w_valid,
    output wire [23:0]                   m_err_w_qpn,

    // go-back-N: rewind the fetch engine's consumer index of a QP to
    // m_rw_index (the WQEs from there on are fetched again; rnic_wqe_fetch
    // drops those of the QP still on their way); held until m_rw_ready
    output wire                          m_rw_valid,
    input  wire                          m_rw_ready,
    output wire [23:0]                   m_rw_qpn,
    output wire [15:0]                   m_rw_index,
    // a retransmission or RNR timer is running (the simulator keeps time
    // going while one is); timer_skip_ok: no timer comes due within the
    // next tick and no timer action waits; tick_turbo (only while
    // timer_skip_ok): this cycle is a whole tick (a simulator
    // fast-forwarding while nothing but timers runs; 0 on a board)
    output wire                          timer_busy,
    output wire                          timer_skip_ok,
    input  wire                          tick_turbo,

    // memory windows: key-table writes of BIND_MW and LOCAL_INV (a whole
    // entry in context format, table MPT; taken when m_mpt_ready), and the
    // hw_event reporting each (MW_BIND, MW_INVAL) as a one-cycle pulse
    output wire                          m_mpt_valid,
    input  wire                          m_mpt_ready,
    output wire [23:0]                   m_mpt_index,
    output wire [32*`RNIC_CTX_WORDS-1:0] m_mpt_data,
    output wire                          m_mw_ev_valid,
    output wire [63:0]                   m_mw_ev,       // {data word, hw_event, number}

    // packet headers to the TX arbiter
    output wire [7:0]        m_hdr_opcode,
    output wire              m_hdr_se,
    output wire              m_hdr_mig,
    output wire              m_hdr_ackreq,
    output wire [15:0]       m_hdr_pkey,
    output wire [23:0]       m_hdr_dqpn,
    output wire [23:0]       m_hdr_psn,
    output wire [47:0]       m_hdr_dmac,
    output wire [31:0]       m_hdr_dip,
    output wire [15:0]       m_hdr_ip_id,
    output wire [7:0]        m_hdr_ttl,
    output wire [7:0]        m_hdr_tos,
    output wire [15:0]       m_hdr_sport,
    output wire [63:0]       m_hdr_reth_va,
    output wire [31:0]       m_hdr_reth_rkey,
    output wire [31:0]       m_hdr_reth_len,
    output wire [31:0]       m_hdr_aeth,
    output wire [31:0]       m_hdr_imm,
    output wire [31:0]       m_hdr_deth_qkey,
    output wire [23:0]       m_hdr_deth_sqpn,
    output wire [63:0]       m_hdr_atomic_va,
    output wire [31:0]       m_hdr_atomic_rkey,
    output wire [63:0]       m_hdr_atomic_swap,
    output wire [63:0]       m_hdr_atomic_cmp,
    output wire [63:0]       m_hdr_atomic_ack,
    output wire [12:0]       m_hdr_len,
    // RAW_PACKET offload sideband for rnic_raw_tx: {csum, tso, tpl, last}
    output wire [3:0]                    m_hdr_raw_off,
    output wire                          m_hdr_valid,
    input  wire                          m_hdr_ready,

    // packet payload to the TX arbiter
    output wire [DATA_W-1:0]             m_axis_pl_tdata,
    output wire [DATA_W/8-1:0]           m_axis_pl_tkeep,
    output wire                          m_axis_pl_tlast,
    output wire                          m_axis_pl_tvalid,
    input  wire                          m_axis_pl_tready,

    // ACK / NAK (and other responses) from the parser
    input  wire [7:0]                    s_ack_opcode,
    input  wire [23:0]                   s_ack_dqpn,
    input  wire [23:0]                   s_ack_psn,
    input  wire [31:0]                   s_ack_aeth,
    input  wire [63:0]                   s_ack_atomic_ack,   // with s_ack_*: AtomicAckETH original data (a number)
    input  wire [12:0]                   s_ack_len,
    input  wire                          s_ack_valid,
    output wire                          s_ack_ready,
    input  wire [DATA_W-1:0]             s_ack_pl_tdata,
    input  wire [DATA_W/8-1:0]           s_ack_pl_tkeep,
    input  wire                          s_ack_pl_tlast,
    input  wire                          s_ack_pl_tvalid,
    output wire                          s_ack_pl_tready,

    // completions to rnic_cqe_writer
    output wire                          m_cqe_valid,
    input  wire                          m_cqe_ready,
    output wire [23:0]                   m_cqe_cqn,
    output wire [`RNIC_CQE_BITS-1:0]     m_cqe_data,

    // statistics: one-cycle pulses
    output wire                          stat_ack_drop,   // ACK for an unknown QP / PSN not outstanding, or unexpected response (READ response or ATOMIC ACKNOWLEDGE not expected)
    output wire                          stat_nak_seq,    // PSN sequence error NAK received
    output wire                          stat_nak_rnr,    // RNR NAK received
    output wire                          stat_retrans,    // a go-back-N retransmission started
    output wire                          stat_retrans_pkt,// a request packet sent again
    output wire                          stat_timeout,    // a retransmission timer expired
    output wire                          stat_retry_exc,  // a WQE completed RETRY_EXC_ERR / RNR_RETRY_EXC_ERR

    // the reset sweep is over: every per-QP and key table holds its reset value
    output wire                          init_done
);

localparam KEEP_W = DATA_W / 8;
localparam QPS = 1 << QPN_W;
localparam OW = $clog2(OUTS_DEPTH);
localparam WBUF_W = `RNIC_SEND_WQE_MAX_STRIDE * 8;      // WQE buffer bits
localparam WBEATS = WBUF_W / DATA_W;
localparam WB_W = $clog2(WBEATS + 1);
localparam CTRL_W = `RNIC_SEND_WQE_BITS;                 // control segment bits
localparam SEG_W = `RNIC_DATA_SEG_BITS;
localparam NSGE = `RNIC_MAX_SEND_SGE;
localparam [31:0] NSGE32 = NSGE;
localparam [31:0] KEEP32 = KEEP_W;
localparam [31:0] INL_MAX = `RNIC_MAX_INLINE;
localparam SI_W = $clog2(NSGE);                          // SGE slot index
localparam SWEEP_W = QPN_W > KEY_W ? QPN_W : KEY_W;    // the largest table's index bits

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_req: DATA_W must be a power of two from 64 to 512");
    if (OUTS_DEPTH < 2 || (OUTS_DEPTH & (OUTS_DEPTH - 1)) != 0)
        $error("rnic_req: OUTS_DEPTH must be a power of two >= 2");
    if (DMA_CHUNK < KEEP_W || DMA_CHUNK > 32768)
        $error("rnic_req: DMA_CHUNK must be in KEEP_W..32768");
    if (KEY_W + `RNIC_KEY_TAG_BITS > 24)
        $error("rnic_req: KEY_W + KEY_TAG_BITS must be <= 24 (a key is an event number)");
    // TICK_CYCLES is checked by rnic_req_timer, which uses it
end

`include "rnic_psn.vh"

// ---------------------------------------------------------------------------
// Shadow tables (written by the context broadcast)
// ---------------------------------------------------------------------------

// QPC shadow, fields the send path uses (contract layout req_qpc)
reg [`RNIC_REQ_QPC_BITS-1:0] qpc_mem [0:QPS-1];   // read by the WQE stage
reg [23:0]      cqn_mem [0:QPS-1];        // send_cqn, read at the completion stage's QP
reg [3:0]       bst_mem [0:QPS-1];        // state, read by the broadcast port (RTS edge)
reg [23:0]      psn_mem [0:QPS-1];        // next send PSN (WQE stage)
reg [31:0]      qkey_mem [0:QPS-1];       // Q_Key (UD), read by the emitter
reg             xrc_mem [0:QPS-1];        // an XRC initiator: takes XRC (101) responses only
wire            err_c, err_w;             // QP error flag (of c_qp, of w_qp)
reg [`RNIC_REQ_RETRY_BITS-1:0] rtp_mem [0:QPS-1];   // req_retry: timeout, retry_cnt, rnr_retry
reg             err_c_reg, err_w_reg;     // the flag went up (completion, WQE stage)
reg [QPN_W-1:0] err_c_qp_reg, err_w_qp_reg;

// MPT shadow (contract layout mpt_shadow)
reg [`RNIC_MPT_SHADOW_BITS-1:0] mpt_mem [0:(1 << KEY_W)-1];

// the outstanding ring of w_qp: head and tail (rnic_req_cmpl's)
wire [OW:0]     w_head, w_tail;

// RDMA READ / atomic state: w_qp has a READ or atomic outstanding (its
// progress is rnic_req_cmpl's; its translated SGE list {device address,
// length}, QPS x NSGE, written by the WQE stage, rnic_req_scatter's)
wire            w_rd_busy;

// Reliability, per QP (see the header). The retransmission timers, retries
// left, go-back-N hold, waiting retransmissions and their restart PSNs live
// in rnic_req_timer (instance `timer`, below); what the engine reads of them:
// of the completion stage's QP its RNR wait, hold, retries left {transport,
// RNR}, restart PSN and timeout check; the WQE stage's QP's timer, and whether
// a retransmission of it waits; the one offered; an expired timer waiting.
wire            c_tm_rnr, c_hold, c_tmo_due_reg, w_tm_on, w_rtx;
wire [5:0]      c_rl;
wire [23:0]     c_rpsn;
wire            rtx_valid;
wire [QPN_W-1:0] rtx_qp;
wire            tmo_pend;
wire [QPN_W-1:0] tmo_q;
// Here: the rewound head the WQE stage expects next {flag, WQE index, its
// original first PSN}, the index of the next WQE the WQE stage expects, and
// the PSN after the highest request PSN ever sent
wire            w_rwh;
reg [15:0]      rwi_mem [0:QPS-1];
reg [23:0]      rwf_mem [0:QPS-1];
reg [15:0]      nidx_mem [0:QPS-1];
reg [23:0]      hi_mem [0:QPS-1];
wire            w_hi_valid;

// reset sweep: entry sweep_idx_reg of every table
reg               sweep_busy_reg;
reg [SWEEP_W-1:0] sweep_idx_reg;
wire [QPN_W-1:0]  sweep_qp = sweep_idx_reg[QPN_W-1:0];
wire [KEY_W-1:0]  sweep_key = sweep_idx_reg[KEY_W-1:0];

always @(posedge clk) begin
    if (sweep_busy_reg) begin
        sweep_idx_reg <= sweep_idx_reg + 1'b1;
        if (sweep_idx_reg == {SWEEP_W{1'b1}})
            sweep_busy_reg <= 1'b0;
    end
    if (rst) begin
        sweep_busy_reg <= 1'b1;
        sweep_idx_reg <= {SWEEP_W{1'b0}};
    end
end

assign init_done = !sweep_busy_reg;

// A context write is taken into registers, decoded (which table, the QP's
// state change), and applied to the shadows the cycle after. The firmware
// writes one context entry per AXI-Lite write to its command register, so
// two writes are several cycles apart and the second reads the state the
// first wrote.
wire [3:0] ctx_in_state = ctx_wr_data[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
reg        ctx_qpc_r, ctx_mpt_r, ctx_reset;
reg [SWEEP_W-1:0] ctx_index_r;
/* verilator lint_off UNUSEDSIGNAL */
reg [32*`RNIC_CTX_WORDS-1:0] cw;   // the shadows keep only the fields they use
/* verilator lint_on UNUSEDSIGNAL */
always @(posedge clk) begin
    ctx_qpc_r <= ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_QPC && ctx_wr_index < QPS && !rst;
    ctx_mpt_r <= ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_MPT && ctx_wr_index < (1 << KEY_W) && !rst;
    ctx_reset <= ctx_in_state == `RNIC_QP_STATE_RESET || ctx_in_state == `RNIC_QP_STATE_INIT;
    ctx_index_r <= ctx_wr_index[SWEEP_W-1:0];
    cw <= ctx_wr_data;
end
// context writes wait for the reset sweep
wire ctx_qpc = ctx_qpc_r && !sweep_busy_reg;
wire ctx_mpt = ctx_mpt_r && !sweep_busy_reg;
wire [QPN_W-1:0] ctx_qp = ctx_index_r[QPN_W-1:0];
wire [3:0] ctx_state = cw[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
// the QP enters RTS (not from SQD): the old state is read in the cycle the
// write is applied, at the registered index (written at its end)
wire [3:0] ctx_old = bst_mem[ctx_qp];
wire       ctx_to_rts = ctx_state == `RNIC_QP_STATE_RTS && ctx_old != `RNIC_QP_STATE_RTS &&
                        ctx_old != `RNIC_QP_STATE_SQD;
// A RAW_PACKET QP has no path MTU: its frames are bounded by MAX_RAW_FRAME,
// so the shadow holds MTU 4096 for it.
wire [2:0] ctx_mtu = cw[`RNIC_QPC_TYPE_LSB +: 4] == `RNIC_QP_TYPE_RAW ? `RNIC_MTU_4096 :
                     cw[`RNIC_QPC_PATH_MTU_LSB +: 3];
wire [`RNIC_REQ_QPC_BITS-1:0] ctx_qs;
assign ctx_qs[`RNIC_REQ_QPC_STATE_LSB +: `RNIC_REQ_QPC_STATE_W] = cw[`RNIC_QPC_STATE_LSB +: `RNIC_QPC_STATE_W];
assign ctx_qs[`RNIC_REQ_QPC_TYPE_LSB +: `RNIC_REQ_QPC_TYPE_W] = cw[`RNIC_QPC_TYPE_LSB +: `RNIC_QPC_TYPE_W];
assign ctx_qs[`RNIC_REQ_QPC_PATH_MTU_LSB +: `RNIC_REQ_QPC_PATH_MTU_W] = ctx_mtu;
assign ctx_qs[`RNIC_REQ_QPC_SQ_SIG_ALL_LSB +: `RNIC_REQ_QPC_SQ_SIG_ALL_W] =
    cw[`RNIC_QPC_SQ_SIG_ALL_LSB +: `RNIC_QPC_SQ_SIG_ALL_W];
assign ctx_qs[`RNIC_REQ_QPC_PDN_LSB +: `RNIC_REQ_QPC_PDN_W] = cw[`RNIC_QPC_PDN_LSB +: `RNIC_QPC_PDN_W];
assign ctx_qs[`RNIC_REQ_QPC_DEST_QPN_LSB +: `RNIC_REQ_QPC_DEST_QPN_W] =
    cw[`RNIC_QPC_DEST_QPN_LSB +: `RNIC_QPC_DEST_QPN_W];
assign ctx_qs[`RNIC_REQ_QPC_DMAC_LSB +: `RNIC_REQ_QPC_DMAC_W] =
    {cw[`RNIC_QPC_DMAC_HI_LSB +: `RNIC_QPC_DMAC_HI_W], cw[`RNIC_QPC_DMAC_LO_LSB +: `RNIC_QPC_DMAC_LO_W]};
assign ctx_qs[`RNIC_REQ_QPC_UDP_SPORT_LSB +: `RNIC_REQ_QPC_UDP_SPORT_W] =
    cw[`RNIC_QPC_UDP_SPORT_LSB +: `RNIC_QPC_UDP_SPORT_W];
assign ctx_qs[`RNIC_REQ_QPC_DIP_LSB +: `RNIC_REQ_QPC_DIP_W] = cw[`RNIC_QPC_DIP_LSB +: `RNIC_QPC_DIP_W];
assign ctx_qs[`RNIC_REQ_QPC_HOP_LIMIT_LSB +: `RNIC_REQ_QPC_HOP_LIMIT_W] =
    cw[`RNIC_QPC_HOP_LIMIT_LSB +: `RNIC_QPC_HOP_LIMIT_W];
assign ctx_qs[`RNIC_REQ_QPC_TRAFFIC_CLASS_LSB +: `RNIC_REQ_QPC_TRAFFIC_CLASS_W] =
    cw[`RNIC_QPC_TRAFFIC_CLASS_LSB +: `RNIC_QPC_TRAFFIC_CLASS_W];
assign ctx_qs[`RNIC_REQ_QPC_PKEY_LSB +: `RNIC_REQ_QPC_PKEY_W] = cw[`RNIC_QPC_PKEY_LSB +: `RNIC_QPC_PKEY_W];
wire [`RNIC_REQ_RETRY_BITS-1:0] ctx_rtp;
assign ctx_rtp[`RNIC_REQ_RETRY_TIMEOUT_LSB +: `RNIC_REQ_RETRY_TIMEOUT_W] =
    cw[`RNIC_QPC_TIMEOUT_LSB +: `RNIC_QPC_TIMEOUT_W];
assign ctx_rtp[`RNIC_REQ_RETRY_RETRY_CNT_LSB +: `RNIC_REQ_RETRY_RETRY_CNT_W] =
    cw[`RNIC_QPC_RETRY_CNT_LSB +: `RNIC_QPC_RETRY_CNT_W];
assign ctx_rtp[`RNIC_REQ_RETRY_RNR_RETRY_LSB +: `RNIC_REQ_RETRY_RNR_RETRY_W] =
    cw[`RNIC_QPC_RNR_RETRY_LSB +: `RNIC_QPC_RNR_RETRY_W];
wire ctx_rst_w = ctx_qpc && ctx_reset;    // a context write resets the QP
// the MPT shadow entry of a context write
wire [`RNIC_MPT_SHADOW_BITS-1:0] ctx_ms;
rnic_mpt_shadow mpt_shadow_inst (
    .entry(cw),
    .shadow(ctx_ms)
);

// ---------------------------------------------------------------------------
// WQE stage: collect one WQE, check it, run the emitter and the gatherer
// ---------------------------------------------------------------------------

localparam [4:0] W_RECV = 5'd0,   // taking WQE beats
                 W_QP   = 5'd1,   // QP state, opcode and size checks, registered
                 W_SGE  = 5'd2,   // SGE k: select it and its key's index
                 W_GO   = 5'd3,   // start emitter and gatherer
                 W_RUN  = 5'd4,   // wait for both
                 W_PUSH = 5'd5,   // hand the outstanding entry to the completion stage
                 W_ERR  = 5'd6,   // hand an error completion to the completion stage
                 W_MW1  = 5'd7,   // BIND_MW, LOCAL_INV: the window's key entry is read
                 W_MW2  = 5'd8,   // latch it; the region's index (BIND_MW)
                 W_MPTW = 5'd9,   // write the entry (key-table write port)
                 W_RW   = 5'd10,  // a retransmission: the completion stage rewinds the QP
                 W_DEC  = 5'd11,  // decode the control segment into registers
                 W_QC   = 5'd12,  // act on the registered checks
                 W_SRD  = 5'd13,  // the SGE's key entry is read
                 W_SCK  = 5'd14,  // check the key against it, registered
                 W_SACT = 5'd15,  // act on the check: sum, gather list, next SGE
                 W_MW3  = 5'd16,  // the region's key entry is read
                 W_MW4  = 5'd17,  // region checks and the offset into it, registered
                 W_MW5  = 5'd18,  // the window's end and the entry to write, registered
                 W_MW6  = 5'd19;  // bind or invalidate, or refuse

reg [4:0]        w_state_reg, w_state_next;
reg [WBUF_W-1:0] wbuf_mem;                 // the WQE bytes (one write port)
reg [WB_W-1:0]   w_beats_reg, w_beats_next;
reg [QPN_W-1:0]  w_qp_reg, w_qp_next;
reg [15:0]       w_index_reg, w_index_next;
reg [`RNIC_REQ_QPC_BITS-1:0] w_qs_reg, w_qs_next;   // QPC shadow of the WQE's QP
reg [23:0]       w_psn_reg, w_psn_next;    // first PSN of the message
reg [4:0]        w_k_reg, w_k_next;        // SGE being checked
reg [32:0]       w_sum_reg, w_sum_next;    // sum of SGE lengths
reg [7:0]        w_status_reg, w_status_next;
reg              w_seterr_reg, w_seterr_next;
reg [23:0]       w_npkt_reg, w_npkt_next;
// the rewound head of a retransmission: packets of it to skip (already
// received by the responder), and for a READ the SGE and offset where the
// rest of its data goes
reg              w_rh_reg, w_rh_next;
reg [23:0]       w_skp_reg, w_skp_next;
reg [4:0]        w_rk_reg, w_rk_next;
reg [31:0]       w_roff_reg, w_roff_next;
reg              w_rfound_reg, w_rfound_next;
reg              w_early_reg, w_early_next;   // pushed before its packets (RC): W_PUSH goes on to W_RUN
// READ / atomic data write requests accepted whose s_wr_done has not come
reg [15:0]       wr_out_reg;

// a retransmission waits: served before the next WQE is taken (the
// timer block offers them one at a time, in the order they were requested)
// the pick is registered; the cycle after a retransmission request was
// taken (W_RW) or a QP reset cleared one, the registered pick may still
// show it and is not used
reg              rtx_any_reg, rtx_clr_reg;
reg  [QPN_W-1:0] rtx_first_reg;
always @(posedge clk) begin
    rtx_any_reg <= rtx_valid && !rst;
    rtx_first_reg <= rtx_qp;
    rtx_clr_reg <= (w_state_reg == W_RW) || ctx_qpc;
end
wire w_rw_go = w_beats_reg == {WB_W{1'b0}} && rtx_any_reg && !rtx_clr_reg;

wire w_recv_fire = s_wqe_tvalid && s_wqe_tready;
assign s_wqe_tready = (w_state_reg == W_RECV) && !w_rw_go && !sweep_busy_reg;

// control segment fields
/* verilator lint_off UNUSEDSIGNAL */
wire [CTRL_W-1:0] ctrl = wbuf_mem[CTRL_W-1:0];
/* verilator lint_on UNUSEDSIGNAL */
wire [7:0]  w_op     = ctrl[`RNIC_SEND_WQE_OPCODE_LSB +: `RNIC_SEND_WQE_OPCODE_W];
wire [7:0]  w_flags  = ctrl[`RNIC_SEND_WQE_FLAGS_LSB +: `RNIC_SEND_WQE_FLAGS_W];
wire [7:0]  w_nsge   = ctrl[`RNIC_SEND_WQE_NUM_SGE_LSB +: `RNIC_SEND_WQE_NUM_SGE_W];
wire [31:0] w_imm    = ctrl[`RNIC_SEND_WQE_IMM_LSB +: `RNIC_SEND_WQE_IMM_W];
wire [31:0] w_len    = ctrl[`RNIC_SEND_WQE_LENGTH_LSB +: `RNIC_SEND_WQE_LENGTH_W];
wire [63:0] w_raddr  = ctrl[`RNIC_SEND_WQE_REMOTE_ADDR_LSB +: `RNIC_SEND_WQE_REMOTE_ADDR_W];
wire [31:0] w_rkey   = ctrl[`RNIC_SEND_WQE_RKEY_LSB +: `RNIC_SEND_WQE_RKEY_W];
wire [63:0] w_cmpadd = ctrl[`RNIC_SEND_WQE_COMPARE_ADD_LSB +: `RNIC_SEND_WQE_COMPARE_ADD_W];
wire [63:0] w_swap   = ctrl[`RNIC_SEND_WQE_SWAP_LSB +: `RNIC_SEND_WQE_SWAP_W];
// UD: destination QP, Q_Key and address vector
wire [23:0] w_ud_dqpn = ctrl[`RNIC_SEND_WQE_DEST_QPN_LSB +: `RNIC_SEND_WQE_DEST_QPN_W];
wire [31:0] w_ud_qkey = ctrl[`RNIC_SEND_WQE_QKEY_LSB +: `RNIC_SEND_WQE_QKEY_W];
wire [31:0] w_ud_dip  = ctrl[`RNIC_SEND_WQE_AH_DIP_LSB +: `RNIC_SEND_WQE_AH_DIP_W];
wire [47:0] w_ud_dmac = {ctrl[`RNIC_SEND_WQE_AH_DMAC_HI_LSB +: `RNIC_SEND_WQE_AH_DMAC_HI_W],
                         ctrl[`RNIC_SEND_WQE_AH_DMAC_LO_LSB +: `RNIC_SEND_WQE_AH_DMAC_LO_W]};
wire [7:0]  w_ud_ttl  = ctrl[`RNIC_SEND_WQE_AH_HOP_LIMIT_LSB +: `RNIC_SEND_WQE_AH_HOP_LIMIT_W];
wire [7:0]  w_ud_tos  = ctrl[`RNIC_SEND_WQE_AH_TCLASS_LSB +: `RNIC_SEND_WQE_AH_TCLASS_W];
// TSO (RAW_PACKET): the header template is inline after the control
// segment, the data segments follow it at the next 16-byte boundary
wire [7:0]  w_tso_hdr = ctrl[`RNIC_SEND_WQE_TSO_HDR_SZ_LSB +: `RNIC_SEND_WQE_TSO_HDR_SZ_W];
wire [15:0] w_tso_mss = ctrl[`RNIC_SEND_WQE_TSO_MSS_LSB +: `RNIC_SEND_WQE_TSO_MSS_W];
// The opcode and flag decode, and the checks of the WQE's own sizes, are
// taken from the control segment once, in W_DEC, into registers: every
// later state, the emitter, the gatherer and the completion stage read the
// registers, not the WQE buffer through the decode.
wire        dc_is_tso   = w_op == `RNIC_WQE_OP_TSO;
/* verilator lint_off UNUSEDSIGNAL */
wire [8:0]  dc_sge_hdr = {1'b0, w_tso_hdr} + 9'd15;
/* verilator lint_on UNUSEDSIGNAL */
wire [4:0]  dc_sge_slots = dc_is_tso ? dc_sge_hdr[8:4] : 5'd0;   // 16-byte slots
wire        dc_inline   = (w_flags & `RNIC_WQE_FLAG_INLINE) != 8'd0;
wire        dc_is_sinv  = w_op == `RNIC_WQE_OP_SEND_INV;
wire        dc_is_psend = w_op == `RNIC_WQE_OP_SEND;
wire        dc_is_send  = dc_is_psend || w_op == `RNIC_WQE_OP_SEND_IMM || dc_is_sinv;
wire        dc_is_write = w_op == `RNIC_WQE_OP_RDMA_WRITE || w_op == `RNIC_WQE_OP_RDMA_WRITE_IMM;
wire        dc_is_read  = w_op == `RNIC_WQE_OP_RDMA_READ;
wire        dc_is_cs    = w_op == `RNIC_WQE_OP_ATOMIC_CS;
wire        dc_is_atomic = dc_is_cs || w_op == `RNIC_WQE_OP_ATOMIC_FA;
wire        dc_is_bind  = w_op == `RNIC_WQE_OP_BIND_MW;
wire        dc_is_local = dc_is_bind || w_op == `RNIC_WQE_OP_LOCAL_INV;
reg  [7:0]  dc_cqe_op;
always @* begin
    case (w_op)
    `RNIC_WQE_OP_RDMA_WRITE, `RNIC_WQE_OP_RDMA_WRITE_IMM: dc_cqe_op = `RNIC_CQE_OP_REQ_RDMA_WRITE;
    `RNIC_WQE_OP_RDMA_READ: dc_cqe_op = `RNIC_CQE_OP_REQ_RDMA_READ;
    `RNIC_WQE_OP_ATOMIC_CS: dc_cqe_op = `RNIC_CQE_OP_REQ_ATOMIC_CS;
    `RNIC_WQE_OP_ATOMIC_FA: dc_cqe_op = `RNIC_CQE_OP_REQ_ATOMIC_FA;
    `RNIC_WQE_OP_LOCAL_INV: dc_cqe_op = `RNIC_CQE_OP_REQ_LOCAL_INV;
    `RNIC_WQE_OP_BIND_MW:   dc_cqe_op = `RNIC_CQE_OP_REQ_BIND_MW;
    `RNIC_WQE_OP_TSO:       dc_cqe_op = `RNIC_CQE_OP_REQ_TSO;
    default:                dc_cqe_op = `RNIC_CQE_OP_REQ_SEND;
    endcase
end
wire [31:0] w_bytes = {{(32-WB_W){1'b0}}, w_beats_reg} * KEEP32;   // WQE bytes received
// the sizes the WQE alone decides: an atomic's local buffer is exactly 8
// bytes (IBA 9.4.5); TSO's header, MSS and payload bounds; inline bytes
// and SGEs inside the WQE the device received
// (two registers, ORed in W_QP with the SGEs' bound, which W_QP works out
// from the registered SGE offset)
wire [1:0] dc_len_bad;
assign dc_len_bad[0] = w_len[31] || (dc_is_atomic && w_len != 32'd8) ||
                       (dc_is_tso && (w_len == 32'd0 || w_len > `RNIC_MAX_TSO || w_tso_hdr < 8'd14 ||
                                      w_tso_hdr > `RNIC_MAX_TSO_HEADER || w_tso_mss == 16'd0 ||
                                      {8'd0, w_tso_hdr} + {1'b0, w_tso_mss} > `RNIC_MAX_RAW_FRAME));
assign dc_len_bad[1] = dc_inline && (w_len > INL_MAX || 32'd64 + w_len > w_bytes);
// a RAW_PACKET frame (not TSO) of 14 .. MAX_RAW_FRAME bytes
wire dc_raw_len_bad = !dc_is_tso && (w_len < 32'd14 || w_len > `RNIC_MAX_RAW_FRAME);
// the length against each path MTU (a UD message is one packet): bit m-1
// set when the length exceeds MTU code m (256 << (m - 1) bytes)
wire [4:0] dc_len_gt;
genvar gm;
generate
    for (gm = 0; gm < 5; gm = gm + 1) begin : g_len_gt
        assign dc_len_gt[gm] = w_len > (32'd256 << gm);
    end
endgenerate

// the packet count of the length at each path MTU code m (ceil(length /
// (256 << (m - 1))), at most 2^23 for a length below 2^31): W_QP picks the
// QP's
wire [24*5-1:0] dc_npkt;
generate
    for (gm = 0; gm < 5; gm = gm + 1) begin : g_npkt
        /* verilator lint_off UNUSEDSIGNAL */
        wire [32:0] n = ({1'b0, w_len} + (33'd256 << gm) - 33'd1) >> (8 + gm);
        /* verilator lint_on UNUSEDSIGNAL */
        assign dc_npkt[24*gm +: 24] = n[23:0];
    end
endgenerate

reg         w_is_tso, w_inline, w_csum, w_solicited, w_fence, w_is_sinv, w_is_psend, w_is_send;
reg         w_is_write, w_is_read, w_is_cs, w_is_atomic, w_is_rdat, w_has_imm, w_is_bind, w_is_local;
reg         w_op_known, w_raw_len_bad;
reg [1:0]   w_len_bad;
reg [4:0]   w_len_gt;
reg [24*5-1:0] w_npkt_m;
reg [4:0]   w_sge_slots;   // the SGEs' offset in 16-byte slots (TSO: after the template)
reg [7:0]   w_cqe_op;
// the SGEs (W_QP): at most NSGE of them, inside the bytes received
wire w_sge_bad = !w_inline && ({24'd0, w_nsge} > NSGE32 ||
                               32'd64 + {23'd0, w_sge_slots, 4'd0} + {20'd0, w_nsge, 4'd0} > w_bytes);

always @(posedge clk) begin
    if (w_state_reg == W_DEC) begin
        w_is_tso <= dc_is_tso;
        w_sge_slots <= dc_sge_slots;
        w_inline <= dc_inline;
        w_csum <= (w_flags & `RNIC_WQE_FLAG_IP_CSUM) != 8'd0 || dc_is_tso;
        w_solicited <= (w_flags & `RNIC_WQE_FLAG_SOLICITED) != 8'd0;
        w_fence <= (w_flags & `RNIC_WQE_FLAG_FENCE) != 8'd0;
        w_is_sinv <= dc_is_sinv;
        w_is_psend <= dc_is_psend;
        w_is_send <= dc_is_send;
        w_is_write <= dc_is_write;
        w_is_read <= dc_is_read;
        w_is_cs <= dc_is_cs;
        w_is_atomic <= dc_is_atomic;
        w_is_rdat <= dc_is_read || dc_is_atomic;     // the device writes the local SGEs
        w_has_imm <= w_op == `RNIC_WQE_OP_SEND_IMM || w_op == `RNIC_WQE_OP_RDMA_WRITE_IMM;
        w_is_bind <= dc_is_bind;
        w_is_local <= dc_is_local;                   // memory operations: no packet
        w_op_known <= dc_is_send || dc_is_write || dc_is_read || dc_is_atomic || dc_is_local || dc_is_tso;
        w_cqe_op <= dc_cqe_op;
        w_len_bad <= dc_len_bad;
        w_raw_len_bad <= dc_raw_len_bad;
        w_len_gt <= dc_len_gt;
        w_npkt_m <= dc_npkt;
    end
end

// QPC shadow fields of the latched QP
wire [3:0]  q_type  = w_qs_reg[`RNIC_REQ_QPC_TYPE_LSB +: `RNIC_REQ_QPC_TYPE_W];
wire        q_uc    = q_type == `RNIC_QP_TYPE_UC;
wire        q_ud    = q_type == `RNIC_QP_TYPE_UD;
// RAW_PACKET: one whole Ethernet frame per SEND WQE, header-bus opcode
// RAW_OPCODE (the framer adds nothing), no PSN or acknowledgement; frames
// of 14 .. MAX_RAW_FRAME bytes (else LOC_LEN_ERR); no path MTU (segmented
// as for MTU 4096, so a frame is one packet). TSO: the header template
// (tso_hdr_sz bytes, 14 .. MAX_TSO_HEADER) goes out as one packet, then the
// payload (1 .. MAX_TSO bytes) in packets of at most tso_mss bytes
// (tso_hdr_sz + tso_mss <= MAX_RAW_FRAME), all with RAW_OPCODE and the
// sideband m_hdr_raw_off; rnic_raw_tx turns them into TCP segments, and
// writes checksums for IP_CSUM frames. Any other length: LOC_LEN_ERR.
wire        q_raw   = q_type == `RNIC_QP_TYPE_RAW;
wire        q_unack = q_uc || q_ud || q_raw;    // nothing acknowledges the packets
// XRC initiator: RC in every respect but the transport bits (101) and the
// XRCETH naming the remote XRC SRQ (send_wqe.dest_qpn) on every request
wire        q_xrc   = q_type == `RNIC_QP_TYPE_XRC_SEND;
wire [2:0]  q_mtu   = w_qs_reg[`RNIC_REQ_QPC_PATH_MTU_LSB +: `RNIC_REQ_QPC_PATH_MTU_W];
wire        q_sigall = w_qs_reg[`RNIC_REQ_QPC_SQ_SIG_ALL_LSB];
wire [23:0] q_pdn   = w_qs_reg[`RNIC_REQ_QPC_PDN_LSB +: `RNIC_REQ_QPC_PDN_W];
wire [23:0] q_dqpn  = w_qs_reg[`RNIC_REQ_QPC_DEST_QPN_LSB +: `RNIC_REQ_QPC_DEST_QPN_W];
wire [47:0] q_dmac  = w_qs_reg[`RNIC_REQ_QPC_DMAC_LSB +: `RNIC_REQ_QPC_DMAC_W];
wire [15:0] q_sport = w_qs_reg[`RNIC_REQ_QPC_UDP_SPORT_LSB +: `RNIC_REQ_QPC_UDP_SPORT_W];
wire [31:0] q_dip   = w_qs_reg[`RNIC_REQ_QPC_DIP_LSB +: `RNIC_REQ_QPC_DIP_W];
wire [7:0]  q_ttl   = w_qs_reg[`RNIC_REQ_QPC_HOP_LIMIT_LSB +: `RNIC_REQ_QPC_HOP_LIMIT_W];
wire [7:0]  q_tos   = w_qs_reg[`RNIC_REQ_QPC_TRAFFIC_CLASS_LSB +: `RNIC_REQ_QPC_TRAFFIC_CLASS_W];
wire [15:0] q_pkey  = w_qs_reg[`RNIC_REQ_QPC_PKEY_LSB +: `RNIC_REQ_QPC_PKEY_W];
wire [`RNIC_REQ_QPC_BITS-1:0] w_qs_rd = qpc_mem[w_qp_reg];
wire [23:0] w_psn_rd = psn_mem[w_qp_reg];
wire [3:0]  r_state = w_qs_rd[`RNIC_REQ_QPC_STATE_LSB +: `RNIC_REQ_QPC_STATE_W];
wire [3:0]  r_type  = w_qs_rd[`RNIC_REQ_QPC_TYPE_LSB +: `RNIC_REQ_QPC_TYPE_W];
wire        r_raw   = r_type == `RNIC_QP_TYPE_RAW;
wire [2:0]  r_mtu   = w_qs_rd[`RNIC_REQ_QPC_PATH_MTU_LSB +: `RNIC_REQ_QPC_PATH_MTU_W];
// the rewound head of a retransmission: it restarts at the QP's send PSN,
// skipping the packets before it (a READ asks for the rest of its data);
// an atomic, or a WQE whose length no longer holds the restart PSN (changed
// in host memory), starts over at its first PSN
wire        r_rwh = w_rwh && w_index_reg == rwi_mem[w_qp_reg];
// W_QP registers what W_QC decides on: the QP's send PSN and the rewound
// head's first PSN, flag and packet count (the rewind, above), and the
// opcode, length and wait checks
reg  [23:0] p_psn_reg, p_rwf_reg;
reg         p_rwh_reg;
reg  [23:0] p_npkt_reg;
reg         p_state_bad_reg, p_op_bad_reg, p_len_bad_reg, p_wait_reg;
wire [23:0] p_skip = p_psn_reg - p_rwf_reg;
wire        p_skip_ok = !w_is_atomic && p_skip < p_npkt_reg;
wire [3:0]  q_state = w_qs_reg[`RNIC_REQ_QPC_STATE_LSB +: `RNIC_REQ_QPC_STATE_W];

// path MTU in bytes and its log2 (256 << (code - 1))
wire [3:0]  q_mtu_log = 4'd7 + {1'b0, q_mtu};
wire [31:0] q_mtu_bytes = 32'd1 << q_mtu_log;

// ring occupancy of the WQE's QP
wire w_ring_full = {~w_tail[OW], w_tail[OW-1:0]} == w_head;   // tail - head == OUTS_DEPTH
// bytes of the rewound head already received (a multiple of the path MTU)
// (registered: valid from the cycle after W_QC; W_SGE comes between W_QC
// and every user)
reg  [31:0] w_skb;
always @(posedge clk)
    w_skb <= {8'd0, w_skp_reg} << q_mtu_log;

// SGE k: the WQE's 16-byte slot CTRL_W / SEG_W + sge_off / 16 + k, kept
// as a slot index (set in W_QC, advanced in W_SACT), so W_SGE selects one
// of the buffer's slots
localparam NSLOT = WBUF_W / SEG_W;
localparam SL_W = $clog2(NSLOT);
localparam integer SLOT0_I = CTRL_W / SEG_W;
localparam [SL_W-1:0] SLOT0 = SLOT0_I[SL_W-1:0];
reg  [SL_W-1:0]  sg_slot_reg;
wire [SEG_W-1:0] sge = wbuf_mem[sg_slot_reg * SEG_W +: SEG_W];
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0] sge_lkey = sge[`RNIC_DATA_SEG_LKEY_LSB +: `RNIC_DATA_SEG_LKEY_W];   // its index bits
/* verilator lint_on UNUSEDSIGNAL */
reg  [SEG_W-1:0] sg_reg;                  // the SGE under check (W_SGE .. W_SACT)
wire [63:0] sg_addr = sg_reg[`RNIC_DATA_SEG_ADDR_LSB +: `RNIC_DATA_SEG_ADDR_W];
wire [31:0] sg_len  = sg_reg[`RNIC_DATA_SEG_LENGTH_LSB +: `RNIC_DATA_SEG_LENGTH_W];
wire [31:0] sg_lkey = sg_reg[`RNIC_DATA_SEG_LKEY_LSB +: `RNIC_DATA_SEG_LKEY_W];
// The MPT shadow is read synchronously, one read port (block RAM): the
// key index is registered in mk_idx_reg, the entry is in mpt_rd_reg two
// cycles later. The index comes from the SGE's lkey (W_SGE), the window's
// key (W_QC: BIND_MW's new rkey, LOCAL_INV's key) and the region's lkey
// (W_MW2).
reg  [KEY_W-1:0] mk_idx_reg;
reg              mk_in_reg;               // the key's index is inside the table
reg  [`RNIC_MPT_SHADOW_BITS-1:0] mpt_rd_reg;
wire [31:0] mw_key = w_is_bind ? w_rkey : w_imm;
wire [`RNIC_MPT_SHADOW_BITS-1:0] mpt = mpt_rd_reg;
wire        m_mw    = mpt[`RNIC_MPT_SHADOW_MW_LSB];
wire        m_valid = mpt[`RNIC_MPT_SHADOW_VALID_LSB];
wire [7:0]  m_tag   = mpt[`RNIC_MPT_SHADOW_TAG_LSB +: `RNIC_MPT_SHADOW_TAG_W];
wire [23:0] m_pdn   = mpt[`RNIC_MPT_SHADOW_PDN_LSB +: `RNIC_MPT_SHADOW_PDN_W];
wire [7:0]  m_access = mpt[`RNIC_MPT_SHADOW_ACCESS_LSB +: `RNIC_MPT_SHADOW_ACCESS_W];
wire [63:0] m_start = mpt[`RNIC_MPT_SHADOW_START_LSB +: `RNIC_MPT_SHADOW_START_W];
wire [63:0] m_mlen  = mpt[`RNIC_MPT_SHADOW_LENGTH_LSB +: `RNIC_MPT_SHADOW_LENGTH_W];
wire [63:0] m_iova  = mpt[`RNIC_MPT_SHADOW_IOVA_LSB +: `RNIC_MPT_SHADOW_IOVA_W];

// ---- memory windows (IBA 10.6.7): BIND_MW binds a type 2B window to a
// range of a region for this QP; LOCAL_INV invalidates a bound window. The
// window's entry is latched in W_MW2, the region's (BIND_MW) checked in
// W_MW4 .. W_MW6.
reg [`RNIC_MPT_SHADOW_BITS-1:0] wm_reg;   // the window's key entry
reg            wm_in_reg;                 // its index is inside the table
wire        wm_mw    = wm_reg[`RNIC_MPT_SHADOW_MW_LSB];
wire [23:0] wm_qpn   = wm_reg[`RNIC_MPT_SHADOW_QPN_LSB +: `RNIC_MPT_SHADOW_QPN_W];
wire        wm_valid = wm_reg[`RNIC_MPT_SHADOW_VALID_LSB];
wire [7:0]  wm_tag   = wm_reg[`RNIC_MPT_SHADOW_TAG_LSB +: `RNIC_MPT_SHADOW_TAG_W];
wire [23:0] wm_pdn   = wm_reg[`RNIC_MPT_SHADOW_PDN_LSB +: `RNIC_MPT_SHADOW_PDN_W];
wire [7:0]  wm_access = wm_reg[`RNIC_MPT_SHADOW_ACCESS_LSB +: `RNIC_MPT_SHADOW_ACCESS_W];
wire [63:0] wm_start = wm_reg[`RNIC_MPT_SHADOW_START_LSB +: `RNIC_MPT_SHADOW_START_W];
wire [63:0] wm_len   = wm_reg[`RNIC_MPT_SHADOW_LENGTH_LSB +: `RNIC_MPT_SHADOW_LENGTH_W];
wire [63:0] wm_iova  = wm_reg[`RNIC_MPT_SHADOW_IOVA_LSB +: `RNIC_MPT_SHADOW_IOVA_W];
localparam [7:0] ACC_REMOTE = `RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_READ | `RNIC_ACCESS_REMOTE_ATOMIC;
wire [7:0]  b_acc = w_swap[7:0];
// BIND_MW: the window is a window, unbound (type 2: invalidated before it
// is bound again), in the QP's PD; the region is a live region of the
// QP's PD, its lkey's tag matches, it allows MW_BIND and holds the range;
// the window asks only for remote access bits, remote write and atomic
// only on a region with local write (IBA 10.6.7.2.1); otherwise
// MW_BIND_ERR. W_MW4 registers the window's offset in the region and the
// checks of the entries, W_MW5 the window's end, W_MW6 decides.
reg  [64:0] b_off_reg, b_end_reg;
reg         b_ent_ok_reg;
wire        b_ent_ok = wm_in_reg && wm_mw && !wm_valid && wm_pdn == q_pdn && w_swap[63:8] == 56'd0 &&
                       mk_in_reg && m_valid && !m_mw && m_tag == w_imm[`RNIC_KEY_TAG_BITS-1:0] &&
                       m_pdn == q_pdn && (m_access & `RNIC_ACCESS_MW_BIND) != 8'd0 &&
                       (b_acc & ~ACC_REMOTE) == 8'd0 &&
                       ((b_acc & (`RNIC_ACCESS_REMOTE_WRITE | `RNIC_ACCESS_REMOTE_ATOMIC)) == 8'd0 ||
                        (m_access & `RNIC_ACCESS_LOCAL_WRITE) != 8'd0);
wire b_ok = b_ent_ok_reg && !b_off_reg[64] && !b_end_reg[64] && b_end_reg[63:0] <= m_mlen;
// LOCAL_INV: a bound window of the QP's PD whose key (tag) is the one named
wire i_ok = wm_in_reg && wm_mw && wm_valid && wm_tag == w_imm[`RNIC_KEY_TAG_BITS-1:0] && wm_pdn == q_pdn;
// A key-table write to the window's or the region's entry after W_QC chose
// the window (the table's read register shows a write on the context bus two
// cycles later) leaves the entries read stale: W_MW6 and W_MPTW then start
// again from W_QC instead of deciding on them or writing the window's old
// entry back over the newer one (m_mpt_valid stays low meanwhile, and an
// offered write not yet taken is withdrawn). Any writer counts: the
// firmware, the responder's invalidations, this block's own writes.
reg  mw_stale_reg;   // such a write was on the bus in W_QC or since
// the entry written (W_MPTW)
reg         wu_valid_reg;
reg [7:0]   wu_tag_reg, wu_access_reg;
reg [63:0]  wu_start_reg, wu_len_reg, wu_iova_reg;
reg [23:0]  wu_qpn_reg, wu_pdn_reg;
reg [KEY_W-1:0] wu_idx_reg;               // the window
reg         mw_ev_reg;
reg [63:0]  mw_ev_data_reg;
// an SGE's lkey: a region of the QP's PD holding the SGE's range, with
// local write when it receives data (READ / atomic destination); checked
// in W_SCK against the entry read for it, registered for W_SACT
wire        sge_ok;
wire [63:0] sge_xlat;      // the SGE's address as a device address
reg         sg_ok_reg;
reg  [63:0] sg_xlat_reg;
rnic_key_check #(
    .KEY_W(KEY_W)
) sge_check (
    .entry(mpt),
    .key(sg_lkey),
    .remote(1'b0),
    .pdn(q_pdn),
    .qpn(24'd0),           // (an lkey names no window)
    .need(w_is_rdat ? `RNIC_ACCESS_LOCAL_WRITE : 8'd0),
    .addr(sg_addr),
    .len(sg_len),
    .ok(sge_ok),
    .dev_addr(sge_xlat)
);

// emitter and gatherer handshakes with the WQE stage (the gatherer is busy;
// the data of every DMA read it issued has arrived)
reg  e_busy_reg, e_busy_next;
wire g_busy, g_out_idle;
wire w_start = (w_state_reg == W_GO);

// completion-stage requests
wire w_push_valid = (w_state_reg == W_PUSH);
wire w_err_valid  = (w_state_reg == W_ERR);
wire w_req_ready;
wire w_signaled = q_sigall || ((w_flags & `RNIC_WQE_FLAG_SIGNALED) != 8'd0);
wire [23:0] w_last_psn = w_psn_reg + w_npkt_reg - 24'd1;

always @* begin
    w_state_next = w_state_reg;
    w_beats_next = w_beats_reg;
    w_qp_next = w_qp_reg;
    w_index_next = w_index_reg;
    w_qs_next = w_qs_reg;
    w_psn_next = w_psn_reg;
    w_k_next = w_k_reg;
    w_sum_next = w_sum_reg;
    w_status_next = w_status_reg;
    w_seterr_next = w_seterr_reg;
    w_npkt_next = w_npkt_reg;
    w_rh_next = w_rh_reg;
    w_skp_next = w_skp_reg;
    w_rk_next = w_rk_reg;
    w_roff_next = w_roff_reg;
    w_rfound_next = w_rfound_reg;
    w_early_next = w_early_reg;
    case (w_state_reg)
    W_RECV: begin
        if (w_rw_go) begin
            w_qp_next = rtx_first_reg;
            w_state_next = W_RW;
        end else if (w_recv_fire) begin
            if (w_beats_reg != WBEATS[WB_W-1:0])
                w_beats_next = w_beats_reg + 1'b1;
            w_qp_next = s_wqe_qpn[QPN_W-1:0];
            w_index_next = s_wqe_index;
            if (s_wqe_tlast)
                w_state_next = W_DEC;
        end
    end
    W_DEC: begin
        w_state_next = W_QP;
    end
    W_QP: begin
        w_qs_next = w_qs_rd;
        w_state_next = W_QC;
    end
    W_QC: begin
        w_psn_next = (p_rwh_reg && !p_skip_ok) ? p_rwf_reg : p_psn_reg;
        w_rh_next = p_rwh_reg;
        w_skp_next = (p_rwh_reg && p_skip_ok) ? p_skip : 24'd0;
        w_rk_next = 5'd0;
        w_roff_next = 32'd0;
        w_rfound_next = 1'b0;
        w_k_next = 5'd0;
        w_sum_next = 33'd0;
        w_seterr_next = 1'b1;
        w_state_next = W_ERR;
        if (err_w || q_state == `RNIC_QP_STATE_ERR) begin
            w_status_next = `RNIC_WC_STATUS_WR_FLUSH_ERR;
            w_seterr_next = 1'b0;
        end else if (p_state_bad_reg) begin
            w_status_next = `RNIC_WC_STATUS_LOC_QP_OP_ERR;
            w_seterr_next = 1'b0;
        end else if (w_rtx) begin
            // a retransmission of this QP waits: drop the WQE, the rewind
            // fetches it again (from the ring head, at or before it); this
            // also ends a wait below for ring room or a READ
            w_beats_next = {WB_W{1'b0}};
            w_state_next = W_RECV;
        end else if (p_op_bad_reg) begin
            w_status_next = `RNIC_WC_STATUS_LOC_QP_OP_ERR;
        end else if (p_len_bad_reg) begin
            w_status_next = `RNIC_WC_STATUS_LOC_LEN_ERR;
        end else if (p_wait_reg) begin
            // wait (W_QP reads the QP's state again)
            w_state_next = W_QP;
        end else begin
            w_state_next = w_is_local ? W_MW1 : W_SGE;
        end
    end
    W_MW1: begin
        w_state_next = W_MW2;
    end
    W_MW2: begin
        w_state_next = w_is_bind ? W_MW3 : W_MW6;
    end
    W_MW3: begin
        w_state_next = W_MW4;
    end
    W_MW4: begin
        w_state_next = W_MW5;
    end
    W_MW5: begin
        w_state_next = W_MW6;
    end
    W_MW6: begin
        w_npkt_next = 24'd0;                 // no packet: the PSN stays
        if (mw_stale_reg) begin
            w_state_next = W_QC;             // read the entries again
        end else if (w_is_bind ? b_ok : i_ok) begin
            w_state_next = W_MPTW;
        end else begin
            w_status_next = w_is_bind ? `RNIC_WC_STATUS_MW_BIND_ERR : `RNIC_WC_STATUS_LOC_PROT_ERR;
            w_seterr_next = 1'b1;
            w_state_next = W_ERR;
        end
    end
    W_MPTW: begin
        if (mw_stale_reg)
            w_state_next = W_QC;             // not offered: read the entries again
        else if (m_mpt_ready)
            w_state_next = W_PUSH;
    end
    W_SGE: begin
        if (w_inline) begin
            w_state_next = W_GO;
        end else if ({3'd0, w_k_reg} == w_nsge) begin
            if (w_sum_reg != {1'b0, w_len}) begin
                w_status_next = `RNIC_WC_STATUS_LOC_LEN_ERR;
                w_state_next = W_ERR;
            end else begin
                w_state_next = W_GO;
            end
        end else begin
            w_state_next = W_SRD;
        end
    end
    W_SRD: begin
        w_state_next = W_SCK;
    end
    W_SCK: begin
        w_state_next = W_SACT;
    end
    W_SACT: begin
        if (sg_len != 32'd0 && !sg_ok_reg) begin
            w_status_next = `RNIC_WC_STATUS_LOC_PROT_ERR;
            w_state_next = W_ERR;
        end else begin
            w_sum_next = w_sum_reg + {1'b0, sg_len};
            w_k_next = w_k_reg + 1'b1;
            w_state_next = W_SGE;
            // a rewound READ: the SGE and offset of its first byte still to come
            if (w_skb != 32'd0 && !w_rfound_reg && {1'b0, w_skb} < w_sum_reg + {1'b0, sg_len}) begin
                w_rfound_next = 1'b1;
                w_rk_next = w_k_reg;
                w_roff_next = w_skb - w_sum_reg[31:0];
            end
        end
    end
    W_GO: begin
        // an acknowledged WQE is pushed on the ring as its packets start,
        // so an ACK or NAK for any of them finds it; UC and UD are pushed
        // (and complete) once all is sent
        w_npkt_next = (w_len == 32'd0 || w_is_atomic) ? 24'd1 : p_npkt_reg - w_skp_reg;
        w_early_next = !q_unack;
        w_state_next = q_unack ? W_RUN : W_PUSH;
    end
    W_RUN: begin
        // UC and UD complete at the push: wait until the data was read too
        if (!e_busy_reg && !g_busy && (!q_unack || g_out_idle)) begin
            w_beats_next = {WB_W{1'b0}};
            w_state_next = q_unack ? W_PUSH : W_RECV;
        end
    end
    W_PUSH, W_ERR: begin
        if (w_req_ready) begin
            w_early_next = 1'b0;
            w_beats_next = {WB_W{1'b0}};
            w_state_next = (w_state_reg == W_PUSH && w_early_reg) ? W_RUN : W_RECV;
        end
    end
    W_RW: begin
        if (w_req_ready)
            w_state_next = W_RECV;
    end
    default: w_state_next = W_RECV;
    endcase
end

// ---------------------------------------------------------------------------
// Emitter: one header beat and one repacker segment command per packet
// ---------------------------------------------------------------------------

reg [31:0] e_rem_reg, e_rem_next;          // message bytes not yet assigned to packets
reg [23:0] e_psn_reg, e_psn_next;
reg        e_first_reg, e_first_next;
reg        e_hdr_done_reg, e_hdr_done_next;
reg        e_seg_done_reg, e_seg_done_next;
reg [15:0] ip_id_reg, ip_id_next;
reg        stat_retrans_pkt_reg;           // a request packet sent again (below the highest PSN sent)
// TSO: the first packet is the header template (tso_hdr_sz bytes), the
// others carry at most tso_mss payload bytes each (rnic_raw_tx builds the
// segments)
reg        e_tpl_reg, e_tpl_next;

// the largest packet payload (the path MTU, TSO's MSS), and the current
// packet's "last" flag and payload length, registered with e_rem: loaded
// at the start, recomputed from the next e_rem after each packet
reg  [31:0] e_max_reg;
reg         e_last_reg, e_last_next;
reg  [31:0] e_plen_reg, e_plen_next;
wire [31:0] e_max_start = w_is_tso ? {16'd0, w_tso_mss} : q_mtu_bytes;
wire        e_last = e_last_reg;
wire [31:0] e_plen = e_plen_reg;
wire        e_hdr_valid = e_busy_reg && !e_hdr_done_reg;
wire        e_seg_valid = e_busy_reg && !e_seg_done_reg && e_plen != 32'd0;
wire        rp_seg_ready;
wire        e_hdr_fire = e_hdr_valid && m_hdr_ready;
wire        e_seg_fire = e_seg_valid && rp_seg_ready;
wire        e_pkt_done = e_busy_reg && (e_hdr_done_reg || e_hdr_fire) &&
                         (e_seg_done_reg || e_seg_fire || e_plen == 32'd0);

// the packet's BTH operation; the transport bits come from the QP type (a
// UD message is one SEND ONLY)
reg [`RNIC_BTH_OP_W-1:0] e_op;
always @* begin
    if (w_is_read)
        e_op = `RNIC_BTH_OP_READ_REQ;
    else if (w_is_atomic)
        e_op = w_is_cs ? `RNIC_BTH_OP_CMP_SWAP : `RNIC_BTH_OP_FETCH_ADD;
    else if (e_first_reg && e_last)
        e_op = w_is_write ? (w_has_imm ? `RNIC_BTH_OP_WRITE_ONLY_IMM : `RNIC_BTH_OP_WRITE_ONLY)
                          : w_is_sinv ? `RNIC_BTH_OP_SEND_ONLY_INV
                          : (w_has_imm ? `RNIC_BTH_OP_SEND_ONLY_IMM : `RNIC_BTH_OP_SEND_ONLY);
    else if (e_first_reg)
        e_op = w_is_write ? `RNIC_BTH_OP_WRITE_FIRST : `RNIC_BTH_OP_SEND_FIRST;
    else if (e_last)
        e_op = w_is_write ? (w_has_imm ? `RNIC_BTH_OP_WRITE_LAST_IMM : `RNIC_BTH_OP_WRITE_LAST)
                          : w_is_sinv ? `RNIC_BTH_OP_SEND_LAST_INV
                          : (w_has_imm ? `RNIC_BTH_OP_SEND_LAST_IMM : `RNIC_BTH_OP_SEND_LAST);
    else
        e_op = w_is_write ? `RNIC_BTH_OP_WRITE_MIDDLE : `RNIC_BTH_OP_SEND_MIDDLE;
end
wire [`RNIC_BTH_TRANSPORT_W-1:0] e_transport = q_uc ? `RNIC_BTH_TRANSPORT_UC : q_ud ? `RNIC_BTH_TRANSPORT_UD :
                                               q_xrc ? `RNIC_BTH_TRANSPORT_XRC : `RNIC_BTH_TRANSPORT_RC;

assign m_hdr_valid     = e_hdr_valid;
assign m_hdr_opcode    = q_raw ? `RNIC_RAW_OPCODE : {e_transport, e_op};
assign m_hdr_se        = e_last && w_solicited && !w_is_rdat;
assign m_hdr_mig       = 1'b0;
assign m_hdr_ackreq    = e_last && !q_unack;                         // UC/UD are never acknowledged
assign m_hdr_pkey      = q_pkey;
// UD: the destination comes from the WQE (its address vector), not the QPC
assign m_hdr_dqpn      = q_ud ? w_ud_dqpn : q_dqpn;
assign m_hdr_psn       = e_psn_reg;
assign m_hdr_dmac      = q_ud ? w_ud_dmac : q_dmac;
assign m_hdr_dip       = q_ud ? w_ud_dip : q_dip;
assign m_hdr_ip_id     = ip_id_reg;
assign m_hdr_ttl       = q_ud ? w_ud_ttl : q_ttl;
assign m_hdr_tos       = q_ud ? w_ud_tos : q_tos;
assign m_hdr_sport     = q_sport;
// RETH on the first (or only) packet of an RDMA WRITE, and on a READ REQUEST
wire   e_reth = (w_is_write || w_is_read) && e_first_reg;
// (a rewound READ asks for the rest of its data only)
assign m_hdr_reth_va   = e_reth ? w_raddr + {32'd0, w_skb} : 64'd0;
assign m_hdr_reth_rkey = e_reth ? w_rkey : 32'd0;
assign m_hdr_reth_len  = e_reth ? w_len - w_skb : 32'd0;
assign m_hdr_aeth      = 32'd0;
// ImmDt on the last packet; send_wqe.imm holds the first wire byte in
// [7:0]. SEND_INV: the IETH on the last packet, the R_Key to invalidate (a
// number in send_wqe.imm, most significant byte first on the wire)
assign m_hdr_imm       = (w_has_imm && e_last) ? {w_imm[7:0], w_imm[15:8], w_imm[23:16], w_imm[31:24]} :
                         (w_is_sinv && e_last) ? w_imm : 32'd0;
// DETH (UD): the WR's Q_Key, or the QP's own when its high bit is set
// (IBA 10.2.4 / 11.4.1.1), and this QP as the source
assign m_hdr_deth_qkey = !q_ud ? 32'd0 : w_ud_qkey[31] ? qkey_mem[w_qp_reg] : w_ud_qkey;
// deth_sqpn: UD the DETH source QP (this QP); XRC the XRCETH's XRC SRQ
assign m_hdr_deth_sqpn = q_ud ? {{(24-QPN_W){1'b0}}, w_qp_reg} : q_xrc ? w_ud_dqpn : 24'd0;
// AtomicETH (IBA 9.4.5): SwapOrAddData is the swap value (CS) or the add
// value (FA, send_wqe.compare_add); CompareData is compare_add (CS) or 0
assign m_hdr_atomic_va = w_is_atomic ? w_raddr : 64'd0;
assign m_hdr_atomic_rkey = w_is_atomic ? w_rkey : 32'd0;
assign m_hdr_atomic_swap = w_is_atomic ? (w_is_cs ? w_swap : w_cmpadd) : 64'd0;
assign m_hdr_atomic_cmp = w_is_cs ? w_cmpadd : 64'd0;
assign m_hdr_atomic_ack = 64'd0;
assign m_hdr_len       = e_plen[12:0];
assign m_hdr_raw_off   = q_raw ? {w_csum, w_is_tso, e_tpl_reg, e_last} : 4'd0;

always @* begin
    e_busy_next = e_busy_reg;
    e_rem_next = e_rem_reg;
    e_psn_next = e_psn_reg;
    e_first_next = e_first_reg;
    e_tpl_next = e_tpl_reg;
    e_hdr_done_next = e_hdr_done_reg || e_hdr_fire;
    e_seg_done_next = e_seg_done_reg || e_seg_fire;
    ip_id_next = ip_id_reg + (e_hdr_fire ? 16'd1 : 16'd0);
    e_last_next = e_last_reg;
    e_plen_next = e_plen_reg;
    if (w_start) begin
        e_busy_next = 1'b1;
        e_rem_next = w_is_rdat ? 32'd0 : w_len - w_skb;   // READ REQUEST, atomics: no payload
        e_psn_next = w_psn_reg;
        e_first_next = w_skp_reg == 24'd0 || w_is_rdat;   // a rewound head goes on mid-message
        e_tpl_next = w_is_tso;
        e_hdr_done_next = 1'b0;
        e_seg_done_next = 1'b0;
        e_last_next = !w_is_tso && e_rem_next <= e_max_start;
        e_plen_next = w_is_tso ? {24'd0, w_tso_hdr} : e_last_next ? e_rem_next : e_max_start;
    end else if (e_pkt_done) begin
        e_rem_next = e_tpl_reg ? e_rem_reg : e_rem_reg - e_plen;
        e_last_next = e_rem_next <= e_max_reg;
        e_plen_next = e_last_next ? e_rem_next : e_max_reg;
        e_tpl_next = 1'b0;
        e_psn_next = e_psn_reg + 24'd1;
        e_first_next = 1'b0;
        e_hdr_done_next = 1'b0;
        e_seg_done_next = 1'b0;
        if (e_last)
            e_busy_next = 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Gatherer (DMA read requests per SGE, split at DMA_CHUNK, or inline beats
// from the WQE buffer) and the repacker cutting the bytes into the emitter's
// packets: rnic_req_gather
// ---------------------------------------------------------------------------

wire [WB_W-1:0] g_inl_beat;
rnic_req_gather #(
    .DATA_W(DATA_W), .DMA_CHUNK(DMA_CHUNK), .TAG_W(TAG_W), .IB_W(WB_W)
) gather (
    .clk(clk), .rst(rst),
    .gl_we(w_state_reg == W_SACT), .gl_k(w_k_reg[3:0]), .gl_addr(sg_xlat_reg), .gl_len(sg_len),
    .start(w_start && !w_is_rdat), .inl(w_inline), .tso(w_is_tso), .skip(w_skb),
    .inl_len(w_is_tso ? {24'd0, w_tso_hdr} : w_len), .nsge(w_nsge),
    .busy(g_busy), .out_idle(g_out_idle),
    // inline bytes (or a TSO WQE's header template) start right after the
    // control segment
    .inl_beat(g_inl_beat), .inl_data(wbuf_mem[CTRL_W + g_inl_beat * DATA_W +: DATA_W]),
    .m_rd_req_addr(m_rd_req_addr), .m_rd_req_len(m_rd_req_len), .m_rd_req_tag(m_rd_req_tag),
    .m_rd_req_valid(m_rd_req_valid), .m_rd_req_ready(m_rd_req_ready),
    .s_rd_tdata(s_rd_tdata), .s_rd_tkeep(s_rd_tkeep), .s_rd_tlast(s_rd_tlast), .s_rd_tvalid(s_rd_tvalid),
    .s_rd_tready(s_rd_tready),
    .s_seg_len(e_plen[15:0]), .s_seg_valid(e_seg_valid), .s_seg_ready(rp_seg_ready),
    .m_pl_tdata(m_axis_pl_tdata), .m_pl_tkeep(m_axis_pl_tkeep), .m_pl_tlast(m_axis_pl_tlast),
    .m_pl_tvalid(m_axis_pl_tvalid), .m_pl_tready(m_axis_pl_tready)
);

// ---------------------------------------------------------------------------
// Completion stage: outstanding-ring pushes, ACK/NAK retirement, error CQEs,
// READ responses and ATOMIC ACKNOWLEDGEs (retire earlier entries, scatter,
// complete the READ / atomic): rnic_req_cmpl, with the retransmission
// timers (rnic_req_timer) and the READ / atomic scatter (rnic_req_scatter)
// beside it
// ---------------------------------------------------------------------------

wire [QPN_W-1:0] c_qp;                    // the completion stage's QP
wire             c_push, c_rw_fire, c_rw_live, c_seterr;
wire [23:0]      c_rw_p, c_rw_first;
wire [15:0]      c_rw_index;
// the shadows the completion stage reads at its QP and at w_qp
wire [3:0]       c_bst = bst_mem[c_qp];
wire             c_live = !err_c && (c_bst == `RNIC_QP_STATE_RTS || c_bst == `RNIC_QP_STATE_SQD);
wire [`RNIC_REQ_RETRY_BITS-1:0] c_rtp = rtp_mem[c_qp];
wire [`RNIC_REQ_RETRY_BITS-1:0] w_rtp = rtp_mem[w_qp_reg];
wire             c_xrc = xrc_mem[c_qp];
wire [15:0]      c_nidx = nidx_mem[c_qp];
// the timers' commands and the scatter's (rnic_req_cmpl's ports)
wire [QPN_W-1:0] tw_q;
wire             tw_arm, tw_rnr, tw_off, tw_rl_load, tw_rl_dec, tw_rnr_dec, tw_hold_set, tw_hold_clr, tw_rtx;
wire [23:0]      tw_rpsn;
wire [`RNIC_REQ_RETRY_BITS-1:0] tw_rtp;
wire [4:0]       tw_rnr_code;
wire             c_ld2, tmo_take;
wire             sc_ld, sc_ld_fin, sc_start, pl_drop, pl_keep, pl_atom;
wire [`RNIC_REQ_READ_BITS-1:0] sc_ld_prog, sc_prog;
wire [12:0]      sc_ld_len;
wire [63:0]      sc_atack;
wire             sc_left, sc_done, sc_fin, sc_pl_idle;
wire [23:0]      sc_last;

rnic_req_cmpl #(.QPN_W(QPN_W), .OUTS_DEPTH(OUTS_DEPTH)) cmpl (
    .clk(clk), .rst(rst),
    .sweep_busy(sweep_busy_reg), .sweep_qp(sweep_qp), .ctx_rst(ctx_rst_w), .ctx_qp(ctx_qp),
    .w_push_valid(w_push_valid), .w_err_valid(w_err_valid), .w_rw_valid(w_state_reg == W_RW),
    .w_req_ready(w_req_ready),
    .w_qp(w_qp_reg), .w_index(w_index_reg), .w_psn(w_psn_reg), .w_skp(w_skp_reg), .w_last_psn(w_last_psn),
    .w_sig(w_signaled), .w_op(w_cqe_op), .w_len(w_len), .w_rk(w_rk_reg), .w_roff(w_roff_reg), .w_skb(w_skb),
    .w_unack(q_unack), .w_local(w_is_local), .w_rdat(w_is_rdat), .w_atomic(w_is_atomic), .w_rh(w_rh_reg),
    .w_status(w_status_reg), .w_rtp(w_rtp),
    .w_head(w_head), .w_tail(w_tail), .w_rd_busy(w_rd_busy),
    .c_qp(c_qp), .c_rtp(c_rtp), .c_live(c_live), .c_xrc(c_xrc), .c_nidx(c_nidx),
    .c_push(c_push), .c_rw_fire(c_rw_fire), .c_rw_live(c_rw_live), .c_rw_p(c_rw_p),
    .rw_index(c_rw_index), .rw_first(c_rw_first), .c_seterr(c_seterr),
    .s_ack_opcode(s_ack_opcode), .s_ack_dqpn(s_ack_dqpn), .s_ack_psn(s_ack_psn), .s_ack_aeth(s_ack_aeth),
    .s_ack_atomic_ack(s_ack_atomic_ack), .s_ack_len(s_ack_len), .s_ack_valid(s_ack_valid),
    .s_ack_ready(s_ack_ready),
    .tw_q(tw_q), .tw_arm(tw_arm), .tw_rnr(tw_rnr), .tw_off(tw_off), .tw_rl_load(tw_rl_load),
    .tw_rl_dec(tw_rl_dec), .tw_rnr_dec(tw_rnr_dec), .tw_hold_set(tw_hold_set), .tw_hold_clr(tw_hold_clr),
    .tw_rtx(tw_rtx), .tw_rpsn(tw_rpsn), .tw_rtp(tw_rtp), .tw_rnr_code(tw_rnr_code), .c_ld2(c_ld2),
    .c_tm_rnr(c_tm_rnr), .c_hold(c_hold), .c_rl(c_rl), .c_rpsn(c_rpsn), .c_tmo_due(c_tmo_due_reg),
    .w_tm_on(w_tm_on), .tmo_pend(tmo_pend), .tmo_q(tmo_q), .tmo_take(tmo_take),
    .sc_ld(sc_ld), .sc_ld_prog(sc_ld_prog), .sc_ld_len(sc_ld_len), .sc_ld_fin(sc_ld_fin), .sc_start(sc_start),
    .pl_drop(pl_drop), .pl_keep(pl_keep), .pl_atom(pl_atom), .sc_atack(sc_atack),
    .sc_left(sc_left), .sc_done(sc_done), .sc_fin(sc_fin), .sc_last(sc_last), .sc_prog(sc_prog),
    .sc_pl_idle(sc_pl_idle),
    .m_cqe_valid(m_cqe_valid), .m_cqe_ready(m_cqe_ready), .m_cqe_data(m_cqe_data),
    .m_rw_valid(m_rw_valid), .m_rw_ready(m_rw_ready), .m_rw_index(m_rw_index),
    .stat_ack_drop(stat_ack_drop), .stat_nak_seq(stat_nak_seq), .stat_nak_rnr(stat_nak_rnr),
    .stat_retrans(stat_retrans), .stat_timeout(stat_timeout), .stat_retry_exc(stat_retry_exc)
);
assign m_cqe_cqn = cqn_mem[c_qp];
assign m_rw_qpn = {{(24-QPN_W){1'b0}}, c_qp};

rnic_req_timer #(
    .QPN_W(QPN_W),
    .TICK_CYCLES(TICK_CYCLES)
) timer (
    .clk(clk), .rst(rst), .tick_turbo(tick_turbo),
    .sweep_busy(sweep_busy_reg), .sweep_qp(sweep_qp),
    .cmd_q(tw_q), .cmd_arm(tw_arm), .cmd_rnr(tw_rnr), .cmd_off(tw_off),
    .cmd_rl_load(tw_rl_load), .cmd_rl_dec(tw_rl_dec), .cmd_rnr_dec(tw_rnr_dec),
    .cmd_hold_set(tw_hold_set), .cmd_hold_clr(tw_hold_clr), .cmd_rtx(tw_rtx), .cmd_rpsn(tw_rpsn),
    .cmd_timeout(tw_rtp[`RNIC_REQ_RETRY_TIMEOUT_LSB +: `RNIC_REQ_RETRY_TIMEOUT_W]), .cmd_rnr_code(tw_rnr_code),
    .cmd_retry_cnt(tw_rtp[`RNIC_REQ_RETRY_RETRY_CNT_LSB +: `RNIC_REQ_RETRY_RETRY_CNT_W]),
    .cmd_rnr_retry(tw_rtp[`RNIC_REQ_RETRY_RNR_RETRY_LSB +: `RNIC_REQ_RETRY_RNR_RETRY_W]),
    .ctx_valid(ctx_qpc), .ctx_qp(ctx_qp), .ctx_reset(ctx_reset),
    .ctx_err(ctx_state == `RNIC_QP_STATE_ERR),
    .rtx_clr(c_rw_fire), .rtx_clr_qp(c_qp),
    .c_qp(c_qp), .c_ld2(c_ld2),
    .c_rnr(c_tm_rnr), .c_hold(c_hold), .c_rl(c_rl), .c_rpsn(c_rpsn), .c_tmo_due(c_tmo_due_reg),
    .w_qp(w_qp_reg), .w_tm_on(w_tm_on), .w_rtx(w_rtx),
    .rtx_valid(rtx_valid), .rtx_qp(rtx_qp),
    .tmo_pend(tmo_pend), .tmo_q(tmo_q), .tmo_take(tmo_take),
    .timer_busy(timer_busy), .timer_skip_ok(timer_skip_ok)
);

// READ response / atomic scatter (the completion stage's C_SCAT), and the
// router of the ACK input's payload
rnic_req_scatter #(.DATA_W(DATA_W), .QPN_W(QPN_W)) scatter (
    .clk(clk), .rst(rst),
    .sg_we(w_state_reg == W_SACT && w_is_rdat), .sg_qp(w_qp_reg), .sg_k(w_k_reg[SI_W-1:0]),
    .sg_addr(sg_xlat_reg), .sg_len(sg_len),
    .qp(c_qp),
    .ld(sc_ld), .ld_prog(sc_ld_prog), .ld_len(sc_ld_len), .ld_fin(sc_ld_fin),
    .start(sc_start), .left(sc_left), .done(sc_done), .fin(sc_fin), .last(sc_last), .prog(sc_prog),
    .pl_drop(pl_drop), .pl_keep(pl_keep), .pl_atom(pl_atom), .atack(sc_atack), .pl_idle(sc_pl_idle),
    .s_pl_tdata(s_ack_pl_tdata), .s_pl_tkeep(s_ack_pl_tkeep), .s_pl_tlast(s_ack_pl_tlast),
    .s_pl_tvalid(s_ack_pl_tvalid), .s_pl_tready(s_ack_pl_tready),
    .m_wr_req_addr(m_wr_req_addr), .m_wr_req_len(m_wr_req_len), .m_wr_req_valid(m_wr_req_valid),
    .m_wr_req_ready(m_wr_req_ready),
    .m_wr_tdata(m_wr_tdata), .m_wr_tkeep(m_wr_tkeep), .m_wr_tlast(m_wr_tlast),
    .m_wr_tvalid(m_wr_tvalid), .m_wr_tready(m_wr_tready)
);

assign stat_retrans_pkt = stat_retrans_pkt_reg;
assign m_err_c_valid = err_c_reg;
assign m_err_c_qpn = {{(24-QPN_W){1'b0}}, err_c_qp_reg};
assign m_err_w_valid = err_w_reg;
assign m_err_w_qpn = {{(24-QPN_W){1'b0}}, err_w_qp_reg};


// the window's new key entry, in context format (the fields rnic_req and
// rnic_resp keep; the rest zero)
wire [32*`RNIC_CTX_WORDS-1:0] mpt_wd;
rnic_mw_entry mw_entry_inst (
    .valid(wu_valid_reg), .access(wu_access_reg), .tag(wu_tag_reg), .pdn(wu_pdn_reg),
    .start(wu_start_reg), .length(wu_len_reg), .iova(wu_iova_reg), .qpn(wu_qpn_reg),
    .entry(mpt_wd)
);
assign m_mpt_valid = (w_state_reg == W_MPTW) && !mw_stale_reg;
assign m_mpt_index = {{(24-KEY_W){1'b0}}, wu_idx_reg};
assign m_mpt_data = mpt_wd;
assign m_mw_ev_valid = mw_ev_reg;
assign m_mw_ev = mw_ev_data_reg;

// ---------------------------------------------------------------------------
// Registers and tables
// ---------------------------------------------------------------------------

// send PSN writes (one port)
reg              psn_pend_reg;
reg  [QPN_W-1:0] psn_pend_qp_reg;
reg  [23:0]      psn_pend_val_reg;
wire             psn_eng = c_push || (c_rw_fire && c_rw_live);
wire [QPN_W-1:0] psn_eng_qp = c_push ? w_qp_reg : c_qp;
wire             psn_we = sweep_busy_reg || psn_eng || psn_pend_reg;
wire [QPN_W-1:0] psn_wa = sweep_busy_reg ? sweep_qp : psn_eng ? psn_eng_qp : psn_pend_qp_reg;
wire [23:0]      psn_wd = sweep_busy_reg ? 24'd0 : c_push ? w_last_psn + 24'd1 :
                          psn_eng ? c_rw_p : psn_pend_val_reg;

// the error completion the completion stage takes from the WQE stage sets
// the QP's error flag (w_seterr_reg); a request packet above the highest
// PSN sent raises it
wire w_err_set = w_err_valid && w_req_ready && w_seterr_reg;
wire hi_up = e_hdr_fire && !q_unack && (!w_hi_valid || psn_le(hi_mem[w_qp_reg], e_psn_reg));

integer wb;
always @(posedge clk) begin
    w_state_reg <= w_state_next;
    w_beats_reg <= w_beats_next;
    w_qp_reg <= w_qp_next;
    w_index_reg <= w_index_next;
    w_qs_reg <= w_qs_next;
    w_psn_reg <= w_psn_next;
    w_k_reg <= w_k_next;
    w_sum_reg <= w_sum_next;
    w_status_reg <= w_status_next;
    w_seterr_reg <= w_seterr_next;
    // the checks W_QC acts on (W_QP)
    if (w_state_reg == W_QP) begin
        p_psn_reg <= w_psn_rd;
        p_rwf_reg <= rwf_mem[w_qp_reg];
        p_rwh_reg <= r_rwh;
        case (r_mtu)
        3'd1: p_npkt_reg <= w_npkt_m[0 +: 24];
        3'd2: p_npkt_reg <= w_npkt_m[24 +: 24];
        3'd3: p_npkt_reg <= w_npkt_m[48 +: 24];
        3'd4: p_npkt_reg <= w_npkt_m[72 +: 24];
        3'd5: p_npkt_reg <= w_npkt_m[96 +: 24];
        default: p_npkt_reg <= 24'd0;    // (an MTU code out of range: LOC_QP_OP_ERR)
        endcase
        p_state_bad_reg <= r_state != `RNIC_QP_STATE_RTS && r_state != `RNIC_QP_STATE_SQD;
        // UC has no READ or atomics, UD only SEND and SEND_IMM (no memory
        // operations, no invalidation), RAW_PACKET only SEND and TSO (TSO
        // on no other type, never inline), and an inline READ, atomic or
        // memory operation makes no sense (the library refuses all of
        // these): LOC_QP_OP_ERR
        p_op_bad_reg <= !(r_type == `RNIC_QP_TYPE_RC || r_type == `RNIC_QP_TYPE_XRC_SEND ||
                          (r_type == `RNIC_QP_TYPE_UC && !w_is_rdat) ||
                          (r_type == `RNIC_QP_TYPE_UD && w_is_send && !w_is_sinv) ||
                          (r_raw && (w_is_psend || w_is_tso))) ||
                        !w_op_known || (w_is_tso && (!r_raw || w_inline)) ||
                        (w_is_local && w_inline) || (w_is_rdat && w_inline) ||
                        r_mtu == 3'd0 || r_mtu > `RNIC_MTU_4096;
        // the WQE's own sizes (W_DEC), a UD message longer than the path
        // MTU, a RAW_PACKET frame out of bounds: LOC_LEN_ERR (the SGE
        // lengths must add up to the length: W_SGE)
        p_len_bad_reg <= w_len_bad != 2'd0 || w_sge_bad || (r_type == `RNIC_QP_TYPE_UD && r_mtu != 3'd0 && w_len_gt[r_mtu - 3'd1]) ||
                         (r_raw && w_raw_len_bad);
        // wait for ACKs to free an entry, or (READ, atomic) for the QP's
        // outstanding READ or atomic to complete: one per QP at a time; a
        // fenced WQE waits for it too (ibv_post_send(3) IBV_SEND_FENCE),
        // and for its data to be in host memory (write requests done),
        // since the fenced WQE may read that memory; a memory operation
        // waits until every earlier WQE of the QP completed (it takes
        // effect, and completes, in order). While the WQE stage waits only
        // the completion stage changes these, towards "go", so W_QC may act
        // on them a cycle late.
        p_wait_reg <= w_ring_full || ((w_is_rdat || w_fence) && w_rd_busy) ||
                      (w_fence && wr_out_reg != 16'd0) || (w_is_local && w_tail != w_head);
    end
    // the key-table read: its index (a window's key in W_QC, an SGE's lkey
    // in W_SGE, a region's lkey in W_MW2), the entry two cycles later
    if (w_state_reg == W_QC) begin
        mk_idx_reg <= mw_key[`RNIC_KEY_TAG_BITS +: KEY_W];
        mk_in_reg <= (mw_key >> (`RNIC_KEY_TAG_BITS + KEY_W)) == 32'd0;
        sg_slot_reg <= SLOT0 + w_sge_slots[SL_W-1:0];
    end
    if (w_state_reg == W_SGE) begin
        sg_reg <= sge;
        mk_idx_reg <= sge_lkey[`RNIC_KEY_TAG_BITS +: KEY_W];
    end
    if (w_state_reg == W_MW2) begin
        mk_idx_reg <= w_imm[`RNIC_KEY_TAG_BITS +: KEY_W];
        mk_in_reg <= (w_imm >> (`RNIC_KEY_TAG_BITS + KEY_W)) == 32'd0;
    end
    mpt_rd_reg <= mpt_mem[mk_idx_reg];
    // an SGE's key check (W_SCK), the next slot (W_SACT)
    if (w_state_reg == W_SCK) begin
        sg_ok_reg <= sge_ok;
        sg_xlat_reg <= sge_xlat;
    end
    if (w_state_reg == W_SACT)
        sg_slot_reg <= sg_slot_reg + 1'b1;
    // memory windows: the window's entry (W_MW2), the region's checks and
    // the offset (W_MW4), the window's end (W_MW5), the entry to write (W_MW6)
    if (w_state_reg == W_MW2) begin
        wm_reg <= mpt;
        wm_in_reg <= mk_in_reg;
    end
    if (w_state_reg == W_MW4) begin
        b_off_reg <= {1'b0, w_raddr} - {1'b0, m_start};
        b_ent_ok_reg <= b_ent_ok;
    end
    if (w_state_reg == W_MW5) begin
        b_end_reg <= {1'b0, b_off_reg[63:0]} + {1'b0, w_cmpadd};
    end
    if (w_state_reg == W_MW6) begin
        wu_idx_reg <= mw_key[`RNIC_KEY_TAG_BITS +: KEY_W];
        wu_valid_reg <= w_is_bind;
        wu_tag_reg <= w_is_bind ? w_rkey[7:0] : wm_tag;
        wu_access_reg <= w_is_bind ? b_acc : wm_access;
        wu_start_reg <= w_is_bind ? w_raddr : wm_start;
        wu_len_reg <= w_is_bind ? w_cmpadd : wm_len;
        wu_iova_reg <= w_is_bind ? m_iova + b_off_reg[63:0] : wm_iova;
        wu_qpn_reg <= w_is_bind ? {{(24-QPN_W){1'b0}}, w_qp_reg} : wm_qpn;
        wu_pdn_reg <= wm_pdn;
    end
    mw_ev_reg <= (w_state_reg == W_MPTW) && !mw_stale_reg && m_mpt_ready;
    // (one flop, so that m_mpt_valid is one LUT from flops)
    mw_stale_reg <= !rst && ((w_state_reg != W_QC && mw_stale_reg) ||
                             (ctx_wr_valid && ctx_wr_table == `RNIC_CTX_TABLE_MPT &&
                              (ctx_wr_index[KEY_W-1:0] == mw_key[`RNIC_KEY_TAG_BITS +: KEY_W] ||
                               ctx_wr_index[KEY_W-1:0] == w_imm[`RNIC_KEY_TAG_BITS +: KEY_W])));
    if (w_state_reg == W_MPTW)
        mw_ev_data_reg <= w_is_bind ?
            {w_imm, `RNIC_HW_EVENT_MW_BIND, w_rkey[23:0]} :       // region lkey; window's new rkey
            {32'd0, `RNIC_HW_EVENT_MW_INVAL, w_imm[23:0]};        // the window's rkey
    w_npkt_reg <= w_npkt_next;
    e_busy_reg <= e_busy_next;
    e_last_reg <= e_last_next;
    e_plen_reg <= e_plen_next;
    if (w_start)
        e_max_reg <= e_max_start;
    e_rem_reg <= e_rem_next;
    e_psn_reg <= e_psn_next;
    e_first_reg <= e_first_next;
    e_tpl_reg <= e_tpl_next;
    e_hdr_done_reg <= e_hdr_done_next;
    e_seg_done_reg <= e_seg_done_next;
    ip_id_reg <= ip_id_next;
    w_rh_reg <= w_rh_next;
    w_skp_reg <= w_skp_next;
    w_rk_reg <= w_rk_next;
    w_roff_reg <= w_roff_next;
    w_rfound_reg <= w_rfound_next;
    w_early_reg <= w_early_next;
    stat_retrans_pkt_reg <= e_hdr_fire && !q_unack && w_hi_valid && !psn_le(hi_mem[w_qp_reg], e_psn_reg);
    if ((m_wr_req_valid && m_wr_req_ready) && !s_wr_done)
        wr_out_reg <= wr_out_reg + 16'd1;
    else if (!(m_wr_req_valid && m_wr_req_ready) && s_wr_done)
        wr_out_reg <= wr_out_reg - 16'd1;

    // WQE buffer
    for (wb = 0; wb < WBEATS; wb = wb + 1)
        if (w_recv_fire && w_beats_reg == wb[WB_W-1:0])
            wbuf_mem[wb * DATA_W +: DATA_W] <= s_wqe_tdata;
    // The reset sweep owns the per-QP tables' write ports (here and below;
    // nothing else writes them while it runs).
    // the send PSN: one write port, for the sweep, the engines (push,
    // rewind) and, when neither writes, a context write's SQ PSN (RTS edge)
    // kept pending until then; an engine write to its QP supersedes it (the
    // firmware's context writes of two QPs come many cycles apart, so one is
    // written before the next arrives)
    if (psn_we)
        psn_mem[psn_wa] <= psn_wd;
    if (ctx_qpc && ctx_to_rts) begin
        psn_pend_reg <= 1'b1;
        psn_pend_qp_reg <= ctx_qp;
        psn_pend_val_reg <= cw[`RNIC_QPC_SQ_PSN_LSB +: 24];
    end else if (psn_pend_reg && (!psn_eng || psn_eng_qp == psn_pend_qp_reg)) begin
        psn_pend_reg <= 1'b0;
    end
    // the highest request PSN sent (a READ REQUEST stands for its responses' PSNs)
    if (sweep_busy_reg) begin
        hi_mem[sweep_qp] <= 24'd0;
    end else if (hi_up) begin
        hi_mem[w_qp_reg] <= (w_is_read ? w_last_psn : e_psn_reg) + 24'd1;
    end
    // the rewound head the WQE stage expects; the next WQE index
    if (sweep_busy_reg) begin
        rwi_mem[sweep_qp] <= 16'd0;
        rwf_mem[sweep_qp] <= 24'd0;
        nidx_mem[sweep_qp] <= 16'd0;
    end else if (c_rw_fire) begin
        rwi_mem[c_qp] <= c_rw_index;
        rwf_mem[c_qp] <= c_rw_first;
        if (c_rw_live)
            nidx_mem[c_qp] <= c_rw_index;
    end else if (w_req_ready && (w_state_reg == W_PUSH || w_state_reg == W_ERR)) begin
        nidx_mem[w_qp_reg] <= w_index_reg + 16'd1;
    end
    // QP error flag (its timer stops): err_eng and err_fatal below
    err_c_reg <= c_seterr && !err_c;
    err_c_qp_reg <= c_qp;
    err_w_reg <= w_err_set && !err_w;
    err_w_qp_reg <= w_qp_reg;

    // reset sweep of the shadows (ctx_qpc and ctx_mpt are low meanwhile)
    if (sweep_busy_reg) begin
        qpc_mem[sweep_qp] <= {`RNIC_REQ_QPC_BITS{1'b0}};
        cqn_mem[sweep_qp] <= 24'd0;
        qkey_mem[sweep_qp] <= 32'd0;
        xrc_mem[sweep_qp] <= 1'b0;
        bst_mem[sweep_qp] <= 4'd0;
        rtp_mem[sweep_qp] <= {`RNIC_REQ_RETRY_BITS{1'b0}};
        mpt_mem[sweep_key] <= {`RNIC_MPT_SHADOW_BITS{1'b0}};
    end
    // context broadcast (wins over the engines' own writes)
    if (ctx_qpc) begin
        qpc_mem[ctx_qp] <= ctx_qs;
        cqn_mem[ctx_qp] <= cw[`RNIC_QPC_SEND_CQN_LSB +: 24];
        qkey_mem[ctx_qp] <= cw[`RNIC_QPC_QKEY_LSB +: 32];
        xrc_mem[ctx_qp] <= cw[`RNIC_QPC_TYPE_LSB +: 4] == `RNIC_QP_TYPE_XRC_SEND;
        bst_mem[ctx_qp] <= ctx_state;
        rtp_mem[ctx_qp] <= ctx_rtp;
        // (a reset clears the error, READ busy, rewound head, highest PSN
        // valid flags and the ring's head and tail, an RTS edge the highest
        // PSN valid flag: the rnic_qp_val tables below)
    end
    if (ctx_mpt)
        mpt_mem[ctx_index_r[KEY_W-1:0]] <= ctx_ms;

    if (rst) begin
        w_state_reg <= W_RECV;
        w_beats_reg <= {WB_W{1'b0}};
        e_busy_reg <= 1'b0;
        e_tpl_reg <= 1'b0;
        e_hdr_done_reg <= 1'b0;
        e_seg_done_reg <= 1'b0;
        ip_id_reg <= 16'd0;
        stat_retrans_pkt_reg <= 1'b0;
        w_rh_reg <= 1'b0;
        w_early_reg <= 1'b0;
        w_skp_reg <= 24'd0;
        err_c_reg <= 1'b0;
        err_w_reg <= 1'b0;
        mw_ev_reg <= 1'b0;
        psn_pend_reg <= 1'b0;
        wr_out_reg <= 16'd0;
    end
end

// ---------------------------------------------------------------------------
// Per-QP values with an engine writer and the context write (one write port
// per table, registered reads at c_qp and w_qp: block RAM at any QP count;
// rnic_qp_val). The engine's writes of each are never two in one cycle.
// ---------------------------------------------------------------------------

// the rewound head flag: set (live) or cleared by a rewind, cleared when
// the WQE stage hands the rewound head on
/* verilator lint_off PINCONNECTEMPTY */
rnic_qp_val #(.QPN_W(QPN_W), .W(1)) rwh (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy_reg), .sweep_qp(sweep_qp),
    .e_we(c_rw_fire || (w_req_ready && (w_state_reg == W_PUSH || w_state_reg == W_ERR) && w_rh_reg)),
    .e_q(c_rw_fire ? c_qp : w_qp_reg), .e_val(c_rw_fire && c_rw_live),
    .x_we(ctx_rst_w), .x_q(ctx_qp), .x_val(1'b0),
    .r1_q(w_qp_reg), .r2_q(w_qp_reg), .r1(w_rwh), .r2()
);
// the highest request PSN sent is valid (hi_mem)
rnic_qp_val #(.QPN_W(QPN_W), .W(1)) hi_valid (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy_reg), .sweep_qp(sweep_qp),
    .e_we(hi_up), .e_q(w_qp_reg), .e_val(1'b1),
    .x_we(ctx_qpc && (ctx_to_rts || ctx_reset)), .x_q(ctx_qp), .x_val(1'b0),
    .r1_q(w_qp_reg), .r2_q(w_qp_reg), .r1(w_hi_valid), .r2()
);
/* verilator lint_on PINCONNECTEMPTY */
// the error flag: set by the completion stage or an error completion the
// WQE stage hands it (never in one cycle), and by the fetch engine's fatal
// WQE error (a table of its own); a reset clears both
wire ec_c, ec_w, ef_c, ef_w;
rnic_qp_val #(.QPN_W(QPN_W), .W(1)) err_eng (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy_reg), .sweep_qp(sweep_qp),
    .e_we(c_seterr || w_err_set), .e_q(c_seterr ? c_qp : w_qp_reg), .e_val(1'b1),
    .x_we(ctx_rst_w), .x_q(ctx_qp), .x_val(1'b0),
    .r1_q(c_qp), .r2_q(w_qp_reg), .r1(ec_c), .r2(ec_w)
);
rnic_qp_val #(.QPN_W(QPN_W), .W(1)) err_fatal (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy_reg), .sweep_qp(sweep_qp),
    .e_we(s_fatal_valid && !sweep_busy_reg), .e_q(s_fatal_qpn[QPN_W-1:0]), .e_val(1'b1),
    .x_we(ctx_rst_w), .x_q(ctx_qp), .x_val(1'b0),
    .r1_q(c_qp), .r2_q(w_qp_reg), .r1(ef_c), .r2(ef_w)
);
assign err_c = ec_c || ef_c;
assign err_w = ec_w || ef_w;

endmodule

`default_nettype wire
