/* Connection manager: the CM ID table, the CM_* commands, CM MADs in and
 * out of the GSI mailbox, and the CM event queue (rnic_fw_cm.h).
 *
 * IBA chapter 12 as RoCEv2 uses it: the state machine of 12.9 without its
 * timers (there is no clock; see rnic_fw_cm.h), messages of 12.6, SIDR of
 * 12.11. Every command checks everything first and changes state only once
 * its MAD has gone out (a busy mailbox fails the command with BUSY and
 * changes nothing). A received MAD changes an ID only when the event it
 * owes the host has a place in the queue.
 */
#include <errno.h>

#include "rnic_fw_cm.h"
#include "rnic_fw_internal.h"

_Static_assert(RNIC_CM_IDS >= 1 && RNIC_CM_IDS <= 256, "a handle keeps the slot index in bits 7:0");
_Static_assert(RNIC_CM_PDATA_DW + RNIC_CM_PDATA_CHUNK / 4u == RNIC_CMD_OUT_WORDS,
	       "a private-data chunk fills the command from word CM_PDATA_DW");
_Static_assert(RNIC_CM_MAX_PDATA <= 255u, "pdata_len and pdata_off are 8-bit fields");
_Static_assert(RNIC_FW_CM_REQ_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA &&
		       RNIC_FW_CM_REP_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA &&
		       RNIC_FW_CM_REJ_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA &&
		       RNIC_FW_CM_RTU_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA &&
		       RNIC_FW_CM_DREQ_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA &&
		       RNIC_FW_CM_DREP_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA &&
		       RNIC_FW_CM_SIDR_REQ_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA &&
		       RNIC_FW_CM_SIDR_REP_PRIVATE_BYTES <= RNIC_CM_MAX_PDATA,
	       "every private data field fits the staging buffer and an event");

#define RNIC_FW_CM_GEN_MAX 0xFFFFFFu /* generations take the 24 bits above the index */
#define RNIC_FW_CM_IRQ_GSI 4u        /* FW IRQ_STATUS[2]: a MAD waits in the GSI mailbox */

/* ---- small helpers ------------------------------------------------------ */

static void rnic_fw_cm_copy(uint8_t *d, const uint8_t *s, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		d[i] = s[i];
}

static void rnic_fw_cm_zero(void *p, uint32_t n)
{
	uint8_t *b = p;

	for (uint32_t i = 0; i < n; i++)
		b[i] = 0;
}

static void rnic_fw_cm_be32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)(v >> 24);
	b[1] = (uint8_t)(v >> 16);
	b[2] = (uint8_t)(v >> 8);
	b[3] = (uint8_t)v;
}

static uint32_t rnic_fw_cm_get_be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* A MAC as the contract's register pairs carry it: bytes 2..5 in lo (byte
 * 5 in [7:0]), bytes 0..1 in hi (byte 1 in [7:0]). */
static void rnic_fw_cm_mac_from(uint8_t *mac, uint32_t lo, uint32_t hi)
{
	mac[0] = (uint8_t)(hi >> 8);
	mac[1] = (uint8_t)hi;
	rnic_fw_cm_be32(mac + 2, lo);
}

static uint32_t rnic_fw_cm_mac_lo(const uint8_t *mac)
{
	return rnic_fw_cm_get_be32(mac + 2);
}

static uint32_t rnic_fw_cm_mac_hi(const uint8_t *mac)
{
	return (uint32_t)mac[0] << 8 | mac[1];
}

/* Local CA GUID of the CM messages: the node GUID QUERY_DEVICE reports,
 * its byte 0 first on the wire. */
static uint64_t rnic_fw_cm_guid(const struct rnic_fw *fw)
{
	uint8_t g[8];
	uint64_t v = 0;

	rnic_fw_node_guid(fw, g);
	for (uint32_t i = 0; i < 8; i++)
		v = v << 8 | g[i];
	return v;
}

/* RDMA CM service ID (Linux rdma_get_service_id). */
static uint64_t rnic_fw_cm_service_id(uint32_t ps, uint32_t port)
{
	return (uint64_t)ps << 16 | port;
}

/* The next generation of slot id: 1 .. 2^24 - 1, then 1 again, so a handle
 * or communication ID comes back only after 2^24 - 1 others of its slot. */
static uint32_t rnic_fw_cm_next_gen(const struct rnic_fw_cm_id *id)
{
	return id->gen % RNIC_FW_CM_GEN_MAX + 1u;
}

static uint32_t rnic_fw_cm_index(const struct rnic_fw *fw, const struct rnic_fw_cm_id *id)
{
	return (uint32_t)(id - fw->cm.id);
}

/* The next TransactionID: a fresh upper half for each exchange begun,
 * the communication ID below it (as Linux's CM forms its TIDs). */
static uint64_t rnic_fw_cm_next_tid(const struct rnic_fw *fw, uint32_t comm_id)
{
	return (uint64_t)(fw->cm.tid_seq + 1u) << 32 | comm_id;
}

static int rnic_fw_cm_qp_ok(const struct rnic_fw *fw, uint32_t qpn)
{
	return qpn >= RNIC_FW_FIRST_QPN && qpn < fw->nqps && fw->qp[qpn].valid;
}

/* ---- the ID table --------------------------------------------------------- */

/* The caller's ID cmd_in.handle names: live uctx, live handle, same owner. */
static struct rnic_fw_cm_id *rnic_fw_cm_owned(struct rnic_fw *fw, const uint32_t *in)
{
	uint32_t u = rnic_cmd_in_get_uctx(in), h = rnic_cmd_in_get_handle(in);
	struct rnic_fw_cm_id *id;

	if (!rnic_fw_uctx_live(fw, u) || h == 0 || (h & 0xFFu) >= RNIC_CM_IDS)
		return NULL;
	id = &fw->cm.id[h & 0xFFu];
	return id->handle == h && id->uctx == u ? id : NULL;
}

static struct rnic_fw_cm_id *rnic_fw_cm_free_slot(struct rnic_fw *fw)
{
	for (uint32_t i = 0; i < RNIC_CM_IDS; i++)
		if (fw->cm.id[i].handle == 0)
			return &fw->cm.id[i];
	return NULL;
}

/* Takes a free slot for uctx: everything zero but its generation. */
static void rnic_fw_cm_take(struct rnic_fw *fw, struct rnic_fw_cm_id *id, uint32_t uctx,
			    uint32_t ps, uint32_t qp_type)
{
	uint32_t gen = rnic_fw_cm_next_gen(id);

	rnic_fw_cm_zero(id, sizeof(*id));
	id->gen = gen;
	id->handle = gen << 8 | rnic_fw_cm_index(fw, id);
	id->uctx = (uint16_t)uctx;
	id->ps = (uint16_t)ps;
	id->qp_type = (uint8_t)qp_type;
	id->state = RNIC_FW_CM_STATE_IDLE;
}

/* The ID whose local communication ID (or SIDR request ID) is comm_id. */
static struct rnic_fw_cm_id *rnic_fw_cm_by_local(struct rnic_fw *fw, uint32_t comm_id)
{
	struct rnic_fw_cm_id *id;

	if (comm_id == 0 || (comm_id & 0xFFu) >= RNIC_CM_IDS)
		return NULL;
	id = &fw->cm.id[comm_id & 0xFFu];
	return id->handle != 0 && id->local_comm_id == comm_id ? id : NULL;
}

/* The ID a listener made for the peer at GSI address ip whose
 * communication ID (or request ID) is comm_id. */
static struct rnic_fw_cm_id *rnic_fw_cm_by_peer(struct rnic_fw *fw, uint32_t ip, uint32_t comm_id)
{
	for (uint32_t i = 0; i < RNIC_CM_IDS; i++) {
		struct rnic_fw_cm_id *id = &fw->cm.id[i];

		if (id->handle != 0 && id->passive && id->gsi_ip == ip &&
		    id->remote_comm_id == comm_id)
			return id;
	}
	return NULL;
}

/* The listener for service (ps, port) at address ip: UD listeners take
 * SIDR_REQs, RC and UC listeners REQs. */
static struct rnic_fw_cm_id *rnic_fw_cm_listener(struct rnic_fw *fw, uint32_t ps, uint32_t port,
						 uint32_t ip, int ud)
{
	for (uint32_t i = 0; i < RNIC_CM_IDS; i++) {
		struct rnic_fw_cm_id *id = &fw->cm.id[i];

		if (id->handle != 0 && id->state == RNIC_FW_CM_STATE_LISTEN && id->ps == ps &&
		    id->local_port == port && (id->qp_type == RNIC_QP_TYPE_UD) == (ud != 0) &&
		    (id->local_ip == 0 || id->local_ip == ip))
			return id;
	}
	return NULL;
}

/* ---- events ------------------------------------------------------------- */

/* A free entry of the event queue, or NULL when it is full. */
static struct rnic_fw_cm_event *rnic_fw_cm_ev_free(struct rnic_fw *fw)
{
	for (uint32_t i = 0; i < RNIC_CM_EVENT_DEPTH; i++)
		if (fw->cm.ev[i].uctx == 0)
			return &fw->cm.ev[i];
	return NULL;
}

/* Fills entry e with an event of type for id: the ID's handle, addresses,
 * ports, port space and QP type, and len bytes of private data. The caller
 * adds the type's own fields, then posts it. */
static void rnic_fw_cm_ev_init(struct rnic_fw_cm_event *e, const struct rnic_fw_cm_id *id,
			       uint32_t type, const uint8_t *pdata, uint32_t len)
{
	uint32_t *w = e->words;

	rnic_fw_cm_zero(e, sizeof(*e));
	rnic_cmd_out_set_handle(w, id->handle);
	rnic_cmd_cm_event_out_set_event(w, type);
	rnic_cmd_cm_event_out_set_qp_type(w, id->qp_type);
	rnic_cmd_cm_event_out_set_remote_ip(w, id->remote_ip);
	rnic_cmd_cm_event_out_set_local_ip(w, id->local_ip);
	rnic_cmd_cm_event_out_set_remote_port(w, id->remote_port);
	rnic_cmd_cm_event_out_set_local_port(w, id->local_port);
	rnic_cmd_cm_event_out_set_remote_mac_lo(w, rnic_fw_cm_mac_lo(id->remote_mac));
	rnic_cmd_cm_event_out_set_remote_mac_hi(w, rnic_fw_cm_mac_hi(id->remote_mac));
	rnic_cmd_cm_event_out_set_ps(w, id->ps);
	rnic_cmd_cm_event_out_set_pdata_len(w, len);
	rnic_fw_cm_copy(e->pdata, pdata, len);
}

/* Queues e for uctx and raises the uctx's notification vector. */
static void rnic_fw_cm_ev_post(struct rnic_fw *fw, struct rnic_fw_cm_event *e, uint32_t uctx)
{
	e->uctx = (uint16_t)uctx;
	e->seq = fw->cm.ev_seq++;
	if (fw->cm.vector[uctx] != 0)
		rnic_fw_wr(fw, RNIC_FW_HOST_IRQ, fw->cm.vector[uctx]);
}

/* The oldest event of uctx, or NULL. */
static struct rnic_fw_cm_event *rnic_fw_cm_ev_oldest(struct rnic_fw *fw, uint32_t uctx)
{
	struct rnic_fw_cm_event *best = NULL;

	for (uint32_t i = 0; i < RNIC_CM_EVENT_DEPTH; i++) {
		struct rnic_fw_cm_event *e = &fw->cm.ev[i];

		if (e->uctx == uctx && uctx != 0 &&
		    (best == NULL || (int32_t)(e->seq - best->seq) < 0))
			best = e;
	}
	return best;
}

static void rnic_fw_cm_ev_drop_handle(struct rnic_fw *fw, uint32_t handle)
{
	for (uint32_t i = 0; i < RNIC_CM_EVENT_DEPTH; i++)
		if (fw->cm.ev[i].uctx != 0 && rnic_cmd_out_get_handle(fw->cm.ev[i].words) == handle)
			fw->cm.ev[i].uctx = 0;
}

/* ---- sending ------------------------------------------------------------ */

/* Encodes m and sends it to the GSI (QP1, GSI_QKEY) at ip / mac. Returns 0,
 * or -EBUSY when the mailbox stayed busy (counted; nothing sent). */
static int rnic_fw_cm_send(struct rnic_fw *fw, const struct rnic_fw_cm_msg *m, uint32_t ip,
			   const uint8_t *mac)
{
	struct rnic_fw_gsi_dest d;
	uint8_t mad[RNIC_MAD_BYTES];
	int rc;

	rc = rnic_fw_cm_encode(m, mad);
	if (rc != 0)
		return rc; /* never: every field is built within its width */
	d.dip = ip;
	d.dqpn = 1;
	d.qkey = RNIC_GSI_QKEY;
	rnic_fw_cm_copy(d.dmac, mac, 6);
	rc = rnic_fw_gsi_send(fw, &d, mad, RNIC_MAD_BYTES);
	if (rc != 0) {
		fw->cm.tx_busy++;
		return rc;
	}
	fw->cm.mads_tx++;
	return 0;
}

/* A REJ (IBA 12.6.7), no ARI. */
static int rnic_fw_cm_send_rej(struct rnic_fw *fw, uint32_t ip, const uint8_t *mac, uint64_t tid,
			       uint32_t local_comm_id, uint32_t remote_comm_id, uint32_t msg,
			       uint32_t reason, const uint8_t *pdata, uint32_t len)
{
	struct rnic_fw_cm_msg m;

	rnic_fw_cm_zero(&m, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_REJ, tid);
	m.u.rej.local_comm_id = local_comm_id;
	m.u.rej.remote_comm_id = remote_comm_id;
	m.u.rej.message_rejected = (uint8_t)msg;
	m.u.rej.reason = (uint16_t)reason;
	rnic_fw_cm_copy(m.u.rej.private_data, pdata, len);
	return rnic_fw_cm_send(fw, &m, ip, mac);
}

/* A REJ from id to its peer, in id's transaction. */
static int rnic_fw_cm_send_rej_id(struct rnic_fw *fw, const struct rnic_fw_cm_id *id,
				  uint32_t remote_comm_id, uint32_t msg, uint32_t reason,
				  const uint8_t *pdata, uint32_t len)
{
	return rnic_fw_cm_send_rej(fw, id->gsi_ip, id->remote_mac, id->tid, id->local_comm_id,
				   remote_comm_id, msg, reason, pdata, len);
}

/* A SIDR_REP (IBA 12.6.13) answering the request request_id. */
static int rnic_fw_cm_send_sidr_rep(struct rnic_fw *fw, uint32_t ip, const uint8_t *mac,
				    uint64_t tid, uint32_t request_id, uint64_t service_id,
				    uint32_t status, uint32_t qpn, uint32_t qkey,
				    const uint8_t *pdata, uint32_t len)
{
	struct rnic_fw_cm_msg m;

	rnic_fw_cm_zero(&m, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_SIDR_REP, tid);
	m.u.sidr_rep.request_id = request_id;
	m.u.sidr_rep.status = (uint8_t)status;
	m.u.sidr_rep.qpn = qpn;
	m.u.sidr_rep.service_id = service_id;
	m.u.sidr_rep.qkey = qkey;
	rnic_fw_cm_copy(m.u.sidr_rep.private_data, pdata, len);
	return rnic_fw_cm_send(fw, &m, ip, mac);
}

/* A DREQ from id, in a new transaction (written to *tid once sent). */
static int rnic_fw_cm_send_dreq(struct rnic_fw *fw, const struct rnic_fw_cm_id *id, uint64_t *tid,
				const uint8_t *pdata, uint32_t len)
{
	struct rnic_fw_cm_msg m;
	uint64_t t = rnic_fw_cm_next_tid(fw, id->local_comm_id);

	rnic_fw_cm_zero(&m, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_DREQ, t);
	m.u.dreq.local_comm_id = id->local_comm_id;
	m.u.dreq.remote_comm_id = id->remote_comm_id;
	m.u.dreq.remote_qpn_eecn = id->remote_qpn;
	rnic_fw_cm_copy(m.u.dreq.private_data, pdata, len);
	if (rnic_fw_cm_send(fw, &m, id->gsi_ip, id->remote_mac) != 0)
		return -EBUSY;
	fw->cm.tid_seq++;
	*tid = t;
	return 0;
}

/* A DREP answering the DREQ of transaction tid. */
static int rnic_fw_cm_send_drep(struct rnic_fw *fw, uint32_t ip, const uint8_t *mac, uint64_t tid,
				uint32_t local_comm_id, uint32_t remote_comm_id,
				const uint8_t *pdata, uint32_t len)
{
	struct rnic_fw_cm_msg m;

	rnic_fw_cm_zero(&m, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_DREP, tid);
	m.u.drep.local_comm_id = local_comm_id;
	m.u.drep.remote_comm_id = remote_comm_id;
	rnic_fw_cm_copy(m.u.drep.private_data, pdata, len);
	return rnic_fw_cm_send(fw, &m, ip, mac);
}

/* The RDMA CM header, then len bytes of the host's private data. */
static void rnic_fw_cm_hdr_put(uint8_t *p, uint32_t sport, uint32_t sip, uint32_t dip,
			       const uint8_t *user, uint32_t len)
{
	p[0] = RNIC_FW_CM_HDR_VERSION;
	p[1] = RNIC_FW_CM_HDR_IPV4;
	p[RNIC_FW_CM_HDR_SPORT] = (uint8_t)(sport >> 8);
	p[RNIC_FW_CM_HDR_SPORT + 1u] = (uint8_t)sport;
	rnic_fw_cm_be32(p + RNIC_FW_CM_HDR_SIP, sip);
	rnic_fw_cm_be32(p + RNIC_FW_CM_HDR_DIP, dip);
	rnic_fw_cm_copy(p + RNIC_FW_CM_HDR_BYTES, user, len);
}

/* What the RDMA CM header of a received REQ or SIDR_REQ says. */
struct rnic_fw_cm_hdr {
	uint32_t sip, dip, sport;
};

/* Reads the header at p. Returns 0, or -EPROTO for a version other than 0
 * or an IP version other than 4. */
static int rnic_fw_cm_hdr_get(const uint8_t *p, struct rnic_fw_cm_hdr *h)
{
	if (p[0] != RNIC_FW_CM_HDR_VERSION || (p[1] & 0xF0u) != RNIC_FW_CM_HDR_IPV4)
		return -EPROTO;
	h->sport = (uint32_t)p[RNIC_FW_CM_HDR_SPORT] << 8 | p[RNIC_FW_CM_HDR_SPORT + 1u];
	h->sip = rnic_fw_cm_get_be32(p + RNIC_FW_CM_HDR_SIP);
	h->dip = rnic_fw_cm_get_be32(p + RNIC_FW_CM_HDR_DIP);
	return 0;
}

/* ---- destroying an ID --------------------------------------------------- */

/* Tells the peer the ID is going (as IBA 12.9 and Linux's CM do when an ID
 * is destroyed in that state; best effort: a busy mailbox only counts), then
 * frees the ID and its queued events. */
static void rnic_fw_cm_destroy(struct rnic_fw *fw, struct rnic_fw_cm_id *id)
{
	uint64_t tid;
	uint32_t gen;

	switch (id->state) {
	case RNIC_FW_CM_STATE_ESTABLISHED:
		if (id->qp_type != RNIC_QP_TYPE_UD)
			(void)rnic_fw_cm_send_dreq(fw, id, &tid, NULL, 0);
		break;
	case RNIC_FW_CM_STATE_DREQ_RCVD:
		(void)rnic_fw_cm_send_drep(fw, id->gsi_ip, id->remote_mac, id->tid,
					   id->local_comm_id, id->remote_comm_id, NULL, 0);
		break;
	case RNIC_FW_CM_STATE_REQ_SENT:
		/* the peer's comm ID is not known yet: it finds its ID by ours */
		(void)rnic_fw_cm_send_rej_id(fw, id, 0, RNIC_FW_CM_MSG_OTHER,
					     RNIC_FW_CM_REJ_TIMEOUT, NULL, 0);
		break;
	case RNIC_FW_CM_STATE_REQ_RCVD:
		(void)rnic_fw_cm_send_rej_id(fw, id, id->remote_comm_id, RNIC_FW_CM_MSG_REQ,
					     RNIC_FW_CM_REJ_CONSUMER, NULL, 0);
		break;
	case RNIC_FW_CM_STATE_REP_RCVD:
		(void)rnic_fw_cm_send_rej_id(fw, id, id->remote_comm_id, RNIC_FW_CM_MSG_REP,
					     RNIC_FW_CM_REJ_CONSUMER, NULL, 0);
		break;
	case RNIC_FW_CM_STATE_REP_SENT:
		(void)rnic_fw_cm_send_rej_id(fw, id, id->remote_comm_id, RNIC_FW_CM_MSG_OTHER,
					     RNIC_FW_CM_REJ_CONSUMER, NULL, 0);
		break;
	case RNIC_FW_CM_STATE_SIDR_REQ_RCVD:
		(void)rnic_fw_cm_send_sidr_rep(fw, id->gsi_ip, id->remote_mac, id->tid,
					       id->remote_comm_id,
					       rnic_fw_cm_service_id(id->ps, id->local_port),
					       RNIC_FW_CM_SIDR_REJECT, 0, 0, NULL, 0);
		break;
	default: /* idle, listening, DREQ sent, SIDR_REQ sent: nobody waits for us */
		break;
	}
	rnic_fw_cm_ev_drop_handle(fw, id->handle);
	gen = id->gen;
	rnic_fw_cm_zero(id, sizeof(*id));
	id->gen = gen;
}

void rnic_fw_cm_free_uctx(struct rnic_fw *fw, uint32_t uctx)
{
	for (uint32_t i = 0; i < RNIC_CM_IDS; i++)
		if (fw->cm.id[i].handle != 0 && fw->cm.id[i].uctx == uctx)
			rnic_fw_cm_destroy(fw, &fw->cm.id[i]);
	for (uint32_t i = 0; i < RNIC_CM_EVENT_DEPTH; i++)
		if (fw->cm.ev[i].uctx == uctx)
			fw->cm.ev[i].uctx = 0;
	if (uctx < RNIC_FW_MAX_UCTXS)
		fw->cm.vector[uctx] = 0;
}

/* ---- commands ----------------------------------------------------------- */

uint32_t rnic_fw_cmd_cm_notify(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in), v = rnic_cmd_in_get_handle(in);

	(void)out;
	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (v >= RNIC_IRQ_VECTORS)
		return RNIC_CMD_STATUS_BAD_PARAM;
	fw->cm.vector[u] = (uint8_t)v;
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_create_id(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in);
	uint32_t ps = rnic_cmd_cm_in_get_ps(in), type = rnic_cmd_cm_in_get_qp_type(in);
	int connected = type == RNIC_QP_TYPE_RC || type == RNIC_QP_TYPE_UC;
	struct rnic_fw_cm_id *id;

	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (!((ps == RNIC_FW_CM_PS_TCP && connected) ||
	      (ps == RNIC_FW_CM_PS_UDP && type == RNIC_QP_TYPE_UD) ||
	      (ps == RNIC_FW_CM_PS_IB && (connected || type == RNIC_QP_TYPE_UD))))
		return RNIC_CMD_STATUS_BAD_PARAM;
	id = rnic_fw_cm_free_slot(fw);
	if (id == NULL)
		return RNIC_CMD_STATUS_NO_RESOURCES;
	rnic_fw_cm_take(fw, id, u, ps, type);
	rnic_cmd_out_set_handle(out, id->handle);
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_listen(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);
	uint32_t port = rnic_cmd_cm_in_get_local_port(in), ip = rnic_cmd_cm_in_get_local_ip(in);

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	/* the port is the host's choice, never 0; the address this port's own */
	if (port == 0 || (ip != 0 && ip != fw->cfg.ipv4))
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (id->state != RNIC_FW_CM_STATE_IDLE)
		return RNIC_CMD_STATUS_BAD_STATE;
	for (uint32_t i = 0; i < RNIC_CM_IDS; i++) {
		const struct rnic_fw_cm_id *l = &fw->cm.id[i];

		if (l->handle != 0 && l->state == RNIC_FW_CM_STATE_LISTEN && l->ps == id->ps &&
		    l->local_port == port && (l->local_ip == ip || l->local_ip == 0 || ip == 0))
			return RNIC_CMD_STATUS_BUSY;
	}
	id->local_port = (uint16_t)port;
	id->local_ip = ip;
	id->state = RNIC_FW_CM_STATE_LISTEN;
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_connect(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);
	uint32_t rip = rnic_cmd_cm_in_get_remote_ip(in), rport = rnic_cmd_cm_in_get_remote_port(in);
	uint32_t lport = rnic_cmd_cm_in_get_local_port(in), len = rnic_cmd_cm_in_get_pdata_len(in);
	uint32_t qpn = rnic_cmd_cm_in_get_qpn(in), mtu = rnic_cmd_cm_in_get_mtu(in);
	uint32_t resp_res = rnic_cmd_cm_in_get_resp_res(in);
	uint32_t init_depth = rnic_cmd_cm_in_get_init_depth(in);
	uint32_t gen, comm_id;
	uint64_t tid, sid;
	uint8_t mac[6];
	struct rnic_fw_cm_msg m;
	int ud;

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	ud = id->qp_type == RNIC_QP_TYPE_UD;
	if (rip == 0 || rport == 0)
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (ud ? len > RNIC_FW_CM_SIDR_REQ_USER_PDATA :
		 len > RNIC_FW_CM_REQ_USER_PDATA || !rnic_fw_cm_qp_ok(fw, qpn) ||
			 resp_res > RNIC_FW_MAX_RD_ATOMIC || init_depth > RNIC_FW_MAX_RD_ATOMIC ||
			 mtu < RNIC_MTU_256 || mtu > RNIC_MTU_4096)
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (id->state != RNIC_FW_CM_STATE_IDLE)
		return RNIC_CMD_STATUS_BAD_STATE;

	rnic_fw_cm_mac_from(mac, rnic_cmd_cm_in_get_remote_mac_lo(in),
			    rnic_cmd_cm_in_get_remote_mac_hi(in));
	gen = rnic_fw_cm_next_gen(id);
	comm_id = gen << 8 | rnic_fw_cm_index(fw, id);
	tid = rnic_fw_cm_next_tid(fw, comm_id);
	sid = rnic_fw_cm_service_id(id->ps, rport);
	rnic_fw_cm_zero(&m, sizeof(m));
	if (ud) {
		struct rnic_fw_cm_sidr_req *r = &m.u.sidr_req;

		rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_SIDR_REQ, tid);
		r->request_id = comm_id;
		r->pkey = RNIC_FW_CM_PKEY;
		r->service_id = sid;
		rnic_fw_cm_hdr_put(r->private_data, lport, fw->cfg.ipv4, rip, id->pdata, len);
	} else {
		struct rnic_fw_cm_req *r = &m.u.req;

		rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_REQ, tid);
		r->local_comm_id = comm_id;
		r->service_id = sid;
		r->local_ca_guid = rnic_fw_cm_guid(fw);
		r->local_qpn = qpn;
		r->responder_resources = (uint8_t)resp_res;
		r->initiator_depth = (uint8_t)init_depth;
		r->remote_cm_response_timeout = RNIC_FW_CM_RESPONSE_TIMEOUT;
		r->transport_service_type = RNIC_FW_CM_TRANSPORT_RC;
		if (id->qp_type == RNIC_QP_TYPE_UC)
			r->transport_service_type = RNIC_FW_CM_TRANSPORT_UC;
		/* no end-to-end credits: the responder's AETHs carry none */
		r->end_to_end_flow_control = 0;
		r->starting_psn = rnic_cmd_cm_in_get_psn(in);
		r->local_cm_response_timeout = RNIC_FW_CM_RESPONSE_TIMEOUT;
		r->retry_count = (uint8_t)rnic_cmd_cm_in_get_retry_cnt(in);
		r->pkey = RNIC_FW_CM_PKEY;
		r->path_mtu = (uint8_t)mtu; /* enum mtu is the IBA MTU code */
		r->rnr_retry_count = (uint8_t)rnic_cmd_cm_in_get_rnr_retry(in);
		r->max_cm_retries = RNIC_FW_CM_MAX_RETRIES;
		r->srq = (uint8_t)rnic_cmd_cm_in_get_srq(in);
		r->primary.local_lid = RNIC_FW_CM_LID_PERMISSIVE;
		r->primary.remote_lid = RNIC_FW_CM_LID_PERMISSIVE;
		rnic_fw_cm_gid_from_ipv4(r->primary.local_gid, fw->cfg.ipv4);
		rnic_fw_cm_gid_from_ipv4(r->primary.remote_gid, rip);
		/* flow label 0, packet rate 0 (the port's), traffic class 0, SL 0 */
		r->primary.hop_limit = RNIC_FW_CM_HOP_LIMIT;
		r->primary.subnet_local = 0;
		r->primary.local_ack_timeout = RNIC_FW_CM_LOCAL_ACK_TIMEOUT;
		rnic_fw_cm_hdr_put(r->private_data, lport, fw->cfg.ipv4, rip, id->pdata, len);
	}
	if (rnic_fw_cm_send(fw, &m, rip, mac) != 0)
		return RNIC_CMD_STATUS_BUSY;

	fw->cm.tid_seq++;
	id->gen = gen;
	id->local_comm_id = comm_id;
	id->remote_comm_id = 0;
	id->tid = tid;
	id->local_ip = fw->cfg.ipv4;
	id->remote_ip = rip;
	id->gsi_ip = rip;
	id->local_port = (uint16_t)lport;
	id->remote_port = (uint16_t)rport;
	id->remote_qpn = 0;
	id->passive = 0;
	rnic_fw_cm_copy(id->remote_mac, mac, 6);
	id->state = ud ? RNIC_FW_CM_STATE_SIDR_REQ_SENT : RNIC_FW_CM_STATE_REQ_SENT;
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_accept(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);
	uint32_t qpn = rnic_cmd_cm_in_get_qpn(in), len = rnic_cmd_cm_in_get_pdata_len(in);
	uint32_t resp_res = rnic_cmd_cm_in_get_resp_res(in);
	uint32_t init_depth = rnic_cmd_cm_in_get_init_depth(in);
	struct rnic_fw_cm_msg m;

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (id->state == RNIC_FW_CM_STATE_SIDR_REQ_RCVD) {
		if (!rnic_fw_cm_qp_ok(fw, qpn) || len > RNIC_FW_CM_SIDR_REP_PRIVATE_BYTES)
			return RNIC_CMD_STATUS_BAD_PARAM;
		if (rnic_fw_cm_send_sidr_rep(fw, id->gsi_ip, id->remote_mac, id->tid,
					     id->remote_comm_id,
					     rnic_fw_cm_service_id(id->ps, id->local_port),
					     RNIC_FW_CM_SIDR_OK, qpn, rnic_cmd_cm_in_get_qkey(in),
					     id->pdata, len) != 0)
			return RNIC_CMD_STATUS_BUSY;
		/* a SIDR exchange ends with its SIDR_REP: no RTU follows */
		id->state = RNIC_FW_CM_STATE_ESTABLISHED;
		return RNIC_CMD_STATUS_OK;
	}
	if (id->state != RNIC_FW_CM_STATE_REQ_RCVD)
		return RNIC_CMD_STATUS_BAD_STATE;
	if (!rnic_fw_cm_qp_ok(fw, qpn) || resp_res > RNIC_FW_MAX_RD_ATOMIC ||
	    init_depth > RNIC_FW_MAX_RD_ATOMIC || len > RNIC_FW_CM_REP_PRIVATE_BYTES)
		return RNIC_CMD_STATUS_BAD_PARAM;
	rnic_fw_cm_zero(&m, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_REP, id->tid);
	m.u.rep.local_comm_id = id->local_comm_id;
	m.u.rep.remote_comm_id = id->remote_comm_id;
	m.u.rep.local_qpn = qpn;
	m.u.rep.starting_psn = rnic_cmd_cm_in_get_psn(in);
	m.u.rep.responder_resources = (uint8_t)resp_res;
	m.u.rep.initiator_depth = (uint8_t)init_depth;
	m.u.rep.target_ack_delay = RNIC_FW_CM_TARGET_ACK_DELAY;
	m.u.rep.failover_accepted = 0; /* no alternate path was offered */
	m.u.rep.end_to_end_flow_control = 0;
	m.u.rep.rnr_retry_count = (uint8_t)rnic_cmd_cm_in_get_rnr_retry(in);
	m.u.rep.srq = (uint8_t)rnic_cmd_cm_in_get_srq(in);
	m.u.rep.local_ca_guid = rnic_fw_cm_guid(fw);
	rnic_fw_cm_copy(m.u.rep.private_data, id->pdata, len);
	if (rnic_fw_cm_send(fw, &m, id->gsi_ip, id->remote_mac) != 0)
		return RNIC_CMD_STATUS_BUSY;
	id->state = RNIC_FW_CM_STATE_REP_SENT;
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_reject(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);
	uint32_t reason = rnic_cmd_cm_in_get_reason(in), len = rnic_cmd_cm_in_get_pdata_len(in);
	int rc;

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	switch (id->state) {
	case RNIC_FW_CM_STATE_SIDR_REQ_RCVD:
		/* status 0 would say the QP is valid; the field is 8 bits */
		if (reason == 0 || reason > 0xFFu || len > RNIC_FW_CM_SIDR_REP_PRIVATE_BYTES)
			return RNIC_CMD_STATUS_BAD_PARAM;
		rc = rnic_fw_cm_send_sidr_rep(fw, id->gsi_ip, id->remote_mac, id->tid,
					      id->remote_comm_id,
					      rnic_fw_cm_service_id(id->ps, id->local_port), reason,
					      0, 0, id->pdata, len);
		break;
	case RNIC_FW_CM_STATE_REQ_RCVD:
	case RNIC_FW_CM_STATE_REP_RCVD:
		if (reason == 0 || len > RNIC_FW_CM_REJ_PRIVATE_BYTES)
			return RNIC_CMD_STATUS_BAD_PARAM;
		rc = rnic_fw_cm_send_rej_id(fw, id, id->remote_comm_id,
					    id->state == RNIC_FW_CM_STATE_REQ_RCVD ?
						    RNIC_FW_CM_MSG_REQ : RNIC_FW_CM_MSG_REP,
					    reason, id->pdata, len);
		break;
	default:
		return RNIC_CMD_STATUS_BAD_STATE;
	}
	if (rc != 0)
		return RNIC_CMD_STATUS_BUSY;
	id->state = RNIC_FW_CM_STATE_IDLE;
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_establish(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);
	uint32_t len = rnic_cmd_cm_in_get_pdata_len(in);
	struct rnic_fw_cm_msg m;

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (len > RNIC_FW_CM_RTU_PRIVATE_BYTES)
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (id->state != RNIC_FW_CM_STATE_REP_RCVD)
		return RNIC_CMD_STATUS_BAD_STATE;
	rnic_fw_cm_zero(&m, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_RTU, id->tid);
	m.u.rtu.local_comm_id = id->local_comm_id;
	m.u.rtu.remote_comm_id = id->remote_comm_id;
	rnic_fw_cm_copy(m.u.rtu.private_data, id->pdata, len);
	if (rnic_fw_cm_send(fw, &m, id->gsi_ip, id->remote_mac) != 0)
		return RNIC_CMD_STATUS_BUSY;
	id->state = RNIC_FW_CM_STATE_ESTABLISHED;
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_disconnect(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);
	uint32_t len = rnic_cmd_cm_in_get_pdata_len(in);
	uint64_t tid;

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (id->state == RNIC_FW_CM_STATE_DREQ_RCVD) {
		if (len > RNIC_FW_CM_DREP_PRIVATE_BYTES)
			return RNIC_CMD_STATUS_BAD_PARAM;
		if (rnic_fw_cm_send_drep(fw, id->gsi_ip, id->remote_mac, id->tid, id->local_comm_id,
					 id->remote_comm_id, id->pdata, len) != 0)
			return RNIC_CMD_STATUS_BUSY;
		id->state = RNIC_FW_CM_STATE_IDLE;
		return RNIC_CMD_STATUS_OK;
	}
	/* a connection: established, or accepted with the RTU still to come
	 * (lost, perhaps: nothing resends it); a UD ID has nothing to end */
	if ((id->state != RNIC_FW_CM_STATE_ESTABLISHED && id->state != RNIC_FW_CM_STATE_REP_SENT) ||
	    id->qp_type == RNIC_QP_TYPE_UD)
		return RNIC_CMD_STATUS_BAD_STATE;
	if (len > RNIC_FW_CM_DREQ_PRIVATE_BYTES)
		return RNIC_CMD_STATUS_BAD_PARAM;
	if (rnic_fw_cm_send_dreq(fw, id, &tid, id->pdata, len) != 0)
		return RNIC_CMD_STATUS_BUSY;
	id->tid = tid;
	id->state = RNIC_FW_CM_STATE_DREQ_SENT;
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_destroy(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	rnic_fw_cm_destroy(fw, id);
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_pdata(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	struct rnic_fw_cm_id *id = rnic_fw_cm_owned(fw, in);
	uint32_t off = rnic_cmd_cm_in_get_pdata_off(in), n = rnic_cmd_cm_in_get_pdata_chunk(in);

	(void)out;
	if (id == NULL)
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (n == 0 || n > RNIC_CM_PDATA_CHUNK || off + n > RNIC_CM_MAX_PDATA)
		return RNIC_CMD_STATUS_BAD_PARAM;
	/* byte 4k+j of the chunk in bits [8j+7:8j] of word CM_PDATA_DW+k */
	for (uint32_t i = 0; i < n; i++)
		id->pdata[off + i] = (uint8_t)(in[RNIC_CM_PDATA_DW + i / 4u] >> (8u * (i % 4u)));
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_get_event(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in), off = rnic_cmd_cm_in_get_pdata_off(in);
	const struct rnic_fw_cm_event *e;

	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	if (off > RNIC_CM_MAX_PDATA)
		return RNIC_CMD_STATUS_BAD_PARAM;
	e = rnic_fw_cm_ev_oldest(fw, u);
	if (e == NULL)
		return RNIC_CMD_STATUS_OK; /* event NONE, handle 0 */
	for (uint32_t i = 1; i < RNIC_CM_PDATA_DW; i++)
		out[i] = e->words[i];
	for (uint32_t i = 0; i < RNIC_CM_PDATA_CHUNK && off + i < RNIC_CM_MAX_PDATA; i++)
		out[RNIC_CM_PDATA_DW + i / 4u] |= (uint32_t)e->pdata[off + i] << (8u * (i % 4u));
	return RNIC_CMD_STATUS_OK;
}

uint32_t rnic_fw_cmd_cm_ack_event(struct rnic_fw *fw, const uint32_t *in, uint32_t *out)
{
	uint32_t u = rnic_cmd_in_get_uctx(in), h = rnic_cmd_in_get_handle(in);
	struct rnic_fw_cm_event *e;

	(void)out;
	if (!rnic_fw_uctx_live(fw, u))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	e = rnic_fw_cm_ev_oldest(fw, u);
	if (e == NULL)
		return RNIC_CMD_STATUS_BAD_STATE;
	/* a handle, when given, must be the event's: an ID destroyed between
	 * GET and ACK took its events along, and the next one is not acked */
	if (h != 0 && h != rnic_cmd_out_get_handle(e->words))
		return RNIC_CMD_STATUS_BAD_HANDLE;
	e->uctx = 0;
	return RNIC_CMD_STATUS_OK;
}

/* ---- received messages -------------------------------------------------- */

/* A new connection ID of listener l for a request (REQ or SIDR_REQ) whose
 * sender called it remote_comm_id (its comm ID or request ID): owned by the
 * listener's uctx, in the listener's port space and port, answering to the
 * datagram's source. */
static void rnic_fw_cm_take_passive(struct rnic_fw *fw, struct rnic_fw_cm_id *id,
				    const struct rnic_fw_cm_id *l, uint32_t type, uint32_t state,
				    uint32_t remote_comm_id, const struct rnic_fw_cm_msg *m,
				    const struct rnic_fw_gsi_rx *rx, const struct rnic_fw_cm_hdr *h)
{
	rnic_fw_cm_take(fw, id, l->uctx, l->ps, type);
	id->passive = 1;
	id->state = (uint8_t)state;
	id->local_comm_id = id->handle; /* this connection's first generation */
	id->remote_comm_id = remote_comm_id;
	id->tid = m->hdr.tid;
	id->local_ip = h->dip;
	id->remote_ip = h->sip;
	id->gsi_ip = rx->sip;
	id->local_port = l->local_port;
	id->remote_port = (uint16_t)h->sport;
	rnic_fw_cm_copy(id->remote_mac, rx->smac, 6);
}

static void rnic_fw_cm_rx_req(struct rnic_fw *fw, const struct rnic_fw_gsi_rx *rx,
			      const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_req *r = &m->u.req;
	uint32_t ps = (uint32_t)(r->service_id >> 16) & 0xFFFFu;
	uint32_t port = (uint32_t)r->service_id & 0xFFFFu;
	struct rnic_fw_cm_id *l, *id;
	struct rnic_fw_cm_event *e;
	struct rnic_fw_cm_hdr h;
	uint32_t reason, type, *w;

	/* the sender's retry of a REQ already taken: one ID per connection */
	if (rnic_fw_cm_by_peer(fw, rx->sip, r->local_comm_id) != NULL) {
		fw->cm.mads_stray++;
		return;
	}
	if (rnic_fw_cm_hdr_get(r->private_data, &h) != 0) {
		reason = RNIC_FW_CM_REJ_CONSUMER;
		goto reject;
	}
	l = (r->service_id >> 32) == 0 ? rnic_fw_cm_listener(fw, ps, port, h.dip, 0) : NULL;
	if (l == NULL) {
		reason = RNIC_FW_CM_REJ_INVALID_SERVICE_ID;
		goto reject;
	}
	if (r->transport_service_type == RNIC_FW_CM_TRANSPORT_RC) {
		type = RNIC_QP_TYPE_RC;
	} else if (r->transport_service_type == RNIC_FW_CM_TRANSPORT_UC) {
		type = RNIC_QP_TYPE_UC;
	} else {
		reason = RNIC_FW_CM_REJ_INVALID_TRANSPORT;
		goto reject;
	}
	id = rnic_fw_cm_free_slot(fw);
	if (id == NULL) {
		reason = RNIC_FW_CM_REJ_NO_RESOURCES;
		goto reject;
	}
	e = rnic_fw_cm_ev_free(fw);
	if (e == NULL) {
		fw->cm.ev_dropped++;
		return;
	}

	rnic_fw_cm_take_passive(fw, id, l, type, RNIC_FW_CM_STATE_REQ_RCVD, r->local_comm_id, m, rx, &h);
	id->remote_qpn = r->local_qpn;

	rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_REQ, r->private_data + RNIC_FW_CM_HDR_BYTES,
			   RNIC_FW_CM_REQ_USER_PDATA);
	w = e->words;
	rnic_cmd_cm_event_out_set_listen_id(w, l->handle);
	rnic_cmd_cm_event_out_set_remote_qpn(w, r->local_qpn);
	rnic_cmd_cm_event_out_set_resp_res(w, r->responder_resources);
	rnic_cmd_cm_event_out_set_remote_psn(w, r->starting_psn);
	rnic_cmd_cm_event_out_set_init_depth(w, r->initiator_depth);
	rnic_cmd_cm_event_out_set_retry_cnt(w, r->retry_count);
	rnic_cmd_cm_event_out_set_rnr_retry(w, r->rnr_retry_count);
	rnic_cmd_cm_event_out_set_srq(w, r->srq);
	rnic_cmd_cm_event_out_set_mtu(w, r->path_mtu);
	rnic_fw_cm_ev_post(fw, e, id->uctx);
	return;

reject:
	(void)rnic_fw_cm_send_rej(fw, rx->sip, rx->smac, m->hdr.tid, 0, r->local_comm_id,
				  RNIC_FW_CM_MSG_REQ, reason, NULL, 0);
}

static void rnic_fw_cm_rx_sidr_req(struct rnic_fw *fw, const struct rnic_fw_gsi_rx *rx,
				   const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_sidr_req *r = &m->u.sidr_req;
	uint32_t ps = (uint32_t)(r->service_id >> 16) & 0xFFFFu;
	uint32_t port = (uint32_t)r->service_id & 0xFFFFu;
	struct rnic_fw_cm_id *l, *id;
	struct rnic_fw_cm_event *e;
	struct rnic_fw_cm_hdr h;
	uint32_t status;

	if (rnic_fw_cm_by_peer(fw, rx->sip, r->request_id) != NULL) {
		fw->cm.mads_stray++;
		return;
	}
	if (rnic_fw_cm_hdr_get(r->private_data, &h) != 0) {
		status = RNIC_FW_CM_SIDR_REJECT;
		goto reject;
	}
	l = (r->service_id >> 32) == 0 ? rnic_fw_cm_listener(fw, ps, port, h.dip, 1) : NULL;
	if (l == NULL) {
		status = RNIC_FW_CM_SIDR_UNSUPPORTED;
		goto reject;
	}
	id = rnic_fw_cm_free_slot(fw);
	if (id == NULL) {
		status = RNIC_FW_CM_SIDR_REJECT;
		goto reject;
	}
	e = rnic_fw_cm_ev_free(fw);
	if (e == NULL) {
		fw->cm.ev_dropped++;
		return;
	}

	rnic_fw_cm_take_passive(fw, id, l, RNIC_QP_TYPE_UD, RNIC_FW_CM_STATE_SIDR_REQ_RCVD, r->request_id,
				m, rx, &h);

	rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_SIDR_REQ, r->private_data + RNIC_FW_CM_HDR_BYTES,
			   RNIC_FW_CM_SIDR_REQ_USER_PDATA);
	rnic_cmd_cm_event_out_set_listen_id(e->words, l->handle);
	rnic_fw_cm_ev_post(fw, e, id->uctx);
	return;

reject:
	(void)rnic_fw_cm_send_sidr_rep(fw, rx->sip, rx->smac, m->hdr.tid, r->request_id,
				       r->service_id, status, 0, 0, NULL, 0);
}

static void rnic_fw_cm_rx_rep(struct rnic_fw *fw, const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_rep *r = &m->u.rep;
	struct rnic_fw_cm_id *id = rnic_fw_cm_by_local(fw, r->remote_comm_id);
	struct rnic_fw_cm_event *e;
	uint32_t *w;

	if (id == NULL || id->state != RNIC_FW_CM_STATE_REQ_SENT) {
		fw->cm.mads_stray++;
		return;
	}
	e = rnic_fw_cm_ev_free(fw);
	if (e == NULL) {
		fw->cm.ev_dropped++;
		return;
	}
	id->remote_comm_id = r->local_comm_id;
	id->remote_qpn = r->local_qpn;
	id->state = RNIC_FW_CM_STATE_REP_RCVD;
	rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_REP, r->private_data, RNIC_FW_CM_REP_PRIVATE_BYTES);
	w = e->words;
	rnic_cmd_cm_event_out_set_remote_qpn(w, r->local_qpn);
	rnic_cmd_cm_event_out_set_resp_res(w, r->responder_resources);
	rnic_cmd_cm_event_out_set_remote_psn(w, r->starting_psn);
	rnic_cmd_cm_event_out_set_init_depth(w, r->initiator_depth);
	rnic_cmd_cm_event_out_set_rnr_retry(w, r->rnr_retry_count);
	rnic_cmd_cm_event_out_set_srq(w, r->srq);
	rnic_fw_cm_ev_post(fw, e, id->uctx);
}

static void rnic_fw_cm_rx_rtu(struct rnic_fw *fw, const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_rtu *r = &m->u.rtu;
	struct rnic_fw_cm_id *id = rnic_fw_cm_by_local(fw, r->remote_comm_id);
	struct rnic_fw_cm_event *e;

	if (id == NULL || id->state != RNIC_FW_CM_STATE_REP_SENT ||
	    id->remote_comm_id != r->local_comm_id) {
		fw->cm.mads_stray++;
		return;
	}
	e = rnic_fw_cm_ev_free(fw);
	if (e == NULL) {
		fw->cm.ev_dropped++;
		return;
	}
	id->state = RNIC_FW_CM_STATE_ESTABLISHED;
	rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_RTU, r->private_data, RNIC_FW_CM_RTU_PRIVATE_BYTES);
	rnic_fw_cm_ev_post(fw, e, id->uctx);
}

/* A REJ names our ID by our communication ID when the peer knows it; one
 * from an active side that never saw our REP names only its own, and we
 * find the ID a listener made for it. */
static void rnic_fw_cm_rx_rej(struct rnic_fw *fw, const struct rnic_fw_gsi_rx *rx,
			      const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_rej *r = &m->u.rej;
	struct rnic_fw_cm_id *id;
	struct rnic_fw_cm_event *e;
	int ok;

	if (r->remote_comm_id != 0) {
		id = rnic_fw_cm_by_local(fw, r->remote_comm_id);
		ok = id != NULL &&
		     (id->state == RNIC_FW_CM_STATE_REQ_SENT ||
		      ((id->state == RNIC_FW_CM_STATE_REP_SENT ||
			id->state == RNIC_FW_CM_STATE_REP_RCVD ||
			id->state == RNIC_FW_CM_STATE_ESTABLISHED) &&
		       id->remote_comm_id == r->local_comm_id));
	} else {
		id = rnic_fw_cm_by_peer(fw, rx->sip, r->local_comm_id);
		ok = id != NULL && (id->state == RNIC_FW_CM_STATE_REQ_RCVD ||
				    id->state == RNIC_FW_CM_STATE_REP_SENT);
	}
	if (!ok) {
		fw->cm.mads_stray++;
		return;
	}
	e = rnic_fw_cm_ev_free(fw);
	if (e == NULL) {
		fw->cm.ev_dropped++;
		return;
	}
	id->state = RNIC_FW_CM_STATE_IDLE;
	rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_REJ, r->private_data, RNIC_FW_CM_REJ_PRIVATE_BYTES);
	rnic_cmd_cm_event_out_set_status(e->words, r->reason);
	rnic_fw_cm_ev_post(fw, e, id->uctx);
}

/* IBA 12.9.8: every DREQ gets a DREP, even for a connection we no longer
 * know, so the peer is not left waiting. */
static void rnic_fw_cm_rx_dreq(struct rnic_fw *fw, const struct rnic_fw_gsi_rx *rx,
			       const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_dreq *r = &m->u.dreq;
	struct rnic_fw_cm_id *id = rnic_fw_cm_by_local(fw, r->remote_comm_id);
	struct rnic_fw_cm_event *e;

	if (id != NULL && id->remote_comm_id != r->local_comm_id)
		id = NULL;
	switch (id != NULL ? id->state : RNIC_FW_CM_STATE_IDLE) {
	case RNIC_FW_CM_STATE_ESTABLISHED:
	case RNIC_FW_CM_STATE_REP_SENT: /* the RTU went missing */
	case RNIC_FW_CM_STATE_REP_RCVD: /* the peer ends it before our RTU */
		if (id->qp_type == RNIC_QP_TYPE_UD)
			break;
		e = rnic_fw_cm_ev_free(fw);
		if (e == NULL) {
			fw->cm.ev_dropped++;
			return;
		}
		id->tid = m->hdr.tid;
		id->state = RNIC_FW_CM_STATE_DREQ_RCVD;
		rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_DREQ, r->private_data,
				   RNIC_FW_CM_DREQ_PRIVATE_BYTES);
		rnic_fw_cm_ev_post(fw, e, id->uctx);
		return;
	case RNIC_FW_CM_STATE_DREQ_SENT:
		/* both ends disconnect at once: answer, and the disconnection
		 * is complete here (the peer's DREP to ours will be stray) */
		e = rnic_fw_cm_ev_free(fw);
		if (e == NULL) {
			fw->cm.ev_dropped++;
			return;
		}
		(void)rnic_fw_cm_send_drep(fw, rx->sip, rx->smac, m->hdr.tid, r->remote_comm_id,
					   r->local_comm_id, NULL, 0);
		id->state = RNIC_FW_CM_STATE_IDLE;
		rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_DREP, NULL, 0);
		rnic_fw_cm_ev_post(fw, e, id->uctx);
		return;
	case RNIC_FW_CM_STATE_DREQ_RCVD:
		/* a retry while the host has not answered: it will */
		fw->cm.mads_stray++;
		return;
	default:
		break;
	}
	/* unknown, destroyed, or already disconnected (our DREP was lost) */
	fw->cm.mads_stray++;
	(void)rnic_fw_cm_send_drep(fw, rx->sip, rx->smac, m->hdr.tid, r->remote_comm_id,
				   r->local_comm_id, NULL, 0);
}

static void rnic_fw_cm_rx_drep(struct rnic_fw *fw, const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_drep *r = &m->u.drep;
	struct rnic_fw_cm_id *id = rnic_fw_cm_by_local(fw, r->remote_comm_id);
	struct rnic_fw_cm_event *e;

	if (id == NULL || id->state != RNIC_FW_CM_STATE_DREQ_SENT ||
	    id->remote_comm_id != r->local_comm_id) {
		fw->cm.mads_stray++;
		return;
	}
	e = rnic_fw_cm_ev_free(fw);
	if (e == NULL) {
		fw->cm.ev_dropped++;
		return;
	}
	id->state = RNIC_FW_CM_STATE_IDLE;
	rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_DREP, r->private_data,
			   RNIC_FW_CM_DREP_PRIVATE_BYTES);
	rnic_fw_cm_ev_post(fw, e, id->uctx);
}

static void rnic_fw_cm_rx_sidr_rep(struct rnic_fw *fw, const struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_sidr_rep *r = &m->u.sidr_rep;
	struct rnic_fw_cm_id *id = rnic_fw_cm_by_local(fw, r->request_id);
	struct rnic_fw_cm_event *e;

	if (id == NULL || id->state != RNIC_FW_CM_STATE_SIDR_REQ_SENT) {
		fw->cm.mads_stray++;
		return;
	}
	e = rnic_fw_cm_ev_free(fw);
	if (e == NULL) {
		fw->cm.ev_dropped++;
		return;
	}
	id->remote_qpn = r->qpn;
	id->state = r->status == RNIC_FW_CM_SIDR_OK ? RNIC_FW_CM_STATE_ESTABLISHED :
						      RNIC_FW_CM_STATE_IDLE;
	rnic_fw_cm_ev_init(e, id, RNIC_CM_EVENT_SIDR_REP, r->private_data,
			   RNIC_FW_CM_SIDR_REP_PRIVATE_BYTES);
	rnic_cmd_cm_event_out_set_status(e->words, r->status);
	rnic_cmd_cm_event_out_set_remote_qpn(e->words, r->qpn);
	rnic_cmd_cm_event_out_set_qkey(e->words, r->qkey);
	rnic_fw_cm_ev_post(fw, e, id->uctx);
}

void rnic_fw_cm_rx(struct rnic_fw *fw, const struct rnic_fw_gsi_rx *rx, const uint8_t *mad)
{
	struct rnic_fw_cm_msg m;

	fw->cm.mads_rx++;
	if (rnic_fw_cm_decode(mad, rx->len, &m) != 0) {
		fw->cm.mads_bad++;
		return;
	}
	switch (m.hdr.attr_id) {
	case RNIC_FW_CM_ATTR_REQ:      rnic_fw_cm_rx_req(fw, rx, &m); break;
	case RNIC_FW_CM_ATTR_REP:      rnic_fw_cm_rx_rep(fw, &m); break;
	case RNIC_FW_CM_ATTR_RTU:      rnic_fw_cm_rx_rtu(fw, &m); break;
	case RNIC_FW_CM_ATTR_REJ:      rnic_fw_cm_rx_rej(fw, rx, &m); break;
	case RNIC_FW_CM_ATTR_DREQ:     rnic_fw_cm_rx_dreq(fw, rx, &m); break;
	case RNIC_FW_CM_ATTR_DREP:     rnic_fw_cm_rx_drep(fw, &m); break;
	case RNIC_FW_CM_ATTR_SIDR_REQ: rnic_fw_cm_rx_sidr_req(fw, rx, &m); break;
	case RNIC_FW_CM_ATTR_SIDR_REP: rnic_fw_cm_rx_sidr_rep(fw, &m); break;
	case RNIC_FW_CM_ATTR_MRA:      fw->cm.mras++; break; /* no timers to stretch */
	default:                       fw->cm.mads_bad++; break; /* the codec knows no other */
	}
}

unsigned rnic_fw_cm_serve(struct rnic_fw *fw)
{
	struct rnic_fw_gsi_rx rx;
	uint8_t mad[RNIC_MAD_BYTES];
	unsigned n = 0;

	if ((rnic_fw_rd(fw, RNIC_FW_IRQ_STATUS) & RNIC_FW_CM_IRQ_GSI) == 0)
		return 0;
	while (n < RNIC_GSI_RX_DEPTH) {
		int rc = rnic_fw_gsi_rx_read(fw, &rx, mad);

		if (rc == -EAGAIN)
			break;
		if (rc == 0) {
			rnic_fw_cm_rx(fw, &rx, mad);
		} else { /* a length the mailbox never keeps: free it */
			fw->cm.mads_rx++;
			fw->cm.mads_bad++;
		}
		rnic_fw_gsi_rx_pop(fw);
		n++;
	}
	return n;
}
