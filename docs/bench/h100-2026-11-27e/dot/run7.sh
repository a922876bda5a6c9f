#!/usr/bin/env bash
# The reduction kernel in blocks along a long side: C with a side of 1 to 32
# and the other of 64 to 16384, K of 128 to 16384 (f32 seed 11, f64 seed
# 12); auto (the entry then taking the kernel for every such C, dot_short 32
# and dot_k_short 1 in lib/device_data.c) against dot=1; cuBLAS. SEEDS: the
# f32 seeds (run8.sh, run9.sh); CONTROL: shapes to time auto against dot=1.
. "$(dirname "$0")/common.sh"
A=4096x1x4096,1x4096x4096,4096x2x4096,2x4096x4096,4096x4x4096,4x4096x4096,4096x8x4096,8x4096x4096,4096x16x4096,16x4096x4096,4096x32x4096,32x4096x4096
B=16384x1x16384,1x16384x16384,8192x1x512,1x8192x512,8192x8x512,8x8192x512,8192x1x128,8x8192x128,100000x8x128,30000x3x3000,3x30000x3000,2000x1x50000
for s in ${SEEDS:-11}; do echo "f32 seed $s $(rnd_short $s 24)" >> $O/shapes.txt; done
echo "f64 $(rnd_short 12 16)" >> $O/shapes.txt
for R in 1 2; do
  for set in "$A" "$B"; do run before --shape $set --param dot=1; run auto --shape $set; done
  for s in ${SEEDS:-11}; do run before --shape $(rnd_short $s 24) --param dot=1; run auto --shape $(rnd_short $s 24); done
  run before --shape "$(rnd_short 12 16)" --dtype f8 --param dot=1; run auto --shape "$(rnd_short 12 16)" --dtype f8
  run before --shape "$A" --dtype f8 --param dot=1; run auto --shape "$A" --dtype f8
  [ -n "${CONTROL:-}" ] && { run before --shape $CONTROL --param dot=1; run auto --shape $CONTROL; }
  save
done
finish
