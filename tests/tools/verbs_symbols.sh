#!/usr/bin/env bash
# Compares the dynamic symbol table of this project's libibverbs.so.1 with
# rdma-core's (Debian's installed library): every defined symbol with its
# version node, whether that version is the default (name@@V) or an old one
# (name@V), and its type (FUNC, OBJECT); and the version definitions with
# their parents. Any difference fails. Prints the symbols per node.
#
# usage: verbs_symbols.sh REFERENCE_LIB OUR_LIB
set -u
ref=$1 ours=$2

for f in "$ref" "$ours"; do
  if [ ! -r "$f" ]; then
    echo "verbs_symbols: cannot read $f"
    echo "verbs_symbols: FAIL"
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

status=0
ref_syms=$(symbols "$ref")
our_syms=$(symbols "$ours")
if [ -z "$ref_syms" ]; then
  echo "verbs_symbols: no versioned symbols in $ref"
  status=1
fi
d=$(diff <(echo "$ref_syms") <(echo "$our_syms"))
if [ -n "$d" ]; then
  echo "verbs_symbols: symbol differences (< rdma-core only, > ours only):"
  echo "$d"
  status=1
fi
d=$(diff <(verdefs "$ref") <(verdefs "$ours"))
if [ -n "$d" ]; then
  echo "verbs_symbols: version definition differences (< rdma-core, > ours):"
  echo "$d"
  status=1
fi
extra=$(unversioned "$ours")
if [ -n "$extra" ]; then
  echo "verbs_symbols: exported without a version node:"
  echo "$extra"
  status=1
fi

# per node: symbols (default versions + old versions), ours / rdma-core's
echo "verbs_symbols: node: ours (default + old) / rdma-core"
for node in $(verdefs "$ref" | awk 'NF == 1'); do
  o_def=$(echo "$our_syms" | awk -v n="$node" '$1 == n && $3 == "default"' | wc -l)
  o_old=$(echo "$our_syms" | awk -v n="$node" '$1 == n && $3 == "old"' | wc -l)
  r_all=$(echo "$ref_syms" | awk -v n="$node" '$1 == n' | wc -l)
  printf 'verbs_symbols:   %-20s %3d (%d + %d) / %d\n' "$node" $((o_def + o_old)) "$o_def" "$o_old" "$r_all"
done
echo "verbs_symbols: total $(echo "$our_syms" | wc -l) / $(echo "$ref_syms" | wc -l)"
if [ $status -ne 0 ]; then
  echo "verbs_symbols: FAIL"
  exit 1
fi
echo "verbs_symbols: PASS"
