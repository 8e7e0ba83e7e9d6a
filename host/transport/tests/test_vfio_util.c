/*
 * Unit tests of the kernel VFIO backend's pure parts: PCI address checks,
 * IOMMU group path lookup in a fake sysfs tree, the VFIO_IOMMU_GET_INFO
 * capability chain parser, the IOVA allocator, and opening a device that
 * does not exist.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/vfio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rnic_transport.h"
#include "rnic_vfio_util.h"

static int failures;

#define CHECK(cond)                                                              \
	do {                                                                     \
		if (!(cond)) {                                                   \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);    \
			failures++;                                              \
		}                                                                \
	} while (0)

static void test_pci_addr(void)
{
	CHECK(rnic_vfio_pci_addr_check("0000:01:00.0") == 0);
	CHECK(rnic_vfio_pci_addr_check("abcd:FF:1f.7") == 0);
	CHECK(rnic_vfio_pci_addr_check("0000:01:00") == EINVAL);
	CHECK(rnic_vfio_pci_addr_check("0000:01:00.00") == EINVAL);
	CHECK(rnic_vfio_pci_addr_check("0000:01:20.0") == EINVAL); /* device 32 */
	CHECK(rnic_vfio_pci_addr_check("0000:01:00.8") == EINVAL); /* function 8 */
	CHECK(rnic_vfio_pci_addr_check("000g:01:00.0") == EINVAL);
	CHECK(rnic_vfio_pci_addr_check("0000-01:00.0") == EINVAL);
	CHECK(rnic_vfio_pci_addr_check("../../etc/x") == EINVAL);
	CHECK(rnic_vfio_pci_addr_check("") == EINVAL);
	CHECK(rnic_vfio_pci_addr_check(NULL) == EINVAL);
}

static void test_group_parse(void)
{
	unsigned g = 0;

	CHECK(rnic_vfio_group_parse("../../../kernel/iommu_groups/17", &g) == 0 && g == 17);
	CHECK(rnic_vfio_group_parse("5", &g) == 0 && g == 5);
	CHECK(rnic_vfio_group_parse("../iommu_groups/", &g) == EINVAL);
	CHECK(rnic_vfio_group_parse("../iommu_groups/1a", &g) == EINVAL);
	CHECK(rnic_vfio_group_parse("../iommu_groups/99999999999", &g) == EINVAL);
	CHECK(rnic_vfio_group_parse(NULL, &g) == EINVAL);
}

static void test_group_path(void)
{
	char root[] = "/tmp/rnic-sysfs-XXXXXX";
	char dir[512], link[600], buf[64];

	CHECK(mkdtemp(root) != NULL);
	snprintf(dir, sizeof(dir), "%s/bus", root);
	CHECK(mkdir(dir, 0755) == 0);
	snprintf(dir, sizeof(dir), "%s/bus/pci", root);
	CHECK(mkdir(dir, 0755) == 0);
	snprintf(dir, sizeof(dir), "%s/bus/pci/devices", root);
	CHECK(mkdir(dir, 0755) == 0);
	snprintf(dir, sizeof(dir), "%s/bus/pci/devices/0000:01:00.0", root);
	CHECK(mkdir(dir, 0755) == 0);
	snprintf(link, sizeof(link), "%s/iommu_group", dir);
	CHECK(symlink("../../../../kernel/iommu_groups/42", link) == 0);

	memset(buf, 0, sizeof(buf));
	CHECK(rnic_vfio_group_path(root, "0000:01:00.0", buf, sizeof(buf)) == 0);
	CHECK(strcmp(buf, "/dev/vfio/42") == 0);
	CHECK(rnic_vfio_group_path(root, "0000:01:00.0", buf, 8) == ENAMETOOLONG);
	CHECK(rnic_vfio_group_path(root, "0000:02:00.0", buf, sizeof(buf)) == ENODEV);
	CHECK(rnic_vfio_group_path(root, "not-an-address", buf, sizeof(buf)) == EINVAL);

	unlink(link);
	/* A device without an IOMMU group (no link) is not usable. */
	CHECK(rnic_vfio_group_path(root, "0000:01:00.0", buf, sizeof(buf)) == ENODEV);
	CHECK(symlink("../../../../kernel/iommu_groups/", link) == 0);
	CHECK(rnic_vfio_group_path(root, "0000:01:00.0", buf, sizeof(buf)) == ENODEV);
	unlink(link);
	rmdir(dir);
	snprintf(dir, sizeof(dir), "%s/bus/pci/devices", root);
	rmdir(dir);
	snprintf(dir, sizeof(dir), "%s/bus/pci", root);
	rmdir(dir);
	snprintf(dir, sizeof(dir), "%s/bus", root);
	rmdir(dir);
	rmdir(root);
}

/* Build a vfio_iommu_type1_info with a migration capability followed by an
 * IOVA-range capability listing nr ranges. Returns the total size. */
static size_t build_info(uint8_t *b, size_t cap, const struct vfio_iova_range *r, uint32_t nr)
{
	struct vfio_iommu_type1_info info = { 0 };
	struct vfio_iommu_type1_info_cap_migration mig = { 0 };
	struct vfio_iommu_type1_info_cap_iova_range ir = { 0 };
	size_t off_mig = sizeof(info), off_ir = off_mig + sizeof(mig);
	size_t total = off_ir + sizeof(ir) + nr * sizeof(*r);

	if (total > cap)
		return 0;
	memset(b, 0, cap);
	info.argsz = (uint32_t)total;
	info.flags = VFIO_IOMMU_INFO_PGSIZES | VFIO_IOMMU_INFO_CAPS;
	info.iova_pgsizes = 0x40201000ull;
	info.cap_offset = (uint32_t)off_mig;
	memcpy(b, &info, sizeof(info));
	mig.header.id = VFIO_IOMMU_TYPE1_INFO_CAP_MIGRATION;
	mig.header.version = 1;
	mig.header.next = (uint32_t)off_ir;
	memcpy(b + off_mig, &mig, sizeof(mig));
	ir.header.id = VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE;
	ir.header.version = 1;
	ir.header.next = 0;
	ir.nr_iovas = nr;
	memcpy(b + off_ir, &ir, sizeof(ir));
	memcpy(b + off_ir + sizeof(ir), r, nr * sizeof(*r));
	return total;
}

static void test_cap_chain(void)
{
	static const struct vfio_iova_range r[3] = {
		{ 0x0, 0xfedfffff }, { 0xfef00000, 0x7fffffffff }, { 0x10000000000ull, 0x1ffffffffffull },
	};
	uint8_t b[512];
	struct rnic_iova_range out[4];
	struct vfio_iommu_type1_info info;
	size_t n = 99, len, off_ir;

	len = build_info(b, sizeof(b), r, 3);
	CHECK(len > 0);
	off_ir = sizeof(struct vfio_iommu_type1_info) + sizeof(struct vfio_iommu_type1_info_cap_migration);
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == 0);
	CHECK(n == 3);
	for (int i = 0; i < 3; i++) {
		CHECK(out[i].start == r[i].start);
		CHECK(out[i].last == r[i].end);
	}
	/* Too many ranges for the caller's array. */
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 2, &n) == E2BIG);
	/* Truncated buffer: the ranges run past the end. */
	CHECK(rnic_vfio_parse_iova_ranges(b, len - 8, out, 4, &n) == EINVAL);
	/* Header only. */
	CHECK(rnic_vfio_parse_iova_ranges(b, 8, out, 4, &n) == EINVAL);

	/* No capabilities flag. */
	memcpy(&info, b, sizeof(info));
	info.flags = VFIO_IOMMU_INFO_PGSIZES;
	memcpy(b, &info, sizeof(info));
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == ENOENT);

	/* First capability offset inside the fixed header. */
	len = build_info(b, sizeof(b), r, 3);
	memcpy(&info, b, sizeof(info));
	info.cap_offset = 8;
	memcpy(b, &info, sizeof(info));
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == EINVAL);

	/* First capability offset past the end. */
	info.cap_offset = 4096;
	memcpy(b, &info, sizeof(info));
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == EINVAL);

	/* A chain that loops back onto itself. */
	len = build_info(b, sizeof(b), r, 3);
	{
		struct vfio_info_cap_header h;
		size_t off_mig = sizeof(struct vfio_iommu_type1_info);

		memcpy(&h, b + off_mig, sizeof(h));
		h.next = (uint32_t)off_mig;
		memcpy(b + off_mig, &h, sizeof(h));
	}
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == EINVAL);

	/* A chain without the IOVA-range capability. */
	len = build_info(b, sizeof(b), r, 3);
	{
		struct vfio_info_cap_header h;
		size_t off_mig = sizeof(struct vfio_iommu_type1_info);

		memcpy(&h, b + off_mig, sizeof(h));
		h.next = 0;
		memcpy(b + off_mig, &h, sizeof(h));
	}
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == ENOENT);

	/* nr_iovas larger than the buffer holds. */
	len = build_info(b, sizeof(b), r, 3);
	{
		struct vfio_iommu_type1_info_cap_iova_range ir;

		memcpy(&ir, b + off_ir, sizeof(ir));
		ir.nr_iovas = 1000;
		memcpy(b + off_ir, &ir, sizeof(ir));
	}
	CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == EINVAL);

	/* An inverted range. */
	{
		struct vfio_iova_range bad[1] = { { 0x2000, 0x1000 } };

		len = build_info(b, sizeof(b), bad, 1);
		CHECK(rnic_vfio_parse_iova_ranges(b, len, out, 4, &n) == EINVAL);
	}
	CHECK(rnic_vfio_parse_iova_ranges(NULL, len, out, 4, &n) == EINVAL);
}

static void test_iova_alloc(void)
{
	/* Second range starts mid-page and overlaps the third. */
	const struct rnic_iova_range r[3] = {
		{ 0x0, 0xffff },
		{ 0x20800, 0x3ffff },
		{ 0x30000, 0x4ffff },
	};
	struct rnic_iova_alloc a;
	uint64_t v = 0, v2 = 0, v3 = 0;

	CHECK(rnic_iova_alloc_init(&a, r, 3, 0x1000, 8) == 0);
	/* Page 0 excluded, the mid-page start rounded up, overlaps merged. */
	CHECK(a.n == 2);
	CHECK(a.free[0].start == 0x1000 && a.free[0].last == 0xffff);
	CHECK(a.free[1].start == 0x21000 && a.free[1].last == 0x4ffff);

	CHECK(rnic_iova_alloc_get(&a, 1, &v) == 0 && v == 0x1000);
	CHECK(rnic_iova_alloc_get(&a, 0x2000, &v2) == 0 && v2 == 0x2000);
	/* 0xd000 does not fit the 0xc000 left in the first extent. */
	CHECK(rnic_iova_alloc_get(&a, 0xd000, &v3) == 0 && v3 == 0x21000);
	CHECK(a.free[0].start == 0x4000 && a.free[1].start == 0x2e000);
	CHECK(rnic_iova_alloc_get(&a, 0x100000, &v) == ENOSPC);
	CHECK(rnic_iova_alloc_get(&a, 0, &v) == EINVAL);

	/* Free and coalesce back to the initial extents. */
	CHECK(rnic_iova_alloc_put(&a, 0x1000, 1) == 0);
	CHECK(a.n == 3 && a.free[0].start == 0x1000 && a.free[0].last == 0x1fff);
	CHECK(rnic_iova_alloc_put(&a, 0x1000, 0x1000) == EINVAL); /* double free */
	CHECK(rnic_iova_alloc_put(&a, 0x2800, 0x1000) == EINVAL); /* misaligned */
	CHECK(rnic_iova_alloc_put(&a, 0x3000, 0x2000) == EINVAL); /* overlaps free space */
	CHECK(rnic_iova_alloc_put(&a, 0x2000, 0x2000) == 0);
	CHECK(a.n == 2 && a.free[0].start == 0x1000 && a.free[0].last == 0xffff);
	CHECK(rnic_iova_alloc_put(&a, 0x21000, 0xd000) == 0);
	CHECK(a.n == 2 && a.free[1].start == 0x21000 && a.free[1].last == 0x4ffff);

	/* Exhaust exactly, then nothing is left. */
	CHECK(rnic_iova_alloc_get(&a, 0xf000, &v) == 0 && v == 0x1000);
	CHECK(rnic_iova_alloc_get(&a, 0x2f000, &v) == 0 && v == 0x21000);
	CHECK(a.n == 0);
	CHECK(rnic_iova_alloc_get(&a, 1, &v) == ENOSPC);
	rnic_iova_alloc_fini(&a);

	/* A small free list fills up: the put reports ENOSPC. */
	{
		const struct rnic_iova_range one = { 0x1000, 0x8fff };
		uint64_t p[8];

		CHECK(rnic_iova_alloc_init(&a, &one, 1, 0x1000, 2) == 0);
		for (int i = 0; i < 8; i++)
			CHECK(rnic_iova_alloc_get(&a, 0x1000, &p[i]) == 0 && p[i] == 0x1000u + 0x1000u * (unsigned)i);
		CHECK(rnic_iova_alloc_put(&a, p[1], 0x1000) == 0);
		CHECK(rnic_iova_alloc_put(&a, p[3], 0x1000) == 0);
		CHECK(rnic_iova_alloc_put(&a, p[5], 0x1000) == ENOSPC);
		CHECK(rnic_iova_alloc_put(&a, p[2], 0x1000) == 0); /* joins 1 and 3 */
		CHECK(a.n == 1 && a.free[0].start == 0x2000 && a.free[0].last == 0x4fff);
		rnic_iova_alloc_fini(&a);
	}

	/* The whole 64-bit space. */
	{
		const struct rnic_iova_range all = { 0, UINT64_MAX };

		CHECK(rnic_iova_alloc_init(&a, &all, 1, 0x1000, 4) == 0);
		CHECK(a.n == 1 && a.free[0].start == 0x1000 && a.free[0].last == UINT64_MAX);
		CHECK(rnic_iova_alloc_get(&a, UINT64_MAX, &v) == EINVAL);
		CHECK(rnic_iova_alloc_get(&a, 1ull << 63, &v) == 0 && v == 0x1000);
		rnic_iova_alloc_fini(&a);
	}
	CHECK(rnic_iova_alloc_init(&a, r, 3, 0x1800, 8) == EINVAL); /* not a power of two */
}

static void test_open_missing(void)
{
	struct rnic_transport *t = (struct rnic_transport *)0x1;

	CHECK(rnic_transport_open_vfio("0000:ff:1f.7", &t) == ENODEV);
	CHECK(t == (struct rnic_transport *)0x1);
	CHECK(rnic_transport_open_vfio("bogus", &t) == EINVAL);
	CHECK(rnic_transport_open_vfio(NULL, &t) == EINVAL);
	CHECK(rnic_transport_open_vfio("0000:ff:1f.7", NULL) == EINVAL);
}

int main(void)
{
	test_pci_addr();
	test_group_parse();
	test_group_path();
	test_cap_chain();
	test_iova_alloc();
	test_open_missing();
	if (failures) {
		printf("FAIL: %d checks failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
