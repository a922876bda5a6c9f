#!/usr/bin/env bash
# What holds the f16 / TF32 / 3xTF32 kernel now (stage copies through L1): the kernel and four variants, tm8 (unchecked).
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1 LD_LIBRARY_PATH=/usr/local/nvidia/lib64
export LD_LIBRARY_PATH=$PWD/.device-build/lib:$PWD/.device-build/libs:$LD_LIBRARY_PATH TXF_TUNING=0
O=$OUT/lim; mkdir -p $O; H=$PWD/exp/lim
t0=$(date +%s)
nvidia-smi --query-gpu=name --format=csv > $O/gpu.txt 2>&1
for r in 1 2; do
 for v in v0 v1noload v3nolnobar v4nobar v5nomma; do
  for dt in "f2 0" "f4 3" "f4 2"; do
   [ $(( $(date +%s) - t0 )) -gt 170 ] && continue
   echo "$r $v $(TXF_KERNEL_PATH=$H/v/$v TXF_CACHE_DIR=/tmp/c-$v timeout 60 $H/tm8 $dt 8192 8192 8192 10 2>&1 | grep TFLOP)" >> $O/summary.txt
  done
 done
done
cd $OUT && tar czf lim.tgz lim && rm -rf lim
