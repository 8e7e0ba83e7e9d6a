/*
 * RAW_PACKET transmit offload benchmark between two simulated NICs: TSO
 * (IBV_WR_TSO, one Ethernet/IPv4/TCP template of 54 bytes cut into mss-byte
 * segments by rnic_raw_tx) and plain raw SENDs of 1514-byte frames with and
 * without IBV_SEND_IP_CSUM, in simulated time; one RC SEND row for
 * comparison (its RoCEv2 frames are also what run_cosim.sh's tshark check
 * needs in the capture). Prints two Markdown tables.
 *
 * NIC A sends on a RAW_PACKET QP; on NIC B a flow rule (B's MAC, EtherType
 * 0x0800) steers the frames into a RAW_PACKET QP with a receive posted for
 * every frame of a case. A case's time starts at the cycle A's clock is read
 * just before the WR list is posted (one doorbell) and ends, in the first
 * table, at the cycle A has seen its last send completion (the sender's
 * rate: the offload itself) and, in the second, at the cycle B has seen its
 * last receive completion (end to end, B's receive path included). Both
 * NICs share the simulator's clock. Goodput counts TCP payload bits (TSO:
 * the WR's payload; SEND: 1460 of the 1514 bytes), the wire rate frame bits
 * as captured (no preamble, FCS or gap); "line" is the share of the wire's
 * rate the frames take with those 24 bytes per frame added
 * (sim/sim_wire.cpp). The two one-frame SENDs show the latency the
 * checksum offload adds: it must hold a whole frame before it can write
 * the checksums into the headers.
 *
 * Neither side leaves before the other has finished: a client that leaves
 * resets its NIC, and the firmware's reset (run synchronously by the
 * simulator) would hold up the other side's wake-up and inflate its time.
 *
 * Each received frame is checked: its length, the IPv4 total length,
 * identification and header checksum (RFC 791 §3.1), the TCP sequence
 * number, flags and checksum (RFC 9293 §3.1), and its payload byte for byte.
 * A SEND frame built without checksums (IBV_SEND_IP_CSUM) must arrive equal
 * to the frame built with them. Exits non-zero on any error.
 *
 * usage: raw_bench [-c clock_mhz] [-g wire_gbps] [-n tso_wrs] [-f frames] DEV_A DEV_B
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <infiniband/verbs.h>

#include "cosim_common.h"
#include "rnic_addr.h"

#define RAW_DEPTH 4096        /* raw send and receive queue depth: a case's frames all posted */
#define RAW_FRAME_MAX 4096u   /* the largest raw frame (a receive slot) */
#define PAY_MAX 262144u       /* tso_caps.max_tso: the largest TSO payload */
#define ETH_LEN 14u
#define IP_LEN 20u            /* IPv4 header without options */
#define TCP_LEN 20u           /* TCP header without options */
#define HDR_LEN (ETH_LEN + IP_LEN + TCP_LEN)
#define SEND_FRAME 1514u      /* a full Ethernet frame (1500-byte IPv4 packet) */
#define SEND_SLOT 2048u       /* sender buffer stride of SEND frames */
#define ETYPE_IPV4 0x0800u
#define PORT_SRC 49152u       /* first dynamic port (RFC 6335) */
#define PORT_DST 9u           /* discard (RFC 863), far from RoCEv2's UDP 4791 */
#define TCP_ACK 0x10u
#define TCP_PSH 0x08u
#define IP_DF 0x4000u
#define SEQ0 0x10000000u      /* the first TCP sequence number of a case */
#define RC_MSG 65536u         /* the RC comparison row: message size ... */
#define RC_MTU_HDR 58u        /* ... and a RoCEv2 packet's headers and ICRC (Eth, IPv4, UDP, BTH, ICRC) */
#define RC_DEPTH 64
#define MAX_CASES 12
#define MAX_TSO_WRS (RAW_DEPTH / 182) /* 256 KiB at mss 1448: 182 segments, a receive each */

enum kind { K_TSO, K_SEND, K_SEND_CSUM, K_RC };

struct bcase {
	enum kind kind;
	uint32_t len;   /* payload bytes per WR (SEND: the frame) */
	uint16_t mss;   /* TSO segment payload; RC: the path MTU */
	unsigned wrs;
};

struct result {
	uint64_t tx_cycles;   /* A's clock before posting to A's last send completion */
	uint64_t cycles;      /* ... to B's last receive completion */
	uint64_t frames, frame_bytes, payload_bytes;
	double wall;
	int ok;
};

struct bench {
	struct cosim_side s;   /* PD, buffer, MR and the RC QP (comparison row) */
	struct ibv_cq *rcq;    /* the raw QP's completions */
	struct ibv_qp *rqp;
	struct ibv_flow *flow;
	uint32_t ip_a, ip_b;
	uint8_t mac_a[6], mac_b[6];
	uint8_t *pay;          /* PAY_MAX pattern bytes, the same on both sides */
	int fd;
};

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void wr16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void wr32(uint8_t *p, uint32_t v)
{
	wr16(p, v >> 16);
	wr16(p + 2, v);
}

static uint32_t rd16(const uint8_t *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

/* RFC 1071: the big-endian 16-bit words of p[0..n) added to s, carries kept. */
static uint32_t csum_add(uint32_t s, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i + 1 < n; i += 2)
		s += (uint32_t)p[i] << 8 | p[i + 1];
	if (n & 1)
		s += (uint32_t)p[n - 1] << 8;
	return s;
}

static uint16_t csum_fold(uint32_t s)
{
	while (s >> 16)
		s = (s & 0xffffu) + (s >> 16);
	return (uint16_t)~s;
}

/* The TCP checksum of the IPv4 packet at ip (IP_LEN-byte header) over the
 * pseudo-header (RFC 9293 §3.1) and the segment, its checksum field read as
 * it is: 0 when the field is right (or the sum to write when it holds 0). */
static uint16_t tcp_csum(const uint8_t *ip)
{
	uint32_t l4 = rd16(ip + 2) - IP_LEN, s = csum_add(0, ip + 12, 8);

	s += IPPROTO_TCP + l4;
	return csum_fold(csum_add(s, ip + IP_LEN, l4));
}

/* The same pattern on both sides: the payload of every case. */
static void pattern(uint8_t *p, size_t n)
{
	uint32_t x = 0x2545f491u;

	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		p[i] = (uint8_t)x;
	}
}

/* Ethernet (B's MAC from A's), IPv4 (A to B, DF, TTL 64, TCP) and TCP
 * (ports, seq, ACK|PSH) headers for n payload bytes at f; both checksum
 * fields 0. */
static void headers(const struct bench *b, uint8_t *f, uint32_t n, uint16_t id, uint32_t seq)
{
	uint8_t *ip = f + ETH_LEN, *tcp = ip + IP_LEN;

	memcpy(f, b->mac_b, 6);
	memcpy(f + 6, b->mac_a, 6);
	wr16(f + 12, ETYPE_IPV4);
	memset(ip, 0, IP_LEN + TCP_LEN);
	ip[0] = 0x45;
	wr16(ip + 2, IP_LEN + TCP_LEN + n);
	wr16(ip + 4, id);
	wr16(ip + 6, IP_DF);
	ip[8] = 64;
	ip[9] = IPPROTO_TCP;
	wr32(ip + 12, b->ip_a);
	wr32(ip + 16, b->ip_b);
	wr16(tcp, PORT_SRC);
	wr16(tcp + 2, PORT_DST);
	wr32(tcp + 4, seq);
	wr32(tcp + 8, 1);               /* acknowledgment number */
	tcp[12] = (TCP_LEN / 4) << 4;
	tcp[13] = TCP_ACK | TCP_PSH;
	wr16(tcp + 14, 0xfaf0);         /* window */
}

/* SEND frame k of a case at f: its payload from the pattern; with csum
 * both checksums right, else left 0 for the device to write. */
static void send_frame(const struct bench *b, uint8_t *f, unsigned k, int csum)
{
	uint32_t n = SEND_FRAME - HDR_LEN;

	headers(b, f, n, (uint16_t)k, SEQ0 + k * n);
	memcpy(f + HDR_LEN, b->pay + (size_t)k * n % (PAY_MAX - n), n);
	if (csum) {
		uint8_t *ip = f + ETH_LEN;

		wr16(ip + 10, csum_fold(csum_add(0, ip, IP_LEN)));
		wr16(ip + IP_LEN + 16, tcp_csum(ip));
	}
}

/* Frames (receive completions) a case brings and their bytes. */
static uint64_t case_frames(const struct bcase *c, uint64_t *bytes)
{
	uint64_t segs = 1, last = c->len;

	if (c->kind == K_TSO || c->kind == K_RC) {
		uint32_t hdr = c->kind == K_TSO ? HDR_LEN : RC_MTU_HDR;

		segs = (c->len + c->mss - 1) / c->mss;
		last = c->len - (segs - 1) * c->mss;
		*bytes = c->wrs * ((segs - 1) * (c->mss + hdr) + last + hdr);
	} else {
		*bytes = (uint64_t)c->wrs * c->len;
	}
	return c->wrs * segs;
}

/* Completions expected on cq: n of opcode op, byte_len len (RECV) in
 * *lens (or checked against len when lens is NULL). 0 or -1. */
static int poll_n(struct ibv_cq *cq, unsigned n, enum ibv_wc_opcode op, uint32_t *lens, uint32_t len)
{
	for (unsigned i = 0; i < n; i++) {
		struct ibv_wc wc;

		if (cosim_poll_one(cq, &wc)) {
			fprintf(stderr, "raw_bench: completion %u of %u did not come\n", i, n);
			return -1;
		}
		if (wc.status != IBV_WC_SUCCESS || wc.opcode != op ||
		    (op == IBV_WC_RECV && (lens ? wc.wr_id != i : wc.byte_len != len))) {
			fprintf(stderr, "raw_bench: completion %u of %u: %s opcode %d wr_id %" PRIu64 " byte_len %u\n", i,
				n, ibv_wc_status_str(wc.status), wc.opcode, wc.wr_id, wc.byte_len);
			return -1;
		}
		if (lens)
			lens[i] = wc.byte_len;
	}
	return 0;
}

/* ---- sender (NIC A) ---------------------------------------------------------- */

static int send_case(struct bench *b, const struct bcase *c)
{
	static struct ibv_send_wr w[RAW_DEPTH];
	static struct ibv_sge sg[RAW_DEPTH];
	static uint8_t tmpl[MAX_TSO_WRS][HDR_LEN];
	struct ibv_send_wr *bad = NULL;
	struct ibv_qp *qp = c->kind == K_RC ? b->s.qp[0] : b->rqp;
	struct ibv_cq *cq = c->kind == K_RC ? b->s.cq : b->rcq;
	uint32_t segs = c->kind == K_TSO ? (c->len + c->mss - 1) / c->mss : 1;
	uint64_t t[2];   /* posted, last send completion */
	char tok;
	int rc;

	memset(w, 0, sizeof(w[0]) * c->wrs);
	for (unsigned i = 0; i < c->wrs; i++) {
		uint8_t *f = b->s.buf + PAY_MAX + (size_t)i * SEND_SLOT;

		sg[i] = (struct ibv_sge){.addr = (uintptr_t)b->pay, .length = c->len, .lkey = b->s.mr->lkey};
		w[i].wr_id = i;
		w[i].sg_list = &sg[i];
		w[i].num_sge = 1;
		w[i].opcode = IBV_WR_SEND;
		w[i].send_flags = IBV_SEND_SIGNALED;
		w[i].next = i + 1 < c->wrs ? &w[i + 1] : NULL;
		if (c->kind == K_TSO) {
			/* WR i: sequence numbers after WR i-1's, IPv4 IDs after its segments' */
			headers(b, tmpl[i], 0, (uint16_t)(i * segs), SEQ0 + i * c->len);
			w[i].opcode = IBV_WR_TSO;
			w[i].tso.hdr = tmpl[i];   /* checksums 0: the device writes them */
			w[i].tso.hdr_sz = HDR_LEN;
			w[i].tso.mss = c->mss;
		} else if (c->kind != K_RC) {
			send_frame(b, f, i, c->kind == K_SEND);
			sg[i].addr = (uintptr_t)f;
			if (c->kind == K_SEND_CSUM)
				w[i].send_flags |= IBV_SEND_IP_CSUM;
		}
	}
	if (cosim_xfer(b->fd, &tok, 1, 0) || cosim_clock(b->s.ctx, &t[0]))
		return -1;
	rc = ibv_post_send(qp, w, &bad);   /* the whole list, one doorbell */
	if (rc) {
		fprintf(stderr, "raw_bench: ibv_post_send: %s\n", strerror(rc));
		return -1;
	}
	if (poll_n(cq, c->wrs, c->kind == K_TSO ? IBV_WC_TSO : IBV_WC_SEND, NULL, 0) ||
	    cosim_clock(b->s.ctx, &t[1]))
		return -1;
	return cosim_xfer(b->fd, t, sizeof(t), 1);
}

/* ---- receiver (NIC B) -------------------------------------------------------- */

static uint8_t *rx_slot(const struct bench *b, unsigned k)
{
	return b->s.buf + (size_t)k * RAW_FRAME_MAX;
}

/* Frame k of TSO case c, n bytes in its receive slot: segment i of WR w. */
static int check_tso(const struct bench *b, const struct bcase *c, unsigned k, uint32_t n)
{
	uint32_t segs = (c->len + c->mss - 1) / c->mss, w = k / segs, i = k % segs;
	uint32_t chunk = i + 1 < segs ? c->mss : c->len - i * c->mss;
	const uint8_t *f = rx_slot(b, k), *ip = f + ETH_LEN, *tcp = ip + IP_LEN;
	uint8_t want[HDR_LEN];
	const char *why = NULL;

	headers(b, want, chunk, (uint16_t)(w * segs + i), SEQ0 + w * c->len + i * c->mss);
	if (i + 1 < segs)
		want[HDR_LEN - 7] = TCP_ACK;   /* PSH on the last segment only */
	if (n != HDR_LEN + chunk)
		why = "length";
	else if (csum_fold(csum_add(0, ip, IP_LEN)) != 0)
		why = "IPv4 header checksum";
	else if (tcp_csum(ip) != 0)
		why = "TCP checksum";
	else if (memcmp(f, want, ETH_LEN + 10) || memcmp(ip + 12, want + ETH_LEN + 12, 8) ||
		 memcmp(tcp, want + ETH_LEN + IP_LEN, 16) || memcmp(tcp + 18, want + HDR_LEN - 2, 2))
		why = "headers (length, ID, sequence or flags)";
	else if (memcmp(f + HDR_LEN, b->pay + (size_t)i * c->mss, chunk))
		why = "payload";
	if (why)
		fprintf(stderr, "raw_bench: TSO %u/%u: WR %u segment %u (%u bytes, expected %u): wrong %s\n", c->len,
			c->mss, w, i, n, HDR_LEN + chunk, why);
	return why ? -1 : 0;
}

static int check_case(const struct bench *b, const struct bcase *c, const uint32_t *lens, unsigned nrx)
{
	uint8_t want[SEND_FRAME];

	for (unsigned k = 0; k < nrx; k++) {
		if (c->kind == K_TSO) {
			if (check_tso(b, c, k, lens[k]))
				return -1;
		} else if (c->kind == K_RC) {
			if (memcmp(b->s.buf + (size_t)k * RC_MSG, b->pay, RC_MSG)) {
				fprintf(stderr, "raw_bench: RC message %u: wrong payload\n", k);
				return -1;
			}
		} else {
			send_frame(b, want, k, 1);
			if (lens[k] != SEND_FRAME || memcmp(rx_slot(b, k), want, SEND_FRAME)) {
				fprintf(stderr, "raw_bench: SEND%s frame %u (%u bytes): not the frame sent%s\n",
					c->kind == K_SEND_CSUM ? " IP_CSUM" : "", k, lens[k],
					c->kind == K_SEND_CSUM ? " with its checksums" : "");
				return -1;
			}
		}
	}
	return 0;
}

static int recv_case(struct bench *b, const struct bcase *c, struct result *r)
{
	static uint32_t lens[RAW_DEPTH];
	uint64_t bytes, nrx = case_frames(c, &bytes), t[2], t1;
	unsigned nq = c->kind == K_RC ? c->wrs : (unsigned)nrx;
	struct ibv_qp *qp = c->kind == K_RC ? b->s.qp[0] : b->rqp;
	struct ibv_cq *cq = c->kind == K_RC ? b->s.cq : b->rcq;
	uint32_t slot = c->kind == K_RC ? RC_MSG : RAW_FRAME_MAX;
	char tok = 't';
	double w0;

	memset(b->s.buf, 0, (size_t)nq * slot);
	for (unsigned k = 0; k < nq; k++) {
		struct ibv_sge sge = {.addr = (uintptr_t)b->s.buf + (size_t)k * slot, .length = slot,
				      .lkey = b->s.mr->lkey};
		struct ibv_recv_wr wr = {.wr_id = k, .sg_list = &sge, .num_sge = 1}, *bad;
		int rc = ibv_post_recv(qp, &wr, &bad);

		if (rc) {
			fprintf(stderr, "raw_bench: ibv_post_recv: %s\n", strerror(rc));
			return -1;
		}
	}
	/* a register read answers after the doorbells before it: every receive is posted */
	if (cosim_clock(b->s.ctx, &t1) || cosim_xfer(b->fd, &tok, 1, 1))
		return -1;
	w0 = now_s();
	if (poll_n(cq, nq, IBV_WC_RECV, lens, 0) || cosim_clock(b->s.ctx, &t1))
		return -1;
	r->wall = now_s() - w0;
	if (cosim_xfer(b->fd, t, sizeof(t), 0))
		return -1;
	r->tx_cycles = t[1] - t[0];
	r->cycles = t1 - t[0];
	r->frames = nrx;
	r->frame_bytes = bytes;
	r->payload_bytes = (uint64_t)c->wrs * (c->kind == K_TSO || c->kind == K_RC ? c->len : c->len - HDR_LEN);
	for (unsigned k = 0; c->kind == K_RC && k < nq; k++)
		if (lens[k] != RC_MSG) {
			fprintf(stderr, "raw_bench: RC message %u: byte_len %u\n", k, lens[k]);
			return -1;
		}
	if (check_case(b, c, lens, nq))
		return -1;
	r->ok = 1;
	return 0;
}

/* ---- set-up ------------------------------------------------------------------ */

static uint32_t gid_ipv4(const union ibv_gid *g)
{
	return (uint32_t)g->raw[12] << 24 | (uint32_t)g->raw[13] << 16 | (uint32_t)g->raw[14] << 8 | g->raw[15];
}

/* The RAW_PACKET QP (ibv_create_qp_ex(3); TSO templates up to tso_hdr
 * bytes, 0: none) in RTS: INIT takes the port, RTR and RTS nothing. */
static struct ibv_qp *raw_qp(struct bench *b, uint16_t tso_hdr)
{
	struct ibv_qp_init_attr_ex ia = {
		.send_cq = b->rcq, .recv_cq = b->rcq,
		.cap = {.max_send_wr = RAW_DEPTH, .max_recv_wr = RAW_DEPTH, .max_send_sge = 1, .max_recv_sge = 1},
		.qp_type = IBV_QPT_RAW_PACKET, .sq_sig_all = 1,
		.comp_mask = IBV_QP_INIT_ATTR_PD | (tso_hdr ? IBV_QP_INIT_ATTR_MAX_TSO_HEADER : 0),
		.pd = b->s.pd, .max_tso_header = tso_hdr,
	};
	struct ibv_qp_attr a = {.qp_state = IBV_QPS_INIT, .port_num = 1};
	struct ibv_qp *qp = ibv_create_qp_ex(b->s.ctx, &ia);

	if (!qp)
		return NULL;
	if (ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PORT) == 0) {
		a.qp_state = IBV_QPS_RTR;
		if (ibv_modify_qp(qp, &a, IBV_QP_STATE) == 0) {
			a.qp_state = IBV_QPS_RTS;
			if (ibv_modify_qp(qp, &a, IBV_QP_STATE) == 0)
				return qp;
		}
	}
	ibv_destroy_qp(qp);
	return NULL;
}

/* ibv_create_flow(3): frames to B's MAC with EtherType IPv4 go to qp
 * (RoCEv2 frames are never steered). */
static struct ibv_flow *ipv4_flow(struct ibv_qp *qp, const uint8_t mac[6])
{
	struct {
		struct ibv_flow_attr attr;
		struct ibv_flow_spec_eth eth;
	} f;

	memset(&f, 0, sizeof(f));
	f.attr.type = IBV_FLOW_ATTR_NORMAL;
	f.attr.size = sizeof(f);
	f.attr.num_of_specs = 1;
	f.attr.port = 1;
	f.eth.type = IBV_FLOW_SPEC_ETH;
	f.eth.size = sizeof(f.eth);
	memcpy(f.eth.val.dst_mac, mac, 6);
	memset(f.eth.mask.dst_mac, 0xff, 6);
	f.eth.val.ether_type = htons(ETYPE_IPV4);
	f.eth.mask.ether_type = 0xffff;
	return ibv_create_flow(qp, &f.attr);
}

/* Side A sends every case, side B receives and times them. */
static int run_side(int is_a, const char *dev, int fd, const struct bcase *cs, unsigned nc, struct result *res)
{
	struct bench b = {.s = {.nqp = 1, .mtu = {IBV_MTU_4096}}, .fd = fd};
	union ibv_gid peer;
	size_t len = 0;
	uint64_t bytes;

	/* A: the payload, then its SEND frames; B: receive slots of a case's
	 * frames, or of its RC messages */
	for (unsigned i = 0; i < nc; i++) {
		int send = cs[i].kind == K_SEND || cs[i].kind == K_SEND_CSUM;
		size_t n = is_a ? (send ? (size_t)cs[i].wrs * SEND_SLOT : 0)
			   : cs[i].kind == K_RC ? (size_t)cs[i].wrs * RC_MSG
			   : case_frames(&cs[i], &bytes) * RAW_FRAME_MAX;
		len = n > len ? n : len;
	}
	if (is_a)
		len += PAY_MAX;
	if (cosim_setup(&b.s, dev, len, RC_DEPTH, 1) || cosim_connect(&b.s, fd, is_a, is_a ? 0x100 : 0x200))
		return -1;
	b.pay = is_a ? b.s.buf : malloc(PAY_MAX);   /* A sends every WR's payload from here */
	if (!b.pay)
		return -1;
	if (is_a ? cosim_xfer(fd, &b.s.gid, sizeof(peer), 1) || cosim_xfer(fd, &peer, sizeof(peer), 0)
		 : cosim_xfer(fd, &peer, sizeof(peer), 0) || cosim_xfer(fd, &b.s.gid, sizeof(peer), 1))
		return -1;
	b.ip_a = gid_ipv4(is_a ? &b.s.gid : &peer);
	b.ip_b = gid_ipv4(is_a ? &peer : &b.s.gid);
	rnic_mac_from_ipv4(b.ip_a, b.mac_a);
	rnic_mac_from_ipv4(b.ip_b, b.mac_b);
	pattern(b.pay, PAY_MAX);
	b.rcq = ibv_create_cq(b.s.ctx, 2 * RAW_DEPTH, NULL, NULL, 0);
	b.rqp = b.rcq ? raw_qp(&b, is_a ? HDR_LEN : 0) : NULL;
	b.flow = b.rqp && !is_a ? ipv4_flow(b.rqp, b.mac_b) : NULL;
	if (!b.rqp || (!is_a && !b.flow)) {
		fprintf(stderr, "raw_bench: RAW_PACKET QP or flow rule on %s: %s\n", dev, strerror(errno));
		return -1;
	}
	for (unsigned i = 0; i < nc; i++)
		if (is_a ? send_case(&b, &cs[i]) : recv_case(&b, &cs[i], &res[i]))
			return -1;
	/* B has taken its last time: now either may leave */
	char tok = 'e';
	return cosim_xfer(fd, &tok, 1, !is_a);
}

static const char *kind_name(enum kind k)
{
	return k == K_TSO ? "TSO"
	       : k == K_SEND ? "SEND, 1514-byte frames"
	       : k == K_SEND_CSUM ? "SEND + IP_CSUM, 1514-byte frames"
	       : "RC SEND (RoCEv2)";
}

int main(int argc, char **argv)
{
	double mhz = 250.0, gbps = 100.0;
	unsigned wrs = 8, frames = 256;
	int c;

	while ((c = getopt(argc, argv, "c:g:n:f:")) != -1) {
		if (c == 'c')
			mhz = atof(optarg);
		else if (c == 'g')
			gbps = atof(optarg);
		else if (c == 'n')
			wrs = (unsigned)atoi(optarg);
		else if (c == 'f')
			frames = (unsigned)atoi(optarg);
		else
			return 2;
	}
	if (argc - optind != 2 || mhz <= 0 || gbps <= 0 || wrs < 1 || wrs > MAX_TSO_WRS || frames < 1 ||
	    frames > RAW_DEPTH) {
		fprintf(stderr, "usage: raw_bench [-c clock_mhz] [-g wire_gbps] [-n tso_wrs 1..%u] [-f frames 1..%u] "
				"DEV_A DEV_B\n", MAX_TSO_WRS, RAW_DEPTH);
		return 2;
	}
	const struct bcase cs[] = {
		{K_TSO, 65536, 1448, wrs},
		{K_TSO, 65536, 4042, wrs},           /* hdr + mss = 4096, the largest frame */
		{K_TSO, PAY_MAX, 1448, wrs},
		{K_TSO, PAY_MAX, 4042, wrs},
		{K_SEND, SEND_FRAME, 0, frames},
		{K_SEND_CSUM, SEND_FRAME, 0, frames},
		{K_SEND, SEND_FRAME, 0, 1},          /* latency */
		{K_SEND_CSUM, SEND_FRAME, 0, 1},
		{K_RC, RC_MSG, 4096, wrs},
	};
	enum { NC = sizeof(cs) / sizeof(cs[0]) };
	struct result rb[MAX_CASES];   /* B's: it times every case */
	int sv[2], pv[2];

	_Static_assert(NC <= MAX_CASES, "MAX_CASES");
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || pipe(pv))
		return 2;
	memset(rb, 0, sizeof(rb));
	pid_t pa = fork();
	if (pa == 0) {
		close(sv[1]);
		_exit(run_side(1, argv[optind], sv[0], cs, NC, NULL) ? 1 : 0);
	}
	pid_t pb = fork();
	if (pb == 0) {
		close(sv[0]);
		int rc = run_side(0, argv[optind + 1], sv[1], cs, NC, rb);
		if (write(pv[1], rb, sizeof(rb)) != (ssize_t)sizeof(rb))
			_exit(3);
		_exit(rc ? 1 : 0);
	}
	close(sv[0]);
	close(sv[1]);
	close(pv[1]);
	int st_a, st_b;
	ssize_t got = read(pv[0], rb, sizeof(rb));
	waitpid(pa, &st_a, 0);
	waitpid(pb, &st_b, 0);
	int ok = got == (ssize_t)sizeof(rb) && WIFEXITED(st_a) && !WEXITSTATUS(st_a) && WIFEXITED(st_b) &&
		 !WEXITSTATUS(st_b);

	for (int end = 0; end < 2; end++) {
		printf("\n%s\n\n", end ? "Posted to the last receive completion on B (end to end):"
				      : "Posted to the last send completion on A (the sender):");
		printf("| case | payload bytes per WR | mss | WRs | frames | simulated time (us) | goodput (Gb/s) |"
		       " wire (frame Gb/s) | line (%% of %.0f Gb/s) | frames/s (M) |%s\n", gbps,
		       end ? " wall time (s) |" : "");
		printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|%s\n", end ? "---:|" : "");
		for (unsigned i = 0; i < NC; i++) {
			const struct result *r = &rb[i];
			double ns = (double)(end ? r->cycles : r->tx_cycles) * 1000.0 / mhz;
			char mss[16] = "-", wall[24] = "";

			if (!r->ok)
				continue;
			if (cs[i].kind == K_TSO)
				snprintf(mss, sizeof(mss), "%u", cs[i].mss);
			else if (cs[i].kind == K_RC)
				snprintf(mss, sizeof(mss), "MTU %u", cs[i].mss);
			if (end)
				snprintf(wall, sizeof(wall), " %.2f |", r->wall);
			printf("| %s | %u | %s | %u | %" PRIu64 " | %.2f | %.2f | %.2f | %.1f | %.2f |%s\n",
			       kind_name(cs[i].kind), (uint32_t)(r->payload_bytes / cs[i].wrs), mss, cs[i].wrs,
			       r->frames, ns / 1000.0, (double)r->payload_bytes * 8.0 / ns, (double)r->frame_bytes * 8.0 / ns,
			       (double)(r->frame_bytes + 24 * r->frames) * 8.0 / ns / gbps * 100.0,
			       (double)r->frames / ns * 1000.0, wall);
		}
	}
	printf("\nraw_bench: %s\n", ok ? "complete" : "FAILED");
	return ok ? 0 : 1;
}
