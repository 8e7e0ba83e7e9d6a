/*
 * Bad input through the verbs API on the co-simulated NICs: each case gives
 * the documented errno or a failed completion, never a hang or a crash.
 *
 *  1. a device whose simulator is not there: ibv_open_device fails with errno
 *  2. invalid WRs (ibv_post_send(3)): too many SGEs, an opcode the RC row of
 *     the table does not allow, inline data over max_inline_data -> EINVAL,
 *     bad_wr at the failing WR, the WRs before it posted and completed
 *  3. a QP in the wrong state (INIT) -> EINVAL from ibv_post_send
 *  4. an unregistered lkey -> IBV_WC_LOC_PROT_ERR, then the QP's later WRs
 *     complete with IBV_WC_WR_FLUSH_ERR (nothing is lost)
 *  5. full send queue -> ENOMEM; too many receive SGEs -> EINVAL (post_recv)
 *  also: a SEND from a registered stack buffer arrives byte for byte
 *  6. the simulator killed mid-run (pid in RNIC_SIM_PID): commands and
 *     doorbells return errors within a bounded time instead of hanging
 *
 * usage: rc_errors DEV_A DEV_B   (prints "rc_errors: N passed, N failed")
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <infiniband/verbs.h>

#include "cosim_common.h"

static int passed, failed;

#define EXPECT(cond, ...)                                          \
	do {                                                       \
		if (cond) {                                        \
			passed++;                                  \
		} else {                                           \
			failed++;                                  \
			fprintf(stderr, "rc_errors: FAIL line %d: ", __LINE__); \
			fprintf(stderr, __VA_ARGS__);              \
			fprintf(stderr, "\n");                     \
		}                                                  \
	} while (0)

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* 1: a socket path with nothing listening behind it. */
static void test_missing_simulator(void)
{
	char dir[] = "/tmp/rnic-missing-XXXXXX";
	if (!mkdtemp(dir)) {
		EXPECT(0, "mkdtemp");
		return;
	}
	char path[sizeof(dir) + 16];
	snprintf(path, sizeof(path), "%s/rnic9.sock", dir);
	/* A bound socket that was closed: the file exists, no server answers. */
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	EXPECT(fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0, "bind %s", path);
	close(fd);

	const char *old = getenv("RNIC_SIM_DIR");
	char *saved = old ? strdup(old) : NULL;
	setenv("RNIC_SIM_DIR", dir, 1);
	int num = -1;
	struct ibv_device **list = ibv_get_device_list(&num);
	EXPECT(list && num == 1, "device list of a dead simulator: %d entries", num);
	if (list && num == 1) {
		errno = 0;
		struct ibv_context *ctx = ibv_open_device(list[0]);
		EXPECT(ctx == NULL && errno != 0, "open of a dead simulator: ctx %p errno %d", (void *)ctx,
		       errno);
		if (ctx)
			ibv_close_device(ctx);
	}
	if (list)
		ibv_free_device_list(list);
	if (saved) {
		setenv("RNIC_SIM_DIR", saved, 1);
		free(saved);
	}
	unlink(path);
	rmdir(dir);
}

static int wait_wc(struct ibv_cq *cq, struct ibv_wc *wc)
{
	return cosim_poll_one(cq, wc);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: rc_errors DEV_A DEV_B\n");
		return 2;
	}
	test_missing_simulator();

	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 2;
	pid_t peer = fork();
	if (peer == 0) {
		/* The passive side: connects its QP, posts receives, waits. */
		close(sv[0]);
		struct cosim_side b = {.nqp = 1, .mtu = {IBV_MTU_1024}};
		if (cosim_setup(&b, argv[2], 1 << 16, 64, 4) || cosim_connect(&b, sv[1], 0, 0x500))
			_exit(2);
		for (int i = 0; i < 32; i++) {
			struct ibv_sge sge = {.addr = (uintptr_t)b.buf + 1024u * (unsigned)i, .length = 1024,
					      .lkey = b.mr->lkey};
			struct ibv_recv_wr wr = {.wr_id = (uint64_t)i, .sg_list = &sge, .num_sge = 1}, *bad;
			if (ibv_post_recv(b.qp[0], &wr, &bad))
				_exit(3);
		}
		char c = 'r';
		if (cosim_xfer(sv[1], &c, 1, 1) || cosim_xfer(sv[1], &c, 1, 0))
			_exit(4);
		/* Seven SENDs arrive: six 8-byte ones, then 100 bytes from the
		 * sender's stack, which must land here byte for byte. */
		int ok = 1;
		for (int i = 0; i < 7; i++) {
			struct ibv_wc wc;
			uint32_t want = i < 6 ? 8 : 100;
			if (cosim_poll_one(b.cq, &wc) || wc.status != IBV_WC_SUCCESS || wc.opcode != IBV_WC_RECV ||
			    wc.wr_id != (uint64_t)i || wc.byte_len != want) {
				fprintf(stderr, "rc_errors: peer receive %d: status %s wr_id %llu byte_len %u\n", i,
					ibv_wc_status_str(wc.status), (unsigned long long)wc.wr_id, wc.byte_len);
				ok = 0;
				break;
			}
		}
		/* ... and nothing else: no bad-lkey or flushed WR went out. */
		struct ibv_wc extra;
		if (ok && ibv_poll_cq(b.cq, 1, &extra) != 0) {
			fprintf(stderr, "rc_errors: peer: an eighth receive completed (wr_id %llu)\n",
				(unsigned long long)extra.wr_id);
			ok = 0;
		}
		for (int k = 0; ok && k < 100; k++)
			if (b.buf[6 * 1024 + k] != (uint8_t)(k * 7 + 3)) {
				fprintf(stderr, "rc_errors: peer: stack payload byte %d is 0x%02x\n", k, b.buf[6 * 1024 + k]);
				ok = 0;
			}
		c = ok ? 'k' : 'f';
		if (cosim_xfer(sv[1], &c, 1, 1))
			_exit(5);
		_exit(0);
	}
	close(sv[1]);

	struct cosim_side a = {.nqp = 1, .mtu = {IBV_MTU_1024}};
	if (cosim_setup(&a, argv[1], 1 << 16, 8, 4))
		return 2;
	struct ibv_sge sge = {.addr = (uintptr_t)a.buf, .length = 64, .lkey = a.mr->lkey};
	struct ibv_send_wr wr = {.wr_id = 1, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND,
				 .send_flags = IBV_SEND_SIGNALED}, *bad = NULL;

	/* 3: INIT is the wrong state for the send queue. */
	EXPECT(ibv_post_send(a.qp[0], &wr, &bad) == EINVAL && bad == &wr, "post_send in INIT");

	if (cosim_connect(&a, sv[0], 1, 0x600))
		return 2;
	char c = 'x';
	cosim_xfer(sv[0], &c, 1, 0); /* the peer's receives are posted */

	/* 2: a list whose third WR is bad in three different ways. */
	struct ibv_sge sges[5];
	for (int i = 0; i < 5; i++)
		sges[i] = (struct ibv_sge){.addr = (uintptr_t)a.buf + 64u * (unsigned)i, .length = 8,
					   .lkey = a.mr->lkey};
	struct ibv_qp_attr qa;
	struct ibv_qp_init_attr qia;
	EXPECT(ibv_query_qp(a.qp[0], &qa, IBV_QP_CAP, &qia) == 0, "query_qp");
	struct ibv_send_wr w[3];
	uint64_t next_id = 100;
	for (int variant = 0; variant < 3; variant++) {
		memset(w, 0, sizeof(w));
		for (int i = 0; i < 3; i++) {
			w[i] = (struct ibv_send_wr){.wr_id = next_id++, .sg_list = sges, .num_sge = 1,
						    .opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED,
						    .next = i < 2 ? &w[i + 1] : NULL};
		}
		static uint8_t big[4096];
		struct ibv_sge inl = {.addr = (uintptr_t)big, .length = qia.cap.max_inline_data + 1};
		if (variant == 0)
			w[2].num_sge = (int)qia.cap.max_send_sge + 1;    /* too many SGEs */
		else if (variant == 1)
			w[2].opcode = IBV_WR_TSO;                         /* not in the RC row */
		else {
			w[2].sg_list = &inl;                              /* inline too long */
			w[2].send_flags |= IBV_SEND_INLINE;
		}
		bad = NULL;
		int rc = ibv_post_send(a.qp[0], &w[0], &bad);
		EXPECT(rc == EINVAL && bad == &w[2], "invalid WR variant %d: rc %d bad %p", variant, rc,
		       (void *)bad);
		/* The two WRs before it were posted and complete. */
		for (int i = 0; i < 2; i++) {
			struct ibv_wc wc;
			EXPECT(wait_wc(a.cq, &wc) == 0 && wc.status == IBV_WC_SUCCESS &&
				       wc.wr_id == w[i].wr_id && wc.opcode == IBV_WC_SEND,
			       "variant %d: WR %d before the bad one: status %s wr_id %llu", variant, i,
			       ibv_wc_status_str(wc.status), (unsigned long long)wc.wr_id);
		}
	}

	/* Registered memory on the stack (ibv_reg_mr of an automatic array). */
	uint8_t stackbuf[256];
	for (int k = 0; k < 100; k++)
		stackbuf[k] = (uint8_t)(k * 7 + 3);
	struct ibv_mr *smr = ibv_reg_mr(a.pd, stackbuf, sizeof(stackbuf), IBV_ACCESS_LOCAL_WRITE);
	EXPECT(smr != NULL, "reg_mr of a stack buffer: %s", strerror(errno));
	if (smr) {
		struct ibv_sge ss = {.addr = (uintptr_t)stackbuf, .length = 100, .lkey = smr->lkey};
		struct ibv_send_wr sw = {.wr_id = 300, .sg_list = &ss, .num_sge = 1, .opcode = IBV_WR_SEND,
					 .send_flags = IBV_SEND_SIGNALED}, *sbad = NULL;
		EXPECT(ibv_post_send(a.qp[0], &sw, &sbad) == 0, "post_send from the stack");
		struct ibv_wc swc;
		EXPECT(wait_wc(a.cq, &swc) == 0 && swc.wr_id == 300 && swc.status == IBV_WC_SUCCESS,
		       "stack send: %s", ibv_wc_status_str(swc.status));
		EXPECT(ibv_dereg_mr(smr) == 0, "dereg_mr of the stack buffer");
	}

	/* 5: post_recv with too many SGEs -> EINVAL and bad_wr. */
	struct ibv_recv_wr rw = {.wr_id = 7, .sg_list = sges, .num_sge = (int)qia.cap.max_recv_sge + 1},
			   *rbad = NULL;
	EXPECT(ibv_post_recv(a.qp[0], &rw, &rbad) == EINVAL && rbad == &rw, "post_recv too many SGEs");

	/* 4: an lkey nobody registered. */
	struct ibv_sge badkey = {.addr = (uintptr_t)a.buf, .length = 64, .lkey = a.mr->lkey ^ 0x5a5a00};
	struct ibv_send_wr bw = {.wr_id = 900, .sg_list = &badkey, .num_sge = 1, .opcode = IBV_WR_SEND,
				 .send_flags = IBV_SEND_SIGNALED};
	struct ibv_send_wr after = {.wr_id = 901, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND,
				    .send_flags = IBV_SEND_SIGNALED};
	bw.next = &after;
	bad = NULL;
	EXPECT(ibv_post_send(a.qp[0], &bw, &bad) == 0 && bad == NULL, "post of a bad-lkey WR");
	struct ibv_wc wc;
	EXPECT(wait_wc(a.cq, &wc) == 0 && wc.wr_id == 900 && wc.status == IBV_WC_LOC_PROT_ERR,
	       "bad lkey: wr_id %llu status %s", (unsigned long long)wc.wr_id, ibv_wc_status_str(wc.status));
	EXPECT(wait_wc(a.cq, &wc) == 0 && wc.wr_id == 901 && wc.status == IBV_WC_WR_FLUSH_ERR,
	       "after the bad lkey: wr_id %llu status %s", (unsigned long long)wc.wr_id,
	       ibv_wc_status_str(wc.status));

	/* 5: a full send queue. The QP is in error now, so WRs still complete
	 * (flushed); post more than the queue holds without polling. */
	int full_rc = 0;
	unsigned posted = 0;
	for (unsigned i = 0; i < qia.cap.max_send_wr + 1 && !full_rc; i++) {
		struct ibv_send_wr fw = {.wr_id = 1000 + i, .sg_list = &sge, .num_sge = 1,
					 .opcode = IBV_WR_SEND, .send_flags = IBV_SEND_SIGNALED};
		full_rc = ibv_post_send(a.qp[0], &fw, &bad);
		if (!full_rc)
			posted++;
	}
	EXPECT(full_rc == ENOMEM && posted == qia.cap.max_send_wr, "full SQ: rc %d after %u posts", full_rc,
	       posted);
	for (unsigned i = 0; i < posted; i++)
		EXPECT(wait_wc(a.cq, &wc) == 0 && wc.wr_id == 1000 + i && wc.status == IBV_WC_WR_FLUSH_ERR,
		       "flushed WR %u: wr_id %llu status %s", i, (unsigned long long)wc.wr_id,
		       ibv_wc_status_str(wc.status));

	c = 'd';
	EXPECT(cosim_xfer(sv[0], &c, 1, 1) == 0 && cosim_xfer(sv[0], &c, 1, 0) == 0 && c == 'k',
	       "the peer did not receive the six SENDs and the stack payload intact");
	int st;
	waitpid(peer, &st, 0);
	EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0, "peer process exit %d", st);

	/* 6: the simulator dies; the library answers with errors, in bounded time. */
	const char *sp = getenv("RNIC_SIM_PID");
	if (sp) {
		kill((pid_t)atoi(sp), SIGKILL);
		usleep(200000);
		double t0 = now_s();
		struct ibv_qp_attr ra = {.qp_state = IBV_QPS_RESET};
		errno = 0;
		int rc = ibv_modify_qp(a.qp[0], &ra, IBV_QP_STATE);
		EXPECT(rc != 0, "modify_qp after the simulator died returned 0");
		errno = 0;
		struct ibv_pd *pd = ibv_alloc_pd(a.ctx);
		EXPECT(pd == NULL && errno != 0, "alloc_pd after the simulator died: %p errno %d", (void *)pd,
		       errno);
		struct ibv_mr *mr = ibv_reg_mr(a.pd, a.buf, 4096, IBV_ACCESS_LOCAL_WRITE);
		EXPECT(mr == NULL, "reg_mr after the simulator died succeeded");
		struct ibv_send_wr dw = {.wr_id = 2000, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND,
					 .send_flags = IBV_SEND_SIGNALED};
		bad = NULL;
		rc = ibv_post_send(a.qp[0], &dw, &bad);
		EXPECT(rc != 0 && bad == &dw, "post_send after the simulator died: rc %d", rc);
		/* Every completion was taken before: the CQ in host memory is empty. */
		EXPECT(ibv_poll_cq(a.cq, 1, &wc) == 0, "poll_cq after the simulator died");
		double dt = now_s() - t0;
		EXPECT(dt < 30.0, "errors took %.1f s", dt);
		printf("rc_errors: after the simulator died: errors returned in %.2f s\n", dt);
	} else {
		EXPECT(0, "RNIC_SIM_PID is not set: the simulator-death case did not run");
	}
	printf("rc_errors: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
