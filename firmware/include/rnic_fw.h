/* rnic control-path firmware: executes host commands from the command queue
 * and keeps the hardware's context tables (qpc, cqc, mpt, srqc, flow) in
 * step.
 *
 * Freestanding C11. The firmware touches the NIC only through the firmware
 * port registers (regblock "fw" in docs/contract.md), reached through the
 * hal below, so the same code runs on the embedded core (MMIO), in the
 * co-simulation and in the unit tests. All state lives in struct rnic_fw:
 * no globals, no allocation, every loop bounded.
 */
#ifndef RNIC_FW_H
#define RNIC_FW_H

#include <stdint.h>

#include "rnic_contract.h"

/* Firmware version reported by QUERY_DEVICE (major << 16 | minor). */
#define RNIC_FW_VERSION_MAJOR 1u
#define RNIC_FW_VERSION_MINOR 0u

/* Compile-time table maxima; rnic_fw_config may ask for less. */
#define RNIC_FW_MAX_QPS   (1u << RNIC_LOG_QPS)
#define RNIC_FW_MAX_CQS   (1u << RNIC_LOG_CQS)
#define RNIC_FW_MAX_MRS   (1u << RNIC_LOG_MRS)
#define RNIC_FW_MAX_PDS   (1u << RNIC_LOG_PDS)
#define RNIC_FW_MAX_SRQS  (1u << RNIC_LOG_SRQS)
#define RNIC_FW_MAX_UCTXS RNIC_DB_PAGES
/* XRC domains have no hardware table (contexts carry the number only), so
 * their count is fixed by the contract rather than by rnic_fw_config. */
#define RNIC_FW_MAX_XRCDS (1u << RNIC_LOG_XRCDS)
/* Flow steering rules: the hardware's FLOW table, fixed by the contract
 * (LOG_FLOWS); every entry can be handed out (index 0 included). */
#define RNIC_FW_MAX_FLOWS (1u << RNIC_LOG_FLOWS)

/* QPN 0 and 1 are the IB special QPs (SMI, GSI); they are never handed out. */
#define RNIC_FW_FIRST_QPN 2u
/* Memory-key index 0 is never handed out, so key 0 never names a region. */
#define RNIC_FW_FIRST_MR  1u
/* SRQ number 0 is never handed out, so srqn 0 never names a queue. */
#define RNIC_FW_FIRST_SRQ 1u
/* XRCD number 0 means "no domain" (contract LOG_XRCDS): never handed out. */
#define RNIC_FW_FIRST_XRCD 1u
/* Doorbell page 0 is never handed out, so a zeroed (destroyed) context
 * names no live owner. */
#define RNIC_FW_FIRST_UCTX 1u

/* Outstanding READ/atomic per QP the firmware accepts: the contract's
 * MAX_RD_ATOMIC, limited to what the 4-bit qpc fields can hold. */
#define RNIC_FW_MAX_RD_ATOMIC                                                 \
	(RNIC_MAX_RD_ATOMIC < RNIC_QPC_MAX_RD_ATOMIC_MASK ? RNIC_MAX_RD_ATOMIC :  \
							    RNIC_QPC_MAX_RD_ATOMIC_MASK)

/* Port attributes reported by QUERY_PORT. */
#define RNIC_FW_PORT_MAX_MTU    RNIC_MTU_4096
#define RNIC_FW_PORT_SPEED_GBPS 100u
#define RNIC_FW_GID_TBL_LEN     1u
#define RNIC_FW_PKEY_DEFAULT    0xFFFFu /* full-member default P_Key, index 0 */

/* Bounded wait for FW_CTX_STATUS.busy before each context write. */
#define RNIC_FW_CTX_BUSY_SPINS 1024u
/* Reads of FW_STATUS rnic_fw_init makes while the hardware's reset sweep
 * clears the context tables (one entry per core clock cycle, 2^10 cycles at
 * the default sizes). A read takes at least one core clock cycle, so this
 * covers tables of up to 2^20 entries. */
#define RNIC_FW_READY_SPINS (1u << 20)

/* Access to the firmware port: byte offsets of regblock "fw". */
struct rnic_fw_hal {
	void *opaque;
	uint32_t (*read32)(void *opaque, uint32_t off);
	void (*write32)(void *opaque, uint32_t off, uint32_t v);
};

struct rnic_fw_config {
	uint8_t mac[6];    /* port MAC, mac[0] first on the wire */
	uint32_t ipv4;     /* port IPv4 address, first octet in bits 31:24 */
	uint8_t log_qps;   /* 1..RNIC_LOG_QPS */
	uint8_t log_cqs;   /* 0..RNIC_LOG_CQS */
	uint8_t log_mrs;   /* 1..RNIC_LOG_MRS */
	uint8_t log_pds;   /* 0..RNIC_LOG_PDS */
	uint8_t log_srqs;  /* 0..RNIC_LOG_SRQS (SRQ 0 is reserved: 0 gives none) */
	uint16_t db_pages; /* 2..RNIC_DB_PAGES (page 0 is reserved) */
};

struct rnic_fw_qp {
	uint32_t qpc[RNIC_CTX_WORDS]; /* master copy of the hardware entry */
	uint16_t uctx;                /* owner */
	uint8_t valid;
	uint8_t sqd_notify; /* en_sqd_async_notify of the last RTS->SQD */
};

struct rnic_fw_cq {
	uint32_t cqc[RNIC_CTX_WORDS / 8]; /* words 0..3 of the entry; the rest are 0 */
	uint16_t uctx;
	uint16_t refs; /* QP send/recv bindings and XRC SRQs completing here */
	uint8_t valid;
};

struct rnic_fw_mr {
	uint16_t uctx;
	uint16_t pdn;
	uint16_t mw_binds; /* region: windows bound to it (it cannot be deregistered) */
	uint16_t bound_mr; /* window: key index of the region it is bound to, 0: none */
	uint8_t valid;     /* allocated (a window may be allocated and unbound) */
	uint8_t mw;        /* the entry is a memory window (type 2B) */
	uint8_t tag;       /* tag of the live key, or of the last one if not valid */
};

struct rnic_fw_pd {
	uint16_t uctx;
	uint16_t refs; /* QPs, MRs, MWs and SRQs in this PD */
	uint8_t valid;
};

/* An XRC domain (IBA annex A14, XRC): the name XRC SRQs and XRC target
 * QPs share; a target takes WQEs only from XRC SRQs of its own domain. It
 * belongs to the uctx that opened it, as a PD does. */
struct rnic_fw_xrcd {
	uint16_t uctx;
	uint16_t refs; /* XRC SRQs and XRC_RECV QPs in this domain */
	uint8_t valid;
};

/* A flow steering rule (CREATE_FLOW): the hardware entry holds the match
 * fields, written once; the firmware keeps only what DESTROY_FLOW,
 * DESTROY_QP and FREE_UCTX need. */
struct rnic_fw_flow {
	uint16_t uctx; /* owner */
	uint16_t qpn;  /* the RAW_PACKET QP it steers to */
	uint8_t valid;
};

struct rnic_fw_srq {
	uint64_t base;      /* IOVA of the receive WQE ring */
	uint32_t limit;     /* armed srq_limit (0: not armed; the limit event disarms) */
	uint16_t uctx;      /* owner */
	uint16_t pdn;
	uint16_t refs;      /* QPs whose receives come from this SRQ (never an XRC SRQ) */
	uint16_t xrcdn;     /* XRC SRQ: its domain (0 otherwise) */
	uint16_t cqn;       /* XRC SRQ: the CQ of its receive completions (0 otherwise) */
	uint8_t valid;
	uint8_t xrc;        /* an XRC SRQ (IBV_SRQT_XRC) */
	uint8_t log_size;   /* log2 receive WQEs */
	uint8_t log_stride; /* log2 receive WQE stride in bytes */
};

/* A connection-manager ID (rnic_fw_cm.h): a listener, or one end of a
 * connection or of a service ID resolution, owned by one uctx. A free slot
 * has handle 0 and keeps only gen. */
struct rnic_fw_cm_id {
	uint64_t tid;            /* TransactionID of the exchange under way */
	uint32_t handle;         /* the host's name for it: gen << 8 | slot index */
	uint32_t gen;            /* last generation drawn from this slot (1 .. 2^24 - 1) */
	uint32_t local_comm_id;  /* gen << 8 | slot index, new for each REQ / SIDR_REQ */
	uint32_t remote_comm_id; /* the peer's (its REQ, REP or SIDR_REQ request ID) */
	uint32_t local_ip;       /* first octet in bits 31:24 */
	uint32_t remote_ip;
	uint32_t gsi_ip;         /* where the peer's GSI is: the REQ's destination, or
				  * the source address of the peer's REQ (GSI_RX_SIP) */
	uint32_t remote_qpn;     /* the peer's QP (REQ, REP, SIDR_REP) */
	uint16_t uctx;           /* owner */
	uint16_t ps;             /* RDMA CM port space */
	uint16_t local_port;
	uint16_t remote_port;
	uint8_t remote_mac[6];   /* the peer's MAC (GSI_RX_SMAC, or as CM_CONNECT gave it) */
	uint8_t qp_type;         /* RC, UC or UD */
	uint8_t state;           /* RNIC_FW_CM_STATE_* */
	uint8_t passive;         /* made at a listener by a REQ or SIDR_REQ */
	uint8_t pdata[RNIC_CM_MAX_PDATA]; /* outgoing private data (CM_PDATA) */
};

/* A queued CM event: the output words CM_GET_EVENT returns (word 0 is
 * left 0 for the status, cmd_out.handle in word 1) and the message's
 * private data. */
struct rnic_fw_cm_event {
	uint32_t words[RNIC_CM_PDATA_DW];
	uint32_t seq;  /* arrival order */
	uint16_t uctx; /* owner; 0: the entry is free */
	uint8_t pdata[RNIC_CM_MAX_PDATA];
};

/* The connection manager's state and counters. */
struct rnic_fw_cm {
	struct rnic_fw_cm_id id[RNIC_CM_IDS];
	struct rnic_fw_cm_event ev[RNIC_CM_EVENT_DEPTH];
	uint8_t vector[RNIC_FW_MAX_UCTXS]; /* CM_NOTIFY vector of each uctx (0: none) */
	uint32_t ev_seq;      /* seq of the next event */
	uint32_t tid_seq;     /* upper half of the last TransactionID begun */
	uint32_t mads_rx;     /* MADs taken from the GSI mailbox */
	uint32_t mads_bad;    /* of those, dropped: not a CM Send this CM decodes */
	uint32_t mads_stray;  /* of those, ignored: no ID waits for them (late,
			       * duplicate, unknown IDs; a DREQ is still answered) */
	uint32_t mras;        /* of those, MRAs: taken and ignored (no timers) */
	uint32_t ev_dropped;  /* of those, dropped: their event found the queue full */
	uint32_t mads_tx;     /* MADs sent */
	uint32_t tx_busy;     /* MADs not sent: the GSI mailbox stayed busy */
};

struct rnic_fw {
	struct rnic_fw_hal hal;
	struct rnic_fw_config cfg;
	uint32_t nqps, ncqs, nmrs, npds, nsrqs, nuctxs; /* runtime table sizes */
	uint32_t nxrcds;                                 /* RNIC_FW_MAX_XRCDS */
	uint32_t nflows;                                 /* RNIC_FW_MAX_FLOWS */
	uint32_t ci;                                     /* command consumer index */
	uint32_t ctx_busy_timeouts;                      /* context writes issued while still busy */
	uint32_t cmds_done;                              /* commands executed since init */
	uint32_t aeq_pi;                                 /* asynchronous event producer index */
	uint32_t hw_events;                              /* hardware events taken from FW_EVENT */
	uint32_t events_posted;                          /* asynchronous events written for the host */
	uint32_t events_lost;                            /* events dropped: the host's event slots were full */
	uint8_t uctx_valid[RNIC_FW_MAX_UCTXS];
	struct rnic_fw_pd pd[RNIC_FW_MAX_PDS];
	struct rnic_fw_cq cq[RNIC_FW_MAX_CQS];
	struct rnic_fw_mr mr[RNIC_FW_MAX_MRS];
	struct rnic_fw_qp qp[RNIC_FW_MAX_QPS];
	struct rnic_fw_srq srq[RNIC_FW_MAX_SRQS];
	struct rnic_fw_xrcd xrcd[RNIC_FW_MAX_XRCDS];
	struct rnic_fw_flow flow[RNIC_FW_MAX_FLOWS];
	struct rnic_fw_cm cm;
};

/* Checks the port ID register, waits until FW_STATUS[0] (ready) says the
 * hardware's reset sweep cleared its context tables (at most
 * RNIC_FW_READY_SPINS reads), programs the port identity (MAC, IPv4, link
 * enable), writes every context entry (qpc, cqc, mpt, srqc) of the configured
 * sizes and every flow steering rule as zero, takes the command consumer
 * index from FW_CMDQ_CI and enables the command, hardware-event and GSI
 * mailbox interrupts (FW IRQ_ENABLE [2:0]). Returns 0, -EINVAL for a bad
 * config, -ENODEV when FW_ID is not RNIC_MAGIC or -ETIMEDOUT when the
 * hardware never became ready (nothing was written then). */
int rnic_fw_init(struct rnic_fw *fw, const struct rnic_fw_hal *hal,
		 const struct rnic_fw_config *cfg);

/* Acknowledges the command interrupt, then executes every pending command
 * (at most RNIC_CMDQ_SLOTS - 1), writing each slot's 32 output words and
 * advancing FW_CMDQ_CI after each, and serves the hardware events
 * (rnic_fw_events), served first: they happened before the waiting commands.
 * Then serves the connection manager's MADs waiting in the GSI mailbox
 * (rnic_fw_cm_serve, when FW IRQ_STATUS[2] says one waits). Indexes wrap at
 * RNIC_CMDQ_SLOTS. Returns the number of commands executed. */
unsigned rnic_fw_poll(struct rnic_fw *fw);

/* Executes one command: in[] is the RNIC_CMD_IN_WORDS input words, out[]
 * receives RNIC_CMD_OUT_WORDS output words. Returns the cmd_status. Used by
 * rnic_fw_poll; exposed for callers that carry commands another way. */
uint32_t rnic_fw_execute(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);

/* A QP state change the hardware reports (a send-queue error moves a UC or
 * UD QP from RTS to SQE; any error may move a QP to ERR). Only RTS->SQE
 * (UC/UD) and any->ERR are accepted; rewrites the qpc. Returns 0, -ENOENT
 * for no such QP, -EINVAL for another transition. */
int rnic_fw_qp_async_state(struct rnic_fw *fw, uint32_t qpn, uint32_t state);

/* Serves up to RNIC_HW_EVENT_DEPTH hardware events from FW_EVENT: a QP
 * error (REQ_ERR, RESP_*, QP_FATAL) moves the QP's master copy and context to
 * ERR and reports IBV_EVENT_QP_REQ_ERR (RESP_INV_REQ), IBV_EVENT_QP_ACCESS_ERR
 * (RESP_ACCESS) or IBV_EVENT_QP_FATAL (QP_FATAL) and, for a QP on an SRQ,
 * IBV_EVENT_QP_LAST_WQE_REACHED; errors a CQE reports (REQ_ERR, RESP_ERR)
 * raise no QP event of their own. SRQ_LIMIT disarms the SRQ's limit and
 * reports IBV_EVENT_SRQ_LIMIT_REACHED. Events of QPs in RESET or INIT (reset
 * since the error) or already in ERR, and of objects that no longer exist,
 * are dropped. Reports go to the host's event slots
 * (aeqe at RNIC_AEQ_BASE, FW_AEQ_PI); when they are full the report is lost
 * and counted (events_lost). Returns the number of hardware events served. */
unsigned rnic_fw_events(struct rnic_fw *fw);

#endif /* RNIC_FW_H */
