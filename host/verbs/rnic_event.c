/*
 * Completion events: ibv_create_comp_channel, ibv_get_cq_event,
 * ibv_ack_cq_events (ibv_get_cq_event(3), ibv_req_notify_cq(3)).
 *
 * Each CQ created with a channel gets an interrupt vector of its own
 * (vectors 2.. of the device; cqc.vector), routed to an eventfd of the CQ.
 * The channel's fd is an epoll descriptor over those eventfds: it polls
 * readable when some CQ of the channel has an event, and ibv_get_cq_event
 * learns from the epoll entry which CQ that is. The device disarms a CQ when
 * it raises the event (the arm is one-shot, as the page says), and
 * ibv_req_notify_cq re-arms it through the CQ doorbell.
 *
 * On a simulated device in lockstep ibv_get_cq_event does not sleep in the
 * kernel: it waits through the simulator until an interrupt (or quiet), so
 * simulated time passes exactly while the application waits.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "rnic_verbs.h"

/* vectors 0 and 1 are the command and asynchronous vectors */
#define RNIC_FIRST_COMP_VECTOR 2u

int rnic_cq_events_init(struct rnic_context *ctx, struct rnic_cq *cq,
			struct ibv_comp_channel *channel, int comp_vector)
{
	struct epoll_event ev = { .events = EPOLLIN };
	uint32_t nvec = ctx->t->num_irqs < 32 ? ctx->t->num_irqs : 32;
	uint32_t v;
	int err;

	cq->efd = -1;
	cq->channel = NULL;
	cq->events = 0;
	if (!channel) {
		cq->vector = RNIC_FIRST_COMP_VECTOR + (uint32_t)comp_vector;
		return 0;
	}
	if (channel->context != &ctx->vctx.context)
		return EINVAL;
	pthread_mutex_lock(&ctx->cmd_lock);
	for (v = RNIC_FIRST_COMP_VECTOR; v < nvec && (ctx->vec_used & (1u << v)); v++)
		;
	if (v < nvec)
		ctx->vec_used |= 1u << v;
	pthread_mutex_unlock(&ctx->cmd_lock);
	if (v >= nvec)
		return ENOMEM; /* every vector has a CQ with a channel */
	cq->vector = v;
	cq->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (cq->efd < 0) {
		err = errno;
		goto fail;
	}
	err = ctx->t->ops->set_irq_eventfd(ctx->t, v, cq->efd);
	if (err)
		goto fail;
	ev.data.ptr = cq;
	if (epoll_ctl(channel->fd, EPOLL_CTL_ADD, cq->efd, &ev) != 0) {
		err = errno;
		ctx->t->ops->set_irq_eventfd(ctx->t, v, -1);
		goto fail;
	}
	cq->channel = (struct rnic_channel *)channel;
	pthread_mutex_lock(&ctx->cmd_lock);
	channel->refcnt++;
	pthread_mutex_unlock(&ctx->cmd_lock);
	return 0;
fail:
	if (cq->efd >= 0)
		close(cq->efd);
	cq->efd = -1;
	pthread_mutex_lock(&ctx->cmd_lock);
	ctx->vec_used &= ~(1u << v);
	pthread_mutex_unlock(&ctx->cmd_lock);
	return err;
}

void rnic_cq_events_fini(struct rnic_context *ctx, struct rnic_cq *cq)
{
	struct ibv_comp_channel *ch;

	if (cq->efd < 0)
		return;
	ch = &cq->channel->ch;
	epoll_ctl(ch->fd, EPOLL_CTL_DEL, cq->efd, NULL);
	ctx->t->ops->set_irq_eventfd(ctx->t, cq->vector, -1);
	close(cq->efd);
	cq->efd = -1;
	pthread_mutex_lock(&ctx->cmd_lock);
	ctx->vec_used &= ~(1u << cq->vector);
	ch->refcnt--;
	pthread_mutex_unlock(&ctx->cmd_lock);
	cq->channel = NULL;
}

RNIC_EXPORT struct ibv_comp_channel *ibv_create_comp_channel(struct ibv_context *context)
{
	struct rnic_channel *c = calloc(1, sizeof(*c));

	if (!c) {
		errno = ENOMEM;
		return NULL;
	}
	c->ch.fd = epoll_create1(EPOLL_CLOEXEC);
	if (c->ch.fd < 0) {
		int err = errno;

		free(c);
		errno = err;
		return NULL;
	}
	c->ch.context = context;
	c->ch.refcnt = 0;
	return &c->ch;
}

RNIC_EXPORT int ibv_destroy_comp_channel(struct ibv_comp_channel *channel)
{
	struct rnic_context *ctx = rnic_ctx(channel->context);
	int busy;

	/* the count changes under cmd_lock (CQ creation and destruction
	 * hold the context mutex already) */
	pthread_mutex_lock(&ctx->cmd_lock);
	busy = channel->refcnt != 0;
	pthread_mutex_unlock(&ctx->cmd_lock);
	if (busy) {
		errno = EBUSY; /* CQs still use it */
		return EBUSY;
	}
	close(channel->fd);
	free((struct rnic_channel *)channel);
	return 0;
}

RNIC_EXPORT int ibv_get_cq_event(struct ibv_comp_channel *channel, struct ibv_cq **cq,
				 void **cq_context)
{
	struct rnic_context *ctx = rnic_ctx(channel->context);
	int fl = fcntl(channel->fd, F_GETFL);
	int nonblock = fl >= 0 && (fl & O_NONBLOCK);

	for (;;) {
		struct epoll_event ev;
		int n = epoll_wait(channel->fd, &ev, 1, nonblock || ctx->t->lockstep ? 0 : -1);

		if (n == 1) {
			struct rnic_cq *c = ev.data.ptr;
			uint64_t cnt;

			/* one read takes every interrupt the vector raised */
			if (read(c->efd, &cnt, sizeof(cnt)) != (ssize_t)sizeof(cnt))
				continue;
			pthread_mutex_lock(&c->ibcq.mutex);
			c->events++;
			pthread_mutex_unlock(&c->ibcq.mutex);
			*cq = &c->ibcq;
			*cq_context = c->ibcq.cq_context;
			return 0;
		}
		if (n < 0 && errno != EINTR)
			return -1;
		if (n == 0) {
			if (nonblock) {
				errno = EAGAIN;
				return -1;
			}
			rnic_sim_idle_irq(ctx);
		}
	}
}

RNIC_EXPORT void ibv_ack_cq_events(struct ibv_cq *cq, unsigned int nevents)
{
	pthread_mutex_lock(&cq->mutex);
	cq->comp_events_completed += nevents;
	pthread_cond_broadcast(&cq->cond);
	pthread_mutex_unlock(&cq->mutex);
}
