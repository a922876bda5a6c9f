#!/usr/bin/env bash
# The reduction kernel, fifth call: its K loop unrolled by 1, 2 (cl/) and 4
# (u1/, u4/ from mkvar.sh: cl/ with DOT_UNROLL's default changed), auto, on
# random shapes (f32 seed 7, f64 seed 8), four C of one column, a K sweep of
# three C; the kernels before (dot=1) once; cuBLAS on every shape.
. "$(dirname "$0")/common.sh"
R32=$(rnd 7 24); R64=$(rnd 8 12),16x16x1000000
S=10x1x2529205,23x1x1562037,20x1x1012894,21x1x572312,8x8x8192,8x8x65536,8x8x4000000,16x16x8192,16x16x65536,16x16x1000000,3x5x8192,3x5x65536,3x5x3000000
run before --shape $R32 --param dot=1
run before --shape $S --param dot=1
run before --shape $R64 --param dot=1 --dtype f8
for R in 1 2; do
  for v in u1 u2 u4; do
    KP=$PWD/cl; [ $v = u2 ] || KP=$D/$v
    run $v --shape $R32
    run $v --shape $S
    run $v --shape $R64 --dtype f8
  done
  save
done
finish
