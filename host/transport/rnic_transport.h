/*
 * rnic transport interface: how the verbs library reaches a device.
 *
 * Two backends implement it: kernel VFIO (a board behind /dev/vfio, type-1
 * IOMMU) and vfio-user (a simulated NIC behind a UNIX socket). The verbs code
 * above sees only this interface. Device DMA uses IOVAs that dma_map
 * returns: the kernel VFIO backend allocates them inside the ranges
 * VFIO_IOMMU_GET_INFO reports; the vfio-user backend returns iova == vaddr
 * (the simulator reaches fd-less regions at that address in the client, see
 * sim/vfu). Queue rings are addressed by IOVA in contexts; WQEs carry the
 * application's virtual addresses, which the device translates through the
 * memory key (mpt.start -> mpt.iova).
 *
 * All functions return 0 or a positive errno value; none aborts.
 */
#ifndef RNIC_TRANSPORT_H
#define RNIC_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

struct rnic_transport;
struct rnic_sim_wait;

struct rnic_transport_ops {
	/* Read or write len bytes of region `region` (0 = BAR0) at offset `off`.
	 * len is 4 or 8 and off is aligned to it for register accesses. */
	int (*region_read)(struct rnic_transport *t, unsigned region, uint64_t off,
			   void *buf, size_t len);
	int (*region_write)(struct rnic_transport *t, unsigned region, uint64_t off,
			    const void *buf, size_t len);
	/* A posted 32-bit write (doorbells): returns once the write is on its
	 * way; no completion is awaited. */
	int (*doorbell)(struct rnic_transport *t, uint64_t off, uint32_t value);
	/* Make [vaddr, vaddr+len) reachable by device DMA; *iova receives the
	 * device address of vaddr. vaddr and len need no alignment (backends
	 * widen to pages as they must). Each map is undone by one unmap with the
	 * returned iova and the same len. */
	int (*dma_map)(struct rnic_transport *t, void *vaddr, size_t len, uint64_t *iova);
	int (*dma_unmap)(struct rnic_transport *t, uint64_t iova, size_t len);
	/* Route interrupt vector `vector` to eventfd `efd` (-1 to disconnect). */
	int (*set_irq_eventfd)(struct rnic_transport *t, unsigned vector, int efd);
	/* Simulated devices only (NULL otherwise): block until the simulator
	 * wakes this client (include/rnic_sim_ctl.h); `bytes` of w are sent. */
	int (*sim_wait)(struct rnic_transport *t, const struct rnic_sim_wait *w, size_t bytes);
	/* Release everything; t is invalid afterwards. */
	void (*close)(struct rnic_transport *t);
};

struct rnic_transport {
	const struct rnic_transport_ops *ops;
	/* BAR0 mapped into this process, or NULL when every access must go
	 * through region_read/region_write/doorbell (vfio-user). */
	volatile void *bar0;
	uint64_t bar0_size;
	/* Number of interrupt vectors the device offers. */
	unsigned num_irqs;
	/* The device is simulated in lockstep: simulated time passes only
	 * while its clients wait on it (sim_wait, or a register access). A
	 * client then never sleeps in wall-clock time for the device. */
	int lockstep;
};

/* Connect to a vfio-user server (a simulated NIC) listening on socket_path. */
int rnic_transport_open_vfio_user(const char *socket_path, struct rnic_transport **out);

/* Open a PCI device bound to vfio-pci, by its address ("0000:01:00.0"). */
int rnic_transport_open_vfio(const char *pci_addr, struct rnic_transport **out);

static inline int rnic_transport_read32(struct rnic_transport *t, uint64_t off, uint32_t *v)
{
	return t->ops->region_read(t, 0, off, v, sizeof(*v));
}

static inline int rnic_transport_write32(struct rnic_transport *t, uint64_t off, uint32_t v)
{
	return t->ops->region_write(t, 0, off, &v, sizeof(v));
}

#endif /* RNIC_TRANSPORT_H */
