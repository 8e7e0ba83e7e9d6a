/*
 * rnic_vfu: vfio-user server (see rnic_vfu.h for the conventions).
 *
 * Message handling follows the vfio-user specification: every command is
 * answered with a reply carrying the same message id and command unless it
 * sets the no-reply flag; a failed command gets a header-only reply with the
 * error flag and an errno. A message whose size field cannot be trusted
 * leaves the byte stream unsynchronised, so the client is dropped after the
 * error reply.
 */
#define _GNU_SOURCE
#include "rnic_vfu.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

#include "vfio_user_proto.h"

#define VFU_MAX_VECTORS 256u
#define VFU_SEND_TIMEOUT_MS 1000
/* Messages handled per rnic_vfu_process call before yielding. */
#define VFU_PROCESS_BUDGET 1024

struct vfu_win {
	uint64_t start;  /* IOVA of the first byte */
	uint64_t end;    /* IOVA one past the last byte */
	uint32_t flags;  /* VFU_DMA_FLAG_* */
	uint8_t *host;   /* server address of `start` (fd-backed), else NULL */
	void *map_base;  /* mmap to undo, or NULL */
	size_t map_len;
};

struct rnic_vfu {
	int listen_fd;
	int epoll_fd;
	int conn_fd; /* -1 without a client */
	char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
	struct rnic_vfu_config cfg;
	const struct rnic_vfu_ops *ops;
	void *ctx;

	pid_t client_pid;
	int negotiated;

	/* The region access being dispatched is posted (no reply). */
	int cur_posted;
	/* A region access answered later (RNIC_VFU_DEFER). */
	int pending;
	struct vfu_hdr pend_hdr;
	struct vfu_region_access pend_acc;

	/* Message being received. */
	uint8_t *rx;
	size_t rx_len;
	int rx_fds[VFU_MAX_MSG_FDS];
	unsigned rx_nfds;
	int rx_fd_overflow;
	/* Reply being built. */
	uint8_t *tx;

	/* DMA windows sorted by start; maxend[i] = max(win[0..i].end). */
	struct vfu_win *win;
	uint64_t *maxend;
	unsigned nwin;
	unsigned last_hit;

	int irq_fd[VFU_MAX_VECTORS];
	uint8_t irq_masked[VFU_MAX_VECTORS];
	uint8_t irq_pending[VFU_MAX_VECTORS];

	struct rnic_vfu_stats st;
};

/* ---- DMA window table ---------------------------------------------------- */

static void vfu_win_recompute(struct rnic_vfu *srv)
{
	uint64_t m = 0;

	for (unsigned i = 0; i < srv->nwin; i++) {
		if (srv->win[i].end > m)
			m = srv->win[i].end;
		srv->maxend[i] = m;
	}
	srv->last_hit = 0;
}

static void vfu_win_release(struct vfu_win *w)
{
	if (w->map_base)
		munmap(w->map_base, w->map_len);
	w->map_base = NULL;
	w->host = NULL;
}

static void vfu_win_clear(struct rnic_vfu *srv)
{
	for (unsigned i = 0; i < srv->nwin; i++)
		vfu_win_release(&srv->win[i]);
	srv->nwin = 0;
	srv->last_hit = 0;
}

/* Index of the last window with start <= iova, or -1. */
static int vfu_win_floor(const struct rnic_vfu *srv, uint64_t iova)
{
	int lo = 0, hi = (int)srv->nwin - 1, r = -1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (srv->win[mid].start <= iova) {
			r = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return r;
}

/* A window holding all of [iova, end) with every flag in `need`, or NULL. */
static const struct vfu_win *vfu_win_lookup(struct rnic_vfu *srv, uint64_t iova,
					    uint64_t end, uint32_t need)
{
	const struct vfu_win *w;
	int i;

	if (srv->last_hit < srv->nwin) {
		w = &srv->win[srv->last_hit];
		if (w->start <= iova && end <= w->end && (w->flags & need) == need)
			return w;
	}
	for (i = vfu_win_floor(srv, iova); i >= 0 && srv->maxend[i] >= end; i--) {
		w = &srv->win[i];
		if (end <= w->end && (w->flags & need) == need) {
			srv->last_hit = (unsigned)i;
			return w;
		}
	}
	return NULL;
}

/* ---- interrupts ------------------------------------------------------------ */

static int vfu_irq_signal(struct rnic_vfu *srv, unsigned v)
{
	uint64_t one = 1;

	if (srv->irq_fd[v] < 0) {
		srv->st.irqs_dropped++;
		return ENOENT;
	}
	if (srv->irq_masked[v]) {
		srv->irq_pending[v] = 1;
		return 0;
	}
	/* An eventfd counter at its limit (EAGAIN) already signals. */
	if (write(srv->irq_fd[v], &one, sizeof(one)) < 0 && errno != EAGAIN)
		return errno;
	srv->st.irqs++;
	return 0;
}

static void vfu_irq_clear(struct rnic_vfu *srv)
{
	for (unsigned v = 0; v < VFU_MAX_VECTORS; v++) {
		if (srv->irq_fd[v] >= 0)
			close(srv->irq_fd[v]);
		srv->irq_fd[v] = -1;
		srv->irq_masked[v] = 0;
		srv->irq_pending[v] = 0;
	}
}

/* ---- connection ------------------------------------------------------------ */

static void vfu_rx_reset(struct rnic_vfu *srv)
{
	for (unsigned i = 0; i < srv->rx_nfds; i++)
		if (srv->rx_fds[i] >= 0)
			close(srv->rx_fds[i]);
	srv->rx_nfds = 0;
	srv->rx_len = 0;
	srv->rx_fd_overflow = 0;
}

void rnic_vfu_disconnect(struct rnic_vfu *srv)
{
	if (srv->conn_fd < 0)
		return;
	epoll_ctl(srv->epoll_fd, EPOLL_CTL_DEL, srv->conn_fd, NULL);
	close(srv->conn_fd);
	srv->conn_fd = -1;
	srv->client_pid = 0;
	srv->negotiated = 0;
	srv->pending = 0;
	vfu_rx_reset(srv);
	vfu_win_clear(srv);
	vfu_irq_clear(srv);
	if (srv->ops->disconnect)
		srv->ops->disconnect(srv->ctx);
}

static int vfu_send_all(struct rnic_vfu *srv, const uint8_t *p, size_t len)
{
	while (len) {
		ssize_t n = send(srv->conn_fd, p, len, MSG_NOSIGNAL);

		if (n > 0) {
			p += n;
			len -= (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			struct pollfd pfd = { .fd = srv->conn_fd, .events = POLLOUT };
			int r = poll(&pfd, 1, VFU_SEND_TIMEOUT_MS);

			if (r > 0)
				continue;
			if (r < 0 && errno == EINTR)
				continue;
			return ETIMEDOUT;
		}
		return n < 0 ? errno : EPIPE;
	}
	return 0;
}

/* Send the reply in srv->tx (payload already placed after the header). */
static int vfu_reply(struct rnic_vfu *srv, const struct vfu_hdr *req, int err, size_t plen)
{
	struct vfu_hdr h = {
		.msg_id = req->msg_id,
		.command = req->command,
		.size = (uint32_t)sizeof(h),
		.flags = VFU_FLAG_TYPE_REPLY,
		.error = 0,
	};

	if (err) {
		h.flags |= VFU_FLAG_ERROR;
		h.error = (uint32_t)err;
	} else {
		h.size += (uint32_t)plen;
	}
	memcpy(srv->tx, &h, sizeof(h));
	return vfu_send_all(srv, srv->tx, h.size);
}

/* ---- command handlers: return 0 or an errno; *rlen = reply payload ------- */

/* Regions offered: the nine PCI ones, and the device-specific one if set. */
static uint32_t vfu_num_regions(const struct rnic_vfu *srv)
{
	return srv->cfg.region_size[VFU_PCI_NUM_REGIONS] ? VFU_PCI_NUM_REGIONS + 1 : VFU_PCI_NUM_REGIONS;
}

/* Mark a malformed or unsupported request. */
static int vfu_bad(struct rnic_vfu *srv, int err)
{
	srv->st.bad_msgs++;
	return err;
}

static int vfu_cmd_version(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_version v;
	uint8_t *out = srv->tx + sizeof(struct vfu_hdr);
	int n;

	if (plen < sizeof(v) || plen > sizeof(v) + VFU_MAX_VERSION_JSON)
		return vfu_bad(srv, EINVAL);
	memcpy(&v, p, sizeof(v));
	/* The JSON, when present, is a NUL-terminated object. */
	if (plen > sizeof(v) && (p[plen - 1] != '\0' || p[sizeof(v)] != '{'))
		return vfu_bad(srv, EINVAL);
	if (v.major != VFU_PROTO_MAJOR)
		return vfu_bad(srv, ENOTSUP);
	if (v.minor > VFU_PROTO_MINOR)
		v.minor = VFU_PROTO_MINOR;
	memcpy(out, &v, sizeof(v));
	n = snprintf((char *)out + sizeof(v), VFU_MAX_VERSION_JSON,
		     "{\"capabilities\":{\"max_msg_fds\":%u,\"max_data_xfer_size\":%u,"
		     "\"max_dma_maps\":%u,\"pgsizes\":4096}}",
		     VFU_MAX_MSG_FDS, VFU_MAX_DATA_XFER, VFU_MAX_DMA_MAPS);
	*rlen = sizeof(v) + (size_t)n + 1;
	srv->negotiated = 1;
	return 0;
}

static int vfu_cmd_dma_map(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_dma_map m;
	struct vfu_win w = { 0 };
	unsigned i;

	*rlen = 0;
	if (plen != sizeof(m) || srv->rx_nfds > 1)
		return vfu_bad(srv, EINVAL);
	memcpy(&m, p, sizeof(m));
	if (m.argsz != sizeof(m) || m.size == 0 || m.address + m.size < m.address ||
	    (m.flags & ~(VFU_DMA_FLAG_READ | VFU_DMA_FLAG_WRITE)) ||
	    !(m.flags & (VFU_DMA_FLAG_READ | VFU_DMA_FLAG_WRITE)))
		return vfu_bad(srv, EINVAL);
	if (srv->nwin >= VFU_MAX_DMA_MAPS)
		return ENOSPC;
	w.start = m.address;
	w.end = m.address + m.size;
	w.flags = m.flags;
	if (srv->rx_nfds == 1) {
		long pg = sysconf(_SC_PAGESIZE);
		uint64_t skew = m.offset % (uint64_t)pg;
		int prot = ((m.flags & VFU_DMA_FLAG_READ) ? PROT_READ : 0) |
			   ((m.flags & VFU_DMA_FLAG_WRITE) ? PROT_WRITE : 0);
		void *base;

		if (m.size + skew < m.size)
			return vfu_bad(srv, EINVAL);
		base = mmap(NULL, (size_t)(m.size + skew), prot, MAP_SHARED, srv->rx_fds[0],
			    (off_t)(m.offset - skew));
		if (base == MAP_FAILED)
			return errno;
		w.map_base = base;
		w.map_len = (size_t)(m.size + skew);
		w.host = (uint8_t *)base + skew;
	}
	/* Insert keeping the table sorted by start. */
	i = (unsigned)(vfu_win_floor(srv, w.start) + 1);
	memmove(&srv->win[i + 1], &srv->win[i], (srv->nwin - i) * sizeof(w));
	srv->win[i] = w;
	srv->nwin++;
	vfu_win_recompute(srv);
	return 0;
}

static int vfu_cmd_dma_unmap(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_dma_unmap u;

	*rlen = 0;
	if (plen != sizeof(u))
		return vfu_bad(srv, EINVAL);
	memcpy(&u, p, sizeof(u));
	if (u.argsz < sizeof(u) || u.flags != 0)
		return vfu_bad(srv, EINVAL);
	for (unsigned i = 0; i < srv->nwin; i++) {
		struct vfu_win *w = &srv->win[i];

		if (w->start == u.address && w->end - w->start == u.size) {
			vfu_win_release(w);
			memmove(w, w + 1, (srv->nwin - i - 1) * sizeof(*w));
			srv->nwin--;
			vfu_win_recompute(srv);
			u.argsz = sizeof(u);
			memcpy(srv->tx + sizeof(struct vfu_hdr), &u, sizeof(u));
			*rlen = sizeof(u);
			return 0;
		}
	}
	return ENOENT;
}

static int vfu_cmd_device_info(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_device_info d;

	if (plen != sizeof(d))
		return vfu_bad(srv, EINVAL);
	memcpy(&d, p, sizeof(d));
	if (d.argsz < sizeof(d))
		return vfu_bad(srv, EINVAL);
	d.argsz = sizeof(d);
	d.flags = VFU_DEVICE_FLAG_RESET | VFU_DEVICE_FLAG_PCI;
	d.num_regions = vfu_num_regions(srv);
	d.num_irqs = VFU_PCI_NUM_IRQS;
	memcpy(srv->tx + sizeof(struct vfu_hdr), &d, sizeof(d));
	*rlen = sizeof(d);
	return 0;
}

static int vfu_cmd_region_info(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_region_info r;

	if (plen != sizeof(r))
		return vfu_bad(srv, EINVAL);
	memcpy(&r, p, sizeof(r));
	if (r.argsz < sizeof(r) || r.index >= vfu_num_regions(srv))
		return vfu_bad(srv, EINVAL);
	r.argsz = sizeof(r);
	r.size = srv->cfg.region_size[r.index];
	r.flags = r.size ? (VFU_REGION_FLAG_READ | VFU_REGION_FLAG_WRITE) : 0;
	r.cap_offset = 0;
	r.offset = 0;
	memcpy(srv->tx + sizeof(struct vfu_hdr), &r, sizeof(r));
	*rlen = sizeof(r);
	return 0;
}

static int vfu_cmd_irq_info(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_irq_info q;

	if (plen != sizeof(q))
		return vfu_bad(srv, EINVAL);
	memcpy(&q, p, sizeof(q));
	if (q.argsz < sizeof(q) || q.index >= VFU_PCI_NUM_IRQS)
		return vfu_bad(srv, EINVAL);
	q.argsz = sizeof(q);
	if (q.index == VFU_PCI_MSIX_IRQ_INDEX) {
		q.flags = VFU_IRQ_INFO_EVENTFD | VFU_IRQ_INFO_MASKABLE;
		q.count = srv->cfg.num_irqs;
	} else {
		q.flags = 0;
		q.count = 0;
	}
	memcpy(srv->tx + sizeof(struct vfu_hdr), &q, sizeof(q));
	*rlen = sizeof(q);
	return 0;
}

static int vfu_cmd_set_irqs(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_irq_set s;
	uint32_t data, action;
	const uint8_t *bools;

	*rlen = 0;
	if (plen < sizeof(s))
		return vfu_bad(srv, EINVAL);
	memcpy(&s, p, sizeof(s));
	data = s.flags & VFU_IRQ_SET_DATA_MASK;
	action = s.flags & VFU_IRQ_SET_ACTION_MASK_ALL;
	/* Exactly one data type and one action. */
	if ((s.flags & ~(VFU_IRQ_SET_DATA_MASK | VFU_IRQ_SET_ACTION_MASK_ALL)) ||
	    !data || (data & (data - 1)) || !action || (action & (action - 1)) ||
	    s.argsz != plen)
		return vfu_bad(srv, EINVAL);
	if (s.index >= VFU_PCI_NUM_IRQS)
		return vfu_bad(srv, EINVAL);
	/* count 0 with DATA_NONE disables every vector of the index. */
	if (s.count == 0) {
		if (data != VFU_IRQ_SET_DATA_NONE || action != VFU_IRQ_SET_ACTION_TRIGGER ||
		    plen != sizeof(s) || srv->rx_nfds)
			return vfu_bad(srv, EINVAL);
		if (s.index == VFU_PCI_MSIX_IRQ_INDEX)
			vfu_irq_clear(srv);
		return 0;
	}
	if (s.index != VFU_PCI_MSIX_IRQ_INDEX || s.start >= srv->cfg.num_irqs ||
	    s.count > srv->cfg.num_irqs - s.start)
		return vfu_bad(srv, EINVAL);
	if (data == VFU_IRQ_SET_DATA_EVENTFD) {
		if (action != VFU_IRQ_SET_ACTION_TRIGGER)
			return vfu_bad(srv, ENOTSUP);
		if (plen != sizeof(s) || (srv->rx_nfds && srv->rx_nfds != s.count))
			return vfu_bad(srv, EINVAL);
		for (uint32_t i = 0; i < s.count; i++) {
			unsigned v = s.start + i;

			if (srv->irq_fd[v] >= 0)
				close(srv->irq_fd[v]);
			srv->irq_fd[v] = -1;
			if (srv->rx_nfds) {
				srv->irq_fd[v] = srv->rx_fds[i];
				srv->rx_fds[i] = -1; /* now owned by the table */
			}
		}
		return 0;
	}
	if (srv->rx_nfds)
		return vfu_bad(srv, EINVAL);
	if (data == VFU_IRQ_SET_DATA_BOOL) {
		if (plen != sizeof(s) + s.count)
			return vfu_bad(srv, EINVAL);
		bools = p + sizeof(s);
	} else {
		if (plen != sizeof(s))
			return vfu_bad(srv, EINVAL);
		bools = NULL;
	}
	for (uint32_t i = 0; i < s.count; i++) {
		unsigned v = s.start + i;

		if (bools && !bools[i])
			continue;
		if (action == VFU_IRQ_SET_ACTION_MASK) {
			srv->irq_masked[v] = 1;
		} else if (action == VFU_IRQ_SET_ACTION_UNMASK) {
			srv->irq_masked[v] = 0;
			if (srv->irq_pending[v]) {
				srv->irq_pending[v] = 0;
				vfu_irq_signal(srv, v);
			}
		} else {
			vfu_irq_signal(srv, v);
		}
	}
	return 0;
}

static int vfu_region_check(struct rnic_vfu *srv, const struct vfu_region_access *a)
{
	if (a->region >= vfu_num_regions(srv) || a->count == 0 || a->count > VFU_MAX_DATA_XFER)
		return EINVAL;
	if (a->offset >= srv->cfg.region_size[a->region] ||
	    a->count > srv->cfg.region_size[a->region] - a->offset)
		return EINVAL;
	return 0;
}

static int vfu_cmd_region_read(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_region_access a;
	uint8_t *out = srv->tx + sizeof(struct vfu_hdr);
	int err;

	if (plen != sizeof(a))
		return vfu_bad(srv, EINVAL);
	memcpy(&a, p, sizeof(a));
	if (vfu_region_check(srv, &a))
		return vfu_bad(srv, EINVAL);
	err = srv->ops->region_read(srv->ctx, a.region, a.offset, out + sizeof(a), a.count);
	if (err == RNIC_VFU_DEFER)
		srv->pend_acc = a;
	if (err)
		return err;
	memcpy(out, &a, sizeof(a));
	*rlen = sizeof(a) + a.count;
	return 0;
}

static int vfu_cmd_region_write(struct rnic_vfu *srv, const uint8_t *p, size_t plen, size_t *rlen)
{
	struct vfu_region_access a;
	int err;

	if (plen < sizeof(a))
		return vfu_bad(srv, EINVAL);
	memcpy(&a, p, sizeof(a));
	if (plen != sizeof(a) + a.count || vfu_region_check(srv, &a))
		return vfu_bad(srv, EINVAL);
	err = srv->ops->region_write(srv->ctx, a.region, a.offset, p + sizeof(a), a.count);
	if (err == RNIC_VFU_DEFER)
		srv->pend_acc = a;
	if (err)
		return err;
	memcpy(srv->tx + sizeof(struct vfu_hdr), &a, sizeof(a));
	*rlen = sizeof(a);
	return 0;
}

/* Handle the complete message in srv->rx. Returns nonzero to drop the client. */
static int vfu_dispatch(struct rnic_vfu *srv)
{
	struct vfu_hdr h;
	const uint8_t *p = srv->rx + sizeof(h);
	size_t plen, rlen = 0;
	int err;

	memcpy(&h, srv->rx, sizeof(h));
	plen = h.size - sizeof(h);
	if ((h.flags & VFU_FLAG_TYPE_MASK) != VFU_FLAG_TYPE_COMMAND) {
		/* This server sends no commands, so it expects no replies. */
		srv->st.bad_msgs++;
		return 0;
	}
	srv->st.msgs++;
	srv->cur_posted = (h.flags & VFU_FLAG_NO_REPLY) != 0;
	if (srv->rx_fd_overflow) {
		err = vfu_bad(srv, EINVAL);
	} else if (!srv->negotiated && h.command != VFU_CMD_VERSION) {
		err = vfu_bad(srv, EINVAL);
	} else {
		switch (h.command) {
		case VFU_CMD_VERSION:
			err = vfu_cmd_version(srv, p, plen, &rlen);
			break;
		case VFU_CMD_DMA_MAP:
			err = vfu_cmd_dma_map(srv, p, plen, &rlen);
			break;
		case VFU_CMD_DMA_UNMAP:
			err = vfu_cmd_dma_unmap(srv, p, plen, &rlen);
			break;
		case VFU_CMD_DEVICE_GET_INFO:
			err = vfu_cmd_device_info(srv, p, plen, &rlen);
			break;
		case VFU_CMD_DEVICE_GET_REGION_INFO:
			err = vfu_cmd_region_info(srv, p, plen, &rlen);
			break;
		case VFU_CMD_DEVICE_GET_IRQ_INFO:
			err = vfu_cmd_irq_info(srv, p, plen, &rlen);
			break;
		case VFU_CMD_DEVICE_SET_IRQS:
			err = vfu_cmd_set_irqs(srv, p, plen, &rlen);
			break;
		case VFU_CMD_REGION_READ:
			err = vfu_cmd_region_read(srv, p, plen, &rlen);
			break;
		case VFU_CMD_REGION_WRITE:
			err = vfu_cmd_region_write(srv, p, plen, &rlen);
			break;
		case VFU_CMD_DEVICE_RESET:
			if (plen) {
				err = vfu_bad(srv, EINVAL);
				break;
			}
			if (srv->ops->reset)
				srv->ops->reset(srv->ctx);
			err = 0;
			break;
		default:
			/* Unknown, or not handled by this server (region io fds,
			 * server-to-client DMA commands, migration). */
			err = vfu_bad(srv, ENOSYS);
			break;
		}
	}
	srv->cur_posted = 0;
	if (h.flags & VFU_FLAG_NO_REPLY)
		return 0;
	if (err == RNIC_VFU_DEFER) {
		srv->pending = 1;
		srv->pend_hdr = h;
		return 0;
	}
	return vfu_reply(srv, &h, err, rlen) != 0;
}

int rnic_vfu_complete(struct rnic_vfu *srv, int err, const void *data, size_t len)
{
	uint8_t *out = srv->tx + sizeof(struct vfu_hdr);
	const struct vfu_region_access *a = &srv->pend_acc;
	size_t rlen = sizeof(*a);

	if (!srv->pending || srv->conn_fd < 0)
		return EINVAL;
	srv->pending = 0;
	memcpy(out, a, sizeof(*a));
	if (!err && srv->pend_hdr.command == VFU_CMD_REGION_READ) {
		if (len != a->count)
			err = EIO;
		else
			memcpy(out + sizeof(*a), data, len);
		rlen += a->count;
	}
	if (vfu_reply(srv, &srv->pend_hdr, err, rlen) != 0) {
		rnic_vfu_disconnect(srv);
		return EPIPE;
	}
	return 0;
}

int rnic_vfu_pending(const struct rnic_vfu *srv)
{
	return srv->pending;
}

int rnic_vfu_posted(const struct rnic_vfu *srv)
{
	return srv->cur_posted;
}

/* Receive into srv->rx. Returns 1 when a message is complete, 0 when no
 * more bytes are available, -1 when the client is gone or must be dropped. */
static int vfu_recv(struct rnic_vfu *srv)
{
	for (;;) {
		size_t want;
		union {
			char buf[CMSG_SPACE(sizeof(int) * VFU_MAX_MSG_FDS)];
			struct cmsghdr align;
		} cbuf;
		struct iovec iov;
		struct msghdr mh = { 0 };
		struct cmsghdr *c;
		ssize_t n;

		if (srv->rx_len < sizeof(struct vfu_hdr)) {
			want = sizeof(struct vfu_hdr) - srv->rx_len;
		} else {
			struct vfu_hdr h;

			memcpy(&h, srv->rx, sizeof(h));
			if (h.size < sizeof(h) || h.size > VFU_MAX_MSG_SIZE) {
				/* The stream cannot be resynchronised. */
				srv->st.bad_msgs++;
				if (!(h.flags & VFU_FLAG_NO_REPLY))
					vfu_reply(srv, &h, EINVAL, 0);
				return -1;
			}
			if (srv->rx_len == h.size)
				return 1;
			want = h.size - srv->rx_len;
		}
		iov.iov_base = srv->rx + srv->rx_len;
		iov.iov_len = want;
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_control = cbuf.buf;
		mh.msg_controllen = sizeof(cbuf.buf);
		n = recvmsg(srv->conn_fd, &mh, MSG_CMSG_CLOEXEC | MSG_DONTWAIT);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN)
				return 0;
			return -1;
		}
		if (n == 0)
			return -1;
		for (c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
			size_t nfd;
			int fds[VFU_MAX_MSG_FDS];

			if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
				continue;
			nfd = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			memcpy(fds, CMSG_DATA(c), nfd * sizeof(int));
			for (size_t i = 0; i < nfd; i++) {
				if (srv->rx_nfds < VFU_MAX_MSG_FDS) {
					srv->rx_fds[srv->rx_nfds++] = fds[i];
				} else {
					close(fds[i]);
					srv->rx_fd_overflow = 1;
				}
			}
		}
		if (mh.msg_flags & MSG_CTRUNC)
			srv->rx_fd_overflow = 1;
		srv->rx_len += (size_t)n;
	}
}

static void vfu_accept(struct rnic_vfu *srv)
{
	for (;;) {
		struct ucred cred;
		socklen_t cl = sizeof(cred);
		struct epoll_event ev = { .events = EPOLLIN };
		int fd = accept4(srv->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);

		if (fd < 0)
			return;
		if (srv->conn_fd >= 0 ||
		    getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &cl) != 0) {
			srv->st.rejected++;
			close(fd);
			continue;
		}
		ev.data.fd = fd;
		if (epoll_ctl(srv->epoll_fd, EPOLL_CTL_ADD, fd, &ev) != 0) {
			srv->st.rejected++;
			close(fd);
			continue;
		}
		srv->conn_fd = fd;
		srv->client_pid = cred.pid;
		srv->negotiated = 0;
		vfu_rx_reset(srv);
		srv->st.connects++;
		if (srv->ops->connect)
			srv->ops->connect(srv->ctx, cred.pid);
	}
}

int rnic_vfu_process(struct rnic_vfu *srv)
{
	if (srv->conn_fd < 0)
		vfu_accept(srv);
	for (int budget = VFU_PROCESS_BUDGET; srv->conn_fd >= 0 && budget > 0; budget--) {
		int r;

		if (srv->pending) {
			/* The client waits for the deferred reply; only notice
			 * that it went away. */
			char c;
			ssize_t n = recv(srv->conn_fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);

			if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
				rnic_vfu_disconnect(srv);
			break;
		}
		r = vfu_recv(srv);

		if (r == 0)
			break;
		if (r < 0 || vfu_dispatch(srv)) {
			rnic_vfu_disconnect(srv);
			break;
		}
		vfu_rx_reset(srv);
	}
	/* Turn away anyone who connected while a client is served. */
	if (srv->conn_fd >= 0)
		vfu_accept(srv);
	return 0;
}

int rnic_vfu_run_once(struct rnic_vfu *srv, int timeout_ms)
{
	struct pollfd pfd = { .fd = srv->epoll_fd, .events = POLLIN };

	if (poll(&pfd, 1, timeout_ms) < 0 && errno != EINTR)
		return errno;
	return rnic_vfu_process(srv);
}

/* ---- public accessors ------------------------------------------------------ */

int rnic_vfu_fd(const struct rnic_vfu *srv)
{
	return srv->epoll_fd;
}

int rnic_vfu_connected(const struct rnic_vfu *srv)
{
	return srv->conn_fd >= 0 && srv->negotiated;
}

int rnic_vfu_attached(const struct rnic_vfu *srv)
{
	return srv->conn_fd >= 0;
}

pid_t rnic_vfu_client_pid(const struct rnic_vfu *srv)
{
	return srv->conn_fd >= 0 ? srv->client_pid : 0;
}

void rnic_vfu_get_stats(const struct rnic_vfu *srv, struct rnic_vfu_stats *st)
{
	*st = srv->st;
}

static int vfu_dma_prepare(struct rnic_vfu *srv, uint64_t iova, size_t len, uint32_t need,
			   const struct vfu_win **w)
{
	if (srv->conn_fd < 0)
		return ENOTCONN;
	if (iova + len < iova) {
		srv->st.dma_faults++;
		return EFAULT;
	}
	*w = vfu_win_lookup(srv, iova, iova + len, need);
	if (!*w) {
		srv->st.dma_faults++;
		return EFAULT;
	}
	return 0;
}

int rnic_vfu_dma_read(struct rnic_vfu *srv, uint64_t iova, void *buf, size_t len)
{
	const struct vfu_win *w;
	int err;

	if (len == 0)
		return 0;
	err = vfu_dma_prepare(srv, iova, len, VFU_DMA_FLAG_READ, &w);
	if (err)
		return err;
	if (w->host) {
		memcpy(buf, w->host + (iova - w->start), len);
	} else {
		struct iovec l = { .iov_base = buf, .iov_len = len };
		struct iovec r = { .iov_base = (void *)(uintptr_t)iova, .iov_len = len };

		if (process_vm_readv(srv->client_pid, &l, 1, &r, 1, 0) != (ssize_t)len) {
			srv->st.dma_faults++;
			return EFAULT;
		}
	}
	srv->st.dma_reads++;
	return 0;
}

int rnic_vfu_dma_write(struct rnic_vfu *srv, uint64_t iova, const void *buf, size_t len)
{
	const struct vfu_win *w;
	int err;

	if (len == 0)
		return 0;
	err = vfu_dma_prepare(srv, iova, len, VFU_DMA_FLAG_WRITE, &w);
	if (err)
		return err;
	if (w->host) {
		memcpy(w->host + (iova - w->start), buf, len);
	} else {
		struct iovec l = { .iov_base = (void *)(uintptr_t)buf, .iov_len = len };
		struct iovec r = { .iov_base = (void *)(uintptr_t)iova, .iov_len = len };

		if (process_vm_writev(srv->client_pid, &l, 1, &r, 1, 0) != (ssize_t)len) {
			srv->st.dma_faults++;
			return EFAULT;
		}
	}
	srv->st.dma_writes++;
	return 0;
}

int rnic_vfu_irq_trigger(struct rnic_vfu *srv, unsigned vector)
{
	if (vector >= srv->cfg.num_irqs)
		return EINVAL;
	return vfu_irq_signal(srv, vector);
}

/* ---- lifetime -------------------------------------------------------------- */

int rnic_vfu_create(const char *path, const struct rnic_vfu_config *cfg,
		    const struct rnic_vfu_ops *ops, void *ctx, struct rnic_vfu **out)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct epoll_event ev = { .events = EPOLLIN };
	struct rnic_vfu *srv;
	struct stat stt;
	int err;

	if (!path || !cfg || !ops || !ops->region_read || !ops->region_write || !out ||
	    cfg->num_irqs > VFU_MAX_VECTORS)
		return EINVAL;
	if (strlen(path) >= sizeof(sa.sun_path))
		return ENAMETOOLONG;
	srv = calloc(1, sizeof(*srv));
	if (!srv)
		return ENOMEM;
	srv->listen_fd = srv->epoll_fd = srv->conn_fd = -1;
	for (unsigned v = 0; v < VFU_MAX_VECTORS; v++)
		srv->irq_fd[v] = -1;
	srv->cfg = *cfg;
	srv->ops = ops;
	srv->ctx = ctx;
	strcpy(srv->path, path);
	strcpy(sa.sun_path, path);
	srv->rx = malloc(VFU_MAX_MSG_SIZE);
	srv->tx = malloc(VFU_MAX_MSG_SIZE + VFU_MAX_VERSION_JSON);
	srv->win = calloc(VFU_MAX_DMA_MAPS, sizeof(*srv->win));
	srv->maxend = calloc(VFU_MAX_DMA_MAPS, sizeof(*srv->maxend));
	if (!srv->rx || !srv->tx || !srv->win || !srv->maxend) {
		err = ENOMEM;
		goto fail;
	}
	/* Replace a stale socket left by an earlier run, nothing else. */
	if (lstat(path, &stt) == 0) {
		if (!S_ISSOCK(stt.st_mode)) {
			err = EEXIST;
			goto fail;
		}
		unlink(path);
	}
	srv->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (srv->listen_fd < 0 || bind(srv->listen_fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		err = errno;
		goto fail;
	}
	if (listen(srv->listen_fd, 4) != 0) {
		err = errno;
		unlink(path);
		goto fail;
	}
	srv->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	ev.data.fd = srv->listen_fd;
	if (srv->epoll_fd < 0 ||
	    epoll_ctl(srv->epoll_fd, EPOLL_CTL_ADD, srv->listen_fd, &ev) != 0) {
		err = errno;
		unlink(path);
		goto fail;
	}
	*out = srv;
	return 0;
fail:
	if (srv->listen_fd >= 0)
		close(srv->listen_fd);
	if (srv->epoll_fd >= 0)
		close(srv->epoll_fd);
	free(srv->rx);
	free(srv->tx);
	free(srv->win);
	free(srv->maxend);
	free(srv);
	return err;
}

void rnic_vfu_destroy(struct rnic_vfu *srv)
{
	if (!srv)
		return;
	rnic_vfu_disconnect(srv);
	close(srv->listen_fd);
	close(srv->epoll_fd);
	unlink(srv->path);
	free(srv->rx);
	free(srv->tx);
	free(srv->win);
	free(srv->maxend);
	free(srv);
}
