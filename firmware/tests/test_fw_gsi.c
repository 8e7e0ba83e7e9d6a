/* The GSI mailbox driver (rnic_fw_gsi.h) against a fake of the FW GSI_*
 * registers (docs/rtl-interfaces.md "GSI mailbox", regblock "fw" in
 * include/rnic.toml): receive metadata and payload (byte 4k of the MAD in
 * [31:24] of GSI_RX_DATA word k), freeing with GSI_RX_POP, and every
 * register a send writes, in order, with the payload's byte order, the
 * busy wait and its bound, and the refusals that write nothing. */
#include "fw_test_model.h"
#include "rnic_fw_gsi.h"
#include "rnic_fw_mad.h"

#define T_GSI_LOG 512u
#define T_ALWAYS_BUSY 0xFFFFFFFFu

struct t_gsi_mad {
	uint32_t len, sip, sqpn, pkey;
	uint8_t smac[6];
	uint8_t data[RNIC_MAD_BYTES];
};

struct t_gsi {
	/* receive FIFO: what GSI_RX_* show is q[head] */
	struct t_gsi_mad q[RNIC_GSI_RX_DEPTH];
	uint32_t head, count, pops;
	uint32_t len_override;     /* nonzero: GSI_RX_LEN reads this */
	uint32_t data_reads;       /* GSI_RX_DATA reads */
	uint32_t data_word_max;    /* highest GSI_RX_DATA word read, +1 */
	/* transmit */
	uint32_t busy_reads;       /* GSI_TX_STATUS reads that answer busy (T_ALWAYS_BUSY: all) */
	uint32_t status_reads;
	uint32_t status_reads_at_first_write;
	uint32_t dip, dmac_lo, dmac_hi, dqpn, qkey, len, go;
	uint32_t data[RNIC_MAD_BYTES / 4u];
	/* every write, in order */
	uint32_t log_off[T_GSI_LOG], log_val[T_GSI_LOG], nlog;
	uint32_t reads;            /* every read */
	uint32_t bad;              /* accesses the port does not allow */
};

static struct t_gsi tg;

static uint32_t t_gsi_read32(void *opaque, uint32_t off)
{
	struct t_gsi *g = opaque;
	const struct t_gsi_mad *m = &g->q[g->head];

	g->reads++;
	if (off >= RNIC_FW_GSI_RX_DATA && off < RNIC_FW_GSI_RX_DATA + RNIC_MAD_BYTES &&
	    (off & 3u) == 0) {
		uint32_t k = (off - RNIC_FW_GSI_RX_DATA) / 4u;

		g->data_reads++;
		if (k + 1u > g->data_word_max)
			g->data_word_max = k + 1u;
		if (g->count == 0)
			return 0;
		return (uint32_t)m->data[4u * k] << 24 | (uint32_t)m->data[4u * k + 1u] << 16 |
		       (uint32_t)m->data[4u * k + 2u] << 8 | m->data[4u * k + 3u];
	}
	switch (off) {
	case RNIC_FW_GSI_RX_COUNT: return g->count;
	case RNIC_FW_GSI_RX_LEN:
		if (g->len_override)
			return g->len_override;
		return g->count ? m->len : 0;
	case RNIC_FW_GSI_RX_SQPN: return g->count ? m->sqpn : 0;
	case RNIC_FW_GSI_RX_SIP: return g->count ? m->sip : 0;
	case RNIC_FW_GSI_RX_SMAC_LO:
		return g->count ? (uint32_t)m->smac[2] << 24 | (uint32_t)m->smac[3] << 16 |
					  (uint32_t)m->smac[4] << 8 | m->smac[5]
				: 0;
	case RNIC_FW_GSI_RX_SMAC_HI: return g->count ? (uint32_t)m->smac[0] << 8 | m->smac[1] : 0;
	case RNIC_FW_GSI_RX_PKEY: return g->count ? m->pkey : 0;
	case RNIC_FW_GSI_TX_STATUS:
		g->status_reads++;
		if (g->busy_reads == T_ALWAYS_BUSY)
			return 1;
		if (g->busy_reads) {
			g->busy_reads--;
			return 1;
		}
		return 0;
	default: g->bad++; return 0xDEADBEEFu;
	}
}

static void t_gsi_write32(void *opaque, uint32_t off, uint32_t v)
{
	struct t_gsi *g = opaque;

	if (g->nlog == 0)
		g->status_reads_at_first_write = g->status_reads;
	if (g->nlog < T_GSI_LOG) {
		g->log_off[g->nlog] = off;
		g->log_val[g->nlog] = v;
	}
	g->nlog++;
	if (off >= RNIC_FW_GSI_TX_DATA && off < RNIC_FW_GSI_TX_DATA + RNIC_MAD_BYTES &&
	    (off & 3u) == 0) {
		g->data[(off - RNIC_FW_GSI_TX_DATA) / 4u] = v;
		return;
	}
	switch (off) {
	case RNIC_FW_GSI_RX_POP:
		if (g->count) {
			g->head = (g->head + 1u) % RNIC_GSI_RX_DEPTH;
			g->count--;
		}
		g->pops++;
		return;
	case RNIC_FW_GSI_TX_DIP: g->dip = v; return;
	case RNIC_FW_GSI_TX_DMAC_LO: g->dmac_lo = v; return;
	case RNIC_FW_GSI_TX_DMAC_HI: g->dmac_hi = v; return;
	case RNIC_FW_GSI_TX_DQPN: g->dqpn = v; return;
	case RNIC_FW_GSI_TX_QKEY: g->qkey = v; return;
	case RNIC_FW_GSI_TX_LEN: g->len = v; return;
	case RNIC_FW_GSI_TX_GO: g->go++; return;
	default: g->bad++; return;
	}
}

static void t_gsi_reset(void)
{
	memset(&tg, 0, sizeof(tg));
	memset(&tfw, 0, sizeof(tfw));
	tfw.hal.opaque = &tg;
	tfw.hal.read32 = t_gsi_read32;
	tfw.hal.write32 = t_gsi_write32;
}

/* The hardware keeps a MAD: appended to the FIFO. */
static void t_gsi_arrive(const struct t_gsi_mad *m)
{
	if (tg.count < RNIC_GSI_RX_DEPTH) {
		tg.q[(tg.head + tg.count) % RNIC_GSI_RX_DEPTH] = *m;
		tg.count++;
	}
}

static void t_gsi_mad(struct t_gsi_mad *m, uint32_t len, uint8_t seed)
{
	memset(m, 0, sizeof(*m));
	m->len = len;
	m->sip = 0xC0A80100u | seed;                       /* 192.168.1.seed */
	m->sqpn = 0x800000u | (uint32_t)seed << 8 | 0x01u; /* 24 bits */
	m->pkey = 0x8000u | seed;
	m->smac[0] = 0x02;
	m->smac[1] = (uint8_t)(0x10u + seed);
	m->smac[2] = (uint8_t)(0x20u + seed);
	m->smac[3] = (uint8_t)(0x30u + seed);
	m->smac[4] = (uint8_t)(0x40u + seed);
	m->smac[5] = (uint8_t)(0x50u + seed);
	for (uint32_t i = 0; i < len; i++)
		m->data[i] = (uint8_t)(seed * 3u + 7u * i + (i >> 5));
}

/* ---- receive ---- */

static void t_rx_check(const struct t_gsi_mad *want)
{
	struct rnic_fw_gsi_rx rx;
	uint8_t mad[RNIC_MAD_BYTES];
	uint32_t nlog = tg.nlog, pops = tg.pops;

	memset(&rx, 0xA5, sizeof(rx));
	memset(mad, 0xA5, sizeof(mad));
	tg.data_reads = tg.data_word_max = 0;
	CHECK_EQ(rnic_fw_gsi_rx_read(&tfw, &rx, mad), 0);
	CHECK_EQ(rx.len, want->len);
	CHECK_EQ(rx.sip, want->sip);
	CHECK_EQ(rx.sqpn, want->sqpn);
	CHECK_EQ(rx.pkey, want->pkey);
	for (uint32_t i = 0; i < 6; i++)
		CHECK_EQ(rx.smac[i], want->smac[i]);
	for (uint32_t i = 0; i < RNIC_MAD_BYTES; i++)
		CHECK_EQ(mad[i], i < want->len ? want->data[i] : 0);
	/* only the words holding payload are read, each once */
	CHECK_EQ(tg.data_reads, (want->len + 3u) / 4u);
	CHECK_EQ(tg.data_word_max, (want->len + 3u) / 4u);
	/* reading frees nothing */
	CHECK_EQ(tg.nlog, nlog);
	CHECK_EQ(tg.pops, pops);
}

static void t_rx(void)
{
	struct t_gsi_mad a, b, c, d;
	struct rnic_fw_gsi_rx rx;
	uint8_t mad[RNIC_MAD_BYTES];

	t_gsi_reset();
	/* nothing waiting */
	CHECK_EQ(rnic_fw_gsi_rx_count(&tfw), 0);
	memset(mad, 0x3C, sizeof(mad));
	CHECK_EQ(rnic_fw_gsi_rx_read(&tfw, &rx, mad), -EAGAIN);
	CHECK_EQ(mad[0], 0x3C);
	CHECK_EQ(tg.data_reads, 0);
	CHECK_EQ(tg.nlog, 0);

	t_gsi_mad(&a, RNIC_MAD_BYTES, 1); /* a whole MAD */
	t_gsi_mad(&b, 13, 2);             /* a part word at the end */
	t_gsi_mad(&c, 0, 3);              /* an empty SEND */
	t_gsi_mad(&d, 100, 4);
	t_gsi_arrive(&a);
	t_gsi_arrive(&b);
	t_gsi_arrive(&c);
	t_gsi_arrive(&d);
	CHECK_EQ(rnic_fw_gsi_rx_count(&tfw), 4);

	t_rx_check(&a);
	t_rx_check(&a); /* still there until popped */
	rnic_fw_gsi_rx_pop(&tfw);
	CHECK_EQ(tg.nlog, 1);
	CHECK_EQ(tg.log_off[0], RNIC_FW_GSI_RX_POP);
	CHECK_EQ(tg.pops, 1);
	CHECK_EQ(rnic_fw_gsi_rx_count(&tfw), 3);
	t_rx_check(&b);
	rnic_fw_gsi_rx_pop(&tfw);
	t_rx_check(&c);
	rnic_fw_gsi_rx_pop(&tfw);
	t_rx_check(&d);
	rnic_fw_gsi_rx_pop(&tfw);
	CHECK_EQ(tg.pops, 4);
	CHECK_EQ(rnic_fw_gsi_rx_count(&tfw), 0);
	CHECK_EQ(rnic_fw_gsi_rx_read(&tfw, &rx, mad), -EAGAIN);

	/* the byte order spelled out: word 0 = bytes 0..3, byte 0 in [31:24] */
	t_gsi_mad(&a, 8, 0);
	memcpy(a.data, (const uint8_t[]){ 0x01, 0x07, 0x02, 0x03, 0xAA, 0xBB, 0xCC, 0xDD }, 8);
	t_gsi_arrive(&a);
	CHECK_EQ(t_gsi_read32(&tg, RNIC_FW_GSI_RX_DATA), 0x01070203u);
	CHECK_EQ(rnic_fw_gsi_rx_read(&tfw, &rx, mad), 0);
	CHECK_EQ(mad[0], 0x01);
	CHECK_EQ(mad[1], 0x07);
	CHECK_EQ(mad[3], 0x03);
	CHECK_EQ(mad[4], 0xAA);
	CHECK_EQ(mad[7], 0xDD);
	CHECK_EQ(mad[8], 0);

	/* a length the mailbox never shows: refused, no payload read */
	tg.len_override = RNIC_MAD_BYTES + 4u;
	tg.data_reads = 0;
	CHECK_EQ(rnic_fw_gsi_rx_read(&tfw, &rx, mad), -EIO);
	CHECK_EQ(tg.data_reads, 0);
	CHECK_EQ(tg.bad, 0);
}

/* ---- transmit ---- */

static const struct rnic_fw_gsi_dest t_dest = {
	.dip = 0xC0A80102u, /* 192.168.1.2 */
	.dqpn = 1,
	.qkey = RNIC_GSI_QKEY,
	.dmac = { 0x02, 0x9A, 0xBC, 0xDE, 0xF0, 0x12 },
};

/* The writes a send of len bytes of mad[] to d must make, in order. */
static void t_tx_log_check(const struct rnic_fw_gsi_dest *d, const uint8_t *mad, uint32_t len)
{
	uint32_t words = (len + 3u) / 4u, i = 0;

	CHECK_EQ(tg.nlog, 6u + words + 1u);
	CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_DIP);
	CHECK_EQ(tg.log_val[i], d->dip);
	i++;
	CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_DMAC_LO);
	CHECK_EQ(tg.log_val[i], (uint32_t)d->dmac[2] << 24 | (uint32_t)d->dmac[3] << 16 |
					(uint32_t)d->dmac[4] << 8 | d->dmac[5]);
	i++;
	CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_DMAC_HI);
	CHECK_EQ(tg.log_val[i], (uint32_t)d->dmac[0] << 8 | d->dmac[1]);
	i++;
	CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_DQPN);
	CHECK_EQ(tg.log_val[i], d->dqpn);
	i++;
	CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_QKEY);
	CHECK_EQ(tg.log_val[i], d->qkey);
	i++;
	CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_LEN);
	CHECK_EQ(tg.log_val[i], len);
	i++;
	for (uint32_t k = 0; k < words; k++, i++) {
		uint32_t w = 0;

		for (uint32_t b = 0; b < 4; b++)
			w |= (uint32_t)(4 * k + b < len ? mad[4 * k + b] : 0) << (24 - 8 * b);
		CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_DATA + 4u * k);
		CHECK_EQ(tg.log_val[i], w);
	}
	CHECK_EQ(tg.log_off[i], RNIC_FW_GSI_TX_GO);
	CHECK_EQ(tg.go, 1);
	/* busy was looked at before anything was written */
	CHECK(tg.status_reads_at_first_write >= 1);
	CHECK_EQ(tg.bad, 0);
}

static void t_tx(void)
{
	uint8_t mad[RNIC_MAD_BYTES];

	for (uint32_t i = 0; i < sizeof(mad); i++)
		mad[i] = (uint8_t)(0x5Du + 11u * i);

	/* a whole MAD */
	t_gsi_reset();
	CHECK_EQ(rnic_fw_gsi_tx_busy(&tfw), 0);
	tg.status_reads = 0;
	CHECK_EQ(rnic_fw_gsi_send(&tfw, &t_dest, mad, RNIC_MAD_BYTES), 0);
	t_tx_log_check(&t_dest, mad, RNIC_MAD_BYTES);
	CHECK_EQ(tg.dip, 0xC0A80102u);
	CHECK_EQ(tg.dmac_lo, 0xBCDEF012u);
	CHECK_EQ(tg.dmac_hi, 0x029Au);
	CHECK_EQ(tg.dqpn, 1);
	CHECK_EQ(tg.qkey, 0x80010000u);
	CHECK_EQ(tg.len, 256);
	CHECK_EQ(tg.data[0], 0x5D68737Eu);  /* bytes 0..3, byte 0 in [31:24] */
	CHECK_EQ(tg.data[63], (uint32_t)(uint8_t)(0x5Du + 11u * 252) << 24 |
				      (uint32_t)(uint8_t)(0x5Du + 11u * 253) << 16 |
				      (uint32_t)(uint8_t)(0x5Du + 11u * 254) << 8 |
				      (uint8_t)(0x5Du + 11u * 255));

	/* lengths that end inside a word: the rest of that word is zero */
	for (uint32_t len = 1; len <= 9; len++) {
		struct rnic_fw_gsi_dest d = t_dest;

		d.dqpn = 0xFFFFFFu;
		d.qkey = 0x12345678u;
		t_gsi_reset();
		CHECK_EQ(rnic_fw_gsi_send(&tfw, &d, mad, len), 0);
		t_tx_log_check(&d, mad, len);
	}
	t_gsi_reset();
	CHECK_EQ(rnic_fw_gsi_send(&tfw, &t_dest, mad, 13), 0);
	CHECK_EQ(tg.data[3], 0xE1000000u); /* byte 12 = 0x5D + 11 * 12, then zeros */
	CHECK_EQ(tg.len, 13);
}

static void t_tx_busy(void)
{
	uint8_t mad[RNIC_MAD_BYTES];

	memset(mad, 0x42, sizeof(mad));
	/* busy for a while: waits, then sends */
	t_gsi_reset();
	tg.busy_reads = 5;
	CHECK_EQ(rnic_fw_gsi_tx_busy(&tfw), 1);
	CHECK_EQ(rnic_fw_gsi_send(&tfw, &t_dest, mad, 24), 0);
	CHECK_EQ(tg.status_reads, 6);
	CHECK_EQ(tg.status_reads_at_first_write, 6); /* nothing written while busy */
	t_tx_log_check(&t_dest, mad, 24);

	/* busy throughout: refused after the bound, nothing written */
	t_gsi_reset();
	tg.busy_reads = T_ALWAYS_BUSY;
	CHECK_EQ(rnic_fw_gsi_send(&tfw, &t_dest, mad, RNIC_MAD_BYTES), -EBUSY);
	CHECK_EQ(tg.status_reads, RNIC_FW_GSI_TX_BUSY_SPINS);
	CHECK_EQ(tg.nlog, 0);
	CHECK_EQ(tg.go, 0);

	/* lengths outside 1 .. MAD_BYTES and a 25-bit QPN: refused untouched */
	t_gsi_reset();
	CHECK_EQ(rnic_fw_gsi_send(&tfw, &t_dest, mad, 0), -EINVAL);
	CHECK_EQ(rnic_fw_gsi_send(&tfw, &t_dest, mad, RNIC_MAD_BYTES + 1u), -EINVAL);
	{
		struct rnic_fw_gsi_dest d = t_dest;

		d.dqpn = 0x1000000u;
		CHECK_EQ(rnic_fw_gsi_send(&tfw, &d, mad, 24), -EINVAL);
	}
	CHECK_EQ(tg.reads, 0);
	CHECK_EQ(tg.nlog, 0);
}

/* ---- both together: a REQ out of one mailbox and into another ---- */

static void t_loop(void)
{
	struct rnic_fw_cm_msg m, d;
	struct t_gsi_mad in;
	struct rnic_fw_gsi_rx rx;
	uint8_t mad[RNIC_MAD_BYTES], got[RNIC_MAD_BYTES];

	memset(&m, 0, sizeof(m));
	rnic_fw_cm_hdr_init(&m.hdr, RNIC_FW_CM_ATTR_REQ, 0x0000000700000042ull);
	m.u.req.local_comm_id = 0x12345678u;
	m.u.req.service_id = 0x0000000001064E21ull;
	m.u.req.local_qpn = 0x000123u;
	m.u.req.starting_psn = 0xABCDEFu;
	m.u.req.path_mtu = 5;
	rnic_fw_cm_gid_from_ipv4(m.u.req.primary.local_gid, 0x0A000001u);
	rnic_fw_cm_gid_from_ipv4(m.u.req.primary.remote_gid, 0xC0A80102u);
	for (uint32_t i = 0; i < RNIC_FW_CM_REQ_PRIVATE_BYTES; i++)
		m.u.req.private_data[i] = (uint8_t)(i ^ 0xA5u);
	CHECK_EQ(rnic_fw_cm_encode(&m, mad), 0);

	t_gsi_reset();
	CHECK_EQ(rnic_fw_gsi_send(&tfw, &t_dest, mad, RNIC_MAD_BYTES), 0);

	/* the words sent arrive at the peer's mailbox unchanged */
	t_gsi_mad(&in, RNIC_MAD_BYTES, 9);
	for (uint32_t k = 0; k < RNIC_MAD_BYTES / 4u; k++)
		for (uint32_t b = 0; b < 4; b++)
			in.data[4 * k + b] = (uint8_t)(tg.data[k] >> (24 - 8 * b));
	t_gsi_arrive(&in);
	CHECK_EQ(rnic_fw_gsi_rx_read(&tfw, &rx, got), 0);
	CHECK(memcmp(got, mad, sizeof(mad)) == 0);
	CHECK_EQ(rnic_fw_cm_decode(got, rx.len, &d), 0);
	CHECK_EQ(d.hdr.attr_id, RNIC_FW_CM_ATTR_REQ);
	CHECK_EQ(d.hdr.tid, 0x0000000700000042ull);
	CHECK_EQ(d.u.req.local_comm_id, 0x12345678u);
	CHECK_EQ(d.u.req.service_id, 0x0000000001064E21ull);
	CHECK_EQ(d.u.req.local_qpn, 0x000123u);
	CHECK_EQ(d.u.req.starting_psn, 0xABCDEFu);
	CHECK_EQ(d.u.req.path_mtu, 5);
	CHECK(memcmp(d.u.req.private_data, m.u.req.private_data, RNIC_FW_CM_REQ_PRIVATE_BYTES) == 0);
	{
		uint32_t ip = 0;

		CHECK_EQ(rnic_fw_cm_gid_to_ipv4(d.u.req.primary.remote_gid, &ip), 0);
		CHECK_EQ(ip, 0xC0A80102u);
	}
	rnic_fw_gsi_rx_pop(&tfw);
	CHECK_EQ(rnic_fw_gsi_rx_count(&tfw), 0);
}

int main(void)
{
	t_rx();
	t_tx();
	t_tx_busy();
	t_loop();
	return t_finish("test_fw_gsi");
}
