#!/usr/bin/env bash
# run.sh BUILD OUT [ROUNDS]: ../../pocl-2026-11-27-intel/edges/run.sh's transposes (auto, sweeps of
# seeds 1 and 2 and named shapes, 1- to 8-byte elements, the copy and OpenBLAS's ?omatcopy in the
# same calls) with POCL's worker threads free ("old") and pinned ("new", POCL_AFFINITY=1) in turn,
# this checkout's cl/; `../../pocl-2026-11-27-intel/edges/summ.py OUT`. From the checkout's root.
set -u
B=$1 O=$2 R=${3:-2}
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
NAMED=3x300000,300000x3,20x4045,4045x20,700x1000,1024x1024,1001x1001,2048x2048,3001x2999,4093x4099,4096x4096,65x302,145x183
for r in $(seq $R); do for v in old new; do
  aff=0; [ $v = new ] && aff=1
  for d in u1 f2 f4 f8; do
    for a in "--sweep 20 --seed 1 --sweep-range 16:4096" "--sweep 20 --seed 2 --sweep-range 16:4096" "--shape $NAMED"; do
      POCL_AFFINITY=$aff $B/tools/txf/txf bench transpose --dtype $d $a --strategy auto --repeat 10 --format json 2>/dev/null |
        sed "s/^{/{\"r\":$r,\"v\":\"$v\",/" >> $O
    done
  done
done; done
