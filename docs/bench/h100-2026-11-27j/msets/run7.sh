#!/usr/bin/env bash
# This tree's f32 surface against the session's start (2ffa605, v0): auto with each library in
# turn on sweeps of seeds 131 and 132 (30 products each, 64 to 8192 per side, log-uniform) and
# the named products, two rounds; cuBLAS (PyTorch, TF32 off) in the same call. `summ7.py
# call7`. Run from the checkout's root on the GPU machine with .device-build (this tree) and
# exp/gpu/v0.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
NAMED=4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000,1024x1024x1024,2048x2048x2048
run() { local tag=$1 lib=$2; shift 2
  for a in "--sweep 30 --seed 131 --sweep-range 64:8192" "--sweep 30 --seed 132 --sweep-range 64:8192" "--shape $NAMED"; do
    env LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 250 $B/tools/txf/txf bench matmul $a --strategy auto --compare none --repeat 15 --format json |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag rc $? $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do
  run v0 $PWD/exp/gpu/v0
  run now $B/lib
done
timeout 150 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
