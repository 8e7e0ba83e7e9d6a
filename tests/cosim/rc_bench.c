/*
 * RC SEND benchmark between two simulated NICs: for each message size,
 * streaming throughput and ping-pong latency in simulated time (the NICs'
 * free-running clock, read with ibv_query_rt_values_ex), and the wall time
 * the co-simulation took. Prints a Markdown table.
 *
 * Both NICs share the simulator's clock, so a time taken on one side and a
 * time taken on the other are comparable. The simulator stops the clock
 * while nothing is in flight, so host software time between operations is
 * not counted, except the few idle cycles before it stops (see sim/).
 *
 * usage: rc_bench [-c clock_mhz] DEV_A DEV_B
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <infiniband/verbs.h>

#include "cosim_common.h"

#define DEPTH 2048  /* queue depths: every receive of a size is posted up front */
#define WINDOW 256  /* sends in flight */
#define PINGS 50    /* ping-pong round trips per size */

struct size_plan {
	uint32_t size;
	unsigned count;
};

static const struct size_plan plan[] = {
	{8, 2000}, {256, 2000}, {1024, 1000}, {4096, 1000}, {65536, 200}, {1u << 20, 16},
};
#define NPLAN (sizeof(plan) / sizeof(plan[0]))

struct result {
	uint64_t stream_cycles, pp_cycles;
	double stream_wall, pp_wall;
	int ok;
};

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int post_recvs(struct cosim_side *s, uint32_t size, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct ibv_sge sge = {.addr = (uintptr_t)s->buf, .length = size, .lkey = s->mr->lkey};
		struct ibv_recv_wr wr = {.wr_id = i, .sg_list = &sge, .num_sge = 1}, *bad;
		int rc = ibv_post_recv(s->qp[0], &wr, &bad);
		if (rc) {
			fprintf(stderr, "rc_bench: post_recv: %s\n", strerror(rc));
			return -1;
		}
	}
	return 0;
}

static int post_send1(struct cosim_side *s, uint32_t size, uint64_t id)
{
	struct ibv_sge sge = {.addr = (uintptr_t)s->buf, .length = size, .lkey = s->mr->lkey};
	struct ibv_send_wr wr = {.wr_id = id, .sg_list = &sge, .num_sge = 1, .opcode = IBV_WR_SEND,
				 .send_flags = IBV_SEND_SIGNALED}, *bad;
	int rc = ibv_post_send(s->qp[0], &wr, &bad);
	if (rc)
		fprintf(stderr, "rc_bench: post_send: %s\n", strerror(rc));
	return rc ? -1 : 0;
}

static int expect(struct cosim_side *s, enum ibv_wc_opcode op, uint32_t len)
{
	struct ibv_wc wc;
	if (cosim_poll_one(s->cq, &wc))
		return -1;
	if (wc.status != IBV_WC_SUCCESS || wc.opcode != op || (op == IBV_WC_RECV && wc.byte_len != len)) {
		fprintf(stderr, "rc_bench: completion %s opcode %d byte_len %u\n", ibv_wc_status_str(wc.status),
			wc.opcode, wc.byte_len);
		return -1;
	}
	return 0;
}

/* Side A receives the stream and answers pings; side B sends. */
static int run_side(int is_a, const char *dev, int fd, struct result *res)
{
	struct cosim_side s = {.nqp = 1, .mtu = {IBV_MTU_4096}};
	char tok = 't';
	if (cosim_setup(&s, dev, 1u << 20, DEPTH, 1) || cosim_connect(&s, fd, is_a, is_a ? 0x100 : 0x200))
		return -1;
	memset(s.buf, 0x5a, s.buf_len);
	for (unsigned p = 0; p < NPLAN; p++) {
		uint32_t size = plan[p].size;
		unsigned n = plan[p].count;
		uint64_t t0 = 0, t1 = 0;
		double w0, w1;
		/* Streaming: A posts every receive, B keeps WINDOW sends in flight. */
		if (is_a) {
			if (post_recvs(&s, size, n) || cosim_xfer(fd, &tok, 1, 1))
				return -1;
			for (unsigned i = 0; i < n; i++)
				if (expect(&s, IBV_WC_RECV, size))
					return -1;
			if (cosim_clock(s.ctx, &t1) || cosim_xfer(fd, &t0, sizeof(t0), 0))
				return -1;
			res[p].stream_cycles = t1 - t0;
		} else {
			if (cosim_xfer(fd, &tok, 1, 0))
				return -1;
			w0 = now_s();
			if (cosim_clock(s.ctx, &t0))
				return -1;
			unsigned posted = 0, done = 0;
			while (done < n) {
				while (posted < n && posted - done < WINDOW)
					if (post_send1(&s, size, posted++))
						return -1;
				if (expect(&s, IBV_WC_SEND, 0))
					return -1;
				done++;
			}
			w1 = now_s();
			res[p].stream_wall = w1 - w0;
			if (cosim_xfer(fd, &t0, sizeof(t0), 1))
				return -1;
		}
		/* Ping-pong: B sends, A answers, PINGS times. */
		if (post_recvs(&s, size, PINGS) || cosim_xfer(fd, &tok, 1, is_a) || cosim_xfer(fd, &tok, 1, !is_a))
			return -1;
		w0 = now_s();
		if (cosim_clock(s.ctx, &t0))
			return -1;
		for (unsigned i = 0; i < PINGS; i++) {
			if (is_a) {
				if (expect(&s, IBV_WC_RECV, size) || post_send1(&s, size, i) ||
				    expect(&s, IBV_WC_SEND, 0))
					return -1;
			} else {
				if (post_send1(&s, size, i) || expect(&s, IBV_WC_SEND, 0) ||
				    expect(&s, IBV_WC_RECV, size))
					return -1;
			}
		}
		if (cosim_clock(s.ctx, &t1))
			return -1;
		w1 = now_s();
		res[p].pp_cycles = t1 - t0;
		res[p].pp_wall = w1 - w0;
		res[p].ok = 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	double mhz = 250.0;
	int c;
	while ((c = getopt(argc, argv, "c:")) != -1) {
		if (c == 'c')
			mhz = atof(optarg);
		else
			return 2;
	}
	if (argc - optind != 2) {
		fprintf(stderr, "usage: rc_bench [-c clock_mhz] DEV_A DEV_B\n");
		return 2;
	}
	int sv[2], pv[2], pw[2];
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || pipe(pv) || pipe(pw))
		return 2;
	struct result ra[NPLAN], rb[NPLAN];
	memset(ra, 0, sizeof(ra));
	memset(rb, 0, sizeof(rb));
	pid_t pa = fork();
	if (pa == 0) {
		close(sv[1]);
		int rc = run_side(1, argv[optind], sv[0], ra);
		if (write(pv[1], ra, sizeof(ra)) != (ssize_t)sizeof(ra))
			_exit(3);
		_exit(rc ? 1 : 0);
	}
	pid_t pb = fork();
	if (pb == 0) {
		close(sv[0]);
		int rc = run_side(0, argv[optind + 1], sv[1], rb);
		if (write(pw[1], rb, sizeof(rb)) != (ssize_t)sizeof(rb))
			_exit(3);
		_exit(rc ? 1 : 0);
	}
	close(sv[0]);
	close(sv[1]);
	close(pv[1]);
	close(pw[1]);
	int st_a, st_b;
	ssize_t got = read(pv[0], ra, sizeof(ra));
	ssize_t got_b = read(pw[0], rb, sizeof(rb));
	waitpid(pa, &st_a, 0);
	waitpid(pb, &st_b, 0);
	int ok = got == (ssize_t)sizeof(ra) && got_b == (ssize_t)sizeof(rb) && WIFEXITED(st_a) && !WEXITSTATUS(st_a) && WIFEXITED(st_b) &&
		 !WEXITSTATUS(st_b);
	printf("\n| message size | messages | throughput (Gb/s, simulated) | messages/s (M, simulated) |"
	       " latency (ns, simulated, one way) | wall time (s) |\n");
	printf("|---:|---:|---:|---:|---:|---:|\n");
	for (unsigned p = 0; p < NPLAN; p++) {
		if (!ra[p].ok)
			continue;
		double ns = (double)ra[p].stream_cycles * 1000.0 / mhz;
		double gbps = (double)plan[p].size * plan[p].count * 8.0 / ns;
		double mps = (double)plan[p].count / ns * 1000.0;
		double lat = (double)ra[p].pp_cycles * 1000.0 / mhz / (2.0 * PINGS);
		printf("| %u | %u | %.2f | %.2f | %.0f | %.2f |\n", plan[p].size, plan[p].count, gbps, mps, lat,
		       rb[p].stream_wall + ra[p].pp_wall);
	}
	printf("\nrc_bench: %s\n", ok ? "complete" : "FAILED");
	return ok ? 0 : 1;
}
