#!/usr/bin/env python3
"""Self-test of scripts/synth.py, the synthesis check behind `make synth`.

Two parts:
  * NetlistModel: hand-made netlists in yosys's JSON form, checked without
    yosys: how LUT levels are counted through carry chains and LUTRAM reads,
    loop finding, names;
  * YosysRun: the small designs beside this file synthesized by yosys (about
    half a minute, one yosys at a time): known XOR and multiplexer depths, a
    latch, a combinational loop, memories that map and one that does not, an
    array turned into registers, an initial value; then the same netlists
    judged again with a lower budget, an allow list and --report-only.

Run: python3 tests/synth/test_synth.py  (needs yosys; exits non-zero on a
failure).
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(ROOT, "scripts", "synth.py")

_spec = importlib.util.spec_from_file_location("synth", SCRIPT)
synth = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(synth)


# ---------------------------------------------------------------------------
# hand-made netlists

class NetlistBuilder:
    """A flat yosys JSON module: ports and cells over integer bits."""

    def __init__(self):
        self.ports = {}
        self.cells = {}
        self.netnames = {}
        self.next_bit = 2

    def bits(self, n=1):
        out = list(range(self.next_bit, self.next_bit + n))
        self.next_bit += n
        return out

    def port(self, name, direction, bits):
        self.ports[name] = {"direction": direction, "bits": bits}
        self.netnames[name] = {"hide_name": 0, "bits": bits}

    def name(self, name, bits):
        self.netnames[name] = {"hide_name": 0, "bits": bits}

    def cell(self, name, ctype, conns, dirs, params=None):
        self.cells[name] = {"hide_name": 0, "type": ctype, "parameters": params or {},
                            "attributes": {}, "port_directions": dirs, "connections": conns}

    def lut(self, name, inputs, out):
        conns = {"I%d" % i: [b] for i, b in enumerate(inputs)}
        conns["O"] = [out]
        dirs = {p: "input" for p in conns}
        dirs["O"] = "output"
        self.cell(name, "LUT%d" % len(inputs), conns, dirs)

    def ff(self, name, d, q, clk):
        self.cell(name, "FDRE", {"C": [clk], "CE": ["1"], "R": ["0"], "D": [d], "Q": [q]},
                  {"C": "input", "CE": "input", "R": "input", "D": "input", "Q": "output"},
                  {"INIT": "x"})

    def netlist(self):
        data = {"modules": {"top": {"attributes": {"top": "1"}, "ports": self.ports,
                                    "cells": self.cells, "netnames": self.netnames}}}
        return synth.Netlist(json.loads(json.dumps(data)), "top")


class NetlistModel(unittest.TestCase):

    def test_lut_chain_counts_each_lut(self):
        b = NetlistBuilder()
        clk, = b.bits()
        b.port("clk", "input", [clk])
        q0, l1, l2, l3 = b.bits(4)
        b.name("start_reg", [q0])
        b.ff("start", b.bits()[0], q0, clk)
        b.lut("a", [q0], l1)
        b.lut("b", [l1, q0], l2)
        b.lut("c", [l2], l3)
        q1, = b.bits()
        b.name("end_reg", [q1])
        b.ff("end", l3, q1, clk)
        ana = synth.analyse_netlist(b.netlist())
        self.assertEqual(ana["depth"]["reg2reg"], 3)
        path = ana["paths"][0]
        self.assertEqual(path["start"]["net"], "start_reg")
        self.assertEqual(path["end"]["net"], "end_reg")
        self.assertEqual([s["type"] for s in path["through"]], ["LUT1", "LUT2", "LUT1"])

    def test_carry_chain_is_bit_by_bit(self):
        # S[3] comes through two LUTs; O[0] must not see it, O[3] must
        b = NetlistBuilder()
        clk, = b.bits()
        q, l1, l2 = b.bits(3)
        b.ff("src", b.bits()[0], q, clk)
        b.lut("a", [q], l1)
        b.lut("b", [l1], l2)
        o = b.bits(4)
        co = b.bits(4)
        b.cell("carry", "CARRY4",
               {"CI": ["0"], "CYINIT": ["0"], "DI": ["0"] * 4, "S": ["0", "0", "0", l2],
                "O": o, "CO": co},
               {"CI": "input", "CYINIT": "input", "DI": "input", "S": "input",
                "O": "output", "CO": "output"})
        q_low, q_high = b.bits(2)
        b.name("low_reg", [q_low])
        b.name("high_reg", [q_high])
        b.ff("low", o[0], q_low, clk)
        b.ff("high", o[3], q_high, clk)
        ana = synth.analyse_netlist(b.netlist(), top_paths=10)
        ends = {p["end"]["net"]: p for p in ana["paths"]}
        self.assertNotIn("low_reg", ends)
        self.assertEqual(ends["high_reg"]["luts"], 2)
        self.assertEqual(ends["high_reg"]["carry"], 1)

    def test_lutram_read_is_one_level(self):
        # address register -> LUT -> RAM64M read -> LUT -> register: three
        # levels; the write side ends paths at the RAM
        b = NetlistBuilder()
        clk, = b.bits()
        qa, la = b.bits(2)
        b.name("addr_reg", [qa])
        b.ff("addr", b.bits()[0], qa, clk)
        b.lut("a", [qa], la)
        do = {p: b.bits()[0] for p in "ABCD"}
        conns = {"ADDR%s" % p: [la, "0", "0", "0", "0", "0"] for p in "ABCD"}
        conns.update({"DI%s" % p: ["0"] for p in "ABCD"})
        conns.update({"DO%s" % p: [do[p]] for p in "ABCD"})
        conns.update({"WE": ["1"], "WCLK": [clk]})
        dirs = {p: ("output" if p.startswith("DO") else "input") for p in conns}
        b.cell("table.0.0", "RAM64M", conns, dirs)
        lo, q = b.bits(2)
        b.lut("b", [do["A"]], lo)
        b.name("out_reg", [q])
        b.ff("out", lo, q, clk)
        ana = synth.analyse_netlist(b.netlist())
        self.assertEqual(ana["resources"]["LUTRAM"], 4)
        self.assertEqual(ana["depth"]["reg2reg"], 3)
        path = ana["paths"][0]
        self.assertEqual(path["start"]["net"], "addr_reg")
        self.assertIn("RAM64M", [s["type"] for s in path["through"]])

    def test_loop_is_found(self):
        b = NetlistBuilder()
        x, = b.bits()
        b.port("x", "input", [x])
        a, c = b.bits(2)
        b.name("a", [a])
        b.name("c", [c])
        b.lut("l1", [x, c], a)
        b.lut("l2", [a], c)
        b.port("q", "output", [a])
        ana = synth.analyse_netlist(b.netlist())
        self.assertEqual(len(ana["loops"]), 1)
        self.assertEqual(ana["loops"][0]["nets"], ["a", "c"])

    def test_no_loop_in_a_tree(self):
        b = NetlistBuilder()
        x, y = b.bits(2)
        b.port("x", "input", [x])
        b.port("y", "input", [y])
        a, = b.bits()
        b.lut("l", [x, y], a)
        b.port("q", "output", [a])
        ana = synth.analyse_netlist(b.netlist())
        self.assertEqual(ana["loops"], [])
        self.assertEqual(ana["depth"]["in2out"], 1)

    def test_hidden_names(self):
        self.assertEqual(synth.hidden_name("$0\\cnt_reg[3:0]", 2), ("cnt_reg[2] (next)", 4))
        self.assertEqual(synth.hidden_name("$eq$hw/rtl/rnic_x.v:12$5_Y", 0),
                         ("$eq at rnic_x.v:12", 3))
        self.assertEqual(synth.hidden_name("$abc$123$auto$blifparse.cc:525$7", 0)[0], None)

    def test_module_specs(self):
        spec = synth.parse_spec("rnic_crc32:DATA_W=64,USER_W=2")
        self.assertEqual(spec.name, "rnic_crc32")
        self.assertEqual(spec.params, [("DATA_W", "64"), ("USER_W", "2")])
        self.assertEqual(spec.label, "rnic_crc32-DATA_W64-USER_W2")
        with self.assertRaises(ValueError):
            synth.parse_spec("rnic_crc32:DATA_W")
        self.assertEqual(synth.module_parameters(os.path.join(HERE, "synth_test_xor.v")), {"N"})

    def test_allow_patterns(self):
        entries = [("rnic_resp*", "u_*.mem", "all words read at once")]
        self.assertEqual(synth.allowed(entries, "rnic_resp", "rnic_resp", "u_fifo.mem"),
                         "all words read at once")
        self.assertIsNone(synth.allowed(entries, "rnic_req", "rnic_req", "u_fifo.mem"))


# ---------------------------------------------------------------------------
# yosys on the designs beside this file

MODULES = ["synth_test_xor:N=7", "synth_test_xor:N=10", "synth_test_xor:N=82",
           "synth_test_mux64", "synth_test_latch", "synth_test_loop", "synth_test_mem",
           "synth_test_regs", "synth_test_display", "synth_test_finish"]


def run_script(tmp, modules, *extra):
    """synth.py on the designs here; (process, {label: result})."""
    cmd = [sys.executable, SCRIPT, "--rtl-dir", "tests/synth", "--include-dir", "tests/synth",
           "--json-dir", os.path.join(tmp, "netlists"),
           "--summary-json", os.path.join(tmp, "summary.json")]
    for m in modules:
        cmd += ["--module", m]
    proc = subprocess.run(cmd + list(extra), cwd=ROOT, capture_output=True, text=True)
    with open(os.path.join(tmp, "summary.json")) as f:
        results = {r["label"]: r for r in json.load(f)["results"]}
    return proc, results


def run_synth(tmp, *extra):
    return run_script(tmp, MODULES, "--mem-ff-bits", "256",
                      "--allow", os.path.join(tmp, "none.txt"),
                      "--allow-async", os.path.join(tmp, "none.txt"), "--top-paths", "8", *extra)


class YosysRun(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        if shutil.which("yosys") is None:
            raise RuntimeError("yosys not found: scripts/setup.sh installs it")
        cls.tmp = tempfile.mkdtemp(prefix="synth_selftest_")
        cls.proc, cls.results = run_synth(cls.tmp)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def rerun(self, *extra):
        return run_synth(self.tmp, "--reuse-netlists", *extra)

    def test_every_module_synthesized(self):
        for label, r in self.results.items():
            if label != "synth_test_finish":
                self.assertEqual(r["errors"], [], label)

    def test_failing_designs_fail_the_run(self):
        self.assertEqual(self.proc.returncode, 1, self.proc.stdout + self.proc.stderr)
        self.assertIn("synth: 5 passed, 5 failed", self.proc.stdout)

    def test_display_outside_the_guard_is_a_warning(self):
        r = self.results["synth_test_display"]
        self.assertEqual(r["failures"], [])
        self.assertEqual(len(r["warnings"]), 1, r["warnings"])
        self.assertIn("$display called at tests/synth/synth_test_display.v:15",
                      r["warnings"][0])

    def test_finish_outside_the_guard_fails(self):
        r = self.results["synth_test_finish"]
        self.assertEqual(len(r["failures"]), 1)
        self.assertIn("System task `$finish' outside initial block", r["failures"][0])
        self.assertIn("$finish called at tests/synth/synth_test_finish.v:14", r["failures"][0])

    def test_xor7_is_one_lut_level_and_a_muxf7(self):
        r = self.results["synth_test_xor-N7"]
        self.assertEqual(r["depth"]["reg2reg"], 1)
        self.assertEqual(r["paths"][0]["muxf"], 1)
        self.assertEqual(r["paths"][0]["end"]["net"], "x_reg")
        self.assertEqual(r["failures"], [])

    def test_xor_depth_grows_with_width(self):
        self.assertEqual(self.results["synth_test_xor-N10"]["depth"]["reg2reg"], 2)
        self.assertEqual(self.results["synth_test_xor-N82"]["depth"]["reg2reg"], 3)
        # the register in front of the XOR is the only input path
        self.assertEqual(self.results["synth_test_xor-N82"]["depth"]["in2reg"], 0)

    def test_mux64_depth(self):
        # a LUT6 is a 4:1 mux; without -widemux yosys 0.23 builds 64:1 from
        # three levels of them, with one MUXF7
        r = self.results["synth_test_mux64"]
        self.assertEqual(r["depth"]["reg2reg"], 3)
        self.assertEqual(r["paths"][0]["end"]["net"], "q_reg")
        self.assertIn(r["paths"][0]["start"]["net"].split("[")[0], ("sel_reg", "data_reg"))

    def test_latch_fails(self):
        r = self.results["synth_test_latch"]
        self.assertEqual(len(r["failures"]), 1)
        self.assertIn("latch (4 cells): q from the process at "
                      "tests/synth/synth_test_latch.v:11", r["failures"][0])

    def test_loop_fails(self):
        r = self.results["synth_test_loop"]
        self.assertTrue(any(f.startswith("combinational loop through") for f in r["failures"]),
                        r["failures"])
        self.assertIn("a", r["loops"][0]["nets"])

    def test_memories_are_listed_with_their_mapping(self):
        mems = {m["name"]: m for m in self.results["synth_test_mem"]["memories"]}
        self.assertEqual(mems["block_mem"]["mapped_to"], "block RAM")
        self.assertEqual(mems["block_mem"]["bits"], 512 * 32)
        self.assertEqual(mems["table_mem"]["mapped_to"], "LUTRAM")
        self.assertEqual(mems["flop_mem"]["mapped_to"], "FF")
        self.assertEqual(mems["flop_mem"]["bits"], 16 * 24)
        self.assertEqual(mems["reset_mem"]["bits"], 64)
        res = self.results["synth_test_mem"]["resources"]
        self.assertEqual(res.get("RAMB18", 0) + 2 * res.get("RAMB36", 0), 1)
        self.assertGreater(res["LUTRAM"], 0)

    def test_asynchronous_reads_are_counted(self):
        mems = {m["name"]: m for m in self.results["synth_test_mem"]["memories"]}
        self.assertEqual(mems["async_mem"]["async_reads"], 1)
        self.assertEqual(mems["async_mem"]["mapped_to"], "LUTRAM")
        # a read whose address is registered is a synchronous port
        self.assertEqual(mems["table_mem"]["async_reads"], 0)
        self.assertEqual(mems["block_mem"]["async_reads"], 0)

    def test_large_memory_read_asynchronously_fails(self):
        proc, results = self.rerun("--async-read-bits", "1024")
        failures = results["synth_test_mem"]["failures"]
        self.assertIn("memory async_mem (64 x 16 = 1024 bits, 1R (1 asynchronous)/1W) read "
                      "asynchronously at tests/synth/synth_test_mem.v:50.12-50.21", failures)
        self.assertFalse([f for f in failures if f.startswith("memory table_mem")], failures)
        self.assertEqual(proc.returncode, 1)
        allow = os.path.join(self.tmp, "allow_async.txt")
        with open(allow, "w") as f:
            f.write("synth_test_mem async_mem  read in the same cycle as its address\n")
        proc, results = self.rerun("--async-read-bits", "1024", "--allow-async", allow)
        r = results["synth_test_mem"]
        self.assertFalse([f for f in r["failures"] if "asynchronously" in f], r["failures"])
        mems = {m["name"]: m for m in r["memories"]}
        self.assertEqual(mems["async_mem"]["async_allowed"], "read in the same cycle as its address")

    def test_memory_in_flip_flops_fails(self):
        failures = self.results["synth_test_mem"]["failures"]
        self.assertEqual(len(failures), 1, failures)
        self.assertTrue(failures[0].startswith("memory flop_mem (16 x 24 = 384 bits"), failures)

    def test_path_through_lutram_read_counts(self):
        paths = self.results["synth_test_mem"]["paths"]
        through = [p for p in paths if p["end"]["net"] == "table_out"]
        self.assertTrue(through, [p["end"]["net"] for p in paths])
        self.assertGreaterEqual(through[0]["lutram"], 1)

    def test_initial_value_is_a_warning(self):
        warnings = self.results["synth_test_mem"]["warnings"]
        self.assertTrue(any("count_reg[3:0] = 0101" in w for w in warnings), warnings)

    def test_array_turned_into_registers(self):
        r = self.results["synth_test_regs"]
        mems = {m["name"]: m for m in r["memories"]}
        self.assertTrue(mems["shift_mem"]["mapped_to"].startswith("FF"))
        self.assertGreaterEqual(mems["shift_mem"]["bits"], 256)
        self.assertTrue(any("Replacing memory \\shift_mem" in w for w in r["warnings"]))
        self.assertTrue(any(f.startswith("memory shift_mem") for f in r["failures"]))

    def test_budget_and_allow_list(self):
        allow = os.path.join(self.tmp, "allow.txt")
        with open(allow, "w") as f:
            f.write("# test\nsynth_test_regs shift_mem  a shift register, read at any tap\n")
        proc, results = self.rerun("--max-lut-levels", "2", "--allow", allow)
        self.assertEqual(results["synth_test_regs"]["failures"], [])
        self.assertEqual(results["synth_test_xor-N10"]["failures"], [])
        self.assertEqual(results["synth_test_xor-N82"]["failures"],
                         ["reg2reg path of 3 LUT levels (budget 2)"])
        self.assertEqual(proc.returncode, 1)

    def test_report_only(self):
        proc, results = self.rerun("--report-only")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("FAIL (report only)", proc.stdout)
        proc, results = self.rerun("--report-only-module", "synth_test_latch",
                                   "--report-only-module", "synth_test_loop",
                                   "--report-only-module", "synth_test_mem",
                                   "--report-only-module", "synth_test_regs",
                                   "--report-only-module", "synth_test_finish")
        self.assertEqual(proc.returncode, 0, proc.stdout)

    def test_doc_is_the_same_on_a_rerun(self):
        docs = []
        for i in range(2):
            doc = os.path.join(self.tmp, "doc%d.md" % i)
            self.rerun("--write-doc", doc)
            with open(doc) as f:
                docs.append(f.read())
        self.assertEqual(docs[0], docs[1])
        self.assertIn("| synth_test_xor | N=82 |", docs[0])
        self.assertNotIn(" s)", docs[0])


def run_board(tmp, modules, board, *extra):
    return run_script(tmp, modules, "--board", board, *extra)


class BoardRun(unittest.TestCase):
    """--board: a top with its blocks as black boxes, its paths traced
    through the blocks' own netlists (synth_test_board, _tap, _sink)."""

    MODS = ["synth_test_tap", "synth_test_tap:N=12", "synth_test_sink"]

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="synth_board_selftest_")
        cls.proc, cls.results = run_board(cls.tmp, cls.MODS, "synth_test_board")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_blocks_and_board(self):
        self.assertEqual(self.proc.returncode, 0, self.proc.stdout + self.proc.stderr)
        tap, sink = self.results["synth_test_tap"], self.results["synth_test_sink"]
        self.assertEqual(tap["depth"]["reg2out"], 2)
        self.assertEqual(sink["depth"]["in2reg"], 2)
        self.assertEqual(sink["depth"]["in2out"], 1)
        r = self.results["synth_test_board"]
        self.assertEqual(r["failures"], [])
        self.assertEqual(sorted(r["instances"]), [["sink_inst", "synth_test_sink"],
                                                  ["tap2_inst", "synth_test_tap-N12"],
                                                  ["tap_inst", "synth_test_tap"]])
        # across both blocks: 2 in the tap, the board's LUT, 2 in the sink
        self.assertEqual(r["depth"]["reg2reg"], 5)
        self.assertEqual(r["depth"]["in2reg"], 3)
        p = r["paths"][0]
        self.assertEqual((p["kind"], p["luts"], p["inside_start"], p["inside_end"]),
                         ("reg2reg", 5, 2, 2))
        self.assertEqual(p["start"]["cell"], "tap_inst")
        self.assertEqual(p["end"]["cell"], "sink_inst")
        self.assertEqual(p["end"]["pin"], "x")
        # the second tap through the sink to the board's output
        self.assertEqual(r["depth"]["reg2out"], 3)
        # the board's resources are its own and its blocks'
        self.assertEqual(r["glue_resources"].get("FF", 0), 0)
        self.assertEqual(r["resources"]["FF"], 33)

    def test_budget_holds_across_blocks(self):
        # each block is within 4 levels, the path across them is not
        proc, results = run_board(self.tmp, self.MODS, "synth_test_board", "--reuse-netlists",
                                  "--max-lut-levels", "4")
        self.assertEqual(results["synth_test_tap"]["failures"], [])
        self.assertEqual(results["synth_test_sink"]["failures"], [])
        self.assertEqual(results["synth_test_board"]["failures"],
                         ["reg2reg path of 5 LUT levels (budget 4)"])
        self.assertEqual(proc.returncode, 1)

    def test_loop_through_a_block(self):
        proc, results = run_board(self.tmp, self.MODS, "synth_test_board:LOOP=1",
                                  "--reuse-netlists")
        r = results["synth_test_board-LOOP1"]
        self.assertTrue(any(f.startswith("combinational loop through") for f in r["failures"]),
                        r["failures"])
        self.assertEqual(proc.returncode, 1)

    def test_no_loop_through_a_bit_that_goes_nowhere(self):
        # the sink's a[1] reaches no output: b fed back into it is no loop
        proc, results = run_board(self.tmp, self.MODS, "synth_test_board:LOOP=2",
                                  "--reuse-netlists")
        self.assertEqual(results["synth_test_board-LOOP2"]["failures"], [])
        self.assertEqual(proc.returncode, 0, proc.stdout)

    def test_block_without_a_matching_run(self):
        proc, results = run_board(self.tmp, ["synth_test_tap:N=13", "synth_test_tap:N=20",
                                             "synth_test_sink"],
                                  "synth_test_board", "--reuse-netlists")
        r = results["synth_test_board"]
        # N=20 is the default: that run stands for tap_inst; none for tap2
        self.assertEqual(r["failures"], ["tap2_inst (synth_test_tap): no module run with its "
                                         "parameters (add --module synth_test_tap:N=12)"])
        self.assertIn(["tap_inst", "synth_test_tap-N20"], r["instances"])
        self.assertEqual(proc.returncode, 1)

    def test_derived_parameters(self):
        path = os.path.join(self.tmp, "derived.v")
        with open(path, "w") as f:
            f.write("module m #(parameter A = 4, parameter B = A * 2, // C = A\n"
                    "  parameter [3:0] C = `W + 1, parameter D = $clog2(16),\n"
                    "  parameter E = (A > 2) ? 8'd3 : 'hF) ();\nendmodule\n")
        self.assertEqual(synth.derived_parameters(path), {"B", "E"})
        # a derived parameter one side sets and the other leaves: no match
        self.assertFalse(synth.same_elaboration({"A": 4}, {"A": 4, "B": 8}, {"A": 4, "B": 8},
                                                {"B"}))
        self.assertTrue(synth.same_elaboration({"A": 4, "B": 8}, {"B": 8}, {"A": 4, "B": 8},
                                               {"B"}))
        self.assertFalse(synth.same_elaboration({"A": 5}, {}, {"A": 4}, set()))
        self.assertEqual(synth.json_param("10"), 2)
        self.assertEqual(synth.json_param("00000000000000000000000000010100"), 20)


if __name__ == "__main__":
    unittest.main(verbosity=2)
