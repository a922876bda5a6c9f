#!/usr/bin/env bash
# A tiny C over a deep K: the parent (5d1366e) against this tree through auto, alternating, two
# rounds; cuBLAS beside.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/tiny; mkdir -p $O
t0=$(date +%s)
one() { local v=$1 tag=$2; shift 2
  if [ $v = base ]; then T=$PWD/exp/base/tools/txf/txf; K=$PWD/exp/base/cl; else T=$PWD/.device-build/tools/txf/txf; K=$PWD/cl; fi
  TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/t-$v timeout 150 $T bench matmul --strategy auto --compare none --repeat 15 --format json "$@" >> $O/$v-$tag.jsonl 2>>$O/err.txt; }
S=8x8x4000000,16x16x1000000,1x16x500000,12x12x2000000,16x16x100000,3x5x3000000,17x17x1000000,32x32x200000
for round in 1 2; do
 for v in base new; do
  one $v f4 --dtype f4 --shape $S
  one $v f8 --dtype f8 --shape $S
  echo "round $round $v $(( $(date +%s) - t0 )) s" >> $O/log.txt
 done
done
timeout 100 python3 docs/bench/h100-2026-11-27/kslices/torch_mm.py $O/new-f4.jsonl $O/new-f8.jsonl > $O/torch.jsonl 2>>$O/err.txt
nvidia-smi --query-gpu=name --format=csv >> $O/log.txt 2>&1
cd $OUT && tar czf tiny.tgz tiny && rm -rf tiny
