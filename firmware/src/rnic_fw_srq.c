/* Shared receive queues: creation, the limit attribute, queries and
 * destruction. A QP attaches to an SRQ when it is created (CREATE_QP with
 * srq_en, rnic_fw_qp.c) and holds a reference on it until it is destroyed.
 * An XRC SRQ (xrc = 1, IBA annex A14) is never attached that way: XRC
 * target QPs of its domain take its WQEs when a request's XRCETH names it,
 * and its receive completions go to its own CQ. Every command validates
 * everything first and changes state only once nothing can fail. */
#include "rnic_fw_internal.h"

/* IBV_SRQ_LIMIT of enum ibv_srq_attr_mask, the one MODIFY_SRQ attribute
 * (contract: cmd_srq_attr.mask); IBV_SRQ_MAX_WR, resizing, is refused. */
#define RNIC_FW_SRQ_ATTR_LIMIT 2u

/* srqc fields lie in words 0..7; ctx_write sends the rest as zero. */
#define RNIC_FW_SRQC_WORDS 8u

/* struct rnic_fw_srq keeps an XRC SRQ's CQ number in 16 bits. */
_Static_assert(RNIC_LOG_CQS <= 16, "CQ numbers fit struct rnic_fw_srq.cqn");

struct rnic_fw_srq *rnic_fw_srq_owned(struct rnic_fw *fw, uint32_t uctx, uint32_t srqn)
{
	if (!rnic_fw_uctx_live(fw, uctx) || srqn < RNIC_FW_FIRST_SRQ || srqn >= fw->nsrqs ||
	    !fw->srq[srqn].valid || fw->srq[srqn].uctx != uctx)
		return NULL;
	return &fw->srq[srqn];
}

/* Writes the srqc entry of a live SRQ with its armed limit. keep_idx = 0
 * (creation) clears the SRQ's producer and consumer indexes; keep_idx = 1
 * (re-arming a live SRQ) keeps them. */
static void rnic_fw_srqc_write(struct rnic_fw *fw, uint32_t srqn, uint32_t keep_idx)
{
	const struct rnic_fw_srq *srq = &fw->srq[srqn];
	uint32_t srqc[RNIC_FW_SRQC_WORDS];

	rnic_fw_words_zero(srqc, RNIC_FW_SRQC_WORDS);
	rnic_srqc_set_valid(srqc, 1);
	rnic_srqc_set_log_size(srqc, srq->log_size);
	rnic_srqc_set_log_stride(srqc, srq->log_stride);
	rnic_srqc_set_uctx(srqc, srq->uctx);
	rnic_srqc_set_pdn(srqc, srq->pdn);
	rnic_srqc_set_base(srqc, srq->base);
	rnic_srqc_set_limit(srqc, srq->limit);
	rnic_srqc_set_keep_idx(srqc, keep_idx);
	rnic_srqc_set_xrc(srqc, srq->xrc);
	rnic_srqc_set_xrcdn(srqc, srq->xrcdn);
	rnic_srqc_set_cqn(srqc, srq->cqn);
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_SRQC, srqn, srqc, RNIC_FW_SRQC_WORDS);
}

uint32_t rnic_fw_cmd_create_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t pdn = rnic_cmd_create_srq_in_get_pdn(in);
	uint32_t log_size = rnic_cmd_create_srq_in_get_log_size(in);
	uint32_t log_stride = rnic_cmd_create_srq_in_get_log_stride(in);
	uint64_t base = rnic_cmd_create_srq_in_get_base(in);
	uint32_t limit = rnic_cmd_create_srq_in_get_limit(in);
	uint32_t xrc = rnic_cmd_create_srq_in_get_xrc(in);
	/* an ordinary SRQ has neither: the fields are ignored */
	uint32_t xrcdn = xrc ? rnic_cmd_create_srq_in_get_xrcdn(in) : 0;
	uint32_t cqn = xrc ? rnic_cmd_create_srq_in_get_cqn(in) : 0;

	if (!rnic_fw_uctx_live(fw, u) || !rnic_fw_pd_owned(fw, u, pdn))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	/* ibv_create_srq_ex(3): an XRC SRQ names its domain and its CQ */
	if (xrc && (!rnic_fw_xrcd_owned(fw, u, xrcdn) || !rnic_fw_cq_owned(fw, u, cqn)))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (log_size > RNIC_LOG_MAX_WQE ||
	    log_stride < rnic_fw_log2(RNIC_RECV_WQE_BYTES) ||
	    log_stride > rnic_fw_log2(RNIC_RECV_WQE_MAX_STRIDE) ||
	    limit > 1u << log_size)
		return RNIC_CMD_STATUS_BAD_PARAM;

	for (uint32_t n = RNIC_FW_FIRST_SRQ; n < fw->nsrqs; n++) {
		struct rnic_fw_srq *srq = &fw->srq[n];

		if (srq->valid)
			continue;
		srq->valid = 1;
		srq->uctx = (uint16_t)u;
		srq->pdn = (uint16_t)pdn;
		srq->log_size = (uint8_t)log_size;
		srq->log_stride = (uint8_t)log_stride;
		srq->base = base;
		srq->limit = limit;
		srq->refs = 0;
		srq->xrc = (uint8_t)xrc;
		srq->xrcdn = (uint16_t)xrcdn;
		srq->cqn = (uint16_t)cqn;
		fw->pd[pdn].refs++;
		if (xrc) {
			fw->xrcd[xrcdn].refs++;
			fw->cq[cqn].refs++;
		}
		rnic_fw_srqc_write(fw, n, 0);
		rnic_cmd_out_set_handle(out, n);
		return RNIC_CMD_STATUS_OK;
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

void rnic_fw_srq_destroy(struct rnic_fw *fw, uint32_t srqn)
{
	struct rnic_fw_srq *srq = &fw->srq[srqn];

	fw->pd[srq->pdn].refs--;
	if (srq->xrc) {
		fw->xrcd[srq->xrcdn].refs--;
		fw->cq[srq->cqn].refs--;
	}
	srq->valid = 0;
	srq->xrc = 0;
	srq->xrcdn = 0;
	srq->cqn = 0;
	srq->uctx = 0;
	srq->pdn = 0;
	srq->log_size = 0;
	srq->log_stride = 0;
	srq->base = 0;
	srq->limit = 0;
	srq->refs = 0;
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_SRQC, srqn, NULL, 0);
}

uint32_t rnic_fw_cmd_destroy_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t srqn = rnic_cmd_in_get_handle(in);
	struct rnic_fw_srq *srq = rnic_fw_srq_owned(fw, rnic_cmd_in_get_uctx(in), srqn);

	(void)out;
	if (srq == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (srq->refs != 0)
		return RNIC_CMD_STATUS_BUSY;
	rnic_fw_srq_destroy(fw, srqn);
	return RNIC_CMD_STATUS_OK;
}

/* Only the limit can change: it arms (or, with 0, disarms) the hardware's
 * limit; when a WQE taken leaves fewer, the hardware raises hw_event
 * SRQ_LIMIT and disarms, and the firmware reports
 * IBV_EVENT_SRQ_LIMIT_REACHED (rnic_fw_event.c). */
uint32_t rnic_fw_cmd_modify_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_srq *srq =
		rnic_fw_srq_owned(fw, rnic_cmd_in_get_uctx(in), rnic_cmd_in_get_handle(in));
	uint32_t limit = rnic_cmd_srq_attr_get_limit(in);

	(void)out;
	if (srq == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (rnic_cmd_srq_attr_get_mask(in) != RNIC_FW_SRQ_ATTR_LIMIT)
		return RNIC_CMD_STATUS_BAD_MASK;
	if (limit > 1u << srq->log_size)
		return RNIC_CMD_STATUS_BAD_PARAM;
	srq->limit = limit;
	rnic_fw_srqc_write(fw, rnic_cmd_in_get_handle(in), 1);
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_query_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	const struct rnic_fw_srq *srq =
		rnic_fw_srq_owned(fw, rnic_cmd_in_get_uctx(in), rnic_cmd_in_get_handle(in));

	if (srq == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	rnic_cmd_srq_attr_set_max_wr(out, 1u << srq->log_size);
	rnic_cmd_srq_attr_set_limit(out, srq->limit);
	return RNIC_CMD_STATUS_OK;
}
