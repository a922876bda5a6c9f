#!/usr/bin/env bash
# The CPU skinny kernels before and after their vector blocks, alternating
# in one run: every short side 2 to 16 both ways (about 10^6 elements), and
# the named skinny shapes, for 1-, 2-, 4- and 8-byte elements, against the
# copy and (f4, f8) OpenBLAS's ?omatcopy. The host code is the same, so one
# release build runs both kernel trees.
# Usage: run.sh BUILD OLD_KERNELS NEW_KERNELS OUTDIR [ROUNDS]
set -u
B=$1 OK=$2 NK=$3 O=$4 R=${5:-4}
mkdir -p "$O"
export TXF_TUNING=0
# At most 32 shapes a call: the named ones with the few-rows ones, then
# the few-columns ones.
ROWS=3x300000,300000x3,8x100000,100000x8,16x65536,65536x16,20x4045,4045x20 COLS=
for s in $(seq 2 16); do n=$((1000000 / s)); ROWS="$ROWS,${s}x$n" COLS="$COLS,${n}x$s"; done
t0=$(date +%s)
for r in $(seq 1 "$R"); do
  for v in old new; do
    if [ $v = old ]; then K=$OK; else K=$NK; fi
    for dt in u1 u2 f4 f8; do
      for SH in $ROWS ${COLS#,}; do
        TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-sk-$v $B/tools/txf/txf bench transpose \
          --dtype $dt --shape $SH --strategy auto --compare blas --repeat 10 --format json
      done > "$O/$dt-$v-$r.jsonl"
    done
    echo "round $r $v $(( $(date +%s) - t0 )) s"
  done
done
