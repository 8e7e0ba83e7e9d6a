/*
 * Pure helpers of the kernel VFIO backend, kept apart from the ioctls so
 * they can be unit-tested on a machine without a VFIO device: PCI address
 * and IOMMU group path handling, the VFIO_IOMMU_GET_INFO capability chain,
 * and the IOVA allocator.
 */
#ifndef RNIC_VFIO_UTIL_H
#define RNIC_VFIO_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* An IOVA range, both ends inclusive (as struct vfio_iova_range). */
struct rnic_iova_range {
	uint64_t start;
	uint64_t last;
};

/* 0 when addr is a full PCI address "DDDD:BB:DD.F" (hex domain, bus,
 * device < 0x20, function < 8), else EINVAL. */
int rnic_vfio_pci_addr_check(const char *addr);

/* The group number from an iommu_group link target ("../../kernel/
 * iommu_groups/17" -> 17). EINVAL when the last component is not a number. */
int rnic_vfio_group_parse(const char *link_target, unsigned *group);

/* "/dev/vfio/<group>" for the device at <sysfs_root>/bus/pci/devices/<addr>.
 * EINVAL for a bad address, ENODEV when the device or its group link does
 * not exist, ENAMETOOLONG when buf is too small. */
int rnic_vfio_group_path(const char *sysfs_root, const char *pci_addr, char *buf, size_t len);

/*
 * Walk the capability chain of a struct vfio_iommu_type1_info of `len`
 * bytes and copy the ranges of its IOVA-range capability into out (at most
 * max). *n gets the number of ranges copied. ENOENT when there is no such
 * capability, EINVAL for a malformed chain (an offset outside the buffer, a
 * loop, a truncated entry), E2BIG when more than max ranges are listed.
 */
int rnic_vfio_parse_iova_ranges(const void *info, size_t len, struct rnic_iova_range *out,
				size_t max, size_t *n);

/*
 * Page-granular first-fit IOVA allocator over a set of usable ranges. It
 * never hands out IOVA page 0. The free list is a sorted array of disjoint
 * extents with a fixed capacity, so alloc and free never allocate memory.
 */
struct rnic_iova_alloc {
	struct rnic_iova_range *free; /* sorted, disjoint, page-aligned */
	size_t n;
	size_t cap;
	uint64_t page;
};

/* page must be a power of two; cap bounds the number of free extents. */
int rnic_iova_alloc_init(struct rnic_iova_alloc *a, const struct rnic_iova_range *r, size_t nr,
			 uint64_t page, size_t cap);
void rnic_iova_alloc_fini(struct rnic_iova_alloc *a);
/* Reserve len bytes (rounded up to pages); ENOSPC when no extent fits. */
int rnic_iova_alloc_get(struct rnic_iova_alloc *a, uint64_t len, uint64_t *iova);
/* Return a reservation; EINVAL if misaligned or not wholly reserved, ENOSPC
 * if the free list is full (the range then stays reserved). */
int rnic_iova_alloc_put(struct rnic_iova_alloc *a, uint64_t iova, uint64_t len);

#endif /* RNIC_VFIO_UTIL_H */
