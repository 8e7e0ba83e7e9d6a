/*
 * A plain verbs program: it includes only <infiniband/verbs.h> (rdma-core
 * 44) and uses the header's inline ibv_post_send / ibv_post_recv /
 * ibv_post_srq_recv / ibv_poll_cq / ibv_query_port / ibv_query_device_ex
 * and the ibv_reg_mr macro, so it checks the library's ABI as applications
 * see it.
 *
 *   test_verbs_abi loopback   - over the in-test device (LD_LIBRARY_PATH
 *                               names the directory of that build): two RC
 *                               QPs exchange a SEND_WITH_IMM and an inline
 *                               SEND; a SEND lands in an SRQ's WQE
 *   test_verbs_abi nodevices  - over the real library with no device: the
 *                               list is empty and nothing connects
 *
 * Either way the libibverbs.so.1 that was loaded must not be Debian's.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <endian.h>
#include <errno.h>
#include <infiniband/verbs.h>
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

static int connect_qp(struct ibv_qp *qp, uint32_t dest, const union ibv_gid *gid)
{
	struct ibv_qp_attr a;

	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_INIT;
	a.port_num = 1;
	a.qp_access_flags = IBV_ACCESS_LOCAL_WRITE;
	if (ibv_modify_qp(qp, &a,
			  IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS))
		return -1;
	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTR;
	a.path_mtu = IBV_MTU_1024;
	a.dest_qp_num = dest;
	a.ah_attr.is_global = 1;
	a.ah_attr.port_num = 1;
	a.ah_attr.grh.dgid = *gid;
	a.ah_attr.grh.hop_limit = 64;
	if (ibv_modify_qp(qp, &a,
			  IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
				  IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC |
				  IBV_QP_MIN_RNR_TIMER))
		return -1;
	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTS;
	a.timeout = 14;
	a.retry_cnt = 7;
	a.rnr_retry = 7;
	return ibv_modify_qp(qp, &a,
			     IBV_QP_STATE | IBV_QP_SQ_PSN | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
				     IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC);
}

static int poll_one(struct ibv_cq *cq, struct ibv_wc *wc)
{
	int i, n;

	for (i = 0; i < 1000; i++) {
		n = ibv_poll_cq(cq, 1, wc);
		if (n)
			return n;
	}
	return 0;
}

/* A SEND into a QP that receives from an SRQ, through the header's inline
 * ibv_post_srq_recv and the exported SRQ verbs. */
static void srq_loopback(struct ibv_pd *pd, struct ibv_cq *cq, struct ibv_mr *mr, uint8_t *buf,
			 const union ibv_gid *gid)
{
	struct ibv_srq_init_attr sa;
	struct ibv_srq_attr attr;
	struct ibv_qp_init_attr ia;
	struct ibv_srq *srq;
	struct ibv_qp *x, *y;
	struct ibv_sge s, r;
	struct ibv_send_wr sw, *sbad = NULL;
	struct ibv_recv_wr rw, *rbad = NULL;
	struct ibv_wc wc;

	memset(&sa, 0, sizeof(sa));
	sa.attr.max_wr = 3;
	sa.attr.max_sge = 1;
	srq = ibv_create_srq(pd, &sa);
	CHECK(srq != NULL);
	if (!srq)
		return;
	CHECK(sa.attr.max_wr == 4 && sa.attr.max_sge == 1);
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = cq;
	ia.recv_cq = cq;
	ia.qp_type = IBV_QPT_RC;
	ia.cap.max_send_wr = 4;
	ia.cap.max_send_sge = 1;
	x = ibv_create_qp(pd, &ia);
	ia.srq = srq;
	y = ibv_create_qp(pd, &ia);
	CHECK(x && y);
	if (!x || !y)
		return;
	CHECK(ia.cap.max_recv_wr == 0 && y->srq == srq);
	CHECK(connect_qp(x, y->qp_num, gid) == 0);
	CHECK(connect_qp(y, x->qp_num, gid) == 0);

	memset(buf + 4096, 0, 64);
	r.addr = (uintptr_t)buf + 4096;
	r.length = 64;
	r.lkey = mr->lkey;
	memset(&rw, 0, sizeof(rw));
	rw.wr_id = 0x5A5;
	rw.sg_list = &r;
	rw.num_sge = 1;
	CHECK(ibv_post_srq_recv(srq, &rw, &rbad) == 0);
	CHECK(ibv_post_recv(y, &rw, &rbad) == EINVAL && rbad == &rw);
	s.addr = (uintptr_t)buf + 64;
	s.length = 40;
	s.lkey = mr->lkey;
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 9;
	sw.opcode = IBV_WR_SEND;
	sw.sg_list = &s;
	sw.num_sge = 1;
	CHECK(ibv_post_send(x, &sw, &sbad) == 0);
	CHECK(poll_one(cq, &wc) == 1);
	CHECK(wc.status == IBV_WC_SUCCESS && wc.opcode == IBV_WC_RECV);
	CHECK(wc.wr_id == 0x5A5 && wc.byte_len == 40 && wc.qp_num == y->qp_num);
	CHECK(memcmp(buf + 4096, buf + 64, 40) == 0);

	attr.srq_limit = 2;
	CHECK(ibv_modify_srq(srq, &attr, IBV_SRQ_LIMIT) == 0);
	CHECK(ibv_modify_srq(srq, &attr, IBV_SRQ_MAX_WR) == EINVAL);
	memset(&attr, 0, sizeof(attr));
	CHECK(ibv_query_srq(srq, &attr) == 0);
	CHECK(attr.max_wr == 4 && attr.max_sge == 1 && attr.srq_limit == 2);
	CHECK(ibv_destroy_srq(srq) == EBUSY);
	CHECK(ibv_destroy_qp(y) == 0);
	CHECK(ibv_destroy_qp(x) == 0);
	CHECK(ibv_destroy_srq(srq) == 0);
}

static void loopback(void)
{
	char dir[] = "/tmp/rnic-verbs-abi-XXXXXX", sock[64];
	struct ibv_device **list;
	struct ibv_context *ctx;
	struct ibv_port_attr pa;
	struct ibv_device_attr_ex dax;
	union ibv_gid gid;
	struct ibv_pd *pd;
	struct ibv_cq *cq;
	struct ibv_mr *mr;
	struct ibv_qp *a, *b;
	struct ibv_qp_init_attr ia;
	struct ibv_sge s[2], r[2];
	struct ibv_send_wr sw, *sbad = NULL;
	struct ibv_recv_wr rw[2], *rbad = NULL;
	struct ibv_wc wc;
	uint8_t *buf = malloc(8192);
	char small[12] = "inline-data";
	FILE *fp;
	int n = 0, i;

	CHECK(strstr(library_path(), "mockdev/libibverbs.so.1") != NULL);
	CHECK(mkdtemp(dir) != NULL);
	snprintf(sock, sizeof(sock), "%s/rnic0.sock", dir);
	fp = fopen(sock, "w");
	if (fp)
		fclose(fp);
	setenv("RNIC_SIM_DIR", dir, 1);
	list = ibv_get_device_list(&n);
	CHECK(list != NULL && n == 1);
	if (!list || n != 1)
		return;
	CHECK(strcmp(ibv_get_device_name(list[0]), "rnic0") == 0);
	ctx = ibv_open_device(list[0]);
	ibv_free_device_list(list); /* the context keeps its device */
	CHECK(ctx != NULL);
	if (!ctx)
		return;
	CHECK(strcmp(ibv_get_device_name(ctx->device), "rnic0") == 0);
	CHECK(ibv_query_port(ctx, 1, &pa) == 0);
	CHECK(pa.link_layer == IBV_LINK_LAYER_ETHERNET);
	CHECK(pa.state == IBV_PORT_ACTIVE);
	CHECK(ibv_query_gid(ctx, 1, 0, &gid) == 0);
	CHECK(gid.raw[10] == 0xff && gid.raw[11] == 0xff);
	/* the inline ibv_query_device_ex reaches the library's op (its
	 * legacy fall-back would leave tso_caps and raw_packet_caps 0) */
	CHECK(ibv_query_device_ex(ctx, NULL, &dax) == 0);
	CHECK(dax.tso_caps.max_tso == 262144);
	CHECK(dax.tso_caps.supported_qpts == 1u << IBV_QPT_RAW_PACKET);
	CHECK(dax.raw_packet_caps == IBV_RAW_PACKET_CAP_IP_CSUM);
	CHECK(dax.orig_attr.device_cap_flags & IBV_DEVICE_RAW_IP_CSUM);
	CHECK(!(dax.orig_attr.device_cap_flags & IBV_DEVICE_UD_IP_CSUM));

	pd = ibv_alloc_pd(ctx);
	cq = ibv_create_cq(ctx, 16, NULL, NULL, 0);
	mr = pd ? ibv_reg_mr(pd, buf, 8192, IBV_ACCESS_LOCAL_WRITE) : NULL;
	CHECK(pd && cq && mr);
	if (!pd || !cq || !mr)
		return;
	memset(&ia, 0, sizeof(ia));
	ia.send_cq = cq;
	ia.recv_cq = cq;
	ia.qp_type = IBV_QPT_RC;
	ia.cap.max_send_wr = 8;
	ia.cap.max_recv_wr = 8;
	ia.cap.max_send_sge = 2;
	ia.cap.max_recv_sge = 2;
	ia.cap.max_inline_data = 32;
	a = ibv_create_qp(pd, &ia);
	b = ibv_create_qp(pd, &ia);
	CHECK(a && b);
	if (!a || !b)
		return;
	CHECK(connect_qp(a, b->qp_num, &gid) == 0);
	CHECK(connect_qp(b, a->qp_num, &gid) == 0);

	for (i = 0; i < 4096; i++)
		buf[i] = (uint8_t)(i ^ 0x5A);
	memset(buf + 4096, 0, 4096);
	memset(rw, 0, sizeof(rw));
	for (i = 0; i < 2; i++) {
		/* each receive spans two buffers */
		r[i].addr = (uintptr_t)buf + 4096 + 2048 * (unsigned)i;
		r[i].length = 1024;
		r[i].lkey = mr->lkey;
		rw[i].wr_id = 100 + (uint64_t)i;
		rw[i].sg_list = &r[i];
		rw[i].num_sge = 1;
		rw[i].next = i == 0 ? &rw[1] : NULL;
	}
	CHECK(ibv_post_recv(b, rw, &rbad) == 0);

	s[0].addr = (uintptr_t)buf;
	s[0].length = 300;
	s[0].lkey = mr->lkey;
	s[1].addr = (uintptr_t)buf + 1000;
	s[1].length = 200;
	s[1].lkey = mr->lkey;
	memset(&sw, 0, sizeof(sw));
	sw.wr_id = 7;
	sw.opcode = IBV_WR_SEND_WITH_IMM;
	sw.imm_data = htobe32(0xC0FFEE);
	sw.send_flags = IBV_SEND_SIGNALED;
	sw.sg_list = s;
	sw.num_sge = 2;
	CHECK(ibv_post_send(a, &sw, &sbad) == 0);

	CHECK(poll_one(cq, &wc) == 1);
	CHECK(wc.status == IBV_WC_SUCCESS);
	CHECK(wc.opcode == IBV_WC_RECV && wc.wr_id == 100 && wc.byte_len == 500);
	CHECK((wc.wc_flags & IBV_WC_WITH_IMM) && wc.imm_data == htobe32(0xC0FFEE));
	CHECK(wc.qp_num == b->qp_num && wc.src_qp == a->qp_num);
	CHECK(memcmp(buf + 4096, buf, 300) == 0);
	CHECK(memcmp(buf + 4096 + 300, buf + 1000, 200) == 0);
	CHECK(poll_one(cq, &wc) == 1);
	CHECK(wc.status == IBV_WC_SUCCESS);
	CHECK(wc.opcode == IBV_WC_SEND && wc.wr_id == 7 && wc.qp_num == a->qp_num);

	/* inline: the buffer needs no key and is reusable at once */
	s[0].addr = (uintptr_t)small;
	s[0].length = sizeof(small);
	s[0].lkey = 0;
	sw.wr_id = 8;
	sw.opcode = IBV_WR_SEND;
	sw.send_flags = IBV_SEND_SIGNALED | IBV_SEND_INLINE;
	sw.num_sge = 1;
	CHECK(ibv_post_send(a, &sw, &sbad) == 0);
	memset(small, 0, sizeof(small));
	CHECK(poll_one(cq, &wc) == 1);
	CHECK(wc.status == IBV_WC_SUCCESS && wc.wr_id == 101 && wc.byte_len == 12);
	CHECK(memcmp(buf + 4096 + 2048, "inline-data", 12) == 0);
	CHECK(poll_one(cq, &wc) == 1);
	CHECK(wc.wr_id == 8 && wc.opcode == IBV_WC_SEND);
	CHECK(ibv_poll_cq(cq, 1, &wc) == 0);

	/* an opcode the RC table allows is posted; one it forbids is not */
	sw.opcode = IBV_WR_TSO;
	sbad = NULL;
	CHECK(ibv_post_send(a, &sw, &sbad) == EINVAL && sbad == &sw);
	CHECK(strcmp(ibv_wc_status_str(IBV_WC_WR_FLUSH_ERR), "work request flushed") == 0);

	srq_loopback(pd, cq, mr, buf, &gid);

	CHECK(ibv_destroy_qp(a) == 0);
	CHECK(ibv_destroy_qp(b) == 0);
	CHECK(ibv_dereg_mr(mr) == 0);
	CHECK(ibv_destroy_cq(cq) == 0);
	CHECK(ibv_dealloc_pd(pd) == 0);
	CHECK(ibv_close_device(ctx) == 0);
	unlink(sock);
	rmdir(dir);
	free(buf);
}

static void nodevices(void)
{
	struct ibv_device **list;
	int n = -1;

	CHECK(strstr(library_path(), "/host/verbs/libibverbs.so.1") != NULL);
	list = ibv_get_device_list(&n);
	CHECK(list != NULL);
	CHECK(n == 0);
	CHECK(list && list[0] == NULL);
	ibv_free_device_list(list);
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "loopback") == 0) {
		loopback();
	} else if (argc == 2 && strcmp(argv[1], "nodevices") == 0) {
		nodevices();
	} else {
		fprintf(stderr, "usage: %s loopback|nodevices\n", argv[0]);
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
