#!/usr/bin/env bash
# Determinism: runs the same verbs program twice against a fresh rnic-sim
# (through run_cosim.sh, so each run's capture is checked too) and requires
# the two runs to agree cycle for cycle: the simulated cycle count, every
# NIC and link counter the simulator prints, and the wire capture byte for
# byte (its timestamps are simulated time).
#
# usage: run_twice.sh SIM LIBDIR OUTDIR -- PROGRAM ARGS...
set -u
sim=$1 libdir=$2 out=$3
shift 3
[ "${1:-}" = "--" ] && shift
here=$(cd "$(dirname "$0")" && pwd)
# A client that computes for a while without a word to the simulator (rc_send
# checking its buffers) is set aside after --spin-ms of wall time, and then
# simulated time moves on without it: a wall-clock decision, so it cannot
# repeat. The program here never polls memory, so it is never set aside.
export COSIM_SIM_ARGS="${COSIM_SIM_ARGS:-} --spin-ms 600000"
rm -rf "$out"
mkdir -p "$out"
for r in 1 2; do
  "$here/run_cosim.sh" "$sim" "$libdir" "$out/run$r" -- "$@" >"$out/run$r.log" 2>&1
  rc=$?
  cat "$out/run$r.log"
  if [ $rc -ne 0 ]; then
    echo "run_twice: run $r failed"
    exit 1
  fi
  # What must repeat: the counters, without wall-clock figures.
  grep '^rnic-sim: ' "$out/run$r.log" | grep -v ' at /' |
    sed -e 's/ in [0-9.]* s wall, [0-9.]* M cycles\/s//' >"$out/run$r.counters"
done
echo "run_twice: run 1: $(head -1 "$out/run1.counters")"
echo "run_twice: run 2: $(head -1 "$out/run2.counters")"
if ! diff "$out/run1.counters" "$out/run2.counters"; then
  echo "run_twice: the simulator's counters differ between the runs"
  exit 1
fi
if ! cmp "$out/run1/wire.pcap" "$out/run2/wire.pcap"; then
  echo "run_twice: the wire captures differ between the runs"
  exit 1
fi
echo "run_twice: $(grep -c . "$out/run1.counters") counter lines equal, captures identical ($(stat -c %s "$out/run1/wire.pcap") bytes, $(md5sum <"$out/run1/wire.pcap" | cut -c1-32))"
echo "run_twice: PASS"
