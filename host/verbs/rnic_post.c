/*
 * The data path: ibv_post_send, ibv_post_recv, ibv_post_srq_recv,
 * ibv_poll_cq and ibv_req_notify_cq, reached through ibv_context.ops from
 * the inline wrappers in <infiniband/verbs.h>.
 *
 * Straight-line code over per-queue state fixed at creation: each WR is
 * checked, written into its ring slot with a few stores per segment, and a
 * batch ends with one write barrier and one doorbell. No allocation, no
 * system call other than what the transport's doorbell needs, no MMIO read.
 */
#include <endian.h>
#include <errno.h>
#include <net/ethernet.h>
#include <netinet/in.h>
#include <string.h>
#include <unistd.h>

#include "rnic_verbs.h"

#define RNIC_OP_BIT(op) (1u << (op))

/* ibv_post_send(3): the opcodes each QP transport service type supports. */
uint32_t rnic_qp_opcode_mask(enum ibv_qp_type type)
{
	const uint32_t common = RNIC_OP_BIT(IBV_WR_SEND) | RNIC_OP_BIT(IBV_WR_SEND_WITH_IMM);
	const uint32_t uc = common | RNIC_OP_BIT(IBV_WR_RDMA_WRITE) |
			    RNIC_OP_BIT(IBV_WR_RDMA_WRITE_WITH_IMM) | RNIC_OP_BIT(IBV_WR_LOCAL_INV) |
			    RNIC_OP_BIT(IBV_WR_BIND_MW) | RNIC_OP_BIT(IBV_WR_SEND_WITH_INV);
	const uint32_t rc = uc | RNIC_OP_BIT(IBV_WR_RDMA_READ) |
			    RNIC_OP_BIT(IBV_WR_ATOMIC_CMP_AND_SWP) |
			    RNIC_OP_BIT(IBV_WR_ATOMIC_FETCH_AND_ADD);

	switch (type) {
	case IBV_QPT_RC:
	case IBV_QPT_XRC_SEND:
		return rc;
	case IBV_QPT_UC:
		return uc;
	case IBV_QPT_UD:
		/* TSO only on the QP types tso_caps.supported_qpts names:
		 * RAW_PACKET alone */
		return common;
	case IBV_QPT_RAW_PACKET:
		return RNIC_OP_BIT(IBV_WR_SEND) | RNIC_OP_BIT(IBV_WR_TSO);
	default:
		return 0;
	}
}

/* enum ibv_wr_opcode -> wqe_op */
static const uint8_t rnic_wqe_op[] = {
	[IBV_WR_RDMA_WRITE] = RNIC_WQE_OP_RDMA_WRITE,
	[IBV_WR_RDMA_WRITE_WITH_IMM] = RNIC_WQE_OP_RDMA_WRITE_IMM,
	[IBV_WR_SEND] = RNIC_WQE_OP_SEND,
	[IBV_WR_SEND_WITH_IMM] = RNIC_WQE_OP_SEND_IMM,
	[IBV_WR_RDMA_READ] = RNIC_WQE_OP_RDMA_READ,
	[IBV_WR_ATOMIC_CMP_AND_SWP] = RNIC_WQE_OP_ATOMIC_CS,
	[IBV_WR_ATOMIC_FETCH_AND_ADD] = RNIC_WQE_OP_ATOMIC_FA,
	[IBV_WR_LOCAL_INV] = RNIC_WQE_OP_LOCAL_INV,
	[IBV_WR_BIND_MW] = RNIC_WQE_OP_BIND_MW,
	[IBV_WR_SEND_WITH_INV] = RNIC_WQE_OP_SEND_INV,
	[IBV_WR_TSO] = RNIC_WQE_OP_TSO,
};

/* Opcodes whose payload may travel inline (ibv_post_send(3): Send and
 * RDMA Write). */
#define RNIC_INLINE_OPS                                                                       \
	(RNIC_OP_BIT(IBV_WR_SEND) | RNIC_OP_BIT(IBV_WR_SEND_WITH_IMM) |                        \
	 RNIC_OP_BIT(IBV_WR_SEND_WITH_INV) | RNIC_OP_BIT(IBV_WR_RDMA_WRITE) |                  \
	 RNIC_OP_BIT(IBV_WR_RDMA_WRITE_WITH_IMM))

/* Opcodes that may carry the solicited event (ibv_post_send(3): Send and
 * RDMA Write with immediate). */
#define RNIC_SOLICITED_OPS                                                                    \
	(RNIC_OP_BIT(IBV_WR_SEND) | RNIC_OP_BIT(IBV_WR_SEND_WITH_IMM) |                        \
	 RNIC_OP_BIT(IBV_WR_SEND_WITH_INV) | RNIC_OP_BIT(IBV_WR_RDMA_WRITE_WITH_IMM))

static inline void rnic_data_seg_put(uint32_t *ds, const struct ibv_sge *sge)
{
	rnic_data_seg_set_addr(ds, sge->addr);
	rnic_data_seg_set_length(ds, sge->length);
	rnic_data_seg_set_lkey(ds, sge->lkey);
}

/* Is the queue full at producer index pi? The cached consumer index is
 * re-read (poll_cq advances it) only when it says full. */
static inline int rnic_wq_full(struct rnic_wq *q, uint32_t pi, uint32_t *ci)
{
	if (pi - *ci < q->cnt)
		return 0;
	*ci = __atomic_load_n(&q->ci, __ATOMIC_ACQUIRE);
	return pi - *ci >= q->cnt;
}

/* ibv_post_send(3) IBV_WR_TSO: is the header template one the device can
 * cut segments after (send_wqe.tso_hdr_sz, tso_mss)? tso.hdr_sz is at most
 * the QP's max_tso_header (0 without IBV_QP_INIT_ATTR_MAX_TSO_HEADER: no
 * TSO), a segment (template and mss payload bytes, mss >= 1) is a raw
 * frame of at most MAX_RAW_FRAME bytes, and the template is an Ethernet
 * header (IEEE 802.3 §3.1.1: EtherType at bytes 12-13) with at most one
 * 802.1Q tag (TPID 0x8100 there, IEEE 802.1Q §9.5: 4 bytes, then the
 * EtherType), an IPv4 header (RFC 791 §3.1: version and IHL in byte 0, IHL
 * >= 5 words, protocol 6 in byte 9) and a TCP header (RFC 9293 §3.1: 20
 * bytes or more, data offset in words in the high nibble of byte 12),
 * ending exactly where the TCP header ends. The payload (the SGEs) is
 * checked as it is written. */
static int rnic_tso_ok(const struct rnic_qp *qp, const struct ibv_send_wr *wr)
{
	const uint8_t *h = wr->tso.hdr;
	uint32_t n = wr->tso.hdr_sz, l3 = ETHER_HDR_LEN, l4, type;

	if (!h || n < ETHER_HDR_LEN || n > qp->max_tso_header || wr->tso.mss == 0 ||
	    n + wr->tso.mss > RNIC_MAX_RAW_FRAME)
		return 0;
	type = (uint32_t)h[12] << 8 | h[13];
	if (type == ETHERTYPE_VLAN) {
		l3 += 4;
		if (n < l3)
			return 0;
		type = (uint32_t)h[16] << 8 | h[17];
	}
	if (type != ETHERTYPE_IP || n < l3 + 20 || (h[l3] >> 4) != 4 || (h[l3] & 0xFu) < 5 ||
	    h[l3 + 9] != IPPROTO_TCP)
		return 0;
	l4 = l3 + (h[l3] & 0xFu) * 4u;
	return n >= l4 + 20 && n == l4 + (uint32_t)(h[l4 + 12] >> 4) * 4u;
}

/* Write an SGE list as data segments; returns the byte total. */
static inline uint64_t rnic_sges_put(uint32_t *ds, const struct ibv_sge *sg, int num)
{
	uint64_t total = 0;

	for (int i = 0; i < num; i++) {
		rnic_data_seg_put(ds, &sg[i]);
		total += sg[i].length;
		ds += RNIC_DATA_SEG_BYTES / sizeof(uint32_t);
	}
	return total;
}

/* Publish the WQEs from q->pi up to pi with one doorbell (value db).
 * If the doorbell fails the device never heard of them: none is posted. */
static inline int rnic_wq_commit(struct rnic_context *ctx, struct rnic_wq *q, uint32_t pi, uint32_t db)
{
	int err;

	rnic_wmb(); /* WQEs visible before the doorbell */
	err = rnic_doorbell(ctx, q->db_off, db);
	if (!err)
		q->pi = pi;
	return err;
}

/*
 * Check the send WRs of list wr and write them into the send queue from
 * slot *pi on, advancing *pi past each one written; nothing is published
 * (the caller rings the doorbell). 0, or the errno of the first WR refused
 * (EINVAL: not in the QP's state, opcode, flags or sizes; ENOMEM: queue
 * full), which *bad then names. Under sq->lock.
 */
int rnic_sq_write(struct rnic_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad,
		  uint32_t *pi_io)
{
	struct ibv_qp *ibqp = &qp->ibqp;
	struct rnic_wq *sq = &qp->sq;
	uint32_t pi = *pi_io, ci;
	int state, err = 0;

	state = __atomic_load_n(&qp->state, __ATOMIC_ACQUIRE);
	/* IBA 10.8.3.1: the send queue accepts work from RTS on */
	if (state == IBV_QPS_RESET || state == IBV_QPS_INIT || state == IBV_QPS_RTR) {
		err = EINVAL;
		goto out;
	}
	ci = __atomic_load_n(&sq->ci, __ATOMIC_ACQUIRE);

	for (; wr; wr = wr->next) {
		uint32_t *w, flags, len = 0, imm = 0, tso_hdr = 0;
		unsigned int op = (unsigned int)wr->opcode, sf = wr->send_flags;
		int i, memop, inl = (sf & IBV_SEND_INLINE) != 0;

		/* ibv_post_send(3): the opcode table (TSO on RAW_PACKET, as
		 * tso_caps.supported_qpts says); INLINE only for Send and RDMA
		 * Write (not TSO); SOLICITED only for Send and RDMA Write with
		 * immediate; FENCE only on RC (and XRC, reliable too); IP_CSUM
		 * only where device_cap_flags offer it: RAW_IP_CSUM, on
		 * RAW_PACKET (no UD_IP_CSUM) */
		if (op >= 32 || !(qp->opcode_ok & RNIC_OP_BIT(op)) ||
		    (inl && !(RNIC_INLINE_OPS & RNIC_OP_BIT(op))) ||
		    ((sf & IBV_SEND_SOLICITED) && !(RNIC_SOLICITED_OPS & RNIC_OP_BIT(op))) ||
		    ((sf & IBV_SEND_FENCE) && !qp->fence_ok) ||
		    ((sf & IBV_SEND_IP_CSUM) && !qp->csum_ok) ||
		    wr->num_sge < 0 || (!inl && (uint32_t)wr->num_sge > sq->max_sge) ||
		    (op == IBV_WR_TSO && !rnic_tso_ok(qp, wr))) {
			err = EINVAL;
			break;
		}
		if (rnic_wq_full(sq, pi, &ci)) {
			err = ENOMEM;
			break;
		}
		w = (uint32_t *)(sq->buf + ((size_t)(pi & sq->mask) << sq->log_stride));

		memop = op == IBV_WR_BIND_MW || op == IBV_WR_LOCAL_INV;
		if (memop) {
			/* memory operations: no data, no SGEs */
			if (op == IBV_WR_BIND_MW &&
			    (!wr->bind_mw.mw || wr->bind_mw.mw->type != IBV_MW_TYPE_2 ||
			     wr->bind_mw.mw->context != ibqp->context || !wr->bind_mw.bind_info.mr)) {
				err = EINVAL;
				break;
			}
		} else if (inl) {
			uint8_t *dst = (uint8_t *)(w + RNIC_SEND_WQE_WORDS);

			for (i = 0; i < wr->num_sge; i++) {
				uint32_t l = wr->sg_list[i].length;

				if (l > qp->max_inline - len) {
					err = EINVAL;
					goto out;
				}
				memcpy(dst + len, (const void *)(uintptr_t)wr->sg_list[i].addr, l);
				len += l;
			}
		} else {
			/* the data segments follow the control segment; a TSO
			 * WQE first has its template (copied now: the caller
			 * may reuse tso.hdr at once), zeros to the next 16-byte
			 * boundary, and a payload of 1 .. MAX_TSO bytes
			 * (send_wqe.tso_hdr_sz) */
			uint32_t *ds = w + RNIC_SEND_WQE_WORDS;
			uint64_t total, lo = 0, hi = UINT32_MAX;

			if (op == IBV_WR_TSO) {
				uint32_t room = rnic_tso_hdr_room(wr->tso.hdr_sz);

				tso_hdr = wr->tso.hdr_sz;
				memcpy(ds, wr->tso.hdr, tso_hdr);
				memset((uint8_t *)ds + tso_hdr, 0, room - tso_hdr);
				ds += room / sizeof(uint32_t);
				lo = 1;
				hi = RNIC_MAX_TSO;
			}
			total = rnic_sges_put(ds, wr->sg_list, wr->num_sge);
			if (total < lo || total > hi) {
				err = EINVAL;
				goto out;
			}
			len = (uint32_t)total;
		}

		flags = qp->sig_all_flag;
		if (sf & IBV_SEND_SIGNALED)
			flags |= RNIC_WQE_FLAG_SIGNALED;
		if (sf & IBV_SEND_SOLICITED)
			flags |= RNIC_WQE_FLAG_SOLICITED;
		if (sf & IBV_SEND_FENCE)
			flags |= RNIC_WQE_FLAG_FENCE;
		/* a TSO WQE has the device write every segment's IPv4 and
		 * TCP checksums, asked for or not */
		if ((sf & IBV_SEND_IP_CSUM) || op == IBV_WR_TSO)
			flags |= RNIC_WQE_FLAG_IP_CSUM;
		if (inl)
			flags |= RNIC_WQE_FLAG_INLINE;

		memset(w, 0, RNIC_SEND_WQE_BYTES);
		w[0] = rnic_send_wqe_opcode(rnic_wqe_op[op]) | rnic_send_wqe_flags(flags) |
		       rnic_send_wqe_num_sge(inl || memop ? 0u : (uint32_t)wr->num_sge) |
		       rnic_send_wqe_tso_hdr_sz(tso_hdr);
		rnic_send_wqe_set_wqe_index(w, pi);
		rnic_send_wqe_set_length(w, len);
		switch (op) {
		case IBV_WR_SEND_WITH_IMM:
			memcpy(&imm, &wr->imm_data, sizeof(imm)); /* bytes as in the WR */
			break;
		case IBV_WR_RDMA_WRITE_WITH_IMM:
			memcpy(&imm, &wr->imm_data, sizeof(imm));
			/* fall through */
		case IBV_WR_RDMA_WRITE:
		case IBV_WR_RDMA_READ:
			rnic_send_wqe_set_remote_addr(w, wr->wr.rdma.remote_addr);
			rnic_send_wqe_set_rkey(w, wr->wr.rdma.rkey);
			break;
		case IBV_WR_ATOMIC_CMP_AND_SWP:
		case IBV_WR_ATOMIC_FETCH_AND_ADD:
			rnic_send_wqe_set_remote_addr(w, wr->wr.atomic.remote_addr);
			rnic_send_wqe_set_rkey(w, wr->wr.atomic.rkey);
			rnic_send_wqe_set_compare_add(w, wr->wr.atomic.compare_add);
			rnic_send_wqe_set_swap(w, wr->wr.atomic.swap);
			break;
		case IBV_WR_SEND_WITH_INV:
		case IBV_WR_LOCAL_INV:
			imm = wr->invalidate_rkey;
			break;
		case IBV_WR_TSO:
			rnic_send_wqe_set_tso_mss(w, wr->tso.mss);
			break;
		case IBV_WR_BIND_MW:
			/* the region's lkey, the window's new rkey (its index
			 * names the window), the range and the access */
			imm = wr->bind_mw.bind_info.mr->lkey;
			rnic_send_wqe_set_rkey(w, wr->bind_mw.rkey);
			rnic_send_wqe_set_remote_addr(w, wr->bind_mw.bind_info.addr);
			rnic_send_wqe_set_compare_add(w, wr->bind_mw.bind_info.length);
			rnic_send_wqe_set_swap(w, wr->bind_mw.bind_info.mw_access_flags);
			break;
		default:
			break;
		}
		rnic_send_wqe_set_imm(w, imm);
		if (ibqp->qp_type == IBV_QPT_UD) {
			const struct rnic_ah *ah = (const struct rnic_ah *)wr->wr.ud.ah;

			if (!ah) {
				err = EINVAL;
				break;
			}
			/* the address vector travels in the WQE: the AH may go
			 * once the WR completed (ibv_post_send(3) NOTES) */
			rnic_send_wqe_set_dest_qpn(w, wr->wr.ud.remote_qpn);
			rnic_send_wqe_set_qkey(w, wr->wr.ud.remote_qkey);
			rnic_send_wqe_set_ah_dip(w, ah->dip);
			rnic_send_wqe_set_ah_dmac_lo(w, ah->dmac_lo);
			w[RNIC_SEND_WQE_AH_DMAC_HI_DW] |= rnic_send_wqe_ah_dmac_hi(ah->dmac_hi) |
							  rnic_send_wqe_ah_hop_limit(ah->hop_limit) |
							  rnic_send_wqe_ah_tclass(ah->tclass);
		} else if (ibqp->qp_type == IBV_QPT_XRC_SEND) {
			rnic_send_wqe_set_dest_qpn(w, wr->qp_type.xrc.remote_srqn);
		}
		/* RAW_PACKET: the SGEs or the inline bytes are the whole frame
		 * (destination MAC through payload, no FCS), sent as it is
		 * (with its IPv4 and TCP or UDP checksums written under
		 * IP_CSUM); the WQE holds no address: the device checks the
		 * length (14 .. MAX_RAW_FRAME, else IBV_WC_LOC_LEN_ERR). A TSO
		 * WQE is cut into frames of the template and up to mss
		 * payload bytes each. */
		sq->wrid[pi & sq->mask] = wr->wr_id;
		pi++;
	}
out:
	*pi_io = pi;
	if (err)
		*bad = wr;
	return err;
}

/* Publish the send WQEs up to pi with the doorbell: 0 or its errno.
 * Under sq->lock. */
int rnic_sq_commit(struct rnic_qp *qp, uint32_t pi)
{
	return rnic_wq_commit(qp->ctx, &qp->sq, pi,
			      rnic_db_sq_qpn(qp->ibqp.qp_num) | rnic_db_sq_pi(pi));
}

int rnic_post_send(struct ibv_qp *ibqp, struct ibv_send_wr *wr, struct ibv_send_wr **bad_wr)
{
	struct rnic_qp *qp = (struct rnic_qp *)ibqp;
	struct rnic_wq *sq = &qp->sq;
	struct ibv_send_wr *bad = NULL;
	uint32_t pi;
	int err;

	pthread_spin_lock(&sq->lock);
	pi = sq->pi;
	err = rnic_sq_write(qp, wr, &bad, &pi);
	/* the WRs before a refused one go (ibv_post_send(3): bad_wr is the
	 * first not posted); if the doorbell fails, none went */
	if (pi != sq->pi) {
		int dberr = rnic_sq_commit(qp, pi);

		if (dberr) {
			err = dberr;
			bad = wr;
		}
	}
	pthread_spin_unlock(&sq->lock);
	if (err)
		*bad_wr = bad;
	return err;
}

/* Check one receive WR against queue q (ibv_post_recv(3),
 * ibv_post_srq_recv(3)) and write it into slot pi: 0, EINVAL (num_sge
 * negative or over max_sge, or more than 2^32 bytes) or ENOMEM (full). */
static inline int rnic_recv_wqe_put(struct rnic_wq *q, uint32_t pi, uint32_t *ci,
				    const struct ibv_recv_wr *wr)
{
	uint32_t *w;
	uint64_t total;

	if (wr->num_sge < 0 || (uint32_t)wr->num_sge > q->max_sge)
		return EINVAL;
	if (rnic_wq_full(q, pi, ci))
		return ENOMEM;
	w = (uint32_t *)(q->buf + ((size_t)(pi & q->mask) << q->log_stride));
	total = rnic_sges_put(w + RNIC_RECV_WQE_WORDS, wr->sg_list, wr->num_sge);
	if (total > UINT32_MAX)
		return EINVAL;
	w[0] = rnic_recv_wqe_num_sge((uint32_t)wr->num_sge);
	w[1] = rnic_recv_wqe_wqe_index(pi);
	rnic_recv_wqe_set_length(w, (uint32_t)total);
	w[3] = 0;
	q->wrid[pi & q->mask] = wr->wr_id;
	return 0;
}

int rnic_post_recv(struct ibv_qp *ibqp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	struct rnic_qp *qp = (struct rnic_qp *)ibqp;
	struct rnic_wq *rq = &qp->rq;
	struct ibv_recv_wr *head = wr;
	uint32_t pi, ci;
	int err = 0;

	pthread_spin_lock(&rq->lock);
	pi = rq->pi;
	/* ibv_post_recv(3): a QP with an SRQ takes no receive WRs, nor does
	 * an XRC QP (an initiator receives nothing, a target takes the WQEs
	 * of XRC SRQs): no receive ring; IBA 10.8.3.1: the receive queue
	 * accepts work from INIT on */
	if (!rq->buf || __atomic_load_n(&qp->state, __ATOMIC_ACQUIRE) == IBV_QPS_RESET) {
		err = EINVAL;
		goto out;
	}
	ci = __atomic_load_n(&rq->ci, __ATOMIC_ACQUIRE);

	for (; wr; wr = wr->next) {
		err = rnic_recv_wqe_put(rq, pi, &ci, wr);
		if (err)
			break;
		pi++;
	}
out:
	if (pi != rq->pi) {
		int dberr = rnic_wq_commit(qp->ctx, rq, pi, rnic_db_rq_qpn(ibqp->qp_num) | rnic_db_rq_pi(pi));

		if (dberr) {
			err = dberr;
			wr = head;
		}
	}
	pthread_spin_unlock(&rq->lock);
	/* a QP in the error state flushes what is posted to it */
	if (__atomic_load_n(&qp->rq_flushing, __ATOMIC_ACQUIRE) && wr != head)
		rnic_rq_flush(qp);
	if (err)
		*bad_wr = wr;
	return err;
}

/* ibv_post_srq_recv(3): the clauses of ibv_post_recv on the SRQ's ring; it
 * takes work whatever the state of the QPs attached to it. */
int rnic_post_srq_recv(struct ibv_srq *ibsrq, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad_wr)
{
	struct rnic_srq *srq = (struct rnic_srq *)ibsrq;
	struct rnic_wq *q = &srq->wq;
	struct ibv_recv_wr *head = wr;
	uint32_t pi, ci;
	int err = 0;

	pthread_spin_lock(&q->lock);
	pi = q->pi;
	ci = q->ci; /* poll_cq moves it under this lock only */
	for (; wr; wr = wr->next) {
		err = rnic_recv_wqe_put(q, pi, &ci, wr);
		if (err)
			break;
		pi++;
	}
	if (pi != q->pi) {
		int dberr = rnic_wq_commit(srq->ctx, q, pi, rnic_db_srq_srqn(srq->srqn) | rnic_db_srq_pi(pi));

		if (dberr) {
			err = dberr;
			wr = head;
		}
	}
	pthread_spin_unlock(&q->lock);
	if (err)
		*bad_wr = wr;
	return err;
}

/* wc_status -> enum ibv_wc_status (the contract numbers them alike; the
 * table keeps the mapping explicit) */
static const uint8_t rnic_wc_status[] = {
	[RNIC_WC_STATUS_SUCCESS] = IBV_WC_SUCCESS,
	[RNIC_WC_STATUS_LOC_LEN_ERR] = IBV_WC_LOC_LEN_ERR,
	[RNIC_WC_STATUS_LOC_QP_OP_ERR] = IBV_WC_LOC_QP_OP_ERR,
	[RNIC_WC_STATUS_LOC_EEC_OP_ERR] = IBV_WC_LOC_EEC_OP_ERR,
	[RNIC_WC_STATUS_LOC_PROT_ERR] = IBV_WC_LOC_PROT_ERR,
	[RNIC_WC_STATUS_WR_FLUSH_ERR] = IBV_WC_WR_FLUSH_ERR,
	[RNIC_WC_STATUS_MW_BIND_ERR] = IBV_WC_MW_BIND_ERR,
	[RNIC_WC_STATUS_BAD_RESP_ERR] = IBV_WC_BAD_RESP_ERR,
	[RNIC_WC_STATUS_LOC_ACCESS_ERR] = IBV_WC_LOC_ACCESS_ERR,
	[RNIC_WC_STATUS_REM_INV_REQ_ERR] = IBV_WC_REM_INV_REQ_ERR,
	[RNIC_WC_STATUS_REM_ACCESS_ERR] = IBV_WC_REM_ACCESS_ERR,
	[RNIC_WC_STATUS_REM_OP_ERR] = IBV_WC_REM_OP_ERR,
	[RNIC_WC_STATUS_RETRY_EXC_ERR] = IBV_WC_RETRY_EXC_ERR,
	[RNIC_WC_STATUS_RNR_RETRY_EXC_ERR] = IBV_WC_RNR_RETRY_EXC_ERR,
	[RNIC_WC_STATUS_LOC_RDD_VIOL_ERR] = IBV_WC_LOC_RDD_VIOL_ERR,
	[RNIC_WC_STATUS_REM_INV_RD_REQ_ERR] = IBV_WC_REM_INV_RD_REQ_ERR,
	[RNIC_WC_STATUS_REM_ABORT_ERR] = IBV_WC_REM_ABORT_ERR,
	[RNIC_WC_STATUS_INV_EECN_ERR] = IBV_WC_INV_EECN_ERR,
	[RNIC_WC_STATUS_INV_EEC_STATE_ERR] = IBV_WC_INV_EEC_STATE_ERR,
	[RNIC_WC_STATUS_FATAL_ERR] = IBV_WC_FATAL_ERR,
	[RNIC_WC_STATUS_RESP_TIMEOUT_ERR] = IBV_WC_RESP_TIMEOUT_ERR,
	[RNIC_WC_STATUS_GENERAL_ERR] = IBV_WC_GENERAL_ERR,
};

static enum ibv_wc_opcode rnic_wc_opcode(uint32_t op)
{
	switch (op) {
	case RNIC_CQE_OP_REQ_SEND:
		return IBV_WC_SEND;
	case RNIC_CQE_OP_REQ_RDMA_WRITE:
		return IBV_WC_RDMA_WRITE;
	case RNIC_CQE_OP_REQ_RDMA_READ:
		return IBV_WC_RDMA_READ;
	case RNIC_CQE_OP_REQ_ATOMIC_CS:
		return IBV_WC_COMP_SWAP;
	case RNIC_CQE_OP_REQ_ATOMIC_FA:
		return IBV_WC_FETCH_ADD;
	case RNIC_CQE_OP_REQ_LOCAL_INV:
		return IBV_WC_LOCAL_INV;
	case RNIC_CQE_OP_REQ_BIND_MW:
		return IBV_WC_BIND_MW;
	case RNIC_CQE_OP_REQ_TSO:
		return IBV_WC_TSO;
	case RNIC_CQE_OP_RESP_RECV_IMM:
		return IBV_WC_RECV_RDMA_WITH_IMM;
	case RNIC_CQE_OP_RESP_RECV:
	default:
		return IBV_WC_RECV;
	}
}

/* Advance a free-running consumer index to one past the 16-bit WQE index
 * `idx` of a completed WQE; every earlier WQE retires with it. */
static inline void rnic_wq_retire(struct rnic_wq *wq, uint32_t idx)
{
	uint32_t ci = __atomic_load_n(&wq->ci, __ATOMIC_RELAXED);

	ci += (idx + 1u - ci) & 0xFFFFu;
	__atomic_store_n(&wq->ci, ci, __ATOMIC_RELEASE);
}

/* The receive CQE of an SRQ WQE names its slot (wqe_index, taken modulo
 * the ring): hand back its wr_id, mark the slot completed and move the
 * consumer index over the completed slots that now follow it without a
 * gap. A slot outside the WQEs the device may hold ([ci, pi)) is not
 * marked: a stale or bogus CQE must not free a slot still to be used. */
static inline uint64_t rnic_srq_complete(struct rnic_srq *srq, uint32_t idx)
{
	struct rnic_wq *q = &srq->wq;
	uint32_t slot = idx & q->mask, ci;
	uint64_t wr_id;

	pthread_spin_lock(&q->lock);
	wr_id = q->wrid[slot];
	ci = q->ci;
	if (((slot - ci) & q->mask) < q->pi - ci) {
		srq->done[slot] = 1;
		while (ci != q->pi && srq->done[ci & q->mask]) {
			srq->done[ci & q->mask] = 0;
			ci++;
		}
		__atomic_store_n(&q->ci, ci, __ATOMIC_RELEASE);
	}
	pthread_spin_unlock(&q->lock);
	return wr_id;
}

/*
 * Receive flush (IBA 10.3.1: in the error state every WR completes, flushed).
 * The responder of this NIC takes no receive WQE of a QP in the error state
 * but does not complete the ones posted, so the library does: a QP that
 * entered ERR (ibv_modify_qp, an error completion, an asynchronous error
 * event) is listed on its receive CQ, and ibv_poll_cq hands out one
 * IBV_WC_WR_FLUSH_ERR per receive WQE in [rq.ci, rq.pi), in order, once
 * the hardware ring is empty; an armed CQ with a channel gets its completion
 * event. A hardware CQE of an already flushed WQE (one that was in flight
 * when the QP changed state) is dropped, so each WR completes once.
 */
static void rnic_cq_wake(struct rnic_cq *cq)
{
	uint64_t one = 1;

	if (cq->armed && cq->efd >= 0) {
		cq->armed = 0;
		if (write(cq->efd, &one, sizeof(one)) != (ssize_t)sizeof(one))
			cq->armed = 1; /* the counter is saturated: an event is there */
	}
}

void rnic_rq_flush(struct rnic_qp *qp)
{
	struct rnic_cq *cq = (struct rnic_cq *)qp->ibqp.recv_cq;

	if (!qp->rq.buf || !cq)
		return;
	pthread_spin_lock(&cq->lock);
	__atomic_store_n(&qp->rq_flushing, 1, __ATOMIC_RELEASE);
	if (!qp->flush_listed) {
		qp->flush_listed = 1;
		qp->flush_next = cq->flush_list;
		cq->flush_list = qp;
	}
	rnic_cq_wake(cq);
	pthread_spin_unlock(&cq->lock);
}

void rnic_rq_flush_stop(struct rnic_qp *qp)
{
	struct rnic_cq *cq = (struct rnic_cq *)qp->ibqp.recv_cq;
	struct rnic_qp **pp;

	if (!cq)
		return;
	pthread_spin_lock(&cq->lock);
	__atomic_store_n(&qp->rq_flushing, 0, __ATOMIC_RELEASE);
	for (pp = &cq->flush_list; *pp; pp = &(*pp)->flush_next)
		if (*pp == qp) {
			*pp = qp->flush_next;
			break;
		}
	qp->flush_listed = 0;
	pthread_spin_unlock(&cq->lock);
}

/* Flush completions into wc[n..num_entries), cq->lock held; returns n. */
static int rnic_cq_flush_poll(struct rnic_cq *cq, int n, int num_entries, struct ibv_wc *wc)
{
	while (n < num_entries && cq->flush_list) {
		struct rnic_qp *qp = cq->flush_list;
		struct rnic_wq *rq = &qp->rq;
		uint32_t ci = __atomic_load_n(&rq->ci, __ATOMIC_ACQUIRE);
		struct ibv_wc *c;

		if (ci == __atomic_load_n(&rq->pi, __ATOMIC_ACQUIRE)) {
			cq->flush_list = qp->flush_next;
			qp->flush_listed = 0;
			continue;
		}
		c = &wc[n++];
		memset(c, 0, sizeof(*c));
		c->wr_id = rq->wrid[ci & rq->mask];
		c->status = IBV_WC_WR_FLUSH_ERR;
		c->opcode = IBV_WC_RECV;
		c->qp_num = qp->ibqp.qp_num;
		__atomic_store_n(&rq->ci, ci + 1, __ATOMIC_RELEASE);
	}
	return n;
}

int rnic_poll_cq(struct ibv_cq *ibcq, int num_entries, struct ibv_wc *wc)
{
	struct rnic_cq *cq = (struct rnic_cq *)ibcq;
	struct rnic_context *ctx = cq->ctx;
	uint32_t ci, qp_limit = (uint32_t)1 << ctx->log_qps;
	struct rnic_qp *flush_qp = NULL;
	int n = 0;

	pthread_spin_lock(&cq->lock);
	ci = cq->ci;
	while (n < num_entries) {
		const uint32_t *e = cq->ring + (size_t)(ci & cq->mask) * RNIC_CQE_WORDS;
		/* owner is 1 on the first pass over the ring, 0 on the next */
		uint32_t phase = ((ci >> cq->log_size) & 1u) ^ 1u;
		uint32_t owner_word, qpn, op, idx, status, flags;
		uint64_t wr_id;
		struct rnic_qp *qp;
		struct ibv_wc *c;

		owner_word = __atomic_load_n(&e[RNIC_CQE_OWNER_DW], __ATOMIC_RELAXED);
		if (((owner_word >> RNIC_CQE_OWNER_LSB) & 1u) != phase)
			break;
		rnic_rmb(); /* the rest of the CQE after its owner bit */
		ci++;
		qpn = rnic_cqe_get_qpn(e);
		qp = qpn < qp_limit ? __atomic_load_n(&ctx->qp_table[qpn], __ATOMIC_ACQUIRE) : NULL;
		op = rnic_cqe_get_opcode(e);
		idx = rnic_cqe_get_wqe_index(e);
		/* bit 7 of the CQE opcode marks a responder (receive) CQE */
		if (qp && !qp->xrc_tgt) {
			if ((op & RNIC_CQE_OP_RESP_RECV) && qp->has_srq) {
				wr_id = rnic_srq_complete(qp->srq, idx);
			} else if (op & RNIC_CQE_OP_RESP_RECV) {
				/* already handed out as flushed (it was in flight
				 * when the QP entered the error state) */
				if (qp->rq_flushing &&
				    ((idx - qp->rq.ci) & 0xFFFFu) >= ((qp->rq.pi - qp->rq.ci) & 0xFFFFu))
					continue;
				wr_id = qp->rq.wrid[idx & qp->rq.mask];
				rnic_wq_retire(&qp->rq, idx);
			} else {
				wr_id = qp->sq.wrid[idx & qp->sq.mask];
				rnic_wq_retire(&qp->sq, idx);
			}
		} else {
			/* An XRC target's receive: the WQE is the XRC SRQ's the
			 * CQE names (cqe.srqn; the QP has no queue of its own).
			 * The slot is given back even when the QP is gone, so the
			 * SRQ never stalls (mlx5 frees the SRQ WQEs of a destroyed
			 * QP's CQEs as it cleans them from the CQ); with no QP
			 * there is nobody to report to, and with no SRQ (none, or
			 * not an XRC SRQ) nothing to report. */
			struct rnic_srq *xsrq = (op & RNIC_CQE_OP_RESP_RECV)
							? rnic_xsrq_find(ctx, rnic_cqe_get_srqn(e))
							: NULL;

			if (!xsrq)
				continue;
			wr_id = rnic_srq_complete(xsrq, idx);
			if (!qp)
				continue;
		}
		status = rnic_cqe_get_status(e);
		flags = rnic_cqe_get_flags(e);
		/* an error completion leaves an RC QP in the error state: its
		 * receives flush (after the lock: the receive CQ may be this
		 * one). A UC receive in error leaves the QP as it was. */
		if (status != RNIC_WC_STATUS_SUCCESS && status != RNIC_WC_STATUS_WR_FLUSH_ERR && qp &&
		    qp->rq.buf && !qp->rq_flushing && qp->ibqp.qp_type == IBV_QPT_RC)
			flush_qp = qp;
		c = &wc[n++];
		c->wr_id = wr_id;
		c->status = status < sizeof(rnic_wc_status) ? (enum ibv_wc_status)rnic_wc_status[status]
							     : IBV_WC_GENERAL_ERR;
		c->opcode = rnic_wc_opcode(op);
		c->vendor_err = rnic_cqe_get_vendor_err(e);
		c->byte_len = rnic_cqe_get_byte_len(e);
		c->imm_data = rnic_cqe_get_imm(e); /* bytes as on the wire */
		c->qp_num = qpn;
		c->src_qp = rnic_cqe_get_src_qp(e);
		c->wc_flags = 0;
		if (flags & RNIC_CQE_FLAG_IMM)
			c->wc_flags |= IBV_WC_WITH_IMM;
		if (flags & RNIC_CQE_FLAG_INV) {
			/* the IETH key, a number (imm_data's union twin) */
			c->wc_flags |= IBV_WC_WITH_INV;
			c->invalidated_rkey = be32toh(c->imm_data);
		}
		if (flags & RNIC_CQE_FLAG_GRH)
			c->wc_flags |= IBV_WC_GRH;
		c->pkey_index = (uint16_t)rnic_cqe_get_pkey_index(e);
		c->slid = (uint16_t)rnic_cqe_get_slid(e);
		c->sl = (uint8_t)rnic_cqe_get_sl(e);
		c->dlid_path_bits = (uint8_t)rnic_cqe_get_dlid_path_bits(e);
	}
	if (ci != cq->ci) {
		cq->ci = ci;
		/* tell the device about free entries every half ring */
		if (ci - cq->db_ci >= cq->db_every) {
			cq->db_ci = ci;
			rnic_doorbell(ctx, cq->db_off,
				      rnic_db_cq_cqn(cq->cqn) | rnic_db_cq_ci(ci) |
					      rnic_db_cq_arm(RNIC_CQ_ARM_NONE));
		}
	}
	/* flushed receives once the hardware's CQEs are all taken */
	if (n < num_entries && cq->flush_list)
		n = rnic_cq_flush_poll(cq, n, num_entries, wc);
	pthread_spin_unlock(&cq->lock);
	if (flush_qp)
		rnic_rq_flush(flush_qp);
	/* Nothing there: on the simulator, let simulated time pass until
	 * something could have arrived instead of spinning in wall time. */
	if (n == 0 && num_entries > 0)
		rnic_sim_idle(ctx);
	return n;
}

int rnic_req_notify_cq(struct ibv_cq *ibcq, int solicited_only)
{
	struct rnic_cq *cq = (struct rnic_cq *)ibcq;
	int err;

	pthread_spin_lock(&cq->lock);
	cq->db_ci = cq->ci;
	cq->armed = 1;
	err = rnic_doorbell(cq->ctx, cq->db_off,
			    rnic_db_cq_cqn(cq->cqn) | rnic_db_cq_ci(cq->ci) |
				    rnic_db_cq_arm(solicited_only ? RNIC_CQ_ARM_SOLICITED
								  : RNIC_CQ_ARM_NEXT));
	/* flushed receives are waiting: the event is due now */
	if (!err && cq->flush_list && !solicited_only)
		rnic_cq_wake(cq);
	pthread_spin_unlock(&cq->lock);
	return err;
}

/* ------------------------------------------------------------------ */
/* the poll iterator of ibv_create_cq_ex(3)                            */

/* The next completion into cq->cur: 0, or ENOENT when the CQ is empty
 * ("the CQ remains in a valid state"; on the simulator simulated time has
 * passed as for an empty ibv_poll_cq). */
static int rnic_cqx_next_poll(struct ibv_cq_ex *cqx)
{
	struct rnic_cq *cq = (struct rnic_cq *)cqx;

	if (rnic_poll_cq(&cq->ibcq, 1, &cq->cur) != 1)
		return ENOENT;
	cqx->status = cq->cur.status;
	cqx->wr_id = cq->cur.wr_id;
	return 0;
}

/* Each ibv_poll_cq takes the CQ lock for itself, so the batch needs no
 * lock of its own: start_poll is the first next_poll. */
static int rnic_cqx_start_poll(struct ibv_cq_ex *cqx, struct ibv_poll_cq_attr *attr)
{
	if (attr && attr->comp_mask)
		return EINVAL;
	return rnic_cqx_next_poll(cqx);
}

static void rnic_cqx_end_poll(struct ibv_cq_ex *cqx)
{
	(void)cqx;
}

static const struct ibv_wc *rnic_cqx_cur(struct ibv_cq_ex *cqx)
{
	return &((struct rnic_cq *)cqx)->cur;
}

static enum ibv_wc_opcode rnic_cqx_read_opcode(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->opcode;
}

static uint32_t rnic_cqx_read_vendor_err(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->vendor_err;
}

static uint32_t rnic_cqx_read_byte_len(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->byte_len;
}

/* the immediate data, or the invalidated rkey (IBV_WC_WITH_INV), as the
 * CQE carries either in the same field */
static __be32 rnic_cqx_read_imm_data(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->imm_data;
}

static uint32_t rnic_cqx_read_qp_num(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->qp_num;
}

static uint32_t rnic_cqx_read_src_qp(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->src_qp;
}

static unsigned int rnic_cqx_read_wc_flags(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->wc_flags;
}

static uint32_t rnic_cqx_read_slid(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->slid;
}

static uint8_t rnic_cqx_read_sl(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->sl;
}

static uint8_t rnic_cqx_read_dlid_path_bits(struct ibv_cq_ex *cqx)
{
	return rnic_cqx_cur(cqx)->dlid_path_bits;
}

void rnic_cq_ex_init(struct rnic_cq *cq)
{
	struct ibv_cq_ex *x = &cq->ibcqx;

	x->comp_mask = 0;
	x->start_poll = rnic_cqx_start_poll;
	x->next_poll = rnic_cqx_next_poll;
	x->end_poll = rnic_cqx_end_poll;
	x->read_opcode = rnic_cqx_read_opcode;
	x->read_vendor_err = rnic_cqx_read_vendor_err;
	x->read_byte_len = rnic_cqx_read_byte_len;
	x->read_imm_data = rnic_cqx_read_imm_data;
	x->read_qp_num = rnic_cqx_read_qp_num;
	x->read_src_qp = rnic_cqx_read_src_qp;
	x->read_wc_flags = rnic_cqx_read_wc_flags;
	x->read_slid = rnic_cqx_read_slid;
	x->read_sl = rnic_cqx_read_sl;
	x->read_dlid_path_bits = rnic_cqx_read_dlid_path_bits;
	/* the CQE has no timestamp, VLAN, flow tag or tag matching fields:
	 * ibv_create_cq_ex refuses the wc_flags that would read them */
	x->read_completion_ts = NULL;
	x->read_cvlan = NULL;
	x->read_flow_tag = NULL;
	x->read_tm_info = NULL;
	x->read_completion_wallclock_ns = NULL;
}
