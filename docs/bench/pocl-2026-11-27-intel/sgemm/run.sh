#!/usr/bin/env bash
# From the checkout's root; BUILD a release build with -Dblas=enabled.
# auto vs OpenBLAS, sgemm/dgemm, seeds 21,22 (1:4096), 23 (16:2048) and named skinny; rounds
set -u
A=$1/tools/txf/txf; O=$2; DT=${3:-f4}
export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
SK=16x16x100000,1x16x50000,3x5x30001,8x8x100000,1x2048x2048,2048x1x2048,2048x4x2048,2048x2x2048
SK=$SK,4096x1x4096,1x4096x4096,8192x1x512,1000x3x1000,3000x6x500,500x12x3000,64x64x50000,64x50000x64,1024x1024x1024,999x666x777
for r in ${ROUNDS:-1 2}; do
  for s in "--sweep 30 --seed 21 --sweep-range 1:4096" "--sweep 30 --seed 22 --sweep-range 1:4096" "--sweep 16 --seed 23 --sweep-range 16:2048" "--shape $SK"; do
    $A bench matmul --dtype $DT $s --strategy auto --compare blas --repeat 7 --format json | sed "s/^{/{\"r\":$r,/" >> "$O"
  done
done
