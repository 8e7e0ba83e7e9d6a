#!/usr/bin/env bash
# Runs a verbs program against a freshly started rnic-sim, then checks the
# wire capture: tshark must decode every frame as RoCEv2 (BTH) with no
# malformed packet, and tests/tools/roce_check.py (written independently of
# the RTL) must find every ICRC valid.
#
# usage: run_cosim.sh SIM LIBDIR OUTDIR -- PROGRAM ARGS...
#   SIM     the rnic-sim binary
#   LIBDIR  directory holding the project's libibverbs.so.1
#   OUTDIR  scratch directory (sockets, sim.log, wire.pcap, with
#           COSIM_FAULT_CHECK=1 wire-rx.linkI.pcap); recreated
# The program finds the simulator's pid in RNIC_SIM_PID. With
# COSIM_SIM_DIES=1 the program kills the simulator itself, so its exit status
# and the (cut off) capture are not checked. With COSIM_NO_FRAMES=1 the
# program only queries the devices: the capture must be empty. With
# COSIM_PAYLOAD_PHASES=FILE the SEND messages of the capture must also be
# those FILE lists (tests/tools/send_payload_check.py), which the program
# writes. With COSIM_PERFTEST_RUNS=FILE (tests/cosim/perftest.sh's runs) the
# capture must hold what each perftest run reports, frame by frame
# (tests/tools/perftest_check.py). With COSIM_CM_CHECK="OPTIONS" the
# connection-manager exchanges and the data of the connections they set up
# are checked (tests/tools/cm_check.py OPTIONS, e.g. --established 4).
# With COSIM_FAULT_CHECK=1 the simulator also records the frames as each
# NIC received them (--pcap-rx: OUTDIR/wire-rx.linkI.pcap), and the counters
# it reports (the wire's fault counters and the RTL's retransmissions,
# NAKs, RNR NAKs, duplicates, ICRC drops) must be what the two captures show
# (tests/tools/fault_counters.py).
set -u
sim=$1 libdir=$2 out=$3
shift 3
[ "${1:-}" = "--" ] && shift
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$out"
mkdir -p "$out"
fault_check=0
[ "${COSIM_FAULT_CHECK:-0}" = 1 ] && fault_check=1
rx_args=()
[ $fault_check = 1 ] && rx_args=(--pcap-rx "$out/wire-rx.pcap")
# shellcheck disable=SC2086
"$sim" --dir "$out/sock" --pcap "$out/wire.pcap" "${rx_args[@]}" ${COSIM_SIM_ARGS:-} >"$out/sim.log" 2>&1 &
simpid=$!
for _ in $(seq 1 3000); do  # the sockets appear once the firmware is up
  [ -S "$out/sock/rnic0.sock" ] && [ -S "$out/sock/rnic1.sock" ] && break
  kill -0 $simpid 2>/dev/null || break
  sleep 0.1
done
if ! kill -0 $simpid 2>/dev/null; then
  cat "$out/sim.log"
  echo "run_cosim: rnic-sim did not start"
  exit 1
fi

RNIC_SIM_PID=$simpid RNIC_SIM_DIR="$out/sock" LD_LIBRARY_PATH="$libdir" timeout 3000 "$@"
rc=$?
kill -TERM $simpid 2>/dev/null
wait $simpid
simrc=$?
cat "$out/sim.log"
if [ $rc -ne 0 ]; then
  echo "run_cosim: $1 failed (exit $rc)"
  exit 1
fi
if [ "${COSIM_SIM_DIES:-0}" = 1 ]; then
  echo "run_cosim: PASS (the program ended the simulator; capture not checked)"
  exit 0
fi
if [ $simrc -ne 0 ]; then
  echo "run_cosim: rnic-sim exited with $simrc"
  exit 1
fi
if [ $fault_check = 1 ]; then
  if ! python3 "$here/../tools/fault_counters.py" "$out/sim.log" "$out/wire.pcap" "$out/wire-rx.pcap"; then
    echo "run_cosim: fault counters do not match"
    exit 1
  fi
fi
if [ "${COSIM_NO_FRAMES:-0}" = 1 ]; then
  check=$(python3 "$here/../tools/roce_check.py" "$out/wire.pcap")
  echo "$check"
  if ! echo "$check" | grep -q '^roce_check: 0 frames'; then
    echo "run_cosim: frames on the wire where none were expected"
    exit 1
  fi
  echo "run_cosim: PASS"
  exit 0
fi

# The independent ICRC check counts the frames; tshark must then decode every
# one of them as RoCEv2 with a BTH and nothing malformed or in error (one pass).
# COSIM_RAW_ETHERTYPE: EtherTypes of the raw frames the program sends
# (RAW_PACKET QPs); those are counted apart, every other frame is checked.
# COSIM_RAW_IPV4=1: IPv4 frames other than RoCEv2 (checksum offload and TSO
# on RAW_PACKET QPs) are counted apart too, their IPv4 and TCP/UDP checksums
# checked.
raw_ipv4=""
[ "${COSIM_RAW_IPV4:-0}" = 1 ] && raw_ipv4=--raw-ipv4
check=$(python3 "$here/../tools/roce_check.py" "$out/wire.pcap" ${COSIM_RAW_ETHERTYPE:+--raw-ethertype "$COSIM_RAW_ETHERTYPE"} $raw_ipv4)
crc=$?
echo "$check"
[ $crc -eq 0 ] || exit 1
frames=$(echo "$check" | sed -n 's/^roce_check: \([0-9]*\) frames.*/\1/p')
raw=$(echo "$check" | sed -n 's/^roce_check: .*, \([0-9]*\) raw$/\1/p')
frames=$((frames - ${raw:-0}))
# The payloads are opaque test bytes: turn off the heuristic sub-dissectors
# that guess an upper-layer protocol (RPC-over-RDMA, FCoIB, Ethernet over IB,
# ...) from payload bytes, so only the RoCEv2 headers themselves are judged.
heur=""
for h in eth_over_ib fc_infiniband sdp_infiniband iser_infiniband lnet_ib rpcrdma_infiniband \
         smb_direct_infiniband smcr_infiniband mellanox_eoib nvme_rdma; do
  heur="$heur --disable-heuristic $h"
done
# shellcheck disable=SC2086
good=$(tshark -r "$out/wire.pcap" $heur -Y 'infiniband.bth && !_ws.malformed && !(_ws.expert.severity == error)' 2>/dev/null | wc -l)
echo "run_cosim: tshark: $good of $frames frames decode as RoCEv2 (BTH) with nothing malformed"
if [ -z "$frames" ] || [ "$frames" -eq 0 ] || [ "$good" -ne "$frames" ]; then
  echo "run_cosim: the capture does not decode cleanly as RoCEv2"
  exit 1
fi
if [ -n "${COSIM_PAYLOAD_PHASES:-}" ]; then
  python3 "$here/../tools/send_payload_check.py" "$out/wire.pcap" --phases "$COSIM_PAYLOAD_PHASES" || exit 1
fi
if [ -n "${COSIM_CM_CHECK:-}" ]; then
  # shellcheck disable=SC2086
  python3 "$here/../tools/cm_check.py" "$out/wire.pcap" $COSIM_CM_CHECK || exit 1
fi
if [ -n "${COSIM_PERFTEST_RUNS:-}" ]; then
  python3 "$here/../tools/perftest_check.py" "$out/wire.pcap" "$COSIM_PERFTEST_RUNS" || exit 1
fi
echo "run_cosim: PASS"
