#!/usr/bin/env bash
# Compares the dynamic symbol table of one of this project's drop-in
# libraries (libibverbs.so.1, librdmacm.so.1) with rdma-core's (Debian's
# installed library): every defined symbol with its version node, whether
# that version is the default (name@@V) or an old one (name@V), and its
# type (FUNC, OBJECT); and the version definitions with their parents. Any
# difference fails. Prints the symbols per node.
#
# usage: verbs_symbols.sh [--tag TAG] [--extra NODE=SYM,SYM...] REFERENCE_LIB OUR_LIB
#   --tag    the name the lines start with and PASS/FAIL follows
#            (default verbs_symbols)
#   --extra  a version node of ours that rdma-core does not have, defined
#            after its nodes without a parent, exporting exactly these
#            functions (libibverbs' RNIC_PRIVATE_1 for this librdmacm)
set -u
tag=verbs_symbols extra_node="" extra_syms=""
while [ $# -gt 2 ]; do
  case $1 in
    --tag) tag=$2; shift 2 ;;
    --extra) extra_node=${2%%=*}; extra_syms=${2#*=}; shift 2 ;;
    *) break ;;
  esac
done
ref=$1 ours=$2

for f in "$ref" "$ours"; do
  if [ ! -r "$f" ]; then
    echo "$tag: cannot read $f"
    echo "$tag: FAIL"
    exit 1
  fi
done

# "VERSION NAME default|old TYPE", one line per versioned definition (the
# version node symbols themselves, ABS objects named like their node, are
# the version definitions, compared below).
symbols() {
  readelf --dyn-syms -W "$1" | awk '$7 != "UND" && $8 ~ /@/ {
    n = $8; k = "default"
    if (n ~ /@@/) split(n, a, "@@"); else { split(n, a, "@"); k = "old" }
    print a[2], a[1], k, $4 }' | LC_ALL=C sort
}

# Symbols defined without a version: none may be exported beyond the nodes.
unversioned() {
  readelf --dyn-syms -W "$1" | awk 'NR > 3 && $7 != "UND" && $7 != "ABS" && $8 != "" && $8 !~ /@/ { print $8 }' |
    LC_ALL=C sort
}

# "NODE parent PARENT" lines of the version definition section.
verdefs() {
  readelf -V -W "$1" | sed -n '/Version definition/,/Version needs/p' |
    awk '/Name:/ { node = $NF; if ($0 !~ /BASE/) print node }
         /Parent 1:/ { print node " parent " $NF }'
}

# What ours must hold: rdma-core's, plus the extra node.
expected_syms() {
  symbols "$ref"
  if [ -n "$extra_node" ]; then
    echo "$extra_syms" | tr ',' '\n' | awk -v n="$extra_node" 'NF { print n, $1, "default", "FUNC" }'
  fi
}
expected_verdefs() {
  verdefs "$ref"
  [ -n "$extra_node" ] && echo "$extra_node"
  true
}

status=0
ref_syms=$(expected_syms | LC_ALL=C sort)
our_syms=$(symbols "$ours")
if [ -z "$(symbols "$ref")" ]; then
  echo "$tag: no versioned symbols in $ref"
  status=1
fi
d=$(diff <(echo "$ref_syms") <(echo "$our_syms"))
if [ -n "$d" ]; then
  echo "$tag: symbol differences (< expected only, > ours only):"
  echo "$d"
  status=1
fi
d=$(diff <(expected_verdefs) <(verdefs "$ours"))
if [ -n "$d" ]; then
  echo "$tag: version definition differences (< expected, > ours):"
  echo "$d"
  status=1
fi
extra=$(unversioned "$ours")
if [ -n "$extra" ]; then
  echo "$tag: exported without a version node:"
  echo "$extra"
  status=1
fi

# per node: symbols (default versions + old versions), ours / rdma-core's
echo "$tag: node: ours (default + old) / expected"
for node in $(expected_verdefs | awk 'NF == 1'); do
  o_def=$(echo "$our_syms" | awk -v n="$node" '$1 == n && $3 == "default"' | wc -l)
  o_old=$(echo "$our_syms" | awk -v n="$node" '$1 == n && $3 == "old"' | wc -l)
  r_all=$(echo "$ref_syms" | awk -v n="$node" '$1 == n' | wc -l)
  printf "$tag:   %-20s %3d (%d + %d) / %d\\n" "$node" $((o_def + o_old)) "$o_def" "$o_old" "$r_all"
done
echo "$tag: total $(echo "$our_syms" | wc -l) / $(echo "$ref_syms" | wc -l)"
if [ $status -ne 0 ]; then
  echo "$tag: FAIL"
  exit 1
fi
echo "$tag: PASS"
