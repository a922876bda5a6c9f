#!/usr/bin/env bash
# The cost model calibrated by txf tune on the H100: txf tune --op matmul (f32) into a fresh
# cache, then auto with the built-in rates (TXF_TUNING=0) and with the calibrated file in
# turn, three rounds, on sweeps of seeds 301 and 302 (30 products each, 64 to 8192 per side)
# and named products; cuBLAS (PyTorch, TF32 off) in the same call. `../../pocl-2026-11-27-intel/calib/summ.py OUT/mm.jsonl`.
# Run from the checkout's root on the GPU machine with .device-build.
set -u
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
NV=/usr/local/nvidia/lib64
D=$(cd "$(dirname "$0")" && pwd)
B=$PWD/.device-build
export LD_LIBRARY_PATH=$B/lib:$B/libs:$NV TXF_KERNEL_PATH=$PWD/cl
O=/tmp/o; rm -rf $O /tmp/cal; mkdir -p $O
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $O/gpu.txt 2>&1
TXF_CACHE_DIR=/tmp/cal timeout 200 $B/tools/txf/txf tune --op matmul > $O/tune.txt 2>&1
echo "tune rc $? $SECONDS s" >> $O/progress.txt
cp /tmp/cal/tuning/*.txt $O/tuning.txt
NAMED=1024x1024x1024,1000x1000x1000,4096x4096x4096,4093x4093x4093,3000x5000x700,999x666x777,64x50000x64,64x64x50000,2048x2048x2048,8192x8192x8192
for r in 1 2 3; do
  [ $SECONDS -gt 420 ] && break
  for v in builtin calibrated; do
    for s in "--sweep 30 --seed 301 --sweep-range 64:8192" "--sweep 30 --seed 302 --sweep-range 64:8192" "--shape $NAMED"; do
      if [ $v = builtin ]; then e="TXF_TUNING=0"; else e="TXF_CACHE_DIR=/tmp/cal"; fi
      env $e timeout 200 $B/tools/txf/txf bench matmul $s --strategy auto --compare none --repeat 15 --format json |
        sed "s|^{|{\"r\":$r,\"v\":\"$v\",|" >> $O/mm.jsonl 2>>$O/err.txt
    done
    echo "$r $v $SECONDS s" >> $O/progress.txt
  done
done
timeout 100 python3 $D/../../h100-2026-11-27/kslices/torch_mm.py $O/mm.jsonl > $O/torch.jsonl 2>>$O/err.txt
echo "torch rc $? $SECONDS s" >> $O/progress.txt
cp $O/* $OUT/
