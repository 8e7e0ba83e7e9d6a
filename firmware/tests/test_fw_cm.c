/* The connection manager (rnic_fw_cm.h) end to end: two firmware instances,
 * each behind a fake of its firmware port (command queue and indexes,
 * context writes, the GSI mailbox registers, HOST_IRQ), joined by a fake
 * wire that carries every MAD one of them sends (GSI_TX_*, GSI_TX_GO) into
 * the other's GSI receive FIFO with the sender's IPv4 address and MAC as
 * GSI_RX_SIP / GSI_RX_SMAC, as rnic_gsi does. Both are driven only through
 * commands posted in their command queues, as a host drives them; events
 * are read with CM_GET_EVENT and checked field by field, private data byte
 * by byte in CM_PDATA_CHUNK pieces.
 *
 * Wire facts checked independently of the firmware's code (the expected
 * bytes are written out by hand here):
 *   - RDMA CM service ID = port space << 16 | port, 64 bits big-endian
 *     (Linux rdma_get_service_id): TCP 0x0106, UDP 0x0111, IB 0x013F;
 *   - the RDMA CM header at the start of REQ and SIDR_REQ private data
 *     (struct cma_hdr, Linux drivers/infiniband/core/cma.c): byte 0 version
 *     0, byte 1 IP version << 4 (0x40), bytes 2..3 source port, bytes 4..19
 *     source and 20..35 destination address, IPv4 in the last 4 bytes of
 *     each 16, the 12 before zero;
 *   - REQ / SIDR_REQ / SIDR_REP / REJ / DREP offsets as in test_fw_mad.c;
 *   - REJ reasons (IBA 12.6.7): 3 no resources, 4 timeout, 8 invalid
 *     service ID, 9 invalid transport type, 28 consumer reject; SIDR_REP
 *     status (IBA 12.11.1): 0 valid QP, 1 service ID not supported,
 *     2 rejected.
 */
#include "fw_test_model.h"
#include "rnic_fw_cm.h"
#include "rnic_fw_mad.h"

#define T_OUT 40u          /* MADs a node may send before the wire carries them */
#define T_IRQS 128u
#define T_BUSY_ALWAYS 0xFFFFFFFFu
#define A0 RNIC_FW_MAD_HDR_BYTES

struct t_mad {
	uint32_t len, ip, qpn, qkey;
	uint8_t mac[6];
	uint8_t data[RNIC_MAD_BYTES];
};

struct t_rxmad {
	uint32_t len, sip, sqpn, pkey;
	uint8_t smac[6];
	uint8_t data[RNIC_MAD_BYTES];
};

struct t_node {
	struct rnic_fw fw;
	struct rnic_fw_config cfg;
	uint32_t slots[RNIC_CMDQ_SLOTS][T_SLOT_WORDS];
	uint32_t pi, ci, irq_enable;
	uint32_t ctx_sel, ctx_data[RNIC_CTX_WORDS], ctx_writes;
	uint32_t aeq_pi;
	/* GSI receive FIFO: GSI_RX_* show rx[rx_head] */
	struct t_rxmad rx[RNIC_GSI_RX_DEPTH];
	uint32_t rx_head, rx_count, rx_pops;
	/* GSI transmit registers, and every MAD sent and not yet carried */
	uint32_t tx_dip, tx_dmac_lo, tx_dmac_hi, tx_dqpn, tx_qkey, tx_len;
	uint32_t tx_data[RNIC_MAD_BYTES / 4u];
	uint32_t tx_busy; /* GSI_TX_STATUS reads busy (T_BUSY_ALWAYS: every time) */
	struct t_mad out[T_OUT];
	uint32_t nout, sent;
	/* HOST_IRQ writes */
	uint32_t irq[T_IRQS];
	uint32_t nirq;
	uint32_t bad; /* accesses the port does not allow */
};

static struct t_node na, nb;

/* ---- the fake firmware port -------------------------------------------- */

static int t_in_range(uint32_t off, uint32_t base, uint32_t bytes)
{
	return off >= base && off < base + bytes && (off & 3u) == 0;
}

static uint32_t t_n_read32(void *opaque, uint32_t off)
{
	struct t_node *n = opaque;
	const struct t_rxmad *m = &n->rx[n->rx_head];

	if (t_in_range(off, RNIC_CMDQ_BASE, RNIC_CMDQ_SLOTS * RNIC_CMDQ_SLOT_SIZE)) {
		uint32_t rel = off - RNIC_CMDQ_BASE;

		return n->slots[rel / RNIC_CMDQ_SLOT_SIZE][(rel % RNIC_CMDQ_SLOT_SIZE) / 4u];
	}
	if (t_in_range(off, RNIC_FW_CTX_DATA, 4u * RNIC_CTX_WORDS))
		return n->ctx_data[(off - RNIC_FW_CTX_DATA) / 4u];
	if (t_in_range(off, RNIC_FW_STAT, 256u))
		return 0;
	if (t_in_range(off, RNIC_FW_GSI_RX_DATA, RNIC_MAD_BYTES)) {
		uint32_t k = (off - RNIC_FW_GSI_RX_DATA) / 4u;

		if (n->rx_count == 0)
			return 0;
		return (uint32_t)m->data[4u * k] << 24 | (uint32_t)m->data[4u * k + 1u] << 16 |
		       (uint32_t)m->data[4u * k + 2u] << 8 | m->data[4u * k + 3u];
	}
	switch (off) {
	case RNIC_FW_ID: return RNIC_MAGIC;
	case RNIC_FW_STATUS: return 1u; /* the reset sweep is over */
	case RNIC_FW_IRQ_STATUS: return (n->pi != n->ci) | (uint32_t)(n->rx_count != 0) << 2;
	case RNIC_FW_IRQ_ENABLE: return n->irq_enable;
	case RNIC_FW_CMDQ_PI: return n->pi;
	case RNIC_FW_CMDQ_CI: return n->ci;
	case RNIC_FW_CTX_SEL: return n->ctx_sel;
	case RNIC_FW_CTX_STATUS: return 0;
	case RNIC_FW_EVENT: return 0; /* no hardware events here */
	case RNIC_FW_EVENT_DATA: return 0;
	case RNIC_FW_AEQ_PI: return n->aeq_pi;
	case RNIC_FW_AEQ_CI: return n->aeq_pi;
	case RNIC_FW_PORT_MAC_LO:
	case RNIC_FW_PORT_MAC_HI:
	case RNIC_FW_PORT_IPV4: return 0;
	case RNIC_FW_PORT_CTRL: return 1;
	case RNIC_FW_GSI_RX_COUNT: return n->rx_count;
	case RNIC_FW_GSI_RX_LEN: return n->rx_count ? m->len : 0;
	case RNIC_FW_GSI_RX_SQPN: return n->rx_count ? m->sqpn : 0;
	case RNIC_FW_GSI_RX_SIP: return n->rx_count ? m->sip : 0;
	case RNIC_FW_GSI_RX_SMAC_LO:
		return n->rx_count ? (uint32_t)m->smac[2] << 24 | (uint32_t)m->smac[3] << 16 |
					     (uint32_t)m->smac[4] << 8 | m->smac[5]
				   : 0;
	case RNIC_FW_GSI_RX_SMAC_HI:
		return n->rx_count ? (uint32_t)m->smac[0] << 8 | m->smac[1] : 0;
	case RNIC_FW_GSI_RX_PKEY: return n->rx_count ? m->pkey : 0;
	case RNIC_FW_GSI_TX_STATUS:
		if (n->tx_busy == T_BUSY_ALWAYS)
			return 1;
		if (n->tx_busy) {
			n->tx_busy--;
			return 1;
		}
		return 0;
	default: n->bad++; return 0xDEADBEEFu;
	}
}

/* GSI_TX_GO: what the registers hold goes out as one MAD. */
static void t_n_go(struct t_node *n)
{
	struct t_mad *o;

	if (n->nout >= T_OUT || n->tx_len > RNIC_MAD_BYTES) {
		n->bad++;
		return;
	}
	o = &n->out[n->nout++];
	memset(o, 0, sizeof(*o));
	o->len = n->tx_len;
	o->ip = n->tx_dip;
	o->qpn = n->tx_dqpn;
	o->qkey = n->tx_qkey;
	o->mac[0] = (uint8_t)(n->tx_dmac_hi >> 8);
	o->mac[1] = (uint8_t)n->tx_dmac_hi;
	o->mac[2] = (uint8_t)(n->tx_dmac_lo >> 24);
	o->mac[3] = (uint8_t)(n->tx_dmac_lo >> 16);
	o->mac[4] = (uint8_t)(n->tx_dmac_lo >> 8);
	o->mac[5] = (uint8_t)n->tx_dmac_lo;
	for (uint32_t i = 0; i < o->len; i++)
		o->data[i] = (uint8_t)(n->tx_data[i / 4u] >> (24u - 8u * (i % 4u)));
	n->sent++;
}

static void t_n_write32(void *opaque, uint32_t off, uint32_t v)
{
	struct t_node *n = opaque;

	if (t_in_range(off, RNIC_CMDQ_BASE, RNIC_CMDQ_SLOTS * RNIC_CMDQ_SLOT_SIZE)) {
		uint32_t rel = off - RNIC_CMDQ_BASE;

		if (rel % RNIC_CMDQ_SLOT_SIZE < RNIC_CMDQ_OUT_OFFSET)
			n->bad++; /* the firmware never writes command input */
		else
			n->slots[rel / RNIC_CMDQ_SLOT_SIZE][(rel % RNIC_CMDQ_SLOT_SIZE) / 4u] = v;
		return;
	}
	if (t_in_range(off, RNIC_FW_CTX_DATA, 4u * RNIC_CTX_WORDS)) {
		n->ctx_data[(off - RNIC_FW_CTX_DATA) / 4u] = v;
		return;
	}
	if (t_in_range(off, RNIC_FW_GSI_TX_DATA, RNIC_MAD_BYTES)) {
		n->tx_data[(off - RNIC_FW_GSI_TX_DATA) / 4u] = v;
		return;
	}
	if (t_in_range(off, RNIC_AEQ_BASE, RNIC_AEQ_SLOTS * RNIC_AEQ_SLOT_SIZE))
		return;
	switch (off) {
	case RNIC_FW_IRQ_STATUS: return;
	case RNIC_FW_IRQ_ENABLE: n->irq_enable = v; return;
	case RNIC_FW_CMDQ_CI: n->ci = v; return;
	case RNIC_FW_CTX_SEL: n->ctx_sel = v; return;
	case RNIC_FW_CTX_CMD: n->ctx_writes++; return;
	case RNIC_FW_PORT_MAC_LO:
	case RNIC_FW_PORT_MAC_HI:
	case RNIC_FW_PORT_IPV4:
	case RNIC_FW_PORT_CTRL: return;
	case RNIC_FW_AEQ_PI: n->aeq_pi = v; return;
	case RNIC_FW_EVENT_POP: return;
	case RNIC_FW_HOST_IRQ:
		if (n->nirq < T_IRQS)
			n->irq[n->nirq] = v;
		n->nirq++;
		return;
	case RNIC_FW_GSI_RX_POP:
		if (n->rx_count) {
			n->rx_head = (n->rx_head + 1u) % RNIC_GSI_RX_DEPTH;
			n->rx_count--;
		}
		n->rx_pops++;
		return;
	case RNIC_FW_GSI_TX_DIP: n->tx_dip = v; return;
	case RNIC_FW_GSI_TX_DMAC_LO: n->tx_dmac_lo = v; return;
	case RNIC_FW_GSI_TX_DMAC_HI: n->tx_dmac_hi = v; return;
	case RNIC_FW_GSI_TX_DQPN: n->tx_dqpn = v; return;
	case RNIC_FW_GSI_TX_QKEY: n->tx_qkey = v; return;
	case RNIC_FW_GSI_TX_LEN: n->tx_len = v; return;
	case RNIC_FW_GSI_TX_GO: t_n_go(n); return;
	default: n->bad++; return;
	}
}

/* ---- the two sides -------------------------------------------------------- */

struct t_side {
	struct t_node *n;
	uint32_t u, u2;          /* two user contexts */
	uint32_t qp_rc, qp_uc, qp_ud;
};

static struct t_side A, B;

static const uint8_t t_mac_a[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
static const uint8_t t_mac_b[6] = { 0x02, 0x66, 0x77, 0x88, 0x99, 0xAA };
#define T_IP_A 0x0A000001u /* 10.0.0.1 */
#define T_IP_B 0x0A000002u /* 10.0.0.2 */

/* Posts one command into the node's slot PI and runs the firmware; returns
 * the status, the output words in out[]. */
static uint32_t t_cmd_n(struct t_node *n, const uint32_t *in, uint32_t *out)
{
	uint32_t slot = n->pi;
	unsigned done;

	memcpy(n->slots[slot], in, 4u * RNIC_CMD_IN_WORDS);
	memset(&n->slots[slot][RNIC_CMDQ_OUT_OFFSET / 4u], 0xA5, 4u * RNIC_CMD_OUT_WORDS);
	n->pi = (n->pi + 1u) % RNIC_CMDQ_SLOTS;
	done = rnic_fw_poll(&n->fw);
	CHECK_EQ(done, 1);
	CHECK_EQ(n->ci, n->pi);
	CHECK_EQ(n->bad, 0);
	memcpy(out, &n->slots[slot][RNIC_CMDQ_OUT_OFFSET / 4u], 4u * RNIC_CMD_OUT_WORDS);
	return rnic_cmd_out_get_status(out);
}

#define T_OKN(n, in, out) t_okn_at(__LINE__, (n), (in), (out))
static uint32_t t_okn_at(int line, struct t_node *n, const uint32_t *in, uint32_t *out)
{
	uint32_t st = t_cmd_n(n, in, out);

	if (st != RNIC_CMD_STATUS_OK) {
		t_failures++;
		fprintf(stderr, "test_fw_cm.c:%d: opcode 0x%x failed with status %u\n", line,
			rnic_cmd_in_get_opcode(in), st);
	}
	return rnic_cmd_out_get_handle(out);
}

/* A command that must fail with status: the output holds only the status,
 * and no ID, event, vector or transaction counter changed, nothing was
 * sent and no host interrupt raised. */
#define T_FAILN(n, in, status) t_failn_at(__LINE__, (n), (in), (status))
static void t_failn_at(int line, struct t_node *n, const uint32_t *in, uint32_t status)
{
	static struct rnic_fw_cm snap;
	uint32_t out[RNIC_CMD_OUT_WORDS], got;
	uint32_t nout = n->nout, nirq = n->nirq, ctx = n->ctx_writes;
	unsigned before = t_failures;

	memcpy(&snap, &n->fw.cm, sizeof(snap));
	got = t_cmd_n(n, in, out);
	CHECK_EQ(got, status);
	CHECK_EQ(out[0], status);
	for (unsigned i = 1; i < RNIC_CMD_OUT_WORDS; i++)
		CHECK_EQ(out[i], 0);
	CHECK(memcmp(snap.id, n->fw.cm.id, sizeof(snap.id)) == 0);
	CHECK(memcmp(snap.ev, n->fw.cm.ev, sizeof(snap.ev)) == 0);
	CHECK(memcmp(snap.vector, n->fw.cm.vector, sizeof(snap.vector)) == 0);
	CHECK_EQ(snap.ev_seq, n->fw.cm.ev_seq);
	CHECK_EQ(snap.tid_seq, n->fw.cm.tid_seq);
	CHECK_EQ(n->nout, nout);
	CHECK_EQ(n->nirq, nirq);
	CHECK_EQ(n->ctx_writes, ctx);
	if (t_failures != before)
		fprintf(stderr, "  (in the failing command at test_fw_cm.c:%d, opcode 0x%x)\n",
			line, rnic_cmd_in_get_opcode(in));
}

static void t_node_init(struct t_node *n, const uint8_t *mac, uint32_t ip)
{
	memset(n, 0, sizeof(*n));
	n->cfg = t_default_config();
	memcpy(n->cfg.mac, mac, 6);
	n->cfg.ipv4 = ip;
	{
		const struct rnic_fw_hal hal = { n, t_n_read32, t_n_write32 };

		if (rnic_fw_init(&n->fw, &hal, &n->cfg) != 0) {
			fprintf(stderr, "rnic_fw_init failed\nFAIL\n");
			exit(1);
		}
	}
	CHECK_EQ(n->irq_enable, 7u); /* commands, hardware events, GSI MADs */
}

static void t_side_init(struct t_side *s, struct t_node *n)
{
	uint32_t in[32], out[32], pd, cq;

	s->n = n;
	t_hdr(in, RNIC_CMD_OP_ALLOC_UCTX, 0, 0);
	s->u = T_OKN(n, in, out);
	s->u2 = T_OKN(n, in, out);
	t_hdr(in, RNIC_CMD_OP_ALLOC_PD, s->u, 0);
	pd = T_OKN(n, in, out);
	t_create_cq_in(in, s->u, 0x100000, 6, 2);
	cq = T_OKN(n, in, out);
	t_create_qp_in(in, s->u, RNIC_QP_TYPE_RC, pd, cq, cq);
	s->qp_rc = T_OKN(n, in, out);
	t_create_qp_in(in, s->u, RNIC_QP_TYPE_UC, pd, cq, cq);
	s->qp_uc = T_OKN(n, in, out);
	t_create_qp_in(in, s->u, RNIC_QP_TYPE_UD, pd, cq, cq);
	s->qp_ud = T_OKN(n, in, out);
	CHECK(s->qp_rc >= 2 && s->qp_uc >= 2 && s->qp_ud >= 2);
}

static void t_reset(void)
{
	t_node_init(&na, t_mac_a, T_IP_A);
	t_node_init(&nb, t_mac_b, T_IP_B);
	t_side_init(&A, &na);
	t_side_init(&B, &nb);
}

static struct t_side *t_peer(const struct t_side *s)
{
	return s == &A ? &B : &A;
}

/* ---- the wire ------------------------------------------------------------- */

/* One MAD arrives at n's mailbox from (sip, smac), QP1, default P_Key. */
static void t_arrive(struct t_node *n, uint32_t sip, const uint8_t *smac, const uint8_t *data,
		     uint32_t len)
{
	struct t_rxmad *r;

	if (n->rx_count == RNIC_GSI_RX_DEPTH)
		(void)rnic_fw_poll(&n->fw); /* the firmware drains it first */
	CHECK(n->rx_count < RNIC_GSI_RX_DEPTH);
	r = &n->rx[(n->rx_head + n->rx_count) % RNIC_GSI_RX_DEPTH];
	memset(r, 0, sizeof(*r));
	r->len = len;
	r->sip = sip;
	r->sqpn = 1;
	r->pkey = 0xFFFF;
	memcpy(r->smac, smac, 6);
	memcpy(r->data, data, len);
	n->rx_count++;
}

/* Carries every MAD from sent so far to the peer (each addressed to the
 * peer's GSI: its IPv4 address and MAC, QP1, the GSI Q_Key, 256 bytes),
 * and lets the peer's firmware serve them. Returns how many went. */
#define T_WIRE(from) t_wire_at(__LINE__, (from))
static uint32_t t_wire_at(int line, struct t_side *from)
{
	struct t_node *f = from->n, *to = t_peer(from)->n;
	uint32_t n = f->nout;
	unsigned before = t_failures;

	for (uint32_t i = 0; i < n; i++) {
		const struct t_mad *m = &f->out[i];

		CHECK_EQ(m->len, RNIC_MAD_BYTES);
		CHECK_EQ(m->ip, to->cfg.ipv4);
		CHECK(memcmp(m->mac, to->cfg.mac, 6) == 0);
		CHECK_EQ(m->qpn, 1);
		CHECK_EQ(m->qkey, RNIC_GSI_QKEY);
		t_arrive(to, f->cfg.ipv4, f->cfg.mac, m->data, m->len);
	}
	f->nout = 0;
	CHECK_EQ(rnic_fw_poll(&to->fw), 0);
	CHECK_EQ(to->rx_count, 0);
	CHECK_EQ(to->bad, 0);
	if (t_failures != before)
		fprintf(stderr, "  (carrying MADs at test_fw_cm.c:%d)\n", line);
	return n;
}

/* The attribute ID of the i-th MAD n sent and not yet carried. */
static uint32_t t_out_attr(const struct t_node *n, uint32_t i)
{
	return (uint32_t)n->out[i].data[16] << 8 | n->out[i].data[17];
}

static void t_out_decode(const struct t_node *n, uint32_t i, struct rnic_fw_cm_msg *m)
{
	CHECK_EQ(rnic_fw_cm_decode(n->out[i].data, n->out[i].len, m), 0);
}

/* ---- commands --------------------------------------------------------- */

static void t_pattern(uint8_t *p, uint32_t n, uint8_t seed)
{
	for (uint32_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + 29u * i + (i >> 2));
}

static uint32_t t_mac_lo(const uint8_t *m)
{
	return (uint32_t)m[2] << 24 | (uint32_t)m[3] << 16 | (uint32_t)m[4] << 8 | m[5];
}

static uint32_t t_mac_hi(const uint8_t *m)
{
	return (uint32_t)m[0] << 8 | m[1];
}

static uint32_t t_notify(struct t_side *s, uint32_t u, uint32_t vector)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_CM_NOTIFY, u, vector);
	return t_cmd_n(s->n, in, out);
}

/* A command with only its header: opcode, uctx, handle. */
static const uint32_t *t_bare(uint32_t *in, uint32_t op, uint32_t u, uint32_t h)
{
	t_hdr(in, op, u, h);
	return in;
}

static void t_create_in(uint32_t *in, uint32_t u, uint32_t ps, uint32_t type)
{
	t_hdr(in, RNIC_CMD_OP_CM_CREATE_ID, u, 0);
	rnic_cmd_cm_in_set_ps(in, ps);
	rnic_cmd_cm_in_set_qp_type(in, type);
}

#define T_CREATE(s, u, ps, type) t_create_at(__LINE__, (s), (u), (ps), (type))
static uint32_t t_create_at(int line, struct t_side *s, uint32_t u, uint32_t ps, uint32_t type)
{
	uint32_t in[32], out[32], h;

	t_create_in(in, u, ps, type);
	h = t_okn_at(line, s->n, in, out);
	CHECK(h != 0);
	return h;
}

static void t_listen_in(uint32_t *in, uint32_t u, uint32_t h, uint32_t ip, uint32_t port)
{
	t_hdr(in, RNIC_CMD_OP_CM_LISTEN, u, h);
	rnic_cmd_cm_in_set_local_ip(in, ip);
	rnic_cmd_cm_in_set_local_port(in, port);
}

static uint32_t t_listen(struct t_side *s, uint32_t u, uint32_t h, uint32_t ip, uint32_t port)
{
	uint32_t in[32], out[32];

	t_listen_in(in, u, h, ip, port);
	return t_cmd_n(s->n, in, out);
}

/* Stages len bytes of p as the ID's private data: CM_PDATA commands of up
 * to `chunk` bytes each. */
static void t_stage(struct t_side *s, uint32_t u, uint32_t h, const uint8_t *p, uint32_t len,
		    uint32_t chunk)
{
	uint32_t in[32], out[32];

	for (uint32_t off = 0; off < len; off += chunk) {
		uint32_t n = len - off < chunk ? len - off : chunk;

		t_hdr(in, RNIC_CMD_OP_CM_PDATA, u, h);
		rnic_cmd_cm_in_set_pdata_off(in, off);
		rnic_cmd_cm_in_set_pdata_chunk(in, n);
		/* byte 4k+j of the chunk in bits [8j+7:8j] of word CM_PDATA_DW+k */
		for (uint32_t i = 0; i < n; i++)
			in[RNIC_CM_PDATA_DW + i / 4u] |= (uint32_t)p[off + i] << (8u * (i % 4u));
		T_OKN(s->n, in, out);
	}
}

struct t_conn {
	uint32_t rip, rport, lport, qpn, psn, resp_res, init_depth, retry, rnr, srq, mtu, len;
	const uint8_t *mac;
};

static void t_connect_in(uint32_t *in, uint32_t u, uint32_t h, const struct t_conn *c)
{
	t_hdr(in, RNIC_CMD_OP_CM_CONNECT, u, h);
	rnic_cmd_cm_in_set_remote_ip(in, c->rip);
	rnic_cmd_cm_in_set_remote_port(in, c->rport);
	rnic_cmd_cm_in_set_local_port(in, c->lport);
	rnic_cmd_cm_in_set_remote_mac_lo(in, t_mac_lo(c->mac));
	rnic_cmd_cm_in_set_remote_mac_hi(in, t_mac_hi(c->mac));
	rnic_cmd_cm_in_set_qpn(in, c->qpn);
	rnic_cmd_cm_in_set_psn(in, c->psn);
	rnic_cmd_cm_in_set_resp_res(in, c->resp_res);
	rnic_cmd_cm_in_set_init_depth(in, c->init_depth);
	rnic_cmd_cm_in_set_retry_cnt(in, c->retry);
	rnic_cmd_cm_in_set_rnr_retry(in, c->rnr);
	rnic_cmd_cm_in_set_srq(in, c->srq);
	rnic_cmd_cm_in_set_mtu(in, c->mtu);
	rnic_cmd_cm_in_set_pdata_len(in, c->len);
}

static uint32_t t_connect(struct t_side *s, uint32_t u, uint32_t h, const struct t_conn *c)
{
	uint32_t in[32], out[32];

	t_connect_in(in, u, h, c);
	return t_cmd_n(s->n, in, out);
}

/* A plain RC connection from s to its peer's port `port`. */
static struct t_conn t_conn_to(const struct t_side *s, uint32_t port, uint32_t lport)
{
	const struct t_side *p = s == &A ? &B : &A;
	struct t_conn c = {
		.rip = p->n->cfg.ipv4, .rport = port, .lport = lport, .qpn = s->qp_rc,
		.psn = 0x000100u + lport, .resp_res = 1, .init_depth = 1, .retry = 7, .rnr = 7,
		.srq = 0, .mtu = RNIC_MTU_1024, .len = 0, .mac = p->n->cfg.mac,
	};

	return c;
}

static void t_accept_in(uint32_t *in, uint32_t u, uint32_t h, uint32_t qpn, uint32_t psn,
			uint32_t resp_res, uint32_t init_depth, uint32_t rnr, uint32_t srq,
			uint32_t qkey, uint32_t len)
{
	t_hdr(in, RNIC_CMD_OP_CM_ACCEPT, u, h);
	rnic_cmd_cm_in_set_qpn(in, qpn);
	rnic_cmd_cm_in_set_psn(in, psn);
	rnic_cmd_cm_in_set_resp_res(in, resp_res);
	rnic_cmd_cm_in_set_init_depth(in, init_depth);
	rnic_cmd_cm_in_set_rnr_retry(in, rnr);
	rnic_cmd_cm_in_set_srq(in, srq);
	rnic_cmd_cm_in_set_qkey(in, qkey);
	rnic_cmd_cm_in_set_pdata_len(in, len);
}

static uint32_t t_simple(struct t_side *s, uint32_t op, uint32_t u, uint32_t h, uint32_t len)
{
	uint32_t in[32], out[32];

	t_hdr(in, op, u, h);
	rnic_cmd_cm_in_set_pdata_len(in, len);
	return t_cmd_n(s->n, in, out);
}

static uint32_t t_reject(struct t_side *s, uint32_t u, uint32_t h, uint32_t reason, uint32_t len)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_CM_REJECT, u, h);
	rnic_cmd_cm_in_set_reason(in, reason);
	rnic_cmd_cm_in_set_pdata_len(in, len);
	return t_cmd_n(s->n, in, out);
}

static uint32_t t_get_event(struct t_side *s, uint32_t u, uint32_t off, uint32_t *out)
{
	uint32_t in[32];

	t_hdr(in, RNIC_CMD_OP_CM_GET_EVENT, u, 0);
	rnic_cmd_cm_in_set_pdata_off(in, off);
	return t_cmd_n(s->n, in, out);
}

static uint32_t t_ack(struct t_side *s, uint32_t u, uint32_t h)
{
	uint32_t in[32], out[32];

	t_hdr(in, RNIC_CMD_OP_CM_ACK_EVENT, u, h);
	return t_cmd_n(s->n, in, out);
}

static const struct rnic_fw_cm_id *t_id(const struct t_side *s, uint32_t h)
{
	return &s->n->fw.cm.id[h & 0xFFu];
}

static uint32_t t_live_ids(const struct t_side *s)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < RNIC_CM_IDS; i++)
		n += s->n->fw.cm.id[i].handle != 0;
	return n;
}

/* ---- events ----------------------------------------------------------- */

struct t_ev {
	uint32_t event, handle, listen_id, qp_type, status;
	uint32_t rip, lip, rport, lport;
	const uint8_t *mac;
	uint32_t pdata_len, rqpn, resp_res, rpsn, init_depth, qkey, retry, rnr, srq, mtu, ps;
	const uint8_t *pdata; /* pdata_len bytes; NULL: all zero */
};

/* The oldest event of uctx u must be *w: every field, then its private
 * data fetched in CM_PDATA_CHUNK pieces from offsets 0, 72, 144 and 216
 * and compared byte for byte (zero past its length); then acknowledged. */
#define T_EVENT(s, u, w) t_event_at(__LINE__, (s), (u), (w))
static void t_event_at(int line, struct t_side *s, uint32_t u, const struct t_ev *w)
{
	uint32_t out[32];
	unsigned before = t_failures;

	CHECK_EQ(t_get_event(s, u, 0, out), RNIC_CMD_STATUS_OK);
	CHECK_EQ(rnic_cmd_out_get_handle(out), w->handle);
	CHECK_EQ(rnic_cmd_cm_event_out_get_event(out), w->event);
	CHECK_EQ(rnic_cmd_cm_event_out_get_qp_type(out), w->qp_type);
	CHECK_EQ(rnic_cmd_cm_event_out_get_status(out), w->status);
	CHECK_EQ(rnic_cmd_cm_event_out_get_listen_id(out), w->listen_id);
	CHECK_EQ(rnic_cmd_cm_event_out_get_remote_ip(out), w->rip);
	CHECK_EQ(rnic_cmd_cm_event_out_get_local_ip(out), w->lip);
	CHECK_EQ(rnic_cmd_cm_event_out_get_remote_port(out), w->rport);
	CHECK_EQ(rnic_cmd_cm_event_out_get_local_port(out), w->lport);
	CHECK_EQ(rnic_cmd_cm_event_out_get_remote_mac_lo(out), t_mac_lo(w->mac));
	CHECK_EQ(rnic_cmd_cm_event_out_get_remote_mac_hi(out), t_mac_hi(w->mac));
	CHECK_EQ(rnic_cmd_cm_event_out_get_pdata_len(out), w->pdata_len);
	CHECK_EQ(rnic_cmd_cm_event_out_get_remote_qpn(out), w->rqpn);
	CHECK_EQ(rnic_cmd_cm_event_out_get_resp_res(out), w->resp_res);
	CHECK_EQ(rnic_cmd_cm_event_out_get_remote_psn(out), w->rpsn);
	CHECK_EQ(rnic_cmd_cm_event_out_get_init_depth(out), w->init_depth);
	CHECK_EQ(rnic_cmd_cm_event_out_get_qkey(out), w->qkey);
	CHECK_EQ(rnic_cmd_cm_event_out_get_retry_cnt(out), w->retry);
	CHECK_EQ(rnic_cmd_cm_event_out_get_rnr_retry(out), w->rnr);
	CHECK_EQ(rnic_cmd_cm_event_out_get_srq(out), w->srq);
	CHECK_EQ(rnic_cmd_cm_event_out_get_mtu(out), w->mtu);
	CHECK_EQ(rnic_cmd_cm_event_out_get_ps(out), w->ps);
	/* nothing else in words 2..13: every bit belongs to a field above */
	CHECK_EQ(out[8] >> 24, 0);
	CHECK_EQ(out[12] & 0x88u, 0);
	CHECK_EQ(out[13], 0);
	for (uint32_t off = 0; off < RNIC_CM_MAX_PDATA; off += RNIC_CM_PDATA_CHUNK) {
		CHECK_EQ(t_get_event(s, u, off, out), RNIC_CMD_STATUS_OK);
		CHECK_EQ(rnic_cmd_out_get_handle(out), w->handle);
		for (uint32_t i = 0; i < RNIC_CM_PDATA_CHUNK; i++) {
			uint32_t b = off + i;
			uint8_t want = b < w->pdata_len && w->pdata != NULL ? w->pdata[b] : 0;
			uint8_t got = (uint8_t)(out[RNIC_CM_PDATA_DW + i / 4u] >> (8u * (i % 4u)));

			if (got != want) {
				t_failures++;
				fprintf(stderr, "event pdata byte %u is 0x%02x, expected 0x%02x\n",
					b, got, want);
			}
			t_checks++;
		}
	}
	CHECK_EQ(t_ack(s, u, w->handle), RNIC_CMD_STATUS_OK);
	if (t_failures != before)
		fprintf(stderr, "  (in the event expected at test_fw_cm.c:%d)\n", line);
}

/* No event waits for u: GET_EVENT says NONE, all zero. */
#define T_NO_EVENT(s, u) t_no_event_at(__LINE__, (s), (u))
static void t_no_event_at(int line, struct t_side *s, uint32_t u)
{
	uint32_t out[32];
	unsigned before = t_failures;

	CHECK_EQ(t_get_event(s, u, 0, out), RNIC_CMD_STATUS_OK);
	for (unsigned i = 0; i < RNIC_CMD_OUT_WORDS; i++)
		CHECK_EQ(out[i], 0);
	if (t_failures != before)
		fprintf(stderr, "  (no event expected at test_fw_cm.c:%d)\n", line);
}

/* The event base for an ID of s connected to its peer (ports as given). */
static struct t_ev t_ev_for(const struct t_side *s, uint32_t event, uint32_t handle,
			    uint32_t qp_type, uint32_t ps, uint32_t lport, uint32_t rport)
{
	const struct t_side *p = s == &A ? &B : &A;
	struct t_ev e;

	memset(&e, 0, sizeof(e));
	e.event = event;
	e.handle = handle;
	e.qp_type = qp_type;
	e.ps = ps;
	e.lip = s->n->cfg.ipv4;
	e.rip = p->n->cfg.ipv4;
	e.lport = lport;
	e.rport = rport;
	e.mac = p->n->cfg.mac;
	return e;
}

/* The handle of the oldest event of u (without acknowledging it). */
static uint32_t t_peek(struct t_side *s, uint32_t u)
{
	uint32_t out[32];

	CHECK_EQ(t_get_event(s, u, 0, out), RNIC_CMD_STATUS_OK);
	return rnic_cmd_out_get_handle(out);
}

/* An established RC connection from A (uctx A.u, port lport) to a listener
 * of B (uctx bu) on port: returns A's and B's handles. Events consumed. */
static void t_establish_rc(uint32_t bu, uint32_t listener, uint32_t port, uint32_t lport,
			   uint32_t *ah, uint32_t *bh)
{
	struct t_conn c = t_conn_to(&A, port, lport);
	uint32_t in[32], out[32];

	(void)listener;
	*ah = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_connect(&A, A.u, *ah, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	*bh = t_peek(&B, bu);
	CHECK_EQ(t_ack(&B, bu, *bh), RNIC_CMD_STATUS_OK);
	t_accept_in(in, bu, *bh, B.qp_rc, 0x777, 1, 1, 7, 0, 0, 0);
	T_OKN(B.n, in, out);
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_ack(&A, A.u, *ah), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_ESTABLISH, A.u, *ah, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_ack(&B, bu, *bh), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&A, *ah)->state, RNIC_FW_CM_STATE_ESTABLISHED);
	CHECK_EQ(t_id(&B, *bh)->state, RNIC_FW_CM_STATE_ESTABLISHED);
}

/* ---- a REQ on the wire, byte by byte -------------------------------------- */

static void t_be(uint8_t *b, uint32_t off, uint64_t v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		b[off + i] = (uint8_t)(v >> (8u * (n - 1u - i)));
}

/* The 256 bytes a REQ from A (10.0.0.1, MAC 02:11:22:33:44:55, source port
 * 40000) to B (10.0.0.2) port 20001 in the TCP port space must be. */
static void t_req_expected(uint8_t *w, uint64_t tid, uint32_t comm_id, uint32_t qpn,
			   const uint8_t *user)
{
	uint8_t *a = w + A0;

	memset(w, 0, RNIC_MAD_BYTES);
	w[0] = 1;    /* base version */
	w[1] = 0x07; /* class: CM */
	w[2] = 2;    /* class version */
	w[3] = 0x03; /* Send */
	t_be(w, 8, tid, 8);
	t_be(w, 16, 0x0010, 2); /* REQ */
	t_be(a, 0, comm_id, 4);
	/* service ID: 0x0106 << 16 | 20001 (0x4E21) */
	a[8] = 0x00; a[9] = 0x00; a[10] = 0x00; a[11] = 0x00;
	a[12] = 0x01; a[13] = 0x06; a[14] = 0x4E; a[15] = 0x21;
	/* local CA GUID: EUI-64 of 02:11:22:33:44:55 */
	a[16] = 0x00; a[17] = 0x11; a[18] = 0x22; a[19] = 0xFF;
	a[20] = 0xFE; a[21] = 0x33; a[22] = 0x44; a[23] = 0x55;
	t_be(a, 32, qpn, 3);       /* local QPN */
	a[35] = 4;                 /* responder resources */
	a[39] = 3;                 /* initiator depth */
	a[43] = 20 << 3 | 0 << 1;  /* remote CM response timeout 20, RC, no E2E credits */
	t_be(a, 44, 0x123456, 3);  /* starting PSN */
	a[47] = 20 << 3 | 7;       /* local CM response timeout 20, retry count 7 */
	a[48] = 0xFF; a[49] = 0xFF; /* P_Key */
	a[50] = 4 << 4 | 0 << 3 | 6; /* path MTU 2048, no RDC, RNR retry 6 */
	a[51] = 15 << 4 | 0 << 3;  /* max CM retries 15, no SRQ, extended type 0 */
	/* primary path: permissive LIDs, GIDs ::ffff:10.0.0.1 and ::ffff:10.0.0.2 */
	a[52] = 0xFF; a[53] = 0xFF; a[54] = 0xFF; a[55] = 0xFF;
	a[66] = 0xFF; a[67] = 0xFF; a[68] = 10; a[69] = 0; a[70] = 0; a[71] = 1;
	a[82] = 0xFF; a[83] = 0xFF; a[84] = 10; a[85] = 0; a[86] = 0; a[87] = 2;
	a[93] = 64;                /* hop limit; flow label, rate, TC, SL, subnet local 0 */
	a[95] = 14 << 3;           /* local ACK timeout */
	/* private data: the RDMA CM header, then the host's 56 bytes */
	a[140] = 0x00;             /* cma version */
	a[141] = 0x40;             /* IPv4 */
	a[142] = 0x9C; a[143] = 0x40; /* source port 40000 */
	a[156] = 10; a[157] = 0; a[158] = 0; a[159] = 1;  /* source address, bytes 16..19 */
	a[172] = 10; a[173] = 0; a[174] = 0; a[175] = 2;  /* destination address, 32..35 */
	memcpy(a + 176, user, 56);
}

/* ---- tests ------------------------------------------------------------ */

/* A whole RC connection: listen, REQ (checked on the wire), REP, RTU, then
 * a disconnection each way; every event with all its fields, every private
 * data byte, and the notification vectors on HOST_IRQ. */
static void test_rc_connect_and_disconnect(void)
{
	uint8_t p1[56], p2[196], p3[224], p4[10], want[RNIC_MAD_BYTES];
	struct t_conn c;
	struct t_ev e;
	struct rnic_fw_cm_msg m;
	uint32_t in[32], out[32], lb, ca, cb, comm;
	const struct rnic_fw_cm_id *ida;

	t_reset();
	CHECK_EQ(t_notify(&A, A.u, 5), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_notify(&B, B.u, 6), RNIC_CMD_STATUS_OK);
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 20001), RNIC_CMD_STATUS_OK);
	CHECK_EQ(nb.nout, 0);

	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	t_pattern(p1, sizeof(p1), 0x10);
	t_stage(&A, A.u, ca, p1, sizeof(p1), 40); /* pieces of 40 and 16 */
	c = (struct t_conn){ .rip = T_IP_B, .rport = 20001, .lport = 40000, .qpn = A.qp_rc,
			     .psn = 0x123456, .resp_res = 4, .init_depth = 3, .retry = 7, .rnr = 6,
			     .srq = 0, .mtu = RNIC_MTU_2048, .len = 56, .mac = t_mac_b };
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	ida = t_id(&A, ca);
	CHECK_EQ(ida->state, RNIC_FW_CM_STATE_REQ_SENT);
	comm = ida->local_comm_id;
	CHECK(comm != 0);
	CHECK_EQ(comm & 0xFFu, ca & 0xFFu); /* the slot index in bits 7:0 */
	CHECK(comm != ca);                 /* a new generation for the connection */

	/* the REQ, byte for byte, to B's GSI */
	CHECK_EQ(na.nout, 1);
	CHECK_EQ(na.out[0].ip, T_IP_B);
	CHECK(memcmp(na.out[0].mac, t_mac_b, 6) == 0);
	CHECK_EQ(na.out[0].qpn, 1);
	CHECK_EQ(na.out[0].qkey, 0x80010000u);
	CHECK_EQ(na.out[0].len, 256);
	t_req_expected(want, (uint64_t)1 << 32 | comm, comm, A.qp_rc, p1);
	for (uint32_t i = 0; i < RNIC_MAD_BYTES; i++)
		if (na.out[0].data[i] != want[i]) {
			fprintf(stderr, "REQ byte %u is 0x%02x, expected 0x%02x\n", i,
				na.out[0].data[i], want[i]);
			t_failures++;
		}
	t_checks++;

	/* REQ at B: a new ID of the listener's uctx, event REQ, vector 6 */
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.nirq, 1);
	CHECK_EQ(nb.irq[0], 6);
	CHECK_EQ(na.nirq, 0);
	CHECK_EQ(nb.fw.cm.mads_rx, 1);
	cb = t_peek(&B, B.u);
	CHECK(cb != 0 && cb != lb);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_REQ_RCVD);
	CHECK_EQ(t_id(&B, cb)->uctx, B.u);
	e = t_ev_for(&B, RNIC_CM_EVENT_REQ, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 20001, 40000);
	e.listen_id = lb;
	e.pdata_len = 56;
	e.pdata = p1;
	e.rqpn = A.qp_rc;
	e.resp_res = 4;
	e.rpsn = 0x123456;
	e.init_depth = 3;
	e.retry = 7;
	e.rnr = 6;
	e.srq = 0;
	e.mtu = RNIC_MTU_2048;
	T_EVENT(&B, B.u, &e);
	T_NO_EVENT(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, 0), RNIC_CMD_STATUS_BAD_STATE); /* nothing to acknowledge */

	/* ACCEPT: REP with 196 bytes of private data, staged in 72-byte pieces */
	t_pattern(p2, sizeof(p2), 0x60);
	t_stage(&B, B.u, cb, p2, sizeof(p2), RNIC_CM_PDATA_CHUNK);
	t_accept_in(in, B.u, cb, B.qp_rc, 0xABCDEF, 2, 1, 5, 1, 0, 196);
	T_OKN(B.n, in, out);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_REP_SENT);
	CHECK_EQ(nb.nout, 1);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_REP);
	CHECK_EQ(m.hdr.tid, (uint64_t)1 << 32 | comm); /* the REQ's transaction */
	CHECK_EQ(m.u.rep.local_comm_id, t_id(&B, cb)->local_comm_id);
	CHECK_EQ(m.u.rep.remote_comm_id, comm);
	CHECK_EQ(m.u.rep.local_ca_guid, 0x006677FFFE8899AAull);
	CHECK_EQ(m.u.rep.target_ack_delay, RNIC_FW_CM_TARGET_ACK_DELAY);
	CHECK_EQ(m.u.rep.failover_accepted, 0);
	CHECK_EQ(m.u.rep.end_to_end_flow_control, 0);
	CHECK_EQ(m.u.rep.local_qkey, 0);

	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(na.nirq, 1);
	CHECK_EQ(na.irq[0], 5);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_REP_RCVD);
	e = t_ev_for(&A, RNIC_CM_EVENT_REP, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 40000, 20001);
	e.pdata_len = 196;
	e.pdata = p2;
	e.rqpn = B.qp_rc;
	e.resp_res = 2;
	e.rpsn = 0xABCDEF;
	e.init_depth = 1;
	e.rnr = 5;
	e.srq = 1;
	T_EVENT(&A, A.u, &e);

	/* ESTABLISH: RTU with all 224 bytes */
	t_pattern(p3, sizeof(p3), 0xC3);
	t_stage(&A, A.u, ca, p3, sizeof(p3), RNIC_CM_PDATA_CHUNK);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_ESTABLISH, A.u, ca, 224), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_ESTABLISHED);
	CHECK_EQ(t_out_attr(&na, 0), RNIC_FW_CM_ATTR_RTU);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.nirq, 2);
	CHECK_EQ(nb.irq[1], 6);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_ESTABLISHED);
	e = t_ev_for(&B, RNIC_CM_EVENT_RTU, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 20001, 40000);
	e.pdata_len = 224;
	e.pdata = p3;
	T_EVENT(&B, B.u, &e);

	/* A disconnects: DREQ with 10 bytes, B answers with an empty DREP */
	t_pattern(p4, sizeof(p4), 0x2B);
	t_stage(&A, A.u, ca, p4, sizeof(p4), RNIC_CM_PDATA_CHUNK);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca, 10), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_DREQ_SENT);
	t_out_decode(&na, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_DREQ);
	CHECK_EQ(m.hdr.tid, (uint64_t)2 << 32 | comm); /* a new transaction */
	CHECK_EQ(m.u.dreq.local_comm_id, comm);
	CHECK_EQ(m.u.dreq.remote_comm_id, t_id(&B, cb)->local_comm_id);
	CHECK_EQ(m.u.dreq.remote_qpn_eecn, B.qp_rc);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_DREQ_RCVD);
	e = t_ev_for(&B, RNIC_CM_EVENT_DREQ, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 20001, 40000);
	e.pdata_len = 220;
	{
		uint8_t d[220] = { 0 };

		memcpy(d, p4, sizeof(p4));
		e.pdata = d;
		T_EVENT(&B, B.u, &e);
	}
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_IDLE);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_DREP);
	CHECK_EQ(m.hdr.tid, (uint64_t)2 << 32 | comm); /* the DREQ's */
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_IDLE);
	e = t_ev_for(&A, RNIC_CM_EVENT_DREP, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 40000, 20001);
	e.pdata_len = 224;
	T_EVENT(&A, A.u, &e);
	T_NO_EVENT(&A, A.u);
	T_NO_EVENT(&B, B.u);

	/* destroying idle IDs tells nobody anything */
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(na.nout, 0);
	CHECK_EQ(nb.nout, 0);

	/* the other direction: B (the passive side) disconnects */
	t_establish_rc(B.u, lb, 20001, 40001, &ca, &cb);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&B), 1);
	e = t_ev_for(&A, RNIC_CM_EVENT_DREQ, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 40001, 20001);
	e.pdata_len = 220;
	T_EVENT(&A, A.u, &e);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	e = t_ev_for(&B, RNIC_CM_EVENT_DREP, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 20001, 40001);
	e.pdata_len = 224;
	T_EVENT(&B, B.u, &e);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_IDLE);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_IDLE);
	CHECK_EQ(na.fw.cm.mads_bad + nb.fw.cm.mads_bad, 0);
	CHECK_EQ(na.fw.cm.mads_stray + nb.fw.cm.mads_stray, 0);
	CHECK_EQ(na.fw.cm.ev_dropped + nb.fw.cm.ev_dropped, 0);
}

/* A UC connection says so in the REQ (transport service type 1) and the
 * passive side's event says UC. */
static void test_uc_connect(void)
{
	struct t_conn c;
	struct rnic_fw_cm_msg m;
	uint32_t lb, ca, cb, out[32];

	t_reset();
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_UC);
	CHECK_EQ(t_listen(&B, B.u, lb, T_IP_B, 7000), RNIC_CMD_STATUS_OK);
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_UC);
	c = t_conn_to(&A, 7000, 7001);
	c.qpn = A.qp_uc;
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	t_out_decode(&na, 0, &m);
	CHECK_EQ(m.u.req.transport_service_type, RNIC_FW_CM_TRANSPORT_UC);
	CHECK_EQ(m.u.req.service_id, 0x00000000013F1B58ull); /* IB port space, port 7000 */
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_get_event(&B, B.u, 0, out), RNIC_CMD_STATUS_OK);
	cb = rnic_cmd_out_get_handle(out);
	CHECK_EQ(rnic_cmd_cm_event_out_get_event(out), RNIC_CM_EVENT_REQ);
	CHECK_EQ(rnic_cmd_cm_event_out_get_qp_type(out), RNIC_QP_TYPE_UC);
	CHECK_EQ(rnic_cmd_cm_event_out_get_ps(out), RNIC_FW_CM_PS_IB);
	CHECK_EQ(rnic_cmd_cm_event_out_get_local_ip(out), T_IP_B);
	CHECK_EQ(t_id(&B, cb)->qp_type, RNIC_QP_TYPE_UC);
}

/* No listener on the service ID: REJ reason 8, no ID made at B; the active
 * ID is idle again and may connect anew (with a new communication ID). */
static void test_rej_no_listener(void)
{
	struct t_conn c;
	struct rnic_fw_cm_msg m;
	struct t_ev e;
	uint32_t ca, comm1, lb;

	t_reset();
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	c = t_conn_to(&A, 20002, 40000);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	comm1 = t_id(&A, ca)->local_comm_id;
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_live_ids(&B), 0);
	CHECK_EQ(nb.nirq, 0);
	CHECK_EQ(nb.nout, 1);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_REJ);
	CHECK_EQ(m.hdr.tid, (uint64_t)1 << 32 | comm1);
	CHECK_EQ(m.u.rej.reason, 8);
	CHECK_EQ(m.u.rej.message_rejected, RNIC_FW_CM_MSG_REQ);
	CHECK_EQ(m.u.rej.remote_comm_id, comm1);
	CHECK_EQ(m.u.rej.local_comm_id, 0);
	CHECK_EQ(m.u.rej.ari_length, 0);
	/* the REJ on the wire: reason in attribute bytes 10..11 */
	CHECK_EQ(nb.out[0].data[A0 + 10], 0);
	CHECK_EQ(nb.out[0].data[A0 + 11], 8);
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_IDLE);
	e = t_ev_for(&A, RNIC_CM_EVENT_REJ, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 40000, 20002);
	e.status = 8;
	e.pdata_len = 148;
	T_EVENT(&A, A.u, &e);

	/* a listener appears; the same ID connects again */
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 20002), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK(t_id(&A, ca)->local_comm_id != comm1);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_live_ids(&B), 2);
	CHECK_EQ(nb.nout, 0);
}

/* CM_REJECT with 148 bytes of private data: REJ reason 28; the active side
 * sees the reason and every byte. */
static void test_reject_with_pdata(void)
{
	uint8_t p[148];
	struct t_conn c;
	struct rnic_fw_cm_msg m;
	struct t_ev e;
	uint32_t lb, ca, cb, in[32];

	t_reset();
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 5000), RNIC_CMD_STATUS_OK);
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	c = t_conn_to(&A, 5000, 6000);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);

	t_pattern(p, sizeof(p), 0x9E);
	t_stage(&B, B.u, cb, p, sizeof(p), 50);
	t_hdr(in, RNIC_CMD_OP_CM_REJECT, B.u, cb);
	rnic_cmd_cm_in_set_reason(in, 28);
	rnic_cmd_cm_in_set_pdata_len(in, 149);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_cm_in_set_pdata_len(in, 148);
	rnic_cmd_cm_in_set_reason(in, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	CHECK_EQ(t_reject(&B, B.u, cb, 28, 148), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_IDLE);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.u.rej.reason, 28);
	CHECK_EQ(m.u.rej.message_rejected, RNIC_FW_CM_MSG_REQ);
	CHECK_EQ(m.u.rej.local_comm_id, t_id(&B, cb)->local_comm_id);
	CHECK_EQ(m.u.rej.remote_comm_id, t_id(&A, ca)->local_comm_id);
	CHECK(memcmp(nb.out[0].data + A0 + 84, p, 148) == 0); /* REJ private data at 84 */
	CHECK_EQ(T_WIRE(&B), 1);
	e = t_ev_for(&A, RNIC_CM_EVENT_REJ, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 6000, 5000);
	e.status = 28;
	e.pdata_len = 148;
	e.pdata = p;
	T_EVENT(&A, A.u, &e);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_IDLE);
	/* rejected: nothing more to answer */
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);
	t_hdr(in, RNIC_CMD_OP_CM_REJECT, B.u, cb);
	rnic_cmd_cm_in_set_reason(in, 28);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);

	/* the active side may reject a REP it does not want (message REP) */
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_OKN(B.n, in, (uint32_t[32]){ 0 });
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_ack(&A, A.u, ca), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_reject(&A, A.u, ca, 28, 0), RNIC_CMD_STATUS_OK);
	t_out_decode(&na, 0, &m);
	CHECK_EQ(m.u.rej.message_rejected, RNIC_FW_CM_MSG_REP);
	CHECK_EQ(T_WIRE(&A), 1);
	e = t_ev_for(&B, RNIC_CM_EVENT_REJ, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 5000, 6000);
	e.status = 28;
	e.pdata_len = 148;
	T_EVENT(&B, B.u, &e);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_IDLE);
}

/* UD: SIDR_REQ (checked on the wire) and SIDR_REP, accepted, rejected, and
 * for a service nobody offers. */
static void test_sidr(void)
{
	uint8_t p6[180], p7[136];
	struct t_conn c = { .rip = T_IP_B, .rport = 30001, .lport = 50000, .len = 180,
			    .mac = t_mac_b };
	struct rnic_fw_cm_msg m;
	struct t_ev e;
	const uint8_t *a;
	uint32_t lb, ca, cb, comm, in[32], out[32];

	t_reset();
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 30001), RNIC_CMD_STATUS_OK);
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
	t_pattern(p6, sizeof(p6), 0x47);
	t_stage(&A, A.u, ca, p6, sizeof(p6), RNIC_CM_PDATA_CHUNK);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_SIDR_REQ_SENT);
	comm = t_id(&A, ca)->local_comm_id;

	/* SIDR_REQ on the wire: request ID 0..3, P_Key 4..5, service ID 8..15,
	 * then the RDMA CM header at 16 and the host's 180 bytes at 52 */
	CHECK_EQ(na.nout, 1);
	a = na.out[0].data;
	CHECK_EQ(a[16], 0x00);
	CHECK_EQ(a[17], 0x17);
	for (uint32_t i = 0; i < 8; i++)
		CHECK_EQ(a[8 + i], (uint8_t)(((uint64_t)1 << 32 | comm) >> (56 - 8 * i)));
	a += A0;
	CHECK_EQ(a[0], (uint8_t)(comm >> 24));
	CHECK_EQ(a[3], (uint8_t)comm);
	CHECK_EQ(a[4], 0xFF);
	CHECK_EQ(a[5], 0xFF);
	CHECK_EQ(a[6], 0);
	CHECK_EQ(a[7], 0);
	{
		/* UDP port space, port 30001 */
		static const uint8_t sid[8] = { 0, 0, 0, 0, 0x01, 0x11, 0x75, 0x31 };
		static const uint8_t hdr[36] = {
			0x00, 0x40, 0xC3, 0x50, /* version, IPv4, source port 50000 */
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 1,
			0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 0, 2,
		};

		CHECK(memcmp(a + 8, sid, 8) == 0);
		CHECK(memcmp(a + 16, hdr, 36) == 0);
		CHECK(memcmp(a + 52, p6, 180) == 0);
	}

	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_SIDR_REQ_RCVD);
	e = t_ev_for(&B, RNIC_CM_EVENT_SIDR_REQ, cb, RNIC_QP_TYPE_UD, RNIC_FW_CM_PS_UDP, 30001,
		     50000);
	e.listen_id = lb;
	e.pdata_len = 180;
	e.pdata = p6;
	T_EVENT(&B, B.u, &e);

	t_pattern(p7, sizeof(p7), 0xE1);
	t_stage(&B, B.u, cb, p7, sizeof(p7), RNIC_CM_PDATA_CHUNK);
	t_accept_in(in, B.u, cb, B.qp_ud, 0, 0, 0, 0, 0, RNIC_CM_UDP_QKEY, 137);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	t_accept_in(in, B.u, cb, B.qp_ud, 0, 0, 0, 0, 0, RNIC_CM_UDP_QKEY, 136);
	T_OKN(B.n, in, out);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_ESTABLISHED);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_SIDR_REP);
	CHECK_EQ(m.hdr.tid, (uint64_t)1 << 32 | comm);
	a = nb.out[0].data + A0;
	{
		uint8_t w[232];

		memset(w, 0, sizeof(w));
		t_be(w, 0, comm, 4);                     /* request ID */
		w[4] = 0;                                /* status: the QP is valid */
		t_be(w, 8, B.qp_ud, 3);                  /* QPN 8..10 */
		t_be(w, 12, 0x0000000001117531ull, 8);   /* service ID 12..19 */
		t_be(w, 20, 0x01234567u, 4);             /* Q_Key 20..23 */
		memcpy(w + 96, p7, 136);                 /* private data 96..231 */
		CHECK(memcmp(a, w, sizeof(w)) == 0);
	}
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_ESTABLISHED);
	e = t_ev_for(&A, RNIC_CM_EVENT_SIDR_REP, ca, RNIC_QP_TYPE_UD, RNIC_FW_CM_PS_UDP, 50000,
		     30001);
	e.status = 0;
	e.rqpn = B.qp_ud;
	e.qkey = RNIC_CM_UDP_QKEY;
	e.pdata_len = 136;
	e.pdata = p7;
	T_EVENT(&A, A.u, &e);
	/* a UD ID has no connection to end; destroying it sends nothing */
	T_FAILN(A.n, t_bare(in, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca), RNIC_CMD_STATUS_BAD_STATE);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb), RNIC_CMD_STATUS_BAD_STATE);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(na.nout + nb.nout, 0);

	/* CM_REJECT of a SIDR_REQ: SIDR_REP with status = the reason */
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
	c.len = 0;
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_REJECT, B.u, cb), RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_cm_in_set_reason(in, 256); /* the status is 8 bits */
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	CHECK_EQ(t_reject(&B, B.u, cb, 2, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_IDLE);
	CHECK_EQ(T_WIRE(&B), 1);
	e = t_ev_for(&A, RNIC_CM_EVENT_SIDR_REP, ca, RNIC_QP_TYPE_UD, RNIC_FW_CM_PS_UDP, 50000,
		     30001);
	e.status = 2;
	e.pdata_len = 136;
	T_EVENT(&A, A.u, &e);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_IDLE);

	/* nobody serves UDP port 30002: status 1, and no ID at B */
	c.rport = 30002;
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_live_ids(&B), 2);
	CHECK_EQ(T_WIRE(&B), 1);
	e.status = 1;
	e.rport = 30002;
	T_EVENT(&A, A.u, &e);

	/* an RC listener on the same port takes no SIDR_REQ, a UD one no REQ */
	{
		uint32_t lrc = T_CREATE(&B, B.u, RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_RC);
		uint32_t cib = T_CREATE(&A, A.u, RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_UD);

		CHECK_EQ(t_listen(&B, B.u, lrc, 0, 9000), RNIC_CMD_STATUS_OK);
		c.rport = 9000;
		CHECK_EQ(t_connect(&A, A.u, cib, &c), RNIC_CMD_STATUS_OK);
		CHECK_EQ(T_WIRE(&A), 1);
		t_out_decode(&nb, 0, &m);
		CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_SIDR_REP);
		CHECK_EQ(m.u.sidr_rep.status, 1);
		CHECK_EQ(m.u.sidr_rep.service_id, 0x00000000013F2328ull);
		CHECK_EQ(T_WIRE(&B), 1);
		CHECK_EQ(t_ack(&A, A.u, cib), RNIC_CMD_STATUS_OK);
	}

	/* destroying an unanswered SIDR_REQ's ID rejects it (status 2) */
	c.rport = 30001;
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	T_NO_EVENT(&B, B.u); /* its event went with it */
	CHECK_EQ(T_WIRE(&B), 1);
	e.status = 2;
	e.rport = 30001;
	T_EVENT(&A, A.u, &e);
}

/* CM_LISTEN: one listener per port space, port and address (an address of
 * 0 takes them all); port 0 and foreign addresses refused. */
static void test_listen_rules(void)
{
	uint32_t in[32], id[8];

	t_reset();
	for (uint32_t i = 0; i < 6; i++)
		id[i] = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	id[6] = T_CREATE(&B, B.u, RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_RC);
	id[7] = T_CREATE(&B, B.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);

	t_listen_in(in, B.u, id[0], 0, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);          /* port 0 */
	t_listen_in(in, B.u, id[0], 0x0A000009u, 20001);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);          /* not this port's address */
	CHECK_EQ(t_listen(&B, B.u, id[0], 0, 20001), RNIC_CMD_STATUS_OK);
	t_listen_in(in, B.u, id[0], 0, 20009);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);          /* already listening */
	t_listen_in(in, B.u, id[1], 0, 20001);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BUSY);               /* same ps, port, any */
	t_listen_in(in, B.u, id[1], T_IP_B, 20001);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BUSY);               /* any takes this address too */
	CHECK_EQ(t_listen(&B, B.u, id[2], T_IP_B, 20002), RNIC_CMD_STATUS_OK);
	t_listen_in(in, B.u, id[3], 0, 20002);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BUSY);               /* the address is taken */
	t_listen_in(in, B.u, id[3], T_IP_B, 20002);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BUSY);
	t_listen_in(in, B.u2, id[3], T_IP_B, 20003);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_HANDLE);         /* another uctx's ID */
	CHECK_EQ(t_listen(&B, B.u, id[3], 0, 20003), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_listen(&B, B.u, id[6], 0, 20001), RNIC_CMD_STATUS_OK); /* another port space */
	CHECK_EQ(t_listen(&B, B.u, id[7], 0, 20001), RNIC_CMD_STATUS_OK);
	/* a listener destroyed frees its port */
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, id[0], 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_listen(&B, B.u, id[1], T_IP_B, 20001), RNIC_CMD_STATUS_OK);
	CHECK_EQ(nb.nout, 0);
	CHECK_EQ(t_id(&B, id[1])->local_ip, T_IP_B);
	CHECK_EQ(t_id(&B, id[1])->local_port, 20001);
	CHECK_EQ(t_id(&B, id[1])->state, RNIC_FW_CM_STATE_LISTEN);
}

/* Handles: non-zero, carry a generation (a stale one is refused, the slot's
 * next ID has another), owned by one uctx; CM_CREATE_ID's port spaces and
 * QP types; the table's size; CM_NOTIFY's vector range. */
static void test_handles_and_create(void)
{
	static const uint32_t ops[] = {
		RNIC_CMD_OP_CM_LISTEN, RNIC_CMD_OP_CM_CONNECT, RNIC_CMD_OP_CM_ACCEPT,
		RNIC_CMD_OP_CM_REJECT, RNIC_CMD_OP_CM_ESTABLISH, RNIC_CMD_OP_CM_DISCONNECT,
		RNIC_CMD_OP_CM_DESTROY, RNIC_CMD_OP_CM_PDATA,
	};
	struct t_conn c = t_conn_to(&A, 1000, 2000);
	uint32_t in[32], h, h2, all[RNIC_CM_IDS];

	t_reset();
	h = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, h, 0), RNIC_CMD_STATUS_OK);
	h2 = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(h2 & 0xFFu, h & 0xFFu); /* the same slot ... */
	CHECK(h2 != h);                  /* ... under another generation */
	for (uint32_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		/* valid inputs otherwise, so only the handle can fail them */
		t_connect_in(in, A.u, h, &c);
		rnic_cmd_in_set_opcode(in, ops[i]);
		rnic_cmd_cm_in_set_local_port(in, 4000);
		rnic_cmd_cm_in_set_reason(in, 28);
		rnic_cmd_cm_in_set_pdata_len(in, 0);
		rnic_cmd_cm_in_set_pdata_chunk(in, 1);
		T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);      /* stale */
		rnic_cmd_in_set_handle(in, h2);
		rnic_cmd_in_set_uctx(in, A.u2);
		T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);      /* another uctx's */
		rnic_cmd_in_set_uctx(in, 0);
		T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);      /* no uctx */
		rnic_cmd_in_set_uctx(in, A.u);
		rnic_cmd_in_set_handle(in, 0);
		T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);      /* never a handle */
		rnic_cmd_in_set_handle(in, (h2 & ~0xFFu) | RNIC_CM_IDS);
		T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);      /* index past the table */
	}
	/* a uctx that is not allocated */
	t_hdr(in, RNIC_CMD_OP_CM_GET_EVENT, 40, 0);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CM_ACK_EVENT, 40, 0);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_in(in, 40, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CM_NOTIFY, 40, 3);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_CM_NOTIFY, A.u, RNIC_IRQ_VECTORS);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	CHECK_EQ(t_notify(&A, A.u, RNIC_IRQ_VECTORS - 1), RNIC_CMD_STATUS_OK);
	CHECK_EQ(na.fw.cm.vector[A.u], RNIC_IRQ_VECTORS - 1);
	CHECK_EQ(t_notify(&A, A.u, 0), RNIC_CMD_STATUS_OK);

	/* port spaces and the QP types each takes */
	{
		static const uint32_t bad[][2] = {
			{ RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_UD },
			{ RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_RC },
			{ RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UC },
			{ RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_XRC_SEND },
			{ RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_RAW },
			{ 0x0002, RNIC_QP_TYPE_UD }, /* IPoIB: not offered */
			{ 0, RNIC_QP_TYPE_RC },
			{ 0x0107, RNIC_QP_TYPE_RC },
		};
		static const uint32_t good[][2] = {
			{ RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC },
			{ RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_UC },
			{ RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD },
			{ RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_RC },
			{ RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_UC },
			{ RNIC_FW_CM_PS_IB, RNIC_QP_TYPE_UD },
		};

		for (uint32_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			t_create_in(in, A.u, bad[i][0], bad[i][1]);
			T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
		}
		for (uint32_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
			uint32_t x = T_CREATE(&A, A.u, good[i][0], good[i][1]);

			CHECK_EQ(t_id(&A, x)->ps, good[i][0]);
			CHECK_EQ(t_id(&A, x)->qp_type, good[i][1]);
			CHECK_EQ(t_id(&A, x)->uctx, A.u);
			CHECK_EQ(t_id(&A, x)->state, RNIC_FW_CM_STATE_IDLE);
			CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, x, 0),
				 RNIC_CMD_STATUS_OK);
		}
	}

	/* the table holds CM_IDS IDs of all uctxs together; every handle differs */
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, h2, 0), RNIC_CMD_STATUS_OK);
	for (uint32_t i = 0; i < RNIC_CM_IDS; i++) {
		all[i] = T_CREATE(&A, i % 2 ? A.u : A.u2, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
		for (uint32_t j = 0; j < i; j++)
			CHECK(all[j] != all[i]);
	}
	t_create_in(in, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_NO_RESOURCES);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u2, all[4], 0), RNIC_CMD_STATUS_OK);
	h = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(h & 0xFFu, all[4] & 0xFFu);
	CHECK(h != all[4]);
}

/* Commands in states that do not take them: BAD_STATE, nothing changed. */
static void test_bad_state(void)
{
	struct t_conn c = t_conn_to(&A, 3000, 3001);
	uint32_t in[32], ca, lb, cb, lu;

	t_reset();
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 3000), RNIC_CMD_STATUS_OK);
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);

	/* idle */
	t_accept_in(in, A.u, ca, A.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_STATE);
	t_hdr(in, RNIC_CMD_OP_CM_REJECT, A.u, ca);
	rnic_cmd_cm_in_set_reason(in, 28);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_STATE);
	T_FAILN(A.n, t_bare(in, RNIC_CMD_OP_CM_ESTABLISH, A.u, ca), RNIC_CMD_STATUS_BAD_STATE);
	T_FAILN(A.n, t_bare(in, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca), RNIC_CMD_STATUS_BAD_STATE);
	/* listening */
	t_connect_in(in, B.u, lb, &(struct t_conn){ .rip = T_IP_A, .rport = 1, .lport = 1,
						   .qpn = B.qp_rc, .mtu = RNIC_MTU_256,
						   .mac = t_mac_a });
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);
	t_accept_in(in, B.u, lb, B.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_DISCONNECT, B.u, lb), RNIC_CMD_STATUS_BAD_STATE);
	/* REQ sent */
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	t_connect_in(in, A.u, ca, &c);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_STATE);
	t_listen_in(in, A.u, ca, 0, 3001);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_STATE);
	T_FAILN(A.n, t_bare(in, RNIC_CMD_OP_CM_ESTABLISH, A.u, ca), RNIC_CMD_STATUS_BAD_STATE);
	t_accept_in(in, A.u, ca, A.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_STATE);
	/* REQ received */
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_ESTABLISH, B.u, cb), RNIC_CMD_STATUS_BAD_STATE);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb), RNIC_CMD_STATUS_BAD_STATE);
	t_connect_in(in, B.u, cb, &(struct t_conn){ .rip = T_IP_A, .rport = 1, .lport = 1,
						   .qpn = B.qp_rc, .mtu = RNIC_MTU_256,
						   .mac = t_mac_a });
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);
	/* REP sent: not again */
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_OKN(B.n, in, (uint32_t[32]){ 0 });
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);
	t_hdr(in, RNIC_CMD_OP_CM_REJECT, B.u, cb);
	rnic_cmd_cm_in_set_reason(in, 28);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);
	/* REP received: ESTABLISH once */
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_ESTABLISH, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	T_FAILN(A.n, t_bare(in, RNIC_CMD_OP_CM_ESTABLISH, A.u, ca), RNIC_CMD_STATUS_BAD_STATE);
	/* DREQ sent: not twice */
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	T_FAILN(A.n, t_bare(in, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca), RNIC_CMD_STATUS_BAD_STATE);
	/* a UD ID knows no REQ */
	lu = T_CREATE(&B, B.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
	t_accept_in(in, B.u, lu, B.qp_ud, 0, 0, 0, 0, 0, RNIC_CM_UDP_QKEY, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_STATE);
}

/* Every length and range limit of the commands' inputs. */
static void test_param_limits(void)
{
	struct t_conn c;
	uint32_t in[32], out[32], ca, cu, lb, cb;

	t_reset();
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	cu = T_CREATE(&A, A.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
#define T_CONN_BAD(h, field, value)                                  \
	do {                                                         \
		c = t_conn_to(&A, 3000, 3001);                       \
		c.field = (value);                                   \
		t_connect_in(in, A.u, (h), &c);                      \
		T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);         \
	} while (0)
	T_CONN_BAD(ca, len, RNIC_FW_CM_REQ_USER_PDATA + 1u);    /* 57: 92 - 36 + 1 */
	T_CONN_BAD(ca, len, 255);
	T_CONN_BAD(ca, mtu, 0);
	T_CONN_BAD(ca, mtu, 6);
	T_CONN_BAD(ca, qpn, 0);
	T_CONN_BAD(ca, qpn, 1);
	T_CONN_BAD(ca, qpn, 200);                               /* no such QP */
	T_CONN_BAD(ca, qpn, 0xFFFFFF);
	T_CONN_BAD(ca, resp_res, RNIC_FW_MAX_RD_ATOMIC + 1u);
	T_CONN_BAD(ca, init_depth, RNIC_FW_MAX_RD_ATOMIC + 1u);
	T_CONN_BAD(ca, rip, 0);
	T_CONN_BAD(ca, rport, 0);
	T_CONN_BAD(cu, len, RNIC_FW_CM_SIDR_REQ_USER_PDATA + 1u); /* 181 */
	T_CONN_BAD(cu, rport, 0);
#undef T_CONN_BAD
	CHECK_EQ(RNIC_FW_CM_REQ_USER_PDATA, 56);
	CHECK_EQ(RNIC_FW_CM_SIDR_REQ_USER_PDATA, 180);

	/* CM_PDATA: 1 .. CM_PDATA_CHUNK bytes, inside the CM_MAX_PDATA buffer */
	t_hdr(in, RNIC_CMD_OP_CM_PDATA, A.u, ca);
	rnic_cmd_cm_in_set_pdata_chunk(in, 0);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_cm_in_set_pdata_chunk(in, RNIC_CM_PDATA_CHUNK + 1u);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_cm_in_set_pdata_off(in, 153);
	rnic_cmd_cm_in_set_pdata_chunk(in, 72);                 /* 153 + 72 = 225 */
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_cm_in_set_pdata_off(in, 255);
	rnic_cmd_cm_in_set_pdata_chunk(in, 1);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_cm_in_set_pdata_off(in, 152);
	rnic_cmd_cm_in_set_pdata_chunk(in, 72);                 /* the last 72 bytes */
	in[RNIC_CM_PDATA_DW] = 0x44332211u;
	in[31] = 0xDDCCBBAAu;
	T_OKN(A.n, in, out);
	CHECK_EQ(t_id(&A, ca)->pdata[152], 0x11);
	CHECK_EQ(t_id(&A, ca)->pdata[155], 0x44);
	CHECK_EQ(t_id(&A, ca)->pdata[220], 0xAA);
	CHECK_EQ(t_id(&A, ca)->pdata[223], 0xDD);

	/* CM_GET_EVENT: an offset past the private data */
	t_hdr(in, RNIC_CMD_OP_CM_GET_EVENT, A.u, 0);
	rnic_cmd_cm_in_set_pdata_off(in, RNIC_CM_MAX_PDATA + 1u);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_cm_in_set_pdata_off(in, RNIC_CM_MAX_PDATA);
	T_OKN(A.n, in, out);

	/* a connection through every state, each limit at the edge */
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 3000), RNIC_CMD_STATUS_OK);
	c = t_conn_to(&A, 3000, 3001);
	c.len = RNIC_FW_CM_REQ_USER_PDATA;
	c.resp_res = RNIC_FW_MAX_RD_ATOMIC;
	c.init_depth = RNIC_FW_MAX_RD_ATOMIC;
	c.mtu = RNIC_MTU_4096;
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, 1, 7, 0, 0, 197);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	t_accept_in(in, B.u, cb, 0, 1, 1, 1, 7, 0, 0, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	t_accept_in(in, B.u, cb, B.qp_rc, 1, RNIC_FW_MAX_RD_ATOMIC + 1u, 1, 7, 0, 0, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, RNIC_FW_MAX_RD_ATOMIC + 1u, 7, 0, 0, 0);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, 1, 7, 0, 0, 196);
	T_OKN(B.n, in, out);
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_ack(&A, A.u, ca), RNIC_CMD_STATUS_OK);
	t_hdr(in, RNIC_CMD_OP_CM_ESTABLISH, A.u, ca);
	rnic_cmd_cm_in_set_pdata_len(in, 225);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_ESTABLISH, A.u, ca, 224), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	t_hdr(in, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca);
	rnic_cmd_cm_in_set_pdata_len(in, 221);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca, 220), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	t_hdr(in, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb);
	rnic_cmd_cm_in_set_pdata_len(in, 225);
	T_FAILN(B.n, in, RNIC_CMD_STATUS_BAD_PARAM);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb, 224), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_ack(&A, A.u, ca), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_live_ids(&A), 2);
}

/* The event queue holds CM_EVENT_DEPTH events of all uctxs together; a MAD
 * whose event finds it full is dropped, counted and not acted on. With the
 * ID table full a REQ is rejected (reason 3), a SIDR_REQ refused (2). */
static void test_queue_and_table_full(void)
{
	uint8_t saved[RNIC_MAD_BYTES];
	struct t_conn c = t_conn_to(&A, 4000, 0);
	struct rnic_fw_cm_msg m;
	uint32_t lb, lu, ca[RNIC_CM_EVENT_DEPTH + 2], first, ids, out[32];

	t_reset();
	CHECK_EQ(t_notify(&B, B.u, 3), RNIC_CMD_STATUS_OK);
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 4000), RNIC_CMD_STATUS_OK);
	lu = T_CREATE(&B, B.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
	CHECK_EQ(t_listen(&B, B.u, lu, 0, 4000), RNIC_CMD_STATUS_OK);
	for (uint32_t i = 0; i < RNIC_CM_EVENT_DEPTH; i++) {
		ca[i] = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
		c.lport = 100 + i;
		CHECK_EQ(t_connect(&A, A.u, ca[i], &c), RNIC_CMD_STATUS_OK);
	}
	CHECK_EQ(T_WIRE(&A), RNIC_CM_EVENT_DEPTH);
	CHECK_EQ(nb.nirq, RNIC_CM_EVENT_DEPTH);
	for (uint32_t i = 0; i < RNIC_CM_EVENT_DEPTH; i++)
		CHECK_EQ(nb.irq[i], 3);
	ids = t_live_ids(&B);
	CHECK_EQ(ids, 2 + RNIC_CM_EVENT_DEPTH);

	/* one more REQ: dropped, no ID, no REJ, no interrupt */
	ca[RNIC_CM_EVENT_DEPTH] = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	c.lport = 999;
	CHECK_EQ(t_connect(&A, A.u, ca[RNIC_CM_EVENT_DEPTH], &c), RNIC_CMD_STATUS_OK);
	memcpy(saved, na.out[0].data, sizeof(saved));
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.fw.cm.ev_dropped, 1);
	CHECK_EQ(t_live_ids(&B), ids);
	CHECK_EQ(nb.nout, 0);
	CHECK_EQ(nb.nirq, RNIC_CM_EVENT_DEPTH);
	/* so is a SIDR_REQ */
	{
		uint32_t cu = T_CREATE(&A, A.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
		struct t_conn cs = { .rip = T_IP_B, .rport = 4000, .lport = 1, .mac = t_mac_b };

		CHECK_EQ(t_connect(&A, A.u, cu, &cs), RNIC_CMD_STATUS_OK);
		CHECK_EQ(T_WIRE(&A), 1);
		CHECK_EQ(nb.fw.cm.ev_dropped, 2);
		CHECK_EQ(t_live_ids(&B), ids);
		CHECK_EQ(nb.nout, 0);
		CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, cu, 0), RNIC_CMD_STATUS_OK);
	}
	/* the oldest event is the first REQ's; acknowledging it makes room */
	first = t_peek(&B, B.u);
	CHECK_EQ(t_id(&B, first)->remote_port, 100);
	CHECK_EQ(t_ack(&B, B.u, first), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_get_event(&B, B.u, 0, out), RNIC_CMD_STATUS_OK);
	CHECK_EQ(rnic_cmd_cm_event_out_get_remote_port(out), 101); /* then the second */
	t_arrive(&nb, T_IP_A, t_mac_a, saved, RNIC_MAD_BYTES); /* the sender retries */
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	CHECK_EQ(nb.fw.cm.ev_dropped, 2);
	CHECK_EQ(t_live_ids(&B), ids + 1);
	CHECK_EQ(nb.nirq, RNIC_CM_EVENT_DEPTH + 1);

	/* fill the ID table at B */
	while (t_live_ids(&B) < RNIC_CM_IDS)
		(void)T_CREATE(&B, B.u2, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	ca[RNIC_CM_EVENT_DEPTH + 1] = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	c.lport = 998;
	CHECK_EQ(t_connect(&A, A.u, ca[RNIC_CM_EVENT_DEPTH + 1], &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.nout, 1);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_REJ);
	CHECK_EQ(m.u.rej.reason, 3);
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_id(&A, ca[RNIC_CM_EVENT_DEPTH + 1])->state, RNIC_FW_CM_STATE_IDLE);
	{
		uint32_t cu = T_CREATE(&A, A.u, RNIC_FW_CM_PS_UDP, RNIC_QP_TYPE_UD);
		struct t_conn cs = { .rip = T_IP_B, .rport = 4000, .lport = 1, .mac = t_mac_b };

		CHECK_EQ(t_connect(&A, A.u, cu, &cs), RNIC_CMD_STATUS_OK);
		CHECK_EQ(T_WIRE(&A), 1);
		t_out_decode(&nb, 0, &m);
		CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_SIDR_REP);
		CHECK_EQ(m.u.sidr_rep.status, 2);
		CHECK_EQ(T_WIRE(&B), 1);
	}
	CHECK_EQ(nb.fw.cm.ev_dropped, 2);
	CHECK_EQ(t_live_ids(&B), RNIC_CM_IDS);
}

/* CM_DESTROY in each state tells the peer what IBA 12.9 (and Linux's CM)
 * say: DREQ when established, DREP when a DREQ waits, REJ 28 for an
 * unanswered REQ or a REP, REJ 4 (timeout) for our own REQ; its events go. */
static void test_destroy_in_each_state(void)
{
	struct t_conn c;
	struct rnic_fw_cm_msg m;
	struct t_ev e;
	uint32_t lb, ca, cb, cb2, in[32], out[32], stray;

	t_reset();
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 8000), RNIC_CMD_STATUS_OK);

	/* established: DREQ; the peer's DREP then finds no ID */
	t_establish_rc(B.u, lb, 8000, 1, &ca, &cb);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_id(&A, ca)->handle, 0);
	CHECK_EQ(na.nout, 1);
	t_out_decode(&na, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_DREQ);
	CHECK_EQ(m.u.dreq.remote_qpn_eecn, B.qp_rc);
	CHECK_EQ(T_WIRE(&A), 1);
	e = t_ev_for(&B, RNIC_CM_EVENT_DREQ, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 8000, 1);
	e.pdata_len = 220;
	T_EVENT(&B, B.u, &e);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	stray = na.fw.cm.mads_stray;
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(na.fw.cm.mads_stray, stray + 1);
	CHECK_EQ(na.nout, 0);
	T_NO_EVENT(&A, A.u);

	/* DREQ received: DREP */
	t_establish_rc(B.u, lb, 8000, 2, &ca, &cb);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	T_NO_EVENT(&B, B.u); /* the DREQ event went with the ID */
	CHECK_EQ(t_out_attr(&nb, 0), RNIC_FW_CM_ATTR_DREP);
	CHECK_EQ(T_WIRE(&B), 1);
	e = t_ev_for(&A, RNIC_CM_EVENT_DREP, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 2, 8000);
	e.pdata_len = 224;
	T_EVENT(&A, A.u, &e);

	/* REQ received: REJ 28, message REQ */
	c = t_conn_to(&A, 8000, 3);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	T_NO_EVENT(&B, B.u);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_REJ);
	CHECK_EQ(m.u.rej.reason, 28);
	CHECK_EQ(m.u.rej.message_rejected, RNIC_FW_CM_MSG_REQ);
	CHECK_EQ(T_WIRE(&B), 1);
	e = t_ev_for(&A, RNIC_CM_EVENT_REJ, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 3, 8000);
	e.status = 28;
	e.pdata_len = 148;
	T_EVENT(&A, A.u, &e);

	/* REP received (active side): REJ 28, message REP */
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_OKN(B.n, in, out);
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	T_NO_EVENT(&A, A.u); /* the REP event went with it */
	t_out_decode(&na, 0, &m);
	CHECK_EQ(m.u.rej.reason, 28);
	CHECK_EQ(m.u.rej.message_rejected, RNIC_FW_CM_MSG_REP);
	CHECK_EQ(T_WIRE(&A), 1);
	e = t_ev_for(&B, RNIC_CM_EVENT_REJ, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 8000, 3);
	e.status = 28;
	e.pdata_len = 148;
	T_EVENT(&B, B.u, &e);

	/* REP sent (passive side): REJ 28; the active side got the REP first */
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	c.lport = 4;
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	t_accept_in(in, B.u, cb, B.qp_rc, 1, 1, 1, 7, 0, 0, 0);
	T_OKN(B.n, in, out);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_out_attr(&nb, 0), RNIC_FW_CM_ATTR_REP);
	CHECK_EQ(t_out_attr(&nb, 1), RNIC_FW_CM_ATTR_REJ);
	CHECK_EQ(T_WIRE(&B), 2);
	CHECK_EQ(t_peek(&A, A.u), ca);
	CHECK_EQ(t_ack(&A, A.u, ca), RNIC_CMD_STATUS_OK); /* the REP */
	e = t_ev_for(&A, RNIC_CM_EVENT_REJ, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 4, 8000);
	e.status = 28;
	e.pdata_len = 148;
	T_EVENT(&A, A.u, &e);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_IDLE);

	/* REQ sent (active side gives up): REJ 4 naming only our comm ID */
	c.lport = 5;
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DESTROY, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	t_out_decode(&na, 0, &m);
	CHECK_EQ(m.u.rej.reason, 4);
	CHECK_EQ(m.u.rej.remote_comm_id, 0);
	CHECK_EQ(m.u.rej.message_rejected, RNIC_FW_CM_MSG_OTHER);
	CHECK_EQ(T_WIRE(&A), 1);
	e = t_ev_for(&B, RNIC_CM_EVENT_REJ, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 8000, 5);
	e.status = 4;
	e.pdata_len = 148;
	T_EVENT(&B, B.u, &e);
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_IDLE);

	/* listening, idle: nothing sent */
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, lb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(nb.nout, 0);

	/* events go with their ID; an ACK naming it then refuses the next */
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 8000), RNIC_CMD_STATUS_OK);
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	c.lport = 6;
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 2);
	cb = t_peek(&B, B.u);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	cb2 = t_peek(&B, B.u);
	CHECK(cb2 != cb && cb2 != 0);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_ACK_EVENT, B.u, cb), RNIC_CMD_STATUS_BAD_HANDLE);
	CHECK_EQ(t_ack(&B, B.u, cb2), RNIC_CMD_STATUS_OK);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_ACK_EVENT, B.u, 0), RNIC_CMD_STATUS_BAD_STATE);
}

/* DREQs: one for a connection nobody knows is still answered (DREP with
 * the comm IDs swapped, the same transaction); a repeated one after the
 * disconnection too; both ends disconnecting at once both finish. */
static void test_dreq_answers(void)
{
	struct rnic_fw_cm_msg m;
	uint8_t mad[RNIC_MAD_BYTES], dreq[RNIC_MAD_BYTES];
	struct t_ev e;
	uint32_t lb, ca, cb, stray;

	t_reset();
	memset(&m, 0, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_DREQ, 0x0123456789ABCDEFull);
	m.u.dreq.local_comm_id = 0x11111111u;
	m.u.dreq.remote_comm_id = 0x22222222u;
	m.u.dreq.remote_qpn_eecn = 0x33;
	CHECK_EQ(rnic_fw_cm_encode(&m, mad), 0);
	stray = nb.fw.cm.mads_stray;
	t_arrive(&nb, T_IP_A, t_mac_a, mad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	CHECK_EQ(nb.fw.cm.mads_stray, stray + 1);
	CHECK_EQ(nb.nout, 1);
	CHECK_EQ(nb.out[0].ip, T_IP_A);
	CHECK(memcmp(nb.out[0].mac, t_mac_a, 6) == 0);
	{
		/* DREP: TID, local comm ID 0..3, remote comm ID 4..7, no private data */
		uint8_t w[RNIC_MAD_BYTES] = { 1, 0x07, 2, 0x03 };
		uint8_t *a = w + A0;

		t_be(w, 8, 0x0123456789ABCDEFull, 8);
		t_be(w, 16, 0x0016, 2);
		t_be(a, 0, 0x22222222u, 4);
		t_be(a, 4, 0x11111111u, 4);
		CHECK(memcmp(nb.out[0].data, w, RNIC_MAD_BYTES) == 0);
	}
	nb.nout = 0;
	T_NO_EVENT(&B, B.u);

	/* our DREP lost: the repeated DREQ is answered again, without an event */
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 8100), RNIC_CMD_STATUS_OK);
	t_establish_rc(B.u, lb, 8100, 7, &ca, &cb);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	memcpy(dreq, na.out[0].data, sizeof(dreq));
	CHECK_EQ(T_WIRE(&A), 1);
	t_arrive(&nb, T_IP_A, t_mac_a, dreq, RNIC_MAD_BYTES); /* a retry before the answer */
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	CHECK_EQ(nb.nout, 0);
	CHECK_EQ(t_ack(&B, B.u, cb), RNIC_CMD_STATUS_OK);
	T_NO_EVENT(&B, B.u);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	memcpy(mad, nb.out[0].data, sizeof(mad));
	nb.nout = 0; /* lost */
	t_arrive(&nb, T_IP_A, t_mac_a, dreq, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	CHECK_EQ(nb.nout, 1);
	CHECK(memcmp(nb.out[0].data, mad, RNIC_MAD_BYTES) == 0);
	T_NO_EVENT(&B, B.u);
	CHECK_EQ(T_WIRE(&B), 1);
	CHECK_EQ(t_ack(&A, A.u, ca), RNIC_CMD_STATUS_OK);

	/* both ends at once */
	t_establish_rc(B.u, lb, 8100, 8, &ca, &cb);
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DISCONNECT, B.u, cb, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1); /* A's DREQ meets B in DREQ sent: B answers, B is done */
	CHECK_EQ(t_id(&B, cb)->state, RNIC_FW_CM_STATE_IDLE);
	CHECK_EQ(T_WIRE(&B), 2); /* B's DREQ and DREP: A answers the first, is done by it */
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_IDLE);
	e = t_ev_for(&B, RNIC_CM_EVENT_DREP, cb, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 8100, 8);
	T_EVENT(&B, B.u, &e);
	e = t_ev_for(&A, RNIC_CM_EVENT_DREP, ca, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 8, 8100);
	T_EVENT(&A, A.u, &e);
	T_NO_EVENT(&A, A.u);
	stray = nb.fw.cm.mads_stray;
	CHECK_EQ(T_WIRE(&A), 1); /* A's DREP to B's DREQ finds B done */
	CHECK_EQ(nb.fw.cm.mads_stray, stray + 1);
	T_NO_EVENT(&B, B.u);
}

/* FREE_UCTX destroys the uctx's CM IDs as CM_DESTROY would (telling the
 * peers), its events and its vector; another uctx's stay. */
static void test_free_uctx(void)
{
	struct t_conn c;
	struct rnic_fw_cm_msg m;
	struct t_ev e;
	uint32_t l2, l1, ca1, ca2, cb1, cb2, in[32], out[32];

	t_reset();
	CHECK_EQ(t_notify(&B, B.u2, 9), RNIC_CMD_STATUS_OK);
	l1 = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, l1, 0, 9001), RNIC_CMD_STATUS_OK);
	l2 = T_CREATE(&B, B.u2, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u2, l2, 0, 9002), RNIC_CMD_STATUS_OK);
	t_establish_rc(B.u2, l2, 9002, 11, &ca1, &cb1);
	ca2 = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	c = t_conn_to(&A, 9002, 12);
	CHECK_EQ(t_connect(&A, A.u, ca2, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	cb2 = t_peek(&B, B.u2); /* its REQ event waits */
	CHECK(nb.nirq >= 1);
	CHECK_EQ(nb.irq[(nb.nirq - 1u) % T_IRQS], 9);
	CHECK_EQ(t_id(&B, cb2)->uctx, B.u2);

	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, B.u2, B.u2);
	T_OKN(B.n, in, out);
	for (uint32_t i = 0; i < RNIC_CM_IDS; i++)
		CHECK(nb.fw.cm.id[i].handle == 0 || nb.fw.cm.id[i].uctx != B.u2);
	for (uint32_t i = 0; i < RNIC_CM_EVENT_DEPTH; i++)
		CHECK(nb.fw.cm.ev[i].uctx != B.u2);
	CHECK_EQ(nb.fw.cm.vector[B.u2], 0);
	CHECK_EQ(t_id(&B, l1)->handle, l1); /* the other uctx's listener stays */
	CHECK_EQ(nb.nout, 2);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_DREQ);
	t_out_decode(&nb, 1, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_REJ);
	CHECK_EQ(m.u.rej.reason, 28);
	CHECK_EQ(T_WIRE(&B), 2);
	e = t_ev_for(&A, RNIC_CM_EVENT_DREQ, ca1, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 11, 9002);
	e.pdata_len = 220;
	T_EVENT(&A, A.u, &e);
	e = t_ev_for(&A, RNIC_CM_EVENT_REJ, ca2, RNIC_QP_TYPE_RC, RNIC_FW_CM_PS_TCP, 12, 9002);
	e.status = 28;
	e.pdata_len = 148;
	T_EVENT(&A, A.u, &e);
	/* A answers the DREQ; nobody is left at B to take the DREP */
	CHECK_EQ(t_simple(&A, RNIC_CMD_OP_CM_DISCONNECT, A.u, ca1, 0), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.nout, 0);
	/* the freed uctx's handles are gone; a new uctx in its page starts clean */
	t_hdr(in, RNIC_CMD_OP_ALLOC_UCTX, 0, 0);
	CHECK_EQ(T_OKN(B.n, in, out), B.u2);
	T_FAILN(B.n, t_bare(in, RNIC_CMD_OP_CM_DESTROY, B.u2, l2), RNIC_CMD_STATUS_BAD_HANDLE);
	T_NO_EVENT(&B, B.u2);
}

/* Malformed MADs are dropped and counted, their FIFO entry freed; an MRA
 * is taken and ignored; REQs the CM cannot take are rejected with the
 * reason that says why; a repeated REQ makes no second ID. */
static void test_received_mads(void)
{
	uint8_t req[RNIC_MAD_BYTES], bad[RNIC_MAD_BYTES];
	struct rnic_fw_cm_msg m;
	struct t_conn c;
	uint32_t lb, ca, bad0, pops;

	t_reset();
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 9100), RNIC_CMD_STATUS_OK);
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	c = t_conn_to(&A, 9100, 77);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	memcpy(req, na.out[0].data, sizeof(req));
	na.nout = 0;

#define T_BAD_MAD(byte, value, len)                                               \
	do {                                                                      \
		memcpy(bad, req, sizeof(bad));                                    \
		bad[byte] = (value);                                              \
		bad0 = nb.fw.cm.mads_bad;                                         \
		pops = nb.rx_pops;                                                \
		t_arrive(&nb, T_IP_A, t_mac_a, bad, (len));                       \
		CHECK_EQ(rnic_fw_poll(&nb.fw), 0);                                \
		CHECK_EQ(nb.fw.cm.mads_bad, bad0 + 1);                            \
		CHECK_EQ(nb.rx_pops, pops + 1);                                   \
		CHECK_EQ(nb.rx_count, 0);                                         \
		CHECK_EQ(nb.nout, 0);                                             \
		CHECK_EQ(t_live_ids(&B), 1);                                      \
	} while (0)
	T_BAD_MAD(0, 2, RNIC_MAD_BYTES);                   /* base version */
	T_BAD_MAD(1, 0x03, RNIC_MAD_BYTES);                /* class: SA */
	T_BAD_MAD(2, 1, RNIC_MAD_BYTES);                   /* class version */
	T_BAD_MAD(3, 0x01, RNIC_MAD_BYTES);                /* method Get */
	T_BAD_MAD(3, 0x83, RNIC_MAD_BYTES);                /* a response */
	T_BAD_MAD(17, 0x19, RNIC_MAD_BYTES);               /* LAP */
	T_BAD_MAD(17, 0x01, RNIC_MAD_BYTES);               /* ClassPortInfo */
	T_BAD_MAD(17, 0x10, RNIC_MAD_BYTES - 1u);          /* short */
	T_BAD_MAD(17, 0x10, 24);                           /* a header alone */
	memcpy(bad, req, sizeof(bad));
	bad[16] = 0x00;
	bad[17] = 0x12;
	bad[A0 + 9] = 73 << 1;                             /* a REJ whose ARI runs past 72 */
	bad0 = nb.fw.cm.mads_bad;
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	CHECK_EQ(nb.fw.cm.mads_bad, bad0 + 1);
#undef T_BAD_MAD
	T_NO_EVENT(&B, B.u);
	CHECK_EQ(nb.nirq, 0);

	/* MRA: taken, ignored */
	memset(&m, 0, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_MRA, 5);
	CHECK_EQ(rnic_fw_cm_encode(&m, bad), 0);
	bad0 = nb.fw.cm.mads_bad;
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	CHECK_EQ(nb.fw.cm.mras, 1);
	CHECK_EQ(nb.fw.cm.mads_bad, bad0);
	CHECK_EQ(nb.nout, 0);

	/* an RDMA CM header for IPv6 (or of another version): REJ 28 */
	memcpy(bad, req, sizeof(bad));
	bad[A0 + 141] = 0x60;
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.u.rej.reason, 28);
	nb.nout = 0;
	memcpy(bad, req, sizeof(bad));
	bad[A0 + 140] = 0x01;
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.u.rej.reason, 28);
	nb.nout = 0;
	/* the UDP port space, not the listener's: REJ 8 */
	memcpy(bad, req, sizeof(bad));
	bad[A0 + 13] = 0x11;
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.u.rej.reason, 8);
	nb.nout = 0;
	/* service ID bits above the port space: not an RDMA CM one, REJ 8 */
	memcpy(bad, req, sizeof(bad));
	bad[A0 + 11] = 0x01;
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.u.rej.reason, 8);
	nb.nout = 0;
	/* addressed to another IPv4 address: no listener there, REJ 8 */
	CHECK_EQ(t_simple(&B, RNIC_CMD_OP_CM_DESTROY, B.u, lb, 0), RNIC_CMD_STATUS_OK);
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, T_IP_B, 9100), RNIC_CMD_STATUS_OK);
	memcpy(bad, req, sizeof(bad));
	bad[A0 + 175] = 3;
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.u.rej.reason, 8);
	nb.nout = 0;
	/* transport RD (2): REJ 9 */
	memcpy(bad, req, sizeof(bad));
	bad[A0 + 43] = (uint8_t)((bad[A0 + 43] & ~0x06u) | 2u << 1);
	t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	t_out_decode(&nb, 0, &m);
	CHECK_EQ(m.hdr.attr_id, RNIC_FW_CM_ATTR_REJ);
	CHECK_EQ(m.u.rej.reason, 9);
	nb.nout = 0;
	CHECK_EQ(t_live_ids(&B), 1);
	T_NO_EVENT(&B, B.u);

	/* the REQ itself, twice: one ID, one event */
	t_arrive(&nb, T_IP_A, t_mac_a, req, RNIC_MAD_BYTES);
	t_arrive(&nb, T_IP_A, t_mac_a, req, RNIC_MAD_BYTES);
	CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
	CHECK_EQ(t_live_ids(&B), 2);
	CHECK_EQ(nb.nirq, 0); /* no vector registered */
	CHECK(t_peek(&B, B.u) != 0);
	CHECK_EQ(t_ack(&B, B.u, 0), RNIC_CMD_STATUS_OK);
	T_NO_EVENT(&B, B.u);
	CHECK_EQ(nb.fw.cm.mads_stray, 1);
	CHECK_EQ(nb.nout, 0);
	/* replies to nothing: stray, and no answer (but to a DREQ) */
	{
		static const uint16_t attrs[] = { RNIC_FW_CM_ATTR_REP, RNIC_FW_CM_ATTR_RTU,
						  RNIC_FW_CM_ATTR_REJ, RNIC_FW_CM_ATTR_DREP,
						  RNIC_FW_CM_ATTR_SIDR_REP };

		for (uint32_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
			memset(&m, 0, sizeof(m));
			rnic_fw_cm_hdr_init(&m.hdr, attrs[i], 9);
			/* our listener's handle is no comm ID of a connection */
			m.u.rep.remote_comm_id = lb;
			m.u.sidr_rep.request_id = attrs[i] == RNIC_FW_CM_ATTR_SIDR_REP ? lb : 0;
			CHECK_EQ(rnic_fw_cm_encode(&m, bad), 0);
			t_arrive(&nb, T_IP_A, t_mac_a, bad, RNIC_MAD_BYTES);
			CHECK_EQ(rnic_fw_poll(&nb.fw), 0);
			CHECK_EQ(nb.fw.cm.mads_stray, 2 + i);
		}
		CHECK_EQ(nb.nout, 0);
		T_NO_EVENT(&B, B.u);
	}
	CHECK_EQ(nb.fw.cm.mads_rx, 24);
}

/* HOST_IRQ: each event raises its uctx's vector, none when 0; a new
 * CM_NOTIFY takes effect at once. */
static void test_host_irq(void)
{
	struct t_conn c;
	uint32_t lb, ca;

	t_reset();
	lb = T_CREATE(&B, B.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_listen(&B, B.u, lb, 0, 9200), RNIC_CMD_STATUS_OK);
	c = t_conn_to(&A, 9200, 1);
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.nirq, 0);
	CHECK_EQ(t_notify(&B, B.u, 31), RNIC_CMD_STATUS_OK);
	c.lport = 2;
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.nirq, 1);
	CHECK_EQ(nb.irq[0], 31);
	CHECK_EQ(t_notify(&B, B.u, 2), RNIC_CMD_STATUS_OK);
	c.lport = 3;
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	CHECK_EQ(t_connect(&A, A.u, ca, &c), RNIC_CMD_STATUS_OK);
	CHECK_EQ(T_WIRE(&A), 1);
	CHECK_EQ(nb.nirq, 2);
	CHECK_EQ(nb.irq[1], 2);
	CHECK_EQ(na.nirq, 0); /* A registered no vector */
}

/* A GSI mailbox that stays busy: the command fails with BUSY and changes
 * nothing; the same command goes through once it drains. */
static void test_gsi_busy(void)
{
	struct t_conn c = t_conn_to(&A, 9300, 1);
	uint32_t in[32], out[32], ca;

	t_reset();
	ca = T_CREATE(&A, A.u, RNIC_FW_CM_PS_TCP, RNIC_QP_TYPE_RC);
	na.tx_busy = T_BUSY_ALWAYS;
	t_connect_in(in, A.u, ca, &c);
	T_FAILN(A.n, in, RNIC_CMD_STATUS_BUSY);
	CHECK_EQ(na.fw.cm.tx_busy, 1);
	CHECK_EQ(na.sent, 0);
	na.tx_busy = 3;
	T_OKN(A.n, in, out);
	CHECK_EQ(na.sent, 1);
	CHECK_EQ(t_id(&A, ca)->state, RNIC_FW_CM_STATE_REQ_SENT);
	CHECK_EQ(na.out[0].data[8 + 3], 1); /* the first transaction, not the second */
}

int main(void)
{
	test_rc_connect_and_disconnect();
	test_uc_connect();
	test_rej_no_listener();
	test_reject_with_pdata();
	test_sidr();
	test_listen_rules();
	test_handles_and_create();
	test_bad_state();
	test_param_limits();
	test_queue_and_table_full();
	test_destroy_in_each_state();
	test_dreq_answers();
	test_free_uctx();
	test_received_mads();
	test_host_irq();
	test_gsi_busy();
	return t_finish("test_fw_cm");
}
