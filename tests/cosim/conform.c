/*
 * Conformance suite: the clauses of the verbs man pages the project honours
 * (ibv_post_send(3), ibv_post_recv(3), ibv_post_srq_recv(3),
 * rdma_post_recv(3)), each checked on two co-simulated NICs through the
 * standard verbs API. One process opens both devices.
 *
 * Every clause has an id, the page and the words it checks, and a test that
 * can fail: payloads byte for byte (with the bytes just outside every
 * buffer), completion fields one by one, error codes and bad_wr exactly.
 * Clauses the device cannot honour yet are listed as "open" with the reason;
 * they are never counted as passed.
 *
 * usage: conform [--markdown] DEV_A DEV_B
 * Prints one line per clause ("conform: ID: PASS|FAIL|OPEN ...") and a
 * summary; exit status 0 only if no clause failed. --markdown prints the
 * clause -> test -> result table of docs/conformance.md instead.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>
#include <rdma/rdma_verbs.h>

#include "cosim_common.h"
#include "rnic_addr.h"

#define BUF_LEN (1u << 20)
#define GUARD 64
#define GUARD_BYTE 0xA5
#define DEPTH 32

struct dev {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	uint8_t *buf;          /* BUF_LEN bytes, registered with every access right */
	struct ibv_mr *mr;
	uint8_t *ro;           /* a region registered for local access only */
	struct ibv_mr *ro_mr;
	union ibv_gid gid;
	struct ibv_device_attr attr;
};

static struct dev A, B;

/* One connected pair: qa on A, qb on B, each with its own CQ. */
struct pair {
	struct ibv_qp *qa, *qb;
	struct ibv_cq *ca, *cb;
	struct ibv_comp_channel *ch;   /* on B's CQ when asked for */
	struct ibv_qp_cap cap_a, cap_b;
};

/* ---- reporting ---------------------------------------------------------- */

static int cur_fail;
static char cur_msg[512];

static void fail(const char *fmt, ...)
{
	va_list ap;

	if (!cur_fail) {
		va_start(ap, fmt);
		vsnprintf(cur_msg, sizeof(cur_msg), fmt, ap);
		va_end(ap);
	}
	cur_fail++;
}

#define CHECK(cond, ...)                                                                \
	do {                                                                            \
		if (!(cond)) {                                                          \
			fail(__VA_ARGS__);                                              \
			return;                                                         \
		}                                                                       \
	} while (0)

/* ---- set-up helpers --------------------------------------------------- */

static int dev_open(struct dev *d, const char *name)
{
	d->ctx = cosim_open_dev(name);
	if (!d->ctx || ibv_query_gid(d->ctx, 1, 0, &d->gid) || ibv_query_device(d->ctx, &d->attr))
		return -1;
	d->pd = ibv_alloc_pd(d->ctx);
	d->buf = aligned_alloc(4096, BUF_LEN);
	d->ro = aligned_alloc(4096, 65536);
	if (!d->pd || !d->buf || !d->ro)
		return -1;
	d->mr = ibv_reg_mr(d->pd, d->buf, BUF_LEN,
			   IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
				   IBV_ACCESS_REMOTE_ATOMIC);
	d->ro_mr = ibv_reg_mr(d->pd, d->ro, 65536, IBV_ACCESS_LOCAL_WRITE);
	/* the asynchronous event tests poll async_fd */
	if (fcntl(d->ctx->async_fd, F_SETFL, fcntl(d->ctx->async_fd, F_GETFL) | O_NONBLOCK) != 0)
		return -1;
	return d->mr && d->ro_mr ? 0 : -1;
}

static struct ibv_qp *qp_new(struct dev *d, enum ibv_qp_type type, struct ibv_cq *cq, int sig_all,
			     unsigned depth, unsigned inl, struct ibv_qp_cap *cap)
{
	struct ibv_qp_init_attr ia = {
		.send_cq = cq,
		.recv_cq = cq,
		.cap = {.max_send_wr = depth, .max_recv_wr = depth, .max_send_sge = 4,
			.max_recv_sge = 4, .max_inline_data = inl},
		.qp_type = type,
		.sq_sig_all = sig_all,
	};
	struct ibv_qp *qp = ibv_create_qp(d->pd, &ia);

	if (qp && cap)
		*cap = ia.cap;
	return qp;
}

static int qp_init(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = {.qp_state = IBV_QPS_INIT, .pkey_index = 0, .port_num = 1};
	int mask = IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT;

	if (qp->qp_type == IBV_QPT_UD) {
		a.qkey = 0x11111111;
		mask |= IBV_QP_QKEY;
	} else {
		a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
				    IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
		mask |= IBV_QP_ACCESS_FLAGS;
	}
	return ibv_modify_qp(qp, &a, mask);
}

static int qp_rtr(struct ibv_qp *qp, uint32_t dqpn, const union ibv_gid *dgid, uint32_t rq_psn)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTR,
		.path_mtu = IBV_MTU_1024,
		.dest_qp_num = dqpn,
		.rq_psn = rq_psn,
		.max_dest_rd_atomic = 1,
		.min_rnr_timer = 1,
		.ah_attr = {.is_global = 1, .port_num = 1,
			    .grh = {.dgid = *dgid, .sgid_index = 0, .hop_limit = 64}},
	};
	int mask = IBV_QP_STATE;

	if (qp->qp_type == IBV_QPT_RC || qp->qp_type == IBV_QPT_XRC_SEND || qp->qp_type == IBV_QPT_XRC_RECV)
		mask |= IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
			IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER;
	else if (qp->qp_type == IBV_QPT_UC)
		mask |= IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN;
	return ibv_modify_qp(qp, &a, mask);
}

static int qp_rts(struct ibv_qp *qp, uint32_t sq_psn)
{
	struct ibv_qp_attr a = {.qp_state = IBV_QPS_RTS, .sq_psn = sq_psn, .timeout = 14,
				.retry_cnt = 7, .rnr_retry = 7, .max_rd_atomic = 1};
	int mask = IBV_QP_STATE | IBV_QP_SQ_PSN;

	if (qp->qp_type == IBV_QPT_RC || qp->qp_type == IBV_QPT_XRC_SEND)
		mask |= IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC;
	return ibv_modify_qp(qp, &a, mask);
}

/* A connected pair of type t (RC or UC), both in RTS. with_channel puts
 * B's CQ on a completion channel. */
static int pair_up(struct pair *p, enum ibv_qp_type t, int sig_all, unsigned depth, unsigned inl,
		   int with_channel)
{
	memset(p, 0, sizeof(*p));
	if (with_channel && !(p->ch = ibv_create_comp_channel(B.ctx)))
		return -1;
	p->ca = ibv_create_cq(A.ctx, 4 * DEPTH, NULL, NULL, 0);
	p->cb = ibv_create_cq(B.ctx, 4 * DEPTH, NULL, p->ch, 0);
	if (!p->ca || !p->cb)
		return -1;
	p->qa = qp_new(&A, t, p->ca, sig_all, depth, inl, &p->cap_a);
	p->qb = qp_new(&B, t, p->cb, 1, depth, inl, &p->cap_b);
	if (!p->qa || !p->qb)
		return -1;
	if (qp_init(p->qa) || qp_init(p->qb) || qp_rtr(p->qa, p->qb->qp_num, &B.gid, 0x200) ||
	    qp_rtr(p->qb, p->qa->qp_num, &A.gid, 0x100) || qp_rts(p->qa, 0x100) || qp_rts(p->qb, 0x200))
		return -1;
	return 0;
}

static void pair_down(struct pair *p)
{
	if (p->qa)
		ibv_destroy_qp(p->qa);
	if (p->qb)
		ibv_destroy_qp(p->qb);
	if (p->ca)
		ibv_destroy_cq(p->ca);
	if (p->cb)
		ibv_destroy_cq(p->cb);
	if (p->ch)
		ibv_destroy_comp_channel(p->ch);
	memset(p, 0, sizeof(*p));
}

/* Wait for one completion (wall-clock bound for a hung run). */
static int poll1(struct ibv_cq *cq, struct ibv_wc *wc)
{
	return cosim_poll_one(cq, wc);
}

/* No completion is there, and none comes: on the simulator an empty poll
 * waits until nothing is in flight any more. */
static int cq_empty(struct ibv_cq *cq)
{
	struct ibv_wc wc;

	return ibv_poll_cq(cq, 1, &wc) == 0 && ibv_poll_cq(cq, 1, &wc) == 0;
}

static uint8_t pat(unsigned seed, size_t i)
{
	return (uint8_t)(seed * 131u + i * 7u + (i >> 8));
}

static void fill(uint8_t *p, size_t len, unsigned seed)
{
	for (size_t i = 0; i < len; i++)
		p[i] = pat(seed, i);
}

/* Destination prepared: guard bytes around [p, p+len). */
static void guard(uint8_t *p, size_t len)
{
	memset(p - GUARD, GUARD_BYTE, len + 2 * GUARD);
}

/* Payload equals the pattern and no byte just outside it was written. */
static int check_data(const uint8_t *p, size_t len, unsigned seed, char *why, size_t whylen)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != pat(seed, i)) {
			snprintf(why, whylen, "byte %zu is 0x%02x, sent 0x%02x", i, p[i], pat(seed, i));
			return -1;
		}
	for (int g = 1; g <= GUARD; g++)
		if (p[-g] != GUARD_BYTE) {
			snprintf(why, whylen, "guard byte %d before the buffer written", g);
			return -1;
		}
	for (size_t g = 0; g < GUARD; g++)
		if (p[len + g] != GUARD_BYTE) {
			snprintf(why, whylen, "byte %zu after the buffer written", g);
			return -1;
		}
	return 0;
}

#define CHECK_DATA(p, len, seed, what)                                                  \
	do {                                                                            \
		char why_[160];                                                         \
		if (check_data(p, len, seed, why_, sizeof(why_))) {                     \
			fail("%s: %s", what, why_);                                     \
			return;                                                         \
		}                                                                       \
	} while (0)

static int post_recv1(struct ibv_qp *qp, uint64_t id, void *addr, uint32_t len, uint32_t lkey)
{
	struct ibv_sge s = {.addr = (uintptr_t)addr, .length = len, .lkey = lkey};
	struct ibv_recv_wr w = {.wr_id = id, .sg_list = &s, .num_sge = 1}, *bad = NULL;

	return ibv_post_recv(qp, &w, &bad);
}

static int post_send1(struct ibv_qp *qp, uint64_t id, enum ibv_wr_opcode op, void *addr, uint32_t len,
		      uint32_t lkey, unsigned flags)
{
	struct ibv_sge s = {.addr = (uintptr_t)addr, .length = len, .lkey = lkey};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = &s, .num_sge = 1, .opcode = op,
				.send_flags = flags}, *bad = NULL;

	return ibv_post_send(qp, &w, &bad);
}

/* Check every field of a completion. */
#define CHECK_WC(wc, id, st, op, len, flags, imm, qpn)                                                   \
	do {                                                                                             \
		CHECK((wc).wr_id == (uint64_t)(id), "wr_id 0x%" PRIx64 ", expected 0x%" PRIx64, (wc).wr_id, \
		      (uint64_t)(id));                                                                   \
		CHECK((wc).status == (st), "wr_id 0x%" PRIx64 ": status %s, expected %s", (wc).wr_id,    \
		      ibv_wc_status_str((wc).status), ibv_wc_status_str(st));                            \
		CHECK((wc).status != IBV_WC_SUCCESS || (wc).opcode == (op),                              \
		      "wr_id 0x%" PRIx64 ": opcode %d, expected %d", (wc).wr_id, (wc).opcode, (op));      \
		CHECK((len) < 0 || (wc).byte_len == (uint32_t)(len),                                     \
		      "wr_id 0x%" PRIx64 ": byte_len %u, expected %d", (wc).wr_id, (wc).byte_len,        \
		      (int)(len));                                                                       \
		CHECK((wc).wc_flags == (unsigned)(flags), "wr_id 0x%" PRIx64 ": wc_flags 0x%x, expected 0x%x", \
		      (wc).wr_id, (wc).wc_flags, (unsigned)(flags));                                     \
		CHECK(!((flags) & IBV_WC_WITH_IMM) || (wc).imm_data == (imm),                            \
		      "wr_id 0x%" PRIx64 ": imm_data 0x%x, expected 0x%x", (wc).wr_id,                   \
		      ntohl((wc).imm_data), ntohl(imm));                                                 \
		CHECK((wc).qp_num == (qpn), "wr_id 0x%" PRIx64 ": qp_num %u, expected %u", (wc).wr_id,   \
		      (wc).qp_num, (qpn));                                                               \
		CHECK((wc).slid == 0 && (wc).sl == 0 && (wc).dlid_path_bits == 0 &&                      \
			      (wc).pkey_index == 0,                                                      \
		      "wr_id 0x%" PRIx64 ": slid/sl/dlid_path_bits/pkey_index %u/%u/%u/%u, expected 0",   \
		      (wc).wr_id, (wc).slid, (wc).sl, (wc).dlid_path_bits, (wc).pkey_index);             \
	} while (0)

/* ---- clauses ------------------------------------------------------------ */

/* Table cell: one message of each size with op on a QP pair of type t;
 * data and both CQEs. */
static void t_conn_op(enum ibv_qp_type t, enum ibv_wr_opcode op)
{
	static const uint32_t sizes[] = {0, 1, 1023, 1024, 1025, 4096, 65536 + 3};
	struct pair p;
	int write = op == IBV_WR_RDMA_WRITE || op == IBV_WR_RDMA_WRITE_WITH_IMM;
	int imm = op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
	int consumes = op != IBV_WR_RDMA_WRITE; /* a receive WQE */

	CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		uint32_t len = sizes[k];
		uint8_t *src = A.buf + 4096 + k;
		uint8_t *dst = B.buf + 4096 + 3 * k + GUARD;
		uint8_t *rbuf = B.buf + 512 * 1024 + GUARD;
		uint32_t immv = htonl(0xc0de0000u + k);
		struct ibv_wc wc;

		fill(src, len, k + op);
		guard(dst, len);
		guard(rbuf, 256);
		if (consumes)
			CHECK(post_recv1(p.qb, 0x7700 + k, write ? rbuf : dst, write ? 256 : len + 5, B.mr->lkey) == 0,
			      "post_recv");
		struct ibv_sge s = {.addr = (uintptr_t)src, .length = len, .lkey = A.mr->lkey};
		struct ibv_send_wr w = {.wr_id = 0x5500 + k, .sg_list = &s, .num_sge = 1, .opcode = op,
					.send_flags = IBV_SEND_SIGNALED, .imm_data = immv}, *bad = NULL;
		if (write) {
			w.wr.rdma.remote_addr = (uintptr_t)dst;
			w.wr.rdma.rkey = B.mr->rkey;
		}
		CHECK(ibv_post_send(p.qa, &w, &bad) == 0 && !bad, "post_send size %u", len);
		CHECK(poll1(p.ca, &wc) == 0, "no send completion (size %u)", len);
		CHECK_WC(wc, 0x5500 + k, IBV_WC_SUCCESS, write ? IBV_WC_RDMA_WRITE : IBV_WC_SEND, -1, 0, 0,
			 p.qa->qp_num);
		if (consumes) {
			CHECK(poll1(p.cb, &wc) == 0, "no receive completion (size %u)", len);
			CHECK_WC(wc, 0x7700 + k, IBV_WC_SUCCESS,
				 write ? IBV_WC_RECV_RDMA_WITH_IMM : IBV_WC_RECV, (int)len,
				 imm ? IBV_WC_WITH_IMM : 0, immv, p.qb->qp_num);
		}
		/* a plain WRITE has no receive completion to wait for; on UC its
		 * send completion does not mean the data arrived: an empty poll
		 * on the simulator returns once nothing is in flight */
		if (!consumes)
			CHECK(cq_empty(p.cb), "a receive completion for an RDMA WRITE");
		CHECK_DATA(dst, len, k + op, "payload");
		if (write && consumes) {
			/* the receive buffer of a WRITE with immediate is untouched */
			for (int g = -GUARD; g < 256 + GUARD; g++)
				CHECK(rbuf[g] == GUARD_BYTE, "WRITE_WITH_IMM wrote into the receive buffer");
		}
	}
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	pair_down(&p);
}

static void t_rc_send(void) { t_conn_op(IBV_QPT_RC, IBV_WR_SEND); }
static void t_rc_send_imm(void) { t_conn_op(IBV_QPT_RC, IBV_WR_SEND_WITH_IMM); }
static void t_rc_write(void) { t_conn_op(IBV_QPT_RC, IBV_WR_RDMA_WRITE); }
static void t_rc_write_imm(void) { t_conn_op(IBV_QPT_RC, IBV_WR_RDMA_WRITE_WITH_IMM); }
static void t_uc_send(void) { t_conn_op(IBV_QPT_UC, IBV_WR_SEND); }
static void t_uc_send_imm(void) { t_conn_op(IBV_QPT_UC, IBV_WR_SEND_WITH_IMM); }
static void t_uc_write(void) { t_conn_op(IBV_QPT_UC, IBV_WR_RDMA_WRITE); }
static void t_uc_write_imm(void) { t_conn_op(IBV_QPT_UC, IBV_WR_RDMA_WRITE_WITH_IMM); }

/* UC is unreliable: a message the responder cannot take (no receive WQE, a
 * bad rkey, longer than the receive buffer) is lost or completes in error
 * on the receive side only; the sender completes successfully, nothing is
 * written outside the buffers, and the QP goes on delivering. */
static void t_uc_unreliable(void)
{
	struct pair p;
	struct ibv_wc wc;
	uint8_t *src = A.buf + 8192, *dst = B.buf + 65536 + GUARD, *rb = B.buf + 131072 + GUARD;
	const uint32_t len = 3000;   /* three packets at the 1024-byte MTU */

	CHECK(pair_up(&p, IBV_QPT_UC, 1, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	fill(src, len, 41);
	guard(dst, len);
	guard(rb, 1500);

	/* 1. SEND with no receive WQE posted: lost; the sender completes */
	CHECK(post_send1(p.qa, 0x901, IBV_WR_SEND, src, len, A.mr->lkey, 0) == 0, "post_send");
	CHECK(poll1(p.ca, &wc) == 0, "no send completion");
	CHECK_WC(wc, 0x901, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
	CHECK(cq_empty(p.cb), "a receive completion for a message with no receive WQE");

	/* 2. RDMA WRITE with a bad rkey: the sender completes, nothing written */
	{
		struct ibv_sge s = {.addr = (uintptr_t)src, .length = len, .lkey = A.mr->lkey};
		struct ibv_send_wr w = {.wr_id = 0x902, .sg_list = &s, .num_sge = 1,
					.opcode = IBV_WR_RDMA_WRITE}, *bad = NULL;
		w.wr.rdma.remote_addr = (uintptr_t)dst;
		w.wr.rdma.rkey = B.mr->rkey ^ 0x100u;
		CHECK(ibv_post_send(p.qa, &w, &bad) == 0, "post_send WRITE");
		CHECK(poll1(p.ca, &wc) == 0, "no WRITE completion");
		CHECK_WC(wc, 0x902, IBV_WC_SUCCESS, IBV_WC_RDMA_WRITE, -1, 0, 0, p.qa->qp_num);
	}
	CHECK(cq_empty(p.cb), "a receive completion for a dropped WRITE");
	for (int g = -GUARD; g < (int)len + GUARD; g++)
		CHECK(dst[g] == GUARD_BYTE, "a WRITE with a bad rkey wrote byte %d", g);

	/* 3. SEND longer than the receive buffer: that receive completes with
	 *    a local length error, nothing lands outside it */
	CHECK(post_recv1(p.qb, 0x903, rb, 1500, B.mr->lkey) == 0, "post_recv");
	CHECK(post_send1(p.qa, 0x904, IBV_WR_SEND, src, len, A.mr->lkey, 0) == 0, "post_send");
	CHECK(poll1(p.ca, &wc) == 0, "no send completion");
	CHECK_WC(wc, 0x904, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.cb, &wc) == 0, "no receive completion for the too-long SEND");
	CHECK(wc.wr_id == 0x903 && wc.status == IBV_WC_LOC_LEN_ERR && wc.qp_num == p.qb->qp_num,
	      "too-long SEND: wr_id 0x%" PRIx64 " status %s, expected 0x903 local length error", wc.wr_id,
	      ibv_wc_status_str(wc.status));
	for (int g = 1; g <= GUARD; g++)
		CHECK(rb[-g] == GUARD_BYTE && rb[1500 + g - 1] == GUARD_BYTE,
		      "the too-long SEND wrote outside its receive buffer");

	/* 4. the next message arrives whole */
	CHECK(post_recv1(p.qb, 0x905, dst, len, B.mr->lkey) == 0, "post_recv");
	CHECK(post_send1(p.qa, 0x906, IBV_WR_SEND, src, len, A.mr->lkey, 0) == 0, "post_send");
	CHECK(poll1(p.ca, &wc) == 0, "no send completion");
	CHECK_WC(wc, 0x906, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.cb, &wc) == 0, "no receive completion after the lost messages");
	CHECK_WC(wc, 0x905, IBV_WC_SUCCESS, IBV_WC_RECV, (int)len, 0, 0, p.qb->qp_num);
	CHECK_DATA(dst, len, 41, "payload after the lost messages");
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	pair_down(&p);
}

/* Table cell RC x IBV_WR_RDMA_READ: the remote bytes land in the local
 * SGEs (1-3 of them, odd offsets), nothing around them is written, the
 * requester's completion carries IBV_WC_RDMA_READ and the byte count, and
 * the responder's side sees no completion. */
static void t_rc_read(void)
{
	static const uint32_t sizes[] = {0, 1, 1023, 1024, 1025, 4096, 65536 + 3, 300000};
	struct pair p;
	struct ibv_wc wc;

	CHECK(pair_up(&p, IBV_QPT_RC, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		uint32_t len = sizes[k];
		uint8_t *src = B.buf + 8192 + 5 * k;          /* remote */
		uint8_t *dst = A.buf + 4096 + GUARD + 3 * k;  /* local, split over up to 3 SGEs */
		unsigned nsge = 1 + k % 3;
		struct ibv_sge sg[3];
		uint32_t off = 0;

		fill(src, len, 40 + k);
		for (unsigned j = 0; j < nsge; j++) {
			uint32_t l = j + 1 < nsge ? len / nsge : len - off;
			/* each piece sits apart from the next, guards between */
			uint8_t *d = dst + off + j * 2 * GUARD;
			guard(d, l);
			sg[j] = (struct ibv_sge){.addr = (uintptr_t)d, .length = l, .lkey = A.mr->lkey};
			off += l;
		}
		struct ibv_send_wr w = {.wr_id = 0x9900 + k, .sg_list = sg, .num_sge = (int)nsge,
					.opcode = IBV_WR_RDMA_READ, .send_flags = IBV_SEND_SIGNALED}, *bad = NULL;
		w.wr.rdma.remote_addr = (uintptr_t)src;
		w.wr.rdma.rkey = B.mr->rkey;
		CHECK(ibv_post_send(p.qa, &w, &bad) == 0 && !bad, "post READ of %u bytes", len);
		CHECK(poll1(p.ca, &wc) == 0, "no READ completion (size %u)", len);
		CHECK_WC(wc, 0x9900 + k, IBV_WC_SUCCESS, IBV_WC_RDMA_READ, (int)len, 0, 0, p.qa->qp_num);
		off = 0;
		for (unsigned j = 0; j < nsge; j++) {
			uint8_t *d = (uint8_t *)(uintptr_t)sg[j].addr;

			for (uint32_t b = 0; b < sg[j].length; b++)
				CHECK(d[b] == pat(40 + k, off + b), "READ %u bytes: byte %u is 0x%02x, remote 0x%02x", len,
				      off + b, d[b], pat(40 + k, off + b));
			/* the guards around each piece */
			for (int g = 1; g <= GUARD; g++)
				CHECK(d[-g] == GUARD_BYTE, "READ %u bytes: byte before piece %u written", len, j);
			for (int g = 0; g < GUARD; g++)
				CHECK(d[sg[j].length + g] == GUARD_BYTE, "READ %u bytes: byte after piece %u written", len, j);
			off += sg[j].length;
		}
	}
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many (the responder must see none)");
	pair_down(&p);
}

/* One RDMA WR of 64 bytes that must fail: on a fresh RC pair, op from
 * local (lkey) to/from remote (rkey) completes with `want`, and the ulen
 * bytes at `untouched` (with the guard bytes before them, and after them
 * when after is set) keep their guard pattern. */
struct rdma_err_case {
	const char *what;
	enum ibv_wr_opcode op;
	uint8_t *local;
	uint32_t lkey;
	uint8_t *remote;
	uint32_t rkey;
	enum ibv_wc_status want;
	uint8_t *untouched;
	uint32_t ulen;
	int after;
};

static void rdma_err_cases(const struct rdma_err_case *c, unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		struct pair p;
		struct ibv_wc wc;
		struct ibv_sge s = {.addr = (uintptr_t)c[k].local, .length = 64, .lkey = c[k].lkey};
		struct ibv_send_wr w = {.wr_id = 0x98 + k, .sg_list = &s, .num_sge = 1, .opcode = c[k].op,
					.send_flags = IBV_SEND_SIGNALED}, *bad = NULL;
		uint8_t *u = c[k].untouched;

		CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
		memset(u - GUARD, GUARD_BYTE, GUARD + c[k].ulen + (c[k].after ? GUARD : 0));
		w.wr.rdma.remote_addr = (uintptr_t)c[k].remote;
		w.wr.rdma.rkey = c[k].rkey;
		CHECK(ibv_post_send(p.qa, &w, &bad) == 0, "%s: post_send", c[k].what);
		CHECK(poll1(p.ca, &wc) == 0, "%s: no completion", c[k].what);
		CHECK(wc.wr_id == 0x98 + k && wc.status == c[k].want, "%s: status %s, expected %s", c[k].what,
		      ibv_wc_status_str(wc.status), ibv_wc_status_str(c[k].want));
		CHECK(wc.qp_num == p.qa->qp_num, "%s: qp_num %u, expected %u", c[k].what, wc.qp_num, p.qa->qp_num);
		for (int g = -GUARD; g < (int)c[k].ulen + (c[k].after ? GUARD : 0); g++)
			CHECK(u[g] == GUARD_BYTE, "%s: memory written (byte %d)", c[k].what, g);
		pair_down(&p);
	}
}

/* READ errors: a bad rkey or a region without remote read is a remote
 * access error; a local region without local write (the device writes the
 * READ's data) a local protection error; the local buffer is untouched. */
static void t_read_errors(void)
{
	struct ibv_mr *nolw = ibv_reg_mr(A.pd, A.ro, 65536, 0);   /* local read only */

	CHECK(nolw, "ibv_reg_mr without local write: %s", strerror(errno));
	fill(B.buf, 64, 7);
	fill(B.ro, 64, 7);
	const struct rdma_err_case c[] = {
		{"bad rkey", IBV_WR_RDMA_READ, A.buf + GUARD, A.mr->lkey, B.buf, B.mr->rkey ^ 0x00ffff00u,
		 IBV_WC_REM_ACCESS_ERR, A.buf + GUARD, 64, 1},
		{"no remote read", IBV_WR_RDMA_READ, A.buf + GUARD, A.mr->lkey, B.ro, B.ro_mr->rkey,
		 IBV_WC_REM_ACCESS_ERR, A.buf + GUARD, 64, 1},
		{"local MR without local write", IBV_WR_RDMA_READ, A.ro + GUARD, nolw->lkey, B.buf, B.mr->rkey,
		 IBV_WC_LOC_PROT_ERR, A.ro + GUARD, 64, 1},
	};
	rdma_err_cases(c, sizeof(c) / sizeof(c[0]));
	ibv_dereg_mr(nolw);
}

/* One atomic WR on qa: 8 bytes at remote r, the original value into *local. */
static int post_atomic(struct ibv_qp *qa, uint64_t id, enum ibv_wr_opcode op, uint64_t *local, uint64_t *r,
		       uint32_t rkey, uint64_t compare_add, uint64_t swap)
{
	struct ibv_sge sg = {.addr = (uintptr_t)local, .length = 8, .lkey = A.mr->lkey};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = &sg, .num_sge = 1, .opcode = op,
				.send_flags = IBV_SEND_SIGNALED}, *bad = NULL;

	w.wr.atomic.remote_addr = (uintptr_t)r;
	w.wr.atomic.rkey = rkey;
	w.wr.atomic.compare_add = compare_add;
	w.wr.atomic.swap = swap;
	return ibv_post_send(qa, &w, &bad);
}

/* The 8 bytes around an atomic's operand are untouched (guards). */
static int guards_ok(const uint8_t *p)
{
	for (int g = 1; g <= GUARD; g++)
		if (p[-g] != GUARD_BYTE || p[8 + g - 1] != GUARD_BYTE)
			return 0;
	return 1;
}

/* Table cell RC x IBV_WR_ATOMIC_CMP_AND_SWP: the swap happens only when the
 * 64-bit value equals compare; the original value comes back either way. */
static void t_rc_cmp_swp(void)
{
	struct pair p;
	struct ibv_wc wc;
	uint8_t *rb = B.buf + 4096 + GUARD, *lb = A.buf + 4096 + GUARD;
	uint64_t *r = (uint64_t *)rb, *l = (uint64_t *)lb;
	static const struct { uint64_t start, cmp, swap, after; } c[] = {
		{0x1122334455667788ull, 0x1122334455667788ull, 0xa5a5a5a5deadbeefull, 0xa5a5a5a5deadbeefull},
		{0xa5a5a5a5deadbeefull, 0xa5a5a5a5deadbee0ull, 0x1ull, 0xa5a5a5a5deadbeefull},
		{0, 0, 0xffffffffffffffffull, 0xffffffffffffffffull},
	};

	CHECK(pair_up(&p, IBV_QPT_RC, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	guard(rb, 8);
	*r = c[0].start;
	for (unsigned k = 0; k < 3; k++) {
		guard(lb, 8);
		if (k > 0)
			CHECK(*r == c[k - 1].after, "case %u: remote 0x%" PRIx64 " changed between atomics", k, *r);
		*r = c[k].start;
		CHECK(post_atomic(p.qa, 0x7100 + k, IBV_WR_ATOMIC_CMP_AND_SWP, l, r, B.mr->rkey, c[k].cmp,
				  c[k].swap) == 0, "post CMP_AND_SWP");
		CHECK(poll1(p.ca, &wc) == 0, "case %u: no completion", k);
		CHECK_WC(wc, 0x7100 + k, IBV_WC_SUCCESS, IBV_WC_COMP_SWAP, 8, 0, 0, p.qa->qp_num);
		CHECK(*l == c[k].start, "case %u: returned 0x%" PRIx64 ", original 0x%" PRIx64, k, *l, c[k].start);
		CHECK(*r == c[k].after, "case %u: remote 0x%" PRIx64 ", expected 0x%" PRIx64, k, *r, c[k].after);
		CHECK(guards_ok(lb) && guards_ok(rb), "case %u: bytes around the operands written", k);
	}
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	pair_down(&p);
}

/* Table cell RC x IBV_WR_ATOMIC_FETCH_AND_ADD: back-to-back adds on one word
 * each see the previous result; carries cross 32 bits and wrap at 2^64. */
static void t_rc_fetch_add(void)
{
	struct pair p;
	struct ibv_wc wc;
	uint8_t *rb = B.buf + 8192 + GUARD, *lb = A.buf + 8192 + GUARD;
	uint64_t *r = (uint64_t *)rb, *l = (uint64_t *)(void *)lb;
	static const uint64_t add[] = {1, 0xffffffffull, 0x8000000000000000ull, 0x7fffffffffffffffull, 5};
	uint64_t v = 0xfffffffffffffff0ull;

	CHECK(pair_up(&p, IBV_QPT_RC, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	guard(rb, 8);
	memset(lb - GUARD, GUARD_BYTE, 5 * 16 + 2 * GUARD);
	*r = v;
	/* all five posted at once: the responder applies them in order */
	for (unsigned k = 0; k < 5; k++)
		CHECK(post_atomic(p.qa, 0x7200 + k, IBV_WR_ATOMIC_FETCH_AND_ADD, l + 2 * k, r, B.mr->rkey, add[k],
				  0x5555) == 0, "post FETCH_AND_ADD %u", k);
	for (unsigned k = 0; k < 5; k++) {
		CHECK(poll1(p.ca, &wc) == 0, "add %u: no completion", k);
		CHECK_WC(wc, 0x7200 + k, IBV_WC_SUCCESS, IBV_WC_FETCH_ADD, 8, 0, 0, p.qa->qp_num);
		CHECK(l[2 * k] == v, "add %u: returned 0x%" PRIx64 ", expected 0x%" PRIx64, k, l[2 * k], v);
		CHECK(l[2 * k + 1] == 0xa5a5a5a5a5a5a5a5ull, "add %u: the 8 bytes after the returned value written", k);
		v += add[k];
	}
	CHECK(*r == v, "remote 0x%" PRIx64 ", expected 0x%" PRIx64, *r, v);
	CHECK(guards_ok(rb), "bytes around the remote operand written");
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	pair_down(&p);
}

/* Atomic errors: a remote address not 8-byte aligned is an invalid request;
 * an rkey without remote atomic access a remote access error; the remote
 * word is untouched. */
static void t_atomic_errors(void)
{
	for (int c = 0; c < 2; c++) {
		struct pair p;
		struct ibv_wc wc;
		uint8_t *rb = (c == 1 ? B.ro : B.buf) + 1024 + GUARD;
		uint64_t *l = (uint64_t *)(void *)(A.buf + 1024 + GUARD);
		enum ibv_wc_status want = c == 0 ? IBV_WC_REM_INV_REQ_ERR : IBV_WC_REM_ACCESS_ERR;

		CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
		guard(rb, 16);
		CHECK(post_atomic(p.qa, 0x73, IBV_WR_ATOMIC_FETCH_AND_ADD, l, (uint64_t *)(void *)(rb + (c == 0 ? 4 : 0)),
				  c == 1 ? B.ro_mr->rkey : B.mr->rkey, 1, 0) == 0, "post");
		CHECK(poll1(p.ca, &wc) == 0, "case %d: no completion", c);
		CHECK(wc.wr_id == 0x73 && wc.status == want, "case %d (%s): status %s, expected %s", c,
		      c == 0 ? "unaligned" : "no remote atomic", ibv_wc_status_str(wc.status), ibv_wc_status_str(want));
		for (int g = -GUARD; g < 16 + GUARD; g++)
			CHECK(rb[g] == GUARD_BYTE, "case %d: remote memory written", c);
		pair_down(&p);
	}
}

/* The opcodes a QP type refuses: EINVAL, bad_wr the refused WR, nothing
 * posted. */
static void refuse_on(enum ibv_qp_type t, const enum ibv_wr_opcode *ops, unsigned n)
{
	struct ibv_cq *ca = ibv_create_cq(A.ctx, 64, NULL, NULL, 0);
	struct ibv_cq *cb = ibv_create_cq(B.ctx, 64, NULL, NULL, 0);
	struct ibv_qp *qa, *qb;
	struct ibv_wc wc;

	CHECK(ca && cb, "cq");
	qa = qp_new(&A, t, ca, 1, 16, 0, NULL);
	qb = qp_new(&B, t, cb, 1, 16, 0, NULL);
	CHECK(qa && qb, "create %s QP: %s", t == IBV_QPT_UD ? "UD" : "UC", strerror(errno));
	CHECK(qp_init(qa) == 0 && qp_init(qb) == 0 && qp_rtr(qa, qb->qp_num, &B.gid, 1) == 0 &&
		      qp_rtr(qb, qa->qp_num, &A.gid, 1) == 0 && qp_rts(qa, 1) == 0 && qp_rts(qb, 1) == 0,
	      "QPs to RTS: %s", strerror(errno));
	for (unsigned i = 0; i < n; i++) {
		struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 8, .lkey = A.mr->lkey};
		struct ibv_send_wr w[2], *bad = NULL;

		memset(w, 0, sizeof(w));
		w[0].wr_id = 1;
		w[0].opcode = ops[i];
		w[0].sg_list = &s;
		w[0].num_sge = 1;
		w[0].wr.rdma.rkey = B.mr->rkey;
		w[0].wr.rdma.remote_addr = (uintptr_t)B.buf;
		CHECK(ibv_post_send(qa, &w[0], &bad) == EINVAL && bad == &w[0],
		      "opcode %d on this QP type: not refused with EINVAL (bad_wr %s)", ops[i],
		      bad == &w[0] ? "set" : "wrong");
	}
	CHECK(ibv_poll_cq(ca, 1, &wc) == 0, "a refused WR completed");
	ibv_destroy_qp(qa);
	ibv_destroy_qp(qb);
	ibv_destroy_cq(ca);
	ibv_destroy_cq(cb);
}

static void t_refuse_uc(void)
{
	static const enum ibv_wr_opcode ops[] = {IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP,
						 IBV_WR_ATOMIC_FETCH_AND_ADD, IBV_WR_TSO};
	refuse_on(IBV_QPT_UC, ops, 4);
}

static void t_refuse_ud(void)
{
	static const enum ibv_wr_opcode ops[] = {IBV_WR_RDMA_WRITE, IBV_WR_RDMA_WRITE_WITH_IMM,
						 IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP,
						 IBV_WR_ATOMIC_FETCH_AND_ADD, IBV_WR_LOCAL_INV,
						 IBV_WR_BIND_MW, IBV_WR_SEND_WITH_INV, IBV_WR_TSO};
	refuse_on(IBV_QPT_UD, ops, 9);
}

static void t_refuse_rc(void)
{
	static const enum ibv_wr_opcode ops[] = {IBV_WR_TSO, IBV_WR_DRIVER1, (enum ibv_wr_opcode)77};
	refuse_on(IBV_QPT_RC, ops, 3);
}

/* "It stops processing WRs from this list at the first failure ... and
 * returns this failing WR through bad_wr": earlier WRs are posted (and
 * complete), the failing one and later ones are not. */
static void t_send_list(void)
{
	struct pair p;
	struct ibv_sge s[6];
	struct ibv_send_wr w[3], *bad = NULL;
	struct ibv_wc wc;
	uint8_t *dst = B.buf + GUARD;

	CHECK(pair_up(&p, IBV_QPT_RC, 1, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	for (int i = 0; i < 6; i++)
		s[i] = (struct ibv_sge){.addr = (uintptr_t)A.buf + 64 * i, .length = 16, .lkey = A.mr->lkey};
	fill(A.buf, 64, 3);
	guard(dst, 16);
	for (int i = 0; i < 3; i++)
		CHECK(post_recv1(p.qb, 0x900 + i, dst + 2048 * i, 2048 - 2 * GUARD, B.mr->lkey) == 0, "post_recv");
	memset(w, 0, sizeof(w));
	for (int i = 0; i < 3; i++) {
		w[i].wr_id = 0x800 + i;
		w[i].sg_list = s;
		w[i].num_sge = 1;
		w[i].opcode = IBV_WR_SEND;
		w[i].next = i < 2 ? &w[i + 1] : NULL;
	}
	w[1].num_sge = (int)p.cap_a.max_send_sge + 1; /* over the QP's cap */
	CHECK(ibv_post_send(p.qa, w, &bad) == EINVAL, "a WR over max_send_sge not refused with EINVAL");
	CHECK(bad == &w[1], "bad_wr does not point at the failing WR");
	CHECK(poll1(p.ca, &wc) == 0, "the WR before the failing one did not complete");
	CHECK_WC(wc, 0x800, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.cb, &wc) == 0, "no receive completion");
	CHECK_WC(wc, 0x900, IBV_WC_SUCCESS, IBV_WC_RECV, 16, 0, 0, p.qb->qp_num);
	CHECK_DATA(dst, 16, 3, "payload");
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a WR after the failing one was posted");
	pair_down(&p);
}

/* ibv_post_recv(3): stops at the first failure, bad_wr; earlier WRs stay
 * posted, later ones are not. */
static void t_recv_list(void)
{
	struct pair p;
	struct ibv_sge s[8];
	struct ibv_recv_wr w[3], *bad = NULL;
	struct ibv_wc wc;

	CHECK(pair_up(&p, IBV_QPT_RC, 1, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	for (int i = 0; i < 8; i++)
		s[i] = (struct ibv_sge){.addr = (uintptr_t)B.buf + GUARD + 1024 * i, .length = 64,
					.lkey = B.mr->lkey};
	memset(w, 0, sizeof(w));
	for (int i = 0; i < 3; i++) {
		w[i].wr_id = 0xa00 + i;
		w[i].sg_list = &s[i];
		w[i].num_sge = 1;
		w[i].next = i < 2 ? &w[i + 1] : NULL;
	}
	w[1].sg_list = s;
	w[1].num_sge = (int)p.cap_b.max_recv_sge + 1;
	CHECK(ibv_post_recv(p.qb, w, &bad) == EINVAL, "a WR over max_recv_sge not refused with EINVAL");
	CHECK(bad == &w[1], "bad_wr does not point at the failing WR");
	/* Post a last receive on its own: the next two SENDs must land in
	 * 0xa00 and then 0xa0f: 0xa01 and 0xa02 were never posted. */
	CHECK(post_recv1(p.qb, 0xa0f, (uint8_t *)(uintptr_t)s[5].addr, 64, B.mr->lkey) == 0, "post_recv");
	guard((uint8_t *)(uintptr_t)s[0].addr, 64);
	guard((uint8_t *)(uintptr_t)s[5].addr, 64);
	fill(A.buf, 40, 9);
	for (int i = 0; i < 2; i++)
		CHECK(post_send1(p.qa, 0xb00 + i, IBV_WR_SEND, A.buf, 40, A.mr->lkey, 0) == 0, "post_send");
	for (int i = 0; i < 2; i++) {
		CHECK(poll1(p.cb, &wc) == 0, "no receive completion %d", i);
		CHECK_WC(wc, i ? 0xa0f : 0xa00, IBV_WC_SUCCESS, IBV_WC_RECV, 40, 0, 0, p.qb->qp_num);
		CHECK(poll1(p.ca, &wc) == 0, "no send completion %d", i);
	}
	CHECK_DATA((uint8_t *)(uintptr_t)s[0].addr, 40, 9, "first receive");
	CHECK_DATA((uint8_t *)(uintptr_t)s[5].addr, 40, 9, "second receive");
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	pair_down(&p);
}

/* IBV_SEND_SIGNALED with sq_sig_all = 0: only signaled WRs complete;
 * unsignaled ones free their slots when a later signaled one completes
 * (more WRs than the queue holds go through without ENOMEM). */
static void t_signaled(void)
{
	struct pair p;
	struct ibv_wc wc;
	unsigned rounds, per = 4, got = 0;

	CHECK(pair_up(&p, IBV_QPT_RC, 0, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
	rounds = 4 * (p.cap_a.max_send_wr / per + 1); /* four times the queue */
	fill(A.buf, 32, 5);
	for (unsigned r = 0; r < rounds; r++) {
		for (unsigned j = 0; j < per; j++)
			CHECK(post_recv1(p.qb, 0xc000 + r * per + j, B.buf + GUARD + 64 * j, 32, B.mr->lkey) == 0,
			      "post_recv");
		for (unsigned j = 0; j < per; j++) {
			int rc = post_send1(p.qa, 0xd000 + r * per + j, IBV_WR_SEND, A.buf, 32, A.mr->lkey,
					    j == per - 1 ? IBV_SEND_SIGNALED : 0);
			CHECK(rc == 0, "round %u WR %u: post_send %s (slots of unsignaled WRs not freed?)", r, j,
			      strerror(rc));
		}
		CHECK(poll1(p.ca, &wc) == 0, "round %u: no completion of the signaled WR", r);
		CHECK_WC(wc, 0xd000 + r * per + per - 1, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
		for (unsigned j = 0; j < per; j++) {
			CHECK(poll1(p.cb, &wc) == 0, "round %u: receive %u missing", r, j);
			CHECK_WC(wc, 0xc000 + r * per + j, IBV_WC_SUCCESS, IBV_WC_RECV, 32, 0, 0, p.qb->qp_num);
			got++;
		}
	}
	CHECK(got == rounds * per, "receives");
	CHECK(cq_empty(p.ca), "an unsignaled WR produced a completion");
	pair_down(&p);
}

/* sq_sig_all = 1: every WR completes, IBV_SEND_SIGNALED or not. */
static void t_sig_all(void)
{
	struct pair p;
	struct ibv_wc wc;

	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
	for (unsigned j = 0; j < 3; j++) {
		CHECK(post_recv1(p.qb, 0xe00 + j, B.buf + GUARD, 32, B.mr->lkey) == 0, "post_recv");
		CHECK(post_send1(p.qa, 0xf00 + j, IBV_WR_SEND, A.buf, 32, A.mr->lkey, 0) == 0, "post_send");
	}
	for (unsigned j = 0; j < 3; j++) {
		CHECK(poll1(p.ca, &wc) == 0, "WR %u without IBV_SEND_SIGNALED did not complete", j);
		CHECK_WC(wc, 0xf00 + j, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
		CHECK(poll1(p.cb, &wc) == 0, "receive %u", j);
	}
	pair_down(&p);
}

/* IBV_SEND_INLINE: "The L_Key will not be checked", and the buffer can be
 * reused immediately after the call returns. */
static void t_inline(void)
{
	struct pair p;
	struct ibv_wc wc;
	uint8_t stack[512];
	uint8_t *dst = B.buf + GUARD;

	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 256, 0) == 0, "set-up: %s", strerror(errno));
	CHECK(p.cap_a.max_inline_data >= 256, "max_inline_data %u < 256 asked", p.cap_a.max_inline_data);
	uint32_t max = p.cap_a.max_inline_data;
	/* SEND inline from the stack, lkey nonsense, the buffer overwritten
	 * right after the call */
	fill(stack, max, 21);
	guard(dst, max);
	CHECK(post_recv1(p.qb, 1, dst, max, B.mr->lkey) == 0, "post_recv");
	CHECK(post_send1(p.qa, 2, IBV_WR_SEND, stack, max, 0xdeadbeef, IBV_SEND_INLINE) == 0,
	      "inline SEND of max_inline_data bytes refused");
	memset(stack, 0, sizeof(stack));
	CHECK(poll1(p.ca, &wc) == 0, "inline SEND: no completion");
	CHECK_WC(wc, 2, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.cb, &wc) == 0, "inline SEND: no receive completion");
	CHECK_WC(wc, 1, IBV_WC_SUCCESS, IBV_WC_RECV, (int)max, 0, 0, p.qb->qp_num);
	CHECK_DATA(dst, max, 21, "inline SEND payload");
	/* RDMA WRITE inline, two SGEs */
	uint8_t *wdst = B.buf + 8192 + GUARD;
	fill(stack, 100, 22);
	guard(wdst, 100);
	struct ibv_sge s2[2] = {{.addr = (uintptr_t)stack, .length = 60, .lkey = 0},
				{.addr = (uintptr_t)stack + 60, .length = 40, .lkey = 0}};
	struct ibv_send_wr w = {.wr_id = 3, .sg_list = s2, .num_sge = 2, .opcode = IBV_WR_RDMA_WRITE,
				.send_flags = IBV_SEND_INLINE}, *bad = NULL;
	w.wr.rdma.remote_addr = (uintptr_t)wdst;
	w.wr.rdma.rkey = B.mr->rkey;
	CHECK(ibv_post_send(p.qa, &w, &bad) == 0, "inline RDMA WRITE refused");
	memset(stack, 0, 100);
	CHECK(poll1(p.ca, &wc) == 0, "inline WRITE: no completion");
	CHECK_WC(wc, 3, IBV_WC_SUCCESS, IBV_WC_RDMA_WRITE, -1, 0, 0, p.qa->qp_num);
	CHECK_DATA(wdst, 100, 22, "inline WRITE payload");
	/* more than max_inline_data: EINVAL, bad_wr */
	struct ibv_sge big = {.addr = (uintptr_t)stack, .length = max + 1, .lkey = 0};
	w = (struct ibv_send_wr){.wr_id = 4, .sg_list = &big, .num_sge = 1, .opcode = IBV_WR_SEND,
				 .send_flags = IBV_SEND_INLINE};
	bad = NULL;
	CHECK(ibv_post_send(p.qa, &w, &bad) == EINVAL && bad == &w,
	      "inline data over max_inline_data not refused with EINVAL/bad_wr");
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	pair_down(&p);
}

/* IBV_SEND_INLINE "Valid only for Send and RDMA Write": refused elsewhere. */
static void t_inline_only_send_write(void)
{
	struct pair p;
	static const enum ibv_wr_opcode ops[] = {IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP,
						 IBV_WR_ATOMIC_FETCH_AND_ADD, IBV_WR_LOCAL_INV,
						 IBV_WR_BIND_MW};

	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 64, 0) == 0, "set-up: %s", strerror(errno));
	for (unsigned i = 0; i < 5; i++) {
		struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 8, .lkey = A.mr->lkey};
		struct ibv_send_wr w = {.wr_id = 1, .sg_list = &s, .num_sge = 1, .opcode = ops[i],
					.send_flags = IBV_SEND_INLINE}, *bad = NULL;

		CHECK(ibv_post_send(p.qa, &w, &bad) == EINVAL && bad == &w,
		      "IBV_SEND_INLINE with opcode %d not refused with EINVAL", ops[i]);
	}
	CHECK(cq_empty(p.ca), "a refused WR completed");
	pair_down(&p);
}

/* IBV_SEND_SOLICITED "Valid only for Send and RDMA Write with immediate":
 * refused on other opcodes; on a SEND it sets the solicited event, and
 * ibv_req_notify_cq(cq, 1) wakes only on it. */
static void t_solicited(void)
{
	struct pair p;
	struct ibv_wc wc;
	struct ibv_cq *ev_cq = NULL;
	void *ev_ctx = NULL;
	int fl;

	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 1) == 0, "set-up: %s", strerror(errno));
	CHECK(post_send1(p.qa, 1, IBV_WR_RDMA_WRITE, A.buf, 8, A.mr->lkey, IBV_SEND_SOLICITED) == EINVAL,
	      "SOLICITED on a RDMA WRITE without immediate not refused");
	fl = fcntl(p.ch->fd, F_GETFL);
	CHECK(fl >= 0 && fcntl(p.ch->fd, F_SETFL, fl | O_NONBLOCK) == 0, "fcntl");
	CHECK(ibv_req_notify_cq(p.cb, 1) == 0, "ibv_req_notify_cq(solicited_only)");
	for (int i = 0; i < 2; i++)
		CHECK(post_recv1(p.qb, 0x10 + i, B.buf + GUARD + 256 * i, 64, B.mr->lkey) == 0, "post_recv");
	/* An unsolicited SEND: a completion but no event. */
	CHECK(post_send1(p.qa, 0x20, IBV_WR_SEND, A.buf, 16, A.mr->lkey, 0) == 0, "post_send");
	CHECK(poll1(p.cb, &wc) == 0, "no receive completion");
	CHECK_WC(wc, 0x10, IBV_WC_SUCCESS, IBV_WC_RECV, 16, 0, 0, p.qb->qp_num);
	CHECK(cq_empty(p.cb), "extra completion");
	errno = 0;
	CHECK(ibv_get_cq_event(p.ch, &ev_cq, &ev_ctx) == -1 && errno == EAGAIN,
	      "an event for an unsolicited completion under a solicited-only arm");
	/* A solicited SEND: the event. */
	CHECK(post_send1(p.qa, 0x21, IBV_WR_SEND, A.buf, 16, A.mr->lkey, IBV_SEND_SOLICITED) == 0, "post_send");
	CHECK(fcntl(p.ch->fd, F_SETFL, fl) == 0, "fcntl");
	CHECK(ibv_get_cq_event(p.ch, &ev_cq, &ev_ctx) == 0, "no event for a solicited completion");
	CHECK(ev_cq == p.cb, "the event names another CQ");
	ibv_ack_cq_events(ev_cq, 1);
	CHECK(poll1(p.cb, &wc) == 0, "no receive completion");
	CHECK_WC(wc, 0x11, IBV_WC_SUCCESS, IBV_WC_RECV, 16, 0, 0, p.qb->qp_num);
	for (int i = 0; i < 2; i++)
		CHECK(poll1(p.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "send completion");
	pair_down(&p);
}

/* Completion events: ibv_req_notify_cq(cq, 0) arms for the next completion;
 * ibv_get_cq_event returns the CQ and its cq_context. */
static void t_comp_channel(void)
{
	struct ibv_comp_channel *ch = ibv_create_comp_channel(B.ctx);
	struct ibv_cq *cq, *ev_cq = NULL;
	struct pair p;
	void *ev_ctx = NULL;
	struct ibv_wc wc;
	int tag;

	CHECK(ch, "ibv_create_comp_channel: %s", strerror(errno));
	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
	cq = ibv_create_cq(B.ctx, 16, &tag, ch, 0);
	CHECK(cq, "CQ on a channel: %s", strerror(errno));
	CHECK(ibv_destroy_comp_channel(ch) == EBUSY, "a channel in use destroyed");
	/* B's receive completions go to the new CQ: a QP of its own */
	struct ibv_qp *qb = qp_new(&B, IBV_QPT_RC, cq, 1, 8, 0, NULL);
	CHECK(qb, "qp");
	CHECK(qp_init(qb) == 0 && qp_rtr(qb, p.qa->qp_num, &A.gid, 0x100) == 0 && qp_rts(qb, 0x200) == 0 &&
		      ibv_modify_qp(p.qa, &(struct ibv_qp_attr){.qp_state = IBV_QPS_RESET}, IBV_QP_STATE) == 0 &&
		      qp_init(p.qa) == 0 && qp_rtr(p.qa, qb->qp_num, &B.gid, 0x200) == 0 &&
		      qp_rts(p.qa, 0x100) == 0,
	      "reconnect");
	for (int i = 0; i < 3; i++) {
		CHECK(ibv_req_notify_cq(cq, 0) == 0, "ibv_req_notify_cq");
		CHECK(post_recv1(qb, 0x30 + i, B.buf + GUARD, 64, B.mr->lkey) == 0, "post_recv");
		CHECK(post_send1(p.qa, 0x40 + i, IBV_WR_SEND, A.buf, 8, A.mr->lkey, 0) == 0, "post_send");
		CHECK(ibv_get_cq_event(ch, &ev_cq, &ev_ctx) == 0, "event %d: %s", i, strerror(errno));
		CHECK(ev_cq == cq && ev_ctx == &tag, "event %d: wrong CQ or cq_context", i);
		ibv_ack_cq_events(ev_cq, 1);
		CHECK(poll1(cq, &wc) == 0, "completion %d", i);
		CHECK_WC(wc, 0x30 + i, IBV_WC_SUCCESS, IBV_WC_RECV, 8, 0, 0, qb->qp_num);
		CHECK(poll1(p.ca, &wc) == 0, "send completion %d", i);
	}
	ibv_destroy_qp(qb);
	CHECK(ibv_destroy_cq(cq) == 0, "destroy CQ");
	CHECK(ibv_destroy_comp_channel(ch) == 0, "destroy channel");
	pair_down(&p);
}

/* IBV_SEND_FENCE "Valid only for QPs with Transport Service Type RC":
 * refused on UC; accepted on RC. */
static void t_fence_rc_only(void)
{
	struct pair p;
	struct ibv_wc wc;

	CHECK(pair_up(&p, IBV_QPT_UC, 1, 8, 0, 0) == 0, "set-up UC: %s", strerror(errno));
	CHECK(post_send1(p.qa, 1, IBV_WR_SEND, A.buf, 8, A.mr->lkey, IBV_SEND_FENCE) == EINVAL,
	      "FENCE on a UC QP not refused");
	CHECK(cq_empty(p.ca), "a refused WR completed");
	pair_down(&p);
	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up RC: %s", strerror(errno));
	CHECK(post_recv1(p.qb, 2, B.buf + GUARD, 64, B.mr->lkey) == 0, "post_recv");
	CHECK(post_send1(p.qa, 1, IBV_WR_SEND, A.buf, 8, A.mr->lkey, IBV_SEND_FENCE) == 0,
	      "FENCE on an RC QP refused");
	CHECK(poll1(p.ca, &wc) == 0, "no completion");
	CHECK_WC(wc, 1, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.cb, &wc) == 0, "no receive completion");
	pair_down(&p);
}

/* A QP in the wrong state: post_send before RTS, post_recv in RESET:
 * EINVAL, bad_wr the first WR; post_recv from INIT on is accepted. */
static void t_wrong_state(void)
{
	struct ibv_cq *cq = ibv_create_cq(A.ctx, 16, NULL, NULL, 0);
	struct ibv_qp *qp;
	struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 8, .lkey = A.mr->lkey};
	struct ibv_send_wr sw = {.wr_id = 1, .sg_list = &s, .num_sge = 1, .opcode = IBV_WR_SEND}, *sbad;
	struct ibv_recv_wr rw = {.wr_id = 2, .sg_list = &s, .num_sge = 1}, *rbad;

	CHECK(cq, "cq");
	qp = qp_new(&A, IBV_QPT_RC, cq, 1, 8, 0, NULL);
	CHECK(qp, "qp");
	sbad = NULL;
	CHECK(ibv_post_send(qp, &sw, &sbad) == EINVAL && sbad == &sw, "post_send in RESET accepted");
	rbad = NULL;
	CHECK(ibv_post_recv(qp, &rw, &rbad) == EINVAL && rbad == &rw, "post_recv in RESET accepted");
	CHECK(qp_init(qp) == 0, "INIT");
	sbad = NULL;
	CHECK(ibv_post_send(qp, &sw, &sbad) == EINVAL && sbad == &sw, "post_send in INIT accepted");
	rbad = NULL;
	CHECK(ibv_post_recv(qp, &rw, &rbad) == 0 && rbad == NULL, "post_recv in INIT refused");
	CHECK(qp_rtr(qp, 1, &B.gid, 0) == 0, "RTR");
	sbad = NULL;
	CHECK(ibv_post_send(qp, &sw, &sbad) == EINVAL && sbad == &sw, "post_send in RTR accepted");
	ibv_destroy_qp(qp);
	ibv_destroy_cq(cq);
}

/* A full queue: ENOMEM and bad_wr at the first WR that does not fit; the
 * ones before it are posted and complete. */
static void t_full_queue(void)
{
	struct pair p;
	struct ibv_wc wc;
	struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 8, .lkey = A.mr->lkey};
	struct ibv_send_wr w[DEPTH * 2 + 2], *bad = NULL;
	unsigned n;

	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
	n = p.cap_a.max_send_wr;
	CHECK(n + 1 <= DEPTH * 2 + 2 && p.cap_b.max_recv_wr >= n, "caps %u/%u", n, p.cap_b.max_recv_wr);
	for (unsigned i = 0; i < n; i++)
		CHECK(post_recv1(p.qb, 0x100 + i, B.buf + GUARD + 64 * i, 32, B.mr->lkey) == 0, "post_recv %u", i);
	memset(w, 0, sizeof(w));
	for (unsigned i = 0; i <= n; i++) {
		w[i].wr_id = 0x200 + i;
		w[i].sg_list = &s;
		w[i].num_sge = 1;
		w[i].opcode = IBV_WR_SEND;
		w[i].next = i < n ? &w[i + 1] : NULL;
	}
	CHECK(ibv_post_send(p.qa, w, &bad) == ENOMEM, "send queue over max_send_wr: not ENOMEM");
	CHECK(bad == &w[n], "bad_wr is not the first WR that did not fit");
	for (unsigned i = 0; i < n; i++) {
		CHECK(poll1(p.ca, &wc) == 0, "send %u of the full queue did not complete", i);
		CHECK_WC(wc, 0x200 + i, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
		CHECK(poll1(p.cb, &wc) == 0, "receive %u", i);
	}
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	/* the receive queue */
	struct ibv_recv_wr rw[DEPTH * 2 + 2], *rbad = NULL;
	unsigned m = p.cap_b.max_recv_wr;
	CHECK(m + 1 <= DEPTH * 2 + 2, "cap");
	memset(rw, 0, sizeof(rw));
	for (unsigned i = 0; i <= m; i++) {
		rw[i].wr_id = i;
		rw[i].sg_list = &s;
		rw[i].num_sge = 1;
		rw[i].next = i < m ? &rw[i + 1] : NULL;
	}
	s.lkey = B.mr->lkey;
	s.addr = (uintptr_t)B.buf;
	CHECK(ibv_post_recv(p.qb, rw, &rbad) == ENOMEM, "receive queue over max_recv_wr: not ENOMEM");
	CHECK(rbad == &rw[m], "bad_wr is not the first receive WR that did not fit");
	pair_down(&p);
}

/* Remote errors: an RDMA WRITE with a bad rkey, past the region's end, or
 * into a region without remote write access completes with
 * IBV_WC_REM_ACCESS_ERR; the target memory is untouched. */
static void t_rem_access(void)
{
	uint8_t *end = B.buf + BUF_LEN - 32;   /* a 64-byte write from here crosses the end */

	fill(A.buf, 64, 1);
	const struct rdma_err_case c[] = {
		{"bad rkey", IBV_WR_RDMA_WRITE, A.buf, A.mr->lkey, B.buf + GUARD, B.mr->rkey ^ 0x00ffff00u,
		 IBV_WC_REM_ACCESS_ERR, B.buf + GUARD, 64, 1},
		{"out of bounds", IBV_WR_RDMA_WRITE, A.buf, A.mr->lkey, end, B.mr->rkey,
		 IBV_WC_REM_ACCESS_ERR, end, 32, 0},
		{"no remote write access", IBV_WR_RDMA_WRITE, A.buf, A.mr->lkey, B.ro + GUARD, B.ro_mr->rkey,
		 IBV_WC_REM_ACCESS_ERR, B.ro + GUARD, 64, 1},
	};
	rdma_err_cases(c, sizeof(c) / sizeof(c[0]));
}

/* A bad lkey: the requester completes with IBV_WC_LOC_PROT_ERR. */
static void t_loc_prot(void)
{
	struct pair p;
	struct ibv_wc wc;

	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
	CHECK(post_recv1(p.qb, 1, B.buf + GUARD, 64, B.mr->lkey) == 0, "post_recv");
	CHECK(post_send1(p.qa, 0x77, IBV_WR_SEND, A.buf, 16, A.mr->lkey ^ 0x00ffff00u, 0) == 0, "post_send");
	CHECK(poll1(p.ca, &wc) == 0, "no completion");
	CHECK(wc.wr_id == 0x77 && wc.status == IBV_WC_LOC_PROT_ERR, "status %s, expected local protection error",
	      ibv_wc_status_str(wc.status));
	pair_down(&p);
}

/* IBV_SEND_FENCE: a fenced WR starts only after the earlier RDMA READs and
 * atomics of its QP completed. A READ brings remote bytes into a local
 * buffer and a fenced RDMA WRITE sends that buffer on: the WRITE must carry
 * what the READ brought, not what the buffer held before. The same with a
 * fetch-and-add whose returned value a fenced SEND carries. */
static void t_fence_order(void)
{
	struct pair p;
	struct ibv_wc wc;
	const uint32_t len = 8192;
	uint8_t *rsrc = B.buf + 65536, *rdst = B.buf + 131072 + GUARD, *loc = A.buf + 65536;
	uint8_t *rrecv = B.buf + 262144 + GUARD;
	uint64_t *ratom = (uint64_t *)(void *)(B.buf + 196608), *latom = (uint64_t *)(void *)(A.buf + 98304);

	CHECK(pair_up(&p, IBV_QPT_RC, 1, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	fill(rsrc, len, 61);
	memset(loc, 0x3c, len);   /* what a WRITE that did not wait would send */
	guard(rdst, len);
	{
		struct ibv_sge s = {.addr = (uintptr_t)loc, .length = len, .lkey = A.mr->lkey};
		struct ibv_send_wr wr[2] = {
			{.wr_id = 0xf1, .sg_list = &s, .num_sge = 1, .opcode = IBV_WR_RDMA_READ, .next = &wr[1]},
			{.wr_id = 0xf2, .sg_list = &s, .num_sge = 1, .opcode = IBV_WR_RDMA_WRITE,
			 .send_flags = IBV_SEND_FENCE}}, *bad = NULL;
		wr[0].wr.rdma.remote_addr = (uintptr_t)rsrc;
		wr[0].wr.rdma.rkey = B.mr->rkey;
		wr[1].wr.rdma.remote_addr = (uintptr_t)rdst;
		wr[1].wr.rdma.rkey = B.mr->rkey;
		CHECK(ibv_post_send(p.qa, wr, &bad) == 0, "post READ + fenced WRITE");
	}
	CHECK(poll1(p.ca, &wc) == 0, "no READ completion");
	CHECK_WC(wc, 0xf1, IBV_WC_SUCCESS, IBV_WC_RDMA_READ, (int)len, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.ca, &wc) == 0, "no WRITE completion");
	CHECK_WC(wc, 0xf2, IBV_WC_SUCCESS, IBV_WC_RDMA_WRITE, -1, 0, 0, p.qa->qp_num);
	CHECK_DATA(rdst, len, 61, "fenced WRITE after READ");

	/* fetch-and-add, then a fenced inline-free SEND of the returned value */
	*ratom = 0x0102030405060708ull;
	*latom = 0;
	guard(rrecv, 8);
	CHECK(post_recv1(p.qb, 0xf3, rrecv, 8, B.mr->lkey) == 0, "post_recv");
	{
		struct ibv_sge s = {.addr = (uintptr_t)latom, .length = 8, .lkey = A.mr->lkey};
		struct ibv_send_wr wr[2] = {
			{.wr_id = 0xf4, .sg_list = &s, .num_sge = 1, .opcode = IBV_WR_ATOMIC_FETCH_AND_ADD,
			 .next = &wr[1]},
			{.wr_id = 0xf5, .sg_list = &s, .num_sge = 1, .opcode = IBV_WR_SEND,
			 .send_flags = IBV_SEND_FENCE}}, *bad = NULL;
		wr[0].wr.atomic.remote_addr = (uintptr_t)ratom;
		wr[0].wr.atomic.rkey = B.mr->rkey;
		wr[0].wr.atomic.compare_add = 1;
		CHECK(ibv_post_send(p.qa, wr, &bad) == 0, "post FETCH_AND_ADD + fenced SEND");
	}
	CHECK(poll1(p.ca, &wc) == 0, "no atomic completion");
	CHECK_WC(wc, 0xf4, IBV_WC_SUCCESS, IBV_WC_FETCH_ADD, 8, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.ca, &wc) == 0, "no SEND completion");
	CHECK_WC(wc, 0xf5, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
	CHECK(poll1(p.cb, &wc) == 0, "no receive completion");
	CHECK_WC(wc, 0xf3, IBV_WC_SUCCESS, IBV_WC_RECV, 8, 0, 0, p.qb->qp_num);
	{
		uint64_t got;

		memcpy(&got, rrecv, 8);
		CHECK(got == 0x0102030405060708ull, "the fenced SEND carried 0x%" PRIx64 ", the atomic returned 0x0102030405060708",
		      got);
	}
	CHECK(*ratom == 0x0102030405060709ull, "remote word 0x%" PRIx64 " after the add", *ratom);
	CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
	pair_down(&p);
}

/* ---- UD ------------------------------------------------------------------- */

#define UD_QKEY 0x11111111u   /* qp_init's Q_Key */
#define GRH_LEN 40

struct ud_pair {
	struct ibv_qp *qa, *qb;
	struct ibv_cq *ca, *cb;
	struct ibv_ah *ah;   /* on A, to B */
};

static void ud_down(struct ud_pair *u)
{
	if (u->ah)
		ibv_destroy_ah(u->ah);
	if (u->qa)
		ibv_destroy_qp(u->qa);
	if (u->qb)
		ibv_destroy_qp(u->qb);
	if (u->ca)
		ibv_destroy_cq(u->ca);
	if (u->cb)
		ibv_destroy_cq(u->cb);
	memset(u, 0, sizeof(*u));
}

/* Two UD QPs in RTS and an address handle on A for B's GID. */
static int ud_up(struct ud_pair *u)
{
	struct ibv_ah_attr ah = {.is_global = 1, .port_num = 1,
				 .grh = {.dgid = B.gid, .sgid_index = 0, .hop_limit = 64}};

	memset(u, 0, sizeof(*u));
	u->ca = ibv_create_cq(A.ctx, 4 * DEPTH, NULL, NULL, 0);
	u->cb = ibv_create_cq(B.ctx, 4 * DEPTH, NULL, NULL, 0);
	if (!u->ca || !u->cb)
		return -1;
	u->qa = qp_new(&A, IBV_QPT_UD, u->ca, 1, DEPTH, 0, NULL);
	u->qb = qp_new(&B, IBV_QPT_UD, u->cb, 1, DEPTH, 0, NULL);
	if (!u->qa || !u->qb)
		return -1;
	if (qp_init(u->qa) || qp_init(u->qb) || qp_rtr(u->qa, 0, &B.gid, 0) || qp_rtr(u->qb, 0, &A.gid, 0) ||
	    qp_rts(u->qa, 0x300) || qp_rts(u->qb, 0x400))
		return -1;
	u->ah = ibv_create_ah(A.pd, &ah);
	return u->ah ? 0 : -1;
}

static int ud_send(struct ud_pair *u, uint64_t id, enum ibv_wr_opcode op, void *addr, uint32_t len,
		   uint32_t qkey, uint32_t imm)
{
	struct ibv_sge s = {.addr = (uintptr_t)addr, .length = len, .lkey = A.mr->lkey};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = &s, .num_sge = 1, .opcode = op,
				.send_flags = IBV_SEND_SIGNALED, .imm_data = imm}, *bad = NULL;

	w.wr.ud.ah = u->ah;
	w.wr.ud.remote_qpn = u->qb->qp_num;
	w.wr.ud.remote_qkey = qkey;
	return ibv_post_send(u->qa, &w, &bad);
}

static uint32_t gid_ipv4(const union ibv_gid *g)
{
	return (uint32_t)g->raw[12] << 24 | (uint32_t)g->raw[13] << 16 | (uint32_t)g->raw[14] << 8 | g->raw[15];
}

/* The 40 bytes a UD receive gets first: for RoCEv2 over IPv4, 20 zero bytes
 * then the packet's IPv4 header (checksum valid, UDP, A to B, the total
 * length of a packet with payload len). */
static int check_grh(const uint8_t *g, uint32_t len, int imm, char *why, size_t whylen)
{
	uint32_t sum = 0, tot = 20 + 8 + 12 + 8 + (imm ? 4 : 0) + ((len + 3) & ~3u) + 4;

	for (int i = 0; i < 20; i++)
		if (g[i]) {
			snprintf(why, whylen, "GRH byte %d is 0x%02x, expected 0", i, g[i]);
			return -1;
		}
	g += 20;
	for (int i = 0; i < 20; i += 2)
		sum += (uint32_t)g[i] << 8 | g[i + 1];
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	if (g[0] != 0x45 || g[9] != 17 || ((uint32_t)g[2] << 8 | g[3]) != tot || sum != 0xffff ||
	    ((uint32_t)g[12] << 24 | (uint32_t)g[13] << 16 | (uint32_t)g[14] << 8 | g[15]) != gid_ipv4(&A.gid) ||
	    ((uint32_t)g[16] << 24 | (uint32_t)g[17] << 16 | (uint32_t)g[18] << 8 | g[19]) != gid_ipv4(&B.gid) ||
	    g[8] != 64) {
		snprintf(why, whylen,
			 "IPv4 header in the GRH: ver/ihl 0x%02x proto %u total %u (expected %u) ttl %u checksum sum 0x%x "
			 "sip %u.%u.%u.%u dip %u.%u.%u.%u",
			 g[0], g[9], (uint32_t)g[2] << 8 | g[3], tot, g[8], sum, g[12], g[13], g[14], g[15], g[16],
			 g[17], g[18], g[19]);
		return -1;
	}
	return 0;
}

#define CHECK_GRH(g, len, imm)                                                          \
	do {                                                                            \
		char why_[200];                                                         \
		if (check_grh(g, len, imm, why_, sizeof(why_))) {                       \
			fail("%s", why_);                                               \
			return;                                                         \
		}                                                                       \
	} while (0)

/* Table cell UD x op through an address handle: sizes up to the port MTU
 * (a UD message is one packet); the receive gets the GRH in its first 40
 * bytes and the payload from byte 40, byte_len counts both, src_qp names
 * the sender; a message longer than the MTU completes with a local length
 * error. */
static void t_ud_op(enum ibv_wr_opcode op)
{
	struct ud_pair u;
	struct ibv_wc wc;
	struct ibv_port_attr pa;
	int imm = op == IBV_WR_SEND_WITH_IMM;
	uint32_t mtu, sizes[5];

	CHECK(ibv_query_port(A.ctx, 1, &pa) == 0, "ibv_query_port");
	mtu = 128u << pa.active_mtu;   /* IBV_MTU_256 = 1 */
	sizes[0] = 0, sizes[1] = 1, sizes[2] = 63, sizes[3] = mtu - 1, sizes[4] = mtu;
	CHECK(ud_up(&u) == 0, "set-up: %s", strerror(errno));
	for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		uint32_t len = sizes[k];
		uint8_t *src = A.buf + 4096 + k;
		uint8_t *rb = B.buf + 8192 + 8192 * k + GUARD;
		uint32_t immv = htonl(0xd00d0000u + k);

		fill(src, len, k + 90);
		guard(rb, GRH_LEN + len + 5);
		CHECK(post_recv1(u.qb, 0x8800 + k, rb, GRH_LEN + len + 5, B.mr->lkey) == 0, "post_recv");
		CHECK(ud_send(&u, 0x6600 + k, op, src, len, UD_QKEY, immv) == 0, "post_send size %u", len);
		CHECK(poll1(u.ca, &wc) == 0, "no send completion (size %u)", len);
		CHECK_WC(wc, 0x6600 + k, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, u.qa->qp_num);
		CHECK(poll1(u.cb, &wc) == 0, "no receive completion (size %u)", len);
		CHECK_WC(wc, 0x8800 + k, IBV_WC_SUCCESS, IBV_WC_RECV, (int)(GRH_LEN + len),
			 IBV_WC_GRH | (imm ? IBV_WC_WITH_IMM : 0), immv, u.qb->qp_num);
		CHECK(wc.src_qp == u.qa->qp_num, "src_qp %u, expected %u", wc.src_qp, u.qa->qp_num);
		CHECK_GRH(rb, len, imm);
		for (uint32_t i = 0; i < len; i++)
			CHECK(rb[GRH_LEN + i] == pat(k + 90, i), "size %u: payload byte %u (at 40 + %u) wrong", len, i, i);
		for (int g = 1; g <= GUARD; g++)
			CHECK(rb[-g] == GUARD_BYTE, "size %u: byte before the receive buffer written", len);
		for (uint32_t g = GRH_LEN + len; g < GRH_LEN + len + 5 + GUARD; g++)
			CHECK(rb[g] == GUARD_BYTE, "size %u: byte %u after the message written", len, g);
	}
	/* longer than the MTU: the send completes with a local length error */
	CHECK(ud_send(&u, 0x66ff, op, A.buf, mtu + 1, UD_QKEY, 0) == 0, "post_send MTU + 1");
	CHECK(poll1(u.ca, &wc) == 0, "no completion for the MTU + 1 send");
	CHECK(wc.wr_id == 0x66ff && wc.status == IBV_WC_LOC_LEN_ERR, "%u bytes: status %s, expected %s", mtu + 1,
	      ibv_wc_status_str(wc.status), ibv_wc_status_str(IBV_WC_LOC_LEN_ERR));
	CHECK(cq_empty(u.cb), "a receive completion for the too-long send");
	ud_down(&u);
}

static void t_ud_send(void) { t_ud_op(IBV_WR_SEND); }
static void t_ud_send_imm(void) { t_ud_op(IBV_WR_SEND_WITH_IMM); }

/* UD Q_Key: a datagram whose Q_Key differs from the receiving QP's is
 * dropped (no completion, its receive WQE stays posted); a WR Q_Key with
 * the high bit set sends the sending QP's own Q_Key (IBA 10.2.4). */
static void t_ud_qkey(void)
{
	struct ud_pair u;
	struct ibv_wc wc;
	uint8_t *rb = B.buf + 4096 + GUARD;

	CHECK(ud_up(&u) == 0, "set-up: %s", strerror(errno));
	fill(A.buf, 200, 7);
	guard(rb, GRH_LEN + 200);
	CHECK(post_recv1(u.qb, 0x8901, rb, GRH_LEN + 200, B.mr->lkey) == 0, "post_recv");
	CHECK(ud_send(&u, 0x6901, IBV_WR_SEND, A.buf, 200, UD_QKEY ^ 1, 0) == 0, "post_send");
	CHECK(poll1(u.ca, &wc) == 0, "no send completion");
	CHECK_WC(wc, 0x6901, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, u.qa->qp_num);
	CHECK(cq_empty(u.cb), "a datagram with a wrong Q_Key was received");
	for (int g = -GUARD; g < GRH_LEN + 200 + GUARD; g++)
		CHECK(rb[g] == GUARD_BYTE, "a datagram with a wrong Q_Key wrote byte %d", g);
	/* the same receive WQE takes the next datagram, sent with the QP's
	 * own Q_Key (high bit set in the WR) */
	CHECK(ud_send(&u, 0x6902, IBV_WR_SEND, A.buf, 200, 0x80000000u, 0) == 0, "post_send");
	CHECK(poll1(u.ca, &wc) == 0, "no send completion");
	CHECK(poll1(u.cb, &wc) == 0, "no receive completion for the right Q_Key");
	CHECK_WC(wc, 0x8901, IBV_WC_SUCCESS, IBV_WC_RECV, GRH_LEN + 200, IBV_WC_GRH, 0, u.qb->qp_num);
	CHECK_GRH(rb, 200, 0);
	for (uint32_t i = 0; i < 200; i++)
		CHECK(rb[GRH_LEN + i] == pat(7, i), "payload byte %u wrong", i);
	CHECK(cq_empty(u.ca) && cq_empty(u.cb), "a completion too many");
	ud_down(&u);
}

/* ibv_post_recv(3) NOTES: on UD the first 40 bytes of the scatter list
 * receive the GRH and the payload starts at byte 40, whatever the SGEs:
 * here a 40-byte SGE takes the GRH and a second buffer the payload; a
 * buffer shorter than 40 + payload completes with a local length error. */
static void t_ud_grh(void)
{
	struct ud_pair u;
	struct ibv_wc wc;
	uint8_t *gb = B.buf + 4096 + GUARD, *pb = B.buf + 16384 + GUARD;
	struct ibv_sge s[2] = {{.addr = (uintptr_t)gb, .length = GRH_LEN, .lkey = B.mr->lkey},
			       {.addr = (uintptr_t)pb, .length = 700, .lkey = B.mr->lkey}};
	struct ibv_recv_wr r = {.wr_id = 0x8a01, .sg_list = s, .num_sge = 2}, *bad = NULL;

	CHECK(ud_up(&u) == 0, "set-up: %s", strerror(errno));
	fill(A.buf, 700, 8);
	guard(gb, GRH_LEN);
	guard(pb, 700);
	CHECK(ibv_post_recv(u.qb, &r, &bad) == 0, "post_recv");
	CHECK(ud_send(&u, 0x6a01, IBV_WR_SEND, A.buf, 700, UD_QKEY, 0) == 0, "post_send");
	CHECK(poll1(u.cb, &wc) == 0, "no receive completion");
	CHECK_WC(wc, 0x8a01, IBV_WC_SUCCESS, IBV_WC_RECV, GRH_LEN + 700, IBV_WC_GRH, 0, u.qb->qp_num);
	CHECK_GRH(gb, 700, 0);
	for (int g = 1; g <= GUARD; g++)
		CHECK(gb[-g] == GUARD_BYTE && gb[GRH_LEN + g - 1] == GUARD_BYTE, "bytes around the GRH SGE written");
	CHECK_DATA(pb, 700, 8, "payload SGE");
	CHECK(poll1(u.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "send completion");

	/* too short for GRH + payload: local length error, nothing beyond it */
	guard(pb, GRH_LEN + 99);
	CHECK(post_recv1(u.qb, 0x8a02, pb, GRH_LEN + 99, B.mr->lkey) == 0, "post_recv");
	CHECK(ud_send(&u, 0x6a02, IBV_WR_SEND, A.buf, 100, UD_QKEY, 0) == 0, "post_send");
	CHECK(poll1(u.cb, &wc) == 0, "no receive completion for the short buffer");
	CHECK(wc.wr_id == 0x8a02 && wc.status == IBV_WC_LOC_LEN_ERR, "short buffer: wr_id 0x%" PRIx64 " status %s",
	      wc.wr_id, ibv_wc_status_str(wc.status));
	for (int g = 0; g < GUARD; g++)
		CHECK(pb[GRH_LEN + 99 + g] == GUARD_BYTE, "the short buffer overflowed");
	CHECK(poll1(u.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "send completion");
	CHECK(cq_empty(u.ca) && cq_empty(u.cb), "a completion too many");
	ud_down(&u);
}

/* ---- SRQ ------------------------------------------------------------------ */

/* Two RC pairs qa[i] (A) -> qb[i] (B); both qb take their receives from one
 * SRQ on B. */
struct srq_set {
	struct ibv_srq *srq;
	struct ibv_cq *ca, *cb;
	struct ibv_qp *qa[2], *qb[2];
	struct ibv_srq_init_attr sa;   /* as returned by ibv_create_srq */
};

static void srq_down(struct srq_set *t)
{
	for (int i = 0; i < 2; i++) {
		if (t->qa[i])
			ibv_destroy_qp(t->qa[i]);
		if (t->qb[i])
			ibv_destroy_qp(t->qb[i]);
	}
	if (t->srq)
		ibv_destroy_srq(t->srq);
	if (t->ca)
		ibv_destroy_cq(t->ca);
	if (t->cb)
		ibv_destroy_cq(t->cb);
	memset(t, 0, sizeof(*t));
}

static int srq_up(struct srq_set *t, uint32_t max_wr, uint32_t max_sge)
{
	memset(t, 0, sizeof(*t));
	t->sa.attr.max_wr = max_wr;
	t->sa.attr.max_sge = max_sge;
	t->ca = ibv_create_cq(A.ctx, 4 * DEPTH, NULL, NULL, 0);
	t->cb = ibv_create_cq(B.ctx, 4 * DEPTH, NULL, NULL, 0);
	t->srq = ibv_create_srq(B.pd, &t->sa);
	if (!t->ca || !t->cb || !t->srq)
		return -1;
	for (int i = 0; i < 2; i++) {
		struct ibv_qp_init_attr ia = {
			.send_cq = t->cb, .recv_cq = t->cb, .srq = t->srq,
			.cap = {.max_send_wr = DEPTH, .max_send_sge = 1},
			.qp_type = IBV_QPT_RC, .sq_sig_all = 1,
		};

		t->qa[i] = qp_new(&A, IBV_QPT_RC, t->ca, 1, DEPTH, 0, NULL);
		t->qb[i] = ibv_create_qp(B.pd, &ia);
		if (!t->qa[i] || !t->qb[i])
			return -1;
		if (qp_init(t->qa[i]) || qp_init(t->qb[i]) ||
		    qp_rtr(t->qa[i], t->qb[i]->qp_num, &B.gid, 0x500 + i) ||
		    qp_rtr(t->qb[i], t->qa[i]->qp_num, &A.gid, 0x600 + i) || qp_rts(t->qa[i], 0x600 + i) ||
		    qp_rts(t->qb[i], 0x500 + i))
			return -1;
	}
	return 0;
}

static int srq_post1(struct ibv_srq *srq, uint64_t id, void *addr, uint32_t len)
{
	struct ibv_sge s = {.addr = (uintptr_t)addr, .length = len, .lkey = B.mr->lkey};
	struct ibv_recv_wr w = {.wr_id = id, .sg_list = &s, .num_sge = 1}, *bad = NULL;

	return ibv_post_srq_recv(srq, &w, &bad);
}

#define SRQ_SLOT 8192
static uint8_t *srq_buf(unsigned k)   /* receive buffer k (0..31), guards around */
{
	return B.buf + 262144 + (size_t)k * SRQ_SLOT + GUARD;
}

/* ibv_post_recv(3) NOTES: a QP with an SRQ takes no ibv_post_recv (EINVAL,
 * bad_wr); its receives come from the SRQ, shared by two QPs: messages
 * sent one at a time take the SRQ's WQEs in order; then, with the ring
 * refilled (every slot reused), multi-packet messages of both QPs posted
 * at once each land whole in the WQE their CQE names. ibv_query_srq/ibv_modify_srq report and set srq_limit; the SRQ
 * cannot be destroyed while QPs use it. (One requester sends a message's
 * packets back to back, so on this wire the two QPs' messages alternate
 * whole; tb_resp covers packets of two messages interleaving.) */
static void t_srq(void)
{
	struct srq_set t;
	struct ibv_wc wc;
	struct ibv_srq_attr qa;
	unsigned n, sent[2] = {0, 0}, got[2] = {0, 0};

	CHECK(srq_up(&t, 16, 2) == 0, "set-up: %s", strerror(errno));
	n = t.sa.attr.max_wr;
	CHECK(n >= 16 && n <= 32 && t.sa.attr.max_sge >= 2, "ibv_create_srq returned max_wr %u max_sge %u", n,
	      t.sa.attr.max_sge);
	{
		struct ibv_sge s = {.addr = (uintptr_t)B.buf, .length = 16, .lkey = B.mr->lkey};
		struct ibv_recv_wr w = {.wr_id = 1, .sg_list = &s, .num_sge = 1}, *bad = NULL;
		CHECK(ibv_post_recv(t.qb[0], &w, &bad) == EINVAL && bad == &w,
		      "ibv_post_recv on a QP with an SRQ: not EINVAL with bad_wr");
	}
	/* one at a time: WQE k takes message k */
	for (unsigned k = 0; k < 16; k++) {
		guard(srq_buf(k), 4096);
		CHECK(srq_post1(t.srq, 0x5100 + k, srq_buf(k), 4096) == 0, "ibv_post_srq_recv %u", k);
	}
	for (unsigned k = 0; k < 16; k++) {
		unsigned q = k % 2;
		uint32_t len = 1 + 257 * k;
		uint8_t *src = A.buf + 65536 + 4096 * k;

		fill(src, len, 100 + k);
		CHECK(post_send1(t.qa[q], 0x5200 + k, IBV_WR_SEND, src, len, A.mr->lkey, 0) == 0, "post_send");
		CHECK(poll1(t.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS && wc.wr_id == 0x5200 + k,
		      "send %u: no successful completion", k);
		CHECK(poll1(t.cb, &wc) == 0, "message %u: no receive completion", k);
		CHECK_WC(wc, 0x5100 + k, IBV_WC_SUCCESS, IBV_WC_RECV, (int)len, 0, 0, t.qb[q]->qp_num);
		CHECK_DATA(srq_buf(k), len, 100 + k, "message in its SRQ WQE");
	}
	/* refill (the slots come round again); both QPs' 3-packet messages
	 * posted at once */
	for (unsigned k = 0; k < 16; k++) {
		guard(srq_buf(16 + k), 4000);
		CHECK(srq_post1(t.srq, 0x5300 + k, srq_buf(16 + k), 4000) == 0, "ibv_post_srq_recv %u", 16 + k);
	}
	for (unsigned k = 0; k < 16; k++) {
		unsigned q = k % 2;
		uint8_t *src = A.buf + 262144 + 4096 * k;

		fill(src, 3000 - q, 200 + k);
		CHECK(post_send1(t.qa[q], 0x5400 + k, IBV_WR_SEND, src, 3000 - q, A.mr->lkey, 0) == 0, "post_send");
		sent[q]++;
	}
	for (unsigned k = 0; k < 16; k++) {
		unsigned q, m, slot;

		CHECK(poll1(t.cb, &wc) == 0, "interleaved message %u: no receive completion", k);
		CHECK(wc.status == IBV_WC_SUCCESS && wc.opcode == IBV_WC_RECV, "receive %u: status %s", k,
		      ibv_wc_status_str(wc.status));
		CHECK(wc.qp_num == t.qb[0]->qp_num || wc.qp_num == t.qb[1]->qp_num, "receive %u: qp_num %u", k,
		      wc.qp_num);
		q = wc.qp_num == t.qb[1]->qp_num;
		CHECK(wc.wr_id >= 0x5300 && wc.wr_id < 0x5310, "receive %u: wr_id 0x%" PRIx64, k, wc.wr_id);
		slot = (unsigned)(wc.wr_id - 0x5300);
		m = 2 * got[q] + q;            /* QP q's messages arrive in its order */
		got[q]++;
		CHECK(wc.byte_len == 3000 - q, "receive %u: byte_len %u", k, wc.byte_len);
		CHECK_DATA(srq_buf(16 + slot), 3000 - q, 200 + m, "interleaved message in the WQE its CQE names");
	}
	for (unsigned k = 0; k < 16; k++)
		CHECK(poll1(t.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "send completion %u", k);
	CHECK(got[0] == sent[0] && got[1] == sent[1], "messages per QP: %u/%u of %u/%u", got[0], got[1], sent[0],
	      sent[1]);
	CHECK(cq_empty(t.ca) && cq_empty(t.cb), "a completion too many");

	/* srq_limit: query, arm, query; resizing is not offered */
	CHECK(ibv_query_srq(t.srq, &qa) == 0 && qa.max_wr == n && qa.srq_limit == 0,
	      "ibv_query_srq: max_wr %u limit %u", qa.max_wr, qa.srq_limit);
	qa.srq_limit = 4;
	CHECK(ibv_modify_srq(t.srq, &qa, IBV_SRQ_LIMIT) == 0, "ibv_modify_srq(IBV_SRQ_LIMIT)");
	memset(&qa, 0, sizeof(qa));
	CHECK(ibv_query_srq(t.srq, &qa) == 0 && qa.srq_limit == 4, "srq_limit after modify: %u", qa.srq_limit);
	qa.max_wr = 2 * n;
	CHECK(ibv_modify_srq(t.srq, &qa, IBV_SRQ_MAX_WR) == EINVAL, "ibv_modify_srq(IBV_SRQ_MAX_WR): not EINVAL");
	CHECK(ibv_destroy_srq(t.srq) == EBUSY, "ibv_destroy_srq with QPs on it: not EBUSY");
	srq_down(&t);
}

/* ibv_post_srq_recv(3): a list stops at the first failure (num_sge over
 * max_sge: EINVAL), returned in bad_wr; the WRs before it stay posted and
 * take messages; a full SRQ gives ENOMEM at the first WR that does not
 * fit. */
static void t_srq_list(void)
{
	struct srq_set t;
	struct ibv_wc wc;
	struct ibv_sge s[8];
	struct ibv_recv_wr w[40], *bad;
	unsigned n;

	CHECK(srq_up(&t, 4, 2) == 0, "set-up: %s", strerror(errno));
	n = t.sa.attr.max_wr;
	CHECK(n >= 4 && n <= 32, "max_wr %u", n);
	for (unsigned k = 0; k < 8; k++)
		s[k] = (struct ibv_sge){.addr = (uintptr_t)srq_buf(k), .length = 2048, .lkey = B.mr->lkey};
	memset(w, 0, sizeof(w));
	for (unsigned k = 0; k < 3; k++) {
		w[k].wr_id = 0x5500 + k;
		w[k].sg_list = &s[k];
		w[k].num_sge = k == 1 ? (int)t.sa.attr.max_sge + 1 : 1;
		w[k].next = k < 2 ? &w[k + 1] : NULL;
	}
	guard(srq_buf(0), 2048);
	bad = NULL;
	CHECK(ibv_post_srq_recv(t.srq, w, &bad) == EINVAL && bad == &w[1],
	      "num_sge over max_sge in the 2nd WR: not EINVAL with bad_wr = 2nd");
	fill(A.buf, 500, 33);
	CHECK(post_send1(t.qa[0], 0x5600, IBV_WR_SEND, A.buf, 500, A.mr->lkey, 0) == 0, "post_send");
	CHECK(poll1(t.cb, &wc) == 0, "no receive completion");
	CHECK_WC(wc, 0x5500, IBV_WC_SUCCESS, IBV_WC_RECV, 500, 0, 0, t.qb[0]->qp_num);
	CHECK_DATA(srq_buf(0), 500, 33, "message in the WR before the failing one");
	CHECK(poll1(t.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "send completion");
	CHECK(cq_empty(t.cb), "the WR after the failing one was posted");

	/* full: n WRs fit, the next one gets ENOMEM */
	for (unsigned k = 0; k <= n; k++) {
		w[k].wr_id = 0x5700 + k;
		w[k].sg_list = &s[k % 8];
		w[k].num_sge = 1;
		w[k].next = k < n ? &w[k + 1] : NULL;
	}
	bad = NULL;
	CHECK(ibv_post_srq_recv(t.srq, w, &bad) == ENOMEM && bad == &w[n],
	      "SRQ over max_wr: not ENOMEM with bad_wr = the first WR that does not fit");
	for (unsigned k = 0; k < n && k < 8; k++) {
		guard(srq_buf(k), 2048);
		fill(A.buf + 1024 * k, 100 + k, 50 + k);
		CHECK(post_send1(t.qa[1], 0x5800 + k, IBV_WR_SEND, A.buf + 1024 * k, 100 + k, A.mr->lkey, 0) == 0,
		      "post_send");
		CHECK(poll1(t.cb, &wc) == 0, "no receive completion %u", k);
		CHECK_WC(wc, 0x5700 + k, IBV_WC_SUCCESS, IBV_WC_RECV, (int)(100 + k), 0, 0, t.qb[1]->qp_num);
		CHECK_DATA(srq_buf(k), 100 + k, 50 + k, "message after refill");
		CHECK(poll1(t.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "send completion");
	}
	srq_down(&t);
}

/* ---- memory windows ------------------------------------------------------ */

#define WIN_OFF (768 * 1024)        /* the region windows are bound into: B.buf + WIN_OFF */
#define WIN_REGION 65536

/* Posts a signaled BIND_MW of mw (new key rkey) on qp over [addr, addr+len)
 * of mr with access acc. */
static int mw_bind(struct ibv_qp *qp, uint64_t id, struct ibv_mw *mw, uint32_t rkey, struct ibv_mr *mr,
		   void *addr, uint64_t len, unsigned acc)
{
	struct ibv_send_wr w = {.wr_id = id, .opcode = IBV_WR_BIND_MW, .send_flags = IBV_SEND_SIGNALED},
			   *bad = NULL;

	w.bind_mw.mw = mw;
	w.bind_mw.rkey = rkey;
	w.bind_mw.bind_info.mr = mr;
	w.bind_mw.bind_info.addr = (uintptr_t)addr;
	w.bind_mw.bind_info.length = len;
	w.bind_mw.bind_info.mw_access_flags = acc;
	return ibv_post_send(qp, &w, &bad);
}

static int mw_inv(struct ibv_qp *qp, uint64_t id, uint32_t rkey)
{
	struct ibv_send_wr w = {.wr_id = id, .opcode = IBV_WR_LOCAL_INV, .send_flags = IBV_SEND_SIGNALED,
				.invalidate_rkey = rkey}, *bad = NULL;

	return ibv_post_send(qp, &w, &bad);
}

/* One RDMA op (WRITE or READ) of len bytes from A's qa to remote address r
 * with rkey; its completion's status. */
static int mw_rdma(struct pair *p, uint64_t id, enum ibv_wr_opcode op, uint8_t *local, uint8_t *r, uint32_t rkey,
		   uint32_t len, enum ibv_wc_status *st)
{
	struct ibv_sge s = {.addr = (uintptr_t)local, .length = len, .lkey = A.mr->lkey};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = &s, .num_sge = 1, .opcode = op,
				.send_flags = IBV_SEND_SIGNALED}, *bad = NULL;
	struct ibv_wc wc;

	w.wr.rdma.remote_addr = (uintptr_t)r;
	w.wr.rdma.rkey = rkey;
	if (ibv_post_send(p->qa, &w, &bad) || poll1(p->ca, &wc) || wc.wr_id != id)
		return -1;
	*st = wc.status;
	return 0;
}

/* Table cells BIND_MW and LOCAL_INV on RC and UC (type 2B windows,
 * ibv_alloc_mw(3), ibv_post_send(3)): a window bound by a BIND_MW WR on the
 * responder's QP gives remote access through its new rkey to exactly its
 * range with exactly its rights, through that QP only; LOCAL_INV takes the
 * access away; the bound region cannot be deregistered (EBUSY) until then;
 * each memory operation completes with its own opcode (byte_len 0). A bind
 * the region does not allow completes with IBV_WC_MW_BIND_ERR. */
static void t_mw(enum ibv_qp_type t)
{
	struct pair p, q;
	struct ibv_wc wc;
	struct ibv_mw *mw;
	struct ibv_mr *reg;
	enum ibv_wc_status st;
	uint8_t *region = B.buf + WIN_OFF;
	uint8_t *win = region + 4096;          /* the window: 8192 bytes of the region */
	const uint32_t wlen = 8192;
	uint8_t *src = A.buf + 8192, *back = A.buf + 65536;
	uint32_t rk;
	int rc = t == IBV_QPT_RC;

	CHECK(!ibv_alloc_mw(B.pd, IBV_MW_TYPE_1) && errno == EOPNOTSUPP, "ibv_alloc_mw(TYPE_1): not EOPNOTSUPP");
	reg = ibv_reg_mr(B.pd, region, WIN_REGION,
			 IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_MW_BIND);
	CHECK(reg, "ibv_reg_mr with MW_BIND: %s", strerror(errno));
	mw = ibv_alloc_mw(B.pd, IBV_MW_TYPE_2);
	CHECK(mw && mw->type == IBV_MW_TYPE_2 && mw->pd == B.pd, "ibv_alloc_mw(TYPE_2): %s", strerror(errno));
	CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	memset(region, GUARD_BYTE, WIN_REGION);

	/* unbound: no access */
	fill(src, 64, 31);
	CHECK(mw_rdma(&p, 0x9000, IBV_WR_RDMA_WRITE, src, win, mw->rkey, 64, &st) == 0, "write before bind");
	CHECK(st == (rc ? IBV_WC_REM_ACCESS_ERR : IBV_WC_SUCCESS), "write through an unbound window: %s",
	      ibv_wc_status_str(st));
	CHECK(cq_empty(p.cb), "a receive completion");
	for (uint32_t g = 0; g < WIN_REGION; g++)
		CHECK(region[g] == GUARD_BYTE, "an unbound window let a write in (byte %u)", g);
	if (rc) {
		pair_down(&p);
		CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	}

	/* bind on the responder's QP, remote read and write */
	rk = ibv_inc_rkey(mw->rkey);
	CHECK(mw_bind(p.qb, 0x9100, mw, rk, reg, win, wlen, IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ) == 0,
	      "post BIND_MW");
	CHECK(poll1(p.cb, &wc) == 0, "no BIND_MW completion");
	CHECK_WC(wc, 0x9100, IBV_WC_SUCCESS, IBV_WC_BIND_MW, 0, 0, 0, p.qb->qp_num);
	CHECK(ibv_dereg_mr(reg) == EBUSY, "ibv_dereg_mr of a region with a bound window: not EBUSY");

	/* the whole window, written then read back through the window's rkey */
	fill(src, wlen, 32);
	CHECK(mw_rdma(&p, 0x9200, IBV_WR_RDMA_WRITE, src, win, rk, wlen, &st) == 0 && st == IBV_WC_SUCCESS,
	      "RDMA WRITE through the window: %s", ibv_wc_status_str(st));
	CHECK(cq_empty(p.cb), "a receive completion");
	CHECK_DATA(win, wlen, 32, "data written through the window");
	for (uint32_t g = 0; g < 4096; g++)
		CHECK(region[g] == GUARD_BYTE && win[wlen + g] == GUARD_BYTE, "written outside the window");
	if (rc) {
		guard(back, wlen);
		CHECK(mw_rdma(&p, 0x9300, IBV_WR_RDMA_READ, back, win, rk, wlen, &st) == 0 && st == IBV_WC_SUCCESS,
		      "RDMA READ through the window: %s", ibv_wc_status_str(st));
		CHECK_DATA(back, wlen, 32, "data read through the window");
	}
	/* the old key is dead, and the window's edges hold */
	fill(src, 64, 33);
	if (!rc) {
		CHECK(mw_rdma(&p, 0x9400, IBV_WR_RDMA_WRITE, src, win, mw->rkey, 64, &st) == 0 && st == IBV_WC_SUCCESS,
		      "UC write (old key)");
		CHECK(mw_rdma(&p, 0x9401, IBV_WR_RDMA_WRITE, src, win + wlen - 32, rk, 64, &st) == 0 &&
			      st == IBV_WC_SUCCESS, "UC write across the window's end");
		CHECK(mw_rdma(&p, 0x9402, IBV_WR_RDMA_WRITE, src, win - 8, rk, 64, &st) == 0 && st == IBV_WC_SUCCESS,
		      "UC write before the window's start");
		CHECK(cq_empty(p.cb), "a receive completion");
		CHECK_DATA(win, wlen, 32, "the window after refused writes");
		for (uint32_t g = 0; g < 4096; g++)
			CHECK(region[g] == GUARD_BYTE && win[wlen + g] == GUARD_BYTE, "written outside the window");
	}

	/* LOCAL_INV on the responder's QP: the access is gone, the region free */
	CHECK(mw_inv(p.qb, 0x9500, rk) == 0, "post LOCAL_INV");
	CHECK(poll1(p.cb, &wc) == 0, "no LOCAL_INV completion");
	CHECK_WC(wc, 0x9500, IBV_WC_SUCCESS, IBV_WC_LOCAL_INV, 0, 0, 0, p.qb->qp_num);
	CHECK(mw_rdma(&p, 0x9600, IBV_WR_RDMA_WRITE, src, win, rk, 64, &st) == 0, "write after LOCAL_INV");
	CHECK(st == (rc ? IBV_WC_REM_ACCESS_ERR : IBV_WC_SUCCESS), "write through an invalidated window: %s",
	      ibv_wc_status_str(st));
	CHECK(cq_empty(p.cb), "a receive completion");
	CHECK_DATA(win, wlen, 32, "the window after LOCAL_INV");
	pair_down(&p);

	/* bound to one QP: another QP of the same PD gets no access (2B) */
	CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0 && pair_up(&q, t, 0, DEPTH, 0, 0) == 0, "set-up: %s",
	      strerror(errno));
	rk = ibv_inc_rkey(rk);
	CHECK(mw_bind(p.qb, 0x9700, mw, rk, reg, win, wlen, IBV_ACCESS_REMOTE_WRITE) == 0, "post BIND_MW");
	CHECK(poll1(p.cb, &wc) == 0 && wc.status == IBV_WC_SUCCESS && wc.opcode == IBV_WC_BIND_MW,
	      "second bind: %s", ibv_wc_status_str(wc.status));
	fill(src, 64, 34);
	CHECK(mw_rdma(&q, 0x9800, IBV_WR_RDMA_WRITE, src, win, rk, 64, &st) == 0, "write on another QP");
	CHECK(st == (rc ? IBV_WC_REM_ACCESS_ERR : IBV_WC_SUCCESS), "write through a window of another QP: %s",
	      ibv_wc_status_str(st));
	CHECK(cq_empty(q.cb), "a receive completion");
	CHECK_DATA(win, wlen, 32, "the window after another QP's write");
	if (rc) {
		/* the rights are the window's: no remote read */
		CHECK(mw_rdma(&p, 0x9900, IBV_WR_RDMA_READ, back, win, rk, 64, &st) == 0 && st == IBV_WC_REM_ACCESS_ERR,
		      "READ through a write-only window: %s", ibv_wc_status_str(st));
	} else {
		CHECK(mw_rdma(&p, 0x9900, IBV_WR_RDMA_WRITE, src, win, rk, 64, &st) == 0 && st == IBV_WC_SUCCESS,
		      "write through the window on its QP");
		CHECK(cq_empty(p.cb), "a receive completion");
		for (uint32_t i = 0; i < wlen; i++)
			CHECK(win[i] == (i < 64 ? pat(34, i) : pat(32, i)),
			      "the window after a write through it on its QP: byte %u", i);
	}
	pair_down(&q);
	pair_down(&p);

	/* a bind the region does not allow (no MW_BIND), of a fresh window:
	 * IBV_WC_MW_BIND_ERR, and the window stays unbound */
	{
		struct ibv_mw *mw2 = ibv_alloc_mw(B.pd, IBV_MW_TYPE_2);
		uint32_t rk2;

		CHECK(mw2, "ibv_alloc_mw: %s", strerror(errno));
		rk2 = ibv_inc_rkey(mw2->rkey);
		CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
		CHECK(mw_bind(p.qb, 0x9a00, mw2, rk2, B.mr, B.buf + GUARD, 64, IBV_ACCESS_REMOTE_WRITE) == 0,
		      "post BIND_MW");
		CHECK(poll1(p.cb, &wc) == 0, "no completion of a refused bind");
		CHECK(wc.wr_id == 0x9a00 && wc.status == IBV_WC_MW_BIND_ERR && wc.qp_num == p.qb->qp_num,
		      "bind on a region without MW_BIND: %s", ibv_wc_status_str(wc.status));
		pair_down(&p);
		CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
		guard(B.buf + GUARD, 64);
		fill(src, 64, 35);
		CHECK(mw_rdma(&p, 0x9b00, IBV_WR_RDMA_WRITE, src, B.buf + GUARD, rk2, 64, &st) == 0 &&
			      st == (rc ? IBV_WC_REM_ACCESS_ERR : IBV_WC_SUCCESS),
		      "write through a window whose bind failed: %s", ibv_wc_status_str(st));
		CHECK(cq_empty(p.cb), "a receive completion");
		for (int g = -GUARD; g < 64 + GUARD; g++)
			CHECK(B.buf[GUARD + g] == GUARD_BYTE, "a window whose bind failed let a write in");
		pair_down(&p);
		CHECK(ibv_dealloc_mw(mw2) == 0, "ibv_dealloc_mw");
	}
	/* the window (still bound since the second bind) goes first, then the region */
	CHECK(ibv_dealloc_mw(mw) == 0, "ibv_dealloc_mw");
	CHECK(ibv_dereg_mr(reg) == 0, "ibv_dereg_mr after the window went: %s", strerror(errno));
}

static void t_rc_mw(void) { t_mw(IBV_QPT_RC); }
static void t_uc_mw(void) { t_mw(IBV_QPT_UC); }

/* Posts a signaled SEND_WITH_INV of len bytes from src on qp, naming key. */
static int send_inv(struct ibv_qp *qp, uint64_t id, uint8_t *src, uint32_t len, uint32_t key)
{
	struct ibv_sge s = {.addr = (uintptr_t)src, .length = len, .lkey = A.mr->lkey};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = &s, .num_sge = 1, .opcode = IBV_WR_SEND_WITH_INV,
				.send_flags = IBV_SEND_SIGNALED, .invalidate_rkey = key}, *bad = NULL;

	return ibv_post_send(qp, &w, &bad) || bad ? -1 : 0;
}

/* Table cell SEND_WITH_INV on RC and UC (ibv_post_send(3); IBA 10.6.7.2.3):
 * the message lands in a receive WQE like a SEND, and the receiver's type
 * 2B window named by invalidate_rkey is invalidated: the receive completion
 * reports IBV_WC_WITH_INV and the key in invalidated_rkey, the window gives
 * no more access and no longer holds its region. One packet (ONLY) and
 * several (FIRST .. LAST). A key that is not a window bound to the
 * receiving QP (a region's rkey, a window of another QP) is not
 * invalidated: the receive completes with IBV_WC_REM_INV_REQ_ERR (RC: the
 * sender's WR too, with a NAK) and the key keeps working. */
static void t_send_inv(enum ibv_qp_type t)
{
	static const uint32_t sizes[] = {0, 7, 1024, 3 * 1024 + 5};
	struct pair p, q;
	struct ibv_wc wc;
	struct ibv_mw *mw;
	struct ibv_mr *reg;
	enum ibv_wc_status st;
	uint8_t *region = B.buf + WIN_OFF, *win = region + 4096;
	uint8_t *src = A.buf + 8192, *rbuf = B.buf + 512 * 1024 + GUARD;
	int rc = t == IBV_QPT_RC;
	uint32_t rk;

	reg = ibv_reg_mr(B.pd, region, WIN_REGION,
			 IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_MW_BIND);
	CHECK(reg, "ibv_reg_mr with MW_BIND: %s", strerror(errno));
	mw = ibv_alloc_mw(B.pd, IBV_MW_TYPE_2);
	CHECK(mw, "ibv_alloc_mw: %s", strerror(errno));
	memset(region, GUARD_BYTE, WIN_REGION);
	rk = mw->rkey;
	for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		uint32_t len = sizes[k];

		CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
		rk = ibv_inc_rkey(rk);
		CHECK(mw_bind(p.qb, 0x9c00 + k, mw, rk, reg, win, 8192, IBV_ACCESS_REMOTE_WRITE) == 0,
		      "post BIND_MW");
		CHECK(poll1(p.cb, &wc) == 0 && wc.status == IBV_WC_SUCCESS && wc.opcode == IBV_WC_BIND_MW,
		      "bind: %s", ibv_wc_status_str(wc.status));
		fill(src, len, 40 + k);
		guard(rbuf, len);
		CHECK(post_recv1(p.qb, 0x9d00 + k, rbuf, len + 5, B.mr->lkey) == 0, "post_recv");
		CHECK(send_inv(p.qa, 0x9e00 + k, src, len, rk) == 0, "post SEND_WITH_INV (%u bytes)", len);
		CHECK(poll1(p.ca, &wc) == 0, "no send completion (%u bytes)", len);
		CHECK_WC(wc, 0x9e00 + k, IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0, p.qa->qp_num);
		CHECK(poll1(p.cb, &wc) == 0, "no receive completion (%u bytes)", len);
		CHECK_WC(wc, 0x9d00 + k, IBV_WC_SUCCESS, IBV_WC_RECV, (int)len, IBV_WC_WITH_INV, 0, p.qb->qp_num);
		CHECK(wc.invalidated_rkey == rk, "invalidated_rkey 0x%x, expected 0x%x", wc.invalidated_rkey, rk);
		CHECK_DATA(rbuf, len, 40 + k, "payload");
		/* the window is invalidated: no access through it */
		CHECK(mw_rdma(&p, 0x9f00 + k, IBV_WR_RDMA_WRITE, src, win, rk, 64, &st) == 0, "write after invalidation");
		CHECK(st == (rc ? IBV_WC_REM_ACCESS_ERR : IBV_WC_SUCCESS), "write through an invalidated window: %s",
		      ibv_wc_status_str(st));
		CHECK(cq_empty(p.cb), "a receive completion");
		for (uint32_t g = 0; g < WIN_REGION; g++)
			CHECK(region[g] == GUARD_BYTE, "an invalidated window let a write in (byte %u)", g);
		CHECK(cq_empty(p.ca) && cq_empty(p.cb), "a completion too many");
		pair_down(&p);
	}
	/* the window no longer holds its region */
	CHECK(ibv_dereg_mr(reg) == 0, "ibv_dereg_mr after remote invalidation: %s", strerror(errno));
	reg = ibv_reg_mr(B.pd, region, WIN_REGION,
			 IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_MW_BIND);
	CHECK(reg, "ibv_reg_mr: %s", strerror(errno));

	/* keys that cannot be invalidated by this QP: a region's rkey, and a
	 * window bound to another QP of the PD */
	CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0 && pair_up(&q, t, 0, DEPTH, 0, 0) == 0, "set-up: %s",
	      strerror(errno));
	rk = ibv_inc_rkey(rk);
	CHECK(mw_bind(q.qb, 0xa000, mw, rk, reg, win, 8192, IBV_ACCESS_REMOTE_WRITE) == 0, "post BIND_MW");
	CHECK(poll1(q.cb, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "bind: %s", ibv_wc_status_str(wc.status));
	for (unsigned k = 0; k < 2; k++) {
		uint32_t key = k == 0 ? B.mr->rkey : rk;

		if (k == 1 && rc) {
			pair_down(&p);
			CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
		}
		fill(src, 32, 50 + k);
		guard(rbuf, 32);
		CHECK(post_recv1(p.qb, 0xa100 + k, rbuf, 64, B.mr->lkey) == 0, "post_recv");
		CHECK(send_inv(p.qa, 0xa200 + k, src, 32, key) == 0, "post SEND_WITH_INV");
		CHECK(poll1(p.ca, &wc) == 0, "no send completion");
		CHECK_WC(wc, 0xa200 + k, rc ? IBV_WC_REM_INV_REQ_ERR : IBV_WC_SUCCESS, IBV_WC_SEND, -1, 0, 0,
			 p.qa->qp_num);
		CHECK(poll1(p.cb, &wc) == 0, "no receive completion");
		CHECK(wc.wr_id == 0xa100 + k && wc.status == IBV_WC_REM_INV_REQ_ERR && wc.qp_num == p.qb->qp_num,
		      "SEND_WITH_INV of %s: receive wr_id 0x%" PRIx64 " status %s", k ? "another QP's window" : "a region",
		      wc.wr_id, ibv_wc_status_str(wc.status));
	}
	/* both keys still work: the region through p (a fresh pair on RC) and
	 * the window through q */
	if (rc) {
		pair_down(&p);
		CHECK(pair_up(&p, t, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	}
	fill(src, 64, 52);
	guard(B.buf + GUARD, 64);
	CHECK(mw_rdma(&p, 0xa300, IBV_WR_RDMA_WRITE, src, B.buf + GUARD, B.mr->rkey, 64, &st) == 0 &&
		      st == IBV_WC_SUCCESS, "write through the region after a refused invalidation: %s",
	      ibv_wc_status_str(st));
	CHECK(cq_empty(p.cb), "a receive completion");
	CHECK_DATA(B.buf + GUARD, 64, 52, "write through the region");
	CHECK(mw_rdma(&q, 0xa301, IBV_WR_RDMA_WRITE, src, win, rk, 64, &st) == 0 && st == IBV_WC_SUCCESS,
	      "write through another QP's window after a refused invalidation: %s", ibv_wc_status_str(st));
	CHECK(cq_empty(q.cb), "a receive completion");
	for (uint32_t i = 0; i < 128; i++)
		CHECK(win[i] == (i < 64 ? pat(52, i) : GUARD_BYTE), "the window after a write through it: byte %u", i);
	CHECK(ibv_dereg_mr(reg) == EBUSY, "ibv_dereg_mr of a region with a bound window: not EBUSY");
	pair_down(&q);
	pair_down(&p);
	CHECK(ibv_dealloc_mw(mw) == 0, "ibv_dealloc_mw");
	CHECK(ibv_dereg_mr(reg) == 0, "ibv_dereg_mr: %s", strerror(errno));
}

static void t_rc_send_inv(void) { t_send_inv(IBV_QPT_RC); }
static void t_uc_send_inv(void) { t_send_inv(IBV_QPT_UC); }


/* ---- XRC ------------------------------------------------------------------ */

/* An XRC initiator ini (A) connected to an XRC target tgt (B); on B an XRC
 * domain with two XRC SRQs on one CQ (cb), srq[1] holding one decoy receive
 * that only a message naming srq[1] may take. */
struct xrc_set {
	struct ibv_xrcd *xrcd;
	struct ibv_cq *ca, *cb;
	struct ibv_srq *srq[2];
	uint32_t srqn[2];
	struct ibv_qp *ini, *tgt;
};

#define XRC_DECOY 0xdec0
static uint8_t *xrc_decoy_buf(void) { return B.buf + 700 * 1024 + GUARD; }

static void xrc_down(struct xrc_set *x)
{
	if (x->ini)
		ibv_destroy_qp(x->ini);
	if (x->tgt)
		ibv_destroy_qp(x->tgt);
	for (int i = 0; i < 2; i++)
		if (x->srq[i])
			ibv_destroy_srq(x->srq[i]);
	if (x->xrcd)
		ibv_close_xrcd(x->xrcd);
	if (x->ca)
		ibv_destroy_cq(x->ca);
	if (x->cb)
		ibv_destroy_cq(x->cb);
	memset(x, 0, sizeof(*x));
}

static struct ibv_srq *xrc_srq_new(struct ibv_xrcd *xrcd, struct ibv_cq *cq)
{
	struct ibv_srq_init_attr_ex sa = {
		.attr = {.max_wr = DEPTH, .max_sge = 2},
		.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD | IBV_SRQ_INIT_ATTR_XRCD |
			     IBV_SRQ_INIT_ATTR_CQ,
		.srq_type = IBV_SRQT_XRC,
		.pd = B.pd,
		.xrcd = xrcd,
		.cq = cq,
	};

	return ibv_create_srq_ex(B.ctx, &sa);
}

static int xrc_up(struct xrc_set *x)
{
	struct ibv_xrcd_init_attr xa = {.comp_mask = IBV_XRCD_INIT_ATTR_FD | IBV_XRCD_INIT_ATTR_OFLAGS,
					.fd = -1, .oflags = O_CREAT};
	struct ibv_qp_init_attr_ex ta = {.qp_type = IBV_QPT_XRC_RECV, .comp_mask = IBV_QP_INIT_ATTR_XRCD};
	struct ibv_qp_init_attr_ex ia = {
		.qp_type = IBV_QPT_XRC_SEND,
		.comp_mask = IBV_QP_INIT_ATTR_PD,
		.cap = {.max_send_wr = DEPTH, .max_send_sge = 2},
		.sq_sig_all = 1,
	};

	memset(x, 0, sizeof(*x));
	x->xrcd = ibv_open_xrcd(B.ctx, &xa);
	x->ca = ibv_create_cq(A.ctx, 4 * DEPTH, NULL, NULL, 0);
	x->cb = ibv_create_cq(B.ctx, 4 * DEPTH, NULL, NULL, 0);
	if (!x->xrcd || !x->ca || !x->cb)
		return -1;
	for (int i = 0; i < 2; i++) {
		x->srq[i] = xrc_srq_new(x->xrcd, x->cb);
		if (!x->srq[i] || ibv_get_srq_num(x->srq[i], &x->srqn[i]))
			return -1;
	}
	ta.xrcd = x->xrcd;
	x->tgt = ibv_create_qp_ex(B.ctx, &ta);
	ia.pd = A.pd;
	ia.send_cq = x->ca;
	ia.recv_cq = x->ca;
	x->ini = ibv_create_qp_ex(A.ctx, &ia);
	if (!x->tgt || !x->ini)
		return -1;
	if (qp_init(x->ini) || qp_init(x->tgt) || qp_rtr(x->ini, x->tgt->qp_num, &B.gid, 0x700) ||
	    qp_rtr(x->tgt, x->ini->qp_num, &A.gid, 0x800) || qp_rts(x->ini, 0x800))
		return -1;
	guard(xrc_decoy_buf(), 256);
	return srq_post1(x->srq[1], XRC_DECOY, xrc_decoy_buf(), 256);
}

/* One signaled WR on the initiator for the remote XRC SRQ srqn. */
static int xrc_post(struct xrc_set *x, uint64_t id, enum ibv_wr_opcode op, void *local, uint32_t len,
		    uint32_t srqn, void *raddr, uint32_t imm)
{
	struct ibv_sge s = {.addr = (uintptr_t)local, .length = len, .lkey = A.mr->lkey};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = &s, .num_sge = 1, .opcode = op,
				.send_flags = IBV_SEND_SIGNALED, .imm_data = imm}, *bad = NULL;

	w.qp_type.xrc.remote_srqn = srqn;
	w.wr.rdma.remote_addr = (uintptr_t)raddr;
	w.wr.rdma.rkey = B.mr->rkey;
	return ibv_post_send(x->ini, &w, &bad) || bad ? -1 : 0;
}

/* The decoy receive of srq[1] is untouched and still posted. */
static int xrc_decoy_ok(void)
{
	uint8_t *d = xrc_decoy_buf();

	for (int g = -GUARD; g < 256 + GUARD; g++)
		if (d[g] != GUARD_BYTE)
			return 0;
	return 1;
}

/* Table cells SEND, SEND_WITH_IMM, RDMA_WRITE, RDMA_WRITE_WITH_IMM on
 * XRC_SEND (ibv_post_send(3), qp_type.xrc.remote_srqn): each message goes
 * to the XRC target and takes its receive WQE (if any) from the XRC SRQ the
 * WR names, completing on that SRQ's CQ with the target's qp_num and the
 * initiator as src_qp; remote keys are those of the SRQ's PD. At the end a
 * message naming the other SRQ takes that SRQ's WQE. */
static void t_xrc_op(enum ibv_wr_opcode op)
{
	static const uint32_t sizes[] = {0, 1, 1024, 4097};
	struct xrc_set x;
	struct ibv_wc wc;
	int write = op == IBV_WR_RDMA_WRITE || op == IBV_WR_RDMA_WRITE_WITH_IMM;
	int imm = op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
	int consumes = op != IBV_WR_RDMA_WRITE;

	CHECK(xrc_up(&x) == 0, "XRC set-up: %s", strerror(errno));
	for (unsigned k = 0; k <= sizeof(sizes) / sizeof(sizes[0]); k++) {
		int last = k == sizeof(sizes) / sizeof(sizes[0]);  /* the message for srq[1] */
		uint32_t len = last ? 200 : sizes[k];
		uint8_t *src = A.buf + 4096 + k;
		uint8_t *dst = last && !write ? xrc_decoy_buf() : B.buf + 4096 + 5 * k + GUARD;
		uint32_t immv = htonl(0xa11c0000u + k);
		uint64_t rid = last ? XRC_DECOY : 0x7800 + k;

		fill(src, len, 60 + k + op);
		if (!(last && !write))
			guard(dst, len);
		if (consumes && !last)
			CHECK(srq_post1(x.srq[0], rid, write ? B.buf + 600 * 1024 : dst, write ? 64 : len + 5) == 0,
			      "post_srq_recv");
		CHECK(xrc_post(&x, 0x5800 + k, op, src, len, x.srqn[last ? 1 : 0], dst, immv) == 0, "post_send %u",
		      len);
		CHECK(poll1(x.ca, &wc) == 0, "no send completion (%u bytes)", len);
		CHECK_WC(wc, 0x5800 + k, IBV_WC_SUCCESS, write ? IBV_WC_RDMA_WRITE : IBV_WC_SEND, -1, 0, 0,
			 x.ini->qp_num);
		if (consumes) {
			CHECK(poll1(x.cb, &wc) == 0, "no receive completion (%u bytes)", len);
			CHECK_WC(wc, rid, IBV_WC_SUCCESS, write ? IBV_WC_RECV_RDMA_WITH_IMM : IBV_WC_RECV, (int)len,
				 imm ? IBV_WC_WITH_IMM : 0, immv, x.tgt->qp_num);
			CHECK(wc.src_qp == x.ini->qp_num, "src_qp %u, expected the initiator %u", wc.src_qp,
			      x.ini->qp_num);
		} else {
			CHECK(cq_empty(x.cb), "a receive completion for an RDMA WRITE");
		}
		CHECK_DATA(dst, len, 60 + k + op, "payload");
		if (!last)
			CHECK(xrc_decoy_ok(), "the other XRC SRQ's receive buffer written");
	}
	CHECK(cq_empty(x.ca) && cq_empty(x.cb), "a completion too many");
	xrc_down(&x);
}

static void t_xrc_send(void) { t_xrc_op(IBV_WR_SEND); }
static void t_xrc_send_imm(void) { t_xrc_op(IBV_WR_SEND_WITH_IMM); }
static void t_xrc_write(void) { t_xrc_op(IBV_WR_RDMA_WRITE); }
static void t_xrc_write_imm(void) { t_xrc_op(IBV_WR_RDMA_WRITE_WITH_IMM); }

/* One signaled atomic on the initiator for the remote XRC SRQ srqn. */
static int xrc_atomic(struct xrc_set *x, uint64_t id, enum ibv_wr_opcode op, uint64_t *local, uint64_t *r,
		      uint64_t compare_add, uint64_t swap)
{
	struct ibv_sge sg = {.addr = (uintptr_t)local, .length = 8, .lkey = A.mr->lkey};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = &sg, .num_sge = 1, .opcode = op,
				.send_flags = IBV_SEND_SIGNALED}, *bad = NULL;

	w.qp_type.xrc.remote_srqn = x->srqn[0];
	w.wr.atomic.remote_addr = (uintptr_t)r;
	w.wr.atomic.rkey = B.mr->rkey;
	w.wr.atomic.compare_add = compare_add;
	w.wr.atomic.swap = swap;
	return ibv_post_send(x->ini, &w, &bad);
}

/* Table cells RDMA_READ, ATOMIC_FETCH_AND_ADD, ATOMIC_CMP_AND_SWP on
 * XRC_SEND: answered by the XRC target, checked against the keys of the
 * named XRC SRQ's PD; no receive WQE is taken. */
static void t_xrc_read_atomic(enum ibv_wr_opcode op)
{
	struct xrc_set x;
	struct ibv_wc wc;
	uint8_t *rs = B.buf + 16384 + GUARD, *ld = A.buf + 65536 + GUARD;
	uint8_t *rb = B.buf + 8192 + GUARD, *lb = A.buf + 8192 + GUARD;
	uint64_t *r = (uint64_t *)rb, *l = (uint64_t *)(void *)lb;

	CHECK(xrc_up(&x) == 0, "XRC set-up: %s", strerror(errno));
	if (op == IBV_WR_RDMA_READ) {
		for (unsigned k = 0; k < 3; k++) {
			uint32_t len = k == 0 ? 1 : k == 1 ? 1024 : 4097;

			fill(rs, len, 70 + k);
			guard(ld, len);
			CHECK(xrc_post(&x, 0x5a00 + k, IBV_WR_RDMA_READ, ld, len, x.srqn[0], rs, 0) == 0,
			      "post READ");
			CHECK(poll1(x.ca, &wc) == 0, "no READ completion");
			CHECK_WC(wc, 0x5a00 + k, IBV_WC_SUCCESS, IBV_WC_RDMA_READ, (int)len, 0, 0, x.ini->qp_num);
			CHECK_DATA(ld, len, 70 + k, "data read over XRC");
		}
	} else if (op == IBV_WR_ATOMIC_FETCH_AND_ADD) {
		guard(rb, 8);
		memset(lb - GUARD, GUARD_BYTE, 16 + 2 * GUARD);
		*r = 0xfffffffffffff000ull;
		CHECK(xrc_atomic(&x, 0x5b00, op, l, r, 0x1023, 0) == 0, "post FETCH_AND_ADD");
		CHECK(poll1(x.ca, &wc) == 0, "no FETCH_AND_ADD completion");
		CHECK_WC(wc, 0x5b00, IBV_WC_SUCCESS, IBV_WC_FETCH_ADD, 8, 0, 0, x.ini->qp_num);
		CHECK(*l == 0xfffffffffffff000ull, "returned 0x%" PRIx64, *l);
		CHECK(*r == 0x0000000000000023ull, "remote 0x%" PRIx64 " after the add", *r);
		CHECK(guards_ok(rb), "bytes around the remote operand written");
	} else {
		guard(rb, 8);
		memset(lb - GUARD, GUARD_BYTE, 32 + 2 * GUARD);
		*r = 0x1234;
		CHECK(xrc_atomic(&x, 0x5c00, op, l, r, 0x1234, 0x77) == 0, "post CMP_AND_SWP");
		CHECK(xrc_atomic(&x, 0x5c01, op, l + 2, r, 0x1234, 0x99) == 0, "post CMP_AND_SWP");
		for (unsigned k = 0; k < 2; k++) {
			CHECK(poll1(x.ca, &wc) == 0, "no CMP_AND_SWP completion");
			CHECK_WC(wc, 0x5c00 + k, IBV_WC_SUCCESS, IBV_WC_COMP_SWAP, 8, 0, 0, x.ini->qp_num);
		}
		CHECK(l[0] == 0x1234 && l[2] == 0x77, "returned 0x%" PRIx64 ", 0x%" PRIx64, l[0], l[2]);
		CHECK(*r == 0x77, "remote 0x%" PRIx64 ": the second compare should have failed", *r);
		CHECK(guards_ok(rb), "bytes around the remote operand written");
	}
	CHECK(cq_empty(x.ca) && cq_empty(x.cb), "a completion too many");
	CHECK(xrc_decoy_ok(), "an XRC SRQ's receive buffer written");
	xrc_down(&x);
}

static void t_xrc_read(void) { t_xrc_read_atomic(IBV_WR_RDMA_READ); }
static void t_xrc_fetch_add(void) { t_xrc_read_atomic(IBV_WR_ATOMIC_FETCH_AND_ADD); }
static void t_xrc_cmp_swp(void) { t_xrc_read_atomic(IBV_WR_ATOMIC_CMP_AND_SWP); }

/* Table cells LOCAL_INV, BIND_MW, SEND_WITH_INV on XRC_SEND: the
 * initiator binds and invalidates a type 2B window of its own PD (bound to
 * the initiator QP); a SEND_WITH_INV is delivered like a SEND, but no
 * window can be bound to an XRC target (it has no send queue to post
 * BIND_MW on), so the named key is refused: IBV_WC_REM_INV_REQ_ERR on the
 * receive and on the initiator. */
static void t_xrc_mw(void)
{
	struct xrc_set x;
	struct ibv_wc wc;
	struct ibv_mr *reg;
	struct ibv_mw *mw;
	uint8_t *src = A.buf + 4096;
	uint8_t *dst = B.buf + 4096 + GUARD;
	uint32_t rk;

	reg = ibv_reg_mr(A.pd, A.buf + WIN_OFF, WIN_REGION,
			 IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_MW_BIND);
	mw = ibv_alloc_mw(A.pd, IBV_MW_TYPE_2);
	CHECK(reg && mw, "region and window: %s", strerror(errno));
	CHECK(xrc_up(&x) == 0, "XRC set-up: %s", strerror(errno));
	rk = ibv_inc_rkey(mw->rkey);
	CHECK(mw_bind(x.ini, 0x5d00, mw, rk, reg, A.buf + WIN_OFF, 4096, IBV_ACCESS_REMOTE_WRITE) == 0,
	      "post BIND_MW");
	CHECK(poll1(x.ca, &wc) == 0, "no BIND_MW completion");
	CHECK_WC(wc, 0x5d00, IBV_WC_SUCCESS, IBV_WC_BIND_MW, 0, 0, 0, x.ini->qp_num);
	CHECK(ibv_dereg_mr(reg) == EBUSY, "ibv_dereg_mr of a region with a bound window: not EBUSY");
	CHECK(mw_inv(x.ini, 0x5d01, rk) == 0, "post LOCAL_INV");
	CHECK(poll1(x.ca, &wc) == 0, "no LOCAL_INV completion");
	CHECK_WC(wc, 0x5d01, IBV_WC_SUCCESS, IBV_WC_LOCAL_INV, 0, 0, 0, x.ini->qp_num);

	fill(src, 100, 80);
	guard(dst, 100);
	CHECK(srq_post1(x.srq[0], 0x7900, dst, 128) == 0, "post_srq_recv");
	{
		struct ibv_sge s = {.addr = (uintptr_t)src, .length = 100, .lkey = A.mr->lkey};
		struct ibv_send_wr w = {.wr_id = 0x5d02, .sg_list = &s, .num_sge = 1,
					.opcode = IBV_WR_SEND_WITH_INV, .send_flags = IBV_SEND_SIGNALED,
					.invalidate_rkey = B.mr->rkey}, *bad = NULL;

		w.qp_type.xrc.remote_srqn = x.srqn[0];
		CHECK(ibv_post_send(x.ini, &w, &bad) == 0, "post SEND_WITH_INV");
	}
	CHECK(poll1(x.ca, &wc) == 0, "no SEND_WITH_INV completion");
	CHECK(wc.wr_id == 0x5d02 && wc.status == IBV_WC_REM_INV_REQ_ERR, "SEND_WITH_INV: wr_id 0x%" PRIx64 " %s",
	      wc.wr_id, ibv_wc_status_str(wc.status));
	CHECK(poll1(x.cb, &wc) == 0, "no receive completion");
	CHECK(wc.wr_id == 0x7900 && wc.status == IBV_WC_REM_INV_REQ_ERR && wc.qp_num == x.tgt->qp_num,
	      "receive: wr_id 0x%" PRIx64 " %s", wc.wr_id, ibv_wc_status_str(wc.status));
	CHECK_DATA(dst, 100, 80, "the message of a refused invalidation");
	xrc_down(&x);
	CHECK(ibv_dealloc_mw(mw) == 0, "ibv_dealloc_mw");
	CHECK(ibv_dereg_mr(reg) == 0, "ibv_dereg_mr: %s", strerror(errno));
}

/* XRC rules around the table: an initiator and a target have no receive
 * queue (ibv_post_recv: EINVAL, bad_wr); a WR naming an SRQ that is not an
 * XRC SRQ of the target's domain (an SRQ of another XRC domain) is refused
 * by the target (IBV_WC_REM_INV_REQ_ERR, nothing received); opcodes outside
 * the XRC_SEND column (TSO) are refused (EINVAL, bad_wr); an XRC domain in
 * use cannot be closed (EBUSY). */
static void t_xrc_rules(void)
{
	struct xrc_set x;
	struct ibv_wc wc;
	struct ibv_xrcd_init_attr xa = {.comp_mask = IBV_XRCD_INIT_ATTR_FD | IBV_XRCD_INIT_ATTR_OFLAGS,
					.fd = -1, .oflags = O_CREAT};
	struct ibv_xrcd *other;
	struct ibv_srq *osrq;
	uint32_t on;
	uint8_t *dst = B.buf + 4096 + GUARD;
	struct ibv_sge s = {.addr = (uintptr_t)dst, .length = 16, .lkey = B.mr->lkey};
	struct ibv_recv_wr rw = {.wr_id = 1, .sg_list = &s, .num_sge = 1}, *rbad = NULL;
	struct ibv_send_wr sw = {.wr_id = 2, .opcode = IBV_WR_TSO}, *sbad = NULL;

	CHECK(xrc_up(&x) == 0, "XRC set-up: %s", strerror(errno));
	CHECK(ibv_post_recv(x.ini, &rw, &rbad) == EINVAL && rbad == &rw, "ibv_post_recv on an XRC initiator");
	rbad = NULL;
	CHECK(ibv_post_recv(x.tgt, &rw, &rbad) == EINVAL && rbad == &rw, "ibv_post_recv on an XRC target");
	CHECK(ibv_post_send(x.ini, &sw, &sbad) == EINVAL && sbad == &sw, "TSO on XRC_SEND: not EINVAL");
	CHECK(ibv_close_xrcd(x.xrcd) == EBUSY, "ibv_close_xrcd of a domain in use: not EBUSY");

	other = ibv_open_xrcd(B.ctx, &xa);
	CHECK(other, "ibv_open_xrcd: %s", strerror(errno));
	osrq = xrc_srq_new(other, x.cb);
	CHECK(osrq && ibv_get_srq_num(osrq, &on) == 0, "XRC SRQ of another domain: %s", strerror(errno));
	guard(dst, 64);
	CHECK(srq_post1(osrq, 0x7a00, dst, 64) == 0, "post_srq_recv");
	fill(A.buf + 4096, 64, 90);
	CHECK(xrc_post(&x, 0x5e00, IBV_WR_SEND, A.buf + 4096, 64, on, NULL, 0) == 0, "post SEND");
	CHECK(poll1(x.ca, &wc) == 0, "no send completion");
	CHECK(wc.wr_id == 0x5e00 && wc.status == IBV_WC_REM_INV_REQ_ERR,
	      "SEND to another domain's SRQ: wr_id 0x%" PRIx64 " %s", wc.wr_id, ibv_wc_status_str(wc.status));
	CHECK(cq_empty(x.cb), "a receive completion");
	for (int g = -GUARD; g < 64 + GUARD; g++)
		CHECK(dst[g] == GUARD_BYTE, "the other domain's receive buffer written");
	CHECK(ibv_destroy_srq(osrq) == 0, "ibv_destroy_srq");
	CHECK(ibv_close_xrcd(other) == 0, "ibv_close_xrcd: %s", strerror(errno));
	xrc_down(&x);
}


/* ---- RAW_PACKET ------------------------------------------------------------- */

#define RAW_ETYPE 0x88b5u    /* IEEE 802 local experimental EtherType 1 */
#define RAW_ETYPE2 0x88b6u   /* ... and 2 */

/* A RAW_PACKET QP of d on cq, in RTS (the RAW_PACKET rules of ibv_modify_qp:
 * INIT takes the port, RTR and RTS nothing). tso_hdr > 0: created by
 * ibv_create_qp_ex(3) with IBV_QP_INIT_ATTR_MAX_TSO_HEADER, the largest TSO
 * header template it takes; 0: no TSO (comp_mask PD only, which
 * ibv_create_qp_ex hands to ibv_create_qp). */
static struct ibv_qp *raw_qp(struct dev *d, struct ibv_cq *cq, uint16_t tso_hdr)
{
	struct ibv_qp_init_attr_ex ia = {
		.send_cq = cq, .recv_cq = cq,
		.cap = {.max_send_wr = DEPTH, .max_recv_wr = DEPTH, .max_send_sge = 4, .max_recv_sge = 4,
			.max_inline_data = 64},
		.qp_type = IBV_QPT_RAW_PACKET, .sq_sig_all = 1,
		.comp_mask = IBV_QP_INIT_ATTR_PD | (tso_hdr ? IBV_QP_INIT_ATTR_MAX_TSO_HEADER : 0),
		.pd = d->pd, .max_tso_header = tso_hdr,
	};
	struct ibv_qp *qp = ibv_create_qp_ex(d->ctx, &ia);
	struct ibv_qp_attr a = {.qp_state = IBV_QPS_INIT, .port_num = 1};

	if (!qp)
		return NULL;
	if (ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PORT) == 0) {
		a.qp_state = IBV_QPS_RTR;
		if (ibv_modify_qp(qp, &a, IBV_QP_STATE) == 0) {
			a.qp_state = IBV_QPS_RTS;
			if (ibv_modify_qp(qp, &a, IBV_QP_STATE) == 0)
				return qp;
		}
	}
	ibv_destroy_qp(qp);
	return NULL;
}

/* A flow rule on qp: destination MAC dmac (all bits) and, unless any_type,
 * EtherType etype (ibv_create_flow(3), one IBV_FLOW_SPEC_ETH). */
static struct ibv_flow *raw_flow(struct ibv_qp *qp, const uint8_t dmac[6], uint16_t etype, int any_type)
{
	struct {
		struct ibv_flow_attr attr;
		struct ibv_flow_spec_eth eth;
	} f;   /* the spec follows the attribute (20 bytes): no padding between */

	memset(&f, 0, sizeof(f));
	f.attr.type = IBV_FLOW_ATTR_NORMAL;
	f.attr.size = sizeof(f);
	f.attr.num_of_specs = 1;
	f.attr.port = 1;
	f.eth.type = IBV_FLOW_SPEC_ETH;
	f.eth.size = sizeof(f.eth);
	memcpy(f.eth.val.dst_mac, dmac, 6);
	memset(f.eth.mask.dst_mac, 0xff, 6);
	if (!any_type) {
		f.eth.val.ether_type = htons(etype);
		f.eth.mask.ether_type = 0xffff;
	}
	return ibv_create_flow(qp, &f.attr);
}

struct raw_set {
	struct ibv_cq *ca, *cb;
	struct ibv_qp *qa, *qb;
	uint8_t mac_a[6], mac_b[6];
};

static void raw_down(struct raw_set *r)
{
	if (r->qa)
		ibv_destroy_qp(r->qa);
	if (r->qb)
		ibv_destroy_qp(r->qb);
	if (r->ca)
		ibv_destroy_cq(r->ca);
	if (r->cb)
		ibv_destroy_cq(r->cb);
	memset(r, 0, sizeof(*r));
}

/* Raw QPs on A (qa, taking TSO templates up to tso_hdr bytes; 0: no TSO)
 * and B (qb), each on its own CQ. */
static int raw_up(struct raw_set *r, uint16_t tso_hdr)
{
	memset(r, 0, sizeof(*r));
	rnic_mac_from_ipv4(gid_ipv4(&A.gid), r->mac_a);
	rnic_mac_from_ipv4(gid_ipv4(&B.gid), r->mac_b);
	r->ca = ibv_create_cq(A.ctx, 4 * DEPTH, NULL, NULL, 0);
	r->cb = ibv_create_cq(B.ctx, 4 * DEPTH, NULL, NULL, 0);
	if (!r->ca || !r->cb)
		return -1;
	r->qa = raw_qp(&A, r->ca, tso_hdr);
	r->qb = raw_qp(&B, r->cb, 0);
	return r->qa && r->qb ? 0 : -1;
}

/* An Ethernet frame of len bytes at f: dst, src, EtherType, then pattern
 * bytes of seed. */
static void raw_frame(uint8_t *f, uint32_t len, const uint8_t dst[6], const uint8_t src[6], uint16_t etype,
		      unsigned seed)
{
	fill(f, len, seed);
	memcpy(f, dst, 6);
	memcpy(f + 6, src, 6);
	f[12] = (uint8_t)(etype >> 8);
	f[13] = (uint8_t)etype;
}

/* Sends the frame at f (len bytes; nsge SGEs, or inline; more send_flags
 * sf) on r->qa and checks its send completion. */
static int raw_send(struct raw_set *r, uint64_t id, uint8_t *f, uint32_t len, int nsge, int inl, unsigned sf,
		    enum ibv_wc_status want)
{
	struct ibv_sge sg[2] = {{.addr = (uintptr_t)f, .length = nsge == 2 ? len / 2 : len, .lkey = A.mr->lkey},
				{.addr = (uintptr_t)f + len / 2, .length = len - len / 2, .lkey = A.mr->lkey}};
	struct ibv_send_wr w = {.wr_id = id, .sg_list = sg, .num_sge = nsge, .opcode = IBV_WR_SEND,
				.send_flags = IBV_SEND_SIGNALED | (inl ? IBV_SEND_INLINE : 0) | sf}, *bad = NULL;
	struct ibv_wc wc;

	if (ibv_post_send(r->qa, &w, &bad) || bad)
		return -1;
	if (inl)
		memset(f, 0x5a, len);   /* the inline frame is the device's copy now */
	if (poll1(r->ca, &wc) || wc.wr_id != id || wc.status != want || wc.qp_num != r->qa->qp_num ||
	    (want == IBV_WC_SUCCESS && wc.opcode != IBV_WC_SEND))
		return -1;
	return 0;
}

/* Table cell SEND on RAW_PACKET (ibv_post_send(3)) and ibv_create_flow(3):
 * the SGEs (or the inline data) of a SEND are one whole Ethernet frame, sent
 * as it is; on the peer a flow rule on the destination MAC and EtherType
 * steers it to a RAW_PACKET QP, whose receive gets the frame byte for byte
 * from byte 0 (IBV_WC_RECV, byte_len the frame's length, no GRH). Sizes 14
 * (a bare header) to 4096, one or two SGEs, inline. */
static void t_raw_send(void)
{
	static const uint32_t sizes[] = {14, 60, 61, 1514, 4096};
	struct raw_set r;
	struct ibv_flow *fl;
	struct ibv_wc wc;
	uint8_t *rbuf = B.buf + 512 * 1024 + GUARD;

	CHECK(raw_up(&r, 0) == 0, "RAW_PACKET set-up: %s", strerror(errno));
	fl = raw_flow(r.qb, r.mac_b, RAW_ETYPE, 0);
	CHECK(fl, "ibv_create_flow: %s", strerror(errno));
	for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]) + 2; k++) {
		int inl = k == sizeof(sizes) / sizeof(sizes[0]);          /* 60 bytes inline */
		int two = k == sizeof(sizes) / sizeof(sizes[0]) + 1;      /* 1514 bytes in 2 SGEs */
		uint32_t len = inl ? 60 : two ? 1514 : sizes[k];
		uint8_t *f = A.buf + 4096 + 3 * k;
		uint8_t want[4096];

		raw_frame(f, len, r.mac_b, r.mac_a, RAW_ETYPE, 100 + k);
		memcpy(want, f, len);
		guard(rbuf, len);
		CHECK(post_recv1(r.qb, 0x7b00 + k, rbuf, len + 5, B.mr->lkey) == 0, "post_recv");
		CHECK(raw_send(&r, 0x5f00 + k, f, len, two ? 2 : 1, inl, 0, IBV_WC_SUCCESS) == 0,
		      "send of a %u-byte frame", len);
		CHECK(poll1(r.cb, &wc) == 0, "no receive completion (%u-byte frame)", len);
		CHECK_WC(wc, 0x7b00 + k, IBV_WC_SUCCESS, IBV_WC_RECV, (int)len, 0, 0, r.qb->qp_num);
		CHECK(wc.src_qp == 0, "src_qp %u of a raw frame", wc.src_qp);
		CHECK(memcmp(rbuf, want, len) == 0, "the %u-byte frame received differs from the one sent", len);
		for (int g = 1; g <= GUARD; g++)
			CHECK(rbuf[-g] == GUARD_BYTE && rbuf[len + (unsigned)g - 1] == GUARD_BYTE,
			      "written outside the receive buffer (%u-byte frame)", len);
	}
	CHECK(cq_empty(r.ca) && cq_empty(r.cb), "a completion too many");
	CHECK(ibv_destroy_flow(fl) == 0, "ibv_destroy_flow");
	raw_down(&r);
}

/* ibv_create_flow(3) rules: a frame no rule matches (another EtherType,
 * another destination MAC) is not received; the lowest rule that matches
 * takes a frame (a second rule for any EtherType catches what the first
 * does not); RoCEv2 traffic to the port is never steered to a RAW_PACKET QP
 * (an RC SEND goes through while a rule matches the port's MAC and every
 * EtherType); once a rule is destroyed its frames are not received; a frame
 * outside 14..4096 bytes completes with IBV_WC_LOC_LEN_ERR. */
static void t_raw_flow(void)
{
	struct raw_set r;
	struct ibv_flow *f1, *f2;
	struct ibv_wc wc;
	struct pair p;
	uint8_t *rbuf = B.buf + 512 * 1024 + GUARD, *f = A.buf + 4096;

	CHECK(raw_up(&r, 0) == 0, "RAW_PACKET set-up: %s", strerror(errno));
	f1 = raw_flow(r.qb, r.mac_b, RAW_ETYPE, 0);
	CHECK(f1, "ibv_create_flow: %s", strerror(errno));
	guard(rbuf, 128);
	CHECK(post_recv1(r.qb, 0x7c00, rbuf, 128, B.mr->lkey) == 0, "post_recv");
	raw_frame(f, 100, r.mac_b, r.mac_a, RAW_ETYPE2, 120);
	CHECK(raw_send(&r, 0x6000, f, 100, 1, 0, 0, IBV_WC_SUCCESS) == 0, "send");
	raw_frame(f, 100, r.mac_a, r.mac_a, RAW_ETYPE, 121);
	CHECK(raw_send(&r, 0x6001, f, 100, 1, 0, 0, IBV_WC_SUCCESS) == 0, "send");
	CHECK(cq_empty(r.cb), "a frame no rule matches was received");
	for (int g = -GUARD; g < 128 + GUARD; g++)
		CHECK(rbuf[g] == GUARD_BYTE, "a frame no rule matches was written");

	/* a second rule, any EtherType: it takes the 0x88b6 frame */
	f2 = raw_flow(r.qb, r.mac_b, 0, 1);
	CHECK(f2, "ibv_create_flow (any EtherType): %s", strerror(errno));
	raw_frame(f, 100, r.mac_b, r.mac_a, RAW_ETYPE2, 122);
	CHECK(raw_send(&r, 0x6002, f, 100, 1, 0, 0, IBV_WC_SUCCESS) == 0, "send");
	CHECK(poll1(r.cb, &wc) == 0, "the frame of the second rule not received");
	CHECK_WC(wc, 0x7c00, IBV_WC_SUCCESS, IBV_WC_RECV, 100, 0, 0, r.qb->qp_num);
	CHECK(memcmp(rbuf, f, 100) == 0, "the frame of the second rule differs");

	/* RoCEv2 to the port still goes to the RC QP, not the raw one */
	CHECK(post_recv1(r.qb, 0x7c01, rbuf, 128, B.mr->lkey) == 0, "post_recv");
	CHECK(pair_up(&p, IBV_QPT_RC, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
	fill(A.buf + 8192, 64, 123);
	guard(B.buf + 8192 + GUARD, 64);
	CHECK(post_recv1(p.qb, 0x7c02, B.buf + 8192 + GUARD, 64, B.mr->lkey) == 0, "post_recv");
	CHECK(post_send1(p.qa, 0x6003, IBV_WR_SEND, A.buf + 8192, 64, A.mr->lkey, IBV_SEND_SIGNALED) == 0,
	      "RC post_send");
	CHECK(poll1(p.ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS, "RC SEND with a raw rule installed: %s",
	      ibv_wc_status_str(wc.status));
	CHECK(poll1(p.cb, &wc) == 0 && wc.wr_id == 0x7c02 && wc.status == IBV_WC_SUCCESS, "RC receive");
	CHECK_DATA(B.buf + 8192 + GUARD, 64, 123, "RC payload with a raw rule installed");
	CHECK(cq_empty(r.cb), "a RoCEv2 frame was steered to the RAW_PACKET QP");
	pair_down(&p);

	/* rules destroyed: their frames are no longer received */
	CHECK(ibv_destroy_flow(f1) == 0 && ibv_destroy_flow(f2) == 0, "ibv_destroy_flow");
	raw_frame(f, 100, r.mac_b, r.mac_a, RAW_ETYPE, 124);
	CHECK(raw_send(&r, 0x6004, f, 100, 1, 0, 0, IBV_WC_SUCCESS) == 0, "send");
	CHECK(cq_empty(r.cb), "a frame of a destroyed rule was received");

	/* too short a frame */
	CHECK(raw_send(&r, 0x6005, f, 13, 1, 0, 0, IBV_WC_LOC_LEN_ERR) == 0, "a 13-byte frame: not LOC_LEN_ERR");
	raw_down(&r);
}

/* Table column RAW_PACKET: opcodes other than SEND and TSO refused
 * (SEND_WITH_IMM, RDMA WRITE, READ, atomics, LOCAL_INV, BIND_MW,
 * SEND_WITH_INV): EINVAL, bad_wr. (TSO WRs the QP cannot take:
 * t_raw_tso_invalid.) */
static void t_raw_refused(void)
{
	static const enum ibv_wr_opcode ops[] = {IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE, IBV_WR_RDMA_WRITE_WITH_IMM,
						 IBV_WR_RDMA_READ, IBV_WR_ATOMIC_CMP_AND_SWP,
						 IBV_WR_ATOMIC_FETCH_AND_ADD, IBV_WR_LOCAL_INV, IBV_WR_BIND_MW,
						 IBV_WR_SEND_WITH_INV};
	struct raw_set r;

	CHECK(raw_up(&r, 0) == 0, "RAW_PACKET set-up: %s", strerror(errno));
	for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 64, .lkey = A.mr->lkey};
		struct ibv_send_wr w = {.wr_id = 1, .sg_list = &s, .num_sge = 1, .opcode = ops[i]}, *bad = NULL;

		CHECK(ibv_post_send(r.qa, &w, &bad) == EINVAL && bad == &w, "opcode %d on RAW_PACKET: not refused",
		      ops[i]);
	}
	CHECK(cq_empty(r.ca), "a refused WR completed");
	raw_down(&r);
}

/* ---- RAW_PACKET offloads: TSO and checksums ---------------------------------- */

#define ETYPE_IPV4 0x0800u
#define ETYPE_VLAN 0x8100u     /* IEEE 802.1Q tag protocol identifier */
#define ETYPE_IPV6 0x86ddu
#define PORT_SRC 49152u        /* first dynamic port (RFC 6335) */
#define PORT_DST 9u            /* discard (RFC 863): far from RoCEv2's UDP 4791 */
#define TCP_CWR 0x80u
#define TCP_ECE 0x40u
#define TCP_ACK 0x10u
#define TCP_PSH 0x08u
#define TCP_FIN 0x01u
#define IP_DF 0x4000u          /* IPv4 don't fragment */
#define IP_MF 0x2000u          /* IPv4 more fragments */
#define TSO_HDR_MAX 128u       /* the largest max_tso_header the device takes */
#define TSO_MAX 262144u        /* tso_caps.max_tso */
#define RAW_FRAME_MAX 4096u    /* the largest raw frame sent or received */
#define SPOIL 0x5aa5u          /* XORed into checksum fields the device must rewrite */

static void wr16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void wr32(uint8_t *p, uint32_t v)
{
	wr16(p, v >> 16);
	wr16(p + 2, v);
}

static uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* RFC 1071: the 16-bit big-endian words of p[0..n) added to the sum s (an
 * odd last byte is the high byte of a word whose low byte is 0). The sum
 * keeps its carries above bit 15 until csum_fold. */
static uint32_t csum_add(uint32_t s, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i + 1 < n; i += 2)
		s += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		s += (uint32_t)p[n - 1] << 8;
	return s;
}

/* The checksum of a sum: its carries added back in (one's complement),
 * then the complement of the 16 bits. */
static uint16_t csum_fold(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xffffu) + (s >> 16);
	return (uint16_t)~s;
}

/* The TCP (RFC 793) or UDP (RFC 768) checksum of the IPv4 packet whose
 * header (ihl bytes) is at ip and whose segment has l4len bytes: over the
 * pseudo-header (source, destination, zero, protocol, l4len) and the
 * segment without its checksum field (2 bytes at segment byte at, even). */
static uint16_t l4_csum(const uint8_t *ip, unsigned ihl, unsigned l4len, unsigned at)
{
	uint8_t ph[12];
	uint32_t s;

	memcpy(ph, ip + 12, 8);
	ph[8] = 0;
	ph[9] = ip[9];
	wr16(ph + 10, l4len);
	s = csum_add(0, ph, sizeof(ph));
	s = csum_add(s, ip + ihl, at);
	return csum_fold(csum_add(s, ip + ihl + at + 2, l4len - at - 2));
}

/* An IPv4 frame from A's MAC and address to B's (ip4_build). */
struct ip4f {
	uint16_t vlan;   /* 802.1Q TCI; 0: untagged */
	uint8_t ihl;     /* IPv4 header words (5..15); options: Router Alert (RFC 2113), then NOPs */
	uint8_t proto;   /* IPPROTO_TCP, IPPROTO_UDP, or another (no transport header then) */
	uint8_t doff;    /* TCP header words (5..15); options: NOPs, with timestamps (RFC 7323) from 8 on */
	uint8_t flags;   /* TCP flags */
	uint16_t frag;   /* IPv4 flags and fragment offset */
	uint16_t id;     /* IPv4 identification */
	uint32_t seq;    /* TCP sequence number */
};

static unsigned ip4_l3off(const struct ip4f *s)
{
	return s->vlan ? 18 : 14;
}

static unsigned ip4_l4hdr(const struct ip4f *s)
{
	return s->proto == IPPROTO_TCP ? 4u * s->doff : s->proto == IPPROTO_UDP ? 8 : 0;
}

/* Writes at f the frame of s that carries the n payload bytes at pl, with
 * both checksums right (IPv4 header, RFC 791; TCP or UDP, l4_csum, a UDP
 * sum of 0 sent as 0xFFFF); returns its length. */
static uint32_t ip4_build(uint8_t *f, const struct raw_set *r, const struct ip4f *s, const uint8_t *pl,
			  uint32_t n)
{
	unsigned l3 = ip4_l3off(s), ihl = 4u * s->ihl, l4 = ip4_l4hdr(s);
	uint8_t *ip = f + l3, *seg = ip + ihl;

	memcpy(f, r->mac_b, 6);
	memcpy(f + 6, r->mac_a, 6);
	if (s->vlan) {
		wr16(f + 12, ETYPE_VLAN);
		wr16(f + 14, s->vlan);
	}
	wr16(f + l3 - 2, ETYPE_IPV4);
	ip[0] = (uint8_t)(0x40u | s->ihl);
	ip[1] = 0;
	wr16(ip + 2, ihl + l4 + n);
	wr16(ip + 4, s->id);
	wr16(ip + 6, s->frag);
	ip[8] = 64;
	ip[9] = s->proto;
	wr16(ip + 10, 0);
	wr32(ip + 12, gid_ipv4(&A.gid));
	wr32(ip + 16, gid_ipv4(&B.gid));
	if (ihl > 20) {
		memset(ip + 20, 0x01, ihl - 20);
		memcpy(ip + 20, "\x94\x04\x00\x00", 4);
	}
	wr16(ip + 10, csum_fold(csum_add(0, ip, ihl)));
	if (n)
		memcpy(seg + l4, pl, n);
	if (s->proto == IPPROTO_TCP) {
		wr16(seg, PORT_SRC);
		wr16(seg + 2, PORT_DST);
		wr32(seg + 4, s->seq);
		wr32(seg + 8, 0x5a5a0001u);   /* acknowledgment number */
		seg[12] = (uint8_t)(s->doff << 4);
		seg[13] = s->flags;
		wr16(seg + 14, 0xfaf0);       /* window */
		wr32(seg + 16, 0);            /* checksum, urgent pointer */
		if (l4 > 20)
			memset(seg + 20, 0x01, l4 - 20);
		if (l4 >= 32)
			memcpy(seg + 22, "\x08\x0a\x00\x01\xe2\x40\x7f\xff\x00\x01", 10);
		wr16(seg + 16, l4_csum(ip, ihl, l4 + n, 16));
	} else if (s->proto == IPPROTO_UDP) {
		uint16_t c;

		wr16(seg, PORT_SRC);
		wr16(seg + 2, PORT_DST);
		wr16(seg + 4, 8 + n);
		c = l4_csum(ip, ihl, 8 + n, 6);
		wr16(seg + 6, c ? c : 0xffffu);
	}
	return l3 + ihl + l4 + n;
}

/* Checksum fields of the frame of s at f made wrong (XOR SPOIL), so that a
 * device that does not write them is caught: the IPv4 header's if ip, the
 * TCP/UDP one if l4. */
static void ip4_spoil(uint8_t *f, const struct ip4f *s, int ip4, int l4)
{
	uint8_t *ip = f + ip4_l3off(s), *seg = ip + 4u * s->ihl;

	if (ip4)
		wr16(ip + 10, rd16(ip + 10) ^ SPOIL);
	if (l4 && s->proto == IPPROTO_TCP)
		wr16(seg + 16, rd16(seg + 16) ^ SPOIL);
	else if (l4 && s->proto == IPPROTO_UDP)
		wr16(seg + 6, rd16(seg + 6) ^ SPOIL);
}

/* Raw receive buffer k (0..DEPTH-1) on B, RAW_FRAME_MAX bytes, guards
 * around. */
static uint8_t *raw_rbuf(unsigned k)
{
	return B.buf + 512 * 1024 + (size_t)k * 8192 + GUARD;
}

/* The frame in raw_rbuf(k) is the len bytes at want and nothing just
 * outside the buffer was written; else why says where it is not. */
static int frame_ok(unsigned k, const uint8_t *want, uint32_t len, char *why, size_t whylen)
{
	const uint8_t *got = raw_rbuf(k);

	for (uint32_t i = 0; i < len; i++)
		if (got[i] != want[i]) {
			snprintf(why, whylen, "byte %u of %u is 0x%02x, expected 0x%02x", i, len, got[i], want[i]);
			return -1;
		}
	for (int g = 1; g <= GUARD; g++)
		if (got[-g] != GUARD_BYTE || got[len + (unsigned)g - 1] != GUARD_BYTE) {
			snprintf(why, whylen, "written outside the %u-byte frame", len);
			return -1;
		}
	return 0;
}

/* ibv_query_device_ex(3), ibv_create_qp_ex(3): both devices report TSO
 * (tso_caps: max_tso 262144 payload bytes, supported_qpts RAW_PACKET only)
 * and checksum offload on RAW_PACKET QPs (raw_packet_caps
 * IBV_RAW_PACKET_CAP_IP_CSUM; device_cap_flags IBV_DEVICE_RAW_IP_CSUM, not
 * IBV_DEVICE_UD_IP_CSUM; ibv_query_device agrees). A RAW_PACKET QP takes
 * max_tso_header up to 128; 129 fails with EINVAL. */
static void t_raw_offload_caps(void)
{
	struct dev *ds[2] = {&A, &B};
	struct ibv_cq *cq;

	for (int i = 0; i < 2; i++) {
		struct ibv_device_attr_ex x;
		uint64_t fl;

		memset(&x, 0, sizeof(x));
		CHECK(ibv_query_device_ex(ds[i]->ctx, NULL, &x) == 0, "ibv_query_device_ex on %c", 'A' + i);
		fl = x.orig_attr.device_cap_flags;
		CHECK(x.tso_caps.max_tso == TSO_MAX, "%c: tso_caps.max_tso %u, expected %u", 'A' + i,
		      x.tso_caps.max_tso, TSO_MAX);
		CHECK(x.tso_caps.supported_qpts == 1u << IBV_QPT_RAW_PACKET,
		      "%c: tso_caps.supported_qpts 0x%x, expected 0x%x (RAW_PACKET)", 'A' + i,
		      x.tso_caps.supported_qpts, 1u << IBV_QPT_RAW_PACKET);
		CHECK(x.raw_packet_caps & IBV_RAW_PACKET_CAP_IP_CSUM, "%c: raw_packet_caps 0x%x without IP_CSUM",
		      'A' + i, x.raw_packet_caps);
		CHECK((fl & IBV_DEVICE_RAW_IP_CSUM) && !(fl & IBV_DEVICE_UD_IP_CSUM),
		      "%c: device_cap_flags 0x%" PRIx64 ": want RAW_IP_CSUM and not UD_IP_CSUM", 'A' + i, fl);
		CHECK(fl == ds[i]->attr.device_cap_flags && x.orig_attr.max_qp == ds[i]->attr.max_qp &&
			      x.orig_attr.max_sge == ds[i]->attr.max_sge &&
			      x.orig_attr.max_qp_wr == ds[i]->attr.max_qp_wr,
		      "%c: orig_attr differs from ibv_query_device (device_cap_flags 0x%" PRIx64 " / 0x%x)",
		      'A' + i, fl, ds[i]->attr.device_cap_flags);
	}
	cq = ibv_create_cq(A.ctx, 16, NULL, NULL, 0);
	CHECK(cq, "ibv_create_cq");
	for (unsigned h = TSO_HDR_MAX; h <= TSO_HDR_MAX + 1; h++) {
		struct ibv_qp_init_attr_ex ia = {
			.send_cq = cq, .recv_cq = cq,
			.cap = {.max_send_wr = 8, .max_recv_wr = 8, .max_send_sge = 1, .max_recv_sge = 1},
			.qp_type = IBV_QPT_RAW_PACKET, .sq_sig_all = 1,
			.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_MAX_TSO_HEADER,
			.pd = A.pd, .max_tso_header = (uint16_t)h,
		};
		struct ibv_qp *qp;

		errno = 0;
		qp = ibv_create_qp_ex(A.ctx, &ia);
		if (h == TSO_HDR_MAX) {
			CHECK(qp, "ibv_create_qp_ex, max_tso_header %u: %s", h, strerror(errno));
			CHECK(ibv_destroy_qp(qp) == 0, "ibv_destroy_qp");
		} else {
			if (qp)
				ibv_destroy_qp(qp);
			CHECK(!qp && errno == EINVAL, "ibv_create_qp_ex, max_tso_header %u: %s, expected EINVAL", h,
			      qp ? "created" : strerror(errno));
		}
	}
	CHECK(ibv_destroy_cq(cq) == 0, "ibv_destroy_cq");
}

/* IBV_SEND_IP_CSUM "Valid only when device_cap_flags in device_attr
 * indicates current QP is supported by checksum offload": the device
 * reports IBV_DEVICE_RAW_IP_CSUM but not IBV_DEVICE_UD_IP_CSUM, so the flag
 * is refused on UD and RC QPs (EINVAL, bad_wr, nothing completes). On
 * RAW_PACKET: t_raw_ip_csum. */
static void t_ip_csum(void)
{
	struct pair p;
	struct ud_pair u;
	struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 8, .lkey = A.mr->lkey};
	struct ibv_send_wr w = {.wr_id = 1, .sg_list = &s, .num_sge = 1, .opcode = IBV_WR_SEND,
				.send_flags = IBV_SEND_SIGNALED | IBV_SEND_IP_CSUM}, *bad = NULL;
	int rc;

	CHECK(!(A.attr.device_cap_flags & IBV_DEVICE_UD_IP_CSUM) &&
		      (A.attr.device_cap_flags & IBV_DEVICE_RAW_IP_CSUM),
	      "device_cap_flags 0x%x: want RAW_IP_CSUM and not UD_IP_CSUM", A.attr.device_cap_flags);
	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
	rc = ibv_post_send(p.qa, &w, &bad);
	CHECK(rc == EINVAL && bad == &w, "IP_CSUM on RC: %d (%s), bad_wr %s", rc, strerror(rc),
	      bad == &w ? "the WR" : "not the WR");
	CHECK(cq_empty(p.ca), "a refused WR completed (RC)");
	pair_down(&p);
	CHECK(ud_up(&u) == 0, "UD set-up: %s", strerror(errno));
	w.wr.ud.ah = u.ah;
	w.wr.ud.remote_qpn = u.qb->qp_num;
	w.wr.ud.remote_qkey = UD_QKEY;
	bad = NULL;
	rc = ibv_post_send(u.qa, &w, &bad);
	CHECK(rc == EINVAL && bad == &w, "IP_CSUM on UD: %d (%s), bad_wr %s", rc, strerror(rc),
	      bad == &w ? "the WR" : "not the WR");
	CHECK(cq_empty(u.ca), "a refused WR completed (UD)");
	ud_down(&u);
}

/* The flow rules of the offload clauses on r->qb: B's MAC with EtherType
 * IPv4, 802.1Q (the raw receive path matches frame bytes 12..13, the TPID
 * of a tagged frame) and RAW_ETYPE. */
static int offload_flows(struct raw_set *r, struct ibv_flow *fl[3])
{
	fl[0] = raw_flow(r->qb, r->mac_b, ETYPE_IPV4, 0);
	fl[1] = raw_flow(r->qb, r->mac_b, ETYPE_VLAN, 0);
	fl[2] = raw_flow(r->qb, r->mac_b, RAW_ETYPE, 0);
	return fl[0] && fl[1] && fl[2] ? 0 : -1;
}

static int offload_flows_down(struct ibv_flow *fl[3])
{
	int rc = 0;

	for (int i = 0; i < 3; i++)
		if (fl[i] && ibv_destroy_flow(fl[i]))
			rc = -1;
	return rc;
}

/* One TSO WR of t_raw_tso. */
struct tso_case {
	const char *what;
	struct ip4f t;      /* the header template (proto TCP) */
	uint16_t tot;       /* IPv4 total length written in the template (the device replaces it) */
	uint16_t mss;
	uint32_t sge[3];    /* payload SGE lengths, 0: none */
	int join;           /* the next case goes out with this one: 1 in one WR list, 2 by a second post */
};

/* Table cell TSO on RAW_PACKET (ibv_post_send(3): wr.tso.hdr, hdr_sz, mss;
 * the SGEs are the payload): the device sends ceil(L / mss) TCP segments of
 * the template, segment i carrying payload bytes [i*mss, i*mss + c_i) with
 * the IPv4 total length of its size, IPv4 identification + i, IPv4 header
 * checksum, TCP sequence number + i*mss (both wrapping), CWR on the first
 * segment only, PSH and FIN on the last only, and the TCP checksum over
 * pseudo-header, header and payload; every other byte of the template as it
 * is, no padding. The template's checksum fields hold wrong values. One
 * IBV_WC_TSO completion per WR; two WRs (one list, or two posts) go out in
 * order. Each segment is received whole through a flow rule on B and
 * compared byte for byte with a frame built here from scratch. */
static void t_raw_tso(void)
{
	static const struct tso_case cs[] = {
		{"L 5000, mss 1448", {0, 5, IPPROTO_TCP, 5, TCP_ACK, IP_DF, 0x1000, 1000000}, 5054, 1448,
		 {5000, 0, 0}, 0},
		{"3 SGEs at odd addresses; IPv4 ID and TCP sequence wrap", {0, 5, IPPROTO_TCP, 5, TCP_ACK, IP_DF,
		 0xfffe, 0xfffffc00u}, 0, 1000, {777, 1001, 2345}, 0},
		{"TCP timestamps (doff 8), CWR|ECE|ACK|PSH|FIN", {0, 5, IPPROTO_TCP, 8,
		 TCP_CWR | TCP_ECE | TCP_ACK | TCP_PSH | TCP_FIN, IP_DF, 7, 0x12345678u}, 0xffff, 1000,
		 {3000, 0, 0}, 0},
		{"802.1Q tag", {0x2064, 5, IPPROTO_TCP, 5, TCP_ACK | TCP_PSH, 0, 0x4242, 77}, 0, 1400,
		 {2900, 0, 0}, 0},
		{"one segment (L < mss), CWR|ACK|PSH|FIN kept", {0, 5, IPPROTO_TCP, 5,
		 TCP_CWR | TCP_ACK | TCP_PSH | TCP_FIN, IP_DF, 0xffff, 0xffffffffu}, 0, 1448, {700, 0, 0}, 2},
		{"mss 8, right after the previous WR", {0, 5, IPPROTO_TCP, 5, TCP_CWR | TCP_ACK | TCP_PSH | TCP_FIN,
		 IP_DF, 300, 0xfffffff0u}, 0, 8, {45, 0, 0}, 0},
		{"hdr_sz + mss = 4096, the payload's second SGE across segments", {0, 5, IPPROTO_TCP, 5, TCP_ACK,
		 IP_DF, 9, 5}, 0, 4042, {4042, 4043, 0}, 0},
		{"802.1Q tag and doff 15, 12 segments", {0x0005, 5, IPPROTO_TCP, 15, TCP_ACK | TCP_PSH, IP_DF,
		 0xfff8, 0x7ffffff0u}, 0, 536, {3000, 2996, 0}, 1},
		{"in one list with the previous WR", {0, 5, IPPROTO_TCP, 5, TCP_ACK | TCP_PSH | TCP_FIN, IP_DF,
		 0x8000, 0x80000000u}, 0, 1200, {2500, 0, 0}, 0},
	};
	enum { NC = sizeof(cs) / sizeof(cs[0]) };
	static uint8_t pay[NC][8192];          /* each case's payload, contiguous */
	static uint8_t tmpl[NC][TSO_HDR_MAX];
	uint16_t hsz[NC];
	struct raw_set r;
	struct ibv_flow *fl[3] = {NULL, NULL, NULL};
	struct ibv_wc wc;
	uint8_t want[RAW_FRAME_MAX];
	char why[160];

	CHECK(raw_up(&r, TSO_HDR_MAX) == 0, "RAW_PACKET set-up (max_tso_header %u): %s", TSO_HDR_MAX,
	      strerror(errno));
	CHECK(offload_flows(&r, fl) == 0, "ibv_create_flow: %s", strerror(errno));
	for (unsigned k = 0; k < NC;) {
		struct ibv_sge sg[2][3];
		struct ibv_send_wr w[2], *bad;
		unsigned m = cs[k].join ? 2 : 1, slot = 0;

		/* templates and payloads of the batch; receive WQEs for every segment */
		memset(w, 0, sizeof(w));
		for (unsigned j = 0; j < m; j++) {
			const struct tso_case *c = &cs[k + j];
			uint8_t *base = A.buf + 65536 + (size_t)(k + j) * 20480 + 1;   /* odd */
			uint32_t len = c->sge[0] + c->sge[1] + c->sge[2], n = (len + c->mss - 1) / c->mss;

			CHECK(len <= sizeof(pay[0]) && slot + n <= DEPTH, "test: case %s too large", c->what);
			/* the template: checksums wrong, total length c->tot */
			hsz[k + j] = (uint16_t)ip4_build(tmpl[k + j], &r, &c->t, NULL, 0);
			wr16(tmpl[k + j] + ip4_l3off(&c->t) + 2, c->tot);
			ip4_spoil(tmpl[k + j], &c->t, 1, 1);
			/* the payload: SGEs at odd addresses, other bytes between them */
			fill(base - 1, 20480, 150 + k + j);
			len = 0;
			for (unsigned e = 0; e < 3 && c->sge[e]; e++) {
				fill(base, c->sge[e], 160 + 4 * (k + j) + e);
				memcpy(pay[k + j] + len, base, c->sge[e]);
				sg[j][e] = (struct ibv_sge){.addr = (uintptr_t)base, .length = c->sge[e],
							    .lkey = A.mr->lkey};
				len += c->sge[e];
				w[j].num_sge = (int)e + 1;
				base += c->sge[e] + 2 * e + 3;
			}
			for (unsigned i = 0; i < n; i++, slot++) {
				guard(raw_rbuf(slot), RAW_FRAME_MAX);
				CHECK(post_recv1(r.qb, 0x7d00 + slot, raw_rbuf(slot), RAW_FRAME_MAX, B.mr->lkey) == 0,
				      "post_recv %u", slot);
			}
			w[j].wr_id = 0x6100 + k + j;
			w[j].sg_list = sg[j];
			w[j].opcode = IBV_WR_TSO;
			w[j].send_flags = IBV_SEND_SIGNALED;
			w[j].tso.hdr = tmpl[k + j];
			w[j].tso.hdr_sz = hsz[k + j];
			w[j].tso.mss = c->mss;
		}

		/* post: one WR, two in one list, or two posts back to back */
		if (m == 2 && cs[k].join == 1)
			w[0].next = &w[1];
		for (unsigned j = 0; j < m; j += w[j].next ? 2 : 1) {
			bad = NULL;
			CHECK(ibv_post_send(r.qa, &w[j], &bad) == 0 && !bad, "case %s: ibv_post_send: %s",
			      cs[k + j].what, strerror(errno));
		}
		for (unsigned j = 0; j < m; j++) {
			CHECK(poll1(r.ca, &wc) == 0, "case %s: no send completion", cs[k + j].what);
			CHECK_WC(wc, 0x6100 + k + j, IBV_WC_SUCCESS, IBV_WC_TSO, -1, 0, 0, r.qa->qp_num);
		}

		/* the segments, in order, each against a frame built from scratch */
		slot = 0;
		for (unsigned j = 0; j < m; j++) {
			const struct tso_case *c = &cs[k + j];
			uint32_t len = c->sge[0] + c->sge[1] + c->sge[2], n = (len + c->mss - 1) / c->mss;

			for (unsigned i = 0; i < n; i++, slot++) {
				struct ip4f s = c->t;
				uint32_t ci = i + 1 < n ? c->mss : len - i * c->mss, fl_len;

				s.id = (uint16_t)(c->t.id + i);
				s.seq = c->t.seq + i * c->mss;
				if (i > 0)
					s.flags &= (uint8_t)~TCP_CWR;
				if (i + 1 < n)
					s.flags &= (uint8_t)~(TCP_PSH | TCP_FIN);
				fl_len = ip4_build(want, &r, &s, pay[k + j] + i * c->mss, ci);
				CHECK(fl_len == hsz[k + j] + ci, "test: segment length %u", fl_len);
				CHECK(poll1(r.cb, &wc) == 0, "case %s: segment %u of %u not received", c->what, i, n);
				CHECK_WC(wc, 0x7d00 + slot, IBV_WC_SUCCESS, IBV_WC_RECV, (int)fl_len, 0, 0,
					 r.qb->qp_num);
				CHECK(wc.src_qp == 0, "src_qp %u of a raw frame", wc.src_qp);
				CHECK(frame_ok(slot, want, fl_len, why, sizeof(why)) == 0,
				      "case %s, segment %u of %u: %s", c->what, i, n, why);
			}
		}
		k += m;
	}
	CHECK(cq_empty(r.ca) && cq_empty(r.cb), "a completion too many (a segment too many?)");
	CHECK(offload_flows_down(fl) == 0, "ibv_destroy_flow");
	raw_down(&r);
}

/* A TSO WR the device cannot take is refused by ibv_post_send(3) with
 * EINVAL and bad_wr, and nothing of it completes: TSO on RC and UD QPs
 * (tso_caps.supported_qpts names RAW_PACKET only), on a RAW_PACKET QP
 * created without max_tso_header or with a smaller one than hdr_sz; mss 0;
 * hdr_sz + mss over 4096 (the largest frame); IBV_SEND_INLINE; a payload
 * of 0 bytes or over tso_caps.max_tso (262144, also summed over SGEs); a
 * template that is not Ethernet (optionally one 802.1Q tag) / IPv4 / TCP,
 * or a hdr_sz other than the end of its TCP header. In a list, the WRs
 * before the refused one go out. The limits themselves are taken: hdr_sz
 * equal to max_tso_header, hdr_sz + mss = 4096, 262144 bytes of payload
 * (frames to a MAC with no flow rule). */
static void t_raw_tso_invalid(void)
{
	struct raw_set r;
	struct pair p;
	struct ud_pair u;
	struct ibv_qp *q0, *q66;
	struct ibv_wc wc;
	const struct ip4f t5 = {0, 5, IPPROTO_TCP, 5, TCP_ACK, IP_DF, 1, 1};
	const struct ip4f t8 = {0, 5, IPPROTO_TCP, 8, TCP_ACK, IP_DF, 1, 1};
	const struct ip4f t9 = {0, 5, IPPROTO_TCP, 9, TCP_ACK, IP_DF, 1, 1};
	const struct ip4f tv = {0x0064, 5, IPPROTO_TCP, 5, TCP_ACK, IP_DF, 1, 1};
	uint8_t h54[TSO_HDR_MAX], h66[TSO_HDR_MAX], h70[TSO_HDR_MAX], h6[TSO_HDR_MAX], hv6[TSO_HDR_MAX],
		hudp[TSO_HDR_MAX], hver[TSO_HDR_MAX];
	uint8_t *pl = A.buf + 65536;
	int rc;

	CHECK(raw_up(&r, TSO_HDR_MAX) == 0, "RAW_PACKET set-up: %s", strerror(errno));
	q0 = raw_qp(&A, r.ca, 0);
	q66 = raw_qp(&A, r.ca, 66);
	CHECK(q0 && q66, "RAW_PACKET QPs with max_tso_header 0 and 66: %s", strerror(errno));
	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "RC set-up: %s", strerror(errno));
	CHECK(ud_up(&u) == 0, "UD set-up: %s", strerror(errno));

	memset(h54, 0, sizeof(h54));
	CHECK(ip4_build(h54, &r, &t5, NULL, 0) == 54, "test: template of 54 bytes");
	CHECK(ip4_build(h66, &r, &t8, NULL, 0) == 66, "test: template of 66 bytes");
	CHECK(ip4_build(h70, &r, &t9, NULL, 0) == 70, "test: template of 70 bytes");
	CHECK(ip4_build(hv6, &r, &tv, NULL, 0) == 58, "test: template of 58 bytes");
	memcpy(h6, h54, sizeof(h6));
	wr16(h6 + 12, ETYPE_IPV6);            /* EtherType IPv6 */
	wr16(hv6 + 16, ETYPE_IPV6);           /* 802.1Q, then IPv6 */
	memcpy(hudp, h54, sizeof(hudp));
	hudp[14 + 9] = IPPROTO_UDP;           /* IPv4, protocol UDP */
	memcpy(hver, h54, sizeof(hver));
	hver[14] = 0x65;                      /* EtherType IPv4, version 6 */
	fill(pl, TSO_MAX + 1, 170);

	{
		const struct {
			const char *what;
			struct ibv_qp *qp;
			const uint8_t *hdr;
			uint16_t hdr_sz, mss;
			int nsge;
			uint32_t len[2];      /* SGE lengths, back to back from pl */
			unsigned flags;
		} bad[] = {
			{"TSO on RC", p.qa, h54, 54, 1000, 1, {3000, 0}, 0},
			{"TSO on UD", u.qa, h54, 54, 1000, 1, {3000, 0}, 0},
			{"a RAW_PACKET QP without max_tso_header", q0, h54, 54, 1000, 1, {3000, 0}, 0},
			{"hdr_sz 70 over max_tso_header 66", q66, h70, 70, 1000, 1, {3000, 0}, 0},
			{"mss 0", r.qa, h54, 54, 0, 1, {3000, 0}, 0},
			{"hdr_sz 54 + mss 4043 = 4097", r.qa, h54, 54, 4043, 1, {8000, 0}, 0},
			{"IBV_SEND_INLINE", r.qa, h54, 54, 16, 1, {60, 0}, IBV_SEND_INLINE},
			{"no SGE (payload 0)", r.qa, h54, 54, 1000, 0, {0, 0}, 0},
			{"one SGE of 0 bytes", r.qa, h54, 54, 1000, 1, {0, 0}, 0},
			{"payload 262145", r.qa, h54, 54, 4000, 1, {TSO_MAX + 1, 0}, 0},
			{"payload 131072 + 131073", r.qa, h54, 54, 4000, 2, {TSO_MAX / 2, TSO_MAX / 2 + 1}, 0},
			{"EtherType IPv6", r.qa, h6, 54, 1000, 1, {3000, 0}, 0},
			{"802.1Q, then IPv6", r.qa, hv6, 58, 1000, 1, {3000, 0}, 0},
			{"IPv4 protocol UDP", r.qa, hudp, 54, 1000, 1, {3000, 0}, 0},
			{"IPv4 EtherType, version 6", r.qa, hver, 54, 1000, 1, {3000, 0}, 0},
			{"hdr_sz 53: inside the TCP header", r.qa, h54, 53, 1000, 1, {3000, 0}, 0},
			{"hdr_sz 55: past the TCP header", r.qa, h54, 55, 1000, 1, {3000, 0}, 0},
			{"hdr_sz 30: inside the IPv4 header", r.qa, h54, 30, 1000, 1, {3000, 0}, 0},
			{"hdr_sz 62 of a 66-byte header", r.qa, h66, 62, 1000, 1, {3000, 0}, 0},
		};

		for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			struct ibv_sge sg[2] = {{.addr = (uintptr_t)pl, .length = bad[i].len[0], .lkey = A.mr->lkey},
						{.addr = (uintptr_t)pl + bad[i].len[0], .length = bad[i].len[1],
						 .lkey = A.mr->lkey}};
			struct ibv_send_wr w = {.wr_id = 0x6200 + i, .sg_list = sg, .num_sge = bad[i].nsge,
						.opcode = IBV_WR_TSO, .send_flags = IBV_SEND_SIGNALED | bad[i].flags},
					   *b = NULL;

			w.tso.hdr = (void *)bad[i].hdr;
			w.tso.hdr_sz = bad[i].hdr_sz;
			w.tso.mss = bad[i].mss;
			if (bad[i].qp == u.qa) {
				w.wr.ud.ah = u.ah;
				w.wr.ud.remote_qpn = u.qb->qp_num;
				w.wr.ud.remote_qkey = UD_QKEY;
			}
			rc = ibv_post_send(bad[i].qp, &w, &b);
			CHECK(rc == EINVAL && b == &w, "%s: ibv_post_send %d (%s), bad_wr %s, expected EINVAL",
			      bad[i].what, rc, strerror(rc), b == &w ? "the WR" : b ? "another WR" : "NULL");
		}
	}
	CHECK(cq_empty(r.ca) && cq_empty(p.ca) && cq_empty(u.ca), "a refused TSO WR completed");

	/* a list: the good WR before the refused one goes out */
	{
		struct ibv_sge s = {.addr = (uintptr_t)pl, .length = 3000, .lkey = A.mr->lkey};
		struct ibv_send_wr w[2], *b = NULL;

		memset(w, 0, sizeof(w));
		for (int j = 0; j < 2; j++) {
			w[j].wr_id = 0x6300 + (unsigned)j;
			w[j].sg_list = &s;
			w[j].num_sge = 1;
			w[j].opcode = IBV_WR_TSO;
			w[j].tso.hdr = h54;
			w[j].tso.hdr_sz = 54;
			w[j].tso.mss = j ? 0 : 1000;
		}
		w[0].next = &w[1];
		rc = ibv_post_send(r.qa, &w[0], &b);
		CHECK(rc == EINVAL && b == &w[1], "a good TSO WR, then mss 0: %d, bad_wr %s", rc,
		      b == &w[1] ? "the second" : b == &w[0] ? "the first" : "NULL");
		CHECK(poll1(r.ca, &wc) == 0, "the good TSO WR before the refused one: no completion");
		CHECK_WC(wc, 0x6300, IBV_WC_SUCCESS, IBV_WC_TSO, -1, 0, 0, r.qa->qp_num);
		CHECK(cq_empty(r.ca), "the refused WR completed");
	}

	/* the limits are taken */
	{
		const struct {
			const char *what;
			struct ibv_qp *qp;
			const uint8_t *hdr;
			uint16_t hdr_sz, mss;
			uint32_t len;
		} good[] = {
			{"hdr_sz 66 with max_tso_header 66", q66, h66, 66, 1000, 3000},
			{"hdr_sz 70 with max_tso_header 128", r.qa, h70, 70, 1000, 1000},
			{"hdr_sz 54 + mss 4042 = 4096", r.qa, h54, 54, 4042, 8085},
			{"payload 262144", r.qa, h54, 54, 4042, TSO_MAX},
		};

		for (unsigned i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
			struct ibv_sge s = {.addr = (uintptr_t)pl, .length = good[i].len, .lkey = A.mr->lkey};
			struct ibv_send_wr w = {.wr_id = 0x6400 + i, .sg_list = &s, .num_sge = 1,
						.opcode = IBV_WR_TSO, .send_flags = IBV_SEND_SIGNALED}, *b = NULL;

			w.tso.hdr = (void *)good[i].hdr;
			w.tso.hdr_sz = good[i].hdr_sz;
			w.tso.mss = good[i].mss;
			rc = ibv_post_send(good[i].qp, &w, &b);
			CHECK(rc == 0 && !b, "%s: refused (%d, %s)", good[i].what, rc, strerror(rc));
			CHECK(poll1(r.ca, &wc) == 0, "%s: no completion", good[i].what);
			CHECK_WC(wc, 0x6400 + i, IBV_WC_SUCCESS, IBV_WC_TSO, -1, 0, 0, good[i].qp->qp_num);
		}
	}
	CHECK(cq_empty(r.ca), "a completion too many");
	ud_down(&u);
	pair_down(&p);
	ibv_destroy_qp(q0);
	ibv_destroy_qp(q66);
	raw_down(&r);
}

/* One frame of t_raw_ip_csum. */
struct csum_case {
	const char *what;
	struct ip4f s;   /* ihl 0: not IPv4, n bytes of EtherType RAW_ETYPE */
	uint32_t n;      /* transport payload bytes */
	int extra;       /* frame bytes after the IPv4 packet; < 0: the frame ends that many bytes early */
	int l4;          /* the TCP/UDP checksum is to be written (else it stays as sent) */
	int zero;        /* UDP payload chosen so that the checksum computes to 0 */
	int nsge, inl;
};

/* IBV_SEND_IP_CSUM on a RAW_PACKET SEND (ibv_post_send(3): "Offload the
 * IPv4 and TCP/UDP checksum calculation"): the device writes the IPv4
 * header checksum of an IPv4 frame (untagged or behind one 802.1Q tag) and,
 * for TCP and UDP when the packet is no fragment and the frame holds all of
 * it, the TCP/UDP checksum, computed from scratch (a UDP sum of 0 is sent
 * as 0xFFFF); a fragment or a cut-short packet gets the IPv4 checksum only,
 * a frame that is not IPv4 nothing. Every checksum field is sent wrong; each
 * frame is received byte for byte as built here from scratch, bytes after
 * the IPv4 packet included, with a send completion IBV_WC_SEND. */
static void t_raw_ip_csum(void)
{
	static const struct csum_case cs[] = {
		{"TCP, DF", {0, 5, IPPROTO_TCP, 5, TCP_ACK | TCP_PSH, IP_DF, 0x1234, 0xabcdef01u}, 100, 0, 1, 0, 1,
		 0},
		{"UDP, 33 bytes of payload", {0, 5, IPPROTO_UDP, 0, 0, 0, 0x0001, 0}, 33, 0, 1, 0, 1, 0},
		{"UDP whose checksum computes to 0: sent as 0xFFFF", {0, 5, IPPROTO_UDP, 0, 0, 0, 0x0002, 0}, 40, 0,
		 1, 1, 1, 0},
		{"IPv4 options (IHL 6), UDP", {0, 6, IPPROTO_UDP, 0, 0, IP_DF, 0x0003, 0}, 64, 0, 1, 0, 1, 0},
		{"IPv4 options (IHL 15), TCP options (doff 11)", {0, 15, IPPROTO_TCP, 11, TCP_ACK, 0, 0x0004, 0x10},
		 301, 0, 1, 0, 1, 0},
		{"802.1Q tag, TCP with timestamps, two SGEs", {0x3001, 5, IPPROTO_TCP, 8, TCP_ACK, IP_DF, 0x0005, 9},
		 1000, 0, 1, 0, 2, 0},
		{"802.1Q tag, UDP", {0xe00a, 5, IPPROTO_UDP, 0, 0, 0, 0xfffe, 0}, 7, 0, 1, 0, 1, 0},
		{"first fragment (MF): IPv4 checksum only", {0, 5, IPPROTO_UDP, 0, 0, IP_MF, 0x0006, 0}, 200, 0, 0, 0,
		 1, 0},
		{"last fragment (offset 185): IPv4 checksum only", {0, 5, IPPROTO_TCP, 5, TCP_ACK, 185, 0x0007, 0},
		 200, 0, 0, 0, 1, 0},
		{"IP protocol 253: IPv4 checksum only", {0, 5, 253, 0, 0, 0, 0x0008, 0}, 50, 0, 0, 0, 1, 0},
		{"UDP padded to 60 bytes, inline: checksums over the packet only", {0, 5, IPPROTO_UDP, 0, 0, 0,
		 0x0009, 0}, 6, 12, 1, 0, 1, 1},
		{"TCP cut short by 100 bytes: IPv4 checksum only", {0, 5, IPPROTO_TCP, 5, TCP_ACK, IP_DF, 0x000a, 3},
		 300, -100, 0, 0, 1, 0},
		{"TCP in a 4096-byte frame", {0, 5, IPPROTO_TCP, 5, TCP_ACK, IP_DF, 0x000b, 0x55555555u}, 4042, 0, 1,
		 0, 1, 0},
		{"not IPv4 (EtherType 0x88b5): unchanged", {0, 0, 0, 0, 0, 0, 0, 0}, 200, 0, 0, 0, 1, 0},
	};
	struct raw_set r;
	struct ibv_flow *fl[3] = {NULL, NULL, NULL};
	struct ibv_wc wc;
	uint8_t want[RAW_FRAME_MAX], pl[RAW_FRAME_MAX];
	uint8_t *f = A.buf + 4096 + 1;
	char why[160];

	CHECK(raw_up(&r, 0) == 0, "RAW_PACKET set-up: %s", strerror(errno));
	CHECK(offload_flows(&r, fl) == 0, "ibv_create_flow: %s", strerror(errno));
	for (unsigned k = 0; k < sizeof(cs) / sizeof(cs[0]); k++) {
		const struct csum_case *c = &cs[k];
		uint32_t len;

		if (!c->s.ihl) {
			len = c->n;
			raw_frame(want, len, r.mac_b, r.mac_a, RAW_ETYPE, 180);
			memcpy(f, want, len);
		} else {
			unsigned ihl = 4u * c->s.ihl;
			const uint8_t *ip = want + ip4_l3off(&c->s);

			fill(pl, c->n, 190 + k);
			if (c->zero) {
				/* a payload word equal to the checksum of the packet with
				 * that word 0 makes the sum 0xFFFF, the checksum 0 */
				pl[0] = pl[1] = 0;
				ip4_build(want, &r, &c->s, pl, c->n);
				wr16(pl, l4_csum(ip, ihl, 8 + c->n, 6));
			}
			len = ip4_build(want, &r, &c->s, pl, c->n);
			if (c->zero)
				CHECK(l4_csum(ip, ihl, 8 + c->n, 6) == 0 && rd16(ip + ihl + 6) == 0xffff,
				      "test: the UDP checksum does not compute to 0");
			if (c->extra > 0)
				fill(want + len, (size_t)c->extra, 200 + k);
			len = (uint32_t)((int)len + c->extra);
			memcpy(f, want, len);
			ip4_spoil(f, &c->s, 1, 1);          /* sent: both checksums wrong */
			ip4_spoil(want, &c->s, 0, !c->l4);  /* expected: one not to be written stays wrong */
		}
		guard(raw_rbuf(0), RAW_FRAME_MAX);
		CHECK(post_recv1(r.qb, 0x7d00, raw_rbuf(0), RAW_FRAME_MAX, B.mr->lkey) == 0, "post_recv");
		CHECK(raw_send(&r, 0x6500 + k, f, len, c->nsge, c->inl, IBV_SEND_IP_CSUM, IBV_WC_SUCCESS) == 0,
		      "%s: send with IBV_SEND_IP_CSUM refused or its completion wrong", c->what);
		CHECK(poll1(r.cb, &wc) == 0, "%s: not received", c->what);
		CHECK_WC(wc, 0x7d00, IBV_WC_SUCCESS, IBV_WC_RECV, (int)len, 0, 0, r.qb->qp_num);
		CHECK(wc.src_qp == 0, "src_qp %u of a raw frame", wc.src_qp);
		CHECK(frame_ok(0, want, len, why, sizeof(why)) == 0, "%s: %s", c->what, why);
	}
	CHECK(cq_empty(r.ca) && cq_empty(r.cb), "a completion too many");
	CHECK(offload_flows_down(fl) == 0, "ibv_destroy_flow");
	raw_down(&r);
}

/* ---- asynchronous events ------------------------------------------------ */

/* The next asynchronous event of d within ms wall milliseconds (async_fd
 * is non-blocking: ibv_get_async_event answers EAGAIN when none waits, and
 * async_fd polls readable when one does). 0 with *ev filled, -1 if none. */
static int async_wait(struct dev *d, struct ibv_async_event *ev, int ms)
{
	struct pollfd p = {.fd = d->ctx->async_fd, .events = POLLIN};

	for (;;) {
		if (ibv_get_async_event(d->ctx, ev) == 0)
			return 0;
		if (errno != EAGAIN || poll(&p, 1, ms) != 1)
			return -1;
	}
}

/* Takes (and acknowledges) the events earlier clauses left unread. */
static void async_drain(struct dev *d)
{
	struct ibv_async_event ev;

	while (ibv_get_async_event(d->ctx, &ev) == 0)
		ibv_ack_async_event(&ev);
}

/* One SEND of len bytes (seed) from qa to its SRQ peer; both completions
 * checked and the data in the SRQ WQE the receive CQE names (wr_id base +
 * slot, buffer srq_buf(slot)). */
static void srq_msg(struct srq_set *t, unsigned q, unsigned k, uint64_t id, unsigned slot, uint32_t len)
{
	struct ibv_wc wc;
	uint8_t *src = A.buf + 65536 + 4096 * (k % 32);

	fill(src, len, 60 + k);
	CHECK(post_send1(t->qa[q], 0x6000 + k, IBV_WR_SEND, src, len, A.mr->lkey, 0) == 0, "post_send %u", k);
	CHECK(poll1(t->ca, &wc) == 0 && wc.status == IBV_WC_SUCCESS && wc.wr_id == 0x6000 + k,
	      "send %u: no successful completion", k);
	CHECK(poll1(t->cb, &wc) == 0, "message %u: no receive completion", k);
	CHECK_WC(wc, id, IBV_WC_SUCCESS, IBV_WC_RECV, (int)len, 0, 0, t->qb[q]->qp_num);
	CHECK_DATA(srq_buf(slot), len, 60 + k, "message in its SRQ WQE");
}

/* ibv_modify_srq(3): srq_limit arms the SRQ; when the WQEs left drop below
 * it, IBV_EVENT_SRQ_LIMIT_REACHED comes through the async event fd naming
 * the SRQ, and the SRQ is disarmed (ibv_query_srq reads 0, no second
 * event). Re-arming keeps the SRQ's WQEs where they are. */
static void t_srq_limit(void)
{
	struct srq_set t;
	struct ibv_srq_attr qa;
	struct ibv_async_event ev;
	unsigned k, m = 0;
	const struct {
		unsigned post, limit, msgs, fire_left;  /* event on the message leaving fire_left */
	} round[2] = {{8, 3, 8, 2}, {8, 5, 5, 4}};

	async_drain(&B);
	CHECK(srq_up(&t, 16, 2) == 0, "set-up: %s", strerror(errno));
	for (unsigned r = 0, slot = 0, left = 0; r < 2; r++) {
		for (k = 0; k < round[r].post; k++, left++) {
			guard(srq_buf(slot + left), 2048);
			CHECK(srq_post1(t.srq, 0x6100 + slot + left, srq_buf(slot + left), 2048) == 0,
			      "ibv_post_srq_recv %u", slot + left);
		}
		qa.srq_limit = round[r].limit;
		CHECK(ibv_modify_srq(t.srq, &qa, IBV_SRQ_LIMIT) == 0, "ibv_modify_srq(IBV_SRQ_LIMIT %u)",
		      round[r].limit);
		for (k = 0; k < round[r].msgs; k++, m++, slot++) {
			left--;
			srq_msg(&t, m % 2, m, 0x6100 + slot, slot, 100 + 37 * m);
			if (cur_fail)
				return;
			if (left == round[r].fire_left) {
				CHECK(async_wait(&B, &ev, 10000) == 0,
				      "round %u: no event after the message that left %u WQEs (limit %u)", r, left,
				      round[r].limit);
				CHECK(ev.event_type == IBV_EVENT_SRQ_LIMIT_REACHED && ev.element.srq == t.srq,
				      "round %u: event %s (element %p), expected SRQ_LIMIT_REACHED of the SRQ", r,
				      ibv_event_type_str(ev.event_type), (void *)ev.element.srq);
				ibv_ack_async_event(&ev);
				memset(&qa, 0xff, sizeof(qa));
				CHECK(ibv_query_srq(t.srq, &qa) == 0 && qa.srq_limit == 0,
				      "srq_limit after the event: %u, expected 0 (disarmed)", qa.srq_limit);
			} else {
				CHECK(async_wait(&B, &ev, 200) != 0,
				      "round %u: event %s after a message that left %u WQEs (limit %u)", r,
				      ibv_event_type_str(ev.event_type), left, round[r].limit);
			}
		}
	}
	CHECK(cq_empty(t.ca) && cq_empty(t.cb), "a completion too many");
	srq_down(&t);
}

/* ibv_get_async_event(3): the responder of an RDMA WRITE with a bad rkey
 * raises IBV_EVENT_QP_ACCESS_ERR for its QP, of an unaligned atomic
 * IBV_EVENT_QP_REQ_ERR; the requester's error completes its WR (remote
 * access / remote invalid request) and raises no event. Both QPs are then
 * in the error state (ibv_query_qp), and a WR posted to the requester's QP
 * completes flushed. */
static void t_async_qp(void)
{
	for (int c = 0; c < 2; c++) {
		struct pair p;
		struct ibv_wc wc;
		struct ibv_async_event ev;
		struct ibv_qp_attr at;
		struct ibv_qp_init_attr ia;
		enum ibv_event_type want_ev = c == 0 ? IBV_EVENT_QP_ACCESS_ERR : IBV_EVENT_QP_REQ_ERR;
		enum ibv_wc_status want_st = c == 0 ? IBV_WC_REM_ACCESS_ERR : IBV_WC_REM_INV_REQ_ERR;
		uint64_t *l = (uint64_t *)(void *)(A.buf + 2048 + GUARD);

		async_drain(&A);
		async_drain(&B);
		CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
		guard(B.buf + 2048 + GUARD, 64);
		{
			struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 64, .lkey = A.mr->lkey};
			struct ibv_send_wr w = {.wr_id = 0x81, .sg_list = &s, .num_sge = 1,
						.opcode = IBV_WR_RDMA_WRITE, .send_flags = IBV_SEND_SIGNALED},
					   *bad = NULL;

			if (c == 0) {
				w.wr.rdma.remote_addr = (uintptr_t)(B.buf + 2048 + GUARD);
				w.wr.rdma.rkey = B.mr->rkey ^ 0x00ffff00u;
				CHECK(ibv_post_send(p.qa, &w, &bad) == 0, "post RDMA WRITE");
			} else {
				CHECK(post_atomic(p.qa, 0x81, IBV_WR_ATOMIC_FETCH_AND_ADD, l,
						  (uint64_t *)(void *)(B.buf + 2048 + GUARD + 4), B.mr->rkey, 1, 0) == 0,
				      "post atomic");
			}
		}
		CHECK(poll1(p.ca, &wc) == 0, "case %d: no completion", c);
		CHECK(wc.wr_id == 0x81 && wc.status == want_st, "case %d: status %s, expected %s", c,
		      ibv_wc_status_str(wc.status), ibv_wc_status_str(want_st));
		CHECK(async_wait(&B, &ev, 10000) == 0, "case %d: the responder raised no event", c);
		CHECK(ev.event_type == want_ev && ev.element.qp == p.qb, "case %d: event %s on %p, expected %s on %p",
		      c, ibv_event_type_str(ev.event_type), (void *)ev.element.qp, ibv_event_type_str(want_ev),
		      (void *)p.qb);
		ibv_ack_async_event(&ev);
		CHECK(async_wait(&B, &ev, 200) != 0, "case %d: a second responder event (%s)", c,
		      ibv_event_type_str(ev.event_type));
		CHECK(async_wait(&A, &ev, 200) != 0, "case %d: the requester raised %s; its CQE reports the error",
		      c, ibv_event_type_str(ev.event_type));
		for (int g = -GUARD; g < 64 + GUARD; g++)
			CHECK(B.buf[2048 + GUARD + g] == GUARD_BYTE, "case %d: remote memory written (byte %d)", c, g);
		CHECK(ibv_query_qp(p.qb, &at, IBV_QP_STATE, &ia) == 0 && at.qp_state == IBV_QPS_ERR,
		      "case %d: responder QP state %d, expected IBV_QPS_ERR", c, at.qp_state);
		CHECK(ibv_query_qp(p.qa, &at, IBV_QP_STATE, &ia) == 0 && at.qp_state == IBV_QPS_ERR,
		      "case %d: requester QP state %d, expected IBV_QPS_ERR", c, at.qp_state);
		CHECK(post_send1(p.qa, 0x82, IBV_WR_SEND, A.buf, 16, A.mr->lkey, 0) == 0, "post after the error");
		CHECK(poll1(p.ca, &wc) == 0 && wc.wr_id == 0x82 && wc.status == IBV_WC_WR_FLUSH_ERR,
		      "case %d: WR after the error: status %s, expected flushed", c, ibv_wc_status_str(wc.status));
		pair_down(&p);
	}
}

/* ---- rdma_post_recv(3): through the project's librdmacm ------------------- */

/*
 * The connection manager serves one process per NIC and this process holds
 * both NICs, so the clause closes them, runs a server on B (192.0.2.2) and
 * a client on A (192.0.2.1) as two child processes connected by the RDMA CM,
 * and opens the NICs again. A child reports its first failed check through
 * a pipe and its exit status.
 *
 * Server: rdma_create_ep (passive), rdma_listen, rdma_get_request, then
 * rdma_create_qp without CQs (the library makes them), buffers from
 * rdma_reg_msgs; the receive queue filled with rdma_post_recv (each returns
 * 0, contexts 0xC0 + i), one more gives -1 and errno ENOMEM; rdma_accept.
 * The client sends three messages of 1, 100 and 256 bytes and one of 257;
 * rdma_get_recv_comp returns each with wr_id = its post's context, in
 * order, status, opcode and byte_len checked and the bytes compared (with a
 * guard byte after each buffer); the 257-byte message exceeds its 256-byte
 * buffer: IBV_WC_LOC_LEN_ERR with that post's context. The client posts
 * one receive with rdma_post_recv before connecting; the server's reply
 * arrives in it (context and bytes checked) before the oversized send, and
 * names two server regions (rdma_reg_read, rdma_reg_write): the client's
 * rdma_post_read returns their bytes and rdma_post_write writes the other
 * (completions with the contexts as wr_id, bytes checked on both sides).
 */
#define CM_PORT "7999"
#define CM_SLOT 256u
#define CM_SLOTS 4u
#define CM_RW 300u /* bytes of the regions rdma_post_read / rdma_post_write reach */

static int cm_pipe = -1;

static void cm_fail(const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	ssize_t r;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	r = write(cm_pipe, msg, strlen(msg));
	(void)r;
	_exit(1);
}

#define CM_CHECK(cond, ...)                                                             \
	do {                                                                            \
		if (!(cond))                                                            \
			cm_fail(__VA_ARGS__);                                           \
	} while (0)

static void cm_fill(uint8_t *p, size_t len, unsigned seed)
{
	for (size_t i = 0; i < len; i++)
		p[i] = (uint8_t)(seed * 31u + i * 7u + 1u);
}

static struct rdma_addrinfo *cm_addr(int passive)
{
	struct rdma_addrinfo hints = {0}, *res = NULL;

	hints.ai_port_space = RDMA_PS_TCP;
	if (passive)
		hints.ai_flags = RAI_PASSIVE;
	CM_CHECK(rdma_getaddrinfo("192.0.2.2", CM_PORT, &hints, &res) == 0 && res,
		 "rdma_getaddrinfo: %s", strerror(errno));
	return res;
}

static void cm_server(int ready)
{
	struct rdma_addrinfo *res = cm_addr(1);
	struct rdma_cm_id *listen_id = NULL, *id = NULL;
	struct ibv_qp_init_attr qa = {0};
	struct ibv_qp_attr qattr;
	struct ibv_qp_init_attr qinit;
	static uint8_t buf[CM_SLOTS * (CM_SLOT + 1) + 512], rd[CM_RW + 1], wr[CM_RW + 1];
	uint8_t want[CM_RW + 1];
	const uint32_t lens[CM_SLOTS] = {1, 100, 256, 257};
	struct ibv_mr *mr, *rd_mr, *wr_mr;
	struct ibv_wc wc;
	uint32_t nrecv;
	char c = 1;

	CM_CHECK(rdma_create_ep(&listen_id, res, NULL, NULL) == 0, "server rdma_create_ep: %s", strerror(errno));
	CM_CHECK(rdma_listen(listen_id, 1) == 0, "rdma_listen: %s", strerror(errno));
	CM_CHECK(write(ready, &c, 1) == 1, "ready pipe");
	CM_CHECK(rdma_get_request(listen_id, &id) == 0, "rdma_get_request: %s", strerror(errno));
	qa.cap.max_send_wr = 2;
	qa.cap.max_recv_wr = CM_SLOTS;
	qa.cap.max_send_sge = qa.cap.max_recv_sge = 1;
	qa.qp_type = IBV_QPT_RC;
	qa.sq_sig_all = 1;
	CM_CHECK(rdma_create_qp(id, NULL, &qa) == 0, "rdma_create_qp: %s", strerror(errno));
	CM_CHECK(id->qp && id->recv_cq && id->send_cq && id->pd, "rdma_create_qp left qp/cq/pd unset");
	CM_CHECK(ibv_query_qp(id->qp, &qattr, IBV_QP_CAP, &qinit) == 0, "ibv_query_qp");
	nrecv = qattr.cap.max_recv_wr;
	CM_CHECK(nrecv >= CM_SLOTS && nrecv <= 64, "max_recv_wr %u", nrecv);
	mr = rdma_reg_msgs(id, buf, sizeof(buf));
	CM_CHECK(mr, "rdma_reg_msgs: %s", strerror(errno));
	memset(buf, 0xEE, sizeof(buf));
	/* what the client reads (rdma_reg_read) and where it writes
	 * (rdma_reg_write), a guard byte after each */
	cm_fill(rd, CM_RW, 55);
	memset(wr, 0xEE, sizeof(wr));
	rd_mr = rdma_reg_read(id, rd, CM_RW);
	wr_mr = rdma_reg_write(id, wr, CM_RW);
	CM_CHECK(rd_mr && wr_mr, "rdma_reg_read / rdma_reg_write: %s", strerror(errno));
	/* the four slots, then filler posts up to the queue's depth */
	for (uint32_t i = 0; i < nrecv; i++) {
		uint8_t *slot = i < CM_SLOTS ? buf + i * (CM_SLOT + 1) : buf + CM_SLOTS * (CM_SLOT + 1);

		CM_CHECK(rdma_post_recv(id, (void *)(uintptr_t)(0xC0 + i), slot, i < CM_SLOTS ? CM_SLOT : 1, mr) == 0,
			 "rdma_post_recv %u of %u: %s", i, nrecv, strerror(errno));
	}
	errno = 0;
	CM_CHECK(rdma_post_recv(id, (void *)0xBAD, buf, 16, mr) == -1 && errno == ENOMEM,
		 "rdma_post_recv on a full receive queue: expected -1/ENOMEM, errno %d", errno);
	CM_CHECK(rdma_accept(id, NULL) == 0, "rdma_accept: %s", strerror(errno));
	for (uint32_t i = 0; i < CM_SLOTS; i++) {
		int n = rdma_get_recv_comp(id, &wc);

		CM_CHECK(n == 1, "rdma_get_recv_comp %u: %d (%s)", i, n, strerror(errno));
		CM_CHECK(wc.wr_id == 0xC0 + i, "completion %u: wr_id 0x%" PRIx64 ", the post's context was 0x%x", i,
			 wc.wr_id, 0xC0 + i);
		if (lens[i] > CM_SLOT) {
			CM_CHECK(wc.status == IBV_WC_LOC_LEN_ERR, "%u bytes into %u: status %s, expected LOC_LEN_ERR",
				 lens[i], CM_SLOT, ibv_wc_status_str(wc.status));
			/* the client's rdma_post_write came before this SEND */
			cm_fill(want, CM_RW, 66);
			CM_CHECK(memcmp(wr, want, CM_RW) == 0 && wr[CM_RW] == 0xEE,
				 "rdma_post_write: the bytes written differ");
			break;
		}
		CM_CHECK(wc.status == IBV_WC_SUCCESS, "completion %u: status %s", i, ibv_wc_status_str(wc.status));
		CM_CHECK(wc.opcode == IBV_WC_RECV && wc.byte_len == lens[i] && wc.qp_num == id->qp->qp_num,
			 "completion %u: opcode %d byte_len %u qp 0x%x", i, wc.opcode, wc.byte_len, wc.qp_num);
		cm_fill(want, lens[i], i);
		CM_CHECK(memcmp(buf + i * (CM_SLOT + 1), want, lens[i]) == 0, "message %u: bytes differ", i);
		CM_CHECK(buf[i * (CM_SLOT + 1) + lens[i]] == 0xEE, "message %u: byte after it written", i);
		if (i == 2) {
			/* answer: the client's rdma_post_recv buffer takes it;
			 * it names the two remote regions */
			uint64_t a[2] = {(uintptr_t)rd, (uintptr_t)wr};
			uint32_t k[2] = {rd_mr->rkey, wr_mr->rkey};

			cm_fill(buf + sizeof(buf) - 512, 200, 77);
			memcpy(buf + sizeof(buf) - 512, a, sizeof(a));
			memcpy(buf + sizeof(buf) - 512 + sizeof(a), k, sizeof(k));
			CM_CHECK(rdma_post_send(id, (void *)0x5E, buf + sizeof(buf) - 512, 200, mr, IBV_SEND_SIGNALED) == 0,
				 "rdma_post_send: %s", strerror(errno));
			CM_CHECK(rdma_get_send_comp(id, &wc) == 1 && wc.wr_id == 0x5E && wc.status == IBV_WC_SUCCESS,
				 "reply send completion: wr_id 0x%" PRIx64 " status %s", wc.wr_id,
				 ibv_wc_status_str(wc.status));
		}
	}
	rdma_disconnect(id);
	rdma_dereg_mr(rd_mr);
	rdma_dereg_mr(wr_mr);
	rdma_dereg_mr(mr);
	rdma_destroy_ep(id);
	rdma_destroy_ep(listen_id);
	rdma_freeaddrinfo(res);
	_exit(0);
}

static void cm_client(void)
{
	struct rdma_addrinfo *res = cm_addr(0);
	struct rdma_cm_id *id = NULL;
	struct ibv_qp_init_attr qa = {0};
	static uint8_t buf[4096];
	const uint32_t lens[CM_SLOTS] = {1, 100, 256, 257};
	uint8_t want[CM_RW];
	uint64_t raddr[2];
	uint32_t rkey[2];
	struct ibv_mr *mr;
	struct ibv_wc wc;

	qa.cap.max_send_wr = 4;
	qa.cap.max_recv_wr = 2;
	qa.cap.max_send_sge = qa.cap.max_recv_sge = 1;
	qa.qp_type = IBV_QPT_RC;
	qa.sq_sig_all = 1;
	CM_CHECK(rdma_create_ep(&id, res, NULL, &qa) == 0, "client rdma_create_ep: %s", strerror(errno));
	CM_CHECK(id->qp && id->verbs, "rdma_create_ep made no QP");
	mr = rdma_reg_msgs(id, buf, sizeof(buf));
	CM_CHECK(mr, "client rdma_reg_msgs: %s", strerror(errno));
	memset(buf, 0xEE, sizeof(buf));
	CM_CHECK(rdma_post_recv(id, (void *)0xD0, buf + 2048, 256, mr) == 0, "client rdma_post_recv: %s",
		 strerror(errno));
	CM_CHECK(rdma_connect(id, NULL) == 0, "rdma_connect: %s", strerror(errno));
	for (uint32_t i = 0; i < CM_SLOTS; i++) {
		cm_fill(buf + 512 * (i & 1), lens[i], i);
		CM_CHECK(rdma_post_send(id, (void *)(uintptr_t)(0xA0 + i), buf + 512 * (i & 1), lens[i], mr,
					IBV_SEND_SIGNALED) == 0,
			 "rdma_post_send %u: %s", i, strerror(errno));
		CM_CHECK(rdma_get_send_comp(id, &wc) == 1 && wc.wr_id == 0xA0 + i, "send %u: completion wr_id 0x%" PRIx64,
			 i, wc.wr_id);
		if (i < 3)
			CM_CHECK(wc.status == IBV_WC_SUCCESS, "send %u: status %s", i, ibv_wc_status_str(wc.status));
		if (i == 2) {
			CM_CHECK(rdma_get_recv_comp(id, &wc) == 1, "client rdma_get_recv_comp: %s", strerror(errno));
			CM_CHECK(wc.wr_id == 0xD0 && wc.status == IBV_WC_SUCCESS && wc.byte_len == 200,
				 "client receive: wr_id 0x%" PRIx64 " status %s byte_len %u (the post's context 0xd0, 200)",
				 wc.wr_id, ibv_wc_status_str(wc.status), wc.byte_len);
			cm_fill(want, 200, 77);
			CM_CHECK(memcmp(buf + 2048 + 24, want + 24, 200 - 24) == 0 && buf[2048 + 200] == 0xEE,
				 "client receive: bytes");
			memcpy(raddr, buf + 2048, sizeof(raddr));
			memcpy(rkey, buf + 2048 + sizeof(raddr), sizeof(rkey));
			/* rdma_post_read: 0, the completion's wr_id is the context,
			 * the bytes are the server's (guard after them untouched) */
			memset(buf + 3072, 0xEE, CM_RW + 1);
			CM_CHECK(rdma_post_read(id, (void *)0xE0, buf + 3072, CM_RW, mr, IBV_SEND_SIGNALED, raddr[0],
						rkey[0]) == 0,
				 "rdma_post_read: %s", strerror(errno));
			CM_CHECK(rdma_get_send_comp(id, &wc) == 1 && wc.wr_id == 0xE0 && wc.status == IBV_WC_SUCCESS &&
					 wc.opcode == IBV_WC_RDMA_READ && wc.byte_len == CM_RW,
				 "rdma_post_read completion: wr_id 0x%" PRIx64 " status %s opcode %d byte_len %u", wc.wr_id,
				 ibv_wc_status_str(wc.status), wc.opcode, wc.byte_len);
			cm_fill(want, CM_RW, 55);
			CM_CHECK(memcmp(buf + 3072, want, CM_RW) == 0 && buf[3072 + CM_RW] == 0xEE,
				 "rdma_post_read: bytes differ");
			/* rdma_post_write: 0, completion with the context */
			cm_fill(buf + 3072, CM_RW, 66);
			CM_CHECK(rdma_post_write(id, (void *)0xE1, buf + 3072, CM_RW, mr, IBV_SEND_SIGNALED, raddr[1],
						 rkey[1]) == 0,
				 "rdma_post_write: %s", strerror(errno));
			CM_CHECK(rdma_get_send_comp(id, &wc) == 1 && wc.wr_id == 0xE1 && wc.status == IBV_WC_SUCCESS &&
					 wc.opcode == IBV_WC_RDMA_WRITE,
				 "rdma_post_write completion: wr_id 0x%" PRIx64 " status %s opcode %d", wc.wr_id,
				 ibv_wc_status_str(wc.status), wc.opcode);
		}
	}
	/* the oversized message fails at the server: a remote error here */
	CM_CHECK(wc.status == IBV_WC_REM_INV_REQ_ERR, "oversized send: status %s, expected REM_INV_REQ_ERR",
		 ibv_wc_status_str(wc.status));
	rdma_disconnect(id);
	rdma_dereg_mr(mr);
	rdma_destroy_ep(id);
	rdma_freeaddrinfo(res);
	_exit(0);
}

static void dev_close(struct dev *d)
{
	ibv_dereg_mr(d->ro_mr);
	ibv_dereg_mr(d->mr);
	ibv_dealloc_pd(d->pd);
	ibv_close_device(d->ctx);
	free(d->buf);
	free(d->ro);
	memset(d, 0, sizeof(*d));
}

static pid_t cm_spawn(int role, int ready, int report)
{
	pid_t pid = fork();

	if (pid == 0) {
		cm_pipe = report;
		alarm(120);
		if (role)
			cm_server(ready);
		else
			cm_client();
	}
	return pid;
}

static void t_rdma_post_recv(void)
{
	const char *name_a = ibv_get_device_name(A.ctx->device), *name_b = ibv_get_device_name(B.ctx->device);
	char dev_a[64], dev_b[64], msg[2][400];
	int ready[2], rep[2][2], st[2];
	pid_t pid[2];
	char c;

	snprintf(dev_a, sizeof(dev_a), "%s", name_a);
	snprintf(dev_b, sizeof(dev_b), "%s", name_b);
	dev_close(&A);
	dev_close(&B);
	CHECK(pipe(ready) == 0 && pipe(rep[0]) == 0 && pipe(rep[1]) == 0, "pipe");
	fflush(stdout);
	pid[1] = cm_spawn(1, ready[1], rep[1][1]);
	CHECK(pid[1] > 0, "fork");
	close(ready[1]);
	/* the client starts once the server listens */
	if (read(ready[0], &c, 1) == 1)
		pid[0] = cm_spawn(0, -1, rep[0][1]);
	else
		pid[0] = -1;
	close(rep[0][1]);
	close(rep[1][1]);
	/* the client first: when it fails the server would wait for it in
	 * vain, so it is stopped */
	for (int r = 0; r < 2; r++) {
		ssize_t n = pid[r] > 0 ? read(rep[r][0], msg[r], sizeof(msg[r]) - 1) : 0;

		msg[r][n > 0 ? n : 0] = 0;
		st[r] = -1;
		if (pid[r] > 0)
			waitpid(pid[r], &st[r], 0);
		close(rep[r][0]);
		if (r == 0 && pid[1] > 0 && !(WIFEXITED(st[0]) && WEXITSTATUS(st[0]) == 0))
			kill(pid[1], SIGKILL);
	}
	close(ready[0]);
	if (dev_open(&A, dev_a) || dev_open(&B, dev_b)) {
		fail("cannot open the devices again");
		return;
	}
	CHECK(pid[0] > 0, "the server never listened: %s", msg[1]);
	CHECK(WIFEXITED(st[0]) && WEXITSTATUS(st[0]) == 0, "client: %s", msg[0][0] ? msg[0] : "died");
	CHECK(WIFEXITED(st[1]) && WEXITSTATUS(st[1]) == 0, "server: %s", msg[1][0] ? msg[1] : "died");
}

/* ---- the clause table --------------------------------------------------- */

struct clause {
	const char *id;
	const char *page;
	const char *words;  /* what the page says, shortened */
	void (*fn)(void);
	const char *test;   /* the function's name */
	const char *open;   /* not yet honoured: why */
};

#define T(id, page, words, fn) {id, page, words, fn, #fn, NULL}
#define O(id, page, words, why) {id, page, words, NULL, NULL, why}


static const struct clause clauses[] = {
	T("send.list", "ibv_post_send(3)", "stops at the first failure and returns it through bad_wr", t_send_list),
	T("send.table.rc.send", "ibv_post_send(3)", "opcode table: IBV_WR_SEND on RC", t_rc_send),
	T("send.table.rc.send_imm", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_IMM on RC", t_rc_send_imm),
	T("send.table.rc.write", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_WRITE on RC", t_rc_write),
	T("send.table.rc.write_imm", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_WRITE_WITH_IMM on RC", t_rc_write_imm),
	T("send.table.rc.read", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_READ on RC", t_rc_read),
	T("send.errors.read", "ibv_post_send(3)", "a READ that fails completes in error: bad rkey or no remote read (remote access), local MR without local write (local protection)", t_read_errors),
	T("send.table.rc.cmp_swp", "ibv_post_send(3)", "opcode table: IBV_WR_ATOMIC_CMP_AND_SWP on RC", t_rc_cmp_swp),
	T("send.table.rc.fetch_add", "ibv_post_send(3)", "opcode table: IBV_WR_ATOMIC_FETCH_AND_ADD on RC", t_rc_fetch_add),
	T("send.errors.atomic", "ibv_post_send(3)", "an atomic that fails completes in error: unaligned address (invalid request), no remote atomic access (remote access)", t_atomic_errors),
	T("send.table.rc.bind_mw", "ibv_post_send(3)", "opcode table: IBV_WR_BIND_MW on RC: a type 2B window bound to a range of a region gives remote access through its rkey, its QP only, its rights only; a bind the region does not allow: MW_BIND_ERR", t_rc_mw),
	T("send.table.rc.local_inv", "ibv_post_send(3)", "opcode table: IBV_WR_LOCAL_INV on RC: the window's access is gone, its region can be deregistered", t_rc_mw),
	T("send.table.rc.send_inv", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_INV on RC: received like a SEND, the named window of the receiving QP invalidated (IBV_WC_WITH_INV, invalidated_rkey); another key: IBV_WC_REM_INV_REQ_ERR on both sides, the key unharmed", t_rc_send_inv),
	T("send.table.rc.refused", "ibv_post_send(3)", "opcodes outside the RC column (TSO, DRIVER1, unknown) refused: EINVAL, bad_wr", t_refuse_rc),
	T("send.table.uc.send", "ibv_post_send(3)", "opcode table: IBV_WR_SEND on UC", t_uc_send),
	T("send.table.uc.send_imm", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_IMM on UC", t_uc_send_imm),
	T("send.table.uc.write", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_WRITE on UC", t_uc_write),
	T("send.table.uc.write_imm", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_WRITE_WITH_IMM on UC", t_uc_write_imm),
	T("send.uc.unreliable", "ibv_post_send(3) (UC)", "UC: a message the responder cannot take is lost (no receive WQE, bad rkey) or fails on the receive side only (too long); the QP carries on", t_uc_unreliable),
	T("send.table.uc.bind_mw", "ibv_post_send(3)", "opcode table: IBV_WR_BIND_MW on UC (as on RC; refused writes are dropped)", t_uc_mw),
	T("send.table.uc.local_inv", "ibv_post_send(3)", "opcode table: IBV_WR_LOCAL_INV on UC", t_uc_mw),
	T("send.table.uc.send_inv", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_INV on UC (as on RC; a refused key fails the receive only; wire codes 0x36/0x37, an rnic extension: the IBA defines none for UC)", t_uc_send_inv),
	T("send.table.uc.refused", "ibv_post_send(3)", "opcodes outside the UC column (READ, atomics, TSO) refused: EINVAL, bad_wr", t_refuse_uc),
	T("send.table.ud.send", "ibv_post_send(3)", "opcode table: IBV_WR_SEND on UD through an address handle (ah, remote_qpn, remote_qkey); over the path MTU: local length error", t_ud_send),
	T("send.table.ud.send_imm", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_IMM on UD through an address handle", t_ud_send_imm),
	T("send.ud.qkey", "ibv_post_send(3) (UD)", "remote_qkey: a datagram with the wrong Q_Key is not received; a Q_Key with the high bit set sends the QP's own", t_ud_qkey),
	T("send.table.ud.refused", "ibv_post_send(3)", "opcodes outside the UD column refused; TSO refused as tso_caps.supported_qpts names RAW_PACKET only: EINVAL, bad_wr", t_refuse_ud),
	T("send.table.xrc.send", "ibv_post_send(3)", "opcode table: IBV_WR_SEND on XRC_SEND: received through the XRC SRQ named by qp_type.xrc.remote_srqn, on that SRQ's CQ", t_xrc_send),
	T("send.table.xrc.send_imm", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_IMM on XRC_SEND", t_xrc_send_imm),
	T("send.table.xrc.write", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_WRITE on XRC_SEND (keys of the XRC SRQ's PD)", t_xrc_write),
	T("send.table.xrc.write_imm", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_WRITE_WITH_IMM on XRC_SEND", t_xrc_write_imm),
	T("send.table.xrc.read", "ibv_post_send(3)", "opcode table: IBV_WR_RDMA_READ on XRC_SEND", t_xrc_read),
	T("send.table.xrc.cmp_swp", "ibv_post_send(3)", "opcode table: IBV_WR_ATOMIC_CMP_AND_SWP on XRC_SEND", t_xrc_cmp_swp),
	T("send.table.xrc.fetch_add", "ibv_post_send(3)", "opcode table: IBV_WR_ATOMIC_FETCH_AND_ADD on XRC_SEND", t_xrc_fetch_add),
	T("send.table.xrc.bind_mw", "ibv_post_send(3)", "opcode table: IBV_WR_BIND_MW on XRC_SEND (a window of the initiator's PD)", t_xrc_mw),
	T("send.table.xrc.local_inv", "ibv_post_send(3)", "opcode table: IBV_WR_LOCAL_INV on XRC_SEND", t_xrc_mw),
	T("send.table.xrc.send_inv", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_INV on XRC_SEND: delivered; no window can be bound to an XRC target, so the key is refused (IBV_WC_REM_INV_REQ_ERR)", t_xrc_mw),
	T("send.xrc.rules", "ibv_post_send(3), ibv_post_recv(3)", "XRC: no ibv_post_recv on initiator or target (EINVAL, bad_wr); an SRQ outside the target's XRC domain refused (remote invalid request); TSO refused (EINVAL, bad_wr); a domain in use not closed (EBUSY)", t_xrc_rules),
	T("send.table.raw.send", "ibv_post_send(3), ibv_create_flow(3)", "opcode table: IBV_WR_SEND on RAW_PACKET: the SGEs (or inline data) are one whole Ethernet frame, received byte for byte through a flow rule on the peer", t_raw_send),
	T("send.raw.flow", "ibv_create_flow(3)", "flow rules: unmatched frames not received, the lowest matching rule wins, RoCEv2 never steered, destroyed rules match nothing; a frame outside 14..4096 bytes: IBV_WC_LOC_LEN_ERR", t_raw_flow),
	T("send.table.raw.refused", "ibv_post_send(3)", "opcodes outside the RAW_PACKET column refused: EINVAL, bad_wr", t_raw_refused),
	T("device.raw.offload", "ibv_query_device_ex(3), ibv_create_qp_ex(3)", "tso_caps: max_tso 262144, supported_qpts RAW_PACKET; raw_packet_caps IBV_RAW_PACKET_CAP_IP_CSUM; device_cap_flags IBV_DEVICE_RAW_IP_CSUM, not UD_IP_CSUM; max_tso_header up to 128 (129: EINVAL)", t_raw_offload_caps),
	T("send.table.raw.tso", "ibv_post_send(3)", "opcode table: IBV_WR_TSO on RAW_PACKET: the header template (Ethernet, optional 802.1Q tag, IPv4, TCP) and ceil(L/mss) segments of the SGE payload: IPv4 length, ID + i, checksums, sequence + i*mss, CWR first only, PSH/FIN last only; received byte for byte; one IBV_WC_TSO completion per WR, WRs in order", t_raw_tso),
	T("send.raw.tso.invalid", "ibv_post_send(3)", "TSO WRs the QP cannot take refused (EINVAL, bad_wr): RC/UD, no or too small max_tso_header, mss 0, hdr_sz + mss over 4096, INLINE, payload 0 or over max_tso, a template not Ethernet/IPv4/TCP or hdr_sz not its end; the limits themselves taken", t_raw_tso_invalid),
	T("send.flags.ip_csum.raw", "ibv_post_send(3)", "IBV_SEND_IP_CSUM on a RAW_PACKET SEND: IPv4 header checksum written, TCP/UDP checksum too for a whole unfragmented packet (UDP 0 sent as 0xFFFF); fragments, cut-short packets: IPv4 only; not IPv4: unchanged", t_raw_ip_csum),
	T("send.flags.fence", "ibv_post_send(3)", "IBV_SEND_FENCE valid only for RC: refused on UC, accepted on RC", t_fence_rc_only),
	T("send.flags.fence.order", "ibv_post_send(3)", "IBV_SEND_FENCE: a fenced WR waits for earlier READs/atomics (a WRITE of READ data, a SEND of a fetched value)", t_fence_order),
	T("send.flags.signaled", "ibv_post_send(3)", "IBV_SEND_SIGNALED with sq_sig_all=0: only signaled WRs complete; unsignaled slots are freed", t_signaled),
	T("send.flags.sig_all", "ibv_post_send(3)", "sq_sig_all=1: every WR completes", t_sig_all),
	T("send.flags.solicited", "ibv_post_send(3)", "IBV_SEND_SOLICITED only for Send and RDMA Write with immediate; sets the solicited event", t_solicited),
	T("send.flags.inline", "ibv_post_send(3)", "IBV_SEND_INLINE: L_Key not checked, buffer reusable at return, up to max_inline_data", t_inline),
	T("send.flags.inline.ops", "ibv_post_send(3)", "IBV_SEND_INLINE valid only for Send and RDMA Write", t_inline_only_send_write),
	T("send.flags.ip_csum", "ibv_post_send(3)", "IBV_SEND_IP_CSUM only where device_cap_flags offer it: IBV_DEVICE_RAW_IP_CSUM without UD_IP_CSUM, so refused on RC and UD (EINVAL, bad_wr)", t_ip_csum),
	T("send.state", "ibv_post_send(3)", "RETURN VALUE: errno on failure; a QP before RTS refuses sends (EINVAL, bad_wr)", t_wrong_state),
	T("send.full", "ibv_post_send(3)", "RETURN VALUE: a full send or receive queue gives ENOMEM and bad_wr", t_full_queue),
	T("send.errors.rem_access", "ibv_post_send(3)", "a WR that fails remotely completes in error: bad rkey, bounds, permission", t_rem_access),
	T("send.errors.loc_prot", "ibv_post_send(3)", "a WR with a bad lkey completes with a local protection error", t_loc_prot),
	T("send.ah", "ibv_post_send(3)", "NOTES: the AH of a WR is used until the WR completes, then may be destroyed", t_ud_send),
	T("recv.list", "ibv_post_recv(3)", "stops at the first failure, bad_wr, earlier WRs stay posted, later ones are not", t_recv_list),
	T("recv.srq", "ibv_post_recv(3)", "NOTES: a QP with an SRQ takes ibv_post_srq_recv, not ibv_post_recv (EINVAL, bad_wr); receives come from the SRQ, shared by QPs", t_srq),
	T("recv.ud_grh", "ibv_post_recv(3)", "NOTES: on UD the GRH fills the first 40 bytes of the scatter list, data starts at byte 40; too short a buffer: local length error", t_ud_grh),
	T("srq.list", "ibv_post_srq_recv(3)", "stops at the first failure, bad_wr, errno (EINVAL for num_sge, ENOMEM when full); earlier WRs stay posted", t_srq_list),
	T("srq.limit", "ibv_modify_srq(3)", "srq_limit armed with ibv_modify_srq raises IBV_EVENT_SRQ_LIMIT_REACHED on the async event fd when fewer WQEs remain, once; the SRQ is then disarmed", t_srq_limit),
	T("events.async.qp", "ibv_get_async_event(3)", "a responder-detected error raises IBV_EVENT_QP_ACCESS_ERR / IBV_EVENT_QP_REQ_ERR for the QP; the requester's error is its CQE; both QPs are in ERR and flush", t_async_qp),
	T("events.channel", "ibv_post_send(3) (completion events)", "ibv_req_notify_cq + ibv_get_cq_event: the CQ and its cq_context", t_comp_channel),
	T("rdma_post_recv", "rdma_post_recv(3)", "through librdmacm (rdma_create_ep, rdma_get_request, rdma_create_qp): 0 per posted buffer, -1 and errno ENOMEM on a full receive queue; each message lands in the posted buffer, the completion's wr_id is the post's context, in order; a message longer than the buffer: IBV_WC_LOC_LEN_ERR with that context; with it rdma_post_send, rdma_post_read, rdma_post_write and rdma_get_send_comp/rdma_get_recv_comp, data checked both ways", t_rdma_post_recv),
};

int main(int argc, char **argv)
{
	int markdown = 0, argi = 1;
	unsigned pass = 0, failed = 0, open = 0;
	const unsigned n = sizeof(clauses) / sizeof(clauses[0]);
	static char results[sizeof(clauses) / sizeof(clauses[0])][600];

	if (argc > 1 && !strcmp(argv[1], "--markdown")) {
		markdown = 1;
		argi++;
	}
	if (argc - argi != 2) {
		fprintf(stderr, "usage: conform [--markdown] DEV_A DEV_B\n");
		return 2;
	}
	if (dev_open(&A, argv[argi]) || dev_open(&B, argv[argi + 1])) {
		fprintf(stderr, "conform: cannot set up the devices: %s\n", strerror(errno));
		return 2;
	}
	for (unsigned i = 0; i < n; i++) {
		const struct clause *c = &clauses[i];

		/* CONFORM_ONLY=text: run only the clauses whose id holds text
		 * (a developer's shortcut; the suite in make test runs all) */
		if (getenv("CONFORM_ONLY") && !strstr(c->id, getenv("CONFORM_ONLY"))) {
			snprintf(results[i], sizeof(results[i]), "SKIPPED");
			continue;
		}
		if (!c->fn) {
			open++;
			snprintf(results[i], sizeof(results[i]), "OPEN (%s)", c->open);
		} else {
			cur_fail = 0;
			cur_msg[0] = 0;
			c->fn();
			if (cur_fail) {
				failed++;
				snprintf(results[i], sizeof(results[i]), "FAIL (%s)", cur_msg);
			} else {
				pass++;
				snprintf(results[i], sizeof(results[i]), "PASS");
			}
		}
		printf("conform: %s: %s\n", c->id, results[i]);
		fflush(stdout);
	}
	if (markdown) {
		printf("\n| clause | page | what the page says | test (tests/cosim/conform.c) | result |\n"
		       "|---|---|---|---|---|\n");
		for (unsigned i = 0; i < n; i++)
			printf("| `%s` | %s | %s | %s | %s |\n", clauses[i].id, clauses[i].page, clauses[i].words,
			       clauses[i].test ? clauses[i].test : "-", results[i]);
	}
	printf("conform: %u clauses: %u passed, %u failed, %u open\n", n, pass, failed, open);
	return failed ? 1 : 0;
}
