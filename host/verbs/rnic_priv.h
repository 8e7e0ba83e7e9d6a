/*
 * The private interface of this project's libibverbs.so.1 for its
 * librdmacm.so.1 (host/rdmacm): the connection-manager commands of
 * include/rnic.toml (cmd_op CM_NOTIFY .. CM_ACK_EVENT) on a context the
 * verbs library owns, and an interrupt vector of that context routed to an
 * eventfd for the CM notifications.
 *
 * The symbols are in version node RNIC_PRIVATE_1 (libibverbs.map), which
 * no program built against rdma-core's libibverbs references, so the
 * library stays a drop-in replacement. Only librdmacm of the same build
 * may use them: the node changes name when these signatures change.
 */
#ifndef RNIC_PRIV_H
#define RNIC_PRIV_H

#include <infiniband/verbs.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Runs one CM command (opcode RNIC_CMD_OP_CM_*; any other opcode: EINVAL)
 * on the device of `context`, for the context's user context. `in` holds
 * RNIC_CMD_IN_WORDS words (cmd_cm_in; the header words are filled here),
 * `out` receives RNIC_CMD_OUT_WORDS words (may be NULL). Returns 0, the
 * errno of the command status (BUSY: EBUSY, BAD_HANDLE and BAD_STATE:
 * EINVAL, NO_RESOURCES: ENOMEM, BAD_OPCODE: EOPNOTSUPP), ETIMEDOUT or the
 * transport's errno.
 */
int rnic_cm_exec(struct ibv_context *context, uint32_t opcode, uint32_t handle, uint32_t *in,
		 uint32_t *out);

/*
 * Takes a free interrupt vector of the context (from the completion
 * vectors 2.., which CQs with a completion channel share) and routes it to
 * eventfd `efd`. Returns the vector (>= 2), or a negative errno (ENOMEM:
 * every vector is taken).
 */
int rnic_cm_vector_get(struct ibv_context *context, int efd);

/* Disconnects the vector from its eventfd and frees it. */
void rnic_cm_vector_put(struct ibv_context *context, int vector);

/* 1 when this process has the device open (ibv_open_device), else 0: a
 * listener on the any-address goes to a NIC the program already uses. */
int rnic_device_in_use(struct ibv_device *device);

#ifdef __cplusplus
}
#endif

#endif /* RNIC_PRIV_H */
