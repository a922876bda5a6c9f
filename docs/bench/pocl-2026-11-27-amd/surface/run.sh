#!/usr/bin/env bash
# run.sh BUILD OUT: transposes with auto (TXF_TUNING=0), two rounds: sweeps of seed 1 (20 shapes,
# 16 to 4096 per side) and named shapes, 1- to 8-byte elements; the copy and, for 4- and 8-byte
# elements, OpenBLAS's ?omatcopy in the same runs. `summ.py OUT`. From the checkout's root.
set -u
B=$1 O=$2
export TXF_KERNEL_PATH=$PWD/cl TXF_TUNING=0
NAMED=3x300000,300000x3,20x4045,4045x20,700x1000,1024x1024,1001x1001,2048x2048,3001x2999,4093x4099,4096x4096
for r in 1 2; do for d in u1 f2 f4 f8; do
  for a in "--sweep 20 --seed 1 --sweep-range 16:4096" "--shape $NAMED"; do
    $B/tools/txf/txf bench transpose --dtype $d $a --strategy auto --repeat 10 --format json 2>/dev/null |
      sed "s/^{/{\"r\":$r,/" >> $O
  done
done; done
