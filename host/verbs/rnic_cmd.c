/*
 * Command queue: the control path from the verbs library to the firmware.
 *
 * A command is CMD_IN_WORDS input words written into BAR0 slot
 * (pi mod CMDQ_SLOTS), published by writing the new producer index to
 * CMDQ_PI; the firmware answers in the slot's output half and advances
 * CMDQ_CI. One command is in flight per context (cmd_lock).
 */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "rnic_verbs.h"

int rnic_reg_read(struct rnic_context *ctx, uint64_t off, uint32_t *v)
{
	return rnic_transport_read32(ctx->t, off, v);
}

int rnic_reg_write(struct rnic_context *ctx, uint64_t off, uint32_t v)
{
	return rnic_transport_write32(ctx->t, off, v);
}

/* cmd_status -> errno as the verbs calls report it. */
int rnic_cmd_status_errno(uint32_t status)
{
	switch (status) {
	case RNIC_CMD_STATUS_OK:
		return 0;
	case RNIC_CMD_STATUS_BAD_OPCODE:
		return EOPNOTSUPP;
	case RNIC_CMD_STATUS_BAD_PARAM:
	case RNIC_CMD_STATUS_BAD_STATE:
	case RNIC_CMD_STATUS_BAD_MASK:
		return EINVAL;
	case RNIC_CMD_STATUS_BAD_HANDLE:
		/* The verbs report a handle the device does not know as an
		 * invalid argument (ibv_modify_qp(3), ibv_dereg_mr(3)). */
		return EINVAL;
	case RNIC_CMD_STATUS_NO_RESOURCES:
		return ENOMEM;
	case RNIC_CMD_STATUS_BUSY:
		return EBUSY;
	default:
		return EIO;
	}
}

static uint64_t rnic_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Wait for BAR0 STATUS[0] (ready): after a reset the device clears its
 * context tables, and takes no command or doorbell before it is done.
 * Bounded like a command by cmd_timeout_ms (in lockstep, by reads of about
 * 4 simulated cycles each). Returns 0, ETIMEDOUT, EIO when the device reads
 * as gone (all ones), or the transport's errno.
 */
int rnic_wait_ready(struct rnic_context *ctx)
{
	uint64_t deadline = rnic_now_ns() + (uint64_t)ctx->cmd_timeout_ms * 1000000u, polls = 0;
	struct timespec nap = {0, 1000};
	uint32_t status;
	int err;

	for (;;) {
		err = rnic_reg_read(ctx, RNIC_BAR0_STATUS, &status);
		if (err)
			return err;
		if (status == 0xFFFFFFFFu) /* all ones: the device is gone */
			return EIO;
		if (status & 1u) /* [0] ready */
			return 0;
		if (ctx->t->lockstep) {
			if (++polls > (uint64_t)ctx->cmd_timeout_ms * 250000u / 4u)
				return ETIMEDOUT;
			continue;
		}
		if (rnic_now_ns() >= deadline)
			return ETIMEDOUT;
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 1000000)
			nap.tv_nsec *= 2;
	}
}

/*
 * Run one command. `in` holds CMD_IN_WORDS words whose header (opcode, uctx,
 * handle) this function fills; `out` receives CMD_OUT_WORDS words (may be
 * NULL). Returns 0, the errno of the command status, ETIMEDOUT when the
 * firmware does not answer in time, or the transport's errno.
 */
int rnic_cmd_exec(struct rnic_context *ctx, uint32_t opcode, uint32_t handle, uint32_t *in,
		  uint32_t *out)
{
	uint32_t slot_off, pi, ci, i, local_out[RNIC_CMD_OUT_WORDS];
	uint64_t deadline, polls = 0;
	struct timespec nap = {0, 1000};
	int err;

	if (!out)
		out = local_out;
	rnic_cmd_in_set_opcode(in, opcode);
	rnic_cmd_in_set_uctx(in, ctx->uctx);
	rnic_cmd_in_set_handle(in, handle);

	pthread_mutex_lock(&ctx->cmd_lock);
	slot_off = RNIC_CMDQ_BASE + (ctx->cmd_pi % RNIC_CMDQ_SLOTS) * RNIC_CMDQ_SLOT_SIZE;
	for (i = 0; i < RNIC_CMD_IN_WORDS; i++) {
		err = rnic_reg_write(ctx, slot_off + 4u * i, in[i]);
		if (err)
			goto out;
	}
	pi = (ctx->cmd_pi + 1) % RNIC_CMDQ_SLOTS;
	err = rnic_reg_write(ctx, RNIC_BAR0_CMDQ_PI, pi);
	if (err)
		goto out;
	ctx->cmd_pi = pi;

	deadline = rnic_now_ns() + (uint64_t)ctx->cmd_timeout_ms * 1000000u;
	for (;;) {
		err = rnic_reg_read(ctx, RNIC_BAR0_CMDQ_CI, &ci);
		if (err)
			goto out;
		if (ci >= RNIC_CMDQ_SLOTS) { /* all ones: the device is gone */
			err = EIO;
			goto out;
		}
		if (ci == pi)
			break;
		if (ctx->t->lockstep) {
			/* Simulated in lockstep: each read costs simulated
			 * time and none passes while this process sleeps, so
			 * count reads (about 4 cycles each), not nanoseconds. */
			if (++polls > (uint64_t)ctx->cmd_timeout_ms * 250000u / 4u) {
				err = ETIMEDOUT;
				goto out;
			}
			continue;
		}
		if (rnic_now_ns() >= deadline) {
			err = ETIMEDOUT;
			goto out;
		}
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 1000000)
			nap.tv_nsec *= 2;
	}
	for (i = 0; i < RNIC_CMD_OUT_WORDS; i++) {
		err = rnic_reg_read(ctx, slot_off + RNIC_CMDQ_OUT_OFFSET + 4u * i, &out[i]);
		if (err)
			goto out;
	}
	err = rnic_cmd_status_errno(rnic_cmd_out_get_status(out));
out:
	pthread_mutex_unlock(&ctx->cmd_lock);
	return err;
}
