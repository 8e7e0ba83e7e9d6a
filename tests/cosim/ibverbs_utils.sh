#!/usr/bin/env bash
# Debian's ibverbs-utils, unmodified, between the two NICs of one rnic-sim:
# run by run_cosim.sh (which sets RNIC_SIM_DIR and LD_LIBRARY_PATH to this
# project's libibverbs.so.1, stops the simulator and checks the capture).
#
# usage: ibverbs_utils.sh OUTDIR SET
#   devinfo  ibv_devices and ibv_devinfo (-l, default, -v, -d): both devices,
#            transport, link layer, port state and MTU, GID 0 = the NIC's
#            IPv4-mapped RoCEv2 address (192.0.2.(i+1) for NIC i)
#   rc uc ud srq xsrq
#            ibv_<SET>_pingpong: a server on rnic1 and a client on rnic0 over
#            127.0.0.1, for each line of the matrix below (sizes, iteration
#            counts, MTUs, events, the ibv_wr_* API), always with -g 0 and
#            -c (buffer validation) where the program has it. Both must exit
#            0 and print their result lines, and neither may report invalid
#            data. The SEND messages each run must put on the wire are
#            appended to OUTDIR/phases for send_payload_check.py.
#
# Prints one line per run with its wall time. Exits non-zero on the first
# failure, after printing both programs' output.
set -u
out=$1 set=$2
phases=$out/phases
: >"$phases"

fail() {
  echo "ibverbs_utils: FAIL: $*"
  exit 1
}

# A TCP port nobody listens on now (the kernel picks it).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Is some socket listening on TCP port $1? (/proc/net/tcp{,6}: local
# address ADDR:PORT in hex, state 0A = LISTEN.) Not a probe connection: the
# pingpong servers accept exactly one.
listening() {
  local hex
  hex=$(printf '%04X' "$1")
  awk -v p=":$hex" 'NR > 1 && $4 == "0A" && substr($2, length($2) - 4) == p { found = 1 }
                    END { exit !found }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# run_pair UTIL PHASE OPTIONS...: server on rnic1, client on rnic0.
# PHASE is what send_payload_check expects of the run (COUNT:SIZE:PATTERN).
run_pair() {
  local util=$1 phase=$2
  shift 2
  local port srv cli spid t0 t1 src crc i
  port=$(free_port)
  srv=$out/$util.$port.server
  cli=$out/$util.$port.client
  timeout 300 "$util" -d rnic1 -p "$port" "$@" >"$srv" 2>&1 &
  spid=$!
  # the client connects once the server listens (it sets up its QPs first)
  for i in $(seq 1 600); do
    listening "$port" && break
    kill -0 $spid 2>/dev/null || break
    sleep 0.05
  done
  t0=$(date +%s.%N)
  timeout 300 "$util" -d rnic0 -p "$port" "$@" 127.0.0.1 >"$cli" 2>&1
  crc=$?
  wait $spid
  src=$?
  t1=$(date +%s.%N)
  printf 'ibverbs_utils: %-18s %-34s server %d client %d, %5.2f s wall\n' \
    "$util" "$*" $src $crc "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
  if [ $src -ne 0 ] || [ $crc -ne 0 ] || ! result_ok "$util" "$srv" || ! result_ok "$util" "$cli"; then
    echo "--- server ($util -d rnic1 -p $port $*):"
    cat "$srv"
    echo "--- client ($util -d rnic0 -p $port $* 127.0.0.1):"
    cat "$cli"
    fail "$util $*"
  fi
  echo "$phase" >>"$phases"
}

# The result lines a run must print: the pingpongs' byte and iteration
# lines (ibv_xsrq_pingpong: "success"), no "invalid data" (-c).
result_ok() {
  if grep -q "invalid data" "$2"; then
    return 1
  fi
  if [ "$1" = ibv_xsrq_pingpong ]; then
    grep -q '^success$' "$2"
  else
    grep -Eq '^[0-9]+ bytes in [0-9.]+ seconds = [0-9.]+ Mbit/sec$' "$2" &&
      grep -Eq '^[0-9]+ iters in [0-9.]+ seconds = [0-9.]+ usec/iter$' "$2"
  fi
}

# expect FILE PATTERN...: every extended regular expression must match a line.
expect() {
  local f=$1 re
  shift
  for re in "$@"; do
    grep -Eq -- "$re" "$f" || { cat "$f"; fail "no line matching '$re' in $(basename "$f")"; }
  done
}

case $set in
devinfo)
  ibv_devices >"$out/devices" 2>&1 || { cat "$out/devices"; fail "ibv_devices"; }
  cat "$out/devices"
  expect "$out/devices" '^[[:space:]]+rnic0[[:space:]]+[0-9a-f]{16}$' '^[[:space:]]+rnic1[[:space:]]+[0-9a-f]{16}$'
  ibv_devinfo -l >"$out/devinfo-l" 2>&1 || { cat "$out/devinfo-l"; fail "ibv_devinfo -l"; }
  expect "$out/devinfo-l" '^2 HCAs found:$' '^[[:space:]]+rnic0$' '^[[:space:]]+rnic1$'
  ibv_devinfo >"$out/devinfo" 2>&1 || { cat "$out/devinfo"; fail "ibv_devinfo"; }
  expect "$out/devinfo" '^hca_id:[[:space:]]+rnic0$' '^hca_id:[[:space:]]+rnic1$'
  ibv_devinfo -v >"$out/devinfo-v" 2>&1 || { cat "$out/devinfo-v"; fail "ibv_devinfo -v"; }
  for i in 0 1; do
    # this device's section of the verbose output
    awk -v d="rnic$i" '/^hca_id:/ { on = ($2 == d) } on' "$out/devinfo-v" >"$out/devinfo-v.rnic$i"
    expect "$out/devinfo-v.rnic$i" \
      "^hca_id:[[:space:]]+rnic$i\$" \
      '^[[:space:]]+transport:[[:space:]]+InfiniBand \(0\)$' \
      '^[[:space:]]+phys_port_cnt:[[:space:]]+1$' \
      '^[[:space:]]+port:[[:space:]]+1$' \
      '^[[:space:]]+state:[[:space:]]+PORT_ACTIVE \(4\)$' \
      '^[[:space:]]+active_mtu:[[:space:]]+4096 \(5\)$' \
      '^[[:space:]]+link_layer:[[:space:]]+Ethernet$' \
      '^[[:space:]]+gid_tbl_len:[[:space:]]+[1-9][0-9]*$' \
      "^[[:space:]]+GID\\[  0\\]:[[:space:]]+::ffff:192\\.0\\.2\\.$((i + 1)), RoCE v2\$"
    echo "ibverbs_utils: ibv_devinfo -v rnic$i: $(grep -E 'transport:|link_layer:|GID\[' "$out/devinfo-v.rnic$i" | tr -s '\t ' ' ' | paste -sd ';')"
  done
  ibv_devinfo -d rnic1 -i 1 >"$out/devinfo-d" 2>&1 || { cat "$out/devinfo-d"; fail "ibv_devinfo -d rnic1 -i 1"; }
  expect "$out/devinfo-d" '^hca_id:[[:space:]]+rnic1$'
  if grep -q rnic0 "$out/devinfo-d"; then fail "ibv_devinfo -d rnic1 shows rnic0"; fi
  ;;
rc)
  # -s 1 travels inline (max_inline_data >= size); 64 KiB is 16 to 64 packets
  run_pair ibv_rc_pingpong 400:1:pingpong -g 0 -c -s 1 -n 200
  run_pair ibv_rc_pingpong 200:4096:pingpong -g 0 -c -s 4096 -n 100
  run_pair ibv_rc_pingpong 80:65536:pingpong -g 0 -c -s 65536 -n 40 -m 4096
  run_pair ibv_rc_pingpong 40:65536:pingpong -g 0 -c -s 65536 -n 20 -m 1024
  run_pair ibv_rc_pingpong 100:8192:pingpong -g 0 -c -s 8192 -n 50 -e
  # the ibv_wr_* API (ibv_create_qp_ex with send_ops_flags, ibv_qp_to_qp_ex)
  run_pair ibv_rc_pingpong 200:100:pingpong -g 0 -c -s 100 -n 100 -N
  run_pair ibv_rc_pingpong 60:20000:pingpong -g 0 -c -s 20000 -n 30 -N -e -m 2048
  ;;
uc)
  run_pair ibv_uc_pingpong 200:1:pingpong -g 0 -c -s 1 -n 100
  run_pair ibv_uc_pingpong 200:4096:pingpong -g 0 -c -s 4096 -n 100 -m 4096
  run_pair ibv_uc_pingpong 40:65536:pingpong -g 0 -c -s 65536 -n 20 -m 1024 -e
  ;;
ud)
  # a UD message fits the path MTU (active_mtu 4096); -s excludes the
  # 40-byte GRH the receive buffers hold ahead of it
  run_pair ibv_ud_pingpong 200:1:pingpong -g 0 -c -s 1 -n 100
  run_pair ibv_ud_pingpong 100:1024:pingpong -g 0 -c -s 1024 -n 50 -e
  run_pair ibv_ud_pingpong 100:4096:pingpong -g 0 -c -s 4096 -n 50
  ;;
srq)
  # several QPs at once each may send once more than -n before it stops
  run_pair ibv_srq_pingpong 200-206:1:zero -g 0 -c -s 1 -n 100 -q 4
  run_pair ibv_srq_pingpong 128-158:4096:zero -g 0 -c -s 4096 -n 64 -q 16 -e
  run_pair ibv_srq_pingpong 40-42:16384:zero -g 0 -c -s 16384 -n 20 -q 2 -m 4096
  ;;
xsrq)
  # one client per server (a NIC serves one process at a time); no -c
  # (there it is the client count) and no buffer check in the program:
  # the capture check compares the payloads
  run_pair ibv_xsrq_pingpong 40:1:zero -g 0 -s 1 -n 20
  run_pair ibv_xsrq_pingpong 20:4096:zero -g 0 -s 4096 -n 10 -m 4096
  run_pair ibv_xsrq_pingpong 10:65536:zero -g 0 -s 65536 -n 5 -e -m 1024
  ;;
*)
  fail "unknown set $set"
  ;;
esac
echo "ibverbs_utils: $set: all runs passed"
