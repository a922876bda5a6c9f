#!/usr/bin/env bash
# The 64 x 128 f32 set in the NVIDIA cost model: h1 (the tree without it) and set (with it), in turn,
# two rounds, five sweeps (seeds 1, 3, 4, 5, 6) and named shapes; cuBLAS warmed up beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
O=/tmp/o; rm -rf $O; mkdir -p $O
t0=$(date +%s)
step() { echo "$* $(( $(date +%s) - t0 )) s" >> $O/progress.txt; }
NAMED=4096x4096x4096,999x666x777,1000x1000x1000,3000x5000x700,64x50000x64,50000x64x64,64x64x50000,136x6692x4480,6692x136x4480,156x4734x4297,144x1466x3344,128x8192x8192,100x20000x2000
for R in 1 2; do
  for v in set h1; do
    if [ $v = h1 ]; then A=$PWD/exp/gpu/h1/tools/txf/txf; else A=$PWD/.device-build/tools/txf/txf; fi
    for seed in 1 3 4 5 6; do
      TXF_CACHE_DIR=/tmp/cache-$v timeout 120 $A bench matmul --sweep 30 --seed $seed --sweep-range 64:8192 --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"sweep$seed\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v sweep $seed rc $?"
    done
    TXF_CACHE_DIR=/tmp/cache-$v timeout 60 $A bench matmul --shape $NAMED --repeat 15 --strategy auto --compare none --format json | sed "s|^{|{\"b\":\"$v\",\"round\":$R,\"set\":\"named\",|" >> $O/mm.jsonl 2>>$O/err.txt; step "$R $v named rc $?"
  done
done
timeout 150 python3 docs/bench/h100-2026-11-26/host/mm_torch.py $O/mm.jsonl > $O/torchw1.jsonl 2>>$O/err.txt; step "torch warm rc $?"
cd /tmp && tar czf $OUT/o.tgz o
