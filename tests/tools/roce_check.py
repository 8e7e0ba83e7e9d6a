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
("..., N raw") instead of checked; every other frame must still be RoCEv2.

--raw-ipv4 also counts as raw the IPv4 frames (untagged or behind one 802.1Q
tag) that are not UDP to port 4791, the frames of RAW_PACKET QPs with checksum
offload and TSO, and checks their checksums: the IPv4 header checksum (RFC
791) always; the TCP (RFC 793) or UDP (RFC 768) checksum, over the
pseudo-header and the segment, when the packet is no fragment (MF clear,
offset 0) and the frame holds all of it.  A UDP checksum of 0 ("none
computed") counts as wrong: the device sends a computed 0 as 0xFFFF.  A wrong
checksum makes the frame bad; a second line "roce_check: raw IPv4: ..." gives
the counts.

--corrupt OFFSET --write OUT writes a copy of the input with byte OFFSET of the
first frame inverted, for negative tests.
"""
import argparse
import struct
import sys
import zlib

ETH_LEN, IP_LEN, UDP_LEN, BTH_LEN, ICRC_LEN = 14, 20, 8, 12, 4
ROCE_PORT = 4791
ETYPE_IPV4, ETYPE_VLAN = b"\x08\x00", b"\x81\x00"
PROTO_TCP, PROTO_UDP = 6, 17


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


def ones_sum(data):
    """RFC 1071 one's-complement sum of the big-endian 16-bit words of data
    (an odd last byte padded with a zero byte), carries folded back in."""
    if len(data) % 2:
        data = bytes(data) + b"\x00"
    s = sum(struct.unpack(">%dH" % (len(data) // 2), data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return s


def ipv4_offset(frame):
    """Offset of the IPv4 header of an IPv4 frame (untagged or one 802.1Q
    tag), else None."""
    if frame[12:14] == ETYPE_IPV4:
        return ETH_LEN
    if frame[12:14] == ETYPE_VLAN and frame[16:18] == ETYPE_IPV4:
        return ETH_LEN + 4
    return None


def is_roce(frame, l3):
    """True if the IPv4 packet at l3 is UDP to the RoCEv2 port (a first or
    only fragment: later ones have no UDP header)."""
    if len(frame) < l3 + IP_LEN or frame[l3 + 9] != PROTO_UDP:
        return False
    if struct.unpack(">H", frame[l3 + 6:l3 + 8])[0] & 0x1FFF:
        return False
    ihl = (frame[l3] & 0x0F) * 4
    if len(frame) < l3 + ihl + 4:
        return False
    return struct.unpack(">H", frame[l3 + ihl + 2:l3 + ihl + 4])[0] == ROCE_PORT


def check_ipv4(frame, l3):
    """Check the checksums of the raw IPv4 frame whose IPv4 header is at l3.
    Return (None, what was checked) or (the reason, None)."""
    if len(frame) < l3 + IP_LEN:
        return "too short for an IPv4 header (%d bytes)" % len(frame), None
    if frame[l3] >> 4 != 4 or frame[l3] & 0x0F < 5:
        return "IPv4 version/IHL byte %02x" % frame[l3], None
    ihl = (frame[l3] & 0x0F) * 4
    if len(frame) < l3 + ihl:
        return "the frame ends inside the %d-byte IPv4 header" % ihl, None
    ip = frame[l3:l3 + ihl]
    if ones_sum(ip) != 0xFFFF:
        good = 0xFFFF & ~ones_sum(ip[:10] + b"\x00\x00" + ip[12:])
        return "IPv4 header checksum %04x, expected %04x" % (struct.unpack(">H", ip[10:12])[0], good), None
    total, frag = struct.unpack(">HH", ip[2:4] + ip[6:8])
    proto = ip[9]
    if proto not in (PROTO_TCP, PROTO_UDP):
        return None, "ip"
    if frag & 0x3FFF:            # MF or an offset: a fragment
        return None, "fragment"
    if total < ihl or len(frame) < l3 + total:
        return None, "incomplete"
    seg = frame[l3 + ihl:l3 + total]
    name = "TCP" if proto == PROTO_TCP else "UDP"
    at = 16 if proto == PROTO_TCP else 6
    if len(seg) < at + 2:
        return "%s segment of %d bytes" % (name, len(seg)), None
    if proto == PROTO_UDP:
        ulen = struct.unpack(">H", seg[4:6])[0]
        if ulen != len(seg):
            return "UDP length %d, IPv4 payload %d" % (ulen, len(seg)), None
    sent = struct.unpack(">H", seg[at:at + 2])[0]
    pseudo = ip[12:20] + struct.pack(">BBH", 0, proto, len(seg))
    good = 0xFFFF & ~ones_sum(pseudo + seg[:at] + b"\x00\x00" + seg[at + 2:])
    if proto == PROTO_UDP and good == 0:
        good = 0xFFFF
    if sent != good:
        return "%s checksum %04x, expected %04x" % (name, sent, good), None
    return None, name


def main():
    ap = argparse.ArgumentParser(description="RoCEv2 framing and ICRC checker")
    ap.add_argument("pcap")
    ap.add_argument("--corrupt", type=int, metavar="OFFSET",
                    help="invert byte OFFSET of the first frame and write the copy to --write")
    ap.add_argument("--write", metavar="OUT")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every bad frame")
    ap.add_argument("--raw-ethertype", default="", metavar="T[,T...]",
                    help="EtherTypes (e.g. 0x88b5) of expected raw frames: counted, not checked")
    ap.add_argument("--raw-ipv4", action="store_true",
                    help="IPv4 frames other than RoCEv2 are raw: counted, their checksums checked")
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
    ipv4 = {"frames": 0, "TCP": 0, "UDP": 0, "ip": 0, "fragment": 0, "incomplete": 0}
    for n, (_, frame) in enumerate(records):
        if frame[12:14] in raw_types:
            raw += 1
            continue
        l3 = ipv4_offset(frame) if args.raw_ipv4 else None
        if l3 is not None and not is_roce(frame, l3):
            raw += 1
            ipv4["frames"] += 1
            why, what = check_ipv4(frame, l3)
            if why is None:
                ipv4[what] += 1
            else:
                bad += 1
                if args.verbose or bad <= 10:
                    print("frame %d: raw IPv4: %s" % (n, why))
            continue
        why = check(frame)
        if why is None:
            ok += 1
        else:
            bad += 1
            if args.verbose or bad <= 10:
                print("frame %d: %s" % (n, why))
    print("roce_check: %d frames, %d ICRC ok, %d bad%s" %
          (len(records), ok, bad, ", %d raw" % raw if raw_types or args.raw_ipv4 else ""))
    if args.raw_ipv4:
        print("roce_check: raw IPv4: %d frames; checksums right: %d TCP and %d UDP (with the IPv4 header's), "
              "%d IPv4 header only (%d other protocols, %d fragments, %d cut short)" %
              (ipv4["frames"], ipv4["TCP"], ipv4["UDP"], ipv4["ip"] + ipv4["fragment"] + ipv4["incomplete"],
               ipv4["ip"], ipv4["fragment"], ipv4["incomplete"]))
    return 0 if records and not bad else 1


if __name__ == "__main__":
    sys.exit(main())
