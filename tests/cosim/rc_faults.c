/*
 * RC reliability (issue 5) on the two co-simulated NICs, through the verbs
 * API. One process opens both devices; the simulator may be lossy
 * (run_cosim.sh passes COSIM_SIM_ARGS, e.g. "--seed 1 --faults drop=0.01"),
 * and every check below must hold all the same: the NIC retransmits (go-back-N
 * after a PSN sequence NAK or a local ACK timeout, RNR waits), its responder
 * never executes a duplicate twice, and when retries run out the QP enters
 * the error state and flushes.
 *
 * usage: rc_faults MODE DEV_A DEV_B [options]
 *
 * MODE soak: -q RC QP pairs between DEV_A and DEV_B, path MTU 1024, each
 *   QP requester towards its peer (2 * q flows), -n messages in all, chosen
 *   from the seed: SEND and SEND_WITH_IMM (0 .. 4096 + 17 bytes, the MTU
 *   edges often), RDMA WRITE and WRITE_WITH_IMM, RDMA READ, FETCH_AND_ADD
 *   and CMP_AND_SWP; up to -w signaled WRs outstanding per QP, receives
 *   posted 2 * w ahead. Start PSNs sit just below 2^24: flows wrap early.
 *   Checked per flow, byte for byte:
 *   - receive completions in posting order: status, opcode, byte_len,
 *     wc_flags, imm_data, qp_num; the payload (its first 4 bytes the
 *     message's number, then a pattern of (seed, flow, message)) and the
 *     guard bytes around it; a WRITE_WITH_IMM's receive buffer untouched;
 *   - every WRITE into its own slot of the peer's memory (a slot is reused
 *     only once its last WRITE completed and was checked): at each receive
 *     completion every earlier WRITE of the flow has been executed, so the
 *     slots written since the last check must hold their patterns (and
 *     nothing around them written);
 *   - READs of a region filled once: the bytes, and the guards around them;
 *   - FETCH_AND_ADD 1 on a per-flow counter returns 0, 1, 2, ... in posting
 *     order, CMP_AND_SWP (compare = the expected value, swap = + 1) always
 *     succeeds: an atomic executed twice breaks the sequence; at the end
 *     each counter equals the number of atomics on it;
 *   - send completions in posting order: wr_id, status, opcode, qp_num,
 *     wc_flags, byte_len for READ and atomics (ibv_poll_cq(3));
 *   - at the end every WR completed exactly once and no completion follows;
 *     the QPs moved to ERR flush the receives still posted, in order.
 *   Prints messages per opcode, bytes, simulated time and messages per
 *   simulated second.
 * MODE linkdown: soak's traffic (default -n 400 -q 2) across a link outage
 *   (COSIM_SIM_ARGS "--faults down=N+DUR", DUR between the local ACK timeout
 *   and (retry_cnt + 1) times it): everything completes as in soak, and the
 *   run took at least DUR of simulated time.
 * MODE rnr: (a) a SEND (and a SEND and a WRITE behind it) to a responder
 *   without a receive, rnr_retry 7 (infinite): no completion while simulated
 *   time passes; once the receives are posted all complete SUCCESS, data
 *   exact. (b) rnr_retry 2, no receive ever: IBV_WC_RNR_RETRY_EXC_ERR, the
 *   QP in ERR, the WRs behind it and the ones posted later flushed in
 *   order, its receives flushed.
 * MODE retry: the peer QP destroyed (its packets dropped), retry_cnt -k
 *   (default 2): the first WR completes IBV_WC_RETRY_EXC_ERR after
 *   (retry_cnt + 1) local ACK timeouts (at most a 4.096 us timer tick more
 *   each, plus 20 us), the others IBV_WC_WR_FLUSH_ERR in posting order, later
 *   WRs too, the receives flushed, the QP in ERR; asynchronous events are
 *   printed, not checked.
 * MODE flush: a full send queue (max_send_wr: large WRITEs, SENDs,
 *   WRITE_WITH_IMMs, READs; one more is ENOMEM) and a full receive queue,
 *   then ibv_modify_qp to ERR, once at once and once after a quarter of the
 *   WRs completed: the send WRs complete SUCCESS then IBV_WC_WR_FLUSH_ERR in
 *   posting order (some must be flushed; the SUCCESS ones' data checked),
 *   the receives IBV_WC_WR_FLUSH_ERR in order, WRs posted later flushed
 *   too; the peer received a prefix of the SENDs, intact.
 *
 * options:
 *   -n N   messages in all (soak 100000, linkdown 400)
 *   -q Q   QP pairs (soak 4, linkdown 2; at most 16)
 *   -s S   seed of the traffic (default 1)
 *   -w W   send WRs outstanding per QP (default 32; the depth in flush)
 *   -t T   local ACK timeout code, 4.096 us * 2^T (default 5: 131 us)
 *   -k K   retry_cnt (default 7; retry mode 2)
 *   -r R   min_rnr_timer code of the responders (default 1: 0.01 ms)
 *   -c MHZ the device clock for simulated time (default 250)
 *   -C     shared CQs: one send and one receive CQ per NIC (default: per QP)
 *   -T S   give up after S s of wall time (soak 3300, others 500): an empty
 *          ibv_poll_cq returns only at a completion or once nothing is in
 *          flight, so a device that retries forever would hang the run
 * Every failed check prints a line "rc_faults: FAIL: ..."; the last line is
 * "rc_faults: MODE: N checks passed, M failed"; exit status 0 only if M == 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <infiniband/verbs.h>

#include "cosim_common.h"

#define MAX_QP 16
#define MTU_BYTES 1024
#define MAX_MSG (4096 + 17)          /* largest SEND, WRITE and READ */
#define RBUF_LEN (MAX_MSG + 7)       /* a receive buffer: the largest SEND and spare bytes */
#define GUARD 64                     /* guard bytes before every buffer */
#define GUARD_BYTE 0xA5
#define SLOT 4352                    /* one buffer with its guards: GUARD + 7 + MAX_MSG + GUARD, rounded */
#define RSRC_SPAN 8192               /* READ offsets into the READ source */
#define RSRC_LEN (RSRC_SPAN + MAX_MSG)
#define ATOM_LEN 256                 /* [GUARD][FETCH_AND_ADD counter][GUARD][CMP_AND_SWP counter][GUARD] */
#define WSLOTS 64                    /* WRITE slots per flow */
#define WRITE_RUN 16                 /* at most this many plain WRITEs between receive-consuming messages */
#define MAX_FAIL_LINES 100
#define FLOW_FAIL_LINES 10
#define STALL_S 300                  /* wall seconds without a completion: the run hangs */

#define WRID_SEND 0x5ull
#define WRID_RECV 0xAull

struct opts {
	const char *mode, *dev_a, *dev_b;
	unsigned n, nq, window;
	uint32_t seed;
	uint8_t timeout, retry_cnt, min_rnr_timer;
	double mhz;
	int shared_cq;
	unsigned limit_s;
};

/* ---- reporting ---------------------------------------------------------- */

static unsigned long n_pass, n_fail, n_printed;
static int last_printed; /* the last failure got its line */

static void fail_line(const char *fmt, va_list ap)
{
	n_fail++;
	last_printed = n_printed < MAX_FAIL_LINES;
	if (!last_printed) {
		if (n_printed++ == MAX_FAIL_LINES)
			printf("rc_faults: further failures are counted, not printed\n");
		return;
	}
	n_printed++;
	printf("rc_faults: FAIL: ");
	vprintf(fmt, ap);
	printf("\n");
	fflush(stdout);
}

/* Count a failed check and print its line (the first MAX_FAIL_LINES). 0. */
__attribute__((format(printf, 1, 2))) static int fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fail_line(fmt, ap);
	va_end(ap);
	return 0;
}

/* The same, at most FLOW_FAIL_LINES lines for one flow of the soak (one
 * corruption often fails every later check of its flow), so the others'
 * and the final checks' lines still show. */
__attribute__((format(printf, 2, 3))) static int flow_fail(unsigned *lines, const char *fmt, ...)
{
	va_list ap;

	if (++*lines > FLOW_FAIL_LINES) {
		n_fail++;
		last_printed = 0;
		if (*lines == FLOW_FAIL_LINES + 1)
			printf("rc_faults:   (further failures of that flow are counted, not printed)\n");
		return 0;
	}
	va_start(ap, fmt);
	fail_line(fmt, ap);
	va_end(ap);
	return 0;
}

/* The watchdog: an empty ibv_poll_cq returns only once the device has
 * something to report or nothing in flight, so a device that retries
 * forever never lets it return. */
static const char *alarm_mode;
static unsigned alarm_s;

static void on_alarm(int sig)
{
	char line[256];
	int n = snprintf(line, sizeof(line),
			 "rc_faults: FAIL: %s: still running after %u s of wall time (a poll that never returns: the "
			 "device retries forever?)\nrc_faults: %s: %lu checks passed, %lu failed\n",
			 alarm_mode, alarm_s, alarm_mode, n_pass, n_fail + 1);

	(void)sig;
	fflush(stdout);
	if (n > 0 && write(STDOUT_FILENO, line, (size_t)n) < 0)
		_exit(1);
	_exit(1);
}

static int pass(void)
{
	n_pass++;
	return 1;
}

/* Count a check: 1 if it held; the message is formatted only when not. */
#define CHECK(cond, ...) ((cond) ? pass() : fail(__VA_ARGS__))
#define FCHECK(f, cond, ...) ((cond) ? pass() : flow_fail(&(f)->fail_lines, __VA_ARGS__))

static double wall_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *qp_state_str(enum ibv_qp_state s)
{
	static const char *const n[] = {"RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR"};

	return (unsigned)s < sizeof(n) / sizeof(n[0]) ? n[s] : "?";
}

/* ---- patterns ---------------------------------------------------------- */

static inline uint32_t mix32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

/* Byte `off` of a message: bytes 0-3 its number (little-endian), then a
 * pattern of the flow's key and the message. The READ sources use the
 * pattern alone (seq ~0u: the number bytes are pattern too). */
static inline uint8_t pat_byte(uint32_t key, uint32_t seq, uint32_t off)
{
	if (off < 4 && seq != ~0u)
		return (uint8_t)(seq >> (8 * off));
	return (uint8_t)(mix32(key ^ mix32(seq + (off >> 2) * 0x9E3779B9u)) >> (8 * (off & 3)));
}

static void pat_fill(uint8_t *p, uint32_t len, uint32_t key, uint32_t seq, uint32_t from)
{
	for (uint32_t i = 0; i < len; i++)
		p[i] = pat_byte(key, seq, from + i);
}

/* The first byte that differs from the pattern, or UINT32_MAX. */
static uint32_t pat_diff(const uint8_t *p, uint32_t len, uint32_t key, uint32_t seq, uint32_t from)
{
	for (uint32_t i = 0; i < len; i++)
		if (p[i] != pat_byte(key, seq, from + i))
			return i;
	return UINT32_MAX;
}

/* The first byte of [p, p + len) that is not GUARD_BYTE, or UINT32_MAX. */
static uint32_t guard_diff(const uint8_t *p, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (p[i] != GUARD_BYTE)
			return (uint32_t)i;
	return UINT32_MAX;
}

/* A slot of SLOT bytes holding `len` bytes at `off`: the bytes around them
 * untouched. The first offending offset relative to the data, or 0 if none
 * (reported by the caller as "before"/"after"). */
static int slot_guards_ok(const uint8_t *slot, uint32_t off, uint32_t len, long *where)
{
	uint32_t d = guard_diff(slot, off);

	if (d != UINT32_MAX) {
		*where = (long)d - (long)off;
		return 0;
	}
	d = guard_diff(slot + off + len, SLOT - off - len);
	if (d != UINT32_MAX) {
		*where = (long)len + d;
		return 0;
	}
	return 1;
}

/* After a payload mismatch: which message's bytes are there instead. */
static void print_found(const char *what, const uint8_t *p)
{
	uint32_t seq;

	memcpy(&seq, p, 4);
	if (!last_printed)
		return;
	if (guard_diff(p, 4) == UINT32_MAX)
		printf("rc_faults:   (%s: its first 4 bytes are guard bytes, not written)\n", what);
	else
		printf("rc_faults:   (%s: its first 4 bytes name message %u)\n", what, seq);
}

/* ---- devices ----------------------------------------------------------- */

struct nic {
	char tag;                    /* 'A' or 'B' */
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	union ibv_gid gid;
	struct ibv_device_attr attr;
	uint8_t *buf;
	size_t len;
	struct ibv_mr *mr;
};

static int nic_open(struct nic *n, char tag, const char *name, size_t len)
{
	n->tag = tag;
	n->ctx = cosim_open_dev(name);
	if (!n->ctx)
		return -1;
	if (ibv_query_gid(n->ctx, 1, 0, &n->gid) || ibv_query_device(n->ctx, &n->attr)) {
		fprintf(stderr, "rc_faults: %s: query: %s\n", name, strerror(errno));
		return -1;
	}
	n->pd = ibv_alloc_pd(n->ctx);
	n->len = (len + 4095) & ~(size_t)4095;
	n->buf = aligned_alloc(4096, n->len);
	if (!n->pd || !n->buf) {
		fprintf(stderr, "rc_faults: %s: pd/buffer: %s\n", name, strerror(errno));
		return -1;
	}
	memset(n->buf, GUARD_BYTE, n->len);
	n->mr = ibv_reg_mr(n->pd, n->buf, n->len,
			   IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ |
				   IBV_ACCESS_REMOTE_ATOMIC);
	if (!n->mr) {
		fprintf(stderr, "rc_faults: %s: ibv_reg_mr: %s\n", name, strerror(errno));
		return -1;
	}
	/* the async events are read without waiting */
	if (fcntl(n->ctx->async_fd, F_SETFL, fcntl(n->ctx->async_fd, F_GETFL) | O_NONBLOCK)) {
		fprintf(stderr, "rc_faults: %s: async_fd: %s\n", name, strerror(errno));
		return -1;
	}
	return 0;
}

static struct ibv_qp *rc_qp_new(struct nic *n, struct ibv_cq *scq, struct ibv_cq *rcq, unsigned sdepth,
				unsigned rdepth, struct ibv_qp_cap *cap)
{
	struct ibv_qp_init_attr ia = {
		.send_cq = scq,
		.recv_cq = rcq,
		.cap = {.max_send_wr = sdepth, .max_recv_wr = rdepth, .max_send_sge = 1, .max_recv_sge = 1},
		.qp_type = IBV_QPT_RC,
		.sq_sig_all = 1,
	};
	struct ibv_qp *qp = ibv_create_qp(n->pd, &ia);

	if (!qp) {
		fprintf(stderr, "rc_faults: nic %c: ibv_create_qp: %s\n", n->tag, strerror(errno));
		return NULL;
	}
	if (cap)
		*cap = ia.cap;
	struct ibv_qp_attr a = {.qp_state = IBV_QPS_INIT, .pkey_index = 0, .port_num = 1,
				.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
						   IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC};
	if (ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS)) {
		fprintf(stderr, "rc_faults: nic %c: modify to INIT: %s\n", n->tag, strerror(errno));
		return NULL;
	}
	return qp;
}

static enum ibv_qp_state qp_state(struct ibv_qp *qp)
{
	struct ibv_qp_attr a;
	struct ibv_qp_init_attr ia;

	if (ibv_query_qp(qp, &a, IBV_QP_STATE, &ia))
		return (enum ibv_qp_state)-1;
	return a.qp_state;
}

static int qp_to_err(struct ibv_qp *qp)
{
	struct ibv_qp_attr a = {.qp_state = IBV_QPS_ERR};

	return ibv_modify_qp(qp, &a, IBV_QP_STATE);
}

/* IBA table of RNR NAK timer codes (the RTR attribute min_rnr_timer), in ns. */
static uint64_t rnr_timer_ns(uint8_t code)
{
	static const uint32_t us100[32] = {
		6553600, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192,
		256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152};

	return (uint64_t)us100[code & 31] * 10000u; /* in units of 0.01 ms */
}

/* The local ACK timeout of code t: 4.096 us * 2^t, in ns. */
static uint64_t ack_timeout_ns(uint8_t t)
{
	return (uint64_t)4096 << t;
}

static uint64_t ns_to_cycles(const struct opts *o, uint64_t ns)
{
	return (uint64_t)((double)ns * o->mhz / 1000.0);
}

static double cycles_to_us(const struct opts *o, uint64_t c)
{
	return (double)c / o->mhz;
}

/* Print, do not check, the asynchronous events a device has queued. */
static void print_async_events(const char *mode, struct nic *n)
{
	struct ibv_async_event ev;
	unsigned k = 0;

	while (ibv_get_async_event(n->ctx, &ev) == 0) {
		uint32_t qpn = 0;

		if (ev.event_type == IBV_EVENT_QP_FATAL || ev.event_type == IBV_EVENT_QP_REQ_ERR ||
		    ev.event_type == IBV_EVENT_QP_ACCESS_ERR || ev.event_type == IBV_EVENT_COMM_EST ||
		    ev.event_type == IBV_EVENT_SQ_DRAINED || ev.event_type == IBV_EVENT_PATH_MIG ||
		    ev.event_type == IBV_EVENT_PATH_MIG_ERR || ev.event_type == IBV_EVENT_QP_LAST_WQE_REACHED)
			qpn = ev.element.qp->qp_num;
		printf("rc_faults: %s: nic %c async event: %s (qpn 0x%x)\n", mode, n->tag,
		       ibv_event_type_str(ev.event_type), qpn);
		ibv_ack_async_event(&ev);
		k++;
	}
	if (!k)
		printf("rc_faults: %s: nic %c: no async event\n", mode, n->tag);
}

/* No completion is there, and none comes: on the simulator an empty poll
 * lets simulated time run until nothing is in flight. Reports any that
 * came. */
static void expect_cq_empty(const char *what, struct ibv_cq *cq)
{
	struct ibv_wc wc[8];

	for (int round = 0; round < 3; round++) {
		int n = ibv_poll_cq(cq, 8, wc);

		CHECK(n == 0, "%s: %d unexpected completion(s), the first wr_id 0x%" PRIx64 " status %s qpn 0x%x", what,
		      n, n > 0 ? wc[0].wr_id : 0, n > 0 ? ibv_wc_status_str(wc[0].status) : "-",
		      n > 0 ? wc[0].qp_num : 0);
	}
}

/* ====================================================================== */
/* soak and linkdown                                                       */
/* ====================================================================== */

enum op { OP_SEND, OP_SEND_IMM, OP_WRITE, OP_WRITE_IMM, OP_READ, OP_FAA, OP_CAS, OP_COUNT };

static const char *const op_name[OP_COUNT] = {"SEND",      "SEND_WITH_IMM", "RDMA_WRITE",  "RDMA_WRITE_WITH_IMM",
					      "RDMA_READ", "FETCH_AND_ADD", "CMP_AND_SWP"};
static const enum ibv_wr_opcode op_wr[OP_COUNT] = {
	IBV_WR_SEND,	  IBV_WR_SEND_WITH_IMM,	       IBV_WR_RDMA_WRITE,	   IBV_WR_RDMA_WRITE_WITH_IMM,
	IBV_WR_RDMA_READ, IBV_WR_ATOMIC_FETCH_AND_ADD, IBV_WR_ATOMIC_CMP_AND_SWP};
static const enum ibv_wc_opcode op_wc[OP_COUNT] = {IBV_WC_SEND,	     IBV_WC_SEND,      IBV_WC_RDMA_WRITE,
						   IBV_WC_RDMA_WRITE, IBV_WC_RDMA_READ, IBV_WC_FETCH_ADD,
						   IBV_WC_COMP_SWAP};
/* out of 100 */
static const unsigned op_weight[OP_COUNT] = {18, 12, 18, 12, 16, 12, 12};

static int op_consumes(unsigned op) { return op == OP_SEND || op == OP_SEND_IMM || op == OP_WRITE_IMM; }
static int op_writes(unsigned op) { return op == OP_WRITE || op == OP_WRITE_IMM; }
static int op_imm(unsigned op) { return op == OP_SEND_IMM || op == OP_WRITE_IMM; }
static int op_atomic(unsigned op) { return op == OP_FAA || op == OP_CAS; }

struct msg {
	uint32_t len;
	uint32_t a;    /* write index (WRITEs), offset into the READ source, or atomic index */
	uint32_t r;    /* receive index (receive-consuming messages) */
	uint8_t op;
};

/* One direction of one QP pair: the requester QP on nic `side`, the
 * responder QP (its peer) on the other. */
struct flow {
	unsigned id, side, q;
	struct ibv_qp *qp, *peer;
	uint8_t *lslots;                      /* requester: window slots */
	uint8_t *rslots, *wslots, *rsrc, *atom; /* responder: receives, WRITE slots, READ source, counters */
	uint32_t lkey, rkey;
	uint32_t key, rsrc_key, imm_key;
	struct msg *m;
	unsigned n;
	uint32_t *cons;                       /* receive index -> message */
	unsigned ncons;
	uint32_t *wmsg;                       /* write index -> message */
	unsigned nwrites, nfaa, ncas;
	unsigned posted, done;                /* send WRs posted; completed without a gap */
	uint8_t *sseen;                       /* per message: send completions seen */
	unsigned rposted, rdone;              /* receive WRs posted; completed without a gap */
	uint8_t *rseen;                       /* per receive WR */
	unsigned wchecked, chk_msg;           /* WRITEs checked at the responder; messages scanned */
	unsigned long slot_waits;
	unsigned fail_lines;
};

struct soak {
	const struct opts *o;
	struct nic nic[2];
	unsigned nq, nflow, window, rdepth;
	struct ibv_qp *qp[2][MAX_QP];
	struct ibv_cq *scq[2][MAX_QP], *rcq[2][MAX_QP];
	struct ibv_cq *cqs[4 * MAX_QP];      /* distinct CQs */
	unsigned ncq;
	struct flow fl[2 * MAX_QP];
	size_t per_qp, off_rslots, off_wslots, off_rsrc, off_atom;
	struct ibv_send_wr *wr;
	struct ibv_sge *sge;
	struct ibv_recv_wr *rwr;
	struct ibv_sge *rsge;
	int flushing;
	unsigned long ops[OP_COUNT];
	uint64_t bytes;
};

static uint64_t send_wrid(const struct flow *f, unsigned k)
{
	return WRID_SEND << 60 | (uint64_t)f->id << 40 | k;
}

static uint64_t recv_wrid(const struct flow *f, unsigned j)
{
	return WRID_RECV << 60 | (uint64_t)f->id << 40 | j;
}

static uint32_t imm_of(const struct flow *f, unsigned k) { return f->imm_key ^ k; }

/* "flow A>B/qp2 msg 17 RDMA_READ 1025 B": the prefix of a failure line. */
#define FMT_MSG "flow %c>%c/qp%u (qpn 0x%x) msg %u %s %u B: "
#define ARG_MSG(f, k)                                                                           \
	(f)->side ? 'B' : 'A', (f)->side ? 'A' : 'B', (f)->q, (f)->qp->qp_num, (k), op_name[(f)->m[k].op], \
		(f)->m[k].len
#define FMT_FLOW "flow %c>%c/qp%u (qpn 0x%x, peer 0x%x): "
#define ARG_FLOW(f) (f)->side ? 'B' : 'A', (f)->side ? 'A' : 'B', (f)->q, (f)->qp->qp_num, (f)->peer->qp_num

static void flow_schedule(struct flow *f, const struct opts *o, unsigned n)
{
	static const uint32_t sizes[] = {0, 1, 64, 1000, 1023, 1024, 1025, 2048, 3000, 4096, MAX_MSG};
	uint32_t s = mix32(o->seed * 0x9E3779B9u + f->id * 0x85EBCA6Bu + 1) | 1;
	unsigned run = 0; /* plain WRITEs since the last receive-consuming message */

	f->n = n;
	for (unsigned k = 0; k < n; k++) {
		struct msg *m = &f->m[k];
		unsigned r = cosim_xorshift(&s) % 100, op = 0;

		while (r >= op_weight[op]) {
			r -= op_weight[op];
			op++;
		}
		/* a WRITE slot is reused once a later receive completion let the
		 * responder check it: keep such completions coming */
		if (op == OP_WRITE && run >= WRITE_RUN)
			op = OP_WRITE_IMM;
		m->op = (uint8_t)op;
		if (op_atomic(op))
			m->len = 8;
		else if (cosim_xorshift(&s) & 1)
			m->len = sizes[cosim_xorshift(&s) % (sizeof(sizes) / sizeof(sizes[0]))];
		else
			m->len = cosim_xorshift(&s) % (MAX_MSG + 1);
		m->r = UINT32_MAX;
		if (op_consumes(op)) {
			m->r = f->ncons;
			f->cons[f->ncons++] = k;
			run = 0;
		} else if (op == OP_WRITE) {
			run++;
		}
		if (op_writes(op)) {
			m->a = f->nwrites;
			f->wmsg[f->nwrites++] = k;
		} else if (op == OP_READ) {
			m->a = cosim_xorshift(&s) % (RSRC_SPAN + 1);
		} else if (op == OP_FAA) {
			m->a = f->nfaa++;
		} else if (op == OP_CAS) {
			m->a = f->ncas++;
		} else {
			m->a = 0;
		}
	}
}

/* Where message k's bytes sit in its requester slot. */
static uint32_t lslot_off(const struct flow *f, unsigned k)
{
	return op_atomic(f->m[k].op) ? GUARD + 8 * (k % 3) : GUARD + k % 5;
}

static uint8_t *wslot(const struct flow *f, uint32_t w) { return f->wslots + (size_t)(w % WSLOTS) * SLOT; }
static uint32_t wslot_off(uint32_t w) { return GUARD + w % 7; }
static uint32_t rslot_off(uint32_t j) { return GUARD + j % 3; }

/* Post the flow's next send WRs, as many as the window and the WRITE slots
 * allow, as one list. -1 when ibv_post_send refused them. */
static int flow_post_sends(struct soak *S, struct flow *f)
{
	unsigned cnt = 0;

	while (f->posted < f->n && f->posted - f->done < S->window) {
		unsigned k = f->posted;
		const struct msg *m = &f->m[k];

		if (op_writes(m->op) && m->a >= WSLOTS) {
			uint32_t prev = m->a - WSLOTS; /* the last WRITE into this slot */
			if (prev >= f->wchecked || f->wmsg[prev] >= f->done) {
				f->slot_waits++;
				break;
			}
		}
		uint8_t *slot = f->lslots + (size_t)(k % S->window) * SLOT;
		uint8_t *p = slot + lslot_off(f, k);
		struct ibv_send_wr *w = &S->wr[cnt];
		struct ibv_sge *g = &S->sge[cnt];

		if (m->op == OP_READ || op_atomic(m->op))
			memset(slot, GUARD_BYTE, SLOT);
		else
			pat_fill(p, m->len, f->key, k, 0);
		*g = (struct ibv_sge){.addr = (uintptr_t)p, .length = m->len, .lkey = f->lkey};
		*w = (struct ibv_send_wr){.wr_id = send_wrid(f, k), .sg_list = g, .num_sge = 1,
					  .opcode = op_wr[m->op], .send_flags = IBV_SEND_SIGNALED};
		if (op_imm(m->op))
			w->imm_data = htonl(imm_of(f, k));
		if (op_writes(m->op)) {
			w->wr.rdma.remote_addr = (uintptr_t)(wslot(f, m->a) + wslot_off(m->a));
			w->wr.rdma.rkey = f->rkey;
		} else if (m->op == OP_READ) {
			w->wr.rdma.remote_addr = (uintptr_t)(f->rsrc + GUARD + m->a);
			w->wr.rdma.rkey = f->rkey;
		} else if (m->op == OP_FAA) {
			w->wr.atomic.remote_addr = (uintptr_t)(f->atom + GUARD);
			w->wr.atomic.compare_add = 1;
			w->wr.atomic.rkey = f->rkey;
		} else if (m->op == OP_CAS) {
			w->wr.atomic.remote_addr = (uintptr_t)(f->atom + 2 * GUARD + 8);
			w->wr.atomic.compare_add = m->a;
			w->wr.atomic.swap = (uint64_t)m->a + 1;
			w->wr.atomic.rkey = f->rkey;
		}
		if (cnt)
			S->wr[cnt - 1].next = w;
		cnt++;
		f->posted++;
	}
	if (!cnt)
		return 0;
	struct ibv_send_wr *bad = NULL;
	int rc = ibv_post_send(f->qp, S->wr, &bad);
	if (!FCHECK(f, rc == 0 && bad == NULL, FMT_FLOW "ibv_post_send of %u WRs: %s", ARG_FLOW(f), cnt, strerror(rc)))
		return -1;
	return 0;
}

/* Keep rdepth receives posted on the flow's responder QP. */
static int flow_post_recvs(struct soak *S, struct flow *f)
{
	unsigned cnt = 0;

	while (f->rposted - f->rdone < S->rdepth) {
		unsigned j = f->rposted;
		uint8_t *slot = f->rslots + (size_t)(j % S->rdepth) * SLOT;

		S->rsge[cnt] = (struct ibv_sge){.addr = (uintptr_t)(slot + rslot_off(j)), .length = RBUF_LEN,
						.lkey = S->nic[!f->side].mr->lkey};
		S->rwr[cnt] = (struct ibv_recv_wr){.wr_id = recv_wrid(f, j), .sg_list = &S->rsge[cnt], .num_sge = 1};
		if (cnt)
			S->rwr[cnt - 1].next = &S->rwr[cnt];
		cnt++;
		f->rposted++;
	}
	if (!cnt)
		return 0;
	struct ibv_recv_wr *bad = NULL;
	int rc = ibv_post_recv(f->peer, S->rwr, &bad);
	if (!FCHECK(f, rc == 0 && bad == NULL, FMT_FLOW "ibv_post_recv of %u WRs: %s", ARG_FLOW(f), cnt, strerror(rc)))
		return -1;
	return 0;
}

/* The responder's view of WRITE w (message k): its slot holds the pattern,
 * nothing around it written; the slot is then cleared for its next WRITE. */
static void check_write_slot(struct flow *f, unsigned k)
{
	const struct msg *m = &f->m[k];
	uint8_t *slot = wslot(f, m->a);
	uint32_t off = wslot_off(m->a), d = pat_diff(slot + off, m->len, f->key, k, 0);
	long where = 0;

	if (!FCHECK(f, d == UINT32_MAX, FMT_MSG "WRITE slot %u at the responder: byte %u is 0x%02x, expected 0x%02x",
		   ARG_MSG(f, k), m->a % WSLOTS, d, d == UINT32_MAX ? 0 : slot[off + d],
		   d == UINT32_MAX ? 0 : pat_byte(f->key, k, d)) &&
	    m->len >= 4)
		print_found("the WRITE slot", slot + off);
	FCHECK(f, slot_guards_ok(slot, off, m->len, &where),
	      FMT_MSG "WRITE slot %u at the responder: byte %ld (relative to the data) written", ARG_MSG(f, k),
	      m->a % WSLOTS, where);
	memset(slot, GUARD_BYTE, SLOT);
}

/* Every message of the flow up to and including k has been executed at the
 * responder: check the WRITE slots not checked yet. */
static void responder_check_through(struct flow *f, unsigned k)
{
	for (; f->chk_msg <= k && f->chk_msg < f->n; f->chk_msg++) {
		const struct msg *m = &f->m[f->chk_msg];

		if (op_writes(m->op)) {
			check_write_slot(f, f->chk_msg);
			f->wchecked = m->a + 1;
		}
	}
}

static void on_send_wc(struct soak *S, struct flow *f, unsigned k, const struct ibv_wc *wc)
{
	const struct msg *m = &f->m[k];

	if (!FCHECK(f, k < f->posted && !f->sseen[k], FMT_FLOW "send wr_id 0x%" PRIx64 " (msg %u) %s", ARG_FLOW(f),
		   wc->wr_id, k, k < f->posted ? "completed twice" : "was never posted"))
		return;
	f->sseen[k] = 1;
	FCHECK(f, k == f->done, FMT_MSG "send completion out of posting order (expected msg %u)", ARG_MSG(f, k), f->done);
	while (f->done < f->posted && f->sseen[f->done])
		f->done++;
	FCHECK(f, wc->qp_num == f->qp->qp_num, FMT_MSG "send completion qp_num 0x%x", ARG_MSG(f, k), wc->qp_num);
	if (!FCHECK(f, wc->status == IBV_WC_SUCCESS, FMT_MSG "status %s (vendor_err 0x%x), expected success",
		   ARG_MSG(f, k), ibv_wc_status_str(wc->status), wc->vendor_err))
		return;
	FCHECK(f, wc->opcode == op_wc[m->op], FMT_MSG "opcode %d, expected %d", ARG_MSG(f, k), wc->opcode,
	      op_wc[m->op]);
	FCHECK(f, wc->wc_flags == 0, FMT_MSG "send completion wc_flags 0x%x, expected 0", ARG_MSG(f, k), wc->wc_flags);
	S->ops[m->op]++;
	S->bytes += m->len;

	uint8_t *slot = f->lslots + (size_t)(k % S->window) * SLOT;
	uint32_t off = lslot_off(f, k);
	long where = 0;
	if (m->op == OP_READ) {
		uint32_t d = pat_diff(slot + off, m->len, f->rsrc_key, ~0u, m->a);
		FCHECK(f, wc->byte_len == m->len, FMT_MSG "byte_len %u", ARG_MSG(f, k), wc->byte_len);
		FCHECK(f, d == UINT32_MAX, FMT_MSG "READ from offset %u: byte %u is 0x%02x, expected 0x%02x", ARG_MSG(f, k),
		      m->a, d, d == UINT32_MAX ? 0 : slot[off + d],
		      d == UINT32_MAX ? 0 : pat_byte(f->rsrc_key, ~0u, m->a + d));
		FCHECK(f, slot_guards_ok(slot, off, m->len, &where),
		      FMT_MSG "READ wrote byte %ld (relative to the buffer) outside its buffer", ARG_MSG(f, k), where);
	} else if (op_atomic(m->op)) {
		uint64_t v;
		memcpy(&v, slot + off, 8);
		FCHECK(f, wc->byte_len == 8, FMT_MSG "byte_len %u, expected 8", ARG_MSG(f, k), wc->byte_len);
		/* add 1 from 0: the n-th returns n; the n-th compare-and-swap
		 * finds n (its compare) and leaves n + 1 */
		FCHECK(f, v == m->a, FMT_MSG "%s number %u returned 0x%" PRIx64 ", expected %u (executed twice or skipped?)",
		      ARG_MSG(f, k), m->op == OP_FAA ? "FETCH_AND_ADD" : "CMP_AND_SWP", m->a, v, m->a);
		FCHECK(f, slot_guards_ok(slot, off, 8, &where),
		      FMT_MSG "atomic result written outside its 8 bytes (byte %ld)", ARG_MSG(f, k), where);
	}
}

static void on_recv_wc(struct soak *S, struct flow *f, unsigned j, const struct ibv_wc *wc)
{
	if (!FCHECK(f, j < f->rposted && !f->rseen[j], FMT_FLOW "receive wr_id 0x%" PRIx64 " (receive %u) %s",
		   ARG_FLOW(f), wc->wr_id, j, j < f->rposted ? "completed twice" : "was never posted"))
		return;
	f->rseen[j] = 1;
	FCHECK(f, j == f->rdone, FMT_FLOW "receive %u completed out of posting order (expected %u)", ARG_FLOW(f), j,
	      f->rdone);
	while (f->rdone < f->rposted && f->rseen[f->rdone])
		f->rdone++;
	FCHECK(f, wc->qp_num == f->peer->qp_num, FMT_FLOW "receive %u: qp_num 0x%x", ARG_FLOW(f), j, wc->qp_num);
	if (S->flushing) {
		FCHECK(f, wc->status == IBV_WC_WR_FLUSH_ERR && j >= f->ncons,
		      FMT_FLOW "receive %u after the move to ERR: status %s, expected %s (%u receives were consumed)",
		      ARG_FLOW(f), j, ibv_wc_status_str(wc->status), ibv_wc_status_str(IBV_WC_WR_FLUSH_ERR), f->ncons);
		return;
	}
	if (!FCHECK(f, j < f->ncons, FMT_FLOW "receive %u completed (status %s) but only %u messages consume receives",
		   ARG_FLOW(f), j, ibv_wc_status_str(wc->status), f->ncons))
		return;
	unsigned k = f->cons[j];
	const struct msg *m = &f->m[k];
	int imm = op_imm(m->op);
	enum ibv_wc_opcode want_op = m->op == OP_WRITE_IMM ? IBV_WC_RECV_RDMA_WITH_IMM : IBV_WC_RECV;

	if (!FCHECK(f, wc->status == IBV_WC_SUCCESS, FMT_MSG "receive %u: status %s (vendor_err 0x%x), expected success",
		   ARG_MSG(f, k), j, ibv_wc_status_str(wc->status), wc->vendor_err))
		return;
	FCHECK(f, wc->opcode == want_op, FMT_MSG "receive %u: opcode %d, expected %d", ARG_MSG(f, k), j, wc->opcode,
	      want_op);
	FCHECK(f, wc->byte_len == m->len, FMT_MSG "receive %u: byte_len %u", ARG_MSG(f, k), j, wc->byte_len);
	FCHECK(f, wc->wc_flags == (imm ? IBV_WC_WITH_IMM : 0u), FMT_MSG "receive %u: wc_flags 0x%x, expected 0x%x",
	      ARG_MSG(f, k), j, wc->wc_flags, imm ? IBV_WC_WITH_IMM : 0u);
	if (imm &&
	    !FCHECK(f, wc->imm_data == htonl(imm_of(f, k)), FMT_MSG "receive %u: imm_data 0x%08x, expected 0x%08x",
		    ARG_MSG(f, k), j, ntohl(wc->imm_data), imm_of(f, k)) &&
	    last_printed)
		printf("rc_faults:   (that immediate names message %u)\n", ntohl(wc->imm_data) ^ f->imm_key);

	uint8_t *slot = f->rslots + (size_t)(j % S->rdepth) * SLOT;
	uint32_t off = rslot_off(j);
	long where = 0;
	if (m->op == OP_WRITE_IMM) {
		uint32_t d = guard_diff(slot, SLOT);
		FCHECK(f, d == UINT32_MAX, FMT_MSG "receive %u: WRITE_WITH_IMM wrote byte %ld of its receive buffer",
		      ARG_MSG(f, k), j, (long)d - (long)off);
	} else {
		uint32_t d = pat_diff(slot + off, m->len, f->key, k, 0);
		if (!FCHECK(f, d == UINT32_MAX, FMT_MSG "receive %u: byte %u is 0x%02x, expected 0x%02x", ARG_MSG(f, k), j,
			   d, d == UINT32_MAX ? 0 : slot[off + d], d == UINT32_MAX ? 0 : pat_byte(f->key, k, d)) &&
		    m->len >= 4)
			print_found("the receive buffer", slot + off);
		FCHECK(f, slot_guards_ok(slot, off, m->len, &where),
		      FMT_MSG "receive %u: byte %ld (relative to the buffer) written outside the message", ARG_MSG(f, k),
		      j, where);
	}
	memset(slot, GUARD_BYTE, SLOT);
	/* in order: every earlier message of the flow has been executed */
	responder_check_through(f, k);
}

static void dispatch(struct soak *S, unsigned cqi, const struct ibv_wc *wc)
{
	unsigned tag = (unsigned)(wc->wr_id >> 60), id = (unsigned)(wc->wr_id >> 40) & 0xFFFFF;
	unsigned idx = (unsigned)(wc->wr_id & 0xFFFFFFFFFFull);

	if (!CHECK((tag == WRID_SEND || tag == WRID_RECV) && id < S->nflow,
		   "CQ %u: completion with unknown wr_id 0x%" PRIx64 " (status %s, qpn 0x%x)", cqi, wc->wr_id,
		   ibv_wc_status_str(wc->status), wc->qp_num))
		return;
	struct flow *f = &S->fl[id];
	struct ibv_cq *want = tag == WRID_SEND ? S->scq[f->side][f->q] : S->rcq[!f->side][f->q];
	FCHECK(f, S->cqs[cqi] == want, FMT_FLOW "%s wr_id 0x%" PRIx64 " completed on CQ %u, not its QP's", ARG_FLOW(f),
	      tag == WRID_SEND ? "send" : "receive", wc->wr_id, cqi);
	if (tag == WRID_SEND)
		on_send_wc(S, f, idx, wc);
	else
		on_recv_wc(S, f, idx, wc);
}

/* Is a completion due on CQ i? (An empty poll lets simulated time run until
 * the next completion of the device, so the CQs with nothing to come are
 * left alone.) */
static int cq_expects(const struct soak *S, unsigned i)
{
	for (unsigned id = 0; id < S->nflow; id++) {
		const struct flow *f = &S->fl[id];

		if (S->scq[f->side][f->q] == S->cqs[i] && f->posted > f->done)
			return 1;
		if (S->rcq[!f->side][f->q] == S->cqs[i] && f->rdone < f->ncons && f->cons[f->rdone] < f->posted)
			return 1;
		if (S->flushing && S->rcq[!f->side][f->q] == S->cqs[i] && f->rdone < f->rposted)
			return 1;
	}
	return 0;
}

static int soak_setup(struct soak *S)
{
	const struct opts *o = S->o;
	unsigned w = S->window, rd = S->rdepth;

	S->off_rslots = (size_t)w * SLOT;
	S->off_wslots = S->off_rslots + (size_t)rd * SLOT;
	S->off_rsrc = S->off_wslots + (size_t)WSLOTS * SLOT;
	S->off_atom = S->off_rsrc + ((RSRC_LEN + 2 * GUARD + 63) & ~(size_t)63);
	S->per_qp = S->off_atom + ATOM_LEN;
	for (unsigned s = 0; s < 2; s++)
		if (nic_open(&S->nic[s], s ? 'B' : 'A', s ? o->dev_b : o->dev_a, S->per_qp * S->nq))
			return -1;
	unsigned rd_atomic = (unsigned)S->nic[0].attr.max_qp_rd_atom;
	if ((unsigned)S->nic[1].attr.max_qp_rd_atom < rd_atomic)
		rd_atomic = (unsigned)S->nic[1].attr.max_qp_rd_atom;
	if (rd_atomic > 16)
		rd_atomic = 16;
	if (rd_atomic < 1)
		rd_atomic = 1;

	for (unsigned s = 0; s < 2; s++) {
		struct nic *n = &S->nic[s];
		struct ibv_cq *ss = NULL, *rr = NULL;

		if (o->shared_cq) {
			ss = ibv_create_cq(n->ctx, (int)(2 * w * S->nq), NULL, NULL, 0);
			rr = ibv_create_cq(n->ctx, (int)(2 * rd * S->nq), NULL, NULL, 0);
			if (!ss || !rr) {
				fprintf(stderr, "rc_faults: nic %c: ibv_create_cq: %s\n", n->tag, strerror(errno));
				return -1;
			}
			S->cqs[S->ncq++] = ss;
			S->cqs[S->ncq++] = rr;
		}
		for (unsigned q = 0; q < S->nq; q++) {
			if (!o->shared_cq) {
				ss = ibv_create_cq(n->ctx, (int)(2 * w), NULL, NULL, 0);
				rr = ibv_create_cq(n->ctx, (int)(2 * rd), NULL, NULL, 0);
				if (!ss || !rr) {
					fprintf(stderr, "rc_faults: nic %c: ibv_create_cq: %s\n", n->tag, strerror(errno));
					return -1;
				}
				S->cqs[S->ncq++] = ss;
				S->cqs[S->ncq++] = rr;
			}
			S->scq[s][q] = ss;
			S->rcq[s][q] = rr;
			S->qp[s][q] = rc_qp_new(n, ss, rr, w, rd, NULL);
			if (!S->qp[s][q])
				return -1;
		}
	}
	for (unsigned s = 0; s < 2; s++)
		for (unsigned q = 0; q < S->nq; q++) {
			struct cosim_rc_attr a = {.mtu = IBV_MTU_1024, .min_rnr_timer = o->min_rnr_timer,
						  .max_dest_rd_atomic = (uint8_t)rd_atomic, .timeout = o->timeout,
						  .retry_cnt = o->retry_cnt, .rnr_retry = 7,
						  .max_rd_atomic = (uint8_t)rd_atomic};
			/* start PSNs 300 * (1 .. 2q) below 2^24: the flows wrap early */
			uint32_t psn_me = (0x1000000u - 300u * (1 + q + s * S->nq)) & 0xFFFFFF;
			uint32_t psn_peer = (0x1000000u - 300u * (1 + q + (1 - s) * S->nq)) & 0xFFFFFF;
			if (cosim_qp_connect(S->qp[s][q], &a, S->qp[1 - s][q]->qp_num, &S->nic[1 - s].gid, psn_peer,
					     psn_me))
				return -1;
		}
	printf("rc_faults: %s: %u QP pairs, MTU %u, timeout %u (%.1f us), retry_cnt %u, rnr_retry 7, "
	       "min_rnr_timer %u, max_rd_atomic %u, window %u, receives ahead %u, %s CQs\n",
	       o->mode, S->nq, MTU_BYTES, o->timeout, (double)ack_timeout_ns(o->timeout) / 1000.0, o->retry_cnt,
	       o->min_rnr_timer, rd_atomic, w, rd, o->shared_cq ? "shared" : "per-QP");

	S->nflow = 2 * S->nq;
	for (unsigned id = 0; id < S->nflow; id++) {
		struct flow *f = &S->fl[id];
		unsigned s = id / S->nq, q = id % S->nq;
		unsigned n = o->n / S->nflow + (id < o->n % S->nflow);
		uint8_t *lbase = S->nic[s].buf + S->per_qp * q, *rbase = S->nic[1 - s].buf + S->per_qp * q;

		f->id = id;
		f->side = s;
		f->q = q;
		f->qp = S->qp[s][q];
		f->peer = S->qp[1 - s][q];
		f->lslots = lbase;
		f->rslots = rbase + S->off_rslots;
		f->wslots = rbase + S->off_wslots;
		f->rsrc = rbase + S->off_rsrc;
		f->atom = rbase + S->off_atom;
		f->lkey = S->nic[s].mr->lkey;
		f->rkey = S->nic[1 - s].mr->rkey;
		f->key = mix32(o->seed ^ mix32(0x51ED0000u + id));
		f->rsrc_key = mix32(f->key ^ 0x7EAD7EADu);
		f->imm_key = mix32(f->key ^ 0x1AA1u) & 0xFFF00000u; /* message numbers fit in the low 20 bits */
		f->m = calloc(n ? n : 1, sizeof(*f->m));
		f->cons = calloc(n ? n : 1, sizeof(*f->cons));
		f->wmsg = calloc(n ? n : 1, sizeof(*f->wmsg));
		f->sseen = calloc(n ? n : 1, 1);
		f->rseen = calloc(n + rd, 1);
		if (!f->m || !f->cons || !f->wmsg || !f->sseen || !f->rseen)
			return -1;
		flow_schedule(f, o, n);
		pat_fill(f->rsrc + GUARD, RSRC_LEN, f->rsrc_key, ~0u, 0);
		memset(f->atom + GUARD, 0, 8);
		memset(f->atom + 2 * GUARD + 8, 0, 8);
	}
	S->wr = calloc(w, sizeof(*S->wr));
	S->sge = calloc(w, sizeof(*S->sge));
	S->rwr = calloc(rd, sizeof(*S->rwr));
	S->rsge = calloc(rd, sizeof(*S->rsge));
	return S->wr && S->sge && S->rwr && S->rsge ? 0 : -1;
}

/* The down=N+DUR of COSIM_SIM_ARGS (the simulator's link outage), in ns;
 * 0 when there is none. */
static uint64_t link_down_ns(void)
{
	const char *a = getenv("COSIM_SIM_ARGS"), *p;
	unsigned long long frames, ns;

	if (!a || !(p = strstr(a, "down=")) || sscanf(p + 5, "%llu+%llu", &frames, &ns) != 2)
		return 0;
	return ns;
}

static int run_soak(const struct opts *o)
{
	struct soak S0, *S = &S0;
	memset(S, 0, sizeof(*S));
	S->o = o;
	S->nq = o->nq;
	S->window = o->window;
	S->rdepth = 2 * o->window;
	if (soak_setup(S))
		return -1;

	uint64_t down_ns = 0, T = ack_timeout_ns(o->timeout);
	if (!strcmp(o->mode, "linkdown")) {
		down_ns = link_down_ns();
		CHECK(down_ns > 0, "linkdown: COSIM_SIM_ARGS names no link outage (--faults down=N+DUR)");
		CHECK(down_ns == 0 || (down_ns > T && down_ns < T * (o->retry_cnt + 1u)),
		      "linkdown: the outage (%" PRIu64 " ns) must be longer than the local ACK timeout (%" PRIu64
		      " ns) and shorter than (retry_cnt + 1) times it",
		      down_ns, T);
	}

	uint64_t c0 = 0, c1 = 0;
	double t0 = wall_s(), last = t0;
	if (cosim_clock(S->nic[0].ctx, &c0))
		return -1;
	int broken = 0;
	struct ibv_wc wc[32];
	for (;;) {
		int all_done = 1;
		for (unsigned id = 0; id < S->nflow && !broken; id++) {
			struct flow *f = &S->fl[id];
			if (flow_post_sends(S, f) || flow_post_recvs(S, f))
				broken = 1;
			if (f->done < f->n || f->rdone < f->ncons)
				all_done = 0;
		}
		if (all_done || broken)
			break;
		unsigned got = 0, polled = 0;
		for (unsigned i = 0; i < S->ncq; i++) {
			if (!cq_expects(S, i))
				continue;
			polled++;
			int n = ibv_poll_cq(S->cqs[i], 32, wc);
			if (!CHECK(n >= 0, "ibv_poll_cq on CQ %u: %d", i, n)) {
				broken = 1;
				break;
			}
			for (int e = 0; e < n; e++)
				dispatch(S, i, &wc[e]);
			got += (unsigned)n;
		}
		double now = wall_s();
		if (got)
			last = now;
		if (!polled || now - last > STALL_S) {
			if (polled)
				CHECK(0, "%s: no completion for %d s of wall time: the run hangs", o->mode, STALL_S);
			else
				CHECK(0, "%s: nothing to post and no completion due: the test is stuck", o->mode);
			for (unsigned id = 0; id < S->nflow; id++) {
				struct flow *f = &S->fl[id];
				printf("rc_faults:   " FMT_FLOW "%u messages, %u posted, %u completed; receives %u posted, "
				       "%u completed, %u needed; WRITEs %u checked\n",
				       ARG_FLOW(f), f->n, f->posted, f->done, f->rposted, f->rdone, f->ncons,
				       f->wchecked);
			}
			broken = 1;
			break;
		}
		if (broken)
			break;
	}
	if (!CHECK(cosim_clock(S->nic[0].ctx, &c1) == 0, "%s: the device clock cannot be read", o->mode))
		c1 = c0;
	double wall = wall_s() - t0;

	/* Nothing more comes: every CQ stays empty while the devices go quiet. */
	for (unsigned i = 0; i < S->ncq && !broken; i++) {
		char what[64];
		snprintf(what, sizeof(what), "%s: CQ %u after the traffic", o->mode, i);
		expect_cq_empty(what, S->cqs[i]);
	}
	/* The last WRITEs (no receive completion after them), the counters, the
	 * READ sources, and every WR once. */
	for (unsigned id = 0; id < S->nflow && !broken; id++) {
		struct flow *f = &S->fl[id];
		uint64_t faa, cas;

		responder_check_through(f, f->n ? f->n - 1 : 0);
		CHECK(f->posted == f->n && f->done == f->n, FMT_FLOW "%u of %u send WRs completed", ARG_FLOW(f), f->done,
		      f->n);
		CHECK(f->rdone == f->ncons, FMT_FLOW "%u receive completions, %u messages consume receives", ARG_FLOW(f),
		      f->rdone, f->ncons);
		memcpy(&faa, f->atom + GUARD, 8);
		memcpy(&cas, f->atom + 2 * GUARD + 8, 8);
		CHECK(faa == f->nfaa, FMT_FLOW "FETCH_AND_ADD counter 0x%" PRIx64 " after %u adds of 1", ARG_FLOW(f), faa,
		      f->nfaa);
		CHECK(cas == f->ncas, FMT_FLOW "CMP_AND_SWP counter 0x%" PRIx64 " after %u swaps", ARG_FLOW(f), cas,
		      f->ncas);
		CHECK(guard_diff(f->atom, GUARD) == UINT32_MAX && guard_diff(f->atom + GUARD + 8, GUARD) == UINT32_MAX &&
			      guard_diff(f->atom + 2 * GUARD + 16, ATOM_LEN - 2 * GUARD - 16) == UINT32_MAX,
		      FMT_FLOW "bytes around the atomic counters written", ARG_FLOW(f));
		uint32_t d = pat_diff(f->rsrc + GUARD, RSRC_LEN, f->rsrc_key, ~0u, 0);
		CHECK(d == UINT32_MAX && guard_diff(f->rsrc, GUARD) == UINT32_MAX,
		      FMT_FLOW "READ source changed (byte %d)", ARG_FLOW(f), d == UINT32_MAX ? -1 : (int)d);
	}

	/* Into the error state: the receives still posted flush, in order, and
	 * no send completion comes. */
	if (!broken) {
		S->flushing = 1;
		for (unsigned s = 0; s < 2; s++)
			for (unsigned q = 0; q < S->nq; q++)
				CHECK(qp_to_err(S->qp[s][q]) == 0, "%s: nic %c qp%u: modify to ERR: %s", o->mode,
				      s ? 'B' : 'A', q, strerror(errno));
		for (unsigned round = 0; round < 1000; round++) {
			unsigned left = 0;
			for (unsigned id = 0; id < S->nflow; id++)
				left += S->fl[id].rposted - S->fl[id].rdone;
			if (!left)
				break;
			for (unsigned i = 0; i < S->ncq; i++) {
				if (!cq_expects(S, i))
					continue;
				int n = ibv_poll_cq(S->cqs[i], 32, wc);
				for (int e = 0; e < n; e++)
					dispatch(S, i, &wc[e]);
			}
		}
		for (unsigned id = 0; id < S->nflow; id++) {
			struct flow *f = &S->fl[id];
			CHECK(f->rdone == f->rposted, FMT_FLOW "%u of %u receives left after the move to ERR were flushed",
			      ARG_FLOW(f), f->rdone - f->ncons, f->rposted - f->ncons);
		}
		for (unsigned i = 0; i < S->ncq; i++) {
			char what[64];
			snprintf(what, sizeof(what), "%s: CQ %u after the flush", o->mode, i);
			expect_cq_empty(what, S->cqs[i]);
		}
		for (unsigned s = 0; s < 2; s++)
			for (unsigned q = 0; q < S->nq; q++) {
				enum ibv_qp_state st = qp_state(S->qp[s][q]);
				CHECK(st == IBV_QPS_ERR, "%s: nic %c qp%u in state %s after the move to ERR", o->mode,
				      s ? 'B' : 'A', q, qp_state_str(st));
			}
	}

	unsigned long msgs = 0, waits = 0;
	for (unsigned i = 0; i < OP_COUNT; i++)
		msgs += S->ops[i];
	for (unsigned id = 0; id < S->nflow; id++)
		waits += S->fl[id].slot_waits;
	double sim_s = (double)(c1 - c0) / (o->mhz * 1e6);
	printf("rc_faults: %s: %lu messages completed:", o->mode, msgs);
	for (unsigned i = 0; i < OP_COUNT; i++)
		printf(" %s %lu%s", op_name[i], S->ops[i], i + 1 < OP_COUNT ? "," : "\n");
	printf("rc_faults: %s: %" PRIu64 " bytes; simulated %.3f ms (%" PRIu64 " cycles at %.0f MHz): %.3f M messages/s, "
	       "%.2f Gb/s; wall %.1f s (%.0f messages/s); %lu posts held for a WRITE slot\n",
	       o->mode, S->bytes, sim_s * 1e3, c1 - c0, o->mhz, sim_s > 0 ? (double)msgs / sim_s / 1e6 : 0.0,
	       sim_s > 0 ? (double)S->bytes * 8 / sim_s / 1e9 : 0.0, wall, wall > 0 ? (double)msgs / wall : 0.0, waits);
	if (down_ns) {
		uint64_t sim_ns = (uint64_t)(sim_s * 1e9);
		CHECK(sim_ns >= down_ns,
		      "linkdown: the traffic took %" PRIu64 " ns of simulated time, less than the %" PRIu64
		      " ns outage: the link did not go down while it ran (N too large?)",
		      sim_ns, down_ns);
	}
	return 0;
}

/* ====================================================================== */
/* directed modes                                                          */
/* ====================================================================== */

/* One RC QP on each NIC, connected; each side a send CQ and a receive CQ. */
struct pair {
	struct ibv_qp *qp[2];
	struct ibv_cq *scq[2], *rcq[2];
	struct ibv_qp_cap cap[2];
};

/* scq_a: the send CQ of the QP on A, or NULL for a new one. */
static int pair_make(struct nic *nic, struct pair *p, unsigned depth, const struct cosim_rc_attr *attr_a,
		     const struct cosim_rc_attr *attr_b, uint32_t psn, struct ibv_cq *scq_a)
{
	memset(p, 0, sizeof(*p));
	for (unsigned s = 0; s < 2; s++) {
		p->scq[s] = s == 0 && scq_a ? scq_a : ibv_create_cq(nic[s].ctx, (int)(2 * depth), NULL, NULL, 0);
		p->rcq[s] = ibv_create_cq(nic[s].ctx, (int)(2 * depth), NULL, NULL, 0);
		if (!p->scq[s] || !p->rcq[s]) {
			fprintf(stderr, "rc_faults: ibv_create_cq: %s\n", strerror(errno));
			return -1;
		}
		p->qp[s] = rc_qp_new(&nic[s], p->scq[s], p->rcq[s], depth, depth, &p->cap[s]);
		if (!p->qp[s])
			return -1;
	}
	if (cosim_qp_connect(p->qp[0], attr_a, p->qp[1]->qp_num, &nic[1].gid, psn + 0x100, psn) ||
	    cosim_qp_connect(p->qp[1], attr_b, p->qp[0]->qp_num, &nic[0].gid, psn, psn + 0x100))
		return -1;
	return 0;
}

static int post_one(struct ibv_qp *qp, uint64_t wr_id, enum ibv_wr_opcode op, void *local, uint32_t len, uint32_t lkey,
		    void *remote, uint32_t rkey, uint64_t cmp_add, uint64_t swap)
{
	struct ibv_sge g = {.addr = (uintptr_t)local, .length = len, .lkey = lkey};
	struct ibv_send_wr w = {.wr_id = wr_id, .sg_list = &g, .num_sge = 1, .opcode = op,
				.send_flags = IBV_SEND_SIGNALED}, *bad = NULL;

	if (op == IBV_WR_SEND_WITH_IMM || op == IBV_WR_RDMA_WRITE_WITH_IMM)
		w.imm_data = htonl((uint32_t)wr_id);
	if (op == IBV_WR_ATOMIC_FETCH_AND_ADD || op == IBV_WR_ATOMIC_CMP_AND_SWP) {
		w.wr.atomic.remote_addr = (uintptr_t)remote;
		w.wr.atomic.rkey = rkey;
		w.wr.atomic.compare_add = cmp_add;
		w.wr.atomic.swap = swap;
	} else if (remote) {
		w.wr.rdma.remote_addr = (uintptr_t)remote;
		w.wr.rdma.rkey = rkey;
	}
	return ibv_post_send(qp, &w, &bad);
}

static int post_recv_one(struct ibv_qp *qp, uint64_t wr_id, void *buf, uint32_t len, uint32_t lkey)
{
	struct ibv_sge g = {.addr = (uintptr_t)buf, .length = len, .lkey = lkey};
	struct ibv_recv_wr w = {.wr_id = wr_id, .sg_list = &g, .num_sge = 1}, *bad = NULL;

	return ibv_post_recv(qp, &w, &bad);
}

/* The next completion of cq must be wr_id with status st (for an error
 * status only wr_id, status and qp_num are defined: ibv_poll_cq(3)). */
static int expect_wc(const char *what, struct ibv_cq *cq, uint64_t wr_id, enum ibv_wc_status st, uint32_t qpn,
		     struct ibv_wc *out)
{
	struct ibv_wc wc;

	if (!CHECK(cosim_poll_one(cq, &wc) == 0, "%s: no completion (expected wr_id 0x%" PRIx64 " %s)", what, wr_id,
		   ibv_wc_status_str(st)))
		return -1;
	CHECK(wc.wr_id == wr_id, "%s: wr_id 0x%" PRIx64 " (status %s), expected 0x%" PRIx64, what, wc.wr_id,
	      ibv_wc_status_str(wc.status), wr_id);
	CHECK(wc.status == st, "%s: wr_id 0x%" PRIx64 ": status %s (vendor_err 0x%x), expected %s", what, wc.wr_id,
	      ibv_wc_status_str(wc.status), wc.vendor_err, ibv_wc_status_str(st));
	CHECK(wc.qp_num == qpn, "%s: wr_id 0x%" PRIx64 ": qp_num 0x%x, expected 0x%x", what, wc.wr_id, wc.qp_num, qpn);
	if (out)
		*out = wc;
	return 0;
}

/*
 * Let `cycles` of simulated time pass while watching cq for a completion
 * that must not come yet. An empty ibv_poll_cq returns only at the device's
 * next CQE (or once nothing is in flight), so time is measured with traffic
 * of its own: a ticker QP pair whose requester shares cq sends 8-byte
 * WRITEs one after the other. Returns 1 with the foreign completion in *wc
 * when one came, else 0; *elapsed the cycles that passed, *ticks the WRITEs.
 */
#define TICK_WRID 0x71c0000000ull
static int wait_sim(const struct opts *o, struct nic *nic, struct ibv_cq *cq, uint64_t cycles, uint64_t *elapsed,
		    unsigned *ticks, struct ibv_wc *wc)
{
	struct cosim_rc_attr ta = {.mtu = IBV_MTU_1024, .min_rnr_timer = o->min_rnr_timer, .max_dest_rd_atomic = 1,
				   .timeout = o->timeout, .retry_cnt = 7, .rnr_retry = 7, .max_rd_atomic = 1};
	struct pair t;
	uint64_t t0, now;
	int got = 0;

	*ticks = 0;
	if (pair_make(nic, &t, 4, &ta, &ta, 0x700, cq))
		return -1;
	cosim_clock(nic[0].ctx, &t0);
	now = t0;
	while (now - t0 < cycles) {
		struct ibv_wc c;
		uint64_t id = TICK_WRID + *ticks;

		if (!CHECK(post_one(t.qp[0], id, IBV_WR_RDMA_WRITE, nic[0].buf, 8, nic[0].mr->lkey,
				    nic[1].buf + nic[1].len - 64, nic[1].mr->rkey, 0, 0) == 0,
			   "ticker: post_send"))
			break;
		++*ticks;
		if (!CHECK(cosim_poll_one(cq, &c) == 0, "ticker: no completion"))
			break;
		if (c.wr_id != id) {
			*wc = c;
			got = 1;
			/* the tick is still to come */
			CHECK(cosim_poll_one(cq, &c) == 0 && c.wr_id == id, "ticker: WRITE 0x%" PRIx64 " lost", id);
			break;
		}
		CHECK(c.status == IBV_WC_SUCCESS, "ticker: WRITE status %s", ibv_wc_status_str(c.status));
		cosim_clock(nic[0].ctx, &now);
	}
	*elapsed = now - t0;
	ibv_destroy_qp(t.qp[0]);
	ibv_destroy_qp(t.qp[1]);
	return got;
}

static int run_rnr(const struct opts *o, struct nic *nic)
{
	const char *mode = o->mode;
	uint8_t *a = nic[0].buf, *b = nic[1].buf;
	uint32_t la = nic[0].mr->lkey, lb = nic[1].mr->lkey, rb = nic[1].mr->rkey;
	struct pair p;
	struct ibv_wc wc;
	uint64_t rnr_cycles = ns_to_cycles(o, rnr_timer_ns(o->min_rnr_timer));

	/* (a) infinite RNR retries: the SEND waits for its receive. */
	struct cosim_rc_attr ra = {.mtu = IBV_MTU_1024, .min_rnr_timer = o->min_rnr_timer, .max_dest_rd_atomic = 1,
				   .timeout = o->timeout, .retry_cnt = o->retry_cnt, .rnr_retry = 7, .max_rd_atomic = 1};
	if (pair_make(nic, &p, 16, &ra, &ra, 0x10, NULL))
		return -1;
	static const uint32_t len[3] = {3000, 100, 2000}; /* SEND (3 packets), SEND, WRITE */
	uint8_t *src = a + 4096, *rbuf = b + 65536, *wdst = b + 131072 + GUARD;
	pat_fill(src, 3000, 0xA0, 0, 0);
	pat_fill(src + 4096, 100, 0xA1, 1, 0);
	pat_fill(src + 8192, 2000, 0xA2, 2, 0);
	CHECK(post_one(p.qp[0], 0xa0, IBV_WR_SEND, src, len[0], la, NULL, 0, 0, 0) == 0 &&
		      post_one(p.qp[0], 0xa1, IBV_WR_SEND, src + 4096, len[1], la, NULL, 0, 0, 0) == 0 &&
		      post_one(p.qp[0], 0xa2, IBV_WR_RDMA_WRITE, src + 8192, len[2], la, wdst, rb, 0, 0) == 0,
	      "rnr (a): post_send");
	uint64_t want = 20 * rnr_cycles, el = 0;
	if (want < ns_to_cycles(o, 100000))
		want = ns_to_cycles(o, 100000);
	unsigned ticks = 0;
	int got = wait_sim(o, nic, p.scq[0], want, &el, &ticks, &wc);
	if (got < 0)
		return -1;
	CHECK(!got, "rnr (a): a completion (wr_id 0x%" PRIx64 ", status %s) after %.1f us, before any receive was posted",
	      got ? wc.wr_id : 0, got ? ibv_wc_status_str(wc.status) : "-", cycles_to_us(o, el));
	printf("rc_faults: %s (a): %.1f us of simulated time passed without a receive (RNR timer %.2f us; "
	       "timed by %u WRITEs on another QP pair)\n",
	       mode, cycles_to_us(o, el), cycles_to_us(o, rnr_cycles), ticks);
	memset(rbuf - GUARD, GUARD_BYTE, 2 * 4096);
	CHECK(post_recv_one(p.qp[1], 0xb0, rbuf, 3000, lb) == 0 &&
		      post_recv_one(p.qp[1], 0xb1, rbuf + 4096, 100 + 3, lb) == 0,
	      "rnr (a): post_recv");
	if (!got) {
		for (unsigned i = 0; i < 3; i++) {
			struct ibv_wc c;
			if (expect_wc("rnr (a): send", p.scq[0], 0xa0 + i, IBV_WC_SUCCESS, p.qp[0]->qp_num, &c))
				break;
			CHECK(c.status != IBV_WC_SUCCESS || c.opcode == (i < 2 ? IBV_WC_SEND : IBV_WC_RDMA_WRITE),
			      "rnr (a): wr_id 0x%" PRIx64 ": opcode %d", c.wr_id, c.opcode);
		}
		for (unsigned i = 0; i < 2; i++) {
			struct ibv_wc c;
			if (expect_wc("rnr (a): receive", p.rcq[1], 0xb0 + i, IBV_WC_SUCCESS, p.qp[1]->qp_num, &c))
				break;
			CHECK(c.status != IBV_WC_SUCCESS || (c.opcode == IBV_WC_RECV && c.byte_len == len[i]),
			      "rnr (a): receive %u: opcode %d byte_len %u, expected %d and %u", i, c.opcode, c.byte_len,
			      IBV_WC_RECV, len[i]);
			uint8_t *r = rbuf + 4096 * i;
			uint32_t d = pat_diff(r, len[i], 0xA0 + i, i, 0);
			CHECK(d == UINT32_MAX, "rnr (a): SEND %u: byte %u differs", i, d);
			CHECK(guard_diff(r - GUARD, GUARD) == UINT32_MAX && guard_diff(r + len[i], GUARD) == UINT32_MAX,
			      "rnr (a): SEND %u: bytes around the message written", i);
		}
		uint32_t d = pat_diff(wdst, len[2], 0xA2, 2, 0);
		CHECK(d == UINT32_MAX, "rnr (a): the WRITE behind the SENDs: byte %u differs", d);
	}
	expect_cq_empty("rnr (a): requester send CQ", p.scq[0]);
	expect_cq_empty("rnr (a): responder receive CQ", p.rcq[1]);

	/* (b) rnr_retry 2 and never a receive: RNR retries exhausted. */
	struct pair p2;
	struct cosim_rc_attr rb2 = ra;
	rb2.rnr_retry = 2;
	if (pair_make(nic, &p2, 16, &rb2, &ra, 0x20, NULL))
		return -1;
	uint8_t *rq = a + 262144;
	for (unsigned i = 0; i < 4; i++)
		CHECK(post_recv_one(p2.qp[0], 0xc0 + i, rq + 1024 * i, 512, la) == 0, "rnr (b): post_recv %u", i);
	uint64_t t0, t1;
	cosim_clock(nic[0].ctx, &t0);
	CHECK(post_one(p2.qp[0], 0xd0, IBV_WR_SEND, src, 64, la, NULL, 0, 0, 0) == 0 &&
		      post_one(p2.qp[0], 0xd1, IBV_WR_RDMA_WRITE, src, 256, la, wdst, rb, 0, 0) == 0 &&
		      post_one(p2.qp[0], 0xd2, IBV_WR_SEND_WITH_IMM, src, 8, la, NULL, 0, 0, 0) == 0,
	      "rnr (b): post_send");
	expect_wc("rnr (b): the SEND", p2.scq[0], 0xd0, IBV_WC_RNR_RETRY_EXC_ERR, p2.qp[0]->qp_num, NULL);
	cosim_clock(nic[0].ctx, &t1);
	printf("rc_faults: %s (b): RNR retries exhausted after %.1f us of simulated time (RNR timer %.2f us, "
	       "rnr_retry 2)\n",
	       mode, cycles_to_us(o, t1 - t0), cycles_to_us(o, rnr_cycles));
	/* two RNR waits come before the third NAK ends it */
	CHECK(t1 - t0 >= 2 * rnr_cycles, "rnr (b): retries exhausted after %.1f us, less than 2 RNR timers (%.1f us)",
	      cycles_to_us(o, t1 - t0), cycles_to_us(o, 2 * rnr_cycles));
	expect_wc("rnr (b): WR behind the SEND", p2.scq[0], 0xd1, IBV_WC_WR_FLUSH_ERR, p2.qp[0]->qp_num, NULL);
	expect_wc("rnr (b): WR behind the SEND", p2.scq[0], 0xd2, IBV_WC_WR_FLUSH_ERR, p2.qp[0]->qp_num, NULL);
	enum ibv_qp_state st = qp_state(p2.qp[0]);
	CHECK(st == IBV_QPS_ERR, "rnr (b): requester QP in state %s, expected ERR", qp_state_str(st));
	CHECK(post_one(p2.qp[0], 0xe0, IBV_WR_SEND, src, 64, la, NULL, 0, 0, 0) == 0 &&
		      post_one(p2.qp[0], 0xe1, IBV_WR_RDMA_READ, rq + 8192, 64, la, b + 4096, rb, 0, 0) == 0 &&
		      post_one(p2.qp[0], 0xe2, IBV_WR_ATOMIC_FETCH_AND_ADD, rq + 16384, 8, la, b + 200000, rb, 1, 0) == 0,
	      "rnr (b): post_send in ERR");
	for (unsigned i = 0; i < 3; i++)
		expect_wc("rnr (b): WR posted in ERR", p2.scq[0], 0xe0 + i, IBV_WC_WR_FLUSH_ERR, p2.qp[0]->qp_num, NULL);
	for (unsigned i = 0; i < 4; i++)
		expect_wc("rnr (b): receive of the failed QP", p2.rcq[0], 0xc0 + i, IBV_WC_WR_FLUSH_ERR, p2.qp[0]->qp_num,
			  NULL);
	st = qp_state(p2.qp[1]);
	CHECK(st == IBV_QPS_RTS, "rnr (b): the responder QP in state %s, expected RTS (RNR is no error there)",
	      qp_state_str(st));
	expect_cq_empty("rnr (b): requester send CQ", p2.scq[0]);
	expect_cq_empty("rnr (b): requester receive CQ", p2.rcq[0]);
	expect_cq_empty("rnr (b): responder receive CQ", p2.rcq[1]);
	print_async_events(mode, &nic[0]);
	return 0;
}

static int run_retry(const struct opts *o, struct nic *nic)
{
	const char *mode = o->mode;
	uint8_t *a = nic[0].buf, *b = nic[1].buf;
	uint32_t la = nic[0].mr->lkey, rb = nic[1].mr->rkey;
	struct pair p;
	struct cosim_rc_attr ra = {.mtu = IBV_MTU_1024, .min_rnr_timer = o->min_rnr_timer, .max_dest_rd_atomic = 4,
				   .timeout = o->timeout, .retry_cnt = o->retry_cnt, .rnr_retry = 7, .max_rd_atomic = 4};
	if (pair_make(nic, &p, 16, &ra, &ra, 0x30, NULL))
		return -1;
	uint32_t qpn = p.qp[0]->qp_num;
	/* The peer is gone: its NIC drops what comes for that QP number. */
	CHECK(ibv_destroy_qp(p.qp[1]) == 0, "retry: destroy the peer QP: %s", strerror(errno));
	uint8_t *rq = a + 65536, *src = a + 4096, *dst = a + 131072;
	for (unsigned i = 0; i < 4; i++)
		CHECK(post_recv_one(p.qp[0], 0x70 + i, rq + 1024 * i, 512, la) == 0, "retry: post_recv %u", i);
	memset(dst - GUARD, GUARD_BYTE, 16384);
	pat_fill(src, 3000, 0x33, 0, 0);
	static const struct {
		enum ibv_wr_opcode op;
		uint32_t len, loff, roff;
	} w[] = {
		{IBV_WR_SEND, 3000, 0, 0},
		{IBV_WR_SEND, 0, 0, 0},
		{IBV_WR_RDMA_WRITE, 1500, 0, 4096},
		{IBV_WR_RDMA_READ, 2000, 0, 8192},
		{IBV_WR_ATOMIC_FETCH_AND_ADD, 8, 4096, 16384},
		{IBV_WR_ATOMIC_CMP_AND_SWP, 8, 4096 + 64, 16384 + 64},
		{IBV_WR_SEND_WITH_IMM, 64, 0, 0},
	};
	const unsigned nw = sizeof(w) / sizeof(w[0]);
	uint64_t t0, t1, T = ns_to_cycles(o, ack_timeout_ns(o->timeout));
	cosim_clock(nic[0].ctx, &t0);
	for (unsigned i = 0; i < nw; i++) {
		int remote = w[i].op != IBV_WR_SEND && w[i].op != IBV_WR_SEND_WITH_IMM;
		int into = w[i].op == IBV_WR_RDMA_READ || w[i].op == IBV_WR_ATOMIC_FETCH_AND_ADD ||
			   w[i].op == IBV_WR_ATOMIC_CMP_AND_SWP;
		CHECK(post_one(p.qp[0], 0x60 + i, w[i].op, (into ? dst : src) + w[i].loff, w[i].len, la,
			       remote ? b + w[i].roff : NULL, rb, 1, 2) == 0,
		      "retry: post_send %u", i);
	}
	expect_wc("retry: the first WR", p.scq[0], 0x60, IBV_WC_RETRY_EXC_ERR, qpn, NULL);
	cosim_clock(nic[0].ctx, &t1);
	printf("rc_faults: %s: retries exhausted after %.1f us of simulated time = %.2f local ACK timeouts of %.1f us "
	       "(retry_cnt %u)\n",
	       mode, cycles_to_us(o, t1 - t0), (double)(t1 - t0) / (double)T, cycles_to_us(o, T), o->retry_cnt);
	/* The first transmission and retry_cnt retries, each waited out: at
	 * least (retry_cnt + 1) timeouts of 4.096 us * 2^timeout (IBA 9.7.6.1.3:
	 * never less than the timeout), at most one timer tick of 4.096 us
	 * more each, plus 20 us for the posts and the packets themselves. */
	uint64_t unit = ns_to_cycles(o, 4096), least = (o->retry_cnt + 1u) * T,
		 most = (o->retry_cnt + 1u) * (T + unit) + ns_to_cycles(o, 20000);
	CHECK(t1 - t0 >= least && t1 - t0 <= most,
	      "retry: RETRY_EXC_ERR after %.1f us, expected (retry_cnt + 1) = %u local ACK timeouts of %.1f us: "
	      "%.1f to %.1f us",
	      cycles_to_us(o, t1 - t0), o->retry_cnt + 1u, cycles_to_us(o, T), cycles_to_us(o, least),
	      cycles_to_us(o, most));
	for (unsigned i = 1; i < nw; i++)
		expect_wc("retry: a WR behind the first", p.scq[0], 0x60 + i, IBV_WC_WR_FLUSH_ERR, qpn, NULL);
	enum ibv_qp_state st = qp_state(p.qp[0]);
	CHECK(st == IBV_QPS_ERR, "retry: QP in state %s, expected ERR", qp_state_str(st));
	CHECK(post_one(p.qp[0], 0x68, IBV_WR_SEND, src, 100, la, NULL, 0, 0, 0) == 0 &&
		      post_one(p.qp[0], 0x69, IBV_WR_RDMA_WRITE, src, 100, la, b + 4096, rb, 0, 0) == 0,
	      "retry: post_send in ERR");
	expect_wc("retry: a WR posted in ERR", p.scq[0], 0x68, IBV_WC_WR_FLUSH_ERR, qpn, NULL);
	expect_wc("retry: a WR posted in ERR", p.scq[0], 0x69, IBV_WC_WR_FLUSH_ERR, qpn, NULL);
	for (unsigned i = 0; i < 4; i++)
		expect_wc("retry: a receive", p.rcq[0], 0x70 + i, IBV_WC_WR_FLUSH_ERR, qpn, NULL);
	CHECK(guard_diff(dst - GUARD, 16384) == UINT32_MAX, "retry: a failed READ or atomic wrote local memory");
	expect_cq_empty("retry: send CQ", p.scq[0]);
	expect_cq_empty("retry: receive CQ", p.rcq[0]);
	print_async_events(mode, &nic[0]);
	return 0;
}

/* variant 0: into ERR right after the post; 1: once a quarter completed. */
static int flush_once(const struct opts *o, struct nic *nic, unsigned variant)
{
	const char *mode = variant ? "flush (ERR after a quarter)" : "flush (ERR at once)";
	const uint32_t kw = 0xF1 + 16 * variant, kr = 0xF2 + 16 * variant; /* pattern keys: WRITE/SEND, READ */
	char w_recv[96], w_slate[96], w_rlate[96], w_scq[96], w_rcq[96];
	snprintf(w_recv, sizeof(w_recv), "%s: receive", mode);
	snprintf(w_slate, sizeof(w_slate), "%s: send WR posted in ERR", mode);
	snprintf(w_rlate, sizeof(w_rlate), "%s: receive posted in ERR", mode);
	snprintf(w_scq, sizeof(w_scq), "%s: send CQ", mode);
	snprintf(w_rcq, sizeof(w_rcq), "%s: receive CQ", mode);
	uint8_t *a = nic[0].buf, *b = nic[1].buf;
	uint32_t la = nic[0].mr->lkey, lb = nic[1].mr->lkey, rb = nic[1].mr->rkey;
	struct pair p;
	struct cosim_rc_attr ra = {.mtu = IBV_MTU_1024, .min_rnr_timer = o->min_rnr_timer, .max_dest_rd_atomic = 4,
				   .timeout = o->timeout, .retry_cnt = o->retry_cnt, .rnr_retry = 7, .max_rd_atomic = 4};
	unsigned depth = o->window;
	if (pair_make(nic, &p, depth, &ra, &ra, 0x40 + 0x1000 * variant, NULL))
		return -1;
	uint32_t qpn = p.qp[0]->qp_num;
	unsigned ns = p.cap[0].max_send_wr, nr = p.cap[0].max_recv_wr;
	/* the WRs: i % 4 = WRITE 64 KiB, SEND 4 KiB, WRITE_WITH_IMM 32 KiB, READ 16 KiB */
	const uint32_t big = 65536;
	size_t need = (size_t)ns * big * 2 + (1u << 20);
	if (!CHECK(need <= nic[0].len && need <= nic[1].len, "%s: %u send WRs need %zu bytes of buffer", mode, ns, need))
		return -1;
	static const enum ibv_wr_opcode ops[4] = {IBV_WR_RDMA_WRITE, IBV_WR_SEND, IBV_WR_RDMA_WRITE_WITH_IMM,
						  IBV_WR_RDMA_READ};
	static const uint32_t lens[4] = {65536, 4096, 32768, 16384};
	/* no bytes of an earlier run to mistake for this one's */
	memset(b, GUARD_BYTE, (size_t)ns * big + (size_t)ns * 8192);
	/* the peer's receives: one per SEND and WRITE_WITH_IMM, buffers after the WRITE targets */
	uint8_t *rbase = b + (size_t)ns * big;
	unsigned npeer = 0;
	for (unsigned i = 0; i < ns; i++)
		if (ops[i % 4] == IBV_WR_SEND || ops[i % 4] == IBV_WR_RDMA_WRITE_WITH_IMM) {
			CHECK(post_recv_one(p.qp[1], 0x9000 + i, rbase + (size_t)npeer * 8192, 4096, lb) == 0,
			      "%s: peer post_recv %u", mode, i);
			npeer++;
		}
	/* A's receive queue, full; one more does not fit */
	uint8_t *rq = a + (size_t)ns * big * 2;
	for (unsigned i = 0; i < nr; i++)
		CHECK(post_recv_one(p.qp[0], 0x8000 + i, rq + 256 * (i % 1024), 256, la) == 0, "%s: post_recv %u of %u", mode, i,
		      nr);
	CHECK(post_recv_one(p.qp[0], 0x8fff, rq, 256, la) == ENOMEM, "%s: a receive beyond max_recv_wr (%u) was taken", mode,
	      nr);
	/* A's send queue, full, in one list (one doorbell); one more does not fit */
	struct ibv_send_wr *w = calloc(ns, sizeof(*w));
	struct ibv_sge *g = calloc(ns, sizeof(*g));
	if (!w || !g)
		return -1;
	for (unsigned i = 0; i < ns; i++) {
		uint8_t *l = a + (size_t)i * big;
		if (ops[i % 4] != IBV_WR_RDMA_READ)
			pat_fill(l, lens[i % 4], kw, i, 0);
		else
			memset(l, GUARD_BYTE, lens[i % 4]);
		g[i] = (struct ibv_sge){.addr = (uintptr_t)l, .length = lens[i % 4], .lkey = la};
		w[i] = (struct ibv_send_wr){.wr_id = 0x7000 + i, .sg_list = &g[i], .num_sge = 1, .opcode = ops[i % 4],
					    .send_flags = IBV_SEND_SIGNALED, .next = i + 1 < ns ? &w[i + 1] : NULL};
		if (ops[i % 4] == IBV_WR_RDMA_WRITE_WITH_IMM)
			w[i].imm_data = htonl(i);
		if (ops[i % 4] != IBV_WR_SEND) {
			w[i].wr.rdma.remote_addr = (uintptr_t)(b + (size_t)i * big);
			w[i].wr.rdma.rkey = rb;
		}
		if (ops[i % 4] == IBV_WR_RDMA_READ)
			pat_fill(b + (size_t)i * big, lens[i % 4], kr, i, 0);
	}
	struct ibv_send_wr *bad = NULL;
	CHECK(ibv_post_send(p.qp[0], w, &bad) == 0 && !bad, "%s: post %u send WRs (max_send_wr)", mode, ns);
	struct ibv_send_wr extra = {.wr_id = 0x7fff, .sg_list = &g[1], .num_sge = 1, .opcode = IBV_WR_SEND,
				    .send_flags = IBV_SEND_SIGNALED};
	bad = NULL;
	CHECK(ibv_post_send(p.qp[0], &extra, &bad) == ENOMEM && bad == &extra,
	      "%s: a send WR beyond max_send_wr (%u) was taken", mode, ns);
	/* into ERR at once, or once a quarter completed, the rest queued or
	 * in flight */
	unsigned ok = 0, flushed = 0, sends_ok = 0, before = variant ? ns / 4 : 0;
	for (unsigned i = 0; i < ns; i++) {
		struct ibv_wc c;
		if (i == before)
			CHECK(qp_to_err(p.qp[0]) == 0, "%s: modify to ERR: %s", mode, strerror(errno));
		if (!CHECK(cosim_poll_one(p.scq[0], &c) == 0, "%s: send WR %u of %u never completed", mode, i, ns))
			break;
		if (i < before)
			CHECK(c.status == IBV_WC_SUCCESS, "%s: send WR %u, before the move to ERR: status %s", mode, i,
			      ibv_wc_status_str(c.status));
		CHECK(c.wr_id == 0x7000 + i, "%s: send completion %u: wr_id 0x%" PRIx64 ", expected 0x%x (status %s)", mode, i,
		      c.wr_id, 0x7000 + i, ibv_wc_status_str(c.status));
		CHECK(c.qp_num == qpn, "%s: send completion %u: qp_num 0x%x", mode, i, c.qp_num);
		if (c.status == IBV_WC_SUCCESS) {
			CHECK(flushed == 0, "%s: send WR %u completed SUCCESS after %u flushed ones", mode, i, flushed);
			ok++;
			static const enum ibv_wc_opcode wop[4] = {IBV_WC_RDMA_WRITE, IBV_WC_SEND, IBV_WC_RDMA_WRITE,
								  IBV_WC_RDMA_READ};
			CHECK(c.opcode == wop[i % 4], "%s: send WR %u: opcode %d, expected %d", mode, i, c.opcode, wop[i % 4]);
			if (i % 4 == 3) {
				CHECK(c.byte_len == lens[3], "%s: READ %u: byte_len %u", mode, i, c.byte_len);
				uint32_t d = pat_diff(a + (size_t)i * big, lens[3], kr, i, 0);
				CHECK(d == UINT32_MAX, "%s: READ %u completed SUCCESS: byte %u differs", mode, i, d);
			} else if (i % 4 != 1) {
				uint32_t d = pat_diff(b + (size_t)i * big, lens[i % 4], kw, i, 0);
				CHECK(d == UINT32_MAX, "%s: WRITE %u completed SUCCESS: byte %u at the peer differs", mode, i, d);
			}
			if (i % 4 == 1 || i % 4 == 2)
				sends_ok++;
		} else {
			CHECK(c.status == IBV_WC_WR_FLUSH_ERR, "%s: send WR %u: status %s, expected %s or %s", mode, i,
			      ibv_wc_status_str(c.status), ibv_wc_status_str(IBV_WC_SUCCESS),
			      ibv_wc_status_str(IBV_WC_WR_FLUSH_ERR));
			flushed++;
		}
	}
	printf("rc_faults: %s: %u send WRs, the QP moved to ERR after %u completions: %u completed SUCCESS, then %u "
	       "WR_FLUSH_ERR\n",
	       mode, ns, before, ok, flushed);
	CHECK(flushed > 0, "%s: every send WR had finished before the move to ERR: nothing was flushed", mode);
	for (unsigned i = 0; i < nr; i++)
		if (expect_wc(w_recv, p.rcq[0], 0x8000 + i, IBV_WC_WR_FLUSH_ERR, qpn, NULL))
			break;
	/* the peer: a prefix of the SENDs and WRITE_WITH_IMMs, intact and in order */
	unsigned got = 0, idx = 0;
	for (unsigned i = 0; i < ns; i++) {
		if (i % 4 != 1 && i % 4 != 2)
			continue;
		struct ibv_wc c;
		/* an empty poll returns once nothing is in flight; twice to be sure */
		if (ibv_poll_cq(p.rcq[1], 1, &c) != 1 && ibv_poll_cq(p.rcq[1], 1, &c) != 1)
			break;
		CHECK(c.wr_id == 0x9000 + i && c.status == IBV_WC_SUCCESS,
		      "%s: peer receive %u: wr_id 0x%" PRIx64 " status %s, expected 0x%x success", mode, idx, c.wr_id,
		      ibv_wc_status_str(c.status), 0x9000 + i);
		if (i % 4 == 1) {
			uint32_t d = pat_diff(rbase + (size_t)idx * 8192, 4096, kw, i, 0);
			CHECK(c.opcode == IBV_WC_RECV && c.byte_len == 4096 && d == UINT32_MAX,
			      "%s: peer receive %u (SEND %u): opcode %d byte_len %u, byte %u differs", mode, idx, i, c.opcode,
			      c.byte_len, d);
		} else {
			CHECK(c.opcode == IBV_WC_RECV_RDMA_WITH_IMM && c.byte_len == lens[2] && c.imm_data == htonl(i),
			      "%s: peer receive %u (WRITE_WITH_IMM %u): opcode %d byte_len %u imm 0x%x", mode, idx, i, c.opcode,
			      c.byte_len, ntohl(c.imm_data));
		}
		got++;
		idx++;
	}
	CHECK(got >= sends_ok, "%s: the peer received %u messages, the requester saw %u of them complete", mode, got,
	      sends_ok);
	printf("rc_faults: %s: the peer received %u of %u receive-consuming messages\n", mode, got, npeer);
	enum ibv_qp_state st = qp_state(p.qp[0]);
	CHECK(st == IBV_QPS_ERR, "%s: QP in state %s, expected ERR", mode, qp_state_str(st));
	/* WRs posted in ERR flush too */
	for (unsigned i = 0; i < 5; i++) {
		CHECK(post_one(p.qp[0], 0x7a00 + i, i & 1 ? IBV_WR_RDMA_READ : IBV_WR_SEND, a, 64, la, i & 1 ? b : NULL, rb,
			       0, 0) == 0,
		      "%s: post_send %u in ERR", mode, i);
		CHECK(post_recv_one(p.qp[0], 0x8a00 + i, rq, 256, la) == 0, "%s: post_recv %u in ERR", mode, i);
	}
	for (unsigned i = 0; i < 5; i++)
		expect_wc(w_slate, p.scq[0], 0x7a00 + i, IBV_WC_WR_FLUSH_ERR, qpn, NULL);
	for (unsigned i = 0; i < 5; i++)
		expect_wc(w_rlate, p.rcq[0], 0x8a00 + i, IBV_WC_WR_FLUSH_ERR, qpn, NULL);
	expect_cq_empty(w_scq, p.scq[0]);
	expect_cq_empty(w_rcq, p.rcq[0]);
	free(w);
	free(g);
	return 0;
}

static int run_flush(const struct opts *o, struct nic *nic)
{
	return flush_once(o, nic, 0) || flush_once(o, nic, 1) ? -1 : 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: rc_faults soak|linkdown|rnr|retry|flush DEV_A DEV_B [-n msgs] [-q qps] [-s seed] "
			"[-w window] [-t timeout] [-k retry_cnt] [-r min_rnr_timer] [-c clock_mhz] [-C] [-T seconds]\n");
}

int main(int argc, char **argv)
{
	struct opts o = {.seed = 1, .window = 32, .timeout = 5, .min_rnr_timer = 1, .mhz = 250.0};
	long n = -1, q = -1, k = -1;
	int c;

	long limit = -1;
	while ((c = getopt(argc, argv, "n:q:s:w:t:k:r:c:CT:")) != -1) {
		if (c == 'n')
			n = strtol(optarg, NULL, 0);
		else if (c == 'q')
			q = strtol(optarg, NULL, 0);
		else if (c == 's')
			o.seed = (uint32_t)strtoul(optarg, NULL, 0);
		else if (c == 'w')
			o.window = (unsigned)strtoul(optarg, NULL, 0);
		else if (c == 't')
			o.timeout = (uint8_t)strtoul(optarg, NULL, 0);
		else if (c == 'k')
			k = strtol(optarg, NULL, 0);
		else if (c == 'r')
			o.min_rnr_timer = (uint8_t)strtoul(optarg, NULL, 0);
		else if (c == 'c')
			o.mhz = strtod(optarg, NULL);
		else if (c == 'C')
			o.shared_cq = 1;
		else if (c == 'T')
			limit = strtol(optarg, NULL, 0);
		else {
			usage();
			return 2;
		}
	}
	if (argc - optind != 3) {
		usage();
		return 2;
	}
	o.mode = argv[optind];
	o.dev_a = argv[optind + 1];
	o.dev_b = argv[optind + 2];
	int soak = !strcmp(o.mode, "soak"), linkdown = !strcmp(o.mode, "linkdown");
	if (!soak && !linkdown && strcmp(o.mode, "rnr") && strcmp(o.mode, "retry") && strcmp(o.mode, "flush")) {
		usage();
		return 2;
	}
	o.n = n >= 0 ? (unsigned)n : linkdown ? 400 : 100000;
	o.nq = q > 0 ? (unsigned)q : linkdown ? 2 : 4;
	o.retry_cnt = (uint8_t)(k >= 0 ? k : !strcmp(o.mode, "retry") ? 2 : 7);
	o.limit_s = limit > 0 ? (unsigned)limit : soak ? 3300 : 500;
	if (o.nq > MAX_QP || o.window < 1 || o.window > 1024 || o.timeout > 31 || o.retry_cnt > 7 ||
	    o.min_rnr_timer > 31 || o.mhz <= 0 || o.n > (1u << 20) * 2 * o.nq) {
		usage();
		return 2;
	}

	alarm_mode = o.mode;
	alarm_s = o.limit_s;
	signal(SIGALRM, on_alarm);
	alarm(o.limit_s);

	int rc;
	if (soak || linkdown) {
		rc = run_soak(&o);
	} else {
		struct nic nic[2];
		memset(nic, 0, sizeof(nic));
		size_t len = !strcmp(o.mode, "flush") ? (size_t)o.window * 2 * 65536 * 2 + (2u << 20) : 1u << 20;
		if (nic_open(&nic[0], 'A', o.dev_a, len) || nic_open(&nic[1], 'B', o.dev_b, len))
			rc = -1;
		else if (!strcmp(o.mode, "rnr"))
			rc = run_rnr(&o, nic);
		else if (!strcmp(o.mode, "retry"))
			rc = run_retry(&o, nic);
		else
			rc = run_flush(&o, nic);
	}
	if (rc)
		CHECK(0, "%s: set-up failed (see above)", o.mode);
	printf("rc_faults: %s: %lu checks passed, %lu failed\n", o.mode, n_pass, n_fail);
	return n_fail ? 1 : 0;
}
