#!/usr/bin/env python3
"""Turn the Soft-RoCE capture into $readmemh vectors for the network-path testbenches.

Reads a pcap of RoCEv2 frames (Ethernet, no FCS) and writes into hw/tb/vectors/:

  frames.hex   the selected frames, 16 bytes per line, each frame starting on a new
               line; a line is one 128-bit word with frame byte 0 in bits [7:0]
  payload.hex  the payload of each frame (after the extension headers, pad removed),
               same word format, each payload starting on a new line
  meta.hex     one record per frame (one hex number per line, layout in META below,
               first field in the most significant bits), then an all-zero record
  README.md    what the files hold

The selection takes, for every BTH opcode present, frames spread evenly over the
capture (at most PER_OPCODE each), so every opcode family is covered with at most
~200 frames.  The output depends only on the input file (reproducible).
"""
import argparse
import os
import struct
import sys

WORD_BYTES = 16
PER_OPCODE = 12

# (name, bits) of one meta.hex record, most significant first.  Fields of extension
# headers a packet does not carry are 0.  imm holds ImmDt or the IETH R_Key.
META = [
    ("frame_word", 32), ("frame_len", 16), ("pay_word", 32),
    ("opcode", 8), ("se", 1), ("mig", 1), ("ackreq", 1), ("pkey", 16),
    ("dqpn", 24), ("psn", 24), ("dmac", 48), ("smac", 48), ("dip", 32),
    ("sip", 32), ("ip_id", 16), ("ttl", 8), ("tos", 8), ("sport", 16),
    ("reth_va", 64), ("reth_rkey", 32), ("reth_len", 32), ("aeth", 32),
    ("imm", 32), ("deth_qkey", 32), ("deth_sqpn", 24), ("atomic_va", 64),
    ("atomic_rkey", 32), ("atomic_swap", 64), ("atomic_cmp", 64),
    ("atomic_ack", 64), ("len", 13),
]
META_BITS = sum(b for _, b in META)
META_DIGITS = (META_BITS + 3) // 4


def ext_headers(opcode):
    """Extension headers in wire order for a BTH opcode (IBA vol. 1 table 37)."""
    transport, op = opcode >> 5, opcode & 0x1F
    if opcode == 0x81:                       # CNP: 16 reserved bytes, no ext header
        return []
    if transport == 3:                       # UD: SEND only (4), SEND only with imm (5)
        return ["deth"] + (["imm"] if op == 5 else [])
    hdrs = []
    if op in (0x06, 0x0A, 0x0B, 0x0C):       # WRITE first/only/only+imm, READ request
        hdrs.append("reth")
    if op in (0x13, 0x14):                   # CmpSwap, FetchAdd
        hdrs.append("atomic")
    if op in (0x0D, 0x0F, 0x10, 0x11, 0x12):  # READ resp first/last/only, ACK, atomic ACK
        hdrs.append("aeth")
    if op == 0x12:
        hdrs.append("atomicack")
    if op in (0x03, 0x05, 0x09, 0x0B):       # *_WITH_IMMEDIATE last/only
        hdrs.append("imm")
    if op in (0x16, 0x17):                   # SEND last/only with invalidate
        hdrs.append("ieth")
    return hdrs


EXT_LEN = {"deth": 8, "reth": 16, "atomic": 28, "aeth": 4, "atomicack": 8, "imm": 4, "ieth": 4}


def read_pcap(path):
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    if magic == 0xA1B2C3D4:
        endian = "<"
    elif magic == 0xD4C3B2A1:
        endian = ">"
    else:
        raise ValueError("%s: not a pcap file" % path)
    linktype = struct.unpack(endian + "I", data[20:24])[0]
    if linktype != 1:
        raise ValueError("%s: link type %d, expected Ethernet" % (path, linktype))
    frames, off = [], 24
    while off + 16 <= len(data):
        incl = struct.unpack(endian + "I", data[off + 8:off + 12])[0]
        frames.append(data[off + 16:off + 16 + incl])
        off += 16 + incl
    return frames


def parse(frame):
    """Header-bus fields and payload of one RoCEv2 frame."""
    f = {name: 0 for name, _ in META}
    be = lambda a, n: int.from_bytes(frame[a:a + n], "big")
    f["dmac"], f["smac"] = be(0, 6), be(6, 6)
    f["tos"], f["ip_id"], f["ttl"] = frame[15], be(18, 2), frame[22]
    f["sip"], f["dip"] = be(26, 4), be(30, 4)
    f["sport"] = be(34, 2)
    f["opcode"] = frame[42]
    f["se"], f["mig"] = frame[43] >> 7, (frame[43] >> 6) & 1
    pad = (frame[43] >> 4) & 3
    f["pkey"], f["dqpn"] = be(44, 2), be(47, 3)
    f["ackreq"], f["psn"] = frame[50] >> 7, be(51, 3)
    off = 54
    for h in ext_headers(f["opcode"]):
        if h == "deth":
            f["deth_qkey"], f["deth_sqpn"] = be(off, 4), be(off + 5, 3)
        elif h == "reth":
            f["reth_va"], f["reth_rkey"], f["reth_len"] = be(off, 8), be(off + 8, 4), be(off + 12, 4)
        elif h == "atomic":
            f["atomic_va"], f["atomic_rkey"] = be(off, 8), be(off + 8, 4)
            f["atomic_swap"], f["atomic_cmp"] = be(off + 12, 8), be(off + 20, 8)
        elif h == "aeth":
            f["aeth"] = be(off, 4)
        elif h == "atomicack":
            f["atomic_ack"] = be(off, 8)
        else:                                # imm, ieth
            f["imm"] = be(off, 4)
        off += EXT_LEN[h]
    payload = frame[off:len(frame) - 4 - pad]
    f["len"] = len(payload)
    return f, payload


def select(frames):
    by_op = {}
    for i, fr in enumerate(frames):
        by_op.setdefault(fr[42], []).append(i)
    chosen = []
    for op in sorted(by_op):
        idx = by_op[op]
        n = min(PER_OPCODE, len(idx))
        chosen += [idx[(k * len(idx)) // n] for k in range(n)]
    return sorted(chosen)


def words(data):
    out = []
    for a in range(0, len(data), WORD_BYTES):
        chunk = data[a:a + WORD_BYTES].ljust(WORD_BYTES, b"\0")
        out.append(chunk[::-1].hex())
    return out


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pcap", nargs="?",
                    default=os.path.join(root, "tests", "vectors", "rxe-rocev2.pcap"))
    ap.add_argument("--out", default=os.path.join(root, "hw", "tb", "vectors"))
    args = ap.parse_args()

    frames = read_pcap(args.pcap)
    chosen = select(frames)
    frame_lines, pay_lines, meta_lines = [], [], []
    opcodes = set()
    for i in chosen:
        fr = frames[i]
        f, payload = parse(fr)
        opcodes.add(f["opcode"])
        f["frame_word"], f["frame_len"], f["pay_word"] = len(frame_lines), len(fr), len(pay_lines)
        frame_lines += words(fr)
        pay_lines += words(payload)
        rec = 0
        for name, bits in META:
            assert f[name] < (1 << bits), name
            rec = (rec << bits) | f[name]
        meta_lines.append("%0*x" % (META_DIGITS, rec))
    meta_lines.append("0" * META_DIGITS)
    if not pay_lines:
        pay_lines.append("0" * (2 * WORD_BYTES))

    os.makedirs(args.out, exist_ok=True)
    for name, lines in (("frames.hex", frame_lines), ("payload.hex", pay_lines), ("meta.hex", meta_lines)):
        with open(os.path.join(args.out, name), "w") as fh:
            fh.write("\n".join(lines) + "\n")
    layout = "\n".join("| %s | %d |" % (n, b) for n, b in META)
    with open(os.path.join(args.out, "README.md"), "w") as fh:
        fh.write(f"""# Network-path test vectors

Generated by `python3 scripts/pcap_vectors.py` from `rxe-rocev2.pcap` (Linux Soft-RoCE):
{len(chosen)} of its {len(frames)} frames, at most {PER_OPCODE} per BTH opcode, opcodes
{", ".join("0x%02x" % o for o in sorted(opcodes))}. Do not edit; regenerate.

- `frames.hex`: frames (no FCS), {WORD_BYTES} bytes per line, byte 0 of a line in bits
  [7:0]; each frame starts on a new line.
- `payload.hex`: each frame's payload (pad removed), same format.
- `meta.hex`: one {META_DIGITS * 4}-bit record per frame ({META_BITS} bits used), the
  first field below in the most significant bits; an all-zero record ends the list.
  `frame_word`/`pay_word` are line numbers in `frames.hex`/`payload.hex`. Fields of
  extension headers the opcode does not carry are 0; `imm` is ImmDt or the IETH R_Key.

| field | bits |
|---|---|
{layout}
""")
    print("pcap_vectors: %d frames, %d opcodes, %d frame words, %d payload words"
          % (len(chosen), len(opcodes), len(frame_lines), len(pay_lines)))


if __name__ == "__main__":
    sys.exit(main())
