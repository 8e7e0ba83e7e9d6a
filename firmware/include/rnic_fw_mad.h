/* Management datagrams and the connection manager's messages: the common MAD
 * header (IBA 13.4.3) and the CM attributes REQ, MRA, REJ, REP, RTU, DREQ,
 * DREP, SIDR_REQ and SIDR_REP (IBA 12.6), encoded into and decoded from a
 * MAD_BYTES buffer.
 *
 * Every field is big-endian on the wire; bit fields are packed as the IBA
 * tables draw them, Byte[Bit] with bit 0 the most significant bit of the
 * byte, so a 5-bit field at 43[0] is bits 7..3 of byte 43. Attribute byte
 * offsets count from the start of the CM attribute, MAD byte 24.
 *
 * Pure functions over caller buffers: no hardware, no state. Fields reserved
 * by the IBA are written as zero and ignored when read. The structs carry
 * every field of the message, in host order, each in the smallest C type
 * that holds it; encoding refuses a value wider than its field.
 */
#ifndef RNIC_FW_MAD_H
#define RNIC_FW_MAD_H

#include <stdint.h>

#include "rnic_contract.h"

/* Common MAD header (IBA 13.4.3). */
#define RNIC_FW_MAD_HDR_BYTES         24u
#define RNIC_FW_MAD_BASE_VERSION      1u
#define RNIC_FW_MAD_CLASS_CM          0x07u /* communication management */
#define RNIC_FW_MAD_CM_CLASS_VERSION  2u    /* CM class version since IBA 1.2 */
#define RNIC_FW_MAD_METHOD_GET        0x01u
#define RNIC_FW_MAD_METHOD_SET        0x02u
#define RNIC_FW_MAD_METHOD_SEND       0x03u /* ComMgtSend: every CM message */
#define RNIC_FW_MAD_METHOD_GET_RESP   0x81u /* bit 7 (the R bit) marks a response */

/* CM attribute IDs (IBA chapter 12). REQ .. SIDR_REP are encoded here;
 * ClassPortInfo, LAP and APR are not. */
#define RNIC_FW_CM_ATTR_CLASS_PORT_INFO 0x0001u
#define RNIC_FW_CM_ATTR_REQ      0x0010u
#define RNIC_FW_CM_ATTR_MRA      0x0011u
#define RNIC_FW_CM_ATTR_REJ      0x0012u
#define RNIC_FW_CM_ATTR_REP      0x0013u
#define RNIC_FW_CM_ATTR_RTU      0x0014u
#define RNIC_FW_CM_ATTR_DREQ     0x0015u
#define RNIC_FW_CM_ATTR_DREP     0x0016u
#define RNIC_FW_CM_ATTR_SIDR_REQ 0x0017u
#define RNIC_FW_CM_ATTR_SIDR_REP 0x0018u
#define RNIC_FW_CM_ATTR_LAP      0x0019u
#define RNIC_FW_CM_ATTR_APR      0x001Au

/* The CM attribute follows the header and fills the rest of the MAD. */
#define RNIC_FW_CM_ATTR_BYTES (RNIC_MAD_BYTES - RNIC_FW_MAD_HDR_BYTES) /* 232 */

/* Private data of each message (IBA 12.6: the bytes after its last field, to
 * the end of the 232-byte attribute). */
#define RNIC_FW_CM_REQ_PRIVATE_BYTES  92u
#define RNIC_FW_CM_MRA_PRIVATE_BYTES  222u
#define RNIC_FW_CM_REJ_PRIVATE_BYTES  148u
#define RNIC_FW_CM_REP_PRIVATE_BYTES  196u
#define RNIC_FW_CM_RTU_PRIVATE_BYTES  224u
#define RNIC_FW_CM_DREQ_PRIVATE_BYTES 220u
#define RNIC_FW_CM_DREP_PRIVATE_BYTES 224u
#define RNIC_FW_CM_SIDR_REQ_PRIVATE_BYTES 216u
#define RNIC_FW_CM_SIDR_REP_PRIVATE_BYTES 136u
/* REJ Additional Rejection Information (ARI). */
#define RNIC_FW_CM_REJ_ARI_BYTES      72u
/* SIDR_REP Additional Information (the redirect ClassPortInfo). */
#define RNIC_FW_CM_SIDR_REP_INFO_BYTES 72u

/* Message MRAed / Message REJected. */
#define RNIC_FW_CM_MSG_REQ   0u
#define RNIC_FW_CM_MSG_REP   1u
#define RNIC_FW_CM_MSG_OTHER 2u

/* Transport Service Type of a REQ. */
#define RNIC_FW_CM_TRANSPORT_RC  0u
#define RNIC_FW_CM_TRANSPORT_UC  1u
#define RNIC_FW_CM_TRANSPORT_RD  2u
#define RNIC_FW_CM_TRANSPORT_EXT 3u /* see Extended Transport Type (1: XRC) */

struct rnic_fw_mad_hdr {
	uint64_t tid;           /* TransactionID */
	uint32_t attr_mod;      /* AttributeModifier */
	uint16_t status;
	uint16_t class_specific;
	uint16_t attr_id;       /* AttributeID */
	uint8_t base_version;
	uint8_t mgmt_class;
	uint8_t class_version;
	uint8_t method;         /* the whole byte: R bit (7) and method (6:0) */
};

/* One path of a REQ (primary: attribute bytes 52..95, alternate: 96..139).
 * RoCEv2 names ports by GID: the IPv4-mapped ::ffff:a.b.c.d (see
 * rnic_fw_cm_gid_from_ipv4). */
struct rnic_fw_cm_path {
	uint8_t local_gid[16];     /* port GID, byte 0 first on the wire */
	uint8_t remote_gid[16];
	uint32_t flow_label;       /* 20 bits */
	uint16_t local_lid;        /* local port LID */
	uint16_t remote_lid;       /* remote port LID */
	uint8_t packet_rate;       /* 6 bits */
	uint8_t traffic_class;
	uint8_t hop_limit;
	uint8_t sl;                /* 4 bits */
	uint8_t subnet_local;      /* 1 bit */
	uint8_t local_ack_timeout; /* 5 bits */
};

struct rnic_fw_cm_req {
	uint64_t service_id;
	uint64_t local_ca_guid;
	uint32_t local_comm_id;
	uint32_t local_qkey;
	uint32_t local_qpn;                 /* 24 bits */
	uint32_t local_eecn;                /* 24 bits */
	uint32_t remote_eecn;               /* 24 bits */
	uint32_t starting_psn;              /* 24 bits */
	uint16_t pkey;
	uint8_t responder_resources;
	uint8_t initiator_depth;
	uint8_t remote_cm_response_timeout; /* 5 bits */
	uint8_t transport_service_type;     /* 2 bits, RNIC_FW_CM_TRANSPORT_* */
	uint8_t end_to_end_flow_control;    /* 1 bit */
	uint8_t local_cm_response_timeout;  /* 5 bits */
	uint8_t retry_count;                /* 3 bits */
	uint8_t path_mtu;                   /* 4 bits, IBA MTU code (1: 256 .. 5: 4096) */
	uint8_t rdc_exists;                 /* 1 bit */
	uint8_t rnr_retry_count;            /* 3 bits */
	uint8_t max_cm_retries;             /* 4 bits */
	uint8_t srq;                        /* 1 bit */
	uint8_t extended_transport_type;    /* 3 bits */
	uint8_t sap_supported;              /* 1 bit */
	struct rnic_fw_cm_path primary;
	struct rnic_fw_cm_path alternate;   /* all zero: no alternate path */
	uint8_t private_data[RNIC_FW_CM_REQ_PRIVATE_BYTES];
};

struct rnic_fw_cm_mra {
	uint32_t local_comm_id;
	uint32_t remote_comm_id;
	uint8_t message_mraed;   /* 2 bits, RNIC_FW_CM_MSG_* */
	uint8_t service_timeout; /* 5 bits */
	uint8_t private_data[RNIC_FW_CM_MRA_PRIVATE_BYTES];
};

struct rnic_fw_cm_rej {
	uint32_t local_comm_id;
	uint32_t remote_comm_id;
	uint16_t reason;
	uint8_t message_rejected; /* 2 bits, RNIC_FW_CM_MSG_* */
	uint8_t ari_length;       /* 7 bits: bytes of ari[] that count, <= 72 */
	uint8_t ari[RNIC_FW_CM_REJ_ARI_BYTES];
	uint8_t private_data[RNIC_FW_CM_REJ_PRIVATE_BYTES];
};

struct rnic_fw_cm_rep {
	uint64_t local_ca_guid;
	uint32_t local_comm_id;
	uint32_t remote_comm_id;
	uint32_t local_qkey;
	uint32_t local_qpn;               /* 24 bits */
	uint32_t local_eecn;              /* 24 bits */
	uint32_t starting_psn;            /* 24 bits */
	uint8_t responder_resources;
	uint8_t initiator_depth;
	uint8_t target_ack_delay;         /* 5 bits */
	uint8_t failover_accepted;        /* 2 bits */
	uint8_t end_to_end_flow_control;  /* 1 bit */
	uint8_t rnr_retry_count;          /* 3 bits */
	uint8_t srq;                      /* 1 bit */
	uint8_t private_data[RNIC_FW_CM_REP_PRIVATE_BYTES];
};

struct rnic_fw_cm_rtu {
	uint32_t local_comm_id;
	uint32_t remote_comm_id;
	uint8_t private_data[RNIC_FW_CM_RTU_PRIVATE_BYTES];
};

struct rnic_fw_cm_dreq {
	uint32_t local_comm_id;
	uint32_t remote_comm_id;
	uint32_t remote_qpn_eecn; /* 24 bits */
	uint8_t private_data[RNIC_FW_CM_DREQ_PRIVATE_BYTES];
};

struct rnic_fw_cm_drep {
	uint32_t local_comm_id;
	uint32_t remote_comm_id;
	uint8_t private_data[RNIC_FW_CM_DREP_PRIVATE_BYTES];
};

/* Service ID Resolution request (IBA 12.6.12, 12.11): which UD QP serves
 * service_id. The request ID names the exchange, as a communication ID
 * does for a connection. */
struct rnic_fw_cm_sidr_req {
	uint64_t service_id;
	uint32_t request_id;
	uint16_t pkey;
	uint8_t private_data[RNIC_FW_CM_SIDR_REQ_PRIVATE_BYTES];
};

/* Service ID Resolution response (IBA 12.6.13). status: 0 the QP is valid,
 * 1 service ID not supported, 2 rejected by the provider, 3 no QP
 * available, 4 redirect (info holds a ClassPortInfo), 5 version not
 * supported (IBA 12.11.1). */
struct rnic_fw_cm_sidr_rep {
	uint64_t service_id;
	uint32_t request_id;
	uint32_t qpn;         /* 24 bits */
	uint32_t qkey;
	uint8_t status;
	uint8_t info_length;  /* bytes of info[] that count, <= 72 */
	uint8_t info[RNIC_FW_CM_SIDR_REP_INFO_BYTES];
	uint8_t private_data[RNIC_FW_CM_SIDR_REP_PRIVATE_BYTES];
};

/* A CM MAD: hdr.attr_id says which member of the union is meant. */
struct rnic_fw_cm_msg {
	struct rnic_fw_mad_hdr hdr;
	union {
		struct rnic_fw_cm_req req;
		struct rnic_fw_cm_mra mra;
		struct rnic_fw_cm_rej rej;
		struct rnic_fw_cm_rep rep;
		struct rnic_fw_cm_rtu rtu;
		struct rnic_fw_cm_dreq dreq;
		struct rnic_fw_cm_drep drep;
		struct rnic_fw_cm_sidr_req sidr_req;
		struct rnic_fw_cm_sidr_rep sidr_rep;
	} u;
};

/* Writes the 24 header bytes of mad[] from *h, verbatim (the reserved
 * bytes 18..19 as zero). */
void rnic_fw_mad_hdr_put(uint8_t *mad, const struct rnic_fw_mad_hdr *h);

/* Reads the header of a MAD of len bytes. Returns 0, or -EMSGSIZE when len
 * is not RNIC_MAD_BYTES (IBA 13.4: every MAD is 256 bytes). No field is
 * checked: any management class may be read this way. */
int rnic_fw_mad_hdr_get(const uint8_t *mad, uint32_t len, struct rnic_fw_mad_hdr *h);

/* A header for a CM message: base version 1, class CM, class version 2,
 * method Send, status 0, class-specific 0, attribute modifier 0. */
void rnic_fw_cm_hdr_init(struct rnic_fw_mad_hdr *h, uint16_t attr_id, uint64_t tid);

/* Encodes m (header and the attribute hdr.attr_id names) into all
 * RNIC_MAD_BYTES of mad[]. Returns 0; -EINVAL when the header is not a CM
 * Send (base version 1, class 0x07, class version 2, method 0x03);
 * -ENOMSG for an attribute other than REQ .. SIDR_REP; -ERANGE when a
 * field holds a value wider than its bits (or a REJ ari_length or SIDR_REP
 * info_length above 72). On an error mad[] is not written. */
int rnic_fw_cm_encode(const struct rnic_fw_cm_msg *m, uint8_t *mad);

/* Decodes a received CM MAD of len bytes into *m (zeroed first). Returns 0;
 * -EMSGSIZE when len is not RNIC_MAD_BYTES; -EPROTONOSUPPORT for a base
 * version other than 1 or a class version other than 2; -EPROTO for a
 * management class other than CM; -EOPNOTSUPP for a method other than Send;
 * -ENOMSG for an attribute other than REQ .. SIDR_REP; -EBADMSG for a REJ
 * whose Reject Info Length, or a SIDR_REP whose Additional Information
 * Length, exceeds its 72 bytes. Reserved bits are ignored.
 * Field values are not judged (that is the state machine's business). */
int rnic_fw_cm_decode(const uint8_t *mad, uint32_t len, struct rnic_fw_cm_msg *m);

/* RoCEv2 GIDs of IPv4 ports (IBA annex A17, RoCEv2): the IPv4-mapped IPv6
 * address ::ffff:a.b.c.d of RFC 4291 2.5.5.2; ipv4 has its first octet in
 * bits 31:24. */
void rnic_fw_cm_gid_from_ipv4(uint8_t *gid, uint32_t ipv4);
/* Returns 0 and the address, or -EINVAL when gid is not IPv4-mapped. */
int rnic_fw_cm_gid_to_ipv4(const uint8_t *gid, uint32_t *ipv4);

#endif /* RNIC_FW_MAD_H */
