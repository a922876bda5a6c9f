#!/usr/bin/env bash
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
T=${TXF:-build-release/tools/txf/txf}
S=1024,1536,2048,2560,3000x2000x1000,1500x3000x800,700x900x1200,2000x700x1500,512
for r in 1 2; do
for set in 128,64,128,1,1,8,8 128,128,128,1,1,8,8 128,256,128,1,1,8,8 256,128,128,1,1,8,8 128,128,64,1,1,8,8; do
  $T bench matmul --shape $S --dtype f8 --params $set --strategy padcopy --compare blas --format json --repeat 3 | sed "s|^{|{\"round\":$r,\"set\":\"$set\",|"
done
for set in 128,64,256,1,1,8,16 128,128,256,1,1,8,16 128,256,256,1,1,8,16 256,128,256,1,1,8,16; do
  $T bench matmul --shape $S --dtype f4 --params $set --strategy padcopy --compare blas --format json --repeat 3 | sed "s|^{|{\"round\":$r,\"set\":\"$set\",|"
done
done
