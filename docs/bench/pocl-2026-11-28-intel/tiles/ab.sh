#!/usr/bin/env bash
# A/B: the tree before (B0: a release build of ab81f53 with -Dblas=enabled, K0: its cl/) and this one (exp/rel, cl/), alternating, rounds.
# From the checkout's root. auto vs OpenBLAS, f32 and f64.
set -u
O=$1; B0=${B0:-/tmp/wt0/rel}; K0=${K0:-/tmp/wt0/cl}
export TXF_TUNING=0 POCL_AFFINITY=${POCL_AFFINITY:-1}  # POCL's worker threads pinned, one per core (see NOTES.md)
SH=269x1018x698,1414x638x211,3853x1259x151,999x666x777,1024x1024x1024,264x1024x698,700x900x300,130x2000x500,1100x70x800,2050x130x64
for r in ${ROUNDS:-1 2 3}; do for v in 0 1; do
  if [ $v = 0 ]; then B=$B0; K=$K0; else B=exp/rel; K=$PWD/cl; fi
  for dt in f4 f8; do
  for s in "--sweep 24 --seed 91 --sweep-range 16:3000" "--sweep 24 --seed 92 --sweep-range 64:2048" "--shape $SH"; do
    LD_LIBRARY_PATH=$B/lib TXF_KERNEL_PATH=$K $B/tools/txf/txf bench matmul --dtype $dt $s --strategy auto --compare blas --repeat 5 --format json | sed "s/^{/{\"r\":$r,\"v\":$v,/" >> $O
  done; done
done; done
