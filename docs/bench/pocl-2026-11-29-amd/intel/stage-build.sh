#!/usr/bin/env bash
# On the GPU machine: staged lanes with the binary cache on: the kernel as is, with its
# work-group size declared (1 x 1 x 1), without the empty asm statement.
export OCL_ICD_FILENAMES=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
B=$PWD/exp/gpu/new
export TXF_TUNING=0 POCL_AFFINITY=1 LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64 TXF_KERNEL_PATH=$PWD/cl
n=0
for f in "" "-DSTREAM_STAGE=1"; do
  n=$((n+1))
  for a in "2048x2048 u2" "1000x4096 u1" "1000x4096 u2" "4096x4096 u2" "1024x1024 f4" "1000x1001 f8"; do
    set -- $a
    out=$(TXF_CACHE_DIR=/tmp/tc$n POCL_EXTRA_BUILD_FLAGS="$f" timeout 120 $B/tools/txf/txf bench transpose --device Portable --shape $1 --dtype $2 --strategy auto --compare none --repeat 10 --format json 2>&1)
    rc=$?
    echo "flags=[$f] $1 $2 rc=$rc $(echo "$out" | grep -o '"impl":"txf".*' | grep -o '"median_ms":[0-9.]*\|"check":"[A-Za-z]*"' | tr '\n' ' ')"
  done
done
