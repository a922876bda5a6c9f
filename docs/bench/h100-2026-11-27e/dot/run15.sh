#!/usr/bin/env bash
# This tree's auto against dot=1 on C of five to 16 columns and 2048 rows or
# more (the entry's 256 x 8 and 128 x 16 blocks), f32 and f64, and two named
# shapes they do not take; cuBLAS.
. "$(dirname "$0")/common.sh"
S=4096x8x4096,4096x16x4096,8192x8x512,100000x8x128,6838x5x1589,16384x12x8192,2048x9x20000,30000x6x3000,10000x14x1000
for R in 1 2; do
  for dt in f4 f8; do run before --shape $S --dtype $dt --param dot=1; run auto --shape $S --dtype $dt; done
  run before --shape 4096,999x666x777 --param dot=1; run auto --shape 4096,999x666x777
  save
done
finish
