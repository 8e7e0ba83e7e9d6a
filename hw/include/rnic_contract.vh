// Generated from include/rnic.toml by scripts/gen_contract.py. Do not edit.
// The rnic hardware/software contract: see docs/contract.md for the tables.
// A struct is one flat vector; field F of struct S is S_vec[`RNIC_S_F_LSB +: `RNIC_S_F_W].
`ifndef RNIC_CONTRACT_VH
`define RNIC_CONTRACT_VH

`define RNIC_CONTRACT_VERSION 1

// Constants and capability limits
`define RNIC_MAGIC                        1380862275 // BAR0 ID register value, ASCII 'RNIC'
`define RNIC_PCI_VENDOR_ID                7653 // PCI vendor ID the simulator presents (prototype value, not an assigned ID)
`define RNIC_PCI_DEVICE_ID                1 // PCI device ID the simulator presents
`define RNIC_BAR0_SIZE                    1048576 // BAR0 size in bytes (1 MiB)
`define RNIC_DB_PAGE_BASE                 65536 // BAR0 offset of doorbell page 0
`define RNIC_DB_PAGE_SIZE                 4096 // bytes per doorbell page (one per user context)
`define RNIC_DB_PAGES                     64 // doorbell pages (user contexts) the default build provides
`define RNIC_CMDQ_BASE                    4096 // BAR0 (and firmware port) offset of command slot 0
`define RNIC_CMDQ_SLOTS                   8 // command slots; the command queue index wraps at this count
`define RNIC_CMDQ_SLOT_SIZE               256 // bytes per command slot: input words at +0x00, output words at +0x80
`define RNIC_CMDQ_OUT_OFFSET              128 // offset of the output half inside a command slot
`define RNIC_TIMER_TICK_CYCLES            1024 // core clock cycles per tick of the requester's retransmission and RNR timers (4.096 us at 250 MHz, the unit of the local ACK timeout)
`define RNIC_LOG_QPS                      8 // log2 of the default QP count (QPN = QP index)
`define RNIC_LOG_CQS                      8 // log2 of the default CQ count
`define RNIC_LOG_MRS                      10 // log2 of the default memory-key table size
`define RNIC_LOG_PDS                      8 // log2 of the protection-domain count
`define RNIC_LOG_SRQS                     6 // log2 shared receive queues (SRQ contexts)
`define RNIC_LOG_XRCDS                    6 // log2 of the XRC domain count (XRCD numbers 1 .. 2^LOG_XRCDS - 1; 0 is no domain)
`define RNIC_LOG_FLOWS                    4 // log2 of the flow steering table size (RAW_PACKET receive rules, matched in index order)
`define RNIC_RAW_OPCODE                   255 // header-bus opcode of a raw Ethernet frame of a RAW_PACKET QP (IBA manufacturer-specific range; never sent as a BTH): the framer sends the payload as the whole frame, the raw receive path hands frames to the responder with it
`define RNIC_MAX_RAW_FRAME                4096 // largest raw Ethernet frame (destination MAC through payload, no FCS) a RAW_PACKET QP sends or receives
`define RNIC_MAX_TSO_HEADER               128 // largest TSO header template (Ethernet, optional 802.1Q tag, IPv4 and TCP headers with options) of a RAW_PACKET TSO WQE
`define RNIC_MAX_TSO                      262144 // largest TSO payload (bytes after the header template) of one RAW_PACKET TSO WQE
`define RNIC_MAD_BYTES                    256 // bytes of a management datagram (IBA 13.4): the largest payload the GSI (QP1) mailbox keeps or sends
`define RNIC_GSI_RX_DEPTH                 4 // MADs the GSI mailbox holds for the firmware (a power of two)
`define RNIC_GSI_QKEY                     2147549184 // the Q_Key of QP1 (IBA 13.5.1): the GSI mailbox keeps only datagrams that carry it
`define RNIC_CM_IDS                       32 // connection-manager IDs the firmware keeps (listeners and connections of every user context together)
`define RNIC_CM_EVENT_DEPTH               16 // connection-manager events the firmware holds for the hosts (all user contexts together); a MAD whose event finds no room is dropped and counted (the peer retries)
`define RNIC_CM_MAX_PDATA                 224 // largest private data of any CM message (RTU, DREP); REQ 92, REP 196, REJ 148, DREQ 220, SIDR_REQ 216, SIDR_REP 136 (IBA 12.6)
`define RNIC_CM_PDATA_DW                  14 // first word of the private-data bytes in cmd_cm_in (CM_PDATA) and cmd_cm_event_out (CM_GET_EVENT): byte 4k+j of the chunk in bits [8j+7:8j] of word CM_PDATA_DW+k (memory order on a little-endian host)
`define RNIC_CM_PDATA_CHUNK               72 // private-data bytes one CM_PDATA or CM_GET_EVENT command carries (words CM_PDATA_DW..31)
`define RNIC_CM_UDP_QKEY                  19088743 // Q_Key of UD QPs connected through the RDMA CM (RDMA_PS_UDP / IPOIB; librdmacm RDMA_UDP_QKEY), returned in SIDR_REP
`define RNIC_MAX_SEND_SGE                 16 // scatter/gather entries per send WQE
`define RNIC_MAX_RECV_SGE                 16 // scatter entries per receive WQE
`define RNIC_MAX_INLINE                   256 // bytes of inline payload per send WQE
`define RNIC_LOG_MAX_WQE                  15 // log2 of the deepest send or receive queue (indices are 16-bit counters)
`define RNIC_LOG_MAX_CQE                  15 // log2 of the deepest completion queue
`define RNIC_SEND_WQE_MIN_STRIDE          64 // smallest send WQE stride (bytes, a power of two; the control segment)
`define RNIC_SEND_WQE_MAX_STRIDE          512 // largest send WQE stride (bytes)
`define RNIC_RECV_WQE_MAX_STRIDE          512 // largest receive WQE stride (bytes)
`define RNIC_CTX_WORDS                    32 // 32-bit words in one context-table entry written through the firmware port
`define RNIC_MAX_RD_ATOMIC                16 // outstanding RDMA READ/atomic requests per QP, each direction
`define RNIC_KEY_TAG_BITS                 8 // low bits of an lkey/rkey that hold the key tag; the rest is the table index
`define RNIC_ROCE_UDP_PORT                4791 // RoCEv2 UDP destination port (IBTA annex A17)
`define RNIC_IRQ_VECTORS                  32 // interrupt vectors: 0 command completion, 1 asynchronous events, 2.. completion events and connection-manager notification (the firmware raises any vector through FW HOST_IRQ)
`define RNIC_AEQ_BASE                     2048 // BAR0 (and firmware port) offset of asynchronous event slot 0 (aeqe entries; the firmware writes, the host reads)
`define RNIC_AEQ_SLOTS                    32 // asynchronous event slots; the event queue indexes wrap at this count
`define RNIC_AEQ_SLOT_SIZE                8 // bytes per asynchronous event slot (struct aeqe)
`define RNIC_HW_EVENT_DEPTH               16 // hardware events (FW_EVENT) the NIC holds for the firmware before it drops and counts them

// wqe_op (8 bits): send WQE opcode (send_wqe.opcode)
`define RNIC_WQE_OP_W 8
`define RNIC_WQE_OP_RDMA_WRITE            8'h0 // RDMA WRITE
`define RNIC_WQE_OP_RDMA_WRITE_IMM        8'h1 // RDMA WRITE with immediate
`define RNIC_WQE_OP_SEND                  8'h2 // SEND
`define RNIC_WQE_OP_SEND_IMM              8'h3 // SEND with immediate
`define RNIC_WQE_OP_RDMA_READ             8'h4 // RDMA READ
`define RNIC_WQE_OP_ATOMIC_CS             8'h5 // atomic compare and swap
`define RNIC_WQE_OP_ATOMIC_FA             8'h6 // atomic fetch and add
`define RNIC_WQE_OP_LOCAL_INV             8'h7 // local invalidate
`define RNIC_WQE_OP_BIND_MW               8'h8 // bind memory window
`define RNIC_WQE_OP_SEND_INV              8'h9 // SEND with invalidate
`define RNIC_WQE_OP_TSO                   8'hA // TCP segmentation offload

// wqe_flag (8 bits): send WQE flag bits (send_wqe.flags)
`define RNIC_WQE_FLAG_W 8
`define RNIC_WQE_FLAG_SIGNALED            8'h1 // write a CQE when the WQE completes
`define RNIC_WQE_FLAG_SOLICITED           8'h2 // set BTH.SE on the last packet
`define RNIC_WQE_FLAG_FENCE               8'h4 // wait for earlier READ/atomic WQEs
`define RNIC_WQE_FLAG_INLINE              8'h8 // payload follows the control segment
`define RNIC_WQE_FLAG_IP_CSUM             8'h10 // RAW_PACKET: write the IPv4 header checksum and the TCP or UDP checksum of the frame (TSO WQEs always do)

// cqe_op (8 bits): CQE opcode (cqe.opcode); bit 7 set for responder (receive) completions
`define RNIC_CQE_OP_W 8
`define RNIC_CQE_OP_REQ_SEND              8'h0 // requester SEND / SEND with imm / SEND with inv
`define RNIC_CQE_OP_REQ_RDMA_WRITE        8'h1 // requester RDMA WRITE (with or without imm)
`define RNIC_CQE_OP_REQ_RDMA_READ         8'h2 // requester RDMA READ
`define RNIC_CQE_OP_REQ_ATOMIC_CS         8'h3 // requester compare and swap
`define RNIC_CQE_OP_REQ_ATOMIC_FA         8'h4 // requester fetch and add
`define RNIC_CQE_OP_REQ_LOCAL_INV         8'h5 // requester local invalidate
`define RNIC_CQE_OP_REQ_BIND_MW           8'h6 // requester bind memory window
`define RNIC_CQE_OP_REQ_TSO               8'h7 // requester TSO
`define RNIC_CQE_OP_RESP_RECV             8'h80 // receive of a SEND
`define RNIC_CQE_OP_RESP_RECV_IMM         8'h81 // receive of an RDMA WRITE with immediate

// cqe_flag (8 bits): CQE flag bits (cqe.flags)
`define RNIC_CQE_FLAG_W 8
`define RNIC_CQE_FLAG_IMM                 8'h1 // imm_data valid
`define RNIC_CQE_FLAG_INV                 8'h2 // imm_data holds the invalidated rkey
`define RNIC_CQE_FLAG_GRH                 8'h4 // a GRH was placed in the first 40 bytes
`define RNIC_CQE_FLAG_SOLICITED           8'h8 // the packet carried BTH.SE

// wc_status (8 bits): CQE status (cqe.status); numbered as the IBA completion status list
`define RNIC_WC_STATUS_W 8
`define RNIC_WC_STATUS_SUCCESS            8'h0 // success
`define RNIC_WC_STATUS_LOC_LEN_ERR        8'h1 // local length error
`define RNIC_WC_STATUS_LOC_QP_OP_ERR      8'h2 // local QP operation error
`define RNIC_WC_STATUS_LOC_EEC_OP_ERR     8'h3 // local EE context operation error
`define RNIC_WC_STATUS_LOC_PROT_ERR       8'h4 // local protection error (bad lkey or bounds)
`define RNIC_WC_STATUS_WR_FLUSH_ERR       8'h5 // flushed: the QP was in the error state
`define RNIC_WC_STATUS_MW_BIND_ERR        8'h6 // memory window bind error
`define RNIC_WC_STATUS_BAD_RESP_ERR       8'h7 // bad response
`define RNIC_WC_STATUS_LOC_ACCESS_ERR     8'h8 // local access error
`define RNIC_WC_STATUS_REM_INV_REQ_ERR    8'h9 // remote invalid request
`define RNIC_WC_STATUS_REM_ACCESS_ERR     8'hA // remote access error
`define RNIC_WC_STATUS_REM_OP_ERR         8'hB // remote operation error
`define RNIC_WC_STATUS_RETRY_EXC_ERR      8'hC // transport retry counter exceeded
`define RNIC_WC_STATUS_RNR_RETRY_EXC_ERR  8'hD // RNR retry counter exceeded
`define RNIC_WC_STATUS_LOC_RDD_VIOL_ERR   8'hE // local RDD violation
`define RNIC_WC_STATUS_REM_INV_RD_REQ_ERR 8'hF // remote invalid RD request
`define RNIC_WC_STATUS_REM_ABORT_ERR      8'h10 // remote aborted
`define RNIC_WC_STATUS_INV_EECN_ERR       8'h11 // invalid EE context number
`define RNIC_WC_STATUS_INV_EEC_STATE_ERR  8'h12 // invalid EE context state
`define RNIC_WC_STATUS_FATAL_ERR          8'h13 // fatal error
`define RNIC_WC_STATUS_RESP_TIMEOUT_ERR   8'h14 // response timeout
`define RNIC_WC_STATUS_GENERAL_ERR        8'h15 // general error

// qp_state (4 bits): QP state (IBA 10.3.1); numbered as enum ibv_qp_state
`define RNIC_QP_STATE_W 4
`define RNIC_QP_STATE_RESET               4'h0 // reset
`define RNIC_QP_STATE_INIT                4'h1 // initialized
`define RNIC_QP_STATE_RTR                 4'h2 // ready to receive
`define RNIC_QP_STATE_RTS                 4'h3 // ready to send
`define RNIC_QP_STATE_SQD                 4'h4 // send queue drained
`define RNIC_QP_STATE_SQE                 4'h5 // send queue error
`define RNIC_QP_STATE_ERR                 4'h6 // error

// qp_type (4 bits): QP transport service type (qpc.type)
`define RNIC_QP_TYPE_W 4
`define RNIC_QP_TYPE_RC                   4'h0 // reliable connected
`define RNIC_QP_TYPE_UC                   4'h1 // unreliable connected
`define RNIC_QP_TYPE_UD                   4'h2 // unreliable datagram
`define RNIC_QP_TYPE_XRC_SEND             4'h3 // XRC initiator
`define RNIC_QP_TYPE_XRC_RECV             4'h4 // XRC target
`define RNIC_QP_TYPE_RAW                  4'h5 // raw Ethernet packet

// access (8 bits): memory and QP access flags (mpt.access, qpc.access); same bits as enum ibv_access_flags
`define RNIC_ACCESS_W 8
`define RNIC_ACCESS_LOCAL_WRITE           8'h1 // local write
`define RNIC_ACCESS_REMOTE_WRITE          8'h2 // remote write
`define RNIC_ACCESS_REMOTE_READ           8'h4 // remote read
`define RNIC_ACCESS_REMOTE_ATOMIC         8'h8 // remote atomic
`define RNIC_ACCESS_MW_BIND               8'h10 // memory window bind
`define RNIC_ACCESS_ZERO_BASED            8'h20 // addresses are offsets from the region start

// mtu (3 bits): path MTU code (IBA: 1..5 = 256..4096 bytes)
`define RNIC_MTU_W 3
`define RNIC_MTU_256                      3'h1 // 256-byte payload
`define RNIC_MTU_512                      3'h2 // 512-byte payload
`define RNIC_MTU_1024                     3'h3 // 1024-byte payload
`define RNIC_MTU_2048                     3'h4 // 2048-byte payload
`define RNIC_MTU_4096                     3'h5 // 4096-byte payload

// cmd_op (16 bits): command opcode (cmd_hdr.opcode)
`define RNIC_CMD_OP_W 16
`define RNIC_CMD_OP_QUERY_DEVICE          16'h1 // device attributes
`define RNIC_CMD_OP_QUERY_PORT            16'h2 // port attributes and address
`define RNIC_CMD_OP_ALLOC_UCTX            16'h3 // allocate a user context (doorbell page)
`define RNIC_CMD_OP_FREE_UCTX             16'h4 // free a user context
`define RNIC_CMD_OP_ALLOC_PD              16'h10 // allocate a protection domain
`define RNIC_CMD_OP_DEALLOC_PD            16'h11 // free a protection domain
`define RNIC_CMD_OP_CREATE_CQ             16'h20 // create a completion queue
`define RNIC_CMD_OP_DESTROY_CQ            16'h21 // destroy a completion queue
`define RNIC_CMD_OP_CREATE_QP             16'h30 // create a queue pair (RESET state)
`define RNIC_CMD_OP_MODIFY_QP             16'h31 // change QP state and attributes
`define RNIC_CMD_OP_QUERY_QP              16'h32 // read QP attributes
`define RNIC_CMD_OP_DESTROY_QP            16'h33 // destroy a queue pair
`define RNIC_CMD_OP_REG_MR                16'h40 // register a memory region
`define RNIC_CMD_OP_DEREG_MR              16'h41 // deregister a memory region
`define RNIC_CMD_OP_ALLOC_MW              16'h42 // allocate a memory window (type 2B), unbound (output handle = rkey)
`define RNIC_CMD_OP_DEALLOC_MW            16'h43 // free a memory window (bound or not)
`define RNIC_CMD_OP_CREATE_SRQ            16'h50 // create a shared receive queue
`define RNIC_CMD_OP_DESTROY_SRQ           16'h51 // destroy a shared receive queue (no QP may use it)
`define RNIC_CMD_OP_MODIFY_SRQ            16'h52 // arm the SRQ limit
`define RNIC_CMD_OP_QUERY_SRQ             16'h53 // read the SRQ attributes
`define RNIC_CMD_OP_OPEN_XRCD             16'h60 // open an XRC domain (output handle = XRCD number)
`define RNIC_CMD_OP_CREATE_FLOW           16'h70 // install a flow steering rule for a RAW_PACKET QP (output handle = flow index)
`define RNIC_CMD_OP_DESTROY_FLOW          16'h71 // remove a flow steering rule (handle = flow index)
`define RNIC_CMD_OP_CLOSE_XRCD            16'h61 // close an XRC domain (handle = XRCD number; BUSY while an XRC SRQ or XRC target QP uses it)
`define RNIC_CMD_OP_CM_NOTIFY             16'h80 // handle = host interrupt vector the firmware raises when a CM event for the caller's uctx is queued (0: none; the host polls)
`define RNIC_CMD_OP_CM_CREATE_ID          16'h81 // create a CM ID (cmd_cm_in ps, qp_type; output handle = the ID)
`define RNIC_CMD_OP_CM_LISTEN             16'h82 // listen on the ID (cmd_cm_in local_ip (0: any), local_port); BUSY when that port space, port and address are taken
`define RNIC_CMD_OP_CM_CONNECT            16'h83 // send a REQ (RC, UC) or SIDR_REQ (UD) from the ID to remote_ip/remote_port (cmd_cm_in; private data from the ID's staging buffer)
`define RNIC_CMD_OP_CM_ACCEPT             16'h84 // answer the REQ or SIDR_REQ of a connection ID with REP or SIDR_REP (cmd_cm_in qpn, psn, resources, qkey, pdata_len)
`define RNIC_CMD_OP_CM_REJECT             16'h85 // answer the REQ or SIDR_REQ of a connection ID with REJ or a rejecting SIDR_REP (cmd_cm_in reason, pdata_len)
`define RNIC_CMD_OP_CM_ESTABLISH          16'h86 // active side: send the RTU after the REP (cmd_cm_in pdata_len)
`define RNIC_CMD_OP_CM_DISCONNECT         16'h87 // send a DREQ, or the DREP when a DREQ was received (cmd_cm_in pdata_len)
`define RNIC_CMD_OP_CM_DESTROY            16'h88 // free the ID; a connected one first sends DREQ (or DREP, or REJ for an unanswered REQ); its queued events go
`define RNIC_CMD_OP_CM_PDATA              16'h89 // store cmd_cm_in pdata_chunk bytes at pdata_off of the ID's private-data staging buffer (CM_MAX_PDATA bytes)
`define RNIC_CMD_OP_CM_GET_EVENT          16'h8A // the caller's oldest CM event (cmd_cm_event_out) with its private data from cmd_cm_in pdata_off; event NONE when there is none
`define RNIC_CMD_OP_CM_ACK_EVENT          16'h8B // remove the caller's oldest CM event

// cm_event (8 bits): connection-manager event type (cmd_cm_event_out.event), queued by the firmware for the user context owning the ID
`define RNIC_CM_EVENT_W 8
`define RNIC_CM_EVENT_NONE                8'h0 // no event waits
`define RNIC_CM_EVENT_REQ                 8'h1 // a REQ reached a listener: handle = the new connection ID (owned by the listener's uctx), listen_id = the listener
`define RNIC_CM_EVENT_REP                 8'h2 // the REP to this ID's REQ: the host moves its QP to RTR and RTS, then sends CM_ESTABLISH
`define RNIC_CM_EVENT_RTU                 8'h3 // passive side: the RTU arrived; the connection is established
`define RNIC_CM_EVENT_REJ                 8'h4 // the peer rejected (status = REJ reason, IBA 12.6.7; 8 = no listener on that service ID)
`define RNIC_CM_EVENT_DREQ                8'h5 // the peer disconnects (the host answers with CM_DISCONNECT, which sends the DREP)
`define RNIC_CM_EVENT_DREP                8'h6 // the DREP to this ID's DREQ: the disconnection is complete
`define RNIC_CM_EVENT_SIDR_REQ            8'h7 // a SIDR_REQ reached a UD listener: handle = the new ID, listen_id = the listener
`define RNIC_CM_EVENT_SIDR_REP            8'h8 // the SIDR_REP to this ID's SIDR_REQ (status = SIDR status, 0 = the QP is valid; remote_qpn, qkey)
`define RNIC_CM_EVENT_TIMEOUT             8'h9 // no answer: the REQ or SIDR_REQ went unanswered (status = retries sent)

// cmd_status (8 bits): command completion status (cmd_out.status)
`define RNIC_CMD_STATUS_W 8
`define RNIC_CMD_STATUS_OK                8'h0 // done
`define RNIC_CMD_STATUS_BAD_OPCODE        8'h1 // unknown command
`define RNIC_CMD_STATUS_BAD_PARAM         8'h2 // a parameter is out of range
`define RNIC_CMD_STATUS_BAD_HANDLE        8'h3 // no such object, or not the caller's
`define RNIC_CMD_STATUS_BAD_STATE         8'h4 // QP state transition not allowed
`define RNIC_CMD_STATUS_BAD_MASK          8'h5 // attribute mask lacks a required or has a forbidden attribute
`define RNIC_CMD_STATUS_NO_RESOURCES      8'h6 // table full
`define RNIC_CMD_STATUS_BUSY              8'h7 // object still referenced

// qp_attr_mask (32 bits): MODIFY_QP attribute mask bits; same bits as enum ibv_qp_attr_mask
`define RNIC_QP_ATTR_MASK_W 32
`define RNIC_QP_ATTR_MASK_STATE           32'h1 // qp_state
`define RNIC_QP_ATTR_MASK_CUR_STATE       32'h2 // cur_qp_state
`define RNIC_QP_ATTR_MASK_EN_SQD_ASYNC_NOTIFY 32'h4 // en_sqd_async_notify
`define RNIC_QP_ATTR_MASK_ACCESS_FLAGS    32'h8 // qp_access_flags
`define RNIC_QP_ATTR_MASK_PKEY_INDEX      32'h10 // pkey_index
`define RNIC_QP_ATTR_MASK_PORT            32'h20 // port_num
`define RNIC_QP_ATTR_MASK_QKEY            32'h40 // qkey
`define RNIC_QP_ATTR_MASK_AV              32'h80 // primary address vector
`define RNIC_QP_ATTR_MASK_PATH_MTU        32'h100 // path_mtu
`define RNIC_QP_ATTR_MASK_TIMEOUT         32'h200 // timeout
`define RNIC_QP_ATTR_MASK_RETRY_CNT       32'h400 // retry_cnt
`define RNIC_QP_ATTR_MASK_RNR_RETRY       32'h800 // rnr_retry
`define RNIC_QP_ATTR_MASK_RQ_PSN          32'h1000 // rq_psn
`define RNIC_QP_ATTR_MASK_MAX_QP_RD_ATOMIC 32'h2000 // max_rd_atomic
`define RNIC_QP_ATTR_MASK_ALT_PATH        32'h4000 // alternate path
`define RNIC_QP_ATTR_MASK_MIN_RNR_TIMER   32'h8000 // min_rnr_timer
`define RNIC_QP_ATTR_MASK_SQ_PSN          32'h10000 // sq_psn
`define RNIC_QP_ATTR_MASK_MAX_DEST_RD_ATOMIC 32'h20000 // max_dest_rd_atomic
`define RNIC_QP_ATTR_MASK_PATH_MIG_STATE  32'h40000 // path_mig_state
`define RNIC_QP_ATTR_MASK_CAP             32'h80000 // cap
`define RNIC_QP_ATTR_MASK_DEST_QPN        32'h100000 // dest_qp_num

// ctx_table (8 bits): context table selected by FW_CTX_SEL.table
`define RNIC_CTX_TABLE_W 8
`define RNIC_CTX_TABLE_QPC                8'h1 // queue pair contexts
`define RNIC_CTX_TABLE_CQC                8'h2 // completion queue contexts
`define RNIC_CTX_TABLE_MPT                8'h3 // memory protection table (memory keys)
`define RNIC_CTX_TABLE_SRQC               8'h4 // shared receive queue contexts
`define RNIC_CTX_TABLE_FLOW               8'h5 // flow steering rules (RAW_PACKET receive)

// ctx_cmd (32 bits): FW_CTX_CMD operations
`define RNIC_CTX_CMD_W 32
`define RNIC_CTX_CMD_WRITE                32'h1 // copy FW_CTX_DATA into the selected entry (firmware keeps the master copy)

// cq_arm (2 bits): CQ doorbell arm request (CQ_DB.arm)
`define RNIC_CQ_ARM_W 2
`define RNIC_CQ_ARM_NONE                  2'h0 // only update the consumer index
`define RNIC_CQ_ARM_NEXT                  2'h1 // interrupt on the next completion
`define RNIC_CQ_ARM_SOLICITED             2'h2 // interrupt on the next solicited or error completion

// hw_event (8 bits): hardware event type (FW_EVENT.type) the NIC reports to the firmware; the number is a QPN, an SRQN or a key, as each type says (keys fit: KEY_TAG_BITS + LOG_MRS <= 24)
`define RNIC_HW_EVENT_W 8
`define RNIC_HW_EVENT_NONE                8'h0 // FW_EVENT is empty
`define RNIC_HW_EVENT_REQ_ERR             8'h1 // the requester moved the QP to the error state (its error CQE reports why)
`define RNIC_HW_EVENT_RESP_INV_REQ        8'h2 // the responder NAKed an invalid request and moved the QP to the error state
`define RNIC_HW_EVENT_RESP_ACCESS         8'h3 // the responder NAKed a remote access error and moved the QP to the error state
`define RNIC_HW_EVENT_QP_FATAL            8'h4 // a local failure no CQE reports (a malformed send WQE the fetch engine dropped, host memory failing under a responder READ or atomic) moved the QP to the error state
`define RNIC_HW_EVENT_SRQ_LIMIT           8'h5 // an armed SRQ dropped below its limit and was disarmed
`define RNIC_HW_EVENT_RESP_ERR            8'h6 // the responder moved the QP to the error state after an error its receive CQE reports
`define RNIC_HW_EVENT_MW_BIND             8'h7 // the requester bound a memory window: number = the window's new rkey, FW_EVENT_DATA = the region's lkey
`define RNIC_HW_EVENT_MW_INVAL            8'h8 // a memory window was invalidated (LOCAL_INV): number = the window's rkey

// async_event (8 bits): asynchronous event type (aeqe.event); numbered as enum ibv_event_type
`define RNIC_ASYNC_EVENT_W 8
`define RNIC_ASYNC_EVENT_CQ_ERR           8'h0 // CQ overrun or error
`define RNIC_ASYNC_EVENT_QP_FATAL         8'h1 // local work queue catastrophic error
`define RNIC_ASYNC_EVENT_QP_REQ_ERR       8'h2 // invalid request local work queue error
`define RNIC_ASYNC_EVENT_QP_ACCESS_ERR    8'h3 // local access violation work queue error
`define RNIC_ASYNC_EVENT_COMM_EST         8'h4 // communication established
`define RNIC_ASYNC_EVENT_SQ_DRAINED       8'h5 // send queue drained
`define RNIC_ASYNC_EVENT_PATH_MIG         8'h6 // path migrated
`define RNIC_ASYNC_EVENT_PATH_MIG_ERR     8'h7 // path migration failed
`define RNIC_ASYNC_EVENT_DEVICE_FATAL     8'h8 // device catastrophic error
`define RNIC_ASYNC_EVENT_PORT_ACTIVE      8'h9 // port active
`define RNIC_ASYNC_EVENT_PORT_ERR         8'hA // port error
`define RNIC_ASYNC_EVENT_LID_CHANGE       8'hB // LID changed
`define RNIC_ASYNC_EVENT_PKEY_CHANGE      8'hC // P_Key table changed
`define RNIC_ASYNC_EVENT_SM_CHANGE        8'hD // subnet manager changed
`define RNIC_ASYNC_EVENT_SRQ_ERR          8'hE // SRQ catastrophic error
`define RNIC_ASYNC_EVENT_SRQ_LIMIT_REACHED 8'hF // SRQ dropped below its armed limit
`define RNIC_ASYNC_EVENT_QP_LAST_WQE_REACHED 8'h10 // a QP on an SRQ is in error and takes no more SRQ WQEs
`define RNIC_ASYNC_EVENT_CLIENT_REREGISTER 8'h11 // client reregistration request
`define RNIC_ASYNC_EVENT_GID_CHANGE       8'h12 // GID table changed
`define RNIC_ASYNC_EVENT_WQ_FATAL         8'h13 // work queue catastrophic error

// stat (8 bits): per-NIC counters readable at FW_STAT + 4*index
`define RNIC_STAT_W 8
`define RNIC_STAT_CYCLES                  8'h0 // core clock cycles since reset
`define RNIC_STAT_TX_PKTS                 8'h1 // frames sent
`define RNIC_STAT_TX_BYTES                8'h2 // bytes sent (Ethernet header to ICRC)
`define RNIC_STAT_RX_PKTS                 8'h3 // frames received
`define RNIC_STAT_RX_BYTES                8'h4 // bytes received
`define RNIC_STAT_RX_ICRC_ERR             8'h5 // frames dropped: bad ICRC
`define RNIC_STAT_RX_BAD_HDR              8'h6 // frames dropped: not IPv4/UDP 4791, or malformed
`define RNIC_STAT_RX_BAD_QP               8'h7 // frames dropped: unknown or unready QP
`define RNIC_STAT_RX_PSN_ERR              8'h8 // packets out of sequence
`define RNIC_STAT_DB_REJECT               8'h9 // doorbells for a QP or CQ the page does not own
`define RNIC_STAT_WQE_FETCHED             8'hA // WQEs fetched
`define RNIC_STAT_CQE_WRITTEN             8'hB // CQEs written
`define RNIC_STAT_DMA_RD_BYTES            8'hC // bytes read from host memory
`define RNIC_STAT_DMA_WR_BYTES            8'hD // bytes written to host memory
`define RNIC_STAT_ACKS_TX                 8'hE // ACK packets sent
`define RNIC_STAT_ACKS_RX                 8'hF // ACK packets received
`define RNIC_STAT_WQE_INDEX_ERR           8'h10 // send WQEs dropped by the fetch engine: wqe_index is not the expected index
`define RNIC_STAT_RX_MSG_DROP             8'h11 // UC/UD packets dropped without a reply: their message was lost (sequence gap, no receive WQE, bad R_Key or Q_Key, too long)
`define RNIC_STAT_EVENT_DROP              8'h12 // hardware events lost: HW_EVENT_DEPTH events were already waiting for the firmware
`define RNIC_STAT_RX_RAW                  8'h13 // frames steered to a RAW_PACKET QP by a flow rule
`define RNIC_STAT_RX_RAW_DROP             8'h14 // frames a flow rule matched but the raw receive path had no room for, or longer than MAX_RAW_FRAME
`define RNIC_STAT_TX_TSO_SEG              8'h15 // TCP segments cut from RAW_PACKET TSO WQEs
`define RNIC_STAT_TX_CSUM                 8'h16 // raw frames sent with IPv4 / TCP / UDP checksums written by the device (TSO segments included)
`define RNIC_STAT_GSI_RX                  8'h17 // MADs the GSI (QP1) mailbox kept for the firmware
`define RNIC_STAT_GSI_RX_DROP             8'h18 // packets for QP1 dropped: not a UD SEND ONLY with GSI_QKEY, longer than MAD_BYTES, or the mailbox full
`define RNIC_STAT_GSI_TX                  8'h19 // MADs sent from QP1
`define RNIC_STAT_GSI_TX_BAD              8'h1A // GSI_TX_GO writes ignored: busy, or a length out of range
`define RNIC_STAT_RETRANS                 8'h1B // go-back-N retransmissions the requester started (after a PSN sequence NAK, a missing READ response, a timeout or an RNR wait)
`define RNIC_STAT_RETRANS_PKTS            8'h1C // request packets sent again (PSN before the highest already sent on the QP)
`define RNIC_STAT_TIMEOUTS                8'h1D // retransmission timer expiries (the QP's local ACK timeout passed without progress)
`define RNIC_STAT_RX_NAK_SEQ              8'h1E // PSN sequence error NAKs received (every one the parser passes to the requester)
`define RNIC_STAT_RX_RNR_NAK              8'h1F // RNR NAKs received (every one the parser passes to the requester)
`define RNIC_STAT_TX_NAK_SEQ              8'h20 // PSN sequence error NAKs sent
`define RNIC_STAT_TX_RNR_NAK              8'h21 // RNR NAKs sent
`define RNIC_STAT_RX_DUP                  8'h22 // duplicate request packets (PSN already executed): acknowledged or answered again, never executed twice
`define RNIC_STAT_RX_RESP_DROP            8'h23 // ACKs and responses the requester dropped: duplicate, stale, for no outstanding request, or out of place
`define RNIC_STAT_RETRY_EXC               8'h24 // work requests completed with RETRY_EXC_ERR or RNR_RETRY_EXC_ERR
`define RNIC_STAT_ACK_COALESCED           8'h25 // ACKs not sent because a later packet of the same QP was already waiting (its ACK covers them)

// bth_transport (3 bits): BTH.OpCode[7:5]: the transport service; an opcode is {bth_transport, bth_op}
`define RNIC_BTH_TRANSPORT_W 3
`define RNIC_BTH_TRANSPORT_RC             3'h0 // reliable connection
`define RNIC_BTH_TRANSPORT_UC             3'h1 // unreliable connection
`define RNIC_BTH_TRANSPORT_RD             3'h2 // reliable datagram (not implemented)
`define RNIC_BTH_TRANSPORT_UD             3'h3 // unreliable datagram
`define RNIC_BTH_TRANSPORT_CNP            3'h4 // congestion notification (bth_opcode CNP)
`define RNIC_BTH_TRANSPORT_XRC            3'h5 // extended reliable connection

// bth_op (5 bits): BTH.OpCode[4:0]: the operation, under the transports that have it (UD: SEND_ONLY and SEND_ONLY_IMM; UC: the SEND and WRITE codes)
`define RNIC_BTH_OP_W 5
`define RNIC_BTH_OP_SEND_FIRST            5'h0 // SEND first
`define RNIC_BTH_OP_SEND_MIDDLE           5'h1 // SEND middle
`define RNIC_BTH_OP_SEND_LAST             5'h2 // SEND last
`define RNIC_BTH_OP_SEND_LAST_IMM         5'h3 // SEND last with immediate
`define RNIC_BTH_OP_SEND_ONLY             5'h4 // SEND only
`define RNIC_BTH_OP_SEND_ONLY_IMM         5'h5 // SEND only with immediate
`define RNIC_BTH_OP_WRITE_FIRST           5'h6 // RDMA WRITE first
`define RNIC_BTH_OP_WRITE_MIDDLE          5'h7 // RDMA WRITE middle
`define RNIC_BTH_OP_WRITE_LAST            5'h8 // RDMA WRITE last
`define RNIC_BTH_OP_WRITE_LAST_IMM        5'h9 // RDMA WRITE last with immediate
`define RNIC_BTH_OP_WRITE_ONLY            5'hA // RDMA WRITE only
`define RNIC_BTH_OP_WRITE_ONLY_IMM        5'hB // RDMA WRITE only with immediate
`define RNIC_BTH_OP_READ_REQ              5'hC // RDMA READ request
`define RNIC_BTH_OP_READ_RESP_FIRST       5'hD // RDMA READ response first
`define RNIC_BTH_OP_READ_RESP_MIDDLE      5'hE // RDMA READ response middle
`define RNIC_BTH_OP_READ_RESP_LAST        5'hF // RDMA READ response last
`define RNIC_BTH_OP_READ_RESP_ONLY        5'h10 // RDMA READ response only
`define RNIC_BTH_OP_ACK                   5'h11 // acknowledge
`define RNIC_BTH_OP_ATOMIC_ACK            5'h12 // atomic acknowledge
`define RNIC_BTH_OP_CMP_SWAP              5'h13 // compare and swap
`define RNIC_BTH_OP_FETCH_ADD             5'h14 // fetch and add
`define RNIC_BTH_OP_SEND_LAST_INV         5'h16 // SEND last with invalidate
`define RNIC_BTH_OP_SEND_ONLY_INV         5'h17 // SEND only with invalidate

// bth_opcode (8 bits): whole BTH opcodes outside the {bth_transport, bth_op} pairs
`define RNIC_BTH_OPCODE_W 8
`define RNIC_BTH_OPCODE_CNP               8'h81 // congestion notification packet (RoCEv2): transport CNP, operation 1

// aeth_type (3 bits): AETH.Syndrome[7:5]: what the AETH says; a syndrome is {aeth_type, 5-bit value}
`define RNIC_AETH_TYPE_W 3
`define RNIC_AETH_TYPE_ACK                3'h0 // acknowledge; Syndrome[4:0] is the credit count (aeth_credit)
`define RNIC_AETH_TYPE_RNR_NAK            3'h1 // receiver not ready; Syndrome[4:0] is the RNR timer code
`define RNIC_AETH_TYPE_NAK                3'h3 // negative acknowledge; Syndrome[4:0] is the NAK code (aeth_nak)

// aeth_nak (5 bits): AETH.Syndrome[4:0] of a NAK
`define RNIC_AETH_NAK_W 5
`define RNIC_AETH_NAK_PSN_SEQ_ERR         5'h0 // PSN sequence error
`define RNIC_AETH_NAK_INV_REQ             5'h1 // invalid request
`define RNIC_AETH_NAK_REM_ACCESS_ERR      5'h2 // remote access error
`define RNIC_AETH_NAK_REM_OP_ERR          5'h3 // remote operational error
`define RNIC_AETH_NAK_INV_RD_REQ          5'h4 // invalid RD request

// aeth_credit (5 bits): AETH.Syndrome[4:0] of an ACK: the credit count
`define RNIC_AETH_CREDIT_W 5
`define RNIC_AETH_CREDIT_INVALID          5'h1F // no credit count: the responder does not limit the requester (end-to-end flow control off)

// Register block bar0: host BAR0: identification, capabilities, command queue, doorbells
`define RNIC_BAR0_ID                      0 // 0x0000 ro MAGIC
`define RNIC_BAR0_VERSION                 4 // 0x0004 ro [15:0] contract version, [31:16] hardware revision
`define RNIC_BAR0_CAP_LOG_QPS             8 // 0x0008 ro log2 QP count
`define RNIC_BAR0_CAP_LOG_CQS             12 // 0x000C ro log2 CQ count
`define RNIC_BAR0_CAP_LOG_MRS             16 // 0x0010 ro log2 memory-key count
`define RNIC_BAR0_CAP_LOG_PDS             20 // 0x0014 ro log2 PD count
`define RNIC_BAR0_CAP_SGE                 24 // 0x0018 ro [7:0] max send SGEs, [15:8] max receive SGEs
`define RNIC_BAR0_CAP_INLINE              28 // 0x001C ro max inline bytes
`define RNIC_BAR0_CAP_LOG_DEPTH           32 // 0x0020 ro [7:0] log2 max WQEs, [15:8] log2 max CQEs
`define RNIC_BAR0_CAP_DMA_BITS            36 // 0x0024 ro host DMA data width in bits
`define RNIC_BAR0_CAP_DB_PAGES            40 // 0x0028 ro doorbell pages
`define RNIC_BAR0_CAP_CLK_MHZ             44 // 0x002C ro core clock in MHz
`define RNIC_BAR0_TIMESTAMP_LO            48 // 0x0030 ro core clock cycles since reset, low word (reading it latches the high word)
`define RNIC_BAR0_TIMESTAMP_HI            52 // 0x0034 ro high word latched by the last TIMESTAMP_LO read
`define RNIC_BAR0_STATUS                  56 // 0x0038 ro [0] ready: the reset sweep cleared every context table; commands and doorbells before it are not allowed
`define RNIC_BAR0_CMDQ_PI                 128 // 0x0080 rw command producer index (host writes after filling a slot)
`define RNIC_BAR0_CMDQ_CI                 132 // 0x0084 ro command consumer index (advanced by firmware on completion)
`define RNIC_BAR0_IRQ_ENABLE              144 // 0x0090 rw [0] raise vector 0 when CMDQ_CI advances, [1] raise vector 1 when AEQ_PI advances
`define RNIC_BAR0_AEQ_PI                  148 // 0x0094 ro asynchronous event producer index (advanced by firmware; mod AEQ_SLOTS)
`define RNIC_BAR0_AEQ_CI                  152 // 0x0098 rw asynchronous event consumer index (host writes after reading slots)

// Register block db: doorbell page registers (offset inside a DB_PAGE_SIZE page); write-only
`define RNIC_DB_SQ                        0 // 0x0000 wo send queue producer index: db_sq fields
`define RNIC_DB_RQ                        4 // 0x0004 wo receive queue producer index: db_rq fields
`define RNIC_DB_CQ                        8 // 0x0008 wo CQ consumer index and arm: db_cq fields
`define RNIC_DB_SRQ                       12 // 0x000C wo shared receive queue producer index: db_srq fields

// Register block fw: firmware port: command queue, context tables, port identity, counters
`define RNIC_FW_ID                        0 // 0x0000 ro MAGIC
`define RNIC_FW_IRQ_STATUS                4 // 0x0004 w1c [0] command pending (CMDQ_PI != CMDQ_CI), [1] hardware event pending (FW_EVENT not empty), [2] a MAD waits in the GSI mailbox (GSI_RX_COUNT != 0)
`define RNIC_FW_IRQ_ENABLE                8 // 0x0008 rw [0] interrupt the core on a new command, [1] on a hardware event, [2] on a waiting MAD
`define RNIC_FW_STATUS                    12 // 0x000C ro [0] ready: the reset sweep cleared every context table; commands and doorbells before it are not allowed
`define RNIC_FW_CMDQ_PI                   16 // 0x0010 ro host's command producer index
`define RNIC_FW_CMDQ_CI                   20 // 0x0014 rw command consumer index; writing it completes commands
`define RNIC_FW_CTX_SEL                   32 // 0x0020 rw [7:0] table (ctx_table), [31:8] entry index
`define RNIC_FW_CTX_CMD                   36 // 0x0024 wo ctx_cmd: copy FW_CTX_DATA into the selected entry
`define RNIC_FW_CTX_STATUS                40 // 0x0028 ro [0] busy
`define RNIC_FW_PORT_MAC_LO               48 // 0x0030 rw port MAC address bytes 2..5 (byte 5 in [7:0])
`define RNIC_FW_PORT_MAC_HI               52 // 0x0034 rw port MAC address bytes 0..1 (byte 1 in [7:0])
`define RNIC_FW_PORT_IPV4                 56 // 0x0038 rw port IPv4 address (first octet in [31:24])
`define RNIC_FW_PORT_CTRL                 60 // 0x003C rw [0] link enable
`define RNIC_FW_EVENT                     64 // 0x0040 ro oldest hardware event: [31:24] hw_event type (NONE: no event), [23:0] its number (QPN, SRQN or key)
`define RNIC_FW_EVENT_POP                 68 // 0x0044 wo any write removes the event FW_EVENT and FW_EVENT_DATA show
`define RNIC_FW_AEQ_PI                    72 // 0x0048 rw asynchronous event producer index; writing a new value raises host vector 1 when BAR0 IRQ_ENABLE[1]
`define RNIC_FW_AEQ_CI                    76 // 0x004C ro host's asynchronous event consumer index
`define RNIC_FW_HOST_IRQ                  80 // 0x0050 wo [4:0] raise this host interrupt vector (connection-manager notifications, CM_NOTIFY)
`define RNIC_FW_EVENT_DATA                88 // 0x0058 ro data word of the event FW_EVENT shows (MW_BIND: the region's lkey; 0 for the other types and when empty)
`define RNIC_FW_CTX_DATA                  128 // 0x0080 rw CTX_WORDS words of context data (0x0080..0x00FC)
`define RNIC_FW_STAT                      512 // 0x0200 ro counters, 4 bytes each, indexed by enum stat
`define RNIC_FW_GSI_RX_COUNT              1024 // 0x0400 ro MADs waiting in the GSI (QP1) receive FIFO (0 .. GSI_RX_DEPTH); the GSI_RX_* registers show the oldest
`define RNIC_FW_GSI_RX_LEN                1028 // 0x0404 ro payload bytes of the oldest MAD (0 when none)
`define RNIC_FW_GSI_RX_SQPN               1032 // 0x0408 ro [23:0] its DETH source QP
`define RNIC_FW_GSI_RX_SIP                1036 // 0x040C ro its source IPv4 address (first octet in [31:24])
`define RNIC_FW_GSI_RX_SMAC_LO            1040 // 0x0410 ro its source MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_FW_GSI_RX_SMAC_HI            1044 // 0x0414 ro its source MAC bytes 0..1 (byte 1 in [7:0])
`define RNIC_FW_GSI_RX_PKEY               1048 // 0x0418 ro [15:0] its BTH P_Key
`define RNIC_FW_GSI_RX_POP                1052 // 0x041C wo any write frees the oldest MAD
`define RNIC_FW_GSI_TX_DIP                1056 // 0x0420 rw destination IPv4 address of the MAD to send
`define RNIC_FW_GSI_TX_DMAC_LO            1060 // 0x0424 rw destination MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_FW_GSI_TX_DMAC_HI            1064 // 0x0428 rw destination MAC bytes 0..1 (byte 1 in [7:0])
`define RNIC_FW_GSI_TX_DQPN               1068 // 0x042C rw [23:0] destination QP (1 for the peer's GSI)
`define RNIC_FW_GSI_TX_QKEY               1072 // 0x0430 rw DETH Q_Key (GSI_QKEY for the peer's GSI)
`define RNIC_FW_GSI_TX_LEN                1076 // 0x0434 rw payload bytes, 1 .. MAD_BYTES
`define RNIC_FW_GSI_TX_GO                 1080 // 0x0438 wo any write sends the MAD as a UD SEND ONLY from QP1 (ignored, and counted in GSI_TX_BAD, while busy or with a length out of range)
`define RNIC_FW_GSI_TX_STATUS             1084 // 0x043C ro [0] busy: the last MAD is still going out (its registers and payload must not change)
`define RNIC_FW_GSI_RX_DATA               1280 // 0x0500 ro MAD_BYTES / 4 words of the oldest MAD's payload (0x0500..0x05FC), byte 4k in [31:24] of word k
`define RNIC_FW_GSI_TX_DATA               1536 // 0x0600 rw MAD_BYTES / 4 words of the payload to send (0x0600..0x06FC), byte 4k in [31:24] of word k

// db_sq (4 bytes): SQ doorbell value
`define RNIC_DB_SQ_BITS 32
`define RNIC_DB_SQ_PI_LSB 0 // producer index after the last posted WQE (mod 2^16)
`define RNIC_DB_SQ_PI_W 16
`define RNIC_DB_SQ_QPN_LSB 16 // QP number
`define RNIC_DB_SQ_QPN_W 16

// db_rq (4 bytes): RQ doorbell value
`define RNIC_DB_RQ_BITS 32
`define RNIC_DB_RQ_PI_LSB 0 // producer index after the last posted receive WQE
`define RNIC_DB_RQ_PI_W 16
`define RNIC_DB_RQ_QPN_LSB 16 // QP number
`define RNIC_DB_RQ_QPN_W 16

// db_srq (4 bytes): SRQ doorbell value
`define RNIC_DB_SRQ_BITS 32
`define RNIC_DB_SRQ_PI_LSB 0 // producer index after the last posted receive WQE
`define RNIC_DB_SRQ_PI_W 16
`define RNIC_DB_SRQ_SRQN_LSB 16 // SRQ number
`define RNIC_DB_SRQ_SRQN_W 16

// db_cq (4 bytes): CQ doorbell value
`define RNIC_DB_CQ_BITS 32
`define RNIC_DB_CQ_CI_LSB 0 // consumer index: CQEs the host has consumed (mod 2^16)
`define RNIC_DB_CQ_CI_W 16
`define RNIC_DB_CQ_CQN_LSB 16 // CQ number
`define RNIC_DB_CQ_CQN_W 14
`define RNIC_DB_CQ_ARM_LSB 30 // cq_arm request
`define RNIC_DB_CQ_ARM_W 2

// send_wqe (64 bytes): send WQE control segment; data segments or inline bytes follow it in the same stride
`define RNIC_SEND_WQE_BITS 512
`define RNIC_SEND_WQE_OPCODE_LSB 0 // wqe_op
`define RNIC_SEND_WQE_OPCODE_W 8
`define RNIC_SEND_WQE_FLAGS_LSB 8 // wqe_flag bits
`define RNIC_SEND_WQE_FLAGS_W 8
`define RNIC_SEND_WQE_NUM_SGE_LSB 16 // data segments that follow (0 with INLINE)
`define RNIC_SEND_WQE_NUM_SGE_W 8
`define RNIC_SEND_WQE_TSO_HDR_SZ_LSB 24 // TSO: bytes of the header template (14 .. MAX_TSO_HEADER), inline right after the control segment; the data segments then start at byte 64 + tso_hdr_sz rounded up to 16
`define RNIC_SEND_WQE_TSO_HDR_SZ_W 8
`define RNIC_SEND_WQE_WQE_INDEX_LSB 32 // producer index of this WQE (checked by the fetch engine)
`define RNIC_SEND_WQE_WQE_INDEX_W 16
`define RNIC_SEND_WQE_TSO_MSS_LSB 48 // TSO: TCP payload bytes per segment (1 .. MAX_RAW_FRAME - tso_hdr_sz)
`define RNIC_SEND_WQE_TSO_MSS_W 16
`define RNIC_SEND_WQE_IMM_LSB 64 // immediate data, bytes as in the WR; LOCAL_INV and SEND_INV: the key to invalidate (a number); BIND_MW: the lkey of the region to bind to
`define RNIC_SEND_WQE_IMM_W 32
`define RNIC_SEND_WQE_LENGTH_LSB 96 // total payload bytes (sum of SGE lengths, or inline bytes)
`define RNIC_SEND_WQE_LENGTH_W 32
`define RNIC_SEND_WQE_REMOTE_ADDR_LSB 128 // RDMA/atomic remote virtual address; BIND_MW: first address of the window
`define RNIC_SEND_WQE_REMOTE_ADDR_W 64
`define RNIC_SEND_WQE_RKEY_LSB 192 // RDMA/atomic remote key; BIND_MW: the window's new rkey (its index selects the window, its tag is the new tag)
`define RNIC_SEND_WQE_RKEY_W 32
`define RNIC_SEND_WQE_DEST_QPN_LSB 224 // UD destination QP, or XRC remote SRQ number
`define RNIC_SEND_WQE_DEST_QPN_W 24
`define RNIC_SEND_WQE_COMPARE_ADD_LSB 256 // atomic compare or add operand; BIND_MW: window length in bytes
`define RNIC_SEND_WQE_COMPARE_ADD_W 64
`define RNIC_SEND_WQE_SWAP_LSB 320 // atomic swap operand; BIND_MW: the window's access bits (enum access, remote bits only) in [7:0]
`define RNIC_SEND_WQE_SWAP_W 64
`define RNIC_SEND_WQE_QKEY_LSB 384 // UD remote Q_Key (high bit set: the sending QP's own Q_Key)
`define RNIC_SEND_WQE_QKEY_W 32
`define RNIC_SEND_WQE_AH_DIP_LSB 416 // UD address vector: destination IPv4 address
`define RNIC_SEND_WQE_AH_DIP_W 32
`define RNIC_SEND_WQE_AH_DMAC_LO_LSB 448 // UD address vector: destination MAC bytes 2..5 (byte 2 in bits 31:24)
`define RNIC_SEND_WQE_AH_DMAC_LO_W 32
`define RNIC_SEND_WQE_AH_DMAC_HI_LSB 480 // UD address vector: destination MAC bytes 0..1 (byte 0 in bits 15:8)
`define RNIC_SEND_WQE_AH_DMAC_HI_W 16
`define RNIC_SEND_WQE_AH_HOP_LIMIT_LSB 496 // UD address vector: IPv4 TTL
`define RNIC_SEND_WQE_AH_HOP_LIMIT_W 8
`define RNIC_SEND_WQE_AH_TCLASS_LSB 504 // UD address vector: IPv4 TOS (traffic class)
`define RNIC_SEND_WQE_AH_TCLASS_W 8

// data_seg (16 bytes): scatter/gather entry (send and receive WQEs)
`define RNIC_DATA_SEG_BITS 128
`define RNIC_DATA_SEG_ADDR_LSB 0 // virtual address (IOVA) of the buffer
`define RNIC_DATA_SEG_ADDR_W 64
`define RNIC_DATA_SEG_LENGTH_LSB 64 // bytes
`define RNIC_DATA_SEG_LENGTH_W 32
`define RNIC_DATA_SEG_LKEY_LSB 96 // local key of the registered region
`define RNIC_DATA_SEG_LKEY_W 32

// recv_wqe (16 bytes): receive WQE header; num_sge data segments follow it in the same stride
`define RNIC_RECV_WQE_BITS 128
`define RNIC_RECV_WQE_NUM_SGE_LSB 0 // data segments that follow
`define RNIC_RECV_WQE_NUM_SGE_W 8
`define RNIC_RECV_WQE_WQE_INDEX_LSB 32 // producer index of this WQE
`define RNIC_RECV_WQE_WQE_INDEX_W 16
`define RNIC_RECV_WQE_LENGTH_LSB 64 // total bytes the segments hold
`define RNIC_RECV_WQE_LENGTH_W 32

// cqe (32 bytes): completion queue entry; the owner bit is written last and flips every pass over the ring
`define RNIC_CQE_BITS 256
`define RNIC_CQE_WQE_INDEX_LSB 0 // index of the completed WQE in its queue
`define RNIC_CQE_WQE_INDEX_W 16
`define RNIC_CQE_OPCODE_LSB 16 // cqe_op
`define RNIC_CQE_OPCODE_W 8
`define RNIC_CQE_STATUS_LSB 24 // wc_status
`define RNIC_CQE_STATUS_W 8
`define RNIC_CQE_QPN_LSB 32 // local QP number
`define RNIC_CQE_QPN_W 24
`define RNIC_CQE_FLAGS_LSB 56 // cqe_flag bits
`define RNIC_CQE_FLAGS_W 8
`define RNIC_CQE_BYTE_LEN_LSB 64 // bytes transferred (receive: bytes placed)
`define RNIC_CQE_BYTE_LEN_W 32
`define RNIC_CQE_IMM_LSB 96 // immediate data or invalidated rkey, bytes as on the wire
`define RNIC_CQE_IMM_W 32
`define RNIC_CQE_SRC_QP_LSB 128 // source QP (UD receive)
`define RNIC_CQE_SRC_QP_W 24
`define RNIC_CQE_PKEY_INDEX_LSB 160 // P_Key index
`define RNIC_CQE_PKEY_INDEX_W 16
`define RNIC_CQE_SLID_LSB 176 // source LID (0 on RoCE)
`define RNIC_CQE_SLID_W 16
`define RNIC_CQE_SL_LSB 192 // service level
`define RNIC_CQE_SL_W 4
`define RNIC_CQE_DLID_PATH_BITS_LSB 200 // destination LID path bits (0 on RoCE)
`define RNIC_CQE_DLID_PATH_BITS_W 7
`define RNIC_CQE_VENDOR_ERR_LSB 208 // device-specific error detail
`define RNIC_CQE_VENDOR_ERR_W 16
`define RNIC_CQE_SRQN_LSB 224 // receive on an XRC target QP: the XRC SRQ whose WQE completed
`define RNIC_CQE_SRQN_W 24
`define RNIC_CQE_OWNER_LSB 255 // 1 on the first pass over the ring, 0 on the second, ...
`define RNIC_CQE_OWNER_W 1

// aeqe (8 bytes): asynchronous event entry in the BAR0 event slots (written by firmware, read by the host)
`define RNIC_AEQE_BITS 64
`define RNIC_AEQE_EVENT_LSB 0 // async_event
`define RNIC_AEQE_EVENT_W 8
`define RNIC_AEQE_UCTX_LSB 16 // user context that owns the element
`define RNIC_AEQE_UCTX_W 16
`define RNIC_AEQE_ELEMENT_LSB 32 // QPN, SRQN, CQN or port number, as the event type says
`define RNIC_AEQE_ELEMENT_W 32

// qpc (128 bytes): queue pair context; a write whose state is RESET or INIT clears the QP's queue indexes, a write that raises state to RTR loads rq_psn, one that raises it to RTS loads sq_psn
`define RNIC_QPC_BITS 1024
`define RNIC_QPC_STATE_LSB 0 // qp_state
`define RNIC_QPC_STATE_W 4
`define RNIC_QPC_TYPE_LSB 4 // qp_type
`define RNIC_QPC_TYPE_W 4
`define RNIC_QPC_PATH_MTU_LSB 8 // mtu code
`define RNIC_QPC_PATH_MTU_W 3
`define RNIC_QPC_SQ_SIG_ALL_LSB 12 // every send WQE is signaled
`define RNIC_QPC_SQ_SIG_ALL_W 1
`define RNIC_QPC_SRQ_EN_LSB 13 // receives come from srqn
`define RNIC_QPC_SRQ_EN_W 1
`define RNIC_QPC_ACCESS_LSB 16 // access bits the responder allows
`define RNIC_QPC_ACCESS_W 8
`define RNIC_QPC_PDN_LSB 32 // protection domain
`define RNIC_QPC_PDN_W 24
`define RNIC_QPC_UCTX_LSB 64 // doorbell page that owns the QP
`define RNIC_QPC_UCTX_W 16
`define RNIC_QPC_DEST_QPN_LSB 96 // remote QP number (RC/UC)
`define RNIC_QPC_DEST_QPN_W 24
`define RNIC_QPC_SEND_CQN_LSB 128 // CQ for send completions
`define RNIC_QPC_SEND_CQN_W 24
`define RNIC_QPC_RECV_CQN_LSB 160 // CQ for receive completions
`define RNIC_QPC_RECV_CQN_W 24
`define RNIC_QPC_SRQN_LSB 192 // shared receive queue
`define RNIC_QPC_SRQN_W 24
`define RNIC_QPC_LOG_SQ_SIZE_LSB 224 // log2 send queue entries
`define RNIC_QPC_LOG_SQ_SIZE_W 5
`define RNIC_QPC_LOG_SQ_STRIDE_LSB 232 // log2 send WQE stride in bytes
`define RNIC_QPC_LOG_SQ_STRIDE_W 5
`define RNIC_QPC_LOG_RQ_SIZE_LSB 240 // log2 receive queue entries
`define RNIC_QPC_LOG_RQ_SIZE_W 5
`define RNIC_QPC_LOG_RQ_STRIDE_LSB 248 // log2 receive WQE stride in bytes
`define RNIC_QPC_LOG_RQ_STRIDE_W 5
`define RNIC_QPC_SQ_BASE_LSB 256 // IOVA of the send queue ring
`define RNIC_QPC_SQ_BASE_W 64
`define RNIC_QPC_RQ_BASE_LSB 320 // IOVA of the receive queue ring
`define RNIC_QPC_RQ_BASE_W 64
`define RNIC_QPC_SQ_PSN_LSB 384 // next PSN to send
`define RNIC_QPC_SQ_PSN_W 24
`define RNIC_QPC_RQ_PSN_LSB 416 // next PSN expected
`define RNIC_QPC_RQ_PSN_W 24
`define RNIC_QPC_QKEY_LSB 448 // Q_Key (UD)
`define RNIC_QPC_QKEY_W 32
`define RNIC_QPC_TIMEOUT_LSB 480 // local ACK timeout: 4.096 us * 2^timeout, 0 infinite
`define RNIC_QPC_TIMEOUT_W 5
`define RNIC_QPC_RETRY_CNT_LSB 488 // transport retries
`define RNIC_QPC_RETRY_CNT_W 3
`define RNIC_QPC_RNR_RETRY_LSB 492 // RNR retries, 7 = infinite
`define RNIC_QPC_RNR_RETRY_W 3
`define RNIC_QPC_MIN_RNR_TIMER_LSB 496 // RNR NAK timer code this responder advertises
`define RNIC_QPC_MIN_RNR_TIMER_W 5
`define RNIC_QPC_MAX_RD_ATOMIC_LSB 504 // outstanding READ/atomic as requester (0..15, 0 = none)
`define RNIC_QPC_MAX_RD_ATOMIC_W 4
`define RNIC_QPC_MAX_DEST_RD_ATOMIC_LSB 508 // outstanding READ/atomic as responder
`define RNIC_QPC_MAX_DEST_RD_ATOMIC_W 4
`define RNIC_QPC_DMAC_LO_LSB 512 // remote MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_QPC_DMAC_LO_W 32
`define RNIC_QPC_DMAC_HI_LSB 544 // remote MAC bytes 0..1 (byte 1 in [7:0])
`define RNIC_QPC_DMAC_HI_W 16
`define RNIC_QPC_UDP_SPORT_LSB 560 // UDP source port (flow entropy)
`define RNIC_QPC_UDP_SPORT_W 16
`define RNIC_QPC_DIP_LSB 576 // remote IPv4 address (first octet in [31:24])
`define RNIC_QPC_DIP_W 32
`define RNIC_QPC_HOP_LIMIT_LSB 608 // IPv4 TTL
`define RNIC_QPC_HOP_LIMIT_W 8
`define RNIC_QPC_TRAFFIC_CLASS_LSB 616 // IPv4 TOS
`define RNIC_QPC_TRAFFIC_CLASS_W 8
`define RNIC_QPC_SGID_INDEX_LSB 624 // source GID index
`define RNIC_QPC_SGID_INDEX_W 8
`define RNIC_QPC_SL_LSB 632 // service level
`define RNIC_QPC_SL_W 4
`define RNIC_QPC_FLOW_LABEL_LSB 640 // flow label
`define RNIC_QPC_FLOW_LABEL_W 20
`define RNIC_QPC_PKEY_INDEX_LSB 672 // P_Key index
`define RNIC_QPC_PKEY_INDEX_W 16
`define RNIC_QPC_PKEY_LSB 688 // P_Key sent in BTH
`define RNIC_QPC_PKEY_W 16
`define RNIC_QPC_DGID_HI_LSB 704 // remote GID bytes 0..7 (byte 0 in bits 7:0)
`define RNIC_QPC_DGID_HI_W 64
`define RNIC_QPC_DGID_LO_LSB 768 // remote GID bytes 8..15 (byte 8 in bits 7:0)
`define RNIC_QPC_DGID_LO_W 64
`define RNIC_QPC_XRCDN_LSB 832 // XRC target (XRC_RECV): its XRC domain; a request's XRCETH must name an XRC SRQ of this domain
`define RNIC_QPC_XRCDN_W 24

// cqc (128 bytes): completion queue context
`define RNIC_CQC_BITS 1024
`define RNIC_CQC_VALID_LSB 0 // CQ exists
`define RNIC_CQC_VALID_W 1
`define RNIC_CQC_LOG_SIZE_LSB 8 // log2 entries
`define RNIC_CQC_LOG_SIZE_W 5
`define RNIC_CQC_UCTX_LSB 16 // doorbell page that owns the CQ
`define RNIC_CQC_UCTX_W 16
`define RNIC_CQC_VECTOR_LSB 32 // interrupt vector for completion events
`define RNIC_CQC_VECTOR_W 8
`define RNIC_CQC_BASE_LSB 64 // IOVA of the CQE ring
`define RNIC_CQC_BASE_W 64

// srqc (128 bytes): shared receive queue context; a write clears the SRQ's producer and consumer indexes unless keep_idx is set
`define RNIC_SRQC_BITS 1024
`define RNIC_SRQC_VALID_LSB 0 // SRQ exists
`define RNIC_SRQC_VALID_W 1
`define RNIC_SRQC_KEEP_IDX_LSB 1 // this write keeps the producer and consumer indexes (MODIFY_SRQ re-arming a live SRQ)
`define RNIC_SRQC_KEEP_IDX_W 1
`define RNIC_SRQC_LOG_SIZE_LSB 8 // log2 receive WQEs
`define RNIC_SRQC_LOG_SIZE_W 5
`define RNIC_SRQC_LOG_STRIDE_LSB 16 // log2 receive WQE stride
`define RNIC_SRQC_LOG_STRIDE_W 5
`define RNIC_SRQC_UCTX_LSB 32 // doorbell page that owns the SRQ
`define RNIC_SRQC_UCTX_W 16
`define RNIC_SRQC_PDN_LSB 64 // protection domain of the SRQ's WQEs
`define RNIC_SRQC_PDN_W 24
`define RNIC_SRQC_LIMIT_LSB 96 // armed limit: when a WQE is taken and fewer remain, hw_event SRQ_LIMIT and the limit clears (0: not armed)
`define RNIC_SRQC_LIMIT_W 16
`define RNIC_SRQC_BASE_LSB 128 // IOVA of the receive WQE ring
`define RNIC_SRQC_BASE_W 64
`define RNIC_SRQC_XRC_LSB 2 // an XRC SRQ: taken by XRC target QPs of domain xrcdn through the XRCETH; its receive CQEs go to cqn
`define RNIC_SRQC_XRC_W 1
`define RNIC_SRQC_XRCDN_LSB 192 // XRC SRQ: its XRC domain
`define RNIC_SRQC_XRCDN_W 24
`define RNIC_SRQC_CQN_LSB 224 // XRC SRQ: the CQ of its receive completions
`define RNIC_SRQC_CQN_W 24

// flow (128 bytes): flow steering rule: a received frame that is not RoCEv2 for this port and matches (field XOR value) AND mask == 0 on every field goes to RAW_PACKET QP qpn; the lowest matching index wins
`define RNIC_FLOW_BITS 1024
`define RNIC_FLOW_VALID_LSB 0 // rule is installed
`define RNIC_FLOW_VALID_W 1
`define RNIC_FLOW_QPN_LSB 32 // RAW_PACKET QP that receives the frame
`define RNIC_FLOW_QPN_W 24
`define RNIC_FLOW_DMAC_LO_LSB 64 // destination MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_FLOW_DMAC_LO_W 32
`define RNIC_FLOW_DMAC_HI_LSB 96 // destination MAC bytes 0..1 (byte 1 in [7:0])
`define RNIC_FLOW_DMAC_HI_W 16
`define RNIC_FLOW_DMAC_MASK_LO_LSB 128 // mask of dmac_lo
`define RNIC_FLOW_DMAC_MASK_LO_W 32
`define RNIC_FLOW_DMAC_MASK_HI_LSB 160 // mask of dmac_hi
`define RNIC_FLOW_DMAC_MASK_HI_W 16
`define RNIC_FLOW_SMAC_LO_LSB 192 // source MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_FLOW_SMAC_LO_W 32
`define RNIC_FLOW_SMAC_HI_LSB 224 // source MAC bytes 0..1 (byte 1 in [7:0])
`define RNIC_FLOW_SMAC_HI_W 16
`define RNIC_FLOW_SMAC_MASK_LO_LSB 256 // mask of smac_lo
`define RNIC_FLOW_SMAC_MASK_LO_W 32
`define RNIC_FLOW_SMAC_MASK_HI_LSB 288 // mask of smac_hi
`define RNIC_FLOW_SMAC_MASK_HI_W 16
`define RNIC_FLOW_ETHERTYPE_LSB 320 // EtherType (frame bytes 12..13, byte 12 in [15:8])
`define RNIC_FLOW_ETHERTYPE_W 16
`define RNIC_FLOW_ETHERTYPE_MASK_LSB 336 // mask of ethertype
`define RNIC_FLOW_ETHERTYPE_MASK_W 16

// mpt (128 bytes): memory protection table entry: a memory region, or a memory window (mw) whose fields the requester writes when it binds or invalidates it (BIND_MW, LOCAL_INV)
`define RNIC_MPT_BITS 1024
`define RNIC_MPT_VALID_LSB 0 // key is live (a window: bound)
`define RNIC_MPT_VALID_W 1
`define RNIC_MPT_MW_LSB 1 // the entry is a type 2B memory window: never a local key, remote access only through the QP it is bound to
`define RNIC_MPT_MW_W 1
`define RNIC_MPT_ACCESS_LSB 8 // access bits
`define RNIC_MPT_ACCESS_W 8
`define RNIC_MPT_TAG_LSB 24 // key tag (low KEY_TAG_BITS of the key)
`define RNIC_MPT_TAG_W 8
`define RNIC_MPT_PDN_LSB 32 // protection domain
`define RNIC_MPT_PDN_W 24
`define RNIC_MPT_START_LSB 64 // first virtual address of the region (what SGEs and remote addresses use)
`define RNIC_MPT_START_W 64
`define RNIC_MPT_LENGTH_LSB 128 // bytes
`define RNIC_MPT_LENGTH_W 64
`define RNIC_MPT_IOVA_LSB 192 // device address of start (address = iova + (va - start))
`define RNIC_MPT_IOVA_W 64
`define RNIC_MPT_QPN_LSB 256 // window: the QP it is bound to
`define RNIC_MPT_QPN_W 24

// cmd_in (128 bytes): command input header (all commands)
`define RNIC_CMD_IN_BITS 1024
`define RNIC_CMD_IN_OPCODE_LSB 0 // cmd_op
`define RNIC_CMD_IN_OPCODE_W 16
`define RNIC_CMD_IN_UCTX_LSB 16 // caller's user context (doorbell page)
`define RNIC_CMD_IN_UCTX_W 16
`define RNIC_CMD_IN_HANDLE_LSB 32 // object the command acts on (pdn, cqn, qpn, key, uctx)
`define RNIC_CMD_IN_HANDLE_W 32

// cmd_out (128 bytes): command output header (all commands)
`define RNIC_CMD_OUT_BITS 1024
`define RNIC_CMD_OUT_STATUS_LSB 0 // cmd_status
`define RNIC_CMD_OUT_STATUS_W 8
`define RNIC_CMD_OUT_HANDLE_LSB 32 // object created (pdn, cqn, qpn, key, uctx)
`define RNIC_CMD_OUT_HANDLE_W 32

// cmd_query_device_out (128 bytes): QUERY_DEVICE output
`define RNIC_CMD_QUERY_DEVICE_OUT_BITS 1024
`define RNIC_CMD_QUERY_DEVICE_OUT_FW_VER_LSB 64 // firmware version (major<<16 | minor)
`define RNIC_CMD_QUERY_DEVICE_OUT_FW_VER_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_NODE_GUID_LSB 128 // node GUID, EUI-64 of the port MAC; GUID byte 0 in bits 7:0 (memory order, as ibv node_guid)
`define RNIC_CMD_QUERY_DEVICE_OUT_NODE_GUID_W 64
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_LSB 192 // QPs
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQ_LSB 224 // CQs
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQ_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_LSB 256 // memory regions
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_PD_LSB 288 // protection domains
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_PD_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_WR_LSB 320 // WQEs per queue
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_QP_WR_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQE_LSB 352 // CQEs per CQ
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_CQE_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SGE_LSB 384 // send SGEs
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SGE_W 16
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RECV_SGE_LSB 400 // receive SGEs
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RECV_SGE_W 16
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_INLINE_LSB 416 // inline bytes
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_INLINE_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RD_ATOM_LSB 448 // outstanding READ/atomic per QP
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_RD_ATOM_W 8
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_SIZE_LSB 512 // largest region
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MR_SIZE_W 64
`define RNIC_CMD_QUERY_DEVICE_OUT_PAGE_SIZE_CAP_LSB 576 // supported page sizes
`define RNIC_CMD_QUERY_DEVICE_OUT_PAGE_SIZE_CAP_W 64
`define RNIC_CMD_QUERY_DEVICE_OUT_HW_VER_LSB 640 // hardware revision
`define RNIC_CMD_QUERY_DEVICE_OUT_HW_VER_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_LSB 672 // SRQs
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_WR_LSB 704 // receive WQEs per SRQ
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_WR_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_SGE_LSB 736 // SGEs per SRQ receive WQE
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_SRQ_SGE_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MW_LSB 768 // memory windows (they share the key table with the regions)
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_MW_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_XRCD_LSB 800 // XRC domains
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_XRCD_W 32
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_FLOWS_LSB 832 // flow steering rules
`define RNIC_CMD_QUERY_DEVICE_OUT_MAX_FLOWS_W 32

// cmd_query_port_out (128 bytes): QUERY_PORT output (port 1)
`define RNIC_CMD_QUERY_PORT_OUT_BITS 1024
`define RNIC_CMD_QUERY_PORT_OUT_STATE_LSB 64 // ibv_port_state numbering: 1 down, 4 active
`define RNIC_CMD_QUERY_PORT_OUT_STATE_W 8
`define RNIC_CMD_QUERY_PORT_OUT_MAX_MTU_LSB 72 // mtu code
`define RNIC_CMD_QUERY_PORT_OUT_MAX_MTU_W 8
`define RNIC_CMD_QUERY_PORT_OUT_ACTIVE_MTU_LSB 80 // mtu code
`define RNIC_CMD_QUERY_PORT_OUT_ACTIVE_MTU_W 8
`define RNIC_CMD_QUERY_PORT_OUT_GID_TBL_LEN_LSB 88 // GID table entries
`define RNIC_CMD_QUERY_PORT_OUT_GID_TBL_LEN_W 8
`define RNIC_CMD_QUERY_PORT_OUT_MAC_LO_LSB 96 // port MAC bytes 2..5
`define RNIC_CMD_QUERY_PORT_OUT_MAC_LO_W 32
`define RNIC_CMD_QUERY_PORT_OUT_MAC_HI_LSB 128 // port MAC bytes 0..1
`define RNIC_CMD_QUERY_PORT_OUT_MAC_HI_W 16
`define RNIC_CMD_QUERY_PORT_OUT_IPV4_LSB 160 // port IPv4 address (GID 0 is ::ffff:ipv4)
`define RNIC_CMD_QUERY_PORT_OUT_IPV4_W 32
`define RNIC_CMD_QUERY_PORT_OUT_SPEED_GBPS_LSB 192 // link speed in Gb/s
`define RNIC_CMD_QUERY_PORT_OUT_SPEED_GBPS_W 32

// cmd_create_cq_in (128 bytes): CREATE_CQ input
`define RNIC_CMD_CREATE_CQ_IN_BITS 1024
`define RNIC_CMD_CREATE_CQ_IN_BASE_LSB 64 // IOVA of the CQE ring (zeroed by the host)
`define RNIC_CMD_CREATE_CQ_IN_BASE_W 64
`define RNIC_CMD_CREATE_CQ_IN_LOG_SIZE_LSB 128 // log2 entries
`define RNIC_CMD_CREATE_CQ_IN_LOG_SIZE_W 5
`define RNIC_CMD_CREATE_CQ_IN_VECTOR_LSB 160 // interrupt vector
`define RNIC_CMD_CREATE_CQ_IN_VECTOR_W 8

// cmd_create_qp_in (128 bytes): CREATE_QP input
`define RNIC_CMD_CREATE_QP_IN_BITS 1024
`define RNIC_CMD_CREATE_QP_IN_TYPE_LSB 64 // qp_type
`define RNIC_CMD_CREATE_QP_IN_TYPE_W 4
`define RNIC_CMD_CREATE_QP_IN_SQ_SIG_ALL_LSB 68 // every send WQE is signaled
`define RNIC_CMD_CREATE_QP_IN_SQ_SIG_ALL_W 1
`define RNIC_CMD_CREATE_QP_IN_SRQ_EN_LSB 69 // receives come from srqn
`define RNIC_CMD_CREATE_QP_IN_SRQ_EN_W 1
`define RNIC_CMD_CREATE_QP_IN_PDN_LSB 96 // protection domain
`define RNIC_CMD_CREATE_QP_IN_PDN_W 24
`define RNIC_CMD_CREATE_QP_IN_SEND_CQN_LSB 128 // send CQ
`define RNIC_CMD_CREATE_QP_IN_SEND_CQN_W 24
`define RNIC_CMD_CREATE_QP_IN_RECV_CQN_LSB 160 // receive CQ
`define RNIC_CMD_CREATE_QP_IN_RECV_CQN_W 24
`define RNIC_CMD_CREATE_QP_IN_SRQN_LSB 192 // SRQ
`define RNIC_CMD_CREATE_QP_IN_SRQN_W 24
`define RNIC_CMD_CREATE_QP_IN_LOG_SQ_SIZE_LSB 224 // log2 send queue entries
`define RNIC_CMD_CREATE_QP_IN_LOG_SQ_SIZE_W 5
`define RNIC_CMD_CREATE_QP_IN_LOG_SQ_STRIDE_LSB 232 // log2 send WQE stride
`define RNIC_CMD_CREATE_QP_IN_LOG_SQ_STRIDE_W 5
`define RNIC_CMD_CREATE_QP_IN_LOG_RQ_SIZE_LSB 240 // log2 receive queue entries
`define RNIC_CMD_CREATE_QP_IN_LOG_RQ_SIZE_W 5
`define RNIC_CMD_CREATE_QP_IN_LOG_RQ_STRIDE_LSB 248 // log2 receive WQE stride
`define RNIC_CMD_CREATE_QP_IN_LOG_RQ_STRIDE_W 5
`define RNIC_CMD_CREATE_QP_IN_SQ_BASE_LSB 256 // IOVA of the send ring
`define RNIC_CMD_CREATE_QP_IN_SQ_BASE_W 64
`define RNIC_CMD_CREATE_QP_IN_RQ_BASE_LSB 320 // IOVA of the receive ring
`define RNIC_CMD_CREATE_QP_IN_RQ_BASE_W 64
`define RNIC_CMD_CREATE_QP_IN_XRCDN_LSB 384 // XRC_RECV: the XRC domain (no PD, CQs, send or receive queue)
`define RNIC_CMD_CREATE_QP_IN_XRCDN_W 24

// cmd_create_flow_in (128 bytes): CREATE_FLOW input: the rule's fields as in the flow context (the QP must be a RAW_PACKET QP of the caller's uctx)
`define RNIC_CMD_CREATE_FLOW_IN_BITS 1024
`define RNIC_CMD_CREATE_FLOW_IN_QPN_LSB 64 // RAW_PACKET QP
`define RNIC_CMD_CREATE_FLOW_IN_QPN_W 24
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_LO_LSB 96 // destination MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_LO_W 32
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_HI_LSB 128 // destination MAC bytes 0..1 (byte 1 in [7:0])
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_HI_W 16
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_LO_LSB 160 // mask of dmac_lo
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_LO_W 32
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_HI_LSB 192 // mask of dmac_hi
`define RNIC_CMD_CREATE_FLOW_IN_DMAC_MASK_HI_W 16
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_LO_LSB 224 // source MAC bytes 2..5
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_LO_W 32
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_HI_LSB 256 // source MAC bytes 0..1
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_HI_W 16
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_LO_LSB 288 // mask of smac_lo
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_LO_W 32
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_HI_LSB 320 // mask of smac_hi
`define RNIC_CMD_CREATE_FLOW_IN_SMAC_MASK_HI_W 16
`define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_LSB 352 // EtherType
`define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_W 16
`define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_MASK_LSB 368 // mask of ethertype
`define RNIC_CMD_CREATE_FLOW_IN_ETHERTYPE_MASK_W 16

// cmd_cm_in (128 bytes): input of the CM_* commands (cmd_in.handle = the CM ID, except CM_CREATE_ID and CM_NOTIFY); each command reads the fields its cmd_op line names
`define RNIC_CMD_CM_IN_BITS 1024
`define RNIC_CMD_CM_IN_PS_LSB 64 // CM_CREATE_ID: RDMA CM port space (0x0106 TCP, 0x0111 UDP, 0x013F IB)
`define RNIC_CMD_CM_IN_PS_W 16
`define RNIC_CMD_CM_IN_QP_TYPE_LSB 80 // CM_CREATE_ID: qp_type of the connection (RC, UC, UD)
`define RNIC_CMD_CM_IN_QP_TYPE_W 8
`define RNIC_CMD_CM_IN_LOCAL_PORT_LSB 96 // CM_LISTEN, CM_CONNECT: the ID's port
`define RNIC_CMD_CM_IN_LOCAL_PORT_W 16
`define RNIC_CMD_CM_IN_REMOTE_PORT_LSB 112 // CM_CONNECT: the peer's port
`define RNIC_CMD_CM_IN_REMOTE_PORT_W 16
`define RNIC_CMD_CM_IN_LOCAL_IP_LSB 128 // CM_LISTEN: address to listen on (0: any); first octet in [31:24]
`define RNIC_CMD_CM_IN_LOCAL_IP_W 32
`define RNIC_CMD_CM_IN_REMOTE_IP_LSB 160 // CM_CONNECT: the peer's IPv4 address
`define RNIC_CMD_CM_IN_REMOTE_IP_W 32
`define RNIC_CMD_CM_IN_REMOTE_MAC_LO_LSB 192 // CM_CONNECT: the peer's MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_CMD_CM_IN_REMOTE_MAC_LO_W 32
`define RNIC_CMD_CM_IN_REMOTE_MAC_HI_LSB 224 // CM_CONNECT: the peer's MAC bytes 0..1 (byte 1 in [7:0])
`define RNIC_CMD_CM_IN_REMOTE_MAC_HI_W 16
`define RNIC_CMD_CM_IN_REASON_LSB 240 // CM_REJECT: REJ reason (IBA 12.6.7; 28 consumer reject) or SIDR status
`define RNIC_CMD_CM_IN_REASON_W 16
`define RNIC_CMD_CM_IN_QPN_LSB 256 // CM_CONNECT, CM_ACCEPT: the local QP
`define RNIC_CMD_CM_IN_QPN_W 24
`define RNIC_CMD_CM_IN_RESP_RES_LSB 280 // CM_CONNECT, CM_ACCEPT: responder resources
`define RNIC_CMD_CM_IN_RESP_RES_W 8
`define RNIC_CMD_CM_IN_PSN_LSB 288 // CM_CONNECT, CM_ACCEPT: the local QP's starting send PSN
`define RNIC_CMD_CM_IN_PSN_W 24
`define RNIC_CMD_CM_IN_INIT_DEPTH_LSB 312 // CM_CONNECT, CM_ACCEPT: initiator depth
`define RNIC_CMD_CM_IN_INIT_DEPTH_W 8
`define RNIC_CMD_CM_IN_QKEY_LSB 320 // CM_ACCEPT of a SIDR_REQ: the UD QP's Q_Key
`define RNIC_CMD_CM_IN_QKEY_W 32
`define RNIC_CMD_CM_IN_RETRY_CNT_LSB 352 // CM_CONNECT: retry count
`define RNIC_CMD_CM_IN_RETRY_CNT_W 3
`define RNIC_CMD_CM_IN_RNR_RETRY_LSB 356 // CM_CONNECT, CM_ACCEPT: RNR retry count
`define RNIC_CMD_CM_IN_RNR_RETRY_W 3
`define RNIC_CMD_CM_IN_SRQ_LSB 360 // CM_CONNECT, CM_ACCEPT: the QP receives from an SRQ
`define RNIC_CMD_CM_IN_SRQ_W 1
`define RNIC_CMD_CM_IN_MTU_LSB 364 // CM_CONNECT: path MTU (enum mtu)
`define RNIC_CMD_CM_IN_MTU_W 4
`define RNIC_CMD_CM_IN_PDATA_LEN_LSB 368 // CM_CONNECT, CM_ACCEPT, CM_REJECT, CM_ESTABLISH, CM_DISCONNECT: private-data bytes taken from the staging buffer
`define RNIC_CMD_CM_IN_PDATA_LEN_W 8
`define RNIC_CMD_CM_IN_PDATA_OFF_LSB 384 // CM_PDATA: staging offset; CM_GET_EVENT: first private-data byte to return
`define RNIC_CMD_CM_IN_PDATA_OFF_W 8
`define RNIC_CMD_CM_IN_PDATA_CHUNK_LSB 392 // CM_PDATA: bytes in words CM_PDATA_DW.. (1 .. CM_PDATA_CHUNK)
`define RNIC_CMD_CM_IN_PDATA_CHUNK_W 8

// cmd_cm_event_out (128 bytes): CM_GET_EVENT output (cmd_out.handle = the ID the event is for)
`define RNIC_CMD_CM_EVENT_OUT_BITS 1024
`define RNIC_CMD_CM_EVENT_OUT_EVENT_LSB 64 // cm_event
`define RNIC_CMD_CM_EVENT_OUT_EVENT_W 8
`define RNIC_CMD_CM_EVENT_OUT_QP_TYPE_LSB 72 // REQ, SIDR_REQ: qp_type the peer connects (RC, UC, UD)
`define RNIC_CMD_CM_EVENT_OUT_QP_TYPE_W 8
`define RNIC_CMD_CM_EVENT_OUT_STATUS_LSB 80 // REJ: reason; SIDR_REP: status; TIMEOUT: retries
`define RNIC_CMD_CM_EVENT_OUT_STATUS_W 16
`define RNIC_CMD_CM_EVENT_OUT_LISTEN_ID_LSB 96 // REQ, SIDR_REQ: the listener the request matched
`define RNIC_CMD_CM_EVENT_OUT_LISTEN_ID_W 32
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_IP_LSB 128 // the peer's IPv4 address
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_IP_W 32
`define RNIC_CMD_CM_EVENT_OUT_LOCAL_IP_LSB 160 // REQ, SIDR_REQ: the address the peer connected to
`define RNIC_CMD_CM_EVENT_OUT_LOCAL_IP_W 32
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_PORT_LSB 192 // the peer's port
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_PORT_W 16
`define RNIC_CMD_CM_EVENT_OUT_LOCAL_PORT_LSB 208 // REQ, SIDR_REQ: the port the peer connected to
`define RNIC_CMD_CM_EVENT_OUT_LOCAL_PORT_W 16
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_LO_LSB 224 // the peer's MAC bytes 2..5 (byte 5 in [7:0])
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_LO_W 32
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_HI_LSB 256 // the peer's MAC bytes 0..1
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_MAC_HI_W 16
`define RNIC_CMD_CM_EVENT_OUT_PDATA_LEN_LSB 272 // private-data bytes of the message (for REQ and SIDR_REQ: after the RDMA CM header)
`define RNIC_CMD_CM_EVENT_OUT_PDATA_LEN_W 8
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_QPN_LSB 288 // REQ, REP, SIDR_REP: the peer's QP
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_QPN_W 24
`define RNIC_CMD_CM_EVENT_OUT_RESP_RES_LSB 312 // REQ, REP: the peer's responder resources
`define RNIC_CMD_CM_EVENT_OUT_RESP_RES_W 8
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_PSN_LSB 320 // REQ, REP: the peer's starting PSN
`define RNIC_CMD_CM_EVENT_OUT_REMOTE_PSN_W 24
`define RNIC_CMD_CM_EVENT_OUT_INIT_DEPTH_LSB 344 // REQ, REP: the peer's initiator depth
`define RNIC_CMD_CM_EVENT_OUT_INIT_DEPTH_W 8
`define RNIC_CMD_CM_EVENT_OUT_QKEY_LSB 352 // SIDR_REP: the peer QP's Q_Key
`define RNIC_CMD_CM_EVENT_OUT_QKEY_W 32
`define RNIC_CMD_CM_EVENT_OUT_RETRY_CNT_LSB 384 // REQ: retry count
`define RNIC_CMD_CM_EVENT_OUT_RETRY_CNT_W 3
`define RNIC_CMD_CM_EVENT_OUT_RNR_RETRY_LSB 388 // REQ, REP: RNR retry count
`define RNIC_CMD_CM_EVENT_OUT_RNR_RETRY_W 3
`define RNIC_CMD_CM_EVENT_OUT_SRQ_LSB 392 // REQ, REP: the peer's QP uses an SRQ
`define RNIC_CMD_CM_EVENT_OUT_SRQ_W 1
`define RNIC_CMD_CM_EVENT_OUT_MTU_LSB 396 // REQ: path MTU (enum mtu)
`define RNIC_CMD_CM_EVENT_OUT_MTU_W 4
`define RNIC_CMD_CM_EVENT_OUT_PS_LSB 400 // REQ, SIDR_REQ: port space of the service ID
`define RNIC_CMD_CM_EVENT_OUT_PS_W 16

// cmd_create_srq_in (128 bytes): CREATE_SRQ input (the SRQ number comes back in cmd_out.handle)
`define RNIC_CMD_CREATE_SRQ_IN_BITS 1024
`define RNIC_CMD_CREATE_SRQ_IN_PDN_LSB 64 // protection domain
`define RNIC_CMD_CREATE_SRQ_IN_PDN_W 24
`define RNIC_CMD_CREATE_SRQ_IN_LOG_SIZE_LSB 96 // log2 receive WQEs
`define RNIC_CMD_CREATE_SRQ_IN_LOG_SIZE_W 5
`define RNIC_CMD_CREATE_SRQ_IN_LOG_STRIDE_LSB 104 // log2 receive WQE stride
`define RNIC_CMD_CREATE_SRQ_IN_LOG_STRIDE_W 5
`define RNIC_CMD_CREATE_SRQ_IN_BASE_LSB 128 // IOVA of the receive WQE ring
`define RNIC_CMD_CREATE_SRQ_IN_BASE_W 64
`define RNIC_CMD_CREATE_SRQ_IN_LIMIT_LSB 192 // srq_limit (0: not armed)
`define RNIC_CMD_CREATE_SRQ_IN_LIMIT_W 32
`define RNIC_CMD_CREATE_SRQ_IN_XRC_LSB 224 // an XRC SRQ (IBV_SRQT_XRC)
`define RNIC_CMD_CREATE_SRQ_IN_XRC_W 1
`define RNIC_CMD_CREATE_SRQ_IN_XRCDN_LSB 256 // XRC SRQ: its XRC domain
`define RNIC_CMD_CREATE_SRQ_IN_XRCDN_W 24
`define RNIC_CMD_CREATE_SRQ_IN_CQN_LSB 288 // XRC SRQ: the CQ of its receive completions
`define RNIC_CMD_CREATE_SRQ_IN_CQN_W 24

// cmd_srq_attr (128 bytes): MODIFY_SRQ input and QUERY_SRQ output
`define RNIC_CMD_SRQ_ATTR_BITS 1024
`define RNIC_CMD_SRQ_ATTR_MASK_LSB 64 // MODIFY_SRQ: ibv_srq_attr_mask bits (only IBV_SRQ_LIMIT, 2, is accepted)
`define RNIC_CMD_SRQ_ATTR_MASK_W 32
`define RNIC_CMD_SRQ_ATTR_MAX_WR_LSB 96 // QUERY_SRQ: receive WQEs the SRQ holds
`define RNIC_CMD_SRQ_ATTR_MAX_WR_W 32
`define RNIC_CMD_SRQ_ATTR_LIMIT_LSB 128 // srq_limit (0: not armed)
`define RNIC_CMD_SRQ_ATTR_LIMIT_W 32

// cmd_qp_attr (128 bytes): MODIFY_QP input and QUERY_QP output (handle = qpn)
`define RNIC_CMD_QP_ATTR_BITS 1024
`define RNIC_CMD_QP_ATTR_ATTR_MASK_LSB 64 // qp_attr_mask bits (MODIFY_QP)
`define RNIC_CMD_QP_ATTR_ATTR_MASK_W 32
`define RNIC_CMD_QP_ATTR_QP_STATE_LSB 96 // qp_state
`define RNIC_CMD_QP_ATTR_QP_STATE_W 4
`define RNIC_CMD_QP_ATTR_CUR_QP_STATE_LSB 100 // qp_state the caller believes current
`define RNIC_CMD_QP_ATTR_CUR_QP_STATE_W 4
`define RNIC_CMD_QP_ATTR_PATH_MTU_LSB 104 // mtu code
`define RNIC_CMD_QP_ATTR_PATH_MTU_W 3
`define RNIC_CMD_QP_ATTR_EN_SQD_ASYNC_NOTIFY_LSB 108 // event when SQD is reached
`define RNIC_CMD_QP_ATTR_EN_SQD_ASYNC_NOTIFY_W 1
`define RNIC_CMD_QP_ATTR_SQ_DRAINING_LSB 109 // QUERY_QP: SQ still draining
`define RNIC_CMD_QP_ATTR_SQ_DRAINING_W 1
`define RNIC_CMD_QP_ATTR_ACCESS_LSB 112 // access bits
`define RNIC_CMD_QP_ATTR_ACCESS_W 8
`define RNIC_CMD_QP_ATTR_PORT_NUM_LSB 120 // port (1)
`define RNIC_CMD_QP_ATTR_PORT_NUM_W 8
`define RNIC_CMD_QP_ATTR_QKEY_LSB 128 // Q_Key
`define RNIC_CMD_QP_ATTR_QKEY_W 32
`define RNIC_CMD_QP_ATTR_RQ_PSN_LSB 160 // expected receive PSN
`define RNIC_CMD_QP_ATTR_RQ_PSN_W 24
`define RNIC_CMD_QP_ATTR_SQ_PSN_LSB 192 // send PSN
`define RNIC_CMD_QP_ATTR_SQ_PSN_W 24
`define RNIC_CMD_QP_ATTR_DEST_QPN_LSB 224 // remote QP
`define RNIC_CMD_QP_ATTR_DEST_QPN_W 24
`define RNIC_CMD_QP_ATTR_PKEY_INDEX_LSB 256 // P_Key index
`define RNIC_CMD_QP_ATTR_PKEY_INDEX_W 16
`define RNIC_CMD_QP_ATTR_TIMEOUT_LSB 288 // local ACK timeout code
`define RNIC_CMD_QP_ATTR_TIMEOUT_W 5
`define RNIC_CMD_QP_ATTR_RETRY_CNT_LSB 296 // retry count
`define RNIC_CMD_QP_ATTR_RETRY_CNT_W 3
`define RNIC_CMD_QP_ATTR_RNR_RETRY_LSB 300 // RNR retry count
`define RNIC_CMD_QP_ATTR_RNR_RETRY_W 3
`define RNIC_CMD_QP_ATTR_MIN_RNR_TIMER_LSB 304 // RNR timer code
`define RNIC_CMD_QP_ATTR_MIN_RNR_TIMER_W 5
`define RNIC_CMD_QP_ATTR_MAX_RD_ATOMIC_LSB 320 // outstanding READ/atomic as requester
`define RNIC_CMD_QP_ATTR_MAX_RD_ATOMIC_W 8
`define RNIC_CMD_QP_ATTR_MAX_DEST_RD_ATOMIC_LSB 328 // outstanding READ/atomic as responder
`define RNIC_CMD_QP_ATTR_MAX_DEST_RD_ATOMIC_W 8
`define RNIC_CMD_QP_ATTR_DMAC_LO_LSB 352 // remote MAC bytes 2..5
`define RNIC_CMD_QP_ATTR_DMAC_LO_W 32
`define RNIC_CMD_QP_ATTR_DMAC_HI_LSB 384 // remote MAC bytes 0..1
`define RNIC_CMD_QP_ATTR_DMAC_HI_W 16
`define RNIC_CMD_QP_ATTR_SGID_INDEX_LSB 400 // source GID index
`define RNIC_CMD_QP_ATTR_SGID_INDEX_W 8
`define RNIC_CMD_QP_ATTR_HOP_LIMIT_LSB 408 // hop limit / TTL
`define RNIC_CMD_QP_ATTR_HOP_LIMIT_W 8
`define RNIC_CMD_QP_ATTR_TRAFFIC_CLASS_LSB 416 // traffic class / TOS
`define RNIC_CMD_QP_ATTR_TRAFFIC_CLASS_W 8
`define RNIC_CMD_QP_ATTR_SL_LSB 424 // service level
`define RNIC_CMD_QP_ATTR_SL_W 4
`define RNIC_CMD_QP_ATTR_IS_GLOBAL_LSB 428 // GRH present (always on RoCE)
`define RNIC_CMD_QP_ATTR_IS_GLOBAL_W 1
`define RNIC_CMD_QP_ATTR_FLOW_LABEL_LSB 448 // flow label
`define RNIC_CMD_QP_ATTR_FLOW_LABEL_W 20
`define RNIC_CMD_QP_ATTR_DGID_HI_LSB 512 // remote GID bytes 0..7 (byte 0 in bits 7:0)
`define RNIC_CMD_QP_ATTR_DGID_HI_W 64
`define RNIC_CMD_QP_ATTR_DGID_LO_LSB 576 // remote GID bytes 8..15 (byte 8 in bits 7:0)
`define RNIC_CMD_QP_ATTR_DGID_LO_W 64
`define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_WR_LSB 640 // QUERY_QP: send queue depth
`define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_WR_W 32
`define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_WR_LSB 672 // QUERY_QP: receive queue depth
`define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_WR_W 32
`define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_SGE_LSB 704 // QUERY_QP: send SGEs
`define RNIC_CMD_QP_ATTR_CAP_MAX_SEND_SGE_W 16
`define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_SGE_LSB 720 // QUERY_QP: receive SGEs
`define RNIC_CMD_QP_ATTR_CAP_MAX_RECV_SGE_W 16
`define RNIC_CMD_QP_ATTR_CAP_MAX_INLINE_LSB 736 // QUERY_QP: inline bytes
`define RNIC_CMD_QP_ATTR_CAP_MAX_INLINE_W 32

// cmd_reg_mr_in (128 bytes): REG_MR input (output handle = key: index << KEY_TAG_BITS | tag)
`define RNIC_CMD_REG_MR_IN_BITS 1024
`define RNIC_CMD_REG_MR_IN_PDN_LSB 64 // protection domain
`define RNIC_CMD_REG_MR_IN_PDN_W 24
`define RNIC_CMD_REG_MR_IN_ACCESS_LSB 96 // access bits
`define RNIC_CMD_REG_MR_IN_ACCESS_W 8
`define RNIC_CMD_REG_MR_IN_START_LSB 128 // first virtual address
`define RNIC_CMD_REG_MR_IN_START_W 64
`define RNIC_CMD_REG_MR_IN_LENGTH_LSB 192 // bytes
`define RNIC_CMD_REG_MR_IN_LENGTH_W 64
`define RNIC_CMD_REG_MR_IN_IOVA_LSB 256 // device address of start (from the transport's dma_map)
`define RNIC_CMD_REG_MR_IN_IOVA_W 64

// cmd_alloc_mw_in (128 bytes): ALLOC_MW input (output handle = the window's first rkey: index << KEY_TAG_BITS | tag)
`define RNIC_CMD_ALLOC_MW_IN_BITS 1024
`define RNIC_CMD_ALLOC_MW_IN_PDN_LSB 64 // protection domain
`define RNIC_CMD_ALLOC_MW_IN_PDN_W 24
`define RNIC_CMD_ALLOC_MW_IN_TYPE_LSB 96 // window type as enum ibv_mw_type (only 2, type 2B, is accepted)
`define RNIC_CMD_ALLOC_MW_IN_TYPE_W 8

// req_qpc (188 bits, RTL only): rnic_req QPC shadow (qpc_mem): the fields the send path reads at the WQE stage
`define RNIC_REQ_QPC_BITS 188
`define RNIC_REQ_QPC_PKEY_LSB 0 // P_Key sent in BTH
`define RNIC_REQ_QPC_PKEY_W 16
`define RNIC_REQ_QPC_TRAFFIC_CLASS_LSB 16 // IPv4 TOS
`define RNIC_REQ_QPC_TRAFFIC_CLASS_W 8
`define RNIC_REQ_QPC_HOP_LIMIT_LSB 24 // IPv4 TTL
`define RNIC_REQ_QPC_HOP_LIMIT_W 8
`define RNIC_REQ_QPC_DIP_LSB 32 // remote IPv4 address (first octet in [31:24])
`define RNIC_REQ_QPC_DIP_W 32
`define RNIC_REQ_QPC_UDP_SPORT_LSB 64 // UDP source port (flow entropy)
`define RNIC_REQ_QPC_UDP_SPORT_W 16
`define RNIC_REQ_QPC_DMAC_LSB 80 // remote MAC (byte 5 in [7:0])
`define RNIC_REQ_QPC_DMAC_W 48
`define RNIC_REQ_QPC_DEST_QPN_LSB 128 // remote QP number (RC/UC)
`define RNIC_REQ_QPC_DEST_QPN_W 24
`define RNIC_REQ_QPC_PDN_LSB 152 // protection domain
`define RNIC_REQ_QPC_PDN_W 24
`define RNIC_REQ_QPC_SQ_SIG_ALL_LSB 176 // every send WQE is signaled
`define RNIC_REQ_QPC_SQ_SIG_ALL_W 1
`define RNIC_REQ_QPC_PATH_MTU_LSB 177 // mtu code; 4096 for a RAW_PACKET QP (its frames are bounded by MAX_RAW_FRAME)
`define RNIC_REQ_QPC_PATH_MTU_W 3
`define RNIC_REQ_QPC_TYPE_LSB 180 // qp_type
`define RNIC_REQ_QPC_TYPE_W 4
`define RNIC_REQ_QPC_STATE_LSB 184 // qp_state
`define RNIC_REQ_QPC_STATE_W 4

// req_retry (11 bits, RTL only): rnic_req retry parameters per QP (rtp_mem)
`define RNIC_REQ_RETRY_BITS 11
`define RNIC_REQ_RETRY_RNR_RETRY_LSB 0 // RNR retries, 7 = infinite
`define RNIC_REQ_RETRY_RNR_RETRY_W 3
`define RNIC_REQ_RETRY_RETRY_CNT_LSB 3 // transport retries
`define RNIC_REQ_RETRY_RETRY_CNT_W 3
`define RNIC_REQ_RETRY_TIMEOUT_LSB 6 // local ACK timeout: 4.096 us * 2^timeout, 0 infinite
`define RNIC_REQ_RETRY_TIMEOUT_W 5

// req_outstanding (105 bits, RTL only): rnic_req outstanding-ring entry (ring_mem): one sent message waiting for its acknowledgement
`define RNIC_REQ_OUTSTANDING_BITS 105
`define RNIC_REQ_OUTSTANDING_BYTE_LEN_LSB 0 // message bytes (the CQE's byte_len)
`define RNIC_REQ_OUTSTANDING_BYTE_LEN_W 32
`define RNIC_REQ_OUTSTANDING_OPCODE_LSB 32 // cqe_op of its completion
`define RNIC_REQ_OUTSTANDING_OPCODE_W 8
`define RNIC_REQ_OUTSTANDING_SIGNALED_LSB 40 // a CQE is written when it completes
`define RNIC_REQ_OUTSTANDING_SIGNALED_W 1
`define RNIC_REQ_OUTSTANDING_LAST_PSN_LSB 41 // PSN of its last packet
`define RNIC_REQ_OUTSTANDING_LAST_PSN_W 24
`define RNIC_REQ_OUTSTANDING_FIRST_PSN_LSB 65 // PSN of its first packet
`define RNIC_REQ_OUTSTANDING_FIRST_PSN_W 24
`define RNIC_REQ_OUTSTANDING_WQE_INDEX_LSB 89 // producer index of this WQE (checked by the fetch engine)
`define RNIC_REQ_OUTSTANDING_WQE_INDEX_W 16

// req_read (173 bits, RTL only): rnic_req progress of the QP's outstanding READ or atomic (rdst_mem)
`define RNIC_REQ_READ_BITS 173
`define RNIC_REQ_READ_LENGTH_LSB 0 // bytes the READ asks for
`define RNIC_REQ_READ_LENGTH_W 32
`define RNIC_REQ_READ_BYTES_LSB 32 // bytes received so far
`define RNIC_REQ_READ_BYTES_W 32
`define RNIC_REQ_READ_OFFSET_LSB 64 // offset in the current SGE
`define RNIC_REQ_READ_OFFSET_W 32
`define RNIC_REQ_READ_SGE_LSB 96 // index of the current SGE
`define RNIC_REQ_READ_SGE_W 5
`define RNIC_REQ_READ_EXPECTED_PSN_LSB 101 // PSN of the next response expected
`define RNIC_REQ_READ_EXPECTED_PSN_W 24
`define RNIC_REQ_READ_LAST_PSN_LSB 125 // PSN of the last response
`define RNIC_REQ_READ_LAST_PSN_W 24
`define RNIC_REQ_READ_FIRST_PSN_LSB 149 // PSN of the request (first response)
`define RNIC_REQ_READ_FIRST_PSN_W 24

// resp_qpc (379 bits, RTL only): rnic_resp QPC shadow (qpc_mem): the fields the receive path reads
`define RNIC_RESP_QPC_BITS 379
`define RNIC_RESP_QPC_PKEY_LSB 0 // P_Key sent in BTH
`define RNIC_RESP_QPC_PKEY_W 16
`define RNIC_RESP_QPC_TRAFFIC_CLASS_LSB 16 // IPv4 TOS
`define RNIC_RESP_QPC_TRAFFIC_CLASS_W 8
`define RNIC_RESP_QPC_HOP_LIMIT_LSB 24 // IPv4 TTL
`define RNIC_RESP_QPC_HOP_LIMIT_W 8
`define RNIC_RESP_QPC_UDP_SPORT_LSB 32 // UDP source port (flow entropy)
`define RNIC_RESP_QPC_UDP_SPORT_W 16
`define RNIC_RESP_QPC_DIP_LSB 48 // remote IPv4 address (first octet in [31:24])
`define RNIC_RESP_QPC_DIP_W 32
`define RNIC_RESP_QPC_DMAC_LSB 80 // remote MAC (byte 5 in [7:0])
`define RNIC_RESP_QPC_DMAC_W 48
`define RNIC_RESP_QPC_MIN_RNR_TIMER_LSB 128 // RNR NAK timer code this responder advertises
`define RNIC_RESP_QPC_MIN_RNR_TIMER_W 5
`define RNIC_RESP_QPC_LOG_RQ_STRIDE_LSB 133 // log2 receive WQE stride in bytes
`define RNIC_RESP_QPC_LOG_RQ_STRIDE_W 5
`define RNIC_RESP_QPC_LOG_RQ_SIZE_LSB 138 // log2 receive queue entries
`define RNIC_RESP_QPC_LOG_RQ_SIZE_W 5
`define RNIC_RESP_QPC_RQ_BASE_LSB 143 // IOVA of the receive queue ring
`define RNIC_RESP_QPC_RQ_BASE_W 64
`define RNIC_RESP_QPC_DEST_QPN_LSB 207 // remote QP number (RC/UC)
`define RNIC_RESP_QPC_DEST_QPN_W 24
`define RNIC_RESP_QPC_RECV_CQN_LSB 231 // CQ for receive completions
`define RNIC_RESP_QPC_RECV_CQN_W 24
`define RNIC_RESP_QPC_ACCESS_LSB 255 // access bits the responder allows
`define RNIC_RESP_QPC_ACCESS_W 8
`define RNIC_RESP_QPC_PDN_LSB 263 // protection domain
`define RNIC_RESP_QPC_PDN_W 24
`define RNIC_RESP_QPC_STATE_LSB 287 // qp_state
`define RNIC_RESP_QPC_STATE_W 4
`define RNIC_RESP_QPC_TYPE_LSB 291 // qp_type
`define RNIC_RESP_QPC_TYPE_W 4
`define RNIC_RESP_QPC_PATH_MTU_LSB 295 // mtu code
`define RNIC_RESP_QPC_PATH_MTU_W 3
`define RNIC_RESP_QPC_SRQ_EN_LSB 298 // receives come from srqn
`define RNIC_RESP_QPC_SRQ_EN_W 1
`define RNIC_RESP_QPC_QKEY_LSB 299 // Q_Key (UD)
`define RNIC_RESP_QPC_QKEY_W 32
`define RNIC_RESP_QPC_SRQN_LSB 331 // shared receive queue
`define RNIC_RESP_QPC_SRQN_W 24
`define RNIC_RESP_QPC_XRCDN_LSB 355 // XRC target (XRC_RECV): its XRC domain; a request's XRCETH must name an XRC SRQ of this domain
`define RNIC_RESP_QPC_XRCDN_W 24

// resp_srqc (148 bits, RTL only): rnic_resp SRQC shadow (srqc_mem)
`define RNIC_RESP_SRQC_BITS 148
`define RNIC_RESP_SRQC_BASE_LSB 0 // IOVA of the receive WQE ring
`define RNIC_RESP_SRQC_BASE_W 64
`define RNIC_RESP_SRQC_PDN_LSB 64 // protection domain of the SRQ's WQEs
`define RNIC_RESP_SRQC_PDN_W 24
`define RNIC_RESP_SRQC_LOG_STRIDE_LSB 88 // log2 receive WQE stride
`define RNIC_RESP_SRQC_LOG_STRIDE_W 5
`define RNIC_RESP_SRQC_LOG_SIZE_LSB 93 // log2 receive WQEs
`define RNIC_RESP_SRQC_LOG_SIZE_W 5
`define RNIC_RESP_SRQC_VALID_LSB 98 // SRQ exists
`define RNIC_RESP_SRQC_VALID_W 1
`define RNIC_RESP_SRQC_CQN_LSB 99 // XRC SRQ: the CQ of its receive completions
`define RNIC_RESP_SRQC_CQN_W 24
`define RNIC_RESP_SRQC_XRCDN_LSB 123 // XRC SRQ: its XRC domain
`define RNIC_RESP_SRQC_XRCDN_W 24
`define RNIC_RESP_SRQC_XRC_LSB 147 // an XRC SRQ: taken by XRC target QPs of domain xrcdn through the XRCETH; its receive CQEs go to cqn
`define RNIC_RESP_SRQC_XRC_W 1

// mpt_shadow (258 bits, RTL only): key-table shadow of rnic_req and rnic_resp (mpt_mem)
`define RNIC_MPT_SHADOW_BITS 258
`define RNIC_MPT_SHADOW_IOVA_LSB 0 // device address of start (address = iova + (va - start))
`define RNIC_MPT_SHADOW_IOVA_W 64
`define RNIC_MPT_SHADOW_LENGTH_LSB 64 // bytes
`define RNIC_MPT_SHADOW_LENGTH_W 64
`define RNIC_MPT_SHADOW_START_LSB 128 // first virtual address of the region (what SGEs and remote addresses use)
`define RNIC_MPT_SHADOW_START_W 64
`define RNIC_MPT_SHADOW_ACCESS_LSB 192 // access bits
`define RNIC_MPT_SHADOW_ACCESS_W 8
`define RNIC_MPT_SHADOW_PDN_LSB 200 // protection domain
`define RNIC_MPT_SHADOW_PDN_W 24
`define RNIC_MPT_SHADOW_TAG_LSB 224 // key tag (low KEY_TAG_BITS of the key)
`define RNIC_MPT_SHADOW_TAG_W 8
`define RNIC_MPT_SHADOW_VALID_LSB 232 // key is live (a window: bound)
`define RNIC_MPT_SHADOW_VALID_W 1
`define RNIC_MPT_SHADOW_QPN_LSB 233 // window: the QP it is bound to
`define RNIC_MPT_SHADOW_QPN_W 24
`define RNIC_MPT_SHADOW_MW_LSB 257 // the entry is a type 2B memory window: never a local key, remote access only through the QP it is bound to
`define RNIC_MPT_SHADOW_MW_W 1

// flow_shadow (249 bits, RTL only): rnic_raw_rx flow steering rule (flows)
`define RNIC_FLOW_SHADOW_BITS 249
`define RNIC_FLOW_SHADOW_ETHERTYPE_MASK_LSB 0 // mask of ethertype
`define RNIC_FLOW_SHADOW_ETHERTYPE_MASK_W 16
`define RNIC_FLOW_SHADOW_ETHERTYPE_LSB 16 // EtherType (frame bytes 12..13, byte 12 in [15:8])
`define RNIC_FLOW_SHADOW_ETHERTYPE_W 16
`define RNIC_FLOW_SHADOW_SMAC_MASK_LSB 32 // mask of smac
`define RNIC_FLOW_SHADOW_SMAC_MASK_W 48
`define RNIC_FLOW_SHADOW_SMAC_LSB 80 // source MAC (byte 5 in [7:0])
`define RNIC_FLOW_SHADOW_SMAC_W 48
`define RNIC_FLOW_SHADOW_DMAC_MASK_LSB 128 // mask of dmac
`define RNIC_FLOW_SHADOW_DMAC_MASK_W 48
`define RNIC_FLOW_SHADOW_DMAC_LSB 176 // destination MAC (byte 5 in [7:0])
`define RNIC_FLOW_SHADOW_DMAC_W 48
`define RNIC_FLOW_SHADOW_QPN_LSB 224 // RAW_PACKET QP that receives the frame
`define RNIC_FLOW_SHADOW_QPN_W 24
`define RNIC_FLOW_SHADOW_VALID_LSB 248 // rule is installed
`define RNIC_FLOW_SHADOW_VALID_W 1

`endif // RNIC_CONTRACT_VH
