/*
 * The simulator's control region: how a client of a simulated NIC tells
 * rnic-sim that it is waiting, so that simulated time advances in lockstep
 * with the programs that drive it (see docs/simulator.md, "Lockstep").
 *
 * rnic-sim offers it as vfio-user region RNIC_SIM_CTL_REGION, a
 * device-specific region after the nine PCI ones; a board behind kernel VFIO
 * has no such region, and a client that finds none never waits this way.
 *
 * Only C and C++ programs of this project read this layout (the verbs
 * library and rnic-sim); no RTL sees it.
 */
#ifndef RNIC_SIM_CTL_H
#define RNIC_SIM_CTL_H

#include <stdint.h>

#define RNIC_SIM_CTL_REGION 9u
#define RNIC_SIM_CTL_SIZE 4096u

/* Offset of the wait register: writing a struct rnic_sim_wait there (one
 * region write, not posted) blocks the client until the simulator wakes it.
 * The reply comes when, in simulated time,
 *  - the device writes a byte inside one of the ranges (CQ rings), or
 *  - with RNIC_SIM_WAIT_IRQ, the device raises an interrupt, or
 *  - max_cycles cycles have passed (0: no limit), or
 *  - the device has gone quiet: nothing in flight, so nothing will ever
 *    come without the client acting first.
 * Between the wait and the reply no simulated time passes for this client:
 * its next access happens at the cycle it was woken. */
#define RNIC_SIM_CTL_WAIT 0x0u

#define RNIC_SIM_WAIT_IRQ 0x1u
#define RNIC_SIM_WAIT_MAX_RANGES 64u

struct rnic_sim_wait_range {
	uint64_t iova;
	uint64_t len;
};

struct rnic_sim_wait {
	uint64_t max_cycles;
	uint32_t flags;   /* RNIC_SIM_WAIT_* */
	uint32_t nranges; /* entries of range[] that follow (the write may be shorter) */
	struct rnic_sim_wait_range range[RNIC_SIM_WAIT_MAX_RANGES];
};

/* Bytes of a wait that carries n ranges. */
#define RNIC_SIM_WAIT_BYTES(n) (16u + 16u * (unsigned)(n))

#endif /* RNIC_SIM_CTL_H */
