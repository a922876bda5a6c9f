#!/usr/bin/env bash
# sweep.sh V0: as run.sh, on sweeps of seeds 141 and 142 (30 products each, every side 1024 to
# 8192, log-uniform): the library in V0 and .device-build's in turn, two rounds; cuBLAS last.
set -u
V0=$(cd "$1" && pwd)
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 TXF_TUNING=0
NV=/usr/local/nvidia/lib64
B=$PWD/.device-build
O=/tmp/o; rm -rf $O; mkdir -p $O
run() { local tag=$1 lib=$2
  for s in 141 142; do
    env LD_LIBRARY_PATH=$lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl TXF_CACHE_DIR=/tmp/cache \
      timeout 250 $B/tools/txf/txf bench matmul --sweep 30 --seed $s --sweep-range 1024:8192 --strategy auto --compare none --repeat 10 --format json |
      sed "s|^{|{\"round\":$r,\"set\":\"$tag\",|" >> $O/mm.jsonl 2>>$O/err.txt
  done
  echo "$r $tag $SECONDS s" >> $O/progress.txt; }
for r in 1 2; do run v0 "$V0"; run now $B/lib; done
timeout 200 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
