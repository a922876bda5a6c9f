#!/usr/bin/env bash
# before/after the model for large products, cuBLAS beside, two rounds
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
declare -A B; B[after]=$PWD/.device-build/tools/txf/txf; B[before]=$PWD/.device-build/before-build/tools/txf/txf
NAMED=2048x2048x2048,4096x4096x4096,8192x8192x8192,4093x4093x4093,8191x8193x4097,999x666x777,1000x1000x1000,3000x5000x700,2120x3885x4756,6050x462x7367
t0=$(date +%s)
for r in 1 2; do
 for v in before after; do
  A=${B[$v]}
  for s in 41 42; do TXF_CACHE_DIR=/tmp/c-$v $A bench matmul --sweep 30 --seed $s --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/$v-r$r-s$s.jsonl 2>>$OUT/err.txt; done
  TXF_CACHE_DIR=/tmp/c-$v $A bench matmul --sweep 24 --seed 43 --sweep-range 1024:8192 --strategy auto --compare none --format json > $OUT/$v-r$r-s43.jsonl 2>>$OUT/err.txt
  TXF_CACHE_DIR=/tmp/c-$v $A bench matmul --shape $NAMED --strategy auto --compare none --format json > $OUT/$v-r$r-named.jsonl 2>>$OUT/err.txt
  echo "$r $v $(( $(date +%s) - t0 ))"
 done
 python3 docs/bench/h100-2026-11-25/model/mm_torch.py $OUT/after-r1-*.jsonl > $OUT/torch-r$r.jsonl 2>>$OUT/err.txt
 echo "torch $(( $(date +%s) - t0 ))"
done
