/*
 * QPs, SRQs and endpoints of IDs: rdma_create_qp(3), rdma_create_srq(3),
 * rdma_create_ep(3), rdma_init_qp_attr(3).
 *
 * A QP made here is taken to INIT at once, so receives may be posted; a UD
 * QP on to RTS with the Q_Key RNIC_CM_UDP_QKEY (RDMA_UDP_QKEY), ready to
 * send. Without CQs in the attributes, a send and a receive CQ are made,
 * each with a completion channel of its own and the ID as CQ context, so
 * that the rdma_verbs.h helpers (rdma_get_send_comp, rdma_get_recv_comp)
 * work on id->send_cq / id->recv_cq and their channels. Without a PD the
 * device's default PD is used (one per device).
 *
 * The attributes of each state are what the kernel's rdma_cm gives
 * (rdma_init_qp_attr): port 1, P_Key index 0, access LOCAL_WRITE |
 * REMOTE_WRITE (| REMOTE_READ | REMOTE_ATOMIC on RC); RTR from the peer
 * (its QPN and starting PSN, the address vector to ::ffff:<its address>,
 * the path MTU, the responder resources negotiated, minimum RNR timer 12);
 * RTS with this side's starting PSN, the ACK timeout, retry counts and
 * initiator depth.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_cm.h"

#define RNIC_CM_OWN_SEND_CQ 1
#define RNIC_CM_OWN_RECV_CQ 2

int rnic_cm_qp_attr(struct rnic_cm_id *p, enum ibv_qp_state state, struct ibv_qp_attr *attr,
		    int *mask)
{
	enum ibv_qp_type t = rnic_cm_qp_type(p);
	int m = IBV_QP_STATE;

	memset(attr, 0, sizeof(*attr));
	attr->qp_state = state;
	switch (state) {
	case IBV_QPS_INIT:
		attr->pkey_index = 0;
		attr->port_num = 1;
		m |= IBV_QP_PKEY_INDEX | IBV_QP_PORT;
		if (t == IBV_QPT_UD) {
			attr->qkey = RNIC_CM_UDP_QKEY;
			m |= IBV_QP_QKEY;
		} else {
			attr->qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE;
			if (t == IBV_QPT_RC)
				attr->qp_access_flags |= IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
			m |= IBV_QP_ACCESS_FLAGS;
		}
		break;
	case IBV_QPS_RTR:
		if (t == IBV_QPT_UD)
			break;
		if (!p->conn_known)
			return EINVAL; /* no peer yet */
		rnic_cm_ah_fill(&attr->ah_attr, p->remote_ip, p->tos);
		attr->path_mtu = (enum ibv_mtu)p->mtu;
		attr->dest_qp_num = p->remote_qpn;
		attr->rq_psn = p->remote_psn;
		m |= IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN;
		if (t == IBV_QPT_RC) {
			attr->max_dest_rd_atomic = p->max_dest_rd_atomic;
			attr->min_rnr_timer = RNIC_CM_MIN_RNR_TIMER;
			m |= IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER;
		}
		break;
	case IBV_QPS_RTS:
		if (t != IBV_QPT_UD && !p->conn_known)
			return EINVAL;
		if (!p->has_psn) {
			p->local_psn = rnic_cm_psn_next(p->id.qp ? p->id.qp->qp_num : 0);
			p->has_psn = 1;
		}
		attr->sq_psn = p->local_psn;
		m |= IBV_QP_SQ_PSN;
		if (t == IBV_QPT_RC) {
			attr->timeout = p->ack_timeout;
			attr->retry_cnt = p->retry_cnt;
			attr->rnr_retry = p->rnr_retry;
			attr->max_rd_atomic = p->max_rd_atomic;
			m |= IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY |
			     IBV_QP_MAX_QP_RD_ATOMIC;
		}
		break;
	default:
		return EINVAL;
	}
	*mask = m;
	return 0;
}

int rnic_cm_qp_modify(struct rnic_cm_id *p, enum ibv_qp_state state)
{
	struct ibv_qp_attr a;
	int mask, err;

	if (!p->id.qp)
		return 0;
	err = rnic_cm_qp_attr(p, state, &a, &mask);
	if (err)
		return err;
	return ibv_modify_qp(p->id.qp, &a, mask);
}

int rnic_cm_qp_error(struct rnic_cm_id *p)
{
	struct ibv_qp_attr a;

	if (!p->id.qp)
		return 0;
	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_ERR;
	return ibv_modify_qp(p->id.qp, &a, IBV_QP_STATE);
}

/* rdma_init_qp_attr(3): qp_attr->qp_state names the state asked for. */
RNIC_CM_EXPORT int rdma_init_qp_attr(struct rdma_cm_id *id, struct ibv_qp_attr *qp_attr,
				     int *qp_attr_mask)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	int err;

	if (!id || !qp_attr || !qp_attr_mask) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&rnic_cm.lock);
	err = p->dev ? rnic_cm_qp_attr(p, qp_attr->qp_state, qp_attr, qp_attr_mask) : EINVAL;
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* CQs made for an ID                                                  */

static void rnic_cm_cqs_destroy(struct rnic_cm_id *p, int which)
{
	struct rdma_cm_id *id = &p->id;

	if ((which & RNIC_CM_OWN_SEND_CQ) && (p->own_cqs & RNIC_CM_OWN_SEND_CQ)) {
		ibv_destroy_cq(id->send_cq);
		ibv_destroy_comp_channel(id->send_cq_channel);
		id->send_cq = NULL;
		id->send_cq_channel = NULL;
		p->own_cqs &= ~RNIC_CM_OWN_SEND_CQ;
	}
	if ((which & RNIC_CM_OWN_RECV_CQ) && (p->own_cqs & RNIC_CM_OWN_RECV_CQ)) {
		ibv_destroy_cq(id->recv_cq);
		ibv_destroy_comp_channel(id->recv_cq_channel);
		id->recv_cq = NULL;
		id->recv_cq_channel = NULL;
		p->own_cqs &= ~RNIC_CM_OWN_RECV_CQ;
	}
}

/* One CQ of cqe entries (at least 1) on a new completion channel, the ID
 * as its context. 0 or an errno. */
static int rnic_cm_cq_make(struct rnic_cm_id *p, uint32_t cqe, struct ibv_cq **cq,
			   struct ibv_comp_channel **ch)
{
	*ch = ibv_create_comp_channel(p->id.verbs);
	if (!*ch)
		return errno ? errno : ENOMEM;
	*cq = ibv_create_cq(p->id.verbs, cqe ? (int)cqe : 1, &p->id, *ch, 0);
	if (!*cq) {
		int err = errno ? errno : ENOMEM;

		ibv_destroy_comp_channel(*ch);
		*ch = NULL;
		return err;
	}
	return 0;
}

/* The CQs a QP is created without (lock held). */
static int rnic_cm_cqs_make(struct rnic_cm_id *p, struct ibv_cq **send_cq, struct ibv_cq **recv_cq,
			    uint32_t send_wr, uint32_t recv_wr)
{
	int err;

	if (!*recv_cq) {
		err = rnic_cm_cq_make(p, recv_wr, &p->id.recv_cq, &p->id.recv_cq_channel);
		if (err)
			return err;
		p->own_cqs |= RNIC_CM_OWN_RECV_CQ;
		*recv_cq = p->id.recv_cq;
	}
	if (!*send_cq) {
		err = rnic_cm_cq_make(p, send_wr, &p->id.send_cq, &p->id.send_cq_channel);
		if (err) {
			rnic_cm_cqs_destroy(p, RNIC_CM_OWN_RECV_CQ);
			return err;
		}
		p->own_cqs |= RNIC_CM_OWN_SEND_CQ;
		*send_cq = p->id.send_cq;
	}
	return 0;
}

/* The new QP to INIT (RC, UC) or on to RTS (UD). */
static int rnic_cm_qp_start(struct rnic_cm_id *p)
{
	int err = rnic_cm_qp_modify(p, IBV_QPS_INIT);

	if (!err && p->id.qp->qp_type == IBV_QPT_UD) {
		err = rnic_cm_qp_modify(p, IBV_QPS_RTR);
		if (!err)
			err = rnic_cm_qp_modify(p, IBV_QPS_RTS);
	}
	return err;
}

/* The PD of a new QP or SRQ (lock held): the caller's, on the ID's
 * device, else the device's default one. NULL with errno. */
static struct ibv_pd *rnic_cm_pd(struct rnic_cm_id *p, struct ibv_pd *pd)
{
	if (!pd)
		return rnic_cm_dev_pd(p->dev);
	if (pd->context != p->id.verbs) {
		errno = EINVAL;
		return NULL;
	}
	return pd;
}

RNIC_CM_EXPORT int rdma_create_qp_ex(struct rdma_cm_id *id, struct ibv_qp_init_attr_ex *attr)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	struct ibv_qp_init_attr_ex a;
	struct ibv_pd *pd;
	struct ibv_qp *qp;
	int err = 0, had = 0;

	if (!id || !attr) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&rnic_cm.lock);
	if (!p->dev || id->qp) {
		err = EINVAL;
		goto out;
	}
	pd = rnic_cm_pd(p, (attr->comp_mask & IBV_QP_INIT_ATTR_PD) ? attr->pd : NULL);
	if (!pd) {
		err = errno ? errno : ENOMEM;
		goto out;
	}
	a = *attr;
	a.pd = pd;
	a.comp_mask |= IBV_QP_INIT_ATTR_PD;
	if (!a.srq && id->srq)
		a.srq = id->srq;
	had = p->own_cqs;
	err = rnic_cm_cqs_make(p, &a.send_cq, &a.recv_cq, a.cap.max_send_wr, a.cap.max_recv_wr);
	if (err)
		goto out;
	qp = ibv_create_qp_ex(id->verbs, &a);
	if (!qp) {
		err = errno ? errno : ENOMEM;
		rnic_cm_cqs_destroy(p, p->own_cqs & ~had);
		goto out;
	}
	id->qp = qp;
	err = rnic_cm_qp_start(p);
	if (err) {
		ibv_destroy_qp(qp);
		id->qp = NULL;
		rnic_cm_cqs_destroy(p, p->own_cqs & ~had);
		goto out;
	}
	id->pd = pd;
	attr->cap = a.cap;
out:
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

RNIC_CM_EXPORT int rdma_create_qp(struct rdma_cm_id *id, struct ibv_pd *pd,
				  struct ibv_qp_init_attr *qp_init_attr)
{
	struct ibv_qp_init_attr_ex a;

	if (!id || !qp_init_attr) {
		errno = EINVAL;
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.qp_context = qp_init_attr->qp_context;
	a.send_cq = qp_init_attr->send_cq;
	a.recv_cq = qp_init_attr->recv_cq;
	a.srq = qp_init_attr->srq;
	a.cap = qp_init_attr->cap;
	a.qp_type = qp_init_attr->qp_type;
	a.sq_sig_all = qp_init_attr->sq_sig_all;
	a.pd = pd;
	a.comp_mask = pd ? IBV_QP_INIT_ATTR_PD : 0;
	if (rdma_create_qp_ex(id, &a))
		return -1;
	qp_init_attr->cap = a.cap; /* what the QP got (rdma_create_qp(3)) */
	return 0;
}

/* rdma_destroy_qp(3): the QP, and the CQs and channels made for it. */
RNIC_CM_EXPORT void rdma_destroy_qp(struct rdma_cm_id *id)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);

	if (!id)
		return;
	pthread_mutex_lock(&rnic_cm.lock);
	if (id->qp) {
		ibv_destroy_qp(id->qp);
		id->qp = NULL;
	}
	/* an XRC SRQ may still complete on the receive CQ */
	rnic_cm_cqs_destroy(p, id->srq ? RNIC_CM_OWN_SEND_CQ
				       : RNIC_CM_OWN_SEND_CQ | RNIC_CM_OWN_RECV_CQ);
	pthread_mutex_unlock(&rnic_cm.lock);
}

/* ------------------------------------------------------------------ */
/* SRQs                                                                */

RNIC_CM_EXPORT int rdma_create_srq_ex(struct rdma_cm_id *id, struct ibv_srq_init_attr_ex *attr)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	struct ibv_srq_init_attr_ex a;
	struct ibv_pd *pd;
	struct ibv_srq *srq;
	int err = 0, made_cq = 0;

	if (!id || !attr) {
		errno = EINVAL;
		return -1;
	}
	pthread_mutex_lock(&rnic_cm.lock);
	if (!p->dev || id->srq) {
		err = EINVAL;
		goto out;
	}
	pd = rnic_cm_pd(p, (attr->comp_mask & IBV_SRQ_INIT_ATTR_PD) ? attr->pd : NULL);
	if (!pd) {
		err = errno ? errno : ENOMEM;
		goto out;
	}
	a = *attr;
	a.pd = pd;
	a.comp_mask |= IBV_SRQ_INIT_ATTR_PD;
	if ((a.comp_mask & IBV_SRQ_INIT_ATTR_TYPE) && a.srq_type == IBV_SRQT_XRC &&
	    (!(a.comp_mask & IBV_SRQ_INIT_ATTR_CQ) || !a.cq)) {
		/* rdma_create_srq(3): a CQ for an XRC SRQ given none */
		if (!id->recv_cq) {
			err = rnic_cm_cq_make(p, a.attr.max_wr, &id->recv_cq, &id->recv_cq_channel);
			if (err)
				goto out;
			p->own_cqs |= RNIC_CM_OWN_RECV_CQ;
			made_cq = 1;
		}
		a.cq = id->recv_cq;
		a.comp_mask |= IBV_SRQ_INIT_ATTR_CQ;
	}
	srq = ibv_create_srq_ex(id->verbs, &a);
	if (!srq) {
		err = errno ? errno : ENOMEM;
		if (made_cq)
			rnic_cm_cqs_destroy(p, RNIC_CM_OWN_RECV_CQ);
		goto out;
	}
	id->srq = srq;
	id->pd = pd;
	attr->attr = a.attr;
out:
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err) {
		errno = err;
		return -1;
	}
	return 0;
}

RNIC_CM_EXPORT int rdma_create_srq(struct rdma_cm_id *id, struct ibv_pd *pd,
				   struct ibv_srq_init_attr *attr)
{
	struct ibv_srq_init_attr_ex a;

	if (!id || !attr) {
		errno = EINVAL;
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.srq_context = attr->srq_context;
	a.attr = attr->attr;
	a.pd = pd;
	a.comp_mask = (pd ? IBV_SRQ_INIT_ATTR_PD : 0) | IBV_SRQ_INIT_ATTR_TYPE;
	a.srq_type = IBV_SRQT_BASIC;
	if (rdma_create_srq_ex(id, &a))
		return -1;
	attr->attr = a.attr;
	return 0;
}

RNIC_CM_EXPORT void rdma_destroy_srq(struct rdma_cm_id *id)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);

	if (!id)
		return;
	pthread_mutex_lock(&rnic_cm.lock);
	if (id->srq) {
		ibv_destroy_srq(id->srq);
		id->srq = NULL;
	}
	if (!id->qp)
		rnic_cm_cqs_destroy(p, RNIC_CM_OWN_RECV_CQ);
	pthread_mutex_unlock(&rnic_cm.lock);
}

/* ------------------------------------------------------------------ */
/* endpoints                                                           */

/*
 * rdma_create_ep(3): a synchronous ID from rdma_getaddrinfo's result. The
 * active side resolves address and route and, given QP attributes, makes
 * the QP; the passive side binds to the source address (if any) and keeps
 * pd and the QP attributes for the IDs rdma_get_request returns.
 */
RNIC_CM_EXPORT int rdma_create_ep(struct rdma_cm_id **id, struct rdma_addrinfo *res,
				  struct ibv_pd *pd, struct ibv_qp_init_attr *qp_init_attr)
{
	struct rdma_cm_id *cm;
	struct rnic_cm_id *p;
	int err;

	if (!id || !res) {
		errno = EINVAL;
		return -1;
	}
	if (rdma_create_id(NULL, &cm, NULL,
			   res->ai_port_space ? (enum rdma_port_space)res->ai_port_space : RDMA_PS_TCP))
		return -1;
	p = rnic_cm_priv(cm);
	if (res->ai_qp_type)
		cm->qp_type = (enum ibv_qp_type)res->ai_qp_type;
	if (res->ai_flags & RAI_PASSIVE) {
		if (res->ai_src_addr && rdma_bind_addr(cm, res->ai_src_addr))
			goto fail;
		p->ep_pd = pd;
		if (qp_init_attr) {
			p->ep_attr = malloc(sizeof(*p->ep_attr));
			if (!p->ep_attr) {
				errno = ENOMEM;
				goto fail;
			}
			*p->ep_attr = *qp_init_attr;
			/* the endpoint's QPs are of the address's type */
			p->ep_attr->qp_type = cm->qp_type;
		}
	} else {
		if (rdma_resolve_addr(cm, res->ai_src_len ? res->ai_src_addr : NULL, res->ai_dst_addr,
				      2000))
			goto fail;
		if (rdma_resolve_route(cm, 2000))
			goto fail;
		if (qp_init_attr) {
			/* rdma_create_ep(3): the QP is of the address's type
			 * (rdma_getaddrinfo's ai_qp_type), whatever the caller
			 * left in qp_type */
			qp_init_attr->qp_type = cm->qp_type;
			if (rdma_create_qp(cm, pd, qp_init_attr))
				goto fail;
		}
	}
	*id = cm;
	return 0;
fail:
	err = errno;
	rdma_destroy_id(cm);
	errno = err;
	return -1;
}

/* rdma_destroy_ep(3): QP, SRQ, the CQs made for them, and the ID. */
RNIC_CM_EXPORT void rdma_destroy_ep(struct rdma_cm_id *id)
{
	if (!id)
		return;
	if (id->qp)
		rdma_destroy_qp(id);
	if (id->srq)
		rdma_destroy_srq(id);
	rdma_destroy_id(id);
}
