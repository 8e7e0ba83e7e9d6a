/* Device and port queries; user contexts, protection domains, XRC domains,
 * completion queues and memory regions. Every command validates everything
 * first and changes state only once nothing can fail. */
#include "rnic_fw_cm.h"
#include "rnic_fw_internal.h"

/* struct rnic_fw_srq keeps an XRC SRQ's domain in 16 bits. */
_Static_assert(RNIC_LOG_XRCDS <= 16, "XRCD numbers fit struct rnic_fw_srq.xrcdn");

/* ---- queries ---------------------------------------------------------- */

/* EUI-64 from the EUI-48 MAC: insert FF FE in the middle and flip the
 * universal/local bit (bit 1 of the first byte). */
void rnic_fw_node_guid(const struct rnic_fw *fw, uint8_t *guid)
{
	const uint8_t *m = fw->cfg.mac;

	guid[0] = (uint8_t)(m[0] ^ 0x02u);
	guid[1] = m[1];
	guid[2] = m[2];
	guid[3] = 0xFF;
	guid[4] = 0xFE;
	guid[5] = m[3];
	guid[6] = m[4];
	guid[7] = m[5];
}

uint32_t rnic_fw_cmd_query_device(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint8_t guid[8];
	uint64_t g = 0;

	(void)in;
	/* GUID byte 0 goes to bits 7:0, as the bytes lie in memory (the
	 * host's __be64). */
	rnic_fw_node_guid(fw, guid);
	for (uint32_t i = 0; i < 8; i++)
		g |= (uint64_t)guid[i] << (8u * i);
	rnic_cmd_query_device_out_set_fw_ver(out, RNIC_FW_VERSION_MAJOR << 16 |
							  RNIC_FW_VERSION_MINOR);
	rnic_cmd_query_device_out_set_node_guid(out, g);
	rnic_cmd_query_device_out_set_max_qp(out, fw->nqps - RNIC_FW_FIRST_QPN);
	rnic_cmd_query_device_out_set_max_cq(out, fw->ncqs);
	rnic_cmd_query_device_out_set_max_mr(out, fw->nmrs - RNIC_FW_FIRST_MR);
	rnic_cmd_query_device_out_set_max_pd(out, fw->npds);
	rnic_cmd_query_device_out_set_max_qp_wr(out, 1u << RNIC_LOG_MAX_WQE);
	rnic_cmd_query_device_out_set_max_cqe(out, 1u << RNIC_LOG_MAX_CQE);
	rnic_cmd_query_device_out_set_max_sge(out, RNIC_MAX_SEND_SGE);
	rnic_cmd_query_device_out_set_max_recv_sge(out, RNIC_MAX_RECV_SGE);
	rnic_cmd_query_device_out_set_max_inline(out, RNIC_MAX_INLINE);
	rnic_cmd_query_device_out_set_max_rd_atom(out, RNIC_FW_MAX_RD_ATOMIC);
	rnic_cmd_query_device_out_set_max_mr_size(out, ~(uint64_t)0);
	/* Regions are contiguous in IOVA space: any page size from 4 KiB up. */
	rnic_cmd_query_device_out_set_page_size_cap(out, ~(uint64_t)0xFFF);
	/* The firmware port carries no hardware revision register. */
	rnic_cmd_query_device_out_set_hw_ver(out, 0);
	rnic_cmd_query_device_out_set_max_srq(out, fw->nsrqs - RNIC_FW_FIRST_SRQ);
	rnic_cmd_query_device_out_set_max_srq_wr(out, 1u << RNIC_LOG_MAX_WQE);
	rnic_cmd_query_device_out_set_max_srq_sge(out, RNIC_MAX_RECV_SGE);
	rnic_cmd_query_device_out_set_max_mw(out, fw->nmrs - RNIC_FW_FIRST_MR);
	rnic_cmd_query_device_out_set_max_xrcd(out, fw->nxrcds - RNIC_FW_FIRST_XRCD);
	rnic_cmd_query_device_out_set_max_flows(out, fw->nflows);
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_query_port(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	const uint8_t *m = fw->cfg.mac;
	uint32_t link = fw->hal.read32(fw->hal.opaque, RNIC_FW_PORT_CTRL) & 1u;

	(void)in;
	/* ibv_port_state numbering: 1 DOWN, 4 ACTIVE. */
	rnic_cmd_query_port_out_set_state(out, link ? 4u : 1u);
	rnic_cmd_query_port_out_set_max_mtu(out, RNIC_FW_PORT_MAX_MTU);
	rnic_cmd_query_port_out_set_active_mtu(out, RNIC_FW_PORT_MAX_MTU);
	rnic_cmd_query_port_out_set_gid_tbl_len(out, RNIC_FW_GID_TBL_LEN);
	rnic_cmd_query_port_out_set_mac_lo(out, (uint32_t)m[2] << 24 | (uint32_t)m[3] << 16 |
							(uint32_t)m[4] << 8 | m[5]);
	rnic_cmd_query_port_out_set_mac_hi(out, (uint32_t)m[0] << 8 | m[1]);
	rnic_cmd_query_port_out_set_ipv4(out, fw->cfg.ipv4);
	rnic_cmd_query_port_out_set_speed_gbps(out, RNIC_FW_PORT_SPEED_GBPS);
	return RNIC_CMD_STATUS_OK;
}

/* ---- user contexts ---------------------------------------------------- */

uint32_t rnic_fw_cmd_alloc_uctx(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	(void)in;
	for (uint32_t u = RNIC_FW_FIRST_UCTX; u < fw->nuctxs; u++) {
		if (!fw->uctx_valid[u]) {
			fw->uctx_valid[u] = 1;
			rnic_cmd_out_set_handle(out, u);
			return RNIC_CMD_STATUS_OK;
		}
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

/* A window no longer bound to its region (unbound, invalidated, freed). */
void rnic_fw_mw_unbind(struct rnic_fw *fw, uint32_t idx)
{
	struct rnic_fw_mr *mw = &fw->mr[idx];

	if (mw->bound_mr != 0 && fw->mr[mw->bound_mr].mw_binds != 0)
		fw->mr[mw->bound_mr].mw_binds--;
	mw->bound_mr = 0;
}

/* The hardware entry of an allocated, unbound window: invalid, marked as a
 * window, with its PD and current tag (BIND_MW checks both). */
void rnic_fw_mw_write_unbound(struct rnic_fw *fw, uint32_t idx)
{
	uint32_t mpt[9];

	rnic_fw_words_zero(mpt, 9);
	rnic_mpt_set_mw(mpt, 1);
	rnic_mpt_set_tag(mpt, fw->mr[idx].tag);
	rnic_mpt_set_pdn(mpt, fw->mr[idx].pdn);
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_MPT, idx, mpt, 9);
}

static void rnic_fw_mr_kill(struct rnic_fw *fw, uint32_t idx)
{
	struct rnic_fw_mr *mr = &fw->mr[idx];

	if (mr->mw)
		rnic_fw_mw_unbind(fw, idx);
	fw->pd[mr->pdn].refs--;
	mr->valid = 0;
	mr->mw = 0;
	mr->mw_binds = 0;
	mr->uctx = 0;
	mr->pdn = 0;
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_MPT, idx, NULL, 0);
}

static void rnic_fw_cq_kill(struct rnic_fw *fw, uint32_t cqn)
{
	struct rnic_fw_cq *cq = &fw->cq[cqn];

	rnic_fw_words_zero(cq->cqc, RNIC_CTX_WORDS / 8);
	cq->valid = 0;
	cq->uctx = 0;
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_CQC, cqn, NULL, 0);
}

/* Cleanup after a dying process: flow steering rules first (they name its
 * QPs), then QPs (they hold the CQ, SRQ, PD and XRC domain references),
 * then SRQs (PD, CQ and domain references), memory windows and regions,
 * CQs, PDs, XRC domains, and the page itself. */
uint32_t rnic_fw_cmd_free_uctx(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_handle(in);

	(void)out;
	if (!rnic_fw_uctx_live(fw, u) || rnic_cmd_in_get_uctx(in) != u)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	/* CM IDs first: their peers are told (DREQ, DREP, REJ) before the
	 * QPs go */
	rnic_fw_cm_free_uctx(fw, u);
	rnic_fw_flows_free_uctx(fw, u);
	for (uint32_t i = RNIC_FW_FIRST_QPN; i < fw->nqps; i++)
		if (fw->qp[i].valid && fw->qp[i].uctx == u)
			rnic_fw_qp_destroy(fw, i);
	/* A QP attaches only to its own uctx's SRQs, so none is still in use. */
	for (uint32_t i = RNIC_FW_FIRST_SRQ; i < fw->nsrqs; i++)
		if (fw->srq[i].valid && fw->srq[i].uctx == u)
			rnic_fw_srq_destroy(fw, i);
	/* windows first: they hold their regions */
	for (uint32_t i = RNIC_FW_FIRST_MR; i < fw->nmrs; i++)
		if (fw->mr[i].valid && fw->mr[i].uctx == u && fw->mr[i].mw)
			rnic_fw_mr_kill(fw, i);
	for (uint32_t i = RNIC_FW_FIRST_MR; i < fw->nmrs; i++)
		if (fw->mr[i].valid && fw->mr[i].uctx == u)
			rnic_fw_mr_kill(fw, i);
	for (uint32_t i = 0; i < fw->ncqs; i++)
		if (fw->cq[i].valid && fw->cq[i].uctx == u)
			rnic_fw_cq_kill(fw, i);
	for (uint32_t i = 0; i < fw->npds; i++) {
		if (fw->pd[i].valid && fw->pd[i].uctx == u) {
			fw->pd[i].valid = 0;
			fw->pd[i].uctx = 0;
			fw->pd[i].refs = 0;
		}
	}
	for (uint32_t i = RNIC_FW_FIRST_XRCD; i < fw->nxrcds; i++) {
		if (fw->xrcd[i].valid && fw->xrcd[i].uctx == u) {
			fw->xrcd[i].valid = 0;
			fw->xrcd[i].uctx = 0;
			fw->xrcd[i].refs = 0;
		}
	}
	fw->uctx_valid[u] = 0;
	return RNIC_CMD_STATUS_OK;
}

/* ---- protection domains ----------------------------------------------- */

uint32_t rnic_fw_cmd_alloc_pd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);

	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	for (uint32_t i = 0; i < fw->npds; i++) {
		if (!fw->pd[i].valid) {
			fw->pd[i].valid = 1;
			fw->pd[i].uctx = (uint16_t)u;
			fw->pd[i].refs = 0;
			rnic_cmd_out_set_handle(out, i);
			return RNIC_CMD_STATUS_OK;
		}
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

int rnic_fw_pd_owned(const struct rnic_fw *fw, uint32_t u, uint32_t pdn)
{
	return pdn < fw->npds && fw->pd[pdn].valid && fw->pd[pdn].uctx == u;
}

uint32_t rnic_fw_cmd_dealloc_pd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t pdn = rnic_cmd_in_get_handle(in);

	(void)out;
	if (!rnic_fw_uctx_live(fw, u) || !rnic_fw_pd_owned(fw, u, pdn))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (fw->pd[pdn].refs != 0)
		return RNIC_CMD_STATUS_BUSY;
	fw->pd[pdn].valid = 0;
	fw->pd[pdn].uctx = 0;
	return RNIC_CMD_STATUS_OK;
}

/* ---- XRC domains ------------------------------------------------------ */

/* OPEN_XRCD: a new domain of the caller's (handle = its number, from
 * RNIC_FW_FIRST_XRCD: 0 names none). Nothing reaches the hardware until an
 * XRC SRQ or an XRC target QP is created in it. */
uint32_t rnic_fw_cmd_open_xrcd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);

	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	for (uint32_t i = RNIC_FW_FIRST_XRCD; i < fw->nxrcds; i++) {
		if (!fw->xrcd[i].valid) {
			fw->xrcd[i].valid = 1;
			fw->xrcd[i].uctx = (uint16_t)u;
			fw->xrcd[i].refs = 0;
			rnic_cmd_out_set_handle(out, i);
			return RNIC_CMD_STATUS_OK;
		}
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

int rnic_fw_xrcd_owned(const struct rnic_fw *fw, uint32_t u, uint32_t xrcdn)
{
	return xrcdn >= RNIC_FW_FIRST_XRCD && xrcdn < fw->nxrcds && fw->xrcd[xrcdn].valid &&
	       fw->xrcd[xrcdn].uctx == u;
}

/* CLOSE_XRCD: BUSY while an XRC SRQ or an XRC target QP is in the domain
 * (ibv_close_xrcd(3): it fails while other resources use the domain). */
uint32_t rnic_fw_cmd_close_xrcd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t xrcdn = rnic_cmd_in_get_handle(in);

	(void)out;
	if (!rnic_fw_uctx_live(fw, u) || !rnic_fw_xrcd_owned(fw, u, xrcdn))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (fw->xrcd[xrcdn].refs != 0)
		return RNIC_CMD_STATUS_BUSY;
	fw->xrcd[xrcdn].valid = 0;
	fw->xrcd[xrcdn].uctx = 0;
	return RNIC_CMD_STATUS_OK;
}

/* ---- completion queues ------------------------------------------------ */

int rnic_fw_cq_owned(const struct rnic_fw *fw, uint32_t u, uint32_t cqn)
{
	return cqn < fw->ncqs && fw->cq[cqn].valid && fw->cq[cqn].uctx == u;
}

uint32_t rnic_fw_cmd_create_cq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint64_t base = rnic_cmd_create_cq_in_get_base(in);
	uint32_t log_size = rnic_cmd_create_cq_in_get_log_size(in);
	uint32_t vector = rnic_cmd_create_cq_in_get_vector(in);
	uint64_t bytes;
	struct rnic_fw_cq *cq;

	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (log_size > RNIC_LOG_MAX_CQE || vector >= RNIC_IRQ_VECTORS ||
	    (base & (RNIC_CQE_BYTES - 1u)) != 0)
		return RNIC_CMD_STATUS_BAD_PARAM;
	bytes = (uint64_t)RNIC_CQE_BYTES << log_size;
	if (base > ~(uint64_t)0 - bytes + 1u) /* the ring may end at 2^64, not wrap */
		return RNIC_CMD_STATUS_BAD_PARAM;
	for (uint32_t i = 0; i < fw->ncqs; i++) {
		cq = &fw->cq[i];
		if (cq->valid)
			continue;
		cq->valid = 1;
		cq->uctx = (uint16_t)u;
		cq->refs = 0;
		rnic_fw_words_zero(cq->cqc, RNIC_CTX_WORDS / 8);
		rnic_cqc_set_valid(cq->cqc, 1);
		rnic_cqc_set_log_size(cq->cqc, log_size);
		rnic_cqc_set_uctx(cq->cqc, u);
		rnic_cqc_set_vector(cq->cqc, vector);
		rnic_cqc_set_base(cq->cqc, base);
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_CQC, i, cq->cqc, RNIC_CTX_WORDS / 8);
		rnic_cmd_out_set_handle(out, i);
		return RNIC_CMD_STATUS_OK;
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

uint32_t rnic_fw_cmd_destroy_cq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t cqn = rnic_cmd_in_get_handle(in);

	(void)out;
	if (!rnic_fw_uctx_live(fw, u) || !rnic_fw_cq_owned(fw, u, cqn))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	/* ibv_destroy_cq(3): EBUSY while a QP or an XRC SRQ completes on it */
	if (fw->cq[cqn].refs != 0)
		return RNIC_CMD_STATUS_BUSY;
	rnic_fw_cq_kill(fw, cqn);
	return RNIC_CMD_STATUS_OK;
}

/* ---- memory regions --------------------------------------------------- */

#define RNIC_FW_MR_ACCESS_ALL                                                  \
	(RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE | RNIC_ACCESS_REMOTE_READ | \
	 RNIC_ACCESS_REMOTE_ATOMIC | RNIC_ACCESS_MW_BIND | RNIC_ACCESS_ZERO_BASED)

uint32_t rnic_fw_cmd_reg_mr(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t pdn = rnic_cmd_reg_mr_in_get_pdn(in);
	uint32_t access = rnic_cmd_reg_mr_in_get_access(in);
	uint64_t start = rnic_cmd_reg_mr_in_get_start(in);
	uint64_t length = rnic_cmd_reg_mr_in_get_length(in);
	uint64_t iova = rnic_cmd_reg_mr_in_get_iova(in);
	uint32_t mpt[8];

	if (!rnic_fw_uctx_live(fw, u) || !rnic_fw_pd_owned(fw, u, pdn))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (length == 0 || length > ~(uint64_t)0 - start || length > ~(uint64_t)0 - iova)
		return RNIC_CMD_STATUS_BAD_PARAM;
	if ((access & ~(uint32_t)RNIC_FW_MR_ACCESS_ALL) != 0)
		return RNIC_CMD_STATUS_BAD_PARAM;
	/* IBA 10.6.3.1 (and ibv_reg_mr): remote write or remote atomic access
	 * requires local write access. */
	if ((access & (RNIC_ACCESS_REMOTE_WRITE | RNIC_ACCESS_REMOTE_ATOMIC)) != 0 &&
	    (access & RNIC_ACCESS_LOCAL_WRITE) == 0)
		return RNIC_CMD_STATUS_BAD_PARAM;

	for (uint32_t i = RNIC_FW_FIRST_MR; i < fw->nmrs; i++) {
		struct rnic_fw_mr *mr = &fw->mr[i];

		if (mr->valid)
			continue;
		/* A new tag each time the index is reused, so stale keys miss. */
		mr->tag = (uint8_t)((mr->tag + 1u) & ((1u << RNIC_KEY_TAG_BITS) - 1u));
		mr->valid = 1;
		mr->mw = 0;
		mr->mw_binds = 0;
		mr->bound_mr = 0;
		mr->uctx = (uint16_t)u;
		mr->pdn = (uint16_t)pdn;
		fw->pd[pdn].refs++;
		rnic_fw_words_zero(mpt, 8);
		rnic_mpt_set_valid(mpt, 1);
		rnic_mpt_set_access(mpt, access);
		rnic_mpt_set_tag(mpt, mr->tag);
		rnic_mpt_set_pdn(mpt, pdn);
		rnic_mpt_set_start(mpt, start);
		rnic_mpt_set_length(mpt, length);
		rnic_mpt_set_iova(mpt, iova);
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_MPT, i, mpt, 8);
		rnic_cmd_out_set_handle(out, i << RNIC_KEY_TAG_BITS | mr->tag);
		return RNIC_CMD_STATUS_OK;
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

uint32_t rnic_fw_cmd_dereg_mr(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t key = rnic_cmd_in_get_handle(in);
	uint32_t idx = key >> RNIC_KEY_TAG_BITS;
	uint32_t tag = key & ((1u << RNIC_KEY_TAG_BITS) - 1u);

	(void)out;
	if (!rnic_fw_uctx_live(fw, u) || idx < RNIC_FW_FIRST_MR || idx >= fw->nmrs ||
	    !fw->mr[idx].valid || fw->mr[idx].mw || fw->mr[idx].tag != tag || fw->mr[idx].uctx != u)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	/* a region with windows bound to it stays (ibv_dereg_mr: EBUSY) */
	if (fw->mr[idx].mw_binds != 0)
		return RNIC_CMD_STATUS_BUSY;
	rnic_fw_mr_kill(fw, idx);
	return RNIC_CMD_STATUS_OK;
}

/* Memory windows (type 2B) share the key table with the regions. A new
 * window is unbound: its entry is invalid, marked mw, with its PD and tag;
 * the requester binds it (BIND_MW) and invalidates it (LOCAL_INV) and
 * reports both (hw_event MW_BIND, MW_INVAL, rnic_fw_event.c), so the
 * firmware knows which region each window holds. */
uint32_t rnic_fw_cmd_alloc_mw(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t pdn = rnic_cmd_alloc_mw_in_get_pdn(in);

	if (!rnic_fw_uctx_live(fw, u) || !rnic_fw_pd_owned(fw, u, pdn))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (rnic_cmd_alloc_mw_in_get_type(in) != 2u)
		return RNIC_CMD_STATUS_BAD_PARAM;
	for (uint32_t i = RNIC_FW_FIRST_MR; i < fw->nmrs; i++) {
		struct rnic_fw_mr *mw = &fw->mr[i];

		if (mw->valid)
			continue;
		mw->tag = (uint8_t)((mw->tag + 1u) & ((1u << RNIC_KEY_TAG_BITS) - 1u));
		mw->valid = 1;
		mw->mw = 1;
		mw->mw_binds = 0;
		mw->bound_mr = 0;
		mw->uctx = (uint16_t)u;
		mw->pdn = (uint16_t)pdn;
		fw->pd[pdn].refs++;
		rnic_fw_mw_write_unbound(fw, i);
		rnic_cmd_out_set_handle(out, i << RNIC_KEY_TAG_BITS | mw->tag);
		return RNIC_CMD_STATUS_OK;
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

/* The handle is any rkey the window had: binding changes the tag, so only
 * the index names it. */
uint32_t rnic_fw_cmd_dealloc_mw(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t idx = rnic_cmd_in_get_handle(in) >> RNIC_KEY_TAG_BITS;

	(void)out;
	if (!rnic_fw_uctx_live(fw, u) || idx < RNIC_FW_FIRST_MR || idx >= fw->nmrs ||
	    !fw->mr[idx].valid || !fw->mr[idx].mw || fw->mr[idx].uctx != u)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	rnic_fw_mr_kill(fw, idx);
	return RNIC_CMD_STATUS_OK;
}
