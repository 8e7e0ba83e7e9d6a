/*
 * Shared set-up for the co-simulation programs: open a device by name,
 * create PD/CQ/RC QPs and a registered buffer, exchange connection data over
 * a socket and bring the QPs to RTS, poll one completion.
 */
#ifndef COSIM_COMMON_H
#define COSIM_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <infiniband/verbs.h>

#define COSIM_MAX_QP 8

struct cosim_wire_info {
	uint32_t qpn[COSIM_MAX_QP];
	uint32_t psn[COSIM_MAX_QP];
	union ibv_gid gid;
};

struct cosim_side {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	unsigned nqp;
	struct ibv_qp *qp[COSIM_MAX_QP];
	enum ibv_mtu mtu[COSIM_MAX_QP];
	int use_mmap;   /* buffer from an anonymous mmap instead of malloc */
	uint8_t *buf;
	size_t buf_len;
	struct ibv_mr *mr;
	union ibv_gid gid;
};

/* Read or write exactly n bytes; 0 or -1. */
int cosim_xfer(int fd, void *p, size_t n, int out);
/* Open the device called `name` from ibv_get_device_list. */
struct ibv_context *cosim_open_dev(const char *name);
/* Device, PD, one CQ for everything, a registered buffer (malloc, or mmap
 * with use_mmap: the library must cope with either), and
 * s->nqp RC QPs (sq_sig_all = 1) in INIT. 0 or -1 (message printed). */
int cosim_setup(struct cosim_side *s, const char *dev, size_t buf_len, unsigned depth,
		unsigned max_sge);
/* Exchange QPNs, PSNs and GIDs over fd (the side with `first` set writes
 * first) and move every QP through RTR to RTS (COSIM_RC_ATTR_DEFAULT, the
 * path MTU from s->mtu[q]). 0 or -1. */
int cosim_connect(struct cosim_side *s, int fd, int first, uint32_t psn_base);

/* The path and reliability attributes an RC QP gets on its way to RTS. */
struct cosim_rc_attr {
	enum ibv_mtu mtu;           /* RTR: path MTU */
	uint8_t min_rnr_timer;      /* RTR: RNR NAK timer code this responder advertises */
	uint8_t max_dest_rd_atomic; /* RTR: READ/atomic requests accepted in flight */
	uint8_t timeout;            /* RTS: local ACK timeout, 4.096 us * 2^timeout, 0 infinite */
	uint8_t retry_cnt;          /* RTS: transport retries */
	uint8_t rnr_retry;          /* RTS: RNR retries, 7 infinite */
	uint8_t max_rd_atomic;      /* RTS: READ/atomic requests sent in flight */
};
/* What cosim_connect gives every QP. */
#define COSIM_RC_ATTR_DEFAULT                                                              \
	{.mtu = IBV_MTU_4096, .min_rnr_timer = 12, .max_dest_rd_atomic = 1, .timeout = 14, \
	 .retry_cnt = 7, .rnr_retry = 7, .max_rd_atomic = 1}
/* Move an RC QP in INIT through RTR to RTS, towards QP dest_qpn at dgid
 * (port 1, GID index 0). 0 or -1 (message printed). */
int cosim_qp_connect(struct ibv_qp *qp, const struct cosim_rc_attr *a, uint32_t dest_qpn,
		     const union ibv_gid *dgid, uint32_t rq_psn, uint32_t sq_psn);
/* Poll until one completion arrives; 0, or -1 on error or after ~minutes. */
int cosim_poll_one(struct ibv_cq *cq, struct ibv_wc *wc);
/* The device's free-running clock (cycles), from ibv_query_rt_values_ex. */
int cosim_clock(struct ibv_context *ctx, uint64_t *cycles);
/* A 32-bit xorshift step: the tests' seeded, reproducible choices. */
static inline uint32_t cosim_xorshift(uint32_t *s)
{
	uint32_t x = *s;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

#endif
