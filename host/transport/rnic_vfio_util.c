/*
 * Pure helpers of the kernel VFIO backend (see rnic_vfio_util.h).
 */
#define _GNU_SOURCE
#include "rnic_vfio_util.h"

#include <errno.h>
#include <limits.h>
#include <linux/vfio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- PCI address and group path --------------------------------------------- */

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int rnic_vfio_pci_addr_check(const char *addr)
{
	/* Domain(4):Bus(2):Device(2).Function(1), the sysfs spelling. */
	static const char form[] = "hhhh:hh:hh.h";
	int dev, fn;

	if (!addr || strlen(addr) != sizeof(form) - 1)
		return EINVAL;
	for (size_t i = 0; i < sizeof(form) - 1; i++) {
		if (form[i] == 'h' ? hexval(addr[i]) < 0 : addr[i] != form[i])
			return EINVAL;
	}
	dev = hexval(addr[8]) * 16 + hexval(addr[9]);
	fn = hexval(addr[11]);
	if (dev >= 32 || fn >= 8)
		return EINVAL;
	return 0;
}

int rnic_vfio_group_parse(const char *link_target, unsigned *group)
{
	const char *base;
	unsigned long v = 0;

	if (!link_target || !group)
		return EINVAL;
	base = strrchr(link_target, '/');
	base = base ? base + 1 : link_target;
	if (!*base)
		return EINVAL;
	for (const char *p = base; *p; p++) {
		if (*p < '0' || *p > '9')
			return EINVAL;
		v = v * 10 + (unsigned long)(*p - '0');
		if (v > UINT_MAX)
			return EINVAL;
	}
	*group = (unsigned)v;
	return 0;
}

int rnic_vfio_group_path(const char *sysfs_root, const char *pci_addr, char *buf, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX];
	unsigned group;
	ssize_t n;
	int r;

	if (!sysfs_root || !buf)
		return EINVAL;
	if (rnic_vfio_pci_addr_check(pci_addr))
		return EINVAL;
	r = snprintf(link, sizeof(link), "%s/bus/pci/devices/%s/iommu_group", sysfs_root,
		     pci_addr);
	if (r < 0 || (size_t)r >= sizeof(link))
		return ENAMETOOLONG;
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return (errno == ENOENT || errno == ENOTDIR) ? ENODEV : errno;
	target[n] = '\0';
	if (rnic_vfio_group_parse(target, &group))
		return ENODEV;
	r = snprintf(buf, len, "/dev/vfio/%u", group);
	if (r < 0 || (size_t)r >= len)
		return ENAMETOOLONG;
	return 0;
}

/* ---- VFIO_IOMMU_GET_INFO capability chain ------------------------------------- */

int rnic_vfio_parse_iova_ranges(const void *info, size_t len, struct rnic_iova_range *out,
				size_t max, size_t *n)
{
	const uint8_t *b = info;
	struct vfio_iommu_type1_info hdr;
	uint32_t off;
	/* Each capability occupies at least its header, so a chain in len
	 * bytes has fewer than len / 8 entries: more means a loop. */
	size_t steps = len / sizeof(struct vfio_info_cap_header) + 1;

	if (!info || !n || len < sizeof(hdr))
		return EINVAL;
	*n = 0;
	memcpy(&hdr, b, sizeof(hdr));
	if (!(hdr.flags & VFIO_IOMMU_INFO_CAPS) || hdr.cap_offset == 0)
		return ENOENT;
	if (hdr.argsz < len)
		len = hdr.argsz;
	for (off = hdr.cap_offset; off; steps--) {
		struct vfio_info_cap_header ch;

		if (!steps || off < sizeof(hdr) || off > len ||
		    len - off < sizeof(ch) || off % 4)
			return EINVAL;
		memcpy(&ch, b + off, sizeof(ch));
		if (ch.id == VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE) {
			struct vfio_iommu_type1_info_cap_iova_range cr;
			size_t room;

			if (len - off < sizeof(cr))
				return EINVAL;
			memcpy(&cr, b + off, sizeof(cr));
			room = (len - off - sizeof(cr)) / sizeof(struct vfio_iova_range);
			if (cr.nr_iovas > room)
				return EINVAL;
			if (cr.nr_iovas > max)
				return E2BIG;
			for (uint32_t i = 0; i < cr.nr_iovas; i++) {
				struct vfio_iova_range vr;

				memcpy(&vr, b + off + sizeof(cr) + i * sizeof(vr), sizeof(vr));
				if (vr.end < vr.start)
					return EINVAL;
				out[i].start = vr.start;
				out[i].last = vr.end;
			}
			*n = cr.nr_iovas;
			return 0;
		}
		off = ch.next;
	}
	return ENOENT;
}

/* ---- IOVA allocator ---------------------------------------------------------- */

static int range_cmp(const void *x, const void *y)
{
	const struct rnic_iova_range *a = x, *b = y;

	return a->start < b->start ? -1 : a->start > b->start;
}

int rnic_iova_alloc_init(struct rnic_iova_alloc *a, const struct rnic_iova_range *r, size_t nr,
			 uint64_t page, size_t cap)
{
	size_t k = 0;

	if (!a || (!r && nr) || page == 0 || (page & (page - 1)) || cap == 0 || nr > cap)
		return EINVAL;
	a->free = calloc(cap, sizeof(*a->free));
	if (!a->free)
		return ENOMEM;
	a->cap = cap;
	a->page = page;
	for (size_t i = 0; i < nr; i++) {
		uint64_t s = r[i].start, last;

		if (r[i].last < r[i].start)
			continue;
		/* Page-align inwards; keep page 0 out so 0 is never an IOVA. */
		if (s < page)
			s = page;
		if (s + (page - 1) < s)
			continue;
		s = (s + page - 1) & ~(page - 1);
		if (r[i].last == UINT64_MAX) {
			last = UINT64_MAX; /* 2^64 is page-aligned */
		} else {
			uint64_t e = (r[i].last + 1) & ~(page - 1);

			if (e <= s)
				continue;
			last = e - 1;
		}
		if (last < s)
			continue;
		a->free[k].start = s;
		a->free[k].last = last;
		k++;
	}
	qsort(a->free, k, sizeof(*a->free), range_cmp);
	/* Merge overlapping or touching extents. */
	a->n = 0;
	for (size_t i = 0; i < k; i++) {
		struct rnic_iova_range *prev = a->n ? &a->free[a->n - 1] : NULL;

		if (prev && (prev->last == UINT64_MAX || a->free[i].start <= prev->last + 1)) {
			if (a->free[i].last > prev->last)
				prev->last = a->free[i].last;
		} else {
			a->free[a->n++] = a->free[i];
		}
	}
	return 0;
}

void rnic_iova_alloc_fini(struct rnic_iova_alloc *a)
{
	if (!a)
		return;
	free(a->free);
	a->free = NULL;
	a->n = a->cap = 0;
}

int rnic_iova_alloc_get(struct rnic_iova_alloc *a, uint64_t len, uint64_t *iova)
{
	uint64_t sz;

	if (!a || !iova || len == 0 || len + (a->page - 1) < len)
		return EINVAL;
	sz = (len + a->page - 1) & ~(a->page - 1);
	for (size_t i = 0; i < a->n; i++) {
		struct rnic_iova_range *f = &a->free[i];

		/* The extent holds last - start + 1 bytes (can be 2^64). */
		if (f->last - f->start >= sz - 1) {
			*iova = f->start;
			if (f->last - f->start == sz - 1) {
				memmove(f, f + 1, (a->n - i - 1) * sizeof(*f));
				a->n--;
			} else {
				f->start += sz;
			}
			return 0;
		}
	}
	return ENOSPC;
}

int rnic_iova_alloc_put(struct rnic_iova_alloc *a, uint64_t iova, uint64_t len)
{
	uint64_t sz, last;
	size_t i;
	int join_prev, join_next;

	if (!a || len == 0 || (iova & (a->page - 1)) || len + (a->page - 1) < len)
		return EINVAL;
	sz = (len + a->page - 1) & ~(a->page - 1);
	last = iova + sz - 1;
	if (last < iova || iova == 0)
		return EINVAL;
	/* i = first free extent starting after iova. */
	for (i = 0; i < a->n && a->free[i].start <= iova; i++)
		;
	/* The range must not overlap free space on either side. */
	if (i > 0 && a->free[i - 1].last >= iova)
		return EINVAL;
	if (i < a->n && a->free[i].start <= last)
		return EINVAL;
	join_prev = i > 0 && a->free[i - 1].last + 1 == iova;
	join_next = i < a->n && last + 1 == a->free[i].start;
	if (join_prev && join_next) {
		a->free[i - 1].last = a->free[i].last;
		memmove(&a->free[i], &a->free[i + 1], (a->n - i - 1) * sizeof(a->free[0]));
		a->n--;
	} else if (join_prev) {
		a->free[i - 1].last = last;
	} else if (join_next) {
		a->free[i].start = iova;
	} else {
		if (a->n == a->cap)
			return ENOSPC;
		memmove(&a->free[i + 1], &a->free[i], (a->n - i) * sizeof(a->free[0]));
		a->free[i].start = iova;
		a->free[i].last = last;
		a->n++;
	}
	return 0;
}
