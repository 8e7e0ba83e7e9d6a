/*
 * The library as old binaries and rdma-core's own clients see it, through
 * the dynamic linker.
 *
 *   test_verbs_compat abi10            - over the in-test device
 *                                        (LD_LIBRARY_PATH names the directory of
 *                                        that build): a program of libibverbs
 *                                        1.0 (2006) binds ibv_*@IBVERBS_1.0
 *                                        (dlvsym) and sends a message from one RC
 *                                        QP to another through the 1.0 objects
 *                                        and the 1.0 context's operations
 *   test_verbs_compat reference LIB    - the functions that need no device
 *                                        give what rdma-core's LIB (Debian's
 *                                        libibverbs.so.1, dlopen'ed beside this
 *                                        one) gives: rate conversions, the
 *                                        node and port state names, the copies
 *                                        of the kernel's uverbs and SA
 *                                        structures, the sysfs path
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <endian.h>
#include <errno.h>
#include <infiniband/sa.h>
#include <infiniband/verbs.h>
#include <rdma/ib_user_sa.h>
#include <rdma/ib_user_verbs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

#define CHECK(c)                                                                              \
	do {                                                                                  \
		if (!(c)) {                                                                   \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);          \
			failures++;                                                           \
		}                                                                             \
	} while (0)

static const char *library_path(void)
{
	Dl_info info;
	void *sym = dlsym(RTLD_DEFAULT, "ibv_open_device");

	if (!sym || !dladdr(sym, &info) || !info.dli_fname)
		return "";
	return info.dli_fname;
}

/* ------------------------------------------------------------------ */
/* the IBVERBS_1.0 ABI                                                 */

/* The 1.0 objects an application sees (libibverbs 1.0's verbs.h): only
 * the leading members it reads, and the context's operations. */
struct pd10 {
	void *context;
	uint32_t handle;
};

struct mr10 {
	void *context;
	struct pd10 *pd;
	uint32_t handle;
	uint32_t lkey;
	uint32_t rkey;
};

struct cq10 {
	void *context;
	void *cq_context;
	uint32_t handle;
	int cqe;
};

struct qp10 {
	void *context;
	void *qp_context;
	struct pd10 *pd;
	struct cq10 *send_cq;
	struct cq10 *recv_cq;
	void *srq;
	uint32_t handle;
	uint32_t qp_num;
	enum ibv_qp_state state;
	enum ibv_qp_type qp_type;
};

struct qp_init_attr10 {
	void *qp_context;
	struct cq10 *send_cq;
	struct cq10 *recv_cq;
	void *srq;
	struct ibv_qp_cap cap;
	enum ibv_qp_type qp_type;
	int sq_sig_all;
};

struct send_wr10 {
	struct send_wr10 *next;
	uint64_t wr_id;
	struct ibv_sge *sg_list;
	int num_sge;
	enum ibv_wr_opcode opcode;
	int send_flags;
	uint32_t imm_data;
	union {
		struct {
			uint64_t remote_addr;
			uint32_t rkey;
		} rdma;
		struct {
			uint64_t remote_addr;
			uint64_t compare_add;
			uint64_t swap;
			uint32_t rkey;
		} atomic;
		struct {
			void *ah;
			uint32_t remote_qpn;
			uint32_t remote_qkey;
		} ud;
	} wr;
};

struct recv_wr10 {
	struct recv_wr10 *next;
	uint64_t wr_id;
	struct ibv_sge *sg_list;
	int num_sge;
};

struct context10 {
	void *device;
	struct {
		void *query_device, *query_port, *alloc_pd, *dealloc_pd, *reg_mr, *dereg_mr,
			*create_cq;
		int (*poll_cq)(struct cq10 *cq, int num_entries, struct ibv_wc *wc);
		int (*req_notify_cq)(struct cq10 *cq, int solicited_only);
		void *cq_event, *resize_cq, *destroy_cq, *create_srq, *modify_srq, *query_srq,
			*destroy_srq, *post_srq_recv, *create_qp, *query_qp, *modify_qp, *destroy_qp;
		int (*post_send)(struct qp10 *qp, struct send_wr10 *wr, struct send_wr10 **bad);
		int (*post_recv)(struct qp10 *qp, struct recv_wr10 *wr, struct recv_wr10 **bad);
		void *create_ah, *destroy_ah, *attach_mcast, *detach_mcast;
	} ops;
	int cmd_fd;
	int async_fd;
	int num_comp_vectors;
};

#define V10(name) dlvsym(RTLD_DEFAULT, name, "IBVERBS_1.0")

static int modify10(int (*modify)(struct qp10 *, struct ibv_qp_attr *, int), struct qp10 *qp,
		    uint32_t dest, const union ibv_gid *gid)
{
	struct ibv_qp_attr a;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_INIT;
	a.port_num = 1;
	a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE;
	if (modify(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
		return -1;
	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTR;
	a.path_mtu = IBV_MTU_1024;
	a.dest_qp_num = dest;
	a.ah_attr.is_global = 1;
	a.ah_attr.port_num = 1;
	a.ah_attr.grh.dgid = *gid;
	a.ah_attr.grh.hop_limit = 64;
	if (modify(qp, &a,
		   IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN |
			   IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER))
		return -1;
	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTS;
	a.timeout = 14;
	a.retry_cnt = 7;
	a.rnr_retry = 7;
	return modify(qp, &a,
		      IBV_QP_STATE | IBV_QP_SQ_PSN | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
			      IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC);
}

static int poll10(struct context10 *c, struct cq10 *cq, struct ibv_wc *wc)
{
	for (int i = 0; i < 1000; i++) {
		int n = c->ops.poll_cq(cq, 1, wc);

		if (n)
			return n;
	}
	return 0;
}

static void abi10(void)
{
	void **(*get_list)(int *) = V10("ibv_get_device_list");
	void (*free_list)(void **) = V10("ibv_free_device_list");
	const char *(*get_name)(void *) = V10("ibv_get_device_name");
	__be64 (*get_guid)(void *) = V10("ibv_get_device_guid");
	struct context10 *(*open_dev)(void *) = V10("ibv_open_device");
	int (*close_dev)(struct context10 *) = V10("ibv_close_device");
	int (*query_device)(struct context10 *, struct ibv_device_attr *) = V10("ibv_query_device");
	int (*query_gid)(struct context10 *, uint8_t, int, union ibv_gid *) = V10("ibv_query_gid");
	int (*query_pkey)(struct context10 *, uint8_t, int, __be16 *) = V10("ibv_query_pkey");
	struct pd10 *(*alloc_pd)(struct context10 *) = V10("ibv_alloc_pd");
	int (*dealloc_pd)(struct pd10 *) = V10("ibv_dealloc_pd");
	struct mr10 *(*reg_mr)(struct pd10 *, void *, size_t, int) = V10("ibv_reg_mr");
	int (*dereg_mr)(struct mr10 *) = V10("ibv_dereg_mr");
	struct cq10 *(*create_cq)(struct context10 *, int, void *, struct ibv_comp_channel *, int) =
		V10("ibv_create_cq");
	int (*destroy_cq)(struct cq10 *) = V10("ibv_destroy_cq");
	int (*resize_cq)(struct cq10 *, int) = V10("ibv_resize_cq");
	struct qp10 *(*create_qp)(struct pd10 *, struct qp_init_attr10 *) = V10("ibv_create_qp");
	int (*query_qp)(struct qp10 *, struct ibv_qp_attr *, int, struct qp_init_attr10 *) =
		V10("ibv_query_qp");
	int (*modify_qp)(struct qp10 *, struct ibv_qp_attr *, int) = V10("ibv_modify_qp");
	int (*destroy_qp)(struct qp10 *) = V10("ibv_destroy_qp");
	void (*register_driver)(const char *, void *) =
		dlvsym(RTLD_DEFAULT, "ibv_register_driver", "IBVERBS_1.1");
	char dir[] = "/tmp/rnic-verbs-compat-XXXXXX", sock[64];
	struct qp_init_attr10 ia, qi;
	struct ibv_device_attr da;
	struct context10 *c;
	struct pd10 *pd;
	struct mr10 *mr;
	struct cq10 *cq;
	struct qp10 *a, *b;
	struct ibv_qp_attr qa;
	struct ibv_sge s, r;
	struct send_wr10 sw, *sbad = NULL;
	struct recv_wr10 rw, *rbad = NULL;
	struct ibv_wc wc;
	union ibv_gid gid;
	__be16 pkey;
	uint8_t *buf = calloc(1, 8192);
	void **list;
	FILE *fp;
	int n = 0, i, cq_tag;

	CHECK(strstr(library_path(), "mockdev/libibverbs.so.1") != NULL);
	CHECK(get_list && free_list && get_name && get_guid && open_dev && close_dev &&
	      query_device && query_gid && query_pkey && alloc_pd && dealloc_pd && reg_mr &&
	      dereg_mr && create_cq && destroy_cq && resize_cq && create_qp && query_qp &&
	      modify_qp && destroy_qp && register_driver);
	/* the 1.0 versions are other functions than the default ones */
	CHECK((void *)get_list != dlsym(RTLD_DEFAULT, "ibv_get_device_list"));
	if (failures)
		return;
	register_driver("old-provider", NULL); /* ignored */

	CHECK(mkdtemp(dir) != NULL);
	snprintf(sock, sizeof(sock), "%s/rnic0.sock", dir);
	fp = fopen(sock, "w");
	if (fp)
		fclose(fp);
	setenv("RNIC_SIM_DIR", dir, 1);
	list = get_list(&n);
	CHECK(list != NULL && n == 1);
	if (!list || n != 1)
		return;
	CHECK(strcmp(get_name(list[0]), "rnic0") == 0);
	CHECK(get_guid(list[0]) != 0);
	c = open_dev(list[0]);
	CHECK(c != NULL);
	if (!c)
		return;
	CHECK(c->device == list[0] && c->num_comp_vectors >= 1);
	CHECK(query_device(c, &da) == 0 && da.phys_port_cnt == 1);
	CHECK(query_gid(c, 1, 0, &gid) == 0 && gid.raw[10] == 0xff && gid.raw[11] == 0xff);
	CHECK(query_pkey(c, 1, 0, &pkey) == 0 && pkey == htobe16(0xFFFF));

	pd = alloc_pd(c);
	cq = pd ? create_cq(c, 16, &cq_tag, NULL, 0) : NULL;
	mr = pd ? reg_mr(pd, buf, 8192, IBV_ACCESS_LOCAL_WRITE) : NULL;
	CHECK(pd && cq && mr);
	if (!pd || !cq || !mr)
		return;
	CHECK(pd->context == c && cq->context == c && cq->cq_context == &cq_tag && cq->cqe >= 16);
	CHECK(mr->pd == pd && mr->lkey != 0);
	CHECK(resize_cq(cq, 32) == EOPNOTSUPP);
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = cq;
	ia.recv_cq = cq;
	ia.qp_type = IBV_QPT_RC;
	ia.cap.max_send_wr = 4;
	ia.cap.max_recv_wr = 4;
	ia.cap.max_send_sge = 1;
	ia.cap.max_recv_sge = 1;
	ia.qp_context = &ia;
	a = create_qp(pd, &ia);
	b = create_qp(pd, &ia);
	CHECK(a && b);
	if (!a || !b)
		return;
	CHECK(a->context == c && a->pd == pd && a->send_cq == cq && a->qp_context == &ia);
	CHECK(a->qp_num != b->qp_num && a->qp_type == IBV_QPT_RC && a->state == IBV_QPS_RESET);
	CHECK(modify10(modify_qp, a, b->qp_num, &gid) == 0);
	CHECK(modify10(modify_qp, b, a->qp_num, &gid) == 0);
	CHECK(a->state == IBV_QPS_RTS);
	memset(&qi, 0, sizeof(qi));
	CHECK(query_qp(a, &qa, IBV_QP_STATE, &qi) == 0);
	CHECK(qa.qp_state == IBV_QPS_RTS && qi.send_cq == cq && qi.recv_cq == cq && !qi.srq);
	CHECK(qi.qp_context == &ia && qi.qp_type == IBV_QPT_RC);

	/* a SEND_WITH_IMM through the 1.0 context's operations */
	for (i = 0; i < 256; i++)
		buf[i] = (uint8_t)(i * 7);
	r.addr = (uintptr_t)buf + 4096;
	r.length = 512;
	r.lkey = mr->lkey;
	memset(&rw, 0, sizeof(rw));
	rw.wr_id = 0x10;
	rw.sg_list = &r;
	rw.num_sge = 1;
	CHECK(c->ops.post_recv(b, &rw, &rbad) == 0);
	s.addr = (uintptr_t)buf;
	s.length = 256;
	s.lkey = mr->lkey;
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 0x20;
	sw.opcode = IBV_WR_SEND_WITH_IMM;
	sw.send_flags = IBV_SEND_SIGNALED;
	sw.imm_data = htobe32(0xABCD);
	sw.sg_list = &s;
	sw.num_sge = 1;
	CHECK(c->ops.post_send(a, &sw, &sbad) == 0);
	CHECK(poll10(c, cq, &wc) == 1);
	CHECK(wc.status == IBV_WC_SUCCESS && wc.opcode == IBV_WC_RECV && wc.wr_id == 0x10);
	CHECK(wc.byte_len == 256 && (wc.wc_flags & IBV_WC_WITH_IMM) && wc.imm_data == htobe32(0xABCD));
	CHECK(wc.qp_num == b->qp_num);
	CHECK(memcmp(buf + 4096, buf, 256) == 0);
	CHECK(poll10(c, cq, &wc) == 1);
	CHECK(wc.status == IBV_WC_SUCCESS && wc.opcode == IBV_WC_SEND && wc.wr_id == 0x20);
	/* a refused 1.0 WR comes back as bad_wr */
	sw.opcode = IBV_WR_TSO;
	sbad = NULL;
	CHECK(c->ops.post_send(a, &sw, &sbad) == EINVAL && sbad == &sw);

	CHECK(destroy_qp(a) == 0);
	CHECK(destroy_qp(b) == 0);
	CHECK(dereg_mr(mr) == 0);
	CHECK(destroy_cq(cq) == 0);
	CHECK(dealloc_pd(pd) == 0);
	CHECK(close_dev(c) == 0);
	free_list(list);
	unlink(sock);
	rmdir(dir);
	free(buf);
}

/* ------------------------------------------------------------------ */
/* against rdma-core                                                   */

static void *ref_sym(void *lib, const char *name, const char *version)
{
	void *p = dlvsym(lib, name, version);

	CHECK(p != NULL);
	if (!p)
		fprintf(stderr, "no %s@%s in the reference library\n", name, version);
	return p;
}

/* Fill n bytes with a pattern that depends on seed. */
static void fill(void *p, size_t n, unsigned seed)
{
	uint8_t *b = p;

	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(seed * 31u + i * 17u + (i >> 3));
}

static void reference(const char *ref_path)
{
	void *lib = dlopen(ref_path, RTLD_NOW | RTLD_LOCAL);
	int (*r_to_mult)(enum ibv_rate), (*r_to_mbps)(enum ibv_rate);
	enum ibv_rate (*r_mult_to)(int), (*r_mbps_to)(int);
	const char *(*r_node)(enum ibv_node_type), *(*r_port)(enum ibv_port_state);
	void (*r_ah)(struct ibv_ah_attr *, struct ib_uverbs_ah_attr *);
	void (*r_qp)(struct ibv_qp_attr *, struct ib_uverbs_qp_attr *);
	void (*r_pr_from)(struct ibv_sa_path_rec *, struct ib_user_path_rec *);
	void (*r_pr_to)(struct ib_user_path_rec *, struct ibv_sa_path_rec *);
	const char *(*r_sysfs)(void);
	/* ours, through the same prototypes (marshall.h and driver.h are not
	 * installed) */
	void (*o_ah)(struct ibv_ah_attr *, struct ib_uverbs_ah_attr *) =
		dlvsym(RTLD_DEFAULT, "ibv_copy_ah_attr_from_kern", "IBVERBS_1.1");
	void (*o_qp)(struct ibv_qp_attr *, struct ib_uverbs_qp_attr *) =
		dlvsym(RTLD_DEFAULT, "ibv_copy_qp_attr_from_kern", "IBVERBS_1.0");
	void (*o_pr_from)(struct ibv_sa_path_rec *, struct ib_user_path_rec *) =
		dlvsym(RTLD_DEFAULT, "ibv_copy_path_rec_from_kern", "IBVERBS_1.0");
	void (*o_pr_to)(struct ib_user_path_rec *, struct ibv_sa_path_rec *) =
		dlvsym(RTLD_DEFAULT, "ibv_copy_path_rec_to_kern", "IBVERBS_1.0");
	const char *(*o_sysfs)(void) = dlvsym(RTLD_DEFAULT, "ibv_get_sysfs_path", "IBVERBS_1.0");
	int i, compared = 0;

	CHECK(strstr(library_path(), "/host/verbs/libibverbs.so.1") != NULL);
	CHECK(lib != NULL);
	if (!lib) {
		fprintf(stderr, "dlopen %s: %s\n", ref_path, dlerror());
		return;
	}
	r_to_mult = ref_sym(lib, "ibv_rate_to_mult", "IBVERBS_1.0");
	r_mult_to = ref_sym(lib, "mult_to_ibv_rate", "IBVERBS_1.0");
	r_to_mbps = ref_sym(lib, "ibv_rate_to_mbps", "IBVERBS_1.1");
	r_mbps_to = ref_sym(lib, "mbps_to_ibv_rate", "IBVERBS_1.1");
	r_node = ref_sym(lib, "ibv_node_type_str", "IBVERBS_1.1");
	r_port = ref_sym(lib, "ibv_port_state_str", "IBVERBS_1.1");
	r_ah = ref_sym(lib, "ibv_copy_ah_attr_from_kern", "IBVERBS_1.1");
	r_qp = ref_sym(lib, "ibv_copy_qp_attr_from_kern", "IBVERBS_1.0");
	r_pr_from = ref_sym(lib, "ibv_copy_path_rec_from_kern", "IBVERBS_1.0");
	r_pr_to = ref_sym(lib, "ibv_copy_path_rec_to_kern", "IBVERBS_1.0");
	r_sysfs = ref_sym(lib, "ibv_get_sysfs_path", "IBVERBS_1.0");
	CHECK(o_ah && o_qp && o_pr_from && o_pr_to && o_sysfs);
	if (failures)
		return;
	CHECK((void *)r_to_mult != (void *)ibv_rate_to_mult); /* really two libraries */

	for (i = -2; i < 40; i++, compared += 2) {
		CHECK(ibv_rate_to_mult((enum ibv_rate)i) == r_to_mult((enum ibv_rate)i));
		CHECK(ibv_rate_to_mbps((enum ibv_rate)i) == r_to_mbps((enum ibv_rate)i));
	}
	for (i = -1; i < 700; i++, compared++)
		CHECK(mult_to_ibv_rate(i) == r_mult_to(i));
	for (i = 0; i < 40; i++, compared += 2) {
		int mbps = r_to_mbps((enum ibv_rate)i);

		CHECK(mbps_to_ibv_rate(mbps) == r_mbps_to(mbps));
		CHECK(mbps_to_ibv_rate(mbps + 1) == r_mbps_to(mbps + 1));
	}
	for (i = -2; i < 12; i++, compared += 2) {
		CHECK(strcmp(ibv_node_type_str((enum ibv_node_type)i), r_node((enum ibv_node_type)i)) == 0);
		CHECK(strcmp(ibv_port_state_str((enum ibv_port_state)i),
			     r_port((enum ibv_port_state)i)) == 0);
	}
	for (unsigned seed = 0; seed < 8; seed++, compared += 4) {
		struct ib_uverbs_ah_attr kah;
		struct ib_uverbs_qp_attr kqp;
		struct ib_user_path_rec kpr, o_kpr, r_kpr;
		struct ibv_ah_attr o_ah_v, r_ah_v;
		struct ibv_qp_attr o_qp_v, r_qp_v;
		struct ibv_sa_path_rec pr, o_pr, r_pr;

		fill(&kah, sizeof(kah), seed);
		fill(&kqp, sizeof(kqp), seed + 100);
		fill(&kpr, sizeof(kpr), seed + 200);
		fill(&pr, sizeof(pr), seed + 300);
		memset(&o_ah_v, 0xA5, sizeof(o_ah_v));
		memset(&r_ah_v, 0xA5, sizeof(r_ah_v));
		o_ah(&o_ah_v, &kah);
		r_ah(&r_ah_v, &kah);
		CHECK(memcmp(&o_ah_v, &r_ah_v, sizeof(o_ah_v)) == 0);
		memset(&o_qp_v, 0xA5, sizeof(o_qp_v));
		memset(&r_qp_v, 0xA5, sizeof(r_qp_v));
		o_qp(&o_qp_v, &kqp);
		r_qp(&r_qp_v, &kqp);
		CHECK(memcmp(&o_qp_v, &r_qp_v, sizeof(o_qp_v)) == 0);
		memset(&o_pr, 0xA5, sizeof(o_pr));
		memset(&r_pr, 0xA5, sizeof(r_pr));
		o_pr_from(&o_pr, &kpr);
		r_pr_from(&r_pr, &kpr);
		CHECK(memcmp(&o_pr, &r_pr, sizeof(o_pr)) == 0);
		memset(&o_kpr, 0xA5, sizeof(o_kpr));
		memset(&r_kpr, 0xA5, sizeof(r_kpr));
		o_pr_to(&o_kpr, &pr);
		r_pr_to(&r_kpr, &pr);
		CHECK(memcmp(&o_kpr, &r_kpr, sizeof(o_kpr)) == 0);
	}
	CHECK(strcmp(o_sysfs(), r_sysfs()) == 0);
	compared++;
	printf("reference: %d results compared with %s\n", compared, ref_path);
	dlclose(lib);
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "abi10") == 0) {
		abi10();
	} else if (argc == 3 && strcmp(argv[1], "reference") == 0) {
		reference(argv[2]);
	} else {
		fprintf(stderr, "usage: %s abi10 | reference LIB\n", argv[0]);
		return 2;
	}
	printf("library: %s\n", library_path());
	if (failures) {
		printf("FAIL: %d check(s) failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
