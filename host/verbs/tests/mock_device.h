/*
 * An in-test rnic: implements the transport interface (rnic_transport.h)
 * with a device model that answers commands, logs doorbells, and, when
 * auto_exec is set, executes SEND / SEND_WITH_IMM WQEs between its own QPs
 * (loopback) by reading the rings and writing CQEs like the hardware; a
 * receiving QP created with an SRQ takes the SRQ's next WQE, and an XRC
 * target (a message from an XRC_SEND QP) the next WQE of the XRC SRQ the
 * WQE's dest_qpn names, if it is one of the target's domain, completing on
 * that SRQ's CQ. Flow steering rules (CREATE_FLOW, DESTROY_FLOW) are kept
 * as their commands' input, for RAW_PACKET QPs only; a QP with rules
 * refuses DESTROY_QP (BUSY), as the firmware does.
 *
 * DMA addresses are vaddr + MOCK_IOVA_OFFSET, so a test notices any place
 * the library hands the device a virtual address where an IOVA belongs.
 *
 * The connection-manager commands (CM_*) are answered by mock_cm.c, which
 * connects the CM IDs of every mock device of the process with each other
 * (a wire without loss), so librdmacm's flow can be tested in one process.
 * A device opened through a socket path "DIR/NAME.sock" takes its IPv4
 * address from "DIR/NAME.inet" when that exists (as the simulator writes
 * it), else MOCK_PORT_IPV4.
 */
#ifndef MOCK_DEVICE_H
#define MOCK_DEVICE_H

#include <stdint.h>

#include "rnic_contract.h"
#include "rnic_transport.h"

#define MOCK_IOVA_OFFSET 0x100000000000ull
#define MOCK_QPS 256
#define MOCK_CQS 256
#define MOCK_MRS 64
#define MOCK_DB_LOG 4096
#define MOCK_FIRST_UCTX 3u  /* first doorbell page handed out */
#define MOCK_FIRST_QPN 17u  /* first QPN handed out */
#define MOCK_FIRST_CQN 5u   /* first CQN handed out */
#define MOCK_SRQS (1u << RNIC_LOG_SRQS)
#define MOCK_FIRST_SRQN 9u  /* first SRQ number handed out */
#define MOCK_KEY_TAG 0x5Au  /* tag of every memory key */
#define MOCK_XRCDS (1u << RNIC_LOG_XRCDS)
#define MOCK_FIRST_XRCDN 3u /* first XRC domain number handed out */
#define MOCK_PORT_IPV4 0x0A000001u /* 10.0.0.1 */
#define MOCK_FLOWS (1u << RNIC_LOG_FLOWS)
/* node GUID 02:00:00:ff:fe:00:00:01 as the QUERY_DEVICE field holds it
 * (GUID byte 0 in bits 7:0) */
#define MOCK_NODE_GUID_FIELD 0x010000FEFF000002ull

struct mock_qp {
	int valid;
	uint32_t create[RNIC_CMD_IN_WORDS]; /* CREATE_QP input */
	uint32_t attr[RNIC_CMD_IN_WORDS];   /* last MODIFY_QP input */
	uint32_t state, dest_qpn;
	uint32_t sq_pi, sq_ci, rq_pi, rq_ci; /* 16-bit indexes */
};

struct mock_cq {
	int valid;
	uint64_t base;
	uint32_t log_size, vector;
	uint32_t pi;          /* CQEs written, free running */
	uint32_t db_ci, db_arm; /* last CQ doorbell */
	int overflow;         /* a CQE was due while the ring was full */
};

struct mock_srq {
	int valid;
	uint32_t create[RNIC_CMD_IN_WORDS]; /* CREATE_SRQ input */
	uint32_t limit;       /* as CREATE_SRQ or MODIFY_SRQ left it */
	uint32_t refs;        /* QPs created with this SRQ */
	uint32_t pi, ci;      /* 16-bit indexes: last doorbell, WQEs taken */
};

struct mock_flow {
	int valid;
	uint32_t create[RNIC_CMD_IN_WORDS]; /* CREATE_FLOW input */
};

struct mock_mr {
	int valid;
	uint32_t pdn, access;
	uint64_t start, length, iova;
};

/* What a test may set before the next open (fields copied into the new
 * device), and what the last closed device left behind. */
struct mock_config {
	uint32_t magic;       /* 0: RNIC_MAGIC */
	uint32_t version;     /* 0: RNIC_CONTRACT_VERSION */
	int fail_open;        /* errno for the open call itself */
	uint32_t busy_reads;  /* BAR0 STATUS reads answering "not ready" (the
			       * reset sweep runs) before ready; ~0u: never */
};

struct mock_dev {
	struct rnic_transport t;
	uint32_t regs[(RNIC_CMDQ_BASE + RNIC_CMDQ_SLOTS * RNIC_CMDQ_SLOT_SIZE) / 4];
	uint32_t magic, version;
	int dead;             /* every transport call fails with EIO */
	int hang;             /* commands are never completed */
	uint32_t force_status; /* answer the next command with this status ... */
	uint32_t force_op;    /* ... if its opcode is this one (0: any) */
	int auto_exec;        /* execute send WQEs on SQ doorbells */
	uint32_t cmd_count;
	uint32_t last_in[RNIC_CMD_IN_WORDS]; /* input of the last command */
	uint32_t uctx;
	int uctx_live;
	uint32_t next_pd;
	int maps;             /* live DMA mappings */
	uint32_t db_count;
	uint64_t db_off[MOCK_DB_LOG];
	uint32_t db_val[MOCK_DB_LOG];
	struct mock_qp qp[MOCK_QPS];
	struct mock_cq cq[MOCK_CQS];
	struct mock_mr mr[MOCK_MRS];
	struct mock_srq srq[MOCK_SRQS];
	uint32_t srq_busy;    /* DESTROY_SRQ commands answered BUSY */
	int xrcd_open[MOCK_XRCDS];
	uint32_t xrcd_refs[MOCK_XRCDS]; /* XRC SRQs and XRC_RECV QPs in the domain */
	uint32_t busy;        /* commands answered BUSY (any) */
	struct mock_flow flow[MOCK_FLOWS];
	uint32_t ipv4;        /* the port's address (QUERY_PORT, GID 0) */
	int irq_efd[RNIC_IRQ_VECTORS]; /* set_irq_eventfd, -1: none */
	int cm_vector;        /* CM_NOTIFY's vector, 0: none */
	uint32_t busy_reads;  /* STATUS reads left that answer "not ready" */
	uint32_t status_reads; /* BAR0 STATUS reads */
	uint32_t early_writes; /* BAR0 writes and doorbells before ready */
};

/* Test-wide knobs and results (test code may keep global state). */
extern struct mock_config mock_next;
extern int mock_opens;        /* transports opened */
extern int mock_closed_maps;  /* mappings left when the last device closed */
extern int mock_closed_uctx_live; /* ALLOC_UCTX without FREE_UCTX at close */
extern uint32_t mock_closed_srq_busy; /* srq_busy of the last closed device */
extern uint32_t mock_closed_busy;     /* busy of the last closed device */
extern int mock_closed_xrcds;         /* XRC domains left open at close */
extern int mock_closed_flows;         /* flow rules left at close */
extern uint32_t mock_closed_status_reads;  /* status_reads of the last closed device */
extern uint32_t mock_closed_early_writes;  /* early_writes of the last closed device */

struct mock_dev *mock_from_transport(struct rnic_transport *t);
/* Write a CQE into CQ cqn like the hardware (owner bit last). words[7]'s
 * owner bit is set by this function. Returns 0, or -1 if the ring is full. */
int mock_cq_push(struct mock_dev *m, uint32_t cqn, const uint32_t cqe[RNIC_CQE_WORDS]);
/* Pointer to the WQE at index idx of a QP's send or receive ring. */
uint32_t *mock_sq_wqe(struct mock_dev *m, uint32_t qpn, uint32_t idx);
uint32_t *mock_rq_wqe(struct mock_dev *m, uint32_t qpn, uint32_t idx);
/* Pointer to the WQE at index idx of an SRQ's ring. */
uint32_t *mock_srq_wqe(struct mock_dev *m, uint32_t srqn, uint32_t idx);

/* mock_cm.c: one CM_* command of device m (returns the cmd_status), and
 * the end of a device (its CM IDs and events go). */
uint32_t mock_cm_cmd(struct mock_dev *m, uint32_t op, uint32_t h, const uint32_t *in, uint32_t *out);
void mock_cm_close(struct mock_dev *m);

#endif /* MOCK_DEVICE_H */
