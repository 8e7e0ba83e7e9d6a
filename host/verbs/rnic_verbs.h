/*
 * rnic verbs library: internal objects shared by the library's files.
 *
 * Every ibv_* object the application sees is the first member of an rnic_*
 * object that holds the per-object state the hot path needs precomputed
 * (ring addresses, masks, strides, doorbell offsets). The device is reached
 * only through struct rnic_transport and the names in rnic_contract.h.
 */
#ifndef RNIC_VERBS_H
#define RNIC_VERBS_H

#include <infiniband/verbs.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "rnic_contract.h"
#include "rnic_sim_ctl.h"
#include "rnic_transport.h"

#define RNIC_EXPORT __attribute__((visibility("default")))

/* Environment: directory of simulator sockets (<name>.sock), and a comma
 * separated list of PCI addresses of boards bound to vfio-pci. */
#define RNIC_ENV_SIM_DIR "RNIC_SIM_DIR"
#define RNIC_ENV_VFIO_DEVICES "RNIC_VFIO_DEVICES"
/* Environment: command completion timeout in milliseconds (default below). */
#define RNIC_ENV_CMD_TIMEOUT_MS "RNIC_CMD_TIMEOUT_MS"
#define RNIC_CMD_TIMEOUT_MS_DEFAULT 30000u

/* Device memory ordering. x86 keeps stores (and loads) in program order with
 * respect to uncached MMIO, so a compiler barrier suffices there (the mlx5
 * provider relies on the same rule); elsewhere use the outer-shareable
 * barriers or a full fence. */
#if defined(__x86_64__) || defined(__i386__)
#define rnic_wmb() __asm__ __volatile__("" ::: "memory")
#define rnic_rmb() __asm__ __volatile__("" ::: "memory")
#elif defined(__aarch64__)
#define rnic_wmb() __asm__ __volatile__("dmb oshst" ::: "memory")
#define rnic_rmb() __asm__ __volatile__("dmb oshld" ::: "memory")
#else
#define rnic_wmb() __sync_synchronize()
#define rnic_rmb() __sync_synchronize()
#endif

enum rnic_device_kind {
	RNIC_DEVICE_SIM = 1,  /* vfio-user socket of the simulator */
	RNIC_DEVICE_VFIO = 2, /* PCI function bound to vfio-pci */
};

/* An entry of ibv_get_device_list. The connection address is kept in
 * ibdev.dev_path (socket path or PCI address). */
struct rnic_device {
	struct ibv_device ibdev;
	enum rnic_device_kind kind;
	int index;            /* place in the device list (ibv_get_device_index) */
};

/* Objects the context releases at ibv_close_device if the application did
 * not destroy them. */
enum rnic_obj_kind {
	RNIC_OBJ_PD = 1,
	RNIC_OBJ_MR,
	RNIC_OBJ_CQ,
	RNIC_OBJ_QP,
	RNIC_OBJ_SRQ,
	RNIC_OBJ_MW,
	RNIC_OBJ_XRCD,
	RNIC_OBJ_FLOW,
};

struct rnic_obj {
	struct rnic_obj *prev;
	struct rnic_obj *next;
	enum rnic_obj_kind kind;
};

/* XRC SRQs by number, for poll_cq: a receive CQE of an XRC target QP
 * names the XRC SRQ whose WQE it completes (an XRC_RECV QP has no queue of
 * its own). Two levels over the SRQ numbers the doorbell can carry (16
 * bits): leaves of 2^RNIC_XSRQ_LEAF_LOG entries are allocated when an XRC
 * SRQ first needs one and kept until the context closes, as mlx5's
 * xsrq_table does. */
#define RNIC_XSRQ_LEAF_LOG 8u
#define RNIC_XSRQ_LEAVES (1u << (RNIC_DB_SRQ_SRQN_WIDTH - RNIC_XSRQ_LEAF_LOG))

struct rnic_context {
	struct verbs_context vctx; /* ends with the ibv_context */
	struct rnic_device dev;    /* private copy: outlives the device list */
	struct rnic_transport *t;
	/* A device is opened once per process (ibv_open_device): further
	 * opens of it share this context. */
	uint32_t open_refs;
	struct rnic_context *open_next;
	pthread_mutex_t cmd_lock;  /* serializes commands and the object list */
	uint32_t cmd_pi;           /* command producer index, mod CMDQ_SLOTS */
	uint32_t cmd_timeout_ms;
	uint32_t uctx;             /* our doorbell page */
	uint64_t db_off;           /* BAR0 offset of that page */
	volatile uint32_t *db_mmio; /* the page when BAR0 is mapped, else NULL */
	/* Capabilities from the CAP_* registers. */
	uint32_t hw_version;
	uint32_t log_qps;
	uint32_t log_cqs;
	uint32_t max_send_sge;
	uint32_t max_recv_sge;
	uint32_t max_inline;
	uint32_t log_max_wqe;
	uint32_t log_max_cqe;
	/* Interrupt vectors given to CQs with a completion channel (bit i:
	 * vector i); under cmd_lock. */
	uint32_t vec_used;
	/* QP lookup by QPN for poll_cq (1 << log_qps entries). */
	struct rnic_qp **qp_table;
	/* XRC SRQ lookup by SRQ number for poll_cq (leaves allocated under
	 * cmd_lock, entries stored and read atomically). */
	struct rnic_srq **xsrq_table[RNIC_XSRQ_LEAVES];
	struct rnic_obj objs;      /* list head of live objects */
	/* the CQ rings of the context (under cmd_lock, kept by
	 * rnic_obj_link/unlink): what a lockstep wait names */
	struct rnic_sim_wait_range cq_ranges[RNIC_SIM_WAIT_MAX_RANGES];
	unsigned ncq_ranges;
	/* Asynchronous events: interrupt vector 1 on an eventfd (the
	 * context's async_fd), the device's aeqe slots read at aeq_ci. */
	pthread_mutex_t async_lock;
	uint32_t aeq_ci;
};

struct rnic_pd {
	struct ibv_pd ibpd;
	struct rnic_obj obj;
	uint32_t pdn;
};

/* An address handle: the RoCEv2 address vector a UD WQE carries, in the
 * send WQE's field formats (ah_dip, ah_dmac_*, ah_hop_limit, ah_tclass).
 * Userspace only: the device keeps no AH table. */
struct rnic_ah {
	struct ibv_ah ibah;
	uint32_t dip;
	uint32_t dmac_lo;
	uint32_t dmac_hi;
	uint32_t hop_limit;
	uint32_t tclass;
};

struct rnic_mr {
	struct ibv_mr ibmr;
	struct rnic_obj obj;
	uint64_t dma_iova; /* 0 with dma_len 0: nothing mapped */
	size_t dma_len;
	uint64_t iova;     /* the address the region starts at for the peer */
	uint32_t access;   /* contract access bits */
};

/* An XRC domain (ibv_open_xrcd(3)): a device number that XRC SRQs and
 * XRC target QPs of this context share. */
struct rnic_xrcd {
	struct ibv_xrcd ibxrcd;
	struct rnic_obj obj;
	uint32_t xrcdn;
	/* opened through a file (ibv_xrcd_init_attr.fd): its inode, which
	 * other opens of this context share the domain through */
	int has_inode;
	dev_t dev;
	ino_t ino;
};

/* A memory window (type 2B): a key-table entry of its own that BIND_MW
 * work requests bind to a range of a region and LOCAL_INV invalidates. */
struct rnic_mw {
	struct ibv_mw ibmw;
	struct rnic_obj obj;
};

struct rnic_cq {
	union {
		struct ibv_cq ibcq;
		/* a CQ of ibv_create_cq_ex: the poll iterator follows */
		struct ibv_cq_ex ibcqx;
	};
	struct rnic_obj obj;
	/* ibv_create_cq_ex: the completion start_poll/next_poll reached */
	struct ibv_wc cur;
	pthread_spinlock_t lock;
	uint32_t *ring;      /* 1 << log_size CQEs of RNIC_CQE_WORDS words */
	size_t ring_bytes;
	uint64_t ring_iova;
	uint32_t log_size;
	uint32_t mask;
	uint32_t ci;         /* CQEs consumed, free running */
	uint32_t db_ci;      /* ci last written to the CQ doorbell */
	uint32_t db_every;   /* doorbell after this many CQEs (half the ring) */
	uint32_t cqn;
	uint64_t db_off;     /* BAR0 offset of the CQ doorbell register */
	struct rnic_context *ctx;
	/* Completion events (a CQ created with a channel): the CQ's own
	 * interrupt vector, routed to an eventfd in the channel's epoll set. */
	struct rnic_channel *channel;
	int efd;             /* -1 without a channel */
	uint32_t vector;
	uint32_t events;     /* events handed out by ibv_get_cq_event */
	int armed;           /* ibv_req_notify_cq asked, no event handed out since */
	/* QPs in the error state whose receive queue completes here: their
	 * posted receives come out of ibv_poll_cq as IBV_WC_WR_FLUSH_ERR
	 * (rnic_rq_flush; under lock) */
	struct rnic_qp *flush_list;
};

/* A completion channel: ibv_comp_channel.fd is an epoll descriptor over the
 * eventfds of its CQs, so it polls readable when any of them has an event. */
struct rnic_channel {
	struct ibv_comp_channel ch;
};

/* One work queue (SQ or RQ) ring. A queue the QP does not have (the RQ
 * of a QP on an SRQ, the RQ of an XRC initiator, both queues of an XRC
 * target) has no ring (buf NULL, cnt 0) but still its lock, which orders
 * ibv_modify_qp against the posting verbs. */
struct rnic_wq {
	pthread_spinlock_t lock;
	int lock_live;       /* lock initialized (rnic_wq_free destroys it) */
	uint8_t *buf;
	size_t bytes;
	uint64_t iova;
	uint32_t log_cnt;
	uint32_t cnt;        /* WQEs, a power of two */
	uint32_t mask;
	uint32_t log_stride;
	uint32_t pi;         /* WQEs posted, free running */
	uint32_t ci;         /* WQEs retired by poll_cq, free running (atomic) */
	uint32_t max_sge;
	uint64_t *wrid;      /* wr_id of the WQE in each slot */
	uint64_t db_off;     /* BAR0 offset of the doorbell register */
};

/* A shared receive queue: one receive ring, in the format of a QP's RQ
 * (recv_wqe header, data_seg list), from which the device takes WQEs in ring
 * order for every QP attached to it. Those QPs complete the WQEs in any
 * order, so a slot is free again only once its receive CQE has been polled
 * and those of all the slots before it: poll_cq marks the slot in done[]
 * and moves wq.ci over the contiguous run of marked slots. wq.lock guards
 * the ring, wrid[], done[] and both indexes (post_srq_recv and poll_cq). */
struct rnic_srq {
	struct ibv_srq ibsrq;
	struct rnic_obj obj;
	struct rnic_wq wq;
	uint8_t *done;       /* per slot: its receive CQE has been polled */
	uint32_t srqn;
	uint32_t async_events; /* handed out by ibv_get_async_event (ibsrq.mutex) */
	struct rnic_context *ctx;
	/* IBV_SRQT_XRC: its domain (NULL for a basic SRQ); the SRQ is in
	 * ctx->xsrq_table and the device sends its receive completions to
	 * the CQ named at creation */
	struct rnic_xrcd *xrcd;
};

/* A flow steering rule (ibv_create_flow(3)): an entry of the device's FLOW
 * table, steering received frames to a RAW_PACKET QP. ibflow.handle is the
 * entry's index. */
struct rnic_flow {
	struct ibv_flow ibflow;
	struct rnic_obj obj;
};

/* Work requests a QP's ibv_wr_* builders have prepared since
 * ibv_wr_start (rnic_wr.c): ibv_wr_complete writes them into the send
 * queue as one batch, or none of them. Room for a full send queue. */
struct rnic_wr_batch {
	uint32_t n;              /* WRs built */
	uint32_t cnt;            /* room: the send queue's WQEs */
	int err;                 /* first error a builder or setter met */
	uint32_t ops;            /* 1 << enum ibv_wr_opcode of each builder asked for */
	uint32_t sge_per;        /* SGEs per WR (the QP's max_send_sge, >= 1) */
	uint32_t inl_per;        /* inline bytes per WR (max_inline_data) */
	uint32_t tso_per;        /* TSO header bytes per WR (max_tso_header) */
	struct ibv_send_wr *wr;  /* cnt WRs */
	struct ibv_sge *sge;     /* cnt * sge_per */
	uint8_t *inl;            /* cnt * inl_per: inline data copied by a setter */
	uint8_t *tso;            /* cnt * tso_per: TSO headers copied by the builder */
};

struct rnic_qp {
	union {
		struct ibv_qp ibqp;
		/* a QP created with IBV_QP_INIT_ATTR_SEND_OPS_FLAGS: the
		 * ibv_wr_* builders follow the base QP (ibv_qp_to_qp_ex) */
		struct ibv_qp_ex ibqpx;
	};
	struct rnic_obj obj;
	struct rnic_wr_batch *wrb; /* NULL without send_ops */
	struct rnic_wq sq;
	struct rnic_wq rq;
	uint32_t max_inline;
	uint32_t sig_all_flag;   /* RNIC_WQE_FLAG_SIGNALED when sq_sig_all */
	uint32_t opcode_ok;      /* bit per enum ibv_wr_opcode the QP type allows */
	int fence_ok;            /* IBV_SEND_FENCE allowed (RC and XRC send) */
	int csum_ok;             /* IBV_SEND_IP_CSUM allowed (RAW_PACKET) */
	uint32_t max_tso_header; /* largest TSO header template; 0: no TSO */
	int has_srq;             /* receives come from srq; no receive ring */
	struct rnic_srq *srq;
	int xrc_tgt;             /* XRC_RECV: receives come from the XRC SRQ each CQE names */
	int state;               /* enum ibv_qp_state (atomic) */
	struct ibv_qp_cap cap;   /* as reported at creation */
	int sq_sig_all;
	uint32_t async_events;   /* handed out by ibv_get_async_event (ibqp.mutex) */
	struct rnic_context *ctx;
	/* In the error state the library completes the receive queue's posted
	 * WRs with IBV_WC_WR_FLUSH_ERR (the hardware responder takes no more;
	 * rnic_rq_flush): rq_flushing from the change to ERR until RESET,
	 * flush_next links the QP into its receive CQ's flush_list (under the
	 * CQ's lock) while WRs wait. */
	int rq_flushing;
	int flush_listed;
	struct rnic_qp *flush_next;
};

/* Bytes a TSO header template of hdr_sz bytes takes in a send WQE: the
 * data segments start at the next 16-byte boundary after it
 * (send_wqe.tso_hdr_sz). */
/* A MAC address as the contract's two fields (qpc, send WQE address
 * vector, flow rules): bytes 2..5 with byte 5 in [7:0], bytes 0..1 with
 * byte 1 in [7:0]. */
static inline uint32_t rnic_mac_lo(const uint8_t *m)
{
	return (uint32_t)m[2] << 24 | (uint32_t)m[3] << 16 | (uint32_t)m[4] << 8 | m[5];
}

static inline uint32_t rnic_mac_hi(const uint8_t *m)
{
	return (uint32_t)m[0] << 8 | m[1];
}

static inline uint32_t rnic_tso_hdr_room(uint32_t hdr_sz)
{
	return (hdr_sz + RNIC_DATA_SEG_BYTES - 1) & ~(RNIC_DATA_SEG_BYTES - 1);
}

static inline struct rnic_context *rnic_ctx(struct ibv_context *c)
{
	return (struct rnic_context *)((uint8_t *)c - offsetof(struct rnic_context, vctx.context));
}

/* The XRC SRQ numbered srqn, or NULL (poll_cq, without a lock: the entry
 * goes before the SRQ is freed, as a QP's qp_table entry does). */
static inline struct rnic_srq *rnic_xsrq_find(struct rnic_context *ctx, uint32_t srqn)
{
	struct rnic_srq **leaf;

	if (srqn >= ((uint32_t)RNIC_XSRQ_LEAVES << RNIC_XSRQ_LEAF_LOG))
		return NULL;
	leaf = __atomic_load_n(&ctx->xsrq_table[srqn >> RNIC_XSRQ_LEAF_LOG], __ATOMIC_ACQUIRE);
	if (!leaf)
		return NULL;
	return __atomic_load_n(&leaf[srqn & ((1u << RNIC_XSRQ_LEAF_LOG) - 1u)], __ATOMIC_ACQUIRE);
}

/* --- rnic_cmd.c: command queue and register access --- */
int rnic_cmd_exec(struct rnic_context *ctx, uint32_t opcode, uint32_t handle, uint32_t *in,
		  uint32_t *out);
int rnic_cmd_status_errno(uint32_t status);
int rnic_wait_ready(struct rnic_context *ctx);
int rnic_reg_read(struct rnic_context *ctx, uint64_t off, uint32_t *v);
int rnic_reg_write(struct rnic_context *ctx, uint64_t off, uint32_t v);

/* Posted doorbell write (hot path). */
static inline int rnic_doorbell(struct rnic_context *ctx, uint64_t off, uint32_t v)
{
	if (ctx->db_mmio) {
		ctx->db_mmio[(off - ctx->db_off) / sizeof(uint32_t)] = v;
		return 0;
	}
	return ctx->t->ops->doorbell(ctx->t, off, v);
}

/* --- rnic_device.c --- */
void rnic_obj_link(struct rnic_context *ctx, struct rnic_obj *o, enum rnic_obj_kind kind);
void rnic_obj_unlink(struct rnic_context *ctx, struct rnic_obj *o);
/* On a simulated device in lockstep: nothing to do until the device writes
 * a completion, raises an interrupt or goes quiet; wait for that (returns at
 * once on a board). */
void rnic_sim_idle(struct rnic_context *ctx);
/* The same, waiting for an interrupt only. */
void rnic_sim_idle_irq(struct rnic_context *ctx);
/* Completion events of a CQ being created (channel may be NULL) or
 * destroyed: vector, eventfd, channel membership. 0 or an errno. */
int rnic_cq_events_init(struct rnic_context *ctx, struct rnic_cq *cq,
			struct ibv_comp_channel *channel, int comp_vector);
void rnic_cq_events_fini(struct rnic_context *ctx, struct rnic_cq *cq);
/* Asynchronous events of a context being opened / closed: the eventfd of
 * vector 1 (ibv_context.async_fd), the consumer index, BAR0 IRQ_ENABLE[1].
 * 0 or an errno. */
int rnic_async_init(struct rnic_context *ctx);
void rnic_async_fini(struct rnic_context *ctx);
/* Waits, as ibv_destroy_qp/ibv_destroy_srq must, until every asynchronous
 * event handed out for the object is acknowledged. */
void rnic_async_drain(pthread_mutex_t *mutex, pthread_cond_t *cond, uint32_t *completed,
		      const uint32_t *handed_out);
/* The MAC address of a simulated RoCEv2 peer, derived from its IPv4 address. */

/* --- rnic_resource.c --- */
void rnic_resource_release_all(struct rnic_context *ctx);
/* ibv_alloc_mw / ibv_dealloc_mw / ibv_bind_mw (context ops). */
struct ibv_mw *rnic_alloc_mw(struct ibv_pd *pd, enum ibv_mw_type type);
int rnic_dealloc_mw(struct ibv_mw *mw);
int rnic_bind_mw(struct ibv_qp *qp, struct ibv_mw *mw, struct ibv_mw_bind *mw_bind);
/* XRC and the extended creation verbs (verbs_context ops, reached through
 * the inline ibv_open_xrcd, ibv_close_xrcd, ibv_create_srq_ex,
 * ibv_get_srq_num and ibv_create_qp_ex of <infiniband/verbs.h>). */
struct ibv_xrcd *rnic_open_xrcd(struct ibv_context *context, struct ibv_xrcd_init_attr *attr);
int rnic_close_xrcd(struct ibv_xrcd *xrcd);
struct ibv_srq *rnic_create_srq_ex(struct ibv_context *context, struct ibv_srq_init_attr_ex *attr);
int rnic_get_srq_num(struct ibv_srq *srq, uint32_t *srq_num);
struct ibv_qp *rnic_create_qp_ex(struct ibv_context *context, struct ibv_qp_init_attr_ex *attr);
struct ibv_cq_ex *rnic_create_cq_ex(struct ibv_context *context, struct ibv_cq_init_attr_ex *attr);
/* Frees the leaves of ctx->xsrq_table (context teardown). */
void rnic_xsrq_table_free(struct rnic_context *ctx);

/* --- rnic_wr.c: the ibv_wr_* work request builders (ibv_wr_post(3)) --- */
/* The IBV_QP_EX_WITH_* operations a QP type offers here. */
uint64_t rnic_qp_send_ops_mask(enum ibv_qp_type type);
/* A new QP's builders and batch for send_ops (qp->sq set up): 0 or ENOMEM. */
int rnic_wr_init(struct rnic_qp *qp, uint64_t send_ops);
void rnic_wr_fini(struct rnic_qp *qp);

/* --- rnic_flow.c: flow steering (verbs_context ops ibv_create_flow and
 * ibv_destroy_flow, reached through the inline wrappers of verbs.h) --- */
struct ibv_flow *rnic_create_flow(struct ibv_qp *qp, struct ibv_flow_attr *flow_attr);
int rnic_destroy_flow(struct ibv_flow *flow);
/* DESTROY_FLOW and free; with force the object goes even if the command
 * fails (context teardown). 0 or the errno. */
int rnic_flow_destroy(struct rnic_flow *flow, int force);
/* The CREATE_FLOW input of a flow_attr (ibv_create_flow(3)), without its
 * header and qpn: 0, EINVAL (sizes or counts inconsistent, a second L2
 * spec) or EOPNOTSUPP (what the device cannot match). */
int rnic_flow_attr_parse(const struct ibv_flow_attr *attr, uint32_t *in);

/* --- rnic_post.c: the data path (installed in ctx->ops) --- */
int rnic_post_send(struct ibv_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr);
/* The two halves of rnic_post_send, under qp->sq.lock: check and write a
 * WR list from slot *pi on (nothing published; *bad names a refused WR),
 * and ring the doorbell for the WQEs up to pi. */
int rnic_sq_write(struct rnic_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad,
		  uint32_t *pi);
int rnic_sq_commit(struct rnic_qp *qp, uint32_t pi);
int rnic_post_recv(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);
int rnic_post_srq_recv(struct ibv_srq *srq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr);
int rnic_poll_cq(struct ibv_cq *cq, int num_entries, struct ibv_wc *wc);
/* The QP entered the error state: its receive queue's posted WRs, and those
 * posted later, complete with IBV_WC_WR_FLUSH_ERR through its receive CQ
 * (which gets a completion event if armed). No-op without a receive ring. */
void rnic_rq_flush(struct rnic_qp *qp);
/* The QP leaves the error state (RESET) or goes away: no more flushing. */
void rnic_rq_flush_stop(struct rnic_qp *qp);
int rnic_req_notify_cq(struct ibv_cq *cq, int solicited_only);
/* The poll iterator and read_* functions of an extended CQ (ibv_cq_ex). */
void rnic_cq_ex_init(struct rnic_cq *cq);
/* Bits of rnic_qp.opcode_ok for an ibv_qp_type (0 for unsupported types). */
uint32_t rnic_qp_opcode_mask(enum ibv_qp_type type);

#endif /* RNIC_VERBS_H */
