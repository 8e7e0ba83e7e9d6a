#!/usr/bin/env bash
# The main job: two co-simulated NICs, the RC SEND benchmark and the RAW_PACKET
# transmit offload benchmark (TSO, IP checksum offload) through the verbs API,
# results tables in simulated time, the wire captures left for Wireshark.
set -euo pipefail
build=${1:-build}
out="$build/demo"
sim="$build/sim/rnic-sim"
[ -x "$sim" ] || { echo "demo: $sim is missing (the RTL top level is not built yet)"; exit 1; }
COSIM_SIM_ARGS="--start-clients 2" "$(dirname "$0")/../tests/cosim/run_cosim.sh" "$sim" "$build/host/verbs" "$out" -- "$build/tests/rc_bench" rnic0 rnic1
echo
# Raw frames: every IPv4 frame that is not RoCEv2 has its checksums checked.
COSIM_SIM_ARGS="--start-clients 2" COSIM_RAW_IPV4=1 "$(dirname "$0")/../tests/cosim/run_cosim.sh" "$sim" "$build/host/verbs" "$out-raw" -- "$build/tests/raw_bench" rnic0 rnic1
echo
echo "demo: wire captures for Wireshark: $out/wire.pcap (RC SEND), $out-raw/wire.pcap (RAW_PACKET offload)"
