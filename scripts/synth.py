#!/usr/bin/env python3
"""Synthesis check: map RTL modules onto UltraScale+ with Yosys and judge them.

Each module is synthesized on its own, out of context (yosys `synth_xilinx
-family xcup -flatten -noiopad -noclkbuf`), with the parameters given for it.
The mapped netlist is written as JSON and analysed here:

  resources  LUT, FF, block RAM, LUTRAM, URAM, DSP, carry, MUXF and SRL cells;
  depth      the deepest combinational path in LUT levels, per kind of path:
             register to register, input to register, register to output and
             input to output (the last three are the module's share of a path
             that continues in its neighbours, so they are held to the budget
             too); MUXF and carry cells on a path are counted beside it, not as
             levels;
  loops      combinational cycles in the mapped netlist;
  latches    LDCE/LDPE and unmapped yosys latch cells;
  memories   every memory yosys inferred, how it was mapped, and whether one of
             at least --mem-ff-bits bits fell to flip-flops (allowed only when
             listed in scripts/synth_allow.txt), or one of at least
             --async-read-bits bits is read asynchronously, without a
             register on its read port (allowed only when listed in
             scripts/synth_async_allow.txt);
  warnings   yosys warnings (system tasks outside initial blocks, memories
             turned into registers, ...) and flip-flops with an initial value.

A module fails on a path deeper than --max-lut-levels, a latch, a loop, a
memory in flip-flops, or a large memory read asynchronously; the script exits non-zero when any module fails, unless
it is report-only (--report-only, or --report-only-module for a module not yet
within budget). docs/synthesis.md is written by --write-doc.

--board NAME synthesizes that top level last, with every module listed by
--module read as a black box (ports only), and judges it the same way with
the black boxes in its timing graph: each is replaced by a port model taken
from the listed module's own netlist (matched by parameters: the module's
defaults with the run's overrides against the instance's), giving for each
output bit the deepest path from a register inside, for each input bit the
deepest path to a register inside, and for each input port the deepest path
through the module to each output bit. The board's paths, loops included,
then run across modules as one flat netlist's would; its resources are its
own logic plus every instance's.

How the netlist is read for depth (docs/synthesis.md repeats this):
  * start points: flip-flop, block RAM, URAM, DSP, SRL and LUTRAM outputs, and
    input ports; end points: their data/control inputs and output ports;
  * a LUTRAM's or SRL's asynchronous read is a LUT: its read address to its
    output is one LUT level (so a path through the read counts), and its
    stored contents start a path one LUT level deep;
  * carry cells are modelled bit by bit (O[i] and CO[i] depend on S/DI of
    bits 0..i and the carry-in), so a wide adder is no false path between
    its bits.
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import json
import os
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FAMILY = "xcup"


def synth_command(widemux=0, uram=False):
    """The synth_xilinx call: out of context (no I/O or clock buffers)."""
    cmd = "synth_xilinx -family %s -flatten -noiopad -noclkbuf" % FAMILY
    return cmd + (" -widemux %d" % widemux if widemux else "") + (" -uram" if uram else "")


PATH_KINDS = ("reg2reg", "in2reg", "reg2out", "in2out")

# ---------------------------------------------------------------------------
# Cell library: what each mapped cell type is, for counting and for the graph.

LUT_TYPES = {"LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6", "INV"}
MUXF_TYPES = {"MUXF7", "MUXF8", "MUXF9"}
CARRY_TYPES = {"CARRY4", "CARRY8"}
SRL_TYPES = {"SRL16E", "SRLC16E", "SRLC32E"}
BRAM36_TYPES = {"RAMB36E2", "RAMB36E1", "FIFO36E2"}
BRAM18_TYPES = {"RAMB18E2", "RAMB18E1", "FIFO18E2"}
URAM_TYPES = {"URAM288", "URAM288_BASE"}
DSP_TYPES = {"DSP48E2", "DSP48E1"}
LATCH_TYPES = {"LDCE", "LDPE", "LDCE_1", "LDPE_1"}
# LUTs each distributed-RAM primitive occupies, and the MUXF levels inside
# its read path (the 128- and 256-deep ones select between LUTs).
LUTRAM_LUTS = {
    "RAM16X1S": (1, 0), "RAM32X1S": (1, 0), "RAM64X1S": (1, 0),
    "RAM128X1S": (2, 1), "RAM256X1S": (4, 2), "RAM512X1S": (8, 3),
    "RAM16X1D": (2, 0), "RAM32X1D": (2, 0), "RAM64X1D": (2, 0),
    "RAM128X1D": (4, 1), "RAM256X1D": (8, 2),
    "RAM32M": (4, 0), "RAM64M": (4, 0), "RAM32M16": (8, 0), "RAM64M8": (8, 0),
}
# cell types that carry no logic (absent with -noiopad -noclkbuf; harmless)
BUF_TYPES = {"BUFG", "IBUF", "OBUF", "BUFGCE"}


def is_ff(ctype):
    return ctype.startswith("FD")


def is_yosys_latch(ctype):
    return ctype in ("$dlatch", "$adlatch", "$dlatchsr") or ctype.startswith(
        ("$_DLATCH_", "$_DLATCHSR_"))


# ---------------------------------------------------------------------------
# Module specs: NAME or NAME:PARAM=VALUE,PARAM=VALUE


class ModuleSpec:
    def __init__(self, name, params):
        self.name = name
        self.params = list(params)  # [(name, value)] in the order given

    @property
    def label(self):
        """The run's name, and the stem of its files: rnic_crc32-DATA_W64."""
        text = self.name + "".join("-%s%s" % (k, v) for k, v in self.params)
        return re.sub(r"[^A-Za-z0-9_.=+-]", "_", text)

    @property
    def param_text(self):
        return ", ".join("%s=%s" % (k, v) for k, v in self.params)


def parse_spec(text):
    name, _, rest = text.partition(":")
    params = []
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ValueError("bad parameter %r in module spec %r" % (item, text))
        params.append((key.strip(), value.strip()))
    if not re.match(r"^[A-Za-z_][A-Za-z0-9_$]*$", name):
        raise ValueError("bad module name in spec %r" % text)
    return ModuleSpec(name, params)


def module_parameters(path):
    """Names of the parameters a Verilog file declares (for --param)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return set()
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    names = set()
    for m in re.finditer(r"\bparameter\b([^;)]*)", text):
        decl = re.sub(r"\[[^\]]*\]", "", m.group(1))
        for part in decl.split(","):
            n = re.match(r"\s*(?:integer\s+|signed\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=", part)
            if n:
                names.add(n.group(1))
    return names


def derived_parameters(path):
    """Names of the parameters whose default refers to another parameter
    (`parameter B = A * 2`): their value depends on the overrides."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return set()
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"[^"\n]*"', '""', text)
    out = set()
    for m in re.finditer(r"\b(?:local)?parameter\b(?:\s+(?:integer|signed))?\s*(?:\[[^\]]*\])?"
                         r"\s*([A-Za-z_]\w*)\s*=", text):
        depth, i = 0, m.end()
        while i < len(text):
            c = text[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif c in ",;" and depth == 0:
                break
            i += 1
        expr = text[m.end():i]
        if re.search(r"(?<![`'$\w])[A-Za-z_]\w*", expr):
            out.add(m.group(1))
    return out


# ---------------------------------------------------------------------------
# Allowed memories in flip-flops: "module memory reason..." per line.


def read_allow(path):
    entries = []
    if not path or not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                raise ValueError("%s:%d: want 'module memory reason'" % (path, lineno))
            entries.append((parts[0], parts[1], parts[2]))
    return entries


def allowed(entries, module, label, memory):
    for mod, mem, reason in entries:
        if (fnmatch.fnmatchcase(module, mod) or fnmatch.fnmatchcase(label, mod)) and \
                fnmatch.fnmatchcase(memory, mem):
            return reason
    return None


# ---------------------------------------------------------------------------
# Yosys run


def yosys_version(yosys):
    try:
        out = subprocess.run([yosys, "-V"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.strip()


def yosys_script(spec, rtl_dir, include_dirs, defines, src_file, files, synth_cmd,
                 black_boxes=()):
    """The yosys script for one module (paths relative to the repository);
    the modules named in black_boxes are read as black boxes (ports only)."""
    lines = []
    vdefs = " ".join(["-D %s" % d for d in defines] + ["-I %s" % i for i in include_dirs])
    lines.append("verilog_defaults -add %s" % vdefs)
    for name in black_boxes:
        lines.append("read_verilog -lib %s" % os.path.join(rtl_dir, name + ".v"))
    for extra in files:
        lines.append("read_verilog -defer %s" % extra)
    lines.append("read_verilog -defer %s" % src_file)
    chparams = "".join(" -chparam %s %s" % (k, v) for k, v in spec.params)
    lines.append("hierarchy -check -libdir %s -top %s%s" % (rtl_dir, spec.name, chparams))
    # stop before memory mapping to list the inferred memories, again after
    # it to see which were left for flip-flops (memory_map), then finish
    lines.append("%s -run begin:map_memory" % synth_cmd)
    lines.append("tee -q -o {mem_pre} dump t:$mem_v2")
    lines.append("%s -run map_memory:map_ffram" % synth_cmd)
    lines.append("tee -q -o {mem_post} dump t:$mem_v2")
    lines.append("%s -run map_ffram:" % synth_cmd)
    lines.append("hierarchy -top %s -purge_lib" % spec.name)
    lines.append("write_json {netlist}")
    return "\n".join(lines) + "\n"


def run_yosys(spec, args, out_dir, black_boxes=()):
    """Synthesize one module; returns (ok, seconds, paths, error text)."""
    label = spec.label
    paths = {k: os.path.join(out_dir, "%s.%s" % (label, ext)) for k, ext in (
        ("script", "ys"), ("log", "log"), ("netlist", "json"),
        ("mem_pre", "mem_pre.il"), ("mem_post", "mem_post.il"), ("seconds", "seconds"))}
    src_file = os.path.join(args.rtl_dir, spec.name + ".v")
    script = yosys_script(spec, args.rtl_dir, args.include_dir, args.define, src_file,
                          args.read, synth_command(args.widemux, args.uram), black_boxes)
    script = script.format(**{k: os.path.abspath(v) for k, v in paths.items()})
    if args.reuse_netlists and reusable(paths, script, args):
        with open(paths["seconds"]) as f:
            return True, float(f.read()), paths, None
    for key in ("log", "netlist", "mem_pre", "mem_post", "seconds"):
        if os.path.exists(paths[key]):
            os.remove(paths[key])
    with open(paths["script"], "w") as f:
        f.write(script)
    cmd = [args.yosys, "-q", "-l", os.path.abspath(paths["log"]), "-s",
           os.path.abspath(paths["script"])]
    if args.nice:
        cmd = ["nice", "-n", str(args.nice)] + cmd
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=args.root, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=args.timeout or None)
        if proc.returncode == 0:
            error = None
        elif proc.returncode < 0:
            error = "yosys killed by signal %d (out of memory, or stopped by hand?)" % (
                -proc.returncode)
        else:
            error = "yosys exited with %d: %s" % (proc.returncode,
                                                  last_error(paths["log"], out))
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        error = "timed out after %d s" % args.timeout
    seconds = time.monotonic() - start
    if error is None:
        with open(paths["seconds"], "w") as f:
            f.write("%.1f\n" % seconds)
    return error is None, seconds, paths, error


def reusable(paths, script, args):
    """--reuse-netlists: the last run of the same script finished, and no
    Verilog file it read (nor any include file) changed since."""
    try:
        with open(paths["script"]) as f:
            if f.read() != script:
                return False
        made = os.path.getmtime(paths["netlist"])
        for key in ("log", "mem_pre", "mem_post", "seconds"):
            os.stat(paths[key])
    except OSError:
        return False
    inputs = source_files(paths["log"], args.root)
    for inc in args.include_dir:
        d = os.path.join(args.root, inc)
        if os.path.isdir(d):
            inputs += [os.path.join(d, n) for n in os.listdir(d)]
    return all(os.path.exists(f) and os.path.getmtime(f) <= made for f in inputs)


def last_error(log_path, output):
    text = output or ""
    try:
        with open(log_path, encoding="utf-8", errors="replace") as f:
            text = f.read() + text
    except OSError:
        pass
    errors = [l.strip() for l in text.splitlines() if "ERROR" in l]
    return errors[-1] if errors else (text.strip().splitlines() or ["no output"])[-1]


# ---------------------------------------------------------------------------
# Yosys log and memory dumps


def parse_mem_dump(path):
    """$mem_v2 cells of a `dump` (RTLIL): [{name, size, width, ...}]."""
    mems = []
    if not os.path.exists(path):
        return mems
    cur = None
    attrs = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            s = line.strip()
            if s.startswith("attribute "):
                key, _, value = s[len("attribute "):].partition(" ")
                attrs[key] = value
            elif s.startswith("cell $mem_v2 "):
                cur = {"cell": s.split()[2], "src": attrs.get("\\src", "").strip('"')}
                mems.append(cur)
                attrs = {}
            elif s.startswith("parameter ") and cur is not None:
                parts = s.split(None, 2)
                if len(parts) == 3:
                    cur[parts[1].lstrip("\\")] = parts[2]
            elif s == "end":
                cur = None
                attrs = {}
    out = []
    for m in mems:
        name = m.get("MEMID", m["cell"]).strip('"').replace("\\\\", "\\").lstrip("\\")
        size = int(m.get("SIZE", "0"))
        width = int(m.get("WIDTH", "0"))
        rd_ports = int(m.get("RD_PORTS", "0"))
        out.append({
            "name": name, "words": size, "width": width, "bits": size * width,
            "read_ports": rd_ports, "write_ports": int(m.get("WR_PORTS", "0")),
            "async_reads": rd_ports - registered_reads(m.get("RD_CLK_ENABLE", "")),
            "src": clean_src(m["src"]),
        })
    return out


def registered_reads(value):
    """Read ports with a clock, from a $mem_v2 RD_CLK_ENABLE parameter (one
    bit per port, as the dump prints it: 2'01)."""
    return value.partition("'")[2].count("1")


def clean_src(src):
    """The RTL locations of a src attribute, library paths left out."""
    parts = [p for p in src.split("|") if p and "/share/yosys/" not in p]
    return "|".join(parts)


# warnings that say nothing about the design
WARNING_NOISE = (
    "Resizing cell port",   # block RAM address ports wider than the memory
)
WARNING_RE = re.compile(r"^(?:(\S+?):(\d+): )?Warning: (.*)$")


def parse_log(path):
    """Warnings, latch and memory messages from a yosys log."""
    info = {"warnings": [], "latches": [], "mem_map": {}, "mem_regs": []}
    if not os.path.exists(path):
        return info
    seen = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        s = line.strip()
        m = WARNING_RE.match(s)
        if m and not s.startswith("ABC:"):
            where = "%s:%s" % (m.group(1), m.group(2)) if m.group(1) else ""
            text = m.group(3).strip()
            if any(n in text for n in WARNING_NOISE):
                continue
            # some warnings list their objects on indented lines after them
            j = i + 1
            more = []
            while j < len(lines) and lines[j].startswith(" ") and lines[j].strip():
                more.append(lines[j].strip())
                j += 1
            if more:
                text += " " + "; ".join(more[:10]) + ("; ..." if len(more) > 10 else "")
            key = (where, text)
            if key not in seen:
                seen.add(key)
                info["warnings"].append((where + ": " if where else "") + text)
        m = re.match(r"^Latch inferred for signal `(.*?)' from process `(.*?)'", s)
        if m:
            proc = re.search(r"\$proc\$([^$]+)\$", m.group(2))
            info["latches"].append("%s from the process at %s" % (
                m.group(1).split(".\\", 1)[-1].replace("\\", ""),
                proc.group(1) if proc else m.group(2).replace("\\", "")))
        m = re.match(r"^mapping memory (\S+) via (\S+)", s)
        if m:
            info["mem_map"][m.group(1).split(".", 1)[-1].replace("\\", "")] = m.group(2)
        m = re.match(r"^using FF mapping for memory (\S+)", s)
        if m:
            info["mem_map"][m.group(1).split(".", 1)[-1].replace("\\", "")] = "FF"
        m = re.search(r"Replacing memory (\S+) with list of registers\.(?: See (\S+))?", s)
        if m:
            entry = (m.group(1).lstrip("\\"), m.group(2) or "")
            if entry not in info["mem_regs"]:
                info["mem_regs"].append(entry)
    return info


def source_files(log_path, root):
    """The Verilog files a run read, from its log (library cells left out)."""
    files = []
    try:
        with open(log_path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"^Parsing (?:SystemVerilog|Verilog) input from `(.+?)'", line)
                if m and "/share/yosys/" not in m.group(1) and m.group(1) not in files:
                    files.append(m.group(1))
    except OSError:
        pass
    return [os.path.join(root, f) for f in files]


def locate_system_tasks(text, files, root):
    """Yosys 0.23 reports a system task outside an initial block at line 0:
    add the lines of the files read that call it."""
    m = re.search(r"System task `(\$\w+)' outside initial block", text)
    if not m:
        return text
    task = m.group(1)
    hits = []
    for path in files:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                for n, line in enumerate(f, 1):
                    if re.search(re.escape(task) + r"\b", line.split("//", 1)[0]):
                        hits.append("%s:%d" % (os.path.relpath(path, root), n))
        except OSError:
            pass
    if not hits:
        return text
    return "%s (%s called at %s%s)" % (text, task, ", ".join(hits[:6]),
                                        ", ..." if len(hits) > 6 else "")


def mapping_kind(via):
    if via is None:
        return "FF"
    v = via.upper()
    if "URAM" in v:
        return "URAM"
    if "BLOCKRAM" in v or "BRAM" in v or "RAMB" in v:
        return "block RAM"
    if "LUTRAM" in v:
        return "LUTRAM"
    if v == "FF":
        return "FF"
    return via


# ---------------------------------------------------------------------------
# Netlist analysis


class Netlist:
    """The top module of a yosys JSON netlist, with names for its bits."""

    def __init__(self, data, top=None):
        mods = data["modules"]
        if top is None:
            tops = [n for n, m in mods.items() if int(m.get("attributes", {}).get("top", "0"), 2)]
            if len(tops) != 1:
                tops = [n for n, m in mods.items() if m.get("cells") or m.get("ports")]
            top = tops[0]
        self.name = top
        mod = mods[top]
        self.ports = mod.get("ports", {})
        self.cells = [(name, c) for name, c in mod.get("cells", {}).items()]
        self.bit_name = {}
        self.netnames = mod.get("netnames", {})
        ranked = {}
        for name, net in self.netnames.items():
            hidden = bool(net.get("hide_name", 0)) or name.startswith("$")
            bits = net["bits"]
            offset = net.get("offset", 0)
            upto = net.get("upto", 0)
            for i, b in enumerate(bits):
                if isinstance(b, str):
                    continue
                index = (offset + len(bits) - 1 - i) if upto else offset + i
                if hidden:
                    text, rank = hidden_name(name, i)
                    if text is None:
                        continue
                else:
                    text = name if len(bits) == 1 and offset == 0 else "%s[%d]" % (name, index)
                    # house style names state *_reg: such a name says where
                    # a register is; port names come after internal ones
                    rank = 0 if name.endswith("_reg") else 2 if name in self.ports else 1
                key = (rank, len(text), text)
                if b not in ranked or key < ranked[b]:
                    ranked[b] = key
                    self.bit_name[b] = text

    def name_of(self, bit):
        return self.bit_name.get(bit, "-")


NEXT_RE = re.compile(r"^\$0\\(.+?)\[(\d+):(\d+)\]$")
RDREG_RE = re.compile(r"^\$\\?(.+?)\$rdreg\[(\d+)\]\$q$")
OP_RE = re.compile(r"\$(\w+)\$([^$|]+?\.s?v):(\d+)\$")


def hidden_name(name, i):
    """A readable name for bit i of a yosys-internal net, and its rank
    (lower is better): the next-state net of a register, or the RTL
    operator and line a net came from; None for nets with no such hint."""
    m = NEXT_RE.match(name)
    if m:
        msb, lsb = int(m.group(2)), int(m.group(3))
        index = lsb + i if msb >= lsb else lsb - i
        reg = m.group(1)
        return ("%s[%d] (next)" % (reg, index) if msb != lsb else "%s (next)" % reg), 4
    m = RDREG_RE.match(name)
    if m:
        # a register memory_dff moved into a RAM's read port
        return "%s read port %s register[%d]" % (m.group(1), m.group(2), i), 4
    for m in OP_RE.finditer(name):
        if "/share/yosys/" in m.group(2):
            continue
        return "$%s at %s:%s" % (m.group(1), os.path.basename(m.group(2)), m.group(3)), 3
    return None, 5


def carry_arcs(ctype, conns, params):
    """(output bit, [input bits]) of a CARRY4/CARRY8, bit by bit."""
    n = 4 if ctype == "CARRY4" else 8
    s = conns.get("S", [])
    di = conns.get("DI", [])
    o = conns.get("O", [])
    co = conns.get("CO", [])
    if ctype == "CARRY4":
        cin = {0: conns.get("CI", []) + conns.get("CYINIT", [])}
    else:
        cin = {0: conns.get("CI", [])}
        if str(params.get("CARRY_TYPE", "")).strip('"') == "DUAL_CY4":
            cin[4] = conns.get("CI_TOP", [])
    arcs = []
    chain = []
    for i in range(n):
        if i in cin:
            chain = list(cin[i])
        if i < len(o):
            arcs.append((o[i], chain + s[i:i + 1]))
        chain = chain + s[i:i + 1] + di[i:i + 1]
        if i < len(co):
            arcs.append((co[i], list(chain)))
    return arcs


def lutram_read_arcs(ctype, conns, dirs):
    """(output port, [read address bits]) of a distributed RAM, and the
    address ports that are read-only (not write addresses)."""
    arcs = []
    read_only = set()
    addr_ports = sorted(p for p in conns if p.startswith("ADDR"))
    for port in conns:
        if dirs.get(port) != "output":
            continue
        if port.startswith("DO"):
            addr = "ADDR" + port[2:]
            arcs.append((port, conns.get(addr, [])))
        elif port == "DPO":
            bits = []
            for p in sorted(conns):
                if p.startswith("DPRA"):
                    bits += conns[p]
                    read_only.add(p)
            arcs.append((port, bits))
        elif port in ("SPO", "O"):
            bits = []
            for p in sorted(conns):
                if re.match(r"^A\d*$", p):
                    bits += conns[p]
            arcs.append((port, bits))
    if addr_ports:
        # the last address port is the write address (ADDRD, ADDRH)
        read_only.update(addr_ports[:-1])
    return arcs, read_only


def analyse_netlist(net, top_paths=5, models=None, graph=None):
    """Resources, depth, loops and latches of a mapped netlist.

    models: {cell name: port model} for black-box cells (the board check):
    such a cell's outputs start paths as deep as the model says, its inputs
    end them deeper by the model's depth, and its input-to-output paths are
    arcs through it. graph: a dict that receives the timing graph (for
    port_model)."""
    res = collections.Counter()
    other_types = collections.Counter()
    latch_cells = []
    init_ffs = []
    unknown = collections.Counter()

    # graph over bits: arcs[src] -> [(dst, cell index, luts, muxf, carry)]
    arcs = collections.defaultdict(list)
    indeg = collections.Counter()
    sources = {}   # bit -> (kind, cell index or port name, luts, muxf)
    endpoints = []  # (bit, kind, cell index or port name, pin, (luts, muxf) beyond it)
    cell_info = []  # (name, type, src)
    cell_outputs = []  # output bits of each cell

    def add_arc(src, dst, ci, luts, muxf, carry):
        if isinstance(src, str) or isinstance(dst, str):
            return
        arcs[src].append((dst, ci, luts, muxf, carry))
        indeg[dst] += 1

    for name, port in net.ports.items():
        for b in port["bits"]:
            if isinstance(b, str):
                continue
            if port["direction"] in ("input", "inout"):
                sources[b] = ("in", name, 0, 0)
            if port["direction"] in ("output", "inout"):
                endpoints.append((b, "out", name, None, (0, 0)))

    for ci, (cname, cell) in enumerate(net.cells):
        ctype = cell["type"]
        conns = cell.get("connections", {})
        dirs = cell.get("port_directions", {})
        params = cell.get("parameters", {})
        src = clean_src(cell.get("attributes", {}).get("src", ""))
        cell_info.append((cname, ctype, src))
        cell_outputs.append([b for p in conns if dirs.get(p) == "output" for b in conns[p]])
        ins = [p for p in conns if dirs.get(p) == "input"]
        outs = [p for p in conns if dirs.get(p) == "output"]
        if conns and not dirs:
            # a cell whose library module was dropped: nothing to trace
            unknown[ctype + " (no port directions)"] += 1
            continue

        def start_all(luts=0, muxf=0):
            for p in outs:
                for b in conns[p]:
                    if not isinstance(b, str):
                        sources[b] = ("reg", ci, luts, muxf)

        def end_pins(pins):
            for p in pins:
                for b in conns[p]:
                    if not isinstance(b, str):
                        endpoints.append((b, "reg", ci, p, (0, 0)))

        if ctype in LUT_TYPES:
            res["LUT"] += 1
            for o in outs:
                for ob in conns[o]:
                    for p in ins:
                        for ib in conns[p]:
                            add_arc(ib, ob, ci, 1, 0, 0)
        elif ctype in MUXF_TYPES:
            res["MUXF"] += 1
            res[ctype] += 1
            for ob in conns.get("O", []):
                for p in ins:
                    for ib in conns[p]:
                        add_arc(ib, ob, ci, 0, 1, 0)
        elif ctype in CARRY_TYPES:
            res["CARRY"] += 1
            res[ctype] += 1
            for ob, ibs in carry_arcs(ctype, conns, params):
                for ib in ibs:
                    add_arc(ib, ob, ci, 0, 0, 1)
        elif is_ff(ctype):
            res["FF"] += 1
            init = str(params.get("INIT", "x"))
            if init.strip("x") and set(init) <= set("01x"):
                q = conns.get("Q", ["?"])[0]
                init_ffs.append((net.name_of(q), init[-1]))
            start_all()
            end_pins([p for p in ins if p != "C"])
        elif ctype in LATCH_TYPES or is_yosys_latch(ctype):
            res["LATCH"] += 1
            q = (conns.get("Q") or conns.get("Y") or ["?"])[0]
            latch_cells.append("%s (%s)" % (net.name_of(q), ctype))
            start_all()
            end_pins(ins)
        elif ctype in LUTRAM_LUTS:
            luts, muxf = LUTRAM_LUTS[ctype]
            res["LUTRAM"] += luts
            res[ctype] += 1
            read_arcs, read_only = lutram_read_arcs(ctype, conns, dirs)
            start_all(1, muxf)
            for port, addr_bits in read_arcs:
                for ob in conns[port]:
                    for ib in addr_bits:
                        add_arc(ib, ob, ci, 1, muxf, 0)
            end_pins([p for p in ins if p != "WCLK" and p not in read_only])
        elif ctype in SRL_TYPES:
            res["SRL"] += 1
            addr = [p for p in ins if re.match(r"^A\d*$", p)]
            for p in outs:
                for ob in conns[p]:
                    if isinstance(ob, str):
                        continue
                    sources[ob] = ("reg", ci, 1 if p == "Q" else 0, 0)
                    if p == "Q":
                        for a in addr:
                            for ib in conns[a]:
                                add_arc(ib, ob, ci, 1, 0, 0)
            end_pins([p for p in ins if p not in addr and p != "CLK"])
        elif ctype in BUF_TYPES:
            for ob in conns.get("O", []):
                for ib in conns.get("I", []):
                    add_arc(ib, ob, ci, 0, 0, 0)
        elif models and cname in models:
            apply_model(models[cname], ci, cname, conns, sources, endpoints, add_arc, net)
        else:
            if ctype in BRAM36_TYPES:
                res["RAMB36"] += 1
            elif ctype in BRAM18_TYPES:
                res["RAMB18"] += 1
            elif ctype in URAM_TYPES:
                res["URAM"] += 1
            elif ctype in DSP_TYPES:
                res["DSP"] += 1
            else:
                unknown[ctype] += 1
            other_types[ctype] += 1
            start_all()
            end_pins([p for p in ins if "CLK" not in p.upper()])

    # Kahn's order over the combinational arcs; what is left is in or behind
    # a cycle.
    nodes = set(arcs) | set(indeg)
    order = [b for b in nodes if indeg[b] == 0]
    order.sort()
    remaining = dict(indeg)
    head = 0
    while head < len(order):
        u = order[head]
        head += 1
        for v, _ci, _l, _m, _c in arcs.get(u, ()):
            remaining[v] -= 1
            if remaining[v] == 0:
                order.append(v)
    cyclic = [b for b in nodes if remaining.get(b, 0) > 0]
    loops = find_loops(cyclic, arcs, net, cell_info) if cyclic else []

    # longest path in LUT levels, separately from register and from port
    # starts; key (luts, muxf + carry), predecessor kept for the trace
    best = {"reg": {}, "in": {}}
    pred = {"reg": {}, "in": {}}
    for b, (kind, who, luts, muxf) in sources.items():
        best[kind][b] = (luts, muxf)
        pred[kind][b] = None
    for u in order:
        for kind in ("reg", "in"):
            cur = best[kind].get(u)
            if cur is None:
                continue
            for v, ci, luts, muxf, carry in arcs.get(u, ()):
                cand = (cur[0] + luts, cur[1] + muxf + carry)
                old = best[kind].get(v)
                # on a tie a path through a LUTRAM's read beats one that
                # starts at its contents: it names the address register
                if old is None or cand > old or (cand == old and pred[kind][v] is None):
                    best[kind][v] = cand
                    pred[kind][v] = (u, ci)

    ends = []
    for b, ekind, who, pin, beyond in endpoints:
        for skind in ("reg", "in"):
            val = best[skind].get(b)
            if val is None:
                continue
            val = (val[0] + beyond[0], val[1] + beyond[1])
            category = ("reg2" if skind == "reg" else "in2") + ("reg" if ekind == "reg" else "out")
            ends.append((val, category, b, skind, ekind, who, pin))
    ends.sort(key=lambda e: (-e[0][0], -e[0][1], PATH_KINDS.index(e[1]), e[2], str(e[5]),
                             str(e[6])))
    depth = {k: None for k in PATH_KINDS}
    for val, category, *_ in ends:
        if depth[category] is None:
            depth[category] = val[0]

    paths = []
    groups = set()
    for val, category, b, skind, ekind, who, pin in ends:
        if len(paths) >= top_paths or val[0] == 0:
            break
        steps = trace(b, skind, pred, sources, net, cell_info)
        path = describe_path(val, category, steps, b, ekind, who, pin, net, cell_info,
                             cell_outputs)
        if models:
            # the levels inside the black boxes at either end
            first = sources[trace_start(b, skind, pred)]
            path["inside_start"] = first[2] if first[0] == "reg" else 0
            path["inside_end"] = val[0] - best[skind][b][0]
        group = (category, base(path["start"]["net"]), base(path["end"]["net"]))
        if group in groups:
            continue
        groups.add(group)
        paths.append(path)

    if graph is not None:
        graph.update(arcs=arcs, order=order, sources=sources, endpoints=endpoints,
                     best=best)
    return {
        "resources": dict(res),
        "cell_types": dict(other_types),
        "unknown_cells": dict(unknown),
        "depth": depth,
        "paths": paths,
        "loops": loops,
        "latch_cells": latch_cells,
        "init_ffs": group_bits(init_ffs),
    }


def group_bits(named):
    """[(name[i], value)] -> ["name = value bits, msb first"], by register."""
    groups = collections.OrderedDict()
    for name, value in named:
        m = re.match(r"^(.*)\[(\d+)\]$", name)
        key, index = (m.group(1), int(m.group(2))) if m else (name, 0)
        groups.setdefault(key, {})[index] = value
    out = []
    for key in sorted(groups):
        bits = groups[key]
        if len(bits) == 1 and 0 in bits and not key.endswith("]"):
            out.append("%s = %s" % (key, bits[0]))
        else:
            out.append("%s[%d:%d] = %s" % (key, max(bits), min(bits), "".join(
                bits.get(i, "x") for i in range(max(bits), min(bits) - 1, -1))))
    return out


def base(name):
    return re.sub(r"\[\d+\]", "", name or "")


def trace_start(bit, skind, pred):
    """The start bit of the deepest path to `bit`."""
    b = bit
    for _ in range(100000):
        p = pred[skind].get(b)
        if p is None:
            break
        b = p[0]
    return b


def apply_model(model, ci, cname, conns, sources, endpoints, add_arc, net):
    """A black-box cell in the timing graph, as its port model describes it."""
    for (port, i), d in model["r2o"].items():
        b = conns.get(port, [])[i:i + 1]
        if b and not isinstance(b[0], str):
            sources[b[0]] = ("reg", ci, d[0], d[1])
    for (port, i), d in model["i2r"].items():
        b = conns.get(port, [])[i:i + 1]
        if b and not isinstance(b[0], str):
            endpoints.append((b[0], "reg", ci, port, d))
    for key, ins in sorted(model["i2o"].items()):
        # one node per group of input bits that reach the same outputs as
        # deep: the group's bits reach it, it reaches those outputs (no
        # product of input and output bits, no arc a bit does not have)
        v = -(len(net.bit_name) + 1)
        while v in net.bit_name:
            v -= 1
        net.bit_name[v] = "%s.%s" % (cname, ins[0][0])
        for port, i in ins:
            b = conns.get(port, [])[i:i + 1]
            if b:
                add_arc(b[0], v, ci, 0, 0, 0)
        for oport, i, luts, muxf in key:
            ob = conns.get(oport, [])[i:i + 1]
            if ob:
                add_arc(v, ob[0], ci, luts, muxf, 0)


def port_model(net, graph):
    """What a module's netlist shows its neighbours, port bit by port bit:
    r2o {(port, i): (luts, muxf)} the deepest path from a register to output
    bit i; i2r {(port, i): ...} the deepest from input bit i to a register;
    i2o {((output port, i, luts, muxf), ...): [(input port, i), ...]} the
    input bits grouped by the output bits they reach and how deep (an inout
    bit's path to itself left out)."""
    arcs, order, best = graph["arcs"], graph["order"], graph["best"]
    outs, ins = [], []
    for name, port in net.ports.items():
        for i, b in enumerate(port["bits"]):
            if isinstance(b, str):
                continue
            if port["direction"] in ("output", "inout"):
                outs.append((name, i, b))
            if port["direction"] in ("input", "inout"):
                ins.append((name, i, b))
    r2o = {(n, i): best["reg"][b] for n, i, b in outs if b in best["reg"]}
    # the deepest path from each bit to a register, backwards
    need = {}
    for b, ekind, _who, _pin, beyond in graph["endpoints"]:
        if ekind == "reg" and (b not in need or beyond > need[b]):
            need[b] = beyond
    for u in reversed(order):
        for v, _ci, luts, muxf, carry in arcs.get(u, ()):
            if v in need:
                cand = (need[v][0] + luts, need[v][1] + muxf + carry)
                if u not in need or cand > need[u]:
                    need[u] = cand
    i2r = {(n, i): need[b] for n, i, b in ins if b in need}
    # through paths: only among the bits that reach an output
    rev = collections.defaultdict(list)
    for u, lst in arcs.items():
        for v, *_ in lst:
            rev[v].append(u)
    reach = set()
    work = [b for _n, _i, b in outs]
    while work:
        v = work.pop()
        if v in reach:
            continue
        reach.add(v)
        work.extend(rev.get(v, ()))
    val = {}
    for n, i, b in ins:
        if b in reach:
            val.setdefault(b, {})[(n, i)] = (0, 0)
    for u in order:
        cur = val.get(u)
        if not cur:
            continue
        for v, _ci, luts, muxf, carry in arcs.get(u, ()):
            if v not in reach:
                continue
            dst = val.setdefault(v, {})
            for src, d in cur.items():
                cand = (d[0] + luts, d[1] + muxf + carry)
                if src not in dst or cand > dst[src]:
                    dst[src] = cand
    reached = collections.defaultdict(list)
    for n, i, b in outs:
        for src, d in val.get(b, {}).items():
            if src != (n, i):
                reached[src].append((n, i) + d)
    i2o = collections.defaultdict(list)
    for src, outs_of in reached.items():
        i2o[tuple(sorted(outs_of))].append(src)
    return {"r2o": r2o, "i2r": i2r, "i2o": dict(i2o)}


def trace(bit, skind, pred, sources, net, cell_info):
    """Steps from the start point to `bit`: [{net, cell, type, src}]."""
    steps = []
    b = bit
    guard = 0
    while True:
        p = pred[skind].get(b)
        if p is None:
            kind, who, _l, _m = sources[b]
            if kind == "in":
                steps.append({"net": net.name_of(b), "cell": None, "type": "input port", "src": ""})
            else:
                cname, ctype, src = cell_info[who]
                name = net.name_of(b)
                if name == "-" and not cname.startswith("$"):
                    name = cname
                steps.append({"net": name, "cell": cname, "type": ctype, "src": src})
            break
        prev, ci = p
        cname, ctype, src = cell_info[ci]
        steps.append({"net": net.name_of(b), "cell": cname, "type": ctype, "src": src})
        b = prev
        guard += 1
        if guard > 100000:
            break
    steps.reverse()
    return steps


def describe_path(val, category, steps, end_bit, ekind, who, pin, net, cell_info, cell_outputs):
    counts = collections.Counter(s["type"] for s in steps[1:])
    if steps[0]["type"] in LUTRAM_LUTS or steps[0]["type"] in SRL_TYPES:
        counts[steps[0]["type"]] += 1   # a read of its contents: one level
    if ekind == "out":
        end = {"net": net.name_of(end_bit), "cell": None, "type": "output port", "pin": None,
               "src": ""}
    else:
        cname, ctype, src = cell_info[who]
        qs = [b for b in cell_outputs[who] if not isinstance(b, str)]
        name = net.name_of(qs[0]) if len(qs) == 1 and (is_ff(ctype) or ctype in LATCH_TYPES) \
            else net.name_of(end_bit)
        end = {"net": name, "cell": cname, "type": ctype, "pin": pin, "src": src}
    return {
        "kind": category,
        "luts": val[0],
        "muxf": sum(v for t, v in counts.items() if t in MUXF_TYPES),
        "carry": sum(v for t, v in counts.items() if t in CARRY_TYPES),
        "lutram": sum(v for t, v in counts.items() if t in LUTRAM_LUTS or t in SRL_TYPES),
        "start": steps[0],
        "through": steps[1:],
        "end": end,
    }


def find_loops(cyclic, arcs, net, cell_info, limit=10):
    """Strongly connected components (iterative Tarjan) among the bits left
    over by the topological sort; each one of two or more bits, or a bit
    feeding itself, is a combinational loop."""
    inside = set(cyclic)
    index = {}
    low = {}
    on_stack = set()
    stack = []
    counter = 0
    loops = []
    for root in sorted(inside):
        if root in index:
            continue
        work = [(root, iter([a for a in arcs.get(root, ()) if a[0] in inside]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for a in it:
                w = a[0]
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter([x for x in arcs.get(w, ()) if x[0] in inside])))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                self_loop = any(a[0] == v for a in arcs.get(v, ()))
                if len(comp) > 1 or self_loop:
                    comp_set = set(comp)
                    cells = sorted({cell_info[a[1]][1] + " " + cell_info[a[1]][0]
                                    for u in comp for a in arcs.get(u, ()) if a[0] in comp_set})
                    names = sorted({net.name_of(u) for u in comp},
                                   key=lambda n: (n.startswith("$"), n))
                    loops.append({"nets": names[:12], "cells": cells[:12], "bits": len(comp)})
                    if len(loops) >= limit:
                        return loops
    return loops


# ---------------------------------------------------------------------------
# Judging one module


def json_param(v):
    """A parameter value in yosys's JSON: a binary string (any width), or
    text for a string parameter."""
    v = str(v)
    return int(v, 2) if v and set(v) <= set("01") else v.strip('"')


def spec_param(v):
    """A parameter value as a module spec gives it (decimal, 0x..., text)."""
    try:
        return int(str(v), 0)
    except ValueError:
        return str(v).strip('"')


def same_elaboration(spec_over, cell_over, defaults, derived):
    """Do a run's overrides and an instance's give the module the same
    parameters? Each parameter either side sets must have the same value on
    both (the module's default standing in for the side that leaves it), and
    one whose default is derived from other parameters may be left to its
    default only if both sides leave it."""
    for k in set(spec_over) | set(cell_over):
        if (k in spec_over) != (k in cell_over) and k in derived:
            return False
        if spec_over.get(k, defaults.get(k)) != cell_over.get(k, defaults.get(k)):
            return False
    return True


def board_models(net, data, specs, results, out_dir, rtl_dir):
    """Port models for the board's black-box cells: each cell is matched to
    the run of its module with the same parameters (same_elaboration).
    Returns (models, failures, summed resources of the matched runs,
    [(cell, run label)])."""
    mods = data["modules"]
    models, failures, inst = {}, [], []
    totals = collections.Counter()
    cache = {}
    boxes = {s.name for s in specs}
    derived = {}
    for cname, cell in net.cells:
        m = mods.get(cell["type"])
        if cell["type"] not in boxes or not m:
            continue
        if cell["type"] not in derived:
            derived[cell["type"]] = derived_parameters(os.path.join(rtl_dir, cell["type"] + ".v"))
        defaults = {k: json_param(v) for k, v in m.get("parameter_default_values", {}).items()}
        cell_over = {k: json_param(v) for k, v in cell.get("parameters", {}).items()}
        spec = next((s for s in specs if s.name == cell["type"] and same_elaboration(
            {k: spec_param(v) for k, v in s.params}, cell_over, defaults,
            derived[cell["type"]])), None)
        if spec is None:
            over = ",".join("%s=%s" % (k, v) for k, v in sorted(cell_over.items())
                            if defaults.get(k) != v or k in derived[cell["type"]])
            failures.append("%s (%s): no module run with its parameters (add --module %s%s)" % (
                cname, cell["type"], cell["type"], ":" + over if over else ""))
            continue
        r = results.get(spec.label)
        if not r or r.get("resources") is None:
            failures.append("%s: its module run %s did not finish" % (cname, spec.label))
            continue
        if spec.label not in cache:
            with open(os.path.join(out_dir, spec.label + ".json"), encoding="utf-8") as f:
                child = Netlist(json.load(f), spec.name)
            graph = {}
            analyse_netlist(child, 0, graph=graph)
            cache[spec.label] = port_model(child, graph)
        models[cname] = cache[spec.label]
        totals.update(r["resources"])
        inst.append((cname, spec.label))
    return models, failures, totals, inst


def judge(spec, args, allow, allow_async, ok, seconds, paths, error, board=None):
    result = {
        "module": spec.name, "label": spec.label, "params": spec.param_text,
        "seconds": round(seconds, 1), "errors": [], "failures": [], "warnings": [],
        "memories": [], "report_only": spec.name in args.report_only_module or
        spec.label in args.report_only_module or args.report_only,
    }
    log = parse_log(paths["log"])
    files = source_files(paths["log"], args.root)
    result["warnings"] = [locate_system_tasks(w, files, args.root) for w in log["warnings"]]
    if not ok:
        error = locate_system_tasks(error, files, args.root)
        result["errors"].append(error)
        result["failures"].append("synthesis failed: %s" % error)
        return result
    with open(paths["netlist"], encoding="utf-8") as f:
        data = json.load(f)
    net = Netlist(data, spec.name)
    models = None
    if board is not None:
        models, bfail, totals, inst = board_models(
            net, data, *board, rtl_dir=os.path.join(args.root, args.rtl_dir))
        result["failures"] += bfail
        result["instances"] = inst
    ana = analyse_netlist(net, args.top_paths, models=models)
    result.update({k: ana[k] for k in ("resources", "depth", "paths", "loops",
                                        "latch_cells", "init_ffs", "unknown_cells",
                                        "cell_types")})
    if board is not None:
        # the board's resources: its own logic and every block it holds
        result["glue_resources"] = dict(ana["resources"])
        result["resources"] = dict(collections.Counter(ana["resources"]) + totals)

    # memories: inferred ones with their mapping, then arrays yosys turned
    # into registers in the front end
    post = {m["name"] for m in parse_mem_dump(paths["mem_post"])}
    for m in parse_mem_dump(paths["mem_pre"]):
        via = log["mem_map"].get(m["name"])
        if m["name"] in post:
            kind = "FF" if m["write_ports"] else "logic (ROM)"
        else:
            kind = mapping_kind(via) if via else "mapped"
        m["mapped_to"] = kind
        m["via"] = via or ""
        result["memories"].append(m)
    q_bits = {b for _n, c in net.cells if is_ff(c["type"])
              for b in c.get("connections", {}).get("Q", [])}
    for name, where in log["mem_regs"]:
        # the front end names the registers name[0], name[1], ...; count the
        # bits of them that are flip-flops (the rest became logic)
        word_re = re.compile(r"(^|\.)%s\[\d+\]$" % re.escape(name))
        words = [n for n, w in net.netnames.items() if word_re.search(n)]
        bits = sum(1 for n in words for b in net.netnames[n]["bits"] if b in q_bits)
        width = max([len(net.netnames[n]["bits"]) for n in words] or [0])
        result["memories"].append({
            "name": name, "words": len(words), "width": width, "bits": bits,
            "read_ports": 0, "write_ports": 0, "src": where,
            "mapped_to": "FF (array turned into registers)" if bits else
            "logic (array turned into registers)", "via": ""})

    budget = args.max_lut_levels
    for kind in args.budget_paths:
        d = result["depth"].get(kind)
        if d is not None and d > budget:
            result["failures"].append("%s path of %d LUT levels (budget %d)" % (kind, d, budget))
            result["depth_failures"] = result.get("depth_failures", 0) + 1
    if ana["latch_cells"] or log["latches"]:
        where = log["latches"] or ana["latch_cells"]
        result["failures"].append("latch (%d cells): %s" % (
            len(ana["latch_cells"]), "; ".join(where[:8])))
    for loop in ana["loops"]:
        result["failures"].append("combinational loop through " + ", ".join(loop["nets"][:6]))
    # memory rules: (breaks it, allow list, key for the reason, what it is)
    rules = (
        (lambda m: m["mapped_to"].startswith("FF") and m["bits"] >= args.mem_ff_bits,
         allow, "allowed", "in flip-flops"),
        (lambda m: m.get("async_reads") and m["bits"] >= args.async_read_bits and
         not m["mapped_to"].startswith("FF"),
         allow_async, "async_allowed", "read asynchronously"))
    for breaks, entries, key, what in rules:
        for m in result["memories"]:
            if not breaks(m):
                continue
            reason = allowed(entries, spec.name, spec.label, m["name"])
            if reason:
                m[key] = reason
            else:
                result["failures"].append("memory %s (%s) %s%s" % (
                    m["name"], mem_size(m), what, " at " + m["src"] if m["src"] else ""))
    if ana["unknown_cells"]:
        result["warnings"].append("cells not modelled (taken as registers): " + ", ".join(
            "%s x%d" % kv for kv in sorted(ana["unknown_cells"].items())))
    if ana["init_ffs"]:
        shown = "; ".join(ana["init_ffs"][:8])
        more = len(ana["init_ffs"]) - 8
        result["warnings"].append("flip-flops with an initial value (%s%s), from an initial "
                                  "block or a declaration outside `ifndef SYNTHESIS: it holds "
                                  "after configuration only, not after rst" % (
                                      shown, "; %d more" % more if more > 0 else ""))
    return result


# ---------------------------------------------------------------------------
# Output


def fmt_depth(d):
    return "-" if d is None else str(d)


def path_lines(p, indent="    "):
    lines = []
    extra = []
    if p["muxf"]:
        extra.append("%d MUXF" % p["muxf"])
    if p["carry"]:
        extra.append("%d carry" % p["carry"])
    if p["lutram"]:
        extra.append("%d LUTRAM/SRL read" % p["lutram"])
    head = "%d LUT level%s%s, %s" % (p["luts"], "" if p["luts"] == 1 else "s",
                                     " + " + ", ".join(extra) if extra else "", p["kind"])
    lines.append(head)
    s = p["start"]
    inside = " after %d LUT level(s) inside %s" % (p["inside_start"], s["cell"]) \
        if p.get("inside_start") else ""
    lines.append("%sfrom  %s (%s)%s%s" % (indent, s["net"], s["type"], inside,
                                          src_note(s["src"])))
    for step in p["through"]:
        lines.append("%s  %-7s %s" % (indent, step["type"], step["net"]))
    e = p["end"]
    pin = ".%s" % e["pin"] if e.get("pin") else ""
    inside = ", then %d LUT level(s) inside %s" % (p["inside_end"], e["cell"]) \
        if p.get("inside_end") else ""
    lines.append("%sto    %s (%s%s)%s%s" % (indent, e["net"], e["type"], pin, inside,
                                            src_note(e["src"])))
    return lines


PRIMITIVE_TYPES = (LUT_TYPES | MUXF_TYPES | CARRY_TYPES | SRL_TYPES | BRAM36_TYPES |
                   BRAM18_TYPES | URAM_TYPES | DSP_TYPES | BUF_TYPES | set(LUTRAM_LUTS))


def board_path_line(p):
    """One line for a path across the board's blocks: where it starts and
    ends, the blocks it passes through, the levels inside the end blocks."""
    def block(step):
        return step.get("cell") if step["type"] not in PRIMITIVE_TYPES and not \
            is_ff(step["type"]) and step["type"] not in ("input port", "output port") else None
    via = []
    for step in p["through"]:
        b = block(step)
        if b and (not via or via[-1] != b):
            via.append(b)
    s, e = p["start"], p["end"]
    if via and via[-1] == e.get("cell"):
        via.pop()
    start = "%s (%s%s)" % (s["net"], s["cell"] or s["type"],
                           ", %d inside" % p["inside_start"] if p.get("inside_start") else "")
    end = "%s.%s (%s%s)" % (e["cell"], e["pin"], e["type"],
                            ", %d inside" % p["inside_end"] if p.get("inside_end") else "") \
        if e.get("pin") else "%s (%s)" % (e["net"], e["type"])
    return "%2d %-7s %s -> %s%s" % (p["luts"], p["kind"], start,
                                    "".join("%s -> " % v for v in via), end)


def src_note(src):
    return "  [%s]" % src if src else ""


def print_result(r, budget, out=sys.stdout):
    status = status_of(r)
    print("== %s%s: %s (%.1f s)" % (r["label"], " (%s)" % r["params"] if r["params"] else "",
                                   status, r["seconds"]), file=out)
    if r.get("resources") is not None:
        res = r["resources"]
        print("   LUT %d  FF %d  RAMB36 %d  RAMB18 %d  LUTRAM %d  URAM %d  DSP %d  CARRY %d  "
              "MUXF %d  SRL %d" % tuple(res.get(k, 0) for k in (
                  "LUT", "FF", "RAMB36", "RAMB18", "LUTRAM", "URAM", "DSP", "CARRY", "MUXF",
                  "SRL")), file=out)
        print("   depth (LUT levels, budget %d): %s" % (budget, "  ".join(
            "%s %s" % (k, fmt_depth(r["depth"][k])) for k in PATH_KINDS)), file=out)
        for m in r["memories"]:
            allow_note = allow_notes(m)
            print("   memory %s: %s -> %s%s" % (m["name"], mem_size(m), m["mapped_to"],
                                              allow_note), file=out)
        for i, p in enumerate(r["paths"], 1):
            if r.get("board") and i > 5:
                print("   path %d: %s" % (i, board_path_line(p)), file=out)
                continue
            lines = path_lines(p, "        ")
            print("   path %d: %s" % (i, lines[0]), file=out)
            for line in lines[1:]:
                print(line, file=out)
    for f in r["failures"]:
        print("   FAIL: %s" % f, file=out)
    for w in r["warnings"]:
        print("   warning: %s" % w, file=out)


def allow_notes(m):
    notes = ""
    if m.get("allowed"):
        notes += " (allowed in flip-flops: %s)" % m["allowed"]
    if m.get("async_allowed"):
        notes += " (allowed an asynchronous read: %s)" % m["async_allowed"]
    return notes


def mem_size(m):
    if not m["read_ports"] and not m["write_ports"]:
        return "%d words of up to %d bits, %d bits in flip-flops" % (
            m["words"], m["width"], m["bits"])
    ra = m.get("async_reads", 0)
    return "%d x %d = %d bits, %dR%s/%dW" % (
        m["words"], m["width"], m["bits"], m["read_ports"],
        " (%d asynchronous)" % ra if ra else "", m["write_ports"])


def status_of(r):
    if not r["failures"]:
        return "PASS"
    return "FAIL (report only)" if r["report_only"] else "FAIL"


def board_doc_lines(r, args):
    """The board section's preamble: how it was checked, what it holds."""
    g = r.get("glue_resources") or {}
    L = ["The board top is synthesized with every block listed above as a black box (its own",
         "logic and `rnic_top`'s flattened into it), and each black box is replaced in the",
         "timing graph by a port model taken from the block's own netlist: for every output",
         "bit the deepest path from a register inside, for every input bit the deepest path",
         "to a register inside, and for every input port the deepest path through the block",
         "to each output bit. A path is then traced across blocks from register to register,",
         "as one netlist of the whole board would show it, loops through blocks included.",
         "The resources are the board's own logic plus every block instance's.",
         "",
         "- own logic: %d LUT, %d FF, %d MUXF, %d CARRY" % (
             g.get("LUT", 0), g.get("FF", 0), g.get("MUXF", 0), g.get("CARRY", 0)),
         "- blocks: " + ", ".join("`%s` (%s)" % (c, l) for c, l in r.get("instances", [])),
         ""]
    return L


def write_doc(path, results, args, version):
    L = []
    L.append("# Synthesis check")
    L.append("")
    L.append("Generated by `scripts/synth.py` (`make synth`); do not edit by hand.")
    L.append("Each module is synthesized on its own, out of context, by %s with" % (
        version or "yosys"))
    if any(r.get("board") for r in results):
        L.append("`%s`, and its mapped netlist is checked (the board top last, with those" %
                 synth_command(args.widemux, args.uram))
        L.append("modules as black boxes and its paths traced across them through each one's")
        L.append("netlist):")
    else:
        L.append("`%s`, and its mapped netlist is checked:" % synth_command(args.widemux,
                                                                             args.uram))
    L.append("")
    L.append("- **depth**: the deepest combinational path in LUT levels, for each kind of")
    L.append("  path — register to register (r2r), input to register (i2r), register to")
    L.append("  output (r2o), input to output (i2o). A module's port paths continue in its")
    L.append("  neighbours, so they are held to the budget as well. MUXF7/F8/F9 and carry")
    L.append("  cells on a path are listed beside it, not counted as levels. Start points are")
    L.append("  flip-flops, block RAM, URAM, DSP, SRL and LUTRAM outputs and input ports. A")
    L.append("  LUTRAM's or SRL's asynchronous read counts as one LUT level (address to")
    L.append("  output), and its stored contents start a path one level deep.")
    L.append("- **budget**: %d LUT levels on every kind of path; no latch, no" %
             args.max_lut_levels)
    L.append("  combinational loop, no memory of %d bits or more in flip-flops unless" %
             args.mem_ff_bits)
    L.append("  `scripts/synth_allow.txt` lists it; no memory of %d bits or more read" %
             args.async_read_bits)
    L.append("  asynchronously (no register on a read port) unless")
    L.append("  `scripts/synth_async_allow.txt` lists it.")
    L.append("- yosys's ABC maps onto unit-delay LUTs of up to 9 inputs (two, four or")
    L.append("  eight LUT6 joined by MUXF7/F8/F9), so a 7- to 9-input function is one LUT")
    L.append("  level plus MUXFs. ABC minimises a module's deepest path and trades depth")
    L.append("  for area on the others, so a shorter path may come out a level deeper than")
    L.append("  it needs. Yosys 0.23 builds carry chains from CARRY4 cells even for")
    L.append("  UltraScale+ (counted under CARRY), and ABC does not optimise across them.")
    L.append("")
    L.append("Run times are printed by the script and kept in its summary JSON, not here,")
    L.append("so that a run on the same tree writes the same file.")
    L.append("")
    L.append("## Resources and depth")
    L.append("")
    L.append("| Module | Parameters | LUT | FF | RAMB36 | RAMB18 | LUTRAM | URAM | DSP | CARRY | "
             "MUXF | SRL | r2r | i2r | r2o | i2o | Result |")
    L.append("|---|---|" + "---:|" * 14 + "---|")
    for r in results:
        res = r.get("resources") or {}
        dep = r.get("depth") or {}
        cells = [str(res.get(k, 0)) if r.get("resources") is not None else "-" for k in (
            "LUT", "FF", "RAMB36", "RAMB18", "LUTRAM", "URAM", "DSP", "CARRY", "MUXF", "SRL")]
        depths = [fmt_depth(dep.get(k)) for k in PATH_KINDS]
        L.append("| %s | %s | %s | %s | %s |" % (r["module"], r["params"] or "-", " | ".join(cells),
                                                  " | ".join(depths), status_of(r)))
    L.append("")
    for r in results:
        L.append("## %s%s" % (r["module"], " (%s)" % r["params"] if r["params"] else ""))
        L.append("")
        bullets = ["- **fail**: %s" % f for f in r["failures"]]
        for m in r.get("memories", []):
            bullets.append("- memory `%s`: %s, mapped to %s%s" % (
                m["name"], mem_size(m), m["mapped_to"],
                allow_notes(m)))
        bullets += ["- warning: %s" % w.replace("`", "'") for w in r["warnings"]]
        if bullets:
            L.extend(bullets)
            L.append("")
        if r.get("board"):
            L.extend(board_doc_lines(r, args))
        if r.get("paths"):
            L.append("Deepest paths:")
            L.append("")
            L.append("```")
            for i, p in enumerate(r["paths"][:args.top_paths], 1):
                lines = path_lines(p, "   ")
                L.append("%d. %s" % (i, lines[0]))
                L.extend(lines[1:])
            L.append("```")
            L.append("")
        if r.get("board") and len(r.get("paths", [])) > args.top_paths:
            L.append("Every path listed, deepest first (LUT levels, kind, start -> blocks "
                     "passed through -> end; a block's levels at either end are counted in):")
            L.append("")
            L.append("```")
            L.extend(board_path_line(p) for p in r["paths"])
            L.append("```")
            L.append("")
        elif r.get("resources") is not None:
            L.append("No path through a LUT.")
            L.append("")
    text = "\n".join(L).rstrip("\n") + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# ---------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--module", action="append", default=[], metavar="NAME[:P=V,...]",
                    help="module to synthesize, with its parameter overrides (repeatable)")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                    help="parameter override for every module that declares it (repeatable)")
    ap.add_argument("--jobs", type=int, default=1, help="modules synthesized at once (default 1)")
    ap.add_argument("--timeout", type=int, default=3600,
                    help="seconds per module before yosys is stopped (0: none; default 3600)")
    ap.add_argument("--json-dir", default=os.path.join("build", "synth"),
                    help="directory for scripts, logs and netlists (default build/synth)")
    ap.add_argument("--max-lut-levels", type=int, default=8,
                    help="logic-depth budget in LUT levels (default 8)")
    ap.add_argument("--budget-paths", default=",".join(PATH_KINDS),
                    help="path kinds held to the budget (default all: %s)" % ",".join(PATH_KINDS))
    ap.add_argument("--mem-ff-bits", type=int, default=4096,
                    help="memories of this many bits or more must not fall to flip-flops")
    ap.add_argument("--allow", default=os.path.join("scripts", "synth_allow.txt"),
                    help="allowed memories in flip-flops: 'module memory reason' lines")
    ap.add_argument("--uram", action="store_true",
                    help="synth_xilinx -uram: large memories may map to URAM288")
    ap.add_argument("--async-read-bits", type=int, default=4096,
                    help="memories of this many bits or more must be read through a register")
    ap.add_argument("--allow-async", default=os.path.join("scripts", "synth_async_allow.txt"),
                    help="allowed memories read asynchronously: 'module memory reason' lines")
    ap.add_argument("--report-only", action="store_true",
                    help="report failures but exit 0")
    ap.add_argument("--report-only-module", action="append", default=[], metavar="NAME",
                    help="module (or label) whose failures are reported but do not fail the run")
    ap.add_argument("--write-doc", nargs="?", const=os.path.join("docs", "synthesis.md"),
                    metavar="PATH", help="write the Markdown report (default docs/synthesis.md)")
    ap.add_argument("--summary-json", metavar="PATH",
                    help="write every result, run times included (default <json-dir>/summary.json)")
    ap.add_argument("--top-paths", type=int, default=5, help="deepest paths listed per module")
    ap.add_argument("--rtl-dir", default=os.path.join("hw", "rtl"),
                    help="library directory: <module>.v is read from here (default hw/rtl)")
    ap.add_argument("--include-dir", action="append", default=None,
                    help="Verilog include directory (default hw/include)")
    ap.add_argument("--define", action="append", default=None,
                    help="Verilog define (default SYNTHESIS)")
    ap.add_argument("--read", action="append", default=[], metavar="FILE",
                    help="extra Verilog file read before the module's own")
    ap.add_argument("--widemux", type=int, default=0, metavar="N",
                    help="synth_xilinx -widemux N: hard MUXF7/F8 for muxes of N inputs or "
                    "more (default 0: off)")
    ap.add_argument("--reuse-netlists", action="store_true",
                    help="judge the netlists of the last run again, without yosys, when its "
                    "script and the sources it read are unchanged")
    ap.add_argument("--board", metavar="NAME[:P=V,...]",
                    help="after the modules, the board top: synthesized with every listed "
                    "module as a black box, its paths traced through those modules' netlists "
                    "(a port model of each, matched by parameters)")
    ap.add_argument("--board-depth-report-only", action="store_true",
                    help="the board's paths deeper than the budget are reported but do not "
                    "fail the run (its other checks still do)")
    ap.add_argument("--board-paths", type=int, default=60,
                    help="deepest board paths listed (default 60)")
    ap.add_argument("--yosys", default="yosys", help="yosys executable")
    ap.add_argument("--nice", type=int, default=10, help="niceness of yosys (default 10; 0: none)")
    ap.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.include_dir is None:
        args.include_dir = [os.path.join("hw", "include")]
    if args.define is None:
        args.define = ["SYNTHESIS"]
    args.budget_paths = [k for k in args.budget_paths.split(",") if k]
    for k in args.budget_paths:
        if k not in PATH_KINDS:
            ap.error("unknown path kind %r in --budget-paths" % k)
    if not args.module:
        ap.error("no module given (--module NAME[:PARAM=VALUE,...])")
    try:
        specs = [parse_spec(s) for s in args.module]
        globals_ = [parse_spec("x:" + p).params[0] for p in args.param]
    except (ValueError, IndexError) as e:
        ap.error(str(e))
    for spec in specs:
        path = os.path.join(args.root, args.rtl_dir, spec.name + ".v")
        if not os.path.exists(path):
            ap.error("no %s" % os.path.relpath(path, args.root))
        declared = module_parameters(path)
        given = {k for k, _ in spec.params}
        spec.params += [(k, v) for k, v in globals_ if k in declared and k not in given]
    board = None
    if args.board:
        try:
            board = parse_spec(args.board)
        except ValueError as e:
            ap.error(str(e))
        declared = module_parameters(os.path.join(args.root, args.rtl_dir, board.name + ".v"))
        given = {k for k, _ in board.params}
        board.params += [(k, v) for k, v in globals_ if k in declared and k not in given]
    labels = [s.label for s in specs]
    if len(set(labels)) != len(labels):
        ap.error("a module is listed twice with the same parameters")

    version = yosys_version(args.yosys)
    if version is None:
        print("synth: %s not found (apt-get install yosys)" % args.yosys, file=sys.stderr)
        return 2
    out_dir = os.path.join(args.root, args.json_dir) if not os.path.isabs(args.json_dir) \
        else args.json_dir
    os.makedirs(out_dir, exist_ok=True)
    allow = read_allow(os.path.join(args.root, args.allow) if not os.path.isabs(args.allow)
                       else args.allow)
    allow_async = read_allow(os.path.join(args.root, args.allow_async)
                             if not os.path.isabs(args.allow_async) else args.allow_async)

    print("synth: %s, %s, %d module(s), %d at a time" % (
        version, synth_command(args.widemux, args.uram), len(specs), args.jobs), flush=True)

    def one(spec):
        ok, seconds, paths, error = run_yosys(spec, args, out_dir)
        return judge(spec, args, allow, allow_async, ok, seconds, paths, error)

    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(one, s): s for s in specs}
        for fut in concurrent.futures.as_completed(futures):
            r = fut.result()
            results[r["label"]] = r
            print_result(r, args.max_lut_levels)
            sys.stdout.flush()
    ordered = [results[s.label] for s in specs]
    if board is not None:
        boxes = sorted({s.name for s in specs} - {board.name})
        ok, seconds, paths, error = run_yosys(board, args, out_dir, black_boxes=boxes)
        top_paths, args.top_paths = args.top_paths, args.board_paths
        r = judge(board, args, allow, allow_async, ok, seconds, paths, error,
                  board=(specs, results, out_dir))
        args.top_paths = top_paths
        r["board"] = True
        if args.board_depth_report_only and r["failures"] and \
                len(r["failures"]) == r.get("depth_failures", 0):
            r["report_only"] = True
        print_result(r, args.max_lut_levels)
        ordered.append(r)

    summary = args.summary_json or os.path.join(out_dir, "summary.json")
    with open(summary, "w", encoding="utf-8") as f:
        json.dump({"yosys": version, "synth": synth_command(args.widemux, args.uram),
                   "max_lut_levels": args.max_lut_levels, "results": ordered}, f, indent=1)
    if args.write_doc:
        doc = args.write_doc if os.path.isabs(args.write_doc) else os.path.join(args.root,
                                                                                args.write_doc)
        write_doc(doc, ordered, args, version)
        print("synth: wrote %s" % os.path.relpath(doc, args.root))

    print("")
    print("%-40s %6s %6s %4s %4s %4s %4s %8s  %s" % ("module", "LUT", "FF", "r2r", "i2r", "r2o",
                                                   "i2o", "seconds", "result"))
    failed = 0
    for r in ordered:
        res = r.get("resources") or {}
        dep = r.get("depth") or {}
        print("%-40s %6s %6s %4s %4s %4s %4s %8.1f  %s" % (
            r["label"], res.get("LUT", 0) if "resources" in r else "-",
            res.get("FF", 0) if "resources" in r else "-",
            *[fmt_depth(dep.get(k)) for k in PATH_KINDS], r["seconds"], status_of(r)))
        if r["failures"] and not r["report_only"]:
            failed += 1
    passed = sum(1 for r in ordered if not r["failures"])
    over = len(ordered) - passed - failed
    if over:
        print("synth: %d module(s) fail but are report-only" % over)
    print("synth: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
