/* Generated from include/rnic.toml by scripts/gen_contract.py. Do not edit. */
/* The rnic hardware/software contract: see docs/contract.md for the tables. */
#ifndef RNIC_CONTRACT_H
#define RNIC_CONTRACT_H

#include <stdint.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "descriptor words are little-endian; this header assumes a little-endian CPU"
#endif

#define RNIC_CONTRACT_VERSION 1u

/* Constants and capability limits */
#define RNIC_MAGIC                        0x524E4943u /* BAR0 ID register value, ASCII 'RNIC' */
#define RNIC_PCI_VENDOR_ID                0x1DE5u /* PCI vendor ID the simulator presents (prototype value, not an assigned ID) */
#define RNIC_PCI_DEVICE_ID                1u /* PCI device ID the simulator presents */
#define RNIC_BAR0_SIZE                    0x100000u /* BAR0 size in bytes (1 MiB) */
#define RNIC_DB_PAGE_BASE                 0x10000u /* BAR0 offset of doorbell page 0 */
#define RNIC_DB_PAGE_SIZE                 0x1000u /* bytes per doorbell page (one per user context) */
#define RNIC_DB_PAGES                     64u /* doorbell pages (user contexts) the default build provides */
#define RNIC_CMDQ_BASE                    0x1000u /* BAR0 (and firmware port) offset of command slot 0 */
#define RNIC_CMDQ_SLOTS                   8u /* command slots; the command queue index wraps at this count */
#define RNIC_CMDQ_SLOT_SIZE               0x100u /* bytes per command slot: input words at +0x00, output words at +0x80 */
#define RNIC_CMDQ_OUT_OFFSET              128u /* offset of the output half inside a command slot */
#define RNIC_TIMER_TICK_CYCLES            0x400u /* core clock cycles per tick of the requester's retransmission and RNR timers (4.096 us at 250 MHz, the unit of the local ACK timeout) */
#define RNIC_LOG_QPS                      8u /* log2 of the default QP count (QPN = QP index) */
#define RNIC_LOG_CQS                      8u /* log2 of the default CQ count */
#define RNIC_LOG_MRS                      10u /* log2 of the default memory-key table size */
#define RNIC_LOG_PDS                      8u /* log2 of the protection-domain count */
#define RNIC_LOG_SRQS                     6u /* log2 shared receive queues (SRQ contexts) */
#define RNIC_LOG_XRCDS                    6u /* log2 of the XRC domain count (XRCD numbers 1 .. 2^LOG_XRCDS - 1; 0 is no domain) */
#define RNIC_LOG_FLOWS                    4u /* log2 of the flow steering table size (RAW_PACKET receive rules, matched in index order) */
#define RNIC_RAW_OPCODE                   255u /* header-bus opcode of a raw Ethernet frame of a RAW_PACKET QP (IBA manufacturer-specific range; never sent as a BTH): the framer sends the payload as the whole frame, the raw receive path hands frames to the responder with it */
#define RNIC_MAX_RAW_FRAME                0x1000u /* largest raw Ethernet frame (destination MAC through payload, no FCS) a RAW_PACKET QP sends or receives */
#define RNIC_MAX_TSO_HEADER               128u /* largest TSO header template (Ethernet, optional 802.1Q tag, IPv4 and TCP headers with options) of a RAW_PACKET TSO WQE */
#define RNIC_MAX_TSO                      0x40000u /* largest TSO payload (bytes after the header template) of one RAW_PACKET TSO WQE */
#define RNIC_MAD_BYTES                    0x100u /* bytes of a management datagram (IBA 13.4): the largest payload the GSI (QP1) mailbox keeps or sends */
#define RNIC_GSI_RX_DEPTH                 4u /* MADs the GSI mailbox holds for the firmware (a power of two) */
#define RNIC_GSI_QKEY                     0x80010000u /* the Q_Key of QP1 (IBA 13.5.1): the GSI mailbox keeps only datagrams that carry it */
#define RNIC_CM_IDS                       32u /* connection-manager IDs the firmware keeps (listeners and connections of every user context together) */
#define RNIC_CM_EVENT_DEPTH               16u /* connection-manager events the firmware holds for the hosts (all user contexts together); a MAD whose event finds no room is dropped and counted (the peer retries) */
#define RNIC_CM_MAX_PDATA                 224u /* largest private data of any CM message (RTU, DREP); REQ 92, REP 196, REJ 148, DREQ 220, SIDR_REQ 216, SIDR_REP 136 (IBA 12.6) */
#define RNIC_CM_PDATA_DW                  14u /* first word of the private-data bytes in cmd_cm_in (CM_PDATA) and cmd_cm_event_out (CM_GET_EVENT): byte 4k+j of the chunk in bits [8j+7:8j] of word CM_PDATA_DW+k (memory order on a little-endian host) */
#define RNIC_CM_PDATA_CHUNK               72u /* private-data bytes one CM_PDATA or CM_GET_EVENT command carries (words CM_PDATA_DW..31) */
#define RNIC_CM_UDP_QKEY                  0x1234567u /* Q_Key of UD QPs connected through the RDMA CM (RDMA_PS_UDP / IPOIB; librdmacm RDMA_UDP_QKEY), returned in SIDR_REP */
#define RNIC_MAX_SEND_SGE                 16u /* scatter/gather entries per send WQE */
#define RNIC_MAX_RECV_SGE                 16u /* scatter entries per receive WQE */
#define RNIC_MAX_INLINE                   0x100u /* bytes of inline payload per send WQE */
#define RNIC_LOG_MAX_WQE                  15u /* log2 of the deepest send or receive queue (indices are 16-bit counters) */
#define RNIC_LOG_MAX_CQE                  15u /* log2 of the deepest completion queue */
#define RNIC_SEND_WQE_MIN_STRIDE          64u /* smallest send WQE stride (bytes, a power of two; the control segment) */
#define RNIC_SEND_WQE_MAX_STRIDE          0x200u /* largest send WQE stride (bytes) */
#define RNIC_RECV_WQE_MAX_STRIDE          0x200u /* largest receive WQE stride (bytes) */
#define RNIC_CTX_WORDS                    32u /* 32-bit words in one context-table entry written through the firmware port */
#define RNIC_MAX_RD_ATOMIC                16u /* outstanding RDMA READ/atomic requests per QP, each direction */
#define RNIC_KEY_TAG_BITS                 8u /* low bits of an lkey/rkey that hold the key tag; the rest is the table index */
#define RNIC_ROCE_UDP_PORT                0x12B7u /* RoCEv2 UDP destination port (IBTA annex A17) */
#define RNIC_IRQ_VECTORS                  32u /* interrupt vectors: 0 command completion, 1 asynchronous events, 2.. completion events and connection-manager notification (the firmware raises any vector through FW HOST_IRQ) */
#define RNIC_AEQ_BASE                     0x800u /* BAR0 (and firmware port) offset of asynchronous event slot 0 (aeqe entries; the firmware writes, the host reads) */
#define RNIC_AEQ_SLOTS                    32u /* asynchronous event slots; the event queue indexes wrap at this count */
#define RNIC_AEQ_SLOT_SIZE                8u /* bytes per asynchronous event slot (struct aeqe) */
#define RNIC_HW_EVENT_DEPTH               16u /* hardware events (FW_EVENT) the NIC holds for the firmware before it drops and counts them */

/* wqe_op: send WQE opcode (send_wqe.opcode) */
#define RNIC_WQE_OP_RDMA_WRITE            0x0u /* RDMA WRITE */
#define RNIC_WQE_OP_RDMA_WRITE_IMM        0x1u /* RDMA WRITE with immediate */
#define RNIC_WQE_OP_SEND                  0x2u /* SEND */
#define RNIC_WQE_OP_SEND_IMM              0x3u /* SEND with immediate */
#define RNIC_WQE_OP_RDMA_READ             0x4u /* RDMA READ */
#define RNIC_WQE_OP_ATOMIC_CS             0x5u /* atomic compare and swap */
#define RNIC_WQE_OP_ATOMIC_FA             0x6u /* atomic fetch and add */
#define RNIC_WQE_OP_LOCAL_INV             0x7u /* local invalidate */
#define RNIC_WQE_OP_BIND_MW               0x8u /* bind memory window */
#define RNIC_WQE_OP_SEND_INV              0x9u /* SEND with invalidate */
#define RNIC_WQE_OP_TSO                   0xAu /* TCP segmentation offload */
#define RNIC_WQE_OP_COUNT                 11u
#define RNIC_WQE_OP_NAMES { "rdma_write", "rdma_write_imm", "send", "send_imm", "rdma_read", "atomic_cs", "atomic_fa", "local_inv", "bind_mw", "send_inv", "tso" }

/* wqe_flag: send WQE flag bits (send_wqe.flags) */
#define RNIC_WQE_FLAG_SIGNALED            0x1u /* write a CQE when the WQE completes */
#define RNIC_WQE_FLAG_SOLICITED           0x2u /* set BTH.SE on the last packet */
#define RNIC_WQE_FLAG_FENCE               0x4u /* wait for earlier READ/atomic WQEs */
#define RNIC_WQE_FLAG_INLINE              0x8u /* payload follows the control segment */
#define RNIC_WQE_FLAG_IP_CSUM             0x10u /* RAW_PACKET: write the IPv4 header checksum and the TCP or UDP checksum of the frame (TSO WQEs always do) */

/* cqe_op: CQE opcode (cqe.opcode); bit 7 set for responder (receive) completions */
#define RNIC_CQE_OP_REQ_SEND              0x0u /* requester SEND / SEND with imm / SEND with inv */
#define RNIC_CQE_OP_REQ_RDMA_WRITE        0x1u /* requester RDMA WRITE (with or without imm) */
#define RNIC_CQE_OP_REQ_RDMA_READ         0x2u /* requester RDMA READ */
#define RNIC_CQE_OP_REQ_ATOMIC_CS         0x3u /* requester compare and swap */
#define RNIC_CQE_OP_REQ_ATOMIC_FA         0x4u /* requester fetch and add */
#define RNIC_CQE_OP_REQ_LOCAL_INV         0x5u /* requester local invalidate */
#define RNIC_CQE_OP_REQ_BIND_MW           0x6u /* requester bind memory window */
#define RNIC_CQE_OP_REQ_TSO               0x7u /* requester TSO */
#define RNIC_CQE_OP_RESP_RECV             0x80u /* receive of a SEND */
#define RNIC_CQE_OP_RESP_RECV_IMM         0x81u /* receive of an RDMA WRITE with immediate */

/* cqe_flag: CQE flag bits (cqe.flags) */
#define RNIC_CQE_FLAG_IMM                 0x1u /* imm_data valid */
#define RNIC_CQE_FLAG_INV                 0x2u /* imm_data holds the invalidated rkey */
#define RNIC_CQE_FLAG_GRH                 0x4u /* a GRH was placed in the first 40 bytes */
#define RNIC_CQE_FLAG_SOLICITED           0x8u /* the packet carried BTH.SE */

/* wc_status: CQE status (cqe.status); numbered as the IBA completion status list */
#define RNIC_WC_STATUS_SUCCESS            0x0u /* success */
#define RNIC_WC_STATUS_LOC_LEN_ERR        0x1u /* local length error */
#define RNIC_WC_STATUS_LOC_QP_OP_ERR      0x2u /* local QP operation error */
#define RNIC_WC_STATUS_LOC_EEC_OP_ERR     0x3u /* local EE context operation error */
#define RNIC_WC_STATUS_LOC_PROT_ERR       0x4u /* local protection error (bad lkey or bounds) */
#define RNIC_WC_STATUS_WR_FLUSH_ERR       0x5u /* flushed: the QP was in the error state */
#define RNIC_WC_STATUS_MW_BIND_ERR        0x6u /* memory window bind error */
#define RNIC_WC_STATUS_BAD_RESP_ERR       0x7u /* bad response */
#define RNIC_WC_STATUS_LOC_ACCESS_ERR     0x8u /* local access error */
#define RNIC_WC_STATUS_REM_INV_REQ_ERR    0x9u /* remote invalid request */
#define RNIC_WC_STATUS_REM_ACCESS_ERR     0xAu /* remote access error */
#define RNIC_WC_STATUS_REM_OP_ERR         0xBu /* remote operation error */
#define RNIC_WC_STATUS_RETRY_EXC_ERR      0xCu /* transport retry counter exceeded */
#define RNIC_WC_STATUS_RNR_RETRY_EXC_ERR  0xDu /* RNR retry counter exceeded */
#define RNIC_WC_STATUS_LOC_RDD_VIOL_ERR   0xEu /* local RDD violation */
#define RNIC_WC_STATUS_REM_INV_RD_REQ_ERR 0xFu /* remote invalid RD request */
#define RNIC_WC_STATUS_REM_ABORT_ERR      0x10u /* remote aborted */
#define RNIC_WC_STATUS_INV_EECN_ERR       0x11u /* invalid EE context number */
#define RNIC_WC_STATUS_INV_EEC_STATE_ERR  0x12u /* invalid EE context state */
#define RNIC_WC_STATUS_FATAL_ERR          0x13u /* fatal error */
#define RNIC_WC_STATUS_RESP_TIMEOUT_ERR   0x14u /* response timeout */
#define RNIC_WC_STATUS_GENERAL_ERR        0x15u /* general error */
#define RNIC_WC_STATUS_COUNT              22u
#define RNIC_WC_STATUS_NAMES { "success", "loc_len_err", "loc_qp_op_err", "loc_eec_op_err", "loc_prot_err", "wr_flush_err", "mw_bind_err", "bad_resp_err", "loc_access_err", "rem_inv_req_err", "rem_access_err", "rem_op_err", "retry_exc_err", "rnr_retry_exc_err", "loc_rdd_viol_err", "rem_inv_rd_req_err", "rem_abort_err", "inv_eecn_err", "inv_eec_state_err", "fatal_err", "resp_timeout_err", "general_err" }

/* qp_state: QP state (IBA 10.3.1); numbered as enum ibv_qp_state */
#define RNIC_QP_STATE_RESET               0x0u /* reset */
#define RNIC_QP_STATE_INIT                0x1u /* initialized */
#define RNIC_QP_STATE_RTR                 0x2u /* ready to receive */
#define RNIC_QP_STATE_RTS                 0x3u /* ready to send */
#define RNIC_QP_STATE_SQD                 0x4u /* send queue drained */
#define RNIC_QP_STATE_SQE                 0x5u /* send queue error */
#define RNIC_QP_STATE_ERR                 0x6u /* error */
#define RNIC_QP_STATE_COUNT               7u
#define RNIC_QP_STATE_NAMES { "reset", "init", "rtr", "rts", "sqd", "sqe", "err" }

/* qp_type: QP transport service type (qpc.type) */
#define RNIC_QP_TYPE_RC                   0x0u /* reliable connected */
#define RNIC_QP_TYPE_UC                   0x1u /* unreliable connected */
#define RNIC_QP_TYPE_UD                   0x2u /* unreliable datagram */
#define RNIC_QP_TYPE_XRC_SEND             0x3u /* XRC initiator */
#define RNIC_QP_TYPE_XRC_RECV             0x4u /* XRC target */
#define RNIC_QP_TYPE_RAW                  0x5u /* raw Ethernet packet */
#define RNIC_QP_TYPE_COUNT                6u
#define RNIC_QP_TYPE_NAMES { "rc", "uc", "ud", "xrc_send", "xrc_recv", "raw" }

/* access: memory and QP access flags (mpt.access, qpc.access); same bits as enum ibv_access_flags */
#define RNIC_ACCESS_LOCAL_WRITE           0x1u /* local write */
#define RNIC_ACCESS_REMOTE_WRITE          0x2u /* remote write */
#define RNIC_ACCESS_REMOTE_READ           0x4u /* remote read */
#define RNIC_ACCESS_REMOTE_ATOMIC         0x8u /* remote atomic */
#define RNIC_ACCESS_MW_BIND               0x10u /* memory window bind */
#define RNIC_ACCESS_ZERO_BASED            0x20u /* addresses are offsets from the region start */

/* mtu: path MTU code (IBA: 1..5 = 256..4096 bytes) */
#define RNIC_MTU_256                      0x1u /* 256-byte payload */
#define RNIC_MTU_512                      0x2u /* 512-byte payload */
#define RNIC_MTU_1024                     0x3u /* 1024-byte payload */
#define RNIC_MTU_2048                     0x4u /* 2048-byte payload */
#define RNIC_MTU_4096                     0x5u /* 4096-byte payload */

/* cmd_op: command opcode (cmd_hdr.opcode) */
#define RNIC_CMD_OP_QUERY_DEVICE          0x1u /* device attributes */
#define RNIC_CMD_OP_QUERY_PORT            0x2u /* port attributes and address */
#define RNIC_CMD_OP_ALLOC_UCTX            0x3u /* allocate a user context (doorbell page) */
#define RNIC_CMD_OP_FREE_UCTX             0x4u /* free a user context */
#define RNIC_CMD_OP_ALLOC_PD              0x10u /* allocate a protection domain */
#define RNIC_CMD_OP_DEALLOC_PD            0x11u /* free a protection domain */
#define RNIC_CMD_OP_CREATE_CQ             0x20u /* create a completion queue */
#define RNIC_CMD_OP_DESTROY_CQ            0x21u /* destroy a completion queue */
#define RNIC_CMD_OP_CREATE_QP             0x30u /* create a queue pair (RESET state) */
#define RNIC_CMD_OP_MODIFY_QP             0x31u /* change QP state and attributes */
#define RNIC_CMD_OP_QUERY_QP              0x32u /* read QP attributes */
#define RNIC_CMD_OP_DESTROY_QP            0x33u /* destroy a queue pair */
#define RNIC_CMD_OP_REG_MR                0x40u /* register a memory region */
#define RNIC_CMD_OP_DEREG_MR              0x41u /* deregister a memory region */
#define RNIC_CMD_OP_ALLOC_MW              0x42u /* allocate a memory window (type 2B), unbound (output handle = rkey) */
#define RNIC_CMD_OP_DEALLOC_MW            0x43u /* free a memory window (bound or not) */
#define RNIC_CMD_OP_CREATE_SRQ            0x50u /* create a shared receive queue */
#define RNIC_CMD_OP_DESTROY_SRQ           0x51u /* destroy a shared receive queue (no QP may use it) */
#define RNIC_CMD_OP_MODIFY_SRQ            0x52u /* arm the SRQ limit */
#define RNIC_CMD_OP_QUERY_SRQ             0x53u /* read the SRQ attributes */
#define RNIC_CMD_OP_OPEN_XRCD             0x60u /* open an XRC domain (output handle = XRCD number) */
#define RNIC_CMD_OP_CREATE_FLOW           0x70u /* install a flow steering rule for a RAW_PACKET QP (output handle = flow index) */
#define RNIC_CMD_OP_DESTROY_FLOW          0x71u /* remove a flow steering rule (handle = flow index) */
#define RNIC_CMD_OP_CLOSE_XRCD            0x61u /* close an XRC domain (handle = XRCD number; BUSY while an XRC SRQ or XRC target QP uses it) */
#define RNIC_CMD_OP_CM_NOTIFY             0x80u /* handle = host interrupt vector the firmware raises when a CM event for the caller's uctx is queued (0: none; the host polls) */
#define RNIC_CMD_OP_CM_CREATE_ID          0x81u /* create a CM ID (cmd_cm_in ps, qp_type; output handle = the ID) */
#define RNIC_CMD_OP_CM_LISTEN             0x82u /* listen on the ID (cmd_cm_in local_ip (0: any), local_port); BUSY when that port space, port and address are taken */
#define RNIC_CMD_OP_CM_CONNECT            0x83u /* send a REQ (RC, UC) or SIDR_REQ (UD) from the ID to remote_ip/remote_port (cmd_cm_in; private data from the ID's staging buffer) */
#define RNIC_CMD_OP_CM_ACCEPT             0x84u /* answer the REQ or SIDR_REQ of a connection ID with REP or SIDR_REP (cmd_cm_in qpn, psn, resources, qkey, pdata_len) */
#define RNIC_CMD_OP_CM_REJECT             0x85u /* answer the REQ or SIDR_REQ of a connection ID with REJ or a rejecting SIDR_REP (cmd_cm_in reason, pdata_len) */
#define RNIC_CMD_OP_CM_ESTABLISH          0x86u /* active side: send the RTU after the REP (cmd_cm_in pdata_len) */
#define RNIC_CMD_OP_CM_DISCONNECT         0x87u /* send a DREQ, or the DREP when a DREQ was received (cmd_cm_in pdata_len) */
#define RNIC_CMD_OP_CM_DESTROY            0x88u /* free the ID; a connected one first sends DREQ (or DREP, or REJ for an unanswered REQ); its queued events go */
#define RNIC_CMD_OP_CM_PDATA              0x89u /* store cmd_cm_in pdata_chunk bytes at pdata_off of the ID's private-data staging buffer (CM_MAX_PDATA bytes) */
#define RNIC_CMD_OP_CM_GET_EVENT          0x8Au /* the caller's oldest CM event (cmd_cm_event_out) with its private data from cmd_cm_in pdata_off; event NONE when there is none */
#define RNIC_CMD_OP_CM_ACK_EVENT          0x8Bu /* remove the caller's oldest CM event */

/* cm_event: connection-manager event type (cmd_cm_event_out.event), queued by the firmware for the user context owning the ID */
#define RNIC_CM_EVENT_NONE                0x0u /* no event waits */
#define RNIC_CM_EVENT_REQ                 0x1u /* a REQ reached a listener: handle = the new connection ID (owned by the listener's uctx), listen_id = the listener */
#define RNIC_CM_EVENT_REP                 0x2u /* the REP to this ID's REQ: the host moves its QP to RTR and RTS, then sends CM_ESTABLISH */
#define RNIC_CM_EVENT_RTU                 0x3u /* passive side: the RTU arrived; the connection is established */
#define RNIC_CM_EVENT_REJ                 0x4u /* the peer rejected (status = REJ reason, IBA 12.6.7; 8 = no listener on that service ID) */
#define RNIC_CM_EVENT_DREQ                0x5u /* the peer disconnects (the host answers with CM_DISCONNECT, which sends the DREP) */
#define RNIC_CM_EVENT_DREP                0x6u /* the DREP to this ID's DREQ: the disconnection is complete */
#define RNIC_CM_EVENT_SIDR_REQ            0x7u /* a SIDR_REQ reached a UD listener: handle = the new ID, listen_id = the listener */
#define RNIC_CM_EVENT_SIDR_REP            0x8u /* the SIDR_REP to this ID's SIDR_REQ (status = SIDR status, 0 = the QP is valid; remote_qpn, qkey) */
#define RNIC_CM_EVENT_TIMEOUT             0x9u /* no answer: the REQ or SIDR_REQ went unanswered (status = retries sent) */
#define RNIC_CM_EVENT_COUNT               10u
#define RNIC_CM_EVENT_NAMES { "none", "req", "rep", "rtu", "rej", "dreq", "drep", "sidr_req", "sidr_rep", "timeout" }

/* cmd_status: command completion status (cmd_out.status) */
#define RNIC_CMD_STATUS_OK                0x0u /* done */
#define RNIC_CMD_STATUS_BAD_OPCODE        0x1u /* unknown command */
#define RNIC_CMD_STATUS_BAD_PARAM         0x2u /* a parameter is out of range */
#define RNIC_CMD_STATUS_BAD_HANDLE        0x3u /* no such object, or not the caller's */
#define RNIC_CMD_STATUS_BAD_STATE         0x4u /* QP state transition not allowed */
#define RNIC_CMD_STATUS_BAD_MASK          0x5u /* attribute mask lacks a required or has a forbidden attribute */
#define RNIC_CMD_STATUS_NO_RESOURCES      0x6u /* table full */
#define RNIC_CMD_STATUS_BUSY              0x7u /* object still referenced */
#define RNIC_CMD_STATUS_COUNT             8u
#define RNIC_CMD_STATUS_NAMES { "ok", "bad_opcode", "bad_param", "bad_handle", "bad_state", "bad_mask", "no_resources", "busy" }

/* qp_attr_mask: MODIFY_QP attribute mask bits; same bits as enum ibv_qp_attr_mask */
#define RNIC_QP_ATTR_MASK_STATE           0x1u /* qp_state */
#define RNIC_QP_ATTR_MASK_CUR_STATE       0x2u /* cur_qp_state */
#define RNIC_QP_ATTR_MASK_EN_SQD_ASYNC_NOTIFY 0x4u /* en_sqd_async_notify */
#define RNIC_QP_ATTR_MASK_ACCESS_FLAGS    0x8u /* qp_access_flags */
#define RNIC_QP_ATTR_MASK_PKEY_INDEX      0x10u /* pkey_index */
#define RNIC_QP_ATTR_MASK_PORT            0x20u /* port_num */
#define RNIC_QP_ATTR_MASK_QKEY            0x40u /* qkey */
#define RNIC_QP_ATTR_MASK_AV              0x80u /* primary address vector */
#define RNIC_QP_ATTR_MASK_PATH_MTU        0x100u /* path_mtu */
#define RNIC_QP_ATTR_MASK_TIMEOUT         0x200u /* timeout */
#define RNIC_QP_ATTR_MASK_RETRY_CNT       0x400u /* retry_cnt */
#define RNIC_QP_ATTR_MASK_RNR_RETRY       0x800u /* rnr_retry */
#define RNIC_QP_ATTR_MASK_RQ_PSN          0x1000u /* rq_psn */
#define RNIC_QP_ATTR_MASK_MAX_QP_RD_ATOMIC 0x2000u /* max_rd_atomic */
#define RNIC_QP_ATTR_MASK_ALT_PATH        0x4000u /* alternate path */
#define RNIC_QP_ATTR_MASK_MIN_RNR_TIMER   0x8000u /* min_rnr_timer */
#define RNIC_QP_ATTR_MASK_SQ_PSN          0x10000u /* sq_psn */
#define RNIC_QP_ATTR_MASK_MAX_DEST_RD_ATOMIC 0x20000u /* max_dest_rd_atomic */
#define RNIC_QP_ATTR_MASK_PATH_MIG_STATE  0x40000u /* path_mig_state */
#define RNIC_QP_ATTR_MASK_CAP             0x80000u /* cap */
#define RNIC_QP_ATTR_MASK_DEST_QPN        0x100000u /* dest_qp_num */

/* ctx_table: context table selected by FW_CTX_SEL.table */
#define RNIC_CTX_TABLE_QPC                0x1u /* queue pair contexts */
#define RNIC_CTX_TABLE_CQC                0x2u /* completion queue contexts */
#define RNIC_CTX_TABLE_MPT                0x3u /* memory protection table (memory keys) */
#define RNIC_CTX_TABLE_SRQC               0x4u /* shared receive queue contexts */
#define RNIC_CTX_TABLE_FLOW               0x5u /* flow steering rules (RAW_PACKET receive) */

/* ctx_cmd: FW_CTX_CMD operations */
#define RNIC_CTX_CMD_WRITE                0x1u /* copy FW_CTX_DATA into the selected entry (firmware keeps the master copy) */

/* cq_arm: CQ doorbell arm request (CQ_DB.arm) */
#define RNIC_CQ_ARM_NONE                  0x0u /* only update the consumer index */
#define RNIC_CQ_ARM_NEXT                  0x1u /* interrupt on the next completion */
#define RNIC_CQ_ARM_SOLICITED             0x2u /* interrupt on the next solicited or error completion */
#define RNIC_CQ_ARM_COUNT                 3u
#define RNIC_CQ_ARM_NAMES { "none", "next", "solicited" }

/* hw_event: hardware event type (FW_EVENT.type) the NIC reports to the firmware; the number is a QPN, an SRQN or a key, as each type says (keys fit: KEY_TAG_BITS + LOG_MRS <= 24) */
#define RNIC_HW_EVENT_NONE                0x0u /* FW_EVENT is empty */
#define RNIC_HW_EVENT_REQ_ERR             0x1u /* the requester moved the QP to the error state (its error CQE reports why) */
#define RNIC_HW_EVENT_RESP_INV_REQ        0x2u /* the responder NAKed an invalid request and moved the QP to the error state */
#define RNIC_HW_EVENT_RESP_ACCESS         0x3u /* the responder NAKed a remote access error and moved the QP to the error state */
#define RNIC_HW_EVENT_QP_FATAL            0x4u /* a local failure no CQE reports (a malformed send WQE the fetch engine dropped, host memory failing under a responder READ or atomic) moved the QP to the error state */
#define RNIC_HW_EVENT_SRQ_LIMIT           0x5u /* an armed SRQ dropped below its limit and was disarmed */
#define RNIC_HW_EVENT_RESP_ERR            0x6u /* the responder moved the QP to the error state after an error its receive CQE reports */
#define RNIC_HW_EVENT_MW_BIND             0x7u /* the requester bound a memory window: number = the window's new rkey, FW_EVENT_DATA = the region's lkey */
#define RNIC_HW_EVENT_MW_INVAL            0x8u /* a memory window was invalidated (LOCAL_INV): number = the window's rkey */
#define RNIC_HW_EVENT_COUNT               9u
#define RNIC_HW_EVENT_NAMES { "none", "req_err", "resp_inv_req", "resp_access", "qp_fatal", "srq_limit", "resp_err", "mw_bind", "mw_inval" }

/* async_event: asynchronous event type (aeqe.event); numbered as enum ibv_event_type */
#define RNIC_ASYNC_EVENT_CQ_ERR           0x0u /* CQ overrun or error */
#define RNIC_ASYNC_EVENT_QP_FATAL         0x1u /* local work queue catastrophic error */
#define RNIC_ASYNC_EVENT_QP_REQ_ERR       0x2u /* invalid request local work queue error */
#define RNIC_ASYNC_EVENT_QP_ACCESS_ERR    0x3u /* local access violation work queue error */
#define RNIC_ASYNC_EVENT_COMM_EST         0x4u /* communication established */
#define RNIC_ASYNC_EVENT_SQ_DRAINED       0x5u /* send queue drained */
#define RNIC_ASYNC_EVENT_PATH_MIG         0x6u /* path migrated */
#define RNIC_ASYNC_EVENT_PATH_MIG_ERR     0x7u /* path migration failed */
#define RNIC_ASYNC_EVENT_DEVICE_FATAL     0x8u /* device catastrophic error */
#define RNIC_ASYNC_EVENT_PORT_ACTIVE      0x9u /* port active */
#define RNIC_ASYNC_EVENT_PORT_ERR         0xAu /* port error */
#define RNIC_ASYNC_EVENT_LID_CHANGE       0xBu /* LID changed */
#define RNIC_ASYNC_EVENT_PKEY_CHANGE      0xCu /* P_Key table changed */
#define RNIC_ASYNC_EVENT_SM_CHANGE        0xDu /* subnet manager changed */
#define RNIC_ASYNC_EVENT_SRQ_ERR          0xEu /* SRQ catastrophic error */
#define RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED 0xFu /* SRQ dropped below its armed limit */
#define RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED 0x10u /* a QP on an SRQ is in error and takes no more SRQ WQEs */
#define RNIC_ASYNC_EVENT_CLIENT_REREGISTER 0x11u /* client reregistration request */
#define RNIC_ASYNC_EVENT_GID_CHANGE       0x12u /* GID table changed */
#define RNIC_ASYNC_EVENT_WQ_FATAL         0x13u /* work queue catastrophic error */
#define RNIC_ASYNC_EVENT_COUNT            20u
#define RNIC_ASYNC_EVENT_NAMES { "cq_err", "qp_fatal", "qp_req_err", "qp_access_err", "comm_est", "sq_drained", "path_mig", "path_mig_err", "device_fatal", "port_active", "port_err", "lid_change", "pkey_change", "sm_change", "srq_err", "srq_limit_reached", "qp_last_wqe_reached", "client_reregister", "gid_change", "wq_fatal" }

/* stat: per-NIC counters readable at FW_STAT + 4*index */
#define RNIC_STAT_CYCLES                  0x0u /* core clock cycles since reset */
#define RNIC_STAT_TX_PKTS                 0x1u /* frames sent */
#define RNIC_STAT_TX_BYTES                0x2u /* bytes sent (Ethernet header to ICRC) */
#define RNIC_STAT_RX_PKTS                 0x3u /* frames received */
#define RNIC_STAT_RX_BYTES                0x4u /* bytes received */
#define RNIC_STAT_RX_ICRC_ERR             0x5u /* frames dropped: bad ICRC */
#define RNIC_STAT_RX_BAD_HDR              0x6u /* frames dropped: not IPv4/UDP 4791, or malformed */
#define RNIC_STAT_RX_BAD_QP               0x7u /* frames dropped: unknown or unready QP */
#define RNIC_STAT_RX_PSN_ERR              0x8u /* packets out of sequence */
#define RNIC_STAT_DB_REJECT               0x9u /* doorbells for a QP or CQ the page does not own */
#define RNIC_STAT_WQE_FETCHED             0xAu /* WQEs fetched */
#define RNIC_STAT_CQE_WRITTEN             0xBu /* CQEs written */
#define RNIC_STAT_DMA_RD_BYTES            0xCu /* bytes read from host memory */
#define RNIC_STAT_DMA_WR_BYTES            0xDu /* bytes written to host memory */
#define RNIC_STAT_ACKS_TX                 0xEu /* ACK packets sent */
#define RNIC_STAT_ACKS_RX                 0xFu /* ACK packets received */
#define RNIC_STAT_WQE_INDEX_ERR           0x10u /* send WQEs dropped by the fetch engine: wqe_index is not the expected index */
#define RNIC_STAT_RX_MSG_DROP             0x11u /* UC/UD packets dropped without a reply: their message was lost (sequence gap, no receive WQE, bad R_Key or Q_Key, too long) */
#define RNIC_STAT_EVENT_DROP              0x12u /* hardware events lost: HW_EVENT_DEPTH events were already waiting for the firmware */
#define RNIC_STAT_RX_RAW                  0x13u /* frames steered to a RAW_PACKET QP by a flow rule */
#define RNIC_STAT_RX_RAW_DROP             0x14u /* frames a flow rule matched but the raw receive path had no room for, or longer than MAX_RAW_FRAME */
#define RNIC_STAT_TX_TSO_SEG              0x15u /* TCP segments cut from RAW_PACKET TSO WQEs */
#define RNIC_STAT_TX_CSUM                 0x16u /* raw frames sent with IPv4 / TCP / UDP checksums written by the device (TSO segments included) */
#define RNIC_STAT_GSI_RX                  0x17u /* MADs the GSI (QP1) mailbox kept for the firmware */
#define RNIC_STAT_GSI_RX_DROP             0x18u /* packets for QP1 dropped: not a UD SEND ONLY with GSI_QKEY, longer than MAD_BYTES, or the mailbox full */
#define RNIC_STAT_GSI_TX                  0x19u /* MADs sent from QP1 */
#define RNIC_STAT_GSI_TX_BAD              0x1Au /* GSI_TX_GO writes ignored: busy, or a length out of range */
#define RNIC_STAT_RETRANS                 0x1Bu /* go-back-N retransmissions the requester started (after a PSN sequence NAK, a missing READ response, a timeout or an RNR wait) */
#define RNIC_STAT_RETRANS_PKTS            0x1Cu /* request packets sent again (PSN before the highest already sent on the QP) */
#define RNIC_STAT_TIMEOUTS                0x1Du /* retransmission timer expiries (the QP's local ACK timeout passed without progress) */
#define RNIC_STAT_RX_NAK_SEQ              0x1Eu /* PSN sequence error NAKs received (every one the parser passes to the requester) */
#define RNIC_STAT_RX_RNR_NAK              0x1Fu /* RNR NAKs received (every one the parser passes to the requester) */
#define RNIC_STAT_TX_NAK_SEQ              0x20u /* PSN sequence error NAKs sent */
#define RNIC_STAT_TX_RNR_NAK              0x21u /* RNR NAKs sent */
#define RNIC_STAT_RX_DUP                  0x22u /* duplicate request packets (PSN already executed): acknowledged or answered again, never executed twice */
#define RNIC_STAT_RX_RESP_DROP            0x23u /* ACKs and responses the requester dropped: duplicate, stale, for no outstanding request, or out of place */
#define RNIC_STAT_RETRY_EXC               0x24u /* work requests completed with RETRY_EXC_ERR or RNR_RETRY_EXC_ERR */
#define RNIC_STAT_ACK_COALESCED           0x25u /* ACKs not sent because a later packet of the same QP was already waiting (its ACK covers them) */
#define RNIC_STAT_COUNT                   38u
#define RNIC_STAT_NAMES { "cycles", "tx_pkts", "tx_bytes", "rx_pkts", "rx_bytes", "rx_icrc_err", "rx_bad_hdr", "rx_bad_qp", "rx_psn_err", "db_reject", "wqe_fetched", "cqe_written", "dma_rd_bytes", "dma_wr_bytes", "acks_tx", "acks_rx", "wqe_index_err", "rx_msg_drop", "event_drop", "rx_raw", "rx_raw_drop", "tx_tso_seg", "tx_csum", "gsi_rx", "gsi_rx_drop", "gsi_tx", "gsi_tx_bad", "retrans", "retrans_pkts", "timeouts", "rx_nak_seq", "rx_rnr_nak", "tx_nak_seq", "tx_rnr_nak", "rx_dup", "rx_resp_drop", "retry_exc", "ack_coalesced" }

/* bth_transport: BTH.OpCode[7:5]: the transport service; an opcode is {bth_transport, bth_op} */
#define RNIC_BTH_TRANSPORT_RC             0x0u /* reliable connection */
#define RNIC_BTH_TRANSPORT_UC             0x1u /* unreliable connection */
#define RNIC_BTH_TRANSPORT_RD             0x2u /* reliable datagram (not implemented) */
#define RNIC_BTH_TRANSPORT_UD             0x3u /* unreliable datagram */
#define RNIC_BTH_TRANSPORT_CNP            0x4u /* congestion notification (bth_opcode CNP) */
#define RNIC_BTH_TRANSPORT_XRC            0x5u /* extended reliable connection */
#define RNIC_BTH_TRANSPORT_COUNT          6u
#define RNIC_BTH_TRANSPORT_NAMES { "rc", "uc", "rd", "ud", "cnp", "xrc" }

/* bth_op: BTH.OpCode[4:0]: the operation, under the transports that have it (UD: SEND_ONLY and SEND_ONLY_IMM; UC: the SEND and WRITE codes) */
#define RNIC_BTH_OP_SEND_FIRST            0x0u /* SEND first */
#define RNIC_BTH_OP_SEND_MIDDLE           0x1u /* SEND middle */
#define RNIC_BTH_OP_SEND_LAST             0x2u /* SEND last */
#define RNIC_BTH_OP_SEND_LAST_IMM         0x3u /* SEND last with immediate */
#define RNIC_BTH_OP_SEND_ONLY             0x4u /* SEND only */
#define RNIC_BTH_OP_SEND_ONLY_IMM         0x5u /* SEND only with immediate */
#define RNIC_BTH_OP_WRITE_FIRST           0x6u /* RDMA WRITE first */
#define RNIC_BTH_OP_WRITE_MIDDLE          0x7u /* RDMA WRITE middle */
#define RNIC_BTH_OP_WRITE_LAST            0x8u /* RDMA WRITE last */
#define RNIC_BTH_OP_WRITE_LAST_IMM        0x9u /* RDMA WRITE last with immediate */
#define RNIC_BTH_OP_WRITE_ONLY            0xAu /* RDMA WRITE only */
#define RNIC_BTH_OP_WRITE_ONLY_IMM        0xBu /* RDMA WRITE only with immediate */
#define RNIC_BTH_OP_READ_REQ              0xCu /* RDMA READ request */
#define RNIC_BTH_OP_READ_RESP_FIRST       0xDu /* RDMA READ response first */
#define RNIC_BTH_OP_READ_RESP_MIDDLE      0xEu /* RDMA READ response middle */
#define RNIC_BTH_OP_READ_RESP_LAST        0xFu /* RDMA READ response last */
#define RNIC_BTH_OP_READ_RESP_ONLY        0x10u /* RDMA READ response only */
#define RNIC_BTH_OP_ACK                   0x11u /* acknowledge */
#define RNIC_BTH_OP_ATOMIC_ACK            0x12u /* atomic acknowledge */
#define RNIC_BTH_OP_CMP_SWAP              0x13u /* compare and swap */
#define RNIC_BTH_OP_FETCH_ADD             0x14u /* fetch and add */
#define RNIC_BTH_OP_SEND_LAST_INV         0x16u /* SEND last with invalidate */
#define RNIC_BTH_OP_SEND_ONLY_INV         0x17u /* SEND only with invalidate */

/* bth_opcode: whole BTH opcodes outside the {bth_transport, bth_op} pairs */
#define RNIC_BTH_OPCODE_CNP               0x81u /* congestion notification packet (RoCEv2): transport CNP, operation 1 */

/* aeth_type: AETH.Syndrome[7:5]: what the AETH says; a syndrome is {aeth_type, 5-bit value} */
#define RNIC_AETH_TYPE_ACK                0x0u /* acknowledge; Syndrome[4:0] is the credit count (aeth_credit) */
#define RNIC_AETH_TYPE_RNR_NAK            0x1u /* receiver not ready; Syndrome[4:0] is the RNR timer code */
#define RNIC_AETH_TYPE_NAK                0x3u /* negative acknowledge; Syndrome[4:0] is the NAK code (aeth_nak) */

/* aeth_nak: AETH.Syndrome[4:0] of a NAK */
#define RNIC_AETH_NAK_PSN_SEQ_ERR         0x0u /* PSN sequence error */
#define RNIC_AETH_NAK_INV_REQ             0x1u /* invalid request */
#define RNIC_AETH_NAK_REM_ACCESS_ERR      0x2u /* remote access error */
#define RNIC_AETH_NAK_REM_OP_ERR          0x3u /* remote operational error */
#define RNIC_AETH_NAK_INV_RD_REQ          0x4u /* invalid RD request */
#define RNIC_AETH_NAK_COUNT               5u
#define RNIC_AETH_NAK_NAMES { "psn_seq_err", "inv_req", "rem_access_err", "rem_op_err", "inv_rd_req" }

/* aeth_credit: AETH.Syndrome[4:0] of an ACK: the credit count */
#define RNIC_AETH_CREDIT_INVALID          0x1Fu /* no credit count: the responder does not limit the requester (end-to-end flow control off) */

/* Register block bar0: host BAR0: identification, capabilities, command queue, doorbells */
#define RNIC_BAR0_ID                      0x0u /* ro MAGIC */
#define RNIC_BAR0_VERSION                 0x4u /* ro [15:0] contract version, [31:16] hardware revision */
#define RNIC_BAR0_CAP_LOG_QPS             0x8u /* ro log2 QP count */
#define RNIC_BAR0_CAP_LOG_CQS             0xCu /* ro log2 CQ count */
#define RNIC_BAR0_CAP_LOG_MRS             0x10u /* ro log2 memory-key count */
#define RNIC_BAR0_CAP_LOG_PDS             0x14u /* ro log2 PD count */
#define RNIC_BAR0_CAP_SGE                 0x18u /* ro [7:0] max send SGEs, [15:8] max receive SGEs */
#define RNIC_BAR0_CAP_INLINE              0x1Cu /* ro max inline bytes */
#define RNIC_BAR0_CAP_LOG_DEPTH           0x20u /* ro [7:0] log2 max WQEs, [15:8] log2 max CQEs */
#define RNIC_BAR0_CAP_DMA_BITS            0x24u /* ro host DMA data width in bits */
#define RNIC_BAR0_CAP_DB_PAGES            0x28u /* ro doorbell pages */
#define RNIC_BAR0_CAP_CLK_MHZ             0x2Cu /* ro core clock in MHz */
#define RNIC_BAR0_TIMESTAMP_LO            0x30u /* ro core clock cycles since reset, low word (reading it latches the high word) */
#define RNIC_BAR0_TIMESTAMP_HI            0x34u /* ro high word latched by the last TIMESTAMP_LO read */
#define RNIC_BAR0_STATUS                  0x38u /* ro [0] ready: the reset sweep cleared every context table; commands and doorbells before it are not allowed */
#define RNIC_BAR0_CMDQ_PI                 0x80u /* rw command producer index (host writes after filling a slot) */
#define RNIC_BAR0_CMDQ_CI                 0x84u /* ro command consumer index (advanced by firmware on completion) */
#define RNIC_BAR0_IRQ_ENABLE              0x90u /* rw [0] raise vector 0 when CMDQ_CI advances, [1] raise vector 1 when AEQ_PI advances */
#define RNIC_BAR0_AEQ_PI                  0x94u /* ro asynchronous event producer index (advanced by firmware; mod AEQ_SLOTS) */
#define RNIC_BAR0_AEQ_CI                  0x98u /* rw asynchronous event consumer index (host writes after reading slots) */

/* Register block db: doorbell page registers (offset inside a DB_PAGE_SIZE page); write-only */
#define RNIC_DB_SQ                        0x0u /* wo send queue producer index: db_sq fields */
#define RNIC_DB_RQ                        0x4u /* wo receive queue producer index: db_rq fields */
#define RNIC_DB_CQ                        0x8u /* wo CQ consumer index and arm: db_cq fields */
#define RNIC_DB_SRQ                       0xCu /* wo shared receive queue producer index: db_srq fields */

/* Register block fw: firmware port: command queue, context tables, port identity, counters */
#define RNIC_FW_ID                        0x0u /* ro MAGIC */
#define RNIC_FW_IRQ_STATUS                0x4u /* w1c [0] command pending (CMDQ_PI != CMDQ_CI), [1] hardware event pending (FW_EVENT not empty), [2] a MAD waits in the GSI mailbox (GSI_RX_COUNT != 0) */
#define RNIC_FW_IRQ_ENABLE                0x8u /* rw [0] interrupt the core on a new command, [1] on a hardware event, [2] on a waiting MAD */
#define RNIC_FW_STATUS                    0xCu /* ro [0] ready: the reset sweep cleared every context table; commands and doorbells before it are not allowed */
#define RNIC_FW_CMDQ_PI                   0x10u /* ro host's command producer index */
#define RNIC_FW_CMDQ_CI                   0x14u /* rw command consumer index; writing it completes commands */
#define RNIC_FW_CTX_SEL                   0x20u /* rw [7:0] table (ctx_table), [31:8] entry index */
#define RNIC_FW_CTX_CMD                   0x24u /* wo ctx_cmd: copy FW_CTX_DATA into the selected entry */
#define RNIC_FW_CTX_STATUS                0x28u /* ro [0] busy */
#define RNIC_FW_PORT_MAC_LO               0x30u /* rw port MAC address bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_FW_PORT_MAC_HI               0x34u /* rw port MAC address bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_FW_PORT_IPV4                 0x38u /* rw port IPv4 address (first octet in [31:24]) */
#define RNIC_FW_PORT_CTRL                 0x3Cu /* rw [0] link enable */
#define RNIC_FW_EVENT                     0x40u /* ro oldest hardware event: [31:24] hw_event type (NONE: no event), [23:0] its number (QPN, SRQN or key) */
#define RNIC_FW_EVENT_POP                 0x44u /* wo any write removes the event FW_EVENT and FW_EVENT_DATA show */
#define RNIC_FW_AEQ_PI                    0x48u /* rw asynchronous event producer index; writing a new value raises host vector 1 when BAR0 IRQ_ENABLE[1] */
#define RNIC_FW_AEQ_CI                    0x4Cu /* ro host's asynchronous event consumer index */
#define RNIC_FW_HOST_IRQ                  0x50u /* wo [4:0] raise this host interrupt vector (connection-manager notifications, CM_NOTIFY) */
#define RNIC_FW_EVENT_DATA                0x58u /* ro data word of the event FW_EVENT shows (MW_BIND: the region's lkey; 0 for the other types and when empty) */
#define RNIC_FW_CTX_DATA                  0x80u /* rw CTX_WORDS words of context data (0x0080..0x00FC) */
#define RNIC_FW_STAT                      0x200u /* ro counters, 4 bytes each, indexed by enum stat */
#define RNIC_FW_GSI_RX_COUNT              0x400u /* ro MADs waiting in the GSI (QP1) receive FIFO (0 .. GSI_RX_DEPTH); the GSI_RX_* registers show the oldest */
#define RNIC_FW_GSI_RX_LEN                0x404u /* ro payload bytes of the oldest MAD (0 when none) */
#define RNIC_FW_GSI_RX_SQPN               0x408u /* ro [23:0] its DETH source QP */
#define RNIC_FW_GSI_RX_SIP                0x40Cu /* ro its source IPv4 address (first octet in [31:24]) */
#define RNIC_FW_GSI_RX_SMAC_LO            0x410u /* ro its source MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_FW_GSI_RX_SMAC_HI            0x414u /* ro its source MAC bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_FW_GSI_RX_PKEY               0x418u /* ro [15:0] its BTH P_Key */
#define RNIC_FW_GSI_RX_POP                0x41Cu /* wo any write frees the oldest MAD */
#define RNIC_FW_GSI_TX_DIP                0x420u /* rw destination IPv4 address of the MAD to send */
#define RNIC_FW_GSI_TX_DMAC_LO            0x424u /* rw destination MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_FW_GSI_TX_DMAC_HI            0x428u /* rw destination MAC bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_FW_GSI_TX_DQPN               0x42Cu /* rw [23:0] destination QP (1 for the peer's GSI) */
#define RNIC_FW_GSI_TX_QKEY               0x430u /* rw DETH Q_Key (GSI_QKEY for the peer's GSI) */
#define RNIC_FW_GSI_TX_LEN                0x434u /* rw payload bytes, 1 .. MAD_BYTES */
#define RNIC_FW_GSI_TX_GO                 0x438u /* wo any write sends the MAD as a UD SEND ONLY from QP1 (ignored, and counted in GSI_TX_BAD, while busy or with a length out of range) */
#define RNIC_FW_GSI_TX_STATUS             0x43Cu /* ro [0] busy: the last MAD is still going out (its registers and payload must not change) */
#define RNIC_FW_GSI_RX_DATA               0x500u /* ro MAD_BYTES / 4 words of the oldest MAD's payload (0x0500..0x05FC), byte 4k in [31:24] of word k */
#define RNIC_FW_GSI_TX_DATA               0x600u /* rw MAD_BYTES / 4 words of the payload to send (0x0600..0x06FC), byte 4k in [31:24] of word k */

/* db_sq (4 bytes): SQ doorbell value */
#define RNIC_DB_SQ_BYTES 4u
#define RNIC_DB_SQ_WORDS 1u
/* db_sq.pi: producer index after the last posted WQE (mod 2^16) */
#define RNIC_DB_SQ_PI_DW 0
#define RNIC_DB_SQ_PI_LSB 0
#define RNIC_DB_SQ_PI_WIDTH 16
#define RNIC_DB_SQ_PI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_sq_pi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_db_sq_get_pi(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFFFu; }
static inline void rnic_db_sq_set_pi(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* db_sq.qpn: QP number */
#define RNIC_DB_SQ_QPN_DW 0
#define RNIC_DB_SQ_QPN_LSB 16
#define RNIC_DB_SQ_QPN_WIDTH 16
#define RNIC_DB_SQ_QPN_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_sq_qpn(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_db_sq_get_qpn(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFFFu; }
static inline void rnic_db_sq_set_qpn(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }

/* db_rq (4 bytes): RQ doorbell value */
#define RNIC_DB_RQ_BYTES 4u
#define RNIC_DB_RQ_WORDS 1u
/* db_rq.pi: producer index after the last posted receive WQE */
#define RNIC_DB_RQ_PI_DW 0
#define RNIC_DB_RQ_PI_LSB 0
#define RNIC_DB_RQ_PI_WIDTH 16
#define RNIC_DB_RQ_PI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_rq_pi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_db_rq_get_pi(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFFFu; }
static inline void rnic_db_rq_set_pi(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* db_rq.qpn: QP number */
#define RNIC_DB_RQ_QPN_DW 0
#define RNIC_DB_RQ_QPN_LSB 16
#define RNIC_DB_RQ_QPN_WIDTH 16
#define RNIC_DB_RQ_QPN_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_rq_qpn(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_db_rq_get_qpn(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFFFu; }
static inline void rnic_db_rq_set_qpn(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }

/* db_srq (4 bytes): SRQ doorbell value */
#define RNIC_DB_SRQ_BYTES 4u
#define RNIC_DB_SRQ_WORDS 1u
/* db_srq.pi: producer index after the last posted receive WQE */
#define RNIC_DB_SRQ_PI_DW 0
#define RNIC_DB_SRQ_PI_LSB 0
#define RNIC_DB_SRQ_PI_WIDTH 16
#define RNIC_DB_SRQ_PI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_srq_pi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_db_srq_get_pi(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFFFu; }
static inline void rnic_db_srq_set_pi(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* db_srq.srqn: SRQ number */
#define RNIC_DB_SRQ_SRQN_DW 0
#define RNIC_DB_SRQ_SRQN_LSB 16
#define RNIC_DB_SRQ_SRQN_WIDTH 16
#define RNIC_DB_SRQ_SRQN_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_srq_srqn(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_db_srq_get_srqn(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFFFu; }
static inline void rnic_db_srq_set_srqn(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }

/* db_cq (4 bytes): CQ doorbell value */
#define RNIC_DB_CQ_BYTES 4u
#define RNIC_DB_CQ_WORDS 1u
/* db_cq.ci: consumer index: CQEs the host has consumed (mod 2^16) */
#define RNIC_DB_CQ_CI_DW 0
#define RNIC_DB_CQ_CI_LSB 0
#define RNIC_DB_CQ_CI_WIDTH 16
#define RNIC_DB_CQ_CI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_cq_ci(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_db_cq_get_ci(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFFFu; }
static inline void rnic_db_cq_set_ci(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* db_cq.cqn: CQ number */
#define RNIC_DB_CQ_CQN_DW 0
#define RNIC_DB_CQ_CQN_LSB 16
#define RNIC_DB_CQ_CQN_WIDTH 14
#define RNIC_DB_CQ_CQN_MASK 0x3FFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_cq_cqn(uint32_t v) { return (v & 0x3FFFu) << 16; }
static inline uint32_t rnic_db_cq_get_cqn(const uint32_t *w)
{ return (w[0] >> 16) & 0x3FFFu; }
static inline void rnic_db_cq_set_cqn(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x3FFFu << 16)) | ((v & 0x3FFFu) << 16); }
/* db_cq.arm: cq_arm request */
#define RNIC_DB_CQ_ARM_DW 0
#define RNIC_DB_CQ_ARM_LSB 30
#define RNIC_DB_CQ_ARM_WIDTH 2
#define RNIC_DB_CQ_ARM_MASK 0x3u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_db_cq_arm(uint32_t v) { return (v & 0x3u) << 30; }
static inline uint32_t rnic_db_cq_get_arm(const uint32_t *w)
{ return (w[0] >> 30) & 0x3u; }
static inline void rnic_db_cq_set_arm(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x3u << 30)) | ((v & 0x3u) << 30); }

/* send_wqe (64 bytes): send WQE control segment; data segments or inline bytes follow it in the same stride */
#define RNIC_SEND_WQE_BYTES 64u
#define RNIC_SEND_WQE_WORDS 16u
/* send_wqe.opcode: wqe_op */
#define RNIC_SEND_WQE_OPCODE_DW 0
#define RNIC_SEND_WQE_OPCODE_LSB 0
#define RNIC_SEND_WQE_OPCODE_WIDTH 8
#define RNIC_SEND_WQE_OPCODE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_opcode(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_send_wqe_get_opcode(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFu; }
static inline void rnic_send_wqe_set_opcode(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* send_wqe.flags: wqe_flag bits */
#define RNIC_SEND_WQE_FLAGS_DW 0
#define RNIC_SEND_WQE_FLAGS_LSB 8
#define RNIC_SEND_WQE_FLAGS_WIDTH 8
#define RNIC_SEND_WQE_FLAGS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_flags(uint32_t v) { return (v & 0xFFu) << 8; }
static inline uint32_t rnic_send_wqe_get_flags(const uint32_t *w)
{ return (w[0] >> 8) & 0xFFu; }
static inline void rnic_send_wqe_set_flags(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 8)) | ((v & 0xFFu) << 8); }
/* send_wqe.num_sge: data segments that follow (0 with INLINE) */
#define RNIC_SEND_WQE_NUM_SGE_DW 0
#define RNIC_SEND_WQE_NUM_SGE_LSB 16
#define RNIC_SEND_WQE_NUM_SGE_WIDTH 8
#define RNIC_SEND_WQE_NUM_SGE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_num_sge(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_send_wqe_get_num_sge(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFu; }
static inline void rnic_send_wqe_set_num_sge(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* send_wqe.tso_hdr_sz: TSO: bytes of the header template (14 .. MAX_TSO_HEADER), inline right after the control segment; the data segments then start at byte 64 + tso_hdr_sz rounded up to 16 */
#define RNIC_SEND_WQE_TSO_HDR_SZ_DW 0
#define RNIC_SEND_WQE_TSO_HDR_SZ_LSB 24
#define RNIC_SEND_WQE_TSO_HDR_SZ_WIDTH 8
#define RNIC_SEND_WQE_TSO_HDR_SZ_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_tso_hdr_sz(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_send_wqe_get_tso_hdr_sz(const uint32_t *w)
{ return (w[0] >> 24) & 0xFFu; }
static inline void rnic_send_wqe_set_tso_hdr_sz(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* send_wqe.wqe_index: producer index of this WQE (checked by the fetch engine) */
#define RNIC_SEND_WQE_WQE_INDEX_DW 1
#define RNIC_SEND_WQE_WQE_INDEX_LSB 0
#define RNIC_SEND_WQE_WQE_INDEX_WIDTH 16
#define RNIC_SEND_WQE_WQE_INDEX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_wqe_index(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_send_wqe_get_wqe_index(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFFFu; }
static inline void rnic_send_wqe_set_wqe_index(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* send_wqe.tso_mss: TSO: TCP payload bytes per segment (1 .. MAX_RAW_FRAME - tso_hdr_sz) */
#define RNIC_SEND_WQE_TSO_MSS_DW 1
#define RNIC_SEND_WQE_TSO_MSS_LSB 16
#define RNIC_SEND_WQE_TSO_MSS_WIDTH 16
#define RNIC_SEND_WQE_TSO_MSS_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_tso_mss(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_send_wqe_get_tso_mss(const uint32_t *w)
{ return (w[1] >> 16) & 0xFFFFu; }
static inline void rnic_send_wqe_set_tso_mss(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* send_wqe.imm: immediate data, bytes as in the WR; LOCAL_INV and SEND_INV: the key to invalidate (a number); BIND_MW: the lkey of the region to bind to */
#define RNIC_SEND_WQE_IMM_DW 2
#define RNIC_SEND_WQE_IMM_LSB 0
#define RNIC_SEND_WQE_IMM_WIDTH 32
static inline uint32_t rnic_send_wqe_get_imm(const uint32_t *w) { return w[2]; }
static inline void rnic_send_wqe_set_imm(uint32_t *w, uint32_t v) { w[2] = v; }
/* send_wqe.length: total payload bytes (sum of SGE lengths, or inline bytes) */
#define RNIC_SEND_WQE_LENGTH_DW 3
#define RNIC_SEND_WQE_LENGTH_LSB 0
#define RNIC_SEND_WQE_LENGTH_WIDTH 32
static inline uint32_t rnic_send_wqe_get_length(const uint32_t *w) { return w[3]; }
static inline void rnic_send_wqe_set_length(uint32_t *w, uint32_t v) { w[3] = v; }
/* send_wqe.remote_addr: RDMA/atomic remote virtual address; BIND_MW: first address of the window */
#define RNIC_SEND_WQE_REMOTE_ADDR_DW 4
#define RNIC_SEND_WQE_REMOTE_ADDR_LSB 0
#define RNIC_SEND_WQE_REMOTE_ADDR_WIDTH 64
static inline uint64_t rnic_send_wqe_get_remote_addr(const uint32_t *w)
{ return (uint64_t)w[4] | ((uint64_t)w[5] << 32); }
static inline void rnic_send_wqe_set_remote_addr(uint32_t *w, uint64_t v)
{ w[4] = (uint32_t)v; w[5] = (uint32_t)(v >> 32); }
/* send_wqe.rkey: RDMA/atomic remote key; BIND_MW: the window's new rkey (its index selects the window, its tag is the new tag) */
#define RNIC_SEND_WQE_RKEY_DW 6
#define RNIC_SEND_WQE_RKEY_LSB 0
#define RNIC_SEND_WQE_RKEY_WIDTH 32
static inline uint32_t rnic_send_wqe_get_rkey(const uint32_t *w) { return w[6]; }
static inline void rnic_send_wqe_set_rkey(uint32_t *w, uint32_t v) { w[6] = v; }
/* send_wqe.dest_qpn: UD destination QP, or XRC remote SRQ number */
#define RNIC_SEND_WQE_DEST_QPN_DW 7
#define RNIC_SEND_WQE_DEST_QPN_LSB 0
#define RNIC_SEND_WQE_DEST_QPN_WIDTH 24
#define RNIC_SEND_WQE_DEST_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_dest_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_send_wqe_get_dest_qpn(const uint32_t *w)
{ return (w[7] >> 0) & 0xFFFFFFu; }
static inline void rnic_send_wqe_set_dest_qpn(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* send_wqe.compare_add: atomic compare or add operand; BIND_MW: window length in bytes */
#define RNIC_SEND_WQE_COMPARE_ADD_DW 8
#define RNIC_SEND_WQE_COMPARE_ADD_LSB 0
#define RNIC_SEND_WQE_COMPARE_ADD_WIDTH 64
static inline uint64_t rnic_send_wqe_get_compare_add(const uint32_t *w)
{ return (uint64_t)w[8] | ((uint64_t)w[9] << 32); }
static inline void rnic_send_wqe_set_compare_add(uint32_t *w, uint64_t v)
{ w[8] = (uint32_t)v; w[9] = (uint32_t)(v >> 32); }
/* send_wqe.swap: atomic swap operand; BIND_MW: the window's access bits (enum access, remote bits only) in [7:0] */
#define RNIC_SEND_WQE_SWAP_DW 10
#define RNIC_SEND_WQE_SWAP_LSB 0
#define RNIC_SEND_WQE_SWAP_WIDTH 64
static inline uint64_t rnic_send_wqe_get_swap(const uint32_t *w)
{ return (uint64_t)w[10] | ((uint64_t)w[11] << 32); }
static inline void rnic_send_wqe_set_swap(uint32_t *w, uint64_t v)
{ w[10] = (uint32_t)v; w[11] = (uint32_t)(v >> 32); }
/* send_wqe.qkey: UD remote Q_Key (high bit set: the sending QP's own Q_Key) */
#define RNIC_SEND_WQE_QKEY_DW 12
#define RNIC_SEND_WQE_QKEY_LSB 0
#define RNIC_SEND_WQE_QKEY_WIDTH 32
static inline uint32_t rnic_send_wqe_get_qkey(const uint32_t *w) { return w[12]; }
static inline void rnic_send_wqe_set_qkey(uint32_t *w, uint32_t v) { w[12] = v; }
/* send_wqe.ah_dip: UD address vector: destination IPv4 address */
#define RNIC_SEND_WQE_AH_DIP_DW 13
#define RNIC_SEND_WQE_AH_DIP_LSB 0
#define RNIC_SEND_WQE_AH_DIP_WIDTH 32
static inline uint32_t rnic_send_wqe_get_ah_dip(const uint32_t *w) { return w[13]; }
static inline void rnic_send_wqe_set_ah_dip(uint32_t *w, uint32_t v) { w[13] = v; }
/* send_wqe.ah_dmac_lo: UD address vector: destination MAC bytes 2..5 (byte 2 in bits 31:24) */
#define RNIC_SEND_WQE_AH_DMAC_LO_DW 14
#define RNIC_SEND_WQE_AH_DMAC_LO_LSB 0
#define RNIC_SEND_WQE_AH_DMAC_LO_WIDTH 32
static inline uint32_t rnic_send_wqe_get_ah_dmac_lo(const uint32_t *w) { return w[14]; }
static inline void rnic_send_wqe_set_ah_dmac_lo(uint32_t *w, uint32_t v) { w[14] = v; }
/* send_wqe.ah_dmac_hi: UD address vector: destination MAC bytes 0..1 (byte 0 in bits 15:8) */
#define RNIC_SEND_WQE_AH_DMAC_HI_DW 15
#define RNIC_SEND_WQE_AH_DMAC_HI_LSB 0
#define RNIC_SEND_WQE_AH_DMAC_HI_WIDTH 16
#define RNIC_SEND_WQE_AH_DMAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_ah_dmac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_send_wqe_get_ah_dmac_hi(const uint32_t *w)
{ return (w[15] >> 0) & 0xFFFFu; }
static inline void rnic_send_wqe_set_ah_dmac_hi(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* send_wqe.ah_hop_limit: UD address vector: IPv4 TTL */
#define RNIC_SEND_WQE_AH_HOP_LIMIT_DW 15
#define RNIC_SEND_WQE_AH_HOP_LIMIT_LSB 16
#define RNIC_SEND_WQE_AH_HOP_LIMIT_WIDTH 8
#define RNIC_SEND_WQE_AH_HOP_LIMIT_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_ah_hop_limit(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_send_wqe_get_ah_hop_limit(const uint32_t *w)
{ return (w[15] >> 16) & 0xFFu; }
static inline void rnic_send_wqe_set_ah_hop_limit(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* send_wqe.ah_tclass: UD address vector: IPv4 TOS (traffic class) */
#define RNIC_SEND_WQE_AH_TCLASS_DW 15
#define RNIC_SEND_WQE_AH_TCLASS_LSB 24
#define RNIC_SEND_WQE_AH_TCLASS_WIDTH 8
#define RNIC_SEND_WQE_AH_TCLASS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_send_wqe_ah_tclass(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_send_wqe_get_ah_tclass(const uint32_t *w)
{ return (w[15] >> 24) & 0xFFu; }
static inline void rnic_send_wqe_set_ah_tclass(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }

/* data_seg (16 bytes): scatter/gather entry (send and receive WQEs) */
#define RNIC_DATA_SEG_BYTES 16u
#define RNIC_DATA_SEG_WORDS 4u
/* data_seg.addr: virtual address (IOVA) of the buffer */
#define RNIC_DATA_SEG_ADDR_DW 0
#define RNIC_DATA_SEG_ADDR_LSB 0
#define RNIC_DATA_SEG_ADDR_WIDTH 64
static inline uint64_t rnic_data_seg_get_addr(const uint32_t *w)
{ return (uint64_t)w[0] | ((uint64_t)w[1] << 32); }
static inline void rnic_data_seg_set_addr(uint32_t *w, uint64_t v)
{ w[0] = (uint32_t)v; w[1] = (uint32_t)(v >> 32); }
/* data_seg.length: bytes */
#define RNIC_DATA_SEG_LENGTH_DW 2
#define RNIC_DATA_SEG_LENGTH_LSB 0
#define RNIC_DATA_SEG_LENGTH_WIDTH 32
static inline uint32_t rnic_data_seg_get_length(const uint32_t *w) { return w[2]; }
static inline void rnic_data_seg_set_length(uint32_t *w, uint32_t v) { w[2] = v; }
/* data_seg.lkey: local key of the registered region */
#define RNIC_DATA_SEG_LKEY_DW 3
#define RNIC_DATA_SEG_LKEY_LSB 0
#define RNIC_DATA_SEG_LKEY_WIDTH 32
static inline uint32_t rnic_data_seg_get_lkey(const uint32_t *w) { return w[3]; }
static inline void rnic_data_seg_set_lkey(uint32_t *w, uint32_t v) { w[3] = v; }

/* recv_wqe (16 bytes): receive WQE header; num_sge data segments follow it in the same stride */
#define RNIC_RECV_WQE_BYTES 16u
#define RNIC_RECV_WQE_WORDS 4u
/* recv_wqe.num_sge: data segments that follow */
#define RNIC_RECV_WQE_NUM_SGE_DW 0
#define RNIC_RECV_WQE_NUM_SGE_LSB 0
#define RNIC_RECV_WQE_NUM_SGE_WIDTH 8
#define RNIC_RECV_WQE_NUM_SGE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_recv_wqe_num_sge(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_recv_wqe_get_num_sge(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFu; }
static inline void rnic_recv_wqe_set_num_sge(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* recv_wqe.wqe_index: producer index of this WQE */
#define RNIC_RECV_WQE_WQE_INDEX_DW 1
#define RNIC_RECV_WQE_WQE_INDEX_LSB 0
#define RNIC_RECV_WQE_WQE_INDEX_WIDTH 16
#define RNIC_RECV_WQE_WQE_INDEX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_recv_wqe_wqe_index(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_recv_wqe_get_wqe_index(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFFFu; }
static inline void rnic_recv_wqe_set_wqe_index(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* recv_wqe.length: total bytes the segments hold */
#define RNIC_RECV_WQE_LENGTH_DW 2
#define RNIC_RECV_WQE_LENGTH_LSB 0
#define RNIC_RECV_WQE_LENGTH_WIDTH 32
static inline uint32_t rnic_recv_wqe_get_length(const uint32_t *w) { return w[2]; }
static inline void rnic_recv_wqe_set_length(uint32_t *w, uint32_t v) { w[2] = v; }

/* cqe (32 bytes): completion queue entry; the owner bit is written last and flips every pass over the ring */
#define RNIC_CQE_BYTES 32u
#define RNIC_CQE_WORDS 8u
/* cqe.wqe_index: index of the completed WQE in its queue */
#define RNIC_CQE_WQE_INDEX_DW 0
#define RNIC_CQE_WQE_INDEX_LSB 0
#define RNIC_CQE_WQE_INDEX_WIDTH 16
#define RNIC_CQE_WQE_INDEX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_wqe_index(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cqe_get_wqe_index(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFFFu; }
static inline void rnic_cqe_set_wqe_index(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cqe.opcode: cqe_op */
#define RNIC_CQE_OPCODE_DW 0
#define RNIC_CQE_OPCODE_LSB 16
#define RNIC_CQE_OPCODE_WIDTH 8
#define RNIC_CQE_OPCODE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_opcode(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_cqe_get_opcode(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFu; }
static inline void rnic_cqe_set_opcode(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* cqe.status: wc_status */
#define RNIC_CQE_STATUS_DW 0
#define RNIC_CQE_STATUS_LSB 24
#define RNIC_CQE_STATUS_WIDTH 8
#define RNIC_CQE_STATUS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_status(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cqe_get_status(const uint32_t *w)
{ return (w[0] >> 24) & 0xFFu; }
static inline void rnic_cqe_set_status(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cqe.qpn: local QP number */
#define RNIC_CQE_QPN_DW 1
#define RNIC_CQE_QPN_LSB 0
#define RNIC_CQE_QPN_WIDTH 24
#define RNIC_CQE_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cqe_get_qpn(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFFFFFu; }
static inline void rnic_cqe_set_qpn(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cqe.flags: cqe_flag bits */
#define RNIC_CQE_FLAGS_DW 1
#define RNIC_CQE_FLAGS_LSB 24
#define RNIC_CQE_FLAGS_WIDTH 8
#define RNIC_CQE_FLAGS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_flags(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cqe_get_flags(const uint32_t *w)
{ return (w[1] >> 24) & 0xFFu; }
static inline void rnic_cqe_set_flags(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cqe.byte_len: bytes transferred (receive: bytes placed) */
#define RNIC_CQE_BYTE_LEN_DW 2
#define RNIC_CQE_BYTE_LEN_LSB 0
#define RNIC_CQE_BYTE_LEN_WIDTH 32
static inline uint32_t rnic_cqe_get_byte_len(const uint32_t *w) { return w[2]; }
static inline void rnic_cqe_set_byte_len(uint32_t *w, uint32_t v) { w[2] = v; }
/* cqe.imm: immediate data or invalidated rkey, bytes as on the wire */
#define RNIC_CQE_IMM_DW 3
#define RNIC_CQE_IMM_LSB 0
#define RNIC_CQE_IMM_WIDTH 32
static inline uint32_t rnic_cqe_get_imm(const uint32_t *w) { return w[3]; }
static inline void rnic_cqe_set_imm(uint32_t *w, uint32_t v) { w[3] = v; }
/* cqe.src_qp: source QP (UD receive) */
#define RNIC_CQE_SRC_QP_DW 4
#define RNIC_CQE_SRC_QP_LSB 0
#define RNIC_CQE_SRC_QP_WIDTH 24
#define RNIC_CQE_SRC_QP_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_src_qp(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cqe_get_src_qp(const uint32_t *w)
{ return (w[4] >> 0) & 0xFFFFFFu; }
static inline void rnic_cqe_set_src_qp(uint32_t *w, uint32_t v)
{ w[4] = (w[4] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cqe.pkey_index: P_Key index */
#define RNIC_CQE_PKEY_INDEX_DW 5
#define RNIC_CQE_PKEY_INDEX_LSB 0
#define RNIC_CQE_PKEY_INDEX_WIDTH 16
#define RNIC_CQE_PKEY_INDEX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_pkey_index(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cqe_get_pkey_index(const uint32_t *w)
{ return (w[5] >> 0) & 0xFFFFu; }
static inline void rnic_cqe_set_pkey_index(uint32_t *w, uint32_t v)
{ w[5] = (w[5] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cqe.slid: source LID (0 on RoCE) */
#define RNIC_CQE_SLID_DW 5
#define RNIC_CQE_SLID_LSB 16
#define RNIC_CQE_SLID_WIDTH 16
#define RNIC_CQE_SLID_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_slid(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cqe_get_slid(const uint32_t *w)
{ return (w[5] >> 16) & 0xFFFFu; }
static inline void rnic_cqe_set_slid(uint32_t *w, uint32_t v)
{ w[5] = (w[5] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cqe.sl: service level */
#define RNIC_CQE_SL_DW 6
#define RNIC_CQE_SL_LSB 0
#define RNIC_CQE_SL_WIDTH 4
#define RNIC_CQE_SL_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_sl(uint32_t v) { return (v & 0xFu) << 0; }
static inline uint32_t rnic_cqe_get_sl(const uint32_t *w)
{ return (w[6] >> 0) & 0xFu; }
static inline void rnic_cqe_set_sl(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFu << 0)) | ((v & 0xFu) << 0); }
/* cqe.dlid_path_bits: destination LID path bits (0 on RoCE) */
#define RNIC_CQE_DLID_PATH_BITS_DW 6
#define RNIC_CQE_DLID_PATH_BITS_LSB 8
#define RNIC_CQE_DLID_PATH_BITS_WIDTH 7
#define RNIC_CQE_DLID_PATH_BITS_MASK 0x7Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_dlid_path_bits(uint32_t v) { return (v & 0x7Fu) << 8; }
static inline uint32_t rnic_cqe_get_dlid_path_bits(const uint32_t *w)
{ return (w[6] >> 8) & 0x7Fu; }
static inline void rnic_cqe_set_dlid_path_bits(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0x7Fu << 8)) | ((v & 0x7Fu) << 8); }
/* cqe.vendor_err: device-specific error detail */
#define RNIC_CQE_VENDOR_ERR_DW 6
#define RNIC_CQE_VENDOR_ERR_LSB 16
#define RNIC_CQE_VENDOR_ERR_WIDTH 16
#define RNIC_CQE_VENDOR_ERR_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_vendor_err(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cqe_get_vendor_err(const uint32_t *w)
{ return (w[6] >> 16) & 0xFFFFu; }
static inline void rnic_cqe_set_vendor_err(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cqe.srqn: receive on an XRC target QP: the XRC SRQ whose WQE completed */
#define RNIC_CQE_SRQN_DW 7
#define RNIC_CQE_SRQN_LSB 0
#define RNIC_CQE_SRQN_WIDTH 24
#define RNIC_CQE_SRQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_srqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cqe_get_srqn(const uint32_t *w)
{ return (w[7] >> 0) & 0xFFFFFFu; }
static inline void rnic_cqe_set_srqn(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cqe.owner: 1 on the first pass over the ring, 0 on the second, ... */
#define RNIC_CQE_OWNER_DW 7
#define RNIC_CQE_OWNER_LSB 31
#define RNIC_CQE_OWNER_WIDTH 1
#define RNIC_CQE_OWNER_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqe_owner(uint32_t v) { return (v & 0x1u) << 31; }
static inline uint32_t rnic_cqe_get_owner(const uint32_t *w)
{ return (w[7] >> 31) & 0x1u; }
static inline void rnic_cqe_set_owner(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1u << 31)) | ((v & 0x1u) << 31); }

/* aeqe (8 bytes): asynchronous event entry in the BAR0 event slots (written by firmware, read by the host) */
#define RNIC_AEQE_BYTES 8u
#define RNIC_AEQE_WORDS 2u
/* aeqe.event: async_event */
#define RNIC_AEQE_EVENT_DW 0
#define RNIC_AEQE_EVENT_LSB 0
#define RNIC_AEQE_EVENT_WIDTH 8
#define RNIC_AEQE_EVENT_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_aeqe_event(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_aeqe_get_event(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFu; }
static inline void rnic_aeqe_set_event(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* aeqe.uctx: user context that owns the element */
#define RNIC_AEQE_UCTX_DW 0
#define RNIC_AEQE_UCTX_LSB 16
#define RNIC_AEQE_UCTX_WIDTH 16
#define RNIC_AEQE_UCTX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_aeqe_uctx(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_aeqe_get_uctx(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFFFu; }
static inline void rnic_aeqe_set_uctx(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* aeqe.element: QPN, SRQN, CQN or port number, as the event type says */
#define RNIC_AEQE_ELEMENT_DW 1
#define RNIC_AEQE_ELEMENT_LSB 0
#define RNIC_AEQE_ELEMENT_WIDTH 32
static inline uint32_t rnic_aeqe_get_element(const uint32_t *w) { return w[1]; }
static inline void rnic_aeqe_set_element(uint32_t *w, uint32_t v) { w[1] = v; }

/* qpc (128 bytes): queue pair context; a write whose state is RESET or INIT clears the QP's queue indexes, a write that raises state to RTR loads rq_psn, one that raises it to RTS loads sq_psn */
#define RNIC_QPC_BYTES 128u
#define RNIC_QPC_WORDS 32u
/* qpc.state: qp_state */
#define RNIC_QPC_STATE_DW 0
#define RNIC_QPC_STATE_LSB 0
#define RNIC_QPC_STATE_WIDTH 4
#define RNIC_QPC_STATE_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_state(uint32_t v) { return (v & 0xFu) << 0; }
static inline uint32_t rnic_qpc_get_state(const uint32_t *w)
{ return (w[0] >> 0) & 0xFu; }
static inline void rnic_qpc_set_state(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFu << 0)) | ((v & 0xFu) << 0); }
/* qpc.type: qp_type */
#define RNIC_QPC_TYPE_DW 0
#define RNIC_QPC_TYPE_LSB 4
#define RNIC_QPC_TYPE_WIDTH 4
#define RNIC_QPC_TYPE_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_type(uint32_t v) { return (v & 0xFu) << 4; }
static inline uint32_t rnic_qpc_get_type(const uint32_t *w)
{ return (w[0] >> 4) & 0xFu; }
static inline void rnic_qpc_set_type(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFu << 4)) | ((v & 0xFu) << 4); }
/* qpc.path_mtu: mtu code */
#define RNIC_QPC_PATH_MTU_DW 0
#define RNIC_QPC_PATH_MTU_LSB 8
#define RNIC_QPC_PATH_MTU_WIDTH 3
#define RNIC_QPC_PATH_MTU_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_path_mtu(uint32_t v) { return (v & 0x7u) << 8; }
static inline uint32_t rnic_qpc_get_path_mtu(const uint32_t *w)
{ return (w[0] >> 8) & 0x7u; }
static inline void rnic_qpc_set_path_mtu(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x7u << 8)) | ((v & 0x7u) << 8); }
/* qpc.sq_sig_all: every send WQE is signaled */
#define RNIC_QPC_SQ_SIG_ALL_DW 0
#define RNIC_QPC_SQ_SIG_ALL_LSB 12
#define RNIC_QPC_SQ_SIG_ALL_WIDTH 1
#define RNIC_QPC_SQ_SIG_ALL_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_sq_sig_all(uint32_t v) { return (v & 0x1u) << 12; }
static inline uint32_t rnic_qpc_get_sq_sig_all(const uint32_t *w)
{ return (w[0] >> 12) & 0x1u; }
static inline void rnic_qpc_set_sq_sig_all(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 12)) | ((v & 0x1u) << 12); }
/* qpc.srq_en: receives come from srqn */
#define RNIC_QPC_SRQ_EN_DW 0
#define RNIC_QPC_SRQ_EN_LSB 13
#define RNIC_QPC_SRQ_EN_WIDTH 1
#define RNIC_QPC_SRQ_EN_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_srq_en(uint32_t v) { return (v & 0x1u) << 13; }
static inline uint32_t rnic_qpc_get_srq_en(const uint32_t *w)
{ return (w[0] >> 13) & 0x1u; }
static inline void rnic_qpc_set_srq_en(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 13)) | ((v & 0x1u) << 13); }
/* qpc.access: access bits the responder allows */
#define RNIC_QPC_ACCESS_DW 0
#define RNIC_QPC_ACCESS_LSB 16
#define RNIC_QPC_ACCESS_WIDTH 8
#define RNIC_QPC_ACCESS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_access(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_qpc_get_access(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFu; }
static inline void rnic_qpc_set_access(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* qpc.pdn: protection domain */
#define RNIC_QPC_PDN_DW 1
#define RNIC_QPC_PDN_LSB 0
#define RNIC_QPC_PDN_WIDTH 24
#define RNIC_QPC_PDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_pdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_pdn(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_pdn(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* qpc.uctx: doorbell page that owns the QP */
#define RNIC_QPC_UCTX_DW 2
#define RNIC_QPC_UCTX_LSB 0
#define RNIC_QPC_UCTX_WIDTH 16
#define RNIC_QPC_UCTX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_uctx(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_uctx(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFFFu; }
static inline void rnic_qpc_set_uctx(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* qpc.dest_qpn: remote QP number (RC/UC) */
#define RNIC_QPC_DEST_QPN_DW 3
#define RNIC_QPC_DEST_QPN_LSB 0
#define RNIC_QPC_DEST_QPN_WIDTH 24
#define RNIC_QPC_DEST_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_dest_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_dest_qpn(const uint32_t *w)
{ return (w[3] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_dest_qpn(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* qpc.send_cqn: CQ for send completions */
#define RNIC_QPC_SEND_CQN_DW 4
#define RNIC_QPC_SEND_CQN_LSB 0
#define RNIC_QPC_SEND_CQN_WIDTH 24
#define RNIC_QPC_SEND_CQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_send_cqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_send_cqn(const uint32_t *w)
{ return (w[4] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_send_cqn(uint32_t *w, uint32_t v)
{ w[4] = (w[4] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* qpc.recv_cqn: CQ for receive completions */
#define RNIC_QPC_RECV_CQN_DW 5
#define RNIC_QPC_RECV_CQN_LSB 0
#define RNIC_QPC_RECV_CQN_WIDTH 24
#define RNIC_QPC_RECV_CQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_recv_cqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_recv_cqn(const uint32_t *w)
{ return (w[5] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_recv_cqn(uint32_t *w, uint32_t v)
{ w[5] = (w[5] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* qpc.srqn: shared receive queue */
#define RNIC_QPC_SRQN_DW 6
#define RNIC_QPC_SRQN_LSB 0
#define RNIC_QPC_SRQN_WIDTH 24
#define RNIC_QPC_SRQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_srqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_srqn(const uint32_t *w)
{ return (w[6] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_srqn(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* qpc.log_sq_size: log2 send queue entries */
#define RNIC_QPC_LOG_SQ_SIZE_DW 7
#define RNIC_QPC_LOG_SQ_SIZE_LSB 0
#define RNIC_QPC_LOG_SQ_SIZE_WIDTH 5
#define RNIC_QPC_LOG_SQ_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_log_sq_size(uint32_t v) { return (v & 0x1Fu) << 0; }
static inline uint32_t rnic_qpc_get_log_sq_size(const uint32_t *w)
{ return (w[7] >> 0) & 0x1Fu; }
static inline void rnic_qpc_set_log_sq_size(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 0)) | ((v & 0x1Fu) << 0); }
/* qpc.log_sq_stride: log2 send WQE stride in bytes */
#define RNIC_QPC_LOG_SQ_STRIDE_DW 7
#define RNIC_QPC_LOG_SQ_STRIDE_LSB 8
#define RNIC_QPC_LOG_SQ_STRIDE_WIDTH 5
#define RNIC_QPC_LOG_SQ_STRIDE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_log_sq_stride(uint32_t v) { return (v & 0x1Fu) << 8; }
static inline uint32_t rnic_qpc_get_log_sq_stride(const uint32_t *w)
{ return (w[7] >> 8) & 0x1Fu; }
static inline void rnic_qpc_set_log_sq_stride(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 8)) | ((v & 0x1Fu) << 8); }
/* qpc.log_rq_size: log2 receive queue entries */
#define RNIC_QPC_LOG_RQ_SIZE_DW 7
#define RNIC_QPC_LOG_RQ_SIZE_LSB 16
#define RNIC_QPC_LOG_RQ_SIZE_WIDTH 5
#define RNIC_QPC_LOG_RQ_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_log_rq_size(uint32_t v) { return (v & 0x1Fu) << 16; }
static inline uint32_t rnic_qpc_get_log_rq_size(const uint32_t *w)
{ return (w[7] >> 16) & 0x1Fu; }
static inline void rnic_qpc_set_log_rq_size(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 16)) | ((v & 0x1Fu) << 16); }
/* qpc.log_rq_stride: log2 receive WQE stride in bytes */
#define RNIC_QPC_LOG_RQ_STRIDE_DW 7
#define RNIC_QPC_LOG_RQ_STRIDE_LSB 24
#define RNIC_QPC_LOG_RQ_STRIDE_WIDTH 5
#define RNIC_QPC_LOG_RQ_STRIDE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_log_rq_stride(uint32_t v) { return (v & 0x1Fu) << 24; }
static inline uint32_t rnic_qpc_get_log_rq_stride(const uint32_t *w)
{ return (w[7] >> 24) & 0x1Fu; }
static inline void rnic_qpc_set_log_rq_stride(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 24)) | ((v & 0x1Fu) << 24); }
/* qpc.sq_base: IOVA of the send queue ring */
#define RNIC_QPC_SQ_BASE_DW 8
#define RNIC_QPC_SQ_BASE_LSB 0
#define RNIC_QPC_SQ_BASE_WIDTH 64
static inline uint64_t rnic_qpc_get_sq_base(const uint32_t *w)
{ return (uint64_t)w[8] | ((uint64_t)w[9] << 32); }
static inline void rnic_qpc_set_sq_base(uint32_t *w, uint64_t v)
{ w[8] = (uint32_t)v; w[9] = (uint32_t)(v >> 32); }
/* qpc.rq_base: IOVA of the receive queue ring */
#define RNIC_QPC_RQ_BASE_DW 10
#define RNIC_QPC_RQ_BASE_LSB 0
#define RNIC_QPC_RQ_BASE_WIDTH 64
static inline uint64_t rnic_qpc_get_rq_base(const uint32_t *w)
{ return (uint64_t)w[10] | ((uint64_t)w[11] << 32); }
static inline void rnic_qpc_set_rq_base(uint32_t *w, uint64_t v)
{ w[10] = (uint32_t)v; w[11] = (uint32_t)(v >> 32); }
/* qpc.sq_psn: next PSN to send */
#define RNIC_QPC_SQ_PSN_DW 12
#define RNIC_QPC_SQ_PSN_LSB 0
#define RNIC_QPC_SQ_PSN_WIDTH 24
#define RNIC_QPC_SQ_PSN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_sq_psn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_sq_psn(const uint32_t *w)
{ return (w[12] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_sq_psn(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* qpc.rq_psn: next PSN expected */
#define RNIC_QPC_RQ_PSN_DW 13
#define RNIC_QPC_RQ_PSN_LSB 0
#define RNIC_QPC_RQ_PSN_WIDTH 24
#define RNIC_QPC_RQ_PSN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_rq_psn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_rq_psn(const uint32_t *w)
{ return (w[13] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_rq_psn(uint32_t *w, uint32_t v)
{ w[13] = (w[13] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* qpc.qkey: Q_Key (UD) */
#define RNIC_QPC_QKEY_DW 14
#define RNIC_QPC_QKEY_LSB 0
#define RNIC_QPC_QKEY_WIDTH 32
static inline uint32_t rnic_qpc_get_qkey(const uint32_t *w) { return w[14]; }
static inline void rnic_qpc_set_qkey(uint32_t *w, uint32_t v) { w[14] = v; }
/* qpc.timeout: local ACK timeout: 4.096 us * 2^timeout, 0 infinite */
#define RNIC_QPC_TIMEOUT_DW 15
#define RNIC_QPC_TIMEOUT_LSB 0
#define RNIC_QPC_TIMEOUT_WIDTH 5
#define RNIC_QPC_TIMEOUT_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_timeout(uint32_t v) { return (v & 0x1Fu) << 0; }
static inline uint32_t rnic_qpc_get_timeout(const uint32_t *w)
{ return (w[15] >> 0) & 0x1Fu; }
static inline void rnic_qpc_set_timeout(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0x1Fu << 0)) | ((v & 0x1Fu) << 0); }
/* qpc.retry_cnt: transport retries */
#define RNIC_QPC_RETRY_CNT_DW 15
#define RNIC_QPC_RETRY_CNT_LSB 8
#define RNIC_QPC_RETRY_CNT_WIDTH 3
#define RNIC_QPC_RETRY_CNT_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_retry_cnt(uint32_t v) { return (v & 0x7u) << 8; }
static inline uint32_t rnic_qpc_get_retry_cnt(const uint32_t *w)
{ return (w[15] >> 8) & 0x7u; }
static inline void rnic_qpc_set_retry_cnt(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0x7u << 8)) | ((v & 0x7u) << 8); }
/* qpc.rnr_retry: RNR retries, 7 = infinite */
#define RNIC_QPC_RNR_RETRY_DW 15
#define RNIC_QPC_RNR_RETRY_LSB 12
#define RNIC_QPC_RNR_RETRY_WIDTH 3
#define RNIC_QPC_RNR_RETRY_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_rnr_retry(uint32_t v) { return (v & 0x7u) << 12; }
static inline uint32_t rnic_qpc_get_rnr_retry(const uint32_t *w)
{ return (w[15] >> 12) & 0x7u; }
static inline void rnic_qpc_set_rnr_retry(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0x7u << 12)) | ((v & 0x7u) << 12); }
/* qpc.min_rnr_timer: RNR NAK timer code this responder advertises */
#define RNIC_QPC_MIN_RNR_TIMER_DW 15
#define RNIC_QPC_MIN_RNR_TIMER_LSB 16
#define RNIC_QPC_MIN_RNR_TIMER_WIDTH 5
#define RNIC_QPC_MIN_RNR_TIMER_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_min_rnr_timer(uint32_t v) { return (v & 0x1Fu) << 16; }
static inline uint32_t rnic_qpc_get_min_rnr_timer(const uint32_t *w)
{ return (w[15] >> 16) & 0x1Fu; }
static inline void rnic_qpc_set_min_rnr_timer(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0x1Fu << 16)) | ((v & 0x1Fu) << 16); }
/* qpc.max_rd_atomic: outstanding READ/atomic as requester (0..15, 0 = none) */
#define RNIC_QPC_MAX_RD_ATOMIC_DW 15
#define RNIC_QPC_MAX_RD_ATOMIC_LSB 24
#define RNIC_QPC_MAX_RD_ATOMIC_WIDTH 4
#define RNIC_QPC_MAX_RD_ATOMIC_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_max_rd_atomic(uint32_t v) { return (v & 0xFu) << 24; }
static inline uint32_t rnic_qpc_get_max_rd_atomic(const uint32_t *w)
{ return (w[15] >> 24) & 0xFu; }
static inline void rnic_qpc_set_max_rd_atomic(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0xFu << 24)) | ((v & 0xFu) << 24); }
/* qpc.max_dest_rd_atomic: outstanding READ/atomic as responder */
#define RNIC_QPC_MAX_DEST_RD_ATOMIC_DW 15
#define RNIC_QPC_MAX_DEST_RD_ATOMIC_LSB 28
#define RNIC_QPC_MAX_DEST_RD_ATOMIC_WIDTH 4
#define RNIC_QPC_MAX_DEST_RD_ATOMIC_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_max_dest_rd_atomic(uint32_t v) { return (v & 0xFu) << 28; }
static inline uint32_t rnic_qpc_get_max_dest_rd_atomic(const uint32_t *w)
{ return (w[15] >> 28) & 0xFu; }
static inline void rnic_qpc_set_max_dest_rd_atomic(uint32_t *w, uint32_t v)
{ w[15] = (w[15] & ~(0xFu << 28)) | ((v & 0xFu) << 28); }
/* qpc.dmac_lo: remote MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_QPC_DMAC_LO_DW 16
#define RNIC_QPC_DMAC_LO_LSB 0
#define RNIC_QPC_DMAC_LO_WIDTH 32
static inline uint32_t rnic_qpc_get_dmac_lo(const uint32_t *w) { return w[16]; }
static inline void rnic_qpc_set_dmac_lo(uint32_t *w, uint32_t v) { w[16] = v; }
/* qpc.dmac_hi: remote MAC bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_QPC_DMAC_HI_DW 17
#define RNIC_QPC_DMAC_HI_LSB 0
#define RNIC_QPC_DMAC_HI_WIDTH 16
#define RNIC_QPC_DMAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_dmac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_dmac_hi(const uint32_t *w)
{ return (w[17] >> 0) & 0xFFFFu; }
static inline void rnic_qpc_set_dmac_hi(uint32_t *w, uint32_t v)
{ w[17] = (w[17] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* qpc.udp_sport: UDP source port (flow entropy) */
#define RNIC_QPC_UDP_SPORT_DW 17
#define RNIC_QPC_UDP_SPORT_LSB 16
#define RNIC_QPC_UDP_SPORT_WIDTH 16
#define RNIC_QPC_UDP_SPORT_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_udp_sport(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_qpc_get_udp_sport(const uint32_t *w)
{ return (w[17] >> 16) & 0xFFFFu; }
static inline void rnic_qpc_set_udp_sport(uint32_t *w, uint32_t v)
{ w[17] = (w[17] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* qpc.dip: remote IPv4 address (first octet in [31:24]) */
#define RNIC_QPC_DIP_DW 18
#define RNIC_QPC_DIP_LSB 0
#define RNIC_QPC_DIP_WIDTH 32
static inline uint32_t rnic_qpc_get_dip(const uint32_t *w) { return w[18]; }
static inline void rnic_qpc_set_dip(uint32_t *w, uint32_t v) { w[18] = v; }
/* qpc.hop_limit: IPv4 TTL */
#define RNIC_QPC_HOP_LIMIT_DW 19
#define RNIC_QPC_HOP_LIMIT_LSB 0
#define RNIC_QPC_HOP_LIMIT_WIDTH 8
#define RNIC_QPC_HOP_LIMIT_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_hop_limit(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_qpc_get_hop_limit(const uint32_t *w)
{ return (w[19] >> 0) & 0xFFu; }
static inline void rnic_qpc_set_hop_limit(uint32_t *w, uint32_t v)
{ w[19] = (w[19] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* qpc.traffic_class: IPv4 TOS */
#define RNIC_QPC_TRAFFIC_CLASS_DW 19
#define RNIC_QPC_TRAFFIC_CLASS_LSB 8
#define RNIC_QPC_TRAFFIC_CLASS_WIDTH 8
#define RNIC_QPC_TRAFFIC_CLASS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_traffic_class(uint32_t v) { return (v & 0xFFu) << 8; }
static inline uint32_t rnic_qpc_get_traffic_class(const uint32_t *w)
{ return (w[19] >> 8) & 0xFFu; }
static inline void rnic_qpc_set_traffic_class(uint32_t *w, uint32_t v)
{ w[19] = (w[19] & ~(0xFFu << 8)) | ((v & 0xFFu) << 8); }
/* qpc.sgid_index: source GID index */
#define RNIC_QPC_SGID_INDEX_DW 19
#define RNIC_QPC_SGID_INDEX_LSB 16
#define RNIC_QPC_SGID_INDEX_WIDTH 8
#define RNIC_QPC_SGID_INDEX_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_sgid_index(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_qpc_get_sgid_index(const uint32_t *w)
{ return (w[19] >> 16) & 0xFFu; }
static inline void rnic_qpc_set_sgid_index(uint32_t *w, uint32_t v)
{ w[19] = (w[19] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* qpc.sl: service level */
#define RNIC_QPC_SL_DW 19
#define RNIC_QPC_SL_LSB 24
#define RNIC_QPC_SL_WIDTH 4
#define RNIC_QPC_SL_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_sl(uint32_t v) { return (v & 0xFu) << 24; }
static inline uint32_t rnic_qpc_get_sl(const uint32_t *w)
{ return (w[19] >> 24) & 0xFu; }
static inline void rnic_qpc_set_sl(uint32_t *w, uint32_t v)
{ w[19] = (w[19] & ~(0xFu << 24)) | ((v & 0xFu) << 24); }
/* qpc.flow_label: flow label */
#define RNIC_QPC_FLOW_LABEL_DW 20
#define RNIC_QPC_FLOW_LABEL_LSB 0
#define RNIC_QPC_FLOW_LABEL_WIDTH 20
#define RNIC_QPC_FLOW_LABEL_MASK 0xFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_flow_label(uint32_t v) { return (v & 0xFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_flow_label(const uint32_t *w)
{ return (w[20] >> 0) & 0xFFFFFu; }
static inline void rnic_qpc_set_flow_label(uint32_t *w, uint32_t v)
{ w[20] = (w[20] & ~(0xFFFFFu << 0)) | ((v & 0xFFFFFu) << 0); }
/* qpc.pkey_index: P_Key index */
#define RNIC_QPC_PKEY_INDEX_DW 21
#define RNIC_QPC_PKEY_INDEX_LSB 0
#define RNIC_QPC_PKEY_INDEX_WIDTH 16
#define RNIC_QPC_PKEY_INDEX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_pkey_index(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_pkey_index(const uint32_t *w)
{ return (w[21] >> 0) & 0xFFFFu; }
static inline void rnic_qpc_set_pkey_index(uint32_t *w, uint32_t v)
{ w[21] = (w[21] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* qpc.pkey: P_Key sent in BTH */
#define RNIC_QPC_PKEY_DW 21
#define RNIC_QPC_PKEY_LSB 16
#define RNIC_QPC_PKEY_WIDTH 16
#define RNIC_QPC_PKEY_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_pkey(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_qpc_get_pkey(const uint32_t *w)
{ return (w[21] >> 16) & 0xFFFFu; }
static inline void rnic_qpc_set_pkey(uint32_t *w, uint32_t v)
{ w[21] = (w[21] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* qpc.dgid_hi: remote GID bytes 0..7 (byte 0 in bits 7:0) */
#define RNIC_QPC_DGID_HI_DW 22
#define RNIC_QPC_DGID_HI_LSB 0
#define RNIC_QPC_DGID_HI_WIDTH 64
static inline uint64_t rnic_qpc_get_dgid_hi(const uint32_t *w)
{ return (uint64_t)w[22] | ((uint64_t)w[23] << 32); }
static inline void rnic_qpc_set_dgid_hi(uint32_t *w, uint64_t v)
{ w[22] = (uint32_t)v; w[23] = (uint32_t)(v >> 32); }
/* qpc.dgid_lo: remote GID bytes 8..15 (byte 8 in bits 7:0) */
#define RNIC_QPC_DGID_LO_DW 24
#define RNIC_QPC_DGID_LO_LSB 0
#define RNIC_QPC_DGID_LO_WIDTH 64
static inline uint64_t rnic_qpc_get_dgid_lo(const uint32_t *w)
{ return (uint64_t)w[24] | ((uint64_t)w[25] << 32); }
static inline void rnic_qpc_set_dgid_lo(uint32_t *w, uint64_t v)
{ w[24] = (uint32_t)v; w[25] = (uint32_t)(v >> 32); }
/* qpc.xrcdn: XRC target (XRC_RECV): its XRC domain; a request's XRCETH must name an XRC SRQ of this domain */
#define RNIC_QPC_XRCDN_DW 26
#define RNIC_QPC_XRCDN_LSB 0
#define RNIC_QPC_XRCDN_WIDTH 24
#define RNIC_QPC_XRCDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_qpc_xrcdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_qpc_get_xrcdn(const uint32_t *w)
{ return (w[26] >> 0) & 0xFFFFFFu; }
static inline void rnic_qpc_set_xrcdn(uint32_t *w, uint32_t v)
{ w[26] = (w[26] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }

/* cqc (128 bytes): completion queue context */
#define RNIC_CQC_BYTES 128u
#define RNIC_CQC_WORDS 32u
/* cqc.valid: CQ exists */
#define RNIC_CQC_VALID_DW 0
#define RNIC_CQC_VALID_LSB 0
#define RNIC_CQC_VALID_WIDTH 1
#define RNIC_CQC_VALID_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqc_valid(uint32_t v) { return (v & 0x1u) << 0; }
static inline uint32_t rnic_cqc_get_valid(const uint32_t *w)
{ return (w[0] >> 0) & 0x1u; }
static inline void rnic_cqc_set_valid(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 0)) | ((v & 0x1u) << 0); }
/* cqc.log_size: log2 entries */
#define RNIC_CQC_LOG_SIZE_DW 0
#define RNIC_CQC_LOG_SIZE_LSB 8
#define RNIC_CQC_LOG_SIZE_WIDTH 5
#define RNIC_CQC_LOG_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqc_log_size(uint32_t v) { return (v & 0x1Fu) << 8; }
static inline uint32_t rnic_cqc_get_log_size(const uint32_t *w)
{ return (w[0] >> 8) & 0x1Fu; }
static inline void rnic_cqc_set_log_size(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1Fu << 8)) | ((v & 0x1Fu) << 8); }
/* cqc.uctx: doorbell page that owns the CQ */
#define RNIC_CQC_UCTX_DW 0
#define RNIC_CQC_UCTX_LSB 16
#define RNIC_CQC_UCTX_WIDTH 16
#define RNIC_CQC_UCTX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqc_uctx(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cqc_get_uctx(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFFFu; }
static inline void rnic_cqc_set_uctx(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cqc.vector: interrupt vector for completion events */
#define RNIC_CQC_VECTOR_DW 1
#define RNIC_CQC_VECTOR_LSB 0
#define RNIC_CQC_VECTOR_WIDTH 8
#define RNIC_CQC_VECTOR_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cqc_vector(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cqc_get_vector(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFu; }
static inline void rnic_cqc_set_vector(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cqc.base: IOVA of the CQE ring */
#define RNIC_CQC_BASE_DW 2
#define RNIC_CQC_BASE_LSB 0
#define RNIC_CQC_BASE_WIDTH 64
static inline uint64_t rnic_cqc_get_base(const uint32_t *w)
{ return (uint64_t)w[2] | ((uint64_t)w[3] << 32); }
static inline void rnic_cqc_set_base(uint32_t *w, uint64_t v)
{ w[2] = (uint32_t)v; w[3] = (uint32_t)(v >> 32); }

/* srqc (128 bytes): shared receive queue context; a write clears the SRQ's producer and consumer indexes unless keep_idx is set */
#define RNIC_SRQC_BYTES 128u
#define RNIC_SRQC_WORDS 32u
/* srqc.valid: SRQ exists */
#define RNIC_SRQC_VALID_DW 0
#define RNIC_SRQC_VALID_LSB 0
#define RNIC_SRQC_VALID_WIDTH 1
#define RNIC_SRQC_VALID_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_valid(uint32_t v) { return (v & 0x1u) << 0; }
static inline uint32_t rnic_srqc_get_valid(const uint32_t *w)
{ return (w[0] >> 0) & 0x1u; }
static inline void rnic_srqc_set_valid(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 0)) | ((v & 0x1u) << 0); }
/* srqc.keep_idx: this write keeps the producer and consumer indexes (MODIFY_SRQ re-arming a live SRQ) */
#define RNIC_SRQC_KEEP_IDX_DW 0
#define RNIC_SRQC_KEEP_IDX_LSB 1
#define RNIC_SRQC_KEEP_IDX_WIDTH 1
#define RNIC_SRQC_KEEP_IDX_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_keep_idx(uint32_t v) { return (v & 0x1u) << 1; }
static inline uint32_t rnic_srqc_get_keep_idx(const uint32_t *w)
{ return (w[0] >> 1) & 0x1u; }
static inline void rnic_srqc_set_keep_idx(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 1)) | ((v & 0x1u) << 1); }
/* srqc.log_size: log2 receive WQEs */
#define RNIC_SRQC_LOG_SIZE_DW 0
#define RNIC_SRQC_LOG_SIZE_LSB 8
#define RNIC_SRQC_LOG_SIZE_WIDTH 5
#define RNIC_SRQC_LOG_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_log_size(uint32_t v) { return (v & 0x1Fu) << 8; }
static inline uint32_t rnic_srqc_get_log_size(const uint32_t *w)
{ return (w[0] >> 8) & 0x1Fu; }
static inline void rnic_srqc_set_log_size(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1Fu << 8)) | ((v & 0x1Fu) << 8); }
/* srqc.log_stride: log2 receive WQE stride */
#define RNIC_SRQC_LOG_STRIDE_DW 0
#define RNIC_SRQC_LOG_STRIDE_LSB 16
#define RNIC_SRQC_LOG_STRIDE_WIDTH 5
#define RNIC_SRQC_LOG_STRIDE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_log_stride(uint32_t v) { return (v & 0x1Fu) << 16; }
static inline uint32_t rnic_srqc_get_log_stride(const uint32_t *w)
{ return (w[0] >> 16) & 0x1Fu; }
static inline void rnic_srqc_set_log_stride(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1Fu << 16)) | ((v & 0x1Fu) << 16); }
/* srqc.uctx: doorbell page that owns the SRQ */
#define RNIC_SRQC_UCTX_DW 1
#define RNIC_SRQC_UCTX_LSB 0
#define RNIC_SRQC_UCTX_WIDTH 16
#define RNIC_SRQC_UCTX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_uctx(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_srqc_get_uctx(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFFFu; }
static inline void rnic_srqc_set_uctx(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* srqc.pdn: protection domain of the SRQ's WQEs */
#define RNIC_SRQC_PDN_DW 2
#define RNIC_SRQC_PDN_LSB 0
#define RNIC_SRQC_PDN_WIDTH 24
#define RNIC_SRQC_PDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_pdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_srqc_get_pdn(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFFFFFu; }
static inline void rnic_srqc_set_pdn(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* srqc.limit: armed limit: when a WQE is taken and fewer remain, hw_event SRQ_LIMIT and the limit clears (0: not armed) */
#define RNIC_SRQC_LIMIT_DW 3
#define RNIC_SRQC_LIMIT_LSB 0
#define RNIC_SRQC_LIMIT_WIDTH 16
#define RNIC_SRQC_LIMIT_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_limit(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_srqc_get_limit(const uint32_t *w)
{ return (w[3] >> 0) & 0xFFFFu; }
static inline void rnic_srqc_set_limit(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* srqc.base: IOVA of the receive WQE ring */
#define RNIC_SRQC_BASE_DW 4
#define RNIC_SRQC_BASE_LSB 0
#define RNIC_SRQC_BASE_WIDTH 64
static inline uint64_t rnic_srqc_get_base(const uint32_t *w)
{ return (uint64_t)w[4] | ((uint64_t)w[5] << 32); }
static inline void rnic_srqc_set_base(uint32_t *w, uint64_t v)
{ w[4] = (uint32_t)v; w[5] = (uint32_t)(v >> 32); }
/* srqc.xrc: an XRC SRQ: taken by XRC target QPs of domain xrcdn through the XRCETH; its receive CQEs go to cqn */
#define RNIC_SRQC_XRC_DW 0
#define RNIC_SRQC_XRC_LSB 2
#define RNIC_SRQC_XRC_WIDTH 1
#define RNIC_SRQC_XRC_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_xrc(uint32_t v) { return (v & 0x1u) << 2; }
static inline uint32_t rnic_srqc_get_xrc(const uint32_t *w)
{ return (w[0] >> 2) & 0x1u; }
static inline void rnic_srqc_set_xrc(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 2)) | ((v & 0x1u) << 2); }
/* srqc.xrcdn: XRC SRQ: its XRC domain */
#define RNIC_SRQC_XRCDN_DW 6
#define RNIC_SRQC_XRCDN_LSB 0
#define RNIC_SRQC_XRCDN_WIDTH 24
#define RNIC_SRQC_XRCDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_xrcdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_srqc_get_xrcdn(const uint32_t *w)
{ return (w[6] >> 0) & 0xFFFFFFu; }
static inline void rnic_srqc_set_xrcdn(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* srqc.cqn: XRC SRQ: the CQ of its receive completions */
#define RNIC_SRQC_CQN_DW 7
#define RNIC_SRQC_CQN_LSB 0
#define RNIC_SRQC_CQN_WIDTH 24
#define RNIC_SRQC_CQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_srqc_cqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_srqc_get_cqn(const uint32_t *w)
{ return (w[7] >> 0) & 0xFFFFFFu; }
static inline void rnic_srqc_set_cqn(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }

/* flow (128 bytes): flow steering rule: a received frame that is not RoCEv2 for this port and matches (field XOR value) AND mask == 0 on every field goes to RAW_PACKET QP qpn; the lowest matching index wins */
#define RNIC_FLOW_BYTES 128u
#define RNIC_FLOW_WORDS 32u
/* flow.valid: rule is installed */
#define RNIC_FLOW_VALID_DW 0
#define RNIC_FLOW_VALID_LSB 0
#define RNIC_FLOW_VALID_WIDTH 1
#define RNIC_FLOW_VALID_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_valid(uint32_t v) { return (v & 0x1u) << 0; }
static inline uint32_t rnic_flow_get_valid(const uint32_t *w)
{ return (w[0] >> 0) & 0x1u; }
static inline void rnic_flow_set_valid(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 0)) | ((v & 0x1u) << 0); }
/* flow.qpn: RAW_PACKET QP that receives the frame */
#define RNIC_FLOW_QPN_DW 1
#define RNIC_FLOW_QPN_LSB 0
#define RNIC_FLOW_QPN_WIDTH 24
#define RNIC_FLOW_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_flow_get_qpn(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFFFFFu; }
static inline void rnic_flow_set_qpn(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* flow.dmac_lo: destination MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_FLOW_DMAC_LO_DW 2
#define RNIC_FLOW_DMAC_LO_LSB 0
#define RNIC_FLOW_DMAC_LO_WIDTH 32
static inline uint32_t rnic_flow_get_dmac_lo(const uint32_t *w) { return w[2]; }
static inline void rnic_flow_set_dmac_lo(uint32_t *w, uint32_t v) { w[2] = v; }
/* flow.dmac_hi: destination MAC bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_FLOW_DMAC_HI_DW 3
#define RNIC_FLOW_DMAC_HI_LSB 0
#define RNIC_FLOW_DMAC_HI_WIDTH 16
#define RNIC_FLOW_DMAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_dmac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_flow_get_dmac_hi(const uint32_t *w)
{ return (w[3] >> 0) & 0xFFFFu; }
static inline void rnic_flow_set_dmac_hi(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* flow.dmac_mask_lo: mask of dmac_lo */
#define RNIC_FLOW_DMAC_MASK_LO_DW 4
#define RNIC_FLOW_DMAC_MASK_LO_LSB 0
#define RNIC_FLOW_DMAC_MASK_LO_WIDTH 32
static inline uint32_t rnic_flow_get_dmac_mask_lo(const uint32_t *w) { return w[4]; }
static inline void rnic_flow_set_dmac_mask_lo(uint32_t *w, uint32_t v) { w[4] = v; }
/* flow.dmac_mask_hi: mask of dmac_hi */
#define RNIC_FLOW_DMAC_MASK_HI_DW 5
#define RNIC_FLOW_DMAC_MASK_HI_LSB 0
#define RNIC_FLOW_DMAC_MASK_HI_WIDTH 16
#define RNIC_FLOW_DMAC_MASK_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_dmac_mask_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_flow_get_dmac_mask_hi(const uint32_t *w)
{ return (w[5] >> 0) & 0xFFFFu; }
static inline void rnic_flow_set_dmac_mask_hi(uint32_t *w, uint32_t v)
{ w[5] = (w[5] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* flow.smac_lo: source MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_FLOW_SMAC_LO_DW 6
#define RNIC_FLOW_SMAC_LO_LSB 0
#define RNIC_FLOW_SMAC_LO_WIDTH 32
static inline uint32_t rnic_flow_get_smac_lo(const uint32_t *w) { return w[6]; }
static inline void rnic_flow_set_smac_lo(uint32_t *w, uint32_t v) { w[6] = v; }
/* flow.smac_hi: source MAC bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_FLOW_SMAC_HI_DW 7
#define RNIC_FLOW_SMAC_HI_LSB 0
#define RNIC_FLOW_SMAC_HI_WIDTH 16
#define RNIC_FLOW_SMAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_smac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_flow_get_smac_hi(const uint32_t *w)
{ return (w[7] >> 0) & 0xFFFFu; }
static inline void rnic_flow_set_smac_hi(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* flow.smac_mask_lo: mask of smac_lo */
#define RNIC_FLOW_SMAC_MASK_LO_DW 8
#define RNIC_FLOW_SMAC_MASK_LO_LSB 0
#define RNIC_FLOW_SMAC_MASK_LO_WIDTH 32
static inline uint32_t rnic_flow_get_smac_mask_lo(const uint32_t *w) { return w[8]; }
static inline void rnic_flow_set_smac_mask_lo(uint32_t *w, uint32_t v) { w[8] = v; }
/* flow.smac_mask_hi: mask of smac_hi */
#define RNIC_FLOW_SMAC_MASK_HI_DW 9
#define RNIC_FLOW_SMAC_MASK_HI_LSB 0
#define RNIC_FLOW_SMAC_MASK_HI_WIDTH 16
#define RNIC_FLOW_SMAC_MASK_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_smac_mask_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_flow_get_smac_mask_hi(const uint32_t *w)
{ return (w[9] >> 0) & 0xFFFFu; }
static inline void rnic_flow_set_smac_mask_hi(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* flow.ethertype: EtherType (frame bytes 12..13, byte 12 in [15:8]) */
#define RNIC_FLOW_ETHERTYPE_DW 10
#define RNIC_FLOW_ETHERTYPE_LSB 0
#define RNIC_FLOW_ETHERTYPE_WIDTH 16
#define RNIC_FLOW_ETHERTYPE_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_ethertype(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_flow_get_ethertype(const uint32_t *w)
{ return (w[10] >> 0) & 0xFFFFu; }
static inline void rnic_flow_set_ethertype(uint32_t *w, uint32_t v)
{ w[10] = (w[10] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* flow.ethertype_mask: mask of ethertype */
#define RNIC_FLOW_ETHERTYPE_MASK_DW 10
#define RNIC_FLOW_ETHERTYPE_MASK_LSB 16
#define RNIC_FLOW_ETHERTYPE_MASK_WIDTH 16
#define RNIC_FLOW_ETHERTYPE_MASK_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_flow_ethertype_mask(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_flow_get_ethertype_mask(const uint32_t *w)
{ return (w[10] >> 16) & 0xFFFFu; }
static inline void rnic_flow_set_ethertype_mask(uint32_t *w, uint32_t v)
{ w[10] = (w[10] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }

/* mpt (128 bytes): memory protection table entry: a memory region, or a memory window (mw) whose fields the requester writes when it binds or invalidates it (BIND_MW, LOCAL_INV) */
#define RNIC_MPT_BYTES 128u
#define RNIC_MPT_WORDS 32u
/* mpt.valid: key is live (a window: bound) */
#define RNIC_MPT_VALID_DW 0
#define RNIC_MPT_VALID_LSB 0
#define RNIC_MPT_VALID_WIDTH 1
#define RNIC_MPT_VALID_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_mpt_valid(uint32_t v) { return (v & 0x1u) << 0; }
static inline uint32_t rnic_mpt_get_valid(const uint32_t *w)
{ return (w[0] >> 0) & 0x1u; }
static inline void rnic_mpt_set_valid(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 0)) | ((v & 0x1u) << 0); }
/* mpt.mw: the entry is a type 2B memory window: never a local key, remote access only through the QP it is bound to */
#define RNIC_MPT_MW_DW 0
#define RNIC_MPT_MW_LSB 1
#define RNIC_MPT_MW_WIDTH 1
#define RNIC_MPT_MW_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_mpt_mw(uint32_t v) { return (v & 0x1u) << 1; }
static inline uint32_t rnic_mpt_get_mw(const uint32_t *w)
{ return (w[0] >> 1) & 0x1u; }
static inline void rnic_mpt_set_mw(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0x1u << 1)) | ((v & 0x1u) << 1); }
/* mpt.access: access bits */
#define RNIC_MPT_ACCESS_DW 0
#define RNIC_MPT_ACCESS_LSB 8
#define RNIC_MPT_ACCESS_WIDTH 8
#define RNIC_MPT_ACCESS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_mpt_access(uint32_t v) { return (v & 0xFFu) << 8; }
static inline uint32_t rnic_mpt_get_access(const uint32_t *w)
{ return (w[0] >> 8) & 0xFFu; }
static inline void rnic_mpt_set_access(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 8)) | ((v & 0xFFu) << 8); }
/* mpt.tag: key tag (low KEY_TAG_BITS of the key) */
#define RNIC_MPT_TAG_DW 0
#define RNIC_MPT_TAG_LSB 24
#define RNIC_MPT_TAG_WIDTH 8
#define RNIC_MPT_TAG_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_mpt_tag(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_mpt_get_tag(const uint32_t *w)
{ return (w[0] >> 24) & 0xFFu; }
static inline void rnic_mpt_set_tag(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* mpt.pdn: protection domain */
#define RNIC_MPT_PDN_DW 1
#define RNIC_MPT_PDN_LSB 0
#define RNIC_MPT_PDN_WIDTH 24
#define RNIC_MPT_PDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_mpt_pdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_mpt_get_pdn(const uint32_t *w)
{ return (w[1] >> 0) & 0xFFFFFFu; }
static inline void rnic_mpt_set_pdn(uint32_t *w, uint32_t v)
{ w[1] = (w[1] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* mpt.start: first virtual address of the region (what SGEs and remote addresses use) */
#define RNIC_MPT_START_DW 2
#define RNIC_MPT_START_LSB 0
#define RNIC_MPT_START_WIDTH 64
static inline uint64_t rnic_mpt_get_start(const uint32_t *w)
{ return (uint64_t)w[2] | ((uint64_t)w[3] << 32); }
static inline void rnic_mpt_set_start(uint32_t *w, uint64_t v)
{ w[2] = (uint32_t)v; w[3] = (uint32_t)(v >> 32); }
/* mpt.length: bytes */
#define RNIC_MPT_LENGTH_DW 4
#define RNIC_MPT_LENGTH_LSB 0
#define RNIC_MPT_LENGTH_WIDTH 64
static inline uint64_t rnic_mpt_get_length(const uint32_t *w)
{ return (uint64_t)w[4] | ((uint64_t)w[5] << 32); }
static inline void rnic_mpt_set_length(uint32_t *w, uint64_t v)
{ w[4] = (uint32_t)v; w[5] = (uint32_t)(v >> 32); }
/* mpt.iova: device address of start (address = iova + (va - start)) */
#define RNIC_MPT_IOVA_DW 6
#define RNIC_MPT_IOVA_LSB 0
#define RNIC_MPT_IOVA_WIDTH 64
static inline uint64_t rnic_mpt_get_iova(const uint32_t *w)
{ return (uint64_t)w[6] | ((uint64_t)w[7] << 32); }
static inline void rnic_mpt_set_iova(uint32_t *w, uint64_t v)
{ w[6] = (uint32_t)v; w[7] = (uint32_t)(v >> 32); }
/* mpt.qpn: window: the QP it is bound to */
#define RNIC_MPT_QPN_DW 8
#define RNIC_MPT_QPN_LSB 0
#define RNIC_MPT_QPN_WIDTH 24
#define RNIC_MPT_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_mpt_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_mpt_get_qpn(const uint32_t *w)
{ return (w[8] >> 0) & 0xFFFFFFu; }
static inline void rnic_mpt_set_qpn(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }

/* cmd_in (128 bytes): command input header (all commands) */
#define RNIC_CMD_IN_BYTES 128u
#define RNIC_CMD_IN_WORDS 32u
/* cmd_in.opcode: cmd_op */
#define RNIC_CMD_IN_OPCODE_DW 0
#define RNIC_CMD_IN_OPCODE_LSB 0
#define RNIC_CMD_IN_OPCODE_WIDTH 16
#define RNIC_CMD_IN_OPCODE_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_in_opcode(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_in_get_opcode(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_in_set_opcode(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_in.uctx: caller's user context (doorbell page) */
#define RNIC_CMD_IN_UCTX_DW 0
#define RNIC_CMD_IN_UCTX_LSB 16
#define RNIC_CMD_IN_UCTX_WIDTH 16
#define RNIC_CMD_IN_UCTX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_in_uctx(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_in_get_uctx(const uint32_t *w)
{ return (w[0] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_in_set_uctx(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cmd_in.handle: object the command acts on (pdn, cqn, qpn, key, uctx) */
#define RNIC_CMD_IN_HANDLE_DW 1
#define RNIC_CMD_IN_HANDLE_LSB 0
#define RNIC_CMD_IN_HANDLE_WIDTH 32
static inline uint32_t rnic_cmd_in_get_handle(const uint32_t *w) { return w[1]; }
static inline void rnic_cmd_in_set_handle(uint32_t *w, uint32_t v) { w[1] = v; }

/* cmd_out (128 bytes): command output header (all commands) */
#define RNIC_CMD_OUT_BYTES 128u
#define RNIC_CMD_OUT_WORDS 32u
/* cmd_out.status: cmd_status */
#define RNIC_CMD_OUT_STATUS_DW 0
#define RNIC_CMD_OUT_STATUS_LSB 0
#define RNIC_CMD_OUT_STATUS_WIDTH 8
#define RNIC_CMD_OUT_STATUS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_out_status(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_out_get_status(const uint32_t *w)
{ return (w[0] >> 0) & 0xFFu; }
static inline void rnic_cmd_out_set_status(uint32_t *w, uint32_t v)
{ w[0] = (w[0] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_out.handle: object created (pdn, cqn, qpn, key, uctx) */
#define RNIC_CMD_OUT_HANDLE_DW 1
#define RNIC_CMD_OUT_HANDLE_LSB 0
#define RNIC_CMD_OUT_HANDLE_WIDTH 32
static inline uint32_t rnic_cmd_out_get_handle(const uint32_t *w) { return w[1]; }
static inline void rnic_cmd_out_set_handle(uint32_t *w, uint32_t v) { w[1] = v; }

/* cmd_query_device_out (128 bytes): QUERY_DEVICE output */
#define RNIC_CMD_QUERY_DEVICE_OUT_BYTES 128u
#define RNIC_CMD_QUERY_DEVICE_OUT_WORDS 32u
/* cmd_query_device_out.fw_ver: firmware version (major<<16 | minor) */
#define RNIC_CMD_QUERY_DEVICE_OUT_FW_VER_DW 2
#define RNIC_CMD_QUERY_DEVICE_OUT_FW_VER_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_FW_VER_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_fw_ver(const uint32_t *w) { return w[2]; }
static inline void rnic_cmd_query_device_out_set_fw_ver(uint32_t *w, uint32_t v) { w[2] = v; }
/* cmd_query_device_out.node_guid: node GUID, EUI-64 of the port MAC; GUID byte 0 in bits 7:0 (memory order, as ibv node_guid) */
#define RNIC_CMD_QUERY_DEVICE_OUT_NODE_GUID_DW 4
#define RNIC_CMD_QUERY_DEVICE_OUT_NODE_GUID_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_NODE_GUID_WIDTH 64
static inline uint64_t rnic_cmd_query_device_out_get_node_guid(const uint32_t *w)
{ return (uint64_t)w[4] | ((uint64_t)w[5] << 32); }
static inline void rnic_cmd_query_device_out_set_node_guid(uint32_t *w, uint64_t v)
{ w[4] = (uint32_t)v; w[5] = (uint32_t)(v >> 32); }
/* cmd_query_device_out.max_qp: QPs */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_DW 6
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_qp(const uint32_t *w) { return w[6]; }
static inline void rnic_cmd_query_device_out_set_max_qp(uint32_t *w, uint32_t v) { w[6] = v; }
/* cmd_query_device_out.max_cq: CQs */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQ_DW 7
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQ_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQ_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_cq(const uint32_t *w) { return w[7]; }
static inline void rnic_cmd_query_device_out_set_max_cq(uint32_t *w, uint32_t v) { w[7] = v; }
/* cmd_query_device_out.max_mr: memory regions */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_DW 8
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_mr(const uint32_t *w) { return w[8]; }
static inline void rnic_cmd_query_device_out_set_max_mr(uint32_t *w, uint32_t v) { w[8] = v; }
/* cmd_query_device_out.max_pd: protection domains */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_PD_DW 9
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_PD_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_PD_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_pd(const uint32_t *w) { return w[9]; }
static inline void rnic_cmd_query_device_out_set_max_pd(uint32_t *w, uint32_t v) { w[9] = v; }
/* cmd_query_device_out.max_qp_wr: WQEs per queue */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_WR_DW 10
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_WR_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_WR_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_qp_wr(const uint32_t *w) { return w[10]; }
static inline void rnic_cmd_query_device_out_set_max_qp_wr(uint32_t *w, uint32_t v) { w[10] = v; }
/* cmd_query_device_out.max_cqe: CQEs per CQ */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQE_DW 11
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQE_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQE_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_cqe(const uint32_t *w) { return w[11]; }
static inline void rnic_cmd_query_device_out_set_max_cqe(uint32_t *w, uint32_t v) { w[11] = v; }
/* cmd_query_device_out.max_sge: send SGEs */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SGE_DW 12
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SGE_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SGE_WIDTH 16
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SGE_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_device_out_max_sge(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_query_device_out_get_max_sge(const uint32_t *w)
{ return (w[12] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_query_device_out_set_max_sge(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_query_device_out.max_recv_sge: receive SGEs */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RECV_SGE_DW 12
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RECV_SGE_LSB 16
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RECV_SGE_WIDTH 16
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RECV_SGE_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_device_out_max_recv_sge(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_query_device_out_get_max_recv_sge(const uint32_t *w)
{ return (w[12] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_query_device_out_set_max_recv_sge(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cmd_query_device_out.max_inline: inline bytes */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_INLINE_DW 13
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_INLINE_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_INLINE_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_inline(const uint32_t *w) { return w[13]; }
static inline void rnic_cmd_query_device_out_set_max_inline(uint32_t *w, uint32_t v) { w[13] = v; }
/* cmd_query_device_out.max_rd_atom: outstanding READ/atomic per QP */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RD_ATOM_DW 14
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RD_ATOM_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RD_ATOM_WIDTH 8
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RD_ATOM_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_device_out_max_rd_atom(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_query_device_out_get_max_rd_atom(const uint32_t *w)
{ return (w[14] >> 0) & 0xFFu; }
static inline void rnic_cmd_query_device_out_set_max_rd_atom(uint32_t *w, uint32_t v)
{ w[14] = (w[14] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_query_device_out.max_mr_size: largest region */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_SIZE_DW 16
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_SIZE_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_SIZE_WIDTH 64
static inline uint64_t rnic_cmd_query_device_out_get_max_mr_size(const uint32_t *w)
{ return (uint64_t)w[16] | ((uint64_t)w[17] << 32); }
static inline void rnic_cmd_query_device_out_set_max_mr_size(uint32_t *w, uint64_t v)
{ w[16] = (uint32_t)v; w[17] = (uint32_t)(v >> 32); }
/* cmd_query_device_out.page_size_cap: supported page sizes */
#define RNIC_CMD_QUERY_DEVICE_OUT_PAGE_SIZE_CAP_DW 18
#define RNIC_CMD_QUERY_DEVICE_OUT_PAGE_SIZE_CAP_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_PAGE_SIZE_CAP_WIDTH 64
static inline uint64_t rnic_cmd_query_device_out_get_page_size_cap(const uint32_t *w)
{ return (uint64_t)w[18] | ((uint64_t)w[19] << 32); }
static inline void rnic_cmd_query_device_out_set_page_size_cap(uint32_t *w, uint64_t v)
{ w[18] = (uint32_t)v; w[19] = (uint32_t)(v >> 32); }
/* cmd_query_device_out.hw_ver: hardware revision */
#define RNIC_CMD_QUERY_DEVICE_OUT_HW_VER_DW 20
#define RNIC_CMD_QUERY_DEVICE_OUT_HW_VER_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_HW_VER_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_hw_ver(const uint32_t *w) { return w[20]; }
static inline void rnic_cmd_query_device_out_set_hw_ver(uint32_t *w, uint32_t v) { w[20] = v; }
/* cmd_query_device_out.max_srq: SRQs */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_DW 21
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_srq(const uint32_t *w) { return w[21]; }
static inline void rnic_cmd_query_device_out_set_max_srq(uint32_t *w, uint32_t v) { w[21] = v; }
/* cmd_query_device_out.max_srq_wr: receive WQEs per SRQ */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_WR_DW 22
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_WR_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_WR_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_srq_wr(const uint32_t *w) { return w[22]; }
static inline void rnic_cmd_query_device_out_set_max_srq_wr(uint32_t *w, uint32_t v) { w[22] = v; }
/* cmd_query_device_out.max_srq_sge: SGEs per SRQ receive WQE */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_SGE_DW 23
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_SGE_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_SGE_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_srq_sge(const uint32_t *w) { return w[23]; }
static inline void rnic_cmd_query_device_out_set_max_srq_sge(uint32_t *w, uint32_t v) { w[23] = v; }
/* cmd_query_device_out.max_mw: memory windows (they share the key table with the regions) */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MW_DW 24
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MW_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MW_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_mw(const uint32_t *w) { return w[24]; }
static inline void rnic_cmd_query_device_out_set_max_mw(uint32_t *w, uint32_t v) { w[24] = v; }
/* cmd_query_device_out.max_xrcd: XRC domains */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_XRCD_DW 25
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_XRCD_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_XRCD_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_xrcd(const uint32_t *w) { return w[25]; }
static inline void rnic_cmd_query_device_out_set_max_xrcd(uint32_t *w, uint32_t v) { w[25] = v; }
/* cmd_query_device_out.max_flows: flow steering rules */
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_FLOWS_DW 26
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_FLOWS_LSB 0
#define RNIC_CMD_QUERY_DEVICE_OUT_MAX_FLOWS_WIDTH 32
static inline uint32_t rnic_cmd_query_device_out_get_max_flows(const uint32_t *w) { return w[26]; }
static inline void rnic_cmd_query_device_out_set_max_flows(uint32_t *w, uint32_t v) { w[26] = v; }

/* cmd_query_port_out (128 bytes): QUERY_PORT output (port 1) */
#define RNIC_CMD_QUERY_PORT_OUT_BYTES 128u
#define RNIC_CMD_QUERY_PORT_OUT_WORDS 32u
/* cmd_query_port_out.state: ibv_port_state numbering: 1 down, 4 active */
#define RNIC_CMD_QUERY_PORT_OUT_STATE_DW 2
#define RNIC_CMD_QUERY_PORT_OUT_STATE_LSB 0
#define RNIC_CMD_QUERY_PORT_OUT_STATE_WIDTH 8
#define RNIC_CMD_QUERY_PORT_OUT_STATE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_port_out_state(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_query_port_out_get_state(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFu; }
static inline void rnic_cmd_query_port_out_set_state(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_query_port_out.max_mtu: mtu code */
#define RNIC_CMD_QUERY_PORT_OUT_MAX_MTU_DW 2
#define RNIC_CMD_QUERY_PORT_OUT_MAX_MTU_LSB 8
#define RNIC_CMD_QUERY_PORT_OUT_MAX_MTU_WIDTH 8
#define RNIC_CMD_QUERY_PORT_OUT_MAX_MTU_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_port_out_max_mtu(uint32_t v) { return (v & 0xFFu) << 8; }
static inline uint32_t rnic_cmd_query_port_out_get_max_mtu(const uint32_t *w)
{ return (w[2] >> 8) & 0xFFu; }
static inline void rnic_cmd_query_port_out_set_max_mtu(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFu << 8)) | ((v & 0xFFu) << 8); }
/* cmd_query_port_out.active_mtu: mtu code */
#define RNIC_CMD_QUERY_PORT_OUT_ACTIVE_MTU_DW 2
#define RNIC_CMD_QUERY_PORT_OUT_ACTIVE_MTU_LSB 16
#define RNIC_CMD_QUERY_PORT_OUT_ACTIVE_MTU_WIDTH 8
#define RNIC_CMD_QUERY_PORT_OUT_ACTIVE_MTU_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_port_out_active_mtu(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_cmd_query_port_out_get_active_mtu(const uint32_t *w)
{ return (w[2] >> 16) & 0xFFu; }
static inline void rnic_cmd_query_port_out_set_active_mtu(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* cmd_query_port_out.gid_tbl_len: GID table entries */
#define RNIC_CMD_QUERY_PORT_OUT_GID_TBL_LEN_DW 2
#define RNIC_CMD_QUERY_PORT_OUT_GID_TBL_LEN_LSB 24
#define RNIC_CMD_QUERY_PORT_OUT_GID_TBL_LEN_WIDTH 8
#define RNIC_CMD_QUERY_PORT_OUT_GID_TBL_LEN_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_port_out_gid_tbl_len(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cmd_query_port_out_get_gid_tbl_len(const uint32_t *w)
{ return (w[2] >> 24) & 0xFFu; }
static inline void rnic_cmd_query_port_out_set_gid_tbl_len(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cmd_query_port_out.mac_lo: port MAC bytes 2..5 */
#define RNIC_CMD_QUERY_PORT_OUT_MAC_LO_DW 3
#define RNIC_CMD_QUERY_PORT_OUT_MAC_LO_LSB 0
#define RNIC_CMD_QUERY_PORT_OUT_MAC_LO_WIDTH 32
static inline uint32_t rnic_cmd_query_port_out_get_mac_lo(const uint32_t *w) { return w[3]; }
static inline void rnic_cmd_query_port_out_set_mac_lo(uint32_t *w, uint32_t v) { w[3] = v; }
/* cmd_query_port_out.mac_hi: port MAC bytes 0..1 */
#define RNIC_CMD_QUERY_PORT_OUT_MAC_HI_DW 4
#define RNIC_CMD_QUERY_PORT_OUT_MAC_HI_LSB 0
#define RNIC_CMD_QUERY_PORT_OUT_MAC_HI_WIDTH 16
#define RNIC_CMD_QUERY_PORT_OUT_MAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_query_port_out_mac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_query_port_out_get_mac_hi(const uint32_t *w)
{ return (w[4] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_query_port_out_set_mac_hi(uint32_t *w, uint32_t v)
{ w[4] = (w[4] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_query_port_out.ipv4: port IPv4 address (GID 0 is ::ffff:ipv4) */
#define RNIC_CMD_QUERY_PORT_OUT_IPV4_DW 5
#define RNIC_CMD_QUERY_PORT_OUT_IPV4_LSB 0
#define RNIC_CMD_QUERY_PORT_OUT_IPV4_WIDTH 32
static inline uint32_t rnic_cmd_query_port_out_get_ipv4(const uint32_t *w) { return w[5]; }
static inline void rnic_cmd_query_port_out_set_ipv4(uint32_t *w, uint32_t v) { w[5] = v; }
/* cmd_query_port_out.speed_gbps: link speed in Gb/s */
#define RNIC_CMD_QUERY_PORT_OUT_SPEED_GBPS_DW 6
#define RNIC_CMD_QUERY_PORT_OUT_SPEED_GBPS_LSB 0
#define RNIC_CMD_QUERY_PORT_OUT_SPEED_GBPS_WIDTH 32
static inline uint32_t rnic_cmd_query_port_out_get_speed_gbps(const uint32_t *w) { return w[6]; }
static inline void rnic_cmd_query_port_out_set_speed_gbps(uint32_t *w, uint32_t v) { w[6] = v; }

/* cmd_create_cq_in (128 bytes): CREATE_CQ input */
#define RNIC_CMD_CREATE_CQ_IN_BYTES 128u
#define RNIC_CMD_CREATE_CQ_IN_WORDS 32u
/* cmd_create_cq_in.base: IOVA of the CQE ring (zeroed by the host) */
#define RNIC_CMD_CREATE_CQ_IN_BASE_DW 2
#define RNIC_CMD_CREATE_CQ_IN_BASE_LSB 0
#define RNIC_CMD_CREATE_CQ_IN_BASE_WIDTH 64
static inline uint64_t rnic_cmd_create_cq_in_get_base(const uint32_t *w)
{ return (uint64_t)w[2] | ((uint64_t)w[3] << 32); }
static inline void rnic_cmd_create_cq_in_set_base(uint32_t *w, uint64_t v)
{ w[2] = (uint32_t)v; w[3] = (uint32_t)(v >> 32); }
/* cmd_create_cq_in.log_size: log2 entries */
#define RNIC_CMD_CREATE_CQ_IN_LOG_SIZE_DW 4
#define RNIC_CMD_CREATE_CQ_IN_LOG_SIZE_LSB 0
#define RNIC_CMD_CREATE_CQ_IN_LOG_SIZE_WIDTH 5
#define RNIC_CMD_CREATE_CQ_IN_LOG_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_cq_in_log_size(uint32_t v) { return (v & 0x1Fu) << 0; }
static inline uint32_t rnic_cmd_create_cq_in_get_log_size(const uint32_t *w)
{ return (w[4] >> 0) & 0x1Fu; }
static inline void rnic_cmd_create_cq_in_set_log_size(uint32_t *w, uint32_t v)
{ w[4] = (w[4] & ~(0x1Fu << 0)) | ((v & 0x1Fu) << 0); }
/* cmd_create_cq_in.vector: interrupt vector */
#define RNIC_CMD_CREATE_CQ_IN_VECTOR_DW 5
#define RNIC_CMD_CREATE_CQ_IN_VECTOR_LSB 0
#define RNIC_CMD_CREATE_CQ_IN_VECTOR_WIDTH 8
#define RNIC_CMD_CREATE_CQ_IN_VECTOR_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_cq_in_vector(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_create_cq_in_get_vector(const uint32_t *w)
{ return (w[5] >> 0) & 0xFFu; }
static inline void rnic_cmd_create_cq_in_set_vector(uint32_t *w, uint32_t v)
{ w[5] = (w[5] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }

/* cmd_create_qp_in (128 bytes): CREATE_QP input */
#define RNIC_CMD_CREATE_QP_IN_BYTES 128u
#define RNIC_CMD_CREATE_QP_IN_WORDS 32u
/* cmd_create_qp_in.type: qp_type */
#define RNIC_CMD_CREATE_QP_IN_TYPE_DW 2
#define RNIC_CMD_CREATE_QP_IN_TYPE_LSB 0
#define RNIC_CMD_CREATE_QP_IN_TYPE_WIDTH 4
#define RNIC_CMD_CREATE_QP_IN_TYPE_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_type(uint32_t v) { return (v & 0xFu) << 0; }
static inline uint32_t rnic_cmd_create_qp_in_get_type(const uint32_t *w)
{ return (w[2] >> 0) & 0xFu; }
static inline void rnic_cmd_create_qp_in_set_type(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFu << 0)) | ((v & 0xFu) << 0); }
/* cmd_create_qp_in.sq_sig_all: every send WQE is signaled */
#define RNIC_CMD_CREATE_QP_IN_SQ_SIG_ALL_DW 2
#define RNIC_CMD_CREATE_QP_IN_SQ_SIG_ALL_LSB 4
#define RNIC_CMD_CREATE_QP_IN_SQ_SIG_ALL_WIDTH 1
#define RNIC_CMD_CREATE_QP_IN_SQ_SIG_ALL_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_sq_sig_all(uint32_t v) { return (v & 0x1u) << 4; }
static inline uint32_t rnic_cmd_create_qp_in_get_sq_sig_all(const uint32_t *w)
{ return (w[2] >> 4) & 0x1u; }
static inline void rnic_cmd_create_qp_in_set_sq_sig_all(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0x1u << 4)) | ((v & 0x1u) << 4); }
/* cmd_create_qp_in.srq_en: receives come from srqn */
#define RNIC_CMD_CREATE_QP_IN_SRQ_EN_DW 2
#define RNIC_CMD_CREATE_QP_IN_SRQ_EN_LSB 5
#define RNIC_CMD_CREATE_QP_IN_SRQ_EN_WIDTH 1
#define RNIC_CMD_CREATE_QP_IN_SRQ_EN_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_srq_en(uint32_t v) { return (v & 0x1u) << 5; }
static inline uint32_t rnic_cmd_create_qp_in_get_srq_en(const uint32_t *w)
{ return (w[2] >> 5) & 0x1u; }
static inline void rnic_cmd_create_qp_in_set_srq_en(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0x1u << 5)) | ((v & 0x1u) << 5); }
/* cmd_create_qp_in.pdn: protection domain */
#define RNIC_CMD_CREATE_QP_IN_PDN_DW 3
#define RNIC_CMD_CREATE_QP_IN_PDN_LSB 0
#define RNIC_CMD_CREATE_QP_IN_PDN_WIDTH 24
#define RNIC_CMD_CREATE_QP_IN_PDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_pdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_qp_in_get_pdn(const uint32_t *w)
{ return (w[3] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_qp_in_set_pdn(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_create_qp_in.send_cqn: send CQ */
#define RNIC_CMD_CREATE_QP_IN_SEND_CQN_DW 4
#define RNIC_CMD_CREATE_QP_IN_SEND_CQN_LSB 0
#define RNIC_CMD_CREATE_QP_IN_SEND_CQN_WIDTH 24
#define RNIC_CMD_CREATE_QP_IN_SEND_CQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_send_cqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_qp_in_get_send_cqn(const uint32_t *w)
{ return (w[4] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_qp_in_set_send_cqn(uint32_t *w, uint32_t v)
{ w[4] = (w[4] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_create_qp_in.recv_cqn: receive CQ */
#define RNIC_CMD_CREATE_QP_IN_RECV_CQN_DW 5
#define RNIC_CMD_CREATE_QP_IN_RECV_CQN_LSB 0
#define RNIC_CMD_CREATE_QP_IN_RECV_CQN_WIDTH 24
#define RNIC_CMD_CREATE_QP_IN_RECV_CQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_recv_cqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_qp_in_get_recv_cqn(const uint32_t *w)
{ return (w[5] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_qp_in_set_recv_cqn(uint32_t *w, uint32_t v)
{ w[5] = (w[5] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_create_qp_in.srqn: SRQ */
#define RNIC_CMD_CREATE_QP_IN_SRQN_DW 6
#define RNIC_CMD_CREATE_QP_IN_SRQN_LSB 0
#define RNIC_CMD_CREATE_QP_IN_SRQN_WIDTH 24
#define RNIC_CMD_CREATE_QP_IN_SRQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_srqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_qp_in_get_srqn(const uint32_t *w)
{ return (w[6] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_qp_in_set_srqn(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_create_qp_in.log_sq_size: log2 send queue entries */
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_SIZE_DW 7
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_SIZE_LSB 0
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_SIZE_WIDTH 5
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_log_sq_size(uint32_t v) { return (v & 0x1Fu) << 0; }
static inline uint32_t rnic_cmd_create_qp_in_get_log_sq_size(const uint32_t *w)
{ return (w[7] >> 0) & 0x1Fu; }
static inline void rnic_cmd_create_qp_in_set_log_sq_size(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 0)) | ((v & 0x1Fu) << 0); }
/* cmd_create_qp_in.log_sq_stride: log2 send WQE stride */
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_STRIDE_DW 7
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_STRIDE_LSB 8
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_STRIDE_WIDTH 5
#define RNIC_CMD_CREATE_QP_IN_LOG_SQ_STRIDE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_log_sq_stride(uint32_t v) { return (v & 0x1Fu) << 8; }
static inline uint32_t rnic_cmd_create_qp_in_get_log_sq_stride(const uint32_t *w)
{ return (w[7] >> 8) & 0x1Fu; }
static inline void rnic_cmd_create_qp_in_set_log_sq_stride(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 8)) | ((v & 0x1Fu) << 8); }
/* cmd_create_qp_in.log_rq_size: log2 receive queue entries */
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_SIZE_DW 7
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_SIZE_LSB 16
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_SIZE_WIDTH 5
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_log_rq_size(uint32_t v) { return (v & 0x1Fu) << 16; }
static inline uint32_t rnic_cmd_create_qp_in_get_log_rq_size(const uint32_t *w)
{ return (w[7] >> 16) & 0x1Fu; }
static inline void rnic_cmd_create_qp_in_set_log_rq_size(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 16)) | ((v & 0x1Fu) << 16); }
/* cmd_create_qp_in.log_rq_stride: log2 receive WQE stride */
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_STRIDE_DW 7
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_STRIDE_LSB 24
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_STRIDE_WIDTH 5
#define RNIC_CMD_CREATE_QP_IN_LOG_RQ_STRIDE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_log_rq_stride(uint32_t v) { return (v & 0x1Fu) << 24; }
static inline uint32_t rnic_cmd_create_qp_in_get_log_rq_stride(const uint32_t *w)
{ return (w[7] >> 24) & 0x1Fu; }
static inline void rnic_cmd_create_qp_in_set_log_rq_stride(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1Fu << 24)) | ((v & 0x1Fu) << 24); }
/* cmd_create_qp_in.sq_base: IOVA of the send ring */
#define RNIC_CMD_CREATE_QP_IN_SQ_BASE_DW 8
#define RNIC_CMD_CREATE_QP_IN_SQ_BASE_LSB 0
#define RNIC_CMD_CREATE_QP_IN_SQ_BASE_WIDTH 64
static inline uint64_t rnic_cmd_create_qp_in_get_sq_base(const uint32_t *w)
{ return (uint64_t)w[8] | ((uint64_t)w[9] << 32); }
static inline void rnic_cmd_create_qp_in_set_sq_base(uint32_t *w, uint64_t v)
{ w[8] = (uint32_t)v; w[9] = (uint32_t)(v >> 32); }
/* cmd_create_qp_in.rq_base: IOVA of the receive ring */
#define RNIC_CMD_CREATE_QP_IN_RQ_BASE_DW 10
#define RNIC_CMD_CREATE_QP_IN_RQ_BASE_LSB 0
#define RNIC_CMD_CREATE_QP_IN_RQ_BASE_WIDTH 64
static inline uint64_t rnic_cmd_create_qp_in_get_rq_base(const uint32_t *w)
{ return (uint64_t)w[10] | ((uint64_t)w[11] << 32); }
static inline void rnic_cmd_create_qp_in_set_rq_base(uint32_t *w, uint64_t v)
{ w[10] = (uint32_t)v; w[11] = (uint32_t)(v >> 32); }
/* cmd_create_qp_in.xrcdn: XRC_RECV: the XRC domain (no PD, CQs, send or receive queue) */
#define RNIC_CMD_CREATE_QP_IN_XRCDN_DW 12
#define RNIC_CMD_CREATE_QP_IN_XRCDN_LSB 0
#define RNIC_CMD_CREATE_QP_IN_XRCDN_WIDTH 24
#define RNIC_CMD_CREATE_QP_IN_XRCDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_qp_in_xrcdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_qp_in_get_xrcdn(const uint32_t *w)
{ return (w[12] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_qp_in_set_xrcdn(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }

/* cmd_create_flow_in (128 bytes): CREATE_FLOW input: the rule's fields as in the flow context (the QP must be a RAW_PACKET QP of the caller's uctx) */
#define RNIC_CMD_CREATE_FLOW_IN_BYTES 128u
#define RNIC_CMD_CREATE_FLOW_IN_WORDS 32u
/* cmd_create_flow_in.qpn: RAW_PACKET QP */
#define RNIC_CMD_CREATE_FLOW_IN_QPN_DW 2
#define RNIC_CMD_CREATE_FLOW_IN_QPN_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_QPN_WIDTH 24
#define RNIC_CMD_CREATE_FLOW_IN_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_flow_in_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_flow_in_get_qpn(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_flow_in_set_qpn(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_create_flow_in.dmac_lo: destination MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_LO_DW 3
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_LO_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_LO_WIDTH 32
static inline uint32_t rnic_cmd_create_flow_in_get_dmac_lo(const uint32_t *w) { return w[3]; }
static inline void rnic_cmd_create_flow_in_set_dmac_lo(uint32_t *w, uint32_t v) { w[3] = v; }
/* cmd_create_flow_in.dmac_hi: destination MAC bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_HI_DW 4
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_HI_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_HI_WIDTH 16
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_flow_in_dmac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_flow_in_get_dmac_hi(const uint32_t *w)
{ return (w[4] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_create_flow_in_set_dmac_hi(uint32_t *w, uint32_t v)
{ w[4] = (w[4] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_create_flow_in.dmac_mask_lo: mask of dmac_lo */
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_LO_DW 5
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_LO_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_LO_WIDTH 32
static inline uint32_t rnic_cmd_create_flow_in_get_dmac_mask_lo(const uint32_t *w) { return w[5]; }
static inline void rnic_cmd_create_flow_in_set_dmac_mask_lo(uint32_t *w, uint32_t v) { w[5] = v; }
/* cmd_create_flow_in.dmac_mask_hi: mask of dmac_hi */
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_HI_DW 6
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_HI_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_HI_WIDTH 16
#define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_flow_in_dmac_mask_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_flow_in_get_dmac_mask_hi(const uint32_t *w)
{ return (w[6] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_create_flow_in_set_dmac_mask_hi(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_create_flow_in.smac_lo: source MAC bytes 2..5 */
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_LO_DW 7
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_LO_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_LO_WIDTH 32
static inline uint32_t rnic_cmd_create_flow_in_get_smac_lo(const uint32_t *w) { return w[7]; }
static inline void rnic_cmd_create_flow_in_set_smac_lo(uint32_t *w, uint32_t v) { w[7] = v; }
/* cmd_create_flow_in.smac_hi: source MAC bytes 0..1 */
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_HI_DW 8
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_HI_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_HI_WIDTH 16
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_flow_in_smac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_flow_in_get_smac_hi(const uint32_t *w)
{ return (w[8] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_create_flow_in_set_smac_hi(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_create_flow_in.smac_mask_lo: mask of smac_lo */
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_LO_DW 9
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_LO_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_LO_WIDTH 32
static inline uint32_t rnic_cmd_create_flow_in_get_smac_mask_lo(const uint32_t *w) { return w[9]; }
static inline void rnic_cmd_create_flow_in_set_smac_mask_lo(uint32_t *w, uint32_t v) { w[9] = v; }
/* cmd_create_flow_in.smac_mask_hi: mask of smac_hi */
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_HI_DW 10
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_HI_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_HI_WIDTH 16
#define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_flow_in_smac_mask_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_flow_in_get_smac_mask_hi(const uint32_t *w)
{ return (w[10] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_create_flow_in_set_smac_mask_hi(uint32_t *w, uint32_t v)
{ w[10] = (w[10] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_create_flow_in.ethertype: EtherType */
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_DW 11
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_LSB 0
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_WIDTH 16
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_flow_in_ethertype(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_flow_in_get_ethertype(const uint32_t *w)
{ return (w[11] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_create_flow_in_set_ethertype(uint32_t *w, uint32_t v)
{ w[11] = (w[11] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_create_flow_in.ethertype_mask: mask of ethertype */
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_MASK_DW 11
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_MASK_LSB 16
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_MASK_WIDTH 16
#define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_MASK_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_flow_in_ethertype_mask(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_create_flow_in_get_ethertype_mask(const uint32_t *w)
{ return (w[11] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_create_flow_in_set_ethertype_mask(uint32_t *w, uint32_t v)
{ w[11] = (w[11] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }

/* cmd_cm_in (128 bytes): input of the CM_* commands (cmd_in.handle = the CM ID, except CM_CREATE_ID and CM_NOTIFY); each command reads the fields its cmd_op line names */
#define RNIC_CMD_CM_IN_BYTES 128u
#define RNIC_CMD_CM_IN_WORDS 32u
/* cmd_cm_in.ps: CM_CREATE_ID: RDMA CM port space (0x0106 TCP, 0x0111 UDP, 0x013F IB) */
#define RNIC_CMD_CM_IN_PS_DW 2
#define RNIC_CMD_CM_IN_PS_LSB 0
#define RNIC_CMD_CM_IN_PS_WIDTH 16
#define RNIC_CMD_CM_IN_PS_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_ps(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_in_get_ps(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_cm_in_set_ps(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_cm_in.qp_type: CM_CREATE_ID: qp_type of the connection (RC, UC, UD) */
#define RNIC_CMD_CM_IN_QP_TYPE_DW 2
#define RNIC_CMD_CM_IN_QP_TYPE_LSB 16
#define RNIC_CMD_CM_IN_QP_TYPE_WIDTH 8
#define RNIC_CMD_CM_IN_QP_TYPE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_qp_type(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_cmd_cm_in_get_qp_type(const uint32_t *w)
{ return (w[2] >> 16) & 0xFFu; }
static inline void rnic_cmd_cm_in_set_qp_type(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* cmd_cm_in.local_port: CM_LISTEN, CM_CONNECT: the ID's port */
#define RNIC_CMD_CM_IN_LOCAL_PORT_DW 3
#define RNIC_CMD_CM_IN_LOCAL_PORT_LSB 0
#define RNIC_CMD_CM_IN_LOCAL_PORT_WIDTH 16
#define RNIC_CMD_CM_IN_LOCAL_PORT_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_local_port(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_in_get_local_port(const uint32_t *w)
{ return (w[3] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_cm_in_set_local_port(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_cm_in.remote_port: CM_CONNECT: the peer's port */
#define RNIC_CMD_CM_IN_REMOTE_PORT_DW 3
#define RNIC_CMD_CM_IN_REMOTE_PORT_LSB 16
#define RNIC_CMD_CM_IN_REMOTE_PORT_WIDTH 16
#define RNIC_CMD_CM_IN_REMOTE_PORT_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_remote_port(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_cm_in_get_remote_port(const uint32_t *w)
{ return (w[3] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_cm_in_set_remote_port(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cmd_cm_in.local_ip: CM_LISTEN: address to listen on (0: any); first octet in [31:24] */
#define RNIC_CMD_CM_IN_LOCAL_IP_DW 4
#define RNIC_CMD_CM_IN_LOCAL_IP_LSB 0
#define RNIC_CMD_CM_IN_LOCAL_IP_WIDTH 32
static inline uint32_t rnic_cmd_cm_in_get_local_ip(const uint32_t *w) { return w[4]; }
static inline void rnic_cmd_cm_in_set_local_ip(uint32_t *w, uint32_t v) { w[4] = v; }
/* cmd_cm_in.remote_ip: CM_CONNECT: the peer's IPv4 address */
#define RNIC_CMD_CM_IN_REMOTE_IP_DW 5
#define RNIC_CMD_CM_IN_REMOTE_IP_LSB 0
#define RNIC_CMD_CM_IN_REMOTE_IP_WIDTH 32
static inline uint32_t rnic_cmd_cm_in_get_remote_ip(const uint32_t *w) { return w[5]; }
static inline void rnic_cmd_cm_in_set_remote_ip(uint32_t *w, uint32_t v) { w[5] = v; }
/* cmd_cm_in.remote_mac_lo: CM_CONNECT: the peer's MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_CMD_CM_IN_REMOTE_MAC_LO_DW 6
#define RNIC_CMD_CM_IN_REMOTE_MAC_LO_LSB 0
#define RNIC_CMD_CM_IN_REMOTE_MAC_LO_WIDTH 32
static inline uint32_t rnic_cmd_cm_in_get_remote_mac_lo(const uint32_t *w) { return w[6]; }
static inline void rnic_cmd_cm_in_set_remote_mac_lo(uint32_t *w, uint32_t v) { w[6] = v; }
/* cmd_cm_in.remote_mac_hi: CM_CONNECT: the peer's MAC bytes 0..1 (byte 1 in [7:0]) */
#define RNIC_CMD_CM_IN_REMOTE_MAC_HI_DW 7
#define RNIC_CMD_CM_IN_REMOTE_MAC_HI_LSB 0
#define RNIC_CMD_CM_IN_REMOTE_MAC_HI_WIDTH 16
#define RNIC_CMD_CM_IN_REMOTE_MAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_remote_mac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_in_get_remote_mac_hi(const uint32_t *w)
{ return (w[7] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_cm_in_set_remote_mac_hi(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_cm_in.reason: CM_REJECT: REJ reason (IBA 12.6.7; 28 consumer reject) or SIDR status */
#define RNIC_CMD_CM_IN_REASON_DW 7
#define RNIC_CMD_CM_IN_REASON_LSB 16
#define RNIC_CMD_CM_IN_REASON_WIDTH 16
#define RNIC_CMD_CM_IN_REASON_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_reason(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_cm_in_get_reason(const uint32_t *w)
{ return (w[7] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_cm_in_set_reason(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cmd_cm_in.qpn: CM_CONNECT, CM_ACCEPT: the local QP */
#define RNIC_CMD_CM_IN_QPN_DW 8
#define RNIC_CMD_CM_IN_QPN_LSB 0
#define RNIC_CMD_CM_IN_QPN_WIDTH 24
#define RNIC_CMD_CM_IN_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_in_get_qpn(const uint32_t *w)
{ return (w[8] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_cm_in_set_qpn(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_cm_in.resp_res: CM_CONNECT, CM_ACCEPT: responder resources */
#define RNIC_CMD_CM_IN_RESP_RES_DW 8
#define RNIC_CMD_CM_IN_RESP_RES_LSB 24
#define RNIC_CMD_CM_IN_RESP_RES_WIDTH 8
#define RNIC_CMD_CM_IN_RESP_RES_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_resp_res(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cmd_cm_in_get_resp_res(const uint32_t *w)
{ return (w[8] >> 24) & 0xFFu; }
static inline void rnic_cmd_cm_in_set_resp_res(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cmd_cm_in.psn: CM_CONNECT, CM_ACCEPT: the local QP's starting send PSN */
#define RNIC_CMD_CM_IN_PSN_DW 9
#define RNIC_CMD_CM_IN_PSN_LSB 0
#define RNIC_CMD_CM_IN_PSN_WIDTH 24
#define RNIC_CMD_CM_IN_PSN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_psn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_in_get_psn(const uint32_t *w)
{ return (w[9] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_cm_in_set_psn(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_cm_in.init_depth: CM_CONNECT, CM_ACCEPT: initiator depth */
#define RNIC_CMD_CM_IN_INIT_DEPTH_DW 9
#define RNIC_CMD_CM_IN_INIT_DEPTH_LSB 24
#define RNIC_CMD_CM_IN_INIT_DEPTH_WIDTH 8
#define RNIC_CMD_CM_IN_INIT_DEPTH_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_init_depth(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cmd_cm_in_get_init_depth(const uint32_t *w)
{ return (w[9] >> 24) & 0xFFu; }
static inline void rnic_cmd_cm_in_set_init_depth(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cmd_cm_in.qkey: CM_ACCEPT of a SIDR_REQ: the UD QP's Q_Key */
#define RNIC_CMD_CM_IN_QKEY_DW 10
#define RNIC_CMD_CM_IN_QKEY_LSB 0
#define RNIC_CMD_CM_IN_QKEY_WIDTH 32
static inline uint32_t rnic_cmd_cm_in_get_qkey(const uint32_t *w) { return w[10]; }
static inline void rnic_cmd_cm_in_set_qkey(uint32_t *w, uint32_t v) { w[10] = v; }
/* cmd_cm_in.retry_cnt: CM_CONNECT: retry count */
#define RNIC_CMD_CM_IN_RETRY_CNT_DW 11
#define RNIC_CMD_CM_IN_RETRY_CNT_LSB 0
#define RNIC_CMD_CM_IN_RETRY_CNT_WIDTH 3
#define RNIC_CMD_CM_IN_RETRY_CNT_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_retry_cnt(uint32_t v) { return (v & 0x7u) << 0; }
static inline uint32_t rnic_cmd_cm_in_get_retry_cnt(const uint32_t *w)
{ return (w[11] >> 0) & 0x7u; }
static inline void rnic_cmd_cm_in_set_retry_cnt(uint32_t *w, uint32_t v)
{ w[11] = (w[11] & ~(0x7u << 0)) | ((v & 0x7u) << 0); }
/* cmd_cm_in.rnr_retry: CM_CONNECT, CM_ACCEPT: RNR retry count */
#define RNIC_CMD_CM_IN_RNR_RETRY_DW 11
#define RNIC_CMD_CM_IN_RNR_RETRY_LSB 4
#define RNIC_CMD_CM_IN_RNR_RETRY_WIDTH 3
#define RNIC_CMD_CM_IN_RNR_RETRY_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_rnr_retry(uint32_t v) { return (v & 0x7u) << 4; }
static inline uint32_t rnic_cmd_cm_in_get_rnr_retry(const uint32_t *w)
{ return (w[11] >> 4) & 0x7u; }
static inline void rnic_cmd_cm_in_set_rnr_retry(uint32_t *w, uint32_t v)
{ w[11] = (w[11] & ~(0x7u << 4)) | ((v & 0x7u) << 4); }
/* cmd_cm_in.srq: CM_CONNECT, CM_ACCEPT: the QP receives from an SRQ */
#define RNIC_CMD_CM_IN_SRQ_DW 11
#define RNIC_CMD_CM_IN_SRQ_LSB 8
#define RNIC_CMD_CM_IN_SRQ_WIDTH 1
#define RNIC_CMD_CM_IN_SRQ_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_srq(uint32_t v) { return (v & 0x1u) << 8; }
static inline uint32_t rnic_cmd_cm_in_get_srq(const uint32_t *w)
{ return (w[11] >> 8) & 0x1u; }
static inline void rnic_cmd_cm_in_set_srq(uint32_t *w, uint32_t v)
{ w[11] = (w[11] & ~(0x1u << 8)) | ((v & 0x1u) << 8); }
/* cmd_cm_in.mtu: CM_CONNECT: path MTU (enum mtu) */
#define RNIC_CMD_CM_IN_MTU_DW 11
#define RNIC_CMD_CM_IN_MTU_LSB 12
#define RNIC_CMD_CM_IN_MTU_WIDTH 4
#define RNIC_CMD_CM_IN_MTU_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_mtu(uint32_t v) { return (v & 0xFu) << 12; }
static inline uint32_t rnic_cmd_cm_in_get_mtu(const uint32_t *w)
{ return (w[11] >> 12) & 0xFu; }
static inline void rnic_cmd_cm_in_set_mtu(uint32_t *w, uint32_t v)
{ w[11] = (w[11] & ~(0xFu << 12)) | ((v & 0xFu) << 12); }
/* cmd_cm_in.pdata_len: CM_CONNECT, CM_ACCEPT, CM_REJECT, CM_ESTABLISH, CM_DISCONNECT: private-data bytes taken from the staging buffer */
#define RNIC_CMD_CM_IN_PDATA_LEN_DW 11
#define RNIC_CMD_CM_IN_PDATA_LEN_LSB 16
#define RNIC_CMD_CM_IN_PDATA_LEN_WIDTH 8
#define RNIC_CMD_CM_IN_PDATA_LEN_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_pdata_len(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_cmd_cm_in_get_pdata_len(const uint32_t *w)
{ return (w[11] >> 16) & 0xFFu; }
static inline void rnic_cmd_cm_in_set_pdata_len(uint32_t *w, uint32_t v)
{ w[11] = (w[11] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* cmd_cm_in.pdata_off: CM_PDATA: staging offset; CM_GET_EVENT: first private-data byte to return */
#define RNIC_CMD_CM_IN_PDATA_OFF_DW 12
#define RNIC_CMD_CM_IN_PDATA_OFF_LSB 0
#define RNIC_CMD_CM_IN_PDATA_OFF_WIDTH 8
#define RNIC_CMD_CM_IN_PDATA_OFF_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_pdata_off(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_cm_in_get_pdata_off(const uint32_t *w)
{ return (w[12] >> 0) & 0xFFu; }
static inline void rnic_cmd_cm_in_set_pdata_off(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_cm_in.pdata_chunk: CM_PDATA: bytes in words CM_PDATA_DW.. (1 .. CM_PDATA_CHUNK) */
#define RNIC_CMD_CM_IN_PDATA_CHUNK_DW 12
#define RNIC_CMD_CM_IN_PDATA_CHUNK_LSB 8
#define RNIC_CMD_CM_IN_PDATA_CHUNK_WIDTH 8
#define RNIC_CMD_CM_IN_PDATA_CHUNK_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_in_pdata_chunk(uint32_t v) { return (v & 0xFFu) << 8; }
static inline uint32_t rnic_cmd_cm_in_get_pdata_chunk(const uint32_t *w)
{ return (w[12] >> 8) & 0xFFu; }
static inline void rnic_cmd_cm_in_set_pdata_chunk(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFu << 8)) | ((v & 0xFFu) << 8); }

/* cmd_cm_event_out (128 bytes): CM_GET_EVENT output (cmd_out.handle = the ID the event is for) */
#define RNIC_CMD_CM_EVENT_OUT_BYTES 128u
#define RNIC_CMD_CM_EVENT_OUT_WORDS 32u
/* cmd_cm_event_out.event: cm_event */
#define RNIC_CMD_CM_EVENT_OUT_EVENT_DW 2
#define RNIC_CMD_CM_EVENT_OUT_EVENT_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_EVENT_WIDTH 8
#define RNIC_CMD_CM_EVENT_OUT_EVENT_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_event(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_cm_event_out_get_event(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFu; }
static inline void rnic_cmd_cm_event_out_set_event(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_cm_event_out.qp_type: REQ, SIDR_REQ: qp_type the peer connects (RC, UC, UD) */
#define RNIC_CMD_CM_EVENT_OUT_QP_TYPE_DW 2
#define RNIC_CMD_CM_EVENT_OUT_QP_TYPE_LSB 8
#define RNIC_CMD_CM_EVENT_OUT_QP_TYPE_WIDTH 8
#define RNIC_CMD_CM_EVENT_OUT_QP_TYPE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_qp_type(uint32_t v) { return (v & 0xFFu) << 8; }
static inline uint32_t rnic_cmd_cm_event_out_get_qp_type(const uint32_t *w)
{ return (w[2] >> 8) & 0xFFu; }
static inline void rnic_cmd_cm_event_out_set_qp_type(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFu << 8)) | ((v & 0xFFu) << 8); }
/* cmd_cm_event_out.status: REJ: reason; SIDR_REP: status; TIMEOUT: retries */
#define RNIC_CMD_CM_EVENT_OUT_STATUS_DW 2
#define RNIC_CMD_CM_EVENT_OUT_STATUS_LSB 16
#define RNIC_CMD_CM_EVENT_OUT_STATUS_WIDTH 16
#define RNIC_CMD_CM_EVENT_OUT_STATUS_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_status(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_cm_event_out_get_status(const uint32_t *w)
{ return (w[2] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_cm_event_out_set_status(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cmd_cm_event_out.listen_id: REQ, SIDR_REQ: the listener the request matched */
#define RNIC_CMD_CM_EVENT_OUT_LISTEN_ID_DW 3
#define RNIC_CMD_CM_EVENT_OUT_LISTEN_ID_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_LISTEN_ID_WIDTH 32
static inline uint32_t rnic_cmd_cm_event_out_get_listen_id(const uint32_t *w) { return w[3]; }
static inline void rnic_cmd_cm_event_out_set_listen_id(uint32_t *w, uint32_t v) { w[3] = v; }
/* cmd_cm_event_out.remote_ip: the peer's IPv4 address */
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_IP_DW 4
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_IP_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_IP_WIDTH 32
static inline uint32_t rnic_cmd_cm_event_out_get_remote_ip(const uint32_t *w) { return w[4]; }
static inline void rnic_cmd_cm_event_out_set_remote_ip(uint32_t *w, uint32_t v) { w[4] = v; }
/* cmd_cm_event_out.local_ip: REQ, SIDR_REQ: the address the peer connected to */
#define RNIC_CMD_CM_EVENT_OUT_LOCAL_IP_DW 5
#define RNIC_CMD_CM_EVENT_OUT_LOCAL_IP_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_LOCAL_IP_WIDTH 32
static inline uint32_t rnic_cmd_cm_event_out_get_local_ip(const uint32_t *w) { return w[5]; }
static inline void rnic_cmd_cm_event_out_set_local_ip(uint32_t *w, uint32_t v) { w[5] = v; }
/* cmd_cm_event_out.remote_port: the peer's port */
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PORT_DW 6
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PORT_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PORT_WIDTH 16
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PORT_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_remote_port(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_event_out_get_remote_port(const uint32_t *w)
{ return (w[6] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_cm_event_out_set_remote_port(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_cm_event_out.local_port: REQ, SIDR_REQ: the port the peer connected to */
#define RNIC_CMD_CM_EVENT_OUT_LOCAL_PORT_DW 6
#define RNIC_CMD_CM_EVENT_OUT_LOCAL_PORT_LSB 16
#define RNIC_CMD_CM_EVENT_OUT_LOCAL_PORT_WIDTH 16
#define RNIC_CMD_CM_EVENT_OUT_LOCAL_PORT_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_local_port(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_cm_event_out_get_local_port(const uint32_t *w)
{ return (w[6] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_cm_event_out_set_local_port(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cmd_cm_event_out.remote_mac_lo: the peer's MAC bytes 2..5 (byte 5 in [7:0]) */
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_LO_DW 7
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_LO_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_LO_WIDTH 32
static inline uint32_t rnic_cmd_cm_event_out_get_remote_mac_lo(const uint32_t *w) { return w[7]; }
static inline void rnic_cmd_cm_event_out_set_remote_mac_lo(uint32_t *w, uint32_t v) { w[7] = v; }
/* cmd_cm_event_out.remote_mac_hi: the peer's MAC bytes 0..1 */
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_HI_DW 8
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_HI_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_HI_WIDTH 16
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_remote_mac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_event_out_get_remote_mac_hi(const uint32_t *w)
{ return (w[8] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_cm_event_out_set_remote_mac_hi(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_cm_event_out.pdata_len: private-data bytes of the message (for REQ and SIDR_REQ: after the RDMA CM header) */
#define RNIC_CMD_CM_EVENT_OUT_PDATA_LEN_DW 8
#define RNIC_CMD_CM_EVENT_OUT_PDATA_LEN_LSB 16
#define RNIC_CMD_CM_EVENT_OUT_PDATA_LEN_WIDTH 8
#define RNIC_CMD_CM_EVENT_OUT_PDATA_LEN_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_pdata_len(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_cmd_cm_event_out_get_pdata_len(const uint32_t *w)
{ return (w[8] >> 16) & 0xFFu; }
static inline void rnic_cmd_cm_event_out_set_pdata_len(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* cmd_cm_event_out.remote_qpn: REQ, REP, SIDR_REP: the peer's QP */
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_QPN_DW 9
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_QPN_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_QPN_WIDTH 24
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_remote_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_event_out_get_remote_qpn(const uint32_t *w)
{ return (w[9] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_cm_event_out_set_remote_qpn(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_cm_event_out.resp_res: REQ, REP: the peer's responder resources */
#define RNIC_CMD_CM_EVENT_OUT_RESP_RES_DW 9
#define RNIC_CMD_CM_EVENT_OUT_RESP_RES_LSB 24
#define RNIC_CMD_CM_EVENT_OUT_RESP_RES_WIDTH 8
#define RNIC_CMD_CM_EVENT_OUT_RESP_RES_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_resp_res(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cmd_cm_event_out_get_resp_res(const uint32_t *w)
{ return (w[9] >> 24) & 0xFFu; }
static inline void rnic_cmd_cm_event_out_set_resp_res(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cmd_cm_event_out.remote_psn: REQ, REP: the peer's starting PSN */
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PSN_DW 10
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PSN_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PSN_WIDTH 24
#define RNIC_CMD_CM_EVENT_OUT_REMOTE_PSN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_remote_psn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_cm_event_out_get_remote_psn(const uint32_t *w)
{ return (w[10] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_cm_event_out_set_remote_psn(uint32_t *w, uint32_t v)
{ w[10] = (w[10] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_cm_event_out.init_depth: REQ, REP: the peer's initiator depth */
#define RNIC_CMD_CM_EVENT_OUT_INIT_DEPTH_DW 10
#define RNIC_CMD_CM_EVENT_OUT_INIT_DEPTH_LSB 24
#define RNIC_CMD_CM_EVENT_OUT_INIT_DEPTH_WIDTH 8
#define RNIC_CMD_CM_EVENT_OUT_INIT_DEPTH_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_init_depth(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cmd_cm_event_out_get_init_depth(const uint32_t *w)
{ return (w[10] >> 24) & 0xFFu; }
static inline void rnic_cmd_cm_event_out_set_init_depth(uint32_t *w, uint32_t v)
{ w[10] = (w[10] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cmd_cm_event_out.qkey: SIDR_REP: the peer QP's Q_Key */
#define RNIC_CMD_CM_EVENT_OUT_QKEY_DW 11
#define RNIC_CMD_CM_EVENT_OUT_QKEY_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_QKEY_WIDTH 32
static inline uint32_t rnic_cmd_cm_event_out_get_qkey(const uint32_t *w) { return w[11]; }
static inline void rnic_cmd_cm_event_out_set_qkey(uint32_t *w, uint32_t v) { w[11] = v; }
/* cmd_cm_event_out.retry_cnt: REQ: retry count */
#define RNIC_CMD_CM_EVENT_OUT_RETRY_CNT_DW 12
#define RNIC_CMD_CM_EVENT_OUT_RETRY_CNT_LSB 0
#define RNIC_CMD_CM_EVENT_OUT_RETRY_CNT_WIDTH 3
#define RNIC_CMD_CM_EVENT_OUT_RETRY_CNT_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_retry_cnt(uint32_t v) { return (v & 0x7u) << 0; }
static inline uint32_t rnic_cmd_cm_event_out_get_retry_cnt(const uint32_t *w)
{ return (w[12] >> 0) & 0x7u; }
static inline void rnic_cmd_cm_event_out_set_retry_cnt(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0x7u << 0)) | ((v & 0x7u) << 0); }
/* cmd_cm_event_out.rnr_retry: REQ, REP: RNR retry count */
#define RNIC_CMD_CM_EVENT_OUT_RNR_RETRY_DW 12
#define RNIC_CMD_CM_EVENT_OUT_RNR_RETRY_LSB 4
#define RNIC_CMD_CM_EVENT_OUT_RNR_RETRY_WIDTH 3
#define RNIC_CMD_CM_EVENT_OUT_RNR_RETRY_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_rnr_retry(uint32_t v) { return (v & 0x7u) << 4; }
static inline uint32_t rnic_cmd_cm_event_out_get_rnr_retry(const uint32_t *w)
{ return (w[12] >> 4) & 0x7u; }
static inline void rnic_cmd_cm_event_out_set_rnr_retry(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0x7u << 4)) | ((v & 0x7u) << 4); }
/* cmd_cm_event_out.srq: REQ, REP: the peer's QP uses an SRQ */
#define RNIC_CMD_CM_EVENT_OUT_SRQ_DW 12
#define RNIC_CMD_CM_EVENT_OUT_SRQ_LSB 8
#define RNIC_CMD_CM_EVENT_OUT_SRQ_WIDTH 1
#define RNIC_CMD_CM_EVENT_OUT_SRQ_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_srq(uint32_t v) { return (v & 0x1u) << 8; }
static inline uint32_t rnic_cmd_cm_event_out_get_srq(const uint32_t *w)
{ return (w[12] >> 8) & 0x1u; }
static inline void rnic_cmd_cm_event_out_set_srq(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0x1u << 8)) | ((v & 0x1u) << 8); }
/* cmd_cm_event_out.mtu: REQ: path MTU (enum mtu) */
#define RNIC_CMD_CM_EVENT_OUT_MTU_DW 12
#define RNIC_CMD_CM_EVENT_OUT_MTU_LSB 12
#define RNIC_CMD_CM_EVENT_OUT_MTU_WIDTH 4
#define RNIC_CMD_CM_EVENT_OUT_MTU_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_mtu(uint32_t v) { return (v & 0xFu) << 12; }
static inline uint32_t rnic_cmd_cm_event_out_get_mtu(const uint32_t *w)
{ return (w[12] >> 12) & 0xFu; }
static inline void rnic_cmd_cm_event_out_set_mtu(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFu << 12)) | ((v & 0xFu) << 12); }
/* cmd_cm_event_out.ps: REQ, SIDR_REQ: port space of the service ID */
#define RNIC_CMD_CM_EVENT_OUT_PS_DW 12
#define RNIC_CMD_CM_EVENT_OUT_PS_LSB 16
#define RNIC_CMD_CM_EVENT_OUT_PS_WIDTH 16
#define RNIC_CMD_CM_EVENT_OUT_PS_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_cm_event_out_ps(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_cm_event_out_get_ps(const uint32_t *w)
{ return (w[12] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_cm_event_out_set_ps(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }

/* cmd_create_srq_in (128 bytes): CREATE_SRQ input (the SRQ number comes back in cmd_out.handle) */
#define RNIC_CMD_CREATE_SRQ_IN_BYTES 128u
#define RNIC_CMD_CREATE_SRQ_IN_WORDS 32u
/* cmd_create_srq_in.pdn: protection domain */
#define RNIC_CMD_CREATE_SRQ_IN_PDN_DW 2
#define RNIC_CMD_CREATE_SRQ_IN_PDN_LSB 0
#define RNIC_CMD_CREATE_SRQ_IN_PDN_WIDTH 24
#define RNIC_CMD_CREATE_SRQ_IN_PDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_srq_in_pdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_srq_in_get_pdn(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_srq_in_set_pdn(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_create_srq_in.log_size: log2 receive WQEs */
#define RNIC_CMD_CREATE_SRQ_IN_LOG_SIZE_DW 3
#define RNIC_CMD_CREATE_SRQ_IN_LOG_SIZE_LSB 0
#define RNIC_CMD_CREATE_SRQ_IN_LOG_SIZE_WIDTH 5
#define RNIC_CMD_CREATE_SRQ_IN_LOG_SIZE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_srq_in_log_size(uint32_t v) { return (v & 0x1Fu) << 0; }
static inline uint32_t rnic_cmd_create_srq_in_get_log_size(const uint32_t *w)
{ return (w[3] >> 0) & 0x1Fu; }
static inline void rnic_cmd_create_srq_in_set_log_size(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0x1Fu << 0)) | ((v & 0x1Fu) << 0); }
/* cmd_create_srq_in.log_stride: log2 receive WQE stride */
#define RNIC_CMD_CREATE_SRQ_IN_LOG_STRIDE_DW 3
#define RNIC_CMD_CREATE_SRQ_IN_LOG_STRIDE_LSB 8
#define RNIC_CMD_CREATE_SRQ_IN_LOG_STRIDE_WIDTH 5
#define RNIC_CMD_CREATE_SRQ_IN_LOG_STRIDE_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_srq_in_log_stride(uint32_t v) { return (v & 0x1Fu) << 8; }
static inline uint32_t rnic_cmd_create_srq_in_get_log_stride(const uint32_t *w)
{ return (w[3] >> 8) & 0x1Fu; }
static inline void rnic_cmd_create_srq_in_set_log_stride(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0x1Fu << 8)) | ((v & 0x1Fu) << 8); }
/* cmd_create_srq_in.base: IOVA of the receive WQE ring */
#define RNIC_CMD_CREATE_SRQ_IN_BASE_DW 4
#define RNIC_CMD_CREATE_SRQ_IN_BASE_LSB 0
#define RNIC_CMD_CREATE_SRQ_IN_BASE_WIDTH 64
static inline uint64_t rnic_cmd_create_srq_in_get_base(const uint32_t *w)
{ return (uint64_t)w[4] | ((uint64_t)w[5] << 32); }
static inline void rnic_cmd_create_srq_in_set_base(uint32_t *w, uint64_t v)
{ w[4] = (uint32_t)v; w[5] = (uint32_t)(v >> 32); }
/* cmd_create_srq_in.limit: srq_limit (0: not armed) */
#define RNIC_CMD_CREATE_SRQ_IN_LIMIT_DW 6
#define RNIC_CMD_CREATE_SRQ_IN_LIMIT_LSB 0
#define RNIC_CMD_CREATE_SRQ_IN_LIMIT_WIDTH 32
static inline uint32_t rnic_cmd_create_srq_in_get_limit(const uint32_t *w) { return w[6]; }
static inline void rnic_cmd_create_srq_in_set_limit(uint32_t *w, uint32_t v) { w[6] = v; }
/* cmd_create_srq_in.xrc: an XRC SRQ (IBV_SRQT_XRC) */
#define RNIC_CMD_CREATE_SRQ_IN_XRC_DW 7
#define RNIC_CMD_CREATE_SRQ_IN_XRC_LSB 0
#define RNIC_CMD_CREATE_SRQ_IN_XRC_WIDTH 1
#define RNIC_CMD_CREATE_SRQ_IN_XRC_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_srq_in_xrc(uint32_t v) { return (v & 0x1u) << 0; }
static inline uint32_t rnic_cmd_create_srq_in_get_xrc(const uint32_t *w)
{ return (w[7] >> 0) & 0x1u; }
static inline void rnic_cmd_create_srq_in_set_xrc(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0x1u << 0)) | ((v & 0x1u) << 0); }
/* cmd_create_srq_in.xrcdn: XRC SRQ: its XRC domain */
#define RNIC_CMD_CREATE_SRQ_IN_XRCDN_DW 8
#define RNIC_CMD_CREATE_SRQ_IN_XRCDN_LSB 0
#define RNIC_CMD_CREATE_SRQ_IN_XRCDN_WIDTH 24
#define RNIC_CMD_CREATE_SRQ_IN_XRCDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_srq_in_xrcdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_srq_in_get_xrcdn(const uint32_t *w)
{ return (w[8] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_srq_in_set_xrcdn(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_create_srq_in.cqn: XRC SRQ: the CQ of its receive completions */
#define RNIC_CMD_CREATE_SRQ_IN_CQN_DW 9
#define RNIC_CMD_CREATE_SRQ_IN_CQN_LSB 0
#define RNIC_CMD_CREATE_SRQ_IN_CQN_WIDTH 24
#define RNIC_CMD_CREATE_SRQ_IN_CQN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_create_srq_in_cqn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_create_srq_in_get_cqn(const uint32_t *w)
{ return (w[9] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_create_srq_in_set_cqn(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }

/* cmd_srq_attr (128 bytes): MODIFY_SRQ input and QUERY_SRQ output */
#define RNIC_CMD_SRQ_ATTR_BYTES 128u
#define RNIC_CMD_SRQ_ATTR_WORDS 32u
/* cmd_srq_attr.mask: MODIFY_SRQ: ibv_srq_attr_mask bits (only IBV_SRQ_LIMIT, 2, is accepted) */
#define RNIC_CMD_SRQ_ATTR_MASK_DW 2
#define RNIC_CMD_SRQ_ATTR_MASK_LSB 0
#define RNIC_CMD_SRQ_ATTR_MASK_WIDTH 32
static inline uint32_t rnic_cmd_srq_attr_get_mask(const uint32_t *w) { return w[2]; }
static inline void rnic_cmd_srq_attr_set_mask(uint32_t *w, uint32_t v) { w[2] = v; }
/* cmd_srq_attr.max_wr: QUERY_SRQ: receive WQEs the SRQ holds */
#define RNIC_CMD_SRQ_ATTR_MAX_WR_DW 3
#define RNIC_CMD_SRQ_ATTR_MAX_WR_LSB 0
#define RNIC_CMD_SRQ_ATTR_MAX_WR_WIDTH 32
static inline uint32_t rnic_cmd_srq_attr_get_max_wr(const uint32_t *w) { return w[3]; }
static inline void rnic_cmd_srq_attr_set_max_wr(uint32_t *w, uint32_t v) { w[3] = v; }
/* cmd_srq_attr.limit: srq_limit (0: not armed) */
#define RNIC_CMD_SRQ_ATTR_LIMIT_DW 4
#define RNIC_CMD_SRQ_ATTR_LIMIT_LSB 0
#define RNIC_CMD_SRQ_ATTR_LIMIT_WIDTH 32
static inline uint32_t rnic_cmd_srq_attr_get_limit(const uint32_t *w) { return w[4]; }
static inline void rnic_cmd_srq_attr_set_limit(uint32_t *w, uint32_t v) { w[4] = v; }

/* cmd_qp_attr (128 bytes): MODIFY_QP input and QUERY_QP output (handle = qpn) */
#define RNIC_CMD_QP_ATTR_BYTES 128u
#define RNIC_CMD_QP_ATTR_WORDS 32u
/* cmd_qp_attr.attr_mask: qp_attr_mask bits (MODIFY_QP) */
#define RNIC_CMD_QP_ATTR_ATTR_MASK_DW 2
#define RNIC_CMD_QP_ATTR_ATTR_MASK_LSB 0
#define RNIC_CMD_QP_ATTR_ATTR_MASK_WIDTH 32
static inline uint32_t rnic_cmd_qp_attr_get_attr_mask(const uint32_t *w) { return w[2]; }
static inline void rnic_cmd_qp_attr_set_attr_mask(uint32_t *w, uint32_t v) { w[2] = v; }
/* cmd_qp_attr.qp_state: qp_state */
#define RNIC_CMD_QP_ATTR_QP_STATE_DW 3
#define RNIC_CMD_QP_ATTR_QP_STATE_LSB 0
#define RNIC_CMD_QP_ATTR_QP_STATE_WIDTH 4
#define RNIC_CMD_QP_ATTR_QP_STATE_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_qp_state(uint32_t v) { return (v & 0xFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_qp_state(const uint32_t *w)
{ return (w[3] >> 0) & 0xFu; }
static inline void rnic_cmd_qp_attr_set_qp_state(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFu << 0)) | ((v & 0xFu) << 0); }
/* cmd_qp_attr.cur_qp_state: qp_state the caller believes current */
#define RNIC_CMD_QP_ATTR_CUR_QP_STATE_DW 3
#define RNIC_CMD_QP_ATTR_CUR_QP_STATE_LSB 4
#define RNIC_CMD_QP_ATTR_CUR_QP_STATE_WIDTH 4
#define RNIC_CMD_QP_ATTR_CUR_QP_STATE_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_cur_qp_state(uint32_t v) { return (v & 0xFu) << 4; }
static inline uint32_t rnic_cmd_qp_attr_get_cur_qp_state(const uint32_t *w)
{ return (w[3] >> 4) & 0xFu; }
static inline void rnic_cmd_qp_attr_set_cur_qp_state(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFu << 4)) | ((v & 0xFu) << 4); }
/* cmd_qp_attr.path_mtu: mtu code */
#define RNIC_CMD_QP_ATTR_PATH_MTU_DW 3
#define RNIC_CMD_QP_ATTR_PATH_MTU_LSB 8
#define RNIC_CMD_QP_ATTR_PATH_MTU_WIDTH 3
#define RNIC_CMD_QP_ATTR_PATH_MTU_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_path_mtu(uint32_t v) { return (v & 0x7u) << 8; }
static inline uint32_t rnic_cmd_qp_attr_get_path_mtu(const uint32_t *w)
{ return (w[3] >> 8) & 0x7u; }
static inline void rnic_cmd_qp_attr_set_path_mtu(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0x7u << 8)) | ((v & 0x7u) << 8); }
/* cmd_qp_attr.en_sqd_async_notify: event when SQD is reached */
#define RNIC_CMD_QP_ATTR_EN_SQD_ASYNC_NOTIFY_DW 3
#define RNIC_CMD_QP_ATTR_EN_SQD_ASYNC_NOTIFY_LSB 12
#define RNIC_CMD_QP_ATTR_EN_SQD_ASYNC_NOTIFY_WIDTH 1
#define RNIC_CMD_QP_ATTR_EN_SQD_ASYNC_NOTIFY_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_en_sqd_async_notify(uint32_t v) { return (v & 0x1u) << 12; }
static inline uint32_t rnic_cmd_qp_attr_get_en_sqd_async_notify(const uint32_t *w)
{ return (w[3] >> 12) & 0x1u; }
static inline void rnic_cmd_qp_attr_set_en_sqd_async_notify(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0x1u << 12)) | ((v & 0x1u) << 12); }
/* cmd_qp_attr.sq_draining: QUERY_QP: SQ still draining */
#define RNIC_CMD_QP_ATTR_SQ_DRAINING_DW 3
#define RNIC_CMD_QP_ATTR_SQ_DRAINING_LSB 13
#define RNIC_CMD_QP_ATTR_SQ_DRAINING_WIDTH 1
#define RNIC_CMD_QP_ATTR_SQ_DRAINING_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_sq_draining(uint32_t v) { return (v & 0x1u) << 13; }
static inline uint32_t rnic_cmd_qp_attr_get_sq_draining(const uint32_t *w)
{ return (w[3] >> 13) & 0x1u; }
static inline void rnic_cmd_qp_attr_set_sq_draining(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0x1u << 13)) | ((v & 0x1u) << 13); }
/* cmd_qp_attr.access: access bits */
#define RNIC_CMD_QP_ATTR_ACCESS_DW 3
#define RNIC_CMD_QP_ATTR_ACCESS_LSB 16
#define RNIC_CMD_QP_ATTR_ACCESS_WIDTH 8
#define RNIC_CMD_QP_ATTR_ACCESS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_access(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_cmd_qp_attr_get_access(const uint32_t *w)
{ return (w[3] >> 16) & 0xFFu; }
static inline void rnic_cmd_qp_attr_set_access(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* cmd_qp_attr.port_num: port (1) */
#define RNIC_CMD_QP_ATTR_PORT_NUM_DW 3
#define RNIC_CMD_QP_ATTR_PORT_NUM_LSB 24
#define RNIC_CMD_QP_ATTR_PORT_NUM_WIDTH 8
#define RNIC_CMD_QP_ATTR_PORT_NUM_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_port_num(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cmd_qp_attr_get_port_num(const uint32_t *w)
{ return (w[3] >> 24) & 0xFFu; }
static inline void rnic_cmd_qp_attr_set_port_num(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cmd_qp_attr.qkey: Q_Key */
#define RNIC_CMD_QP_ATTR_QKEY_DW 4
#define RNIC_CMD_QP_ATTR_QKEY_LSB 0
#define RNIC_CMD_QP_ATTR_QKEY_WIDTH 32
static inline uint32_t rnic_cmd_qp_attr_get_qkey(const uint32_t *w) { return w[4]; }
static inline void rnic_cmd_qp_attr_set_qkey(uint32_t *w, uint32_t v) { w[4] = v; }
/* cmd_qp_attr.rq_psn: expected receive PSN */
#define RNIC_CMD_QP_ATTR_RQ_PSN_DW 5
#define RNIC_CMD_QP_ATTR_RQ_PSN_LSB 0
#define RNIC_CMD_QP_ATTR_RQ_PSN_WIDTH 24
#define RNIC_CMD_QP_ATTR_RQ_PSN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_rq_psn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_rq_psn(const uint32_t *w)
{ return (w[5] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_qp_attr_set_rq_psn(uint32_t *w, uint32_t v)
{ w[5] = (w[5] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_qp_attr.sq_psn: send PSN */
#define RNIC_CMD_QP_ATTR_SQ_PSN_DW 6
#define RNIC_CMD_QP_ATTR_SQ_PSN_LSB 0
#define RNIC_CMD_QP_ATTR_SQ_PSN_WIDTH 24
#define RNIC_CMD_QP_ATTR_SQ_PSN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_sq_psn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_sq_psn(const uint32_t *w)
{ return (w[6] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_qp_attr_set_sq_psn(uint32_t *w, uint32_t v)
{ w[6] = (w[6] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_qp_attr.dest_qpn: remote QP */
#define RNIC_CMD_QP_ATTR_DEST_QPN_DW 7
#define RNIC_CMD_QP_ATTR_DEST_QPN_LSB 0
#define RNIC_CMD_QP_ATTR_DEST_QPN_WIDTH 24
#define RNIC_CMD_QP_ATTR_DEST_QPN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_dest_qpn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_dest_qpn(const uint32_t *w)
{ return (w[7] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_qp_attr_set_dest_qpn(uint32_t *w, uint32_t v)
{ w[7] = (w[7] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_qp_attr.pkey_index: P_Key index */
#define RNIC_CMD_QP_ATTR_PKEY_INDEX_DW 8
#define RNIC_CMD_QP_ATTR_PKEY_INDEX_LSB 0
#define RNIC_CMD_QP_ATTR_PKEY_INDEX_WIDTH 16
#define RNIC_CMD_QP_ATTR_PKEY_INDEX_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_pkey_index(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_pkey_index(const uint32_t *w)
{ return (w[8] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_qp_attr_set_pkey_index(uint32_t *w, uint32_t v)
{ w[8] = (w[8] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_qp_attr.timeout: local ACK timeout code */
#define RNIC_CMD_QP_ATTR_TIMEOUT_DW 9
#define RNIC_CMD_QP_ATTR_TIMEOUT_LSB 0
#define RNIC_CMD_QP_ATTR_TIMEOUT_WIDTH 5
#define RNIC_CMD_QP_ATTR_TIMEOUT_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_timeout(uint32_t v) { return (v & 0x1Fu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_timeout(const uint32_t *w)
{ return (w[9] >> 0) & 0x1Fu; }
static inline void rnic_cmd_qp_attr_set_timeout(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0x1Fu << 0)) | ((v & 0x1Fu) << 0); }
/* cmd_qp_attr.retry_cnt: retry count */
#define RNIC_CMD_QP_ATTR_RETRY_CNT_DW 9
#define RNIC_CMD_QP_ATTR_RETRY_CNT_LSB 8
#define RNIC_CMD_QP_ATTR_RETRY_CNT_WIDTH 3
#define RNIC_CMD_QP_ATTR_RETRY_CNT_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_retry_cnt(uint32_t v) { return (v & 0x7u) << 8; }
static inline uint32_t rnic_cmd_qp_attr_get_retry_cnt(const uint32_t *w)
{ return (w[9] >> 8) & 0x7u; }
static inline void rnic_cmd_qp_attr_set_retry_cnt(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0x7u << 8)) | ((v & 0x7u) << 8); }
/* cmd_qp_attr.rnr_retry: RNR retry count */
#define RNIC_CMD_QP_ATTR_RNR_RETRY_DW 9
#define RNIC_CMD_QP_ATTR_RNR_RETRY_LSB 12
#define RNIC_CMD_QP_ATTR_RNR_RETRY_WIDTH 3
#define RNIC_CMD_QP_ATTR_RNR_RETRY_MASK 0x7u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_rnr_retry(uint32_t v) { return (v & 0x7u) << 12; }
static inline uint32_t rnic_cmd_qp_attr_get_rnr_retry(const uint32_t *w)
{ return (w[9] >> 12) & 0x7u; }
static inline void rnic_cmd_qp_attr_set_rnr_retry(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0x7u << 12)) | ((v & 0x7u) << 12); }
/* cmd_qp_attr.min_rnr_timer: RNR timer code */
#define RNIC_CMD_QP_ATTR_MIN_RNR_TIMER_DW 9
#define RNIC_CMD_QP_ATTR_MIN_RNR_TIMER_LSB 16
#define RNIC_CMD_QP_ATTR_MIN_RNR_TIMER_WIDTH 5
#define RNIC_CMD_QP_ATTR_MIN_RNR_TIMER_MASK 0x1Fu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_min_rnr_timer(uint32_t v) { return (v & 0x1Fu) << 16; }
static inline uint32_t rnic_cmd_qp_attr_get_min_rnr_timer(const uint32_t *w)
{ return (w[9] >> 16) & 0x1Fu; }
static inline void rnic_cmd_qp_attr_set_min_rnr_timer(uint32_t *w, uint32_t v)
{ w[9] = (w[9] & ~(0x1Fu << 16)) | ((v & 0x1Fu) << 16); }
/* cmd_qp_attr.max_rd_atomic: outstanding READ/atomic as requester */
#define RNIC_CMD_QP_ATTR_MAX_RD_ATOMIC_DW 10
#define RNIC_CMD_QP_ATTR_MAX_RD_ATOMIC_LSB 0
#define RNIC_CMD_QP_ATTR_MAX_RD_ATOMIC_WIDTH 8
#define RNIC_CMD_QP_ATTR_MAX_RD_ATOMIC_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_max_rd_atomic(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_max_rd_atomic(const uint32_t *w)
{ return (w[10] >> 0) & 0xFFu; }
static inline void rnic_cmd_qp_attr_set_max_rd_atomic(uint32_t *w, uint32_t v)
{ w[10] = (w[10] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_qp_attr.max_dest_rd_atomic: outstanding READ/atomic as responder */
#define RNIC_CMD_QP_ATTR_MAX_DEST_RD_ATOMIC_DW 10
#define RNIC_CMD_QP_ATTR_MAX_DEST_RD_ATOMIC_LSB 8
#define RNIC_CMD_QP_ATTR_MAX_DEST_RD_ATOMIC_WIDTH 8
#define RNIC_CMD_QP_ATTR_MAX_DEST_RD_ATOMIC_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_max_dest_rd_atomic(uint32_t v) { return (v & 0xFFu) << 8; }
static inline uint32_t rnic_cmd_qp_attr_get_max_dest_rd_atomic(const uint32_t *w)
{ return (w[10] >> 8) & 0xFFu; }
static inline void rnic_cmd_qp_attr_set_max_dest_rd_atomic(uint32_t *w, uint32_t v)
{ w[10] = (w[10] & ~(0xFFu << 8)) | ((v & 0xFFu) << 8); }
/* cmd_qp_attr.dmac_lo: remote MAC bytes 2..5 */
#define RNIC_CMD_QP_ATTR_DMAC_LO_DW 11
#define RNIC_CMD_QP_ATTR_DMAC_LO_LSB 0
#define RNIC_CMD_QP_ATTR_DMAC_LO_WIDTH 32
static inline uint32_t rnic_cmd_qp_attr_get_dmac_lo(const uint32_t *w) { return w[11]; }
static inline void rnic_cmd_qp_attr_set_dmac_lo(uint32_t *w, uint32_t v) { w[11] = v; }
/* cmd_qp_attr.dmac_hi: remote MAC bytes 0..1 */
#define RNIC_CMD_QP_ATTR_DMAC_HI_DW 12
#define RNIC_CMD_QP_ATTR_DMAC_HI_LSB 0
#define RNIC_CMD_QP_ATTR_DMAC_HI_WIDTH 16
#define RNIC_CMD_QP_ATTR_DMAC_HI_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_dmac_hi(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_dmac_hi(const uint32_t *w)
{ return (w[12] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_qp_attr_set_dmac_hi(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_qp_attr.sgid_index: source GID index */
#define RNIC_CMD_QP_ATTR_SGID_INDEX_DW 12
#define RNIC_CMD_QP_ATTR_SGID_INDEX_LSB 16
#define RNIC_CMD_QP_ATTR_SGID_INDEX_WIDTH 8
#define RNIC_CMD_QP_ATTR_SGID_INDEX_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_sgid_index(uint32_t v) { return (v & 0xFFu) << 16; }
static inline uint32_t rnic_cmd_qp_attr_get_sgid_index(const uint32_t *w)
{ return (w[12] >> 16) & 0xFFu; }
static inline void rnic_cmd_qp_attr_set_sgid_index(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFu << 16)) | ((v & 0xFFu) << 16); }
/* cmd_qp_attr.hop_limit: hop limit / TTL */
#define RNIC_CMD_QP_ATTR_HOP_LIMIT_DW 12
#define RNIC_CMD_QP_ATTR_HOP_LIMIT_LSB 24
#define RNIC_CMD_QP_ATTR_HOP_LIMIT_WIDTH 8
#define RNIC_CMD_QP_ATTR_HOP_LIMIT_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_hop_limit(uint32_t v) { return (v & 0xFFu) << 24; }
static inline uint32_t rnic_cmd_qp_attr_get_hop_limit(const uint32_t *w)
{ return (w[12] >> 24) & 0xFFu; }
static inline void rnic_cmd_qp_attr_set_hop_limit(uint32_t *w, uint32_t v)
{ w[12] = (w[12] & ~(0xFFu << 24)) | ((v & 0xFFu) << 24); }
/* cmd_qp_attr.traffic_class: traffic class / TOS */
#define RNIC_CMD_QP_ATTR_TRAFFIC_CLASS_DW 13
#define RNIC_CMD_QP_ATTR_TRAFFIC_CLASS_LSB 0
#define RNIC_CMD_QP_ATTR_TRAFFIC_CLASS_WIDTH 8
#define RNIC_CMD_QP_ATTR_TRAFFIC_CLASS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_traffic_class(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_traffic_class(const uint32_t *w)
{ return (w[13] >> 0) & 0xFFu; }
static inline void rnic_cmd_qp_attr_set_traffic_class(uint32_t *w, uint32_t v)
{ w[13] = (w[13] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_qp_attr.sl: service level */
#define RNIC_CMD_QP_ATTR_SL_DW 13
#define RNIC_CMD_QP_ATTR_SL_LSB 8
#define RNIC_CMD_QP_ATTR_SL_WIDTH 4
#define RNIC_CMD_QP_ATTR_SL_MASK 0xFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_sl(uint32_t v) { return (v & 0xFu) << 8; }
static inline uint32_t rnic_cmd_qp_attr_get_sl(const uint32_t *w)
{ return (w[13] >> 8) & 0xFu; }
static inline void rnic_cmd_qp_attr_set_sl(uint32_t *w, uint32_t v)
{ w[13] = (w[13] & ~(0xFu << 8)) | ((v & 0xFu) << 8); }
/* cmd_qp_attr.is_global: GRH present (always on RoCE) */
#define RNIC_CMD_QP_ATTR_IS_GLOBAL_DW 13
#define RNIC_CMD_QP_ATTR_IS_GLOBAL_LSB 12
#define RNIC_CMD_QP_ATTR_IS_GLOBAL_WIDTH 1
#define RNIC_CMD_QP_ATTR_IS_GLOBAL_MASK 0x1u
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_is_global(uint32_t v) { return (v & 0x1u) << 12; }
static inline uint32_t rnic_cmd_qp_attr_get_is_global(const uint32_t *w)
{ return (w[13] >> 12) & 0x1u; }
static inline void rnic_cmd_qp_attr_set_is_global(uint32_t *w, uint32_t v)
{ w[13] = (w[13] & ~(0x1u << 12)) | ((v & 0x1u) << 12); }
/* cmd_qp_attr.flow_label: flow label */
#define RNIC_CMD_QP_ATTR_FLOW_LABEL_DW 14
#define RNIC_CMD_QP_ATTR_FLOW_LABEL_LSB 0
#define RNIC_CMD_QP_ATTR_FLOW_LABEL_WIDTH 20
#define RNIC_CMD_QP_ATTR_FLOW_LABEL_MASK 0xFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_flow_label(uint32_t v) { return (v & 0xFFFFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_flow_label(const uint32_t *w)
{ return (w[14] >> 0) & 0xFFFFFu; }
static inline void rnic_cmd_qp_attr_set_flow_label(uint32_t *w, uint32_t v)
{ w[14] = (w[14] & ~(0xFFFFFu << 0)) | ((v & 0xFFFFFu) << 0); }
/* cmd_qp_attr.dgid_hi: remote GID bytes 0..7 (byte 0 in bits 7:0) */
#define RNIC_CMD_QP_ATTR_DGID_HI_DW 16
#define RNIC_CMD_QP_ATTR_DGID_HI_LSB 0
#define RNIC_CMD_QP_ATTR_DGID_HI_WIDTH 64
static inline uint64_t rnic_cmd_qp_attr_get_dgid_hi(const uint32_t *w)
{ return (uint64_t)w[16] | ((uint64_t)w[17] << 32); }
static inline void rnic_cmd_qp_attr_set_dgid_hi(uint32_t *w, uint64_t v)
{ w[16] = (uint32_t)v; w[17] = (uint32_t)(v >> 32); }
/* cmd_qp_attr.dgid_lo: remote GID bytes 8..15 (byte 8 in bits 7:0) */
#define RNIC_CMD_QP_ATTR_DGID_LO_DW 18
#define RNIC_CMD_QP_ATTR_DGID_LO_LSB 0
#define RNIC_CMD_QP_ATTR_DGID_LO_WIDTH 64
static inline uint64_t rnic_cmd_qp_attr_get_dgid_lo(const uint32_t *w)
{ return (uint64_t)w[18] | ((uint64_t)w[19] << 32); }
static inline void rnic_cmd_qp_attr_set_dgid_lo(uint32_t *w, uint64_t v)
{ w[18] = (uint32_t)v; w[19] = (uint32_t)(v >> 32); }
/* cmd_qp_attr.cap_max_send_wr: QUERY_QP: send queue depth */
#define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_WR_DW 20
#define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_WR_LSB 0
#define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_WR_WIDTH 32
static inline uint32_t rnic_cmd_qp_attr_get_cap_max_send_wr(const uint32_t *w) { return w[20]; }
static inline void rnic_cmd_qp_attr_set_cap_max_send_wr(uint32_t *w, uint32_t v) { w[20] = v; }
/* cmd_qp_attr.cap_max_recv_wr: QUERY_QP: receive queue depth */
#define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_WR_DW 21
#define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_WR_LSB 0
#define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_WR_WIDTH 32
static inline uint32_t rnic_cmd_qp_attr_get_cap_max_recv_wr(const uint32_t *w) { return w[21]; }
static inline void rnic_cmd_qp_attr_set_cap_max_recv_wr(uint32_t *w, uint32_t v) { w[21] = v; }
/* cmd_qp_attr.cap_max_send_sge: QUERY_QP: send SGEs */
#define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_SGE_DW 22
#define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_SGE_LSB 0
#define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_SGE_WIDTH 16
#define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_SGE_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_cap_max_send_sge(uint32_t v) { return (v & 0xFFFFu) << 0; }
static inline uint32_t rnic_cmd_qp_attr_get_cap_max_send_sge(const uint32_t *w)
{ return (w[22] >> 0) & 0xFFFFu; }
static inline void rnic_cmd_qp_attr_set_cap_max_send_sge(uint32_t *w, uint32_t v)
{ w[22] = (w[22] & ~(0xFFFFu << 0)) | ((v & 0xFFFFu) << 0); }
/* cmd_qp_attr.cap_max_recv_sge: QUERY_QP: receive SGEs */
#define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_SGE_DW 22
#define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_SGE_LSB 16
#define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_SGE_WIDTH 16
#define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_SGE_MASK 0xFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_qp_attr_cap_max_recv_sge(uint32_t v) { return (v & 0xFFFFu) << 16; }
static inline uint32_t rnic_cmd_qp_attr_get_cap_max_recv_sge(const uint32_t *w)
{ return (w[22] >> 16) & 0xFFFFu; }
static inline void rnic_cmd_qp_attr_set_cap_max_recv_sge(uint32_t *w, uint32_t v)
{ w[22] = (w[22] & ~(0xFFFFu << 16)) | ((v & 0xFFFFu) << 16); }
/* cmd_qp_attr.cap_max_inline: QUERY_QP: inline bytes */
#define RNIC_CMD_QP_ATTR_CAP_MAX_INLINE_DW 23
#define RNIC_CMD_QP_ATTR_CAP_MAX_INLINE_LSB 0
#define RNIC_CMD_QP_ATTR_CAP_MAX_INLINE_WIDTH 32
static inline uint32_t rnic_cmd_qp_attr_get_cap_max_inline(const uint32_t *w) { return w[23]; }
static inline void rnic_cmd_qp_attr_set_cap_max_inline(uint32_t *w, uint32_t v) { w[23] = v; }

/* cmd_reg_mr_in (128 bytes): REG_MR input (output handle = key: index << KEY_TAG_BITS | tag) */
#define RNIC_CMD_REG_MR_IN_BYTES 128u
#define RNIC_CMD_REG_MR_IN_WORDS 32u
/* cmd_reg_mr_in.pdn: protection domain */
#define RNIC_CMD_REG_MR_IN_PDN_DW 2
#define RNIC_CMD_REG_MR_IN_PDN_LSB 0
#define RNIC_CMD_REG_MR_IN_PDN_WIDTH 24
#define RNIC_CMD_REG_MR_IN_PDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_reg_mr_in_pdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_reg_mr_in_get_pdn(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_reg_mr_in_set_pdn(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_reg_mr_in.access: access bits */
#define RNIC_CMD_REG_MR_IN_ACCESS_DW 3
#define RNIC_CMD_REG_MR_IN_ACCESS_LSB 0
#define RNIC_CMD_REG_MR_IN_ACCESS_WIDTH 8
#define RNIC_CMD_REG_MR_IN_ACCESS_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_reg_mr_in_access(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_reg_mr_in_get_access(const uint32_t *w)
{ return (w[3] >> 0) & 0xFFu; }
static inline void rnic_cmd_reg_mr_in_set_access(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }
/* cmd_reg_mr_in.start: first virtual address */
#define RNIC_CMD_REG_MR_IN_START_DW 4
#define RNIC_CMD_REG_MR_IN_START_LSB 0
#define RNIC_CMD_REG_MR_IN_START_WIDTH 64
static inline uint64_t rnic_cmd_reg_mr_in_get_start(const uint32_t *w)
{ return (uint64_t)w[4] | ((uint64_t)w[5] << 32); }
static inline void rnic_cmd_reg_mr_in_set_start(uint32_t *w, uint64_t v)
{ w[4] = (uint32_t)v; w[5] = (uint32_t)(v >> 32); }
/* cmd_reg_mr_in.length: bytes */
#define RNIC_CMD_REG_MR_IN_LENGTH_DW 6
#define RNIC_CMD_REG_MR_IN_LENGTH_LSB 0
#define RNIC_CMD_REG_MR_IN_LENGTH_WIDTH 64
static inline uint64_t rnic_cmd_reg_mr_in_get_length(const uint32_t *w)
{ return (uint64_t)w[6] | ((uint64_t)w[7] << 32); }
static inline void rnic_cmd_reg_mr_in_set_length(uint32_t *w, uint64_t v)
{ w[6] = (uint32_t)v; w[7] = (uint32_t)(v >> 32); }
/* cmd_reg_mr_in.iova: device address of start (from the transport's dma_map) */
#define RNIC_CMD_REG_MR_IN_IOVA_DW 8
#define RNIC_CMD_REG_MR_IN_IOVA_LSB 0
#define RNIC_CMD_REG_MR_IN_IOVA_WIDTH 64
static inline uint64_t rnic_cmd_reg_mr_in_get_iova(const uint32_t *w)
{ return (uint64_t)w[8] | ((uint64_t)w[9] << 32); }
static inline void rnic_cmd_reg_mr_in_set_iova(uint32_t *w, uint64_t v)
{ w[8] = (uint32_t)v; w[9] = (uint32_t)(v >> 32); }

/* cmd_alloc_mw_in (128 bytes): ALLOC_MW input (output handle = the window's first rkey: index << KEY_TAG_BITS | tag) */
#define RNIC_CMD_ALLOC_MW_IN_BYTES 128u
#define RNIC_CMD_ALLOC_MW_IN_WORDS 32u
/* cmd_alloc_mw_in.pdn: protection domain */
#define RNIC_CMD_ALLOC_MW_IN_PDN_DW 2
#define RNIC_CMD_ALLOC_MW_IN_PDN_LSB 0
#define RNIC_CMD_ALLOC_MW_IN_PDN_WIDTH 24
#define RNIC_CMD_ALLOC_MW_IN_PDN_MASK 0xFFFFFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_alloc_mw_in_pdn(uint32_t v) { return (v & 0xFFFFFFu) << 0; }
static inline uint32_t rnic_cmd_alloc_mw_in_get_pdn(const uint32_t *w)
{ return (w[2] >> 0) & 0xFFFFFFu; }
static inline void rnic_cmd_alloc_mw_in_set_pdn(uint32_t *w, uint32_t v)
{ w[2] = (w[2] & ~(0xFFFFFFu << 0)) | ((v & 0xFFFFFFu) << 0); }
/* cmd_alloc_mw_in.type: window type as enum ibv_mw_type (only 2, type 2B, is accepted) */
#define RNIC_CMD_ALLOC_MW_IN_TYPE_DW 3
#define RNIC_CMD_ALLOC_MW_IN_TYPE_LSB 0
#define RNIC_CMD_ALLOC_MW_IN_TYPE_WIDTH 8
#define RNIC_CMD_ALLOC_MW_IN_TYPE_MASK 0xFFu
/* the field's value placed in its word, for building a word in one store */
static inline uint32_t rnic_cmd_alloc_mw_in_type(uint32_t v) { return (v & 0xFFu) << 0; }
static inline uint32_t rnic_cmd_alloc_mw_in_get_type(const uint32_t *w)
{ return (w[3] >> 0) & 0xFFu; }
static inline void rnic_cmd_alloc_mw_in_set_type(uint32_t *w, uint32_t v)
{ w[3] = (w[3] & ~(0xFFu << 0)) | ((v & 0xFFu) << 0); }

#endif /* RNIC_CONTRACT_H */
