#!/usr/bin/env bash
# Products with one row or column of C (matrix-vector) and other short sides,
# auto against cuBLAS (the reduction kernel then for one block of C only).
. "$(dirname "$0")/common.sh"
G=4096x1x4096,1x4096x4096,8192x1x8192,1x8192x8192,16384x1x4096,1x16384x4096,4096x1x16384,1x4096x16384,10000x1x1000,1x10000x1000,2000x1x50000,1x2000x50000
G2=4096x2x4096,4096x4x4096,4096x8x4096,8x4096x4096,4096x16x4096,16x4096x4096,8192x8x8192,30000x3x3000,3x30000x3000,100000x8x128,8x100000x128
for R in 1 2; do
  run gemv --shape $G
  run gemv --shape $G --dtype f8
  run skinny --shape $G2
  save
done
finish
