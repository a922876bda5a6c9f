#!/usr/bin/env bash
# K slices summed in the product's launch (fused.patch), tried on an H100: three builds
# alternating, all with the patched kernels (cl/ of 564ba94 with fused.patch): before
# (exp/gpu/before: a release build of 564ba94, K slices summed by a second launch), fused
# (exp/gpu/fused: the patch without its lib/select.c hunk: the cost model as before) and model
# (.device-build: the whole patch, whose model drops the summing launch's cost). Sweeps 41 and
# 42 (30 shapes of 64 to 8192 per side), small products that take K slices (f32 and f8), and
# cuBLAS (PyTorch, TF32 off) on the same shapes. Usage: run.sh ROUND... (OUT: the output folder)
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64 TXF_TUNING=0
export LD_LIBRARY_PATH=$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_KERNEL_PATH=$PWD/cl
declare -A B
B[before]=$PWD/exp/gpu/before (a release build of 564ba94)/tools/txf/txf
B[fused]=$PWD/exp/gpu/fused/tools/txf/txf
B[model]=$PWD/.device-build/tools/txf/txf
NAMED=999x666x777,156x221x2112,103x226x1544,173x196x2322,1287x173x700,340x77x4322,3089x116x1067,773x798x1614,64x64x50000,128x96x20000,500x300x8000,2000x64x4000
t0=$(date +%s)
for r in "$@"; do
 for v in before fused model; do
  A=${B[$v]}
  for s in 41 42; do TXF_CACHE_DIR=/tmp/c-$v $A bench matmul --sweep 30 --seed $s --sweep-range 64:8192 --strategy auto --compare none --format json > $OUT/$v-r$r-s$s.jsonl 2>>$OUT/err.txt; done
  TXF_CACHE_DIR=/tmp/c-$v $A bench matmul --shape $NAMED --strategy auto --compare none --format json > $OUT/$v-r$r-named.jsonl 2>>$OUT/err.txt
  TXF_CACHE_DIR=/tmp/c-$v $A bench matmul --shape $NAMED --dtype f8 --strategy auto --compare none --format json > $OUT/$v-r$r-named-f8.jsonl 2>>$OUT/err.txt
  echo "$r $v $(( $(date +%s) - t0 ))"
 done
 python3 docs/bench/h100-2026-11-25/model/mm_torch.py $OUT/model-r$r-s*.jsonl $OUT/model-r$r-named.jsonl > $OUT/torch-r$r.jsonl 2>>$OUT/err.txt
 echo "torch $(( $(date +%s) - t0 ))"
done
# The fence the fused kernels use, in the driver's binaries of the cache.
grep -rlc "membar.gl" /tmp/c-model 2>/dev/null | head -3 > $OUT/membar.txt
grep -rc "membar.gl" /tmp/c-model 2>/dev/null | grep -v ":0" | head -5 >> $OUT/membar.txt
