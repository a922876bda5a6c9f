#!/usr/bin/env bash
# 1- and 2-byte transposes whose output rows start off a line, 0.5 to 16 MiB: the build before
# (shifted kernel from 16 MiB) and this tree (from 1 MiB), alternating, both with this tree's
# kernels; auto against the copy. Usage: run.sh OLD_TXF NEW_TXF OUTDIR [ROUNDS]
set -u
OLD=$1 NEW=$2 O=$3 R=${4:-3}
mkdir -p "$O"
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
SH=700x1000,1000x1000,1100x900,1200x1200,1493x652,1500x1301,1700x1501,2000x1500,3001x2999,4001x3001
for r in $(seq 1 "$R"); do
  for v in old new; do
    if [ $v = old ]; then T=$OLD; else T=$NEW; fi
    for dt in u1 u2; do
      TXF_CACHE_DIR=/tmp/txf-sm-$v $T bench transpose --dtype $dt --shape $SH --strategy auto \
        --compare none --repeat 10 --format json > "$O/$dt-$v-$r.jsonl"
    done
  done
done
