#!/usr/bin/env python3
"""Reassemble the SEND messages of a RoCEv2 capture and check their bytes.

Independent of the RTL and of the library: Python standard library only (the
pcap reader is roce_check's).  Every RC, UC, UD and XRC SEND packet (with or
without immediate) is taken in capture order; FIRST/MIDDLE/LAST packets are
joined per (source IPv4 address, destination QP), ONLY packets are whole
messages, ordered by the frame that ends them.  The payload is what follows
the BTH and its extension headers (DETH on UD, XRCETH on XRC, ImmDt with
immediate) up to the BTH pad count and the ICRC.

The messages must come in phases, one per program run, in order: each phase
COUNT:SIZE:PATTERN (from the arguments, or the lines of --phases FILE) is
COUNT messages of SIZE bytes holding PATTERN.  COUNT may be a range MIN-MAX
(ibv_srq_pingpong keeps several QPs going and may send a few more than -n):
the phase then takes the messages of SIZE bytes that follow, up to MAX, and
must have found MIN.  The patterns:
  pingpong  byte k is 0 where k is a multiple of 4096 (a page), 0x7b
            elsewhere: the buffer of libibverbs' ibv_*_pingpong examples (memset
            0x7b, page starts set to 0 by the client; the server sends back what
            it received)
  zero      every byte 0 (ibv_xsrq_pingpong's buffer)
and no message may follow the last phase.  A message still open at the end
(FIRST without LAST) is an error.  Prints a line per phase, and exits 1 on any
difference.
"""
import argparse
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from roce_check import read_pcap  # noqa: E402

ETH_LEN, IP_LEN, UDP_LEN, BTH_LEN, ICRC_LEN = 14, 20, 8, 12, 4
DETH_LEN, XRCETH_LEN, IMM_LEN = 8, 4, 4

# IBA 9.2 Table 38 (BTH opcodes): transport prefix (bits 7:5) and the SEND
# operations (bits 4:0): FIRST 0, MIDDLE 1, LAST 2, LAST with immediate 3,
# ONLY 4, ONLY with immediate 5 (UD: ONLY 4 and ONLY with immediate 5).
TRANSPORTS = {0x00: "RC", 0x20: "UC", 0x60: "UD", 0xA0: "XRC"}
FIRST, MIDDLE, LAST, LAST_IMM, ONLY, ONLY_IMM = range(6)


def pattern_byte(name, k):
    if name == "pingpong":
        return 0 if k % 4096 == 0 else 0x7B
    return 0


def parse_phase(text):
    count, size, pattern = text.strip().split(":")
    if pattern not in ("pingpong", "zero"):
        raise ValueError("unknown pattern %s" % pattern)
    low, _, high = count.partition("-")
    return int(low), int(high or low), int(size), pattern


def messages_of(records, errors):
    """The SEND messages of the capture: (frame that ended it, transport, payload)."""
    open_msgs = {}
    messages = []
    for n, (_, f) in enumerate(records):
        if len(f) < ETH_LEN + IP_LEN + UDP_LEN + BTH_LEN + ICRC_LEN or f[12:14] != b"\x08\x00":
            continue
        bth_at = ETH_LEN + IP_LEN + UDP_LEN
        opcode = f[bth_at]
        transport = TRANSPORTS.get(opcode & 0xE0)
        op = opcode & 0x1F
        if transport is None or op > ONLY_IMM or (transport == "UD" and op not in (ONLY, ONLY_IMM)):
            continue  # not a SEND (RDMA, ACK, ...)
        pad = (f[bth_at + 1] >> 4) & 3
        dqp = struct.unpack(">I", f[bth_at + 4:bth_at + 8])[0] & 0xFFFFFF
        at = bth_at + BTH_LEN
        if transport == "UD":
            at += DETH_LEN
        if transport == "XRC":
            at += XRCETH_LEN
        if op in (LAST_IMM, ONLY_IMM):
            at += IMM_LEN
        end = len(f) - ICRC_LEN - pad
        if end < at:
            errors.append("frame %d: %s SEND opcode 0x%02x too short" % (n, transport, opcode))
            continue
        payload = f[at:end]
        key = (f[ETH_LEN + 12:ETH_LEN + 16], dqp)
        if op in (ONLY, ONLY_IMM):
            if key in open_msgs:
                errors.append("frame %d: SEND ONLY to QP 0x%06x inside a message" % (n, dqp))
                del open_msgs[key]
            messages.append((n, transport, payload))
        elif op == FIRST:
            if key in open_msgs:
                errors.append("frame %d: SEND FIRST to QP 0x%06x inside a message" % (n, dqp))
            open_msgs[key] = bytearray(payload)
        else:
            if key not in open_msgs:
                errors.append("frame %d: SEND %s to QP 0x%06x without a FIRST" %
                              (n, "MIDDLE" if op == MIDDLE else "LAST", dqp))
                continue
            open_msgs[key] += payload
            if op in (LAST, LAST_IMM):
                messages.append((n, transport, bytes(open_msgs.pop(key))))
    for key in open_msgs:
        errors.append("a message to QP 0x%06x never ended" % key[1])
    return messages


def main():
    ap = argparse.ArgumentParser(description="RoCEv2 SEND payload checker")
    ap.add_argument("pcap")
    ap.add_argument("phase", nargs="*", help="COUNT:SIZE:PATTERN")
    ap.add_argument("--phases", metavar="FILE", help="phases, one per line")
    args = ap.parse_args()

    try:
        phases = [parse_phase(p) for p in args.phase]
        if args.phases:
            phases += [parse_phase(l) for l in open(args.phases) if l.strip()]
        records = list(read_pcap(open(args.pcap, "rb").read()))
    except (OSError, ValueError) as e:
        print("send_payload_check: %s" % e)
        return 2
    if not phases:
        print("send_payload_check: no phase given")
        return 2

    errors = []
    messages = messages_of(records, errors)
    at = 0
    for i, (low, high, size, pattern) in enumerate(phases):
        expect = bytes(pattern_byte(pattern, k) for k in range(size))
        if low == high:
            got = messages[at:at + high]
        else:
            got = []
            while len(got) < high and at + len(got) < len(messages) and \
                    len(messages[at + len(got)][2]) == size:
                got.append(messages[at + len(got)])
        at += len(got)
        bad = 0
        kinds = {}
        for n, transport, payload in got:
            kinds[transport] = kinds.get(transport, 0) + 1
            if payload == expect:
                continue
            bad += 1
            if len(payload) != size:
                errors.append("phase %d: message ending in frame %d: %d bytes, expected %d" %
                              (i + 1, n, len(payload), size))
            else:
                k = next(j for j in range(size) if payload[j] != expect[j])
                errors.append("phase %d: message ending in frame %d: byte %d is 0x%02x, expected 0x%02x" %
                              (i + 1, n, k, payload[k], expect[k]))
        want = "%d" % low if low == high else "%d-%d" % (low, high)
        if not low <= len(got) <= high:
            errors.append("phase %d: %d messages, expected %s" % (i + 1, len(got), want))
        print("send_payload_check: phase %d: %d messages (%s; expected %s) of %d bytes, %d hold pattern %s" %
              (i + 1, len(got), ", ".join("%d %s" % (kinds[t], t) for t in sorted(kinds)) or "none", want,
               size, len(got) - bad, pattern))
    if len(messages) > at:
        errors.append("%d messages after the last phase" % (len(messages) - at))
    for e in errors[:10]:
        print("send_payload_check: %s" % e)
    if errors:
        print("send_payload_check: FAIL, %d error(s)" % len(errors))
        return 1
    print("send_payload_check: %d messages, %d bytes, all as expected" %
          (len(messages), sum(len(m[2]) for m in messages)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
