/* Queue pairs: creation, the IB QP state machine (IBA 10.3.1, the
 * ibv_modify_qp attribute rules), queries and destruction. */
#include <errno.h>

#include "rnic_fw_internal.h"

#define RNIC_FW_M(x) RNIC_QP_ATTR_MASK_##x

/* Attribute-mask bits this device knows; anything above DEST_QPN is rejected. */
#define RNIC_FW_MASK_KNOWN ((RNIC_QP_ATTR_MASK_DEST_QPN << 1) - 1u)

/* QP access flags the responder can honour. */
#define RNIC_FW_QP_ACCESS_ALL                                                  \
	(RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE | RNIC_ACCESS_REMOTE_READ | \
	 RNIC_ACCESS_REMOTE_ATOMIC | RNIC_ACCESS_MW_BIND)

/* Optional attribute sets shared by several transitions. */
#define RNIC_FW_OPT_TO_RTS_RC                                                   \
	(RNIC_FW_M(CUR_STATE) | RNIC_FW_M(ALT_PATH) | RNIC_FW_M(ACCESS_FLAGS) |     \
	 RNIC_FW_M(MIN_RNR_TIMER) | RNIC_FW_M(PATH_MIG_STATE))
#define RNIC_FW_OPT_TO_RTS_UC                                                   \
	(RNIC_FW_M(CUR_STATE) | RNIC_FW_M(ALT_PATH) | RNIC_FW_M(ACCESS_FLAGS) |     \
	 RNIC_FW_M(PATH_MIG_STATE))
#define RNIC_FW_OPT_TO_RTS_UD (RNIC_FW_M(CUR_STATE) | RNIC_FW_M(QKEY))
#define RNIC_FW_INIT_RC (RNIC_FW_M(PKEY_INDEX) | RNIC_FW_M(PORT) | RNIC_FW_M(ACCESS_FLAGS))
#define RNIC_FW_INIT_UD (RNIC_FW_M(PKEY_INDEX) | RNIC_FW_M(PORT) | RNIC_FW_M(QKEY))
#define RNIC_FW_RTR_UC                                                          \
	(RNIC_FW_M(AV) | RNIC_FW_M(PATH_MTU) | RNIC_FW_M(DEST_QPN) | RNIC_FW_M(RQ_PSN))
#define RNIC_FW_RTR_RC                                                          \
	(RNIC_FW_RTR_UC | RNIC_FW_M(MAX_DEST_RD_ATOMIC) | RNIC_FW_M(MIN_RNR_TIMER))
#define RNIC_FW_OPT_RTR_RC                                                      \
	(RNIC_FW_M(ALT_PATH) | RNIC_FW_M(ACCESS_FLAGS) | RNIC_FW_M(PKEY_INDEX))
#define RNIC_FW_RTS_RC                                                          \
	(RNIC_FW_M(SQ_PSN) | RNIC_FW_M(TIMEOUT) | RNIC_FW_M(RETRY_CNT) |            \
	 RNIC_FW_M(RNR_RETRY) | RNIC_FW_M(MAX_QP_RD_ATOMIC))
#define RNIC_FW_RTS_XRC_RECV (RNIC_FW_M(SQ_PSN) | RNIC_FW_M(TIMEOUT))

/* QP types the state machine knows (qp_type RC 0 .. RAW 5): the index of
 * the per-type masks below. CREATE_QP accepts no other type. */
#define RNIC_FW_QP_TYPES (RNIC_QP_TYPE_RAW + 1u)

/* One legal transition: required and optional attributes per QP type.
 * IBA 10.3.1 / ibv_modify_qp(3) for RC, UC and UD; for the XRC initiator
 * (XRC_SEND) and target (XRC_RECV) the rows of the Linux kernel's
 * ib_modify_qp_is_ok() table for IB_QPT_XRC_INI and IB_QPT_XRC_TGT
 * (drivers/infiniband/core/verbs.c): an initiator moves like RC but has
 * no responder attributes, a target like RC with no requester attributes,
 * and neither ever enters SQE. One deviation: RESET->INIT of an initiator
 * takes ACCESS_FLAGS as optional (the kernel requires it); the flags
 * govern incoming requests, which an initiator never serves.
 * RAW_PACKET: the kernel's IB_QPT_RAW_PACKET column: RESET->INIT requires
 * PORT and nothing else (no P_Key index, no Q_Key), INIT->RTR and RTR->RTS
 * take nothing, and no path attribute exists at all; INIT->INIT takes PORT
 * as optional, as the contract says (the kernel lists nothing there; the
 * only port is 1 either way). The kernel's RATE_LIMIT is not an attribute
 * this device knows. A RAW_PACKET QP never enters SQE: the hardware moves
 * a QP whose send fails to ERR (rnic_fw_qp_async_state). */
struct rnic_fw_qp_rule {
	uint8_t cur;
	uint8_t next;
	uint32_t req[RNIC_FW_QP_TYPES];
	uint32_t opt[RNIC_FW_QP_TYPES];
};

static const struct rnic_fw_qp_rule rnic_fw_qp_rules[] = {
	{ RNIC_QP_STATE_RESET, RNIC_QP_STATE_INIT,
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_INIT_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_INIT_RC,
	    [RNIC_QP_TYPE_UD] = RNIC_FW_INIT_UD,
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_M(PKEY_INDEX) | RNIC_FW_M(PORT),
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_INIT_RC,
	    [RNIC_QP_TYPE_RAW] = RNIC_FW_M(PORT) },
	  { [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_M(ACCESS_FLAGS) } },
	{ RNIC_QP_STATE_INIT, RNIC_QP_STATE_INIT,
	  { 0 },
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_INIT_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_INIT_RC,
	    [RNIC_QP_TYPE_UD] = RNIC_FW_INIT_UD,
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_INIT_RC,
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_INIT_RC,
	    [RNIC_QP_TYPE_RAW] = RNIC_FW_M(PORT) } },
	{ RNIC_QP_STATE_INIT, RNIC_QP_STATE_RTR,
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_RTR_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_RTR_UC,
	    [RNIC_QP_TYPE_UD] = 0,
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_RTR_UC,
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_RTR_RC },
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_OPT_RTR_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_OPT_RTR_RC,
	    [RNIC_QP_TYPE_UD] = RNIC_FW_M(PKEY_INDEX) | RNIC_FW_M(QKEY),
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_OPT_RTR_RC,
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_OPT_RTR_RC } },
	{ RNIC_QP_STATE_RTR, RNIC_QP_STATE_RTS,
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_RTS_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_M(SQ_PSN),
	    [RNIC_QP_TYPE_UD] = RNIC_FW_M(SQ_PSN),
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_RTS_RC,
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_RTS_XRC_RECV },
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_OPT_TO_RTS_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_OPT_TO_RTS_UC,
	    [RNIC_QP_TYPE_UD] = RNIC_FW_OPT_TO_RTS_UD,
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_OPT_TO_RTS_UC,
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_OPT_TO_RTS_RC } },
	{ RNIC_QP_STATE_RTS, RNIC_QP_STATE_RTS,
	  { 0 },
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_OPT_TO_RTS_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_OPT_TO_RTS_UC,
	    [RNIC_QP_TYPE_UD] = RNIC_FW_OPT_TO_RTS_UD,
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_OPT_TO_RTS_UC,
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_OPT_TO_RTS_RC } },
	{ RNIC_QP_STATE_RTS, RNIC_QP_STATE_SQD,
	  { 0 },
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_M(EN_SQD_ASYNC_NOTIFY),
	    [RNIC_QP_TYPE_UC] = RNIC_FW_M(EN_SQD_ASYNC_NOTIFY),
	    [RNIC_QP_TYPE_UD] = RNIC_FW_M(EN_SQD_ASYNC_NOTIFY),
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_M(EN_SQD_ASYNC_NOTIFY),
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_M(EN_SQD_ASYNC_NOTIFY) } },
	{ RNIC_QP_STATE_SQD, RNIC_QP_STATE_RTS,
	  { 0 },
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_OPT_TO_RTS_RC,
	    [RNIC_QP_TYPE_UC] = RNIC_FW_OPT_TO_RTS_UC,
	    [RNIC_QP_TYPE_UD] = RNIC_FW_OPT_TO_RTS_UD,
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_OPT_TO_RTS_UC,
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_OPT_TO_RTS_RC } },
	{ RNIC_QP_STATE_SQD, RNIC_QP_STATE_SQD,
	  { 0 },
	  { [RNIC_QP_TYPE_RC] = RNIC_FW_M(PORT) | RNIC_FW_M(AV) | RNIC_FW_M(TIMEOUT) |
		    RNIC_FW_M(RETRY_CNT) | RNIC_FW_M(RNR_RETRY) | RNIC_FW_M(MAX_QP_RD_ATOMIC) |
		    RNIC_FW_M(MAX_DEST_RD_ATOMIC) | RNIC_FW_M(ALT_PATH) |
		    RNIC_FW_M(ACCESS_FLAGS) | RNIC_FW_M(PKEY_INDEX) |
		    RNIC_FW_M(MIN_RNR_TIMER) | RNIC_FW_M(PATH_MIG_STATE),
	    [RNIC_QP_TYPE_UC] = RNIC_FW_M(AV) | RNIC_FW_M(ALT_PATH) | RNIC_FW_M(ACCESS_FLAGS) |
		    RNIC_FW_M(PKEY_INDEX) | RNIC_FW_M(PATH_MIG_STATE),
	    [RNIC_QP_TYPE_UD] = RNIC_FW_M(PKEY_INDEX) | RNIC_FW_M(QKEY),
	    [RNIC_QP_TYPE_XRC_SEND] = RNIC_FW_M(PORT) | RNIC_FW_M(AV) | RNIC_FW_M(TIMEOUT) |
		    RNIC_FW_M(RETRY_CNT) | RNIC_FW_M(RNR_RETRY) | RNIC_FW_M(MAX_QP_RD_ATOMIC) |
		    RNIC_FW_M(ALT_PATH) | RNIC_FW_M(ACCESS_FLAGS) | RNIC_FW_M(PKEY_INDEX) |
		    RNIC_FW_M(PATH_MIG_STATE),
	    [RNIC_QP_TYPE_XRC_RECV] = RNIC_FW_M(PORT) | RNIC_FW_M(AV) | RNIC_FW_M(TIMEOUT) |
		    RNIC_FW_M(MAX_DEST_RD_ATOMIC) | RNIC_FW_M(ALT_PATH) |
		    RNIC_FW_M(ACCESS_FLAGS) | RNIC_FW_M(PKEY_INDEX) |
		    RNIC_FW_M(MIN_RNR_TIMER) | RNIC_FW_M(PATH_MIG_STATE) } },
};

/* Attributes MODIFY_QP ignores on an XRC QP, as Linux drops them before
 * the state machine sees them (modify_qp_mask() in
 * drivers/infiniband/core/uverbs_cmd.c): an initiator has no responder
 * side, a target no requester side. Applications pass the masks they use
 * for RC, and those work unchanged: the bits are accepted on every
 * transition, neither range-checked nor stored. */
static uint32_t rnic_fw_qp_ignored(uint32_t type)
{
	if (type == RNIC_QP_TYPE_XRC_SEND)
		return RNIC_FW_M(MAX_DEST_RD_ATOMIC) | RNIC_FW_M(MIN_RNR_TIMER);
	if (type == RNIC_QP_TYPE_XRC_RECV)
		return RNIC_FW_M(MAX_QP_RD_ATOMIC) | RNIC_FW_M(RETRY_CNT) | RNIC_FW_M(RNR_RETRY);
	return 0;
}

/* Looks up cur->next for a QP type (RC, UC, UD, XRC_SEND, XRC_RECV, RAW).
 * Any state may go to RESET or ERR with no attributes; SQE->RTS exists for
 * UC and UD only (RC, XRC and RAW_PACKET QPs never enter SQE). Returns 1
 * and the masks if the transition exists. */
static int rnic_fw_qp_rule(uint32_t type, uint32_t cur, uint32_t next,
			   uint32_t *req, uint32_t *opt)
{
	*req = 0;
	*opt = 0;
	if (type >= RNIC_FW_QP_TYPES)
		return 0;
	if (next == RNIC_QP_STATE_RESET || next == RNIC_QP_STATE_ERR)
		return 1;
	if (cur == RNIC_QP_STATE_SQE && next == RNIC_QP_STATE_RTS) {
		if (type == RNIC_QP_TYPE_UC)
			*opt = RNIC_FW_M(CUR_STATE) | RNIC_FW_M(ACCESS_FLAGS);
		else if (type == RNIC_QP_TYPE_UD)
			*opt = RNIC_FW_M(CUR_STATE) | RNIC_FW_M(QKEY);
		else
			return 0;
		return 1;
	}
	for (uint32_t i = 0; i < sizeof(rnic_fw_qp_rules) / sizeof(rnic_fw_qp_rules[0]); i++) {
		const struct rnic_fw_qp_rule *r = &rnic_fw_qp_rules[i];

		if (r->cur == cur && r->next == next) {
			*req = r->req[type];
			*opt = r->opt[type];
			return 1;
		}
	}
	return 0;
}

/* UDP source port for flow entropy (RoCEv2 annex A17.3.3 leaves it free):
 * 0xC000 | 14 bits folded from a 20-bit flow label. */
static uint32_t rnic_fw_udp_sport(uint32_t label)
{
	label &= 0xFFFFFu;
	return 0xC000u | ((label ^ (label >> 14)) & 0x3FFFu);
}

static uint32_t rnic_fw_flow_label(uint32_t lqpn, uint32_t rqpn)
{
	uint64_t v = (uint64_t)lqpn * (rqpn ? rqpn : 1u) + lqpn;

	v ^= v >> 20;
	v ^= v >> 40;
	return (uint32_t)(v & 0xFFFFFu);
}

static struct rnic_fw_qp *rnic_fw_qp_owned(struct rnic_fw *fw, const uint32_t *in,
					    uint32_t *qpn)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t n = rnic_cmd_in_get_handle(in);

	*qpn = n;
	if (!rnic_fw_uctx_live(fw, u) || n < RNIC_FW_FIRST_QPN || n >= fw->nqps ||
	    !fw->qp[n].valid || fw->qp[n].uctx != u)
		return NULL;
	return &fw->qp[n];
}

/* What a QP of each type has (IBA annex A14 for XRC). Every type but the
 * XRC target has a send side: a PD, a send CQ and a send queue. RC, UC and
 * UD have a receive side of their own: a receive CQ and a receive queue or
 * an SRQ; an XRC initiator has none, and an XRC target takes its receive
 * WQEs, PD and CQ from the XRC SRQ each request names. A type CREATE_QP
 * does not know counts as RC here, so its handles are checked first. */
static int rnic_fw_qp_has_send(uint32_t type)
{
	return type != RNIC_QP_TYPE_XRC_RECV;
}

static int rnic_fw_qp_has_recv(uint32_t type)
{
	return type != RNIC_QP_TYPE_XRC_SEND && type != RNIC_QP_TYPE_XRC_RECV;
}

/* The RESET image of a QP: its creation parameters and default path. */
static void rnic_fw_qpc_reset(uint32_t qpn, const uint32_t *cur, uint32_t *qpc)
{
	uint32_t type = rnic_qpc_get_type(cur);

	rnic_fw_words_zero(qpc, RNIC_CTX_WORDS);
	rnic_qpc_set_state(qpc, RNIC_QP_STATE_RESET);
	rnic_qpc_set_type(qpc, type);
	rnic_qpc_set_sq_sig_all(qpc, rnic_qpc_get_sq_sig_all(cur));
	rnic_qpc_set_srq_en(qpc, rnic_qpc_get_srq_en(cur));
	rnic_qpc_set_pdn(qpc, rnic_qpc_get_pdn(cur));
	rnic_qpc_set_uctx(qpc, rnic_qpc_get_uctx(cur));
	rnic_qpc_set_send_cqn(qpc, rnic_qpc_get_send_cqn(cur));
	rnic_qpc_set_recv_cqn(qpc, rnic_qpc_get_recv_cqn(cur));
	rnic_qpc_set_srqn(qpc, rnic_qpc_get_srqn(cur));
	rnic_qpc_set_log_sq_size(qpc, rnic_qpc_get_log_sq_size(cur));
	rnic_qpc_set_log_sq_stride(qpc, rnic_qpc_get_log_sq_stride(cur));
	rnic_qpc_set_log_rq_size(qpc, rnic_qpc_get_log_rq_size(cur));
	rnic_qpc_set_log_rq_stride(qpc, rnic_qpc_get_log_rq_stride(cur));
	rnic_qpc_set_sq_base(qpc, rnic_qpc_get_sq_base(cur));
	rnic_qpc_set_rq_base(qpc, rnic_qpc_get_rq_base(cur));
	rnic_qpc_set_xrcdn(qpc, rnic_qpc_get_xrcdn(cur));
	rnic_qpc_set_pkey(qpc, RNIC_FW_PKEY_DEFAULT);
	if (type == RNIC_QP_TYPE_UD) {
		/* UD has no path attributes: messages are bounded by the port
		 * MTU and leave from a per-QP source port. */
		rnic_qpc_set_path_mtu(qpc, RNIC_FW_PORT_MAX_MTU);
		rnic_qpc_set_udp_sport(qpc, rnic_fw_udp_sport(rnic_fw_flow_label(qpn, 0)));
	} else if (type == RNIC_QP_TYPE_RAW) {
		/* RAW_PACKET has no path attributes either: a frame is one
		 * packet of at most MAX_RAW_FRAME bytes (the requester checks
		 * the length and takes MTU 4096 for this type whatever the
		 * context holds); the context says 4096 so QUERY_QP reports
		 * what the device does. No UDP: the frame is sent as built. */
		rnic_qpc_set_path_mtu(qpc, RNIC_FW_PORT_MAX_MTU);
	}
}

/* A ring of 2^log_size WQEs of 2^log_stride bytes at base: depth and stride
 * within the limits, base on a WQE boundary, and the ring ending at 2^64 at
 * the latest, never wrapping the address space. */
static int rnic_fw_ring_ok(uint32_t log_size, uint32_t log_stride, uint32_t min_stride,
			   uint32_t max_stride, uint64_t base)
{
	uint64_t bytes;

	if (log_size > RNIC_LOG_MAX_WQE || log_stride < rnic_fw_log2(min_stride) ||
	    log_stride > rnic_fw_log2(max_stride))
		return 0;
	if ((base & (((uint64_t)1u << log_stride) - 1u)) != 0)
		return 0;
	bytes = (uint64_t)1u << (log_size + log_stride);
	return base <= ~(uint64_t)0 - bytes + 1u;
}

/* CREATE_QP. RC, UC, UD, RAW (RAW_PACKET): PD, both CQs, the send queue
 * and a receive queue or an SRQ of the caller's (not an XRC SRQ: those are
 * taken through the XRCETH only); a RAW_PACKET QP on an SRQ takes the WQEs
 * of its received frames from the SRQ as a UD QP does. XRC_SEND: PD, send
 * CQ and send queue; no receive side (the receive CQ and queue fields are
 * ignored, srq_en is refused). XRC_RECV:
 * only an XRC domain of the caller's; the PD, CQ and queue fields are
 * ignored and its context holds none (ibv_create_qp_ex(3): an XRC target
 * has no PD, CQs or work queues). Handles are checked before parameters. */
uint32_t rnic_fw_cmd_create_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t type = rnic_cmd_create_qp_in_get_type(in);
	uint32_t pdn = rnic_cmd_create_qp_in_get_pdn(in);
	uint32_t scqn = rnic_cmd_create_qp_in_get_send_cqn(in);
	uint32_t rcqn = rnic_cmd_create_qp_in_get_recv_cqn(in);
	uint32_t lsq = rnic_cmd_create_qp_in_get_log_sq_size(in);
	uint32_t lsqs = rnic_cmd_create_qp_in_get_log_sq_stride(in);
	uint32_t lrq = rnic_cmd_create_qp_in_get_log_rq_size(in);
	uint32_t lrqs = rnic_cmd_create_qp_in_get_log_rq_stride(in);
	uint64_t sq_base = rnic_cmd_create_qp_in_get_sq_base(in);
	uint64_t rq_base = rnic_cmd_create_qp_in_get_rq_base(in);
	uint32_t srq_en = rnic_cmd_create_qp_in_get_srq_en(in);
	uint32_t srqn = srq_en ? rnic_cmd_create_qp_in_get_srqn(in) : 0;
	uint32_t sig_all = rnic_cmd_create_qp_in_get_sq_sig_all(in);
	const int has_send = rnic_fw_qp_has_send(type), has_recv = rnic_fw_qp_has_recv(type);
	const uint32_t xrcdn = has_send ? 0 : rnic_cmd_create_qp_in_get_xrcdn(in);
	uint32_t tmp[RNIC_CTX_WORDS];

	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (has_send) {
		if (!rnic_fw_pd_owned(fw, u, pdn) || !rnic_fw_cq_owned(fw, u, scqn))
			return RNIC_CMD_STATUS_BAD_HANDLE;
	} else {
		if (!rnic_fw_xrcd_owned(fw, u, xrcdn))
			return RNIC_CMD_STATUS_BAD_HANDLE;
		pdn = 0;
		scqn = 0;
		sig_all = 0;
		lsq = 0;
		lsqs = 0;
		sq_base = 0;
	}
	if (has_recv) {
		const struct rnic_fw_srq *srq = srq_en ? rnic_fw_srq_owned(fw, u, srqn) : NULL;

		if (!rnic_fw_cq_owned(fw, u, rcqn))
			return RNIC_CMD_STATUS_BAD_HANDLE;
		/* The SRQ must be the caller's (its PD may differ from the
		 * QP's), and not an XRC SRQ. */
		if (srq_en && (srq == NULL || srq->xrc))
			return RNIC_CMD_STATUS_BAD_HANDLE;
	} else {
		if (srq_en)
			return RNIC_CMD_STATUS_BAD_PARAM; /* XRC QPs take no SRQ */
		rcqn = 0;
	}
	if (type >= RNIC_FW_QP_TYPES)
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (has_send && !rnic_fw_ring_ok(lsq, lsqs, RNIC_SEND_WQE_MIN_STRIDE,
					 RNIC_SEND_WQE_MAX_STRIDE, sq_base))
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (!has_recv || srq_en) {
		/* No receive queue of its own (receives come from an SRQ, or
		 * the type has none): the receive queue fields are ignored and
		 * the context holds none. */
		lrq = 0;
		lrqs = 0;
		rq_base = 0;
	} else if (!rnic_fw_ring_ok(lrq, lrqs, RNIC_RECV_WQE_BYTES, RNIC_RECV_WQE_MAX_STRIDE,
				    rq_base)) {
		return RNIC_CMD_STATUS_BAD_PARAM;
	}

	for (uint32_t n = RNIC_FW_FIRST_QPN; n < fw->nqps; n++) {
		struct rnic_fw_qp *qp = &fw->qp[n];

		if (qp->valid)
			continue;
		rnic_fw_words_zero(tmp, RNIC_CTX_WORDS);
		rnic_qpc_set_type(tmp, type);
		rnic_qpc_set_sq_sig_all(tmp, sig_all);
		rnic_qpc_set_srq_en(tmp, srq_en);
		rnic_qpc_set_srqn(tmp, srqn);
		rnic_qpc_set_pdn(tmp, pdn);
		rnic_qpc_set_uctx(tmp, u);
		rnic_qpc_set_send_cqn(tmp, scqn);
		rnic_qpc_set_recv_cqn(tmp, rcqn);
		rnic_qpc_set_log_sq_size(tmp, lsq);
		rnic_qpc_set_log_sq_stride(tmp, lsqs);
		rnic_qpc_set_log_rq_size(tmp, lrq);
		rnic_qpc_set_log_rq_stride(tmp, lrqs);
		rnic_qpc_set_sq_base(tmp, sq_base);
		rnic_qpc_set_rq_base(tmp, rq_base);
		rnic_qpc_set_xrcdn(tmp, xrcdn);
		rnic_fw_qpc_reset(n, tmp, qp->qpc);
		qp->valid = 1;
		qp->uctx = (uint16_t)u;
		qp->sqd_notify = 0;
		if (has_send) {
			fw->pd[pdn].refs++;
			fw->cq[scqn].refs++;
		} else {
			fw->xrcd[xrcdn].refs++;
		}
		if (has_recv)
			fw->cq[rcqn].refs++;
		if (srq_en)
			fw->srq[srqn].refs++;
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_QPC, n, qp->qpc, RNIC_CTX_WORDS);
		rnic_cmd_out_set_handle(out, n);
		return RNIC_CMD_STATUS_OK;
	}
	return RNIC_CMD_STATUS_NO_RESOURCES;
}

/* Range checks for every attribute present in mask (IBA 10.3 / 9.7). */
static int rnic_fw_qp_attr_ok(const uint32_t *in, uint32_t mask)
{
	if (mask & RNIC_FW_M(ACCESS_FLAGS)) {
		if (rnic_cmd_qp_attr_get_access(in) & ~(uint32_t)RNIC_FW_QP_ACCESS_ALL)
			return 0;
	}
	if ((mask & RNIC_FW_M(PKEY_INDEX)) && rnic_cmd_qp_attr_get_pkey_index(in) != 0)
		return 0; /* one P_Key table entry */
	if ((mask & RNIC_FW_M(PORT)) && rnic_cmd_qp_attr_get_port_num(in) != 1)
		return 0;
	if (mask & RNIC_FW_M(PATH_MTU)) {
		uint32_t mtu = rnic_cmd_qp_attr_get_path_mtu(in);

		if (mtu < RNIC_MTU_256 || mtu > RNIC_FW_PORT_MAX_MTU)
			return 0;
	}
	if ((mask & RNIC_FW_M(MAX_QP_RD_ATOMIC)) &&
	    rnic_cmd_qp_attr_get_max_rd_atomic(in) > RNIC_FW_MAX_RD_ATOMIC)
		return 0;
	if ((mask & RNIC_FW_M(MAX_DEST_RD_ATOMIC)) &&
	    rnic_cmd_qp_attr_get_max_dest_rd_atomic(in) > RNIC_FW_MAX_RD_ATOMIC)
		return 0;
	/* No alternate path, no automatic path migration. */
	if (mask & (RNIC_FW_M(ALT_PATH) | RNIC_FW_M(PATH_MIG_STATE)))
		return 0;
	if (mask & RNIC_FW_M(AV)) {
		uint64_t hi = rnic_cmd_qp_attr_get_dgid_hi(in);
		uint64_t lo = rnic_cmd_qp_attr_get_dgid_lo(in);

		/* RoCE carries a GRH on every packet; the GID must be
		 * ::ffff:a.b.c.d (RoCEv2 over IPv4, annex A17.4.5.1), i.e.
		 * bytes 0..9 zero, bytes 10..11 0xff. */
		if (!rnic_cmd_qp_attr_get_is_global(in) ||
		    rnic_cmd_qp_attr_get_sgid_index(in) >= RNIC_FW_GID_TBL_LEN ||
		    hi != 0 || (lo & 0xFFFFFFFFu) != 0xFFFF0000u)
			return 0;
	}
	return 1;
}

/* Applies the attributes in mask to qpc (already validated). */
static void rnic_fw_qp_attr_apply(uint32_t qpn, const uint32_t *in, uint32_t mask,
				  uint32_t *qpc)
{
	if (mask & RNIC_FW_M(ACCESS_FLAGS))
		rnic_qpc_set_access(qpc, rnic_cmd_qp_attr_get_access(in));
	if (mask & RNIC_FW_M(PKEY_INDEX))
		rnic_qpc_set_pkey_index(qpc, rnic_cmd_qp_attr_get_pkey_index(in));
	if (mask & RNIC_FW_M(QKEY))
		rnic_qpc_set_qkey(qpc, rnic_cmd_qp_attr_get_qkey(in));
	if (mask & RNIC_FW_M(PATH_MTU))
		rnic_qpc_set_path_mtu(qpc, rnic_cmd_qp_attr_get_path_mtu(in));
	if (mask & RNIC_FW_M(TIMEOUT))
		rnic_qpc_set_timeout(qpc, rnic_cmd_qp_attr_get_timeout(in));
	if (mask & RNIC_FW_M(RETRY_CNT))
		rnic_qpc_set_retry_cnt(qpc, rnic_cmd_qp_attr_get_retry_cnt(in));
	if (mask & RNIC_FW_M(RNR_RETRY))
		rnic_qpc_set_rnr_retry(qpc, rnic_cmd_qp_attr_get_rnr_retry(in));
	if (mask & RNIC_FW_M(RQ_PSN))
		rnic_qpc_set_rq_psn(qpc, rnic_cmd_qp_attr_get_rq_psn(in));
	if (mask & RNIC_FW_M(SQ_PSN))
		rnic_qpc_set_sq_psn(qpc, rnic_cmd_qp_attr_get_sq_psn(in));
	if (mask & RNIC_FW_M(MAX_QP_RD_ATOMIC))
		rnic_qpc_set_max_rd_atomic(qpc, rnic_cmd_qp_attr_get_max_rd_atomic(in));
	if (mask & RNIC_FW_M(MAX_DEST_RD_ATOMIC))
		rnic_qpc_set_max_dest_rd_atomic(qpc, rnic_cmd_qp_attr_get_max_dest_rd_atomic(in));
	if (mask & RNIC_FW_M(MIN_RNR_TIMER))
		rnic_qpc_set_min_rnr_timer(qpc, rnic_cmd_qp_attr_get_min_rnr_timer(in));
	if (mask & RNIC_FW_M(DEST_QPN))
		rnic_qpc_set_dest_qpn(qpc, rnic_cmd_qp_attr_get_dest_qpn(in));
	if (mask & RNIC_FW_M(AV)) {
		uint64_t lo = rnic_cmd_qp_attr_get_dgid_lo(in);
		uint32_t b = (uint32_t)(lo >> 32); /* GID bytes 12..15, byte 12 in 7:0 */
		uint32_t label = rnic_cmd_qp_attr_get_flow_label(in);

		rnic_qpc_set_dmac_lo(qpc, rnic_cmd_qp_attr_get_dmac_lo(in));
		rnic_qpc_set_dmac_hi(qpc, rnic_cmd_qp_attr_get_dmac_hi(in));
		rnic_qpc_set_dip(qpc, (b & 0xFFu) << 24 | ((b >> 8) & 0xFFu) << 16 |
					      ((b >> 16) & 0xFFu) << 8 | (b >> 24));
		rnic_qpc_set_hop_limit(qpc, rnic_cmd_qp_attr_get_hop_limit(in));
		rnic_qpc_set_traffic_class(qpc, rnic_cmd_qp_attr_get_traffic_class(in));
		rnic_qpc_set_sgid_index(qpc, rnic_cmd_qp_attr_get_sgid_index(in));
		rnic_qpc_set_sl(qpc, rnic_cmd_qp_attr_get_sl(in));
		rnic_qpc_set_flow_label(qpc, label);
		rnic_qpc_set_dgid_hi(qpc, rnic_cmd_qp_attr_get_dgid_hi(in));
		rnic_qpc_set_dgid_lo(qpc, lo);
		if (label == 0)
			label = rnic_fw_flow_label(qpn, rnic_qpc_get_dest_qpn(qpc));
		rnic_qpc_set_udp_sport(qpc, rnic_fw_udp_sport(label));
	}
}

uint32_t rnic_fw_cmd_modify_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t qpn;
	struct rnic_fw_qp *qp = rnic_fw_qp_owned(fw, in, &qpn);
	uint32_t mask = rnic_cmd_qp_attr_get_attr_mask(in);
	uint32_t cur, next, type, req, opt;
	uint32_t qpc[RNIC_CTX_WORDS];

	(void)out;
	if (qp == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (mask & ~RNIC_FW_MASK_KNOWN)
		return RNIC_CMD_STATUS_BAD_MASK;
	cur = rnic_qpc_get_state(qp->qpc);
	type = rnic_qpc_get_type(qp->qpc);
	mask &= ~rnic_fw_qp_ignored(type);
	next = (mask & RNIC_FW_M(STATE)) ? rnic_cmd_qp_attr_get_qp_state(in) : cur;
	if (next > RNIC_QP_STATE_ERR)
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (mask & RNIC_FW_M(CUR_STATE)) {
		uint32_t claimed = rnic_cmd_qp_attr_get_cur_qp_state(in);

		if (claimed > RNIC_QP_STATE_ERR)
			return RNIC_CMD_STATUS_BAD_PARAM;
		if (claimed != cur)
			return RNIC_CMD_STATUS_BAD_STATE;
	}
	if (!rnic_fw_qp_rule(type, cur, next, &req, &opt))
		return RNIC_CMD_STATUS_BAD_STATE;
	if ((mask & req) != req || (mask & ~(req | opt | RNIC_FW_M(STATE))) != 0)
		return RNIC_CMD_STATUS_BAD_MASK;
	if (!rnic_fw_qp_attr_ok(in, mask))
		return RNIC_CMD_STATUS_BAD_PARAM;

	/* Validated: build the new context, then commit. */
	if (next == RNIC_QP_STATE_RESET) {
		rnic_fw_qpc_reset(qpn, qp->qpc, qpc);
		qp->sqd_notify = 0;
	} else {
		rnic_fw_words_copy(qpc, qp->qpc, RNIC_CTX_WORDS);
		rnic_fw_qp_attr_apply(qpn, in, mask, qpc);
		rnic_qpc_set_state(qpc, next);
		if (cur == RNIC_QP_STATE_RTS && next == RNIC_QP_STATE_SQD)
			qp->sqd_notify = (mask & RNIC_FW_M(EN_SQD_ASYNC_NOTIFY)) ?
						 (uint8_t)rnic_cmd_qp_attr_get_en_sqd_async_notify(in) :
						 0;
	}
	rnic_fw_words_copy(qp->qpc, qpc, RNIC_CTX_WORDS);
	/* The hardware clears a QP's queue state whenever an entry in RESET or
	 * INIT is written (the start of a QP's life). An INIT -> INIT change
	 * must keep the receives already posted, and nothing reads a QP in
	 * INIT: the master copy takes the attributes, and the write of the
	 * next state (RTR, RESET or ERR) carries them to the hardware. */
	if (!(cur == RNIC_QP_STATE_INIT && next == RNIC_QP_STATE_INIT))
		rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_QPC, qpn, qp->qpc, RNIC_CTX_WORDS);
	/* IBA 11.6.3.1: a QP on an SRQ entering the error state, here by the
	 * host's request, reports Last WQE Reached as a hardware error does */
	if (next == RNIC_QP_STATE_ERR && cur != RNIC_QP_STATE_ERR && rnic_qpc_get_srq_en(qpc))
		rnic_fw_aeq_report(fw, RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED, qp->uctx, qpn);
	return RNIC_CMD_STATUS_OK;
}

static uint32_t rnic_fw_min(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

uint32_t rnic_fw_cmd_query_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t qpn;
	struct rnic_fw_qp *qp = rnic_fw_qp_owned(fw, in, &qpn);
	const uint32_t *c;
	uint32_t state, type, sq_stride, rq_stride, max_recv_wr, max_recv_sge;
	uint32_t max_send_wr, max_send_sge, max_inline;

	if (qp == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	c = qp->qpc;
	state = rnic_qpc_get_state(c);
	type = rnic_qpc_get_type(c);
	sq_stride = 1u << rnic_qpc_get_log_sq_stride(c);
	rq_stride = 1u << rnic_qpc_get_log_rq_stride(c);
	/* A QP on an SRQ has no receive queue of its own (ibv_create_qp(3):
	 * max_recv_wr and max_recv_sge are ignored with an SRQ), nor has an
	 * XRC QP; an XRC target has no send queue either: report 0. */
	max_send_wr = 0;
	max_send_sge = 0;
	max_inline = 0;
	max_recv_wr = 0;
	max_recv_sge = 0;
	if (rnic_fw_qp_has_send(type)) {
		max_send_wr = 1u << rnic_qpc_get_log_sq_size(c);
		max_send_sge = rnic_fw_min((sq_stride - RNIC_SEND_WQE_BYTES) / RNIC_DATA_SEG_BYTES,
					   RNIC_MAX_SEND_SGE);
		max_inline = rnic_fw_min(sq_stride - RNIC_SEND_WQE_BYTES, RNIC_MAX_INLINE);
	}
	if (rnic_fw_qp_has_recv(type) && !rnic_qpc_get_srq_en(c)) {
		max_recv_wr = 1u << rnic_qpc_get_log_rq_size(c);
		max_recv_sge = rnic_fw_min((rq_stride - RNIC_RECV_WQE_BYTES) / RNIC_DATA_SEG_BYTES,
					   RNIC_MAX_RECV_SGE);
	}
	rnic_cmd_out_set_handle(out, qpn);
	rnic_cmd_qp_attr_set_qp_state(out, state);
	rnic_cmd_qp_attr_set_cur_qp_state(out, state);
	rnic_cmd_qp_attr_set_path_mtu(out, rnic_qpc_get_path_mtu(c));
	rnic_cmd_qp_attr_set_en_sqd_async_notify(out, qp->sqd_notify);
	rnic_cmd_qp_attr_set_sq_draining(out, 0); /* the SQ drains before SQD is entered */
	rnic_cmd_qp_attr_set_access(out, rnic_qpc_get_access(c));
	rnic_cmd_qp_attr_set_port_num(out, 1);
	rnic_cmd_qp_attr_set_qkey(out, rnic_qpc_get_qkey(c));
	rnic_cmd_qp_attr_set_rq_psn(out, rnic_qpc_get_rq_psn(c));
	rnic_cmd_qp_attr_set_sq_psn(out, rnic_qpc_get_sq_psn(c));
	rnic_cmd_qp_attr_set_dest_qpn(out, rnic_qpc_get_dest_qpn(c));
	rnic_cmd_qp_attr_set_pkey_index(out, rnic_qpc_get_pkey_index(c));
	rnic_cmd_qp_attr_set_timeout(out, rnic_qpc_get_timeout(c));
	rnic_cmd_qp_attr_set_retry_cnt(out, rnic_qpc_get_retry_cnt(c));
	rnic_cmd_qp_attr_set_rnr_retry(out, rnic_qpc_get_rnr_retry(c));
	rnic_cmd_qp_attr_set_min_rnr_timer(out, rnic_qpc_get_min_rnr_timer(c));
	rnic_cmd_qp_attr_set_max_rd_atomic(out, rnic_qpc_get_max_rd_atomic(c));
	rnic_cmd_qp_attr_set_max_dest_rd_atomic(out, rnic_qpc_get_max_dest_rd_atomic(c));
	rnic_cmd_qp_attr_set_dmac_lo(out, rnic_qpc_get_dmac_lo(c));
	rnic_cmd_qp_attr_set_dmac_hi(out, rnic_qpc_get_dmac_hi(c));
	rnic_cmd_qp_attr_set_sgid_index(out, rnic_qpc_get_sgid_index(c));
	rnic_cmd_qp_attr_set_hop_limit(out, rnic_qpc_get_hop_limit(c));
	rnic_cmd_qp_attr_set_traffic_class(out, rnic_qpc_get_traffic_class(c));
	rnic_cmd_qp_attr_set_sl(out, rnic_qpc_get_sl(c));
	/* An address vector has been loaded once the dgid is set. */
	rnic_cmd_qp_attr_set_is_global(out, rnic_qpc_get_dgid_lo(c) != 0);
	rnic_cmd_qp_attr_set_flow_label(out, rnic_qpc_get_flow_label(c));
	rnic_cmd_qp_attr_set_dgid_hi(out, rnic_qpc_get_dgid_hi(c));
	rnic_cmd_qp_attr_set_dgid_lo(out, rnic_qpc_get_dgid_lo(c));
	rnic_cmd_qp_attr_set_cap_max_send_wr(out, max_send_wr);
	rnic_cmd_qp_attr_set_cap_max_recv_wr(out, max_recv_wr);
	rnic_cmd_qp_attr_set_cap_max_send_sge(out, max_send_sge);
	rnic_cmd_qp_attr_set_cap_max_recv_sge(out, max_recv_sge);
	rnic_cmd_qp_attr_set_cap_max_inline(out, max_inline);
	return RNIC_CMD_STATUS_OK;
}

void rnic_fw_qp_destroy(struct rnic_fw *fw, uint32_t qpn)
{
	struct rnic_fw_qp *qp = &fw->qp[qpn];
	uint32_t type = rnic_qpc_get_type(qp->qpc);

	if (rnic_fw_qp_has_send(type)) {
		fw->pd[rnic_qpc_get_pdn(qp->qpc)].refs--;
		fw->cq[rnic_qpc_get_send_cqn(qp->qpc)].refs--;
	} else {
		fw->xrcd[rnic_qpc_get_xrcdn(qp->qpc)].refs--;
	}
	if (rnic_fw_qp_has_recv(type))
		fw->cq[rnic_qpc_get_recv_cqn(qp->qpc)].refs--;
	if (rnic_qpc_get_srq_en(qp->qpc))
		fw->srq[rnic_qpc_get_srqn(qp->qpc)].refs--;
	rnic_fw_words_zero(qp->qpc, RNIC_CTX_WORDS);
	qp->valid = 0;
	qp->uctx = 0;
	qp->sqd_notify = 0;
	/* An all-zero entry is RESET (state 0) and owned by no live page. */
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_QPC, qpn, NULL, 0);
}

/* DESTROY_QP: BUSY while a flow steering rule still steers frames to the
 * QP (ibv_destroy_qp(3) leaves the order to the application; Linux's
 * uverbs holds a QP while a flow references it, so rdma-core applications
 * destroy their flows first). FREE_UCTX removes the flows before the QPs. */
uint32_t rnic_fw_cmd_destroy_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t qpn;

	(void)out;
	if (rnic_fw_qp_owned(fw, in, &qpn) == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (rnic_fw_qp_flows(fw, qpn) != 0)
		return RNIC_CMD_STATUS_BUSY;
	rnic_fw_qp_destroy(fw, qpn);
	return RNIC_CMD_STATUS_OK;
}

int rnic_fw_qp_async_state(struct rnic_fw *fw, uint32_t qpn, uint32_t state)
{
	struct rnic_fw_qp *qp;
	uint32_t cur, type;

	if (fw == NULL || qpn < RNIC_FW_FIRST_QPN || qpn >= fw->nqps || !fw->qp[qpn].valid)
		return -ENOENT;
	qp = &fw->qp[qpn];
	cur = rnic_qpc_get_state(qp->qpc);
	type = rnic_qpc_get_type(qp->qpc);
	if (state == RNIC_QP_STATE_ERR) {
		/* any state may fail into ERR */
	} else if (state == RNIC_QP_STATE_SQE && cur == RNIC_QP_STATE_RTS &&
		   (type == RNIC_QP_TYPE_UC || type == RNIC_QP_TYPE_UD)) {
		/* UC/UD send error: IBA 10.3.1 (RC and XRC never enter SQE, nor
		 * does RAW_PACKET here: its send errors move it to ERR) */
	} else {
		return -EINVAL;
	}
	rnic_qpc_set_state(qp->qpc, state);
	rnic_fw_ctx_write(fw, RNIC_CTX_TABLE_QPC, qpn, qp->qpc, RNIC_CTX_WORDS);
	return 0;
}
