/* Hardware events (FW_EVENT) and the host's asynchronous events (aeqe slots
 * at RNIC_AEQ_BASE, FW_AEQ_PI): a QP error moves the QP to ERR in the master
 * copy and the context and reports the affiliated event the error type names
 * (IBA 11.6.3.1, ibv_get_async_event(3)); a QP on an SRQ also reports
 * IBV_EVENT_QP_LAST_WQE_REACHED; an armed SRQ limit reports
 * IBV_EVENT_SRQ_LIMIT_REACHED and disarms; stale events change nothing;
 * full host slots lose reports without overrunning the consumer index. Each
 * batch is checked whole: every aeqe word, FW_AEQ_PI and its writes, every
 * context write, every firmware table. */
#include "fw_test_attr.h"

/* enum ibv_srq_attr_mask: IBV_SRQ_LIMIT. */
#define T_SRQ_LIMIT 2u

#define T_AEQE_WORDS (RNIC_AEQ_SLOT_SIZE / 4u)

struct t_aeqe {
	uint32_t event;   /* async_event (enum ibv_event_type) */
	uint32_t uctx;    /* owner of the element */
	uint32_t element; /* QPN or SRQN */
};

/* What one batch of hardware events must do, and nothing else. */
struct t_want {
	unsigned served;           /* hardware events taken from FW_EVENT */
	const struct t_aeqe *aeqe; /* reports posted, oldest first */
	unsigned posted;
	unsigned lost;             /* reports dropped: the host's slots were full */
	const uint32_t *err_qp;    /* QPs moved to ERR, in the order of their qpc writes */
	unsigned n_err;
	const uint32_t *disarmed;  /* SRQs whose armed limit the batch cleared */
	unsigned n_disarmed;
};

static int t_in(const uint32_t *v, unsigned n, uint32_t x)
{
	for (unsigned i = 0; i < n; i++)
		if (v[i] == x)
			return 1;
	return 0;
}

/* Checks one slot, through the generated accessors and as raw words: dw0
 * event [7:0], zero [15:8], uctx [31:16]; dw1 element. */
static void t_check_aeqe(uint32_t slot, const struct t_aeqe *e)
{
	const uint32_t *w = tm.aeq[slot];

	CHECK_EQ(rnic_aeqe_get_event(w), e->event);
	CHECK_EQ(rnic_aeqe_get_uctx(w), e->uctx);
	CHECK_EQ(rnic_aeqe_get_element(w), e->element);
	CHECK_EQ(w[0], e->event | e->uctx << 16);
	CHECK_EQ(w[1], e->element);
}

static void t_snap(void)
{
	memcpy(&tm_snap, &tm, sizeof(tm));
	memcpy(&tfw_snap, &tfw, sizeof(tfw));
}

/* Serves the queued hardware events (rnic_fw_events, or rnic_fw_poll with
 * no command pending) and checks the whole outcome against w and the
 * snapshot taken by t_snap. */
#define T_SERVE(w) t_serve_at(__FILE__, __LINE__, (w), 0)
#define T_POLL(w)  t_serve_at(__FILE__, __LINE__, (w), 1)
static void t_serve_at(const char *file, int line, const struct t_want *w, int via_poll)
{
	unsigned before = t_failures;
	uint32_t pi0 = tm_snap.aeq_pi;

	if (via_poll) {
		CHECK_EQ(rnic_fw_poll(&tfw), 0);
		CHECK_EQ(tm.irq_acks, tm_snap.irq_acks + 1);
	} else {
		CHECK_EQ(rnic_fw_events(&tfw), w->served);
		CHECK_EQ(tm.irq_acks, tm_snap.irq_acks);
	}
	/* FW_EVENT drained, each event popped once */
	CHECK_EQ(tm.ev_count, 0);
	CHECK_EQ(tm.ev_pops, tm_snap.ev_pops + w->served);
	CHECK_EQ(tfw.hw_events, tfw_snap.hw_events + w->served);

	/* the reports, in order from the old PI; no other slot touched */
	CHECK_EQ(tfw_snap.aeq_pi, pi0);
	for (unsigned i = 0; i < w->posted; i++)
		t_check_aeqe((pi0 + i) % RNIC_AEQ_SLOTS, &w->aeqe[i]);
	for (unsigned s = 0; s < RNIC_AEQ_SLOTS; s++) {
		if ((s - pi0) % RNIC_AEQ_SLOTS < w->posted)
			continue;
		CHECK(memcmp(tm.aeq[s], tm_snap.aeq[s], sizeof(tm.aeq[s])) == 0);
	}
	CHECK_EQ(tm.aeq_pi, (pi0 + w->posted) % RNIC_AEQ_SLOTS);
	CHECK_EQ(tm.aeq_pi_writes, tm_snap.aeq_pi_writes + (w->posted != 0));
	CHECK_EQ(tfw.aeq_pi, tm.aeq_pi);
	CHECK_EQ(tm.aeq_ci, tm_snap.aeq_ci);
	CHECK_EQ(tfw.events_posted, tfw_snap.events_posted + w->posted);
	CHECK_EQ(tfw.events_lost, tfw_snap.events_lost + w->lost);

	/* one qpc write per QP moved to ERR: the entry as it was, state ERR */
	CHECK_EQ(tm.nwrites, tm_snap.nwrites + w->n_err);
	for (unsigned j = 0; j < w->n_err; j++) {
		uint32_t q = w->err_qp[j], exp[RNIC_CTX_WORDS];
		const struct t_ctx_write *l = &tm.log[(tm_snap.nwrites + j) % T_LOG];

		memcpy(exp, tm_snap.qpc[q], sizeof(exp));
		CHECK(rnic_qpc_get_state(exp) != RNIC_QP_STATE_ERR);
		exp[0] = (exp[0] & ~0xFu) | RNIC_QP_STATE_ERR; /* qpc.state is dw0[3:0] */
		CHECK_EQ(l->table, RNIC_CTX_TABLE_QPC);
		CHECK_EQ(l->index, q);
		CHECK(memcmp(l->data, exp, sizeof(exp)) == 0);
		CHECK(memcmp(tm.qpc[q], exp, sizeof(exp)) == 0);
		CHECK(memcmp(tfw.qp[q].qpc, exp, sizeof(exp)) == 0);
		CHECK_EQ(rnic_qpc_get_state(tm.qpc[q]), RNIC_QP_STATE_ERR);
		CHECK_EQ(tfw.qp[q].uctx, tfw_snap.qp[q].uctx);
		CHECK_EQ(tfw.qp[q].valid, tfw_snap.qp[q].valid);
		CHECK_EQ(tfw.qp[q].sqd_notify, tfw_snap.qp[q].sqd_notify);
	}
	for (uint32_t q = 0; q < RNIC_FW_MAX_QPS; q++) {
		if (t_in(w->err_qp, w->n_err, q))
			continue;
		CHECK(memcmp(tm.qpc[q], tm_snap.qpc[q], sizeof(tm.qpc[q])) == 0);
		CHECK(memcmp(&tfw.qp[q], &tfw_snap.qp[q], sizeof(tfw.qp[q])) == 0);
	}
	CHECK(memcmp(tm.cqc, tm_snap.cqc, sizeof(tm.cqc)) == 0);
	CHECK(memcmp(tm.mpt, tm_snap.mpt, sizeof(tm.mpt)) == 0);
	CHECK(memcmp(tm.srqc, tm_snap.srqc, sizeof(tm.srqc)) == 0);

	/* SRQs: only the limit of the disarmed ones changed */
	for (uint32_t s = 0; s < RNIC_FW_MAX_SRQS; s++) {
		struct rnic_fw_srq exp = tfw_snap.srq[s];

		if (t_in(w->disarmed, w->n_disarmed, s)) {
			CHECK(exp.limit != 0);
			exp.limit = 0;
		}
		CHECK(memcmp(&tfw.srq[s], &exp, sizeof(exp)) == 0);
	}
	CHECK(memcmp(tfw.uctx_valid, tfw_snap.uctx_valid, sizeof(tfw.uctx_valid)) == 0);
	CHECK(memcmp(tfw.pd, tfw_snap.pd, sizeof(tfw.pd)) == 0);
	CHECK(memcmp(tfw.cq, tfw_snap.cq, sizeof(tfw.cq)) == 0);
	CHECK(memcmp(tfw.mr, tfw_snap.mr, sizeof(tfw.mr)) == 0);
	CHECK_EQ(tfw.ci, tfw_snap.ci);
	CHECK_EQ(tfw.cmds_done, tfw_snap.cmds_done);
	CHECK_EQ(tm.ci_writes, tm_snap.ci_writes);
	CHECK_EQ(tm.irq_enable, tm_snap.irq_enable);
	CHECK_EQ(tm.bad, 0);
	if (t_failures != before)
		fprintf(stderr, "  (in the event batch served at %s:%d)\n", file, line);
}

/* A batch that must change nothing but pop its n events. */
static void t_serve_nothing_at(const char *file, int line, unsigned n)
{
	struct t_want w = { .served = n };

	t_serve_at(file, line, &w, 0);
}
#define T_NOTHING(n) t_serve_nothing_at(__FILE__, __LINE__, (n))

/* An RC QP of u in RTS (srqn 0: its own receive queue). */
static uint32_t t_rts_qp(uint32_t u, uint32_t pd, uint32_t cq, uint32_t srqn)
{
	uint32_t in[32], out[32], qpn;

	if (srqn != 0)
		t_create_srq_qp_in(in, u, RNIC_QP_TYPE_RC, pd, cq, cq, srqn);
	else
		t_create_qp_in(in, u, RNIC_QP_TYPE_RC, pd, cq, cq);
	qpn = T_OK(in, out);
	t_qp_goto(u, qpn, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qpn]), RNIC_QP_STATE_RTS);
	return qpn;
}

static void t_query_qp_state(uint32_t u, uint32_t qpn, uint32_t state)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_QUERY_QP, u, qpn);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), state);
	CHECK_EQ(rnic_cmd_qp_attr_get_cur_qp_state(out), state);
}

static uint32_t t_query_srq_limit(uint32_t u, uint32_t srqn)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, u, srqn);
	T_OK(in, out);
	return rnic_cmd_srq_attr_get_limit(out);
}

static void t_modify_srq_limit(uint32_t u, uint32_t srqn, uint32_t limit)
{
	uint32_t in[32], out[32];

	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, u, srqn, T_SRQ_LIMIT, limit);
	T_OK(in, out);
}

/* rnic_fw_init: the three firmware interrupts enabled, the event producer index
 * taken from FW_AEQ_PI, hardware events of the previous run popped unserved
 * (every context was just cleared); the first report lands at that PI. */
static void test_init_takes_aeq_pi_and_drops_stale_events(void)
{
	struct rnic_fw_config c = t_default_config();
	uint32_t u, pd, cq, qp, acks, nw;

	t_init();
	CHECK_EQ(tm.irq_enable, 7u); /* [0] commands, [1] hardware events, [2] GSI MADs */
	CHECK_EQ(tfw.aeq_pi, 0);
	CHECK_EQ(tm.aeq_pi_writes, 0);
	CHECK_EQ(tm.ev_pops, 0);
	CHECK_EQ(tfw.hw_events, 0);
	CHECK_EQ(tfw.events_posted, 0);
	CHECK_EQ(tfw.events_lost, 0);
	CHECK_EQ(tm.irq_acks, 1);

	/* A restart: the host left PI at 5 (and consumed everything), the NIC
	 * holds a full queue of events from before, some naming live-looking
	 * QPs and SRQs. */
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	qp = t_rts_qp(u, pd, cq, 0);
	tm.aeq_pi = 5;
	tm.aeq_ci = 5;
	tm.irq_enable = 0;
	for (uint32_t i = 0; i < RNIC_HW_EVENT_DEPTH; i++)
		t_hw_event(i % 2 ? RNIC_HW_EVENT_QP_FATAL : RNIC_HW_EVENT_SRQ_LIMIT,
			   i % 2 ? qp : 1);
	CHECK_EQ(tm.ev_count, RNIC_HW_EVENT_DEPTH);
	t_snap();
	acks = tm.irq_acks;
	nw = tm.nwrites;
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), 0);
	CHECK_EQ(tm.irq_enable, 7u);
	CHECK_EQ(tm.irq_acks, acks + 1);
	CHECK_EQ(tfw.aeq_pi, 5);
	CHECK_EQ(tm.aeq_pi, 5);
	CHECK_EQ(tm.aeq_pi_writes, tm_snap.aeq_pi_writes); /* read, not written */
	CHECK_EQ(tm.ev_count, 0);
	CHECK_EQ(tm.ev_pops, tm_snap.ev_pops + RNIC_HW_EVENT_DEPTH);
	CHECK_EQ(tfw.hw_events, 0); /* popped, not served */
	CHECK_EQ(tfw.events_posted, 0);
	CHECK_EQ(tfw.events_lost, 0);
	CHECK(memcmp(tm.aeq, tm_snap.aeq, sizeof(tm.aeq)) == 0);
	/* only the clearing writes: no QP was moved to ERR */
	CHECK_EQ(tm.nwrites, nw + RNIC_FW_MAX_QPS + RNIC_FW_MAX_CQS + RNIC_FW_MAX_MRS +
				     RNIC_FW_MAX_SRQS + RNIC_FW_MAX_FLOWS);
	CHECK(t_all_zero(tm.qpc[qp], RNIC_CTX_WORDS));
	CHECK_EQ(tm.bad, 0);

	/* The first report after the restart goes to slot 5. */
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	qp = t_rts_qp(u, pd, cq, 0);
	t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, qp);
	t_snap();
	{
		const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_ACCESS_ERR, u, qp } };
		const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
					  .err_qp = &qp, .n_err = 1 };

		T_SERVE(&w);
	}
	CHECK_EQ(tm.aeq_pi, 6);

	/* FW_AEQ_PI is taken modulo AEQ_SLOTS. */
	tm.aeq_pi = RNIC_AEQ_SLOTS + 3;
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), 0);
	CHECK_EQ(tfw.aeq_pi, 3);

	/* Nothing pending at init: nothing popped. */
	t_snap();
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), 0);
	CHECK_EQ(tm.ev_pops, tm_snap.ev_pops);
	CHECK_EQ(tm.bad, 0);
}

/* The three errors no CQE reports, on an RTS RC QP: ERR in the master copy
 * and the qpc (one write, every other word kept), one affiliated event with
 * the QP's owner and QPN (IBA 11.6.3.1: RESP_INV_REQ is the invalid request
 * local work queue error, RESP_ACCESS the local access violation, QP_FATAL
 * the catastrophic error); QUERY_QP then reports ERR. */
static void test_qp_error_reports_typed_event(void)
{
	static const uint32_t types[] = { RNIC_HW_EVENT_RESP_ACCESS, RNIC_HW_EVENT_RESP_INV_REQ,
					  RNIC_HW_EVENT_QP_FATAL };
	static const uint32_t events[] = { RNIC_ASYNC_EVENT_QP_ACCESS_ERR,
					   RNIC_ASYNC_EVENT_QP_REQ_ERR, RNIC_ASYNC_EVENT_QP_FATAL };
	uint32_t a, b, pda, pdb, cqa, cqb;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx(); /* uctx 2: the report names the owner, not uctx 1 */
	pda = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cqa = t_create_cq(a);
	cqb = t_create_cq(b);
	(void)t_rts_qp(a, pda, cqa, 0); /* a neighbour that must not change */
	for (unsigned i = 0; i < 3; i++) {
		uint32_t qp = t_rts_qp(b, pdb, cqb, 0);
		uint32_t pi = tm.aeq_pi;
		const struct t_aeqe e[] = { { events[i], b, qp } };
		const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
					  .err_qp = &qp, .n_err = 1 };

		CHECK(qp > RNIC_FW_FIRST_QPN);
		t_hw_event(types[i], qp);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi, pi + 1);
		CHECK_EQ(tm.aeq_pi_writes, i + 1);
		t_query_qp_state(b, qp, RNIC_QP_STATE_ERR);
		CHECK_EQ(tfw.hw_events, i + 1);
		CHECK_EQ(tfw.events_posted, i + 1);
		CHECK_EQ(tfw.events_lost, 0);
	}

	/* The engines may fail a QP in RTR (responder) or SQD as well. */
	{
		uint32_t in[32], out[32], qp;

		t_create_qp_in(in, b, RNIC_QP_TYPE_RC, pdb, cqb, cqb);
		qp = T_OK(in, out);
		t_qp_goto(b, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTR);
		t_hw_event(RNIC_HW_EVENT_RESP_INV_REQ, qp);
		t_snap();
		{
			const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_REQ_ERR, b, qp } };
			const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
						  .err_qp = &qp, .n_err = 1 };

			T_SERVE(&w);
		}
		t_query_qp_state(b, qp, RNIC_QP_STATE_ERR);

		t_qp_goto(b, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_SQD);
		t_hw_event(RNIC_HW_EVENT_QP_FATAL, qp);
		t_snap();
		{
			const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_FATAL, b, qp } };
			const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
						  .err_qp = &qp, .n_err = 1 };

			T_SERVE(&w);
		}
		t_query_qp_state(b, qp, RNIC_QP_STATE_ERR);
	}

	/* A UC QP in SQE (its send error already reported by a CQE) fails
	 * into ERR on a responder error. */
	{
		uint32_t in[32], out[32], qp;

		t_create_qp_in(in, a, RNIC_QP_TYPE_UC, pda, cqa, cqa);
		qp = T_OK(in, out);
		t_qp_goto(a, qp, RNIC_QP_TYPE_UC, RNIC_QP_STATE_SQE);
		CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_SQE);
		t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, qp);
		t_snap();
		{
			const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_ACCESS_ERR, a, qp } };
			const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
						  .err_qp = &qp, .n_err = 1 };

			T_SERVE(&w);
		}
		t_query_qp_state(a, qp, RNIC_QP_STATE_ERR);
	}
}

/* REQ_ERR and RESP_ERR: the error CQE tells the consumer, so the QP goes
 * to ERR without an asynchronous event (and FW_AEQ_PI is not written). */
static void test_cqe_reported_errors_post_nothing(void)
{
	static const uint32_t types[] = { RNIC_HW_EVENT_REQ_ERR, RNIC_HW_EVENT_RESP_ERR };
	uint32_t u, pd, cq;

	t_init();
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	for (unsigned i = 0; i < 2; i++) {
		uint32_t qp = t_rts_qp(u, pd, cq, 0);
		const struct t_want w = { .served = 1, .err_qp = &qp, .n_err = 1 };

		t_hw_event(types[i], qp);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi_writes, 0);
		CHECK_EQ(tfw.events_posted, 0);
		t_query_qp_state(u, qp, RNIC_QP_STATE_ERR);
	}
	CHECK_EQ(tfw.hw_events, 2);
}

/* IBA 11.6.3.1: a QP on an SRQ that enters ERR reports Last WQE Reached,
 * after the typed event when its error has one, for every error type. */
static void test_srq_qp_reports_last_wqe_reached(void)
{
	static const uint32_t types[] = { RNIC_HW_EVENT_REQ_ERR, RNIC_HW_EVENT_RESP_INV_REQ,
					  RNIC_HW_EVENT_RESP_ACCESS, RNIC_HW_EVENT_QP_FATAL,
					  RNIC_HW_EVENT_RESP_ERR };
	static const uint32_t events[] = { RNIC_ASYNC_EVENT_COUNT, RNIC_ASYNC_EVENT_QP_REQ_ERR,
					   RNIC_ASYNC_EVENT_QP_ACCESS_ERR,
					   RNIC_ASYNC_EVENT_QP_FATAL, RNIC_ASYNC_EVENT_COUNT };
	uint32_t u, pd, cq, srq;

	t_init();
	(void)t_alloc_uctx(); /* the reports must name uctx 2, the owner */
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	(void)t_create_srq(u, pd); /* srqn 1 */
	srq = t_create_srq(u, pd); /* srqn 2 */
	CHECK_EQ(srq, 2);
	for (unsigned i = 0; i < 5; i++) {
		uint32_t qp = t_rts_qp(u, pd, cq, srq);
		struct t_aeqe e[2];
		struct t_want w = { .served = 1, .aeqe = e, .err_qp = &qp, .n_err = 1 };
		uint32_t writes = tm.aeq_pi_writes;

		if (events[i] != RNIC_ASYNC_EVENT_COUNT) {
			e[w.posted].event = events[i];
			e[w.posted].uctx = u;
			e[w.posted++].element = qp;
		}
		e[w.posted].event = RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED;
		e[w.posted].uctx = u;
		e[w.posted++].element = qp;
		t_hw_event(types[i], qp);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi_writes, writes + 1); /* one write for both reports */
		t_query_qp_state(u, qp, RNIC_QP_STATE_ERR);
	}
	/* The SRQ itself is untouched (T_SERVE checked srqc and limit). */
	CHECK_EQ(t_query_srq_limit(u, srq), 16);
	CHECK_EQ(tfw.events_posted, 2 + 2 + 2 + 1 + 1);
}

/* MODIFY_QP to ERR by the host: a QP on an SRQ reports Last WQE Reached
 * (one aeqe, PI written once), a QP with its own receive queue nothing; a
 * second MODIFY_QP to ERR reports nothing more, and a hardware error for
 * the QP afterwards is stale. */
static void test_host_err_reports_last_wqe_reached(void)
{
	uint32_t u, pd, cq, srq, qs, qr, pi, writes;
	uint32_t in[32], out[32];

	t_init();
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	srq = t_create_srq(u, pd);
	qs = t_rts_qp(u, pd, cq, srq);
	qr = t_rts_qp(u, pd, cq, 0);
	pi = tm.aeq_pi;
	writes = tm.aeq_pi_writes;
	t_qp_goto(u, qs, RNIC_QP_TYPE_RC, RNIC_QP_STATE_ERR);
	CHECK_EQ(tm.aeq_pi, (pi + 1) % RNIC_AEQ_SLOTS);
	CHECK_EQ(tm.aeq_pi_writes, writes + 1);
	CHECK_EQ(rnic_aeqe_get_event(tm.aeq[pi]), RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED);
	CHECK_EQ(rnic_aeqe_get_uctx(tm.aeq[pi]), u);
	CHECK_EQ(rnic_aeqe_get_element(tm.aeq[pi]), qs);
	CHECK_EQ(tm.aeq[pi][0], RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED | u << 16);
	CHECK_EQ(tm.aeq[pi][1], qs);
	t_query_qp_state(u, qs, RNIC_QP_STATE_ERR);
	/* ERR -> ERR: nothing more */
	t_hdr(in, RNIC_CMD_OP_MODIFY_QP, u, qs);
	rnic_cmd_qp_attr_set_attr_mask(in, RNIC_QP_ATTR_MASK_STATE);
	rnic_cmd_qp_attr_set_qp_state(in, RNIC_QP_STATE_ERR);
	T_OK(in, out);
	CHECK_EQ(tm.aeq_pi, (pi + 1) % RNIC_AEQ_SLOTS);
	/* no SRQ: nothing */
	t_qp_goto(u, qr, RNIC_QP_TYPE_RC, RNIC_QP_STATE_ERR);
	CHECK_EQ(tm.aeq_pi, (pi + 1) % RNIC_AEQ_SLOTS);
	CHECK_EQ(tm.aeq_pi_writes, writes + 1);
	/* a hardware error after the host's ERR is stale */
	t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, qs);
	CHECK_EQ(rnic_fw_events(&tfw), 1);
	CHECK_EQ(tm.aeq_pi, (pi + 1) % RNIC_AEQ_SLOTS);
	CHECK_EQ(tfw.events_posted, 1);
}

/* Stale events change nothing: a QP already in ERR (reported once), a QP
 * the host moved to ERR itself, a QP in RESET or INIT, a QPN never used or
 * destroyed, the special QPNs 0 and 1, QPNs past the configured table. */
static void test_stale_qp_events_change_nothing(void)
{
	struct rnic_fw_config c = t_default_config();
	uint32_t in[32], out[32], u, pd, cq, qp, qp2, reset, init, gone, live;
	static const uint32_t all[] = { RNIC_HW_EVENT_REQ_ERR, RNIC_HW_EVENT_RESP_INV_REQ,
					RNIC_HW_EVENT_RESP_ACCESS, RNIC_HW_EVENT_QP_FATAL,
					RNIC_HW_EVENT_RESP_ERR };

	t_init();
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	qp = t_rts_qp(u, pd, cq, 0);

	/* The first error is served, every later one is not. */
	t_hw_event(RNIC_HW_EVENT_QP_FATAL, qp);
	t_snap();
	{
		const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_FATAL, u, qp } };
		const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
					  .err_qp = &qp, .n_err = 1 };

		T_SERVE(&w);
	}
	for (unsigned i = 0; i < 5; i++) {
		t_hw_event(all[i], qp);
		t_snap();
		T_NOTHING(1);
	}
	/* Two errors of one QP in one batch: only the first counts. */
	qp2 = t_rts_qp(u, pd, cq, 0);
	t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, qp2);
	t_hw_event(RNIC_HW_EVENT_QP_FATAL, qp2);
	t_snap();
	{
		const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_ACCESS_ERR, u, qp2 } };
		const struct t_want w = { .served = 2, .aeqe = e, .posted = 1,
					  .err_qp = &qp2, .n_err = 1 };

		T_SERVE(&w);
	}

	/* Moved to ERR by MODIFY_QP before the event is served. */
	t_qp_goto(u, qp2, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
	t_attr_in(in, u, qp2, T_M(STATE), RNIC_QP_STATE_ERR);
	T_OK(in, out);
	t_hw_event(RNIC_HW_EVENT_QP_FATAL, qp2);
	t_snap();
	T_NOTHING(1);

	/* RESET (never modified, and reset after RTS) and INIT. */
	t_create_qp_in(in, u, RNIC_QP_TYPE_RC, pd, cq, cq);
	reset = T_OK(in, out);
	t_create_qp_in(in, u, RNIC_QP_TYPE_RC, pd, cq, cq);
	init = T_OK(in, out);
	t_qp_goto(u, init, RNIC_QP_TYPE_RC, RNIC_QP_STATE_INIT);
	t_qp_goto(u, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RESET);
	for (unsigned i = 0; i < 5; i++) {
		t_hw_event(all[i], reset);
		t_hw_event(all[i], qp);
		t_hw_event(all[i], init);
		t_snap();
		T_NOTHING(3);
	}
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[reset]), RNIC_QP_STATE_RESET);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[init]), RNIC_QP_STATE_INIT);

	/* Destroyed, never created, the special QPNs 0 and 1, the first
	 * QPN past the table, the largest 24-bit number, and a number whose
	 * low bits name a live RTS QP. */
	gone = t_rts_qp(u, pd, cq, 0);
	live = t_rts_qp(u, pd, cq, 0); /* before the destroy: it would reuse gone's QPN */
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, u, gone);
	T_OK(in, out);
	for (unsigned i = 0; i < 5; i++) {
		t_hw_event(all[i], gone);
		t_hw_event(all[i], RNIC_FW_MAX_QPS - 1); /* never created */
		t_hw_event(all[i], 0);
		t_hw_event(all[i], 1);
		t_hw_event(all[i], RNIC_FW_MAX_QPS);
		t_hw_event(all[i], 0xFFFFFFu);
		t_hw_event(all[i], RNIC_FW_MAX_QPS | live); /* live RTS QPN in the low bits */
		t_snap();
		T_NOTHING(7);
	}
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[live]), RNIC_QP_STATE_RTS);

	/* A smaller runtime table: QPNs past it are out of range even where
	 * the model's table (and a wrong bound) would take them. */
	c.log_qps = 4;
	CHECK_EQ(t_init_cfg(&c), 0);
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	qp = t_rts_qp(u, pd, cq, 0);
	CHECK_EQ(qp, RNIC_FW_FIRST_QPN);
	t_hw_event(RNIC_HW_EVENT_QP_FATAL, 16);
	t_hw_event(RNIC_HW_EVENT_QP_FATAL, 16 + qp);
	t_hw_event(RNIC_HW_EVENT_QP_FATAL, 200);
	t_snap();
	T_NOTHING(3);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RTS);
}

/* SRQ_LIMIT: on an armed SRQ the limit reads 0 afterwards (the hardware
 * disarmed itself: no srqc write) and the owner hears
 * IBV_EVENT_SRQ_LIMIT_REACHED with the SRQN; on a disarmed or destroyed SRQ
 * (or an SRQN that names none) nothing happens. */
static void test_srq_limit_event(void)
{
	struct rnic_fw_config c = t_default_config();
	uint32_t in[32], out[32], u, pd, cq, srq, zero, gone, qp;

	t_init();
	(void)t_alloc_uctx(); /* the reports must name uctx 2, the owner */
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	(void)t_create_srq(u, pd);
	srq = t_create_srq(u, pd); /* limit 16 */
	CHECK_EQ(t_query_srq_limit(u, srq), 16);
	qp = t_rts_qp(u, pd, cq, srq);

	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq);
	t_snap();
	{
		const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED, u, srq } };
		const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
					  .disarmed = &srq, .n_disarmed = 1 };

		T_SERVE(&w);
	}
	CHECK_EQ(tfw.srq[srq].limit, 0);
	CHECK_EQ(t_query_srq_limit(u, srq), 0);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RTS); /* its QPs carry on */

	/* Disarmed now: a second event is dropped. */
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq);
	t_snap();
	T_NOTHING(1);

	/* Re-armed by MODIFY_SRQ: reported again, with the new limit cleared. */
	t_modify_srq_limit(u, srq, 100);
	CHECK_EQ(t_query_srq_limit(u, srq), 100);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq);
	t_snap();
	{
		const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED, u, srq } };
		const struct t_want w = { .served = 1, .aeqe = e, .posted = 1,
					  .disarmed = &srq, .n_disarmed = 1 };

		T_SERVE(&w);
	}
	CHECK_EQ(t_query_srq_limit(u, srq), 0);

	/* Disarmed by MODIFY_SRQ (limit 0) and created unarmed. */
	t_modify_srq_limit(u, srq, 8);
	t_modify_srq_limit(u, srq, 0);
	t_create_srq_in(in, u, pd, 8, 6, 0x7f0000500000ull, 0);
	zero = T_OK(in, out);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, zero);
	t_snap();
	T_NOTHING(2);

	/* Destroyed (it was armed when destroyed), never created, SRQN 0,
	 * past the table. */
	gone = t_create_srq(u, pd);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, u, gone);
	T_OK(in, out);
	t_modify_srq_limit(u, srq, 50); /* armed, for the aliasing number */
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, gone);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, RNIC_FW_MAX_SRQS - 1);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, 0);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, RNIC_FW_MAX_SRQS);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, RNIC_FW_MAX_SRQS | srq);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, 0xFFFFFFu);
	t_snap();
	T_NOTHING(6);
	CHECK_EQ(t_query_srq_limit(u, srq), 50);

	/* A smaller runtime SRQ table. */
	c.log_srqs = 1;
	CHECK_EQ(t_init_cfg(&c), 0);
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	srq = t_create_srq(u, pd);
	CHECK_EQ(srq, 1);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, 2);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, 2 + srq);
	t_snap();
	T_NOTHING(2);
	CHECK_EQ(t_query_srq_limit(u, srq), 16);
}

/* Types this firmware does not know (RNIC_HW_EVENT_COUNT and up) are
 * popped and ignored, even when the number names a live RTS QP. */
static void test_unknown_event_type_ignored(void)
{
	uint32_t u, pd, cq, qp, srq;

	t_init();
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	srq = t_create_srq(u, pd);
	qp = t_rts_qp(u, pd, cq, srq);
	t_hw_event(RNIC_HW_EVENT_COUNT, qp);
	t_hw_event(RNIC_HW_EVENT_COUNT, srq);
	t_hw_event(0x7Fu, qp);
	t_hw_event(0xFFu, qp);
	t_hw_event(0xFFu, 0xFFFFFFu);
	t_snap();
	T_NOTHING(5);
	CHECK_EQ(tfw.hw_events, 5);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_RTS);
	CHECK_EQ(t_query_srq_limit(u, srq), 16);

	/* An unknown event between two known ones: both served, in order. */
	{
		uint32_t qp2 = t_rts_qp(u, pd, cq, 0);
		const uint32_t err[] = { qp, qp2 };
		const struct t_aeqe e[] = {
			{ RNIC_ASYNC_EVENT_QP_FATAL, u, qp },
			{ RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED, u, qp },
			{ RNIC_ASYNC_EVENT_QP_REQ_ERR, u, qp2 },
		};
		const struct t_want w = { .served = 3, .aeqe = e, .posted = 3,
					  .err_qp = err, .n_err = 2 };

		t_hw_event(RNIC_HW_EVENT_QP_FATAL, qp);
		t_hw_event(0x42u, qp2);
		t_hw_event(RNIC_HW_EVENT_RESP_INV_REQ, qp2);
		t_snap();
		T_SERVE(&w);
	}
}

/* A batch is served whole, in FW_EVENT order, with one FW_AEQ_PI write;
 * a full hardware queue (RNIC_HW_EVENT_DEPTH events) in one call. */
static void test_batch_in_order_one_pi_write(void)
{
	uint32_t a, b, pda, pdb, cqa, cqb, srq, q[RNIC_HW_EVENT_DEPTH];

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pda = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cqa = t_create_cq(a);
	cqb = t_create_cq(b);
	srq = t_create_srq(b, pdb);
	q[0] = t_rts_qp(a, pda, cqa, 0);
	q[1] = t_rts_qp(b, pdb, cqb, srq);
	q[2] = t_rts_qp(a, pda, cqa, 0);
	q[3] = t_rts_qp(b, pdb, cqb, 0);
	q[4] = t_rts_qp(a, pda, cqa, 0);
	{
		/* q[1] RESP_ERR: only Last WQE Reached; q[2] REQ_ERR: silent */
		const uint32_t err[] = { q[3], q[1], q[2], q[0], q[4] };
		const struct t_aeqe e[] = {
			{ RNIC_ASYNC_EVENT_QP_ACCESS_ERR, b, q[3] },
			{ RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED, b, srq },
			{ RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED, b, q[1] },
			{ RNIC_ASYNC_EVENT_QP_FATAL, a, q[0] },
			{ RNIC_ASYNC_EVENT_QP_REQ_ERR, a, q[4] },
		};
		const struct t_want w = { .served = 8, .aeqe = e, .posted = 5,
					  .err_qp = err, .n_err = 5,
					  .disarmed = &srq, .n_disarmed = 1 };

		t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, q[3]);
		t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq);
		t_hw_event(RNIC_HW_EVENT_RESP_ERR, q[1]);
		t_hw_event(RNIC_HW_EVENT_REQ_ERR, q[2]);
		t_hw_event(RNIC_HW_EVENT_QP_FATAL, q[3]); /* already in ERR */
		t_hw_event(RNIC_HW_EVENT_QP_FATAL, q[0]);
		t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq); /* disarmed by the first */
		t_hw_event(RNIC_HW_EVENT_RESP_INV_REQ, q[4]);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi_writes, 1);
	}

	/* RNIC_HW_EVENT_DEPTH errors on as many QPs, one report each. */
	{
		struct t_aeqe e[RNIC_HW_EVENT_DEPTH];
		const struct t_want w = { .served = RNIC_HW_EVENT_DEPTH, .aeqe = e,
					  .posted = RNIC_HW_EVENT_DEPTH, .err_qp = q,
					  .n_err = RNIC_HW_EVENT_DEPTH };

		for (uint32_t i = 0; i < RNIC_HW_EVENT_DEPTH; i++) {
			uint32_t u = i % 2 ? b : a;

			q[i] = t_rts_qp(u, i % 2 ? pdb : pda, i % 2 ? cqb : cqa, 0);
			e[i].event = i % 3 == 0 ? RNIC_ASYNC_EVENT_QP_FATAL
				   : i % 3 == 1 ? RNIC_ASYNC_EVENT_QP_ACCESS_ERR
						: RNIC_ASYNC_EVENT_QP_REQ_ERR;
			e[i].uctx = u;
			e[i].element = q[i];
		}
		for (uint32_t i = 0; i < RNIC_HW_EVENT_DEPTH; i++)
			t_hw_event(i % 3 == 0 ? RNIC_HW_EVENT_QP_FATAL
				   : i % 3 == 1 ? RNIC_HW_EVENT_RESP_ACCESS
						: RNIC_HW_EVENT_RESP_INV_REQ,
				   q[i]);
		CHECK_EQ(tm.ev_count, RNIC_HW_EVENT_DEPTH);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi_writes, 2);
		CHECK_EQ(tm.aeq_pi, 5 + RNIC_HW_EVENT_DEPTH);
	}

	/* Nothing queued: nothing read past FW_EVENT, nothing written. */
	t_snap();
	T_NOTHING(0);
}

/* Full host slots: with k slots free (AEQ_CI = PI + k + 1) the first k
 * reports are posted and the rest lost and counted; FW_AEQ_PI stops at
 * CI - 1 and is not written when nothing was posted; the QPs go to ERR and
 * the SRQ disarms either way; the indexes wrap past RNIC_AEQ_SLOTS. */
static void test_full_slots_lose_reports(void)
{
	struct rnic_fw_config c = t_default_config();
	uint32_t u, pd, cq, srq, sq, pool[RNIC_HW_EVENT_DEPTH];

	/* Start near the end of the slots so that the first batch wraps. */
	t_init();
	tm.aeq_pi = RNIC_AEQ_SLOTS - 4;
	tm.aeq_ci = RNIC_AEQ_SLOTS - 4;
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), 0);
	CHECK_EQ(tfw.aeq_pi, RNIC_AEQ_SLOTS - 4);
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	srq = t_create_srq(u, pd);
	sq = t_rts_qp(u, pd, cq, srq);
	for (unsigned i = 0; i < RNIC_HW_EVENT_DEPTH; i++)
		pool[i] = t_rts_qp(u, pd, cq, 0);

	/* Empty slots, 16 reports: slots 28..31, 0..11. */
	{
		struct t_aeqe e[RNIC_HW_EVENT_DEPTH];
		const struct t_want w = { .served = RNIC_HW_EVENT_DEPTH, .aeqe = e,
					  .posted = RNIC_HW_EVENT_DEPTH, .err_qp = pool,
					  .n_err = RNIC_HW_EVENT_DEPTH };

		for (unsigned i = 0; i < RNIC_HW_EVENT_DEPTH; i++) {
			e[i] = (struct t_aeqe){ RNIC_ASYNC_EVENT_QP_FATAL, u, pool[i] };
			t_hw_event(RNIC_HW_EVENT_QP_FATAL, pool[i]);
		}
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi, RNIC_HW_EVENT_DEPTH - 4);
		t_check_aeqe(RNIC_AEQ_SLOTS - 1, &e[3]);
		t_check_aeqe(0, &e[4]);
	}

	/* The host consumed nothing: 15 of 16 fit, PI ends at CI - 1. */
	{
		struct t_aeqe e[RNIC_HW_EVENT_DEPTH];
		const struct t_want w = { .served = RNIC_HW_EVENT_DEPTH, .aeqe = e,
					  .posted = RNIC_HW_EVENT_DEPTH - 1, .lost = 1,
					  .err_qp = pool, .n_err = RNIC_HW_EVENT_DEPTH };

		for (unsigned i = 0; i < RNIC_HW_EVENT_DEPTH; i++) {
			t_qp_goto(u, pool[i], RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
			e[i] = (struct t_aeqe){ RNIC_ASYNC_EVENT_QP_ACCESS_ERR, u, pool[i] };
		}
		for (unsigned i = 0; i < RNIC_HW_EVENT_DEPTH; i++)
			t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, pool[i]);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi, RNIC_AEQ_SLOTS - 5);
		CHECK_EQ((tm.aeq_pi + 1) % RNIC_AEQ_SLOTS, tm.aeq_ci);
		CHECK_EQ(tfw.events_lost, 1);
	}

	/* Completely full: nothing posted, FW_AEQ_PI not written, but the
	 * SRQ disarms and the QP on it goes to ERR (two reports lost). */
	{
		const uint32_t err[] = { sq };
		const struct t_want w = { .served = 2, .lost = 3, .err_qp = err, .n_err = 1,
					  .disarmed = &srq, .n_disarmed = 1 };

		t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq);
		t_hw_event(RNIC_HW_EVENT_QP_FATAL, sq);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(t_query_srq_limit(u, srq), 0);
		t_query_qp_state(u, sq, RNIC_QP_STATE_ERR);
		CHECK_EQ(tfw.events_lost, 4);
	}

	/* k free slots, k = 0..6, against five reports. */
	for (uint32_t k = 0; k <= 6; k++) {
		struct t_aeqe e[5];
		const struct t_want w = { .served = 5, .aeqe = e, .posted = k < 5 ? k : 5,
					  .lost = k < 5 ? 5 - k : 0, .err_qp = pool, .n_err = 5 };

		tm.aeq_ci = (tm.aeq_pi + k + 1) % RNIC_AEQ_SLOTS;
		for (unsigned i = 0; i < 5; i++) {
			t_qp_goto(u, pool[i], RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
			e[i] = (struct t_aeqe){ RNIC_ASYNC_EVENT_QP_REQ_ERR, u, pool[i] };
		}
		for (unsigned i = 0; i < 5; i++)
			t_hw_event(RNIC_HW_EVENT_RESP_INV_REQ, pool[i]);
		t_snap();
		T_SERVE(&w);
		/* full after the batch unless a slot was left over (k = 6) */
		CHECK_EQ((tm.aeq_pi + (k <= 5 ? 1 : 2)) % RNIC_AEQ_SLOTS, tm.aeq_ci);
	}

	/* One slot free for a QP on an SRQ: the typed event gets it, Last WQE
	 * Reached is lost. Then two free: both posted, PI at CI - 1 again. */
	for (uint32_t k = 1; k <= 2; k++) {
		const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_ACCESS_ERR, u, sq },
					    { RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED, u, sq } };
		const struct t_want w = { .served = 1, .aeqe = e, .posted = k, .lost = 2 - k,
					  .err_qp = &sq, .n_err = 1 };

		t_qp_goto(u, sq, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
		tm.aeq_ci = (tm.aeq_pi + k + 1) % RNIC_AEQ_SLOTS;
		t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, sq);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ((tm.aeq_pi + 1) % RNIC_AEQ_SLOTS, tm.aeq_ci);
	}

	/* The host drains everything (CI = PI): 31 slots free again, and
	 * repeated batches walk PI around the ring several times. */
	for (unsigned round = 0; round < 6; round++) {
		struct t_aeqe e[RNIC_HW_EVENT_DEPTH];
		const struct t_want w = { .served = RNIC_HW_EVENT_DEPTH, .aeqe = e,
					  .posted = RNIC_HW_EVENT_DEPTH, .err_qp = pool,
					  .n_err = RNIC_HW_EVENT_DEPTH };
		uint32_t pi = tm.aeq_pi;

		tm.aeq_ci = tm.aeq_pi;
		for (unsigned i = 0; i < RNIC_HW_EVENT_DEPTH; i++) {
			t_qp_goto(u, pool[i], RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
			e[i] = (struct t_aeqe){ RNIC_ASYNC_EVENT_QP_FATAL, u, pool[i] };
		}
		for (unsigned i = 0; i < RNIC_HW_EVENT_DEPTH; i++)
			t_hw_event(RNIC_HW_EVENT_QP_FATAL, pool[i]);
		t_snap();
		T_SERVE(&w);
		CHECK_EQ(tm.aeq_pi, (pi + RNIC_HW_EVENT_DEPTH) % RNIC_AEQ_SLOTS);
		CHECK(tm.aeq_pi < RNIC_AEQ_SLOTS);
	}
	CHECK_EQ(tfw.events_lost, 4 + 5 + 4 + 3 + 2 + 1 + 0 + 1);
}

/* rnic_fw_poll serves the hardware events with no command pending, and
 * alongside commands. */
static void test_poll_serves_events(void)
{
	uint32_t u, pd, cq, qp, srq, pi, writes;

	t_init();
	u = t_alloc_uctx();
	pd = t_alloc_pd(u);
	cq = t_create_cq(u);
	srq = t_create_srq(u, pd);
	qp = t_rts_qp(u, pd, cq, 0);

	t_hw_event(RNIC_HW_EVENT_QP_FATAL, qp);
	t_hw_event(RNIC_HW_EVENT_SRQ_LIMIT, srq);
	t_snap();
	{
		const struct t_aeqe e[] = { { RNIC_ASYNC_EVENT_QP_FATAL, u, qp },
					    { RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED, u, srq } };
		const struct t_want w = { .served = 2, .aeqe = e, .posted = 2,
					  .err_qp = &qp, .n_err = 1,
					  .disarmed = &srq, .n_disarmed = 1 };

		T_POLL(&w);
	}
	t_query_qp_state(u, qp, RNIC_QP_STATE_ERR);
	CHECK_EQ(t_query_srq_limit(u, srq), 0);

	/* An empty poll: nothing. */
	t_snap();
	{
		const struct t_want w = { .served = 0 };

		T_POLL(&w);
	}

	/* A command and an event in one poll: both done. */
	qp = t_rts_qp(u, pd, cq, 0);
	pi = tm.aeq_pi;
	writes = tm.aeq_pi_writes;
	t_hw_event(RNIC_HW_EVENT_RESP_ACCESS, qp);
	(void)t_alloc_pd(u); /* t_cmd: one command, then the events */
	CHECK_EQ(tm.ev_count, 0);
	CHECK_EQ(tm.aeq_pi, pi + 1);
	CHECK_EQ(tm.aeq_pi_writes, writes + 1);
	{
		const struct t_aeqe e = { RNIC_ASYNC_EVENT_QP_ACCESS_ERR, u, qp };

		t_check_aeqe(pi, &e);
	}
	t_query_qp_state(u, qp, RNIC_QP_STATE_ERR);
	CHECK_EQ(tm.bad, 0);
}

int main(void)
{
	test_init_takes_aeq_pi_and_drops_stale_events();
	test_qp_error_reports_typed_event();
	test_cqe_reported_errors_post_nothing();
	test_srq_qp_reports_last_wqe_reached();
	test_host_err_reports_last_wqe_reached();
	test_stale_qp_events_change_nothing();
	test_srq_limit_event();
	test_unknown_event_type_ignored();
	test_batch_in_order_one_pi_write();
	test_full_slots_lose_reports();
	test_poll_serves_events();
	return t_finish("test_fw_events");
}
