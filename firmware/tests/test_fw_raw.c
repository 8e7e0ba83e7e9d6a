/* RAW_PACKET QPs and flow steering in the firmware: CREATE_QP of type RAW
 * and its MODIFY_QP rules (the IB_QPT_RAW_PACKET column of Linux's
 * ib_modify_qp_is_ok(): PORT at RESET->INIT, nothing else, no path),
 * CREATE_FLOW / DESTROY_FLOW and the FLOW context they write, the table
 * full, a QP with flows refusing DESTROY_QP, and FREE_UCTX cleanup, against
 * the model of the firmware-port register file. Every refusal is checked
 * to change nothing (T_FAIL). */
#include "fw_test_attr.h"
#include "rnic_fw_internal.h" /* rnic_fw_qp_flows */

/* A MAC address as the contract's two fields: bytes 2..5 with byte 5 in
 * [7:0], bytes 0..1 with byte 1 in [7:0] (as the qpc's dmac). */
static uint32_t t_mac_lo(const uint8_t *m)
{
	return (uint32_t)m[2] << 24 | (uint32_t)m[3] << 16 | (uint32_t)m[4] << 8 | m[5];
}

static uint32_t t_mac_hi(const uint8_t *m)
{
	return (uint32_t)m[0] << 8 | m[1];
}

struct t_rule_fields {
	uint8_t dmac[6], dmask[6], smac[6], smask[6];
	uint16_t ethertype, ethertype_mask;
};

static void t_create_flow_in(uint32_t *in, uint32_t u, uint32_t qpn, const struct t_rule_fields *r)
{
	t_hdr(in, RNIC_CMD_OP_CREATE_FLOW, u, 0);
	rnic_cmd_create_flow_in_set_qpn(in, qpn);
	rnic_cmd_create_flow_in_set_dmac_lo(in, t_mac_lo(r->dmac));
	rnic_cmd_create_flow_in_set_dmac_hi(in, t_mac_hi(r->dmac));
	rnic_cmd_create_flow_in_set_dmac_mask_lo(in, t_mac_lo(r->dmask));
	rnic_cmd_create_flow_in_set_dmac_mask_hi(in, t_mac_hi(r->dmask));
	rnic_cmd_create_flow_in_set_smac_lo(in, t_mac_lo(r->smac));
	rnic_cmd_create_flow_in_set_smac_hi(in, t_mac_hi(r->smac));
	rnic_cmd_create_flow_in_set_smac_mask_lo(in, t_mac_lo(r->smask));
	rnic_cmd_create_flow_in_set_smac_mask_hi(in, t_mac_hi(r->smask));
	rnic_cmd_create_flow_in_set_ethertype(in, r->ethertype);
	rnic_cmd_create_flow_in_set_ethertype_mask(in, r->ethertype_mask);
}

/* A rule on the destination MAC 02:aa:bb:cc:dd:ee, all 48 bits. */
static const struct t_rule_fields t_dmac_rule = {
	.dmac = { 0x02, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE },
	.dmask = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF },
};

/* Everything matches: all masks zero (an empty ibv_flow_attr). */
static const struct t_rule_fields t_any_rule;

static uint32_t t_create_flow(uint32_t u, uint32_t qpn, const struct t_rule_fields *r)
{
	uint32_t in[32], out[32];

	t_create_flow_in(in, u, qpn, r);
	return T_OK(in, out);
}

static void t_destroy_flow(uint32_t u, uint32_t idx)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, u, idx);
	T_OK(in, out);
}

static uint32_t t_create_raw(uint32_t u, uint32_t pd, uint32_t cq)
{
	return t_create_qp(u, RNIC_QP_TYPE_RAW, pd, cq, cq);
}

/* CREATE_QP of type RAW (5): like UD, a PD, both CQs and both rings, held
 * by reference; the context holds type 5, the port MTU as path_mtu (a
 * frame is one packet of at most MAX_RAW_FRAME bytes) and no UDP source
 * port; QUERY_QP reports the capabilities of the rings. QUERY_DEVICE
 * reports max_flows = 2^LOG_FLOWS. */
static void test_raw_create(void)
{
	uint32_t in[32], out[32], a, b, pd, cq, qp, srq, pdb, cqb;

	t_init();
	t_hdr(in, RNIC_CMD_OP_QUERY_DEVICE, 0, 0);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_flows(out), 16);
	CHECK_EQ(RNIC_FW_MAX_FLOWS, 1u << RNIC_LOG_FLOWS);

	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	pdb = t_alloc_pd(b);
	cqb = t_create_cq(b);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RAW, pd, cq, cq);
	qp = T_OK(in, out);
	CHECK_EQ(qp, RNIC_FW_FIRST_QPN);
	CHECK(t_all_zero(out + 2, RNIC_CMD_OUT_WORDS - 2));
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_QPC);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].index, qp);
	CHECK_EQ(rnic_qpc_get_type(tm.qpc[qp]), RNIC_QP_TYPE_RAW);
	CHECK_EQ(rnic_qpc_get_type(tm.qpc[qp]), 5);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RESET);
	CHECK_EQ(rnic_qpc_get_pdn(tm.qpc[qp]), pd);
	CHECK_EQ(rnic_qpc_get_uctx(tm.qpc[qp]), a);
	CHECK_EQ(rnic_qpc_get_send_cqn(tm.qpc[qp]), cq);
	CHECK_EQ(rnic_qpc_get_recv_cqn(tm.qpc[qp]), cq);
	CHECK_EQ(rnic_qpc_get_srq_en(tm.qpc[qp]), 0);
	CHECK_EQ(rnic_qpc_get_log_sq_size(tm.qpc[qp]), 7);
	CHECK_EQ(rnic_qpc_get_log_sq_stride(tm.qpc[qp]), 7);
	CHECK_EQ(rnic_qpc_get_log_rq_size(tm.qpc[qp]), 8);
	CHECK_EQ(rnic_qpc_get_log_rq_stride(tm.qpc[qp]), 6);
	CHECK_EQ(rnic_qpc_get_sq_base(tm.qpc[qp]), 0x7f0000200000ull);
	CHECK_EQ(rnic_qpc_get_rq_base(tm.qpc[qp]), 0x7f0000300000ull);
	CHECK_EQ(rnic_qpc_get_path_mtu(tm.qpc[qp]), RNIC_MTU_4096);
	CHECK_EQ(rnic_qpc_get_udp_sport(tm.qpc[qp]), 0);
	CHECK_EQ(rnic_qpc_get_qkey(tm.qpc[qp]), 0);
	CHECK_EQ(rnic_qpc_get_dest_qpn(tm.qpc[qp]), 0);
	CHECK_EQ(tfw.pd[pd].refs, 1);
	CHECK_EQ(tfw.cq[cq].refs, 2);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_RESET);
	CHECK_EQ(rnic_cmd_qp_attr_get_path_mtu(out), RNIC_MTU_4096);
	CHECK_EQ(rnic_cmd_qp_attr_get_port_num(out), 1);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_wr(out), 128);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_wr(out), 256);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_sge(out), 4);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_sge(out), 3);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_inline(out), 64);

	/* on an SRQ, as UD: no receive ring of its own */
	srq = t_create_srq(a, pd);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RAW, pd, cq, cq, srq);
	qp = T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_srq_en(tm.qpc[qp]), 1);
	CHECK_EQ(rnic_qpc_get_srqn(tm.qpc[qp]), srq);
	CHECK_EQ(rnic_qpc_get_log_rq_size(tm.qpc[qp]), 0);
	CHECK_EQ(rnic_qpc_get_rq_base(tm.qpc[qp]), 0);
	CHECK_EQ(tfw.srq[srq].refs, 1);

	/* refused, each alone: another uctx's PD, send CQ, receive CQ or SRQ;
	 * a ring the device cannot take */
	t_create_qp_in(in, a, RNIC_QP_TYPE_RAW, pdb, cq, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RAW, pd, cqb, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RAW, pd, cq, cqb);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_qp_in(in, b, RNIC_QP_TYPE_RAW, pdb, cqb, cqb, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RAW, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_sq_stride(in, 5); /* 32 < SEND_WQE_MIN_STRIDE */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RAW, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_rq_size(in, RNIC_LOG_MAX_WQE + 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	CHECK_EQ(tm.bad, 0);
}

/* MODIFY_QP on RAW_PACKET (Linux ib_modify_qp_is_ok(), IB_QPT_RAW_PACKET):
 * RESET->INIT requires PORT and takes neither PKEY_INDEX nor QKEY;
 * INIT->INIT takes PORT; INIT->RTR and RTR->RTS take nothing (no address
 * vector, MTU, PSN, timers or destination QP); the QP reaches RTS and
 * QUERY_QP shows it; it never enters SQE; ERR and RESET as any QP. (Every
 * from/to pair with every attribute: test_fw_qp_state.c.) */
static void test_raw_modify_rules(void)
{
	uint32_t in[32], out[32], a, pd, cq, qp;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	qp = t_create_raw(a, pd, cq);

	/* RESET->INIT: PORT alone; the UD attributes are refused */
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_INIT);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PORT) | T_M(PKEY_INDEX), RNIC_QP_STATE_INIT);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PORT) | T_M(QKEY), RNIC_QP_STATE_INIT);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PORT) | T_M(ACCESS_FLAGS), RNIC_QP_STATE_INIT);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PORT), RNIC_QP_STATE_INIT);
	rnic_cmd_qp_attr_set_port_num(in, 2); /* one port */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PORT), RNIC_QP_STATE_INIT);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_INIT);
	CHECK_EQ(rnic_qpc_get_qkey(tm.qpc[qp]), 0);
	CHECK_EQ(rnic_qpc_get_pkey_index(tm.qpc[qp]), 0);

	/* INIT->INIT: PORT optional, QKEY not */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PORT), RNIC_QP_STATE_INIT);
	T_OK(in, out);
	t_attr_in(in, a, qp, T_M(PORT), RNIC_QP_STATE_INIT); /* no STATE: INIT->INIT */
	T_OK(in, out);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(QKEY), RNIC_QP_STATE_INIT);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);

	/* INIT->RTR: no path attribute at all */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(AV), RNIC_QP_STATE_RTR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PATH_MTU), RNIC_QP_STATE_RTR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(DEST_QPN), RNIC_QP_STATE_RTR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(QKEY), RNIC_QP_STATE_RTR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_RTS); /* INIT->RTS */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_STATE);
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_RTR);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RTR);

	/* RTR->RTS: not even the SQ PSN UD requires */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(SQ_PSN), RNIC_QP_STATE_RTS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(CUR_STATE), RNIC_QP_STATE_RTS);
	rnic_cmd_qp_attr_set_cur_qp_state(in, RNIC_QP_STATE_RTR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_RTS);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_qpc_get_type(tm.qpc[qp]), RNIC_QP_TYPE_RAW);
	CHECK_EQ(rnic_qpc_get_path_mtu(tm.qpc[qp]), RNIC_MTU_4096);
	CHECK_EQ(rnic_qpc_get_sq_psn(tm.qpc[qp]), 0);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_cmd_qp_attr_get_path_mtu(out), RNIC_MTU_4096);

	/* never SQE; ERR and RESET with no attributes */
	CHECK_EQ(rnic_fw_qp_async_state(&tfw, qp, RNIC_QP_STATE_SQE), -EINVAL);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RTS);
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_ERR);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_ERR);
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_RESET);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RESET);
	CHECK_EQ(rnic_qpc_get_type(tm.qpc[qp]), RNIC_QP_TYPE_RAW);
	CHECK_EQ(rnic_qpc_get_path_mtu(tm.qpc[qp]), RNIC_MTU_4096);
	CHECK_EQ(tm.bad, 0);
}

/* CREATE_FLOW writes the FLOW entry at the lowest free index (the handle):
 * valid, qpn, the MACs in the qpc encoding (dmac_lo = bytes 2..5, byte 5
 * in [7:0]; dmac_hi = bytes 0..1, byte 1 in [7:0]), the EtherType (byte
 * 12 in [15:8]) and the masks, each value ANDed with its mask; nothing
 * else in the entry. */
static void test_create_flow_writes_entry(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, pd, cq, qp, f, nw;
	struct t_rule_fields r = {
		.dmac = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 },
		.dmask = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF },
		.smac = { 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F },
		.smask = { 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00 }, /* an OUI */
		.ethertype = 0x88B5, /* IEEE 802 local experimental */
		.ethertype_mask = 0xFFFF,
	};

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	(void)t_create_raw(a, pd, cq);
	qp = t_create_raw(a, pd, cq);

	nw = tm.nwrites;
	t_create_flow_in(in, a, qp, &r);
	f = T_OK(in, out);
	CHECK_EQ(f, 0);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	CHECK(t_all_zero(out + 2, RNIC_CMD_OUT_WORDS - 2));
	CHECK_EQ(tm.nwrites, nw + 1);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_FLOW);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].index, f);
	/* spelled out word by word (docs/contract.md, layout flow) */
	CHECK_EQ(tm.flow[f][0], 1u);          /* valid */
	CHECK_EQ(tm.flow[f][1], qp);          /* qpn */
	CHECK_EQ(tm.flow[f][2], 0x22334455u); /* dmac_lo */
	CHECK_EQ(tm.flow[f][3], 0x0211u);     /* dmac_hi */
	CHECK_EQ(tm.flow[f][4], 0xFFFFFFFFu); /* dmac_mask_lo */
	CHECK_EQ(tm.flow[f][5], 0xFFFFu);     /* dmac_mask_hi */
	CHECK_EQ(tm.flow[f][6], 0x0C000000u); /* smac_lo & mask: 0c 0d 0e 0f & ff 00 00 00 */
	CHECK_EQ(tm.flow[f][7], 0x0A0Bu);     /* smac_hi */
	CHECK_EQ(tm.flow[f][8], 0xFF000000u); /* smac_mask_lo */
	CHECK_EQ(tm.flow[f][9], 0xFFFFu);     /* smac_mask_hi */
	CHECK_EQ(tm.flow[f][10], 0xFFFF88B5u); /* ethertype_mask << 16 | ethertype */
	CHECK(t_all_zero(&tm.flow[f][11], RNIC_CTX_WORDS - 11));
	memset(exp, 0, sizeof(exp));
	rnic_flow_set_valid(exp, 1);
	rnic_flow_set_qpn(exp, qp);
	rnic_flow_set_dmac_lo(exp, 0x22334455u);
	rnic_flow_set_dmac_hi(exp, 0x0211u);
	rnic_flow_set_dmac_mask_lo(exp, 0xFFFFFFFFu);
	rnic_flow_set_dmac_mask_hi(exp, 0xFFFFu);
	rnic_flow_set_smac_lo(exp, 0x0C000000u);
	rnic_flow_set_smac_hi(exp, 0x0A0Bu);
	rnic_flow_set_smac_mask_lo(exp, 0xFF000000u);
	rnic_flow_set_smac_mask_hi(exp, 0xFFFFu);
	rnic_flow_set_ethertype(exp, 0x88B5u);
	rnic_flow_set_ethertype_mask(exp, 0xFFFFu);
	CHECK(memcmp(tm.flow[f], exp, sizeof(exp)) == 0);
	CHECK(tfw.flow[f].valid);
	CHECK_EQ(tfw.flow[f].uctx, a);
	CHECK_EQ(tfw.flow[f].qpn, qp);

	/* the next rule takes the next index; a rule with every mask zero
	 * (match everything) writes only valid and qpn */
	CHECK_EQ(t_create_flow(a, qp, &t_any_rule), 1);
	CHECK_EQ(tm.flow[1][0], 1u);
	CHECK_EQ(tm.flow[1][1], qp);
	CHECK(t_all_zero(&tm.flow[1][2], RNIC_CTX_WORDS - 2));
	/* values outside their masks are dropped: a masked-out value bit
	 * never reaches the entry */
	r.dmask[0] = 0x00;
	r.dmask[5] = 0xF0;
	r.ethertype_mask = 0xFF00;
	f = t_create_flow(a, qp, &r);
	CHECK_EQ(f, 2);
	CHECK_EQ(rnic_flow_get_dmac_lo(tm.flow[f]), 0x22334450u);
	CHECK_EQ(rnic_flow_get_dmac_hi(tm.flow[f]), 0x0011u);
	CHECK_EQ(rnic_flow_get_dmac_mask_lo(tm.flow[f]), 0xFFFFFFF0u);
	CHECK_EQ(rnic_flow_get_dmac_mask_hi(tm.flow[f]), 0x00FFu);
	CHECK_EQ(rnic_flow_get_ethertype(tm.flow[f]), 0x8800u);
	CHECK_EQ(rnic_flow_get_ethertype_mask(tm.flow[f]), 0xFF00u);
	/* several rules may steer to one QP, and flows do not hold the QP's
	 * PD or CQs */
	CHECK_EQ(rnic_fw_qp_flows(&tfw, qp), 3);
	CHECK_EQ(tfw.pd[pd].refs, 2);
	CHECK_EQ(tm.bad, 0);
}

/* CREATE_FLOW refuses (BAD_HANDLE, nothing changes) a QP that is not a
 * RAW_PACKET QP of the caller's: RC, UC, UD and XRC QPs of its own, a RAW
 * QP of another uctx, QPN 0 and 1, a QPN past the table, a destroyed QP;
 * and a caller whose uctx is not live. */
static void test_create_flow_refusals(void)
{
	uint32_t in[32], a, b, pd, cq, raw, rawb, xrcd, dead;
	static const uint32_t types[] = { RNIC_QP_TYPE_RC, RNIC_QP_TYPE_UC, RNIC_QP_TYPE_UD,
					  RNIC_QP_TYPE_XRC_SEND };

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	raw = t_create_raw(a, pd, cq);
	for (unsigned i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		uint32_t q = t_create_qp(a, types[i], pd, cq, cq);

		t_create_flow_in(in, a, q, &t_dmac_rule);
		T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	}
	xrcd = t_open_xrcd(a);
	t_create_flow_in(in, a, t_create_xrc_recv(a, xrcd), &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	rawb = t_create_raw(b, t_alloc_pd(b), t_create_cq(b));
	t_create_flow_in(in, a, rawb, &t_dmac_rule); /* b's QP */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_flow_in(in, b, raw, &t_dmac_rule); /* a's QP, from b */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_flow_in(in, a, 0, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_flow_in(in, a, 1, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_flow_in(in, a, RNIC_FW_MAX_QPS, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_flow_in(in, a, raw | 1u << 16, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	dead = t_create_raw(a, pd, cq);
	{
		uint32_t out[32];

		t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, dead);
		T_OK(in, out);
	}
	t_create_flow_in(in, a, dead, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_flow_in(in, b + 1, raw, &t_dmac_rule); /* a uctx not allocated */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_flow_in(in, 0, raw, &t_dmac_rule); /* uctx 0 never lives */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	/* the same QP is accepted once the caller is right */
	CHECK_EQ(t_create_flow(a, raw, &t_dmac_rule), 0);
	CHECK_EQ(tm.bad, 0);
}

/* All 2^LOG_FLOWS entries can be handed out, index 0 included, across
 * owners; one more is NO_RESOURCES with nothing changed; a freed index is
 * the next one handed out (the lowest free). */
static void test_flow_table_full(void)
{
	uint32_t in[32], a, b, qa, qb;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	qa = t_create_raw(a, t_alloc_pd(a), t_create_cq(a));
	qb = t_create_raw(b, t_alloc_pd(b), t_create_cq(b));
	for (uint32_t i = 0; i < RNIC_FW_MAX_FLOWS; i++)
		CHECK_EQ(i & 1u ? t_create_flow(b, qb, &t_dmac_rule)
				: t_create_flow(a, qa, &t_dmac_rule),
			 i);
	t_create_flow_in(in, a, qa, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	t_create_flow_in(in, b, qb, &t_any_rule);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	/* a bad QP still reads BAD_HANDLE when full: handles first */
	t_create_flow_in(in, a, qb, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_destroy_flow(a, 6);
	t_destroy_flow(b, 3);
	CHECK_EQ(t_create_flow(b, qb, &t_any_rule), 3);
	CHECK_EQ(rnic_flow_get_qpn(tm.flow[3]), qb);
	CHECK_EQ(t_create_flow(b, qb, &t_any_rule), 6);
	t_create_flow_in(in, a, qa, &t_dmac_rule);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	CHECK_EQ(tm.bad, 0);
}

/* DESTROY_FLOW (handle = flow index) writes the entry as zero (valid 0) and
 * frees it; only the owner's installed rule: another uctx's, an index
 * never used or past the table, a freed one, a dead caller are
 * BAD_HANDLE. */
static void test_destroy_flow(void)
{
	uint32_t in[32], out[32], a, b, qa, f0, f1, nw;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	qa = t_create_raw(a, t_alloc_pd(a), t_create_cq(a));
	f0 = t_create_flow(a, qa, &t_dmac_rule);
	f1 = t_create_flow(a, qa, &t_dmac_rule);

	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, b, f0); /* not b's */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, a, f1 + 1); /* never installed */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, a, RNIC_FW_MAX_FLOWS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, a, f0 | 1u << 16);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, 0, f0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, b + 1, f0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	nw = tm.nwrites;
	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, a, f0);
	T_OK(in, out);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	CHECK(t_all_zero(out + 1, RNIC_CMD_OUT_WORDS - 1));
	CHECK_EQ(tm.nwrites, nw + 1);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_FLOW);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].index, f0);
	CHECK(t_all_zero(tm.flow[f0], RNIC_CTX_WORDS));
	CHECK(!tfw.flow[f0].valid);
	CHECK_EQ(tm.flow[f1][0], 1u); /* the other rule stays */
	CHECK_EQ(rnic_fw_qp_flows(&tfw, qa), 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE); /* twice */
	CHECK_EQ(tm.bad, 0);
}

/* DESTROY_QP of a QP that flow rules still steer to is BUSY (nothing
 * changes: the rules and the QP stay); once its rules are destroyed the QP
 * goes. Modifying the QP (even to RESET) leaves its rules alone. */
static void test_destroy_qp_with_flows(void)
{
	uint32_t in[32], out[32], a, pd, cq, qp, other, f0, f1;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	qp = t_create_raw(a, pd, cq);
	other = t_create_raw(a, pd, cq);
	f0 = t_create_flow(a, qp, &t_dmac_rule);
	f1 = t_create_flow(a, qp, &t_any_rule);
	(void)t_create_flow(a, other, &t_any_rule);

	t_qp_goto(a, qp, RNIC_QP_TYPE_RAW, RNIC_QP_STATE_RTS);
	t_qp_goto(a, qp, RNIC_QP_TYPE_RAW, RNIC_QP_STATE_RESET);
	CHECK_EQ(tm.flow[f0][0], 1u);
	CHECK_EQ(tm.flow[f1][0], 1u);

	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_destroy_flow(a, f0);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY); /* one rule left */
	t_destroy_flow(a, f1);
	T_OK(in, out);
	CHECK(!tfw.qp[qp].valid);
	CHECK(t_all_zero(tm.qpc[qp], RNIC_CTX_WORDS));
	CHECK_EQ(tfw.pd[pd].refs, 1);
	CHECK_EQ(tfw.cq[cq].refs, 2);
	/* the other QP's rule is untouched and still holds it */
	CHECK_EQ(rnic_fw_qp_flows(&tfw, other), 1);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, other);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	CHECK_EQ(tm.bad, 0);
}

/* FREE_UCTX removes the uctx's rules (entries written as zero) before its
 * QPs, and leaves another uctx's rules and QPs alone; the indexes are
 * handed out again. */
static void test_free_uctx_removes_flows(void)
{
	uint32_t in[32], out[32], a, b, qa, qb, fa0, fb, fa1;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	qa = t_create_raw(a, t_alloc_pd(a), t_create_cq(a));
	qb = t_create_raw(b, t_alloc_pd(b), t_create_cq(b));
	fa0 = t_create_flow(a, qa, &t_dmac_rule);
	fb = t_create_flow(b, qb, &t_dmac_rule);
	fa1 = t_create_flow(a, qa, &t_any_rule);
	t_qp_goto(a, qa, RNIC_QP_TYPE_RAW, RNIC_QP_STATE_RTS);

	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, a, a);
	T_OK(in, out);
	CHECK(t_all_zero(tm.flow[fa0], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.flow[fa1], RNIC_CTX_WORDS));
	CHECK(!tfw.flow[fa0].valid);
	CHECK(!tfw.flow[fa1].valid);
	CHECK(t_all_zero(tm.qpc[qa], RNIC_CTX_WORDS));
	CHECK(!tfw.qp[qa].valid);
	CHECK_EQ(tm.flow[fb][0], 1u);
	CHECK_EQ(rnic_flow_get_qpn(tm.flow[fb]), qb);
	CHECK(tfw.flow[fb].valid);
	CHECK(tfw.qp[qb].valid);

	/* the page's next owner does not inherit them */
	CHECK_EQ(t_alloc_uctx(), a);
	t_hdr(in, RNIC_CMD_OP_DESTROY_FLOW, a, fa0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	qa = t_create_raw(a, t_alloc_pd(a), t_create_cq(a));
	CHECK_EQ(t_create_flow(a, qa, &t_any_rule), fa0);
	CHECK_EQ(t_create_flow(a, qa, &t_any_rule), fa1);
	CHECK_EQ(tm.bad, 0);
}

int main(void)
{
	test_raw_create();
	test_raw_modify_rules();
	test_create_flow_writes_entry();
	test_create_flow_refusals();
	test_flow_table_full();
	test_destroy_flow();
	test_destroy_qp_with_flows();
	test_free_uctx_removes_flows();
	return t_finish("test_fw_raw");
}
