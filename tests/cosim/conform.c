/*
 * Conformance suite: the clauses of the verbs man pages in ../shared/seeds/
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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <infiniband/verbs.h>

#include "cosim_common.h"

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

	if (qp->qp_type == IBV_QPT_RC)
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

	if (qp->qp_type == IBV_QPT_RC)
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

/* Table cell: one message of each size with op; data and both CQEs. */
static void t_rc_op(enum ibv_wr_opcode op)
{
	static const uint32_t sizes[] = {0, 1, 1023, 1024, 1025, 4096, 65536 + 3};
	struct pair p;
	int write = op == IBV_WR_RDMA_WRITE || op == IBV_WR_RDMA_WRITE_WITH_IMM;
	int imm = op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM;
	int consumes = op != IBV_WR_RDMA_WRITE; /* a receive WQE */

	CHECK(pair_up(&p, IBV_QPT_RC, 0, DEPTH, 0, 0) == 0, "set-up: %s", strerror(errno));
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

static void t_rc_send(void) { t_rc_op(IBV_WR_SEND); }
static void t_rc_send_imm(void) { t_rc_op(IBV_WR_SEND_WITH_IMM); }
static void t_rc_write(void) { t_rc_op(IBV_WR_RDMA_WRITE); }
static void t_rc_write_imm(void) { t_rc_op(IBV_WR_RDMA_WRITE_WITH_IMM); }

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

/* READ errors: a bad rkey, or an rkey without remote read, completes with
 * IBV_WC_REM_ACCESS_ERR; a local MR without local write with
 * IBV_WC_LOC_PROT_ERR; nothing is written locally. */
static void t_read_errors(void)
{
	uint8_t *ro_local = A.ro + GUARD;
	struct ibv_mr *nolw = ibv_reg_mr(A.pd, A.ro, 65536, 0);   /* local read only */

	CHECK(nolw, "ibv_reg_mr without local write: %s", strerror(errno));
	for (int c = 0; c < 3; c++) {
		struct pair p;
		struct ibv_wc wc;
		uint8_t *dst = c == 2 ? ro_local : A.buf + GUARD;
		struct ibv_sge s = {.addr = (uintptr_t)dst, .length = 64,
				    .lkey = c == 2 ? nolw->lkey : A.mr->lkey};
		struct ibv_send_wr w = {.wr_id = 0x98, .sg_list = &s, .num_sge = 1,
					.opcode = IBV_WR_RDMA_READ, .send_flags = IBV_SEND_SIGNALED}, *bad = NULL;
		enum ibv_wc_status want = c == 2 ? IBV_WC_LOC_PROT_ERR : IBV_WC_REM_ACCESS_ERR;

		CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
		guard(dst, 64);
		fill(B.buf, 64, 7);
		fill(B.ro, 64, 7);
		w.wr.rdma.remote_addr = c == 1 ? (uintptr_t)B.ro : (uintptr_t)B.buf;
		w.wr.rdma.rkey = c == 0 ? (B.mr->rkey ^ 0x00ffff00u) : c == 1 ? B.ro_mr->rkey : B.mr->rkey;
		CHECK(ibv_post_send(p.qa, &w, &bad) == 0, "post_send");
		CHECK(poll1(p.ca, &wc) == 0, "case %d: no completion", c);
		CHECK(wc.wr_id == 0x98 && wc.status == want, "case %d (%s): status %s, expected %s", c,
		      c == 0 ? "bad rkey" : c == 1 ? "no remote read" : "local MR without local write",
		      ibv_wc_status_str(wc.status), ibv_wc_status_str(want));
		for (int g = -GUARD; g < 64 + GUARD; g++)
			CHECK(dst[g] == GUARD_BYTE, "case %d: local memory written", c);
		pair_down(&p);
	}
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

/* IBV_SEND_IP_CSUM "Valid only when device_cap_flags ... indicates": this
 * device reports no checksum offload, so the flag is refused. */
static void t_ip_csum(void)
{
	struct pair p;

	CHECK(!(A.attr.device_cap_flags & IBV_DEVICE_UD_IP_CSUM) &&
		      !(A.attr.device_cap_flags & IBV_DEVICE_RAW_IP_CSUM),
	      "the device reports checksum offload: this clause needs a data test instead");
	CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
	CHECK(post_send1(p.qa, 1, IBV_WR_SEND, A.buf, 8, A.mr->lkey, IBV_SEND_IP_CSUM) == EINVAL,
	      "IP_CSUM without device support not refused");
	CHECK(cq_empty(p.ca), "a refused WR completed");
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
	for (int c = 0; c < 3; c++) {
		struct pair p;
		struct ibv_wc wc;
		struct ibv_sge s = {.addr = (uintptr_t)A.buf, .length = 64, .lkey = A.mr->lkey};
		struct ibv_send_wr w = {.wr_id = 0x66, .sg_list = &s, .num_sge = 1,
					.opcode = IBV_WR_RDMA_WRITE, .send_flags = IBV_SEND_SIGNALED}, *bad;
		uint8_t *dst = c == 2 ? B.ro + GUARD : B.buf + GUARD;

		CHECK(pair_up(&p, IBV_QPT_RC, 1, 8, 0, 0) == 0, "set-up: %s", strerror(errno));
		fill(A.buf, 64, 1);
		guard(dst, 64);
		w.wr.rdma.remote_addr = (uintptr_t)dst;
		w.wr.rdma.rkey = c == 0 ? (B.mr->rkey ^ 0x00ffff00u) : c == 2 ? B.ro_mr->rkey : B.mr->rkey;
		if (c == 1)
			w.wr.rdma.remote_addr = (uintptr_t)B.buf + BUF_LEN - 32; /* crosses the end */
		bad = NULL;
		CHECK(ibv_post_send(p.qa, &w, &bad) == 0, "post_send");
		CHECK(poll1(p.ca, &wc) == 0, "case %d: no completion", c);
		CHECK(wc.wr_id == 0x66 && wc.status == IBV_WC_REM_ACCESS_ERR,
		      "case %d (%s): status %s, expected remote access error", c,
		      c == 0 ? "bad rkey" : c == 1 ? "out of bounds" : "no remote write access",
		      ibv_wc_status_str(wc.status));
		CHECK(wc.qp_num == p.qa->qp_num, "qp_num");
		for (int g = -GUARD; g < 64 + GUARD; g++)
			CHECK(dst[g] == GUARD_BYTE, "case %d: target memory written", c);
		pair_down(&p);
	}
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

static const char RTL_OPEN[] = "the RTL does not execute this opcode yet (completes with IBV_WC_LOC_QP_OP_ERR)";

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
	O("send.table.rc.local_inv", "ibv_post_send(3)", "opcode table: IBV_WR_LOCAL_INV on RC", RTL_OPEN),
	O("send.table.rc.bind_mw", "ibv_post_send(3)", "opcode table: IBV_WR_BIND_MW on RC", "memory windows (ibv_alloc_mw) are not implemented yet"),
	O("send.table.rc.send_inv", "ibv_post_send(3)", "opcode table: IBV_WR_SEND_WITH_INV on RC", RTL_OPEN),
	T("send.table.rc.refused", "ibv_post_send(3)", "opcodes outside the RC column (TSO, DRIVER1, unknown) refused: EINVAL, bad_wr", t_refuse_rc),
	O("send.table.uc.ops", "ibv_post_send(3)", "opcode table: SEND, SEND_WITH_IMM, RDMA_WRITE(_WITH_IMM), LOCAL_INV, BIND_MW, SEND_WITH_INV on UC", "the RTL runs RC QPs only"),
	T("send.table.uc.refused", "ibv_post_send(3)", "opcodes outside the UC column (READ, atomics, TSO) refused: EINVAL, bad_wr", t_refuse_uc),
	O("send.table.ud.ops", "ibv_post_send(3)", "opcode table: SEND, SEND_WITH_IMM on UD through address handles", "address handles and the UD datapath are not implemented yet"),
	T("send.table.ud.refused", "ibv_post_send(3)", "opcodes outside the UD column refused; TSO refused as the device reports none: EINVAL, bad_wr", t_refuse_ud),
	O("send.table.xrc", "ibv_post_send(3)", "opcode table: the XRC_SEND column", "XRC domains and XRC QPs are not implemented yet"),
	O("send.table.raw", "ibv_post_send(3)", "opcode table: the RAW_PACKET column", "RAW_PACKET QPs are not implemented yet"),
	T("send.flags.fence", "ibv_post_send(3)", "IBV_SEND_FENCE valid only for RC: refused on UC, accepted on RC", t_fence_rc_only),
	O("send.flags.fence.order", "ibv_post_send(3)", "IBV_SEND_FENCE: a fenced WR waits for earlier READs/atomics", "needs RDMA READ in the RTL"),
	T("send.flags.signaled", "ibv_post_send(3)", "IBV_SEND_SIGNALED with sq_sig_all=0: only signaled WRs complete; unsignaled slots are freed", t_signaled),
	T("send.flags.sig_all", "ibv_post_send(3)", "sq_sig_all=1: every WR completes", t_sig_all),
	T("send.flags.solicited", "ibv_post_send(3)", "IBV_SEND_SOLICITED only for Send and RDMA Write with immediate; sets the solicited event", t_solicited),
	T("send.flags.inline", "ibv_post_send(3)", "IBV_SEND_INLINE: L_Key not checked, buffer reusable at return, up to max_inline_data", t_inline),
	T("send.flags.inline.ops", "ibv_post_send(3)", "IBV_SEND_INLINE valid only for Send and RDMA Write", t_inline_only_send_write),
	T("send.flags.ip_csum", "ibv_post_send(3)", "IBV_SEND_IP_CSUM only where device_cap_flags offer it", t_ip_csum),
	T("send.state", "ibv_post_send(3)", "RETURN VALUE: errno on failure; a QP before RTS refuses sends (EINVAL, bad_wr)", t_wrong_state),
	T("send.full", "ibv_post_send(3)", "RETURN VALUE: a full send or receive queue gives ENOMEM and bad_wr", t_full_queue),
	T("send.errors.rem_access", "ibv_post_send(3)", "a WR that fails remotely completes in error: bad rkey, bounds, permission", t_rem_access),
	T("send.errors.loc_prot", "ibv_post_send(3)", "a WR with a bad lkey completes with a local protection error", t_loc_prot),
	O("send.ah", "ibv_post_send(3)", "NOTES: AHs of WRs stay valid until completion", "address handles are not implemented yet"),
	T("recv.list", "ibv_post_recv(3)", "stops at the first failure, bad_wr, earlier WRs stay posted, later ones are not", t_recv_list),
	O("recv.srq", "ibv_post_recv(3)", "NOTES: a QP with an SRQ takes ibv_post_srq_recv, not ibv_post_recv", "SRQs are not implemented yet"),
	O("recv.ud_grh", "ibv_post_recv(3)", "NOTES: on UD the GRH fills the first 40 bytes; data starts at byte 40", "the UD datapath is not implemented yet"),
	O("srq.list", "ibv_post_srq_recv(3)", "stops at the first failure, bad_wr, errno", "SRQs are not implemented yet"),
	T("events.channel", "ibv_post_send(3) (completion events)", "ibv_req_notify_cq + ibv_get_cq_event: the CQ and its cq_context", t_comp_channel),
	O("rdma_post_recv", "rdma_post_recv(3)", "0 or -1 with errno; context returned as wr_id", "librdmacm is issue 4"),
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
