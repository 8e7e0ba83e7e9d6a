/*
 * The connection manager of the mock devices (mock_device.h): the CM_*
 * commands of include/rnic.toml over one table of CM IDs shared by every
 * mock device of the process. A message goes to its peer at once, as the
 * peer's event (cmd_cm_event_out), and raises the peer device's CM_NOTIFY
 * vector; private data is reported in the message's full size (REQ 56
 * after the RDMA CM header, REP 196, ...), zero-filled past what was sent,
 * as the firmware reports it. A REQ to an address and port nobody listens
 * on is rejected with reason 8 (IBA 12.6.7.2: invalid service ID).
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "mock_device.h"

#define MOCK_CM_IDS 64
#define MOCK_CM_EVENTS 64

struct mock_cm_id {
	struct mock_dev *dev; /* NULL: free */
	uint32_t ps, qp_type;
	int listening;
	uint32_t lip, lport;
	uint32_t peer;        /* the other end's handle, 0: none */
	int dreq_rcvd;
	int closed;
	uint8_t pdata[RNIC_CM_MAX_PDATA]; /* CM_PDATA staging */
};

struct mock_cm_event {
	struct mock_dev *dev;
	uint32_t w[RNIC_CMD_OUT_WORDS];
	uint8_t pdata[RNIC_CM_MAX_PDATA];
};

static pthread_mutex_t mock_cm_lock = PTHREAD_MUTEX_INITIALIZER;
static struct mock_cm_id mock_cm_ids[MOCK_CM_IDS + 1]; /* handle = index; 0 unused */
static struct mock_cm_event mock_cm_evq[MOCK_CM_EVENTS];
static unsigned mock_cm_nev;

static struct mock_cm_id *mock_cm_get(struct mock_dev *m, uint32_t h)
{
	return h && h <= MOCK_CM_IDS && mock_cm_ids[h].dev == m ? &mock_cm_ids[h] : NULL;
}

static uint32_t mock_cm_alloc(struct mock_dev *m, uint32_t ps, uint32_t qp_type)
{
	for (uint32_t h = 1; h <= MOCK_CM_IDS; h++) {
		if (mock_cm_ids[h].dev)
			continue;
		memset(&mock_cm_ids[h], 0, sizeof(mock_cm_ids[h]));
		mock_cm_ids[h].dev = m;
		mock_cm_ids[h].ps = ps;
		mock_cm_ids[h].qp_type = qp_type;
		return h;
	}
	return 0;
}

/* Queues event `type` for ID h with `sent` bytes of private data in a
 * message of `size` bytes; returns its words for more fields (NULL: the
 * queue is full and the message is lost). */
static uint32_t *mock_cm_post(uint32_t h, uint32_t type, const uint8_t *pdata, uint32_t sent,
			      uint32_t size)
{
	struct mock_cm_id *c = &mock_cm_ids[h];
	struct mock_cm_event *e;
	struct mock_dev *d = c->dev;

	if (mock_cm_nev == MOCK_CM_EVENTS)
		return NULL;
	e = &mock_cm_evq[mock_cm_nev++];
	memset(e, 0, sizeof(*e));
	e->dev = d;
	rnic_cmd_out_set_handle(e->w, h);
	rnic_cmd_cm_event_out_set_event(e->w, type);
	rnic_cmd_cm_event_out_set_pdata_len(e->w, size);
	if (pdata && sent)
		memcpy(e->pdata, pdata, sent < size ? sent : size);
	if (d->cm_vector && d->irq_efd[d->cm_vector] >= 0) {
		uint64_t one = 1;

		(void)!write(d->irq_efd[d->cm_vector], &one, sizeof(one));
	}
	return e->w;
}

static void mock_cm_pop(unsigned i)
{
	memmove(&mock_cm_evq[i], &mock_cm_evq[i + 1], (mock_cm_nev - i - 1) * sizeof(mock_cm_evq[0]));
	mock_cm_nev--;
}

static uint32_t mock_cm_connect(struct mock_dev *m, uint32_t h, struct mock_cm_id *c,
				const uint32_t *in)
{
	uint32_t rip = rnic_cmd_cm_in_get_remote_ip(in), rport = rnic_cmd_cm_in_get_remote_port(in);
	uint32_t len = rnic_cmd_cm_in_get_pdata_len(in), l = 0, n, *w;
	int ud = c->qp_type == RNIC_QP_TYPE_UD;

	for (uint32_t i = 1; i <= MOCK_CM_IDS && !l; i++) {
		struct mock_cm_id *x = &mock_cm_ids[i];

		if (x->dev && x->dev != m && x->listening && x->ps == c->ps && x->lport == rport &&
		    x->dev->ipv4 == rip && (x->lip == 0 || x->lip == rip))
			l = i;
	}
	if (!l) {
		w = mock_cm_post(h, RNIC_CM_EVENT_REJ, NULL, 0, 148);
		if (w)
			rnic_cmd_cm_event_out_set_status(w, 8);
		return RNIC_CMD_STATUS_OK;
	}
	n = mock_cm_alloc(mock_cm_ids[l].dev, c->ps, c->qp_type);
	if (!n)
		return RNIC_CMD_STATUS_NO_RESOURCES;
	c->peer = n;
	mock_cm_ids[n].peer = h;
	w = mock_cm_post(n, ud ? RNIC_CM_EVENT_SIDR_REQ : RNIC_CM_EVENT_REQ, c->pdata, len,
			 ud ? 180 : 56);
	if (!w)
		return RNIC_CMD_STATUS_OK;
	rnic_cmd_cm_event_out_set_listen_id(w, l);
	rnic_cmd_cm_event_out_set_qp_type(w, c->qp_type);
	rnic_cmd_cm_event_out_set_remote_ip(w, m->ipv4);
	rnic_cmd_cm_event_out_set_local_ip(w, rip);
	rnic_cmd_cm_event_out_set_remote_port(w, rnic_cmd_cm_in_get_local_port(in));
	rnic_cmd_cm_event_out_set_local_port(w, rport);
	rnic_cmd_cm_event_out_set_ps(w, c->ps);
	if (!ud) {
		rnic_cmd_cm_event_out_set_remote_qpn(w, rnic_cmd_cm_in_get_qpn(in));
		rnic_cmd_cm_event_out_set_remote_psn(w, rnic_cmd_cm_in_get_psn(in));
		rnic_cmd_cm_event_out_set_resp_res(w, rnic_cmd_cm_in_get_resp_res(in));
		rnic_cmd_cm_event_out_set_init_depth(w, rnic_cmd_cm_in_get_init_depth(in));
		rnic_cmd_cm_event_out_set_retry_cnt(w, rnic_cmd_cm_in_get_retry_cnt(in));
		rnic_cmd_cm_event_out_set_rnr_retry(w, rnic_cmd_cm_in_get_rnr_retry(in));
		rnic_cmd_cm_event_out_set_srq(w, rnic_cmd_cm_in_get_srq(in));
		rnic_cmd_cm_event_out_set_mtu(w, rnic_cmd_cm_in_get_mtu(in));
	}
	return RNIC_CMD_STATUS_OK;
}

uint32_t mock_cm_cmd(struct mock_dev *m, uint32_t op, uint32_t h, const uint32_t *in, uint32_t *out)
{
	struct mock_cm_id *c = NULL, *p = NULL;
	uint32_t st = RNIC_CMD_STATUS_OK, *w, len = rnic_cmd_cm_in_get_pdata_len(in);

	pthread_mutex_lock(&mock_cm_lock);
	if (op != RNIC_CMD_OP_CM_NOTIFY && op != RNIC_CMD_OP_CM_CREATE_ID &&
	    op != RNIC_CMD_OP_CM_GET_EVENT && op != RNIC_CMD_OP_CM_ACK_EVENT) {
		c = mock_cm_get(m, h);
		if (!c) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			goto out;
		}
		p = c->peer ? &mock_cm_ids[c->peer] : NULL;
	}
	switch (op) {
	case RNIC_CMD_OP_CM_NOTIFY:
		m->cm_vector = (int)h;
		break;
	case RNIC_CMD_OP_CM_CREATE_ID:
		h = mock_cm_alloc(m, rnic_cmd_cm_in_get_ps(in), rnic_cmd_cm_in_get_qp_type(in));
		if (!h)
			st = RNIC_CMD_STATUS_NO_RESOURCES;
		rnic_cmd_out_set_handle(out, h);
		break;
	case RNIC_CMD_OP_CM_LISTEN:
		for (uint32_t i = 1; i <= MOCK_CM_IDS; i++) {
			struct mock_cm_id *x = &mock_cm_ids[i];
			uint32_t ip = rnic_cmd_cm_in_get_local_ip(in);

			if (x->dev == m && x->listening && x->ps == c->ps &&
			    x->lport == rnic_cmd_cm_in_get_local_port(in) &&
			    (x->lip == 0 || ip == 0 || x->lip == ip))
				st = RNIC_CMD_STATUS_BUSY;
		}
		if (st == RNIC_CMD_STATUS_OK) {
			c->listening = 1;
			c->lip = rnic_cmd_cm_in_get_local_ip(in);
			c->lport = rnic_cmd_cm_in_get_local_port(in);
		}
		break;
	case RNIC_CMD_OP_CM_PDATA: {
		uint32_t off = rnic_cmd_cm_in_get_pdata_off(in), n = rnic_cmd_cm_in_get_pdata_chunk(in);

		if (n == 0 || n > RNIC_CM_PDATA_CHUNK || off + n > RNIC_CM_MAX_PDATA) {
			st = RNIC_CMD_STATUS_BAD_PARAM;
			break;
		}
		for (uint32_t i = 0; i < n; i++)
			c->pdata[off + i] = (uint8_t)(in[RNIC_CM_PDATA_DW + i / 4] >> (8 * (i % 4)));
		break;
	}
	case RNIC_CMD_OP_CM_CONNECT:
		st = mock_cm_connect(m, h, c, in);
		break;
	case RNIC_CMD_OP_CM_ACCEPT:
		if (!p) {
			st = RNIC_CMD_STATUS_BAD_STATE;
			break;
		}
		if (c->qp_type == RNIC_QP_TYPE_UD) {
			w = mock_cm_post(c->peer, RNIC_CM_EVENT_SIDR_REP, c->pdata, len, 136);
			if (w) {
				rnic_cmd_cm_event_out_set_qkey(w, rnic_cmd_cm_in_get_qkey(in));
				rnic_cmd_cm_event_out_set_remote_qpn(w, rnic_cmd_cm_in_get_qpn(in));
				rnic_cmd_cm_event_out_set_remote_ip(w, m->ipv4);
			}
			break;
		}
		w = mock_cm_post(c->peer, RNIC_CM_EVENT_REP, c->pdata, len, 196);
		if (w) {
			rnic_cmd_cm_event_out_set_remote_ip(w, m->ipv4);
			rnic_cmd_cm_event_out_set_remote_qpn(w, rnic_cmd_cm_in_get_qpn(in));
			rnic_cmd_cm_event_out_set_remote_psn(w, rnic_cmd_cm_in_get_psn(in));
			rnic_cmd_cm_event_out_set_resp_res(w, rnic_cmd_cm_in_get_resp_res(in));
			rnic_cmd_cm_event_out_set_init_depth(w, rnic_cmd_cm_in_get_init_depth(in));
			rnic_cmd_cm_event_out_set_rnr_retry(w, rnic_cmd_cm_in_get_rnr_retry(in));
			rnic_cmd_cm_event_out_set_srq(w, rnic_cmd_cm_in_get_srq(in));
		}
		break;
	case RNIC_CMD_OP_CM_REJECT:
		if (!p) {
			st = RNIC_CMD_STATUS_BAD_STATE;
			break;
		}
		w = mock_cm_post(c->peer,
				 c->qp_type == RNIC_QP_TYPE_UD ? RNIC_CM_EVENT_SIDR_REP : RNIC_CM_EVENT_REJ,
				 c->pdata, len, c->qp_type == RNIC_QP_TYPE_UD ? 136 : 148);
		if (w)
			rnic_cmd_cm_event_out_set_status(w, rnic_cmd_cm_in_get_reason(in));
		p->peer = 0;
		c->peer = 0;
		break;
	case RNIC_CMD_OP_CM_ESTABLISH:
		if (!p)
			st = RNIC_CMD_STATUS_BAD_STATE;
		else
			mock_cm_post(c->peer, RNIC_CM_EVENT_RTU, c->pdata, len, 224);
		break;
	case RNIC_CMD_OP_CM_DISCONNECT:
		if (!p || c->closed) {
			st = RNIC_CMD_STATUS_BAD_STATE;
		} else if (c->dreq_rcvd) {
			mock_cm_post(c->peer, RNIC_CM_EVENT_DREP, c->pdata, len, 224);
			c->closed = 1;
		} else {
			mock_cm_post(c->peer, RNIC_CM_EVENT_DREQ, c->pdata, len, 220);
			p->dreq_rcvd = 1;
			c->closed = 1;
		}
		break;
	case RNIC_CMD_OP_CM_DESTROY:
		if (p) {
			if (!c->closed && !p->closed) {
				/* a connection still up: the DREQ it owes */
				mock_cm_post(c->peer, RNIC_CM_EVENT_DREQ, NULL, 0, 220);
				p->dreq_rcvd = 1;
			}
			p->peer = 0;
		}
		for (unsigned i = 0; i < mock_cm_nev;)
			if (mock_cm_evq[i].dev == m && rnic_cmd_out_get_handle(mock_cm_evq[i].w) == h)
				mock_cm_pop(i);
			else
				i++;
		c->dev = NULL;
		break;
	case RNIC_CMD_OP_CM_GET_EVENT: {
		uint32_t off = rnic_cmd_cm_in_get_pdata_off(in);

		for (unsigned i = 0; i < mock_cm_nev; i++) {
			struct mock_cm_event *e = &mock_cm_evq[i];

			if (e->dev != m)
				continue;
			memcpy(out + 1, e->w + 1, sizeof(e->w) - sizeof(e->w[0]));
			for (uint32_t k = 0; k < RNIC_CM_PDATA_CHUNK && off + k < RNIC_CM_MAX_PDATA; k++)
				out[RNIC_CM_PDATA_DW + k / 4] |= (uint32_t)e->pdata[off + k] << (8 * (k % 4));
			break;
		}
		break;
	}
	case RNIC_CMD_OP_CM_ACK_EVENT:
		for (unsigned i = 0; i < mock_cm_nev; i++)
			if (mock_cm_evq[i].dev == m) {
				mock_cm_pop(i);
				break;
			}
		break;
	default:
		st = RNIC_CMD_STATUS_BAD_OPCODE;
	}
out:
	pthread_mutex_unlock(&mock_cm_lock);
	return st;
}

void mock_cm_close(struct mock_dev *m)
{
	pthread_mutex_lock(&mock_cm_lock);
	for (uint32_t h = 1; h <= MOCK_CM_IDS; h++) {
		if (mock_cm_ids[h].dev != m)
			continue;
		if (mock_cm_ids[h].peer)
			mock_cm_ids[mock_cm_ids[h].peer].peer = 0;
		mock_cm_ids[h].dev = NULL;
	}
	for (unsigned i = 0; i < mock_cm_nev;)
		if (mock_cm_evq[i].dev == m)
			mock_cm_pop(i);
		else
			i++;
	pthread_mutex_unlock(&mock_cm_lock);
}
