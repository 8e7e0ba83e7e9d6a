/* Flow steering rules: CREATE_FLOW and DESTROY_FLOW keep the hardware's
 * FLOW table (docs/contract.md, layout "flow"). The receive path matches a
 * frame that is not RoCEv2 for this port against the valid entries in
 * index order, (field XOR value) AND mask == 0 on every field, and hands
 * it to the first matching entry's RAW_PACKET QP: a rule installed into a
 * lower index wins, whatever priority the application gave it. */
#include "rnic_fw_internal.h"

/* struct rnic_fw_flow keeps the QPN in 16 bits. */
_Static_assert(RNIC_LOG_QPS <= 16, "QPNs fit struct rnic_fw_flow.qpn");

uint32_t rnic_fw_qp_flows(const struct rnic_fw *fw, uint32_t qpn)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < fw->nflows; i++)
		if (fw->flow[i].valid && fw->flow[i].qpn == qpn)
			n++;
	return n;
}

/* The entry goes invalid in hardware first (an all-zero entry: valid 0),
 * then in the firmware's table. */
static void rnic_fw_flow_kill(struct rnic_fw *fw, uint32_t idx)
{
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_FLOW, idx, NULL, 0);
	fw->flow[idx].valid = 0;
	fw->flow[idx].uctx = 0;
	fw->flow[idx].qpn = 0;
}

void rnic_fw_flows_free_uctx(struct rnic_fw *fw, uint32_t u)
{
	for (uint32_t i = 0; i < fw->nflows; i++)
		if (fw->flow[i].valid && fw->flow[i].uctx == u)
			rnic_fw_flow_kill(fw, i);
}

/* CREATE_FLOW: the QP must be a RAW_PACKET QP of the caller's (BAD_HANDLE
 * otherwise: an unknown QP, another uctx's, or a QP of another type); the
 * lowest free entry takes the rule (NO_RESOURCES when all RNIC_FW_MAX_FLOWS
 * are in use) and its index is the handle. Each value is written ANDed with
 * its mask: the bits a mask leaves out never take part in a match, so the
 * entry holds none. A rule whose masks are all zero matches every frame the
 * receive path steers (an empty ibv_flow_attr). */
uint32_t rnic_fw_cmd_create_flow(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t qpn = rnic_cmd_create_flow_in_get_qpn(in);
	uint32_t dm_lo = rnic_cmd_create_flow_in_get_dmac_mask_lo(in);
	uint32_t dm_hi = rnic_cmd_create_flow_in_get_dmac_mask_hi(in);
	uint32_t sm_lo = rnic_cmd_create_flow_in_get_smac_mask_lo(in);
	uint32_t sm_hi = rnic_cmd_create_flow_in_get_smac_mask_hi(in);
	uint32_t et_m = rnic_cmd_create_flow_in_get_ethertype_mask(in);
	uint32_t ctx[11];

	if (!rnic_fw_uctx_live(fw, u) || qpn < RNIC_FW_FIRST_QPN || qpn >= fw->nqps ||
	    !fw->qp[qpn].valid || fw->qp[qpn].uctx != u ||
	    rnic_qpc_get_type(fw->qp[qpn].qpc) != RNIC_QP_TYPE_RAW)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	for (uint32_t i = 0; i < fw->nflows; i++) {
		struct rnic_fw_flow *f = &fw->flow[i];

		if (f->valid)
			continue;
		rnic_fw_words_zero(ctx, 11);
		rnic_flow_set_valid(ctx, 1);
		rnic_flow_set_qpn(ctx, qpn);
		rnic_flow_set_dmac_lo(ctx, rnic_cmd_create_flow_in_get_dmac_lo(in) & dm_lo);
		rnic_flow_set_dmac_hi(ctx, rnic_cmd_create_flow_in_get_dmac_hi(in) & dm_hi);
		rnic_flow_set_dmac_mask_lo(ctx, dm_lo);
		rnic_flow_set_dmac_mask_hi(ctx, dm_hi);
		rnic_flow_set_smac_lo(ctx, rnic_cmd_create_flow_in_get_smac_lo(in) & sm_lo);
		rnic_flow_set_smac_hi(ctx, rnic_cmd_create_flow_in_get_smac_hi(in) & sm_hi);
		rnic_flow_set_smac_mask_lo(ctx, sm_lo);
		rnic_flow_set_smac_mask_hi(ctx, sm_hi);
		rnic_flow_set_ethertype(ctx, rnic_cmd_create_flow_in_get_ethertype(in) & et_m);
		rnic_flow_set_ethertype_mask(ctx, et_m);
		f->valid = 1;
		f->uctx = (uint16_t)u;
		f->qpn = (uint16_t)qpn;
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_FLOW, i, ctx, 11);
		rnic_cmd_out_set_handle(out, i);
		return RNIC_CMD_STATUS_OK;
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

/* DESTROY_FLOW: handle = the flow index; only the caller's own rule. */
uint32_t rnic_fw_cmd_destroy_flow(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t idx = rnic_cmd_in_get_handle(in);

	(void)out;
	if (!rnic_fw_uctx_live(fw, u) || idx >= fw->nflows || !fw->flow[idx].valid ||
	    fw->flow[idx].uctx != u)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	rnic_fw_flow_kill(fw, idx);
	return RNIC_CMD_STATUS_OK;
}
