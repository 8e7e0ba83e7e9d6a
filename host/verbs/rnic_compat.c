/*
 * The IBVERBS_1.0 ABI: what programs linked against libibverbs 1.0 (2006)
 * call, under the symbol versions rdma-core keeps for them
 * (ibv_get_device_list@IBVERBS_1.0 beside ibv_get_device_list@@IBVERBS_1.1,
 * ...). Their objects have the 1.0 layouts below: each wraps the object
 * of the current API it was made from (real_*), the wrappers translate
 * calls and the 1.0 work requests, and the current objects point back at
 * their wrappers through their user context fields (cq_context,
 * srq_context, qp_context), which is how events find the 1.0 object again.
 * The layouts are those of libibverbs 1.0's <infiniband/verbs.h>, as
 * rdma-core's compat-1_0.c still describes them.
 *
 * Also here: ibv_register_driver@IBVERBS_1.1, the provider registration
 * of libibverbs 1.1, kept by rdma-core for old binaries and ignored.
 */
#include <alloca.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_verbs.h"

#undef ibv_query_port /* the exported function, not the header's inline */

/* An old version of a symbol (name@VERSION), and exported under it only. */
#define RNIC_SYMVER(v) RNIC_EXPORT __attribute__((symver(v)))

struct rnic_context_1_0;

struct rnic_device_1_0 {
	void *obsolete_sysfs_dev;
	void *obsolete_sysfs_ibdev;
	struct ibv_device *real_device;
	struct _ibv_device_ops _ops;
};

struct rnic_pd_1_0 {
	struct rnic_context_1_0 *context;
	uint32_t handle;
	struct ibv_pd *real_pd;
};

struct rnic_mr_1_0 {
	struct rnic_context_1_0 *context;
	struct rnic_pd_1_0 *pd;
	uint32_t handle;
	uint32_t lkey;
	uint32_t rkey;
	struct ibv_mr *real_mr;
};

struct rnic_cq_1_0 {
	struct rnic_context_1_0 *context;
	void *cq_context;
	uint32_t handle;
	int cqe;
	pthread_mutex_t mutex;
	pthread_cond_t cond;
	uint32_t comp_events_completed;
	uint32_t async_events_completed;
	struct ibv_cq *real_cq;
};

struct rnic_srq_1_0 {
	struct rnic_context_1_0 *context;
	void *srq_context;
	struct rnic_pd_1_0 *pd;
	uint32_t handle;
	pthread_mutex_t mutex;
	pthread_cond_t cond;
	uint32_t events_completed;
	struct ibv_srq *real_srq;
};

struct rnic_qp_1_0 {
	struct rnic_context_1_0 *context;
	void *qp_context;
	struct rnic_pd_1_0 *pd;
	struct rnic_cq_1_0 *send_cq;
	struct rnic_cq_1_0 *recv_cq;
	struct rnic_srq_1_0 *srq;
	uint32_t handle;
	uint32_t qp_num;
	enum ibv_qp_state state;
	enum ibv_qp_type qp_type;
	pthread_mutex_t mutex;
	pthread_cond_t cond;
	uint32_t events_completed;
	struct ibv_qp *real_qp;
};

struct rnic_ah_1_0 {
	struct rnic_context_1_0 *context;
	struct rnic_pd_1_0 *pd;
	uint32_t handle;
	struct ibv_ah *real_ah;
};

struct rnic_qp_init_attr_1_0 {
	void *qp_context;
	struct rnic_cq_1_0 *send_cq;
	struct rnic_cq_1_0 *recv_cq;
	struct rnic_srq_1_0 *srq;
	struct ibv_qp_cap cap;
	enum ibv_qp_type qp_type;
	int sq_sig_all;
};

struct rnic_send_wr_1_0 {
	struct rnic_send_wr_1_0 *next;
	uint64_t wr_id;
	struct ibv_sge *sg_list;
	int num_sge;
	enum ibv_wr_opcode opcode;
	int send_flags;
	uint32_t imm_data; /* network byte order */
	union {
		struct {
			uint64_t remote_addr;
			uint32_t rkey;
		} rdma;
		struct {
			uint64_t remote_addr;
			uint64_t compare_add;
			uint64_t swap;
			uint32_t rkey;
		} atomic;
		struct {
			struct rnic_ah_1_0 *ah;
			uint32_t remote_qpn;
			uint32_t remote_qkey;
		} ud;
	} wr;
};

struct rnic_recv_wr_1_0 {
	struct rnic_recv_wr_1_0 *next;
	uint64_t wr_id;
	struct ibv_sge *sg_list;
	int num_sge;
};

/* The 1.0 context operations. Only the data path is called through it
 * (the 1.0 header's inline ibv_poll_cq, ibv_req_notify_cq, ibv_post_*);
 * the rest were never part of the application interface. */
struct rnic_context_ops_1_0 {
	void *query_device;
	void *query_port;
	void *alloc_pd;
	void *dealloc_pd;
	void *reg_mr;
	void *dereg_mr;
	void *create_cq;
	int (*poll_cq)(struct rnic_cq_1_0 *cq, int num_entries, struct ibv_wc *wc);
	int (*req_notify_cq)(struct rnic_cq_1_0 *cq, int solicited_only);
	void *cq_event;
	void *resize_cq;
	void *destroy_cq;
	void *create_srq;
	void *modify_srq;
	void *query_srq;
	void *destroy_srq;
	int (*post_srq_recv)(struct rnic_srq_1_0 *srq, struct rnic_recv_wr_1_0 *wr,
			     struct rnic_recv_wr_1_0 **bad_wr);
	void *create_qp;
	void *query_qp;
	void *modify_qp;
	void *destroy_qp;
	int (*post_send)(struct rnic_qp_1_0 *qp, struct rnic_send_wr_1_0 *wr,
			 struct rnic_send_wr_1_0 **bad_wr);
	int (*post_recv)(struct rnic_qp_1_0 *qp, struct rnic_recv_wr_1_0 *wr,
			 struct rnic_recv_wr_1_0 **bad_wr);
	void *create_ah;
	void *destroy_ah;
	void *attach_mcast;
	void *detach_mcast;
};

struct rnic_context_1_0 {
	struct rnic_device_1_0 *device;
	struct rnic_context_ops_1_0 ops;
	int cmd_fd;
	int async_fd;
	int num_comp_vectors;
	struct ibv_context *real_context;
};

/* ------------------------------------------------------------------ */
/* the data path of a 1.0 context                                      */

static int rnic_poll_cq_1_0(struct rnic_cq_1_0 *cq, int num_entries, struct ibv_wc *wc)
{
	return ibv_poll_cq(cq->real_cq, num_entries, wc);
}

static int rnic_req_notify_cq_1_0(struct rnic_cq_1_0 *cq, int solicited_only)
{
	return ibv_req_notify_cq(cq->real_cq, solicited_only);
}

/* The current receive WRs of a 1.0 list, on the stack (alloca: the list
 * lives as long as the call); *n counts them. */
#define RNIC_RECV_WRS_1_0(head, list, n)                                                      \
	do {                                                                                  \
		struct rnic_recv_wr_1_0 *w_;                                                  \
		(n) = 0;                                                                      \
		for (w_ = (list); w_; w_ = w_->next)                                          \
			(n)++;                                                                \
		(head) = (n) ? alloca((n) * sizeof(struct ibv_recv_wr)) : NULL;               \
		w_ = (list);                                                                  \
		for (size_t i_ = 0; i_ < (n); i_++, w_ = w_->next) {                          \
			(head)[i_].wr_id = w_->wr_id;                                         \
			(head)[i_].sg_list = w_->sg_list;                                     \
			(head)[i_].num_sge = w_->num_sge;                                     \
			(head)[i_].next = i_ + 1 < (n) ? &(head)[i_ + 1] : NULL;              \
		}                                                                             \
	} while (0)

/* The 1.0 WR at the place of bad in the translated array head. */
static void *rnic_bad_1_0(void *list, size_t next_off, const void *head, size_t size,
			  const void *bad)
{
	size_t k = ((const char *)bad - (const char *)head) / size;
	char *w = list;

	while (k-- && w)
		w = *(char **)(w + next_off);
	return w;
}

static int rnic_post_recv_1_0(struct rnic_qp_1_0 *qp, struct rnic_recv_wr_1_0 *wr,
			      struct rnic_recv_wr_1_0 **bad_wr)
{
	struct ibv_recv_wr *head, *bad = NULL;
	size_t n;
	int err;

	RNIC_RECV_WRS_1_0(head, wr, n);
	if (!n)
		return 0;
	err = ibv_post_recv(qp->real_qp, head, &bad);
	if (err && bad)
		*bad_wr = rnic_bad_1_0(wr, offsetof(struct rnic_recv_wr_1_0, next), head,
				       sizeof(*head), bad);
	return err;
}

static int rnic_post_srq_recv_1_0(struct rnic_srq_1_0 *srq, struct rnic_recv_wr_1_0 *wr,
				  struct rnic_recv_wr_1_0 **bad_wr)
{
	struct ibv_recv_wr *head, *bad = NULL;
	size_t n;
	int err;

	RNIC_RECV_WRS_1_0(head, wr, n);
	if (!n)
		return 0;
	err = ibv_post_srq_recv(srq->real_srq, head, &bad);
	if (err && bad)
		*bad_wr = rnic_bad_1_0(wr, offsetof(struct rnic_recv_wr_1_0, next), head,
				       sizeof(*head), bad);
	return err;
}

static int rnic_post_send_1_0(struct rnic_qp_1_0 *qp, struct rnic_send_wr_1_0 *wr,
			      struct rnic_send_wr_1_0 **bad_wr)
{
	struct ibv_send_wr *head, *bad = NULL;
	struct rnic_send_wr_1_0 *w;
	size_t n = 0, i;
	int err;

	for (w = wr; w; w = w->next)
		n++;
	if (!n)
		return 0;
	head = alloca(n * sizeof(*head));
	memset(head, 0, n * sizeof(*head));
	for (i = 0, w = wr; i < n; i++, w = w->next) {
		struct ibv_send_wr *r = &head[i];

		r->next = i + 1 < n ? &head[i + 1] : NULL;
		r->wr_id = w->wr_id;
		r->sg_list = w->sg_list;
		r->num_sge = w->num_sge;
		r->opcode = w->opcode;
		r->send_flags = (unsigned int)w->send_flags;
		r->imm_data = w->imm_data;
		if (qp->qp_type == IBV_QPT_UD) {
			r->wr.ud.ah = w->wr.ud.ah ? w->wr.ud.ah->real_ah : NULL;
			r->wr.ud.remote_qpn = w->wr.ud.remote_qpn;
			r->wr.ud.remote_qkey = w->wr.ud.remote_qkey;
		} else if (w->opcode == IBV_WR_ATOMIC_CMP_AND_SWP ||
			   w->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD) {
			r->wr.atomic.remote_addr = w->wr.atomic.remote_addr;
			r->wr.atomic.compare_add = w->wr.atomic.compare_add;
			r->wr.atomic.swap = w->wr.atomic.swap;
			r->wr.atomic.rkey = w->wr.atomic.rkey;
		} else {
			r->wr.rdma.remote_addr = w->wr.rdma.remote_addr;
			r->wr.rdma.rkey = w->wr.rdma.rkey;
		}
	}
	err = ibv_post_send(qp->real_qp, head, &bad);
	if (err && bad)
		*bad_wr = rnic_bad_1_0(wr, offsetof(struct rnic_send_wr_1_0, next), head,
				       sizeof(*head), bad);
	return err;
}

/* ------------------------------------------------------------------ */
/* devices and contexts                                                */

/* The list is preceded by the current list it wraps (slot -1), which
 * ibv_free_device_list@1.0 releases with it. */
RNIC_SYMVER("ibv_get_device_list@IBVERBS_1.0")
struct rnic_device_1_0 **rnic_get_device_list_1_0(int *num)
{
	struct ibv_device **real;
	struct rnic_device_1_0 **l;
	int n = 0, i;

	real = ibv_get_device_list(&n);
	if (!real)
		return NULL;
	l = calloc((size_t)n + 2, sizeof(*l));
	if (!l)
		goto fail;
	l[0] = (struct rnic_device_1_0 *)(void *)real;
	for (i = 0; i < n; i++) {
		l[i + 1] = calloc(1, sizeof(**l));
		if (!l[i + 1])
			goto fail;
		l[i + 1]->real_device = real[i];
	}
	if (num)
		*num = n;
	return l + 1;
fail:
	if (l)
		for (i = 1; i <= n; i++)
			free(l[i]);
	free(l);
	ibv_free_device_list(real);
	errno = ENOMEM;
	return NULL;
}

RNIC_SYMVER("ibv_free_device_list@IBVERBS_1.0")
void rnic_free_device_list_1_0(struct rnic_device_1_0 **list)
{
	if (!list)
		return;
	for (struct rnic_device_1_0 **p = list; *p; p++)
		free(*p);
	ibv_free_device_list((struct ibv_device **)(void *)list[-1]);
	free(list - 1);
}

RNIC_SYMVER("ibv_get_device_name@IBVERBS_1.0")
const char *rnic_get_device_name_1_0(struct rnic_device_1_0 *device)
{
	return ibv_get_device_name(device->real_device);
}

RNIC_SYMVER("ibv_get_device_guid@IBVERBS_1.0")
__be64 rnic_get_device_guid_1_0(struct rnic_device_1_0 *device)
{
	return ibv_get_device_guid(device->real_device);
}

RNIC_SYMVER("ibv_open_device@IBVERBS_1.0")
struct rnic_context_1_0 *rnic_open_device_1_0(struct rnic_device_1_0 *device)
{
	struct rnic_context_1_0 *c = calloc(1, sizeof(*c));

	if (!c) {
		errno = ENOMEM;
		return NULL;
	}
	c->real_context = ibv_open_device(device->real_device);
	if (!c->real_context) {
		free(c);
		return NULL;
	}
	c->device = device;
	c->cmd_fd = c->real_context->cmd_fd;
	c->async_fd = c->real_context->async_fd;
	c->num_comp_vectors = c->real_context->num_comp_vectors;
	c->ops.poll_cq = rnic_poll_cq_1_0;
	c->ops.req_notify_cq = rnic_req_notify_cq_1_0;
	c->ops.post_srq_recv = rnic_post_srq_recv_1_0;
	c->ops.post_send = rnic_post_send_1_0;
	c->ops.post_recv = rnic_post_recv_1_0;
	return c;
}

RNIC_SYMVER("ibv_close_device@IBVERBS_1.0")
int rnic_close_device_1_0(struct rnic_context_1_0 *context)
{
	int err = ibv_close_device(context->real_context);

	if (!err)
		free(context);
	return err;
}

RNIC_SYMVER("ibv_query_device@IBVERBS_1.0")
int rnic_query_device_1_0(struct rnic_context_1_0 *context, struct ibv_device_attr *attr)
{
	return ibv_query_device(context->real_context, attr);
}

/* The 1.0 port attributes end where the current structure's
 * link_layer begins (the _compat_ibv_port_attr ibv_query_port takes). */
RNIC_SYMVER("ibv_query_port@IBVERBS_1.0")
int rnic_query_port_1_0(struct rnic_context_1_0 *context, uint8_t port_num,
			struct _compat_ibv_port_attr *attr)
{
	return ibv_query_port(context->real_context, port_num, attr);
}

RNIC_SYMVER("ibv_query_gid@IBVERBS_1.0")
int rnic_query_gid_1_0(struct rnic_context_1_0 *context, uint8_t port_num, int index,
		       union ibv_gid *gid)
{
	return ibv_query_gid(context->real_context, port_num, index, gid);
}

RNIC_SYMVER("ibv_query_pkey@IBVERBS_1.0")
int rnic_query_pkey_1_0(struct rnic_context_1_0 *context, uint8_t port_num, int index,
			__be16 *pkey)
{
	return ibv_query_pkey(context->real_context, port_num, index, pkey);
}

/* Events name 1.0 objects: the current object's user context field holds
 * its wrapper. */
RNIC_SYMVER("ibv_get_async_event@IBVERBS_1.0")
int rnic_get_async_event_1_0(struct rnic_context_1_0 *context, struct ibv_async_event *event)
{
	int err = ibv_get_async_event(context->real_context, event);

	if (err)
		return err;
	switch (event->event_type) {
	case IBV_EVENT_CQ_ERR:
		event->element.cq = event->element.cq->cq_context;
		break;
	case IBV_EVENT_QP_FATAL:
	case IBV_EVENT_QP_REQ_ERR:
	case IBV_EVENT_QP_ACCESS_ERR:
	case IBV_EVENT_COMM_EST:
	case IBV_EVENT_SQ_DRAINED:
	case IBV_EVENT_PATH_MIG:
	case IBV_EVENT_PATH_MIG_ERR:
	case IBV_EVENT_QP_LAST_WQE_REACHED:
		event->element.qp = event->element.qp->qp_context;
		break;
	case IBV_EVENT_SRQ_ERR:
	case IBV_EVENT_SRQ_LIMIT_REACHED:
		event->element.srq = event->element.srq->srq_context;
		break;
	default:
		break;
	}
	return 0;
}

RNIC_SYMVER("ibv_ack_async_event@IBVERBS_1.0")
void rnic_ack_async_event_1_0(struct ibv_async_event *event)
{
	struct ibv_async_event e = *event;

	switch (event->event_type) {
	case IBV_EVENT_CQ_ERR:
		e.element.cq = ((struct rnic_cq_1_0 *)(void *)event->element.cq)->real_cq;
		break;
	case IBV_EVENT_QP_FATAL:
	case IBV_EVENT_QP_REQ_ERR:
	case IBV_EVENT_QP_ACCESS_ERR:
	case IBV_EVENT_COMM_EST:
	case IBV_EVENT_SQ_DRAINED:
	case IBV_EVENT_PATH_MIG:
	case IBV_EVENT_PATH_MIG_ERR:
	case IBV_EVENT_QP_LAST_WQE_REACHED:
		e.element.qp = ((struct rnic_qp_1_0 *)(void *)event->element.qp)->real_qp;
		break;
	case IBV_EVENT_SRQ_ERR:
	case IBV_EVENT_SRQ_LIMIT_REACHED:
		e.element.srq = ((struct rnic_srq_1_0 *)(void *)event->element.srq)->real_srq;
		break;
	default:
		break;
	}
	ibv_ack_async_event(&e);
}

/* ------------------------------------------------------------------ */
/* PDs, MRs, AHs                                                       */

RNIC_SYMVER("ibv_alloc_pd@IBVERBS_1.0")
struct rnic_pd_1_0 *rnic_alloc_pd_1_0(struct rnic_context_1_0 *context)
{
	struct rnic_pd_1_0 *pd = calloc(1, sizeof(*pd));

	if (!pd) {
		errno = ENOMEM;
		return NULL;
	}
	pd->real_pd = ibv_alloc_pd(context->real_context);
	if (!pd->real_pd) {
		free(pd);
		return NULL;
	}
	pd->context = context;
	pd->handle = pd->real_pd->handle;
	return pd;
}

RNIC_SYMVER("ibv_dealloc_pd@IBVERBS_1.0")
int rnic_dealloc_pd_1_0(struct rnic_pd_1_0 *pd)
{
	int err = ibv_dealloc_pd(pd->real_pd);

	if (!err)
		free(pd);
	return err;
}

RNIC_SYMVER("ibv_reg_mr@IBVERBS_1.0")
struct rnic_mr_1_0 *rnic_reg_mr_1_0(struct rnic_pd_1_0 *pd, void *addr, size_t length, int access)
{
	struct rnic_mr_1_0 *mr = calloc(1, sizeof(*mr));

	if (!mr) {
		errno = ENOMEM;
		return NULL;
	}
	mr->real_mr = ibv_reg_mr_iova2(pd->real_pd, addr, length, (uintptr_t)addr,
				       (unsigned int)access);
	if (!mr->real_mr) {
		free(mr);
		return NULL;
	}
	mr->context = pd->context;
	mr->pd = pd;
	mr->handle = mr->real_mr->handle;
	mr->lkey = mr->real_mr->lkey;
	mr->rkey = mr->real_mr->rkey;
	return mr;
}

RNIC_SYMVER("ibv_dereg_mr@IBVERBS_1.0")
int rnic_dereg_mr_1_0(struct rnic_mr_1_0 *mr)
{
	int err = ibv_dereg_mr(mr->real_mr);

	if (!err)
		free(mr);
	return err;
}

RNIC_SYMVER("ibv_create_ah@IBVERBS_1.0")
struct rnic_ah_1_0 *rnic_create_ah_1_0(struct rnic_pd_1_0 *pd, struct ibv_ah_attr *attr)
{
	struct rnic_ah_1_0 *ah = calloc(1, sizeof(*ah));

	if (!ah) {
		errno = ENOMEM;
		return NULL;
	}
	ah->real_ah = ibv_create_ah(pd->real_pd, attr);
	if (!ah->real_ah) {
		free(ah);
		return NULL;
	}
	ah->context = pd->context;
	ah->pd = pd;
	return ah;
}

RNIC_SYMVER("ibv_destroy_ah@IBVERBS_1.0")
int rnic_destroy_ah_1_0(struct rnic_ah_1_0 *ah)
{
	int err = ibv_destroy_ah(ah->real_ah);

	if (!err)
		free(ah);
	return err;
}

/* ------------------------------------------------------------------ */
/* CQs and completion events                                           */

RNIC_SYMVER("ibv_create_cq@IBVERBS_1.0")
struct rnic_cq_1_0 *rnic_create_cq_1_0(struct rnic_context_1_0 *context, int cqe, void *cq_context,
				       struct ibv_comp_channel *channel, int comp_vector)
{
	struct rnic_cq_1_0 *cq = calloc(1, sizeof(*cq));

	if (!cq) {
		errno = ENOMEM;
		return NULL;
	}
	cq->real_cq = ibv_create_cq(context->real_context, cqe, cq, channel, comp_vector);
	if (!cq->real_cq) {
		free(cq);
		return NULL;
	}
	cq->context = context;
	cq->cq_context = cq_context;
	cq->handle = cq->real_cq->handle;
	cq->cqe = cq->real_cq->cqe;
	pthread_mutex_init(&cq->mutex, NULL);
	pthread_cond_init(&cq->cond, NULL);
	return cq;
}

RNIC_SYMVER("ibv_resize_cq@IBVERBS_1.0")
int rnic_resize_cq_1_0(struct rnic_cq_1_0 *cq, int cqe)
{
	return ibv_resize_cq(cq->real_cq, cqe);
}

RNIC_SYMVER("ibv_destroy_cq@IBVERBS_1.0")
int rnic_destroy_cq_1_0(struct rnic_cq_1_0 *cq)
{
	int err = ibv_destroy_cq(cq->real_cq);

	if (err)
		return err;
	pthread_mutex_destroy(&cq->mutex);
	pthread_cond_destroy(&cq->cond);
	free(cq);
	return 0;
}

/* The current CQ's cq_context is its 1.0 wrapper. */
RNIC_SYMVER("ibv_get_cq_event@IBVERBS_1.0")
int rnic_get_cq_event_1_0(struct ibv_comp_channel *channel, struct rnic_cq_1_0 **cq,
			  void **cq_context)
{
	struct ibv_cq *real;
	void *wrapper;
	int err = ibv_get_cq_event(channel, &real, &wrapper);

	if (err)
		return err;
	*cq = wrapper;
	*cq_context = (*cq)->cq_context;
	return 0;
}

RNIC_SYMVER("ibv_ack_cq_events@IBVERBS_1.0")
void rnic_ack_cq_events_1_0(struct rnic_cq_1_0 *cq, unsigned int nevents)
{
	ibv_ack_cq_events(cq->real_cq, nevents);
}

/* ------------------------------------------------------------------ */
/* SRQs                                                                */

RNIC_SYMVER("ibv_create_srq@IBVERBS_1.0")
struct rnic_srq_1_0 *rnic_create_srq_1_0(struct rnic_pd_1_0 *pd, struct ibv_srq_init_attr *attr)
{
	struct rnic_srq_1_0 *srq = calloc(1, sizeof(*srq));

	if (!srq) {
		errno = ENOMEM;
		return NULL;
	}
	srq->real_srq = ibv_create_srq(pd->real_pd, attr);
	if (!srq->real_srq) {
		free(srq);
		return NULL;
	}
	srq->context = pd->context;
	srq->srq_context = attr->srq_context;
	srq->pd = pd;
	srq->handle = srq->real_srq->handle;
	pthread_mutex_init(&srq->mutex, NULL);
	pthread_cond_init(&srq->cond, NULL);
	srq->real_srq->srq_context = srq;
	return srq;
}

RNIC_SYMVER("ibv_modify_srq@IBVERBS_1.0")
int rnic_modify_srq_1_0(struct rnic_srq_1_0 *srq, struct ibv_srq_attr *attr, int attr_mask)
{
	return ibv_modify_srq(srq->real_srq, attr, attr_mask);
}

RNIC_SYMVER("ibv_query_srq@IBVERBS_1.0")
int rnic_query_srq_1_0(struct rnic_srq_1_0 *srq, struct ibv_srq_attr *attr)
{
	return ibv_query_srq(srq->real_srq, attr);
}

RNIC_SYMVER("ibv_destroy_srq@IBVERBS_1.0")
int rnic_destroy_srq_1_0(struct rnic_srq_1_0 *srq)
{
	int err = ibv_destroy_srq(srq->real_srq);

	if (err)
		return err;
	pthread_mutex_destroy(&srq->mutex);
	pthread_cond_destroy(&srq->cond);
	free(srq);
	return 0;
}

/* ------------------------------------------------------------------ */
/* QPs                                                                 */

RNIC_SYMVER("ibv_create_qp@IBVERBS_1.0")
struct rnic_qp_1_0 *rnic_create_qp_1_0(struct rnic_pd_1_0 *pd, struct rnic_qp_init_attr_1_0 *attr)
{
	struct rnic_qp_1_0 *qp;
	struct ibv_qp_init_attr a;

	if (!attr || !attr->send_cq || !attr->recv_cq) {
		errno = EINVAL;
		return NULL;
	}
	qp = calloc(1, sizeof(*qp));
	if (!qp) {
		errno = ENOMEM;
		return NULL;
	}
	memset(&a, 0, sizeof(a));
	a.qp_context = qp;
	a.send_cq = attr->send_cq->real_cq;
	a.recv_cq = attr->recv_cq->real_cq;
	a.srq = attr->srq ? attr->srq->real_srq : NULL;
	a.cap = attr->cap;
	a.qp_type = attr->qp_type;
	a.sq_sig_all = attr->sq_sig_all;
	qp->real_qp = ibv_create_qp(pd->real_pd, &a);
	if (!qp->real_qp) {
		free(qp);
		return NULL;
	}
	qp->context = pd->context;
	qp->qp_context = attr->qp_context;
	qp->pd = pd;
	qp->send_cq = attr->send_cq;
	qp->recv_cq = attr->recv_cq;
	qp->srq = attr->srq;
	qp->handle = qp->real_qp->handle;
	qp->qp_num = qp->real_qp->qp_num;
	qp->state = IBV_QPS_RESET;
	qp->qp_type = attr->qp_type;
	pthread_mutex_init(&qp->mutex, NULL);
	pthread_cond_init(&qp->cond, NULL);
	attr->cap = a.cap;
	return qp;
}

RNIC_SYMVER("ibv_query_qp@IBVERBS_1.0")
int rnic_query_qp_1_0(struct rnic_qp_1_0 *qp, struct ibv_qp_attr *attr, int attr_mask,
		      struct rnic_qp_init_attr_1_0 *init_attr)
{
	struct ibv_qp_init_attr a;
	int err = ibv_query_qp(qp->real_qp, attr, attr_mask, &a);

	if (err)
		return err;
	if (init_attr) {
		init_attr->qp_context = qp->qp_context;
		init_attr->send_cq = qp->send_cq;
		init_attr->recv_cq = qp->recv_cq;
		init_attr->srq = qp->srq;
		init_attr->cap = a.cap;
		init_attr->qp_type = a.qp_type;
		init_attr->sq_sig_all = a.sq_sig_all;
	}
	return 0;
}

RNIC_SYMVER("ibv_modify_qp@IBVERBS_1.0")
int rnic_modify_qp_1_0(struct rnic_qp_1_0 *qp, struct ibv_qp_attr *attr, int attr_mask)
{
	int err = ibv_modify_qp(qp->real_qp, attr, attr_mask);

	if (!err && (attr_mask & IBV_QP_STATE))
		qp->state = attr->qp_state;
	return err;
}

RNIC_SYMVER("ibv_destroy_qp@IBVERBS_1.0")
int rnic_destroy_qp_1_0(struct rnic_qp_1_0 *qp)
{
	int err = ibv_destroy_qp(qp->real_qp);

	if (err)
		return err;
	pthread_mutex_destroy(&qp->mutex);
	pthread_cond_destroy(&qp->cond);
	free(qp);
	return 0;
}

RNIC_SYMVER("ibv_attach_mcast@IBVERBS_1.0")
int rnic_attach_mcast_1_0(struct rnic_qp_1_0 *qp, union ibv_gid *gid, uint16_t lid)
{
	return ibv_attach_mcast(qp->real_qp, gid, lid);
}

RNIC_SYMVER("ibv_detach_mcast@IBVERBS_1.0")
int rnic_detach_mcast_1_0(struct rnic_qp_1_0 *qp, union ibv_gid *gid, uint16_t lid)
{
	return ibv_detach_mcast(qp->real_qp, gid, lid);
}

/* ------------------------------------------------------------------ */
/* libibverbs 1.1 provider registration                                */

/* Providers became private to rdma-core (its release 13); old provider
 * libraries still call this to register. Nothing loads them here. */
RNIC_SYMVER("ibv_register_driver@IBVERBS_1.1")
void rnic_register_driver_1_1(const char *name, void *init_func)
{
	(void)name;
	(void)init_func;
}
