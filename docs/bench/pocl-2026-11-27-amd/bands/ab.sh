#!/usr/bin/env bash
# The kernels before (OLD_CL) and this tree's (NEW_CL) through the same library, auto, on
# SHAPES of type DT: ROUNDS rounds, the first version alternating, OpenBLAS beside the old
# kernels; per product and version the fastest of every run's fastest time (ms), and old / new.
# Usage: ab.sh BUILD OLD_CL NEW_CL DT SHAPES [ROUNDS, default 6]
set -u
T=$1/tools/txf/txf; OC=$2; NC=$3; DT=$4; S=$5; R=${6:-6}
export TXF_TUNING=0
for r in $(seq "$R"); do
  for who in $( [ $((r % 2)) = 1 ] && echo old new || echo new old ); do
    if [ $who = old ]; then kp=$OC; cmp=blas; else kp=$NC; cmp=none; fi
    TXF_KERNEL_PATH=$kp $T bench matmul --dtype "$DT" --shape "$S" --strategy auto --compare $cmp \
      --repeat 9 --format json | sed "s/^{/{\"who\":\"$who\",/"
  done
done | python3 -c '
import json, sys
t = {}
order = []
for l in sys.stdin:
    x = json.loads(l)
    if x.get("op") != "matmul" or x.get("check") != "OK": continue
    sh = "%dx%dx%d" % (x["m"], x["n"], x["k"])
    if sh not in order: order.append(sh)
    who = "blas" if x["impl"] == "blas" else x["who"]
    t[(sh, who)] = min(t.get((sh, who), 1e9), x["min_ms"])
print("%-16s %9s %9s %9s %8s %9s" % ("product", "old ms", "new ms", "OpenBLAS", "old/new", "blas/new"))
for sh in order:
    o, n, b = t.get((sh, "old")), t.get((sh, "new")), t.get((sh, "blas"))
    print("%-16s %9.3f %9.3f %9.3f %8.2f %9.2f" % (sh, o, n, b, o / n, b / n))
'
