/*
 * librdmacm tests: a plain rdma_cm program (only <rdma/rdma_cma.h> and
 * <rdma/rdma_verbs.h>), linked against this build's librdmacm.so.1.
 *
 *   test_rdmacm unit       - over the real libibverbs, devices whose
 *                            sockets are plain files (opening one fails):
 *                            event strings, rdma_getaddrinfo, binding and
 *                            address errors, the calls that fail by design;
 *                            and that nothing connects to a device to map
 *                            addresses (.inet files only)
 *   test_rdmacm flow       - over the in-test device (LD_LIBRARY_PATH names
 *                            that libibverbs build), whose connection
 *                            manager links two devices in the process: RC
 *                            connect / accept / disconnect on event
 *                            channels, rejections, UD (SIDR), and the
 *                            synchronous endpoint API in two threads
 *   test_rdmacm reference LIB - rdma_event_str against rdma-core's library
 *
 * Each run makes a directory like $RNIC_SIM_DIR with rnic0 (192.0.2.1) and
 * rnic1 (192.0.2.2): NAME.sock and NAME.inet.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <rdma/rdma_cma.h>
#include <rdma/rdma_verbs.h>
#include <rdma/rsocket.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

#define CHECK(c)                                                                              \
	do {                                                                                  \
		if (!(c)) {                                                                   \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #c);          \
			failures++;                                                           \
		}                                                                             \
	} while (0)

/* -1 with errno e */
#define CHECK_ERR(call, e)                                                                    \
	do {                                                                                  \
		errno = 0;                                                                    \
		int r_ = (call);                                                              \
		if (r_ != -1 || errno != (e)) {                                               \
			fprintf(stderr, "FAIL %s:%d: %s = %d errno %d, want -1 errno %d\n",   \
				__FILE__, __LINE__, #call, r_, errno, (e));                   \
			failures++;                                                           \
		}                                                                             \
	} while (0)

static char sim_dir[64];

static void put_file(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", sim_dir, name);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fputs(text, f);
	fclose(f);
}

static void sim_dir_make(void)
{
	snprintf(sim_dir, sizeof(sim_dir), "/tmp/rnic-cm-XXXXXX");
	if (!mkdtemp(sim_dir)) {
		perror("mkdtemp");
		exit(2);
	}
	put_file("rnic0.sock", "");
	put_file("rnic0.inet", "192.0.2.1\n");
	put_file("rnic1.sock", "");
	put_file("rnic1.inet", "192.0.2.2\n");
	setenv("RNIC_SIM_DIR", sim_dir, 1);
	setenv("RNIC_VFIO_DEVICES", "", 1);
}

static void sim_dir_remove(void)
{
	const char *n[] = {"rnic0.sock", "rnic0.inet", "rnic1.sock", "rnic1.inet"};
	char path[128];

	for (unsigned i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "%s/%s", sim_dir, n[i]);
		unlink(path);
	}
	rmdir(sim_dir);
}

static struct sockaddr_in sin4(const char *ip, uint16_t port)
{
	struct sockaddr_in s;

	memset(&s, 0, sizeof(s));
	s.sin_family = AF_INET;
	s.sin_port = htons(port);
	inet_pton(AF_INET, ip, &s.sin_addr);
	return s;
}

static uint32_t sa_ip(const struct sockaddr *sa)
{
	return ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr);
}

static uint16_t sa_port(const struct sockaddr *sa)
{
	return ntohs(((const struct sockaddr_in *)sa)->sin_port);
}

static int gid_is_v4(const union ibv_gid *g, uint32_t ip)
{
	static const uint8_t pfx[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

	return memcmp(g->raw, pfx, 12) == 0 &&
	       ((uint32_t)g->raw[12] << 24 | (uint32_t)g->raw[13] << 16 |
		(uint32_t)g->raw[14] << 8 | g->raw[15]) == ip;
}

#define IP(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (d))

static void nonblock(struct rdma_event_channel *ch)
{
	fcntl(ch->fd, F_SETFL, fcntl(ch->fd, F_GETFL) | O_NONBLOCK);
}

/* The next event of a non-blocking channel within 2 s, which must be of
 * type `type`; NULL (and a failure) otherwise. */
static struct rdma_cm_event *expect_event(struct rdma_event_channel *ch,
					  enum rdma_cm_event_type type, int line)
{
	struct rdma_cm_event *ev = NULL;

	for (int i = 0; i < 200; i++) {
		struct pollfd p = {.fd = ch->fd, .events = POLLIN};

		if (rdma_get_cm_event(ch, &ev) == 0)
			break;
		ev = NULL;
		if (errno != EAGAIN)
			break;
		poll(&p, 1, 10);
	}
	if (!ev) {
		fprintf(stderr, "FAIL line %d: no event (want %s)\n", line, rdma_event_str(type));
		failures++;
		return NULL;
	}
	if (ev->event != type) {
		fprintf(stderr, "FAIL line %d: event %s status %d, want %s\n", line,
			rdma_event_str(ev->event), ev->status, rdma_event_str(type));
		failures++;
	}
	return ev;
}

#define EXPECT(ch, type) expect_event((ch), (type), __LINE__)

static int no_event(struct rdma_event_channel *ch)
{
	struct rdma_cm_event *ev;

	if (rdma_get_cm_event(ch, &ev) == 0) {
		fprintf(stderr, "unexpected event %s\n", rdma_event_str(ev->event));
		rdma_ack_cm_event(ev);
		return 0;
	}
	return errno == EAGAIN;
}

static enum ibv_qp_state qp_state(struct ibv_qp *qp)
{
	struct ibv_qp_attr a;
	struct ibv_qp_init_attr ia;

	if (ibv_query_qp(qp, &a, IBV_QP_STATE, &ia))
		return (enum ibv_qp_state)-1;
	return a.qp_state;
}

/* ------------------------------------------------------------------ */
/* unit: no device is opened                                           */

static const char *const event_names[] = {
	"RDMA_CM_EVENT_ADDR_RESOLVED",    "RDMA_CM_EVENT_ADDR_ERROR",
	"RDMA_CM_EVENT_ROUTE_RESOLVED",   "RDMA_CM_EVENT_ROUTE_ERROR",
	"RDMA_CM_EVENT_CONNECT_REQUEST",  "RDMA_CM_EVENT_CONNECT_RESPONSE",
	"RDMA_CM_EVENT_CONNECT_ERROR",    "RDMA_CM_EVENT_UNREACHABLE",
	"RDMA_CM_EVENT_REJECTED",         "RDMA_CM_EVENT_ESTABLISHED",
	"RDMA_CM_EVENT_DISCONNECTED",     "RDMA_CM_EVENT_DEVICE_REMOVAL",
	"RDMA_CM_EVENT_MULTICAST_JOIN",   "RDMA_CM_EVENT_MULTICAST_ERROR",
	"RDMA_CM_EVENT_ADDR_CHANGE",      "RDMA_CM_EVENT_TIMEWAIT_EXIT",
};

static void test_event_str(void)
{
	for (int i = 0; i < 16; i++)
		CHECK(strcmp(rdma_event_str((enum rdma_cm_event_type)i), event_names[i]) == 0);
	CHECK(strcmp(rdma_event_str((enum rdma_cm_event_type)16), "UNKNOWN EVENT") == 0);
	CHECK(strcmp(rdma_event_str((enum rdma_cm_event_type)-1), "UNKNOWN EVENT") == 0);
}

/* rdma_getaddrinfo(3): node, service, RAI_PASSIVE, port space and QP
 * type from hints, the source of an active result from the routing rule. */
static void test_getaddrinfo(void)
{
	struct rdma_addrinfo hints, *res = NULL;

	CHECK(rdma_getaddrinfo("192.0.2.2", "7471", NULL, &res) == 0);
	if (res) {
		CHECK(res->ai_family == AF_INET);
		CHECK(res->ai_port_space == RDMA_PS_TCP);
		CHECK(res->ai_qp_type == IBV_QPT_RC);
		CHECK(res->ai_dst_len == sizeof(struct sockaddr_in));
		CHECK(res->ai_dst_addr && sa_ip(res->ai_dst_addr) == IP(192, 0, 2, 2));
		CHECK(res->ai_dst_addr && sa_port(res->ai_dst_addr) == 7471);
		/* the NIC that sends there: rnic0, from rnic0.inet */
		CHECK(res->ai_src_len == sizeof(struct sockaddr_in));
		CHECK(res->ai_src_addr && sa_ip(res->ai_src_addr) == IP(192, 0, 2, 1));
		CHECK(res->ai_next == NULL);
		rdma_freeaddrinfo(res);
	}
	res = NULL;
	CHECK(rdma_getaddrinfo("192.0.2.1", "1", NULL, &res) == 0);
	if (res) {
		CHECK(res->ai_src_addr && sa_ip(res->ai_src_addr) == IP(192, 0, 2, 2));
		rdma_freeaddrinfo(res);
	}
	res = NULL;
	CHECK(rdma_getaddrinfo("10.7.7.7", "1", NULL, &res) == 0);
	if (res) {
		CHECK(res->ai_src_len == 0 && res->ai_src_addr == NULL); /* no NIC routes there */
		rdma_freeaddrinfo(res);
	}

	memset(&hints, 0, sizeof(hints));
	hints.ai_flags = RAI_PASSIVE;
	res = NULL;
	CHECK(rdma_getaddrinfo(NULL, "7471", &hints, &res) == 0);
	if (res) {
		CHECK(res->ai_flags == RAI_PASSIVE);
		CHECK(res->ai_src_addr && res->ai_src_addr->sa_family == AF_INET);
		CHECK(res->ai_src_addr && sa_ip(res->ai_src_addr) == 0);
		CHECK(res->ai_src_addr && sa_port(res->ai_src_addr) == 7471);
		CHECK(res->ai_dst_addr == NULL && res->ai_dst_len == 0);
		rdma_freeaddrinfo(res);
	}

	/* host names go through getaddrinfo */
	res = NULL;
	CHECK(rdma_getaddrinfo("localhost", "20079", NULL, &res) == 0);
	if (res) {
		CHECK(res->ai_dst_addr && sa_ip(res->ai_dst_addr) == IP(127, 0, 0, 1));
		CHECK(res->ai_dst_addr && sa_port(res->ai_dst_addr) == 20079);
		rdma_freeaddrinfo(res);
	}

	memset(&hints, 0, sizeof(hints));
	hints.ai_port_space = RDMA_PS_UDP;
	res = NULL;
	CHECK(rdma_getaddrinfo("192.0.2.2", "7174", &hints, &res) == 0);
	if (res) {
		CHECK(res->ai_port_space == RDMA_PS_UDP && res->ai_qp_type == IBV_QPT_UD);
		rdma_freeaddrinfo(res);
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_qp_type = IBV_QPT_UD;
	res = NULL;
	CHECK(rdma_getaddrinfo("192.0.2.2", "7174", &hints, &res) == 0);
	if (res) {
		CHECK(res->ai_port_space == RDMA_PS_UDP && res->ai_qp_type == IBV_QPT_UD);
		rdma_freeaddrinfo(res);
	}

	/* errors */
	CHECK_ERR(rdma_getaddrinfo(NULL, NULL, NULL, &res), EINVAL);
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_IB;
	CHECK(rdma_getaddrinfo("192.0.2.2", "1", &hints, &res) == EAI_FAMILY);
	hints.ai_family = 0;
	hints.ai_flags = RAI_NUMERICHOST;
	CHECK(rdma_getaddrinfo("not-a-number", "1", &hints, &res) == EAI_NONAME);
	hints.ai_flags = 0x100;
	CHECK(rdma_getaddrinfo("192.0.2.2", "1", &hints, &res) == EAI_BADFLAGS);
}

/* rdma_bind_addr(3): addresses only a NIC has; ports, ephemeral ones
 * from 49152, taken ones refused unless both IDs set REUSEADDR. */
static void test_bind(void)
{
	struct rdma_cm_id *a, *b;
	struct sockaddr_in s;
	int one = 1;
	uint16_t port;

	CHECK_ERR(rdma_create_id(NULL, &a, NULL, (enum rdma_port_space)0x9999), EINVAL);
	CHECK(rdma_create_id(NULL, &a, NULL, RDMA_PS_TCP) == 0);
	CHECK(rdma_create_id(NULL, &b, NULL, RDMA_PS_TCP) == 0);
	s = sin4("10.9.9.9", 1000);
	CHECK_ERR(rdma_bind_addr(a, (struct sockaddr *)&s), EADDRNOTAVAIL);
	s = sin4("127.0.0.1", 1000);
	CHECK_ERR(rdma_bind_addr(a, (struct sockaddr *)&s), EADDRNOTAVAIL);
	s.sin_family = AF_IB;
	CHECK_ERR(rdma_bind_addr(a, (struct sockaddr *)&s), EAFNOSUPPORT);

	s = sin4("0.0.0.0", 0);
	CHECK(rdma_bind_addr(a, (struct sockaddr *)&s) == 0);
	port = ntohs(rdma_get_src_port(a));
	CHECK(port >= 49152);
	CHECK(a->verbs == NULL); /* the wildcard binds no device */
	CHECK_ERR(rdma_bind_addr(a, (struct sockaddr *)&s), EINVAL); /* bound already */
	s = sin4("0.0.0.0", port);
	CHECK_ERR(rdma_bind_addr(b, (struct sockaddr *)&s), EADDRINUSE);
	CHECK(rdma_destroy_id(a) == 0);
	CHECK(rdma_create_id(NULL, &a, NULL, RDMA_PS_TCP) == 0);
	CHECK(rdma_set_option(a, RDMA_OPTION_ID, RDMA_OPTION_ID_REUSEADDR, &one, sizeof(one)) == 0);
	CHECK(rdma_set_option(b, RDMA_OPTION_ID, RDMA_OPTION_ID_REUSEADDR, &one, sizeof(one)) == 0);
	CHECK(rdma_bind_addr(a, (struct sockaddr *)&s) == 0);
	CHECK(rdma_bind_addr(b, (struct sockaddr *)&s) == 0);
	CHECK(rdma_get_src_port(b) == htons(port));
	/* another port space does not collide */
	rdma_destroy_id(a);
	rdma_destroy_id(b);
	CHECK(rdma_create_id(NULL, &a, NULL, RDMA_PS_TCP) == 0);
	CHECK(rdma_create_id(NULL, &b, NULL, RDMA_PS_UDP) == 0);
	s = sin4("0.0.0.0", 5555);
	CHECK(rdma_bind_addr(a, (struct sockaddr *)&s) == 0);
	CHECK(rdma_bind_addr(b, (struct sockaddr *)&s) == 0);
	rdma_destroy_id(a);
	rdma_destroy_id(b);
}

/* rdma_resolve_addr(3) without opening a device: ADDR_ERROR for an
 * address no NIC has (-ETIMEDOUT on the NICs' /24, -ENODEV elsewhere).
 * The sockets are plain files: a connection attempt would fail the call. */
static void test_resolve_errors(void)
{
	struct rdma_event_channel *ch = rdma_create_event_channel();
	struct rdma_cm_event *ev;
	struct rdma_cm_id *id, *sid;
	struct sockaddr_in d;
	struct pollfd p;

	CHECK(ch != NULL);
	if (!ch)
		return;
	nonblock(ch);
	CHECK(rdma_create_id(ch, &id, (void *)0x77, RDMA_PS_TCP) == 0);
	p.fd = ch->fd;
	p.events = POLLIN;
	CHECK(poll(&p, 1, 0) == 0);
	CHECK(no_event(ch));
	CHECK_ERR(rdma_resolve_route(id, 100), EINVAL); /* no address yet */
	CHECK_ERR(rdma_connect(id, NULL), EINVAL);
	d = sin4("192.0.2.9", 7471);
	CHECK(rdma_resolve_addr(id, NULL, (struct sockaddr *)&d, 100) == 0);
	CHECK(poll(&p, 1, 0) == 1 && (p.revents & POLLIN));
	ev = EXPECT(ch, RDMA_CM_EVENT_ADDR_ERROR);
	if (ev) {
		CHECK(ev->status == -ETIMEDOUT);
		CHECK(ev->id == id && ev->id->context == (void *)0x77);
		CHECK(rdma_ack_cm_event(ev) == 0);
	}
	CHECK(id->verbs == NULL);
	CHECK(poll(&p, 1, 0) == 0);
	d = sin4("10.1.2.3", 7471);
	CHECK(rdma_resolve_addr(id, NULL, (struct sockaddr *)&d, 100) == 0);
	ev = EXPECT(ch, RDMA_CM_EVENT_ADDR_ERROR);
	if (ev) {
		CHECK(ev->status == -ENODEV);
		rdma_ack_cm_event(ev);
	}
	/* rdma_migrate_id(3): queued events move with the ID */
	{
		struct rdma_event_channel *ch2 = rdma_create_event_channel();

		nonblock(ch2);
		CHECK(rdma_resolve_addr(id, NULL, (struct sockaddr *)&d, 100) == 0);
		CHECK(rdma_migrate_id(id, ch2) == 0);
		CHECK(id->channel == ch2);
		CHECK(no_event(ch));
		ev = EXPECT(ch2, RDMA_CM_EVENT_ADDR_ERROR);
		if (ev)
			rdma_ack_cm_event(ev);
		CHECK(rdma_migrate_id(id, ch) == 0);
		rdma_destroy_event_channel(ch2);
	}
	CHECK(rdma_destroy_id(id) == 0);

	/* synchronous: the error comes back as errno */
	CHECK(rdma_create_id(NULL, &sid, NULL, RDMA_PS_TCP) == 0);
	CHECK_ERR(rdma_resolve_addr(sid, NULL, (struct sockaddr *)&d, 100), ENODEV);
	CHECK(sid->event && sid->event->event == RDMA_CM_EVENT_ADDR_ERROR);
	rdma_destroy_id(sid);

	/* what needs a connection fails on an ID that has none */
	CHECK(rdma_create_id(ch, &id, NULL, RDMA_PS_TCP) == 0);
	CHECK_ERR(rdma_accept(id, NULL), EINVAL);
	CHECK_ERR(rdma_reject(id, NULL, 0), EINVAL);
	CHECK_ERR(rdma_disconnect(id), EINVAL);
	CHECK_ERR(rdma_establish(id), EINVAL);
	CHECK_ERR(rdma_notify(id, IBV_EVENT_COMM_EST), EINVAL);
	{
		struct ibv_qp_attr qa = {.qp_state = IBV_QPS_INIT};
		int mask;

		CHECK_ERR(rdma_init_qp_attr(id, &qa, &mask), EINVAL); /* no device */
	}
	setenv("RNIC_CM_DEV", "nosuch", 1);
	CHECK_ERR(rdma_listen(id, 1), ENODEV);
	unsetenv("RNIC_CM_DEV");
	rdma_destroy_id(id);
	rdma_destroy_event_channel(ch);
}

static void test_options_and_unsupported(void)
{
	struct rdma_cm_id *id;
	struct sockaddr_in s = sin4("192.0.2.1", 0);
	struct ibv_ece ece = {.vendor_id = 0x15b3, .options = 7, .comp_mask = 0};
	uint8_t tos = 32, to = 40;
	int one = 1;

	CHECK(rdma_create_id(NULL, &id, NULL, RDMA_PS_TCP) == 0);
	CHECK(rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_TOS, &tos, sizeof(tos)) == 0);
	CHECK_ERR(rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_TOS, &one, sizeof(one)), EINVAL);
	CHECK(rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_AFONLY, &one, sizeof(one)) == 0);
	CHECK_ERR(rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT, &to, 1), EINVAL);
	to = 18;
	CHECK(rdma_set_option(id, RDMA_OPTION_ID, RDMA_OPTION_ID_ACK_TIMEOUT, &to, 1) == 0);
	CHECK_ERR(rdma_set_option(id, 99, 0, &one, sizeof(one)), ENOSYS);
	CHECK(rdma_set_local_ece(id, &ece) == 0);
	memset(&ece, 0xff, sizeof(ece));
	CHECK(rdma_get_remote_ece(id, &ece) == 0);
	CHECK(ece.vendor_id == 0 && ece.options == 0 && ece.comp_mask == 0);

	CHECK_ERR(rdma_join_multicast(id, (struct sockaddr *)&s, NULL), EOPNOTSUPP);
	CHECK_ERR(rdma_leave_multicast(id, (struct sockaddr *)&s), EOPNOTSUPP);
	{
		struct rdma_cm_join_mc_attr_ex mc = {.comp_mask = RDMA_CM_JOIN_MC_ATTR_ADDRESS,
						     .addr = (struct sockaddr *)&s};

		CHECK_ERR(rdma_join_multicast_ex(id, &mc, NULL), EOPNOTSUPP);
	}
	rdma_destroy_id(id);
	CHECK_ERR(rsocket(AF_INET, SOCK_STREAM, 0), EOPNOTSUPP);
	CHECK_ERR(rclose(3), EBADF);
	CHECK_ERR(rlisten(3, 1), EBADF);
	CHECK_ERR((int)rsend(3, "x", 1, 0), EBADF);
	CHECK_ERR(rconnect(3, (struct sockaddr *)&s, sizeof(s)), EBADF);
}

static void unit(void)
{
	test_event_str();
	test_getaddrinfo();
	test_bind();
	test_resolve_errors();
	test_options_and_unsupported();
}

/* ------------------------------------------------------------------ */
/* flow: over the in-test device                                       */

struct pair {
	struct rdma_event_channel *sch, *cch;
	struct rdma_cm_id *lid, *cid, *sid;
};

/* Server listening on 192.0.2.2:port, client resolved to it. */
static void pair_open(struct pair *p, enum rdma_port_space ps, uint16_t port)
{
	struct sockaddr_in s = sin4("192.0.2.2", port);
	struct rdma_cm_event *ev;

	memset(p, 0, sizeof(*p));
	p->sch = rdma_create_event_channel();
	p->cch = rdma_create_event_channel();
	nonblock(p->sch);
	nonblock(p->cch);
	CHECK(rdma_create_id(p->sch, &p->lid, (void *)0x11, ps) == 0);
	CHECK(rdma_bind_addr(p->lid, (struct sockaddr *)&s) == 0);
	CHECK(p->lid->verbs && strcmp(p->lid->verbs->device->name, "rnic1") == 0);
	CHECK(rdma_listen(p->lid, 4) == 0);
	CHECK(rdma_get_src_port(p->lid) == htons(port));

	CHECK(rdma_create_id(p->cch, &p->cid, (void *)0x22, ps) == 0);
	CHECK(rdma_resolve_addr(p->cid, NULL, (struct sockaddr *)&s, 2000) == 0);
	ev = EXPECT(p->cch, RDMA_CM_EVENT_ADDR_RESOLVED);
	if (ev) {
		CHECK(ev->id == p->cid && ev->status == 0);
		rdma_ack_cm_event(ev);
	}
	CHECK(p->cid->verbs && strcmp(p->cid->verbs->device->name, "rnic0") == 0);
	CHECK(p->cid->port_num == 1);
	CHECK(sa_ip(rdma_get_local_addr(p->cid)) == IP(192, 0, 2, 1));
	CHECK(ntohs(rdma_get_src_port(p->cid)) >= 49152);
	CHECK(sa_ip(rdma_get_peer_addr(p->cid)) == IP(192, 0, 2, 2));
	CHECK(rdma_get_dst_port(p->cid) == htons(port));
	CHECK(rdma_resolve_route(p->cid, 2000) == 0);
	ev = EXPECT(p->cch, RDMA_CM_EVENT_ROUTE_RESOLVED);
	if (ev)
		rdma_ack_cm_event(ev);
	CHECK(p->cid->route.num_paths == 1 && p->cid->route.path_rec);
	if (p->cid->route.path_rec) {
		CHECK(gid_is_v4(&p->cid->route.path_rec->dgid, IP(192, 0, 2, 2)));
		CHECK(gid_is_v4(&p->cid->route.path_rec->sgid, IP(192, 0, 2, 1)));
	}
}

static void pair_close(struct pair *p)
{
	if (p->cid) {
		rdma_destroy_qp(p->cid);
		CHECK(rdma_destroy_id(p->cid) == 0);
	}
	if (p->sid) {
		rdma_destroy_qp(p->sid);
		CHECK(rdma_destroy_id(p->sid) == 0);
	}
	CHECK(rdma_destroy_id(p->lid) == 0);
	rdma_destroy_event_channel(p->sch);
	rdma_destroy_event_channel(p->cch);
}

static struct ibv_qp_init_attr qp_attr(enum ibv_qp_type t)
{
	struct ibv_qp_init_attr a;

	memset(&a, 0, sizeof(a));
	a.qp_type = t;
	a.cap.max_send_wr = 8;
	a.cap.max_recv_wr = 8;
	a.cap.max_send_sge = 1;
	a.cap.max_recv_sge = 1;
	return a;
}

/* rdma_connect(3) / rdma_accept(3) / rdma_disconnect(3) on an RC
 * connection, event by event. */
static void test_rc(void)
{
	struct ibv_qp_init_attr a = qp_attr(IBV_QPT_RC);
	struct rdma_conn_param cp;
	struct rdma_cm_event *ev;
	struct ibv_qp_attr qa, sa;
	struct pair p;
	int mask;
	static const uint8_t zero[196];

	pair_open(&p, RDMA_PS_TCP, 7471);
	CHECK(rdma_create_qp(p.cid, NULL, &a) == 0);
	CHECK(p.cid->qp && p.cid->pd && p.cid->send_cq && p.cid->recv_cq);
	CHECK(p.cid->send_cq_channel && p.cid->recv_cq_channel);
	CHECK(p.cid->send_cq != p.cid->recv_cq);
	CHECK(p.cid->send_cq && p.cid->send_cq->cq_context == p.cid);
	CHECK(p.cid->qp && qp_state(p.cid->qp) == IBV_QPS_INIT);
	CHECK(a.cap.max_send_wr >= 8 && a.cap.max_recv_wr >= 8);
	/* rdma_create_qp(3): ready for receives at once (rdma_verbs.h) */
	{
		static char buf[64];
		struct ibv_mr *mr = rdma_reg_msgs(p.cid, buf, sizeof(buf));

		CHECK(mr != NULL);
		CHECK(mr && rdma_post_recv(p.cid, NULL, buf, sizeof(buf), mr) == 0);
		if (mr)
			rdma_dereg_mr(mr);
	}
	/* RTR needs the peer */
	qa.qp_state = IBV_QPS_RTR;
	CHECK_ERR(rdma_init_qp_attr(p.cid, &qa, &mask), EINVAL);
	qa.qp_state = IBV_QPS_INIT;
	CHECK(rdma_init_qp_attr(p.cid, &qa, &mask) == 0);
	CHECK(mask == (IBV_QP_STATE | IBV_QP_ACCESS_FLAGS | IBV_QP_PKEY_INDEX | IBV_QP_PORT));
	CHECK(qa.port_num == 1 && qa.pkey_index == 0);
	CHECK(qa.qp_access_flags == (IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
				     IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC));

	memset(&cp, 0, sizeof(cp));
	cp.private_data = "hello";
	cp.private_data_len = 6;
	cp.responder_resources = 2;
	cp.initiator_depth = 3;
	cp.retry_count = 5;
	cp.rnr_retry_count = 6;
	CHECK(rdma_connect(p.cid, &cp) == 0);
	CHECK_ERR(rdma_connect(p.cid, &cp), EINVAL); /* once */

	ev = EXPECT(p.sch, RDMA_CM_EVENT_CONNECT_REQUEST);
	if (!ev) {
		pair_close(&p);
		return;
	}
	p.sid = ev->id;
	CHECK(ev->listen_id == p.lid);
	CHECK(p.sid != p.lid && p.sid->context == (void *)0x11 && p.sid->channel == p.sch);
	CHECK(p.sid->verbs && strcmp(p.sid->verbs->device->name, "rnic1") == 0);
	CHECK(p.sid->ps == RDMA_PS_TCP);
	CHECK(ev->status == 0);
	/* rdma_get_cm_event(3) CONN EVENT DATA: the request's data in a
	 * buffer of the message's size, zero past it */
	CHECK(ev->param.conn.private_data_len == 56);
	CHECK(ev->param.conn.private_data && memcmp(ev->param.conn.private_data, "hello", 6) == 0);
	CHECK(ev->param.conn.private_data &&
	      memcmp((const uint8_t *)ev->param.conn.private_data + 6, zero, 50) == 0);
	CHECK(ev->param.conn.responder_resources == 3); /* the requester's initiator depth */
	CHECK(ev->param.conn.initiator_depth == 2);     /* ... and responder resources */
	CHECK(ev->param.conn.retry_count == 5);
	CHECK(ev->param.conn.rnr_retry_count == 6);
	CHECK(ev->param.conn.srq == 0);
	CHECK(p.cid->qp && ev->param.conn.qp_num == p.cid->qp->qp_num);
	CHECK(sa_ip(rdma_get_peer_addr(p.sid)) == IP(192, 0, 2, 1));
	CHECK(rdma_get_dst_port(p.sid) == rdma_get_src_port(p.cid));
	CHECK(sa_ip(rdma_get_local_addr(p.sid)) == IP(192, 0, 2, 2));
	CHECK(rdma_get_src_port(p.sid) == htons(7471));
	CHECK(rdma_ack_cm_event(ev) == 0);

	a = qp_attr(IBV_QPT_RC);
	CHECK(rdma_create_qp(p.sid, NULL, &a) == 0);
	memset(&cp, 0, sizeof(cp));
	cp.private_data = "world";
	cp.private_data_len = 6;
	cp.responder_resources = 3;
	cp.initiator_depth = 2;
	cp.rnr_retry_count = 4;
	CHECK(rdma_accept(p.sid, &cp) == 0);
	CHECK(p.sid->qp && qp_state(p.sid->qp) == IBV_QPS_RTS);

	ev = EXPECT(p.cch, RDMA_CM_EVENT_ESTABLISHED);
	if (ev) {
		CHECK(ev->id == p.cid);
		CHECK(ev->param.conn.private_data_len == 196);
		CHECK(ev->param.conn.private_data &&
		      memcmp(ev->param.conn.private_data, "world", 6) == 0);
		CHECK(p.sid->qp && ev->param.conn.qp_num == p.sid->qp->qp_num);
		CHECK(ev->param.conn.responder_resources == 2);
		CHECK(ev->param.conn.initiator_depth == 3);
		CHECK(ev->param.conn.rnr_retry_count == 4);
		rdma_ack_cm_event(ev);
	}
	CHECK(p.cid->qp && qp_state(p.cid->qp) == IBV_QPS_RTS);
	/* both ends agree: each side's RTR is the other's REQ/REP */
	qa.qp_state = IBV_QPS_RTR;
	CHECK(rdma_init_qp_attr(p.cid, &qa, &mask) == 0);
	CHECK(mask == (IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN |
		       IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER));
	CHECK(p.sid->qp && qa.dest_qp_num == p.sid->qp->qp_num);
	CHECK(qa.ah_attr.is_global == 1 && qa.ah_attr.port_num == 1);
	CHECK(gid_is_v4(&qa.ah_attr.grh.dgid, IP(192, 0, 2, 2)));
	CHECK(qa.ah_attr.grh.sgid_index == 0 && qa.ah_attr.grh.hop_limit == 64);
	CHECK(qa.path_mtu == IBV_MTU_1024); /* the port's active MTU */
	CHECK(qa.min_rnr_timer == 12);
	CHECK(qa.max_dest_rd_atomic == 2); /* the REP's initiator depth */
	sa.qp_state = IBV_QPS_RTS;
	CHECK(rdma_init_qp_attr(p.sid, &sa, &mask) == 0);
	CHECK(sa.sq_psn == qa.rq_psn);
	CHECK(sa.max_rd_atomic == 2 && sa.retry_cnt == 5 && sa.rnr_retry == 6 && sa.timeout == 14);
	qa.qp_state = IBV_QPS_RTS;
	CHECK(rdma_init_qp_attr(p.cid, &qa, &mask) == 0);
	CHECK(mask == (IBV_QP_STATE | IBV_QP_SQ_PSN | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT |
		       IBV_QP_RNR_RETRY | IBV_QP_MAX_QP_RD_ATOMIC));
	CHECK(qa.max_rd_atomic == 3 && qa.retry_cnt == 5 && qa.rnr_retry == 4);
	sa.qp_state = IBV_QPS_RTR;
	CHECK(rdma_init_qp_attr(p.sid, &sa, &mask) == 0);
	CHECK(sa.rq_psn == qa.sq_psn);
	CHECK(p.cid->qp && sa.dest_qp_num == p.cid->qp->qp_num);
	CHECK(sa.max_dest_rd_atomic == 3);
	CHECK(gid_is_v4(&sa.ah_attr.grh.dgid, IP(192, 0, 2, 1)));

	ev = EXPECT(p.sch, RDMA_CM_EVENT_ESTABLISHED);
	if (ev) {
		CHECK(ev->id == p.sid);
		rdma_ack_cm_event(ev);
	}
	CHECK(rdma_notify(p.cid, IBV_EVENT_COMM_EST) == 0);

	/* rdma_disconnect(3): the QP goes to the error state, DISCONNECTED on
	 * both sides */
	CHECK(rdma_disconnect(p.cid) == 0);
	CHECK(p.cid->qp && qp_state(p.cid->qp) == IBV_QPS_ERR);
	ev = EXPECT(p.sch, RDMA_CM_EVENT_DISCONNECTED);
	if (ev) {
		CHECK(ev->id == p.sid);
		rdma_ack_cm_event(ev);
	}
	CHECK(p.sid->qp && qp_state(p.sid->qp) == IBV_QPS_ERR); /* on the DREQ */
	CHECK(no_event(p.cch));
	CHECK(rdma_disconnect(p.sid) == 0); /* the DREP */
	ev = EXPECT(p.cch, RDMA_CM_EVENT_DISCONNECTED);
	if (ev) {
		CHECK(ev->id == p.cid);
		rdma_ack_cm_event(ev);
	}
	CHECK(rdma_disconnect(p.cid) == 0); /* nothing more to send */
	CHECK(no_event(p.sch) && no_event(p.cch));
	pair_close(&p);
}

/* REJECTED: reason 8 with no listener, 28 from rdma_reject(3). */
static void test_reject(void)
{
	struct ibv_qp_init_attr a = qp_attr(IBV_QPT_RC);
	struct rdma_conn_param cp;
	struct rdma_cm_event *ev;
	struct sockaddr_in s;
	struct rdma_cm_id *id;
	struct pair p;

	pair_open(&p, RDMA_PS_TCP, 7480);
	/* nobody on port 7481 */
	CHECK(rdma_create_id(p.cch, &id, NULL, RDMA_PS_TCP) == 0);
	s = sin4("192.0.2.2", 7481);
	CHECK(rdma_resolve_addr(id, NULL, (struct sockaddr *)&s, 100) == 0);
	ev = EXPECT(p.cch, RDMA_CM_EVENT_ADDR_RESOLVED);
	if (ev)
		rdma_ack_cm_event(ev);
	CHECK(rdma_resolve_route(id, 100) == 0);
	ev = EXPECT(p.cch, RDMA_CM_EVENT_ROUTE_RESOLVED);
	if (ev)
		rdma_ack_cm_event(ev);
	CHECK(rdma_create_qp(id, NULL, &a) == 0);
	CHECK(rdma_connect(id, NULL) == 0);
	ev = EXPECT(p.cch, RDMA_CM_EVENT_REJECTED);
	if (ev) {
		CHECK(ev->status == 8 && ev->id == id);
		rdma_ack_cm_event(ev);
	}
	rdma_destroy_qp(id);
	rdma_destroy_id(id);

	/* the server says no, with private data; no QP on the client:
	 * conn_param names one */
	memset(&cp, 0, sizeof(cp));
	cp.qp_num = 0x123;
	CHECK(rdma_connect(p.cid, &cp) == 0);
	ev = EXPECT(p.sch, RDMA_CM_EVENT_CONNECT_REQUEST);
	if (ev) {
		p.sid = ev->id;
		CHECK(ev->param.conn.qp_num == 0x123);
		rdma_ack_cm_event(ev);
		CHECK_ERR(rdma_reject(p.sid, "nope", 200), EINVAL); /* REJ holds 148 */
		CHECK(rdma_reject(p.sid, "nope", 5) == 0);
		CHECK_ERR(rdma_accept(p.sid, NULL), EINVAL);
	}
	ev = EXPECT(p.cch, RDMA_CM_EVENT_REJECTED);
	if (ev) {
		CHECK(ev->status == 28);
		CHECK(ev->param.conn.private_data_len == 148);
		CHECK(ev->param.conn.private_data && memcmp(ev->param.conn.private_data, "nope", 5) == 0);
		rdma_ack_cm_event(ev);
	}
	pair_close(&p);
}

/* An ID without a QP: CONNECT_RESPONSE, then rdma_establish(3) sends the
 * RTU; an established passive side follows. */
static void test_establish(void)
{
	struct rdma_conn_param cp;
	struct rdma_cm_event *ev;
	struct pair p;

	pair_open(&p, RDMA_PS_TCP, 7490);
	memset(&cp, 0, sizeof(cp));
	cp.qp_num = 0x321;
	cp.responder_resources = 1;
	cp.initiator_depth = 1;
	CHECK(rdma_connect(p.cid, &cp) == 0);
	ev = EXPECT(p.sch, RDMA_CM_EVENT_CONNECT_REQUEST);
	if (!ev) {
		pair_close(&p);
		return;
	}
	p.sid = ev->id;
	rdma_ack_cm_event(ev);
	memset(&cp, 0, sizeof(cp));
	cp.qp_num = 0x456;
	CHECK(rdma_accept(p.sid, &cp) == 0);
	ev = EXPECT(p.cch, RDMA_CM_EVENT_CONNECT_RESPONSE);
	if (ev) {
		CHECK(ev->param.conn.qp_num == 0x456);
		rdma_ack_cm_event(ev);
	}
	CHECK(no_event(p.sch)); /* no RTU yet */
	CHECK(rdma_establish(p.cid) == 0);
	ev = EXPECT(p.sch, RDMA_CM_EVENT_ESTABLISHED);
	if (ev)
		rdma_ack_cm_event(ev);
	CHECK_ERR(rdma_establish(p.cid), EINVAL);
	/* destroying a connected ID sends the DREQ it owes */
	CHECK(rdma_destroy_id(p.cid) == 0);
	p.cid = NULL;
	ev = EXPECT(p.sch, RDMA_CM_EVENT_DISCONNECTED);
	if (ev)
		rdma_ack_cm_event(ev);
	pair_close(&p);
}

/* RDMA_PS_UDP: SIDR_REQ and SIDR_REP; param.ud on both sides. */
static void test_ud(void)
{
	struct ibv_qp_init_attr a = qp_attr(IBV_QPT_UD);
	struct rdma_conn_param cp;
	struct rdma_cm_event *ev;
	struct ibv_qp_attr qa;
	struct pair p;
	int mask;

	pair_open(&p, RDMA_PS_UDP, 7174);
	CHECK(p.cid->qp_type == IBV_QPT_UD);
	CHECK(rdma_create_qp(p.cid, NULL, &a) == 0);
	CHECK(p.cid->qp && qp_state(p.cid->qp) == IBV_QPS_RTS); /* ready to send */
	qa.qp_state = IBV_QPS_INIT;
	CHECK(rdma_init_qp_attr(p.cid, &qa, &mask) == 0);
	CHECK(mask == (IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_QKEY));
	CHECK(qa.qkey == RDMA_UDP_QKEY);
	memset(&cp, 0, sizeof(cp));
	cp.private_data = "ud?";
	cp.private_data_len = 4;
	CHECK(rdma_connect(p.cid, &cp) == 0);
	ev = EXPECT(p.sch, RDMA_CM_EVENT_CONNECT_REQUEST);
	if (!ev) {
		pair_close(&p);
		return;
	}
	p.sid = ev->id;
	CHECK(p.sid->qp_type == IBV_QPT_UD);
	CHECK(ev->param.ud.private_data_len == 180);
	CHECK(ev->param.ud.private_data && memcmp(ev->param.ud.private_data, "ud?", 4) == 0);
	CHECK(ev->param.ud.ah_attr.is_global == 1);
	CHECK(gid_is_v4(&ev->param.ud.ah_attr.grh.dgid, IP(192, 0, 2, 1)));
	rdma_ack_cm_event(ev);
	a = qp_attr(IBV_QPT_UD);
	CHECK(rdma_create_qp(p.sid, NULL, &a) == 0);
	memset(&cp, 0, sizeof(cp));
	cp.private_data = "ud!";
	cp.private_data_len = 4;
	CHECK(rdma_accept(p.sid, &cp) == 0);
	ev = EXPECT(p.cch, RDMA_CM_EVENT_ESTABLISHED);
	if (ev) {
		CHECK(p.sid->qp && ev->param.ud.qp_num == p.sid->qp->qp_num);
		CHECK(ev->param.ud.qkey == RDMA_UDP_QKEY);
		CHECK(ev->param.ud.private_data_len == 136);
		CHECK(ev->param.ud.private_data && memcmp(ev->param.ud.private_data, "ud!", 4) == 0);
		CHECK(ev->param.ud.ah_attr.is_global == 1 && ev->param.ud.ah_attr.port_num == 1);
		CHECK(gid_is_v4(&ev->param.ud.ah_attr.grh.dgid, IP(192, 0, 2, 2)));
		CHECK(ev->param.ud.ah_attr.grh.sgid_index == 0);
		CHECK(ev->param.ud.ah_attr.grh.hop_limit == 64);
		/* the vector is one ibv_create_ah takes */
		{
			struct ibv_ah *ah = ibv_create_ah(p.cid->pd, &ev->param.ud.ah_attr);

			CHECK(ah != NULL);
			if (ah)
				ibv_destroy_ah(ah);
		}
		rdma_ack_cm_event(ev);
	}
	CHECK(no_event(p.sch)); /* no ESTABLISHED on the passive UD side */
	pair_close(&p);
}

/* The synchronous endpoint API (rdma_create_ep(3), rdma_get_request(3))
 * as rdma_server and rdma_client use it: a server thread, a client. */
static pthread_mutex_t ep_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ep_cond = PTHREAD_COND_INITIALIZER;
static int ep_listening, ep_checked, ep_server_checked;

static void ep_signal(int *flag)
{
	pthread_mutex_lock(&ep_lock);
	*flag = 1;
	pthread_cond_broadcast(&ep_cond);
	pthread_mutex_unlock(&ep_lock);
}

static void ep_wait(const int *flag)
{
	pthread_mutex_lock(&ep_lock);
	while (!*flag)
		pthread_cond_wait(&ep_cond, &ep_lock);
	pthread_mutex_unlock(&ep_lock);
}

static void *ep_server(void *arg)
{
	struct rdma_addrinfo hints, *res = NULL;
	struct ibv_qp_init_attr a = qp_attr(IBV_QPT_RC);
	struct rdma_cm_id *listen_id = NULL, *id = NULL;
	static char buf[16];
	struct ibv_mr *mr;

	(void)arg;
	memset(&hints, 0, sizeof(hints));
	hints.ai_flags = RAI_PASSIVE;
	hints.ai_port_space = RDMA_PS_TCP;
	CHECK(rdma_getaddrinfo("192.0.2.2", "7500", &hints, &res) == 0);
	CHECK(res && rdma_create_ep(&listen_id, res, NULL, &a) == 0);
	rdma_freeaddrinfo(res);
	CHECK(listen_id && rdma_listen(listen_id, 0) == 0);
	ep_signal(&ep_listening);
	if (!listen_id)
		return NULL;
	CHECK(rdma_get_request(listen_id, &id) == 0); /* blocks for the REQ */
	if (!id) {
		ep_signal(&ep_server_checked);
		rdma_destroy_ep(listen_id);
		return NULL;
	}
	CHECK(id->qp != NULL); /* made with the endpoint's attributes */
	CHECK(id->event && id->event->event == RDMA_CM_EVENT_CONNECT_REQUEST);
	CHECK(id->event && id->event->param.conn.private_data_len == 56);
	mr = rdma_reg_msgs(id, buf, sizeof(buf));
	CHECK(mr && rdma_post_recv(id, NULL, buf, sizeof(buf), mr) == 0);
	CHECK(rdma_accept(id, NULL) == 0); /* blocks for the RTU */
	CHECK(id->event && id->event->event == RDMA_CM_EVENT_ESTABLISHED);
	CHECK(id->qp && qp_state(id->qp) == IBV_QPS_RTS);
	/* no disconnection before both have looked at their QPs: a drain
	 * takes every event there is, a DREQ included */
	ep_signal(&ep_server_checked);
	ep_wait(&ep_checked);
	CHECK(rdma_disconnect(id) == 0);
	if (mr)
		rdma_dereg_mr(mr);
	rdma_destroy_ep(id);
	rdma_destroy_ep(listen_id);
	return NULL;
}

static void test_endpoint_sync(void)
{
	struct rdma_addrinfo hints, *res = NULL;
	struct ibv_qp_init_attr a = qp_attr(IBV_QPT_RC);
	struct rdma_cm_id *id = NULL;
	pthread_t t;

	pthread_create(&t, NULL, ep_server, NULL);
	ep_wait(&ep_listening);
	memset(&hints, 0, sizeof(hints));
	hints.ai_port_space = RDMA_PS_TCP;
	CHECK(rdma_getaddrinfo("192.0.2.2", "7500", &hints, &res) == 0);
	CHECK(res && rdma_create_ep(&id, res, NULL, &a) == 0); /* address and route resolved */
	rdma_freeaddrinfo(res);
	if (id) {
		CHECK(id->qp && id->send_cq && id->recv_cq && id->pd);
		CHECK(id->event && id->event->event == RDMA_CM_EVENT_ROUTE_RESOLVED);
		CHECK(rdma_connect(id, NULL) == 0); /* blocks for the REP */
		CHECK(id->event && id->event->event == RDMA_CM_EVENT_ESTABLISHED);
		CHECK(id->qp && qp_state(id->qp) == IBV_QPS_RTS);
		ep_signal(&ep_checked);
		ep_wait(&ep_server_checked);
		CHECK(rdma_disconnect(id) == 0);
		CHECK(id->event && id->event->event == RDMA_CM_EVENT_DISCONNECTED);
		rdma_destroy_ep(id);
	} else {
		ep_signal(&ep_checked);
	}
	pthread_join(t, NULL);
}

static void flow(void)
{
	test_rc();
	test_reject();
	test_establish();
	test_ud();
	test_endpoint_sync();
}

/* ------------------------------------------------------------------ */
/* reference: rdma-core's strings                                      */

static void reference(const char *lib)
{
	void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	const char *(*str)(enum rdma_cm_event_type);

	CHECK(h != NULL);
	if (!h) {
		fprintf(stderr, "%s\n", dlerror());
		return;
	}
	str = (const char *(*)(enum rdma_cm_event_type))dlsym(h, "rdma_event_str");
	CHECK(str != NULL);
	for (int i = -1; str && i < 20; i++)
		CHECK(strcmp(str((enum rdma_cm_event_type)i),
			     rdma_event_str((enum rdma_cm_event_type)i)) == 0);
	dlclose(h);
}

static const char *library_path(void)
{
	Dl_info info;
	void *sym = dlsym(RTLD_DEFAULT, "rdma_create_id");

	if (!sym || !dladdr(sym, &info) || !info.dli_fname)
		return "";
	return info.dli_fname;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "unit") == 0) {
		sim_dir_make();
		unit();
		sim_dir_remove();
	} else if (argc == 2 && strcmp(argv[1], "flow") == 0) {
		sim_dir_make();
		flow();
		sim_dir_remove();
	} else if (argc == 3 && strcmp(argv[1], "reference") == 0) {
		reference(argv[2]);
	} else {
		fprintf(stderr, "usage: %s unit | flow | reference LIB\n", argv[0]);
		return 2;
	}
	printf("library: %s\n", library_path());
	CHECK(strstr(library_path(), "/usr/lib") == NULL); /* never rdma-core's */
	if (failures) {
		printf("FAIL: %d check(s) failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
