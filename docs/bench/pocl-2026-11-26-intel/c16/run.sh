#!/usr/bin/env bash
# 16-byte transposes before (the 32 x 32 tiled kernel) and after (the
# streaming kernel), alternating in one run: a sweep of 20 shapes (seed 1,
# 16 to 4096 per side) and named shapes, against the copy.
# Usage: run.sh OLD_BUILD OLD_KERNELS NEW_BUILD NEW_KERNELS OUTDIR [ROUNDS]
set -u
OB=$1 OK=$2 NB=$3 NK=$4 O=$5 R=${6:-4}
mkdir -p "$O"
export TXF_TUNING=0
NAMED=2048x2048,4093x4099,4096x4096,999x666,440x414,100x2000,2000x100,20x4045,4045x20,16x65536,65536x16,3x300000,300000x3
t0=$(date +%s)
for r in $(seq 1 "$R"); do
  for v in old new; do
    if [ $v = old ]; then B=$OB K=$OK; else B=$NB K=$NK; fi
    TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-c16-$v $B/tools/txf/txf bench transpose --dtype c16 \
      --sweep 20 --seed 1 --sweep-range 16:4096 --strategy auto --compare none --repeat 10 \
      --format json > "$O/sweep-$v-$r.jsonl"
    TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-c16-$v $B/tools/txf/txf bench transpose --dtype c16 \
      --shape $NAMED --strategy auto --compare none --repeat 10 --format json > "$O/named-$v-$r.jsonl"
    echo "round $r $v $(( $(date +%s) - t0 )) s"
  done
done
