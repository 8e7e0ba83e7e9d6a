#!/usr/bin/env bash
# Runs a verbs program against a freshly started rnic-sim, then checks the
# wire capture: tshark must decode every frame as RoCEv2 (BTH) with no
# malformed packet, and tests/tools/roce_check.py (written independently of
# the RTL) must find every ICRC valid.
#
# usage: run_cosim.sh SIM LIBDIR OUTDIR -- PROGRAM ARGS...
#   SIM     the rnic-sim binary
#   LIBDIR  directory holding the project's libibverbs.so.1
#   OUTDIR  scratch directory (sockets, sim.log, wire.pcap); recreated
set -u
sim=$1 libdir=$2 out=$3
shift 3
[ "${1:-}" = "--" ] && shift
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$out"
mkdir -p "$out"
"$sim" --dir "$out/sock" --pcap "$out/wire.pcap" >"$out/sim.log" 2>&1 &
simpid=$!
for _ in $(seq 1 600); do
  [ -S "$out/sock/rnic0.sock" ] && [ -S "$out/sock/rnic1.sock" ] && break
  kill -0 $simpid 2>/dev/null || break
  sleep 0.1
done
if ! kill -0 $simpid 2>/dev/null; then
  cat "$out/sim.log"
  echo "run_cosim: rnic-sim did not start"
  exit 1
fi

RNIC_SIM_DIR="$out/sock" LD_LIBRARY_PATH="$libdir" timeout 3000 "$@"
rc=$?
kill -TERM $simpid
wait $simpid
simrc=$?
cat "$out/sim.log"
if [ $rc -ne 0 ]; then
  echo "run_cosim: $1 failed (exit $rc)"
  exit 1
fi
if [ $simrc -ne 0 ]; then
  echo "run_cosim: rnic-sim exited with $simrc"
  exit 1
fi

frames=$(tshark -r "$out/wire.pcap" 2>/dev/null | wc -l)
bth=$(tshark -r "$out/wire.pcap" -Y 'infiniband.bth' 2>/dev/null | wc -l)
bad=$(tshark -r "$out/wire.pcap" -Y '_ws.malformed || _ws.expert.severity == error' 2>/dev/null | wc -l)
echo "run_cosim: tshark: $frames frames, $bth with a BTH, $bad malformed or in error"
if [ "$frames" -eq 0 ] || [ "$bth" -ne "$frames" ] || [ "$bad" -ne 0 ]; then
  echo "run_cosim: the capture does not decode cleanly as RoCEv2"
  exit 1
fi
python3 "$here/../tools/roce_check.py" "$out/wire.pcap" || exit 1
echo "run_cosim: PASS"
