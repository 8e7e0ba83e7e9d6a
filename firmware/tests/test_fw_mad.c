/* The MAD / CM message codec (rnic_fw_mad.h) against the wire layouts.
 *
 * Offsets used here (attribute bytes count from MAD byte 24; Byte[Bit] with
 * bit 0 the most significant), taken from the IBA 12.6 message-contents
 * tables as Linux transcribes them in include/rdma/ibta_vol1_c12.h (each
 * field named with its byte, bit and width) and cross-checked against the
 * structs of Linux's older drivers/infiniband/core/cm_msgs.h; the common
 * MAD header from IBA 13.4.3 / struct ib_mad_hdr (include/rdma/ib_mad.h):
 *
 *   header   0 base version, 1 class, 2 class version, 3 method, 4..5 status,
 *            6..7 class-specific, 8..15 TID, 16..17 attribute ID,
 *            18..19 reserved, 20..23 attribute modifier
 *   REQ      0..3 local comm ID, 8..15 service ID, 16..23 local CA GUID,
 *            28..31 Q_Key, 32..34 local QPN, 35 responder resources,
 *            36..38 local EECN, 39 initiator depth, 40..42 remote EECN,
 *            43[0..4] remote CM response timeout, 43[5..6] transport
 *            service type, 43[7] end-to-end flow control, 44..46 starting
 *            PSN, 47[0..4] local CM response timeout, 47[5..7] retry count,
 *            48..49 P_Key, 50[0..3] path MTU, 50[4] RDC exists,
 *            50[5..7] RNR retry count, 51[0..3] max CM retries, 51[4] SRQ,
 *            51[5..7] extended transport type; primary path at 52 and
 *            alternate at 96: +0 local LID, +2 remote LID, +4 local GID,
 *            +20 remote GID, +36[0] flow label (20 bits), +39[2] packet
 *            rate (6), +40 traffic class, +41 hop limit, +42[0..3] SL,
 *            +42[4] subnet local, +43[0..4] local ACK timeout;
 *            139[5] SAP supported; 140..231 private data (92)
 *   MRA      0 local comm ID, 4 remote comm ID, 8[0..1] message MRAed,
 *            9[0..4] service timeout, 10..231 private data (222)
 *   REJ      0, 4 comm IDs, 8[0..1] message rejected, 9[0..6] reject info
 *            length, 10..11 reason, 12..83 ARI (72), 84..231 private (148)
 *   REP      0, 4 comm IDs, 8..11 Q_Key, 12..14 local QPN, 16..18 local
 *            EECN, 20..22 starting PSN, 24 responder resources, 25
 *            initiator depth, 26[0..4] target ACK delay, 26[5..6] failover
 *            accepted, 26[7] end-to-end flow control, 27[0..2] RNR retry
 *            count, 27[3] SRQ, 28..35 local CA GUID, 36..231 private (196)
 *   RTU      0, 4 comm IDs, 8..231 private data (224)
 *   DREQ     0, 4 comm IDs, 8..10 remote QPN/EECN, 12..231 private (220)
 *   DREP     0, 4 comm IDs, 8..231 private data (224)
 *   SIDR_REQ 0..3 request ID, 4..5 P_Key, 6..7 reserved, 8..15 service ID,
 *            16..231 private data (216)
 *   SIDR_REP 0..3 request ID, 4 status, 5 additional information length,
 *            6..7 reserved, 8..10 QPN, 11 reserved, 12..19 service ID,
 *            20..23 Q_Key, 24..95 additional information (72),
 *            96..231 private data (136)
 *
 * The expected bytes below are built by hand from this list, not by the
 * codec's own tables. */
#include "fw_test_model.h"
#include "rnic_fw_mad.h"

#define A0 RNIC_FW_MAD_HDR_BYTES /* MAD byte of attribute byte 0 */

/* ---- independent big-endian writers for the expected bytes ---- */

static void t_be(uint8_t *b, uint32_t off, uint64_t v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		b[off + i] = (uint8_t)(v >> (8u * (n - 1u - i)));
}

static void t_pattern(uint8_t *p, uint32_t n, uint8_t seed)
{
	for (uint32_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + 37u * i + (i >> 3));
}

static void t_gid_v4(uint8_t *g, uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
	static const uint8_t prefix[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF };

	memcpy(g, prefix, 12);
	g[12] = a;
	g[13] = b;
	g[14] = c;
	g[15] = d;
}

/* The header every expected MAD starts with. */
static void t_hdr_bytes(uint8_t *b, uint16_t attr, uint64_t tid)
{
	memset(b, 0, RNIC_MAD_BYTES);
	b[0] = 1;    /* BaseVersion */
	b[1] = 0x07; /* MgmtClass: CM */
	b[2] = 2;    /* ClassVersion */
	b[3] = 0x03; /* Method: Send */
	t_be(b, 8, tid, 8);
	t_be(b, 16, attr, 2);
}

static void t_msg_init(struct rnic_fw_cm_msg *m, uint16_t attr, uint64_t tid)
{
	memset(m, 0, sizeof(*m));
	rnic_fw_cm_hdr_init(&m->hdr, attr, tid);
}

/* ---- field-by-field comparison ---- */

static void t_hdr_eq(const struct rnic_fw_mad_hdr *a, const struct rnic_fw_mad_hdr *b)
{
	CHECK_EQ(a->base_version, b->base_version);
	CHECK_EQ(a->mgmt_class, b->mgmt_class);
	CHECK_EQ(a->class_version, b->class_version);
	CHECK_EQ(a->method, b->method);
	CHECK_EQ(a->status, b->status);
	CHECK_EQ(a->class_specific, b->class_specific);
	CHECK_EQ(a->tid, b->tid);
	CHECK_EQ(a->attr_id, b->attr_id);
	CHECK_EQ(a->attr_mod, b->attr_mod);
}

static void t_path_eq(const struct rnic_fw_cm_path *a, const struct rnic_fw_cm_path *b)
{
	CHECK_EQ(a->local_lid, b->local_lid);
	CHECK_EQ(a->remote_lid, b->remote_lid);
	CHECK(memcmp(a->local_gid, b->local_gid, 16) == 0);
	CHECK(memcmp(a->remote_gid, b->remote_gid, 16) == 0);
	CHECK_EQ(a->flow_label, b->flow_label);
	CHECK_EQ(a->packet_rate, b->packet_rate);
	CHECK_EQ(a->traffic_class, b->traffic_class);
	CHECK_EQ(a->hop_limit, b->hop_limit);
	CHECK_EQ(a->sl, b->sl);
	CHECK_EQ(a->subnet_local, b->subnet_local);
	CHECK_EQ(a->local_ack_timeout, b->local_ack_timeout);
}

static void t_msg_eq(const struct rnic_fw_cm_msg *x, const struct rnic_fw_cm_msg *y)
{
	t_hdr_eq(&x->hdr, &y->hdr);
	switch (x->hdr.attr_id) {
	case RNIC_FW_CM_ATTR_REQ: {
		const struct rnic_fw_cm_req *a = &x->u.req, *b = &y->u.req;

		CHECK_EQ(a->local_comm_id, b->local_comm_id);
		CHECK_EQ(a->service_id, b->service_id);
		CHECK_EQ(a->local_ca_guid, b->local_ca_guid);
		CHECK_EQ(a->local_qkey, b->local_qkey);
		CHECK_EQ(a->local_qpn, b->local_qpn);
		CHECK_EQ(a->responder_resources, b->responder_resources);
		CHECK_EQ(a->local_eecn, b->local_eecn);
		CHECK_EQ(a->initiator_depth, b->initiator_depth);
		CHECK_EQ(a->remote_eecn, b->remote_eecn);
		CHECK_EQ(a->remote_cm_response_timeout, b->remote_cm_response_timeout);
		CHECK_EQ(a->transport_service_type, b->transport_service_type);
		CHECK_EQ(a->end_to_end_flow_control, b->end_to_end_flow_control);
		CHECK_EQ(a->starting_psn, b->starting_psn);
		CHECK_EQ(a->local_cm_response_timeout, b->local_cm_response_timeout);
		CHECK_EQ(a->retry_count, b->retry_count);
		CHECK_EQ(a->pkey, b->pkey);
		CHECK_EQ(a->path_mtu, b->path_mtu);
		CHECK_EQ(a->rdc_exists, b->rdc_exists);
		CHECK_EQ(a->rnr_retry_count, b->rnr_retry_count);
		CHECK_EQ(a->max_cm_retries, b->max_cm_retries);
		CHECK_EQ(a->srq, b->srq);
		CHECK_EQ(a->extended_transport_type, b->extended_transport_type);
		CHECK_EQ(a->sap_supported, b->sap_supported);
		t_path_eq(&a->primary, &b->primary);
		t_path_eq(&a->alternate, &b->alternate);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_MRA: {
		const struct rnic_fw_cm_mra *a = &x->u.mra, *b = &y->u.mra;

		CHECK_EQ(a->local_comm_id, b->local_comm_id);
		CHECK_EQ(a->remote_comm_id, b->remote_comm_id);
		CHECK_EQ(a->message_mraed, b->message_mraed);
		CHECK_EQ(a->service_timeout, b->service_timeout);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_REJ: {
		const struct rnic_fw_cm_rej *a = &x->u.rej, *b = &y->u.rej;

		CHECK_EQ(a->local_comm_id, b->local_comm_id);
		CHECK_EQ(a->remote_comm_id, b->remote_comm_id);
		CHECK_EQ(a->message_rejected, b->message_rejected);
		CHECK_EQ(a->ari_length, b->ari_length);
		CHECK_EQ(a->reason, b->reason);
		CHECK(memcmp(a->ari, b->ari, sizeof(a->ari)) == 0);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_REP: {
		const struct rnic_fw_cm_rep *a = &x->u.rep, *b = &y->u.rep;

		CHECK_EQ(a->local_comm_id, b->local_comm_id);
		CHECK_EQ(a->remote_comm_id, b->remote_comm_id);
		CHECK_EQ(a->local_qkey, b->local_qkey);
		CHECK_EQ(a->local_qpn, b->local_qpn);
		CHECK_EQ(a->local_eecn, b->local_eecn);
		CHECK_EQ(a->starting_psn, b->starting_psn);
		CHECK_EQ(a->responder_resources, b->responder_resources);
		CHECK_EQ(a->initiator_depth, b->initiator_depth);
		CHECK_EQ(a->target_ack_delay, b->target_ack_delay);
		CHECK_EQ(a->failover_accepted, b->failover_accepted);
		CHECK_EQ(a->end_to_end_flow_control, b->end_to_end_flow_control);
		CHECK_EQ(a->rnr_retry_count, b->rnr_retry_count);
		CHECK_EQ(a->srq, b->srq);
		CHECK_EQ(a->local_ca_guid, b->local_ca_guid);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_RTU: {
		const struct rnic_fw_cm_rtu *a = &x->u.rtu, *b = &y->u.rtu;

		CHECK_EQ(a->local_comm_id, b->local_comm_id);
		CHECK_EQ(a->remote_comm_id, b->remote_comm_id);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_DREQ: {
		const struct rnic_fw_cm_dreq *a = &x->u.dreq, *b = &y->u.dreq;

		CHECK_EQ(a->local_comm_id, b->local_comm_id);
		CHECK_EQ(a->remote_comm_id, b->remote_comm_id);
		CHECK_EQ(a->remote_qpn_eecn, b->remote_qpn_eecn);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_DREP: {
		const struct rnic_fw_cm_drep *a = &x->u.drep, *b = &y->u.drep;

		CHECK_EQ(a->local_comm_id, b->local_comm_id);
		CHECK_EQ(a->remote_comm_id, b->remote_comm_id);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_SIDR_REQ: {
		const struct rnic_fw_cm_sidr_req *a = &x->u.sidr_req, *b = &y->u.sidr_req;

		CHECK_EQ(a->request_id, b->request_id);
		CHECK_EQ(a->pkey, b->pkey);
		CHECK_EQ(a->service_id, b->service_id);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	case RNIC_FW_CM_ATTR_SIDR_REP: {
		const struct rnic_fw_cm_sidr_rep *a = &x->u.sidr_rep, *b = &y->u.sidr_rep;

		CHECK_EQ(a->request_id, b->request_id);
		CHECK_EQ(a->status, b->status);
		CHECK_EQ(a->info_length, b->info_length);
		CHECK_EQ(a->qpn, b->qpn);
		CHECK_EQ(a->service_id, b->service_id);
		CHECK_EQ(a->qkey, b->qkey);
		CHECK(memcmp(a->info, b->info, sizeof(a->info)) == 0);
		CHECK(memcmp(a->private_data, b->private_data, sizeof(a->private_data)) == 0);
		break;
	}
	default:
		CHECK(0 && "unexpected attribute");
	}
}

/* ---- round trips: every field a distinct value that fills its width ---- */

static void t_fill_path(struct rnic_fw_cm_path *p, uint8_t seed)
{
	t_pattern(p->local_gid, 16, seed);
	t_pattern(p->remote_gid, 16, (uint8_t)(seed + 101u));
	p->local_lid = (uint16_t)(0x8000u | seed << 4 | 0x3u);
	p->remote_lid = (uint16_t)(0xC000u | seed << 2 | 0x1u);
	p->flow_label = 0xF0000u | seed;    /* 20 bits, top bit set */
	p->packet_rate = (uint8_t)(0x20u | (seed & 0x1Fu)); /* 6 */
	p->traffic_class = (uint8_t)(0x80u | seed);
	p->hop_limit = (uint8_t)(0xC0u ^ seed);
	p->sl = (uint8_t)(0x8u | (seed & 7u)); /* 4 */
	p->subnet_local = 1;
	p->local_ack_timeout = (uint8_t)(0x10u | (seed & 0xFu)); /* 5 */
}

static void t_fill(struct rnic_fw_cm_msg *m, uint16_t attr)
{
	t_msg_init(m, attr, 0xFEDCBA9876543210ull);
	m->hdr.status = 0x8A5Bu;
	m->hdr.class_specific = 0xC3D4u;
	m->hdr.attr_mod = 0x9E8F7061u;
	switch (attr) {
	case RNIC_FW_CM_ATTR_REQ: {
		struct rnic_fw_cm_req *r = &m->u.req;

		r->local_comm_id = 0x81C2E3F4u;
		r->service_id = 0xF1E2D3C4B5A69788ull;
		r->local_ca_guid = 0x8A1B2C3D4E5F6071ull;
		r->local_qkey = 0x9ABCDEF0u;
		r->local_qpn = 0xABCDEFu;
		r->responder_resources = 0xC5u;
		r->local_eecn = 0x923457u;
		r->initiator_depth = 0xE7u;
		r->remote_eecn = 0xFEDCB1u;
		r->remote_cm_response_timeout = 0x17u;
		r->transport_service_type = 2;
		r->end_to_end_flow_control = 1;
		r->starting_psn = 0x876543u;
		r->local_cm_response_timeout = 0x1Du;
		r->retry_count = 6;
		r->pkey = 0x8001u;
		r->path_mtu = 0xAu;
		r->rdc_exists = 1;
		r->rnr_retry_count = 5;
		r->max_cm_retries = 0xEu;
		r->srq = 1;
		r->extended_transport_type = 5;
		r->sap_supported = 1;
		t_fill_path(&r->primary, 0x31u);
		t_fill_path(&r->alternate, 0x4Cu);
		t_pattern(r->private_data, sizeof(r->private_data), 0x11u);
		break;
	}
	case RNIC_FW_CM_ATTR_MRA:
		m->u.mra.local_comm_id = 0xA1A2A3A4u;
		m->u.mra.remote_comm_id = 0xB1B2B3B4u;
		m->u.mra.message_mraed = 2;
		m->u.mra.service_timeout = 0x1Bu;
		t_pattern(m->u.mra.private_data, sizeof(m->u.mra.private_data), 0x22u);
		break;
	case RNIC_FW_CM_ATTR_REJ:
		m->u.rej.local_comm_id = 0xC1C2C3C4u;
		m->u.rej.remote_comm_id = 0xD1D2D3D4u;
		m->u.rej.message_rejected = 2;
		m->u.rej.ari_length = 71;
		m->u.rej.reason = 0x801Cu;
		t_pattern(m->u.rej.ari, sizeof(m->u.rej.ari), 0x33u);
		t_pattern(m->u.rej.private_data, sizeof(m->u.rej.private_data), 0x44u);
		break;
	case RNIC_FW_CM_ATTR_REP:
		m->u.rep.local_comm_id = 0xE1E2E3E4u;
		m->u.rep.remote_comm_id = 0xF1F2F3F4u;
		m->u.rep.local_qkey = 0x87654321u;
		m->u.rep.local_qpn = 0xC0DE01u;
		m->u.rep.local_eecn = 0xBEEF02u;
		m->u.rep.starting_psn = 0xF00D03u;
		m->u.rep.responder_resources = 0x9Bu;
		m->u.rep.initiator_depth = 0xACu;
		m->u.rep.target_ack_delay = 0x19u;
		m->u.rep.failover_accepted = 3;
		m->u.rep.end_to_end_flow_control = 1;
		m->u.rep.rnr_retry_count = 6;
		m->u.rep.srq = 1;
		m->u.rep.local_ca_guid = 0x9192939495969798ull;
		t_pattern(m->u.rep.private_data, sizeof(m->u.rep.private_data), 0x55u);
		break;
	case RNIC_FW_CM_ATTR_RTU:
		m->u.rtu.local_comm_id = 0x8899AABBu;
		m->u.rtu.remote_comm_id = 0xCCDDEEFFu;
		t_pattern(m->u.rtu.private_data, sizeof(m->u.rtu.private_data), 0x66u);
		break;
	case RNIC_FW_CM_ATTR_DREQ:
		m->u.dreq.local_comm_id = 0x91A2B3C4u;
		m->u.dreq.remote_comm_id = 0xD5E6F708u;
		m->u.dreq.remote_qpn_eecn = 0xFACE05u;
		t_pattern(m->u.dreq.private_data, sizeof(m->u.dreq.private_data), 0x77u);
		break;
	case RNIC_FW_CM_ATTR_DREP:
		m->u.drep.local_comm_id = 0x192A3B4Cu;
		m->u.drep.remote_comm_id = 0x5D6E7F80u;
		t_pattern(m->u.drep.private_data, sizeof(m->u.drep.private_data), 0x88u);
		break;
	case RNIC_FW_CM_ATTR_SIDR_REQ:
		m->u.sidr_req.request_id = 0xA9B8C7D6u;
		m->u.sidr_req.pkey = 0xE5F4u;
		m->u.sidr_req.service_id = 0x8172635445362718ull;
		t_pattern(m->u.sidr_req.private_data, sizeof(m->u.sidr_req.private_data), 0x99u);
		break;
	case RNIC_FW_CM_ATTR_SIDR_REP:
		m->u.sidr_rep.request_id = 0xB3C4D5E6u;
		m->u.sidr_rep.status = 0xF7u;
		m->u.sidr_rep.info_length = 72;
		m->u.sidr_rep.qpn = 0xD1E2F3u;
		m->u.sidr_rep.service_id = 0x9A8B7C6D5E4F3021ull;
		m->u.sidr_rep.qkey = 0xC1234567u;
		t_pattern(m->u.sidr_rep.info, sizeof(m->u.sidr_rep.info), 0xAAu);
		t_pattern(m->u.sidr_rep.private_data, sizeof(m->u.sidr_rep.private_data), 0xBBu);
		break;
	}
}

static const uint16_t t_attrs[] = {
	RNIC_FW_CM_ATTR_REQ, RNIC_FW_CM_ATTR_MRA, RNIC_FW_CM_ATTR_REJ, RNIC_FW_CM_ATTR_REP,
	RNIC_FW_CM_ATTR_RTU, RNIC_FW_CM_ATTR_DREQ, RNIC_FW_CM_ATTR_DREP,
	RNIC_FW_CM_ATTR_SIDR_REQ, RNIC_FW_CM_ATTR_SIDR_REP,
};
#define T_NATTRS (sizeof(t_attrs) / sizeof(t_attrs[0]))

static void t_roundtrip(void)
{
	for (uint32_t i = 0; i < T_NATTRS; i++) {
		struct rnic_fw_cm_msg m, d;
		uint8_t mad[RNIC_MAD_BYTES], again[RNIC_MAD_BYTES];
		unsigned before = t_failures;

		t_fill(&m, t_attrs[i]);
		memset(mad, 0xA5, sizeof(mad));
		CHECK_EQ(rnic_fw_cm_encode(&m, mad), 0);
		memset(&d, 0x5A, sizeof(d));
		CHECK_EQ(rnic_fw_cm_decode(mad, sizeof(mad), &d), 0);
		t_msg_eq(&m, &d);
		/* encode(decode(x)) gives the same bytes */
		CHECK_EQ(rnic_fw_cm_encode(&d, again), 0);
		CHECK(memcmp(mad, again, sizeof(mad)) == 0);
		/* the header on the wire */
		CHECK_EQ(mad[0], 1);
		CHECK_EQ(mad[1], 0x07);
		CHECK_EQ(mad[2], 2);
		CHECK_EQ(mad[3], 0x03);
		CHECK_EQ(mad[4], 0x8A);
		CHECK_EQ(mad[5], 0x5B);
		CHECK_EQ(mad[6], 0xC3);
		CHECK_EQ(mad[7], 0xD4);
		for (uint32_t k = 0; k < 8; k++)
			CHECK_EQ(mad[8 + k], (uint8_t)(0xFEDCBA9876543210ull >> (56 - 8 * k)));
		CHECK_EQ(mad[16], t_attrs[i] >> 8);
		CHECK_EQ(mad[17], t_attrs[i] & 0xFF);
		CHECK_EQ(mad[18], 0);
		CHECK_EQ(mad[19], 0);
		CHECK_EQ(mad[20], 0x9E);
		CHECK_EQ(mad[21], 0x8F);
		CHECK_EQ(mad[22], 0x70);
		CHECK_EQ(mad[23], 0x61);
		if (t_failures != before)
			fprintf(stderr, "  in round trip of attribute 0x%04x\n", t_attrs[i]);
	}
}

/* ---- known answers: exact bytes at the spec offsets ---- */

/* Encodes m, compares with the hand-built expected bytes, and decodes the
 * expected bytes back into m's fields. */
static void t_known(const char *name, const struct rnic_fw_cm_msg *m, const uint8_t *want)
{
	uint8_t mad[RNIC_MAD_BYTES];
	struct rnic_fw_cm_msg d;
	unsigned before = t_failures;

	CHECK_EQ(rnic_fw_cm_encode(m, mad), 0);
	for (uint32_t i = 0; i < RNIC_MAD_BYTES; i++)
		if (mad[i] != want[i]) {
			fprintf(stderr, "%s: MAD byte %u (attribute byte %d) is 0x%02x, expected 0x%02x\n",
				name, i, (int)i - (int)A0, mad[i], want[i]);
			t_failures++;
		}
	t_checks++;
	CHECK_EQ(rnic_fw_cm_decode(want, RNIC_MAD_BYTES, &d), 0);
	t_msg_eq(m, &d);
	if (t_failures != before)
		fprintf(stderr, "  in known answer %s\n", name);
}

/* A RoCEv2 REQ from 10.0.0.1 to 192.168.1.2 for an RC QP. */
static void t_known_req(void)
{
	struct rnic_fw_cm_msg m;
	struct rnic_fw_cm_req *r = &m.u.req;
	uint8_t w[RNIC_MAD_BYTES], *a = w + A0;

	t_msg_init(&m, RNIC_FW_CM_ATTR_REQ, 0x0000000412345678ull);
	r->local_comm_id = 0x5A3C1E07u;
	r->service_id = 0x0000000001064E21ull; /* RDMA CM, TCP port space, port 20001 */
	r->local_ca_guid = 0x0202C9FFFE123456ull;
	r->local_qkey = 0x13579BDFu;
	r->local_qpn = 0x8A0123u;
	r->responder_resources = 0x10u;
	r->local_eecn = 0x445566u;
	r->initiator_depth = 0x08u;
	r->remote_eecn = 0x778899u;
	r->remote_cm_response_timeout = 0x14u;
	r->transport_service_type = RNIC_FW_CM_TRANSPORT_UC;
	r->end_to_end_flow_control = 1;
	r->starting_psn = 0xC0FFEEu;
	r->local_cm_response_timeout = 0x16u;
	r->retry_count = 7;
	r->pkey = 0x7FFFu;
	r->path_mtu = 3; /* 1024 */
	r->rdc_exists = 0;
	r->rnr_retry_count = 7;
	r->max_cm_retries = 15;
	r->srq = 1;
	r->extended_transport_type = 0;
	r->primary.local_lid = 0xFFFFu;
	r->primary.remote_lid = 0xC001u;
	rnic_fw_cm_gid_from_ipv4(r->primary.local_gid, 0x0A000001u);
	rnic_fw_cm_gid_from_ipv4(r->primary.remote_gid, 0xC0A80102u);
	r->primary.flow_label = 0x9ABCDu;
	r->primary.packet_rate = 0x2Au;
	r->primary.traffic_class = 0x68u;
	r->primary.hop_limit = 0x40u;
	r->primary.sl = 5;
	r->primary.subnet_local = 1;
	r->primary.local_ack_timeout = 0x12u;
	r->alternate.local_lid = 0x0102u;
	r->alternate.remote_lid = 0x0304u;
	t_pattern(r->alternate.local_gid, 16, 0xE0u);
	t_pattern(r->alternate.remote_gid, 16, 0xF0u);
	r->alternate.flow_label = 0x00001u;
	r->alternate.packet_rate = 0x3Fu;
	r->alternate.traffic_class = 0xFEu;
	r->alternate.hop_limit = 0x01u;
	r->alternate.sl = 0xFu;
	r->alternate.subnet_local = 0;
	r->alternate.local_ack_timeout = 0x1Fu;
	r->sap_supported = 1;
	t_pattern(r->private_data, sizeof(r->private_data), 0x99u);

	t_hdr_bytes(w, 0x0010, 0x0000000412345678ull);
	t_be(a, 0, 0x5A3C1E07u, 4);           /* local comm ID at byte 0 */
	t_be(a, 8, 0x0000000001064E21ull, 8); /* service ID at byte 8 */
	t_be(a, 16, 0x0202C9FFFE123456ull, 8);
	t_be(a, 28, 0x13579BDFu, 4);
	t_be(a, 32, 0x8A0123u, 3);            /* local QPN in bytes 32..34 */
	a[35] = 0x10;
	t_be(a, 36, 0x445566u, 3);
	a[39] = 0x08;
	t_be(a, 40, 0x778899u, 3);
	a[43] = 0x14 << 3 | 1 << 1 | 1;       /* timeout 43[0..4], TST 43[5..6], E2E 43[7] */
	t_be(a, 44, 0xC0FFEEu, 3);            /* starting PSN in bytes 44..46 */
	a[47] = 0x16 << 3 | 7;
	t_be(a, 48, 0x7FFFu, 2);
	a[50] = 3 << 4 | 0 << 3 | 7;          /* MTU, RDC exists, RNR retry count */
	a[51] = 15 << 4 | 1 << 3 | 0;         /* max CM retries, SRQ, extended type */
	t_be(a, 52, 0xFFFFu, 2);
	t_be(a, 54, 0xC001u, 2);
	t_gid_v4(a + 56, 10, 0, 0, 1);        /* ::ffff:10.0.0.1 */
	t_gid_v4(a + 72, 192, 168, 1, 2);
	t_be(a, 88, 0x9ABCDu << 12 | 0x2Au, 4); /* flow label 20, 6 reserved, rate 6 */
	a[92] = 0x68;
	a[93] = 0x40;
	a[94] = 5 << 4 | 1 << 3;
	a[95] = 0x12 << 3;
	t_be(a, 96, 0x0102u, 2);
	t_be(a, 98, 0x0304u, 2);
	t_pattern(a + 100, 16, 0xE0u);
	t_pattern(a + 116, 16, 0xF0u);
	t_be(a, 132, 0x00001u << 12 | 0x3Fu, 4);
	a[136] = 0xFE;
	a[137] = 0x01;
	a[138] = 0xF << 4 | 0 << 3;
	a[139] = 0x1F << 3 | 1 << 2;          /* ACK timeout, SAP supported 139[5] */
	t_pattern(a + 140, 92, 0x99u);
	/* spot checks on the MAD as a whole */
	CHECK_EQ(w[24 + 0], 0x5A);
	CHECK_EQ(w[24 + 32], 0x8A);
	CHECK_EQ(w[24 + 46], 0xEE);
	CHECK_EQ(w[24 + 71], 0x01);
	t_known("REQ", &m, w);
}

static void t_known_rep(void)
{
	struct rnic_fw_cm_msg m;
	struct rnic_fw_cm_rep *r = &m.u.rep;
	uint8_t w[RNIC_MAD_BYTES], *a = w + A0;

	t_msg_init(&m, RNIC_FW_CM_ATTR_REP, 0x0000000412345678ull);
	r->local_comm_id = 0xA1B2C3D4u;
	r->remote_comm_id = 0x5A3C1E07u;
	r->local_qkey = 0x0BADF00Du;
	r->local_qpn = 0x00ABCDu;
	r->local_eecn = 0x010203u;
	r->starting_psn = 0xFEDCBAu;
	r->responder_resources = 0x04u;
	r->initiator_depth = 0x02u;
	r->target_ack_delay = 0x0Fu;
	r->failover_accepted = 2;
	r->end_to_end_flow_control = 1;
	r->rnr_retry_count = 6;
	r->srq = 0;
	r->local_ca_guid = 0x0202C9FFFE654321ull;
	t_pattern(r->private_data, sizeof(r->private_data), 0x5Cu);

	t_hdr_bytes(w, 0x0013, 0x0000000412345678ull);
	t_be(a, 0, 0xA1B2C3D4u, 4);
	t_be(a, 4, 0x5A3C1E07u, 4);
	t_be(a, 8, 0x0BADF00Du, 4);
	t_be(a, 12, 0x00ABCDu, 3);          /* local QPN 12..14 */
	t_be(a, 16, 0x010203u, 3);
	t_be(a, 20, 0xFEDCBAu, 3);          /* starting PSN 20..22 */
	a[24] = 0x04;
	a[25] = 0x02;
	a[26] = 0x0F << 3 | 2 << 1 | 1;     /* target ACK delay, failover, E2E */
	a[27] = 6 << 5 | 0 << 4;            /* RNR retry count, SRQ */
	t_be(a, 28, 0x0202C9FFFE654321ull, 8);
	t_pattern(a + 36, 196, 0x5Cu);
	t_known("REP", &m, w);
}

static void t_known_rej(void)
{
	struct rnic_fw_cm_msg m;
	struct rnic_fw_cm_rej *r = &m.u.rej;
	uint8_t w[RNIC_MAD_BYTES], *a = w + A0;

	t_msg_init(&m, RNIC_FW_CM_ATTR_REJ, 0x0000000400000001ull);
	r->local_comm_id = 0x0C0D0E0Fu;
	r->remote_comm_id = 0x10203040u;
	r->message_rejected = RNIC_FW_CM_MSG_REP;
	r->ari_length = 72;
	r->reason = 28; /* consumer reject */
	t_pattern(r->ari, sizeof(r->ari), 0x3Au);
	t_pattern(r->private_data, sizeof(r->private_data), 0x4Bu);

	t_hdr_bytes(w, 0x0012, 0x0000000400000001ull);
	t_be(a, 0, 0x0C0D0E0Fu, 4);
	t_be(a, 4, 0x10203040u, 4);
	a[8] = 1 << 6;                     /* message REJected 8[0..1] */
	a[9] = 72 << 1;                    /* reject info length 9[0..6] */
	t_be(a, 10, 28, 2);                /* reason 10..11 */
	t_pattern(a + 12, 72, 0x3Au);      /* ARI 12..83 */
	t_pattern(a + 84, 148, 0x4Bu);     /* private data 84..231 */
	t_known("REJ", &m, w);

	/* message REJected OTHER, no ARI */
	r->message_rejected = RNIC_FW_CM_MSG_OTHER;
	r->ari_length = 0;
	memset(r->ari, 0, sizeof(r->ari));
	a[8] = 2 << 6;
	a[9] = 0;
	memset(a + 12, 0, 72);
	t_known("REJ other", &m, w);
}

static void t_known_rtu(void)
{
	struct rnic_fw_cm_msg m;
	uint8_t w[RNIC_MAD_BYTES], *a = w + A0;

	t_msg_init(&m, RNIC_FW_CM_ATTR_RTU, 0x0000000412345678ull);
	m.u.rtu.local_comm_id = 0x5A3C1E07u;
	m.u.rtu.remote_comm_id = 0xA1B2C3D4u;
	t_pattern(m.u.rtu.private_data, sizeof(m.u.rtu.private_data), 0x6Du);

	t_hdr_bytes(w, 0x0014, 0x0000000412345678ull);
	t_be(a, 0, 0x5A3C1E07u, 4);
	t_be(a, 4, 0xA1B2C3D4u, 4);
	t_pattern(a + 8, 224, 0x6Du);
	t_known("RTU", &m, w);
}

static void t_known_mra_dreq_drep(void)
{
	struct rnic_fw_cm_msg m;
	uint8_t w[RNIC_MAD_BYTES], *a = w + A0;

	t_msg_init(&m, RNIC_FW_CM_ATTR_MRA, 7);
	m.u.mra.local_comm_id = 0x01020304u;
	m.u.mra.remote_comm_id = 0x05060708u;
	m.u.mra.message_mraed = RNIC_FW_CM_MSG_OTHER;
	m.u.mra.service_timeout = 0x1Fu;
	t_pattern(m.u.mra.private_data, sizeof(m.u.mra.private_data), 0x7Eu);
	t_hdr_bytes(w, 0x0011, 7);
	t_be(a, 0, 0x01020304u, 4);
	t_be(a, 4, 0x05060708u, 4);
	a[8] = 2 << 6;
	a[9] = 0x1F << 3;
	t_pattern(a + 10, 222, 0x7Eu);
	t_known("MRA", &m, w);

	t_msg_init(&m, RNIC_FW_CM_ATTR_DREQ, 8);
	m.u.dreq.local_comm_id = 0x11121314u;
	m.u.dreq.remote_comm_id = 0x15161718u;
	m.u.dreq.remote_qpn_eecn = 0xA0B0C0u;
	t_pattern(m.u.dreq.private_data, sizeof(m.u.dreq.private_data), 0x8Fu);
	t_hdr_bytes(w, 0x0015, 8);
	t_be(a, 0, 0x11121314u, 4);
	t_be(a, 4, 0x15161718u, 4);
	t_be(a, 8, 0xA0B0C0u, 3);
	t_pattern(a + 12, 220, 0x8Fu);
	t_known("DREQ", &m, w);

	t_msg_init(&m, RNIC_FW_CM_ATTR_DREP, 9);
	m.u.drep.local_comm_id = 0x21222324u;
	m.u.drep.remote_comm_id = 0x25262728u;
	t_pattern(m.u.drep.private_data, sizeof(m.u.drep.private_data), 0x90u);
	t_hdr_bytes(w, 0x0016, 9);
	t_be(a, 0, 0x21222324u, 4);
	t_be(a, 4, 0x25262728u, 4);
	t_pattern(a + 8, 224, 0x90u);
	t_known("DREP", &m, w);
}

/* A SIDR_REQ of the RDMA CM's UDP port space, port 20001 (service ID
 * 0x0000000001114E21), and the SIDR_REP that accepts it with a UD QP. */
static void t_known_sidr(void)
{
	struct rnic_fw_cm_msg m;
	uint8_t w[RNIC_MAD_BYTES], *a = w + A0;

	t_msg_init(&m, RNIC_FW_CM_ATTR_SIDR_REQ, 0x0000000500000123ull);
	m.u.sidr_req.request_id = 0x00000107u;
	m.u.sidr_req.pkey = 0xFFFFu;
	m.u.sidr_req.service_id = 0x0000000001114E21ull;
	t_pattern(m.u.sidr_req.private_data, sizeof(m.u.sidr_req.private_data), 0x1Fu);
	t_hdr_bytes(w, 0x0017, 0x0000000500000123ull);
	t_be(a, 0, 0x00000107u, 4);            /* request ID 0..3 */
	t_be(a, 4, 0xFFFFu, 2);                /* P_Key 4..5 */
	t_be(a, 8, 0x0000000001114E21ull, 8);  /* service ID 8..15 */
	t_pattern(a + 16, 216, 0x1Fu);         /* private data 16..231 */
	CHECK_EQ(w[24 + 13], 0x11);
	CHECK_EQ(w[24 + 14], 0x4E);
	t_known("SIDR_REQ", &m, w);

	t_msg_init(&m, RNIC_FW_CM_ATTR_SIDR_REP, 0x0000000500000123ull);
	m.u.sidr_rep.request_id = 0x00000107u;
	m.u.sidr_rep.status = 0;
	m.u.sidr_rep.info_length = 5;
	m.u.sidr_rep.qpn = 0x00A0B1u;
	m.u.sidr_rep.service_id = 0x0000000001114E21ull;
	m.u.sidr_rep.qkey = 0x01234567u;
	t_pattern(m.u.sidr_rep.info, sizeof(m.u.sidr_rep.info), 0x2Eu);
	t_pattern(m.u.sidr_rep.private_data, sizeof(m.u.sidr_rep.private_data), 0x3Du);
	t_hdr_bytes(w, 0x0018, 0x0000000500000123ull);
	t_be(a, 0, 0x00000107u, 4);            /* request ID 0..3 */
	a[4] = 0;                              /* status */
	a[5] = 5;                              /* additional information length */
	t_be(a, 8, 0x00A0B1u, 3);              /* QPN 8..10 */
	t_be(a, 12, 0x0000000001114E21ull, 8); /* service ID 12..19 */
	t_be(a, 20, 0x01234567u, 4);           /* Q_Key 20..23 */
	t_pattern(a + 24, 72, 0x2Eu);          /* additional information 24..95 */
	t_pattern(a + 96, 136, 0x3Du);         /* private data 96..231 */
	t_known("SIDR_REP", &m, w);

	/* a rejecting one: status 2, no information */
	m.u.sidr_rep.status = 2;
	m.u.sidr_rep.info_length = 0;
	m.u.sidr_rep.qpn = 0;
	m.u.sidr_rep.qkey = 0;
	memset(m.u.sidr_rep.info, 0, sizeof(m.u.sidr_rep.info));
	a[4] = 2;
	a[5] = 0;
	memset(a + 8, 0, 3);
	memset(a + 20, 0, 76);
	t_known("SIDR_REP reject", &m, w);
}

/* ---- reserved bits: exactly the spec's, never read, written as zero ---- */

struct t_rsvd {
	uint8_t byte; /* attribute byte */
	uint8_t mask; /* its reserved bits */
};

static void t_reserved(uint16_t attr, const struct t_rsvd *r, uint32_t n)
{
	uint8_t ones[RNIC_MAD_BYTES], mad[RNIC_MAD_BYTES], want[RNIC_MAD_BYTES];
	struct rnic_fw_cm_msg m, z;
	unsigned before = t_failures;

	/* Every bit set, reserved ones included (a valid REJ info length). */
	memset(ones, 0xFF, sizeof(ones));
	t_hdr_bytes(mad, attr, 0);
	memcpy(ones, mad, 4);
	ones[16] = (uint8_t)(attr >> 8);
	ones[17] = (uint8_t)attr;
	if (attr == RNIC_FW_CM_ATTR_REJ)
		ones[A0 + 9] = 72 << 1 | 1;
	if (attr == RNIC_FW_CM_ATTR_SIDR_REP)
		ones[A0 + 5] = 72;
	CHECK_EQ(rnic_fw_cm_decode(ones, sizeof(ones), &m), 0);
	/* Re-encoded: the same bytes with every reserved bit clear. */
	memcpy(want, ones, sizeof(want));
	want[18] = want[19] = 0;
	for (uint32_t i = 0; i < n; i++)
		want[A0 + r[i].byte] &= (uint8_t)~r[i].mask;
	CHECK_EQ(rnic_fw_cm_encode(&m, mad), 0);
	for (uint32_t i = 0; i < RNIC_MAD_BYTES; i++)
		if (mad[i] != want[i]) {
			fprintf(stderr, "attribute 0x%04x: byte %u is 0x%02x, expected 0x%02x\n",
				attr, i, mad[i], want[i]);
			t_failures++;
		}
	t_checks++;
	/* Decoding the clean bytes gives the same message: reserved bits
	 * carried nothing. */
	CHECK_EQ(rnic_fw_cm_decode(want, sizeof(want), &z), 0);
	t_msg_eq(&m, &z);
	if (t_failures != before)
		fprintf(stderr, "  in reserved bits of attribute 0x%04x\n", attr);
}

static void t_reserved_all(void)
{
	/* REQ: 4..7, 24..27; 90[4..7] 91[0..1] (between flow label and packet
	 * rate), 94[5..7], 95[5..7]; the same for the alternate path at +44,
	 * except 139[5], SAP supported. */
	static const struct t_rsvd req[] = {
		{ 4, 0xFF }, { 5, 0xFF }, { 6, 0xFF }, { 7, 0xFF },
		{ 24, 0xFF }, { 25, 0xFF }, { 26, 0xFF }, { 27, 0xFF },
		{ 90, 0x0F }, { 91, 0xC0 }, { 94, 0x07 }, { 95, 0x07 },
		{ 134, 0x0F }, { 135, 0xC0 }, { 138, 0x07 }, { 139, 0x03 },
	};
	static const struct t_rsvd mra[] = { { 8, 0x3F }, { 9, 0x07 } };
	static const struct t_rsvd rej[] = { { 8, 0x3F }, { 9, 0x01 } };
	static const struct t_rsvd rep[] = { { 15, 0xFF }, { 19, 0xFF }, { 23, 0xFF }, { 27, 0x0F } };
	static const struct t_rsvd dreq[] = { { 11, 0xFF } };
	static const struct t_rsvd sidr_req[] = { { 6, 0xFF }, { 7, 0xFF } };
	static const struct t_rsvd sidr_rep[] = { { 6, 0xFF }, { 7, 0xFF }, { 11, 0xFF } };

	t_reserved(RNIC_FW_CM_ATTR_REQ, req, sizeof(req) / sizeof(req[0]));
	t_reserved(RNIC_FW_CM_ATTR_MRA, mra, sizeof(mra) / sizeof(mra[0]));
	t_reserved(RNIC_FW_CM_ATTR_REJ, rej, sizeof(rej) / sizeof(rej[0]));
	t_reserved(RNIC_FW_CM_ATTR_REP, rep, sizeof(rep) / sizeof(rep[0]));
	t_reserved(RNIC_FW_CM_ATTR_RTU, NULL, 0);
	t_reserved(RNIC_FW_CM_ATTR_DREQ, dreq, sizeof(dreq) / sizeof(dreq[0]));
	t_reserved(RNIC_FW_CM_ATTR_DREP, NULL, 0);
	t_reserved(RNIC_FW_CM_ATTR_SIDR_REQ, sidr_req, sizeof(sidr_req) / sizeof(sidr_req[0]));
	t_reserved(RNIC_FW_CM_ATTR_SIDR_REP, sidr_rep, sizeof(sidr_rep) / sizeof(sidr_rep[0]));
}

/* ---- malformed input ---- */

static void t_malformed(void)
{
	struct rnic_fw_cm_msg m;
	uint8_t good[RNIC_MAD_BYTES + 1], bad[RNIC_MAD_BYTES + 1];
	struct rnic_fw_mad_hdr h;
	static const uint16_t unknown[] = { 0x0000, RNIC_FW_CM_ATTR_CLASS_PORT_INFO, 0x000F,
					    RNIC_FW_CM_ATTR_LAP, RNIC_FW_CM_ATTR_APR, 0x001B,
					    0x1000, 0xFFFF };
	static const uint8_t methods[] = { 0x00, 0x01, 0x02, 0x81, 0x83, 0x7F, 0xFF };

	t_fill(&m, RNIC_FW_CM_ATTR_REP);
	memset(good, 0, sizeof(good));
	CHECK_EQ(rnic_fw_cm_encode(&m, good), 0);
	CHECK_EQ(rnic_fw_cm_decode(good, RNIC_MAD_BYTES, &m), 0);

	/* lengths: a MAD is exactly 256 bytes */
	CHECK_EQ(rnic_fw_cm_decode(good, 0, &m), -EMSGSIZE);
	CHECK_EQ(rnic_fw_cm_decode(good, 24, &m), -EMSGSIZE);
	CHECK_EQ(rnic_fw_cm_decode(good, RNIC_MAD_BYTES - 1, &m), -EMSGSIZE);
	CHECK_EQ(rnic_fw_cm_decode(good, RNIC_MAD_BYTES + 1, &m), -EMSGSIZE);
	CHECK_EQ(rnic_fw_mad_hdr_get(good, RNIC_MAD_BYTES - 4, &h), -EMSGSIZE);
	CHECK_EQ(rnic_fw_mad_hdr_get(good, RNIC_MAD_BYTES, &h), 0);
	CHECK_EQ(h.attr_id, RNIC_FW_CM_ATTR_REP);

	/* base version */
	for (uint32_t v = 0; v < 256; v++) {
		memcpy(bad, good, RNIC_MAD_BYTES);
		bad[0] = (uint8_t)v;
		CHECK_EQ(rnic_fw_cm_decode(bad, RNIC_MAD_BYTES, &m), v == 1 ? 0 : -EPROTONOSUPPORT);
	}
	/* management class: only CM (0x07); SA (0x03), perf (0x04), ... */
	for (uint32_t v = 0; v < 256; v++) {
		memcpy(bad, good, RNIC_MAD_BYTES);
		bad[1] = (uint8_t)v;
		CHECK_EQ(rnic_fw_cm_decode(bad, RNIC_MAD_BYTES, &m), v == 0x07 ? 0 : -EPROTO);
	}
	/* class version */
	for (uint32_t v = 0; v < 256; v++) {
		memcpy(bad, good, RNIC_MAD_BYTES);
		bad[2] = (uint8_t)v;
		CHECK_EQ(rnic_fw_cm_decode(bad, RNIC_MAD_BYTES, &m), v == 2 ? 0 : -EPROTONOSUPPORT);
	}
	/* method: CM messages travel as Send */
	for (uint32_t i = 0; i < sizeof(methods); i++) {
		memcpy(bad, good, RNIC_MAD_BYTES);
		bad[3] = methods[i];
		CHECK_EQ(rnic_fw_cm_decode(bad, RNIC_MAD_BYTES, &m), -EOPNOTSUPP);
	}
	/* attributes this codec does not know */
	for (uint32_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++) {
		memcpy(bad, good, RNIC_MAD_BYTES);
		bad[16] = (uint8_t)(unknown[i] >> 8);
		bad[17] = (uint8_t)unknown[i];
		CHECK_EQ(rnic_fw_cm_decode(bad, RNIC_MAD_BYTES, &m), -ENOMSG);
	}
	/* a REJ whose reject info length runs past its 72 ARI bytes */
	t_fill(&m, RNIC_FW_CM_ATTR_REJ);
	CHECK_EQ(rnic_fw_cm_encode(&m, good), 0);
	for (uint32_t len = 0; len < 128; len++) {
		memcpy(bad, good, RNIC_MAD_BYTES);
		bad[A0 + 9] = (uint8_t)(len << 1);
		CHECK_EQ(rnic_fw_cm_decode(bad, RNIC_MAD_BYTES, &m), len <= 72 ? 0 : -EBADMSG);
		if (len <= 72)
			CHECK_EQ(m.u.rej.ari_length, len);
	}
	/* a SIDR_REP whose additional information length runs past its 72 bytes */
	t_fill(&m, RNIC_FW_CM_ATTR_SIDR_REP);
	CHECK_EQ(rnic_fw_cm_encode(&m, good), 0);
	for (uint32_t len = 0; len < 256; len++) {
		memcpy(bad, good, RNIC_MAD_BYTES);
		bad[A0 + 5] = (uint8_t)len;
		CHECK_EQ(rnic_fw_cm_decode(bad, RNIC_MAD_BYTES, &m), len <= 72 ? 0 : -EBADMSG);
		if (len <= 72)
			CHECK_EQ(m.u.sidr_rep.info_length, len);
	}
	/* the same checks hold whichever message it is: a wrong class on a REQ */
	t_fill(&m, RNIC_FW_CM_ATTR_REQ);
	CHECK_EQ(rnic_fw_cm_encode(&m, good), 0);
	good[1] = 0x03;
	CHECK_EQ(rnic_fw_cm_decode(good, RNIC_MAD_BYTES, &m), -EPROTO);
}

/* ---- encoding refuses what it cannot represent, and writes nothing ---- */

static void t_encode_refused(const struct rnic_fw_cm_msg *m, int want, const char *what)
{
	uint8_t mad[RNIC_MAD_BYTES];
	unsigned before = t_failures;
	uint32_t i;

	memset(mad, 0xC3, sizeof(mad));
	CHECK_EQ(rnic_fw_cm_encode(m, mad), want);
	for (i = 0; i < sizeof(mad) && mad[i] == 0xC3; i++)
		;
	CHECK_EQ(i, sizeof(mad));
	if (t_failures != before)
		fprintf(stderr, "  encoding %s\n", what);
}

static void t_encode_errors(void)
{
	struct rnic_fw_cm_msg m;

#define T_WIDE(attr, field, value)                                                 \
	do {                                                                       \
		t_fill(&m, attr);                                                  \
		m.u.field = value;                                                 \
		t_encode_refused(&m, -ERANGE, #field " = " #value);               \
		m.u.field = (value) - 1;                                           \
		CHECK_EQ(rnic_fw_cm_encode(&m, (uint8_t[RNIC_MAD_BYTES]){ 0 }), 0); \
	} while (0)

	/* one past the largest value of the field; one less encodes */
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.local_qpn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.starting_psn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.local_eecn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.remote_eecn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.remote_cm_response_timeout, 32);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.transport_service_type, 4);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.end_to_end_flow_control, 2);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.local_cm_response_timeout, 32);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.retry_count, 8);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.path_mtu, 16);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.rdc_exists, 2);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.rnr_retry_count, 8);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.max_cm_retries, 16);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.srq, 2);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.extended_transport_type, 8);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.sap_supported, 2);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.primary.flow_label, 0x100000u);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.primary.packet_rate, 64);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.primary.sl, 16);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.primary.subnet_local, 2);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.primary.local_ack_timeout, 32);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.alternate.flow_label, 0x100000u);
	T_WIDE(RNIC_FW_CM_ATTR_REQ, req.alternate.sl, 16);
	T_WIDE(RNIC_FW_CM_ATTR_MRA, mra.message_mraed, 4);
	T_WIDE(RNIC_FW_CM_ATTR_MRA, mra.service_timeout, 32);
	T_WIDE(RNIC_FW_CM_ATTR_REJ, rej.message_rejected, 4);
	T_WIDE(RNIC_FW_CM_ATTR_REJ, rej.ari_length, 73); /* 7 bits, but only 72 ARI bytes */
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.local_qpn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.local_eecn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.starting_psn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.target_ack_delay, 32);
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.failover_accepted, 4);
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.end_to_end_flow_control, 2);
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.rnr_retry_count, 8);
	T_WIDE(RNIC_FW_CM_ATTR_REP, rep.srq, 2);
	T_WIDE(RNIC_FW_CM_ATTR_DREQ, dreq.remote_qpn_eecn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_SIDR_REP, sidr_rep.qpn, 0x1000000u);
	T_WIDE(RNIC_FW_CM_ATTR_SIDR_REP, sidr_rep.info_length, 73); /* 8 bits, 72 bytes */
#undef T_WIDE

	/* not a CM Send header */
	t_fill(&m, RNIC_FW_CM_ATTR_RTU);
	m.hdr.base_version = 2;
	t_encode_refused(&m, -EINVAL, "base version 2");
	t_fill(&m, RNIC_FW_CM_ATTR_RTU);
	m.hdr.mgmt_class = 0x03;
	t_encode_refused(&m, -EINVAL, "class 0x03");
	t_fill(&m, RNIC_FW_CM_ATTR_RTU);
	m.hdr.class_version = 1;
	t_encode_refused(&m, -EINVAL, "class version 1");
	t_fill(&m, RNIC_FW_CM_ATTR_RTU);
	m.hdr.method = RNIC_FW_MAD_METHOD_GET_RESP;
	t_encode_refused(&m, -EINVAL, "method GetResp");
	t_fill(&m, RNIC_FW_CM_ATTR_RTU);
	m.hdr.attr_id = RNIC_FW_CM_ATTR_LAP;
	t_encode_refused(&m, -ENOMSG, "LAP");
	m.hdr.attr_id = RNIC_FW_CM_ATTR_CLASS_PORT_INFO;
	t_encode_refused(&m, -ENOMSG, "ClassPortInfo");
}

/* ---- the header alone, and the GID helpers ---- */

static void t_hdr_and_gid(void)
{
	struct rnic_fw_mad_hdr h = {
		.base_version = 1, .mgmt_class = 0x04, .class_version = 1,
		.method = RNIC_FW_MAD_METHOD_GET_RESP, .status = 0x001C,
		.class_specific = 0xABCD, .tid = 0x0102030405060708ull,
		.attr_id = 0x0012, .attr_mod = 0xF0E0D0C0u,
	};
	static const uint8_t want[24] = {
		0x01, 0x04, 0x01, 0x81, 0x00, 0x1C, 0xAB, 0xCD,
		0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
		0x00, 0x12, 0x00, 0x00, 0xF0, 0xE0, 0xD0, 0xC0,
	};
	uint8_t mad[RNIC_MAD_BYTES], gid[16];
	struct rnic_fw_mad_hdr g;
	uint32_t ip = 0;

	memset(mad, 0xEE, sizeof(mad));
	rnic_fw_mad_hdr_put(mad, &h);
	CHECK(memcmp(mad, want, sizeof(want)) == 0);
	CHECK_EQ(mad[24], 0xEE); /* the header writer stops at byte 23 */
	mad[18] = mad[19] = 0x77; /* reserved: ignored */
	CHECK_EQ(rnic_fw_mad_hdr_get(mad, sizeof(mad), &g), 0);
	t_hdr_eq(&h, &g);

	rnic_fw_cm_hdr_init(&g, RNIC_FW_CM_ATTR_DREQ, 0x1122334455667788ull);
	CHECK_EQ(g.base_version, 1);
	CHECK_EQ(g.mgmt_class, 0x07);
	CHECK_EQ(g.class_version, 2);
	CHECK_EQ(g.method, 0x03);
	CHECK_EQ(g.status, 0);
	CHECK_EQ(g.class_specific, 0);
	CHECK_EQ(g.attr_id, 0x0015);
	CHECK_EQ(g.attr_mod, 0);
	CHECK_EQ(g.tid, 0x1122334455667788ull);

	memset(gid, 0x55, sizeof(gid));
	rnic_fw_cm_gid_from_ipv4(gid, 0xC0A80A01u); /* 192.168.10.1 */
	{
		static const uint8_t g4[16] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF,
						192, 168, 10, 1 };

		CHECK(memcmp(gid, g4, 16) == 0);
	}
	CHECK_EQ(rnic_fw_cm_gid_to_ipv4(gid, &ip), 0);
	CHECK_EQ(ip, 0xC0A80A01u);
	for (uint32_t i = 0; i < 12; i++) {
		uint8_t bad[16];

		memcpy(bad, gid, 16);
		bad[i] ^= 0x01;
		ip = 0x12345678u;
		CHECK_EQ(rnic_fw_cm_gid_to_ipv4(bad, &ip), -EINVAL);
		CHECK_EQ(ip, 0x12345678u);
	}
}

int main(void)
{
	t_roundtrip();
	t_known_req();
	t_known_rep();
	t_known_rej();
	t_known_rtu();
	t_known_mra_dreq_drep();
	t_known_sidr();
	t_reserved_all();
	t_malformed();
	t_encode_errors();
	t_hdr_and_gid();
	return t_finish("test_fw_mad");
}
