#!/usr/bin/env bash
# Debian's rdmacm-utils, unmodified, between the two NICs of one rnic-sim:
# run by run_cosim.sh (which sets RNIC_SIM_DIR and LD_LIBRARY_PATH to this
# project's libibverbs.so.1 and librdmacm.so.1, stops the simulator, checks
# every frame, and with COSIM_CM_CHECK the CM exchanges and the data of each
# connection they set up: tests/tools/cm_check.py).
#
# usage: rdmacm_utils.sh OUTDIR SET
#   rping    rping -v -C N: the server on rnic1 (192.0.2.2), the client on
#            rnic0 (routed there, or bound with -I); sizes of one and several
#            packets, -V, -q (the client's own QP through rdma_init_qp_attr
#            and rdma_establish). Every "ping data" line of both programs is
#            compared with the buffer rping builds (RPING_MSG_FMT then
#            letters 'A'..'z' rotating): the server's line is what it read
#            from the client by RDMA READ, the client's what the server wrote
#            back by RDMA WRITE.
#   cmatose  ucmatose (RDMA_PS_TCP and RDMA_PS_IB, several connections and
#            messages) and rdma_server / rdma_client (rdma_create_ep,
#            rdma_get_request, the rdma_verbs.h helpers on synchronous IDs).
#   udaddy   udaddy (RDMA_PS_UDP: SIDR_REQ / SIDR_REP, then UD datagrams to
#            the announced QP and Q_Key).
#
# A client started before its server listens is rejected (REJ reason 8, or
# an unanswered SIDR); it is started again, as a user would, up to 40 times.
# Prints one line per run. Exits non-zero on the first failure, after
# printing both programs' output.
set -u
out=$1 set=$2
srv_ip=192.0.2.2 cli_ip=192.0.2.1

fail() {
  echo "rdmacm_utils: FAIL: $*"
  exit 1
}

# A rejection because nothing listens yet: worth starting the client again
# (the programs report it on stderr or stdout).
not_listening() {
  grep -Eqi 'REJECTED|UNREACHABLE|refused|error:? 8' "$1" "${1%.err}"
}

# run_pair NAME 'SERVER COMMAND' 'CLIENT COMMAND' CHECK
# CHECK is a shell function run with the two output files.
run_pair() {
  local name=$1 scmd=$2 ccmd=$3 check=$4
  local srv=$out/$name.server cli=$out/$name.client spid src crc try t0 t1
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  timeout 300 $scmd >"$srv" 2>"$srv.err" &
  spid=$!
  sleep 0.5
  for try in $(seq 1 40); do
    # shellcheck disable=SC2086
    timeout 300 $ccmd >"$cli" 2>"$cli.err"
    crc=$?
    if [ $crc -eq 0 ] || ! not_listening "$cli.err" || ! kill -0 $spid 2>/dev/null; then
      break
    fi
    sleep 0.25
  done
  wait $spid
  src=$?
  t1=$(date +%s.%N)
  printf 'rdmacm_utils: %-10s server %d client %d (client started %d times), %5.2f s wall\n' \
    "$name" $src $crc "$try" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
  if [ $src -ne 0 ] || [ $crc -ne 0 ] || ! $check "$srv" "$cli"; then
    # (stdout and stderr apart: the programs' stdout is buffered, and the
    # data lines are compared whole)
    echo "--- server ($scmd): stderr, then the first lines of stdout"
    cat "$srv.err"
    head -c 4000 "$srv"
    echo "--- client ($ccmd): stderr, then the first lines of stdout"
    cat "$cli.err"
    head -c 4000 "$cli"
    fail "$name"
  fi
}

# rping_lines COUNT SIZE PREFIX: the lines rping -v prints for COUNT pings of
# SIZE bytes (the string is SIZE - 1 bytes: rping ends the buffer with NUL).
rping_lines() {
  python3 - "$1" "$2" "$3" <<'EOF'
import sys
count, size, prefix = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
start = 65
for ping in range(count):
    buf = ("rdma-ping-%d: " % ping)[:size]
    c = start
    chars = []
    for _ in range(len(buf), size):
        chars.append(chr(c))
        c = 65 if c >= 122 else c + 1
    buf = (buf + "".join(chars))[:size - 1]
    start = 65 if start >= 122 else start + 1
    print(prefix + buf)
EOF
}

# rping_check COUNT SIZE SERVER CLIENT
rping_check() {
  rping_lines "$1" "$2" "server ping data: " >"$out/expect.server"
  rping_lines "$1" "$2" "ping data: " >"$out/expect.client"
  grep '^server ping data: ' "$3" | cmp -s - "$out/expect.server" || { echo "server ping data differ"; return 1; }
  grep '^ping data: ' "$4" | cmp -s - "$out/expect.client" || { echo "client ping data differ"; return 1; }
}

rping_10_64() { rping_check 10 64 "$@"; }
rping_20_1000() { rping_check 20 1000 "$@"; }
rping_5_10000() { rping_check 5 10000 "$@"; }
rping_8_200() { rping_check 8 200 "$@"; }

# ucmatose and udaddy report each phase; these lines must be there.
cmatose_ok() {
  grep -q '^test complete$' "$1" && grep -q '^test complete$' "$2" &&
    ! grep -Eqi 'fail|error' "$1" "$2"
}
rdma_xs_ok() {
  grep -q '^rdma_server: end 0$' "$1" && grep -q '^rdma_client: end 0$' "$2"
}

port=7000
next_port() { port=$((port + 1)); }

case $set in
rping)
  next_port
  run_pair rping-64 "rping -s -a $srv_ip -p $port -v -C 10" \
    "rping -c -a $srv_ip -p $port -v -C 10" rping_10_64
  next_port
  run_pair rping-1000-V "rping -s -a $srv_ip -p $port -v -V -C 20 -S 1000" \
    "rping -c -a $srv_ip -p $port -v -V -C 20 -S 1000 -I $cli_ip" rping_20_1000
  next_port
  # 10000 bytes: three packets each way at MTU 4096
  run_pair rping-10000 "rping -s -a $srv_ip -p $port -v -V -C 5 -S 10000" \
    "rping -c -a $srv_ip -p $port -v -V -C 5 -S 10000" rping_5_10000
  next_port
  run_pair rping-q "rping -s -a $srv_ip -p $port -v -C 8 -S 200" \
    "rping -c -a $srv_ip -p $port -v -C 8 -S 200 -q" rping_8_200
  ;;
cmatose)
  next_port
  run_pair ucmatose "ucmatose -b $srv_ip -p $port -C 10 -S 1000" \
    "ucmatose -s $srv_ip -p $port -C 10 -S 1000" cmatose_ok
  next_port
  run_pair ucmatose-c3 "ucmatose -b $srv_ip -p $port -c 3 -C 20 -S 5000" \
    "ucmatose -s $srv_ip -p $port -c 3 -C 20 -S 5000" cmatose_ok
  next_port
  run_pair ucmatose-ib "ucmatose -b $srv_ip -p $port -P ib -C 5 -S 100" \
    "ucmatose -s $srv_ip -p $port -P ib -C 5 -S 100" cmatose_ok
  next_port
  run_pair rdma_xs "rdma_server -s $srv_ip -p $port" "rdma_client -s $srv_ip -p $port" rdma_xs_ok
  ;;
udaddy)
  # udaddy's -p is the port space; it always uses port 7174
  run_pair udaddy "udaddy -b $srv_ip" "udaddy -s $srv_ip" cmatose_ok
  run_pair udaddy-c2 "udaddy -b $srv_ip -c 2 -C 20 -S 500" \
    "udaddy -s $srv_ip -c 2 -C 20 -S 500" cmatose_ok
  ;;
*)
  fail "unknown set $set"
  ;;
esac
echo "rdmacm_utils: $set: every run passed"
