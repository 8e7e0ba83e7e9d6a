/*
 * Devices and contexts: discovery, open/close, the query verbs.
 *
 * Discovery never connects: simulated NICs are the <name>.sock entries of
 * $RNIC_SIM_DIR (sorted by name), boards are the PCI addresses listed in
 * $RNIC_VFIO_DEVICES. ibv_open_device connects through the transport,
 * checks the identification registers, reads the capabilities and
 * allocates a user context (a doorbell page) with ALLOC_UCTX.
 */
#include <dirent.h>
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_sim_ctl.h"
#include "rnic_addr.h"
#include "rnic_priv.h"
#include "rnic_verbs.h"

/* ------------------------------------------------------------------ */
/* device list                                                         */

static const char rnic_sock_suffix[] = ".sock";

static int rnic_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append a device; returns 0 or ENOMEM. */
static int rnic_list_add(struct ibv_device ***list, int *n, int *cap, enum rnic_device_kind kind,
			 const char *name, const char *addr)
{
	struct rnic_device *d;

	if (strlen(name) >= IBV_SYSFS_NAME_MAX || strlen(addr) >= IBV_SYSFS_PATH_MAX)
		return 0; /* cannot be represented: skip it */
	if (*n + 2 > *cap) {
		int ncap = *cap ? *cap * 2 : 8;
		struct ibv_device **nl = realloc(*list, (size_t)ncap * sizeof(**list));

		if (!nl)
			return ENOMEM;
		*list = nl;
		*cap = ncap;
	}
	d = calloc(1, sizeof(*d));
	if (!d)
		return ENOMEM;
	d->kind = kind;
	d->index = *n;
	d->ibdev.node_type = IBV_NODE_CA;
	d->ibdev.transport_type = IBV_TRANSPORT_IB; /* RoCE reports the IB transport */
	strcpy(d->ibdev.name, name);
	strcpy(d->ibdev.dev_name, name);
	strcpy(d->ibdev.dev_path, addr);
	strcpy(d->ibdev.ibdev_path, addr);
	(*list)[(*n)++] = &d->ibdev;
	(*list)[*n] = NULL;
	return 0;
}

static int rnic_list_sim(struct ibv_device ***list, int *n, int *cap, const char *dir)
{
	size_t sfx = sizeof(rnic_sock_suffix) - 1, cnt = 0, cap_names = 0, i;
	char **names = NULL;
	struct dirent *de;
	int err = 0;
	DIR *d = opendir(dir);

	if (!d)
		return 0; /* no simulator running: no simulated devices */
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);

		if (len <= sfx || strcmp(de->d_name + len - sfx, rnic_sock_suffix) != 0)
			continue;
		if (cnt == cap_names) {
			size_t nc = cap_names ? cap_names * 2 : 8;
			char **nn = realloc(names, nc * sizeof(*names));

			if (!nn) {
				err = ENOMEM;
				break;
			}
			names = nn;
			cap_names = nc;
		}
		names[cnt] = strdup(de->d_name);
		if (!names[cnt]) {
			err = ENOMEM;
			break;
		}
		cnt++;
	}
	closedir(d);
	if (!err)
		qsort(names, cnt, sizeof(*names), rnic_name_cmp);
	for (i = 0; i < cnt; i++) {
		if (!err) {
			char path[IBV_SYSFS_PATH_MAX + 1];
			int pl = snprintf(path, sizeof(path), "%s/%s", dir, names[i]);

			names[i][strlen(names[i]) - sfx] = '\0';
			if (pl > 0 && (size_t)pl < sizeof(path))
				err = rnic_list_add(list, n, cap, RNIC_DEVICE_SIM, names[i], path);
		}
		free(names[i]);
	}
	free(names);
	return err;
}

static int rnic_list_vfio(struct ibv_device ***list, int *n, int *cap, const char *env)
{
	const char *p = env;

	while (*p) {
		size_t len = strcspn(p, ",");
		char addr[IBV_SYSFS_NAME_MAX - 8], name[IBV_SYSFS_NAME_MAX];

		if (len > 0 && len < sizeof(addr)) {
			size_t i;
			int err;

			memcpy(addr, p, len);
			addr[len] = '\0';
			/* rnic_<domain>_<bus>_<dev>_<fn>: the address without
			 * the ':' and '.' that tools do not expect in names */
			snprintf(name, sizeof(name), "rnic_%s", addr);
			for (i = 0; name[i]; i++)
				if (name[i] == ':' || name[i] == '.')
					name[i] = '_';
			err = rnic_list_add(list, n, cap, RNIC_DEVICE_VFIO, name, addr);
			if (err)
				return err;
		}
		p += len;
		if (*p == ',')
			p++;
	}
	return 0;
}

RNIC_EXPORT void ibv_free_device_list(struct ibv_device **list)
{
	struct ibv_device **p;

	if (!list)
		return;
	for (p = list; *p; p++)
		free((struct rnic_device *)*p);
	free(list);
}

RNIC_EXPORT struct ibv_device **ibv_get_device_list(int *num_devices)
{
	struct ibv_device **list = calloc(1, sizeof(*list));
	const char *sim = getenv(RNIC_ENV_SIM_DIR), *vfio = getenv(RNIC_ENV_VFIO_DEVICES);
	int n = 0, cap = 1, err = 0;

	if (!list) {
		errno = ENOMEM;
		return NULL;
	}
	if (sim && *sim)
		err = rnic_list_sim(&list, &n, &cap, sim);
	if (!err && vfio && *vfio)
		err = rnic_list_vfio(&list, &n, &cap, vfio);
	if (err) {
		ibv_free_device_list(list);
		errno = err;
		return NULL;
	}
	if (num_devices)
		*num_devices = n;
	return list;
}

RNIC_EXPORT const char *ibv_get_device_name(struct ibv_device *device)
{
	return device ? device->name : NULL;
}

/* ibv_get_device_index: the kernel's index of an RDMA device; this
 * library's devices are not the kernel's, and their index is their place
 * in the list (simulated NICs by socket name, then the boards of
 * $RNIC_VFIO_DEVICES in the order given), stable while that does not
 * change. */
RNIC_EXPORT int ibv_get_device_index(struct ibv_device *device)
{
	return device ? ((struct rnic_device *)device)->index : -1;
}

/* ibv_import_device(3): a context shared through the command FD of
 * another process's context. The device is reached through a vfio-user
 * socket or a VFIO group a process owns, not through a uverbs FD: there is
 * none to share (cmd_fd is -1), so nothing can be imported. */
RNIC_EXPORT struct ibv_context *ibv_import_device(int cmd_fd)
{
	(void)cmd_fd;
	errno = EOPNOTSUPP;
	return NULL;
}

/* ------------------------------------------------------------------ */
/* objects owned by a context                                          */

static const struct rnic_cq *rnic_obj_cq(const struct rnic_obj *o)
{
	return (const struct rnic_cq *)((const char *)o - offsetof(struct rnic_cq, obj));
}

void rnic_obj_link(struct rnic_context *ctx, struct rnic_obj *o, enum rnic_obj_kind kind)
{
	o->kind = kind;
	pthread_mutex_lock(&ctx->cmd_lock);
	o->next = ctx->objs.next;
	o->prev = &ctx->objs;
	ctx->objs.next->prev = o;
	ctx->objs.next = o;
	/* a lockstep wait names at most RNIC_SIM_WAIT_MAX_RANGES rings; more
	 * CQs are still served by the interrupt and quiet wake-ups */
	if (kind == RNIC_OBJ_CQ && ctx->ncq_ranges < RNIC_SIM_WAIT_MAX_RANGES) {
		ctx->cq_ranges[ctx->ncq_ranges].iova = rnic_obj_cq(o)->ring_iova;
		ctx->cq_ranges[ctx->ncq_ranges].len = rnic_obj_cq(o)->ring_bytes;
		ctx->ncq_ranges++;
	}
	pthread_mutex_unlock(&ctx->cmd_lock);
}

void rnic_obj_unlink(struct rnic_context *ctx, struct rnic_obj *o)
{
	pthread_mutex_lock(&ctx->cmd_lock);
	o->prev->next = o->next;
	o->next->prev = o->prev;
	o->next = o->prev = o;
	if (o->kind == RNIC_OBJ_CQ) {
		for (unsigned i = 0; i < ctx->ncq_ranges; i++)
			if (ctx->cq_ranges[i].iova == rnic_obj_cq(o)->ring_iova) {
				ctx->cq_ranges[i] = ctx->cq_ranges[--ctx->ncq_ranges];
				break;
			}
	}
	pthread_mutex_unlock(&ctx->cmd_lock);
}

static void rnic_sim_wait_for(struct rnic_context *ctx, int cq_rings)
{
	struct rnic_sim_wait w;
	unsigned n = 0;

	if (!ctx->t->lockstep || !ctx->t->ops->sim_wait)
		return;
	w.max_cycles = 0;
	w.flags = RNIC_SIM_WAIT_IRQ;
	/* Every CQ ring of the context: an application may poll one CQ while
	 * its completion lands on another. */
	pthread_mutex_lock(&ctx->cmd_lock);
	if (cq_rings) {
		n = ctx->ncq_ranges;
		memcpy(w.range, ctx->cq_ranges, n * sizeof(w.range[0]));
	}
	w.nranges = n;
	pthread_mutex_unlock(&ctx->cmd_lock);
	/* A failed wait (the simulator went away) shows up on the next access. */
	(void)ctx->t->ops->sim_wait(ctx->t, &w, RNIC_SIM_WAIT_BYTES(n));
}

void rnic_sim_idle(struct rnic_context *ctx)
{
	rnic_sim_wait_for(ctx, 1);
}

void rnic_sim_idle_irq(struct rnic_context *ctx)
{
	rnic_sim_wait_for(ctx, 0);
}

/* ------------------------------------------------------------------ */
/* open / close                                                        */

static int rnic_ctx_query_port_raw(struct rnic_context *ctx, uint32_t *out)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};

	return rnic_cmd_exec(ctx, RNIC_CMD_OP_QUERY_PORT, 1, in, out);
}

static int rnic_ctx_read_caps(struct rnic_context *ctx)
{
	uint32_t id, ver, v;
	int err;

	err = rnic_reg_read(ctx, RNIC_BAR0_ID, &id);
	if (err)
		return err;
	if (id != RNIC_MAGIC)
		return ENODEV;
	err = rnic_reg_read(ctx, RNIC_BAR0_VERSION, &ver);
	if (err)
		return err;
	if ((ver & 0xFFFFu) != RNIC_CONTRACT_VERSION) /* [15:0] contract version */
		return EPROTO;
	ctx->hw_version = ver >> 16;
	/* STATUS[0]: the reset sweep of the context tables is over */
	err = rnic_wait_ready(ctx);
	if (err)
		return err;
	if ((err = rnic_reg_read(ctx, RNIC_BAR0_CAP_LOG_QPS, &ctx->log_qps)) ||
	    (err = rnic_reg_read(ctx, RNIC_BAR0_CAP_LOG_CQS, &ctx->log_cqs)) ||
	    (err = rnic_reg_read(ctx, RNIC_BAR0_CAP_INLINE, &ctx->max_inline)))
		return err;
	err = rnic_reg_read(ctx, RNIC_BAR0_CAP_SGE, &v);
	if (err)
		return err;
	ctx->max_send_sge = v & 0xFFu;       /* [7:0] send SGEs */
	ctx->max_recv_sge = (v >> 8) & 0xFFu; /* [15:8] receive SGEs */
	err = rnic_reg_read(ctx, RNIC_BAR0_CAP_LOG_DEPTH, &v);
	if (err)
		return err;
	ctx->log_max_wqe = v & 0xFFu;        /* [7:0] log2 max WQEs */
	ctx->log_max_cqe = (v >> 8) & 0xFFu; /* [15:8] log2 max CQEs */
	/* Never trust the device beyond what the descriptors can express. */
	if (ctx->log_qps > 24 || ctx->log_cqs > 24 || ctx->log_max_wqe > RNIC_LOG_MAX_WQE ||
	    ctx->log_max_cqe > RNIC_LOG_MAX_CQE || ctx->max_send_sge > RNIC_MAX_SEND_SGE ||
	    ctx->max_recv_sge > RNIC_MAX_RECV_SGE || ctx->max_inline > RNIC_MAX_INLINE)
		return EPROTO;
	return 0;
}

static void rnic_ctx_free(struct rnic_context *ctx)
{
	if (ctx->t)
		ctx->t->ops->close(ctx->t);
	pthread_mutex_destroy(&ctx->cmd_lock);
	pthread_mutex_destroy(&ctx->async_lock);
	pthread_mutex_destroy(&ctx->vctx.context.mutex);
	free(ctx->qp_table);
	rnic_xsrq_table_free(ctx);
	free(ctx);
}

static int rnic_query_port_op(struct ibv_context *context, uint8_t port_num,
			      struct ibv_port_attr *port_attr, size_t port_attr_len);
static int rnic_query_device_ex_op(struct ibv_context *context,
				   const struct ibv_query_device_ex_input *input,
				   struct ibv_device_attr_ex *attr, size_t attr_size);

/*
 * ibv_query_rt_values_ex: the raw clock is the device's free-running core
 * cycle counter (BAR0 TIMESTAMP_LO/HI; reading LO latches HI), returned in
 * raw_clock.tv_nsec as mlx5 does. A control-path register read.
 */
static int rnic_query_rt_values_op(struct ibv_context *context, struct ibv_values_ex *values)
{
	struct rnic_context *ctx = rnic_ctx(context);
	uint32_t lo, hi;
	int err;

	if (values->comp_mask & ~(uint32_t)IBV_VALUES_MASK_RAW_CLOCK)
		return EINVAL;
	err = rnic_reg_read(ctx, RNIC_BAR0_TIMESTAMP_LO, &lo);
	if (!err)
		err = rnic_reg_read(ctx, RNIC_BAR0_TIMESTAMP_HI, &hi);
	if (err)
		return err;
	values->raw_clock.tv_sec = 0;
	values->raw_clock.tv_nsec = (long)((uint64_t)hi << 32 | lo);
	values->comp_mask = IBV_VALUES_MASK_RAW_CLOCK;
	return 0;
}

/*
 * The contexts open in this process. A NIC takes one client (the
 * simulator's vfio-user socket, like a VFIO device, serves one process), so
 * a second ibv_open_device of the same device in a process returns the
 * context already open, counted; ibv_close_device closes it at the last
 * close. librdmacm and an application (perftest -R, rping) thus share the
 * device, as they share the kernel's device with rdma-core.
 */
static pthread_mutex_t rnic_open_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rnic_context *rnic_open_list;

static struct ibv_context *rnic_open_device(struct rnic_device *dev);

RNIC_EXPORT struct ibv_context *ibv_open_device(struct ibv_device *device)
{
	struct rnic_device *dev = (struct rnic_device *)device;
	struct rnic_context *c;
	struct ibv_context *ic = NULL;

	if (!device) {
		errno = EINVAL;
		return NULL;
	}
	pthread_mutex_lock(&rnic_open_lock);
	for (c = rnic_open_list; c; c = c->open_next)
		if (!strcmp(c->dev.ibdev.dev_path, dev->ibdev.dev_path)) {
			c->open_refs++;
			ic = &c->vctx.context;
			break;
		}
	if (!ic) {
		ic = rnic_open_device(dev);
		if (ic) {
			c = rnic_ctx(ic);
			c->open_refs = 1;
			c->open_next = rnic_open_list;
			rnic_open_list = c;
		}
	}
	pthread_mutex_unlock(&rnic_open_lock);
	return ic;
}

RNIC_EXPORT int rnic_device_in_use(struct ibv_device *device)
{
	struct rnic_device *dev = (struct rnic_device *)device;
	struct rnic_context *c;
	int found = 0;

	pthread_mutex_lock(&rnic_open_lock);
	for (c = rnic_open_list; c && !found; c = c->open_next)
		found = !strcmp(c->dev.ibdev.dev_path, dev->ibdev.dev_path);
	pthread_mutex_unlock(&rnic_open_lock);
	return found;
}

static struct ibv_context *rnic_open_device(struct rnic_device *dev)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	struct rnic_context *ctx;
	struct ibv_context *ic;
	const char *tmo;
	int err;

	ctx = calloc(1, sizeof(*ctx));
	if (!ctx) {
		errno = ENOMEM;
		return NULL;
	}
	ctx->dev = *dev;
	ctx->objs.next = ctx->objs.prev = &ctx->objs;
	pthread_mutex_init(&ctx->cmd_lock, NULL);
	pthread_mutex_init(&ctx->async_lock, NULL);
	ic = &ctx->vctx.context;
	pthread_mutex_init(&ic->mutex, NULL);
	ctx->cmd_timeout_ms = RNIC_CMD_TIMEOUT_MS_DEFAULT;
	tmo = getenv(RNIC_ENV_CMD_TIMEOUT_MS);
	if (tmo && *tmo)
		ctx->cmd_timeout_ms = (uint32_t)strtoul(tmo, NULL, 0);

	if (dev->kind == RNIC_DEVICE_SIM)
		err = rnic_transport_open_vfio_user(dev->ibdev.dev_path, &ctx->t);
	else
		err = rnic_transport_open_vfio(dev->ibdev.dev_path, &ctx->t);
	if (err) {
		ctx->t = NULL;
		goto fail;
	}
	err = rnic_ctx_read_caps(ctx);
	if (err)
		goto fail;
	/* Resume the command queue where the device is. */
	err = rnic_reg_read(ctx, RNIC_BAR0_CMDQ_PI, &ctx->cmd_pi);
	if (err)
		goto fail;
	ctx->cmd_pi %= RNIC_CMDQ_SLOTS;
	ctx->qp_table = calloc((size_t)1 << ctx->log_qps, sizeof(*ctx->qp_table));
	if (!ctx->qp_table) {
		err = ENOMEM;
		goto fail;
	}
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_ALLOC_UCTX, 0, in, out);
	if (err)
		goto fail;
	ctx->uctx = rnic_cmd_out_get_handle(out);
	ctx->db_off = RNIC_DB_PAGE_BASE + (uint64_t)ctx->uctx * RNIC_DB_PAGE_SIZE;
	if (ctx->db_off + RNIC_DB_PAGE_SIZE > RNIC_BAR0_SIZE) {
		err = EPROTO;
		goto fail;
	}
	if (ctx->t->bar0)
		ctx->db_mmio = (volatile uint32_t *)((volatile uint8_t *)ctx->t->bar0 + ctx->db_off);

	ic->device = &ctx->dev.ibdev;
	ic->cmd_fd = -1;
	ic->async_fd = -1;
	/* vectors 0 and 1 are the command and asynchronous vectors */
	ic->num_comp_vectors = ctx->t->num_irqs > 2 ? (int)ctx->t->num_irqs - 2 : 1;
	ic->abi_compat = __VERBS_ABI_IS_EXTENDED;
	ic->ops.post_send = rnic_post_send;
	ic->ops.post_recv = rnic_post_recv;
	ic->ops.post_srq_recv = rnic_post_srq_recv;
	ic->ops.poll_cq = rnic_poll_cq;
	ic->ops.req_notify_cq = rnic_req_notify_cq;
	ic->ops.alloc_mw = rnic_alloc_mw;
	ic->ops.dealloc_mw = rnic_dealloc_mw;
	ic->ops.bind_mw = rnic_bind_mw;
	ctx->vctx.sz = sizeof(struct verbs_context);
	ctx->vctx.query_port = rnic_query_port_op;
	ctx->vctx.query_device_ex = rnic_query_device_ex_op;
	ctx->vctx.query_rt_values = rnic_query_rt_values_op;
	/* XRC (ibv_open_xrcd(3), ibv_create_srq_ex(3), ibv_create_qp_ex(3));
	 * open_qp stays NULL: XRC domains are not shared between processes
	 * here, so ibv_open_qp fails with EOPNOTSUPP (rnic_open_xrcd) */
	ctx->vctx.open_xrcd = rnic_open_xrcd;
	ctx->vctx.close_xrcd = rnic_close_xrcd;
	ctx->vctx.create_srq_ex = rnic_create_srq_ex;
	ctx->vctx.get_srq_num = rnic_get_srq_num;
	ctx->vctx.create_qp_ex = rnic_create_qp_ex;
	/* the poll iterator CQ (ibv_create_cq_ex(3)) */
	ctx->vctx.create_cq_ex = rnic_create_cq_ex;
	/* flow steering to RAW_PACKET QPs (ibv_create_flow(3)) */
	ctx->vctx.ibv_create_flow = rnic_create_flow;
	ctx->vctx.ibv_destroy_flow = rnic_destroy_flow;
	err = rnic_async_init(ctx);
	if (err) {
		rnic_cmd_exec(ctx, RNIC_CMD_OP_FREE_UCTX, ctx->uctx, in, NULL);
		goto fail;
	}
	return ic;
fail:
	rnic_ctx_free(ctx);
	errno = err;
	return NULL;
}

RNIC_EXPORT int ibv_close_device(struct ibv_context *context)
{
	struct rnic_context *ctx = rnic_ctx(context), **pp;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err;

	pthread_mutex_lock(&rnic_open_lock);
	if (--ctx->open_refs) {
		pthread_mutex_unlock(&rnic_open_lock);
		return 0;
	}
	for (pp = &rnic_open_list; *pp; pp = &(*pp)->open_next)
		if (*pp == ctx) {
			*pp = ctx->open_next;
			break;
		}
	pthread_mutex_unlock(&rnic_open_lock);
	rnic_resource_release_all(ctx);
	rnic_async_fini(ctx);
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_FREE_UCTX, ctx->uctx, in, NULL);
	rnic_ctx_free(ctx);
	return err;
}

RNIC_EXPORT __be64 ibv_get_device_guid(struct ibv_device *device)
{
	struct ibv_context *c = ibv_open_device(device);
	struct ibv_device_attr attr;
	__be64 guid = 0;

	if (!c)
		return 0;
	if (ibv_query_device(c, &attr) == 0)
		guid = attr.node_guid;
	ibv_close_device(c);
	return guid;
}

/* ------------------------------------------------------------------ */
/* queries                                                             */

RNIC_EXPORT int ibv_query_device(struct ibv_context *context, struct ibv_device_attr *attr)
{
	struct rnic_context *ctx = rnic_ctx(context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	uint32_t fw;
	int err;

	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_QUERY_DEVICE, 0, in, out);
	if (err)
		return err;
	memset(attr, 0, sizeof(*attr));
	fw = rnic_cmd_query_device_out_get_fw_ver(out);
	snprintf(attr->fw_ver, sizeof(attr->fw_ver), "%u.%u", fw >> 16, fw & 0xFFFFu);
	/* node_guid: GUID byte 0 in bits 7:0, the memory order verbs use */
	attr->node_guid = htole64(rnic_cmd_query_device_out_get_node_guid(out));
	attr->sys_image_guid = attr->node_guid;
	attr->max_mr_size = rnic_cmd_query_device_out_get_max_mr_size(out);
	attr->page_size_cap = rnic_cmd_query_device_out_get_page_size_cap(out);
	attr->vendor_id = RNIC_PCI_VENDOR_ID;
	attr->vendor_part_id = RNIC_PCI_DEVICE_ID;
	attr->hw_ver = rnic_cmd_query_device_out_get_hw_ver(out);
	attr->max_qp = (int)rnic_cmd_query_device_out_get_max_qp(out);
	attr->max_qp_wr = (int)rnic_cmd_query_device_out_get_max_qp_wr(out);
	attr->device_cap_flags = IBV_DEVICE_RC_RNR_NAK_GEN;
	/* XRC domains, SRQs and QPs, where the firmware offers domains (a
	 * firmware without them reports max_xrcd 0) */
	if (rnic_cmd_query_device_out_get_max_xrcd(out) != 0)
		attr->device_cap_flags |= IBV_DEVICE_XRC;
	/* ibv_create_flow(3) NOTES: the verbs are for devices with managed
	 * flow steering, which a firmware with a FLOW table reports (max_flows
	 * is not an ibv_device_attr field). */
	if (rnic_cmd_query_device_out_get_max_flows(out) != 0)
		attr->device_cap_flags |= IBV_DEVICE_MANAGED_FLOW_STEERING;
	/* ibv_post_send(3) IBV_SEND_IP_CSUM: the device writes the IPv4 and
	 * TCP/UDP checksums of raw frames (wqe_flag IP_CSUM); not of UD
	 * datagrams, so no IBV_DEVICE_UD_IP_CSUM */
	attr->device_cap_flags |= IBV_DEVICE_RAW_IP_CSUM;
	attr->max_sge = (int)rnic_cmd_query_device_out_get_max_sge(out);
	attr->max_sge_rd = attr->max_sge;
	attr->max_cq = (int)rnic_cmd_query_device_out_get_max_cq(out);
	attr->max_cqe = (int)rnic_cmd_query_device_out_get_max_cqe(out);
	attr->max_mr = (int)rnic_cmd_query_device_out_get_max_mr(out);
	attr->max_pd = (int)rnic_cmd_query_device_out_get_max_pd(out);
	attr->max_srq = (int)rnic_cmd_query_device_out_get_max_srq(out);
	attr->max_srq_wr = (int)rnic_cmd_query_device_out_get_max_srq_wr(out);
	attr->max_srq_sge = (int)rnic_cmd_query_device_out_get_max_srq_sge(out);
	attr->max_qp_rd_atom = (int)rnic_cmd_query_device_out_get_max_rd_atom(out);
	attr->max_qp_init_rd_atom = attr->max_qp_rd_atom;
	attr->max_res_rd_atom = attr->max_qp * attr->max_qp_rd_atom;
	attr->atomic_cap = IBV_ATOMIC_HCA;
	attr->max_pkeys = 1;
	attr->local_ca_ack_delay = 15;
	attr->phys_port_cnt = 1;
	return 0;
}

/* The end of member m of struct ibv_device_attr_ex: a caller's attr_size
 * holds m whole from there on. */
#define RNIC_ATTR_EX_END(m) \
	(offsetof(struct ibv_device_attr_ex, m) + sizeof(((struct ibv_device_attr_ex *)0)->m))

/*
 * ibv_query_device_ex(3): orig_attr as ibv_query_device fills it, and of
 * the extended attributes those this device has: TSO on RAW_PACKET QPs
 * (tso_caps: MAX_TSO payload bytes per WR) and IPv4/TCP/UDP checksum
 * offload of raw frames (raw_packet_caps IP_CSUM); the others are 0, as is
 * comp_mask. attr_size is the caller's sizeof(struct ibv_device_attr_ex),
 * shorter under an older <infiniband/verbs.h>: nothing past it is written
 * and a member it does not hold whole is left out, as rdma-core's
 * ibv_cmd_query_device_any and mlx5 do.
 */
static int rnic_query_device_ex_op(struct ibv_context *context,
				   const struct ibv_query_device_ex_input *input,
				   struct ibv_device_attr_ex *attr, size_t attr_size)
{
	int err;

	if ((input && input->comp_mask) || attr_size < sizeof(attr->orig_attr))
		return EINVAL;
	memset(attr, 0, attr_size);
	err = ibv_query_device(context, &attr->orig_attr);
	if (err)
		return err;
	if (attr_size >= RNIC_ATTR_EX_END(tso_caps)) {
		attr->tso_caps.max_tso = RNIC_MAX_TSO;
		attr->tso_caps.supported_qpts = 1u << IBV_QPT_RAW_PACKET;
	}
	if (attr_size >= RNIC_ATTR_EX_END(raw_packet_caps))
		attr->raw_packet_caps = IBV_RAW_PACKET_CAP_IP_CSUM;
	if (attr_size >= RNIC_ATTR_EX_END(phys_port_cnt_ex))
		attr->phys_port_cnt_ex = attr->orig_attr.phys_port_cnt;
	return 0;
}

static int rnic_query_port_op(struct ibv_context *context, uint8_t port_num,
			      struct ibv_port_attr *port_attr, size_t port_attr_len)
{
	struct rnic_context *ctx = rnic_ctx(context);
	uint32_t out[RNIC_CMD_OUT_WORDS];
	struct ibv_port_attr a;
	uint32_t gbps;
	int err;

	if (port_num != 1)
		return EINVAL;
	err = rnic_ctx_query_port_raw(ctx, out);
	if (err)
		return err;
	memset(&a, 0, sizeof(a));
	a.state = (enum ibv_port_state)rnic_cmd_query_port_out_get_state(out);
	a.max_mtu = (enum ibv_mtu)rnic_cmd_query_port_out_get_max_mtu(out);
	a.active_mtu = (enum ibv_mtu)rnic_cmd_query_port_out_get_active_mtu(out);
	a.gid_tbl_len = (int)rnic_cmd_query_port_out_get_gid_tbl_len(out);
	a.port_cap_flags = IBV_PORT_CM_SUP;
	a.max_msg_sz = 0x80000000u;
	a.pkey_tbl_len = 1;
	a.max_vl_num = 1;
	a.phys_state = a.state == IBV_PORT_ACTIVE ? 5 : 3; /* IBA 14.2.5.6: LinkUp / Disabled */
	a.link_layer = IBV_LINK_LAYER_ETHERNET;
	/* IBA 14.2.5.6 PortInfo: width 1x=1, 4x=2; speed EDR (25 Gb/s per lane) = 32 */
	gbps = rnic_cmd_query_port_out_get_speed_gbps(out);
	a.active_width = gbps >= 100 ? 2 : 1;
	a.active_speed = 32;
	memcpy(port_attr, &a, port_attr_len < sizeof(a) ? port_attr_len : sizeof(a));
	return 0;
}

#undef ibv_query_port
/* The symbol older binaries call; they pass the structure without the
 * fields that follow link_layer. */
RNIC_EXPORT int ibv_query_port(struct ibv_context *context, uint8_t port_num,
			       struct _compat_ibv_port_attr *port_attr)
{
	return rnic_query_port_op(context, port_num, (struct ibv_port_attr *)port_attr,
				  offsetof(struct ibv_port_attr, flags));
}

/*
 * GID table entry index of port port_num: the device's table has
 * gid_tbl_len entries (QUERY_PORT), of which index 0 holds the port's
 * RoCEv2 GID, the IPv4-mapped IPv6 address ::ffff:a.b.c.d of its IPv4
 * address (RoCEv2, IBA Annex A17.4.5.1), and the others are empty (zero).
 * 0, EINVAL (no such port or index) or the command's errno.
 */
/* GID table entry index of port 1 from a QUERY_PORT answer (no I/O). */
static int rnic_gid_fill(const uint32_t *out, uint32_t port_num, uint32_t index,
			 struct ibv_gid_entry *e)
{
	uint32_t ip;

	if (index >= rnic_cmd_query_port_out_get_gid_tbl_len(out))
		return EINVAL;
	memset(e, 0, sizeof(*e));
	e->gid_index = index;
	e->port_num = port_num;
	e->gid_type = IBV_GID_TYPE_ROCE_V2;
	e->ndev_ifindex = 0; /* no kernel net device */
	if (index == 0) {
		ip = rnic_cmd_query_port_out_get_ipv4(out);
		rnic_gid_from_ipv4(ip, e->gid.raw);
	}
	return 0;
}

static int rnic_gid_entry(struct ibv_context *context, uint32_t port_num, uint32_t index,
			  struct ibv_gid_entry *e)
{
	uint32_t out[RNIC_CMD_OUT_WORDS];
	int err;

	if (port_num != 1)
		return EINVAL;
	err = rnic_ctx_query_port_raw(rnic_ctx(context), out);
	if (err)
		return err;
	return rnic_gid_fill(out, port_num, index, e);
}

static int rnic_gid_empty(const union ibv_gid *g)
{
	static const uint8_t zero[sizeof(g->raw)];

	return memcmp(g->raw, zero, sizeof(zero)) == 0;
}

/* ibv_query_gid(3): 0, or -1 with errno (EINVAL: no such port or index). */
RNIC_EXPORT int ibv_query_gid(struct ibv_context *context, uint8_t port_num, int index,
			      union ibv_gid *gid)
{
	struct ibv_gid_entry e;
	int err;

	if (index < 0) {
		errno = EINVAL;
		return -1;
	}
	err = rnic_gid_entry(context, port_num, (uint32_t)index, &e);
	if (err) {
		errno = err;
		return -1;
	}
	*gid = e.gid;
	return 0;
}

/*
 * ibv_query_gid_ex(3): one entry, with its type (every GID here is
 * RoCEv2) and no net device (ndev_ifindex 0). 0, EINVAL (flags not 0, no
 * such port or index, entry_size short of the 1.11 structure) or ENODATA
 * (the entry is empty).
 */
RNIC_EXPORT int _ibv_query_gid_ex(struct ibv_context *context, uint32_t port_num,
				  uint32_t gid_index, struct ibv_gid_entry *entry, uint32_t flags,
				  size_t entry_size)
{
	struct ibv_gid_entry e;
	int err;

	if (flags || !entry || entry_size < sizeof(e))
		return EINVAL;
	err = rnic_gid_entry(context, port_num, gid_index, &e);
	if (err)
		return err;
	if (rnic_gid_empty(&e.gid))
		return ENODATA;
	memcpy(entry, &e, sizeof(e));
	return 0;
}

/*
 * ibv_query_gid_table(3): every valid (non-empty) entry of every port,
 * entry_size bytes apart; the number written, or a negative errno (EINVAL:
 * flags not 0, entry_size short, more valid entries than max_entries).
 */
RNIC_EXPORT ssize_t _ibv_query_gid_table(struct ibv_context *context, struct ibv_gid_entry *entries,
					 size_t max_entries, uint32_t flags, size_t entry_size)
{
	struct rnic_context *ctx = rnic_ctx(context);
	uint32_t out[RNIC_CMD_OUT_WORDS], n;
	size_t got = 0;
	int err;

	if (flags || entry_size < sizeof(*entries))
		return -EINVAL;
	err = rnic_ctx_query_port_raw(ctx, out); /* port 1, the only one */
	if (err)
		return -err;
	n = rnic_cmd_query_port_out_get_gid_tbl_len(out);
	for (uint32_t i = 0; i < n; i++) {
		struct ibv_gid_entry e;

		err = rnic_gid_fill(out, 1, i, &e);   /* the one QUERY_PORT above */
		if (err)
			return -err;
		if (rnic_gid_empty(&e.gid))
			continue;
		if (got == max_entries)
			return -EINVAL;
		memcpy((uint8_t *)entries + got * entry_size, &e, sizeof(e));
		got++;
	}
	return (ssize_t)got;
}

RNIC_EXPORT int ibv_query_pkey(struct ibv_context *context, uint8_t port_num, int index,
			       __be16 *pkey)
{
	(void)context;
	if (port_num != 1 || index != 0) {
		errno = EINVAL;
		return -1;
	}
	*pkey = htobe16(0xFFFF); /* the default full-membership P_Key */
	return 0;
}

/* ibv_get_pkey_index(3): the index of pkey in port port_num's P_Key
 * table, or -1 with errno ENOENT (EINVAL for another port). The table is
 * the default P_Key alone. */
RNIC_EXPORT int ibv_get_pkey_index(struct ibv_context *context, uint8_t port_num, __be16 pkey)
{
	__be16 p;

	for (int i = 0; ibv_query_pkey(context, port_num, i, &p) == 0; i++)
		if (p == pkey)
			return i;
	if (port_num == 1)
		errno = ENOENT;
	return -1;
}

RNIC_EXPORT const char *ibv_node_type_str(enum ibv_node_type node_type)
{
	static const char *const str[] = {
		[IBV_NODE_CA] = "InfiniBand channel adapter",
		[IBV_NODE_SWITCH] = "InfiniBand switch",
		[IBV_NODE_ROUTER] = "InfiniBand router",
		[IBV_NODE_RNIC] = "iWARP NIC",
		[IBV_NODE_USNIC] = "usNIC",
		[IBV_NODE_USNIC_UDP] = "usNIC UDP",
		[IBV_NODE_UNSPECIFIED] = "unspecified",
	};

	if (node_type < IBV_NODE_CA || (unsigned)node_type >= sizeof(str) / sizeof(str[0]) ||
	    !str[node_type])
		return "unknown";
	return str[node_type];
}

RNIC_EXPORT const char *ibv_port_state_str(enum ibv_port_state port_state)
{
	static const char *const str[] = {
		[IBV_PORT_NOP] = "no state change (NOP)",
		[IBV_PORT_DOWN] = "down",
		[IBV_PORT_INIT] = "init",
		[IBV_PORT_ARMED] = "armed",
		[IBV_PORT_ACTIVE] = "active",
		[IBV_PORT_ACTIVE_DEFER] = "active defer",
	};

	if ((unsigned)port_state >= sizeof(str) / sizeof(str[0]))
		return "unknown";
	return str[port_state];
}

RNIC_EXPORT const char *ibv_event_type_str(enum ibv_event_type event)
{
	static const char *const str[] = {
		[IBV_EVENT_CQ_ERR] = "CQ error",
		[IBV_EVENT_QP_FATAL] = "local work queue catastrophic error",
		[IBV_EVENT_QP_REQ_ERR] = "invalid request local work queue error",
		[IBV_EVENT_QP_ACCESS_ERR] = "local access violation work queue error",
		[IBV_EVENT_COMM_EST] = "communication established",
		[IBV_EVENT_SQ_DRAINED] = "send queue drained",
		[IBV_EVENT_PATH_MIG] = "path migrated",
		[IBV_EVENT_PATH_MIG_ERR] = "path migration request error",
		[IBV_EVENT_DEVICE_FATAL] = "local catastrophic error",
		[IBV_EVENT_PORT_ACTIVE] = "port active",
		[IBV_EVENT_PORT_ERR] = "port error",
		[IBV_EVENT_LID_CHANGE] = "LID change",
		[IBV_EVENT_PKEY_CHANGE] = "P_Key change",
		[IBV_EVENT_SM_CHANGE] = "SM change",
		[IBV_EVENT_SRQ_ERR] = "SRQ catastrophic error",
		[IBV_EVENT_SRQ_LIMIT_REACHED] = "SRQ limit reached",
		[IBV_EVENT_QP_LAST_WQE_REACHED] = "last WQE reached",
		[IBV_EVENT_CLIENT_REREGISTER] = "client reregistration",
		[IBV_EVENT_GID_CHANGE] = "GID table change",
		[IBV_EVENT_WQ_FATAL] = "WQ fatal",
	};

	if ((unsigned)event >= sizeof(str) / sizeof(str[0]) || !str[event])
		return "unknown";
	return str[event];
}

RNIC_EXPORT const char *ibv_wc_status_str(enum ibv_wc_status status)
{
	static const char *const str[] = {
		[IBV_WC_SUCCESS] = "success",
		[IBV_WC_LOC_LEN_ERR] = "local length error",
		[IBV_WC_LOC_QP_OP_ERR] = "local QP operation error",
		[IBV_WC_LOC_EEC_OP_ERR] = "local EE context operation error",
		[IBV_WC_LOC_PROT_ERR] = "local protection error",
		[IBV_WC_WR_FLUSH_ERR] = "work request flushed",
		[IBV_WC_MW_BIND_ERR] = "memory window bind error",
		[IBV_WC_BAD_RESP_ERR] = "bad response error",
		[IBV_WC_LOC_ACCESS_ERR] = "local access error",
		[IBV_WC_REM_INV_REQ_ERR] = "remote invalid request error",
		[IBV_WC_REM_ACCESS_ERR] = "remote access error",
		[IBV_WC_REM_OP_ERR] = "remote operation error",
		[IBV_WC_RETRY_EXC_ERR] = "transport retry counter exceeded",
		[IBV_WC_RNR_RETRY_EXC_ERR] = "RNR retry counter exceeded",
		[IBV_WC_LOC_RDD_VIOL_ERR] = "local RDD violation error",
		[IBV_WC_REM_INV_RD_REQ_ERR] = "remote invalid RD request",
		[IBV_WC_REM_ABORT_ERR] = "remote aborted",
		[IBV_WC_INV_EECN_ERR] = "invalid EE context number",
		[IBV_WC_INV_EEC_STATE_ERR] = "invalid EE context state",
		[IBV_WC_FATAL_ERR] = "fatal error",
		[IBV_WC_RESP_TIMEOUT_ERR] = "response timeout error",
		[IBV_WC_GENERAL_ERR] = "general error",
		[IBV_WC_TM_ERR] = "tag matching error",
		[IBV_WC_TM_RNDV_INCOMPLETE] = "tag matching rendezvous incomplete",
	};

	if ((unsigned)status >= sizeof(str) / sizeof(str[0]) || !str[status])
		return "unknown";
	return str[status];
}
