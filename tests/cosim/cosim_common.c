#define _GNU_SOURCE
#include "cosim_common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

int cosim_xfer(int fd, void *p, size_t n, int out)
{
	uint8_t *b = p;
	while (n) {
		ssize_t r = out ? write(fd, b, n) : read(fd, b, n);
		if (r <= 0)
			return -1;
		b += r;
		n -= (size_t)r;
	}
	return 0;
}

struct ibv_context *cosim_open_dev(const char *name)
{
	int num;
	struct ibv_device **list = ibv_get_device_list(&num);
	struct ibv_context *ctx = NULL;
	if (!list) {
		fprintf(stderr, "cosim: ibv_get_device_list: %s\n", strerror(errno));
		return NULL;
	}
	for (int i = 0; i < num; i++)
		if (!strcmp(ibv_get_device_name(list[i]), name))
			ctx = ibv_open_device(list[i]);
	if (!ctx)
		fprintf(stderr, "cosim: cannot open %s (%d devices listed): %s\n", name, num, strerror(errno));
	ibv_free_device_list(list);
	return ctx;
}

int cosim_setup(struct cosim_side *s, const char *dev, size_t buf_len, unsigned depth,
		unsigned max_sge)
{
	s->ctx = cosim_open_dev(dev);
	if (!s->ctx)
		return -1;
	if (ibv_query_gid(s->ctx, 1, 0, &s->gid)) {
		fprintf(stderr, "cosim: ibv_query_gid: %s\n", strerror(errno));
		return -1;
	}
	s->pd = ibv_alloc_pd(s->ctx);
	s->cq = s->pd ? ibv_create_cq(s->ctx, (int)(depth * s->nqp * 2), NULL, NULL, 0) : NULL;
	if (!s->cq) {
		fprintf(stderr, "cosim: pd/cq: %s\n", strerror(errno));
		return -1;
	}
	s->buf_len = buf_len;
	if (s->use_mmap) {
		void *p = mmap(NULL, buf_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		s->buf = p == MAP_FAILED ? NULL : p;
	} else {
		s->buf = malloc(buf_len);
	}
	if (!s->buf)
		return -1;
	s->mr = ibv_reg_mr(s->pd, s->buf, buf_len, IBV_ACCESS_LOCAL_WRITE);
	if (!s->mr) {
		fprintf(stderr, "cosim: ibv_reg_mr: %s\n", strerror(errno));
		return -1;
	}
	for (unsigned q = 0; q < s->nqp; q++) {
		struct ibv_qp_init_attr ia = {
			.send_cq = s->cq,
			.recv_cq = s->cq,
			.cap = {.max_send_wr = depth, .max_recv_wr = depth,
				.max_send_sge = max_sge, .max_recv_sge = max_sge},
			.qp_type = IBV_QPT_RC,
			.sq_sig_all = 1,
		};
		s->qp[q] = ibv_create_qp(s->pd, &ia);
		if (!s->qp[q]) {
			fprintf(stderr, "cosim: ibv_create_qp: %s\n", strerror(errno));
			return -1;
		}
		struct ibv_qp_attr a = {.qp_state = IBV_QPS_INIT, .pkey_index = 0, .port_num = 1,
					.qp_access_flags = IBV_ACCESS_LOCAL_WRITE};
		if (ibv_modify_qp(s->qp[q], &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT |
						  IBV_QP_ACCESS_FLAGS)) {
			fprintf(stderr, "cosim: modify to INIT: %s\n", strerror(errno));
			return -1;
		}
	}
	return 0;
}

int cosim_connect(struct cosim_side *s, int fd, int first, uint32_t psn_base)
{
	struct cosim_wire_info li, ri;
	memset(&li, 0, sizeof(li));
	for (unsigned q = 0; q < s->nqp; q++) {
		li.qpn[q] = s->qp[q]->qp_num;
		li.psn[q] = (psn_base + 0x1001 * q) & 0xffffff;
	}
	li.gid = s->gid;
	if (first ? (cosim_xfer(fd, &li, sizeof(li), 1) || cosim_xfer(fd, &ri, sizeof(ri), 0))
		  : (cosim_xfer(fd, &ri, sizeof(ri), 0) || cosim_xfer(fd, &li, sizeof(li), 1)))
		return -1;
	for (unsigned q = 0; q < s->nqp; q++) {
		struct cosim_rc_attr a = COSIM_RC_ATTR_DEFAULT;
		if (s->mtu[q])
			a.mtu = s->mtu[q];
		if (cosim_qp_connect(s->qp[q], &a, ri.qpn[q], &ri.gid, ri.psn[q], li.psn[q]))
			return -1;
	}
	return 0;
}

int cosim_qp_connect(struct ibv_qp *qp, const struct cosim_rc_attr *a, uint32_t dest_qpn,
		     const union ibv_gid *dgid, uint32_t rq_psn, uint32_t sq_psn)
{
	struct ibv_qp_attr r = {
		.qp_state = IBV_QPS_RTR,
		.path_mtu = a->mtu,
		.dest_qp_num = dest_qpn,
		.rq_psn = rq_psn,
		.max_dest_rd_atomic = a->max_dest_rd_atomic,
		.min_rnr_timer = a->min_rnr_timer,
		.ah_attr = {.is_global = 1, .port_num = 1,
			    .grh = {.dgid = *dgid, .sgid_index = 0, .hop_limit = 64}},
	};
	if (ibv_modify_qp(qp, &r, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
					  IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER)) {
		fprintf(stderr, "cosim: modify to RTR: %s\n", strerror(errno));
		return -1;
	}
	struct ibv_qp_attr t = {.qp_state = IBV_QPS_RTS, .sq_psn = sq_psn, .timeout = a->timeout,
				.retry_cnt = a->retry_cnt, .rnr_retry = a->rnr_retry,
				.max_rd_atomic = a->max_rd_atomic};
	if (ibv_modify_qp(qp, &t, IBV_QP_STATE | IBV_QP_SQ_PSN | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
					  IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC)) {
		fprintf(stderr, "cosim: modify to RTS: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

int cosim_poll_one(struct ibv_cq *cq, struct ibv_wc *wc)
{
	/* On the simulator an empty ibv_poll_cq lets simulated time pass until
	 * a completion could have come, so this loop spins only while the
	 * device is busy; the bound is in wall time, for a hung run. */
	time_t deadline = time(NULL) + 600;
	for (unsigned long polls = 0;; polls++) {
		int n = ibv_poll_cq(cq, 1, wc);
		if (n < 0)
			return -1;
		if (n == 1)
			return 0;
		if ((polls & 1023) == 1023 && time(NULL) > deadline)
			return -1;
	}
}

int cosim_clock(struct ibv_context *ctx, uint64_t *cycles)
{
	struct ibv_values_ex v = {.comp_mask = IBV_VALUES_MASK_RAW_CLOCK};
	int rc = ibv_query_rt_values_ex(ctx, &v);
	if (rc)
		return rc;
	*cycles = (uint64_t)v.raw_clock.tv_sec * 1000000000ull + (uint64_t)v.raw_clock.tv_nsec;
	return 0;
}
