/*
 * End-to-end tests of the vfio-user client backend against the rnic_vfu
 * server running in a forked process: register round trips through a test
 * device, posted doorbells in order, DMA to malloc'd, stack and mmap'd
 * memory with exact bytes and untouched neighbours, refused accesses,
 * interrupts through an eventfd, and a server that dies or hangs.
 *
 * The test process drives the server's device side (DMA, interrupts, the
 * write log) over a control socketpair.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rnic_contract.h"
#include "rnic_transport.h"
#include "rnic_vfu.h"

static int failures;

#define CHECK(cond)                                                              \
	do {                                                                     \
		if (!(cond)) {                                                   \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);    \
			failures++;                                              \
		}                                                                \
	} while (0)

/* ---- server side: a test device in a child process ------------------------ */

#define ERR_OFF 0xff000u /* reading this BAR0 offset fails with EIO */
#define LOG_MAX 4096

enum ctl_op { CTL_DMA_READ = 1, CTL_DMA_WRITE, CTL_IRQ, CTL_LOG, CTL_STATS, CTL_EXIT };

struct ctl_req {
	uint32_t op;
	uint32_t len;
	uint64_t arg; /* iova or vector */
	uint8_t data[8192];
};

struct ctl_rep {
	int32_t err;
	uint32_t len;
	uint8_t data[LOG_MAX * 16];
};

struct wlog {
	uint64_t off;
	uint32_t len;
	uint32_t val;
};

struct dev {
	uint8_t *bar;
	struct wlog log[LOG_MAX];
	unsigned nlog;
};

static int dev_read(void *ctx, unsigned region, uint64_t off, void *buf, size_t len)
{
	struct dev *d = ctx;

	if (region != 0)
		return EINVAL;
	if (off == ERR_OFF)
		return EIO;
	memcpy(buf, d->bar + off, len);
	return 0;
}

static int dev_write(void *ctx, unsigned region, uint64_t off, const void *buf, size_t len)
{
	struct dev *d = ctx;

	if (region != 0)
		return EINVAL;
	memcpy(d->bar + off, buf, len);
	if (d->nlog < LOG_MAX) {
		d->log[d->nlog].off = off;
		d->log[d->nlog].len = (uint32_t)len;
		d->log[d->nlog].val = 0;
		memcpy(&d->log[d->nlog].val, buf, len < 4 ? len : 4);
		d->nlog++;
	}
	return 0;
}

static void server_main(const char *path, int ctl, int ready)
{
	static struct dev d;
	static struct ctl_req rq;
	static struct ctl_rep rp;
	const struct rnic_vfu_ops ops = { .region_read = dev_read, .region_write = dev_write };
	struct rnic_vfu_config cfg = { .num_irqs = 32 };
	struct rnic_vfu *srv;
	char c = 1;

	cfg.region_size[0] = RNIC_BAR0_SIZE;
	d.bar = calloc(1, RNIC_BAR0_SIZE);
	if (!d.bar || rnic_vfu_create(path, &cfg, &ops, &d, &srv))
		_exit(2);
	if (write(ready, &c, 1) != 1)
		_exit(2);
	for (;;) {
		struct pollfd p[2] = { { .fd = rnic_vfu_fd(srv), .events = POLLIN },
				       { .fd = ctl, .events = POLLIN } };

		if (poll(p, 2, -1) < 0)
			continue;
		if (p[0].revents)
			rnic_vfu_process(srv);
		if (!p[1].revents)
			continue;
		if (recv(ctl, &rq, sizeof(rq), 0) <= 0)
			break;
		memset(&rp, 0, sizeof(rp));
		switch (rq.op) {
		case CTL_DMA_READ:
			rp.err = rnic_vfu_dma_read(srv, rq.arg, rp.data, rq.len);
			rp.len = rq.len;
			break;
		case CTL_DMA_WRITE:
			rp.err = rnic_vfu_dma_write(srv, rq.arg, rq.data, rq.len);
			break;
		case CTL_IRQ:
			rp.err = rnic_vfu_irq_trigger(srv, (unsigned)rq.arg);
			break;
		case CTL_LOG:
			rp.len = d.nlog * (uint32_t)sizeof(struct wlog);
			memcpy(rp.data, d.log, rp.len);
			d.nlog = 0;
			break;
		case CTL_STATS:
			rp.len = sizeof(struct rnic_vfu_stats);
			rnic_vfu_get_stats(srv, (struct rnic_vfu_stats *)(void *)rp.data);
			break;
		case CTL_EXIT:
			rnic_vfu_destroy(srv);
			send(ctl, &rp, sizeof(rp), 0);
			_exit(0);
		}
		send(ctl, &rp, offsetof(struct ctl_rep, data) + rp.len, 0);
	}
	rnic_vfu_destroy(srv);
	_exit(0);
}

struct server {
	pid_t pid;
	int ctl;
	char path[108];
};

static int server_start(struct server *s)
{
	int sv[2], rd[2];
	char c;

	snprintf(s->path, sizeof(s->path), "/tmp/rnic-vu-test-%d.sock", (int)getpid());
	if (socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv) || pipe(rd))
		return -1;
	s->pid = fork();
	if (s->pid == 0) {
		close(sv[0]);
		close(rd[0]);
		server_main(s->path, sv[1], rd[1]);
	}
	close(sv[1]);
	close(rd[1]);
	s->ctl = sv[0];
	if (read(rd[0], &c, 1) != 1) {
		close(rd[0]);
		return -1;
	}
	close(rd[0]);
	return 0;
}

static struct ctl_rep *ctl_call(struct server *s, uint32_t op, uint64_t arg, const void *data,
				uint32_t len)
{
	static struct ctl_req rq;
	static struct ctl_rep rp;

	memset(&rp, 0, sizeof(rp));
	rq.op = op;
	rq.arg = arg;
	rq.len = len;
	if (data)
		memcpy(rq.data, data, len);
	if (send(s->ctl, &rq, sizeof(rq), 0) < 0 || recv(s->ctl, &rp, sizeof(rp), 0) <= 0)
		rp.err = -1;
	return &rp;
}

static void server_stop(struct server *s)
{
	ctl_call(s, CTL_EXIT, 0, NULL, 0);
	waitpid(s->pid, NULL, 0);
	close(s->ctl);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- tests ----------------------------------------------------------------- */

static void test_open(struct rnic_transport *t)
{
	CHECK(t->bar0 == NULL);
	CHECK(t->bar0_size == RNIC_BAR0_SIZE);
	CHECK(t->num_irqs == 32);
}

static void test_region_round_trip(struct rnic_transport *t)
{
	uint32_t v = 0;
	uint64_t q = 0, q_in = 0x0123456789abcdefull;
	uint8_t big[100], big_in[100];

	CHECK(rnic_transport_write32(t, 0x100, 0xdeadbeef) == 0);
	CHECK(rnic_transport_read32(t, 0x100, &v) == 0);
	CHECK(v == 0xdeadbeef);
	CHECK(t->ops->region_write(t, 0, 0x108, &q_in, 8) == 0);
	CHECK(t->ops->region_read(t, 0, 0x108, &q, 8) == 0);
	CHECK(q == q_in);
	CHECK(rnic_transport_read32(t, 0x10c, &v) == 0 && v == 0x01234567);
	for (int i = 0; i < 100; i++)
		big_in[i] = (uint8_t)(i * 7 + 1);
	CHECK(t->ops->region_write(t, 0, 0x2000, big_in, sizeof(big_in)) == 0);
	CHECK(t->ops->region_read(t, 0, 0x2000, big, sizeof(big)) == 0);
	CHECK(memcmp(big, big_in, sizeof(big)) == 0);

	/* Errors come back as errnos and leave the connection usable. */
	CHECK(rnic_transport_read32(t, RNIC_BAR0_SIZE, &v) == EINVAL);
	CHECK(rnic_transport_read32(t, RNIC_BAR0_SIZE - 2, &v) == EINVAL);
	CHECK(rnic_transport_read32(t, ERR_OFF, &v) == EIO);
	CHECK(t->ops->region_read(t, 3, 0, &v, 4) == EINVAL); /* absent region */
	CHECK(t->ops->region_read(t, 0, 0, &v, 0) == EINVAL);
	CHECK(rnic_transport_read32(t, 0x100, &v) == 0 && v == 0xdeadbeef);
}

static void test_doorbell_order(struct rnic_transport *t, struct server *s)
{
	enum { N = 1000 };
	struct ctl_rep *rp;
	const struct wlog *log;
	uint32_t v;
	int ok = 1;

	ctl_call(s, CTL_LOG, 0, NULL, 0); /* clear */
	for (uint32_t i = 0; i < N; i++) {
		uint64_t off = RNIC_DB_PAGE_BASE + RNIC_DB_PAGE_SIZE * (i % 3) + RNIC_DB_SQ;

		if (t->ops->doorbell(t, off, 0x1000u + i)) {
			ok = 0;
			break;
		}
	}
	CHECK(ok);
	/* A read is answered only after every earlier posted write. */
	CHECK(rnic_transport_read32(t, RNIC_DB_PAGE_BASE + RNIC_DB_PAGE_SIZE * 2, &v) == 0);
	CHECK(v == 0x1000u + 998);
	rp = ctl_call(s, CTL_LOG, 0, NULL, 0);
	CHECK(rp->len == N * sizeof(struct wlog));
	log = (const struct wlog *)(const void *)rp->data;
	for (uint32_t i = 0; i < N && rp->len == N * sizeof(struct wlog); i++) {
		if (log[i].off != RNIC_DB_PAGE_BASE + RNIC_DB_PAGE_SIZE * (i % 3) + RNIC_DB_SQ ||
		    log[i].len != 4 || log[i].val != 0x1000u + i) {
			printf("FAIL doorbell %u: off %#llx len %u val %#x\n", i,
			       (unsigned long long)log[i].off, log[i].len, log[i].val);
			failures++;
			break;
		}
	}
}

/* Map [buf+16, buf+16+len) and exercise server DMA on it; buf has 16 guard
 * bytes either side. */
static void dma_case(struct rnic_transport *t, struct server *s, uint8_t *buf, size_t len,
		     const char *what)
{
	uint8_t *win = buf + 16;
	uint8_t pat[4096];
	uint64_t iova = 0;
	struct ctl_rep *rp;
	struct rnic_vfu_stats st0, st1;
	int f0 = failures;

	memset(buf, 0xa5, len + 32);
	CHECK(t->ops->dma_map(t, win, len, &iova) == 0);
	CHECK(iova == (uint64_t)(uintptr_t)win);

	/* Device writes the whole window: exact bytes, guards untouched. */
	for (size_t i = 0; i < len; i++)
		pat[i] = (uint8_t)(i * 13 + 5);
	rp = ctl_call(s, CTL_DMA_WRITE, iova, pat, (uint32_t)len);
	CHECK(rp->err == 0);
	CHECK(memcmp(win, pat, len) == 0);
	for (int i = 0; i < 16; i++) {
		CHECK(buf[i] == 0xa5);
		CHECK(win[len + (size_t)i] == 0xa5);
	}
	/* Device reads what the host wrote, at an inner offset. */
	for (size_t i = 0; i < len; i++)
		win[i] = (uint8_t)(255 - i);
	rp = ctl_call(s, CTL_DMA_READ, iova + 3, NULL, (uint32_t)(len - 3));
	CHECK(rp->err == 0 && rp->len == len - 3);
	CHECK(memcmp(rp->data, win + 3, len - 3) == 0);
	/* Last byte exactly, then one past it. */
	rp = ctl_call(s, CTL_DMA_READ, iova + len - 1, NULL, 1);
	CHECK(rp->err == 0 && rp->data[0] == win[len - 1]);

	/* The window is the mapping widened to whole pages, as an IOMMU maps:
	 * its first and last bytes are reachable, one byte beyond either is not. */
	uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t lo = iova & ~(pg - 1), hi = (iova + len + pg - 1) & ~(pg - 1);
	CHECK(ctl_call(s, CTL_DMA_READ, lo, NULL, 1)->err == 0);
	CHECK(ctl_call(s, CTL_DMA_READ, hi - 1, NULL, 1)->err == 0);
	memcpy(&st0, ctl_call(s, CTL_STATS, 0, NULL, 0)->data, sizeof(st0));
	CHECK(ctl_call(s, CTL_DMA_READ, hi - 1, NULL, 2)->err == EFAULT);
	CHECK(ctl_call(s, CTL_DMA_READ, lo - 1, NULL, 2)->err == EFAULT);
	CHECK(ctl_call(s, CTL_DMA_WRITE, hi, pat, 1)->err == EFAULT);
	CHECK(ctl_call(s, CTL_DMA_WRITE, lo - 1, pat, 1)->err == EFAULT);
	memcpy(&st1, ctl_call(s, CTL_STATS, 0, NULL, 0)->data, sizeof(st1));
	CHECK(st1.dma_faults == st0.dma_faults + 4);
	for (int i = 0; i < 16; i++) {
		CHECK(buf[i] == 0xa5);
		CHECK(win[len + (size_t)i] == 0xa5);
	}
	/* After unmap nothing is reachable. */
	CHECK(t->ops->dma_unmap(t, iova, len) == 0);
	CHECK(ctl_call(s, CTL_DMA_READ, iova, NULL, 1)->err == EFAULT);
	CHECK(t->ops->dma_unmap(t, iova, len) == ENOENT);
	if (failures != f0)
		printf("FAIL in DMA case %s\n", what);
}

static void test_dma(struct rnic_transport *t, struct server *s)
{
	uint8_t stack_buf[256 + 32];
	uint8_t *heap = malloc(1000 + 32);
	uint8_t *mm = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uint64_t iova;

	CHECK(heap != NULL && mm != MAP_FAILED);
	dma_case(t, s, heap, 1000, "malloc");
	dma_case(t, s, stack_buf, 256, "stack");
	dma_case(t, s, mm + 4096 - 16 - 100, 4000, "mmap, across a page boundary");

	/* Overlapping windows (the same memory registered twice). */
	CHECK(t->ops->dma_map(t, mm, 8192, &iova) == 0);
	CHECK(t->ops->dma_map(t, mm + 100, 50, &iova) == 0);
	CHECK(t->ops->dma_unmap(t, (uint64_t)(uintptr_t)mm, 8192) == 0);
	CHECK(ctl_call(s, CTL_DMA_READ, (uint64_t)(uintptr_t)mm + 100, NULL, 50)->err == 0);
	/* mm + 100 was mapped page-widened: [mm, mm + 4096) stays, the next page not. */
	CHECK(ctl_call(s, CTL_DMA_READ, (uint64_t)(uintptr_t)mm + 4095, NULL, 2)->err == EFAULT);
	CHECK(t->ops->dma_unmap(t, (uint64_t)(uintptr_t)mm + 100, 50) == 0);

	/* A window whose memory the client freed: the access fails cleanly. */
	CHECK(t->ops->dma_map(t, mm, 8192, &iova) == 0);
	munmap(mm, 8192);
	CHECK(ctl_call(s, CTL_DMA_READ, iova, NULL, 16)->err == EFAULT);
	CHECK(t->ops->dma_unmap(t, iova, 8192) == 0);

	CHECK(t->ops->dma_map(t, NULL, 10, &iova) == EINVAL);
	CHECK(t->ops->dma_map(t, heap, 0, &iova) == EINVAL);
	free(heap);
}

static int readable(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1;
}

static void test_irq(struct rnic_transport *t, struct server *s)
{
	int efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	uint64_t cnt = 0;

	CHECK(efd >= 0);
	CHECK(t->ops->set_irq_eventfd(t, 3, efd) == 0);
	CHECK(!readable(efd, 0));
	CHECK(ctl_call(s, CTL_IRQ, 3, NULL, 0)->err == 0);
	CHECK(readable(efd, 2000));
	CHECK(read(efd, &cnt, sizeof(cnt)) == sizeof(cnt) && cnt == 1);
	CHECK(ctl_call(s, CTL_IRQ, 3, NULL, 0)->err == 0);
	CHECK(ctl_call(s, CTL_IRQ, 3, NULL, 0)->err == 0);
	CHECK(readable(efd, 2000));
	CHECK(read(efd, &cnt, sizeof(cnt)) == sizeof(cnt) && cnt == 2);
	/* Another vector is not routed to this eventfd. */
	CHECK(ctl_call(s, CTL_IRQ, 4, NULL, 0)->err == ENOENT);
	CHECK(!readable(efd, 50));
	/* Disconnect the vector. */
	CHECK(t->ops->set_irq_eventfd(t, 3, -1) == 0);
	CHECK(ctl_call(s, CTL_IRQ, 3, NULL, 0)->err == ENOENT);
	CHECK(!readable(efd, 50));
	CHECK(ctl_call(s, CTL_IRQ, 32, NULL, 0)->err == EINVAL);
	CHECK(t->ops->set_irq_eventfd(t, 32, efd) == EINVAL);
	CHECK(t->ops->set_irq_eventfd(t, 0, -2) == EINVAL);
	close(efd);
}

static void test_server_killed(void)
{
	struct server s;
	struct rnic_transport *t = NULL;
	uint32_t v = 0;
	uint64_t iova;
	double t0;
	int err;

	CHECK(server_start(&s) == 0);
	CHECK(rnic_transport_open_vfio_user(s.path, &t) == 0);
	if (!t)
		return;
	CHECK(rnic_transport_write32(t, 0x40, 7) == 0);
	kill(s.pid, SIGKILL);
	waitpid(s.pid, NULL, 0);
	t0 = now_s();
	err = rnic_transport_read32(t, 0x40, &v);
	CHECK(err == ECONNRESET || err == EPIPE);
	CHECK(t->ops->doorbell(t, RNIC_DB_PAGE_BASE, 1) == ENODEV);
	CHECK(rnic_transport_write32(t, 0x40, 1) == ENODEV);
	CHECK(t->ops->dma_map(t, &v, sizeof(v), &iova) == ENODEV);
	CHECK(t->ops->set_irq_eventfd(t, 0, -1) == ENODEV);
	CHECK(now_s() - t0 < 2.0);
	t->ops->close(t);
	close(s.ctl);
	unlink(s.path);

	/* A doorbell is the first call after the death: it fails too (EPIPE
	 * from the send, no SIGPIPE). */
	CHECK(server_start(&s) == 0);
	CHECK(rnic_transport_open_vfio_user(s.path, &t) == 0);
	kill(s.pid, SIGKILL);
	waitpid(s.pid, NULL, 0);
	err = 0;
	for (int i = 0; i < 100 && !err; i++)
		err = t->ops->doorbell(t, RNIC_DB_PAGE_BASE, (uint32_t)i);
	CHECK(err == EPIPE || err == ECONNRESET);
	t->ops->close(t);
	close(s.ctl);
	unlink(s.path);
}

static void test_server_hung(void)
{
	struct server s;
	struct rnic_transport *t = NULL;
	uint32_t v = 0;
	double t0, dt;

	setenv("RNIC_VFIO_USER_TIMEOUT_MS", "300", 1);
	CHECK(server_start(&s) == 0);
	CHECK(rnic_transport_open_vfio_user(s.path, &t) == 0);
	unsetenv("RNIC_VFIO_USER_TIMEOUT_MS");
	if (!t)
		return;
	kill(s.pid, SIGSTOP);
	t0 = now_s();
	CHECK(rnic_transport_read32(t, 0x40, &v) == ETIMEDOUT);
	dt = now_s() - t0;
	CHECK(dt >= 0.25 && dt < 2.0);
	CHECK(rnic_transport_read32(t, 0x40, &v) == ENODEV);
	kill(s.pid, SIGKILL);
	waitpid(s.pid, NULL, 0);
	t->ops->close(t);
	close(s.ctl);
	unlink(s.path);
}

static void test_no_server(void)
{
	struct rnic_transport *t = NULL;

	CHECK(rnic_transport_open_vfio_user("/tmp/rnic-vu-test-none.sock", &t) == ENOENT);
	CHECK(t == NULL);
	CHECK(rnic_transport_open_vfio_user(NULL, &t) == EINVAL);
}

int main(void)
{
	struct server s;
	struct rnic_transport *t = NULL;
	struct rnic_vfu_stats st;

	signal(SIGPIPE, SIG_DFL); /* a SIGPIPE would kill the test */
	if (server_start(&s)) {
		printf("FAIL: server did not start\n");
		return 1;
	}
	CHECK(rnic_transport_open_vfio_user(s.path, &t) == 0);
	if (t) {
		test_open(t);
		test_region_round_trip(t);
		test_doorbell_order(t, &s);
		test_dma(t, &s);
		test_irq(t, &s);
		memcpy(&st, ctl_call(&s, CTL_STATS, 0, NULL, 0)->data, sizeof(st));
		CHECK(st.connects == 1);
		/* The three out-of-range region reads above. */
		CHECK(st.bad_msgs == 3);
		t->ops->close(t);
	}
	server_stop(&s);
	test_server_killed();
	test_server_hung();
	test_no_server();
	if (failures) {
		printf("FAIL: %d checks failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
