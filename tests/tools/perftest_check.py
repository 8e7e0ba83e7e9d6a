#!/usr/bin/env python3
"""Check a RoCEv2 capture against the perftest runs that made it.

Independent of the RTL and of the library: Python standard library only (the
pcap reader is roce_check's).  Input: the capture and the runs file of
tests/cosim/perftest.sh, one line per run, tab-separated:

    PROGRAM  SERVER_OUTPUT  CLIENT_OUTPUT  WALL_START  WALL_END  OPTIONS [aside]

(server on rnic1 = 192.0.2.2, client on rnic0 = 192.0.2.1).  From each run's
output it takes what perftest reports: the connection type, the number of
QPs and the MTU (banner), every QP's initial PSN and the server buffer's
address (the "local address" lines), the message size and the iteration
count (result line).

The runs are consecutive, so the capture divides into runs: a run begins at
its first request packet carrying one of its initial PSNs.  A run marked
"aside" is one perftest.sh made again because perftest could not calibrate
its cycle counter on the host and printed no report: it is checked against
the other side's result line, or if neither made one, its frames only.  For
every run:

  frames    every frame is RoCEv2 of the run's transport; request packets
            go to one of the QPs the peer printed; each direction's
            request packets carry consecutive PSNs from the sender's initial
            PSN (a READ request consumes one PSN per response packet); on RC
            and XRC every ACK is a positive ACK (no NAK, no RNR NAK), the
            last request PSN of every QP is acknowledged, and each READ and
            atomic request has its response(s) with the request's PSNs;
            UD packets carry perftest's Q_Key 0x11111111
  counts    the messages per opcode are what the result line says: with
            ITERS = #iterations and P = ceil(size / MTU) packets per message,
              ib_send_bw   ITERS SENDs client->server (-b: also server->client)
              ib_send_lat  ITERS SENDs each way
              ib_write_bw  ITERS RDMA WRITEs client->server (-b: both ways)
              ib_write_lat ITERS RDMA WRITEs each way
              ib_read_*    ITERS READ requests, ITERS READ responses
              ib_atomic_*  ITERS FETCH_ADD or CMP_SWAP, ITERS ATOMIC ACKs
            each message of `size` bytes in P packets (FIRST/MIDDLE/LAST or
            ONLY), and nothing else but ACKs
  data      perftest fills its buffers with (char)rand() after
            srand(time(NULL)); the seed is found among the seconds of the
            run's wall-clock span, with glibc's random() re-implemented
            here.  Then:
              SEND         each message equals the sender's buffer at a
                           64-byte-aligned offset (perftest steps its send
                           address by cache lines; which one is not checked)
              RDMA WRITE   bw: the client's buffer at the offset the RETH
                           names in the server's buffer; lat: the k-th WRITE
                           of a side is zero but its last byte, k mod 256
                           (perftest zeroes latency buffers and counts in the
                           byte the peer polls)
              READ         the server's buffer at the offset the request's
                           RETH names
              atomics      per address, each response's original value is
                           what the previous operation left (FETCH_ADD adds,
                           CMP_SWAP swaps on equality), the first one the
                           server's buffer there
            Bidirectional runs (-b) check counts and frames only (each side
            writes the buffer the other reads from).

It prints per run what it found and the simulated time from the run's first
to its last frame (the capture's timestamps are simulated time): payload
Gb/s for bw runs, time per iteration for latency runs.  Exits 1 on any
difference.
"""
import argparse
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from roce_check import read_pcap  # noqa: E402

ETH_LEN, IP_LEN, UDP_LEN, BTH_LEN, ICRC_LEN = 14, 20, 8, 12, 4
CLIENT_IP, SERVER_IP = bytes([192, 0, 2, 1]), bytes([192, 0, 2, 2])
QKEY = 0x11111111           # perftest's DEFF_QKEY
CM_UDP_QKEY = 0x01234567    # the RDMA CM's UD Q_Key (-R runs; SIDR_REP)
CACHE_LINE = 64             # perftest's send address step granularity
PAGE = 4096                 # perftest's cycle buffer (sysconf page size)

# IBA 9.2 Table 38: transport prefix (bits 7:5), operation (bits 4:0)
TRANSPORTS = {0x00: "RC", 0x20: "UC", 0x60: "UD", 0xA0: "XRC"}
(SEND_FIRST, SEND_MIDDLE, SEND_LAST, SEND_LAST_IMM, SEND_ONLY, SEND_ONLY_IMM,
 WRITE_FIRST, WRITE_MIDDLE, WRITE_LAST, WRITE_LAST_IMM, WRITE_ONLY, WRITE_ONLY_IMM,
 READ_REQ, READ_RESP_FIRST, READ_RESP_MIDDLE, READ_RESP_LAST, READ_RESP_ONLY,
 ACK, ATOMIC_ACK, CMP_SWAP, FETCH_ADD) = range(21)
OP_NAMES = ["SEND_FIRST", "SEND_MIDDLE", "SEND_LAST", "SEND_LAST_IMM", "SEND_ONLY",
            "SEND_ONLY_IMM", "WRITE_FIRST", "WRITE_MIDDLE", "WRITE_LAST", "WRITE_LAST_IMM",
            "WRITE_ONLY", "WRITE_ONLY_IMM", "READ_REQ", "READ_RESP_FIRST", "READ_RESP_MIDDLE",
            "READ_RESP_LAST", "READ_RESP_ONLY", "ACK", "ATOMIC_ACK", "CMP_SWAP", "FETCH_ADD"]
SENDS = range(SEND_FIRST, SEND_ONLY_IMM + 1)
WRITES = range(WRITE_FIRST, WRITE_ONLY_IMM + 1)
READ_RESPS = range(READ_RESP_FIRST, READ_RESP_ONLY + 1)
FIRSTS = (SEND_FIRST, WRITE_FIRST, READ_RESP_FIRST)
LASTS = (SEND_LAST, SEND_LAST_IMM, WRITE_LAST, WRITE_LAST_IMM, READ_RESP_LAST)
ONLYS = (SEND_ONLY, SEND_ONLY_IMM, WRITE_ONLY, WRITE_ONLY_IMM, READ_RESP_ONLY)
IMMS = (SEND_LAST_IMM, SEND_ONLY_IMM, WRITE_LAST_IMM, WRITE_ONLY_IMM)
PSN_MOD = 1 << 24


def glibc_rand_bytes(seed, n):
    """(char)rand() n times after srand(seed), as glibc's TYPE_3 random()."""
    seed &= 0xFFFFFFFF
    if seed >= 1 << 31:
        seed -= 1 << 32
    if seed == 0:
        seed = 1
    r = [seed]
    for _ in range(30):
        hi = abs(r[-1]) // 127773 * (1 if r[-1] >= 0 else -1)  # C division truncates
        lo = r[-1] - hi * 127773
        w = 16807 * lo - 2836 * hi
        r.append(w + 2147483647 if w < 0 else w)
    r = [x & 0xFFFFFFFF for x in r + r[0:3]]  # r[31..33] = r[0..2]
    out = bytearray()
    i = 34
    while len(out) < n:
        v = (r[i - 31] + r[i - 3]) & 0xFFFFFFFF
        r.append(v)
        if i >= 344:
            out.append((v >> 1) & 0xFF)
        i += 1
    return bytes(out)


class Side:
    """One perftest process as its output describes it."""

    def __init__(self, path):
        self.text = open(path, errors="replace").read()
        self.psns = [int(m, 16) for m in re.findall(r"local address: .*?PSN (0x[0-9a-f]+)", self.text)]
        self.qpns = [int(m, 16) for m in re.findall(r"local address: .*?QPN (0x[0-9a-f]+)", self.text)]
        va = re.findall(r"local address: .*?VAddr (0x[0-9a-f]+)", self.text)
        self.vaddrs = [int(v, 16) for v in va]
        self.conn = self.field(r"Connection type\s*:\s*(\w+)")
        self.qps = int(self.field(r"Number of qps\s*:\s*(\d+)") or 1)
        self.mtu = int(self.field(r"Mtu\s*:\s*(\d+)") or 0)
        rows = re.findall(r"^\s*(\d+)\s+(\d+)\s+[0-9.]+\s", self.text, re.M)
        self.size, self.iters = (int(rows[-1][0]), int(rows[-1][1])) if rows else (0, 0)

    def field(self, pattern):
        m = re.search(pattern, self.text)
        return m.group(1) if m else None


class Packet:
    def __init__(self, n, ts, f):
        self.n, self.ts = n, ts
        ip = ETH_LEN
        self.src = f[ip + 12:ip + 16]
        b = ip + IP_LEN + UDP_LEN
        opcode = f[b]
        self.transport = TRANSPORTS.get(opcode & 0xE0)
        self.op = opcode & 0x1F
        pad = (f[b + 1] >> 4) & 3
        self.dqpn = struct.unpack(">I", f[b + 4:b + 8])[0] & 0xFFFFFF
        self.psn = struct.unpack(">I", f[b + 8:b + 12])[0] & 0xFFFFFF
        at = b + BTH_LEN
        self.qkey = self.reth = self.aeth = self.atomic = self.orig = None
        if self.transport == "UD":
            self.qkey = struct.unpack(">I", f[at:at + 4])[0]
            at += 8
        if self.transport == "XRC" and self.op not in READ_RESPS and self.op not in (ACK, ATOMIC_ACK):
            at += 4  # XRCETH
        if self.op in (WRITE_FIRST, WRITE_ONLY, WRITE_ONLY_IMM, READ_REQ):
            self.reth = struct.unpack(">QII", f[at:at + 16])  # VA, R_Key, DMA length
            at += 16
        if self.op in (CMP_SWAP, FETCH_ADD):
            self.atomic = struct.unpack(">QIQQ", f[at:at + 28])  # VA, R_Key, swap/add, compare
            at += 28
        if self.op in (ACK, ATOMIC_ACK, READ_RESP_FIRST, READ_RESP_LAST, READ_RESP_ONLY):
            self.aeth = f[at]
            at += 4
        if self.op == ATOMIC_ACK:
            self.orig = struct.unpack(">Q", f[at:at + 8])[0]
            at += 8
        if self.op in IMMS:
            at += 4
        self.payload = f[at:len(f) - ICRC_LEN - pad]

    def name(self):
        op = OP_NAMES[self.op] if self.op < len(OP_NAMES) else "0x%02x" % self.op
        return "%s_%s" % (self.transport, op)


def packets_of(data):
    magic = struct.unpack("<I", data[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    scale = 1e-9 if magic in (0xA1B23C4D, 0x4D3CB2A1) else 1e-6
    out = []
    for n, (off, f) in enumerate(read_pcap(data)):
        sec, frac = struct.unpack(endian + "II", data[off:off + 8])
        if len(f) < ETH_LEN + IP_LEN + UDP_LEN + BTH_LEN + ICRC_LEN or f[12:14] != b"\x08\x00":
            out.append(None)
            continue
        out.append(Packet(n, sec + frac * scale, f))
    return out


class Run:
    def __init__(self, line):
        fields = line.rstrip("\n").split("\t")
        prog, srv, cli, t0, t1, opts = fields[:6]
        # "aside": perftest could not calibrate its cycle counter and made
        # no report; the run was made again (perftest.sh)
        self.aside = fields[6:] == ["aside"]
        self.prog, self.opts = prog, opts.split()
        self.label = "%s %s" % (prog, opts)
        self.server, self.client = Side(srv), Side(cli)
        self.t0, self.t1 = float(t0), float(t1)
        self.verb = prog.split("_")[1]          # send write read atomic
        self.tst = prog.split("_")[2]           # bw lat
        self.bidir = "-b" in self.opts
        self.conn = self.client.conn
        self.size, self.iters = self.client.size, self.client.iters
        if self.aside and not self.iters:
            # the side that could not calibrate made no report: the
            # peer's says what ran
            self.size, self.iters = self.server.size, self.server.iters
        self.mtu = self.client.mtu
        self.packets = []
        self.errors = []
        self.seeds = {}

    def err(self, text):
        self.errors.append(text)

    def stream(self, who, seed, n):
        key = (who, seed)
        have = self.seeds.get(key)
        if have is None or len(have) < n:
            have = glibc_rand_bytes(seed, max(n, 2 * len(have or b"")))
            self.seeds[key] = have
        return have

    def candidates(self):
        return range(int(self.t0) - 1, int(self.t1) + 2)

    def find_seed(self, who, test):
        """The seed of side `who` for which test(stream getter) holds."""
        cache = getattr(self, "seed_" + who, None)
        if cache is not None:
            return cache
        for s in self.candidates():
            if test(lambda n, s=s: self.stream(who, s, n)):
                setattr(self, "seed_" + who, s)
                return s
        return None


def first_packet_of(run, pkts, start):
    psns = set(run.client.psns) | set(run.server.psns)
    for i in range(start, len(pkts)):
        p = pkts[i]
        if p is not None and p.op not in (ACK, ATOMIC_ACK) and p.op not in READ_RESPS and p.psn in psns:
            return i
    return None


def check_frames(run):
    """Transport, PSN sequences, ACKs, responses; returns the messages."""
    pkts = run.packets
    next_psn = {}       # (src, dqpn) -> next request PSN
    open_msg = {}       # (src, dqpn, kind) -> [first packet, payload]
    msgs = []           # (kind, src, first packet or request, payload, last packet)
    acked = {}          # src of the ACKs -> the PSNs they acknowledge
    last_req = {}       # src -> {dqpn: last request PSN} (for the ACK check)
    pending = {}        # (responder src, PSN) -> request waiting for a response
    init = {CLIENT_IP: run.client.psns, SERVER_IP: run.server.psns}
    want_transport = run.conn
    for p in pkts:
        if p.transport != want_transport:
            run.err("frame %d: %s, not %s" % (p.n, p.name(), want_transport))
            continue
        if p.src not in (CLIENT_IP, SERVER_IP):
            run.err("frame %d: from an unknown address" % p.n)
            continue
        if p.transport == "UD" and p.qkey != (CM_UDP_QKEY if "-R" in run.opts else QKEY):
            run.err("frame %d: Q_Key 0x%08x" % (p.n, p.qkey))
        peer = SERVER_IP if p.src == CLIENT_IP else CLIENT_IP
        if p.op == ACK:
            if p.aeth >> 5 != 0:
                run.err("frame %d: AETH syndrome 0x%02x is not an ACK" % (p.n, p.aeth))
            acked.setdefault(p.src, []).append(p.psn)
            continue
        if p.op in READ_RESPS or p.op == ATOMIC_ACK:
            req = pending.pop((p.src, p.psn), None)
            if req is None:
                run.err("frame %d: %s PSN 0x%06x answers no request" % (p.n, p.name(), p.psn))
                continue
            if p.aeth is not None and p.aeth >> 5 != 0:
                run.err("frame %d: response AETH syndrome 0x%02x" % (p.n, p.aeth))
            kind = "resp"
            if p.op == ATOMIC_ACK:
                msgs.append(("atomic_ack", p.src, req, p.orig, p))
                continue
            key = (p.src, req.dqpn, kind)
            if p.op in (READ_RESP_ONLY, READ_RESP_FIRST):
                if key in open_msg:
                    run.err("frame %d: READ response inside another" % p.n)
                open_msg[key] = [req, bytearray(p.payload)]
            elif key not in open_msg:
                run.err("frame %d: %s without a FIRST" % (p.n, p.name()))
                continue
            else:
                open_msg[key][1] += p.payload
            if p.op in (READ_RESP_ONLY, READ_RESP_LAST):
                r, data = open_msg.pop(key)
                msgs.append(("read_resp", p.src, r, bytes(data), p))
            else:
                pending[(p.src, (p.psn + 1) % PSN_MOD)] = req
            continue
        # a request packet: to one of the peer's QPs, consecutive PSNs per
        # sender and destination QP
        peer_qpns = run.server.qpns if p.src == CLIENT_IP else run.client.qpns
        if p.dqpn not in peer_qpns:
            run.err("frame %d: %s to QP 0x%06x, none of the peer's %s"
                    % (p.n, p.name(), p.dqpn, ["0x%06x" % q for q in peer_qpns]))
        seq = (p.src, p.dqpn)
        want = next_psn.get(seq)
        if want is None:
            if p.psn not in init[p.src]:
                run.err("frame %d: first request PSN 0x%06x is none of the sender's %s"
                        % (p.n, p.psn, ["0x%06x" % x for x in init[p.src]]))
        elif p.psn != want:
            run.err("frame %d: request PSN 0x%06x, expected 0x%06x" % (p.n, p.psn, want))
        step = 1
        if p.op == READ_REQ:
            step = max(1, -(-p.reth[2] // run.mtu))
        next_psn[seq] = (p.psn + step) % PSN_MOD
        last_req.setdefault(p.src, {})[p.dqpn] = (p.psn + step - 1) % PSN_MOD
        if p.op == READ_REQ:
            pending[(peer, p.psn)] = p
            msgs.append(("read_req", p.src, p, b"", p))
            continue
        if p.op in (CMP_SWAP, FETCH_ADD):
            pending[(peer, p.psn)] = p
            msgs.append(("atomic", p.src, p, b"", p))
            continue
        if p.op in SENDS or p.op in WRITES:
            kind = "send" if p.op in SENDS else "write"
            key = (p.src, p.dqpn, kind)
            if p.op in FIRSTS or p.op in ONLYS:
                if key in open_msg:
                    run.err("frame %d: %s inside a message" % (p.n, p.name()))
                open_msg[key] = [p, bytearray(p.payload)]
            elif key not in open_msg:
                run.err("frame %d: %s without a FIRST" % (p.n, p.name()))
                continue
            else:
                open_msg[key][1] += p.payload
            if p.op in LASTS or p.op in ONLYS:
                first, data = open_msg.pop(key)
                msgs.append((kind, p.src, first, bytes(data), p))
            continue
        run.err("frame %d: unexpected %s" % (p.n, p.name()))
    for key in open_msg:
        run.err("a %s message to QP 0x%06x never ended" % (key[2], key[1]))
    for (src, psn) in pending:
        run.err("request PSN 0x%06x to %s never answered" % (psn, ".".join(map(str, src))))
    if run.conn in ("RC", "XRC"):
        # every request PSN acknowledged, explicitly or by a later response
        for src, per_qp in last_req.items():
            peer = SERVER_IP if src == CLIENT_IP else CLIENT_IP
            got = acked.get(peer, [])
            for dqpn, psn in per_qp.items():
                if psn not in got and not any(m[0] in ("read_resp", "atomic_ack") and m[4].psn == psn
                                              for m in msgs if m[1] == peer):
                    run.err("last request PSN 0x%06x to QP 0x%06x not acknowledged" % (psn, dqpn))
    return msgs


def check_counts(run, msgs):
    p_per = max(1, -(-run.size // run.mtu)) if run.mtu else 1
    count = {}
    for kind, src, first, data, last in msgs:
        k = (kind, src)
        count[k] = count.get(k, 0) + 1
    n = run.iters
    both = run.tst == "lat" or run.bidir
    want = {}
    if run.verb == "send":
        want[("send", CLIENT_IP)] = n
        if both:
            want[("send", SERVER_IP)] = n
    elif run.verb == "write":
        want[("write", CLIENT_IP)] = n
        if both:
            want[("write", SERVER_IP)] = n
    elif run.verb == "read":
        want[("read_req", CLIENT_IP)] = n
        want[("read_resp", SERVER_IP)] = n
    elif run.verb == "atomic":
        want[("atomic", CLIENT_IP)] = n
        want[("atomic_ack", SERVER_IP)] = n
    for k in set(want) | set(count):
        if count.get(k, 0) != want.get(k, 0):
            run.err("%d %s messages from %s, perftest reports %d" %
                    (count.get(k, 0), k[0], "client" if k[1] == CLIENT_IP else "server", want.get(k, 0)))
    # message sizes and packets per message
    for kind, src, first, data, last in msgs:
        if kind in ("send", "write", "read_resp"):
            if len(data) != run.size:
                run.err("frame %d: %s of %d bytes, expected %d" % (last.n, kind, len(data), run.size))
            # (a READ response's first PSN is its request's)
            npk = (last.psn - first.psn) % PSN_MOD + 1
            if npk != p_per:
                run.err("frame %d: %s in %d packets, expected %d" % (last.n, kind, npk, p_per))
        if kind == "read_req" and first.reth[2] != run.size:
            run.err("frame %d: READ of %d bytes, expected %d" % (first.n, first.reth[2], run.size))
    return count


def aligned_find(stream, payload, limit):
    for off in range(0, limit, CACHE_LINE):
        if stream[off:off + len(payload)] == payload:
            return off
    return None


def check_data(run, msgs):
    """Returns a short description of what was checked."""
    if run.bidir:
        return "data not checked (bidirectional)"
    span = max(run.size, PAGE) * max(run.client.qps, 1) * 2 + PAGE
    srv_va = run.server.vaddrs[0] if run.server.vaddrs else None
    if srv_va is None and "-R" in run.opts:
        # with -R perftest prints no VAddr: its first WRITE or READ goes to
        # the start of the server's buffer (perftest cycles from there)
        vas = [m[2].reth[0] for m in msgs if m[2].reth is not None]
        srv_va = min(vas) if vas else None
    checked = 0
    if run.verb == "send":
        for who, side_ip in (("client", CLIENT_IP), ("server", SERVER_IP)):
            mine = [m for m in msgs if m[0] == "send" and m[1] == side_ip]
            if not mine:
                continue
            probe = mine[0][3]
            if len(probe) < 8:
                return "data not checked (messages under 8 bytes cannot identify the seed)"
            seed = run.find_seed(who, lambda g: aligned_find(g(span), probe, span) is not None)
            if seed is None:
                run.err("the %s's first SEND is no 64-byte-aligned part of a buffer seeded at %d..%d"
                        % (who, run.candidates()[0], run.candidates()[-1]))
                continue
            stream = run.stream(who, seed, span)
            for kind, src, first, data, last in mine:
                if aligned_find(stream, data, span) is None:
                    run.err("frame %d: SEND of %d bytes is no 64-byte-aligned part of the %s's buffer"
                            % (last.n, len(data), who))
                checked += 1
        return "%d SEND payloads checked against the sender's buffer" % checked
    if run.verb == "write" and run.tst == "lat":
        # each side zeroes its buffer and writes the k-th time with its
        # last byte = k (mod 256), the byte the peer polls for
        nth = {}
        for kind, src, first, data, last in msgs:
            if kind != "write" or not data:
                continue
            nth[src] = nth.get(src, 0) + 1
            want = bytes(len(data) - 1) + bytes([nth[src] & 0xFF])
            if data != want:
                k = next(i for i in range(len(data)) if data[i] != want[i])
                run.err("frame %d: WRITE %d byte %d is 0x%02x, expected 0x%02x"
                        % (last.n, nth[src], k, data[k], want[k]))
            checked += 1
        return "%d WRITE payloads checked: zero, last byte the iteration number" % checked
    if run.verb == "atomic":
        return check_atomics(run, msgs, span)
    if srv_va is None:
        run.err("the server printed no VAddr")
        return "data not checked"
    if run.verb == "write":
        mine = [m for m in msgs if m[0] == "write"]

        def offset(m):
            return m[2].reth[0] - srv_va

        for m in mine:
            if not 0 <= offset(m) < span:
                run.err("frame %d: RETH VA 0x%x outside the server's buffer" % (m[2].n, m[2].reth[0]))
                return "data not checked"
        if not mine or len(mine[0][3]) == 0:
            return "data not checked"
        probe = mine[0]
        seed = run.find_seed("client", lambda g: g(offset(probe) + len(probe[3]))[offset(probe):] == probe[3])
        if seed is None:
            run.err("the first WRITE is not the client's buffer at its offset (seeds %d..%d)"
                    % (run.candidates()[0], run.candidates()[-1]))
            return "data not checked"
        for m in mine:
            o = offset(m)
            if run.stream("client", seed, o + len(m[3]))[o:o + len(m[3])] != m[3]:
                run.err("frame %d: WRITE payload is not the client's buffer at offset %d" % (m[4].n, o))
            checked += 1
        return "%d WRITE payloads checked against the client's buffer at the RETH offset" % checked
    if run.verb == "read":
        mine = [m for m in msgs if m[0] == "read_resp"]
        if not mine:
            return "data not checked"
        rel = [m[2].reth[0] - srv_va for m in mine]
        found = find_base(run, [(r, m[3]) for r, m in zip(rel, mine)][:1], span)
        if found is None:
            run.err("the first READ response is no part of the server's buffer (seeds %d..%d)"
                    % (run.candidates()[0], run.candidates()[-1]))
            return "data not checked"
        seed, base = found
        for r, m in zip(rel, mine):
            o = base + r
            if not 0 <= r < span or run.stream("server", seed, o + len(m[3]))[o:o + len(m[3])] != m[3]:
                run.err("frame %d: READ response is not the server's buffer at offset %d" % (m[4].n, o))
            checked += 1
        return "%d READ responses checked against the server's buffer at the RETH offset (+%d)" % (
            checked, base)
    return "data not checked"


def find_base(run, probes, span):
    """(seed, base): the server's buffer holds each (offset, bytes) of probes
    at base + offset (perftest exposes the second part of its buffer, after
    the QPs' local parts; base is found, not computed)."""
    best = []

    if any(not 0 <= r < span for r, _ in probes):
        return None

    def holds(g):
        stream = g(span + max(r for r, _ in probes) + max(len(d) for _, d in probes))
        for base in range(span):
            if all(stream[base + r:base + r + len(d)] == d for r, d in probes):
                best.append(base)
                return True
        return False

    seed = run.find_seed("server", holds)
    return None if seed is None else (seed, best[-1])


def check_atomics(run, msgs, span):
    """Per address, each original value is what the previous operation left;
    the first one at each address is the server's buffer there."""
    value, first_of, checked = {}, {}, 0
    acks = [m for m in msgs if m[0] == "atomic_ack"]
    for kind, src, req, orig, last in acks:
        va, rkey, swap_add, compare = req.atomic
        if va in value and value[va] != orig:
            run.err("frame %d: original value 0x%016x at 0x%x, the previous operation left 0x%016x"
                    % (last.n, orig, va, value[va]))
        first_of.setdefault(va, orig)
        if req.op == FETCH_ADD:
            value[va] = (orig + swap_add) & (2 ** 64 - 1)
        else:
            value[va] = swap_add if orig == compare else orig
        checked += 1
    if not acks:
        return "data not checked"
    # perftest prints no address for atomics: offsets from the lowest one
    low = min(first_of)
    probes = [(va - low, v.to_bytes(8, "little")) for va, v in first_of.items()]
    found = find_base(run, probes[:1], span)
    if found is None:
        run.err("the first original value is no part of the server's buffer")
        return "data not checked"
    seed, base = found
    for r, d in probes:
        o = base + r
        if not 0 <= r < span:
            run.err("atomic address offset %d outside the server's buffer" % r)
        elif run.stream("server", seed, o + 8)[o:o + 8] != d:
            run.err("first original value at offset %d is not the server's buffer" % o)
    return ("%d atomic results checked at %d addresses (each the previous one's outcome, "
            "the first the server's buffer)" % (checked, len(first_of)))


def sim_figures(run, msgs):
    ts = [p.ts for p in run.packets]
    if not ts:
        return ""
    span = max(ts) - min(ts)
    if run.tst == "bw":
        data = sum(len(m[3]) for m in msgs if m[0] in ("send", "write", "read_resp"))
        if run.verb == "atomic":
            return "simulated %.1f us, %.2f M atomics/s" % (span * 1e6, run.iters / span / 1e6 if span else 0)
        return "simulated %.1f us, %.2f Gb/s payload" % (span * 1e6, data * 8 / span / 1e9 if span else 0)
    per = span / run.iters if run.iters else 0
    what = "round trip" if run.verb in ("read", "atomic") else "ping-pong (two one-way)"
    return "simulated %.1f us, %.2f us per iteration (%s)" % (span * 1e6, per * 1e6, what)


def cm_starting_psns(pkts):
    """[(frame index, sender IPv4, QPN, starting PSN)] of the CM REQs and
    REPs in the capture (UD SEND ONLY MADs to QP 1; IBA 12.6.5 REQ: local
    QPN at attribute byte 32, starting PSN at 44; 12.6.8 REP: local QPN at
    12, starting PSN at 20; the attribute follows the 24-byte MAD header)."""
    out = []
    for i, p in enumerate(pkts):
        if p is None or p.dqpn != 1 or p.transport != "UD" or len(p.payload) < 256:
            continue
        mad = p.payload
        attr = struct.unpack(">H", mad[16:18])[0]
        a = mad[24:]
        if attr == 0x0010:
            out.append((i, p.src, int.from_bytes(a[32:35], "big"), int.from_bytes(a[44:47], "big")))
        elif attr == 0x0013:
            out.append((i, p.src, int.from_bytes(a[12:15], "big"), int.from_bytes(a[20:23], "big")))
    return out


def main():
    ap = argparse.ArgumentParser(description="perftest capture checker")
    ap.add_argument("pcap")
    ap.add_argument("runs", help="runs file of tests/cosim/perftest.sh")
    args = ap.parse_args()
    try:
        runs = [Run(line) for line in open(args.runs) if line.strip()]
        pkts = packets_of(open(args.pcap, "rb").read())
    except (OSError, ValueError) as e:
        print("perftest_check: %s" % e)
        return 2
    errors = 0
    if not runs:
        print("perftest_check: no runs")
        return 2
    other = [p for p in pkts if p is None]
    if other:
        print("perftest_check: %d frames are not RoCEv2 over IPv4" % len(other))
        errors += 1
    # Runs with -R connect through the RDMA CM: its MADs to QP1 are
    # tests/tools/cm_check.py's to check, and the starting PSNs on the wire
    # are the ones the REQ and REP carried, not perftest's printed ones.
    cm = cm_starting_psns(pkts)
    # divide the capture: run i from its first packet to run i+1's
    starts = []
    at = 0
    for r in runs:
        if "-R" in r.opts:
            # a -R run begins with the connection request of its test QP
            # (a REQ naming a QPN the client printed, or a SIDR_REQ) after
            # the previous run's start; perftest connects a QP of its own
            # for its exchange first
            i = next((j for j in range(at + (1 if starts else 0), len(pkts))
                      if pkts[j] is not None and pkts[j].dqpn == 1 and len(pkts[j].payload) >= 60
                      and (pkts[j].payload[16:18] == b"\x00\x17" or
                           (pkts[j].payload[16:18] == b"\x00\x10" and
                            int.from_bytes(pkts[j].payload[56:59], "big") in r.client.qpns))), None)
        else:
            i = first_packet_of(r, pkts, at)
        if i is None:
            r.err("no packet carries one of its initial PSNs")
            i = at
        if "-R" in r.opts:
            # the QPNs come again in every run (each starts on a reset
            # NIC): this run's REQ and REP are the first from its start
            for side, ip in ((r.client, CLIENT_IP), (r.server, SERVER_IP)):
                side.psns = [next((psn for (n, a, qpn, psn) in cm if n >= i and a == ip and qpn == q), old)
                             for q, old in zip(side.qpns, side.psns)]
        starts.append(i)
        at = i
    if starts and starts[0] != 0 and "-R" not in runs[0].opts:
        print("perftest_check: %d frames before the first run" % starts[0])
        errors += 1
    for k, r in enumerate(runs):
        end = starts[k + 1] if k + 1 < len(runs) else len(pkts)
        keep = set(r.client.qpns) | set(r.server.qpns) if "-R" in r.opts else None
        # -R: QP1's MADs, and the frames of perftest's own exchange over a
        # connection of its own, are not the test's
        r.packets = [p for p in pkts[starts[k]:end]
                     if p is not None and p.dqpn != 1 and (keep is None or p.dqpn in keep)]
        if "-R" in r.opts and r.conn == "UD":
            # a UD QP's send PSN is the library's, carried by no CM
            # message: each side's sequence starts at its first datagram
            for side, ip in ((r.client, CLIENT_IP), (r.server, SERVER_IP)):
                first = next((p.psn for p in r.packets if p.src == ip), None)
                if first is not None:
                    side.psns = [first] * len(side.qpns)
        msgs = check_frames(r)
        if r.aside and not r.iters:
            # no result line on either side to count against: its
            # frames are checked and kept apart from the next run's
            count, data = {}, "set aside (perftest made no report), frames only"
        else:
            count = check_counts(r, msgs)
            data = check_data(r, msgs)
            if r.aside:
                data = "set aside (one side made no report), " + data
        ops = {}
        for p in r.packets:
            ops[p.name()] = ops.get(p.name(), 0) + 1
        print("perftest_check: run %d %s: %d frames (%s); %s; %s; %s" % (
            k + 1, r.label, len(r.packets), ", ".join("%d %s" % (ops[o], o) for o in sorted(ops)),
            ", ".join("%d %s %s" % (v, kk[0], "c->s" if kk[1] == CLIENT_IP else "s->c")
                      for kk, v in sorted(count.items())),
            data, sim_figures(r, msgs)))
        for e in r.errors[:10]:
            print("perftest_check: run %d: %s" % (k + 1, e))
        errors += len(r.errors)
    if errors:
        print("perftest_check: FAIL, %d error(s)" % errors)
        return 1
    print("perftest_check: %d runs, %d frames, all as perftest reports" % (len(runs), len(pkts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
