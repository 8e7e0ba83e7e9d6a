#!/usr/bin/env python3
"""Check the connection-manager exchanges of a RoCEv2 capture.

Independent of the firmware and of the libraries: Python standard library
only (the pcap reader is roce_check's), the layouts written from the
InfiniBand Architecture Specification (MAD header 13.4.3; CM messages 12.6;
SIDR 12.11) and the RDMA CM's wire conventions (service ID = port space << 16
| port; the REQ / SIDR_REQ private data starts with a 36-byte header: version
0, IP version 4 in the upper nibble, source port, source and destination
addresses each in the last 4 bytes of a 16-byte field).

Every UD SEND ONLY to QP 1 must be a CM MAD: base version 1, class 0x07,
class version 2, method SEND, a known attribute, from source QP 1 with Q_Key
0x80010000. Then, per connection (keyed by the communication IDs):
  - REQ: service ID and RDMA CM header consistent with each other and with
    the frame's IPv4 addresses; primary path GIDs = the IPv4-mapped
    addresses of the two ends; MTU, transport, SRQ, QPN, starting PSN kept.
  - REP: answers a REQ seen before (remote comm ID, direction reversed).
  - RTU: answers a REP seen before; the connection is then established.
  - REJ: answers a REQ or REP seen before (reason kept).
  - DREQ / DREP: on an established connection; DREQ names the peer's QPN.
  - SIDR_REQ / SIDR_REP: request ID matched, direction reversed.
  - The data of an established RC/UC connection: the first request packet
    each side sends goes to the QPN the other side announced and carries the
    starting PSN its own REQ/REP announced; no data packet to a connection's
    QPN precedes its REP (RTU for the passive side's requests).
  - UD after SIDR: the requester's datagrams to the announced QPN carry the
    announced Q_Key.

Options give the counts the run must show (--established, --rejected,
--disconnected, --sidr, --sidr-rejected); prints one line per connection and
a summary, exits 1 on any violation or count mismatch.
"""
import argparse
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from roce_check import read_pcap  # noqa: E402

ROCE_PORT = 4791
GSI_QKEY = 0x80010000
ATTR = {0x10: "REQ", 0x11: "MRA", 0x12: "REJ", 0x13: "REP", 0x14: "RTU",
        0x15: "DREQ", 0x16: "DREP", 0x17: "SIDR_REQ", 0x18: "SIDR_REP"}
PS_NAMES = {0x0106: "TCP", 0x0111: "UDP", 0x013F: "IB", 0x0002: "IPOIB"}
TRANSPORT = {0x00: "RC", 0x20: "UC", 0x60: "UD", 0xA0: "XRC"}


def ip(v):
    return "%d.%d.%d.%d" % (v >> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255)


def mapped_gid(v):
    return b"\0" * 10 + b"\xff\xff" + struct.pack(">I", v)


def be(b, off, n):
    return int.from_bytes(b[off:off + n], "big")


class Frame:
    """The RoCEv2 fields of one frame (None when it is not RoCEv2)."""

    def __init__(self, n, f):
        self.n = n
        self.ok = False
        l3 = 14
        et = be(f, 12, 2)
        if et == 0x8100:
            l3, et = 18, be(f, 16, 2)
        if et != 0x0800 or len(f) < l3 + 20 or f[l3 + 9] != 17:
            return
        ihl = (f[l3] & 15) * 4
        udp = l3 + ihl
        if be(f, udp + 2, 2) != ROCE_PORT:
            return
        self.sip, self.dip = be(f, l3 + 12, 4), be(f, l3 + 16, 4)
        b = udp + 8
        self.opcode = f[b]
        self.dqpn = be(f, b + 5, 3)
        self.psn = be(f, b + 9, 3)
        self.transport = TRANSPORT.get(self.opcode & 0xE0)
        self.op = self.opcode & 0x1F
        self.payload_off = b + 12
        self.f = f
        self.ok = True

    def deth(self):
        return be(self.f, self.payload_off, 4), be(self.f, self.payload_off + 5, 3)

    def is_request(self):
        # RC/UC/XRC SEND, WRITE, READ request, atomics (IBA 9.2 Table 38);
        # not READ responses (13..16), ACK (17), atomic ACK (18)
        if self.transport == "XRC":
            return self.op <= 12 or self.op in (19, 20, 21, 22, 23)
        return self.op <= 12 or self.op in (19, 20, 21, 22)


class Checker:
    def __init__(self):
        self.errors = []
        self.conns = {}      # (active ip, active comm id) -> its latest connection
        self.done = []       # earlier connections whose comm ID came again
        self.by_passive = {}  # (passive ip, passive comm id) -> key
        self.sidr = {}       # (requester ip, request id) -> its latest SIDR exchange
        self.sidr_done = []
        self.mads = {}
        self.qp_owner = {}   # (ip, qpn) -> connection (for the data checks)
        self.ud_dest = {}    # (requester ip, peer ip, peer qpn) -> qkey

    def err(self, n, msg):
        self.errors.append("frame %d: %s" % (n, msg))

    def mad(self, fr):
        n, f = fr.n, fr.f
        qkey, sqpn = fr.deth()
        if qkey != GSI_QKEY or sqpn != 1:
            self.err(n, "MAD to QP1 with Q_Key %#x from QP %d (want %#x from QP 1)" % (qkey, sqpn, GSI_QKEY))
        m = f[fr.payload_off + 8:len(f) - 4]  # after the DETH, up to the ICRC (the capture has no FCS)
        if len(m) != 256:
            self.err(n, "MAD of %d bytes, not 256" % len(m))
            return
        base, cls, cver, method = m[0], m[1], m[2], m[3]
        attr = be(m, 16, 2)
        if (base, cls, cver, method) != (1, 7, 2, 3):
            self.err(n, "MAD header %d/%#x/%d/%#x is not a CM SEND (1/0x7/2/0x3)" % (base, cls, cver, method))
            return
        name = ATTR.get(attr)
        if name is None:
            self.err(n, "unknown CM attribute %#x" % attr)
            return
        self.mads[name] = self.mads.get(name, 0) + 1
        a = m[24:]
        getattr(self, "on_" + name.lower())(fr, be(m, 8, 8), a)

    # --- RC/UC connections
    def on_req(self, fr, tid, a):
        n = fr.n
        lcid, sid = be(a, 0, 4), be(a, 8, 8)
        qpn, resp_res = be(a, 32, 3), a[35]
        init_depth = a[39]
        ts = (a[43] >> 1) & 3
        spsn = be(a, 44, 3)
        mtu, srq = a[50] >> 4, (a[51] >> 3) & 1
        lgid, rgid = a[56:72], a[72:88]
        pd = a[140:232]
        ps, port = (sid >> 16) & 0xFFFF, sid & 0xFFFF
        if sid >> 32:
            self.err(n, "REQ service ID %#x is not an RDMA CM IP service ID" % sid)
        if pd[0] != 0 or pd[1] >> 4 != 4:
            self.err(n, "REQ RDMA CM header version %d, IP version %d" % (pd[0], pd[1] >> 4))
        sport = be(pd, 2, 2)
        hsrc, hdst = pd[4:20], pd[20:36]
        if hsrc != b"\0" * 12 + struct.pack(">I", fr.sip) or hdst != b"\0" * 12 + struct.pack(">I", fr.dip):
            self.err(n, "REQ RDMA CM header addresses %s -> %s, frame %s -> %s" %
                     (hsrc.hex(), hdst.hex(), ip(fr.sip), ip(fr.dip)))
        if lgid != mapped_gid(fr.sip) or rgid != mapped_gid(fr.dip):
            self.err(n, "REQ path GIDs %s -> %s are not the mapped frame addresses" % (lgid.hex(), rgid.hex()))
        if ts not in (0, 1):
            self.err(n, "REQ transport service type %d" % ts)
        if mtu < 1 or mtu > 5:
            self.err(n, "REQ path MTU code %d" % mtu)
        key = (fr.sip, lcid)
        old = self.conns.get(key)
        if old is not None and old["state"] == "REQ" and old["tid"] == tid:
            return  # a retransmitted REQ
        if old is not None:
            # the communication ID is used again (the NIC restarted its
            # firmware between two programs): a new connection
            self.done.append(old)
        self.conns[key] = dict(state="REQ", active=fr.sip, passive=fr.dip, tid=tid, ps=ps, port=port,
                               sport=sport, aqpn=qpn, apsn=spsn, transport="UC" if ts else "RC",
                               mtu=mtu, srq=srq, resp_res=resp_res, init_depth=init_depth, req_frame=n,
                               pqpn=None, ppsn=None, reason=None, disc=False, seen_a=False, seen_p=False)

    def find_active(self, fr, rcid):
        """The connection whose active side (the frame's destination) has comm ID rcid."""
        return self.conns.get((fr.dip, rcid))

    def on_rep(self, fr, tid, a):
        lcid, rcid = be(a, 0, 4), be(a, 4, 4)
        c = self.find_active(fr, rcid)
        if c is None or c["passive"] != fr.sip:
            self.err(fr.n, "REP for no REQ (remote comm ID %#x)" % rcid)
            return
        if c["state"] != "REQ":
            return  # a repeated REP
        if tid != c["tid"]:
            self.err(fr.n, "REP transaction ID %#x, REQ's %#x" % (tid, c["tid"]))
        c.update(state="REP", pcid=lcid, pqpn=be(a, 12, 3), ppsn=be(a, 20, 3), rep_frame=fr.n)
        self.by_passive[(fr.sip, lcid)] = (c["active"], rcid)
        self.qp_owner[(c["active"], c["aqpn"])] = c
        self.qp_owner[(c["passive"], c["pqpn"])] = c

    def on_rtu(self, fr, tid, a):
        lcid, rcid = be(a, 0, 4), be(a, 4, 4)
        key = self.by_passive.get((fr.dip, rcid))
        c = self.conns.get(key) if key else None
        if c is None or key[1] != lcid or c["active"] != fr.sip:
            self.err(fr.n, "RTU for no REP (comm IDs %#x, %#x)" % (lcid, rcid))
            return
        if c["state"] == "REP":
            c["state"] = "EST"
            c["rtu_frame"] = fr.n

    def on_rej(self, fr, tid, a):
        lcid, rcid = be(a, 0, 4), be(a, 4, 4)
        reason = be(a, 10, 2)
        c = self.find_active(fr, rcid)
        if c is None:
            key = self.by_passive.get((fr.dip, rcid))
            c = self.conns.get(key) if key else None
        if c is None:
            self.err(fr.n, "REJ for no REQ or REP (remote comm ID %#x)" % rcid)
            return
        if c["state"] in ("REQ", "REP"):
            c.update(state="REJ", reason=reason)

    def conn_of(self, fr, lcid, rcid):
        """The connection a DREQ/DREP belongs to, from either end."""
        c = self.conns.get((fr.sip, lcid))
        if c is not None and c.get("pcid") == rcid:
            return c
        key = self.by_passive.get((fr.sip, lcid))
        c = self.conns.get(key) if key else None
        if c is not None and key[1] == rcid:
            return c
        return None

    def on_dreq(self, fr, tid, a):
        lcid, rcid = be(a, 0, 4), be(a, 4, 4)
        c = self.conn_of(fr, lcid, rcid)
        if c is None:
            self.err(fr.n, "DREQ for no connection (comm IDs %#x, %#x)" % (lcid, rcid))
            return
        if c["state"] not in ("EST", "DREQ", "DONE"):
            self.err(fr.n, "DREQ on a connection in state %s" % c["state"])
        want = c["pqpn"] if fr.sip == c["active"] else c["aqpn"]
        if be(a, 8, 3) != want:
            self.err(fr.n, "DREQ names QPN %#x, the peer's QP is %#x" % (be(a, 8, 3), want))
        if c["state"] == "EST":
            c["state"] = "DREQ"

    def on_drep(self, fr, tid, a):
        lcid, rcid = be(a, 0, 4), be(a, 4, 4)
        c = self.conn_of(fr, lcid, rcid)
        if c is None:
            self.err(fr.n, "DREP for no connection (comm IDs %#x, %#x)" % (lcid, rcid))
            return
        if c["state"] in ("DREQ", "EST"):
            c["state"] = "DONE"
            c["disc"] = True

    def on_mra(self, fr, tid, a):
        pass

    # --- SIDR (UD)
    def on_sidr_req(self, fr, tid, a):
        rid, sid = be(a, 0, 4), be(a, 8, 8)
        pd = a[16:232]
        if pd[0] != 0 or pd[1] >> 4 != 4:
            self.err(fr.n, "SIDR_REQ RDMA CM header version %d, IP version %d" % (pd[0], pd[1] >> 4))
        if pd[4:20] != b"\0" * 12 + struct.pack(">I", fr.sip) or pd[20:36] != b"\0" * 12 + struct.pack(">I", fr.dip):
            self.err(fr.n, "SIDR_REQ RDMA CM header addresses do not match the frame")
        key = (fr.sip, rid)
        old = self.sidr.get(key)
        if old is not None and old["state"] == "REQ" and old["tid"] == tid:
            return  # a retransmitted SIDR_REQ
        if old is not None:
            self.sidr_done.append(old)
        self.sidr[key] = dict(state="REQ", req=fr.sip, peer=fr.dip, ps=(sid >> 16) & 0xFFFF,
                              port=sid & 0xFFFF, sid=sid, tid=tid)

    def on_sidr_rep(self, fr, tid, a):
        rid, status = be(a, 0, 4), a[4]
        s = self.sidr.get((fr.dip, rid))
        if s is None or s["peer"] != fr.sip:
            self.err(fr.n, "SIDR_REP for no SIDR_REQ (request ID %#x)" % rid)
            return
        if be(a, 12, 8) != s["sid"]:
            self.err(fr.n, "SIDR_REP service ID %#x, SIDR_REQ's %#x" % (be(a, 12, 8), s["sid"]))
        if s["state"] != "REQ":
            return
        s.update(state="OK" if status == 0 else "REJ", status=status, qpn=be(a, 8, 3), qkey=be(a, 20, 4))
        if status == 0:
            self.ud_dest[(fr.dip, fr.sip, s["qpn"])] = s["qkey"]

    # --- data
    def data(self, fr):
        if fr.transport == "UD":
            qkey = self.ud_dest.get((fr.sip, fr.dip, fr.dqpn))
            if qkey is not None and fr.deth()[0] != qkey:
                self.err(fr.n, "UD datagram to QP %#x with Q_Key %#x, SIDR_REP announced %#x" %
                         (fr.dqpn, fr.deth()[0], qkey))
            return
        c = self.qp_owner.get((fr.dip, fr.dqpn))
        if c is None:
            return  # not connected through the CM (another test's QP)
        if fr.sip == c["active"] and fr.dip == c["passive"]:
            side, psn, seen = "active", c["apsn"], "seen_a"
        elif fr.sip == c["passive"] and fr.dip == c["active"]:
            side, psn, seen = "passive", c["ppsn"], "seen_p"
            if c["state"] == "REP" and fr.is_request():
                self.err(fr.n, "passive side sends a request before the RTU")
        else:
            return
        if fr.is_request() and not c[seen]:
            c[seen] = True
            if fr.psn != psn:
                self.err(fr.n, "%s side's first request packet has PSN %#x, its CM message announced %#x" %
                         (side, fr.psn, psn))
            if fr.transport != c["transport"]:
                self.err(fr.n, "%s packet on a %s connection" % (fr.transport, c["transport"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pcap")
    for name in ("established", "rejected", "disconnected", "sidr", "sidr-rejected"):
        ap.add_argument("--" + name, type=int)
    args = ap.parse_args()
    with open(args.pcap, "rb") as fh:
        data = fh.read()
    ck = Checker()
    for n, (_, f) in enumerate(read_pcap(data), 1):
        fr = Frame(n, f)
        if not fr.ok:
            continue
        if fr.dqpn == 1:
            if fr.transport != "UD" or fr.op != 4:
                ck.err(n, "opcode %#x to QP 1 (only UD SEND ONLY)" % fr.opcode)
            else:
                ck.mad(fr)
        else:
            ck.data(fr)
    est = rej = disc = 0
    for c in ck.done + list(ck.conns.values()):
        done = c["state"] in ("EST", "DREQ", "DONE")
        est += done
        rej += c["state"] == "REJ"
        disc += c["disc"]
        print("cm_check: %s %s:%d -> %s:%d %s QPN %#x/%s PSN %#x/%s MTU %d: %s%s%s" % (
            PS_NAMES.get(c["ps"], hex(c["ps"])), ip(c["active"]), c["sport"], ip(c["passive"]), c["port"],
            c["transport"], c["aqpn"], "%#x" % c["pqpn"] if c["pqpn"] is not None else "-", c["apsn"],
            "%#x" % c["ppsn"] if c["ppsn"] is not None else "-", 128 << c["mtu"],
            {"EST": "established", "DREQ": "established, DREQ", "DONE": "established, disconnected",
             "REJ": "rejected, reason %s" % c["reason"], "REQ": "no answer", "REP": "no RTU"}[c["state"]],
            ", data both ways" if c["seen_a"] and c["seen_p"] else
            ", data active->passive" if c["seen_a"] else ", data passive->active" if c["seen_p"] else "",
            ""))
        if c["state"] in ("REQ", "REP"):
            ck.errors.append("connection %s:%d -> %s:%d never completed (%s)" %
                             (ip(c["active"]), c["sport"], ip(c["passive"]), c["port"], c["state"]))
    sidr = sidr_rej = 0
    for s in ck.sidr_done + list(ck.sidr.values()):
        sidr += s["state"] == "OK"
        sidr_rej += s["state"] == "REJ"
        print("cm_check: SIDR %s -> %s:%d %s: %s" % (
            ip(s["req"]), ip(s["peer"]), s["port"], PS_NAMES.get(s["ps"], hex(s["ps"])),
            "QPN %#x Q_Key %#x" % (s["qpn"], s["qkey"]) if s["state"] == "OK" else
            "status %s" % s.get("status")))
        if s["state"] == "REQ":
            ck.errors.append("SIDR_REQ to %s:%d never answered" % (ip(s["peer"]), s["port"]))
    for name, want, got in (("established", args.established, est), ("rejected", args.rejected, rej),
                            ("disconnected", args.disconnected, disc), ("sidr", args.sidr, sidr),
                            ("sidr-rejected", args.sidr_rejected, sidr_rej)):
        if want is not None and want != got:
            ck.errors.append("%d %s, expected %d" % (got, name, want))
    for e in ck.errors:
        print("cm_check: FAIL: " + e)
    print("cm_check: MADs %s; %d established (%d disconnected), %d rejected, %d SIDR (%d rejected): %s" % (
        " ".join("%s %d" % kv for kv in sorted(ck.mads.items())) or "none", est, disc, rej, sidr, sidr_rej,
        "FAIL" if ck.errors else "PASS"))
    return 1 if ck.errors else 0


if __name__ == "__main__":
    sys.exit(main())
