/*
 * IBVERBS_PRIVATE_34: the interface rdma-core's libibverbs gives the
 * kernel providers it loads (libmlx5, librxe, ...; rdma-core's driver.h).
 * This library is its own provider and talks to its device through
 * vfio-user or VFIO, not through /dev/infiniband/uverbs*: no provider
 * registers with it and no uverbs command reaches a kernel. The entry
 * points exist so that the symbol table is rdma-core's; those that would
 * issue a uverbs command or build a provider context fail with EOPNOTSUPP
 * in the form their prototypes give (an errno value as the return, -1 or
 * NULL with errno set). What works here: ibv_query_gid_type (for
 * ibv_devinfo), verbs_open_device, verbs_init_cq and __verbs_log.
 *
 * The prototypes are rdma-core 44's (driver.h, cmd_ioctl.h; not installed
 * by Debian). Their structure arguments are only passed on, so they are
 * declared here as incomplete types.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "rnic_verbs.h"

struct ib_uverbs_alloc_pd_resp;
struct ib_uverbs_create_cq_resp;
struct ib_uverbs_create_qp_resp;
struct ib_uverbs_create_srq_resp;
struct ib_uverbs_create_ah_resp;
struct ib_uverbs_alloc_mw_resp;
struct ib_uverbs_ex_create_cq_resp;
struct ib_uverbs_ex_create_qp_resp;
struct ib_uverbs_ex_create_rwq_ind_table_resp;
struct ib_uverbs_ex_create_wq_resp;
struct ib_uverbs_ex_modify_qp_resp;
struct ib_uverbs_ex_query_device_resp;
struct ib_uverbs_get_context_resp;
struct ib_uverbs_open_xrcd_resp;
struct ib_uverbs_reg_mr_resp;
struct ib_uverbs_rereg_mr_resp;
struct ib_uverbs_resize_cq_resp;
struct ibv_alloc_mw;
struct ibv_alloc_pd;
struct ibv_command_buffer;
struct ibv_create_cq;
struct ibv_create_cq_ex;
struct ibv_create_qp;
struct ibv_create_qp_ex;
struct ibv_create_srq;
struct ibv_create_wq;
struct ibv_create_xsrq;
struct ibv_get_context;
struct ibv_modify_cq;
struct ibv_modify_qp;
struct ibv_modify_qp_ex;
struct ibv_modify_srq;
struct ibv_modify_wq;
struct ibv_open_qp;
struct ibv_open_xrcd;
struct ibv_query_port;
struct ibv_query_qp;
struct ibv_query_srq;
struct ibv_reg_mr;
struct ibv_rereg_mr;
struct ibv_resize_cq;
struct verbs_counters;
struct verbs_cq;
struct verbs_device_ops;
struct verbs_dm;
struct verbs_flow_action;
struct verbs_mr;
struct verbs_qp;
struct verbs_srq;
struct verbs_sysfs_dev;
struct verbs_xrcd;
struct verbs_context_ops;

/* driver.h: enum ibv_gid_type_sysfs */
enum rnic_gid_type_sysfs {
	RNIC_GID_TYPE_SYSFS_IB_ROCE_V1 = 0,
	RNIC_GID_TYPE_SYSFS_ROCE_V2 = 1,
};

/* A uverbs command: none can run here. Returns the errno value the
 * ibv_cmd_* functions return, with errno set as well. */
static int rnic_no_uverbs(void)
{
	errno = EOPNOTSUPP;
	return EOPNOTSUPP;
}

/* ------------------------------------------------------------------ */
/* what works                                                          */

/*
 * ibv_query_gid_type: the type of GID index of port port_num, as
 * ibv_devinfo prints it beside the GID: RoCEv2 (driver.h's
 * IBV_GID_TYPE_SYSFS_ROCE_V2) for every entry; the device's only GID
 * (index 0) is its address ::ffff:a.b.c.d (QUERY_PORT gid_tbl_len, ipv4).
 * 0, or -1 with errno EINVAL for a port or index the device does not
 * have.
 */
RNIC_EXPORT int ibv_query_gid_type(struct ibv_context *context, uint8_t port_num,
				   unsigned int index, enum rnic_gid_type_sysfs *type)
{
	struct ibv_gid_entry e;
	int err;

	if (!type) {
		errno = EINVAL;
		return -1;
	}
	err = _ibv_query_gid_ex(context, port_num, index, &e, 0, sizeof(e));
	if (err == ENODATA) {
		/* an empty entry: the type every entry of the table has */
		*type = RNIC_GID_TYPE_SYSFS_ROCE_V2;
		return 0;
	}
	if (err) {
		errno = err;
		return -1;
	}
	*type = e.gid_type == IBV_GID_TYPE_ROCE_V2 ? RNIC_GID_TYPE_SYSFS_ROCE_V2
						   : RNIC_GID_TYPE_SYSFS_IB_ROCE_V1;
	return 0;
}

/* verbs_open_device: a context on device. The private data of a provider
 * has no meaning for this library's devices. */
RNIC_EXPORT struct ibv_context *verbs_open_device(struct ibv_device *device, void *private_data)
{
	(void)private_data;
	return ibv_open_device(device);
}

/* verbs_init_cq: the core's part of a provider's new CQ (the fields
 * ibv_create_cq fills for the application). */
RNIC_EXPORT void verbs_init_cq(struct ibv_cq *cq, struct ibv_context *context,
			       struct ibv_comp_channel *channel, void *cq_context)
{
	cq->context = context;
	cq->channel = channel;
	if (channel) {
		pthread_mutex_lock(&context->mutex);
		channel->refcnt++;
		pthread_mutex_unlock(&context->mutex);
	}
	cq->cq_context = cq_context;
	cq->comp_events_completed = 0;
	cq->async_events_completed = 0;
	pthread_mutex_init(&cq->mutex, NULL);
	pthread_cond_init(&cq->cond, NULL);
}

/* __verbs_log: a provider's debug message, printed on stderr when its
 * level is at most $VERBS_LOG_LEVEL (rdma-core's variable; 0, the default,
 * prints nothing). */
RNIC_EXPORT void __verbs_log(struct verbs_context *ctx, uint32_t level, const char *fmt, ...)
{
	const char *env = getenv("VERBS_LOG_LEVEL");
	va_list ap;

	(void)ctx;
	if (!env || level == 0 || strtoul(env, NULL, 0) < level)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

/* verbs_allow_disassociate_destroy: set by providers that let destroy
 * verbs succeed after the device was hot-unplugged; nothing here reads
 * it (a lost simulator or board shows as EIO on the next access). */
RNIC_EXPORT bool verbs_allow_disassociate_destroy;

/* ------------------------------------------------------------------ */
/* provider registration and contexts                                  */

/* verbs_register_driver_34: a provider library announcing itself. No
 * provider is loaded here; the registration is ignored. */
RNIC_EXPORT void verbs_register_driver_34(const struct verbs_device_ops *ops)
{
	(void)ops;
}

RNIC_EXPORT void *_verbs_init_and_alloc_context(struct ibv_device *device, int cmd_fd,
						size_t alloc_size, struct verbs_context *context_offset,
						uint32_t driver_id)
{
	(void)device;
	(void)cmd_fd;
	(void)alloc_size;
	(void)context_offset;
	(void)driver_id;
	errno = EOPNOTSUPP;
	return NULL;
}

/* A provider context exists only after _verbs_init_and_alloc_context,
 * which always fails: nothing to set or release. */
RNIC_EXPORT void verbs_set_ops(struct verbs_context *vctx, const struct verbs_context_ops *ops)
{
	(void)vctx;
	(void)ops;
}

RNIC_EXPORT void verbs_uninit_context(struct verbs_context *context)
{
	(void)context;
}

RNIC_EXPORT int ibv_read_ibdev_sysfs_file(char *buf, size_t size, struct verbs_sysfs_dev *sysfs_dev,
					  const char *fnfmt, ...)
{
	/* a verbs_sysfs_dev describes a kernel device found in sysfs, and
	 * this library finds none */
	(void)buf;
	(void)size;
	(void)sysfs_dev;
	(void)fnfmt;
	errno = EOPNOTSUPP;
	return -1;
}

/* ------------------------------------------------------------------ */
/* the uverbs ioctl interface                                          */

RNIC_EXPORT int execute_ioctl(struct ibv_context *context, struct ibv_command_buffer *cmd)
{
	(void)context;
	(void)cmd;
	return rnic_no_uverbs();
}

/* The attribute count of a command buffer chain: only execute_ioctl uses
 * it, and that fails; the count asked for is returned unchanged. */
RNIC_EXPORT unsigned int __ioctl_final_num_attrs(unsigned int num_attrs,
						 struct ibv_command_buffer *link)
{
	(void)link;
	return num_attrs;
}

/* ------------------------------------------------------------------ */
/* uverbs commands (driver.h)                                          */

RNIC_EXPORT int ibv_cmd_get_context(struct verbs_context *context, struct ibv_get_context *cmd,
				    size_t cmd_size, struct ib_uverbs_get_context_resp *resp,
				    size_t resp_size)
{
	(void)context, (void)cmd, (void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_query_context(struct ibv_context *ctx, struct ibv_command_buffer *driver)
{
	(void)ctx, (void)driver;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_flow_action_esp(struct ibv_context *ctx,
					       struct ibv_flow_action_esp_attr *attr,
					       struct verbs_flow_action *flow_action,
					       struct ibv_command_buffer *driver)
{
	(void)ctx, (void)attr, (void)flow_action, (void)driver;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_modify_flow_action_esp(struct verbs_flow_action *flow_action,
					       struct ibv_flow_action_esp_attr *attr,
					       struct ibv_command_buffer *driver)
{
	(void)flow_action, (void)attr, (void)driver;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_query_device_any(struct ibv_context *context,
					 const struct ibv_query_device_ex_input *input,
					 struct ibv_device_attr_ex *attr, size_t attr_size,
					 struct ib_uverbs_ex_query_device_resp *resp,
					 size_t *resp_size)
{
	(void)context, (void)input, (void)attr, (void)attr_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_query_port(struct ibv_context *context, uint8_t port_num,
				   struct ibv_port_attr *port_attr, struct ibv_query_port *cmd,
				   size_t cmd_size)
{
	(void)context, (void)port_num, (void)port_attr, (void)cmd, (void)cmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_alloc_pd(struct ibv_context *context, struct ibv_pd *pd,
				 struct ibv_alloc_pd *cmd, size_t cmd_size,
				 struct ib_uverbs_alloc_pd_resp *resp, size_t resp_size)
{
	(void)context, (void)pd, (void)cmd, (void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_dealloc_pd(struct ibv_pd *pd)
{
	(void)pd;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_open_xrcd(struct ibv_context *context, struct verbs_xrcd *xrcd,
				  int vxrcd_size, struct ibv_xrcd_init_attr *attr,
				  struct ibv_open_xrcd *cmd, size_t cmd_size,
				  struct ib_uverbs_open_xrcd_resp *resp, size_t resp_size)
{
	(void)context, (void)xrcd, (void)vxrcd_size, (void)attr, (void)cmd, (void)cmd_size;
	(void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_close_xrcd(struct verbs_xrcd *xrcd)
{
	(void)xrcd;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_reg_mr(struct ibv_pd *pd, void *addr, size_t length, uint64_t hca_va,
			       int access, struct verbs_mr *vmr, struct ibv_reg_mr *cmd,
			       size_t cmd_size, struct ib_uverbs_reg_mr_resp *resp,
			       size_t resp_size)
{
	(void)pd, (void)addr, (void)length, (void)hca_va, (void)access, (void)vmr, (void)cmd;
	(void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_rereg_mr(struct verbs_mr *vmr, uint32_t flags, void *addr, size_t length,
				 uint64_t hca_va, int access, struct ibv_pd *pd,
				 struct ibv_rereg_mr *cmd, size_t cmd_sz,
				 struct ib_uverbs_rereg_mr_resp *resp, size_t resp_sz)
{
	(void)vmr, (void)flags, (void)addr, (void)length, (void)hca_va, (void)access, (void)pd;
	(void)cmd, (void)cmd_sz, (void)resp, (void)resp_sz;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_dereg_mr(struct verbs_mr *vmr)
{
	(void)vmr;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_query_mr(struct ibv_pd *pd, struct verbs_mr *vmr, uint32_t mr_handle)
{
	(void)pd, (void)vmr, (void)mr_handle;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_advise_mr(struct ibv_pd *pd, enum ibv_advise_mr_advice advice,
				  uint32_t flags, struct ibv_sge *sg_list, uint32_t num_sge)
{
	(void)pd, (void)advice, (void)flags, (void)sg_list, (void)num_sge;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_reg_dmabuf_mr(struct ibv_pd *pd, uint64_t offset, size_t length,
				      uint64_t iova, int fd, int access, struct verbs_mr *vmr)
{
	(void)pd, (void)offset, (void)length, (void)iova, (void)fd, (void)access, (void)vmr;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_alloc_mw(struct ibv_pd *pd, enum ibv_mw_type type, struct ibv_mw *mw,
				 struct ibv_alloc_mw *cmd, size_t cmd_size,
				 struct ib_uverbs_alloc_mw_resp *resp, size_t resp_size)
{
	(void)pd, (void)type, (void)mw, (void)cmd, (void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_dealloc_mw(struct ibv_mw *mw)
{
	(void)mw;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_cq(struct ibv_context *context, int cqe,
				  struct ibv_comp_channel *channel, int comp_vector,
				  struct ibv_cq *cq, struct ibv_create_cq *cmd, size_t cmd_size,
				  struct ib_uverbs_create_cq_resp *resp, size_t resp_size)
{
	(void)context, (void)cqe, (void)channel, (void)comp_vector, (void)cq, (void)cmd;
	(void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_cq_ex(struct ibv_context *context,
				     const struct ibv_cq_init_attr_ex *cq_attr,
				     struct verbs_cq *cq, struct ibv_create_cq_ex *cmd,
				     size_t cmd_size, struct ib_uverbs_ex_create_cq_resp *resp,
				     size_t resp_size, uint32_t cmd_flags)
{
	(void)context, (void)cq_attr, (void)cq, (void)cmd, (void)cmd_size, (void)resp;
	(void)resp_size, (void)cmd_flags;
	return rnic_no_uverbs();
}

/* ibv_poll_cq's convention: a negative value is the failure. */
RNIC_EXPORT int ibv_cmd_poll_cq(struct ibv_cq *cq, int ne, struct ibv_wc *wc)
{
	(void)cq, (void)ne, (void)wc;
	return -rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_req_notify_cq(struct ibv_cq *cq, int solicited_only)
{
	(void)cq, (void)solicited_only;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_resize_cq(struct ibv_cq *cq, int cqe, struct ibv_resize_cq *cmd,
				  size_t cmd_size, struct ib_uverbs_resize_cq_resp *resp,
				  size_t resp_size)
{
	(void)cq, (void)cqe, (void)cmd, (void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_cq(struct ibv_cq *cq)
{
	(void)cq;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_modify_cq(struct ibv_cq *cq, struct ibv_modify_cq_attr *attr,
				  struct ibv_modify_cq *cmd, size_t cmd_size)
{
	(void)cq, (void)attr, (void)cmd, (void)cmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_srq(struct ibv_pd *pd, struct ibv_srq *srq,
				   struct ibv_srq_init_attr *attr, struct ibv_create_srq *cmd,
				   size_t cmd_size, struct ib_uverbs_create_srq_resp *resp,
				   size_t resp_size)
{
	(void)pd, (void)srq, (void)attr, (void)cmd, (void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_srq_ex(struct ibv_context *context, struct verbs_srq *srq,
				      struct ibv_srq_init_attr_ex *attr_ex,
				      struct ibv_create_xsrq *cmd, size_t cmd_size,
				      struct ib_uverbs_create_srq_resp *resp, size_t resp_size)
{
	(void)context, (void)srq, (void)attr_ex, (void)cmd, (void)cmd_size, (void)resp;
	(void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_modify_srq(struct ibv_srq *srq, struct ibv_srq_attr *srq_attr,
				   int srq_attr_mask, struct ibv_modify_srq *cmd, size_t cmd_size)
{
	(void)srq, (void)srq_attr, (void)srq_attr_mask, (void)cmd, (void)cmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_query_srq(struct ibv_srq *srq, struct ibv_srq_attr *srq_attr,
				  struct ibv_query_srq *cmd, size_t cmd_size)
{
	(void)srq, (void)srq_attr, (void)cmd, (void)cmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_srq(struct ibv_srq *srq)
{
	(void)srq;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_qp(struct ibv_pd *pd, struct ibv_qp *qp,
				  struct ibv_qp_init_attr *attr, struct ibv_create_qp *cmd,
				  size_t cmd_size, struct ib_uverbs_create_qp_resp *resp,
				  size_t resp_size)
{
	(void)pd, (void)qp, (void)attr, (void)cmd, (void)cmd_size, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_qp_ex(struct ibv_context *context, struct verbs_qp *qp,
				     struct ibv_qp_init_attr_ex *attr_ex,
				     struct ibv_create_qp *cmd, size_t cmd_size,
				     struct ib_uverbs_create_qp_resp *resp, size_t resp_size)
{
	(void)context, (void)qp, (void)attr_ex, (void)cmd, (void)cmd_size, (void)resp;
	(void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_qp_ex2(struct ibv_context *context, struct verbs_qp *qp,
				      struct ibv_qp_init_attr_ex *qp_attr,
				      struct ibv_create_qp_ex *cmd, size_t cmd_size,
				      struct ib_uverbs_ex_create_qp_resp *resp, size_t resp_size)
{
	(void)context, (void)qp, (void)qp_attr, (void)cmd, (void)cmd_size, (void)resp;
	(void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_open_qp(struct ibv_context *context, struct verbs_qp *qp, int vqp_sz,
				struct ibv_qp_open_attr *attr, struct ibv_open_qp *cmd,
				size_t cmd_size, struct ib_uverbs_create_qp_resp *resp,
				size_t resp_size)
{
	(void)context, (void)qp, (void)vqp_sz, (void)attr, (void)cmd, (void)cmd_size;
	(void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_query_qp(struct ibv_qp *qp, struct ibv_qp_attr *qp_attr, int attr_mask,
				 struct ibv_qp_init_attr *qp_init_attr, struct ibv_query_qp *cmd,
				 size_t cmd_size)
{
	(void)qp, (void)qp_attr, (void)attr_mask, (void)qp_init_attr, (void)cmd, (void)cmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_modify_qp(struct ibv_qp *qp, struct ibv_qp_attr *attr, int attr_mask,
				  struct ibv_modify_qp *cmd, size_t cmd_size)
{
	(void)qp, (void)attr, (void)attr_mask, (void)cmd, (void)cmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_modify_qp_ex(struct ibv_qp *qp, struct ibv_qp_attr *attr, int attr_mask,
				     struct ibv_modify_qp_ex *cmd, size_t cmd_size,
				     struct ib_uverbs_ex_modify_qp_resp *resp, size_t resp_size)
{
	(void)qp, (void)attr, (void)attr_mask, (void)cmd, (void)cmd_size, (void)resp;
	(void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_qp(struct ibv_qp *qp)
{
	(void)qp;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_post_send(struct ibv_qp *ibqp, struct ibv_send_wr *wr,
				  struct ibv_send_wr **bad_wr)
{
	(void)ibqp;
	if (bad_wr)
		*bad_wr = wr;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_post_recv(struct ibv_qp *ibqp, struct ibv_recv_wr *wr,
				  struct ibv_recv_wr **bad_wr)
{
	(void)ibqp;
	if (bad_wr)
		*bad_wr = wr;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_post_srq_recv(struct ibv_srq *srq, struct ibv_recv_wr *wr,
				      struct ibv_recv_wr **bad_wr)
{
	(void)srq;
	if (bad_wr)
		*bad_wr = wr;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_ah(struct ibv_pd *pd, struct ibv_ah *ah, struct ibv_ah_attr *attr,
				  struct ib_uverbs_create_ah_resp *resp, size_t resp_size)
{
	(void)pd, (void)ah, (void)attr, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_ah(struct ibv_ah *ah)
{
	(void)ah;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_attach_mcast(struct ibv_qp *qp, const union ibv_gid *gid, uint16_t lid)
{
	(void)qp, (void)gid, (void)lid;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_detach_mcast(struct ibv_qp *qp, const union ibv_gid *gid, uint16_t lid)
{
	(void)qp, (void)gid, (void)lid;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_flow(struct ibv_qp *qp, struct ibv_flow *flow_id,
				    struct ibv_flow_attr *flow_attr, void *ucmd, size_t ucmd_size)
{
	(void)qp, (void)flow_id, (void)flow_attr, (void)ucmd, (void)ucmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_flow(struct ibv_flow *flow_id)
{
	(void)flow_id;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_wq(struct ibv_context *context,
				  struct ibv_wq_init_attr *wq_init_attr, struct ibv_wq *wq,
				  struct ibv_create_wq *cmd, size_t cmd_size,
				  struct ib_uverbs_ex_create_wq_resp *resp, size_t resp_size)
{
	(void)context, (void)wq_init_attr, (void)wq, (void)cmd, (void)cmd_size, (void)resp;
	(void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_flow_action(struct verbs_flow_action *action)
{
	(void)action;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_modify_wq(struct ibv_wq *wq, struct ibv_wq_attr *attr,
				  struct ibv_modify_wq *cmd, size_t cmd_size)
{
	(void)wq, (void)attr, (void)cmd, (void)cmd_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_wq(struct ibv_wq *wq)
{
	(void)wq;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_rwq_ind_table(struct ibv_context *context,
					     struct ibv_rwq_ind_table_init_attr *init_attr,
					     struct ibv_rwq_ind_table *rwq_ind_table,
					     struct ib_uverbs_ex_create_rwq_ind_table_resp *resp,
					     size_t resp_size)
{
	(void)context, (void)init_attr, (void)rwq_ind_table, (void)resp, (void)resp_size;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_rwq_ind_table(struct ibv_rwq_ind_table *rwq_ind_table)
{
	(void)rwq_ind_table;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_create_counters(struct ibv_context *context,
					struct ibv_counters_init_attr *init_attr,
					struct verbs_counters *vcounters,
					struct ibv_command_buffer *link)
{
	(void)context, (void)init_attr, (void)vcounters, (void)link;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_destroy_counters(struct verbs_counters *vcounters)
{
	(void)vcounters;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_read_counters(struct verbs_counters *vcounters, uint64_t *counters_value,
				      uint32_t ncounters, uint32_t flags,
				      struct ibv_command_buffer *link)
{
	(void)vcounters, (void)counters_value, (void)ncounters, (void)flags, (void)link;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_alloc_dm(struct ibv_context *ctx, const struct ibv_alloc_dm_attr *dm_attr,
				 struct verbs_dm *dm, struct ibv_command_buffer *link)
{
	(void)ctx, (void)dm_attr, (void)dm, (void)link;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_free_dm(struct verbs_dm *dm)
{
	(void)dm;
	return rnic_no_uverbs();
}

RNIC_EXPORT int ibv_cmd_reg_dm_mr(struct ibv_pd *pd, struct verbs_dm *dm, uint64_t offset,
				  size_t length, unsigned int access, struct verbs_mr *vmr,
				  struct ibv_command_buffer *link)
{
	(void)pd, (void)dm, (void)offset, (void)length, (void)access, (void)vmr, (void)link;
	return rnic_no_uverbs();
}
