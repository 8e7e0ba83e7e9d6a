/*
 * The work request builders of ibv_wr_post(3): ibv_wr_start,
 * ibv_wr_<operation>, the ibv_wr_set_* setters and ibv_wr_complete /
 * ibv_wr_abort, reached through the function pointers of struct ibv_qp_ex
 * (ibv_qp_to_qp_ex) of a QP created with IBV_QP_INIT_ATTR_SEND_OPS_FLAGS.
 *
 * ibv_wr_start enters the QP's critical section (the send queue lock, as
 * the page's CONCURRENCY section asks of the provider). Each builder starts
 * a work request in the QP's batch with the qp_ex wr_id and wr_flags of the
 * moment, the setters complete the last one; data an inline setter or a
 * TSO builder is given is copied at once, so the caller may reuse it.
 * ibv_wr_complete hands the batch to the writer ibv_post_send uses
 * (rnic_sq_write) and rings the doorbell once, only if every request is
 * good: a builder or setter error, or one the writer finds, aborts the
 * whole posting and is returned (RETURN VALUE: "the entire posting will be
 * aborted"). ibv_wr_abort drops the batch.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_verbs.h"

static struct rnic_qp *rnic_qpx(struct ibv_qp_ex *qpx)
{
	return (struct rnic_qp *)qpx;
}

/* IBV_QP_EX_WITH_* -> enum ibv_wr_opcode (ibv_wr_post(3) WORK REQUESTS). */
static const struct {
	uint64_t flag;
	enum ibv_wr_opcode op;
} rnic_send_ops[] = {
	{IBV_QP_EX_WITH_RDMA_WRITE, IBV_WR_RDMA_WRITE},
	{IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_WRITE_WITH_IMM},
	{IBV_QP_EX_WITH_SEND, IBV_WR_SEND},
	{IBV_QP_EX_WITH_SEND_WITH_IMM, IBV_WR_SEND_WITH_IMM},
	{IBV_QP_EX_WITH_RDMA_READ, IBV_WR_RDMA_READ},
	{IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP, IBV_WR_ATOMIC_CMP_AND_SWP},
	{IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD, IBV_WR_ATOMIC_FETCH_AND_ADD},
	{IBV_QP_EX_WITH_LOCAL_INV, IBV_WR_LOCAL_INV},
	{IBV_QP_EX_WITH_BIND_MW, IBV_WR_BIND_MW},
	{IBV_QP_EX_WITH_SEND_WITH_INV, IBV_WR_SEND_WITH_INV},
	{IBV_QP_EX_WITH_TSO, IBV_WR_TSO},
};

#define RNIC_NSEND_OPS (sizeof(rnic_send_ops) / sizeof(rnic_send_ops[0]))

/* The operations of ibv_post_send(3) the QP type has here
 * (rnic_qp_opcode_mask); IBV_QP_EX_WITH_ATOMIC_WRITE is not among them. */
uint64_t rnic_qp_send_ops_mask(enum ibv_qp_type type)
{
	uint32_t ops = rnic_qp_opcode_mask(type);
	uint64_t m = 0;

	for (size_t i = 0; i < RNIC_NSEND_OPS; i++)
		if (ops & (1u << rnic_send_ops[i].op))
			m |= rnic_send_ops[i].flag;
	return m;
}

/* IBV_QP_EX_WITH_* flags -> 1 << enum ibv_wr_opcode, once per QP. */
static uint32_t rnic_send_ops_opcodes(uint64_t send_ops)
{
	uint32_t m = 0;

	for (size_t i = 0; i < RNIC_NSEND_OPS; i++)
		if (send_ops & rnic_send_ops[i].flag)
			m |= 1u << rnic_send_ops[i].op;
	return m;
}

static void rnic_wr_fail(struct rnic_wr_batch *b, int err)
{
	if (!b->err)
		b->err = err;
}

/* A new WR of operation op, or NULL (the batch remembers why): an
 * operation not asked for at creation is EINVAL, a batch that already
 * fills the send queue ENOMEM. */
static struct ibv_send_wr *rnic_wr_new(struct ibv_qp_ex *qpx, enum ibv_wr_opcode op)
{
	struct rnic_qp *qp = rnic_qpx(qpx);
	struct rnic_wr_batch *b = qp->wrb;
	struct ibv_send_wr *wr;

	if (!(b->ops & (1u << op))) {
		rnic_wr_fail(b, EINVAL);
		return NULL;
	}
	if (b->n == b->cnt) {
		rnic_wr_fail(b, ENOMEM);
		return NULL;
	}
	wr = &b->wr[b->n];
	memset(wr, 0, sizeof(*wr));
	wr->wr_id = qpx->wr_id;
	wr->send_flags = qpx->wr_flags;
	wr->opcode = op;
	wr->sg_list = &b->sge[(size_t)b->n * b->sge_per];
	if (b->n)
		b->wr[b->n - 1].next = wr;
	b->n++;
	return wr;
}

/* The WR the setters complete: the last one built, or NULL (EINVAL). */
static struct ibv_send_wr *rnic_wr_last(struct ibv_qp_ex *qpx)
{
	struct rnic_wr_batch *b = rnic_qpx(qpx)->wrb;

	if (!b->n) {
		rnic_wr_fail(b, EINVAL);
		return NULL;
	}
	return &b->wr[b->n - 1];
}

/* ------------------------------------------------------------------ */
/* critical section                                                    */

static void rnic_wr_start(struct ibv_qp_ex *qpx)
{
	struct rnic_qp *qp = rnic_qpx(qpx);

	pthread_spin_lock(&qp->sq.lock);
	qp->wrb->n = 0;
	qp->wrb->err = 0;
}

static int rnic_wr_complete(struct ibv_qp_ex *qpx)
{
	struct rnic_qp *qp = rnic_qpx(qpx);
	struct rnic_wr_batch *b = qp->wrb;
	struct ibv_send_wr *bad = NULL;
	uint32_t pi = qp->sq.pi;
	int err = b->err;

	if (!err && b->n) {
		err = rnic_sq_write(qp, b->wr, &bad, &pi);
		/* the slots written past sq.pi are not the device's until the
		 * doorbell names them: on an error they are simply reused */
		if (!err)
			err = rnic_sq_commit(qp, pi);
	}
	pthread_spin_unlock(&qp->sq.lock);
	return err;
}

static void rnic_wr_abort(struct ibv_qp_ex *qpx)
{
	/* the batch is dropped: ibv_wr_start begins the next one afresh */
	pthread_spin_unlock(&rnic_qpx(qpx)->sq.lock);
}

/* ------------------------------------------------------------------ */
/* builders                                                            */

static void rnic_wr_atomic_cmp_swp(struct ibv_qp_ex *qpx, uint32_t rkey, uint64_t remote_addr,
				   uint64_t compare, uint64_t swap)
{
	struct ibv_send_wr *wr = rnic_wr_new(qpx, IBV_WR_ATOMIC_CMP_AND_SWP);

	if (!wr)
		return;
	wr->wr.atomic.rkey = rkey;
	wr->wr.atomic.remote_addr = remote_addr;
	wr->wr.atomic.compare_add = compare;
	wr->wr.atomic.swap = swap;
}

static void rnic_wr_atomic_fetch_add(struct ibv_qp_ex *qpx, uint32_t rkey, uint64_t remote_addr,
				     uint64_t add)
{
	struct ibv_send_wr *wr = rnic_wr_new(qpx, IBV_WR_ATOMIC_FETCH_AND_ADD);

	if (!wr)
		return;
	wr->wr.atomic.rkey = rkey;
	wr->wr.atomic.remote_addr = remote_addr;
	wr->wr.atomic.compare_add = add;
}

static void rnic_wr_bind_mw(struct ibv_qp_ex *qpx, struct ibv_mw *mw, uint32_t rkey,
			    const struct ibv_mw_bind_info *bind_info)
{
	struct ibv_send_wr *wr = rnic_wr_new(qpx, IBV_WR_BIND_MW);

	if (!wr)
		return;
	if (!bind_info) {
		rnic_wr_fail(rnic_qpx(qpx)->wrb, EINVAL);
		return;
	}
	wr->bind_mw.mw = mw;
	wr->bind_mw.rkey = rkey;
	wr->bind_mw.bind_info = *bind_info;
}

static void rnic_wr_local_inv(struct ibv_qp_ex *qpx, uint32_t invalidate_rkey)
{
	struct ibv_send_wr *wr = rnic_wr_new(qpx, IBV_WR_LOCAL_INV);

	if (wr)
		wr->invalidate_rkey = invalidate_rkey;
}

static void rnic_wr_rdma(struct ibv_qp_ex *qpx, enum ibv_wr_opcode op, uint32_t rkey,
			 uint64_t remote_addr, __be32 imm)
{
	struct ibv_send_wr *wr = rnic_wr_new(qpx, op);

	if (!wr)
		return;
	wr->wr.rdma.rkey = rkey;
	wr->wr.rdma.remote_addr = remote_addr;
	wr->imm_data = imm;
}

static void rnic_wr_rdma_read(struct ibv_qp_ex *qpx, uint32_t rkey, uint64_t remote_addr)
{
	rnic_wr_rdma(qpx, IBV_WR_RDMA_READ, rkey, remote_addr, 0);
}

static void rnic_wr_rdma_write(struct ibv_qp_ex *qpx, uint32_t rkey, uint64_t remote_addr)
{
	rnic_wr_rdma(qpx, IBV_WR_RDMA_WRITE, rkey, remote_addr, 0);
}

static void rnic_wr_rdma_write_imm(struct ibv_qp_ex *qpx, uint32_t rkey, uint64_t remote_addr,
				   __be32 imm_data)
{
	rnic_wr_rdma(qpx, IBV_WR_RDMA_WRITE_WITH_IMM, rkey, remote_addr, imm_data);
}

static void rnic_wr_send(struct ibv_qp_ex *qpx)
{
	(void)rnic_wr_new(qpx, IBV_WR_SEND);
}

static void rnic_wr_send_imm(struct ibv_qp_ex *qpx, __be32 imm_data)
{
	struct ibv_send_wr *wr = rnic_wr_new(qpx, IBV_WR_SEND_WITH_IMM);

	if (wr)
		wr->imm_data = imm_data;
}

static void rnic_wr_send_inv(struct ibv_qp_ex *qpx, uint32_t invalidate_rkey)
{
	struct ibv_send_wr *wr = rnic_wr_new(qpx, IBV_WR_SEND_WITH_INV);

	if (wr)
		wr->invalidate_rkey = invalidate_rkey;
}

/* The header is copied now; the writer checks it as ibv_post_send does. */
static void rnic_wr_send_tso(struct ibv_qp_ex *qpx, void *hdr, uint16_t hdr_sz, uint16_t mss)
{
	struct rnic_wr_batch *b = rnic_qpx(qpx)->wrb;
	struct ibv_send_wr *wr = rnic_wr_new(qpx, IBV_WR_TSO);
	uint8_t *copy;

	if (!wr)
		return;
	if (!hdr || hdr_sz > b->tso_per) {
		rnic_wr_fail(b, EINVAL);
		return;
	}
	copy = &b->tso[(size_t)(b->n - 1) * b->tso_per];
	memcpy(copy, hdr, hdr_sz);
	wr->tso.hdr = copy;
	wr->tso.hdr_sz = hdr_sz;
	wr->tso.mss = mss;
}

/* IBV_QP_EX_WITH_ATOMIC_WRITE is never granted (rnic_qp_send_ops_mask):
 * the posting fails. */
static void rnic_wr_atomic_write(struct ibv_qp_ex *qpx, uint32_t rkey, uint64_t remote_addr,
				 const void *atomic_wr)
{
	(void)rkey;
	(void)remote_addr;
	(void)atomic_wr;
	rnic_wr_fail(rnic_qpx(qpx)->wrb, EINVAL);
}

/* ------------------------------------------------------------------ */
/* setters                                                             */

static void rnic_wr_set_ud_addr(struct ibv_qp_ex *qpx, struct ibv_ah *ah, uint32_t remote_qpn,
				uint32_t remote_qkey)
{
	struct ibv_send_wr *wr = rnic_wr_last(qpx);

	if (!wr)
		return;
	wr->wr.ud.ah = ah;
	wr->wr.ud.remote_qpn = remote_qpn;
	wr->wr.ud.remote_qkey = remote_qkey;
}

static void rnic_wr_set_xrc_srqn(struct ibv_qp_ex *qpx, uint32_t remote_srqn)
{
	struct ibv_send_wr *wr = rnic_wr_last(qpx);

	if (wr)
		wr->qp_type.xrc.remote_srqn = remote_srqn;
}

static void rnic_wr_set_sge_list(struct ibv_qp_ex *qpx, size_t num_sge,
				 const struct ibv_sge *sg_list)
{
	struct rnic_wr_batch *b = rnic_qpx(qpx)->wrb;
	struct ibv_send_wr *wr = rnic_wr_last(qpx);

	if (!wr)
		return;
	if (num_sge > b->sge_per || (num_sge && !sg_list)) {
		rnic_wr_fail(b, EINVAL);
		return;
	}
	memcpy(wr->sg_list, sg_list, num_sge * sizeof(*sg_list));
	wr->num_sge = (int)num_sge;
}

static void rnic_wr_set_sge(struct ibv_qp_ex *qpx, uint32_t lkey, uint64_t addr, uint32_t length)
{
	struct ibv_sge sge = {.addr = addr, .length = length, .lkey = lkey};

	rnic_wr_set_sge_list(qpx, 1, &sge);
}

/* The buffers are copied into the WR's own inline room now, then travel
 * inline (IBV_SEND_INLINE) from there: one SGE over the copy. */
static void rnic_wr_set_inline_data_list(struct ibv_qp_ex *qpx, size_t num_buf,
					 const struct ibv_data_buf *buf_list)
{
	struct rnic_wr_batch *b = rnic_qpx(qpx)->wrb;
	struct ibv_send_wr *wr = rnic_wr_last(qpx);
	uint8_t *dst;
	size_t len = 0;

	if (!wr)
		return;
	dst = &b->inl[(size_t)(b->n - 1) * b->inl_per];
	for (size_t i = 0; i < num_buf; i++) {
		if (buf_list[i].length > b->inl_per - len) {
			rnic_wr_fail(b, EINVAL);
			return;
		}
		memcpy(dst + len, buf_list[i].addr, buf_list[i].length);
		len += buf_list[i].length;
	}
	wr->sg_list[0].addr = (uintptr_t)dst;
	wr->sg_list[0].length = (uint32_t)len;
	wr->sg_list[0].lkey = 0;
	wr->num_sge = 1;
	wr->send_flags |= IBV_SEND_INLINE;
}

static void rnic_wr_set_inline_data(struct ibv_qp_ex *qpx, void *addr, size_t length)
{
	struct ibv_data_buf buf = {.addr = addr, .length = length};

	rnic_wr_set_inline_data_list(qpx, 1, &buf);
}

/* ------------------------------------------------------------------ */
/* setup                                                               */

int rnic_wr_init(struct rnic_qp *qp, uint64_t send_ops)
{
	struct rnic_wr_batch *b = calloc(1, sizeof(*b));
	struct ibv_qp_ex *x = &qp->ibqpx;

	if (!b)
		return ENOMEM;
	b->cnt = qp->sq.cnt;
	b->sge_per = qp->sq.max_sge ? qp->sq.max_sge : 1;
	b->inl_per = qp->max_inline;
	b->tso_per = qp->max_tso_header;
	b->wr = calloc(b->cnt, sizeof(*b->wr));
	b->sge = calloc((size_t)b->cnt * b->sge_per, sizeof(*b->sge));
	b->inl = b->inl_per ? calloc(b->cnt, b->inl_per) : NULL;
	b->tso = b->tso_per ? calloc(b->cnt, b->tso_per) : NULL;
	if (!b->wr || !b->sge || (b->inl_per && !b->inl) || (b->tso_per && !b->tso)) {
		qp->wrb = b;
		rnic_wr_fini(qp);
		return ENOMEM;
	}
	qp->wrb = b;
	b->ops = rnic_send_ops_opcodes(send_ops);
	x->comp_mask = 0;
	x->wr_id = 0;
	x->wr_flags = 0;
	x->wr_atomic_cmp_swp = rnic_wr_atomic_cmp_swp;
	x->wr_atomic_fetch_add = rnic_wr_atomic_fetch_add;
	x->wr_bind_mw = rnic_wr_bind_mw;
	x->wr_local_inv = rnic_wr_local_inv;
	x->wr_rdma_read = rnic_wr_rdma_read;
	x->wr_rdma_write = rnic_wr_rdma_write;
	x->wr_rdma_write_imm = rnic_wr_rdma_write_imm;
	x->wr_send = rnic_wr_send;
	x->wr_send_imm = rnic_wr_send_imm;
	x->wr_send_inv = rnic_wr_send_inv;
	x->wr_send_tso = rnic_wr_send_tso;
	x->wr_set_ud_addr = rnic_wr_set_ud_addr;
	x->wr_set_xrc_srqn = rnic_wr_set_xrc_srqn;
	x->wr_set_inline_data = rnic_wr_set_inline_data;
	x->wr_set_inline_data_list = rnic_wr_set_inline_data_list;
	x->wr_set_sge = rnic_wr_set_sge;
	x->wr_set_sge_list = rnic_wr_set_sge_list;
	x->wr_start = rnic_wr_start;
	x->wr_complete = rnic_wr_complete;
	x->wr_abort = rnic_wr_abort;
	x->wr_atomic_write = rnic_wr_atomic_write;
	return 0;
}

void rnic_wr_fini(struct rnic_qp *qp)
{
	struct rnic_wr_batch *b = qp->wrb;

	if (!b)
		return;
	free(b->wr);
	free(b->sge);
	free(b->inl);
	free(b->tso);
	free(b);
	qp->wrb = NULL;
}

/* ibv_qp_to_qp_ex: the extended QP of a QP created with
 * IBV_QP_INIT_ATTR_SEND_OPS_FLAGS, else NULL (errno EOPNOTSUPP). */
RNIC_EXPORT struct ibv_qp_ex *ibv_qp_to_qp_ex(struct ibv_qp *ibqp)
{
	struct rnic_qp *qp = (struct rnic_qp *)ibqp;

	if (!qp || !qp->wrb) {
		errno = EOPNOTSUPP;
		return NULL;
	}
	return &qp->ibqpx;
}
