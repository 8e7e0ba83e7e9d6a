/* Hardware events (FW_EVENT) and the host's asynchronous events (aeqe slots
 * at RNIC_AEQ_BASE). The hardware reports what changed under the firmware:
 * a QP its engines moved to the error state, an SRQ that dropped below its
 * armed limit. The firmware brings its master copies in line (the QP's
 * context is rewritten with state ERR, so every engine agrees; the SRQ's
 * limit reads 0, as the hardware disarmed it) and tells the owner through
 * the asynchronous event queue (IBA 11.6.3, enum ibv_event_type). */
#include "rnic_fw_internal.h"

/* Queues one aeqe for the host; FW_AEQ_PI is written once per batch by the
 * caller. Returns 1 when it was queued, 0 when the slots were full. */
static int rnic_fw_aeq_put(struct rnic_fw *fw, uint32_t ci, uint32_t event, uint32_t uctx,
			   uint32_t element)
{
	uint32_t w[RNIC_AEQ_SLOT_SIZE / 4u];
	uint32_t slot;

	if ((fw->aeq_pi + 1u) % RNIC_AEQ_SLOTS == ci) {
		fw->events_lost++;
		return 0;
	}
	rnic_fw_words_zero(w, RNIC_AEQ_SLOT_SIZE / 4u);
	rnic_aeqe_set_event(w, event);
	rnic_aeqe_set_uctx(w, uctx);
	rnic_aeqe_set_element(w, element);
	slot = RNIC_AEQ_BASE + fw->aeq_pi * RNIC_AEQ_SLOT_SIZE;
	for (uint32_t i = 0; i < RNIC_AEQ_SLOT_SIZE / 4u; i++)
		rnic_fw_wr(fw, slot + 4u * i, w[i]);
	fw->aeq_pi = (fw->aeq_pi + 1u) % RNIC_AEQ_SLOTS;
	fw->events_posted++;
	return 1;
}

void rnic_fw_aeq_report(struct rnic_fw *fw, uint32_t event, uint32_t uctx, uint32_t element)
{
	uint32_t ci = rnic_fw_rd(fw, RNIC_FW_AEQ_CI) % RNIC_AEQ_SLOTS;

	if (rnic_fw_aeq_put(fw, ci, event, uctx, element))
		rnic_fw_wr(fw, RNIC_FW_AEQ_PI, fw->aeq_pi);
}

/* A QP error: the QP goes to ERR (once), then the owner hears of it. */
static unsigned rnic_fw_event_qp(struct rnic_fw *fw, uint32_t ci, uint32_t type, uint32_t qpn)
{
	struct rnic_fw_qp *qp;
	uint32_t state, event;
	unsigned n = 0;

	if (qpn < RNIC_FW_FIRST_QPN || qpn >= fw->nqps || !fw->qp[qpn].valid)
		return 0;
	qp = &fw->qp[qpn];
	state = rnic_qpc_get_state(qp->qpc);
	/* a QP reset since (or never started) has nothing left to fail;
	 * one already in ERR has been reported */
	if (state == RNIC_QP_STATE_RESET || state == RNIC_QP_STATE_INIT ||
	    state == RNIC_QP_STATE_ERR)
		return 0;
	(void)rnic_fw_qp_async_state(fw, qpn, RNIC_QP_STATE_ERR);
	switch (type) {
	case RNIC_HW_EVENT_RESP_INV_REQ: event = RNIC_ASYNC_EVENT_QP_REQ_ERR; break;
	case RNIC_HW_EVENT_RESP_ACCESS:  event = RNIC_ASYNC_EVENT_QP_ACCESS_ERR; break;
	case RNIC_HW_EVENT_QP_FATAL:     event = RNIC_ASYNC_EVENT_QP_FATAL; break;
	default:                         event = RNIC_ASYNC_EVENT_COUNT; break; /* a CQE tells */
	}
	if (event != RNIC_ASYNC_EVENT_COUNT)
		n += (unsigned)rnic_fw_aeq_put(fw, ci, event, qp->uctx, qpn);
	/* IBA 11.6.3.1: a QP on an SRQ that enters the error state takes no
	 * more WQEs from it */
	if (rnic_qpc_get_srq_en(qp->qpc))
		n += (unsigned)rnic_fw_aeq_put(fw, ci, RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED,
					       qp->uctx, qpn);
	return n;
}

static unsigned rnic_fw_event_srq(struct rnic_fw *fw, uint32_t ci, uint32_t srqn)
{
	struct rnic_fw_srq *srq;

	if (srqn < RNIC_FW_FIRST_SRQ || srqn >= fw->nsrqs || !fw->srq[srqn].valid)
		return 0;
	srq = &fw->srq[srqn];
	if (srq->limit == 0)
		return 0; /* disarmed (or re-armed to 0) since */
	srq->limit = 0;
	return (unsigned)rnic_fw_aeq_put(fw, ci, RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED, srq->uctx,
					 srqn);
}

/* The window of key wkey (its new rkey, MW_BIND; its rkey, MW_INVAL), or
 * NULL when the index names no allocated window. The firmware learns the
 * window's tag from it: the next key of the index (ALLOC_MW, REG_MR after
 * DEALLOC_MW) then differs from every key the window was bound under. */
static struct rnic_fw_mr *rnic_fw_event_window(struct rnic_fw *fw, uint32_t wkey)
{
	uint32_t w = wkey >> RNIC_KEY_TAG_BITS;

	if (w < RNIC_FW_FIRST_MR || w >= fw->nmrs || !fw->mr[w].valid || !fw->mr[w].mw)
		return NULL;
	fw->mr[w].tag = (uint8_t)(wkey & ((1u << RNIC_KEY_TAG_BITS) - 1u));
	return &fw->mr[w];
}

/* The requester bound the window of key wkey to the region of key rkey:
 * the region is held until the window is invalidated, rebound or freed. A
 * region deregistered meanwhile (the bind raced DEREG_MR, and maybe a
 * REG_MR that reused the index: the key's tag tells) must not stay
 * reachable: the window is written back unbound. */
static void rnic_fw_event_mw_bind(struct rnic_fw *fw, uint32_t rkey, uint32_t wkey)
{
	uint32_t r = rkey >> RNIC_KEY_TAG_BITS, w = wkey >> RNIC_KEY_TAG_BITS;

	if (rnic_fw_event_window(fw, wkey) == NULL)
		return;
	rnic_fw_mw_unbind(fw, w);
	if (r >= RNIC_FW_FIRST_MR && r < fw->nmrs && fw->mr[r].valid && !fw->mr[r].mw &&
	    fw->mr[r].tag == (rkey & ((1u << RNIC_KEY_TAG_BITS) - 1u)) &&
	    fw->mr[r].pdn == fw->mr[w].pdn) {
		fw->mr[w].bound_mr = (uint16_t)r;
		fw->mr[r].mw_binds++;
	} else {
		rnic_fw_mw_write_unbound(fw, w);
	}
}

unsigned rnic_fw_events(struct rnic_fw *fw)
{
	uint32_t ci = rnic_fw_rd(fw, RNIC_FW_AEQ_CI) % RNIC_AEQ_SLOTS;
	unsigned served = 0, posted = 0;

	while (served < RNIC_HW_EVENT_DEPTH) {
		uint32_t ev = rnic_fw_rd(fw, RNIC_FW_EVENT);
		uint32_t type = ev >> 24, num = ev & 0xFFFFFFu, data = 0;

		if (type == RNIC_HW_EVENT_NONE)
			break;
		if (type == RNIC_HW_EVENT_MW_BIND)
			data = rnic_fw_rd(fw, RNIC_FW_EVENT_DATA); /* before the pop */
		rnic_fw_wr(fw, RNIC_FW_EVENT_POP, 1u);
		served++;
		fw->hw_events++;
		switch (type) {
		case RNIC_HW_EVENT_REQ_ERR:
		case RNIC_HW_EVENT_RESP_INV_REQ:
		case RNIC_HW_EVENT_RESP_ACCESS:
		case RNIC_HW_EVENT_QP_FATAL:
		case RNIC_HW_EVENT_RESP_ERR:
			posted += rnic_fw_event_qp(fw, ci, type, num);
			break;
		case RNIC_HW_EVENT_SRQ_LIMIT:
			posted += rnic_fw_event_srq(fw, ci, num);
			break;
		case RNIC_HW_EVENT_MW_BIND:
			rnic_fw_event_mw_bind(fw, data, num);
			break;
		case RNIC_HW_EVENT_MW_INVAL:
			if (rnic_fw_event_window(fw, num) != NULL)
				rnic_fw_mw_unbind(fw, num >> RNIC_KEY_TAG_BITS);
			break;
		default:
			break; /* not an event this firmware knows */
		}
	}
	if (posted != 0)
		rnic_fw_wr(fw, RNIC_FW_AEQ_PI, fw->aeq_pi);
	return served;
}
