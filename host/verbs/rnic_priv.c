/*
 * The private interface for this build's librdmacm (rnic_priv.h): CM
 * commands and a notification vector on a context of this library.
 */
#include <errno.h>

#include "rnic_priv.h"
#include "rnic_verbs.h"

/* vectors 0 and 1 are the command and asynchronous vectors */
#define RNIC_FIRST_SHARED_VECTOR 2u

RNIC_EXPORT int rnic_cm_exec(struct ibv_context *context, uint32_t opcode, uint32_t handle,
			     uint32_t *in, uint32_t *out)
{
	if (!context || !in || opcode < RNIC_CMD_OP_CM_NOTIFY || opcode > RNIC_CMD_OP_CM_ACK_EVENT)
		return EINVAL;
	return rnic_cmd_exec(rnic_ctx(context), opcode, handle, in, out);
}

RNIC_EXPORT int rnic_cm_vector_get(struct ibv_context *context, int efd)
{
	struct rnic_context *ctx;
	uint32_t nvec, v;
	int err;

	if (!context || efd < 0)
		return -EINVAL;
	ctx = rnic_ctx(context);
	nvec = ctx->t->num_irqs < 32 ? ctx->t->num_irqs : 32;
	/* the bitmap is the one CQs with a completion channel take vectors
	 * from (rnic_cq_events_init), under the same lock */
	pthread_mutex_lock(&ctx->cmd_lock);
	for (v = RNIC_FIRST_SHARED_VECTOR; v < nvec && (ctx->vec_used & (1u << v)); v++)
		;
	if (v < nvec)
		ctx->vec_used |= 1u << v;
	pthread_mutex_unlock(&ctx->cmd_lock);
	if (v >= nvec)
		return -ENOMEM;
	err = ctx->t->ops->set_irq_eventfd(ctx->t, v, efd);
	if (err) {
		pthread_mutex_lock(&ctx->cmd_lock);
		ctx->vec_used &= ~(1u << v);
		pthread_mutex_unlock(&ctx->cmd_lock);
		return -err;
	}
	return (int)v;
}

RNIC_EXPORT void rnic_cm_vector_put(struct ibv_context *context, int vector)
{
	struct rnic_context *ctx;

	if (!context || vector < (int)RNIC_FIRST_SHARED_VECTOR || vector >= 32)
		return;
	ctx = rnic_ctx(context);
	ctx->t->ops->set_irq_eventfd(ctx->t, (unsigned)vector, -1);
	pthread_mutex_lock(&ctx->cmd_lock);
	ctx->vec_used &= ~(1u << (unsigned)vector);
	pthread_mutex_unlock(&ctx->cmd_lock);
}
