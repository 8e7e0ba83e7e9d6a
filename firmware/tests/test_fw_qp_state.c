/* MODIFY_QP against the IB QP state machine (IBA 10.3.1, ibv_modify_qp(3)):
 * every from/to pair for RC, UC, UD, the XRC initiator and target and
 * RAW_PACKET (the XRC and RAW_PACKET rows of Linux's ib_modify_qp_is_ok()); for each legal transition every
 * required attribute left out (BAD_MASK), every forbidden one added
 * (BAD_MASK) and every optional one accepted; illegal transitions answer
 * BAD_STATE; nothing changes on any failure. */
#include "fw_test_attr.h"

static const char *const t_state_name[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR" };

static void t_pair(uint32_t u, uint32_t qpn, uint32_t type, uint32_t from, uint32_t to)
{
	uint32_t in[32], out[32], req, opt;
	unsigned before = t_failures;

	t_qp_goto(u, qpn, type, from);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qpn]), from);
	if (!t_rule(type, from, to, &req, &opt)) {
		/* Not a transition: BAD_STATE with or without attributes. */
		t_attr_in(in, u, qpn, T_M(STATE), to);
		T_FAIL(in, RNIC_CMD_STATUS_BAD_STATE);
		if (from == to) {
			t_attr_in(in, u, qpn, T_M(QKEY), to); /* no STATE: from->from */
			T_FAIL(in, RNIC_CMD_STATUS_BAD_STATE);
		}
		goto done;
	}
	for (uint32_t b = 1; b <= T_M(DEST_QPN); b <<= 1) {
		if (req & b) {
			t_attr_in(in, u, qpn, (T_M(STATE) | req) & ~b, to);
			T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
		} else if (!(opt & b) && b != T_M(STATE)) {
			t_attr_in(in, u, qpn, T_M(STATE) | req | b, to);
			if (b == T_M(CUR_STATE))
				rnic_cmd_qp_attr_set_cur_qp_state(in, from);
			T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
		}
	}
	/* An unknown mask bit (past DEST_QPN) is never allowed. */
	t_attr_in(in, u, qpn, T_M(STATE) | req | (T_M(DEST_QPN) << 1), to);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);

	for (uint32_t b = 1; b <= T_M(DEST_QPN); b <<= 1) {
		if (!(opt & b))
			continue;
		t_attr_in(in, u, qpn, T_M(STATE) | req | b, to);
		if (b == T_M(CUR_STATE))
			rnic_cmd_qp_attr_set_cur_qp_state(in, from);
		if (b == T_M(ALT_PATH) || b == T_M(PATH_MIG_STATE)) {
			/* allowed by the table, not supported by this device */
			T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
			continue;
		}
		T_OK(in, out);
		CHECK_EQ(rnic_qpc_get_state(tm.qpc[qpn]), to);
		t_qp_goto(u, qpn, type, from);
	}
	if (opt & T_M(CUR_STATE)) {
		/* A wrong current state is refused. */
		t_attr_in(in, u, qpn, T_M(STATE) | req | T_M(CUR_STATE), to);
		rnic_cmd_qp_attr_set_cur_qp_state(in, from == RNIC_QP_STATE_RTS ? RNIC_QP_STATE_SQD
										: RNIC_QP_STATE_RTS);
		T_FAIL(in, RNIC_CMD_STATUS_BAD_STATE);
	}

	/* Exactly the required attributes: the transition happens and the
	 * context and QUERY_QP show the new state. */
	t_attr_in(in, u, qpn, T_M(STATE) | req, to);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qpn]), to);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_QPC);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].index, qpn);
	CHECK_EQ(rnic_qpc_get_type(tm.qpc[qpn]), type);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, u, qpn);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), to);
	if (to == RNIC_QP_STATE_RESET) {
		/* RESET forgets every attribute: only creation fields remain. */
		CHECK_EQ(rnic_qpc_get_access(tm.qpc[qpn]), 0);
		CHECK_EQ(rnic_qpc_get_dest_qpn(tm.qpc[qpn]), 0);
		CHECK_EQ(rnic_qpc_get_qkey(tm.qpc[qpn]), 0);
		CHECK_EQ(rnic_qpc_get_dip(tm.qpc[qpn]), 0);
	}
done:
	if (t_failures != before)
		fprintf(stderr, "  in type %u %s -> %s\n", type, t_state_name[from], t_state_name[to]);
}

int main(void)
{
	static const uint32_t types[] = { RNIC_QP_TYPE_RC, RNIC_QP_TYPE_UC, RNIC_QP_TYPE_UD,
					  RNIC_QP_TYPE_XRC_SEND, RNIC_QP_TYPE_XRC_RECV,
					  RNIC_QP_TYPE_RAW };
	uint32_t u, pd, cq, xrcd, pairs = 0, legal = 0, req, opt;

	t_init();
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	xrcd = t_open_xrcd(u);
	for (unsigned t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
		uint32_t qpn = types[t] == RNIC_QP_TYPE_XRC_RECV ? t_create_xrc_recv(u, xrcd)
							      : t_create_qp(u, types[t], pd, cq, cq);

		for (uint32_t from = RNIC_QP_STATE_RESET; from <= RNIC_QP_STATE_ERR; from++) {
			if (from == RNIC_QP_STATE_SQE && types[t] != RNIC_QP_TYPE_UC &&
			    types[t] != RNIC_QP_TYPE_UD) {
				/* RC and XRC QPs never enter SQE (IBA 10.3.1),
				 * nor do RAW_PACKET QPs here: the hardware
				 * hook refuses it. */
				t_qp_goto(u, qpn, types[t], RNIC_QP_STATE_RTS);
				CHECK_EQ(rnic_fw_qp_async_state(&tfw, qpn, RNIC_QP_STATE_SQE), -EINVAL);
				CHECK_EQ(rnic_qpc_get_state(tm.qpc[qpn]), RNIC_QP_STATE_RTS);
				continue;
			}
			for (uint32_t to = RNIC_QP_STATE_RESET; to <= RNIC_QP_STATE_ERR; to++) {
				t_pair(u, qpn, types[t], from, to);
				pairs++;
				legal += (uint32_t)t_rule(types[t], from, to, &req, &opt);
			}
		}
	}
	/* 7x7 pairs for UC and UD, 6x7 for RC, XRC_SEND, XRC_RECV and RAW
	 * (no SQE); legal per type: to RESET/ERR from every state (14, 12
	 * without SQE) plus RESET->INIT, INIT->INIT, INIT->RTR, RTR->RTS,
	 * RTS->RTS, RTS->SQD, SQD->RTS, SQD->SQD, and SQE->RTS for UC/UD. */
	CHECK_EQ(pairs, 49 + 49 + 42 + 42 + 42 + 42);
	CHECK_EQ(legal, (12 + 8) + (14 + 9) + (14 + 9) + (12 + 8) + (12 + 8) + (12 + 8));
	/* The hook's own errors. */
	CHECK_EQ(rnic_fw_qp_async_state(&tfw, 1, RNIC_QP_STATE_ERR), -ENOENT);
	CHECK_EQ(rnic_fw_qp_async_state(&tfw, RNIC_FW_MAX_QPS, RNIC_QP_STATE_ERR), -ENOENT);
	return t_finish("test_fw_qp_state");
}
