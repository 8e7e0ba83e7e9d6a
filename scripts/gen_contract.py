#!/usr/bin/env python3
"""Generate the hardware/software contract from include/rnic.toml.

Outputs (all committed, all reproducible):
  include/rnic_contract.h      C11 header: constants, enums, register offsets,
                               field positions and inline accessors
  hw/include/rnic_contract.vh  Verilog-2005 include: `defines for the same, and
                               for the packed table entries internal to the RTL
  docs/contract.md             Markdown tables for people

  --write   rewrite the outputs
  --check   exit 1 (listing them) when an output differs from what the
            source generates now
"""
import argparse
import os
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "include", "rnic.toml")
OUT_H = os.path.join(ROOT, "include", "rnic_contract.h")
OUT_VH = os.path.join(ROOT, "hw", "include", "rnic_contract.vh")
OUT_MD = os.path.join(ROOT, "docs", "contract.md")

BANNER = "Generated from include/rnic.toml by scripts/gen_contract.py. Do not edit."


class ContractError(Exception):
    pass


def ident(*parts):
    return "_".join(str(p) for p in parts).upper()


def packed_fields(c, p):
    """The fields of packed layout p as (name, lsb, width, source, doc), from bit 0 up.

    A field names its source struct fields ("qpc.pdn", or a list whose
    concatenation it holds, most significant first) and takes their width,
    or gives its width when it has no source."""
    structs = {s["name"]: {f["name"]: f for f in s["fields"]} for s in c.get("struct", [])}
    out = []
    lsb = 0
    for f in p["fields"]:
        srcs = f.get("from", [])
        if isinstance(srcs, str):
            srcs = [srcs]
        width = 0
        docs = []
        for src in srcs:
            sname, _, fname = src.partition(".")
            if fname not in structs.get(sname, {}):
                raise ContractError("%s.%s: no struct field %s" % (p["name"], f["name"], src))
            width += structs[sname][fname]["width"]
            docs.append(structs[sname][fname]["doc"])
        if "width" in f:
            if srcs:
                raise ContractError("%s.%s: a field takes its width from its source or gives it, not both" % (p["name"], f["name"]))
            width = f["width"]
        if width < 1:
            raise ContractError("%s.%s has no width" % (p["name"], f["name"]))
        doc = f.get("doc") or "; ".join(docs)
        out.append((f["name"], lsb, width, ", ".join(srcs), doc))
        lsb += width
    return out


def validate(c):
    names = set()

    def unique(n):
        if n in names:
            raise ContractError("duplicate name %s" % n)
        names.add(n)

    for k in c.get("const", []):
        unique(ident(k["name"]))
    for e in c.get("enum", []):
        w = e["width"]
        for vname, val, _doc in e["values"]:
            unique(ident(e["name"], vname))
            if val < 0 or val >= (1 << w):
                raise ContractError("enum %s.%s = %d does not fit %d bits" % (e["name"], vname, val, w))
    for rb in c.get("regblock", []):
        offs = set()
        for r in rb["regs"]:
            unique(ident(rb["name"], r["name"]))
            if r["offset"] % 4:
                raise ContractError("register %s.%s is not 32-bit aligned" % (rb["name"], r["name"]))
            if r["offset"] in offs:
                raise ContractError("register offset reused in %s" % rb["name"])
            offs.add(r["offset"])
    for s in c.get("struct", []):
        unique(ident(s["name"], "BYTES"))
        if s["bytes"] % 4:
            raise ContractError("struct %s is not a whole number of words" % s["name"])
        used = {}
        for f in s["fields"]:
            unique(ident(s["name"], f["name"], "DW"))
            w, lsb, dw = f["width"], f["lsb"], f["dw"]
            if w == 64:
                if lsb != 0:
                    raise ContractError("%s.%s: 64-bit fields start at bit 0" % (s["name"], f["name"]))
            elif w < 1 or lsb + w > 32:
                raise ContractError("%s.%s does not fit its word" % (s["name"], f["name"]))
            first = dw * 32 + lsb
            for b in range(first, first + w):
                if b >= s["bytes"] * 8:
                    raise ContractError("%s.%s runs past the struct" % (s["name"], f["name"]))
                if b in used:
                    raise ContractError("%s.%s overlaps %s" % (s["name"], f["name"], used[b]))
                used[b] = f["name"]
    for p in c.get("packed", []):
        unique(ident(p["name"], "BITS"))
        for fname, _lsb, _w, _src, _doc in packed_fields(c, p):
            unique(ident(p["name"], fname, "LSB"))


def hexs(v):
    return "0x%X" % v


def gen_c(c):
    o = []
    o.append("/* %s */" % BANNER)
    o.append("/* The rnic hardware/software contract: see docs/contract.md for the tables. */")
    o.append("#ifndef RNIC_CONTRACT_H")
    o.append("#define RNIC_CONTRACT_H")
    o.append("")
    o.append("#include <stdint.h>")
    o.append("")
    o.append("#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__")
    o.append("#error \"descriptor words are little-endian; this header assumes a little-endian CPU\"")
    o.append("#endif")
    o.append("")
    o.append("#define RNIC_CONTRACT_VERSION %du" % c["meta"]["contract_version"])
    o.append("")
    o.append("/* Constants and capability limits */")
    for k in c["const"]:
        o.append("#define RNIC_%-28s %su /* %s */" % (ident(k["name"]), hexs(k["value"]) if k["value"] > 255 else str(k["value"]), k["doc"]))
    for e in c["enum"]:
        o.append("")
        o.append("/* %s: %s */" % (e["name"], e["doc"]))
        for vname, val, doc in e["values"]:
            o.append("#define RNIC_%-28s %su /* %s */" % (ident(e["name"], vname), hexs(val), doc))
        vals = [v[1] for v in e["values"]]
        if vals == list(range(len(vals))):
            # numbered 0..n-1: a count and the names, lower case, for reports
            o.append("#define RNIC_%-28s %du" % (ident(e["name"], "COUNT"), len(vals)))
            o.append("#define RNIC_%s_NAMES { %s }" % (ident(e["name"]),
                     ", ".join('"%s"' % v[0].lower() for v in e["values"])))
    for rb in c["regblock"]:
        o.append("")
        o.append("/* Register block %s: %s */" % (rb["name"], rb["doc"]))
        for r in rb["regs"]:
            o.append("#define RNIC_%-28s %su /* %s %s */" % (ident(rb["name"], r["name"]), hexs(r["offset"]), r["access"], r["doc"]))
    for s in c["struct"]:
        sn = s["name"]
        o.append("")
        o.append("/* %s (%d bytes): %s */" % (sn, s["bytes"], s["doc"]))
        o.append("#define RNIC_%s %du" % (ident(sn, "BYTES"), s["bytes"]))
        o.append("#define RNIC_%s %du" % (ident(sn, "WORDS"), s["bytes"] // 4))
        for f in s["fields"]:
            fn, w, lsb, dw = f["name"], f["width"], f["lsb"], f["dw"]
            base = ident(sn, fn)
            o.append("/* %s.%s: %s */" % (sn, fn, f["doc"]))
            o.append("#define RNIC_%s_DW %d" % (base, dw))
            o.append("#define RNIC_%s_LSB %d" % (base, lsb))
            o.append("#define RNIC_%s_WIDTH %d" % (base, w))
            if w == 64:
                o.append("static inline uint64_t rnic_%s_get_%s(const uint32_t *w)" % (sn, fn))
                o.append("{ return (uint64_t)w[%d] | ((uint64_t)w[%d] << 32); }" % (dw, dw + 1))
                o.append("static inline void rnic_%s_set_%s(uint32_t *w, uint64_t v)" % (sn, fn))
                o.append("{ w[%d] = (uint32_t)v; w[%d] = (uint32_t)(v >> 32); }" % (dw, dw + 1))
            elif w == 32:
                o.append("static inline uint32_t rnic_%s_get_%s(const uint32_t *w) { return w[%d]; }" % (sn, fn, dw))
                o.append("static inline void rnic_%s_set_%s(uint32_t *w, uint32_t v) { w[%d] = v; }" % (sn, fn, dw))
            else:
                mask = (1 << w) - 1
                o.append("#define RNIC_%s_MASK 0x%Xu" % (base, mask))
                o.append("/* the field's value placed in its word, for building a word in one store */")
                o.append("static inline uint32_t rnic_%s_%s(uint32_t v) { return (v & 0x%Xu) << %d; }" % (sn, fn, mask, lsb))
                o.append("static inline uint32_t rnic_%s_get_%s(const uint32_t *w)" % (sn, fn))
                o.append("{ return (w[%d] >> %d) & 0x%Xu; }" % (dw, lsb, mask))
                o.append("static inline void rnic_%s_set_%s(uint32_t *w, uint32_t v)" % (sn, fn))
                o.append("{ w[%d] = (w[%d] & ~(0x%Xu << %d)) | ((v & 0x%Xu) << %d); }" % (dw, dw, mask, lsb, mask, lsb))
    o.append("")
    o.append("#endif /* RNIC_CONTRACT_H */")
    o.append("")
    return "\n".join(o)


def gen_vh(c):
    o = []
    o.append("// %s" % BANNER)
    o.append("// The rnic hardware/software contract: see docs/contract.md for the tables.")
    o.append("// A struct is one flat vector; field F of struct S is S_vec[`RNIC_S_F_LSB +: `RNIC_S_F_W].")
    o.append("`ifndef RNIC_CONTRACT_VH")
    o.append("`define RNIC_CONTRACT_VH")
    o.append("")
    o.append("`define RNIC_CONTRACT_VERSION %d" % c["meta"]["contract_version"])
    o.append("")
    o.append("// Constants and capability limits")
    for k in c["const"]:
        o.append("`define RNIC_%-28s %d // %s" % (ident(k["name"]), k["value"], k["doc"]))
    for e in c["enum"]:
        o.append("")
        o.append("// %s (%d bits): %s" % (e["name"], e["width"], e["doc"]))
        o.append("`define RNIC_%s_W %d" % (ident(e["name"]), e["width"]))
        for vname, val, doc in e["values"]:
            o.append("`define RNIC_%-28s %d'h%X // %s" % (ident(e["name"], vname), e["width"], val, doc))
    for rb in c["regblock"]:
        o.append("")
        o.append("// Register block %s: %s" % (rb["name"], rb["doc"]))
        for r in rb["regs"]:
            o.append("`define RNIC_%-28s %d // 0x%04X %s %s" % (ident(rb["name"], r["name"]), r["offset"], r["offset"], r["access"], r["doc"]))
    for s in c["struct"]:
        sn = s["name"]
        o.append("")
        o.append("// %s (%d bytes): %s" % (sn, s["bytes"], s["doc"]))
        o.append("`define RNIC_%s %d" % (ident(sn, "BITS"), s["bytes"] * 8))
        for f in s["fields"]:
            base = ident(sn, f["name"])
            o.append("`define RNIC_%s_LSB %d // %s" % (base, f["dw"] * 32 + f["lsb"], f["doc"]))
            o.append("`define RNIC_%s_W %d" % (base, f["width"]))
    for p in c.get("packed", []):
        fields = packed_fields(c, p)
        o.append("")
        o.append("// %s (%d bits, RTL only): %s" % (p["name"], sum(f[2] for f in fields), p["doc"]))
        o.append("`define RNIC_%s %d" % (ident(p["name"], "BITS"), sum(f[2] for f in fields)))
        for fname, lsb, w, _src, doc in fields:
            base = ident(p["name"], fname)
            o.append("`define RNIC_%s_LSB %d // %s" % (base, lsb, doc))
            o.append("`define RNIC_%s_W %d" % (base, w))
    o.append("")
    o.append("`endif // RNIC_CONTRACT_VH")
    o.append("")
    return "\n".join(o)


def md_escape(t):
    return str(t).replace("|", "\\|")


def gen_md(c):
    o = []
    o.append("<!-- %s -->" % BANNER)
    o.append("# rnic hardware/software contract")
    o.append("")
    o.append("Contract version %d. Descriptor and context words are 32-bit little-endian; "
             "a field is (word, lsb, width). The C header `include/rnic_contract.h` and the "
             "Verilog include `hw/include/rnic_contract.vh` are generated from the same source, "
             "`include/rnic.toml`." % c["meta"]["contract_version"])
    o.append("")
    o.append("## Constants")
    o.append("")
    o.append("| name | value | meaning |")
    o.append("|---|---|---|")
    for k in c["const"]:
        o.append("| `%s` | %s | %s |" % (ident(k["name"]), hexs(k["value"]) if k["value"] > 255 else k["value"], md_escape(k["doc"])))
    for rb in c["regblock"]:
        o.append("")
        o.append("## Registers: %s" % rb["name"])
        o.append("")
        o.append(md_escape(rb["doc"]))
        o.append("")
        o.append("| offset | name | access | meaning |")
        o.append("|---|---|---|---|")
        for r in rb["regs"]:
            o.append("| 0x%04X | `%s` | %s | %s |" % (r["offset"], r["name"], r["access"], md_escape(r["doc"])))
    for s in c["struct"]:
        o.append("")
        o.append("## Layout: %s (%d bytes)" % (s["name"], s["bytes"]))
        o.append("")
        o.append(md_escape(s["doc"]))
        o.append("")
        o.append("| word | bits | field | meaning |")
        o.append("|---|---|---|---|")
        for f in s["fields"]:
            if f["width"] == 64:
                bits = "63:0 (words %d-%d)" % (f["dw"], f["dw"] + 1)
            else:
                bits = "%d:%d" % (f["lsb"] + f["width"] - 1, f["lsb"])
            o.append("| %d | %s | `%s` | %s |" % (f["dw"], bits, f["name"], md_escape(f["doc"])))
    for p in c.get("packed", []):
        fields = packed_fields(c, p)
        o.append("")
        o.append("## RTL table entry: %s (%d bits)" % (p["name"], sum(f[2] for f in fields)))
        o.append("")
        o.append(md_escape(p["doc"]))
        o.append("")
        o.append("| bits | field | from | meaning |")
        o.append("|---|---|---|---|")
        for fname, lsb, w, src, doc in fields:
            bits = "%d" % lsb if w == 1 else "%d:%d" % (lsb + w - 1, lsb)
            o.append("| %s | `%s` | %s | %s |" % (bits, fname, src and "`%s`" % src, md_escape(doc)))
    for e in c["enum"]:
        o.append("")
        o.append("## Values: %s (%d bits)" % (e["name"], e["width"]))
        o.append("")
        o.append(md_escape(e["doc"]))
        o.append("")
        o.append("| value | name | meaning |")
        o.append("|---|---|---|")
        for vname, val, doc in e["values"]:
            o.append("| %s | `%s` | %s |" % (hexs(val), vname, md_escape(doc)))
    o.append("")
    return "\n".join(o)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", action="store_true")
    g.add_argument("--check", action="store_true")
    args = ap.parse_args()
    with open(SRC, "rb") as f:
        c = tomllib.load(f)
    try:
        validate(c)
    except ContractError as e:
        print("gen_contract: %s: %s" % (SRC, e), file=sys.stderr)
        return 2
    outs = {OUT_H: gen_c(c), OUT_VH: gen_vh(c), OUT_MD: gen_md(c)}
    if args.write:
        for path, text in outs.items():
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        return 0
    stale = []
    for path, text in outs.items():
        try:
            with open(path) as f:
                if f.read() == text:
                    continue
        except FileNotFoundError:
            pass
        stale.append(os.path.relpath(path, ROOT))
    if stale:
        print("check-generated: stale or missing: %s (run 'make generate')" % ", ".join(stale), file=sys.stderr)
        return 1
    print("check-generated: %d generated files match include/rnic.toml" % len(outs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
