/* XRC (IBA annex A14) in the firmware: OPEN_XRCD/CLOSE_XRCD, XRC SRQs
 * (CREATE_SRQ with xrc), XRC initiator (XRC_SEND) and target (XRC_RECV)
 * QPs and their MODIFY_QP rules, and FREE_UCTX cleanup, against the model
 * of the firmware-port register file. Every refusal is checked to change
 * nothing (T_FAIL). */
#include "fw_test_attr.h"

/* enum ibv_srq_attr_mask: IBV_SRQ_LIMIT 2. */
#define T_SRQ_LIMIT 2u

/* OPEN_XRCD hands out 1 .. 2^LOG_XRCDS - 1 (0 names no domain) and writes
 * no context; CLOSE_XRCD takes only the owner's open domain; a freed
 * number is handed out again; QUERY_DEVICE reports max_xrcd. */
static void test_xrcd_open_close(void)
{
	uint32_t in[32], out[32], a, b, x, nw;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	t_hdr(in, RNIC_CMD_OP_QUERY_DEVICE, 0, 0);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_xrcd(out), RNIC_FW_MAX_XRCDS - 1u);

	nw = tm.nwrites;
	t_hdr(in, RNIC_CMD_OP_OPEN_XRCD, a, 0);
	x = T_OK(in, out);
	CHECK_EQ(x, RNIC_FW_FIRST_XRCD);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	CHECK(t_all_zero(out + 2, RNIC_CMD_OUT_WORDS - 2));
	CHECK_EQ(tm.nwrites, nw); /* no hardware table */
	CHECK(tfw.xrcd[x].valid);
	CHECK_EQ(tfw.xrcd[x].uctx, a);
	CHECK_EQ(tfw.xrcd[x].refs, 0);
	CHECK_EQ(t_open_xrcd(b), x + 1); /* numbers are per device, not per uctx */

	/* only the owner's open domain closes */
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, b, x);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, 0); /* 0 is no domain */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x + 2); /* never opened */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, RNIC_FW_MAX_XRCDS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x | 1u << 16);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, 0, x); /* uctx 0 never lives */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_OPEN_XRCD, b + 1, 0); /* a uctx not allocated */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x);
	nw = tm.nwrites;
	T_OK(in, out);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	CHECK(t_all_zero(out + 1, RNIC_CMD_OUT_WORDS - 1));
	CHECK_EQ(tm.nwrites, nw);
	CHECK(!tfw.xrcd[x].valid);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE); /* twice */
	CHECK_EQ(t_open_xrcd(a), x);            /* handed out again */

	/* table full: 1 .. 2^LOG_XRCDS - 1 across both owners */
	for (uint32_t i = x + 2; i < RNIC_FW_MAX_XRCDS; i++)
		CHECK_EQ(t_open_xrcd(i & 1u ? a : b), i);
	t_hdr(in, RNIC_CMD_OP_OPEN_XRCD, a, 0);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, b, x + 1);
	T_OK(in, out);
	CHECK_EQ(t_open_xrcd(a), x + 1);
	CHECK_EQ(tm.bad, 0);
}

/* CREATE_SRQ with xrc writes srqc {xrc = 1, xrcdn, cqn} besides the fields
 * of an ordinary SRQ, and holds the PD, the domain and the CQ; MODIFY_SRQ
 * and QUERY_SRQ work on it; DESTROY_SRQ zeroes the entry and lets go. */
static void test_xrc_srq_create_writes_srqc(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, pd, cq, x, srq;

	t_init();
	a = t_alloc_uctx();
	(void)t_alloc_pd(a);
	pd = t_alloc_pd(a); /* pdn 1 */
	(void)t_create_cq(a);
	(void)t_create_cq(a);
	cq = t_create_cq(a); /* cqn 2 */
	(void)t_open_xrcd(a);
	x = t_open_xrcd(a); /* xrcdn 2 */
	t_create_srq_in(in, a, pd, 10, 7, 0x7f00aa002000ull, 100);
	rnic_cmd_create_srq_in_set_xrc(in, 1);
	rnic_cmd_create_srq_in_set_xrcdn(in, x);
	rnic_cmd_create_srq_in_set_cqn(in, cq);
	srq = T_OK(in, out);
	CHECK_EQ(srq, RNIC_FW_FIRST_SRQ);
	CHECK(t_all_zero(out + 2, RNIC_CMD_OUT_WORDS - 2));
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_SRQC);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].index, srq);
	memset(exp, 0, sizeof(exp));
	rnic_srqc_set_valid(exp, 1);
	rnic_srqc_set_xrc(exp, 1);
	rnic_srqc_set_log_size(exp, 10);
	rnic_srqc_set_log_stride(exp, 7);
	rnic_srqc_set_uctx(exp, a);
	rnic_srqc_set_pdn(exp, pd);
	rnic_srqc_set_base(exp, 0x7f00aa002000ull);
	rnic_srqc_set_limit(exp, 100);
	rnic_srqc_set_xrcdn(exp, x);
	rnic_srqc_set_cqn(exp, cq);
	CHECK(memcmp(tm.srqc[srq], exp, sizeof(exp)) == 0);
	/* spelled out: dw0 valid | xrc << 2 | log_size << 8 | log_stride << 16,
	 * dw6 xrcdn, dw7 cqn, the rest as an ordinary SRQ */
	CHECK_EQ(tm.srqc[srq][0], 1u | 1u << 2 | 10u << 8 | 7u << 16);
	CHECK_EQ(tm.srqc[srq][2], pd);
	CHECK_EQ(tm.srqc[srq][6], x);
	CHECK_EQ(tm.srqc[srq][7], cq);
	CHECK(t_all_zero(&tm.srqc[srq][8], RNIC_CTX_WORDS - 8));
	CHECK_EQ(tfw.pd[pd].refs, 1);
	CHECK_EQ(tfw.xrcd[x].refs, 1);
	CHECK_EQ(tfw.cq[cq].refs, 1);
	CHECK_EQ(tfw.srq[srq].refs, 0);

	/* MODIFY_SRQ re-arms it and keeps the XRC fields */
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 7);
	T_OK(in, out);
	rnic_srqc_set_limit(exp, 7);
	rnic_srqc_set_keep_idx(exp, 1);
	CHECK(memcmp(tm.srqc[srq], exp, sizeof(exp)) == 0);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_srq_attr_get_max_wr(out), 1024);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(out), 7);

	/* No QP attaches to an XRC SRQ, so it is never BUSY. */
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq);
	T_OK(in, out);
	CHECK(t_all_zero(tm.srqc[srq], RNIC_CTX_WORDS));
	CHECK(!tfw.srq[srq].valid);
	CHECK_EQ(tfw.srq[srq].xrc, 0);
	CHECK_EQ(tfw.pd[pd].refs, 0);
	CHECK_EQ(tfw.xrcd[x].refs, 0);
	CHECK_EQ(tfw.cq[cq].refs, 0);

	/* xrc = 0: the xrcdn and cqn fields are ignored, even naming nothing */
	t_create_srq_in(in, a, pd, 8, 6, 0x1000, 0);
	rnic_cmd_create_srq_in_set_xrcdn(in, 0xABCDEF);
	rnic_cmd_create_srq_in_set_cqn(in, 0x123456);
	srq = T_OK(in, out);
	CHECK_EQ(rnic_srqc_get_xrc(tm.srqc[srq]), 0);
	CHECK_EQ(tm.srqc[srq][6], 0);
	CHECK_EQ(tm.srqc[srq][7], 0);
	CHECK_EQ(tfw.cq[cq].refs, 0);
	CHECK_EQ(tm.bad, 0);
}

/* CREATE_SRQ with xrc: BAD_HANDLE for a domain or a CQ that is not the
 * caller's (or not there), as for the PD; BAD_PARAM as an ordinary SRQ. */
static void test_xrc_srq_refusals(void)
{
	uint32_t in[32], out[32], a, b, pd, pdb, cq, cqb, cq2, x, xb, x2;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cq = t_create_cq(a);
	cqb = t_create_cq(b);
	cq2 = t_create_cq(a);
	x = t_open_xrcd(a);
	xb = t_open_xrcd(b);
	x2 = t_open_xrcd(a);

	t_create_xrc_srq_in(in, a, pd, 0, cq); /* 0 is no domain */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_srq_in(in, a, pd, xb, cq); /* b's domain */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_srq_in(in, a, pd, x2 + 1, cq); /* never opened */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_srq_in(in, a, pd, RNIC_FW_MAX_XRCDS, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x2);
	T_OK(in, out);
	t_create_xrc_srq_in(in, a, pd, x2, cq); /* closed */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	t_create_xrc_srq_in(in, a, pd, x, cqb); /* b's CQ */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_srq_in(in, a, pd, x, cq2 + 1); /* never created */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_srq_in(in, a, pd, x, RNIC_FW_MAX_CQS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cq2);
	T_OK(in, out);
	t_create_xrc_srq_in(in, a, pd, x, cq2); /* destroyed */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	t_create_xrc_srq_in(in, a, pdb, x, cq); /* b's PD */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_srq_in(in, b, pdb, x, cqb); /* a's domain, from b */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_srq_in(in, 0, pd, x, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	t_create_xrc_srq_in(in, a, pd, x, cq);
	rnic_cmd_create_srq_in_set_log_stride(in, 3); /* 8 B < the receive WQE header */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_xrc_srq_in(in, a, pd, x, cq);
	rnic_cmd_create_srq_in_set_limit(in, 257);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_xrc_srq_in(in, a, pd, xb, cq); /* a bad handle wins */
	rnic_cmd_create_srq_in_set_limit(in, 257);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	CHECK_EQ(t_create_xrc_srq(b, pdb, xb, cqb), RNIC_FW_FIRST_SRQ);
	CHECK_EQ(tm.bad, 0);
}

/* A CQ an XRC SRQ completes on cannot be destroyed (BUSY), nor can the
 * domain be closed while the SRQ lives; both go once it is destroyed. */
static void test_xrc_srq_holds_cq_and_xrcd(void)
{
	uint32_t in[32], out[32], a, pd, cq, x, srq, srq2;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	x = t_open_xrcd(a);
	srq = t_create_xrc_srq(a, pd, x, cq);
	srq2 = t_create_xrc_srq(a, pd, x, cq);
	CHECK_EQ(tfw.cq[cq].refs, 2);
	CHECK_EQ(tfw.xrcd[x].refs, 2);

	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq2);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cq);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_OK(in, out);
	CHECK_EQ(tm.bad, 0);
}

/* An XRC SRQ is taken through the XRCETH only: CREATE_QP with srq_en
 * naming one is refused, for every type that takes an SRQ. */
static void test_xrc_srq_not_attachable(void)
{
	static const uint32_t types[] = { RNIC_QP_TYPE_RC, RNIC_QP_TYPE_UC, RNIC_QP_TYPE_UD };
	uint32_t in[32], out[32], a, pd, cq, x, xsrq, srq;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	x = t_open_xrcd(a);
	xsrq = t_create_xrc_srq(a, pd, x, cq);
	srq = t_create_srq(a, pd);
	for (unsigned t = 0; t < 3; t++) {
		t_create_srq_qp_in(in, a, types[t], pd, cq, cq, xsrq);
		T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
		t_create_srq_qp_in(in, a, types[t], pd, cq, cq, srq); /* the ordinary one works */
		T_OK(in, out);
	}
	CHECK_EQ(tfw.srq[xsrq].refs, 0);
	CHECK_EQ(tfw.srq[srq].refs, 3);
	CHECK_EQ(tm.bad, 0);
}

/* XRC_SEND: PD, send CQ and send queue as RC; no receive side: the
 * receive CQ and queue fields are ignored (the context holds 0) and an
 * SRQ is refused. */
static void test_xrc_send_create(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, b, pd, pdb, cq, cq2, cqb, x, srq, qp;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	(void)t_alloc_pd(a);
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cq = t_create_cq(a);
	cq2 = t_create_cq(a);
	cqb = t_create_cq(b);
	x = t_open_xrcd(a);
	srq = t_create_srq(a, pd);

	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd, cq2, cqb); /* recv_cqn: b's, ignored */
	rnic_cmd_create_qp_in_set_sq_sig_all(in, 1);
	rnic_cmd_create_qp_in_set_log_rq_size(in, RNIC_LOG_MAX_WQE + 1); /* ignored */
	rnic_cmd_create_qp_in_set_log_rq_stride(in, 3);
	rnic_cmd_create_qp_in_set_rq_base(in, 0xFFFFFFFFFFFFFFF8ull);
	rnic_cmd_create_qp_in_set_xrcdn(in, x); /* ignored: not a target */
	qp = T_OK(in, out);
	CHECK_EQ(qp, RNIC_FW_FIRST_QPN);
	memset(exp, 0, sizeof(exp));
	rnic_qpc_set_state(exp, RNIC_QP_STATE_RESET);
	rnic_qpc_set_type(exp, RNIC_QP_TYPE_XRC_SEND);
	rnic_qpc_set_sq_sig_all(exp, 1);
	rnic_qpc_set_pdn(exp, pd);
	rnic_qpc_set_uctx(exp, a);
	rnic_qpc_set_send_cqn(exp, cq2);
	rnic_qpc_set_log_sq_size(exp, 7);
	rnic_qpc_set_log_sq_stride(exp, 7);
	rnic_qpc_set_sq_base(exp, 0x7f0000200000ull);
	rnic_qpc_set_pkey(exp, 0xFFFF);
	CHECK(memcmp(tm.qpc[qp], exp, sizeof(exp)) == 0);
	CHECK_EQ(tm.qpc[qp][0], 3u << 4 | 1u << 12); /* RESET, type XRC_SEND, sq_sig_all */
	CHECK_EQ(tm.qpc[qp][5], 0);                  /* recv_cqn */
	CHECK_EQ(tm.qpc[qp][7], 7u | 7u << 8);       /* no receive queue */
	CHECK_EQ(tm.qpc[qp][26], 0);                 /* xrcdn */
	CHECK_EQ(tfw.pd[pd].refs, 2);                /* the SRQ and the QP */
	CHECK_EQ(tfw.cq[cq2].refs, 1);
	CHECK_EQ(tfw.cq[cqb].refs, 0);
	CHECK_EQ(tfw.xrcd[x].refs, 0);

	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_wr(out), 128);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_sge(out), 4);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_inline(out), 64);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_wr(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_sge(out), 0);

	/* refusals, each alone */
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd, cq, cq, srq); /* no SRQ */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pdb, cq, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd + 5, cq, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd, cqb, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd, 99, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_sq_stride(in, 5);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd, cq, cq);
	rnic_cmd_create_qp_in_set_sq_base(in, 0x7f0000200040ull);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_XRC_SEND, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_sq_size(in, RNIC_LOG_MAX_WQE + 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);

	/* RESET keeps the creation image; DESTROY lets go of PD and CQ */
	t_qp_goto(a, qp, RNIC_QP_TYPE_XRC_SEND, RNIC_QP_STATE_RTS);
	t_qp_goto(a, qp, RNIC_QP_TYPE_XRC_SEND, RNIC_QP_STATE_RESET);
	CHECK(memcmp(tm.qpc[qp], exp, sizeof(exp)) == 0);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cq2);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[qp], RNIC_CTX_WORDS));
	CHECK_EQ(tfw.pd[pd].refs, 1);
	CHECK_EQ(tfw.cq[cq2].refs, 0);
	CHECK_EQ(tfw.cq[cqb].refs, 0);
	CHECK_EQ(tm.bad, 0);
}

/* XRC_RECV: only the domain, which must be the caller's; the PD, CQ and
 * queue fields are ignored and the context holds none of them, only
 * xrcdn; srq_en is refused; the domain stays BUSY until the QP goes. */
static void test_xrc_recv_create(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, b, pd, pdb, cq, cqb, x, x2, xb, srq, qp;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cq = t_create_cq(a);
	cqb = t_create_cq(b);
	(void)t_open_xrcd(a);
	x = t_open_xrcd(a); /* xrcdn 2 */
	xb = t_open_xrcd(b);
	x2 = t_open_xrcd(a);
	srq = t_create_srq(a, pd);

	/* b's PD and CQ and a bad ring: all ignored */
	t_create_xrc_recv_in(in, a, x, pdb, cqb);
	rnic_cmd_create_qp_in_set_sq_sig_all(in, 1);
	rnic_cmd_create_qp_in_set_log_sq_stride(in, 3);
	rnic_cmd_create_qp_in_set_sq_base(in, 0xFFFFFFFFFFFFFFF8ull);
	qp = T_OK(in, out);
	CHECK_EQ(qp, RNIC_FW_FIRST_QPN);
	memset(exp, 0, sizeof(exp));
	rnic_qpc_set_state(exp, RNIC_QP_STATE_RESET);
	rnic_qpc_set_type(exp, RNIC_QP_TYPE_XRC_RECV);
	rnic_qpc_set_uctx(exp, a);
	rnic_qpc_set_xrcdn(exp, x);
	rnic_qpc_set_pkey(exp, 0xFFFF);
	CHECK(memcmp(tm.qpc[qp], exp, sizeof(exp)) == 0);
	/* spelled out: dw0 type 4 in 7:4, dw2 uctx, dw21 the P_Key, dw26
	 * xrcdn; no PD, CQ, SRQ or queue */
	CHECK_EQ(tm.qpc[qp][0], 4u << 4);
	CHECK_EQ(tm.qpc[qp][2], a);
	CHECK_EQ(tm.qpc[qp][21], 0xFFFF0000u);
	CHECK_EQ(tm.qpc[qp][26], x);
	CHECK(t_all_zero(&tm.qpc[qp][3], 18));
	CHECK_EQ(tm.qpc[qp][1], 0);
	CHECK_EQ(tfw.xrcd[x].refs, 1);
	CHECK_EQ(tfw.pd[pdb].refs, 0);
	CHECK_EQ(tfw.cq[cqb].refs, 0);
	CHECK_EQ(tfw.pd[pd].refs, 1); /* the SRQ */
	CHECK_EQ(tfw.cq[cq].refs, 0);

	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_RESET);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_wr(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_sge(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_inline(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_wr(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_sge(out), 0);

	/* refusals */
	t_create_xrc_recv_in(in, a, 0, pd, cq); /* no domain */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_recv_in(in, a, xb, pd, cq); /* b's */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_recv_in(in, a, x2 + 1, pd, cq); /* never opened */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_recv_in(in, a, RNIC_FW_MAX_XRCDS, pd, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_recv_in(in, b, x, pdb, cqb); /* a's, from b */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_recv_in(in, a, x, pd, cq);
	rnic_cmd_create_qp_in_set_srq_en(in, 1);
	rnic_cmd_create_qp_in_set_srqn(in, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);

	/* the domain: BUSY with the QP, free without it */
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_qp_goto(a, qp, RNIC_QP_TYPE_XRC_RECV, RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_qpc_get_xrcdn(tm.qpc[qp]), x);
	t_qp_goto(a, qp, RNIC_QP_TYPE_XRC_RECV, RNIC_QP_STATE_RESET);
	CHECK(memcmp(tm.qpc[qp], exp, sizeof(exp)) == 0); /* RESET keeps xrcdn */
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[qp], RNIC_CTX_WORDS));
	CHECK_EQ(tfw.xrcd[x].refs, 0);
	CHECK_EQ(tfw.pd[pd].refs, 1);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, x);
	T_OK(in, out);
	CHECK_EQ(tm.bad, 0);
}

/* The XRC rules of MODIFY_QP that differ from RC, each alone (the whole
 * table is walked by test_fw_qp_state). */
static void test_xrc_modify_rules(void)
{
	uint32_t in[32], out[32], a, pd, cq, x, ini, tgt;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	x = t_open_xrcd(a);
	ini = t_create_qp(a, RNIC_QP_TYPE_XRC_SEND, pd, cq, cq);
	tgt = t_create_xrc_recv(a, x);

	/* RESET->INIT: the initiator needs PKEY_INDEX|PORT, ACCESS_FLAGS is
	 * optional; the target needs all three */
	t_attr_in(in, a, ini, T_M(STATE) | T_M(PKEY_INDEX) | T_M(PORT), RNIC_QP_STATE_INIT);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_access(tm.qpc[ini]), 0);
	t_attr_in(in, a, ini, T_M(STATE), RNIC_QP_STATE_RESET);
	T_OK(in, out);
	t_attr_in(in, a, ini, T_M(STATE) | T_M(PKEY_INDEX) | T_M(PORT) | T_M(ACCESS_FLAGS),
		  RNIC_QP_STATE_INIT);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_access(tm.qpc[ini]), RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE |
							   RNIC_ACCESS_REMOTE_READ);
	t_attr_in(in, a, tgt, T_M(STATE) | T_M(PKEY_INDEX) | T_M(PORT), RNIC_QP_STATE_INIT);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, tgt, T_M(STATE) | T_M(PKEY_INDEX) | T_M(PORT) | T_M(ACCESS_FLAGS),
		  RNIC_QP_STATE_INIT);
	T_OK(in, out);

	/* INIT->RTR: the initiator needs AV|PATH_MTU|DEST_QPN|RQ_PSN and
	 * takes RC's MAX_DEST_RD_ATOMIC|MIN_RNR_TIMER without storing them
	 * (nor range-checking them); the target needs those two as well */
	t_attr_in(in, a, ini,
		  T_M(STATE) | T_M(AV) | T_M(PATH_MTU) | T_M(DEST_QPN) | T_M(RQ_PSN) |
			  T_M(MAX_DEST_RD_ATOMIC) | T_M(MIN_RNR_TIMER),
		  RNIC_QP_STATE_RTR);
	rnic_cmd_qp_attr_set_max_dest_rd_atomic(in, 200); /* out of range: ignored */
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[ini]), RNIC_QP_STATE_RTR);
	CHECK_EQ(rnic_qpc_get_max_dest_rd_atomic(tm.qpc[ini]), 0);
	CHECK_EQ(rnic_qpc_get_min_rnr_timer(tm.qpc[ini]), 0);
	CHECK_EQ(rnic_qpc_get_dest_qpn(tm.qpc[ini]), 0x42);
	CHECK_EQ(rnic_qpc_get_rq_psn(tm.qpc[ini]), 0x123456);
	CHECK_EQ(rnic_qpc_get_dip(tm.qpc[ini]), T_DIP);
	t_attr_in(in, a, tgt,
		  T_M(STATE) | T_M(AV) | T_M(PATH_MTU) | T_M(DEST_QPN) | T_M(RQ_PSN) |
			  T_M(MAX_DEST_RD_ATOMIC),
		  RNIC_QP_STATE_RTR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, tgt,
		  T_M(STATE) | T_M(AV) | T_M(PATH_MTU) | T_M(DEST_QPN) | T_M(RQ_PSN) |
			  T_M(MIN_RNR_TIMER),
		  RNIC_QP_STATE_RTR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_attr_in(in, a, tgt,
		  T_M(STATE) | T_M(AV) | T_M(PATH_MTU) | T_M(DEST_QPN) | T_M(RQ_PSN) |
			  T_M(MAX_DEST_RD_ATOMIC) | T_M(MIN_RNR_TIMER),
		  RNIC_QP_STATE_RTR);
	rnic_cmd_qp_attr_set_max_dest_rd_atomic(in, RNIC_FW_MAX_RD_ATOMIC + 1); /* checked */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_max_dest_rd_atomic(in, 8);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_max_dest_rd_atomic(tm.qpc[tgt]), 8);
	CHECK_EQ(rnic_qpc_get_min_rnr_timer(tm.qpc[tgt]), 12);

	/* RTR->RTS: the initiator as RC; the target needs TIMEOUT|SQ_PSN
	 * and takes RC's RETRY_CNT|RNR_RETRY|MAX_QP_RD_ATOMIC unstored */
	t_attr_in(in, a, ini, T_M(STATE) | T_M(SQ_PSN) | T_M(TIMEOUT) | T_M(RNR_RETRY) |
				      T_M(MAX_QP_RD_ATOMIC),
		  RNIC_QP_STATE_RTS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK); /* RETRY_CNT missing */
	t_attr_in(in, a, tgt, T_M(STATE) | T_M(SQ_PSN), RNIC_QP_STATE_RTS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK); /* TIMEOUT missing */
	t_attr_in(in, a, tgt, T_M(STATE) | T_M(TIMEOUT), RNIC_QP_STATE_RTS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK); /* SQ_PSN missing */
	t_attr_in(in, a, tgt, T_M(STATE) | T_M(QKEY) | T_M(TIMEOUT) | T_M(SQ_PSN),
		  RNIC_QP_STATE_RTS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK); /* QKEY is not an XRC attribute */
	t_attr_in(in, a, tgt, T_M(STATE) | T_M(TIMEOUT) | T_M(SQ_PSN) | T_M(RETRY_CNT) |
				      T_M(RNR_RETRY) | T_M(MAX_QP_RD_ATOMIC),
		  RNIC_QP_STATE_RTS);
	rnic_cmd_qp_attr_set_max_rd_atomic(in, 200); /* ignored */
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[tgt]), RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_qpc_get_timeout(tm.qpc[tgt]), 14);
	CHECK_EQ(rnic_qpc_get_sq_psn(tm.qpc[tgt]), 0xABCDEF);
	CHECK_EQ(rnic_qpc_get_retry_cnt(tm.qpc[tgt]), 0);
	CHECK_EQ(rnic_qpc_get_rnr_retry(tm.qpc[tgt]), 0);
	CHECK_EQ(rnic_qpc_get_max_rd_atomic(tm.qpc[tgt]), 0);
	t_attr_in(in, a, ini, T_M(STATE) | T_M(SQ_PSN) | T_M(TIMEOUT) | T_M(RETRY_CNT) |
				      T_M(RNR_RETRY) | T_M(MAX_QP_RD_ATOMIC),
		  RNIC_QP_STATE_RTS);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_retry_cnt(tm.qpc[ini]), 7);
	CHECK_EQ(rnic_qpc_get_rnr_retry(tm.qpc[ini]), 6);
	CHECK_EQ(rnic_qpc_get_max_rd_atomic(tm.qpc[ini]), 4);

	/* a target may stay in RTR: RTR->RTR is no transition, ERR is */
	t_qp_goto(a, tgt, RNIC_QP_TYPE_XRC_RECV, RNIC_QP_STATE_RTR);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, tgt);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_RTR);

	/* neither enters SQE from the hardware */
	CHECK_EQ(rnic_fw_qp_async_state(&tfw, ini, RNIC_QP_STATE_SQE), -EINVAL);
	t_qp_goto(a, tgt, RNIC_QP_TYPE_XRC_RECV, RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_fw_qp_async_state(&tfw, tgt, RNIC_QP_STATE_SQE), -EINVAL);
	CHECK_EQ(rnic_fw_qp_async_state(&tfw, tgt, RNIC_QP_STATE_ERR), 0);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[tgt]), RNIC_QP_STATE_ERR);
	CHECK_EQ(tm.bad, 0);
}

/* FREE_UCTX destroys the uctx's XRC QPs and SRQs and closes its domains,
 * and touches nothing of another uctx's. */
static void test_free_uctx_frees_xrc(void)
{
	uint32_t in[32], out[32], srqb_ctx[RNIC_CTX_WORDS], tgtb_ctx[RNIC_CTX_WORDS];
	uint32_t a, b, pda, pdb, cqa, cqb, xa, xa2, xb, srqa, srqb, tgta, tgtb, ini;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pda = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cqa = t_create_cq(a);
	cqb = t_create_cq(b);
	xa = t_open_xrcd(a);
	xb = t_open_xrcd(b);
	xa2 = t_open_xrcd(a); /* unused */
	srqa = t_create_xrc_srq(a, pda, xa, cqa);
	srqb = t_create_xrc_srq(b, pdb, xb, cqb);
	tgta = t_create_xrc_recv(a, xa);
	tgtb = t_create_xrc_recv(b, xb);
	ini = t_create_qp(a, RNIC_QP_TYPE_XRC_SEND, pda, cqa, cqa);
	t_qp_goto(a, tgta, RNIC_QP_TYPE_XRC_RECV, RNIC_QP_STATE_RTR);
	t_qp_goto(a, ini, RNIC_QP_TYPE_XRC_SEND, RNIC_QP_STATE_RTS);
	memcpy(srqb_ctx, tm.srqc[srqb], sizeof(srqb_ctx));
	memcpy(tgtb_ctx, tm.qpc[tgtb], sizeof(tgtb_ctx));

	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, a, a);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[tgta], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.qpc[ini], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.srqc[srqa], RNIC_CTX_WORDS));
	CHECK(!tfw.xrcd[xa].valid);
	CHECK(!tfw.xrcd[xa2].valid);
	CHECK_EQ(tfw.xrcd[xa].refs, 0);
	CHECK(memcmp(tm.srqc[srqb], srqb_ctx, sizeof(srqb_ctx)) == 0);
	CHECK(memcmp(tm.qpc[tgtb], tgtb_ctx, sizeof(tgtb_ctx)) == 0);
	CHECK(tfw.xrcd[xb].valid);
	CHECK_EQ(tfw.xrcd[xb].refs, 2);
	CHECK_EQ(tfw.cq[cqb].refs, 1);

	/* a's domains are gone, even to a new owner of the page; the
	 * numbers are handed out again */
	CHECK_EQ(t_alloc_uctx(), a);
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, a, xa);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_xrc_recv_in(in, a, xa2, 0, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	CHECK_EQ(t_open_xrcd(a), xa);
	CHECK_EQ(t_open_xrcd(a), xa2);
	/* b's domain is still busy */
	t_hdr(in, RNIC_CMD_OP_CLOSE_XRCD, b, xb);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, b, b);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[tgtb], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.srqc[srqb], RNIC_CTX_WORDS));
	CHECK(!tfw.xrcd[xb].valid);
	CHECK_EQ(tm.bad, 0);
}

int main(void)
{
	test_xrcd_open_close();
	test_xrc_srq_create_writes_srqc();
	test_xrc_srq_refusals();
	test_xrc_srq_holds_cq_and_xrcd();
	test_xrc_srq_not_attachable();
	test_xrc_send_create();
	test_xrc_recv_create();
	test_xrc_modify_rules();
	test_free_uctx_frees_xrc();
	return t_finish("test_fw_xrc");
}
