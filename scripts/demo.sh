#!/usr/bin/env bash
# The main job: two co-simulated NICs, the RC SEND benchmark through the verbs
# API, a results table in simulated time, the wire capture left for Wireshark.
set -euo pipefail
build=${1:-build}
out="$build/demo"
sim="$build/sim/rnic-sim"
[ -x "$sim" ] || { echo "demo: $sim is missing (the RTL top level is not built yet)"; exit 1; }
COSIM_SIM_ARGS="--start-clients 2" "$(dirname "$0")/../tests/cosim/run_cosim.sh" "$sim" "$build/host/verbs" "$out" -- "$build/tests/rc_bench" rnic0 rnic1
echo
echo "demo: wire capture for Wireshark: $out/wire.pcap"
