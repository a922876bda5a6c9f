#!/usr/bin/env bash
# The streaming kernel's lane network against the word network, alternating
# in one run: the same build with the kernels before (OLD_KERNELS) and after
# (NEW_KERNELS), auto, against the copy. Sweeps of 16 shapes (seed 7, 512 to
# 8192 per side: outputs that take non-temporal stores) per element type,
# and named shapes of 1 to 67 MB.
# Usage: run.sh BUILD OLD_KERNELS NEW_KERNELS OUTDIR [ROUNDS]
set -u
B=$1 OK=$2 NK=$3 O=$4 R=${5:-3}
mkdir -p "$O"
export TXF_TUNING=0
NAMED=1024x1024,1536x1536,2048x2048,3001x2999,4093x4099,4096x4096,8191x4097,5000x5003
t0=$(date +%s)
for r in $(seq 1 "$R"); do
  for v in old new; do
    if [ $v = old ]; then K=$OK; else K=$NK; fi
    for dt in u1 u2 f4 f8; do
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-ab-$v $B/tools/txf/txf bench transpose --dtype $dt \
        --sweep 16 --seed 7 --sweep-range 512:8192 --strategy auto --repeat 10 \
        --format json > "$O/sweep-$dt-$v-$r.jsonl"
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-ab-$v $B/tools/txf/txf bench transpose --dtype $dt \
        --shape $NAMED --strategy auto --repeat 10 \
        --format json > "$O/named-$dt-$v-$r.jsonl"
    done
    echo "round $r $v $(( $(date +%s) - t0 )) s"
  done
done
