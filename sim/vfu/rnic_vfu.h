/*
 * rnic_vfu: a small vfio-user server for the simulated NIC.
 *
 * One server listens on one UNIX socket and serves one client at a time; a
 * new client may connect after the previous one went away (a client that
 * connects while another is served is accepted and closed at once). The
 * server is single-threaded and poll-friendly: wait for POLLIN on
 * rnic_vfu_fd() (an epoll descriptor that stays the same for the server's
 * life), then call rnic_vfu_process(), which handles what is readable and
 * returns without waiting for more input.
 *
 * The device model supplies callbacks for region (BAR) accesses, reset and
 * disconnect. The device reaches host memory with rnic_vfu_dma_read/write.
 *
 * DMA convention. The client announces each window with DMA_MAP:
 *  - fd-backed window (an fd in the message): the server mmaps the fd at the
 *    message's offset and reaches the memory through that mapping;
 *  - fd-less window (ordinary malloc/stack/mmap memory): the IOVA IS the
 *    client's virtual address. The server reads and writes it with
 *    process_vm_readv/process_vm_writev on the client's pid (from
 *    SO_PEERCRED), one system call per access and no message round trip.
 *    The client must allow the server to ptrace-access it (same uid; with
 *    Yama ptrace_scope 1 the client calls prctl(PR_SET_PTRACER, server pid),
 *    which the rnic vfio-user client backend does).
 * Windows may overlap (verbs allows registering the same memory twice); an
 * access must lie wholly inside one window whose flags allow it, otherwise
 * it is refused with EFAULT and counted in dma_faults. DMA_UNMAP removes the
 * window with exactly that address and size.
 *
 * Interrupts are MSI-X vectors (IRQ index 2); SET_IRQS routes each to an
 * eventfd and rnic_vfu_irq_trigger writes it. Masked vectors latch a pending
 * bit delivered on unmask.
 *
 * All functions return 0 or a positive errno value; none aborts.
 */
#ifndef RNIC_VFU_H
#define RNIC_VFU_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct rnic_vfu;

struct rnic_vfu_ops {
	/* Region (BAR) accesses from the client: region index, offset, length
	 * (1..VFU_MAX_DATA_XFER, within the region). Return 0 or an errno,
	 * which the client receives in an error reply, or RNIC_VFU_DEFER: the
	 * device answers later with rnic_vfu_complete (a read then supplies
	 * its data there, not in buf). Until then the server reads no further
	 * message of the client. A posted write (rnic_vfu_posted) gets no
	 * reply, so RNIC_VFU_DEFER for it means only "accepted". */
	int (*region_read)(void *ctx, unsigned region, uint64_t off, void *buf, size_t len);
	int (*region_write)(void *ctx, unsigned region, uint64_t off, const void *buf,
			    size_t len);
	/* DEVICE_RESET from the client (may be NULL). */
	void (*reset)(void *ctx);
	/* The client connected (may be NULL). */
	void (*connect)(void *ctx, pid_t client_pid);
	/* The client went away or was dropped; the DMA table and interrupt
	 * routes are already cleared (may be NULL). */
	void (*disconnect)(void *ctx);
};

/* Region callbacks return this to answer later (see rnic_vfu_ops). */
#define RNIC_VFU_DEFER (-1)
/* PCI regions 0..8 and one device-specific region, index 9. */
#define RNIC_VFU_MAX_REGIONS 10u

struct rnic_vfu_config {
	/* Size of each region (PCI region indexes 0..8, then the
	 * device-specific region 9); 0 = absent. BAR0 is index 0. The device
	 * reports 10 regions when region 9 exists, else 9. */
	uint64_t region_size[RNIC_VFU_MAX_REGIONS];
	/* MSI-X vectors offered (at most 256). */
	unsigned num_irqs;
};

struct rnic_vfu_stats {
	uint64_t msgs;          /* commands handled */
	uint64_t bad_msgs;      /* malformed or unknown commands (error replied) */
	uint64_t dma_faults;    /* DMA accesses refused */
	uint64_t dma_reads;     /* DMA reads done */
	uint64_t dma_writes;    /* DMA writes done */
	uint64_t irqs;          /* interrupts delivered to an eventfd */
	uint64_t irqs_dropped;  /* triggers with no eventfd routed */
	uint64_t connects;      /* clients accepted */
	uint64_t rejected;      /* clients turned away while one was served */
};

/* Create the socket at `path` (an existing socket file there is replaced)
 * and start listening. ops and ctx are kept; cfg is copied. */
int rnic_vfu_create(const char *path, const struct rnic_vfu_config *cfg,
		    const struct rnic_vfu_ops *ops, void *ctx, struct rnic_vfu **out);
/* Disconnect the client, close and unlink the socket, free everything. */
void rnic_vfu_destroy(struct rnic_vfu *srv);

/* The descriptor to poll for POLLIN (stable for the server's life). */
int rnic_vfu_fd(const struct rnic_vfu *srv);
/* Accept a client and handle every complete message that is readable, then
 * return. Never waits for input; a reply that cannot be sent within 1 s
 * drops the client. Returns 0 (also when the client went away, which the
 * disconnect callback reports) or an errno for a server-side failure. */
int rnic_vfu_process(struct rnic_vfu *srv);
/* Wait up to timeout_ms (-1: forever) for input, then rnic_vfu_process. */
int rnic_vfu_run_once(struct rnic_vfu *srv, int timeout_ms);

/* Answer the deferred region access: err 0 or an errno; a read's data
 * (the access's length) in data. EINVAL when nothing is deferred; a reply
 * that cannot be sent drops the client. */
int rnic_vfu_complete(struct rnic_vfu *srv, int err, const void *data, size_t len);
/* 1 while a region access waits for rnic_vfu_complete. */
int rnic_vfu_pending(const struct rnic_vfu *srv);
/* Inside a region callback: 1 when the access is a posted write. */
int rnic_vfu_posted(const struct rnic_vfu *srv);

/* 1 when a client is connected and has completed VERSION negotiation. */
int rnic_vfu_connected(const struct rnic_vfu *srv);
/* 1 from the moment a client's connection is accepted, negotiated or not. */
int rnic_vfu_attached(const struct rnic_vfu *srv);
/* The connected client's pid, or 0. */
pid_t rnic_vfu_client_pid(const struct rnic_vfu *srv);
/* Drop the current client (as if it had disconnected). */
void rnic_vfu_disconnect(struct rnic_vfu *srv);

/* Device-side DMA: copy len bytes between buf and IOVA iova. EFAULT (and
 * dma_faults counted) if any byte is outside a window that allows the
 * access, or the client memory is gone; ENOTCONN with no client. */
int rnic_vfu_dma_read(struct rnic_vfu *srv, uint64_t iova, void *buf, size_t len);
int rnic_vfu_dma_write(struct rnic_vfu *srv, uint64_t iova, const void *buf, size_t len);

/* Raise MSI-X vector `vector`: write the eventfd routed to it. EINVAL for a
 * vector out of range; ENOENT (counted in irqs_dropped) when none is routed;
 * a masked vector is latched pending and 0 returned. */
int rnic_vfu_irq_trigger(struct rnic_vfu *srv, unsigned vector);

void rnic_vfu_get_stats(const struct rnic_vfu *srv, struct rnic_vfu_stats *st);

#ifdef __cplusplus
}
#endif

#endif /* RNIC_VFU_H */
