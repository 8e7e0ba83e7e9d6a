#!/usr/bin/env python3
"""Checks the counters of an rnic-sim run (sim.log) against what was on the wire.

usage: fault_counters.py SIM_LOG [SENT_PCAP DELIVERED_PCAP] [--mtu BYTES]

With the log alone: prints each link's injection counters (the report's
"rnic-sim: linkI: frames=..." line) and each NIC's RTL counters ("rnic-sim:
nicN rtl: ..."), then checks, for every link I carrying nicA->nicB (the
start-up line "rnic-sim: linkI: nicA->nicB ..." says which; link I carries
nicI->nic(I^1) when it is missing):

  delivered = frames - dropped - down_dropped + duplicated
  nicB's rx_icrc_err = linkI's corrupted          (not with all=1)

With the captures (rnic-sim --pcap SENT_PCAP --pcap-rx DELIVERED_PCAP; the
delivered frames of link I are in DELIVERED_PCAP with ".linkI" before the
extension), also, for every link I carrying nicA->nicB, computed from the
frames alone (Python standard library; the ICRC is roce_check.py's):

  frames nicA sent (source IPv4 nicA's)     = linkI's frames
  frames in link I's delivered capture      = linkI's delivered = nicB's rx_pkts
  delivered RoCEv2 frames with a bad ICRC   = nicB's rx_icrc_err
  delivered ICRC-good RC/XRC ACKs (BTH opcode 0x11 / 0xB1) with AETH
  syndrome 0x60 (PSN sequence error NAK)    = nicB's rx_nak_seq
    ... with syndrome 001xxxxx (RNR NAK)    = nicB's rx_rnr_nak
  such NAKs nicA sent on link I             = nicA's tx_nak_seq, tx_rnr_nak
  request packets nicA sent again           = nicA's retrans_pkts
  duplicate requests delivered to nicB      = nicB's rx_dup

A request packet is an RC or XRC packet whose opcode is not a response
(0x0D-0x12); a flow is (source address, destination QP). A READ REQUEST at
PSN p with DMA length L stands for PSNs p .. p + max(1, ceil(L / MTU)) - 1,
its responses (IBA 9.7.1); the MTU is not on the wire: --mtu, default 1024.

Sent again: a request packet whose PSN is at or before the highest PSN
already sent on its flow, in 24-bit serial order (the same as "before the
next PSN the requester would send new").

Duplicates: the responder's expected PSN is emulated per flow over the
delivered ICRC-good request packets, in delivery order: a packet at the
expected PSN is executed and moves it on by its PSNs (1, a READ REQUEST its
number of responses); one before it (serial order) is a duplicate; one
after it is ahead and leaves it. Except:
  - an in-sequence packet that needs a receive WQE (SEND FIRST/ONLY, WRITE
    with immediate LAST/ONLY) for which nicB sent an RNR NAK (its RNR NAKs
    taken in the order it sent them, each matched to the next such packet
    with its PSN delivered before it) is not executed: the PSN stays;
  - an in-sequence packet answered by a NAK invalid request / remote access
    / remote operational error (syndromes 0x61-0x63, matched the same way)
    puts the QP in error: the flow is no longer emulated (the NIC drops its
    packets as for a QP not ready, not as duplicates).
Assumptions, which the wire cannot show:
  - the responder starts at the PSN of the first request packet the
    requester sent on the flow (the requester's sq_psn is the responder's
    rq_psn, as on any connection that works);
  - a flow whose requester sends a PSN outside [first PSN sent, next new
    PSN] has been connected anew (QP numbers reused): a requester never goes
    back before its first PSN nor skips a PSN. Its counts start over, and
    the responder at the new first PSN once the first packet sent on the new
    connection is delivered. A reconnection that starts inside that range
    cannot be told from a retransmission and is miscounted (a mismatch, not
    a silent pass).
When the emulation cannot be exact it says why and skips the duplicate
check (every other check still runs): an RNR NAK or error NAK matched to no
packet, a delivered request that was never sent, or nicB dropping frames
before its responder for a reason the wire does not show (its rx_bad_qp or
rx_bad_hdr not 0: a QP not yet, or no longer, ready, e.g. a destroyed peer).

Prints one line per link with every figure compared, then "fault_counters:
OK"; exit status 1 with the mismatches otherwise, 2 on bad usage or an
unreadable file (docs/simulator.md, "Fault injection").
"""
import argparse
import hashlib
import mmap
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from roce_check import icrc, read_pcap  # noqa: E402  (the ICRC rule, written once)

LINK_CONF = re.compile(r"^rnic-sim: link(\d+): nic(\d+)->nic(\d+) seed=(\d+) faults: (.*)$")
LINK_STATS = re.compile(r"^rnic-sim: link(\d+): (frames=.*)$")
NIC_RTL = re.compile(r"^rnic-sim: nic(\d+) rtl: (.*)$")
NIC_ADDR = re.compile(r"^rnic-sim: nic(\d+) at .*, IPv4 (\d+\.\d+\.\d+\.\d+)$")
LINK_FIELDS = ("frames", "bytes", "delivered", "dropped", "corrupted", "duplicated", "reordered",
               "jittered", "down_dropped")

ETH, IP, UDP, BTH = 14, 20, 8, 12
L_BTH = ETH + IP + UDP                 # BTH offset in a RoCEv2 frame over IPv4
PSN_MOD, PSN_HALF = 1 << 24, 1 << 23

# BTH opcode, low 5 bits (the IBA's opcode table); the high 3 bits: 000 RC, 101 XRC
OP_READ_REQ, OP_ACK = 0x0C, 0x11
OPS_RESPONSE = range(0x0D, 0x13)       # READ responses, ACK, ATOMIC ACKNOWLEDGE
# packets that take a receive WQE, so may be RNR NAKed: SEND FIRST, SEND
# ONLY (with immediate, with invalidate), RDMA WRITE LAST / ONLY with
# immediate
OPS_WQE = {0x00, 0x04, 0x05, 0x17, 0x09, 0x0B}
TR_RC, TR_XRC = 0x00, 0xA0
SYN_NAK_SEQ = 0x60
SYN_NAK_ERR = (0x61, 0x62, 0x63)       # invalid request, remote access, remote operational


def fields(text):
    """'a=1 b=2' -> {'a': 1, 'b': 2}"""
    return {k: int(v) for k, v in (f.split("=", 1) for f in text.split())}


def fail(msg):
    print(f"fault_counters: FAIL: {msg}")
    sys.exit(1)


def link_capture_path(path, link):
    """The delivered capture of link I: PATH with ".linkI" before its extension
    (rnic-sim's link_capture_path)."""
    d, b = os.path.split(path)
    dot = b.rfind(".")
    if dot <= 0:
        dot = len(b)
    return os.path.join(d, b[:dot] + ".link%d" % link + b[dot:])


def read_frames(path):
    """(t_ns, frame) for each frame of a pcap file."""
    try:
        with open(path, "rb") as f:
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError) as e:
        print(f"fault_counters: {path}: {e}")
        sys.exit(2)
    magic = data[:4]
    endian = "<" if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") else ">"
    frac = 1 if magic in (b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\x3c\x4d") else 1000
    try:
        for off, frame in read_pcap(data):
            sec, sub = struct.unpack(endian + "II", data[off:off + 8])
            yield sec * 1000000000 + sub * frac, frame
    except ValueError as e:
        print(f"fault_counters: {path}: {e}")
        sys.exit(2)


class Pkt:
    """What the checks need of a RoCEv2 frame over IPv4 (None fields otherwise)."""
    __slots__ = ("t", "src", "dst", "roce", "icrc_ok", "op", "dqp", "psn", "syn", "npsn", "digest")

    def __init__(self, t, frame, mtu):
        self.t = t
        self.src = self.dst = self.op = self.dqp = self.psn = self.syn = None
        self.roce = self.icrc_ok = False
        self.npsn = 1
        self.digest = hashlib.blake2b(frame, digest_size=16).digest()
        if len(frame) < ETH + IP or frame[12:14] != b"\x08\x00":
            return
        self.src, self.dst = frame[26:30], frame[30:34]
        # RoCEv2 as the NIC takes it: IPv4 without options, UDP to port 4791
        if (frame[14] != 0x45 or frame[23] != 17 or len(frame) < L_BTH + BTH + 4 or
                frame[36:38] != b"\x12\xb7"):
            return
        self.roce = True
        self.icrc_ok = icrc(frame) == frame[-4:]
        b = frame[L_BTH:L_BTH + BTH]
        self.op = b[0]
        self.dqp = int.from_bytes(b[5:8], "big")
        self.psn = int.from_bytes(b[9:12], "big")
        ext = L_BTH + BTH + (4 if self.op & 0xE0 == TR_XRC else 0)   # after the XRCETH
        low = self.op & 0x1F
        if low == OP_ACK and len(frame) >= L_BTH + BTH + 4 + 4:
            self.syn = frame[L_BTH + BTH]                              # AETH byte 0
        elif low == OP_READ_REQ and len(frame) >= ext + 16 + 4:
            rlen = int.from_bytes(frame[ext + 12:ext + 16], "big")    # RETH DMA length
            self.npsn = max(1, -(-rlen // mtu))

    def rc(self):
        return self.roce and self.op & 0xE0 in (TR_RC, TR_XRC)

    def request(self):
        return self.rc() and (self.op & 0x1F) not in OPS_RESPONSE

    def nak(self, syn_ok):
        return self.rc() and (self.op & 0x1F) == OP_ACK and self.syn is not None and syn_ok(self.syn)


def serial(a, b):
    """(a - b) mod 2^24"""
    return (a - b) % PSN_MOD


def sent_requests(pkts):
    """Sent again, per (source, destination QP) flow in sending order; and the
    connection each request packet belongs to: {sent index: (flow, epoch, first PSN)}.
    Returns (packets sent again, {index: ...}, connections seen anew)."""
    flows, epoch_of, again, anew = {}, {}, 0, 0
    for i, p in enumerate(pkts):
        if not p.request():
            continue
        key = (p.src, p.dqp)
        st = flows.get(key)
        end = (p.psn + p.npsn) % PSN_MOD
        if st is not None:
            first, nxt, epoch = st
            d, span = serial(p.psn, first), serial(nxt, first)
            if d <= span:
                if d < span:
                    again += 1
                if serial(end, first) > span:
                    st[1] = end
                epoch_of[i] = (key, epoch, first)
                continue
            anew += 1          # outside [first, next]: a new connection
            epoch = epoch + 1
        else:
            epoch = 0
        flows[key] = [p.psn, end, epoch]
        epoch_of[i] = (key, epoch, p.psn)
    return again, epoch_of, anew


def duplicates(delivered, sent, epoch_of, replies, a_ip):
    """The responder's duplicates over the delivered frames of one link (see the
    module doc). Returns (count, None) or (None, why it cannot be exact)."""
    # delivered frame -> the frame sent: the latest sent before its delivery
    # with the same bytes
    by_digest = {}
    for i, p in enumerate(sent):
        by_digest.setdefault(p.digest, []).append(i)
    rnr = [r for r in replies if r.dst == a_ip and r.nak(lambda s: s >> 5 == 1)]
    err = [r for r in replies if r.dst == a_ip and r.nak(lambda s: s in SYN_NAK_ERR)]
    ri = ei = 0
    flows, dup = {}, 0
    for p in delivered:
        if not (p.icrc_ok and p.request()):
            continue
        cand = [i for i in by_digest.get(p.digest, ()) if sent[i].t <= p.t]
        if not cand:
            return None, "a delivered request (PSN %d, QP 0x%x) is not in the sent capture" % (p.psn, p.dqp)
        key, epoch, first = epoch_of[cand[-1]]
        st = flows.get(key)
        if st is None or epoch > st["epoch"]:
            st = flows[key] = {"epoch": epoch, "epsn": first, "stopped": False}
        if st["stopped"]:
            continue
        d = serial(p.psn, st["epsn"])
        if d >= PSN_HALF:
            dup += 1
        elif d == 0:
            if ri < len(rnr) and rnr[ri].psn == p.psn and rnr[ri].t >= p.t and (p.op & 0x1F) in OPS_WQE:
                ri += 1                      # RNR NAKed: not executed
            elif ei < len(err) and err[ei].psn == p.psn and err[ei].t >= p.t:
                ei += 1                      # the QP goes to error
                st["stopped"] = True
            else:
                st["epsn"] = (st["epsn"] + p.npsn) % PSN_MOD
    if ri < len(rnr):
        return None, "%d of %d RNR NAKs sent match no delivered packet (the first at PSN %d)" % (
            len(rnr) - ri, len(rnr), rnr[ri].psn)
    if ei < len(err):
        return None, "%d of %d error NAKs sent match no delivered packet (the first at PSN %d)" % (
            len(err) - ei, len(err), err[ei].psn)
    return dup, None


def main():
    ap = argparse.ArgumentParser(description="rnic-sim counters against the wire",
                                 usage="fault_counters.py SIM_LOG [SENT_PCAP DELIVERED_PCAP] [--mtu BYTES]")
    ap.add_argument("log")
    ap.add_argument("captures", nargs="*")
    ap.add_argument("--mtu", type=int, default=1024, help="path MTU of the RC QPs (default 1024)")
    args = ap.parse_args()
    if len(args.captures) not in (0, 2) or args.mtu <= 0:
        ap.print_usage(sys.stderr)
        sys.exit(2)

    conf, links, rtl, addr = {}, {}, {}, {}
    try:
        with open(args.log, errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if m := LINK_CONF.match(line):
                    conf[int(m[1])] = (int(m[2]), int(m[3]), m[5])
                elif m := LINK_STATS.match(line):
                    links[int(m[1])] = fields(m[2])
                elif m := NIC_RTL.match(line):
                    rtl[int(m[1])] = fields(m[2])
                elif m := NIC_ADDR.match(line):
                    addr[int(m[1])] = bytes(int(x) for x in m[2].split("."))
    except OSError as e:
        print(f"fault_counters: {e}")
        sys.exit(2)
    if not links:
        fail(f"no link counters in {args.log} (did the simulator report?)")

    for i in sorted(links):
        src, dst, faults = conf.get(i, (i, i ^ 1, "?"))
        print(f"link{i}: nic{src}->nic{dst} faults: {faults}")
        print(f"link{i}: " + " ".join(f"{k}={links[i].get(k, '?')}" for k in LINK_FIELDS))
    for n in sorted(rtl):
        print(f"nic{n} rtl: " + " ".join(f"{k}={v}" for k, v in rtl[n].items()))

    summary = []
    for i in sorted(links):
        s = links[i]
        missing = [k for k in LINK_FIELDS if k not in s]
        if missing:
            fail(f"link{i}: no {', '.join(missing)} (a simulator without fault injection?)")
        src, dst, faults = conf.get(i, (i, i ^ 1, ""))
        expect = s["frames"] - s["dropped"] - s["down_dropped"] + s["duplicated"]
        if s["delivered"] != expect:
            fail(f"link{i}: delivered={s['delivered']}, but frames - dropped - down_dropped + duplicated"
                 f" = {s['frames']} - {s['dropped']} - {s['down_dropped']} + {s['duplicated']} = {expect}"
                 " (a frame still in flight when the simulator stopped?)")
        icrc_note = "rx_icrc_err not checked (all=1)"
        if "all=1" not in faults.split():
            if dst not in rtl or "rx_icrc_err" not in rtl[dst]:
                fail(f"link{i}: no rx_icrc_err counter of nic{dst}")
            if rtl[dst]["rx_icrc_err"] != s["corrupted"]:
                fail(f"link{i}: corrupted={s['corrupted']}, but nic{dst} rx_icrc_err={rtl[dst]['rx_icrc_err']}")
            icrc_note = f"nic{dst} rx_icrc_err={rtl[dst]['rx_icrc_err']}"
        summary.append(f"link{i} nic{src}->nic{dst}: delivered={s['delivered']} = frames={s['frames']}"
                       f" - dropped={s['dropped']} - down_dropped={s['down_dropped']}"
                       f" + duplicated={s['duplicated']}; corrupted={s['corrupted']}, {icrc_note}")
    if not args.captures:
        print("fault_counters: OK " + "; ".join(summary))
        return

    print(f"fault_counters: from the captures; READ REQUESTs counted in responses of MTU {args.mtu} bytes "
          "(--mtu; the MTU is not on the wire)")
    sent_all = [Pkt(t, fr, args.mtu) for t, fr in read_frames(args.captures[0])]
    ip = lambda n: addr.get(n, bytes((192, 0, 2, n + 1)))  # noqa: E731  (192.0.2.(n+1) when the log has none)
    bad, skipped = [], []
    sent_by_nic = {}
    for n in rtl:
        sent_by_nic[n] = [p for p in sent_all if p.src == ip(n)]
    unattributed = sum(1 for p in sent_all if p.src not in {ip(n) for n in rtl})

    for i in sorted(links):
        s = links[i]
        a, b, _ = conf.get(i, (i, i ^ 1, ""))
        if a not in rtl or b not in rtl:
            fail(f"link{i}: no RTL counters of nic{a} or nic{b}")
        ra, rb = rtl[a], rtl[b]
        dpath = link_capture_path(args.captures[1], i)
        dlv = [Pkt(t, fr, args.mtu) for t, fr in read_frames(dpath)]
        sent = sent_by_nic.get(a, [])
        replies = sent_by_nic.get(b, [])
        figures = []

        def cmp(what, counter, wire, wire_what):
            figures.append(f"{what} {counter} = {wire} {wire_what}")
            if counter != wire:
                bad.append(f"link{i}: {what} {counter}, but {wire} {wire_what}")

        cmp("delivered", s["delivered"], len(dlv), "frames in the delivered capture")
        cmp(f"nic{b} rx_pkts", rb.get("rx_pkts"), len(dlv), "frames delivered")
        n_bad = sum(1 for p in dlv if p.roce and not p.icrc_ok)
        cmp(f"nic{b} rx_icrc_err", rb.get("rx_icrc_err"), n_bad, "delivered with a bad ICRC")
        if unattributed:
            skipped.append(f"link{i}: frames not checked: {unattributed} sent frames are not IPv4 from a NIC")
        else:
            cmp("frames", s["frames"], len(sent), f"sent from nic{a}")
        good = [p for p in dlv if p.icrc_ok]
        cmp(f"nic{b} rx_nak_seq", rb.get("rx_nak_seq"),
            sum(1 for p in good if p.nak(lambda y: y == SYN_NAK_SEQ)), "NAKs delivered")
        cmp(f"nic{b} rx_rnr_nak", rb.get("rx_rnr_nak"),
            sum(1 for p in good if p.nak(lambda y: y >> 5 == 1)), "RNR NAKs delivered")
        cmp(f"nic{a} tx_nak_seq", ra.get("tx_nak_seq"),
            sum(1 for p in sent if p.nak(lambda y: y == SYN_NAK_SEQ)), "NAKs sent")
        cmp(f"nic{a} tx_rnr_nak", ra.get("tx_rnr_nak"),
            sum(1 for p in sent if p.nak(lambda y: y >> 5 == 1)), "RNR NAKs sent")
        again, epoch_of, anew = sent_requests(sent)
        cmp(f"nic{a} retrans_pkts", ra.get("retrans_pkts"), again,
            "requests sent again" +
            (f" ({anew} new connection{'s' if anew != 1 else ''} on QP numbers used before)" if anew else ""))
        dup, why = duplicates(dlv, sent, epoch_of, replies, ip(a))
        gone = {k: rb[k] for k in ("rx_bad_qp", "rx_bad_hdr") if rb.get(k)}
        if why is None and gone:
            why = (f"nic{b} dropped packets before its responder saw them ("
                   + ", ".join(f"{k}={v}" for k, v in gone.items())
                   + "): for a QP not or no longer ready, or with a header it rejects, which the wire does not"
                   f" show (the emulation counts {dup})")
        if why is None:
            cmp(f"nic{b} rx_dup", rb.get("rx_dup"), dup, "duplicate requests delivered")
        else:
            skipped.append(f"link{i}: nic{b} rx_dup ({rb.get('rx_dup')}) not checked: {why}")
        print(f"link{i} nic{a}->nic{b}: " + "; ".join(figures))
    for line in skipped:
        print(f"fault_counters: {line}")
    if bad:
        for line in bad:
            print(f"fault_counters: mismatch: {line}")
        fail(f"{len(bad)} counters do not match the wire")
    print("fault_counters: OK " + "; ".join(summary))


if __name__ == "__main__":
    main()
