/*
 * Devices, addresses and ports.
 *
 * Each simulated NIC has one IPv4 address, which the simulator writes as
 * dotted decimal into $RNIC_SIM_DIR/<name>.inet next to <name>.sock; its
 * RoCEv2 GID (index 0) is ::ffff:<address>. The simulator serves one
 * process per NIC at a time, so addresses are mapped to devices from those
 * files, without connecting: a process opens only the NICs it uses. A
 * device without such a file (a board behind VFIO) is opened and its
 * address read from GID 0. MAC addresses follow from IPv4 addresses
 * (include/rnic_addr.h), as the firmware configures them.
 *
 * A device is opened at most once per process, on first use, through this
 * build's libibverbs, and stays open: every ID on it shares the context.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "rnic_addr.h"
#include "rnic_cm.h"
#include "rnic_priv.h"

struct rnic_cm_lib rnic_cm = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
};

static pthread_once_t rnic_cm_once = PTHREAD_ONCE_INIT;

static const char rnic_cm_sock_sfx[] = ".sock";

/* The address in <socket path less .sock>.inet, if the device is a
 * simulated NIC whose simulator wrote one. */
static int rnic_cm_inet_read(const struct ibv_device *dev, uint32_t *ip)
{
	size_t len = strlen(dev->dev_path), sfx = sizeof(rnic_cm_sock_sfx) - 1;
	char path[sizeof(dev->dev_path) + 8], line[64];
	struct in_addr a;
	FILE *f;
	int ok = 0;

	if (len <= sfx || strcmp(dev->dev_path + len - sfx, rnic_cm_sock_sfx) != 0)
		return 0;
	snprintf(path, sizeof(path), "%.*s.inet", (int)(len - sfx), dev->dev_path);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \t\r\n")] = '\0';
		if (inet_pton(AF_INET, line, &a) == 1) {
			*ip = ntohl(a.s_addr);
			ok = 1;
		}
	}
	fclose(f);
	return ok;
}

static void rnic_cm_init_once(void)
{
	struct ibv_device **list;
	int n = 0;

	rnic_cm.ids.next = rnic_cm.ids.prev = &rnic_cm.ids;
	rnic_cm.next_port = RNIC_CM_PORT_FIRST;
	list = ibv_get_device_list(&n);
	if (!list)
		n = 0;
	rnic_cm.devs = n ? calloc((size_t)n, sizeof(*rnic_cm.devs)) : NULL;
	if (!rnic_cm.devs) {
		if (list)
			ibv_free_device_list(list);
		return; /* no devices: every lookup fails with ENODEV */
	}
	rnic_cm.list = list;
	rnic_cm.ndev = n;
	for (int i = 0; i < n; i++) {
		struct rnic_cm_dev *d = &rnic_cm.devs[i];

		d->ibdev = list[i];
		d->index = i;
		d->efd = -1;
		d->vector = -1;
		pthread_mutex_init(&d->drain_lock, NULL);
		d->from_inet = rnic_cm_inet_read(list[i], &d->ipv4);
		d->addr_known = d->from_inet;
	}
}

void rnic_cm_init(void)
{
	pthread_once(&rnic_cm_once, rnic_cm_init_once);
}

int rnic_cm_cmd(struct rnic_cm_dev *d, uint32_t op, uint32_t handle, uint32_t *in, uint32_t *out)
{
	return rnic_cm_exec(d->verbs, op, handle, in, out);
}

/* Device limits, port MTU and (without .inet) the address from GID 0. */
static int rnic_cm_dev_query(struct rnic_cm_dev *d)
{
	struct ibv_device_attr da;
	struct ibv_port_attr pa;
	union ibv_gid g;
	int err;

	err = ibv_query_device(d->verbs, &da);
	if (err)
		return err;
	d->max_rd_atom = (uint8_t)(da.max_qp_rd_atom > 255 ? 255 : da.max_qp_rd_atom);
	d->max_init_rd_atom =
		(uint8_t)(da.max_qp_init_rd_atom > 255 ? 255 : da.max_qp_init_rd_atom);
	err = ibv_query_port(d->verbs, 1, &pa);
	if (err)
		return err;
	d->active_mtu = (uint8_t)pa.active_mtu;
	if (!d->addr_known) {
		if (ibv_query_gid(d->verbs, 1, 0, &g))
			return errno;
		if (rnic_gid_to_ipv4(g.raw, &d->ipv4))
			return EADDRNOTAVAIL; /* no IPv4 address configured */
		d->addr_known = 1;
	}
	return 0;
}

int rnic_cm_dev_open(struct rnic_cm_dev *d)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err, v;

	if (d->verbs)
		return 0;
	d->verbs = ibv_open_device(d->ibdev);
	if (!d->verbs)
		return errno ? errno : ENODEV;
	err = rnic_cm_dev_query(d);
	if (err)
		goto fail;
	d->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (d->efd < 0) {
		err = errno;
		goto fail;
	}
	v = rnic_cm_vector_get(d->verbs, d->efd);
	if (v < 0) {
		err = -v;
		goto fail;
	}
	d->vector = v;
	/* the firmware raises the vector whenever it queues a CM event for
	 * this user context (cmd_op CM_NOTIFY) */
	err = rnic_cm_cmd(d, RNIC_CMD_OP_CM_NOTIFY, (uint32_t)v, in, NULL);
	if (err)
		goto fail;
	return 0;
fail:
	if (d->vector >= 0)
		rnic_cm_vector_put(d->verbs, d->vector);
	d->vector = -1;
	if (d->efd >= 0)
		close(d->efd);
	d->efd = -1;
	ibv_close_device(d->verbs);
	d->verbs = NULL;
	return err;
}

/* The device's address (lock held): 0, or an errno when it must be opened
 * to learn it and cannot be. */
static int rnic_cm_dev_addr(struct rnic_cm_dev *d, uint32_t *ip)
{
	if (!d->addr_known) {
		int err = rnic_cm_dev_open(d);

		if (err)
			return err;
	}
	*ip = d->ipv4;
	return 0;
}

struct rnic_cm_dev *rnic_cm_dev_by_ip(uint32_t ip)
{
	uint32_t a;

	/* simulated NICs first: their files answer without opening */
	for (int i = 0; i < rnic_cm.ndev; i++)
		if (rnic_cm.devs[i].addr_known && rnic_cm.devs[i].ipv4 == ip)
			return &rnic_cm.devs[i];
	for (int i = 0; i < rnic_cm.ndev; i++)
		if (!rnic_cm.devs[i].addr_known && rnic_cm_dev_addr(&rnic_cm.devs[i], &a) == 0 &&
		    a == ip)
			return &rnic_cm.devs[i];
	return NULL;
}

/* Whether some simulated NIC (an .inet file) has address ip. */
static int rnic_cm_ip_is_sim_nic(uint32_t ip)
{
	for (int i = 0; i < rnic_cm.ndev; i++)
		if (rnic_cm.devs[i].from_inet && rnic_cm.devs[i].ipv4 == ip)
			return 1;
	return 0;
}

/*
 * The back-to-back wire has no router and no loopback: a NIC reaches the
 * addresses of its /24 except its own. Among the NICs that do, the first
 * by name sends (the device list is sorted by name). A simulated NIC's
 * peer must be another simulated NIC's address (nothing else answers on
 * the wire, as an ARP request would go unanswered); a board's may be any
 * address of its /24.
 */
int rnic_cm_dev_reach(struct rnic_cm_dev *d, uint32_t dst)
{
	uint32_t a;

	if (rnic_cm_dev_addr(d, &a) != 0 || a == dst || (a ^ dst) >> 8 != 0)
		return -ENODEV;
	if (d->from_inet && !rnic_cm_ip_is_sim_nic(dst))
		return -ETIMEDOUT;
	return 0;
}

struct rnic_cm_dev *rnic_cm_dev_route(uint32_t dst, int *status)
{
	*status = -ENODEV;
	for (int i = 0; i < rnic_cm.ndev; i++) {
		int s = rnic_cm_dev_reach(&rnic_cm.devs[i], dst);

		if (s == 0) {
			*status = 0;
			return &rnic_cm.devs[i];
		}
		if (s == -ETIMEDOUT)
			*status = s;
	}
	return NULL;
}

struct rnic_cm_dev *rnic_cm_dev_any(void)
{
	const char *name = getenv(RNIC_CM_ENV_DEV);

	if (!name || !*name) {
		/* a NIC the program already uses (perftest -R opens its -d
		 * device before it listens), else the first; a NIC serves one
		 * process, so listening on all would take the peer's */
		for (int i = 0; i < rnic_cm.ndev; i++)
			if (rnic_cm.devs[i].verbs || rnic_device_in_use(rnic_cm.devs[i].ibdev))
				return &rnic_cm.devs[i];
		return rnic_cm.ndev ? &rnic_cm.devs[0] : NULL;
	}
	for (int i = 0; i < rnic_cm.ndev; i++)
		if (strcmp(rnic_cm.devs[i].ibdev->name, name) == 0)
			return &rnic_cm.devs[i];
	return NULL;
}

struct ibv_pd *rnic_cm_dev_pd(struct rnic_cm_dev *d)
{
	if (!d->pd)
		d->pd = ibv_alloc_pd(d->verbs);
	return d->pd;
}

static uint16_t rnic_cm_id_port(const struct rnic_cm_id *p)
{
	const struct sockaddr *sa = &p->id.route.addr.src_addr;

	if (sa->sa_family == AF_INET6)
		return ntohs(p->id.route.addr.src_sin6.sin6_port);
	return ntohs(p->id.route.addr.src_sin.sin_port);
}

static uint32_t rnic_cm_id_ip(const struct rnic_cm_id *p)
{
	const struct sockaddr *sa = &p->id.route.addr.src_addr;

	if (sa->sa_family == AF_INET6) {
		const uint8_t *b = p->id.route.addr.src_sin6.sin6_addr.s6_addr;

		return (uint32_t)b[12] << 24 | (uint32_t)b[13] << 16 | (uint32_t)b[14] << 8 | b[15];
	}
	return ntohl(p->id.route.addr.src_sin.sin_addr.s_addr);
}

int rnic_cm_port_busy(const struct rnic_cm_id *self, uint32_t ip, uint16_t port)
{
	for (struct rnic_cm_id *o = rnic_cm.ids.next; o != &rnic_cm.ids; o = o->next) {
		uint32_t oip;

		if (o == self || !o->port_held || o->id.ps != self->id.ps || rnic_cm_id_port(o) != port)
			continue;
		oip = rnic_cm_id_ip(o);
		if (oip != 0 && ip != 0 && oip != ip)
			continue; /* different addresses of the same port */
		if (o->reuseaddr && self->reuseaddr && o->state != RNIC_CM_LISTEN)
			continue; /* ~SO_REUSEADDR, rdma_set_option(3) */
		return 1;
	}
	return 0;
}

uint16_t rnic_cm_port_alloc(enum rdma_port_space ps)
{
	uint32_t span = RNIC_CM_PORT_LAST - RNIC_CM_PORT_FIRST + 1;
	struct rnic_cm_id probe;

	memset(&probe, 0, sizeof(probe));
	probe.id.ps = ps;
	for (uint32_t n = 0; n < span; n++) {
		uint16_t port = (uint16_t)rnic_cm.next_port;

		rnic_cm.next_port = rnic_cm.next_port == RNIC_CM_PORT_LAST ? RNIC_CM_PORT_FIRST
									   : rnic_cm.next_port + 1;
		if (!rnic_cm_port_busy(&probe, 0, port))
			return port;
	}
	return 0;
}

/* A 24-bit starting PSN from a per-process counter and the QP number (a
 * 32-bit mix, so consecutive connections start far apart). The counter
 * starts from the process id and the clock, as the kernel's CM draws a
 * random PSN: programs run one after another on NICs whose QP numbers
 * start again each time would otherwise repeat their PSNs exactly. */
uint32_t rnic_cm_psn_next(uint32_t qpn)
{
	uint32_t x;

	if (!__atomic_load_n(&rnic_cm.psn_seq, __ATOMIC_RELAXED)) {
		struct timespec ts;
		uint32_t seed, zero = 0;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		seed = (uint32_t)getpid() * 0x27D4EB2Fu ^ (uint32_t)ts.tv_nsec ^ (uint32_t)ts.tv_sec;
		__atomic_compare_exchange_n(&rnic_cm.psn_seq, &zero, seed | 1u, 0, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED);
	}
	x = __atomic_add_fetch(&rnic_cm.psn_seq, 1, __ATOMIC_RELAXED) * 0x9E3779B1u;

	x ^= qpn * 0x85EBCA6Bu;
	x ^= x >> 15;
	x *= 0xC2B2AE35u;
	x ^= x >> 13;
	return x & 0xFFFFFFu;
}

/* rdma_get_devices(3): every device, opened (as rdma-core's are while the
 * library is loaded). With simulated NICs this connects to each: only a
 * process that may hold all of them should ask. */
RNIC_CM_EXPORT struct ibv_context **rdma_get_devices(int *num_devices)
{
	struct ibv_context **list;
	int n = 0;

	rnic_cm_init();
	list = calloc((size_t)rnic_cm.ndev + 1, sizeof(*list));
	if (!list) {
		errno = ENOMEM;
		return NULL;
	}
	pthread_mutex_lock(&rnic_cm.lock);
	for (int i = 0; i < rnic_cm.ndev; i++)
		if (rnic_cm_dev_open(&rnic_cm.devs[i]) == 0)
			list[n++] = rnic_cm.devs[i].verbs;
	pthread_mutex_unlock(&rnic_cm.lock);
	if (num_devices)
		*num_devices = n;
	return list;
}

RNIC_CM_EXPORT void rdma_free_devices(struct ibv_context **list)
{
	free(list);
}
