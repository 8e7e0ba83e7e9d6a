/* Firmware core: port bring-up, the command queue loop, context writes. */
#include <errno.h>
#include <stddef.h>

#include "rnic_fw_cm.h"
#include "rnic_fw_internal.h"

uint32_t rnic_fw_rd(const struct rnic_fw *fw, uint32_t off)
{
	return fw->hal.read32(fw->hal.opaque, off);
}

void rnic_fw_wr(const struct rnic_fw *fw, uint32_t off, uint32_t v)
{
	fw->hal.write32(fw->hal.opaque, off, v);
}

void rnic_fw_words_zero(uint32_t *w, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		w[i] = 0;
}

void rnic_fw_words_copy(uint32_t *dst, const uint32_t *src, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		dst[i] = src[i];
}

uint32_t rnic_fw_log2(uint32_t v)
{
	uint32_t l = 0;

	while (l < 31u && (1u << (l + 1u)) <= v)
		l++;
	return l;
}

/* FW_CTX_DATA, then FW_CTX_SEL ([7:0] table, [31:8] index), then
 * FW_CTX_CMD = WRITE; words beyond nwords are written as zero. */
void rnic_fw_ctx_write(struct rnic_fw *fw, uint32_t table, uint32_t index,
		       const uint32_t *words, uint32_t nwords)
{
	uint32_t spins = 0;

	while ((rnic_fw_rd(fw, RNIC_FW_CTX_STATUS) & 1u) != 0) {
		if (++spins >= RNIC_FW_CTX_BUSY_SPINS) {
			fw->ctx_busy_timeouts++;
			break;
		}
	}
	for (uint32_t i = 0; i < RNIC_CTX_WORDS; i++)
		rnic_fw_wr(fw, RNIC_FW_CTX_DATA + 4u * i, i < nwords ? words[i] : 0);
	rnic_fw_wr(fw, RNIC_FW_CTX_SEL, (table & 0xFFu) | (index << 8));
	rnic_fw_wr(fw, RNIC_FW_CTX_CMD, RNIC_CTX_CMD_WRITE);
}

int rnic_fw_uctx_live(const struct rnic_fw *fw, uint32_t uctx)
{
	return uctx >= RNIC_FW_FIRST_UCTX && uctx < fw->nuctxs && fw->uctx_valid[uctx];
}

static int rnic_fw_config_ok(const struct rnic_fw_config *cfg)
{
	return cfg->log_qps >= 1 && cfg->log_qps <= RNIC_LOG_QPS &&
	       cfg->log_cqs <= RNIC_LOG_CQS &&
	       cfg->log_mrs >= 1 && cfg->log_mrs <= RNIC_LOG_MRS &&
	       cfg->log_pds <= RNIC_LOG_PDS &&
	       cfg->log_srqs <= RNIC_LOG_SRQS &&
	       cfg->db_pages >= 2 && cfg->db_pages <= RNIC_DB_PAGES;
}

int rnic_fw_init(struct rnic_fw *fw, const struct rnic_fw_hal *hal,
		 const struct rnic_fw_config *cfg)
{
	uint32_t spins = 0;
	uint8_t *p;

	if (fw == NULL || hal == NULL || cfg == NULL || hal->read32 == NULL ||
	    hal->write32 == NULL || !rnic_fw_config_ok(cfg))
		return -EINVAL;
	if (hal->read32(hal->opaque, RNIC_FW_ID) != RNIC_MAGIC)
		return -ENODEV;
	/* FW STATUS[0] (ready): after a reset the hardware clears its context
	 * tables, one entry per cycle; nothing is written to the port before. */
	while ((hal->read32(hal->opaque, RNIC_FW_STATUS) & 1u) == 0)
		if (++spins >= RNIC_FW_READY_SPINS)
			return -ETIMEDOUT;

	p = (uint8_t *)fw;
	for (uint32_t i = 0; i < sizeof(*fw); i++)
		p[i] = 0;
	fw->hal = *hal;
	fw->cfg = *cfg;
	fw->nqps = 1u << cfg->log_qps;
	fw->ncqs = 1u << cfg->log_cqs;
	fw->nmrs = 1u << cfg->log_mrs;
	fw->npds = 1u << cfg->log_pds;
	fw->nsrqs = 1u << cfg->log_srqs;
	fw->nuctxs = cfg->db_pages;
	fw->nxrcds = RNIC_FW_MAX_XRCDS;
	fw->nflows = RNIC_FW_MAX_FLOWS;

	/* Port identity: MAC bytes 2..5 in MAC_LO (byte 5 in [7:0]), bytes
	 * 0..1 in MAC_HI (byte 1 in [7:0]). */
	rnic_fw_wr(fw, RNIC_FW_PORT_MAC_LO,
		   (uint32_t)cfg->mac[2] << 24 | (uint32_t)cfg->mac[3] << 16 |
			   (uint32_t)cfg->mac[4] << 8 | cfg->mac[5]);
	rnic_fw_wr(fw, RNIC_FW_PORT_MAC_HI, (uint32_t)cfg->mac[0] << 8 | cfg->mac[1]);
	rnic_fw_wr(fw, RNIC_FW_PORT_IPV4, cfg->ipv4);

	/* No entry may survive from before: every context reads "not valid". */
	for (uint32_t i = 0; i < fw->nqps; i++)
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_QPC, i, NULL, 0);
	for (uint32_t i = 0; i < fw->ncqs; i++)
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_CQC, i, NULL, 0);
	for (uint32_t i = 0; i < fw->nmrs; i++)
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_MPT, i, NULL, 0);
	for (uint32_t i = 0; i < fw->nsrqs; i++)
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_SRQC, i, NULL, 0);
	/* no frame may be steered by a rule of the previous run */
	for (uint32_t i = 0; i < fw->nflows; i++)
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_FLOW, i, NULL, 0);

	rnic_fw_wr(fw, RNIC_FW_PORT_CTRL, 1u); /* [0] link enable */
	fw->ci = rnic_fw_rd(fw, RNIC_FW_CMDQ_CI) % RNIC_CMDQ_SLOTS;
	fw->aeq_pi = rnic_fw_rd(fw, RNIC_FW_AEQ_PI) % RNIC_AEQ_SLOTS;
	/* events of the previous run are stale: every context was cleared */
	for (uint32_t i = 0; i < RNIC_HW_EVENT_DEPTH &&
			    (rnic_fw_rd(fw, RNIC_FW_EVENT) >> 24) != RNIC_HW_EVENT_NONE; i++)
		rnic_fw_wr(fw, RNIC_FW_EVENT_POP, 1u);
	rnic_fw_wr(fw, RNIC_FW_IRQ_STATUS, 7u); /* w1c [2:0] */
	rnic_fw_wr(fw, RNIC_FW_IRQ_ENABLE, 7u); /* commands, hardware events, GSI MADs */
	return 0;
}

uint32_t rnic_fw_execute(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t status;

	rnic_fw_words_zero(out, RNIC_CMD_OUT_WORDS);
	switch (rnic_cmd_in_get_opcode(in)) {
	case RNIC_CMD_OP_QUERY_DEVICE: status = rnic_fw_cmd_query_device(fw, in, out); break;
	case RNIC_CMD_OP_QUERY_PORT:   status = rnic_fw_cmd_query_port(fw, in, out); break;
	case RNIC_CMD_OP_ALLOC_UCTX:   status = rnic_fw_cmd_alloc_uctx(fw, in, out); break;
	case RNIC_CMD_OP_FREE_UCTX:    status = rnic_fw_cmd_free_uctx(fw, in, out); break;
	case RNIC_CMD_OP_ALLOC_PD:     status = rnic_fw_cmd_alloc_pd(fw, in, out); break;
	case RNIC_CMD_OP_DEALLOC_PD:   status = rnic_fw_cmd_dealloc_pd(fw, in, out); break;
	case RNIC_CMD_OP_OPEN_XRCD:    status = rnic_fw_cmd_open_xrcd(fw, in, out); break;
	case RNIC_CMD_OP_CLOSE_XRCD:   status = rnic_fw_cmd_close_xrcd(fw, in, out); break;
	case RNIC_CMD_OP_CREATE_CQ:    status = rnic_fw_cmd_create_cq(fw, in, out); break;
	case RNIC_CMD_OP_DESTROY_CQ:   status = rnic_fw_cmd_destroy_cq(fw, in, out); break;
	case RNIC_CMD_OP_CREATE_QP:    status = rnic_fw_cmd_create_qp(fw, in, out); break;
	case RNIC_CMD_OP_MODIFY_QP:    status = rnic_fw_cmd_modify_qp(fw, in, out); break;
	case RNIC_CMD_OP_QUERY_QP:     status = rnic_fw_cmd_query_qp(fw, in, out); break;
	case RNIC_CMD_OP_DESTROY_QP:   status = rnic_fw_cmd_destroy_qp(fw, in, out); break;
	case RNIC_CMD_OP_REG_MR:       status = rnic_fw_cmd_reg_mr(fw, in, out); break;
	case RNIC_CMD_OP_DEREG_MR:     status = rnic_fw_cmd_dereg_mr(fw, in, out); break;
	case RNIC_CMD_OP_ALLOC_MW:     status = rnic_fw_cmd_alloc_mw(fw, in, out); break;
	case RNIC_CMD_OP_DEALLOC_MW:   status = rnic_fw_cmd_dealloc_mw(fw, in, out); break;
	case RNIC_CMD_OP_CREATE_SRQ:   status = rnic_fw_cmd_create_srq(fw, in, out); break;
	case RNIC_CMD_OP_DESTROY_SRQ:  status = rnic_fw_cmd_destroy_srq(fw, in, out); break;
	case RNIC_CMD_OP_MODIFY_SRQ:   status = rnic_fw_cmd_modify_srq(fw, in, out); break;
	case RNIC_CMD_OP_QUERY_SRQ:    status = rnic_fw_cmd_query_srq(fw, in, out); break;
	case RNIC_CMD_OP_CREATE_FLOW:  status = rnic_fw_cmd_create_flow(fw, in, out); break;
	case RNIC_CMD_OP_DESTROY_FLOW: status = rnic_fw_cmd_destroy_flow(fw, in, out); break;
	case RNIC_CMD_OP_CM_NOTIFY:     status = rnic_fw_cmd_cm_notify(fw, in, out); break;
	case RNIC_CMD_OP_CM_CREATE_ID:  status = rnic_fw_cmd_cm_create_id(fw, in, out); break;
	case RNIC_CMD_OP_CM_LISTEN:     status = rnic_fw_cmd_cm_listen(fw, in, out); break;
	case RNIC_CMD_OP_CM_CONNECT:    status = rnic_fw_cmd_cm_connect(fw, in, out); break;
	case RNIC_CMD_OP_CM_ACCEPT:     status = rnic_fw_cmd_cm_accept(fw, in, out); break;
	case RNIC_CMD_OP_CM_REJECT:     status = rnic_fw_cmd_cm_reject(fw, in, out); break;
	case RNIC_CMD_OP_CM_ESTABLISH:  status = rnic_fw_cmd_cm_establish(fw, in, out); break;
	case RNIC_CMD_OP_CM_DISCONNECT: status = rnic_fw_cmd_cm_disconnect(fw, in, out); break;
	case RNIC_CMD_OP_CM_DESTROY:    status = rnic_fw_cmd_cm_destroy(fw, in, out); break;
	case RNIC_CMD_OP_CM_PDATA:      status = rnic_fw_cmd_cm_pdata(fw, in, out); break;
	case RNIC_CMD_OP_CM_GET_EVENT:  status = rnic_fw_cmd_cm_get_event(fw, in, out); break;
	case RNIC_CMD_OP_CM_ACK_EVENT:  status = rnic_fw_cmd_cm_ack_event(fw, in, out); break;
	default:                       status = RNIC_CMD_STATUS_BAD_OPCODE; break;
	}
	if (status != RNIC_CMD_STATUS_OK)
		rnic_fw_words_zero(out, RNIC_CMD_OUT_WORDS);
	rnic_cmd_out_set_status(out, status);
	fw->cmds_done++;
	return status;
}

unsigned rnic_fw_poll(struct rnic_fw *fw)
{
	uint32_t in[RNIC_CMD_IN_WORDS];
	uint32_t out[RNIC_CMD_OUT_WORDS];
	uint32_t pi;
	unsigned done = 0;

	/* Acknowledge first, then read PI: a command posted after the read
	 * raises the interrupt again. Hardware events first: they happened
	 * before the commands now waiting were executed (an SRQ limit event
	 * must not undo a MODIFY_SRQ that re-armed the SRQ after it). */
	rnic_fw_wr(fw, RNIC_FW_IRQ_STATUS, 1u);
	(void)rnic_fw_events(fw);
	pi = rnic_fw_rd(fw, RNIC_FW_CMDQ_PI) % RNIC_CMDQ_SLOTS;
	while (fw->ci != pi && done < RNIC_CMDQ_SLOTS) {
		uint32_t slot = RNIC_CMDQ_BASE + fw->ci * RNIC_CMDQ_SLOT_SIZE;

		for (uint32_t i = 0; i < RNIC_CMD_IN_WORDS; i++)
			in[i] = rnic_fw_rd(fw, slot + 4u * i);
		rnic_fw_execute(fw, in, out);
		for (uint32_t i = 0; i < RNIC_CMD_OUT_WORDS; i++)
			rnic_fw_wr(fw, slot + RNIC_CMDQ_OUT_OFFSET + 4u * i, out[i]);
		fw->ci = (fw->ci + 1u) % RNIC_CMDQ_SLOTS;
		rnic_fw_wr(fw, RNIC_FW_CMDQ_CI, fw->ci);
		done++;
	}
	/* MADs last: a peer's answer to a command just run finds its ID */
	(void)rnic_fw_cm_serve(fw);
	return done;
}
