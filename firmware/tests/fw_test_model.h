/* Test harness: a model of the firmware-port register file (command slots,
 * PI/CI, interrupt status, context tables written through CTX_DATA/SEL/CMD,
 * port identity, STATUS.ready after the reset sweep) behind a struct
 * rnic_fw_hal, and helpers that post one
 * command and check that a failing command changes nothing. */
#ifndef FW_TEST_MODEL_H
#define FW_TEST_MODEL_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_fw.h"

static unsigned t_failures;
static unsigned t_checks;

#define CHECK(cond)                                                              \
	do {                                                                     \
		t_checks++;                                                      \
		if (!(cond)) {                                                   \
			t_failures++;                                            \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,   \
				__LINE__, #cond);                                \
		}                                                                \
	} while (0)

#define CHECK_EQ(a, b)                                                           \
	do {                                                                     \
		unsigned long long a_ = (unsigned long long)(a);                 \
		unsigned long long b_ = (unsigned long long)(b);                 \
		t_checks++;                                                      \
		if (a_ != b_) {                                                  \
			t_failures++;                                            \
			fprintf(stderr, "%s:%d: %s == 0x%llx, expected %s == 0x%llx\n", \
				__FILE__, __LINE__, #a, a_, #b, b_);             \
		}                                                                \
	} while (0)

/* Harness helpers; each test uses a subset. */
#define T_UNUSED __attribute__((unused))

#define T_SLOT_WORDS (RNIC_CMDQ_SLOT_SIZE / 4u)
#define T_LOG 64u

struct t_ctx_write {
	uint32_t table;
	uint32_t index;
	uint32_t data[RNIC_CTX_WORDS];
};

struct t_model {
	uint32_t id;
	uint32_t slots[RNIC_CMDQ_SLOTS][T_SLOT_WORDS];
	uint32_t pi, ci;
	uint32_t irq_enable, irq_acks;
	uint32_t ctx_sel, ctx_data[RNIC_CTX_WORDS];
	uint32_t mac_lo, mac_hi, ipv4, port_ctrl;
	uint32_t qpc[RNIC_FW_MAX_QPS][RNIC_CTX_WORDS];
	uint32_t cqc[RNIC_FW_MAX_CQS][RNIC_CTX_WORDS];
	uint32_t mpt[RNIC_FW_MAX_MRS][RNIC_CTX_WORDS];
	uint32_t srqc[RNIC_FW_MAX_SRQS][RNIC_CTX_WORDS];
	uint32_t flow[RNIC_FW_MAX_FLOWS][RNIC_CTX_WORDS];
	uint32_t nwrites;              /* context writes seen */
	struct t_ctx_write log[T_LOG]; /* the last T_LOG of them */
	uint32_t bad;                  /* accesses the port does not allow */
	uint32_t ci_writes;
	/* hardware event queue (FW_EVENT, FW_EVENT_POP) */
	uint32_t ev[RNIC_HW_EVENT_DEPTH];
	uint32_t ev_data[RNIC_HW_EVENT_DEPTH]; /* FW_EVENT_DATA of each */
	uint32_t ev_head, ev_count, ev_pops;
	/* asynchronous event slots and indexes */
	uint32_t aeq[RNIC_AEQ_SLOTS][RNIC_AEQ_SLOT_SIZE / 4u];
	uint32_t aeq_pi, aeq_ci, aeq_pi_writes;
	/* FW_STATUS: this many reads answer "not ready" (the hardware's reset
	 * sweep runs) before [0] ready is set; writes meanwhile are counted */
	uint32_t busy_reads, status_reads, early_writes;
};

static struct t_model tm;
static struct t_model tm_snap;
static struct rnic_fw tfw;
static struct rnic_fw tfw_snap;

static T_UNUSED uint32_t *t_ctx_entry(uint32_t table, uint32_t index)
{
	if (table == RNIC_CTX_TABLE_QPC && index < RNIC_FW_MAX_QPS)
		return tm.qpc[index];
	if (table == RNIC_CTX_TABLE_CQC && index < RNIC_FW_MAX_CQS)
		return tm.cqc[index];
	if (table == RNIC_CTX_TABLE_MPT && index < RNIC_FW_MAX_MRS)
		return tm.mpt[index];
	if (table == RNIC_CTX_TABLE_SRQC && index < RNIC_FW_MAX_SRQS)
		return tm.srqc[index];
	if (table == RNIC_CTX_TABLE_FLOW && index < RNIC_FW_MAX_FLOWS)
		return tm.flow[index];
	return NULL;
}

static T_UNUSED uint32_t t_read32(void *opaque, uint32_t off)
{
	struct t_model *m = opaque;

	if (off >= RNIC_CMDQ_BASE && off < RNIC_CMDQ_BASE + RNIC_CMDQ_SLOTS * RNIC_CMDQ_SLOT_SIZE &&
	    (off & 3u) == 0) {
		uint32_t rel = off - RNIC_CMDQ_BASE;

		return m->slots[rel / RNIC_CMDQ_SLOT_SIZE][(rel % RNIC_CMDQ_SLOT_SIZE) / 4u];
	}
	if (off >= RNIC_FW_CTX_DATA && off < RNIC_FW_CTX_DATA + 4u * RNIC_CTX_WORDS && (off & 3u) == 0)
		return m->ctx_data[(off - RNIC_FW_CTX_DATA) / 4u];
	if (off >= RNIC_FW_STAT && off < RNIC_FW_STAT + 64u)
		return 0;
	if (off >= RNIC_AEQ_BASE && off < RNIC_AEQ_BASE + RNIC_AEQ_SLOTS * RNIC_AEQ_SLOT_SIZE &&
	    (off & 3u) == 0) {
		uint32_t rel = off - RNIC_AEQ_BASE;

		return m->aeq[rel / RNIC_AEQ_SLOT_SIZE][(rel % RNIC_AEQ_SLOT_SIZE) / 4u];
	}
	switch (off) {
	case RNIC_FW_ID: return m->id;
	case RNIC_FW_STATUS:
		m->status_reads++;
		if (m->busy_reads == 0)
			return 1u;
		m->busy_reads--;
		return 0;
	case RNIC_FW_IRQ_STATUS: return (m->pi != m->ci) | (m->ev_count != 0) << 1;
	case RNIC_FW_EVENT: return m->ev_count ? m->ev[m->ev_head] : 0;
	case RNIC_FW_EVENT_DATA: return m->ev_count ? m->ev_data[m->ev_head] : 0;
	case RNIC_FW_AEQ_PI: return m->aeq_pi;
	case RNIC_FW_AEQ_CI: return m->aeq_ci;
	case RNIC_FW_IRQ_ENABLE: return m->irq_enable;
	case RNIC_FW_CMDQ_PI: return m->pi;
	case RNIC_FW_CMDQ_CI: return m->ci;
	case RNIC_FW_CTX_SEL: return m->ctx_sel;
	case RNIC_FW_CTX_STATUS: return 0;
	case RNIC_FW_PORT_MAC_LO: return m->mac_lo;
	case RNIC_FW_PORT_MAC_HI: return m->mac_hi;
	case RNIC_FW_PORT_IPV4: return m->ipv4;
	case RNIC_FW_PORT_CTRL: return m->port_ctrl;
	default: m->bad++; return 0xDEADBEEFu;
	}
}

static T_UNUSED void t_write32(void *opaque, uint32_t off, uint32_t v)
{
	struct t_model *m = opaque;

	if (m->busy_reads != 0)
		m->early_writes++;

	if (off >= RNIC_CMDQ_BASE && off < RNIC_CMDQ_BASE + RNIC_CMDQ_SLOTS * RNIC_CMDQ_SLOT_SIZE &&
	    (off & 3u) == 0) {
		uint32_t rel = off - RNIC_CMDQ_BASE;

		if (rel % RNIC_CMDQ_SLOT_SIZE < RNIC_CMDQ_OUT_OFFSET)
			m->bad++; /* the firmware never writes command input */
		else
			m->slots[rel / RNIC_CMDQ_SLOT_SIZE][(rel % RNIC_CMDQ_SLOT_SIZE) / 4u] = v;
		return;
	}
	if (off >= RNIC_FW_CTX_DATA && off < RNIC_FW_CTX_DATA + 4u * RNIC_CTX_WORDS && (off & 3u) == 0) {
		m->ctx_data[(off - RNIC_FW_CTX_DATA) / 4u] = v;
		return;
	}
	if (off >= RNIC_AEQ_BASE && off < RNIC_AEQ_BASE + RNIC_AEQ_SLOTS * RNIC_AEQ_SLOT_SIZE &&
	    (off & 3u) == 0) {
		uint32_t rel = off - RNIC_AEQ_BASE;

		m->aeq[rel / RNIC_AEQ_SLOT_SIZE][(rel % RNIC_AEQ_SLOT_SIZE) / 4u] = v;
		return;
	}
	switch (off) {
	case RNIC_FW_EVENT_POP:
		if (m->ev_count) {
			m->ev_head = (m->ev_head + 1u) % RNIC_HW_EVENT_DEPTH;
			m->ev_count--;
		}
		m->ev_pops++;
		return;
	case RNIC_FW_AEQ_PI: m->aeq_pi = v % RNIC_AEQ_SLOTS; m->aeq_pi_writes++; return;
	case RNIC_FW_IRQ_STATUS: m->irq_acks++; return;
	case RNIC_FW_IRQ_ENABLE: m->irq_enable = v; return;
	case RNIC_FW_CMDQ_CI: m->ci = v; m->ci_writes++; return;
	case RNIC_FW_CTX_SEL: m->ctx_sel = v; return;
	case RNIC_FW_CTX_CMD: {
		uint32_t table = m->ctx_sel & 0xFFu, index = m->ctx_sel >> 8;
		uint32_t *e = t_ctx_entry(table, index);
		struct t_ctx_write *l = &m->log[m->nwrites % T_LOG];

		if (v != RNIC_CTX_CMD_WRITE || e == NULL) {
			m->bad++;
			return;
		}
		memcpy(e, m->ctx_data, sizeof(m->ctx_data));
		l->table = table;
		l->index = index;
		memcpy(l->data, m->ctx_data, sizeof(m->ctx_data));
		m->nwrites++;
		return;
	}
	case RNIC_FW_PORT_MAC_LO: m->mac_lo = v; return;
	case RNIC_FW_PORT_MAC_HI: m->mac_hi = v; return;
	case RNIC_FW_PORT_IPV4: m->ipv4 = v; return;
	case RNIC_FW_PORT_CTRL: m->port_ctrl = v; return;
	default: m->bad++; return;
	}
}

static const struct rnic_fw_hal t_hal = { &tm, t_read32, t_write32 };

/* The hardware raises an event: type (hw_event), number (QPN, SRQN or
 * key) and data word (FW_EVENT_DATA). */
static T_UNUSED void t_hw_event_data(uint32_t type, uint32_t num, uint32_t data)
{
	if (tm.ev_count < RNIC_HW_EVENT_DEPTH) {
		tm.ev[(tm.ev_head + tm.ev_count) % RNIC_HW_EVENT_DEPTH] = type << 24 | num;
		tm.ev_data[(tm.ev_head + tm.ev_count) % RNIC_HW_EVENT_DEPTH] = data;
		tm.ev_count++;
	}
}

static T_UNUSED void t_hw_event(uint32_t type, uint32_t num)
{
	t_hw_event_data(type, num, 0);
}

static T_UNUSED struct rnic_fw_config t_default_config(void)
{
	struct rnic_fw_config c = {
		.mac = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 },
		.ipv4 = 0xC0A80A01u, /* 192.168.10.1 */
		.log_qps = RNIC_LOG_QPS,
		.log_cqs = RNIC_LOG_CQS,
		.log_mrs = RNIC_LOG_MRS,
		.log_pds = RNIC_LOG_PDS,
		.log_srqs = RNIC_LOG_SRQS,
		.db_pages = RNIC_DB_PAGES,
	};
	return c;
}

/* The register file as the hardware leaves a reset: tables full of junk
 * (the firmware clears them), indexes 0, ready. */
static T_UNUSED void t_model_reset(void)
{
	memset(&tm, 0x5A, sizeof(tm)); /* the tables hold junk until init clears them */
	tm.id = RNIC_MAGIC;
	tm.pi = tm.ci = 0;
	tm.nwrites = 0;
	tm.bad = 0;
	tm.irq_acks = 0;
	tm.ci_writes = 0;
	tm.irq_enable = 0;
	tm.port_ctrl = 0;
	tm.ev_head = tm.ev_count = tm.ev_pops = 0;
	tm.aeq_pi = tm.aeq_ci = tm.aeq_pi_writes = 0;
	tm.busy_reads = tm.status_reads = tm.early_writes = 0;
}

static T_UNUSED int t_init_cfg(const struct rnic_fw_config *cfg)
{
	t_model_reset();
	return rnic_fw_init(&tfw, &t_hal, cfg);
}

static T_UNUSED void t_init(void)
{
	struct rnic_fw_config c = t_default_config();

	if (t_init_cfg(&c) != 0) {
		fprintf(stderr, "rnic_fw_init failed\nFAIL\n");
		exit(1);
	}
}

/* Posts one command into slot PI, polls, and returns the status. */
static T_UNUSED uint32_t t_cmd(const uint32_t *in, uint32_t *out)
{
	uint32_t slot = tm.pi;
	unsigned n;

	memcpy(tm.slots[slot], in, 4u * RNIC_CMD_IN_WORDS);
	memset(&tm.slots[slot][RNIC_CMDQ_OUT_OFFSET / 4u], 0xA5, 4u * RNIC_CMD_OUT_WORDS);
	tm.pi = (tm.pi + 1u) % RNIC_CMDQ_SLOTS;
	n = rnic_fw_poll(&tfw);
	CHECK_EQ(n, 1);
	CHECK_EQ(tm.ci, tm.pi);
	CHECK_EQ(tm.bad, 0);
	memcpy(out, &tm.slots[slot][RNIC_CMDQ_OUT_OFFSET / 4u], 4u * RNIC_CMD_OUT_WORDS);
	return rnic_cmd_out_get_status(out);
}

static T_UNUSED void t_hdr(uint32_t *in, uint32_t op, uint32_t uctx, uint32_t handle)
{
	memset(in, 0, 4u * RNIC_CMD_IN_WORDS);
	rnic_cmd_in_set_opcode(in, op);
	rnic_cmd_in_set_uctx(in, uctx);
	rnic_cmd_in_set_handle(in, handle);
}

/* Runs a command that must fail with status; checks that the output holds
 * only the status and that no context entry, no firmware table and no
 * port register changed. */
#define T_FAIL(in, status) t_fail_at(__FILE__, __LINE__, (in), (status))
static T_UNUSED void t_fail_at(const char *file, int line, const uint32_t *in, uint32_t status)
{
	uint32_t out[RNIC_CMD_OUT_WORDS];
	uint32_t got;
	unsigned before = t_failures;
	int same_tables;

	memcpy(&tm_snap, &tm, sizeof(tm));
	memcpy(&tfw_snap, &tfw, sizeof(tfw));
	got = t_cmd(in, out);
	CHECK_EQ(got, status);
	for (unsigned i = 1; i < RNIC_CMD_OUT_WORDS; i++)
		CHECK_EQ(out[i], 0);
	CHECK_EQ(out[0], status);
	CHECK_EQ(tm.nwrites, tm_snap.nwrites);
	same_tables = memcmp(tm.qpc, tm_snap.qpc, sizeof(tm.qpc)) == 0 &&
		      memcmp(tm.cqc, tm_snap.cqc, sizeof(tm.cqc)) == 0 &&
		      memcmp(tm.mpt, tm_snap.mpt, sizeof(tm.mpt)) == 0 &&
		      memcmp(tm.srqc, tm_snap.srqc, sizeof(tm.srqc)) == 0 &&
		      memcmp(tm.flow, tm_snap.flow, sizeof(tm.flow)) == 0 &&
		      tm.mac_lo == tm_snap.mac_lo && tm.mac_hi == tm_snap.mac_hi &&
		      tm.ipv4 == tm_snap.ipv4 && tm.port_ctrl == tm_snap.port_ctrl;
	CHECK(same_tables);
	CHECK(memcmp(tfw.uctx_valid, tfw_snap.uctx_valid, sizeof(tfw.uctx_valid)) == 0);
	CHECK(memcmp(tfw.pd, tfw_snap.pd, sizeof(tfw.pd)) == 0);
	CHECK(memcmp(tfw.cq, tfw_snap.cq, sizeof(tfw.cq)) == 0);
	CHECK(memcmp(tfw.mr, tfw_snap.mr, sizeof(tfw.mr)) == 0);
	CHECK(memcmp(tfw.qp, tfw_snap.qp, sizeof(tfw.qp)) == 0);
	CHECK(memcmp(tfw.srq, tfw_snap.srq, sizeof(tfw.srq)) == 0);
	CHECK(memcmp(tfw.xrcd, tfw_snap.xrcd, sizeof(tfw.xrcd)) == 0);
	CHECK(memcmp(tfw.flow, tfw_snap.flow, sizeof(tfw.flow)) == 0);
	if (t_failures != before)
		fprintf(stderr, "  (in the failing command at %s:%d, opcode 0x%x)\n", file, line,
			rnic_cmd_in_get_opcode(in));
}

/* Runs a command that must succeed; returns the output handle. */
#define T_OK(in, out) t_ok_at(__FILE__, __LINE__, (in), (out))
static T_UNUSED uint32_t t_ok_at(const char *file, int line, const uint32_t *in, uint32_t *out)
{
	uint32_t got = t_cmd(in, out);

	if (got != RNIC_CMD_STATUS_OK) {
		t_failures++;
		fprintf(stderr, "%s:%d: opcode 0x%x failed with status %u\n", file, line,
			rnic_cmd_in_get_opcode(in), got);
	}
	return rnic_cmd_out_get_handle(out);
}

/* ---- object helpers (each must succeed) ---- */

static T_UNUSED uint32_t t_alloc_uctx(void)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_ALLOC_UCTX, 0, 0);
	return T_OK(in, out);
}

static T_UNUSED uint32_t t_alloc_pd(uint32_t u)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_ALLOC_PD, u, 0);
	return T_OK(in, out);
}

static T_UNUSED void t_create_cq_in(uint32_t *in, uint32_t u, uint64_t base, uint32_t log_size,
			   uint32_t vector)
{
	t_hdr(in, RNIC_CMD_OP_CREATE_CQ, u, 0);
	rnic_cmd_create_cq_in_set_base(in, base);
	rnic_cmd_create_cq_in_set_log_size(in, log_size);
	rnic_cmd_create_cq_in_set_vector(in, vector);
}

static T_UNUSED uint32_t t_create_cq(uint32_t u)
{
	uint32_t in[32], out[32];

	t_create_cq_in(in, u, 0x100000, 6, 2);
	return T_OK(in, out);
}

static T_UNUSED void t_create_qp_in(uint32_t *in, uint32_t u, uint32_t type, uint32_t pdn,
			   uint32_t scq, uint32_t rcq)
{
	t_hdr(in, RNIC_CMD_OP_CREATE_QP, u, 0);
	rnic_cmd_create_qp_in_set_type(in, type);
	rnic_cmd_create_qp_in_set_pdn(in, pdn);
	rnic_cmd_create_qp_in_set_send_cqn(in, scq);
	rnic_cmd_create_qp_in_set_recv_cqn(in, rcq);
	rnic_cmd_create_qp_in_set_log_sq_size(in, 7);
	rnic_cmd_create_qp_in_set_log_sq_stride(in, 7); /* 128 B: 4 SGEs or 64 inline */
	rnic_cmd_create_qp_in_set_log_rq_size(in, 8);
	rnic_cmd_create_qp_in_set_log_rq_stride(in, 6); /* 64 B: 3 SGEs */
	rnic_cmd_create_qp_in_set_sq_base(in, 0x7f0000200000ull);
	rnic_cmd_create_qp_in_set_rq_base(in, 0x7f0000300000ull);
}

static T_UNUSED uint32_t t_create_qp(uint32_t u, uint32_t type, uint32_t pdn, uint32_t scq, uint32_t rcq)
{
	uint32_t in[32], out[32];

	t_create_qp_in(in, u, type, pdn, scq, rcq);
	return T_OK(in, out);
}

static T_UNUSED void t_reg_mr_in(uint32_t *in, uint32_t u, uint32_t pdn, uint32_t access,
			uint64_t start, uint64_t length, uint64_t iova)
{
	t_hdr(in, RNIC_CMD_OP_REG_MR, u, 0);
	rnic_cmd_reg_mr_in_set_pdn(in, pdn);
	rnic_cmd_reg_mr_in_set_access(in, access);
	rnic_cmd_reg_mr_in_set_start(in, start);
	rnic_cmd_reg_mr_in_set_length(in, length);
	rnic_cmd_reg_mr_in_set_iova(in, iova);
}

static T_UNUSED void t_create_srq_in(uint32_t *in, uint32_t u, uint32_t pdn, uint32_t log_size,
				     uint32_t log_stride, uint64_t base, uint32_t limit)
{
	t_hdr(in, RNIC_CMD_OP_CREATE_SRQ, u, 0);
	rnic_cmd_create_srq_in_set_pdn(in, pdn);
	rnic_cmd_create_srq_in_set_log_size(in, log_size);
	rnic_cmd_create_srq_in_set_log_stride(in, log_stride);
	rnic_cmd_create_srq_in_set_base(in, base);
	rnic_cmd_create_srq_in_set_limit(in, limit);
}

/* 256 receive WQEs of 64 B (3 SGEs), limit 16. */
static T_UNUSED uint32_t t_create_srq(uint32_t u, uint32_t pdn)
{
	uint32_t in[32], out[32];

	t_create_srq_in(in, u, pdn, 8, 6, 0x7f0000400000ull, 16);
	return T_OK(in, out);
}

static T_UNUSED void t_srq_attr_in(uint32_t *in, uint32_t op, uint32_t u, uint32_t srqn,
				   uint32_t mask, uint32_t limit)
{
	t_hdr(in, op, u, srqn);
	rnic_cmd_srq_attr_set_mask(in, mask);
	rnic_cmd_srq_attr_set_limit(in, limit);
}

/* CREATE_QP on an SRQ; the input's own receive queue fields stay set (and
 * must be ignored). */
static T_UNUSED void t_create_srq_qp_in(uint32_t *in, uint32_t u, uint32_t type, uint32_t pdn,
					uint32_t scq, uint32_t rcq, uint32_t srqn)
{
	t_create_qp_in(in, u, type, pdn, scq, rcq);
	rnic_cmd_create_qp_in_set_srq_en(in, 1);
	rnic_cmd_create_qp_in_set_srqn(in, srqn);
}

static T_UNUSED uint32_t t_open_xrcd(uint32_t u)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_OPEN_XRCD, u, 0);
	return T_OK(in, out);
}

/* CREATE_SRQ of an XRC SRQ: t_create_srq_in's ring and limit, the domain
 * and the CQ of its receive completions. */
static T_UNUSED void t_create_xrc_srq_in(uint32_t *in, uint32_t u, uint32_t pdn, uint32_t xrcdn,
					 uint32_t cqn)
{
	t_create_srq_in(in, u, pdn, 8, 6, 0x7f0000400000ull, 16);
	rnic_cmd_create_srq_in_set_xrc(in, 1);
	rnic_cmd_create_srq_in_set_xrcdn(in, xrcdn);
	rnic_cmd_create_srq_in_set_cqn(in, cqn);
}

static T_UNUSED uint32_t t_create_xrc_srq(uint32_t u, uint32_t pdn, uint32_t xrcdn, uint32_t cqn)
{
	uint32_t in[32], out[32];

	t_create_xrc_srq_in(in, u, pdn, xrcdn, cqn);
	return T_OK(in, out);
}

/* CREATE_QP of an XRC target: only the domain counts; the other fields
 * hold t_create_qp_in's values (pdn, send_cqn and recv_cqn as given), which
 * the firmware must ignore. */
static T_UNUSED void t_create_xrc_recv_in(uint32_t *in, uint32_t u, uint32_t xrcdn, uint32_t pdn,
					  uint32_t cqn)
{
	t_create_qp_in(in, u, RNIC_QP_TYPE_XRC_RECV, pdn, cqn, cqn);
	rnic_cmd_create_qp_in_set_xrcdn(in, xrcdn);
}

static T_UNUSED uint32_t t_create_xrc_recv(uint32_t u, uint32_t xrcdn)
{
	uint32_t in[32], out[32];

	t_create_xrc_recv_in(in, u, xrcdn, 0, 0);
	return T_OK(in, out);
}

static T_UNUSED int t_all_zero(const uint32_t *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (w[i] != 0)
			return 0;
	return 1;
}

static T_UNUSED int t_finish(const char *name)
{
	printf("%s: %u checks, %u failures\n", name, t_checks, t_failures);
	printf("%s\n", t_failures ? "FAIL" : "PASS");
	return t_failures ? 1 : 0;
}

#endif /* FW_TEST_MODEL_H */
