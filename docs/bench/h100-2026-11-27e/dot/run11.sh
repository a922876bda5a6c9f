#!/usr/bin/env bash
# A C of one to four rows and 1024 columns or more: the NVIDIA entry's 4 x 256
# blocks (this tree, auto) against dot=1 (the kernels before the reduction
# kernel); the short-side shapes of run9.sh again (auto against dot=1);
# cuBLAS.
. "$(dirname "$0")/common.sh"
S=1x4096x4096,1x16384x16384,1x8192x512,2x4096x4096,3x30000x3000,4x4096x4096,1x2099x5594,1x5702x3702,1x15440x360,4x694x587,1x1024x100000,2x50000x1000
for R in 1 2; do
  run before --shape $S --param dot=1; run auto --shape $S
  run before --shape $S --dtype f8 --param dot=1; run auto --shape $S --dtype f8
  for s in 11 13; do run before --shape $(rnd_short $s 24) --param dot=1; run auto --shape $(rnd_short $s 24); done
  save
done
finish
