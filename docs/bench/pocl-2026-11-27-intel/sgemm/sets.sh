#!/usr/bin/env bash
# From the checkout's root; BUILD a release build with -Dblas=enabled.
# Each POCL f32 set forced (pad, one K slice), with auto and OpenBLAS beside, two rounds, on the
# sweep of seed 24 (30 products, 1 to 1024 per side), 36 named small and skinny products (in two
# runs: txf bench takes 32 at most) and the sweep of seed 25 (1 to 2048). `regret.py DIR`.
# Usage: sets.sh BUILD DIR
set -u
A=$1/tools/txf/txf; O=$2; DT=f4
mkdir -p "$O"; export TXF_TUNING=0 TXF_KERNEL_PATH=$PWD/cl
SK=16x16x100000,1x16x50000,3x5x30001,8x8x100000,1x2048x2048,2048x1x2048,2048x4x2048,1x4096x1024,4096x2x1024
SK=$SK,8x4096x512,4096x8x512,31x861x610,861x31x610,64x64x20000,19x18x170,100x100x100,5x2000x700,2000x5x700
SK=$SK,16x1000x1000,1000x16x1000,2363x2806x27,12x1015x8,128x43x8,28x47x20,3x16x3048,26x1x1794
SK=$SK,1000x3x1000,3000x6x500,500x12x3000,8192x1x512,1643x2x19,777x7x77,269x1018x698,237x119x13,999x666x777,512x512x512
SETS="128x64:128,64,256,8,16 64x32:64,32,256,8,16 32x64:32,64,256,8,16 32x32:32,32,256,8,16
8x128:8,128,256,8,16 128x16:128,16,256,8,8 16x16:16,16,256,8,8 8x8:8,8,256,8,4 4x8:4,8,256,4,4
4x32:4,32,256,4,16 1x64:1,64,256,1,16 64x4:64,4,256,8,2
k128x1:128,1,512,8,1,16 k128x2:128,2,512,8,2,16 k128x4:128,4,512,4,4,16 k128x8:128,8,512,4,4,16"
for r in 1 2; do
SK1=$(echo $SK | cut -d, -f1-18); SK2=$(echo $SK | cut -d, -f19-)
for s in "--sweep 30 --seed 24 --sweep-range 1:1024" "--shape $SK1" "--shape $SK2" "--sweep 30 --seed 25 --sweep-range 1:2048"; do
  $A bench matmul --dtype $DT $s --strategy auto --compare blas --repeat 7 --format json | sed "s/^{/{\"r\":$r,/" >> "$O/auto.jsonl"
  for set in $SETS; do
    name=${set%%:*}; IFS=, read -r m n kw va vb kv <<< "${set#*:}"; kv=${kv:-1}
    P=mwg=$m,nwg=$n,kwg=$kw,mdimc=1,ndimc=1,vwa=$va,vwb=$vb,kvec=$kv
    $A bench matmul --dtype $DT $s --strategy pad --params $P,ksplit=1 --compare none --repeat 7 --format json | sed "s/^{/{\"r\":$r,/" >> "$O/set-$name-k1.jsonl"
  done
done; done
