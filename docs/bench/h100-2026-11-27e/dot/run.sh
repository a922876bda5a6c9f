#!/usr/bin/env bash
# The reduction kernel (params.dot) on the GPU, first call: a C of a few
# elements over a deep K. auto with dot=1 (the kernels before), and dot
# forced with several lane counts and slice counts; cuBLAS on the same
# shapes. (The kernel of this call added the lanes' sums by a pairwise tree,
# eight at a time; 512 lanes are past the registry's range.)
. "$(dirname "$0")/common.sh"
S=8x8x4000000,16x16x1000000,12x12x2000000,3x5x3000000,1x16x500000,32x32x200000,4x4x8000000,1x1x16000000,16x4x2000000,32x8x1000000
F8=8x8x2000000,16x16x1000000,3x5x3000000,32x32x100000
for R in 1 2; do
  run before --shape $S --param dot=1
  for L in 64 128 256 512; do run dot$L --shape $S --param dot=$L; done
  for KS in 132 528 1024; do run dot256k$KS --shape $S --param dot=256 --param ksplit=$KS; done
  run f8before --shape $F8 --dtype f8 --param dot=1
  run f8dot256 --shape $F8 --dtype f8 --param dot=256
  run f8dot128 --shape $F8 --dtype f8 --param dot=128
  save
done
finish
