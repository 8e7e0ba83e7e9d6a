/*
 * In-test rnic device behind the transport interface; see mock_device.h.
 */
#include "mock_device.h"

#include <errno.h>
#include <infiniband/verbs.h> /* cmd_srq_attr.mask holds ibv_srq_attr_mask bits */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mock_config mock_next;
int mock_opens;
int mock_closed_maps;
int mock_closed_uctx_live;
uint32_t mock_closed_srq_busy;
uint32_t mock_closed_busy;
int mock_closed_xrcds;
int mock_closed_flows;
uint32_t mock_closed_status_reads;
uint32_t mock_closed_early_writes;

struct mock_dev *mock_from_transport(struct rnic_transport *t)
{
	return (struct mock_dev *)t;
}

static void *mock_ptr(uint64_t iova)
{
	return (void *)(uintptr_t)(iova - MOCK_IOVA_OFFSET);
}

static struct mock_qp *mock_qp_get(struct mock_dev *m, uint32_t qpn)
{
	return qpn < MOCK_QPS && m->qp[qpn].valid ? &m->qp[qpn] : NULL;
}

uint32_t *mock_sq_wqe(struct mock_dev *m, uint32_t qpn, uint32_t idx)
{
	const uint32_t *c = m->qp[qpn].create;
	uint32_t mask = (1u << rnic_cmd_create_qp_in_get_log_sq_size(c)) - 1;

	return (uint32_t *)((uint8_t *)mock_ptr(rnic_cmd_create_qp_in_get_sq_base(c)) +
			    ((size_t)(idx & mask) << rnic_cmd_create_qp_in_get_log_sq_stride(c)));
}

uint32_t *mock_rq_wqe(struct mock_dev *m, uint32_t qpn, uint32_t idx)
{
	const uint32_t *c = m->qp[qpn].create;
	uint32_t mask = (1u << rnic_cmd_create_qp_in_get_log_rq_size(c)) - 1;

	return (uint32_t *)((uint8_t *)mock_ptr(rnic_cmd_create_qp_in_get_rq_base(c)) +
			    ((size_t)(idx & mask) << rnic_cmd_create_qp_in_get_log_rq_stride(c)));
}

uint32_t *mock_srq_wqe(struct mock_dev *m, uint32_t srqn, uint32_t idx)
{
	const uint32_t *c = m->srq[srqn].create;
	uint32_t mask = (1u << rnic_cmd_create_srq_in_get_log_size(c)) - 1;

	return (uint32_t *)((uint8_t *)mock_ptr(rnic_cmd_create_srq_in_get_base(c)) +
			    ((size_t)(idx & mask) << rnic_cmd_create_srq_in_get_log_stride(c)));
}

static struct mock_srq *mock_srq_get(struct mock_dev *m, uint32_t srqn)
{
	return srqn < MOCK_SRQS && m->srq[srqn].valid ? &m->srq[srqn] : NULL;
}

int mock_cq_push(struct mock_dev *m, uint32_t cqn, const uint32_t cqe[RNIC_CQE_WORDS])
{
	struct mock_cq *cq = &m->cq[cqn];
	uint32_t size = 1u << cq->log_size, *e, i;

	if (!cq->valid)
		return -1;
	if ((uint16_t)(cq->pi - cq->db_ci) >= size) {
		cq->overflow = 1;
		return -1;
	}
	e = (uint32_t *)mock_ptr(cq->base) + (size_t)(cq->pi & (size - 1)) * RNIC_CQE_WORDS;
	for (i = 0; i + 1 < RNIC_CQE_WORDS; i++)
		e[i] = cqe[i];
	e[RNIC_CQE_WORDS - 1] = cqe[RNIC_CQE_WORDS - 1];
	rnic_cqe_set_owner(e, ((cq->pi >> cq->log_size) & 1u) ^ 1u);
	cq->pi++;
	return 0;
}

/* Resolve [va, va+len) through memory key `key` to a host pointer. */
static uint8_t *mock_mr_resolve(struct mock_dev *m, uint32_t key, uint64_t va, uint32_t len)
{
	uint32_t idx = key >> RNIC_KEY_TAG_BITS;
	struct mock_mr *mr;

	if (idx >= MOCK_MRS || (key & ((1u << RNIC_KEY_TAG_BITS) - 1)) != MOCK_KEY_TAG)
		return NULL;
	mr = &m->mr[idx];
	if (!mr->valid || va < mr->start || va + len > mr->start + mr->length)
		return NULL;
	return (uint8_t *)mock_ptr(mr->iova + (va - mr->start));
}

static void mock_complete(struct mock_dev *m, uint32_t cqn, uint32_t op, uint32_t status,
			  uint32_t qpn, uint32_t idx, uint32_t len, uint32_t flags, uint32_t imm,
			  uint32_t src_qp, uint32_t srqn)
{
	uint32_t e[RNIC_CQE_WORDS] = {0};

	rnic_cqe_set_wqe_index(e, idx);
	rnic_cqe_set_opcode(e, op);
	rnic_cqe_set_status(e, status);
	rnic_cqe_set_qpn(e, qpn);
	rnic_cqe_set_flags(e, flags);
	rnic_cqe_set_byte_len(e, len);
	rnic_cqe_set_imm(e, imm);
	rnic_cqe_set_src_qp(e, src_qp);
	rnic_cqe_set_srqn(e, srqn);
	mock_cq_push(m, cqn, e);
}

/* Execute one SEND / SEND_WITH_IMM WQE of qpn into its (loopback) peer. */
static void mock_exec_send(struct mock_dev *m, uint32_t qpn, struct mock_qp *qp)
{
	const uint32_t *w = mock_sq_wqe(m, qpn, qp->sq_ci);
	uint32_t op = rnic_send_wqe_get_opcode(w), fl = rnic_send_wqe_get_flags(w);
	uint32_t len = rnic_send_wqe_get_length(w), n = rnic_send_wqe_get_num_sge(w), i;
	uint32_t status = RNIC_WC_STATUS_SUCCESS, idx = qp->sq_ci;
	uint8_t payload[65536];
	struct mock_qp *dst = mock_qp_get(m, qp->dest_qpn);
	struct mock_srq *srq;
	const uint32_t *r = NULL; /* the receive WQE, index ridx */
	uint32_t ridx = 0, rcqn = dst ? rnic_cmd_create_qp_in_get_recv_cqn(dst->create) : 0;
	uint32_t xsrqn = 0; /* the XRC SRQ the WQE came from */
	int take, xrc;

	if (rnic_send_wqe_get_wqe_index(w) != (idx & 0xFFFFu) ||
	    (op != RNIC_WQE_OP_SEND && op != RNIC_WQE_OP_SEND_IMM) || len > sizeof(payload))
		status = RNIC_WC_STATUS_LOC_QP_OP_ERR;
	if (status == RNIC_WC_STATUS_SUCCESS && (fl & RNIC_WQE_FLAG_INLINE)) {
		memcpy(payload, w + RNIC_SEND_WQE_WORDS, len);
	} else if (status == RNIC_WC_STATUS_SUCCESS) {
		uint32_t off = 0;
		const uint32_t *ds = w + RNIC_SEND_WQE_WORDS;

		for (i = 0; i < n; i++, ds += RNIC_DATA_SEG_WORDS) {
			uint32_t l = rnic_data_seg_get_length(ds);
			uint8_t *p = mock_mr_resolve(m, rnic_data_seg_get_lkey(ds),
						     rnic_data_seg_get_addr(ds), l);

			if (!p || off + l > len) {
				status = RNIC_WC_STATUS_LOC_PROT_ERR;
				break;
			}
			memcpy(payload + off, p, l);
			off += l;
		}
	}
	/* the receive WQE: the receiver's own RQ, or the SRQ it was created
	 * with, next in ring order; for an XRC initiator the XRC SRQ its WQE
	 * names, which must be one of the target's domain (else the target
	 * refuses the request: remote invalid request, nothing received) */
	take = status == RNIC_WC_STATUS_SUCCESS && dst;
	xrc = rnic_cmd_create_qp_in_get_type(qp->create) == RNIC_QP_TYPE_XRC_SEND;
	if (take && xrc) {
		uint32_t srqn = rnic_send_wqe_get_dest_qpn(w);

		srq = mock_srq_get(m, srqn);
		if (rnic_cmd_create_qp_in_get_type(dst->create) != RNIC_QP_TYPE_XRC_RECV || !srq ||
		    !rnic_cmd_create_srq_in_get_xrc(srq->create) ||
		    rnic_cmd_create_srq_in_get_xrcdn(srq->create) !=
			    rnic_cmd_create_qp_in_get_xrcdn(dst->create)) {
			status = RNIC_WC_STATUS_REM_INV_REQ_ERR;
		} else if (srq->ci != srq->pi) {
			r = mock_srq_wqe(m, srqn, srq->ci);
			ridx = srq->ci;
			srq->ci = (srq->ci + 1) & 0xFFFFu;
			rcqn = rnic_cmd_create_srq_in_get_cqn(srq->create);
			xsrqn = srqn;
		}
	} else if (take && rnic_cmd_create_qp_in_get_srq_en(dst->create)) {
		uint32_t srqn = rnic_cmd_create_qp_in_get_srqn(dst->create);

		srq = mock_srq_get(m, srqn);
		if (srq && srq->ci != srq->pi) {
			r = mock_srq_wqe(m, srqn, srq->ci);
			ridx = srq->ci;
			srq->ci = (srq->ci + 1) & 0xFFFFu;
		}
	} else if (take && dst->rq_ci != dst->rq_pi) {
		r = mock_rq_wqe(m, qp->dest_qpn, dst->rq_ci);
		ridx = dst->rq_ci;
		dst->rq_ci = (dst->rq_ci + 1) & 0xFFFFu;
	}
	if (status == RNIC_WC_STATUS_SUCCESS && !r)
		status = RNIC_WC_STATUS_RNR_RETRY_EXC_ERR;
	if (status == RNIC_WC_STATUS_SUCCESS) {
		const uint32_t *ds = r + RNIC_RECV_WQE_WORDS;
		uint32_t off = 0, rstatus = RNIC_WC_STATUS_SUCCESS;

		for (i = 0; i < rnic_recv_wqe_get_num_sge(r) && off < len;
		     i++, ds += RNIC_DATA_SEG_WORDS) {
			uint32_t l = rnic_data_seg_get_length(ds);
			uint8_t *p;

			if (l > len - off)
				l = len - off;
			p = mock_mr_resolve(m, rnic_data_seg_get_lkey(ds), rnic_data_seg_get_addr(ds),
					    l);
			if (!p) {
				rstatus = RNIC_WC_STATUS_LOC_PROT_ERR;
				break;
			}
			memcpy(p, payload + off, l);
			off += l;
		}
		if (rstatus == RNIC_WC_STATUS_SUCCESS && off < len)
			rstatus = RNIC_WC_STATUS_LOC_LEN_ERR;
		mock_complete(m, rcqn, RNIC_CQE_OP_RESP_RECV, rstatus, qp->dest_qpn, ridx, len,
			      op == RNIC_WQE_OP_SEND_IMM ? RNIC_CQE_FLAG_IMM : 0,
			      op == RNIC_WQE_OP_SEND_IMM ? rnic_send_wqe_get_imm(w) : 0, qpn, xsrqn);
		if (rstatus != RNIC_WC_STATUS_SUCCESS)
			status = RNIC_WC_STATUS_REM_OP_ERR;
	}
	if (status != RNIC_WC_STATUS_SUCCESS || (fl & RNIC_WQE_FLAG_SIGNALED))
		mock_complete(m, rnic_cmd_create_qp_in_get_send_cqn(qp->create),
			      RNIC_CQE_OP_REQ_SEND, status, qpn, idx, len, 0, 0, 0, 0);
	qp->sq_ci = (qp->sq_ci + 1) & 0xFFFFu;
}

static void mock_doorbell_apply(struct mock_dev *m, uint64_t off, uint32_t v)
{
	uint64_t page = RNIC_DB_PAGE_BASE + (uint64_t)m->uctx * RNIC_DB_PAGE_SIZE;
	struct mock_qp *qp;

	if (m->db_count < MOCK_DB_LOG) {
		m->db_off[m->db_count] = off;
		m->db_val[m->db_count] = v;
	}
	m->db_count++;
	if (off == page + RNIC_DB_SQ) {
		qp = mock_qp_get(m, rnic_db_sq_get_qpn(&v));
		if (!qp)
			return;
		qp->sq_pi = rnic_db_sq_get_pi(&v);
		while (m->auto_exec && qp->sq_ci != qp->sq_pi)
			mock_exec_send(m, rnic_db_sq_get_qpn(&v), qp);
	} else if (off == page + RNIC_DB_RQ) {
		qp = mock_qp_get(m, rnic_db_rq_get_qpn(&v));
		if (qp)
			qp->rq_pi = rnic_db_rq_get_pi(&v);
	} else if (off == page + RNIC_DB_SRQ) {
		struct mock_srq *srq = mock_srq_get(m, rnic_db_srq_get_srqn(&v));

		if (srq)
			srq->pi = rnic_db_srq_get_pi(&v);
	} else if (off == page + RNIC_DB_CQ) {
		uint32_t cqn = rnic_db_cq_get_cqn(&v);

		if (cqn < MOCK_CQS && m->cq[cqn].valid) {
			m->cq[cqn].db_ci = rnic_db_cq_get_ci(&v);
			m->cq[cqn].db_arm = rnic_db_cq_get_arm(&v);
		}
	}
}

static uint32_t mock_alloc_index(int *valid0, size_t stride, uint32_t first, uint32_t count)
{
	uint32_t i;

	for (i = first; i < count; i++)
		if (!*(int *)((uint8_t *)valid0 + stride * i))
			return i;
	return UINT32_MAX;
}

/* Execute the command in slot `slot`. */
static void mock_cmd(struct mock_dev *m, uint32_t slot)
{
	uint32_t *in = &m->regs[(RNIC_CMDQ_BASE + slot * RNIC_CMDQ_SLOT_SIZE) / 4];
	uint32_t *out = in + RNIC_CMDQ_OUT_OFFSET / 4;
	uint32_t op = rnic_cmd_in_get_opcode(in), h = rnic_cmd_in_get_handle(in);
	uint32_t st = RNIC_CMD_STATUS_OK, i;
	struct mock_qp *qp;
	struct mock_srq *srq;

	m->cmd_count++;
	memcpy(m->last_in, in, sizeof(m->last_in));
	memset(out, 0, RNIC_CMD_OUT_BYTES);
	if (m->force_status && (!m->force_op || m->force_op == op)) {
		rnic_cmd_out_set_status(out, m->force_status);
		m->force_status = 0;
		return;
	}
	if (op != RNIC_CMD_OP_ALLOC_UCTX && rnic_cmd_in_get_uctx(in) != m->uctx) {
		rnic_cmd_out_set_status(out, RNIC_CMD_STATUS_BAD_HANDLE);
		return;
	}
	switch (op) {
	case RNIC_CMD_OP_QUERY_DEVICE:
		rnic_cmd_query_device_out_set_fw_ver(out, 0x00010002u);
		rnic_cmd_query_device_out_set_node_guid(out, MOCK_NODE_GUID_FIELD);
		rnic_cmd_query_device_out_set_max_qp(out, MOCK_QPS);
		rnic_cmd_query_device_out_set_max_cq(out, MOCK_CQS);
		rnic_cmd_query_device_out_set_max_mr(out, MOCK_MRS);
		rnic_cmd_query_device_out_set_max_pd(out, 256);
		rnic_cmd_query_device_out_set_max_qp_wr(out, 1u << RNIC_LOG_MAX_WQE);
		rnic_cmd_query_device_out_set_max_cqe(out, 1u << RNIC_LOG_MAX_CQE);
		rnic_cmd_query_device_out_set_max_sge(out, RNIC_MAX_SEND_SGE);
		rnic_cmd_query_device_out_set_max_recv_sge(out, RNIC_MAX_RECV_SGE);
		rnic_cmd_query_device_out_set_max_inline(out, RNIC_MAX_INLINE);
		rnic_cmd_query_device_out_set_max_rd_atom(out, RNIC_MAX_RD_ATOMIC);
		rnic_cmd_query_device_out_set_max_mr_size(out, 1ull << 40);
		rnic_cmd_query_device_out_set_page_size_cap(out, 4096);
		rnic_cmd_query_device_out_set_hw_ver(out, 7);
		rnic_cmd_query_device_out_set_max_srq(out, MOCK_SRQS - 1);
		rnic_cmd_query_device_out_set_max_srq_wr(out, 1u << RNIC_LOG_MAX_WQE);
		rnic_cmd_query_device_out_set_max_srq_sge(out, RNIC_MAX_RECV_SGE);
		rnic_cmd_query_device_out_set_max_xrcd(out, MOCK_XRCDS - MOCK_FIRST_XRCDN);
		rnic_cmd_query_device_out_set_max_flows(out, MOCK_FLOWS);
		break;
	case RNIC_CMD_OP_QUERY_PORT:
		rnic_cmd_query_port_out_set_state(out, 4); /* active */
		rnic_cmd_query_port_out_set_max_mtu(out, RNIC_MTU_4096);
		rnic_cmd_query_port_out_set_active_mtu(out, RNIC_MTU_1024);
		rnic_cmd_query_port_out_set_gid_tbl_len(out, 2);
		rnic_cmd_query_port_out_set_mac_lo(out, m->ipv4);
		rnic_cmd_query_port_out_set_mac_hi(out, 0x0200);
		rnic_cmd_query_port_out_set_ipv4(out, m->ipv4);
		rnic_cmd_query_port_out_set_speed_gbps(out, 100);
		break;
	case RNIC_CMD_OP_ALLOC_UCTX:
		m->uctx = MOCK_FIRST_UCTX;
		m->uctx_live = 1;
		rnic_cmd_out_set_handle(out, m->uctx);
		break;
	case RNIC_CMD_OP_FREE_UCTX:
		if (h != m->uctx || !m->uctx_live)
			st = RNIC_CMD_STATUS_BAD_HANDLE;
		m->uctx_live = 0;
		break;
	case RNIC_CMD_OP_ALLOC_PD:
		rnic_cmd_out_set_handle(out, ++m->next_pd);
		break;
	case RNIC_CMD_OP_DEALLOC_PD:
		if (h == 0 || h > m->next_pd)
			st = RNIC_CMD_STATUS_BAD_HANDLE;
		break;
	case RNIC_CMD_OP_CREATE_CQ:
		i = mock_alloc_index(&m->cq[0].valid, sizeof(m->cq[0]), MOCK_FIRST_CQN, MOCK_CQS);
		if (i == UINT32_MAX) {
			st = RNIC_CMD_STATUS_NO_RESOURCES;
			break;
		}
		memset(&m->cq[i], 0, sizeof(m->cq[i]));
		m->cq[i].valid = 1;
		m->cq[i].base = rnic_cmd_create_cq_in_get_base(in);
		m->cq[i].log_size = rnic_cmd_create_cq_in_get_log_size(in);
		m->cq[i].vector = rnic_cmd_create_cq_in_get_vector(in);
		rnic_cmd_out_set_handle(out, i);
		break;
	case RNIC_CMD_OP_DESTROY_CQ:
		if (h >= MOCK_CQS || !m->cq[h].valid) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			break;
		}
		/* an XRC SRQ completing on it holds it */
		for (i = 0; i < MOCK_SRQS; i++)
			if (m->srq[i].valid && rnic_cmd_create_srq_in_get_xrc(m->srq[i].create) &&
			    rnic_cmd_create_srq_in_get_cqn(m->srq[i].create) == h)
				st = RNIC_CMD_STATUS_BUSY;
		if (st == RNIC_CMD_STATUS_OK)
			m->cq[h].valid = 0;
		break;
	case RNIC_CMD_OP_OPEN_XRCD:
		for (i = MOCK_FIRST_XRCDN; i < MOCK_XRCDS && m->xrcd_open[i]; i++)
			;
		if (i == MOCK_XRCDS) {
			st = RNIC_CMD_STATUS_NO_RESOURCES;
			break;
		}
		m->xrcd_open[i] = 1;
		m->xrcd_refs[i] = 0;
		rnic_cmd_out_set_handle(out, i);
		break;
	case RNIC_CMD_OP_CLOSE_XRCD:
		if (h >= MOCK_XRCDS || !m->xrcd_open[h])
			st = RNIC_CMD_STATUS_BAD_HANDLE;
		else if (m->xrcd_refs[h])
			st = RNIC_CMD_STATUS_BUSY;
		else
			m->xrcd_open[h] = 0;
		break;
	case RNIC_CMD_OP_CREATE_QP:
		srq = NULL;
		if (rnic_cmd_create_qp_in_get_type(in) == RNIC_QP_TYPE_XRC_RECV) {
			uint32_t x = rnic_cmd_create_qp_in_get_xrcdn(in);

			if (x >= MOCK_XRCDS || !m->xrcd_open[x]) {
				st = RNIC_CMD_STATUS_BAD_HANDLE;
				break;
			}
		}
		if (rnic_cmd_create_qp_in_get_srq_en(in)) {
			srq = mock_srq_get(m, rnic_cmd_create_qp_in_get_srqn(in));
			if (!srq) {
				st = RNIC_CMD_STATUS_BAD_HANDLE;
				break;
			}
		}
		i = mock_alloc_index(&m->qp[0].valid, sizeof(m->qp[0]), MOCK_FIRST_QPN, MOCK_QPS);
		if (i == UINT32_MAX) {
			st = RNIC_CMD_STATUS_NO_RESOURCES;
			break;
		}
		memset(&m->qp[i], 0, sizeof(m->qp[i]));
		m->qp[i].valid = 1;
		memcpy(m->qp[i].create, in, sizeof(m->qp[i].create));
		if (srq)
			srq->refs++;
		if (rnic_cmd_create_qp_in_get_type(in) == RNIC_QP_TYPE_XRC_RECV)
			m->xrcd_refs[rnic_cmd_create_qp_in_get_xrcdn(in)]++;
		rnic_cmd_out_set_handle(out, i);
		break;
	case RNIC_CMD_OP_MODIFY_QP:
		qp = mock_qp_get(m, h);
		if (!qp) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			break;
		}
		memcpy(qp->attr, in, sizeof(qp->attr));
		if (rnic_cmd_qp_attr_get_attr_mask(in) & RNIC_QP_ATTR_MASK_STATE) {
			uint32_t ns = rnic_cmd_qp_attr_get_qp_state(in);

			if (ns == RNIC_QP_STATE_RESET ||
			    (ns == RNIC_QP_STATE_INIT && qp->state == RNIC_QP_STATE_RESET))
				qp->sq_pi = qp->sq_ci = qp->rq_pi = qp->rq_ci = 0;
			qp->state = ns;
		}
		if (rnic_cmd_qp_attr_get_attr_mask(in) & RNIC_QP_ATTR_MASK_DEST_QPN)
			qp->dest_qpn = rnic_cmd_qp_attr_get_dest_qpn(in);
		break;
	case RNIC_CMD_OP_QUERY_QP:
		qp = mock_qp_get(m, h);
		if (!qp) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			break;
		}
		memcpy(out, qp->attr, sizeof(qp->attr));
		rnic_cmd_out_set_handle(out, h);
		rnic_cmd_qp_attr_set_qp_state(out, qp->state);
		break;
	case RNIC_CMD_OP_DESTROY_QP:
		qp = mock_qp_get(m, h);
		if (!qp) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			break;
		}
		for (i = 0; i < MOCK_FLOWS; i++)
			if (m->flow[i].valid &&
			    rnic_cmd_create_flow_in_get_qpn(m->flow[i].create) == h)
				st = RNIC_CMD_STATUS_BUSY;
		if (st != RNIC_CMD_STATUS_OK)
			break;
		qp->valid = 0;
		if (rnic_cmd_create_qp_in_get_type(qp->create) == RNIC_QP_TYPE_XRC_RECV)
			m->xrcd_refs[rnic_cmd_create_qp_in_get_xrcdn(qp->create)]--;
		if (rnic_cmd_create_qp_in_get_srq_en(qp->create)) {
			srq = mock_srq_get(m, rnic_cmd_create_qp_in_get_srqn(qp->create));
			if (srq)
				srq->refs--;
		}
		break;
	case RNIC_CMD_OP_CREATE_SRQ: {
		uint32_t pdn = rnic_cmd_create_srq_in_get_pdn(in);
		uint32_t log_size = rnic_cmd_create_srq_in_get_log_size(in);
		uint32_t log_stride = rnic_cmd_create_srq_in_get_log_stride(in);

		if (pdn == 0 || pdn > m->next_pd) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			break;
		}
		if (rnic_cmd_create_srq_in_get_xrc(in)) {
			uint32_t x = rnic_cmd_create_srq_in_get_xrcdn(in);
			uint32_t cqn = rnic_cmd_create_srq_in_get_cqn(in);

			if (x >= MOCK_XRCDS || !m->xrcd_open[x] || cqn >= MOCK_CQS ||
			    !m->cq[cqn].valid) {
				st = RNIC_CMD_STATUS_BAD_HANDLE;
				break;
			}
		}
		if (log_size > RNIC_LOG_MAX_WQE || (1u << log_stride) < RNIC_RECV_WQE_BYTES ||
		    (1u << log_stride) > RNIC_RECV_WQE_MAX_STRIDE ||
		    rnic_cmd_create_srq_in_get_limit(in) > 1u << log_size) {
			st = RNIC_CMD_STATUS_BAD_PARAM;
			break;
		}
		i = mock_alloc_index(&m->srq[0].valid, sizeof(m->srq[0]), MOCK_FIRST_SRQN,
				     MOCK_SRQS);
		if (i == UINT32_MAX) {
			st = RNIC_CMD_STATUS_NO_RESOURCES;
			break;
		}
		memset(&m->srq[i], 0, sizeof(m->srq[i]));
		m->srq[i].valid = 1;
		memcpy(m->srq[i].create, in, sizeof(m->srq[i].create));
		m->srq[i].limit = rnic_cmd_create_srq_in_get_limit(in);
		if (rnic_cmd_create_srq_in_get_xrc(in))
			m->xrcd_refs[rnic_cmd_create_srq_in_get_xrcdn(in)]++;
		rnic_cmd_out_set_handle(out, i);
		break;
	}
	case RNIC_CMD_OP_DESTROY_SRQ:
		srq = mock_srq_get(m, h);
		if (!srq) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
		} else if (srq->refs) {
			st = RNIC_CMD_STATUS_BUSY;
			m->srq_busy++;
		} else {
			srq->valid = 0;
			if (rnic_cmd_create_srq_in_get_xrc(srq->create))
				m->xrcd_refs[rnic_cmd_create_srq_in_get_xrcdn(srq->create)]--;
		}
		break;
	case RNIC_CMD_OP_MODIFY_SRQ:
		srq = mock_srq_get(m, h);
		if (!srq) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
		} else if (rnic_cmd_srq_attr_get_mask(in) != IBV_SRQ_LIMIT) {
			st = RNIC_CMD_STATUS_BAD_MASK;
		} else if (rnic_cmd_srq_attr_get_limit(in) >
			   1u << rnic_cmd_create_srq_in_get_log_size(srq->create)) {
			st = RNIC_CMD_STATUS_BAD_PARAM;
		} else {
			srq->limit = rnic_cmd_srq_attr_get_limit(in);
		}
		break;
	case RNIC_CMD_OP_QUERY_SRQ:
		srq = mock_srq_get(m, h);
		if (!srq) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			break;
		}
		rnic_cmd_srq_attr_set_max_wr(out,
					     1u << rnic_cmd_create_srq_in_get_log_size(srq->create));
		rnic_cmd_srq_attr_set_limit(out, srq->limit);
		break;
	case RNIC_CMD_OP_CREATE_FLOW:
		qp = mock_qp_get(m, rnic_cmd_create_flow_in_get_qpn(in));
		if (!qp || rnic_cmd_create_qp_in_get_type(qp->create) != RNIC_QP_TYPE_RAW) {
			st = RNIC_CMD_STATUS_BAD_HANDLE;
			break;
		}
		i = mock_alloc_index(&m->flow[0].valid, sizeof(m->flow[0]), 0, MOCK_FLOWS);
		if (i == UINT32_MAX) {
			st = RNIC_CMD_STATUS_NO_RESOURCES;
			break;
		}
		m->flow[i].valid = 1;
		memcpy(m->flow[i].create, in, sizeof(m->flow[i].create));
		rnic_cmd_out_set_handle(out, i);
		break;
	case RNIC_CMD_OP_DESTROY_FLOW:
		if (h >= MOCK_FLOWS || !m->flow[h].valid)
			st = RNIC_CMD_STATUS_BAD_HANDLE;
		else
			m->flow[h].valid = 0;
		break;
	case RNIC_CMD_OP_REG_MR:
		i = mock_alloc_index(&m->mr[0].valid, sizeof(m->mr[0]), 1, MOCK_MRS);
		if (i == UINT32_MAX) {
			st = RNIC_CMD_STATUS_NO_RESOURCES;
			break;
		}
		m->mr[i].valid = 1;
		m->mr[i].pdn = rnic_cmd_reg_mr_in_get_pdn(in);
		m->mr[i].access = rnic_cmd_reg_mr_in_get_access(in);
		m->mr[i].start = rnic_cmd_reg_mr_in_get_start(in);
		m->mr[i].length = rnic_cmd_reg_mr_in_get_length(in);
		m->mr[i].iova = rnic_cmd_reg_mr_in_get_iova(in);
		rnic_cmd_out_set_handle(out, i << RNIC_KEY_TAG_BITS | MOCK_KEY_TAG);
		break;
	case RNIC_CMD_OP_DEREG_MR:
		i = h >> RNIC_KEY_TAG_BITS;
		if (i >= MOCK_MRS || !m->mr[i].valid)
			st = RNIC_CMD_STATUS_BAD_HANDLE;
		else
			m->mr[i].valid = 0;
		break;
	default:
		if (op >= RNIC_CMD_OP_CM_NOTIFY && op <= RNIC_CMD_OP_CM_ACK_EVENT)
			st = mock_cm_cmd(m, op, h, in, out);
		else
			st = RNIC_CMD_STATUS_BAD_OPCODE;
	}
	if (st == RNIC_CMD_STATUS_BUSY)
		m->busy++;
	rnic_cmd_out_set_status(out, st);
}

static int mock_region_read(struct rnic_transport *t, unsigned region, uint64_t off, void *buf,
			    size_t len)
{
	struct mock_dev *m = mock_from_transport(t);
	uint32_t v;

	if (m->dead)
		return EIO;
	if (region != 0 || len != 4 || (off & 3))
		return EINVAL;
	switch (off) {
	case RNIC_BAR0_ID:
		v = m->magic;
		break;
	case RNIC_BAR0_VERSION:
		v = m->version | 1u << 16;
		break;
	case RNIC_BAR0_STATUS:
		m->status_reads++;
		v = m->busy_reads == 0; /* [0] ready */
		if (m->busy_reads != 0 && m->busy_reads != ~0u)
			m->busy_reads--;
		break;
	case RNIC_BAR0_CAP_LOG_QPS:
		v = RNIC_LOG_QPS;
		break;
	case RNIC_BAR0_CAP_LOG_CQS:
		v = RNIC_LOG_CQS;
		break;
	case RNIC_BAR0_CAP_LOG_MRS:
		v = RNIC_LOG_MRS;
		break;
	case RNIC_BAR0_CAP_LOG_PDS:
		v = RNIC_LOG_PDS;
		break;
	case RNIC_BAR0_CAP_SGE:
		v = RNIC_MAX_SEND_SGE | RNIC_MAX_RECV_SGE << 8;
		break;
	case RNIC_BAR0_CAP_INLINE:
		v = RNIC_MAX_INLINE;
		break;
	case RNIC_BAR0_CAP_LOG_DEPTH:
		v = RNIC_LOG_MAX_WQE | RNIC_LOG_MAX_CQE << 8;
		break;
	default:
		if (off >= sizeof(m->regs))
			return EINVAL;
		v = m->regs[off / 4];
	}
	memcpy(buf, &v, 4);
	return 0;
}

static int mock_region_write(struct rnic_transport *t, unsigned region, uint64_t off,
			     const void *buf, size_t len)
{
	struct mock_dev *m = mock_from_transport(t);
	uint32_t v;

	if (m->dead)
		return EIO;
	if (region != 0 || len != 4 || (off & 3) || off >= sizeof(m->regs))
		return EINVAL;
	if (m->busy_reads != 0)
		m->early_writes++;
	memcpy(&v, buf, 4);
	m->regs[off / 4] = v;
	if (off == RNIC_BAR0_CMDQ_PI && !m->hang) {
		uint32_t ci = m->regs[RNIC_BAR0_CMDQ_CI / 4];

		while (ci != v % RNIC_CMDQ_SLOTS) {
			mock_cmd(m, ci);
			ci = (ci + 1) % RNIC_CMDQ_SLOTS;
		}
		m->regs[RNIC_BAR0_CMDQ_CI / 4] = ci;
	}
	return 0;
}

static int mock_doorbell(struct rnic_transport *t, uint64_t off, uint32_t value)
{
	struct mock_dev *m = mock_from_transport(t);

	if (m->dead)
		return EIO;
	if (m->busy_reads != 0)
		m->early_writes++;
	mock_doorbell_apply(m, off, value);
	return 0;
}

static int mock_dma_map(struct rnic_transport *t, void *vaddr, size_t len, uint64_t *iova)
{
	struct mock_dev *m = mock_from_transport(t);

	if (m->dead)
		return EIO;
	(void)len;
	*iova = (uint64_t)(uintptr_t)vaddr + MOCK_IOVA_OFFSET;
	m->maps++;
	return 0;
}

static int mock_dma_unmap(struct rnic_transport *t, uint64_t iova, size_t len)
{
	struct mock_dev *m = mock_from_transport(t);

	(void)iova;
	(void)len;
	m->maps--;
	return m->dead ? EIO : 0;
}

static int mock_set_irq_eventfd(struct rnic_transport *t, unsigned vector, int efd)
{
	struct mock_dev *m = mock_from_transport(t);

	if (vector < RNIC_IRQ_VECTORS)
		m->irq_efd[vector] = efd;
	return 0;
}

static void mock_close(struct rnic_transport *t)
{
	struct mock_dev *m = mock_from_transport(t);

	mock_cm_close(m);
	mock_closed_maps = m->maps;
	mock_closed_uctx_live = m->uctx_live;
	mock_closed_srq_busy = m->srq_busy;
	mock_closed_busy = m->busy;
	mock_closed_status_reads = m->status_reads;
	mock_closed_early_writes = m->early_writes;
	mock_closed_xrcds = 0;
	for (unsigned i = 0; i < MOCK_XRCDS; i++)
		mock_closed_xrcds += m->xrcd_open[i];
	mock_closed_flows = 0;
	for (unsigned i = 0; i < MOCK_FLOWS; i++)
		mock_closed_flows += m->flow[i].valid;
	free(m);
}

static const struct rnic_transport_ops mock_ops = {
	.region_read = mock_region_read,
	.region_write = mock_region_write,
	.doorbell = mock_doorbell,
	.dma_map = mock_dma_map,
	.dma_unmap = mock_dma_unmap,
	.set_irq_eventfd = mock_set_irq_eventfd,
	.close = mock_close,
};

/* The address in "DIR/NAME.inet" beside socket path "DIR/NAME.sock". */
static uint32_t mock_ipv4(const char *socket_path)
{
	size_t len = socket_path ? strlen(socket_path) : 0;
	unsigned a, b, c, d;
	char path[4096];
	uint32_t ip = MOCK_PORT_IPV4;
	FILE *f;

	if (len < 5 || len >= sizeof(path) || strcmp(socket_path + len - 5, ".sock") != 0)
		return ip;
	memcpy(path, socket_path, len - 5);
	strcpy(path + len - 5, ".inet");
	f = fopen(path, "r");
	if (!f)
		return ip;
	if (fscanf(f, "%u.%u.%u.%u", &a, &b, &c, &d) == 4)
		ip = a << 24 | b << 16 | c << 8 | d;
	fclose(f);
	return ip;
}

static int mock_open(const char *socket_path, struct rnic_transport **out)
{
	struct mock_dev *m;

	if (mock_next.fail_open)
		return mock_next.fail_open;
	m = calloc(1, sizeof(*m));
	if (!m)
		return ENOMEM;
	m->t.ops = &mock_ops;
	m->t.bar0 = NULL;
	m->t.bar0_size = RNIC_BAR0_SIZE;
	m->t.num_irqs = RNIC_IRQ_VECTORS;
	m->magic = mock_next.magic ? mock_next.magic : RNIC_MAGIC;
	m->version = mock_next.version ? mock_next.version : RNIC_CONTRACT_VERSION;
	m->busy_reads = mock_next.busy_reads;
	m->auto_exec = 1;
	m->ipv4 = mock_ipv4(socket_path);
	for (unsigned v = 0; v < RNIC_IRQ_VECTORS; v++)
		m->irq_efd[v] = -1;
	mock_opens++;
	*out = &m->t;
	return 0;
}

int rnic_transport_open_vfio_user(const char *socket_path, struct rnic_transport **out)
{
	return mock_open(socket_path, out);
}

int rnic_transport_open_vfio(const char *pci_addr, struct rnic_transport **out)
{
	(void)pci_addr;
	return mock_open(NULL, out);
}
