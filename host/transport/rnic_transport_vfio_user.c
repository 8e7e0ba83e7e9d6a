/*
 * vfio-user client backend: the device is a server process behind a UNIX
 * stream socket (sim/vfu). Protocol: vfio-user specification, version 0.1.
 *
 * Every BAR access is a REGION_READ/REGION_WRITE message answered by the
 * server; a doorbell is a REGION_WRITE with the no-reply flag, so it costs
 * one send and the server applies it in order before any later message.
 * DMA windows carry no fd: the IOVA is the virtual address and the server
 * reaches the memory through process_vm_readv/writev on this process (see
 * rnic_vfu.h); DMA_READ/DMA_WRITE requests from a server are still served
 * for addresses inside a mapped window.
 *
 * A server that dies, closes or stops answering within the reply timeout
 * (RNIC_VFIO_USER_TIMEOUT_MS, default 10 s) breaks the connection: that call
 * returns EPIPE, ECONNRESET, ETIMEDOUT or EPROTO and every later call ENODEV.
 * Calls are serialised by a mutex, so threads may share one transport.
 */
#define _GNU_SOURCE
#include "rnic_transport.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

#include "rnic_contract.h"
#include "rnic_sim_ctl.h"
#include "vfio_user_proto.h"

#define VU_DEFAULT_TIMEOUT_MS 10000
/* Default max_data_xfer_size when the server names none (spec "Version"). */
#define VU_SPEC_DEFAULT_XFER 1048576u

struct vu_window {
	uint64_t start;
	uint64_t len;
};

struct vu_transport {
	struct rnic_transport t;
	int sock;
	pthread_mutex_t lock;
	uint16_t next_id;
	int broken; /* nonzero once the connection is unusable */
	int timeout_ms;
	uint32_t max_xfer;
	pid_t server_pid;
	uint8_t *buf;   /* one incoming message */
	size_t rep_len; /* payload length of the last reply */
	/* Windows this client mapped, to serve server DMA_READ/DMA_WRITE. */
	struct vu_window *win;
	size_t nwin, cap;
};

static struct vu_transport *vu_of(struct rnic_transport *t)
{
	return (struct vu_transport *)t;
}

static int vu_fail(struct vu_transport *vt, int err)
{
	vt->broken = 1;
	return err;
}

/* Wait until the socket is readable or writable; ETIMEDOUT past the limit. */
static int vu_wait(struct vu_transport *vt, short events)
{
	struct pollfd pfd = { .fd = vt->sock, .events = events };

	for (;;) {
		int r = poll(&pfd, 1, vt->timeout_ms);

		if (r > 0)
			return 0;
		if (r == 0)
			return ETIMEDOUT;
		if (errno != EINTR)
			return errno;
	}
}

static int vu_send(struct vu_transport *vt, struct iovec *iov, int niov, const int *fds,
		   unsigned nfds)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * VFU_MAX_MSG_FDS)];
		struct cmsghdr align;
	} cbuf;
	struct msghdr mh = { .msg_iov = iov, .msg_iovlen = (size_t)niov };

	if (nfds) {
		struct cmsghdr *c;

		memset(&cbuf, 0, sizeof(cbuf));
		mh.msg_control = cbuf.buf;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
	}
	while (mh.msg_iovlen) {
		ssize_t n = sendmsg(vt->sock, &mh, MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n < 0) {
			int err = errno;

			if (err == EINTR)
				continue;
			if (err == EAGAIN) {
				err = vu_wait(vt, POLLOUT);
				if (err)
					return err;
				continue;
			}
			return err;
		}
		/* The fds went with the first byte. */
		mh.msg_control = NULL;
		mh.msg_controllen = 0;
		while (mh.msg_iovlen && (size_t)n >= mh.msg_iov->iov_len) {
			n -= (ssize_t)mh.msg_iov->iov_len;
			mh.msg_iov++;
			mh.msg_iovlen--;
		}
		if (mh.msg_iovlen) {
			mh.msg_iov->iov_base = (uint8_t *)mh.msg_iov->iov_base + n;
			mh.msg_iov->iov_len -= (size_t)n;
		}
	}
	return 0;
}

static int vu_recv_exact(struct vu_transport *vt, void *p, size_t len)
{
	uint8_t *b = p;

	while (len) {
		ssize_t n = recv(vt->sock, b, len, MSG_DONTWAIT);

		if (n > 0) {
			b += n;
			len -= (size_t)n;
			continue;
		}
		if (n == 0)
			return ECONNRESET;
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN) {
			int err = vu_wait(vt, POLLIN);

			if (err)
				return err;
			continue;
		}
		return errno;
	}
	return 0;
}

static const struct vu_window *vu_window_find(const struct vu_transport *vt, uint64_t addr,
					      uint64_t len)
{
	if (addr + len < addr)
		return NULL;
	for (size_t i = 0; i < vt->nwin; i++)
		if (addr >= vt->win[i].start && addr + len <= vt->win[i].start + vt->win[i].len)
			return &vt->win[i];
	return NULL;
}

/* Serve a DMA_READ/DMA_WRITE command from the server (spec "Read and Write
 * Operations"); anything else the server asks is refused with ENOSYS. */
static int vu_serve(struct vu_transport *vt, const struct vfu_hdr *h)
{
	size_t plen = h->size - sizeof(*h);
	const uint8_t *p = vt->buf;
	struct vfu_hdr r = { .msg_id = h->msg_id, .command = h->command,
			     .size = sizeof(r), .flags = VFU_FLAG_TYPE_REPLY };
	struct vfu_dma_access a;
	struct iovec iov[3];
	int niov = 1, err = 0;

	iov[0].iov_base = &r;
	iov[0].iov_len = sizeof(r);
	if ((h->command != VFU_CMD_DMA_READ && h->command != VFU_CMD_DMA_WRITE) ||
	    plen < sizeof(a)) {
		err = ENOSYS;
	} else {
		memcpy(&a, p, sizeof(a));
		if (a.count > vt->max_xfer || !vu_window_find(vt, a.address, a.count))
			err = EFAULT;
		else if (h->command == VFU_CMD_DMA_WRITE && plen != sizeof(a) + a.count)
			err = EINVAL;
		else if (h->command == VFU_CMD_DMA_READ && plen != sizeof(a))
			err = EINVAL;
	}
	if (err) {
		r.flags |= VFU_FLAG_ERROR;
		r.error = (uint32_t)err;
	} else if (h->command == VFU_CMD_DMA_WRITE) {
		memcpy((void *)(uintptr_t)a.address, p + sizeof(a), (size_t)a.count);
		iov[1].iov_base = &a;
		iov[1].iov_len = sizeof(a);
		niov = 2;
		r.size += sizeof(a);
	} else {
		iov[1].iov_base = &a;
		iov[1].iov_len = sizeof(a);
		iov[2].iov_base = (void *)(uintptr_t)a.address;
		iov[2].iov_len = (size_t)a.count;
		niov = 3;
		r.size += (uint32_t)(sizeof(a) + a.count);
	}
	if (h->flags & VFU_FLAG_NO_REPLY)
		return 0;
	return vu_send(vt, iov, niov, NULL, 0);
}

/*
 * Send one command; unless no_reply, wait for its reply and copy up to
 * rep_max payload bytes into rep (*rep_len gets the payload length). Returns
 * 0, the errno of an error reply, or a connection error (connection broken).
 */
static int vu_call(struct vu_transport *vt, uint16_t cmd, const void *req, size_t req_len,
		   const void *data, size_t data_len, const int *fds, unsigned nfds, int no_reply,
		   void *rep, size_t rep_max, size_t *rep_len)
{
	struct vfu_hdr h = {
		.msg_id = vt->next_id++,
		.command = cmd,
		.size = (uint32_t)(sizeof(h) + req_len + data_len),
		.flags = VFU_FLAG_TYPE_COMMAND | (no_reply ? VFU_FLAG_NO_REPLY : 0),
	};
	struct iovec iov[3] = {
		{ .iov_base = &h, .iov_len = sizeof(h) },
		{ .iov_base = (void *)req, .iov_len = req_len },
		{ .iov_base = (void *)data, .iov_len = data_len },
	};
	int err;

	if (vt->broken)
		return ENODEV;
	err = vu_send(vt, iov, data_len ? 3 : (req_len ? 2 : 1), fds, nfds);
	if (err)
		return vu_fail(vt, err);
	if (no_reply)
		return 0;
	for (;;) {
		struct vfu_hdr r;
		size_t plen;

		err = vu_recv_exact(vt, &r, sizeof(r));
		if (err)
			return vu_fail(vt, err);
		if (r.size < sizeof(r) || r.size > VFU_MAX_MSG_SIZE + VFU_MAX_VERSION_JSON)
			return vu_fail(vt, EPROTO);
		plen = r.size - sizeof(r);
		err = vu_recv_exact(vt, vt->buf, plen);
		if (err)
			return vu_fail(vt, err);
		if ((r.flags & VFU_FLAG_TYPE_MASK) == VFU_FLAG_TYPE_COMMAND) {
			err = vu_serve(vt, &r);
			if (err)
				return vu_fail(vt, err);
			continue;
		}
		if ((r.flags & VFU_FLAG_TYPE_MASK) != VFU_FLAG_TYPE_REPLY || r.msg_id != h.msg_id ||
		    r.command != cmd)
			return vu_fail(vt, EPROTO);
		if (r.flags & VFU_FLAG_ERROR)
			return r.error ? (int)r.error : EIO;
		vt->rep_len = plen;
		if (rep) {
			memcpy(rep, vt->buf, plen < rep_max ? plen : rep_max);
			*rep_len = plen;
		}
		return 0;
	}
}

/* ---- transport operations ------------------------------------------------ */

static int vu_region_read(struct rnic_transport *t, unsigned region, uint64_t off, void *buf,
			  size_t len)
{
	struct vu_transport *vt = vu_of(t);
	uint8_t *out = buf;
	int err = 0;

	if (len == 0)
		return EINVAL;
	pthread_mutex_lock(&vt->lock);
	while (len && !err) {
		size_t n = len < vt->max_xfer ? len : vt->max_xfer;
		struct vfu_region_access a = { .offset = off, .region = region, .count = (uint32_t)n };

		err = vu_call(vt, VFU_CMD_REGION_READ, &a, sizeof(a), NULL, 0, NULL, 0, 0, NULL, 0,
			      NULL);
		if (err)
			break;
		/* Reply: the access header echoed, then the data. */
		if (vt->rep_len != sizeof(a) + n) {
			err = vu_fail(vt, EPROTO);
			break;
		}
		memcpy(&a, vt->buf, sizeof(a));
		if (a.count != n || a.offset != off || a.region != region) {
			err = vu_fail(vt, EPROTO);
			break;
		}
		memcpy(out, vt->buf + sizeof(a), n);
		out += n;
		off += n;
		len -= n;
	}
	pthread_mutex_unlock(&vt->lock);
	return err;
}

static int vu_region_write(struct rnic_transport *t, unsigned region, uint64_t off,
			   const void *buf, size_t len)
{
	struct vu_transport *vt = vu_of(t);
	const uint8_t *in = buf;
	int err = 0;

	if (len == 0)
		return EINVAL;
	pthread_mutex_lock(&vt->lock);
	while (len && !err) {
		size_t n = len < vt->max_xfer ? len : vt->max_xfer;
		struct vfu_region_access a = { .offset = off, .region = region, .count = (uint32_t)n };

		err = vu_call(vt, VFU_CMD_REGION_WRITE, &a, sizeof(a), in, n, NULL, 0, 0, NULL, 0,
			      NULL);
		in += n;
		off += n;
		len -= n;
	}
	pthread_mutex_unlock(&vt->lock);
	return err;
}

static int vu_sim_wait(struct rnic_transport *t, const struct rnic_sim_wait *w, size_t bytes)
{
	if (!t->lockstep || bytes < RNIC_SIM_WAIT_BYTES(0) || bytes > sizeof(*w))
		return EINVAL;
	return vu_region_write(t, RNIC_SIM_CTL_REGION, RNIC_SIM_CTL_WAIT, w, bytes);
}

static int vu_doorbell(struct rnic_transport *t, uint64_t off, uint32_t value)
{
	struct vu_transport *vt = vu_of(t);
	struct vfu_region_access a = { .offset = off, .region = 0, .count = sizeof(value) };
	int err;

	pthread_mutex_lock(&vt->lock);
	err = vu_call(vt, VFU_CMD_REGION_WRITE, &a, sizeof(a), &value, sizeof(value), NULL, 0, 1,
		      NULL, 0, NULL);
	pthread_mutex_unlock(&vt->lock);
	return err;
}

/*
 * The window a mapping of [addr, addr+len) announces: widened to whole pages,
 * as an IOMMU maps them, so the device's bus-width-aligned accesses around
 * an unaligned buffer stay inside it. Byte-exact protection is the memory
 * key's job (the device checks SGEs and remote addresses against the MR).
 */
static void vu_page_span(uint64_t addr, size_t len, uint64_t *start, uint64_t *size)
{
	uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE);

	*start = addr & ~(pg - 1);
	*size = ((addr + len + pg - 1) & ~(pg - 1)) - *start;
}

static int vu_dma_map(struct rnic_transport *t, void *vaddr, size_t len, uint64_t *iova)
{
	struct vu_transport *vt = vu_of(t);
	struct vfu_dma_map m = {
		.argsz = sizeof(m),
		.flags = VFU_DMA_FLAG_READ | VFU_DMA_FLAG_WRITE,
		.offset = 0,
	};
	int err;

	if (!vaddr || len == 0 || !iova)
		return EINVAL;
	vu_page_span((uint64_t)(uintptr_t)vaddr, len, &m.address, &m.size);
	pthread_mutex_lock(&vt->lock);
	if (vt->nwin == vt->cap) {
		size_t ncap = vt->cap ? vt->cap * 2 : 16;
		struct vu_window *nw = realloc(vt->win, ncap * sizeof(*nw));

		if (!nw) {
			pthread_mutex_unlock(&vt->lock);
			return ENOMEM;
		}
		vt->win = nw;
		vt->cap = ncap;
	}
	err = vu_call(vt, VFU_CMD_DMA_MAP, &m, sizeof(m), NULL, 0, NULL, 0, 0, NULL, 0, NULL);
	if (!err) {
		vt->win[vt->nwin].start = m.address;
		vt->win[vt->nwin].len = m.size;
		vt->nwin++;
		*iova = (uint64_t)(uintptr_t)vaddr; /* fd-less convention: IOVA == virtual address */
	}
	pthread_mutex_unlock(&vt->lock);
	return err;
}

static int vu_dma_unmap(struct rnic_transport *t, uint64_t iova, size_t len)
{
	struct vu_transport *vt = vu_of(t);
	struct vfu_dma_unmap u = { .argsz = sizeof(u), .flags = 0 };
	struct vfu_dma_unmap r;
	size_t rl = 0;
	int err;

	if (len == 0)
		return EINVAL;
	vu_page_span(iova, len, &u.address, &u.size);
	pthread_mutex_lock(&vt->lock);
	err = vu_call(vt, VFU_CMD_DMA_UNMAP, &u, sizeof(u), NULL, 0, NULL, 0, 0, &r, sizeof(r),
		      &rl);
	if (!err && (rl != sizeof(r) || r.address != u.address || r.size != u.size))
		err = vu_fail(vt, EPROTO);
	if (!err) {
		for (size_t i = 0; i < vt->nwin; i++) {
			if (vt->win[i].start == u.address && vt->win[i].len == u.size) {
				vt->win[i] = vt->win[--vt->nwin];
				break;
			}
		}
	}
	pthread_mutex_unlock(&vt->lock);
	return err;
}

static int vu_set_irq_eventfd(struct rnic_transport *t, unsigned vector, int efd)
{
	struct vu_transport *vt = vu_of(t);
	struct vfu_irq_set s = {
		.argsz = sizeof(s),
		.flags = VFU_IRQ_SET_DATA_EVENTFD | VFU_IRQ_SET_ACTION_TRIGGER,
		.index = VFU_PCI_MSIX_IRQ_INDEX,
		.start = vector,
		.count = 1,
	};
	int err;

	if (vector >= t->num_irqs || efd < -1)
		return EINVAL;
	pthread_mutex_lock(&vt->lock);
	/* No fd de-assigns the vector (spec "VFIO_USER_DEVICE_SET_IRQS"). */
	err = vu_call(vt, VFU_CMD_DEVICE_SET_IRQS, &s, sizeof(s), NULL, 0, &efd, efd >= 0 ? 1 : 0,
		      0, NULL, 0, NULL);
	pthread_mutex_unlock(&vt->lock);
	return err;
}

static void vu_close(struct rnic_transport *t)
{
	struct vu_transport *vt = vu_of(t);

	if (!t)
		return;
	close(vt->sock);
	pthread_mutex_destroy(&vt->lock);
	free(vt->win);
	free(vt->buf);
	free(vt);
}

static const struct rnic_transport_ops vu_ops = {
	.region_read = vu_region_read,
	.region_write = vu_region_write,
	.sim_wait = vu_sim_wait,
	.doorbell = vu_doorbell,
	.dma_map = vu_dma_map,
	.dma_unmap = vu_dma_unmap,
	.set_irq_eventfd = vu_set_irq_eventfd,
	.close = vu_close,
};

/* ---- connection setup -------------------------------------------------------- */

/* The unsigned number after "key": in a JSON text, or def when absent. */
static uint64_t vu_json_number(const char *json, const char *key, uint64_t def)
{
	const char *p = strstr(json, key);
	uint64_t v = 0;
	int digits = 0;

	if (!p)
		return def;
	p += strlen(key);
	while (*p == ' ' || *p == '"' || *p == ':')
		p++;
	for (; *p >= '0' && *p <= '9' && digits < 19; p++, digits++)
		v = v * 10 + (uint64_t)(*p - '0');
	return digits ? v : def;
}

static int vu_negotiate(struct vu_transport *vt)
{
	static const char caps[] = "{\"capabilities\":{\"max_msg_fds\":32,"
				   "\"max_data_xfer_size\":65536}}";
	struct vfu_version v = { .major = VFU_PROTO_MAJOR, .minor = VFU_PROTO_MINOR };
	uint8_t rep[sizeof(v) + VFU_MAX_VERSION_JSON + 1];
	struct vfu_device_info di = { .argsz = sizeof(di) };
	struct vfu_region_info ri = { .argsz = sizeof(ri), .index = VFU_PCI_BAR0_REGION_INDEX };
	struct vfu_irq_info ii = { .argsz = sizeof(ii), .index = VFU_PCI_MSIX_IRQ_INDEX };
	size_t rl = 0;
	int err;

	err = vu_call(vt, VFU_CMD_VERSION, &v, sizeof(v), caps, sizeof(caps), NULL, 0, 0, rep,
		      sizeof(rep) - 1, &rl);
	if (err)
		return err;
	if (rl < sizeof(v) || rl > sizeof(rep) - 1)
		return EPROTO;
	memcpy(&v, rep, sizeof(v));
	if (v.major != VFU_PROTO_MAJOR || v.minor > VFU_PROTO_MINOR)
		return EPROTONOSUPPORT;
	rep[rl] = '\0';
	vt->max_xfer = (uint32_t)vu_json_number((const char *)rep + sizeof(v),
						"\"max_data_xfer_size\"", VU_SPEC_DEFAULT_XFER);
	if (vt->max_xfer == 0)
		return EPROTO;
	if (vt->max_xfer > VFU_MAX_DATA_XFER)
		vt->max_xfer = VFU_MAX_DATA_XFER;

	err = vu_call(vt, VFU_CMD_DEVICE_GET_INFO, &di, sizeof(di), NULL, 0, NULL, 0, 0, &di,
		      sizeof(di), &rl);
	if (err)
		return err;
	if (rl < sizeof(di) || !(di.flags & VFU_DEVICE_FLAG_PCI) || di.num_regions < 1 ||
	    di.num_irqs <= VFU_PCI_MSIX_IRQ_INDEX)
		return ENODEV;

	err = vu_call(vt, VFU_CMD_DEVICE_GET_REGION_INFO, &ri, sizeof(ri), NULL, 0, NULL, 0, 0,
		      &ri, sizeof(ri), &rl);
	if (err)
		return err;
	/* BAR0 must hold the whole register map of the contract. */
	if (rl < sizeof(ri) || ri.size < RNIC_BAR0_SIZE ||
	    (ri.flags & (VFU_REGION_FLAG_READ | VFU_REGION_FLAG_WRITE)) !=
		    (VFU_REGION_FLAG_READ | VFU_REGION_FLAG_WRITE))
		return ENODEV;
	vt->t.bar0_size = ri.size;

	err = vu_call(vt, VFU_CMD_DEVICE_GET_IRQ_INFO, &ii, sizeof(ii), NULL, 0, NULL, 0, 0, &ii,
		      sizeof(ii), &rl);
	if (err)
		return err;
	if (rl < sizeof(ii) || !(ii.flags & VFU_IRQ_INFO_EVENTFD))
		return ENODEV;
	vt->t.num_irqs = ii.count;

	/* rnic-sim's control region (device-specific region 9): the simulator
	 * runs in lockstep with its clients. Replies may then take as long as
	 * other clients keep simulated time still, so none times out; a server
	 * that dies still ends every wait (the socket closes). */
	if (di.num_regions > RNIC_SIM_CTL_REGION) {
		struct vfu_region_info ci = { .argsz = sizeof(ci), .index = RNIC_SIM_CTL_REGION };

		err = vu_call(vt, VFU_CMD_DEVICE_GET_REGION_INFO, &ci, sizeof(ci), NULL, 0, NULL, 0,
			      0, &ci, sizeof(ci), &rl);
		if (err)
			return err;
		if (rl >= sizeof(ci) && ci.size >= RNIC_SIM_CTL_SIZE && (ci.flags & VFU_REGION_FLAG_WRITE)) {
			vt->t.lockstep = 1;
			if (!getenv("RNIC_VFIO_USER_TIMEOUT_MS"))
				vt->timeout_ms = -1;
		}
	}
	return 0;
}

int rnic_transport_open_vfio_user(const char *socket_path, struct rnic_transport **out)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct vu_transport *vt;
	struct ucred cred;
	socklen_t cl = sizeof(cred);
	const char *env;
	int err;

	if (!socket_path || !out)
		return EINVAL;
	if (strlen(socket_path) >= sizeof(sa.sun_path))
		return ENAMETOOLONG;
	strcpy(sa.sun_path, socket_path);
	vt = calloc(1, sizeof(*vt));
	if (!vt)
		return ENOMEM;
	vt->buf = malloc(VFU_MAX_MSG_SIZE + VFU_MAX_VERSION_JSON);
	if (!vt->buf) {
		free(vt);
		return ENOMEM;
	}
	vt->t.ops = &vu_ops;
	vt->t.bar0 = NULL;
	vt->max_xfer = VFU_MAX_DATA_XFER;
	vt->timeout_ms = VU_DEFAULT_TIMEOUT_MS;
	env = getenv("RNIC_VFIO_USER_TIMEOUT_MS");
	if (env && atoi(env) > 0)
		vt->timeout_ms = atoi(env);
	pthread_mutex_init(&vt->lock, NULL);
	vt->sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (vt->sock < 0) {
		err = errno;
		goto fail;
	}
	if (connect(vt->sock, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		err = errno;
		goto fail;
	}
	if (getsockopt(vt->sock, SOL_SOCKET, SO_PEERCRED, &cred, &cl) != 0) {
		err = errno;
		goto fail;
	}
	vt->server_pid = cred.pid;
	/* Let the server reach fd-less DMA windows with process_vm_readv/writev
	 * under Yama ptrace_scope 1; EINVAL just means Yama is absent. */
	prctl(PR_SET_PTRACER, (unsigned long)cred.pid, 0, 0, 0);
	err = vu_negotiate(vt);
	if (err)
		goto fail;
	*out = &vt->t;
	return 0;
fail:
	if (vt->sock >= 0)
		close(vt->sock);
	pthread_mutex_destroy(&vt->lock);
	free(vt->buf);
	free(vt);
	return err;
}
