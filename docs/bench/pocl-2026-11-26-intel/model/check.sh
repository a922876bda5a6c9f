#!/usr/bin/env bash
# sgemm auto before (OLD build: 128 x 64 blocks always) and after (the cost model), alternating,
# on sweeps the model was not fitted on, against OpenBLAS.
# Usage: [DT=f8] check.sh OLD_BUILD OLD_KERNELS NEW_BUILD NEW_KERNELS OUTDIR [SEEDS]
set -u
OB=$1 OK=$2 NB=$3 NK=$4 O=$5; SEEDS=${6:-11 12}
mkdir -p "$O"; export TXF_TUNING=0
for r in 1 2; do
  for v in old new; do
    if [ $v = old ]; then B=$OB K=$OK; else B=$NB K=$NK; fi
    for s in $SEEDS; do
      TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/txf-mm-$v $B/tools/txf/txf bench matmul --dtype ${DT:-f4} --sweep 30 --seed $s \
        --sweep-range 4:2000 --strategy auto --compare blas --repeat 10 --format json > "$O/$v-s$s-r$r.jsonl"
    done
  done
done
