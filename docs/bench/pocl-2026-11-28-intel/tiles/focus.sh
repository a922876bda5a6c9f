#!/usr/bin/env bash
# focus.sh OUT DTYPE SHAPES: before (0) and after (1) alternating, ROUNDS rounds, --compare none
set -u
O=$1; DT=$2; SH=$3; B0=${B0:-/tmp/wt0/rel}; K0=${K0:-/tmp/wt0/cl}; K1=${K1:-$PWD/cl}
export TXF_TUNING=0 POCL_AFFINITY=${POCL_AFFINITY:-1}  # POCL's worker threads pinned, one per core (see NOTES.md)
for r in ${ROUNDS:-1 2 3 4 5}; do for v in 0 1; do
  if [ $v = 0 ]; then B=$B0; K=$K0; else B=exp/rel; K=$K1; fi
  LD_LIBRARY_PATH=$B/lib TXF_KERNEL_PATH=$K $B/tools/txf/txf bench matmul --dtype $DT --shape $SH --strategy auto --compare none --repeat 9 --format json | sed "s/^{/{\"r\":$r,\"v\":$v,/" >> $O
done; done
