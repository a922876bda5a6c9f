#!/usr/bin/env bash
# The reduction kernel, second call: (1) K from 2048 to 262144 on six small
# C, the kernels before (dot=1) against dot forced with the entry's lanes;
# (2) random shapes (f32 seed 7, f64 seed 8), auto against dot=1; (3) f64
# lanes; cuBLAS on every shape. F8L: the lanes of (3); CONTROL: shapes to
# time auto against dot=1 too; RND2: f32 seeds 7 and 9, f64 8 and 10.
. "$(dirname "$0")/common.sh"
R32=$(rnd 7 24); R64=$(rnd 8 12)
[ -n "${RND2:-}" ] && { R32=$R32,$(rnd 9 16); R64=$R64,$(rnd 10 12); }
echo "f32 $R32" > $O/shapes.txt; echo "f64 $R64" >> $O/shapes.txt
for R in 1 2; do
  for cl in 8x8:256 16x16:64 3x5:256 1x16:128 32x8:64 4x4:256; do
    C=${cl%:*} L=${cl#*:} S=""
    for K in 2048 8192 32768 65536 262144; do S="$S${S:+,}${C}x$K"; done
    run kbefore --shape $S --param dot=1
    run kdot --shape $S --param dot=$L
  done
  run rbefore --shape $R32 --param dot=1
  run rauto --shape $R32
  run rbefore --shape $R64 --dtype f8 --param dot=1
  run rauto --shape $R64 --dtype f8
  run f8before --shape 16x16x1000000,8x8x2000000,16x4x2000000 --dtype f8 --param dot=1
  for L in ${F8L:-32 64 128}; do run f8dot$L --shape 16x16x1000000,8x8x2000000,16x4x2000000 --dtype f8 --param dot=$L; done
  [ -n "${CONTROL:-}" ] && { run cbefore --shape $CONTROL --param dot=1; run cauto --shape $CONTROL; }
  save
done
finish
