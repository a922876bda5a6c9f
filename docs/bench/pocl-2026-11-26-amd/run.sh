#!/usr/bin/env bash
# Transposes on POCL, the build before and this tree alternating: sweeps of
# 20 shapes (seed 1, 16 to 4096 per side) and named shapes per element type,
# against the copy and the host BLAS's ?omatcopy (f4, f8), auto, built-in table.
# Usage: run.sh OLD_BUILD OLD_KERNELS NEW_BUILD NEW_KERNELS OUTDIR [ROUNDS]
# (release builds with -Dblas=enabled; KERNELS: their cl/ folders)
set -u
OB=$1 OK=$2 NB=$3 NK=$4 O=$5 R=${6:-3}
mkdir -p "$O"
export TXF_TUNING=0
NAMED=3x300000,300000x3,20x4045,4045x20,33x10000,100x2000,2000x100,440x414,700x1000,1024x1024,1493x652,1001x1001,2000x300,333x4001,2048x2048,3001x2999,4093x4099,5000x3001,8191x4097
t0=$(date +%s)
for r in $(seq 1 "$R"); do
  for v in old new; do
    if [ $v = old ]; then B=$OB K=$OK; else B=$NB K=$NK; fi
    for dt in u1 u2 f4 f8 c16; do
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-ab-$v $B/tools/txf/txf bench transpose --dtype $dt \
        --sweep 20 --seed 1 --sweep-range 16:4096 --strategy auto --compare blas --repeat 20 \
        --format json > "$O/sweep-$dt-$v-$r.jsonl"
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-ab-$v $B/tools/txf/txf bench transpose --dtype $dt \
        --shape $NAMED --strategy auto --compare blas --repeat 20 \
        --format json > "$O/named-$dt-$v-$r.jsonl"
    done
    echo "round $r $v $(( $(date +%s) - t0 )) s"
  done
done
