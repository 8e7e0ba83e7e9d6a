/* The connection manager (IBA chapter 12) in the firmware: CM IDs owned by
 * user contexts, driven by the CM_* commands (docs/contract.md, cmd_op
 * 0x80..0x8B), talking to the peer NIC's CM in MADs over QP1 (the GSI
 * mailbox, rnic_fw_gsi.h; messages rnic_fw_mad.h), and queueing CM events
 * for the hosts (CM_GET_EVENT / CM_ACK_EVENT, notified through FW HOST_IRQ
 * with the vector CM_NOTIFY registered). docs/cm.md has the message flows.
 *
 * Service IDs and private data follow Linux's rdma_cm, so this CM and a
 * Linux host's interoperate: the service ID is ps << 16 | port, and REQ and
 * SIDR_REQ private data start with the RDMA CM header (RNIC_FW_CM_HDR_*).
 *
 * No timers: the firmware runs only when an interrupt wakes it and has no
 * clock, so no CM message is retransmitted and no exchange times out. A
 * lost message leaves its ID waiting until the host destroys it; a peer
 * that retransmits is answered as IBA 12.9 says (a duplicate REQ makes no
 * second ID, a DREQ is always answered with a DREP). The contract's TIMEOUT
 * event is for a later firmware with a timer.
 */
#ifndef RNIC_FW_CM_H
#define RNIC_FW_CM_H

#include <stdint.h>

#include "rnic_fw.h"
#include "rnic_fw_gsi.h"
#include "rnic_fw_mad.h"

/* RDMA CM port spaces (cmd_cm_in.ps; Linux enum rdma_ucm_port_space).
 * TCP takes RC and UC IDs, UDP only UD IDs, IB any of RC, UC, UD. */
#define RNIC_FW_CM_PS_TCP 0x0106u
#define RNIC_FW_CM_PS_UDP 0x0111u
#define RNIC_FW_CM_PS_IB  0x013Fu

/* The RDMA CM header at the start of REQ and SIDR_REQ private data (struct
 * cma_hdr in Linux's drivers/infiniband/core/cma.c): byte 0 version 0,
 * byte 1 IP version in bits 7:4, bytes 2..3 the source port, bytes 4..19
 * the source and 20..35 the destination address, an IPv4 address in the
 * last 4 bytes of its 16 (the 12 before are zero). All big-endian. */
#define RNIC_FW_CM_HDR_BYTES     36u
#define RNIC_FW_CM_HDR_VERSION   0x00u
#define RNIC_FW_CM_HDR_IPV4      0x40u /* 4 << 4 */
#define RNIC_FW_CM_HDR_SPORT     2u
#define RNIC_FW_CM_HDR_SIP       16u   /* the IPv4 bytes of the source field */
#define RNIC_FW_CM_HDR_DIP       32u   /* the IPv4 bytes of the destination field */
/* Private data the host may send after the header. */
#define RNIC_FW_CM_REQ_USER_PDATA (RNIC_FW_CM_REQ_PRIVATE_BYTES - RNIC_FW_CM_HDR_BYTES) /* 56 */
#define RNIC_FW_CM_SIDR_REQ_USER_PDATA                                             \
	(RNIC_FW_CM_SIDR_REQ_PRIVATE_BYTES - RNIC_FW_CM_HDR_BYTES) /* 180 */

/* CM ID states (IBA 12.9.6 names where they exist). */
#define RNIC_FW_CM_STATE_IDLE          0u  /* new, rejected or disconnected */
#define RNIC_FW_CM_STATE_LISTEN        1u
#define RNIC_FW_CM_STATE_REQ_SENT      2u
#define RNIC_FW_CM_STATE_REQ_RCVD      3u
#define RNIC_FW_CM_STATE_REP_SENT      4u
#define RNIC_FW_CM_STATE_REP_RCVD      5u
#define RNIC_FW_CM_STATE_ESTABLISHED   6u  /* also: a SIDR exchange that gave a QP */
#define RNIC_FW_CM_STATE_DREQ_SENT     7u
#define RNIC_FW_CM_STATE_DREQ_RCVD     8u
#define RNIC_FW_CM_STATE_SIDR_REQ_SENT 9u
#define RNIC_FW_CM_STATE_SIDR_REQ_RCVD 10u

/* REJ reasons this CM sends (IBA 12.6.7, the REJ reason table). */
#define RNIC_FW_CM_REJ_NO_RESOURCES       3u  /* no CM ID free */
#define RNIC_FW_CM_REJ_TIMEOUT            4u  /* the active side gave up (CM_DESTROY in REQ sent) */
#define RNIC_FW_CM_REJ_INVALID_SERVICE_ID 8u  /* no listener */
#define RNIC_FW_CM_REJ_INVALID_TRANSPORT  9u  /* neither RC nor UC */
#define RNIC_FW_CM_REJ_CONSUMER           28u /* consumer reject; also a bad RDMA CM header */

/* SIDR_REP status (IBA 12.11.1). */
#define RNIC_FW_CM_SIDR_OK          0u
#define RNIC_FW_CM_SIDR_UNSUPPORTED 1u /* service ID not supported: no listener */
#define RNIC_FW_CM_SIDR_REJECT      2u /* refused (no CM ID free, bad header, destroyed) */

/* What this CM puts in the REQs and REPs it sends (IBA 12.6.5, 12.6.8). */
#define RNIC_FW_CM_RESPONSE_TIMEOUT  20u     /* 4.096 us * 2^20, about 4.3 s (rdma_cm's value) */
#define RNIC_FW_CM_MAX_RETRIES       15u     /* rdma_cm's value; this CM itself never retries */
#define RNIC_FW_CM_LOCAL_ACK_TIMEOUT 14u     /* 4.096 us * 2^14, about 67 ms */
#define RNIC_FW_CM_TARGET_ACK_DELAY  15u     /* REP: 4.096 us * 2^15 bound on our ACK delay */
#define RNIC_FW_CM_HOP_LIMIT         64u     /* routed RoCEv2: so subnet local = 0 and ... */
#define RNIC_FW_CM_LID_PERMISSIVE    0xFFFFu /* ... both LIDs permissive, as Linux's CM does */
#define RNIC_FW_CM_PKEY              RNIC_FW_PKEY_DEFAULT

/* Serves the MADs waiting in the GSI mailbox when FW IRQ_STATUS[2] says
 * one waits: up to RNIC_GSI_RX_DEPTH of them, each read, handed to
 * rnic_fw_cm_rx and freed (GSI_RX_POP). Returns the number served. */
unsigned rnic_fw_cm_serve(struct rnic_fw *fw);

/* Acts on one received MAD (rx->len bytes of mad[] from rx->sip/smac).
 * Malformed ones (not 256 bytes, base or class version, class, a method
 * other than Send, an attribute the codec does not know) are dropped and
 * counted (cm.mads_bad); MRA is taken and ignored. A message that would
 * queue an event while the event queue is full is dropped, with nothing
 * done, and counted (cm.ev_dropped). */
void rnic_fw_cm_rx(struct rnic_fw *fw, const struct rnic_fw_gsi_rx *rx, const uint8_t *mad);

/* FREE_UCTX: destroys every CM ID of uctx as CM_DESTROY does (sending DREQ,
 * DREP, REJ or SIDR_REP as its state asks), with its queued events, and
 * forgets its notification vector. */
void rnic_fw_cm_free_uctx(struct rnic_fw *fw, uint32_t uctx);

#endif /* RNIC_FW_CM_H */
