/*
 * Event channels and events: rdma_create_event_channel,
 * rdma_get_cm_event, rdma_ack_cm_event, rdma_migrate_id, rdma_event_str
 * (rdma_get_cm_event(3), rdma_migrate_id(3)).
 *
 * Events come from two places. The library queues some itself
 * (ADDR_RESOLVED, ROUTE_RESOLVED: address and route resolution need no
 * firmware). The firmware queues the others per user context; it raises
 * the device's CM notification vector (CM_NOTIFY), routed to an eventfd,
 * and the library takes them with CM_GET_EVENT and CM_ACK_EVENT ("drains"
 * the device), turning each into rdma_cm events on the channel of the ID
 * it is for. Several channels may share a device: whichever drains routes
 * every event to its own channel, and a channel's eventfd wakes its reader.
 *
 * A blocking rdma_get_cm_event drains and otherwise sleeps in epoll_wait on
 * the channel's fd; on a simulated NIC in lockstep a sleeping thread lets
 * simulated time pass (docs/simulator.md, "Lockstep" rule 3).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "rnic_cm.h"

/* Events one drain takes at most before it leaves the rest for the next
 * (the firmware holds CM_EVENT_DEPTH; more may arrive meanwhile). */
#define RNIC_CM_DRAIN_MAX (4u * RNIC_CM_EVENT_DEPTH)

struct rnic_cm_chan *rnic_cm_chan_new(void)
{
	struct epoll_event ev = { .events = EPOLLIN };
	struct rnic_cm_chan *c = calloc(1, sizeof(*c));
	int err;

	if (!c) {
		errno = ENOMEM;
		return NULL;
	}
	c->efd = -1;
	c->devref = calloc((size_t)rnic_cm.ndev + 1, sizeof(*c->devref));
	c->ch.fd = epoll_create1(EPOLL_CLOEXEC);
	if (!c->devref || c->ch.fd < 0)
		goto fail;
	c->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (c->efd < 0 || epoll_ctl(c->ch.fd, EPOLL_CTL_ADD, c->efd, &ev) != 0)
		goto fail;
	return c;
fail:
	err = c->devref ? errno : ENOMEM;
	rnic_cm_chan_free(c);
	errno = err;
	return NULL;
}

void rnic_cm_chan_free(struct rnic_cm_chan *c)
{
	struct rnic_cm_evt *e, *n;

	if (!c)
		return;
	for (e = c->head; e; e = n) {
		n = e->next;
		free(e);
	}
	if (c->efd >= 0)
		close(c->efd);
	if (c->ch.fd >= 0)
		close(c->ch.fd);
	free(c->devref);
	free(c);
}

void rnic_cm_chan_dev_get(struct rnic_cm_chan *c, struct rnic_cm_dev *d)
{
	struct epoll_event ev = { .events = EPOLLIN };

	if (c->devref[d->index]++ == 0)
		(void)epoll_ctl(c->ch.fd, EPOLL_CTL_ADD, d->efd, &ev);
}

void rnic_cm_chan_dev_put(struct rnic_cm_chan *c, struct rnic_cm_dev *d)
{
	if (c->devref[d->index] && --c->devref[d->index] == 0)
		(void)epoll_ctl(c->ch.fd, EPOLL_CTL_DEL, d->efd, NULL);
}

struct rnic_cm_evt *rnic_cm_evt_new(struct rnic_cm_id *id, enum rdma_cm_event_type type,
				    int status)
{
	struct rnic_cm_evt *e = calloc(1, sizeof(*e));

	if (!e)
		return NULL;
	e->ev.id = &id->id;
	e->ev.event = type;
	e->ev.status = status;
	return e;
}

/* The channel's eventfd is readable exactly while its queue holds events
 * (written on empty -> not empty, read on the way back). */
void rnic_cm_evt_queue(struct rnic_cm_chan *c, struct rnic_cm_evt *e)
{
	e->next = NULL;
	if (c->tail) {
		c->tail->next = e;
	} else {
		uint64_t one = 1;

		c->head = e;
		(void)!write(c->efd, &one, sizeof(one));
	}
	c->tail = e;
	if (e->ev.event == RDMA_CM_EVENT_DISCONNECTED)
		rnic_cm_priv(e->ev.id)->disc_pending = 1;
}

static struct rnic_cm_evt *rnic_cm_evt_pop(struct rnic_cm_chan *c)
{
	struct rnic_cm_evt *e = c->head;

	if (!e)
		return NULL;
	c->head = e->next;
	if (!c->head) {
		uint64_t cnt;

		c->tail = NULL;
		(void)!read(c->efd, &cnt, sizeof(cnt));
	}
	return e;
}

/* The ID an event counts against until acknowledged: a connection request
 * counts on its listener (the new ID may be destroyed before the event is
 * acknowledged), every other event on its ID. */
static struct rnic_cm_id *rnic_cm_evt_owner(const struct rdma_cm_event *ev)
{
	if (ev->event == RDMA_CM_EVENT_CONNECT_REQUEST && ev->listen_id)
		return rnic_cm_priv(ev->listen_id);
	return rnic_cm_priv(ev->id);
}

struct rnic_cm_evt *rnic_cm_evt_purge(struct rnic_cm_id *p)
{
	struct rnic_cm_evt **pp = &p->chan->head, *orphans = NULL, *e;

	while ((e = *pp)) {
		int mine = e->ev.id == &p->id;
		int request = e->ev.event == RDMA_CM_EVENT_CONNECT_REQUEST && e->ev.listen_id == &p->id;

		if (!mine && !request) {
			pp = &e->next;
			continue;
		}
		*pp = e->next;
		if (request) {
			e->next = orphans;
			orphans = e;
		} else {
			free(e);
		}
	}
	/* tail and eventfd follow the queue */
	p->chan->tail = NULL;
	for (e = p->chan->head; e; e = e->next)
		p->chan->tail = e;
	if (!p->chan->head) {
		uint64_t cnt;

		(void)!read(p->chan->efd, &cnt, sizeof(cnt));
	}
	return orphans;
}

/* Private data byte i of a CM_GET_EVENT answer's chunk (cmd_cm_event_out,
 * words CM_PDATA_DW..: byte 4k+j in bits 8j+7:8j of word k). */
static void rnic_cm_pdata_unpack(const uint32_t *out, uint8_t *dst, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		dst[i] = (uint8_t)(out[RNIC_CM_PDATA_DW + i / 4u] >> (8u * (i % 4u)));
}

void rnic_cm_dev_drain(struct rnic_cm_dev *d)
{
	uint32_t in[RNIC_CMD_IN_WORDS], out[RNIC_CMD_OUT_WORDS], more[RNIC_CMD_OUT_WORDS];
	uint8_t pdata[RNIC_CM_MAX_PDATA];
	uint64_t cnt;
	unsigned n;

	if (!d->verbs)
		return;
	pthread_mutex_lock(&d->drain_lock);
	/* first take the notification, so an event queued after the last
	 * CM_GET_EVENT below raises it again */
	(void)!read(d->efd, &cnt, sizeof(cnt));
	for (n = 0; n < RNIC_CM_DRAIN_MAX; n++) {
		uint32_t len, got;

		memset(in, 0, sizeof(in));
		if (rnic_cm_cmd(d, RNIC_CMD_OP_CM_GET_EVENT, 0, in, out) != 0)
			break;
		if (rnic_cmd_cm_event_out_get_event(out) == RNIC_CM_EVENT_NONE)
			break;
		len = rnic_cmd_cm_event_out_get_pdata_len(out);
		if (len > RNIC_CM_MAX_PDATA)
			len = RNIC_CM_MAX_PDATA;
		got = len < RNIC_CM_PDATA_CHUNK ? len : RNIC_CM_PDATA_CHUNK;
		rnic_cm_pdata_unpack(out, pdata, got);
		while (got < len) {
			uint32_t k = len - got < RNIC_CM_PDATA_CHUNK ? len - got : RNIC_CM_PDATA_CHUNK;

			memset(in, 0, sizeof(in));
			rnic_cmd_cm_in_set_pdata_off(in, got);
			if (rnic_cm_cmd(d, RNIC_CMD_OP_CM_GET_EVENT, 0, in, more) != 0)
				break;
			rnic_cm_pdata_unpack(more, pdata + got, k);
			got += k;
		}
		memset(pdata + got, 0, sizeof(pdata) - got);
		memset(in, 0, sizeof(in));
		if (rnic_cm_cmd(d, RNIC_CMD_OP_CM_ACK_EVENT, 0, in, NULL) != 0)
			break;
		pthread_mutex_lock(&rnic_cm.lock);
		rnic_cm_fw_event(d, out, pdata);
		pthread_mutex_unlock(&rnic_cm.lock);
	}
	if (n == RNIC_CM_DRAIN_MAX) {
		uint64_t one = 1; /* more may wait: the next reader drains again */

		(void)!write(d->efd, &one, sizeof(one));
	}
	pthread_mutex_unlock(&d->drain_lock);
}

/* Drains the devices the channel's IDs are on. */
static void rnic_cm_chan_drain(struct rnic_cm_chan *c)
{
	for (int i = 0; i < rnic_cm.ndev; i++) {
		unsigned refs;

		pthread_mutex_lock(&rnic_cm.lock);
		refs = c->devref[i];
		pthread_mutex_unlock(&rnic_cm.lock);
		if (refs)
			rnic_cm_dev_drain(&rnic_cm.devs[i]);
	}
}

RNIC_CM_EXPORT struct rdma_event_channel *rdma_create_event_channel(void)
{
	struct rnic_cm_chan *c;

	rnic_cm_init();
	c = rnic_cm_chan_new();
	return c ? &c->ch : NULL;
}

/* rdma_destroy_event_channel(3): the application has destroyed every ID
 * of the channel; events still queued go with it. */
RNIC_CM_EXPORT void rdma_destroy_event_channel(struct rdma_event_channel *channel)
{
	if (channel)
		rnic_cm_chan_free((struct rnic_cm_chan *)channel);
}

RNIC_CM_EXPORT int rdma_get_cm_event(struct rdma_event_channel *channel,
				     struct rdma_cm_event **event)
{
	struct rnic_cm_chan *c = (struct rnic_cm_chan *)channel;

	if (!channel || !event) {
		errno = EINVAL;
		return -1;
	}
	for (int drained = 0;; drained = !drained) {
		struct rnic_cm_evt *e;
		struct epoll_event ev;
		int fl;

		pthread_mutex_lock(&rnic_cm.lock);
		e = rnic_cm_evt_pop(c);
		if (e) {
			struct rnic_cm_id *owner = rnic_cm_evt_owner(&e->ev);

			owner->events_out++;
			if (e->ev.event == RDMA_CM_EVENT_DISCONNECTED)
				rnic_cm_priv(e->ev.id)->disc_pending = 0;
			pthread_mutex_unlock(&rnic_cm.lock);
			*event = &e->ev;
			return 0;
		}
		pthread_mutex_unlock(&rnic_cm.lock);
		if (!drained) {
			rnic_cm_chan_drain(c);
			continue;
		}
		fl = fcntl(channel->fd, F_GETFL);
		if (fl >= 0 && (fl & O_NONBLOCK)) {
			errno = EAGAIN;
			return -1;
		}
		if (epoll_wait(channel->fd, &ev, 1, -1) < 0 && errno != EINTR)
			return -1;
	}
}

RNIC_CM_EXPORT int rdma_ack_cm_event(struct rdma_cm_event *event)
{
	struct rnic_cm_evt *e = (struct rnic_cm_evt *)event;
	struct rnic_cm_id *owner;

	if (!event) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&rnic_cm.lock);
	owner = rnic_cm_evt_owner(event);
	if (owner->events_out)
		owner->events_out--;
	pthread_cond_broadcast(&owner->cond);
	pthread_mutex_unlock(&rnic_cm.lock);
	free(e);
	return 0;
}

/* errno of a synchronous operation's event, as rdma-core reports it: a
 * rejection is ECONNREFUSED, a negative status the errno it carries,
 * another status itself. */
static int rnic_cm_event_errno(const struct rdma_cm_event *ev)
{
	if (ev->event == RDMA_CM_EVENT_REJECTED)
		return ECONNREFUSED;
	if (ev->status < 0)
		return -ev->status;
	if (ev->status > 0)
		return ev->status;
	switch (ev->event) {
	case RDMA_CM_EVENT_ADDR_ERROR:
	case RDMA_CM_EVENT_ROUTE_ERROR:
		return EHOSTUNREACH;
	case RDMA_CM_EVENT_CONNECT_ERROR:
	case RDMA_CM_EVENT_UNREACHABLE:
		return ECONNREFUSED;
	case RDMA_CM_EVENT_DEVICE_REMOVAL:
		return ENODEV;
	default:
		return 0;
	}
}

int rnic_cm_complete(struct rnic_cm_id *p)
{
	struct rdma_cm_event *ev;
	int err;

	if (p->id.event) {
		rdma_ack_cm_event(p->id.event);
		p->id.event = NULL;
	}
	if (rdma_get_cm_event(&p->chan->ch, &ev))
		return -1;
	p->id.event = ev;
	err = rnic_cm_event_errno(ev);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

RNIC_CM_EXPORT int rdma_migrate_id(struct rdma_cm_id *id, struct rdma_event_channel *channel)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	struct rnic_cm_chan *to, *from, *own = NULL;
	struct rnic_cm_evt **pp, *e;

	if (!id) {
		errno = EINVAL;
		return -1;
	}
	if (!channel) {
		own = rnic_cm_chan_new();
		if (!own)
			return -1;
	}
	to = own ? own : (struct rnic_cm_chan *)channel;
	if (p->sync && p->id.event) {
		rdma_ack_cm_event(p->id.event);
		p->id.event = NULL;
	}
	pthread_mutex_lock(&rnic_cm.lock);
	/* rdma_migrate_id(3): blocks while the ID's events are unacknowledged */
	while (p->events_out)
		pthread_cond_wait(&p->cond, &rnic_cm.lock);
	from = p->chan;
	if (from == to) {
		pthread_mutex_unlock(&rnic_cm.lock);
		return 0;
	}
	/* queued events of the ID (and requests to a listener) move along */
	pp = &from->head;
	while ((e = *pp)) {
		if (e->ev.id == id ||
		    (e->ev.event == RDMA_CM_EVENT_CONNECT_REQUEST && e->ev.listen_id == id)) {
			*pp = e->next;
			rnic_cm_evt_queue(to, e);
		} else {
			pp = &e->next;
		}
	}
	from->tail = NULL;
	for (e = from->head; e; e = e->next)
		from->tail = e;
	if (!from->head) {
		uint64_t cnt;

		(void)!read(from->efd, &cnt, sizeof(cnt));
	}
	if (p->dev) {
		rnic_cm_chan_dev_put(from, p->dev);
		rnic_cm_chan_dev_get(to, p->dev);
	}
	p->chan = to;
	p->id.channel = &to->ch;
	if (p->sync)
		rnic_cm_chan_free(from); /* its own channel: nobody else uses it */
	p->sync = own != NULL;
	pthread_mutex_unlock(&rnic_cm.lock);
	return 0;
}

RNIC_CM_EXPORT const char *rdma_event_str(enum rdma_cm_event_type event)
{
	static const char *const str[] = {
		[RDMA_CM_EVENT_ADDR_RESOLVED] = "RDMA_CM_EVENT_ADDR_RESOLVED",
		[RDMA_CM_EVENT_ADDR_ERROR] = "RDMA_CM_EVENT_ADDR_ERROR",
		[RDMA_CM_EVENT_ROUTE_RESOLVED] = "RDMA_CM_EVENT_ROUTE_RESOLVED",
		[RDMA_CM_EVENT_ROUTE_ERROR] = "RDMA_CM_EVENT_ROUTE_ERROR",
		[RDMA_CM_EVENT_CONNECT_REQUEST] = "RDMA_CM_EVENT_CONNECT_REQUEST",
		[RDMA_CM_EVENT_CONNECT_RESPONSE] = "RDMA_CM_EVENT_CONNECT_RESPONSE",
		[RDMA_CM_EVENT_CONNECT_ERROR] = "RDMA_CM_EVENT_CONNECT_ERROR",
		[RDMA_CM_EVENT_UNREACHABLE] = "RDMA_CM_EVENT_UNREACHABLE",
		[RDMA_CM_EVENT_REJECTED] = "RDMA_CM_EVENT_REJECTED",
		[RDMA_CM_EVENT_ESTABLISHED] = "RDMA_CM_EVENT_ESTABLISHED",
		[RDMA_CM_EVENT_DISCONNECTED] = "RDMA_CM_EVENT_DISCONNECTED",
		[RDMA_CM_EVENT_DEVICE_REMOVAL] = "RDMA_CM_EVENT_DEVICE_REMOVAL",
		[RDMA_CM_EVENT_MULTICAST_JOIN] = "RDMA_CM_EVENT_MULTICAST_JOIN",
		[RDMA_CM_EVENT_MULTICAST_ERROR] = "RDMA_CM_EVENT_MULTICAST_ERROR",
		[RDMA_CM_EVENT_ADDR_CHANGE] = "RDMA_CM_EVENT_ADDR_CHANGE",
		[RDMA_CM_EVENT_TIMEWAIT_EXIT] = "RDMA_CM_EVENT_TIMEWAIT_EXIT",
	};

	if ((unsigned)event >= sizeof(str) / sizeof(str[0]))
		return "UNKNOWN EVENT";
	return str[event];
}
