/*
 * RC SEND end to end between two processes, one simulated NIC each, through
 * the standard verbs API (<infiniband/verbs.h>).
 *
 * The parent forks a receiver (device A) and a sender (device B) joined by a
 * socketpair for the out-of-band exchange (QPN, PSN, GID) and for batch
 * hand-offs: the receiver posts a batch of receive WQEs, says so, the sender
 * posts the batch of SENDs, both poll their completions and check them.
 *
 * The receiver's buffers come from mmap, the sender's from malloc.
 * Every message: size from a fixed schedule (0 B .. 1 MiB, the MTU edges
 * included), 1-4 send SGEs and 1-4 receive SGEs at odd offsets, immediate
 * data on every third message, alternately on a QP pair at MTU 1024 and one
 * at MTU 4096. Checked: every payload byte, the guard bytes around every
 * receive buffer, and every completion field (wr_id, status, opcode,
 * byte_len, imm_data, wc_flags, qp_num).
 *
 * usage: rc_send [-n messages] [-s seed] [-b batch] [-m max_size] DEV_A DEV_B
 * Exit status 0 only if every check passed; prints "rc_send: N passed, N failed".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <arpa/inet.h>

#include <infiniband/verbs.h>

#include "cosim_common.h"

#define NQP 2          /* QP 0 at MTU 1024, QP 1 at MTU 4096 */
#define MAX_SGE 4
#define GUARD 64       /* guard bytes on each side of a receive buffer */
#define GUARD_BYTE 0xA5

struct opts {
	unsigned n, batch;
	uint32_t seed, max_size;
	const char *dev_a, *dev_b;
};

struct msg {
	uint32_t size;
	uint8_t send_sges, recv_sges, imm, qp;
	uint32_t imm_data;
};

/* The byte at offset `off` of message `i`: a function both sides compute. */
static inline uint8_t pattern(unsigned i, uint32_t off)
{
	uint32_t x = (i + 1) * 2654435761u ^ (off * 40503u + (off >> 8));
	return (uint8_t)(x ^ (x >> 11) ^ (x >> 23));
}

static void schedule(const struct opts *o, struct msg *m)
{
	static const uint32_t edges[] = {0, 1, 1023, 1024, 1025, 4095, 4096, 4097, 65536, 1u << 20};
	uint32_t s = o->seed;
	for (unsigned i = 0; i < o->n; i++) {
		uint32_t r = cosim_xorshift(&s), size;
		if (i < sizeof(edges) / sizeof(edges[0]) * 2)
			size = edges[i / 2];
		else if (r % 100 < 60)
			size = cosim_xorshift(&s) % 4097;
		else if (r % 100 < 85)
			size = 4097 + cosim_xorshift(&s) % (65536 - 4097);
		else if (r % 100 < 97)
			size = 65537 + cosim_xorshift(&s) % (262144 - 65537);
		else
			size = 262145 + cosim_xorshift(&s) % ((1u << 20) - 262145 + 1);
		if (size > o->max_size)
			size = size % (o->max_size + 1);
		m[i].size = size;
		m[i].send_sges = (uint8_t)(1 + cosim_xorshift(&s) % MAX_SGE);
		m[i].recv_sges = (uint8_t)(1 + cosim_xorshift(&s) % MAX_SGE);
		m[i].imm = i % 3 == 1;
		m[i].imm_data = cosim_xorshift(&s);
		m[i].qp = (uint8_t)(i % NQP);
	}
}

static int fail_count;
#define CHECK(cond, ...)                                                         \
	do {                                                                     \
		if (!(cond)) {                                                   \
			fprintf(stderr, "rc_send: FAIL %s:%d: ", __FILE__, __LINE__); \
			fprintf(stderr, __VA_ARGS__);                            \
			fprintf(stderr, "\n");                                   \
			fail_count++;                                            \
		}                                                                \
	} while (0)

/* Split `size` bytes into n pieces (some may be 0 when size < n). */
static void split(uint32_t size, unsigned n, uint32_t seed, uint32_t *len)
{
	uint32_t left = size;
	for (unsigned k = 0; k + 1 < n; k++) {
		len[k] = left ? cosim_xorshift(&seed) % (left + 1) : 0;
		left -= len[k];
	}
	len[n - 1] = left;
}

static size_t slot_size(uint32_t size)
{
	/* Room for the message split over up to 4 SGEs with odd gaps and guards. */
	return (size_t)size + MAX_SGE * (2 * GUARD + 8) + 64;
}

static int receiver(const struct opts *o, const struct msg *m, int fd)
{
	struct cosim_side s = {.nqp = NQP, .mtu = {IBV_MTU_1024, IBV_MTU_4096}, .use_mmap = 1};
	size_t per = slot_size(o->max_size);
	if (cosim_setup(&s, o->dev_a, per * o->batch, o->batch, MAX_SGE) ||
	    cosim_connect(&s, fd, 1, 0x1007))
		return 2;

	uint8_t *base[256][MAX_SGE];
	uint32_t blen[256][MAX_SGE];
	for (unsigned first = 0; first < o->n; first += o->batch) {
		unsigned cnt = o->n - first < o->batch ? o->n - first : o->batch;
		memset(s.buf, GUARD_BYTE, per * cnt);
		for (unsigned j = 0; j < cnt; j++) {
			const struct msg *mm = &m[first + j];
			struct ibv_sge sge[MAX_SGE];
			split(mm->size, mm->recv_sges, first + j + o->seed, blen[j]);
			uint8_t *p = s.buf + per * j + GUARD + (j % 7);
			for (unsigned k = 0; k < mm->recv_sges; k++) {
				/* Each receive buffer holds its piece plus a few spare bytes. */
				uint32_t room = blen[j][k] + (k + 1u == mm->recv_sges ? 3u : 0u);
				base[j][k] = p;
				sge[k] = (struct ibv_sge){.addr = (uintptr_t)p, .length = room, .lkey = s.mr->lkey};
				p += room + 2 * GUARD + 1;
			}
			struct ibv_recv_wr wr = {.wr_id = 0x5200000000ull | (first + j), .sg_list = sge,
						 .num_sge = mm->recv_sges}, *bad = NULL;
			int rc = ibv_post_recv(s.qp[mm->qp], &wr, &bad);
			CHECK(rc == 0 && bad == NULL, "post_recv msg %u: %s", first + j, strerror(rc));
		}
		char go = 'g';
		if (cosim_xfer(fd, &go, 1, 1))
			return 2;
		/* Completions of one QP arrive in posting order; across QPs they
		 * interleave. Each message completes exactly once. */
		unsigned rnext[NQP];
		for (unsigned q = 0; q < NQP; q++)
			rnext[q] = first + (q + NQP - first % NQP) % NQP;
		for (unsigned j = 0; j < cnt; j++) {
			struct ibv_wc wc;
			if (cosim_poll_one(s.cq, &wc)) {
				CHECK(0, "receive completion %u never came", first + j);
				return 1;
			}
			unsigned i = (unsigned)(wc.wr_id & 0xffffffffu);
			CHECK((wc.wr_id >> 32) == 0x52 && i >= first && i < first + cnt,
			      "receive wr_id 0x%" PRIx64 " unknown", wc.wr_id);
			if (i < first || i >= first + cnt)
				continue;
			const struct msg *mm = &m[i];
			unsigned jj = i - first;
			CHECK(i == rnext[mm->qp], "receive %u out of order or repeated (expected %u)", i,
			      rnext[mm->qp]);
			rnext[mm->qp] = i + NQP;
			CHECK(wc.status == IBV_WC_SUCCESS, "msg %u: status %s", i, ibv_wc_status_str(wc.status));
			CHECK(wc.opcode == IBV_WC_RECV, "msg %u: opcode %d", i, wc.opcode);
			CHECK(wc.byte_len == mm->size, "msg %u: byte_len %u, sent %u", i, wc.byte_len, mm->size);
			CHECK(wc.qp_num == s.qp[mm->qp]->qp_num, "msg %u: qp_num %u", i, wc.qp_num);
			CHECK(!!(wc.wc_flags & IBV_WC_WITH_IMM) == mm->imm, "msg %u: wc_flags 0x%x", i, wc.wc_flags);
			if (mm->imm)
				CHECK(wc.imm_data == htonl(mm->imm_data), "msg %u: imm 0x%x, sent 0x%x", i,
				      ntohl(wc.imm_data), mm->imm_data);
			/* Payload, then the guard bytes around every piece. */
			uint32_t off = 0;
			for (unsigned k = 0; k < mm->recv_sges; k++) {
				uint8_t *p = base[jj][k];
				for (uint32_t b = 0; b < blen[jj][k]; b++, off++)
					if (p[b] != pattern(i, off)) {
						CHECK(0, "msg %u: byte %u is 0x%02x, sent 0x%02x", i, off, p[b],
						      pattern(i, off));
						break;
					}
				for (int g = 1; g <= GUARD; g++)
					if (p[-g] != GUARD_BYTE) {
						CHECK(0, "msg %u: guard byte %d before piece %u written", i, g, k);
						break;
					}
				uint32_t room = blen[jj][k] + (k + 1u == mm->recv_sges ? 3u : 0u);
				for (uint32_t g = blen[jj][k]; g < room + GUARD; g++)
					if (p[g] != GUARD_BYTE) {
						CHECK(0, "msg %u: byte %u after piece %u written", i, g - blen[jj][k], k);
						break;
					}
			}
		}
		if (cosim_xfer(fd, &go, 1, 1))
			return 2;
	}
	return 0;
}

static int sender(const struct opts *o, const struct msg *m, int fd)
{
	struct cosim_side s = {.nqp = NQP, .mtu = {IBV_MTU_1024, IBV_MTU_4096}};
	size_t per = slot_size(o->max_size);
	if (cosim_setup(&s, o->dev_b, per * o->batch, o->batch, MAX_SGE) ||
	    cosim_connect(&s, fd, 0, 0xabc00))
		return 2;

	for (unsigned first = 0; first < o->n; first += o->batch) {
		unsigned cnt = o->n - first < o->batch ? o->n - first : o->batch;
		char go;
		if (cosim_xfer(fd, &go, 1, 0))
			return 2;
		for (unsigned j = 0; j < cnt; j++) {
			unsigned i = first + j;
			const struct msg *mm = &m[i];
			uint32_t len[MAX_SGE];
			struct ibv_sge sge[MAX_SGE];
			split(mm->size, mm->send_sges, i * 7 + 3, len);
			uint8_t *p = s.buf + per * j + (i % 5) + 1;
			uint32_t off = 0;
			for (unsigned k = 0; k < mm->send_sges; k++) {
				for (uint32_t b = 0; b < len[k]; b++)
					p[b] = pattern(i, off++);
				sge[k] = (struct ibv_sge){.addr = (uintptr_t)p, .length = len[k], .lkey = s.mr->lkey};
				p += len[k] + 9;
			}
			struct ibv_send_wr wr = {
				.wr_id = 0x5300000000ull | i,
				.sg_list = sge,
				.num_sge = mm->send_sges,
				.opcode = mm->imm ? IBV_WR_SEND_WITH_IMM : IBV_WR_SEND,
				.send_flags = IBV_SEND_SIGNALED,
				.imm_data = htonl(mm->imm_data),
			}, *bad = NULL;
			int rc = ibv_post_send(s.qp[mm->qp], &wr, &bad);
			CHECK(rc == 0 && bad == NULL, "post_send msg %u: %s", i, strerror(rc));
		}
		unsigned next[NQP];
		for (unsigned q = 0; q < NQP; q++) /* the first message of this batch on QP q */
			next[q] = first + (q + NQP - first % NQP) % NQP;
		for (unsigned j = 0; j < cnt; j++) {
			struct ibv_wc wc;
			if (cosim_poll_one(s.cq, &wc)) {
				CHECK(0, "send completion %u never came", first + j);
				return 1;
			}
			unsigned i = (unsigned)(wc.wr_id & 0xffffffffu);
			CHECK((wc.wr_id >> 32) == 0x53 && i >= first && i < first + cnt,
			      "send wr_id 0x%" PRIx64 " unknown", wc.wr_id);
			if (i < first || i >= first + cnt)
				continue;
			/* Send completions of one QP come in posting order. */
			CHECK(i == next[m[i].qp], "msg %u completed out of order (expected %u)", i, next[m[i].qp]);
			next[m[i].qp] = i + NQP;
			CHECK(wc.status == IBV_WC_SUCCESS, "send %u: status %s", i, ibv_wc_status_str(wc.status));
			CHECK(wc.opcode == IBV_WC_SEND, "send %u: opcode %d", i, wc.opcode);
			CHECK(wc.qp_num == s.qp[m[i].qp]->qp_num, "send %u: qp_num %u", i, wc.qp_num);
			CHECK((wc.wc_flags & IBV_WC_WITH_IMM) == 0, "send %u: wc_flags 0x%x", i, wc.wc_flags);
		}
		if (cosim_xfer(fd, &go, 1, 0))
			return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o = {.n = 10000, .batch = 64, .seed = 12345, .max_size = 1u << 20};
	int c;
	while ((c = getopt(argc, argv, "n:s:b:m:")) != -1) {
		if (c == 'n')
			o.n = (unsigned)strtoul(optarg, NULL, 0);
		else if (c == 's')
			o.seed = (uint32_t)strtoul(optarg, NULL, 0);
		else if (c == 'b')
			o.batch = (unsigned)strtoul(optarg, NULL, 0);
		else if (c == 'm')
			o.max_size = (uint32_t)strtoul(optarg, NULL, 0);
		else
			return 2;
	}
	if (argc - optind != 2 || o.batch == 0 || o.batch > 256 || o.seed == 0) {
		fprintf(stderr, "usage: rc_send [-n msgs] [-s seed] [-b batch<=256] [-m max_size] DEV_A DEV_B\n");
		return 2;
	}
	o.dev_a = argv[optind];
	o.dev_b = argv[optind + 1];
	struct msg *m = calloc(o.n, sizeof(*m));
	if (!m)
		return 2;
	schedule(&o, m);

	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 2;
	pid_t pa = fork();
	if (pa == 0) {
		close(sv[1]);
		int rc = receiver(&o, m, sv[0]);
		printf("rc_send receiver: %u messages, %d failed checks\n", o.n, fail_count);
		_exit(rc ? rc : (fail_count ? 1 : 0));
	}
	pid_t pb = fork();
	if (pb == 0) {
		close(sv[0]);
		int rc = sender(&o, m, sv[1]);
		printf("rc_send sender: %u messages, %d failed checks\n", o.n, fail_count);
		_exit(rc ? rc : (fail_count ? 1 : 0));
	}
	close(sv[0]);
	close(sv[1]);
	int st_a, st_b;
	waitpid(pa, &st_a, 0);
	waitpid(pb, &st_b, 0);
	int ok = WIFEXITED(st_a) && WEXITSTATUS(st_a) == 0 && WIFEXITED(st_b) && WEXITSTATUS(st_b) == 0;
	uint64_t bytes = 0;
	for (unsigned i = 0; i < o.n; i++)
		bytes += m[i].size;
	printf("rc_send: %u messages, %" PRIu64 " bytes\n", o.n, bytes);
	printf("rc_send: %d passed, %d failed\n", ok ? 1 : 0, ok ? 0 : 1);
	free(m);
	return ok ? 0 : 1;
}
