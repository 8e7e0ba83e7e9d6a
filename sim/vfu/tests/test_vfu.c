/*
 * rnic_vfu server tests with a raw vfio-user client in the same process:
 * each request is sent, the server's rnic_vfu_process handles it, and the
 * reply is read and checked field by field. Covers VERSION negotiation,
 * malformed and unknown messages (error replies, counted, server survives),
 * fd-backed DMA windows, window protection, overlapping windows, interrupt
 * routing and masking, reset, client turnover, and deferred replies (the
 * device answers a region access later; the device-specific region 9).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "rnic_vfu.h"
#include "vfio_user_proto.h"

static int failures;

#define CHECK(cond)                                                              \
	do {                                                                     \
		if (!(cond)) {                                                   \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);    \
			failures++;                                              \
		}                                                                \
	} while (0)

struct dev {
	uint8_t bar[4096];
	int resets, connects, disconnects;
};

static int dev_read(void *ctx, unsigned region, uint64_t off, void *buf, size_t len)
{
	struct dev *d = ctx;

	(void)region;
	memcpy(buf, d->bar + off, len);
	return 0;
}

static int dev_write(void *ctx, unsigned region, uint64_t off, const void *buf, size_t len)
{
	struct dev *d = ctx;

	(void)region;
	memcpy(d->bar + off, buf, len);
	return 0;
}

static void dev_reset(void *ctx)
{
	((struct dev *)ctx)->resets++;
}

static void dev_connect(void *ctx, pid_t pid)
{
	(void)pid;
	((struct dev *)ctx)->connects++;
}

static void dev_disconnect(void *ctx)
{
	((struct dev *)ctx)->disconnects++;
}

static struct rnic_vfu *srv;
static uint16_t next_id;

static int client_connect(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	strcpy(sa.sun_path, path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0)
		return -1;
	rnic_vfu_process(srv);
	return fd;
}

/* Send a message with header fields as given (size computed unless forced). */
static void raw_send(int fd, uint16_t cmd, uint32_t flags, const void *p, size_t plen,
		     const int *fds, unsigned nfds, uint32_t force_size)
{
	struct vfu_hdr h = { .msg_id = ++next_id, .command = cmd, .flags = flags,
			     .size = force_size ? force_size : (uint32_t)(sizeof(h) + plen) };
	struct iovec iov[2] = { { &h, sizeof(h) }, { (void *)p, plen } };
	union {
		char b[CMSG_SPACE(sizeof(int) * 4)];
		struct cmsghdr a;
	} cb;
	struct msghdr mh = { .msg_iov = iov, .msg_iovlen = plen ? 2 : 1 };

	if (nfds) {
		struct cmsghdr *c;

		memset(&cb, 0, sizeof(cb));
		mh.msg_control = cb.b;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
	}
	CHECK(sendmsg(fd, &mh, MSG_NOSIGNAL) == (ssize_t)(sizeof(h) + plen));
}

/* Let the server run, then read one reply. Returns payload length, or -1
 * when nothing arrived, -2 on EOF. */
static int raw_reply(int fd, struct vfu_hdr *h, void *p, size_t cap)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t n;

	rnic_vfu_process(srv);
	if (poll(&pfd, 1, 200) != 1)
		return -1;
	n = recv(fd, h, sizeof(*h), MSG_WAITALL);
	if (n == 0)
		return -2;
	if (n != sizeof(*h) || h->size < sizeof(*h) || h->size - sizeof(*h) > cap)
		return -1;
	if (h->size > sizeof(*h) &&
	    recv(fd, p, h->size - sizeof(*h), MSG_WAITALL) != (ssize_t)(h->size - sizeof(*h)))
		return -1;
	return (int)(h->size - sizeof(*h));
}

/* Send a command and return the reply's errno (0 on success). */
static int call(int fd, uint16_t cmd, const void *p, size_t plen, const int *fds, unsigned nfds,
		void *rep, size_t cap)
{
	struct vfu_hdr h;
	uint8_t junk[256];
	int n;

	raw_send(fd, cmd, VFU_FLAG_TYPE_COMMAND, p, plen, fds, nfds, 0);
	n = raw_reply(fd, &h, rep ? rep : junk, rep ? cap : sizeof(junk));
	if (n < 0)
		return -1;
	CHECK(h.msg_id == next_id);
	CHECK(h.command == cmd);
	CHECK((h.flags & VFU_FLAG_TYPE_MASK) == VFU_FLAG_TYPE_REPLY);
	if (h.flags & VFU_FLAG_ERROR) {
		CHECK(n == 0);
		return (int)h.error;
	}
	return 0;
}

static uint64_t bad_msgs(void)
{
	struct rnic_vfu_stats st;

	rnic_vfu_get_stats(srv, &st);
	return st.bad_msgs;
}

static void negotiate(int fd)
{
	static const char caps[] = "{\"capabilities\":{\"max_msg_fds\":8}}";
	uint8_t m[sizeof(struct vfu_version) + sizeof(caps)];
	uint8_t rep[1100];
	struct vfu_version v = { .major = 0, .minor = 7 };

	memcpy(m, &v, sizeof(v));
	memcpy(m + sizeof(v), caps, sizeof(caps));
	CHECK(call(fd, VFU_CMD_VERSION, m, sizeof(m), NULL, 0, rep, sizeof(rep)) == 0);
	memcpy(&v, rep, sizeof(v));
	CHECK(v.major == 0 && v.minor == 1);
	CHECK(strstr((char *)rep + sizeof(v), "\"max_data_xfer_size\":65536") != NULL);
	CHECK(rnic_vfu_connected(srv));
}

static void test_version_and_garbage(const char *path)
{
	int fd = client_connect(path);
	uint64_t b0 = bad_msgs();
	struct vfu_version v = { .major = 1, .minor = 0 };
	struct vfu_device_info di = { .argsz = sizeof(di) };
	struct vfu_region_access ra = { .offset = 0, .region = 0, .count = 4 };
	uint8_t m[64], rep[64];
	struct vfu_hdr h;

	CHECK(fd >= 0);
	CHECK(rnic_vfu_client_pid(srv) == getpid());
	/* Anything before VERSION is refused. */
	CHECK(call(fd, VFU_CMD_DEVICE_GET_INFO, &di, sizeof(di), NULL, 0, NULL, 0) == EINVAL);
	/* Wrong major, then JSON not NUL-terminated, then too short. */
	CHECK(call(fd, VFU_CMD_VERSION, &v, sizeof(v), NULL, 0, NULL, 0) == ENOTSUP);
	v.major = 0;
	memcpy(m, &v, sizeof(v));
	memcpy(m + sizeof(v), "{abc", 4);
	CHECK(call(fd, VFU_CMD_VERSION, m, sizeof(v) + 4, NULL, 0, NULL, 0) == EINVAL);
	CHECK(call(fd, VFU_CMD_VERSION, m, 2, NULL, 0, NULL, 0) == EINVAL);
	CHECK(bad_msgs() == b0 + 4);
	/* Not negotiated, yet a client: the simulator waits for it. */
	CHECK(!rnic_vfu_connected(srv));
	CHECK(rnic_vfu_attached(srv));
	negotiate(fd);

	/* Unknown command: ENOSYS, counted, connection alive. */
	CHECK(call(fd, 99, "xyz", 3, NULL, 0, NULL, 0) == ENOSYS);
	/* Server-to-client commands are not accepted from the client. */
	CHECK(call(fd, VFU_CMD_DMA_READ, m, 16, NULL, 0, NULL, 0) == ENOSYS);
	/* Wrong payload sizes and bad fields. */
	CHECK(call(fd, VFU_CMD_DEVICE_GET_INFO, &di, 8, NULL, 0, NULL, 0) == EINVAL);
	CHECK(call(fd, VFU_CMD_REGION_READ, &ra, sizeof(ra) - 1, NULL, 0, NULL, 0) == EINVAL);
	memcpy(m, &ra, sizeof(ra));
	CHECK(call(fd, VFU_CMD_REGION_WRITE, m, sizeof(ra) + 2, NULL, 0, NULL, 0) == EINVAL);
	ra.count = 0;
	CHECK(call(fd, VFU_CMD_REGION_READ, &ra, sizeof(ra), NULL, 0, NULL, 0) == EINVAL);
	ra.count = 4;
	ra.offset = 4094;
	CHECK(call(fd, VFU_CMD_REGION_READ, &ra, sizeof(ra), NULL, 0, NULL, 0) == EINVAL);
	ra.offset = 0;
	ra.region = 9;
	CHECK(call(fd, VFU_CMD_REGION_READ, &ra, sizeof(ra), NULL, 0, NULL, 0) == EINVAL);
	CHECK(call(fd, VFU_CMD_DEVICE_RESET, "x", 1, NULL, 0, NULL, 0) == EINVAL);
	CHECK(bad_msgs() == b0 + 4 + 9);
	/* No reply for a no-reply garbage message, but it is counted. */
	raw_send(fd, 77, VFU_FLAG_TYPE_COMMAND | VFU_FLAG_NO_REPLY, "q", 1, NULL, 0, 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == -1);
	CHECK(bad_msgs() == b0 + 4 + 10);
	/* A reply-type message from the client is ignored and counted. */
	raw_send(fd, VFU_CMD_REGION_READ, VFU_FLAG_TYPE_REPLY, NULL, 0, NULL, 0, 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == -1);
	CHECK(bad_msgs() == b0 + 4 + 11);

	/* Still serving: info, region info, a write/read round trip, reset. */
	CHECK(call(fd, VFU_CMD_DEVICE_GET_INFO, &di, sizeof(di), NULL, 0, &di, sizeof(di)) == 0);
	CHECK(di.argsz == sizeof(di) && di.num_regions == VFU_PCI_NUM_REGIONS &&
	      di.num_irqs == VFU_PCI_NUM_IRQS &&
	      di.flags == (VFU_DEVICE_FLAG_RESET | VFU_DEVICE_FLAG_PCI));
	{
		struct vfu_region_info ri = { .argsz = sizeof(ri), .index = 0 };

		CHECK(call(fd, VFU_CMD_DEVICE_GET_REGION_INFO, &ri, sizeof(ri), NULL, 0, &ri,
			   sizeof(ri)) == 0);
		CHECK(ri.size == 4096 && ri.index == 0 &&
		      ri.flags == (VFU_REGION_FLAG_READ | VFU_REGION_FLAG_WRITE));
		ri.index = 9;
		CHECK(call(fd, VFU_CMD_DEVICE_GET_REGION_INFO, &ri, sizeof(ri), NULL, 0, NULL, 0) ==
		      EINVAL);
	}
	{
		struct vfu_irq_info ii = { .argsz = sizeof(ii), .index = VFU_PCI_MSIX_IRQ_INDEX };

		CHECK(call(fd, VFU_CMD_DEVICE_GET_IRQ_INFO, &ii, sizeof(ii), NULL, 0, &ii,
			   sizeof(ii)) == 0);
		CHECK(ii.count == 4 && (ii.flags & VFU_IRQ_INFO_EVENTFD));
	}
	{
		uint8_t wm[sizeof(ra) + 4];
		uint32_t val = 0xcafef00d;
		struct vfu_region_access echo;

		ra.region = 0;
		ra.offset = 0x40;
		ra.count = 4;
		memcpy(wm, &ra, sizeof(ra));
		memcpy(wm + sizeof(ra), &val, 4);
		CHECK(call(fd, VFU_CMD_REGION_WRITE, wm, sizeof(wm), NULL, 0, &echo, sizeof(echo)) == 0);
		CHECK(echo.offset == 0x40 && echo.count == 4 && echo.region == 0);
		CHECK(call(fd, VFU_CMD_REGION_READ, &ra, sizeof(ra), NULL, 0, rep, sizeof(rep)) == 0);
		memcpy(&echo, rep, sizeof(echo));
		CHECK(echo.offset == 0x40 && echo.count == 4);
		CHECK(memcmp(rep + sizeof(echo), &val, 4) == 0);
	}
	close(fd);
	rnic_vfu_process(srv);
	CHECK(!rnic_vfu_connected(srv));
	CHECK(!rnic_vfu_attached(srv));
}

static int map(int fd, uint64_t addr, uint64_t size, uint32_t flags, int mfd, uint64_t off)
{
	struct vfu_dma_map m = { .argsz = sizeof(m), .flags = flags, .offset = off,
				 .address = addr, .size = size };

	return call(fd, VFU_CMD_DMA_MAP, &m, sizeof(m), mfd >= 0 ? &mfd : NULL, mfd >= 0, NULL, 0);
}

static int unmap(int fd, uint64_t addr, uint64_t size)
{
	struct vfu_dma_unmap u = { .argsz = sizeof(u), .address = addr, .size = size };
	struct vfu_dma_unmap r;
	int err = call(fd, VFU_CMD_DMA_UNMAP, &u, sizeof(u), NULL, 0, &r, sizeof(r));

	if (!err)
		CHECK(r.address == addr && r.size == size);
	return err;
}

static void test_dma_windows(const char *path)
{
	int fd = client_connect(path);
	int mfd = memfd_create("rnic-vfu-test", MFD_CLOEXEC);
	uint8_t *mem, buf[64], *local = malloc(4096);
	const uint64_t fiova = 0x10000000ull;
	struct rnic_vfu_stats st0, st1;

	CHECK(fd >= 0 && mfd >= 0 && local);
	negotiate(fd);
	CHECK(ftruncate(mfd, 8192) == 0);
	mem = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
	CHECK(mem != MAP_FAILED);
	for (int i = 0; i < 8192; i++)
		mem[i] = (uint8_t)(i ^ 0x5a);

	/* fd-backed window: second page of the memfd at an IOVA unrelated to
	 * any address of this process. */
	CHECK(map(fd, fiova, 4096, VFU_DMA_FLAG_READ | VFU_DMA_FLAG_WRITE, mfd, 4096) == 0);
	CHECK(rnic_vfu_dma_read(srv, fiova + 5, buf, 10) == 0);
	CHECK(memcmp(buf, mem + 4096 + 5, 10) == 0);
	memset(buf, 0xee, sizeof(buf));
	CHECK(rnic_vfu_dma_write(srv, fiova + 4096 - 8, buf, 8) == 0);
	CHECK(memcmp(mem + 8192 - 8, buf, 8) == 0);
	CHECK(mem[8192 - 9] == (uint8_t)((8192 - 9) ^ 0x5a));
	CHECK(mem[4095] == (uint8_t)(4095 ^ 0x5a));
	rnic_vfu_get_stats(srv, &st0);
	CHECK(rnic_vfu_dma_read(srv, fiova + 4096 - 8, buf, 9) == EFAULT);
	CHECK(rnic_vfu_dma_write(srv, fiova - 1, buf, 1) == EFAULT);
	CHECK(rnic_vfu_dma_read(srv, UINT64_MAX - 2, buf, 8) == EFAULT);
	rnic_vfu_get_stats(srv, &st1);
	CHECK(st1.dma_faults == st0.dma_faults + 3);
	/* A map over the same window twice is allowed; unmap must match. */
	CHECK(unmap(fd, fiova, 4095) == ENOENT);
	CHECK(unmap(fd, fiova, 4096) == 0);
	CHECK(rnic_vfu_dma_read(srv, fiova, buf, 1) == EFAULT);

	/* Protection: a read-only and a write-only fd-less window. */
	memset(local, 0x11, 4096);
	CHECK(map(fd, (uint64_t)(uintptr_t)local, 100, VFU_DMA_FLAG_READ, -1, 0) == 0);
	CHECK(map(fd, (uint64_t)(uintptr_t)local + 200, 100, VFU_DMA_FLAG_WRITE, -1, 0) == 0);
	CHECK(rnic_vfu_dma_read(srv, (uint64_t)(uintptr_t)local, buf, 8) == 0);
	CHECK(buf[0] == 0x11 && buf[7] == 0x11);
	CHECK(rnic_vfu_dma_write(srv, (uint64_t)(uintptr_t)local, buf, 8) == EFAULT);
	CHECK(rnic_vfu_dma_read(srv, (uint64_t)(uintptr_t)local + 200, buf, 8) == EFAULT);
	memset(buf, 0x77, 8);
	CHECK(rnic_vfu_dma_write(srv, (uint64_t)(uintptr_t)local + 200, buf, 8) == 0);
	CHECK(local[199] == 0x11 && local[200] == 0x77 && local[207] == 0x77 && local[208] == 0x11);
	/* A short read-only window inside the write-only one does not make a
	 * read running past its end legal. */
	CHECK(map(fd, (uint64_t)(uintptr_t)local + 210, 10, VFU_DMA_FLAG_READ, -1, 0) == 0);
	CHECK(rnic_vfu_dma_read(srv, (uint64_t)(uintptr_t)local + 212, buf, 8) == 0);
	CHECK(rnic_vfu_dma_read(srv, (uint64_t)(uintptr_t)local + 215, buf, 10) == EFAULT);
	CHECK(unmap(fd, (uint64_t)(uintptr_t)local + 210, 10) == 0);
	/* Straddling the gap between windows is refused. */
	CHECK(rnic_vfu_dma_read(srv, (uint64_t)(uintptr_t)local + 90, buf, 20) == EFAULT);
	/* Overlap: a read-write window over the read-only one. */
	CHECK(map(fd, (uint64_t)(uintptr_t)local, 4096, VFU_DMA_FLAG_READ | VFU_DMA_FLAG_WRITE, -1,
		  0) == 0);
	memset(buf, 0x77, 8);
	CHECK(rnic_vfu_dma_write(srv, (uint64_t)(uintptr_t)local + 10, buf, 4) == 0);
	CHECK(local[10] == 0x77);
	CHECK(unmap(fd, (uint64_t)(uintptr_t)local, 4096) == 0);
	CHECK(rnic_vfu_dma_write(srv, (uint64_t)(uintptr_t)local + 10, buf, 4) == EFAULT);

	/* Malformed maps. */
	CHECK(map(fd, 0x1000, 0, VFU_DMA_FLAG_READ, -1, 0) == EINVAL);
	CHECK(map(fd, UINT64_MAX - 10, 100, VFU_DMA_FLAG_READ, -1, 0) == EINVAL);
	CHECK(map(fd, 0x1000, 100, 0, -1, 0) == EINVAL);
	CHECK(map(fd, 0x1000, 100, 0x4, -1, 0) == EINVAL);

	/* Disconnect clears the table. */
	close(fd);
	rnic_vfu_process(srv);
	CHECK(rnic_vfu_dma_read(srv, (uint64_t)(uintptr_t)local, buf, 1) == ENOTCONN);
	munmap(mem, 8192);
	close(mfd);
	free(local);
}

static int irqs(int fd, uint32_t flags, uint32_t index, uint32_t start, uint32_t count,
		const int *fds, unsigned nfds, const uint8_t *bools)
{
	uint8_t m[sizeof(struct vfu_irq_set) + 8];
	struct vfu_irq_set s = { .argsz = (uint32_t)(sizeof(s) + (bools ? count : 0)),
				 .flags = flags, .index = index, .start = start, .count = count };

	memcpy(m, &s, sizeof(s));
	if (bools)
		memcpy(m + sizeof(s), bools, count);
	return call(fd, VFU_CMD_DEVICE_SET_IRQS, m, s.argsz, fds, nfds, NULL, 0);
}

static uint64_t efd_take(int efd)
{
	uint64_t v = 0;

	if (read(efd, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

static void test_irqs(const char *path)
{
	int fd = client_connect(path);
	int e[2] = { eventfd(0, EFD_NONBLOCK), eventfd(0, EFD_NONBLOCK) };
	const uint32_t trig_efd = VFU_IRQ_SET_DATA_EVENTFD | VFU_IRQ_SET_ACTION_TRIGGER;
	const uint8_t bools[2] = { 0, 1 };
	struct rnic_vfu_stats st;

	CHECK(fd >= 0 && e[0] >= 0 && e[1] >= 0);
	negotiate(fd);
	CHECK(irqs(fd, trig_efd, VFU_PCI_MSIX_IRQ_INDEX, 1, 2, e, 2, NULL) == 0);
	CHECK(rnic_vfu_irq_trigger(srv, 2) == 0);
	CHECK(efd_take(e[1]) == 1 && efd_take(e[0]) == 0);
	CHECK(rnic_vfu_irq_trigger(srv, 1) == 0);
	CHECK(efd_take(e[0]) == 1);
	CHECK(rnic_vfu_irq_trigger(srv, 0) == ENOENT);
	CHECK(rnic_vfu_irq_trigger(srv, 4) == EINVAL);

	/* Mask vector 2: the trigger is latched and delivered on unmask. */
	CHECK(irqs(fd, VFU_IRQ_SET_DATA_NONE | VFU_IRQ_SET_ACTION_MASK, VFU_PCI_MSIX_IRQ_INDEX, 2, 1,
		   NULL, 0, NULL) == 0);
	CHECK(rnic_vfu_irq_trigger(srv, 2) == 0);
	CHECK(efd_take(e[1]) == 0);
	CHECK(irqs(fd, VFU_IRQ_SET_DATA_BOOL | VFU_IRQ_SET_ACTION_UNMASK, VFU_PCI_MSIX_IRQ_INDEX, 1, 2,
		   NULL, 0, bools) == 0);
	CHECK(efd_take(e[1]) == 1);
	/* Client-side trigger (DATA_NONE). */
	CHECK(irqs(fd, VFU_IRQ_SET_DATA_NONE | VFU_IRQ_SET_ACTION_TRIGGER, VFU_PCI_MSIX_IRQ_INDEX, 1, 1,
		   NULL, 0, NULL) == 0);
	CHECK(efd_take(e[0]) == 1);

	/* Malformed requests. */
	CHECK(irqs(fd, VFU_IRQ_SET_DATA_NONE | VFU_IRQ_SET_DATA_BOOL | VFU_IRQ_SET_ACTION_TRIGGER,
		   VFU_PCI_MSIX_IRQ_INDEX, 0, 1, NULL, 0, NULL) == EINVAL);
	CHECK(irqs(fd, trig_efd, VFU_PCI_MSIX_IRQ_INDEX, 3, 2, e, 2, NULL) == EINVAL);
	CHECK(irqs(fd, trig_efd, VFU_PCI_INTX_IRQ_INDEX, 0, 1, e, 1, NULL) == EINVAL);
	CHECK(irqs(fd, trig_efd, VFU_PCI_MSIX_IRQ_INDEX, 0, 2, e, 1, NULL) == EINVAL);
	CHECK(irqs(fd, trig_efd, 7, 0, 1, e, 1, NULL) == EINVAL);
	/* Routes survived the bad requests. */
	CHECK(rnic_vfu_irq_trigger(srv, 1) == 0 && efd_take(e[0]) == 1);

	/* De-assign one vector (no fds), then disable all (count 0). */
	CHECK(irqs(fd, trig_efd, VFU_PCI_MSIX_IRQ_INDEX, 2, 1, NULL, 0, NULL) == 0);
	CHECK(rnic_vfu_irq_trigger(srv, 2) == ENOENT);
	CHECK(irqs(fd, VFU_IRQ_SET_DATA_NONE | VFU_IRQ_SET_ACTION_TRIGGER, VFU_PCI_MSIX_IRQ_INDEX, 0, 0,
		   NULL, 0, NULL) == 0);
	CHECK(rnic_vfu_irq_trigger(srv, 1) == ENOENT);
	rnic_vfu_get_stats(srv, &st);
	CHECK(st.irqs_dropped == 3);
	close(fd);
	rnic_vfu_process(srv);
	close(e[0]);
	close(e[1]);
}

static void test_turnover(const char *path, struct dev *d)
{
	int a, b, c;
	struct vfu_hdr h;
	uint8_t rep[64];
	struct rnic_vfu_stats st0, st1;
	int disc0 = d->disconnects;

	rnic_vfu_get_stats(srv, &st0);
	a = client_connect(path);
	negotiate(a);
	CHECK(call(a, VFU_CMD_DEVICE_RESET, NULL, 0, NULL, 0, NULL, 0) == 0);
	CHECK(d->resets == 1);
	/* A second client while the first is served is turned away. */
	b = client_connect(path);
	CHECK(b >= 0);
	CHECK(raw_reply(b, &h, rep, sizeof(rep)) == -2);
	close(b);
	/* A size field that cannot be trusted: error reply, then dropped. */
	raw_send(a, VFU_CMD_REGION_READ, VFU_FLAG_TYPE_COMMAND, NULL, 0, NULL, 0, 0x7fffffff);
	CHECK(raw_reply(a, &h, rep, sizeof(rep)) == 0);
	CHECK((h.flags & VFU_FLAG_ERROR) && h.error == EINVAL);
	CHECK(raw_reply(a, &h, rep, sizeof(rep)) == -2);
	CHECK(d->disconnects == disc0 + 1);
	close(a);
	/* A new client is served afterwards; a too-small size also drops it. */
	c = client_connect(path);
	negotiate(c);
	raw_send(c, VFU_CMD_DEVICE_RESET, VFU_FLAG_TYPE_COMMAND, NULL, 0, NULL, 0, 8);
	CHECK(raw_reply(c, &h, rep, sizeof(rep)) == 0);
	CHECK((h.flags & VFU_FLAG_ERROR) && h.error == EINVAL);
	CHECK(raw_reply(c, &h, rep, sizeof(rep)) == -2);
	close(c);
	rnic_vfu_process(srv);
	rnic_vfu_get_stats(srv, &st1);
	CHECK(st1.connects == st0.connects + 2);
	CHECK(st1.rejected == st0.rejected + 1);
	CHECK(st1.bad_msgs == st0.bad_msgs + 2);
	CHECK(d->connects == (int)st1.connects);
	CHECK(d->disconnects == disc0 + 2);
}

/* A device that answers reads at 0x800.. and every access to region 9 later. */
struct ddev {
	int reads, writes, posted, deferred_posted;
	uint8_t last[16];
};

static int ddev_read(void *ctx, unsigned region, uint64_t off, void *buf, size_t len)
{
	struct ddev *d = ctx;

	d->reads++;
	if (region == 9 || off >= 0x800)
		return RNIC_VFU_DEFER;
	memset(buf, 0x11, len);
	return 0;
}

static int ddev_write(void *ctx, unsigned region, uint64_t off, const void *buf, size_t len)
{
	struct ddev *d = ctx;

	(void)off;
	d->writes++;
	memcpy(d->last, buf, len < sizeof(d->last) ? len : sizeof(d->last));
	if (rnic_vfu_posted(srv))
		d->posted++;
	if (region == 9) {
		if (rnic_vfu_posted(srv))
			d->deferred_posted++;
		return RNIC_VFU_DEFER;
	}
	return 0;
}

static void test_deferred(const char *path)
{
	static struct ddev d;
	const struct rnic_vfu_ops ops = { .region_read = ddev_read, .region_write = ddev_write };
	struct rnic_vfu_config cfg = { .num_irqs = 4 };
	struct rnic_vfu *keep = srv;
	struct vfu_device_info di = { .argsz = sizeof(di) };
	struct vfu_region_info ri = { .argsz = sizeof(ri), .index = 9 };
	struct vfu_region_access ra = { .offset = 0x800, .region = 0, .count = 4 }, echo;
	uint8_t wm[sizeof(ra) + 8], rep[64];
	struct vfu_hdr h;
	uint32_t val = 0xcafef00d;
	int fd;

	cfg.region_size[0] = 4096;
	cfg.region_size[9] = 4096;
	CHECK(rnic_vfu_create(path, &cfg, &ops, &d, &srv) == 0);
	if (!srv) {
		srv = keep;
		return;
	}
	fd = client_connect(path);
	negotiate(fd);
	/* Ten regions; region 9 is there, 10 is not. */
	CHECK(call(fd, VFU_CMD_DEVICE_GET_INFO, &di, sizeof(di), NULL, 0, &di, sizeof(di)) == 0);
	CHECK(di.num_regions == 10);
	CHECK(call(fd, VFU_CMD_DEVICE_GET_REGION_INFO, &ri, sizeof(ri), NULL, 0, &ri, sizeof(ri)) == 0);
	CHECK(ri.size == 4096 && (ri.flags & VFU_REGION_FLAG_WRITE));
	ri.index = 10;
	CHECK(call(fd, VFU_CMD_DEVICE_GET_REGION_INFO, &ri, sizeof(ri), NULL, 0, NULL, 0) == EINVAL);
	CHECK(rnic_vfu_complete(srv, 0, NULL, 0) == EINVAL); /* nothing deferred */

	/* A deferred read: no reply until the device completes it; a message
	 * sent meanwhile waits in the socket. */
	raw_send(fd, VFU_CMD_REGION_READ, VFU_FLAG_TYPE_COMMAND, &ra, sizeof(ra), NULL, 0, 0);
	uint16_t read_id = next_id;
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == -1);
	CHECK(rnic_vfu_pending(srv) == 1 && d.reads == 1);
	ra.offset = 0x40;
	memcpy(wm, &ra, sizeof(ra));
	memcpy(wm + sizeof(ra), &val, 4);
	raw_send(fd, VFU_CMD_REGION_WRITE, VFU_FLAG_TYPE_COMMAND | VFU_FLAG_NO_REPLY, wm,
		 sizeof(ra) + 4, NULL, 0, 0);
	rnic_vfu_process(srv);
	CHECK(d.writes == 0);
	CHECK(rnic_vfu_complete(srv, 0, &val, 4) == 0);
	CHECK(rnic_vfu_pending(srv) == 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == (int)(sizeof(echo) + 4));
	CHECK(h.msg_id == read_id && h.command == VFU_CMD_REGION_READ && !(h.flags & VFU_FLAG_ERROR));
	memcpy(&echo, rep, sizeof(echo));
	CHECK(echo.offset == 0x800 && echo.count == 4 && echo.region == 0);
	CHECK(memcmp(rep + sizeof(echo), &val, 4) == 0);
	/* The posted write went in after the reply, once the server read on. */
	rnic_vfu_process(srv);
	CHECK(d.writes == 1 && d.posted == 1 && memcmp(d.last, &val, 4) == 0);

	/* A deferred read answered with the wrong length: EIO. */
	ra.offset = 0x804;
	raw_send(fd, VFU_CMD_REGION_READ, VFU_FLAG_TYPE_COMMAND, &ra, sizeof(ra), NULL, 0, 0);
	rnic_vfu_process(srv);
	CHECK(rnic_vfu_complete(srv, 0, &val, 2) == 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == 0 && (h.flags & VFU_FLAG_ERROR) && h.error == EIO);

	/* A deferred write to region 9, answered with an error. */
	ra.region = 9;
	ra.offset = 0;
	memcpy(wm, &ra, sizeof(ra));
	raw_send(fd, VFU_CMD_REGION_WRITE, VFU_FLAG_TYPE_COMMAND, wm, sizeof(ra) + 4, NULL, 0, 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == -1);
	CHECK(rnic_vfu_pending(srv) == 1);
	CHECK(rnic_vfu_complete(srv, EBUSY, NULL, 0) == 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == 0 && (h.flags & VFU_FLAG_ERROR) && h.error == EBUSY);
	/* ... and answered with success: the access is echoed. */
	raw_send(fd, VFU_CMD_REGION_WRITE, VFU_FLAG_TYPE_COMMAND, wm, sizeof(ra) + 4, NULL, 0, 0);
	rnic_vfu_process(srv);
	CHECK(rnic_vfu_complete(srv, 0, NULL, 0) == 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == (int)sizeof(echo) && !(h.flags & VFU_FLAG_ERROR));
	memcpy(&echo, rep, sizeof(echo));
	CHECK(echo.region == 9 && echo.offset == 0 && echo.count == 4);
	/* A posted write that defers is simply accepted: nothing pending. */
	raw_send(fd, VFU_CMD_REGION_WRITE, VFU_FLAG_TYPE_COMMAND | VFU_FLAG_NO_REPLY, wm,
		 sizeof(ra) + 4, NULL, 0, 0);
	CHECK(raw_reply(fd, &h, rep, sizeof(rep)) == -1);
	CHECK(rnic_vfu_pending(srv) == 0 && d.deferred_posted == 1);

	/* The client leaves while an access is deferred: the server notices. */
	ra.region = 0;
	ra.offset = 0x900;
	raw_send(fd, VFU_CMD_REGION_READ, VFU_FLAG_TYPE_COMMAND, &ra, sizeof(ra), NULL, 0, 0);
	rnic_vfu_process(srv);
	CHECK(rnic_vfu_pending(srv) == 1);
	close(fd);
	rnic_vfu_process(srv);
	CHECK(!rnic_vfu_connected(srv) && rnic_vfu_pending(srv) == 0);
	CHECK(rnic_vfu_complete(srv, 0, &val, 4) == EINVAL);
	rnic_vfu_destroy(srv);
	srv = keep;
}

int main(void)
{
	static struct dev d;
	const struct rnic_vfu_ops ops = { .region_read = dev_read, .region_write = dev_write,
					  .reset = dev_reset, .connect = dev_connect,
					  .disconnect = dev_disconnect };
	struct rnic_vfu_config cfg = { .num_irqs = 4 };
	char path[108];
	struct rnic_vfu *tmp;

	snprintf(path, sizeof(path), "/tmp/rnic-vfu-test-%d.sock", (int)getpid());
	cfg.region_size[0] = sizeof(d.bar);
	CHECK(rnic_vfu_create(path, &cfg, &ops, &d, &srv) == 0);
	if (!srv) {
		printf("FAIL: no server\n");
		return 1;
	}
	/* Bad arguments. */
	cfg.num_irqs = 257;
	CHECK(rnic_vfu_create("/tmp/x.sock", &cfg, &ops, &d, &tmp) == EINVAL);
	cfg.num_irqs = 4;
	CHECK(rnic_vfu_create("/tmp/no-such-dir/x.sock", &cfg, &ops, &d, &tmp) == ENOENT);

	test_version_and_garbage(path);
	test_dma_windows(path);
	test_irqs(path);
	test_turnover(path, &d);
	{
		char dpath[108];

		snprintf(dpath, sizeof(dpath), "/tmp/rnic-vfu-test-%d-d.sock", (int)getpid());
		test_deferred(dpath);
	}
	rnic_vfu_destroy(srv);
	CHECK(access(path, F_OK) != 0);
	if (failures) {
		printf("FAIL: %d checks failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
