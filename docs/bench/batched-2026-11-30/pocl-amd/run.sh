#!/bin/bash
# POCL batched transposes: every way against the copy and OpenBLAS (a call per matrix).
A=${TXF:-build-rel/tools/txf/txf}
export TXF_KERNEL_PATH=$PWD/cl TXF_TUNING=0
for sh in 2x3 3x5 4x4 8x8 7x9 16x16 17x33 32x32 64x64 100x3 3x100 128x128 60x200 256x256 512x512 1000x1000; do
  r=${sh%x*}; c=${sh#*x}
  for dt in f4 f8 u1; do
    case $dt in u1) e=1;; f4) e=4;; f8) e=8;; esac
    B=$(( (16 << 20) / (r * c * e) )); [ $B -lt 2 ] && B=2
    $A bench transpose --shape $sh --batch $B --dtype $dt --strategy auto --format json --repeat 7
  done
done
