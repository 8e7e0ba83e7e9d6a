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
#include <poll.h>
#include <stddef.h>
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
			/* the arm is one-shot: this event used it */
			pthread_spin_lock(&c->lock);
			c->armed = 0;
			pthread_spin_unlock(&c->lock);
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

/*
 * Asynchronous events: ibv_get_async_event, ibv_ack_async_event
 * (ibv_get_async_event(3)).
 *
 * The firmware writes an aeqe per event into the device's AEQ_SLOTS slots
 * in BAR0 and advances AEQ_PI, which raises interrupt vector 1; the vector
 * goes to an eventfd that is the context's async_fd. ibv_get_async_event
 * takes one slot per call at the context's consumer index (AEQ_CI is
 * written back at once, freeing the slot), names the QP or SRQ from the
 * slot's element number, and skips entries of other user contexts and of
 * objects already destroyed. The eventfd is drained before the slots are
 * read, so an event that arrives meanwhile raises it again; when slots
 * remain after the one taken, it is raised by hand, so async_fd polls
 * readable exactly while events wait.
 */

#define RNIC_ASYNC_VECTOR 1u

int rnic_async_init(struct rnic_context *ctx)
{
	uint32_t pi, en;
	int efd, err;

	ctx->vctx.context.async_fd = -1;
	/* blocking, as an application expects until it sets O_NONBLOCK */
	efd = eventfd(0, EFD_CLOEXEC);
	if (efd < 0)
		return errno;
	err = ctx->t->ops->set_irq_eventfd(ctx->t, RNIC_ASYNC_VECTOR, efd);
	if (!err)
		err = rnic_reg_read(ctx, RNIC_BAR0_AEQ_PI, &pi);
	/* events queued before this context opened are not ours to report */
	if (!err) {
		ctx->aeq_ci = pi % RNIC_AEQ_SLOTS;
		err = rnic_reg_write(ctx, RNIC_BAR0_AEQ_CI, ctx->aeq_ci);
	}
	if (!err)
		err = rnic_reg_read(ctx, RNIC_BAR0_IRQ_ENABLE, &en);
	if (!err)
		err = rnic_reg_write(ctx, RNIC_BAR0_IRQ_ENABLE, en | 2u);
	if (err) {
		ctx->t->ops->set_irq_eventfd(ctx->t, RNIC_ASYNC_VECTOR, -1);
		close(efd);
		return err;
	}
	ctx->vctx.context.async_fd = efd;
	return 0;
}

void rnic_async_fini(struct rnic_context *ctx)
{
	if (ctx->vctx.context.async_fd < 0)
		return;
	ctx->t->ops->set_irq_eventfd(ctx->t, RNIC_ASYNC_VECTOR, -1);
	close(ctx->vctx.context.async_fd);
	ctx->vctx.context.async_fd = -1;
}

void rnic_async_drain(pthread_mutex_t *mutex, pthread_cond_t *cond, uint32_t *completed,
		      const uint32_t *handed_out)
{
	pthread_mutex_lock(mutex);
	while (*completed != *handed_out)
		pthread_cond_wait(cond, mutex);
	pthread_mutex_unlock(mutex);
}

/* Takes the eventfd's count without blocking. */
static void rnic_async_fd_clear(int efd)
{
	struct pollfd p = { .fd = efd, .events = POLLIN };
	uint64_t cnt;

	if (poll(&p, 1, 0) == 1 && (p.revents & POLLIN))
		(void)!read(efd, &cnt, sizeof(cnt));
}

static struct rnic_srq *rnic_srq_by_num(struct rnic_context *ctx, uint32_t srqn)
{
	struct rnic_srq *found = NULL;

	pthread_mutex_lock(&ctx->cmd_lock);
	for (struct rnic_obj *o = ctx->objs.next; o != &ctx->objs; o = o->next) {
		struct rnic_srq *s = (struct rnic_srq *)((uint8_t *)o - offsetof(struct rnic_srq, obj));

		if (o->kind == RNIC_OBJ_SRQ && s->srqn == srqn) {
			found = s;
			break;
		}
	}
	pthread_mutex_unlock(&ctx->cmd_lock);
	return found;
}

/* Fills *event from one aeqe; 0 when the entry is not for this context or
 * names nothing that still exists. Objects are looked up under the context
 * mutex, which their destruction holds, and counted as handed out under
 * their own mutex, which ibv_ack_async_event takes. */
static int rnic_async_convert(struct rnic_context *ctx, const uint32_t *e,
			      struct ibv_async_event *event)
{
	uint32_t type = rnic_aeqe_get_event(e);
	uint32_t num = rnic_aeqe_get_element(e);
	int ok = 0;

	if (rnic_aeqe_get_uctx(e) != ctx->uctx)
		return 0;
	memset(event, 0, sizeof(*event));
	event->event_type = (enum ibv_event_type)type;
	pthread_mutex_lock(&ctx->vctx.context.mutex);
	switch (type) {
	case RNIC_ASYNC_EVENT_QP_FATAL:
	case RNIC_ASYNC_EVENT_QP_REQ_ERR:
	case RNIC_ASYNC_EVENT_QP_ACCESS_ERR:
	case RNIC_ASYNC_EVENT_COMM_EST:
	case RNIC_ASYNC_EVENT_SQ_DRAINED:
	case RNIC_ASYNC_EVENT_PATH_MIG:
	case RNIC_ASYNC_EVENT_PATH_MIG_ERR:
	case RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED: {
		struct rnic_qp *qp = num < (1u << ctx->log_qps) ? ctx->qp_table[num] : NULL;

		if (qp) {
			pthread_mutex_lock(&qp->ibqp.mutex);
			qp->async_events++;
			pthread_mutex_unlock(&qp->ibqp.mutex);
			event->element.qp = &qp->ibqp;
			ok = 1;
			/* the hardware moved the QP to the error state */
			if (type == RNIC_ASYNC_EVENT_QP_FATAL || type == RNIC_ASYNC_EVENT_QP_REQ_ERR ||
			    type == RNIC_ASYNC_EVENT_QP_ACCESS_ERR)
				rnic_rq_flush(qp);
		}
		break;
	}
	case RNIC_ASYNC_EVENT_SRQ_ERR:
	case RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED: {
		struct rnic_srq *srq = rnic_srq_by_num(ctx, num);

		if (srq) {
			pthread_mutex_lock(&srq->ibsrq.mutex);
			srq->async_events++;
			pthread_mutex_unlock(&srq->ibsrq.mutex);
			event->element.srq = &srq->ibsrq;
			ok = 1;
		}
		break;
	}
	case RNIC_ASYNC_EVENT_PORT_ACTIVE:
	case RNIC_ASYNC_EVENT_PORT_ERR:
	case RNIC_ASYNC_EVENT_LID_CHANGE:
	case RNIC_ASYNC_EVENT_PKEY_CHANGE:
	case RNIC_ASYNC_EVENT_SM_CHANGE:
	case RNIC_ASYNC_EVENT_CLIENT_REREGISTER:
	case RNIC_ASYNC_EVENT_GID_CHANGE:
		event->element.port_num = (int)num;
		ok = 1;
		break;
	case RNIC_ASYNC_EVENT_DEVICE_FATAL:
		ok = 1;
		break;
	default:
		break; /* CQ events are not raised by this device; unknown types */
	}
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return ok;
}

RNIC_EXPORT int ibv_get_async_event(struct ibv_context *context, struct ibv_async_event *event)
{
	struct rnic_context *ctx = rnic_ctx(context);
	int efd = context->async_fd;

	if (efd < 0) {
		errno = EINVAL;
		return -1;
	}
	for (;;) {
		uint32_t e[RNIC_AEQ_SLOT_SIZE / 4u], pi = 0;
		int fl, got = 0, more = 0, err = 0;

		pthread_mutex_lock(&ctx->async_lock);
		rnic_async_fd_clear(efd);
		err = rnic_reg_read(ctx, RNIC_BAR0_AEQ_PI, &pi);
		while (!err && !got && ctx->aeq_ci != pi % RNIC_AEQ_SLOTS) {
			uint64_t slot = RNIC_AEQ_BASE + (uint64_t)ctx->aeq_ci * RNIC_AEQ_SLOT_SIZE;

			for (uint32_t i = 0; !err && i < RNIC_AEQ_SLOT_SIZE / 4u; i++)
				err = rnic_reg_read(ctx, slot + 4u * i, &e[i]);
			if (err)
				break;
			ctx->aeq_ci = (ctx->aeq_ci + 1u) % RNIC_AEQ_SLOTS;
			err = rnic_reg_write(ctx, RNIC_BAR0_AEQ_CI, ctx->aeq_ci);
			got = !err && rnic_async_convert(ctx, e, event);
		}
		more = got && ctx->aeq_ci != pi % RNIC_AEQ_SLOTS;
		pthread_mutex_unlock(&ctx->async_lock);
		if (err) {
			errno = err;
			return -1;
		}
		if (got) {
			if (more) {
				uint64_t one = 1;

				(void)!write(efd, &one, sizeof(one));
			}
			return 0;
		}
		fl = fcntl(efd, F_GETFL);
		if (fl >= 0 && (fl & O_NONBLOCK)) {
			errno = EAGAIN;
			return -1;
		}
		if (ctx->t->lockstep) {
			rnic_sim_idle_irq(ctx);
		} else {
			struct pollfd p = { .fd = efd, .events = POLLIN };

			if (poll(&p, 1, -1) < 0 && errno != EINTR)
				return -1;
		}
	}
}

RNIC_EXPORT void ibv_ack_async_event(struct ibv_async_event *event)
{
	pthread_mutex_t *m = NULL;
	pthread_cond_t *c = NULL;
	uint32_t *done = NULL;

	switch (event->event_type) {
	case IBV_EVENT_QP_FATAL:
	case IBV_EVENT_QP_REQ_ERR:
	case IBV_EVENT_QP_ACCESS_ERR:
	case IBV_EVENT_COMM_EST:
	case IBV_EVENT_SQ_DRAINED:
	case IBV_EVENT_PATH_MIG:
	case IBV_EVENT_PATH_MIG_ERR:
	case IBV_EVENT_QP_LAST_WQE_REACHED:
		m = &event->element.qp->mutex;
		c = &event->element.qp->cond;
		done = &event->element.qp->events_completed;
		break;
	case IBV_EVENT_SRQ_ERR:
	case IBV_EVENT_SRQ_LIMIT_REACHED:
		m = &event->element.srq->mutex;
		c = &event->element.srq->cond;
		done = &event->element.srq->events_completed;
		break;
	default:
		return; /* port and device events hold nothing */
	}
	pthread_mutex_lock(m);
	(*done)++;
	pthread_cond_broadcast(c);
	pthread_mutex_unlock(m);
}
