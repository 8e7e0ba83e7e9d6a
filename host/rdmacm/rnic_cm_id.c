/*
 * Communication identifiers and the connection flow over the firmware's
 * connection manager (cmd_op CM_*, enum cm_event in include/rnic.toml).
 *
 * Active side: rdma_resolve_addr and rdma_resolve_route complete at once
 * (ADDR_RESOLVED, ROUTE_RESOLVED queued by the library); rdma_connect
 * stages the private data (CM_PDATA) and sends the REQ (CM_CONNECT) with
 * the QP's number and a starting PSN the library chooses. On the REP the
 * library moves the QP to RTR and RTS, sends the RTU (CM_ESTABLISH) and
 * reports ESTABLISHED; without a QP it reports CONNECT_RESPONSE and
 * rdma_establish sends the RTU. A UD ID sends a SIDR_REQ instead, and the
 * SIDR_REP gives ESTABLISHED with the peer's QP number and Q_Key.
 *
 * Passive side: rdma_listen creates and listens on a firmware ID; a REQ
 * (or SIDR_REQ) brings a new firmware ID, for which the library makes a new
 * rdma_cm_id reported in CONNECT_REQUEST; rdma_accept moves its QP to RTR
 * and RTS and sends the REP (CM_ACCEPT); the RTU gives ESTABLISHED.
 *
 * Disconnection: rdma_disconnect moves the QP to the error state and sends
 * a DREQ (or the DREP owed to the peer's DREQ, CM_DISCONNECT); a DREQ from
 * the peer moves the QP to the error state, as the kernel's rdma_cm does,
 * and reports DISCONNECTED, and so does the DREP to this side's DREQ.
 * Destroying an ID (CM_DESTROY) sends whatever the firmware still owes.
 *
 * Not offered (EOPNOTSUPP, rnic_cm_unsup.c): multicast, rsockets.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_addr.h"
#include "rnic_cm.h"

/* ------------------------------------------------------------------ */
/* helpers                                                             */

static int rnic_cm_fail(int err)
{
	errno = err;
	return -1;
}

/* An IPv4 address of a socket address: AF_INET, or AF_INET6 holding the
 * unspecified address (*ip 0) or an IPv4-mapped one. 0, EAFNOSUPPORT (AF_IB
 * and others) or EADDRNOTAVAIL (other IPv6 addresses). */
static int rnic_cm_sa_ipv4(const struct sockaddr *sa, uint32_t *ip, uint16_t *port)
{
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *s = (const struct sockaddr_in *)sa;

		*ip = ntohl(s->sin_addr.s_addr);
		*port = ntohs(s->sin_port);
		return 0;
	}
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *s = (const struct sockaddr_in6 *)sa;

		*port = ntohs(s->sin6_port);
		if (IN6_IS_ADDR_UNSPECIFIED(&s->sin6_addr)) {
			*ip = 0;
			return 0;
		}
		return rnic_gid_to_ipv4(s->sin6_addr.s6_addr, ip) ? EADDRNOTAVAIL : 0;
	}
	return EAFNOSUPPORT;
}

/* Writes ip:port into an address of the ID's route in the given family. */
static void rnic_cm_sa_set(struct sockaddr_storage *ss, sa_family_t family, uint32_t ip,
			   uint16_t port)
{
	memset(ss, 0, sizeof(*ss));
	if (family == AF_INET6) {
		struct sockaddr_in6 *s = (struct sockaddr_in6 *)ss;

		s->sin6_family = AF_INET6;
		s->sin6_port = htons(port);
		if (ip)
			rnic_gid_from_ipv4(ip, s->sin6_addr.s6_addr);
	} else {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;

		s->sin_family = AF_INET;
		s->sin_port = htons(port);
		s->sin_addr.s_addr = htonl(ip);
	}
}

static uint32_t rnic_cm_src_ip(const struct rnic_cm_id *p)
{
	uint32_t ip = 0;
	uint16_t port;

	(void)rnic_cm_sa_ipv4(&p->id.route.addr.src_addr, &ip, &port);
	return ip;
}

static uint16_t rnic_cm_src_port(const struct rnic_cm_id *p)
{
	uint32_t ip;
	uint16_t port = 0;

	(void)rnic_cm_sa_ipv4(&p->id.route.addr.src_addr, &ip, &port);
	return port;
}

static uint16_t rnic_cm_dst_port(const struct rnic_cm_id *p)
{
	uint32_t ip;
	uint16_t port = 0;

	(void)rnic_cm_sa_ipv4(&p->id.route.addr.dst_addr, &ip, &port);
	return port;
}

static sa_family_t rnic_cm_family(const struct rnic_cm_id *p)
{
	return p->id.route.addr.src_addr.sa_family == AF_INET6 ? AF_INET6 : AF_INET;
}

void rnic_cm_ah_fill(struct ibv_ah_attr *ah, uint32_t ip, uint8_t tclass)
{
	memset(ah, 0, sizeof(*ah));
	ah->is_global = 1;
	rnic_gid_from_ipv4(ip, ah->grh.dgid.raw);
	ah->grh.sgid_index = 0;
	ah->grh.hop_limit = RNIC_CM_HOP_LIMIT;
	ah->grh.traffic_class = tclass;
	ah->port_num = 1;
}

/* The route once both ends are known: the IB addresses of the RoCEv2
 * GIDs and one path record, as the kernel reports a RoCE route. */
static void rnic_cm_route_fill(struct rnic_cm_id *p)
{
	struct ibv_sa_path_rec *r = &p->path;
	uint32_t src = p->dev ? p->dev->ipv4 : rnic_cm_src_ip(p);

	rnic_gid_from_ipv4(src, p->id.route.addr.addr.ibaddr.sgid.raw);
	rnic_gid_from_ipv4(p->remote_ip, p->id.route.addr.addr.ibaddr.dgid.raw);
	p->id.route.addr.addr.ibaddr.pkey = htons(0xffff);
	memset(r, 0, sizeof(*r));
	r->sgid = p->id.route.addr.addr.ibaddr.sgid;
	r->dgid = p->id.route.addr.addr.ibaddr.dgid;
	r->hop_limit = RNIC_CM_HOP_LIMIT;
	r->traffic_class = p->tos;
	r->reversible = 1;
	r->numb_path = 1;
	r->pkey = htons(0xffff);
	r->mtu_selector = 2; /* exactly (IBA 15.2.5.16 PathRecord) */
	r->mtu = p->dev ? p->dev->active_mtu : IBV_MTU_1024;
	r->rate_selector = 2;
	r->rate = IBV_RATE_100_GBPS;
	r->packet_life_time_selector = 2;
	r->packet_life_time = 14;
	p->id.route.path_rec = r;
	p->id.route.num_paths = 1;
}

enum ibv_qp_type rnic_cm_qp_type(const struct rnic_cm_id *p)
{
	if (p->id.qp)
		return p->id.qp->qp_type;
	return p->id.qp_type;
}

/* The contract's qp_type (RC 0, UC 1, UD 2) of a verbs QP type. */
static uint32_t rnic_cm_qp_type_hw(enum ibv_qp_type t)
{
	switch (t) {
	case IBV_QPT_UC:
		return RNIC_QP_TYPE_UC;
	case IBV_QPT_UD:
		return RNIC_QP_TYPE_UD;
	default:
		return RNIC_QP_TYPE_RC;
	}
}

static enum ibv_qp_type rnic_cm_qp_type_ibv(uint32_t hw)
{
	switch (hw) {
	case RNIC_QP_TYPE_UC:
		return IBV_QPT_UC;
	case RNIC_QP_TYPE_UD:
		return IBV_QPT_UD;
	default:
		return IBV_QPT_RC;
	}
}

static int rnic_cm_is_ud(const struct rnic_cm_id *p)
{
	return rnic_cm_qp_type(p) == IBV_QPT_UD;
}

/* Binds the ID to device d (lock held; d open): verbs, port, channel. */
static void rnic_cm_id_attach(struct rnic_cm_id *p, struct rnic_cm_dev *d)
{
	if (p->dev == d)
		return;
	if (p->dev)
		rnic_cm_chan_dev_put(p->chan, p->dev); /* resolved anew elsewhere */
	p->dev = d;
	p->id.verbs = d->verbs;
	p->id.port_num = 1;
	rnic_cm_chan_dev_get(p->chan, d);
}

/* The firmware's ID for an ID about to listen or connect. */
static int rnic_cm_fw_create(struct rnic_cm_id *p)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	int err;

	if (p->has_fw)
		return 0;
	rnic_cmd_cm_in_set_ps(in, (uint32_t)p->id.ps);
	rnic_cmd_cm_in_set_qp_type(in, rnic_cm_qp_type_hw(rnic_cm_qp_type(p)));
	err = rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_CREATE_ID, 0, in, out);
	if (err)
		return err;
	p->fw = rnic_cmd_out_get_handle(out);
	p->has_fw = 1;
	return 0;
}

/* Stages len bytes of private data in the firmware ID (CM_PDATA, chunks
 * of CM_PDATA_CHUNK bytes packed into words CM_PDATA_DW..). */
static int rnic_cm_pdata_stage(struct rnic_cm_id *p, const void *data, uint32_t len)
{
	const uint8_t *b = data;

	for (uint32_t off = 0; off < len; off += RNIC_CM_PDATA_CHUNK) {
		uint32_t in[RNIC_CMD_IN_WORDS] = {0};
		uint32_t n = len - off < RNIC_CM_PDATA_CHUNK ? len - off : RNIC_CM_PDATA_CHUNK;
		int err;

		rnic_cmd_cm_in_set_pdata_off(in, off);
		rnic_cmd_cm_in_set_pdata_chunk(in, n);
		for (uint32_t i = 0; i < n; i++)
			in[RNIC_CM_PDATA_DW + i / 4u] |= (uint32_t)b[off + i] << (8u * (i % 4u));
		err = rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_PDATA, p->fw, in, NULL);
		if (err)
			return err;
	}
	return 0;
}

static uint8_t rnic_cm_min8(uint32_t a, uint32_t b)
{
	return (uint8_t)(a < b ? a : b);
}

/* ------------------------------------------------------------------ */
/* creation and destruction                                            */

struct rnic_cm_id *rnic_cm_id_new(struct rdma_event_channel *c, void *context,
				  enum rdma_port_space ps)
{
	struct rnic_cm_id *p = calloc(1, sizeof(*p));

	if (!p) {
		errno = ENOMEM;
		return NULL;
	}
	if (c) {
		p->chan = (struct rnic_cm_chan *)c;
	} else {
		p->chan = rnic_cm_chan_new();
		if (!p->chan) {
			free(p);
			return NULL;
		}
		p->sync = 1;
	}
	pthread_cond_init(&p->cond, NULL);
	p->id.channel = &p->chan->ch;
	p->id.context = context;
	p->id.ps = ps;
	p->id.qp_type = ps == RDMA_PS_UDP ? IBV_QPT_UD : IBV_QPT_RC;
	p->id.route.addr.src_addr.sa_family = AF_INET;
	p->id.route.addr.dst_addr.sa_family = AF_INET;
	p->ack_timeout = RNIC_CM_ACK_TIMEOUT;
	p->state = RNIC_CM_IDLE;
	p->next = &rnic_cm.ids;
	p->prev = rnic_cm.ids.prev;
	rnic_cm.ids.prev->next = p;
	rnic_cm.ids.prev = p;
	return p;
}

RNIC_CM_EXPORT int rdma_create_id(struct rdma_event_channel *channel, struct rdma_cm_id **id,
				  void *context, enum rdma_port_space ps)
{
	struct rnic_cm_id *p;

	if (!id)
		return rnic_cm_fail(EINVAL);
	if (ps != RDMA_PS_TCP && ps != RDMA_PS_UDP && ps != RDMA_PS_IB)
		return rnic_cm_fail(EINVAL); /* the firmware's port spaces (cmd_cm_in.ps) */
	rnic_cm_init();
	pthread_mutex_lock(&rnic_cm.lock);
	p = rnic_cm_id_new(channel, context, ps);
	pthread_mutex_unlock(&rnic_cm.lock);
	if (!p)
		return -1;
	*id = &p->id;
	return 0;
}

/* Unlinks the ID and frees it (lock held); the firmware ID is the
 * caller's to destroy. */
static void rnic_cm_id_free(struct rnic_cm_id *p)
{
	p->prev->next = p->next;
	p->next->prev = p->prev;
	if (p->dev)
		rnic_cm_chan_dev_put(p->chan, p->dev);
	if (p->sync)
		rnic_cm_chan_free(p->chan);
	pthread_cond_destroy(&p->cond);
	free(p->ep_attr);
	free(p);
}

void rnic_cm_id_drop(struct rnic_cm_id *p)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	struct rnic_cm_dev *d = p->dev;
	uint32_t fw = p->fw;
	int has_fw = p->has_fw;

	pthread_mutex_lock(&rnic_cm.lock);
	rnic_cm_id_free(p);
	pthread_mutex_unlock(&rnic_cm.lock);
	if (has_fw)
		(void)rnic_cm_cmd(d, RNIC_CMD_OP_CM_DESTROY, fw, in, NULL);
}

/*
 * rdma_destroy_id(3): waits until the ID's events are acknowledged (a
 * synchronous ID's last one is acknowledged here), takes its queued ones
 * off its channel, and destroys the firmware's ID, which sends what the
 * connection still owes (DREQ, DREP, or REJ for an unanswered REQ).
 * Requests queued to a listener that nobody took are rejected the same
 * way. The QP is the application's to destroy first.
 */
RNIC_CM_EXPORT int rdma_destroy_id(struct rdma_cm_id *id)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	struct rnic_cm_id *p = rnic_cm_priv(id);
	struct rnic_cm_evt *orphans, *e;
	struct rnic_cm_dev *d;
	uint32_t fw;
	int has_fw;

	if (!id)
		return rnic_cm_fail(EINVAL);
	if (p->sync && id->event) {
		rdma_ack_cm_event(id->event);
		id->event = NULL;
	}
	pthread_mutex_lock(&rnic_cm.lock);
	while (p->events_out)
		pthread_cond_wait(&p->cond, &rnic_cm.lock);
	d = p->dev;
	pthread_mutex_unlock(&rnic_cm.lock);
	/* no drain may be handling an event of the ID while it goes */
	if (d)
		pthread_mutex_lock(&d->drain_lock);
	pthread_mutex_lock(&rnic_cm.lock);
	orphans = rnic_cm_evt_purge(p);
	fw = p->fw;
	has_fw = p->has_fw;
	rnic_cm_id_free(p);
	pthread_mutex_unlock(&rnic_cm.lock);
	if (d)
		pthread_mutex_unlock(&d->drain_lock);
	if (has_fw)
		(void)rnic_cm_cmd(d, RNIC_CMD_OP_CM_DESTROY, fw, in, NULL);
	while ((e = orphans)) {
		orphans = e->next;
		rnic_cm_id_drop(rnic_cm_priv(e->ev.id));
		free(e);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* addresses                                                           */

/* Binds p to ip:port (lock held); port 0: an ephemeral one. */
static int rnic_cm_bind_locked(struct rnic_cm_id *p, sa_family_t family, uint32_t ip, uint16_t port)
{
	struct rnic_cm_dev *d = NULL;
	int err;

	if (ip) {
		if ((ip >> 24) == 127)
			return EADDRNOTAVAIL; /* no RDMA device on the loopback */
		d = rnic_cm_dev_by_ip(ip);
		if (!d)
			return EADDRNOTAVAIL;
	}
	if (port == 0) {
		port = rnic_cm_port_alloc(p->id.ps);
		if (!port)
			return EADDRINUSE;
	} else if (rnic_cm_port_busy(p, ip, port)) {
		return EADDRINUSE;
	}
	if (d) {
		err = rnic_cm_dev_open(d);
		if (err)
			return err;
		rnic_cm_id_attach(p, d);
	}
	p->bound_any = ip == 0;
	p->port_held = 1;
	rnic_cm_sa_set(&p->id.route.addr.src_storage, family, ip, port);
	p->state = RNIC_CM_BOUND;
	return 0;
}

RNIC_CM_EXPORT int rdma_bind_addr(struct rdma_cm_id *id, struct sockaddr *addr)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	uint32_t ip;
	uint16_t port;
	int err;

	if (!id || !addr)
		return rnic_cm_fail(EINVAL);
	err = rnic_cm_sa_ipv4(addr, &ip, &port);
	if (err)
		return rnic_cm_fail(err);
	pthread_mutex_lock(&rnic_cm.lock);
	err = p->state == RNIC_CM_IDLE ? rnic_cm_bind_locked(p, addr->sa_family, ip, port) : EINVAL;
	pthread_mutex_unlock(&rnic_cm.lock);
	return err ? rnic_cm_fail(err) : 0;
}

/*
 * rdma_resolve_addr(3). The source is the bound address, or src_addr
 * (bound first as rdma_bind_addr would), or the device the routing rule
 * names (rnic_cm_dev_route). Completes at once: ADDR_RESOLVED, or
 * ADDR_ERROR with -ENODEV (no device reaches the destination) or
 * -ETIMEDOUT (the destination answers nowhere, as an unanswered ARP
 * request ends). timeout_ms is not needed.
 */
RNIC_CM_EXPORT int rdma_resolve_addr(struct rdma_cm_id *id, struct sockaddr *src_addr,
				     struct sockaddr *dst_addr, int timeout_ms)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	struct rnic_cm_dev *d = NULL;
	struct rnic_cm_evt *e;
	uint32_t dst, sip;
	uint16_t dport, sport;
	int err, status = 0, dst_ok;

	(void)timeout_ms;
	if (!id || !dst_addr)
		return rnic_cm_fail(EINVAL);
	err = rnic_cm_sa_ipv4(dst_addr, &dst, &dport);
	if (err == EAFNOSUPPORT)
		return rnic_cm_fail(err);
	dst_ok = err == 0 && dst != 0;
	pthread_mutex_lock(&rnic_cm.lock);
	if (src_addr && p->state == RNIC_CM_IDLE) {
		err = rnic_cm_sa_ipv4(src_addr, &sip, &sport);
		if (!err)
			err = rnic_cm_bind_locked(p, src_addr->sa_family, sip, sport);
		if (err)
			goto out;
	}
	if (p->state != RNIC_CM_IDLE && p->state != RNIC_CM_BOUND &&
	    p->state != RNIC_CM_ADDR_RESOLVED) {
		err = EINVAL;
		goto out;
	}
	if (!dst_ok) {
		status = -ENODEV;
	} else if (p->dev) {
		/* bound to a device: it must reach the destination itself */
		status = rnic_cm_dev_reach(p->dev, dst);
		d = status ? NULL : p->dev;
	} else {
		d = rnic_cm_dev_route(dst, &status);
	}
	if (d) {
		err = rnic_cm_dev_open(d);
		if (err)
			goto out;
		if (p->state == RNIC_CM_IDLE) {
			err = rnic_cm_bind_locked(p, dst_addr->sa_family, 0, 0);
			if (err)
				goto out;
			p->bound_any = 0;
		}
		rnic_cm_id_attach(p, d);
		/* the source is the device's address, with the bound port */
		rnic_cm_sa_set(&p->id.route.addr.src_storage, rnic_cm_family(p), d->ipv4,
			       rnic_cm_src_port(p));
		p->remote_ip = dst;
		rnic_cm_route_fill(p);
		p->id.route.num_paths = 0; /* until rdma_resolve_route */
		p->id.route.path_rec = NULL;
		p->state = RNIC_CM_ADDR_RESOLVED;
	}
	rnic_cm_sa_set(&p->id.route.addr.dst_storage,
		       dst_addr->sa_family == AF_INET6 ? AF_INET6 : AF_INET, dst_ok ? dst : 0, dport);
	e = rnic_cm_evt_new(p, d ? RDMA_CM_EVENT_ADDR_RESOLVED : RDMA_CM_EVENT_ADDR_ERROR, status);
	if (!e) {
		err = ENOMEM;
		goto out;
	}
	rnic_cm_evt_queue(p->chan, e);
out:
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err)
		return rnic_cm_fail(err);
	return p->sync ? rnic_cm_complete(p) : 0;
}

/* rdma_resolve_route(3): the path is the back-to-back wire; ROUTE_RESOLVED
 * at once. */
RNIC_CM_EXPORT int rdma_resolve_route(struct rdma_cm_id *id, int timeout_ms)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	struct rnic_cm_evt *e;
	int err = 0;

	(void)timeout_ms;
	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	if (p->state != RNIC_CM_ADDR_RESOLVED && p->state != RNIC_CM_ROUTE_RESOLVED) {
		err = EINVAL;
	} else {
		e = rnic_cm_evt_new(p, RDMA_CM_EVENT_ROUTE_RESOLVED, 0);
		if (!e) {
			err = ENOMEM;
		} else {
			rnic_cm_route_fill(p);
			p->state = RNIC_CM_ROUTE_RESOLVED;
			rnic_cm_evt_queue(p->chan, e);
		}
	}
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err)
		return rnic_cm_fail(err);
	return p->sync ? rnic_cm_complete(p) : 0;
}

RNIC_CM_EXPORT __be16 rdma_get_src_port(struct rdma_cm_id *id)
{
	return htons(rnic_cm_src_port(rnic_cm_priv(id)));
}

RNIC_CM_EXPORT __be16 rdma_get_dst_port(struct rdma_cm_id *id)
{
	return htons(rnic_cm_dst_port(rnic_cm_priv(id)));
}

/* ------------------------------------------------------------------ */
/* passive side                                                        */

/*
 * rdma_listen(3). An ID bound to an address listens on that address's
 * device. One bound to the wildcard address would listen on every device;
 * here, where a process may open only the NICs it uses, it listens on one:
 * $RNIC_CM_DEV, else the first device (the firmware takes every address of
 * that device, local_ip 0). An unbound ID is bound to the wildcard address
 * and an ephemeral port first, as the kernel does. BUSY from the firmware
 * (another process listens there) is EADDRINUSE; an ephemeral port then
 * moves on to the next.
 */
RNIC_CM_EXPORT int rdma_listen(struct rdma_cm_id *id, int backlog)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	struct rnic_cm_dev *d;
	int err = 0, ephemeral = 0;

	(void)backlog;
	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	if (p->state == RNIC_CM_IDLE) {
		err = rnic_cm_bind_locked(p, AF_INET, 0, 0);
		ephemeral = 1;
	} else if (p->state != RNIC_CM_BOUND) {
		err = EINVAL;
	}
	if (err)
		goto out;
	d = p->dev ? p->dev : rnic_cm_dev_any();
	if (!d) {
		err = ENODEV;
		goto out;
	}
	err = rnic_cm_dev_open(d);
	if (err)
		goto out;
	rnic_cm_id_attach(p, d);
	err = rnic_cm_fw_create(p);
	for (int tries = 0; !err; tries++) {
		uint32_t in[RNIC_CMD_IN_WORDS] = {0};

		rnic_cmd_cm_in_set_local_ip(in, p->bound_any ? 0 : rnic_cm_src_ip(p));
		rnic_cmd_cm_in_set_local_port(in, rnic_cm_src_port(p));
		err = rnic_cm_cmd(d, RNIC_CMD_OP_CM_LISTEN, p->fw, in, NULL);
		if (err != EBUSY)
			break;
		err = EADDRINUSE;
		if (!ephemeral || tries == 64)
			break;
		rnic_cm_sa_set(&p->id.route.addr.src_storage, rnic_cm_family(p), rnic_cm_src_ip(p),
			       rnic_cm_port_alloc(p->id.ps));
		err = 0;
	}
	if (!err)
		p->state = RNIC_CM_LISTEN;
out:
	pthread_mutex_unlock(&rnic_cm.lock);
	return err ? rnic_cm_fail(err) : 0;
}

/* A REQ or SIDR_REQ on listener l: the new ID, and CONNECT_REQUEST on the
 * listener's channel (lock held). */
static void rnic_cm_on_request(struct rnic_cm_dev *d, struct rnic_cm_id *l, const uint32_t *out,
			       const uint8_t *pdata, int sidr)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	uint32_t fw = rnic_cmd_out_get_handle(out), len = rnic_cmd_cm_event_out_get_pdata_len(out);
	struct rnic_cm_id *p;
	struct rnic_cm_evt *e;

	p = rnic_cm_id_new(l->sync ? NULL : &l->chan->ch, l->id.context, l->id.ps);
	e = p ? rnic_cm_evt_new(p, RDMA_CM_EVENT_CONNECT_REQUEST, 0) : NULL;
	if (!e) {
		if (p)
			rnic_cm_id_free(p);
		/* no memory: the firmware ID goes, which rejects the request */
		(void)rnic_cm_cmd(d, RNIC_CMD_OP_CM_DESTROY, fw, in, NULL);
		return;
	}
	p->fw = fw;
	p->has_fw = 1;
	p->tos = l->tos;
	p->ack_timeout = l->ack_timeout;
	p->id.qp_type = sidr ? IBV_QPT_UD : rnic_cm_qp_type_ibv(rnic_cmd_cm_event_out_get_qp_type(out));
	rnic_cm_id_attach(p, d);
	rnic_cm_sa_set(&p->id.route.addr.src_storage, rnic_cm_family(l),
		       rnic_cmd_cm_event_out_get_local_ip(out), rnic_cmd_cm_event_out_get_local_port(out));
	p->remote_ip = rnic_cmd_cm_event_out_get_remote_ip(out);
	rnic_cm_sa_set(&p->id.route.addr.dst_storage, rnic_cm_family(l), p->remote_ip,
		       rnic_cmd_cm_event_out_get_remote_port(out));
	rnic_cm_route_fill(p);
	p->state = RNIC_CM_CONN_REQ;
	if (len > RNIC_CM_MAX_PDATA)
		len = RNIC_CM_MAX_PDATA;
	memcpy(e->pdata, pdata, RNIC_CM_MAX_PDATA);
	e->ev.listen_id = &l->id;
	if (sidr) {
		e->ev.param.ud.private_data = len ? e->pdata : NULL;
		e->ev.param.ud.private_data_len = (uint8_t)len;
		rnic_cm_ah_fill(&e->ev.param.ud.ah_attr, p->remote_ip, p->tos);
	} else {
		/* what the peer asked: RTR and RTS attributes follow from it
		 * and rdma_accept's answer */
		p->remote_qpn = rnic_cmd_cm_event_out_get_remote_qpn(out);
		p->remote_psn = rnic_cmd_cm_event_out_get_remote_psn(out);
		p->req_resp_res = (uint8_t)rnic_cmd_cm_event_out_get_resp_res(out);
		p->req_init_depth = (uint8_t)rnic_cmd_cm_event_out_get_init_depth(out);
		p->retry_cnt = (uint8_t)rnic_cmd_cm_event_out_get_retry_cnt(out);
		p->rnr_retry = (uint8_t)rnic_cmd_cm_event_out_get_rnr_retry(out);
		p->mtu = rnic_cm_min8(rnic_cmd_cm_event_out_get_mtu(out), d->active_mtu);
		if (p->mtu == 0)
			p->mtu = d->active_mtu;
		/* until rdma_accept says otherwise: the most both may have */
		p->max_dest_rd_atomic = rnic_cm_min8(p->req_init_depth, d->max_rd_atom);
		p->max_rd_atomic = rnic_cm_min8(p->req_resp_res, d->max_init_rd_atom);
		p->conn_known = 1;
		e->ev.param.conn.private_data = len ? e->pdata : NULL;
		e->ev.param.conn.private_data_len = (uint8_t)len;
		/* rdma_get_cm_event(3): the responder resources asked of the
		 * recipient are the requester's initiator depth, and back */
		e->ev.param.conn.responder_resources = p->req_init_depth;
		e->ev.param.conn.initiator_depth = p->req_resp_res;
		e->ev.param.conn.retry_count = p->retry_cnt;
		e->ev.param.conn.rnr_retry_count = p->rnr_retry;
		e->ev.param.conn.srq = (uint8_t)rnic_cmd_cm_event_out_get_srq(out);
		e->ev.param.conn.qp_num = p->remote_qpn;
	}
	rnic_cm_evt_queue(l->chan, e);
}

/*
 * rdma_get_request(3): the next connection request of a listener operating
 * synchronously, as a new ID that keeps the request in id->event until
 * rdma_accept, rdma_reject or rdma_destroy_id. If rdma_create_ep gave the
 * listener QP attributes, the new ID gets a QP made with them.
 */
RNIC_CM_EXPORT int rdma_get_request(struct rdma_cm_id *listen, struct rdma_cm_id **id)
{
	struct rnic_cm_id *l = rnic_cm_priv(listen);
	struct rdma_cm_event *ev;

	if (!listen || !id || !l->sync)
		return rnic_cm_fail(EINVAL);
	if (l->state != RNIC_CM_LISTEN)
		return rnic_cm_fail(EINVAL);
	for (;;) {
		if (rdma_get_cm_event(listen->channel, &ev))
			return -1;
		if (ev->event == RDMA_CM_EVENT_CONNECT_REQUEST)
			break;
		rdma_ack_cm_event(ev); /* nothing else is reported to a listener */
	}
	if (ev->status) {
		int err = ev->status < 0 ? -ev->status : ev->status;

		rdma_ack_cm_event(ev);
		return rnic_cm_fail(err);
	}
	ev->id->event = ev;
	if (l->ep_attr) {
		struct ibv_qp_init_attr a = *l->ep_attr;

		if (rdma_create_qp(ev->id, l->ep_pd, &a)) {
			int err = errno;

			rdma_destroy_id(ev->id);
			return rnic_cm_fail(err);
		}
	}
	*id = ev->id;
	return 0;
}

/*
 * rdma_accept(3) of a connection request. With a QP on the ID it goes to
 * RTR and RTS first (peer QPN and PSN from the REQ, this side's PSN in the
 * REP). Responder resources and initiator depth: conn_param's (or, without
 * one, the request's), at most what the device and the requester allow.
 * A UD request (SIDR_REQ) is answered with the QP number and the Q_Key
 * RNIC_CM_UDP_QKEY; no ESTABLISHED follows on this side.
 */
RNIC_CM_EXPORT int rdma_accept(struct rdma_cm_id *id, struct rdma_conn_param *conn_param)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	struct rnic_cm_id *p = rnic_cm_priv(id);
	const void *pdata = conn_param ? conn_param->private_data : NULL;
	uint32_t plen = conn_param && pdata ? conn_param->private_data_len : 0, qpn;
	int err, ud;

	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	ud = rnic_cm_is_ud(p);
	if (p->state != RNIC_CM_CONN_REQ || (!id->qp && !conn_param)) {
		err = EINVAL;
		goto out;
	}
	if (plen > (ud ? RNIC_CM_PDATA_SIDR_REP : RNIC_CM_PDATA_REP)) {
		err = EINVAL;
		goto out;
	}
	qpn = id->qp ? id->qp->qp_num : conn_param->qp_num;
	if (!ud) {
		struct rnic_cm_dev *d = p->dev;

		if (conn_param) {
			p->max_dest_rd_atomic =
				rnic_cm_min8(conn_param->responder_resources, d->max_rd_atom);
			p->max_rd_atomic = rnic_cm_min8(
				rnic_cm_min8(conn_param->initiator_depth, d->max_init_rd_atom),
				p->req_resp_res);
		}
		if (!p->has_psn) {
			p->local_psn = rnic_cm_psn_next(qpn);
			p->has_psn = 1;
		}
		if (id->qp) {
			err = rnic_cm_qp_modify(p, IBV_QPS_RTR);
			if (!err)
				err = rnic_cm_qp_modify(p, IBV_QPS_RTS);
			if (err)
				goto out;
		}
		rnic_cmd_cm_in_set_psn(in, p->local_psn);
		rnic_cmd_cm_in_set_resp_res(in, p->max_dest_rd_atomic);
		rnic_cmd_cm_in_set_init_depth(in, p->max_rd_atomic);
		rnic_cmd_cm_in_set_rnr_retry(in, conn_param ? rnic_cm_min8(conn_param->rnr_retry_count, 7) : 7);
		rnic_cmd_cm_in_set_srq(in, id->qp ? id->qp->srq != NULL : conn_param->srq != 0);
	} else {
		rnic_cmd_cm_in_set_qkey(in, RNIC_CM_UDP_QKEY);
	}
	rnic_cmd_cm_in_set_qpn(in, qpn);
	rnic_cmd_cm_in_set_pdata_len(in, plen);
	err = rnic_cm_pdata_stage(p, pdata, plen);
	if (err)
		goto out;
	p->state = ud ? RNIC_CM_ESTABLISHED : RNIC_CM_ACCEPTED;
	err = rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_ACCEPT, p->fw, in, NULL);
	if (err)
		p->state = RNIC_CM_CONN_REQ;
out:
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err)
		return rnic_cm_fail(err);
	if (p->sync && !ud)
		return rnic_cm_complete(p); /* acknowledges the request, waits for the RTU */
	return 0;
}

static int rnic_cm_reject_reason(struct rdma_cm_id *id, const void *private_data,
				 uint8_t private_data_len, uint32_t reason)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	struct rnic_cm_id *p = rnic_cm_priv(id);
	uint32_t plen = private_data ? private_data_len : 0;
	int err;

	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	if (p->state != RNIC_CM_CONN_REQ ||
	    plen > (rnic_cm_is_ud(p) ? RNIC_CM_PDATA_SIDR_REP : RNIC_CM_PDATA_REJ)) {
		err = EINVAL;
	} else {
		err = rnic_cm_pdata_stage(p, private_data, plen);
		if (!err) {
			rnic_cmd_cm_in_set_reason(in, rnic_cm_is_ud(p) ? RNIC_CM_SIDR_REJECT : reason);
			rnic_cmd_cm_in_set_pdata_len(in, plen);
			err = rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_REJECT, p->fw, in, NULL);
		}
		if (!err)
			p->state = RNIC_CM_CLOSED;
	}
	pthread_mutex_unlock(&rnic_cm.lock);
	return err ? rnic_cm_fail(err) : 0;
}

/* rdma_reject(3): REJ with reason 28, consumer reject (IBA 12.6.7.2), or
 * a SIDR_REP with status 2, rejected (12.11.2). */
RNIC_CM_EXPORT int rdma_reject(struct rdma_cm_id *id, const void *private_data,
			       uint8_t private_data_len)
{
	return rnic_cm_reject_reason(id, private_data, private_data_len, RNIC_CM_REJ_CONSUMER);
}

/* rdma_reject_ece(3): the rejection rdma-core sends for unsupported ECE
 * options, reason 35 (vendor option not supported). */
RNIC_CM_EXPORT int rdma_reject_ece(struct rdma_cm_id *id, const void *private_data,
				   uint8_t private_data_len)
{
	return rnic_cm_reject_reason(id, private_data, private_data_len, RNIC_CM_REJ_VENDOR_OPTION);
}

/* ------------------------------------------------------------------ */
/* active side                                                         */

/*
 * rdma_connect(3). Without conn_param: the device's largest responder
 * resources and initiator depth, 7 retries, 7 RNR retries. The private
 * data follows the RDMA CM header the firmware sends (at most 56 bytes in
 * a REQ, 180 in a SIDR_REQ). Path MTU: the port's active MTU.
 */
RNIC_CM_EXPORT int rdma_connect(struct rdma_cm_id *id, struct rdma_conn_param *conn_param)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	struct rnic_cm_id *p = rnic_cm_priv(id);
	const void *pdata = conn_param ? conn_param->private_data : NULL;
	uint32_t plen = conn_param && pdata ? conn_param->private_data_len : 0, qpn;
	struct rnic_cm_dev *d;
	uint8_t mac[6];
	int err, ud;

	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	d = p->dev;
	ud = rnic_cm_is_ud(p);
	if (p->state != RNIC_CM_ROUTE_RESOLVED || (!ud && !id->qp && !conn_param) ||
	    plen > (ud ? RNIC_CM_PDATA_SIDR_REQ : RNIC_CM_PDATA_REQ)) {
		err = EINVAL;
		goto out;
	}
	qpn = id->qp ? id->qp->qp_num : conn_param ? conn_param->qp_num : 0;
	err = rnic_cm_fw_create(p);
	if (!err)
		err = rnic_cm_pdata_stage(p, pdata, plen);
	if (err)
		goto out;
	if (!p->has_psn) {
		p->local_psn = rnic_cm_psn_next(qpn);
		p->has_psn = 1;
	}
	p->mtu = d->active_mtu;
	if (conn_param) {
		p->max_dest_rd_atomic = rnic_cm_min8(conn_param->responder_resources, d->max_rd_atom);
		p->max_rd_atomic = rnic_cm_min8(conn_param->initiator_depth, d->max_init_rd_atom);
		p->retry_cnt = rnic_cm_min8(conn_param->retry_count, 7);
	} else {
		p->max_dest_rd_atomic = d->max_rd_atom;
		p->max_rd_atomic = d->max_init_rd_atom;
		p->retry_cnt = 7;
	}
	rnic_mac_from_ipv4(p->remote_ip, mac);
	rnic_cmd_cm_in_set_local_port(in, rnic_cm_src_port(p));
	rnic_cmd_cm_in_set_remote_port(in, rnic_cm_dst_port(p));
	rnic_cmd_cm_in_set_remote_ip(in, p->remote_ip);
	rnic_cmd_cm_in_set_remote_mac_lo(in, (uint32_t)mac[2] << 24 | (uint32_t)mac[3] << 16 |
						     (uint32_t)mac[4] << 8 | mac[5]);
	rnic_cmd_cm_in_set_remote_mac_hi(in, (uint32_t)mac[0] << 8 | mac[1]);
	rnic_cmd_cm_in_set_qpn(in, qpn);
	rnic_cmd_cm_in_set_psn(in, p->local_psn);
	rnic_cmd_cm_in_set_resp_res(in, p->max_dest_rd_atomic);
	rnic_cmd_cm_in_set_init_depth(in, p->max_rd_atomic);
	rnic_cmd_cm_in_set_retry_cnt(in, p->retry_cnt);
	rnic_cmd_cm_in_set_rnr_retry(in, conn_param ? rnic_cm_min8(conn_param->rnr_retry_count, 7) : 7);
	rnic_cmd_cm_in_set_srq(in, id->qp ? id->qp->srq != NULL : conn_param && conn_param->srq);
	rnic_cmd_cm_in_set_mtu(in, p->mtu);
	rnic_cmd_cm_in_set_pdata_len(in, plen);
	p->state = RNIC_CM_CONNECT; /* before the REP can be drained */
	err = rnic_cm_cmd(d, RNIC_CMD_OP_CM_CONNECT, p->fw, in, NULL);
	if (err)
		p->state = RNIC_CM_ROUTE_RESOLVED;
out:
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err)
		return rnic_cm_fail(err);
	return p->sync ? rnic_cm_complete(p) : 0;
}

/* Sends the RTU (lock held). */
static int rnic_cm_rtu(struct rnic_cm_id *p)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};

	return rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_ESTABLISH, p->fw, in, NULL);
}

/* rdma_establish(3): the RTU after CONNECT_RESPONSE, for an ID without a
 * QP (the application moved its QP with rdma_init_qp_attr). */
RNIC_CM_EXPORT int rdma_establish(struct rdma_cm_id *id)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	int err;

	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	if (p->state != RNIC_CM_CONN_RESP || id->qp) {
		err = EINVAL;
	} else {
		err = rnic_cm_rtu(p);
		if (!err)
			p->state = RNIC_CM_ESTABLISHED;
	}
	pthread_mutex_unlock(&rnic_cm.lock);
	return err ? rnic_cm_fail(err) : 0;
}

/*
 * rdma_disconnect(3): the QP to the error state (its work requests flush),
 * then the DREQ, or the DREP a received DREQ is owed. As the kernel's
 * rdma_cm, 0 once the ID has a connection of the firmware in any state
 * (nothing more is sent when nothing is owed); EINVAL for one that never
 * had one. A synchronous ID waits for its DISCONNECTED event.
 */
RNIC_CM_EXPORT int rdma_disconnect(struct rdma_cm_id *id)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	struct rnic_cm_id *p = rnic_cm_priv(id);
	int err = 0, wait = 0;

	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	if (!p->has_fw || p->state == RNIC_CM_LISTEN) {
		err = EINVAL;
		goto out;
	}
	switch (p->state) {
	case RNIC_CM_CONNECT:
	case RNIC_CM_CONN_RESP:
	case RNIC_CM_ACCEPTED:
	case RNIC_CM_ESTABLISHED:
		err = rnic_cm_qp_error(p);
		if (err)
			break;
		err = rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_DISCONNECT, p->fw, in, NULL);
		if (!err) {
			p->state = RNIC_CM_DREQ_SENT;
			wait = 1;
		} else if (err == EINVAL) {
			err = 0; /* the firmware has nothing to send in its state */
			p->state = RNIC_CM_CLOSED;
		}
		break;
	case RNIC_CM_DREQ_RCVD:
		err = rnic_cm_qp_error(p);
		if (!err)
			err = rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_DISCONNECT, p->fw, in, NULL);
		if (err == EINVAL)
			err = 0;
		p->state = RNIC_CM_CLOSED;
		break;
	default:
		break;
	}
	/* the DISCONNECTED a DREQ of the peer queued is the one to wait for */
	wait = wait || p->disc_pending;
out:
	pthread_mutex_unlock(&rnic_cm.lock);
	if (err)
		return rnic_cm_fail(err);
	return p->sync && wait ? rnic_cm_complete(p) : 0;
}

/* ------------------------------------------------------------------ */
/* events of the firmware                                              */

/* An event for p with the private data of the firmware's event. */
static struct rnic_cm_evt *rnic_cm_evt_pdata(struct rnic_cm_id *p, enum rdma_cm_event_type type,
					     int status, const uint32_t *out, const uint8_t *pdata)
{
	struct rnic_cm_evt *e = rnic_cm_evt_new(p, type, status);
	uint32_t len = rnic_cmd_cm_event_out_get_pdata_len(out);

	if (!e)
		return NULL;
	if (len > RNIC_CM_MAX_PDATA)
		len = RNIC_CM_MAX_PDATA;
	memcpy(e->pdata, pdata, RNIC_CM_MAX_PDATA);
	if (rnic_cm_is_ud(p)) {
		e->ev.param.ud.private_data = len ? e->pdata : NULL;
		e->ev.param.ud.private_data_len = (uint8_t)len;
	} else {
		e->ev.param.conn.private_data = len ? e->pdata : NULL;
		e->ev.param.conn.private_data_len = (uint8_t)len;
	}
	return e;
}

static void rnic_cm_post(struct rnic_cm_id *p, struct rnic_cm_evt *e)
{
	if (e)
		rnic_cm_evt_queue(p->chan, e);
}

/* The REP to p's REQ: QP to RTR and RTS and the RTU, or CONNECT_RESPONSE
 * for an ID without a QP. */
static void rnic_cm_on_rep(struct rnic_cm_id *p, const uint32_t *out, const uint8_t *pdata)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	struct rnic_cm_evt *e;
	int err = 0;

	p->remote_qpn = rnic_cmd_cm_event_out_get_remote_qpn(out);
	p->remote_psn = rnic_cmd_cm_event_out_get_remote_psn(out);
	/* the REP's initiator depth bounds the reads the peer sends here,
	 * its responder resources those this side sends (IBA 12.7.29-30) */
	p->max_dest_rd_atomic = (uint8_t)rnic_cmd_cm_event_out_get_init_depth(out);
	p->max_rd_atomic = (uint8_t)rnic_cmd_cm_event_out_get_resp_res(out);
	p->rnr_retry = (uint8_t)rnic_cmd_cm_event_out_get_rnr_retry(out);
	p->conn_known = 1;
	if (p->id.qp) {
		err = rnic_cm_qp_modify(p, IBV_QPS_RTR);
		if (!err)
			err = rnic_cm_qp_modify(p, IBV_QPS_RTS);
		if (!err)
			err = rnic_cm_rtu(p);
	}
	if (err) {
		/* the connection cannot be used: refuse it */
		rnic_cmd_cm_in_set_reason(in, RNIC_CM_REJ_CONSUMER);
		(void)rnic_cm_cmd(p->dev, RNIC_CMD_OP_CM_REJECT, p->fw, in, NULL);
		(void)rnic_cm_qp_error(p);
		p->state = RNIC_CM_CLOSED;
		rnic_cm_post(p, rnic_cm_evt_new(p, RDMA_CM_EVENT_CONNECT_ERROR, -err));
		return;
	}
	e = rnic_cm_evt_pdata(p, p->id.qp ? RDMA_CM_EVENT_ESTABLISHED : RDMA_CM_EVENT_CONNECT_RESPONSE, 0,
			      out, pdata);
	if (e) {
		e->ev.param.conn.responder_resources = p->max_dest_rd_atomic;
		e->ev.param.conn.initiator_depth = p->max_rd_atomic;
		e->ev.param.conn.rnr_retry_count = p->rnr_retry;
		e->ev.param.conn.srq = (uint8_t)rnic_cmd_cm_event_out_get_srq(out);
		e->ev.param.conn.qp_num = p->remote_qpn;
	}
	p->state = p->id.qp ? RNIC_CM_ESTABLISHED : RNIC_CM_CONN_RESP;
	rnic_cm_post(p, e);
}

static void rnic_cm_on_sidr_rep(struct rnic_cm_id *p, const uint32_t *out, const uint8_t *pdata)
{
	uint32_t status = rnic_cmd_cm_event_out_get_status(out);
	struct rnic_cm_evt *e;

	if (status != 0) {
		/* rdma_get_cm_event(3) UNREACHABLE: the SIDR_REP's status */
		p->state = RNIC_CM_CLOSED;
		rnic_cm_post(p, rnic_cm_evt_pdata(p, RDMA_CM_EVENT_UNREACHABLE, (int)status, out, pdata));
		return;
	}
	e = rnic_cm_evt_pdata(p, RDMA_CM_EVENT_ESTABLISHED, 0, out, pdata);
	if (e) {
		rnic_cm_ah_fill(&e->ev.param.ud.ah_attr, p->remote_ip, p->tos);
		e->ev.param.ud.qp_num = rnic_cmd_cm_event_out_get_remote_qpn(out);
		e->ev.param.ud.qkey = rnic_cmd_cm_event_out_get_qkey(out);
	}
	p->remote_qpn = rnic_cmd_cm_event_out_get_remote_qpn(out);
	p->state = RNIC_CM_ESTABLISHED;
	rnic_cm_post(p, e);
}

static struct rnic_cm_id *rnic_cm_id_by_fw(struct rnic_cm_dev *d, uint32_t fw)
{
	for (struct rnic_cm_id *p = rnic_cm.ids.next; p != &rnic_cm.ids; p = p->next)
		if (p->dev == d && p->has_fw && p->fw == fw)
			return p;
	return NULL;
}

void rnic_cm_fw_event(struct rnic_cm_dev *d, const uint32_t *out, const uint8_t *pdata)
{
	uint32_t type = rnic_cmd_cm_event_out_get_event(out);
	uint32_t fw = rnic_cmd_out_get_handle(out);
	struct rnic_cm_id *p;

	if (type == RNIC_CM_EVENT_REQ || type == RNIC_CM_EVENT_SIDR_REQ) {
		struct rnic_cm_id *l = rnic_cm_id_by_fw(d, rnic_cmd_cm_event_out_get_listen_id(out));

		if (l && l->state == RNIC_CM_LISTEN) {
			rnic_cm_on_request(d, l, out, pdata, type == RNIC_CM_EVENT_SIDR_REQ);
		} else {
			uint32_t in[RNIC_CMD_IN_WORDS] = {0};

			/* the listener is gone: its request is refused */
			(void)rnic_cm_cmd(d, RNIC_CMD_OP_CM_DESTROY, fw, in, NULL);
		}
		return;
	}
	p = rnic_cm_id_by_fw(d, fw);
	if (!p)
		return; /* destroyed meanwhile */
	switch (type) {
	case RNIC_CM_EVENT_REP:
		if (p->state == RNIC_CM_CONNECT)
			rnic_cm_on_rep(p, out, pdata);
		break;
	case RNIC_CM_EVENT_SIDR_REP:
		if (p->state == RNIC_CM_CONNECT)
			rnic_cm_on_sidr_rep(p, out, pdata);
		break;
	case RNIC_CM_EVENT_RTU:
		if (p->state == RNIC_CM_ACCEPTED) {
			p->state = RNIC_CM_ESTABLISHED;
			rnic_cm_post(p, rnic_cm_evt_pdata(p, RDMA_CM_EVENT_ESTABLISHED, 0, out, pdata));
		}
		break;
	case RNIC_CM_EVENT_REJ:
		if (p->state == RNIC_CM_CONNECT || p->state == RNIC_CM_ACCEPTED ||
		    p->state == RNIC_CM_CONN_RESP) {
			(void)rnic_cm_qp_error(p);
			p->state = RNIC_CM_CLOSED;
			rnic_cm_post(p, rnic_cm_evt_pdata(p, RDMA_CM_EVENT_REJECTED,
							 (int)rnic_cmd_cm_event_out_get_status(out), out,
							 pdata));
		}
		break;
	case RNIC_CM_EVENT_DREQ:
		if (p->state == RNIC_CM_ESTABLISHED || p->state == RNIC_CM_ACCEPTED ||
		    p->state == RNIC_CM_CONN_RESP) {
			/* as the kernel's rdma_cm: the QP stops at once */
			(void)rnic_cm_qp_error(p);
			p->state = RNIC_CM_DREQ_RCVD;
			rnic_cm_post(p, rnic_cm_evt_pdata(p, RDMA_CM_EVENT_DISCONNECTED, 0, out, pdata));
		} else if (p->state == RNIC_CM_DREQ_SENT) {
			/* both sides disconnect at once: the firmware answers
			 * the DREQ; one DISCONNECTED, with the DREP or now */
			p->state = RNIC_CM_CLOSED;
			rnic_cm_post(p, rnic_cm_evt_pdata(p, RDMA_CM_EVENT_DISCONNECTED, 0, out, pdata));
		}
		break;
	case RNIC_CM_EVENT_DREP:
		if (p->state == RNIC_CM_DREQ_SENT) {
			p->state = RNIC_CM_CLOSED;
			rnic_cm_post(p, rnic_cm_evt_pdata(p, RDMA_CM_EVENT_DISCONNECTED, 0, out, pdata));
		}
		break;
	case RNIC_CM_EVENT_TIMEOUT:
		if (p->state == RNIC_CM_CONNECT) {
			p->state = RNIC_CM_CLOSED;
			rnic_cm_post(p, rnic_cm_evt_new(p, RDMA_CM_EVENT_UNREACHABLE, -ETIMEDOUT));
		} else if (p->state == RNIC_CM_ACCEPTED) {
			(void)rnic_cm_qp_error(p);
			p->state = RNIC_CM_CLOSED;
			rnic_cm_post(p, rnic_cm_evt_new(p, RDMA_CM_EVENT_CONNECT_ERROR, -ETIMEDOUT));
		} else if (p->state == RNIC_CM_DREQ_SENT) {
			p->state = RNIC_CM_CLOSED;
			rnic_cm_post(p, rnic_cm_evt_new(p, RDMA_CM_EVENT_DISCONNECTED, 0));
		}
		break;
	default:
		break;
	}
}

/* ------------------------------------------------------------------ */
/* options, notification, ECE                                          */

/* rdma_set_option(3): the RDMA_OPTION_ID options are stored (TOS becomes
 * the traffic class of address vectors and paths, ACK_TIMEOUT the QP's
 * local ACK timeout; REUSEADDR lets binds share a port; AFONLY has no
 * effect with IPv4 only). Others: ENOSYS, as the kernel answers. */
RNIC_CM_EXPORT int rdma_set_option(struct rdma_cm_id *id, int level, int optname, void *optval,
				   size_t optlen)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	int err = 0;

	if (!id || !optval)
		return rnic_cm_fail(EINVAL);
	if (level != RDMA_OPTION_ID)
		return rnic_cm_fail(ENOSYS);
	pthread_mutex_lock(&rnic_cm.lock);
	switch (optname) {
	case RDMA_OPTION_ID_TOS:
		if (optlen != sizeof(uint8_t))
			err = EINVAL;
		else
			p->tos = *(uint8_t *)optval;
		break;
	case RDMA_OPTION_ID_REUSEADDR:
		if (optlen != sizeof(int))
			err = EINVAL;
		else
			p->reuseaddr = *(int *)optval != 0;
		break;
	case RDMA_OPTION_ID_AFONLY:
		if (optlen != sizeof(int))
			err = EINVAL;
		else
			p->afonly = *(int *)optval != 0;
		break;
	case RDMA_OPTION_ID_ACK_TIMEOUT:
		if (optlen != sizeof(uint8_t) || *(uint8_t *)optval > 31)
			err = EINVAL;
		else
			p->ack_timeout = *(uint8_t *)optval;
		break;
	default:
		err = ENOSYS;
		break;
	}
	pthread_mutex_unlock(&rnic_cm.lock);
	return err ? rnic_cm_fail(err) : 0;
}

/* rdma_notify(3): IBV_EVENT_COMM_EST on a connection whose RTU has not
 * come establishes it (ESTABLISHED follows; the RTU is then ignored). 0
 * for an established connection; EINVAL in other states. */
RNIC_CM_EXPORT int rdma_notify(struct rdma_cm_id *id, enum ibv_event_type event)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);
	int err = 0;

	if (!id)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	if (p->state == RNIC_CM_ACCEPTED && event == IBV_EVENT_COMM_EST) {
		p->state = RNIC_CM_ESTABLISHED;
		rnic_cm_post(p, rnic_cm_evt_new(p, RDMA_CM_EVENT_ESTABLISHED, 0));
	} else if (p->state != RNIC_CM_ESTABLISHED) {
		err = EINVAL;
	}
	pthread_mutex_unlock(&rnic_cm.lock);
	return err ? rnic_cm_fail(err) : 0;
}

/* Enhanced connection establishment is not negotiated: the peer's options
 * read as none (vendor 0, options 0), the local ones are only stored. */
RNIC_CM_EXPORT int rdma_get_remote_ece(struct rdma_cm_id *id, struct ibv_ece *ece)
{
	if (!id || !ece)
		return rnic_cm_fail(EINVAL);
	memset(ece, 0, sizeof(*ece));
	return 0;
}

RNIC_CM_EXPORT int rdma_set_local_ece(struct rdma_cm_id *id, struct ibv_ece *ece)
{
	struct rnic_cm_id *p = rnic_cm_priv(id);

	if (!id || !ece)
		return rnic_cm_fail(EINVAL);
	pthread_mutex_lock(&rnic_cm.lock);
	p->ece = *ece;
	pthread_mutex_unlock(&rnic_cm.lock);
	return 0;
}
