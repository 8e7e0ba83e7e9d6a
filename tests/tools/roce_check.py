#!/usr/bin/env python3
"""Check the RoCEv2 framing and ICRC of every frame in a pcap.

Independent of the RTL: Python standard library only.  Each frame must be
Ethernet / IPv4 (IHL 5, protocol UDP) / UDP to port 4791 / BTH with TVer 0, with
the IPv4 total length and UDP length matching the frame, room for the BTH PadCnt
and the ICRC, and the ICRC equal to the CRC-32 (zlib) of 8 bytes of 0xFF, the IP
header with TOS, TTL and checksum set to all ones, the UDP header with its
checksum set to all ones, the BTH with byte 4 set to all ones and the rest of the
packet up to the ICRC, stored least-significant byte first (IBA annex A17).

Prints "roce_check: N frames, N ICRC ok, N bad" and exits 1 if any frame is bad
or there are none.  --raw-ethertype T[,T...] names the EtherTypes of raw
Ethernet frames expected on the wire (RAW_PACKET QPs): such frames are counted
("..., N raw") instead of checked; every other frame must still be RoCEv2.  --corrupt OFFSET --write OUT writes a copy of the input with
byte OFFSET of the first frame inverted, for negative tests.
"""
import argparse
import struct
import sys
import zlib

ETH_LEN, IP_LEN, UDP_LEN, BTH_LEN, ICRC_LEN = 14, 20, 8, 12, 4
ROCE_PORT = 4791


def read_pcap(data):
    """Yield (record offset, frame bytes); raise ValueError on a malformed file."""
    if len(data) < 24:
        raise ValueError("short pcap header")
    magic = struct.unpack("<I", data[:4])[0]
    # microsecond and nanosecond timestamp variants, either byte order
    endian = {0xA1B2C3D4: "<", 0xD4C3B2A1: ">", 0xA1B23C4D: "<", 0x4D3CB2A1: ">"}.get(magic)
    if endian is None:
        raise ValueError("bad pcap magic %08x" % magic)
    if struct.unpack(endian + "I", data[20:24])[0] != 1:
        raise ValueError("pcap link type is not Ethernet")
    off = 24
    while off < len(data):
        if off + 16 > len(data):
            raise ValueError("truncated record header at %d" % off)
        incl, orig = struct.unpack(endian + "II", data[off + 8:off + 16])
        if off + 16 + incl > len(data) or incl != orig:
            raise ValueError("truncated frame at %d" % off)
        yield off, data[off + 16:off + 16 + incl]
        off += 16 + incl


def icrc(frame):
    """ICRC over frame bytes 14..len-4 with the RoCEv2 masks, as stored on the wire."""
    masked = bytearray(frame[ETH_LEN:len(frame) - ICRC_LEN])
    masked[1] = 0xFF                           # IPv4 TOS
    masked[8] = 0xFF                           # IPv4 TTL
    masked[10:12] = b"\xff\xff"                # IPv4 header checksum
    masked[IP_LEN + 6:IP_LEN + 8] = b"\xff\xff"  # UDP checksum
    masked[IP_LEN + UDP_LEN + 4] = 0xFF        # BTH FECN, BECN, reserved
    return struct.pack("<I", zlib.crc32(b"\xff" * 8 + bytes(masked)))


def check(frame):
    """Return None if the frame is a well-formed RoCEv2 frame, else the reason."""
    if len(frame) < ETH_LEN + IP_LEN + UDP_LEN + BTH_LEN + ICRC_LEN:
        return "too short (%d bytes)" % len(frame)
    if frame[12:14] != b"\x08\x00":
        return "ethertype %s is not IPv4" % frame[12:14].hex()
    ip = frame[ETH_LEN:ETH_LEN + IP_LEN]
    if ip[0] != 0x45:
        return "IPv4 version/IHL byte %02x" % ip[0]
    if ip[9] != 17:
        return "IP protocol %d is not UDP" % ip[9]
    total = struct.unpack(">H", ip[2:4])[0]
    if ETH_LEN + total != len(frame):
        return "IPv4 total length %d for a %d-byte frame" % (total, len(frame))
    s = sum(struct.unpack(">10H", ip))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    if s != 0xFFFF:
        return "IPv4 header checksum"
    udp = frame[ETH_LEN + IP_LEN:ETH_LEN + IP_LEN + UDP_LEN]
    dport, ulen = struct.unpack(">2xHH2x", udp)
    if dport != ROCE_PORT:
        return "UDP destination port %d" % dport
    if ulen != total - IP_LEN:
        return "UDP length %d, IPv4 payload %d" % (ulen, total - IP_LEN)
    bth = frame[ETH_LEN + IP_LEN + UDP_LEN:ETH_LEN + IP_LEN + UDP_LEN + BTH_LEN]
    if bth[1] & 0x0F:
        return "BTH TVer %d" % (bth[1] & 0x0F)
    pad = (bth[1] >> 4) & 3
    if ulen < UDP_LEN + BTH_LEN + pad + ICRC_LEN:
        return "PadCnt %d does not fit a %d-byte UDP datagram" % (pad, ulen)
    if (ulen - UDP_LEN - BTH_LEN - ICRC_LEN) % 4:
        return "BTH payload plus pad is not a multiple of 4"
    if icrc(frame) != frame[-ICRC_LEN:]:
        return "ICRC %s, expected %s" % (frame[-ICRC_LEN:].hex(), icrc(frame).hex())
    return None


def main():
    ap = argparse.ArgumentParser(description="RoCEv2 framing and ICRC checker")
    ap.add_argument("pcap")
    ap.add_argument("--corrupt", type=int, metavar="OFFSET",
                    help="invert byte OFFSET of the first frame and write the copy to --write")
    ap.add_argument("--write", metavar="OUT")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every bad frame")
    ap.add_argument("--raw-ethertype", default="", metavar="T[,T...]",
                    help="EtherTypes (e.g. 0x88b5) of expected raw frames: counted, not checked")
    args = ap.parse_args()

    try:
        data = open(args.pcap, "rb").read()
        records = list(read_pcap(data))
    except (OSError, ValueError) as e:
        print("roce_check: %s: %s" % (args.pcap, e))
        return 2

    if args.corrupt is not None:
        if not args.write or not records or not 0 <= args.corrupt < len(records[0][1]):
            print("roce_check: --corrupt needs --write and an offset inside the first frame")
            return 2
        copy = bytearray(data)
        copy[records[0][0] + 16 + args.corrupt] ^= 0xFF
        open(args.write, "wb").write(copy)
        print("roce_check: wrote %s with byte %d of frame 0 inverted" % (args.write, args.corrupt))
        return 0

    raw_types = {int(t, 0).to_bytes(2, "big") for t in args.raw_ethertype.split(",") if t}
    ok = bad = raw = 0
    for n, (_, frame) in enumerate(records):
        if frame[12:14] in raw_types:
            raw += 1
            continue
        why = check(frame)
        if why is None:
            ok += 1
        else:
            bad += 1
            if args.verbose or bad <= 10:
                print("frame %d: %s" % (n, why))
    print("roce_check: %d frames, %d ICRC ok, %d bad%s" %
          (len(records), ok, bad, ", %d raw" % raw if raw_types else ""))
    return 0 if records and not bad else 1


if __name__ == "__main__":
    sys.exit(main())
