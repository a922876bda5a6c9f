#!/usr/bin/env bash
# One block set forced with pad, the kernels before (OLD_CL) and this tree's (NEW_CL) through the
# same library, ROUNDS rounds, the first version alternating: per product the fastest time
# before over the fastest after.
# Usage: forced_ab.sh BUILD OLD_CL NEW_CL DT SHAPES ROUNDS PARAMS
set -u
T=$1/tools/txf/txf; OC=$2; NC=$3; DT=$4; S=$5; R=$6; P=$7
export TXF_TUNING=0
for r in $(seq "$R"); do for who in $( [ $((r % 2)) = 1 ] && echo old new || echo new old ); do
  if [ $who = old ]; then kp=$OC; else kp=$NC; fi
  TXF_KERNEL_PATH=$kp $T bench matmul --dtype "$DT" --shape "$S" --strategy pad --params "$P" \
    --repeat 9 --format json | sed "s/^{/{\"who\":\"$who\",/"
done; done | python3 -c '
import json, sys
t, o = {}, []
for l in sys.stdin:
    x = json.loads(l)
    if x.get("op") != "matmul" or x.get("check") != "OK": continue
    sh = "%dx%dx%d" % (x["m"], x["n"], x["k"])
    if sh not in o: o.append(sh)
    t[(sh, x["who"])] = min(t.get((sh, x["who"]), 9), x["min_ms"])
print(" ".join("%s %.2f" % (sh, t[(sh, "old")] / t[(sh, "new")]) for sh in o))'
