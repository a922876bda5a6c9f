#!/usr/bin/env bash
# This tree against the parent (5d1366e) on an H100: bands of block rows and a tiny C's blocks through
# auto, alternating, two rounds; cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/h100; mkdir -p $O
t0=$(date +%s)
one() { local v=$1 tag=$2; shift 2
  if [ $v = base ]; then T=$PWD/exp/base/tools/txf/txf; K=$PWD/exp/base/cl; else T=$PWD/.device-build/tools/txf/txf; K=$PWD/cl; fi
  TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/h-$v timeout 150 $T bench matmul --strategy auto --compare none --repeat 10 --format json "$@" >> $O/$v-$tag.jsonl 2>>$O/err.txt; }
for round in 1 2; do
 for v in base new; do
  one $v f2 --dtype f2 --shape 8192
  one $v t32 --dtype f4 --precision tf32 --shape 8192
  one $v x3 --dtype f4 --precision 3xtf32 --shape 8192,4096
  one $v f8 --dtype f8 --shape 8192,4096,4093,3000x5000x700,16x16x1000000,8x8x4000000
  one $v f4 --dtype f4 --shape 16x16x1000000,8x8x4000000,12x12x2000000,4096
  echo "round $round $v $(( $(date +%s) - t0 )) s" >> $O/log.txt
 done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/new-f8.jsonl $O/new-f4.jsonl > $O/torch.jsonl 2>>$O/err.txt
nvidia-smi --query-gpu=name --format=csv >> $O/log.txt 2>&1
cd $OUT && tar czf h100.tgz h100 && rm -rf h100
