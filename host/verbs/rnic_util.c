/*
 * Helpers of the verbs API that reach no device: rate conversions, the
 * copies between the kernel's uverbs structures and the verbs ones
 * (rdma-core's marshall.h), the sysfs reader, and fork support.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <infiniband/sa.h>
#include <rdma/ib_user_sa.h>
#include <rdma/ib_user_verbs.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rnic_verbs.h"

/* rdma-core declares these in driver.h and marshall.h, which Debian does
 * not install. */
RNIC_EXPORT const char *ibv_get_sysfs_path(void);
RNIC_EXPORT int ibv_read_sysfs_file(const char *dir, const char *file, char *buf, size_t size);
RNIC_EXPORT int ibv_dontfork_range(void *base, size_t size);
RNIC_EXPORT int ibv_dofork_range(void *base, size_t size);
RNIC_EXPORT void ibv_copy_ah_attr_from_kern(struct ibv_ah_attr *dst,
					    struct ib_uverbs_ah_attr *src);
RNIC_EXPORT void ibv_copy_qp_attr_from_kern(struct ibv_qp_attr *dst,
					    struct ib_uverbs_qp_attr *src);
RNIC_EXPORT void ibv_copy_path_rec_from_kern(struct ibv_sa_path_rec *dst,
					     struct ib_user_path_rec *src);
RNIC_EXPORT void ibv_copy_path_rec_to_kern(struct ib_user_path_rec *dst,
					   struct ibv_sa_path_rec *src);

/* ------------------------------------------------------------------ */
/* rates                                                               */

/* Each static rate (IBA 9.11.1 StaticRate, extended by the verbs enum):
 * its multiple of 2.5 Gb/s where it is one the IBA names that way (else
 * -1), and its signalling rate in Mb/s (the FDR, EDR, HDR, NDR and XDR
 * rates carry 64b/66b coding: 14.0625, 25.78125, 53.125 Gb/s per lane). */
static const struct {
	enum ibv_rate rate;
	int mult;
	int mbps;
} rnic_rates[] = {
	{IBV_RATE_2_5_GBPS, 1, 2500},	  {IBV_RATE_5_GBPS, 2, 5000},
	{IBV_RATE_10_GBPS, 4, 10000},	  {IBV_RATE_20_GBPS, 8, 20000},
	{IBV_RATE_30_GBPS, 12, 30000},	  {IBV_RATE_40_GBPS, 16, 40000},
	{IBV_RATE_60_GBPS, 24, 60000},	  {IBV_RATE_80_GBPS, 32, 80000},
	{IBV_RATE_120_GBPS, 48, 120000},  {IBV_RATE_14_GBPS, -1, 14062},
	{IBV_RATE_56_GBPS, -1, 56250},	  {IBV_RATE_112_GBPS, -1, 112500},
	{IBV_RATE_168_GBPS, -1, 168750},  {IBV_RATE_25_GBPS, -1, 25781},
	{IBV_RATE_100_GBPS, -1, 103125},  {IBV_RATE_200_GBPS, -1, 206250},
	{IBV_RATE_300_GBPS, -1, 309375},  {IBV_RATE_28_GBPS, 11, 28125},
	{IBV_RATE_50_GBPS, 20, 53125},	  {IBV_RATE_400_GBPS, 160, 425000},
	{IBV_RATE_600_GBPS, 240, 637500}, {IBV_RATE_800_GBPS, 320, 850000},
	{IBV_RATE_1200_GBPS, 480, 1275000},
};

#define RNIC_NRATES (sizeof(rnic_rates) / sizeof(rnic_rates[0]))

RNIC_EXPORT int ibv_rate_to_mult(enum ibv_rate rate)
{
	for (size_t i = 0; i < RNIC_NRATES; i++)
		if (rnic_rates[i].rate == rate)
			return rnic_rates[i].mult;
	return -1;
}

RNIC_EXPORT enum ibv_rate mult_to_ibv_rate(int mult)
{
	for (size_t i = 0; i < RNIC_NRATES; i++)
		if (rnic_rates[i].mult == mult && mult > 0)
			return rnic_rates[i].rate;
	return IBV_RATE_MAX;
}

RNIC_EXPORT int ibv_rate_to_mbps(enum ibv_rate rate)
{
	for (size_t i = 0; i < RNIC_NRATES; i++)
		if (rnic_rates[i].rate == rate)
			return rnic_rates[i].mbps;
	return -1;
}

RNIC_EXPORT enum ibv_rate mbps_to_ibv_rate(int mbps)
{
	for (size_t i = 0; i < RNIC_NRATES; i++)
		if (rnic_rates[i].mbps == mbps)
			return rnic_rates[i].rate;
	return IBV_RATE_MAX;
}

/* ------------------------------------------------------------------ */
/* kernel uverbs structures (rdma/ib_user_verbs.h, rdma/ib_user_sa.h)  */

RNIC_EXPORT void ibv_copy_ah_attr_from_kern(struct ibv_ah_attr *dst,
					    struct ib_uverbs_ah_attr *src)
{
	memcpy(dst->grh.dgid.raw, src->grh.dgid, sizeof(dst->grh.dgid.raw));
	dst->grh.flow_label = src->grh.flow_label;
	dst->grh.sgid_index = src->grh.sgid_index;
	dst->grh.hop_limit = src->grh.hop_limit;
	dst->grh.traffic_class = src->grh.traffic_class;
	dst->dlid = src->dlid;
	dst->sl = src->sl;
	dst->src_path_bits = src->src_path_bits;
	dst->static_rate = src->static_rate;
	dst->is_global = src->is_global;
	dst->port_num = src->port_num;
}

/* Everything but qp_state, which stays what the caller set, as rdma-core
 * copies it (its callers name the state they asked the attributes for). */
RNIC_EXPORT void ibv_copy_qp_attr_from_kern(struct ibv_qp_attr *dst,
					    struct ib_uverbs_qp_attr *src)
{
	dst->cur_qp_state = (enum ibv_qp_state)src->cur_qp_state;
	dst->path_mtu = (enum ibv_mtu)src->path_mtu;
	dst->path_mig_state = (enum ibv_mig_state)src->path_mig_state;
	dst->qkey = src->qkey;
	dst->rq_psn = src->rq_psn;
	dst->sq_psn = src->sq_psn;
	dst->dest_qp_num = src->dest_qp_num;
	dst->qp_access_flags = src->qp_access_flags;
	dst->cap.max_send_wr = src->max_send_wr;
	dst->cap.max_recv_wr = src->max_recv_wr;
	dst->cap.max_send_sge = src->max_send_sge;
	dst->cap.max_recv_sge = src->max_recv_sge;
	dst->cap.max_inline_data = src->max_inline_data;
	ibv_copy_ah_attr_from_kern(&dst->ah_attr, &src->ah_attr);
	ibv_copy_ah_attr_from_kern(&dst->alt_ah_attr, &src->alt_ah_attr);
	dst->pkey_index = src->pkey_index;
	dst->alt_pkey_index = src->alt_pkey_index;
	dst->en_sqd_async_notify = src->en_sqd_async_notify;
	dst->sq_draining = src->sq_draining;
	dst->max_rd_atomic = src->max_rd_atomic;
	dst->max_dest_rd_atomic = src->max_dest_rd_atomic;
	dst->min_rnr_timer = src->min_rnr_timer;
	dst->port_num = src->port_num;
	dst->timeout = src->timeout;
	dst->retry_cnt = src->retry_cnt;
	dst->rnr_retry = src->rnr_retry;
	dst->alt_port_num = src->alt_port_num;
	dst->alt_timeout = src->alt_timeout;
}

RNIC_EXPORT void ibv_copy_path_rec_from_kern(struct ibv_sa_path_rec *dst,
					     struct ib_user_path_rec *src)
{
	memcpy(dst->dgid.raw, src->dgid, sizeof(dst->dgid.raw));
	memcpy(dst->sgid.raw, src->sgid, sizeof(dst->sgid.raw));
	dst->dlid = src->dlid;
	dst->slid = src->slid;
	dst->raw_traffic = (int)src->raw_traffic;
	dst->flow_label = src->flow_label;
	dst->hop_limit = src->hop_limit;
	dst->traffic_class = src->traffic_class;
	dst->reversible = (int)src->reversible;
	dst->numb_path = src->numb_path;
	dst->pkey = src->pkey;
	dst->sl = src->sl;
	dst->mtu_selector = src->mtu_selector;
	dst->mtu = (uint8_t)src->mtu;
	dst->rate_selector = src->rate_selector;
	dst->rate = src->rate;
	dst->packet_life_time_selector = src->packet_life_time_selector;
	dst->packet_life_time = src->packet_life_time;
	dst->preference = src->preference;
}

RNIC_EXPORT void ibv_copy_path_rec_to_kern(struct ib_user_path_rec *dst,
					   struct ibv_sa_path_rec *src)
{
	memcpy(dst->dgid, src->dgid.raw, sizeof(dst->dgid));
	memcpy(dst->sgid, src->sgid.raw, sizeof(dst->sgid));
	dst->dlid = src->dlid;
	dst->slid = src->slid;
	dst->raw_traffic = (uint32_t)src->raw_traffic;
	dst->flow_label = src->flow_label;
	dst->reversible = (uint32_t)src->reversible;
	dst->mtu = src->mtu;
	dst->pkey = src->pkey;
	dst->hop_limit = src->hop_limit;
	dst->traffic_class = src->traffic_class;
	dst->numb_path = src->numb_path;
	dst->sl = src->sl;
	dst->mtu_selector = src->mtu_selector;
	dst->rate_selector = src->rate_selector;
	dst->rate = src->rate;
	dst->packet_life_time_selector = src->packet_life_time_selector;
	dst->packet_life_time = src->packet_life_time;
	dst->preference = src->preference;
}

/* ------------------------------------------------------------------ */
/* sysfs                                                               */

/* The sysfs mount point: $SYSFS_PATH without trailing slashes, as
 * rdma-core reads it, or /sys. The string lives in the environment (or is
 * a literal), so there is nothing to keep. */
RNIC_EXPORT const char *ibv_get_sysfs_path(void)
{
	const char *env = getenv("SYSFS_PATH");

	/* a value with a trailing '/' cannot be trimmed in place (the
	 * environment is not ours): fall back to the default then */
	if (env && *env && env[strlen(env) - 1] != '/')
		return env;
	return "/sys";
}

/*
 * ibv_read_sysfs_file: the contents of dir/file, at most size - 1 bytes,
 * NUL-terminated, one trailing newline removed; returns the length or -1
 * with errno. Simulated and VFIO devices of this library have no sysfs
 * directory (ibdev_path is a socket or a PCI address), so reads of their
 * attributes (node_desc, board_id, fw_ver) fail with ENOTDIR or ENOENT and
 * ibv_devinfo leaves the line out.
 */
RNIC_EXPORT int ibv_read_sysfs_file(const char *dir, const char *file, char *buf, size_t size)
{
	char *path;
	ssize_t len;
	int fd, err;

	if (!dir || !file || !buf || size == 0) {
		errno = EINVAL;
		return -1;
	}
	path = malloc(strlen(dir) + strlen(file) + 2);
	if (!path) {
		errno = ENOMEM;
		return -1;
	}
	strcpy(path, dir);
	strcat(path, "/");
	strcat(path, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	err = errno;
	free(path);
	if (fd < 0) {
		errno = err;
		return -1;
	}
	len = read(fd, buf, size);
	err = errno;
	close(fd);
	if (len < 0) {
		errno = err;
		return -1;
	}
	if ((size_t)len == size)
		len--; /* no room for the NUL: the last byte goes */
	if (len > 0 && buf[len - 1] == '\n')
		len--;
	buf[len] = '\0';
	return (int)len;
}

/* ------------------------------------------------------------------ */
/* fork                                                                */

/*
 * ibv_fork_init(3): the device reaches registered memory through the
 * process (vfio-user: process_vm_readv/writev on its pid) or through pages
 * the kernel pins for VFIO, which it copies for the child at fork rather
 * than share (FOLL_PIN, Linux 5.9 on). Either way a fork cannot take pages
 * away from a registration, so fork support needs nothing:
 * ibv_is_fork_initialized reports IBV_FORK_UNNEEDED and ibv_fork_init
 * succeeds without doing anything.
 */
RNIC_EXPORT int ibv_fork_init(void)
{
	return 0;
}

RNIC_EXPORT enum ibv_fork_status ibv_is_fork_initialized(void)
{
	return IBV_FORK_UNNEEDED;
}

/* The pages holding [base, base + size). */
static int rnic_madvise_range(void *base, size_t size, int advice)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t)base & ~(page - 1);
	uintptr_t end = ((uintptr_t)base + size + page - 1) & ~(page - 1);

	if (size == 0)
		return 0;
	if (madvise((void *)start, end - start, advice) != 0)
		return errno;
	return 0;
}

/* ibv_dontfork_range / ibv_dofork_range (driver.h): keep the pages of a
 * range out of (or back in) children, madvise(2) MADV_DONTFORK and
 * MADV_DOFORK on the pages that hold it; 0 or an errno. */
RNIC_EXPORT int ibv_dontfork_range(void *base, size_t size)
{
	return rnic_madvise_range(base, size, MADV_DONTFORK);
}

RNIC_EXPORT int ibv_dofork_range(void *base, size_t size)
{
	return rnic_madvise_range(base, size, MADV_DOFORK);
}
