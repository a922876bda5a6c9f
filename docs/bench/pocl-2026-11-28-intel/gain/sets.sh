#!/usr/bin/env bash
# forced sets, pad vs padcopy, R rounds -> jsonl
export POCL_AFFINITY=1 TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
T=${TXF:-build-release/tools/txf/txf}
S=1024,1536,2048,4096x1024x1024,1024x4096x1024,1024x1024x4096,3000x2000x1000,700x900x1200,512,2500x1200x1800,1500x3000x800,768x3000x2000
for r in 1 2; do
for set in 128,64,256,1,1,8,16 64,32,256,1,1,8,16 32,64,256,1,1,8,16 32,32,256,1,1,8,16 64,128,256,1,1,8,16 128,128,256,1,1,8,16; do
  $T bench matmul --shape $S --dtype f4 --params $set --strategy pad,padcopy --compare none --format json | sed "s|^{|{\"round\":$r,\"set\":\"$set\",|"
done
for set in 128,64,128,1,1,8,8 64,32,128,1,1,8,8; do
  $T bench matmul --shape $S --dtype f8 --params $set --strategy pad,padcopy --compare none --format json | sed "s|^{|{\"round\":$r,\"set\":\"$set\",|"
done
done
