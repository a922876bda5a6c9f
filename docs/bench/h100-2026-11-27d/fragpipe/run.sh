#!/usr/bin/env bash
# Fragment reads of the next instruction step before the matrix-unit instructions (new) against HEAD's kernel (old): txf bench (checked), alternating.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/fp; mkdir -p $O; T=$PWD/.device-build/tools/txf/txf
t0=$(date +%s)
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
b() { local v=$1 tag=$2; shift 2; [ $(( $(date +%s) - t0 )) -gt ${LIM:-420} ] && return; K=$PWD/cl; [ $v = old ] && K=$PWD/exp/fp/old/cl
  TXF_KERNEL_PATH=$K TXF_CACHE_DIR=/tmp/w-$v timeout 120 $T bench matmul --compare none --repeat 10 --format json "$@" >> $O/$v-$tag.jsonl 2>>$O/err.txt
  echo "$v $tag $(( $(date +%s) - t0 )) s" >> $O/log.txt; }
S=8192,4096,4093,3000x5000x700
for r in 1 2; do
 for v in old new; do
  b $v f2 --strategy auto --dtype f2 --shape $S
  b $v tf32 --strategy auto --dtype f4 --precision tf32 --shape $S
  b $v x3 --strategy auto --dtype f4 --precision 3xtf32 --shape $S
  b $v f8 --strategy auto --dtype f8 --shape $S
  b $v bf16 --strategy auto --dtype bf16 --shape 8192,2000x3000x1000
  b $v pad2 --strategy pad --dtype f2 --shape 4093,1000
  b $v pad8 --strategy pad --dtype f8 --shape 4093,1000
 done
done
for v in old new; do
 LIM=560 b $v sw16 --dtype f2 --sweep 8 --seed 62 --sweep-range 1024:8192
 LIM=560 b $v sw64 --dtype f8 --sweep 8 --seed 61 --sweep-range 512:8192
done
cd $OUT && tar czf fp.tgz fp && rm -rf fp
