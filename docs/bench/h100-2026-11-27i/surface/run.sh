#!/usr/bin/env bash
# This tree's sgemm and dgemm surface: auto on sweeps of seeds 121 and 122 (30 products each,
# 64 to 8192 per side, log-uniform) and the named products, two rounds; cuBLAS (PyTorch, TF32
# off) in the same call. `summ.py call1`.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
N=4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,64x64x50000
for r in 1 2; do
  for dt in f4 f8; do
    for s in "--sweep 30 --seed 121 --sweep-range 64:8192" "--sweep 30 --seed 122 --sweep-range 64:8192" "--shape $N"; do
      env LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
        timeout 200 $B/tools/txf/txf bench matmul $s --dtype $dt --strategy auto --compare none --repeat 9 --format json |
        sed "s|^{|{\"round\":$r,|" >> $O/mm.jsonl 2>>$O/err.txt
      echo "$r $dt rc $? $SECONDS s" >> $O/progress.txt
      [ $SECONDS -gt 420 ] && break 3
    done
  done
done
timeout 150 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
