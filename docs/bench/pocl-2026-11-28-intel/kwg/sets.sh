#!/usr/bin/env bash
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
T=${TXF:-build-release/tools/txf/txf}
S=384x2000x2000,600x600x2500,700x900x1200,999x666x777,1024,1536,2048,3000x2000x1000,1500x3000x800,2500x1200x1800,1200x800x600,2048x512x2048
for r in 1 2; do
  for kw in 256 512; do
    $T bench matmul --shape $S --dtype f4 --params 128,64,$kw,1,1,8,16 --strategy padcopy --compare blas --repeat 5 --format json | sed "s|^{|{\"round\":$r,\"kwg\":$kw,|"
  done
  for kw in 128 256 512; do
    $T bench matmul --shape $S --dtype f8 --params 128,64,$kw,1,1,8,8 --strategy padcopy --compare blas --repeat 5 --format json | sed "s|^{|{\"round\":$r,\"kwg\":$kw,|"
  done
done
