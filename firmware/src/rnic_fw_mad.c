/* MAD header and CM message codec. Each layout is described once, as a
 * static table of fields (where the C member is, where the bits are on the
 * wire), and one pair of loops moves every field either way.
 *
 * Positions are the IBA's Byte[Bit] with bit 0 the most significant bit of
 * the byte; attribute positions count from MAD byte 24. The tables follow
 * the message-contents tables of IBA 12.6 (REQ, MRA, REJ, REP, RTU, DREQ,
 * DREP, SIDR_REQ, SIDR_REP), checked against Linux's
 * include/rdma/ibta_vol1_c12.h and its earlier drivers/infiniband/core/cm_msgs.h;
 * the header follows IBA 13.4.3 (struct ib_mad_hdr in Linux's
 * include/rdma/ib_mad.h).
 */
#include <errno.h>
#include <stddef.h>

#include "rnic_fw_mad.h"

/* One field: the C member (offset, size) and its bits on the wire. A field
 * of width 0 is a byte array of size bytes starting at byte, bit 0. A bit
 * field may span bytes (the flow label, 20 bits from 88[0]); bit + width is
 * at most 64, so it is read through one 64-bit window. */
struct rnic_fw_mad_field {
	uint16_t mem;  /* offsetof the member */
	uint8_t size;  /* sizeof the member */
	uint8_t byte;  /* first byte on the wire */
	uint8_t bit;   /* first bit in that byte, 0 = most significant */
	uint8_t width; /* bits; 0: byte array */
};

#define RNIC_FW_MAD_MEMBER_SIZE(type, m) sizeof(((type *)0)->m)
#define RNIC_FW_MAD_BITS(type, m, byte, bit, width)                                \
	{ offsetof(type, m), RNIC_FW_MAD_MEMBER_SIZE(type, m), (byte), (bit), (width) }
#define RNIC_FW_MAD_BYTES(type, m, byte)                                           \
	{ offsetof(type, m), RNIC_FW_MAD_MEMBER_SIZE(type, m), (byte), 0, 0 }

/* IBA 13.4.3, common MAD header (MAD bytes 0..23; 18..19 reserved). */
#define H(m, byte, bit, width) RNIC_FW_MAD_BITS(struct rnic_fw_mad_hdr, m, byte, bit, width)
static const struct rnic_fw_mad_field rnic_fw_mad_hdr_fields[] = {
	H(base_version, 0, 0, 8),
	H(mgmt_class, 1, 0, 8),
	H(class_version, 2, 0, 8),
	H(method, 3, 0, 8), /* R bit 3[0] and method 3[1..7], as one byte */
	H(status, 4, 0, 16),
	H(class_specific, 6, 0, 16),
	H(tid, 8, 0, 64),
	H(attr_id, 16, 0, 16),
	H(attr_mod, 20, 0, 32),
};
#undef H

/* A REQ path: primary at attribute byte 52, alternate at 96 (44 bytes on).
 * Offsets relative to the path's first byte: LIDs 0, 2; GIDs 4, 20; flow
 * label 36[0] (20 bits), 6 reserved bits, packet rate 39[2]; traffic class
 * 40; hop limit 41; SL 42[0], subnet local 42[4], 3 reserved; local ACK
 * timeout 43[0], then 3 bits (reserved, but SAP Supported after the
 * alternate path: listed with the REQ). */
#define R(m, byte, bit, width) RNIC_FW_MAD_BITS(struct rnic_fw_cm_req, m, byte, bit, width)
#define RA(m, byte) RNIC_FW_MAD_BYTES(struct rnic_fw_cm_req, m, byte)
#define REQ_PATH(p, b)                                                             \
	R(p.local_lid, (b) + 0, 0, 16), R(p.remote_lid, (b) + 2, 0, 16),          \
	RA(p.local_gid, (b) + 4), RA(p.remote_gid, (b) + 20),                     \
	R(p.flow_label, (b) + 36, 0, 20), R(p.packet_rate, (b) + 39, 2, 6),       \
	R(p.traffic_class, (b) + 40, 0, 8), R(p.hop_limit, (b) + 41, 0, 8),       \
	R(p.sl, (b) + 42, 0, 4), R(p.subnet_local, (b) + 42, 4, 1),               \
	R(p.local_ack_timeout, (b) + 43, 0, 5)

/* REQ Message Contents. Reserved: 4..7, 24..27. */
static const struct rnic_fw_mad_field rnic_fw_cm_req_fields[] = {
	R(local_comm_id, 0, 0, 32),
	R(service_id, 8, 0, 64),
	R(local_ca_guid, 16, 0, 64),
	R(local_qkey, 28, 0, 32),
	R(local_qpn, 32, 0, 24),
	R(responder_resources, 35, 0, 8),
	R(local_eecn, 36, 0, 24),
	R(initiator_depth, 39, 0, 8),
	R(remote_eecn, 40, 0, 24),
	R(remote_cm_response_timeout, 43, 0, 5),
	R(transport_service_type, 43, 5, 2),
	R(end_to_end_flow_control, 43, 7, 1),
	R(starting_psn, 44, 0, 24),
	R(local_cm_response_timeout, 47, 0, 5),
	R(retry_count, 47, 5, 3),
	R(pkey, 48, 0, 16),
	R(path_mtu, 50, 0, 4),
	R(rdc_exists, 50, 4, 1),
	R(rnr_retry_count, 50, 5, 3),
	R(max_cm_retries, 51, 0, 4),
	R(srq, 51, 4, 1),
	R(extended_transport_type, 51, 5, 3),
	REQ_PATH(primary, 52),
	REQ_PATH(alternate, 96),
	R(sap_supported, 139, 5, 1),
	RA(private_data, 140),
};
#undef REQ_PATH
#undef RA
#undef R

/* MRA Message Contents. Reserved: 8[2..7], 9[5..7]. */
#define M(m, byte, bit, width) RNIC_FW_MAD_BITS(struct rnic_fw_cm_mra, m, byte, bit, width)
static const struct rnic_fw_mad_field rnic_fw_cm_mra_fields[] = {
	M(local_comm_id, 0, 0, 32),
	M(remote_comm_id, 4, 0, 32),
	M(message_mraed, 8, 0, 2),
	M(service_timeout, 9, 0, 5),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_mra, private_data, 10),
};
#undef M

/* REJ Message Contents. Reserved: 8[2..7], 9[7]. */
#define J(m, byte, bit, width) RNIC_FW_MAD_BITS(struct rnic_fw_cm_rej, m, byte, bit, width)
static const struct rnic_fw_mad_field rnic_fw_cm_rej_fields[] = {
	J(local_comm_id, 0, 0, 32),
	J(remote_comm_id, 4, 0, 32),
	J(message_rejected, 8, 0, 2),
	J(ari_length, 9, 0, 7),
	J(reason, 10, 0, 16),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_rej, ari, 12),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_rej, private_data, 84),
};
#undef J

/* REP Message Contents. Reserved: 15, 19, 23, 27[4..7]. */
#define P(m, byte, bit, width) RNIC_FW_MAD_BITS(struct rnic_fw_cm_rep, m, byte, bit, width)
static const struct rnic_fw_mad_field rnic_fw_cm_rep_fields[] = {
	P(local_comm_id, 0, 0, 32),
	P(remote_comm_id, 4, 0, 32),
	P(local_qkey, 8, 0, 32),
	P(local_qpn, 12, 0, 24),
	P(local_eecn, 16, 0, 24),
	P(starting_psn, 20, 0, 24),
	P(responder_resources, 24, 0, 8),
	P(initiator_depth, 25, 0, 8),
	P(target_ack_delay, 26, 0, 5),
	P(failover_accepted, 26, 5, 2),
	P(end_to_end_flow_control, 26, 7, 1),
	P(rnr_retry_count, 27, 0, 3),
	P(srq, 27, 3, 1),
	P(local_ca_guid, 28, 0, 64),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_rep, private_data, 36),
};
#undef P

/* RTU Message Contents. */
static const struct rnic_fw_mad_field rnic_fw_cm_rtu_fields[] = {
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_rtu, local_comm_id, 0, 0, 32),
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_rtu, remote_comm_id, 4, 0, 32),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_rtu, private_data, 8),
};

/* DREQ Message Contents. Reserved: 11. */
static const struct rnic_fw_mad_field rnic_fw_cm_dreq_fields[] = {
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_dreq, local_comm_id, 0, 0, 32),
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_dreq, remote_comm_id, 4, 0, 32),
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_dreq, remote_qpn_eecn, 8, 0, 24),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_dreq, private_data, 12),
};

/* DREP Message Contents. */
static const struct rnic_fw_mad_field rnic_fw_cm_drep_fields[] = {
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_drep, local_comm_id, 0, 0, 32),
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_drep, remote_comm_id, 4, 0, 32),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_drep, private_data, 8),
};

/* SIDR_REQ Message Contents. Reserved: 6..7. */
static const struct rnic_fw_mad_field rnic_fw_cm_sidr_req_fields[] = {
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_sidr_req, request_id, 0, 0, 32),
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_sidr_req, pkey, 4, 0, 16),
	RNIC_FW_MAD_BITS(struct rnic_fw_cm_sidr_req, service_id, 8, 0, 64),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_sidr_req, private_data, 16),
};

/* SIDR_REP Message Contents. Reserved: 6..7, 11 (later IBA releases put a
 * vendor ID there; this codec writes zero). */
#define S(m, byte, bit, width) RNIC_FW_MAD_BITS(struct rnic_fw_cm_sidr_rep, m, byte, bit, width)
static const struct rnic_fw_mad_field rnic_fw_cm_sidr_rep_fields[] = {
	S(request_id, 0, 0, 32),
	S(status, 4, 0, 8),
	S(info_length, 5, 0, 8),
	S(qpn, 8, 0, 24),
	S(service_id, 12, 0, 64),
	S(qkey, 20, 0, 32),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_sidr_rep, info, 24),
	RNIC_FW_MAD_BYTES(struct rnic_fw_cm_sidr_rep, private_data, 96),
};
#undef S

#define RNIC_FW_MAD_NFIELDS(t) ((uint8_t)(sizeof(t) / sizeof((t)[0])))

struct rnic_fw_cm_layout {
	uint16_t attr_id;
	uint8_t nfields;
	const struct rnic_fw_mad_field *fields;
};

static const struct rnic_fw_cm_layout rnic_fw_cm_layouts[] = {
	{ RNIC_FW_CM_ATTR_REQ, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_req_fields), rnic_fw_cm_req_fields },
	{ RNIC_FW_CM_ATTR_MRA, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_mra_fields), rnic_fw_cm_mra_fields },
	{ RNIC_FW_CM_ATTR_REJ, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_rej_fields), rnic_fw_cm_rej_fields },
	{ RNIC_FW_CM_ATTR_REP, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_rep_fields), rnic_fw_cm_rep_fields },
	{ RNIC_FW_CM_ATTR_RTU, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_rtu_fields), rnic_fw_cm_rtu_fields },
	{ RNIC_FW_CM_ATTR_DREQ, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_dreq_fields), rnic_fw_cm_dreq_fields },
	{ RNIC_FW_CM_ATTR_DREP, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_drep_fields), rnic_fw_cm_drep_fields },
	{ RNIC_FW_CM_ATTR_SIDR_REQ, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_sidr_req_fields),
	  rnic_fw_cm_sidr_req_fields },
	{ RNIC_FW_CM_ATTR_SIDR_REP, RNIC_FW_MAD_NFIELDS(rnic_fw_cm_sidr_rep_fields),
	  rnic_fw_cm_sidr_rep_fields },
};

/* Each private data field runs to the end of the attribute. */
_Static_assert(140 + RNIC_FW_CM_REQ_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "REQ size");
_Static_assert(10 + RNIC_FW_CM_MRA_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "MRA size");
_Static_assert(84 + RNIC_FW_CM_REJ_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "REJ size");
_Static_assert(12 + RNIC_FW_CM_REJ_ARI_BYTES == 84, "REJ ARI size");
_Static_assert(36 + RNIC_FW_CM_REP_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "REP size");
_Static_assert(8 + RNIC_FW_CM_RTU_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "RTU size");
_Static_assert(12 + RNIC_FW_CM_DREQ_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "DREQ size");
_Static_assert(8 + RNIC_FW_CM_DREP_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "DREP size");
_Static_assert(16 + RNIC_FW_CM_SIDR_REQ_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "SIDR_REQ size");
_Static_assert(96 + RNIC_FW_CM_SIDR_REP_PRIVATE_BYTES == RNIC_FW_CM_ATTR_BYTES, "SIDR_REP size");
_Static_assert(24 + RNIC_FW_CM_SIDR_REP_INFO_BYTES == 96, "SIDR_REP info size");
_Static_assert(RNIC_MAD_BYTES == 256u, "a MAD is 256 bytes (IBA 13.4)");

static const struct rnic_fw_cm_layout *rnic_fw_cm_layout(uint16_t attr_id)
{
	for (uint32_t i = 0; i < sizeof(rnic_fw_cm_layouts) / sizeof(rnic_fw_cm_layouts[0]); i++)
		if (rnic_fw_cm_layouts[i].attr_id == attr_id)
			return &rnic_fw_cm_layouts[i];
	return NULL;
}

static uint64_t rnic_fw_mad_mask(uint32_t width)
{
	return width >= 64u ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1u;
}

/* The value of a scalar member of the struct at s. */
static uint64_t rnic_fw_mad_mem_get(const uint8_t *s, const struct rnic_fw_mad_field *f)
{
	const void *p = s + f->mem;

	switch (f->size) {
	case 1: return *(const uint8_t *)p;
	case 2: return *(const uint16_t *)p;
	case 4: return *(const uint32_t *)p;
	default: return *(const uint64_t *)p;
	}
}

static void rnic_fw_mad_mem_set(uint8_t *s, const struct rnic_fw_mad_field *f, uint64_t v)
{
	void *p = s + f->mem;

	switch (f->size) {
	case 1: *(uint8_t *)p = (uint8_t)v; break;
	case 2: *(uint16_t *)p = (uint16_t)v; break;
	case 4: *(uint32_t *)p = (uint32_t)v; break;
	default: *(uint64_t *)p = v; break;
	}
}

/* Bits bit .. bit + width - 1 of the big-endian bit string from w[byte]. */
static uint64_t rnic_fw_mad_bits_get(const uint8_t *w, const struct rnic_fw_mad_field *f)
{
	uint32_t n = (f->bit + f->width + 7u) / 8u;
	uint64_t acc = 0;

	for (uint32_t i = 0; i < n; i++)
		acc = acc << 8 | w[f->byte + i];
	return acc >> (8u * n - f->bit - f->width) & rnic_fw_mad_mask(f->width);
}

static void rnic_fw_mad_bits_put(uint8_t *w, const struct rnic_fw_mad_field *f, uint64_t v)
{
	uint32_t n = (f->bit + f->width + 7u) / 8u;
	uint32_t shift = 8u * n - f->bit - f->width;
	uint64_t mask = rnic_fw_mad_mask(f->width) << shift;
	uint64_t acc = 0;

	for (uint32_t i = 0; i < n; i++)
		acc = acc << 8 | w[f->byte + i];
	acc = (acc & ~mask) | (v << shift & mask);
	for (uint32_t i = n; i-- > 0;) {
		w[f->byte + i] = (uint8_t)acc;
		acc >>= 8;
	}
}

/* A length field that counts bytes of a 72-byte array (REJ ARI, SIDR_REP
 * additional information) names no more than the array holds. */
static int rnic_fw_cm_lengths_ok(const struct rnic_fw_cm_msg *m)
{
	if (m->hdr.attr_id == RNIC_FW_CM_ATTR_REJ)
		return m->u.rej.ari_length <= RNIC_FW_CM_REJ_ARI_BYTES;
	if (m->hdr.attr_id == RNIC_FW_CM_ATTR_SIDR_REP)
		return m->u.sidr_rep.info_length <= RNIC_FW_CM_SIDR_REP_INFO_BYTES;
	return 1;
}

/* Every member fits its bits. */
static int rnic_fw_mad_fits(const uint8_t *s, const struct rnic_fw_mad_field *f, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (f[i].width != 0 && (rnic_fw_mad_mem_get(s, &f[i]) & ~rnic_fw_mad_mask(f[i].width)) != 0)
			return 0;
	return 1;
}

/* Struct s to wire w; w is zero beforehand, so reserved bits stay zero. */
static void rnic_fw_mad_put(uint8_t *w, const uint8_t *s, const struct rnic_fw_mad_field *f,
			    uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (f[i].width == 0) {
			for (uint32_t j = 0; j < f[i].size; j++)
				w[f[i].byte + j] = s[f[i].mem + j];
		} else {
			rnic_fw_mad_bits_put(w, &f[i], rnic_fw_mad_mem_get(s, &f[i]));
		}
	}
}

/* Wire w to struct s; bits no field names are never read. */
static void rnic_fw_mad_get(uint8_t *s, const uint8_t *w, const struct rnic_fw_mad_field *f,
			    uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (f[i].width == 0) {
			for (uint32_t j = 0; j < f[i].size; j++)
				s[f[i].mem + j] = w[f[i].byte + j];
		} else {
			rnic_fw_mad_mem_set(s, &f[i], rnic_fw_mad_bits_get(w, &f[i]));
		}
	}
}

static void rnic_fw_mad_bytes_zero(void *p, uint32_t n)
{
	uint8_t *b = p;

	for (uint32_t i = 0; i < n; i++)
		b[i] = 0;
}

void rnic_fw_mad_hdr_put(uint8_t *mad, const struct rnic_fw_mad_hdr *h)
{
	rnic_fw_mad_bytes_zero(mad, RNIC_FW_MAD_HDR_BYTES);
	rnic_fw_mad_put(mad, (const uint8_t *)h, rnic_fw_mad_hdr_fields,
			RNIC_FW_MAD_NFIELDS(rnic_fw_mad_hdr_fields));
}

int rnic_fw_mad_hdr_get(const uint8_t *mad, uint32_t len, struct rnic_fw_mad_hdr *h)
{
	if (len != RNIC_MAD_BYTES)
		return -EMSGSIZE;
	rnic_fw_mad_bytes_zero(h, sizeof(*h));
	rnic_fw_mad_get((uint8_t *)h, mad, rnic_fw_mad_hdr_fields,
			RNIC_FW_MAD_NFIELDS(rnic_fw_mad_hdr_fields));
	return 0;
}

void rnic_fw_cm_hdr_init(struct rnic_fw_mad_hdr *h, uint16_t attr_id, uint64_t tid)
{
	rnic_fw_mad_bytes_zero(h, sizeof(*h));
	h->base_version = RNIC_FW_MAD_BASE_VERSION;
	h->mgmt_class = RNIC_FW_MAD_CLASS_CM;
	h->class_version = RNIC_FW_MAD_CM_CLASS_VERSION;
	h->method = RNIC_FW_MAD_METHOD_SEND;
	h->attr_id = attr_id;
	h->tid = tid;
}

int rnic_fw_cm_encode(const struct rnic_fw_cm_msg *m, uint8_t *mad)
{
	const struct rnic_fw_cm_layout *l;
	const uint8_t *s = (const uint8_t *)&m->u;

	if (m->hdr.base_version != RNIC_FW_MAD_BASE_VERSION ||
	    m->hdr.mgmt_class != RNIC_FW_MAD_CLASS_CM ||
	    m->hdr.class_version != RNIC_FW_MAD_CM_CLASS_VERSION ||
	    m->hdr.method != RNIC_FW_MAD_METHOD_SEND)
		return -EINVAL;
	l = rnic_fw_cm_layout(m->hdr.attr_id);
	if (l == NULL)
		return -ENOMSG;
	if (!rnic_fw_mad_fits(s, l->fields, l->nfields) || !rnic_fw_cm_lengths_ok(m))
		return -ERANGE;
	rnic_fw_mad_bytes_zero(mad, RNIC_MAD_BYTES);
	rnic_fw_mad_hdr_put(mad, &m->hdr);
	rnic_fw_mad_put(mad + RNIC_FW_MAD_HDR_BYTES, s, l->fields, l->nfields);
	return 0;
}

int rnic_fw_cm_decode(const uint8_t *mad, uint32_t len, struct rnic_fw_cm_msg *m)
{
	const struct rnic_fw_cm_layout *l;
	int rc;

	rnic_fw_mad_bytes_zero(m, sizeof(*m));
	rc = rnic_fw_mad_hdr_get(mad, len, &m->hdr);
	if (rc != 0)
		return rc;
	if (m->hdr.base_version != RNIC_FW_MAD_BASE_VERSION)
		return -EPROTONOSUPPORT;
	if (m->hdr.mgmt_class != RNIC_FW_MAD_CLASS_CM)
		return -EPROTO;
	if (m->hdr.class_version != RNIC_FW_MAD_CM_CLASS_VERSION)
		return -EPROTONOSUPPORT;
	if (m->hdr.method != RNIC_FW_MAD_METHOD_SEND)
		return -EOPNOTSUPP;
	l = rnic_fw_cm_layout(m->hdr.attr_id);
	if (l == NULL)
		return -ENOMSG;
	rnic_fw_mad_get((uint8_t *)&m->u, mad + RNIC_FW_MAD_HDR_BYTES, l->fields, l->nfields);
	if (!rnic_fw_cm_lengths_ok(m))
		return -EBADMSG;
	return 0;
}

void rnic_fw_cm_gid_from_ipv4(uint8_t *gid, uint32_t ipv4)
{
	rnic_fw_mad_bytes_zero(gid, 16);
	gid[10] = 0xFF;
	gid[11] = 0xFF;
	gid[12] = (uint8_t)(ipv4 >> 24);
	gid[13] = (uint8_t)(ipv4 >> 16);
	gid[14] = (uint8_t)(ipv4 >> 8);
	gid[15] = (uint8_t)ipv4;
}

int rnic_fw_cm_gid_to_ipv4(const uint8_t *gid, uint32_t *ipv4)
{
	for (uint32_t i = 0; i < 10; i++)
		if (gid[i] != 0)
			return -EINVAL;
	if (gid[10] != 0xFF || gid[11] != 0xFF)
		return -EINVAL;
	*ipv4 = (uint32_t)gid[12] << 24 | (uint32_t)gid[13] << 16 | (uint32_t)gid[14] << 8 | gid[15];
	return 0;
}
