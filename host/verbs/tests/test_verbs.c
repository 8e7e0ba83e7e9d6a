/*
 * Unit tests of the verbs library against the in-test device
 * (mock_device.c). Each test names the behaviour and, where one applies,
 * the man page clause it checks. Prints PASS or FAIL; exits non-zero on
 * failure.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mock_device.h"
#include "rnic_verbs.h"

static int failures;

#define CHECK(c)                                                                              \
	do {                                                                                  \
		if (!(c)) {                                                                   \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);          \
			failures++;                                                           \
		}                                                                             \
	} while (0)

#define CHECK_EQ(a, b)                                                                        \
	do {                                                                                  \
		unsigned long long a_ = (unsigned long long)(a),                              \
				   b_ = (unsigned long long)(b);                              \
		if (a_ != b_) {                                                               \
			fprintf(stderr, "FAIL %s:%d: %s = 0x%llx, expected %s = 0x%llx\n",    \
				__FILE__, __LINE__, #a, a_, #b, b_);                          \
			failures++;                                                           \
		}                                                                             \
	} while (0)

/* ------------------------------------------------------------------ */
/* fixture                                                             */

static char sim_dir[64];

static void make_sim_dir(const char *const *files)
{
	char p[128];

	strcpy(sim_dir, "/tmp/rnic-verbs-test-XXXXXX");
	if (!mkdtemp(sim_dir)) {
		perror("mkdtemp");
		exit(1);
	}
	for (; *files; files++) {
		FILE *f;

		snprintf(p, sizeof(p), "%s/%s", sim_dir, *files);
		f = fopen(p, "w");
		if (f)
			fclose(f);
	}
	setenv(RNIC_ENV_SIM_DIR, sim_dir, 1);
}

static void remove_sim_dir(const char *const *files)
{
	char p[128];

	for (; *files; files++) {
		snprintf(p, sizeof(p), "%s/%s", sim_dir, *files);
		unlink(p);
	}
	rmdir(sim_dir);
}

static const char *const one_dev[] = {"rnic0.sock", NULL};
static const uint8_t guid_bytes[8] = {0x02, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x00, 0x01};

static const char *const two_devs[] = {"rnic0.sock", "rnic1.sock", NULL};

/* Opens device i of the list (the mock serves any number). */
static struct ibv_context *open_ctx_n(int i)
{
	int n = 0;
	struct ibv_device **l = ibv_get_device_list(&n);
	struct ibv_context *c = l && i < n ? ibv_open_device(l[i]) : NULL;

	ibv_free_device_list(l);
	if (!c) {
		fprintf(stderr, "FAIL: cannot open the mock device (%d)\n", errno);
		exit(1);
	}
	return c;
}

static struct ibv_context *open_ctx(void)
{
	return open_ctx_n(0);
}

static struct mock_dev *mock_of(struct ibv_context *c)
{
	return mock_from_transport(rnic_ctx(c)->t);
}

static struct ibv_qp *make_qp(struct ibv_pd *pd, struct ibv_cq *scq, struct ibv_cq *rcq,
			      enum ibv_qp_type type, uint32_t swr, uint32_t rwr, uint32_t ssge,
			      uint32_t rsge, uint32_t inl, int sig_all)
{
	struct ibv_qp_init_attr a;

	memset(&a, 0, sizeof(a));
	a.send_cq = scq;
	a.recv_cq = rcq;
	a.qp_type = type;
	a.sq_sig_all = sig_all;
	a.cap.max_send_wr = swr;
	a.cap.max_recv_wr = rwr;
	a.cap.max_send_sge = ssge;
	a.cap.max_recv_sge = rsge;
	a.cap.max_inline_data = inl;
	return ibv_create_qp(pd, &a);
}

static void v4_gid(union ibv_gid *g, uint32_t ip)
{
	memset(g, 0, sizeof(*g));
	g->raw[10] = 0xff;
	g->raw[11] = 0xff;
	g->raw[12] = (uint8_t)(ip >> 24);
	g->raw[13] = (uint8_t)(ip >> 16);
	g->raw[14] = (uint8_t)(ip >> 8);
	g->raw[15] = (uint8_t)ip;
}

static int qp_to_init(struct ibv_qp *qp)
{
	struct ibv_qp_attr a;
	int mask = IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_INIT;
	a.port_num = 1;
	if (qp->qp_type == IBV_QPT_UD) {
		a.qkey = 0x11111111;
		mask |= IBV_QP_QKEY;
	} else {
		a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE;
		mask |= IBV_QP_ACCESS_FLAGS;
	}
	return ibv_modify_qp(qp, &a, mask);
}

static int qp_to_rtr(struct ibv_qp *qp, uint32_t dest_qpn, uint32_t dip)
{
	struct ibv_qp_attr a;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTR;
	if (qp->qp_type == IBV_QPT_UD)
		return ibv_modify_qp(qp, &a, IBV_QP_STATE);
	a.path_mtu = IBV_MTU_1024;
	a.dest_qp_num = dest_qpn;
	a.rq_psn = 0x123456;
	a.max_dest_rd_atomic = 4;
	a.min_rnr_timer = 12;
	a.ah_attr.is_global = 1;
	a.ah_attr.port_num = 1;
	a.ah_attr.sl = 3;
	a.ah_attr.grh.hop_limit = 64;
	a.ah_attr.grh.traffic_class = 0x20;
	a.ah_attr.grh.flow_label = 0xABCDE;
	a.ah_attr.grh.sgid_index = 0;
	v4_gid(&a.ah_attr.grh.dgid, dip);
	return ibv_modify_qp(qp, &a,
			     IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
				     IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC |
				     IBV_QP_MIN_RNR_TIMER);
}

static int qp_to_rts(struct ibv_qp *qp)
{
	struct ibv_qp_attr a;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTS;
	a.sq_psn = 0x654321;
	if (qp->qp_type == IBV_QPT_UD)
		return ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_SQ_PSN);
	a.timeout = 14;
	a.retry_cnt = 7;
	a.rnr_retry = 7;
	a.max_rd_atomic = 4;
	return ibv_modify_qp(qp, &a,
			     IBV_QP_STATE | IBV_QP_SQ_PSN | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
				     IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC);
}

static int qp_up(struct ibv_qp *qp, uint32_t dest_qpn)
{
	int err = qp_to_init(qp);

	if (!err)
		err = qp_to_rtr(qp, dest_qpn, 0x0A000002);
	if (!err)
		err = qp_to_rts(qp);
	return err;
}

struct fx {
	struct ibv_context *ctx;
	struct mock_dev *m;
	struct ibv_pd *pd;
	struct ibv_cq *scq, *rcq;
	uint8_t *buf;
	struct ibv_mr *mr;
};

static void fx_open(struct fx *f)
{
	f->ctx = open_ctx();
	f->m = mock_of(f->ctx);
	f->pd = ibv_alloc_pd(f->ctx);
	f->scq = ibv_create_cq(f->ctx, 64, NULL, NULL, 0);
	f->rcq = ibv_create_cq(f->ctx, 64, NULL, NULL, 0);
	f->buf = calloc(1, 65536);
	f->mr = f->pd ? ibv_reg_mr(f->pd, f->buf, 65536, IBV_ACCESS_LOCAL_WRITE) : NULL;
	if (!f->pd || !f->scq || !f->rcq || !f->mr) {
		fprintf(stderr, "FAIL: fixture\n");
		exit(1);
	}
}

static void fx_close(struct fx *f)
{
	CHECK_EQ(ibv_close_device(f->ctx), 0);
	CHECK_EQ(mock_closed_maps, 0);
	free(f->buf);
}

static uint64_t db_sq_off(void)
{
	return RNIC_DB_PAGE_BASE + (uint64_t)MOCK_FIRST_UCTX * RNIC_DB_PAGE_SIZE + RNIC_DB_SQ;
}

/* ------------------------------------------------------------------ */
/* discovery and open                                                  */

static void test_device_list_sorted_without_connecting(void)
{
	static const char *const files[] = {"zeta.sock", "alpha.sock", "notes.txt", ".sock", NULL};
	struct ibv_device **l;
	int n = -1, opens = mock_opens;

	make_sim_dir(files);
	setenv(RNIC_ENV_VFIO_DEVICES, "0000:01:00.0,0000:02:00.1", 1);
	l = ibv_get_device_list(&n);
	CHECK(l != NULL);
	CHECK_EQ(n, 4);
	CHECK_EQ(mock_opens, opens); /* listing never connects */
	if (l && n == 4) {
		CHECK(strcmp(ibv_get_device_name(l[0]), "alpha") == 0);
		CHECK(strcmp(ibv_get_device_name(l[1]), "zeta") == 0);
		CHECK(strcmp(ibv_get_device_name(l[2]), "rnic_0000_01_00_0") == 0);
		CHECK(strcmp(ibv_get_device_name(l[3]), "rnic_0000_02_00_1") == 0);
		CHECK_EQ(l[0]->transport_type, IBV_TRANSPORT_IB);
		CHECK_EQ(l[0]->node_type, IBV_NODE_CA);
		CHECK(l[4] == NULL);
	}
	ibv_free_device_list(l);
	unsetenv(RNIC_ENV_VFIO_DEVICES);
	remove_sim_dir(files);
}

static void test_open_checks_identity(void)
{
	struct ibv_device **l;

	make_sim_dir(one_dev);
	l = ibv_get_device_list(NULL);
	mock_next.magic = 0xDEADBEEF;
	errno = 0;
	CHECK(ibv_open_device(l[0]) == NULL);
	CHECK_EQ(errno, ENODEV);
	mock_next.magic = 0;
	mock_next.version = RNIC_CONTRACT_VERSION + 1;
	errno = 0;
	CHECK(ibv_open_device(l[0]) == NULL);
	CHECK_EQ(errno, EPROTO);
	mock_next.version = 0;
	mock_next.fail_open = ECONNREFUSED;
	errno = 0;
	CHECK(ibv_open_device(l[0]) == NULL);
	CHECK_EQ(errno, ECONNREFUSED);
	mock_next.fail_open = 0;
	/* the node GUID needs the device: a short open, closed again */
	{
		__be64 guid = ibv_get_device_guid(l[0]);

		CHECK(memcmp(&guid, guid_bytes, 8) == 0);
	}
	CHECK_EQ(mock_closed_uctx_live, 0);
	ibv_free_device_list(l);
	remove_sim_dir(one_dev);
}

/* ibv_open_device waits for BAR0 STATUS[0] (ready: the device's reset sweep
 * cleared its context tables) before its first command or doorbell, and
 * fails with ETIMEDOUT when the device never becomes ready within the
 * command timeout (RNIC_CMD_TIMEOUT_MS). */
static void test_open_waits_for_ready(void)
{
	struct ibv_device **l;
	struct ibv_context *c;

	make_sim_dir(one_dev);
	l = ibv_get_device_list(NULL);
	mock_next.busy_reads = 5;
	c = ibv_open_device(l[0]);
	CHECK(c != NULL);
	if (c) {
		CHECK_EQ(mock_of(c)->status_reads, 6);
		CHECK_EQ(mock_of(c)->early_writes, 0);
		CHECK_EQ(mock_of(c)->uctx_live, 1);
		ibv_close_device(c);
	}
	mock_next.busy_reads = ~0u;
	setenv(RNIC_ENV_CMD_TIMEOUT_MS, "20", 1);
	errno = 0;
	CHECK(ibv_open_device(l[0]) == NULL);
	CHECK_EQ(errno, ETIMEDOUT);
	CHECK(mock_closed_status_reads >= 2);
	CHECK_EQ(mock_closed_early_writes, 0);
	CHECK_EQ(mock_closed_uctx_live, 0);
	unsetenv(RNIC_ENV_CMD_TIMEOUT_MS);
	mock_next.busy_reads = 0;
	ibv_free_device_list(l);
	remove_sim_dir(one_dev);
}

static void test_open_allocates_uctx_and_queries(void)
{
	struct ibv_context *c;
	struct ibv_device_attr da;
	struct ibv_port_attr pa;
	union ibv_gid gid, want;
	__be16 pkey;
	struct mock_dev *m;

	make_sim_dir(one_dev);
	c = open_ctx();
	m = mock_of(c);
	CHECK_EQ(m->uctx_live, 1);
	CHECK_EQ(rnic_ctx(c)->db_off, RNIC_DB_PAGE_BASE + MOCK_FIRST_UCTX * RNIC_DB_PAGE_SIZE);
	CHECK(strcmp(ibv_get_device_name(c->device), "rnic0") == 0);
	/* verbs_get_ctx works on this context */
	CHECK(verbs_get_ctx(c) == &rnic_ctx(c)->vctx);
	CHECK(verbs_get_ctx_op(c, query_port) != NULL);

	CHECK_EQ(ibv_query_device(c, &da), 0);
	CHECK(strcmp(da.fw_ver, "1.2") == 0);
	CHECK(memcmp(&da.node_guid, guid_bytes, 8) == 0);
	CHECK_EQ(da.vendor_id, RNIC_PCI_VENDOR_ID);
	CHECK_EQ(da.max_qp, MOCK_QPS);
	CHECK_EQ(da.max_qp_wr, 1u << RNIC_LOG_MAX_WQE);
	CHECK_EQ(da.max_sge, RNIC_MAX_SEND_SGE);
	CHECK_EQ(da.max_cqe, 1u << RNIC_LOG_MAX_CQE);
	CHECK_EQ(da.hw_ver, 7);
	CHECK_EQ(da.phys_port_cnt, 1);
	CHECK_EQ(da.max_srq, MOCK_SRQS - 1);
	CHECK_EQ(da.max_srq_wr, 1u << RNIC_LOG_MAX_WQE);
	CHECK_EQ(da.max_srq_sge, RNIC_MAX_RECV_SGE);

	memset(&pa, 0xA5, sizeof(pa));
	CHECK_EQ(ibv_query_port(c, 1, &pa), 0); /* the header's inline: the vctx op */
	CHECK_EQ(pa.state, IBV_PORT_ACTIVE);
	CHECK_EQ(pa.max_mtu, IBV_MTU_4096);
	CHECK_EQ(pa.active_mtu, IBV_MTU_1024);
	CHECK_EQ(pa.gid_tbl_len, 2);
	CHECK_EQ(pa.link_layer, IBV_LINK_LAYER_ETHERNET);
	CHECK_EQ(pa.lid, 0);
	CHECK_EQ(pa.flags, 0);
	CHECK_EQ(ibv_query_port(c, 2, &pa), EINVAL);

	v4_gid(&want, MOCK_PORT_IPV4);
	CHECK_EQ(ibv_query_gid(c, 1, 0, &gid), 0);
	CHECK(memcmp(&gid, &want, sizeof(gid)) == 0);
	memset(&want, 0, sizeof(want));
	CHECK_EQ(ibv_query_gid(c, 1, 1, &gid), 0);
	CHECK(memcmp(&gid, &want, sizeof(gid)) == 0);
	errno = 0;
	CHECK_EQ(ibv_query_gid(c, 1, 2, &gid), (unsigned long long)-1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(ibv_query_pkey(c, 1, 0, &pkey), 0);
	CHECK_EQ(pkey, htobe16(0xFFFF));
	CHECK(strcmp(ibv_wc_status_str(IBV_WC_SUCCESS), "success") == 0);
	CHECK(strcmp(ibv_wc_status_str((enum ibv_wc_status)999), "unknown") == 0);

	CHECK_EQ(ibv_close_device(c), 0);
	CHECK_EQ(mock_closed_uctx_live, 0); /* FREE_UCTX was sent */
	remove_sim_dir(one_dev);
}

/* A process opens a device once: a second ibv_open_device of it returns
 * the same context (one connection, one user context), ibv_close_device
 * closes it at the last close; another device is another context. */
static void test_open_twice_shares_the_context(void)
{
	struct ibv_context *c, *c2, *d;
	struct ibv_pd *pd;
	int opens;

	make_sim_dir(two_devs);
	opens = mock_opens;
	c = open_ctx_n(0);
	c2 = open_ctx_n(0);
	CHECK(c == c2);
	CHECK_EQ(mock_opens, opens + 1);
	CHECK_EQ(mock_of(c)->uctx_live, 1);
	d = open_ctx_n(1);
	CHECK(d != c);
	CHECK_EQ(mock_opens, opens + 2);
	/* the first close leaves it open: still answers commands */
	CHECK_EQ(ibv_close_device(c2), 0);
	pd = ibv_alloc_pd(c);
	CHECK(pd != NULL);
	if (pd)
		CHECK_EQ(ibv_dealloc_pd(pd), 0);
	/* ibv_get_device_guid of an open device works through it */
	{
		struct ibv_device **l = ibv_get_device_list(NULL);

		CHECK(l && memcmp((__be64[]){ibv_get_device_guid(l[0])}, guid_bytes, 8) == 0);
		CHECK_EQ(mock_opens, opens + 2);
		ibv_free_device_list(l);
	}
	CHECK_EQ(ibv_close_device(c), 0);
	CHECK_EQ(mock_closed_uctx_live, 0); /* the last close sent FREE_UCTX */
	/* and a new open after the last close connects afresh */
	c = open_ctx_n(0);
	CHECK_EQ(mock_opens, opens + 3);
	CHECK_EQ(ibv_close_device(c), 0);
	CHECK_EQ(ibv_close_device(d), 0);
	remove_sim_dir(two_devs);
}

/* ------------------------------------------------------------------ */
/* control path                                                        */

static void test_reg_mr_maps_and_registers(void)
{
	struct fx f;
	struct ibv_mr *mr;
	uint8_t stack_buf[300];
	uint32_t *in;

	make_sim_dir(one_dev);
	fx_open(&f);
	in = f.m->last_in;
	mr = ibv_reg_mr(f.pd, f.buf + 100, 5000,
			IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ);
	CHECK(mr != NULL);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_REG_MR);
	CHECK_EQ(rnic_cmd_in_get_uctx(in), MOCK_FIRST_UCTX);
	CHECK_EQ(rnic_cmd_reg_mr_in_get_pdn(in), ((struct rnic_pd *)f.pd)->pdn);
	CHECK_EQ(rnic_cmd_reg_mr_in_get_access(in),
		 RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE | RNIC_ACCESS_REMOTE_READ);
	CHECK_EQ(rnic_cmd_reg_mr_in_get_start(in), (uintptr_t)(f.buf + 100));
	CHECK_EQ(rnic_cmd_reg_mr_in_get_length(in), 5000);
	CHECK_EQ(rnic_cmd_reg_mr_in_get_iova(in), (uintptr_t)(f.buf + 100) + MOCK_IOVA_OFFSET);
	if (mr) {
		CHECK_EQ(mr->lkey, 2u << RNIC_KEY_TAG_BITS | MOCK_KEY_TAG);
		CHECK_EQ(mr->rkey, mr->lkey);
		CHECK(mr->addr == f.buf + 100);
		CHECK_EQ(mr->length, 5000);
		CHECK_EQ(ibv_dereg_mr(mr), 0);
		CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_DEREG_MR);
		CHECK_EQ(rnic_cmd_in_get_handle(in), 2u << RNIC_KEY_TAG_BITS | MOCK_KEY_TAG);
	}
	/* ibv_reg_mr_iova2: the MR is addressed by the caller's iova */
	mr = ibv_reg_mr_iova2(f.pd, stack_buf, sizeof(stack_buf), 0x7000, IBV_ACCESS_LOCAL_WRITE);
	CHECK(mr != NULL);
	CHECK_EQ(rnic_cmd_reg_mr_in_get_start(in), 0x7000);
	CHECK_EQ(rnic_cmd_reg_mr_in_get_iova(in), (uintptr_t)stack_buf + MOCK_IOVA_OFFSET);
	if (mr)
		CHECK_EQ(ibv_dereg_mr(mr), 0);
	/* ibv_reg_mr(3): remote write needs local write -> EINVAL */
	errno = 0;
	CHECK(ibv_reg_mr(f.pd, f.buf, 64, IBV_ACCESS_REMOTE_WRITE) == NULL);
	CHECK_EQ(errno, EINVAL);
	errno = 0;
	CHECK(ibv_reg_mr(f.pd, f.buf, 64, IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_ON_DEMAND) == NULL);
	CHECK_EQ(errno, EINVAL);
	/* optional-range access flags are dropped, not refused */
	mr = ibv_reg_mr(f.pd, f.buf, 64, IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_RELAXED_ORDERING);
	CHECK(mr != NULL);
	CHECK_EQ(rnic_cmd_reg_mr_in_get_access(in), RNIC_ACCESS_LOCAL_WRITE);
	if (mr)
		CHECK_EQ(ibv_dereg_mr(mr), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

static void test_create_cq_and_qp_report_sizes(void)
{
	struct fx f;
	struct ibv_cq *cq;
	struct ibv_qp_init_attr a;
	struct ibv_qp *qp;
	struct rnic_qp *rq;
	struct mock_cq *mc;
	uint32_t *c;

	make_sim_dir(one_dev);
	fx_open(&f);
	cq = ibv_create_cq(f.ctx, 3, (void *)0x1234, NULL, 1);
	CHECK(cq != NULL);
	if (cq) {
		mc = &f.m->cq[cq->handle];
		CHECK_EQ(cq->cqe, 4); /* ring of 8, half reported */
		CHECK(cq->cq_context == (void *)0x1234);
		CHECK_EQ(mc->log_size, 3);
		CHECK_EQ(mc->vector, 3); /* completion vectors start at 2 */
		CHECK_EQ(mc->base, (uintptr_t)((struct rnic_cq *)cq)->ring + MOCK_IOVA_OFFSET);
		CHECK_EQ((mc->base - MOCK_IOVA_OFFSET) % 4096, 0);
		CHECK_EQ(ibv_destroy_cq(cq), 0);
	}
	errno = 0;
	CHECK(ibv_create_cq(f.ctx, 0, NULL, NULL, 0) == NULL);
	CHECK_EQ(errno, EINVAL);
	errno = 0;
	CHECK(ibv_create_cq(f.ctx, 4, NULL, NULL, 99) == NULL);
	CHECK_EQ(errno, EINVAL);

	memset(&a, 0, sizeof(a));
	a.send_cq = f.scq;
	a.recv_cq = f.rcq;
	a.qp_type = IBV_QPT_RC;
	a.cap.max_send_wr = 5;
	a.cap.max_recv_wr = 3;
	a.cap.max_send_sge = 3;
	a.cap.max_recv_sge = 2;
	a.cap.max_inline_data = 100;
	qp = ibv_create_qp(f.pd, &a);
	CHECK(qp != NULL);
	if (qp) {
		rq = (struct rnic_qp *)qp;
		c = f.m->qp[qp->qp_num].create;
		CHECK_EQ(qp->qp_num, MOCK_FIRST_QPN);
		CHECK_EQ(qp->state, IBV_QPS_RESET);
		/* send stride 64 + max(3*16, 100) -> 256; receive 16 + 2*16 -> 64 */
		CHECK_EQ(a.cap.max_send_wr, 8);
		CHECK_EQ(a.cap.max_recv_wr, 4);
		CHECK_EQ(a.cap.max_send_sge, 12);
		CHECK_EQ(a.cap.max_recv_sge, 3);
		CHECK_EQ(a.cap.max_inline_data, 192);
		CHECK_EQ(rnic_cmd_create_qp_in_get_type(c), RNIC_QP_TYPE_RC);
		CHECK_EQ(rnic_cmd_create_qp_in_get_sq_sig_all(c), 0);
		CHECK_EQ(rnic_cmd_create_qp_in_get_srq_en(c), 0);
		CHECK_EQ(rnic_cmd_create_qp_in_get_pdn(c), ((struct rnic_pd *)f.pd)->pdn);
		CHECK_EQ(rnic_cmd_create_qp_in_get_send_cqn(c), f.scq->handle);
		CHECK_EQ(rnic_cmd_create_qp_in_get_recv_cqn(c), f.rcq->handle);
		CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_size(c), 3);
		CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_stride(c), 8);
		CHECK_EQ(rnic_cmd_create_qp_in_get_log_rq_size(c), 2);
		CHECK_EQ(rnic_cmd_create_qp_in_get_log_rq_stride(c), 6);
		CHECK_EQ(rnic_cmd_create_qp_in_get_sq_base(c), (uintptr_t)rq->sq.buf + MOCK_IOVA_OFFSET);
		CHECK_EQ(rnic_cmd_create_qp_in_get_rq_base(c), (uintptr_t)rq->rq.buf + MOCK_IOVA_OFFSET);
		CHECK_EQ(ibv_destroy_qp(qp), 0);
		CHECK_EQ(f.m->qp[MOCK_FIRST_QPN].valid, 0);
	}
	a.cap.max_send_sge = RNIC_MAX_SEND_SGE + 1;
	errno = 0;
	CHECK(ibv_create_qp(f.pd, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	a.cap.max_send_sge = 1;
	a.cap.max_inline_data = RNIC_MAX_INLINE + 1;
	errno = 0;
	CHECK(ibv_create_qp(f.pd, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

static void test_modify_qp_resolves_roce_address(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_qp_attr qa;
	struct ibv_qp_init_attr qi;
	uint32_t *in;

	make_sim_dir(one_dev);
	fx_open(&f);
	in = f.m->last_in;
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 8, 8, 1, 1, 0, 0);
	CHECK_EQ(qp_to_init(qp), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(in), RNIC_QP_STATE_INIT);
	CHECK_EQ(rnic_cmd_qp_attr_get_access(in), RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE);
	CHECK_EQ(rnic_cmd_qp_attr_get_port_num(in), 1);
	CHECK_EQ(qp_to_rtr(qp, 0x42, 0xC0A80107), 0); /* 192.168.1.7 */
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_MODIFY_QP);
	CHECK_EQ(rnic_cmd_in_get_handle(in), qp->qp_num);
	CHECK_EQ(rnic_cmd_qp_attr_get_attr_mask(in),
		 IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
			 IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(in), RNIC_QP_STATE_RTR);
	/* MAC 02:00:c0:a8:01:07 from 192.168.1.7 */
	CHECK_EQ(rnic_cmd_qp_attr_get_dmac_lo(in), 0xC0A80107);
	CHECK_EQ(rnic_cmd_qp_attr_get_dmac_hi(in), 0x0200);
	CHECK_EQ(rnic_cmd_qp_attr_get_dgid_hi(in), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_dgid_lo(in), 0x0701A8C0FFFF0000ull);
	CHECK_EQ(rnic_cmd_qp_attr_get_dest_qpn(in), 0x42);
	CHECK_EQ(rnic_cmd_qp_attr_get_path_mtu(in), RNIC_MTU_1024);
	CHECK_EQ(rnic_cmd_qp_attr_get_rq_psn(in), 0x123456);
	CHECK_EQ(rnic_cmd_qp_attr_get_max_dest_rd_atomic(in), 4);
	CHECK_EQ(rnic_cmd_qp_attr_get_min_rnr_timer(in), 12);
	CHECK_EQ(rnic_cmd_qp_attr_get_hop_limit(in), 64);
	CHECK_EQ(rnic_cmd_qp_attr_get_traffic_class(in), 0x20);
	CHECK_EQ(rnic_cmd_qp_attr_get_flow_label(in), 0xABCDE);
	CHECK_EQ(rnic_cmd_qp_attr_get_sl(in), 3);
	CHECK_EQ(rnic_cmd_qp_attr_get_is_global(in), 1);
	CHECK_EQ(qp_to_rts(qp), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_sq_psn(in), 0x654321);
	CHECK_EQ(rnic_cmd_qp_attr_get_timeout(in), 14);
	CHECK_EQ(rnic_cmd_qp_attr_get_retry_cnt(in), 7);
	CHECK_EQ(rnic_cmd_qp_attr_get_rnr_retry(in), 7);
	CHECK_EQ(rnic_cmd_qp_attr_get_max_rd_atomic(in), 4);
	CHECK_EQ(qp->state, IBV_QPS_RTS);

	CHECK_EQ(ibv_query_qp(qp, &qa, IBV_QP_STATE, &qi), 0);
	CHECK_EQ(qa.qp_state, IBV_QPS_RTS);
	CHECK_EQ(qa.sq_psn, 0x654321);
	CHECK_EQ(qi.cap.max_send_wr, 8);
	CHECK(qi.send_cq == f.scq);

	/* a destination GID that is not IPv4-mapped cannot be reached */
	memset(&qa, 0, sizeof(qa));
	qa.ah_attr.is_global = 1;
	qa.ah_attr.grh.dgid.raw[0] = 0xfe;
	qa.ah_attr.grh.dgid.raw[1] = 0x80;
	CHECK_EQ(ibv_modify_qp(qp, &qa, IBV_QP_AV), EINVAL);
	CHECK_EQ(ibv_modify_qp(qp, &qa, IBV_QP_ALT_PATH), EINVAL);
	CHECK_EQ(ibv_destroy_qp(qp), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* post_send: WQE bytes                                                */

static void check_ctrl(const uint32_t *w, uint32_t op, uint32_t flags, uint32_t nsge, uint32_t idx,
		       uint32_t imm, uint32_t len)
{
	uint32_t i;

	CHECK_EQ(w[0], rnic_send_wqe_opcode(op) | rnic_send_wqe_flags(flags) |
			       rnic_send_wqe_num_sge(nsge));
	CHECK_EQ(rnic_send_wqe_get_opcode(w), op);
	CHECK_EQ(rnic_send_wqe_get_flags(w), flags);
	CHECK_EQ(rnic_send_wqe_get_num_sge(w), nsge);
	CHECK_EQ(w[1], idx);
	CHECK_EQ(rnic_send_wqe_get_imm(w), imm);
	CHECK_EQ(rnic_send_wqe_get_length(w), len);
	(void)i;
}

static void check_zero_words(const uint32_t *w, unsigned from, unsigned to)
{
	unsigned i;

	for (i = from; i < to; i++)
		if (w[i] != 0) {
			fprintf(stderr, "FAIL: word %u = 0x%x, expected 0\n", i, w[i]);
			failures++;
		}
}

static void check_sge(const uint32_t *ds, const struct ibv_sge *s)
{
	CHECK_EQ(ds[0], (uint32_t)s->addr);
	CHECK_EQ(ds[1], (uint32_t)(s->addr >> 32));
	CHECK_EQ(rnic_data_seg_get_addr(ds), s->addr);
	CHECK_EQ(rnic_data_seg_get_length(ds), s->length);
	CHECK_EQ(rnic_data_seg_get_lkey(ds), s->lkey);
}

static void test_send_wqe_bytes(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_send_wr wr[4], *bad = NULL;
	struct ibv_sge sge[10];
	uint32_t db0, *w, i, qpn;
	__be32 imm = htobe32(0xA1B2C3D4);
	uint32_t imm_word;

	memcpy(&imm_word, &imm, sizeof(imm_word)); /* the WR's four bytes */

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 16, 16, 4, 4, 64, 0);
	qpn = qp->qp_num;
	CHECK_EQ(qp_up(qp, 0x99), 0);
	for (i = 0; i < 10; i++) {
		sge[i].addr = (uintptr_t)f.buf + 1000 * i + 0x123456789ull * (i == 3);
		sge[i].length = 100 + i;
		sge[i].lkey = f.mr->lkey + i;
	}

	/* one SEND, one SGE, unsignaled */
	memset(wr, 0, sizeof(wr));
	wr[0].wr_id = 0x1111;
	wr[0].opcode = IBV_WR_SEND;
	wr[0].sg_list = sge;
	wr[0].num_sge = 1;
	db0 = f.m->db_count;
	CHECK_EQ(ibv_post_send(qp, wr, &bad), 0);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_off[db0], db_sq_off());
	CHECK_EQ(f.m->db_val[db0], rnic_db_sq_qpn(qpn) | rnic_db_sq_pi(1));
	w = mock_sq_wqe(f.m, qpn, 0);
	check_ctrl(w, RNIC_WQE_OP_SEND, 0, 1, 0, 0, 100);
	check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
	check_sge(w + RNIC_SEND_WQE_WORDS, &sge[0]);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.wrid[0], 0x1111);

	/* a list: SEND_WITH_IMM 2 SGEs signaled+solicited, SEND 3 SGEs,
	 * SEND 4 SGEs fenced -- one doorbell for the batch */
	memset(wr, 0, sizeof(wr));
	wr[0].wr_id = 0x2222;
	wr[0].opcode = IBV_WR_SEND_WITH_IMM;
	wr[0].imm_data = imm;
	wr[0].send_flags = IBV_SEND_SIGNALED | IBV_SEND_SOLICITED;
	wr[0].sg_list = &sge[1];
	wr[0].num_sge = 2;
	wr[0].next = &wr[1];
	wr[1].wr_id = 0x3333;
	wr[1].opcode = IBV_WR_SEND;
	wr[1].sg_list = &sge[3];
	wr[1].num_sge = 3;
	wr[1].next = &wr[2];
	wr[2].wr_id = 0x4444;
	wr[2].opcode = IBV_WR_SEND;
	wr[2].send_flags = IBV_SEND_FENCE;
	wr[2].sg_list = &sge[6];
	wr[2].num_sge = 4;
	db0 = f.m->db_count;
	CHECK_EQ(ibv_post_send(qp, wr, &bad), 0);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_val[db0], rnic_db_sq_qpn(qpn) | rnic_db_sq_pi(4));

	w = mock_sq_wqe(f.m, qpn, 1);
	check_ctrl(w, RNIC_WQE_OP_SEND_IMM, RNIC_WQE_FLAG_SIGNALED | RNIC_WQE_FLAG_SOLICITED, 2, 1,
		   imm_word, 101 + 102);
	CHECK(memcmp(&w[RNIC_SEND_WQE_IMM_DW], &imm, 4) == 0); /* bytes as in the WR */
	check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
	for (i = 0; i < 2; i++)
		check_sge(w + RNIC_SEND_WQE_WORDS + 4 * i, &sge[1 + i]);

	w = mock_sq_wqe(f.m, qpn, 2);
	check_ctrl(w, RNIC_WQE_OP_SEND, 0, 3, 2, 0, 103 + 104 + 105);
	for (i = 0; i < 3; i++)
		check_sge(w + RNIC_SEND_WQE_WORDS + 4 * i, &sge[3 + i]);
	CHECK_EQ(rnic_data_seg_get_addr(w + RNIC_SEND_WQE_WORDS), sge[3].addr);
	CHECK(sge[3].addr >> 32 != 0); /* the high word is really exercised */

	w = mock_sq_wqe(f.m, qpn, 3);
	check_ctrl(w, RNIC_WQE_OP_SEND, RNIC_WQE_FLAG_FENCE, 4, 3, 0, 106 + 107 + 108 + 109);
	for (i = 0; i < 4; i++)
		check_sge(w + RNIC_SEND_WQE_WORDS + 4 * i, &sge[6 + i]);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.wrid[3], 0x4444);

	/* inline: the bytes of two SGEs follow the control segment */
	{
		uint8_t a[10], b[20], want[30];
		struct ibv_sge is[2] = {{(uintptr_t)a, 10, 0xBAD}, {(uintptr_t)b, 20, 0xBAD}};

		for (i = 0; i < 10; i++)
			a[i] = (uint8_t)(0x10 + i);
		for (i = 0; i < 20; i++)
			b[i] = (uint8_t)(0x80 + i);
		memcpy(want, a, 10);
		memcpy(want + 10, b, 20);
		memset(wr, 0, sizeof(wr));
		wr[0].wr_id = 0x5555;
		wr[0].opcode = IBV_WR_SEND;
		wr[0].send_flags = IBV_SEND_INLINE | IBV_SEND_SIGNALED;
		wr[0].sg_list = is;
		wr[0].num_sge = 2;
		CHECK_EQ(ibv_post_send(qp, wr, &bad), 0);
		memset(a, 0, sizeof(a)); /* ibv_post_send(3): reusable at once */
		w = mock_sq_wqe(f.m, qpn, 4);
		check_ctrl(w, RNIC_WQE_OP_SEND, RNIC_WQE_FLAG_SIGNALED | RNIC_WQE_FLAG_INLINE, 0, 4,
			   0, 30);
		check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
		CHECK(memcmp(w + RNIC_SEND_WQE_WORDS, want, 30) == 0);
	}

	/* RDMA WRITE with imm, READ and atomics carry their remote fields */
	memset(wr, 0, sizeof(wr));
	wr[0].opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
	wr[0].imm_data = imm;
	wr[0].sg_list = sge;
	wr[0].num_sge = 1;
	wr[0].wr.rdma.remote_addr = 0x1122334455667788ull;
	wr[0].wr.rdma.rkey = 0xCAFE;
	wr[0].next = &wr[1];
	wr[1].opcode = IBV_WR_ATOMIC_CMP_AND_SWP;
	wr[1].sg_list = sge;
	wr[1].num_sge = 1;
	wr[1].wr.atomic.remote_addr = 0x8000;
	wr[1].wr.atomic.rkey = 0xBEEF;
	wr[1].wr.atomic.compare_add = 0x0102030405060708ull;
	wr[1].wr.atomic.swap = 0x1112131415161718ull;
	wr[1].next = &wr[2];
	wr[2].opcode = IBV_WR_SEND_WITH_INV;
	wr[2].invalidate_rkey = 0x1234AB;
	CHECK_EQ(ibv_post_send(qp, wr, &bad), 0);
	w = mock_sq_wqe(f.m, qpn, 5);
	check_ctrl(w, RNIC_WQE_OP_RDMA_WRITE_IMM, 0, 1, 5, imm_word, 100);
	CHECK(memcmp(&w[RNIC_SEND_WQE_IMM_DW], &imm, 4) == 0);
	CHECK_EQ(rnic_send_wqe_get_remote_addr(w), 0x1122334455667788ull);
	CHECK_EQ(rnic_send_wqe_get_rkey(w), 0xCAFE);
	w = mock_sq_wqe(f.m, qpn, 6);
	check_ctrl(w, RNIC_WQE_OP_ATOMIC_CS, 0, 1, 6, 0, 100);
	CHECK_EQ(rnic_send_wqe_get_remote_addr(w), 0x8000);
	CHECK_EQ(rnic_send_wqe_get_rkey(w), 0xBEEF);
	CHECK_EQ(rnic_send_wqe_get_compare_add(w), 0x0102030405060708ull);
	CHECK_EQ(rnic_send_wqe_get_swap(w), 0x1112131415161718ull);
	w = mock_sq_wqe(f.m, qpn, 7);
	check_ctrl(w, RNIC_WQE_OP_SEND_INV, 0, 0, 7, 0x1234AB, 0);
	CHECK_EQ(ibv_destroy_qp(qp), 0);

	/* sq_sig_all: every WQE is signaled */
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 4, 1, 1, 0, 1);
	CHECK_EQ(qp_up(qp, 0x99), 0);
	memset(wr, 0, sizeof(wr));
	wr[0].opcode = IBV_WR_SEND;
	CHECK_EQ(ibv_post_send(qp, wr, &bad), 0);
	w = mock_sq_wqe(f.m, qp->qp_num, 0);
	check_ctrl(w, RNIC_WQE_OP_SEND, RNIC_WQE_FLAG_SIGNALED, 0, 0, 0, 0);
	CHECK_EQ(ibv_destroy_qp(qp), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* post_send: errors                                                   */

/* Post [good, bad]: the call fails with `want`, bad_wr is the second WR
 * and the first was posted and doorbelled. */
static void expect_second_fails(struct mock_dev *m, struct ibv_qp *qp, struct ibv_send_wr *badwr,
				int want)
{
	struct ibv_send_wr good, *bad = NULL;
	uint32_t db0 = m->db_count, pi0 = ((struct rnic_qp *)qp)->sq.pi;

	memset(&good, 0, sizeof(good));
	good.wr_id = 77;
	good.opcode = IBV_WR_SEND;
	good.wr.ud = badwr->wr.ud;   /* a UD WR needs its address handle */
	good.next = badwr;
	CHECK_EQ(ibv_post_send(qp, &good, &bad), want);
	CHECK(bad == badwr);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.pi, pi0 + 1);
	CHECK_EQ(m->db_count, db0 + 1);
	CHECK_EQ(m->db_val[db0], rnic_db_sq_qpn(qp->qp_num) | rnic_db_sq_pi(pi0 + 1));
}

static void test_post_send_errors(void)
{
	struct fx f;
	struct ibv_qp *rc, *uc, *ud, *q;
	struct ibv_ah *ah;
	struct ibv_send_wr w, wl[5], *bad;
	struct ibv_sge sge[13];
	uint32_t i, db0;
	int op;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	rc = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 64, 4, 12, 1, 100, 0);
	uc = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_UC, 64, 4, 1, 1, 0, 0);
	ud = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_UD, 64, 4, 1, 1, 0, 0);
	CHECK_EQ(qp_up(rc, 1), 0);
	CHECK_EQ(qp_up(uc, 1), 0);
	CHECK_EQ(qp_up(ud, 1), 0);
	memset(sge, 0, sizeof(sge));
	for (i = 0; i < 13; i++) {
		sge[i].addr = (uintptr_t)f.buf;
		sge[i].length = 16;
		sge[i].lkey = f.mr->lkey;
	}

	/* ibv_post_send(3) opcode table: what each QP type refuses */
	memset(&w, 0, sizeof(w));
	w.opcode = IBV_WR_TSO;
	expect_second_fails(f.m, rc, &w, EINVAL);
	w.opcode = IBV_WR_DRIVER1;
	expect_second_fails(f.m, rc, &w, EINVAL);
	w.opcode = IBV_WR_ATOMIC_WRITE;
	expect_second_fails(f.m, rc, &w, EINVAL);
	w.opcode = (enum ibv_wr_opcode)1000;
	expect_second_fails(f.m, rc, &w, EINVAL);
	for (op = IBV_WR_RDMA_READ; op <= IBV_WR_ATOMIC_FETCH_AND_ADD; op++) {
		w.opcode = (enum ibv_wr_opcode)op;
		expect_second_fails(f.m, uc, &w, EINVAL);
	}
	w.opcode = IBV_WR_TSO;
	expect_second_fails(f.m, uc, &w, EINVAL);
	{
		struct ibv_ah_attr aa = {.is_global = 1, .port_num = 1,
					 .grh = {.dgid.raw = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 2},
						 .hop_limit = 64}};

		ah = ibv_create_ah(f.pd, &aa);
		CHECK(ah != NULL);
		aa.grh.dgid.raw[10] = 0;   /* not an IPv4-mapped GID: no RoCEv2 address */
		CHECK(ibv_create_ah(f.pd, &aa) == NULL && errno == EINVAL);
	}
	/* a UD send without an address handle */
	w.opcode = IBV_WR_SEND;
	w.wr.ud.ah = NULL;
	{
		struct ibv_send_wr *b = NULL;

		CHECK_EQ(ibv_post_send(ud, &w, &b), EINVAL);
		CHECK(b == &w);
	}
	w.wr.ud.ah = ah;
	for (op = IBV_WR_RDMA_WRITE; op <= IBV_WR_SEND_WITH_INV; op++) {
		if (op == IBV_WR_SEND || op == IBV_WR_SEND_WITH_IMM)
			continue;
		w.opcode = (enum ibv_wr_opcode)op;
		expect_second_fails(f.m, ud, &w, EINVAL);
	}
	/* and what they accept (a BIND_MW needs its window and region) */
	for (op = IBV_WR_RDMA_WRITE; op <= IBV_WR_SEND_WITH_INV; op++) {
		if (op == IBV_WR_BIND_MW)
			continue;
		w.opcode = (enum ibv_wr_opcode)op;
		w.next = NULL;
		CHECK_EQ(ibv_post_send(rc, &w, &bad), 0);
	}
	w.opcode = IBV_WR_BIND_MW;
	w.bind_mw.mw = NULL;
	expect_second_fails(f.m, rc, &w, EINVAL);
	w.opcode = IBV_WR_SEND_WITH_IMM;
	w.wr.ud.ah = ah;
	CHECK_EQ(ibv_post_send(ud, &w, &bad), 0);
	w.opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
	CHECK_EQ(ibv_post_send(uc, &w, &bad), 0);

	/* more SGEs than max_send_sge (12 reported for this QP) */
	memset(&w, 0, sizeof(w));
	w.opcode = IBV_WR_SEND;
	w.sg_list = sge;
	w.num_sge = 12;
	CHECK_EQ(ibv_post_send(rc, &w, &bad), 0);
	w.num_sge = 13;
	expect_second_fails(f.m, rc, &w, EINVAL);
	w.num_sge = -1;
	expect_second_fails(f.m, rc, &w, EINVAL);

	/* inline longer than max_inline_data (192 reported) */
	{
		static uint8_t big[256];
		struct ibv_sge is = {(uintptr_t)big, 192, 0};

		w.sg_list = &is;
		w.num_sge = 1;
		w.send_flags = IBV_SEND_INLINE;
		CHECK_EQ(ibv_post_send(rc, &w, &bad), 0);
		is.length = 193;
		expect_second_fails(f.m, rc, &w, EINVAL);
		/* inline is for Send and RDMA Write only */
		is.length = 8;
		w.opcode = IBV_WR_RDMA_READ;
		expect_second_fails(f.m, rc, &w, EINVAL);
	}

	/* the send queue takes no WR before RTS: nothing posted, no doorbell */
	q = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 4, 1, 1, 0, 0);
	memset(wl, 0, sizeof(wl));
	wl[0].opcode = IBV_WR_SEND;
	wl[0].next = &wl[1];
	wl[1].opcode = IBV_WR_SEND;
	db0 = f.m->db_count;
	bad = NULL;
	CHECK_EQ(ibv_post_send(q, wl, &bad), EINVAL); /* RESET */
	CHECK(bad == &wl[0]);
	CHECK_EQ(qp_to_init(q), 0);
	bad = NULL;
	CHECK_EQ(ibv_post_send(q, wl, &bad), EINVAL); /* INIT */
	CHECK(bad == &wl[0]);
	CHECK_EQ(qp_to_rtr(q, 1, 0x0A000002), 0);
	bad = NULL;
	CHECK_EQ(ibv_post_send(q, wl, &bad), EINVAL); /* RTR */
	CHECK(bad == &wl[0]);
	CHECK_EQ(f.m->db_count, db0);
	CHECK_EQ(qp_to_rts(q), 0);

	/* a full queue: 4 slots, the fifth WR gets ENOMEM, four are posted */
	for (i = 0; i < 5; i++) {
		wl[i].wr_id = 500 + i;
		wl[i].opcode = IBV_WR_SEND;
		wl[i].next = i < 4 ? &wl[i + 1] : NULL;
	}
	bad = NULL;
	db0 = f.m->db_count;
	CHECK_EQ(ibv_post_send(q, wl, &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_val[db0], rnic_db_sq_qpn(q->qp_num) | rnic_db_sq_pi(4));
	for (i = 0; i < 4; i++)
		CHECK_EQ(((struct rnic_qp *)q)->sq.wrid[i], 500 + i);
	bad = NULL;
	CHECK_EQ(ibv_post_send(q, &wl[4], &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	CHECK_EQ(f.m->db_count, db0 + 1);

	CHECK_EQ(ibv_destroy_qp(q), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* post_recv                                                           */

static void test_post_recv(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_recv_wr wl[6], *bad;
	struct ibv_sge sge[4];
	uint32_t *w, i, db0;
	uint64_t rq_db = RNIC_DB_PAGE_BASE + (uint64_t)MOCK_FIRST_UCTX * RNIC_DB_PAGE_SIZE +
			 RNIC_DB_RQ;

	make_sim_dir(one_dev);
	fx_open(&f);
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 4, 1, 2, 0, 0);
	for (i = 0; i < 4; i++) {
		sge[i].addr = (uintptr_t)f.buf + 64 * i;
		sge[i].length = 32 + i;
		sge[i].lkey = f.mr->lkey;
	}
	memset(wl, 0, sizeof(wl));
	for (i = 0; i < 6; i++) {
		wl[i].wr_id = 900 + i;
		wl[i].sg_list = sge;
		wl[i].num_sge = 2;
		wl[i].next = i < 5 ? &wl[i + 1] : NULL;
	}
	/* RESET: the receive queue takes work from INIT on */
	bad = NULL;
	CHECK_EQ(ibv_post_recv(qp, wl, &bad), EINVAL);
	CHECK(bad == &wl[0]);
	CHECK_EQ(qp_to_init(qp), 0);

	/* three per stride of 64: 16 + 3*16 -> three SGEs fit; four do not */
	wl[1].num_sge = 3;
	wl[2].num_sge = 4;
	db0 = f.m->db_count;
	bad = NULL;
	CHECK_EQ(ibv_post_recv(qp, wl, &bad), EINVAL);
	CHECK(bad == &wl[2]);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_off[db0], rq_db);
	CHECK_EQ(f.m->db_val[db0], rnic_db_rq_qpn(qp->qp_num) | rnic_db_rq_pi(2));
	w = mock_rq_wqe(f.m, qp->qp_num, 0);
	CHECK_EQ(w[0], rnic_recv_wqe_num_sge(2));
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(w), 0);
	CHECK_EQ(rnic_recv_wqe_get_length(w), 32 + 33);
	CHECK_EQ(w[3], 0);
	check_sge(w + RNIC_RECV_WQE_WORDS, &sge[0]);
	check_sge(w + RNIC_RECV_WQE_WORDS + 4, &sge[1]);
	w = mock_rq_wqe(f.m, qp->qp_num, 1);
	CHECK_EQ(rnic_recv_wqe_get_num_sge(w), 3);
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(w), 1);
	CHECK_EQ(rnic_recv_wqe_get_length(w), 32 + 33 + 34);
	check_sge(w + RNIC_RECV_WQE_WORDS + 8, &sge[2]);

	/* full: 4 slots, 2 used */
	wl[2].num_sge = 1;
	bad = NULL;
	CHECK_EQ(ibv_post_recv(qp, &wl[2], &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	CHECK_EQ(((struct rnic_qp *)qp)->rq.wrid[3], 903);
	w = mock_rq_wqe(f.m, qp->qp_num, 3);
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(w), 3);

	/* ibv_post_recv(3): a QP without a receive queue of its own (on an
	 * SRQ, or an XRC QP) takes no receive WR */
	{
		uint8_t *ring = ((struct rnic_qp *)qp)->rq.buf;

		((struct rnic_qp *)qp)->rq.buf = NULL;
		bad = NULL;
		CHECK_EQ(ibv_post_recv(qp, &wl[5], &bad), EINVAL);
		CHECK(bad == &wl[5]);
		((struct rnic_qp *)qp)->rq.buf = ring;
	}
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* poll_cq                                                             */

static void test_poll_cq_fills_every_field(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_recv_wr rw[3], *rbad;
	struct ibv_send_wr sw, *sbad;
	struct ibv_wc wc[4];
	uint32_t e[RNIC_CQE_WORDS], st;
	int i;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 32, 4, 1, 1, 0, 0);
	CHECK_EQ(qp_up(qp, 5), 0);
	memset(rw, 0, sizeof(rw));
	for (i = 0; i < 3; i++) {
		rw[i].wr_id = 0x1000 + (uint64_t)i;
		rw[i].next = i < 2 ? &rw[i + 1] : NULL;
	}
	CHECK_EQ(ibv_post_recv(qp, rw, &rbad), 0);

	memset(e, 0, sizeof(e));
	rnic_cqe_set_wqe_index(e, 0);
	rnic_cqe_set_opcode(e, RNIC_CQE_OP_RESP_RECV);
	rnic_cqe_set_status(e, RNIC_WC_STATUS_SUCCESS);
	rnic_cqe_set_qpn(e, qp->qp_num);
	rnic_cqe_set_flags(e, RNIC_CQE_FLAG_IMM | RNIC_CQE_FLAG_GRH);
	rnic_cqe_set_byte_len(e, 4242);
	rnic_cqe_set_imm(e, 0x44332211);
	rnic_cqe_set_src_qp(e, 0xABCDEF);
	rnic_cqe_set_pkey_index(e, 0x1234);
	rnic_cqe_set_slid(e, 0x5678);
	rnic_cqe_set_sl(e, 0xA);
	rnic_cqe_set_dlid_path_bits(e, 0x55);
	rnic_cqe_set_vendor_err(e, 0xBEEF);
	CHECK_EQ(mock_cq_push(f.m, f.rcq->handle, e), 0);
	memset(wc, 0xEE, sizeof(wc));
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 0x1000);
	CHECK_EQ(wc[0].status, IBV_WC_SUCCESS);
	CHECK_EQ(wc[0].opcode, IBV_WC_RECV);
	CHECK_EQ(wc[0].vendor_err, 0xBEEF);
	CHECK_EQ(wc[0].byte_len, 4242);
	CHECK_EQ(wc[0].imm_data, 0x44332211);
	CHECK_EQ(wc[0].qp_num, qp->qp_num);
	CHECK_EQ(wc[0].src_qp, 0xABCDEF);
	CHECK_EQ(wc[0].wc_flags, IBV_WC_WITH_IMM | IBV_WC_GRH);
	CHECK_EQ(wc[0].pkey_index, 0x1234);
	CHECK_EQ(wc[0].slid, 0x5678);
	CHECK_EQ(wc[0].sl, 0xA);
	CHECK_EQ(wc[0].dlid_path_bits, 0x55);
	CHECK_EQ(wc[1].wr_id, 0xEEEEEEEEEEEEEEEEull); /* nothing beyond the count */
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 0);

	/* RDMA WRITE with immediate on the responder; an invalidating SEND */
	memset(e, 0, sizeof(e));
	rnic_cqe_set_wqe_index(e, 1);
	rnic_cqe_set_opcode(e, RNIC_CQE_OP_RESP_RECV_IMM);
	rnic_cqe_set_qpn(e, qp->qp_num);
	rnic_cqe_set_flags(e, RNIC_CQE_FLAG_IMM);
	CHECK_EQ(mock_cq_push(f.m, f.rcq->handle, e), 0);
	rnic_cqe_set_wqe_index(e, 2);
	rnic_cqe_set_opcode(e, RNIC_CQE_OP_RESP_RECV);
	rnic_cqe_set_flags(e, RNIC_CQE_FLAG_INV);
	rnic_cqe_set_imm(e, htobe32(0x00ABCD01)); /* the IETH's bytes, as on the wire */
	CHECK_EQ(mock_cq_push(f.m, f.rcq->handle, e), 0);
	/* a CQE of a QP that does not exist is dropped */
	rnic_cqe_set_qpn(e, 200);
	CHECK_EQ(mock_cq_push(f.m, f.rcq->handle, e), 0);
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 2);
	CHECK_EQ(wc[0].wr_id, 0x1001);
	CHECK_EQ(wc[0].opcode, IBV_WC_RECV_RDMA_WITH_IMM);
	CHECK_EQ(wc[0].wc_flags, IBV_WC_WITH_IMM);
	CHECK_EQ(wc[1].wr_id, 0x1002);
	CHECK_EQ(wc[1].wc_flags, IBV_WC_WITH_INV);
	CHECK_EQ(wc[1].invalidated_rkey, 0x00ABCD01);
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 0);

	/* every status and requester opcode maps to its verbs value */
	for (st = 0; st <= RNIC_WC_STATUS_GENERAL_ERR; st++) {
		static const uint32_t ops[] = {
			RNIC_CQE_OP_REQ_SEND,      RNIC_CQE_OP_REQ_RDMA_WRITE,
			RNIC_CQE_OP_REQ_RDMA_READ, RNIC_CQE_OP_REQ_ATOMIC_CS,
			RNIC_CQE_OP_REQ_ATOMIC_FA, RNIC_CQE_OP_REQ_LOCAL_INV,
			RNIC_CQE_OP_REQ_BIND_MW,   RNIC_CQE_OP_REQ_TSO};
		static const enum ibv_wc_opcode want[] = {
			IBV_WC_SEND,      IBV_WC_RDMA_WRITE, IBV_WC_RDMA_READ, IBV_WC_COMP_SWAP,
			IBV_WC_FETCH_ADD, IBV_WC_LOCAL_INV,  IBV_WC_BIND_MW,   IBV_WC_TSO};
		uint32_t k = st % 8;

		memset(&sw, 0, sizeof(sw));
		sw.wr_id = 0x7000 + st;
		sw.opcode = IBV_WR_SEND;
		sw.send_flags = IBV_SEND_SIGNALED;
		CHECK_EQ(ibv_post_send(qp, &sw, &sbad), 0);
		memset(e, 0, sizeof(e));
		rnic_cqe_set_wqe_index(e, st);
		rnic_cqe_set_opcode(e, ops[k]);
		rnic_cqe_set_status(e, st);
		rnic_cqe_set_qpn(e, qp->qp_num);
		CHECK_EQ(mock_cq_push(f.m, f.scq->handle, e), 0);
		CHECK_EQ(ibv_poll_cq(f.scq, 1, wc), 1);
		CHECK_EQ(wc[0].wr_id, 0x7000 + st);
		CHECK_EQ(wc[0].status, st); /* IBA numbering on both sides */
		CHECK_EQ(wc[0].opcode, want[k]);
		CHECK_EQ(wc[0].wc_flags, 0);
	}
	fx_close(&f);
	remove_sim_dir(one_dev);
}

static void test_signaled_cqe_retires_unsignaled(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_send_wr wl[5], *bad;
	struct ibv_wc wc[2];
	uint32_t e[RNIC_CQE_WORDS];
	int i;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 1, 1, 1, 0, 0);
	CHECK_EQ(qp_up(qp, 5), 0);
	memset(wl, 0, sizeof(wl));
	for (i = 0; i < 5; i++) {
		wl[i].wr_id = 10 + (uint64_t)i;
		wl[i].opcode = IBV_WR_SEND;
		wl[i].send_flags = i == 3 ? IBV_SEND_SIGNALED : 0;
		wl[i].next = i < 4 ? &wl[i + 1] : NULL;
	}
	CHECK_EQ(ibv_post_send(qp, wl, &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	memset(e, 0, sizeof(e));
	rnic_cqe_set_wqe_index(e, 3);
	rnic_cqe_set_opcode(e, RNIC_CQE_OP_REQ_SEND);
	rnic_cqe_set_qpn(e, qp->qp_num);
	CHECK_EQ(mock_cq_push(f.m, f.scq->handle, e), 0);
	CHECK_EQ(ibv_poll_cq(f.scq, 2, wc), 1);
	CHECK_EQ(wc[0].wr_id, 13);
	CHECK_EQ(wc[0].opcode, IBV_WC_SEND);
	/* all four slots are free again */
	for (i = 0; i < 5; i++)
		wl[i].send_flags = 0;
	bad = NULL;
	CHECK_EQ(ibv_post_send(qp, wl, &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.pi, 8);
	CHECK_EQ(rnic_send_wqe_get_wqe_index(mock_sq_wqe(f.m, qp->qp_num, 7)), 7);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

static void test_owner_bit_wrap_and_cq_doorbell(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_cq *cq;
	struct ibv_send_wr sw, *bad;
	struct ibv_wc wc[8];
	uint32_t e[RNIC_CQE_WORDS], i, j, idx = 0;
	uint64_t cq_db;
	struct mock_cq *mc;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	cq = ibv_create_cq(f.ctx, 2, NULL, NULL, 0); /* ring of 4 */
	CHECK_EQ(cq->cqe, 2);
	mc = &f.m->cq[cq->handle];
	cq_db = RNIC_DB_PAGE_BASE + (uint64_t)MOCK_FIRST_UCTX * RNIC_DB_PAGE_SIZE + RNIC_DB_CQ;
	qp = make_qp(f.pd, cq, f.rcq, IBV_QPT_RC, 64, 1, 1, 1, 0, 1);
	CHECK_EQ(qp_up(qp, 5), 0);
	/* 5 rounds of 2 CQEs: the ring of 4 wraps twice; an entry of an
	 * earlier pass must never be read again */
	for (i = 0; i < 5; i++) {
		for (j = 0; j < 2; j++, idx++) {
			memset(&sw, 0, sizeof(sw));
			sw.wr_id = 300 + idx;
			sw.opcode = IBV_WR_SEND;
			CHECK_EQ(ibv_post_send(qp, &sw, &bad), 0);
			memset(e, 0, sizeof(e));
			rnic_cqe_set_wqe_index(e, idx);
			rnic_cqe_set_qpn(e, qp->qp_num);
			rnic_cqe_set_byte_len(e, idx);
			/* the device finds room: poll_cq reported its consumption */
			CHECK_EQ(mock_cq_push(f.m, cq->handle, e), 0);
		}
		CHECK_EQ(ibv_poll_cq(cq, 8, wc), 2);
		CHECK_EQ(wc[0].wr_id, 300 + idx - 2);
		CHECK_EQ(wc[1].wr_id, 300 + idx - 1);
		CHECK_EQ(wc[1].byte_len, idx - 1);
		CHECK_EQ(ibv_poll_cq(cq, 8, wc), 0);
		CHECK_EQ(mc->db_ci, idx);
		CHECK_EQ(f.m->db_off[f.m->db_count - 1], cq_db);
		CHECK_EQ(f.m->db_val[f.m->db_count - 1],
			 rnic_db_cq_cqn(cq->handle) | rnic_db_cq_ci(idx) |
				 rnic_db_cq_arm(RNIC_CQ_ARM_NONE));
	}
	/* a full ring, polled one at a time: the doorbell comes at half */
	for (j = 0; j < 4; j++, idx++) {
		memset(&sw, 0, sizeof(sw));
		sw.wr_id = 300 + idx;
		sw.opcode = IBV_WR_SEND;
		CHECK_EQ(ibv_post_send(qp, &sw, &bad), 0);
		memset(e, 0, sizeof(e));
		rnic_cqe_set_wqe_index(e, idx);
		rnic_cqe_set_qpn(e, qp->qp_num);
		CHECK_EQ(mock_cq_push(f.m, cq->handle, e), 0);
	}
	CHECK_EQ(mock_cq_push(f.m, cq->handle, e), -1); /* no room: the mock refuses */
	CHECK_EQ(mc->overflow, 1);
	mc->overflow = 0;
	CHECK_EQ(ibv_poll_cq(cq, 1, wc), 1);
	CHECK_EQ(wc[0].wr_id, 300 + idx - 4);
	CHECK_EQ(mc->db_ci, idx - 4);
	CHECK_EQ(ibv_poll_cq(cq, 1, wc), 1);
	CHECK_EQ(mc->db_ci, idx - 2);
	CHECK_EQ(ibv_poll_cq(cq, 8, wc), 2);
	CHECK_EQ(wc[1].wr_id, 300 + idx - 1);
	CHECK_EQ(mc->db_ci, idx);

	/* ibv_req_notify_cq arms through the same doorbell */
	CHECK_EQ(ibv_req_notify_cq(cq, 0), 0);
	CHECK_EQ(mc->db_arm, RNIC_CQ_ARM_NEXT);
	CHECK_EQ(ibv_req_notify_cq(cq, 1), 0);
	CHECK_EQ(mc->db_arm, RNIC_CQ_ARM_SOLICITED);
	CHECK_EQ(mc->db_ci, idx);
	CHECK_EQ(ibv_destroy_qp(qp), 0);
	CHECK_EQ(ibv_destroy_cq(cq), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* command errors, reset, close                                        */

static void test_command_status_to_errno(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_qp_attr qa;
	struct ibv_pd *pd;
	struct ibv_send_wr sw, *bad;
	static const struct {
		uint32_t status;
		int want;
	} map[] = {
		{RNIC_CMD_STATUS_BAD_PARAM, EINVAL},    {RNIC_CMD_STATUS_BAD_HANDLE, EINVAL},
		{RNIC_CMD_STATUS_BAD_STATE, EINVAL},    {RNIC_CMD_STATUS_BAD_MASK, EINVAL},
		{RNIC_CMD_STATUS_NO_RESOURCES, ENOMEM}, {RNIC_CMD_STATUS_BUSY, EBUSY},
		{RNIC_CMD_STATUS_BAD_OPCODE, EOPNOTSUPP},
	};
	size_t i;

	make_sim_dir(one_dev);
	fx_open(&f);
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		f.m->force_status = map[i].status;
		f.m->force_op = RNIC_CMD_OP_ALLOC_PD;
		errno = 0;
		CHECK(ibv_alloc_pd(f.ctx) == NULL);
		CHECK_EQ(errno, map[i].want);
	}
	/* a refused destroy leaves the object usable */
	f.m->force_status = RNIC_CMD_STATUS_BUSY;
	f.m->force_op = RNIC_CMD_OP_DESTROY_CQ;
	CHECK_EQ(ibv_destroy_cq(f.rcq), EBUSY);
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 4, 1, 1, 0, 0);
	CHECK(qp != NULL);
	f.m->force_status = RNIC_CMD_STATUS_BAD_STATE;
	f.m->force_op = RNIC_CMD_OP_MODIFY_QP;
	memset(&qa, 0, sizeof(qa));
	qa.qp_state = IBV_QPS_RTS;
	CHECK_EQ(ibv_modify_qp(qp, &qa, IBV_QP_STATE), EINVAL);
	CHECK_EQ(qp->state, IBV_QPS_RESET);
	f.m->force_status = RNIC_CMD_STATUS_BAD_HANDLE;
	f.m->force_op = RNIC_CMD_OP_DEREG_MR;
	CHECK_EQ(ibv_dereg_mr(f.mr), EINVAL);
	CHECK_EQ(qp_up(qp, 1), 0);

	/* the firmware does not answer: ETIMEDOUT after the bounded wait */
	rnic_ctx(f.ctx)->cmd_timeout_ms = 20;
	f.m->hang = 1;
	errno = 0;
	CHECK(ibv_alloc_pd(f.ctx) == NULL);
	CHECK_EQ(errno, ETIMEDOUT);
	f.m->hang = 0;
	rnic_ctx(f.ctx)->cmd_timeout_ms = RNIC_CMD_TIMEOUT_MS_DEFAULT;
	pd = ibv_alloc_pd(f.ctx); /* the queue still works afterwards */
	CHECK(pd != NULL);

	/* a dead transport: calls return its errno, nothing aborts */
	f.m->dead = 1;
	errno = 0;
	CHECK(ibv_alloc_pd(f.ctx) == NULL);
	CHECK_EQ(errno, EIO);
	errno = 0;
	CHECK(ibv_reg_mr(f.pd, f.buf, 64, IBV_ACCESS_LOCAL_WRITE) == NULL);
	CHECK_EQ(errno, EIO);
	memset(&sw, 0, sizeof(sw));
	sw.opcode = IBV_WR_SEND;
	bad = NULL;
	CHECK_EQ(ibv_post_send(qp, &sw, &bad), EIO);
	CHECK(bad == &sw);
	CHECK_EQ(ibv_close_device(f.ctx), EIO); /* and still frees everything */
	free(f.buf);
	remove_sim_dir(one_dev);
}

static void test_reset_restarts_queue_indexes(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_qp_attr qa;
	struct ibv_send_wr sw, *bad;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 8, 8, 1, 1, 0, 0);
	CHECK_EQ(qp_up(qp, 1), 0);
	memset(&sw, 0, sizeof(sw));
	sw.opcode = IBV_WR_SEND;
	CHECK_EQ(ibv_post_send(qp, &sw, &bad), 0);
	CHECK_EQ(ibv_post_send(qp, &sw, &bad), 0);
	memset(&qa, 0, sizeof(qa));
	qa.qp_state = IBV_QPS_RESET;
	CHECK_EQ(ibv_modify_qp(qp, &qa, IBV_QP_STATE), 0);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.pi, 0);
	CHECK_EQ(qp_up(qp, 1), 0);
	sw.wr_id = 0xFEED;
	CHECK_EQ(ibv_post_send(qp, &sw, &bad), 0);
	CHECK_EQ(rnic_send_wqe_get_wqe_index(mock_sq_wqe(f.m, qp->qp_num, 0)), 0);
	CHECK_EQ(f.m->db_val[f.m->db_count - 1], rnic_db_sq_qpn(qp->qp_num) | rnic_db_sq_pi(1));
	fx_close(&f);
	remove_sim_dir(one_dev);
}

static void test_close_releases_everything(void)
{
	struct fx f;

	make_sim_dir(one_dev);
	fx_open(&f);
	CHECK(make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 8, 8, 1, 1, 0, 0) != NULL);
	CHECK(ibv_reg_mr(f.pd, f.buf, 128, IBV_ACCESS_LOCAL_WRITE) != NULL);
	CHECK(f.m->maps > 0);
	fx_close(&f); /* checks no DMA mapping is left */
	CHECK_EQ(mock_closed_uctx_live, 0);
	remove_sim_dir(one_dev);
}

/* End to end over the mock's loopback execution: a SEND_WITH_IMM lands in
 * the peer's receive buffer. */
static void test_loopback_send_with_imm(void)
{
	struct fx f;
	struct ibv_qp *a, *b;
	struct ibv_sge s[2], r;
	struct ibv_send_wr sw, *sbad;
	struct ibv_recv_wr rw, *rbad;
	struct ibv_wc wc[2];
	int i;

	make_sim_dir(one_dev);
	fx_open(&f);
	a = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 8, 8, 2, 1, 0, 0);
	b = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 8, 8, 2, 1, 0, 0);
	CHECK_EQ(qp_up(a, b->qp_num), 0);
	CHECK_EQ(qp_up(b, a->qp_num), 0);
	for (i = 0; i < 300; i++)
		f.buf[i] = (uint8_t)(i * 7 + 1);
	r.addr = (uintptr_t)f.buf + 4096;
	r.length = 1024;
	r.lkey = f.mr->lkey;
	memset(&rw, 0, sizeof(rw));
	rw.wr_id = 0xB0B;
	rw.sg_list = &r;
	rw.num_sge = 1;
	CHECK_EQ(ibv_post_recv(b, &rw, &rbad), 0);
	s[0].addr = (uintptr_t)f.buf;
	s[0].length = 100;
	s[0].lkey = f.mr->lkey;
	s[1].addr = (uintptr_t)f.buf + 100;
	s[1].length = 200;
	s[1].lkey = f.mr->lkey;
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 0xA0A;
	sw.opcode = IBV_WR_SEND_WITH_IMM;
	sw.imm_data = htobe32(0x01020304);
	sw.send_flags = IBV_SEND_SIGNALED;
	sw.sg_list = s;
	sw.num_sge = 2;
	CHECK_EQ(ibv_post_send(a, &sw, &sbad), 0);
	CHECK_EQ(ibv_poll_cq(f.scq, 2, wc), 1);
	CHECK_EQ(wc[0].wr_id, 0xA0A);
	CHECK_EQ(wc[0].status, IBV_WC_SUCCESS);
	CHECK_EQ(wc[0].byte_len, 300);
	CHECK_EQ(ibv_poll_cq(f.rcq, 2, wc), 1);
	CHECK_EQ(wc[0].wr_id, 0xB0B);
	CHECK_EQ(wc[0].opcode, IBV_WC_RECV);
	CHECK_EQ(wc[0].byte_len, 300);
	CHECK_EQ(wc[0].wc_flags, IBV_WC_WITH_IMM);
	CHECK_EQ(wc[0].imm_data, htobe32(0x01020304));
	CHECK_EQ(wc[0].src_qp, a->qp_num);
	CHECK_EQ(wc[0].qp_num, b->qp_num);
	CHECK(memcmp(f.buf + 4096, f.buf, 300) == 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* shared receive queues                                               */

static uint64_t db_srq_off(void)
{
	return RNIC_DB_PAGE_BASE + (uint64_t)MOCK_FIRST_UCTX * RNIC_DB_PAGE_SIZE + RNIC_DB_SRQ;
}

static struct ibv_srq *make_srq(struct ibv_pd *pd, uint32_t wr, uint32_t sge, uint32_t limit)
{
	struct ibv_srq_init_attr a;

	memset(&a, 0, sizeof(a));
	a.attr.max_wr = wr;
	a.attr.max_sge = sge;
	a.attr.srq_limit = limit;
	return ibv_create_srq(pd, &a);
}

/* An RC QP whose receives come from srq (1 send WR of 1 SGE). */
static struct ibv_qp *make_srq_qp(struct fx *f, struct ibv_srq *srq, struct ibv_cq *rcq)
{
	struct ibv_qp_init_attr a;

	memset(&a, 0, sizeof(a));
	a.send_cq = f->scq;
	a.recv_cq = rcq;
	a.srq = srq;
	a.qp_type = IBV_QPT_RC;
	a.cap.max_send_wr = 4;
	a.cap.max_send_sge = 1;
	return ibv_create_qp(f->pd, &a);
}

/* The CQE the device writes when a WQE of queue index idx completes. */
static void push_cqe(struct mock_dev *m, struct ibv_cq *cq, uint32_t qpn, uint32_t op, uint32_t idx)
{
	uint32_t e[RNIC_CQE_WORDS];

	memset(e, 0, sizeof(e));
	rnic_cqe_set_wqe_index(e, idx);
	rnic_cqe_set_opcode(e, op);
	rnic_cqe_set_status(e, RNIC_WC_STATUS_SUCCESS);
	rnic_cqe_set_qpn(e, qpn);
	CHECK_EQ(mock_cq_push(m, cq->handle, e), 0);
}

static void test_create_srq_sizes_and_command(void)
{
	struct fx f;
	struct ibv_srq_init_attr sa;
	struct ibv_srq *srq;
	struct rnic_srq *rs;
	uint32_t *in, cmds;
	int maps;
	static const struct {
		uint32_t wr, sge;
	} bad[] = {{0, 1}, {(1u << RNIC_LOG_MAX_WQE) + 1, 1}, {1, 0}, {1, RNIC_MAX_RECV_SGE + 1}};
	size_t i;

	make_sim_dir(one_dev);
	fx_open(&f);
	in = f.m->last_in;
	memset(&sa, 0, sizeof(sa));
	sa.srq_context = (void *)0x5151;
	sa.attr.max_wr = 5;
	sa.attr.max_sge = 3;
	sa.attr.srq_limit = 2;
	srq = ibv_create_srq(f.pd, &sa);
	CHECK(srq != NULL);
	if (srq) {
		rs = (struct rnic_srq *)srq;
		/* ibv_create_srq(3): the actual sizes come back, at least those
		 * asked for: 8 WQEs; stride 16 + 3*16 -> 64, which holds 3 SGEs */
		CHECK_EQ(sa.attr.max_wr, 8);
		CHECK_EQ(sa.attr.max_sge, 3);
		CHECK_EQ(sa.attr.srq_limit, 2);
		CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_CREATE_SRQ);
		CHECK_EQ(rnic_cmd_in_get_uctx(in), MOCK_FIRST_UCTX);
		CHECK_EQ(rnic_cmd_create_srq_in_get_pdn(in), ((struct rnic_pd *)f.pd)->pdn);
		CHECK_EQ(rnic_cmd_create_srq_in_get_log_size(in), 3);
		CHECK_EQ(rnic_cmd_create_srq_in_get_log_stride(in), 6);
		CHECK_EQ(rnic_cmd_create_srq_in_get_base(in), (uintptr_t)rs->wq.buf + MOCK_IOVA_OFFSET);
		CHECK_EQ(((uintptr_t)rs->wq.buf) % 4096, 0);
		CHECK_EQ(rnic_cmd_create_srq_in_get_limit(in), 2);
		CHECK_EQ(rs->srqn, MOCK_FIRST_SRQN);
		CHECK_EQ(srq->handle, MOCK_FIRST_SRQN);
		CHECK(srq->context == f.ctx);
		CHECK(srq->pd == f.pd);
		CHECK(srq->srq_context == (void *)0x5151);
		CHECK_EQ(srq->events_completed, 0);
		CHECK_EQ(f.m->srq[MOCK_FIRST_SRQN].valid, 1);
		CHECK_EQ(ibv_destroy_srq(srq), 0);
		CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_DESTROY_SRQ);
		CHECK_EQ(rnic_cmd_in_get_handle(in), MOCK_FIRST_SRQN);
		CHECK_EQ(f.m->srq[MOCK_FIRST_SRQN].valid, 0);
	}
	/* 4 SGEs: 16 + 4*16 = 80 -> stride 128, which holds 7 */
	sa.attr.max_wr = 1;
	sa.attr.max_sge = 4;
	sa.attr.srq_limit = 1;
	srq = ibv_create_srq(f.pd, &sa);
	CHECK(srq != NULL);
	CHECK_EQ(sa.attr.max_wr, 1);
	CHECK_EQ(sa.attr.max_sge, 7);
	CHECK_EQ(rnic_cmd_create_srq_in_get_log_size(in), 0);
	CHECK_EQ(rnic_cmd_create_srq_in_get_log_stride(in), 7);
	CHECK_EQ(rnic_cmd_create_srq_in_get_limit(in), 1);
	if (srq)
		CHECK_EQ(ibv_destroy_srq(srq), 0);
	/* the largest: max_srq_wr WQEs of max_srq_sge SGEs (stride 512) */
	sa.attr.max_wr = 1u << RNIC_LOG_MAX_WQE;
	sa.attr.max_sge = RNIC_MAX_RECV_SGE;
	sa.attr.srq_limit = 0;
	srq = ibv_create_srq(f.pd, &sa);
	CHECK(srq != NULL);
	CHECK_EQ(sa.attr.max_wr, 1u << RNIC_LOG_MAX_WQE);
	CHECK_EQ(sa.attr.max_sge, RNIC_MAX_RECV_SGE);
	CHECK_EQ(rnic_cmd_create_srq_in_get_log_size(in), RNIC_LOG_MAX_WQE);
	CHECK_EQ(1u << rnic_cmd_create_srq_in_get_log_stride(in), RNIC_RECV_WQE_MAX_STRIDE);
	if (srq)
		CHECK_EQ(ibv_destroy_srq(srq), 0);

	/* max_wr 1..max_srq_wr, max_sge 1..max_srq_sge: else EINVAL, and
	 * neither a command nor a change to the attributes */
	maps = f.m->maps;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		sa.attr.max_wr = bad[i].wr;
		sa.attr.max_sge = bad[i].sge;
		cmds = f.m->cmd_count;
		errno = 0;
		CHECK(ibv_create_srq(f.pd, &sa) == NULL);
		CHECK_EQ(errno, EINVAL);
		CHECK_EQ(f.m->cmd_count, cmds);
		CHECK_EQ(sa.attr.max_wr, bad[i].wr);
		CHECK_EQ(sa.attr.max_sge, bad[i].sge);
	}
	/* the firmware's refusals come back as errno, and nothing leaks:
	 * a limit above the ring (BAD_PARAM), no free SRQ (NO_RESOURCES) */
	sa.attr.max_wr = 4;
	sa.attr.max_sge = 1;
	sa.attr.srq_limit = 5;
	errno = 0;
	CHECK(ibv_create_srq(f.pd, &sa) == NULL);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_CREATE_SRQ);
	CHECK_EQ(sa.attr.max_wr, 4);
	sa.attr.srq_limit = 4;
	f.m->force_status = RNIC_CMD_STATUS_NO_RESOURCES;
	f.m->force_op = RNIC_CMD_OP_CREATE_SRQ;
	errno = 0;
	CHECK(ibv_create_srq(f.pd, &sa) == NULL);
	CHECK_EQ(errno, ENOMEM);
	CHECK_EQ(f.m->maps, maps);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

static void test_modify_and_query_srq(void)
{
	struct fx f;
	struct ibv_srq *srq;
	struct ibv_srq_attr a;
	struct ibv_device_attr da;
	uint32_t *in, cmds, srqn;

	make_sim_dir(one_dev);
	fx_open(&f);
	in = f.m->last_in;
	srq = make_srq(f.pd, 16, 1, 0);
	CHECK(srq != NULL);
	if (!srq)
		exit(1);
	srqn = srq->handle;
	memset(&a, 0xA5, sizeof(a));
	CHECK_EQ(ibv_query_srq(srq, &a), 0);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_QUERY_SRQ);
	CHECK_EQ(rnic_cmd_in_get_handle(in), srqn);
	CHECK_EQ(a.max_wr, 16);
	CHECK_EQ(a.max_sge, 1);
	CHECK_EQ(a.srq_limit, 0);

	/* ibv_modify_srq(3): IBV_SRQ_LIMIT sets the limit */
	a.srq_limit = 10;
	CHECK_EQ(ibv_modify_srq(srq, &a, IBV_SRQ_LIMIT), 0);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_MODIFY_SRQ);
	CHECK_EQ(rnic_cmd_in_get_handle(in), srqn);
	CHECK_EQ(rnic_cmd_srq_attr_get_mask(in), IBV_SRQ_LIMIT);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(in), 10);
	memset(&a, 0, sizeof(a));
	CHECK_EQ(ibv_query_srq(srq, &a), 0);
	CHECK_EQ(a.srq_limit, 10);
	CHECK_EQ(a.max_wr, 16);

	/* resizing (IBV_SRQ_MAX_WR) needs IBV_DEVICE_SRQ_RESIZE, which the
	 * device does not report: EINVAL, nothing sent, nothing changed */
	CHECK_EQ(ibv_query_device(f.ctx, &da), 0);
	CHECK_EQ(da.device_cap_flags & IBV_DEVICE_SRQ_RESIZE, 0);
	cmds = f.m->cmd_count;
	a.max_wr = 32;
	a.srq_limit = 3;
	CHECK_EQ(ibv_modify_srq(srq, &a, IBV_SRQ_MAX_WR), EINVAL);
	CHECK_EQ(ibv_modify_srq(srq, &a, IBV_SRQ_MAX_WR | IBV_SRQ_LIMIT), EINVAL);
	CHECK_EQ(ibv_modify_srq(srq, &a, 0), EINVAL);
	CHECK_EQ(ibv_modify_srq(srq, &a, 4), EINVAL);
	CHECK_EQ(f.m->cmd_count, cmds);
	/* a limit above the SRQ's size: the firmware's BAD_PARAM */
	a.srq_limit = 17;
	CHECK_EQ(ibv_modify_srq(srq, &a, IBV_SRQ_LIMIT), EINVAL);
	memset(&a, 0, sizeof(a));
	CHECK_EQ(ibv_query_srq(srq, &a), 0);
	CHECK_EQ(a.srq_limit, 10);
	CHECK_EQ(a.max_wr, 16);
	CHECK_EQ(ibv_destroy_srq(srq), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

static void test_qp_with_srq_has_no_receive_queue(void)
{
	struct fx f;
	struct ibv_srq *srq;
	struct ibv_qp_init_attr a, qi;
	struct ibv_qp_attr qa;
	struct ibv_qp *qp;
	struct ibv_recv_wr rw, *bad;
	struct rnic_qp *rq;
	uint32_t *c, db0;

	make_sim_dir(two_devs);
	fx_open(&f);
	f.m->auto_exec = 0;
	srq = make_srq(f.pd, 8, 2, 0);
	CHECK(srq != NULL);
	if (!srq)
		exit(1);
	memset(&a, 0, sizeof(a));
	a.send_cq = f.scq;
	a.recv_cq = f.rcq;
	a.srq = srq;
	a.qp_type = IBV_QPT_RC;
	a.cap.max_send_wr = 4;
	a.cap.max_send_sge = 1;
	/* ibv_create_qp(3): with an SRQ the receive sizes are ignored, even
	 * ones no receive queue could have */
	a.cap.max_recv_wr = (1u << RNIC_LOG_MAX_WQE) + 1;
	a.cap.max_recv_sge = RNIC_MAX_RECV_SGE + 1;
	qp = ibv_create_qp(f.pd, &a);
	CHECK(qp != NULL);
	if (!qp)
		exit(1);
	rq = (struct rnic_qp *)qp;
	c = f.m->qp[qp->qp_num].create;
	CHECK_EQ(rnic_cmd_create_qp_in_get_srq_en(c), 1);
	CHECK_EQ(rnic_cmd_create_qp_in_get_srqn(c), srq->handle);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_rq_size(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_rq_stride(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_rq_base(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_size(c), 2);
	CHECK_EQ(f.m->srq[srq->handle].refs, 1);
	CHECK_EQ(a.cap.max_recv_wr, 0);
	CHECK_EQ(a.cap.max_recv_sge, 0);
	CHECK_EQ(a.cap.max_send_wr, 4);
	CHECK_EQ(rq->has_srq, 1);
	CHECK(rq->srq == (struct rnic_srq *)srq);
	CHECK(rq->rq.buf == NULL);
	CHECK(qp->srq == srq);
	CHECK_EQ(ibv_query_qp(qp, &qa, IBV_QP_CAP, &qi), 0);
	CHECK(qi.srq == srq);
	CHECK_EQ(qi.cap.max_recv_wr, 0);
	CHECK_EQ(qi.cap.max_recv_sge, 0);

	/* ibv_post_recv(3) NOTES: receives go to the SRQ with
	 * ibv_post_srq_recv, never through the QP: EINVAL, *bad_wr = wr */
	CHECK_EQ(qp_up(qp, 1), 0);
	memset(&rw, 0, sizeof(rw));
	db0 = f.m->db_count;
	bad = NULL;
	CHECK_EQ(ibv_post_recv(qp, &rw, &bad), EINVAL);
	CHECK(bad == &rw);
	CHECK_EQ(f.m->db_count, db0);
	/* RESET restarts the QP's queues; there is no receive ring to touch */
	memset(&qa, 0, sizeof(qa));
	qa.qp_state = IBV_QPS_RESET;
	CHECK_EQ(ibv_modify_qp(qp, &qa, IBV_QP_STATE), 0);

	/* DESTROY_SRQ answers BUSY while a QP uses the SRQ: ibv_destroy_srq
	 * returns EBUSY and the SRQ still takes work */
	CHECK_EQ(ibv_destroy_srq(srq), EBUSY);
	CHECK_EQ(f.m->srq[srq->handle].valid, 1);
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &rw, &bad), 0);
	CHECK_EQ(f.m->srq[srq->handle].pi, 1);

	/* an SRQ of another context (another device: a process opens a device
	 * once) cannot serve this PD's QP */
	{
		struct ibv_context *c2 = open_ctx_n(1);
		struct ibv_pd *pd2 = ibv_alloc_pd(c2);
		struct ibv_cq *cq2 = ibv_create_cq(c2, 4, NULL, NULL, 0);

		CHECK(pd2 && cq2);
		a.send_cq = cq2;
		a.recv_cq = cq2;
		errno = 0;
		CHECK(ibv_create_qp(pd2, &a) == NULL);
		CHECK_EQ(errno, EINVAL);
		CHECK_EQ(ibv_close_device(c2), 0);
	}
	/* an SRQ the firmware no longer knows: BAD_HANDLE */
	a.send_cq = f.scq;
	a.recv_cq = f.rcq;
	f.m->force_status = RNIC_CMD_STATUS_BAD_HANDLE;
	f.m->force_op = RNIC_CMD_OP_CREATE_QP;
	errno = 0;
	CHECK(ibv_create_qp(f.pd, &a) == NULL);
	CHECK_EQ(errno, EINVAL);

	CHECK_EQ(ibv_destroy_qp(qp), 0);
	CHECK_EQ(f.m->srq[srq->handle].refs, 0);
	CHECK_EQ(ibv_destroy_srq(srq), 0);
	fx_close(&f);
	remove_sim_dir(two_devs);
}

/* ibv_post_srq_recv(3): a linked list, posted up to the first WR that
 * fails; that WR comes back in *bad_wr with the errno, the earlier ones
 * stay posted under one doorbell. */
static void test_post_srq_recv_list(void)
{
	struct fx f;
	struct ibv_srq *srq;
	struct rnic_srq *rs;
	struct ibv_recv_wr wl[6], *bad;
	struct ibv_sge sge[6];
	uint32_t *w, i, db0, srqn;

	make_sim_dir(one_dev);
	fx_open(&f);
	/* one SGE asked for: stride 16 + 16 = 32, which holds exactly one */
	srq = make_srq(f.pd, 4, 1, 0);
	CHECK(srq != NULL);
	if (!srq)
		exit(1);
	rs = (struct rnic_srq *)srq;
	srqn = srq->handle;
	CHECK_EQ(rs->wq.max_sge, 1);
	for (i = 0; i < 6; i++) {
		sge[i].addr = (uintptr_t)f.buf + 128 * i + 0x100000000ull * (i == 2);
		sge[i].length = 40 + i;
		sge[i].lkey = f.mr->lkey + i;
	}
	memset(wl, 0, sizeof(wl));
	for (i = 0; i < 6; i++) {
		wl[i].wr_id = 700 + i;
		wl[i].sg_list = &sge[i];
		wl[i].num_sge = 1;
		wl[i].next = i < 5 ? &wl[i + 1] : NULL;
	}

	/* a doorbell the transport refuses: the device never heard of the
	 * WRs, none is posted, *bad_wr is the first */
	f.m->dead = 1;
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, wl, &bad), EIO);
	CHECK(bad == &wl[0]);
	CHECK_EQ(rs->wq.pi, 0);
	f.m->dead = 0;

	/* num_sge over max_sge: EINVAL at the second WR, the first posted */
	wl[1].num_sge = 2;
	db0 = f.m->db_count;
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, wl, &bad), EINVAL);
	CHECK(bad == &wl[1]);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_off[db0], db_srq_off());
	CHECK_EQ(f.m->db_val[db0], rnic_db_srq_srqn(srqn) | rnic_db_srq_pi(1));
	CHECK_EQ(f.m->srq[srqn].pi, 1);
	w = mock_srq_wqe(f.m, srqn, 0);
	CHECK_EQ(w[0], rnic_recv_wqe_num_sge(1));
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(w), 0);
	CHECK_EQ(rnic_recv_wqe_get_length(w), 40);
	CHECK_EQ(w[3], 0);
	check_sge(w + RNIC_RECV_WQE_WORDS, &sge[0]);
	CHECK_EQ(rs->wq.wrid[0], 700);

	/* a negative num_sge: EINVAL at once, nothing posted, no doorbell */
	wl[1].num_sge = -1;
	db0 = f.m->db_count;
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &wl[1], &bad), EINVAL);
	CHECK(bad == &wl[1]);
	CHECK_EQ(f.m->db_count, db0);
	CHECK_EQ(rs->wq.pi, 1);

	/* no SGE is a valid receive; the SRQ is full after four: ENOMEM at
	 * the fifth WR, three more posted under one doorbell */
	wl[1].num_sge = 0;
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &wl[1], &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_val[db0], rnic_db_srq_srqn(srqn) | rnic_db_srq_pi(4));
	w = mock_srq_wqe(f.m, srqn, 1);
	CHECK_EQ(w[0], rnic_recv_wqe_num_sge(0));
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(w), 1);
	CHECK_EQ(rnic_recv_wqe_get_length(w), 0);
	w = mock_srq_wqe(f.m, srqn, 2);
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(w), 2);
	CHECK_EQ(rnic_recv_wqe_get_length(w), 42);
	check_sge(w + RNIC_RECV_WQE_WORDS, &sge[2]);
	CHECK(sge[2].addr >> 32 != 0);
	w = mock_srq_wqe(f.m, srqn, 3);
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(w), 3);
	check_sge(w + RNIC_RECV_WQE_WORDS, &sge[3]);
	for (i = 0; i < 4; i++)
		CHECK_EQ(rs->wq.wrid[i], 700 + i);
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &wl[4], &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(rs->wq.pi, 4);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* The device takes SRQ WQEs in ring order but the QPs complete them in any
 * order: a slot is posted to again only once its receive CQE, and those of
 * the slots before it, have been polled. */
static void test_srq_slot_reuse_after_out_of_order_completions(void)
{
	struct fx f;
	struct ibv_srq *srq;
	struct rnic_srq *rs;
	struct ibv_cq *cq2;
	struct ibv_qp *qa, *qb;
	struct ibv_recv_wr wl[5], *bad;
	struct ibv_send_wr sw, *sbad;
	struct ibv_wc wc[4];
	uint32_t i, srqn;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	srq = make_srq(f.pd, 4, 1, 0);
	cq2 = ibv_create_cq(f.ctx, 8, NULL, NULL, 0);
	CHECK(srq && cq2);
	if (!srq || !cq2)
		exit(1);
	rs = (struct rnic_srq *)srq;
	srqn = srq->handle;
	/* two QPs share the SRQ, each with its own receive CQ */
	qa = make_srq_qp(&f, srq, f.rcq);
	qb = make_srq_qp(&f, srq, cq2);
	CHECK(qa && qb);
	if (!qa || !qb)
		exit(1);
	memset(wl, 0, sizeof(wl));
	for (i = 0; i < 5; i++) {
		wl[i].wr_id = 100 + i;
		wl[i].next = i < 4 ? &wl[i + 1] : NULL;
	}

	/* a receive CQE for a slot that holds no WQE frees nothing */
	push_cqe(f.m, f.rcq, qa->qp_num, RNIC_CQE_OP_RESP_RECV, 0);
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 1);
	CHECK_EQ(rs->done[0], 0);
	CHECK_EQ(rs->wq.ci, 0);

	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, wl, &bad), ENOMEM);
	CHECK(bad == &wl[4]);
	CHECK_EQ(f.m->srq[srqn].pi, 4);

	/* qb completes slot 2 first: its wr_id, but no slot is free yet */
	push_cqe(f.m, cq2, qb->qp_num, RNIC_CQE_OP_RESP_RECV, 2);
	memset(wc, 0, sizeof(wc));
	CHECK_EQ(ibv_poll_cq(cq2, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 102);
	CHECK_EQ(wc[0].qp_num, qb->qp_num);
	CHECK_EQ(wc[0].opcode, IBV_WC_RECV);
	CHECK_EQ(rs->wq.ci, 0);
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &wl[4], &bad), ENOMEM);
	CHECK(bad == &wl[4]);

	/* a CQE written but not polled frees nothing either */
	push_cqe(f.m, f.rcq, qa->qp_num, RNIC_CQE_OP_RESP_RECV, 0);
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &wl[4], &bad), ENOMEM);
	CHECK(bad == &wl[4]);

	/* slots 0 and 1 polled: 0, 1, 2 are free, 3 is still out */
	push_cqe(f.m, f.rcq, qa->qp_num, RNIC_CQE_OP_RESP_RECV, 1);
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 2);
	CHECK_EQ(wc[0].wr_id, 100);
	CHECK_EQ(wc[1].wr_id, 101);
	CHECK_EQ(wc[1].qp_num, qa->qp_num);
	CHECK_EQ(rs->wq.ci, 3);
	for (i = 0; i < 4; i++)
		wl[i].wr_id = 200 + i;
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, wl, &bad), ENOMEM);
	CHECK(bad == &wl[3]);
	CHECK_EQ(f.m->db_val[f.m->db_count - 1], rnic_db_srq_srqn(srqn) | rnic_db_srq_pi(7));
	for (i = 0; i < 3; i++) {
		CHECK_EQ(rs->wq.wrid[i], 200 + i);
		CHECK_EQ(rnic_recv_wqe_get_wqe_index(mock_srq_wqe(f.m, srqn, i)), 4 + i);
	}
	CHECK_EQ(rs->wq.wrid[3], 103);

	/* a CQE names the WQE by its 16-bit index: index 4 is slot 0 */
	push_cqe(f.m, f.rcq, qa->qp_num, RNIC_CQE_OP_RESP_RECV, 4);
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 200);
	CHECK_EQ(rs->wq.ci, 3);
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &wl[3], &bad), ENOMEM);
	CHECK(bad == &wl[3]);
	/* slot 3 done: 3 and 0 are free */
	push_cqe(f.m, cq2, qb->qp_num, RNIC_CQE_OP_RESP_RECV, 3);
	CHECK_EQ(ibv_poll_cq(cq2, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 103);
	CHECK_EQ(rs->wq.ci, 5);
	wl[3].next = &wl[4];
	wl[4].wr_id = 204;
	bad = NULL;
	CHECK_EQ(ibv_post_srq_recv(srq, &wl[3], &bad), 0);
	CHECK_EQ(rs->wq.wrid[3], 203);
	CHECK_EQ(rs->wq.wrid[0], 204);
	CHECK_EQ(rnic_recv_wqe_get_wqe_index(mock_srq_wqe(f.m, srqn, 0)), 8);
	CHECK_EQ(f.m->srq[srqn].pi, 9);

	/* a send CQE of a QP with an SRQ is its send queue's */
	CHECK_EQ(qp_up(qa, 1), 0);
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 0x5E;
	sw.opcode = IBV_WR_SEND;
	sw.send_flags = IBV_SEND_SIGNALED;
	CHECK_EQ(ibv_post_send(qa, &sw, &sbad), 0);
	push_cqe(f.m, f.scq, qa->qp_num, RNIC_CQE_OP_REQ_SEND, 0);
	CHECK_EQ(ibv_poll_cq(f.scq, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 0x5E);
	CHECK_EQ(wc[0].opcode, IBV_WC_SEND);
	CHECK_EQ(rs->wq.ci, 5);
	for (i = 0; i < 4; i++)
		CHECK_EQ(rs->done[i], 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* End to end over the mock's loopback: two QPs receive from one SRQ, each
 * SEND lands in the SRQ's next WQE. */
static void test_loopback_send_into_srq(void)
{
	struct fx f;
	struct ibv_srq *srq;
	struct ibv_qp *a, *b, *c, *d;
	struct ibv_sge s, r[2];
	struct ibv_send_wr sw, *sbad;
	struct ibv_recv_wr rw[2], *rbad;
	struct ibv_wc wc[4];
	int i;

	make_sim_dir(one_dev);
	fx_open(&f);
	srq = make_srq(f.pd, 4, 1, 0);
	CHECK(srq != NULL);
	if (!srq)
		exit(1);
	a = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 4, 1, 1, 0, 0);
	c = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 4, 1, 1, 0, 0);
	b = make_srq_qp(&f, srq, f.rcq);
	d = make_srq_qp(&f, srq, f.rcq);
	CHECK(a && b && c && d);
	if (!a || !b || !c || !d)
		exit(1);
	CHECK_EQ(qp_up(a, b->qp_num), 0);
	CHECK_EQ(qp_up(b, a->qp_num), 0);
	CHECK_EQ(qp_up(c, d->qp_num), 0);
	CHECK_EQ(qp_up(d, c->qp_num), 0);
	for (i = 0; i < 512; i++)
		f.buf[i] = (uint8_t)(i * 13 + 5);
	memset(rw, 0, sizeof(rw));
	for (i = 0; i < 2; i++) {
		r[i].addr = (uintptr_t)f.buf + 8192 + 4096 * (unsigned)i;
		r[i].length = 1024;
		r[i].lkey = f.mr->lkey;
		rw[i].wr_id = 0xC0 + (uint64_t)i;
		rw[i].sg_list = &r[i];
		rw[i].num_sge = 1;
		rw[i].next = i == 0 ? &rw[1] : NULL;
	}
	CHECK_EQ(ibv_post_srq_recv(srq, rw, &rbad), 0);

	/* c sends to d first: d takes the SRQ's first WQE */
	s.addr = (uintptr_t)f.buf;
	s.length = 200;
	s.lkey = f.mr->lkey;
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 1;
	sw.opcode = IBV_WR_SEND;
	sw.sg_list = &s;
	sw.num_sge = 1;
	CHECK_EQ(ibv_post_send(c, &sw, &sbad), 0);
	s.addr = (uintptr_t)f.buf + 200;
	s.length = 300;
	sw.wr_id = 2;
	CHECK_EQ(ibv_post_send(a, &sw, &sbad), 0);
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 2);
	CHECK_EQ(wc[0].wr_id, 0xC0);
	CHECK_EQ(wc[0].status, IBV_WC_SUCCESS);
	CHECK_EQ(wc[0].opcode, IBV_WC_RECV);
	CHECK_EQ(wc[0].byte_len, 200);
	CHECK_EQ(wc[0].qp_num, d->qp_num);
	CHECK_EQ(wc[0].src_qp, c->qp_num);
	CHECK_EQ(wc[1].wr_id, 0xC1);
	CHECK_EQ(wc[1].byte_len, 300);
	CHECK_EQ(wc[1].qp_num, b->qp_num);
	CHECK_EQ(wc[1].src_qp, a->qp_num);
	CHECK(memcmp(f.buf + 8192, f.buf, 200) == 0);
	CHECK(memcmp(f.buf + 8192 + 4096, f.buf + 200, 300) == 0);
	CHECK_EQ(((struct rnic_srq *)srq)->wq.ci, 2);

	/* with the SRQ empty the sender's WR fails (RNR retries exhausted) */
	sw.wr_id = 3;
	sw.send_flags = IBV_SEND_SIGNALED;
	CHECK_EQ(ibv_post_send(a, &sw, &sbad), 0);
	CHECK_EQ(ibv_poll_cq(f.scq, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 3);
	CHECK_EQ(wc[0].status, IBV_WC_RNR_RETRY_EXC_ERR);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_close_device frees an SRQ left behind, after the QPs that use it
 * (the firmware would refuse it before). */
static void test_close_destroys_qps_before_srqs(void)
{
	struct fx f;
	struct ibv_srq *srq;

	make_sim_dir(one_dev);
	fx_open(&f);
	srq = make_srq(f.pd, 8, 1, 0);
	CHECK(srq != NULL);
	if (!srq)
		exit(1);
	CHECK(make_srq_qp(&f, srq, f.rcq) != NULL);
	CHECK(make_srq_qp(&f, srq, f.rcq) != NULL);
	CHECK_EQ(f.m->srq[srq->handle].refs, 2);
	fx_close(&f); /* checks no DMA mapping is left */
	CHECK_EQ(mock_closed_srq_busy, 0);
	CHECK_EQ(mock_closed_uctx_live, 0);
	remove_sim_dir(one_dev);
}

/* ibv_post_srq_recv and ibv_poll_cq from two threads on one SRQ: the
 * poster refills the SRQ as slots come free, the device side (the other
 * thread) takes WQEs in ring order, completes them three at a time in
 * reverse order and polls them. Every completion must carry the wr_id of
 * its own WR: a slot reused too early would hand back a later one. */
#define SRQ_THREAD_WRS 3000u

struct srq_thread_arg {
	struct ibv_srq *srq;
	int bad;
};

static void *srq_poster(void *p)
{
	struct srq_thread_arg *a = p;
	struct ibv_recv_wr wl[5], *bad;
	uint32_t next = 0, n, i;

	while (next < SRQ_THREAD_WRS) {
		n = 1 + next % 5;
		if (n > SRQ_THREAD_WRS - next)
			n = SRQ_THREAD_WRS - next;
		memset(wl, 0, sizeof(wl));
		for (i = 0; i < n; i++) {
			wl[i].wr_id = next + i;
			wl[i].next = i + 1 < n ? &wl[i + 1] : NULL;
		}
		bad = NULL;
		switch (ibv_post_srq_recv(a->srq, wl, &bad)) {
		case 0:
			next += n;
			break;
		case ENOMEM: /* full: what was before bad_wr is posted */
			next += (uint32_t)(bad - wl);
			sched_yield();
			break;
		default:
			__atomic_store_n(&a->bad, 1, __ATOMIC_RELAXED);
			return NULL;
		}
	}
	return NULL;
}

static void test_srq_post_and_poll_from_two_threads(void)
{
	struct fx f;
	struct ibv_srq *srq;
	struct rnic_srq *rs;
	struct ibv_cq *cq;
	struct ibv_qp *qp[2];
	struct ibv_wc wc[4];
	struct srq_thread_arg arg;
	pthread_t t;
	uint32_t taken = 0, pi, k, n;
	int i, got;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	srq = make_srq(f.pd, 16, 1, 0);
	/* room for every CQE: poll_cq rings no CQ doorbell, so the two
	 * threads share no state of the mock device */
	cq = ibv_create_cq(f.ctx, SRQ_THREAD_WRS, NULL, NULL, 0);
	CHECK(srq && cq);
	if (!srq || !cq)
		exit(1);
	rs = (struct rnic_srq *)srq;
	qp[0] = make_srq_qp(&f, srq, cq);
	qp[1] = make_srq_qp(&f, srq, cq);
	CHECK(qp[0] && qp[1]);
	if (!qp[0] || !qp[1])
		exit(1);
	arg.srq = srq;
	arg.bad = 0;
	CHECK_EQ(pthread_create(&t, NULL, srq_poster, &arg), 0);
	while (taken < SRQ_THREAD_WRS && !__atomic_load_n(&arg.bad, __ATOMIC_RELAXED)) {
		pthread_spin_lock(&rs->wq.lock);
		pi = rs->wq.pi;
		pthread_spin_unlock(&rs->wq.lock);
		n = pi - taken < 3 ? pi - taken : 3;
		if (n == 0) {
			sched_yield();
			continue;
		}
		/* the device took [taken, taken + n) in ring order; the last
		 * of them completes first */
		for (k = n; k-- > 0;)
			push_cqe(f.m, cq, qp[(taken + k) & 1]->qp_num, RNIC_CQE_OP_RESP_RECV,
				 (taken + k) & 0xFFFFu);
		for (k = n; k > 0; k -= (uint32_t)got) {
			got = ibv_poll_cq(cq, (int)k, wc);
			CHECK(got > 0);
			if (got <= 0)
				exit(1);
			for (i = 0; i < got; i++) {
				CHECK_EQ(wc[i].wr_id, taken + k - 1 - (uint32_t)i);
				CHECK_EQ(wc[i].qp_num, qp[(taken + k - 1 - (uint32_t)i) & 1]->qp_num);
				CHECK_EQ(wc[i].status, IBV_WC_SUCCESS);
			}
		}
		taken += n;
	}
	pthread_join(t, NULL);
	CHECK_EQ(arg.bad, 0);
	CHECK_EQ(taken, SRQ_THREAD_WRS);
	CHECK_EQ(rs->wq.pi, SRQ_THREAD_WRS);
	CHECK_EQ(rs->wq.ci, SRQ_THREAD_WRS);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* XRC                                                                 */

static struct ibv_xrcd *open_xrcd(struct ibv_context *c)
{
	struct ibv_xrcd_init_attr xa;

	memset(&xa, 0, sizeof(xa));
	xa.comp_mask = IBV_XRCD_INIT_ATTR_FD | IBV_XRCD_INIT_ATTR_OFLAGS;
	xa.fd = -1;
	xa.oflags = O_CREAT;
	return ibv_open_xrcd(c, &xa);
}

static struct ibv_srq *make_xrc_srq(struct fx *f, struct ibv_xrcd *xrcd, struct ibv_cq *cq,
				    uint32_t wr)
{
	struct ibv_srq_init_attr_ex a;

	memset(&a, 0, sizeof(a));
	a.attr.max_wr = wr;
	a.attr.max_sge = 1;
	a.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD | IBV_SRQ_INIT_ATTR_XRCD |
		      IBV_SRQ_INIT_ATTR_CQ;
	a.srq_type = IBV_SRQT_XRC;
	a.pd = f->pd;
	a.xrcd = xrcd;
	a.cq = cq;
	return ibv_create_srq_ex(f->ctx, &a);
}

/* An XRC initiator as ibv_create_qp_ex(3) makes one: PD, send CQ, send
 * queue (recv_cq set, and ignored). */
static struct ibv_qp *make_xrc_send(struct fx *f, struct ibv_qp_init_attr_ex *a)
{
	memset(a, 0, sizeof(*a));
	a->qp_type = IBV_QPT_XRC_SEND;
	a->comp_mask = IBV_QP_INIT_ATTR_PD;
	a->pd = f->pd;
	a->send_cq = f->scq;
	a->recv_cq = f->rcq;
	a->cap.max_send_wr = 8;
	a->cap.max_send_sge = 2;
	a->cap.max_recv_wr = 8; /* ignored */
	a->cap.max_recv_sge = 2;
	return ibv_create_qp_ex(f->ctx, a);
}

static struct ibv_qp *make_xrc_recv(struct fx *f, struct ibv_xrcd *xrcd)
{
	struct ibv_qp_init_attr_ex a;

	memset(&a, 0, sizeof(a));
	a.qp_type = IBV_QPT_XRC_RECV;
	a.comp_mask = IBV_QP_INIT_ATTR_XRCD;
	a.xrcd = xrcd;
	return ibv_create_qp_ex(f->ctx, &a);
}

/* ibv_open_xrcd(3) / ibv_close_xrcd(3): OPEN_XRCD and CLOSE_XRCD with the
 * domain's number; fd -1 with O_CREAT makes an unshared domain, anything
 * needing an inode is refused; a domain in use is not closed (EBUSY);
 * QUERY_DEVICE's max_xrcd turns on IBV_DEVICE_XRC; ibv_open_qp is not
 * offered. */
static void test_xrcd_open_close(void)
{
	struct fx f;
	struct ibv_xrcd_init_attr xa;
	struct ibv_xrcd *x, *x2;
	struct ibv_device_attr da;
	struct ibv_qp_open_attr oa;

	make_sim_dir(one_dev);
	fx_open(&f);
	CHECK_EQ(ibv_query_device(f.ctx, &da), 0);
	CHECK(da.device_cap_flags & IBV_DEVICE_XRC);
	CHECK(verbs_get_ctx_op(f.ctx, open_xrcd) != NULL);
	CHECK(verbs_get_ctx_op(f.ctx, open_qp) == NULL);

	x = open_xrcd(f.ctx);
	CHECK(x != NULL);
	if (!x)
		exit(1);
	CHECK(x->context == f.ctx);
	CHECK_EQ(rnic_cmd_in_get_opcode(f.m->last_in), RNIC_CMD_OP_OPEN_XRCD);
	CHECK_EQ(((struct rnic_xrcd *)x)->xrcdn, MOCK_FIRST_XRCDN);
	CHECK(f.m->xrcd_open[MOCK_FIRST_XRCDN]);
	x2 = open_xrcd(f.ctx);
	CHECK(x2 != NULL);
	CHECK_EQ(((struct rnic_xrcd *)x2)->xrcdn, MOCK_FIRST_XRCDN + 1);

	/* attribute refusals, no command sent */
	memset(&xa, 0, sizeof(xa));
	xa.fd = -1;
	xa.oflags = O_CREAT;
	xa.comp_mask = IBV_XRCD_INIT_ATTR_OFLAGS; /* no FD */
	errno = 0;
	CHECK(ibv_open_xrcd(f.ctx, &xa) == NULL);
	CHECK_EQ(errno, EINVAL);
	xa.comp_mask = IBV_XRCD_INIT_ATTR_FD; /* no OFLAGS */
	errno = 0;
	CHECK(ibv_open_xrcd(f.ctx, &xa) == NULL);
	CHECK_EQ(errno, EINVAL);
	xa.comp_mask = IBV_XRCD_INIT_ATTR_FD | IBV_XRCD_INIT_ATTR_OFLAGS | IBV_XRCD_INIT_ATTR_RESERVED;
	errno = 0;
	CHECK(ibv_open_xrcd(f.ctx, &xa) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	xa.comp_mask = IBV_XRCD_INIT_ATTR_FD | IBV_XRCD_INIT_ATTR_OFLAGS;
	xa.fd = -1;
	xa.oflags = 0; /* no inode and no O_CREAT: nothing to open */
	errno = 0;
	CHECK(ibv_open_xrcd(f.ctx, &xa) == NULL);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(rnic_cmd_in_get_opcode(f.m->last_in), RNIC_CMD_OP_OPEN_XRCD);
	CHECK(!f.m->xrcd_open[MOCK_FIRST_XRCDN + 2]);
	/* the device's refusal: its errno */
	f.m->force_status = RNIC_CMD_STATUS_NO_RESOURCES;
	errno = 0;
	CHECK(open_xrcd(f.ctx) == NULL);
	CHECK_EQ(errno, ENOMEM);

	/* ibv_open_qp(3): EOPNOTSUPP (the verbs.h wrapper, no op) */
	memset(&oa, 0, sizeof(oa));
	oa.comp_mask = IBV_QP_OPEN_ATTR_NUM | IBV_QP_OPEN_ATTR_XRCD | IBV_QP_OPEN_ATTR_TYPE;
	oa.qp_num = MOCK_FIRST_QPN;
	oa.xrcd = x;
	oa.qp_type = IBV_QPT_XRC_RECV;
	errno = 0;
	CHECK(ibv_open_qp(f.ctx, &oa) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);

	/* CLOSE_XRCD BUSY: EBUSY and the domain stays */
	f.m->force_status = RNIC_CMD_STATUS_BUSY;
	f.m->force_op = RNIC_CMD_OP_CLOSE_XRCD;
	CHECK_EQ(ibv_close_xrcd(x), EBUSY);
	CHECK_EQ(rnic_cmd_in_get_opcode(f.m->last_in), RNIC_CMD_OP_CLOSE_XRCD);
	CHECK_EQ(rnic_cmd_in_get_handle(f.m->last_in), MOCK_FIRST_XRCDN);
	CHECK(f.m->xrcd_open[MOCK_FIRST_XRCDN]);
	CHECK_EQ(ibv_close_xrcd(x), 0);
	CHECK(!f.m->xrcd_open[MOCK_FIRST_XRCDN]);
	CHECK_EQ(ibv_close_xrcd(x2), 0);
	fx_close(&f);
	CHECK_EQ(mock_closed_xrcds, 0);
	remove_sim_dir(one_dev);
}

/* ibv_open_xrcd(3) with a file: the first open (O_CREAT) creates the
 * domain tied to the file's inode, later opens of that inode (through any
 * fd) share it without a command, O_EXCL refuses an existing one and an
 * inode without a domain needs O_CREAT (EINVAL, as Linux answers); each
 * open is closed on its own and the device domain goes with the last. */
static void test_xrcd_shared_through_a_file(void)
{
	char path[] = "/tmp/rnic-xrcd-XXXXXX", other[] = "/tmp/rnic-xrcd-XXXXXX";
	struct ibv_xrcd_init_attr xa;
	struct ibv_xrcd *a, *b, *c;
	int fd = mkstemp(path), fd2 = open(path, O_RDONLY), fd3 = mkstemp(other);
	uint32_t cmds;
	struct fx f;

	CHECK(fd >= 0 && fd2 >= 0 && fd3 >= 0);
	make_sim_dir(one_dev);
	fx_open(&f);
	memset(&xa, 0, sizeof(xa));
	xa.comp_mask = IBV_XRCD_INIT_ATTR_FD | IBV_XRCD_INIT_ATTR_OFLAGS;
	xa.fd = fd;
	xa.oflags = O_CREAT;
	a = ibv_open_xrcd(f.ctx, &xa);
	CHECK(a != NULL);
	if (!a)
		exit(1);
	CHECK_EQ(rnic_cmd_in_get_opcode(f.m->last_in), RNIC_CMD_OP_OPEN_XRCD);
	CHECK_EQ(((struct rnic_xrcd *)a)->xrcdn, MOCK_FIRST_XRCDN);
	cmds = f.m->cmd_count;
	/* the same inode through another fd, without O_CREAT: shared */
	xa.fd = fd2;
	xa.oflags = 0;
	b = ibv_open_xrcd(f.ctx, &xa);
	CHECK(b != NULL && b != a);
	CHECK_EQ(f.m->cmd_count, cmds);
	CHECK(b && ((struct rnic_xrcd *)b)->xrcdn == MOCK_FIRST_XRCDN);
	/* O_EXCL on an inode with a domain: EINVAL */
	xa.oflags = O_CREAT | O_EXCL;
	errno = 0;
	CHECK(ibv_open_xrcd(f.ctx, &xa) == NULL);
	CHECK_EQ(errno, EINVAL);
	/* another inode without a domain and without O_CREAT: EINVAL */
	xa.fd = fd3;
	xa.oflags = 0;
	errno = 0;
	CHECK(ibv_open_xrcd(f.ctx, &xa) == NULL);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(f.m->cmd_count, cmds);
	/* a bad fd: fstat's EBADF */
	xa.fd = 1000;
	xa.oflags = O_CREAT;
	errno = 0;
	CHECK(ibv_open_xrcd(f.ctx, &xa) == NULL);
	CHECK_EQ(errno, EBADF);
	/* with O_CREAT, that other inode gets a domain of its own */
	xa.fd = fd3;
	c = ibv_open_xrcd(f.ctx, &xa);
	CHECK(c && ((struct rnic_xrcd *)c)->xrcdn == MOCK_FIRST_XRCDN + 1);
	/* closing one of two opens keeps the domain */
	cmds = f.m->cmd_count;
	CHECK_EQ(ibv_close_xrcd(a), 0);
	CHECK_EQ(f.m->cmd_count, cmds);
	CHECK(f.m->xrcd_open[MOCK_FIRST_XRCDN]);
	CHECK_EQ(ibv_close_xrcd(b), 0);
	CHECK_EQ(rnic_cmd_in_get_opcode(f.m->last_in), RNIC_CMD_OP_CLOSE_XRCD);
	CHECK(!f.m->xrcd_open[MOCK_FIRST_XRCDN]);
	fx_close(&f); /* closes c */
	CHECK_EQ(mock_closed_xrcds, 0);
	remove_sim_dir(one_dev);
	close(fd);
	close(fd2);
	close(fd3);
	unlink(path);
	unlink(other);
}

/* ibv_create_srq_ex(3): IBV_SRQT_BASIC as ibv_create_srq (through the
 * inline shortcut and through the op), IBV_SRQT_XRC with its domain and
 * CQ in CREATE_SRQ; the attributes an XRC SRQ needs; ibv_get_srq_num;
 * the CQ and the domain are held while it lives. */
static void test_create_srq_ex(void)
{
	struct fx f;
	struct ibv_srq_init_attr_ex a;
	struct ibv_xrcd *x;
	struct ibv_srq *b1, *b2, *xs;
	const uint32_t *c;
	uint32_t num;

	make_sim_dir(one_dev);
	fx_open(&f);
	x = open_xrcd(f.ctx);
	CHECK(x != NULL);
	if (!x)
		exit(1);

	/* basic, only PD and TYPE: the inline calls ibv_create_srq */
	memset(&a, 0, sizeof(a));
	a.attr.max_wr = 5;
	a.attr.max_sge = 2;
	a.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD;
	a.srq_type = IBV_SRQT_BASIC;
	a.pd = f.pd;
	b1 = ibv_create_srq_ex(f.ctx, &a);
	CHECK(b1 != NULL);
	CHECK_EQ(a.attr.max_wr, 8);
	/* basic with a CQ named: through the op; xrcd and cq ignored */
	a.attr.max_wr = 5;
	a.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD | IBV_SRQ_INIT_ATTR_CQ;
	a.cq = f.rcq;
	a.srq_context = &a;
	b2 = ibv_create_srq_ex(f.ctx, &a);
	CHECK(b2 != NULL);
	if (!b1 || !b2)
		exit(1);
	CHECK(b2->srq_context == &a);
	CHECK(b2->pd == f.pd);
	CHECK_EQ(a.attr.max_wr, 8);
	CHECK_EQ(a.attr.max_sge, 3); /* 64-byte stride */
	c = f.m->srq[b2->handle].create;
	CHECK_EQ(rnic_cmd_create_srq_in_get_xrc(c), 0);
	CHECK_EQ(rnic_cmd_create_srq_in_get_cqn(c), 0);
	CHECK_EQ(rnic_cmd_create_srq_in_get_log_size(c), 3);

	/* XRC */
	xs = make_xrc_srq(&f, x, f.rcq, 16);
	CHECK(xs != NULL);
	if (!xs)
		exit(1);
	c = f.m->srq[xs->handle].create;
	CHECK_EQ(rnic_cmd_create_srq_in_get_xrc(c), 1);
	CHECK_EQ(rnic_cmd_create_srq_in_get_xrcdn(c), MOCK_FIRST_XRCDN);
	CHECK_EQ(rnic_cmd_create_srq_in_get_cqn(c), f.rcq->handle);
	CHECK_EQ(rnic_cmd_create_srq_in_get_pdn(c), f.pd->handle);
	CHECK_EQ(rnic_cmd_create_srq_in_get_log_size(c), 4);
	CHECK_EQ(rnic_cmd_create_srq_in_get_log_stride(c), 5);
	CHECK(rnic_xsrq_find(rnic_ctx(f.ctx), xs->handle) == (struct rnic_srq *)xs);
	CHECK(rnic_xsrq_find(rnic_ctx(f.ctx), b2->handle) == NULL); /* basic: not XRC */
	CHECK(xs->pd == f.pd);
	num = 0;
	CHECK_EQ(ibv_get_srq_num(xs, &num), 0);
	CHECK_EQ(num, xs->handle);
	CHECK_EQ(ibv_get_srq_num(b1, &num), 0);
	CHECK_EQ(num, b1->handle);

	/* what an XRC SRQ needs */
	memset(&a, 0, sizeof(a));
	a.attr.max_wr = 4;
	a.attr.max_sge = 1;
	a.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD | IBV_SRQ_INIT_ATTR_CQ;
	a.srq_type = IBV_SRQT_XRC;
	a.pd = f.pd;
	a.xrcd = x;
	a.cq = f.rcq;
	errno = 0;
	CHECK(ibv_create_srq_ex(f.ctx, &a) == NULL); /* no XRCD bit */
	CHECK_EQ(errno, EINVAL);
	a.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD | IBV_SRQ_INIT_ATTR_XRCD;
	errno = 0;
	CHECK(ibv_create_srq_ex(f.ctx, &a) == NULL); /* no CQ bit */
	CHECK_EQ(errno, EINVAL);
	a.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_XRCD | IBV_SRQ_INIT_ATTR_CQ;
	errno = 0;
	CHECK(ibv_create_srq_ex(f.ctx, &a) == NULL); /* no PD */
	CHECK_EQ(errno, EINVAL);
	a.comp_mask = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD | IBV_SRQ_INIT_ATTR_XRCD |
		      IBV_SRQ_INIT_ATTR_CQ;
	a.cq = NULL;
	errno = 0;
	CHECK(ibv_create_srq_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	a.cq = f.rcq;
	a.attr.max_sge = 0;
	errno = 0;
	CHECK(ibv_create_srq_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	a.attr.max_sge = 1;
	a.srq_type = IBV_SRQT_TM;
	errno = 0;
	CHECK(ibv_create_srq_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	a.srq_type = IBV_SRQT_XRC;
	a.comp_mask |= IBV_SRQ_INIT_ATTR_TM;
	errno = 0;
	CHECK(ibv_create_srq_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	CHECK_EQ(ibv_create_srq_ex(f.ctx, &a) == NULL, 1);

	/* the device holds the CQ and the domain while the SRQ lives */
	CHECK_EQ(ibv_destroy_cq(f.rcq), EBUSY);
	CHECK_EQ(ibv_close_xrcd(x), EBUSY);
	/* the srq's number leaves the table with it */
	CHECK_EQ(ibv_destroy_srq(xs), 0);
	CHECK(rnic_xsrq_find(rnic_ctx(f.ctx), f.m->last_in[1]) == NULL);
	CHECK_EQ(rnic_cmd_in_get_opcode(f.m->last_in), RNIC_CMD_OP_DESTROY_SRQ);
	CHECK_EQ(ibv_close_xrcd(x), 0);
	CHECK_EQ(ibv_destroy_srq(b1), 0);
	CHECK_EQ(ibv_destroy_srq(b2), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_create_qp_ex(3) for XRC: the initiator (PD, send CQ and queue, no
 * receive side) and the target (only the domain); what CREATE_QP carries,
 * the capabilities and objects read back; the refusals. */
static void test_create_xrc_qps(void)
{
	struct fx f;
	struct ibv_qp_init_attr_ex a;
	struct ibv_qp_init_attr qi;
	struct ibv_qp_attr qa;
	struct ibv_xrcd *x;
	struct ibv_srq *xs;
	struct ibv_qp *ini, *tgt, *t2;
	struct ibv_recv_wr rw, *rbad;
	struct ibv_send_wr sw, *sbad;
	const uint32_t *c;
	uint32_t db0;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	x = open_xrcd(f.ctx);
	CHECK(x != NULL);
	if (!x)
		exit(1);
	xs = make_xrc_srq(&f, x, f.rcq, 8);

	ini = make_xrc_send(&f, &a);
	CHECK(ini != NULL);
	if (!ini)
		exit(1);
	c = f.m->qp[ini->qp_num].create;
	CHECK_EQ(rnic_cmd_create_qp_in_get_type(c), RNIC_QP_TYPE_XRC_SEND);
	CHECK_EQ(rnic_cmd_create_qp_in_get_pdn(c), f.pd->handle);
	CHECK_EQ(rnic_cmd_create_qp_in_get_send_cqn(c), f.scq->handle);
	CHECK_EQ(rnic_cmd_create_qp_in_get_recv_cqn(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_srq_en(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_size(c), 3);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_stride(c), 7); /* 64 + 2 * 16 -> 128 */
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_rq_size(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_rq_stride(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_rq_base(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_xrcdn(c), 0);
	CHECK(rnic_cmd_create_qp_in_get_sq_base(c) != 0);
	CHECK_EQ(a.cap.max_send_wr, 8);
	CHECK_EQ(a.cap.max_send_sge, 4);
	CHECK_EQ(a.cap.max_recv_wr, 0);
	CHECK_EQ(a.cap.max_recv_sge, 0);
	CHECK_EQ(ini->qp_type, IBV_QPT_XRC_SEND);
	CHECK(ini->pd == f.pd);
	CHECK(ini->send_cq == f.scq);
	CHECK(ini->recv_cq == NULL);
	CHECK(ini->srq == NULL);

	tgt = make_xrc_recv(&f, x);
	CHECK(tgt != NULL);
	if (!tgt)
		exit(1);
	c = f.m->qp[tgt->qp_num].create;
	CHECK_EQ(rnic_cmd_create_qp_in_get_type(c), RNIC_QP_TYPE_XRC_RECV);
	CHECK_EQ(rnic_cmd_create_qp_in_get_xrcdn(c), MOCK_FIRST_XRCDN);
	CHECK_EQ(rnic_cmd_create_qp_in_get_pdn(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_send_cqn(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_recv_cqn(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_sq_base(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_stride(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_rq_base(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_sq_sig_all(c), 0);
	CHECK_EQ(tgt->qp_type, IBV_QPT_XRC_RECV);
	CHECK(tgt->pd == NULL && tgt->send_cq == NULL && tgt->recv_cq == NULL && tgt->srq == NULL);
	CHECK_EQ(f.m->xrcd_refs[MOCK_FIRST_XRCDN], 2); /* the SRQ and the target */
	CHECK_EQ(ibv_query_qp(tgt, &qa, IBV_QP_CAP, &qi), 0);
	CHECK_EQ(qi.qp_type, IBV_QPT_XRC_RECV);
	CHECK_EQ(qi.cap.max_send_wr, 0);
	CHECK_EQ(qi.cap.max_recv_wr, 0);
	CHECK_EQ(qi.cap.max_inline_data, 0);
	CHECK(qi.send_cq == NULL && qi.recv_cq == NULL);

	/* refusals */
	memset(&a, 0, sizeof(a));
	a.qp_type = IBV_QPT_XRC_RECV;
	a.comp_mask = IBV_QP_INIT_ATTR_PD; /* the target needs its domain */
	a.pd = f.pd;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	a.comp_mask = IBV_QP_INIT_ATTR_XRCD;
	a.xrcd = NULL;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	a.xrcd = x;
	a.comp_mask = IBV_QP_INIT_ATTR_XRCD | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	a.comp_mask = IBV_QP_INIT_ATTR_XRCD | IBV_QP_INIT_ATTR_CREATE_FLAGS;
	a.create_flags = IBV_QP_CREATE_SCATTER_FCS;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	a.create_flags = 0; /* no flag: fine */
	t2 = ibv_create_qp_ex(f.ctx, &a);
	CHECK(t2 != NULL);
	CHECK(t2 && ibv_destroy_qp(t2) == 0);
	make_xrc_send(&f, &a);
	a.send_cq = NULL; /* the initiator needs its send CQ */
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	{
		/* ibv_create_qp can make no target (no domain to name) */
		struct ibv_qp_init_attr ia;

		memset(&ia, 0, sizeof(ia));
		ia.qp_type = IBV_QPT_XRC_RECV;
		ia.send_cq = f.scq;
		ia.recv_cq = f.rcq;
		errno = 0;
		CHECK(ibv_create_qp(f.pd, &ia) == NULL);
		CHECK_EQ(errno, EINVAL);
		/* an XRC SRQ is no SRQ to attach an RC QP to */
		ia.qp_type = IBV_QPT_RC;
		ia.srq = xs;
		ia.cap.max_send_wr = 1;
		ia.cap.max_send_sge = 1;
		errno = 0;
		CHECK(ibv_create_qp(f.pd, &ia) == NULL);
		CHECK_EQ(errno, EINVAL);
	}

	/* ibv_post_recv(3): neither has a receive queue: EINVAL, bad_wr */
	CHECK_EQ(qp_up(ini, tgt->qp_num), 0);
	CHECK_EQ(qp_to_init(tgt), 0);
	CHECK_EQ(qp_to_rtr(tgt, ini->qp_num, 0x0A000002), 0);
	memset(&rw, 0, sizeof(rw));
	db0 = f.m->db_count;
	rbad = NULL;
	CHECK_EQ(ibv_post_recv(ini, &rw, &rbad), EINVAL);
	CHECK(rbad == &rw);
	rbad = NULL;
	CHECK_EQ(ibv_post_recv(tgt, &rw, &rbad), EINVAL);
	CHECK(rbad == &rw);
	/* a target sends nothing */
	CHECK_EQ(qp_to_rts(tgt), 0);
	memset(&sw, 0, sizeof(sw));
	sw.opcode = IBV_WR_SEND;
	sbad = NULL;
	CHECK_EQ(ibv_post_send(tgt, &sw, &sbad), EINVAL);
	CHECK(sbad == &sw);
	CHECK_EQ(f.m->db_count, db0);
	/* ibv_query_qp: the state the firmware reports */
	CHECK_EQ(ibv_query_qp(tgt, &qa, IBV_QP_STATE, &qi), 0);
	CHECK_EQ(qa.qp_state, IBV_QPS_RTS);

	CHECK_EQ(ibv_close_xrcd(x), EBUSY);
	CHECK_EQ(ibv_destroy_qp(tgt), 0);
	CHECK_EQ(ibv_destroy_qp(ini), 0);
	CHECK_EQ(ibv_destroy_srq(xs), 0);
	CHECK_EQ(f.m->xrcd_refs[MOCK_FIRST_XRCDN], 0);
	CHECK_EQ(ibv_close_xrcd(x), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_post_send(3) on XRC_SEND: the RC opcode set, and the WQE carries
 * qp_type.xrc.remote_srqn in dest_qpn (no UD address vector). */
static void test_xrc_send_wqe_bytes(void)
{
	struct fx f;
	struct ibv_qp_init_attr_ex a;
	struct ibv_qp *ini;
	struct ibv_sge s;
	struct ibv_send_wr sw, *bad;
	const uint32_t *w;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	ini = make_xrc_send(&f, &a);
	CHECK(ini != NULL);
	if (!ini)
		exit(1);
	CHECK_EQ(qp_up(ini, 77), 0);
	s.addr = (uintptr_t)f.buf;
	s.length = 100;
	s.lkey = f.mr->lkey;
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 0x51;
	sw.opcode = IBV_WR_RDMA_WRITE;
	sw.send_flags = IBV_SEND_SIGNALED | IBV_SEND_FENCE;
	sw.sg_list = &s;
	sw.num_sge = 1;
	sw.wr.rdma.remote_addr = 0x123456789ull;
	sw.wr.rdma.rkey = 0xABCD;
	sw.qp_type.xrc.remote_srqn = 0xBEEF42;
	CHECK_EQ(ibv_post_send(ini, &sw, &bad), 0);
	w = mock_sq_wqe(f.m, ini->qp_num, 0);
	CHECK_EQ(rnic_send_wqe_get_opcode(w), RNIC_WQE_OP_RDMA_WRITE);
	CHECK_EQ(rnic_send_wqe_get_flags(w), RNIC_WQE_FLAG_SIGNALED | RNIC_WQE_FLAG_FENCE);
	CHECK_EQ(rnic_send_wqe_get_dest_qpn(w), 0xBEEF42);
	CHECK_EQ(rnic_send_wqe_get_remote_addr(w), 0x123456789ull);
	CHECK_EQ(rnic_send_wqe_get_rkey(w), 0xABCD);
	CHECK_EQ(rnic_send_wqe_get_length(w), 100);
	CHECK_EQ(rnic_send_wqe_get_qkey(w), 0);
	CHECK_EQ(rnic_send_wqe_get_ah_dip(w), 0);
	CHECK_EQ(((struct rnic_qp *)ini)->sq.wrid[0], 0x51);
	/* the RC column: atomics and READ are fine, TSO is not */
	sw.opcode = IBV_WR_ATOMIC_FETCH_AND_ADD;
	sw.send_flags = 0;
	s.length = 8;
	sw.wr.atomic.remote_addr = 0x1000;
	sw.wr.atomic.rkey = 0xABCD;
	sw.wr.atomic.compare_add = 5;
	sw.qp_type.xrc.remote_srqn = 9;
	CHECK_EQ(ibv_post_send(ini, &sw, &bad), 0);
	w = mock_sq_wqe(f.m, ini->qp_num, 1);
	CHECK_EQ(rnic_send_wqe_get_opcode(w), RNIC_WQE_OP_ATOMIC_FA);
	CHECK_EQ(rnic_send_wqe_get_dest_qpn(w), 9);
	sw.opcode = IBV_WR_TSO;
	bad = NULL;
	CHECK_EQ(ibv_post_send(ini, &sw, &bad), EINVAL);
	CHECK(bad == &sw);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* A SEND from an XRC initiator to an XRC target: the receive completes on
 * the CQ of the XRC SRQ the WR names, with that SRQ's wr_id, the target's
 * qp_num and the initiator as src_qp, and frees the SRQ slot; a receive
 * CQE of a target that is gone frees the slot unreported; one naming no
 * XRC SRQ is dropped. */
static void test_xrc_loopback_and_poll(void)
{
	struct fx f;
	struct ibv_qp_init_attr_ex a;
	struct ibv_xrcd *x;
	struct ibv_cq *xcq;
	struct ibv_srq *xs[2];
	struct ibv_qp *ini, *tgt, *tgt2;
	struct ibv_sge s, r[2];
	struct ibv_send_wr sw, *sbad;
	struct ibv_recv_wr rw, *rbad;
	struct ibv_wc wc[4];
	uint32_t num[2], e[RNIC_CQE_WORDS];
	int i;

	make_sim_dir(one_dev);
	fx_open(&f);
	x = open_xrcd(f.ctx);
	xcq = ibv_create_cq(f.ctx, 16, NULL, NULL, 0);
	CHECK(x && xcq);
	if (!x || !xcq)
		exit(1);
	xs[0] = make_xrc_srq(&f, x, xcq, 4);
	xs[1] = make_xrc_srq(&f, x, xcq, 4);
	ini = make_xrc_send(&f, &a);
	tgt = make_xrc_recv(&f, x);
	CHECK(xs[0] && xs[1] && ini && tgt);
	if (!xs[0] || !xs[1] || !ini || !tgt)
		exit(1);
	CHECK_EQ(ibv_get_srq_num(xs[0], &num[0]), 0);
	CHECK_EQ(ibv_get_srq_num(xs[1], &num[1]), 0);
	CHECK_EQ(qp_up(ini, tgt->qp_num), 0);
	CHECK_EQ(qp_to_init(tgt), 0);
	CHECK_EQ(qp_to_rtr(tgt, ini->qp_num, 0x0A000002), 0); /* a target may stay in RTR */
	for (i = 0; i < 2; i++) {
		r[i].addr = (uintptr_t)f.buf + 8192 + 4096 * (unsigned)i;
		r[i].length = 1024;
		r[i].lkey = f.mr->lkey;
		memset(&rw, 0, sizeof(rw));
		rw.wr_id = 0xD0 + (uint64_t)i;
		rw.sg_list = &r[i];
		rw.num_sge = 1;
		CHECK_EQ(ibv_post_srq_recv(xs[i], &rw, &rbad), 0);
	}
	for (i = 0; i < 300; i++)
		f.buf[i] = (uint8_t)(i * 7 + 1);

	/* to the second SRQ: its WQE, on its CQ */
	s.addr = (uintptr_t)f.buf;
	s.length = 300;
	s.lkey = f.mr->lkey;
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 0x61;
	sw.opcode = IBV_WR_SEND_WITH_IMM;
	sw.imm_data = htobe32(0x11223344);
	sw.send_flags = IBV_SEND_SIGNALED;
	sw.sg_list = &s;
	sw.num_sge = 1;
	sw.qp_type.xrc.remote_srqn = num[1];
	CHECK_EQ(ibv_post_send(ini, &sw, &sbad), 0);
	CHECK_EQ(ibv_poll_cq(f.scq, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 0x61);
	CHECK_EQ(wc[0].status, IBV_WC_SUCCESS);
	CHECK_EQ(wc[0].opcode, IBV_WC_SEND);
	CHECK_EQ(wc[0].qp_num, ini->qp_num);
	CHECK_EQ(ibv_poll_cq(f.rcq, 4, wc), 0); /* not the initiator's recv_cq */
	CHECK_EQ(ibv_poll_cq(xcq, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 0xD1);
	CHECK_EQ(wc[0].status, IBV_WC_SUCCESS);
	CHECK_EQ(wc[0].opcode, IBV_WC_RECV);
	CHECK_EQ(wc[0].byte_len, 300);
	CHECK_EQ(wc[0].qp_num, tgt->qp_num);
	CHECK_EQ(wc[0].src_qp, ini->qp_num);
	CHECK_EQ(wc[0].wc_flags, IBV_WC_WITH_IMM);
	CHECK_EQ(wc[0].imm_data, htobe32(0x11223344));
	CHECK(memcmp(f.buf + 8192 + 4096, f.buf, 300) == 0);
	CHECK_EQ(((struct rnic_srq *)xs[1])->wq.ci, 1);
	CHECK_EQ(((struct rnic_srq *)xs[0])->wq.ci, 0);

	/* an SRQ number the target's domain does not have: refused */
	sw.wr_id = 0x62;
	sw.qp_type.xrc.remote_srqn = num[1] + 7;
	CHECK_EQ(ibv_post_send(ini, &sw, &sbad), 0);
	CHECK_EQ(ibv_poll_cq(f.scq, 4, wc), 1);
	CHECK_EQ(wc[0].wr_id, 0x62);
	CHECK_EQ(wc[0].status, IBV_WC_REM_INV_REQ_ERR);
	CHECK_EQ(ibv_poll_cq(xcq, 4, wc), 0);

	/* CQEs the device wrote for a target now gone (tgt2) and for an SRQ
	 * number that is no XRC SRQ: nothing reported; the first gives its
	 * SRQ slot back */
	tgt2 = make_xrc_recv(&f, x);
	CHECK(tgt2 != NULL);
	memset(e, 0, sizeof(e));
	rnic_cqe_set_opcode(e, RNIC_CQE_OP_RESP_RECV);
	rnic_cqe_set_qpn(e, tgt2->qp_num);
	rnic_cqe_set_srqn(e, num[0]);
	rnic_cqe_set_wqe_index(e, 0);
	CHECK_EQ(ibv_destroy_qp(tgt2), 0);
	CHECK_EQ(mock_cq_push(f.m, xcq->handle, e), 0);
	rnic_cqe_set_qpn(e, tgt->qp_num);
	rnic_cqe_set_srqn(e, 0);
	CHECK_EQ(mock_cq_push(f.m, xcq->handle, e), 0);
	CHECK_EQ(ibv_poll_cq(xcq, 4, wc), 0);
	CHECK_EQ(((struct rnic_srq *)xs[0])->wq.ci, 1);
	CHECK_EQ(f.m->srq[num[0]].ci, 0); /* the device never took it: a made-up CQE */

	/* close with everything live: QPs, SRQs, domain, in that order */
	fx_close(&f);
	CHECK_EQ(mock_closed_xrcds, 0);
	CHECK_EQ(mock_closed_busy, 0);
	CHECK_EQ(mock_closed_uctx_live, 0);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* RAW_PACKET QPs and flow steering                                    */

/* ibv_create_qp(3) with IBV_QPT_RAW_PACKET: CREATE_QP of type RAW with the
 * PD, both CQs and both rings (or an SRQ); the states the kernel's
 * IB_QPT_RAW_PACKET rules allow with the fewest attributes: RESET->INIT
 * with PORT only, INIT->RTR and RTR->RTS with STATE only. The device
 * reports managed flow steering and raw IP checksum offload (not UD's). */
static void test_raw_qp_create_and_modify(void)
{
	struct fx f;
	struct ibv_qp *qp, *sq;
	struct ibv_srq *srq;
	struct ibv_qp_attr a;
	struct ibv_qp_init_attr ia;
	struct ibv_device_attr da;
	struct ibv_recv_wr rw, *rbad = NULL;
	const uint32_t *c;

	make_sim_dir(one_dev);
	fx_open(&f);
	CHECK(verbs_get_ctx_op(f.ctx, ibv_create_flow) != NULL);
	CHECK(verbs_get_ctx_op(f.ctx, ibv_destroy_flow) != NULL);
	CHECK_EQ(ibv_query_device(f.ctx, &da), 0);
	CHECK(da.device_cap_flags & IBV_DEVICE_MANAGED_FLOW_STEERING);
	CHECK(da.device_cap_flags & IBV_DEVICE_RAW_IP_CSUM);
	CHECK(!(da.device_cap_flags & IBV_DEVICE_UD_IP_CSUM));

	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RAW_PACKET, 16, 16, 2, 2, 64, 0);
	CHECK(qp != NULL);
	if (!qp)
		exit(1);
	CHECK_EQ(qp->qp_type, IBV_QPT_RAW_PACKET);
	c = f.m->qp[qp->qp_num].create;
	CHECK_EQ(rnic_cmd_create_qp_in_get_type(c), RNIC_QP_TYPE_RAW);
	CHECK_EQ(rnic_cmd_create_qp_in_get_pdn(c), ((struct rnic_pd *)f.pd)->pdn);
	CHECK_EQ(rnic_cmd_create_qp_in_get_send_cqn(c), ((struct rnic_cq *)f.scq)->cqn);
	CHECK_EQ(rnic_cmd_create_qp_in_get_recv_cqn(c), ((struct rnic_cq *)f.rcq)->cqn);
	CHECK_EQ(rnic_cmd_create_qp_in_get_srq_en(c), 0);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_size(c), 4);
	CHECK_EQ(rnic_cmd_create_qp_in_get_log_rq_size(c), 4);
	CHECK(rnic_cmd_create_qp_in_get_sq_base(c) != 0);
	CHECK(rnic_cmd_create_qp_in_get_rq_base(c) != 0);

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_INIT;
	a.port_num = 1;
	CHECK_EQ(ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PORT), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_attr_mask(f.m->qp[qp->qp_num].attr),
		 RNIC_QP_ATTR_MASK_STATE | RNIC_QP_ATTR_MASK_PORT);
	CHECK_EQ(rnic_cmd_qp_attr_get_port_num(f.m->qp[qp->qp_num].attr), 1);
	a.qp_state = IBV_QPS_RTR;
	CHECK_EQ(ibv_modify_qp(qp, &a, IBV_QP_STATE), 0);
	a.qp_state = IBV_QPS_RTS;
	CHECK_EQ(ibv_modify_qp(qp, &a, IBV_QP_STATE), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_attr_mask(f.m->qp[qp->qp_num].attr),
		 RNIC_QP_ATTR_MASK_STATE);
	CHECK_EQ(qp->state, IBV_QPS_RTS);
	CHECK_EQ(ibv_query_qp(qp, &a, IBV_QP_STATE, &ia), 0);
	CHECK_EQ(ia.qp_type, IBV_QPT_RAW_PACKET);
	CHECK_EQ(ibv_destroy_qp(qp), 0);

	/* on an SRQ: no receive ring of its own, ibv_post_recv refused */
	srq = make_srq(f.pd, 8, 1, 0);
	CHECK(srq != NULL);
	if (!srq)
		exit(1);
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = f.scq;
	ia.recv_cq = f.rcq;
	ia.srq = srq;
	ia.qp_type = IBV_QPT_RAW_PACKET;
	ia.cap.max_send_wr = 4;
	ia.cap.max_send_sge = 1;
	sq = ibv_create_qp(f.pd, &ia);
	CHECK(sq != NULL);
	if (!sq)
		exit(1);
	c = f.m->qp[sq->qp_num].create;
	CHECK_EQ(rnic_cmd_create_qp_in_get_type(c), RNIC_QP_TYPE_RAW);
	CHECK_EQ(rnic_cmd_create_qp_in_get_srq_en(c), 1);
	CHECK_EQ(rnic_cmd_create_qp_in_get_srqn(c), srq->handle);
	CHECK_EQ(ia.cap.max_recv_wr, 0);
	memset(&rw, 0, sizeof(rw));
	CHECK_EQ(ibv_post_recv(sq, &rw, &rbad), EINVAL);
	CHECK(rbad == &rw);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_post_send(3) on RAW_PACKET: a SEND whose SGEs (or inline bytes) are
 * the whole frame; the WQE is the control segment (opcode SEND, flags,
 * num_sge, wqe_index, length = frame bytes, imm 0) and the data segments,
 * with every address field (dest_qpn, qkey, AH) zero. The RAW_PACKET column
 * holds SEND and TSO (test_tso_*); IP_CSUM sets the WQE flag, inline or not
 * (IBV_DEVICE_RAW_IP_CSUM). A frame the device will refuse for its length
 * is still posted: the device completes it with IBV_WC_LOC_LEN_ERR. */
static void test_raw_send_wqe_bytes(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct ibv_qp_attr a;
	struct ibv_send_wr wr, *bad = NULL;
	struct ibv_sge sge[2];
	uint8_t frame[60];
	uint32_t *w, qpn, db0, i;
	static const int refused_ops[] = {IBV_WR_SEND_WITH_IMM, IBV_WR_RDMA_WRITE,
					  IBV_WR_RDMA_WRITE_WITH_IMM, IBV_WR_RDMA_READ,
					  IBV_WR_ATOMIC_CMP_AND_SWP, IBV_WR_SEND_WITH_INV,
					  IBV_WR_LOCAL_INV, IBV_WR_BIND_MW};

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RAW_PACKET, 8, 8, 2, 1, 64, 0);
	if (!qp)
		exit(1);
	qpn = qp->qp_num;
	memset(&a, 0, sizeof(a));
	a.port_num = 1;
	a.qp_state = IBV_QPS_INIT;
	CHECK_EQ(ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PORT), 0);
	a.qp_state = IBV_QPS_RTR;
	CHECK_EQ(ibv_modify_qp(qp, &a, IBV_QP_STATE), 0);
	a.qp_state = IBV_QPS_RTS;
	CHECK_EQ(ibv_modify_qp(qp, &a, IBV_QP_STATE), 0);

	/* a 60-byte frame: the Ethernet header in one SGE, the payload in
	 * the next */
	for (i = 0; i < 60; i++)
		f.buf[i] = (uint8_t)(0x30 + i);
	sge[0].addr = (uintptr_t)f.buf;
	sge[0].length = 14;
	sge[0].lkey = f.mr->lkey;
	sge[1].addr = (uintptr_t)f.buf + 14;
	sge[1].length = 46;
	sge[1].lkey = f.mr->lkey;
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = 0xF00D;
	wr.opcode = IBV_WR_SEND;
	wr.send_flags = IBV_SEND_SIGNALED;
	wr.sg_list = sge;
	wr.num_sge = 2;
	wr.wr.ud.remote_qpn = 0x123; /* not UD: never read */
	wr.wr.ud.remote_qkey = 0x456;
	db0 = f.m->db_count;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_val[db0], rnic_db_sq_qpn(qpn) | rnic_db_sq_pi(1));
	w = mock_sq_wqe(f.m, qpn, 0);
	check_ctrl(w, RNIC_WQE_OP_SEND, RNIC_WQE_FLAG_SIGNALED, 2, 0, 0, 60);
	check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
	CHECK_EQ(rnic_send_wqe_get_dest_qpn(w), 0);
	CHECK_EQ(rnic_send_wqe_get_qkey(w), 0);
	CHECK_EQ(rnic_send_wqe_get_ah_dip(w), 0);
	check_sge(w + RNIC_SEND_WQE_WORDS, &sge[0]);
	check_sge(w + RNIC_SEND_WQE_WORDS + RNIC_DATA_SEG_WORDS, &sge[1]);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.wrid[0], 0xF00D);

	/* inline: the frame's bytes follow the control segment */
	memcpy(frame, f.buf, sizeof(frame));
	sge[0].addr = (uintptr_t)frame;
	sge[0].length = sizeof(frame);
	sge[0].lkey = 0xBAD;
	wr.sg_list = sge;
	wr.num_sge = 1;
	wr.send_flags = IBV_SEND_INLINE;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	memset(frame, 0, sizeof(frame)); /* reusable at once */
	w = mock_sq_wqe(f.m, qpn, 1);
	check_ctrl(w, RNIC_WQE_OP_SEND, RNIC_WQE_FLAG_INLINE, 0, 1, 0, 60);
	check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
	CHECK(memcmp(w + RNIC_SEND_WQE_WORDS, f.buf, 60) == 0);

	/* too short for a frame: posted, the device judges the length */
	sge[0].addr = (uintptr_t)f.buf;
	sge[0].length = 10;
	sge[0].lkey = f.mr->lkey;
	wr.send_flags = 0;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	check_ctrl(mock_sq_wqe(f.m, qpn, 2), RNIC_WQE_OP_SEND, 0, 1, 2, 0, 10);

	/* IP_CSUM: the flag in the WQE, with SGEs and inline */
	sge[0].length = 60;
	wr.send_flags = IBV_SEND_IP_CSUM | IBV_SEND_SIGNALED;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	w = mock_sq_wqe(f.m, qpn, 3);
	check_ctrl(w, RNIC_WQE_OP_SEND, RNIC_WQE_FLAG_IP_CSUM | RNIC_WQE_FLAG_SIGNALED, 1, 3, 0, 60);
	check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
	check_sge(w + RNIC_SEND_WQE_WORDS, &sge[0]);
	wr.send_flags = IBV_SEND_IP_CSUM | IBV_SEND_INLINE;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	w = mock_sq_wqe(f.m, qpn, 4);
	check_ctrl(w, RNIC_WQE_OP_SEND, RNIC_WQE_FLAG_IP_CSUM | RNIC_WQE_FLAG_INLINE, 0, 4, 0, 60);
	CHECK(memcmp(w + RNIC_SEND_WQE_WORDS, f.buf, 60) == 0);

	/* outside the RAW_PACKET column, too many SGEs: EINVAL, bad_wr,
	 * nothing posted (TSO: test_tso_refusals) */
	db0 = f.m->db_count;
	for (i = 0; i < sizeof(refused_ops) / sizeof(refused_ops[0]); i++) {
		wr.opcode = (enum ibv_wr_opcode)refused_ops[i];
		bad = NULL;
		CHECK_EQ(ibv_post_send(qp, &wr, &bad), EINVAL);
		CHECK(bad == &wr);
	}
	wr.opcode = IBV_WR_SEND;
	wr.send_flags = 0;
	wr.num_sge = (int)((struct rnic_qp *)qp)->sq.max_sge + 1;
	bad = NULL;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), EINVAL);
	CHECK(bad == &wr);
	wr.num_sge = 1;
	wr.send_flags = IBV_SEND_INLINE;
	sge[0].length = 65; /* max_inline_data 64 */
	bad = NULL;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), EINVAL);
	CHECK(bad == &wr);
	CHECK_EQ(f.m->db_count, db0);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.pi, 5);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* RAW_PACKET TSO and checksum offload                                 */

/* ibv_device_attr_ex up to and with member m. */
#define T_AX_END(m) \
	(offsetof(struct ibv_device_attr_ex, m) + sizeof(((struct ibv_device_attr_ex *)0)->m))

/* ibv_query_device_ex(3): the inline wrapper reaches the library's op;
 * orig_attr is ibv_query_device(3)'s; tso_caps says MAX_TSO payload bytes
 * on RAW_PACKET QPs only, raw_packet_caps IP_CSUM, device_cap_flags
 * RAW_IP_CSUM and not UD_IP_CSUM; comp_mask and the extended members the
 * device lacks are 0. A shorter attr_size (an older verbs.h) gets no byte
 * past it and no member it does not hold whole; attr_size short of
 * orig_attr, or an input comp_mask, is EINVAL. */
static void test_query_device_ex_caps(void)
{
	static const size_t sizes[] = {
		sizeof(struct ibv_device_attr),
		T_AX_END(tso_caps) - 1,
		T_AX_END(tso_caps),
		T_AX_END(raw_packet_caps) - 1,
		T_AX_END(raw_packet_caps),
	};
	struct fx f;
	struct ibv_device_attr da;
	struct ibv_device_attr_ex ax;
	struct ibv_query_device_ex_input in;
	struct verbs_context *vctx;
	struct {
		struct ibv_device_attr_ex a;
		uint8_t tail[16];
	} big;
	const uint8_t *raw = (const uint8_t *)&big;
	size_t i, k;

	make_sim_dir(one_dev);
	fx_open(&f);
	vctx = verbs_get_ctx_op(f.ctx, query_device_ex);
	CHECK(vctx != NULL);
	if (!vctx)
		exit(1);
	memset(&ax, 0xA5, sizeof(ax));
	CHECK_EQ(ibv_query_device_ex(f.ctx, NULL, &ax), 0);
	CHECK_EQ(ibv_query_device(f.ctx, &da), 0);
	CHECK(memcmp(&ax.orig_attr, &da, sizeof(da)) == 0);
	CHECK(ax.orig_attr.device_cap_flags & IBV_DEVICE_RAW_IP_CSUM);
	CHECK(!(ax.orig_attr.device_cap_flags & IBV_DEVICE_UD_IP_CSUM));
	CHECK_EQ(ax.tso_caps.max_tso, RNIC_MAX_TSO);
	CHECK_EQ(ax.tso_caps.max_tso, 262144);
	CHECK_EQ(ax.tso_caps.supported_qpts, 1u << IBV_QPT_RAW_PACKET);
	CHECK_EQ(ax.raw_packet_caps, IBV_RAW_PACKET_CAP_IP_CSUM);
	CHECK_EQ(ax.phys_port_cnt_ex, 1);
	CHECK_EQ(ax.comp_mask, 0);
	CHECK_EQ(ax.odp_caps.general_caps, 0);
	CHECK_EQ(ax.completion_timestamp_mask, 0);
	CHECK_EQ(ax.hca_core_clock, 0);
	CHECK_EQ(ax.device_cap_flags_ex, 0);
	CHECK_EQ(ax.rss_caps.supported_qpts, 0);
	CHECK_EQ(ax.max_wq_type_rq, 0);
	CHECK_EQ(ax.packet_pacing_caps.qp_rate_limit_max, 0);
	CHECK_EQ(ax.tm_caps.max_num_tags, 0);
	CHECK_EQ(ax.cq_mod_caps.max_cq_count, 0);
	CHECK_EQ(ax.max_dm_size, 0);
	CHECK_EQ(ax.xrc_odp_caps, 0);
	memset(&in, 0, sizeof(in));
	CHECK_EQ(ibv_query_device_ex(f.ctx, &in, &ax), 0);
	in.comp_mask = 1;
	CHECK_EQ(vctx->query_device_ex(f.ctx, &in, &ax, sizeof(ax)), EINVAL);

	/* shorter structures: nothing written from attr_size on */
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		memset(&big, 0xA5, sizeof(big));
		CHECK_EQ(vctx->query_device_ex(f.ctx, NULL, &big.a, sizes[k]), 0);
		CHECK(memcmp(&big.a.orig_attr, &da, sizeof(da)) == 0);
		for (i = sizes[k]; i < sizeof(big); i++)
			if (raw[i] != 0xA5) {
				fprintf(stderr, "FAIL: attr_size %zu: byte %zu written\n", sizes[k], i);
				failures++;
				break;
			}
		if (sizes[k] >= T_AX_END(tso_caps)) {
			CHECK_EQ(big.a.tso_caps.max_tso, RNIC_MAX_TSO);
			CHECK_EQ(big.a.tso_caps.supported_qpts, 1u << IBV_QPT_RAW_PACKET);
		}
		if (sizes[k] >= T_AX_END(raw_packet_caps))
			CHECK_EQ(big.a.raw_packet_caps, IBV_RAW_PACKET_CAP_IP_CSUM);
		if (sizes[k] > sizeof(struct ibv_device_attr))
			CHECK_EQ(big.a.comp_mask, 0);
	}
	memset(&big, 0xA5, sizeof(big));
	CHECK_EQ(vctx->query_device_ex(f.ctx, NULL, &big.a, sizeof(struct ibv_device_attr) - 1),
		 EINVAL);
	for (i = 0; i < sizeof(big) && raw[i] == 0xA5; i++)
		;
	CHECK_EQ(i, sizeof(big)); /* refused before writing */
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* A TSO header template (ibv_post_send(3) IBV_WR_TSO) in h: an Ethernet
 * header, one 802.1Q tag if vlan, IPv4 with ihl 32-bit words, TCP with
 * doff words; the other bytes count up from 0x40, so a copy shows where
 * each byte came from. Returns the template's length. */
static uint32_t t_tso_hdr(uint8_t *h, int vlan, uint32_t ihl, uint32_t doff)
{
	uint32_t l3 = vlan ? 18 : 14, l4 = l3 + 4 * ihl, n = l4 + 4 * doff, i;

	for (i = 0; i < n; i++)
		h[i] = (uint8_t)(0x40 + i);
	if (vlan) {
		h[12] = 0x81; /* TPID 0x8100 */
		h[13] = 0x00;
	}
	h[l3 - 2] = 0x08; /* EtherType IPv4 */
	h[l3 - 1] = 0x00;
	h[l3] = (uint8_t)(0x40 | ihl); /* version 4, IHL */
	h[l3 + 9] = 6;                 /* protocol TCP */
	h[l4 + 12] = (uint8_t)(doff << 4);
	return n;
}

/* A RAW_PACKET QP to RTS the way test_raw_qp_create_and_modify does:
 * RESET->INIT with PORT, INIT->RTR and RTR->RTS with STATE only. */
static int raw_qp_up(struct ibv_qp *qp)
{
	struct ibv_qp_attr qa;

	memset(&qa, 0, sizeof(qa));
	qa.qp_state = IBV_QPS_INIT;
	qa.port_num = 1;
	if (ibv_modify_qp(qp, &qa, IBV_QP_STATE | IBV_QP_PORT))
		return -1;
	qa.qp_state = IBV_QPS_RTR;
	if (ibv_modify_qp(qp, &qa, IBV_QP_STATE))
		return -1;
	qa.qp_state = IBV_QPS_RTS;
	return ibv_modify_qp(qp, &qa, IBV_QP_STATE);
}

/* A RAW_PACKET QP through ibv_create_qp_ex(3) with max_tso_header (the
 * attributes left in *a), moved to RTS; NULL if either step fails. */
static struct ibv_qp *make_raw_tso_qp(struct fx *f, uint16_t max_tso_header, uint32_t ssge,
				      struct ibv_qp_init_attr_ex *a)
{
	struct ibv_qp *qp;

	memset(a, 0, sizeof(*a));
	a->qp_type = IBV_QPT_RAW_PACKET;
	a->comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_MAX_TSO_HEADER;
	a->pd = f->pd;
	a->send_cq = f->scq;
	a->recv_cq = f->rcq;
	a->cap.max_send_wr = 64;
	a->cap.max_recv_wr = 8;
	a->cap.max_send_sge = ssge;
	a->cap.max_recv_sge = 1;
	a->max_tso_header = max_tso_header;
	qp = ibv_create_qp_ex(f->ctx, a);
	return qp && raw_qp_up(qp) == 0 ? qp : NULL;
}

/* ibv_create_qp_ex(3) IBV_QP_INIT_ATTR_MAX_TSO_HEADER: a RAW_PACKET QP
 * takes 0 .. MAX_TSO_HEADER and keeps it; its send stride holds the
 * control segment, the template rounded up to 16 and max_send_sge data
 * segments, and the max_send_sge written back is what fits beside the
 * largest template. EINVAL, with no command sent: a larger header, a
 * non-zero one on another QP type (tso_caps.supported_qpts), a WQE that
 * outgrows SEND_WQE_MAX_STRIDE. Without the comp_mask bit the field is
 * not read. */
static void test_create_qp_ex_max_tso_header(void)
{
	static const struct {
		uint16_t hdr;
		uint32_t sge, log_stride, max_sge;
	} ok[] = {
		{128, 16, 9, 16}, /* 64 + 128 + 256 = 448 -> 512 */
		{64, 2, 8, 8},    /* 64 + 64 + 32 = 160 -> 256; (256 - 128) / 16 */
		{54, 1, 8, 8},    /* 64 + 64 + 16 = 144 -> 256; (256 - 128) / 16 */
		{14, 1, 7, 3},    /* 64 + 16 + 16 = 96 -> 128; (128 - 80) / 16 */
		{0, 2, 7, 4},     /* no TSO: 64 + 32 -> 128 */
	};
	struct fx f;
	struct ibv_qp_init_attr_ex a;
	struct ibv_qp *qp;
	uint32_t n0, i, sge0;
	const uint32_t *c;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		memset(&a, 0, sizeof(a));
		a.qp_type = IBV_QPT_RAW_PACKET;
		a.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_MAX_TSO_HEADER;
		a.pd = f.pd;
		a.send_cq = f.scq;
		a.recv_cq = f.rcq;
		a.cap.max_send_wr = 4;
		a.cap.max_recv_wr = 4;
		a.cap.max_send_sge = ok[i].sge;
		a.cap.max_recv_sge = 1;
		a.max_tso_header = ok[i].hdr;
		qp = ibv_create_qp_ex(f.ctx, &a);
		CHECK(qp != NULL);
		if (!qp)
			continue;
		c = f.m->qp[qp->qp_num].create;
		CHECK_EQ(rnic_cmd_create_qp_in_get_log_sq_stride(c), ok[i].log_stride);
		CHECK_EQ(a.cap.max_send_sge, ok[i].max_sge);
		CHECK_EQ(a.max_tso_header, ok[i].hdr);
		CHECK_EQ(((struct rnic_qp *)qp)->max_tso_header, ok[i].hdr);
		CHECK_EQ(((struct rnic_qp *)qp)->sq.max_sge, ok[i].max_sge);
		/* the largest template and max_send_sge segments fit */
		CHECK(64 + ((ok[i].hdr + 15u) & ~15u) + 16 * a.cap.max_send_sge <=
		      1u << ok[i].log_stride);
		CHECK_EQ(ibv_destroy_qp(qp), 0);
	}

	/* refusals */
	memset(&a, 0, sizeof(a));
	a.qp_type = IBV_QPT_RAW_PACKET;
	a.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_MAX_TSO_HEADER;
	a.pd = f.pd;
	a.send_cq = f.scq;
	a.recv_cq = f.rcq;
	a.cap.max_send_wr = 4;
	a.cap.max_send_sge = 1;
	a.max_tso_header = RNIC_MAX_TSO_HEADER + 1;
	n0 = f.m->cmd_count;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	a.max_tso_header = 64;
	a.qp_type = IBV_QPT_UD;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	a.qp_type = IBV_QPT_RC;
	a.max_tso_header = 1;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(f.m->cmd_count, n0);
	/* 0 on another type: fine, and no TSO */
	a.qp_type = IBV_QPT_UD;
	a.max_tso_header = 0;
	qp = ibv_create_qp_ex(f.ctx, &a);
	CHECK(qp != NULL);
	CHECK(qp && ((struct rnic_qp *)qp)->max_tso_header == 0);
	CHECK(qp && ibv_destroy_qp(qp) == 0);
	/* without IBV_QP_INIT_ATTR_MAX_TSO_HEADER the field is not read */
	a.qp_type = IBV_QPT_RC;
	a.comp_mask = IBV_QP_INIT_ATTR_PD;
	a.max_tso_header = 500;
	qp = ibv_create_qp_ex(f.ctx, &a);
	CHECK(qp != NULL);
	CHECK(qp && ((struct rnic_qp *)qp)->max_tso_header == 0);
	CHECK(qp && ibv_destroy_qp(qp) == 0);

	/* a device with more SGEs than this one's (a white-box change of the
	 * capability): 24 segments fit a stride alone (64 + 384 = 448), not
	 * beside a 128-byte template (64 + 128 + 384 = 576 > 512) */
	sge0 = rnic_ctx(f.ctx)->max_send_sge;
	rnic_ctx(f.ctx)->max_send_sge = 32;
	a.qp_type = IBV_QPT_RAW_PACKET;
	a.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_MAX_TSO_HEADER;
	a.cap.max_send_sge = 24;
	a.max_tso_header = 128;
	n0 = f.m->cmd_count;
	errno = 0;
	CHECK(ibv_create_qp_ex(f.ctx, &a) == NULL);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(f.m->cmd_count, n0);
	a.max_tso_header = 0;
	qp = ibv_create_qp_ex(f.ctx, &a);
	CHECK(qp != NULL);
	CHECK(qp && ibv_destroy_qp(qp) == 0);
	rnic_ctx(f.ctx)->max_send_sge = sge0;
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_post_send(3) IBV_WR_TSO on RAW_PACKET: opcode TSO, the flags of a
 * SEND plus IP_CSUM always, num_sge, tso_hdr_sz, wqe_index, tso_mss, length
 * = payload bytes, imm and the address words 0; the template's bytes from
 * byte 64, zeros to the next 16-byte boundary, the data segments from
 * there; the template copied at post time; the largest template with the
 * most segments stays inside its slot. The completion reads back as
 * IBV_WC_TSO with the WR's wr_id. */
static void test_tso_wqe_bytes(void)
{
	struct fx f;
	struct ibv_qp_init_attr_ex a;
	struct ibv_qp *qp;
	struct ibv_send_wr wr, *bad = NULL;
	struct ibv_sge sge[4];
	struct ibv_wc wc;
	uint8_t tmpl[RNIC_MAX_TSO_HEADER], copy[RNIC_MAX_TSO_HEADER];
	uint32_t *w, qpn, db0, n, i, stride, e[RNIC_CQE_WORDS];
	const uint8_t *b;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_raw_tso_qp(&f, RNIC_MAX_TSO_HEADER, 4, &a);
	CHECK(qp != NULL);
	if (!qp)
		exit(1);
	qpn = qp->qp_num;
	stride = 1u << rnic_cmd_create_qp_in_get_log_sq_stride(f.m->qp[qpn].create);
	CHECK_EQ(stride, 256); /* 64 + 128 + 4 * 16 */
	CHECK_EQ(a.cap.max_send_sge, 4);
	/* stale bytes in the first slots: the library writes what it means */
	memset(mock_sq_wqe(f.m, qpn, 0), 0xEE, 4 * stride);

	/* 802.1Q tag, IPv4 with one option word, TCP with 12 option bytes:
	 * 74 bytes, the data segments at byte 64 + 80 */
	n = t_tso_hdr(tmpl, 1, 6, 8);
	CHECK_EQ(n, 74);
	memcpy(copy, tmpl, n);
	for (i = 0; i < 3; i++) {
		sge[i].addr = (uintptr_t)f.buf + 4096 * i;
		sge[i].length = 1000 + i;
		sge[i].lkey = f.mr->lkey;
	}
	memset(&wr, 0, sizeof(wr));
	wr.wr_id = 0x7501;
	wr.opcode = IBV_WR_TSO;
	wr.send_flags = IBV_SEND_SIGNALED;
	wr.sg_list = sge;
	wr.num_sge = 3;
	wr.tso.hdr = tmpl;
	wr.tso.hdr_sz = (uint16_t)n;
	wr.tso.mss = 1448;
	db0 = f.m->db_count;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	memset(tmpl, 0, sizeof(tmpl)); /* reusable at once */
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_val[db0], rnic_db_sq_qpn(qpn) | rnic_db_sq_pi(1));
	w = mock_sq_wqe(f.m, qpn, 0);
	CHECK_EQ(w[0], rnic_send_wqe_opcode(RNIC_WQE_OP_TSO) |
			       rnic_send_wqe_flags(RNIC_WQE_FLAG_SIGNALED | RNIC_WQE_FLAG_IP_CSUM) |
			       rnic_send_wqe_num_sge(3) | rnic_send_wqe_tso_hdr_sz(74));
	CHECK_EQ(rnic_send_wqe_get_opcode(w), RNIC_WQE_OP_TSO);
	CHECK_EQ(rnic_send_wqe_get_flags(w), RNIC_WQE_FLAG_SIGNALED | RNIC_WQE_FLAG_IP_CSUM);
	CHECK_EQ(rnic_send_wqe_get_num_sge(w), 3);
	CHECK_EQ(rnic_send_wqe_get_tso_hdr_sz(w), 74);
	CHECK_EQ(w[1], rnic_send_wqe_wqe_index(0) | rnic_send_wqe_tso_mss(1448));
	CHECK_EQ(rnic_send_wqe_get_wqe_index(w), 0);
	CHECK_EQ(rnic_send_wqe_get_tso_mss(w), 1448);
	CHECK_EQ(rnic_send_wqe_get_imm(w), 0);
	CHECK_EQ(rnic_send_wqe_get_length(w), 3003);
	check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
	b = (const uint8_t *)w + 64;
	CHECK(memcmp(b, copy, 74) == 0);
	for (i = 74; i < 80; i++)
		CHECK_EQ(b[i], 0);
	for (i = 0; i < 3; i++)
		check_sge(w + (64 + 80) / 4 + RNIC_DATA_SEG_WORDS * i, &sge[i]);
	CHECK_EQ(((struct rnic_qp *)qp)->sq.wrid[0], 0x7501);

	/* untagged, no options: 54 bytes, segments at byte 64 + 64; IP_CSUM
	 * asked for (as a TSO has it anyway) and nothing else; a segment of
	 * exactly MAX_RAW_FRAME bytes, a payload of exactly MAX_TSO bytes */
	n = t_tso_hdr(tmpl, 0, 5, 5);
	CHECK_EQ(n, 54);
	memcpy(copy, tmpl, n);
	sge[0].length = RNIC_MAX_TSO / 2;
	sge[1].length = RNIC_MAX_TSO / 2;
	wr.wr_id = 0x7502;
	wr.send_flags = IBV_SEND_IP_CSUM;
	wr.num_sge = 2;
	wr.tso.hdr_sz = (uint16_t)n;
	wr.tso.mss = (uint16_t)(RNIC_MAX_RAW_FRAME - n);
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	w = mock_sq_wqe(f.m, qpn, 1);
	CHECK_EQ(w[0], rnic_send_wqe_opcode(RNIC_WQE_OP_TSO) |
			       rnic_send_wqe_flags(RNIC_WQE_FLAG_IP_CSUM) | rnic_send_wqe_num_sge(2) |
			       rnic_send_wqe_tso_hdr_sz(54));
	CHECK_EQ(w[1], rnic_send_wqe_wqe_index(1) | rnic_send_wqe_tso_mss(4096 - 54));
	CHECK_EQ(rnic_send_wqe_get_length(w), RNIC_MAX_TSO);
	check_zero_words(w, 4, RNIC_SEND_WQE_WORDS);
	b = (const uint8_t *)w + 64;
	CHECK(memcmp(b, copy, 54) == 0);
	for (i = 54; i < 64; i++)
		CHECK_EQ(b[i], 0);
	check_sge(w + (64 + 64) / 4, &sge[0]);
	check_sge(w + (64 + 64) / 4 + RNIC_DATA_SEG_WORDS, &sge[1]);

	/* the largest template (126 bytes: tag, IHL 12, data offset 15) and
	 * max_send_sge segments: they end at the end of the slot, the next
	 * slot is left alone */
	n = t_tso_hdr(tmpl, 1, 12, 15);
	CHECK_EQ(n, 126);
	memcpy(copy, tmpl, n);
	for (i = 0; i < 4; i++) {
		sge[i].addr = (uintptr_t)f.buf + 100 * i;
		sge[i].length = 100;
		sge[i].lkey = f.mr->lkey;
	}
	wr.wr_id = 0x7503;
	wr.send_flags = 0;
	wr.num_sge = 4;
	wr.tso.hdr_sz = (uint16_t)n;
	wr.tso.mss = 536;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);
	w = mock_sq_wqe(f.m, qpn, 2);
	CHECK_EQ(w[0], rnic_send_wqe_opcode(RNIC_WQE_OP_TSO) |
			       rnic_send_wqe_flags(RNIC_WQE_FLAG_IP_CSUM) | rnic_send_wqe_num_sge(4) |
			       rnic_send_wqe_tso_hdr_sz(126));
	CHECK_EQ(rnic_send_wqe_get_tso_mss(w), 536);
	CHECK_EQ(rnic_send_wqe_get_length(w), 400);
	b = (const uint8_t *)w + 64;
	CHECK(memcmp(b, copy, 126) == 0);
	CHECK_EQ(b[126], 0);
	CHECK_EQ(b[127], 0);
	for (i = 0; i < 4; i++)
		check_sge(w + (64 + 128) / 4 + RNIC_DATA_SEG_WORDS * i, &sge[i]);
	b = (const uint8_t *)mock_sq_wqe(f.m, qpn, 3);
	for (i = 0; i < stride && b[i] == 0xEE; i++)
		;
	CHECK_EQ(i, stride);

	/* the completion of the first: IBV_WC_TSO */
	memset(e, 0, sizeof(e));
	rnic_cqe_set_opcode(e, RNIC_CQE_OP_REQ_TSO);
	rnic_cqe_set_qpn(e, qpn);
	rnic_cqe_set_wqe_index(e, 0);
	rnic_cqe_set_byte_len(e, 3003);
	CHECK_EQ(mock_cq_push(f.m, f.scq->handle, e), 0);
	CHECK_EQ(ibv_poll_cq(f.scq, 1, &wc), 1);
	CHECK_EQ(wc.wr_id, 0x7501);
	CHECK_EQ(wc.status, IBV_WC_SUCCESS);
	CHECK_EQ(wc.opcode, IBV_WC_TSO);
	CHECK_EQ(wc.qp_num, qpn);
	CHECK_EQ(wc.byte_len, 3003);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* A TSO WR in *wr over the template t (n bytes) and sge (2 SGEs of 700
 * bytes), mss 1000: one the QP of test_tso_refusals takes. */
static void t_tso_wr(struct ibv_send_wr *wr, uint8_t *t, uint32_t n, struct ibv_sge *sge,
		     const struct fx *f)
{
	uint32_t i;

	for (i = 0; i < 2; i++) {
		sge[i].addr = (uintptr_t)f->buf + 1024 * i;
		sge[i].length = 700;
		sge[i].lkey = f->mr->lkey;
	}
	memset(wr, 0, sizeof(*wr));
	wr->wr_id = 0x7600;
	wr->opcode = IBV_WR_TSO;
	wr->sg_list = sge;
	wr->num_sge = 2;
	wr->tso.hdr = t;
	wr->tso.hdr_sz = (uint16_t)n;
	wr->tso.mss = 1000;
}

/* [good SEND, wr]: wr refused with EINVAL as bad_wr, the SEND posted
 * (expect_second_fails), naming the case on failure. */
static void t_refused(struct fx *f, struct ibv_qp *qp, struct ibv_send_wr *wr, const char *what)
{
	int before = failures;

	expect_second_fails(f->m, qp, wr, EINVAL);
	if (failures != before)
		fprintf(stderr, "  ^ the refusal: %s\n", what);
}

/* ibv_post_send(3) IBV_WR_TSO refusals on a RAW_PACKET QP with
 * max_tso_header 64 and 8 SGEs, each EINVAL with bad_wr the TSO WR and
 * nothing of it posted: the template missing, empty, over max_tso_header
 * or not Ethernet [+ 802.1Q] + IPv4 + TCP ending with the TCP header;
 * INLINE; mss 0 or a segment over MAX_RAW_FRAME; a payload of 0 or over
 * MAX_TSO bytes; more SGEs than max_send_sge. TSO on a RAW_PACKET QP made
 * without max_tso_header, on UD, and IP_CSUM on UD, RC and UC
 * (device_cap_flags RAW_IP_CSUM only): EINVAL too. */
static void test_tso_refusals(void)
{
	struct fx f;
	struct ibv_qp_init_attr_ex a;
	struct ibv_qp *qp, *raw0, *ud, *rc, *uc;
	struct ibv_ah *ah;
	struct ibv_send_wr wr, *bad = NULL;
	struct ibv_sge sge[10];
	uint8_t t[RNIC_MAX_TSO_HEADER + 8];
	uint32_t n, i;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_raw_tso_qp(&f, 64, 2, &a);
	CHECK(qp != NULL);
	if (!qp)
		exit(1);
	CHECK_EQ(a.cap.max_send_sge, 8); /* (256 - 64 - 64) / 16 */

	/* the WR the cases start from is taken */
	n = t_tso_hdr(t, 0, 5, 5);
	t_tso_wr(&wr, t, n, sge, &f);
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0);

	t_tso_wr(&wr, t, 0, sge, &f);
	t_refused(&f, qp, &wr, "hdr_sz 0");
	t_tso_wr(&wr, NULL, n, sge, &f);
	t_refused(&f, qp, &wr, "hdr NULL");
	t_tso_wr(&wr, t, t_tso_hdr(t, 1, 6, 8), sge, &f); /* 74 > 64 */
	t_refused(&f, qp, &wr, "hdr_sz over max_tso_header");
	n = t_tso_hdr(t, 0, 5, 5);
	t_tso_wr(&wr, t, n, sge, &f);
	wr.send_flags = IBV_SEND_INLINE;
	t_refused(&f, qp, &wr, "INLINE");
	t_tso_wr(&wr, t, n, sge, &f);
	wr.tso.mss = 0;
	t_refused(&f, qp, &wr, "mss 0");
	wr.tso.mss = (uint16_t)(RNIC_MAX_RAW_FRAME - n + 1);
	t_refused(&f, qp, &wr, "hdr_sz + mss over MAX_RAW_FRAME");
	t_tso_wr(&wr, t, n, sge, &f);
	wr.num_sge = 0;
	t_refused(&f, qp, &wr, "no payload (no SGE)");
	wr.num_sge = 2;
	sge[0].length = 0;
	sge[1].length = 0;
	t_refused(&f, qp, &wr, "no payload (empty SGEs)");
	sge[0].length = RNIC_MAX_TSO / 2;
	sge[1].length = RNIC_MAX_TSO / 2 + 1;
	t_refused(&f, qp, &wr, "payload over MAX_TSO");
	t_tso_wr(&wr, t, n, sge, &f);
	for (i = 0; i < 10; i++)
		sge[i] = sge[0];
	wr.num_sge = 9;
	t_refused(&f, qp, &wr, "num_sge over max_send_sge");

	/* templates the device cannot segment */
	t_tso_wr(&wr, t, n, sge, &f);
	t[12] = 0x86; /* IPv6 */
	t[13] = 0xDD;
	t_refused(&f, qp, &wr, "EtherType IPv6");
	t[12] = 0x88; /* 802.1ad S-tag */
	t[13] = 0xA8;
	t_refused(&f, qp, &wr, "TPID 0x88A8");
	{
		/* a tagged template with a second 802.1Q tag after the
		 * first, the rest whole (62 bytes): QinQ, not offered */
		uint8_t one[RNIC_MAX_TSO_HEADER];

		n = t_tso_hdr(one, 1, 5, 5);
		memcpy(t, one, 16);
		t[16] = 0x81;
		t[17] = 0x00;
		t[18] = 0x0F;
		t[19] = 0xFE;
		memcpy(t + 20, one + 16, n - 16);
		wr.tso.hdr_sz = (uint16_t)(n + 4);
		t_refused(&f, qp, &wr, "two 802.1Q tags");
	}
	n = t_tso_hdr(t, 0, 5, 5);
	wr.tso.hdr_sz = (uint16_t)n;
	t[14] = 0x65;
	t_refused(&f, qp, &wr, "IP version 6");
	t[14] = 0x44;
	t_refused(&f, qp, &wr, "IHL 4");
	t[14] = 0x45;
	t[23] = 17;
	t_refused(&f, qp, &wr, "protocol UDP");
	t[23] = 6;
	t[46] = 0x60; /* data offset 6: the TCP header is 24 bytes */
	t_refused(&f, qp, &wr, "TCP data offset past the template");
	t[46] = 0x40; /* data offset 4 */
	t_refused(&f, qp, &wr, "TCP data offset 4");
	t[46] = 0x50;
	wr.tso.hdr_sz = (uint16_t)(n - 1);
	t_refused(&f, qp, &wr, "template ends inside the TCP header");
	wr.tso.hdr_sz = (uint16_t)(n + 4);
	t_refused(&f, qp, &wr, "template goes past the TCP header");
	wr.tso.hdr_sz = 13;
	t_refused(&f, qp, &wr, "shorter than an Ethernet header");
	n = t_tso_hdr(t, 1, 5, 5);
	wr.tso.hdr_sz = 17;
	t_refused(&f, qp, &wr, "ends inside the 802.1Q tag");
	wr.tso.hdr_sz = 30;
	t_refused(&f, qp, &wr, "ends inside the IPv4 header");
	wr.tso.hdr_sz = (uint16_t)n;
	CHECK_EQ(ibv_post_send(qp, &wr, &bad), 0); /* the tagged one, whole: taken */

	/* a RAW_PACKET QP made without max_tso_header (ibv_create_qp) takes
	 * SEND, not TSO */
	raw0 = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RAW_PACKET, 8, 4, 2, 1, 0, 0);
	CHECK(raw0 != NULL);
	if (!raw0)
		exit(1);
	CHECK_EQ(raw_qp_up(raw0), 0);
	n = t_tso_hdr(t, 0, 5, 5);
	t_tso_wr(&wr, t, n, sge, &f);
	t_refused(&f, raw0, &wr, "TSO without max_tso_header");

	/* other QP types: TSO is RAW_PACKET's, so is IP_CSUM */
	ud = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_UD, 8, 4, 2, 1, 0, 0);
	rc = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 8, 4, 2, 1, 0, 0);
	uc = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_UC, 8, 4, 2, 1, 0, 0);
	CHECK(ud && rc && uc);
	if (!ud || !rc || !uc)
		exit(1);
	CHECK_EQ(qp_up(ud, 1), 0);
	CHECK_EQ(qp_up(rc, 1), 0);
	CHECK_EQ(qp_up(uc, 1), 0);
	{
		struct ibv_ah_attr aa = {.is_global = 1, .port_num = 1,
					 .grh = {.dgid.raw = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 192, 0, 2, 2},
						 .hop_limit = 64}};

		ah = ibv_create_ah(f.pd, &aa);
		CHECK(ah != NULL);
	}
	n = t_tso_hdr(t, 0, 5, 5);
	t_tso_wr(&wr, t, n, sge, &f);
	wr.wr.ud.ah = ah;
	wr.wr.ud.remote_qpn = 5;
	wr.wr.ud.remote_qkey = 0x11111111;
	t_refused(&f, ud, &wr, "TSO on UD");
	memset(&wr, 0, sizeof(wr));
	wr.opcode = IBV_WR_SEND;
	wr.sg_list = sge;
	wr.num_sge = 1;
	wr.wr.ud.ah = ah;
	wr.wr.ud.remote_qpn = 5;
	wr.send_flags = IBV_SEND_IP_CSUM;
	t_refused(&f, ud, &wr, "IP_CSUM on UD");
	t_refused(&f, rc, &wr, "IP_CSUM on RC");
	t_refused(&f, uc, &wr, "IP_CSUM on UC");
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_create_flow(3)'s flow_attr with its specs laid out after it, as
 * the page's example packs them. */
#define T_ATTR(p) ((struct ibv_flow_attr *)(void *)(p))

struct t_flow_eth {
	struct ibv_flow_attr attr;
	struct ibv_flow_spec_eth eth;
} __attribute__((packed, aligned(4)));

struct t_flow_eth2 {
	struct ibv_flow_attr attr;
	struct ibv_flow_spec_eth eth;
	struct ibv_flow_spec_eth eth2;
} __attribute__((packed, aligned(4)));

struct t_flow_ipv4 {
	struct ibv_flow_attr attr;
	struct ibv_flow_spec_ipv4 ipv4;
} __attribute__((packed, aligned(4)));

/* The page's example rule (destination MAC 66:11:22:33:44:55), with an
 * EtherType (IPv4) instead of the IPv4 spec. */
static void t_flow_eth_init(struct t_flow_eth *fa)
{
	static const uint8_t dmac[6] = {0x66, 0x11, 0x22, 0x33, 0x44, 0x55};

	memset(fa, 0, sizeof(*fa));
	fa->attr.type = IBV_FLOW_ATTR_NORMAL;
	fa->attr.size = sizeof(*fa);
	fa->attr.num_of_specs = 1;
	fa->attr.port = 1;
	fa->eth.type = IBV_FLOW_SPEC_ETH;
	fa->eth.size = sizeof(struct ibv_flow_spec_eth);
	memcpy(fa->eth.val.dst_mac, dmac, 6);
	memset(fa->eth.mask.dst_mac, 0xFF, 6);
	fa->eth.val.ether_type = htobe16(0x0800);
	fa->eth.mask.ether_type = htobe16(0xFFFF);
}

/* A flow_attr the library must refuse with `want` before any command. */
#define T_FLOW_REFUSED(f, qp, attr, want) t_flow_refused(__LINE__, (f), (qp), (attr), (want))
static void t_flow_refused(int line, struct fx *f, struct ibv_qp *qp, void *attr, int want)
{
	uint32_t n0 = f->m->cmd_count;
	struct ibv_flow *fl;

	errno = 0;
	fl = ibv_create_flow(qp, T_ATTR(attr));
	if (fl || errno != want || f->m->cmd_count != n0) {
		fprintf(stderr, "FAIL %s:%d: ibv_create_flow gave %p errno %d (want %d), %u commands\n",
			__FILE__, line, (void *)fl, errno, want, f->m->cmd_count - n0);
		failures++;
	}
}

/* ibv_create_flow(3): the ETH spec becomes the CREATE_FLOW input (MACs in
 * the contract's lo/hi encoding, the big-endian ether_type as a number,
 * the masks as given; the priority taken and unused); an empty spec list
 * masks nothing. Refused before any command: rule types other than
 * NORMAL, flags, comp_mask, specs other than ETH (L3/L4, inner), a VLAN
 * mask (EOPNOTSUPP); sizes and counts that disagree, a second ETH spec,
 * a port other than 1, a QP other than RAW_PACKET (EINVAL). A full device
 * table gives ENOMEM. ibv_destroy_flow returns 0 or the errno. */
static void test_flow_spec_parsing(void)
{
	struct fx f;
	struct ibv_qp *qp, *ud;
	struct t_flow_eth fa;
	struct t_flow_eth2 fa2;
	struct t_flow_ipv4 f4;
	struct ibv_flow *fl[MOCK_FLOWS], *x;
	const uint32_t *in = NULL;
	uint32_t i, n0;

	make_sim_dir(one_dev);
	fx_open(&f);
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RAW_PACKET, 4, 4, 1, 1, 0, 0);
	ud = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_UD, 4, 4, 1, 1, 0, 0);
	if (!qp || !ud)
		exit(1);
	in = f.m->last_in;

	/* the page's example: destination MAC exact, EtherType IPv4 */
	t_flow_eth_init(&fa);
	fa.attr.priority = 7;
	fl[0] = ibv_create_flow(qp, T_ATTR(&fa));
	CHECK(fl[0] != NULL);
	if (!fl[0])
		exit(1);
	CHECK(fl[0]->context == f.ctx);
	CHECK_EQ(fl[0]->handle, 0);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_CREATE_FLOW);
	CHECK_EQ(rnic_cmd_create_flow_in_get_qpn(in), qp->qp_num);
	CHECK_EQ(in[2], qp->qp_num);
	CHECK_EQ(in[3], 0x22334455u); /* dmac_lo: bytes 2..5, byte 5 in [7:0] */
	CHECK_EQ(in[4], 0x6611u);     /* dmac_hi: bytes 0..1, byte 1 in [7:0] */
	CHECK_EQ(in[5], 0xFFFFFFFFu);
	CHECK_EQ(in[6], 0xFFFFu);
	check_zero_words(in, 7, 11); /* source MAC and mask */
	CHECK_EQ(in[11], 0xFFFF0800u); /* ethertype_mask << 16 | ethertype */
	check_zero_words(in, 12, RNIC_CMD_IN_WORDS);

	/* a source OUI and a local EtherType; the VLAN value without a mask
	 * is ignored */
	t_flow_eth_init(&fa);
	memset(fa.eth.mask.dst_mac, 0, 6);
	fa.eth.val.src_mac[0] = 0x0A;
	fa.eth.val.src_mac[1] = 0x0B;
	fa.eth.val.src_mac[2] = 0x0C;
	fa.eth.val.src_mac[5] = 0x0F;
	fa.eth.mask.src_mac[0] = 0xFF;
	fa.eth.mask.src_mac[1] = 0xFF;
	fa.eth.mask.src_mac[2] = 0xFF;
	fa.eth.val.ether_type = htobe16(0x88B5);
	fa.eth.mask.ether_type = htobe16(0xFF00);
	fa.eth.val.vlan_tag = htobe16(0x0123);
	fl[1] = ibv_create_flow(qp, T_ATTR(&fa));
	CHECK(fl[1] != NULL);
	CHECK_EQ(rnic_cmd_create_flow_in_get_dmac_mask_lo(in), 0);
	CHECK_EQ(rnic_cmd_create_flow_in_get_dmac_mask_hi(in), 0);
	CHECK_EQ(rnic_cmd_create_flow_in_get_smac_lo(in), 0x0C00000Fu);
	CHECK_EQ(rnic_cmd_create_flow_in_get_smac_hi(in), 0x0A0Bu);
	CHECK_EQ(rnic_cmd_create_flow_in_get_smac_mask_lo(in), 0xFF000000u);
	CHECK_EQ(rnic_cmd_create_flow_in_get_smac_mask_hi(in), 0xFFFFu);
	CHECK_EQ(rnic_cmd_create_flow_in_get_ethertype(in), 0x88B5u);
	CHECK_EQ(rnic_cmd_create_flow_in_get_ethertype_mask(in), 0xFF00u);

	/* no spec: every frame the device steers */
	memset(&fa, 0, sizeof(fa));
	fa.attr.type = IBV_FLOW_ATTR_NORMAL;
	fa.attr.size = sizeof(fa.attr);
	fa.attr.port = 1;
	fl[2] = ibv_create_flow(qp, T_ATTR(&fa));
	CHECK(fl[2] != NULL);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_CREATE_FLOW);
	CHECK_EQ(in[2], qp->qp_num);
	check_zero_words(in, 3, RNIC_CMD_IN_WORDS);

	/* EOPNOTSUPP: what the device cannot match */
	t_flow_eth_init(&fa);
	fa.attr.type = IBV_FLOW_ATTR_ALL_DEFAULT;
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	fa.attr.type = IBV_FLOW_ATTR_MC_DEFAULT;
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	fa.attr.type = IBV_FLOW_ATTR_SNIFFER;
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	t_flow_eth_init(&fa);
	fa.attr.flags = IBV_FLOW_ATTR_FLAGS_DONT_TRAP;
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	fa.attr.flags = IBV_FLOW_ATTR_FLAGS_EGRESS;
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	t_flow_eth_init(&fa);
	fa.attr.comp_mask = 1;
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	t_flow_eth_init(&fa);
	fa.eth.mask.vlan_tag = htobe16(0x0FFF);
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	t_flow_eth_init(&fa);
	fa.eth.type = (enum ibv_flow_spec_type)(IBV_FLOW_SPEC_ETH | IBV_FLOW_SPEC_INNER);
	T_FLOW_REFUSED(&f, qp, &fa, EOPNOTSUPP);
	memset(&f4, 0, sizeof(f4));
	f4.attr.type = IBV_FLOW_ATTR_NORMAL;
	f4.attr.size = sizeof(f4);
	f4.attr.num_of_specs = 1;
	f4.attr.port = 1;
	f4.ipv4.type = IBV_FLOW_SPEC_IPV4;
	f4.ipv4.size = sizeof(f4.ipv4);
	f4.ipv4.val.src_ip = htobe32(0x0B86C806);
	f4.ipv4.mask.src_ip = 0xFFFFFFFFu;
	T_FLOW_REFUSED(&f, qp, &f4, EOPNOTSUPP);
	f4.ipv4.type = IBV_FLOW_SPEC_TCP;
	T_FLOW_REFUSED(&f, qp, &f4, EOPNOTSUPP);

	/* EINVAL: sizes and counts that disagree, two L2 specs, the port,
	 * the QP */
	t_flow_eth_init(&fa);
	fa.attr.num_of_specs = 2; /* one spec's worth of size */
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	t_flow_eth_init(&fa);
	fa.attr.num_of_specs = 0; /* a spec left over */
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	t_flow_eth_init(&fa);
	fa.attr.size = sizeof(fa) - 1;
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	fa.attr.size = sizeof(fa.attr) - 1;
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	t_flow_eth_init(&fa);
	fa.eth.size = 0;
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	t_flow_eth_init(&fa);
	fa.eth.size = sizeof(fa.eth) - 2; /* not an ibv_flow_spec_eth */
	fa.attr.size = sizeof(fa) - 2;
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	t_flow_eth_init(&fa);
	memset(&fa2, 0, sizeof(fa2));
	fa2.attr = fa.attr;
	fa2.attr.size = sizeof(fa2);
	fa2.attr.num_of_specs = 2;
	fa2.eth = fa.eth;
	fa2.eth2 = fa.eth;
	T_FLOW_REFUSED(&f, qp, &fa2, EINVAL);
	t_flow_eth_init(&fa);
	fa.attr.port = 2;
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	fa.attr.port = 0;
	T_FLOW_REFUSED(&f, qp, &fa, EINVAL);
	t_flow_eth_init(&fa);
	T_FLOW_REFUSED(&f, ud, &fa, EINVAL);
	errno = 0;
	n0 = f.m->cmd_count;
	CHECK(rnic_create_flow(qp, NULL) == NULL);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(f.m->cmd_count, n0);

	/* the device's table is full: ENOMEM */
	for (i = 3; i < MOCK_FLOWS; i++) {
		fl[i] = ibv_create_flow(qp, T_ATTR(&fa));
		CHECK(fl[i] != NULL);
		CHECK_EQ(fl[i] ? fl[i]->handle : ~0u, i);
	}
	errno = 0;
	CHECK(ibv_create_flow(qp, T_ATTR(&fa)) == NULL);
	CHECK_EQ(errno, ENOMEM);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_CREATE_FLOW);

	/* ibv_destroy_flow: DESTROY_FLOW of the handle; 0; the entry is
	 * free again. A failure returns its errno and the flow stays. */
	CHECK_EQ(ibv_destroy_flow(fl[5]), 0);
	CHECK_EQ(rnic_cmd_in_get_opcode(in), RNIC_CMD_OP_DESTROY_FLOW);
	CHECK_EQ(rnic_cmd_in_get_handle(in), 5);
	CHECK_EQ(f.m->flow[5].valid, 0);
	x = ibv_create_flow(qp, T_ATTR(&fa));
	CHECK(x != NULL);
	CHECK_EQ(x ? x->handle : ~0u, 5);
	f.m->force_status = RNIC_CMD_STATUS_BAD_HANDLE;
	f.m->force_op = RNIC_CMD_OP_DESTROY_FLOW;
	CHECK_EQ(ibv_destroy_flow(fl[6]), EINVAL);
	CHECK_EQ(f.m->flow[6].valid, 1);
	CHECK_EQ(ibv_destroy_flow(fl[6]), 0);
	CHECK_EQ(f.m->flow[6].valid, 0);

	/* a QP with rules is not destroyed (EBUSY) until they are */
	CHECK_EQ(ibv_destroy_qp(qp), EBUSY);
	CHECK(f.m->qp[qp->qp_num].valid);
	CHECK_EQ(ibv_destroy_flow(x), 0);
	for (i = 0; i < MOCK_FLOWS; i++)
		if (i != 5 && i != 6)
			CHECK_EQ(ibv_destroy_flow(fl[i]), 0);
	CHECK_EQ(ibv_destroy_qp(qp), 0);
	fx_close(&f);
	CHECK_EQ(mock_closed_flows, 0);
	remove_sim_dir(one_dev);
}

/* ibv_close_device releases the rules the application left before the
 * QPs they steer to: no DESTROY_QP is refused, no rule or mapping stays. */
static void test_close_destroys_flows_before_qps(void)
{
	struct fx f;
	struct ibv_qp *qp;
	struct t_flow_eth fa;

	make_sim_dir(one_dev);
	fx_open(&f);
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RAW_PACKET, 4, 4, 1, 1, 0, 0);
	if (!qp)
		exit(1);
	t_flow_eth_init(&fa);
	CHECK(ibv_create_flow(qp, T_ATTR(&fa)) != NULL);
	CHECK(ibv_create_flow(qp, T_ATTR(&fa)) != NULL);
	fx_close(&f);
	CHECK_EQ(mock_closed_busy, 0);
	CHECK_EQ(mock_closed_flows, 0);
	CHECK_EQ(mock_closed_uctx_live, 0);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* the ibv_wr_* work request API (ibv_wr_post(3))                      */

/* An RC QP through ibv_create_qp_ex with the send operations ops. */
static struct ibv_qp *make_qp_ex(struct fx *f, enum ibv_qp_type type, uint64_t ops, uint32_t swr,
				 uint32_t ssge, uint32_t inl)
{
	struct ibv_qp_init_attr_ex a;

	memset(&a, 0, sizeof(a));
	a.qp_type = type;
	a.send_cq = f->scq;
	a.recv_cq = f->rcq;
	a.cap.max_send_wr = swr;
	a.cap.max_recv_wr = 4;
	a.cap.max_send_sge = ssge;
	a.cap.max_recv_sge = 1;
	a.cap.max_inline_data = inl;
	a.comp_mask = IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_SEND_OPS_FLAGS;
	a.pd = f->pd;
	a.send_ops_flags = ops;
	return ibv_create_qp_ex(f->ctx, &a);
}

/* ibv_wr_post(3): the builders and setters make the WQEs ibv_post_send
 * makes of the same work requests, word for word, with one doorbell for
 * the batch at ibv_wr_complete; wr_id and wr_flags are taken when a
 * builder runs; inline data is copied by the setter (the caller may reuse
 * the buffer at once). */
static void test_wr_api_builds_the_wqes_of_post_send(void)
{
	const uint64_t ops = IBV_QP_EX_WITH_SEND | IBV_QP_EX_WITH_SEND_WITH_IMM |
			     IBV_QP_EX_WITH_RDMA_WRITE | IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM |
			     IBV_QP_EX_WITH_RDMA_READ | IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP |
			     IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD | IBV_QP_EX_WITH_SEND_WITH_INV |
			     IBV_QP_EX_WITH_LOCAL_INV;
	struct ibv_send_wr wr[9], *bad = NULL;
	struct ibv_sge sge[3];
	struct ibv_qp *qx, *qp;
	struct ibv_qp_ex *x;
	uint8_t inl[24], inl_copy[24];
	__be32 imm = htobe32(0x01020304);
	uint32_t db0, i, stride;
	struct fx f;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qx = make_qp_ex(&f, IBV_QPT_RC, ops, 16, 3, 64);
	qp = make_qp_ex(&f, IBV_QPT_RC, ops, 16, 3, 64); /* the same, for ibv_post_send */
	CHECK(qx != NULL && qp != NULL);
	if (!qx || !qp)
		exit(1);
	x = ibv_qp_to_qp_ex(qx);
	CHECK(x != NULL && &x->qp_base == qx);
	CHECK_EQ(qp_up(qx, 0x99), 0);
	CHECK_EQ(qp_up(qp, 0x99), 0);
	for (i = 0; i < 3; i++) {
		sge[i].addr = (uintptr_t)f.buf + 512 * i;
		sge[i].length = 10 + i;
		sge[i].lkey = f.mr->lkey;
	}
	for (i = 0; i < sizeof(inl); i++)
		inl[i] = (uint8_t)(0xC0 + i);
	memcpy(inl_copy, inl, sizeof(inl));

	/* the batch through the builders */
	db0 = f.m->db_count;
	ibv_wr_start(x);
	x->wr_id = 1;
	x->wr_flags = IBV_SEND_SIGNALED;
	ibv_wr_send(x);
	ibv_wr_set_sge_list(x, 3, sge);
	x->wr_id = 2;
	x->wr_flags = IBV_SEND_SOLICITED;
	ibv_wr_send_imm(x, imm);
	ibv_wr_set_inline_data(x, inl, sizeof(inl));
	memset(inl, 0, sizeof(inl)); /* copied already */
	x->wr_id = 3;
	x->wr_flags = 0;
	ibv_wr_rdma_write(x, 0x1234, 0xABCDEF0012345678ull);
	ibv_wr_set_sge(x, sge[1].lkey, sge[1].addr, sge[1].length);
	x->wr_id = 4;
	ibv_wr_rdma_write_imm(x, 0x1235, 0x1000, imm);
	ibv_wr_set_sge(x, sge[2].lkey, sge[2].addr, sge[2].length);
	x->wr_id = 5;
	x->wr_flags = IBV_SEND_FENCE;
	ibv_wr_rdma_read(x, 0x1236, 0x2000);
	ibv_wr_set_sge(x, sge[0].lkey, sge[0].addr, sge[0].length);
	x->wr_id = 6;
	x->wr_flags = IBV_SEND_SIGNALED;
	ibv_wr_atomic_cmp_swp(x, 0x1237, 0x3000, 0x1111222233334444ull, 0x5555666677778888ull);
	ibv_wr_set_sge(x, sge[0].lkey, sge[0].addr, 8);
	x->wr_id = 7;
	ibv_wr_atomic_fetch_add(x, 0x1238, 0x4000, 0x99);
	ibv_wr_set_sge(x, sge[0].lkey, sge[0].addr, 8);
	x->wr_id = 8;
	ibv_wr_send_inv(x, 0x7777);
	ibv_wr_set_sge(x, sge[1].lkey, sge[1].addr, sge[1].length);
	x->wr_id = 9;
	ibv_wr_local_inv(x, 0x8888);
	CHECK_EQ(f.m->db_count, db0); /* nothing before wr_complete */
	CHECK_EQ(ibv_wr_complete(x), 0);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(f.m->db_val[db0], rnic_db_sq_qpn(qx->qp_num) | rnic_db_sq_pi(9));

	/* the same work through ibv_post_send */
	memset(wr, 0, sizeof(wr));
	for (i = 0; i < 9; i++) {
		wr[i].wr_id = i + 1;
		wr[i].next = i < 8 ? &wr[i + 1] : NULL;
	}
	wr[0].opcode = IBV_WR_SEND;
	wr[0].send_flags = IBV_SEND_SIGNALED;
	wr[0].sg_list = sge;
	wr[0].num_sge = 3;
	{
		struct ibv_sge is = {(uintptr_t)inl_copy, sizeof(inl_copy), 0};

		wr[1].opcode = IBV_WR_SEND_WITH_IMM;
		wr[1].send_flags = IBV_SEND_SOLICITED | IBV_SEND_INLINE;
		wr[1].imm_data = imm;
		wr[1].sg_list = &is;
		wr[1].num_sge = 1;
		wr[2].opcode = IBV_WR_RDMA_WRITE;
		wr[2].wr.rdma.rkey = 0x1234;
		wr[2].wr.rdma.remote_addr = 0xABCDEF0012345678ull;
		wr[2].sg_list = &sge[1];
		wr[2].num_sge = 1;
		wr[3].opcode = IBV_WR_RDMA_WRITE_WITH_IMM;
		wr[3].imm_data = imm;
		wr[3].wr.rdma.rkey = 0x1235;
		wr[3].wr.rdma.remote_addr = 0x1000;
		wr[3].sg_list = &sge[2];
		wr[3].num_sge = 1;
		wr[4].opcode = IBV_WR_RDMA_READ;
		wr[4].send_flags = IBV_SEND_FENCE;
		wr[4].wr.rdma.rkey = 0x1236;
		wr[4].wr.rdma.remote_addr = 0x2000;
		wr[4].sg_list = &sge[0];
		wr[4].num_sge = 1;
		{
			struct ibv_sge a8 = {sge[0].addr, 8, sge[0].lkey};

			wr[5].opcode = IBV_WR_ATOMIC_CMP_AND_SWP;
			wr[5].send_flags = IBV_SEND_SIGNALED;
			wr[5].wr.atomic.rkey = 0x1237;
			wr[5].wr.atomic.remote_addr = 0x3000;
			wr[5].wr.atomic.compare_add = 0x1111222233334444ull;
			wr[5].wr.atomic.swap = 0x5555666677778888ull;
			wr[5].sg_list = &a8;
			wr[5].num_sge = 1;
			wr[6].opcode = IBV_WR_ATOMIC_FETCH_AND_ADD;
			wr[6].send_flags = IBV_SEND_SIGNALED;
			wr[6].wr.atomic.rkey = 0x1238;
			wr[6].wr.atomic.remote_addr = 0x4000;
			wr[6].wr.atomic.compare_add = 0x99;
			wr[6].sg_list = &a8;
			wr[6].num_sge = 1;
			wr[7].opcode = IBV_WR_SEND_WITH_INV;
			wr[7].send_flags = IBV_SEND_SIGNALED;
			wr[7].invalidate_rkey = 0x7777;
			wr[7].sg_list = &sge[1];
			wr[7].num_sge = 1;
			wr[8].opcode = IBV_WR_LOCAL_INV;
			wr[8].send_flags = IBV_SEND_SIGNALED;
			wr[8].invalidate_rkey = 0x8888;
			CHECK_EQ(ibv_post_send(qp, wr, &bad), 0);
		}
	}
	stride = 1u << ((struct rnic_qp *)qp)->sq.log_stride;
	CHECK_EQ(stride, 1u << ((struct rnic_qp *)qx)->sq.log_stride);
	for (i = 0; i < 9; i++) {
		CHECK(memcmp(mock_sq_wqe(f.m, qx->qp_num, i), mock_sq_wqe(f.m, qp->qp_num, i),
			     stride) == 0);
		CHECK_EQ(((struct rnic_qp *)qx)->sq.wrid[i], i + 1);
	}
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_wr_post(3) RETURN VALUE: a failure a builder or setter meets makes
 * ibv_wr_complete fail and "the entire posting will be aborted": no WQE
 * is published (no doorbell, the producer index stays). ibv_wr_abort
 * discards the batch. Operations not asked for at creation, too many SGEs,
 * inline data over max_inline_data, a setter before any builder and a
 * batch over the queue are refused; so is the whole batch when ibv_post_send's
 * rules refuse one of its requests (a QP not in RTS). */
static void test_wr_api_all_or_nothing(void)
{
	struct ibv_qp *qx;
	struct ibv_qp_ex *x;
	uint8_t big[512];
	uint32_t db0, pi0, i, cnt;
	struct fx f;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qx = make_qp_ex(&f, IBV_QPT_RC, IBV_QP_EX_WITH_SEND, 4, 2, 32);
	CHECK(qx != NULL);
	if (!qx)
		exit(1);
	x = ibv_qp_to_qp_ex(qx);
	cnt = ((struct rnic_qp *)qx)->sq.cnt;
	memset(big, 0, sizeof(big));

	/* not in RTS yet: ibv_post_send's EINVAL, nothing published */
	db0 = f.m->db_count;
	ibv_wr_start(x);
	ibv_wr_send(x);
	ibv_wr_set_sge(x, f.mr->lkey, (uintptr_t)f.buf, 8);
	CHECK_EQ(ibv_wr_complete(x), EINVAL);
	CHECK_EQ(qp_up(qx, 0x99), 0);
	pi0 = ((struct rnic_qp *)qx)->sq.pi;

	/* an operation not asked for */
	ibv_wr_start(x);
	ibv_wr_send(x);
	ibv_wr_set_sge(x, f.mr->lkey, (uintptr_t)f.buf, 8);
	ibv_wr_rdma_write(x, 1, 0x1000);
	CHECK_EQ(ibv_wr_complete(x), EINVAL);
	/* more SGEs than the QP has */
	ibv_wr_start(x);
	ibv_wr_send(x);
	{
		struct ibv_sge s[RNIC_MAX_SEND_SGE + 1];

		for (i = 0; i <= RNIC_MAX_SEND_SGE; i++) {
			s[i].addr = (uintptr_t)f.buf;
			s[i].length = 1;
			s[i].lkey = f.mr->lkey;
		}
		ibv_wr_set_sge_list(x, ((struct rnic_qp *)qx)->sq.max_sge + 1, s);
	}
	CHECK_EQ(ibv_wr_complete(x), EINVAL);
	/* inline over max_inline_data */
	ibv_wr_start(x);
	ibv_wr_send(x);
	ibv_wr_set_inline_data(x, big, ((struct rnic_qp *)qx)->max_inline + 1);
	CHECK_EQ(ibv_wr_complete(x), EINVAL);
	/* a setter with no work request */
	ibv_wr_start(x);
	ibv_wr_set_sge(x, f.mr->lkey, (uintptr_t)f.buf, 8);
	CHECK_EQ(ibv_wr_complete(x), EINVAL);
	/* more than the queue holds */
	ibv_wr_start(x);
	for (i = 0; i <= cnt; i++) {
		ibv_wr_send(x);
		ibv_wr_set_sge(x, f.mr->lkey, (uintptr_t)f.buf, 8);
	}
	CHECK_EQ(ibv_wr_complete(x), ENOMEM);
	/* an aborted batch */
	ibv_wr_start(x);
	ibv_wr_send(x);
	ibv_wr_set_sge(x, f.mr->lkey, (uintptr_t)f.buf, 8);
	ibv_wr_abort(x);
	CHECK_EQ(f.m->db_count, db0);
	CHECK_EQ(((struct rnic_qp *)qx)->sq.pi, pi0);

	/* then a good batch goes (the critical section was left each time) */
	ibv_wr_start(x);
	x->wr_id = 0x42;
	ibv_wr_send(x);
	ibv_wr_set_inline_data(x, big, 16);
	CHECK_EQ(ibv_wr_complete(x), 0);
	CHECK_EQ(f.m->db_count, db0 + 1);
	CHECK_EQ(((struct rnic_qp *)qx)->sq.pi, pi0 + 1);
	/* ibv_post_send interleaves between critical sections */
	{
		struct ibv_sge s = {(uintptr_t)f.buf, 8, f.mr->lkey};
		struct ibv_send_wr w, *bad = NULL;

		memset(&w, 0, sizeof(w));
		w.opcode = IBV_WR_SEND;
		w.sg_list = &s;
		w.num_sge = 1;
		CHECK_EQ(ibv_post_send(qx, &w, &bad), 0);
		CHECK_EQ(((struct rnic_qp *)qx)->sq.pi, pi0 + 2);
	}
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_wr_post(3) USAGE: "If the QP does not support all the requested
 * work request types then QP creation will fail" (EOPNOTSUPP); a QP made
 * without IBV_QP_INIT_ATTR_SEND_OPS_FLAGS has no ibv_qp_ex. On UD the
 * address setter fills the WQE's address vector as wr.ud does. */
static void test_wr_api_qp_types(void)
{
	struct ibv_qp *qp, *ud;
	struct ibv_qp_ex *x;
	struct ibv_ah_attr aa;
	struct ibv_ah *ah;
	struct ibv_send_wr w, *bad = NULL;
	struct ibv_sge s;
	struct fx f;
	uint32_t stride;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_RC, 4, 4, 1, 1, 0, 0);
	errno = 0;
	CHECK(ibv_qp_to_qp_ex(qp) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(make_qp_ex(&f, IBV_QPT_UD, IBV_QP_EX_WITH_RDMA_READ, 4, 1, 0) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(make_qp_ex(&f, IBV_QPT_UC, IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD, 4, 1, 0) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(make_qp_ex(&f, IBV_QPT_RC, IBV_QP_EX_WITH_ATOMIC_WRITE, 4, 1, 0) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(make_qp_ex(&f, IBV_QPT_RAW_PACKET, IBV_QP_EX_WITH_TSO, 4, 1, 0) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP); /* no max_tso_header: no room for the header */

	ud = make_qp_ex(&f, IBV_QPT_UD, IBV_QP_EX_WITH_SEND | IBV_QP_EX_WITH_SEND_WITH_IMM, 4, 1, 0);
	CHECK(ud != NULL);
	if (!ud)
		exit(1);
	x = ibv_qp_to_qp_ex(ud);
	CHECK_EQ(qp_to_init(ud), 0);
	CHECK_EQ(qp_to_rtr(ud, 0, 0), 0);
	CHECK_EQ(qp_to_rts(ud), 0);
	memset(&aa, 0, sizeof(aa));
	aa.is_global = 1;
	aa.port_num = 1;
	aa.grh.hop_limit = 9;
	aa.grh.traffic_class = 0x28;
	v4_gid(&aa.grh.dgid, 0x0A000002);
	ah = ibv_create_ah(f.pd, &aa);
	CHECK(ah != NULL);
	ibv_wr_start(x);
	x->wr_id = 5;
	x->wr_flags = IBV_SEND_SIGNALED;
	ibv_wr_send_imm(x, htobe32(7));
	ibv_wr_set_ud_addr(x, ah, 0x345, 0x11111111);
	ibv_wr_set_sge(x, f.mr->lkey, (uintptr_t)f.buf, 100);
	CHECK_EQ(ibv_wr_complete(x), 0);
	/* the same WR through ibv_post_send, one slot further */
	memset(&w, 0, sizeof(w));
	s.addr = (uintptr_t)f.buf;
	s.length = 100;
	s.lkey = f.mr->lkey;
	w.wr_id = 5;
	w.opcode = IBV_WR_SEND_WITH_IMM;
	w.send_flags = IBV_SEND_SIGNALED;
	w.imm_data = htobe32(7);
	w.sg_list = &s;
	w.num_sge = 1;
	w.wr.ud.ah = ah;
	w.wr.ud.remote_qpn = 0x345;
	w.wr.ud.remote_qkey = 0x11111111;
	CHECK_EQ(ibv_post_send(ud, &w, &bad), 0);
	stride = 1u << ((struct rnic_qp *)ud)->sq.log_stride;
	{
		uint32_t a[64], b[64];

		CHECK(stride <= sizeof(a));
		memcpy(a, mock_sq_wqe(f.m, ud->qp_num, 0), stride);
		memcpy(b, mock_sq_wqe(f.m, ud->qp_num, 1), stride);
		rnic_send_wqe_set_wqe_index(b, 0); /* the slot index differs */
		CHECK(memcmp(a, b, stride) == 0);
		CHECK_EQ(rnic_send_wqe_get_dest_qpn(a), 0x345);
		CHECK_EQ(rnic_send_wqe_get_ah_dip(a), 0x0A000002);
	}
	CHECK_EQ(ibv_destroy_ah(ah), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_create_cq_ex(3): the poll iterator gives the completions ibv_poll_cq
 * gives, field for field (ibv_start_poll, ibv_next_poll, ibv_end_poll,
 * ibv_wc_read_*; ENOENT when empty, the CQ still valid); ibv_cq_ex_to_cq
 * is a CQ for QPs and ibv_destroy_cq. The fields the CQE does not have are
 * refused (completion timestamps: completion_timestamp_mask is 0), as are
 * a parent domain and IGNORE_OVERRUN. */
static void test_create_cq_ex_poll_iterator(void)
{
	struct ibv_cq_init_attr_ex ca;
	struct ibv_poll_cq_attr pa = {0};
	struct ibv_device_attr_ex dax;
	struct ibv_recv_wr rw[2], *rbad;
	uint32_t e[RNIC_CQE_WORDS];
	struct ibv_cq_ex *cqx;
	struct ibv_qp *qp;
	struct fx f;
	int i;

	make_sim_dir(one_dev);
	fx_open(&f);
	f.m->auto_exec = 0;
	CHECK_EQ(ibv_query_device_ex(f.ctx, NULL, &dax), 0);
	CHECK_EQ(dax.completion_timestamp_mask, 0);
	memset(&ca, 0, sizeof(ca));
	ca.cqe = 16;
	ca.cq_context = &ca;
	ca.wc_flags = IBV_WC_EX_WITH_COMPLETION_TIMESTAMP;
	errno = 0;
	CHECK(ibv_create_cq_ex(f.ctx, &ca) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	ca.wc_flags = IBV_WC_STANDARD_FLAGS;
	ca.comp_mask = IBV_CQ_INIT_ATTR_MASK_PD;
	errno = 0;
	CHECK(ibv_create_cq_ex(f.ctx, &ca) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	ca.comp_mask = IBV_CQ_INIT_ATTR_MASK_FLAGS;
	ca.flags = IBV_CREATE_CQ_ATTR_IGNORE_OVERRUN;
	errno = 0;
	CHECK(ibv_create_cq_ex(f.ctx, &ca) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	ca.flags = IBV_CREATE_CQ_ATTR_SINGLE_THREADED;
	cqx = ibv_create_cq_ex(f.ctx, &ca);
	CHECK(cqx != NULL);
	if (!cqx)
		exit(1);
	CHECK(ibv_cq_ex_to_cq(cqx)->cq_context == &ca && cqx->cqe >= 16);
	qp = make_qp(f.pd, f.scq, ibv_cq_ex_to_cq(cqx), IBV_QPT_UD, 4, 4, 1, 1, 0, 0);
	CHECK(qp != NULL);
	if (!qp)
		exit(1);
	CHECK_EQ(qp_to_init(qp), 0);
	memset(rw, 0, sizeof(rw));
	for (i = 0; i < 2; i++) {
		rw[i].wr_id = 0x700 + (uint64_t)i;
		rw[i].next = i == 0 ? &rw[1] : NULL;
	}
	CHECK_EQ(ibv_post_recv(qp, rw, &rbad), 0);

	CHECK_EQ(ibv_start_poll(cqx, &pa), ENOENT); /* empty, end_poll not called */
	for (i = 0; i < 2; i++) {
		memset(e, 0, sizeof(e));
		rnic_cqe_set_wqe_index(e, (uint32_t)i);
		rnic_cqe_set_opcode(e, RNIC_CQE_OP_RESP_RECV);
		rnic_cqe_set_status(e, i ? RNIC_WC_STATUS_LOC_LEN_ERR : RNIC_WC_STATUS_SUCCESS);
		rnic_cqe_set_qpn(e, qp->qp_num);
		rnic_cqe_set_flags(e, RNIC_CQE_FLAG_IMM | RNIC_CQE_FLAG_GRH);
		rnic_cqe_set_byte_len(e, 40u + 100u * (uint32_t)i);
		rnic_cqe_set_imm(e, 0x44332211);
		rnic_cqe_set_src_qp(e, 0xABCDE0u + (uint32_t)i);
		rnic_cqe_set_slid(e, 0x5678);
		rnic_cqe_set_sl(e, 0xA);
		rnic_cqe_set_dlid_path_bits(e, 0x55);
		rnic_cqe_set_vendor_err(e, 0xBEEF);
		CHECK_EQ(mock_cq_push(f.m, ibv_cq_ex_to_cq(cqx)->handle, e), 0);
	}
	CHECK_EQ(ibv_start_poll(cqx, &pa), 0);
	CHECK_EQ(cqx->wr_id, 0x700);
	CHECK_EQ(cqx->status, IBV_WC_SUCCESS);
	CHECK_EQ(ibv_wc_read_opcode(cqx), IBV_WC_RECV);
	CHECK_EQ(ibv_wc_read_byte_len(cqx), 40);
	CHECK_EQ(ibv_wc_read_imm_data(cqx), 0x44332211);
	CHECK_EQ(ibv_wc_read_qp_num(cqx), qp->qp_num);
	CHECK_EQ(ibv_wc_read_src_qp(cqx), 0xABCDE0);
	CHECK_EQ(ibv_wc_read_wc_flags(cqx), IBV_WC_WITH_IMM | IBV_WC_GRH);
	CHECK_EQ(ibv_wc_read_slid(cqx), 0x5678);
	CHECK_EQ(ibv_wc_read_sl(cqx), 0xA);
	CHECK_EQ(ibv_wc_read_dlid_path_bits(cqx), 0x55);
	CHECK_EQ(ibv_wc_read_vendor_err(cqx), 0xBEEF);
	CHECK_EQ(ibv_next_poll(cqx), 0);
	CHECK_EQ(cqx->wr_id, 0x701);
	CHECK_EQ(cqx->status, IBV_WC_LOC_LEN_ERR);
	CHECK_EQ(ibv_wc_read_byte_len(cqx), 140);
	CHECK_EQ(ibv_wc_read_src_qp(cqx), 0xABCDE1);
	CHECK_EQ(ibv_next_poll(cqx), ENOENT);
	ibv_end_poll(cqx);
	pa.comp_mask = 1;
	CHECK_EQ(ibv_start_poll(cqx, &pa), EINVAL);
	CHECK_EQ(ibv_destroy_qp(qp), 0);
	CHECK_EQ(ibv_destroy_cq(ibv_cq_ex_to_cq(cqx)), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ------------------------------------------------------------------ */
/* the rest of rdma-core's entry points                                */

/* ibv_rereg_mr(3): "deregister followed by register": the new
 * registration (REG_MR with what changes and what stays) comes first and
 * the old key goes after it, so a failed one leaves the region as it was
 * (IBV_REREG_MR_ERR_CMD); input errors (IBV_REREG_MR_ERR_INPUT) send
 * nothing. */
static void test_rereg_mr(void)
{
	struct ibv_pd *pd2;
	struct ibv_mr *mr;
	uint32_t old_lkey, n0, i;
	struct fx f;

	make_sim_dir(one_dev);
	fx_open(&f);
	pd2 = ibv_alloc_pd(f.ctx);
	mr = ibv_reg_mr(f.pd, f.buf, 4096, IBV_ACCESS_LOCAL_WRITE);
	CHECK(mr != NULL && pd2 != NULL);
	if (!mr || !pd2)
		exit(1);
	old_lkey = mr->lkey;
	n0 = f.m->cmd_count;
	errno = 0;
	CHECK_EQ(ibv_rereg_mr(mr, 0, NULL, NULL, 0, 0), IBV_REREG_MR_ERR_INPUT);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(ibv_rereg_mr(mr, IBV_REREG_MR_CHANGE_TRANSLATION, NULL, NULL, 0, 0),
		 IBV_REREG_MR_ERR_INPUT);
	CHECK_EQ(ibv_rereg_mr(mr, IBV_REREG_MR_CHANGE_PD, NULL, NULL, 0, IBV_ACCESS_LOCAL_WRITE),
		 IBV_REREG_MR_ERR_INPUT); /* access without CHANGE_ACCESS */
	CHECK_EQ(ibv_rereg_mr(mr, IBV_REREG_MR_CHANGE_ACCESS, NULL, NULL, 0,
			      IBV_ACCESS_REMOTE_WRITE), /* remote write needs local write */
		 IBV_REREG_MR_ERR_INPUT);
	CHECK_EQ(f.m->cmd_count, n0);

	/* translation, PD and access at once */
	CHECK_EQ(ibv_rereg_mr(mr,
			      IBV_REREG_MR_CHANGE_TRANSLATION | IBV_REREG_MR_CHANGE_PD |
				      IBV_REREG_MR_CHANGE_ACCESS,
			      pd2, f.buf + 8192, 1000,
			      IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_READ),
		 0);
	CHECK_EQ(f.m->cmd_count, n0 + 2);
	CHECK_EQ(rnic_cmd_in_get_opcode(f.m->last_in), RNIC_CMD_OP_DEREG_MR);
	CHECK_EQ(rnic_cmd_in_get_handle(f.m->last_in), old_lkey);
	CHECK(mr->lkey != old_lkey);
	CHECK_EQ(mr->rkey, mr->lkey);
	CHECK(mr->pd == pd2 && mr->addr == f.buf + 8192 && mr->length == 1000);
	i = mr->lkey >> RNIC_KEY_TAG_BITS;
	CHECK(f.m->mr[i].valid);
	CHECK_EQ(f.m->mr[i].pdn, ((struct rnic_pd *)pd2)->pdn);
	CHECK_EQ(f.m->mr[i].start, (uintptr_t)f.buf + 8192);
	CHECK_EQ(f.m->mr[i].length, 1000);
	CHECK_EQ(f.m->mr[i].access, RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_READ);
	CHECK(!f.m->mr[old_lkey >> RNIC_KEY_TAG_BITS].valid);

	/* only the access: the translation and the PD stay */
	old_lkey = mr->lkey;
	CHECK_EQ(ibv_rereg_mr(mr, IBV_REREG_MR_CHANGE_ACCESS, NULL, NULL, 0, IBV_ACCESS_LOCAL_WRITE), 0);
	i = mr->lkey >> RNIC_KEY_TAG_BITS;
	CHECK_EQ(f.m->mr[i].start, (uintptr_t)f.buf + 8192);
	CHECK_EQ(f.m->mr[i].length, 1000);
	CHECK_EQ(f.m->mr[i].pdn, ((struct rnic_pd *)pd2)->pdn);
	CHECK_EQ(f.m->mr[i].access, RNIC_ACCESS_LOCAL_WRITE);

	/* the device refuses the new registration: the old one stays */
	old_lkey = mr->lkey;
	f.m->force_status = RNIC_CMD_STATUS_NO_RESOURCES;
	f.m->force_op = RNIC_CMD_OP_REG_MR;
	errno = 0;
	CHECK_EQ(ibv_rereg_mr(mr, IBV_REREG_MR_CHANGE_PD, f.pd, NULL, 0, 0), IBV_REREG_MR_ERR_CMD);
	CHECK_EQ(errno, ENOMEM);
	CHECK_EQ(mr->lkey, old_lkey);
	CHECK(mr->pd == pd2);
	CHECK(f.m->mr[old_lkey >> RNIC_KEY_TAG_BITS].valid);
	CHECK_EQ(ibv_dereg_mr(mr), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* driver.h (not installed): what ibv_devinfo calls */
int ibv_query_gid_type(struct ibv_context *context, uint8_t port_num, unsigned int index,
		       int *type);
int ibv_read_sysfs_file(const char *dir, const char *file, char *buf, size_t size);

/* ibv_query_gid_ex(3), ibv_query_gid_table(3), ibv_query_gid(3): index 0
 * is the port's RoCEv2 GID ::ffff:<IPv4>, the rest of the table (QUERY_PORT
 * gid_tbl_len) is empty; ibv_query_gid_type reports RoCEv2 (driver.h's
 * IBV_GID_TYPE_SYSFS_ROCE_V2, 1) as ibv_devinfo prints it. Also
 * ibv_get_pkey_index(3) and ibv_get_device_index(3). */
static void test_gid_and_pkey_queries(void)
{
	struct ibv_gid_entry e[4];
	union ibv_gid g, want;
	struct ibv_device **l;
	int type = -1;
	struct fx f;

	make_sim_dir(one_dev);
	fx_open(&f);
	v4_gid(&want, MOCK_PORT_IPV4);
	CHECK_EQ(ibv_query_gid(f.ctx, 1, 0, &g), 0);
	CHECK(memcmp(&g, &want, sizeof(g)) == 0);
	CHECK_EQ(ibv_query_gid(f.ctx, 1, 1, &g), 0); /* empty entry */
	CHECK(g.global.subnet_prefix == 0 && g.global.interface_id == 0);
	errno = 0;
	CHECK_EQ(ibv_query_gid(f.ctx, 1, 2, &g), -1);
	CHECK_EQ(errno, EINVAL);
	errno = 0;
	CHECK_EQ(ibv_query_gid(f.ctx, 2, 0, &g), -1);
	CHECK_EQ(errno, EINVAL);

	memset(e, 0xEE, sizeof(e));
	CHECK_EQ(ibv_query_gid_ex(f.ctx, 1, 0, &e[0], 0), 0);
	CHECK(memcmp(&e[0].gid, &want, sizeof(want)) == 0);
	CHECK_EQ(e[0].gid_index, 0);
	CHECK_EQ(e[0].port_num, 1);
	CHECK_EQ(e[0].gid_type, IBV_GID_TYPE_ROCE_V2);
	CHECK_EQ(e[0].ndev_ifindex, 0);
	CHECK_EQ(ibv_query_gid_ex(f.ctx, 1, 1, &e[0], 0), ENODATA);
	CHECK_EQ(ibv_query_gid_ex(f.ctx, 1, 2, &e[0], 0), EINVAL);
	CHECK_EQ(ibv_query_gid_ex(f.ctx, 1, 0, &e[0], 1), EINVAL);
	memset(e, 0xEE, sizeof(e));
	CHECK_EQ(ibv_query_gid_table(f.ctx, e, 4, 0), 1);
	CHECK(memcmp(&e[0].gid, &want, sizeof(want)) == 0);
	CHECK_EQ(e[1].gid_index, 0xEEEEEEEEu); /* nothing past the count */
	CHECK_EQ(ibv_query_gid_table(f.ctx, e, 0, 0), -EINVAL);
	CHECK_EQ(ibv_query_gid_table(f.ctx, e, 4, 1), -EINVAL);

	CHECK_EQ(ibv_query_gid_type(f.ctx, 1, 0, &type), 0);
	CHECK_EQ(type, 1);
	type = -1;
	CHECK_EQ(ibv_query_gid_type(f.ctx, 1, 1, &type), 0); /* empty, but RoCEv2 */
	CHECK_EQ(type, 1);
	errno = 0;
	CHECK_EQ(ibv_query_gid_type(f.ctx, 1, 5, &type), -1);
	CHECK_EQ(errno, EINVAL);

	CHECK_EQ(ibv_get_pkey_index(f.ctx, 1, htobe16(0xFFFF)), 0);
	errno = 0;
	CHECK_EQ(ibv_get_pkey_index(f.ctx, 1, htobe16(0x8001)), -1);
	CHECK_EQ(errno, ENOENT);
	l = ibv_get_device_list(NULL);
	CHECK(l && l[0] && ibv_get_device_index(l[0]) == 0);
	ibv_free_device_list(l);
	CHECK_EQ(ibv_get_device_index(f.ctx->device), 0);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_init_ah_from_wc(3), ibv_create_ah_from_wc(3): on RoCEv2 over IPv4
 * the 40 bytes ahead of a UD payload are 20 zero bytes and the packet's
 * IPv4 header; the answer goes to its source address with its TOS and
 * TTL, from GID 0. Without IBV_WC_GRH the vector is local (is_global 0).
 * Also ibv_resolve_eth_l2_from_gid: the MAC of the destination GID's
 * IPv4 address (include/rnic_addr.h), no VLAN. */
static void test_ah_from_wc(void)
{
	uint8_t grh[40], mac[6];
	struct ibv_ah_attr a;
	struct ibv_wc wc;
	struct ibv_ah *ah;
	uint16_t vid = 0;
	struct fx f;

	make_sim_dir(one_dev);
	fx_open(&f);
	memset(grh, 0, sizeof(grh));
	grh[20] = 0x45;
	grh[21] = 0x28; /* TOS */
	grh[28] = 61;   /* TTL */
	grh[29] = 17;   /* UDP */
	grh[32] = 10, grh[33] = 0, grh[34] = 0, grh[35] = 7;  /* source 10.0.0.7 */
	grh[36] = 10, grh[37] = 0, grh[38] = 0, grh[39] = 1;  /* us: MOCK_PORT_IPV4 */
	memset(&wc, 0, sizeof(wc));
	wc.wc_flags = IBV_WC_GRH;
	wc.sl = 3;
	memset(&a, 0xEE, sizeof(a));
	CHECK_EQ(ibv_init_ah_from_wc(f.ctx, 1, &wc, (struct ibv_grh *)grh, &a), 0);
	CHECK_EQ(a.is_global, 1);
	CHECK_EQ(a.port_num, 1);
	CHECK_EQ(a.sl, 3);
	CHECK_EQ(a.dlid, 0);
	CHECK_EQ(a.grh.sgid_index, 0);
	CHECK_EQ(a.grh.hop_limit, 61);
	CHECK_EQ(a.grh.traffic_class, 0x28);
	CHECK_EQ(a.grh.flow_label, 0);
	{
		union ibv_gid want;

		v4_gid(&want, 0x0A000007);
		CHECK(memcmp(&a.grh.dgid, &want, sizeof(want)) == 0);
	}
	ah = ibv_create_ah_from_wc(f.pd, &wc, (struct ibv_grh *)grh, 1);
	CHECK(ah != NULL);
	CHECK(ah && ((struct rnic_ah *)ah)->dip == 0x0A000007);
	CHECK(ah && ((struct rnic_ah *)ah)->hop_limit == 61);
	if (ah)
		CHECK_EQ(ibv_destroy_ah(ah), 0);
	CHECK_EQ(ibv_resolve_eth_l2_from_gid(f.ctx, &a, mac, &vid), 0);
	CHECK(mac[0] == 0x02 && mac[1] == 0 && mac[2] == 10 && mac[3] == 0 && mac[4] == 0 && mac[5] == 7);
	CHECK_EQ(vid, 0xFFFF);

	/* addressed to someone else: EINVAL */
	grh[39] = 9;
	errno = 0;
	CHECK_EQ(ibv_init_ah_from_wc(f.ctx, 1, &wc, (struct ibv_grh *)grh, &a), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK(ibv_create_ah_from_wc(f.pd, &wc, (struct ibv_grh *)grh, 1) == NULL);
	/* no IPv4 header there: EINVAL */
	grh[39] = 1;
	grh[20] = 0x60;
	errno = 0;
	CHECK_EQ(ibv_init_ah_from_wc(f.ctx, 1, &wc, (struct ibv_grh *)grh, &a), -1);
	CHECK_EQ(errno, EINVAL);
	/* no GRH: the local vector */
	wc.wc_flags = 0;
	CHECK_EQ(ibv_init_ah_from_wc(f.ctx, 1, &wc, (struct ibv_grh *)grh, &a), 0);
	CHECK_EQ(a.is_global, 0);
	CHECK_EQ(a.sl, 3);
	/* a vector that is no IPv4-mapped GID resolves to nothing */
	memset(&a.grh.dgid, 0, sizeof(a.grh.dgid));
	a.is_global = 1;
	CHECK_EQ(ibv_resolve_eth_l2_from_gid(f.ctx, &a, mac, &vid), -EINVAL);
	/* a source GID index the port lacks: -errno of ibv_query_gid, not -1 */
	v4_gid(&a.grh.dgid, 0x0A000007);
	a.grh.sgid_index = 200;
	CHECK_EQ(ibv_resolve_eth_l2_from_gid(f.ctx, &a, mac, &vid), -EINVAL);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* The verbs the device does not offer fail as their pages say, and the
 * entry points kept for rdma-core's kernel providers fail with
 * EOPNOTSUPP, in the form of their prototypes. */
int ibv_cmd_alloc_pd(struct ibv_context *context, struct ibv_pd *pd, void *cmd, size_t cmd_size,
		     void *resp, size_t resp_size);
int ibv_cmd_poll_cq(struct ibv_cq *cq, int ne, struct ibv_wc *wc);
void *_verbs_init_and_alloc_context(struct ibv_device *device, int cmd_fd, size_t alloc_size,
				    struct verbs_context *context_offset, uint32_t driver_id);
struct ibv_context *verbs_open_device(struct ibv_device *device, void *private_data);
int execute_ioctl(struct ibv_context *context, void *cmd);

static void test_unsupported_verbs_fail_cleanly(void)
{
	struct ibv_device **l;
	struct ibv_context *c2;
	struct ibv_qp *qp;
	struct ibv_ece ece;
	union ibv_gid g;
	struct ibv_pd pd;
	struct ibv_wc wc;
	struct fx f;

	make_sim_dir(one_dev);
	fx_open(&f);
	qp = make_qp(f.pd, f.scq, f.rcq, IBV_QPT_UD, 4, 4, 1, 1, 0, 0);
	CHECK(qp != NULL);
	memset(&g, 0, sizeof(g));
	g.raw[0] = 0xFF;
	CHECK_EQ(ibv_resize_cq(f.scq, 128), EOPNOTSUPP);
	CHECK_EQ(ibv_attach_mcast(qp, &g, 0), EOPNOTSUPP);
	CHECK_EQ(ibv_detach_mcast(qp, &g, 0), EOPNOTSUPP);
	memset(&ece, 0, sizeof(ece));
	CHECK_EQ(ibv_set_ece(qp, &ece), EOPNOTSUPP);
	CHECK_EQ(ibv_query_ece(qp, &ece), EOPNOTSUPP);
	CHECK_EQ(ibv_query_qp_data_in_order(qp, IBV_WR_SEND, 0), 0);
	errno = 0;
	CHECK(ibv_reg_dmabuf_mr(f.pd, 0, 4096, 0, 3, IBV_ACCESS_LOCAL_WRITE) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(ibv_import_device(f.ctx->cmd_fd) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(ibv_import_pd(f.ctx, 1) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(ibv_import_mr(f.pd, 1) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	errno = 0;
	CHECK(ibv_import_dm(f.ctx, 1) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	CHECK_EQ(ibv_is_fork_initialized(), IBV_FORK_UNNEEDED);
	CHECK_EQ(ibv_fork_init(), 0);

	/* the kernel provider interface */
	CHECK_EQ(ibv_cmd_alloc_pd(f.ctx, &pd, NULL, 0, NULL, 0), EOPNOTSUPP);
	CHECK_EQ(ibv_cmd_poll_cq(f.scq, 1, &wc), -EOPNOTSUPP);
	CHECK_EQ(execute_ioctl(f.ctx, NULL), EOPNOTSUPP);
	errno = 0;
	CHECK(_verbs_init_and_alloc_context(f.ctx->device, -1, 64, NULL, 0) == NULL);
	CHECK_EQ(errno, EOPNOTSUPP);
	/* ... and verbs_open_device is ibv_open_device */
	l = ibv_get_device_list(NULL);
	c2 = l && l[0] ? verbs_open_device(l[0], NULL) : NULL;
	CHECK(c2 != NULL);
	if (c2)
		CHECK_EQ(ibv_close_device(c2), 0);
	ibv_free_device_list(l);
	fx_close(&f);
	remove_sim_dir(one_dev);
}

/* ibv_read_sysfs_file (driver.h): the file's bytes, NUL-terminated, one
 * trailing newline removed, the length returned; -1 with errno when it
 * cannot be read, as for this library's devices, which have no sysfs
 * directory (ibv_devinfo then leaves the line out). */
static void test_read_sysfs_file(void)
{
	char dir[] = "/tmp/rnic-sysfs-XXXXXX", path[64], buf[8];
	FILE *fh;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/fw_ver", dir);
	fh = fopen(path, "w");
	CHECK(fh != NULL);
	if (!fh)
		return;
	fputs("1.2.3\n", fh);
	fclose(fh);
	memset(buf, 0x55, sizeof(buf));
	CHECK_EQ(ibv_read_sysfs_file(dir, "fw_ver", buf, sizeof(buf)), 5);
	CHECK(strcmp(buf, "1.2.3") == 0);
	CHECK_EQ(ibv_read_sysfs_file(dir, "fw_ver", buf, 4), 3); /* cut short */
	CHECK(strcmp(buf, "1.2") == 0);
	errno = 0;
	CHECK_EQ(ibv_read_sysfs_file(dir, "board_id", buf, sizeof(buf)), -1);
	CHECK_EQ(errno, ENOENT);
	errno = 0;
	CHECK_EQ(ibv_read_sysfs_file(path, "node_desc", buf, sizeof(buf)), -1);
	CHECK_EQ(errno, ENOTDIR);
	unlink(path);
	rmdir(dir);
}

int main(void)
{
	unsetenv(RNIC_ENV_VFIO_DEVICES);
	test_device_list_sorted_without_connecting();
	test_open_checks_identity();
	test_open_waits_for_ready();
	test_open_allocates_uctx_and_queries();
	test_open_twice_shares_the_context();
	test_reg_mr_maps_and_registers();
	test_create_cq_and_qp_report_sizes();
	test_modify_qp_resolves_roce_address();
	test_send_wqe_bytes();
	test_post_send_errors();
	test_post_recv();
	test_poll_cq_fills_every_field();
	test_signaled_cqe_retires_unsignaled();
	test_owner_bit_wrap_and_cq_doorbell();
	test_command_status_to_errno();
	test_reset_restarts_queue_indexes();
	test_close_releases_everything();
	test_loopback_send_with_imm();
	test_create_srq_sizes_and_command();
	test_modify_and_query_srq();
	test_qp_with_srq_has_no_receive_queue();
	test_post_srq_recv_list();
	test_srq_slot_reuse_after_out_of_order_completions();
	test_loopback_send_into_srq();
	test_srq_post_and_poll_from_two_threads();
	test_close_destroys_qps_before_srqs();
	test_xrcd_open_close();
	test_xrcd_shared_through_a_file();
	test_create_srq_ex();
	test_create_xrc_qps();
	test_xrc_send_wqe_bytes();
	test_xrc_loopback_and_poll();
	test_raw_qp_create_and_modify();
	test_raw_send_wqe_bytes();
	test_query_device_ex_caps();
	test_create_qp_ex_max_tso_header();
	test_tso_wqe_bytes();
	test_tso_refusals();
	test_flow_spec_parsing();
	test_close_destroys_flows_before_qps();
	test_wr_api_builds_the_wqes_of_post_send();
	test_wr_api_all_or_nothing();
	test_wr_api_qp_types();
	test_create_cq_ex_poll_iterator();
	test_rereg_mr();
	test_gid_and_pkey_queries();
	test_ah_from_wc();
	test_unsupported_verbs_fail_cleanly();
	test_read_sysfs_file();
	if (failures) {
		printf("FAIL: %d check(s) failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
