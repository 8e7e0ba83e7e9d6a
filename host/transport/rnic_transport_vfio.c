/*
 * Kernel VFIO backend: a board bound to vfio-pci, reached through the VFIO
 * container/group/device API (Documentation/driver-api/vfio.rst) with a
 * type-1 IOMMU.
 *
 * BAR0 is mmapped, so t->bar0 is set and doorbells are plain 32-bit stores.
 * DMA windows get IOVAs from a page-granular allocator over the ranges that
 * VFIO_IOMMU_GET_INFO reports (IOVA-range capability); the device address of
 * a byte is its window's IOVA plus the byte's offset in the page-widened
 * window. Interrupts are MSI-X vectors routed to eventfds.
 */
#define _GNU_SOURCE
#include "rnic_transport.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rnic_contract.h"
#include "rnic_vfio_util.h"

#define VFIO_MAX_IOVA_RANGES 64
#define VFIO_FREE_EXTENTS 4096
/* Used when the kernel reports no IOVA-range capability (before Linux 5.4):
 * 1 MiB up to the 39-bit width every VT-d/AMD-Vi IOMMU supports. */
#define VFIO_DEFAULT_IOVA_START 0x100000ull
#define VFIO_DEFAULT_IOVA_LAST ((1ull << 39) - 1)

struct vfio_transport {
	struct rnic_transport t;
	int container;
	int group;
	int device;
	uint64_t bar0_offset; /* region offset of BAR0 in the device fd */
	size_t bar0_map_len;
	uint64_t page;
	pthread_mutex_t lock; /* IOVA allocator and the eventfd table */
	struct rnic_iova_alloc iova;
	int *efd;
};

static struct vfio_transport *vfio_of(struct rnic_transport *t)
{
	return (struct vfio_transport *)t;
}

static int vfio_region(struct vfio_transport *vt, unsigned index, struct vfio_region_info *ri)
{
	memset(ri, 0, sizeof(*ri));
	ri->argsz = sizeof(*ri);
	ri->index = index;
	if (ioctl(vt->device, VFIO_DEVICE_GET_REGION_INFO, ri) != 0)
		return errno;
	return 0;
}

static int vfio_region_read(struct rnic_transport *t, unsigned region, uint64_t off, void *buf,
			    size_t len)
{
	struct vfio_transport *vt = vfio_of(t);
	struct vfio_region_info ri;
	int err;

	if (len == 0)
		return EINVAL;
	if (region == VFIO_PCI_BAR0_REGION_INDEX && t->bar0 && off < t->bar0_size &&
	    len <= t->bar0_size - off && (len == 4 || len == 8) && off % len == 0) {
		/* One bus read of the register's width. */
		if (len == 4) {
			uint32_t v = *(volatile uint32_t *)((volatile uint8_t *)t->bar0 + off);
			memcpy(buf, &v, 4);
		} else {
			uint64_t v = *(volatile uint64_t *)((volatile uint8_t *)t->bar0 + off);
			memcpy(buf, &v, 8);
		}
		return 0;
	}
	err = vfio_region(vt, region, &ri);
	if (err)
		return err;
	if (off >= ri.size || len > ri.size - off)
		return EINVAL;
	if (pread(vt->device, buf, len, (off_t)(ri.offset + off)) != (ssize_t)len)
		return errno ? errno : EIO;
	return 0;
}

static int vfio_region_write(struct rnic_transport *t, unsigned region, uint64_t off,
			     const void *buf, size_t len)
{
	struct vfio_transport *vt = vfio_of(t);
	struct vfio_region_info ri;
	int err;

	if (len == 0)
		return EINVAL;
	if (region == VFIO_PCI_BAR0_REGION_INDEX && t->bar0 && off < t->bar0_size &&
	    len <= t->bar0_size - off && (len == 4 || len == 8) && off % len == 0) {
		if (len == 4) {
			uint32_t v;
			memcpy(&v, buf, 4);
			*(volatile uint32_t *)((volatile uint8_t *)t->bar0 + off) = v;
		} else {
			uint64_t v;
			memcpy(&v, buf, 8);
			*(volatile uint64_t *)((volatile uint8_t *)t->bar0 + off) = v;
		}
		return 0;
	}
	err = vfio_region(vt, region, &ri);
	if (err)
		return err;
	if (off >= ri.size || len > ri.size - off)
		return EINVAL;
	if (pwrite(vt->device, buf, len, (off_t)(ri.offset + off)) != (ssize_t)len)
		return errno ? errno : EIO;
	return 0;
}

static int vfio_doorbell(struct rnic_transport *t, uint64_t off, uint32_t value)
{
	struct vfio_transport *vt = vfio_of(t);

	if (off % 4 || off >= t->bar0_size)
		return EINVAL;
	if (t->bar0) {
		*(volatile uint32_t *)((volatile uint8_t *)t->bar0 + off) = value;
		return 0;
	}
	if (pwrite(vt->device, &value, 4, (off_t)(vt->bar0_offset + off)) != 4)
		return errno ? errno : EIO;
	return 0;
}

static int vfio_dma_map(struct rnic_transport *t, void *vaddr, size_t len, uint64_t *iova)
{
	struct vfio_transport *vt = vfio_of(t);
	uint64_t va = (uint64_t)(uintptr_t)vaddr;
	uint64_t start, end, base;
	struct vfio_iommu_type1_dma_map m;
	int err;

	if (!vaddr || len == 0 || !iova || va + len < va)
		return EINVAL;
	start = va & ~(vt->page - 1);
	end = (va + len + vt->page - 1) & ~(vt->page - 1);
	pthread_mutex_lock(&vt->lock);
	err = rnic_iova_alloc_get(&vt->iova, end - start, &base);
	pthread_mutex_unlock(&vt->lock);
	if (err)
		return err;
	memset(&m, 0, sizeof(m));
	m.argsz = sizeof(m);
	m.flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE;
	m.vaddr = start;
	m.iova = base;
	m.size = end - start;
	if (ioctl(vt->container, VFIO_IOMMU_MAP_DMA, &m) != 0) {
		err = errno;
		pthread_mutex_lock(&vt->lock);
		rnic_iova_alloc_put(&vt->iova, base, end - start);
		pthread_mutex_unlock(&vt->lock);
		return err;
	}
	*iova = base + (va - start);
	return 0;
}

static int vfio_dma_unmap(struct rnic_transport *t, uint64_t iova, size_t len)
{
	struct vfio_transport *vt = vfio_of(t);
	struct vfio_iommu_type1_dma_unmap u;
	uint64_t base, end;

	if (len == 0 || iova + len < iova)
		return EINVAL;
	/* The in-page offset of the IOVA is the one of the mapped address. */
	base = iova & ~(vt->page - 1);
	end = (iova + len + vt->page - 1) & ~(vt->page - 1);
	memset(&u, 0, sizeof(u));
	u.argsz = sizeof(u);
	u.iova = base;
	u.size = end - base;
	if (ioctl(vt->container, VFIO_IOMMU_UNMAP_DMA, &u) != 0)
		return errno;
	if (u.size != end - base)
		return EINVAL;
	pthread_mutex_lock(&vt->lock);
	rnic_iova_alloc_put(&vt->iova, base, end - base);
	pthread_mutex_unlock(&vt->lock);
	return 0;
}

/* Route every vector at once: vfio-pci sizes the MSI-X allocation on the
 * first enable, so the whole table is (re)programmed on each change. */
static int vfio_set_irq_eventfd(struct rnic_transport *t, unsigned vector, int efd)
{
	struct vfio_transport *vt = vfio_of(t);
	size_t sz = sizeof(struct vfio_irq_set) + sizeof(int) * t->num_irqs;
	struct vfio_irq_set *s;
	int any = 0, err = 0, old;

	if (vector >= t->num_irqs || efd < -1)
		return EINVAL;
	s = calloc(1, sz);
	if (!s)
		return ENOMEM;
	pthread_mutex_lock(&vt->lock);
	old = vt->efd[vector];
	vt->efd[vector] = efd;
	for (unsigned i = 0; i < t->num_irqs; i++)
		any |= vt->efd[i] >= 0;
	s->argsz = (uint32_t)sz;
	s->index = VFIO_PCI_MSIX_IRQ_INDEX;
	s->start = 0;
	if (any) {
		s->flags = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
		s->count = t->num_irqs;
		memcpy(s->data, vt->efd, sizeof(int) * t->num_irqs);
	} else {
		/* DATA_NONE with count 0 disables MSI-X. */
		s->argsz = sizeof(*s);
		s->flags = VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER;
		s->count = 0;
	}
	if (ioctl(vt->device, VFIO_DEVICE_SET_IRQS, s) != 0) {
		err = errno;
		vt->efd[vector] = old;
	}
	pthread_mutex_unlock(&vt->lock);
	free(s);
	return err;
}

static void vfio_release(struct vfio_transport *vt)
{
	if (vt->t.bar0)
		munmap((void *)vt->t.bar0, vt->bar0_map_len);
	if (vt->device >= 0)
		close(vt->device);
	if (vt->group >= 0)
		close(vt->group);
	if (vt->container >= 0)
		close(vt->container);
	rnic_iova_alloc_fini(&vt->iova);
	pthread_mutex_destroy(&vt->lock);
	free(vt->efd);
	free(vt);
}

static void vfio_close(struct rnic_transport *t)
{
	if (t)
		vfio_release(vfio_of(t));
}

static const struct rnic_transport_ops vfio_ops = {
	.region_read = vfio_region_read,
	.region_write = vfio_region_write,
	.doorbell = vfio_doorbell,
	.dma_map = vfio_dma_map,
	.dma_unmap = vfio_dma_unmap,
	.set_irq_eventfd = vfio_set_irq_eventfd,
	.close = vfio_close,
};

/* Container: API version, a type-1 IOMMU, then the usable IOVA ranges. */
static int vfio_setup_iommu(struct vfio_transport *vt)
{
	struct vfio_iommu_type1_info probe = { .argsz = sizeof(probe) };
	struct rnic_iova_range ranges[VFIO_MAX_IOVA_RANGES];
	struct vfio_iommu_type1_info *info;
	size_t nr = 0;
	int type, err;

	if (ioctl(vt->container, VFIO_CHECK_EXTENSION, VFIO_TYPE1v2_IOMMU) == 1)
		type = VFIO_TYPE1v2_IOMMU;
	else if (ioctl(vt->container, VFIO_CHECK_EXTENSION, VFIO_TYPE1_IOMMU) == 1)
		type = VFIO_TYPE1_IOMMU;
	else
		return ENODEV;
	if (ioctl(vt->group, VFIO_GROUP_SET_CONTAINER, &vt->container) != 0)
		return errno;
	if (ioctl(vt->container, VFIO_SET_IOMMU, type) != 0)
		return errno;
	/* First call learns the size the capability chain needs. */
	if (ioctl(vt->container, VFIO_IOMMU_GET_INFO, &probe) != 0)
		return errno;
	vt->page = (uint64_t)sysconf(_SC_PAGESIZE);
	if ((probe.flags & VFIO_IOMMU_INFO_PGSIZES) && probe.iova_pgsizes) {
		uint64_t smallest = probe.iova_pgsizes & -probe.iova_pgsizes;

		if (smallest > vt->page)
			vt->page = smallest;
	}
	info = calloc(1, probe.argsz > sizeof(probe) ? probe.argsz : sizeof(probe));
	if (!info)
		return ENOMEM;
	info->argsz = probe.argsz > sizeof(probe) ? probe.argsz : sizeof(probe);
	if (ioctl(vt->container, VFIO_IOMMU_GET_INFO, info) != 0) {
		err = errno;
		free(info);
		return err;
	}
	err = rnic_vfio_parse_iova_ranges(info, info->argsz, ranges, VFIO_MAX_IOVA_RANGES, &nr);
	free(info);
	if (err == ENOENT) {
		ranges[0].start = VFIO_DEFAULT_IOVA_START;
		ranges[0].last = VFIO_DEFAULT_IOVA_LAST;
		nr = 1;
	} else if (err) {
		return err;
	}
	return rnic_iova_alloc_init(&vt->iova, ranges, nr, vt->page, VFIO_FREE_EXTENTS);
}

/* Device: BAR0 mapped, bus mastering on, MSI-X vector count. */
static int vfio_setup_device(struct vfio_transport *vt)
{
	struct vfio_device_info di = { .argsz = sizeof(di) };
	struct vfio_irq_info ii = { .argsz = sizeof(ii), .index = VFIO_PCI_MSIX_IRQ_INDEX };
	struct vfio_region_info ri;
	uint16_t cmd;
	int err;

	if (ioctl(vt->device, VFIO_DEVICE_GET_INFO, &di) != 0)
		return errno;
	if (!(di.flags & VFIO_DEVICE_FLAGS_PCI) || di.num_regions <= VFIO_PCI_CONFIG_REGION_INDEX ||
	    di.num_irqs <= VFIO_PCI_MSIX_IRQ_INDEX)
		return ENODEV;
	err = vfio_region(vt, VFIO_PCI_BAR0_REGION_INDEX, &ri);
	if (err)
		return err;
	if (ri.size < RNIC_BAR0_SIZE)
		return ENODEV;
	vt->t.bar0_size = ri.size;
	vt->bar0_offset = ri.offset;
	if (ri.flags & VFIO_REGION_INFO_FLAG_MMAP) {
		void *p = mmap(NULL, (size_t)ri.size, PROT_READ | PROT_WRITE, MAP_SHARED,
			       vt->device, (off_t)ri.offset);

		if (p == MAP_FAILED)
			return errno;
		vt->t.bar0 = p;
		vt->bar0_map_len = (size_t)ri.size;
	}
	/* Command register (config offset 0x04): bit 1 memory space enable,
	 * bit 2 bus master enable (PCIe Base 3.0 section 7.5.1.1). */
	err = vfio_region(vt, VFIO_PCI_CONFIG_REGION_INDEX, &ri);
	if (err)
		return err;
	if (pread(vt->device, &cmd, 2, (off_t)(ri.offset + 4)) != 2)
		return errno ? errno : EIO;
	cmd |= (1u << 1) | (1u << 2);
	if (pwrite(vt->device, &cmd, 2, (off_t)(ri.offset + 4)) != 2)
		return errno ? errno : EIO;
	if (ioctl(vt->device, VFIO_DEVICE_GET_IRQ_INFO, &ii) != 0)
		return errno;
	if (!(ii.flags & VFIO_IRQ_INFO_EVENTFD) || ii.count == 0)
		return ENODEV;
	vt->t.num_irqs = ii.count;
	vt->efd = malloc(sizeof(int) * ii.count);
	if (!vt->efd)
		return ENOMEM;
	for (unsigned i = 0; i < ii.count; i++)
		vt->efd[i] = -1;
	return 0;
}

int rnic_transport_open_vfio(const char *pci_addr, struct rnic_transport **out)
{
	struct vfio_group_status gs = { .argsz = sizeof(gs) };
	struct vfio_transport *vt;
	char group_path[64];
	int err;

	if (!out || rnic_vfio_pci_addr_check(pci_addr))
		return EINVAL;
	err = rnic_vfio_group_path("/sys", pci_addr, group_path, sizeof(group_path));
	if (err)
		return err;
	vt = calloc(1, sizeof(*vt));
	if (!vt)
		return ENOMEM;
	vt->container = vt->group = vt->device = -1;
	vt->t.ops = &vfio_ops;
	pthread_mutex_init(&vt->lock, NULL);

	vt->container = open("/dev/vfio/vfio", O_RDWR | O_CLOEXEC);
	if (vt->container < 0) {
		err = errno == ENOENT ? ENODEV : errno;
		goto fail;
	}
	if (ioctl(vt->container, VFIO_GET_API_VERSION) != VFIO_API_VERSION) {
		err = ENOTSUP;
		goto fail;
	}
	vt->group = open(group_path, O_RDWR | O_CLOEXEC);
	if (vt->group < 0) {
		err = errno == ENOENT ? ENODEV : errno;
		goto fail;
	}
	if (ioctl(vt->group, VFIO_GROUP_GET_STATUS, &gs) != 0) {
		err = errno;
		goto fail;
	}
	/* Every device of the group must be bound to vfio (or no driver). */
	if (!(gs.flags & VFIO_GROUP_FLAGS_VIABLE)) {
		err = EBUSY;
		goto fail;
	}
	err = vfio_setup_iommu(vt);
	if (err)
		goto fail;
	vt->device = ioctl(vt->group, VFIO_GROUP_GET_DEVICE_FD, pci_addr);
	if (vt->device < 0) {
		err = errno;
		goto fail;
	}
	err = vfio_setup_device(vt);
	if (err)
		goto fail;
	*out = &vt->t;
	return 0;
fail:
	vfio_release(vt);
	return err;
}
