/* A cmd_qp_attr whose every attribute is valid, for MODIFY_QP tests. */
#ifndef FW_TEST_ATTR_H
#define FW_TEST_ATTR_H

#include "fw_test_model.h"

#define T_DIP 0xC0A80A02u /* 192.168.10.2 */

static T_UNUSED void t_attr_in(uint32_t *in, uint32_t u, uint32_t qpn, uint32_t mask, uint32_t state)
{
	t_hdr(in, RNIC_CMD_OP_MODIFY_QP, u, qpn);
	rnic_cmd_qp_attr_set_attr_mask(in, mask);
	rnic_cmd_qp_attr_set_qp_state(in, state);
	rnic_cmd_qp_attr_set_cur_qp_state(in, 0);
	rnic_cmd_qp_attr_set_path_mtu(in, RNIC_MTU_1024);
	rnic_cmd_qp_attr_set_en_sqd_async_notify(in, 1);
	rnic_cmd_qp_attr_set_access(in, RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE |
						RNIC_ACCESS_REMOTE_READ);
	rnic_cmd_qp_attr_set_port_num(in, 1);
	rnic_cmd_qp_attr_set_qkey(in, 0x11111111u);
	rnic_cmd_qp_attr_set_rq_psn(in, 0x123456);
	rnic_cmd_qp_attr_set_sq_psn(in, 0xABCDEF);
	rnic_cmd_qp_attr_set_dest_qpn(in, 0x42);
	rnic_cmd_qp_attr_set_pkey_index(in, 0);
	rnic_cmd_qp_attr_set_timeout(in, 14);
	rnic_cmd_qp_attr_set_retry_cnt(in, 7);
	rnic_cmd_qp_attr_set_rnr_retry(in, 6);
	rnic_cmd_qp_attr_set_min_rnr_timer(in, 12);
	rnic_cmd_qp_attr_set_max_rd_atomic(in, 4);
	rnic_cmd_qp_attr_set_max_dest_rd_atomic(in, 8);
	rnic_cmd_qp_attr_set_dmac_lo(in, 0xBBCCDDEEu);
	rnic_cmd_qp_attr_set_dmac_hi(in, 0x02AAu);
	rnic_cmd_qp_attr_set_sgid_index(in, 0);
	rnic_cmd_qp_attr_set_hop_limit(in, 64);
	rnic_cmd_qp_attr_set_traffic_class(in, 0x10);
	rnic_cmd_qp_attr_set_sl(in, 3);
	rnic_cmd_qp_attr_set_is_global(in, 1);
	rnic_cmd_qp_attr_set_flow_label(in, 0);
	rnic_cmd_qp_attr_set_dgid_hi(in, 0);
	/* ::ffff:192.168.10.2: bytes 10,11 = ff ff, bytes 12..15 = c0 a8 0a 02 */
	rnic_cmd_qp_attr_set_dgid_lo(in, (uint64_t)0x020AA8C0u << 32 | 0xFFFF0000u);
}

#define T_M(x) RNIC_QP_ATTR_MASK_##x

/* The IBA 10.3.1 / ibv_modify_qp(3) table, restated for the tests, with
 * the XRC and RAW_PACKET rows of Linux's ib_modify_qp_is_ok() (XRC_INI,
 * XRC_TGT, RAW_PACKET: PORT required at RESET->INIT, optional at
 * INIT->INIT as the contract adds, nothing anywhere else):
 * required and optional attributes of cur->next for a QP type. Returns 0
 * when the transition does not exist. An XRC initiator takes ACCESS_FLAGS
 * as optional at RESET->INIT (the kernel requires it), and the attributes
 * Linux's uverbs drops for XRC QPs (modify_qp_mask()) count as optional on
 * every transition: initiator MAX_DEST_RD_ATOMIC, MIN_RNR_TIMER; target
 * MAX_QP_RD_ATOMIC, RETRY_CNT, RNR_RETRY. */
static T_UNUSED int t_rule(uint32_t type, uint32_t cur, uint32_t next, uint32_t *req, uint32_t *opt)
{
	const int rc = type == RNIC_QP_TYPE_RC, uc = type == RNIC_QP_TYPE_UC;
	const int xs = type == RNIC_QP_TYPE_XRC_SEND, xr = type == RNIC_QP_TYPE_XRC_RECV;
	const int ud = type == RNIC_QP_TYPE_UD, raw = type == RNIC_QP_TYPE_RAW;
	const uint32_t ignored = xs   ? T_M(MAX_DEST_RD_ATOMIC) | T_M(MIN_RNR_TIMER)
				 : xr ? T_M(MAX_QP_RD_ATOMIC) | T_M(RETRY_CNT) | T_M(RNR_RETRY)
				      : 0;
	const uint32_t to_rts_opt = rc || xr ? T_M(CUR_STATE) | T_M(ALT_PATH) | T_M(ACCESS_FLAGS) |
						       T_M(MIN_RNR_TIMER) | T_M(PATH_MIG_STATE)
				  : uc || xs ? T_M(CUR_STATE) | T_M(ALT_PATH) | T_M(ACCESS_FLAGS) |
						       T_M(PATH_MIG_STATE)
					     : T_M(CUR_STATE) | T_M(QKEY);
	const uint32_t init_attrs = T_M(PKEY_INDEX) | T_M(PORT) |
				    (ud ? T_M(QKEY) : T_M(ACCESS_FLAGS));

	*req = 0;
	*opt = 0;
	if (raw) {
		switch (cur << 4 | next) {
		case RNIC_QP_STATE_RESET << 4 | RNIC_QP_STATE_INIT:
			*req = T_M(PORT);
			return 1;
		case RNIC_QP_STATE_INIT << 4 | RNIC_QP_STATE_INIT:
			*opt = T_M(PORT);
			return 1;
		case RNIC_QP_STATE_INIT << 4 | RNIC_QP_STATE_RTR:
		case RNIC_QP_STATE_RTR << 4 | RNIC_QP_STATE_RTS:
		case RNIC_QP_STATE_RTS << 4 | RNIC_QP_STATE_RTS:
		case RNIC_QP_STATE_RTS << 4 | RNIC_QP_STATE_SQD:
		case RNIC_QP_STATE_SQD << 4 | RNIC_QP_STATE_RTS:
		case RNIC_QP_STATE_SQD << 4 | RNIC_QP_STATE_SQD:
			return 1;
		default:
			/* never in SQE: no SQE->RTS */
			return next == RNIC_QP_STATE_RESET || next == RNIC_QP_STATE_ERR;
		}
	}
	switch (cur << 4 | next) {
	case RNIC_QP_STATE_RESET << 4 | RNIC_QP_STATE_INIT:
		*req = init_attrs;
		if (xs) {
			*req = T_M(PKEY_INDEX) | T_M(PORT);
			*opt = T_M(ACCESS_FLAGS);
		}
		break;
	case RNIC_QP_STATE_INIT << 4 | RNIC_QP_STATE_INIT:
		*opt = init_attrs;
		break;
	case RNIC_QP_STATE_INIT << 4 | RNIC_QP_STATE_RTR:
		if (rc || xr)
			*req = T_M(AV) | T_M(PATH_MTU) | T_M(DEST_QPN) | T_M(RQ_PSN) |
			       T_M(MAX_DEST_RD_ATOMIC) | T_M(MIN_RNR_TIMER);
		else if (uc || xs)
			*req = T_M(AV) | T_M(PATH_MTU) | T_M(DEST_QPN) | T_M(RQ_PSN);
		*opt = !ud ? T_M(ALT_PATH) | T_M(ACCESS_FLAGS) | T_M(PKEY_INDEX)
			   : T_M(PKEY_INDEX) | T_M(QKEY);
		break;
	case RNIC_QP_STATE_RTR << 4 | RNIC_QP_STATE_RTS:
		*req = rc || xs ? T_M(SQ_PSN) | T_M(TIMEOUT) | T_M(RETRY_CNT) | T_M(RNR_RETRY) |
					  T_M(MAX_QP_RD_ATOMIC)
		     : xr ? T_M(SQ_PSN) | T_M(TIMEOUT)
			  : T_M(SQ_PSN);
		*opt = to_rts_opt;
		break;
	case RNIC_QP_STATE_RTS << 4 | RNIC_QP_STATE_RTS:
	case RNIC_QP_STATE_SQD << 4 | RNIC_QP_STATE_RTS:
		*opt = to_rts_opt;
		break;
	case RNIC_QP_STATE_RTS << 4 | RNIC_QP_STATE_SQD:
		*opt = T_M(EN_SQD_ASYNC_NOTIFY);
		break;
	case RNIC_QP_STATE_SQD << 4 | RNIC_QP_STATE_SQD:
		*opt = rc ? T_M(PORT) | T_M(AV) | T_M(TIMEOUT) | T_M(RETRY_CNT) | T_M(RNR_RETRY) |
				    T_M(MAX_QP_RD_ATOMIC) | T_M(MAX_DEST_RD_ATOMIC) | T_M(ALT_PATH) |
				    T_M(ACCESS_FLAGS) | T_M(PKEY_INDEX) | T_M(MIN_RNR_TIMER) |
				    T_M(PATH_MIG_STATE)
		     : xs ? T_M(PORT) | T_M(AV) | T_M(TIMEOUT) | T_M(RETRY_CNT) | T_M(RNR_RETRY) |
				    T_M(MAX_QP_RD_ATOMIC) | T_M(ALT_PATH) | T_M(ACCESS_FLAGS) |
				    T_M(PKEY_INDEX) | T_M(PATH_MIG_STATE)
		     : xr ? T_M(PORT) | T_M(AV) | T_M(TIMEOUT) | T_M(MAX_DEST_RD_ATOMIC) |
				    T_M(ALT_PATH) | T_M(ACCESS_FLAGS) | T_M(PKEY_INDEX) |
				    T_M(MIN_RNR_TIMER) | T_M(PATH_MIG_STATE)
		     : uc ? T_M(AV) | T_M(ALT_PATH) | T_M(ACCESS_FLAGS) | T_M(PKEY_INDEX) |
				    T_M(PATH_MIG_STATE)
			  : T_M(PKEY_INDEX) | T_M(QKEY);
		break;
	case RNIC_QP_STATE_SQE << 4 | RNIC_QP_STATE_RTS:
		if (!uc && !ud)
			return 0; /* RC and XRC QPs never enter SQE */
		*opt = uc ? T_M(CUR_STATE) | T_M(ACCESS_FLAGS) : T_M(CUR_STATE) | T_M(QKEY);
		break;
	default:
		if (next != RNIC_QP_STATE_RESET && next != RNIC_QP_STATE_ERR)
			return 0;
		break;
	}
	*opt |= ignored & ~*req;
	return 1;
}

/* Modifies qpn from whatever state to target along the usual path, each
 * step with exactly its required attributes. */
static T_UNUSED void t_qp_goto(uint32_t u, uint32_t qpn, uint32_t type, uint32_t target)
{
	static const uint32_t path[] = { RNIC_QP_STATE_INIT, RNIC_QP_STATE_RTR, RNIC_QP_STATE_RTS };
	uint32_t in[32], out[32], req, opt, cur = RNIC_QP_STATE_RESET;

	t_attr_in(in, u, qpn, T_M(STATE), RNIC_QP_STATE_RESET);
	T_OK(in, out);
	if (target == RNIC_QP_STATE_RESET)
		return;
	if (target == RNIC_QP_STATE_ERR) {
		t_attr_in(in, u, qpn, T_M(STATE), RNIC_QP_STATE_ERR);
		T_OK(in, out);
		return;
	}
	for (unsigned i = 0; i < 3; i++) {
		t_rule(type, cur, path[i], &req, &opt);
		t_attr_in(in, u, qpn, T_M(STATE) | req, path[i]);
		T_OK(in, out);
		cur = path[i];
		if (cur == target)
			return;
	}
	if (target == RNIC_QP_STATE_SQD) {
		t_attr_in(in, u, qpn, T_M(STATE), RNIC_QP_STATE_SQD);
		T_OK(in, out);
	} else if (target == RNIC_QP_STATE_SQE) {
		CHECK_EQ(rnic_fw_qp_async_state(&tfw, qpn, RNIC_QP_STATE_SQE), 0);
	}
}

#endif /* FW_TEST_ATTR_H */
