/* Every command's success output and context writes, every failure status
 * with nothing changed, key reuse, FREE_UCTX cleanup, and the command queue
 * loop, against a model of the firmware-port register file. */
#include "fw_test_attr.h"

/* enum ibv_srq_attr_mask: IBV_SRQ_MAX_WR 1, IBV_SRQ_LIMIT 2. */
#define T_SRQ_MAX_WR 1u
#define T_SRQ_LIMIT  2u

static void test_init_programs_port_and_clears_tables(void)
{
	struct rnic_fw_config c = t_default_config();

	t_init();
	CHECK_EQ(tm.mac_lo, 0x22334455u);
	CHECK_EQ(tm.mac_hi, 0x0211u);
	CHECK_EQ(tm.ipv4, 0xC0A80A01u);
	CHECK_EQ(tm.port_ctrl, 1);
	CHECK_EQ(tm.irq_enable, 7); /* commands, hardware events, GSI MADs */
	CHECK_EQ(tm.nwrites, RNIC_FW_MAX_QPS + RNIC_FW_MAX_CQS + RNIC_FW_MAX_MRS + RNIC_FW_MAX_SRQS +
				     RNIC_FW_MAX_FLOWS);
	for (unsigned i = 0; i < RNIC_FW_MAX_QPS; i++)
		CHECK(t_all_zero(tm.qpc[i], RNIC_CTX_WORDS));
	for (unsigned i = 0; i < RNIC_FW_MAX_CQS; i++)
		CHECK(t_all_zero(tm.cqc[i], RNIC_CTX_WORDS));
	for (unsigned i = 0; i < RNIC_FW_MAX_MRS; i++)
		CHECK(t_all_zero(tm.mpt[i], RNIC_CTX_WORDS));
	for (unsigned i = 0; i < RNIC_FW_MAX_SRQS; i++)
		CHECK(t_all_zero(tm.srqc[i], RNIC_CTX_WORDS));
	for (unsigned i = 0; i < RNIC_FW_MAX_FLOWS; i++)
		CHECK(t_all_zero(tm.flow[i], RNIC_CTX_WORDS));
	CHECK_EQ(tm.bad, 0);

	/* A smaller runtime config clears only its own entries (and every
	 * flow steering rule: that table has the contract's size). */
	c.log_qps = 4;
	c.log_cqs = 2;
	c.log_mrs = 3;
	c.log_srqs = 1;
	CHECK_EQ(t_init_cfg(&c), 0);
	CHECK_EQ(tm.nwrites, 16 + 4 + 8 + 2 + RNIC_FW_MAX_FLOWS);
	CHECK(t_all_zero(tm.qpc[15], RNIC_CTX_WORDS));
	CHECK_EQ(tm.qpc[16][0], 0x5A5A5A5Au);
	CHECK(t_all_zero(tm.srqc[1], RNIC_CTX_WORDS));
	CHECK_EQ(tm.srqc[2][0], 0x5A5A5A5Au);
	/* log_srqs 0 is allowed: only the reserved SRQ 0, written as zero. */
	c.log_srqs = 0;
	CHECK_EQ(t_init_cfg(&c), 0);
	CHECK_EQ(tm.nwrites, 16 + 4 + 8 + 1 + RNIC_FW_MAX_FLOWS);
	CHECK(t_all_zero(tm.srqc[0], RNIC_CTX_WORDS));
	CHECK_EQ(tm.srqc[1][0], 0x5A5A5A5Au);

	/* Bad configurations and a missing device. */
	c = t_default_config();
	c.log_qps = RNIC_LOG_QPS + 1;
	CHECK_EQ(t_init_cfg(&c), -EINVAL);
	c = t_default_config();
	c.log_qps = 0;
	CHECK_EQ(t_init_cfg(&c), -EINVAL);
	c = t_default_config();
	c.log_mrs = RNIC_LOG_MRS + 1;
	CHECK_EQ(t_init_cfg(&c), -EINVAL);
	c = t_default_config();
	c.log_srqs = RNIC_LOG_SRQS + 1;
	CHECK_EQ(t_init_cfg(&c), -EINVAL);
	c = t_default_config();
	c.db_pages = RNIC_DB_PAGES + 1;
	CHECK_EQ(t_init_cfg(&c), -EINVAL);
	c = t_default_config();
	c.db_pages = 1;
	CHECK_EQ(t_init_cfg(&c), -EINVAL);
	CHECK_EQ(rnic_fw_init(&tfw, NULL, &c), -EINVAL);
	c = t_default_config();
	memset(&tm, 0, sizeof(tm));
	tm.id = 0x12345678u;
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), -ENODEV);
	CHECK_EQ(tm.nwrites, 0);
	CHECK_EQ(tm.port_ctrl, 0);
}

/* After a reset the hardware clears its context tables before FW STATUS[0]
 * (ready) is set: rnic_fw_init writes nothing until it is, and gives up
 * with -ETIMEDOUT after RNIC_FW_READY_SPINS reads of STATUS. */
static void test_init_waits_for_ready(void)
{
	struct rnic_fw_config c = t_default_config();

	t_model_reset();
	tm.busy_reads = 1000;
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), 0);
	CHECK_EQ(tm.status_reads, 1001);
	CHECK_EQ(tm.early_writes, 0);
	CHECK_EQ(tm.port_ctrl, 1);
	CHECK_EQ(tm.nwrites, RNIC_FW_MAX_QPS + RNIC_FW_MAX_CQS + RNIC_FW_MAX_MRS + RNIC_FW_MAX_SRQS +
				     RNIC_FW_MAX_FLOWS);
	CHECK_EQ(tm.bad, 0);

	/* ready at the last read allowed */
	t_model_reset();
	tm.busy_reads = RNIC_FW_READY_SPINS - 1u;
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), 0);
	CHECK_EQ(tm.status_reads, RNIC_FW_READY_SPINS);
	CHECK_EQ(tm.early_writes, 0);
	CHECK_EQ(tm.port_ctrl, 1);

	/* never ready: a fatal start-up error, nothing written */
	t_model_reset();
	tm.busy_reads = RNIC_FW_READY_SPINS;
	CHECK_EQ(rnic_fw_init(&tfw, &t_hal, &c), -ETIMEDOUT);
	CHECK_EQ(tm.status_reads, RNIC_FW_READY_SPINS);
	CHECK_EQ(tm.early_writes, 0);
	CHECK_EQ(tm.nwrites, 0);
	CHECK_EQ(tm.port_ctrl, 0);
	CHECK_EQ(tm.mac_lo, 0x5A5A5A5Au);
	CHECK_EQ(tm.bad, 0);
}

static void test_query_device_and_port(void)
{
	uint32_t in[32], out[32];
	struct rnic_fw_config c;

	t_init();
	t_hdr(in, RNIC_CMD_OP_QUERY_DEVICE, 0, 0);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_device_out_get_fw_ver(out), RNIC_FW_VERSION_MAJOR << 16 | RNIC_FW_VERSION_MINOR);
	/* EUI-64 of 02:11:22:33:44:55 is 00:11:22:ff:fe:33:44:55, byte 0 in 7:0. */
	CHECK_EQ(rnic_cmd_query_device_out_get_node_guid(out), 0x554433FEFF221100ull);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_qp(out), RNIC_FW_MAX_QPS - 2);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_cq(out), RNIC_FW_MAX_CQS);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_mr(out), RNIC_FW_MAX_MRS - 1);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_pd(out), RNIC_FW_MAX_PDS);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_qp_wr(out), 1u << RNIC_LOG_MAX_WQE);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_cqe(out), 1u << RNIC_LOG_MAX_CQE);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_sge(out), RNIC_MAX_SEND_SGE);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_recv_sge(out), RNIC_MAX_RECV_SGE);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_inline(out), RNIC_MAX_INLINE);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_rd_atom(out), 15);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_mr_size(out), ~0ull);
	CHECK_EQ(rnic_cmd_query_device_out_get_page_size_cap(out), ~0xFFFull);
	CHECK_EQ(rnic_cmd_query_device_out_get_hw_ver(out), 0);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_srq(out), (1u << RNIC_LOG_SRQS) - 1u);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_srq_wr(out), 1u << RNIC_LOG_MAX_WQE);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_srq_sge(out), RNIC_MAX_RECV_SGE);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	CHECK_EQ(out[1], 0);
	CHECK_EQ(out[3], 0);

	t_hdr(in, RNIC_CMD_OP_QUERY_PORT, 0, 0);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_port_out_get_state(out), 4); /* ACTIVE */
	CHECK_EQ(rnic_cmd_query_port_out_get_max_mtu(out), RNIC_MTU_4096);
	CHECK_EQ(rnic_cmd_query_port_out_get_active_mtu(out), RNIC_MTU_4096);
	CHECK_EQ(rnic_cmd_query_port_out_get_gid_tbl_len(out), 1);
	CHECK_EQ(rnic_cmd_query_port_out_get_mac_lo(out), 0x22334455u);
	CHECK_EQ(rnic_cmd_query_port_out_get_mac_hi(out), 0x0211u);
	CHECK_EQ(rnic_cmd_query_port_out_get_ipv4(out), 0xC0A80A01u);
	CHECK_EQ(rnic_cmd_query_port_out_get_speed_gbps(out), 100);
	tm.port_ctrl = 0; /* link disabled: DOWN */
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_port_out_get_state(out), 1);
	tm.port_ctrl = 1;

	t_hdr(in, 0x99, 0, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_OPCODE);
	t_hdr(in, 0, 0, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_OPCODE);

	/* A smaller runtime SRQ table reports its own size (SRQ 0 is never
	 * handed out), as max_qp and max_mr do. */
	c = t_default_config();
	c.log_srqs = 2;
	CHECK_EQ(t_init_cfg(&c), 0);
	t_hdr(in, RNIC_CMD_OP_QUERY_DEVICE, 0, 0);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_srq(out), 3);
	CHECK_EQ(rnic_cmd_query_device_out_get_max_srq_wr(out), 1u << RNIC_LOG_MAX_WQE);
}

static void test_uctx_alloc_free(void)
{
	uint32_t in[32], out[32];

	t_init();
	for (uint32_t i = 1; i < RNIC_DB_PAGES; i++)
		CHECK_EQ(t_alloc_uctx(), i); /* page 0 is reserved */
	t_hdr(in, RNIC_CMD_OP_ALLOC_UCTX, 0, 0);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, 5, 5);
	T_OK(in, out);
	CHECK_EQ(t_alloc_uctx(), 5);
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, 6, 5); /* not the caller's own */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, 0, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, RNIC_DB_PAGES, RNIC_DB_PAGES);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, 7, 7);
	T_OK(in, out);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE); /* twice */
	/* A dead uctx can do nothing. */
	t_hdr(in, RNIC_CMD_OP_ALLOC_PD, 7, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_cq_in(in, 7, 0x1000, 4, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
}

static void test_pd(void)
{
	uint32_t in[32], out[32], a, b, pd, pdb, cq, qp, key;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	CHECK_EQ(pd, 0);
	CHECK_EQ(pdb, 1);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, b, pd); /* not b's */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, 2); /* not allocated */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, RNIC_FW_MAX_PDS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, 0, pd); /* uctx 0 never lives */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* BUSY while an MR or a QP uses it. */
	t_reg_mr_in(in, a, pd, RNIC_ACCESS_LOCAL_WRITE, 0x1000, 0x1000, 0x1000);
	key = T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, key);
	T_OK(in, out);
	cq = t_create_cq(a);
	qp = t_create_qp(a, RNIC_QP_TYPE_RC, pd, cq, cq);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_OK(in, out);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* Table full. */
	for (uint32_t i = 0; i < RNIC_FW_MAX_PDS - 1; i++)
		t_alloc_pd(a);
	t_hdr(in, RNIC_CMD_OP_ALLOC_PD, a, 0);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
}

static void test_cq(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, b, cq, pd, qp;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	t_create_cq_in(in, a, 0x7f00aa001000ull, 10, 31);
	cq = T_OK(in, out);
	CHECK_EQ(cq, 0);
	memset(exp, 0, sizeof(exp));
	rnic_cqc_set_valid(exp, 1);
	rnic_cqc_set_log_size(exp, 10);
	rnic_cqc_set_uctx(exp, a);
	rnic_cqc_set_vector(exp, 31);
	rnic_cqc_set_base(exp, 0x7f00aa001000ull);
	CHECK(memcmp(tm.cqc[cq], exp, sizeof(exp)) == 0);
	CHECK_EQ(tm.cqc[cq][0], 1u | 10u << 8 | a << 16);
	CHECK_EQ(tm.cqc[cq][2], 0xaa001000u);
	CHECK_EQ(tm.cqc[cq][3], 0x7f00u);

	t_create_cq_in(in, a, 0x2000, RNIC_LOG_MAX_CQE + 1, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_cq_in(in, a, 0x2010, 4, 2); /* not 32-byte aligned */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_cq_in(in, a, 0x2000, 4, RNIC_IRQ_VECTORS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_cq_in(in, a, 0xFFFFFFFFFFFFFFE0ull, 1, 2); /* ring wraps 2^64 */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_cq_in(in, 0, 0x2000, 4, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_cq_in(in, a, 0x2000, RNIC_LOG_MAX_CQE, 0); /* the limits themselves */
	CHECK_EQ(T_OK(in, out), 1);

	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, b, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, 5);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, RNIC_FW_MAX_CQS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	pd = t_alloc_pd(a);
	qp = t_create_qp(a, RNIC_QP_TYPE_UD, pd, 1, cq); /* recv side only */
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, 1);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cq);
	T_OK(in, out);
	CHECK(t_all_zero(tm.cqc[cq], RNIC_CTX_WORDS));
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_CQC);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	for (uint32_t i = 0; i < RNIC_FW_MAX_CQS - 1; i++)
		t_create_cq(b);
	t_create_cq_in(in, a, 0x2000, 4, 2);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
}

static void test_qp_create_destroy(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, b, pd, pdb, cq, cq2, cqb, qp;
	struct rnic_fw_config c;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cq = t_create_cq(a);
	cq2 = t_create_cq(a);
	cqb = t_create_cq(b);

	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq2);
	rnic_cmd_create_qp_in_set_sq_sig_all(in, 1);
	qp = T_OK(in, out);
	CHECK_EQ(qp, RNIC_FW_FIRST_QPN);
	memset(exp, 0, sizeof(exp));
	rnic_qpc_set_state(exp, RNIC_QP_STATE_RESET);
	rnic_qpc_set_type(exp, RNIC_QP_TYPE_RC);
	rnic_qpc_set_sq_sig_all(exp, 1);
	rnic_qpc_set_pdn(exp, pd);
	rnic_qpc_set_uctx(exp, a);
	rnic_qpc_set_send_cqn(exp, cq);
	rnic_qpc_set_recv_cqn(exp, cq2);
	rnic_qpc_set_log_sq_size(exp, 7);
	rnic_qpc_set_log_sq_stride(exp, 7);
	rnic_qpc_set_log_rq_size(exp, 8);
	rnic_qpc_set_log_rq_stride(exp, 6);
	rnic_qpc_set_sq_base(exp, 0x7f0000200000ull);
	rnic_qpc_set_rq_base(exp, 0x7f0000300000ull);
	rnic_qpc_set_pkey(exp, 0xFFFF);
	CHECK(memcmp(tm.qpc[qp], exp, sizeof(exp)) == 0);
	CHECK_EQ(tm.qpc[qp][0], 0x1000u);
	CHECK_EQ(tm.qpc[qp][7], 7u | 7u << 8 | 8u << 16 | 6u << 24);
	CHECK_EQ(tm.qpc[qp][21], 0xFFFF0000u);
	CHECK_EQ(tfw.cq[cq].refs, 1);
	CHECK_EQ(tfw.cq[cq2].refs, 1);
	CHECK_EQ(tfw.pd[pd].refs, 1);

	/* QUERY_QP in RESET: caps from the strides. */
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_out_get_handle(out), qp);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_RESET);
	CHECK_EQ(rnic_cmd_qp_attr_get_port_num(out), 1);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_wr(out), 128);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_wr(out), 256);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_sge(out), 4);  /* (128-64)/16 */
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_sge(out), 3);  /* (64-16)/16 */
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_inline(out), 64);
	CHECK_EQ(rnic_cmd_qp_attr_get_is_global(out), 0);

	/* UC and UD are accepted too; UD gets the port MTU and a source port. */
	CHECK_EQ(t_create_qp(a, RNIC_QP_TYPE_UC, pd, cq, cq), qp + 1);
	CHECK_EQ(t_create_qp(a, RNIC_QP_TYPE_UD, pd, cq, cq), qp + 2);
	CHECK_EQ(rnic_qpc_get_type(tm.qpc[qp + 2]), RNIC_QP_TYPE_UD);
	CHECK_EQ(rnic_qpc_get_path_mtu(tm.qpc[qp + 2]), RNIC_MTU_4096);
	CHECK_EQ(rnic_qpc_get_udp_sport(tm.qpc[qp + 2]) & 0xC000u, 0xC000u);

	/* Each bad parameter alone (XRC types: test_fw_xrc.c; RAW_PACKET:
	 * test_fw_raw.c). */
	for (uint32_t type = RNIC_QP_TYPE_RAW + 1u; type < 16; type++) {
		t_create_qp_in(in, a, type, pd, cq, cq);
		T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	}
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, 0); /* SRQ 0 never exists */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_sq_size(in, RNIC_LOG_MAX_WQE + 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_rq_size(in, RNIC_LOG_MAX_WQE + 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_sq_stride(in, 5); /* 32 < SEND_WQE_MIN_STRIDE */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_sq_stride(in, 10); /* 1024 > SEND_WQE_MAX_STRIDE */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_rq_stride(in, 3); /* 8 < receive WQE header */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_log_rq_stride(in, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_sq_base(in, 0x7f0000200040ull); /* not on a 128 B WQE */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_rq_base(in, 0x7f0000300020ull);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_sq_base(in, 0xFFFFFFFFFFFFE000ull); /* 16 KiB ring wraps */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pdb, cq, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, 77, cq, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cqb, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, 99);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_qp_in(in, 0, RNIC_QP_TYPE_RC, pd, cq, cq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* Another uctx cannot touch the QP; QPN 0/1 never exist. */
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, b, qp);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, b, qp);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_attr_in(in, b, qp, T_M(STATE), RNIC_QP_STATE_ERR);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, RNIC_FW_MAX_QPS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* DESTROY_QP: the context goes to all-zero (RESET, no owner); refs drop. */
	t_qp_goto(a, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[qp], RNIC_CTX_WORDS));
	CHECK_EQ(tfw.cq[cq2].refs, 0);
	CHECK_EQ(tfw.pd[pd].refs, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	(void)pdb;

	/* Table full with a small config: QPNs 2..15. */
	c = t_default_config();
	c.log_qps = 4;
	CHECK_EQ(t_init_cfg(&c), 0);
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	for (uint32_t i = 2; i < 16; i++)
		CHECK_EQ(t_create_qp(a, RNIC_QP_TYPE_RC, pd, cq, cq), i);
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
}

/* RC QP driven to RTS: the context holds every attribute, QUERY_QP returns
 * them, bad values are refused, RESET restores the creation image. */
static void test_qp_attributes(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], created[RNIC_CTX_WORDS];
	uint32_t a, pd, cq, qp, ud;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	cq = t_create_cq(a);
	qp = t_create_qp(a, RNIC_QP_TYPE_RC, pd, cq, cq);
	memcpy(created, tm.qpc[qp], sizeof(created));

	/* RESET->INIT value checks. */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PKEY_INDEX) | T_M(PORT) | T_M(ACCESS_FLAGS), RNIC_QP_STATE_INIT);
	rnic_cmd_qp_attr_set_port_num(in, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_port_num(in, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_port_num(in, 1);
	rnic_cmd_qp_attr_set_pkey_index(in, 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_pkey_index(in, 0);
	rnic_cmd_qp_attr_set_access(in, RNIC_ACCESS_ZERO_BASED);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_access(in, 0x80);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PKEY_INDEX) | T_M(PORT) | T_M(ACCESS_FLAGS), 7);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM); /* no state 7 */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(PKEY_INDEX) | T_M(PORT) | T_M(ACCESS_FLAGS), RNIC_QP_STATE_INIT);
	T_OK(in, out);

	/* INIT->RTR value checks, then success. */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(AV) | T_M(PATH_MTU) | T_M(DEST_QPN) | T_M(RQ_PSN) |
			      T_M(MAX_DEST_RD_ATOMIC) | T_M(MIN_RNR_TIMER), RNIC_QP_STATE_RTR);
	rnic_cmd_qp_attr_set_path_mtu(in, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_path_mtu(in, 6);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_path_mtu(in, RNIC_MTU_4096);
	rnic_cmd_qp_attr_set_max_dest_rd_atomic(in, 16); /* > the 4-bit context field */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_max_dest_rd_atomic(in, 15);
	rnic_cmd_qp_attr_set_is_global(in, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_is_global(in, 1);
	rnic_cmd_qp_attr_set_sgid_index(in, 1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_sgid_index(in, 0);
	rnic_cmd_qp_attr_set_dgid_hi(in, 0x80FEull); /* fe80:: link-local, not IPv4-mapped */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_dgid_hi(in, 0);
	rnic_cmd_qp_attr_set_dgid_lo(in, (uint64_t)0x020AA8C0u << 32 | 0xFFFE0000u);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_dgid_lo(in, (uint64_t)0x020AA8C0u << 32 | 0xFFFF0000u);
	rnic_cmd_qp_attr_set_attr_mask(in, rnic_cmd_qp_attr_get_attr_mask(in) | T_M(ALT_PATH));
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_attr_mask(in, rnic_cmd_qp_attr_get_attr_mask(in) & ~T_M(ALT_PATH));
	rnic_cmd_qp_attr_set_attr_mask(in, rnic_cmd_qp_attr_get_attr_mask(in) | T_M(CAP));
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	rnic_cmd_qp_attr_set_attr_mask(in, rnic_cmd_qp_attr_get_attr_mask(in) & ~T_M(CAP));
	rnic_cmd_qp_attr_set_attr_mask(in, rnic_cmd_qp_attr_get_attr_mask(in) | T_M(CUR_STATE));
	rnic_cmd_qp_attr_set_cur_qp_state(in, RNIC_QP_STATE_INIT);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK); /* CUR_STATE is not allowed from INIT */
	rnic_cmd_qp_attr_set_cur_qp_state(in, RNIC_QP_STATE_RTS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_STATE); /* ... and wrong here */
	rnic_cmd_qp_attr_set_cur_qp_state(in, 9);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_attr_mask(in, rnic_cmd_qp_attr_get_attr_mask(in) & ~T_M(CUR_STATE));
	rnic_cmd_qp_attr_set_flow_label(in, 0x12345);
	T_OK(in, out);

	/* RTR->RTS. */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(SQ_PSN) | T_M(TIMEOUT) | T_M(RETRY_CNT) |
			      T_M(RNR_RETRY) | T_M(MAX_QP_RD_ATOMIC), RNIC_QP_STATE_RTS);
	rnic_cmd_qp_attr_set_max_rd_atomic(in, 16);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	rnic_cmd_qp_attr_set_max_rd_atomic(in, 4);
	rnic_cmd_qp_attr_set_timeout(in, 31);
	T_OK(in, out);

	memcpy(exp, created, sizeof(exp));
	rnic_qpc_set_state(exp, RNIC_QP_STATE_RTS);
	rnic_qpc_set_access(exp, 7);
	rnic_qpc_set_path_mtu(exp, RNIC_MTU_4096);
	rnic_qpc_set_dest_qpn(exp, 0x42);
	rnic_qpc_set_rq_psn(exp, 0x123456);
	rnic_qpc_set_sq_psn(exp, 0xABCDEF);
	rnic_qpc_set_max_dest_rd_atomic(exp, 15);
	rnic_qpc_set_min_rnr_timer(exp, 12);
	rnic_qpc_set_timeout(exp, 31);
	rnic_qpc_set_retry_cnt(exp, 7);
	rnic_qpc_set_rnr_retry(exp, 6);
	rnic_qpc_set_max_rd_atomic(exp, 4);
	rnic_qpc_set_dmac_lo(exp, 0xBBCCDDEEu);
	rnic_qpc_set_dmac_hi(exp, 0x02AA);
	rnic_qpc_set_dip(exp, T_DIP);
	rnic_qpc_set_hop_limit(exp, 64);
	rnic_qpc_set_traffic_class(exp, 0x10);
	rnic_qpc_set_sl(exp, 3);
	rnic_qpc_set_flow_label(exp, 0x12345);
	/* flow label 0x12345: low 14 bits 0x2345 ^ (0x12345 >> 14 = 4) = 0x2341 */
	rnic_qpc_set_udp_sport(exp, 0xC000u | 0x2341u);
	rnic_qpc_set_dgid_lo(exp, (uint64_t)0x020AA8C0u << 32 | 0xFFFF0000u);
	for (unsigned i = 0; i < RNIC_CTX_WORDS; i++)
		CHECK_EQ(tm.qpc[qp][i], exp[i]);
	CHECK_EQ(tm.qpc[qp][18], 0xC0A80A02u);

	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_cmd_qp_attr_get_cur_qp_state(out), RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_cmd_qp_attr_get_path_mtu(out), RNIC_MTU_4096);
	CHECK_EQ(rnic_cmd_qp_attr_get_access(out), 7);
	CHECK_EQ(rnic_cmd_qp_attr_get_port_num(out), 1);
	CHECK_EQ(rnic_cmd_qp_attr_get_rq_psn(out), 0x123456);
	CHECK_EQ(rnic_cmd_qp_attr_get_sq_psn(out), 0xABCDEF);
	CHECK_EQ(rnic_cmd_qp_attr_get_dest_qpn(out), 0x42);
	CHECK_EQ(rnic_cmd_qp_attr_get_pkey_index(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_timeout(out), 31);
	CHECK_EQ(rnic_cmd_qp_attr_get_retry_cnt(out), 7);
	CHECK_EQ(rnic_cmd_qp_attr_get_rnr_retry(out), 6);
	CHECK_EQ(rnic_cmd_qp_attr_get_min_rnr_timer(out), 12);
	CHECK_EQ(rnic_cmd_qp_attr_get_max_rd_atomic(out), 4);
	CHECK_EQ(rnic_cmd_qp_attr_get_max_dest_rd_atomic(out), 15);
	CHECK_EQ(rnic_cmd_qp_attr_get_dmac_lo(out), 0xBBCCDDEEu);
	CHECK_EQ(rnic_cmd_qp_attr_get_dmac_hi(out), 0x02AA);
	CHECK_EQ(rnic_cmd_qp_attr_get_sgid_index(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_hop_limit(out), 64);
	CHECK_EQ(rnic_cmd_qp_attr_get_traffic_class(out), 0x10);
	CHECK_EQ(rnic_cmd_qp_attr_get_sl(out), 3);
	CHECK_EQ(rnic_cmd_qp_attr_get_is_global(out), 1);
	CHECK_EQ(rnic_cmd_qp_attr_get_flow_label(out), 0x12345);
	CHECK_EQ(rnic_cmd_qp_attr_get_dgid_hi(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_dgid_lo(out), (uint64_t)0x020AA8C0u << 32 | 0xFFFF0000u);
	CHECK_EQ(rnic_cmd_qp_attr_get_en_sqd_async_notify(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_sq_draining(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_wr(out), 128);

	/* RTS->SQD records en_sqd_async_notify; SQD->SQD can change the path. */
	t_attr_in(in, a, qp, T_M(STATE) | T_M(EN_SQD_ASYNC_NOTIFY), RNIC_QP_STATE_SQD);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_en_sqd_async_notify(out), 1);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_SQD);
	t_attr_in(in, a, qp, T_M(AV) | T_M(TIMEOUT), 0); /* no STATE: SQD->SQD */
	rnic_cmd_qp_attr_set_timeout(in, 9);
	rnic_cmd_qp_attr_set_dgid_lo(in, (uint64_t)0x030AA8C0u << 32 | 0xFFFF0000u);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_SQD);
	CHECK_EQ(rnic_qpc_get_timeout(tm.qpc[qp]), 9);
	CHECK_EQ(rnic_qpc_get_dip(tm.qpc[qp]), 0xC0A80A03u);
	CHECK_EQ(rnic_qpc_get_sq_psn(tm.qpc[qp]), 0xABCDEF);

	/* ERR keeps the attributes; RESET restores the creation image. */
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_ERR);
	T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[qp]), RNIC_QP_STATE_ERR);
	CHECK_EQ(rnic_qpc_get_dip(tm.qpc[qp]), 0xC0A80A03u);
	t_attr_in(in, a, qp, T_M(STATE), RNIC_QP_STATE_RESET);
	T_OK(in, out);
	CHECK(memcmp(tm.qpc[qp], created, sizeof(created)) == 0);

	/* UD: QKEY at INIT, SQ_PSN at RTS, no path. */
	ud = t_create_qp(a, RNIC_QP_TYPE_UD, pd, cq, cq);
	t_qp_goto(a, ud, RNIC_QP_TYPE_UD, RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_qpc_get_qkey(tm.qpc[ud]), 0x11111111u);
	CHECK_EQ(rnic_qpc_get_sq_psn(tm.qpc[ud]), 0xABCDEF);
	CHECK_EQ(rnic_qpc_get_dip(tm.qpc[ud]), 0);
	CHECK_EQ(rnic_qpc_get_state(tm.qpc[ud]), RNIC_QP_STATE_RTS);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, ud);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qkey(out), 0x11111111u);
}

static void test_mr(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, b, pd, pdb, k1, k2, k3;
	struct rnic_fw_config c;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	t_reg_mr_in(in, a, pd, RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_WRITE | RNIC_ACCESS_REMOTE_READ,
		    0x7ffd12345678ull, 0x10000, 0x0000200000001000ull);
	k1 = T_OK(in, out);
	CHECK_EQ(k1, 1u << RNIC_KEY_TAG_BITS | 1u);
	memset(exp, 0, sizeof(exp));
	rnic_mpt_set_valid(exp, 1);
	rnic_mpt_set_access(exp, 7);
	rnic_mpt_set_tag(exp, 1);
	rnic_mpt_set_pdn(exp, pd);
	rnic_mpt_set_start(exp, 0x7ffd12345678ull);
	rnic_mpt_set_length(exp, 0x10000);
	rnic_mpt_set_iova(exp, 0x0000200000001000ull);
	CHECK(memcmp(tm.mpt[1], exp, sizeof(exp)) == 0);
	CHECK_EQ(tm.mpt[1][0], 0x01000701u);
	CHECK_EQ(tm.mpt[1][2], 0x12345678u);
	CHECK_EQ(tm.mpt[1][3], 0x7ffdu);
	CHECK_EQ(tm.mpt[1][4], 0x10000u);
	CHECK_EQ(tm.mpt[1][7], 0x2000u);
	CHECK_EQ(tfw.pd[pd].refs, 1);

	/* Each bad parameter alone. */
	t_reg_mr_in(in, a, pdb, 0, 0x1000, 0x1000, 0x1000); /* b's PD */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_reg_mr_in(in, a, 200, 0, 0x1000, 0x1000, 0x1000);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_reg_mr_in(in, 9, pd, 0, 0x1000, 0x1000, 0x1000);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_reg_mr_in(in, a, pd, 0, 0x1000, 0, 0x1000);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_reg_mr_in(in, a, pd, 0, 0xFFFFFFFFFFFFF000ull, 0x1000, 0x1000); /* start+length = 2^64 */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_reg_mr_in(in, a, pd, 0, 0x1000, 0x1000, 0xFFFFFFFFFFFFF001ull);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_reg_mr_in(in, a, pd, 0x40, 0x1000, 0x1000, 0x1000); /* unknown access bit */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_reg_mr_in(in, a, pd, RNIC_ACCESS_REMOTE_WRITE, 0x1000, 0x1000, 0x1000);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM); /* IBA: remote write needs local write */
	t_reg_mr_in(in, a, pd, RNIC_ACCESS_REMOTE_ATOMIC | RNIC_ACCESS_REMOTE_READ, 0x1000, 0x1000, 0x1000);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	/* Remote read alone, and the largest region, are fine. */
	t_reg_mr_in(in, a, pd, RNIC_ACCESS_REMOTE_READ, 0x1000, 0x1000, 0x1000);
	k2 = T_OK(in, out);
	CHECK_EQ(k2, 2u << RNIC_KEY_TAG_BITS | 1u);
	t_reg_mr_in(in, a, pd, RNIC_ACCESS_LOCAL_WRITE | RNIC_ACCESS_REMOTE_ATOMIC, 0,
		    0xFFFFFFFFFFFFFFFFull, 0);
	k3 = T_OK(in, out);

	/* Deregistration: only by the owner, only with the live key. */
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, b, k1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, k1 ^ 1u); /* wrong tag */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, 1u); /* index 0 */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, RNIC_FW_MAX_MRS << RNIC_KEY_TAG_BITS | 1u);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, k1);
	T_OK(in, out);
	CHECK(t_all_zero(tm.mpt[1], RNIC_CTX_WORDS));
	CHECK_EQ(tfw.pd[pd].refs, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* Key reuse: the index comes back with a new tag; the stale key misses. */
	t_reg_mr_in(in, a, pd, 0, 0x5000, 0x100, 0x9000);
	CHECK_EQ(T_OK(in, out), 1u << RNIC_KEY_TAG_BITS | 2u);
	CHECK_EQ(rnic_mpt_get_tag(tm.mpt[1]), 2);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, k1);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	for (uint32_t i = 3; i < 3 + 300; i++) {
		t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, 1u << RNIC_KEY_TAG_BITS | ((i - 1u) & 0xFFu));
		T_OK(in, out);
		t_reg_mr_in(in, a, pd, 0, 0x5000, 0x100, 0x9000);
		CHECK_EQ(T_OK(in, out), 1u << RNIC_KEY_TAG_BITS | (i & 0xFFu));
	}
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, k2);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, k3);
	T_OK(in, out);

	/* Table full: log_mrs 2 gives indexes 1..3. */
	c = t_default_config();
	c.log_mrs = 2;
	CHECK_EQ(t_init_cfg(&c), 0);
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	for (uint32_t i = 1; i < 4; i++) {
		t_reg_mr_in(in, a, pd, 0, 0x1000 * i, 0x1000, 0x1000);
		CHECK_EQ(T_OK(in, out) >> RNIC_KEY_TAG_BITS, i);
	}
	t_reg_mr_in(in, a, pd, 0, 0x1000, 0x1000, 0x1000);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
}

/* FREE_UCTX destroys everything the uctx owns, and nothing else. */
static void test_free_uctx_cleanup(void)
{
	uint32_t in[32], out[32], a, b, pda, pdb, cqa, cqa2, cqb, qpa, qpa2, qpb, ka, kb;
	uint32_t qpb_ctx[RNIC_CTX_WORDS], cqb_ctx[RNIC_CTX_WORDS], kb_ctx[RNIC_CTX_WORDS];

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pda = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cqa = t_create_cq(a);
	cqb = t_create_cq(b);
	cqa2 = t_create_cq(a);
	qpa = t_create_qp(a, RNIC_QP_TYPE_RC, pda, cqa, cqa2);
	qpb = t_create_qp(b, RNIC_QP_TYPE_RC, pdb, cqb, cqb);
	qpa2 = t_create_qp(a, RNIC_QP_TYPE_UD, pda, cqa, cqa);
	t_qp_goto(a, qpa, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
	t_qp_goto(b, qpb, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
	t_reg_mr_in(in, a, pda, RNIC_ACCESS_LOCAL_WRITE, 0x1000, 0x1000, 0x1000);
	ka = T_OK(in, out);
	t_reg_mr_in(in, b, pdb, RNIC_ACCESS_LOCAL_WRITE, 0x1000, 0x1000, 0x1000);
	kb = T_OK(in, out);
	memcpy(qpb_ctx, tm.qpc[qpb], sizeof(qpb_ctx));
	memcpy(cqb_ctx, tm.cqc[cqb], sizeof(cqb_ctx));
	memcpy(kb_ctx, tm.mpt[kb >> RNIC_KEY_TAG_BITS], sizeof(kb_ctx));

	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, a, a);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[qpa], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.qpc[qpa2], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.cqc[cqa], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.cqc[cqa2], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.mpt[ka >> RNIC_KEY_TAG_BITS], RNIC_CTX_WORDS));
	CHECK(memcmp(tm.qpc[qpb], qpb_ctx, sizeof(qpb_ctx)) == 0);
	CHECK(memcmp(tm.cqc[cqb], cqb_ctx, sizeof(cqb_ctx)) == 0);
	CHECK(memcmp(tm.mpt[kb >> RNIC_KEY_TAG_BITS], kb_ctx, sizeof(kb_ctx)) == 0);
	CHECK(!tfw.pd[pda].valid);
	CHECK(tfw.pd[pdb].valid);
	CHECK_EQ(tfw.pd[pdb].refs, 2);
	CHECK_EQ(tfw.cq[cqb].refs, 2);

	/* a's handles are gone, even to a new owner of the same page. */
	CHECK_EQ(t_alloc_uctx(), a);
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qpa);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_CQ, a, cqa);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEREG_MR, a, ka);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pda);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	/* The freed entries are reusable; the reused MR index has a new tag. */
	pda = t_alloc_pd(a);
	t_reg_mr_in(in, a, pda, 0, 0x1000, 0x1000, 0x1000);
	CHECK_EQ(T_OK(in, out), (ka >> RNIC_KEY_TAG_BITS) << RNIC_KEY_TAG_BITS | ((ka + 1u) & 0xFFu));
	cqa = t_create_cq(a);
	CHECK_EQ(t_create_qp(a, RNIC_QP_TYPE_RC, pda, cqa, cqa), qpa);
	/* b's objects still work. */
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, b, qpb);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_qp_state(out), RNIC_QP_STATE_RTS);
}

/* CREATE_SRQ writes {valid, log_size, log_stride, uctx, pdn, base} into the
 * srqc entry, returns the srqn (from 1) and takes a reference on the PD. */
static void test_srq_create_writes_srqc(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, pd, srq, srq2;

	t_init();
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pd = t_alloc_pd(a); /* pdn 1, so the pdn word is not 0 */
	t_create_srq_in(in, a, pd, 10, 7, 0x7f00aa002000ull, 100);
	srq = T_OK(in, out);
	CHECK_EQ(srq, RNIC_FW_FIRST_SRQ);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	CHECK(t_all_zero(out + 2, RNIC_CMD_OUT_WORDS - 2));
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_SRQC);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].index, srq);
	memset(exp, 0, sizeof(exp));
	rnic_srqc_set_valid(exp, 1);
	rnic_srqc_set_log_size(exp, 10);
	rnic_srqc_set_log_stride(exp, 7);
	rnic_srqc_set_uctx(exp, a);
	rnic_srqc_set_pdn(exp, pd);
	rnic_srqc_set_base(exp, 0x7f00aa002000ull);
	rnic_srqc_set_limit(exp, 100);
	CHECK(memcmp(tm.srqc[srq], exp, sizeof(exp)) == 0);
	/* The same words spelled out: dw0 valid | log_size << 8 | log_stride
	 * << 16 (keep_idx clear: creation clears the indexes), dw1 uctx, dw2
	 * pdn, dw3 the armed limit, dw4..5 base, the rest 0. */
	CHECK_EQ(tm.srqc[srq][0], 1u | 10u << 8 | 7u << 16);
	CHECK_EQ(tm.srqc[srq][1], a);
	CHECK_EQ(tm.srqc[srq][2], 1);
	CHECK_EQ(tm.srqc[srq][3], 100);
	CHECK_EQ(tm.srqc[srq][4], 0xaa002000u);
	CHECK_EQ(tm.srqc[srq][5], 0x7f00u);
	CHECK(t_all_zero(&tm.srqc[srq][6], RNIC_CTX_WORDS - 6));
	CHECK_EQ(tfw.pd[pd].refs, 1);
	CHECK_EQ(tfw.srq[srq].refs, 0);

	/* The limits themselves are accepted: depth 2^LOG_MAX_WQE, strides
	 * 16 B (the header alone) and 512 B, limit = depth. */
	t_create_srq_in(in, a, pd, RNIC_LOG_MAX_WQE, 4, 0x1000, 1u << RNIC_LOG_MAX_WQE);
	srq2 = T_OK(in, out);
	CHECK_EQ(srq2, srq + 1);
	CHECK_EQ(tm.srqc[srq2][0], 1u | (uint32_t)RNIC_LOG_MAX_WQE << 8 | 4u << 16);
	t_create_srq_in(in, a, pd, 0, 9, 0, 0);
	CHECK_EQ(T_OK(in, out), srq + 2);
	CHECK_EQ(tm.srqc[srq + 2][0], 1u | 9u << 16);
	CHECK_EQ(tfw.pd[pd].refs, 3);
	CHECK_EQ(tm.bad, 0);
}

/* CREATE_SRQ refusals, each alone, each changing nothing: BAD_HANDLE for a
 * PD that is not the caller's, BAD_PARAM for depth, stride and limit out
 * of range, NO_RESOURCES when the table is full. */
static void test_srq_create_refusals(void)
{
	uint32_t in[32], a, b, pd, pdb;
	struct rnic_fw_config c;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pdb = t_alloc_pd(b);

	t_create_srq_in(in, a, pdb, 8, 6, 0x1000, 0); /* b's PD */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_in(in, a, pd + 2, 8, 6, 0x1000, 0); /* not allocated */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_in(in, a, RNIC_FW_MAX_PDS, 8, 6, 0x1000, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_in(in, 0, pd, 8, 6, 0x1000, 0); /* uctx 0 never lives */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_in(in, b + 1, pd, 8, 6, 0x1000, 0); /* not allocated */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	t_create_srq_in(in, a, pd, RNIC_LOG_MAX_WQE + 1, 6, 0x1000, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_srq_in(in, a, pd, 8, 3, 0x1000, 0); /* 8 B < the receive WQE header */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_srq_in(in, a, pd, 8, 10, 0x1000, 0); /* 1024 B > RECV_WQE_MAX_STRIDE */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_srq_in(in, a, pd, 8, 6, 0x1000, 257); /* limit > 2^log_size */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_srq_in(in, a, pd, 0, 6, 0x1000, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_srq_in(in, a, pd, 8, 6, 0x1000, 0xFFFFFFFFu);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	/* A bad handle wins over a bad parameter. */
	t_create_srq_in(in, a, pdb, RNIC_LOG_MAX_WQE + 1, 6, 0x1000, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* Table full: SRQ numbers 1 .. 2^LOG_SRQS - 1 across both owners. */
	for (uint32_t i = RNIC_FW_FIRST_SRQ; i < RNIC_FW_MAX_SRQS; i++)
		CHECK_EQ(t_create_srq(i & 1u ? a : b, i & 1u ? pd : pdb), i);
	t_create_srq_in(in, a, pd, 8, 6, 0x1000, 0);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);

	/* ... and with a smaller runtime table: log_srqs 2 gives 1..3, and
	 * log_srqs 0 gives none. */
	c = t_default_config();
	c.log_srqs = 2;
	CHECK_EQ(t_init_cfg(&c), 0);
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	for (uint32_t i = 1; i < 4; i++)
		CHECK_EQ(t_create_srq(a, pd), i);
	t_create_srq_in(in, a, pd, 8, 6, 0x1000, 0);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	c.log_srqs = 0;
	CHECK_EQ(t_init_cfg(&c), 0);
	a = t_alloc_uctx();
	pd = t_alloc_pd(a);
	t_create_srq_in(in, a, pd, 8, 6, 0x1000, 0);
	T_FAIL(in, RNIC_CMD_STATUS_NO_RESOURCES);
	CHECK_EQ(tm.bad, 0);
}

/* DESTROY_SRQ: only the owner; BUSY while a QP is attached, then the srqc
 * entry is written as zero and the PD reference dropped. */
static void test_srq_destroy_busy_while_qp_attached(void)
{
	uint32_t in[32], out[32], a, b, pd, pd2, cq, srq, srq2, qp, qp2;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pd2 = t_alloc_pd(a);
	cq = t_create_cq(a);
	srq = t_create_srq(a, pd);
	srq2 = t_create_srq(a, pd);

	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, b, srq); /* not b's */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, 0, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, 0); /* SRQ 0 never exists */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq2 + 1); /* not created */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, RNIC_FW_MAX_SRQS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* Two QPs on the SRQ, one in another PD: BUSY until both are gone. */
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srq);
	qp = T_OK(in, out);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_UD, pd2, cq, cq, srq);
	qp2 = T_OK(in, out);
	CHECK_EQ(tfw.srq[srq].refs, 2);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_qp_goto(a, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS); /* state changes keep the link */
	t_qp_goto(a, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RESET);
	CHECK_EQ(tfw.srq[srq].refs, 2);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(tfw.srq[srq].refs, 1);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_DESTROY_QP, a, qp2);
	T_OK(in, out);
	CHECK_EQ(tfw.srq[srq].refs, 0);
	/* The SRQ's PD is still held by the SRQ. */
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);

	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq);
	T_OK(in, out);
	CHECK(t_all_zero(out + 1, RNIC_CMD_OUT_WORDS - 1));
	CHECK(t_all_zero(tm.srqc[srq], RNIC_CTX_WORDS));
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].table, RNIC_CTX_TABLE_SRQC);
	CHECK_EQ(tm.log[(tm.nwrites - 1) % T_LOG].index, srq);
	CHECK(!tfw.srq[srq].valid);
	CHECK_EQ(tfw.pd[pd].refs, 1); /* srq2 */
	CHECK_EQ(tm.srqc[srq2][0], 1u | 8u << 8 | 6u << 16); /* untouched */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE); /* twice */
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq2);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_DEALLOC_PD, a, pd);
	T_OK(in, out);

	/* The number is handed out again. */
	CHECK_EQ(t_create_srq(a, pd2), srq);
	CHECK_EQ(tm.bad, 0);
}

/* MODIFY_SRQ takes exactly IBV_SRQ_LIMIT and a limit up to the depth and
 * writes no context; QUERY_SRQ reports the depth and the stored limit. */
static void test_srq_modify_query_limit(void)
{
	uint32_t in[32], out[32], ctx[RNIC_CTX_WORDS], a, b, pd, srq, nw;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	srq = t_create_srq(a, pd); /* depth 256, limit 16 */
	memcpy(ctx, tm.srqc[srq], sizeof(ctx));

	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_OK(in, out);
	CHECK_EQ(out[0], RNIC_CMD_STATUS_OK);
	CHECK_EQ(rnic_cmd_out_get_handle(out), 0);
	CHECK_EQ(rnic_cmd_srq_attr_get_mask(out), 0);
	CHECK_EQ(rnic_cmd_srq_attr_get_max_wr(out), 256);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(out), 16);
	CHECK(t_all_zero(out + 5, RNIC_CMD_OUT_WORDS - 5));

	nw = tm.nwrites;
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 200);
	T_OK(in, out);
	CHECK(t_all_zero(out + 1, RNIC_CMD_OUT_WORDS - 1));
	/* the hardware is re-armed: the same entry with the new limit and
	 * keep_idx set, so the SRQ's indexes survive */
	CHECK_EQ(tm.nwrites, nw + 1);
	rnic_srqc_set_limit(ctx, 200);
	rnic_srqc_set_keep_idx(ctx, 1);
	CHECK(memcmp(tm.srqc[srq], ctx, sizeof(ctx)) == 0);
	CHECK_EQ(tm.srqc[srq][3], 200);
	CHECK_EQ(tm.srqc[srq][0] & 2u, 2u);
	CHECK_EQ(tfw.srq[srq].limit, 200);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_srq_attr_get_max_wr(out), 256);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(out), 200);

	/* Limit = depth and limit 0 (disarmed) are accepted. */
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 256);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(out), 256);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 0);
	T_OK(in, out);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(out), 0);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 33);
	T_OK(in, out);

	/* The mask must be exactly IBV_SRQ_LIMIT: resizing is refused. */
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_MAX_WR, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_MAX_WR | T_SRQ_LIMIT, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, 0, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT | 4u, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_MASK);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 257);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 0xFFFFFFFFu);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);

	/* Only the owner may modify or query. */
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, b, srq, T_SRQ_LIMIT, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, 0, T_SRQ_LIMIT, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq + 1, T_SRQ_LIMIT, 10);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, b, srq, T_SRQ_MAX_WR, 10); /* handle first */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, b, srq);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, 0);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, RNIC_FW_MAX_SRQS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);

	/* The refusals left the limit alone. */
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(out), 33);

	/* A depth-1 SRQ: max_wr 1, limits 0..1. */
	t_create_srq_in(in, a, pd, 0, 4, 0x1000, 1);
	srq = T_OK(in, out);
	t_srq_attr_in(in, RNIC_CMD_OP_MODIFY_SRQ, a, srq, T_SRQ_LIMIT, 2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srq);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_srq_attr_get_max_wr(out), 1);
	CHECK_EQ(rnic_cmd_srq_attr_get_limit(out), 1);
	CHECK_EQ(tm.bad, 0);
}

/* CREATE_QP with srq_en: the SRQ must be the caller's (its PD may differ
 * from the QP's); the qpc carries srq_en and srqn and no receive queue of
 * its own, whatever the input's receive queue fields hold. */
static void test_qp_on_srq_context(void)
{
	uint32_t in[32], out[32], exp[RNIC_CTX_WORDS], a, b, pd, pd2, pdb, cq, cqb;
	uint32_t srq1, srq, srqb, qp, plain;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pd = t_alloc_pd(a);
	pd2 = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cq = t_create_cq(a);
	cqb = t_create_cq(b);
	srq1 = t_create_srq(a, pd);
	srq = t_create_srq(a, pd); /* srqn 2: the qpc's srqn word is not 1 */
	srqb = t_create_srq(b, pdb);

	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd2, cq, cq, srq);
	/* Receive queue fields that would be refused without an SRQ. */
	rnic_cmd_create_qp_in_set_log_rq_size(in, RNIC_LOG_MAX_WQE + 1);
	rnic_cmd_create_qp_in_set_log_rq_stride(in, 3);
	rnic_cmd_create_qp_in_set_rq_base(in, 0xFFFFFFFFFFFFFFF8ull);
	qp = T_OK(in, out);
	CHECK_EQ(qp, RNIC_FW_FIRST_QPN);
	memset(exp, 0, sizeof(exp));
	rnic_qpc_set_state(exp, RNIC_QP_STATE_RESET);
	rnic_qpc_set_type(exp, RNIC_QP_TYPE_RC);
	rnic_qpc_set_srq_en(exp, 1);
	rnic_qpc_set_srqn(exp, srq);
	rnic_qpc_set_pdn(exp, pd2);
	rnic_qpc_set_uctx(exp, a);
	rnic_qpc_set_send_cqn(exp, cq);
	rnic_qpc_set_recv_cqn(exp, cq);
	rnic_qpc_set_log_sq_size(exp, 7);
	rnic_qpc_set_log_sq_stride(exp, 7);
	rnic_qpc_set_sq_base(exp, 0x7f0000200000ull);
	rnic_qpc_set_pkey(exp, 0xFFFF);
	CHECK(memcmp(tm.qpc[qp], exp, sizeof(exp)) == 0);
	CHECK_EQ(tm.qpc[qp][0], 1u << 13); /* srq_en, state RESET, type RC */
	CHECK_EQ(tm.qpc[qp][6], srq);
	CHECK_EQ(tm.qpc[qp][7], 7u | 7u << 8); /* log_rq_size, log_rq_stride 0 */
	CHECK_EQ(tm.qpc[qp][10], 0);          /* rq_base */
	CHECK_EQ(tm.qpc[qp][11], 0);
	CHECK_EQ(tfw.srq[srq].refs, 1);
	CHECK_EQ(tfw.pd[pd2].refs, 1);
	CHECK_EQ(tfw.pd[pd].refs, 2); /* the two SRQs */

	/* QUERY_QP: no receive queue of its own. */
	t_hdr(in, RNIC_CMD_OP_QUERY_QP, a, qp);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_wr(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_recv_sge(out), 0);
	CHECK_EQ(rnic_cmd_qp_attr_get_cap_max_send_wr(out), 128);

	/* The SRQ link survives the state machine: RTS, then RESET restores
	 * the creation image. */
	t_qp_goto(a, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
	CHECK_EQ(rnic_qpc_get_srq_en(tm.qpc[qp]), 1);
	CHECK_EQ(rnic_qpc_get_srqn(tm.qpc[qp]), srq);
	t_qp_goto(a, qp, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RESET);
	CHECK(memcmp(tm.qpc[qp], exp, sizeof(exp)) == 0);

	/* UC and UD QPs share it too. */
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_UC, pd, cq, cq, srq);
	CHECK_EQ(T_OK(in, out), qp + 1);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_UD, pd, cq, cq, srq);
	CHECK_EQ(T_OK(in, out), qp + 2);
	CHECK_EQ(rnic_qpc_get_srq_en(tm.qpc[qp + 2]), 1);
	CHECK_EQ(rnic_qpc_get_srqn(tm.qpc[qp + 2]), srq);
	CHECK_EQ(tfw.srq[srq].refs, 3);

	/* Without srq_en the srqn field is ignored and the qpc holds none. */
	t_create_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq);
	rnic_cmd_create_qp_in_set_srqn(in, srq);
	plain = T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_srq_en(tm.qpc[plain]), 0);
	CHECK_EQ(rnic_qpc_get_srqn(tm.qpc[plain]), 0);
	CHECK_EQ(rnic_qpc_get_log_rq_size(tm.qpc[plain]), 8);
	CHECK_EQ(tfw.srq[srq].refs, 3);

	/* The SRQ must exist and be the caller's. */
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srqb); /* b's */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srq1);
	T_OK(in, out);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srq1); /* destroyed */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srqb + 1); /* never created */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, RNIC_FW_MAX_SRQS);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srq | 1u << 16); /* high bits */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_create_srq_qp_in(in, b, RNIC_QP_TYPE_RC, pdb, cqb, cqb, srq); /* a's, from b */
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	/* The send queue is still checked. */
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srq);
	rnic_cmd_create_qp_in_set_log_sq_stride(in, 5);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pd, cq, cq, srq);
	rnic_cmd_create_qp_in_set_sq_base(in, 0x7f0000200040ull);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_PARAM);

	/* b's QP on b's SRQ. */
	t_create_srq_qp_in(in, b, RNIC_QP_TYPE_RC, pdb, cqb, cqb, srqb);
	qp = T_OK(in, out);
	CHECK_EQ(rnic_qpc_get_srqn(tm.qpc[qp]), srqb);
	CHECK_EQ(tfw.srq[srqb].refs, 1);
	CHECK_EQ(tm.bad, 0);
}

/* FREE_UCTX destroys the uctx's SRQs after its QPs, and nothing of others. */
static void test_free_uctx_destroys_srqs(void)
{
	uint32_t in[32], out[32], srqb_ctx[RNIC_CTX_WORDS], a, b, pda, pdb, cqa, cqb;
	uint32_t srqa, srqa2, srqb, qpa, qpb;

	t_init();
	a = t_alloc_uctx();
	b = t_alloc_uctx();
	pda = t_alloc_pd(a);
	pdb = t_alloc_pd(b);
	cqa = t_create_cq(a);
	cqb = t_create_cq(b);
	srqa = t_create_srq(a, pda);
	srqb = t_create_srq(b, pdb);
	srqa2 = t_create_srq(a, pda); /* no QP on it */
	t_create_srq_qp_in(in, a, RNIC_QP_TYPE_RC, pda, cqa, cqa, srqa);
	qpa = T_OK(in, out);
	t_create_srq_qp_in(in, b, RNIC_QP_TYPE_RC, pdb, cqb, cqb, srqb);
	qpb = T_OK(in, out);
	t_qp_goto(a, qpa, RNIC_QP_TYPE_RC, RNIC_QP_STATE_RTS);
	memcpy(srqb_ctx, tm.srqc[srqb], sizeof(srqb_ctx));

	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, a, a);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[qpa], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.srqc[srqa], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.srqc[srqa2], RNIC_CTX_WORDS));
	CHECK(!tfw.srq[srqa].valid);
	CHECK(!tfw.srq[srqa2].valid);
	CHECK_EQ(tfw.srq[srqa].refs, 0);
	CHECK(!tfw.pd[pda].valid);
	CHECK(memcmp(tm.srqc[srqb], srqb_ctx, sizeof(srqb_ctx)) == 0);
	CHECK(tfw.srq[srqb].valid);
	CHECK_EQ(tfw.srq[srqb].refs, 1);
	CHECK_EQ(tfw.pd[pdb].refs, 2); /* qpb and srqb */

	/* a's SRQ numbers are gone, even to a new owner of the same page,
	 * and are handed out again. */
	CHECK_EQ(t_alloc_uctx(), a);
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, a, srqa);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, a, srqa2);
	T_FAIL(in, RNIC_CMD_STATUS_BAD_HANDLE);
	pda = t_alloc_pd(a);
	CHECK_EQ(t_create_srq(a, pda), srqa);
	CHECK_EQ(t_create_srq(a, pda), srqa2);

	/* b's SRQ still works and is still busy. */
	t_hdr(in, RNIC_CMD_OP_QUERY_SRQ, b, srqb);
	T_OK(in, out);
	CHECK_EQ(rnic_cmd_srq_attr_get_max_wr(out), 256);
	t_hdr(in, RNIC_CMD_OP_DESTROY_SRQ, b, srqb);
	T_FAIL(in, RNIC_CMD_STATUS_BUSY);
	t_hdr(in, RNIC_CMD_OP_FREE_UCTX, b, b);
	T_OK(in, out);
	CHECK(t_all_zero(tm.qpc[qpb], RNIC_CTX_WORDS));
	CHECK(t_all_zero(tm.srqc[srqb], RNIC_CTX_WORDS));
	CHECK_EQ(tm.bad, 0);
}

/* The command queue: several commands per poll, in order, index wrap. */
static void test_poll_queue(void)
{
	uint32_t in[32];
	unsigned acks;

	t_init();
	CHECK_EQ(rnic_fw_poll(&tfw), 0);
	for (unsigned round = 0; round < 5; round++) {
		uint32_t first = tm.pi;

		for (unsigned i = 0; i < RNIC_CMDQ_SLOTS - 1; i++) {
			t_hdr(in, RNIC_CMD_OP_ALLOC_UCTX, 0, 0);
			memcpy(tm.slots[tm.pi], in, sizeof(in));
			tm.pi = (tm.pi + 1u) % RNIC_CMDQ_SLOTS;
		}
		acks = tm.irq_acks;
		CHECK_EQ(rnic_fw_poll(&tfw), RNIC_CMDQ_SLOTS - 1);
		CHECK_EQ(tm.ci, tm.pi);
		CHECK(tm.irq_acks > acks);
		for (unsigned i = 0; i < RNIC_CMDQ_SLOTS - 1; i++) {
			const uint32_t *o = &tm.slots[(first + i) % RNIC_CMDQ_SLOTS][RNIC_CMDQ_OUT_OFFSET / 4];
			uint32_t n = round * (RNIC_CMDQ_SLOTS - 1) + i + 1;

			if (n < RNIC_DB_PAGES) {
				CHECK_EQ(rnic_cmd_out_get_status(o), RNIC_CMD_STATUS_OK);
				CHECK_EQ(rnic_cmd_out_get_handle(o), n);
			}
			CHECK(t_all_zero(o + 2, RNIC_CMD_OUT_WORDS - 2));
		}
		CHECK_EQ(rnic_fw_poll(&tfw), 0);
	}
	CHECK_EQ(tm.ci_writes, 5 * (RNIC_CMDQ_SLOTS - 1));
	CHECK_EQ(tm.bad, 0);
}

int main(void)
{
	test_init_programs_port_and_clears_tables();
	test_init_waits_for_ready();
	test_query_device_and_port();
	test_uctx_alloc_free();
	test_pd();
	test_cq();
	test_qp_create_destroy();
	test_qp_attributes();
	test_mr();
	test_free_uctx_cleanup();
	test_srq_create_writes_srqc();
	test_srq_create_refusals();
	test_srq_destroy_busy_while_qp_attached();
	test_srq_modify_query_limit();
	test_qp_on_srq_context();
	test_free_uctx_destroys_srqs();
	test_poll_queue();
	return t_finish("test_fw_commands");
}
