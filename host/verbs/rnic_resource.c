/*
 * Control-path verbs: protection domains, XRC domains, memory regions,
 * completion queues, queue pairs and shared receive queues (basic and XRC).
 * Each becomes one command (rnic_cmd.c); queue rings live in page-aligned
 * memory this library allocates and maps for device DMA.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "rnic_addr.h"
#include "rnic_verbs.h"

/* The contract numbers these like the verbs API; the translation below
 * relies on it, and the build stops if either side changes. */
_Static_assert(IBV_QPS_RESET == RNIC_QP_STATE_RESET && IBV_QPS_INIT == RNIC_QP_STATE_INIT &&
		       IBV_QPS_RTR == RNIC_QP_STATE_RTR && IBV_QPS_RTS == RNIC_QP_STATE_RTS &&
		       IBV_QPS_SQD == RNIC_QP_STATE_SQD && IBV_QPS_SQE == RNIC_QP_STATE_SQE &&
		       IBV_QPS_ERR == RNIC_QP_STATE_ERR,
	       "qp_state numbering");
_Static_assert(IBV_MTU_256 == RNIC_MTU_256 && IBV_MTU_4096 == RNIC_MTU_4096, "mtu numbering");
_Static_assert(IBV_QP_STATE == RNIC_QP_ATTR_MASK_STATE &&
		       IBV_QP_CUR_STATE == RNIC_QP_ATTR_MASK_CUR_STATE &&
		       IBV_QP_EN_SQD_ASYNC_NOTIFY == RNIC_QP_ATTR_MASK_EN_SQD_ASYNC_NOTIFY &&
		       IBV_QP_ACCESS_FLAGS == RNIC_QP_ATTR_MASK_ACCESS_FLAGS &&
		       IBV_QP_PKEY_INDEX == RNIC_QP_ATTR_MASK_PKEY_INDEX &&
		       IBV_QP_PORT == RNIC_QP_ATTR_MASK_PORT && IBV_QP_QKEY == RNIC_QP_ATTR_MASK_QKEY &&
		       IBV_QP_AV == RNIC_QP_ATTR_MASK_AV &&
		       IBV_QP_PATH_MTU == RNIC_QP_ATTR_MASK_PATH_MTU &&
		       IBV_QP_TIMEOUT == RNIC_QP_ATTR_MASK_TIMEOUT &&
		       IBV_QP_RETRY_CNT == RNIC_QP_ATTR_MASK_RETRY_CNT &&
		       IBV_QP_RNR_RETRY == RNIC_QP_ATTR_MASK_RNR_RETRY &&
		       IBV_QP_RQ_PSN == RNIC_QP_ATTR_MASK_RQ_PSN &&
		       IBV_QP_MAX_QP_RD_ATOMIC == RNIC_QP_ATTR_MASK_MAX_QP_RD_ATOMIC &&
		       IBV_QP_ALT_PATH == RNIC_QP_ATTR_MASK_ALT_PATH &&
		       IBV_QP_MIN_RNR_TIMER == RNIC_QP_ATTR_MASK_MIN_RNR_TIMER &&
		       IBV_QP_SQ_PSN == RNIC_QP_ATTR_MASK_SQ_PSN &&
		       IBV_QP_MAX_DEST_RD_ATOMIC == RNIC_QP_ATTR_MASK_MAX_DEST_RD_ATOMIC &&
		       IBV_QP_PATH_MIG_STATE == RNIC_QP_ATTR_MASK_PATH_MIG_STATE &&
		       IBV_QP_CAP == RNIC_QP_ATTR_MASK_CAP &&
		       IBV_QP_DEST_QPN == RNIC_QP_ATTR_MASK_DEST_QPN,
	       "qp_attr_mask bits");

/* The mask bits the device accepts (no alternate path, no migration). */
#define RNIC_QP_ATTR_MASK_SUPPORTED                                                           \
	(RNIC_QP_ATTR_MASK_STATE | RNIC_QP_ATTR_MASK_CUR_STATE |                              \
	 RNIC_QP_ATTR_MASK_EN_SQD_ASYNC_NOTIFY | RNIC_QP_ATTR_MASK_ACCESS_FLAGS |              \
	 RNIC_QP_ATTR_MASK_PKEY_INDEX | RNIC_QP_ATTR_MASK_PORT | RNIC_QP_ATTR_MASK_QKEY |     \
	 RNIC_QP_ATTR_MASK_AV | RNIC_QP_ATTR_MASK_PATH_MTU | RNIC_QP_ATTR_MASK_TIMEOUT |      \
	 RNIC_QP_ATTR_MASK_RETRY_CNT | RNIC_QP_ATTR_MASK_RNR_RETRY | RNIC_QP_ATTR_MASK_RQ_PSN | \
	 RNIC_QP_ATTR_MASK_MAX_QP_RD_ATOMIC | RNIC_QP_ATTR_MASK_MIN_RNR_TIMER |                \
	 RNIC_QP_ATTR_MASK_SQ_PSN | RNIC_QP_ATTR_MASK_MAX_DEST_RD_ATOMIC |                     \
	 RNIC_QP_ATTR_MASK_CAP | RNIC_QP_ATTR_MASK_DEST_QPN)

static uint32_t rnic_log2_ceil(uint32_t v)
{
	uint32_t l = 0;

	while (((uint64_t)1 << l) < v)
		l++;
	return l;
}

/* ibv_access_flags -> contract access bits; EINVAL for flags the device
 * cannot honour (optional-range flags are dropped, as the verbs allow). */
static int rnic_access_from_ibv(unsigned int ibv, uint32_t *out)
{
	unsigned int v = ibv & ~(unsigned int)IBV_ACCESS_OPTIONAL_RANGE;
	uint32_t a = 0;

	if (v & IBV_ACCESS_LOCAL_WRITE)
		a |= RNIC_ACCESS_LOCAL_WRITE;
	if (v & IBV_ACCESS_REMOTE_WRITE)
		a |= RNIC_ACCESS_REMOTE_WRITE;
	if (v & IBV_ACCESS_REMOTE_READ)
		a |= RNIC_ACCESS_REMOTE_READ;
	if (v & IBV_ACCESS_REMOTE_ATOMIC)
		a |= RNIC_ACCESS_REMOTE_ATOMIC;
	if (v & IBV_ACCESS_MW_BIND)
		a |= RNIC_ACCESS_MW_BIND;
	if (v & IBV_ACCESS_ZERO_BASED)
		a |= RNIC_ACCESS_ZERO_BASED;
	if (v & ~(unsigned int)(IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
				IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC |
				IBV_ACCESS_MW_BIND | IBV_ACCESS_ZERO_BASED))
		return EINVAL;
	*out = a;
	return 0;
}

static unsigned int rnic_access_to_ibv(uint32_t a)
{
	unsigned int v = 0;

	if (a & RNIC_ACCESS_LOCAL_WRITE)
		v |= IBV_ACCESS_LOCAL_WRITE;
	if (a & RNIC_ACCESS_REMOTE_WRITE)
		v |= IBV_ACCESS_REMOTE_WRITE;
	if (a & RNIC_ACCESS_REMOTE_READ)
		v |= IBV_ACCESS_REMOTE_READ;
	if (a & RNIC_ACCESS_REMOTE_ATOMIC)
		v |= IBV_ACCESS_REMOTE_ATOMIC;
	if (a & RNIC_ACCESS_MW_BIND)
		v |= IBV_ACCESS_MW_BIND;
	return v;
}

/* Zeroed, page-aligned memory mapped for device DMA. */
static int rnic_dma_alloc(struct rnic_context *ctx, size_t bytes, void **buf, uint64_t *iova)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t len = (bytes + (size_t)page - 1) & ~((size_t)page - 1);
	void *p;
	int err;

	if (posix_memalign(&p, (size_t)page, len))
		return ENOMEM;
	memset(p, 0, len);
	err = ctx->t->ops->dma_map(ctx->t, p, bytes, iova);
	if (err) {
		free(p);
		return err;
	}
	*buf = p;
	return 0;
}

static void rnic_dma_free(struct rnic_context *ctx, void *buf, size_t bytes, uint64_t iova)
{
	if (!buf)
		return;
	ctx->t->ops->dma_unmap(ctx->t, iova, bytes);
	free(buf);
}

/* ------------------------------------------------------------------ */
/* protection domains                                                  */

RNIC_EXPORT struct ibv_pd *ibv_alloc_pd(struct ibv_context *context)
{
	struct rnic_context *ctx = rnic_ctx(context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	struct rnic_pd *pd = calloc(1, sizeof(*pd));
	int err;

	if (!pd) {
		errno = ENOMEM;
		return NULL;
	}
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_ALLOC_PD, 0, in, out);
	if (err) {
		free(pd);
		errno = err;
		return NULL;
	}
	pd->pdn = rnic_cmd_out_get_handle(out);
	pd->ibpd.context = context;
	pd->ibpd.handle = pd->pdn;
	rnic_obj_link(ctx, &pd->obj, RNIC_OBJ_PD);
	return &pd->ibpd;
}

static int rnic_pd_destroy(struct rnic_pd *pd, int force)
{
	struct rnic_context *ctx = rnic_ctx(pd->ibpd.context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = rnic_cmd_exec(ctx, RNIC_CMD_OP_DEALLOC_PD, pd->pdn, in, NULL);

	if (err && !force)
		return err;
	rnic_obj_unlink(ctx, &pd->obj);
	free(pd);
	return err;
}

RNIC_EXPORT int ibv_dealloc_pd(struct ibv_pd *pd)
{
	struct rnic_context *ctx = rnic_ctx(pd->context);
	int err;

	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_pd_destroy((struct rnic_pd *)pd, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}

/* ------------------------------------------------------------------ */
/* XRC domains                                                         */

/* The XRC domain objects of the context, from its object list. */
static struct rnic_xrcd *rnic_obj_xrcd(struct rnic_obj *o)
{
	return (struct rnic_xrcd *)((uint8_t *)o - offsetof(struct rnic_xrcd, obj));
}

/* Another open XRC domain object of ctx than x on the same device domain
 * (xrcdn), or with inode (dev, ino) if x is NULL; NULL if none. Under
 * cmd_lock (the object list). */
static struct rnic_xrcd *rnic_xrcd_find(struct rnic_context *ctx, const struct rnic_xrcd *x,
					dev_t dev, ino_t ino)
{
	struct rnic_xrcd *found = NULL;

	pthread_mutex_lock(&ctx->cmd_lock);
	for (struct rnic_obj *o = ctx->objs.next; o != &ctx->objs && !found; o = o->next) {
		struct rnic_xrcd *y;

		if (o->kind != RNIC_OBJ_XRCD)
			continue;
		y = rnic_obj_xrcd(o);
		if (x ? (y != x && y->xrcdn == x->xrcdn)
		      : (y->has_inode && y->dev == dev && y->ino == ino))
			found = y;
	}
	pthread_mutex_unlock(&ctx->cmd_lock);
	return found;
}

/*
 * ibv_open_xrcd(3). With fd -1 (and O_CREAT in oflags, as the page says
 * for a domain not tied to a file) a new domain. With a file's fd the
 * domain is the one tied to that file's inode: the first open creates it
 * (O_CREAT required, else EINVAL), later opens share it (O_EXCL then
 * refuses with EINVAL), each returning an object of its own that
 * ibv_close_xrcd closes; the device domain goes with the last of them.
 * The device keeps XRC domains per user context, so the sharing reaches
 * the objects of one context: another process (which the simulator serves
 * only after this one has left the NIC) gets a domain of its own. Both
 * IBV_XRCD_INIT_ATTR_FD and IBV_XRCD_INIT_ATTR_OFLAGS are required
 * (EINVAL), unknown comp_mask bits are refused (EOPNOTSUPP), as
 * rdma-core's ibv_cmd_open_xrcd does. ibv_open_qp(3), which opens a
 * target QP of another process through a shared domain, is not offered:
 * verbs_context.open_qp stays NULL and the inline ibv_open_qp answers
 * EOPNOTSUPP.
 */
struct ibv_xrcd *rnic_open_xrcd(struct ibv_context *context, struct ibv_xrcd_init_attr *attr)
{
	struct rnic_context *ctx = rnic_ctx(context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	struct rnic_xrcd *xrcd, *shared = NULL;
	struct stat st;
	int err = 0;

	if (!attr) {
		errno = EINVAL;
		return NULL;
	}
	if (attr->comp_mask >= IBV_XRCD_INIT_ATTR_RESERVED) {
		errno = EOPNOTSUPP;
		return NULL;
	}
	if (!(attr->comp_mask & IBV_XRCD_INIT_ATTR_FD) ||
	    !(attr->comp_mask & IBV_XRCD_INIT_ATTR_OFLAGS)) {
		errno = EINVAL;
		return NULL;
	}
	if (attr->fd != -1 && fstat(attr->fd, &st) != 0)
		return NULL; /* errno EBADF */
	xrcd = calloc(1, sizeof(*xrcd));
	if (!xrcd) {
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_lock(&context->mutex);
	if (attr->fd != -1) {
		xrcd->has_inode = 1;
		xrcd->dev = st.st_dev;
		xrcd->ino = st.st_ino;
		shared = rnic_xrcd_find(ctx, NULL, st.st_dev, st.st_ino);
	}
	if (shared ? (attr->oflags & O_EXCL) != 0 : !(attr->oflags & O_CREAT))
		err = EINVAL; /* the domain exists / does not exist */
	else if (shared)
		xrcd->xrcdn = shared->xrcdn;
	else if (!(err = rnic_cmd_exec(ctx, RNIC_CMD_OP_OPEN_XRCD, 0, in, out)))
		xrcd->xrcdn = rnic_cmd_out_get_handle(out);
	if (!err) {
		xrcd->ibxrcd.context = context;
		rnic_obj_link(ctx, &xrcd->obj, RNIC_OBJ_XRCD);
	}
	pthread_mutex_unlock(&context->mutex);
	if (err) {
		free(xrcd);
		errno = err;
		return NULL;
	}
	return &xrcd->ibxrcd;
}

/* CLOSE_XRCD when no other object of the context holds the domain, then
 * free the object. */
static int rnic_xrcd_destroy(struct rnic_xrcd *xrcd, int force)
{
	struct rnic_context *ctx = rnic_ctx(xrcd->ibxrcd.context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = 0;

	if (!rnic_xrcd_find(ctx, xrcd, 0, 0))
		err = rnic_cmd_exec(ctx, RNIC_CMD_OP_CLOSE_XRCD, xrcd->xrcdn, in, NULL);
	if (err && !force)
		return err;
	rnic_obj_unlink(ctx, &xrcd->obj);
	free(xrcd);
	return err;
}

/* ibv_close_xrcd(3): EBUSY (the domain stays open) while an XRC SRQ or an
 * XRC target QP uses it: CLOSE_XRCD answers BUSY. */
int rnic_close_xrcd(struct ibv_xrcd *xrcd)
{
	struct rnic_context *ctx = rnic_ctx(xrcd->context);
	int err;

	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_xrcd_destroy((struct rnic_xrcd *)xrcd, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}

/* ------------------------------------------------------------------ */
/* memory regions                                                      */

/* Register [addr, addr + length) as seen at iova under PD pdn with
 * contract access acc: map it for device DMA and issue REG_MR. On success
 * mr's key and mapping are set (the verbs fields are the caller's). */
static int rnic_mr_register(struct rnic_context *ctx, struct rnic_mr *mr, uint32_t pdn,
			    void *addr, size_t length, uint64_t iova, uint32_t acc)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	int err;

	mr->dma_iova = 0;
	mr->dma_len = 0;
	if (length) {
		err = ctx->t->ops->dma_map(ctx->t, addr, length, &mr->dma_iova);
		if (err)
			return err;
		mr->dma_len = length;
	}
	rnic_cmd_reg_mr_in_set_pdn(in, pdn);
	rnic_cmd_reg_mr_in_set_access(in, acc);
	rnic_cmd_reg_mr_in_set_start(in, iova);
	rnic_cmd_reg_mr_in_set_length(in, length);
	rnic_cmd_reg_mr_in_set_iova(in, mr->dma_iova);
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_REG_MR, 0, in, out);
	if (err) {
		if (mr->dma_len)
			ctx->t->ops->dma_unmap(ctx->t, mr->dma_iova, mr->dma_len);
		mr->dma_len = 0;
		return err;
	}
	mr->ibmr.lkey = rnic_cmd_out_get_handle(out);
	mr->ibmr.rkey = mr->ibmr.lkey;
	mr->ibmr.handle = mr->ibmr.lkey;
	mr->iova = iova;
	mr->access = acc;
	return 0;
}

/* DEREG_MR of mr's key and the end of its DMA mapping; with force the
 * mapping goes even if the command fails. 0 or the command's errno. */
static int rnic_mr_unregister(struct rnic_context *ctx, struct rnic_mr *mr, int force)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = rnic_cmd_exec(ctx, RNIC_CMD_OP_DEREG_MR, mr->ibmr.lkey, in, NULL);

	if (err && !force)
		return err;
	if (mr->dma_len)
		ctx->t->ops->dma_unmap(ctx->t, mr->dma_iova, mr->dma_len);
	mr->dma_len = 0;
	return err;
}

/* ibv_reg_mr(3) access rules: the flags the device knows, and local write
 * with remote write or atomic. 0 or EINVAL. */
static int rnic_mr_access(unsigned int access, uint32_t *acc)
{
	int err = rnic_access_from_ibv(access, acc);

	if (!err && (*acc & (RNIC_ACCESS_REMOTE_WRITE | RNIC_ACCESS_REMOTE_ATOMIC)) &&
	    !(*acc & RNIC_ACCESS_LOCAL_WRITE))
		err = EINVAL;
	return err;
}

RNIC_EXPORT struct ibv_mr *ibv_reg_mr_iova2(struct ibv_pd *pd, void *addr, size_t length,
					    uint64_t iova, unsigned int access)
{
	struct rnic_context *ctx = rnic_ctx(pd->context);
	struct rnic_mr *mr;
	uint32_t acc;
	int err;

	err = rnic_mr_access(access, &acc);
	if (!err && length && !addr)
		err = EINVAL;
	if (err) {
		errno = err;
		return NULL;
	}
	mr = calloc(1, sizeof(*mr));
	if (!mr) {
		errno = ENOMEM;
		return NULL;
	}
	err = rnic_mr_register(ctx, mr, ((struct rnic_pd *)pd)->pdn, addr, length, iova, acc);
	if (err) {
		free(mr);
		errno = err;
		return NULL;
	}
	mr->ibmr.context = pd->context;
	mr->ibmr.pd = pd;
	mr->ibmr.addr = addr;
	mr->ibmr.length = length;
	rnic_obj_link(ctx, &mr->obj, RNIC_OBJ_MR);
	return &mr->ibmr;
}

#undef ibv_reg_mr
RNIC_EXPORT struct ibv_mr *ibv_reg_mr(struct ibv_pd *pd, void *addr, size_t length, int access)
{
	return ibv_reg_mr_iova2(pd, addr, length, (uintptr_t)addr, (unsigned int)access);
}

#undef ibv_reg_mr_iova
RNIC_EXPORT struct ibv_mr *ibv_reg_mr_iova(struct ibv_pd *pd, void *addr, size_t length,
					   uint64_t iova, int access)
{
	return ibv_reg_mr_iova2(pd, addr, length, iova, (unsigned int)access);
}

static int rnic_mr_destroy(struct rnic_mr *mr, int force)
{
	struct rnic_context *ctx = rnic_ctx(mr->ibmr.context);
	int err = rnic_mr_unregister(ctx, mr, force);

	if (err && !force)
		return err;
	rnic_obj_unlink(ctx, &mr->obj);
	free(mr);
	return err;
}

RNIC_EXPORT int ibv_dereg_mr(struct ibv_mr *mr)
{
	struct rnic_context *ctx = rnic_ctx(mr->context);
	int err;

	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_mr_destroy((struct rnic_mr *)mr, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}

/*
 * ibv_rereg_mr(3): "conceptually, deregister followed by register". The
 * region is registered anew with what flags change (translation: addr and
 * length, seen at iova addr; PD; access) and what they keep, and only then
 * is the old key deregistered, so a failure of the new registration leaves
 * the old one as it was (IBV_REREG_MR_ERR_CMD, errno set; the caller
 * deregisters as the page says). The new lkey and rkey are written into
 * mr. Without flags, or with access but not IBV_REREG_MR_CHANGE_ACCESS, or
 * a translation without addr or length, the input is refused
 * (IBV_REREG_MR_ERR_INPUT, EINVAL). The device keeps no fork state
 * (ibv_is_fork_initialized: IBV_FORK_UNNEEDED), so the fork errors do not
 * arise.
 */
RNIC_EXPORT int ibv_rereg_mr(struct ibv_mr *ibmr, int flags, struct ibv_pd *pd, void *addr,
			     size_t length, int access)
{
	struct rnic_mr *mr = (struct rnic_mr *)ibmr;
	struct rnic_context *ctx;
	struct rnic_mr nmr;
	struct ibv_pd *npd;
	uint32_t acc;
	int err;

	if (!ibmr || flags <= 0 || (flags & ~IBV_REREG_MR_FLAGS_SUPPORTED) ||
	    ((flags & IBV_REREG_MR_CHANGE_TRANSLATION) && (!addr || !length)) ||
	    (access && !(flags & IBV_REREG_MR_CHANGE_ACCESS)) ||
	    ((flags & IBV_REREG_MR_CHANGE_PD) && (!pd || pd->context != ibmr->context))) {
		errno = EINVAL;
		return IBV_REREG_MR_ERR_INPUT;
	}
	acc = mr->access;
	if ((flags & IBV_REREG_MR_CHANGE_ACCESS) && rnic_mr_access((unsigned int)access, &acc)) {
		errno = EINVAL;
		return IBV_REREG_MR_ERR_INPUT;
	}
	ctx = rnic_ctx(ibmr->context);
	npd = flags & IBV_REREG_MR_CHANGE_PD ? pd : ibmr->pd;
	if (!(flags & IBV_REREG_MR_CHANGE_TRANSLATION)) {
		addr = ibmr->addr;
		length = ibmr->length;
	}
	memset(&nmr, 0, sizeof(nmr));
	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_mr_register(ctx, &nmr, ((struct rnic_pd *)npd)->pdn, addr, length,
			       flags & IBV_REREG_MR_CHANGE_TRANSLATION ? (uintptr_t)addr : mr->iova,
			       acc);
	if (!err) {
		err = rnic_mr_unregister(ctx, mr, 0);
		if (err)
			(void)rnic_mr_unregister(ctx, &nmr, 1); /* keep the old one */
	}
	if (!err) {
		mr->ibmr.lkey = nmr.ibmr.lkey;
		mr->ibmr.rkey = nmr.ibmr.rkey;
		mr->ibmr.handle = nmr.ibmr.handle;
		mr->dma_iova = nmr.dma_iova;
		mr->dma_len = nmr.dma_len;
		mr->iova = nmr.iova;
		mr->access = nmr.access;
		mr->ibmr.pd = npd;
		mr->ibmr.addr = addr;
		mr->ibmr.length = length;
	}
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	if (err) {
		errno = err;
		return IBV_REREG_MR_ERR_CMD;
	}
	return 0;
}

/* ibv_reg_dmabuf_mr(3): a region of a dma-buf. The device reaches
 * memory through the process's address space (vfio-user) or an IOMMU
 * mapping of its pages (VFIO), and a dma-buf is neither: EOPNOTSUPP. */
RNIC_EXPORT struct ibv_mr *ibv_reg_dmabuf_mr(struct ibv_pd *pd, uint64_t offset, size_t length,
					     uint64_t iova, int fd, int access)
{
	(void)pd;
	(void)offset;
	(void)length;
	(void)iova;
	(void)fd;
	(void)access;
	errno = EOPNOTSUPP;
	return NULL;
}

/* ibv_import_pd(3), ibv_import_mr(3), ibv_import_dm(3): objects of a
 * context imported with ibv_import_device, which this device does not
 * offer (no uverbs FD to share). */
RNIC_EXPORT struct ibv_pd *ibv_import_pd(struct ibv_context *context, uint32_t pd_handle)
{
	(void)context;
	(void)pd_handle;
	errno = EOPNOTSUPP;
	return NULL;
}

RNIC_EXPORT struct ibv_mr *ibv_import_mr(struct ibv_pd *pd, uint32_t mr_handle)
{
	(void)pd;
	(void)mr_handle;
	errno = EOPNOTSUPP;
	return NULL;
}

RNIC_EXPORT struct ibv_dm *ibv_import_dm(struct ibv_context *context, uint32_t dm_handle)
{
	(void)context;
	(void)dm_handle;
	errno = EOPNOTSUPP;
	return NULL;
}

/* Nothing can have been imported: nothing to release. */
RNIC_EXPORT void ibv_unimport_pd(struct ibv_pd *pd)
{
	(void)pd;
}

RNIC_EXPORT void ibv_unimport_mr(struct ibv_mr *mr)
{
	(void)mr;
}

RNIC_EXPORT void ibv_unimport_dm(struct ibv_dm *dm)
{
	(void)dm;
}

/* ------------------------------------------------------------------ */
/* memory windows                                                      */

/* ibv_alloc_mw(3): type 2 windows (the device binds them to a QP, type
 * 2B); type 1 windows are not offered (EOPNOTSUPP). The window starts
 * unbound; its rkey is the one the device assigned, and each BIND_MW work
 * request names the next (ibv_inc_rkey). */
struct ibv_mw *rnic_alloc_mw(struct ibv_pd *pd, enum ibv_mw_type type)
{
	struct rnic_context *ctx = rnic_ctx(pd->context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	struct rnic_mw *mw;
	int err;

	if (type != IBV_MW_TYPE_2) {
		errno = type == IBV_MW_TYPE_1 ? EOPNOTSUPP : EINVAL;
		return NULL;
	}
	mw = calloc(1, sizeof(*mw));
	if (!mw) {
		errno = ENOMEM;
		return NULL;
	}
	rnic_cmd_alloc_mw_in_set_pdn(in, ((struct rnic_pd *)pd)->pdn);
	rnic_cmd_alloc_mw_in_set_type(in, 2u);
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_ALLOC_MW, 0, in, out);
	if (err) {
		free(mw);
		errno = err;
		return NULL;
	}
	mw->ibmw.context = pd->context;
	mw->ibmw.pd = pd;
	mw->ibmw.rkey = rnic_cmd_out_get_handle(out);
	mw->ibmw.handle = mw->ibmw.rkey;
	mw->ibmw.type = IBV_MW_TYPE_2;
	rnic_obj_link(ctx, &mw->obj, RNIC_OBJ_MW);
	return &mw->ibmw;
}

static int rnic_mw_destroy(struct rnic_mw *mw, int force)
{
	struct rnic_context *ctx = rnic_ctx(mw->ibmw.context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = rnic_cmd_exec(ctx, RNIC_CMD_OP_DEALLOC_MW, mw->ibmw.rkey, in, NULL);

	if (err && !force)
		return err;
	rnic_obj_unlink(ctx, &mw->obj);
	free(mw);
	return err;
}

int rnic_dealloc_mw(struct ibv_mw *mw)
{
	struct rnic_context *ctx = rnic_ctx(mw->context);
	int err;

	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_mw_destroy((struct rnic_mw *)mw, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}

/* ibv_bind_mw(3) binds type 1 windows only; a type 2 window is bound by a
 * BIND_MW work request (ibv_post_send). */
int rnic_bind_mw(struct ibv_qp *qp, struct ibv_mw *mw, struct ibv_mw_bind *mw_bind)
{
	(void)qp;
	(void)mw_bind;
	return mw && mw->type == IBV_MW_TYPE_1 ? EOPNOTSUPP : EINVAL;
}

/* ------------------------------------------------------------------ */
/* completion queues                                                   */

static struct rnic_cq *rnic_cq_create(struct ibv_context *context, int cqe, void *cq_context,
				      struct ibv_comp_channel *channel, int comp_vector)
{
	struct rnic_context *ctx = rnic_ctx(context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS], n, log_n;
	uint32_t max = (uint32_t)1 << ctx->log_max_cqe;
	struct rnic_cq *cq;
	void *ring = NULL;
	int err;

	if (cqe < 1 || (uint32_t)cqe > max || comp_vector < 0 ||
	    comp_vector >= context->num_comp_vectors) {
		errno = EINVAL;
		return NULL;
	}
	/* Twice the requested depth: poll_cq reports consumed CQEs to the
	 * device only every half ring, and the device must still find room
	 * for `cqe` completions. */
	log_n = rnic_log2_ceil(2u * (uint32_t)cqe);
	if (log_n > ctx->log_max_cqe)
		log_n = ctx->log_max_cqe;
	n = (uint32_t)1 << log_n;
	cq = calloc(1, sizeof(*cq));
	if (!cq) {
		errno = ENOMEM;
		return NULL;
	}
	cq->efd = -1;
	cq->ring_bytes = (size_t)n * RNIC_CQE_BYTES;
	err = rnic_dma_alloc(ctx, cq->ring_bytes, &ring, &cq->ring_iova);
	if (err)
		goto fail;
	cq->ring = ring;
	cq->log_size = log_n;
	cq->mask = n - 1;
	/* A ring clamped below twice the request has no slack for a lazy
	 * consumer index: report every consumed CQE then. */
	cq->db_every = n >= 2u * (uint32_t)cqe ? n / 2 : 1;
	cq->ctx = ctx;
	pthread_spin_init(&cq->lock, PTHREAD_PROCESS_PRIVATE);
	err = rnic_cq_events_init(ctx, cq, channel, comp_vector);
	if (err)
		goto fail;
	rnic_cmd_create_cq_in_set_base(in, cq->ring_iova);
	rnic_cmd_create_cq_in_set_log_size(in, log_n);
	rnic_cmd_create_cq_in_set_vector(in, cq->vector);
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_CREATE_CQ, 0, in, out);
	if (err) {
		rnic_cq_events_fini(ctx, cq);
		goto fail;
	}
	cq->cqn = rnic_cmd_out_get_handle(out);
	cq->db_off = ctx->db_off + RNIC_DB_CQ;
	cq->ibcq.context = context;
	cq->ibcq.channel = channel;
	cq->ibcq.cq_context = cq_context;
	cq->ibcq.handle = cq->cqn;
	cq->ibcq.cqe = n >= 2u * (uint32_t)cqe ? (int)(n / 2) : (int)n;
	pthread_mutex_init(&cq->ibcq.mutex, NULL);
	pthread_cond_init(&cq->ibcq.cond, NULL);
	rnic_obj_link(ctx, &cq->obj, RNIC_OBJ_CQ);
	return cq;
fail:
	if (cq->ring)
		pthread_spin_destroy(&cq->lock);
	rnic_dma_free(ctx, ring, cq->ring_bytes, cq->ring_iova);
	free(cq);
	errno = err;
	return NULL;
}

RNIC_EXPORT struct ibv_cq *ibv_create_cq(struct ibv_context *context, int cqe, void *cq_context,
					 struct ibv_comp_channel *channel, int comp_vector)
{
	struct rnic_cq *cq = rnic_cq_create(context, cqe, cq_context, channel, comp_vector);

	return cq ? &cq->ibcq : NULL;
}

/*
 * ibv_create_cq_ex(3): a CQ as ibv_create_cq makes it, read through the
 * poll iterator (ibv_start_poll, ibv_next_poll, ibv_end_poll and the
 * ibv_wc_read_* functions). The work completion fields it can give are
 * those of struct ibv_wc (IBV_WC_STANDARD_FLAGS): the CQE has no
 * completion timestamp, VLAN, flow tag or tag matching information
 * (ibv_query_device_ex reports completion_timestamp_mask 0), so those
 * wc_flags are refused with EOPNOTSUPP, as is a parent domain
 * (IBV_CQ_INIT_ATTR_MASK_PD; none is offered) and the IGNORE_OVERRUN
 * flag; IBV_CREATE_CQ_ATTR_SINGLE_THREADED is taken (the CQ's lock stays).
 */
struct ibv_cq_ex *rnic_create_cq_ex(struct ibv_context *context, struct ibv_cq_init_attr_ex *attr)
{
	struct rnic_cq *cq;

	if (!attr) {
		errno = EINVAL;
		return NULL;
	}
	if ((attr->wc_flags & ~(uint64_t)IBV_WC_STANDARD_FLAGS) ||
	    (attr->comp_mask & ~(uint32_t)IBV_CQ_INIT_ATTR_MASK_FLAGS) ||
	    ((attr->comp_mask & IBV_CQ_INIT_ATTR_MASK_FLAGS) &&
	     (attr->flags & ~(uint32_t)IBV_CREATE_CQ_ATTR_SINGLE_THREADED))) {
		errno = EOPNOTSUPP;
		return NULL;
	}
	if (attr->cqe > INT32_MAX || attr->comp_vector > INT32_MAX) {
		errno = EINVAL;
		return NULL;
	}
	cq = rnic_cq_create(context, (int)attr->cqe, attr->cq_context, attr->channel,
			    (int)attr->comp_vector);
	if (!cq)
		return NULL;
	rnic_cq_ex_init(cq);
	return &cq->ibcqx;
}

static int rnic_cq_destroy(struct rnic_cq *cq, int force)
{
	struct rnic_context *ctx = cq->ctx;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = rnic_cmd_exec(ctx, RNIC_CMD_OP_DESTROY_CQ, cq->cqn, in, NULL);

	if (err && !force)
		return err;
	rnic_obj_unlink(ctx, &cq->obj);
	rnic_cq_events_fini(ctx, cq);
	/* ibv_get_cq_event(3): every event handed out is acknowledged before
	 * the CQ goes (ibv_ack_cq_events) */
	pthread_mutex_lock(&cq->ibcq.mutex);
	while (!force && cq->ibcq.comp_events_completed != cq->events)
		pthread_cond_wait(&cq->ibcq.cond, &cq->ibcq.mutex);
	pthread_mutex_unlock(&cq->ibcq.mutex);
	rnic_dma_free(ctx, cq->ring, cq->ring_bytes, cq->ring_iova);
	pthread_spin_destroy(&cq->lock);
	pthread_mutex_destroy(&cq->ibcq.mutex);
	pthread_cond_destroy(&cq->ibcq.cond);
	free(cq);
	return err;
}

RNIC_EXPORT int ibv_destroy_cq(struct ibv_cq *cq)
{
	struct rnic_context *ctx = rnic_ctx(cq->context);
	int err;

	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_cq_destroy((struct rnic_cq *)cq, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}

/* ibv_resize_cq(3): the device fixes a CQ's ring (base and size) at
 * CREATE_CQ and has no command to move it; EOPNOTSUPP, the CQ unchanged. */
RNIC_EXPORT int ibv_resize_cq(struct ibv_cq *cq, int cqe)
{
	(void)cq;
	(void)cqe;
	return EOPNOTSUPP;
}

/* ------------------------------------------------------------------ */
/* queue pairs                                                         */

static int rnic_qp_type_to_hw(enum ibv_qp_type t, uint32_t *hw)
{
	switch (t) {
	case IBV_QPT_RC:
		*hw = RNIC_QP_TYPE_RC;
		return 0;
	case IBV_QPT_UC:
		*hw = RNIC_QP_TYPE_UC;
		return 0;
	case IBV_QPT_UD:
		*hw = RNIC_QP_TYPE_UD;
		return 0;
	case IBV_QPT_XRC_SEND:
		*hw = RNIC_QP_TYPE_XRC_SEND;
		return 0;
	case IBV_QPT_XRC_RECV:
		*hw = RNIC_QP_TYPE_XRC_RECV;
		return 0;
	case IBV_QPT_RAW_PACKET:
		*hw = RNIC_QP_TYPE_RAW;
		return 0;
	default:
		return EOPNOTSUPP;
	}
}

static int rnic_wq_alloc(struct rnic_context *ctx, struct rnic_wq *wq, uint32_t wr,
			 uint32_t log_stride)
{
	void *buf = NULL;
	int err;

	wq->log_cnt = rnic_log2_ceil(wr ? wr : 1);
	wq->cnt = (uint32_t)1 << wq->log_cnt;
	wq->mask = wq->cnt - 1;
	wq->log_stride = log_stride;
	wq->bytes = (size_t)wq->cnt << log_stride;
	wq->wrid = calloc(wq->cnt, sizeof(*wq->wrid));
	if (!wq->wrid)
		return ENOMEM;
	err = rnic_dma_alloc(ctx, wq->bytes, &buf, &wq->iova);
	if (err) {
		free(wq->wrid);
		wq->wrid = NULL;
		return err;
	}
	wq->buf = buf;
	pthread_spin_init(&wq->lock, PTHREAD_PROCESS_PRIVATE);
	wq->lock_live = 1;
	return 0;
}

/* A queue the QP does not have: no ring, only the lock (struct rnic_wq). */
static void rnic_wq_none(struct rnic_wq *wq)
{
	memset(wq, 0, sizeof(*wq));
	pthread_spin_init(&wq->lock, PTHREAD_PROCESS_PRIVATE);
	wq->lock_live = 1;
}

/* Frees what rnic_wq_alloc or rnic_wq_none set up, and nothing else (a
 * zeroed queue is left alone). */
static void rnic_wq_free(struct rnic_context *ctx, struct rnic_wq *wq)
{
	if (wq->buf) {
		rnic_dma_free(ctx, wq->buf, wq->bytes, wq->iova);
		wq->buf = NULL;
	}
	free(wq->wrid);
	wq->wrid = NULL;
	if (wq->lock_live) {
		pthread_spin_destroy(&wq->lock);
		wq->lock_live = 0;
	}
}

/*
 * Queue pairs of every type, from an ibv_qp_init_attr_ex (ibv_create_qp
 * and ibv_create_qp_ex). ibv_create_qp(3), ibv_create_qp_ex(3):
 *  - RC, UC, UD, RAW_PACKET: the PD, both CQs, a send queue, and a
 *    receive queue or an SRQ (not an XRC SRQ: those are reached through an
 *    XRC target only); with an SRQ the receive capabilities are ignored. A
 *    RAW_PACKET QP sends whole Ethernet frames and receives the frames
 *    flow steering rules give it (rnic_flow.c), on its RQ or its SRQ.
 *  - XRC_SEND (an XRC initiator): the PD, the send CQ and a send queue;
 *    recv_cq, srq and the receive capabilities are ignored (it receives
 *    nothing) and read back as NULL and 0.
 *  - XRC_RECV (an XRC target): the XRC domain (IBV_QP_INIT_ATTR_XRCD) and
 *    nothing else; pd, both CQs, srq and every capability are ignored and
 *    read back as NULL and 0. Its receives come from the XRC SRQs of the
 *    domain that each request names, and complete on their CQs.
 * A RAW_PACKET QP may take TSO work requests: IBV_QP_INIT_ATTR_MAX_TSO_HEADER
 * with max_tso_header 1 .. MAX_TSO_HEADER (tso_caps.supported_qpts names
 * RAW_PACKET only, so another type with a non-zero max_tso_header is
 * EINVAL). Its send WQE stride then holds the control segment, the largest
 * template (rounded up to 16, send_wqe.tso_hdr_sz) and max_send_sge data
 * segments, for every WR: the max_send_sge written back is what fits
 * beside the template, as mlx5 counts the template in its send overhead.
 */
static struct ibv_qp *rnic_qp_create(struct rnic_context *ctx, struct ibv_qp_init_attr_ex *attr)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS], hw_type, qpn;
	uint32_t max_wr = (uint32_t)1 << ctx->log_max_wqe, sq_room, rq_room, log_sq_stride = 0,
		 log_rq_stride = 0;
	const int ini = attr->qp_type == IBV_QPT_XRC_SEND, tgt = attr->qp_type == IBV_QPT_XRC_RECV;
	struct ibv_context *context = &ctx->vctx.context;
	struct ibv_qp_cap *cap = &attr->cap;
	struct ibv_pd *pd = tgt ? NULL : attr->pd;
	struct ibv_cq *scq = tgt ? NULL : attr->send_cq;
	struct ibv_cq *rcq = ini || tgt ? NULL : attr->recv_cq;
	struct rnic_srq *srq = ini || tgt ? NULL : (struct rnic_srq *)attr->srq;
	struct rnic_xrcd *xrcd = tgt ? (struct rnic_xrcd *)attr->xrcd : NULL;
	const int has_rq = !ini && !tgt && !srq; /* a receive ring of its own */
	const uint32_t tso_hdr =
		attr->comp_mask & IBV_QP_INIT_ATTR_MAX_TSO_HEADER ? attr->max_tso_header : 0;
	const uint64_t send_ops =
		attr->comp_mask & IBV_QP_INIT_ATTR_SEND_OPS_FLAGS ? attr->send_ops_flags : 0;
	struct rnic_qp *qp;
	int err;

	err = rnic_qp_type_to_hw(attr->qp_type, &hw_type);
	if (!err && tgt && (!(attr->comp_mask & IBV_QP_INIT_ATTR_XRCD) || !xrcd ||
			    xrcd->ibxrcd.context != context))
		err = EINVAL;
	if (!err && !tgt &&
	    (!(attr->comp_mask & IBV_QP_INIT_ATTR_PD) || !pd || pd->context != context || !scq ||
	     (!ini && !rcq) || cap->max_send_wr > max_wr || cap->max_send_sge > ctx->max_send_sge ||
	     cap->max_inline_data > ctx->max_inline ||
	     (srq && (srq->ibsrq.context != context || srq->xrcd))))
		err = EINVAL;
	if (!err && has_rq && (cap->max_recv_wr > max_wr || cap->max_recv_sge > ctx->max_recv_sge))
		err = EINVAL;
	if (!err && tso_hdr && (attr->qp_type != IBV_QPT_RAW_PACKET || tso_hdr > RNIC_MAX_TSO_HEADER))
		err = EINVAL;
	/* ibv_wr_post(3): QP creation fails if the QP does not support all
	 * the requested work request types (a TSO builder also needs the
	 * header room of max_tso_header) */
	if (!err && (send_ops & ~rnic_qp_send_ops_mask(attr->qp_type) ||
		     ((send_ops & IBV_QP_EX_WITH_TSO) && !tso_hdr) ||
		     (tgt && (attr->comp_mask & IBV_QP_INIT_ATTR_SEND_OPS_FLAGS))))
		err = EOPNOTSUPP; /* an XRC target has no send queue to post to */
	if (err) {
		errno = err;
		return NULL;
	}
	if (!tgt) {
		/* Strides: the control segment plus room for the SGEs (after
		 * the TSO header template, if any) or the inline bytes,
		 * rounded up to a power of two; what fits is reported back. */
		sq_room = rnic_tso_hdr_room(tso_hdr) + RNIC_DATA_SEG_BYTES * cap->max_send_sge;
		if (cap->max_inline_data > sq_room)
			sq_room = cap->max_inline_data;
		log_sq_stride = rnic_log2_ceil(RNIC_SEND_WQE_BYTES + sq_room);
		if (((uint32_t)1 << log_sq_stride) < RNIC_SEND_WQE_MIN_STRIDE)
			log_sq_stride = rnic_log2_ceil(RNIC_SEND_WQE_MIN_STRIDE);
	}
	if (has_rq)
		log_rq_stride = rnic_log2_ceil(RNIC_RECV_WQE_BYTES +
					       RNIC_DATA_SEG_BYTES * cap->max_recv_sge);
	if (((uint32_t)1 << log_sq_stride) > RNIC_SEND_WQE_MAX_STRIDE ||
	    ((uint32_t)1 << log_rq_stride) > RNIC_RECV_WQE_MAX_STRIDE) {
		errno = EINVAL;
		return NULL;
	}

	qp = calloc(1, sizeof(*qp));
	if (!qp) {
		errno = ENOMEM;
		return NULL;
	}
	qp->ctx = ctx;
	if (tgt)
		rnic_wq_none(&qp->sq);
	else
		err = rnic_wq_alloc(ctx, &qp->sq, cap->max_send_wr, log_sq_stride);
	if (!err && has_rq)
		err = rnic_wq_alloc(ctx, &qp->rq, cap->max_recv_wr, log_rq_stride);
	else if (!err)
		rnic_wq_none(&qp->rq); /* ibv_post_recv refuses work */
	if (err)
		goto fail;
	if (!tgt) {
		sq_room = ((uint32_t)1 << log_sq_stride) - RNIC_SEND_WQE_BYTES;
		qp->sq.max_sge = (sq_room - rnic_tso_hdr_room(tso_hdr)) / RNIC_DATA_SEG_BYTES;
		if (qp->sq.max_sge > ctx->max_send_sge)
			qp->sq.max_sge = ctx->max_send_sge;
		qp->max_inline = sq_room < ctx->max_inline ? sq_room : ctx->max_inline;
	}
	if (has_rq) {
		rq_room = ((uint32_t)1 << log_rq_stride) - RNIC_RECV_WQE_BYTES;
		qp->rq.max_sge = rq_room / RNIC_DATA_SEG_BYTES;
		if (qp->rq.max_sge > ctx->max_recv_sge)
			qp->rq.max_sge = ctx->max_recv_sge;
	}

	/* Fields a QP type does not have stay 0 (the firmware ignores them). */
	rnic_cmd_create_qp_in_set_type(in, hw_type);
	if (tgt) {
		rnic_cmd_create_qp_in_set_xrcdn(in, xrcd->xrcdn);
	} else {
		rnic_cmd_create_qp_in_set_sq_sig_all(in, attr->sq_sig_all ? 1 : 0);
		rnic_cmd_create_qp_in_set_pdn(in, ((struct rnic_pd *)pd)->pdn);
		rnic_cmd_create_qp_in_set_send_cqn(in, ((struct rnic_cq *)scq)->cqn);
		rnic_cmd_create_qp_in_set_log_sq_size(in, qp->sq.log_cnt);
		rnic_cmd_create_qp_in_set_log_sq_stride(in, qp->sq.log_stride);
		rnic_cmd_create_qp_in_set_sq_base(in, qp->sq.iova);
	}
	if (rcq)
		rnic_cmd_create_qp_in_set_recv_cqn(in, ((struct rnic_cq *)rcq)->cqn);
	rnic_cmd_create_qp_in_set_srq_en(in, srq ? 1 : 0);
	rnic_cmd_create_qp_in_set_srqn(in, srq ? srq->srqn : 0);
	rnic_cmd_create_qp_in_set_log_rq_size(in, qp->rq.log_cnt);
	rnic_cmd_create_qp_in_set_log_rq_stride(in, qp->rq.log_stride);
	rnic_cmd_create_qp_in_set_rq_base(in, qp->rq.iova);
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_CREATE_QP, 0, in, out);
	if (err)
		goto fail;
	qpn = rnic_cmd_out_get_handle(out);
	qp->max_tso_header = tso_hdr;
	if (qpn >> ctx->log_qps)
		err = EPROTO; /* a QPN we cannot look up */
	else if (attr->comp_mask & IBV_QP_INIT_ATTR_SEND_OPS_FLAGS)
		err = rnic_wr_init(qp, send_ops);
	if (err) {
		/* give the QP back */
		uint32_t din[RNIC_CMD_IN_WORDS] = {0};

		rnic_cmd_exec(ctx, RNIC_CMD_OP_DESTROY_QP, qpn, din, NULL);
		goto fail;
	}
	qp->sq.db_off = ctx->db_off + RNIC_DB_SQ;
	qp->rq.db_off = ctx->db_off + RNIC_DB_RQ;
	qp->has_srq = srq != NULL;
	qp->srq = srq;
	qp->xrc_tgt = tgt;
	qp->sig_all_flag = attr->sq_sig_all && !tgt ? RNIC_WQE_FLAG_SIGNALED : 0;
	qp->fence_ok = attr->qp_type == IBV_QPT_RC || ini;
	/* checksum offload on raw frames only (IBV_DEVICE_RAW_IP_CSUM; no
	 * IBV_DEVICE_UD_IP_CSUM) */
	qp->csum_ok = attr->qp_type == IBV_QPT_RAW_PACKET;
	qp->sq_sig_all = attr->sq_sig_all;
	/* no opcode at all for an XRC target: ibv_post_send refuses each WR */
	qp->opcode_ok = rnic_qp_opcode_mask(attr->qp_type);
	qp->state = IBV_QPS_RESET;

	cap->max_send_wr = qp->sq.cnt; /* 0 without a send queue */
	cap->max_recv_wr = qp->rq.cnt; /* 0 with an SRQ or on XRC, as max_recv_sge */
	cap->max_send_sge = qp->sq.max_sge;
	cap->max_recv_sge = qp->rq.max_sge;
	cap->max_inline_data = qp->max_inline;
	qp->cap = *cap;

	qp->ibqp.context = context;
	qp->ibqp.qp_context = attr->qp_context;
	qp->ibqp.pd = pd;
	qp->ibqp.send_cq = scq;
	qp->ibqp.recv_cq = rcq;
	qp->ibqp.srq = srq ? &srq->ibsrq : NULL;
	qp->ibqp.handle = qpn;
	qp->ibqp.qp_num = qpn;
	qp->ibqp.state = IBV_QPS_RESET;
	qp->ibqp.qp_type = attr->qp_type;
	pthread_mutex_init(&qp->ibqp.mutex, NULL);
	pthread_cond_init(&qp->ibqp.cond, NULL);
	rnic_obj_link(ctx, &qp->obj, RNIC_OBJ_QP);
	__atomic_store_n(&ctx->qp_table[qpn], qp, __ATOMIC_RELEASE);
	return &qp->ibqp;
fail:
	rnic_wr_fini(qp);
	rnic_wq_free(ctx, &qp->sq);
	rnic_wq_free(ctx, &qp->rq);
	free(qp);
	errno = err;
	return NULL;
}

/* ibv_create_qp(3): RC, UC, UD, RAW_PACKET and XRC_SEND (ibv_create_qp_ex
 * with only IBV_QP_INIT_ATTR_PD lands here too, verbs.h); the capabilities
 * that fit are written back. */
RNIC_EXPORT struct ibv_qp *ibv_create_qp(struct ibv_pd *pd, struct ibv_qp_init_attr *attr)
{
	struct ibv_qp_init_attr_ex ax;
	struct ibv_qp *qp;

	if (!pd || !attr) {
		errno = EINVAL;
		return NULL;
	}
	memset(&ax, 0, sizeof(ax));
	ax.qp_context = attr->qp_context;
	ax.send_cq = attr->send_cq;
	ax.recv_cq = attr->recv_cq;
	ax.srq = attr->srq;
	ax.cap = attr->cap;
	ax.qp_type = attr->qp_type;
	ax.sq_sig_all = attr->sq_sig_all;
	ax.comp_mask = IBV_QP_INIT_ATTR_PD;
	ax.pd = pd;
	qp = rnic_qp_create(rnic_ctx(pd->context), &ax);
	if (qp)
		attr->cap = ax.cap;
	return qp;
}

/* ibv_create_qp_ex(3): the PD, the XRC domain, the TSO header size of a
 * RAW_PACKET QP and the ibv_wr_* operations (ibv_wr_post(3)) are the
 * attributes this device takes (IBV_QP_INIT_ATTR_PD,
 * IBV_QP_INIT_ATTR_XRCD, IBV_QP_INIT_ATTR_MAX_TSO_HEADER, the granted
 * max_tso_header the one asked for, left as it is;
 * IBV_QP_INIT_ATTR_SEND_OPS_FLAGS, rnic_wr.c); create flags and RSS are
 * not offered (EOPNOTSUPP). */
struct ibv_qp *rnic_create_qp_ex(struct ibv_context *context, struct ibv_qp_init_attr_ex *attr)
{
	if (!attr) {
		errno = EINVAL;
		return NULL;
	}
	if ((attr->comp_mask & ~(uint32_t)(IBV_QP_INIT_ATTR_PD | IBV_QP_INIT_ATTR_XRCD |
					   IBV_QP_INIT_ATTR_CREATE_FLAGS |
					   IBV_QP_INIT_ATTR_MAX_TSO_HEADER |
					   IBV_QP_INIT_ATTR_SEND_OPS_FLAGS)) ||
	    ((attr->comp_mask & IBV_QP_INIT_ATTR_CREATE_FLAGS) && attr->create_flags)) {
		errno = EOPNOTSUPP;
		return NULL;
	}
	return rnic_qp_create(rnic_ctx(context), attr);
}

/* dgid bytes 0..7 and 8..15 as the contract's 64-bit fields (byte 0 in
 * bits 7:0, i.e. the bytes in memory order on a little-endian host). */
/* A RoCEv2 address vector over IPv4: the destination GID must be
 * ::ffff:a.b.c.d (and the attribute global); the MAC follows from the
 * address by the rule of include/rnic_addr.h. The MAC comes back as the
 * contract's two fields: bytes 0..1 and bytes 2..5, first byte highest.
 * 0 or EINVAL. */
static int rnic_av_ipv4(const struct ibv_ah_attr *ah, uint32_t *dip, uint32_t *dmac_hi, uint32_t *dmac_lo)
{
	uint8_t mac[6];

	if (!ah->is_global || rnic_gid_to_ipv4(ah->grh.dgid.raw, dip))
		return EINVAL;
	rnic_mac_from_ipv4(*dip, mac);
	*dmac_hi = rnic_mac_hi(mac);
	*dmac_lo = rnic_mac_lo(mac);
	return 0;
}

RNIC_EXPORT struct ibv_ah *ibv_create_ah(struct ibv_pd *pd, struct ibv_ah_attr *attr)
{
	struct rnic_ah *ah;
	int err;

	if (!pd || !attr || attr->port_num != 1) {
		errno = EINVAL;
		return NULL;
	}
	ah = calloc(1, sizeof(*ah));
	if (!ah) {
		errno = ENOMEM;
		return NULL;
	}
	err = rnic_av_ipv4(attr, &ah->dip, &ah->dmac_hi, &ah->dmac_lo);
	if (err) {
		free(ah);
		errno = err;
		return NULL;
	}
	ah->hop_limit = attr->grh.hop_limit;
	ah->tclass = attr->grh.traffic_class;
	ah->ibah.context = pd->context;
	ah->ibah.pd = pd;
	return &ah->ibah;
}

RNIC_EXPORT int ibv_destroy_ah(struct ibv_ah *ah)
{
	free((struct rnic_ah *)ah);
	return 0;
}

/*
 * ibv_init_ah_from_wc(3): the address vector that answers the sender of a
 * received UD datagram. On RoCEv2 over IPv4 the 40 bytes the device
 * scatters ahead of the payload (IBV_WC_GRH) are 20 zero bytes and the
 * packet's IPv4 header (RFC 791 §3.1: TOS at byte 1, TTL at byte 8,
 * source address at bytes 12..15, destination at 16..19), not an IB GRH:
 * the reply goes to ::ffff:<source> with the packet's TOS and TTL, from
 * the local GID that holds ::ffff:<destination> (index 0), as rdma-core
 * builds it for a RoCEv2 IPv4 packet. Without IBV_WC_GRH the vector is
 * the local one (is_global 0). 0, or -1 with errno (EINVAL: a GRH area
 * that holds no IPv4 header, or a destination that is not this port's
 * address).
 */
RNIC_EXPORT int ibv_init_ah_from_wc(struct ibv_context *context, uint8_t port_num,
				    struct ibv_wc *wc, struct ibv_grh *grh,
				    struct ibv_ah_attr *ah_attr)
{
	const uint8_t *ip = (const uint8_t *)grh + 20;
	union ibv_gid sgid;

	memset(ah_attr, 0, sizeof(*ah_attr));
	ah_attr->dlid = wc->slid;
	ah_attr->sl = wc->sl;
	ah_attr->src_path_bits = wc->dlid_path_bits;
	ah_attr->port_num = port_num;
	if (!(wc->wc_flags & IBV_WC_GRH))
		return 0;
	ah_attr->is_global = 1;
	if ((ip[0] >> 4) != 4) {
		errno = EINVAL;
		return -1;
	}
	if (ibv_query_gid(context, port_num, 0, &sgid))
		return -1;
	if (memcmp(&sgid.raw[12], &ip[16], 4) != 0) {
		errno = EINVAL; /* not addressed to this port */
		return -1;
	}
	ah_attr->grh.dgid.raw[10] = 0xff;
	ah_attr->grh.dgid.raw[11] = 0xff;
	memcpy(&ah_attr->grh.dgid.raw[12], &ip[12], 4);
	ah_attr->grh.sgid_index = 0;
	ah_attr->grh.hop_limit = ip[8];
	ah_attr->grh.traffic_class = ip[1];
	return 0;
}

/* ibv_create_ah_from_wc(3): ibv_init_ah_from_wc, then ibv_create_ah. */
RNIC_EXPORT struct ibv_ah *ibv_create_ah_from_wc(struct ibv_pd *pd, struct ibv_wc *wc,
						 struct ibv_grh *grh, uint8_t port_num)
{
	struct ibv_ah_attr a;

	if (ibv_init_ah_from_wc(pd->context, port_num, wc, grh, &a))
		return NULL;
	return ibv_create_ah(pd, &a);
}

/* ibv_resolve_eth_l2_from_gid: the Ethernet destination of an address
 * vector, as a RoCE provider needs it: the MAC of the IPv4 address in the
 * IPv4-mapped destination GID (include/rnic_addr.h: the simulated network
 * has no ARP; the MAC follows from the address) and no VLAN (vid 0xffff:
 * none, as rdma-core reports an untagged device). 0, or a negative errno
 * as rdma-core returns it (-EINVAL: not an IPv4-mapped global address;
 * the errors of ibv_query_gid for the source GID index). */
RNIC_EXPORT int ibv_resolve_eth_l2_from_gid(struct ibv_context *context,
					    struct ibv_ah_attr *attr, uint8_t eth_mac[6],
					    uint16_t *vid)
{
	uint32_t dip, hi, lo;
	union ibv_gid sgid;

	/* ibv_query_gid answers -1 with errno; this call answers -errno */
	if (ibv_query_gid(context, attr->port_num, attr->grh.sgid_index, &sgid))
		return errno ? -errno : -EINVAL;
	if (rnic_av_ipv4(attr, &dip, &hi, &lo))
		return -EINVAL;
	rnic_mac_from_ipv4(dip, eth_mac);
	if (vid)
		*vid = 0xffff;
	return 0;
}

static uint64_t rnic_gid_half(const uint8_t *b)
{
	uint64_t v;

	memcpy(&v, b, sizeof(v));
	return le64toh(v);
}

static void rnic_gid_half_put(uint8_t *b, uint64_t v)
{
	v = htole64(v);
	memcpy(b, &v, sizeof(v));
}

RNIC_EXPORT int ibv_modify_qp(struct ibv_qp *ibqp, struct ibv_qp_attr *attr, int attr_mask)
{
	struct rnic_qp *qp = (struct rnic_qp *)ibqp;
	struct rnic_context *ctx = qp->ctx;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, mask = (uint32_t)attr_mask, access = 0;
	int err;

	if (attr_mask < 0 || (mask & ~(uint32_t)RNIC_QP_ATTR_MASK_SUPPORTED))
		return EINVAL;
	rnic_cmd_qp_attr_set_attr_mask(in, mask);
	if (mask & IBV_QP_STATE)
		rnic_cmd_qp_attr_set_qp_state(in, attr->qp_state);
	if (mask & IBV_QP_CUR_STATE)
		rnic_cmd_qp_attr_set_cur_qp_state(in, attr->cur_qp_state);
	if (mask & IBV_QP_EN_SQD_ASYNC_NOTIFY)
		rnic_cmd_qp_attr_set_en_sqd_async_notify(in, attr->en_sqd_async_notify ? 1 : 0);
	if (mask & IBV_QP_ACCESS_FLAGS) {
		if (rnic_access_from_ibv(attr->qp_access_flags, &access))
			return EINVAL;
		rnic_cmd_qp_attr_set_access(in, access);
	}
	if (mask & IBV_QP_PKEY_INDEX)
		rnic_cmd_qp_attr_set_pkey_index(in, attr->pkey_index);
	if (mask & IBV_QP_PORT)
		rnic_cmd_qp_attr_set_port_num(in, attr->port_num);
	if (mask & IBV_QP_QKEY)
		rnic_cmd_qp_attr_set_qkey(in, attr->qkey);
	if (mask & IBV_QP_AV) {
		const struct ibv_ah_attr *ah = &attr->ah_attr;
		const uint8_t *g = ah->grh.dgid.raw;
		uint32_t dip, dmac_hi, dmac_lo;

		if (rnic_av_ipv4(ah, &dip, &dmac_hi, &dmac_lo))
			return EINVAL;
		rnic_cmd_qp_attr_set_dmac_lo(in, dmac_lo);
		rnic_cmd_qp_attr_set_dmac_hi(in, dmac_hi);
		rnic_cmd_qp_attr_set_dgid_hi(in, rnic_gid_half(g));
		rnic_cmd_qp_attr_set_dgid_lo(in, rnic_gid_half(g + 8));
		rnic_cmd_qp_attr_set_sgid_index(in, ah->grh.sgid_index);
		rnic_cmd_qp_attr_set_hop_limit(in, ah->grh.hop_limit);
		rnic_cmd_qp_attr_set_traffic_class(in, ah->grh.traffic_class);
		rnic_cmd_qp_attr_set_flow_label(in, ah->grh.flow_label);
		rnic_cmd_qp_attr_set_sl(in, ah->sl);
		rnic_cmd_qp_attr_set_is_global(in, 1);
	}
	if (mask & IBV_QP_PATH_MTU)
		rnic_cmd_qp_attr_set_path_mtu(in, attr->path_mtu);
	if (mask & IBV_QP_TIMEOUT)
		rnic_cmd_qp_attr_set_timeout(in, attr->timeout);
	if (mask & IBV_QP_RETRY_CNT)
		rnic_cmd_qp_attr_set_retry_cnt(in, attr->retry_cnt);
	if (mask & IBV_QP_RNR_RETRY)
		rnic_cmd_qp_attr_set_rnr_retry(in, attr->rnr_retry);
	if (mask & IBV_QP_RQ_PSN)
		rnic_cmd_qp_attr_set_rq_psn(in, attr->rq_psn);
	if (mask & IBV_QP_MAX_QP_RD_ATOMIC)
		rnic_cmd_qp_attr_set_max_rd_atomic(in, attr->max_rd_atomic);
	if (mask & IBV_QP_MIN_RNR_TIMER)
		rnic_cmd_qp_attr_set_min_rnr_timer(in, attr->min_rnr_timer);
	if (mask & IBV_QP_SQ_PSN)
		rnic_cmd_qp_attr_set_sq_psn(in, attr->sq_psn);
	if (mask & IBV_QP_MAX_DEST_RD_ATOMIC)
		rnic_cmd_qp_attr_set_max_dest_rd_atomic(in, attr->max_dest_rd_atomic);
	if (mask & IBV_QP_DEST_QPN)
		rnic_cmd_qp_attr_set_dest_qpn(in, attr->dest_qp_num);
	if (mask & IBV_QP_CAP) {
		rnic_cmd_qp_attr_set_cap_max_send_wr(in, attr->cap.max_send_wr);
		rnic_cmd_qp_attr_set_cap_max_recv_wr(in, attr->cap.max_recv_wr);
		rnic_cmd_qp_attr_set_cap_max_send_sge(in, attr->cap.max_send_sge);
		rnic_cmd_qp_attr_set_cap_max_recv_sge(in, attr->cap.max_recv_sge);
		rnic_cmd_qp_attr_set_cap_max_inline(in, attr->cap.max_inline_data);
	}

	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_MODIFY_QP, qp->ibqp.qp_num, in, NULL);
	if (!err && (mask & IBV_QP_STATE)) {
		/* Hold both queues so no post races with the index reset. */
		pthread_spin_lock(&qp->sq.lock);
		pthread_spin_lock(&qp->rq.lock);
		/* A QP context written in RESET (or RESET -> INIT) starts
		 * its queues from index 0, and so does the library. */
		if (attr->qp_state == IBV_QPS_RESET ||
		    (attr->qp_state == IBV_QPS_INIT && qp->state == IBV_QPS_RESET)) {
			qp->sq.pi = 0;
			qp->rq.pi = 0;
			__atomic_store_n(&qp->sq.ci, 0, __ATOMIC_RELAXED);
			__atomic_store_n(&qp->rq.ci, 0, __ATOMIC_RELAXED);
		}
		__atomic_store_n(&qp->state, (int)attr->qp_state, __ATOMIC_RELEASE);
		qp->ibqp.state = attr->qp_state;
		pthread_spin_unlock(&qp->rq.lock);
		pthread_spin_unlock(&qp->sq.lock);
		/* ERR flushes the posted receives; RESET ends that */
		if (attr->qp_state == IBV_QPS_ERR)
			rnic_rq_flush(qp);
		else if (attr->qp_state == IBV_QPS_RESET && qp->rq_flushing)
			rnic_rq_flush_stop(qp);
	}
	return err;
}

RNIC_EXPORT int ibv_query_qp(struct ibv_qp *ibqp, struct ibv_qp_attr *attr, int attr_mask,
			     struct ibv_qp_init_attr *init_attr)
{
	struct rnic_qp *qp = (struct rnic_qp *)ibqp;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	int err;

	(void)attr_mask; /* every attribute is returned */
	err = rnic_cmd_exec(qp->ctx, RNIC_CMD_OP_QUERY_QP, ibqp->qp_num, in, out);
	if (err)
		return err;
	memset(attr, 0, sizeof(*attr));
	attr->qp_state = (enum ibv_qp_state)rnic_cmd_qp_attr_get_qp_state(out);
	attr->cur_qp_state = attr->qp_state;
	attr->path_mtu = (enum ibv_mtu)rnic_cmd_qp_attr_get_path_mtu(out);
	attr->path_mig_state = IBV_MIG_MIGRATED;
	attr->qkey = rnic_cmd_qp_attr_get_qkey(out);
	attr->rq_psn = rnic_cmd_qp_attr_get_rq_psn(out);
	attr->sq_psn = rnic_cmd_qp_attr_get_sq_psn(out);
	attr->dest_qp_num = rnic_cmd_qp_attr_get_dest_qpn(out);
	attr->qp_access_flags = rnic_access_to_ibv(rnic_cmd_qp_attr_get_access(out));
	attr->cap = qp->cap;
	attr->ah_attr.is_global = (uint8_t)rnic_cmd_qp_attr_get_is_global(out);
	rnic_gid_half_put(attr->ah_attr.grh.dgid.raw, rnic_cmd_qp_attr_get_dgid_hi(out));
	rnic_gid_half_put(attr->ah_attr.grh.dgid.raw + 8, rnic_cmd_qp_attr_get_dgid_lo(out));
	attr->ah_attr.grh.flow_label = rnic_cmd_qp_attr_get_flow_label(out);
	attr->ah_attr.grh.sgid_index = (uint8_t)rnic_cmd_qp_attr_get_sgid_index(out);
	attr->ah_attr.grh.hop_limit = (uint8_t)rnic_cmd_qp_attr_get_hop_limit(out);
	attr->ah_attr.grh.traffic_class = (uint8_t)rnic_cmd_qp_attr_get_traffic_class(out);
	attr->ah_attr.sl = (uint8_t)rnic_cmd_qp_attr_get_sl(out);
	attr->ah_attr.port_num = (uint8_t)rnic_cmd_qp_attr_get_port_num(out);
	attr->pkey_index = (uint16_t)rnic_cmd_qp_attr_get_pkey_index(out);
	attr->en_sqd_async_notify = (uint8_t)rnic_cmd_qp_attr_get_en_sqd_async_notify(out);
	attr->sq_draining = (uint8_t)rnic_cmd_qp_attr_get_sq_draining(out);
	attr->max_rd_atomic = (uint8_t)rnic_cmd_qp_attr_get_max_rd_atomic(out);
	attr->max_dest_rd_atomic = (uint8_t)rnic_cmd_qp_attr_get_max_dest_rd_atomic(out);
	attr->min_rnr_timer = (uint8_t)rnic_cmd_qp_attr_get_min_rnr_timer(out);
	attr->port_num = attr->ah_attr.port_num;
	attr->timeout = (uint8_t)rnic_cmd_qp_attr_get_timeout(out);
	attr->retry_cnt = (uint8_t)rnic_cmd_qp_attr_get_retry_cnt(out);
	attr->rnr_retry = (uint8_t)rnic_cmd_qp_attr_get_rnr_retry(out);
	if (init_attr) {
		memset(init_attr, 0, sizeof(*init_attr));
		init_attr->qp_context = ibqp->qp_context;
		init_attr->send_cq = ibqp->send_cq;
		init_attr->recv_cq = ibqp->recv_cq;
		init_attr->srq = ibqp->srq;
		init_attr->cap = qp->cap;
		init_attr->qp_type = ibqp->qp_type;
		init_attr->sq_sig_all = qp->sq_sig_all;
	}
	return 0;
}

static int rnic_qp_destroy(struct rnic_qp *qp, int force)
{
	struct rnic_context *ctx = qp->ctx;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = rnic_cmd_exec(ctx, RNIC_CMD_OP_DESTROY_QP, qp->ibqp.qp_num, in, NULL);

	if (err && !force)
		return err;
	__atomic_store_n(&ctx->qp_table[qp->ibqp.qp_num], NULL, __ATOMIC_RELEASE);
	rnic_obj_unlink(ctx, &qp->obj);
	/* off its receive CQ's flush list (when the whole context goes, the
	 * CQs go with it) */
	if (!force && qp->rq_flushing)
		rnic_rq_flush_stop(qp);
	if (!force)
		rnic_async_drain(&qp->ibqp.mutex, &qp->ibqp.cond, &qp->ibqp.events_completed,
				 &qp->async_events);
	rnic_wr_fini(qp);
	rnic_wq_free(ctx, &qp->sq);
	rnic_wq_free(ctx, &qp->rq);
	pthread_mutex_destroy(&qp->ibqp.mutex);
	pthread_cond_destroy(&qp->ibqp.cond);
	free(qp);
	return err;
}

/* ibv_destroy_qp(3): EBUSY (the QP stays) while a flow steering rule
 * steers frames to it: destroy the flows first, as Linux requires. */
RNIC_EXPORT int ibv_destroy_qp(struct ibv_qp *qp)
{
	struct rnic_context *ctx = rnic_ctx(qp->context);
	int err;

	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_qp_destroy((struct rnic_qp *)qp, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}

/* ibv_attach_mcast(3), ibv_detach_mcast(3): the device joins no
 * multicast group (ibv_query_device reports max_mcast_grp 0); EOPNOTSUPP. */
RNIC_EXPORT int ibv_attach_mcast(struct ibv_qp *qp, const union ibv_gid *gid, uint16_t lid)
{
	(void)qp;
	(void)gid;
	(void)lid;
	return EOPNOTSUPP;
}

RNIC_EXPORT int ibv_detach_mcast(struct ibv_qp *qp, const union ibv_gid *gid, uint16_t lid)
{
	(void)qp;
	(void)gid;
	(void)lid;
	return EOPNOTSUPP;
}

/* ibv_set_ece(3), ibv_query_ece(3): enhanced connection establishment
 * options are vendor extensions of the CM this device does not have;
 * EOPNOTSUPP as rdma-core answers for a provider without them. */
RNIC_EXPORT int ibv_set_ece(struct ibv_qp *qp, struct ibv_ece *ece)
{
	(void)qp;
	(void)ece;
	return EOPNOTSUPP;
}

RNIC_EXPORT int ibv_query_ece(struct ibv_qp *qp, struct ibv_ece *ece)
{
	(void)qp;
	(void)ece;
	return EOPNOTSUPP;
}

/* ibv_query_qp_data_in_order(3): 1 only where the device guarantees that
 * the data of one WQE lands in order. The responder issues its DMA writes
 * in packet order, but a board's host bridge may reorder posted writes
 * (PCIe relaxed ordering) and the contract does not promise more: 0 for
 * every operation, which tells the reader to wait for the completion. */
RNIC_EXPORT int ibv_query_qp_data_in_order(struct ibv_qp *qp, enum ibv_wr_opcode op,
					   uint32_t flags)
{
	(void)qp;
	(void)op;
	(void)flags;
	return 0;
}

/* ------------------------------------------------------------------ */
/* shared receive queues                                               */

/* XRC SRQs by number (ctx->xsrq_table): enters srq as srqn (srq NULL:
 * removes the entry), the leaf allocated under cmd_lock on first use; 0 or
 * ENOMEM. */
static int rnic_xsrq_store(struct rnic_context *ctx, uint32_t srqn, struct rnic_srq *srq)
{
	struct rnic_srq ***slot = &ctx->xsrq_table[srqn >> RNIC_XSRQ_LEAF_LOG];
	struct rnic_srq **leaf;

	pthread_mutex_lock(&ctx->cmd_lock);
	leaf = *slot;
	if (!leaf && !srq) {
		pthread_mutex_unlock(&ctx->cmd_lock);
		return 0; /* nothing stored there */
	}
	if (!leaf) {
		leaf = calloc((size_t)1 << RNIC_XSRQ_LEAF_LOG, sizeof(*leaf));
		if (leaf)
			__atomic_store_n(slot, leaf, __ATOMIC_RELEASE);
	}
	if (leaf)
		__atomic_store_n(&leaf[srqn & ((1u << RNIC_XSRQ_LEAF_LOG) - 1u)], srq,
				 __ATOMIC_RELEASE);
	pthread_mutex_unlock(&ctx->cmd_lock);
	return leaf ? 0 : ENOMEM;
}

void rnic_xsrq_table_free(struct rnic_context *ctx)
{
	for (uint32_t i = 0; i < RNIC_XSRQ_LEAVES; i++) {
		free(ctx->xsrq_table[i]);
		ctx->xsrq_table[i] = NULL;
	}
}

/*
 * ibv_create_srq(3): max_wr and max_sge are what the caller needs at least;
 * the ring holds max_wr rounded up to a power of two, its stride is the
 * receive WQE header plus max_sge data segments rounded up to a power of
 * two, and what fits is written back. The limits are those QUERY_DEVICE
 * reports as max_srq_wr and max_srq_sge (2^LOG_MAX_WQE and MAX_RECV_SGE),
 * read here from the CAP_LOG_DEPTH and CAP_SGE registers. With xrcd (and
 * then cq) the SRQ is an XRC SRQ (ibv_create_srq_ex(3), IBV_SRQT_XRC): XRC
 * target QPs of that domain take its WQEs, and its receive completions go
 * to cq.
 */
static struct ibv_srq *rnic_srq_create(struct ibv_pd *pd, void *srq_context,
				       struct ibv_srq_attr *sa, struct rnic_xrcd *xrcd,
				       struct ibv_cq *cq)
{
	struct rnic_context *ctx = rnic_ctx(pd->context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS], log_stride, srqn;
	struct rnic_srq *srq;
	int err;

	if (sa->max_wr < 1 || sa->max_wr > ((uint32_t)1 << ctx->log_max_wqe) || sa->max_sge < 1 ||
	    sa->max_sge > ctx->max_recv_sge) {
		errno = EINVAL;
		return NULL;
	}
	log_stride = rnic_log2_ceil(RNIC_RECV_WQE_BYTES + RNIC_DATA_SEG_BYTES * sa->max_sge);
	if (((uint32_t)1 << log_stride) > RNIC_RECV_WQE_MAX_STRIDE) {
		errno = EINVAL;
		return NULL;
	}
	srq = calloc(1, sizeof(*srq));
	if (!srq) {
		errno = ENOMEM;
		return NULL;
	}
	srq->ctx = ctx;
	err = rnic_wq_alloc(ctx, &srq->wq, sa->max_wr, log_stride);
	if (err)
		goto fail;
	srq->done = calloc(srq->wq.cnt, sizeof(*srq->done));
	if (!srq->done) {
		err = ENOMEM;
		goto fail;
	}
	srq->wq.max_sge = (((uint32_t)1 << log_stride) - RNIC_RECV_WQE_BYTES) / RNIC_DATA_SEG_BYTES;
	if (srq->wq.max_sge > ctx->max_recv_sge)
		srq->wq.max_sge = ctx->max_recv_sge;
	srq->wq.db_off = ctx->db_off + RNIC_DB_SRQ;

	rnic_cmd_create_srq_in_set_pdn(in, ((struct rnic_pd *)pd)->pdn);
	rnic_cmd_create_srq_in_set_log_size(in, srq->wq.log_cnt);
	rnic_cmd_create_srq_in_set_log_stride(in, srq->wq.log_stride);
	rnic_cmd_create_srq_in_set_base(in, srq->wq.iova);
	rnic_cmd_create_srq_in_set_limit(in, sa->srq_limit);
	if (xrcd) {
		rnic_cmd_create_srq_in_set_xrc(in, 1);
		rnic_cmd_create_srq_in_set_xrcdn(in, xrcd->xrcdn);
		rnic_cmd_create_srq_in_set_cqn(in, ((struct rnic_cq *)cq)->cqn);
	}
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_CREATE_SRQ, 0, in, out);
	if (err)
		goto fail;
	srqn = rnic_cmd_out_get_handle(out);
	if (srqn == 0 || srqn > RNIC_DB_SRQ_SRQN_MASK)
		err = EPROTO; /* an SRQ number the doorbell cannot carry */
	else if (xrcd)
		err = rnic_xsrq_store(ctx, srqn, srq);
	if (err) {
		/* give it back */
		uint32_t din[RNIC_CMD_IN_WORDS] = {0};

		rnic_cmd_exec(ctx, RNIC_CMD_OP_DESTROY_SRQ, srqn, din, NULL);
		goto fail;
	}
	srq->srqn = srqn;
	srq->xrcd = xrcd;
	sa->max_wr = srq->wq.cnt;
	sa->max_sge = srq->wq.max_sge;

	srq->ibsrq.context = pd->context;
	srq->ibsrq.srq_context = srq_context;
	srq->ibsrq.pd = pd;
	srq->ibsrq.handle = srqn;
	srq->ibsrq.events_completed = 0;
	pthread_mutex_init(&srq->ibsrq.mutex, NULL);
	pthread_cond_init(&srq->ibsrq.cond, NULL);
	rnic_obj_link(ctx, &srq->obj, RNIC_OBJ_SRQ);
	return &srq->ibsrq;
fail:
	free(srq->done);
	rnic_wq_free(ctx, &srq->wq);
	free(srq);
	errno = err;
	return NULL;
}

RNIC_EXPORT struct ibv_srq *ibv_create_srq(struct ibv_pd *pd, struct ibv_srq_init_attr *attr)
{
	if (!pd || !attr) {
		errno = EINVAL;
		return NULL;
	}
	return rnic_srq_create(pd, attr->srq_context, &attr->attr, NULL, NULL);
}

/*
 * ibv_create_srq_ex(3): a basic SRQ (IBV_SRQT_BASIC, or no
 * IBV_SRQ_INIT_ATTR_TYPE) as ibv_create_srq, or an XRC SRQ (IBV_SRQT_XRC),
 * which needs its XRC domain and CQ (IBV_SRQ_INIT_ATTR_XRCD,
 * IBV_SRQ_INIT_ATTR_CQ) besides the PD every SRQ needs; for a basic SRQ
 * xrcd and cq are ignored. Tag-matching SRQs are not offered (EOPNOTSUPP).
 * The inline ibv_create_srq_ex sends a basic SRQ with only PD (and TYPE)
 * to ibv_create_srq itself.
 */
struct ibv_srq *rnic_create_srq_ex(struct ibv_context *context, struct ibv_srq_init_attr_ex *attr)
{
	const uint32_t known = IBV_SRQ_INIT_ATTR_TYPE | IBV_SRQ_INIT_ATTR_PD |
			       IBV_SRQ_INIT_ATTR_XRCD | IBV_SRQ_INIT_ATTR_CQ;
	enum ibv_srq_type type;
	struct rnic_xrcd *xrcd;

	if (!attr) {
		errno = EINVAL;
		return NULL;
	}
	type = attr->comp_mask & IBV_SRQ_INIT_ATTR_TYPE ? attr->srq_type : IBV_SRQT_BASIC;
	if ((attr->comp_mask & ~known) || type == IBV_SRQT_TM) {
		errno = EOPNOTSUPP;
		return NULL;
	}
	if ((type != IBV_SRQT_BASIC && type != IBV_SRQT_XRC) ||
	    !(attr->comp_mask & IBV_SRQ_INIT_ATTR_PD) || !attr->pd || attr->pd->context != context) {
		errno = EINVAL;
		return NULL;
	}
	if (type == IBV_SRQT_BASIC)
		return rnic_srq_create(attr->pd, attr->srq_context, &attr->attr, NULL, NULL);
	xrcd = (struct rnic_xrcd *)attr->xrcd;
	if (!(attr->comp_mask & IBV_SRQ_INIT_ATTR_XRCD) || !(attr->comp_mask & IBV_SRQ_INIT_ATTR_CQ) ||
	    !xrcd || xrcd->ibxrcd.context != context || !attr->cq || attr->cq->context != context) {
		errno = EINVAL;
		return NULL;
	}
	return rnic_srq_create(attr->pd, attr->srq_context, &attr->attr, xrcd, attr->cq);
}

/* ibv_get_srq_num(3): the number an XRC initiator names the SRQ by
 * (ibv_send_wr.qp_type.xrc.remote_srqn); any SRQ has one. */
int rnic_get_srq_num(struct ibv_srq *ibsrq, uint32_t *srq_num)
{
	if (!ibsrq || !srq_num)
		return EINVAL;
	*srq_num = ((struct rnic_srq *)ibsrq)->srqn;
	return 0;
}

/* ibv_modify_srq(3): only the limit can change; IBV_SRQ_MAX_WR (resizing)
 * is refused, as the device does not report IBV_DEVICE_SRQ_RESIZE. */
RNIC_EXPORT int ibv_modify_srq(struct ibv_srq *ibsrq, struct ibv_srq_attr *attr, int attr_mask)
{
	struct rnic_srq *srq = (struct rnic_srq *)ibsrq;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};

	if (attr_mask != IBV_SRQ_LIMIT)
		return EINVAL;
	rnic_cmd_srq_attr_set_mask(in, IBV_SRQ_LIMIT);
	rnic_cmd_srq_attr_set_limit(in, attr->srq_limit);
	return rnic_cmd_exec(srq->ctx, RNIC_CMD_OP_MODIFY_SRQ, srq->srqn, in, NULL);
}

RNIC_EXPORT int ibv_query_srq(struct ibv_srq *ibsrq, struct ibv_srq_attr *attr)
{
	struct rnic_srq *srq = (struct rnic_srq *)ibsrq;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	int err;

	err = rnic_cmd_exec(srq->ctx, RNIC_CMD_OP_QUERY_SRQ, srq->srqn, in, out);
	if (err)
		return err;
	attr->max_wr = rnic_cmd_srq_attr_get_max_wr(out);
	attr->max_sge = srq->wq.max_sge; /* the library's stride, not kept by the device */
	attr->srq_limit = rnic_cmd_srq_attr_get_limit(out);
	return 0;
}

/* DESTROY_SRQ answers BUSY while QPs use the SRQ: ibv_destroy_srq returns
 * EBUSY and the SRQ stays usable. An XRC SRQ (no QP is attached to one)
 * leaves the lookup table first: receive CQEs still naming it are dropped
 * by poll_cq. */
static int rnic_srq_destroy(struct rnic_srq *srq, int force)
{
	struct rnic_context *ctx = srq->ctx;
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = rnic_cmd_exec(ctx, RNIC_CMD_OP_DESTROY_SRQ, srq->srqn, in, NULL);

	if (err && !force)
		return err;
	if (srq->xrcd)
		(void)rnic_xsrq_store(ctx, srq->srqn, NULL); /* removal: cannot fail */
	rnic_obj_unlink(ctx, &srq->obj);
	if (!force)
		rnic_async_drain(&srq->ibsrq.mutex, &srq->ibsrq.cond, &srq->ibsrq.events_completed,
				 &srq->async_events);
	rnic_wq_free(ctx, &srq->wq);
	free(srq->done);
	pthread_mutex_destroy(&srq->ibsrq.mutex);
	pthread_cond_destroy(&srq->ibsrq.cond);
	free(srq);
	return err;
}

RNIC_EXPORT int ibv_destroy_srq(struct ibv_srq *srq)
{
	struct rnic_context *ctx = rnic_ctx(srq->context);
	int err;

	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_srq_destroy((struct rnic_srq *)srq, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}

/* ibv_close_device: free whatever the application left, flow steering
 * rules first (they name QPs, and the device refuses to destroy a QP a rule
 * still steers to), then QPs (they reference SRQs, CQs, PDs and XRC
 * domains), then SRQs (they reference PDs, and XRC SRQs their domain and
 * CQ), XRC domains, MWs, MRs and CQs, then PDs. Device errors are ignored: FREE_UCTX follows and releases the
 * device side. */
void rnic_resource_release_all(struct rnic_context *ctx)
{
	static const enum rnic_obj_kind order[] = {RNIC_OBJ_FLOW, RNIC_OBJ_QP, RNIC_OBJ_SRQ,
						   RNIC_OBJ_XRCD, RNIC_OBJ_MW, RNIC_OBJ_MR,
						   RNIC_OBJ_CQ, RNIC_OBJ_PD};
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		struct rnic_obj *o = ctx->objs.next, *next;

		for (; o != &ctx->objs; o = next) {
			next = o->next;
			if (o->kind != order[i])
				continue;
			switch (o->kind) {
			case RNIC_OBJ_FLOW:
				rnic_flow_destroy((struct rnic_flow *)((uint8_t *)o -
								       offsetof(struct rnic_flow, obj)),
						  1);
				break;
			case RNIC_OBJ_QP:
				rnic_qp_destroy((struct rnic_qp *)((uint8_t *)o -
								   offsetof(struct rnic_qp, obj)),
						1);
				break;
			case RNIC_OBJ_SRQ:
				rnic_srq_destroy((struct rnic_srq *)((uint8_t *)o -
								     offsetof(struct rnic_srq, obj)),
						 1);
				break;
			case RNIC_OBJ_XRCD:
				rnic_xrcd_destroy((struct rnic_xrcd *)((uint8_t *)o -
								       offsetof(struct rnic_xrcd, obj)),
						  1);
				break;
			case RNIC_OBJ_MW:
				rnic_mw_destroy((struct rnic_mw *)((uint8_t *)o -
								   offsetof(struct rnic_mw, obj)),
						1);
				break;
			case RNIC_OBJ_MR:
				rnic_mr_destroy((struct rnic_mr *)((uint8_t *)o -
								   offsetof(struct rnic_mr, obj)),
						1);
				break;
			case RNIC_OBJ_CQ:
				rnic_cq_destroy((struct rnic_cq *)((uint8_t *)o -
								   offsetof(struct rnic_cq, obj)),
						1);
				break;
			case RNIC_OBJ_PD:
				rnic_pd_destroy((struct rnic_pd *)((uint8_t *)o -
								   offsetof(struct rnic_pd, obj)),
						1);
				break;
			}
		}
	}
}
