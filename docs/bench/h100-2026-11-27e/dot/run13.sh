#!/usr/bin/env bash
# This tree's auto against dot=1 (the kernels before the reduction kernel and
# the row blocks): C of one to 16 rows times a long B, f32 and f64; the
# short-side shapes of seeds 11 and 13; four named shapes none of them take;
# cuBLAS.
. "$(dirname "$0")/common.sh"
S=1x4096x4096,1x16384x16384,2x4096x4096,3x30000x3000,4x4096x4096,5x2452x3247,6x2521x1177,7x5000x5000,8x4096x4096,8x8192x512,8x100000x128,16x4096x4096,12x3000x9000,1x1024x100000
for R in 1 2; do
  for dt in f4 f8; do run before --shape $S --dtype $dt --param dot=1; run auto --shape $S --dtype $dt; done
  for s in 11 13; do run before --shape $(rnd_short $s 24) --param dot=1; run auto --shape $(rnd_short $s 24); done
  run before --shape 4096,8192,999x666x777,3000x5000x700 --param dot=1; run auto --shape 4096,8192,999x666x777,3000x5000x700
  save
done
finish
