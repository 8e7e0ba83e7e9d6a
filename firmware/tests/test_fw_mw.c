/* Memory windows (type 2B, IBA 10.6.7) in the firmware: ALLOC_MW writes an
 * unbound window entry (valid 0, mw 1, tag, pdn, every other word 0) and
 * answers the first rkey; DEALLOC_MW takes any rkey of the window (only the
 * index counts), writes the entry as zero and releases the region a bound
 * window holds; DEREG_MR refuses window keys, and refuses with BUSY a
 * region a window is bound to (ibv_dereg_mr: EBUSY). The hardware events
 * MW_BIND (number: the window's new rkey; FW_EVENT_DATA: the region's lkey)
 * and MW_INVAL (number: the window's rkey) move that hold and teach the
 * firmware the window's tag; a bind to a region that is gone (its index
 * maybe registered again under a new tag), is a window or is of another PD
 * writes the window back unbound. Every context write is checked word for
 * word and every firmware table entry field by field. */
#include "fw_test_model.h"

#define T_TAG_MASK ((1u << RNIC_KEY_TAG_BITS) - 1u)
#define T_KEY(idx, tag) ((uint32_t)(idx) << RNIC_KEY_TAG_BITS | ((uint32_t)(tag) & T_TAG_MASK))
#define T_IDX(key) ((key) >> RNIC_KEY_TAG_BITS)

/* enum ibv_mw_type: IBV_MW_TYPE_1 1, IBV_MW_TYPE_2 2. */
#define T_MW_TYPE_1 1u
#define T_MW_TYPE_2 2u

#define T_REGION_ACCESS                                                      \
	(RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE | RNIC_ACCESS_REMOTE_READ | \
	 RNIC_ACCESS_MW_BIND)

/* ---- expected entries ---------------------------------------------------- */

/* The unbound window entry, built through the generated setters. */
static void t_mw_unbound_words(uint32_t *e, uint32_t tag, uint32_t pdn)
{
	memset(e, 0, 4u * RNIC_CTX_WORDS);
	rnic_mpt_set_mw(e, 1);
	rnic_mpt_set_tag(e, tag);
	rnic_mpt_set_pdn(e, pdn);
}

/* An entry holds exactly an unbound window: every field through the
 * accessors, then every raw word (dw0 valid [0] 0, mw [1] 1, access [15:8] 0,
 * tag [31:24]; dw1 pdn; dw2..dw31 0, qpn in dw8 included). */
#define T_CHECK_UNBOUND(e, tag, pdn) t_check_unbound_at(__FILE__, __LINE__, (e), (tag), (pdn))
static void t_check_unbound_at(const char *file, int line, const uint32_t *e, uint32_t tag,
			       uint32_t pdn)
{
	uint32_t exp[RNIC_CTX_WORDS];
	unsigned before = t_failures;

	t_mw_unbound_words(exp, tag, pdn);
	CHECK(memcmp(e, exp, sizeof(exp)) == 0);
	CHECK_EQ(rnic_mpt_get_valid(e), 0);
	CHECK_EQ(rnic_mpt_get_mw(e), 1);
	CHECK_EQ(rnic_mpt_get_access(e), 0);
	CHECK_EQ(rnic_mpt_get_tag(e), tag);
	CHECK_EQ(rnic_mpt_get_pdn(e), pdn);
	CHECK_EQ(rnic_mpt_get_start(e), 0);
	CHECK_EQ(rnic_mpt_get_length(e), 0);
	CHECK_EQ(rnic_mpt_get_iova(e), 0);
	CHECK_EQ(rnic_mpt_get_qpn(e), 0);
	CHECK_EQ(e[0], 0x2u | tag << 24);
	CHECK_EQ(e[1], pdn);
	for (unsigned i = 2; i < RNIC_CTX_WORDS; i++)
		CHECK_EQ(e[i], 0);
	if (t_failures != before)
		fprintf(stderr, "  (in the unbound window entry checked at %s:%d)\n", file, line);
}

/* One firmware key-table entry, field by field. */
static void t_check_fw_mr(uint32_t idx, const struct rnic_fw_mr *want)
{
	const struct rnic_fw_mr *got = &tfw.mr[idx];
	unsigned before = t_failures;

	CHECK_EQ(got->valid, want->valid);
	CHECK_EQ(got->mw, want->mw);
	CHECK_EQ(got->uctx, want->uctx);
	CHECK_EQ(got->pdn, want->pdn);
	CHECK_EQ(got->tag, want->tag);
	CHECK_EQ(got->mw_binds, want->mw_binds);
	CHECK_EQ(got->bound_mr, want->bound_mr);
	if (t_failures != before)
		fprintf(stderr, "  (in firmware key-table entry %u)\n", idx);
}

static void t_snap(void)
{
	memcpy(&tm_snap, &tm, sizeof(tm));
	memcpy(&tfw_snap, &tfw, sizeof(tfw));
}

/* What one command or event batch did to the key table: the firmware
 * entries must equal want[] (a copy of the snapshot, edited), the context
 * writes must be exactly the n listed, in order, each to the MPT (zero:
 * the entry written all zero; otherwise the unbound window entry of the
 * entry's want tag and pdn), and nothing else (other contexts, other
 * tables, the host's event slots) may change. */
struct t_mpt_write {
	uint32_t idx;
	uint32_t zero; /* 1: written all zero; 0: written as an unbound window */
	uint32_t tag, pdn;
};

static void t_check_rest(const char *file, int line, const struct rnic_fw_mr *want,
			 const struct t_mpt_write *wr, unsigned n)
{
	unsigned before = t_failures;

	CHECK_EQ(tm.nwrites, tm_snap.nwrites + n);
	for (unsigned j = 0; j < n; j++) {
		const struct t_ctx_write *l = &tm.log[(tm_snap.nwrites + j) % T_LOG];

		CHECK_EQ(l->table, RNIC_CTX_TABLE_MPT);
		CHECK_EQ(l->index, wr[j].idx);
		if (wr[j].zero)
			CHECK(t_all_zero(l->data, RNIC_CTX_WORDS));
		else
			T_CHECK_UNBOUND(l->data, wr[j].tag, wr[j].pdn);
	}
	for (uint32_t i = 0; i < RNIC_FW_MAX_MRS; i++) {
		int written = -1;

		for (unsigned j = 0; j < n; j++)
			if (wr[j].idx == i)
				written = (int)j; /* the last write to i is what it holds */
		if (written < 0)
			CHECK(memcmp(tm.mpt[i], tm_snap.mpt[i], sizeof(tm.mpt[i])) == 0);
		else if (wr[written].zero)
			CHECK(t_all_zero(tm.mpt[i], RNIC_CTX_WORDS));
		else
			T_CHECK_UNBOUND(tm.mpt[i], wr[written].tag, wr[written].pdn);
		t_check_fw_mr(i, &want[i]);
	}
	CHECK(memcmp(tm.qpc, tm_snap.qpc, sizeof(tm.qpc)) == 0);
	CHECK(memcmp(tm.cqc, tm_snap.cqc, sizeof(tm.cqc)) == 0);
	CHECK(memcmp(tm.srqc, tm_snap.srqc, sizeof(tm.srqc)) == 0);
	CHECK(memcmp(tm.aeq, tm_snap.aeq, sizeof(tm.aeq)) == 0);
	CHECK_EQ(tm.aeq_pi, tm_snap.aeq_pi);
	CHECK_EQ(tm.aeq_pi_writes, tm_snap.aeq_pi_writes);
	CHECK_EQ(tfw.events_posted, tfw_snap.events_posted);
	CHECK_EQ(tfw.events_lost, tfw_snap.events_lost);
	CHECK(memcmp(tfw.uctx_valid, tfw_snap.uctx_valid, sizeof(tfw.uctx_valid)) == 0);
	CHECK(memcmp(tfw.cq, tfw_snap.cq, sizeof(tfw.cq)) == 0);
	CHECK(memcmp(tfw.qp, tfw_snap.qp, sizeof(tfw.qp)) == 0);
	CHECK(memcmp(tfw.srq, tfw_snap.srq, sizeof(tfw.srq)) == 0);
	CHECK_EQ(tm.bad, 0);
	if (t_failures != before)
		fprintf(stderr, "  (in the outcome checked at %s:%d)\n", file, line);
}

/* The PD table is unchanged but for pdn's reference count moving by delta. */
static void t_check_pds(uint32_t pdn, int delta)
{
	for (uint32_t i = 0; i < RNIC_FW_MAX_PDS; i++) {
		struct rnic_fw_pd exp = tfw_snap.pd[i];

		if (i == pdn)
			exp.refs = (uint16_t)(exp.refs + delta);
		CHECK_EQ(tfw.pd[i].valid, exp.valid);
		CHECK_EQ(tfw.pd[i].uctx, exp.uctx);
		CHECK_EQ(tfw.pd[i].refs, exp.refs);
	}
}

/* ---- commands -------------------------------------------------------------- */

static void t_alloc_mw_in(uint32_t *in, uint32_t u, uint32_t pdn, uint32_t type)
{
	t_hdr(in, RNIC_CMD_OP_ALLOC_MW, u, 0);
	rnic_cmd_alloc_mw_in_set_pdn(in, pdn);
	rnic_cmd_alloc_mw_in_set_type(in, type);
}

/* ALLOC_MW that must take key index idx with tag: the output is the status
 * and the rkey (idx << KEY_TAG_BITS | tag), nothing else; one MPT write, the
 * unbound entry; the firmware entry allocated as a window; one PD ref. */
#define T_ALLOC_MW(u, pdn, idx, tag) t_alloc_mw_at(__FILE__, __LINE__, (u), (pdn), (idx), (tag))
static uint32_t t_alloc_mw_at(const char *file, int line, uint32_t u, uint32_t pdn, uint32_t idx,
			      uint32_t tag)
{
	uint32_t in[32], out[32], key;
	struct rnic_fw_mr want[RNIC_FW_MAX_MRS];
	const struct t_mpt_write wr = { idx, 0, tag, pdn };

	t_snap();
	t_alloc_mw_in(in, u, pdn, T_MW_TYPE_2);
	key = t_ok_at(file, line, in, out);
	CHECK_EQ(key, T_KEY(idx, tag));
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	for (unsigned i = 2; i < RNIC_CMD_OUT_WORDS; i++)
		CHECK_EQ(out[i], 0);
	memcpy(want, tfw_snap.mr, sizeof(want));
	want[idx].valid = 1;
	want[idx].mw = 1;
	want[idx].uctx = (uint16_t)u;
	want[idx].pdn = (uint16_t)pdn;
	want[idx].tag = (uint8_t)tag;
	want[idx].mw_binds = 0;
	want[idx].bound_mr = 0;
	t_check_rest(file, line, want, &wr, 1);
	t_check_pds(pdn, +1);
	return key;
}

/* DEALLOC_MW of handle that must free window idx: status only, the entry
 * written zero, the firmware entry cleared (its tag kept for the next
 * key), the PD ref dropped and the region it held (if any) released. */
#define T_DEALLOC_MW(u, handle, idx) t_dealloc_mw_at(__FILE__, __LINE__, (u), (handle), (idx))
static void t_dealloc_mw_at(const char *file, int line, uint32_t u, uint32_t handle, uint32_t idx)
{
	uint32_t in[32], out[32], held, pdn;
	struct rnic_fw_mr want[RNIC_FW_MAX_MRS];
	const struct t_mpt_write wr = { idx, 1, 0, 0 };

	t_snap();
	pdn = tfw.mr[idx].pdn;
	held = tfw.mr[idx].bound_mr;
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, u, handle);
	t_ok_at(file, line, in, out);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	for (unsigned i = 1; i < RNIC_CMD_OUT_WORDS; i++)
		CHECK_EQ(out[i], 0);
	memcpy(want, tfw_snap.mr, sizeof(want));
	want[idx].valid = 0;
	want[idx].mw = 0;
	want[idx].uctx = 0;
	want[idx].pdn = 0;
	want[idx].mw_binds = 0;
	want[idx].bound_mr = 0;
	if (held != 0) {
		CHECK(want[held].mw_binds > 0);
		want[held].mw_binds--;
	}
	t_check_rest(file, line, want, &wr, 1);
	t_check_pds(pdn, -1);
}

static uint32_t t_reg_mr(uint32_t u, uint32_t pdn, uint64_t start)
{
	uint32_t in[32], out[32];

	t_reg_mr_in(in, u, pdn, T_REGION_ACCESS, start, 0x10000, start);
	return T_OK(in, out);
}

static void t_dereg_mr_in(uint32_t *in, uint32_t u, uint32_t key)
{
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, u, key);
}

/* DEREG_MR that must succeed: entry zero, PD ref dropped. */
static void t_dereg_mr(uint32_t u, uint32_t key)
{
	uint32_t in[32], out[32], pdn = tfw.mr[T_IDX(key)].pdn, refs = tfw.pd[pdn].refs;

	t_dereg_mr_in(in, u, key);
	T_OK(in, out);
	CHECK(t_all_zero(tm.mpt[T_IDX(key)], RNIC_CTX_WORDS));
	CHECK_EQ(tfw.mr[T_IDX(key)].valid, 0);
	CHECK_EQ(tfw.pd[pdn].refs, refs - 1u);
}

/* ---- events ------------------------------------------------------------------ */

#define T_TAG(key) ((key) & T_TAG_MASK)

/* The requester bound the window to a new rkey wkey over the region of
 * lkey rkey (hw_event MW_BIND: number = wkey, FW_EVENT_DATA = rkey). */
static void t_bind_event(uint32_t rkey, uint32_t wkey)
{
	t_hw_event_data(RNIC_HW_EVENT_MW_BIND, wkey & 0xFFFFFFu, rkey);
}

/* LOCAL_INV invalidated the window of rkey wkey (hw_event MW_INVAL). */
static void t_inval_event(uint32_t wkey)
{
	t_hw_event(RNIC_HW_EVENT_MW_INVAL, wkey & 0xFFFFFFu);
}

/* Serves the n queued events (through rnic_fw_events, or rnic_fw_poll with no
 * command waiting) and checks the outcome as t_check_rest does; no aeqe. */
#define T_SERVE(n, want, wr, nwr) t_serve_at(__FILE__, __LINE__, (n), (want), (wr), (nwr), 0)
#define T_POLL(n, want, wr, nwr)  t_serve_at(__FILE__, __LINE__, (n), (want), (wr), (nwr), 1)
static void t_serve_at(const char *file, int line, unsigned n, const struct rnic_fw_mr *want,
		       const struct t_mpt_write *wr, unsigned nwr, int via_poll)
{
	if (via_poll)
		CHECK_EQ(rnic_fw_poll(&tfw), 0);
	else
		CHECK_EQ(rnic_fw_events(&tfw), n);
	CHECK_EQ(tm.ev_count, 0);
	CHECK_EQ(tm.ev_pops, tm_snap.ev_pops + n);
	CHECK_EQ(tfw.hw_events, tfw_snap.hw_events + n);
	CHECK_EQ(tfw.cmds_done, tfw_snap.cmds_done);
	CHECK_EQ(tm.ci_writes, tm_snap.ci_writes);
	t_check_rest(file, line, want, wr, nwr);
	CHECK(memcmp(tfw.pd, tfw_snap.pd, sizeof(tfw.pd)) == 0);
}

/* Events that must change nothing at all. */
#define T_NOTHING(n) t_serve_at(__FILE__, __LINE__, (n), tfw_snap.mr, NULL, 0, 0)

/* One MW_BIND that the firmware accepts: the window (index of wkey) now
 * holds the region of lkey rkey (releasing the one it held) and has the
 * tag of wkey; no context write (the requester wrote the bound entry). */
#define T_BIND_OK(rkey, wkey) t_bind_ok_at(__FILE__, __LINE__, (rkey), (wkey))
static void t_bind_ok_at(const char *file, int line, uint32_t rkey, uint32_t wkey)
{
	struct rnic_fw_mr want[RNIC_FW_MAX_MRS];
	uint32_t r = T_IDX(rkey), w = T_IDX(wkey);

	t_snap();
	memcpy(want, tfw.mr, sizeof(want));
	if (want[w].bound_mr != 0)
		want[want[w].bound_mr].mw_binds--;
	want[w].bound_mr = (uint16_t)r;
	want[w].tag = (uint8_t)T_TAG(wkey);
	want[r].mw_binds++;
	t_bind_event(rkey, wkey);
	t_serve_at(file, line, 1, want, NULL, 0, 0);
}

/* One MW_BIND that the firmware refuses: the window releases what it held,
 * holds nothing, takes the tag of wkey and its entry is written back
 * unbound under that tag (valid 0, mw 1, tag, pdn). */
#define T_BIND_REFUSED(rkey, wkey) t_bind_refused_at(__FILE__, __LINE__, (rkey), (wkey))
static void t_bind_refused_at(const char *file, int line, uint32_t rkey, uint32_t wkey)
{
	struct rnic_fw_mr want[RNIC_FW_MAX_MRS];
	struct t_mpt_write wr;
	uint32_t w = T_IDX(wkey);

	t_snap();
	memcpy(want, tfw.mr, sizeof(want));
	if (want[w].bound_mr != 0)
		want[want[w].bound_mr].mw_binds--;
	want[w].bound_mr = 0;
	want[w].tag = (uint8_t)T_TAG(wkey);
	wr.idx = w;
	wr.zero = 0;
	wr.tag = T_TAG(wkey);
	wr.pdn = tfw.mr[w].pdn;
	t_bind_event(rkey, wkey);
	t_serve_at(file, line, 1, want, &wr, 1, 0);
}

/* One MW_INVAL of the window of rkey wkey: the window takes wkey's tag and
 * drops its hold (held: it must have one), nothing written. */
#define T_INVAL_OK(wkey) t_inval_at(__FILE__, __LINE__, (wkey), 1)
#define T_INVAL_UNHELD(wkey) t_inval_at(__FILE__, __LINE__, (wkey), 0)
static void t_inval_at(const char *file, int line, uint32_t wkey, int held)
{
	struct rnic_fw_mr want[RNIC_FW_MAX_MRS];
	uint32_t w = T_IDX(wkey);

	t_snap();
	memcpy(want, tfw.mr, sizeof(want));
	if (held) {
		CHECK(want[w].bound_mr != 0);
		want[want[w].bound_mr].mw_binds--;
	} else {
		CHECK_EQ(want[w].bound_mr, 0);
	}
	want[w].bound_mr = 0;
	want[w].tag = (uint8_t)T_TAG(wkey);
	t_inval_event(wkey);
	t_serve_at(file, line, 1, want, NULL, 0, 0);
}

/* ---- tests ------------------------------------------------------------------- */

/* ALLOC_MW: the window takes the first free key index, with the next tag
 * of that index; the entry is unbound (valid 0, mw 1, tag, pdn, rest 0);
 * the PD is referenced (DEALLOC_PD: BUSY) until DEALLOC_MW. */
static void test_alloc_mw_writes_unbound_entry(void)
{
	uint32_t in[32], out[32], a, pd, pd2, k, w1, w2;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pd2 = t_alloc_pd(a);
	CHECK_EQ(pd2, 1);
	w1 = T_ALLOC_MW(a, pd, 1, 1);
	CHECK_EQ(w1, 0x101u);
	CHECK_EQ(tm.mpt[1][0], 0x01000002u);
	CHECK_EQ(tm.mpt[1][1], 0);
	CHECK_EQ(tm.mpt[1][8], 0);
	/* a region and windows share the table */
	k = t_reg_mr(a, pd, 0x10000);
	CHECK_EQ(k, T_KEY(2, 1));
	w2 = T_ALLOC_MW(a, pd2, 3, 1);
	CHECK_EQ(tm.mpt[3][0], 0x01000002u);
	CHECK_EQ(tm.mpt[3][1], 1);
	CHECK_EQ(tfw.pd[pd].refs, 2);
	CHECK_EQ(tfw.pd[pd2].refs, 1);

	/* the window holds its PD */
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd2);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	T_DEALLOC_MW(a, w2, 3);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd2);
	T_OK(in, out);
	t_dereg_mr(a, k);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	T_DEALLOC_MW(a, w1, 1);
	CHECK_EQ(tfw.pd[pd].refs, 0);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_OK(in, out);
}

/* ibv_alloc_mw(3): only type 2 (IBV_MW_TYPE_2) is supported; a PD that is
 * not the caller's, or a caller that is not a live uctx, is a bad handle
 * (checked before the type); a full key table has no room. Nothing changes
 * on any refusal. */
static void test_alloc_mw_refusals(void)
{
	uint32_t in[32], out[32], a, b, d, pd, pdb, pdd, keys[3];
	struct rnic_fw_config c;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	d = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	pdd = t_alloc_pd(d);
	CHECK_EQ(pdd, 2);

	t_alloc_mw_in(in, a, pd, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_alloc_mw_in(in, a, pd, T_MW_TYPE_1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_alloc_mw_in(in, a, pd, 3);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_alloc_mw_in(in, a, pd, 0xFF);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);

	t_alloc_mw_in(in, a, pdb, T_MW_TYPE_2); /* b's PD */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_alloc_mw_in(in, a, 3, T_MW_TYPE_2); /* not allocated */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_alloc_mw_in(in, a, RNIC_FW_MAX_PDS, T_MW_TYPE_2); /* out of range */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_alloc_mw_in(in, a, 0xFFFFFF, T_MW_TYPE_2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_alloc_mw_in(in, a, pdb, T_MW_TYPE_1); /* the handle is checked first */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_alloc_mw_in(in, 0, pd, T_MW_TYPE_2); /* uctx 0 never lives */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_alloc_mw_in(in, RNIC_DB_PAGES, pd, T_MW_TYPE_2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_alloc_mw_in(in, 7, pd, T_MW_TYPE_2); /* never allocated */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	/* a dead uctx: its PD went with it */
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, d, d);
	T_OK(in, out);
	t_alloc_mw_in(in, d, pdd, T_MW_TYPE_2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	/* nothing was taken by the refusals */
	T_ALLOC_MW(a, pd, 1, 1);

	/* Table full: log_mrs 2 gives indexes 1..3, shared with regions. */
	c = t_default_config();
	c.log_mrs = 2;
	CHECK_EQ(t_init_cfg(&c), 0);
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	keys[0] = T_ALLOC_MW(a, pd, 1, 1);
	keys[1] = t_reg_mr(a, pd, 0x10000);
	keys[2] = T_ALLOC_MW(a, pd, 3, 1);
	CHECK_EQ(keys[1], T_KEY(2, 1));
	t_alloc_mw_in(in, a, pd, T_MW_TYPE_2);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	t_reg_mr_in(in, a, pd, 0, 0x1000, 0x1000, 0x1000);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	/* a bad type still reads BAD_PARAM when full */
	t_alloc_mw_in(in, a, pd, T_MW_TYPE_1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	/* a freed index is found again, with its next tag */
	T_DEALLOC_MW(a, keys[2], 3);
	T_ALLOC_MW(a, pd, 3, 2);
	t_dereg_mr(a, keys[1]);
	T_ALLOC_MW(a, pd, 2, 2);
	t_alloc_mw_in(in, a, pd, T_MW_TYPE_2);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
}

/* Each reuse of a key index, by a window or a region, advances its tag
 * (mod 2^KEY_TAG_BITS, 0 included), so an old rkey misses the new key. */
static void test_alloc_mw_tag_advances_on_reuse(void)
{
	uint32_t in[32], a, pd, w, k;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	w = T_ALLOC_MW(a, pd, 1, 1);
	T_DEALLOC_MW(a, w, 1);
	CHECK_EQ(tfw.mr[1].tag, 1); /* kept while the index is free */
	w = T_ALLOC_MW(a, pd, 1, 2);
	T_DEALLOC_MW(a, w, 1);
	k = t_reg_mr(a, pd, 0x10000);
	CHECK_EQ(k, T_KEY(1, 3));
	/* the old window rkey does not name the region */
	t_dereg_mr_in(in, a, T_KEY(1, 2));
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_dereg_mr(a, k);
	w = T_ALLOC_MW(a, pd, 1, 4);
	for (uint32_t i = 5; i < 5 + 300; i++) {
		T_DEALLOC_MW(a, w, 1);
		w = T_ALLOC_MW(a, pd, 1, i & T_TAG_MASK);
	}
	CHECK_EQ(w, T_KEY(1, 304 & T_TAG_MASK));
}

/* DEALLOC_MW names the window by any rkey it had: binding gives it new tags
 * the firmware learns only when it serves the MW_BIND event (which may come
 * after the command, or be lost), so only the index counts. Refused (nothing
 * changes): another uctx's window, a region's key, an unused index, index
 * 0, an index past the table, a dead caller, a freed window. */
static void test_dealloc_mw(void)
{
	uint32_t in[32], out[32], a, b, pd, pdb, w, wb, k, wfree;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	w = T_ALLOC_MW(a, pd, 1, 1);
	k = t_reg_mr(a, pd, 0x10000);
	wb = T_ALLOC_MW(b, pdb, 3, 1);
	wfree = T_ALLOC_MW(a, pd, 4, 1);
	T_DEALLOC_MW(a, wfree, 4);

	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, b, w); /* a's window */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, wb); /* b's window */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, k); /* a region */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, wfree); /* freed */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, T_KEY(5, 1)); /* never used */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, T_KEY(0, 1));
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, T_KEY(RNIC_FW_MAX_MRS, 1));
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, 0xFFFFFFFFu);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, 0, w);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, 9, w); /* not a live uctx */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* any tag of the index: here one the window would have after binds */
	T_DEALLOC_MW(a, T_KEY(1, 0x7E), 1);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, w); /* twice */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	T_DEALLOC_MW(b, wb, 3);
	CHECK_EQ(tfw.pd[pd].refs, 1);
	CHECK_EQ(tfw.pd[pdb].refs, 0);
	/* the region is untouched and still deregisters */
	t_dereg_mr(a, k);
	CHECK_EQ(tfw.pd[pd].refs, 0);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_OK(in, out);
}

/* A window key is no region key: DEREG_MR refuses it whatever the window's
 * state -- its first key, or the key a served MW_BIND made the firmware's
 * tag -- and the window stays. */
static void test_dereg_mr_refuses_window_key(void)
{
	uint32_t in[32], a, pd, k, w;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	k = t_reg_mr(a, pd, 0x10000);
	w = T_ALLOC_MW(a, pd, 2, 1);
	t_dereg_mr_in(in, a, w);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	T_BIND_OK(k, T_KEY(2, 2));
	t_dereg_mr_in(in, a, w);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_dereg_mr_in(in, a, T_KEY(2, 2)); /* the rkey of the bind */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	T_INVAL_OK(T_KEY(2, 2));
	t_dereg_mr(a, k);
	T_DEALLOC_MW(a, w, 2);
}

/* ibv_dereg_mr(3): EBUSY while memory windows are bound to the region. An
 * accepted MW_BIND makes the window hold the region (no context write: the
 * requester wrote the bound entry); the hold ends with MW_INVAL of the
 * window, with DEALLOC_MW, or when the window is bound to another region.
 * Each bind takes the next rkey of the window (ibv_inc_rkey). */
static void test_bound_region_refuses_dereg_until_released(void)
{
	uint32_t in[32], out[32], a, pd, r1, r2, w1, w2;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	r1 = t_reg_mr(a, pd, 0x10000);
	r2 = t_reg_mr(a, pd, 0x20000);
	w1 = T_ALLOC_MW(a, pd, 3, 1);
	w2 = T_ALLOC_MW(a, pd, 4, 1);
	CHECK_EQ(r1, T_KEY(1, 1));
	CHECK_EQ(r2, T_KEY(2, 1));

	/* MW_INVAL releases */
	T_BIND_OK(r1, T_KEY(3, 2));
	CHECK_EQ(tfw.mr[1].mw_binds, 1);
	CHECK_EQ(tfw.mr[3].bound_mr, 1);
	CHECK_EQ(tfw.mr[3].tag, 2);
	t_dereg_mr_in(in, a, r1);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	T_INVAL_OK(T_KEY(3, 2));
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	/* a second MW_INVAL of the now unbound window changes nothing */
	t_snap();
	t_inval_event(T_KEY(3, 2));
	T_NOTHING(1);
	t_dereg_mr(a, r1);
	r1 = t_reg_mr(a, pd, 0x10000);
	CHECK_EQ(r1, T_KEY(1, 2));

	/* two windows on one region: held until both let go */
	T_BIND_OK(r1, T_KEY(3, 3));
	T_BIND_OK(r1, T_KEY(4, 2));
	CHECK_EQ(tfw.mr[1].mw_binds, 2);
	T_INVAL_OK(T_KEY(3, 3));
	t_snap();
	t_inval_event(T_KEY(3, 3)); /* stale: does not drop w2's hold */
	T_NOTHING(1);
	CHECK_EQ(tfw.mr[1].mw_binds, 1);
	t_dereg_mr_in(in, a, r1);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);

	/* DEALLOC_MW of a bound window releases */
	T_DEALLOC_MW(a, T_KEY(4, 0x33), 4);
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	CHECK_EQ(tfw.mr[4].tag, 2); /* the bind's, not the handle's */
	t_dereg_mr(a, r1);
	r1 = t_reg_mr(a, pd, 0x10000);
	CHECK_EQ(r1, T_KEY(1, 3));
	w2 = T_ALLOC_MW(a, pd, 4, 3);

	/* rebinding moves the hold: a second MW_BIND (after the LOCAL_INV's
	 * event was lost or while the bound entry was rewritten) */
	T_BIND_OK(r1, T_KEY(3, 4));
	T_BIND_OK(r2, T_KEY(3, 5));
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	CHECK_EQ(tfw.mr[2].mw_binds, 1);
	CHECK_EQ(tfw.mr[3].bound_mr, 2);
	t_dereg_mr_in(in, a, r2);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_dereg_mr(a, r1);
	/* rebinding to the same region holds it once */
	T_BIND_OK(r2, T_KEY(3, 6));
	CHECK_EQ(tfw.mr[2].mw_binds, 1);
	T_BIND_OK(r2, T_KEY(4, 4));
	CHECK_EQ(tfw.mr[2].mw_binds, 2);
	T_INVAL_OK(T_KEY(3, 6));
	T_INVAL_OK(T_KEY(4, 4));
	t_dereg_mr(a, r2);
	T_DEALLOC_MW(a, w1, 3);
	T_DEALLOC_MW(a, w2, 4);
	CHECK_EQ(tfw.pd[pd].refs, 0);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_OK(in, out);
}

/* A bind the firmware cannot honour -- the region's key names no live
 * region (deregistered before the event was served, never registered, index
 * 0 or past the table), carries another tag than the region's, names a
 * window, or a region of another PD (or uctx) -- must not leave the window
 * reaching it: the window's entry is written back unbound (valid 0, mw 1,
 * the tag of the bind's rkey, its pdn), it holds nothing, and a region it
 * held before is released. Each refusal breaks one condition only. */
static void test_bind_to_bad_region_writes_window_unbound(void)
{
	uint32_t in[32], out[32], a, b, pd, pd2, pdb, r, r2, rb, k, w, w2, wb;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pd2 = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	r = t_reg_mr(a, pd, 0x10000);       /* 1 */
	r2 = t_reg_mr(a, pd2, 0x20000);     /* 2 */
	rb = t_reg_mr(b, pdb, 0x30000);     /* 3 */
	w = T_ALLOC_MW(a, pd, 4, 1);
	w2 = T_ALLOC_MW(a, pd, 5, 1);
	wb = T_ALLOC_MW(b, pdb, 6, 1);
	CHECK_EQ(r, T_KEY(1, 1));
	CHECK_EQ(r2, T_KEY(2, 1));
	CHECK_EQ(rb, T_KEY(3, 1));

	/* the region was deregistered before the event was served (its
	 * firmware entry keeps the tag: only the liveness refuses) */
	k = t_reg_mr(a, pd, 0x40000);       /* 7 */
	CHECK_EQ(k, T_KEY(7, 1));
	t_dereg_mr(a, k);
	T_BIND_REFUSED(k, T_KEY(4, 2));
	CHECK_EQ(tfw.mr[7].mw_binds, 0);
	CHECK_EQ(tfw.mr[4].bound_mr, 0);
	CHECK_EQ(tm.mpt[4][0], 0x02000002u);
	/* a live region of the PD under another tag than its own */
	T_BIND_REFUSED(T_KEY(1, 0), T_KEY(4, 3));
	T_BIND_REFUSED(T_KEY(1, 2), T_KEY(4, 4));
	T_BIND_REFUSED(T_KEY(1, 0xFF), T_KEY(4, 5));
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	/* never registered, index 0 (0 is also what FW_EVENT_DATA reads with
	 * the queue empty), past the table, the largest data word */
	T_BIND_REFUSED(T_KEY(8, 0), T_KEY(4, 6));
	T_BIND_REFUSED(T_KEY(8, 1), T_KEY(4, 7));
	T_BIND_REFUSED(0, T_KEY(4, 8));
	T_BIND_REFUSED(T_KEY(0, 1), T_KEY(4, 9));
	T_BIND_REFUSED(T_KEY(RNIC_FW_MAX_MRS, 1), T_KEY(4, 10));
	T_BIND_REFUSED(0xFFFFFFFFu, T_KEY(4, 11));
	/* another window (same PD), and itself, each by its own key (its
	 * own: the bind's rkey, the tag the firmware learns first) */
	T_BIND_REFUSED(w2, T_KEY(4, 12));
	T_BIND_REFUSED(T_KEY(4, 13), T_KEY(4, 13));
	CHECK_EQ(tfw.mr[5].mw_binds, 0);
	CHECK_EQ(tfw.mr[5].tag, 1); /* a window named as the region learns nothing */
	/* a region of another PD of the same uctx, and of another uctx */
	T_BIND_REFUSED(r2, T_KEY(4, 14));
	T_BIND_REFUSED(rb, T_KEY(4, 15));
	T_BIND_REFUSED(r, T_KEY(6, 2)); /* b's window, a's region */
	CHECK_EQ(tfw.mr[2].mw_binds, 0);
	CHECK_EQ(tfw.mr[3].mw_binds, 0);
	CHECK_EQ(tfw.mr[1].mw_binds, 0);

	/* a refused rebind releases the region the window held */
	T_BIND_OK(r, T_KEY(4, 16));
	CHECK_EQ(tfw.mr[1].mw_binds, 1);
	T_BIND_REFUSED(r2, T_KEY(4, 17));
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	t_dereg_mr(a, r);

	/* the written-back entry carries the bind's tag, after reuse too */
	r = t_reg_mr(a, pd, 0x10000);
	CHECK_EQ(r, T_KEY(1, 2));
	T_DEALLOC_MW(a, w, 4);
	w = T_ALLOC_MW(a, pd, 4, 18);
	T_BIND_REFUSED(r2, T_KEY(4, 19));
	CHECK_EQ(tm.mpt[4][0], 0x13000002u);
	CHECK_EQ(tm.mpt[4][1], pd);
	t_dereg_mr(a, r);

	/* the other objects still work */
	t_dereg_mr(a, r2);
	t_dereg_mr(b, rb);
	T_DEALLOC_MW(a, w, 4);
	T_DEALLOC_MW(a, w2, 5);
	T_DEALLOC_MW(b, wb, 6);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd2);
	T_OK(in, out);
}

/* A stale MW_BIND: the window was bound to a region that was deregistered
 * and its index registered again (a new tag) before the event was served.
 * The event's region key names the old registration: the window is written
 * back unbound and the new region is not held -- it deregisters. The same
 * bind under the new registration's key is held. */
static void test_stale_bind_to_reregistered_region_refused(void)
{
	uint32_t in[32], out[32], a, pd, rold, rnew, w;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	rold = t_reg_mr(a, pd, 0x10000);
	w = T_ALLOC_MW(a, pd, 2, 1);
	CHECK_EQ(rold, T_KEY(1, 1));
	t_dereg_mr(a, rold);
	rnew = t_reg_mr(a, pd, 0x20000);
	CHECK_EQ(rnew, T_KEY(1, 2));

	T_BIND_REFUSED(rold, T_KEY(2, 2));
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	CHECK_EQ(tfw.mr[2].bound_mr, 0);
	CHECK_EQ(tm.mpt[2][0], 0x02000002u);
	CHECK_EQ(tm.mpt[2][1], pd);
	t_dereg_mr(a, rnew);

	/* registered once more: the new key binds and holds, the old stays out */
	rnew = t_reg_mr(a, pd, 0x30000);
	CHECK_EQ(rnew, T_KEY(1, 3));
	T_BIND_OK(rnew, T_KEY(2, 3));
	t_dereg_mr_in(in, a, rnew);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	/* a late bind of the window under the old key (its LOCAL_INV's event
	 * lost) releases the new region and writes the window unbound */
	T_BIND_REFUSED(rold, T_KEY(2, 4));
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	t_dereg_mr(a, rnew);
	T_DEALLOC_MW(a, w, 2);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_OK(in, out);
}

/* The firmware learns a window's tag from the key each MW_BIND (its new
 * rkey) and MW_INVAL (its rkey) names, so the next key of the index --
 * REG_MR or ALLOC_MW after DEALLOC_MW -- differs from every key the window
 * had, the rkeys of its binds included (a remote peer holding an old rkey
 * must not reach the index's next object). */
static void test_window_tag_learned_from_events(void)
{
	uint32_t in[32], a, pd, r, w, k;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	r = t_reg_mr(a, pd, 0x10000);       /* 1 */
	CHECK_EQ(r, T_KEY(1, 1));

	/* the bind's rkey is the next (ibv_inc_rkey): tag + 1 */
	w = T_ALLOC_MW(a, pd, 2, 1);
	T_BIND_OK(r, T_KEY(2, 2));
	CHECK_EQ(tfw.mr[2].tag, 2);
	T_DEALLOC_MW(a, w, 2); /* by its first key: the tag stays the bind's */
	CHECK_EQ(tfw.mr[2].tag, 2);
	k = t_reg_mr(a, pd, 0x20000);
	CHECK_EQ(T_IDX(k), 2);
	CHECK(k != T_KEY(2, 1));
	CHECK(k != T_KEY(2, 2));
	CHECK_EQ(k, T_KEY(2, 3));
	t_dereg_mr(a, k);

	/* a key the user chose: tag + 5 */
	w = T_ALLOC_MW(a, pd, 2, 4);
	T_BIND_OK(r, T_KEY(2, 9));
	T_DEALLOC_MW(a, T_KEY(2, 9), 2);
	k = t_reg_mr(a, pd, 0x20000);
	CHECK(k != T_KEY(2, 4));
	CHECK(k != T_KEY(2, 9));
	CHECK_EQ(k, T_KEY(2, 10));
	/* the old rkeys do not name the region */
	t_dereg_mr_in(in, a, T_KEY(2, 9));
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_dereg_mr_in(in, a, T_KEY(2, 4));
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_dereg_mr(a, k);

	/* ALLOC_MW takes the next tag as well */
	w = T_ALLOC_MW(a, pd, 2, 11);
	T_BIND_OK(r, T_KEY(2, 12));
	T_DEALLOC_MW(a, w, 2);
	w = T_ALLOC_MW(a, pd, 2, 13);

	/* MW_INVAL learns too: the bind's event was lost, its LOCAL_INV's names
	 * the rkey (tag + 5); the window held nothing, nothing is written */
	T_INVAL_UNHELD(T_KEY(2, 18));
	CHECK_EQ(tfw.mr[2].tag, 18);
	T_DEALLOC_MW(a, w, 2);
	k = t_reg_mr(a, pd, 0x20000);
	CHECK(k != T_KEY(2, 13));
	CHECK(k != T_KEY(2, 18));
	CHECK_EQ(k, T_KEY(2, 19));
	t_dereg_mr(a, k);

	/* and of a bound window; the tag wraps (0 included) */
	w = T_ALLOC_MW(a, pd, 2, 20);
	T_BIND_OK(r, T_KEY(2, 0xFF));
	T_INVAL_OK(T_KEY(2, 0xFF));
	CHECK_EQ(tfw.mr[2].tag, 0xFF);
	CHECK_EQ(tfw.mr[1].mw_binds, 0);
	T_DEALLOC_MW(a, w, 2);
	k = t_reg_mr(a, pd, 0x20000);
	CHECK_EQ(k, T_KEY(2, 0));
	t_dereg_mr(a, k);
	t_dereg_mr(a, r);
}

/* FW_EVENT_DATA is the data word of the event FW_EVENT shows: the firmware
 * reads it before the pop, so each MW_BIND of a batch binds to its own
 * region (read after, it would see the next event's lkey, or 0 after the
 * last). */
static void test_bind_batch_each_event_its_region(void)
{
	struct rnic_fw_mr want[RNIC_FW_MAX_MRS];
	uint32_t a, pd, r1, r2;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	r1 = t_reg_mr(a, pd, 0x10000);
	r2 = t_reg_mr(a, pd, 0x20000);
	CHECK_EQ(T_ALLOC_MW(a, pd, 3, 1), T_KEY(3, 1));
	CHECK_EQ(T_ALLOC_MW(a, pd, 4, 1), T_KEY(4, 1));
	CHECK_EQ(T_ALLOC_MW(a, pd, 5, 1), T_KEY(5, 1));

	t_snap();
	memcpy(want, tfw.mr, sizeof(want));
	want[3].bound_mr = 2;
	want[3].tag = 2;
	want[4].bound_mr = 1;
	want[4].tag = 7;
	want[5].bound_mr = 2;
	want[5].tag = 0x80;
	want[1].mw_binds = 1;
	want[2].mw_binds = 2;
	t_bind_event(r2, T_KEY(3, 2));
	t_bind_event(r1, T_KEY(4, 7));
	t_bind_event(r2, T_KEY(5, 0x80));
	T_SERVE(3, want, NULL, 0);
}

/* MW_BIND and MW_INVAL whose window key is not a live window's -- index 0,
 * never used, freed, past the runtime table, a region's key, a number in
 * the old index-only encoding -- change nothing: no entry is written (a
 * region's least of all), no hold moves, no tag is learned. Served through
 * rnic_fw_poll as well. */
static void test_events_for_non_windows_change_nothing(void)
{
	uint32_t a, pd, r, w, wfree;
	struct rnic_fw_config c;

	c = t_default_config();
	c.log_mrs = 3; /* indexes 1..7 */
	CHECK_EQ(t_init_cfg(&c), 0);
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	r = t_reg_mr(a, pd, 0x10000);  /* 1 */
	w = T_ALLOC_MW(a, pd, 2, 1);
	wfree = T_ALLOC_MW(a, pd, 3, 1);
	T_DEALLOC_MW(a, wfree, 3);
	CHECK_EQ(r, T_KEY(1, 1));
	CHECK_EQ(w, T_KEY(2, 1));
	T_BIND_OK(r, T_KEY(2, 2));

	t_snap();
	t_bind_event(r, T_KEY(0, 2));
	t_bind_event(r, T_KEY(3, 2));          /* freed */
	t_bind_event(r, T_KEY(4, 2));          /* never used */
	t_bind_event(r, T_KEY(8, 2));          /* past log_mrs 3 */
	t_bind_event(r, 0xFFFFFF);
	t_bind_event(r, r);                    /* a region */
	t_bind_event(0xFFFFFFFFu, r);          /* a region, bad "region" */
	t_bind_event(r, 1u << 12 | 2);         /* old encoding: key index 16 */
	t_inval_event(T_KEY(0, 2));
	t_inval_event(T_KEY(3, 1));
	t_inval_event(T_KEY(4, 2));
	t_inval_event(T_KEY(8, 2));
	t_inval_event(0xFFFFFF);
	t_inval_event(2);                      /* old encoding: key index 0 */
	t_inval_event(r);                      /* the held region */
	T_NOTHING(15);
	CHECK_EQ(tfw.mr[1].mw_binds, 1);
	CHECK_EQ(tfw.mr[2].bound_mr, 1);

	/* the same through the command poll */
	t_snap();
	t_bind_event(r, T_KEY(3, 2));
	t_inval_event(r);
	T_POLL(2, tfw_snap.mr, NULL, 0);
	CHECK_EQ(tm.irq_acks, tm_snap.irq_acks + 1);

	/* an event of the live window in the same batch still acts, in order */
	{
		struct rnic_fw_mr want[RNIC_FW_MAX_MRS];
		const struct t_mpt_write wr = { 2, 0, 4, 0 };

		t_snap();
		memcpy(want, tfw.mr, sizeof(want));
		want[1].mw_binds = 0;
		want[2].bound_mr = 0;
		want[2].tag = 4;
		t_inval_event(T_KEY(4, 2));
		t_inval_event(T_KEY(2, 2));            /* releases region 1 */
		t_bind_event(r, T_KEY(2, 3));          /* holds it again */
		t_bind_event(T_KEY(5, 1), T_KEY(2, 4)); /* gone: unbound, tag 4 */
		CHECK_EQ(pd, 0);
		T_SERVE(4, want, &wr, 1);
	}
}

/* FREE_UCTX of a process that dies with windows bound to its regions: its
 * QP, windows (each releasing its region), then regions, then CQ go, each
 * entry written zero in that order; its PDs are freed with no reference
 * left; no hold survives into the reused indexes; another uctx's windows
 * and regions, bound or not, are untouched. */
static void test_free_uctx_with_bound_windows(void)
{
	uint32_t in[32], out[32], a, b, pda, pda2, pdb, cqa, qpa, rb, wb, snap_b[2][RNIC_CTX_WORDS];
	uint32_t ra[2], wa[3], n0;
	struct rnic_fw_mr want_b[2];
	static const uint32_t order[] = { 2, 4, 5, 6, 1, 3 }; /* MPT writes: windows, regions */
	static const uint32_t tags[] = { 0, 1, 2, 1, 2, 2, 1 }; /* kept; a bound window's from its bind */

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pda = t_alloc_pd(a);
	pda2 = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cqa = t_create_cq(a);
	qpa = t_create_qp(a, RNIC_QP_TYPE_RC, pda, cqa, cqa);
	ra[0] = t_reg_mr(a, pda, 0x10000);    /* 1 */
	wa[0] = T_ALLOC_MW(a, pda, 2, 1);
	ra[1] = t_reg_mr(a, pda2, 0x20000);   /* 3 */
	wa[1] = T_ALLOC_MW(a, pda, 4, 1);
	wa[2] = T_ALLOC_MW(a, pda2, 5, 1);
	T_ALLOC_MW(a, pda, 6, 1);             /* unbound */
	rb = t_reg_mr(b, pdb, 0x30000);       /* 7 */
	wb = T_ALLOC_MW(b, pdb, 8, 1);
	CHECK_EQ(T_IDX(ra[0]), 1);
	CHECK_EQ(T_IDX(ra[1]), 3);
	CHECK_EQ(T_IDX(rb), 7);
	T_BIND_OK(ra[0], T_KEY(2, 2));
	T_BIND_OK(ra[0], T_KEY(4, 2));
	T_BIND_OK(ra[1], T_KEY(5, 2));
	T_BIND_OK(rb, T_KEY(8, 2));
	CHECK_EQ(tfw.pd[pda].refs, 5); /* QP, region, 3 windows */
	CHECK_EQ(tfw.pd[pda2].refs, 2);
	CHECK_EQ(tfw.pd[pdb].refs, 2);
	memcpy(snap_b[0], tm.mpt[7], sizeof(snap_b[0]));
	memcpy(snap_b[1], tm.mpt[8], sizeof(snap_b[1]));
	want_b[0] = tfw.mr[7];
	want_b[1] = tfw.mr[8];

	n0 = tm.nwrites;
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, a, a);
	T_OK(in, out);
	CHECK_EQ(tm.nwrites, n0 + 1 + 6 + 1);
	CHECK_EQ(tm.log[n0 % T_LOG].table, RNIC_CTX_TABLE_QPC);
	CHECK_EQ(tm.log[n0 % T_LOG].index, qpa);
	for (unsigned j = 0; j < 6; j++) {
		const struct t_ctx_write *l = &tm.log[(n0 + 1 + j) % T_LOG];

		CHECK_EQ(l->table, RNIC_CTX_TABLE_MPT);
		CHECK_EQ(l->index, order[j]);
		CHECK(t_all_zero(l->data, RNIC_CTX_WORDS));
	}
	CHECK_EQ(tm.log[(n0 + 7) % T_LOG].table, RNIC_CTX_TABLE_CQC);
	CHECK_EQ(tm.log[(n0 + 7) % T_LOG].index, cqa);
	for (uint32_t i = 1; i <= 6; i++) {
		const struct rnic_fw_mr *m = &tfw.mr[i];

		CHECK(t_all_zero(tm.mpt[i], RNIC_CTX_WORDS));
		CHECK_EQ(m->valid, 0);
		CHECK_EQ(m->mw, 0);
		CHECK_EQ(m->uctx, 0);
		CHECK_EQ(m->pdn, 0);
		CHECK_EQ(m->mw_binds, 0);
		CHECK_EQ(m->bound_mr, 0);
		CHECK_EQ(m->tag, tags[i]);
	}
	CHECK(!tfw.pd[pda].valid);
	CHECK(!tfw.pd[pda2].valid);
	CHECK_EQ(tfw.pd[pda].refs, 0);
	CHECK_EQ(tfw.pd[pda2].refs, 0);
	CHECK_EQ(tfw.pd[pdb].refs, 2);
	CHECK(tfw.pd[pdb].valid);
	/* b is untouched: its region still held by its window */
	CHECK(memcmp(tm.mpt[7], snap_b[0], sizeof(snap_b[0])) == 0);
	CHECK(memcmp(tm.mpt[8], snap_b[1], sizeof(snap_b[1])) == 0);
	t_check_fw_mr(7, &want_b[0]);
	t_check_fw_mr(8, &want_b[1]);
	t_dereg_mr_in(in, b, rb);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);

	/* events of a's windows served late change nothing */
	t_snap();
	t_inval_event(T_KEY(2, 2));
	t_bind_event(ra[1], T_KEY(5, 3));
	T_NOTHING(2);

	/* no stale hold: the reused indexes take new tags and deregister */
	CHECK_EQ(t_alloc_uctx(), a);
	pda = t_alloc_pd(a);
	CHECK_EQ(t_reg_mr(a, pda, 0x10000), T_KEY(1, 2));
	T_ALLOC_MW(a, pda, 2, 3);
	CHECK_EQ(t_reg_mr(a, pda, 0x20000), T_KEY(3, 2));
	t_dereg_mr(a, T_KEY(1, 2));
	t_dereg_mr(a, T_KEY(3, 2));
	T_DEALLOC_MW(a, T_KEY(2, 3), 2);
	CHECK_EQ(tfw.pd[pda].refs, 0);
	/* a's old keys name nothing */
	t_dereg_mr_in(in, a, ra[0]);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_MW, a, wa[1]);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	(void)wa[0];
	(void)wa[2];

	/* b's own release still works */
	T_INVAL_OK(T_KEY(8, 2));
	t_dereg_mr(b, rb);
	T_DEALLOC_MW(b, wb, 8);
	CHECK_EQ(tfw.pd[pdb].refs, 0);
}

/* QUERY_DEVICE: max_mw is the key table less the reserved index 0 (windows
 * and regions share it), for the runtime table size. */
static void test_query_device_max_mw(void)
{
	uint32_t in[32], out[32];
	struct rnic_fw_config c;

	t_init();
	t_hdr(in, RNIC_CMD_OP_QUERY_DEVICE, 0, 0);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_mw(out), RNIC_FW_MAX_MRS - 1u);
	CHECK_EQ(out[24], RNIC_FW_MAX_MRS - 1u);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_mr(out), RNIC_FW_MAX_MRS - 1u);
	c = t_default_config();
	c.log_mrs = 3;
	CHECK_EQ(t_init_cfg(&c), 0);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_mw(out), 7);
	CHECK_EQ(out[24], 7);
}

int main(void)
{
	test_alloc_mw_writes_unbound_entry();
	test_alloc_mw_refusals();
	test_alloc_mw_tag_advances_on_reuse();
	test_dealloc_mw();
	test_dereg_mr_refuses_window_key();
	test_bound_region_refuses_dereg_until_released();
	test_bind_to_bad_region_writes_window_unbound();
	test_stale_bind_to_reregistered_region_refused();
	test_window_tag_learned_from_events();
	test_bind_batch_each_event_its_region();
	test_events_for_non_windows_change_nothing();
	test_free_uctx_with_bound_windows();
	test_query_device_max_mw();
	return t_finish("test_fw_mw");
}
