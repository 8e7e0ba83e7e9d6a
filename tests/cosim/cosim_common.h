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
 * first) and move every QP through RTR to RTS. 0 or -1. */
int cosim_connect(struct cosim_side *s, int fd, int first, uint32_t psn_base);
/* Poll until one completion arrives; 0, or -1 on error or after ~minutes. */
int cosim_poll_one(struct ibv_cq *cq, struct ibv_wc *wc);
/* The device's free-running clock (cycles), from ibv_query_rt_values_ex. */
int cosim_clock(struct ibv_context *ctx, uint64_t *cycles);

#endif
